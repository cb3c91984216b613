"""One process group on one network: the one place every entry point turns its ``group=``
(and the CLI its ``--group``) into the network the collective runs on, and a schedule
into one that remembers its group.

``scope(topology, group)`` is ``restrict(topology, select(topology, group))``
(:mod:`forestcoll_opt.model.groups`): the members stay compute nodes, every other compute
node becomes a switch. A group of every compute node gives the topology itself, so every
result is then exactly what it is without ``group=``.

A schedule made for a group remembers it (:attr:`Schedule.process_group`, the key
``"process_group"`` of ``forestcoll-schedule/5``): :func:`for_schedule` takes the group
from the schedule when none is given, and refuses a group that disagrees with it.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any, Iterable, Mapping

from ..errors import FailureError, GroupError, MscclExportError
from .faults import Failure, problem
from .groups import Group, restrict, select
from .schedule import Schedule
from .topology import MAX_ID_LENGTH, Topology

__all__ = ["scope", "members_of", "schedule_members", "for_schedule", "mark", "relays",
           "check_exportable", "switched_off", "switched_off_problem"]


def members_of(topology: Topology, group: "str | Iterable[str] | Group", *,
               where: str = "group=") -> tuple[str, ...]:
    """The members ``group`` names (ids and globs, a list of them, or a :class:`Group`),
    in the topology's node order.

    :param where: how messages name the argument (the CLI: ``--group``)
    :raises GroupError: naming the item at fault"""
    if isinstance(group, Group):
        return select(topology, list(group.members), where=where)
    if not isinstance(group, (str, list, tuple, set, frozenset)):
        raise GroupError(f"{where} must be node ids or globs (a comma list such as "
                         f"'box*/gpu0', or a list of them) or a Group, got "
                         f"{type(group).__name__}")
    return select(topology, group if isinstance(group, str) else list(group), where=where)


def scope(topology: Topology, group: "str | Iterable[str] | Group | None", *,
          where: str = "group=") -> Topology:
    """The network as ``group`` sees it (None: ``topology`` itself): non-members become
    switches. Every compute node named: ``topology`` itself, the same object.

    :raises GroupError: for a group that names no compute node, a switch, or fewer than two"""
    if group is None:
        return topology
    return restrict(topology, members_of(topology, group, where=where))


def schedule_members(schedule: Any) -> tuple[str, ...] | None:
    """The members a schedule says it is for: a :class:`Schedule` with
    ``process_group``, or a parsed schedule (a mapping) with a ``"process_group"`` list of
    ids; None when it claims no group (a path is not read here)."""
    if isinstance(schedule, Schedule):
        return schedule.compute_nodes if schedule.process_group else None
    if isinstance(schedule, Mapping):
        raw = schedule.get("process_group")
        if isinstance(raw, list) and all(isinstance(v, str) for v in raw):
            return tuple(raw)
    return None


def for_schedule(topology: Topology, schedule: Any,
                 group: "str | Iterable[str] | Group | None" = None, *,
                 where: str = "group=") -> Topology:
    """The network a schedule is to be used on: its own process group's when it claims
    one, the group given when it claims none.

    :raises GroupError: when ``group`` is given and the schedule is for another group (or
        for every compute node while ``group`` names fewer)"""
    claimed = schedule_members(schedule)
    if not isinstance(schedule, (Schedule, Mapping, str, os.PathLike)):
        return scope(topology, group, where=where)      # a Bound to draw, say
    if group is None:
        if claimed is None or not set(claimed) <= set(topology.compute_nodes) \
                or len(set(claimed)) < 2:
            return topology     # a foreign claim: the reader or the verifier says so
        return restrict(topology, claimed)
    members = members_of(topology, group, where=where)
    if claimed is None:
        if isinstance(schedule, (str, os.PathLike)) or set(members) == set(
                topology.compute_nodes):
            return restrict(topology, members)
        listed = schedule.compute_nodes if isinstance(schedule, Schedule) else (
            schedule.get("compute_nodes") if isinstance(schedule, Mapping) else None)
        if isinstance(listed, (list, tuple)) and set(listed) == set(members):
            return restrict(topology, members)
        raise GroupError(f"{where}: the schedule claims no process group (it is for every "
                         f"compute node of its network), but {where} names {len(members)} of "
                         f"the {len(topology.compute_nodes)}; leave {where} out, or generate "
                         f"a schedule for the group")
    if set(claimed) != set(members):
        raise GroupError(f"{where}: the schedule is for its process group of {len(claimed)} "
                         f"({_few(claimed)}), not the {len(members)} given ({_few(members)}); "
                         f"leave {where} out to use the schedule's own group")
    return restrict(topology, members)


def mark(schedule: Schedule, topology: Topology, scoped: Topology) -> Schedule:
    """``schedule``, made on ``scoped`` (:func:`scope` of ``topology``), remembering its
    group when that is not every compute node; unchanged otherwise."""
    if scoped is topology or not isinstance(schedule, Schedule) \
            or len(scoped.compute_nodes) == len(topology.compute_nodes):
        return schedule
    return replace(schedule, process_group=True)


def _few(nodes: Iterable[str], shown: int = 3) -> str:
    nodes = list(nodes)
    return ", ".join(nodes[:shown]) + (f" and {len(nodes) - shown} more" if len(nodes) > shown
                                       else "")


def relays(topology: Topology, schedule: Schedule) -> tuple[str, ...]:
    """The compute nodes of ``topology`` outside a group schedule's members that its paths
    pass through (forwarding for the group), in topology order; empty when it relays only
    through switches."""
    members = set(schedule.compute_nodes)
    outside = {v for v in topology.compute_nodes if v not in members}
    if not outside:
        return ()
    used: set[str] = set()
    for route in schedule.routes:               # all-to-all
        used.update(v for v in route.path[1:-1] if v in outside)
    for phase in schedule.phases or (schedule,):
        for tree in phase.iter_trees():
            for edge in tree.edges:
                used.update(v for v in edge.path[1:-1] if v in outside)
    return tuple(v for v in topology.compute_nodes if v in used)


def check_exportable(topology: Topology, schedule: Schedule) -> None:
    """Refuse to export a group schedule that relays through compute nodes outside its
    group: an MSCCL program runs on the group's communicator, whose ranks are the members
    only, so no other GPU runs a step of it and none can forward its data.

    :raises MscclExportError: naming the first such nodes"""
    through = relays(topology, schedule) if schedule.process_group else ()
    if through:
        raise MscclExportError(
            f"the schedule relays through {len(through)} compute node(s) outside its process "
            f"group ({_few(through)}); an MSCCL program runs on the group's communicator, "
            f"whose ranks are its {len(schedule.compute_nodes)} members, so no other GPU can "
            f"forward for it: export a schedule made with the others switched off "
            f"(relay=False)", options=("relay",))


def switched_off(topology: Topology, group: "str | Iterable[str] | Group", *,
                 where: str = "group=") -> Topology:
    """The network with every compute node outside ``group`` removed with its links, as if
    those GPUs were switched off (the paper's 8+8 MI250 setting), named
    ``"<name> without the N non-members"``.

    :raises FailureError: when the network left is unbalanced, or cuts members off
    :raises GroupError: for a group that names no compute node, a switch, or fewer than two"""
    members = members_of(topology, group, where=where)
    reason = switched_off_problem(topology, members)
    if reason is not None:
        raise FailureError(f"switching off the compute nodes outside the group {reason}")
    keep = set(members)
    gone = {v for v in topology.compute_nodes if v not in keep}
    if not gone:
        return topology
    name = f"{topology.name} without the {len(gone)} non-members"
    return Topology(name=name[:MAX_ID_LENGTH].rstrip(),
                    nodes=tuple(n for n in topology.nodes if n.id not in gone),
                    links=tuple(l for l in topology.links if l.src not in gone
                                and l.dst not in gone), units=topology.units)


def switched_off_problem(topology: Topology, members: Iterable[str]) -> str | None:
    """Why no schedule can run among ``members`` once the other compute nodes are switched
    off (members cut off, a node left unbalanced), in a phrase, or None."""
    keep = set(members)
    gone = tuple(v for v in topology.compute_nodes if v not in keep)
    return problem(topology, Failure(kind="group", target="non-members", nodes=gone))
