"""What contention costs process groups running at once, and how much the joint optimum
recovers (issue 34, "Baselines"): per group,

* **isolated promise**: the group's own optimum schedule alone (``fc.generate(topology,
  group=g)``: ForestColl on the network the group sees, the others relaying as switches;
  for allreduce its reduce-scatter then allgather trees, the shape the joint optimum
  bounds), what a group-unaware tool promises;
* **isolated, together**: those schedules all running at once on the same fabric, timed by
  :func:`~forestcoll_opt.timing.sharing.simulate_groups` (every link divided among the
  groups that load it, in proportion to their bytes on it);
* **rings, alone and together**: NCCL's ring per group
  (:func:`~forestcoll_opt.generation.baselines.rings.ring`),
  built on the network with the other GPUs switched off
  (:func:`~forestcoll_opt.model.group_scope.switched_off`): a communicator's ring visits
  its own ranks only and moves data GPU to GPU through switches and NICs, never through a
  GPU of another process; timed alone and together the same way;
* all-to-all groups: the isolated optimum is the all-to-all LP's routes on the network the
  group sees, and NCCL's direct all-to-all (every pair straight through the fabric) takes
  the ring's place;
* **joint optimum**: λ·w_g of :func:`forestcoll_opt.lp.concurrent`, the certified best
  every group gets at once (``[lower, upper]``; exact when they meet).

Every algbw is the exact bandwidth limit (a Fraction); the per-size times under the
calibrated or ideal model are kept in :attr:`Contention.isolated` and
:attr:`Contention.rings`. Every group moves the same message; with weights other than 1
the joint optimum still reads λ·w_g, which the equal-message baselines are compared with
as they are.

With ``relay=False`` the joint optimum is the LP without relays and the isolated optimum is
made with the other compute nodes switched off (``fc.generate(topology, group=g,
relay=False)``): no schedule compared then passes through a GPU outside its group.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from ..display import data_frame, exact_cells, html_summary, short_list
from ..errors import FailureError
from ..generation.baselines.alltoall import alltoall_baseline
from ..generation.baselines.rings import ring
from ..model.collective import Collective
from ..model.group_scope import mark, switched_off
from ..model.groups import Group, restrict
from ..model.numbers import exact_json, fraction_display, fraction_text
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..timing.sharing import GroupsSimulation, simulate_groups
from .best import generate

__all__ = ["Contention", "GroupContention", "contention"]

COLUMNS = ("promise", "isolated_together", "ring_alone", "ring_together", "joint_lower",
           "joint_upper")


@dataclass(frozen=True)
class GroupContention:
    """One group of a :class:`Contention`; every algbw exact, in the topology's units.

    :ivar name: the group's name
    :ivar members: its compute nodes
    :ivar weight: its weight w_g in the joint optimum
    :ivar promise: its isolated optimum schedule's algbw alone
    :ivar isolated_together: that schedule's algbw with every group's isolated optimum at once
    :ivar ring_alone: NCCL's ring for the group alone
    :ivar ring_together: the rings of every group at once
    :ivar joint_lower: λ_low·w_g: what the joint optimum certainly gives it together
    :ivar joint_upper: λ_up·w_g: more than any schedule gives it together
    :ivar ring_relays: True when the ring had to be built on the network the group sees
        (the others relaying), switching them off leaving no network to run on
    """

    name: str
    members: tuple[str, ...]
    weight: Fraction
    promise: Fraction
    isolated_together: Fraction
    ring_alone: Fraction
    ring_together: Fraction
    joint_lower: Fraction
    joint_upper: Fraction
    ring_relays: bool = False

    @property
    def cost(self) -> Fraction:
        """What contention costs the isolated optimum: promise / isolated_together (1: none)."""
        return self.promise / self.isolated_together

    @property
    def recovered(self) -> Fraction:
        """What the joint optimum gives over the isolated optima run together:
        joint_lower / isolated_together (1: nothing to recover)."""
        return self.joint_lower / self.isolated_together


@dataclass(frozen=True)
class Contention:
    """What :func:`contention` returns.

    :ivar collective: what every group runs
    :ivar topology: the topology's name
    :ivar units: its bandwidth unit
    :ivar rows: per group (:class:`GroupContention`), in the order of the groups
    :ivar bound: the joint optimum (:class:`~forestcoll_opt.lp.groups.solve.ConcurrentBound`)
    :ivar isolated: the isolated optima timed alone and together, per size
    :ivar rings: the rings timed alone and together, per size
    :ivar schedules: the groups' isolated optimum schedules, in the groups' order
    """

    collective: Collective
    topology: str
    units: str
    rows: tuple[GroupContention, ...]
    bound: Any = field(repr=False)
    isolated: GroupsSimulation = field(repr=False)
    rings: GroupsSimulation = field(repr=False)
    schedules: tuple[Schedule, ...] = field(repr=False, compare=False, default=())

    def __repr__(self) -> str:
        worst = max(self.rows, key=lambda r: r.cost)
        lam = fraction_text(self.bound.lower) if self.bound.exact else \
            f"[{fraction_text(self.bound.lower)}, {fraction_text(self.bound.upper)}]"
        return (f"Contention({len(self.rows)} {self.collective} groups on {self.topology}: "
                f"isolated optima x{float(worst.cost):.4g} slower together, joint λ={lam})")

    def _repr_html_(self) -> str:
        u = self.units
        rows = [("groups", short_list(f"{r.name} ({len(r.members)})" for r in self.rows)),
                ("joint λ", fraction_display(self.bound.lower) if self.bound.exact else
                 f"[{fraction_display(self.bound.lower)}, "
                 f"{fraction_display(self.bound.upper)}]"),
                ("contended links", short_list(f"{a}→{b}" for a, b in self.bound.contended)),
                ("shared by the isolated optima", str(len(self.isolated.shared))),
                ("shared by the rings", str(len(self.rings.shared)))]
        table = self.to_pandas().to_html(index=False)
        return html_summary(f"Contention · {len(self.rows)} {self.collective} groups on "
                            f"{self.topology}", rows, table=table,
                            note=f"exact algbw in {u} (bandwidth limit); every link shared "
                                 f"by the groups that load it, in proportion to their bytes")

    def to_pandas(self) -> Any:
        """One row per group: ``group`` (text), ``members`` (count), ``weight``,
        ``promise``, ``isolated_together``, ``ring_alone``, ``ring_together``,
        ``joint_lower``, ``joint_upper``, ``cost``, ``recovered`` (floats, each with its
        ``_exact`` Fraction beside it).

        :returns: the DataFrame
        """
        names = ("weight", *COLUMNS, "cost", "recovered")
        out = []
        for r in self.rows:
            row: dict[str, Any] = {"group": r.name, "members": len(r.members)}
            for name in names:
                row.update(exact_cells(name, getattr(r, name)))
            out.append(row)
        columns = {"group": "text", "members": "count"}
        for name in names:
            columns[name], columns[f"{name}_exact"] = "number", "exact"
        return data_frame(out, columns)

    def to_dict(self) -> dict[str, Any]:
        """Per group, the exact values as ``"p/q"`` text with a float beside.

        :returns: a dict
        """
        return {"collective": self.collective.value, "topology": self.topology,
                "units": self.units, "model": self.isolated.model,
                "groups": [{"name": r.name, **{c: exact_json(getattr(r, c)) for c in COLUMNS},
                            "cost": exact_json(r.cost), "recovered": exact_json(r.recovered),
                            "ring_relays": r.ring_relays} for r in self.rows]}


def group_ring(topology: Topology, group: Group, collective: Collective) -> tuple[Schedule, bool]:
    """NCCL's ring for ``group`` (module docstring): built with the others switched off,
    or on the network the group sees when switching them off leaves none; marked with its
    process group. Returns (the ring, whether it relays through the others)."""
    try:
        net, relays = switched_off(topology, group), False
    except FailureError:
        net, relays = restrict(topology, group), True
    if collective is Collective.ALLTOALL:       # NCCL's direct all-to-all, no ring
        made = alltoall_baseline(net, "direct")
    else:
        made = ring(net, collective.value)
    return mark(made, topology, net), relays


def isolated_optimum(topology: Topology, group: Group, collective: Collective,
                     kernel: str | None = None, relay: bool = True) -> Schedule:
    """``fc.generate(topology, group=group)``: the group's own optimum on the network it
    sees, marked with its group; for allreduce ForestColl's reduce-scatter then allgather
    (``method="trees"``), the shape the joint optimum bounds. ``relay=False``: on the
    network with the other compute nodes switched off."""
    net = restrict(topology, group) if relay else switched_off(topology, group)
    if collective is Collective.ALLTOALL:       # the all-to-all LP's routes
        from ..lp.alltoall.schedule import lp_alltoall
        return mark(lp_alltoall(net, kernel=kernel), topology, net)
    method = "trees" if collective is Collective.ALLREDUCE else "auto"
    return mark(generate(net, collective=collective, kernel=kernel, method=method),
                topology, net)


def contention(topology: Topology, *, groups: Any = None, mesh: Any = None, along: Any = None,
               collective: "Collective | str" = "allgather", sizes: Sequence[int] = (2**30,),
               model: str = "calibrated", symmetry: bool | None = None,
               kernel: str | None = None, time_limit: float | None = None,
               relay: bool = True) -> Contention:
    """Per group: its isolated optimum alone (the promise) and together, NCCL's ring per
    group alone and together, and the joint optimum λ·w_g (module docstring).

    :param topology: the network
    :param groups: the groups, as :func:`forestcoll_opt.lp.concurrent` takes them
    :param mesh: instead of ``groups``, a device mesh such as ``"dp=16,tp=8"``
    :param along: with ``mesh``, the dimension(s) the groups run along
    :param collective: ``"allgather"`` (default), ``"reduce-scatter"`` or ``"allreduce"``
    :param sizes: message sizes in bytes at which :attr:`Contention.isolated` and
        :attr:`Contention.rings` time the schedules
    :param model: the time model of those times, ``"calibrated"`` or ``"ideal"``
    :param symmetry: fold the joint LP by the permutations that map groups onto groups
        (as :func:`forestcoll_opt.lp.concurrent`; the values are the same either way)
    :param kernel: the max-flow kernel
    :param time_limit: seconds for HiGHS, per model
    :param relay: False: no group's data passes through a compute node outside it, in the
        joint optimum (:func:`forestcoll_opt.lp.concurrent` ``relay=False``) and the
        isolated optima (made with the others switched off) alike
    :returns: the comparison
    :raises GroupError: for badly named groups
    :raises CollectiveError: for a collective the joint optimum does not cover
    :raises LPError: when the joint optimum cannot be solved and certified
    """
    from ..lp.groups.solve import concurrent       # loads the solver only when asked

    bound = concurrent(topology, groups=groups, mesh=mesh, along=along, collective=collective,
                       symmetry=symmetry, time_limit=time_limit, kernel=kernel, relay=relay)
    member = bound.collective
    chosen = bound.groups
    names = [g.name for g in chosen]
    isolated = [isolated_optimum(topology, g, member, kernel, relay) for g in chosen]
    made = [group_ring(topology, g, member) for g in chosen]
    timed_isolated = simulate_groups(topology, isolated, sizes, names=names, model=model)
    timed_rings = simulate_groups(topology, [r for r, _ in made], sizes, names=names,
                                  model=model)
    rows = tuple(GroupContention(
        name=g.name, members=g.members, weight=g.weight, promise=iso.alone_algbw,
        isolated_together=iso.together_algbw, ring_alone=rg.alone_algbw,
        ring_together=rg.together_algbw, joint_lower=row.together_lower,
        joint_upper=row.together_upper, ring_relays=relays)
        for g, iso, rg, row, (_, relays) in zip(chosen, timed_isolated.groups,
                                                timed_rings.groups, bound.rows, made))
    return Contention(collective=member, topology=topology.name, units=topology.units,
                      rows=rows, bound=bound, isolated=timed_isolated, rings=timed_rings,
                      schedules=tuple(isolated))
