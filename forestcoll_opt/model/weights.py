"""Shard weights of allgather and reduce-scatter: compute node v contributes (or receives)
a shard of relative size w_v instead of 1/N of the data.

Any non-negative rationals, at least one positive, are accepted; :func:`normalize` scales
them to coprime integers ŵ (so ``{a: 1/2, b: 1}`` and ``{a: 2, b: 4}`` both become
``{a: 1, b: 2}``). A schedule cuts the shard of v into k·ŵ_v parts of M/(Ŵ·k), Ŵ = Σ ŵ; a
node of weight 0 has no shard (it roots no tree but receives, or contributes to, every
other one); equal weights are the uniform collective, for which every function here
answers ``None``.

The generalised bound (Tarjan's theorem in the paper's appendix E.3 "Spanning Tree
Construction", with k·ŵ_v trees at root v) compares ŵ(S ∩ Vc) with B+(S): algbw* = Ŵ · min
over S missing a compute node of B+(S) / ŵ(S ∩ Vc).
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..errors import WeightsError
from ..files import MAX_WEIGHTS, display_path, parse_json, read_text
from .numbers import parse_exact
from .topology import Topology

MAX_WEIGHT_DIGITS = 30       # per weight, as written
MAX_TOTAL = 2**63 - 1        # Ŵ: the schedule format's largest count


def normalize(topology: Topology, weights: Mapping[str, Any] | None) -> tuple[int, ...] | None:
    """The weights as coprime non-negative integers in ``topology.compute_nodes`` order, or
    None when there are none or all are equal (the uniform collective).

    :param topology: the topology whose compute nodes the weights are for
    :param weights: compute node id -> the relative size of its shard (an int, a decimal
        or fraction string such as ``"1/3"``, or another exact number), or None
    :returns: the coprime integers ŵ in compute node order, or None for the uniform case
    :raises WeightsError: naming the node, for a missing compute node, a switch or unknown
        id, a weight that is not a non-negative exact number, all weights 0, or a total
        above 2^63 - 1
    """
    if weights is None:
        return None
    if not isinstance(weights, Mapping):
        raise WeightsError("weights must map every compute node id to a non-negative number, "
                           "e.g. {\"gpu0\": 1, \"gpu1\": \"1/2\"}")
    compute = topology.compute_nodes
    for key in weights:
        if key not in topology.index:
            raise WeightsError(f"weights: {str(key)[:60]!r} is not a node of "
                               f"{topology.name!r}; list its compute nodes only")
        if not topology.node[key].is_compute:
            raise WeightsError(f"weights: {key!r} is a switch; only compute nodes have a "
                               f"shard, so remove it")
    missing = [v for v in compute if v not in weights]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise WeightsError(f"weights: compute node {missing[0]!r}{more} has no weight; give "
                           f"every compute node one (1 for a uniform shard)")
    values = []
    for v in compute:
        w = parse_exact(weights[v], f"weights: {v!r}", what="weight",
                        max_digits=MAX_WEIGHT_DIGITS, error=WeightsError)
        if w < 0:
            raise WeightsError(f"weights: {v!r} has weight {weights[v]!r}; a weight is the "
                               f"relative size of the node's shard and cannot be negative")
        values.append(w)
    ints = coprime(values)
    if not any(ints):
        raise WeightsError("weights: every weight is 0; at least one compute node must "
                           "have a shard")
    if sum(ints) > MAX_TOTAL:
        raise WeightsError(f"weights: as whole numbers in lowest terms they add up to "
                           f"{sum(ints):.3e}, above 2^63 - 1 (every weight counts trees "
                           f"of a schedule); round them to fewer digits")
    if len(set(ints)) == 1:
        return None
    return tuple(ints)


def coprime(values: Sequence[Fraction]) -> tuple[int, ...]:
    """Non-negative rationals scaled to coprime integers (times the lcm of their
    denominators, divided by the gcd of the results); all zeros stay zeros.

    :param values: the rationals, non-negative
    :returns: the integers, in the same order
    """
    scale = math.lcm(*(f.denominator for f in values))
    ints = [int(f * scale) for f in values]
    g = math.gcd(*ints) or 1
    return tuple(i // g for i in ints)


def as_mapping(topology: Topology, weights: tuple[int, ...] | None) -> dict[str, int] | None:
    """Normalised weights keyed by compute node id (None stays None).

    :param topology: the topology the weights are for
    :param weights: the output of :func:`normalize`
    :returns: compute node id -> ŵ, or None
    """
    if weights is None:
        return None
    return dict(zip(topology.compute_nodes, weights))


def load(path: str | os.PathLike, topology: Topology) -> tuple[int, ...] | None:
    """Read a weights file (a JSON object: compute node id -> non-negative number, given as
    an integer, a decimal, or a string such as ``"1/3"``) and :func:`normalize` it.

    :param path: the file to read
    :param topology: the topology whose compute nodes the weights are for
    :returns: as :func:`normalize`
    :raises WeightsError: when the file cannot be read (missing, larger than 16 MiB, not
        UTF-8), is not a JSON object, or as :func:`normalize` (the message names the file)
    """
    source = display_path(path)
    data = parse_json(read_text(path, WeightsError, "weights", limit=MAX_WEIGHTS), WeightsError, source)
    if not isinstance(data, Mapping):
        raise WeightsError(f"{source}: a weights file is a JSON object mapping every compute "
                           f"node id to a non-negative number")
    try:
        return normalize(topology, data)
    except WeightsError as exc:
        raise WeightsError(f"{source}: {exc}") from None


def total(topology: Topology, weights: tuple[int, ...] | None) -> int:
    """Ŵ: the sum of the normalised weights (N for uniform).

    :param topology: the topology the weights are for
    :param weights: the output of :func:`normalize`
    :returns: Ŵ
    """
    return len(topology.compute_nodes) if weights is None else sum(weights)


def share(topology: Topology, weights: tuple[int, ...] | None) -> dict[str, Fraction]:
    """Each compute node's fraction of the data, ŵ_v / Ŵ.

    :param topology: the topology the weights are for
    :param weights: the output of :func:`normalize`
    :returns: compute node id -> its exact share (1/N each when uniform)
    """
    w = weights or (1,) * len(topology.compute_nodes)
    return {v: Fraction(x, sum(w)) for v, x in zip(topology.compute_nodes, w)}
