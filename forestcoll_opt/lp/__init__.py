"""The allreduce linear program and the allreduce schedules at its optimum."""

from __future__ import annotations

from .solver import (  # the public names of forestcoll_opt.lp before the layer folders
    LPCertificateError,
    LPError,
    LPInfeasibleError,
    LPModel,
    LPNotOptimalError,
    LPResult,
    LPSolverError,
    LPUnboundedError,
    LowerWitness,
    build_model,
    reference_bandwidth,
    solve,
    solve_model,
)

__all__ = [
    'LPCertificateError',
    'LPError',
    'LPInfeasibleError',
    'LPModel',
    'LPNotOptimalError',
    'LPResult',
    'LPSolverError',
    'LPUnboundedError',
    'LowerWitness',
    'build_model',
    'reference_bandwidth',
    'solve',
    'solve_model',
]
