"""The verifier's own exact bound, with its cut as the dual certificate.

From the ForestColl paper ("ForestColl: Throughput-Optimal Collective Communications on
Heterogeneous Network Fabrics"):

* the bound is the one of section "Throughput Optimality for Collectives": the allgather
  time is at least (M/N) · max over cuts S (S not containing every compute node) of
  |S ∩ Vc| / B+(S), the throughput bottleneck cut;
* it is computed with the oracle of section "Optimality Binary Search" (the appendix
  theorem of the same name: min over compute nodes v of the max-flow F(s, v) in the
  auxiliary network with an edge of capacity x from a source s to every compute node is
  at least |Vc|·x exactly when 1/x is at least the bottleneck ratio), searched by a method
  of the verifier's own, deliberately not the generator's: one sweep over the compute
  nodes as sinks, each raising 1/x by Newton steps to the ratio of its largest violated
  minimum cut until it passes (:func:`_newton_sweep`: exact, and polynomial in the input's
  bit size). On networks of at most 16 nodes every cut is also enumerated and both
  answers must agree. For a compact schedule, whose group of automorphisms the verifier
  has proven (:mod:`.group`), one sink per orbit of compute nodes is enough
  (:func:`cached_bound`);
* with shard weights (section "Other Collective Operations": for non-uniform allgather the
  capacities from s to the compute nodes are adjusted) compute node v holds ŵ_v parts of
  the data instead of 1, Ŵ = Σ ŵ_v: every node set S missing a compute node must send
  ŵ(S ∩ Vc) parts of M/Ŵ across its exiting bandwidth (nothing when they all weigh 0;
  the node missed may weigh 0 itself), so 1/x* = max ŵ(S ∩ Vc) / B+(S)
  and algbw* = Ŵ·x*; the oracle gives the edge s -> v the capacity ŵ_v·x and tests
  min over v of F(s, v) >= Ŵ·x, and the enumeration weighs every cut the same way;
* reduce-scatter and reduce are allgather and broadcast on the reversed network, broadcast
  and reduce use the single-root bound min over v of F(root, v) (section "Other Collective
  Operations"); allreduce is compared with its LP optimum (appendix "Allreduce Linear
  Program"), which the caller passes in as a certified interval, or with the best
  reduce-scatter followed by the best allgather.

This is deliberately a second method, not the generator's (forestcoll_opt.generation.bound
searches its own way): one bug cannot then give the generator and the verifier the same
wrong bound.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

import numpy as np

from ..errors import VerifierSelfCheckError, VerifyArgumentError
from ..kernels.flow import FlowNetwork
from ..model.collective import Collective
from ..model.topology import Topology
from .terms import INWARD, MULTI_ROOT, SINGLE_ROOT, check_weights, named_weights, show, uneven

EXHAUSTIVE_LIMIT = 16


@dataclass(frozen=True)
class CutBound:
    """An exact bound with its dual certificate: the cut S* and what it carries.

    ``cut_compute = |S* ∩ Vc|`` and ``cut_bandwidth = B+(S*)``. A bound with shard weights
    lists them in ``weights`` ((compute node, ŵ) in topology order) and ``cut_weight`` is
    ŵ(S* ∩ Vc), so that algbw = Ŵ · cut_bandwidth / cut_weight; without weights,
    ``weights`` is None and ``cut_weight`` equals ``cut_compute``. ``max_flows`` counts the
    max-flow (and min-cut) calls the bound took, the cost of the search. ``collective`` is
    a :class:`~forestcoll_opt.model.collective.Collective` (its string value given to the
    constructor becomes the member)."""

    collective: Collective
    algbw: Fraction
    cut: tuple[str, ...]
    cut_compute: int
    cut_bandwidth: Fraction
    method: str
    cut_weight: int | None = None
    weights: tuple[tuple[str, int], ...] | None = None
    max_flows: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "collective", Collective(self.collective))
        if self.cut_weight is None:
            object.__setattr__(self, "cut_weight", self.cut_compute)


# --- the bound, by methods of the verifier's own --------------------------------------------------

@lru_cache(maxsize=32)
def cached_bound(topology: Topology, collective: str, root: str | None, kernel: str | None,
           shards: tuple[int, ...] | None = None,
           orbits: tuple[int, ...] | None = None) -> CutBound:
    """:func:`bound_of`, remembered per (topology, collective, root, kernel, shard weights,
    orbits): a topology is immutable, and a test suite verifies many schedules on one
    network. ``shards`` are normalised weights in topology order, None when uniform.

    ``orbits`` gives each compute node (topology order) the orbit it lies in under a group
    of automorphisms of the topology the verifier has proven (:mod:`.group`: every link
    onto a link of the same bandwidth), which keeps the shard weights and fixes the root;
    or None. Such an automorphism g, with g(s) = s, is one of the auxiliary network too,
    so F(s, t) = F(s, g(t)) whatever 1/x: one sink per orbit is tested (the first in
    topology order, so the sweep takes the very same steps and finds the same cut)."""
    weights = None if shards is None else dict(zip(topology.compute_nodes, shards))
    return _bound(topology, collective, root, kernel, weights, orbits)


def bound_of(topology: Topology, collective: str, *, root: str | None = None,
             kernel: str | None = None, weights: Mapping[str, Any] | None = None) -> CutBound:
    """The exact bound of ``collective`` with its cut: the Newton sweep (multi-root) or
    single-root max-flows, cross-checked by enumeration on networks of at most 16 nodes.
    Raises :class:`VerifierSelfCheckError` if the verifier's own computations disagree.

    ``weights`` (allgather, reduce-scatter) maps every compute node id to the relative size
    of its shard, a non-negative exact number (at least one positive); equal weights are the
    uniform collective. The bound is then algbw* = Ŵ · min of B+(S) / ŵ(S ∩ Vc) over the
    sets S that miss a compute node and hold some weight."""
    return _bound(topology, collective, root, kernel, weights, None)


def _bound(topology: Topology, collective: str, root: str | None, kernel: str | None,
           weights: Mapping[str, Any] | None, orbits: tuple[int, ...] | None) -> CutBound:
    """:func:`bound_of`, testing one sink per orbit of ``orbits`` (:func:`cached_bound`)."""
    if collective not in MULTI_ROOT + SINGLE_ROOT:
        raise VerifyArgumentError(f"bound_of: collective {show(collective)} is not one of "
                                  f"{', '.join(MULTI_ROOT + SINGLE_ROOT)} (allreduce has no "
                                  f"cut bound of its own)")
    shards = uneven(check_weights(topology, weights, "bound_of: weights"))
    net = topology.reversed() if collective in INWARD else topology
    if collective in SINGLE_ROOT:
        if shards is not None:
            raise VerifyArgumentError(f"bound_of: {collective} has a single root and no "
                                      f"shards; drop the weights")
        if not isinstance(root, str) or root not in topology.compute_nodes:
            raise VerifyArgumentError(f"bound_of: {collective} needs a root that is a compute "
                                      f"node, got {show(root)}")
        sinks = _sinks(net, orbits)
        cut, value = _single_root(net, root, kernel, sinks)
        # one max-flow to every other compute node (of each orbit), one min cut to the
        # weakest
        return CutBound(collective, value, cut, sum(1 for v in cut if net.node[v].is_compute),
                        net.cut_bandwidth(cut), "max-flow from the root",
                        max_flows=len([v for v in sinks if v != root]) + 1)
    return _bottleneck_bound(net, collective, shards, kernel, _sinks(net, orbits))


def _sinks(topology: Topology, orbits: tuple[int, ...] | None) -> list[str]:
    """The compute nodes, in topology order, but the first of each orbit only."""
    if orbits is None:
        return list(topology.compute_nodes)
    seen: set[int] = set()
    out = []
    for v, orbit in zip(topology.compute_nodes, orbits):
        if orbit not in seen:
            seen.add(orbit)
            out.append(v)
    return out


def _bottleneck_bound(net: Topology, collective: str, shards: tuple[int, ...] | None,
                      kernel: str | None, sinks: list[str]) -> CutBound:
    """Multi-root bound on ``net`` (already reversed for reduce-scatter): the bottleneck cut
    by the Newton sweep over ``sinks``, confirmed by enumeration on small networks and
    re-summed from the links."""
    cut, ratio, flows = _newton_sweep(net, kernel, shards, sinks)
    method = "Newton sweep"
    if len(net.nodes) <= EXHAUSTIVE_LIMIT:
        enum_cut, enum_ratio = _enumerate(net, shards)
        if enum_ratio != ratio:
            raise VerifierSelfCheckError(f"verifier self-check failed: the Newton sweep gives "
                                         f"{ratio}, enumeration {enum_ratio}")
        method = "Newton sweep, confirmed by enumerating every cut"
    weight = dict(zip(net.compute_nodes, shards or (1,) * len(net.compute_nodes)))
    inside = sum(weight.get(v, 0) for v in cut)
    exiting = net.cut_bandwidth(cut)
    if Fraction(inside) / exiting != ratio:
        raise VerifierSelfCheckError("verifier self-check failed: the cut does not re-sum to "
                                     "its ratio")
    if shards is not None:
        method += " (shard weights)"
    return CutBound(collective, sum(weight.values()) / ratio, cut,
                    sum(1 for v in cut if net.node[v].is_compute), exiting, method, inside,
                    named_weights(net, shards), flows)


def _integer_links(topology: Topology) -> tuple[list[tuple[int, int]], list[int], Fraction]:
    scale = topology.integer_scale
    idx = topology.index
    edges, caps = [], []
    for (u, v), b in topology.capacity.items():
        edges.append((idx[u], idx[v]))
        caps.append(int(b * scale))
    return edges, caps, scale


def _newton_sweep(topology: Topology, kernel: str | None,
                  shards: tuple[int, ...] | None = None, sinks: list[str] | None = None
                  ) -> tuple[tuple[str, ...], Fraction, int]:
    """``(S*, 1/x*, max-flows)``: 1/x* = max over S missing a compute node of
    ŵ(S ∩ Vc) / B+(S) (ŵ = 1 without shard weights), with a bottleneck cut S*.

    The oracle is the auxiliary network of "Optimality Binary Search" (source s, an edge of
    capacity ŵ_v·x to every compute node v): at 1/x = λ the max-flow F(s, t) reaches Ŵ·x
    exactly when every S missing t has λ·B+(S) >= ŵ(S ∩ Vc), and otherwise a minimum s-t
    cut is such a set with a larger ratio. This search is deliberately not the generator's
    (whose rounds test every compute node and step to the cut of the least max-flow): it
    sweeps the compute nodes once, as sinks t in topology order, keeping λ the ratio of the
    best cut found so far, starting from the paper's lower end l (the cut "every node but
    v" with the largest ratio). While t fails the test at λ, λ takes the ratio of the
    *largest* minimum s-t cut (a Newton step on λ ↦ min over S missing t of λ·B+(S) -
    ŵ(S ∩ Vc)) and t is tested again; then the sweep moves on. The test is monotone in λ,
    so every sink passed at an earlier λ still passes at the last one: that λ is never
    above 1/x* (it is a cut's ratio) and never below it (no cut is violated), exactly.

    Cost: one max-flow per compute node, and per step one min cut and one max-flow to test
    the sink again. For one sink, with f the violation ŵ(S ∩ Vc) - λ·B+(S) of the step's
    cut and g = B+(S), consecutive steps have f'/f + g'/g <= 1 (Radzik's analysis of
    Newton's method for fractional combinatorial optimisation), so each step halves f or g;
    g is an integer of at most ΣB (the total integer capacity) and f lies between 1/ΣB and
    Ŵ, so a sink takes at most log2(Ŵ) + 2·log2(ΣB) + 2 steps: polynomial in the input's
    bit size (in practice none or a few). Bisection with rational reconstruction is polynomial too, but on bandwidths
    from 1e-12 to 1e15 it takes some 190 rounds of up to N max-flows, on integers that grow
    with every halving.

    Integer units: with λ = a/b the links carry a·c_e and the source edges b·ŵ_v.
    ``sinks`` (default: every compute node) leaves out sinks with the max-flows of one
    tested before them (:func:`cached_bound`)."""
    edges, caps, scale = _integer_links(topology)
    compute = [topology.index[v] for v in topology.compute_nodes]
    weight = dict(zip(compute, shards or (1,) * len(compute)))
    cut, ratio = _lower_end(topology, edges, caps, weight)
    oracle = _AuxiliaryNetwork(len(topology.nodes), edges, caps, weight, ratio, kernel)
    for t in compute if sinks is None else [topology.index[v] for v in sinks]:
        while not oracle.passes(t):
            side = oracle.largest_violated_cut(t)
            cut, ratio = _newton_step(topology, edges, caps, weight, side, ratio)
            oracle.set_ratio(ratio)
    return cut, ratio * scale, oracle.flows


class _AuxiliaryNetwork:
    """The auxiliary network of "Optimality Binary Search" on nodes ``0..n-1`` plus the
    source s = n, at 1/x = λ = a/b in integers: link e carries a·c_e, the edge s -> v
    b·ŵ_v. It is held twice, as is and transposed: the test solves max-flows s -> t on the
    first; the largest minimum s-t cut is the complement of the smallest minimum-cut source
    side of the transposed network from t to s (the nodes t reaches in its residual
    network). ``flows`` counts the max-flow and min-cut calls."""

    def __init__(self, n: int, edges: list[tuple[int, int]], caps: list[int],
                 weight: Mapping[int, int], ratio: Fraction, kernel: str | None) -> None:
        self.s = n
        self.caps = caps
        self.weights = list(weight.values())
        self.need = 0
        self.forward = FlowNetwork(n + 1, edges + [(n, c) for c in weight], kernel=kernel)
        self.transposed = FlowNetwork(n + 1, [(v, u) for u, v in edges]
                                      + [(c, n) for c in weight], kernel=kernel)
        self.flows = 0
        self.set_ratio(ratio)

    def set_ratio(self, ratio: Fraction) -> None:
        a, b = ratio.numerator, ratio.denominator
        values = [a * c for c in self.caps] + [b * w for w in self.weights]
        for net in (self.forward, self.transposed):
            net.set_capacities(range(len(values)), values)
        self.need = sum(self.weights) * b

    def passes(self, t: int) -> bool:
        """Whether F(s, t) reaches Ŵ·b: no node set missing t is violated."""
        self.flows += 1
        return self.forward.max_flow(self.s, t) >= self.need

    def largest_violated_cut(self, t: int) -> set[int]:
        """The largest minimum s-t cut, s left out (t failed the test)."""
        self.flows += 1
        reach = self.transposed.min_cut(t, self.s).source_side
        return {v for v in range(self.s) if not reach[v]}


def _newton_step(topology: Topology, edges: list[tuple[int, int]], caps: list[int],
                 weight: Mapping[int, int], side: set[int], ratio: Fraction
                 ) -> tuple[tuple[str, ...], Fraction]:
    """The violated cut ``side`` (node indices) by name, and its ratio ŵ(S ∩ Vc) / B+(S),
    which must exceed ``ratio``."""
    inside = sum(weight.get(v, 0) for v in side)
    leaving = sum(c for (u, v), c in zip(edges, caps) if u in side and v not in side)
    # cannot happen: a violated cut holds weight, reaches the sink and has a larger ratio
    if not leaving or Fraction(inside, leaving) <= ratio:
        raise VerifierSelfCheckError("verifier self-check failed: a violated cut did not "
                                     "raise the bottleneck ratio")
    named = tuple(v for v in topology.node_ids if topology.index[v] in side)
    return named, Fraction(inside, leaving)


def _lower_end(topology: Topology, edges: list[tuple[int, int]], caps: list[int],
               weight: Mapping[int, int]) -> tuple[tuple[str, ...], Fraction]:
    """The paper's lower end l: of the cuts "every node but v" (v a compute node, ratio
    (Ŵ - ŵ_v) / B-(v)), the first with the largest ratio, and that ratio."""
    total = sum(weight.values())
    ingress = dict.fromkeys(range(len(topology.nodes)), 0)
    for (_, v), c in zip(edges, caps):
        ingress[v] += c
    best = max(weight, key=lambda v: Fraction(total - weight[v], ingress[v]))
    names = topology.node_ids
    return (tuple(x for x in names if topology.index[x] != best),
            Fraction(total - weight[best], ingress[best]))


def _enumerate(topology: Topology, shards: tuple[int, ...] | None = None
               ) -> tuple[tuple[str, ...], Fraction]:
    """max ŵ(S ∩ Vc) / B+(S) over every node set S missing a compute node (ŵ = 1 without
    shard weights; a set whose compute nodes all weigh 0 bounds nothing), vectorised over
    bit masks: the least B+(S) for each cut weight, then the best ratio among those."""
    edges, caps, scale = _integer_links(topology)
    n_nodes = len(topology.nodes)
    masks = np.arange(1 << n_nodes, dtype=np.int64)
    # B+(S) is at most the sum of all capacities, ŵ(S ∩ Vc) at most Ŵ; beyond int64, sum
    # Python integers
    exact = np.int64 if sum(caps) < 2**62 else object
    exiting = np.zeros(1 << n_nodes, dtype=exact)
    for (u, v), c in zip(edges, caps):
        exiting += c * (((masks >> u) & 1) & (1 - ((masks >> v) & 1))).astype(exact)
    compute_bits = [topology.index[v] for v in topology.compute_nodes]
    weight = shards or (1,) * len(compute_bits)
    total = sum(weight)
    heavy = np.int64 if total < 2**62 else object
    inside = np.zeros(1 << n_nodes, dtype=heavy)
    for c, w in zip(compute_bits, weight):
        inside += w * ((masks >> c) & 1).astype(heavy)
    every_compute = sum(1 << c for c in compute_bits)
    misses_one = (masks & every_compute) != every_compute    # the node missed may weigh 0
    cuts = np.flatnonzero((inside > 0) & misses_one)
    # sort by cut weight, then exiting bandwidth: the first of each weight is its best cut
    cuts = cuts[np.argsort(exiting[cuts], kind="stable")]
    cuts = cuts[np.argsort(inside[cuts], kind="stable")]
    _, first = np.unique(inside[cuts], return_index=True)
    best = max(cuts[first], key=lambda j: Fraction(int(inside[j]), int(exiting[j])))
    cut = tuple(v for v in topology.node_ids if (int(best) >> topology.index[v]) & 1)
    return cut, Fraction(int(inside[best]), int(exiting[best])) * scale


def _single_root(topology: Topology, root: str, kernel: str | None, sinks: list[str]
                 ) -> tuple[tuple[str, ...], Fraction]:
    edges, caps, scale = _integer_links(topology)
    idx = topology.index
    net = FlowNetwork(len(topology.nodes), edges, caps, kernel=kernel)
    best = min(((net.max_flow(idx[root], idx[v]), idx[v]) for v in sinks if v != root))
    side = net.min_cut(idx[root], best[1]).source_side
    cut = tuple(v for v in topology.node_ids if side[idx[v]])
    return cut, Fraction(best[0]) / scale
