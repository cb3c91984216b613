"""Integer max-flow kernel: one compiled backend behind a small network object.

Every oracle of the method (the bound test, gamma for edge splitting, mu for tree packing)
is an integer max-flow on an auxiliary network whose *structure* is fixed while its
capacities change. :class:`FlowNetwork` therefore builds the CSR matrix once and updates
its capacity array in place.

Kernels (``kernel=``):

* ``"dinic"`` (default) and ``"edmonds_karp"``: :func:`scipy.sparse.csgraph.maximum_flow`.
  scipy computes in 32-bit integers and silently wraps beyond 2**31 - 1 (see DESIGN.md,
  "Known traps"), so every call checks the largest capacity and the flow's upper bound
  (capacity out of the source and into the sink) and falls back to the exact kernel below
  when they do not fit.
* ``"networkx"``: networkx's preflow-push on Python integers; exact for any size but slow.
  Used as the overflow fallback and in tests that run every kernel.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Sequence

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, maximum_flow

from .errors import FlowError

log = logging.getLogger(__name__)

INT32_MAX = 2**31 - 1
KERNELS = ("dinic", "edmonds_karp", "networkx")
DEFAULT_KERNEL = "dinic"


@dataclass(frozen=True)
class MinCut:
    """A minimum s-t cut: its value and the source side (boolean mask over nodes)."""

    value: int
    source_side: np.ndarray

    def nodes(self) -> list[int]:
        return np.flatnonzero(self.source_side).tolist()


class FlowNetwork:
    """A directed integer network on nodes ``0..num_nodes-1`` with unique edges.

    ``edges[i] = (u, v)`` keeps its position ``i``: :meth:`set_capacity` and
    :attr:`capacities` address edges by that position and write straight into the CSR data.
    Capacities are non-negative Python or NumPy integers.
    """

    def __init__(self, num_nodes: int, edges: Sequence[tuple[int, int]],
                 capacities: Sequence[int] | None = None, *, kernel: str | None = None) -> None:
        kernel = kernel or DEFAULT_KERNEL
        if kernel not in KERNELS:
            raise FlowError(f"unknown max-flow kernel {kernel!r}; use one of {', '.join(KERNELS)}")
        self.kernel = kernel
        self.num_nodes = num_nodes
        m = len(edges)
        tails = np.fromiter((e[0] for e in edges), dtype=np.int64, count=m)
        heads = np.fromiter((e[1] for e in edges), dtype=np.int64, count=m)
        if m and (tails.min() < 0 or heads.min() < 0 or max(tails.max(), heads.max()) >= num_nodes):
            raise FlowError("edge endpoint outside the network's node range")
        if np.any(tails == heads):
            raise FlowError("a flow network cannot hold a self-loop")
        order = np.lexsort((heads, tails))
        if m > 1 and np.any((np.diff(tails[order]) == 0) & (np.diff(heads[order]) == 0)):
            raise FlowError("a flow network needs unique edges; merge parallel edges first")
        self.edges = [(int(u), int(v)) for u, v in edges]
        self._tails, self._heads = tails, heads
        # slot[i] = position of edge i in the CSR data array (CSR keeps edges sorted).
        self._slot = np.empty(m, dtype=np.int64)
        self._slot[order] = np.arange(m)
        indptr = np.zeros(num_nodes + 1, dtype=np.int32)
        np.add.at(indptr, tails + 1, 1)
        np.cumsum(indptr, out=indptr)
        self._data = np.zeros(m, dtype=np.int32)
        self._exact = np.zeros(m, dtype=object)   # exact values: overflow check and fallback
        self._csr = sp.csr_array((self._data, heads[order].astype(np.int32), indptr),
                                 shape=(num_nodes, num_nodes))
        self._csr.has_sorted_indices = True
        self._data = self._csr.data            # share the buffer scipy reads
        self._total = 0
        if capacities is not None:
            self.set_capacities(np.arange(m), capacities)

    # --- capacities ------------------------------------------------------------------
    @property
    def capacities(self) -> list[int]:
        """Current capacity of every edge, in the order of :attr:`edges`."""
        return [int(c) for c in self._exact]

    @property
    def total_capacity(self) -> int:
        return self._total

    def set_capacity(self, edge: int, value: int) -> None:
        self.set_capacities([edge], [value])

    def set_capacities(self, edges: Sequence[int] | np.ndarray, values: Sequence[int]) -> None:
        """Write new capacities for the given edge positions, in place."""
        edges = np.asarray(edges, dtype=np.int64)
        exact = [int(v) for v in values]
        if len(exact) != len(edges):
            raise FlowError("set_capacities needs one value per edge")
        if exact and min(exact) < 0:
            raise FlowError("capacities must be non-negative integers")
        self._total += sum(exact) - sum(int(c) for c in self._exact[edges])
        self._exact[edges] = exact
        slots = self._slot[edges]
        self._data[slots] = [min(c, INT32_MAX) for c in exact]

    # --- queries -----------------------------------------------------------------------
    def max_flow(self, source: int, sink: int) -> int:
        """Value of a maximum ``source``-``sink`` flow."""
        return self._solve(source, sink, want_cut=False).value

    def min_cut(self, source: int, sink: int) -> MinCut:
        """A minimum cut; its source side is everything reachable from ``source`` in the
        residual network (the inclusion-minimal min cut)."""
        return self._solve(source, sink, want_cut=True)

    # --- internals ---------------------------------------------------------------------
    def _kernel_for(self) -> str:
        """The requested kernel, or the exact one when scipy's 32-bit arithmetic could wrap.

        If the sum of all capacities fits in 2**31 - 1, no residual capacity, excess or flow
        value can exceed it, whatever the algorithm does.
        """
        if self.kernel != "networkx" and self._total > INT32_MAX:
            log.info("total capacity %d exceeds 32-bit integers; using the exact networkx "
                     "kernel", self._total)
            return "networkx"
        return self.kernel

    def _solve(self, source: int, sink: int, *, want_cut: bool) -> MinCut:
        if source == sink:
            raise FlowError("source and sink must differ")
        kernel = self._kernel_for()
        if kernel == "networkx":
            return self._solve_networkx(source, sink)
        result = maximum_flow(self._csr, source, sink, method=kernel)
        value = int(result.flow_value)
        if not want_cut:
            return MinCut(value, np.zeros(0, dtype=bool))
        residual = (self._csr - result.flow).tocsr()
        residual.data[residual.data < 0] = 0
        residual.eliminate_zeros()
        reached = breadth_first_order(residual, source, directed=True, return_predecessors=False)
        side = np.zeros(self.num_nodes, dtype=bool)
        side[reached] = True
        return MinCut(value, side)

    def _solve_networkx(self, source: int, sink: int) -> MinCut:
        g = nx.DiGraph()
        g.add_nodes_from(range(self.num_nodes))
        for (u, v), c in zip(self.edges, self._exact):
            if c:
                g.add_edge(u, v, capacity=int(c))
        value, (reachable, _) = nx.minimum_cut(g, source, sink)
        side = np.zeros(self.num_nodes, dtype=bool)
        side[list(reachable)] = True
        return MinCut(int(value), side)
