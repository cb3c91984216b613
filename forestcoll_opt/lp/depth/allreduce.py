"""The allreduce front: ForestColl's allreduce is a reduce-scatter then an allgather, so at
depth h it is the best reduce-scatter of depth <= h followed by the best allgather of depth
<= h (each phase's trees no deeper than h; the phases run one after the other, so each is
best on its own). With the phases' algbw a_RS and a_AG, the allreduce moves the buffer in
M/a_RS + M/a_AG, an algbw of 1 / (1/a_RS + 1/a_AG): increasing in both, so the phases'
exact lower ends give the lower end and their upper ends the upper end.

The front is that of the *two-phase tree* allreduce (the family ForestColl builds); its
last point is ForestColl's two-phase schedule at the two phases' cut bounds, not the
allreduce LP's optimum, which another family of schedules can beat (``fc.lp.solve``).

On a network whose every link has the same bandwidth both ways (every catalog machine),
the reversed network has the same links, so the reduce-scatter front is the allgather
front with every tree turned around: it is computed once and the reduce-scatter schedules
are the allgather's reversed (re-checked by the verifier like any other)."""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction
from typing import Callable

from ...errors import LPCertificateError
from ...model.collective import Collective
from ...model.schedule import Schedule
from ...model.topology import Topology
from ...model.trees import Tree, TreeEdge
from ...verify import verify
from .points import DepthPoint, ParetoFront

__all__ = ["allreduce_front", "combined"]


def combined(rs: Fraction, ag: Fraction) -> Fraction:
    """The algbw of a reduce-scatter at ``rs`` then an allgather at ``ag``: 1/(1/rs + 1/ag),
    0 when either is 0.

    :param rs: the reduce-scatter's algbw
    :param ag: the allgather's algbw
    :returns: the allreduce's algbw
    """
    return Fraction(0) if rs == 0 or ag == 0 else 1 / (1 / rs + 1 / ag)


def _symmetric(topology: Topology) -> bool:
    cap = topology.capacity
    return all(cap.get((v, u)) == c for (u, v), c in cap.items())


def _turned(schedule: Schedule, topology: Topology) -> Schedule:
    """An allgather schedule's trees turned around: the reduce-scatter on a network with
    the same links both ways (module docstring), its algbw the verifier's."""
    trees = tuple(Tree(t.root, t.weight, tuple(TreeEdge(e.dst, e.src, tuple(reversed(e.path)))
                                                for e in t.edges)) for t in schedule.trees)
    draft = replace(schedule, collective=Collective.REDUCE_SCATTER, trees=trees)
    verdict = verify(topology, draft.to_dict(), validity_only=True)
    if verdict.algbw is None or verdict.algbw != schedule.algbw:
        raise LPCertificateError(
            f"the turned-around reduce-scatter on {topology.name} fails the independent "
            f"verifier ({'; '.join(verdict.reasons[:2]) or verdict.algbw}); please report it")
    return draft


def _two_phase(topology: Topology, rs: Schedule, ag: Schedule) -> Schedule:
    algbw = combined(rs.algbw, ag.algbw)
    sched = Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                     compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                     algbw=algbw, phases=(replace(rs, root=None), replace(ag, root=None)))
    verdict = verify(topology, sched.to_dict(), validity_only=True)
    if verdict.algbw != algbw:
        raise LPCertificateError(
            f"the two-phase allreduce on {topology.name} fails the independent verifier "
            f"({'; '.join(verdict.reasons[:2]) or verdict.algbw}); please report it")
    return sched


def _at(front: ParetoFront, h: int) -> DepthPoint:
    """The point of depth h, the last one carried beyond the front's end (a schedule of
    depth <= last is one of depth <= h, and the last point is at the cut bound)."""
    return front.points[min(h, len(front.points)) - 1]


def allreduce_front(topology: Topology, pareto: Callable[..., ParetoFront], *,
                    max_depth: int | None = None, time_limit: float | None = None
                    ) -> ParetoFront:
    """The allreduce front (module docstring) from its phases' fronts.

    :param topology: the network
    :param pareto: :func:`.front.pareto`, which builds the phases' fronts (passed in, so
        that this module does not import the one that dispatches to it)
    :param max_depth: the last depth (None: the deeper of the two phases' optimal depths)
    :param time_limit: seconds per depth and phase
    :returns: the front, ``collective`` allreduce, every point's schedule two-phase
    """
    start, cpu = time.perf_counter(), time.process_time()
    ag = pareto(topology, collective="allgather", max_depth=max_depth, time_limit=time_limit)
    same = _symmetric(topology)
    rs = None if same else pareto(topology, collective="reduce-scatter", max_depth=max_depth,
                                  time_limit=time_limit)
    last = max_depth if max_depth is not None else \
        max(ag.optimal_depth, ag.optimal_depth if rs is None else rs.optimal_depth)
    points = []
    turned: dict[int, Schedule] = {}
    for h in range(1, last + 1):
        a = _at(ag, h)
        r = a if rs is None else _at(rs, h)
        if a.schedule is None or r.schedule is None:
            schedule = None
        else:
            if rs is None:
                key = id(a.schedule)
                if key not in turned:
                    turned[key] = _turned(a.schedule, topology)
                rsched = turned[key]
            else:
                rsched = r.schedule
            schedule = _two_phase(topology, rsched, a.schedule)
        cert = a.certificate if a.certificate == r.certificate else \
            f"{r.certificate} + {a.certificate}"
        points.append(DepthPoint(
            depth=h, lower=combined(r.lower, a.lower), upper=combined(r.upper, a.upper),
            certificate=cert, schedule=schedule,
            schedule_depth=max(r.schedule_depth, a.schedule_depth), columns=a.columns
            + (0 if rs is None else r.columns), rounds=a.rounds + (0 if rs is None else r.rounds),
            milps=a.milps + (0 if rs is None else r.milps),
            stopped=a.stopped if a.stopped == r.stopped else f"{r.stopped} + {a.stopped}",
            seconds=a.seconds + (0 if rs is None else r.seconds)))
    bound = combined(ag.bound if rs is None else rs.bound, ag.bound)
    return ParetoFront(collective=Collective.ALLREDUCE, topology=topology.name,
                       units=topology.units, bound=bound,
                       optimal_depth=max(ag.optimal_depth,
                                         ag.optimal_depth if rs is None else rs.optimal_depth),
                       points=tuple(points), seconds=time.perf_counter() - start,
                       cpu_seconds=time.process_time() - cpu)
