"""Orbits of a group given by generators, and the union-find underneath: the package's one
implementation, for every layer above (the kernels' automorphism group, splitting, the
LPs' folds, compact schedules, the NCCL importer). The verifier keeps its own, on purpose.

A finite permutation group's orbits are the connected components of the graph joining every
point i to its image g(i) under each generator g, so a union-find over those pairs finds
them without listing a group element: time and memory grow with the points and the
generators, never with the group's order. (The folded allreduce LP, ``lp/folding.py``,
computes the same components with scipy's vectorised ``connected_components`` on its numpy
permutations.)
"""

from __future__ import annotations

from itertools import chain
from typing import Iterable, Sequence

# (a Topology, model/topology.py, is passed to link_orbits, which reads its fields only:
# model/topology.py stands above this module)
Link = tuple[str, str]


def components(n: int, pairs: Iterable[tuple[int, int]]) -> list[int]:
    """The connected components of the graph on 0 .. n-1 whose edges are ``pairs``, by
    union-find (path halving, the smaller root kept).

    :param n: how many points
    :param pairs: the edges (i, j), each point in 0 .. n-1
    :returns: for every point, the smallest point of its component
    """
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in pairs:
        a, b = find(i), find(j)
        if a != b:
            parent[max(a, b)] = min(a, b)
    return [find(i) for i in range(n)]


def node_orbits(n: int, generators: Sequence[Sequence[int]]) -> list[int]:
    """The orbit of every point 0 .. n-1 under the group the generators generate, as the
    smallest point of that orbit.

    :param n: how many points
    :param generators: permutations of 0 .. n-1, each as the list of images
    :returns: for every point, the smallest point of its orbit
    """
    return components(n, chain.from_iterable(map(enumerate, generators)))


def permutation_orbits(n: int, generators: Sequence[Sequence[int]]
                       ) -> tuple[tuple[int, ...], ...]:
    """The orbits of 0 .. n-1 under the group the permutations generate (of nodes, or of
    anything the caller numbers, such as links).

    :param n: how many points
    :param generators: permutations of 0 .. n-1, each as the list of images
    :returns: the orbits, each sorted, in order of their smallest point
    """
    groups: dict[int, list[int]] = {}
    for i, smallest in enumerate(node_orbits(n, generators)):
        groups.setdefault(smallest, []).append(i)
    return tuple(tuple(g) for g in groups.values())


def link_orbits(topology: "Topology", generators: Sequence[Sequence[int]]
                ) -> list[tuple[Link, ...]]:
    """The orbits of the topology's links under node permutations (a link (u, v) goes to
    (g(u), g(v))), which must map every link onto a link (automorphisms).

    :param topology: the network
    :param generators: permutations of the node indices, each as the list of images
    :returns: the orbits, each in link order (that of ``topology.capacity``), in order of
        their first link
    """
    links = list(topology.capacity)
    pos = {e: i for i, e in enumerate(links)}
    ids, idx = topology.node_ids, topology.index
    moved = [[pos[(ids[g[idx[u]]], ids[g[idx[v]]])] for (u, v) in links] for g in generators]
    return [tuple(links[i] for i in orbit) for orbit in permutation_orbits(len(links), moved)]
