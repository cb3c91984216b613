"""Graph kernels every algorithm stage runs on: integer max-flow and the topology's
automorphism group.

The layer's public names, importable from here; its modules hold the rest."""

from __future__ import annotations

from .flow import FlowNetwork, available_kernels
from .symmetry import (Symmetry, automorphisms, free_group, free_power, graph_automorphisms,
                       group_order, oracle_orbits)

__all__ = [
    "FlowNetwork", "Symmetry", "automorphisms", "available_kernels", "free_group",
    "free_power", "graph_automorphisms", "group_order", "oracle_orbits",
]
