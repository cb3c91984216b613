"""Process groups at once: the certified joint optimum of several groups running the same
collective at the same time on one network (issue 34, "Groups at once").

:func:`concurrent` maximises a common scale λ such that every group g runs at algbw
λ·w_g while all share every link (the LP of :mod:`forestcoll_opt.lp.groups.model`), and
returns :class:`ConcurrentBound`: λ as an interval ``[lower, upper]`` of exact rationals,
``upper`` certified by a dual solution (no schedule of the groups at once, trees or not,
beats it), ``lower`` by exact balanced shares on which ForestColl schedules every group at
λ_low·w_g (:mod:`forestcoll_opt.lp.groups.certify`). ``exact`` when they meet.

Allreduce is ForestColl's: a reduce-scatter, then an allgather (paper, section 5.7). With
groups at once the value is that of every group reduce-scattering together and then every
group allgathering together (the phases aligned, as data-parallel training runs its
gradient allreduce): the two phases' times add, λ = 1 / (1/λ_RS + 1/λ_AG), each phase's
interval certified as above, so the interval of λ is exact too. It bounds the schedules of
that shape, not allreduce algorithms of other shapes (a group overlapping its allgather
with another's reduce-scatter, or the allreduce LP's unequal shards); for one group of
every compute node it is :func:`~forestcoll_opt.generation.bound.rs_ag_algbw`.

Beside it, every group's optimum *alone* (the others idle, relaying as switches: the
package's bound on the network restricted to the group) and *together*, the contended
links (capacity full at the witness and used by two groups or more), and the independent
classes of groups: groups whose shares at the witness share no link, transitively. The
rule that makes that statement sound: the witness is an exact optimum's shares when the
interval closes, so at that optimum the classes use disjoint links and each class's
value is the joint value of the class alone on those links; the classes are a property of
that optimum (another optimum may spread differently), and the output says so.

``relay=False``: no group's data passes through a compute node outside it (a
communicator's GPUs are its ranks alone); the LP drops every group's columns on the links
of the other compute nodes (:mod:`forestcoll_opt.lp.groups.model`, "No relaying"), each
group's optimum alone is taken with the others switched off
(:func:`~forestcoll_opt.model.group_scope.switched_off`), and the witness's schedules
relay through no other GPU.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...display import data_frame, exact_cells, html_summary, short_list
from ...errors import GroupError
from ...model.collective import Collective
from ...model.group_scope import switched_off, switched_off_problem
from ...model.groups import Group, groups_from_data, load_groups, mesh_groups, restrict
from ...model.numbers import exact_json, fraction_display, fraction_text
from ...model.orbits import components
from ...model.topology import Topology
from .alltoall import concurrent_alltoall
from .certify import certify_lower, certify_upper, group_algbw
from .model import (GroupSymmetry, GroupsModel, build_groups_model, group_symmetry,
                           reference_for, violated_cuts)
from ..options import GROUPS_COLLECTIVES
from ..result import CertifiedInterval
from ..session import HighsSession, check_time_limit

__all__ = ["ConcurrentBound", "GroupRow", "concurrent", "resolve_groups"]

MAX_ROUNDS = 200


@dataclass(frozen=True)
class GroupRow:
    """One group of a :class:`ConcurrentBound`.

    :ivar name: the group's name
    :ivar members: its members, in the topology's node order
    :ivar weight: its weight w_g (demand relative to the others)
    :ivar alone: its exact optimum alone (the other groups idle; their nodes relay, or
        without relays are switched off)
    :ivar together_lower: λ_low·w_g, what it certainly gets with every group at once
    :ivar together_upper: λ_up·w_g, more than it can get with every group at once
    :ivar scheduled: ForestColl's exact algbw on its share of the witness (>= together_lower)
    """

    name: str
    members: tuple[str, ...]
    weight: Fraction
    alone: Fraction
    together_lower: Fraction
    together_upper: Fraction
    scheduled: Fraction

    @property
    def contention(self) -> Fraction:
        """The share of its alone optimum contention costs at least: 1 - together_upper/alone
        (0 when it loses nothing)."""
        return max(Fraction(0), 1 - self.together_upper / self.alone)


@dataclass(frozen=True)
class ConcurrentBound(CertifiedInterval):
    """The certified joint optimum of groups running one collective at once.

    :ivar collective: the collective every group runs
    :ivar topology: the topology's name
    :ivar units: its bandwidth unit
    :ivar groups: the groups (:class:`~forestcoll_opt.model.groups.Group`)
    :ivar lower: λ_low, exact: every group g at once at λ_low·w_g is schedulable
        (ForestColl on the witness shares)
    :ivar upper: λ_up, exact: no schedule runs every group at once at λ·w_g for λ > λ_up
    :ivar rows: per group, alone vs together (:class:`GroupRow`)
    :ivar contended: the links the groups fight over: those the upper certificate prices
        (z_e > 0), in the topology's link order. When the interval closes the certificate
        is an optimal dual, so every optimum fills these links (complementary slackness):
        they are what limits λ, and more capacity elsewhere buys nothing
    :ivar shared: the contended links that two groups or more use at the witness
    :ivar independent: the classes of group names whose witness shares use disjoint links
        (transitively); one class when every group touches another's links
    :ivar folded: orbits of (group, link) pairs the LP was written over, and the pairs
    :ivar rounds: cut rounds (upper model, lower model)
    :ivar seconds: wall-clock seconds
    :ivar shares: the witness, per phase (allreduce: the reduce-scatter phase, then the
        allgather phase; else the one phase), per group: link -> its exact share;
        ignored by ``==``
    :ivar alltoall_lp: all-to-all only: the all-to-all LP result with the groups' block
        demand, whose exactly feasible point's routes reach ``lower``; ignored by ``==``
    :ivar relay: False when no group may pass data through a compute node outside it
        (``relay=False``): the values are those of schedules that never do
    """

    collective: Collective
    topology: str
    units: str
    groups: tuple[Group, ...]
    lower: Fraction
    upper: Fraction
    rows: tuple[GroupRow, ...]
    contended: tuple[tuple[str, str], ...]
    shared: tuple[tuple[str, str], ...]
    independent: tuple[tuple[str, ...], ...]
    folded: tuple[int, int]
    rounds: tuple[int, int]
    seconds: float = field(compare=False)
    shares: tuple[Mapping[tuple[str, str], Fraction], ...] = field(compare=False, repr=False,
                                                                   default=())
    alltoall_lp: Any = field(compare=False, repr=False, default=None)
    relay: bool = True

    @property
    def lam(self) -> Fraction:
        """λ when the interval closes (``exact``), else ``lower``."""
        return self.lower

    def __repr__(self) -> str:
        lam = fraction_text(self.lower) if self.exact else \
            f"[{fraction_text(self.lower)}, {fraction_text(self.upper)}]"
        return (f"ConcurrentBound({len(self.groups)} {self.collective} groups"
                f"{'' if self.relay else ' without relays'} on "
                f"{self.topology}: λ={lam}{' exact' if self.exact else ''}, "
                f"{len(self.contended)} contended links)")

    def _repr_html_(self) -> str:
        u = self.units
        rows = [("groups", short_list(f"{g.name} ({len(g)})" for g in self.groups)),
                ("λ", _interval(self.lower, self.upper) + (" (exact)" if self.exact else "")),
                ("relaying", "through any node" if self.relay else
                 "none through a compute node outside the group"),
                ("contended links", short_list(f"{a}→{b}" for a, b in self.contended)),
                ("shared at the witness", short_list(f"{a}→{b}" for a, b in self.shared)),
                ("independent classes", str(len(self.independent))),
                ("model", f"{self.folded[0]} orbit(s) of {self.folded[1]} (group, link) "
                          f"pairs, {self.rounds[0]}+{self.rounds[1]} round(s), "
                          f"{self.seconds:.2f} s")]
        table = self.to_pandas().to_html(index=False)
        return html_summary(f"ConcurrentBound · {len(self.groups)} {self.collective} groups "
                            f"on {self.topology}", rows, table=table,
                            note=f"algbw in {u}; exact values: .lower, .upper, .rows")

    def to_pandas(self) -> Any:
        """One row per group: ``group`` (text), ``members`` (count), ``weight``, ``alone``,
        ``together_lower``, ``together_upper``, ``scheduled``, ``contention`` (floats,
        each with its ``_exact`` Fraction beside it; docs/api.md, "Conventions").

        :returns: the DataFrame
        """
        out = []
        for r in self.rows:
            row: dict[str, Any] = {"group": r.name, "members": len(r.members)}
            for name in ("weight", "alone", "together_lower", "together_upper", "scheduled",
                         "contention"):
                row.update(exact_cells(name, getattr(r, name)))
            out.append(row)
        columns = {"group": "text", "members": "count"}
        for name in ("weight", "alone", "together_lower", "together_upper", "scheduled",
                     "contention"):
            columns[name], columns[f"{name}_exact"] = "number", "exact"
        return data_frame(out, columns)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON types (exact values as ``"p/q"`` text with a float beside).

        :returns: a dict
        """
        return {"collective": self.collective.value, "topology": self.topology,
                "units": self.units, **({} if self.relay else {"relay": False}),
                "lower": exact_json(self.lower),
                "upper": exact_json(self.upper),
                "exact": self.exact,
                "groups": [{"name": r.name, "members": list(r.members),
                            "weight": fraction_text(r.weight), "alone": exact_json(r.alone),
                            "together_lower": exact_json(r.together_lower),
                            "together_upper": exact_json(r.together_upper),
                            "scheduled": exact_json(r.scheduled),
                            "contention": exact_json(r.contention)}
                           for r in self.rows],
                "contended": [{"src": a, "dst": b} for a, b in self.contended],
                "shared": [{"src": a, "dst": b} for a, b in self.shared],
                "independent": [list(c) for c in self.independent],
                "folded": {"orbits": self.folded[0], "pairs": self.folded[1]},
                "rounds": list(self.rounds), "seconds": self.seconds}


def _interval(lo: Fraction, hi: Fraction) -> str:
    if lo == hi:
        return fraction_display(lo)
    return f"[{fraction_display(lo)}, {fraction_display(hi)}]"


def resolve_groups(topology: Topology, *, groups: Any = None, mesh: Any = None,
                   along: Any = None) -> tuple[Group, ...]:
    """The groups a call names: ``groups`` (Group objects, a parsed groups document, or a
    groups file's path) or ``mesh`` with ``along``
    (:func:`~forestcoll_opt.model.groups.mesh_groups`).

    :raises GroupError: for neither or both, ``along`` without ``mesh``, or a bad group
    """
    if (groups is None) == (mesh is None):
        raise GroupError("name the groups one way: groups= (a list or a groups file) or "
                         "mesh= with along=", options=("groups", "mesh"))
    if mesh is not None:
        if along is None:
            raise GroupError("mesh= needs along=, the dimension(s) the groups run along "
                             "(e.g. along='dp')", options=("mesh", "along"))
        return mesh_groups(topology, mesh, along)
    if along is not None:
        raise GroupError("along= goes with mesh=; drop it or give mesh=",
                         options=("along", "mesh"))
    if isinstance(groups, (str, os.PathLike)):
        return load_groups(topology, groups)
    if isinstance(groups, Sequence) and groups and all(isinstance(g, Group) for g in groups):
        data: Any = [{"members": list(g.members), "weight": fraction_text(g.weight),
                      **({"name": g.name} if g.name else {})} for g in groups]
        return groups_from_data(topology, data)
    return groups_from_data(topology, list(groups) if isinstance(groups, (list, tuple))
                            else groups)


def _solve(m: GroupsModel, limit: float | None, kernel: str | None) -> tuple[HighsSession, int]:
    session = HighsSession(m, limit)       # type: ignore[arg-type]
    rounds = 0
    while True:
        rounds += 1
        session.run()
        added = sum(m.add_cut(k, g, side) for k, g, side in
                    violated_cuts(m, session.value, kernel))
        if not added:
            return session, rounds
        if rounds >= MAX_ROUNDS:
            from ...errors import LPNotOptimalError
            raise LPNotOptimalError(f"cut generation for {m.where()} did not converge in "
                                    f"{MAX_ROUNDS} rounds; please report it")
        session.sync_rows()


def _classes(groups: Sequence[Group], shares: Sequence[Mapping]) -> tuple[tuple[str, ...], ...]:
    """The groups joined, transitively, by a link both use at the witness (their names,
    classes in the order of their first group)."""
    owner: dict[tuple[str, str], int] = {}
    pairs = []
    for g, share in enumerate(shares):
        for e, c in share.items():
            if c > 0:
                pairs.append((g, owner.setdefault(e, g)))
    classes: dict[int, list[str]] = {}
    for g, root in enumerate(components(len(groups), pairs)):
        classes.setdefault(root, []).append(groups[g].name)
    return tuple(tuple(c) for c in classes.values())


def concurrent(topology: Topology, *, groups: Any = None, mesh: Any = None, along: Any = None,
               collective: "Collective | str" = "allgather", symmetry: bool | None = None,
               time_limit: float | None = None, kernel: str | None = None,
               relay: bool = True) -> ConcurrentBound:
    """The certified joint optimum of several process groups running ``collective`` at
    the same time on ``topology`` (module docstring).

    :param topology: the network
    :param groups: the groups: a list of :class:`~forestcoll_opt.model.groups.Group`, a
        groups document (a list of member lists or ``{"members", "weight", "name"}``
        objects) or a groups file's path
    :param mesh: instead of ``groups``, a device mesh such as ``"dp=16,tp=8"``
    :param along: with ``mesh``, the dimension(s) the groups run along, e.g. ``"dp"``
    :param collective: ``"allgather"`` (default), ``"reduce-scatter"``, ``"allreduce"``
        (ForestColl's: a reduce-scatter then an allgather) or ``"alltoall"`` (the
        all-to-all LP with the groups' block demand, :mod:`forestcoll_opt.lp.groups.alltoall`;
        ``symmetry`` does not apply, as a non-uniform demand is solved unfolded)
    :param symmetry: fold the LP by the permutations that map groups onto groups (None or
        True, the default; False: the plain LP). λ is the same either way; the contended
        links are those of the optimal dual found, which folding makes symmetric
    :param time_limit: seconds for HiGHS, per model (None: no limit)
    :param kernel: the max-flow kernel
    :param relay: True (default): a group's data may pass through any node, the other
        compute nodes forwarding as switches; False: through its members and the switches
        only — a communicator's GPUs are its own ranks — so every group's share is zero on
        the links of the compute nodes outside it, and ``alone`` is its optimum with them
        switched off. Not for ``"alltoall"``
    :returns: the certified result
    :raises GroupError: for badly named groups; for ``relay=False``, a group whose
        members the other compute nodes' links are needed to join (switched off, they cut
        it apart or leave a node unbalanced), or ``"alltoall"``
    :raises CollectiveError: for a collective other than the four above
    :raises LPError: when HiGHS does not prove optimality or a certificate fails
    """
    start = time.perf_counter()
    member = Collective.parse(collective, allowed=GROUPS_COLLECTIVES)
    limit = check_time_limit(time_limit)
    if relay is not True and relay is not False:
        raise GroupError(f"relay= must be True (the other compute nodes forward for a group) "
                         f"or False (they do not), got {relay!r}", options=("relay",))
    chosen = resolve_groups(topology, groups=groups, mesh=mesh, along=along)
    if member is Collective.ALLTOALL:
        if not relay:
            raise GroupError("relay=False is for groups running allgather, reduce-scatter "
                             "or allreduce at once; all-to-all groups at once route through "
                             "any node", options=("relay",))
        return _alltoall(topology, chosen, limit, kernel)
    if not relay:
        _check_no_relay(topology, chosen)
    pairs = len(chosen) * len(topology.capacity)
    sym: GroupSymmetry = group_symmetry(topology, chosen, symmetry=symmetry is not False,
                                        kinds=not relay)
    reps = sym.representatives
    orbit = sym.group_orbit.tolist()
    alone_rep = {orbit[g]: group_algbw(_seen(topology, chosen[g], relay), member, kernel)
                 for g in reps}
    alone = [alone_rep[orbit[g]] for g in range(len(chosen))]
    phases = [Collective.REDUCE_SCATTER, Collective.ALLGATHER] \
        if member is Collective.ALLREDUCE else [member]
    solved = [_phase(topology, chosen, phase, sym, limit, kernel, relay) for phase in phases]
    # allreduce: every group reduce-scatters, then every group allgathers; the times add
    lower = _in_sequence([p.lower for p in solved])
    upper = _in_sequence([p.upper for p in solved])
    scheduled = [_in_sequence([p.witness.algbw[i] for p in solved]) for i in range(len(chosen))]
    rows = tuple(GroupRow(g.name, g.members, g.weight, alone[i], lower * g.weight,
                          upper * g.weight, scheduled[i])
                 for i, g in enumerate(chosen))
    link_orbit = sym.link_orbit.tolist()
    contended = tuple(e for i, e in enumerate(topology.capacity)
                      if any(link_orbit[i] in p.priced for p in solved))
    shared = tuple(e for e in contended
                   if any(sum(1 for s in p.witness.shares if s.get(e)) >= 2 for p in solved))
    every = [{e: Fraction(1) for p in solved for e in p.witness.shares[i]}
             for i in range(len(chosen))]
    return ConcurrentBound(
        collective=member, topology=topology.name, units=topology.units, groups=chosen,
        lower=lower, upper=upper, rows=rows, contended=contended, shared=shared,
        independent=_classes(chosen, every),
        folded=(int(sym.pair_orbit.max()) + 1, pairs),
        rounds=(sum(p.rounds[0] for p in solved), sum(p.rounds[1] for p in solved)),
        seconds=time.perf_counter() - start,
        shares=tuple(tuple(p.witness.shares) for p in solved), relay=relay)


def _seen(topology: Topology, group: Group, relay: bool) -> Topology:
    """The network a group has alone: the others relaying as switches, or switched off."""
    return restrict(topology, group) if relay else switched_off(topology, group)


def _check_no_relay(topology: Topology, chosen: Sequence[Group]) -> None:
    """Refuse, for ``relay=False``, a group that the other compute nodes' links are needed
    to join: switched off, they cut a member off or leave a node unbalanced, and the
    group has no schedule of its own (λ would be 0)."""
    for g in chosen:
        reason = switched_off_problem(topology, g.members)
        if reason is not None:
            raise GroupError(f"with relay=False, group {g.name!r} cannot run without the "
                             f"other compute nodes: switching them off {reason}",
                             options=("relay",))


def _alltoall(topology: Topology, chosen: Sequence[Group], limit: float | None,
              kernel: str | None) -> ConcurrentBound:
    """All-to-all groups at once: one all-to-all LP with the groups' block demand
    (:mod:`forestcoll_opt.lp.groups.alltoall`); every group's schedule is its part of the
    LP point's routes, so ``scheduled`` is λ_low·w_g."""
    fields = concurrent_alltoall(topology, chosen, time_limit=limit, kernel=kernel)
    fields["alltoall_lp"] = fields.pop("lp")
    alone = fields.pop("alone")
    lower, upper = fields["lower"], fields["upper"]
    rows = tuple(GroupRow(g.name, g.members, g.weight, alone[i], lower * g.weight,
                          upper * g.weight, lower * g.weight) for i, g in enumerate(chosen))
    return ConcurrentBound(rows=rows, **fields)


def _in_sequence(rates: Sequence[Fraction]) -> Fraction:
    """The rate of phases run one after the other: 1 / Σ 1/rate (0 if one is 0)."""
    return Fraction(0) if any(r == 0 for r in rates) else 1 / sum(1 / r for r in rates)


@dataclass(frozen=True)
class _Phase:
    lower: Fraction
    upper: Fraction
    priced: frozenset
    witness: Any
    rounds: tuple[int, int]


def _phase(topology: Topology, chosen: Sequence[Group], member: Collective,
           sym: GroupSymmetry, limit: float | None, kernel: str | None,
           relay: bool = True) -> _Phase:
    """The certified interval of one allgather or reduce-scatter with every group at once."""
    reps = sym.representatives
    orbit = sym.group_orbit.tolist()
    alone = {orbit[g]: group_algbw(_seen(topology, chosen[g], relay), member, kernel)
             for g in reps}
    reference = reference_for([alone[orbit[g]] / grp.weight for g, grp in enumerate(chosen)])
    upper_model = build_groups_model(topology, chosen, member, sym, reference, balanced=False,
                                     relay=relay)
    session, up_rounds = _solve(upper_model, limit, kernel)
    upper, priced = certify_upper(upper_model, session.dual)
    lower_model = build_groups_model(topology, chosen, member, sym, reference, balanced=True,
                                     relay=relay)
    session2, low_rounds = _solve(lower_model, limit, kernel)
    witness = certify_lower(lower_model, session2.value, kernel, upper)
    if witness.lam > upper:
        from ...errors import LPCertificateError
        raise LPCertificateError(f"{upper_model.where()}: the certified lower value "
                                 f"{float(witness.lam)!r} exceeds the upper value "
                                 f"{float(upper)!r}, a contradiction; please report the "
                                 f"topology and groups")
    return _Phase(witness.lam, upper, priced, witness, (up_rounds, low_rounds))
