"""Weighted out-tree packing on the compute-only graph G* (paper, section 5.4
"Spanning Tree Construction", appendix E.3 of the same title and its Algorithm 4).

Trees are grown in weighted batches: a batch is a root set R (the vertices its trees span
so far), a multiplicity m (how many identical trees it stands for) and an edge list. Each
root u starts with one batch of multiplicity d_u (k for allgather). To grow batch R_1 by
an edge (x, y), x in R_1, y not in R_1, the largest number of its trees that can take the
edge without making the remaining packing infeasible is (the μ theorem of appendix E.3)

    μ = min{ g(x,y), m(R_1), F(x, y; D̄) - Σ_{i≠1} m(R_i) }

where g is the remaining capacity and D̄ is G*(g) plus a node s_i per other batch with
edges x -> s_i of capacity m(R_i) and s_i -> v (v in R_i) of infinite capacity. A batch
spanning everything, or containing y, adds exactly m(R_i) to both terms and is left out of
D̄. If μ < m(R_1) the batch splits: μ trees take the edge, m(R_1) - μ keep growing apart.

The work depends on the graph and the number of batches, never on k or capacity values.
Edges are tried breadth-first from the batch's root (oldest vertex first) to keep trees low.

Symmetric packing (``symmetry=``, permutations generating a group H of automorphisms of G*
and of the demand): the batches are kept in orbits of H. A representative batch B stands
for its images σ(B), one per coset of its stabiliser S (at the start, the stabiliser of
its root), real batches of their own. In one step B takes the orbit E of an edge (x, y)
under S (one edge when H acts freely on the compute nodes, as the groups found for the
catalog do; never two edges into one node), every image σ(B) takes σ(E), all with the same
μ trees, splitting off m - μ trees that stay as they were. Safety is Tarjan's condition
(Tarjan's theorem in the paper's appendix E.3 "Spanning Tree Construction", the condition
the μ theorem there preserves) for the state after the step: for every node set X, the
capacity entering X is at least the weight of the batches whose vertex sets miss X. That state is
invariant under H. If it violates some X, the step lowered ρ(X) - p(X), which only an
added edge entering X can do; the element of H (times one of S) that maps that edge to
(x, y) maps X to a set just as violated that contains y and not x. So the step is safe if
and only if min over {X : y in X, x not in X} of ρ(X) - p(X) after the step is
non-negative: one max-flow from x to y in the theorem's network built on the state after
the step (B's part that took the edges contains y and counts nothing there). Each X gives
a linear function of μ, so the largest safe μ is found from above by Newton's method on
a violated cut, in a few max-flows. Every state stays completable, so the packing still
reaches every root's demand inside the capacities of G*: the schedule is at the same
bound. If no edge of some representative admits a step, the plain algorithm finishes from
the current (completable) state. A step stands for |H| / |S| plain ones. Orbits grow one
after another, the ones split off by a step last; finished batches drop out of the test.

The joint growth lives in :mod:`.joint`: the images are never built while they grow (the
representative and the group say everything about them), and each test is a max-flow on a
sub-network of the theorem's network whose size grows with G* and |H|, not with the trees'
sizes, refined until its verdict is exactly the whole network's (that module's docstring).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..errors import PackingError
from ..kernels.flow import FlowNetwork
from ..kernels.symmetry import group_elements, is_automorphism
from .joint import Batch as _Batch
from .joint import JointGrowth, candidates


@dataclass(frozen=True)
class TreeBatch:
    """``weight`` identical out-trees rooted at ``root``; ``edges`` in growth order
    (every edge's tail is the root or the head of an earlier edge).

    :ivar root: the root's node index
    :ivar weight: how many identical trees this stands for (the paper's m(R))
    :ivar edges: the tree's edges as (tail, head) node indices, in growth order
    """

    root: int
    weight: int
    edges: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Packing:
    """The result of :func:`pack_trees`.

    :ivar batches: the packed trees, identical ones merged, sorted by root (in the order of
        ``nodes``), edges and weight
    :ivar max_flows: max-flows computed (μ tests)
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    :ivar joint_steps: joint growth steps taken with ``symmetry``
    :ivar joint_max_flows: max-flows those took (included in ``max_flows``)
    :ivar fallback: True when joint growth got stuck somewhere and the plain growth finished
    :ivar group_order: elements of the group H used (1: plain packing)
    """

    batches: tuple[TreeBatch, ...]
    max_flows: int = 0
    seconds: float = field(default=0.0, compare=False)
    joint_steps: int = 0         # joint growth steps taken (with ``symmetry``)
    joint_max_flows: int = 0     # max-flows those took (included in ``max_flows``)
    fallback: bool = False       # joint growth stuck somewhere; the plain one finished
    group_order: int = 1         # elements of the group H used (1: plain packing)


def pack_trees(nodes: Sequence[int], capacity: Mapping[tuple[int, int], int],
               demand: Mapping[int, int], *, kernel: str | None = None,
               order: str = "layers", progress=None,
               symmetry: Sequence[Sequence[int]] | None = None) -> Packing:
    """Pack ``demand[u]`` spanning out-trees at every root u into ``capacity`` (the paper's
    Algorithm 4, "Spanning Tree Construction"). Raises :class:`PackingError` if some batch
    cannot grow. ``order="layers"`` grows every batch by one edge per pass (lower trees);
    ``order="batch"`` finishes each batch before the next, as the paper's pseudocode does.
    Both keep every step feasible (the μ test does not depend on the order).
    ``progress(stage, done, total)`` reports tree edges placed out of those to place.

    ``symmetry`` (optional, with ``order="layers"``) lists node permutations; those that
    map ``nodes``, ``capacity`` and ``demand`` onto themselves generate the group H in
    whose orbits the batches grow (module docstring); the others are ignored, and so are
    the last ones while H would have more than :data:`MAX_GROUP` times as many elements
    as there are nodes.

    :param nodes: the compute nodes (node indices) the trees must span
    :param capacity: (u, v) -> integer capacity of G*, among ``nodes``
    :param demand: root -> the number of trees rooted there
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param order: ``"layers"`` or ``"batch"`` (above)
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param symmetry: node permutations (by index), or None
    :returns: the trees, as weighted batches
    :raises PackingError: for an unknown ``order``, or when some batch cannot grow (the
        capacities do not carry the demand: Tarjan's condition fails)
    """
    if order not in ("layers", "batch"):
        raise PackingError(f"unknown packing order {order!r}; use layers or batch")
    start = time.perf_counter()
    packer = _Packer(nodes, capacity, demand, kernel)
    group = (_group(symmetry, packer.nodes, packer.g, demand)
             if order == "layers" and symmetry else None)
    fallback = False
    if group is not None:
        fallback = not packer.pack_jointly(group, progress)
    packer.pack(order, progress)
    position = {v: i for i, v in enumerate(packer.nodes)}
    result = tuple(sorted((TreeBatch(b.root, b.weight, tuple(b.edges)) for b in packer.batches),
                          key=lambda t: (position[t.root], t.edges, t.weight)))
    return Packing(batches=_merge_identical(result),
                   max_flows=packer.oracle.flows + packer.joint_flows,
                   seconds=time.perf_counter() - start, joint_steps=packer.joint_steps,
                   joint_max_flows=packer.joint_flows, fallback=fallback,
                   group_order=len(group) if group else 1)


MAX_GROUP = 4     # elements of H per node, at most


def _group(generators: Sequence[Sequence[int]], nodes: list[int],
           g: Mapping[tuple[int, int], int],
           demand: Mapping[int, int]) -> list[tuple[int, ...]] | None:
    """Every element of the group the usable ``generators`` generate, as permutations of
    ``0..max(nodes)`` (identity first, then breadth first), or None if that is trivial."""
    inside = set(nodes)
    span = max(inside) + 1
    usable = []
    for h in generators:
        h = [int(v) for v in h]
        if (len(h) >= span and all(h[v] in inside for v in nodes)
                and any(h[v] != v for v in nodes) and is_automorphism(h, g, demand)):
            usable.append(tuple(h[v] if v in inside else v for v in range(span)))
    while usable:
        elements = group_elements(usable, MAX_GROUP * len(nodes))
        if elements is not None:
            return elements
        usable.pop()
    return None


def _merge_identical(batches: tuple[TreeBatch, ...]) -> tuple[TreeBatch, ...]:
    merged: list[TreeBatch] = []
    for b in batches:
        if merged and merged[-1].root == b.root and merged[-1].edges == b.edges:
            merged[-1] = TreeBatch(b.root, merged[-1].weight + b.weight, b.edges)
        else:
            merged.append(b)
    return tuple(merged)


class _Packer:
    """The packing state: remaining capacities ``g``, the batches, the μ oracle."""

    def __init__(self, nodes: Sequence[int], capacity: Mapping[tuple[int, int], int],
                 demand: Mapping[int, int], kernel: str | None) -> None:
        self.nodes = list(nodes)
        self.everyone = set(self.nodes)
        self.g = {e: c for e, c in sorted(capacity.items()) if c > 0}
        self.out_nbrs: dict[int, list[int]] = {v: [] for v in self.nodes}
        for (a, b) in self.g:
            self.out_nbrs[a].append(b)
        self.batches = [_Batch(u, demand[u], [], [u], {u}) for u in self.nodes
                        if demand.get(u, 0) > 0]
        self.kernel = kernel
        self.oracle = _MuOracle(self.nodes, self.g, kernel)
        self.oracle.add_batches(self.batches)
        self.joint_steps = self.joint_flows = 0

    # --- plain growth (the paper's Algorithm 4) ------------------------------------------
    def grow(self, batch: _Batch) -> None:
        """Add one edge to ``batch`` (splitting it if fewer trees can take the edge)."""
        g, oracle = self.g, self.oracle
        for x, y in candidates(batch, self.out_nbrs, self._left):
            mu = min(g[(x, y)], batch.weight, oracle.excess(batch, x, y))
            if mu <= 0:
                batch.deferred.add((x, y))
                continue
            batch.deferred.discard((x, y))
            if mu < batch.weight:
                rest = batch.prefix(len(batch.edges), batch.weight - mu)
                self.batches.append(rest)
                oracle.set_weights([batch], mu)
                oracle.add_batches([rest])
            batch.edges.append((x, y))
            batch.order.append(y)
            batch.members.add(y)
            g[(x, y)] -= mu
            oracle.set_capacity((x, y), g[(x, y)])
            oracle.add_members([(batch, y)])
            return
        raise PackingError(
            f"a batch of {batch.weight} tree(s) rooted at node #{batch.root} cannot reach "
            f"{len(self.everyone) - len(batch.members)} node(s); the capacities do not admit "
            f"the requested trees")

    def pack(self, order: str, progress) -> None:
        """Grow every batch until it spans all nodes."""
        everyone = self.everyone
        if order == "batch":
            # the paper's order: finish one batch before the next
            for batch in self.batches:        # the list grows as batches split
                while batch.members != everyone:
                    self.grow(batch)
                self.report(progress)
            return
        # breadth first: every unfinished batch gains one edge per pass, so early batches
        # do not take all the short edges and leave long chains to the late ones
        while True:
            self.oracle.retire([b for b in self.batches if b.members == everyone])
            pending = [b for b in self.batches if b.members != everyone]
            if not pending:
                break
            for batch in pending:
                if batch.members != everyone:
                    self.grow(batch)
            self.report(progress)

    def report(self, progress) -> None:
        """``progress("packing", tree edges placed, tree edges to place)``; the total grows
        when a batch splits."""
        if progress is not None:
            progress("packing", sum(len(b.edges) for b in self.batches),
                     len(self.batches) * (len(self.nodes) - 1))

    def _left(self, x: int, y: int) -> int:
        return self.g[(x, y)]

    # --- joint growth in orbits of a group H (module docstring; :mod:`.joint`) -----------
    def pack_jointly(self, group: list[tuple[int, ...]], progress) -> bool:
        """Grow whole orbits of batches under ``group`` (every element, identity first);
        False if some representative gets stuck (the state is then still completable, and
        :meth:`pack` finishes it)."""
        growth = JointGrowth(self.nodes, self.g, {b.root: b.weight for b in self.batches},
                             group, self.kernel)
        finished = growth.run(progress)
        self.joint_steps, self.joint_flows = growth.steps, growth.flows
        self.batches = growth.batches()
        self.g.update((e, int(growth.g[i])) for e, i in growth.eid.items())
        if not finished:
            # plain growth goes on from here: its oracle learns the state
            self.oracle = _MuOracle(self.nodes, self.g, self.kernel)
            self.oracle.add_batches([b for b in self.batches if b.members != self.everyone])
        return finished


class _MuOracle:
    """The network D̄ of the μ theorem (appendix E.3), kept as one flow network that only grows.

    To avoid an edge x -> s_i for every possible x, a hub X stands in for x: X -> x is
    infinite for the queried x (0 otherwise) and X -> s_i carries m(R_i), which gives the
    same max flow as D̄ from x. s_i -> v (v in R_i) carries m(R_i), which acts as infinity
    because s_i receives at most m(R_i). Edges are added as batches appear and grow; a
    query only rewrites the X -> s_i capacities that changed since the previous one.
    """

    def __init__(self, nodes: list[int], g: Mapping[tuple[int, int], int],
                 kernel: str | None) -> None:
        self.nodes, self.flows, self.kernel = nodes, 0, kernel
        self.n = max(nodes) + 1
        self.hub = self.n
        # node ids: 0..n-1 compute, n hub, n+1+j batch j; room for more batches is made
        # by rebuilding the network with the same edge positions (:meth:`_make_room`)
        self.room = self.n + 1 + 2 * len(nodes) + 64
        self._build(g, [])

    def _build(self, g: Mapping[tuple[int, int], int], batches: Sequence[_Batch]) -> None:
        """(Re)build the network on the capacities ``g`` with ``batches`` registered."""
        edges = list(g)
        self.edge_id = {e: i for i, e in enumerate(edges)}
        self.net = FlowNetwork(self.room, edges, [g[e] for e in edges], kernel=self.kernel)
        self.hub_edge = dict(zip(self.nodes, self.net.add_edges(
            [(self.hub, v) for v in self.nodes], [0] * len(self.nodes))))
        self.batches: list[_Batch] = []
        self.slot: dict[int, int] = {}
        self.batch_edge: list[int] = []
        self.batch_cap: list[int] = []
        self.member_edge: list[dict[int, int]] = []
        # ids of retired batches; each is still held in self.batches (so its id is not
        # reused) until the next rebuild, which drops them all
        self.gone: set[int] = set()
        self.dead_edges = 0
        if batches:
            self.add_batches(batches)

    def retire(self, batches: Sequence[_Batch]) -> None:
        """Batches that will never constrain a test again (spanning every node, or left at
        weight 0): their edges only cost time, so once they are most of the network it is
        rebuilt without them (every kernel's work grows with the edges it holds)."""
        batches = [b for b in batches if id(b) in self.slot and id(b) not in self.gone]
        if not batches:
            return
        for b in batches:
            self.gone.add(id(b))
            j = self.slot[id(b)]
            self.dead_edges += 1 + len(self.member_edge[j])
        if 2 * self.dead_edges > len(self.net.edges):
            live = [b for b in self.batches if id(b) not in self.gone]
            g = dict(zip(self.edge_id, self.net.capacities_of(range(len(self.edge_id)))))
            self._build(g, live)

    def _make_room(self, nodes: int) -> None:
        if nodes <= self.room:
            return
        self.room = max(nodes, 2 * self.room)
        old = self.net
        self.net = FlowNetwork(self.room, old.edges, old.capacities, kernel=self.kernel)

    def add_batches(self, batches: Sequence[_Batch]) -> None:
        """Register batches (the roots' first ones, or ones split off existing batches)."""
        first = len(self.batches)
        self._make_room(self.n + 1 + first + len(batches))
        hub_edges, member_edges, rows = [], [], []
        for j, b in enumerate(batches, first):
            self.batches.append(b)
            self.slot[id(b)] = j
            sj = self.n + 1 + j
            hub_edges.append((self.hub, sj))
            members = sorted(b.members)
            rows.append(members)
            member_edges += [(sj, v) for v in members]
        self.batch_edge += self.net.add_edges(hub_edges, [0] * len(hub_edges))
        self.batch_cap += [0] * len(batches)
        ids = iter(self.net.add_edges(member_edges, [b.weight for b, members in
                                                     zip(batches, rows) for _ in members]))
        for members in rows:
            self.member_edge.append({v: next(ids) for v in members})

    def set_weights(self, batches: Sequence[_Batch], weight: int) -> None:
        ids: list[int] = []
        for b in batches:
            b.weight = weight
            ids += self.member_edge[self.slot[id(b)]].values()
        self.net.set_capacities(ids, [weight] * len(ids))

    def set_capacity(self, edge: tuple[int, int], remaining: int) -> None:
        self.net.set_capacity(self.edge_id[edge], remaining)

    def add_members(self, pairs: Sequence[tuple[_Batch, int]]) -> None:
        """Give each batch its new member y (a member edge at the batch's weight)."""
        rows = [(self.slot[id(b)], y) for b, y in pairs]
        edges = self.net.add_edges([(self.n + 1 + j, y) for j, y in rows],
                                   [b.weight for b, _ in pairs])
        for (j, y), edge in zip(rows, edges):
            self.member_edge[j][y] = edge

    def excess(self, batch: _Batch, x: int, y: int) -> int:
        """F(x, y; D̄) - Σ m(R_i) over the batches that can constrain μ: all but ``batch``
        and those containing y."""
        total = 0
        ids, values = [], []
        for j, b in enumerate(self.batches):
            want = b.weight if (b is not batch and y not in b.members) else 0
            total += want
            if self.batch_cap[j] != want:
                self.batch_cap[j] = want
                ids.append(self.batch_edge[j])
                values.append(want)
        if total == 0:
            self.net.set_capacities(ids, values)
            return batch.weight
        hub = self.hub_edge[x]
        ids.append(hub)
        values.append(self.net.total_capacity + 1)
        self.net.set_capacities(ids, values)
        self.flows += 1
        value = self.net.max_flow(self.hub, y)
        self.net.set_capacity(hub, 0)
        return value - total
