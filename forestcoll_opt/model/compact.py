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

import os
from dataclasses import replace
from typing import Mapping, Sequence

from ..errors import ScheduleError
from ..files import display_path
from .groups import restrict
from .schedule import Schedule, Tree, from_dict, load
from .topology import Topology
from .trees import NodeGroup, cycles_of, perm_from_cycles, tree_image, tree_key


def read_schedule(path: str | os.PathLike | Mapping, *, topology: Topology | None = None,
                  expand: bool = True) -> Schedule:
    """Read a schedule file (``fc.load_schedule``): parsed compact, its group checked
    (:func:`check_group`; against ``topology`` when given) before anything is expanded.

    :param path: the file (JSON, possibly gzip-compressed; ``-`` is not accepted), or a
        schedule's parsed JSON object (a dict), read the same way
    :param topology: the network the schedule is for; when given, its compute nodes must be
        the schedule's and a compact schedule's generators must be automorphisms of it
    :param expand: True (default) to return the plain schedule a compact one stands for
        (refused beyond :data:`~forestcoll_opt.model.trees.MAX_EXPANSION` route nodes),
        False to keep it compact (``iter_trees`` walks its trees, ``link_loads`` and
        ``fc.verify`` read it as it is)
    :returns: the schedule
    :raises ScheduleError: when the file cannot be read or is not a valid schedule, when
        the schedule is not for ``topology``, when its group is not a group of automorphisms
        acting freely, or when its expansion would be too large
    """
    if isinstance(path, Mapping):
        schedule = from_dict(path, expand=False)
        path = "schedule"
    else:
        schedule = load(path, expand=False)
    try:
        check_group(topology, schedule)
        return schedule.expanded() if expand else schedule
    except ScheduleError as exc:
        raise ScheduleError(f"{display_path(path)}: {exc}") from None


def check_group(topology: Topology | None, schedule: Schedule) -> int:
    """The one check of a compact schedule's group, before any tree is expanded: with a
    topology, the schedule's compute nodes are the topology's, every generator is a
    permutation of the topology's nodes and an automorphism of it
    (:func:`automorphism_problem`) fixing the root of a broadcast or reduce; with or
    without, the group acts freely on a largest orbit of compute nodes and its order is
    proven (:meth:`~forestcoll_opt.model.trees.NodeGroup.proven_order`). Repeated
    generators and the identity are dropped; redundant ones cost nothing more. Time and
    memory grow with the generators, the nodes and the orbits, never with the order.

    :param topology: the network, or None to check only what needs none
    :param schedule: the schedule (a plain one passes at once, order 1)
    :returns: |G|
    :raises ScheduleError: naming the generator and the node or link it breaks, or the
        group that does not act freely
    """
    if topology is not None and schedule.process_group \
            and set(schedule.compute_nodes) < set(topology.compute_nodes):
        topology = restrict(topology, schedule.compute_nodes)    # a process group's schedule
    if topology is not None and tuple(schedule.compute_nodes) != tuple(topology.compute_nodes):
        raise ScheduleError(f"the schedule is for {schedule.topology or 'another topology'} "
                            f"({len(schedule.compute_nodes)} compute nodes), not for "
                            f"{topology.name} ({len(topology.compute_nodes)}): give the "
                            f"topology it was made for")
    if schedule.group is None:
        return 1
    if topology is not None:
        other = (f" (the schedule is for {schedule.topology})"
                 if schedule.topology and schedule.topology != topology.name else "")
        index = topology.index
        for j, cycles in enumerate(schedule.group):
            where = f"group generator #{j}"
            try:
                perm = perm_from_cycles(cycles, index, where)
            except ScheduleError as exc:
                raise ScheduleError(f"{exc} {topology.name}{other}") from None
            problem = automorphism_problem(topology, perm)
            if problem is not None:
                raise ScheduleError(f"{where} is not an automorphism of {topology.name}"
                                    f"{other}: {problem}")
            root = schedule.root or next((p.root for p in schedule.phases if p.root), None)
            if root is not None and perm[index[root]] != index[root]:
                raise ScheduleError(f"{where} moves the root {root}; a "
                                    f"{schedule.collective} schedule's group must fix it")
    return schedule.group_order


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
    # not model/orbits.py: a matching of whole trees to the images of each under every group
    # element (an orbit is kept only when all its images are among the trees), no partition
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
