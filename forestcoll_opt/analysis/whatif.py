"""What a failure costs and what an upgrade buys, exactly (``forestcoll whatif``).

**Failures.** For every single failure of the kinds asked for (a link in both directions,
a NIC, a switch, a whole box: :mod:`forestcoll_opt.model.faults`), the exact optimum of
the collective on the network left, and the fraction of the intact optimum lost, ranked
worst first. Failures that an automorphism of the topology maps onto each other leave
isomorphic networks with the same optimum, so they form one *class* and are computed
once: the group's generators (:func:`~forestcoll_opt.kernels.symmetry.automorphisms`,
fixing the root of broadcast/reduce) map each failure onto another, and the classes are
the connected groups of that relation. A subgroup, which the folded search may return,
can only split a class in two, never join two that differ, so every value is right
either way.

What the value is, by the network left (``status``):

* ``"ok"`` — the exact optimum, :func:`~forestcoll_opt.generation.bounding.bound` of the
  degraded topology (:func:`~forestcoll_opt.model.faults.degrade`), which generate
  reaches with a schedule on that topology.
* ``"unbalanced"`` — some node's ingress differs from its egress (a failed one-way link,
  or a node whose links differ by direction). The cut bound (the section "Throughput
  Optimality for Collectives") is defined for any capacities and is computed on the raw
  network; it limits every schedule, but edge splitting (appendix E.2 "Edge Splitting")
  needs a balanced network, so generation cannot build a schedule there and the limit is
  not proven reachable.
* ``"disconnected"`` — compute nodes are cut off (``note`` names them): algbw 0.
* ``"no-collective"`` — the failure removes the root, or leaves fewer than two compute
  nodes: algbw 0.

The collective is one of the four with a cut bound, or ``allreduce``, whose value here is
the best reduce-scatter followed by the best allgather
(:func:`~forestcoll_opt.generation.bounding.rs_ag_algbw`), the tree schedule generate builds;
the allreduce LP optimum is not computed per failure. Failures are ranked against the
intact network's default allreduce (:func:`~forestcoll_opt.lp.choice.best_allreduce`, what
``generate`` writes): the allreduce LP optimum where that is the LP schedule, else the tree
optimum; :attr:`FailureImpact.reference` names which.

**Upgrades.** The same for raising links' bandwidth by a factor (> 1): every link alone,
every class of links (an orbit of the group) together, or every link type (``nvlink``,
``infiniband``, ..., and ``nics``, every NIC link) together. Raising capacities never
lowers the optimum. And if the links raised cross no bottleneck cut S* in its binding
direction (for allgather and broadcast: leaving S*; for reduce-scatter and reduce:
entering it), S*'s ratio is unchanged and still bounds the optimum, which therefore
cannot rise. Every image of S* under the automorphism group is a bottleneck cut too, so
an upgrade is *skipped* — proven not to raise the optimum, without computing it — when it
misses one of the cuts found (S* and up to :data:`MAX_CUTS` images). For allreduce it
must miss one cut of the reduce-scatter bound and one of the allgather bound.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ..display import data_frame, exact_cells, html_summary
from ..errors import UsageError
from ..generation.bounding import bottleneck, bound
from ..kernels.flow import FlowNetwork
from ..model.orbits import permutation_orbits
from ..model.collective import CUT_BOUNDED, Collective, check_request
from ..model.faults import (KINDS, Failure, cut_off, degrade, describe, failures,
                              link_failure, link_neighbours, link_pairs, nic_switches,
                              remaining, scaled, unbalanced)
from ..model.numbers import fraction_display, fraction_text, parse_exact
from ..model.topology import Topology

MAX_CUTS = 256
"""The most bottleneck cuts (S* and its images under the group) an upgrade is checked
against."""

BY = ("link", "class", "type")
"""How ``upgrade_impact`` groups the links it raises."""

STATUSES = ("ok", "unbalanced", "disconnected", "no-collective")

Progress = Callable[[str, int, int], None]


def _short(text: str, limit: int = 60) -> str:
    """A name for a one-line repr: at most ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _some(failures: Sequence[str]) -> str:
    """``link:a--b`` or ``link:a--b and 15 like it``."""
    more = f" and {len(failures) - 1} like it" if len(failures) > 1 else ""
    return _short(failures[0]) + more if failures else "none"


SHOWN = 10
"""Rows of the ranked table a notebook summary shows (``.to_pandas()`` has them all)."""


def _html(report: "_Question", what: str, rows: list[tuple[str, Any]], frame: Any,
          count: int) -> str:
    """The notebook summary of a report: the question, ``rows``, and the first
    :data:`SHOWN` rows of ``frame`` (its float columns; the exact ones are in the note's
    ``.to_pandas()``)."""
    root = f" from {report.root}" if report.root else ""
    head = [("intact optimum", f"{fraction_display(report.algbw)} {report.units}")] + rows
    shown = frame[[c for c in frame.columns if not c.endswith("_exact")]].head(SHOWN)
    more = (f"the first {SHOWN} of {count} {what}; " if count > SHOWN else "")
    return html_summary(f"{type(report).__name__} · {report.collective}{root} on "
                        f"{report.topology}", head, table=shown.to_html(index=False),
                        note=f"{more}.to_pandas(): every row with its exact values")


def _question(report: "_Question") -> str:
    """``allgather on dgx-a100-2, optimum 1040/3 GB/s`` (with the root when there is one)."""
    root = f" from {_short(report.root)}" if report.root else ""
    return (f"{report.collective}{root} on {_short(report.topology)}, optimum "
            f"{fraction_text(report.algbw)} {report.units}")


@dataclass(frozen=True)
class FailureClass:
    """Failures an automorphism maps onto each other, and the optimum each leaves.

    :ivar rank: 1 for the costliest class, then in order
    :ivar kind: ``"link"``, ``"nic"``, ``"switch"`` or ``"box"``
    :ivar failures: the ids of the failures in the class, in topology order; the first is
        the one computed
    :ivar algbw: the optimum on the network left (0 when the collective cannot run)
    :ivar lost: the fraction of the intact optimum lost, ``1 - algbw / optimum``
    :ivar status: ``"ok"``, ``"unbalanced"``, ``"disconnected"`` or ``"no-collective"``
        (module docstring)
    :ivar note: what the failure does: the compute nodes cut off, the node unbalanced, or
        (a box) how many compute nodes the collective runs on
    :ivar compute: the compute nodes left (a box failure removes some)
    """

    rank: int
    kind: str
    failures: tuple[str, ...]
    algbw: Fraction
    lost: Fraction
    status: str
    note: str = ""
    compute: int = 0

    def __repr__(self) -> str:
        return (f"FailureClass({self.rank}: {_some(self.failures)}: "
                f"{fraction_text(self.algbw)} left, {fraction_text(self.lost)} lost, "
                f"{self.status})")

    @property
    def failure(self) -> str:
        """The id of the failure computed (the class's first)."""
        return self.failures[0]

    @property
    def generatable(self) -> bool:
        """Whether generate builds a schedule reaching ``algbw`` on the network left."""
        return self.status == "ok"


@dataclass(frozen=True)
class _Question:
    """What both reports start with: the network and the collective asked about.

    :ivar topology: the topology's name
    :ivar units: its bandwidth unit, the unit of every algbw
    :ivar collective: the collective
    :ivar root: its root (broadcast, reduce), else None
    :ivar algbw: the intact network's optimum
    """

    topology: str
    units: str
    collective: Collective
    root: str | None
    algbw: Fraction


@dataclass(frozen=True)
class FailureImpact(_Question):
    """Every single failure of some kinds, in classes, ranked (:func:`failure_impact`);
    ``topology``, ``units``, ``collective``, ``root`` and ``algbw`` (the intact optimum)
    as in every report.

    :ivar kinds: the kinds of failure considered
    :ivar failures: how many failures there are
    :ivar classes: the classes, costliest first
    :ivar generators: automorphisms the classes were formed with (0: none)
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    :ivar reference: what ``algbw``, the intact optimum every loss is a fraction of, is:
        ``"the exact bound"``, or for allreduce that of the schedule ``generate`` writes,
        :data:`ALLREDUCE_LP_REFERENCE` or :data:`ALLREDUCE_TREE_REFERENCE`
    """

    kinds: tuple[str, ...]
    failures: int
    classes: tuple[FailureClass, ...]
    generators: int
    seconds: float = field(default=0.0, compare=False)
    reference: str = "the exact bound"

    def __repr__(self) -> str:
        worst = ""
        if self.classes:
            c = self.classes[0]
            worst = (f"; the costliest, {_some(c.failures)}: {fraction_text(c.algbw)} "
                     f"{self.units} left ({fraction_text(c.lost)} lost)")
        return (f"FailureImpact({_question(self)}: {self.failures} failure(s) of "
                f"{'/'.join(self.kinds)} in {len(self.classes)} class(es){worst})")

    def _repr_html_(self) -> str:
        rows = [("failures", f"{self.failures} of {', '.join(self.kinds)} in "
                             f"{len(self.classes)} class(es), {self.generators} "
                             f"automorphism generator(s)"),
                ("seconds", f"{self.seconds:.2f}")]
        return _html(self, "classes", rows, self.to_pandas(), len(self.classes))

    def to_pandas(self) -> Any:
        """One row per class, costliest first: ``rank``, ``kind``, ``failure`` (the one
        computed), ``count``, ``algbw`` and ``lost`` (floats, which plot) each with its
        exact Fraction beside it (``algbw_exact``, ``lost_exact``), ``status``,
        ``compute`` (nodes left), ``note`` (docs/api.md, "Conventions").

        :returns: a pandas DataFrame
        """
        return data_frame(({
            "rank": c.rank, "kind": c.kind, "failure": c.failure, "count": len(c.failures),
            **exact_cells("algbw", c.algbw), **exact_cells("lost", c.lost),
            "status": c.status, "compute": c.compute, "note": c.note,
        } for c in self.classes), {
            "rank": "count", "kind": "text", "failure": "text", "count": "count",
            "algbw": "number", "algbw_exact": "exact", "lost": "number", "lost_exact": "exact",
            "status": "text", "compute": "count", "note": "text"})

    def to_dict(self) -> dict[str, Any]:
        """JSON types: exact numbers as integers or ``"p/q"`` strings.

        :returns: a dict
        """
        return {
            "topology": self.topology, "units": self.units, "collective": self.collective.value,
            "root": self.root, "algbw": fraction_text(self.algbw), "kinds": list(self.kinds),
            "failures": self.failures, "classes": [{
                "rank": c.rank, "kind": c.kind, "algbw": fraction_text(c.algbw),
                "lost": fraction_text(c.lost), "status": c.status, "note": c.note,
                "compute": c.compute, "failures": list(c.failures)} for c in self.classes],
            "generators": self.generators, "reference": self.reference,
        }


@dataclass(frozen=True)
class Upgrade:
    """One upgrade: some links raised by the factor, and the optimum then.

    :ivar rank: 1 for the largest gain, then in order
    :ivar name: ``link:A--B``, ``class N`` or ``type:T`` / ``nics``
    :ivar links: the node pairs raised together (both directions each), topology order
    :ivar members: with ``by="link"``, the ids of the links of the class this one stands
        for (each raised alone gains the same); else ``(name,)``
    :ivar algbw: the optimum with the links raised
    :ivar gain: ``algbw / optimum - 1``
    :ivar status: ``"ok"``, or ``"unbalanced"`` (module docstring)
    :ivar skipped: True when no computation was needed: the links miss a bottleneck cut,
        so the optimum cannot rise (``algbw`` is the intact optimum)
    """

    rank: int
    name: str
    links: tuple[tuple[str, str], ...]
    members: tuple[str, ...]
    algbw: Fraction
    gain: Fraction
    status: str
    skipped: bool

    def __repr__(self) -> str:
        return (f"Upgrade({self.rank}: {_short(self.name)}, {len(self.links)} link(s), to "
                f"{fraction_text(self.algbw)}, gain {fraction_text(self.gain)}, {self.status}"
                f"{', skipped' if self.skipped else ''})")


@dataclass(frozen=True)
class UpgradeImpact(_Question):
    """Upgrades ranked by gain (:func:`upgrade_impact`); ``topology``, ``units``,
    ``collective``, ``root`` and ``algbw`` (the intact optimum) as in every report.

    :ivar factor: the factor links are raised by
    :ivar by: ``"link"``, ``"class"`` or ``"type"``
    :ivar upgrades: every candidate, largest gain first (skipped ones last)
    :ivar cuts: the bottleneck cuts the candidates were checked against
    :ivar generators: automorphisms used (0: none)
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    """

    factor: Fraction
    by: str
    upgrades: tuple[Upgrade, ...]
    cuts: int
    generators: int
    seconds: float = field(default=0.0, compare=False)

    def __repr__(self) -> str:
        raising = self.raising
        best = (f"; the best, {_short(raising[0].name)}, to {fraction_text(raising[0].algbw)} "
                f"{self.units} (gain {fraction_text(raising[0].gain)})" if raising else "")
        return (f"UpgradeImpact({_question(self)}: {fraction_text(self.factor)}x by {self.by}, "
                f"{len(self.upgrades)} candidate(s), {len(raising)} raise(s) the optimum{best})")

    def _repr_html_(self) -> str:
        rows = [("upgrade", f"links raised {fraction_text(self.factor)}x, by {self.by}"),
                ("candidates", f"{len(self.upgrades)}: {len(self.raising)} raise the optimum, "
                               f"{self.skipped} skipped (they miss one of {self.cuts} "
                               f"bottleneck cut(s))"),
                ("seconds", f"{self.seconds:.2f}")]
        return _html(self, "candidates", rows, self.to_pandas(), len(self.upgrades))

    @property
    def skipped(self) -> int:
        """How many candidates the bottleneck cuts proved useless without computing."""
        return sum(1 for u in self.upgrades if u.skipped)

    @property
    def raising(self) -> tuple[Upgrade, ...]:
        """The candidates that raise the optimum."""
        return tuple(u for u in self.upgrades if u.gain > 0)

    def to_pandas(self) -> Any:
        """One row per candidate: ``rank``, ``upgrade``, ``links``, ``members`` (``links``
        and ``members`` counted), ``algbw`` and ``gain`` (floats, which plot) each with its
        exact Fraction beside it (``algbw_exact``, ``gain_exact``), ``status``,
        ``skipped`` (a flag) (docs/api.md, "Conventions").

        :returns: a pandas DataFrame
        """
        return data_frame(({
            "rank": u.rank, "upgrade": u.name, "links": len(u.links),
            "members": len(u.members),
            **exact_cells("algbw", u.algbw), **exact_cells("gain", u.gain),
            "status": u.status, "skipped": u.skipped,
        } for u in self.upgrades), {
            "rank": "count", "upgrade": "text", "links": "count", "members": "count",
            "algbw": "number", "algbw_exact": "exact", "gain": "number", "gain_exact": "exact",
            "status": "text", "skipped": "flag"})

    def to_dict(self) -> dict[str, Any]:
        """JSON types: exact numbers as integers or ``"p/q"`` strings.

        :returns: a dict
        """
        return {
            "topology": self.topology, "units": self.units, "collective": self.collective.value,
            "root": self.root, "algbw": fraction_text(self.algbw),
            "factor": fraction_text(self.factor), "by": self.by, "cuts": self.cuts,
            "skipped": self.skipped, "generators": self.generators,
            "upgrades": [{
                "rank": u.rank, "upgrade": u.name, "links": [list(p) for p in u.links],
                "members": list(u.members), "algbw": fraction_text(u.algbw),
                "gain": fraction_text(u.gain), "status": u.status, "skipped": u.skipped,
            } for u in self.upgrades],
        }


# --------------------------------------------------------------------------------------
# the optimum of a changed network


def _member(topology: Topology, collective: "Collective | str", root: str | None) -> Collective:
    return check_request(topology, collective, root=root,
                         allowed=CUT_BOUNDED + (Collective.ALLREDUCE,))


def _bound_cuts(topology: Topology, member: Collective, root: str | None,
                kernel: str | None) -> tuple[Fraction, list[tuple[Collective, tuple[str, ...]]]]:
    """The optimum of a valid topology and its bottleneck cut(s) (allreduce: reduce-scatter
    and allgather's)."""
    if member is Collective.ALLREDUCE:
        rs = bound(topology, collective="reduce-scatter", kernel=kernel)
        ag = bound(topology, collective="allgather", kernel=kernel)
        return 1 / (1 / rs.algbw + 1 / ag.algbw), [(Collective.REDUCE_SCATTER, rs.cut),
                                                   (Collective.ALLGATHER, ag.cut)]
    b = bound(topology, collective=member, root=root, kernel=kernel)
    return b.algbw, [(member, b.cut)]


def _integers(capacity: dict[tuple[str, str], Fraction]) -> tuple[list[int], Fraction]:
    """The capacities as coprime integers, and the factor they were multiplied by."""
    den = math.lcm(*(c.denominator for c in capacity.values()))
    ints = [int(c * den) for c in capacity.values()]
    g = math.gcd(*ints)
    return [i // g for i in ints], Fraction(den, g)


def cut_optimum(nodes: Sequence[str], capacity: dict[tuple[str, str], Fraction],
                compute: Sequence[str], *, collective: "Collective | str" = "allgather",
                root: str | None = None, kernel: str | None = None) -> Fraction:
    """The cut bound's algbw on any network, balanced or not: for allgather N·x* with
    1/x* = max |S ∩ Vc| / B+(S) (:func:`~forestcoll_opt.generation.bounding.bottleneck`),
    reduce-scatter the same on the reversed links, broadcast min over v of F(root, v),
    reduce on the reversed links, allreduce 1 / (1/RS + 1/AG). Every compute node must be
    served (:func:`~forestcoll_opt.model.faults.cut_off` is empty).

    :param nodes: the node ids
    :param capacity: (u, v) -> positive capacity
    :param compute: the compute nodes, in order
    :param collective: a collective with a cut bound, or allreduce
    :param root: the root of broadcast/reduce
    :param kernel: the max-flow kernel, or None for the fastest installed
    :returns: the algbw, in the capacities' unit
    """
    member = Collective(collective)
    if member is Collective.ALLREDUCE:
        rs, ag = (cut_optimum(nodes, capacity, compute, collective=c, kernel=kernel)
                  for c in ("reduce-scatter", "allgather"))
        return 1 / (1 / rs + 1 / ag)
    idx = {v: i for i, v in enumerate(nodes)}
    ints, scale = _integers(capacity)
    edges = [(idx[v], idx[u]) if member.inward else (idx[u], idx[v]) for u, v in capacity]
    if member.rooted:
        net = FlowNetwork(len(nodes), edges, ints, kernel=kernel)
        return min(Fraction(net.max_flow(idx[root], idx[v])) for v in compute
                   if v != root) / scale
    ratio, _, _, _ = bottleneck(len(nodes), dict(zip(edges, ints)),
                                [idx[v] for v in compute], kernel=kernel)
    return len(compute) / (ratio * scale)


def _after_failure(topology: Topology, failure: Failure, member: Collective,
                   root: str | None, kernel: str | None) -> tuple[Fraction, str, str, int]:
    """(algbw, status, note, compute nodes left) on the network ``failure`` leaves."""
    nodes, capacity = remaining(topology, failure)
    alive = set(nodes)
    compute = [v for v in topology.compute_nodes if v in alive]
    n = len(compute)
    if root is not None and root not in alive:
        return Fraction(0), "no-collective", f"removes the root {root}", n
    if n < 2:
        return Fraction(0), "no-collective", f"leaves {n} compute node(s)", n
    lost = cut_off(compute, capacity, root=root, inward=member.inward)
    if lost:
        return Fraction(0), "disconnected", f"disconnects {describe(topology, lost)}", n
    off = unbalanced(nodes, capacity)
    mutual = root is None or not cut_off(compute, capacity)
    if off is None and mutual:
        algbw, _ = _bound_cuts(degrade(topology, failure), member, root, kernel)
        fewer = n < len(topology.compute_nodes)
        return algbw, "ok", f"runs on the {n} compute nodes left" if fewer else "", n
    algbw = cut_optimum(nodes, capacity, compute, collective=member, root=root, kernel=kernel)
    if off is None:     # a rooted collective served, some compute nodes not mutually reachable
        return (algbw, "unbalanced", "compute nodes do not all reach each other: a cut "
                "limit, no schedule generated", n)
    return algbw, "unbalanced", (f"node {off[0]} unbalanced: a cut limit, no schedule "
                                 f"generated"), n


# --------------------------------------------------------------------------------------
# symmetry


def _generators(topology: Topology, root: str | None,
                symmetry: bool) -> tuple[tuple[int, ...], ...]:
    if not symmetry:
        return ()
    from ..kernels.symmetry import automorphisms

    return automorphisms(topology, fixed=(root,) if root else (), whole=False).generators


def _key(topology: Topology, f: Failure) -> tuple:
    idx = topology.index
    return (f.kind, frozenset(idx[v] for v in f.nodes),
            frozenset(_ordered(idx[a], idx[b]) for a, b in f.pairs))


def _ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def classes(topology: Topology, items: Sequence[Failure],
            generators: Iterable[Sequence[int]]) -> list[list[int]]:
    """The failures of ``items`` grouped by the group the generators generate: i and j
    share a class when a product of generators maps failure i onto failure j (same kind,
    removed nodes onto removed nodes, removed links onto removed links).

    :param topology: the network
    :param items: failures in it
    :param generators: automorphisms, as images of the node indices
    :returns: the classes as positions in ``items``, each sorted, in order of their first
    """
    keys = [_key(topology, f) for f in items]
    where = {k: i for i, k in enumerate(keys)}
    maps = []
    for g in generators:          # each automorphism as a map of the failures (partial:
        images = []               # a failure whose image is not listed stays put)
        for i, (kind, nodes, pairs) in enumerate(keys):
            image = (kind, frozenset(g[v] for v in nodes),
                     frozenset(_ordered(g[a], g[b]) for a, b in pairs))
            images.append(where.get(image, i))
        maps.append(images)
    return [list(orbit) for orbit in permutation_orbits(len(items), maps)]


# --------------------------------------------------------------------------------------
# failures


def failure_impact(topology: Topology, *, collective: "Collective | str" = "allgather",
                   root: str | None = None, kinds: Iterable[str] = ("link",),
                   kernel: str | None = None, symmetry: bool = True,
                   progress: Progress | None = None) -> FailureImpact:
    """Every single failure of ``kinds``, its optimum and the fraction lost, by classes of
    failures the automorphism group maps onto each other, costliest first (module
    docstring).

    :param topology: the network
    :param collective: allgather, reduce-scatter, broadcast, reduce, or allreduce (the
        reduce-scatter + allgather tree optimum per failure, ranked against the default
        allreduce's, module docstring)
    :param root: the root of broadcast/reduce; None for the others
    :param kinds: some of ``"link"``, ``"nic"``, ``"switch"``, ``"box"`` (one of them given
        as a string is that one kind)
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param symmetry: False to compute every failure (no classes)
    :param progress: called as ``progress("failures", done, total)`` after each class
    :returns: the classes, ranked
    :raises CollectiveError: for an unknown collective or a missing, unknown or
        superfluous root
    :raises FailureError: for an unknown kind
    """
    start = time.perf_counter()
    member = _member(topology, collective, root)
    if isinstance(kinds, str):
        kinds = (kinds,)            # one kind, not its letters
    items = failures(topology, kinds)
    kinds = tuple(k for k in KINDS if k in set(kinds))
    optimum, _ = _bound_cuts(topology, member, root, kernel)
    reference = "the exact bound"
    if member is Collective.ALLREDUCE:
        optimum, reference = _default_allreduce(topology, optimum, kernel)
    generators = _generators(topology, root, symmetry) if items else ()
    groups = classes(topology, items, generators)
    found = []
    for n, group in enumerate(groups, 1):
        first = items[group[0]]
        algbw, status, note, left = _after_failure(topology, first, member, root, kernel)
        found.append((algbw, KINDS.index(first.kind), group[0], first.kind,
                      tuple(items[i].id for i in group), status, note, left))
        if progress is not None:
            progress("failures", n, len(groups))
    found.sort(key=lambda row: row[:3])
    ranked = tuple(FailureClass(rank=r, kind=kind, failures=ids, algbw=algbw,
                                lost=1 - algbw / optimum, status=status, note=note,
                                compute=left)
                   for r, (algbw, _, _, kind, ids, status, note, left) in enumerate(found, 1))
    return FailureImpact(topology=topology.name, units=topology.units,
                         collective=member, root=root, algbw=optimum, kinds=tuple(kinds),
                         failures=len(items), classes=ranked, generators=len(generators),
                         seconds=time.perf_counter() - start, reference=reference)


ALLREDUCE_LP_REFERENCE = "the allreduce LP optimum, reached by the LP schedule generate writes"
ALLREDUCE_TREE_REFERENCE = ("the reduce-scatter + allgather tree optimum, that of the trees "
                            "generate writes")


def _default_allreduce(topology: Topology, trees: Fraction, kernel: str | None
                       ) -> tuple[Fraction, str]:
    """The algbw of the allreduce ``generate`` writes on ``topology`` by default and its
    name: the LP schedule's where that is the choice of
    :func:`~forestcoll_opt.lp.choice.best_allreduce`
    (:func:`~forestcoll_opt.lp.choice.default_allreduce_algbw`: the LP solved by the rule
    of ``generate`` and ``verify``; the trees are not built), else the tree optimum
    ``trees``."""
    from ..lp.choice import default_allreduce_algbw

    algbw, method, reaches = default_allreduce_algbw(topology, kernel=kernel)
    if method == "lp":
        return algbw, (ALLREDUCE_LP_REFERENCE if reaches else
                       "the algbw of the LP schedule generate writes")
    assert algbw == trees
    return trees, ALLREDUCE_TREE_REFERENCE


# --------------------------------------------------------------------------------------
# upgrades


def parse_factor(value: Any) -> Fraction:
    """An upgrade factor: a number above 1, exact, with an optional ``x`` (``"2x"``,
    ``"1.5"``, ``"3/2x"``).

    :param value: the factor
    :returns: it, exact
    :raises UsageError: for anything else
    """
    text = str(value).strip()
    number = value if isinstance(value, (int, Fraction)) and not isinstance(value, bool) \
        else text[:-1] if text.lower().endswith("x") else text
    try:
        factor = parse_exact(number, "upgrade factor", what="factor", error=UsageError)
    except UsageError:
        raise UsageError(f"upgrade factor {text[:40]!r}: write a number above 1, e.g. 2x or "
                         f"1.5x") from None
    if not 1 < factor <= 10**6:
        raise UsageError(f"upgrade factor {text[:40]!r}: must be above 1 (and at most "
                         f"1e6); a failure is a separate question")
    return factor


def _crossing(member: Collective, cut: frozenset[int], inside: bool,
              out: list[list[int]], inn: list[list[int]]) -> frozenset:
    """The node pairs (index pairs, ordered) of the links crossing a cut in its binding
    direction: leaving S (allgather, broadcast) or entering it (reduce-scatter, reduce).
    ``cut`` is S when ``inside``, else its complement (the smaller side is kept)."""
    leaving_s = not member.inward
    # links from side A to side B, A = S when leaving S, else the complement
    from_small = leaving_s == inside
    adjacency = out if from_small else inn
    return frozenset(_ordered(v, w) for v in cut for w in adjacency[v] if w not in cut)


def bottleneck_cuts(topology: Topology, member: Collective, cut: Sequence[str],
                    generators: Sequence[Sequence[int]], *, limit: int = MAX_CUTS
                    ) -> list[frozenset]:
    """The crossing links of the bottleneck cut ``cut`` and of its images under the group
    (breadth first, at most ``limit`` cuts), as sets of ordered node index pairs.

    :param topology: the network
    :param member: the collective the cut binds (its direction)
    :param cut: the cut's nodes (a :class:`~forestcoll_opt.generation.bounding.Bound`'s ``cut``)
    :param generators: automorphisms, as images of the node indices
    :param limit: the most cuts
    :returns: one set per cut, the first for ``cut`` itself
    """
    idx, n = topology.index, len(topology.nodes)
    side = frozenset(idx[v] for v in cut)
    inside = 2 * len(side) <= n
    small = side if inside else frozenset(range(n)) - side
    out: list[list[int]] = [[] for _ in range(n)]
    inn: list[list[int]] = [[] for _ in range(n)]
    for u, v in topology.capacity:
        out[idx[u]].append(idx[v])
        inn[idx[v]].append(idx[u])
    seen, frontier = [small], [small]
    known = {small}
    while frontier and len(seen) < limit:
        grown = []
        for c in frontier:
            for g in generators:
                image = frozenset(g[v] for v in c)
                if image not in known and len(seen) < limit:
                    known.add(image)
                    seen.append(image)
                    grown.append(image)
        frontier = grown
    return [_crossing(member, c, inside, out, inn) for c in seen]


def _candidates(topology: Topology, by: str, generators: Sequence[Sequence[int]]
                ) -> list[tuple[str, list[tuple[str, str]], tuple[str, ...]]]:
    """(name, node pairs raised together, the candidates it stands for)."""
    pairs = link_pairs(topology)
    links = [link_failure(topology, u, v) for u, v in pairs]
    if by in ("link", "class"):
        groups = classes(topology, links, generators)
        if by == "link":
            return [(links[g[0]].id, [pairs[g[0]]], tuple(links[i].id for i in g))
                    for g in groups]
        return [(f"class {n}", [pairs[i] for i in g], (f"class {n}",))
                for n, g in enumerate(groups, 1)]
    by_type: dict[str, list[tuple[str, str]]] = {}
    for u, v in pairs:
        kind = topology.link_type.get((u, v)) or topology.link_type.get((v, u)) or "untyped"
        by_type.setdefault(f"type:{kind}", []).append((u, v))
    # a NIC link: between a compute node and a switch outside its box
    neighbours = link_neighbours(topology)
    nics = [(u, v) for u, v in pairs if
            (topology.node[u].is_compute and v in nic_switches(topology, u, neighbours)) or
            (topology.node[v].is_compute and u in nic_switches(topology, v, neighbours))]
    out = [(name, members, (name,)) for name, members in by_type.items()]
    return out + ([("nics", nics, ("nics",))] if nics else [])


def upgrade_impact(topology: Topology, *, factor: "Fraction | int | str" = 2,
                   by: str = "link", collective: "Collective | str" = "allgather",
                   root: str | None = None, kernel: str | None = None,
                   symmetry: bool = True, progress: Progress | None = None) -> UpgradeImpact:
    """Which links, raised by ``factor``, raise the optimum, and by how much (module
    docstring): every link alone (``by="link"``, computed once per class of links the
    group maps onto each other), every class of links together (``"class"``), or every link
    type together, and every NIC link together (``"type"``). Candidates whose links miss
    a bottleneck cut are proven useless and not computed (``skipped``).

    :param topology: the network
    :param factor: the factor (> 1), e.g. ``2`` or ``"3/2"``
    :param by: ``"link"``, ``"class"`` or ``"type"``
    :param collective: allgather, reduce-scatter, broadcast, reduce, or allreduce (the
        reduce-scatter + allgather tree optimum)
    :param root: the root of broadcast/reduce; None for the others
    :param kernel: the max-flow kernel, or None for the fastest installed
    :param symmetry: False to use no automorphism (every link its own class, one cut)
    :param progress: called as ``progress("upgrades", done, total)``
    :returns: the candidates, ranked by gain
    :raises CollectiveError: for an unknown collective or a missing, unknown or
        superfluous root
    :raises UsageError: for a factor not above 1 or an unknown ``by``
    """
    start = time.perf_counter()
    member = _member(topology, collective, root)
    factor = parse_factor(factor)
    if by not in BY:
        raise UsageError(f"by={str(by)[:20]!r}: use one of {', '.join(BY)}")
    optimum, binding = _bound_cuts(topology, member, root, kernel)
    generators = _generators(topology, root, symmetry)
    cuts = {c: bottleneck_cuts(topology, c, cut, generators) for c, cut in binding}
    candidates = _candidates(topology, by, generators)
    idx = topology.index
    done: dict[frozenset, tuple[Fraction, str]] = {}
    rows = []
    for n, (name, pairs, members) in enumerate(candidates, 1):
        chosen = frozenset(_ordered(idx[a], idx[b]) for a, b in pairs)
        skipped = all(any(cross.isdisjoint(chosen) for cross in sets) for sets in cuts.values())
        if skipped:
            algbw, status = optimum, _upgrade_status(topology, pairs, factor)
        elif chosen in done:
            algbw, status = done[chosen]
        else:
            algbw, status = done.setdefault(chosen, _after_upgrade(
                topology, pairs, factor, name, member, root, kernel))
        rows.append((-algbw, skipped, n, name, pairs, members, algbw, status))
        if progress is not None:
            progress("upgrades", n, len(candidates))
    rows.sort(key=lambda r: r[:3])
    upgrades = tuple(Upgrade(rank=r, name=name, links=tuple(pairs), members=members,
                             algbw=algbw, gain=algbw / optimum - 1, status=status,
                             skipped=skipped)
                     for r, (_, skipped, _, name, pairs, members, algbw, status)
                     in enumerate(rows, 1))
    return UpgradeImpact(topology=topology.name, units=topology.units,
                         collective=member, root=root, algbw=optimum, factor=factor,
                         by=by, upgrades=upgrades, cuts=sum(len(s) for s in cuts.values()),
                         generators=len(generators), seconds=time.perf_counter() - start)


def _raised(topology: Topology, pairs: list[tuple[str, str]],
            factor: Fraction) -> dict[tuple[str, str], Fraction]:
    chosen = {p for a, b in pairs for p in ((a, b), (b, a))}
    return {e: c * factor if e in chosen else c for e, c in topology.capacity.items()}


def _upgrade_status(topology: Topology, pairs: list[tuple[str, str]], factor: Fraction) -> str:
    balanced = unbalanced(topology.node_ids, _raised(topology, pairs, factor)) is None
    return "ok" if balanced else "unbalanced"


def _after_upgrade(topology: Topology, pairs: list[tuple[str, str]], factor: Fraction,
                   name: str, member: Collective, root: str | None,
                   kernel: str | None) -> tuple[Fraction, str]:
    capacity = _raised(topology, pairs, factor)
    if unbalanced(topology.node_ids, capacity) is None:
        upgraded = scaled(topology, pairs, factor, label=f"{name} x{factor}")
        return _bound_cuts(upgraded, member, root, kernel)[0], "ok"
    return cut_optimum(topology.node_ids, capacity, topology.compute_nodes,
                       collective=member, root=root, kernel=kernel), "unbalanced"
