"""The best allreduce the toolkit builds, and which bound it is measured against.

Two allreduce schedules can be built: the best reduce-scatter followed by the best
allgather (trees, :func:`~forestcoll_opt.generation.pipeline.generate`; their algbw is
the *reduce-scatter + allgather tree bound*), and the schedule at the allreduce LP optimum
(:func:`~forestcoll_opt.lp.schedule.lp_allreduce`: reduce and broadcast trees running at
the same time on the LP's link shares). The LP optimum is never below the tree bound, and
is strictly above it where the network's two directions or the two phases would leave
bandwidth idle (``mi250:boxes=2,gpus=8``: 128 against 104 GB/s).

:func:`best_allreduce` with ``method="auto"`` (the default of ``generate``) decides by a
rule a user can predict:

* networks of at most :data:`LP_DEFAULT_MAX_COMPUTE` compute nodes: the allreduce LP is
  solved (HiGHS, certified; a few seconds at most on 64 GPUs). Where its certified upper
  value is at most the tree bound, the trees are LP-optimal and are built; otherwise the
  LP schedule is built and kept if its exact algbw is above the tree bound (the trees
  otherwise). Either way the schedule is measured against the LP optimum, as ``verify``
  measures it.
* larger networks: the trees, without solving the LP (its size grows as N² commodities;
  folding by symmetry helps only on symmetric networks), measured against the tree bound
  only; ``method="lp"`` builds the LP schedule at any size.
* ``k`` or ``weights`` given: the trees (the LP fixes each root's share and tree count).

``method="trees"`` always gives the trees, ``method="lp"`` always the LP schedule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import LPError
from ..generation.bound import rs_ag_algbw
from ..generation.pipeline import compact_generators, generate
from ..model.collective import check_method
from ..model.compact import compress
from ..model.schedule import Schedule
from ..model.topology import Topology
from .solver import LPResult, solve

LP_DEFAULT_MAX_COMPUTE = 64
"""``method="auto"`` solves the allreduce LP on networks of at most this many compute
nodes (:func:`best_allreduce`)."""

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
    :ivar why: ``"asked"`` (the method was given), ``"size"`` (more than
        :data:`LP_DEFAULT_MAX_COMPUTE` compute nodes: LP not solved), ``"equal"`` (the
        trees reach the LP optimum: its certified upper value is at most the tree bound,
        or the tree bound is at least its lower value and no schedule from the LP's shares
        beats the trees), ``"not-better"`` (the LP optimum may be higher but the LP
        schedule built does not beat the trees), ``"better"`` (it does), ``"lp-failed"``
        (the LP could not be solved: ``reason`` says why)
    :ivar reason: one sentence on the choice
    """

    schedule: Schedule
    method: str
    tree_bound: Fraction
    lp: LPResult | None
    why: str
    reason: str

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
                   compact: bool = False, lp: LPResult | None = None,
                   max_compute: int = LP_DEFAULT_MAX_COMPUTE) -> AllreduceChoice:
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
    :param max_compute: ``"auto"`` solves the LP up to this many compute nodes
    :returns: the :class:`AllreduceChoice`
    :raises CollectiveError: for an unknown method
    :raises LPError: when ``method="lp"`` and the LP cannot be solved and certified
    """
    method = check_method(method)
    tree_bound = rs_ag_algbw(topology, kernel=kernel)
    n = len(topology.compute_nodes)

    def trees(why: str, reason: str, solved: LPResult | None = None) -> AllreduceChoice:
        s = generate(topology, collective="allreduce", kernel=kernel, progress=progress,
                     symmetry=symmetry, multicast=multicast, compact=compact)
        if solved is not None:
            s = replace(s, stats=replace(s.stats, lp_seconds=solved.seconds,
                                         lp_lower=solved.lower, lp_upper=solved.upper))
        return AllreduceChoice(s, "trees", tree_bound, solved, why, reason)

    if method == "trees":
        return trees("asked", "method=\"trees\": reduce-scatter then allgather trees")
    if method == "auto" and lp is None and n > max_compute:
        return trees("size", f"the allreduce LP is solved by default up to {max_compute} "
                             f"compute nodes and this network has {n}: reduce-scatter then "
                             f"allgather trees, measured against the {TREE_BOUND} "
                             f"(method=\"lp\" builds the schedule at the LP optimum)")
    if lp is None:
        try:
            lp = solve(topology, collective="allreduce", kernel=kernel, symmetry=symmetry)
        except LPError as exc:
            if method == "lp":
                raise
            return trees("lp-failed", f"the allreduce LP could not be solved ({exc}): "
                                      f"reduce-scatter then allgather trees, measured "
                                      f"against the {TREE_BOUND}")
    if method == "auto" and lp.upper <= tree_bound:
        return trees("equal", f"the {LP_OPTIMUM} equals the {TREE_BOUND}: reduce-scatter "
                              f"then allgather trees reach it", lp)
    from .schedule import lp_allreduce

    built = lp_allreduce(topology, kernel=kernel, progress=progress, symmetry=symmetry, lp=lp)
    if method == "auto" and built.algbw <= tree_bound:
        if tree_bound >= lp.lower:         # the trees reach the LP optimum, as verify judges
            return trees("equal", f"the {TREE_BOUND} reaches the {LP_OPTIMUM} within its "
                                  f"certified interval: reduce-scatter then allgather trees",
                         lp)
        return trees("not-better", f"the schedule built from the LP's shares does not beat "
                                   f"the {TREE_BOUND}: reduce-scatter then allgather trees",
                     lp)
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
