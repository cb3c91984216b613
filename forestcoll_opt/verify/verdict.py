"""The verdicts: :func:`verify`, :func:`assert_optimal` and what they conclude.

The verdict carries an optimality certificate: the primal side is the achieved algbw; the
dual side is a cut S* whose ratio |S* ∩ Vc| / B+(S*) (ŵ(S* ∩ Vc) / B+(S*) with weights,
re-summed from the topology's links) bounds every schedule: the throughput bottleneck cut
of the ForestColl paper's section "Throughput Optimality for Collectives" (with shard
weights as its section "Other Collective Operations" adapts it). "optimal" means the two
meet exactly (for allreduce against the LP: the algbw reaches the LP's certified lower
value). A schedule above a bound is an internal contradiction, reported as such and never
as success.

A schedule is read by the verifier's own reader (:mod:`forestcoll_opt.verify.reader`) and
measured against the verifier's own bound (:mod:`forestcoll_opt.verify.bound`); allreduce
is compared with the allreduce LP optimum (the paper's appendix "Allreduce Linear
Program"), whose certified interval the caller passes in: the verifier never solves the LP
itself (the top-level ``forestcoll_opt.verify``, that is
:func:`forestcoll_opt.analysis.checks.verify`, solves it when needed).
``validity_only=True`` asks for the reading alone: format, semantics, link loads and the
exact algbw, compared with no reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..display import html_summary
from ..errors import VerifierSelfCheckError, VerifyArgumentError
from ..model.collective import Collective
from ..model.topology import Topology
from .alltoall import UNIFORM, check_demand, read_alltoall, verdict_fields
from .bound import CutBound, cached_bound
from .group import GroupAction
from .loads import LinkTraffic, PhaseLoad, Reading
from .members import as_group, group_note
from .reader import Reader, load_schedule
from .terms import (COLLECTIVES, check_interval, check_min_ratio, check_weights, fraction_text, named_weights,
                    show)

STATUSES = ("optimal", "below", "valid", "invalid", "contradiction")
AGAINST = ("lp", "trees", "cut")


@dataclass(frozen=True)
class Verdict:
    """What the verifier concluded: a status, the reasons behind it and both halves of the
    certificate. All numbers are exact fractions in the topology's units.

    ``status`` is one of:

    * ``"optimal"`` — a valid schedule that reaches the reference: the exact bound; for
      allreduce ``against="trees"`` the reduce-scatter + allgather tree bound exactly; for
      allreduce ``against="lp"`` at least the LP's certified lower value (so it reaches the
      LP optimum within the LP's certified interval) and at least the tree bound;
      for all-to-all (:mod:`forestcoll_opt.verify.alltoall`) against the LP at least the
      all-to-all LP's certified lower value, against ``"cut"`` exactly the best of the
      verifier's own cut and length bounds;
    * ``"below"`` — a valid schedule under the reference;
    * ``"valid"`` — a valid schedule compared with no reference (``verify(...,
      validity_only=True)``): format, semantics and link loads are checked and ``algbw``
      is exact, but ``bound_algbw``, ``ratio``, ``lp_interval`` and ``rs_ag_bound`` are
      None, ``bounds`` is empty and ``against`` None. It is never optimal and meets no
      ``min_ratio``, so :func:`assert_optimal` can never pass on it;
    * ``"invalid"`` — the schedule breaks the format or its semantics; ``reasons`` has one
      line per problem, naming the tree (by position and root) and the edge;
    * ``"contradiction"`` — the schedule is well formed but the numbers cannot all be right:
      its algbw exceeds a bound no schedule can exceed, the LP interval lies below the tree
      bound that trees reach, or the verifier's two bound computations disagree. This is a
      bug somewhere (verifier, LP or topology); ``reasons`` says which numbers clash.

    :ivar status: one of :data:`STATUSES`, as above.
    :ivar reasons: one line per problem of an ``"invalid"`` schedule, or per clash of a
        ``"contradiction"``; empty otherwise.
    :ivar collective: the schedule's collective (a :class:`Collective`; its string value
        given to the constructor becomes the member); None if the file does not name a
        known one.
    :ivar against: the reference: "cut" for allgather, reduce-scatter, broadcast and reduce
        (the exact cut bound), "lp" or "trees" for allreduce, "lp" or "cut" for alltoall; None for a validity-only
        verdict (or a schedule whose collective is unknown).
    :ivar algbw: the achieved algorithmic bandwidth, recomputed from the exact load of every
        physical link (for an allreduce: of both phases, one after the other or at once);
        None for an invalid schedule.
    :ivar bound_algbw: the reference value: the exact bound, the tree bound, or against the
        LP the LP's certified upper value; None without a reference.
    :ivar ratio: ``algbw / bound_algbw``; against the LP the conservative ratio (to the
        upper value). None without a reference.
    :ivar lp_interval: the allreduce LP optimum's certified interval (lower, upper), as
        given (or as the LP function returned it); None for other collectives, and for an
        allreduce verified without one.
    :ivar ratio_to_lp_lower: ``algbw / lower``, the optimistic ratio to the LP optimum
        (which lies between this and ``ratio_to_lp_upper``); None without an interval.
    :ivar ratio_to_lp_upper: ``algbw / upper``, the conservative ratio; None without an
        interval.
    :ivar rs_ag_bound: allreduce only: 1/(1/rs + 1/ag) of the exact reduce-scatter and
        allgather bounds (without weights: the bound that trees reach, and that the LP
        optimum therefore reaches too); None otherwise and for a validity-only verdict.
    :ivar phases: the primal side: per phase (one for every collective but allreduce, which
        has its reduce-scatter and allgather phases) its k, its time per unit of data "as
        if alone" and its busiest links (:class:`~forestcoll_opt.verify.loads.PhaseLoad`).
    :ivar bounds: the dual side: the bounds compared with, each with its cut S*, |S* ∩ Vc|
        and B+(S*) (:class:`~forestcoll_opt.verify.bound.CutBound`); for allreduce the
        reduce-scatter and allgather bounds (and, with shard weights, the weighted ones
        too); empty for an invalid or validity-only verdict.
    :ivar notes: remarks that change no status: how time was found for concurrent phases,
        where the algbw lies in the LP interval and against the tree bound, an ignored
        ``lp_interval``.
    :ivar weights: the schedule's normalised shard weights ((compute node, ŵ) in topology
        order) when they are not all equal, else None.
    :ivar concurrent: True for an allreduce whose phases run at the same time.
    :ivar multicast: True for a valid (or contradictory) ``"multicast": true`` schedule;
        its loads, algbw and claims are then the merged ones.
    :ivar traffic: a multicast schedule's (total with multicast, total without) per unit of
        data, summed over the phases of an allreduce; None otherwise.
    :ivar link_traffic: the same per link ((src, dst, with, without), topology order) for a
        multicast schedule; empty otherwise.
    :ivar depth: the schedule's depth: the largest number of tree edges (compute hops) from
        a root to a node over every tree (an allreduce: over both phases); None for an
        invalid schedule and for all-to-all (no trees)
    :ivar demand: an all-to-all schedule's normalised demand ((src, dst, d) for every pair
        with d > 0, compute-node order) when it is not uniform (only when asked for with
        ``demand=``, or in a validity-only verdict), else None: None for a uniform
        all-to-all and for every other collective (``to_dict`` says which).
    """

    status: str
    reasons: tuple[str, ...] = ()
    collective: Collective | None = None
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
    demand: tuple[tuple[str, str, int], ...] | None = None
    depth: int | None = None

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown verdict status {self.status!r}; one of {STATUSES}")
        if self.collective is not None:
            object.__setattr__(self, "collective", Collective(self.collective))

    @property
    def total_weight(self) -> int | None:
        """Ŵ, the sum of the normalised shard weights (:attr:`weights`); None when they
        are all equal (no weights)."""
        return None if self.weights is None else sum(w for _, w in self.weights)

    @property
    def unsharded(self) -> int:
        """How many compute nodes have shard weight 0 (no shard of their own)."""
        return 0 if self.weights is None else sum(1 for _, w in self.weights if w == 0)

    def __repr__(self) -> str:
        f = fraction_text
        if self.algbw is None:
            first = f": {self.reasons[0][:80]}" if self.reasons else ""
            return f"Verdict({self.status}, {len(self.reasons)} reason(s){first})"
        against = f" = {f(self.ratio)} × the {self.against} reference {f(self.bound_algbw)}" \
            if self.ratio is not None else ""
        demand = "" if self.collective is not Collective.ALLTOALL else \
            (", uniform demand" if self.demand is None else
             f", non-uniform demand of {len(self.demand)} pair(s)")
        return (f"Verdict({self.status}: {self.collective} algbw={f(self.algbw)}{against}"
                f"{demand})")

    def _repr_html_(self) -> str:
        f = fraction_text
        rows = [("status", self.status), ("collective", self.collective or "?")]
        if self.algbw is not None:
            rows.append(("algbw", _exact_shown(self.algbw)))
        if self.collective is Collective.ALLTOALL and self.algbw is not None:
            rows.append(("demand", "uniform" if self.demand is None else
                         f"non-uniform, {len(self.demand)} pair(s)"))
        if self.ratio is not None:
            rows += [("reference", f"{self.against}: {f(self.bound_algbw)}"),
                     ("ratio", f"{f(self.ratio)} ({float(self.ratio):.6f})")]
        if self.lp_interval is not None:
            rows.append(("LP interval", f"[{float(self.lp_interval[0]):.9g}, "
                                        f"{float(self.lp_interval[1]):.9g}]"))
        for p in self.phases:
            busiest = f"; busiest {p.busiest[0][0]} -> {p.busiest[0][1]}" if p.busiest else ""
            rows.append((f"{p.collective} phase", f"k={p.k}{busiest}"))
        rows += _cut_rows(self.bounds, weighted=self.weights is not None)
        rows += [("reason", r) for r in self.reasons[:10]]
        if len(self.reasons) > 10:
            rows.append(("", f"... and {len(self.reasons) - 10} more (.reasons)"))
        rows += [("note", n) for n in self.notes]      # one per row: each is a sentence
        return html_summary(f"Verdict · {self.status}", rows)

    @property
    def valid(self) -> bool:
        """A well-formed schedule with trustworthy numbers: "optimal", "below", or "valid"
        (validity-only, compared with nothing)."""
        return self.status in ("optimal", "below", "valid")

    @property
    def optimal(self) -> bool:
        """Status "optimal": valid and reaching its reference (never for a validity-only
        verdict, which has none)."""
        return self.status == "optimal"

    @property
    def contradiction(self) -> bool:
        """Status "contradiction": the numbers clash; a bug somewhere, never success."""
        return self.status == "contradiction"

    @property
    def equals_rs_ag_bound(self) -> bool | None:
        """Allreduce: whether the algbw equals the reduce-scatter + allgather tree bound."""
        if self.algbw is None or self.rs_ag_bound is None:
            return None
        return self.algbw == self.rs_ag_bound

    @property
    def traffic_saved(self) -> Fraction | None:
        """A multicast schedule: the share of the traffic with every copy sent that its
        multicast saves, ``1 - with / without`` of :attr:`traffic` (0 when nothing moves);
        None without multicast."""
        if self.traffic is None:
            return None
        with_multicast, without = self.traffic
        return 1 - with_multicast / without if without else Fraction(0)

    def meets(self, min_ratio: Any = 1) -> bool:
        """Whether a valid schedule reaches ``min_ratio`` (in (0, 1]) of its reference:
        ``ratio >= min_ratio``; for allreduce against the LP ``algbw >= min_ratio × lower``
        (within the LP's certified interval; ``lower`` is raised to the tree bound
        ``rs_ag_bound`` if it lies below it, since trees reach that bound and the LP optimum
        is therefore at least as high). Invalid, contradictory and validity-only verdicts
        never do.

        :param min_ratio: the fraction of the reference to reach, in (0, 1] (int, Fraction,
            a finite float, or a "p/q" or decimal string)
        :returns: whether the verdict shows the schedule reaches it
        :raises VerifyArgumentError: if ``min_ratio`` is not a number in (0, 1]"""
        m = check_min_ratio(min_ratio)
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
        each primal phase's "traffic") only for a multicast one; "demand" for an all-to-all
        schedule that was read (``{"uniform": true}``, or ``{"uniform": false, "pairs",
        "total", "matrix"}``)."""
        f = fraction_text
        out = {
            "status": self.status, "valid": self.valid, "optimal": self.optimal,
            "reasons": list(self.reasons),
            "collective": None if self.collective is None else self.collective.value,
            "against": self.against, "algbw": f(self.algbw),
            "bound_algbw": f(self.bound_algbw), "ratio": f(self.ratio),
            "lp_interval": None if self.lp_interval is None else {
                "lower": f(self.lp_interval[0]), "upper": f(self.lp_interval[1])},
            "ratio_to_lp_lower": f(self.ratio_to_lp_lower),
            "ratio_to_lp_upper": f(self.ratio_to_lp_upper),
            "rs_ag_bound": f(self.rs_ag_bound), "equals_rs_ag_bound": self.equals_rs_ag_bound,
            "certificate": {
                "primal": {"algbw": f(self.algbw), "phases": [
                    {"collective": p.collective.value, "k": p.k,
                     "time_per_byte": f(p.time_per_byte),
                     "busiest_links": [{"src": a, "dst": b, "load": load, "load_per_bandwidth": f(r)}
                                       for a, b, load, r in p.busiest]} for p in self.phases]},
                "dual": [_dual_dict(b) for b in self.bounds],
            },
            "notes": list(self.notes),
            "depth": self.depth,
        }
        if self.collective is Collective.ALLTOALL and self.algbw is not None:
            out["demand"] = _demand_dict(self.demand)
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


def _demand_dict(demand: tuple[tuple[str, str, int], ...] | None) -> dict[str, Any]:
    """An all-to-all verdict's demand: ``{"uniform": true}``, or the normalised matrix with
    its number of pairs and Σd."""
    if demand is None:
        return {"uniform": True}
    matrix: dict[str, dict[str, int]] = {}
    for s, r, d in demand:
        matrix.setdefault(s, {})[r] = d
    return {"uniform": False, "pairs": len(demand), "total": sum(d for _, _, d in demand),
            "matrix": matrix}


def _traffic_dict(totals: tuple[Fraction, Fraction] | None,
                  links: tuple[LinkTraffic, ...]) -> dict[str, Any] | None:
    """Traffic per unit of data: totals with and without multicast, and what it saves;
    per link when ``links`` are given."""
    if totals is None:
        return None
    f = fraction_text
    out: dict[str, Any] = {"with_multicast": f(totals[0]), "without_multicast": f(totals[1]),
                           "saved": f(totals[1] - totals[0])}
    if links:
        out["links"] = [{"src": a, "dst": b, "with_multicast": f(w), "without_multicast": f(wo)}
                        for a, b, w, wo in links]
    return out


def _dual_dict(b: CutBound) -> dict[str, Any]:
    f = fraction_text
    out: dict[str, Any] = {"collective": b.collective.value, "algbw": f(b.algbw),
                           "cut": list(b.cut),
                           "cut_compute": b.cut_compute, "cut_bandwidth": f(b.cut_bandwidth),
                           "method": b.method}
    if b.weights is not None:
        out["cut_weight"] = b.cut_weight
        out["total_weight"] = sum(w for _, w in b.weights)
    return out



# --- entry points ------------------------------------------------------------------------------

def verify(topology: Topology, schedule: Any, *, against: str = "lp",
           lp_interval: tuple[Fraction, Fraction] | Callable[[], Any] | None = None,
           kernel: str | None = None, weights: Mapping[str, Any] | None = None,
           validity_only: bool = False, demand: Any = None,
           max_depth: int | None = None) -> Verdict:
    """Check ``schedule`` on ``topology``: report every violation, the achieved algbw and its
    ratio to the reference (see :class:`Verdict` for what each status means).

    An all-to-all schedule is judged for the uniform all-to-all unless ``demand`` asks for
    another matrix: a schedule whose ``"demand"`` differs from the one asked for (a
    non-uniform one when none is asked for) is invalid, with a reason saying how they
    differ, since its algbw measures another collective. A validity-only verdict takes
    the schedule's own demand unless ``demand`` is given. Either way the verdict carries
    the demand (:attr:`Verdict.demand`).

    A weighted allgather or reduce-scatter (``forestcoll-schedule/2`` with ``"weights"``)
    is compared with the exact bound of those weights. A schedule's normalised weights must
    equal the normalisation of ``weights`` when it is given (a schedule without
    ``"weights"`` counts as uniform); a mismatch is a reason naming the first node that
    differs.

    ``against`` and ``lp_interval`` concern allreduce only:

    * ``against="lp"`` (default): an allreduce schedule needs ``lp_interval``; it is optimal
      iff algbw >= lower, a contradiction if algbw > upper, otherwise "below". (Trees reach
      the reduce-scatter + allgather bound, so the LP optimum is at least that bound: a
      ``lower`` below it is raised to it, and an ``upper`` below it is a contradiction.)
    * ``against="trees"``: optimal iff algbw equals the reduce-scatter + allgather tree bound
      exactly; above it is a contradiction. An ``lp_interval`` given as well is reported
      and checked for contradictions. A weighted or concurrent allreduce may exceed that
      bound legitimately, so it is verified against the LP only.

    The verifier does not solve the LP itself; whoever needs an LP value passes it in, or
    passes a function without arguments that returns it: it is called only for an
    allreduce schedule found sound, so that a schedule that is invalid (made for another
    topology, say) is reported without solving anything. (The top-level
    ``forestcoll_opt.verify``, :func:`forestcoll_opt.analysis.checks.verify`, passes such a
    function when no interval is given.) For the other collectives ``against`` is validated
    but unused and an ``lp_interval`` is ignored (with a note), so that one call can serve
    every collective.

    ``validity_only=True`` checks the format, the semantics, the link loads and the shard
    weights and computes the exact algbw, but compares with no reference: a sound schedule
    gets status "valid" (``bound_algbw``, ``ratio`` and the LP fields None, no bounds),
    nothing is solved (a function given as ``lp_interval`` is not called, an interval is
    ignored with a note) and ``against`` is validated but unused; a weighted or concurrent
    allreduce is accepted whatever ``against`` says. Such a verdict is never optimal.

    :param topology: the network the schedule is for
    :param schedule: a dict, the path of a ``forestcoll-schedule/1`` or ``/2`` JSON file, or
        an object with ``to_dict()`` (such as a :class:`~forestcoll_opt.model.schedule.Schedule`)
    :param against: the allreduce reference, "lp" (default) or "trees"
    :param lp_interval: the allreduce LP optimum's certified interval ``(lower, upper)`` in
        the topology's units, both exact (int, Fraction or Decimal; an object with
        ``.lower`` and ``.upper``, such as the LP's result, is taken too): ``lower`` is
        exactly feasible, ``upper`` bounds the LP optimum; or a function without arguments
        returning it
    :param kernel: the max-flow kernel of the verifier's bound (default: the package's)
    :param weights: the shard sizes the caller expects: every compute node id mapped to a
        non-negative exact number, at least one positive (int, Fraction, Decimal or a
        "p/q" or decimal string)
    :param validity_only: check the schedule and compute its algbw, compare with nothing
    :param demand: all-to-all only: the demand matrix the schedule must be for,
        ``{src: {dst: amount}}`` (non-negative exact amounts, normalised to coprime
        integers; pairs left out send nothing) or (src, dst, amount) triples (a schedule's
        or an LP result's ``.demand``), or ``"uniform"``; None (default): uniform, or for a
        validity-only verdict the schedule's own
    :param max_depth: a tree schedule must have depth at most this (its trees no deeper,
        counted in compute hops from the root): a deeper one is invalid, with a reason
        naming its depth; None (default): any depth (the verdict reports it,
        :attr:`Verdict.depth`)
    :returns: the :class:`Verdict`; everything wrong *in* a schedule is a reason in it,
        never an exception
    :raises VerifyError: if the schedule cannot be read at all
    :raises VerifyArgumentError: for unusable arguments: an allreduce against the LP without
        ``lp_interval`` (pass the interval or ``against="trees"``), a weighted or concurrent
        allreduce against the trees, malformed ``weights``, ``demand`` or ``lp_interval``,
        ``weights`` for an all-to-all schedule or ``demand`` for any other
    :raises FlowError: if the max-flow kernel cannot answer
    """
    if against not in AGAINST:
        raise VerifyArgumentError(f"against={show(against)}: use \"lp\" (the allreduce or "
                                  f"all-to-all LP optimum), \"trees\" (the reduce-scatter + "
                                  f"allgather bound) or \"cut\" (all-to-all: the verifier's "
                                  f"own bounds)")
    if not isinstance(validity_only, bool):
        raise VerifyArgumentError(f"validity_only must be True or False, got {show(validity_only)}")
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int)
                                  or max_depth < 1):
        raise VerifyArgumentError(f"max_depth={show(max_depth)}: give a positive whole number "
                                  f"of hops, or None for any depth", options=("max_depth",))
    solve = lp_interval if callable(lp_interval) else None
    interval = None if solve else check_interval(lp_interval)
    wanted = check_demand(topology, demand)
    data = load_schedule(schedule)
    # a process group's schedule (forestcoll-schedule/5) is judged on the network as its
    # group sees it: the other compute nodes forward, as switches do (verify/members.py)
    topology = as_group(topology, data)
    expected = check_weights(topology, weights, "weights")
    if data.get("collective") == "alltoall":
        if expected is not None:
            raise VerifyArgumentError(
                "weights= are the shard sizes of an allgather, reduce-scatter or allreduce; an "
                "all-to-all schedule has none (what each pair moves is its demand: pass "
                "demand=)", options=("weights", "demand"))
        if wanted is None and not validity_only:
            wanted = UNIFORM
        return _alltoall_verdict(topology, data, against, interval, solve, validity_only,
                                 wanted)
    if wanted is not None and data.get("collective") in COLLECTIVES:
        # (a schedule naming no known collective is invalid, which the reader says)
        raise VerifyArgumentError(f"demand= is an all-to-all's matrix of amounts per pair; "
                                  f"the schedule's collective is {show(data.get('collective'))}",
                                  options=("demand",))
    if against == "cut" and data.get("collective") == "allreduce":
        raise VerifyArgumentError("against=\"cut\" is all-to-all's reference; verify an "
                                  "allreduce with against=\"lp\" or against=\"trees\"",
                                  options=("against",))
    if not validity_only and needs_lp_interval(data, against=against) and interval is None \
            and solve is None:
        raise VerifyArgumentError(
            "an allreduce schedule is verified against the allreduce LP optimum: pass "
            "lp_interval=(lower, upper), the LP's certified interval (e.g. from "
            "forestcoll_opt.lp.solver), or against=\"trees\" to compare with the reduce-scatter + "
            "allgather tree bound")
    reader = Reader(topology, expected)
    parsed = reader.read(data)
    reader.notes.extend(group_note(data, topology))
    coll = reader.collective
    depth = reader.depth if parsed is not None else None
    if depth is not None and max_depth is not None and depth > max_depth:
        return Verdict("invalid", (f"the schedule's depth is {depth}: a tree reaches a node "
                                   f"{depth} compute hops from its root, more than max_depth="
                                   f"{max_depth}",), coll, None if validity_only else
                       (against if coll == "allreduce" else "cut"), notes=tuple(reader.notes),
                       depth=depth)
    if validity_only:
        return replace(_validity_verdict(topology, reader, parsed, interval is not None),
                       depth=depth)
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
        interval = check_interval(solve())
    shape = {"weights": named_weights(topology, parsed.shards), "concurrent": parsed.concurrent,
             "depth": depth, **_multicast_shape(parsed)}
    if coll != "allreduce":
        notes += parsed.notes         # (an allreduce verdict adds them itself)
    try:
        if coll == "allreduce":
            return replace(_allreduce_verdict(topology, parsed, mode, interval,
                                              notes + parsed.notes, kernel, reader.group),
                           depth=depth)
        bound = cached_bound(topology, coll, reader.root, kernel, parsed.shards,
                             _sink_orbits(topology, reader.group, parsed.shards))
    except VerifierSelfCheckError as exc:
        return Verdict("contradiction", (f"internal contradiction: {exc}",), coll, mode,
                       parsed.algbw, phases=parsed.phases, notes=notes, **shape)
    algbw = parsed.algbw
    ratio = algbw / bound.algbw
    if ratio > 1:
        return Verdict("contradiction", (
            f"internal contradiction: the schedule's algbw {fraction_text(algbw)} exceeds the "
            f"exact {coll} bound {fraction_text(bound.algbw)}, which no schedule can exceed; "
            f"the verifier or the topology is wrong, please report it",),
            coll, mode, algbw, bound.algbw, ratio, phases=parsed.phases, bounds=(bound,),
            notes=notes, **shape)
    return Verdict("optimal" if ratio == 1 else "below", (), coll, mode, algbw, bound.algbw,
                   ratio, phases=parsed.phases, bounds=(bound,), notes=notes, **shape)


def _alltoall_verdict(topology: Topology, data: Any, against: str,
                      interval: tuple[Fraction, Fraction] | None, solve: Callable[[], Any] | None,
                      validity_only: bool, wanted: Any) -> Verdict:
    """An all-to-all schedule (:mod:`forestcoll_opt.verify.alltoall`): against the LP's
    interval (passed in, or a function solving it, called only for a sound schedule) or
    against the verifier's own cut and length bounds; ``wanted`` the demand it must be for
    (None: its own)."""
    if against == "trees":
        raise VerifyArgumentError("against=\"trees\" is allreduce's reference; verify an "
                                  "all-to-all with against=\"lp\" (its LP optimum) or "
                                  "against=\"cut\" (the verifier's own bounds)",
                                  options=("against",))
    if against == "lp" and interval is None and solve is None and not validity_only:
        raise VerifyArgumentError(
            "an alltoall schedule is verified against the all-to-all LP optimum: pass "
            "lp_interval=(lower, upper), its certified interval (e.g. from "
            "forestcoll_opt.lp.alltoall), or against=\"cut\" to compare with the verifier's "
            "own cut and length bounds")
    reader = Reader(topology)
    parsed = read_alltoall(reader, data, wanted)
    notes = tuple(reader.notes) + group_note(data, topology)
    if parsed is None:
        return Verdict("invalid", tuple(reader.reasons), "alltoall", None if validity_only
                       else against, notes=notes)
    if validity_only:
        if interval is not None:
            notes += ("lp_interval is ignored: a validity-only verdict compares with no "
                      "reference",)
        return Verdict("valid", (), "alltoall", algbw=parsed.algbw, phases=(parsed.phase,),
                       notes=notes, demand=parsed.demand(topology))
    if against == "lp" and interval is None and solve is not None:
        interval = check_interval(solve())
    fields = verdict_fields(topology, parsed, against, interval if against == "lp" else None)
    if interval is not None and against != "lp":
        notes += ("lp_interval is ignored: against=\"cut\" compares with the verifier's own "
                  "bounds only",)
    fields["notes"] = notes + fields["notes"]
    return Verdict(**fields)


def _validity_verdict(topology: Topology, reader: Reader, parsed: "Reading | None",
                      interval_given: bool) -> Verdict:
    """The verdict of ``validity_only``: "invalid" with the reader's reasons, or "valid" with
    the exact algbw and the primal side, and no reference."""
    notes = tuple(reader.notes)
    if interval_given:
        notes += ("lp_interval is ignored: a validity-only verdict compares with no "
                  "reference",)
    if parsed is None:
        return Verdict("invalid", tuple(reader.reasons), reader.collective, notes=notes)
    return Verdict("valid", (), reader.collective, algbw=parsed.algbw, phases=parsed.phases,
                   notes=notes + parsed.notes, weights=named_weights(topology, parsed.shards),
                   concurrent=parsed.concurrent, **_multicast_shape(parsed))


def _sink_orbits(topology: Topology, group: GroupAction | None,
                 shards: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The orbit of every compute node under a compact schedule's proven group, for the
    bound to test one sink per orbit (:func:`~forestcoll_opt.verify.bound.cached_bound`);
    None without a group, or when its orbits do not keep the shard weights."""
    if group is None:
        return None
    orbits = tuple(group.node_orbit[v] for v in topology.compute_nodes)
    if shards is not None:
        weight: dict[int, int] = {}
        for orbit, w in zip(orbits, shards):
            if weight.setdefault(orbit, w) != w:
                return None
    return orbits


def _allreduce_verdict(topology: Topology, parsed: "Reading", against: str,
                       interval: tuple[Fraction, Fraction] | None, notes: tuple[str, ...],
                       kernel: str | None, group: GroupAction | None = None) -> Verdict:
    orbits = _sink_orbits(topology, group, None)
    rs = cached_bound(topology, "reduce-scatter", None, kernel, None, orbits)
    ag = cached_bound(topology, "allgather", None, kernel, None, orbits)
    trees = 1 / (1 / rs.algbw + 1 / ag.algbw)
    algbw = parsed.algbw
    t = fraction_text
    orbits = _sink_orbits(topology, group, parsed.shards)
    own = (rs, ag) if parsed.shards is None else (
        cached_bound(topology, "reduce-scatter", None, kernel, parsed.shards, orbits),
        cached_bound(topology, "allgather", None, kernel, parsed.shards, orbits))
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
                   parsed.phases, bounds, notes, named_weights(topology, parsed.shards),
                   parsed.concurrent, **_multicast_shape(parsed))


def _multicast_shape(parsed: "Reading") -> dict[str, Any]:
    """The verdict fields of a multicast schedule (none otherwise, so that the verdicts of
    other schedules stay as they were)."""
    if not parsed.multicast:
        return {}
    return {"multicast": True, "traffic": parsed.traffic, "link_traffic": parsed.link_traffic}


def _exact_shown(value: Fraction) -> str:
    """An exact number for the summary: an integer alone (``128``, not ``128 (128)``),
    else ``p/q (decimal)``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{fraction_text(value)} ({float(value):.6g})"


def _cut_rows(bounds: tuple[CutBound, ...], *, weighted: bool) -> list[tuple[str, str]]:
    """One row per distinct cut of ``bounds``: an allreduce's reduce-scatter and allgather
    bounds with one cut S* share a row (the report showed the same cut twice), and with
    shard weights each row says which shards its bound counts."""
    rows: dict[tuple[str, tuple[str, ...], Fraction], list[CutBound]] = {}
    for b in bounds:
        which = "" if not weighted else (" (equal shards)" if b.weights is None else
                                         " (shard weights)")
        rows.setdefault((which, b.cut, b.cut_bandwidth), []).append(b)
    return [(f"{' and '.join(str(b.collective) for b in same)} cut S*{which}",
             f"{same[0].cut_compute} compute of {len(cut)} nodes, "
             f"B(S*)={fraction_text(bandwidth)}")
            for (which, cut, bandwidth), same in rows.items()]


def _phase_clashes(phases: tuple[PhaseLoad, ...], bounds: tuple[CutBound, CutBound]) -> list[str]:
    """Each allreduce phase, run alone, is a reduce-scatter or an allgather schedule (with
    the schedule's shard weights): its algbw cannot exceed that collective's exact bound."""
    clashes = []
    for i, (phase, bound) in enumerate(zip(phases, bounds)):
        alone = 1 / phase.time_per_byte
        if alone > bound.algbw:
            kind = "weighted " if bound.weights is not None else ""
            clashes.append(f"internal contradiction: phase {i} ({phase.collective}) alone "
                           f"reaches algbw {fraction_text(alone)}, above the exact {kind}"
                           f"{bound.collective} bound {fraction_text(bound.algbw)}, which no "
                           f"schedule can exceed")
    return clashes


def _tree_bound_note(algbw: Fraction, trees: Fraction) -> tuple[str, ...]:
    t = fraction_text
    if algbw == trees:
        return (f"equals the reduce-scatter + allgather tree bound {t(trees)} exactly",)
    if algbw < trees:
        return (f"is below the reduce-scatter + allgather tree bound {t(trees)} "
                f"(ratio {t(algbw / trees)})",)
    return (f"exceeds the reduce-scatter + allgather tree bound {t(trees)} (ratio "
            f"{t(algbw / trees)})",)


def assert_optimal(topology: Topology, schedule: Any, *, min_ratio: Any = 1,
                   against: str = "lp",
                   lp_interval: tuple[Fraction, Fraction] | Callable[[], Any] | None = None,
                   kernel: str | None = None,
                   weights: Mapping[str, Any] | None = None, demand: Any = None) -> Verdict:
    """For users' test suites: raise ``AssertionError`` (carrying ``.verdict``) unless the
    schedule is valid and reaches ``min_ratio`` of its reference (see
    :meth:`Verdict.meets`; for allreduce against the LP: algbw >= min_ratio × the LP's
    certified lower value, "within the LP's certified interval"). It always compares with
    a reference (it has no ``validity_only``), and a verdict without one never passes.

    :param topology: the network the schedule is for
    :param schedule: as for :func:`verify`
    :param min_ratio: the fraction of the reference to reach, in (0, 1]; default 1: optimal
    :param against: as for :func:`verify`
    :param lp_interval: as for :func:`verify` (an interval or a function returning it)
    :param kernel: as for :func:`verify`
    :param weights: as for :func:`verify`
    :param demand: as for :func:`verify` (all-to-all: the demand the schedule must be for)
    :returns: the verdict, when it passes
    :raises AssertionError: with the verdict as ``.verdict``, for an invalid schedule, a
        contradiction, or a schedule below ``min_ratio`` (the message says which)
    :raises VerifyArgumentError: for unusable arguments, as :func:`verify` does, and for a
        ``min_ratio`` outside (0, 1]
    """
    m = check_min_ratio(min_ratio)
    verdict = verify(topology, schedule, against=against, lp_interval=lp_interval, kernel=kernel,
                     weights=weights, demand=demand)
    err = _failure(verdict, m)
    if err is None:
        return verdict
    raise err


def _failure(verdict: Verdict, min_ratio: Fraction) -> AssertionError | None:
    """The ``AssertionError`` :func:`assert_optimal` raises for ``verdict`` (carrying it as
    ``.verdict``), or None when the verdict reaches ``min_ratio`` of its reference. A
    verdict without a reference (status "valid") always fails."""
    if verdict.status == "invalid":
        err = AssertionError("invalid schedule: " + "; ".join(verdict.reasons))
    elif verdict.status == "contradiction":
        err = AssertionError("; ".join(verdict.reasons))
    elif verdict.ratio is None or verdict.bound_algbw is None:
        err = AssertionError(f"a {verdict.status!r} verdict compares with no reference, so it "
                             f"cannot show that the schedule reaches {min_ratio} of one")
    elif not verdict.meets(min_ratio):
        what = {"lp": "the allreduce LP's certified upper value", "trees":
                "the reduce-scatter + allgather tree bound"}.get(verdict.against or "", "the bound")
        err = AssertionError(f"schedule reaches {verdict.ratio} (~{float(verdict.ratio):.4f}) of "
                             f"{what} {fraction_text(verdict.bound_algbw)}, below {min_ratio}")
    else:
        return None
    err.verdict = verdict  # type: ignore[attr-defined]
    return err


def needs_lp_interval(schedule: Any, *, against: str = "lp") -> bool:
    """Whether :func:`verify` needs ``lp_interval`` for this schedule (an allreduce checked
    against the LP). ``schedule`` is read as by :func:`load_schedule`: read a file once with
    it, ask this, solve the LP only if needed, then pass the dict to :func:`verify`."""
    data = load_schedule(schedule)
    return against == "lp" and data.get("collective") in ("allreduce", "alltoall")

