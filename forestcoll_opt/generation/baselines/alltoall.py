"""All-to-all baselines as route schedules (``forestcoll-schedule/4``), with their exact
algbw: what NCCL runs today.

**direct** (NCCL's all-to-all: one send/receive per pair, ``ncclSend``/``ncclRecv`` in a
group). Every pair's data takes one route with the fewest links; among those the one that
leaves the source's box soonest (the source GPU's own NIC, then the network, then the
destination box's NVLink), ties to the lower-numbered nodes. Inside one box the route stays
in the box as long as it can (NVLink, not the fabric), in both baselines.

**pxn** (NCCL's PXN, "PCI × NVLink", ``NCCL_PXN_DISABLE=0``): the data first crosses the
source's box to the GPU on the destination's rail, and leaves through that GPU's NIC: among
the routes with the fewest links the one that stays in the source's box longest, ties to
the lower-numbered nodes. On the catalog's machines GPU i of box a sends to GPU j of box b
through GPU j of box a (NVLink) and then rail j, so every message crosses the fabric on a
single rail.

Both use one route per pair (k = 1, weight d(s, t) for a demand matrix). A node's box is
its ``box`` in the topology; nodes without one (the fabric's switches) are outside every
box.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping

from ...errors import ScheduleError, UsageError
from ...model.alltoall import Demand, Route, demand_pairs, normalize_demand
from ...model.collective import Collective
from ...model.schedule import Schedule, achieved_algbw
from ...model.topology import Topology

__all__ = ["ALLTOALL_KINDS", "alltoall_baseline"]

ALLTOALL_KINDS = ("direct", "pxn")


def alltoall_baseline(topology: Topology, kind: str, *,
                      demand: Mapping[str, Any] | Demand | None = None) -> Schedule:
    """The ``kind`` all-to-all baseline (module docstring).

    :param topology: the network
    :param kind: ``"direct"`` or ``"pxn"``
    :param demand: a demand matrix ``{src: {dst: amount}}`` (or normalised), None for the
        uniform all-to-all
    :returns: the schedule, one route per pair, with its exact ``algbw``
    :raises UsageError: for another kind
    :raises DemandError: for a malformed demand
    :raises ScheduleError: when a compute node cannot reach another one
    """
    if kind not in ALLTOALL_KINDS:
        raise UsageError(f"unknown all-to-all baseline {str(kind)[:40]!r}; use one of "
                         f"{', '.join(ALLTOALL_KINDS)}")
    start = time.perf_counter()
    norm = demand if isinstance(demand, tuple) else normalize_demand(topology, demand)
    pairs = demand_pairs(topology, norm)
    succ: dict[str, list[str]] = {v: [] for v in topology.node_ids}
    for (u, v) in topology.capacity:
        succ[u].append(v)
    idx = topology.index
    for v in succ:
        succ[v].sort(key=idx.__getitem__)
    best: dict[tuple[str, bool], dict[str, tuple[str, ...]]] = {}
    routes = []
    for s, t, d in pairs:
        box = topology.node[s].box
        late = kind == "pxn" or (box is not None and topology.node[t].box == box)
        if (s, late) not in best:
            best[(s, late)] = _routes(topology, succ, s, late)
        path = best[(s, late)].get(t)
        if path is None:
            raise ScheduleError(f"{t!r} cannot be reached from {s!r} in {topology.name!r}")
        routes.append(Route(s, t, d, path))
    draft = Schedule(collective=Collective.ALLTOALL, topology=topology.name,
                     units=topology.units, compute_nodes=topology.compute_nodes, k=1,
                     tree_bandwidth=None, algbw=Fraction(0), routes=tuple(routes), demand=norm)
    out = replace(draft, algbw=achieved_algbw(draft, topology))
    return replace(out, stats={"baseline": kind, "channels": 1,
                               "baseline_seconds": time.perf_counter() - start})


def _routes(topology: Topology, succ: Mapping[str, list[str]], s: str, late: bool
            ) -> dict[str, tuple[str, ...]]:
    """From ``s``, the chosen fewest-link route to every node: by breadth-first layers,
    each node keeps the best extension of its predecessors' routes under the key (exit,
    node indices), exit being the position of the first node outside s's box (as soon as
    possible for direct, as late as possible for pxn; never leaving is latest). The key is
    monotone under extension, so the layer-by-layer choice is the best route overall."""
    home = topology.node[s].box
    idx = topology.index
    never = len(topology.node_ids) + 1
    dist = {s: 0}
    order = [s]
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for v in succ[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                order.append(v)
                queue.append(v)
    key: dict[str, tuple[int, tuple[int, ...]]] = {s: (0, (idx[s],))}
    exits = {s: never}
    path: dict[str, tuple[str, ...]] = {s: (s,)}
    for u in order:
        exit_, seq = exits[u], key[u][1]
        for v in succ[u]:
            if dist[v] != dist[u] + 1:
                continue
            out = home is None or topology.node[v].box != home
            here = exit_ if exit_ != never else (dist[v] if out else never)
            score = -here if late else here
            candidate = (score, seq + (idx[v],))
            if v not in key or candidate < key[v]:
                key[v] = candidate
                exits[v] = here
                path[v] = path[u] + (v,)
    return path
