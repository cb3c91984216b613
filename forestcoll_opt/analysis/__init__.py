"""Sweeps and comparisons across the layers: the best schedule (trees or the LP's), the
verifier with the LP on demand, what a failure costs or an upgrade buys, the time model
against published measurements, and the export of ``tradeoff``'s advice.

The layer's public names, importable from here; its modules hold the rest."""

from __future__ import annotations

from .balanced import BalancedSchedule, balanced_subnetwork, best_on_balanced
from .best import generate
from .checks import allreduce_lp, alltoall_lp, assert_optimal, verify
from .fitting import CalibrationFit, calibrate
from .group_checks import verify_concurrent
from .export_plan import ExportedRange, ExportPlan, SizeRange, export_tradeoff, size_ranges
from .export_mscclpp_plan import export_tradeoff_mscclpp
from .relaying import GroupBound, group_bound
from .together import Contention, GroupContention, contention
from .replanning import Replan, replan
from .scenarios import Scenario, ScenarioImpact, scenario_impact
from .sweeps import MAX_K, SWEEP_COLUMNS, compare, iter_sweep, sweep
from .validation import Case, validate
from .whatif import (FailureClass, FailureImpact, Upgrade, UpgradeImpact, cut_optimum,
                     failure_impact, upgrade_impact)

__all__ = [
    "BalancedSchedule", "CalibrationFit", "Case", "Contention", "ExportPlan", "ExportedRange",
    "FailureClass", "FailureImpact", "GroupBound",
    "GroupContention", "MAX_K", "Replan", "SWEEP_COLUMNS", "Scenario", "ScenarioImpact",
    "SizeRange",
    "Upgrade", "UpgradeImpact", "allreduce_lp", "alltoall_lp", "assert_optimal",
    "balanced_subnetwork", "best_on_balanced", "calibrate",
    "compare", "contention", "cut_optimum", "export_tradeoff", "export_tradeoff_mscclpp",
    "failure_impact", "generate",
    "group_bound", "iter_sweep", "replan", "scenario_impact", "size_ranges", "sweep",
    "upgrade_impact", "validate", "verify", "verify_concurrent",
]
