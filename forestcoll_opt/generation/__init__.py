"""Schedule generation: the bound, fixed k, edge splitting, tree packing, routing, in-network
multicast and the pipeline that runs them; the baseline schedules are in
:mod:`forestcoll_opt.generation.baselines`.

The layer's public names, importable from here (``from forestcoll_opt.generation import
bound``); its modules hold the rest."""

from __future__ import annotations

from .bounding import Bound, SmallestK, bound, rs_ag_algbw
from .fixed_k import reaches_bound, smallest_k_at_bound, with_k_min
from .multicast import merge_out_tree
from .pipeline import compact_generators, generate
from .repair import Repair, repair_schedule

__all__ = [
    "Bound", "Repair", "SmallestK", "bound", "compact_generators", "generate",
    "merge_out_tree", "reaches_bound", "repair_schedule", "rs_ag_algbw",
    "smallest_k_at_bound", "with_k_min",
]
