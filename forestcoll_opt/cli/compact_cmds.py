"""``forestcoll expand``: a compact schedule (``forestcoll-schedule/3``, a group of
automorphisms and one tree per orbit) written out with every tree, as version 1 or 2."""

from __future__ import annotations

import argparse

from ..files import check_output, write_output
from ..model.catalog import resolve
from ..model.compact import read_schedule
from .output import destination


def cmd_expand(args: argparse.Namespace) -> int:
    """Check the group against the topology, then write every tree."""
    check_output(args.output, inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    # the group checked against the topology before any tree is written
    schedule = read_schedule(args.schedule, topology=topo, expand=False)
    plain = schedule.expanded()
    write_output(args.output, plain.to_json())
    out, where = destination(args.output)
    was = (f"{sum(len(p.orbits) for p in schedule.phases or (schedule,))} representatives "
           f"under a group of order {schedule.group_order}" if schedule.compact
           else "already plain")
    print(f"wrote {where}: {plain.collective} on {topo.name}, {plain.num_trees} trees "
          f"({plain.format}; {was})", file=out)
    return 0
