"""Exact numbers of the model: reading them (an int, ``"12.5"``, ``"25/3"``, a JSON number
read as Decimal) with bounded size, and writing them — one machine form
(:func:`fraction_text`, :func:`format_fraction` for JSON) and one human form
(:func:`fraction_display`) used by every part of the package."""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import TopologyError

MAX_DIGITS = 30
_NUMBER_HELP = 'use an integer, a decimal string like "12.5" or a fraction string like "25/3"'
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_RATIO = re.compile(r"(-?[0-9]+)/([0-9]+)", re.ASCII)


def parse_exact(value: Any, where: str, *, what: str = "value", max_digits: int = MAX_DIGITS,
                error: type[Exception] = TopologyError) -> Fraction:
    """An exact rational from an int, a decimal string ("12.5", "1e3"), a fraction string
    ("25/3"), or a JSON number read as Decimal. Sizes are checked *before* any big integer
    is built (``Decimal("1e10000000")`` is cheap; turning it into a Fraction is not).

    :param value: the number as read (a float is taken at its shortest decimal form)
    :param where: the place, as error messages name it, e.g. ``"link #3 'a' -> 'b'"``
    :param what: the quantity, as error messages name it
    :param max_digits: the most digits of a significand, numerator or denominator
    :param error: the error class to raise
    :returns: the exact value (any sign, zero included)
    :raises TopologyError: (or ``error``) for anything else or more digits"""
    bad = error(f"{where}: {what} {value_text(value)} is not a number; {_NUMBER_HELP}")
    if isinstance(value, bool):
        raise bad
    if isinstance(value, Fraction):
        digits = max(len(str(abs(value.numerator))), len(str(value.denominator)))
        if digits > max_digits:
            raise error(f"{where}: {what} has more than {max_digits} digits")
        return value
    if isinstance(value, int):
        if value.bit_length() > max_digits * 3.33 + 4:
            raise error(f"{where}: {what} has about {int(value.bit_length() * 0.30103)} digits; "
                        f"at most {max_digits} are accepted")
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(f"{where}: {what} must be a finite number, got {value_text(value)}")
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise error(f"{where}: {what} must be a finite number, got {value_text(value)}")
        text = str(value)
    elif isinstance(value, str):
        text = value
    else:
        raise bad
    if len(text) > 2 * max_digits + 12:
        raise error(f"{where}: {what} {value_text(value)} is too long; write it with at most "
                    f"{max_digits} digits")
    ratio = _RATIO.fullmatch(text)
    if ratio:
        num, den = ratio.groups()
        if len(num.lstrip("-")) > max_digits or len(den) > max_digits:
            raise error(f"{where}: {what} {value_text(value)} has more than {max_digits} digits in "
                        f"its numerator or denominator")
        if int(den) == 0:
            raise error(f"{where}: {what} {value_text(value)} is not a number (it divides by zero)")
        return Fraction(int(num), int(den))
    if text.strip().lower().lstrip("+-") in ("inf", "infinity", "nan", "snan"):
        raise error(f"{where}: {what} must be a finite number, got {value_text(value)}")
    if not _DECIMAL.fullmatch(text):
        raise bad
    number = Decimal(text)
    if number.is_zero():
        return Fraction(0)
    if len(number.as_tuple().digits) > max_digits:
        raise error(f"{where}: {what} {value_text(value)} has more than {max_digits} significant "
                    f"digits")
    if abs(number.adjusted()) > 2 * max_digits:
        raise error(f"{where}: {what} {value_text(value)} is out of range")
    return Fraction(number)


def _short(value: Any, limit: int = 40) -> str:
    if isinstance(value, int) and value.bit_length() > 128:
        return f"<integer of about {int(value.bit_length() * 0.30103)} digits>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 5] + "...'" + f" ({len(text)} chars)"


def value_text(value: Any, limit: int = 40) -> str:
    """``value`` as the JSON it was read from, for messages (``1E-300``, ``true``, ``null``,
    ``"fast"``), never a Python repr such as ``Decimal('1E-300')`` or ``True``; cut to
    ``limit``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<integer of about {int(value.bit_length() * 0.30103)} digits>"
    if isinstance(value, (list, dict)) and len(value) > 8:      # never dumped in full
        return (f"<an array of {len(value)} items>" if isinstance(value, list) else
                f"<an object of {len(value)} keys>")
    if isinstance(value, Decimal):
        text = str(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (ValueError, TypeError, RecursionError):    # circular, or nested too deep
            text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return text[:limit - 5] + "..." + ('"' if text.startswith('"') else "") + \
        f" ({len(text)} chars)"


def format_fraction(value: Fraction) -> int | str:
    """JSON form of an exact rational: an int when integral, else a "p/q" string.

    :param value: the number
    :returns: the int or the string"""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def fraction_text(value: Fraction | None) -> str | None:
    """An exact rational as text, as results and written files carry it: ``"520/3"``, or
    ``"520"`` when integral; None stays None. The one machine form of a fraction."""
    return None if value is None else str(format_fraction(value))


def exact_json(value: Fraction) -> dict[str, Any]:
    """An exact rational in a JSON document beside its float:
    ``{"exact": "520/3", "float": 173.33...}`` (the exact text is the number; the float is
    for plotting)."""
    return {"exact": fraction_text(value), "float": float(value)}


def fraction_display(value: Fraction, spec: str = ".3f", *, approx: bool = False) -> str:
    """An exact rational for people: the integer alone, else ``p/q (decimal)`` with the
    decimal formatted by ``spec`` (``"1040/3 (346.667)"``; ``approx`` writes ``(~...)``).
    The one human form of a fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} ({'~' if approx else ''}{float(value):{spec}})"
