"""The best allreduce the toolkit builds, and which bound it is measured against.

Two allreduce schedules can be built: the best reduce-scatter followed by the best
allgather (trees, :func:`~forestcoll_opt.generation.pipeline.generate`; their algbw is
the *reduce-scatter + allgather tree bound*), and the schedule at the allreduce LP optimum
(:func:`~forestcoll_opt.lp.schedule.lp_allreduce`: reduce and broadcast trees running at
the same time on the LP's link shares). The LP optimum is never below the tree bound, and
is strictly above it where the network's two directions or the two phases would leave
bandwidth idle (``mi250:boxes=2,gpus=8``: 128 against 104 GB/s).

:func:`best_allreduce` with ``method="auto"`` (the default of ``generate``) decides by
one rule, :func:`lp_solved_by_default`, which ``verify``, ``report``, ``tradeoff`` and
``whatif`` apply too (:mod:`forestcoll_opt.analysis.checks`):

* the model :func:`~forestcoll_opt.lp.solver.solve` builds by default (folded by the
  automorphism group from 64 compute nodes, :mod:`forestcoll_opt.lp.folded`) has at most
  :data:`LP_MAX_VARIABLES` variables (:func:`lp_variables`): the allreduce LP is solved
  (HiGHS, certified). Where its certified upper value is at most the tree bound, the
  trees are LP-optimal and are built; otherwise the LP schedule is built and kept if its
  exact algbw is above the tree bound (the trees otherwise). Either way the schedule is
  measured against the LP optimum, as ``verify`` measures it.
* a larger model (a big network with little symmetry): the trees, without solving the
  LP, measured against the tree bound only, and ``verify`` judges such trees against the
  tree bound too; ``method="lp"`` builds the LP schedule at any size.
* ``k`` or ``weights`` given: the trees (the LP fixes each root's share and tree count).

``method="trees"`` always gives the trees, ``method="lp"`` always the LP schedule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import LPError
from ..generation.bounding import rs_ag_algbw
from ..generation.pipeline import compact_generators, generate, stage
from ..model.collective import check_method
from ..model.compact import compress
from ..model.schedule import Schedule
from ..model.topology import Topology
from .solver import LPResult, solve, solve_folded


def lp_variables(topology: Topology) -> int:
    """The variables of the allreduce LP model :func:`~forestcoll_opt.lp.solver.solve`
    builds by default (``symmetry=None``, cuts formulation): per orbit where it folds the
    model by the automorphism group (from
    :data:`~forestcoll_opt.lp.folded.SYMMETRY_MIN_COMPUTE` compute nodes), else one x per
    compute node, one logical capacity per kind and logical pair, and one route flow per
    kind, source and link it may use. Finding the group costs what ``generate`` spends on
    it (under a second on the catalog's 128-GPU networks).

    :param topology: the network
    :returns: the number of variables
    """
    from .folded import choose_folding

    return _variables(topology, choose_folding(topology, "allreduce", "cuts", None))


def _variables(topology: Topology, folding) -> int:
    """:func:`lp_variables` with the default model's folding (or None) already chosen."""
    from .model import _logical_pairs

    if folding is not None:
        return len(folding.reps) + 2 * len(folding.pair_reps) + 2 * len(folding.route_reps)
    compute = set(topology.compute_nodes)
    routes = sum(1 if u in compute else len(compute) - (v in compute)
                 for u, v in topology.capacity)
    return len(compute) + 2 * len(_logical_pairs(topology)) + 2 * routes


def lp_solved_by_default(topology: Topology) -> bool:
    """The one rule deciding whether the allreduce LP is solved without being asked for
    (``generate``'s ``method="auto"``, ``verify`` of reduce-scatter + allgather trees,
    ``report``, ``tradeoff``, ``whatif``): its default model has at most
    :data:`LP_MAX_VARIABLES` variables (:func:`lp_variables`).

    :param topology: the network
    :returns: True to solve it
    """
    return lp_variables(topology) <= LP_MAX_VARIABLES


def not_solved_reason(variables: int) -> str:
    """Why an allreduce LP of ``variables`` variables (:func:`lp_variables`) is not solved
    by default, one clause."""
    return (f"the allreduce LP of this network has {variables:,} variables, above the "
            f"{LP_MAX_VARIABLES:,} up to which it is solved by default")

LP_MAX_VARIABLES = 20_000
"""The allreduce LP is solved by default (:func:`lp_solved_by_default`) when the model
:func:`~forestcoll_opt.lp.solver.solve` builds by default has at most this many variables.
Measured (whole solve, one core of a loaded 2-core machine): the unfolded model of 64
MI250 GCDs (``mi250:boxes=4``, ``symmetry=False``) has 16,768 variables and solves in
about 4 s and 150 MB; that of 128 A100s (``dgx-a100:boxes=16``, ``symmetry=False``)
82,816 variables, 17 s and 370 MB. Folded, the catalog's networks have a few dozen to a
few hundred variables (27 on ``dgx-a100:boxes=16``) and solve in under a second."""

TREE_BOUND = "reduce-scatter + allgather tree bound"
LP_OPTIMUM = "allreduce LP optimum"


@dataclass(frozen=True)
class AllreduceChoice:
    """The allreduce :func:`best_allreduce` built, and against which bound it stands.

    :ivar schedule: the schedule built
    :ivar method: ``"lp"`` (the schedule at the LP optimum, concurrent phases) or
        ``"trees"`` (reduce-scatter then allgather)
    :ivar tree_bound: the exact reduce-scatter + allgather tree bound (the best algbw of
        trees run one phase after the other)
    :ivar lp: the allreduce LP solved for the choice (its certified interval), or None
        when it was not solved
    :ivar why: ``"asked"`` (the method was given), ``"size"`` (the LP's model has more
        than :data:`LP_MAX_VARIABLES` variables: LP not solved), ``"equal"`` (the
        trees reach the LP optimum: its certified upper value is at most the tree bound,
        or the tree bound is at least its lower value and no schedule from the LP's shares
        beats the trees), ``"not-better"`` (the LP optimum may be higher but the LP
        schedule built does not beat the trees), ``"better"`` (it does), ``"lp-failed"``
        (the LP could not be solved: ``reason`` says why)
    :ivar reason: one sentence on the choice
    :ivar variables: the LP's variables (:func:`lp_variables`) where the rule looked at
        them, else None
    """

    schedule: Schedule
    method: str
    tree_bound: Fraction
    lp: LPResult | None
    why: str
    reason: str
    variables: int | None = None

    @property
    def reference(self) -> str:
        """The bound the schedule is measured against: the allreduce LP optimum where the
        LP was solved, else the reduce-scatter + allgather tree bound."""
        return LP_OPTIMUM if self.lp is not None else TREE_BOUND

    @property
    def reaches_lp(self) -> bool | None:
        """Whether the schedule reaches the LP optimum within its certified interval (as
        the verifier decides: algbw >= max(lower, tree bound)); None without the LP."""
        if self.lp is None:
            return None
        return self.schedule.algbw >= max(self.lp.lower, self.tree_bound)

    @property
    def ratio(self) -> Fraction:
        """algbw over the reference: the LP's certified upper value (the conservative
        ratio the verifier reports), else the tree bound."""
        ref = self.lp.upper if self.lp is not None else self.tree_bound
        return self.schedule.algbw / ref


def best_allreduce(topology: Topology, *, method: str = "auto", kernel: str | None = None,
                   progress=None, symmetry: bool | None = None, multicast: str = "auto",
                   compact: bool = False, lp: LPResult | None = None) -> AllreduceChoice:
    """The allreduce schedule ``method`` asks for (module docstring: the rule of
    ``"auto"``), with the bound it is measured against.

    :param topology: the network
    :param method: ``"auto"``, ``"trees"`` or ``"lp"``
        (:data:`~forestcoll_opt.model.collective.ALLREDUCE_METHODS`)
    :param kernel: the max-flow kernel; None for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param symmetry: as for :func:`~forestcoll_opt.generation.pipeline.generate` (and the
        LP's folding)
    :param multicast: the trees' in-network multicast, ``"auto"`` or ``"off"`` (the LP
        schedule uses none)
    :param compact: True to write the schedule compactly (``forestcoll-schedule/3``)
    :param lp: the allreduce LP of this topology already solved, or None to solve it here
        when the method needs it
    :returns: the :class:`AllreduceChoice`
    :raises CollectiveError: for an unknown method
    :raises LPError: when ``method="lp"`` and the LP cannot be solved and certified
    """
    method = check_method(method)
    with stage(progress, "tree bound"):         # reported so that -v can time it
        tree_bound = rs_ag_algbw(topology, kernel=kernel)

    def trees(why: str, reason: str, solved: LPResult | None = None,
              variables: int | None = None) -> AllreduceChoice:
        s = generate(topology, collective="allreduce", kernel=kernel, progress=progress,
                     symmetry=symmetry, multicast=multicast, compact=compact)
        if solved is not None:
            s = replace(s, stats=replace(s.stats, lp_seconds=solved.seconds,
                                         lp_lower=solved.lower, lp_upper=solved.upper))
        return AllreduceChoice(s, "trees", tree_bound, solved, why, reason, variables)

    if method == "trees":
        return trees("asked", "method=\"trees\": reduce-scatter then allgather trees")
    why, reason, lp, built, variables = _lp_side(topology, method, tree_bound, kernel=kernel,
                                                 progress=progress, symmetry=symmetry, lp=lp)
    if built is None:
        return trees(why, reason, lp, variables)
    assert lp is not None
    built = replace(built, stats=replace(built.stats, lp_seconds=lp.seconds))
    if compact:
        built = compress(topology, built, generators=compact_generators(topology))
    if method == "lp":
        return AllreduceChoice(built, "lp", tree_bound, lp, "asked",
                               "method=\"lp\": reduce and broadcast trees at the allreduce "
                               "LP optimum, run concurrently")
    return AllreduceChoice(built, "lp", tree_bound, lp, "better",
                           f"the {LP_OPTIMUM} is above the {TREE_BOUND}: reduce and "
                           f"broadcast trees on the LP's link shares, run concurrently")


def _lp_side(topology: Topology, method: str, tree_bound: Fraction, *, kernel: str | None,
             progress, symmetry: bool | None, lp: LPResult | None
             ) -> tuple[str, str, LPResult | None, Schedule | None, int | None]:
    """The rule of ``"auto"`` (and ``"lp"``) up to building the trees: (why, reason, the LP
    solved or None, the LP schedule when it is the choice else None, the LP's variables
    where the rule looked at them)."""
    variables = folding = None
    if method == "auto" and lp is None:     # the size rule's folding is solve's default one
        from .folded import choose_folding

        folding = choose_folding(topology, "allreduce", "cuts", None)
        variables = _variables(topology, folding)
    if variables is not None and variables > LP_MAX_VARIABLES:
        return ("size", f"{not_solved_reason(variables)}: reduce-scatter then allgather "
                        f"trees, measured against the {TREE_BOUND} (method=\"lp\" builds the "
                        f"schedule at the LP optimum)", None, None, variables)
    if lp is None:
        try:
            with stage(progress, "allreduce LP"):   # reported so that -v can time it
                lp = (solve_folded(topology, folding, kernel=kernel)
                      if variables is not None and symmetry is None else
                      solve(topology, collective="allreduce", kernel=kernel,
                            symmetry=symmetry))
        except LPError as exc:
            if method == "lp":
                raise
            return ("lp-failed", f"the allreduce LP could not be solved ({exc}): reduce-scatter "
                                 f"then allgather trees, measured against the {TREE_BOUND}",
                    None, None, variables)
    if method == "auto" and lp.upper <= tree_bound:
        return ("equal", f"the {LP_OPTIMUM} equals the {TREE_BOUND}: reduce-scatter then "
                         f"allgather trees reach it", lp, None, variables)
    from .schedule import lp_allreduce

    built = lp_allreduce(topology, kernel=kernel, progress=progress, symmetry=symmetry, lp=lp)
    if method == "auto" and built.algbw <= tree_bound:
        if tree_bound >= lp.lower:         # the trees reach the LP optimum, as verify judges
            return ("equal", f"the {TREE_BOUND} reaches the {LP_OPTIMUM} within its certified "
                             f"interval: reduce-scatter then allgather trees", lp, None,
                    variables)
        return ("not-better", f"the schedule built from the LP's shares does not beat the "
                              f"{TREE_BOUND}: reduce-scatter then allgather trees", lp, None,
                variables)
    return "better", "", lp, built, variables


def default_allreduce_algbw(topology: Topology, *, kernel: str | None = None
                            ) -> tuple[Fraction, str, bool | None]:
    """The algbw of the allreduce ``generate`` writes by default
    (:func:`best_allreduce` with ``method="auto"``), without building the trees when they
    are the choice (their algbw is the tree bound).

    :param topology: the network
    :param kernel: the max-flow kernel; None for the fastest one installed
    :returns: (algbw, ``"lp"`` or ``"trees"``, whether it reaches the LP optimum as the
        verifier decides, None when the LP was not solved)
    """
    tree_bound = rs_ag_algbw(topology, kernel=kernel)
    _, _, lp, built, _ = _lp_side(topology, "auto", tree_bound, kernel=kernel, progress=None,
                                  symmetry=None, lp=None)
    if built is None:
        return tree_bound, "trees", None if lp is None else tree_bound >= lp.lower
    assert lp is not None
    return built.algbw, "lp", built.algbw >= max(lp.lower, tree_bound)
