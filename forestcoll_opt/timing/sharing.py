"""Process groups timed together: several group schedules running at once on one network,
every link's bandwidth shared by the groups whose trees cross it (issue 34, "``simulate``
times the groups together").

**What it assumes.** Every group moves the same message of M bytes (the sizes given), each
by its own schedule, all starting together. A link e whose load comes from several groups
is divided among them for the whole collective in proportion to the bytes each puts on it:
group g gets b_e · B_g(e) / Σ_h B_h(e) of it, B_g(e) = M · Σ_p load_{g,p}(e) / parts_{g,p}
being the bytes g's schedule sends over e (both phases of an allreduce counted). That is
the rule :mod:`forestcoll_opt.timing.simulation` already applies between the trees of one
schedule and between the two phases of a concurrent allreduce, now between schedules: a
static reservation, as the concurrent-groups LP's shares are (:func:`forestcoll_opt.lp.concurrent`).
Each group is then timed exactly as :func:`~forestcoll_opt.timing.simulation.simulate`
times it alone (the same model, calibrated or ideal, on its own group's network), but on
its reservation of every link instead of the whole link; the links it alone uses stay
whole. So:

* one group, or groups that share no link, give exactly what ``simulate`` gives, byte for
  byte (every reservation is the whole link);
* in the bandwidth limit a group's time is M · max over the links e it uses of
  Σ_h B_h(e) / (M · b_e) (one phase; the phases' maxima add for an allreduce): its
  bottleneck is taken over the *summed* loads of every group on its links, so two groups
  that each fill one uplink alone take twice as long together. That algbw is exact
  (:attr:`GroupTiming.together_algbw`, a Fraction), as the schedule's own ``algbw`` is;
* the times are achievable (a fabric that enforces the reservation, by virtual lanes or
  rate limits, runs them), and conservative where a group finishes early: bandwidth a
  group leaves idle is not handed to the others, which a work-conserving fabric would do.
  Latencies (α per hop, the libraries' per-step latencies) are a group's own and not
  shared.

The joint optimum's schedules (one per group, made on its share of every link at λ·w_g)
reach at least λ on this model when every weight is 1: each group's bytes on a link are at
most its share's, so the summed loads fit the link.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..display import data_frame, html_summary, short_list
from ..errors import UsageError
from ..model.collective import Collective
from ..model.compact import check_group, read_schedule
from ..model.group_scope import for_schedule
from ..model.numbers import exact_json, fraction_display, fraction_text
from ..model.schedule import Schedule
from ..model.topology import Topology
from .calibrated import Calibration
from .simulation import (Simulation, _check_size, check_claim, check_options,
                         exact_coefficients, merged_coefficients, timed)

__all__ = ["GroupTiming", "GroupsSimulation", "simulate_groups", "together_capacities",
           "bandwidth_limit"]

Link = tuple[str, str]


@dataclass(frozen=True)
class GroupTiming:
    """One group of a :class:`GroupsSimulation`: its schedule timed alone and together.

    :ivar name: the group's name (``names=``, or ``g0``, ``g1``, ... in the order given)
    :ivar members: its compute nodes, in the topology's order
    :ivar collective: what its schedule runs
    :ivar alone_algbw: the exact algbw of its schedule alone (its own ``algbw``: the
        bandwidth limit of ``alone``)
    :ivar together_algbw: the exact algbw of its schedule with every group at once (the
        bandwidth limit of ``together``, module docstring)
    :ivar alone: its times per size alone, as :func:`simulate` gives them
    :ivar together: its times per size with every group at once
    """

    name: str
    members: tuple[str, ...]
    collective: Collective
    alone_algbw: Fraction
    together_algbw: Fraction
    alone: Simulation
    together: Simulation

    @property
    def slowdown(self) -> Fraction:
        """How many times slower together than alone, in the bandwidth limit (1: no
        contention)."""
        return self.alone_algbw / self.together_algbw

    def __repr__(self) -> str:
        return (f"GroupTiming({self.name}: {len(self.members)} members, alone "
                f"{fraction_text(self.alone_algbw)}, together "
                f"{fraction_text(self.together_algbw)})")


@dataclass(frozen=True)
class GroupsSimulation:
    """What :func:`simulate_groups` returns: every group's times alone and together.

    :ivar topology: the topology's name
    :ivar units: its bandwidth unit (every algbw is in it)
    :ivar model: ``"calibrated"`` or ``"ideal"``
    :ivar groups: per group, in the order given (:class:`GroupTiming`)
    :ivar shared: the links two groups or more load, in the topology's link order: the
        only links whose bandwidth is divided
    """

    topology: str
    units: str
    model: str
    groups: tuple[GroupTiming, ...]
    shared: tuple[Link, ...]

    def __repr__(self) -> str:
        worst = max((g.slowdown for g in self.groups), default=Fraction(1))
        return (f"GroupsSimulation({len(self.groups)} groups on {self.topology}, "
                f"{self.model} model: {len(self.shared)} shared links, slowest together "
                f"x{float(worst):.4g} of alone)")

    def _repr_html_(self) -> str:
        rows = [("groups", short_list(f"{g.name} ({len(g.members)})" for g in self.groups)),
                ("model", self.model),
                ("shared links", short_list(f"{a}→{b}" for a, b in self.shared)),
                ("bandwidth limit", short_list(
                    f"{g.name}: {fraction_display(g.alone_algbw)} alone, "
                    f"{fraction_display(g.together_algbw)} together" for g in self.groups))]
        table = self.to_pandas().to_html(index=False)
        return html_summary(f"GroupsSimulation · {len(self.groups)} groups on "
                            f"{self.topology}", rows, table=table,
                            note=f"algbw in {self.units}; seconds per message size; "
                                 f".to_pandas() for the table")

    def to_pandas(self) -> Any:
        """One row per group and size: ``group`` (text), ``members`` (count),
        ``size_bytes``, ``seconds_alone``, ``algbw_alone``, ``seconds_together``,
        ``algbw_together`` (floats), and the bandwidth limits ``limit_alone``,
        ``limit_together`` (floats, each with its ``_exact`` Fraction beside it).

        :returns: the DataFrame
        """
        out = []
        for g in self.groups:
            for alone, together in zip(g.alone, g.together):
                out.append({"group": g.name, "members": len(g.members),
                            "size_bytes": alone.size_bytes, "seconds_alone": alone.seconds,
                            "algbw_alone": alone.algbw, "seconds_together": together.seconds,
                            "algbw_together": together.algbw,
                            "limit_alone": float(g.alone_algbw),
                            "limit_alone_exact": g.alone_algbw,
                            "limit_together": float(g.together_algbw),
                            "limit_together_exact": g.together_algbw})
        return data_frame(out, {
            "group": "text", "members": "count", "size_bytes": "count",
            "seconds_alone": "number", "algbw_alone": "number",
            "seconds_together": "number", "algbw_together": "number",
            "limit_alone": "number", "limit_alone_exact": "exact",
            "limit_together": "number", "limit_together_exact": "exact"})

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON types (exact values as ``"p/q"`` text with a float beside).

        :returns: a dict
        """
        def rows(sim: Simulation) -> list[dict[str, Any]]:
            return [{"size_bytes": r.size_bytes, "seconds": r.seconds,
                     "algbw": None if math.isinf(r.algbw) else r.algbw,
                     "chunks": r.chunks, "protocol": r.protocol} for r in sim]

        return {"topology": self.topology, "units": self.units, "model": self.model,
                "parameters": dict(self.groups[0].alone.parameters) if self.groups else {},
                "groups": [{"name": g.name, "members": list(g.members),
                            "collective": g.collective.value,
                            "alone_algbw": exact_json(g.alone_algbw),
                            "together_algbw": exact_json(g.together_algbw),
                            "alone": rows(g.alone), "together": rows(g.together)}
                           for g in self.groups],
                "shared": [{"src": a, "dst": b} for a, b in self.shared]}


def bandwidth_limit(coefficients: Sequence[Mapping[Link, Fraction]],
                    schedule: Schedule) -> Fraction:
    """The exact algbw of ``schedule`` from its per-phase exact coefficients
    (:func:`~forestcoll_opt.timing.simulation.exact_coefficients`): 1 / Σ_p max_e ρ_p(e),
    or 1 / max_e Σ_p ρ_p(e) for a concurrent allreduce; the schedule's own ``algbw`` when
    it loads no link."""
    merged = merged_coefficients(list(coefficients), schedule)
    if schedule.concurrent:
        busiest = max(merged[0].values(), default=Fraction(0))
    else:
        busiest = sum((max(p.values(), default=Fraction(0)) for p in merged), Fraction(0))
    return schedule.algbw if busiest == 0 else 1 / busiest


def together_capacities(topology: Topology, schedules: Sequence[Schedule],
                        networks: Sequence[Topology] | None = None
                        ) -> tuple[list[dict[Link, Fraction]], tuple[Link, ...]]:
    """Every group's reservation of the links it shares (module docstring): per schedule,
    link -> b_e · B_g(e) / Σ_h B_h(e) for every link another schedule loads too, and the
    shared links in the topology's order.

    :param topology: the network (every schedule's own group network has its links)
    :param schedules: the schedules running at once
    :param networks: each schedule's own group network (None: ``topology`` for all)
    :returns: (per schedule, its reserved bandwidth of each shared link; the shared links)
    :raises ScheduleError: when a path uses a node pair that is not a link
    """
    volumes: list[dict[Link, Fraction]] = []
    for i, s in enumerate(schedules):
        bytes_on: dict[Link, Fraction] = {}
        net = topology if networks is None else networks[i]
        for phase in exact_coefficients(net, s):       # load / (parts · b_e)
            for hop, value in phase.items():
                bytes_on[hop] = bytes_on.get(hop, Fraction(0)) + value
        volumes.append({hop: v for hop, v in bytes_on.items() if v > 0})
    total: dict[Link, Fraction] = {}
    users: dict[Link, int] = {}
    for v in volumes:
        for hop, value in v.items():
            total[hop] = total.get(hop, Fraction(0)) + value
            users[hop] = users.get(hop, 0) + 1
    shared = tuple(hop for hop in topology.capacity if users.get(hop, 0) >= 2)
    reserved = [{hop: topology.capacity[hop] * v[hop] / total[hop] for hop in shared
                 if hop in v} for v in volumes]
    return reserved, shared


def simulate_groups(topology: Topology, schedules: Any, sizes: Iterable[int], *,
                    names: Sequence[str] | None = None, chunks: int | str = "auto",
                    alpha: float | None = None,
                    alpha_per_link: Mapping[Link, float] | None = None,
                    model: str = "calibrated", calibration: "Calibration | None" = None
                    ) -> GroupsSimulation:
    """Time several process groups' schedules running at once on ``topology``, every
    shared link divided among them (module docstring), beside each alone.

    :param topology: the network every group runs on
    :param schedules: the groups' schedules: a sequence of :class:`Schedule` (or schedule
        file paths), each with its ``process_group`` (one of every compute node is the
        whole network), or an object whose ``schedules`` is such a sequence
    :param sizes: message sizes M in bytes, every group moving M
    :param names: one name per schedule (None: the names of the object's ``groups`` when
        it has them, e.g. a multi-group schedule's; else ``g0``, ``g1``, ...)
    :param chunks: ideal model: as :func:`~forestcoll_opt.timing.simulation.simulate`
    :param alpha: ideal model: as :func:`~forestcoll_opt.timing.simulation.simulate`
    :param alpha_per_link: ideal model: as :func:`~forestcoll_opt.timing.simulation.simulate`
    :param model: ``"calibrated"`` (the default) or ``"ideal"``
    :param calibration: the calibrated model's parameters (None: the defaults)
    :returns: per group, alone and together (:class:`GroupsSimulation`)
    :raises UsageError: for no schedule, a name list of another length, or a bad option
        or size
    :raises ScheduleError: when a schedule is not one of ``topology`` (a hop that is not a
        link, a claimed algbw its loads do not give), as :func:`simulate` says
    """
    model = check_options(model, chunks, alpha, alpha_per_link, calibration)
    if isinstance(sizes, (str, bytes)):
        raise UsageError(f"sizes must be a list of whole byte counts such as [2**20, 2**30], "
                         f"not the string {str(sizes)[:40]!r}")
    sizes = [_check_size(size) for size in sizes]
    listed = _schedules(topology, schedules)
    if names is None:           # a multi-group schedule names its groups
        named = [getattr(g, "name", "") for g in getattr(schedules, "groups", None) or ()]
        names = named if len(named) == len(listed) and all(named) and \
            len(set(named)) == len(named) else [f"g{i}" for i in range(len(listed))]
    elif isinstance(names, str) or len(names) != len(listed) or \
            not all(isinstance(n, str) and n for n in names):
        raise UsageError(f"names= must give one non-empty name per schedule ({len(listed)})")
    networks = []
    for i, s in enumerate(listed):
        net = for_schedule(topology, s)
        if getattr(s, "group", None) is not None:
            check_group(net, s)
        check_claim(net, s)
        networks.append(net)
    reserved, shared = together_capacities(topology, listed, networks)
    options = dict(model=model, chunks=chunks, alpha=alpha, alpha_per_link=alpha_per_link,
                   calibration=calibration)
    rows = []
    for name, s, net, capacity in zip(names, listed, networks, reserved):
        alone = timed(net, s, sizes, **options)
        together = timed(net, s, sizes, capacity=capacity or None, **options) \
            if capacity else alone
        rows.append(GroupTiming(
            name=name, members=s.compute_nodes, collective=s.collective,
            alone_algbw=bandwidth_limit(exact_coefficients(net, s), s),
            together_algbw=bandwidth_limit(exact_coefficients(net, s, capacity=capacity), s),
            alone=alone, together=together))
    return GroupsSimulation(topology=topology.name, units=topology.units, model=model,
                            groups=tuple(rows), shared=shared)


def _schedules(topology: Topology, schedules: Any) -> list[Schedule]:
    """The schedules as a list: a multi-group schedule's ``schedules``, each path read
    (kept compact, checked against ``topology``)."""
    inner = getattr(schedules, "schedules", None)
    if inner is not None and not isinstance(schedules, (str, os.PathLike)):
        schedules = inner
    if isinstance(schedules, (Schedule, str, os.PathLike)) or \
            not isinstance(schedules, (list, tuple)):
        raise UsageError(f"schedules must be a list of group schedules (one per group "
                         f"running at once), got {type(schedules).__name__}")
    if not schedules:
        raise UsageError("schedules: no schedule; give one per group running at once")
    out = []
    for i, s in enumerate(schedules):
        if isinstance(s, (str, os.PathLike, dict)):
            s = read_schedule(s, topology=topology, expand=False)
        if not isinstance(s, Schedule):
            raise UsageError(f"schedules: item #{i} is a {type(s).__name__}, not a Schedule "
                             f"or a schedule file's path")
        out.append(s)
    return out
