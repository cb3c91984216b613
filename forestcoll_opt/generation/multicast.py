"""In-network multicast and aggregation (paper, section 5.6 "In-Network Multicast &
Aggregation"): a post-processing of the trees for switches that replicate data (or reduce
it) in the switch — NVLink SHARP in third-generation NVSwitches, InfiniBand SHARP — marked
``"multicast": true`` in the topology.

Walking each out-tree from its root, the first tree edge whose path enters a multicast
switch w fixes w's *entry* (its sender u and the path from u to w). Every later edge
whose path also passes through w, from another sender or along another route, has its
data in w already: it is rerouted to start at u along that same prefix, and w fans the
data out. Its earlier hops (the second copy into w) disappear. In the schedule format
(``"multicast": true``, docs/formats.md) the edges leaving one compute node in one tree
then share their common prefix, which carries the tree's data once. In-trees
(reduce-scatter, reduce) are handled as the reversed out-trees: w aggregates.

Why it stays a valid tree: edges are visited in breadth-first order of their senders, so
the entry's sender u is never deeper than the rerouted edge's sender, hence never a
descendant of its receiver. Why it never adds traffic: a rerouted edge only loses hops;
the prefix it gains is already on u's shared path. So every link's load can only drop,
and since every shard still has to cross every cut (and enter every compute node) once,
the bound is unchanged: the schedule stays exactly at it while moving less data.
"""

from __future__ import annotations

from typing import Sequence

Edge = tuple[str, str, tuple[str, ...]]          # (sender, receiver, physical path)


def merge_out_tree(root: str, edges: Sequence[Edge], capable: set[str] | frozenset[str]
                   ) -> tuple[Edge, ...]:
    """The edges of one out-tree rooted at ``root`` with every second entry into a switch
    of ``capable`` removed (module docstring); in-trees: reverse, merge, reverse back.

    :param root: the tree's root compute node
    :param edges: its edges as (sender, receiver, physical path) triples
    :param capable: the switches that replicate data
    :returns: the edges, breadth-first from the root, those through an already entered
        switch rerouted to start at that switch's first sender along its path
    """
    children: dict[str, list[Edge]] = {}
    for e in edges:
        children.setdefault(e[0], []).append(e)
    order: list[Edge] = []
    frontier = [root]
    while frontier:
        nxt = []
        for u in frontier:
            for e in children.get(u, []):
                order.append(e)
                nxt.append(e[1])
        frontier = nxt
    entry: dict[str, tuple[str, tuple[str, ...]]] = {}   # switch -> (sender, path to it)
    merged: list[Edge] = []
    for src, dst, path in order:
        for i, w in enumerate(path[1:-1], start=1):
            if w not in capable or w not in entry:
                continue
            sender, prefix = entry[w]
            if (sender, prefix) == (src, path[:i + 1]):
                continue                      # already the shared route
            rest = path[i + 1:]
            if set(prefix) & set(rest) or dst == sender:
                continue                      # the rerouted path would not be simple
            src, path = sender, prefix + rest
            break
        for i, w in enumerate(path[1:-1], start=1):
            if w in capable and w not in entry:
                entry[w] = (src, path[:i + 1])
        merged.append((src, dst, path))
    return tuple(merged)
