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

import math
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .topology import Topology


@dataclass(frozen=True)
class Symmetry:
    """The automorphism group of a topology, as generators and orbits.

    ``generators[j][i]`` is the index (in ``Topology.node_ids`` order) of the image of node
    ``i`` under the j-th generator; the identity is never listed, so an asymmetric network
    has no generators. ``orbits`` partitions the node indices (each orbit sorted, orbits in
    order of their smallest member); ``fixed`` lists the node ids every automorphism keeps
    in place by request, and ``weights`` the shard weights every automorphism keeps (see
    :func:`automorphisms`).
    """

    generators: tuple[tuple[int, ...], ...]
    orbits: tuple[tuple[int, ...], ...]
    fixed: tuple[str, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    weights: tuple[int, ...] | None = None

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

    def rotation(self, nodes: Sequence[int]) -> tuple[int, ...]:
        """One automorphism for the stages that use a cyclic group (splitting, packing):
        one whose cycles on ``nodes`` (the compute nodes) all have one length L, as large
        as found, else :meth:`product`; the identity if the group is trivial. Acting freely
        on the compute nodes, it lets packing grow every tree by one image of an edge at a
        time (:mod:`forestcoll_opt.packing`). Candidates: for each support size s among the
        generators, the product of the generators that move at least s compute nodes (the
        catalog's box swaps compose into a rotation of all boxes; the small swaps inside
        a box would mix cycle lengths), and its power of :func:`free_power`."""
        best = self.product()
        if not self.generators:
            return best
        support = [sum(1 for v in nodes if g[v] != v) for g in self.generators]
        found = (1, best)
        for s in sorted(set(support)):
            element = list(range(len(best)))
            for g, moved in zip(self.generators, support):
                if moved >= s:
                    element = [g[x] for x in element]
            candidate = free_power(element, nodes)
            if candidate[0] > found[0]:
                found = candidate
        return found[1]

    @property
    def trivial(self) -> bool:
        """True when the only automorphism is the identity."""
        return not self.generators


def automorphisms(topology: Topology, *, fixed: Sequence[str] = (),
                  weights: tuple[int, ...] | None = None) -> Symmetry:
    """The automorphism group of ``topology`` (module docstring); nodes in ``fixed`` (e.g.
    the root of a broadcast) are kept in place, which gives their stabiliser subgroup, and
    with ``weights`` (normalised shard weights in compute-node order,
    :mod:`forestcoll_opt.weights`) every compute node keeps its weight."""
    start = time.perf_counter()
    ids = topology.node_ids
    index = topology.index
    fixed = tuple(fixed)
    for v in fixed:
        if v not in index:
            raise KeyError(v)
    # node classes: kind and multicast flag; every fixed node gets a class of its own
    pinned = {v: i for i, v in enumerate(fixed)}
    weight = dict(zip(topology.compute_nodes, weights or ()))
    classes = [("fixed", pinned[node.id]) if node.id in pinned
               else ("node", node.kind, bool(node.multicast), weight.get(node.id, 0))
               for node in topology.nodes]
    capacity = {(index[u], index[v]): bandwidth
                for (u, v), bandwidth in topology.capacity.items()}
    generators = graph_automorphisms(len(ids), classes, capacity)
    return Symmetry(generators=generators, orbits=_orbits(len(ids), generators), fixed=fixed,
                    seconds=time.perf_counter() - start, weights=weights)


def graph_automorphisms(n: int, classes: Sequence[object],
                        capacity: Mapping[tuple[int, int], object]
                        ) -> tuple[tuple[int, ...], ...]:
    """Generators (sorted, identity left out) of the permutations of ``0..n-1`` that keep
    ``classes[v]`` and map every edge onto an edge of the same capacity (module docstring:
    the layered construction); the same for a topology and for the compute-only graph G*
    that edge splitting leaves."""
    import igraph

    class_id: dict[object, int] = {}
    node_class = [class_id.setdefault(c, len(class_id)) for c in classes]
    # the layered graph: capacity class j (1..c) sets the layers of the bits of j
    code = {b: j for j, b in enumerate(sorted(set(capacity.values())), 1)}
    layers = max(1, len(code).bit_length())
    colors = [node_class[v] * layers + i for i in range(layers) for v in range(n)]
    edges = [(i * n + v, (i + 1) * n + v) for i in range(layers - 1) for v in range(n)]
    for (u, v), value in sorted(capacity.items()):
        for i in range(layers):
            if code[value] >> i & 1:
                edges.append((i * n + u, i * n + v))
    graph = igraph.Graph(n=n * layers, edges=edges, directed=True)
    raw = graph.automorphism_group(sh="fl", color=colors)
    identity = tuple(range(n))
    return tuple(sorted({tuple(perm[:n]) for perm in raw} - {identity}))


def is_automorphism(g: Sequence[int], cap: Mapping[tuple[int, int], int],
                     demand: Mapping[int, int]) -> bool:
    """Does the node permutation g map every edge of the integer network ``cap`` onto an
    edge of equal capacity, and every node's demand onto an equal demand? (Splitting and
    packing check the permutation they are handed and ignore it if not.)"""
    n = len(g)
    if sorted(g) != list(range(n)):
        return False
    for (a, b), c in cap.items():
        if a >= n or b >= n or cap.get((g[a], g[b])) != c:
            return False
    return all(demand.get(g[v], 0) == d for v, d in demand.items() if v < n)


def cycle(g: Sequence[int], v: int) -> list[int]:
    """The orbit of v under the cyclic group generated by g, in the order v, g(v), ..."""
    out = [v]
    x = g[v]
    while x != v:
        out.append(x)
        x = g[x]
    return out


def free_power(g: Sequence[int], nodes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(L, g^j) for the power of g whose cycles on ``nodes`` all have one length L, the
    largest such L; (1, identity) if none but the identity. Exact: with cycle lengths c_i,
    g^j has cycles of length c_i / gcd(c_i, j) there, so L divides every c_i and j must be
    a multiple of every c_i / L; the least such j works if any does."""
    lengths = sorted({len(cycle(g, v)) for v in nodes})
    common = 0
    for c in lengths:
        common = math.gcd(common, c)
    for L in sorted((d for d in range(1, common + 1) if common % d == 0), reverse=True):
        j = 1
        for c in lengths:
            j = math.lcm(j, c // L)
        if all(c // math.gcd(c, j) == L for c in lengths):
            if L == 1:
                break
            return L, _power(g, j)
    return 1, tuple(range(len(g)))


def free_group(generators: Sequence[Sequence[int]], start: Sequence[Sequence[int]] = (),
               *, candidates: int = 64) -> list[tuple[int, ...]]:
    """Generators of a group of permutations of ``0..n-1`` that acts freely (every element
    but the identity moves every point), found greedily: ``start`` (kept as it is when its
    own group does not act freely), then each of the first ``candidates`` of
    ``generators`` (most points moved first) and its :func:`free_power`, whenever adding
    it keeps the group free and makes it larger. A free group has at most n elements, and
    packing grows one tree per orbit of roots for all of them at once."""
    chosen = [tuple(h) for h in start]
    if not generators and not chosen:
        return []
    n = len((list(generators) + chosen)[0])
    points = list(range(n))
    order = _free_order(chosen, n) if chosen else 1
    if chosen and order is None:
        return chosen
    moved = sorted(generators, key=lambda h: -sum(1 for v in points if h[v] != v))
    for h in moved[:candidates]:
        for candidate in (tuple(h), free_power(h, points)[1]):
            if candidate == tuple(points):
                continue
            size = _free_order(chosen + [candidate], n)
            if size is not None and size > order:
                chosen, order = chosen + [candidate], size
    return chosen


def group_elements(generators: Sequence[Sequence[int]], limit: int, *,
                   free: bool = False) -> list[tuple[int, ...]] | None:
    """Every element of the group of permutations of ``0..n-1`` that ``generators``
    generate, identity first then breadth first; None if there are more than ``limit``,
    or, with ``free``, if some element other than the identity fixes a point."""
    import numpy as np

    gens = [np.asarray(h, dtype=np.int64) for h in generators]
    identity = np.arange(len(gens[0]), dtype=np.int64)
    seen = {identity.tobytes()}
    elements, frontier = [identity], [identity]
    while frontier:
        grown = []
        for a in frontier:
            for h in gens:
                c = h[a]
                key = c.tobytes()
                if key in seen:
                    continue
                if (free and np.any(c == identity)) or len(seen) >= limit:
                    return None
                seen.add(key)
                elements.append(c)
                grown.append(c)
        frontier = grown
    return [tuple(e.tolist()) for e in elements]


def _free_order(generators: Sequence[Sequence[int]], n: int) -> int | None:
    """The order of the group ``generators`` generate if it acts freely on 0..n-1 (then
    at most n), else None."""
    elements = group_elements(generators, n, free=True)
    return None if elements is None else len(elements)


def _power(g: Sequence[int], j: int) -> tuple[int, ...]:
    out = list(range(len(g)))
    seen: set[int] = set()
    for v in range(len(g)):
        if v not in seen:
            cyc = cycle(g, v)
            seen.update(cyc)
            for i, w in enumerate(cyc):
                out[w] = cyc[(i + j) % len(cyc)]
    return tuple(out)


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
