"""Baseline schedules in the schedule format: the rings and trees NCCL runs today, so that
ForestColl's schedules can be compared with them on the same topology, by the same
verifier and simulator.

**Rings** (NCCL's ring algorithm). The compute nodes are grouped by ``box``
(:meth:`Topology.boxes`; nodes without a box form one group) and ring c visits the boxes in
that order. Inside a box it follows a path through all of the box's GPUs from an *entry*
GPU to an *exit* GPU; the hop to the next box leaves from the exit and arrives at the next
box's entry. As NCCL does, that hop stays on one NIC rail: the next box's entry has the
same in-box index as this box's exit. Ring c picks rail r_b for the hop after box b (box
b's exit and box b+1's entry, cyclically) with consecutive rails distinct, so that no box
enters and leaves on the same GPU: c, c+1, c, c+1, ... for an even number of boxes;
c, c+1, ..., c, c+1, c+2 for an odd one (three GPUs per box at least); one box is a single
cycle entering at c and leaving at c-1. Indices are taken modulo the box's size, so with
the default one ring per GPU of the smallest box every GPU leaves its box on exactly one
ring and every NIC is used. Inside a box the ring takes entry, entry+1, ... (skipping the
exit, ending there) when each GPU reaches the next without leaving the box; otherwise a
depth-first search looks for another such path and, like NCCL's search, which lowers its
bandwidth target until a ring fits, first among the links with the most bandwidth left
by the rings before it; then with other exits and entries; only then may the path leave
the box through outside switches. A box with no such path is an error.

**RCCL's table.** On a box RCCL has hand-made rings for (a full MI250 box of 16 GCDs), it
reads its rings off a table instead of searching (:mod:`.tuned_rings`); there the baseline
builds 32 rings of that shape, two per GPU, each at the bandwidth all of them fit, unless
``table=False``.

**Routes.** A hop from GPU u to GPU v relays through switches only: the path with the
fewest links, among those the one with the widest bottleneck (so a DGX takes NVSwitch,
not the IB plane, inside a box), ties to the lower-numbered node nearest to v.

**Double binary tree** (NCCL's tree allreduce). Per channel c, every box is a chain of its
GPUs from its head, the GPU of in-box index c, and two binary trees over the boxes join
the heads (so inter-box edges stay on rail c): NCCL's tree, in which rank r's parent is
found from r's lowest set bit (rank 0 the root, with one child), and its mirror image
(r -> B-1-r) for an even number of boxes or its shift by one rank for an odd one, so that
the inner boxes of one tree are leaves of the other as far as possible. NCCL reduces up
and broadcasts down both trees at once, each tree on its share of the data, so the schedule is an
allreduce whose phases run concurrently; the tree roots hold the shards (``weights``).
With one box the two trees are the box's chain and the same chain reversed. The trees
rooted at a GPU weigh k·ŵ: k = 1 and ŵ = 1 at each root when the roots are distinct.

**Tree** (broadcast, reduce): the same construction for one root, one tree of weight 1:
a chain through the root's box from the root, chains from the GPU of the root's in-box
index in the other boxes, NCCL's binary tree over the boxes with the root's box as rank 0.

Every schedule carries its exact ``algbw`` (from its own link loads, docs/formats.md) and
``tree_bandwidth`` = algbw / (Ŵ·k) (algbw / k for broadcast and reduce), as
:func:`forestcoll_opt.generation.pipeline.generate` writes them.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from fractions import Fraction
from typing import Any, Sequence

from ...model.collective import Collective, check_request
from ...errors import ScheduleError, UsageError
from ...model.schedule import MAX_COUNT, Schedule, Tree, TreeEdge, achieved_algbw
from ...model.topology import Topology
from .tuned_rings import RINGS_PER_GPU, TABLE_GPUS, balanced_orders, rccl_table_box

SEARCH_BUDGET = 200_000          # node visits of one depth-first search for a path in a box
MAX_DEFAULT_CHANNELS = 64        # NCCL's largest channel count (MAXCHANNELS)
MAX_CHANNELS = 1024

_INF = float("inf")


def ring(topology: Topology, collective: str = "allgather", *, root: str | None = None,
         channels: int | None = None, table: bool = True) -> Schedule:
    """NCCL-style rings (module docstring), one per channel: allgather and broadcast send
    along the ring from each root, reduce-scatter and reduce collect along it into each
    root, allreduce is reduce-scatter then allgather on the same rings (one after the
    other). k = channels, every tree of weight 1. Channels default to the GPUs of the
    smallest box (at most :data:`MAX_DEFAULT_CHANNELS`).

    :param topology: the network
    :param collective: any of the five, a :class:`~forestcoll_opt.model.collective.Collective`
        or its value
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param channels: the number of channels, 1 to :data:`MAX_CHANNELS`; None for one per GPU
        of the smallest box (at most :data:`MAX_DEFAULT_CHANNELS`), or on boxes RCCL has
        hand-made rings for, two per GPU as its table has them (:mod:`.tuned_rings`)
    :param table: on boxes RCCL has hand-made rings for (a full MI250 box,
        :func:`.tuned_rings.rccl_table_box`), build rings of their shape, each at the
        bandwidth they all fit (:func:`.tuned_rings.balanced_orders`); False: search them
        as on any other box (what RCCL builds its trees on, which its table does not list)
    :returns: the schedule, with its exact ``algbw``
    :raises UsageError: for an unknown collective, a missing, unknown or superfluous root,
        or ``channels`` out of range
    :raises ScheduleError: when a box has no path through its GPUs over switches only, two
        GPUs have no route, or the counts would exceed 2^63 - 1
    """
    start = time.perf_counter()
    member = check_request(topology, collective, root=root)
    coll = member.value
    net = _Network(topology)
    tuned = bool(table) and rccl_table_box(net)
    count = (_channels(channels, net.groups) if channels is not None or not tuned else
             RINGS_PER_GPU * TABLE_GPUS)
    n = len(topology.compute_nodes)
    orders = balanced_orders(net, count) if tuned else None
    if orders is None:
        orders = [net.ring_order(c) for c in range(count)]
    hops = [[net.edge(order[j], order[(j + 1) % n]) for j in range(n)] for order in orders]

    def phase(name: str) -> Schedule:
        rooted, inward = Collective(name).rooted, Collective(name).inward
        trees = []
        uses: dict[TreeEdge, int] = {}
        for edges in hops:
            twice = edges + edges
            at = {e.src: j for j, e in enumerate(edges)}
            for e in edges:
                uses[e] = uses.get(e, 0) + (n - 1 if not rooted else 1)
            for v in ([root] if rooted else topology.compute_nodes):
                i = at[v]
                chain = twice[i + 1:i + n] if inward else twice[i:i + n - 1]
                trees.append(Tree(v, 1, tuple(chain)))
            if rooted:      # the chain skips the hop out of (reduce) or into the root
                skipped = edges[at[root]] if inward else edges[at[root] - 1]
                uses[skipped] -= 1
        parts = count if rooted else n * count
        algbw = _algbw(topology, _loads(uses), parts)
        return _single(topology, name, count, tuple(trees), algbw, parts,
                       root if rooted else None)

    if member is Collective.ALLREDUCE:
        rs, ag = phase("reduce-scatter"), phase("allgather")
        algbw = 1 / (1 / rs.algbw + 1 / ag.algbw)
        out = Schedule(collective=coll, topology=topology.name, units=topology.units,
                       compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                       algbw=algbw, phases=(rs, ag))
    else:
        out = phase(coll)
    return replace(out, stats=_stats("ring", count, start))


def table_topology(topology: Topology) -> bool:
    """Whether RCCL reads its rings off its table of hand-made rings on every box of
    ``topology`` (a full MI250 box: :func:`.tuned_rings.rccl_table_box`), where the ring
    baseline builds rings of their shape unless ``table=False``.

    :param topology: the network
    :returns: True on a topology of full MI250 boxes
    """
    return rccl_table_box(_Network(topology))


def dbtree(topology: Topology, *, channels: int | None = None) -> Schedule:
    """NCCL's double binary tree allreduce (module docstring): per channel two trees, each
    reducing its share of the data into its root (reduce-scatter phase, in-trees) and
    broadcasting it back (allgather phase, out-trees), both phases at once
    (``concurrent``). The roots' shards are their ``weights`` (1 per tree rooted there,
    every other compute node 0); k = 1 when the roots are distinct.

    :param topology: the network
    :param channels: the number of channels, 1 to :data:`MAX_CHANNELS`; None for one per GPU
        of the smallest box (at most :data:`MAX_DEFAULT_CHANNELS`)
    :returns: a concurrent allreduce schedule (``forestcoll-schedule/2``), with its exact
        ``algbw``
    :raises UsageError: for ``channels`` out of range
    :raises ScheduleError: when a box has no path through its GPUs over switches only, two
        GPUs have no route, or the counts would exceed 2^63 - 1
    """
    start = time.perf_counter()
    net = _Network(topology)
    count = _channels(channels, net.groups)
    groups = net.groups
    nboxes = len(groups)
    out_trees: list[tuple[str, list[tuple[str, str]]]] = []
    for c in range(count):
        heads = [g[c % len(g)] for g in groups]
        chains = [net.chain(b, h) for b, h in enumerate(heads)]
        if nboxes == 1:
            chain = chains[0]
            for seq in (chain, chain[::-1]):
                out_trees.append((seq[0], list(zip(seq, seq[1:]))))
            continue
        first = _btree(nboxes)
        if nboxes % 2 == 0:     # mirror image: rank r plays rank B-1-r
            second = [-1 if first[nboxes - 1 - r] < 0 else nboxes - 1 - first[nboxes - 1 - r]
                      for r in range(nboxes)]
        else:                   # shifted by one rank: rank r plays rank r-1
            second = [-1 if first[r - 1] < 0 else (first[r - 1] + 1) % nboxes
                      for r in range(nboxes)]
        for parents in (first, second):
            out_trees.append(_box_tree(parents, list(range(nboxes)), heads, chains))
    counts: dict[str, int] = {}
    for r, _ in out_trees:
        counts[r] = counts.get(r, 0) + 1
    k = math.gcd(*counts.values())
    shards = tuple(counts.get(v, 0) // k for v in topology.compute_nodes)
    weights = None if len(set(shards)) == 1 else tuple(zip(topology.compute_nodes, shards))
    total = sum(shards) if weights is not None else len(shards)

    def phase(name: str) -> Schedule:
        inward = Collective(name).inward
        trees = tuple(Tree(r, 1, tuple(net.edge(b, a) if inward else net.edge(a, b)
                                       for a, b in pairs)) for r, pairs in out_trees)
        draft = _single(topology, name, k, trees, Fraction(1), total * k, None, weights)
        return _single(topology, name, k, trees, achieved_algbw(draft, topology), total * k,
                       None, weights)

    rs, ag = phase("reduce-scatter"), phase("allgather")
    out = Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                   compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                   algbw=Fraction(1), phases=(rs, ag), weights=weights, concurrent=True)
    out = replace(out, algbw=achieved_algbw(out, topology))
    return replace(out, stats=_stats("dbtree", count, start))


def tree(topology: Topology, collective: str = "broadcast", *, root: str) -> Schedule:
    """One tree at ``root`` for broadcast (out-tree) or reduce (in-tree): a chain through
    the root's box from the root; in every other box a chain from its head, the GPU with
    the root's in-box index (same rail); NCCL's binary tree over the boxes, rooted at the
    root's box, joins the heads. k = 1.

    :param topology: the network
    :param collective: ``"broadcast"`` or ``"reduce"``
    :param root: the root compute node
    :returns: the schedule, one tree of weight 1, with its exact ``algbw``
    :raises UsageError: for another collective, or a root that is not a compute node
    :raises ScheduleError: when a box has no path through its GPUs over switches only, two
        GPUs have no route, or the counts would exceed 2^63 - 1
    """
    start = time.perf_counter()
    member = Collective.parse(collective)
    coll = member.value
    if not member.rooted:
        raise UsageError(f"the tree baseline has a single root (broadcast, reduce); for {coll} "
                         f"use the ring baseline"
                         + (" or dbtree" if member is Collective.ALLREDUCE else ""))
    check_request(topology, member, root=root)
    assert root is not None
    net = _Network(topology)
    groups = net.groups
    home = next(b for b, g in enumerate(groups) if root in g)
    index = groups[home].index(root)
    nboxes = len(groups)
    boxes = [(home + r) % nboxes for r in range(nboxes)]       # rank r -> box
    heads = [root if b == home else groups[b][index % len(groups[b])] for b in range(nboxes)]
    chains = [net.chain(b, h) for b, h in enumerate(heads)]
    _, pairs = _box_tree(_btree(nboxes), boxes, heads, chains)
    inward = member.inward
    edges = tuple(net.edge(b, a) if inward else net.edge(a, b) for a, b in pairs)
    draft = _single(topology, coll, 1, (Tree(root, 1, edges),), Fraction(1), 1, root)
    out = _single(topology, coll, 1, draft.trees, achieved_algbw(draft, topology), 1, root)
    return replace(out, stats=_stats("tree", 1, start))


# --- helpers -----------------------------------------------------------------------------------

def _channels(channels: Any, groups: Sequence[Sequence[str]]) -> int:
    if channels is None:
        return max(1, min(MAX_DEFAULT_CHANNELS, min(len(g) for g in groups)))
    if isinstance(channels, bool) or not isinstance(channels, int) or not \
            1 <= channels <= MAX_CHANNELS:
        raise UsageError(f"channels={str(channels)[:40]!r}: use a whole number from 1 to "
                         f"{MAX_CHANNELS} (NCCL uses up to {MAX_DEFAULT_CHANNELS}), or leave it "
                         f"out for one per GPU of the smallest box")
    return channels


def _stats(kind: str, channels: int, start: float) -> dict[str, Any]:
    return {"baseline": kind, "channels": channels,
            "baseline_seconds": time.perf_counter() - start}


def _single(topology: Topology, collective: str, k: int, trees: tuple[Tree, ...],
            algbw: Fraction, parts: int, root: str | None,
            weights: tuple[tuple[str, int], ...] | None = None) -> Schedule:
    """A single-phase schedule; ``tree_bandwidth`` = algbw / parts (the rate of one unit of
    tree weight, docs/formats.md), parts = Ŵ·k (k for broadcast and reduce)."""
    if k > MAX_COUNT:
        raise ScheduleError(f"the baseline needs k = {k}, above 2^63 - 1; use fewer channels")
    return Schedule(collective=collective, topology=topology.name, units=topology.units,
                    compute_nodes=topology.compute_nodes, k=k, tree_bandwidth=algbw / parts,
                    algbw=algbw, trees=trees, root=root, weights=weights)


def _loads(uses: dict[TreeEdge, int]) -> dict[tuple[str, str], int]:
    """Link loads from how many tree edges (of weight 1) use each routed edge."""
    loads: dict[tuple[str, str], int] = {}
    for e, times in uses.items():
        for hop in zip(e.path, e.path[1:]):
            loads[hop] = loads.get(hop, 0) + times
    return loads


def _algbw(topology: Topology, loads: dict[tuple[str, str], int], parts: int) -> Fraction:
    """parts / max over links of load/bandwidth (docs/formats.md, Semantics)."""
    worst = max(Fraction(load) / topology.capacity[hop] for hop, load in loads.items() if load)
    return parts / worst


def _btree(n: int) -> list[int]:
    """NCCL's binary tree over ranks 0..n-1 as a parent list (-1 for the root, rank 0).
    With b the lowest set bit of r, r's parent is r+b when r's bit 2b is clear and r-b
    when it is set, or r-b when r+b is not a rank: leaves are the odd ranks, and the root
    has one child, the largest power of two below n."""
    parents = [-1] * n
    for r in range(1, n):
        low = r & -r
        up = r - low if r & (low << 1) else r + low
        parents[r] = up if up < n else r - low
    return parents


def _box_tree(parents: Sequence[int], boxes: Sequence[int], heads: Sequence[str],
              chains: Sequence[Sequence[str]]) -> tuple[str, list[tuple[str, str]]]:
    """An out-tree as (root, [(src, dst), ...]): the binary tree ``parents`` over ranks
    (rank r is box ``boxes[r]``) joins the boxes' heads, each box is its chain; edges in
    breadth-first order of the boxes."""
    root_rank = parents.index(-1)
    children: dict[int, list[int]] = {}
    for r, p in enumerate(parents):
        if p >= 0:
            children.setdefault(p, []).append(r)
    pairs: list[tuple[str, str]] = []
    queue = [root_rank]
    for r in queue:
        b = boxes[r]
        if r != root_rank:
            pairs.append((heads[boxes[parents[r]]], heads[b]))
        chain = chains[b]
        pairs.extend(zip(chain, chain[1:]))
        queue.extend(children.get(r, ()))
    return heads[boxes[root_rank]], pairs


class _Network:
    """Routes between compute nodes through switches only, and the box groups."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self.ids = topology.node_ids
        self.index = topology.index
        self.is_compute = [n.is_compute for n in topology.nodes]
        self.box = [n.box for n in topology.nodes]
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in self.ids]
        for (a, b), c in topology.integer_capacity.items():    # sorted by (src, dst) position
            self.adjacent[self.index[a]].append((self.index[b], c))
        self.keys = list(topology.boxes())
        self.groups = [tuple(g) for g in topology.boxes().values()]
        self._best: dict[int, dict[int, tuple[float, int]]] = {}
        self._routes: dict[tuple[str, str], tuple[str, ...] | None] = {}
        self._edges: dict[tuple[str, str], TreeEdge] = {}
        self._reachable: dict[tuple[int, bool], list[list[int]]] = {}
        self.integer = topology.integer_capacity
        self.used: dict[tuple[str, str], int] = {}      # rings (chains) on each link so far

    # --- routes --------------------------------------------------------------------------
    def _search(self, s: int) -> dict[int, tuple[float, int]]:
        """Breadth-first from ``s`` through switches only: node -> (widest bottleneck over
        the fewest-link paths, predecessor on it, the lowest-numbered among equals)."""
        best = self._best.get(s)
        if best is not None:
            return best
        best = {s: (_INF, -1)}
        frontier = [s]
        while frontier:
            frontier = self.widen(s, best, frontier)
        self._best[s] = best
        return best

    def widen(self, s: int, best: dict[int, tuple[float, int]], frontier: list[int]
              ) -> list[int]:
        """One breadth-first layer of :meth:`_search` from ``s``: the nodes one link past
        ``frontier`` (through switches only) enter ``best`` with their widest bottleneck and
        predecessor; returns the next frontier, sorted."""
        layer: dict[int, tuple[float, int]] = {}
        for p in frontier:
            if p != s and self.is_compute[p]:
                continue
            width = best[p][0]
            for q, cap in self.adjacent[p]:
                if q in best:
                    continue
                w = min(width, cap)
                if q not in layer or w > layer[q][0]:
                    layer[q] = (w, p)
        best.update(layer)
        return sorted(layer)

    def route(self, u: str, v: str) -> tuple[str, ...] | None:
        key = (u, v)
        if key not in self._routes:
            best = self._search(self.index[u])
            t = self.index[v]
            path = None
            if t in best and t != self.index[u]:
                nodes = [t]
                while nodes[-1] != self.index[u]:
                    nodes.append(best[nodes[-1]][1])
                path = tuple(self.ids[i] for i in reversed(nodes))
            self._routes[key] = path
        return self._routes[key]

    def edge(self, u: str, v: str) -> TreeEdge:
        key = (u, v)
        e = self._edges.get(key)
        if e is None:
            path = self.route(u, v)
            if path is None:
                raise ScheduleError(f"no route from {u!r} to {v!r} through switches only; "
                                    f"add a link or a switch between them")
            e = self._edges[key] = TreeEdge(u, v, path)
        return e

    # --- paths through a box -------------------------------------------------------------
    def _reach(self, b: int, inside: bool) -> list[list[int]]:
        """For each GPU of box b (local positions) the box's GPUs it reaches through
        switches only (``inside``: only through switches of the same box)."""
        key = (b, inside)
        if key not in self._reachable:
            group = self.groups[b]
            self._reachable[key] = [
                [j for j, v in enumerate(group) if j != i and (
                    self._within(u, v, b) if inside else self.route(u, v) is not None)]
                for i, u in enumerate(group)]
        return self._reachable[key]

    def _within(self, u: str, v: str, b: int) -> bool:
        """Whether u reaches v through switches of box b only (its route stays inside)."""
        path = self.route(u, v)
        key = self.keys[b]
        return path is not None and all(self.box[self.index[w]] == key for w in path[1:-1])

    def _successors(self, b: int, inside: bool) -> tuple[list[list[int]], list[list[Fraction]]]:
        """:meth:`_reach` ordered as NCCL's search takes links, most bandwidth left first:
        by the share a ring would get, bandwidth / (rings already on the link + 1) at the
        route's bottleneck, then by position after the GPU's own; and those shares."""
        group = self.groups[b]
        s = len(group)
        order, shares = [], []
        for i, targets in enumerate(self._reach(b, inside)):
            ranked = []
            for j in targets:
                path = self.route(group[i], group[j])
                assert path is not None
                share = min(Fraction(self.integer[hop], self.used.get(hop, 0) + 1)
                            for hop in zip(path, path[1:]))
                ranked.append((-share, (j - i) % s, j))
            ranked.sort()
            order.append([j for _, _, j in ranked])
            shares.append([-share for share, _, _ in ranked])
        return order, shares

    def use(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Count one more ring (or chain) on every link of these hops' routes."""
        for u, v in pairs:
            path = self.edge(u, v).path
            for hop in zip(path, path[1:]):
                self.used[hop] = self.used.get(hop, 0) + 1

    def ring_order(self, c: int) -> list[str]:
        """Ring c: every box's path from its entry to its exit, boxes in order; its links
        are counted in :attr:`used`."""
        if len(self.groups) == 1:
            s = len(self.groups[0])
            order = self._box_path(0, c % s, (c - 1) % s, closing=True)
        else:
            rails = _rails(len(self.groups), c)
            order = []
            for b, group in enumerate(self.groups):
                s = len(group)
                order += self._box_path(b, rails[b - 1] % s, rails[b] % s)
        self.use([(u, order[(i + 1) % len(order)]) for i, u in enumerate(order)])
        return order

    def chain(self, b: int, head: str) -> list[str]:
        """Box b's GPUs in a chain from ``head``; its links, both ways, are counted in
        :attr:`used`."""
        chain = self._box_path(b, self.groups[b].index(head), None)
        self.use(list(zip(chain, chain[1:])) + list(zip(chain[1:], chain)))
        return chain

    def _box_path(self, b: int, entry: int, exit: int | None, closing: bool = False
                  ) -> list[str]:
        """Box b's GPUs in an order from ``entry`` to ``exit`` (any end when None) in which
        each reaches the next: the positions in order when they do inside the box, else a
        search inside the box (other exits, then entries, if need be), then one through
        any switch. ``closing``: the exit must also reach the entry (a one-box ring)."""
        group = self.groups[b]
        s = len(group)
        if s == 1:
            return [group[0]]
        order = [(entry + i) % s for i in range(s)]
        if exit is not None:
            order.remove(exit)
            order.append(exit)
        found: list[int] | None = None
        if all(self._within(group[i], group[j], b) for i, j in zip(order, order[1:])) and (
                not closing or self.route(group[order[-1]], group[order[0]]) is not None):
            found = order
        for inside in (True, False):
            if found is None:
                found = self._search_box(b, entry, exit, closing, inside)
        if found is None:
            ends = f"from {group[entry]!r}" + ("" if exit is None else f" to {group[exit]!r}")
            where = (f"box {self.keys[b]!r}" if self.keys[b] is not None else
                     "the compute nodes without a box")
            raise ScheduleError(
                f"{where}: no path {ends} (or between other GPUs) through all {s} of them in "
                f"which each reaches the next through switches only; connect them (e.g. by "
                f"a switch) or split them into other boxes")
        return [group[i] for i in found]

    def _search_box(self, b: int, entry: int, exit: int | None, closing: bool,
                    inside: bool) -> list[int] | None:
        """A path for :meth:`_box_path` by search. Like NCCL's search, which lowers its
        bandwidth target until a ring is found, it looks for the highest level of share
        (:meth:`_successors`) at which the hops of at least that share make a path
        (bisecting the levels, a short search each), the last level (every hop) with a
        longer search; the preferred entry and exit first, then other exits, then other
        entries."""
        group = self.groups[b]
        s = len(group)
        succ, shares = self._successors(b, inside)
        levels = sorted({x for row in shares for x in row}, reverse=True)
        if not levels:
            return None
        budget = 2 * SEARCH_BUDGET
        pairs = ([(entry, None)] if exit is None else
                 [((entry + i) % s, (exit + j) % s) for i in range(s) for j in range(s)])

        def attempt(level: Fraction, e: int, x: int | None, limit: int) -> list[int] | None:
            nonlocal budget
            allowed = [[j for j, share in zip(row, rates) if share >= level]
                       for row, rates in zip(succ, shares)]
            path, steps = _hamiltonian(allowed, e, x, max(0, min(limit, budget)))
            budget -= steps
            return path

        for e, x in pairs:
            if e == x or (closing and self.route(group[x], group[e]) is None):
                continue
            found = None
            low, high = 0, len(levels) - 1
            while low < high and budget > 0:
                middle = (low + high) // 2
                path = attempt(levels[middle], e, x, SEARCH_BUDGET // 100)
                if path is None:
                    low = middle + 1
                else:
                    found, high = path, middle
            if found is None and budget > 0:
                found = attempt(levels[-1], e, x, SEARCH_BUDGET if (e, x) == pairs[0]
                                else SEARCH_BUDGET // 10)
            if found is not None:
                return found
            if budget <= 0:
                return None
        return None


def _rails(boxes: int, c: int) -> list[int]:
    """r_b, the in-box index of the hop after box b (box b's exit, box b+1's entry):
    consecutive ones distinct around the cycle of boxes."""
    rails = [c + b % 2 for b in range(boxes)]
    if boxes % 2:
        rails[-1] = c + 2
    return rails


def _hamiltonian(succ: Sequence[Sequence[int]], start: int, end: int | None, budget: int
                 ) -> tuple[list[int] | None, int]:
    """A path through every position from ``start`` (to ``end`` unless None) along
    ``succ``, by depth-first search with at most ``budget`` steps; (path or None, steps
    used). From each position it tries first the successors with the fewest unvisited
    successors of their own (Warnsdorff's rule, which keeps grid-like boxes from
    exhausting the search), in ``succ`` order among equals."""
    s = len(succ)
    has_pred = [False] * s
    for i in range(s):
        for j in succ[i]:
            has_pred[j] = True
    sources = sum(not has_pred[j] for j in range(s) if j != start)
    sinks = sum(not succ[i] for i in range(s))
    if sources or sinks > 1 or (sinks and end is not None and succ[end]) or \
            not _parity_allows(succ, start, end):
        return None, 0
    preds: list[list[int]] = [[] for _ in range(s)]
    for i in range(s):
        for j in succ[i]:
            preds[j].append(i)
    free = [len(row) for row in succ]           # unvisited successors of each position
    path: list[int] = []
    on = [False] * s
    # unvisited positions other than ``end`` with no unvisited successor: each can only
    # be the path's last, so a branch with one (two, without an end) is dead
    dead = sum(1 for i in range(s) if not free[i] and i != end)
    allowed = 0 if end is not None else 1

    def visit(j: int) -> None:
        nonlocal dead
        path.append(j)
        on[j] = True
        if not free[j] and j != end:
            dead -= 1
        for p in preds[j]:
            free[p] -= 1
            if not free[p] and not on[p] and p != end:
                dead += 1

    def leave() -> None:
        nonlocal dead
        k = path.pop()
        for p in preds[k]:
            if not free[p] and not on[p] and p != end:
                dead -= 1
            free[p] += 1
        on[k] = False
        if not free[k] and k != end:
            dead += 1

    def options(i: int) -> Any:
        if dead > allowed:
            return iter(())
        last = len(path) == s - 1
        return iter(sorted((j for j in succ[i] if not on[j] and (j != end or last)),
                           key=free.__getitem__))

    visit(start)
    stack = [options(start)]
    steps = 0
    while stack:
        j = next(stack[-1], None)
        if j is None:
            stack.pop()
            leave()
            continue
        steps += 1
        if steps > budget:
            return None, steps
        visit(j)
        if len(path) == s:
            return path, steps
        stack.append(options(j))
    return None, steps


def _parity_allows(succ: Sequence[Sequence[int]], start: int, end: int | None) -> bool:
    """False when no path through every position can exist: the links (either way) do not
    join all positions, or they are two-coloured (a grid) and a path, which alternates
    colours, cannot start at ``start`` (end at ``end``) and visit both colours' counts."""
    s = len(succ)
    near: list[list[int]] = [[] for _ in range(s)]
    for i in range(s):
        for j in succ[i]:
            near[i].append(j)
            near[j].append(i)
    colour = [-1] * s
    colour[start] = 0
    queue = [start]
    bipartite = True
    for i in queue:
        for j in near[i]:
            if colour[j] < 0:
                colour[j] = 1 - colour[i]
                queue.append(j)
            elif colour[j] == colour[i]:
                bipartite = False
    if len(queue) < s:
        return False
    if not bipartite:
        return True
    ones = sum(colour)
    zeros = s - ones                                # start has colour 0
    if zeros == ones:
        return end is None or colour[end] == 1
    return zeros == ones + 1 and (end is None or colour[end] == 0)
