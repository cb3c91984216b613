"""The throughput–depth Pareto front: for every depth h from 1 to the depth of ForestColl's
throughput-optimal schedule, the best algbw of a schedule whose trees all have depth <= h
(GPU hops from the root; switches forward within a hop), as a certified interval
(:func:`pareto`, :class:`ParetoFront`, one :class:`DepthPoint` per depth).

Per depth, column generation (:mod:`.solve`) gives a verified schedule (lower) and Lagrange's
bound from the depth MILP (upper). Across depths the front is monotone, so each lower is
also the best of the shallower ones and each upper the least of the deeper ones and of the
bottleneck-cut bound (the last depth reaches it: ForestColl's own schedule is a point
there). Every lower is the algbw the independent verifier computes for the schedule the
point holds."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import CollectiveError, LPCertificateError
from ...generation.bounding import bound as cut_bound
from ...generation.pipeline import generate
from ...model.collective import Collective
from ...model.linkloads import achieved_algbw
from ...model.schedule import Schedule
from ...model.topology import Topology
from ...model.trees import Tree, TreeEdge
from ...verify import verify
from ..options import PARETO_COLLECTIVES
from ..session import check_time_limit
from .master import Master
from .network import Column, Network, reversed_topology, tree_column
from .points import CERTIFICATES, DepthPoint, ParetoFront, _gcd, schedule_k
from .solve import hop_depth, solve_depth

log = logging.getLogger(__name__)     # the depths solved, for the command line's -v

__all__ = ["CERTIFICATES", "DepthPoint", "ParetoFront", "depth_schedule", "pareto",
           "pareto_schedules", "schedule_k"]

NEAR = Fraction(1, 10**9)   # a lower end this close to the cut bound is not improved on


def _collective(collective: Any) -> Collective:
    member = Collective.parse(collective)
    if member not in PARETO_COLLECTIVES:
        raise CollectiveError(f"the depth front is for allgather, reduce-scatter and "
                              f"allreduce, not {member.value}; pass collective=\"allgather\", "
                              f"\"reduce-scatter\" or \"allreduce\"", options=("collective",))
    return member


def _schedule(topology: Topology, collective: Collective, weights: dict[Column, Fraction],
              depth: int) -> Schedule:
    """The schedule of exact column weights (every root's summing to 1), checked by the
    independent verifier; its algbw is the verifier's."""
    k = 1
    for w in weights.values():
        k = k * w.denominator // _gcd(k, w.denominator)
    inward = collective is Collective.REDUCE_SCATTER
    trees = []
    for col, w in weights.items():
        edges = tuple(TreeEdge(child, parent, tuple(reversed(path))) if inward
                      else TreeEdge(parent, child, path) for child, parent, path in col.parent)
        trees.append(Tree(col.root, int(w * k), edges))
    order = {v: i for i, v in enumerate(topology.compute_nodes)}
    trees.sort(key=lambda t: (order[t.root], -t.weight))
    draft = Schedule(collective=collective, topology=topology.name, units=topology.units,
                     compute_nodes=topology.compute_nodes, k=k, tree_bandwidth=None,
                     algbw=Fraction(0), trees=tuple(trees))
    algbw = achieved_algbw(draft, topology)
    n = len(topology.compute_nodes)
    sched = replace(draft, algbw=algbw, tree_bandwidth=algbw / (n * k))
    verdict = verify(topology, sched.to_dict(), validity_only=True)
    if verdict.algbw != algbw:
        raise LPCertificateError(
            f"the depth-{depth} schedule on {topology.name} fails the independent verifier "
            f"({'; '.join(verdict.reasons[:2]) or verdict.algbw}); please report the topology")
    return sched


def pareto(topology: Topology, *, collective: "Collective | str" = "allgather",
           max_depth: int | None = None, time_limit: float | None = None) -> ParetoFront:
    """The throughput–depth front (module docstring): for every depth h from 1 to the
    depth of ForestColl's optimal schedule (or to ``max_depth``), the best algbw of a
    schedule whose trees have depth <= h, as an exact interval, with the schedule behind
    its lower value.

    :param topology: the network
    :param collective: ``"allgather"`` (default), ``"reduce-scatter"`` or ``"allreduce"``
        (a reduce-scatter then an allgather, each of depth <= h: :mod:`.allreduce`)
    :param max_depth: the last depth (None: the optimal schedule's depth)
    :param time_limit: seconds per depth for column generation (None: until it converges);
        a depth stopped early keeps the interval found so far
    :returns: the front
    :raises CollectiveError: for another collective
    :raises LPError: for a bad ``max_depth`` or ``time_limit``, or a solver failure
    """
    from ...errors import LPError

    member = _collective(collective)
    limit = check_time_limit(time_limit)
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int)
                                  or max_depth < 1):
        raise LPError(f"max_depth {max_depth!r}: give a positive integer (or None for the "
                      f"depth of the optimal schedule)", options=("max_depth",))
    if member is Collective.ALLREDUCE:
        from .allreduce import allreduce_front

        return allreduce_front(topology, pareto, max_depth=max_depth, time_limit=limit)
    start, cpu = time.perf_counter(), time.process_time()
    optimum = generate(topology, collective=member, multicast="off")
    top = cut_bound(topology, collective=member).algbw
    optimal_depth = max(t.height for t in optimum.trees)
    last = optimal_depth if max_depth is None else max_depth
    work = reversed_topology(topology) if member is Collective.REDUCE_SCATTER else topology
    network = Network(work)
    roots = network.compute
    reach = hop_depth(network, roots)
    seeds = [(t.root, tree_column(network, t.root, [
        (e.dst, e.src, tuple(reversed(e.path))) if member is Collective.REDUCE_SCATTER
        else (e.src, e.dst, e.path) for e in t.edges])) for t in optimum.trees]
    master = Master(network, roots)
    solvers: dict = {}
    raw: list[DepthPoint] = []
    for h in range(1, last + 1):
        t0 = time.perf_counter()
        if reach is None or h < reach:
            raw.append(DepthPoint(depth=h, lower=Fraction(0), upper=Fraction(0),
                                  certificate="unreachable", stopped="converged",
                                  seconds=time.perf_counter() - t0))
            continue
        if h >= optimal_depth:
            raw.append(DepthPoint(depth=h, lower=optimum.algbw, upper=top,
                                  certificate="cut bound", schedule=optimum,
                                  schedule_depth=optimal_depth, stopped="not solved",
                                  seconds=time.perf_counter() - t0))
            continue
        if raw and raw[-1].lower >= top * (1 - NEAR):
            # a shallower schedule reaches the bound (or all but NEAR of it, its exact
            # weights too fine for a schedule's counts): deeper ones gain nothing
            raw.append(replace(raw[-1], depth=h, upper=top, certificate="cut bound",
                               stopped="not solved", rounds=0, milps=0,
                               seconds=time.perf_counter() - t0))
            continue
        log.info("pareto: %s depth %d of %d ...", member.value, h, last)
        for _, col in seeds:
            if col.depth <= h:
                master.add(col)
        _seed_stars(network, master, h)
        deadline = None if limit is None else t0 + limit
        got = solve_depth(network, master, h, deadline=deadline, solvers=solvers,
                          ceiling=top)
        sched = _schedule(topology, member, got.weights, h)
        cert = "star" if h == 1 else ("milp" if got.proven else "milp bound")
        upper = got.upper_algbw if got.upper_algbw is not None else top
        if got.upper_algbw is None:
            cert = "cut bound"
        raw.append(DepthPoint(depth=h, lower=sched.algbw, upper=upper, certificate=cert,
                              schedule=sched,
                              schedule_depth=max(t.height for t in sched.trees),
                              columns=len(master.columns), rounds=got.rounds,
                              milps=got.milps, stopped=got.stopped,
                              seconds=time.perf_counter() - t0))
        log.info("pareto: %s depth %d: %s, %.2f s", member.value, h, got.stopped,
                 raw[-1].seconds)
    points = _monotone(raw, top)
    return ParetoFront(collective=member, topology=topology.name, units=topology.units,
                       bound=top, optimal_depth=optimal_depth, points=tuple(points),
                       seconds=time.perf_counter() - start,
                       cpu_seconds=time.process_time() - cpu)


def _seed_stars(network: Network, master: Master, depth: int) -> None:
    """A first column per root: the cheapest tree by the greedy rule at uniform prices."""
    from .pricing import greedy, star
    from .solve import _column

    price = network.uniform_price()
    routes = network.routes(price)
    pair = {p: float(c) for p, (c, _) in routes.items()}
    for r in master.roots:
        tree = star(r, network.compute) if depth == 1 else greedy(r, network.compute, depth, pair)
        if tree is not None:
            master.add(_column(network, r, tree, routes))


def _monotone(raw: list[DepthPoint], top: Fraction) -> list[DepthPoint]:
    """Lowers carried to deeper points (a shallower schedule is also a deeper one), uppers
    to shallower ones (and none above the cut bound)."""
    out = list(raw)
    for i in range(1, len(out)):
        prev = out[i - 1]
        if prev.lower > out[i].lower:
            out[i] = replace(out[i], lower=prev.lower, schedule=prev.schedule,
                             schedule_depth=prev.schedule_depth)
    for i in range(len(out) - 1, -1, -1):
        p = out[i]
        if p.upper > top:
            p = replace(p, upper=top, certificate="cut bound")
        if i + 1 < len(out) and out[i + 1].upper < p.upper:
            p = replace(p, upper=out[i + 1].upper, certificate="deeper")
        if p.lower == top and p.upper == top and p.certificate != "unreachable":
            p = replace(p, certificate="cut bound")
        out[i] = p
    return out


def pareto_schedules(topology: Topology, *, collective: "Collective | str" = "allgather",
                     max_depth: int | None = None, time_limit: float | None = None
                     ) -> tuple[Schedule, ...]:
    """The front's distinct schedules, shallowest first (:meth:`ParetoFront.schedules`):
    candidates for a latency model (``tradeoff``, ``simulate``) to choose among by size.

    :param topology: the network
    :param collective: ``"allgather"``, ``"reduce-scatter"`` or ``"allreduce"``
    :param max_depth: as for :func:`pareto`
    :param time_limit: as for :func:`pareto`
    :returns: the schedules, each verified
    """
    return pareto(topology, collective=collective, max_depth=max_depth,
                  time_limit=time_limit).schedules()


def depth_schedule(topology: Topology, *, depth: int,
                   collective: "Collective | str" = "allgather",
                   time_limit: float | None = None) -> Schedule:
    """The schedule of the front's point at ``depth``: the best found whose trees have
    depth <= ``depth`` (its algbw the point's lower value).

    :param topology: the network
    :param depth: the largest tree depth allowed, >= 1
    :param collective: ``"allgather"``, ``"reduce-scatter"`` or ``"allreduce"``
    :param time_limit: as for :func:`pareto`
    :returns: the schedule
    :raises LPError: when no schedule of that depth exists (a node more than ``depth`` hops
        from a root), or for a bad ``depth``
    """
    from ...errors import LPError

    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise LPError(f"depth {depth!r}: give a positive integer", options=("max_depth",))
    front = pareto(topology, collective=collective, max_depth=depth, time_limit=time_limit)
    point = front.point(depth)
    if point.schedule is None:
        raise LPError(f"no {front.collective} schedule of depth <= {depth} exists on "
                      f"{topology.name}: some compute node is more than {depth} hop(s) from "
                      f"a root through switches; allow a larger depth", options=("max_depth",))
    return point.schedule
