"""Sweeps and comparisons across the layers."""

from __future__ import annotations

from .sweeps import (  # the public names of forestcoll_opt.analysis before the layer folders
    MAX_K,
    SWEEP_COLUMNS,
    compare,
    iter_sweep,
    sweep,
)

__all__ = [
    'MAX_K',
    'SWEEP_COLUMNS',
    'compare',
    'iter_sweep',
    'sweep',
]
