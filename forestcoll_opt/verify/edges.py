"""The verifier's reader, the common case of a tree edge (and a sound tree's depth): an
edge that every check of :meth:`forestcoll_opt.verify.reader.Reader.edge` passes is
recorded as that method records it, without building any of its messages (a
million-edge schedule is read in half the time). Any doubt leaves the edge to the full
checks, which then say what is wrong with the same reasons as always."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..model.topology import Topology


def sound_edge(topology: Topology, compute: frozenset[str], e: Any, inward: bool,
               troot: str | None, parent: dict[str, str],
               routes: list[Sequence[str]]) -> bool:
    """Record ``e`` (its child's parent in ``parent``, its route in ``routes``) and return
    True when it is a sound tree edge: a dict of exactly ``src``, ``dst`` and ``path``;
    two different compute nodes; a child that is not the root and has no parent yet; a
    path (list or tuple) from ``src`` to ``dst`` through switches of ``topology`` over
    its links. Else change nothing and return False.

    :param topology: the network
    :param compute: its compute nodes
    :param e: the edge as read from the file
    :param inward: the tree points to its root (reduce-scatter, reduce)
    :param troot: the tree's root, or None when it could not be read
    :param parent: child -> parent, so far
    :param routes: the tree's routes, so far
    :returns: True when recorded
    """
    if type(e) is not dict or len(e) != 3:
        return False
    src, dst, path = e.get("src"), e.get("dst"), e.get("path")
    if (type(src) is not str or type(dst) is not str or src == dst
            or src not in compute or dst not in compute
            or type(path) not in (list, tuple) or len(path) < 2
            or path[0] != src or path[-1] != dst):
        return False
    child, up = (src, dst) if inward else (dst, src)
    if child == troot or child in parent:
        return False
    index, cap = topology.index, topology.capacity
    for v in path[1:-1]:
        if type(v) is not str or v not in index or v in compute:
            return False
    for hop in zip(path, path[1:]):
        if hop not in cap:
            return False
    parent[child] = up
    routes.append(path)
    return True


def tree_depth(parent: Mapping[str, str], root: str) -> int:
    """Most edges from the root to a node of a sound tree (every parent chain reaches the
    root): the tree's depth in GPU hops, which ``verify`` reports."""
    level = {root: 0}
    for start in parent:
        chain = []
        node = start
        while node not in level:
            chain.append(node)
            node = parent[node]
        for v in reversed(chain):
            level[v] = level[parent[v]] + 1
    return max(level.values())
