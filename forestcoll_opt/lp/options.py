"""The values the LP layer's options take, importable without PuLP or HiGHS (the command
line lists them in its help without loading a solver)."""

from __future__ import annotations

from ..model.collective import Collective

__all__ = ["FORMULATIONS", "GROUPS_COLLECTIVES", "GROUPS_NAMES", "LP_COLLECTIVES",
           "LP_COLLECTIVE_NAMES", "PARETO_COLLECTIVES", "PARETO_NAMES", "SOLVED",
           "SOLVED_NAMES"]

LP_COLLECTIVES = (Collective.ALLREDUCE, Collective.ALLGATHER)
"""The collectives the LP is written for (paper, appendix "Allreduce Linear Program";
allgather as its check against the exact bound)."""

LP_COLLECTIVE_NAMES = tuple(c.value for c in LP_COLLECTIVES)
"""Their string values: the LPs :func:`~forestcoll_opt.lp.model.build_model` builds."""

SOLVED = (*LP_COLLECTIVES, Collective.ALLTOALL)
"""The collectives :func:`~forestcoll_opt.lp.solver.solve` takes: the LP's, and all-to-all
(the maximum concurrent flow of :mod:`forestcoll_opt.lp.alltoall`)."""

SOLVED_NAMES = tuple(c.value for c in SOLVED)
"""Their string values."""

FORMULATIONS = ("cuts", "explicit")
"""The allreduce LP's formulations: lazy cut constraints, or one explicit flow per target
(:mod:`forestcoll_opt.lp.model`)."""

GROUPS_COLLECTIVES = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.ALLREDUCE,
                      Collective.ALLTOALL)
"""The collectives of the concurrent-groups LP (:func:`~forestcoll_opt.lp.groups.solve.concurrent`;
allreduce as a reduce-scatter then an allgather; alltoall as the all-to-all LP with a block
demand, :mod:`forestcoll_opt.lp.groups.alltoall`)."""

GROUPS_NAMES = tuple(c.value for c in GROUPS_COLLECTIVES)
"""Their string values."""

PARETO_COLLECTIVES = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.ALLREDUCE)
"""The collectives of the throughput–depth front (:func:`~forestcoll_opt.lp.depth.front.pareto`;
reduce-scatter as allgather on the reversed network, allreduce as the two in turn)."""

PARETO_NAMES = tuple(c.value for c in PARETO_COLLECTIVES)
"""Their string values."""
