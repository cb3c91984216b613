"""Integer max-flow kernel: compiled backends behind one small network object.

Every oracle of the method (the bound test, γ for edge splitting, μ for tree packing) is an
integer max-flow on an auxiliary network whose *structure* is fixed while its capacities
change. :class:`FlowNetwork` therefore hands the structure to the backend once and updates
capacities in place.

Kernels (``kernel=``; :data:`KERNELS` lists them all, :func:`available_kernels` the ones
whose package imports here):

* ``"ortools"``: OR-Tools' ``SimpleMaxFlow`` (C++ push-relabel, 64-bit integer
  capacities, per-arc capacity updates); the fastest here. Optional:
  ``pip install 'forestcoll-opt[ortools]'``. OR-Tools bundles its own HiGHS library, which
  must load beside highspy's (the LP's solver) in one process; they do for some releases
  only (OR-Tools 9.15 with highspy 1.7 to 1.14, not 1.15). So this kernel counts as
  available only when highspy, if installed, is imported first and OR-Tools then imports
  without error; otherwise the default moves on to igraph and the LP keeps working.
* ``"igraph"``: python-igraph's push-relabel (C, ``igraph_maxflow``). The graph is built
  once (and extended by :meth:`FlowNetwork.add_edges`); the capacities travel with each
  call as a list. Capacities, excesses and flow values are doubles there, so the answer is
  exact only while every integer the algorithm forms stays at most 2**53 - 1; the total
  capacity bounds them all, and beyond it the guard below takes over. igraph's own cut
  partition is the *largest* minimum-cut source side (everything that cannot reach the
  sink in the residual network); the smallest one, which this module promises, is read
  from the same computation on the reversed graph (sink to source), where it is the side
  of the reversed problem's target: the nodes that reach the source there are exactly the
  nodes reachable from the source here.
* ``"dinic"`` and ``"edmonds_karp"``: :func:`scipy.sparse.csgraph.maximum_flow` on a CSR
  matrix built once and written in place. scipy computes in 32-bit integers and silently
  wraps beyond 2**31 - 1 (checked in tests/kernels/test_flow.py). scipy's Python wrapper rebuilds
  and re-validates several sparse matrices on every call (about 0.5-1 ms each), which the
  thousands of small max-flows of splitting and packing feel.
* ``"networkx"``: preflow-push on Python integers; exact for any size, slow. The tests
  cross-check every kernel against it.

The default (``kernel=None``) is the first importable kernel of :data:`PREFERENCE`, an
order measured with benchmarks/kernels.py (data/bench_kernels.csv). scipy and networkx are
required dependencies, so a kernel always exists; asking by name for a kernel whose
package is missing raises :class:`~forestcoll_opt.errors.FlowError` naming the package to
install.

Every kernel answers the same minimum cut: the source side is the set of nodes reachable
from the source in the residual network of a maximum flow. That set does not depend on
which maximum flow a kernel found, so bounds, bottleneck cuts and schedules are the same
whichever kernel ran.

Overflow guard: a network whose total capacity exceeds what a kernel can hold (2**31 - 1
for scipy, 2**53 - 1 for igraph, 2**62 for OR-Tools) is solved by the exact networkx
kernel instead — no residual capacity, excess or flow value can exceed the total capacity.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..errors import FlowError

if TYPE_CHECKING:      # networkx is imported only by its own (fallback) kernel
    import networkx as nx

log = logging.getLogger(__name__)

INT32_MAX = 2**31 - 1
FLOAT_EXACT = 2**53 - 1    # every integer up to here is a double exactly
INT64_SAFE = 2**62
KERNELS = ("ortools", "igraph", "dinic", "edmonds_karp", "networkx")
# the default is the first of these that imports (measured: benchmarks/kernels.py)
PREFERENCE = ("ortools", "igraph", "dinic", "networkx")
# the module each kernel imports, and what to install when it is missing
_REQUIRES = {
    "ortools": ("ortools.graph.python.max_flow", "'forestcoll-opt[ortools]'"),
    "igraph": ("igraph", "igraph"),
    "dinic": ("scipy.sparse.csgraph", "scipy"),
    "edmonds_karp": ("scipy.sparse.csgraph", "scipy"),
    "networkx": ("networkx", "networkx"),
}
_importable: dict[str, bool] = {}
_why_not: dict[str, str] = {}   # why an installed kernel's package would not load
_NO_SIDE = np.zeros(0, dtype=bool)   # max_flow() answers the value only


def kernel_available(kernel: str) -> bool:
    """Whether ``kernel``'s package imports in this environment (checked once).

    :param kernel: a name of :data:`KERNELS`
    :returns: True when the kernel can be used here
    :raises FlowError: when ``kernel`` is not a name of :data:`KERNELS`
    """
    if kernel not in _REQUIRES:
        raise FlowError(f"unknown max-flow kernel {kernel!r}; use one of {', '.join(KERNELS)}")
    if kernel not in _importable:
        import importlib
        import importlib.util

        try:
            if kernel == "ortools" and importlib.util.find_spec("highspy") is not None:
                # load the LP's HiGHS first: if OR-Tools' bundled copy clashes with it, the
                # clash shows here (ImportError) instead of later inside the LP
                importlib.import_module("highspy")
            importlib.import_module(_REQUIRES[kernel][0])
            _importable[kernel] = True
        except (ImportError, OSError) as exc:   # absent, or a shared library that will not load
            log.debug("max-flow kernel %s unavailable: %s", kernel, exc)
            _importable[kernel] = False
            if not isinstance(exc, ModuleNotFoundError):     # installed, but will not load
                _why_not[kernel] = " ".join(str(exc).split())[:300]
    return _importable[kernel]


def available_kernels() -> tuple[str, ...]:
    """The kernels of :data:`KERNELS` whose package imports here.

    :returns: their names, in the order of :data:`KERNELS`
    """
    return tuple(k for k in KERNELS if kernel_available(k))


def default_kernel() -> str:
    """The kernel used when none is named: the first importable one of :data:`PREFERENCE`.

    :returns: its name
    :raises FlowError: when no kernel imports (scipy and networkx are dependencies, so only
        a broken installation)
    """
    for kernel in PREFERENCE:
        if kernel_available(kernel):
            return kernel
    raise FlowError("no max-flow kernel imports here; pip install scipy")   # pragma: no cover


def __getattr__(name: str):
    # DEFAULT_KERNEL is resolved on first use so that importing this module imports no kernel
    if name == "DEFAULT_KERNEL":
        return default_kernel()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _resolve(kernel: str | None) -> str:
    if kernel is None:
        return default_kernel()
    if kernel not in KERNELS:
        raise FlowError(f"unknown max-flow kernel {kernel!r}; use one of {', '.join(KERNELS)}")
    if not kernel_available(kernel):
        package = _REQUIRES[kernel][1]
        others = ", ".join(available_kernels())
        why = _why_not.get(kernel, "")
        if kernel == "ortools" and why:
            raise FlowError(f"the 'ortools' max-flow kernel cannot load beside the installed "
                            f"highspy (their bundled HiGHS libraries differ: {why}); use "
                            f"another kernel ({others}) or pip install "
                            f"'forestcoll-opt[ortools]' for a matching pair")
        raise FlowError(f"the {kernel!r} max-flow kernel needs the {kernel} package, which "
                        f"does not import here: pip install {package} (or use one of "
                        f"{others})")
    return kernel


@dataclass(frozen=True)
class MinCut:
    """A minimum s-t cut: its value and the source side (boolean mask over nodes).

    :ivar value: the cut's capacity, equal to the maximum flow
    :ivar source_side: one boolean per node: True for the nodes on the source side (empty
        when only the value was asked for)
    """

    value: int
    source_side: np.ndarray

    def nodes(self) -> list[int]:
        """The source side's nodes, in increasing order.

        :returns: their indices
        """
        return np.flatnonzero(self.source_side).tolist()


class FlowNetwork:
    """A directed integer network on nodes ``0..num_nodes-1`` with unique edges.

    ``edges[i] = (u, v)`` keeps its position ``i``; :meth:`set_capacities` addresses edges
    by position and writes through to the backend. Capacities are non-negative integers.
    ``kernel=None`` picks :func:`default_kernel`.

    ``num_nodes`` may reserve room for nodes that only later edges will touch: a backend
    holds only the nodes up to the largest endpoint so far (its *span*), since a kernel's
    set-up per call is linear in the nodes it holds; a query whose source or sink lies
    beyond the span is answered here (nothing can flow).

    :param num_nodes: the number of nodes
    :param edges: the directed edges (u, v), unique, no loops, endpoints below ``num_nodes``
    :param capacities: one non-negative integer per edge (default: all 0)
    :param kernel: a name of :data:`KERNELS`, or None for :func:`default_kernel`
    :raises FlowError: for an unknown or unavailable kernel, an endpoint out of range, a
        loop, a repeated edge, or a negative capacity
    """

    def __init__(self, num_nodes: int, edges: Sequence[tuple[int, int]],
                 capacities: Sequence[int] | None = None, *, kernel: str | None = None) -> None:
        kernel = _resolve(kernel)
        self.kernel = kernel
        self.num_nodes = num_nodes
        self.edges: list[tuple[int, int]] = []
        self._seen: set[tuple[int, int]] = set()
        self._span = 0
        self.edges = self._check(edges)
        self._caps = [0] * len(self.edges)
        self._total = 0
        self._backend = _BACKENDS[kernel](num_nodes, self.edges)
        if capacities is not None:
            self.set_capacities(range(len(self.edges)), capacities)

    def _check(self, edges: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """The edges as int pairs, once checked: in range, no loop, none seen before."""
        edges = [(int(u), int(v)) for u, v in edges]
        if not edges:
            return edges
        tails, heads = zip(*edges)
        low, high = min(min(tails), min(heads)), max(max(tails), max(heads))
        if low < 0 or high >= self.num_nodes:
            raise FlowError("edge endpoint outside the network's node range")
        if any(u == v for u, v in edges):
            raise FlowError("a flow network cannot hold a self-loop")
        new = set(edges)
        if len(new) != len(edges) or not self._seen.isdisjoint(new):
            raise FlowError("a flow network needs unique edges; merge parallel edges first")
        self._seen |= new
        self._span = max(self._span, high + 1)
        return edges

    def add_edges(self, edges: Sequence[tuple[int, int]], capacities: Sequence[int]) -> list[int]:
        """Append edges (for networks whose structure only grows); returns their positions.

        :param edges: the new edges, unique and not already in the network
        :param capacities: one non-negative integer per new edge
        :returns: the positions of the new edges
        :raises FlowError: as the constructor
        """
        new = self._check(edges)
        first = len(self.edges)
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
        """The current capacities of the edges at the given positions.

        :param edges: edge positions
        :returns: their capacities, in the same order
        """
        return [self._caps[e] for e in edges]

    @property
    def total_capacity(self) -> int:
        """The sum of all edge capacities (it bounds every flow value)."""
        return self._total

    def set_capacity(self, edge: int, value: int) -> None:
        """Set the capacity of the edge at position ``edge`` (see :meth:`set_capacities`).

        :param edge: the edge's position
        :param value: its new capacity, a non-negative integer
        :raises FlowError: when ``value`` is negative
        """
        self.set_capacities([edge], [value])

    def set_capacities(self, edges: Sequence[int], values: Sequence[int]) -> None:
        """Write new capacities for the given edge positions, in place.

        :param edges: edge positions
        :param values: one non-negative integer per position
        :raises FlowError: when the lengths differ or a value is negative
        """
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
        """Value of a maximum ``source``-``sink`` flow.

        :param source: the source node
        :param sink: the sink node, not ``source``
        :returns: the flow value
        :raises FlowError: when source and sink are equal or out of range, or the kernel
            fails
        """
        return self._solve(source, sink, want_cut=False).value

    def min_cut(self, source: int, sink: int) -> MinCut:
        """A minimum cut; its source side is everything reachable from ``source`` in the
        residual network (the inclusion-minimal min cut, the same for every kernel).

        :param source: the source node
        :param sink: the sink node, not ``source``
        :returns: the cut
        :raises FlowError: as :meth:`max_flow`
        """
        return self._solve(source, sink, want_cut=True)

    def edge_flows(self, source: int, sink: int) -> list[int]:
        """The flow on every edge, in the order of :attr:`edges`, of one maximum
        ``source``-``sink`` flow. Which maximum flow it is depends on the kernel (the
        minimum cut of :meth:`min_cut` does not); every kernel's is integral.

        :param source: the source node
        :param sink: the sink node
        :returns: one non-negative integer per edge
        """
        backend = self._backend_for(source, sink)
        return [0] * len(self.edges) if backend is None else backend.flows(source, sink)

    def _solve(self, source: int, sink: int, *, want_cut: bool) -> MinCut:
        backend = self._backend_for(source, sink)
        if backend is None:
            # an endpoint without edges: the zero flow is maximum, and its residual network
            # is the edges of positive capacity
            return MinCut(0, self._reachable(source) if want_cut else _NO_SIDE)
        return backend.solve(source, sink, want_cut)

    def _backend_for(self, source: int, sink: int):
        """The backend to ask (networkx past the kernel's integers), or None when an
        endpoint lies beyond the span (nothing can flow)."""
        if source == sink:
            raise FlowError("source and sink must differ")
        if not (0 <= source < self.num_nodes and 0 <= sink < self.num_nodes):
            raise FlowError("source or sink outside the network's node range")
        if max(source, sink) >= self._span:
            return None
        backend = self._backend
        if self._total > backend.limit:
            log.info("total capacity %d exceeds the %s kernel's integers; solving exactly "
                     "with networkx", self._total, self.kernel)
            backend = _NetworkxBackend(self.num_nodes, self.edges)
            backend.set(range(len(self.edges)), self._caps)
        return backend

    def _reachable(self, source: int) -> np.ndarray:
        side = np.zeros(self.num_nodes, dtype=bool)
        side[source] = True
        out: dict[int, list[int]] = {}
        for (u, v), c in zip(self.edges, self._caps):
            if c:
                out.setdefault(u, []).append(v)
        stack = [source]
        while stack:
            for v in out.get(stack.pop(), ()):
                if not side[v]:
                    side[v] = True
                    stack.append(v)
        return side


def max_flow_once(num_nodes: int, tails: np.ndarray, heads: np.ndarray,
                  capacities: np.ndarray, source: int, sink: int, *, want_cut: bool = False,
                  cut_below: int | None = None, kernel: str | None = None) -> MinCut:
    """One maximum flow on a network given as arrays and built for this query alone (for
    networks whose structure changes from query to query; :class:`FlowNetwork` keeps one
    structure). Parallel arcs are allowed; every kernel gives the same value, and with
    ``want_cut`` a minimum cut (its source side may differ between kernels: any minimum
    cut, not necessarily the smallest).

    :param num_nodes: the number of nodes
    :param tails: the arcs' tails (integers below ``num_nodes``)
    :param heads: the arcs' heads, no head equal to its tail
    :param capacities: one non-negative integer per arc (int64, or Python integers in an
        object array)
    :param source: the source node
    :param sink: the sink node, not ``source``
    :param want_cut: also return a minimum cut's source side
    :param cut_below: with ``want_cut``, the source side is needed only when the value is
        below this (None: always); above it, it may be left empty
    :param kernel: a name of :data:`KERNELS`, or None for :func:`default_kernel`
    :returns: the flow value, and with ``want_cut`` a source side (else an empty mask)
    :raises FlowError: for an unknown or unavailable kernel, arrays of different lengths,
        a node out of range, a loop, a negative capacity, or equal source and sink
    """
    kernel = _resolve(kernel)
    tails = np.asarray(tails, dtype=np.int64)
    heads = np.asarray(heads, dtype=np.int64)
    if not len(tails) == len(heads) == len(capacities):
        raise FlowError("max_flow_once needs one tail, head and capacity per arc")
    if source == sink:
        raise FlowError("source and sink must differ")
    if not (0 <= source < num_nodes and 0 <= sink < num_nodes):
        raise FlowError("source or sink outside the network's node range")
    if len(tails) and (min(tails.min(), heads.min()) < 0
                       or max(tails.max(), heads.max()) >= num_nodes):
        raise FlowError("arc endpoint outside the network's node range")
    if (tails == heads).any():
        raise FlowError("a flow network cannot hold a self-loop")
    if len(capacities) and capacities.min() < 0:
        raise FlowError("capacities must be non-negative integers")
    total = sum(int(c) for c in capacities) if capacities.dtype == object else (
        int(capacities.sum(dtype=np.float64)))
    if capacities.dtype != object and total > 2**62:
        total = sum(int(c) for c in capacities)     # beyond int64 sums: exactly
    if kernel == "ortools" and total <= INT64_SAFE:
        from ortools.graph.python import max_flow

        smf = max_flow.SimpleMaxFlow()
        if len(tails):
            smf.add_arcs_with_capacity(tails.astype(np.int32), heads.astype(np.int32),
                                       np.asarray(capacities, dtype=np.int64))
        if max(source, sink) >= _span_of(tails, heads):
            return MinCut(0, _side_of(num_nodes, [source]) if want_cut else _NO_SIDE)
        status = smf.solve(source, sink)
        if status != max_flow.SimpleMaxFlow.Status.OPTIMAL:
            raise FlowError(f"OR-Tools max-flow did not finish ({status})")
        value = int(smf.optimal_flow())
        if not want_cut or (cut_below is not None and value >= cut_below):
            return MinCut(value, _NO_SIDE)
        return MinCut(value, _side_of(num_nodes, smf.get_source_side_min_cut()))
    if kernel == "igraph" and total <= FLOAT_EXACT:
        import igraph

        span = max(_span_of(tails, heads), source + 1, sink + 1)
        graph = igraph.Graph(n=span, edges=np.column_stack([tails, heads]).tolist(),
                             directed=True)
        caps = [int(c) for c in capacities]
        if not want_cut:
            return MinCut(_exact_int(igraph.GraphBase.maxflow_value(graph, source, sink, caps)),
                          _NO_SIDE)
        value, _, side, _ = igraph.GraphBase.st_mincut(graph, source, sink, caps)
        return MinCut(_exact_int(value), _side_of(num_nodes, side))
    net = FlowNetwork(num_nodes, [], kernel=kernel)
    arcs: dict[tuple[int, int], int] = {}
    for u, v, c in zip(tails.tolist(), heads.tolist(), capacities):
        arcs[(u, v)] = arcs.get((u, v), 0) + int(c)      # FlowNetwork merges no arcs
    net.add_edges(list(arcs), list(arcs.values()))
    return net.min_cut(source, sink) if want_cut else MinCut(net.max_flow(source, sink), _NO_SIDE)


def _span_of(tails: np.ndarray, heads: np.ndarray) -> int:
    return int(max(tails.max(), heads.max())) + 1 if len(tails) else 0


def _side_of(num_nodes: int, nodes) -> np.ndarray:
    side = np.zeros(num_nodes, dtype=bool)
    side[np.asarray(nodes, dtype=np.int64)] = True
    return side


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
            if max(values) > INT64_SAFE:
                values = [min(v, INT64_SAFE) for v in values]
            self._smf.set_arcs_capacity(self._arcs[np.asarray(edges, dtype=np.int64)],
                                        np.asarray(values, dtype=np.int64))

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        # OR-Tools holds the nodes up to the largest arc endpoint: FlowNetwork's span
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

    def flows(self, source: int, sink: int) -> list[int]:
        self.solve(source, sink, False)
        return [int(f) for f in self._smf.flows(self._arcs)]


class _IgraphBackend:
    limit = FLOAT_EXACT

    def __init__(self, num_nodes: int, edges: list[tuple[int, int]]) -> None:
        import igraph

        self._num_nodes = num_nodes
        # edge i of both graphs is edges[i] (forward) and its reversal (backward); igraph
        # numbers edges in insertion order and this class never deletes one. The graphs hold
        # the nodes up to the largest endpoint only (FlowNetwork's span): igraph's set-up
        # per call is linear in the node count, and some networks reserve many more.
        self._span = _span(edges)
        self._forward = igraph.Graph(n=self._span, edges=edges, directed=True)
        self._backward = igraph.Graph(n=self._span, edges=[(v, u) for u, v in edges],
                                      directed=True)
        self._value = igraph.GraphBase.maxflow_value
        self._st_mincut = igraph.GraphBase.st_mincut
        self._maxflow = igraph.GraphBase.maxflow
        # igraph reads capacities from a list (not from a numpy array), converting each to a
        # double per call; values beyond the limit never reach it (the guard solves those)
        self._caps: list[int] = [0] * len(edges)

    def add(self, edges: list[tuple[int, int]]) -> None:
        if edges:
            span = _span(edges)
            if span > self._span:
                self._forward.add_vertices(span - self._span)
                self._backward.add_vertices(span - self._span)
                self._span = span
            self._forward.add_edges(edges)
            self._backward.add_edges([(v, u) for u, v in edges])
            self._caps.extend([0] * len(edges))

    def set(self, edges: Sequence[int], values: Sequence[int]) -> None:
        caps = self._caps
        for e, v in zip(edges, values):
            caps[e] = v

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        if not want_cut:
            return MinCut(_exact_int(self._value(self._forward, source, sink, self._caps)),
                          _NO_SIDE)
        # On the reversed graph from the sink to the source, igraph marks the nodes that reach
        # its target (our source) in the residual network: reversed, the nodes our source
        # reaches in ours — the smallest minimum-cut source side, whatever flow was found.
        value, _, _, reach_source = self._st_mincut(self._backward, sink, source, self._caps)
        side = np.zeros(self._num_nodes, dtype=bool)
        side[reach_source] = True
        return MinCut(_exact_int(value), side)

    def flows(self, source: int, sink: int) -> list[int]:
        _, flow, _, _ = self._maxflow(self._forward, source, sink, self._caps)
        return [_exact_int(f) for f in flow]


def _span(edges: list[tuple[int, int]]) -> int:
    """1 + the largest endpoint (0 without edges)."""
    return max((max(u, v) + 1 for u, v in edges), default=0)


def _exact_int(value: float) -> int:
    # below the limit every quantity of push-relabel is an integer-valued double
    result = int(value)
    if result != value:                                          # pragma: no cover
        raise FlowError(f"igraph returned a non-integer flow value {value!r}")
    return result


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

        edges = self._edges
        num_nodes = _span(edges)     # the nodes up to the largest endpoint, as FlowNetwork
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

    def flows(self, source: int, sink: int) -> list[int]:
        from scipy.sparse.csgraph import maximum_flow

        # scipy's flow is antisymmetric (net flow on a pair of opposite edges); its positive
        # part on each edge is a maximum flow of the same value
        net = maximum_flow(self._csr, source, sink, method=self._method).flow.tocsr()
        tails = [u for u, _ in self._edges]
        heads = [v for _, v in self._edges]
        values = np.asarray(net[tails, heads]).ravel() if self._edges else []
        return [max(0, int(f)) for f in values]


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

    def _maximum_flow(self, source: int, sink: int) -> tuple[nx.DiGraph, int, dict]:
        import networkx as nx      # only this fallback kernel needs it

        g = nx.DiGraph()
        g.add_nodes_from(range(self._num_nodes))
        for (u, v), c in zip(self._edges, self._caps):
            if c:
                g.add_edge(u, v, capacity=c)
        value, flow = nx.maximum_flow(g, source, sink)
        return g, value, flow

    def solve(self, source: int, sink: int, want_cut: bool) -> MinCut:
        g, value, flow = self._maximum_flow(source, sink)
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

    def flows(self, source: int, sink: int) -> list[int]:
        _, _, flow = self._maximum_flow(source, sink)
        return [int(flow[u][v]) if c else 0
                for (u, v), c in zip(self._edges, self._caps)]


_BACKENDS = {
    "ortools": _OrtoolsBackend,
    "igraph": _IgraphBackend,
    "dinic": lambda n, e: _ScipyBackend(n, e, "dinic"),
    "edmonds_karp": lambda n, e: _ScipyBackend(n, e, "edmonds_karp"),
    "networkx": _NetworkxBackend,
}
