"""An independent verifier: any ``forestcoll-schedule/1`` or ``/2`` against the exact bound.

It shares no code with the generator. It reads the schedule itself (its own JSON reading,
every field type-checked, unknown keys refused), recomputes the achieved algbw from the
exact load of every physical link, and computes the bound by its own method. The paper it
follows is "ForestColl: Throughput-Optimal Collective Communications on Heterogeneous
Network Fabrics":

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
  answers must agree;
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

Schedule semantics (``forestcoll-schedule/1``): allgather cuts every compute node's shard
into k equal parts; a tree of weight w broadcasts w parts from its root along its edges (an
out-tree spanning all compute nodes, edges joining compute nodes, ``path`` the physical
route relaying only through switches); every compute node's trees weigh exactly k in total;
time = M/(N·k) · max over links of (Σ weight × times used)/bandwidth and algbw = M/time.
Reduce-scatter is the same with in-trees (edges point the way data flows, toward the root).
Allreduce has no top-level trees but ``"phases": [reduce-scatter, allgather]``, each with
its own k and trees; its time is the sum of theirs. Broadcast and reduce carry a top-level
``"root"``, every tree is rooted there, the weights sum to k and each part is M/k.

``forestcoll-schedule/2`` adds three keys; a version-1 file carrying any is refused.
``"weights"`` (allgather, reduce-scatter, allreduce) gives every compute node v a relative
shard size, a non-negative number (at least one positive), normalised to coprime integers
ŵ_v (Ŵ = Σ ŵ_v; equal weights are version 1): v's shard is cut into k·ŵ_v parts of
M/(Ŵ·k), the trees rooted at v weigh exactly k·ŵ_v in all (in an allreduce, with the k of
each phase; a node of weight 0 roots no tree but every tree still spans it), and
time = M/(Ŵ·k) · max over links of load/bandwidth. ``"concurrent": true`` (allreduce)
runs the two phases at the same time on shared links: time = M · max over links e of
Σ over phases p of load_p(e) / (Ŵ·k_p·bandwidth(e)), while each phase's own ``algbw`` and
``tree_bandwidth`` keep their meaning "as if the phase ran alone". A weighted or concurrent
allreduce may beat the reduce-scatter + allgather tree bound (the allreduce LP lets every
root carry its own amount of data and lets the two phases share links), so it is compared
with the LP only. ``"multicast": true`` (any collective; section "In-Network Multicast &
Aggregation") lets switches whose topology node has ``"multicast": true`` replicate (out-
trees) or aggregate (in-trees) a tree's data: the edges of one tree leaving one compute node
u (entering v, for in-trees) form u's group; read from u (backwards from v) their paths
form a tree of shared prefixes; a hop into a compute node or into such a switch carries one
copy, a hop into any other switch as many copies as leave it (it only forwards), so
load(e) = weight × the copies crossing e, summed over the groups. The bounds are unchanged:
every shard still crosses every cut it must cross at least once. The verdict then also
reports the traffic per unit of data, per link and in total, with multicast (the merged
loads) and without (every path in full).

The verdict carries an optimality certificate: the primal side is the achieved algbw; the
dual side is a cut S* whose ratio |S* ∩ Vc| / B+(S*) (ŵ(S* ∩ Vc) / B+(S*) with weights,
re-summed from the topology's links) bounds every schedule. "optimal" means the two meet
exactly (for allreduce against the LP: the algbw reaches the LP's certified lower value). A
schedule above a bound is an internal contradiction, reported as such and never as success.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from numbers import Rational
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from ..errors import VerifierSelfCheckError, VerifyArgumentError, VerifyError
from ..files import MAX_SCHEDULE, display_path, read_text
from ..kernels.flow import FlowNetwork
from ..model.topology import Topology

__all__ = ["SCHEDULE_FORMAT", "SCHEDULE_FORMATS", "STATUSES", "AGAINST", "MAX_INTEGER",
           "VerifyError", "VerifyArgumentError", "VerifierSelfCheckError", "CutBound",
           "PhaseLoad", "Verdict", "verify", "assert_optimal", "load_schedule",
           "needs_lp_interval", "bound_of"]

SCHEDULE_FORMAT = "forestcoll-schedule/1"       # without "weights", "concurrent", "multicast"
SCHEDULE_FORMATS = ("forestcoll-schedule/1", "forestcoll-schedule/2")   # both are read
MULTI_ROOT = ("allgather", "reduce-scatter")
SINGLE_ROOT = ("broadcast", "reduce")
COLLECTIVES = MULTI_ROOT + SINGLE_ROOT + ("allreduce",)
INWARD = ("reduce-scatter", "reduce")
ALLREDUCE_PHASES = ("reduce-scatter", "allgather")
EXHAUSTIVE_LIMIT = 16
STATUSES = ("optimal", "below", "invalid", "contradiction")
AGAINST = ("lp", "trees")
# k and tree weights are refused above a signed 64-bit integer: no runtime can count more
# parts, and it keeps every exact number the verifier forms small.
MAX_INTEGER = 2**63 - 1

# Keys of a schedule: informative ones (topology, units, compute_nodes, tree_bandwidth,
# algbw) are checked where they can be; any other key is refused, so that a typo such as
# "phase" is not silently ignored.
_COMMON_KEYS = ("format", "collective", "topology", "units", "compute_nodes")
_PHASE_KEYS = ("k", "tree_bandwidth", "algbw", "trees")
_TOP_KEYS = {
    "allgather": _COMMON_KEYS + _PHASE_KEYS,
    "reduce-scatter": _COMMON_KEYS + _PHASE_KEYS,
    "broadcast": _COMMON_KEYS + ("root",) + _PHASE_KEYS,
    "reduce": _COMMON_KEYS + ("root",) + _PHASE_KEYS,
    "allreduce": _COMMON_KEYS + ("algbw", "phases"),
}
# Keys of forestcoll-schedule/2 and the collectives that may carry them.
_VERSION_2_KEYS = {"weights": MULTI_ROOT + ("allreduce",), "concurrent": ("allreduce",),
                   "multicast": COLLECTIVES}
_ALLREDUCE_PHASE_KEYS = ("collective",) + _PHASE_KEYS
_TREE_KEYS = ("root", "weight", "edges")
_EDGE_KEYS = ("src", "dst", "path")
_MISSING = object()


# --- results -----------------------------------------------------------------------------

@dataclass(frozen=True)
class CutBound:
    """An exact bound with its dual certificate: the cut S* and what it carries.

    ``cut_compute = |S* ∩ Vc|`` and ``cut_bandwidth = B+(S*)``. A bound with shard weights
    lists them in ``weights`` ((compute node, ŵ) in topology order) and ``cut_weight`` is
    ŵ(S* ∩ Vc), so that algbw = Ŵ · cut_bandwidth / cut_weight; without weights,
    ``weights`` is None and ``cut_weight`` equals ``cut_compute``. ``max_flows`` counts the
    max-flow (and min-cut) calls the bound took, the cost of the search."""

    collective: str
    algbw: Fraction
    cut: tuple[str, ...]
    cut_compute: int
    cut_bandwidth: Fraction
    method: str
    cut_weight: int | None = None
    weights: tuple[tuple[str, int], ...] | None = None
    max_flows: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.cut_weight is None:
            object.__setattr__(self, "cut_weight", self.cut_compute)


# (src, dst, traffic with multicast, traffic without), per unit of data
LinkTraffic = tuple[str, str, Fraction, Fraction]
Hop = tuple[str, str]


@dataclass(frozen=True)
class PhaseLoad:
    """Primal side of one phase: link loads (Σ weight × times used) and time per unit data.

    For a ``"multicast": true`` schedule the loads are the merged ones, and ``traffic`` is
    (total with multicast, total without) per unit of data: Σ over links of load / parts
    (parts = Ŵ·k, or k for broadcast and reduce), ``link_traffic`` the same per link
    ((src, dst, with, without), in topology order). Both are None / () otherwise."""

    collective: str
    k: int
    time_per_byte: Fraction
    busiest: tuple[tuple[str, str, int, Fraction], ...]   # (src, dst, load, load/bandwidth)
    traffic: tuple[Fraction, Fraction] | None = None
    link_traffic: tuple[LinkTraffic, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What the verifier concluded.

    ``status`` is one of:

    * ``"optimal"`` — a valid schedule that reaches the reference: the exact bound; for
      allreduce ``against="trees"`` the reduce-scatter + allgather tree bound exactly; for
      allreduce ``against="lp"`` at least the LP's certified lower value (so it reaches the
      LP optimum within the LP's certified interval) and at least the tree bound;
    * ``"below"`` — a valid schedule under the reference;
    * ``"invalid"`` — the schedule breaks the format or its semantics; ``reasons`` has one
      line per problem, naming the tree (by position and root) and the edge;
    * ``"contradiction"`` — the schedule is well formed but the numbers cannot all be right:
      its algbw exceeds a bound no schedule can exceed, the LP interval lies below the tree
      bound that trees reach, or the verifier's two bound computations disagree. This is a
      bug somewhere (verifier, LP or topology); ``reasons`` says which numbers clash.

    ``valid`` is True for "optimal" and "below" only: a contradiction's numbers cannot be
    trusted. ``against`` is "cut" for allgather, reduce-scatter, broadcast and reduce (the
    exact cut bound) and "lp" or "trees" for allreduce. ``bound_algbw`` is the reference
    value and ``ratio = algbw / bound_algbw``; against the LP the reference is the LP's
    upper value, so ``ratio`` is the conservative ratio and ``ratio_to_lp_lower`` (algbw /
    lower) the optimistic one: the ratio to the true LP optimum lies between them.
    ``rs_ag_bound`` (allreduce) is 1/(1/rs + 1/ag) of the exact reduce-scatter and
    allgather bounds (without weights: the bound that trees reach and that the LP optimum
    therefore reaches too). All numbers are exact fractions in the topology's units.

    ``weights`` is the schedule's normalised shard weights ((compute node, ŵ) in topology
    order) when they are not all equal, else None; ``concurrent`` is True for an allreduce
    whose phases run at the same time. ``phases`` keep each phase's time "as if alone".

    ``multicast`` is True for a valid (or contradictory) ``"multicast": true`` schedule;
    its loads, algbw and claims are then the merged ones, and ``traffic`` is (total with
    multicast, total without) per unit of data, ``link_traffic`` the same per link
    ((src, dst, with, without), topology order), both summed over the phases of an
    allreduce. Otherwise ``traffic`` is None and ``link_traffic`` empty.
    """

    status: str
    reasons: tuple[str, ...] = ()
    collective: str | None = None
    against: str | None = None
    algbw: Fraction | None = None
    bound_algbw: Fraction | None = None
    ratio: Fraction | None = None
    lp_interval: tuple[Fraction, Fraction] | None = None
    ratio_to_lp_lower: Fraction | None = None
    ratio_to_lp_upper: Fraction | None = None
    rs_ag_bound: Fraction | None = None
    phases: tuple[PhaseLoad, ...] = ()
    bounds: tuple[CutBound, ...] = ()
    notes: tuple[str, ...] = field(default=())
    weights: tuple[tuple[str, int], ...] | None = None
    concurrent: bool = False
    multicast: bool = False
    traffic: tuple[Fraction, Fraction] | None = None
    link_traffic: tuple[LinkTraffic, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown verdict status {self.status!r}; one of {STATUSES}")

    @property
    def valid(self) -> bool:
        """A well-formed schedule with trustworthy numbers ("optimal" or "below")."""
        return self.status in ("optimal", "below")

    @property
    def optimal(self) -> bool:
        return self.status == "optimal"

    @property
    def contradiction(self) -> bool:
        return self.status == "contradiction"

    @property
    def equals_rs_ag_bound(self) -> bool | None:
        """Allreduce: whether the algbw equals the reduce-scatter + allgather tree bound."""
        if self.algbw is None or self.rs_ag_bound is None:
            return None
        return self.algbw == self.rs_ag_bound

    def meets(self, min_ratio: Any = 1) -> bool:
        """Whether a valid schedule reaches ``min_ratio`` (in (0, 1]) of its reference:
        ``ratio >= min_ratio``; for allreduce against the LP ``algbw >= min_ratio × lower``
        (within the LP's certified interval; ``lower`` is raised to the tree bound
        ``rs_ag_bound`` if it lies below it, since trees reach that bound and the LP optimum
        is therefore at least as high). Invalid and contradictory verdicts never do."""
        m = _min_ratio(min_ratio)
        if self.status == "optimal":
            return True
        if self.status != "below" or self.algbw is None or self.ratio is None:
            return False
        if self.against == "lp" and self.lp_interval is not None:
            return self.algbw >= m * max(self.lp_interval[0], self.rs_ag_bound or 0)
        return self.ratio >= m

    def to_dict(self) -> dict[str, Any]:
        """JSON form; every number an exact fraction string ("104", "1040/3"). The keys
        "weights" and "concurrent" (and "cut_weight", "total_weight" of a weighted bound)
        appear only for a weighted or concurrent schedule, "multicast" and "traffic" (and
        each primal phase's "traffic") only for a multicast one."""
        f = _fraction_text
        out = {
            "status": self.status, "valid": self.valid, "optimal": self.optimal,
            "reasons": list(self.reasons), "collective": self.collective,
            "against": self.against, "algbw": f(self.algbw),
            "bound_algbw": f(self.bound_algbw), "ratio": f(self.ratio),
            "lp_interval": None if self.lp_interval is None else {
                "lower": f(self.lp_interval[0]), "upper": f(self.lp_interval[1])},
            "ratio_to_lp_lower": f(self.ratio_to_lp_lower),
            "ratio_to_lp_upper": f(self.ratio_to_lp_upper),
            "rs_ag_bound": f(self.rs_ag_bound), "equals_rs_ag_bound": self.equals_rs_ag_bound,
            "certificate": {
                "primal": {"algbw": f(self.algbw), "phases": [
                    {"collective": p.collective, "k": p.k, "time_per_byte": f(p.time_per_byte),
                     "busiest_links": [{"src": a, "dst": b, "load": load, "load_per_bandwidth": f(r)}
                                       for a, b, load, r in p.busiest]} for p in self.phases]},
                "dual": [_dual_dict(b) for b in self.bounds],
            },
            "notes": list(self.notes),
        }
        if self.weights is not None:
            out["weights"] = dict(self.weights)
        if self.concurrent:
            out["concurrent"] = True
        if self.multicast:
            out["multicast"] = True
            out["traffic"] = _traffic_dict(self.traffic, self.link_traffic)
            for p, entry in zip(self.phases, out["certificate"]["primal"]["phases"]):
                entry["traffic"] = _traffic_dict(p.traffic, ())
        return out


def _traffic_dict(totals: tuple[Fraction, Fraction] | None,
                  links: tuple[LinkTraffic, ...]) -> dict[str, Any] | None:
    """Traffic per unit of data: totals with and without multicast, and what it saves;
    per link when ``links`` are given."""
    if totals is None:
        return None
    f = _fraction_text
    out: dict[str, Any] = {"with_multicast": f(totals[0]), "without_multicast": f(totals[1]),
                           "saved": f(totals[1] - totals[0])}
    if links:
        out["links"] = [{"src": a, "dst": b, "with_multicast": f(w), "without_multicast": f(wo)}
                        for a, b, w, wo in links]
    return out


def _dual_dict(b: CutBound) -> dict[str, Any]:
    f = _fraction_text
    out: dict[str, Any] = {"collective": b.collective, "algbw": f(b.algbw), "cut": list(b.cut),
                           "cut_compute": b.cut_compute, "cut_bandwidth": f(b.cut_bandwidth),
                           "method": b.method}
    if b.weights is not None:
        out["cut_weight"] = b.cut_weight
        out["total_weight"] = sum(w for _, w in b.weights)
    return out


def _fraction_text(value: Fraction | None) -> str | None:
    if value is None:
        return None
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --- entry points ------------------------------------------------------------------------------

def verify(topology: Topology, schedule: Any, *, against: str = "lp",
           lp_interval: tuple[Fraction, Fraction] | Callable[[], Any] | None = None,
           kernel: str | None = None, weights: Mapping[str, Any] | None = None) -> Verdict:
    """Check ``schedule`` (a dict, a JSON path, or an object with ``to_dict()``) on
    ``topology``: report every violation, the achieved algbw and its ratio to the reference.

    A weighted allgather or reduce-scatter (``forestcoll-schedule/2`` with ``"weights"``)
    is compared with the exact bound of those weights. ``weights``, if given, maps every
    compute node id to a non-negative exact number, at least one positive (int, Fraction,
    Decimal or a "p/q" or decimal string): the shard sizes the caller expects. The
    schedule's normalised weights must then equal their normalisation (a schedule without
    ``"weights"`` counts as uniform); a mismatch is a reason naming the first node that
    differs.

    ``against`` and ``lp_interval`` concern allreduce only. ``lp_interval = (lower, upper)``
    is the allreduce LP optimum's certified interval in the topology's units, both exact
    (int, Fraction or Decimal; an object with ``.lower`` and ``.upper``, such as the LP's
    result, is taken too): ``lower`` is exactly feasible, ``upper`` bounds the LP optimum.
    The verifier does not solve the LP itself; whoever needs an LP value passes it in, or
    passes a function without arguments that returns it: it is called only for an
    allreduce schedule found sound, so that a schedule that is invalid (made for another
    topology, say) is reported without solving anything.

    * ``against="lp"`` (default): an allreduce schedule needs ``lp_interval``; it is optimal
      iff algbw >= lower, a contradiction if algbw > upper, otherwise "below". (Trees reach
      the reduce-scatter + allgather bound, so the LP optimum is at least that bound: a
      ``lower`` below it is raised to it, and an ``upper`` below it is a contradiction.)
    * ``against="trees"``: optimal iff algbw equals the reduce-scatter + allgather tree bound
      exactly; above it is a contradiction. An ``lp_interval`` given as well is reported
      and checked for contradictions. A weighted or concurrent allreduce may exceed that
      bound legitimately, so it is verified against the LP only.

    For the other collectives ``against`` is validated but unused and an ``lp_interval`` is
    ignored (with a note), so that one call can serve every collective.

    Raises :class:`VerifyError` if the schedule cannot be read at all,
    :class:`VerifyArgumentError` for unusable arguments (an allreduce against the LP without
    ``lp_interval``: pass the interval or ``against="trees"``; a weighted or concurrent
    allreduce against the trees; malformed ``weights``), and a ``FlowError`` if the
    max-flow kernel cannot answer. Everything wrong *in* a schedule is a reason in the
    returned verdict, never an exception.
    """
    if against not in AGAINST:
        raise VerifyArgumentError(f"against={_show(against)}: use \"lp\" (the allreduce LP "
                                  f"optimum) or \"trees\" (the reduce-scatter + allgather bound)")
    solve = lp_interval if callable(lp_interval) else None
    interval = None if solve else _check_interval(lp_interval)
    expected = _check_weights(topology, weights, "weights")
    data = load_schedule(schedule)
    if needs_lp_interval(data, against=against) and interval is None and solve is None:
        raise VerifyArgumentError(
            "an allreduce schedule is verified against the allreduce LP optimum: pass "
            "lp_interval=(lower, upper), the LP's certified interval (e.g. from "
            "forestcoll_opt.lp.solver), or against=\"trees\" to compare with the reduce-scatter + "
            "allgather tree bound")
    reader = _Reader(topology, expected)
    parsed = reader.read(data)
    coll = reader.collective
    if coll == "allreduce" and against == "trees" and (reader.shards or reader.concurrent):
        what = "weighted" if reader.shards else "concurrent"
        raise VerifyArgumentError(
            f"a {what} allreduce may exceed the reduce-scatter + allgather tree bound, so "
            f"against=\"trees\" cannot judge it: verify it against the allreduce LP "
            f"(against=\"lp\") and pass lp_interval=(lower, upper)")
    mode = against if coll == "allreduce" else ("cut" if coll is not None else None)
    notes = tuple(reader.notes)
    if interval is not None and coll != "allreduce":
        notes += ("lp_interval is ignored: it applies to allreduce schedules only",)
    if parsed is None:
        return Verdict("invalid", tuple(reader.reasons), coll, mode, notes=notes)
    if solve is not None and coll == "allreduce":      # only now that the schedule is sound
        interval = _check_interval(solve())
    shape = {"weights": _named_weights(topology, parsed.shards), "concurrent": parsed.concurrent,
             **_multicast_shape(parsed)}
    if coll != "allreduce":
        notes += parsed.notes         # (an allreduce verdict adds them itself)
    try:
        if coll == "allreduce":
            return _allreduce_verdict(topology, parsed, mode, interval, notes + parsed.notes,
                                      kernel)
        bound = _bound(topology, coll, reader.root, kernel, parsed.shards)
    except VerifierSelfCheckError as exc:
        return Verdict("contradiction", (f"internal contradiction: {exc}",), coll, mode,
                       parsed.algbw, phases=parsed.phases, notes=notes, **shape)
    algbw = parsed.algbw
    ratio = algbw / bound.algbw
    if ratio > 1:
        return Verdict("contradiction", (
            f"internal contradiction: the schedule's algbw {_fraction_text(algbw)} exceeds the "
            f"exact {coll} bound {_fraction_text(bound.algbw)}, which no schedule can exceed; "
            f"the verifier or the topology is wrong, please report it",),
            coll, mode, algbw, bound.algbw, ratio, phases=parsed.phases, bounds=(bound,),
            notes=notes, **shape)
    return Verdict("optimal" if ratio == 1 else "below", (), coll, mode, algbw, bound.algbw,
                   ratio, phases=parsed.phases, bounds=(bound,), notes=notes, **shape)


def _allreduce_verdict(topology: Topology, parsed: "_Reading", against: str,
                       interval: tuple[Fraction, Fraction] | None, notes: tuple[str, ...],
                       kernel: str | None) -> Verdict:
    rs = _bound(topology, "reduce-scatter", None, kernel)
    ag = _bound(topology, "allgather", None, kernel)
    trees = 1 / (1 / rs.algbw + 1 / ag.algbw)
    algbw = parsed.algbw
    t = _fraction_text
    own = (rs, ag) if parsed.shards is None else (
        _bound(topology, "reduce-scatter", None, kernel, parsed.shards),
        _bound(topology, "allgather", None, kernel, parsed.shards))
    clashes = _phase_clashes(parsed.phases, own)
    if against == "trees" and algbw > trees:
        clashes.append(f"internal contradiction: the schedule's algbw {t(algbw)} exceeds the "
                       f"reduce-scatter + allgather tree bound {t(trees)}, which no tree "
                       f"allreduce can exceed")
    lower_ratio = upper_ratio = None
    if interval is not None:
        lower, upper = interval
        lower_ratio, upper_ratio = algbw / lower, algbw / upper
        if algbw > upper and parsed.multicast and parsed.concurrent:
            # the allreduce LP has no in-network aggregation or multicast: with both phases
            # at once, a switch that reduces and replicates can beat it (a star of three:
            # 1 against 3/4), so its value bounds nothing here
            notes += (f"exceeds the allreduce LP's upper value {t(upper)}: the LP models no "
                      f"in-network aggregation or multicast, which this concurrent schedule "
                      f"uses",)
        elif algbw > upper:
            clashes.append(f"internal contradiction: the schedule's algbw {t(algbw)} exceeds "
                           f"the allreduce LP's certified upper value {t(upper)}")
        if trees > upper:
            clashes.append(f"internal contradiction: the LP's certified upper value {t(upper)} "
                           f"is below the reduce-scatter + allgather tree bound {t(trees)}, "
                           f"which trees reach; the LP interval is wrong")
    if against == "lp":
        assert interval is not None
        reference, ratio = interval[1], upper_ratio
        status = "optimal" if algbw >= max(interval[0], trees) else "below"
    else:
        reference, ratio = trees, algbw / trees
        status = "optimal" if algbw == trees else "below"
    if interval is not None:
        where = ("reaches the allreduce LP optimum within its certified interval"
                 if algbw >= max(interval[0], trees) else "is below the allreduce LP optimum")
        notes += (f"{where} [{t(interval[0])}, {t(interval[1])}]: algbw / upper = "
                  f"{t(upper_ratio)} (~{float(upper_ratio):.6f}), algbw / lower = "
                  f"{t(lower_ratio)} (~{float(lower_ratio):.6f})",)
    notes += _tree_bound_note(algbw, trees)
    bounds = (rs, ag) if parsed.shards is None else (rs, ag) + own
    return Verdict("contradiction" if clashes else status, tuple(clashes), "allreduce", against,
                   algbw, reference, ratio, interval, lower_ratio, upper_ratio, trees,
                   parsed.phases, bounds, notes, _named_weights(topology, parsed.shards),
                   parsed.concurrent, **_multicast_shape(parsed))


def _multicast_shape(parsed: "_Reading") -> dict[str, Any]:
    """The verdict fields of a multicast schedule (none otherwise, so that the verdicts of
    other schedules stay as they were)."""
    if not parsed.multicast:
        return {}
    return {"multicast": True, "traffic": parsed.traffic, "link_traffic": parsed.link_traffic}


def _phase_clashes(phases: tuple[PhaseLoad, ...], bounds: tuple[CutBound, CutBound]) -> list[str]:
    """Each allreduce phase, run alone, is a reduce-scatter or an allgather schedule (with
    the schedule's shard weights): its algbw cannot exceed that collective's exact bound."""
    clashes = []
    for i, (phase, bound) in enumerate(zip(phases, bounds)):
        alone = 1 / phase.time_per_byte
        if alone > bound.algbw:
            kind = "weighted " if bound.weights is not None else ""
            clashes.append(f"internal contradiction: phase {i} ({phase.collective}) alone "
                           f"reaches algbw {_fraction_text(alone)}, above the exact {kind}"
                           f"{bound.collective} bound {_fraction_text(bound.algbw)}, which no "
                           f"schedule can exceed")
    return clashes


def _tree_bound_note(algbw: Fraction, trees: Fraction) -> tuple[str, ...]:
    t = _fraction_text
    if algbw == trees:
        return (f"equals the reduce-scatter + allgather tree bound {t(trees)} exactly",)
    if algbw < trees:
        return (f"is below the reduce-scatter + allgather tree bound {t(trees)} "
                f"(ratio {t(algbw / trees)})",)
    return (f"exceeds the reduce-scatter + allgather tree bound {t(trees)} (ratio "
            f"{t(algbw / trees)})",)


def assert_optimal(topology: Topology, schedule: Any, *, min_ratio: Any = 1,
                   against: str = "lp", lp_interval: tuple[Fraction, Fraction] | None = None,
                   kernel: str | None = None,
                   weights: Mapping[str, Any] | None = None) -> Verdict:
    """For users' test suites: raise ``AssertionError`` (carrying ``.verdict``) unless the
    schedule is valid and reaches ``min_ratio`` (in (0, 1]; default 1: optimal) of its
    reference (see :meth:`Verdict.meets`; for allreduce against the LP: algbw >= min_ratio
    × the LP's certified lower value, "within the LP's certified interval").
    ``against``, ``lp_interval`` and ``weights`` are passed to :func:`verify`."""
    m = _min_ratio(min_ratio)
    verdict = verify(topology, schedule, against=against, lp_interval=lp_interval, kernel=kernel,
                     weights=weights)
    if verdict.status == "invalid":
        err = AssertionError("invalid schedule: " + "; ".join(verdict.reasons))
    elif verdict.status == "contradiction":
        err = AssertionError("; ".join(verdict.reasons))
    elif not verdict.meets(m):
        assert verdict.ratio is not None and verdict.bound_algbw is not None
        what = {"lp": "the allreduce LP's certified upper value", "trees":
                "the reduce-scatter + allgather tree bound"}.get(verdict.against or "", "the bound")
        err = AssertionError(f"schedule reaches {verdict.ratio} (~{float(verdict.ratio):.4f}) of "
                             f"{what} {_fraction_text(verdict.bound_algbw)}, below {m}")
    else:
        return verdict
    err.verdict = verdict  # type: ignore[attr-defined]
    raise err


def needs_lp_interval(schedule: Any, *, against: str = "lp") -> bool:
    """Whether :func:`verify` needs ``lp_interval`` for this schedule (an allreduce checked
    against the LP). ``schedule`` is read as by :func:`load_schedule`: read a file once with
    it, ask this, solve the LP only if needed, then pass the dict to :func:`verify`."""
    data = load_schedule(schedule)
    return against == "lp" and data.get("collective") == "allreduce"


def load_schedule(schedule: Any) -> Mapping[str, Any]:
    """The schedule as a mapping: a mapping itself, ``to_dict()`` of an object that has it,
    or a ``forestcoll-schedule/1`` or ``/2`` JSON file read by the verifier's own reader
    (UTF-8, gzip allowed, at most :data:`~forestcoll_opt.files.MAX_SCHEDULE` bytes of text,
    no repeated keys, numbers with a fraction or an exponent read exactly as Decimal).
    Raises :class:`VerifyError` when there is nothing to check."""
    if isinstance(schedule, Mapping):
        return schedule
    if hasattr(schedule, "to_dict"):
        data = schedule.to_dict()
        if not isinstance(data, Mapping):
            raise VerifyError(f"{type(schedule).__name__}.to_dict() did not give a mapping")
        return data
    try:
        path = Path(os.fspath(schedule))
    except TypeError:
        raise VerifyError(f"cannot read a schedule from a {type(schedule).__name__}; pass a "
                          f"dict, a Schedule or the path of a JSON file") from None
    shown = display_path(path)
    text = read_text(path, VerifyError, "schedule", limit=MAX_SCHEDULE)
    try:
        data = json.loads(text, object_pairs_hook=_object_without_repeats,
                          parse_float=_json_number)
    except _RepeatedKey as exc:
        raise VerifyError(f"{shown}: key {_show(exc.key)} appears twice in one object; a "
                          f"schedule names every key once") from None
    except json.JSONDecodeError as exc:
        raise VerifyError(f"{shown}: not valid JSON ({exc})") from None
    except RecursionError:
        raise VerifyError(f"{shown}: JSON nested too deeply to read; a schedule needs only a "
                          f"few levels") from None
    except ValueError as exc:          # e.g. an integer literal beyond Python's digit limit
        raise VerifyError(f"{shown}: JSON value out of range ({exc})") from None
    if not isinstance(data, dict):
        raise VerifyError(f"{shown}: a schedule must be a JSON object, found {_show(data)}")
    return data


def _json_number(text: str) -> Decimal:
    """A JSON number with a fraction or an exponent, exactly (``2.0`` is the integer 2 as
    in JSON Schema; ``0.1`` stays 1/10, never a binary float); beyond
    :data:`MAX_NUMBER_DIGITS` digits before the point it is out of range, like an integer
    literal that long."""
    number = Decimal(text)
    if number.adjusted() >= MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of more than {MAX_NUMBER_DIGITS} digits")
    return number


class _RepeatedKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RepeatedKey(key)
        out[key] = value
    return out


# --- argument checks ---------------------------------------------------------------------------

def _exact(value: Any, what: str) -> Fraction:
    if isinstance(value, Decimal) and value.is_finite():
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, Rational)):
        raise VerifyArgumentError(f"{what} must be an exact number (int or Fraction), got "
                                  f"{_show(value)}")
    return Fraction(value)


def _check_interval(interval: Any) -> tuple[Fraction, Fraction] | None:
    if interval is None:
        return None
    if hasattr(interval, "lower") and hasattr(interval, "upper"):   # e.g. an LP result
        interval = (interval.lower, interval.upper)
    if isinstance(interval, (str, bytes, Mapping)) or not isinstance(interval, Iterable):
        raise VerifyArgumentError(f"lp_interval must be a pair (lower, upper), got {_show(interval)}")
    items = list(interval)
    if len(items) != 2:
        raise VerifyArgumentError(f"lp_interval must be a pair (lower, upper), got "
                                  f"{len(items)} value(s)")
    lower = _exact(items[0], "lp_interval lower value")
    upper = _exact(items[1], "lp_interval upper value")
    if not 0 < lower <= upper:
        raise VerifyArgumentError(f"lp_interval ({_fraction_text(lower)}, "
                                  f"{_fraction_text(upper)}) must satisfy 0 < lower <= upper")
    return lower, upper


def _check_weights(topology: Topology, weights: Any, what: str) -> tuple[int, ...] | None:
    """A ``weights`` argument normalised (:func:`_coprime_integers`, topology order; all ones
    when uniform), or None when not given. Raises :class:`VerifyArgumentError` at the first
    problem, naming the node."""
    if weights is None:
        return None
    if not isinstance(weights, Mapping):
        raise VerifyArgumentError(f"{what} must map every compute node id to a non-negative "
                                  f"exact number, got {_show(weights)}")
    compute = frozenset(topology.compute_nodes)
    for key in weights:
        if not isinstance(key, str) or key not in topology.index:
            raise VerifyArgumentError(f"{what}: {_show(key)} is not a node of "
                                      f"{topology.name!r}")
        if key not in compute:
            raise VerifyArgumentError(f"{what}: {key} is a switch; only compute nodes have a "
                                      f"shard")
    values = []
    for v in topology.compute_nodes:
        if v not in weights:
            raise VerifyArgumentError(f"{what}: compute node {v} has no weight; give every "
                                      f"compute node one")
        values.append(_weight_value(weights[v], f"{what}: {v}"))
    if not any(values):
        raise VerifyArgumentError(f"{what}: every weight is 0; at least one compute node needs "
                                  f"a shard")
    normalised = _coprime_integers(values)
    if sum(normalised) > MAX_INTEGER:
        raise VerifyArgumentError(f"{what} normalise to integers summing to more than 2^63 - 1; "
                                  f"use simpler ratios")
    return normalised


def _weight_value(value: Any, where: str) -> Fraction:
    if isinstance(value, str):
        weight = _parse_exact(value)
        if weight is None:
            raise VerifyArgumentError(f"{where} has weight {_show(value)}, which is not an "
                                      f"exact number (an integer, \"p/q\" or a decimal)")
    else:
        weight = _exact(value, f"{where}'s weight")
    if weight < 0:
        raise VerifyArgumentError(f"{where} has weight {_show(value)}; a weight cannot be "
                                  f"negative")
    return weight


def _coprime_integers(values: list[Fraction]) -> tuple[int, ...]:
    """Non-negative rationals, not all 0, scaled to coprime integers ŵ: times the lcm of
    their denominators, then divided by the gcd of the results (zeros stay 0)."""
    scale = math.lcm(*(v.denominator for v in values))
    scaled = [int(v * scale) for v in values]
    common = math.gcd(*scaled)
    return tuple(w // common for w in scaled)


def _uneven(weights: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """Normalised weights, or None when they are all equal (all 1: the uniform collective)."""
    if weights is None or all(w == 1 for w in weights):
        return None
    return weights


def _named_weights(topology: Topology, weights: tuple[int, ...] | None
                   ) -> tuple[tuple[str, int], ...] | None:
    if weights is None:
        return None
    return tuple(zip(topology.compute_nodes, weights))


def _min_ratio(value: Any) -> Fraction:
    if isinstance(value, float) and math.isfinite(value):
        ratio = Fraction(repr(value))
    elif isinstance(value, str) and len(value) <= 40 and re.fullmatch(
            r"\s*\d+(\.\d*)?(/\d+)?\s*|\s*\.\d+\s*", value, re.ASCII):
        try:
            ratio = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise VerifyArgumentError(f"min_ratio {_show(value)} is not a number") from None
    else:
        ratio = _exact(value, "min_ratio")
    if not 0 < ratio <= 1:
        raise VerifyArgumentError(f"min_ratio {_show(value)} must lie in (0, 1]")
    return ratio


# --- reading a schedule ---------------------------------------------------------------------------

def _show(value: Any) -> str:
    """A short one-line description of any value, safe for garbage (no recursion into
    containers, no huge integers or strings)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Decimal):
        text = str(value)
        return text if len(text) <= 60 else f"a number of {len(text)} characters"
    if isinstance(value, Fraction):
        return _show_fraction(value)
    if isinstance(value, str):
        if len(value) > 60:
            return json.dumps(value[:50]) + f"... ({len(value)} characters)"
        return json.dumps(value)
    if isinstance(value, Mapping):
        return f"an object with {len(value)} key(s)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item(s)"
    return f"a {type(value).__name__}"


def _show_fraction(value: Fraction) -> str:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > 200:
        return "a fraction with very long terms"
    return _fraction_text(value) or ""


# The exact numbers of docs/formats.md ("Exact numbers"): ASCII digits, no sign, no spaces,
# at most 100 characters, an exponent of at most 3 digits; the same grammar as the schemas.
_DECIMAL = re.compile(r"([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", re.ASCII)
_RATIO = re.compile(r"[0-9]+/[0-9]+", re.ASCII)
MAX_NUMBER_TEXT = 100
# Digits of the longest JSON integer read: Python's own limit for int literals, applied to
# numbers written with an exponent as well ("1e5000" is a whole number of 5001 digits).
MAX_NUMBER_DIGITS = 4300


def _integral(value: Any) -> int | Decimal | None:
    """A JSON integer: an int, or a number written with a fraction or an exponent whose
    value is whole (``2.0``, ``1e3``), as JSON Schema counts integers. A whole Decimal too
    large to turn into an int cheaply is returned as it is, for comparisons; None for
    anything else (a boolean, a fraction, a string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        value = Decimal(value) if math.isfinite(value) else None
    if not isinstance(value, Decimal) or not value.is_finite():
        return None
    if value != value.to_integral_value():
        return None
    return int(value) if value.adjusted() < MAX_NUMBER_DIGITS else value


def _parse_exact(value: Any) -> Fraction | None:
    """An exact number as the format writes it: a JSON integer (see :func:`_integral`), or
    a "p/q" or decimal string of the grammar of docs/formats.md; None for anything else
    (a float that is not whole is not exact, a sign or a space is not in the grammar)."""
    whole = _integral(value)
    if isinstance(whole, int):
        return Fraction(whole)
    if whole is not None:
        return None              # beyond MAX_NUMBER_DIGITS: refused when a file is read
    if isinstance(value, Fraction):
        return value
    if not isinstance(value, str) or len(value) > MAX_NUMBER_TEXT:
        return None
    if not (_RATIO.fullmatch(value) or _DECIMAL.fullmatch(value)):
        return None
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None


def _some(items: Sequence[str], one: str, many: str) -> str:
    """"a is ONE" or "a, b, c and 5 more are MANY" (nothing when there are no items)."""
    if not items:
        return ""
    shown = ", ".join(_show(v)[1:-1] if len(v) <= 60 else _show(v) for v in items[:3])
    if len(items) == 1:
        return f"{shown} is {one}"
    more = f" and {len(items) - 3} more" if len(items) > 3 else ""
    return f"{shown}{more} are {many}"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _not_for(key: str, coll: str) -> str:
    """Why a version-2 key does not belong in a ``coll`` schedule."""
    if key == "weights":
        return f"{_a(coll)} schedule must not carry \"weights\": it has a single root and no shards"
    return f"\"{key}\" applies to allreduce only, not to {_a(coll)} schedule"


def _shared_time(link_times: list[dict[tuple[str, str], Fraction]],
                 phases: tuple[PhaseLoad, ...]) -> tuple[Fraction, tuple[str, ...]]:
    """Time per unit of data of phases run concurrently on shared links: max over links e
    of Σ over phases p of load_p(e) / (parts_p · bandwidth(e)); and a note naming the
    busiest shared link."""
    shared: dict[tuple[str, str], Fraction] = {}
    for times in link_times:
        for hop, t in times.items():
            shared[hop] = shared.get(hop, Fraction(0)) + t
    hop, worst = max(shared.items(), key=lambda kv: (kv[1], kv[0]))
    alone = sum((p.time_per_byte for p in phases), Fraction(0))
    note = (f"the phases run concurrently: the busiest shared link {hop[0]} -> {hop[1]} needs "
            f"{_fraction_text(worst)} per unit of data, against {_fraction_text(alone)} for the "
            f"phases one after the other")
    return worst, (note,)


@dataclass(frozen=True)
class _Reading:
    """A sound schedule: its phase loads, achieved algbw, normalised shard weights (None
    when uniform), whether its phases run concurrently, and notes on how time was found;
    with multicast, the traffic of all phases together (see :class:`Verdict`)."""

    phases: tuple[PhaseLoad, ...]
    algbw: Fraction
    shards: tuple[int, ...] | None
    concurrent: bool
    notes: tuple[str, ...] = ()
    multicast: bool = False
    traffic: tuple[Fraction, Fraction] | None = None
    link_traffic: tuple[LinkTraffic, ...] = ()


def _phases_traffic(phases: tuple[PhaseLoad, ...], index: Mapping[str, int]
                    ) -> tuple[tuple[Fraction, Fraction], tuple[LinkTraffic, ...]]:
    """The traffic of every phase added up, per link (topology order) and in total."""
    per_link: dict[tuple[str, str], tuple[Fraction, Fraction]] = {}
    for p in phases:
        for a, b, w, wo in p.link_traffic:
            old = per_link.get((a, b), (Fraction(0), Fraction(0)))
            per_link[(a, b)] = (old[0] + w, old[1] + wo)
    links = tuple((a, b, w, wo) for (a, b), (w, wo)
                  in sorted(per_link.items(), key=lambda kv: (index[kv[0][0]], index[kv[0][1]])))
    total = (sum((w for _, _, w, _ in links), Fraction(0)),
             sum((wo for _, _, _, wo in links), Fraction(0)))
    return total, links


class _Reader:
    """Reads a schedule mapping into phase loads, collecting one reason per problem.

    ``expected`` is the caller's normalised weights (verify's ``weights``), if any."""

    def __init__(self, topology: Topology, expected: tuple[int, ...] | None = None) -> None:
        self.t = topology
        self.compute = frozenset(topology.compute_nodes)
        self.expected = expected
        self.reasons: list[str] = []
        self.notes: list[str] = []
        self.collective: str | None = None
        self.root: str | None = None
        self.version: int | None = None
        # normalised shard weights in topology order (None: uniform); None in
        # ``self.parts`` means unreadable weights, so the per-root totals cannot be checked
        self.shards: tuple[int, ...] | None = None
        self.parts: tuple[int, ...] | None = (1,) * len(topology.compute_nodes)
        self.concurrent = False
        self.multicast = False
        # switches that may replicate or aggregate a tree's data under "multicast": true
        self.capable = frozenset(n.id for n in topology.nodes
                                 if not n.is_compute and n.multicast is True)
        # per phase: time per unit of data on each link, load / (parts · bandwidth)
        self.link_times: list[dict[tuple[str, str], Fraction]] = []

    # helpers
    def node(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.t.index

    def label(self, value: Any) -> str:
        return value if self.node(value) else _show(value)

    def keys(self, obj: Mapping[Any, Any], allowed: tuple[str, ...], where: str,
             misplaced: Mapping[str, str] | None = None) -> None:
        misplaced = misplaced or {}
        extra = [key for key in obj if not (isinstance(key, str) and key in allowed)]
        for key in sorted(extra, key=_show):
            if isinstance(key, str) and key in misplaced:
                self.reasons.append(f"{where}{misplaced[key]}")
            else:
                self.reasons.append(f"{where}unknown key {_show(key)}; allowed: "
                                    f"{', '.join(allowed)}")

    def count(self, value: Any, what: str, where: str) -> int | None:
        if value is _MISSING:
            self.reasons.append(f"{where}missing \"{what}\"")
            return None
        whole = _integral(value)
        if whole is None or whole < 1:
            self.reasons.append(f"{where}{what} must be a positive integer, found {_show(value)}")
            return None
        if whole > MAX_INTEGER:
            self.reasons.append(f"{where}{what} {_show(value)} is above 2^63 - 1, the largest "
                                f"count a schedule may use")
            return None
        return int(whole)

    # the schedule
    def read(self, data: Mapping[Any, Any]) -> _Reading | None:
        other = self.foreign(data)
        if other is not None:               # one line, not one per tree edge
            self.reasons.append(other)
            return None
        self.format(data.get("format", _MISSING))
        coll = data.get("collective", _MISSING)
        if coll is _MISSING:
            self.reasons.append(f"missing \"collective\"; one of {', '.join(COLLECTIVES)}")
            return None
        if not isinstance(coll, str) or coll not in COLLECTIVES:
            self.reasons.append(f"unknown collective {_show(coll)}; one of {', '.join(COLLECTIVES)}")
            return None
        self.collective = coll
        misplaced: dict[str, str] = {}
        if coll not in SINGLE_ROOT:
            misplaced["root"] = (f"{_a(coll)} schedule must not carry a \"root\": every "
                                 f"compute node is a root")
        if coll == "allreduce":
            misplaced.update({key: f"key \"{key}\" belongs in the allreduce phases, not at the "
                                   f"top level" for key in ("k", "trees", "tree_bandwidth")})
        else:
            misplaced["phases"] = f"only allreduce has \"phases\"; {_a(coll)} schedule has \"trees\""
        allowed = _TOP_KEYS[coll]
        for key, where in _VERSION_2_KEYS.items():
            if coll not in where:
                misplaced[key] = _not_for(key, coll)
            elif self.version == 1:
                misplaced[key] = (f"key \"{key}\" needs forestcoll-schedule/2; this file says "
                                  f"forestcoll-schedule/1")
            else:
                allowed += (key,)
        self.keys(data, allowed, "", misplaced)
        self.common(data)
        if coll not in SINGLE_ROOT:
            self.shard_weights(data.get("weights", _MISSING))
        if coll == "allreduce":
            self.concurrent_flag(data.get("concurrent", _MISSING))
        self.multicast_flag(data.get("multicast", _MISSING))
        if coll in SINGLE_ROOT:
            root = data.get("root", _MISSING)
            if root is _MISSING:
                self.reasons.append(f"{_a(coll)} schedule needs a \"root\": the compute node "
                                    f"every tree is rooted at")
            elif not isinstance(root, str) or root not in self.compute:
                self.reasons.append(f"\"root\" {_show(root)} is not a compute node of "
                                    f"{self.t.name}")
            else:
                self.root = root
            if self.expected is not None and _uneven(self.expected):
                self.reasons.append(f"weights were expected, but {_a(coll)} schedule has a "
                                    f"single root and no shards")
            if self.root is None:
                return None
        if coll == "allreduce":
            phases = self.allreduce(data)
        else:
            phase = self.phase(data, coll, self.root, "")
            phases = None if phase is None else (phase,)
        if phases is None or self.reasons:
            return None
        notes: tuple[str, ...] = ()
        if self.concurrent:
            time, notes = _shared_time(self.link_times, phases)
        else:
            time = sum((p.time_per_byte for p in phases), Fraction(0))
        algbw = 1 / time
        if coll == "allreduce":
            self.claim(data, "algbw", algbw, "", required=True)
        if self.reasons:
            return None
        if not self.multicast:
            return _Reading(phases, algbw, self.shards, self.concurrent, notes)
        traffic, links = _phases_traffic(phases, self.t.index)
        if traffic[0] == traffic[1]:
            notes += ("\"multicast\" is true, but no switch replicates or aggregates any "
                      "data: every path counts in full, as without multicast",)
        return _Reading(phases, algbw, self.shards, self.concurrent, notes, True, traffic, links)

    def foreign(self, data: Mapping[Any, Any]) -> str | None:
        """One line when the schedule was made for another network, before anything else
        is read: its ``compute_nodes`` are not this topology's, or it names another
        topology and routes over a link this one lacks."""
        named = data.get("topology")
        theirs = named if isinstance(named, str) and named != self.t.name else None
        listed = data.get("compute_nodes")
        if isinstance(listed, (list, tuple)) and all(isinstance(v, str) for v in listed):
            mine = set(self.t.compute_nodes)
            extra = [v for v in dict.fromkeys(listed) if v not in mine]
            absent = [v for v in self.t.compute_nodes if v not in set(listed)]
            if extra or absent:
                detail = "; ".join(part for part in (
                    _some(extra, f"not a compute node of {self.t.name}",
                          f"not compute nodes of {self.t.name}"),
                    _some(absent, "not in the schedule", "not in the schedule")) if part)
                return self.other_network(theirs, f"{len(set(listed))} compute nodes",
                                          detail)
        if theirs is not None:
            hop = self.missing_link(data)
            if hop is not None:
                return self.other_network(theirs, None, f"it routes over {hop[0]} -> {hop[1]}, "
                                                        f"which {self.t.name} does not have")
        return None

    def other_network(self, theirs: str | None, size: str | None, detail: str) -> str:
        mine = f"{self.t.name} ({len(self.compute)} compute nodes)"
        if theirs is None:
            return (f"the schedule's compute nodes are not those of {mine}: {detail}; was it "
                    f"made for another topology?")
        shown = _show(theirs)[1:-1] if len(theirs) <= 60 else _show(theirs)
        return (f"this schedule is for {shown}{f' ({size})' if size else ''}, you gave "
                f"{mine}: {detail}; verify it against the topology it was made for, or "
                f"generate one for {self.t.name}")

    def missing_link(self, data: Mapping[Any, Any]) -> Hop | None:
        """The first hop of a path (trees or phases, read leniently) that is not a link of
        the topology."""
        cap = self.t.capacity
        bodies = data.get("phases") if data.get("collective") == "allreduce" else [data]
        for body in bodies if isinstance(bodies, (list, tuple)) else ():
            trees = body.get("trees") if isinstance(body, Mapping) else None
            for tree in trees if isinstance(trees, (list, tuple)) else ():
                edges = tree.get("edges") if isinstance(tree, Mapping) else None
                for edge in edges if isinstance(edges, (list, tuple)) else ():
                    path = edge.get("path") if isinstance(edge, Mapping) else None
                    if not isinstance(path, (list, tuple)):
                        continue
                    for hop in zip(path, path[1:]):
                        try:
                            if hop not in cap:
                                return hop if all(isinstance(v, str) for v in hop) else None
                        except TypeError:          # an unhashable item: a reason later
                            break
        return None

    def format(self, fmt: Any) -> None:
        """The format and its version; keys of version 2 are judged by the version."""
        wanted = " or ".join(repr(f) for f in SCHEDULE_FORMATS)
        if fmt is _MISSING:
            self.reasons.append(f"missing \"format\": {wanted}")
        elif not isinstance(fmt, str) or fmt not in SCHEDULE_FORMATS:
            self.reasons.append(f"\"format\" is {_show(fmt)}, expected {wanted}")
        else:
            self.version = SCHEDULE_FORMATS.index(fmt) + 1

    def shard_weights(self, raw: Any) -> None:
        """``"weights"``: every compute node exactly once with a non-negative exact number, at
        least one positive; one reason per problem, naming the node. Sets :attr:`shards` and
        :attr:`parts`."""
        if raw is not _MISSING:
            values = self.weight_values(raw)
            if len(values) < len(self.compute):
                self.parts = None
            elif not any(values.values()):
                self.reasons.append("\"weights\" are all 0; at least one compute node needs a "
                                    "shard")
                self.parts = None
            else:
                self.parts = _coprime_integers([values[v] for v in self.t.compute_nodes])
                self.shards = _uneven(self.parts)
                if sum(self.parts) > MAX_INTEGER:
                    self.reasons.append("\"weights\" normalise to integers summing to more "
                                        "than 2^63 - 1; use simpler ratios")
                    self.parts = None
        if self.expected is not None and self.parts is not None:
            self.compare_weights()

    def weight_values(self, raw: Any) -> dict[str, Fraction]:
        """The readable weights by compute node; a reason for every other entry."""
        if not isinstance(raw, Mapping):
            self.reasons.append(f"\"weights\" must be an object mapping every compute node id "
                                f"to a non-negative exact number, found {_show(raw)}")
            return {}
        values: dict[str, Fraction] = {}
        for key in sorted(raw, key=_show):
            value = raw[key]
            if not self.node(key):
                self.reasons.append(f"\"weights\": {_show(key)} is not a node of the topology")
            elif key not in self.compute:
                self.reasons.append(f"\"weights\": {key} is a switch; only compute nodes have "
                                    f"a shard")
            elif (weight := _parse_exact(value)) is None:
                self.reasons.append(f"\"weights\": {key} has weight {_show(value)}, which is "
                                    f"not an exact number (an integer, or a \"p/q\" or decimal "
                                    f"string)")
            elif weight < 0:
                self.reasons.append(f"\"weights\": {key} has weight {_show(value)}; a weight "
                                    f"cannot be negative")
            else:
                values[key] = weight
        for v in self.t.compute_nodes:
            if v not in raw:
                self.reasons.append(f"\"weights\": compute node {v} has no weight; list every "
                                    f"compute node exactly once")
        return values

    def compare_weights(self) -> None:
        """The schedule's normalised weights against the caller's (``verify(weights=...)``)."""
        assert self.expected is not None and self.parts is not None
        for v, got, want in zip(self.t.compute_nodes, self.parts, self.expected):
            if got != want:
                self.reasons.append(
                    f"\"weights\": the schedule's normalised weights differ from the expected "
                    f"ones, first at {v}: {got} of {sum(self.parts)} in the schedule, {want} of "
                    f"{sum(self.expected)} expected")
                return

    def concurrent_flag(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        if raw is not True and raw is not False:
            self.reasons.append(f"\"concurrent\" must be true or false, found {_show(raw)}")
            return
        self.concurrent = raw

    def multicast_flag(self, raw: Any) -> None:
        """``"multicast"``: a boolean. Merging applies only when the file may carry the key
        (version 2), so that a version-1 file holding it gets the one reason that says so."""
        if raw is _MISSING:
            return
        if raw is not True and raw is not False:
            self.reasons.append(f"\"multicast\" must be true or false, found {_show(raw)}")
            return
        self.multicast = raw and self.version != 1

    def common(self, data: Mapping[Any, Any]) -> None:
        named = data.get("topology", _MISSING)
        if named is not _MISSING:
            if not isinstance(named, str):
                self.reasons.append(f"\"topology\" must be a name, found {_show(named)}")
            elif named != self.t.name:
                self.notes.append(f"the schedule names topology {_show(named)}; checked "
                                  f"against {self.t.name!r}")
        units = data.get("units", _MISSING)
        if units is not _MISSING and (not isinstance(units, str) or units != self.t.units):
            self.reasons.append(f"\"units\" is {_show(units)} but the topology's bandwidths "
                                f"are in {self.t.units!r}")
        listed = data.get("compute_nodes", _MISSING)
        if listed is _MISSING:
            self.reasons.append(f"missing \"compute_nodes\": the {len(self.compute)} compute "
                                f"nodes of {self.t.name}, each once")
            return
        if not isinstance(listed, (list, tuple)):
            self.reasons.append(f"\"compute_nodes\" must be a list of node ids, found "
                                f"{_show(listed)}")
            return
        seen: set[str] = set()
        problems: list[str] = []
        for item in listed:
            if not isinstance(item, str) or item not in self.compute:
                problems.append(f"{_show(item)} is not a compute node")
            elif item in seen:
                problems.append(f"{item} is listed twice")
            else:
                seen.add(item)
        absent = [v for v in self.t.compute_nodes if v not in seen]
        if absent:
            problems.append(f"{', '.join(absent[:5])}{' ...' if len(absent) > 5 else ''} "
                            f"missing")
        if problems:
            self.reasons.append(f"\"compute_nodes\" must list exactly the topology's "
                                f"{len(self.compute)} compute nodes: {'; '.join(problems[:5])}"
                                f"{' ...' if len(problems) > 5 else ''}")

    def allreduce(self, data: Mapping[Any, Any]) -> tuple[PhaseLoad, ...] | None:
        raw = data.get("phases", _MISSING)
        if not isinstance(raw, (list, tuple)) or len(raw) != 2:
            found = "nothing" if raw is _MISSING else _show(raw)
            self.reasons.append(f"allreduce needs \"phases\": [reduce-scatter, allgather], "
                                f"found {found}")
            return None
        phases = []
        for i, (phase, want) in enumerate(zip(raw, ALLREDUCE_PHASES)):
            if not isinstance(phase, Mapping):
                self.reasons.append(f"allreduce phase {i} must be an object, found {_show(phase)}")
                continue
            got = phase.get("collective", _MISSING)
            if got != want or not isinstance(got, str):
                self.reasons.append(f"allreduce phase {i} must be {want}, found "
                                    f"{'nothing' if got is _MISSING else _show(got)}")
                continue
            prefix = f"phase {i} ({want}): "
            self.keys(phase, _ALLREDUCE_PHASE_KEYS, prefix,
                      {"root": "an allreduce phase must not carry a \"root\""})
            phases.append(self.phase(phase, want, None, prefix))
        if len(phases) != 2 or any(p is None for p in phases):
            return None
        return tuple(p for p in phases if p is not None)

    def claim(self, obj: Mapping[Any, Any], key: str, actual: Fraction, prefix: str, *,
              required: bool = False) -> None:
        """A claimed number (``algbw`` always, ``tree_bandwidth`` when present) must equal
        the recomputed one exactly."""
        value = obj.get(key, _MISSING)
        if value is _MISSING:
            if required:
                self.reasons.append(f"{prefix}missing \"{key}\": it is "
                                    f"{_fraction_text(actual)} by the link loads")
            return
        claimed = _parse_exact(value)
        if claimed is None:
            self.reasons.append(f"{prefix}\"{key}\" must be an exact number (an integer, or "
                                f"a \"p/q\" or decimal string without sign or spaces), found "
                                f"{_show(value)}")
        elif claimed != actual:
            self.reasons.append(f"{prefix}\"{key}\" claims {_show_fraction(claimed)} but the "
                                f"link loads give {_fraction_text(actual)}")

    def phase(self, phase: Mapping[Any, Any], coll: str, root: str | None,
              prefix: str) -> PhaseLoad | None:
        start = len(self.reasons)
        k = self.count(phase.get("k", _MISSING), "k", prefix)
        trees = phase.get("trees", _MISSING)
        if not isinstance(trees, (list, tuple)) or not trees:
            found = "nothing" if trees is _MISSING else _show(trees)
            self.reasons.append(f"{prefix}\"trees\" must be a non-empty list, found {found}")
            return None
        inward = coll in INWARD
        loads: dict[tuple[str, str], int] = {}
        plain: dict[tuple[str, str], int] = {}     # every path in full (multicast only)
        totals: dict[str, int] = {}
        for i, tree in enumerate(trees):
            troot, weight, hops = self.tree(tree, i, inward, coll, root, prefix)
            if troot is None or weight is None:
                continue
            totals[troot] = totals.get(troot, 0) + weight       # counted even if its edges
            if hops is None:                                    # are wrong: one reason each
                continue
            merged, full = hops
            for hop in merged:
                loads[hop] = loads.get(hop, 0) + weight
            if self.multicast:
                for hop in full:
                    plain[hop] = plain.get(hop, 0) + weight
        if k is not None:
            self.root_totals(totals, k, root, prefix)
        if len(self.reasons) > start or k is None or self.parts is None:
            return None
        cap = self.t.capacity
        per_link = {hop: Fraction(load) / cap[hop] for hop, load in loads.items()}
        worst = max(per_link.values())
        # parts of the data: k of M (single root), or k·ŵ_v of M/(Ŵ·k) at every root v
        parts = k if coll in SINGLE_ROOT else sum(self.parts) * k
        self.claim(phase, "tree_bandwidth", 1 / worst, prefix)
        self.claim(phase, "algbw", parts / worst, prefix, required=True)
        if len(self.reasons) > start:
            return None
        self.link_times.append({hop: r / parts for hop, r in per_link.items()})
        idx = self.t.index
        busiest = sorted(per_link.items(), key=lambda kv: (-kv[1], idx[kv[0][0]], idx[kv[0][1]]))
        top = tuple((a, b, loads[(a, b)], r) for (a, b), r in busiest[:5])
        if not self.multicast:
            return PhaseLoad(coll, k, worst / parts, top)
        # traffic per unit of data: a unit of weight carries 1/parts of it
        links = tuple((a, b, Fraction(loads.get((a, b), 0), parts), Fraction(n, parts))
                      for (a, b), n in sorted(plain.items(), key=lambda kv: (idx[kv[0][0]],
                                                                            idx[kv[0][1]])))
        traffic = (sum((w for _, _, w, _ in links), Fraction(0)),
                   sum((wo for _, _, _, wo in links), Fraction(0)))
        return PhaseLoad(coll, k, worst / parts, top, traffic, links)

    def root_totals(self, totals: Mapping[str, int], k: int, root: str | None,
                    prefix: str) -> None:
        """Every root's trees weigh k (single root, or uniform) or k·ŵ_v (shard weights)."""
        if root is not None:
            wanted = [(root, k, 1)]
        elif self.parts is None:          # unreadable weights: already a reason of their own
            return
        else:
            wanted = [(v, k * w, w) for v, w in zip(self.t.compute_nodes, self.parts)]
        for v, want, w in wanted:
            got = totals.get(v, 0)
            if got == want:
                continue
            if self.shards is None or root is not None:
                rule = f"every root's weights must sum to k = {k}"
            elif w == 0:
                rule = f"{v} has weight 0: no tree may be rooted at it"
            else:
                rule = f"they must weigh k·ŵ = {k}·{w} = {want}"
            self.reasons.append(f"{prefix}trees rooted at {v} weigh {_show(got)} in all; {rule}")

    def tree(self, tree: Any, i: int, inward: bool, coll: str, root: str | None, prefix: str
             ) -> tuple[str | None, int | None, tuple[list[Hop], list[Hop]] | None]:
        """One tree: its root and weight where they are sound (for the per-root totals), and
        if the whole tree is sound its link hops (None otherwise, with its reasons): the
        hops that carry its data (merged under multicast) and every path's hops in full."""
        if not isinstance(tree, Mapping):
            self.reasons.append(f"{prefix}tree #{i} must be an object, found {_show(tree)}")
            return None, None, None
        start = len(self.reasons)
        troot = tree.get("root", _MISSING)
        where = f"{prefix}tree #{i} (root {self.label(troot) if troot is not _MISSING else 'missing'})"
        self.keys(tree, _TREE_KEYS, f"{where}: ")
        weight = self.count(tree.get("weight", _MISSING), "weight", f"{where}: ")
        root_ok = False
        if troot is _MISSING:
            self.reasons.append(f"{where}: missing \"root\"")
        elif not isinstance(troot, str) or troot not in self.compute:
            what = "a switch" if self.node(troot) else "not a node of the topology"
            self.reasons.append(f"{where}: root {self.label(troot)} is {what}; a tree is rooted "
                                f"at a compute node")
        elif root is not None and troot != root:
            self.reasons.append(f"{where}: every {coll} tree must be rooted at {root}")
        else:
            root_ok = True
        counted = (troot if root_ok else None), weight
        edges = tree.get("edges", _MISSING)
        if not isinstance(edges, (list, tuple)):
            found = "nothing" if edges is _MISSING else _show(edges)
            self.reasons.append(f"{where}: \"edges\" must be a list, found {found}")
            return (*counted, None)
        parent: dict[str, str] = {}
        routes: list[Sequence[str]] = []
        for j, e in enumerate(edges):
            self.edge(e, j, where, inward, troot if root_ok else None, parent, routes)
        if root_ok:
            connected, cycles = _walk_to_root(parent, troot)
            for cycle in cycles:
                self.reasons.append(f"{where}: cycle through {' -> '.join(cycle)}")
            missing = [v for v in self.t.compute_nodes if v != troot and v not in connected]
            if missing:
                verb = "deliver to the root from" if inward else "reach"
                shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
                self.reasons.append(f"{where}: does not {verb} {shown}")
        if len(self.reasons) > start or weight is None or not root_ok:
            return (*counted, None)
        full = [hop for route in routes for hop in zip(route, route[1:])]
        if not self.multicast:
            return troot, weight, (full, full)
        merged = self.merge(routes, inward, prefix, f"tree #{i} (root {troot})")
        if merged is None:
            return (*counted, None)
        return troot, weight, (merged, full)

    def merge(self, routes: list[Sequence[str]], inward: bool, prefix: str, tree: str
              ) -> list[Hop] | None:
        """The hops of one sound tree under ``"multicast": true``, each as often as copies
        of the tree's data cross it.

        Out-trees: the paths leaving one compute node u are read from u as a trie of
        prefixes (two paths share a trie node while they share their route from u). A
        prefix ending at a compute node needs one copy; one ending at a multicast switch
        needs one copy, which the switch replicates for every onward hop; one ending at any
        other switch needs as many copies as its onward hops carry, since that switch only
        forwards. The hop into a prefix carries the copies the prefix needs. Without
        multicast switches this is every path in full; paths that part and meet again
        simply count as the separate copies they are. In-trees: the paths into v read
        backwards from v, the same with aggregation instead of replication."""
        groups: dict[str, list[Sequence[str]]] = {}
        for route in routes:
            walk = route[::-1] if inward else route
            groups.setdefault(walk[0], []).append(walk)
        hops: list[Hop] = []
        for end, walks in groups.items():
            self.merge_group(end, walks, inward, hops)
        return hops

    def merge_group(self, end: str, walks: list[Sequence[str]], inward: bool,
                    hops: list[Hop]) -> None:
        """One group's walks (all starting at ``end``): appends every hop as many times as
        copies cross it (see :meth:`merge`)."""
        trie: dict[tuple[int, str], int] = {}     # (prefix, next node) -> the longer prefix
        node_of: dict[int, str] = {0: end}
        children: dict[int, list[int]] = {}
        for walk in walks:
            here = 0
            for b in walk[1:]:
                nxt = trie.get((here, b))
                if nxt is None:
                    nxt = trie[(here, b)] = len(trie) + 1
                    node_of[nxt] = b
                    children.setdefault(here, []).append(nxt)
                here = nxt
        copies: dict[int, int] = {}
        for p in sorted(node_of, reverse=True):  # longer prefixes were numbered later
            kids = children.get(p, [])
            if not kids or node_of[p] in self.capable:
                copies[p] = 1
            else:
                copies[p] = sum(copies[c] for c in kids)
        for p, kids in children.items():
            for c in kids:
                a, b = node_of[p], node_of[c]
                hops.extend([(b, a) if inward else (a, b)] * copies[c])

    def edge(self, e: Any, j: int, where: str, inward: bool, troot: str | None,
             parent: dict[str, str], routes: list[Sequence[str]]) -> None:
        if not isinstance(e, Mapping):
            self.reasons.append(f"{where}: edge #{j} must be an object, found {_show(e)}")
            return
        src, dst, path = e.get("src", _MISSING), e.get("dst", _MISSING), e.get("path", _MISSING)
        ew = f"{where}: edge #{j} {self.label(src)} -> {self.label(dst)}"
        self.keys(e, _EDGE_KEYS, f"{ew}: ")
        ends_ok = True
        for name, end in (("src", src), ("dst", dst)):
            if end is _MISSING:
                self.reasons.append(f"{ew}: missing \"{name}\"")
                ends_ok = False
            elif not isinstance(end, str) or end not in self.compute:
                what = "a switch" if self.node(end) else "not a node of the topology"
                self.reasons.append(f"{ew}: {name} {self.label(end)} is {what}; tree edges join "
                                    f"compute nodes")
                ends_ok = False
        if ends_ok:
            child, up = (src, dst) if inward else (dst, src)
            if src == dst:
                self.reasons.append(f"{ew}: an edge must join two different nodes")
            elif child == troot:
                self.reasons.append(f"{ew}: the root {troot} must not have a parent")
            elif child in parent:
                self.reasons.append(f"{ew}: node {child} has two parents ({parent[child]} and "
                                    f"{up})")
            else:
                parent[child] = up
        if path is _MISSING:
            self.reasons.append(f"{ew}: missing \"path\", the physical route")
            return
        if not isinstance(path, (list, tuple)) or len(path) < 2:
            self.reasons.append(f"{ew}: \"path\" must list at least its two ends, found "
                                f"{_show(path)}")
            return
        for n, v in enumerate(path):
            if not self.node(v):
                self.reasons.append(f"{ew}: path item #{n} {_show(v)} is not a node of the "
                                    f"topology")
                return
        shown = ">".join(path) if len(path) <= 12 else f"{'>'.join(path[:12])}>..."
        if ends_ok and (path[0] != src or path[-1] != dst):
            self.reasons.append(f"{ew}: path {shown} runs from {path[0]} to {path[-1]}, not from "
                                f"{src} to {dst}")
        for relay in path[1:-1]:
            if relay in self.compute:
                self.reasons.append(f"{ew}: path relays through compute node {relay}")
                break
        cap = self.t.capacity
        for hop in zip(path, path[1:]):
            if hop not in cap:
                self.reasons.append(f"{ew}: path uses link {hop[0]} -> {hop[1]}, which does "
                                    f"not exist")
                break
        else:
            routes.append(path)


def _walk_to_root(parent: Mapping[str, str], root: str) -> tuple[set[str], list[list[str]]]:
    """Nodes whose parent chain ends at the root, and the cycles met on the way."""
    state: dict[str, bool] = {root: True}     # True: leads to the root; False: does not
    cycles: list[list[str]] = []
    for start in parent:
        chain: list[str] = []
        on_chain: set[str] = set()
        node = start
        while node not in state and node in parent and node not in on_chain:
            chain.append(node)
            on_chain.add(node)
            node = parent[node]
        if node in on_chain:
            cycles.append(chain[chain.index(node):])
            result = False
        else:
            result = state.get(node, False)
        for v in chain:
            state[v] = result
    return {v for v, ok in state.items() if ok and v != root}, cycles


# --- the bound, by methods of the verifier's own --------------------------------------------------

@lru_cache(maxsize=32)
def _bound(topology: Topology, collective: str, root: str | None, kernel: str | None,
           shards: tuple[int, ...] | None = None) -> CutBound:
    """:func:`bound_of`, remembered per (topology, collective, root, kernel, shard weights):
    a topology is immutable, and a test suite verifies many schedules on one network.
    ``shards`` are normalised weights in topology order, None when uniform."""
    if shards is None:
        return bound_of(topology, collective, root=root, kernel=kernel)
    return bound_of(topology, collective, root=root, kernel=kernel,
                    weights=dict(zip(topology.compute_nodes, shards)))


def bound_of(topology: Topology, collective: str, *, root: str | None = None,
             kernel: str | None = None, weights: Mapping[str, Any] | None = None) -> CutBound:
    """The exact bound of ``collective`` with its cut: the Newton sweep (multi-root) or
    single-root max-flows, cross-checked by enumeration on networks of at most 16 nodes.
    Raises :class:`VerifierSelfCheckError` if the verifier's own computations disagree.

    ``weights`` (allgather, reduce-scatter) maps every compute node id to the relative size
    of its shard, a non-negative exact number (at least one positive); equal weights are the
    uniform collective. The bound is then algbw* = Ŵ · min of B+(S) / ŵ(S ∩ Vc) over the
    sets S that miss a compute node and hold some weight."""
    if collective not in MULTI_ROOT + SINGLE_ROOT:
        raise VerifyArgumentError(f"bound_of: collective {_show(collective)} is not one of "
                                  f"{', '.join(MULTI_ROOT + SINGLE_ROOT)} (allreduce has no "
                                  f"cut bound of its own)")
    shards = _uneven(_check_weights(topology, weights, "bound_of: weights"))
    net = topology.reversed() if collective in INWARD else topology
    if collective in SINGLE_ROOT:
        if shards is not None:
            raise VerifyArgumentError(f"bound_of: {collective} has a single root and no "
                                      f"shards; drop the weights")
        if not isinstance(root, str) or root not in topology.compute_nodes:
            raise VerifyArgumentError(f"bound_of: {collective} needs a root that is a compute "
                                      f"node, got {_show(root)}")
        cut, value = _single_root(net, root, kernel)
        # one max-flow to every other compute node, one min cut to the weakest
        return CutBound(collective, value, cut, sum(1 for v in cut if net.node[v].is_compute),
                        net.cut_bandwidth(cut), "max-flow from the root",
                        max_flows=len(net.compute_nodes))
    return _bottleneck_bound(net, collective, shards, kernel)


def _bottleneck_bound(net: Topology, collective: str, shards: tuple[int, ...] | None,
                      kernel: str | None) -> CutBound:
    """Multi-root bound on ``net`` (already reversed for reduce-scatter): the bottleneck cut
    by the Newton sweep, confirmed by enumeration on small networks and re-summed from the
    links."""
    cut, ratio, flows = _newton_sweep(net, kernel, shards)
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
                    _named_weights(net, shards), flows)


def _integer_links(topology: Topology) -> tuple[list[tuple[int, int]], list[int], Fraction]:
    scale = topology.integer_scale
    idx = topology.index
    edges, caps = [], []
    for (u, v), b in topology.capacity.items():
        edges.append((idx[u], idx[v]))
        caps.append(int(b * scale))
    return edges, caps, scale


def _newton_sweep(topology: Topology, kernel: str | None,
                  shards: tuple[int, ...] | None = None
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

    Integer units: with λ = a/b the links carry a·c_e and the source edges b·ŵ_v."""
    edges, caps, scale = _integer_links(topology)
    compute = [topology.index[v] for v in topology.compute_nodes]
    weight = dict(zip(compute, shards or (1,) * len(compute)))
    cut, ratio = _lower_end(topology, edges, caps, weight)
    oracle = _AuxiliaryNetwork(len(topology.nodes), edges, caps, weight, ratio, kernel)
    for t in compute:
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


def _single_root(topology: Topology, root: str, kernel: str | None) -> tuple[tuple[str, ...], Fraction]:
    edges, caps, scale = _integer_links(topology)
    idx = topology.index
    net = FlowNetwork(len(topology.nodes), edges, caps, kernel=kernel)
    best = min(((net.max_flow(idx[root], idx[v]), idx[v]) for v in topology.compute_nodes
                if v != root))
    side = net.min_cut(idx[root], best[1]).source_side
    cut = tuple(v for v in topology.node_ids if side[idx[v]])
    return cut, Fraction(best[0]) / scale
