"""The paper's "Blink+Switch" baseline (section "Evaluation", Baselines): Blink's optimal
single-root spanning-tree packing ("Blink: Fast and Generic Collectives for Distributed
ML", MLSys 2020) applied to ForestColl's switch-free logical topology.

Blink packs spanning trees rooted at one GPU. Its own packing is approximate; the paper's
re-implementation, like this one, is the optimal one: by Edmonds' branching theorem a
network carries ``λ = min over v of F(r, v)`` edge-disjoint out-trees rooted at r (F a
max-flow), and no single-root schedule broadcasts faster. Blink has no model of switches,
so, as the paper did, the packing runs on the switch-free logical topology G* that
ForestColl's edge splitting builds for the allgather (appendix E.2 "Edge Splitting"): the
topology's links scaled by the paper's U = k/x* so that each carries a whole number of
trees, every switch split off, every edge of G* owning the physical paths it replaced.
The trees are packed on G* (appendix E.3 "Spanning Tree Construction", here with a single
root) and their edges routed back onto those paths.

* **broadcast**: λ out-trees rooted at the root, on G* of the topology.
* **reduce**: the same on the reversed topology (G* of the reduce-scatter), every edge and
  path reversed: in-trees into the root.
* **allreduce**: reduce into one root, then broadcast from it, as Blink does; Blink
  pipelines the two over chunks, so they run at the same time and share every link
  (``concurrent``). The root's shard is the whole buffer (``weights``: 1 at the root, 0
  elsewhere). Blink leaves the root to the user; by default this picks the compute node
  with the largest packing rate min(λ_out, λ_in) (ties to the first in topology order),
  the one quantity its packing maximises.

Allgather and reduce-scatter are not Blink's (it suggests an allgather as an allreduce
without reduction); ask for them raises :class:`~forestcoll_opt.errors.UsageError`.

Every schedule carries its exact ``algbw`` from its own link loads (docs/formats.md).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping

from ...errors import ScheduleError, UsageError
from ..bounding import SYMMETRY_MIN_COMPUTE
from ..bounding import bound as compute_bound
from ..packing import pack_trees
from ..routing import route_trees
from ..splitting import split_switches
from ...kernels.flow import FlowNetwork
from ...kernels.symmetry import automorphisms
from ...model.collective import Collective, check_request
from ...model.schedule import MAX_COUNT, Schedule, Tree, TreeEdge, achieved_algbw
from ...model.topology import Topology
from .multi_tree import reverse_trees, symmetric


@dataclass(frozen=True)
class Logical:
    """The switch-free logical topology G* of one direction of a topology.

    :ivar network: the topology it was split from (the reversed one for in-trees)
    :ivar capacity: (u, v) node indices -> G*'s integer capacity, in trees of bandwidth 1/U
    :ivar routes: (u, v) -> the physical paths behind that capacity, with counts
    :ivar k: the paper's k of the allgather the splitting kept feasible
    :ivar U: the scale of the link bandwidths, U = k/x*
    """

    network: Topology
    capacity: Mapping[tuple[int, int], int]
    routes: Mapping
    k: int
    U: Fraction


def logical_topology(network: Topology, *, kernel: str | None = None) -> Logical:
    """G* of ``network``: the allgather's bound with the paper's k (every scaled link a
    whole number of trees), then every switch removed by edge splitting (in whole orbits
    of an automorphism from :data:`~forestcoll_opt.generation.bounding.SYMMETRY_MIN_COMPUTE`
    compute nodes up, as :func:`~forestcoll_opt.generation.pipeline.generate` does).

    :param network: the topology (reversed for a reduce)
    :param kernel: the max-flow kernel; None for the fastest one installed
    :returns: the logical topology with its routing table
    :raises ScheduleError: when the paper's k exceeds 2^63 - 1
    :raises SplittingError: when a switch cannot be removed (it is unbalanced)
    """
    b = compute_bound(network, collective="allgather", kernel=kernel)
    if b.k > MAX_COUNT:
        raise ScheduleError(f"the logical topology needs k = {b.k} trees per root, above "
                            f"2^63 - 1; round the link bandwidths to fewer digits")
    idx = network.index
    capacity = {}
    for (a, c), bw in network.capacity.items():
        scaled = b.U * bw
        assert scaled.denominator == 1, "the paper's U makes every link whole"
        if scaled:
            capacity[(idx[a], idx[c])] = int(scaled)
    compute = [idx[v] for v in network.compute_nodes]
    rotation = None
    if len(compute) >= SYMMETRY_MIN_COMPUTE:      # as generate does: split whole orbits
        group = automorphisms(network, whole=False)
        rotation = None if group.trivial else group.rotation(compute)
    split = split_switches(len(network.node_ids), capacity, compute,
                           [idx[w] for w in network.switch_nodes], {v: b.k for v in compute},
                           box={idx[n.id]: n.box for n in network.nodes}, kernel=kernel,
                           symmetry=rotation)
    return Logical(network, split.capacity, split.routes, b.k, b.U)


def packing_rates(logical: Logical, roots: list[str], *, kernel: str | None = None,
                  at_least: int = 0) -> dict[str, int]:
    """λ(r) = min over compute v of F(r, v) on G*: the number of out-trees rooted at r
    that G* carries (Edmonds' branching theorem), for every root in ``roots``. A root
    whose λ is below ``at_least`` is reported with the first max-flow that showed it.

    :param logical: the logical topology
    :param roots: compute node ids
    :param kernel: the max-flow kernel; None for the fastest one installed
    :param at_least: stop testing a root once one of its max-flows falls below this
    :returns: root -> λ (or an upper bound on it below ``at_least``)
    """
    net = logical.network
    idx = net.index
    edges = sorted(e for e, c in logical.capacity.items() if c > 0)
    flows = FlowNetwork(len(net.node_ids), edges, [logical.capacity[e] for e in edges],
                        kernel=kernel)
    out = {}
    for r in roots:
        best: int | None = None
        for v in net.compute_nodes:
            if v == r:
                continue
            f = flows.max_flow(idx[r], idx[v])
            best = f if best is None else min(best, f)
            if best < at_least:
                break
        out[r] = best or 0
    return out


def _pack(logical: Logical, root: str, count: int, *, kernel: str | None
          ) -> tuple[int, tuple[Tree, ...]]:
    """``count`` out-trees at ``root`` on G*, routed back onto physical paths: (k, the
    trees), weights and k divided by the weights' gcd."""
    net = logical.network
    idx, ids = net.index, net.node_ids
    compute = [idx[v] for v in net.compute_nodes]
    packing = pack_trees(compute, logical.capacity, {idx[root]: count}, kernel=kernel)
    routing = route_trees(packing.batches, logical.routes)
    common = math.gcd(*(t.weight for t in routing.trees))
    trees = tuple(Tree(ids[t.root], t.weight // common,
                       tuple(TreeEdge(ids[a], ids[b], tuple(ids[p] for p in path))
                             for (a, b), path in zip(t.edges, t.paths)))
                  for t in routing.trees)
    return count // common, trees


def _phase(topology: Topology, collective: str, k: int, trees: tuple[Tree, ...],
           root: str | None, weights: tuple[tuple[str, int], ...] | None) -> Schedule:
    """A single-phase schedule with its exact algbw; tree_bandwidth = algbw / k (the
    rooted collectives, or one shard of weight 1 with ``weights``)."""
    if k > MAX_COUNT:
        raise ScheduleError(f"the Blink packing needs k = {k} trees, above 2^63 - 1; round "
                            f"the link bandwidths to fewer digits")
    draft = Schedule(collective=collective, topology=topology.name, units=topology.units,
                     compute_nodes=topology.compute_nodes, k=k, tree_bandwidth=Fraction(1),
                     algbw=Fraction(1), trees=trees, root=root, weights=weights)
    algbw = achieved_algbw(draft, topology)
    return replace(draft, algbw=algbw, tree_bandwidth=algbw / k)


def blink(topology: Topology, *, collective: "Collective | str" = "allreduce",
          root: str | None = None, kernel: str | None = None) -> Schedule:
    """Blink+Switch (module docstring): the optimal single-root tree packing on the
    switch-free logical topology, for broadcast, reduce, or allreduce as a reduce and a
    broadcast at one root running at once.

    :param topology: the network
    :param collective: ``"broadcast"``, ``"reduce"`` or ``"allreduce"`` (or the
        :class:`~forestcoll_opt.model.collective.Collective`)
    :param root: the root of broadcast and reduce (required); for allreduce the root to
        reduce into and broadcast from, or None for the one whose packing is fastest
    :param kernel: the max-flow kernel; None for the fastest one installed
    :returns: the schedule with its exact ``algbw``; an allreduce has two concurrent phases
        whose trees all have the root as their root
    :raises UsageError: for allgather or reduce-scatter (not Blink's collectives), or a
        root of allreduce that is not a compute node
    :raises CollectiveError: for an unknown collective, or a missing, unknown or
        superfluous root of broadcast/reduce
    :raises ScheduleError: when the counts would exceed 2^63 - 1
    :raises SplittingError: when a switch of the topology is unbalanced
    """
    start = time.perf_counter()
    member = Collective.parse(collective)
    coll = member.value
    if member.sharded:
        raise UsageError(f"Blink packs trees at one root (broadcast, reduce, and allreduce as "
                         f"reduce + broadcast), not {coll}; use the multitree or ring "
                         f"baseline")
    allreduce = member is Collective.ALLREDUCE
    check_request(topology, member, root=None if allreduce else root)
    if allreduce and root is not None and root not in topology.compute_nodes:
        raise UsageError(f"root {str(root)[:40]!r} of the Blink allreduce is not a compute "
                         f"node of {topology.name or 'the topology'}")
    directions = []
    if member in (Collective.BROADCAST, Collective.ALLREDUCE):
        directions.append("out")
    if member in (Collective.REDUCE, Collective.ALLREDUCE):
        directions.append("in")
    same = symmetric(topology)
    logical: dict[str, Logical] = {}
    for d in directions:
        if d == "in" and same and "out" in logical:
            logical["in"] = logical["out"]      # G of the reversed topology is G itself
        else:
            logical[d] = logical_topology(topology if d == "out" else topology.reversed(),
                                          kernel=kernel)
    graphs = list({id(g): g for g in logical.values()}.values())
    candidates = list(topology.compute_nodes) if root is None else [root]
    rates: dict[str, int] = {}
    for r in candidates:
        floor = max(rates.values(), default=-1) + 1     # a tie keeps the earlier root
        rates[r] = min(packing_rates(g, [r], kernel=kernel, at_least=floor)[r]
                       for g in graphs)
    chosen = max(candidates, key=lambda r: (rates[r], -candidates.index(r)))
    if rates[chosen] == 0:
        raise ScheduleError(f"no tree rooted at {chosen!r} reaches every compute node")
    packed: dict[int, tuple[int, tuple[Tree, ...]]] = {}
    for g in graphs:
        k, trees = _pack(g, chosen, rates[chosen], kernel=kernel)
        packed[id(g)] = (k, trees)
    if not allreduce:
        k, trees = packed[id(logical[directions[0]])]
        out = _phase(topology, coll, k, trees if member is Collective.BROADCAST
                     else reverse_trees(trees), chosen, None)
    else:
        weights = tuple((v, int(v == chosen)) for v in topology.compute_nodes)
        k_in, trees_in = packed[id(logical["in"])]
        k_out, trees_out = packed[id(logical["out"])]
        reduce = _phase(topology, "reduce-scatter", k_in, reverse_trees(trees_in), None, weights)
        bcast = _phase(topology, "allgather", k_out, trees_out, None, weights)
        out = Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                       compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                       algbw=Fraction(1), phases=(reduce, bcast), weights=weights,
                       concurrent=True)
        out = replace(out, algbw=achieved_algbw(out, topology))
    return replace(out, stats={"baseline": "blink", "paper_k": max(g.k for g in graphs),
                               "baseline_seconds": time.perf_counter() - start})
