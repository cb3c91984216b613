"""The allreduce LP, the all-to-all LP and the schedules at their optima.

The names below are loaded from :mod:`forestcoll_opt.lp.solver` when first asked for, so
that importing a light module of this package (:mod:`forestcoll_opt.lp.options`, the values
the options take) loads neither PuLP nor HiGHS."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    'AllreduceLPResult',
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


def __getattr__(name: str) -> Any:
    if name in __all__:      # the public names of forestcoll_opt.lp before the layer folders
        value = getattr(importlib.import_module(".solver", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
