"""Analyses above the schedule, LP and verifier layers: sweeps over k, and (with the LP)
comparisons of bounds and schedules. Nothing below this module imports it.

Both run their independent pieces (one k, one topology) through an optional *executor*:
``None`` (the default) runs them here one after the other; a
:class:`concurrent.futures.Executor` (e.g. ``ProcessPoolExecutor(4)``) or a Dask
``distributed.Client`` (a cluster, ``pip install 'forestcoll-opt[distributed]'``) runs
them there. Results come back in the order of the input whatever finishes first, and are
the same as the sequential run's (generation is deterministic) except the seconds each
piece took."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any, Callable, Iterator

from ..generation.bounding import bound as compute_bound
from ..generation.bounding import rs_ag_algbw
from ..model.collective import Collective, check_request
from ..display import data_frame, exact_cells
from ..errors import UsageError
from ..executors import in_order
from ..model.schedule import tree_height
from ..generation.pipeline import generate
from ..model.topology import Topology

MAX_K = 10**6


def iter_sweep(topology: Topology, ks, *, collective: "Collective | str" = "allgather", root: str | None = None,
               kernel: str | None = None, executor=None) -> Iterator[dict[str, Any]]:
    """One row per k (see :func:`sweep`), yielded in the order of ``ks`` as soon as it is
    computed (through ``executor``, see the module docstring). The arguments and the
    optimum are checked before this returns, so a bad request fails at once.

    :param topology: the network
    :param ks: the values of k, whole numbers from 1 to :data:`MAX_K`, in the order wanted
    :param collective: any of the five collectives (or its
        :class:`~forestcoll_opt.model.collective.Collective`)
    :param root: the root compute node of broadcast/reduce; None for the others
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param executor: None, a :class:`concurrent.futures.Executor` or a Dask client
    :returns: an iterator of dicts with the keys of :data:`SWEEP_COLUMNS` (``algbw`` a
        float, ``algbw_exact`` the Fraction)
    :raises CollectiveError: for an unknown collective, or a missing, unknown or
        superfluous root
    :raises UsageError: for a bad k or an unusable executor
    :raises ScheduleError: while iterating, when a schedule cannot be generated (see
        :func:`~forestcoll_opt.generation.pipeline.generate`)
    """
    member = check_request(topology, collective, root=root)
    collective = member.value
    ks = list(ks)
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise UsageError(f"k={str(k)[:20]!r}: every k must be a whole number from 1 to {MAX_K}")
    if member is Collective.ALLREDUCE:
        optimum = rs_ag_algbw(topology, kernel=kernel)
    else:
        optimum = compute_bound(topology, collective=collective, root=root, kernel=kernel).algbw
    return _sweep_rows(topology, ks, collective, root, kernel, optimum, executor)


def _sweep_rows(topology: Topology, ks: list[int], collective: str, root: str | None,
                kernel: str | None, optimum: Fraction, executor=None) -> Iterator[dict[str, Any]]:
    return in_order(executor, _sweep_row,
                     [(topology, k, collective, root, kernel, optimum) for k in ks])


def _sweep_row(topology: Topology, k: int, collective: str, root: str | None,
               kernel: str | None, optimum: Fraction) -> dict[str, Any]:
    start = time.perf_counter()
    schedule = generate(topology, collective=collective, k=k, root=root, kernel=kernel)
    seconds = time.perf_counter() - start
    phases = schedule.phases or (schedule,)
    return {
        "k": k,
        **exact_cells("algbw", schedule.algbw),
        "fraction_of_optimum": float(schedule.algbw / optimum),
        "distinct_trees": sum(len(p.trees) for p in phases),
        "max_height": max(tree_height(t) for p in phases for t in p.trees + p.orbits),
        "seconds": seconds,
    }


def sweep(topology: Topology, ks, *, collective: "Collective | str" = "allgather", root: str | None = None,
          kernel: str | None = None, progress=None, executor=None) -> Any:
    """A pandas DataFrame, one row per k: algbw (a float, the exact value beside it),
    fraction of the optimum (for allreduce: of the reduce-scatter + allgather tree bound),
    number of distinct trees, maximum tree height (compute hops) and generation seconds.
    Numbers are floats or integers that plot, exact values sit beside them in
    ``<name>_exact`` columns (docs/api.md, "Conventions"). ``root`` is for broadcast
    and reduce; ``progress(row)`` is called as each row is done; ``executor`` runs the
    values of k in parallel (module docstring).

    :param topology: the network
    :param ks: the values of k, whole numbers from 1 to :data:`MAX_K`, in the order wanted
    :param collective: any of the five collectives (or its
        :class:`~forestcoll_opt.model.collective.Collective`)
    :param root: the root compute node of broadcast/reduce; None for the others
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: True for a progress bar (tqdm; a widget in a notebook), or a callable
        given each row (a dict) as it is done, or None
    :param executor: None, a :class:`concurrent.futures.Executor` or a Dask client
    :returns: a DataFrame with the columns :data:`SWEEP_COLUMNS`: ``k``, ``algbw`` (a
        float, which plots: ``df.plot(x="k", y="algbw")``) and ``algbw_exact`` (the
        :class:`~fractions.Fraction`), ``fraction_of_optimum``, ``distinct_trees``,
        ``max_height`` and ``seconds``; every column but ``algbw_exact`` is numeric
        (``int64`` or ``float64``)
    :raises UsageError: as :func:`iter_sweep`, and for a ``progress`` that is neither a
        bool, None nor a callable
    :raises BoundError: as :func:`iter_sweep`
    :raises ScheduleError: as :func:`iter_sweep`
    """
    ks = list(ks)
    report, done = _progress(progress, len(ks), "sweep k")
    rows = []
    try:
        for row in iter_sweep(topology, ks, collective=collective, root=root, kernel=kernel,
                              executor=executor):
            rows.append(row)
            report(row)
    finally:
        done()
    return data_frame(rows, _SWEEP_KINDS)


def _progress(progress: Any, total: int, what: str) -> tuple[Callable[[dict], None],
                                                            Callable[[], None]]:
    """(called with each row, called at the end) for a ``progress`` argument: True draws
    a tqdm bar (``tqdm.auto``: a widget in a notebook, text in a terminal), a callable is
    given each row, None or False reports nothing."""
    if progress is None or progress is False:
        return (lambda row: None), (lambda: None)
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc=what)
        return (lambda row: bar.update(1)), bar.close
    if callable(progress):
        return progress, (lambda: None)
    raise UsageError(f"progress must be True, False, None or a callable given each row, got "
                     f"{type(progress).__name__}")


_SWEEP_KINDS = {"k": "count", "algbw": "number", "algbw_exact": "exact",
                "fraction_of_optimum": "number", "distinct_trees": "count",
                "max_height": "count", "seconds": "number"}
SWEEP_COLUMNS = tuple(_SWEEP_KINDS)
"""The columns of :func:`sweep` (the keys of :func:`iter_sweep`'s rows), in order."""

_COMPARE_KINDS = {
    "topology": "text", "N": "count",
    "allgather_bound": "number", "allgather_bound_exact": "exact",
    "allgather_lp": "number", "allreduce_lp": "number",
    "allreduce_lp_lower": "number", "allreduce_lp_lower_exact": "exact",
    "allreduce_lp_upper": "number", "allreduce_lp_upper_exact": "exact",
    "allreduce_lp_gap": "number",
    "tree_allreduce": "number", "tree_allreduce_exact": "exact",
    "tree_over_lp": "number", "tree_distinct_trees": "count",
    "lp_schedule": "number", "lp_schedule_exact": "exact",
    "lp_schedule_over_lp": "number", "lp_schedule_in_interval": "flag",
    "lp_schedule_distinct_trees": "count", "lp_seconds": "number",
    "lp_schedule_seconds": "number"}
COMPARE_COLUMNS = tuple(_COMPARE_KINDS)
"""The columns of :func:`compare`, in order."""


def compare(topologies, *, kernel: str | None = None, progress=None, executor=None) -> Any:
    """One row per topology: the exact allgather bound, the allgather LP, the allreduce LP
    (HiGHS's value and its certified interval), the tree allreduce (reduce-scatter +
    allgather schedules from the generator, algbw from their link loads) and the LP
    allreduce schedule (:func:`~forestcoll_opt.lp.schedule.lp_allreduce`: concurrent
    trees on the LP's link shares), each with its ratio to the LP and its number of
    distinct trees. ``executor`` runs the topologies in parallel (module docstring).

    :param topologies: an iterable of :class:`~forestcoll_opt.model.topology.Topology`
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: True for a progress bar (tqdm; a widget in a notebook), or a callable
        given each row (a dict) as it is done, or None
    :param executor: None, a :class:`concurrent.futures.Executor` or a Dask client
    :returns: a DataFrame, one row per topology in the order given, with the columns
        :data:`COMPARE_COLUMNS`: ``topology``, ``N``, ``allgather_bound``,
        ``allgather_lp``, ``allreduce_lp`` and its ``_lower``, ``_upper`` and ``_gap``,
        ``tree_allreduce``, ``tree_over_lp``, ``lp_schedule``, ``lp_schedule_over_lp``,
        ``lp_schedule_in_interval`` (a flag), tree counts and seconds. Every number is a
        float or an integer that plots (as in :func:`sweep`); where it is exact (the
        bound, the certified LP interval, the two schedules) the
        :class:`~fractions.Fraction` sits beside it in ``<name>_exact``.
    :raises LPError: when an LP cannot be solved and certified (its subclasses say why)
    :raises UsageError: for an unusable executor, or a ``progress`` that is neither a bool,
        None nor a callable
    """
    topologies = list(topologies)
    report, done = _progress(progress, len(topologies), "compare")
    rows = []
    try:
        for row in in_order(executor, _compare_row, [(topo, kernel) for topo in topologies]):
            rows.append(row)
            report(row)
    finally:
        done()
    return data_frame(rows, _COMPARE_KINDS)


def _compare_row(topo: Topology, kernel: str | None) -> dict[str, Any]:
    from ..lp.solver import solve
    from ..lp.schedule import lp_allreduce

    exact = compute_bound(topo, kernel=kernel).algbw
    ag_lp = solve(topo, collective="allgather", kernel=kernel)
    ar_lp = solve(topo, collective="allreduce", kernel=kernel)
    tree_schedule = generate(topo, collective="allreduce", kernel=kernel)
    tree = tree_schedule.algbw
    start = time.perf_counter()
    lp_schedule = lp_allreduce(topo, kernel=kernel, lp=ar_lp)
    lp_seconds = time.perf_counter() - start
    lp_tree = lp_schedule.algbw
    return {
        "topology": topo.name, "N": len(topo.compute_nodes),
        **exact_cells("allgather_bound", exact),
        "allgather_lp": float(ag_lp.algbw), "allreduce_lp": float(ar_lp.algbw),
        **exact_cells("allreduce_lp_lower", ar_lp.lower),
        **exact_cells("allreduce_lp_upper", ar_lp.upper),
        "allreduce_lp_gap": float(ar_lp.gap),
        **exact_cells("tree_allreduce", tree),
        "tree_over_lp": float(tree) / float(ar_lp.algbw),
        "tree_distinct_trees": tree_schedule.num_trees,
        **exact_cells("lp_schedule", lp_tree),
        "lp_schedule_over_lp": float(lp_tree) / float(ar_lp.algbw),
        "lp_schedule_in_interval": bool(ar_lp.lower <= lp_tree <= ar_lp.upper),
        "lp_schedule_distinct_trees": lp_schedule.num_trees,
        "lp_seconds": ar_lp.seconds,
        "lp_schedule_seconds": lp_seconds,
    }
