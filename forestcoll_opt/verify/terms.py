"""The terms of the schedule format as the verifier reads them, by its own code: the format
versions and collectives, exact numbers as docs/formats.md writes them ("Exact numbers"),
the checks of the caller's arguments (shard weights, the allreduce LP interval, a minimum
ratio) and a safe one-line display of any value.

Part of the independent verifier: it deliberately shares none of this with the generator's
readers (the verifier is a second method, so that one bug cannot pass both), and imports
only the package's errors, files, topology model and max-flow kernels.
"""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from numbers import Rational
from typing import Any, Iterable, Mapping

from ..display import article
from ..errors import VerifyArgumentError
from ..model.topology import Topology
from ..model.topology import fraction_text as _model_fraction_text

SCHEDULE_FORMAT = "forestcoll-schedule/1"       # without "weights", "concurrent", "multicast"
# every version is read; version 3 is compact (a group and one tree per orbit)
# (all-to-all's version 4 is read by verify/alltoall.py; version 5 is version 2 with
# "process_group", a schedule for a process group of the network)
SCHEDULE_FORMATS = ("forestcoll-schedule/1", "forestcoll-schedule/2", "forestcoll-schedule/3",
                    "forestcoll-schedule/5")
GROUP_SCHEDULES = "forestcoll-group-schedules/1"   # several groups at once (verify/groups.py)
MULTI_ROOT = ("allgather", "reduce-scatter")
SINGLE_ROOT = ("broadcast", "reduce")
COLLECTIVES = MULTI_ROOT + SINGLE_ROOT + ("allreduce",)
INWARD = ("reduce-scatter", "reduce")
ALLREDUCE_PHASES = ("reduce-scatter", "allgather")
# k and tree weights are refused above a signed 64-bit integer: no runtime can count more
# parts, and it keeps every exact number the verifier forms small.
MAX_INTEGER = 2**63 - 1


# --- exact numbers ----------------------------------------------------------------------------

# The exact numbers of docs/formats.md ("Exact numbers"): ASCII digits, no sign, no spaces,
# at most 100 characters, an exponent of at most 3 digits; the same grammar as the schemas.
_DECIMAL = re.compile(r"([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", re.ASCII)
_RATIO = re.compile(r"[0-9]+/[0-9]+", re.ASCII)
MAX_NUMBER_TEXT = 100
# Digits of the longest JSON integer read: Python's own limit for int literals, applied to
# numbers written with an exponent as well ("1e5000" is a whole number of 5001 digits).
MAX_NUMBER_DIGITS = 4300


def integral(value: Any) -> int | Decimal | None:
    """A JSON integer: an int, or a number written with a fraction or an exponent whose
    value is whole (``2.0``, ``1e3``), as JSON Schema counts integers. A whole Decimal too
    large to turn into an int cheaply is returned as it is, for comparisons; None for
    anything else (a boolean, a fraction, a string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        value = Decimal(value) if math.isfinite(value) else None
    if not isinstance(value, Decimal) or not value.is_finite():
        return None
    if value != value.to_integral_value():
        return None
    return int(value) if value.adjusted() < MAX_NUMBER_DIGITS else value


def parse_exact(value: Any) -> Fraction | None:
    """An exact number as the format writes it: a JSON integer (see :func:`integral`), or
    a "p/q" or decimal string of the grammar of docs/formats.md; None for anything else
    (a float that is not whole is not exact, a sign or a space is not in the grammar)."""
    whole = integral(value)
    if isinstance(whole, int):
        return Fraction(whole)
    if whole is not None:
        return None              # beyond MAX_NUMBER_DIGITS: refused when a file is read
    if isinstance(value, Fraction):
        return value
    if not isinstance(value, str) or len(value) > MAX_NUMBER_TEXT:
        return None
    if not (_RATIO.fullmatch(value) or _DECIMAL.fullmatch(value)):
        return None
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None


fraction_text = _model_fraction_text     # the package's one machine form of a fraction


# --- showing values ---------------------------------------------------------------------------

def show(value: Any) -> str:
    """A short one-line description of any value, safe for garbage (no recursion into
    containers, no huge integers or strings)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Decimal):
        text = str(value)
        return text if len(text) <= 60 else f"a number of {len(text)} characters"
    if isinstance(value, Fraction):
        return show_fraction(value)
    if isinstance(value, str):
        if len(value) > 60:
            return json.dumps(value[:50]) + f"... ({len(value)} characters)"
        return json.dumps(value)
    if isinstance(value, Mapping):
        return f"an object with {len(value)} key(s)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item(s)"
    return article(type(value).__name__)


def show_fraction(value: Fraction) -> str:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > 200:
        return "a fraction with very long terms"
    return fraction_text(value) or ""


# --- argument checks ---------------------------------------------------------------------------

def exact(value: Any, what: str) -> Fraction:
    if isinstance(value, Decimal) and value.is_finite():
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, Rational)):
        raise VerifyArgumentError(f"{what} must be an exact number (int or Fraction), got "
                                  f"{show(value)}")
    return Fraction(value)


def check_interval(interval: Any) -> tuple[Fraction, Fraction] | None:
    if interval is None:
        return None
    if hasattr(interval, "lower") and hasattr(interval, "upper"):   # e.g. an LP result
        interval = (interval.lower, interval.upper)
    if isinstance(interval, (str, bytes, Mapping)) or not isinstance(interval, Iterable):
        raise VerifyArgumentError(f"lp_interval must be a pair (lower, upper), got {show(interval)}")
    items = list(interval)
    if len(items) != 2:
        raise VerifyArgumentError(f"lp_interval must be a pair (lower, upper), got "
                                  f"{len(items)} value(s)")
    lower = exact(items[0], "lp_interval lower value")
    upper = exact(items[1], "lp_interval upper value")
    if not 0 < lower <= upper:
        raise VerifyArgumentError(f"lp_interval ({fraction_text(lower)}, "
                                  f"{fraction_text(upper)}) must satisfy 0 < lower <= upper")
    return lower, upper


def check_weights(topology: Topology, weights: Any, what: str) -> tuple[int, ...] | None:
    """A ``weights`` argument normalised (:func:`coprime_integers`, topology order; all ones
    when uniform), or None when not given. Raises :class:`VerifyArgumentError` at the first
    problem, naming the node."""
    if weights is None:
        return None
    if not isinstance(weights, Mapping):
        raise VerifyArgumentError(f"{what} must map every compute node id to a non-negative "
                                  f"exact number, got {show(weights)}")
    compute = frozenset(topology.compute_nodes)
    for key in weights:
        if not isinstance(key, str) or key not in topology.index:
            raise VerifyArgumentError(f"{what}: {show(key)} is not a node of "
                                      f"{topology.name!r}")
        if key not in compute:
            raise VerifyArgumentError(f"{what}: {key} is a switch; only compute nodes have a "
                                      f"shard")
    values = []
    for v in topology.compute_nodes:
        if v not in weights:
            raise VerifyArgumentError(f"{what}: compute node {v} has no weight; give every "
                                      f"compute node one")
        values.append(_weight_value(weights[v], f"{what}: {v}"))
    if not any(values):
        raise VerifyArgumentError(f"{what}: every weight is 0; at least one compute node needs "
                                  f"a shard")
    normalised = coprime_integers(values)
    if sum(normalised) > MAX_INTEGER:
        raise VerifyArgumentError(f"{what} normalise to integers summing to more than 2^63 - 1; "
                                  f"use simpler ratios")
    return normalised


def _weight_value(value: Any, where: str) -> Fraction:
    if isinstance(value, str):
        weight = parse_exact(value)
        if weight is None:
            raise VerifyArgumentError(f"{where} has weight {show(value)}, which is not an "
                                      f"exact number (an integer, \"p/q\" or a decimal)")
    else:
        weight = exact(value, f"{where}'s weight")
    if weight < 0:
        raise VerifyArgumentError(f"{where} has weight {show(value)}; a weight cannot be "
                                  f"negative")
    return weight


def coprime_integers(values: list[Fraction]) -> tuple[int, ...]:
    """Non-negative rationals, not all 0, scaled to coprime integers ŵ: times the lcm of
    their denominators, then divided by the gcd of the results (zeros stay 0)."""
    scale = math.lcm(*(v.denominator for v in values))
    scaled = [int(v * scale) for v in values]
    common = math.gcd(*scaled)
    return tuple(w // common for w in scaled)


def uneven(weights: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """Normalised weights, or None when they are all equal (all 1: the uniform collective)."""
    if weights is None or all(w == 1 for w in weights):
        return None
    return weights


def named_weights(topology: Topology, weights: tuple[int, ...] | None
                   ) -> tuple[tuple[str, int], ...] | None:
    if weights is None:
        return None
    return tuple(zip(topology.compute_nodes, weights))


def check_min_ratio(value: Any) -> Fraction:
    if isinstance(value, float) and math.isfinite(value):
        ratio = Fraction(repr(value))
    elif isinstance(value, str) and len(value) <= 40 and re.fullmatch(
            r"\s*\d+(\.\d*)?(/\d+)?\s*|\s*\.\d+\s*", value, re.ASCII):
        try:
            ratio = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise VerifyArgumentError(f"min_ratio {show(value)} is not a number") from None
    else:
        ratio = exact(value, "min_ratio")
    if not 0 < ratio <= 1:
        raise VerifyArgumentError(f"min_ratio {show(value)} must lie in (0, 1]")
    return ratio
