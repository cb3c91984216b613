"""The symmetry of a topology: its automorphism group, found, not declared.

An automorphism is a permutation of the nodes that keeps every node's kind (compute or
switch) and multicast flag and maps every link onto a link of the same bandwidth (parallel
links counted as one link of their total bandwidth, as everywhere in the package). Box
labels are names only and are not required to be kept. Every quantity the paper computes
from the capacities alone is the same at a node and at its image: the max-flow from the
source of the bound's auxiliary network (paper, "Throughput Optimality for Collectives",
the network G_x of the binary search) to v equals the one to g(v), because g fixes the
source (every compute node has the same source edge) and maps G_x onto itself. So a
stage that needs one max-flow per compute node needs one per *orbit*.

The group is computed by BLISS (through python-igraph, a required dependency), which
takes vertex colours only. Link bandwidths become colours by the layered construction of
the nauty user's guide: with c bandwidth classes numbered 1..c, each node v gets
L = bit_length(c) copies v_0 .. v_{L-1} joined by arcs v_i -> v_{i+1}, copy i coloured by
(node class, i), and a link u -> v of class j becomes the arcs u_i -> v_i for every bit i
set in j. A colour-keeping permutation of the layered graph moves the copies of a node
together, so it is a node permutation that keeps kinds and maps each link onto a link of
the same class, and conversely; its generators read on layer 0 generate exactly the
automorphism group. (Subdividing every link by a coloured vertex gives the same group but
was ten times slower here: 4 s against 0.4 s on the 1024-GPU A100 network.) python-igraph
is maintained by the igraph core team, ships wheels for every supported Python, and is
also this package's always-available max-flow kernel.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from .topology import Topology


@dataclass(frozen=True)
class Symmetry:
    """The automorphism group of a topology, as generators and orbits.

    ``generators[j][i]`` is the index (in ``Topology.node_ids`` order) of the image of node
    ``i`` under the j-th generator; the identity is never listed, so an asymmetric network
    has no generators. ``orbits`` partitions the node indices (each orbit sorted, orbits in
    order of their smallest member); ``fixed`` lists the node ids every automorphism keeps
    in place by request (see :func:`automorphisms`).
    """

    generators: tuple[tuple[int, ...], ...]
    orbits: tuple[tuple[int, ...], ...]
    fixed: tuple[str, ...] = ()
    seconds: float = field(default=0.0, compare=False)

    @property
    def orbit_of(self) -> dict[int, int]:
        """Node index -> the position of its orbit in :attr:`orbits`."""
        return {v: j for j, orbit in enumerate(self.orbits) for v in orbit}

    def compute_orbits(self, topology: Topology) -> tuple[tuple[int, ...], ...]:
        """The orbits made of compute nodes (an automorphism keeps the kind)."""
        compute = {topology.index[v] for v in topology.compute_nodes}
        return tuple(o for o in self.orbits if o[0] in compute)

    def product(self) -> tuple[int, ...]:
        """The product of the generators (applied in order): one automorphism, with long
        cycles on the catalog's machines (box rotations), the identity if trivial."""
        g = list(range(len(self.orbit_of)))
        for perm in self.generators:
            g = [perm[x] for x in g]
        return tuple(g)

    @property
    def trivial(self) -> bool:
        """True when the only automorphism is the identity."""
        return not self.generators


def automorphisms(topology: Topology, *, fixed: Sequence[str] = ()) -> Symmetry:
    """The automorphism group of ``topology`` (module docstring); nodes in ``fixed`` (e.g.
    the root of a broadcast) are kept in place, which gives their stabiliser subgroup."""
    import igraph

    start = time.perf_counter()
    ids = topology.node_ids
    index = topology.index
    n = len(ids)
    fixed = tuple(fixed)
    for v in fixed:
        if v not in index:
            raise KeyError(v)
    # node classes: kind and multicast flag; every fixed node gets a class of its own
    classes: dict[tuple, int] = {}
    node_class: list[int] = []
    pinned = {v: i for i, v in enumerate(fixed)}
    for node in topology.nodes:
        key = (("fixed", pinned[node.id]) if node.id in pinned
               else ("node", node.kind, bool(node.multicast)))
        node_class.append(classes.setdefault(key, len(classes)))
    # the layered graph: bandwidth class j (1..c) sets the layers of the bits of j
    code = {b: j for j, b in enumerate(sorted(set(topology.capacity.values())), 1)}
    layers = max(1, len(code).bit_length())
    colors = [node_class[v] * layers + i for i in range(layers) for v in range(n)]
    edges = [(i * n + v, (i + 1) * n + v) for i in range(layers - 1) for v in range(n)]
    for (u, v), bandwidth in sorted(topology.capacity.items(),
                                    key=lambda kv: (index[kv[0][0]], index[kv[0][1]])):
        for i in range(layers):
            if code[bandwidth] >> i & 1:
                edges.append((i * n + index[u], i * n + index[v]))
    graph = igraph.Graph(n=n * layers, edges=edges, directed=True)
    raw = graph.automorphism_group(sh="fl", color=colors)
    identity = tuple(range(n))
    generators = sorted({tuple(perm[:n]) for perm in raw} - {identity})
    return Symmetry(generators=tuple(generators), orbits=_orbits(n, generators), fixed=fixed,
                    seconds=time.perf_counter() - start)


def no_symmetry(topology: Topology) -> Symmetry:
    """The trivial group (every node its own orbit): what ``symmetry=False`` uses."""
    return Symmetry(generators=(), orbits=tuple((i,) for i in range(len(topology.nodes))))


def _orbits(n: int, generators: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for perm in generators:
        for i, j in enumerate(perm):
            a, b = find(i), find(j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return tuple(tuple(g) for g in sorted(groups.values()))
