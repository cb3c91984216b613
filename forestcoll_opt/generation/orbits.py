"""The orbit construction: compact schedules for large symmetric networks, built one tree
per orbit (paper, appendix E.3 "Spanning Tree Construction", applied in orbits of a group).

Let H be an abelian group of automorphisms acting freely on the compute nodes
(:mod:`forestcoll_opt.kernels.abelian`; on a catalog cluster of identical boxes, the
rotations of the boxes of each unit, of the units and of the rails, often of order N).
Splitting removes the switches in whole orbits of pairs under H
(:func:`~forestcoll_opt.generation.splitting.split_switches` with ``group``), so G* and
its routing table are H-invariant. The trees are then h(T_r), one for each element h and
each representative T_r rooted at the representative r of an orbit of roots, with r's
demand d_r as weight. H acts freely on the edges of G* too, so an edge e of G* carries

    Σ_r d_r · |T_r ∩ O(e)|

trees, O(e) being e's orbit: the packing fits G* exactly when every orbit's sum is at most
the capacity of its edges. The representatives are grown together, one edge each per pass,
and an edge is taken only while its orbit has that capacity left, so a packing that spans
every node *is* a feasible packing of G*: its own certificate, with no max-flow. Edges
inside a box are taken first (a box is entered once and filled over its own links, which
the box's bottleneck cut needs), then breadth first. When a representative of weight
d_r can only go on over orbits with less than d_r left, the growth is run again from the
start, this time cutting such a tree in two (the c its best orbit has left take that
edge, the other d_r - c go on from the same edges): each cut uses an orbit up, so there
are at most as many cuts as orbits of edges, and a root may have several representatives.
A tree that still cannot go on, because the orbit it needs is used up by the others, is
freed by a move (:func:`_swap`): another tree that uses that orbit on an edge (p, z) and
can reach z by an edge of an orbit with its weight left, from a member not below z, moves
there, which gives the first orbit back its weight. This greedy growth can still get stuck where the tested growth (:mod:`.packing`) would
not; then None is returned and the caller falls back to the pipeline with every tree
written out.

Routing follows the same orbits: a representative's edge e = h(e₀), with e₀ its orbit's
edge at the orbit's representative tail, takes the next path units of e₀ (as
:mod:`.routing` does) mapped by h. The units each edge of an orbit receives are then the
images of distinct units of e₀, and H-invariant splitting gives every edge of the orbit
the images of e₀'s units: no physical link carries more than the splitting gave it. The
pipeline recomputes the link loads from the representatives (orbit-stabiliser) and
refuses a schedule whose loads exceed a capacity.

Work: splitting's max-flows (one per orbit of compute nodes per test), then O(|G*| log)
for the growth and the path units of the representatives; nothing grows with |H| beyond
building G*'s orbits.
"""

from __future__ import annotations

import heapq
import logging
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from ..kernels.abelian import FreeAbelian
from ..errors import RoutingError
from .routing import RoutedTree, route_trees
from .splitting import JointSplitIncomplete, split_switches


@dataclass(frozen=True)
class OrbitForest:
    """The representatives of an orbit construction.

    :ivar trees: one routed tree per orbit of roots (a few where it was cut or its units
        change path), rooted at the orbit's representative, node indices
    :ivar seconds: splitting, packing and routing seconds; ignored by ``==``
    :ivar splitting_max_flows: max-flows splitting computed
    :ivar edge_orbits: orbits of edges of G*
    """

    trees: tuple[RoutedTree, ...]
    seconds: Mapping[str, float] = field(default_factory=dict, compare=False)
    splitting_max_flows: int = 0
    edge_orbits: int = 0


log = logging.getLogger(__name__)

# stuck trees freed by moves (:func:`_swap`, each a pass over the other trees' edges) in
# one growth before it gives up: a few suffice where moves help at all
MAX_MOVES = 32


class _Stuck(Exception):
    pass


def orbit_forest(num_nodes: int, capacity: Mapping[tuple[int, int], int],
                 compute: Sequence[int], switches: Sequence[int], demand: Mapping[int, int],
                 group: FreeAbelian, *, box: Mapping[int, object] | None = None,
                 kernel: str | None = None, progress=None) -> OrbitForest | None:
    """The orbit construction (module docstring) on the integer network ``capacity``.

    :param num_nodes: the number of nodes
    :param capacity: (u, v) node indices -> integer capacity, in trees; every switch
        balanced; invariant under ``group``
    :param compute: the compute node indices
    :param switches: the switch node indices, in the order splitting removes them
    :param demand: compute node index -> trees rooted there; invariant under ``group``
    :param group: an abelian group acting freely on ``compute``
    :param box: node index -> its box, or None
    :param kernel: the max-flow kernel; None for the fastest installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :returns: the representatives, or None when splitting or the greedy growth cannot
        finish in whole orbits
    """
    box = box or {}
    start = time.perf_counter()
    gens = [g.tolist() for g in group.generators]
    try:
        split = split_switches(num_nodes, capacity, compute, switches, demand, box=box,
                               kernel=kernel, progress=progress, group=gens,
                               even=bool(len(group.fixed)))
    except JointSplitIncomplete:
        return _declined("splitting cannot remove the switches in whole orbits")
    t_split = time.perf_counter()
    edges = sorted(split.capacity)
    tails = np.asarray([a for a, _ in edges], dtype=np.int64)
    heads = np.asarray([b for _, b in edges], dtype=np.int64)
    caps = np.asarray([split.capacity[e] for e in edges], dtype=object)
    # each edge's orbit: its image with the tail moved to its orbit's representative (the
    # head, when the group fixes the tail); exps[i] maps the orbit's canonical edge onto i
    fixed = np.zeros(num_nodes, dtype=bool)
    fixed[list(group.fixed)] = True
    moves_tail = ~fixed[tails]
    exps = np.where(moves_tail[:, None], group.label[tails], group.label[heads])
    back = group.inverse(exps)
    canon_tail = group.apply(back, tails)
    canon_head = group.apply(back, heads)
    keys = canon_tail * num_nodes + canon_head
    unique, orbit_of = np.unique(keys, return_inverse=True)
    counts = np.bincount(orbit_of, minlength=len(unique))
    # an orbit of an edge between two fixed nodes is that edge alone: each of its trees
    # stands for |H| trees on it (the multiplier), the others for one each
    whole = np.zeros(len(unique), dtype=bool)
    whole[orbit_of] = moves_tail | ~fixed[heads]
    if (counts != np.where(whole, group.order, 1)).any():
        return None                # G* is not invariant (cannot happen after joint splitting)
    canonical = [(int(k) // num_nodes, int(k) % num_nodes) for k in unique]
    routes, budget = _quotient(canonical, whole, split.routes, group)
    for o, c in zip(orbit_of.tolist(), caps.tolist()):
        if whole[o] and budget[o] is None:
            budget[o] = c
        elif whole[o] and budget[o] != c:
            return None
    weights = {}
    for r in group.representatives:
        d = demand.get(r, 0)
        if fixed[r]:
            if d % group.order:
                return None       # a fixed root's |H| images cannot carry its demand
            d //= group.order
        if d > 0:
            weights[r] = d
    reps = None
    log.info("orbit construction: growing %d representative(s) over %d orbits of edges",
             len(weights), len(unique))
    for cut in (False, True):        # cut trees only where growing them whole gets stuck
        try:
            reps = _grow(edges, orbit_of.tolist(), budget, group, weights, box, progress,
                         split=cut)
            break
        except _Stuck:
            continue
    if reps is None:
        return _declined("the greedy growth is stuck (an orbit of edges it needs is used up)")
    t_pack = time.perf_counter()
    edge_index = {e: i for i, e in enumerate(edges)}
    # a proxy's root is its representative's position: one root may have several
    proxies = [_Proxy(j, weight, [canonical[orbit_of[edge_index[e]]] for e in tree])
               for j, (_, weight, tree) in enumerate(reps)]
    try:
        routing = route_trees(proxies, routes)
    except RoutingError:
        return _declined("the routing does not follow the orbits")
    out = []
    for routed in routing.trees:
        root, _, tree = reps[routed.root]
        paths = []
        for e, path in zip(tree, routed.paths):
            paths.append(tuple(group.apply(exps[edge_index[e]], np.asarray(path)).tolist()))
        out.append(RoutedTree(root, routed.weight, tuple(tree), tuple(paths)))
    t_route = time.perf_counter()
    return OrbitForest(trees=tuple(out), seconds={
        "splitting_seconds": t_split - start, "packing_seconds": t_pack - t_split,
        "routing_seconds": t_route - t_pack}, splitting_max_flows=split.max_flows,
        edge_orbits=len(unique))


def _declined(reason: str) -> None:
    log.info("orbit construction: %s", reason)
    return None


def _quotient(canonical: list[tuple[int, int]], whole: np.ndarray,
              routes: Mapping[tuple[int, int], Sequence[tuple[tuple[int, ...], int]]],
              group: FreeAbelian) -> tuple[dict, list]:
    """The routing table of the orbits' canonical edges, and the budget of each orbit in
    representatives' trees (None: its capacity, filled by the caller). An edge between
    two fixed nodes carries |H| trees for each of a representative's (its images): only
    its paths that every element fixes are kept (the images of a tree then all take the
    same path), each with its count divided by |H| (rounded down), and its budget is their
    sum."""
    table: dict[tuple[int, int], Sequence] = {}
    budget: list = [None] * len(canonical)
    gens = group.generators
    for o, e in enumerate(canonical):
        units = routes[e]
        if not whole[o]:
            units = tuple((p, c // group.order) for p, c in units
                          if c >= group.order and all((g[list(p)] == p).all() for g in gens))
            budget[o] = sum(c for _, c in units)
        table[e] = units
    return table, budget


class _Proxy:
    """A representative with its edges replaced by their orbits' canonical edges, for
    :func:`~forestcoll_opt.generation.routing.route_trees`."""

    __slots__ = ("root", "weight", "edges")

    def __init__(self, root: int, weight: int, edges: list[tuple[int, int]]) -> None:
        self.root, self.weight, self.edges = root, weight, edges


def _grow(edges: list[tuple[int, int]], orbit_of: list[int], budget: list[int],
          group: FreeAbelian, weights: Mapping[int, int], box: Mapping[int, object],
          progress, *, split: bool = False) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Grow one tree per orbit of roots (module docstring): [(root, weight, edges in
    growth order)]; raises :class:`_Stuck` when some tree cannot grow.

    With ``split``, a tree that can grow only over an orbit with less capacity left than
    its weight c > 0 is cut in two: c' = what is left takes that edge, the other c - c'
    goes on from the same edges (trees grown alike are merged at the end). Each cut uses
    an orbit up, so there are at most as many cuts as orbits of edges."""
    out_edges: dict[int, list[int]] = {}
    for i, (a, _) in enumerate(edges):
        out_edges.setdefault(a, []).append(i)
    roots = [r for r in group.representatives if weights.get(r, 0) > 0]
    nodes = {int(v) for v in np.flatnonzero(group.rep >= 0)}
    left = list(budget)
    trees = []
    for r in roots:
        trees.append({"root": r, "weight": weights[r], "members": {r: 0}, "edges": [],
                      "heap": [], "short": []})
        _push(trees[-1], r, out_edges, edges, box, orbit_of, left)
    total = len(roots) * (len(nodes) - 1)
    placed = 0
    pending = list(trees)
    moves = 0
    in_edges: dict[int, list[int]] = {}
    for i, (_, b) in enumerate(edges):
        in_edges.setdefault(b, []).append(i)
    while pending:
        for t in pending:
            try:
                i = _next_edge(t, edges, orbit_of, left, split)
                if i is None:
                    i = _cut(t, trees, edges, orbit_of, left, box)
            except _Stuck:
                moves += 1
                if moves > MAX_MOVES:
                    raise
                i = _swap(t, trees, edges, orbit_of, left, out_edges, in_edges)
            x, y = edges[i]
            left[orbit_of[i]] -= t["weight"]
            t["members"][y] = len(t["members"])
            t["edges"].append((x, y))
            _push(t, y, out_edges, edges, box, orbit_of, left)
            placed += 1
        pending = [t for t in trees if len(t["members"]) < len(nodes)]
        if progress is not None:
            progress("packing", placed, max(total, placed))
    merged: dict[tuple, int] = {}
    for t in trees:
        key = (t["root"], tuple(_growth_order(t["root"], t["edges"])))
        merged[key] = merged.get(key, 0) + t["weight"]
    return [(root, weight, list(tree)) for (root, tree), weight in merged.items()]


def _next_edge(tree: dict, edges: list[tuple[int, int]], orbit_of: list[int],
               left: list[int], split: bool) -> int | None:
    """The next edge ``tree`` grows over (:func:`_push` order) with capacity for its
    weight; None when there is none (with ``split``, edges with less capacity left are
    kept aside in ``tree["short"]``); raises :class:`_Stuck` without ``split``."""
    heap, members, weight = tree["heap"], tree["members"], tree["weight"]
    while heap:
        inside, scarce, order, i = heapq.heappop(heap)
        o = orbit_of[i]
        if edges[i][1] in members or left[o] == 0:
            continue
        if left[o] < weight:
            if split:
                tree["short"].append((inside, order, i))
            continue
        if -left[o] > scarce:        # its orbit has less left than when offered
            heapq.heappush(heap, (inside, -left[o], order, i))
            continue
        return i
    if not split:
        raise _Stuck()
    return None


def _cut(tree: dict, trees: list[dict], edges: list[tuple[int, int]], orbit_of: list[int],
         left: list[int], box: Mapping[int, object]) -> int:
    """Cut ``tree`` (:func:`_grow` with ``split``) at the kept-aside edge whose orbit has
    the most left: ``tree`` keeps that much weight and the edge, a copy the rest; both
    offered the other kept-aside edges again. Raises :class:`_Stuck` when none is left."""
    members = tree["members"]
    short = [(inside, order, i) for inside, order, i in tree["short"]
             if edges[i][1] not in members and 0 < left[orbit_of[i]] < tree["weight"]]
    if not short:
        raise _Stuck()
    best = min(short, key=lambda s: (-left[orbit_of[s[2]]], s))
    part = left[orbit_of[best[2]]]
    rest = {"root": tree["root"], "weight": tree["weight"] - part, "members": dict(members),
            "edges": list(tree["edges"]), "heap": [], "short": []}
    tree["weight"], tree["short"], tree["heap"] = part, [], []
    for t in (tree, rest):
        for inside, order, i in short:
            if i != best[2] or t is rest:
                heapq.heappush(t["heap"], (inside, -left[orbit_of[i]], order, i))
    trees.append(rest)
    return best[2]


def _swap(tree: dict, trees: list[dict], edges: list[tuple[int, int]], orbit_of: list[int],
          left: list[int], out_edges: Mapping[int, list[int]],
          in_edges: Mapping[int, list[int]]) -> int:
    """When ``tree`` cannot grow: an edge it could take once its orbit O has its weight
    left, made possible by moving trees that use O elsewhere. A tree T' using an edge
    (p, z) of O can reach z by another edge (p', z) of an orbit O' with T''s weight left,
    from a member p' that is not below z in T' (T' stays a tree over the same nodes); the
    move gives O back T''s weight and takes it from O'. Moves are made until O has
    ``tree``'s weight left; raises :class:`_Stuck` when no move gets there."""
    members, weight = tree["members"], tree["weight"]
    wanted: dict[int, int] = {}          # orbit -> the first edge of it the tree could take
    for i in sorted({i for x in members for i in out_edges.get(x, ())
                     if edges[i][1] not in members}, key=lambda i: (-left[orbit_of[i]], i)):
        wanted.setdefault(orbit_of[i], i)
    edge_id = {e: i for i, e in enumerate(edges)}
    others = []
    for other in trees:
        if other is not tree:
            uses: dict[int, list[int]] = {}
            for k, e in enumerate(other["edges"]):
                uses.setdefault(orbit_of[edge_id[e]], []).append(k)
            others.append((other, uses, {b: a for a, b in other["edges"]}))
    for o, i in wanted.items():
        for other, uses, parent in others:
            w2, own = other["weight"], other["members"]
            for k in uses.get(o, ()):
                p, z = other["edges"][k]
                if orbit_of[edge_id[(p, z)]] != o:
                    continue              # moved by an earlier move of this call
                for j in in_edges.get(z, ()):
                    p2, o2 = edges[j][0], orbit_of[j]
                    if o2 == o or p2 not in own or left[o2] < w2:
                        continue
                    v = p2
                    while v != z and v in parent:       # is p2 below z in other?
                        v = parent[v]
                    if v == z:
                        continue
                    other["edges"][k] = (p2, z)
                    parent[z] = p2
                    left[o] += w2
                    left[o2] -= w2
                    break
                if left[o] >= weight:
                    return i
    raise _Stuck()


def _growth_order(root: int, tree_edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A tree's edges reordered so that every edge's tail is the root or the head of an
    earlier edge (moves by :func:`_swap` may break the order they were grown in);
    unchanged when it already holds."""
    seen = {root}
    if all(a in seen and not seen.add(b) for a, b in tree_edges):
        return list(tree_edges)
    children: dict[int, list[tuple[int, int]]] = {}
    for a, b in tree_edges:
        children.setdefault(a, []).append((a, b))
    out, stack = [], [root]
    while stack:
        x = stack.pop(0)
        for e in children.get(x, ()):
            out.append(e)
            stack.append(e[1])
    return out


def _push(tree: dict, x: int, out_edges: Mapping[int, list[int]],
          edges: list[tuple[int, int]], box: Mapping[int, object], orbit_of: list[int],
          left: list[int]) -> None:
    """Offer the edges leaving new member x: inside x's box first, then from the orbit
    with the most capacity left (an orbit nearly used up is kept for the nodes only it
    reaches), then by x's join order (breadth first), then by edge order. Capacities only
    decrease, so a stale offer is re-offered when popped (:func:`_grow`)."""
    members, heap = tree["members"], tree["heap"]
    order = members[x]
    here = box.get(x)
    for i in out_edges.get(x, ()):
        y = edges[i][1]
        if y in members:
            continue
        inside = here is not None and box.get(y) == here
        heapq.heappush(heap, (0 if inside else 1, -left[orbit_of[i]], order, i))
