"""The forestcoll command line: parsing and printing only.

``app`` holds the top-level parser and ``main``; ``args`` the argument checks and shared
options; ``output`` the printing helpers and exit statuses; one module per family of
commands, which declares and runs them (``bound_cmds``, ``compact_cmds``, ``draw_cmds``,
``generate_cmds``, ``verify_cmds``, ``lp_cmds``, ``runtime_cmds``, ``time_cmds``,
``whatif_cmds``)."""

from __future__ import annotations

from ..model.schedule import schedule_routes  # exported here before the layer folders
from .app import build_parser, main
from .args import MAX_SWEEP_VALUES, parse_k_range
from .bound_cmds import cmd_bound, cmd_catalog, cmd_schema, cmd_show, describe_cut
from .draw_cmds import cmd_draw, cmd_report
from .generate_cmds import cmd_baseline, cmd_compare, cmd_generate, cmd_sweep
from .lp_cmds import cmd_lp
from .output import EXIT_BELOW, EXIT_ERROR, EXIT_INTERNAL, EXIT_SOLVER, MAX_REASONS_SHOWN
from .runtime_cmds import cmd_check_xml, cmd_export_msccl, cmd_import_nccl
from .time_cmds import cmd_simulate, cmd_tradeoff
from .verify_cmds import cmd_show_traffic, cmd_verify

__all__ = [
    'EXIT_BELOW',
    'EXIT_ERROR',
    'EXIT_INTERNAL',
    'EXIT_SOLVER',
    'MAX_REASONS_SHOWN',
    'MAX_SWEEP_VALUES',
    'build_parser',
    'cmd_baseline',
    'cmd_bound',
    'cmd_catalog',
    'cmd_check_xml',
    'cmd_compare',
    'cmd_draw',
    'cmd_export_msccl',
    'cmd_generate',
    'cmd_import_nccl',
    'cmd_lp',
    'cmd_report',
    'cmd_schema',
    'cmd_show',
    'cmd_show_traffic',
    'cmd_simulate',
    'cmd_sweep',
    'cmd_tradeoff',
    'cmd_verify',
    'describe_cut',
    'main',
    'parse_k_range',
    'schedule_routes',
]
