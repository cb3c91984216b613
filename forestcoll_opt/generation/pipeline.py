"""The generation pipeline of the five collectives (paper, sections 5 "Algorithm Design" and
5.7 "Other Collective Operations"): the bound, the least k at the bound or a fixed k, edge
splitting, tree packing and routing, then the in-network multicast post-processing; the result
is a :class:`~forestcoll_opt.model.schedule.Schedule`."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..errors import ScheduleError
from ..model.collective import Collective, check_request
from ..model.compact import compress
from ..model.schedule import (MAX_COUNT, Schedule, Tree, TreeEdge, achieved_algbw,
                              multicast_switches)
from ..model.topology import Topology
from ..model.weights import as_mapping, normalize
from .bounding import SYMMETRY_MIN_COMPUTE
from .bounding import bound as compute_bound
from .fixed_k import fixed_k_capacity, smallest_k_at_bound
from .multicast import merge_out_tree
from ..kernels.symmetry import cycle
from .packing import pack_trees
from .routing import route_trees
from .splitting import split_switches

log = logging.getLogger(__name__)

MULTICAST = ("auto", "off")
"""The values of ``generate``'s ``multicast``: the topology's multicast switches replicate
(aggregate) the trees' data, or every copy is sent."""
# generate(compact=True) logs a warning (shown at the default level) when it falls back to
# building every tree on more compute nodes than this: the plain pipeline is practical to
# about 1,000
FALLBACK_WARN_ABOVE = 1024


def generate(topology: Topology, *, collective: "Collective | str" = "allgather",
             k: int | None = None, root: str | None = None, kernel: str | None = None,
             progress=None, symmetry: bool | None = None,
             weights: Mapping[str, Any] | None = None, multicast: str = "auto",
             compact: bool = False) -> Schedule:
    """A schedule for ``collective``: optimal with the least k that reaches the bound
    (:func:`~forestcoll_opt.generation.fixed_k.smallest_k_at_bound`, at most the paper's k),
    or the best with exactly ``k`` trees per root when ``k`` is given (appendix E.4
    "Fixed-k Optimality").
    ``weights`` (allgather, reduce-scatter, allreduce) maps every compute node to the
    relative size of its shard (:mod:`forestcoll_opt.model.weights`); root v then gets k·ŵ_v
    trees and the schedule reaches the weighted bound. (Allreduce at the allreduce LP
    optimum, with concurrent phases: :func:`forestcoll_opt.lp.schedule.lp_allreduce`.)
    ``multicast="auto"`` (default) lets switches marked ``multicast`` in the topology
    replicate (aggregate) the trees' data (:mod:`forestcoll_opt.generation.multicast`): same algbw,
    less traffic; ``"off"`` keeps every copy.
    ``progress(stage, done, total)``, if given, is called as splitting and packing advance.
    ``symmetry`` (default: on from :data:`SYMMETRY_MIN_COMPUTE` compute nodes) uses the
    topology's automorphism group (:mod:`forestcoll_opt.kernels.symmetry`) to split switches in
    whole orbits of pairs; the schedule is exactly at the same bound either way.

    :param topology: the network
    :param collective: a :class:`~forestcoll_opt.model.collective.Collective` or its string
        value: ``"allgather"``, ``"reduce-scatter"``, ``"allreduce"`` (reduce-scatter then
        allgather), ``"broadcast"`` or ``"reduce"``
    :param k: trees per root (per unit of weight), from 1 to 2^63 - 1; None for the least
        k at which the schedule reaches the bound
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param symmetry: True or False to use the automorphism group or not; None: from
        :data:`SYMMETRY_MIN_COMPUTE` compute nodes up
    :param weights: compute node id -> relative shard size (allgather, reduce-scatter,
        allreduce), or None for equal shards
    :param multicast: ``"auto"`` or ``"off"`` (above)
    :param compact: True for a compact schedule (``forestcoll-schedule/3``): the trees
        written as orbits of the automorphism group splitting grew them under
        (:func:`compact_generators`, :func:`~forestcoll_opt.model.compact.compress`); the
        same claims (``symmetry`` then defaults to on)
    :returns: the schedule, its ``algbw`` computed from its own link loads; ``stats``
        (:class:`~forestcoll_opt.model.schedule.Stats`) holds the seconds and counts of
        each stage
    :raises CollectiveError: for an unknown collective, a missing, unknown or superfluous
        root, or weights given to broadcast/reduce
    :raises ScheduleError: for ``k`` out of range, an unknown ``multicast`` value, or a
        schedule whose counts would exceed 2^63 - 1
    :raises BoundError: for a compute node nothing can reach
    :raises WeightsError: when ``weights`` are malformed
    :raises FixedKError: when, with ``k`` given, the floored capacities leave a switch
        unbalanced
    :raises FlowError: when ``kernel`` is unknown or its package does not import
    """
    member = check_request(topology, collective, root=root, weights=weights)
    collective = member.value
    if k is not None and not 1 <= k <= MAX_COUNT:
        raise ScheduleError(f"k must be an integer from 1 to 2^63 - 1, got {k}")
    if multicast not in MULTICAST:
        raise ScheduleError(f"multicast={str(multicast)[:40]!r}: use \"auto\" (where the "
                            f"topology's switches can) or \"off\"")
    w = normalize(topology, weights)
    if compact:
        if k is None and symmetry is not False:
            built = orbit_schedule(topology, collective=member, root=root, kernel=kernel,
                                   progress=progress, weights=w, multicast=multicast)
            if built is not None:
                return built
            n = len(topology.compute_nodes)
            if n > FALLBACK_WARN_ABOVE:
                log.warning("compact: the orbit construction does not apply; building every "
                            "tree on %d compute nodes instead, which takes long (minutes to "
                            "hours, GBs) above about 1,000", n)
            else:
                log.info("compact: building every tree on %d compute nodes, then writing "
                         "them under the group (long on thousands)", n)
        # the trees close orbits when they are grown under the group (symmetry on)
        plain = generate(topology, collective=collective, k=k, root=root, kernel=kernel,
                         progress=progress, symmetry=True if symmetry is None else symmetry,
                         weights=weights, multicast=multicast)
        start = time.perf_counter()
        with stage(progress, "compressing"):
            gens = compact_generators(topology, root=root, weights=w)
            out = compress(topology, plain, generators=gens)
        return replace(out, stats=replace(out.stats, compact_seconds=time.perf_counter() - start))
    if multicast == "auto" and any(n.multicast for n in topology.nodes):
        plain = generate(topology, collective=collective, k=k, root=root, kernel=kernel,
                         progress=progress, symmetry=symmetry, weights=weights,
                         multicast="off")
        return apply_multicast(plain, topology)
    if member is Collective.ALLREDUCE:
        rs = generate(topology, collective="reduce-scatter", k=k, kernel=kernel,
                      progress=progress, symmetry=symmetry, weights=weights, multicast="off")
        ag = generate(topology, collective="allgather", k=k, kernel=kernel,
                      progress=progress, symmetry=symmetry, weights=weights, multicast="off")
        algbw = 1 / (1 / rs.algbw + 1 / ag.algbw)
        stats = rs.stats.plus(ag.stats)
        return Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                        compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                        algbw=algbw, phases=(_as_phase(rs), _as_phase(ag)), stats=stats,
                        weights=rs.weights)
    network = topology.reversed() if member.inward else topology
    base = "broadcast" if member.rooted else "allgather"
    out = _out_trees(network, base, k=k, root=root, kernel=kernel, progress=progress,
                     symmetry=symmetry, weights=w)
    if member.inward:
        out = _reverse(out, topology, collective)
    schedule = Schedule(collective=collective, topology=topology.name, units=topology.units,
                        compute_nodes=topology.compute_nodes, k=out.k,
                        tree_bandwidth=out.tree_bandwidth, algbw=Fraction(0), trees=out.trees,
                        root=root, stats=out.stats, weights=as_pairs(topology, w))
    algbw = achieved_algbw(schedule, topology)
    return replace(schedule, algbw=algbw)


def orbit_schedule(topology: Topology, *, collective: Collective, root: str | None = None,
                   kernel: str | None = None, progress=None,
                   weights: tuple[int, ...] | None = None,
                   multicast: str = "auto") -> Schedule | None:
    """A compact schedule at the bound built one tree per orbit of an abelian group acting
    freely on the compute nodes (:mod:`forestcoll_opt.generation.orbits`), without writing
    any other tree; None when the topology has no such group (of order 2 or more), the
    collective is rooted, multicast switches would merge copies, or the construction
    cannot finish in whole orbits (the caller then builds every tree).

    :param topology: the network
    :param collective: allgather, reduce-scatter or allreduce (others: None)
    :param root: must be None (broadcast and reduce are not built this way)
    :param kernel: the max-flow kernel; None for the fastest installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param weights: normalised shard weights, or None
    :param multicast: ``"auto"`` or ``"off"``
    :returns: the compact schedule (``forestcoll-schedule/3``), or None
    """
    if collective.rooted or root is not None:
        return _declined(f"{collective.value} has one root")
    if multicast == "auto" and any(n.multicast for n in topology.nodes):
        return _declined("multicast switches merge copies")
    if collective is Collective.ALLREDUCE:
        rs = orbit_schedule(topology, collective=Collective.REDUCE_SCATTER, kernel=kernel,
                            progress=progress, weights=weights, multicast="off")
        ag = None if rs is None else orbit_schedule(
            topology, collective=Collective.ALLGATHER, kernel=kernel, progress=progress,
            weights=weights, multicast="off")
        if ag is None:
            return None
        return Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                        compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                        algbw=1 / (1 / rs.algbw + 1 / ag.algbw),
                        phases=(_as_phase(rs), _as_phase(ag)),
                        stats=replace(rs.stats.plus(ag.stats), orbit_construction=1),
                        weights=rs.weights, group=ag.group)
    from ..kernels.abelian import (box_rotation, class_products, free_abelian,
                                   semi_free_abelian, twin_rotation)
    from .orbits import orbit_forest

    stats: dict[str, Any] = {"orbit_construction": 0}
    inward = collective.inward
    network = topology.reversed() if inward else topology
    with stage(progress, "symmetry"):
        group, _ = _symmetry(network, True, None, stats, weights)
    if group is None or group.trivial:
        return _declined("the network has no symmetry")
    start = time.perf_counter()
    idx = network.index
    compute = [idx[v] for v in network.compute_nodes]
    # the twins' and the boxes' rotations, when they keep the weights (the generators do)
    extra = [g for g in (twin_rotation(network), box_rotation(network))
             if g is not None and _keeps(g, compute, weights)]
    candidates = extra + class_products(group.generators, compute) + list(group.generators)
    # a compute node every automorphism fixes (a failed part's) rules out a free group
    pinned = set(compute)
    for g in group.generators:
        pinned = {v for v in pinned if g[v] == v}
        if not pinned:
            break
    H = None if pinned else free_abelian(candidates, compute)
    if H is None or H.order < 2:
        # after a failure: a group fixing the failed part's box, moving the rest freely
        H = semi_free_abelian(candidates, compute)
    stats["packing_symmetry_seconds"] = time.perf_counter() - start
    if H is None or H.order < 2:
        return _declined("no abelian group acts freely on the compute nodes")
    log.info("orbit construction: a group of order %d, %d orbit(s) of compute nodes",
             H.order, len(H.representatives))
    t0 = time.perf_counter()
    with stage(progress, "bound"):
        b, k, U, int_caps = _least_k(network, "allgather", None, kernel, group, weights)
    stats.update(paper_k=b.k, bound_seconds=time.perf_counter() - t0)
    if H.fixed:
        # a fixed root's trees are the |H| images of its representatives: k·|H| trees per
        # root, each link's capacity as many times; the same bound
        if k * H.order > MAX_COUNT:
            return _declined("k·|H| trees per root exceed 2^63 - 1")
        k, U = k * H.order, U * H.order
        int_caps = {e: math.floor(U * bw) for e, bw in network.capacity.items()}
    cap, demand = _integer_network(network, int_caps, k, None, weights)
    built = orbit_forest(len(network.node_ids), cap, compute,
                         [idx[s] for s in network.switch_nodes], demand, H,
                         box={idx[n.id]: n.box for n in network.nodes}, kernel=kernel,
                         progress=progress)
    if built is None:
        return _declined("splitting or growth cannot finish in whole orbits")
    ids = network.node_ids
    reps = _named(built.trees, ids)
    if inward:
        reps = _reversed(reps)
    stats.update(built.seconds, splitting_max_flows=built.splitting_max_flows,
                 packing_max_flows=0, packing_group_order=H.order, orbit_construction=1)
    from ..model.trees import cycles_of

    schedule = Schedule(collective=collective.value, topology=topology.name,
                        units=topology.units, compute_nodes=topology.compute_nodes, k=k,
                        tree_bandwidth=1 / U, algbw=Fraction(0), trees=(), orbits=reps,
                        group=tuple(cycles_of(g.tolist(), ids) for g in H.generators),
                        stats=stats, weights=as_pairs(topology, weights))
    algbw = achieved_algbw(schedule, topology)
    if algbw != b.algbw:
        # the loads do not reach the bound (module docstring): build all
        return _declined(f"its loads give {algbw}, not the bound {b.algbw}")
    return replace(schedule, algbw=algbw)


def _keeps(g: Sequence[int], compute: Sequence[int], weights: tuple[int, ...] | None) -> bool:
    """Whether the permutation ``g`` maps every compute node onto one of the same weight
    (``weights`` in ``compute`` order; None: all equal)."""
    if weights is None:
        return True
    where = {v: i for i, v in enumerate(compute)}
    return all(weights[where[g[v]]] == weights[i] for i, v in enumerate(compute))


def _declined(reason: str) -> None:
    """Log why the orbit construction is not used (``-v`` shows it) and return None."""
    log.info("orbit construction not used: %s", reason)
    return None


def compact_generators(topology: Topology, *, root: str | None = None,
                       weights: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    """Generators of the group a generated schedule is written compactly under: the
    automorphism that splitting and packing grow the trees around
    (:meth:`~forestcoll_opt.kernels.symmetry.Symmetry.rotation`, fixing ``root`` and
    keeping ``weights`` as generation does), if it acts freely on the compute nodes it
    moves; none otherwise (the trivial group).

    :param topology: the network
    :param root: the root of a broadcast or reduce, kept in place
    :param weights: normalised shard weights every automorphism keeps, or None
    :returns: the generators, as images of every node index (at most one)
    """
    from ..kernels.symmetry import automorphisms, cycle

    group = automorphisms(topology, fixed=() if root is None else (root,), weights=weights,
                          whole=False)
    if group.trivial:
        return []
    compute = [topology.index[v] for v in topology.compute_nodes]
    g = group.rotation(compute)
    lengths = {len(cycle(g, v)) for v in compute if g[v] != v}
    return [g] if len(lengths) == 1 else []


class stage:
    """``with stage(progress, name):`` reports a stage that is one step of work:
    ``progress(name, 0, 1)`` as it starts and ``progress(name, 1, 1)`` when it ends (a
    progress bar then shows its elapsed time); nothing when ``progress`` is None."""

    def __init__(self, progress, name: str) -> None:
        self.progress, self.name = progress, name

    def __enter__(self) -> "stage":
        if self.progress is not None:
            self.progress(self.name, 0, 1)
        return self

    def __exit__(self, *exc) -> None:
        if self.progress is not None and exc[0] is None:
            self.progress(self.name, 1, 1)


def as_pairs(topology: Topology, weights: tuple[int, ...] | None
             ) -> tuple[tuple[str, int], ...] | None:
    """Normalised weights as the (compute node, ŵ) pairs a :class:`Schedule` carries.

    :param topology: the topology the weights are for
    :param weights: the output of :func:`~forestcoll_opt.model.weights.normalize`
    :returns: the pairs in compute node order, or None
    """
    return None if weights is None else tuple(zip(topology.compute_nodes, weights))


def apply_multicast(schedule: Schedule, topology: Topology) -> Schedule:
    """``schedule`` with the copies that multicast switches make redundant removed
    (:mod:`forestcoll_opt.generation.multicast`, paper section "In-Network Multicast &
    Aggregation"), its claims recomputed; unchanged (and ``multicast`` off) when the topology
    has no multicast switch or nothing merges.

    :param schedule: a schedule without multicast, for ``topology``
    :param topology: the topology, whose switches marked ``multicast`` may replicate
    :returns: the schedule with merged trees, ``multicast`` set, ``algbw`` and
        ``tree_bandwidth`` recomputed; or ``schedule`` itself
    """
    capable = multicast_switches(topology)
    if not capable:
        return schedule
    phases = schedule.phases or (schedule,)
    merged = tuple(_merge_phase(p, capable) for p in phases)
    if merged == phases:
        return schedule
    claims = tuple(_claims(replace(p, multicast=True), topology) for p in merged)
    if not schedule.phases:
        return claims[0]
    out = replace(schedule, phases=tuple(replace(p, multicast=False) for p in claims),
                  multicast=True)
    return replace(out, algbw=achieved_algbw(out, topology))


def _merge_phase(phase: Schedule, capable: frozenset[str]) -> Schedule:
    inward = phase.collective.inward
    trees = []
    for tree in phase.trees:
        edges = [(e.dst, e.src, e.path[::-1]) if inward else (e.src, e.dst, e.path)
                 for e in tree.edges]
        out = merge_out_tree(tree.root, edges, capable)
        trees.append(Tree(tree.root, tree.weight, tuple(
            TreeEdge(b, a, p[::-1]) if inward else TreeEdge(a, b, p) for a, b, p in out)))
    merged = tuple(trees)
    return phase if merged == phase.trees else replace(phase, trees=merged)


def _claims(phase: Schedule, topology: Topology) -> Schedule:
    """A single-phase schedule with ``algbw`` and ``tree_bandwidth`` recomputed from its
    own link loads."""
    algbw = achieved_algbw(phase, topology)
    parts = phase.k if phase.collective.rooted else phase.total_weight * phase.k
    return replace(phase, algbw=algbw, tree_bandwidth=algbw / parts)


def _as_phase(s: Schedule) -> Schedule:
    return replace(s, root=None)


def _reverse(s: Schedule, topology: Topology, collective: str) -> Schedule:
    return replace(s, collective=collective, topology=topology.name,
                   trees=_reversed(s.trees))


def _reversed(trees: Sequence[Tree]) -> tuple[Tree, ...]:
    """Out-trees turned into in-trees: every edge and its path reversed."""
    return tuple(Tree(t.root, t.weight, tuple(TreeEdge(e.dst, e.src, tuple(reversed(e.path)))
                                              for e in t.edges)) for t in trees)


def _symmetry(topology: Topology, wanted: bool, root: str | None, stats: dict[str, Any],
              weights: tuple[int, ...] | None = None) -> tuple[Any, tuple[int, ...] | None]:
    """The automorphism group (fixing the root, if any) or None, and one automorphism g
    (:meth:`Symmetry.rotation`: acting freely on the compute nodes where the group allows,
    as the catalog's box rotations do) whose cyclic group splitting and packing use, or
    None."""
    if not wanted:
        return None, None
    from ..kernels.symmetry import automorphisms, cycle

    group = automorphisms(topology, fixed=() if root is None else (root,), weights=weights,
                          whole=False)
    stats["symmetry_seconds"] = group.seconds
    stats["symmetry_generators"] = len(group.generators)
    compute = [topology.index[v] for v in topology.compute_nodes]
    stats["symmetry_compute_orbits"] = len(group.compute_orbits(topology))
    if group.trivial:
        return group, None
    g = group.rotation(compute)
    stats["symmetry_cycle"] = len(cycle(g, compute[0]))
    return group, g


def _packing_symmetry(capacity: Mapping[tuple[int, int], int], compute: list[int],
                      g: tuple[int, ...] | None, root: int | None, stats: dict[str, Any],
                      demand: Mapping[int, int]) -> list[list[int]] | None:
    """Generators of the group packing grows the trees under: the automorphisms of G*
    itself (found by BLISS on the split graph, with the root kept for broadcast) from
    which :func:`~forestcoll_opt.kernels.symmetry.free_group` builds a group acting freely on
    the compute nodes around splitting's rotation g, which is one of them since splitting
    works in whole orbits of g. None without symmetry."""
    if g is None:
        return None
    from ..kernels.symmetry import free_group, graph_automorphisms, is_automorphism

    start = time.perf_counter()
    local = {v: i for i, v in enumerate(compute)}
    cap = {(local[a], local[b]): c for (a, b), c in capacity.items()}
    classes = [(v == root, demand.get(v, 0)) for v in compute]
    rotation = freest_power(tuple(local[g[v]] for v in compute))
    seed = [rotation] if is_automorphism(rotation, cap, {}) else []
    chosen = free_group(graph_automorphisms(len(compute), classes, cap, whole=False), seed)
    out = []
    for h in chosen:
        perm = list(range(len(g)))
        for i, v in enumerate(compute):
            perm[v] = compute[h[i]]
        out.append(perm)
    stats["packing_symmetry_seconds"] = time.perf_counter() - start
    return out or None


def _fixed_scale(g: tuple[int, ...] | None, topology: Topology) -> int:
    """The order of the packing group (:func:`freest_power` of ``g`` on the compute
    nodes) when it fixes some compute node's stabiliser non-trivially (after a failure:
    the failed box), else 1."""
    if g is None:
        return 1
    compute = [topology.index[v] for v in topology.compute_nodes]
    local = {v: i for i, v in enumerate(compute)}
    if any(g[v] not in local for v in compute):
        return 1
    power = freest_power(tuple(local[g[v]] for v in compute))
    lengths = {len(cycle(power, i)) for i in range(len(compute))}
    order = math.lcm(*lengths)
    return order if min(lengths) < order else 1


def freest_power(g: Sequence[int]) -> tuple[int, ...]:
    """The power of the permutation ``g`` (of ``0..n-1``, not the identity unless ``g``
    is) that packing grows trees under at the least cost: fewest cycles (one
    representative each) plus twice the points it fixes non-trivially (a point whose
    cycle is shorter than the power's order: its orbit may get stuck and end in plain
    growth), the largest order among equals; ``g`` itself when it acts freely. After a
    failure the rotation of the automorphisms left fixes the failed part: on DGX H100 a
    box rotation times a rotation of the rails other than the failed NIC's, whose intact
    boxes' NICs on that rail it fixes, so the box rotation alone wins; on DGX A100 the
    rotation moves every intact box's GPU freely and is kept. A weighed heuristic: any
    power gives a schedule at the same bound."""
    cycles: list[list[int]] = []
    seen: set[int] = set()
    for v in range(len(g)):
        if v not in seen:
            cycles.append(cycle(g, v))
            seen.update(cycles[-1])
    order = math.lcm(*(len(c) for c in cycles)) if cycles else 1
    if order > 1 << 20:                 # too many divisors to weigh: keep g
        return tuple(g)
    best, best_key = 1, (-3 * len(g) - 1, 0)
    for j in range(1, order):           # the identity (j = order) helps nothing
        if order % j == 0:
            power_order = order // j
            # its cycles (one representative each) plus twice the points it fixes
            # non-trivially (their orbits may get stuck and end in plain growth)
            key = (-sum(math.gcd(len(c), j) for c in cycles)
                   - 2 * sum(len(c) for c in cycles if len(c) // math.gcd(len(c), j)
                             < power_order), power_order)
            if key > best_key:
                best, best_key = j, key
    out = list(g)
    for members in cycles:
        for i, w in enumerate(members):
            out[w] = members[(i + best) % len(members)]
    return tuple(out)


def _out_trees(topology: Topology, collective: str, *, k: int | None, root: str | None,
               kernel: str | None, progress=None, symmetry: bool | None = None,
               weights: tuple[int, ...] | None = None) -> Schedule:
    """Out-trees on ``topology``: allgather (every compute node a root, k·ŵ_v trees at v
    with normalised shard ``weights``) or broadcast."""
    stats: dict[str, Any] = {}
    if symmetry is None:
        symmetry = len(topology.compute_nodes) >= SYMMETRY_MIN_COMPUTE
    with stage(progress, "symmetry"):
        group, g = _symmetry(topology, symmetry, root, stats, weights)
    t0 = time.perf_counter()
    with stage(progress, "bound"):
        if k is None:
            b, k, U, int_caps = _least_k(topology, collective, root, kernel, group, weights)
            stats["paper_k"] = b.k
        else:
            U, int_caps = fixed_k_capacity(topology, k, collective=collective, root=root,
                                           kernel=kernel, weights=weights)
    stats["bound_seconds"] = time.perf_counter() - t0
    # (allgather only: a broadcast's root is fixed by its group by construction)
    scale = (_fixed_scale(g, topology) if stats.get("paper_k") is not None and root is None
             else 1)
    if scale > 1 and k * scale <= MAX_COUNT:
        # the trees of a root the packing group fixes grow as |S| images (packing.py):
        # k·|H| trees per root, each link's capacity as many times; the same bound
        k, U = k * scale, U * scale
        int_caps = {e: math.floor(U * bw) for e, bw in topology.capacity.items()}
    cap, demand = _integer_network(topology, int_caps, k, root, weights)
    trees = forest(topology, cap, demand, kernel=kernel, progress=progress, rotation=g,
                   root=root, stats=stats)
    return Schedule(collective=collective, topology=topology.name, units=topology.units,
                    compute_nodes=topology.compute_nodes, k=k, tree_bandwidth=1 / U,
                    algbw=Fraction(0), trees=trees, root=root, stats=stats)


def _least_k(topology: Topology, collective: str, root: str | None, kernel: str | None,
             group, weights: tuple[int, ...] | None):
    """(bound, k, U, capacities): the bound, the least k whose fixed-k optimum is the bound
    and, with U = k·(1/x*), every link's capacity ⌊U·b_e⌋ in trees (with the paper's k
    they are exact); raises :class:`ScheduleError` when that k exceeds 2^63 - 1."""
    symmetry = group if group is not None else False
    b = compute_bound(topology, collective=collective, root=root, kernel=kernel,
                      symmetry=symmetry, weights=as_mapping(topology, weights))
    least = smallest_k_at_bound(topology, b, kernel=kernel, symmetry=symmetry)
    k, U = least.k, least.k * b.inv_x
    if k > MAX_COUNT:
        raise ScheduleError(
            f"the optimal schedule needs k = {k} parts per root ({least.note}), above "
            f"2^63 - 1, the largest count the schedule format allows (the link bandwidths "
            f"have very different denominators); round the bandwidths to fewer digits, or "
            f"pass a fixed k")
    return b, k, U, {e: math.floor(U * bw) for e, bw in topology.capacity.items()}


def _integer_network(topology: Topology, int_caps: Mapping[tuple[str, str], int], k: int,
                     root: str | None, weights: tuple[int, ...] | None
                     ) -> tuple[dict[tuple[int, int], int], dict[int, int]]:
    """The capacities by node index (positive ones) and the demand: k trees at the root,
    or k·ŵ_v at every compute node v; raises :class:`ScheduleError` when a root's count
    exceeds 2^63 - 1."""
    heaviest = k * max(weights or (1,))
    if heaviest > MAX_COUNT:
        raise ScheduleError(
            f"the schedule needs {heaviest} parts at one root (k = {k} times its weight), "
            f"above 2^63 - 1, the largest count the schedule format allows; round the "
            f"weights to fewer digits or use a smaller k")
    idx = topology.index
    compute = [idx[v] for v in topology.compute_nodes]
    counts = weights or (1,) * len(compute)
    demand = ({idx[root]: k} if root is not None
              else {c: k * w for c, w in zip(compute, counts) if w})
    cap = {(idx[a], idx[b]): c for (a, b), c in int_caps.items() if c > 0}
    return cap, demand


def forest(topology: Topology, capacity: Mapping[tuple[int, int], int],
           demand: Mapping[int, int], *, kernel: str | None = None, progress=None,
           rotation: tuple[int, ...] | None = None, root: str | None = None,
           stats: dict[str, Any] | None = None) -> tuple[Tree, ...]:
    """Out-trees on the nodes of ``topology`` with integer ``capacity`` (node indices; in trees
    of bandwidth 1/U, not necessarily the topology's own links' bandwidths): edge splitting
    removes the switches (the edge-splitting theorem of appendix E.2; every switch must be
    balanced), ``demand[v]`` trees are packed at each root v (Tarjan's theorem, appendix E.3),
    and every tree edge is routed back through the switches it replaced. ``rotation`` is an
    automorphism of the capacities and demand whose group splitting and packing may use.
    ``stats`` receives the stages' seconds and counts.

    :param topology: the network whose node ids and boxes the trees use
    :param capacity: (u, v) node indices -> integer capacity, in trees; every switch
        balanced
    :param demand: compute node index -> the number of trees rooted there
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param rotation: a node permutation (by index), or None
    :param root: the single root of a broadcast, if any (packing symmetry keeps it fixed)
    :param stats: a dict to update with seconds and counts, or None
    :returns: the out-trees, by node id, each edge with its physical path
    :raises SplittingError: when a switch cannot be removed (e.g. it is unbalanced)
    :raises PackingError: when the trees cannot be packed (the capacities do not carry the
        demand)
    """
    stats = {} if stats is None else stats
    idx = topology.index
    ids = topology.node_ids
    compute = [idx[v] for v in topology.compute_nodes]
    split = split_switches(len(ids), capacity, compute, [idx[w] for w in topology.switch_nodes],
                           demand, box={idx[n.id]: n.box for n in topology.nodes},
                           kernel=kernel, progress=progress, symmetry=rotation)
    packing = pack_trees(compute, split.capacity, demand, kernel=kernel, progress=progress,
                         symmetry=_packing_symmetry(split.capacity, compute, rotation,
                                                    root and idx[root], stats, demand))
    routing = route_trees(packing.batches, split.routes, progress=progress)
    stats.update(splitting_seconds=split.seconds, packing_seconds=packing.seconds,
                 routing_seconds=routing.seconds, splitting_max_flows=split.max_flows,
                 joint_splits=split.joint_splits, joint_max_flows=split.joint_max_flows,
                 joint_bisections=split.joint_bisections,
                 packing_max_flows=packing.max_flows, joint_steps=packing.joint_steps,
                 joint_packing_max_flows=packing.joint_max_flows,
                 packing_fallback=int(packing.fallback),
                 packing_group_order=packing.group_order)
    return _named(routing.trees, ids)


def _named(routed, ids: Sequence[str]) -> tuple[Tree, ...]:
    """Routed trees on node indices as :class:`Tree` objects on node ids."""
    return tuple(Tree(ids[t.root], t.weight,
                      tuple(TreeEdge(ids[a], ids[b], tuple(ids[p] for p in path))
                            for (a, b), path in zip(t.edges, t.paths)))
                 for t in routed)
