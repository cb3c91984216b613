"""``forestcoll draw``: a picture of a topology, its bottleneck cut, one root's trees or
every link's load, as an SVG, PNG or PDF file (matplotlib's Agg canvas: no display needed);
``forestcoll report``: one self-contained HTML page with all of them and the numbers."""

from __future__ import annotations

import argparse
import sys

from ..draw import draw, save_drawing
from ..draw.canvas import format_of
from ..errors import DrawError
from ..files import check_output, display_path
from ..model.catalog import resolve
from ..model.compact import read_schedule


def cmd_draw(args: argparse.Namespace) -> int:
    """Exit 0: the drawing is written; 2: the request or an input is wrong (a schedule the
    verifier does not accept on the topology included: nothing is drawn)."""
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
    # the group checked against the topology first (the one reader), and kept compact:
    # draw() has the verifier judge the schedule and never expands the group
    schedule = (read_schedule(args.schedule, topology=topo, expand=False)
                if args.schedule else None)
    figure = draw(topo, schedule, view=args.view, root=args.root, collective=args.collective)
    save_drawing(figure, args.output)
    what = f"{args.view} view of {topo.name}"
    if schedule is not None:
        what += f" ({schedule.collective.value} schedule)"
    print(f"wrote {display_path(args.output)}: {what}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Exit 0: the page is written; 2: the request or an input is wrong; 3: the LP failed."""
    from ..draw.report import report
    from ..files import write_output
    from ..timing.simulate import parse_sizes

    check_output(args.output, inputs=[args.topology])
    sizes = parse_sizes(args.sizes) if args.sizes else None
    topo = resolve(args.topology)
    page = report(topo, collective=args.collective, root=args.root, sizes=sizes,
                  lp=not args.no_lp, kernel=args.kernel)
    write_output(args.output, page)
    print(f"wrote {display_path(args.output)}: report on {args.collective} for {topo.name} "
          f"({len(page) // 1024} KiB, self-contained)",
          file=sys.stderr if args.output == "-" else sys.stdout)
    return 0
