"""An all-to-all schedule at the all-to-all LP optimum: the LP's exactly feasible point
(:mod:`forestcoll_opt.lp.alltoall`) decomposed into weighted routes per pair.

Each source's flow (a representative's, when the LP was folded: the other sources use its
images under the automorphism taking the representative to them,
:mod:`forestcoll_opt.lp.alltoall.fold`) is split into paths by rounds of a breadth-first
tree over the links that still carry flow: every sink still owed data gets the bottleneck
of its tree path. Each push empties a link or settles a sink, so the rounds end; a sink
owed data is always reachable (otherwise the links out of the reachable set would carry
nothing while the set beyond it receives data). Flow on cycles is left out, which only
unloads links. The paths of a pair are then cut back, shortest first, to exactly λ·d(s, t)
(a source may deliver more at a sink than the point needs).

Path amounts a_p become route weights k·a_p/λ with k the least common denominator, so the
routes of a pair weigh exactly k·d(s, t) and the schedule's own algbw is the point's,
that is the LP's certified lower value (its optimum when the interval is exact). Should k
exceed 2**40 (a grid point with awkward fractions), weights are rounded at k = 2**40 with
every pair still summing exactly; the algbw is then within about 2**-40·(routes per link)
of the point's, and ``stats.shares`` says so.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping

from ...errors import ScheduleError
from ...model.alltoall import Demand, Route, demand_pairs, normalize_demand
from ...model.collective import Collective
from ...model.schedule import Schedule, achieved_algbw
from ...model.topology import Topology
from .model import AlltoallLPResult, solve_alltoall

__all__ = ["lp_alltoall", "decompose"]

MAX_K = 2**40

Path = tuple[str, ...]


def lp_alltoall(topology: Topology, *, demand: Mapping[str, Any] | Demand | None = None,
                lp: AlltoallLPResult | None = None, symmetry: bool | None = None,
                kernel: str | None = None) -> Schedule:
    """The all-to-all schedule at the LP's certified lower value (module docstring).

    :param topology: the network
    :param demand: a demand matrix ``{src: {dst: amount}}`` (or normalised), None for the
        uniform all-to-all; ignored when ``lp`` is given (its demand is used)
    :param lp: the all-to-all LP already solved for this topology, or None to solve it here
    :param symmetry: as for :func:`~forestcoll_opt.lp.alltoall.model.solve_alltoall`
    :param kernel: the max-flow kernel of the LP's certificate
    :returns: a ``forestcoll-schedule/4`` all-to-all; ``stats`` holds the LP interval
    :raises ScheduleError: when ``lp`` is not an all-to-all LP result of this topology
    :raises LPError: when the LP solved here cannot be solved and certified
    :raises DemandError: for a malformed demand
    """
    start = time.perf_counter()
    if lp is None:
        lp = solve_alltoall(topology, demand=demand, symmetry=symmetry, kernel=kernel)
    if not isinstance(lp, AlltoallLPResult) or lp.witness is None:
        raise ScheduleError("lp must be the result of forestcoll_opt.lp.solve_alltoall")
    if lp.topology != topology.name or any(
            u not in topology.index or v not in topology.index
            for (_s, u, v) in lp.witness.flows):
        raise ScheduleError(f"the LP result passed was solved for {lp.topology!r}, not for "
                            f"this topology {topology.name!r}; solve it for this one")
    if demand is not None and not isinstance(demand, tuple):
        demand = normalize_demand(topology, demand)
    if demand is not None and demand != lp.demand:
        raise ScheduleError("the LP result passed was solved for another demand matrix; "
                            "solve it for this one, or leave demand out")
    lp_seconds = time.perf_counter() - start
    w = lp.witness
    pairs = demand_pairs(topology, lp.demand)
    sinks: dict[str, dict[str, int]] = {}
    for s, t, d in pairs:
        sinks.setdefault(s, {})[t] = d
    by_source: dict[str, dict[tuple[str, str], int]] = {}
    for (s, u, v), f in w.flows.items():
        by_source.setdefault(s, {})[(u, v)] = f
    amounts: dict[tuple[str, str], list[tuple[Path, Fraction]]] = {}
    for s, flow in by_source.items():
        for t, paths in decompose(s, flow, {t: w.rate * d for t, d in sinks[s].items()}).items():
            amounts[(s, t)] = paths
    ids = topology.node_ids
    idx = topology.index
    for s, (r, perm) in w.images.items():
        for t0 in sinks.get(r, {}):
            t = ids[perm[idx[t0]]]
            amounts[(s, t)] = [(tuple(ids[perm[idx[v]]] for v in path), a)
                               for path, a in amounts[(r, t0)]]
    missing = [(s, t) for s, t, _ in pairs if (s, t) not in amounts]
    if missing or not w.rate:
        raise ScheduleError(f"internal error: the LP point routes nothing from {missing[0][0]!r} "
                            f"to {missing[0][1]!r}; please report the topology" if missing else
                            "the LP's exactly feasible point has rate 0; nothing to schedule")
    routes, k, note = _weights(topology, amounts, w.rate)
    schedule = Schedule(collective=Collective.ALLTOALL, topology=topology.name,
                        units=topology.units, compute_nodes=topology.compute_nodes, k=k,
                        tree_bandwidth=None, algbw=Fraction(0), routes=routes,
                        demand=lp.demand)
    schedule = replace(schedule, algbw=achieved_algbw(schedule, topology))
    return replace(schedule, stats={
        "lp_seconds": lp_seconds, "lp_lower": lp.lower, "lp_upper": lp.upper,
        "shares": f"LP point ({w.source}){note}",
        "construction_seconds": time.perf_counter() - start - lp_seconds,
        "seconds": time.perf_counter() - start})


def decompose(source: str, flow: Mapping[tuple[str, str], int],
              owed: Mapping[str, Fraction]) -> dict[str, list[tuple[Path, Fraction]]]:
    """Paths from ``source`` carrying exactly ``owed[t]`` to every sink t (module
    docstring).

    :param source: the source
    :param flow: link -> its flow (non-negative integers), conserving except at the source
        and at the sinks, each sink receiving at least what it is owed
    :param owed: sink -> the amount it must get
    :returns: sink -> [(path, amount)], shortest paths first, amounts summing to ``owed``
    :raises ScheduleError: when the flow does not deliver what is owed
    """
    rem = {e: f for e, f in flow.items() if f > 0}
    net: dict[str, int] = {}
    for (u, v), f in rem.items():
        net[v] = net.get(v, 0) + f
        net[u] = net.get(u, 0) - f
    need = {t: net.get(t, 0) for t in owed}
    if any(need[t] < a for t, a in owed.items()):
        raise ScheduleError(f"internal error: the flow of {source!r} delivers less than it owes")
    got: dict[str, list[tuple[Path, int]]] = {t: [] for t in owed}
    while any(need.values()):
        succ: dict[str, list[str]] = {}
        for (u, v) in rem:
            succ.setdefault(u, []).append(v)
        parent = {source: source}
        order = [source]
        for u in order:
            for v in succ.get(u, ()):
                if v not in parent:
                    parent[v] = u
                    order.append(v)
        progress = False
        for t in order:
            if not need.get(t):
                continue
            path = [t]
            while path[-1] != source:
                path.append(parent[path[-1]])
            path.reverse()
            hops = list(zip(path, path[1:]))
            push = min([need[t]] + [rem.get(h, 0) for h in hops])
            if push <= 0:
                continue
            progress = True
            for h in hops:
                rem[h] -= push
                if not rem[h]:
                    del rem[h]
            need[t] -= push
            got[t].append((tuple(path), push))
        if not progress:
            raise ScheduleError(f"internal error: the flow of {source!r} cannot be decomposed")
    out: dict[str, list[tuple[Path, Fraction]]] = {}
    for t, paths in got.items():
        left = Fraction(owed[t])
        kept = []
        for path, a in sorted(paths, key=lambda p: len(p[0])):
            take = min(Fraction(a), left)
            if take > 0:
                kept.append((path, take))
                left -= take
        out[t] = kept
    return out


def _weights(topology: Topology, amounts: Mapping[tuple[str, str], list[tuple[Path, Fraction]]],
             rate: Fraction) -> tuple[tuple[Route, ...], int, str]:
    """Integer route weights with every pair's summing to k·d (module docstring)."""
    k = 1
    for paths in amounts.values():
        for _, a in paths:
            k = math.lcm(k, (a / rate).denominator)
            if k > MAX_K:
                break
        if k > MAX_K:
            break
    note = ""
    merged: dict[tuple[str, str, Path], int] = {}
    if k <= MAX_K:
        for (s, t), paths in amounts.items():
            for path, a in paths:
                key = (s, t, path)
                merged[key] = merged.get(key, 0) + int(a / rate * k)
    else:
        k = MAX_K
        note = ", weights rounded at k = 2^40"
        for (s, t), paths in amounts.items():
            exact = [(path, a / rate * k) for path, a in paths]
            floors = [math.floor(x) for _, x in exact]
            short = round(sum(x for _, x in exact)) - sum(floors)
            ranked = sorted(range(len(exact)), key=lambda i: floors[i] - exact[i][1])
            for i in ranked[:short]:
                floors[i] += 1
            for (path, _), f in zip(exact, floors):
                if f:
                    merged[(s, t, path)] = merged.get((s, t, path), 0) + f
    g = math.gcd(k, *merged.values())
    idx = topology.index
    routes = tuple(Route(s, t, f // g, path) for (s, t, path), f in sorted(
        merged.items(), key=lambda item: (idx[item[0][0]], idx[item[0][1]],
                                          [idx[v] for v in item[0][2]])) if f)
    return routes, k // g, note
