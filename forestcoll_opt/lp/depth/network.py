"""The network as the depth MILP sees it: compute nodes, the physical links, and the routes
of one hop (from a compute node through switches only to another compute node).

A *hop* of a tree is one tree edge: data leaves a compute node, crosses switches and lands on
the next compute node, where it is stored before it is forwarded (the depth counts these
stores). A *column* is one tree with one physical route per edge: its root, every
non-root node's parent and route, and so the number of times it uses every link.

Reduce-scatter is allgather on the reversed network (its in-trees are the reversed
out-trees), as the bound treats it: :func:`reversed_topology` and :func:`reverse_column`.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from ...model.topology import Link, Topology

__all__ = ["Column", "Network", "reverse_column", "reversed_topology"]


def reversed_topology(topology: Topology) -> Topology:
    """The same network with every link turned around (reduce-scatter as allgather).

    :param topology: the network
    :returns: its reversal, with the same name and nodes
    """
    links = tuple(Link(src=l.dst, dst=l.src, bandwidth=l.bandwidth,
                       bidirectional=l.bidirectional, type=l.type, alpha=l.alpha)
                  for l in topology.links)
    return Topology(name=topology.name, nodes=topology.nodes, links=links,
                    units=topology.units)


@dataclass(frozen=True)
class Column:
    """One tree with a route per edge.

    :ivar root: the compute node the data starts at
    :ivar parent: child -> (parent, physical route from parent to child), every compute node
        but the root, in compute-node order
    :ivar depth: the largest number of hops from the root to a node
    :ivar load: physical link -> how many of the tree's routes use it (sorted by link)
    """

    root: str
    parent: tuple[tuple[str, str, tuple[str, ...]], ...]
    depth: int
    load: tuple[tuple[tuple[str, str], int], ...]

    @classmethod
    def of(cls, root: str, parent: Mapping[str, tuple[str, tuple[str, ...]]],
           order: Mapping[str, int]) -> "Column":
        """A column from a parent map (its depth and link loads counted here).

        :param root: the root
        :param parent: child -> (parent, route)
        :param order: node id -> its index (the sort order of the fields)
        :returns: the column
        :raises ValueError: when the parents do not form a tree rooted at ``root``
        """
        depth = {root: 0}

        def level(v: str, seen: tuple[str, ...] = ()) -> int:
            if v in depth:
                return depth[v]
            if v in seen or v not in parent:
                raise ValueError(f"{v} is not joined to the root {root}")
            depth[v] = level(parent[v][0], seen + (v,)) + 1
            return depth[v]

        load: dict[tuple[str, str], int] = {}
        for v, (_, path) in parent.items():
            level(v)
            for hop in zip(path, path[1:]):
                load[hop] = load.get(hop, 0) + 1
        rows = tuple(sorted(((v, u, tuple(p)) for v, (u, p) in parent.items()),
                            key=lambda t: order[t[0]]))
        loads = tuple(sorted(load.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]])))
        return cls(root, rows, max(depth.values()), loads)


def reverse_column(column: Column) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The in-tree edges of a column found on the reversed network: (src, dst, route) with
    data flowing toward the root.

    :param column: a column of the reversed network
    :returns: its edges, each pointing from child to parent, routes reversed
    """
    return tuple((child, parent, tuple(reversed(path))) for child, parent, path in column.parent)


class Network:
    """A topology's compute nodes, links and one-hop routes, for the depth MILP.

    :param topology: the network (for reduce-scatter: already reversed)
    :ivar compute: the compute nodes, in topology order
    :ivar links: the physical links (src, dst) with a bandwidth, in topology order
    :ivar capacity: link -> exact bandwidth
    """

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self.compute: tuple[str, ...] = topology.compute_nodes
        self.capacity: Mapping[tuple[str, str], Fraction] = topology.capacity
        self.order = dict(topology.index)
        self.links: tuple[tuple[str, str], ...] = tuple(
            sorted(self.capacity, key=lambda e: (self.order[e[0]], self.order[e[1]])))
        computes = frozenset(self.compute)
        self.is_compute = computes
        out: dict[str, list[str]] = {}
        for (a, b) in self.links:
            out.setdefault(a, []).append(b)
        self.out = {a: tuple(bs) for a, bs in out.items()}

    def routes(self, price: Mapping[tuple[str, str], Fraction]
               ) -> dict[tuple[str, str], tuple[Fraction, tuple[str, ...]]]:
        """The cheapest one-hop route of every ordered compute pair that has one, under a
        price per link (Dijkstra, exact; ties broken by node order, so deterministic).

        :param price: link -> its non-negative price per use
        :returns: (u, v) -> (price of the route, the route u ... v through switches only)
        """
        found: dict[tuple[str, str], tuple[Fraction, tuple[str, ...]]] = {}
        order = self.order
        for u in self.compute:
            best: dict[str, Fraction] = {u: Fraction(0)}
            back: dict[str, str] = {}
            heap: list[tuple[Fraction, int, str]] = [(Fraction(0), order[u], u)]
            done: set[str] = set()
            while heap:
                d, _, a = heapq.heappop(heap)
                if a in done:
                    continue
                done.add(a)
                if a != u and a in self.is_compute:
                    continue                           # a compute node stores: the hop ends
                for b in self.out.get(a, ()):
                    if b == u:
                        continue
                    nd = d + price[(a, b)]
                    old = best.get(b)
                    if old is None or nd < old or (nd == old and order[a] < order[back[b]]):
                        best[b] = nd
                        back[b] = a
                        heapq.heappush(heap, (nd, order[b], b))
            for v in self.compute:
                if v != u and v in best:
                    path = [v]
                    while path[-1] != u:
                        path.append(back[path[-1]])
                    found[(u, v)] = (best[v], tuple(reversed(path)))
        return found

    def uniform_price(self) -> dict[tuple[str, str], Fraction]:
        """The price 1/bandwidth of every link (the cost of one use as a share of it)."""
        return {e: 1 / c for e, c in self.capacity.items()}

    def column_price(self, column: Column, price: Mapping[tuple[str, str], Fraction]
                     ) -> Fraction:
        """A column's exact price: Σ over links of uses × price.

        :param column: the tree
        :param price: link -> price
        :returns: the sum
        """
        return sum((price[e] * n for e, n in column.load), Fraction(0))

    def depth_one_reach(self) -> tuple[tuple[str, str], ...]:
        """The ordered compute pairs with no one-hop route (a depth-1 schedule needs none)."""
        have = self.routes({e: Fraction(1) for e in self.capacity})
        return tuple((u, v) for u in self.compute for v in self.compute
                     if u != v and (u, v) not in have)


def tree_column(network: Network, root: str,
                edges: Sequence[tuple[str, str, Sequence[str]]]) -> Column:
    """A column from tree edges (parent, child, route), as a schedule's tree lists them.

    :param network: the network
    :param root: the tree's root
    :param edges: (src, dst, path) of every edge, data flowing src -> dst
    :returns: the column
    """
    return Column.of(root, {d: (s, tuple(p)) for s, d, p in edges}, network.order)
