"""Allreduce at the LP optimum: reduce trees and broadcast trees that run at the same time,
each on its own share of every link (paper, appendix G "Allreduce Linear Program").

The allreduce LP (:mod:`forestcoll_opt.lp.solver`) gives every compute node v a rate x_v at which
its part of the buffer is reduced toward it and broadcast back, and splits every link's
bandwidth into a reduce share c^RE and a broadcast share c^BC. Its optimum beats the best
reduce-scatter followed by the best allgather where the network's two directions, or its
two phases, would leave bandwidth idle. This module turns an optimal LP point into trees:

1. **Exact shares.** HiGHS answers in floating point. The shares used are exact rationals,
   from two sources: the float solution's rational reconstruction (each x_v and link share
   the simplest fraction near it; kept only if it passes the exact checks below), and the
   LP's certificate point (:class:`~forestcoll_opt.lp.solver.LowerWitness`, exactly feasible by
   construction). Where the topology has automorphisms, each point is averaged over the
   group (over the orbit of every node and link): the LP and every check are invariant
   under the group and linear, so the average is as good, and every node of an orbit gets
   the same share instead of a vertex's arbitrary pick.
2. **Exact checks.** A point is usable when every share is non-negative, the two shares
   of a link fit in its bandwidth, and each share is balanced at every switch (what
   edge splitting needs: the edge-splitting theorem of the paper's appendix E.2; the LP's
   per-switch flow conservation guarantees it for its own point). What the broadcast share
   then carries is not taken from the LP but recomputed exactly: the weighted allgather bound
   (:func:`~forestcoll_opt.generation.bounding.bottleneck`) on the c^BC network with shard
   weights proportional to x gives its rate, the weighted reduce-scatter bound on c^RE the
   reduce rate, and the allreduce runs at the smaller. The best point wins; it is at least
   the LP's certified lower value, and equals the LP optimum when reconstruction recovers it.
3. **Trees.** On each share, edge splitting, packing with k·ŵ_v trees at root v
   (Tarjan's theorem of appendix E.3, with per-root counts) and routing build the
   trees, as for a weighted reduce-scatter and allgather (:func:`schedule.forest`).
   Splitting each share network separately, rather than decomposing the LP's
   multi-commodity flows, reuses the generator's exact stages and its routes.

The schedule is a ``forestcoll-schedule/2`` allreduce with ``"concurrent": true``: both
phases share every link, time = M · max_e Σ_phase load/(Ŵ·k·b_e). Where the shares do
no better than the reduce-scatter + allgather trees (on the catalog's uniform machines
the trees are LP-optimal already), those trees are returned instead, marked concurrent,
which is never slower than running them one after the other: as fast, and simpler to
build and to run. So are they if no exact point's tree counts fit the schedule format.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping

from ..generation.bounding import bottleneck, rs_ag_algbw
from ..errors import BoundError, ScheduleError
from .solver import AllreduceLPResult, LPResult, solve
from ..model.schedule import MAX_COUNT, Schedule, Tree, TreeEdge, achieved_algbw
from ..generation.pipeline import as_pairs, forest, generate
from ..model.collective import Collective
from ..model.orbits import link_orbits
from ..model.topology import Topology
from ..model.weights import coprime

KINDS = ("re", "bc")
# denominators tried when reconstructing the float solution (in units of the LP's R)
RECONSTRUCTION_LIMITS = (2**6, 2**12, 2**18, 2**24)
RECONSTRUCTION_TOLERANCE = 1e-7      # relative to the objective: a fraction farther is no match


@dataclass(frozen=True)
class Shares:
    """An exact LP point: rate x_v of every compute node and the (reduce, broadcast)
    shares of every link, in topology units; ``source`` says where it came from.

    :ivar source: how the point was found (reconstruction and its unit, the certificate,
        averaged over the automorphisms), for ``stats``
    :ivar x: compute node -> its rate x_v
    :ivar re: physical link -> its share c^RE for the reduce trees
    :ivar bc: physical link -> its share c^BC for the broadcast trees
    """

    source: str
    x: Mapping[str, Fraction]
    re: Mapping[tuple[str, str], Fraction]
    bc: Mapping[tuple[str, str], Fraction]


def lp_allreduce(topology: Topology, *, kernel: str | None = None, progress=None,
                 symmetry: bool | None = None, lp: LPResult | None = None) -> Schedule:
    """A concurrent allreduce schedule at the allreduce LP optimum (module docstring).
    ``lp`` may pass the LP already solved (and certified) for this topology; ``symmetry``
    (default on) averages the LP point over the topology's automorphisms.

    :param topology: the network
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)`` for splitting and
        packing
    :param symmetry: False not to average over the automorphisms (and to solve the LP
        here unfolded); None or True to average (and to solve it folded by symmetry as
        :func:`~forestcoll_opt.lp.solver.solve` does)
    :param lp: the allreduce :class:`~forestcoll_opt.lp.solver.LPResult` of this topology,
        or None to solve it here
    :returns: a ``forestcoll-schedule/2`` allreduce with ``"concurrent": true``, its
        ``algbw`` from its own link loads (at least the LP's certified lower value when an
        exact point's trees are built); ``stats`` says which point was used
    :raises ScheduleError: when ``lp`` is not an allreduce LPResult of this topology
    :raises LPError: when the LP solved here cannot be solved and certified
    """
    start = time.perf_counter()
    if lp is None:
        lp = solve(topology, collective="allreduce", kernel=kernel, symmetry=symmetry)
    _check_lp(lp, topology)
    lp_seconds = time.perf_counter() - start
    witness = _from_witness(topology, lp)
    candidates = _reconstructed(topology, lp) + ([witness] if witness is not None else [])
    if symmetry is None or symmetry:
        candidates = [_averaged(topology, c) for c in candidates] + candidates
    rated = sorted(((_rate(topology, c, kernel), i, c) for i, c in enumerate(candidates)),
                   key=lambda r: (-r[0], r[1]))
    trees_value = rs_ag_algbw(topology, kernel=kernel)
    stats: dict[str, Any] = {"lp_seconds": lp_seconds, "lp_lower": lp.lower,
                             "lp_upper": lp.upper}
    schedule = None
    for rate, _, shares in rated:
        if rate <= trees_value:
            break        # the trees are as good: they are simpler to build and to run
        schedule = _build(topology, shares, kernel, progress)
        if schedule is not None:
            stats["shares"] = shares.source
            break
    if schedule is None:
        schedule = generate(topology, collective="allreduce", kernel=kernel, progress=progress,
                            symmetry=symmetry)
        schedule = replace(schedule, concurrent=True)
        stats["shares"] = "reduce-scatter + allgather trees (the LP's value exactly)" \
            if trees_value == lp.upper else "reduce-scatter + allgather trees"
    schedule = replace(schedule, algbw=achieved_algbw(schedule, topology))
    stats.update(construction_seconds=time.perf_counter() - start - lp_seconds,
                 seconds=time.perf_counter() - start)
    return replace(schedule, stats={**schedule.stats, **stats})


def _check_lp(lp: Any, topology: Topology) -> None:
    if not isinstance(lp, AllreduceLPResult) or lp.collective is not Collective.ALLREDUCE:
        raise ScheduleError("lp must be the allreduce LPResult of forestcoll_opt.lp.solver.solve")
    if tuple(lp.names) != topology.node_ids or set(lp.split) != set(topology.capacity):
        raise ScheduleError(f"the LP result passed was solved for {lp.topology!r}, not for "
                            f"this topology {topology.name!r}; solve it for this one")


# --- exact shares ---------------------------------------------------------------------------

def _reconstructed(topology: Topology, lp: LPResult) -> list[Shares]:
    """The float solution as simple fractions, in the LP's unit R and in the topology's
    own integer unit (bandwidths such as 10^9 bring powers of 5 that R, a power of two,
    cannot hold), for each denominator limit: every version that reproduces the floats
    within RECONSTRUCTION_TOLERANCE (relative to R) and passes :func:`_usable`."""
    found: list[Shares] = []
    units = [(lp.reference, f"{lp.reference} {topology.units}"),
             (1 / topology.integer_scale, f"{1 / topology.integer_scale} {topology.units}")]
    for unit, label in units:
        scale = float(unit)
        tolerance = RECONSTRUCTION_TOLERANCE * float(lp.reference) / scale
        for limit in RECONSTRUCTION_LIMITS:
            def near(value: float) -> Fraction | None:
                f = max(Fraction(value / scale).limit_denominator(limit), Fraction(0))
                if abs(float(f) - value / scale) > tolerance:
                    return None
                return f * unit

            x = {v: near(value) for v, value in lp.x.items()}
            re = {e: near(pair[0]) for e, pair in lp.split.items()}
            bc = {e: near(pair[1]) for e, pair in lp.split.items()}
            if any(f is None for part in (x, re, bc) for f in part.values()):
                continue
            shares = Shares(f"LP solution reconstructed (denominators <= {limit} in units "
                            f"of {label})", x, re, bc)
            if _usable(topology, shares):
                found.append(shares)
                break
    return found


def _from_witness(topology: Topology, lp: LPResult) -> Shares | None:
    """The LP certificate's exactly feasible point (its value is the certified lower)."""
    w = lp.witness
    if w is None:
        return None
    load = {kind: {e: 0 for e in topology.capacity} for kind in KINDS}
    for (kind, _a, u, v), f in w.routes.items():
        load[kind][(u, v)] += f
    shares = Shares("LP certificate point", {v: w.unit * w.x.get(v, 0)
                                             for v in topology.compute_nodes},
                    {e: w.unit * f for e, f in load["re"].items()},
                    {e: w.unit * f for e, f in load["bc"].items()})
    return shares if _usable(topology, shares) else None


def _usable(topology: Topology, s: Shares) -> bool:
    """Non-negative shares that fit every link and balance every switch, and some x > 0."""
    if not any(s.x.values()) or min(s.x.values()) < 0:
        return False
    for e, c in topology.capacity.items():
        if s.re[e] < 0 or s.bc[e] < 0 or s.re[e] + s.bc[e] > c:
            return False
    for part in (s.re, s.bc):
        balance = {w: Fraction(0) for w in topology.switch_nodes}
        for (u, v), f in part.items():
            if u in balance:
                balance[u] -= f
            if v in balance:
                balance[v] += f
        if any(balance.values()):
            return False
    return True


def _averaged(topology: Topology, s: Shares) -> Shares:
    """``s`` averaged over the automorphism group: the mean over each node's and each
    link's orbit (the group average of a point, since every orbit element is the image
    under equally many group elements)."""
    from ..kernels.symmetry import automorphisms

    group = automorphisms(topology)
    ids = topology.node_ids
    x = dict(s.x)
    for orbit in group.compute_orbits(topology):
        mean = sum((s.x[ids[i]] for i in orbit), Fraction(0)) / len(orbit)
        x.update({ids[i]: mean for i in orbit})
    re, bc = dict(s.re), dict(s.bc)
    for members in link_orbits(topology, group.generators):
        for part, source in ((re, s.re), (bc, s.bc)):
            mean = sum((source[e] for e in members), Fraction(0)) / len(members)
            part.update({e: mean for e in members})
    return Shares(s.source + ", averaged over the automorphism group", x, re, bc)


def _weights(topology: Topology, x: Mapping[str, Fraction]) -> tuple[int, ...]:
    """x as coprime non-negative integers in compute-node order."""
    return coprime([x[v] for v in topology.compute_nodes])


def _phase_bound(topology: Topology, part: Mapping[tuple[str, str], Fraction],
                 weights: tuple[int, ...], kind: str, kernel: str | None
                 ) -> tuple[Fraction, dict[tuple[int, int], Fraction]] | None:
    """1/x* of one share (per unit of weight, topology units) and the share as index
    capacities in the direction trees are built (reversed for the reduce share); None if
    some compute node cannot be reached in it."""
    idx = topology.index
    caps = {((idx[v], idx[u]) if kind == "re" else (idx[u], idx[v])): c
            for (u, v), c in part.items() if c > 0}
    if not caps:
        return None
    scale = math.lcm(*(c.denominator for c in caps.values()))
    integer = {e: int(c * scale) for e, c in caps.items()}
    compute = [idx[v] for v in topology.compute_nodes]
    try:
        ratio, _, _, _ = bottleneck(len(topology.node_ids), integer, compute, weights)
    except BoundError:          # an unreachable compute node: the point is not usable
        return None
    return ratio * scale, caps


def _rate(topology: Topology, s: Shares, kernel: str | None) -> Fraction:
    """The allreduce algbw the shares give: the smaller of the two phases' weighted bounds
    Ŵ·x* (0 if a share cannot reach every compute node)."""
    weights = _weights(topology, s.x)
    rates = []
    for kind, part in (("re", s.re), ("bc", s.bc)):
        found = _phase_bound(topology, part, weights, kind, kernel)
        if found is None:
            return Fraction(0)
        rates.append(sum(weights) / found[0])
    return min(rates)


# --- trees ----------------------------------------------------------------------------------

def _build(topology: Topology, s: Shares, kernel: str | None, progress) -> Schedule | None:
    """The concurrent schedule on the shares ``s``, or None if its tree counts would not
    fit the schedule format (a certificate point with huge denominators)."""
    weights = _weights(topology, s.x)
    if sum(weights) > MAX_COUNT:
        return None
    idx = topology.index
    phases = []
    for kind, part, collective in (("re", s.re, "reduce-scatter"),
                                   ("bc", s.bc, "allgather")):
        found = _phase_bound(topology, part, weights, kind, kernel)
        if found is None:
            raise ScheduleError("internal error: the LP shares lost a compute node")
        inv_x, caps = found
        k = math.lcm(*((c * inv_x).denominator for c in caps.values()))
        if k * max(weights) > MAX_COUNT:
            return None
        U = k * inv_x
        integer = {e: int(U * c) for e, c in caps.items()}
        demand = {idx[v]: k * w for v, w in zip(topology.compute_nodes, weights) if w}
        stats: dict[str, Any] = {}
        trees = forest(topology, integer, demand, kernel=kernel, progress=progress,
                       stats=stats)
        if kind == "re":
            trees = tuple(Tree(t.root, t.weight, tuple(
                TreeEdge(e.dst, e.src, tuple(reversed(e.path))) for e in t.edges))
                for t in trees)
        uniform = len(set(weights)) == 1
        phase = Schedule(collective=collective, topology=topology.name, units=topology.units,
                         compute_nodes=topology.compute_nodes, k=k, tree_bandwidth=None,
                         algbw=Fraction(0), trees=trees, stats=stats,
                         weights=None if uniform else as_pairs(topology, weights))
        alone = achieved_algbw(phase, topology)
        phases.append(replace(phase, algbw=alone,
                              tree_bandwidth=alone / (phase.total_weight * k)))
    stats = phases[0].stats.plus(phases[1].stats)
    return Schedule(collective="allreduce", topology=topology.name, units=topology.units,
                    compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                    algbw=Fraction(0), phases=tuple(phases), stats=stats,
                    weights=phases[0].weights, concurrent=True)
