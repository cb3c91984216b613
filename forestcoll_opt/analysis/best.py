"""``fc.generate``: the best schedule the toolkit builds for a collective. For every
collective but allreduce it is :func:`forestcoll_opt.generation.pipeline.generate`; for
allreduce it is the schedule at the allreduce LP optimum where that beats the
reduce-scatter + allgather trees, by the rule of :mod:`forestcoll_opt.lp.choice` (the LP
is solved by default where its model has at most
:data:`~forestcoll_opt.lp.choice.LP_MAX_VARIABLES` variables, the rule ``verify``
applies)."""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import ScheduleError
from ..generation.pipeline import generate as generate_trees
from ..model.collective import Collective, check_method, check_request
from ..model.schedule import Schedule
from ..model.topology import Topology


def generate(topology: Topology, *, collective: "Collective | str" = "allgather",
             k: int | None = None, root: str | None = None, kernel: str | None = None,
             progress=None, symmetry: bool | None = None,
             weights: Mapping[str, Any] | None = None, multicast: str = "auto",
             compact: bool = False, method: str = "auto") -> Schedule:
    """The best schedule for ``collective`` the toolkit builds: optimal with the least k
    that reaches the bound, or the best with exactly ``k`` trees per root when ``k`` is
    given (:func:`forestcoll_opt.generation.pipeline.generate`, whose arguments these
    are), and for allreduce the better of two schedules (:mod:`forestcoll_opt.lp.choice`):

    * ``method="auto"`` (default): where the allreduce LP's model has at most
      :data:`~forestcoll_opt.lp.choice.LP_MAX_VARIABLES` variables
      (:func:`~forestcoll_opt.lp.choice.lp_solved_by_default`, the rule ``verify``
      applies) the LP is solved, and the schedule at its optimum
      (:func:`~forestcoll_opt.lp.schedule.lp_allreduce`, concurrent reduce and broadcast
      trees) is returned where it is strictly faster than the reduce-scatter + allgather
      trees, the trees otherwise (on the catalog's uniform machines they are LP-optimal).
      Above that size, or with ``k`` or ``weights``, the trees, without solving the LP.
    * ``method="trees"``: the best reduce-scatter followed by the best allgather.
    * ``method="lp"``: the schedule at the LP optimum, at any size.

    ``forestcoll_opt.lp.choice.best_allreduce`` returns the choice with its reason and the
    bound it is measured against.

    :param topology: the network
    :param collective: a :class:`~forestcoll_opt.model.collective.Collective` or its string
        value
    :param k: trees per root (per unit of weight); None for the least k at the bound
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param kernel: the max-flow kernel; None for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param symmetry: True or False to use the automorphism group or not; None: the default
        of :func:`~forestcoll_opt.generation.pipeline.generate`
    :param weights: compute node id -> relative shard size, or None for equal shards
    :param multicast: ``"auto"`` or ``"off"``
    :param compact: True for a compact schedule (``forestcoll-schedule/3``)
    :param method: allreduce only: ``"auto"``, ``"trees"`` or ``"lp"`` (above); other
        collectives take ``"auto"`` or ``"trees"``, which are the same
    :returns: the schedule, its ``algbw`` computed from its own link loads
    :raises CollectiveError: as :func:`~forestcoll_opt.generation.pipeline.generate`
    :raises CollectiveError: for an unknown ``method``, and as
        :func:`~forestcoll_opt.generation.pipeline.generate`
    :raises ScheduleError: as :func:`~forestcoll_opt.generation.pipeline.generate`, and for
        ``method="lp"`` with another collective, ``k`` or ``weights``
    :raises LPError: when ``method="lp"`` and the LP cannot be solved and certified
    """
    member = check_request(topology, collective, root=root, weights=weights)
    check_method(method)
    if method == "lp" and member is not Collective.ALLREDUCE:
        raise ScheduleError(f"method=\"lp\" builds allreduce schedules; use "
                            f"collective=\"allreduce\" or drop method (for {member.value})")
    if method == "lp" and (k is not None or weights is not None):
        raise ScheduleError("method=\"lp\" takes each root's share and tree count from the "
                            "LP; drop k and weights (or use method=\"trees\")")
    if member is Collective.ALLREDUCE and method != "trees" and k is None and weights is None:
        from ..lp.choice import best_allreduce

        return best_allreduce(topology, method=method, kernel=kernel, progress=progress,
                              symmetry=symmetry, multicast=multicast,
                              compact=compact).schedule
    return generate_trees(topology, collective=member, k=k, root=root, kernel=kernel,
                          progress=progress, symmetry=symmetry, weights=weights,
                          multicast=multicast, compact=compact)
