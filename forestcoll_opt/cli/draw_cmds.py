"""``forestcoll draw``: a picture of a topology, its bottleneck cut, one root's trees or
every link's load, as an SVG, PNG or PDF file (matplotlib's Agg canvas: no display needed)."""

from __future__ import annotations

import argparse

from ..draw import draw, save_drawing
from ..draw.canvas import format_of
from ..errors import DrawError
from ..files import check_output, display_path
from ..model.catalog import resolve
from ..model.schedule import load


def cmd_draw(args: argparse.Namespace) -> int:
    """Exit 0: the drawing is written; 2: the request or an input is wrong."""
    if args.output == "-":
        raise DrawError("-o: give a file name ending in .svg, .png or .pdf (a drawing is not "
                        "written to standard output)")
    try:
        format_of(args.output)
    except DrawError as exc:
        raise DrawError(f"-o {exc}") from None
    inputs = [args.topology] + ([args.schedule] if args.schedule else [])
    check_output(args.output, inputs=inputs)
    if args.view in ("tree", "loads") and not args.schedule:
        raise DrawError(f"--view {args.view} needs a SCHEDULE file after the topology")
    if args.collective and (args.view != "cut" or args.schedule):
        raise DrawError("--collective is for --view cut without a schedule (a schedule "
                        "brings its own collective)")
    topo = resolve(args.topology)
    schedule = load(args.schedule) if args.schedule else None
    figure = draw(topo, schedule, view=args.view, root=args.root, collective=args.collective)
    save_drawing(figure, args.output)
    what = f"{args.view} view of {topo.name}"
    if schedule is not None:
        what += f" ({schedule.collective.value} schedule)"
    print(f"wrote {display_path(args.output)}: {what}")
    return 0
