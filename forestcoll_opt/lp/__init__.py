"""The allreduce LP, the all-to-all LP (:mod:`forestcoll_opt.lp.alltoall`), the
concurrent-groups LP (:mod:`forestcoll_opt.lp.groups`), the throughput–depth front
(:mod:`forestcoll_opt.lp.depth`) and the schedules at their optima.

The names below are loaded from their modules when first asked for
(:func:`forestcoll_opt.lazy.face`), so that importing a light module of this package
(:mod:`forestcoll_opt.lp.options`, the values the options take) loads neither PuLP nor
HiGHS."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import face

if TYPE_CHECKING:
    from .alltoall.certify import AlltoallWitness
    from .alltoall.model import AlltoallLPResult, solve_alltoall
    from .alltoall.schedule import lp_alltoall
    from .groups.solve import ConcurrentBound, GroupRow, concurrent
    from .groups.schedules import generate_concurrent
    from .depth.front import DepthPoint, ParetoFront, depth_schedule, pareto, pareto_schedules
    from .choice import (LP_MAX_VARIABLES, AllreduceChoice, best_allreduce,
                         lp_solved_by_default, lp_variables)
    from .model import LowerWitness, build_model
    from .schedule import lp_allreduce
    from .result import LPResult
    from .solver import (AllreduceLPResult, LPCertificateError, LPError, LPInfeasibleError,
                         LPModel, LPNotOptimalError, LPSolverError, LPUnboundedError,
                         reference_bandwidth, solve, solve_model)

_WHERE = {
    "AlltoallWitness": ".alltoall.certify",
    "AlltoallLPResult": ".alltoall.model", "solve_alltoall": ".alltoall.model",
    "lp_alltoall": ".alltoall.schedule",
    "LP_MAX_VARIABLES": ".choice", "AllreduceChoice": ".choice", "best_allreduce": ".choice",
    "lp_solved_by_default": ".choice", "lp_variables": ".choice",
    "LowerWitness": ".model", "build_model": ".model",
    "lp_allreduce": ".schedule",
    "ConcurrentBound": ".groups.solve", "GroupRow": ".groups.solve",
    "concurrent": ".groups.solve", "generate_concurrent": ".groups.schedules",
    "LPResult": ".result",
    **{name: ".depth.front" for name in (
        "DepthPoint", "ParetoFront", "depth_schedule", "pareto", "pareto_schedules")},
    **{name: ".solver" for name in (
        "AllreduceLPResult", "LPCertificateError", "LPError", "LPInfeasibleError", "LPModel",
        "LPNotOptimalError", "LPSolverError", "LPUnboundedError", "reference_bandwidth", "solve",
        "solve_model")},
}

__all__ = sorted(_WHERE)

__getattr__, __dir__ = face(__name__, _WHERE)
