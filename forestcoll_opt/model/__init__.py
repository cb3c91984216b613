"""The network model: topologies, collectives, shard weights, failures, process groups, the schedule format,
link loads and the catalog of machines.

The layer's public names, importable from here (``from forestcoll_opt.model import
Topology``); its modules hold the rest."""

from __future__ import annotations

from .alltoall import load_demand, normalize_demand
from .catalog import resolve
from .collective import Collective, check_method, check_request
from .compact import check_group, compress, expand, read_schedule
from .faults import (Failure, degrade, failures, parse_failure, parse_failures, parse_part,
                     problem)
from .group_schedules import GroupSchedules, joint_lambda, load_group_schedules
from .group_scope import for_schedule, relays, scope, switched_off
from .groups import (Group, Mesh, groups_from_data, is_whole, load_groups, mesh_groups,
                     parse_mesh, rank_order, restrict, select)
from .linkloads import Traffic, traffic
from .schedule import Schedule, Stats, Tree, TreeEdge
from .topology import Topology, from_dict, from_networkx
from .topology import load as load_topology
from .weights import load as load_weights
from .weights import normalize

__all__ = [
    "Collective", "Failure", "Group", "GroupSchedules", "Mesh", "Schedule", "Stats", "Topology",
    "Traffic", "Tree", "TreeEdge", "check_group", "check_method", "check_request", "compress",
    "degrade", "expand", "failures", "for_schedule", "from_dict", "from_networkx",
    "groups_from_data", "is_whole", "joint_lambda", "load_demand", "load_group_schedules",
    "load_groups", "load_topology", "load_weights", "mesh_groups", "normalize",
    "normalize_demand", "parse_failure", "parse_failures", "parse_mesh", "parse_part",
    "problem", "rank_order", "read_schedule", "relays", "resolve", "restrict", "scope",
    "select", "switched_off", "traffic",
]
