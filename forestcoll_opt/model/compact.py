"""Compact schedules (``forestcoll-schedule/3``, docs/formats.md): a group of automorphisms
of the topology and one representative tree per orbit.

:func:`compress` writes any plain schedule compactly under the group that given topology
automorphisms generate: a tree whose images under every element of the group are trees of
the schedule (equal roots, weights, edges and routes, compared by canonical keys) becomes
the representative of that orbit; the trees that do not close an orbit stay as they are.
:func:`expand` writes a compact schedule out again. Both keep the claims (``k``,
``algbw``, ``tree_bandwidth``) unchanged: the trees they stand for are the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from ..errors import ScheduleError
from .schedule import Schedule, Tree
from .topology import Topology
from .trees import NodeGroup, cycles_of, tree_image, tree_key


def expand(schedule: Schedule) -> Schedule:
    """The plain schedule a compact one stands for (:meth:`Schedule.expanded`): the trees
    of ``trees`` first, then every representative mapped by every element of the group,
    in the order of docs/formats.md (version 3). A plain schedule is returned as it is.

    :param schedule: the schedule
    :returns: the plain schedule, version 1 or 2
    :raises ScheduleError: when the group does not act freely on an orbit of compute nodes
    """
    return schedule.expanded()


def automorphism_problem(topology: Topology, perm: Sequence[int]) -> str | None:
    """Why a permutation of the node indices is not an automorphism of the topology, or
    None when it is one: it must keep every node's kind and multicast mark and map every
    link onto a link of the same bandwidth, type and latency (both directions are links of
    their own).

    :param topology: the network
    :param perm: the image of every node index (``Topology.node_ids`` order)
    :returns: one line naming the first node or link it breaks, or None
    """
    ids = topology.node_ids
    if sorted(perm) != list(range(len(ids))):
        return "it is not a permutation of the topology's nodes"
    nodes = topology.nodes
    for i, j in enumerate(perm):
        a, b = nodes[i], nodes[j]
        if a.kind != b.kind or bool(a.multicast) != bool(b.multicast):
            return (f"it maps {a.id} ({a.kind}{', multicast' if a.multicast else ''}) onto "
                    f"{b.id} ({b.kind}{', multicast' if b.multicast else ''})")
    index = topology.index
    cap, kind, alpha = topology.capacity, topology.link_type, topology.link_alpha
    for (u, v), c in cap.items():
        pair = (ids[perm[index[u]]], ids[perm[index[v]]])
        if cap.get(pair) != c:
            return (f"it maps link {u} -> {v} (bandwidth {c}) onto {pair[0]} -> {pair[1]}, "
                    f"which is not a link of the same bandwidth")
        if kind.get(pair) != kind.get((u, v)) or alpha.get(pair) != alpha.get((u, v)):
            return (f"it maps link {u} -> {v} onto {pair[0]} -> {pair[1]}, a link of another "
                    f"type or latency")
    return None


def _permutation(topology: Topology, g: Sequence[int] | Mapping[str, str], j: int
                 ) -> tuple[int, ...]:
    """Generator ``j`` as the image of every node index: a sequence of indices as it is,
    a mapping node id -> node id (nodes left out stay in place)."""
    n = len(topology.node_ids)
    if isinstance(g, Mapping):
        index = topology.index
        perm = list(range(n))
        for a, b in g.items():
            if a not in index or b not in index:
                raise ScheduleError(f"generator #{j}: {str(a if a not in index else b)[:60]!r} "
                                    f"is not a node of {topology.name}")
            perm[index[a]] = index[b]
        return tuple(perm)
    perm = tuple(int(v) for v in g)
    if len(perm) != n:
        raise ScheduleError(f"generator #{j} has {len(perm)} entries; {topology.name} has {n} "
                            f"nodes")
    return perm


def compress(topology: Topology, schedule: Schedule, *,
             generators: Sequence[Sequence[int] | Mapping[str, str]]) -> Schedule:
    """``schedule`` written compactly under the group that ``generators`` generate.

    Every tree T (in order) whose images g(T), one per element g of the group, are all
    different and all still among the schedule's trees (each tree counted once) becomes a
    representative and its images are taken; a tree that does not close such an orbit
    stays in ``trees``. The schedule stands for the same trees (as a multiset), so its
    loads, algbw and every claim are unchanged; :func:`expand` gives them back (in another
    order).

    :param topology: the network the schedule is for
    :param schedule: a plain schedule (a compact one is expanded first)
    :param generators: automorphisms of ``topology``, each the image of every node index
        (``Topology.node_ids`` order, as :class:`~forestcoll_opt.kernels.symmetry.Symmetry`
        gives them) or a mapping node id -> node id; the identity ones are dropped. For
        broadcast and reduce they must fix the root.
    :returns: the compact schedule (``forestcoll-schedule/3``), with the group written in
        cycle notation
    :raises ScheduleError: when a generator is not an automorphism of ``topology``, moves the
        root of a broadcast or reduce, or the group does not act freely on any orbit of
        compute nodes; or when the schedule's compute nodes are not the topology's
    """
    if tuple(schedule.compute_nodes) != tuple(topology.compute_nodes):
        raise ScheduleError(f"the schedule's compute nodes are not those of {topology.name}")
    plain = schedule.expanded()
    ids, index = topology.node_ids, topology.index
    perms = []
    for j, g in enumerate(generators):
        perm = _permutation(topology, g, j)
        if perm == tuple(range(len(ids))):
            continue
        problem = automorphism_problem(topology, perm)
        if problem is not None:
            raise ScheduleError(f"generator #{j} is not an automorphism of {topology.name}: "
                                f"{problem}")
        if plain.root is not None and perm[index[plain.root]] != index[plain.root]:
            raise ScheduleError(f"generator #{j} moves the root {plain.root}; a {plain.collective} "
                                f"schedule's group must fix it")
        perms.append(perm)
    group = NodeGroup(len(ids), perms, [index[v] for v in topology.compute_nodes])
    maps = [lambda v, g=g: ids[g[index[v]]] for g in group.elements()]
    cycles = tuple(cycles_of(p, ids) for p in perms)
    if plain.phases:
        phases = tuple(replace(p, group=cycles, **_orbits(p.trees, maps)) for p in plain.phases)
        return replace(plain, group=cycles, phases=phases)
    return replace(plain, group=cycles, **_orbits(plain.trees, maps))


def _orbits(trees: Sequence[Tree], maps: list) -> dict[str, tuple[Tree, ...]]:
    """The representatives of the orbits the trees close, and the trees left over."""
    remaining: dict[tuple, int] = {}
    for t in trees:
        key = tree_key(t)
        remaining[key] = remaining.get(key, 0) + 1
    reps: list[Tree] = []
    singles: list[Tree] = []
    for t in trees:
        key = tree_key(t)
        if not remaining[key]:
            continue                      # taken by an earlier orbit
        images = [key] + [tree_key(tree_image(t, g)) for g in maps[1:]]
        if len(set(images)) == len(images) and all(remaining.get(i, 0) for i in images):
            for i in images:
                remaining[i] -= 1
            reps.append(t)
        else:
            remaining[key] -= 1
            singles.append(t)
    return {"orbits": tuple(reps), "trees": tuple(singles)}
