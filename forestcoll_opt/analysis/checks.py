"""The verifier with the allreduce LP solved on demand: the top-level ``forestcoll_opt.verify``
and ``forestcoll_opt.assert_optimal``.

The independent verifier (:mod:`forestcoll_opt.verify`) never imports the LP: it compares an
allreduce schedule with the allreduce LP optimum (the ForestColl paper's appendix
"Allreduce Linear Program") only through a certified interval, or a function returning one,
that its caller passes in. This module, above both, is that caller: when no interval is
given it passes :func:`allreduce_lp`, which solves the LP with HiGHS only if the verifier
asks for it, that is for an allreduce schedule found sound and compared against the LP;
for an all-to-all schedule, :func:`alltoall_lp` solves the all-to-all LP of its demand.
The command line (``forestcoll verify``) uses the same functions.

Whether the allreduce LP is solved follows the one rule ``generate`` follows
(:func:`forestcoll_opt.lp.choice.lp_solved_by_default`): where its model is above
:data:`~forestcoll_opt.lp.choice.LP_MAX_VARIABLES` variables, ``generate`` writes
reduce-scatter + allgather trees without solving it, and :func:`allreduce_reference` has
such trees (a sequential, unweighted allreduce) judged against the reduce-scatter +
allgather tree bound, with a note saying so. A concurrent or weighted allreduce (``generate
--method lp``, ``--weights``) has no other reference: its LP is solved at any size.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..model.topology import Topology
from ..verify import verdict as _verifier
from ..verify.members import as_group
from ..verify.reader import load_schedule
from ..verify.verdict import Verdict

if TYPE_CHECKING:
    from ..lp.solver import LPResult


def allreduce_lp(topology: Topology, *, against: str = "lp", time_limit: float | None = None,
                 kernel: str | None = None) -> Callable[[], LPResult] | None:
    """What to pass as ``lp_interval`` to the verifier when the caller has no LP interval.

    Against the LP, a function without arguments that solves and certifies the allreduce LP
    of ``topology`` (:func:`forestcoll_opt.lp.solver.solve`) and returns its result; the
    verifier calls it only for an allreduce schedule it found sound, so nothing is solved
    for another collective, an invalid schedule or a validity-only verdict, and the LP
    layer (PuLP, HiGHS) is imported only then. Against the trees: None, since an interval
    is not needed there (one given is only reported).

    :param topology: the network whose allreduce LP is solved
    :param against: the allreduce reference, "lp" (default) or "trees" (any other value
        is left to the verifier to refuse)
    :param time_limit: seconds for HiGHS (None: no limit)
    :param kernel: the max-flow kernel of the LP's max-flows (None: the default)
    :returns: the function, or None when there is nothing to solve
    """
    if against != "lp":
        return None

    def solve_allreduce_lp() -> LPResult:
        from ..lp.solver import solve

        return solve(topology, collective="allreduce", time_limit=time_limit, kernel=kernel)

    return solve_allreduce_lp


def alltoall_lp(topology: Topology, schedule: Mapping[str, Any], *,
                time_limit: float | None = None,
                kernel: str | None = None) -> Callable[[], Any]:
    """What to pass as ``lp_interval`` for an all-to-all schedule: a function that solves
    and certifies the all-to-all LP of ``topology`` for the schedule's own demand
    (:func:`forestcoll_opt.lp.alltoall.model.solve_alltoall`), called by the verifier only for a
    schedule it found sound.

    :param topology: the network
    :param schedule: the schedule object as read (its ``"demand"`` is used, if any)
    :param time_limit: seconds for HiGHS (None: no limit)
    :param kernel: the max-flow kernel of the certificate
    :returns: the function
    """
    def solve_alltoall_lp() -> Any:
        from ..lp.alltoall.model import solve_alltoall

        raw = schedule.get("demand")
        return solve_alltoall(topology, demand=dict(raw) if isinstance(raw, Mapping) else None,
                              time_limit=time_limit, kernel=kernel)

    return solve_alltoall_lp


def allreduce_reference(topology: Topology, data: Mapping[str, Any], *, against: str = "lp",
                        weights: Mapping[str, Any] | None = None
                        ) -> tuple[str, str | None]:
    """The reference an allreduce schedule is judged against by default, by the rule of
    ``generate`` (module docstring): ``against`` unchanged, except that a sequential,
    unweighted allreduce on a network whose allreduce LP is not solved by default
    (:func:`forestcoll_opt.lp.choice.lp_solved_by_default`) is judged against the trees.

    :param topology: the network
    :param data: the schedule object as read
    :param against: the reference asked for
    :param weights: the shard sizes the caller expects, if any
    :returns: (the reference to verify against, the note saying why it changed, or None)
    """
    if (against != "lp" or data.get("collective") != "allreduce" or weights is not None
            or data.get("concurrent") is True or data.get("weights") is not None):
        return against, None
    from ..lp.choice import LP_MAX_VARIABLES, lp_variables, not_solved_reason

    variables = lp_variables(topology)
    if variables <= LP_MAX_VARIABLES:
        return against, None
    return "trees", (f"judged against the reduce-scatter + allgather tree bound, as "
                     f"generate measures its trees: {not_solved_reason(variables)}")


def _on_demand(topology: Topology, schedule: Any, against: str, kernel: str | None,
               weights: Mapping[str, Any] | None = None
               ) -> tuple[Any, str, Callable[[], Any] | None, str | None]:
    """The schedule read once, the reference by the default rule, the LP function its
    verdict may need, and the note on a changed reference."""
    data = load_schedule(schedule)
    topology = as_group(topology, data)     # a process group's schedule: its group's LP
    if data.get("collective") == "alltoall":
        return data, against, (alltoall_lp(topology, data, kernel=kernel)
                               if against == "lp" else None), None
    against, note = allreduce_reference(topology, data, against=against, weights=weights)
    return data, against, allreduce_lp(topology, against=against, kernel=kernel), note


def with_note(verdict: Verdict, note: str | None) -> Verdict:
    """``verdict`` with ``note`` added to its notes (unchanged for None)."""
    return verdict if note is None else replace(verdict, notes=verdict.notes + (note,))


def verify(topology: Topology, schedule: Any, *, against: str = "lp",
           lp_interval: tuple[Fraction, Fraction] | Callable[[], Any] | None = None,
           kernel: str | None = None, weights: Mapping[str, Any] | None = None,
           validity_only: bool = False, demand: Any = None,
           max_depth: int | None = None) -> Verdict:
    """Check ``schedule`` on ``topology`` with the independent verifier
    (:func:`forestcoll_opt.verify.verdict.verify`), solving the allreduce LP when the
    verdict needs it and no interval is given.

    The arguments and the verdict are the verifier's. The one difference is the default
    of ``lp_interval`` for an allreduce compared against the LP: instead of refusing, the
    allreduce LP of ``topology`` is solved and certified (HiGHS, no time limit), and only
    when needed: only for an allreduce schedule that is sound, never for another
    collective, ``against="trees"`` or ``validity_only=True``; and by ``generate``'s rule
    (:func:`allreduce_reference`): where that LP is too large to be solved by default, a
    sequential, unweighted allreduce is judged against the reduce-scatter + allgather tree
    bound instead, and a note says so. To bound the time it takes, solve it yourself (``forestcoll_opt.solve_lp(topology, collective="allreduce", time_limit=...)``)
    and pass the result as ``lp_interval``; an interval given is passed through unchanged.

    :param topology: the network the schedule is for
    :param schedule: a dict, the path of a ``forestcoll-schedule/1`` or ``/2`` JSON file, or
        an object with ``to_dict()`` (such as a :class:`~forestcoll_opt.model.schedule.Schedule`)
    :param against: the allreduce reference, "lp" (default: the allreduce LP optimum) or
        "trees" (the reduce-scatter + allgather tree bound)
    :param lp_interval: the allreduce LP optimum's certified interval ``(lower, upper)``
        (exact numbers, or an object with ``.lower`` and ``.upper`` such as the LP's
        result), or a function without arguments returning it; None (default): solved
        here when needed
    :param kernel: the max-flow kernel of the verifier's bound and of the LP
    :param weights: the shard sizes the caller expects: every compute node id mapped to a
        non-negative exact number, at least one positive
    :param validity_only: check the schedule and compute its exact algbw, compare with
        nothing (status "valid"; never optimal)
    :param demand: all-to-all only: the demand matrix the schedule must be for (default:
        the uniform all-to-all; a schedule of another demand is invalid), as for the
        verifier
    :param max_depth: the trees must have depth at most this (a deeper schedule is
        invalid); None: any depth
    :returns: the :class:`~forestcoll_opt.verify.verdict.Verdict`; everything wrong *in* a
        schedule is a reason in it, never an exception
    :raises VerifyError: if the schedule cannot be read at all
    :raises VerifyArgumentError: for unusable arguments (a weighted or concurrent allreduce
        against the trees, malformed ``weights`` or ``lp_interval``)
    :raises LPError: if the allreduce LP needed for the verdict cannot be solved
    :raises FlowError: if the max-flow kernel cannot answer
    """
    note = None
    if lp_interval is None and not validity_only:
        schedule, against, lp_interval, note = _on_demand(topology, schedule, against, kernel,
                                                          weights)
    return with_note(_verifier.verify(topology, schedule, against=against,
                                      lp_interval=lp_interval, kernel=kernel, weights=weights,
                                      validity_only=validity_only, demand=demand,
                                      max_depth=max_depth), note)


def assert_optimal(topology: Topology, schedule: Any, *, min_ratio: Any = 1,
                   against: str = "lp",
                   lp_interval: tuple[Fraction, Fraction] | Callable[[], Any] | None = None,
                   kernel: str | None = None,
                   weights: Mapping[str, Any] | None = None, demand: Any = None) -> Verdict:
    """For users' test suites: the verifier's
    :func:`forestcoll_opt.verify.verdict.assert_optimal`, solving the allreduce LP when the
    verdict needs it and no interval is given (as :func:`verify` here does).

    Raises ``AssertionError`` (carrying ``.verdict``) unless the schedule is valid and
    reaches ``min_ratio`` of its reference; for allreduce against the LP: algbw >=
    min_ratio × the LP's certified lower value. It always compares with a reference, so it
    never passes on a validity-only verdict.

    :param topology: the network the schedule is for
    :param schedule: as for :func:`verify`
    :param min_ratio: the fraction of the reference to reach, in (0, 1]; default 1: optimal
    :param against: as for :func:`verify`
    :param lp_interval: as for :func:`verify`; None (default): the LP is solved when needed
    :param kernel: as for :func:`verify`
    :param weights: as for :func:`verify`
    :param demand: as for :func:`verify`
    :returns: the verdict, when it passes
    :raises AssertionError: for an invalid schedule, a contradiction, or a schedule below
        ``min_ratio`` (the message says which)
    :raises VerifyArgumentError: for unusable arguments, and a ``min_ratio`` outside (0, 1]
    :raises LPError: if the allreduce LP needed for the verdict cannot be solved
    """
    if lp_interval is None:
        schedule, against, lp_interval, _ = _on_demand(topology, schedule, against, kernel,
                                                       weights)
    return _verifier.assert_optimal(topology, schedule, min_ratio=min_ratio, against=against,
                                    lp_interval=lp_interval, kernel=kernel, weights=weights,
                                    demand=demand)
