"""``forestcoll expand``: a compact schedule (``forestcoll-schedule/3``, a group of
automorphisms and one tree per orbit) written out with every tree, as version 1 or 2."""

from __future__ import annotations

import argparse

from ..errors import ScheduleError, UsageError
from ..files import check_output, display_path, write_output
from ..model.catalog import resolve
from ..model.compact import automorphism_problem
from ..model.collective import Collective
from ..model.schedule import Schedule, load
from ..model.trees import perm_from_cycles
from .output import destination


def cmd_expand(args: argparse.Namespace) -> int:
    """Check the group against the topology, then write every tree."""
    check_output(args.output, inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    schedule = load(args.schedule, expand=False)
    shown = display_path(args.schedule)
    if tuple(schedule.compute_nodes) != tuple(topo.compute_nodes):
        raise UsageError(f"{shown} is for {schedule.topology or 'another topology'} "
                         f"({len(schedule.compute_nodes)} compute nodes), not for {topo.name} "
                         f"({len(topo.compute_nodes)}): give the topology it was made for")
    other = (f" (the schedule is for {schedule.topology})"
             if schedule.topology and schedule.topology != topo.name else "")
    for j, cycles in enumerate(schedule.group or ()):
        where = f"{shown}: group generator #{j}"
        try:
            perm = perm_from_cycles(cycles, topo.index, where)
        except ScheduleError as exc:
            raise UsageError(f"{exc} {topo.name}{other}") from None
        problem = automorphism_problem(topo, perm)
        if problem is not None:
            raise UsageError(f"{where} is not an automorphism of {topo.name}{other}: {problem}")
    plain = schedule.expanded()
    write_output(args.output, plain.to_json())
    out, where = destination(args.output)
    print(f"wrote {where}: {plain.collective} on {topo.name}, {_expanded(schedule, plain)}",
          file=out)
    return 0


def _expanded(schedule: Schedule, plain: Schedule) -> str:
    """What expand wrote, in the words of the schedule's kind: trees, or an all-to-all's
    routes (which have no group and nothing to expand)."""
    if plain.collective is Collective.ALLTOALL:
        count = len(plain.routes)
        return (f"{count} route{'s' * (count != 1)} ({plain.format}; an all-to-all schedule "
                f"has routes, not trees: nothing to expand, written as read)")
    count = plain.num_trees
    reps = sum(len(p.orbits) for p in schedule.phases or (schedule,))
    was = (f"{reps} representative{'s' * (reps != 1)} under a group of order "
           f"{schedule.group_order}" if schedule.compact
           else "already plain: nothing to expand, written as read")
    return f"{count} tree{'s' * (count != 1)} ({plain.format}; {was})"
