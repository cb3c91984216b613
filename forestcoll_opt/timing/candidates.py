"""What ``tradeoff`` compares, kind by kind (:data:`KINDS`): each kind has one builder
here, which turns a :class:`Request` into candidates, each with the function that times it.

* ``trees``: the fixed-k ForestColl schedules (k = 1 up to the optimal k*, the paper's
  section 5.5), written compactly (one tree per orbit) above :data:`COMPACT_ABOVE` compute
  nodes, as ``generate`` writes them;
* ``lp``: allreduce: the schedule at the allreduce LP optimum, where ``generate`` would
  build it (:func:`forestcoll_opt.lp.choice.best_allreduce`); all-to-all: the optimal
  routes, at the all-to-all LP's certified value (:func:`forestcoll_opt.lp.lp_alltoall`);
* ``baseline``: what the libraries run, in the schedule format (NCCL's rings, double binary
  tree and single tree; all-to-all direct and PXN) and the paper's Blink+Switch and
  MultiTree by name; above :data:`CYCLES_ABOVE` compute nodes the rings are timed from
  their cycles (:mod:`forestcoll_opt.timing.ringform`), float for float the same;
* ``front`` (asked for with ``front=True``): the schedules of the throughput–depth front
  (:func:`forestcoll_opt.lp.pareto_schedules`), shallowest first, named ``depth=<h>``:
  shallow trees pay fewer hops of latency, so they can win at small sizes;
* ``library``: the library's own cost model (NCCL's, or RCCL's on xGMI), which picks ring
  or tree and a protocol per size: no schedule, calibrated model only.

A new kind is one builder more: a function ``(request) -> list of
Built`` added to :data:`BUILDERS` (in the order its candidates are to be listed) and its
name to :data:`KINDS`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Sequence

from ..errors import ScheduleError
from ..executors import in_order
from ..generation.baselines import baseline, rings
from ..generation.pipeline import generate
from ..model.collective import Collective
from ..model.schedule import Schedule, tree_height
from ..model.topology import Topology
from .calibrated import Calibration, library_shape, library_times
from .simulation import SimRow, link_coefficients, simulate, unit_bytes_per_s

log = logging.getLogger("forestcoll_opt.timing.tradeoffs")

COMPACT_ABOVE = 1024
"""Above this many compute nodes ``tradeoff`` writes its tree schedules compactly
(``compact=None``), as ``generate`` writes them by default."""

CYCLES_ABOVE = 512
"""Above this many compute nodes (or with ``compact``) ``tradeoff`` times NCCL's rings from
their cycles (:mod:`forestcoll_opt.timing.ringform`: the same times, float for float): their
plain form is N² × channels tree edges, 8.4 million on 1,024 H100s, where timing it took 50
CPU seconds."""

# Candidates timed by the library's own cost model rather than as a schedule.
LIBRARY_KINDS = ("nccl",)

KINDS = ("trees", "front", "lp", "baseline", "library")
"""The kinds of candidates, in the order they are listed."""

FORMS = ("plain", "compact", "ring", "none")
"""How a candidate is held: a plain schedule, a compact one (one tree per orbit), NCCL's
rings as their cycles, or no schedule (the library's cost model)."""


@dataclass(frozen=True)
class Candidate:
    """One schedule in the comparison: ``name`` is ``k=3`` for a ForestColl schedule with
    k trees per root, ``lp`` for the schedule at the LP optimum (allreduce: concurrent
    phases; all-to-all: the optimal routes), a baseline kind
    (:data:`~forestcoll_opt.generation.baselines.ALL_KINDS`), or the library's own cost
    model (``nccl``, or ``rccl`` on AMD topologies), which has no schedule;
    ``algbw`` is its exact algbw, ``trees`` its number of distinct trees (routes for
    all-to-all), ``height`` its deepest tree (longest route) in compute-node hops.

    :ivar name: ``"k=<k>"``, ``"lp"``, the baseline kind, or the library's name
    :ivar k: trees per root of a fixed-k ForestColl schedule; None otherwise
    :ivar algbw: its exact algbw (bandwidth only, no latency), in the topology's units;
        None for the library
    :ivar trees: its number of trees (both phases of an allreduce; routes of an
        all-to-all); None for the library
    :ivar height: the height of its deepest tree (longest route), in compute-node hops;
        None for the library
    :ivar schedule: the schedule itself (None for the library, and for rings timed from
        their cycles); ignored by ``==``
    :ivar kind: one of :data:`KINDS`
    :ivar form: one of :data:`FORMS`
    """

    name: str
    k: int | None
    algbw: Fraction | None
    trees: int | None
    height: int | None
    schedule: Schedule | None = field(compare=False, repr=False)
    kind: str = "trees"
    form: str = "plain"


@dataclass(frozen=True)
class Timing:
    """One candidate timed at every size: its rows (seconds, chunks or protocol, band) and,
    for the library, the algorithm it picks per size."""

    rows: Sequence[SimRow]
    algorithms: Sequence[str] | None = None


@dataclass(frozen=True)
class Built:
    """A candidate and the function that times it at the given sizes."""

    candidate: Candidate
    time: Callable[[Sequence[int]], Timing]


@dataclass
class Request:
    """What every builder reads: the request of :func:`~.tradeoffs.tradeoff`, checked.

    :ivar kinds: the baselines asked for (library names included)
    :ivar explicit: whether they were named (a baseline that cannot be built is then an
        error, not a note)
    :ivar options: the time model's keywords for
        :func:`~forestcoll_opt.timing.simulation.simulate`
    :ivar skipped: filled by the builders: (kind, reason) of default baselines left out
    :ivar made: filled by the builders: the schedules made so far by name
    :ivar compact: the tree schedules are written compactly
    :ivar cycles: NCCL's rings are timed from their cycles
    """

    topology: Topology
    member: Collective
    root: str | None
    ks: list[int]
    kinds: list[str]
    explicit: bool
    method: str
    model: str
    calibration: Calibration | None
    options: dict
    kernel: str | None
    executor: Any
    compact: bool
    cycles: bool
    steps: "Steps"
    optimal: Schedule
    choice: Any = None
    front: bool = False
    skipped: list = field(default_factory=list)
    made: dict = field(default_factory=dict)


class Steps:
    """Reports each stage of a trade-off: ``progress(stage, done, total)`` (a bar) and, on
    the ``forestcoll_opt.timing.tradeoffs`` logger at INFO level, a line as it starts and
    one with its seconds as it ends (``forestcoll -v``: readable in a log, where no bar is
    drawn)."""

    def __init__(self, progress: Callable[[str, int, int], None] | None) -> None:
        self.progress = progress

    def report(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)

    def run(self, stage: str, what: str, work: Callable[[], Any], *, done: int = 0,
            total: int = 1) -> Any:
        """``work()`` as step ``done`` of ``total`` of ``stage``, logged as ``what``."""
        log.info("tradeoff: %s ...", what)
        self.report(stage, done, total)
        start = time.perf_counter()
        out = work()
        self.report(stage, done + 1, total)
        log.info("tradeoff: %s: %.2f s", what, time.perf_counter() - start)
        return out


def schedule_candidate(name: str, k: int | None, schedule: Schedule, kind: str) -> Candidate:
    """A candidate holding a schedule: its exact algbw, its trees (routes) and height."""
    phases = schedule.phases or (schedule,)
    if schedule.collective is Collective.ALLTOALL:
        compute = set(schedule.compute_nodes)
        trees = len(schedule.routes)
        height = max((sum(v in compute for v in r.path) - 1 for r in schedule.routes),
                     default=0)
    else:
        trees = schedule.num_trees
        height = max(tree_height(t) for p in phases for t in p.trees + p.orbits)
    return Candidate(name=name, k=k, algbw=schedule.algbw, trees=trees, height=height,
                     schedule=schedule, kind=kind,
                     form="compact" if schedule.compact else "plain")


def _timed(request: Request, name: str, schedule: Schedule) -> Callable[[Sequence[int]],
                                                                         Timing]:
    def time_it(sizes: Sequence[int]) -> Timing:
        return Timing(simulate(request.topology, schedule, sizes, **request.options))
    return time_it


def fixed_k(request: Request) -> list[Built]:
    """``trees``: the fixed-k schedules, k* being the optimal schedule already made."""
    member = request.member
    if member is Collective.ALLTOALL:
        return []
    k_star = _k_of(request.optimal)
    fresh = [k for k in request.ks if k != k_star]
    built: dict[int, Schedule] = {}
    if fresh:
        args = [(request.topology, member.value, k, request.root, request.kernel,
                 request.compact) for k in fresh]
        made = request.steps.run("fixed k", f"generating the fixed-k schedules k = "
                                            f"{', '.join(map(str, fresh))}",
                                 lambda: in_order(request.executor, _fixed_k, args))
        built = dict(zip(fresh, made))
    out = []
    for k in request.ks:
        schedule = request.optimal if k == k_star else built[k]
        out.append(Built(schedule_candidate(f"k={k}", k, schedule, "trees"),
                         _timed(request, f"k={k}", schedule)))
    return out


def depth_front(request: Request) -> list[Built]:
    """``front``: the throughput–depth front's schedules (issue 37), each at its depth's
    certified lower value, named by the depth of its trees; those of the collectives the
    front does not cover are skipped with the reason."""
    if not request.front:
        return []
    from ..lp.depth.front import pareto_schedules
    from ..lp.options import PARETO_NAMES

    member = request.member
    if member.value not in PARETO_NAMES:
        request.skipped.append(("front", f"the throughput-depth front covers "
                                         f"{', '.join(PARETO_NAMES)}, not {member.value}"))
        return []
    made = request.steps.run("front", f"the throughput-depth front of {member.value}",
                             lambda: pareto_schedules(request.topology,
                                                      collective=member.value))
    out = []
    for schedule in made:
        candidate = schedule_candidate("front", None, schedule, "front")
        name = f"depth={candidate.height}"
        out.append(Built(replace(candidate, name=name), _timed(request, name, schedule)))
    return out


def lp_schedule(request: Request) -> list[Built]:
    """``lp``: the allreduce LP schedule where ``generate`` builds it; the all-to-all
    optimal routes."""
    if request.member is Collective.ALLTOALL:
        schedule = request.optimal
    elif request.choice is not None and request.choice.method == "lp":
        schedule = request.choice.schedule
    else:
        return []
    return [Built(schedule_candidate("lp", None, schedule, "lp"),
                  _timed(request, "lp", schedule))]


def baselines(request: Request) -> list[Built]:
    """``baseline``: every baseline asked for (library names aside); NCCL's rings as their
    cycles when ``cycles``."""
    from .ringform import ring_form, simulate_ring

    kinds = [k for k in request.kinds if k not in LIBRARY_KINDS]
    out = []
    topology, member = request.topology, request.member
    for i, kind in enumerate(kinds):
        try:
            if kind == "ring" and request.cycles:
                form = request.steps.run(
                    "baselines", "building NCCL's rings as their cycles",
                    lambda: ring_form(topology, member, root=request.root),
                    done=i, total=len(kinds))
                request.made["ring-form"] = form
                candidate = Candidate(name="ring", k=None, algbw=form.algbw,
                                      trees=form.num_trees, height=form.height,
                                      schedule=None, kind="baseline", form="ring")

                def time_ring(sizes, form=form) -> Timing:
                    return Timing(simulate_ring(topology, form, sizes, **request.options))
                out.append(Built(candidate, time_ring))
                continue
            schedule = request.steps.run(
                "baselines", f"building the {kind} baseline",
                lambda kind=kind: baseline(topology, kind, collective=member.value,
                                           root=request.root),
                done=i, total=len(kinds))
        except ScheduleError as exc:
            if request.explicit:
                raise
            request.skipped.append((kind, str(exc)))
            continue
        request.made[kind] = schedule
        out.append(Built(schedule_candidate(kind, None, schedule, "baseline"),
                         _timed(request, kind, schedule)))
    return out


def library(request: Request) -> list[Built]:
    """``library``: the library's own cost model, its channels read off the ring baseline
    (its cycles when ``cycles``); calibrated model only."""
    from .ringform import ring_form, ring_shape

    if not any(kind in LIBRARY_KINDS for kind in request.kinds):
        return []
    topology, member = request.topology, request.member
    calibration = request.calibration
    assert calibration is not None
    try:
        if request.cycles:
            form = request.made.get("ring-form") or request.steps.run(
                "baselines", "building NCCL's rings as their cycles (the library's channels)",
                lambda: ring_form(topology, member, root=request.root))

            def shape_of(cal: Calibration):
                return ring_shape(topology, form, cal)
        else:
            ring = request.made.get("ring") or baseline(topology, "ring",
                                                        collective=member.value,
                                                        root=request.root)
            # RCCL on a full MI250 box runs its rings from a hand-made table but builds
            # its trees on the rings it searches (generation/baselines/tuned_rings.py)
            tree_ring = (rings.ring(topology, member.value, root=request.root, table=False)
                         if rings.table_topology(topology) else None)

            def shape_of(cal: Calibration):
                rho = link_coefficients(topology, ring, cal.efficiency)
                if tree_ring is None:
                    return library_shape(topology, ring, member.value, rho)
                return library_shape(topology, ring, member.value, rho, tree_ring=tree_ring,
                                     tree_rho=link_coefficients(topology, tree_ring,
                                                                cal.efficiency))
    except ScheduleError as exc:
        if request.explicit:
            raise ScheduleError(f"the nccl baseline reads its channels off the ring "
                                f"baseline, which cannot be built: {exc}") from None
        request.skipped.append(("nccl", str(exc)))
        return []
    name = calibration.library_for(topology)
    unit = unit_bytes_per_s(topology.units)[0]

    def time_library(sizes: Sequence[int]) -> Timing:
        picks = library_times(topology, shape_of(calibration), member.value, sizes,
                              calibration)
        ends = [library_times(topology, shape_of(end), member.value, sizes, end)
                for end in (calibration.band() if calibration.uncertainty else ())]
        rows = []
        for i, (size, (_, proto, secs)) in enumerate(zip(sizes, picks)):
            rows.append(SimRow(size_bytes=size, chunks=None, seconds=secs,
                               algbw=size / secs / unit, protocol=proto,
                               band=tuple(e[i][2] for e in ends) if ends else None))
        return Timing(rows, algorithms=[a for a, _, _ in picks])

    return [Built(Candidate(name=name, k=None, algbw=None, trees=None, height=None,
                            schedule=None, kind="library", form="none"), time_library)]


BUILDERS: tuple[Callable[[Request], list[Built]], ...] = (fixed_k, depth_front, lp_schedule,
                                                          baselines, library)
"""One builder per kind of :data:`KINDS`, in the order their candidates are listed."""


def _fixed_k(topology: Topology, collective: str, k: int, root: str | None,
             kernel: str | None, compact: bool) -> Schedule:
    return generate(topology, collective=collective, k=k, root=root, kernel=kernel,
                    compact=compact)


def _k_of(schedule: Schedule) -> int:
    if schedule.k is not None:
        return schedule.k
    return max(p.k for p in schedule.phases if p.k is not None)
