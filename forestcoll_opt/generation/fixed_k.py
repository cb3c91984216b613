"""The best schedule with exactly k trees per root (paper, appendix E.4 "Fixed-k
Optimality", and Algorithm 5 "Fixed-k Binary Search").

With k fixed, a forest whose trees each carry ``1/U`` of bandwidth exists iff it packs into the
floored capacities ``⌊U·b_e⌋`` (the first theorem of appendix E.4), i.e. iff
``min_v F(s, v; G_k(⌊U·b⌋)) >= N·k`` (the tree-existence theorem of appendix E.1; with shard
weights, source edges k·ŵ_v and ``>= Ŵ·k``), and feasibility is monotone in U (the fixed-k
binary-search theorem of appendix E.4). It only changes where some ``U·b_e`` is an integer, so
the least feasible U* is one of those breakpoints ``j / b_e``. We bisect over the breakpoints
themselves — no floating point and no reconstruction — between the optimum ``k/x*`` (a lower
bound) and ``max_e ⌈k·b_e/x*⌉ / b_e``, which the proof of the fixed-k approximation theorem (the
last of appendix E.4) shows feasible; hence also ``U*/k <= 1/x* + 1/(k·min_e b_e)``.

The floored graph must keep every switch balanced for edge splitting; on bidirectional
networks with equal bandwidth both ways it always does. Otherwise a
:class:`FixedKError` names the switch.

The fixed-k optimum is the bound itself (U* = k/x*) for the paper's k of the smallest-U-and-k
proposition (appendix E.1), which makes every ``k·b_e/x*`` an integer, and often for smaller k
too: flooring may take nothing any cut needs. :func:`smallest_k_at_bound` finds the least such k
(``generate`` uses it); :func:`reaches_bound` is the test for one k.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping

from .bounding import BOUND_SYMMETRY_MIN_COMPUTE, Bound, SmallestK
from .bounding import bound as compute_bound
from ..errors import FixedKError
from ..kernels.flow import FlowNetwork
from ..model.topology import Topology

if TYPE_CHECKING:
    from ..kernels.symmetry import Symmetry


def fixed_k_capacity(topology: Topology, k: int, *, collective: str = "allgather",
                     root: str | None = None, kernel: str | None = None,
                     weights: tuple[int, ...] | None = None
                     ) -> tuple[Fraction, dict[tuple[str, str], int]]:
    """``(U*, {link: ⌊U*·b_e⌋})`` for exactly ``k`` trees per root (per ``root`` for
    broadcast); with normalised shard ``weights`` ŵ, k·ŵ_v trees at root v (the same
    argument with source edges of capacity k·ŵ_v). Reduce-scatter and reduce pack their
    in-trees as out-trees of the reversed network, as the bound does.

    :param topology: the network
    :param k: the number of trees per root (per unit of weight), a positive integer
    :param collective: ``"allgather"``, ``"reduce-scatter"``, ``"broadcast"`` or
        ``"reduce"``
    :param root: the root compute node of broadcast/reduce; None for the others
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param weights: the normalised shard weights ŵ in compute node order
        (:func:`~forestcoll_opt.model.weights.normalize`), or None for equal shards
    :returns: U*, the least U at which k trees per root of bandwidth 1/U each fit, and the
        floored integer capacity ⌊U*·b_e⌋ of every directed link (of ``topology``, not
        reversed), in which the trees are packed
    :raises FixedKError: when ``k`` is not a positive integer, or the floored capacities
        leave a switch unbalanced (edge splitting needs it balanced; the message names it)
    :raises BoundError: as :func:`~forestcoll_opt.generation.bounding.bound`
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise FixedKError(f"k must be a positive integer, got {k!r}")
    b = compute_bound(topology, collective=collective, root=root, kernel=kernel,
                      weights=None if weights is None
                      else dict(zip(topology.compute_nodes, weights)))
    network = topology.reversed() if b.collective.inward else topology
    oracle = _FixedKOracle(network, root, kernel, weights)
    bandwidths = sorted(set(topology.capacity.values()))
    lo_cont = k * b.inv_x                       # U at the optimum: nothing below is feasible
    first = _ceil_breakpoint(lo_cont, bandwidths)
    if oracle.feasible(first, k):
        u_star = first
    else:
        hi = max(Fraction(math.ceil(k * bw * b.inv_x)) / bw for bw in bandwidths)
        lo = first                                 # infeasible
        if not oracle.feasible(hi, k):
            raise FixedKError("internal error: the fixed-k upper bound is not feasible")
        while True:
            nxt = _next_breakpoint(lo, bandwidths)
            if nxt >= hi:
                break
            mid = _ceil_breakpoint((lo + hi) / 2, bandwidths)
            if mid >= hi:
                mid = _prev_breakpoint(hi, bandwidths)
            if oracle.feasible(mid, k):
                hi = mid
            else:
                lo = mid
        u_star = hi
    caps = {e: math.floor(u_star * bw) for e, bw in topology.capacity.items()}
    _check_switch_balance(topology, caps, k)
    return u_star, caps


SCAN_LIMIT = 1024
"""How many multiples of the bottleneck cut's step :func:`smallest_k_at_bound` considers
(each checked by arithmetic on known cuts) before it settles for the paper's k."""
TEST_LIMIT = 16
"""How many of them it may test with max-flows (one per compute node each)."""


def reaches_bound(topology: Topology, bound: Bound, k: int, *,
                  kernel: str | None = None) -> bool:
    """Is the fixed-k optimum for ``k`` the ``bound`` (of ``topology``), i.e. U* = k/x*? By the
    first and the second theorem of appendix E.4 "Fixed-k Optimality" that holds iff k trees per
    root (k·ŵ_v at v) pack into ⌊k·b_e/x*⌋, and the generator can build them iff those floored
    capacities also keep every switch balanced.

    :param topology: the network ``bound`` was computed on
    :param bound: its bound (collective, root and shard weights are taken from it)
    :param k: the number of trees per root to test, a positive integer
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :returns: True when a schedule with exactly k trees per root reaches the bound and the
        generator can build it
    """
    network, root, weights = _setting(topology, bound)
    return (_Rates(network, bound.inv_x).balanced(k)
            and _FixedKOracle(network, root, kernel, weights).feasible(k * bound.inv_x, k))


def smallest_k_at_bound(topology: Topology, bound: Bound, *, kernel: str | None = None,
                        symmetry: "bool | Symmetry | None" = None, limit: int | None = None,
                        test_limit: int | None = None) -> SmallestK:
    """The least k <= ``bound.k`` (the paper's k, of the smallest-U-and-k proposition of
    appendix E.1) with :func:`reaches_bound`, for the collective, root and shard weights of
    ``bound``.

    The paper's k makes every k·b_e/x* integral, which is sufficient but not necessary: flooring
    only has to leave every cut S enough trees, Σ_{e leaving S} ⌊k·b_e/x*⌋ >= k·ŵ(S ∩ Vc) (the
    tree-existence theorem of appendix E.1). On the bottleneck cut S* that sum without floors is
    exactly k·ŵ(S* ∩ Vc), so every link leaving S* must carry an integral k·b_e/x*: k is a
    multiple of the ``step`` those links set. The search walks up the multiples of ``step``, at
    most ``limit`` of them (default :data:`SCAN_LIMIT`) with at most ``test_limit`` max-flow
    tests (:data:`TEST_LIMIT`), so its cost does not depend on the bandwidths or on the size of
    k. A candidate is first held against cuts known to refuse it — the roots alone, all nodes
    but one compute node, and every cut a failed test returned — and against the switch balance,
    integer arithmetic on the links, and only then tested with max-flows. The k that reach the
    bound are closed under addition (two forests side by side) but are no interval, so the first
    one found is the least; if none is found below the paper's k, that k is used.

    ``symmetry`` is the bound's: the topology's automorphism group (keeping the root and
    the weights), already computed or True, or None for "from
    :data:`~forestcoll_opt.generation.bounding.BOUND_SYMMETRY_MIN_COMPUTE` compute nodes on"; floors keep
    automorphisms, so a test solves one max-flow per orbit of compute nodes. The group is
    only computed when a test is needed.

    :param topology: the network ``bound`` was computed on
    :param bound: its bound (collective, root, shard weights, the paper's k and the cut)
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param symmetry: None (automatic), True, False, or a precomputed
        :class:`~forestcoll_opt.kernels.symmetry.Symmetry` (above)
    :param limit: the most multiples of ``step`` considered (default :data:`SCAN_LIMIT`)
    :param test_limit: the most max-flow tests run (default :data:`TEST_LIMIT`)
    :returns: the k found, with what is proven about it
    """
    limit = SCAN_LIMIT if limit is None else limit
    test_limit = TEST_LIMIT if test_limit is None else test_limit
    network, root, weights = _setting(topology, bound)
    rate = _Rates(network, bound.inv_x)
    roots = [root] if root is not None else list(network.compute_nodes)
    units = dict(zip(roots, weights if weights is not None else [1] * len(roots)))
    bottleneck = rate.cut(set(bound.cut), units)
    step = 1 if bottleneck is None or not bottleneck.tight else bottleneck.step
    if step >= bound.k:
        return SmallestK(bound.k, bound.k, step, 0)
    known = rate.simple_cuts(units)
    oracle: _FixedKOracle | None = None
    for candidate in range(step, min(bound.k, (limit + 1) * step), step):
        refusing = next((i for i, c in enumerate(known) if not c.holds(candidate)), None)
        if refusing is not None:
            known.insert(0, known.pop(refusing))     # likely to refuse the next one too
            continue
        if not rate.balanced(candidate):
            continue
        tests = oracle.tests if oracle else 0
        if tests == test_limit:
            return SmallestK(bound.k, candidate, step, tests)
        oracle = oracle or _FixedKOracle(network, root, kernel, weights,
                                         _orbits(topology, symmetry, root, weights))
        side = oracle.violated(candidate * bound.inv_x, candidate)
        if side is None:
            return SmallestK(candidate, candidate, step, oracle.tests)
        learned = rate.cut({network.node_ids[i] for i in side}, units)
        if learned is not None:
            known.insert(0, learned)
    return SmallestK(bound.k, min(bound.k, (limit + 1) * step), step,
                     oracle.tests if oracle else 0)


def with_k_min(topology: Topology, bound: Bound, *, kernel: str | None = None,
               symmetry: "bool | Symmetry | None" = None) -> Bound:
    """``bound`` with its :attr:`~forestcoll_opt.generation.bounding.Bound.k_min` filled in by
    :func:`smallest_k_at_bound` (with its default limits), so that the bound carries, and
    :meth:`~forestcoll_opt.generation.bounding.Bound.to_dict` writes, the least k at it.

    :param topology: the network ``bound`` was computed on
    :param bound: its bound
    :param kernel: the max-flow kernel (None: the fastest installed)
    :param symmetry: as for :func:`smallest_k_at_bound`
    :returns: a copy of ``bound`` with ``k_min`` set
    """
    return replace(bound, k_min=smallest_k_at_bound(topology, bound, kernel=kernel,
                                                    symmetry=symmetry))


def _setting(topology: Topology, bound: Bound
             ) -> tuple[Topology, str | None, tuple[int, ...] | None]:
    """The network the bound's out-trees live on (reversed for reduce-scatter and reduce),
    its root, and its normalised shard weights in compute-node order."""
    network = topology.reversed() if bound.collective.inward else topology
    weights = None if bound.weights is None else tuple(w for _, w in bound.weights)
    return network, bound.root, weights


def _orbits(topology: Topology, symmetry: "bool | Symmetry | None", root: str | None,
            weights: tuple[int, ...] | None) -> Mapping[int, int] | None:
    """Node index -> orbit of the automorphisms keeping ``root`` and the weights, or None
    without symmetry (the same choice as :func:`~forestcoll_opt.generation.bounding.bound`)."""
    # not bound._orbit_map: a Symmetry passed in is the caller's (no check), and the search
    # is always exact (bound's may stop at the folding's finer orbits); the orbits themselves
    # come from kernels/symmetry.py, as bound's do
    if symmetry is None:
        symmetry = len(topology.compute_nodes) >= BOUND_SYMMETRY_MIN_COMPUTE
    if symmetry is False:
        return None
    if symmetry is True:       # orbits only: twin boxes folded, no generators kept
        from ..kernels.symmetry import oracle_orbits

        symmetry = oracle_orbits(topology, fixed=() if root is None else (root,),
                                 weights=weights)
    return symmetry.orbit_of


class _Rates:
    """Every link's trees per unit of k, b_e/x* = num/den in lowest terms, for integer
    floors ⌊k·num/den⌋."""

    def __init__(self, topology: Topology, inv_x: Fraction) -> None:
        self.topology = topology
        self.links = [(u, v, r.numerator, r.denominator)
                      for (u, v), r in ((e, bw * inv_x) for e, bw in topology.capacity.items())]

    def cut(self, side: set[str], units: Mapping[str, int]) -> "_Cut | None":
        """The cut of ``side``, or None if it holds every compute node or no tree root."""
        demand = sum(w for v, w in units.items() if v in side)
        if demand == 0 or all(v in side for v in self.topology.compute_nodes):
            return None
        return _Cut(tuple((n, d) for u, v, n, d in self.links if u in side and v not in side),
                    demand)

    def simple_cuts(self, units: Mapping[str, int]) -> list["_Cut"]:
        """Each root alone (its links out), and all nodes but one compute node v (the links
        into v), when they miss a compute node and hold a root."""
        into: dict[str, list[tuple[int, int]]] = {v: [] for v in self.topology.node_ids}
        out: dict[str, list[tuple[int, int]]] = {v: [] for v in self.topology.node_ids}
        for u, v, n, d in self.links:
            out[u].append((n, d))
            into[v].append((n, d))
        total = sum(units.values())
        cuts = []
        if len(self.topology.compute_nodes) > 1:
            cuts += [_Cut(tuple(out[r]), w) for r, w in units.items() if w]
        cuts += [_Cut(tuple(into[v]), total - units.get(v, 0))
                 for v in self.topology.compute_nodes if total > units.get(v, 0)]
        return cuts

    def balanced(self, k: int) -> bool:
        """Do the floors ⌊k·b_e/x*⌋ keep every switch's ingress equal to its egress?"""
        floors = {(u, v): k * n // d for u, v, n, d in self.links}
        return _unbalanced_switch(self.topology, floors) is None


@dataclass(frozen=True)
class _Cut:
    """A node set S missing a compute node: the rates num/den (trees per unit of k) of the
    links leaving it and the trees per unit of k rooted inside, ŵ(S ∩ Vc)."""

    rates: tuple[tuple[int, int], ...]
    demand: int

    @property
    def tight(self) -> bool:
        """A bottleneck: the unfloored capacity leaving S is exactly what its roots need."""
        return sum(Fraction(n, d) for n, d in self.rates) == self.demand

    @property
    def step(self) -> int:
        """The least k making every rate leaving S integral."""
        return math.lcm(*(d for _, d in self.rates))

    def holds(self, k: int) -> bool:
        """Do the floored capacities ⌊k·b_e/x*⌋ leaving S carry the k·ŵ(S ∩ Vc) trees?"""
        return sum(k * n // d for n, d in self.rates) >= k * self.demand


def _ceil_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Smallest U >= value with U·b integral for some b."""
    return min(Fraction(math.ceil(value * bw)) / bw for bw in bandwidths)


def _next_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Smallest U > value with U·b integral for some b."""
    return min(Fraction(math.floor(value * bw) + 1) / bw for bw in bandwidths)


def _prev_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Largest U < value with U·b integral for some b."""
    return max(Fraction(math.ceil(value * bw) - 1) / bw for bw in bandwidths)


class _FixedKOracle:
    """G_k(⌊U·b⌋): links floored, s -> v capacity k·ŵ_v (the paper's Figure 17); built once, k
    and U set in place."""

    def __init__(self, topology: Topology, root: str | None, kernel: str | None,
                 weights: tuple[int, ...] | None = None,
                 orbit: Mapping[int, int] | None = None) -> None:
        idx = topology.index
        self.links = list(topology.capacity.items())
        self.s = len(topology.nodes)
        edges = [(idx[u], idx[v]) for (u, v), _ in self.links]
        roots = [root] if root is not None else list(topology.compute_nodes)
        edges += [(self.s, idx[r]) for r in roots]
        self.sources = range(len(self.links), len(edges))
        self.sinks = [idx[v] for v in topology.compute_nodes]
        if orbit is not None:                  # one sink per orbit: floors keep the symmetry
            first = {}
            for v in self.sinks:
                first.setdefault(orbit[v], v)
            self.sinks = list(first.values())
        self.units = list(weights) if weights is not None else [1] * len(roots)
        self.k = 0
        self.net = FlowNetwork(self.s + 1, edges, kernel=kernel)
        self.tests = 0

    def feasible(self, U: Fraction, k: int) -> bool:
        """Do k trees per root (k·ŵ_v at v) of bandwidth 1/U pack into ⌊U·b⌋?"""
        return self.violated(U, k, want_cut=False) is None

    def violated(self, U: Fraction, k: int, *, want_cut: bool = True) -> set[int] | None:
        """None if :meth:`feasible`; else the node set S (source side of the min cut, s
        left out) of the first compute node short of k·Ŵ (an empty set without
        ``want_cut``)."""
        self.tests += 1
        self.net.set_capacities(range(len(self.links)),
                                [math.floor(U * bw) for _, bw in self.links])
        if k != self.k:
            self.net.set_capacities(self.sources, [k * w for w in self.units])
            self.k = k
        need = k * sum(self.units)
        for v in self.sinks:
            if self.net.max_flow(self.s, v) < need:
                if not want_cut:
                    return set()
                return {i for i in self.net.min_cut(self.s, v).nodes() if i != self.s}
        return None


def _unbalanced_switch(topology: Topology, caps: Mapping[tuple[str, str], int]
                       ) -> tuple[str, int, int] | None:
    """The first switch whose floored ingress and egress differ, with both; else None."""
    inn: dict[str, int] = {w: 0 for w in topology.switch_nodes}
    out: dict[str, int] = {w: 0 for w in topology.switch_nodes}
    for (u, v), c in caps.items():
        if v in inn:
            inn[v] += c
        if u in out:
            out[u] += c
    return next(((w, inn[w], out[w]) for w in topology.switch_nodes if inn[w] != out[w]),
                None)


def _check_switch_balance(topology: Topology, caps: dict[tuple[str, str], int], k: int) -> None:
    found = _unbalanced_switch(topology, caps)
    if found is not None:
        w, inn, out = found
        raise FixedKError(
            f"k={k}: switch {w!r} is unbalanced once link capacities are floored "
            f"(ingress {inn} vs egress {out} trees), so edge splitting cannot "
            f"remove it; use the optimal k or give the switch's links equal bandwidth "
            f"in both directions")
