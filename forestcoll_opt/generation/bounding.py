"""The exact throughput bound and its bottleneck cut (paper, section 4 "Throughput
Optimality for Collectives").

For allgather, ``1/x* = max |S ∩ Vc| / B+(S)`` over node sets S that miss some compute node
(the bound (★) of that section); the optimal algbw is ``N·x*``. Reduce-scatter is the same on
the reversed network. Broadcast from a root r moves the whole buffer to every compute node, so
its bound is ``min_v F(r, v)``; reduce is that on the reversed network.

The oracle is the paper's auxiliary network G_x (Theorem 1, appendix E.1 "Optimality Binary
Search"): a source s with an edge of capacity x to every compute node;
``min_v F(s, v; G_x) >= N·x`` iff ``1/x >= 1/x*``, and when it fails the min s-v cut (minus s)
is a node set S with ``|S ∩ Vc| / B+(S) > 1/x``. Instead of bisection plus rational
reconstruction (section 5.2 "Optimality Binary Search") we iterate that oracle as a
Newton/Dinkelbach method: start from the cut "all nodes but the compute node of least ingress"
(the paper's lower end ``l``), set ``1/x`` to the best ratio found so far, and replace it by the
ratio of the most violated cut until no cut is violated. Every iterate is the exact ratio of a
real cut, the sequence strictly increases and there are finitely many ratios, so it ends at
exactly ``1/x*`` with the bottleneck cut S* in hand; Dinkelbach's argument bounds the rounds by
a polynomial and in practice it takes a handful. All arithmetic is on integers: with
``1/x = a/b`` the links carry ``a·c_e`` and the source edges ``b``.

k and U follow the smallest-U-and-k proposition of appendix E.1: k is the smallest positive
integer such that every link carries an integral number of trees, ``U·b_e = k·b_e/x* ∈ Z``;
U = k/x*. That k is sufficient, not necessary: the least k at which the fixed-k optimum
(appendix E.4 "Fixed-k Optimality", floored capacities) is the bound can be smaller
(:func:`forestcoll_opt.generation.fixed_k.smallest_k_at_bound`, which ``generate`` uses).

Shard weights (:mod:`forestcoll_opt.model.weights`): with compute node v contributing a shard of
relative size ŵ_v (coprime integers, Ŵ = Σ ŵ), Tarjan's condition (appendix E.3 "Spanning Tree
Construction") for k·ŵ_v trees at each root v reads ``1/x* = max ŵ(S ∩ Vc) / B+(S)``, x* being
the rate per unit of weight, and the optimal algbw is ``Ŵ·x*``. The oracle is the same with
source edges s -> v of capacity ŵ_v·x and the test ``min_v F(s, v) >= Ŵ·x``: an s-v cut with S
on the source side costs ``x·(Ŵ - ŵ(S ∩ Vc)) + B+(S)``. k and U are as above; root v gets k·ŵ_v
trees of bandwidth 1/U.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping

from ..model.collective import CUT_BOUNDED, CUT_BOUNDED_NAMES, Collective, check_request
from ..errors import BoundError
from ..kernels.flow import FlowNetwork, MinCut
from ..display import html_summary, short_list
from ..model.numbers import fraction_display, fraction_text
from ..model.topology import Topology
from ..model.weights import normalize

if TYPE_CHECKING:
    from ..kernels.symmetry import Symmetry

COLLECTIVES = CUT_BOUNDED_NAMES    # kept for importers of the previous release
# Below this many compute nodes the bound takes a fraction of a second without symmetry,
# less than finding the group (and importing igraph) costs, so symmetry=None leaves it off
# there. Generation, whose splitting gains far more, starts at SYMMETRY_MIN_COMPUTE.
BOUND_SYMMETRY_MIN_COMPUTE = 512
SYMMETRY_MIN_COMPUTE = 64


@dataclass(frozen=True)
class SmallestK:
    """The least k whose fixed-k optimum is the bound, as far as the search went.

    ``k`` is the k to use; every k below ``ruled_out_below`` was shown not to reach the
    bound, so ``k`` is the least such k when the two are equal (:attr:`proven`). ``step``
    divides every k that can reach it; ``tests`` counts the feasibility tests on
    G_k(⌊U·b⌋) (each up to one max-flow per compute node).

    :ivar k: the k to use: the least found that reaches the bound, else the paper's k
    :ivar ruled_out_below: no k below this reaches the bound
    :ivar step: every k that reaches the bound is a multiple of it (set by the links leaving
        the bottleneck cut)
    :ivar tests: feasibility tests run with max-flows
    """

    k: int
    ruled_out_below: int
    step: int
    tests: int

    @property
    def proven(self) -> bool:
        """Whether :attr:`k` is proven the least k that reaches the bound."""
        return self.ruled_out_below == self.k

    @property
    def note(self) -> str:
        """What is known of :attr:`k`, in words."""
        if self.proven:
            return "the least k that reaches the bound"
        return (f"the paper's k; no k below {self.ruled_out_below} reaches the bound, larger "
                f"ones were not tried")


@dataclass(frozen=True)
class Bound:
    """The exact optimum of one collective on one topology, with its dual certificate.

    ``x`` is the bandwidth each root broadcasts at (for broadcast/reduce: the single root's),
    ``inv_x`` its inverse, ``algbw`` the optimal algorithmic bandwidth in topology units.
    ``cut`` is the bottleneck cut S* (for reduce-scatter and reduce: a cut of the reversed
    network, i.e. the set of nodes whose *entering* bandwidth binds), with
    ``cut_compute = |S* ∩ Vc|`` and ``cut_bandwidth = B+(S*)``. With shard weights,
    ``weights`` lists (compute node, ŵ) in topology order, ``cut_weight = ŵ(S* ∩ Vc)``
    and ``algbw = Ŵ·x``; without, ``weights`` is None and ``cut_weight = cut_compute``.
    ``k``, ``U = k/x*`` and ``tree_bandwidth = x/k`` are the paper's (every link carries a
    whole number of trees): sufficient, not necessary
    (:func:`~forestcoll_opt.generation.fixed_k.smallest_k_at_bound` finds the least k).

    In the paper's terms (section 4 "Throughput Optimality for Collectives"): an allgather
    of M bytes on N compute nodes takes at least (M/N)·max over S of |S ∩ Vc| / B+(S), S
    ranging over the node sets that miss some compute node (the bound (★)); ``inv_x`` is
    that maximum, and the cut S* attaining it proves no schedule can be faster.

    :ivar collective: the collective bounded (a :class:`Collective`): allgather,
        reduce-scatter, broadcast or reduce (allreduce: :func:`rs_ag_algbw` or the LP)
    :ivar topology: the topology's name
    :ivar units: the topology's bandwidth unit, the unit of ``x``, ``algbw`` and the cut
    :ivar num_compute: N, the number of compute nodes |Vc|
    :ivar inv_x: 1/x* = max over S of |S ∩ Vc| / B+(S) (ŵ(S ∩ Vc) with weights); for
        broadcast/reduce 1 / min over compute v of F(root, v)
    :ivar x: x*, the total bandwidth of the trees rooted at each compute node (per unit of
        weight with shard weights); for broadcast/reduce, at the root
    :ivar algbw: the optimal algorithmic bandwidth M / time: N·x* (Ŵ·x* with weights), x*
        for broadcast/reduce
    :ivar k: the paper's number of trees per root (per unit of weight): the smallest k with
        every k·b_e/x* an integer (the smallest-U-and-k proposition of appendix E.1)
    :ivar U: U = k/x*, the factor by which link bandwidths are scaled so that every link
        carries a whole number of trees
    :ivar tree_bandwidth: y = x*/k = 1/U, the bandwidth each tree uses
    :ivar cut: the bottleneck cut S*, its node ids in topology order (compute nodes and
        switches)
    :ivar cut_compute: |S* ∩ Vc|, the compute nodes inside S*
    :ivar cut_bandwidth: B+(S*), the bandwidth leaving S* (entering it, in the original
        network, for reduce-scatter and reduce)
    :ivar root: the root of broadcast/reduce; None for the multi-root collectives
    :ivar oracle_rounds: rounds of the Newton/Dinkelbach iteration (1 for broadcast/reduce)
    :ivar max_flows: max-flows computed
    :ivar weights: (compute node, ŵ) pairs of the normalised shard weights in topology
        order, or None for equal shards
    :ivar cut_weight: ŵ(S* ∩ Vc), the weight inside S* (``cut_compute`` without weights)
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    :ivar k_min: the least k at the bound as far as
        :func:`~forestcoll_opt.generation.fixed_k.smallest_k_at_bound` searched, when asked
        for (:func:`~forestcoll_opt.generation.fixed_k.with_k_min`); None otherwise; ignored
        by ``==``
    """

    collective: Collective
    topology: str
    units: str
    num_compute: int
    inv_x: Fraction
    x: Fraction
    algbw: Fraction
    k: int
    U: Fraction
    tree_bandwidth: Fraction
    cut: tuple[str, ...]
    cut_compute: int
    cut_bandwidth: Fraction
    root: str | None = None
    oracle_rounds: int = 0
    max_flows: int = 0
    weights: tuple[tuple[str, int], ...] | None = None
    cut_weight: int = 0
    seconds: float = field(default=0.0, compare=False)
    k_min: SmallestK | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        where = f"{self.collective} on {self.topology}" + (
            f", root={self.root}" if self.root is not None else "")
        return (f"Bound({where}, {self.num_compute} compute nodes, algbw="
                f"{_frac(self.algbw)} {self.units}, cut: {self.cut_compute} compute + "
                f"{len(self.cut) - self.cut_compute} switch nodes, B(S*)="
                f"{_frac(self.cut_bandwidth)}, k={self.k})")

    def _repr_html_(self) -> str:
        u = self.units
        root = f" from root {self.root}" if self.root else ""
        rows = [("collective", f"{self.collective}{root}"),
                ("optimal algbw", f"{fraction_display(self.algbw)} {u}"),
                ("bottleneck cut S*", f"{self.cut_compute} of {self.num_compute} compute nodes "
                                      f"and {_switches(len(self.cut) - self.cut_compute)}: "
                                      f"{short_list(self.cut)}"),
                ("B(S*)", f"{fraction_display(self.cut_bandwidth)} {u}")]
        if self.root is None:
            rows.append(("1/x* = ratio of S*", f"{self.cut_weight}/{_frac(self.cut_bandwidth)}"
                                               f" = {_frac(self.cut_ratio)}"))
        rows += [("k, U", f"{self.k}, {_frac(self.U)} (every link a whole number of trees)"),
                 ("tree bandwidth", f"{fraction_display(self.tree_bandwidth)} {u}"),
                 ("work", f"{self.oracle_rounds} oracle rounds, {self.max_flows} max-flows, "
                          f"{self.seconds:.2f} s")]
        return html_summary(f"Bound · {self.collective} on {self.topology}", rows,
                            note="fc.draw(topology, bound, view='cut') draws the cut")

    @property
    def cut_ratio(self) -> Fraction:
        """ŵ(S* ∩ Vc) / B+(S*) (allgather, reduce-scatter; |S* ∩ Vc| / B+(S*) without
        weights) — equals :attr:`inv_x`."""
        return Fraction(self.cut_weight) / self.cut_bandwidth

    def U_at(self, k: int) -> Fraction:
        """U = k/x*, the tree bandwidth unit's inverse with ``k`` trees per root (``k`` per
        unit of weight): :attr:`U` is ``U_at(self.k)``.

        :param k: trees per root, e.g. :attr:`k_min`'s ``k``
        :returns: k · :attr:`inv_x`
        """
        return k * self.inv_x

    def tree_bandwidth_at(self, k: int) -> Fraction:
        """The bandwidth of every tree with ``k`` trees per root: x*/k
        (:attr:`tree_bandwidth` is ``tree_bandwidth_at(self.k)``).

        :param k: trees per root
        :returns: :attr:`x` / k
        """
        return self.x / k

    @property
    def total_weight(self) -> int:
        """Ŵ, the sum of the normalised shard weights (N without weights)."""
        return self.num_compute if self.weights is None else sum(w for _, w in self.weights)

    def to_dict(self) -> dict[str, Any]:
        """The bound as JSON types (``forestcoll bound --json``): exact numbers as integers
        or ``"p/q"`` strings; ``weights`` and ``cut_weight`` only with shard weights,
        ``k_min`` and ``k_min_proven`` (:attr:`SmallestK.proven`) only with :attr:`k_min`.

        :returns: a dict
        """
        return {
            "collective": self.collective.value,
            "topology": self.topology,
            "units": self.units,
            "root": self.root,
            "compute_nodes": self.num_compute,
            "inv_x": _frac(self.inv_x),
            "x": _frac(self.x),
            "algbw": _frac(self.algbw),
            "k": self.k,
            "U": _frac(self.U),
            "tree_bandwidth": _frac(self.tree_bandwidth),
            "cut": list(self.cut),
            "cut_compute": self.cut_compute,
            "cut_bandwidth": _frac(self.cut_bandwidth),
            "oracle_rounds": self.oracle_rounds,
            "max_flows": self.max_flows,
            **({} if self.weights is None else {
                "weights": dict(self.weights), "cut_weight": self.cut_weight}),
            **({} if self.k_min is None else {
                "k_min": self.k_min.k, "k_min_proven": self.k_min.proven}),
        }


def _frac(value: Fraction) -> str:
    return fraction_text(value)


def bound(topology: Topology, *, collective: str = "allgather", root: str | None = None,
          kernel: str | None = None, symmetry: "bool | Symmetry | None" = None,
          weights: Mapping[str, Any] | None = None) -> Bound:
    """The exact bound of ``collective`` on ``topology`` (see the module docstring).

    With ``symmetry`` the automorphism group of the topology
    (:mod:`forestcoll_opt.kernels.symmetry`; for broadcast/reduce, the subgroup fixing the root)
    leaves one max-flow per orbit of compute nodes instead of one per node: nodes of one
    orbit have equal max-flows, and the first node of each orbit in the oracle's order is
    the one tested, so the result, bottleneck cut included, is the same either way. The
    default (``None``) uses it from :data:`BOUND_SYMMETRY_MIN_COMPUTE` compute nodes up,
    as far as it pays (:func:`~forestcoll_opt.kernels.symmetry.oracle_orbits` with
    ``exact=False``); ``True`` finds the exact orbits whatever they cost. A
    :class:`~forestcoll_opt.kernels.symmetry.Symmetry` already computed for this topology (with
    the root fixed for broadcast/reduce) may be passed instead.

    ``weights`` (allgather, reduce-scatter) maps every compute node to the relative size
    of its shard (module docstring); equal weights are the uniform collective.

    :param topology: the network
    :param collective: ``"allgather"``, ``"reduce-scatter"``, ``"broadcast"`` or
        ``"reduce"`` (a :class:`~forestcoll_opt.model.collective.Collective` or its value)
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param symmetry: None (automatic), True, False, or a precomputed
        :class:`~forestcoll_opt.kernels.symmetry.Symmetry` (above)
    :param weights: compute node id -> relative shard size (allgather, reduce-scatter), or
        None for equal shards
    :returns: the bound with its bottleneck cut
    :raises BoundError: for an unknown collective (allreduce included), a missing, unknown
        or superfluous root, weights given to broadcast/reduce, a ``symmetry`` that is not
        this topology's group, or a compute node that nothing can reach
    :raises WeightsError: when ``weights`` are malformed (see
        :func:`~forestcoll_opt.model.weights.normalize`)
    :raises FlowError: when ``kernel`` is unknown or its package does not import
    """
    start = time.perf_counter()
    member = check_request(topology, collective, root=root, weights=weights, allowed=CUT_BOUNDED,
                           hint="the allreduce optimum is the allreduce LP: forestcoll_opt.solve_lp")
    w = normalize(topology, weights)
    network = topology.reversed() if member.inward else topology
    if member.rooted:
        result = _single_root(network, root, kernel, _orbit_map(topology, symmetry, root, None))
    else:
        result = _all_roots(network, kernel, _orbit_map(topology, symmetry, None, w), w)
    inv_x, cut, rounds, flows = result
    x = 1 / inv_x
    k = smallest_k(topology, x)
    n = len(topology.compute_nodes)
    total = n if w is None else sum(w)
    algbw = x if member.rooted else total * x
    cut_nodes = tuple(v for v in topology.node_ids if v in cut)
    of = dict(zip(topology.compute_nodes, w or (1,) * n))
    return Bound(
        collective=member, topology=topology.name, units=topology.units, num_compute=n,
        inv_x=inv_x, x=x, algbw=algbw, k=k, U=k * inv_x, tree_bandwidth=x / k,
        cut=cut_nodes, cut_compute=sum(1 for v in cut_nodes if topology.node[v].is_compute),
        cut_bandwidth=network.cut_bandwidth(cut_nodes), root=root, oracle_rounds=rounds,
        max_flows=flows, weights=None if w is None else tuple(of.items()),
        cut_weight=sum(of.get(v, 0) for v in cut_nodes), seconds=time.perf_counter() - start)


def rs_ag_algbw(topology: Topology, *, kernel: str | None = None,
                weights: Mapping[str, Any] | None = None) -> Fraction:
    """The best allreduce made of a reduce-scatter followed by an allgather (paper, section
    5.7 "Other Collective Operations"): the two phases' times add, so
    algbw = 1 / (1/RS* + 1/AG*).

    :param topology: the network
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param weights: compute node id -> relative shard size, or None for equal shards
    :returns: the exact algbw, in the topology's units
    :raises BoundError: as :func:`bound`
    :raises WeightsError: when ``weights`` are malformed
    """
    rs = bound(topology, collective="reduce-scatter", kernel=kernel, weights=weights).algbw
    ag = bound(topology, collective="allgather", kernel=kernel, weights=weights).algbw
    return 1 / (1 / rs + 1 / ag)


def smallest_k(topology: Topology, x: Fraction) -> int:
    """Smallest k >= 1 with k·b_e / x integral for every link (the smallest-U-and-k
    proposition of appendix E.1 "Optimality Binary Search").

    :param topology: the network whose link bandwidths b_e count
    :param x: the bandwidth per root x* (positive)
    :returns: k
    """
    return math.lcm(*((b / x).denominator for b in topology.capacity.values()))


class _Oracle:
    """The auxiliary network G_x of Theorem 1 (appendix E.1), built once.

    Nodes ``0..n-1`` are the network's, node ``n`` the source s; edges are the integer
    links followed by one s -> v edge per compute node. :meth:`test` sets ``1/x = a/b``
    in place (links ``a·c_e``, source edges ``b·ŵ_v``).
    """

    def __init__(self, n: int, capacity: Mapping[tuple[int, int], int], compute: list[int],
                 weights: list[int], kernel: str | None) -> None:
        self.s = n
        self.compute = compute
        edges = list(capacity) + [(self.s, c) for c in compute]
        self.link_caps = list(capacity.values())
        self.link_ids = list(range(len(capacity)))
        self.source_ids = list(range(len(capacity), len(edges)))
        self.weights = weights
        self.net = FlowNetwork(self.s + 1, edges, kernel=kernel)
        self.flows = 0

    def test(self, ratio: Fraction, order: list[int],
             orbit: dict[int, int]) -> tuple[int, MinCut] | None:
        """None if every compute node receives Ŵ·b; else the sink and min cut of the most
        violated one (least max-flow; the first in ``order`` among equals). Only the first
        node of each orbit in ``order`` is solved: its orbit-mates have its max-flow."""
        a, b = ratio.numerator, ratio.denominator
        self.net.set_capacities(self.link_ids, [a * c for c in self.link_caps])
        self.net.set_capacities(self.source_ids, [b * w for w in self.weights])
        need = sum(self.weights) * b
        worst: tuple[int, int] | None = None
        seen: set[int] = set()
        for v in order:
            if orbit[v] in seen:
                continue
            seen.add(orbit[v])
            value = self.net.max_flow(self.s, v)
            self.flows += 1
            if value < need and (worst is None or value < worst[1]):
                worst = (v, value)
        if worst is None:
            return None
        self.flows += 1
        return worst[0], self.net.min_cut(self.s, worst[0])


def _orbit_map(topology: Topology, symmetry: "bool | Symmetry | None",
               root: str | None, weights: tuple[int, ...] | None) -> dict[int, int]:
    """Node index -> orbit number (every node its own orbit without ``symmetry``); with
    shard weights, of the automorphisms that also keep every node's weight."""
    fixed = () if root is None else (root,)
    exact = symmetry is True
    if symmetry is None:
        symmetry = len(topology.compute_nodes) >= BOUND_SYMMETRY_MIN_COMPUTE
    if symmetry is False or symmetry is True:
        if not symmetry:
            return {i: i for i in range(len(topology.nodes))}
        from ..kernels.symmetry import oracle_orbits

        symmetry = oracle_orbits(topology, fixed=fixed, weights=weights, exact=exact)
    if (tuple(symmetry.fixed) != fixed or symmetry.weights != weights
            or sorted(v for orbit in symmetry.orbits for v in orbit)
            != list(range(len(topology.nodes)))):
        raise BoundError(f"the symmetry passed is not the automorphism group of "
                         f"{topology.name!r} fixing {list(fixed)} (and the shard weights); "
                         f"pass symmetry=True to compute it")
    return symmetry.orbit_of


def _all_roots(topology: Topology, kernel: str | None, orbit: dict[int, int],
               weights: tuple[int, ...] | None = None) -> tuple[Fraction, set[str], int, int]:
    """Exact 1/x* (topology units) and a bottleneck cut of ``topology``."""
    idx, ids = topology.index, topology.node_ids
    capacity = {(idx[u], idx[v]): c for (u, v), c in topology.integer_capacity.items()}
    compute = [idx[v] for v in topology.compute_nodes]
    ratio, side, rounds, flows = bottleneck(len(ids), capacity, compute, weights,
                                            kernel=kernel, orbit=orbit)
    # back from integer units to topology units
    return ratio * topology.integer_scale, {ids[i] for i in side}, rounds, flows


def bottleneck(n: int, capacity: Mapping[tuple[int, int], int], compute: list[int],
               weights: "tuple[int, ...] | list[int] | None" = None, *,
               kernel: str | None = None, orbit: Mapping[int, int] | None = None
               ) -> tuple[Fraction, set[int], int, int]:
    """``(1/x*, S*, oracle rounds, max-flows)`` of the weighted allgather bound on nodes
    ``0..n-1`` with integer link capacities (module docstring): 1/x* = max over node sets
    S missing a compute node of ŵ(S ∩ Vc) / B+(S), by the Newton/Dinkelbach iteration on
    G_x. Unlike :func:`bound` it takes any network — nodes need not be balanced, as the
    shares of a link split between two concurrent collectives are not — as long as every
    compute node can be reached from every compute node of positive weight (otherwise
    :class:`BoundError`). ``orbit`` maps nodes to orbits of automorphisms that keep the
    weights (default: none).

    :param n: the number of nodes
    :param capacity: (u, v) -> integer capacity, u != v, both below ``n``
    :param compute: the compute nodes, in the order the oracle tests them
    :param weights: the shard weight of each node of ``compute`` (default: 1 each)
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param orbit: node -> orbit number, or None for no symmetry
    :returns: (1/x* in the units of ``capacity``, the bottleneck cut S* as node indices,
        oracle rounds, max-flows computed)
    :raises BoundError: when a compute node receives no bandwidth or cannot be reached from
        the nodes of positive weight
    """
    weight = dict(zip(compute, weights or (1,) * len(compute)))
    total = sum(weight.values())
    ingress = {v: 0 for v in range(n)}
    for (_, v), c in capacity.items():
        ingress[v] += c
    starved = [v for v in compute if ingress[v] == 0 and total > weight[v]]
    if starved:
        raise BoundError(f"compute node #{starved[0]} receives no bandwidth, so nothing can "
                         f"reach it; give it an incoming link")
    # the cut "every node but v" of the compute node v with the largest ratio (uniform:
    # least ingress), the first such in the order of ``compute``
    weakest = min((v for v in compute if ingress[v]),
                  key=lambda v: -Fraction(total - weight[v], ingress[v]))
    cut = set(range(n)) - {weakest}
    ratio = Fraction(total - weight[weakest], ingress[weakest])
    oracle = _Oracle(n, capacity, compute, [weight[v] for v in compute], kernel)
    order = list(compute)
    orbit = orbit if orbit is not None else {v: v for v in range(n)}
    rounds = 0
    while True:
        rounds += 1
        found = oracle.test(ratio, order, orbit)
        if found is None:
            break
        sink, mincut = found
        side = {i for i in mincut.nodes() if i != oracle.s}
        leaving = sum(c for (u, v), c in capacity.items() if u in side and v not in side)
        if leaving == 0:
            raise BoundError(f"compute node #{sink} cannot be reached from the nodes of "
                             f"positive weight; connect it")
        better = Fraction(sum(weight.get(v, 0) for v in side), leaving)
        if better <= ratio:  # cannot happen by Theorem 1; guards the loop
            raise BoundError("internal error: the oracle's cut did not improve the ratio")
        ratio, cut = better, side
        order.remove(sink)
        order.insert(0, sink)   # test the last bottleneck's sink first next round
    return ratio, cut, rounds, oracle.flows


def _single_root(topology: Topology, root: str, kernel: str | None,
                 orbit: dict[int, int]) -> tuple[Fraction, set[str], int, int]:
    """min over compute v of F(root, v), with the min cut of the weakest v."""
    idx, ids = topology.index, topology.node_ids
    links = list(topology.integer_capacity.items())
    net = FlowNetwork(len(ids), [(idx[u], idx[v]) for (u, v), _ in links],
                      [c for _, c in links], kernel=kernel)
    best: tuple[int, int] | None = None
    flows = 0
    seen: set[int] = set()
    for v in topology.compute_nodes:
        if v == root or orbit[idx[v]] in seen:
            continue
        seen.add(orbit[idx[v]])
        value = net.max_flow(idx[root], idx[v])
        flows += 1
        if best is None or value < best[1]:
            best = (idx[v], value)
    assert best is not None
    mincut = net.min_cut(idx[root], best[0])
    cut = {ids[i] for i in mincut.nodes()}
    inv_x = Fraction(1, best[1]) * topology.integer_scale
    return inv_x, cut, 1, flows + 1


def _switches(n: int) -> str:
    """``"1 switch"``, ``"3 switches"``."""
    return f"{n} switch" if n == 1 else f"{n} switches"
