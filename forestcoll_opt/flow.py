"""Integer max-flow kernel: compiled backends behind one small network object.

Every oracle of the method (the bound test, γ for edge splitting, μ for tree packing) is an
integer max-flow on an auxiliary network whose *structure* is fixed while its capacities
change. :class:`FlowNetwork` therefore hands the structure to the backend once and updates
capacities in place.

Kernels (``kernel=``):

* ``"ortools"`` (default): OR-Tools' ``SimpleMaxFlow`` (C++ push-relabel, 64-bit integer
  capacities, per-arc capacity updates). Chosen over scipy because scipy's Python wrapper
  rebuilds and re-validates several sparse matrices on every call, about 0.5-1 ms each,
  while splitting and packing need thousands of small max-flows; OR-Tools answers the same
  query in a few microseconds plus the push-relabel work, exactly, and reports overflow
  through its status instead of wrapping.
* ``"dinic"`` and ``"edmonds_karp"``: :func:`scipy.sparse.csgraph.maximum_flow` on a CSR
  matrix built once and written in place. scipy computes in 32-bit integers and silently
  wraps beyond 2**31 - 1 (checked in tests/test_flow.py).
* ``"networkx"``: preflow-push on Python integers; exact for any size, slow. The tests
  cross-check every kernel against it.

Overflow guard: a network whose total capacity exceeds what a kernel can hold (2**31 - 1
for scipy, 2**62 for OR-Tools) is solved by the exact networkx kernel instead — no
residual capacity, excess or flow value can exceed the total capacity.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Sequence

import networkx as nx
import numpy as np

from .errors import FlowError

log = logging.getLogger(__name__)

INT32_MAX = 2**31 - 1
INT64_SAFE = 2**62
KERNELS = ("ortools", "dinic", "edmonds_karp", "networkx")
DEFAULT_KERNEL = "ortools"
_NO_SIDE = np.zeros(0, dtype=bool)   # max_flow() answers the value only


@dataclass(frozen=True)
class MinCut:
    """A minimum s-t cut: its value and the source side (boolean mask over nodes)."""

    value: int
    source_side: np.ndarray

    def nodes(self) -> list[int]:
        return np.flatnonzero(self.source_side).tolist()


class FlowNetwork:
    """A directed integer network on nodes ``0..num_nodes-1`` with unique edges.

    ``edges[i] = (u, v)`` keeps its position ``i``; :meth:`set_capacities` addresses edges
    by position and writes through to the backend. Capacities are non-negative integers.
    """

    def __init__(self, num_nodes: int, edges: Sequence[tuple[int, int]],
                 capacities: Sequence[int] | None = None, *, kernel: str | None = None) -> None:
        kernel = kernel or DEFAULT_KERNEL
        if kernel not in KERNELS:
            raise FlowError(f"unknown max-flow kernel {kernel!r}; use one of {', '.join(KERNELS)}")
        self.kernel = kernel
        self.num_nodes = num_nodes
        self.edges: list[tuple[int, int]] = []
        self._seen: set[tuple[int, int]] = set()
        self._check(edges)
        self.edges = [(int(u), int(v)) for u, v in edges]
        self._caps = [0] * len(self.edges)
        self._total = 0
        self._backend = _BACKENDS[kernel](num_nodes, self.edges)
        if capacities is not None:
            self.set_capacities(range(len(self.edges)), capacities)

    def _check(self, edges: Sequence[tuple[int, int]]) -> None:
        for u, v in edges:
            if not (0 <= u < self.num_nodes and 0 <= v < self.num_nodes):
                raise FlowError("edge endpoint outside the network's node range")
            if u == v:
                raise FlowError("a flow network cannot hold a self-loop")
            if (u, v) in self._seen:
                raise FlowError("a flow network needs unique edges; merge parallel edges first")
            self._seen.add((u, v))

    def add_edges(self, edges: Sequence[tuple[int, int]], capacities: Sequence[int]) -> list[int]:
        """Append edges (for networks whose structure only grows); returns their positions."""
        self._check(edges)
        first = len(self.edges)
        new = [(int(u), int(v)) for u, v in edges]
        self.edges.extend(new)
        self._caps.extend([0] * len(new))
        self._backend.add(new)
        ids = list(range(first, len(self.edges)))
        self.set_capacities(ids, capacities)
        return ids

    @property
    def capacities(self) -> list[int]:
        """Current capacity of every edge, in the order of :attr:`edges`."""
        return list(self._caps)

    def capacities_of(self, edges: Sequence[int]) -> list[int]:
        return [self._caps[e] for e in edges]

    @property
    def total_capacity(self) -> int:
        return self._total

    def set_capacity(self, edge: int, value: int) -> None:
        self.set_capacities([edge], [value])

    def set_capacities(self, edges: Sequence[int], values: Sequence[int]) -> None:
        """Write new capacities for the given edge positions, in place."""
        edges = [int(e) for e in edges]
        values = [int(v) for v in values]
        if len(values) != len(edges):
            raise FlowError("set_capacities needs one value per edge")
        if values and min(values) < 0:
            raise FlowError("capacities must be non-negative integers")
        caps = self._caps
        for e, v in zip(edges, values):
            self._total += v - caps[e]
            caps[e] = v
        self._backend.set(edges, values)

    def max_flow(self, source: int, sink: int) -> int:
        """Value of a maximum ``source``-``sink`` flow."""
        return self._solve(source, sink, want_cut=False).value

    def min_cut(self, source: int, sink: int) -> MinCut:
        """A minimum cut; its source side is everything reachable from ``source`` in the
        residual network (the inclusion-minimal min cut, the same for every kernel)."""
        return self._solve(source, sink, want_cut=True)

    def _solve(self, source: int, sink: int, *, want_cut: bool) -> MinCut:
        if source == sink:
            raise FlowError("source and sink must differ")
        backend = self._backend
        if self._total > backend.limit:
            log.info("total capacity %d exceeds the %s kernel's integers; solving exactly "
                     "with networkx", self._total, self.kernel)
            backend = _NetworkxBackend(self.num_nodes, self.edges)
            backend.set(range(len(self.edges)), self._caps)
        return backend.solve(source, sink, want_cut)


class _OrtoolsBackend:
    limit = INT64_SAFE

    def __init__(self, num_nodes: int, edges: list[tuple[int, int]]) -> None:
        from ortools.graph.python import max_flow

        self._smf = max_flow.SimpleMaxFlow()
        self._num_nodes = num_nodes
        if edges:
            arr = np.asarray(edges, dtype=np.int32)
            self._arcs = self._smf.add_arcs_with_capacity(
                arr[:, 0], arr[:, 1], np.zeros(len(edges), dtype=np.int64))
        else:
            self._arcs = np.zeros(0, dtype=np.int32)
        self._optimal = max_flow.SimpleMaxFlow.Status.OPTIMAL

    def add(self, edges: list[tuple[int, int]]) -> None:
        if edges:
            arr = np.asarray(edges, dtype=np.int32)
            arcs = self._smf.add_arcs_with_capacity(arr[:, 0], arr[:, 1],
                                                    np.zeros(len(edges), dtype=np.int64))
            self._arcs = np.concatenate([self._arcs, np.asarray(arcs)])

    def set(self, edges: Sequence[int], values: Sequence[int]) -> None:
        # values beyond the limit are clipped here; such a network is solved by networkx
        if len(edges) == 1:
            self._smf.set_arc_capacity(int(self._arcs[edges[0]]), min(values[0], INT64_SAFE))
        elif len(edges):
            self._smf.set_arcs_capacity(self._arcs[np.asarray(edges, dtype=np.int64)],
                                        np.asarray([min(v, INT64_SAFE) for v in values],
                                                   dtype=np.int64))

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        if max(source, sink) >= self._smf.num_nodes():
            # a node with no arcs at all: nothing can flow into or out of it
            side = np.zeros(self._num_nodes, dtype=bool)
            side[source] = True
            return MinCut(0, side)
        status = self._smf.solve(source, sink)
        if status != self._optimal:
            raise FlowError(f"OR-Tools max-flow did not finish ({status}); capacities may be "
                            f"too large")
        value = int(self._smf.optimal_flow())
        if not want_cut:
            return MinCut(value, _NO_SIDE)
        side = np.zeros(self._num_nodes, dtype=bool)
        side[np.asarray(self._smf.get_source_side_min_cut(), dtype=np.int64)] = True
        return MinCut(value, side)


class _ScipyBackend:
    limit = INT32_MAX

    def __init__(self, num_nodes: int, edges: list[tuple[int, int]], method: str) -> None:
        self._method = method
        self._num_nodes = num_nodes
        self._edges = list(edges)
        self._values = [0] * len(edges)
        self._build()

    def add(self, edges: list[tuple[int, int]]) -> None:
        self._edges.extend(edges)
        self._values.extend([0] * len(edges))
        self._build()

    def _build(self) -> None:
        import scipy.sparse as sp

        edges, num_nodes = self._edges, self._num_nodes
        m = len(edges)
        tails = np.asarray([e[0] for e in edges], dtype=np.int64)
        heads = np.asarray([e[1] for e in edges], dtype=np.int64)
        order = np.lexsort((heads, tails))
        self._slot = np.empty(m, dtype=np.int64)
        self._slot[order] = np.arange(m)   # edge i sits at CSR position slot[i]
        indptr = np.zeros(num_nodes + 1, dtype=np.int32)
        np.add.at(indptr, tails + 1, 1)
        np.cumsum(indptr, out=indptr)
        self._csr = sp.csr_array((np.zeros(m, dtype=np.int32), heads[order].astype(np.int32),
                                  indptr), shape=(num_nodes, num_nodes))
        self._csr.has_sorted_indices = True
        self._csr.data[self._slot] = [min(v, INT32_MAX) for v in self._values]

    def set(self, edges: Sequence[int], values: Sequence[int]) -> None:
        for e, v in zip(edges, values):
            self._values[e] = v
        if len(edges):
            self._csr.data[self._slot[np.asarray(edges, dtype=np.int64)]] = np.asarray(
                [min(v, INT32_MAX) for v in values], dtype=np.int64)

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        from scipy.sparse.csgraph import breadth_first_order, maximum_flow

        result = maximum_flow(self._csr, source, sink, method=self._method)
        if not want_cut:
            return MinCut(int(result.flow_value), _NO_SIDE)
        side = np.zeros(self._num_nodes, dtype=bool)
        residual = (self._csr - result.flow).tocsr()
        residual.data[residual.data < 0] = 0
        residual.eliminate_zeros()
        side[breadth_first_order(residual, source, directed=True,
                                 return_predecessors=False)] = True
        return MinCut(int(result.flow_value), side)


class _NetworkxBackend:
    limit = float("inf")

    def __init__(self, num_nodes: int, edges: list[tuple[int, int]]) -> None:
        self._num_nodes = num_nodes
        self._edges = list(edges)
        self._caps = [0] * len(edges)

    def add(self, edges: list[tuple[int, int]]) -> None:
        self._edges = self._edges + list(edges)
        self._caps.extend([0] * len(edges))

    def set(self, edges: Sequence[int], values: Sequence[int]) -> None:
        for e, v in zip(edges, values):
            self._caps[e] = v

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        g = nx.DiGraph()
        g.add_nodes_from(range(self._num_nodes))
        for (u, v), c in zip(self._edges, self._caps):
            if c:
                g.add_edge(u, v, capacity=c)
        value, flow = nx.maximum_flow(g, source, sink)
        if not want_cut:
            return MinCut(int(value), _NO_SIDE)
        side = np.zeros(self._num_nodes, dtype=bool)
        seen = {source}
        stack = [source]
        while stack:
            a = stack.pop()
            for b in g.successors(a):
                if b not in seen and g[a][b]["capacity"] - flow[a][b] > 0:
                    seen.add(b)
                    stack.append(b)
            for b in g.predecessors(a):
                if b not in seen and flow[b][a] > 0:
                    seen.add(b)
                    stack.append(b)
        side[list(seen)] = True
        return MinCut(int(value), side)


_BACKENDS = {
    "ortools": _OrtoolsBackend,
    "dinic": lambda n, e: _ScipyBackend(n, e, "dinic"),
    "edmonds_karp": lambda n, e: _ScipyBackend(n, e, "edmonds_karp"),
    "networkx": _NetworkxBackend,
}
