"""Weighted out-tree packing on the compute-only graph G* (paper ``sec:treeconstruct``,
``app:sec:constructtree``, ``app:algo:construct``).

Trees are grown in weighted batches: a batch is a root set R (the vertices its trees span
so far), a multiplicity m (how many identical trees it stands for) and an edge list. Each
root u starts with one batch of multiplicity d_u (k for allgather). To grow batch R_1 by
an edge (x, y), x in R_1, y not in R_1, the largest number of its trees that can take the
edge without making the remaining packing infeasible is (``app:thm:computemu``)

    μ = min{ g(x,y), m(R_1), F(x, y; D̄) - Σ_{i≠1} m(R_i) }

where g is the remaining capacity and D̄ is G*(g) plus a node s_i per other batch with
edges x -> s_i of capacity m(R_i) and s_i -> v (v in R_i) of infinite capacity. A batch
spanning everything, or containing y, adds exactly m(R_i) to both terms and is left out of
D̄. If μ < m(R_1) the batch splits: μ trees take the edge, m(R_1) - μ keep growing apart.

The work depends on the graph and the number of batches, never on k or capacity values.
Edges are tried breadth-first from the batch's root (oldest vertex first) to keep trees low.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .errors import PackingError
from .flow import FlowNetwork


@dataclass(frozen=True)
class TreeBatch:
    """``weight`` identical out-trees rooted at ``root``; ``edges`` in growth order
    (every edge's tail is the root or the head of an earlier edge)."""

    root: int
    weight: int
    edges: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Packing:
    batches: tuple[TreeBatch, ...]
    max_flows: int = 0
    seconds: float = field(default=0.0, compare=False)


class _Batch:
    __slots__ = ("root", "weight", "edges", "order", "members")

    def __init__(self, root: int, weight: int, edges: list, order: list, members: set) -> None:
        self.root, self.weight = root, weight
        self.edges, self.order, self.members = edges, order, members

    def copy(self, weight: int) -> "_Batch":
        return _Batch(self.root, weight, list(self.edges), list(self.order), set(self.members))


def pack_trees(nodes: Sequence[int], capacity: Mapping[tuple[int, int], int],
               demand: Mapping[int, int], *, kernel: str | None = None,
               order: str = "layers", progress=None) -> Packing:
    """Pack ``demand[u]`` spanning out-trees at every root u into ``capacity``
    (``app:algo:construct``). Raises :class:`PackingError` if some batch cannot grow.
    ``order="layers"`` grows every batch by one edge per pass (lower trees);
    ``order="batch"`` finishes each batch before the next, as the paper's pseudocode does.
    Both keep every step feasible (the μ test does not depend on the order).
    ``progress(stage, done, total)`` reports batches that span all nodes."""
    if order not in ("layers", "batch"):
        raise PackingError(f"unknown packing order {order!r}; use layers or batch")
    start = time.perf_counter()
    nodes = list(nodes)
    everyone = set(nodes)
    g = {e: c for e, c in sorted(capacity.items()) if c > 0}
    out_nbrs: dict[int, list[int]] = {v: [] for v in nodes}
    for (a, b) in g:
        out_nbrs[a].append(b)
    batches = [_Batch(u, demand[u], [], [u], {u}) for u in nodes if demand.get(u, 0) > 0]
    oracle = _MuOracle(nodes, g, batches, kernel)
    def grow(batch: _Batch) -> None:
        """Add one edge to ``batch`` (splitting it if fewer trees can take the edge)."""
        for x in batch.order:
            for y in out_nbrs[x]:
                if y in batch.members or g[(x, y)] == 0:
                    continue
                mu = min(g[(x, y)], batch.weight, oracle.excess(batch, x, y))
                if mu <= 0:
                    continue
                if mu < batch.weight:
                    batches.append(batch.copy(batch.weight - mu))
                    batch.weight = mu
                    oracle.add_batch(batches[-1])
                batch.edges.append((x, y))
                batch.order.append(y)
                batch.members.add(y)
                g[(x, y)] -= mu
                oracle.grew(batch, y, (x, y), g[(x, y)])
                return
        raise PackingError(
            f"a batch of {batch.weight} tree(s) rooted at node #{batch.root} cannot reach "
            f"{len(everyone) - len(batch.members)} node(s); the capacities do not admit the "
            f"requested trees")

    if order == "batch":
        # the paper's order: finish one batch before the next
        for i, batch in enumerate(batches):          # the list grows as batches split
            while batch.members != everyone:
                grow(batch)
            if progress is not None:
                progress("packing", i + 1, len(batches))
    else:
        # breadth first: every unfinished batch gains one edge per pass, so early batches
        # do not take all the short edges and leave long chains to the late ones
        while True:
            pending = [b for b in batches if b.members != everyone]
            if not pending:
                break
            for batch in pending:
                if batch.members != everyone:
                    grow(batch)
            if progress is not None:
                progress("packing", len(batches) - len(pending), len(batches))
    result = tuple(sorted((TreeBatch(b.root, b.weight, tuple(b.edges)) for b in batches),
                          key=lambda t: (nodes.index(t.root), t.edges, t.weight)))
    return Packing(batches=_merge_identical(result), max_flows=oracle.flows,
                   seconds=time.perf_counter() - start)


def _merge_identical(batches: tuple[TreeBatch, ...]) -> tuple[TreeBatch, ...]:
    merged: list[TreeBatch] = []
    for b in batches:
        if merged and merged[-1].root == b.root and merged[-1].edges == b.edges:
            merged[-1] = TreeBatch(b.root, merged[-1].weight + b.weight, b.edges)
        else:
            merged.append(b)
    return tuple(merged)


class _MuOracle:
    """The network D̄ of ``app:thm:computemu``, kept as one flow network that only grows.

    To avoid an edge x -> s_i for every possible x, a hub X stands in for x: X -> x is
    infinite for the queried x (0 otherwise) and X -> s_i carries m(R_i), which gives the
    same max flow as D̄ from x. s_i -> v (v in R_i) carries m(R_i), which acts as infinity
    because s_i receives at most m(R_i). Edges are added as batches appear and grow; a
    query only rewrites the X -> s_i capacities that changed since the previous one.
    """

    def __init__(self, nodes: list[int], g: Mapping[tuple[int, int], int], batches: list,
                 kernel: str | None) -> None:
        self.nodes, self.flows, self.g = nodes, 0, g
        self.n = max(nodes) + 1
        self.hub = self.n
        # node ids: 0..n-1 compute, n hub, n+1+j batch j (room for every possible batch:
        # a split adds one, and there are at most (#roots)·|E|·|V| of them)
        limit = self.n + 1 + len(batches) * (len(g) * len(nodes) + 1)
        edges = list(g)
        self.edge_id = {e: i for i, e in enumerate(edges)}
        self.net = FlowNetwork(limit, edges, [g[e] for e in edges], kernel=kernel)
        self.hub_edge = dict(zip(nodes, self.net.add_edges([(self.hub, v) for v in nodes],
                                                           [0] * len(nodes))))
        self.batches: list = []
        self.slot: dict[int, int] = {}
        self.batch_edge: list[int] = []
        self.batch_cap: list[int] = []
        self.member_edge: list[dict[int, int]] = []
        for b in batches:
            self.add_batch(b)

    def add_batch(self, b) -> None:
        """Register a batch (a new root's, or one split off an existing batch)."""
        j = len(self.batches)
        self.batches.append(b)
        self.slot[id(b)] = j
        sj = self.n + 1 + j
        (edge,) = self.net.add_edges([(self.hub, sj)], [0])
        self.batch_edge.append(edge)
        self.batch_cap.append(0)
        members = sorted(b.members)
        self.member_edge.append(dict(zip(members, self.net.add_edges(
            [(sj, v) for v in members], [b.weight] * len(members)))))
        # a split lowers the parent's weight: refresh its member edges
        for other in self.batches[:-1]:
            row = self.member_edge[self.slot[id(other)]]
            first = next(iter(row.values()))
            if self.net.capacities_of([first])[0] != other.weight:
                self.net.set_capacities(list(row.values()), [other.weight] * len(row))

    def grew(self, b, y: int, edge: tuple[int, int], remaining: int) -> None:
        self.net.set_capacity(self.edge_id[edge], remaining)
        j = self.slot[id(b)]
        (self.member_edge[j][y],) = self.net.add_edges([(self.n + 1 + j, y)], [b.weight])

    def excess(self, batch, x: int, y: int) -> int:
        """F(x, y; D̄) - Σ_{i≠1} m(R_i), over the batches that can constrain μ."""
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
