"""Time: the calibrated and the ideal α-β models, NCCL's and RCCL's cost models, the fastest
schedule per message size.

The layer's public names, importable from here (``from forestcoll_opt.timing import
simulate``); its modules hold the rest."""

from __future__ import annotations

from .calibrated import Calibration
from .fitted import read_calibration
from .library import library_times
from .sharing import GroupTiming, GroupsSimulation, simulate_groups
from .simulation import SimRow, Simulation, link_alphas, parse_sizes, simulate
from .tradeoffs import Candidate, Tradeoff, TradeoffRow, default_ks, tradeoff

__all__ = [
    "Calibration", "Candidate", "GroupTiming", "GroupsSimulation", "SimRow", "Simulation",
    "Tradeoff", "TradeoffRow", "default_ks", "library_times", "link_alphas", "parse_sizes",
    "read_calibration", "simulate", "simulate_groups", "tradeoff",
]
