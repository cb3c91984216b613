"""Which schedule to run at which message size: the fixed-k ForestColl schedules (k = 1 up
to the optimal k*, the paper's section 5.5 "Fixed-k Schedule Generation") and the baselines
NCCL runs today (:mod:`forestcoll_opt.timing.baseline`), timed per size by the α-β model of
:mod:`forestcoll_opt.timing.simulate`.

A smaller k means fewer, shallower trees and less data cut into fewer pieces: its
bandwidth is lower (never above the optimum) but for small messages, where the latency
per hop dominates, it can finish first. :func:`tradeoff` returns every candidate's
simulated time at every size and names the fastest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..display import html_summary, picture
from ..executors import in_order
from ..model.numbers import fraction_display, fraction_text
from .baseline import KINDS, baseline
from ..generation.bound import bound as compute_bound
from .._deprecated import keyword_options
from ..model.collective import Collective, check_request
from ..errors import ScheduleError, UsageError
from ..model.schedule import Schedule, tree_height
from ..generation.pipeline import generate
from .simulate import link_alphas, simulate
from ..model.topology import Topology

MAX_K = 10**4


@dataclass(frozen=True)
class Candidate:
    """One schedule in the comparison: ``name`` is ``k=3`` for a ForestColl schedule with
    k trees per root, or a baseline kind (:data:`~forestcoll_opt.timing.baseline.KINDS`);
    ``algbw`` is its exact algbw, ``trees`` its number of distinct trees, ``height`` its
    deepest tree in compute-node hops.

    :ivar name: ``"k=<k>"`` or the baseline kind
    :ivar k: trees per root of a ForestColl schedule; None for a baseline
    :ivar algbw: its exact algbw (bandwidth only, no latency), in the topology's units
    :ivar trees: its number of trees (both phases of an allreduce)
    :ivar height: the height of its deepest tree, in compute-node hops
    :ivar schedule: the schedule itself; ignored by ``==``
    """

    name: str
    k: int | None
    algbw: Fraction
    trees: int
    height: int
    schedule: Schedule = field(compare=False, repr=False)


@dataclass(frozen=True)
class TradeoffRow:
    """One message size: the fastest candidate, and every candidate's simulated seconds and
    chunk count (``chunks="auto"``: its own best).

    :ivar size_bytes: the message size in bytes
    :ivar best: the name of the fastest candidate (the first listed among equals)
    :ivar seconds: candidate name -> its simulated time
    :ivar chunks: candidate name -> the chunk count used
    """

    size_bytes: int
    best: str
    seconds: Mapping[str, float]
    chunks: Mapping[str, int]


@dataclass(frozen=True)
class Tradeoff:
    """The result of :func:`tradeoff`. ``optimum`` is the exact optimal algbw (for
    allreduce: of reduce-scatter + allgather trees), reached by ``k=k_star``; ``skipped``
    lists default baselines that cannot be built on this topology, with the reason.

    :ivar topology: the topology's name
    :ivar collective: the collective compared
    :ivar units: the topology's bandwidth unit
    :ivar optimum: the exact optimal algbw
    :ivar k_star: the least k whose schedule reaches ``optimum``
    :ivar candidates: the schedules compared: the values of k in the order given, then the
        baselines
    :ivar rows: one row per message size, in the order given
    :ivar skipped: (baseline kind, reason) for default baselines that could not be built
    """

    topology: str
    collective: str
    units: str
    optimum: Fraction
    k_star: int
    candidates: tuple[Candidate, ...]
    rows: tuple[TradeoffRow, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    def __repr__(self) -> str:
        return (f"Tradeoff({self.collective} on {self.topology}: optimum "
                f"{fraction_text(self.optimum)} {self.units} at k*={self.k_star}, "
                f"{len(self.candidates)} candidates, {len(self.rows)} sizes)")

    def _repr_html_(self) -> str:
        import pandas as pd

        best = pd.DataFrame([{"size_bytes": r.size_bytes, "fastest": r.best,
                              "seconds": r.seconds[r.best]} for r in self.rows])
        rows = [("optimum", f"{fraction_display(self.optimum)} {self.units} at k*={self.k_star}"),
                ("candidates", ", ".join(c.name for c in self.candidates))]
        rows += [(f"skipped {kind}", why) for kind, why in self.skipped]
        return html_summary(f"Tradeoff · {self.collective} on {self.topology}", rows,
                            table=best.to_html(index=False), svg=picture(self),
                            note=".to_pandas(): every candidate at every size")

    def frame(self) -> Any:
        """A pandas DataFrame, one row per (size, candidate): seconds, chunks, simulated
        algbw (in the topology's units), the candidate's exact algbw and k, and whether it
        is the fastest at that size.

        :returns: the frame, with columns ``size_bytes``, ``candidate``, ``k``,
            ``seconds``, ``chunks``, ``algbw``, ``exact_algbw`` and ``best``
        :raises ImportError: when pandas is not installed
        """
        import pandas as pd

        from .simulate import unit_bytes_per_s
        unit = unit_bytes_per_s(self.units)[0]
        by_name = {c.name: c for c in self.candidates}
        rows = []
        for r in self.rows:
            for name, seconds in r.seconds.items():
                c = by_name[name]
                rows.append({"size_bytes": r.size_bytes, "candidate": name, "k": c.k,
                             "seconds": seconds, "chunks": r.chunks[name],
                             "algbw": r.size_bytes / seconds / unit,
                             "exact_algbw": float(c.algbw), "best": name == r.best})
        return pd.DataFrame(rows, columns=["size_bytes", "candidate", "k", "seconds", "chunks",
                                           "algbw", "exact_algbw", "best"])

    def to_pandas(self) -> Any:
        """The same DataFrame as :meth:`frame` (the name every tabular result of the
        package has).

        :returns: the DataFrame
        """
        return self.frame()


def default_ks(k_star: int) -> list[int]:
    """Every k from 1 to k* when k* ≤ 16; otherwise 1, 2, 3, 4, 6, 8, 12, 16, 24, ...
    (powers of two and 1.5 times them) below k*, and k*.

    :param k_star: the optimal k, at least 1
    :returns: the values of k, increasing
    """
    if k_star <= 16:
        return list(range(1, k_star + 1))
    ks, p = {1}, 2
    while p < k_star:
        ks.add(p)
        if p + p // 2 < k_star:
            ks.add(p + p // 2)
        p *= 2
    return sorted(ks | {k_star})


def default_baselines(collective: str) -> tuple[str, ...]:
    """The baselines NCCL would run: rings for every collective, and the double binary
    tree for allreduce or the single tree for broadcast and reduce. (The paper's blink and
    multitree are asked for by name: building them costs about as much as generating the
    optimal schedule, and more for multitree on large networks.)

    :param collective: a :class:`~forestcoll_opt.model.collective.Collective` or its string
        value
    :returns: the baseline kinds
    """
    member = Collective.parse(collective)
    if member is Collective.ALLREDUCE:
        return ("ring", "dbtree")
    if member.rooted:
        return ("ring", "tree")
    return ("ring",)


@keyword_options(1, old_order=("collective", "sizes"))
def tradeoff(topology: Topology, *, collective: "Collective | str" = "allgather",
             sizes: Iterable[int] = (2**16, 2**20, 2**24, 2**28, 2**32),
             ks: Sequence[int] | None = None, root: str | None = None,
             baselines: Sequence[str] | None = None, chunks: int | str = "auto",
             alpha: float | None = None,
             alpha_per_link: Mapping[tuple[str, str], float] | None = None,
             kernel: str | None = None, executor=None) -> Tradeoff:
    """Simulate the fixed-k schedules for ``ks`` (default :func:`default_ks` of the
    optimal k*) and the ``baselines`` (default :func:`default_baselines`) at every size
    (bytes) and name the fastest per size. ``chunks``, ``alpha`` and ``alpha_per_link``
    are :func:`~forestcoll_opt.timing.simulate.simulate`'s; ``executor`` generates the values of
    k in parallel (see :mod:`forestcoll_opt.analysis.sweeps`).

    :param topology: the network
    :param collective: any of the five collectives (or its
        :class:`~forestcoll_opt.model.collective.Collective`)
    :param sizes: message sizes in bytes (at least one)
    :param ks: values of k from 1 to :data:`MAX_K`, each once; None for
        :func:`default_ks`
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param baselines: baseline kinds (:data:`~forestcoll_opt.timing.baseline.KINDS`:
        ``"ring"``, ``"dbtree"``, ``"tree"``, and the paper's ``"blink"`` and
        ``"multitree"``, which are never defaults), each once; None for
        :func:`default_baselines`, which skips those the topology cannot build
    :param chunks: a chunk count, or ``"auto"`` for each candidate's fastest per size
    :param alpha: seconds per hop for every link, or None
    :param alpha_per_link: (src, dst) link -> its own seconds per hop, or None
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param executor: None, a :class:`concurrent.futures.Executor` or a Dask client
    :returns: every candidate's time at every size, and the fastest per size
    :raises CollectiveError: for an unknown collective or a missing, unknown or superfluous
        root
    :raises UsageError: for no sizes, a bad or repeated k or baseline, nothing to compare,
        a bad α or chunk count, or an unusable executor
    :raises ScheduleError: when a baseline asked for by name cannot be built, or as
        :func:`~forestcoll_opt.generation.pipeline.generate`
    """
    collective = check_request(topology, collective, root=root).value
    sizes = list(sizes)
    if not sizes:
        raise UsageError("give at least one message size")
    if ks is not None:
        _check_ks(list(ks))
    explicit = baselines is not None
    kinds = list(default_baselines(collective) if baselines is None else baselines)
    if len(set(kinds)) != len(kinds):
        raise UsageError("a baseline is given twice; give each once")
    for kind in kinds:
        if kind not in KINDS:
            raise UsageError(f"unknown baseline {str(kind)[:40]!r}; use {', '.join(KINDS)}")
    if ks is not None and not list(ks) and not kinds:
        raise UsageError("nothing to compare: give at least one k or one baseline")
    link_alphas(topology, alpha, alpha_per_link)          # refuse a bad latency at once
    optimal = generate(topology, collective=collective, root=root, kernel=kernel)
    k_star = _k_of(optimal)
    optimum = (optimal.algbw if collective == "allreduce" else
               compute_bound(topology, collective=collective, root=root, kernel=kernel).algbw)
    if ks is None:
        ks = default_ks(k_star)
    ks = list(ks)

    schedules: list[tuple[str, int | None, Schedule]] = []
    fresh = [k for k in ks if k != k_star]
    built = dict(zip(fresh, in_order(executor, _fixed_k,
                                      [(topology, collective, k, root, kernel) for k in fresh])))
    for k in ks:
        schedules.append((f"k={k}", k, optimal if k == k_star else built[k]))
    skipped = []
    for kind in kinds:
        try:
            schedules.append((kind, None, baseline(topology, kind, collective=collective, root=root)))
        except ScheduleError as exc:
            if explicit:
                raise
            skipped.append((kind, str(exc)))

    candidates = []
    times: dict[str, list] = {}
    for name, k, schedule in schedules:
        phases = schedule.phases or (schedule,)
        candidates.append(Candidate(
            name=name, k=k, algbw=schedule.algbw, trees=schedule.num_trees,
            height=max(tree_height(t) for p in phases for t in p.trees + p.orbits), schedule=schedule))
        times[name] = simulate(topology, schedule, sizes, chunks=chunks, alpha=alpha,
                               alpha_per_link=alpha_per_link)
    rows = []
    for i, size in enumerate(sizes):
        seconds = {name: times[name][i].seconds for name in times}
        best = min(seconds, key=lambda name: (seconds[name], list(times).index(name)))
        rows.append(TradeoffRow(size_bytes=size, best=best, seconds=seconds,
                                chunks={name: times[name][i].chunks for name in times}))
    return Tradeoff(topology=topology.name, collective=collective, units=topology.units,
                    optimum=optimum, k_star=k_star, candidates=tuple(candidates),
                    rows=tuple(rows), skipped=tuple(skipped))


def _check_ks(ks: list) -> None:
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise UsageError(f"k={str(k)[:20]!r}: every k must be a whole number from 1 to "
                             f"{MAX_K}")
    if len(set(ks)) != len(ks):
        raise UsageError("a value of k is given twice; give each once")


def _fixed_k(topology: Topology, collective: str, k: int, root: str | None,
             kernel: str | None) -> Schedule:
    return generate(topology, collective=collective, k=k, root=root, kernel=kernel)


def _k_of(schedule: Schedule) -> int:
    if schedule.k is not None:
        return schedule.k
    return max(p.k for p in schedule.phases if p.k is not None)
