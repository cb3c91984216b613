"""All-to-all in the schedule format: demand matrices, weighted routes per pair, and the
exact algbw of a route schedule (``forestcoll-schedule/4``, docs/formats.md).

Convention (as nccl-tests counts all-to-all): every compute node holds a buffer of M
bytes cut into N blocks of M/N; block t of node s goes to node t, and a node's own
block stays where it is. So each node sends M·(N−1)/N and the whole collective moves
M·(N−1); time = M / algbw. With a demand matrix D (relative amounts d(s, t) >= 0 per
ordered pair s != t, normalised to coprime integers), pair (s, t) moves
M·(N−1)·d(s, t)/Σd instead, so the same total: the uniform matrix (every d = 1) is the
plain all-to-all, and a matrix given in bytes takes Σ amounts / ((N−1)·algbw) seconds.

A route schedule cuts the data of pair (s, t) into k·d(s, t) equal parts of
M·(N−1)/(k·Σd) bytes; a route ``{"src", "dst", "weight", "path"}`` carries ``weight``
of them along ``path``, a simple path of links from s to t that may relay through
switches and compute nodes alike (a GPU forwarding over NVLink, as NCCL's PXN does).
The routes of a pair weigh exactly k·d(s, t) (every byte delivered exactly once). A
link's load is the weight of the routes crossing it; with every route pipelined at
once, time = M·(N−1)/(k·Σd) · max_e load(e)/b_e, so algbw = k·Σd / ((N−1) · max_e
load(e)/b_e).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ..errors import DemandError, ScheduleError
from ..files import MAX_WEIGHTS, display_path, parse_json, read_text
from .fields import count as _count, exact as _fraction, label as _text, node_id as _id
from .numbers import fraction_text, parse_exact, value_text
from .topology import Topology
from .weights import coprime

__all__ = ["FORMAT_ALLTOALL", "MAX_DEMAND_DIGITS", "Demand", "Route", "alltoall_algbw",
           "load_demand", "normalize_demand", "route_loads", "routes_body", "parse_alltoall"]

FORMAT_ALLTOALL = "forestcoll-schedule/4"  # adds the collective "alltoall" (docs/formats.md)
MAX_DEMAND_DIGITS = 30                    # per amount, as written
MAX_TOTAL = 2**63 - 1                     # Σ d and every weight: the format's largest count

Demand = tuple[tuple[str, str, int], ...]
"""A normalised demand matrix: (src, dst, d) for every ordered pair with d > 0, the d
coprime integers, in compute-node order of src then dst."""


@dataclass(frozen=True)
class Route:
    """One weighted route of an all-to-all schedule (module docstring).

    :ivar src: the compute node the data leaves
    :ivar dst: the compute node it is for (not ``src``)
    :ivar weight: how many of the pair's k·d(src, dst) parts the route carries, >= 1
    :ivar path: the physical route, both ends included; consecutive nodes are links
    """

    src: str
    dst: str
    weight: int
    path: tuple[str, ...]


def uniform(topology: Topology) -> Demand:
    """Every ordered pair of distinct compute nodes with d = 1.

    :param topology: the network
    :returns: the uniform demand
    """
    nodes = topology.compute_nodes
    return tuple((s, t, 1) for s in nodes for t in nodes if s != t)


def normalize_demand(topology: Topology, demand: Mapping[str, Any] | None) -> Demand | None:
    """A demand matrix ``{src: {dst: amount}}`` as coprime integers, or None for the
    uniform all-to-all (None, or every ordered pair of distinct compute nodes equal).
    Pairs not listed send nothing; a node's amount to itself must be 0 or absent.

    :param topology: the network whose compute nodes the matrix is for
    :param demand: the matrix: amounts are non-negative exact numbers (an int, ``"1/3"``,
        ``"12.5"``), at least one positive; or None
    :returns: the normalised :data:`Demand`, or None when uniform
    :raises DemandError: naming the entry, for an unknown id, a switch, a negative or
        malformed amount, a positive amount to itself, all amounts 0, or a total above
        2^63 - 1
    """
    if demand is None:
        return None
    if not isinstance(demand, MappingABC):
        raise DemandError("a demand matrix maps a compute node id to an object of amounts "
                          "per destination, e.g. {\"gpu0\": {\"gpu1\": 2}}")
    pairs: dict[tuple[str, str], Fraction] = {}
    for s, row in demand.items():
        _compute(topology, s, "demand")
        if not isinstance(row, MappingABC):
            raise DemandError(f"demand of {s!r}: give an object mapping destinations to "
                              f"amounts, e.g. {{\"{s}\": {{\"<dst>\": 1}}}}")
        for t, amount in row.items():
            _compute(topology, t, f"demand of {s!r}")
            value = parse_exact(amount, f"demand {s!r} -> {t!r}", what="amount",
                                max_digits=MAX_DEMAND_DIGITS, error=DemandError)
            if value < 0:
                raise DemandError(f"demand {s!r} -> {t!r} is {fraction_text(value)}; an "
                                  f"amount cannot be negative")
            if s == t and value:
                raise DemandError(f"demand {s!r} -> {s!r}: a node's data to itself never "
                                  f"crosses the network; drop it")
            if value:
                pairs[(s, t)] = value
    if not pairs:
        raise DemandError("every demand is 0; at least one pair must send data")
    order = {v: i for i, v in enumerate(topology.compute_nodes)}
    keys = sorted(pairs, key=lambda p: (order[p[0]], order[p[1]]))
    ints = coprime([pairs[p] for p in keys])
    if sum(ints) > MAX_TOTAL:
        raise DemandError(f"the demands as whole numbers in lowest terms add up to "
                          f"{sum(ints):.3e}, above 2^63 - 1; round them to fewer digits")
    n = len(topology.compute_nodes)
    if len(keys) == n * (n - 1) and len(set(ints)) == 1:
        return None
    return tuple((s, t, d) for (s, t), d in zip(keys, ints))


def _compute(topology: Topology, v: Any, where: str) -> None:
    if not isinstance(v, str) or v not in topology.index:
        raise DemandError(f"{where}: {str(v)[:60]!r} is not a node of {topology.name!r}; "
                          f"list its compute nodes only")
    if not topology.node[v].is_compute:
        raise DemandError(f"{where}: {v!r} is a switch; only compute nodes send and "
                          f"receive data")


def load_demand(path: str | os.PathLike, topology: Topology) -> Demand | None:
    """Read a demand file (a JSON object ``{src: {dst: amount}}``, see
    :func:`normalize_demand`).

    :param path: the file to read
    :param topology: the network
    :returns: as :func:`normalize_demand`
    :raises DemandError: when the file cannot be read (missing, larger than 16 MiB, not
        UTF-8), is not JSON, or as :func:`normalize_demand` (the message names the file)
    """
    source = display_path(path)
    data = parse_json(read_text(path, DemandError, "demand", limit=MAX_WEIGHTS), DemandError,
                      source)
    try:
        return normalize_demand(topology, data)
    except DemandError as exc:
        raise DemandError(f"{source}: {exc}") from None


def demand_pairs(topology: Topology, demand: Demand | None) -> Demand:
    """The pairs and their d, uniform included.

    :param topology: the network
    :param demand: a normalised demand or None
    :returns: (src, dst, d) for every pair with d > 0
    """
    return uniform(topology) if demand is None else demand


# --- loads and algbw -------------------------------------------------------------------------

def route_loads(routes: tuple[Route, ...]) -> dict[tuple[str, str], int]:
    """Σ weight of the routes over every link hop.

    :param routes: the routes
    :returns: (from, to) -> its load, in parts
    """
    loads: dict[tuple[str, str], int] = {}
    for r in routes:
        for hop in zip(r.path, r.path[1:]):
            loads[hop] = loads.get(hop, 0) + r.weight
    return loads


def alltoall_algbw(routes: tuple[Route, ...], k: int, total: int, n: int,
                   topology: Topology) -> Fraction:
    """algbw = k·Σd / ((N−1)·max_e load(e)/b_e) (module docstring).

    :param routes: the routes
    :param k: parts per unit of demand
    :param total: Σd of the normalised demand (N·(N−1) when uniform)
    :param n: the number of compute nodes
    :param topology: the network; every hop must be one of its links
    :returns: the exact algbw, in the topology's units
    :raises KeyError: for a hop that is not a link
    """
    busiest = max((Fraction(load) / topology.capacity[hop]
                   for hop, load in route_loads(routes).items()), default=Fraction(0))
    if not busiest or n < 2:
        return Fraction(0)
    return Fraction(k * total) / ((n - 1) * busiest)


# --- JSON ------------------------------------------------------------------------------------

def routes_body(k: int, algbw: Fraction, routes: tuple[Route, ...],
                demand: Demand | None) -> dict[str, Any]:
    """The all-to-all keys of a schedule's JSON object after the common ones.

    :param k: parts per unit of demand
    :param algbw: the schedule's algbw
    :param routes: its routes
    :param demand: its normalised demand, or None (uniform; the key is left out)
    :returns: ``demand`` (when not uniform), ``k``, ``algbw`` and ``routes``
    """
    body: dict[str, Any] = {}
    if demand is not None:
        matrix: dict[str, dict[str, int]] = {}
        for s, t, d in demand:
            matrix.setdefault(s, {})[t] = d
        body["demand"] = matrix
    body["k"] = k
    body["algbw"] = fraction_text(algbw)
    body["routes"] = [{"src": r.src, "dst": r.dst, "weight": r.weight, "path": list(r.path)}
                      for r in routes]
    return body


_KEYS = {"format", "collective", "topology", "units", "compute_nodes", "demand", "k",
         "algbw", "routes"}
_ROUTE_KEYS = {"src", "dst", "weight", "path"}


def parse_alltoall(data: Mapping[str, Any], source: str, *,
                   group_format: str | None = None) -> dict[str, Any]:
    """The fields of an all-to-all schedule object (its shape only: whether the routes
    deliver every pair exactly is the verifier's to judge).

    :param data: the parsed JSON object, with ``"collective": "alltoall"``
    :param source: how error messages name the schedule
    :param group_format: the format name of a process group's schedule
        (``forestcoll-schedule/5``), which holds an all-to-all among the group's members
        with the key ``"process_group"``; the caller checks that key's members
    :returns: keyword arguments of :class:`~forestcoll_opt.model.schedule.Schedule`
        besides the collective (and ``process_group``)
    :raises ScheduleError: for a missing, unknown or ill-typed field
    """
    fmt = data.get("format")
    grouped = group_format is not None and fmt == group_format
    if fmt != FORMAT_ALLTOALL and not grouped:
        also = f" ({group_format!r} for a process group's)" if group_format else ""
        raise ScheduleError(f"{source}: an alltoall schedule needs \"format\": "
                            f"{FORMAT_ALLTOALL!r}{also}")
    if "process_group" in data and not grouped:
        raise ScheduleError(f"{source}: \"process_group\" needs \"format\": {group_format!r}")
    keys = _KEYS | {"process_group"} if grouped else _KEYS
    extra = sorted(str(key) for key in data if key not in keys)
    if extra:
        raise ScheduleError(f"{source}: field {extra[0][:40]!r} does not belong in an alltoall "
                            f"schedule; allowed: {', '.join(sorted(keys))}")
    for key in ("compute_nodes", "k", "algbw", "routes"):
        if key not in data:
            raise ScheduleError(f"{source}: missing \"{key}\"")
    nodes = data["compute_nodes"]
    if not isinstance(nodes, list) or len(nodes) < 2:
        raise ScheduleError(f"{source}: \"compute_nodes\" must list at least two node ids")
    compute = tuple(_id(v, f"{source}: compute_nodes") for v in nodes)
    k = _count(data["k"])
    if k is None:
        raise ScheduleError(f"{source}: k must be a positive integer, found "
                            f"{value_text(data['k'])}")
    raw = data["routes"]
    if not isinstance(raw, list) or not raw:
        raise ScheduleError(f"{source}: \"routes\" must be a non-empty list")
    routes = []
    for i, r in enumerate(raw):
        where = f"{source}: route #{i}"
        if not isinstance(r, MappingABC):
            raise ScheduleError(f"{where} is not an object")
        extra = sorted(str(key) for key in r if key not in _ROUTE_KEYS)
        if extra:
            raise ScheduleError(f"{where}: field {extra[0][:40]!r} does not belong in a route; "
                                f"allowed: dst, path, src, weight")
        weight = _count(r.get("weight"))
        if weight is None:
            raise ScheduleError(f"{where}: weight must be a positive integer, found "
                                f"{value_text(r.get('weight'))}")
        path = r.get("path")
        if not isinstance(path, list) or len(path) < 2:
            raise ScheduleError(f"{where}: \"path\" must list at least its two ends")
        routes.append(Route(_id(r.get("src"), f"{where} src"), _id(r.get("dst"), f"{where} dst"),
                            weight, tuple(_id(v, f"{where} path") for v in path)))
    return dict(topology=_text(data.get("topology", ""), f"{source}: \"topology\""),
                units=_text(data.get("units", ""), f"{source}: \"units\""),
                compute_nodes=compute, k=k, tree_bandwidth=None,
                algbw=_fraction(data["algbw"], f"{source}: algbw"), routes=tuple(routes),
                demand=_demand(data.get("demand"), compute, source))


def _demand(raw: Any, compute: tuple[str, ...], source: str) -> Demand | None:
    if raw is None:
        return None
    if not isinstance(raw, MappingABC):
        raise ScheduleError(f"{source}: \"demand\" must be an object {{src: {{dst: amount}}}}")
    known = set(compute)
    pairs = []
    for s, row in raw.items():
        if s not in known:
            raise ScheduleError(f"{source}: \"demand\" row {str(s)[:40]!r} is not a compute "
                                f"node listed in \"compute_nodes\" (a switch, or no node); "
                                f"only compute nodes send and receive data")
        if not isinstance(row, MappingABC):
            raise ScheduleError(f"{source}: \"demand\" row {str(s)[:40]!r} must be an object "
                                f"of amounts per destination")
        for t, amount in row.items():
            d = _count(amount)
            where = f"{source}: demand {str(s)[:40]!r} -> {str(t)[:40]!r}"
            if t not in known:
                raise ScheduleError(f"{where}: {str(t)[:40]!r} is not a compute node listed in "
                                    f"\"compute_nodes\" (a switch, or no node)")
            if t == s:
                raise ScheduleError(f"{where}: a node's data to itself never crosses the "
                                    f"network; drop it")
            if d is None:
                raise ScheduleError(f"{where}: the amount must be a positive integer")
            pairs.append((s, t, d))
    if not pairs:
        raise ScheduleError(f"{source}: \"demand\" lists no pair")
    order = {v: i for i, v in enumerate(compute)}
    pairs.sort(key=lambda p: (order[p[0]], order[p[1]]))
    if math.gcd(*(d for _, _, d in pairs)) != 1:
        raise ScheduleError(f"{source}: \"demand\" must be coprime integers (divide them by "
                            f"their greatest common divisor)")
    return tuple(pairs)

