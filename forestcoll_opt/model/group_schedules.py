"""Schedules of several process groups running one collective at the same time: the
``forestcoll-group-schedules/1`` document (docs/formats.md) and its Python type.

A file holds one ordinary group schedule (``forestcoll-schedule/5``, with its
``process_group``) per group, each group's name and weight, the collective, the topology,
λ as the concurrent-groups LP certified it (``lambda``: lower, upper) and the common scale
the schedules reach together (``achieved``): the largest λ at which every group g runs at
algbw λ·w_g, all at once, with the summed link loads within every link's bandwidth
(:func:`joint_lambda`). ``"relay": false`` says no group's schedule passes through a
compute node outside it, and λ is that of schedules that never do. The verifier recomputes it by its own counting
(:mod:`forestcoll_opt.verify.groups`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..display import html_summary, short_list
from ..errors import OutputError, ScheduleError
from ..files import MAX_SCHEDULE, display_path, parse_json, read_text, write_output
from .collective import Collective
from .fields import exact as _exact, label as _text
from .groups import Group
from .alltoall import route_loads
from .linkloads import link_loads, multicast_switches
from .numbers import fraction_display, fraction_text
from .schedule import Schedule, from_dict as schedule_from_dict
from .topology import Topology

__all__ = ["FORMAT_GROUPS", "GroupSchedules", "joint_lambda", "phase_times",
           "load_group_schedules", "write_group_schedules"]

FORMAT_GROUPS = "forestcoll-group-schedules/1"
_TOP_KEYS = {"format", "collective", "topology", "units", "layout", "relay", "lambda",
             "achieved", "groups"}
_GROUP_KEYS = {"name", "weight", "schedule"}
# what groups at once run (the concurrent-groups LP's collectives)
_COLLECTIVES = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.ALLREDUCE,
                Collective.ALLTOALL)


@dataclass(frozen=True)
class GroupSchedules:
    """Process groups running ``collective`` at once, one schedule each
    (``forestcoll-group-schedules/1``).

    :ivar collective: the collective every group runs
    :ivar topology: the whole network's name (each schedule names its group's view of it)
    :ivar units: the bandwidth unit
    :ivar groups: the groups, names and weights w_g (members: their schedules' compute nodes)
    :ivar schedules: one ordinary group schedule per group, in the order of ``groups``
        (``process_group`` set; a plain ``Sequence[Schedule]`` for the time model)
    :ivar achieved: the common scale λ the schedules reach together: every group g at algbw
        λ·w_g at once, the summed link loads within every link (:func:`joint_lambda`)
    :ivar lower: the concurrent-groups LP's certified lower value of λ (None: not known)
    :ivar upper: its certified upper value: no schedule of the groups at once beats it
    :ivar layout: ``(mesh, along)`` when the groups are a device mesh's, else None
    :ivar relay: False when no group's schedule passes through a compute node outside it
        (``relay=False``; ``lower`` and ``upper`` are then the no-relay LP's)
    """

    collective: Collective
    topology: str
    units: str
    groups: tuple[Group, ...]
    schedules: tuple[Schedule, ...]
    achieved: Fraction
    lower: Fraction | None = None
    upper: Fraction | None = None
    layout: tuple[str, str] | None = None
    relay: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "collective", Collective(self.collective))
        if len(self.groups) != len(self.schedules):
            raise ScheduleError(f"{len(self.groups)} groups but {len(self.schedules)} "
                                f"schedules; give one schedule per group")

    @property
    def optimal(self) -> bool:
        """The schedules reach the LP's certified upper value: the joint optimum, exactly."""
        return self.upper is not None and self.achieved == self.upper

    @property
    def ratio(self) -> Fraction | None:
        """achieved / upper (None without the LP's value)."""
        return None if self.upper is None else self.achieved / self.upper

    def __len__(self) -> int:
        return len(self.groups)

    def __repr__(self) -> str:
        upper = "" if self.upper is None else f" of {fraction_text(self.upper)}"
        return (f"GroupSchedules({len(self.groups)} {self.collective} groups"
                f"{'' if self.relay else ' without relays'} on "
                f"{self.topology}: λ={fraction_text(self.achieved)}{upper}"
                f"{' optimal' if self.optimal else ''})")

    def _repr_html_(self) -> str:
        rows = [("groups", short_list(f"{g.name} ({len(g)})" for g in self.groups)),
                ("λ achieved", fraction_display(self.achieved)
                 + (" (optimal)" if self.optimal else ""))]
        if self.lower is not None and self.upper is not None:
            rows.append(("λ certified", fraction_display(self.lower) if self.lower == self.upper
                         else f"[{fraction_display(self.lower)}, "
                              f"{fraction_display(self.upper)}]"))
        if not self.relay:
            rows.append(("relaying", "none through a compute node outside its group"))
        rows.append(("per group", short_list(
            f"{g.name}: {fraction_display(s.algbw)} alone" for g, s in
            zip(self.groups, self.schedules))))
        return html_summary(f"GroupSchedules · {len(self.groups)} {self.collective} groups on "
                            f"{self.topology}", rows,
                            note=f"algbw in {self.units}; .schedules: one Schedule per group")

    def save(self, path: "str | os.PathLike") -> None:
        """Write the file (:func:`write_group_schedules`)."""
        if not isinstance(path, (str, os.PathLike)) or path == "":
            raise OutputError(f"save(path) needs a file name (a str or os.PathLike; \"-\" for "
                              f"standard output), got {type(path).__name__}")
        write_group_schedules(self, path)

    def to_dict(self) -> dict[str, Any]:
        """The document as JSON types (docs/formats.md); unknown optional keys left out."""
        out: dict[str, Any] = {"format": FORMAT_GROUPS, "collective": self.collective.value}
        if self.topology:
            out["topology"] = self.topology
        if self.units:
            out["units"] = self.units
        if self.layout is not None:
            out["layout"] = {"mesh": self.layout[0], "along": self.layout[1]}
        if not self.relay:
            out["relay"] = False
        if self.lower is not None and self.upper is not None:
            out["lambda"] = {"lower": fraction_text(self.lower),
                             "upper": fraction_text(self.upper)}
        out["achieved"] = fraction_text(self.achieved)
        out["groups"] = [{"name": g.name, "weight": fraction_text(g.weight),
                          "schedule": s.to_dict()}
                         for g, s in zip(self.groups, self.schedules)]
        return out

    def to_json(self) -> str:
        """The JSON text: a key per line, each group's schedule as
        :meth:`Schedule.to_json` writes it (one tree per line)."""
        head = self.to_dict()
        del head["groups"]
        lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
        lines.append(' "groups": [')
        for i, (g, s) in enumerate(zip(self.groups, self.schedules)):
            body = s.to_json().rstrip("\n").split("\n")
            lines.append(f"  {{\"name\": {json.dumps(g.name)}, \"weight\": "
                         f"{json.dumps(fraction_text(g.weight))}, \"schedule\": {body[0]}")
            lines.extend("   " + line for line in body[1:-1])
            lines.append("   " + body[-1] + "}" + ("," if i < len(self.groups) - 1 else ""))
        lines.append(" ]")
        lines.append("}")
        return "\n".join(lines) + "\n"


def phase_times(schedule: Schedule, topology: Topology
                ) -> tuple[dict[tuple[str, str], Fraction], ...]:
    """Per phase (allreduce: reduce-scatter, then allgather), every link's time per unit of
    the schedule's data: load / (parts · bandwidth) (as
    :func:`~forestcoll_opt.model.linkloads.achieved_algbw` counts it); an all-to-all's one
    phase by its routes' loads (:mod:`forestcoll_opt.model.alltoall`)."""
    if schedule.collective is Collective.ALLTOALL:
        # algbw = k·Σd / ((N−1)·max_e load/b_e): t(e) = (N−1)·load / (k·Σd·b_e)
        n = len(schedule.compute_nodes)
        total = n * (n - 1) if schedule.demand is None else sum(d for *_, d in schedule.demand)
        return ({hop: Fraction((n - 1) * load, (schedule.k or 1) * total) / topology.capacity[hop]
                 for hop, load in route_loads(schedule.routes).items()},)
    capable = multicast_switches(topology)
    out = []
    for phase in schedule.phases or (schedule,):
        parts = phase.k if phase.collective.rooted else schedule.total_weight * phase.k
        merged = replace(phase, multicast=schedule.multicast)
        out.append({hop: Fraction(load, parts) / topology.capacity[hop]
                    for hop, load in link_loads(merged, capable).items()})
    return tuple(out)


def joint_lambda(topology: Topology, schedules: Sequence[Schedule],
                 weights: Sequence[Fraction]) -> Fraction:
    """The largest common scale λ at which every schedule g runs at algbw λ·w_g, all at
    once, within every link's bandwidth. Phases align (every group's reduce-scatter, then
    every group's allgather): λ = 1 / Σ_p max_e Σ_g w_g·t_g,p(e), t the time per unit of
    data (:func:`phase_times`); one phase for the other collectives.

    :raises ScheduleError: for concurrent allreduce phases (their windows do not align)
    """
    if any(s.concurrent for s in schedules):
        raise ScheduleError("a concurrent allreduce (both phases at once) has no aligned "
                            "phases to run with other groups; use reduce-scatter then "
                            "allgather schedules")
    sums: list[dict[tuple[str, str], Fraction]] = []
    for s, w in zip(schedules, weights):
        for p, times in enumerate(phase_times(s, topology)):
            if len(sums) <= p:
                sums.append({})
            into = sums[p]
            for hop, t in times.items():
                into[hop] = into.get(hop, Fraction(0)) + w * t
    total = sum((max(s.values(), default=Fraction(0)) for s in sums), Fraction(0))
    return Fraction(0) if total == 0 else 1 / total


def write_group_schedules(schedules: GroupSchedules, path: "str | os.PathLike") -> None:
    """Write a ``forestcoll-group-schedules/1`` file atomically (``.gz``: compressed; ``-``:
    standard output).

    :raises OutputError: when the file cannot be written"""
    write_output(path, schedules.to_json())


def load_group_schedules(path: "str | os.PathLike") -> GroupSchedules:
    """Read a ``forestcoll-group-schedules/1`` file (:func:`group_schedules_from_dict`)."""
    text = read_text(path, ScheduleError, "group schedules", limit=MAX_SCHEDULE)
    shown = display_path(path)
    return group_schedules_from_dict(parse_json(text, ScheduleError, shown), source=shown)


def group_schedules_from_dict(data: Any, *, source: str = "group schedules") -> GroupSchedules:
    """Parse a ``forestcoll-group-schedules/1`` document. The shape is checked strictly
    (unknown keys, types, every group schedule a ``forestcoll-schedule/5`` of the same
    collective, names unique); what the schedules reach is the verifier's to judge.

    :raises ScheduleError: naming the field at fault"""
    if not isinstance(data, Mapping):
        raise ScheduleError(f"{source}: a group schedules document must be a JSON object")
    if data.get("format") != FORMAT_GROUPS:
        raise ScheduleError(f"{source}: \"format\" must be {FORMAT_GROUPS!r}")
    extra = sorted(set(data) - _TOP_KEYS)
    if extra:
        raise ScheduleError(f"{source}: unknown key {extra[0]!r}")
    collective = next((c for c in _COLLECTIVES if c.value == data.get("collective")), None)
    if collective is None:
        raise ScheduleError(f"{source}: \"collective\" must be one of "
                            f"{', '.join(c.value for c in _COLLECTIVES)}")
    topology = _text(data["topology"], f"{source}: \"topology\"") if "topology" in data else ""
    units = _text(data["units"], f"{source}: \"units\"") if "units" in data else ""
    layout = None
    if "layout" in data:
        raw = data["layout"]
        if not isinstance(raw, Mapping) or set(raw) != {"mesh", "along"} or not all(
                isinstance(v, str) and v for v in raw.values()):
            raise ScheduleError(f"{source}: \"layout\" must be {{\"mesh\": \"dp=16,tp=8\", "
                                f"\"along\": \"dp\"}}")
        layout = (raw["mesh"], raw["along"])
    relay = data.get("relay", True)
    if not isinstance(relay, bool):
        raise ScheduleError(f"{source}: \"relay\" must be true or false")
    lower = upper = None
    if "lambda" in data:
        raw = data["lambda"]
        if not isinstance(raw, Mapping) or set(raw) != {"lower", "upper"}:
            raise ScheduleError(f"{source}: \"lambda\" must be {{\"lower\": ..., \"upper\": ...}}")
        lower = _exact(raw["lower"], f"{source}: \"lambda\" lower")
        upper = _exact(raw["upper"], f"{source}: \"lambda\" upper")
    if "achieved" not in data:
        raise ScheduleError(f"{source}: missing \"achieved\"")
    achieved = _exact(data["achieved"], f"{source}: \"achieved\"")
    raw_groups = data.get("groups")
    if not isinstance(raw_groups, list) or not raw_groups:
        raise ScheduleError(f"{source}: \"groups\" must be a non-empty list")
    groups, schedules = [], []
    for i, item in enumerate(raw_groups):
        where = f"{source}: group #{i}"
        if not isinstance(item, Mapping) or set(item) != _GROUP_KEYS:
            raise ScheduleError(f"{where} must be an object with exactly \"name\", "
                                f"\"weight\" and \"schedule\"")
        name = _text(item["name"], f"{where} name")
        weight = _exact(item["weight"], f"{where} weight")
        sched = schedule_from_dict(item["schedule"], source=f"{where} schedule")
        if not sched.process_group:
            raise ScheduleError(f"{where}: its schedule must be a forestcoll-schedule/5 "
                                f"with \"process_group\"")
        if sched.collective is not collective:
            raise ScheduleError(f"{where}: its schedule runs {sched.collective}, the document "
                                f"{collective}")
        groups.append(Group(sched.compute_nodes, weight, name))
        schedules.append(sched)
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        raise ScheduleError(f"{source}: two groups are named "
                            f"{next(n for n in names if names.count(n) > 1)!r}")
    return GroupSchedules(collective, topology, units, tuple(groups), tuple(schedules),
                          achieved, lower, upper, layout, relay)
