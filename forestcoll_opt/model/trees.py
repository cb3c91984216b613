"""The trees of a schedule, and the node permutation groups of compact schedules.

A :class:`Tree` is a weighted spanning tree over the compute nodes whose edges carry their
physical routes (docs/formats.md, ``forestcoll-schedule/1``). A compact schedule
(``forestcoll-schedule/3``) writes one representative tree per orbit of a group of
automorphisms of the topology: :class:`NodeGroup` holds such a group, given by generators
(permutations of the node indices), proves that it acts freely on an orbit of compute nodes
(so that its order is that orbit's size), and lists its elements in the order the format
expands a representative in (identity first, then breadth first over the generators).
"""

from __future__ import annotations

import math

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator, Mapping, Sequence

from ..errors import ScheduleError
from .orbits import node_orbits


@dataclass(frozen=True)
class TreeEdge:
    """One edge of a tree: data moves from one compute node to another along a physical
    route (paper, section "Edge Splitting": an edge of the switch-free logical topology is
    a route through switches in the physical one).

    :ivar src: the compute node the data leaves
    :ivar dst: the compute node the data arrives at
    :ivar path: the physical route from ``src`` to ``dst``, both included (so at least two
        nodes); every consecutive pair is a link of the topology in that direction and the
        nodes between the ends are switches
    """

    src: str
    dst: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Tree:
    """A weighted spanning tree over the compute nodes (edges point the way data flows).

    In allgather and broadcast it is an out-tree: its edges lead away from the root and
    every other compute node has one incoming edge. In reduce-scatter and reduce it is an
    in-tree: its edges lead toward the root and every other compute node has one outgoing
    edge.

    :ivar root: the compute node whose data the tree carries (allgather, broadcast), or for
        which it collects the reduced data (reduce-scatter, reduce)
    :ivar weight: how many of the root's parts the tree carries (the root's data is cut into
        k parts, k·ŵ_v with shard weights); a positive integer
    :ivar edges: the tree's edges, each with its physical route
    """

    root: str
    weight: int
    edges: tuple[TreeEdge, ...]

    def children(self) -> dict[str, list[str]]:
        """Every node's children, away from the root, in the order of ``edges`` (for an
        in-tree, whose edges point toward the root, the children of v are the sources of
        the edges into v)."""
        out: dict[str, list[str]] = {}
        toward = any(e.dst == self.root for e in self.edges) and \
            not any(e.src == self.root for e in self.edges)
        for e in self.edges:
            parent, child = (e.dst, e.src) if toward else (e.src, e.dst)
            out.setdefault(parent, []).append(child)
        return out

    def preorder(self) -> list[str]:
        """The nodes from the root down, every parent before its children (depth first,
        children in the order of ``edges``)."""
        children = self.children()
        order, stack = [], [self.root]
        while stack:
            v = stack.pop()
            order.append(v)
            stack.extend(reversed(children.get(v, [])))
        return order

    @property
    def height(self) -> int:
        """The largest number of tree edges between the root and a node (compute hops)."""
        children = self.children()
        depth = {self.root: 0}
        for v in self.preorder():
            for c in children.get(v, ()):
                depth[c] = depth[v] + 1
        return max(depth.values())

def tree_image(tree: Tree, image: Callable[[str], str]) -> Tree:
    """The tree that a node map sends ``tree`` to: root, edges and every route node mapped,
    edges in the same order, the same weight.

    :param tree: the tree
    :param image: node id -> node id (a permutation of the topology's nodes)
    :returns: the mapped tree
    """
    return Tree(image(tree.root), tree.weight,
                tuple(TreeEdge(image(e.src), image(e.dst), tuple(image(v) for v in e.path))
                      for e in tree.edges))


def tree_key(tree: Tree) -> tuple:
    """A key equal for two trees exactly when they are the same tree (root, weight, and
    the same set of edges with the same routes), whatever the order of their edges."""
    return (tree.root, tree.weight,
            tuple(sorted((e.src, e.dst, e.path) for e in tree.edges)))


# --- groups of node permutations -------------------------------------------------------------

Permutation = tuple[int, ...]
# a group with more elements than this is refused when enumerated (a compact schedule's
# group acts freely on an orbit of compute nodes, so it has at most that many elements)
MAX_GROUP_ELEMENTS = 1 << 20
# a compact schedule's reader lists its group's elements (to map trees one at a time) only
# up to this many node images (|G| × the nodes it moves: 2^24 is about 2,000 elements on
# 8,000 nodes, 0.2 GB of tuples)
MAX_GROUP_ENTRIES = 1 << 24
# a compact schedule is expanded (every tree written out) only up to this many route nodes
# in all (|G| × the representatives' path nodes): 2^24 is an allgather of about 2,000 H100
# GPUs, 1 GB of trees in memory; beyond it the schedule is read compact (docs/formats.md)
MAX_EXPANSION = 1 << 24
# the check of :func:`free_order` is refused beyond this many node images (the base point's
# orbit × (generators + other orbits) × generators); see its docstring
MAX_FREE_CHECK = 1 << 27


def perm_from_cycles(cycles: Sequence[Sequence[str]], index: Mapping[str, int],
                     where: str) -> Permutation:
    """A permutation of the node indices from cycle notation over node ids.

    :param cycles: the cycles, each a list of at least two distinct node ids; a node may
        appear in one cycle only; nodes in no cycle stay in place
    :param index: node id -> node index (``Topology.index``)
    :param where: how error messages name the generator
    :returns: the image of every node index
    :raises ScheduleError: for an unknown node, a node listed twice, a cycle of one node
    """
    perm = list(range(len(index)))
    seen: set[str] = set()
    for cycle in cycles:
        if len(cycle) < 2:
            raise ScheduleError(f"{where}: a cycle must list at least two nodes")
        for a in cycle:
            if a not in index:
                raise ScheduleError(f"{where}: {str(a)[:60]!r} is not a node of the topology")
        for a, b in zip(cycle, list(cycle[1:]) + [cycle[0]]):
            if a in seen:
                raise ScheduleError(f"{where}: node {a} appears twice; each node may be in one "
                                    f"cycle only")
            seen.add(a)
            perm[index[a]] = index[b]
    return tuple(perm)


def cycles_of(perm: Sequence[int], node_ids: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The cycle notation of a permutation of node indices: every cycle of two or more
    nodes, each starting at its smallest index, in order of those.

    :param perm: the image of every node index
    :param node_ids: node index -> node id
    :returns: the cycles, as node ids
    """
    out = []
    seen = [False] * len(perm)
    for v in range(len(perm)):
        if seen[v] or perm[v] == v:
            continue
        cycle = [v]
        seen[v] = True
        w = perm[v]
        while w != v:
            cycle.append(w)
            seen[w] = True
            w = perm[w]
        out.append(tuple(node_ids[u] for u in cycle))
    return tuple(out)


def perm_order(g: Sequence[int]) -> int:
    """The order of a permutation: the lcm of its cycle lengths.

    :param g: the image of every point
    :returns: the order
    """
    seen = [False] * len(g)
    order = 1
    for v in range(len(g)):
        if seen[v]:
            continue
        length, w = 0, v
        while not seen[w]:
            seen[w] = True
            w = g[w]
            length += 1
        order = math.lcm(order, length)
    return order


def free_order(n: int, generators: Sequence[Sequence[int]], base: int) -> int | None:
    """|G| when the group G the generators generate acts freely on the orbit O of ``base``
    (only the identity fixes ``base``; then |G| = |O|), None when it does not. Exact for any
    generating set (repeated, redundant or of huge order), and no element is listed: time
    and memory grow with the generators, the nodes and the orbits, never with |G|.

    Walk O breadth first from x = ``base``: each y of O is w_y(x) for a word w_y of
    generators (its parent's word, then one generator). For each generator s let
    R_s(y) = w_y(s(x)), computed along the walk (R_s(x) = s(x), R_s(t(p)) = t(R_s(p))),
    and check R_s(t(y)) = t(R_s(y)) for every y of O and generator t. If G acts freely, w_y
    is the one element taking x to y and R_s is y -> w_y·s (x), which commutes with G, so
    the check passes. Conversely, if it passes, every R_s commutes with G on O, so the maps
    that commute with G on O take x to every y of O (by induction over a word:
    s_1⋯s_k(x) = c(s_1(x)) = c(R_s1(x)) for such a map c with c(x) = s_2⋯s_k(x)); an
    element g fixing x then fixes every c(x) = y (g(c(x)) = c(g(x))): it is the identity
    on O. Such elements form the kernel K of G acting on O, a normal subgroup. For one
    node z of every other orbit of two or more nodes let φ(y) = w_y(z), along the walk
    again, and check φ(t(y)) = t(φ(y)): then φ commutes with G, an element k of K gives
    k(z) = φ(k(x)) = z, and as K is normal it fixes z's whole orbit (h⁻¹kh is in K). So
    K = 1, only the identity fixes x, and |G| = |O|. If G acts freely, φ(y) = w_y(z) is
    well defined and the check passes. An orbit larger than O refuses at once (a free
    action gives |G| = |O|, and no orbit is larger than |G|).

    Work: |O| × (generators + other orbits) node images per generator, in chunks.

    :param n: the number of points
    :param generators: permutations of 0..n-1
    :param base: the point x
    :returns: |O|, or None when G does not act freely on O
    :raises ScheduleError: when the check would take more than :data:`MAX_FREE_CHECK`
        node images (a group with a great many small orbits of nodes)
    """
    import numpy as np

    if not generators:
        return 1
    gens = np.asarray(generators, dtype=np.int64).reshape(len(generators), n)
    m_gens = len(gens)
    pos = np.full(n, -1, dtype=np.int64)
    pos[base] = 0
    nodes, parents, labels, levels = [np.array([base])], [np.array([-1])], [np.array([-1])], [0]
    frontier, count = np.array([base]), 1
    while len(frontier):          # breadth first: each node of the frontier, each generator
        images = gens[:, frontier].T.reshape(-1)
        fresh = np.flatnonzero(pos[images] < 0)
        _, first = np.unique(images[fresh], return_index=True)
        fresh = fresh[np.sort(first)]
        new = images[fresh]
        pos[new] = count + np.arange(len(new))
        nodes.append(new)
        parents.append(pos[frontier[fresh // m_gens]])
        labels.append(fresh % m_gens)
        levels.append(count)
        count += len(new)
        frontier = new
    orbit_nodes = np.concatenate(nodes)
    parent, label = np.concatenate(parents), np.concatenate(labels)
    bounds = levels + [count]
    m = count
    after = pos[gens[:, orbit_nodes]]         # position of t(y), per generator t
    orbit = node_orbits(n, generators)
    size: dict[int, int] = {}
    for v in orbit:
        size[v] = size.get(v, 0) + 1
    if max(size.values()) > m:
        return None
    others = [o for o, k in size.items() if k > 1 and o != orbit[base]]
    if m * (m_gens + len(others)) * m_gens > MAX_FREE_CHECK:
        raise ScheduleError(f"proving that the group acts freely would take "
                            f"{m * (m_gens + len(others)) * m_gens} node images ({m_gens} "
                            f"generators, an orbit of {m} nodes, {len(others)} other orbits), "
                            f"more than {MAX_FREE_CHECK}")

    def commutes(start: np.ndarray) -> bool:
        """Carry ``start`` (the values at x, one column each) along the walk and check
        value(t(y)) = t(value(y)) for every y and generator t."""
        values = np.empty((m, len(start)), dtype=np.int64)
        values[0] = start
        for a, b in zip(bounds[1:-1], bounds[2:]):
            values[a:b] = gens[label[a:b, None], values[parent[a:b]]]
        return all(np.array_equal(values[after[t]], gens[t][values]) for t in range(m_gens))

    if not commutes(gens[:, base]):
        return None
    chunk = max(1, (1 << 22) // m)
    for i in range(0, len(others), chunk):
        if not commutes(np.asarray(others[i:i + chunk], dtype=np.int64)):
            return None
    return m


class NodeGroup:
    """The group generated by permutations of the node indices, acting freely on one orbit
    of ``points`` (the compute nodes) at least, as a compact schedule's group must.

    The base point is the first of ``points`` (in their order) that lies in a largest orbit
    among them. :meth:`elements` lists the group by breadth-first search from the identity,
    each element keyed by the base point's image; it proves along the way that the element
    a key stands for is unique (so the group has exactly as many elements as the base
    point's orbit, and acts freely on it), and raises otherwise.

    :ivar generators: the generators, each the image of every node index
    :ivar n: the number of nodes
    :ivar orbit: node index -> the smallest index of its orbit
    :ivar base: the base point
    """

    def __init__(self, n: int, generators: Sequence[Sequence[int]], points: Sequence[int]) -> None:
        self.n = n
        # the identity and a generator listed again add nothing, and dropping them keeps the
        # breadth-first order of :meth:`elements` (they only ever give elements found before)
        identity = tuple(range(n))
        self.generators = tuple(dict.fromkeys(g for g in (tuple(g) for g in generators)
                                              if g != identity))
        self.orbit = node_orbits(n, self.generators)
        size: dict[int, int] = {}
        for v in range(n):
            size[self.orbit[v]] = size.get(self.orbit[v], 0) + 1
        self.size = size
        largest = max((size[self.orbit[p]] for p in points), default=1)
        self.base = next((p for p in points if size[self.orbit[p]] == largest), 0)
        self._elements: list[Permutation] | None = None
        self._proven: int | None = None

    @property
    def order(self) -> int:
        """|G|: the size of the base point's orbit (the action on it is free)."""
        return self.size[self.orbit[self.base]]

    def orbit_size(self, v: int) -> int:
        """The number of nodes in v's orbit."""
        return self.size[self.orbit[v]]

    def proven_order(self) -> int:
        """|G|, proven without listing an element, in time and memory bounded by the
        generators and the nodes (never by |G|): when the generators commute pairwise and
        their orders multiply to the base point's orbit size, (a_1..a_m) ->
        g_1^a_1⋯g_m^a_m is a bijection from Z_o1×⋯×Z_om onto G, so G acts freely on that
        orbit; otherwise by :func:`free_order` (exact for any generators, repeated or
        redundant ones included).

        :returns: the number of elements
        :raises ScheduleError: when the group does not act freely on the base point's orbit
        """
        if self._proven is not None:
            return self._proven
        import numpy as np

        gens = [np.asarray(g, dtype=np.int64) for g in self.generators]
        commute = all(np.array_equal(a[b], b[a]) for i, a in enumerate(gens)
                      for b in gens[i + 1:])
        product = math.prod(perm_order(g) for g in self.generators) if commute else 0
        if not (commute and product == self.order) and \
                free_order(self.n, self.generators, self.base) is None:
            raise ScheduleError(
                "the group does not act freely on any orbit of compute nodes: two of its "
                "elements move the same compute node to the same place, so a representative "
                "would stand for repeated trees; use generators of a group that acts freely")
        self._proven = self.order
        return self._proven

    def elements(self) -> list[Permutation]:
        """Every element, identity first, then breadth first: for each element a found so
        far, in order, and each generator s in order, s∘a (a first, then s) if new. The
        group is proven first (:meth:`proven_order`), so nothing is listed for a group that
        does not act freely.

        :returns: the elements, each the image of every node index
        :raises ScheduleError: when two different elements move the base point to the same
            node (the group does not act freely on any orbit of compute nodes), or when it
            has more than :data:`MAX_GROUP_ELEMENTS` elements
        """
        if self._elements is not None:
            return self._elements
        order = self.proven_order()
        if order > MAX_GROUP_ELEMENTS:
            raise ScheduleError(f"the group has {order} elements, more than "
                                f"{MAX_GROUP_ELEMENTS}")
        identity = tuple(range(self.n))
        x = self.base
        found: dict[int, Permutation] = {x: identity}
        elements = [identity]
        for a in elements:            # grows while it is walked: breadth first
            for s in self.generators:
                c = tuple(s[v] for v in a)
                if c[x] not in found:   # a free action: one element per image of x
                    found[c[x]] = c
                    elements.append(c)
        self._elements = elements
        return elements

    def images(self, node_ids: Sequence[str]) -> Iterator[Callable[[str], str]]:
        """For every element (in :meth:`elements` order), node id -> its image's id."""
        index = {v: i for i, v in enumerate(node_ids)}
        for g in self.elements():
            yield lambda v, g=g: node_ids[g[index[v]]]


@lru_cache(maxsize=8)
def node_group(group: tuple[tuple[tuple[str, ...], ...], ...],
               compute_nodes: tuple[str, ...]) -> tuple[tuple[str, ...], NodeGroup]:
    """The nodes a compact schedule's group moves (the compute nodes first) and the group
    acting on their positions.

    :param group: the generators in cycle notation
    :param compute_nodes: the schedule's compute nodes
    :returns: (node ids by position, the group)
    :raises ScheduleError: for a malformed generator
    """
    nodes = list(compute_nodes)
    known = set(nodes)
    for g in group:
        for cycle in g:
            for v in cycle:
                if v not in known:
                    known.add(v)
                    nodes.append(v)
    index = {v: i for i, v in enumerate(nodes)}
    gens = [perm_from_cycles(g, index, f"group generator #{j}") for j, g in enumerate(group)]
    return tuple(nodes), NodeGroup(len(nodes), gens, range(len(compute_nodes)))


def root_orbits(phase) -> dict[str, list[str]]:
    """For a compact single-phase schedule: each representative's root -> the roots of its
    images under the group (the root's orbit, in node order).

    :param phase: a compact schedule (its ``group``, ``compute_nodes`` and ``orbits``)
    :returns: the mapping
    :raises ScheduleError: when the group does not act freely on an orbit of compute nodes
    """
    nodes, group = node_group(phase.group, phase.compute_nodes)
    group.proven_order()
    position = {v: i for i, v in enumerate(nodes)}
    members: dict[int, list[str]] = {}
    for i, v in enumerate(nodes):
        members.setdefault(group.orbit[i], []).append(v)
    return {t.root: members[group.orbit[position[t.root]]] for t in phase.orbits}
