"""The group of a compact schedule (``forestcoll-schedule/3``), by the verifier's own means.

A compact schedule writes generators of a group G of automorphisms of the topology and one
representative tree per orbit; the trees it stands for are g(T), one per element g of G.
The verifier trusts none of it. It reads every generator from its cycle notation, checks
that it is an automorphism of the topology (every node onto a node of the same kind and
multicast mark, every link onto a link of the same bandwidth, type and latency, in each
direction), that it fixes the root of a broadcast or reduce, and proves that G acts freely
on the orbit of a compute node x (only the identity fixes x, so |G| = |O(x)|) without
listing an element: generators that commute pairwise and whose orders multiply to the size
of the orbit of x prove it at once (:func:`_free_order`); otherwise a tuple of nodes (x,
the image of x under every generator, one node of every other orbit) is carried over the
orbit of x breadth first and must arrive at every node of it the same way by every path
(:func:`_walk`). Both take time and memory bounded by the generators, the nodes and the
orbits, never by |G|; a generator listed twice (or the identity) is dropped first.

Loads are then counted per orbit of links without writing a tree out (orbit-stabiliser):
the elements mapping a hop h onto a link e of its orbit O(e) form a coset of h's
stabiliser, |G| / |O(e)| of them, so

    load(e) = |G| / |O(e)| · Σ over representatives T of w(T) · (hops of T in O(e)),

and the trees rooted at a compute node v from the representatives weigh
|G| / |O(v)| · Σ over representatives T rooted in O(v) of w(T).

Part of the independent verifier: it shares no code with the model's or the generator's
group handling (a second method), and imports only the topology model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..model.topology import Topology
from .terms import show

MAX_GENERATORS = 64          # generators a compact schedule may list (docs/formats.md)
MAX_GROUP_WORK = 1 << 28     # node images the proof of freeness may take (docs/formats.md)
Hop = tuple[str, str]


@dataclass(frozen=True)
class GroupAction:
    """A proven group: its order, and the orbits of the nodes and of the links.

    :ivar order: |G|
    :ivar node_orbit: node id -> the position of its orbit
    :ivar node_orbit_size: orbit position -> its number of nodes
    :ivar link_orbit: link (src, dst) -> the position of its orbit
    :ivar link_orbits: orbit position -> its links, in topology order
    """

    order: int
    node_orbit: Mapping[str, int]
    node_orbit_size: Sequence[int]
    link_orbit: Mapping[Hop, int]
    link_orbits: Sequence[Sequence[Hop]]

    def root_share(self, v: str) -> int:
        """How many trees a representative rooted in v's orbit gives v: |G| / |O(v)|."""
        return self.order // self.node_orbit_size[self.node_orbit[v]]

    def link_share(self, orbit: int) -> int:
        """How often a hop of a representative lands on each link of ``orbit``."""
        return self.order // len(self.link_orbits[orbit])


def read_group(topology: Topology, raw: Any, root: str | None, reasons: list[str]
               ) -> GroupAction | None:
    """The group of a compact schedule, checked (module docstring); a reason per problem.

    :param topology: the network
    :param raw: the file's ``"group"`` value
    :param root: the root of a broadcast or reduce, which every generator must fix
    :param reasons: where the problems go, one line each
    :returns: the group's action, or None when something is wrong
    """
    start = len(reasons)
    ids = topology.node_ids
    index = topology.index
    if not isinstance(raw, (list, tuple)) or len(raw) > MAX_GENERATORS:
        reasons.append(f"\"group\" must be a list of at most {MAX_GENERATORS} generators, each "
                       f"a list of cycles of node ids, found {show(raw)}")
        return None
    perms: list[list[int]] = []
    for j, gen in enumerate(raw):
        perm = _permutation(gen, index, f"group generator #{j}", reasons)
        if perm is None:
            continue
        problem = _not_automorphism(topology, perm)
        if problem is not None:
            reasons.append(f"group generator #{j} is not an automorphism of {topology.name}: "
                           f"{problem}")
        elif root is not None and perm[index[root]] != index[root]:
            reasons.append(f"group generator #{j} moves the root {root} to "
                           f"{ids[perm[index[root]]]}; every tree must stay rooted there")
        else:
            perms.append(perm)
    if len(reasons) > start:
        return None
    # a generator listed twice, or the identity, generates nothing more
    perms = [list(p) for p in dict.fromkeys(tuple(p) for p in perms)
             if any(i != j for i, j in enumerate(p))]
    node_orbit = _orbits(len(ids), [[(i, p[i]) for i in range(len(ids))] for p in perms])
    sizes = _sizes(node_orbit)
    compute = [index[v] for v in topology.compute_nodes]
    largest = max(sizes[node_orbit[v]] for v in compute)
    x = next(v for v in compute if sizes[node_orbit[v]] == largest)
    try:
        order = _free_order(perms, x, len(ids), largest)
    except _TooMuchWork as work:
        reasons.append(f"proving that the group acts freely would take {work.args[0]} node "
                       f"images, more than {MAX_GROUP_WORK} (an orbit of {largest} nodes and "
                       f"a great many other orbits): a compact schedule's group must be "
                       f"checkable in bounded work")
        return None
    if order is None:
        reasons.append(f"the group does not act freely on the orbit of {ids[x]} (two of its "
                       f"elements move {ids[x]} to the same node), so its order is not that "
                       f"orbit's size: a compact schedule's group must act freely on a largest "
                       f"orbit of compute nodes")
        return None
    links = list(topology.capacity)
    at = {hop: i for i, hop in enumerate(links)}
    pairs = [[(i, at[(ids[p[index[a]]], ids[p[index[b]]])]) for i, (a, b) in enumerate(links)]
             for p in perms]
    link_orbit = _orbits(len(links), pairs)
    members: dict[int, list[Hop]] = {}
    for i, hop in enumerate(links):
        members.setdefault(link_orbit[i], []).append(hop)
    position = {o: k for k, o in enumerate(members)}
    node_pos = {o: k for k, o in enumerate(dict.fromkeys(node_orbit))}
    return GroupAction(order, {v: node_pos[node_orbit[i]] for i, v in enumerate(ids)},
                       [sizes[o] for o in node_pos],
                       {hop: position[link_orbit[i]] for i, hop in enumerate(links)},
                       [members[o] for o in members])


def _permutation(gen: Any, index: Mapping[str, int], where: str, reasons: list[str]
                 ) -> list[int] | None:
    """One generator's cycle notation as the image of every node index."""
    if not isinstance(gen, (list, tuple)) or not gen:
        reasons.append(f"{where} must be a non-empty list of cycles, found {show(gen)}")
        return None
    perm = list(range(len(index)))
    seen: set[str] = set()
    for c, cycle in enumerate(gen):
        if not isinstance(cycle, (list, tuple)) or len(cycle) < 2:
            reasons.append(f"{where}: cycle #{c} must list at least two node ids, found "
                           f"{show(cycle)}")
            return None
        for v in cycle:
            if not isinstance(v, str) or v not in index:
                reasons.append(f"{where}: cycle #{c} names {show(v)}, which is not a node of "
                               f"the topology")
                return None
            if v in seen:
                reasons.append(f"{where}: node {v} appears twice; a node may be in one cycle "
                               f"of a generator only")
                return None
            seen.add(v)
        for a, b in zip(cycle, list(cycle[1:]) + [cycle[0]]):
            perm[index[a]] = index[b]
    return perm


def _not_automorphism(topology: Topology, perm: Sequence[int]) -> str | None:
    """The first node or link the permutation does not map onto its like, or None."""
    nodes, ids, index = topology.nodes, topology.node_ids, topology.index
    for i, j in enumerate(perm):
        a, b = nodes[i], nodes[j]
        if a.is_compute != b.is_compute or (a.multicast is True) != (b.multicast is True):
            what = lambda n: ("a compute node" if n.is_compute else "a switch") + (
                " marked multicast" if n.multicast is True else "")
            return f"it maps {a.id} ({what(a)}) onto {b.id} ({what(b)})"
    cap, kinds, alphas = topology.capacity, topology.link_type, topology.link_alpha
    for (u, v), c in cap.items():
        image = (ids[perm[index[u]]], ids[perm[index[v]]])
        if image not in cap:
            return f"it maps link {u} -> {v} onto {image[0]} -> {image[1]}, which does not exist"
        if cap[image] != c:
            return (f"it maps link {u} -> {v} ({c} {topology.units}) onto {image[0]} -> "
                    f"{image[1]} ({cap[image]} {topology.units})")
        if kinds.get(image) != kinds.get((u, v)) or alphas.get(image) != alphas.get((u, v)):
            return (f"it maps link {u} -> {v} onto {image[0]} -> {image[1]}, whose type or "
                    f"latency differs")
    return None


def _free_order(perms: list[list[int]], x: int, n: int, orbit_size: int) -> int | None:
    """|G| if G acts freely on the orbit of x (then |G| is that orbit's size), else None.

    First the criterion for commuting generators, which lists no element. Let the
    generators g_1 .. g_m commute pairwise and o_i be the order of g_i (the lcm of its
    cycle lengths). G is then abelian, so every element is g_1^a_1 ⋯ g_m^a_m with
    0 <= a_i < o_i, and |G| <= o_1 ⋯ o_m. By orbit-stabiliser, |O(x)| = |G| / |G_x| <= |G|.
    If |O(x)| = o_1 ⋯ o_m, both are equalities: |G| = |O(x)| and the stabiliser G_x is
    trivial; the stabiliser of y = h(x) is h G_x h⁻¹, trivial too, so no two elements move
    a node of O(x) to the same place: G acts freely on O(x), of order o_1 ⋯ o_m.

    Otherwise (generators that do not commute, or orders whose product is not the orbit's
    size, which proves nothing either way) the tuple carried over the orbit of x
    (:func:`_walk`)."""
    proven = _commuting_order(perms, orbit_size)
    return proven if proven is not None else _walk(perms, x, n)


def _commuting_order(perms: list[list[int]], orbit_size: int) -> int | None:
    """``orbit_size`` when the generators commute pairwise and their orders multiply to
    it (then G acts freely on that orbit, :func:`_free_order`), else None (nothing
    proven either way)."""
    import numpy as np

    gens = [np.asarray(p, dtype=np.int64) for p in perms]
    if gens and _product_of_orders(perms, orbit_size) == orbit_size and _commute(gens):
        return orbit_size
    return None


def _walk(perms: list[list[int]], x: int, n: int) -> int | None:
    """|G| = |O(x)| when only the identity fixes x, else None, without listing an element
    (module docstring): the tuple τ = (x, s(x) for every generator s, one node z of every
    other orbit of two or more nodes) is carried breadth first over O(x), each new node y
    reached as s(p) getting the tuple s(τ_p), and every generator image t(y) already
    reached must carry t(τ_y). Passing means the orbit of τ has |O(x)| members, so the
    stabiliser G_x fixes every node of τ: G_x ⊆ G_s(x) = s G_x s⁻¹ makes G_x normal in G,
    and a normal stabiliser fixes x's whole orbit and the whole orbit of every z (g G_x g⁻¹
    = G_x). Then G_x = 1 and |G| = |O(x)|. If G_x = 1, the tuple a node carries is that of
    the one element reaching it, and the check passes. An orbit larger than O(x) is
    refused at once (|G| = |O(x)| bounds every orbit). Work: |O(x)| × |τ| per generator."""
    import numpy as np

    gens = np.asarray(perms, dtype=np.int64).reshape(len(perms), n)
    groups = _orbits(n, [[(i, p[i]) for i in range(n)] for p in perms])
    sizes = _sizes(groups)
    found = {x: 0}
    reached = [x]
    parent, via = [-1], [-1]
    for at, y in enumerate(reached):          # breadth first, one entry per node of O(x)
        for j, s in enumerate(perms):
            if s[y] not in found:
                found[s[y]] = len(reached)
                reached.append(s[y])
                parent.append(at)
                via.append(j)
    m = len(reached)
    if max(sizes.values()) > m:
        return None
    tau = [int(g[x]) for g in gens] + [o for o, k in sizes.items() if k > 1 and o != groups[x]]
    if m * len(tau) * len(perms) > MAX_GROUP_WORK:
        raise _TooMuchWork(m * len(tau) * len(perms))
    where = np.asarray([[found[int(g[y])] for y in reached] for g in gens], dtype=np.int64)
    up, by = np.asarray(parent, dtype=np.int64), np.asarray(via, dtype=np.int64)
    step = max(1, (1 << 22) // m)
    for c in range(0, len(tau), step):
        carried = np.empty((m, len(tau[c:c + step])), dtype=np.int64)
        carried[0] = tau[c:c + step]
        for i in range(1, m):                 # parents come first
            carried[i] = gens[by[i]][carried[up[i]]]
        for t, g in enumerate(gens):
            if not np.array_equal(carried[where[t]], g[carried]):
                return None
    return m


class _TooMuchWork(Exception):
    """The proof of freeness would take more than MAX_GROUP_WORK node images."""


def _commute(gens: list) -> bool:
    """Do the permutations (arrays) commute pairwise: a(b(v)) = b(a(v)) for every v?"""
    import numpy as np

    return all(np.array_equal(a[b], b[a]) for i, a in enumerate(gens) for b in gens[i + 1:])


def _product_of_orders(perms: list[list[int]], limit: int) -> int:
    """The product of the permutations' orders (each the lcm of its cycle lengths),
    given up as soon as it exceeds ``limit`` (then some number above it)."""
    import math

    product = 1
    for perm in perms:
        seen = [False] * len(perm)
        order = 1
        for v in range(len(perm)):
            if seen[v]:
                continue
            length, w = 0, v
            while not seen[w]:
                seen[w] = True
                w = perm[w]
                length += 1
            order = math.lcm(order, length)
        product *= order
        if product > limit:
            return product
    return product


def _orbits(n: int, pairs: list[list[tuple[int, int]]]) -> list[int]:
    """The orbit of each of 0..n-1 (its smallest member) under the maps i -> j given as
    pairs, one list per generator."""
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for gen in pairs:
        for i, j in gen:
            a, b = find(i), find(j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return [find(i) for i in range(n)]


def _sizes(orbit: list[int]) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for o in orbit:
        sizes[o] = sizes.get(o, 0) + 1
    return sizes
