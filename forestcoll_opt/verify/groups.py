"""Process groups at once, judged by the verifier's own means: a
``forestcoll-group-schedules/1`` document (docs/formats.md) against the link capacities.

Every group's schedule is read by the verifier's own schedule reader on the network as
its group sees it (:mod:`~forestcoll_opt.verify.members`), which gives per phase each
link's time per unit of data t_g(e) = load / (parts · bandwidth). Running every group g at
algbw λ·w_g at once, the phases aligned (every group's reduce-scatter, then every group's
allgather), phase p needs max_e Σ_g w_g·t_g,p(e) per unit of λ, so the largest common scale
at which the summed loads fit every link is λ = 1 / Σ_p max_e Σ_g w_g·t_g,p(e). That is the
joint λ, recomputed exactly; the file's ``"achieved"`` must equal it. An all-to-all group
(one phase) is read by the verifier's all-to-all reader, for the uniform all-to-all among
its members, with t_g(e) = (N_g−1)·load(e) / (k·Σd·b_e).

The reference comes in as an argument (the verifier solves no LP): the
concurrent-groups LP's certified interval (lower, upper) for the groups the caller expects.
OPTIMAL when λ equals ``upper``, BELOW under it (the ratio λ/upper), a contradiction above
it. ``expected`` names the groups (members and weights) the caller asked about: a group
missing, one more, a changed member set or weight is a reason, so a file cannot look
better by leaving out a group or reshaping one.

``"relay": false`` (schedules made without relays): a group's schedule must then load no
link with a compute node outside the group at either end — a path between members that
enters such a node would have it forward for the group — read from the verifier's own link
loads of the schedule; the caller passes the interval of the LP without relays.

Part of the independent verifier: it shares no code with the generator, the LP or the
model's reader of the same format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from ..display import html_summary
from ..model.collective import Collective
from ..model.topology import Topology
from .alltoall import UNIFORM, read_alltoall
from .jsonread import load_schedule
from .members import as_group, listed_members
from .reader import Reader
from .terms import GROUP_SCHEDULES, check_interval, fraction_text, parse_exact, show
from .verdict import STATUSES

GROUPS_FORMAT = GROUP_SCHEDULES
GROUPS_COLLECTIVES = ("allgather", "reduce-scatter", "allreduce", "alltoall")
_TOP = ("format", "collective", "topology", "units", "layout", "relay", "lambda", "achieved",
        "groups")


@dataclass(frozen=True)
class GroupCheck:
    """One group of a :class:`GroupsVerdict`: its name, members, weight w_g, its schedule's
    algbw alone (on the whole link bandwidths; None if invalid), λ·w_g, what it gets
    with every group at once (None if the document is invalid), and the group's own
    optimum alone when the LP's result came with it (``forestcoll groups``' "alone": the
    best any schedule of this group gets with the other groups idle; None otherwise)."""

    name: str
    members: tuple[str, ...]
    weight: Fraction
    alone: Fraction | None
    together: Fraction | None
    optimum_alone: Fraction | None = None


@dataclass(frozen=True)
class GroupsVerdict:
    """The verifier's verdict on process groups' schedules run at once.

    :ivar status: ``"optimal"`` (λ equals the LP's certified upper value), ``"below"``,
        ``"valid"`` (no interval given), ``"invalid"`` (``reasons``), or
        ``"contradiction"`` (λ above the certified upper value: a bug somewhere)
    :ivar reasons: one line per problem
    :ivar collective: the collective every group runs (None if unreadable)
    :ivar lam: the joint λ the schedules reach, recomputed from the summed link loads
    :ivar lp_interval: the concurrent-groups LP's certified interval given, or None
    :ivar ratio: lam / upper
    :ivar groups: per group, its schedule alone, together, and its optimum alone when
        known (:class:`GroupCheck`)
    :ivar busiest: per phase, the link that limits λ and Σ_g w_g·t_g(e) on it (time per
        unit of λ)
    :ivar notes: remarks that change no status
    """

    status: str
    reasons: tuple[str, ...] = ()
    collective: Collective | None = None
    lam: Fraction | None = None
    lp_interval: tuple[Fraction, Fraction] | None = None
    ratio: Fraction | None = None
    groups: tuple[GroupCheck, ...] = ()
    busiest: tuple[tuple[str, str, Fraction], ...] = ()
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown verdict status {self.status!r}; one of {STATUSES}")

    @property
    def valid(self) -> bool:
        """The document is sound (every schedule valid, the claim exact)."""
        return self.status in ("optimal", "below", "valid")

    @property
    def optimal(self) -> bool:
        """λ equals the certified upper value: the joint optimum, exactly."""
        return self.status == "optimal"

    def __repr__(self) -> str:
        lam = "" if self.lam is None else f" λ={fraction_text(self.lam)}"
        ratio = "" if self.ratio is None else f" ratio={fraction_text(self.ratio)}"
        return (f"GroupsVerdict({self.status}, {len(self.groups)} groups{lam}{ratio}"
                f"{f', {len(self.reasons)} reason(s)' if self.reasons else ''})")

    def _repr_html_(self) -> str:
        rows: list[tuple[str, Any]] = [("status", self.status.upper())]
        if self.lam is not None:
            rows.append(("λ together", fraction_text(self.lam)))
        if self.lp_interval is not None:
            rows.append(("LP interval", f"[{fraction_text(self.lp_interval[0])}, "
                                        f"{fraction_text(self.lp_interval[1])}]"))
        if self.ratio is not None:
            rows.append(("ratio", f"{fraction_text(self.ratio)} ({float(self.ratio):.4f})"))
        rows.append(("groups", str(len(self.groups))))
        rows.extend(("reason", r) for r in self.reasons[:5])
        rows.extend(("note", n) for n in self.notes)
        return html_summary(f"GroupsVerdict · {self.status}", rows)

    def to_dict(self) -> dict[str, Any]:
        """JSON types; exact values as ``"p/q"`` text."""
        def ex(v: Fraction | None) -> str | None:
            return None if v is None else fraction_text(v)

        return {"status": self.status, "reasons": list(self.reasons),
                "collective": None if self.collective is None else self.collective.value,
                "lambda": ex(self.lam),
                "lp_interval": None if self.lp_interval is None else
                [ex(self.lp_interval[0]), ex(self.lp_interval[1])],
                "ratio": ex(self.ratio),
                "groups": [{"name": g.name, "members": len(g.members),
                            "weight": ex(g.weight), "alone": ex(g.alone),
                            "together": ex(g.together),
                            "optimum_alone": ex(g.optimum_alone)} for g in self.groups],
                "busiest": [{"src": a, "dst": b, "time_per_lambda": ex(t)}
                            for a, b, t in self.busiest],
                "notes": list(self.notes)}


def _expected(expected: Any) -> dict[frozenset, Fraction] | None:
    """The caller's groups as {member set: weight}: (members, weight) pairs or objects
    with ``.members`` and ``.weight``."""
    if expected is None:
        return None
    out: dict[frozenset, Fraction] = {}
    for item in expected:
        if hasattr(item, "members"):
            members, weight = item.members, getattr(item, "weight", 1)
        else:
            members, weight = item
        out[frozenset(members)] = Fraction(weight)
    return out


def verify_groups(topology: Topology, document: Any, *,
                  lp_interval: "tuple[Any, Any] | Callable[[], Any] | None" = None,
                  expected: "Iterable[Any] | None" = None) -> GroupsVerdict:
    """Judge process groups' schedules run at once (module docstring).

    :param topology: the whole network
    :param document: a ``forestcoll-group-schedules/1`` mapping, file path, or an object
        with ``to_dict()``
    :param lp_interval: the concurrent-groups LP's certified interval (lower, upper) of λ for
        the expected groups (an object with ``.lower`` and ``.upper`` is taken, and its
        ``rows``' optima alone, as a ``ConcurrentBound`` has, are shown per group), or a
        function without arguments returning it, called only for a sound document; None:
        validity only (status ``"valid"``)
    :param expected: the groups the caller asks about: (members, weight) pairs or objects
        with ``.members`` and ``.weight``; None: the document's own
    :returns: the :class:`GroupsVerdict`; what is wrong in the document is a reason
    :raises VerifyError: when the document cannot be read at all
    :raises VerifyArgumentError: for a malformed interval
    """
    solve = lp_interval if callable(lp_interval) else None
    interval = None if solve else check_interval(lp_interval)
    data = load_schedule(document)
    reasons: list[str] = []
    notes: list[str] = []
    if data.get("format") != GROUPS_FORMAT:
        return GroupsVerdict("invalid", (f"\"format\" must be {GROUPS_FORMAT!r}, found "
                                         f"{show(data.get('format'))}",))
    for key in data:
        if key not in _TOP:
            reasons.append(f"unknown key {show(key)}")
    coll = data.get("collective")
    if coll not in GROUPS_COLLECTIVES:
        return GroupsVerdict("invalid", (f"\"collective\" must be one of "
                                         f"{', '.join(GROUPS_COLLECTIVES)}, found {show(coll)}",))
    member = Collective(coll)
    if "topology" in data and not isinstance(data["topology"], str):
        reasons.append(f"\"topology\" must be a string, found {show(data['topology'])}")
    layout = data.get("layout", {"mesh": "-", "along": "-"})
    if not isinstance(layout, Mapping) or set(layout) != {"mesh", "along"} or not all(
            isinstance(v, str) and v for v in layout.values()):
        reasons.append(f"\"layout\" must be {{\"mesh\": \"dp=16,tp=8\", \"along\": \"dp\"}}, "
                       f"found {show(layout)}")
    written = data.get("lambda", {"lower": 1, "upper": 1})
    if not isinstance(written, Mapping) or set(written) != {"lower", "upper"} or any(
            parse_exact(v) is None or parse_exact(v) <= 0 for v in written.values()):
        reasons.append(f"\"lambda\" must be {{\"lower\": exact, \"upper\": exact}}, both "
                       f"positive, found {show(written)}")
    relay = data.get("relay", True)
    if not isinstance(relay, bool):
        reasons.append(f"\"relay\" must be true or false, found {show(relay)}")
    elif not relay and coll == "alltoall":
        reasons.append("\"relay\": false is for allgather, reduce-scatter and allreduce "
                       "groups; all-to-all groups at once route through any node")
    elif not relay:
        notes.append("\"relay\": false: no group's schedule may pass through a compute node "
                     "outside it; judged against the LP without relays")
    if "units" in data and data["units"] != topology.units:
        reasons.append(f"\"units\" {show(data['units'])} differ from the topology's "
                       f"{topology.units!r}")
    raw = data.get("groups")
    if not isinstance(raw, list) or not raw:
        return GroupsVerdict("invalid", tuple(reasons) + (
            f"\"groups\" must be a non-empty list, found {show(raw)}",), member)
    names: set[str] = set()
    seen: dict[frozenset, str] = {}
    read: list[tuple[str, tuple[str, ...], Fraction, list]] = []
    checks: list[GroupCheck] = []
    for i, item in enumerate(raw):
        where = f"group #{i}"
        if not isinstance(item, Mapping) or set(item) != {"name", "weight", "schedule"}:
            reasons.append(f"{where} must be an object with exactly \"name\", \"weight\" and "
                           f"\"schedule\", found {show(item)}")
            continue
        name = item["name"]
        if not isinstance(name, str) or not name or len(name) > 256:
            reasons.append(f"{where}: \"name\" must be a non-empty string")
            continue
        where = f"group {name!r}"
        if name in names:
            reasons.append(f"{where} is named twice")
        names.add(name)
        weight = parse_exact(item["weight"])
        if weight is None or weight <= 0:
            reasons.append(f"{where}: \"weight\" must be a positive exact number, found "
                           f"{show(item['weight'])}")
            continue
        sched = item["schedule"]
        members = listed_members(sched)
        if members is None:
            reasons.append(f"{where}: its schedule must be a forestcoll-schedule/5 with a "
                           f"\"process_group\" of at least two distinct members")
            continue
        if sched.get("collective") != coll:
            reasons.append(f"{where}: its schedule runs {show(sched.get('collective'))}, the "
                           f"document {coll}")
            continue
        key = frozenset(members)
        if key in seen:
            reasons.append(f"{where} has the same members as group {seen[key]!r}")
        seen[key] = name
        judged = as_group(topology, sched)
        reader = Reader(judged)
        # an all-to-all group runs the uniform all-to-all among its members
        parsed = read_alltoall(reader, sched, UNIFORM) if coll == "alltoall" else \
            reader.read(sched)
        if parsed is None:
            reasons.extend(f"{where}: {r}" for r in reader.reasons[:5])
            if len(reader.reasons) > 5:
                reasons.append(f"{where}: ... {len(reader.reasons) - 5} more problem(s)")
            checks.append(GroupCheck(name, members, weight, None, None))
            continue
        if getattr(parsed, "concurrent", False):
            reasons.append(f"{where}: a concurrent allreduce (both phases at once) cannot "
                           f"align its phases with the other groups'")
            continue
        if relay is False:
            through = _outsiders(topology, members, reader.link_times)
            if through:
                reasons.append(f"{where}: its schedule passes through {len(through)} compute "
                               f"node(s) outside the group ({', '.join(through[:3])}"
                               f"{' ...' if len(through) > 3 else ''}), but the file says "
                               f"\"relay\": false")
        read.append((name, members, weight, list(reader.link_times)))
        checks.append(GroupCheck(name, members, weight, parsed.algbw, None))
    wanted = _expected(expected)
    if wanted is not None:
        for key, weight in wanted.items():
            if key not in seen:
                shown = ", ".join(sorted(key)[:3]) + (" ..." if len(key) > 3 else "")
                reasons.append(f"a group is missing: the one of {len(key)} members ({shown}) "
                               f"asked about has no schedule")
        for key, name in seen.items():
            if key not in wanted:
                reasons.append(f"group {name!r} is not one of the groups asked about (its "
                               f"members differ from every one of them)")
        for _, members, weight, _t in read:
            w = wanted.get(frozenset(members))
            if w is not None and w != weight:
                reasons.append(f"a group of {len(members)} has weight {fraction_text(weight)}"
                               f", asked about with weight {fraction_text(w)}")
    if reasons:
        return GroupsVerdict("invalid", tuple(reasons), member, groups=tuple(checks),
                             notes=tuple(notes))
    lam, busiest = _joint(read, topology.index)
    claimed = parse_exact(data.get("achieved"))
    if claimed is None:
        reasons.append(f"\"achieved\" must be an exact number: it is {fraction_text(lam)} by "
                       f"the summed link loads")
    elif claimed != lam:
        reasons.append(f"\"achieved\" claims λ = {fraction_text(claimed)} but the summed link "
                       f"loads of every group at once give {fraction_text(lam)}")
    claims = _written(data.get("lambda"))
    if claims is not None and claims[0] > claims[1]:
        reasons.append(f"\"lambda\" claims the interval [{fraction_text(claims[0])}, "
                       f"{fraction_text(claims[1])}], whose lower end is above its upper")
    elif claims is not None and lam > claims[1]:
        reasons.append(f"\"lambda\" claims the optimum is at most {fraction_text(claims[1])}, "
                       f"but the schedules reach λ = {fraction_text(lam)} together")
    checks = [GroupCheck(c.name, c.members, c.weight, c.alone, lam * c.weight) for c in checks]
    if reasons:
        return GroupsVerdict("invalid", tuple(reasons), member, lam, groups=tuple(checks),
                             busiest=busiest)
    given = solve() if solve is not None else lp_interval
    if solve is not None:
        interval = check_interval(given)
    checks = _with_optima(checks, given)
    if interval is None:
        return GroupsVerdict("valid", (), member, lam, groups=tuple(checks), busiest=busiest,
                             notes=("no LP interval given: validity only",))
    lower, upper = interval
    written = data.get("lambda")
    if claims is not None and lam <= upper and (claims[1] < lower or claims[0] > upper):
        # two certified intervals of one optimum always meet: the file's is forged
        return GroupsVerdict("invalid", (
            f"\"lambda\" claims the certified interval [{fraction_text(claims[0])}, "
            f"{fraction_text(claims[1])}], but the optimum lies in [{fraction_text(lower)}, "
            f"{fraction_text(upper)}] (the interval given): the file's is not certified",),
            member, lam, interval, lam / upper, tuple(checks), busiest)
    if isinstance(written, Mapping) and (parse_exact(written.get("lower")),
                                         parse_exact(written.get("upper"))) != interval:
        notes.append(f"the file's \"lambda\" ({show(written.get('lower'))}, "
                     f"{show(written.get('upper'))}) is not the interval given; the one given "
                     f"is the reference")
    ratio = lam / upper
    if lam > upper:
        return GroupsVerdict("contradiction", (
            f"internal contradiction: the groups reach λ = {fraction_text(lam)} together, "
            f"above the certified upper value {fraction_text(upper)}, which no schedule "
            f"exceeds; please report it",), member, lam, interval, ratio, tuple(checks),
            busiest, tuple(notes))
    if lam < lower:
        notes.append(f"λ is below the LP's certified lower value {fraction_text(lower)}: "
                     f"the witness's schedules reach more")
    return GroupsVerdict("optimal" if lam == upper else "below", (), member, lam, interval,
                         ratio, tuple(checks), busiest, tuple(notes))


def _outsiders(topology: Topology, members: tuple[str, ...],
               link_times: list) -> list[str]:
    """The compute nodes outside ``members`` at an end of a link the schedule loads (a
    path between members enters them: they forward for the group), in topology order."""
    outside = set(topology.compute_nodes) - set(members)
    hit = {v for times in link_times for hop, t in times.items() if t for v in hop
           if v in outside}
    return [v for v in topology.compute_nodes if v in hit]


def _with_optima(checks: list[GroupCheck], given: Any) -> list[GroupCheck]:
    """``checks`` with each group's optimum alone taken from the LP's result, when it
    carries one per group (``rows`` with ``members`` and ``alone``, as the concurrent-groups
    LP's does), matched by member set; shown beside the schedules, never judged."""
    optima = {frozenset(r.members): r.alone for r in getattr(given, "rows", ())
              if getattr(r, "alone", None) is not None}
    return [GroupCheck(c.name, c.members, c.weight, c.alone, c.together,
                       optima.get(frozenset(c.members))) for c in checks]


def _written(value: Any) -> tuple[Fraction, Fraction] | None:
    """The file's ``"lambda"`` interval, or None when absent or malformed (a reason then)."""
    if not isinstance(value, Mapping) or set(value) != {"lower", "upper"}:
        return None
    lower, upper = parse_exact(value["lower"]), parse_exact(value["upper"])
    if lower is None or upper is None:
        return None
    return lower, upper


def _joint(read: list, index: Mapping[str, int]
           ) -> tuple[Fraction, tuple[tuple[str, str, Fraction], ...]]:
    """λ = 1 / Σ_p max_e Σ_g w_g·t_g,p(e), and each phase's busiest link (the first in
    topology order among equals)."""
    sums: list[dict[tuple[str, str], Fraction]] = []
    for _name, _members, weight, phases in read:
        for p, times in enumerate(phases):
            if len(sums) <= p:
                sums.append({})
            for hop, t in times.items():
                sums[p][hop] = sums[p].get(hop, Fraction(0)) + weight * t
    busiest = []
    total = Fraction(0)
    for s in sums:
        (a, b), worst = max(s.items(), key=lambda kv: (kv[1], -index[kv[0][0]],
                                                       -index[kv[0][1]]))
        busiest.append((a, b, worst))
        total += worst
    return (Fraction(0) if total == 0 else 1 / total), tuple(busiest)
