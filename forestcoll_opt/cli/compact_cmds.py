"""``forestcoll expand``: a compact schedule (``forestcoll-schedule/3``, a group of
automorphisms and one tree per orbit) written out with every tree, as version 1 or 2."""

from __future__ import annotations

import argparse

from ..files import check_output, write_output
from ..model.catalog import resolve
from ..model.collective import Collective
from ..model.compact import read_schedule
from ..model.schedule import Schedule
from .args import TOPOLOGY_HELP, output_arg
from .output import destination


def add_expand(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("expand", help="write a compact schedule (forestcoll-schedule/3) with "
                                      "every tree (version 1 or 2)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("schedule", help="a forestcoll-schedule/1, /2 or /3 JSON file")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule file to write (JSON; - for standard output)")
    p.set_defaults(func=cmd_expand)


def cmd_expand(args: argparse.Namespace) -> int:
    """Check the group against the topology, then write every tree."""
    check_output(args.output, label="-o", inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    # the group checked against the topology before any tree is written
    schedule = read_schedule(args.schedule, topology=topo, expand=False)
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
    reps = schedule.written_trees[0]
    was = (f"{reps} representative{'s' * (reps != 1)} under a group of order "
           f"{schedule.group_order}" if schedule.compact
           else "already plain: nothing to expand, written as read")
    return f"{count} tree{'s' * (count != 1)} ({plain.format}; {was})"
