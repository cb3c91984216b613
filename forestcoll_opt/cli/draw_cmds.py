"""``forestcoll draw``: a picture of a topology, its bottleneck cut, one root's trees or
every link's load, as an SVG, PNG or PDF file (matplotlib's Agg canvas: no display needed);
``forestcoll report``: one self-contained HTML page with all of them and the numbers."""

from __future__ import annotations

import argparse

from ..draw import SCHEDULE_VIEWS, VIEWS, draw, save_drawing
from ..draw.canvas import format_of
from ..errors import DrawError
from ..files import check_output, display_path
from ..model.catalog import resolve
from ..model.collective import TREES
from ..model.alltoall import load_demand
from ..model.compact import read_schedule
from .args import (TOPOLOGY_HELP, add_calibration, add_group, add_kernel, group_topology,
                   output_arg, schedule_topology)
from .output import destination


REPORT_SUFFIXES = (".html", ".htm")
"""What ``report -o`` writes to: an HTML file (or ``-``); another extension is refused, as
``draw`` refuses one that is not a picture's."""


def _drawing_arg(text: str) -> str:
    """draw -o: a file name, refused when empty; a drawing has no standard-output form, so
    the message does not offer ``-``."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty file name; give a file name ending in .svg, "
                                         ".png or .pdf")
    return text


def add_draw(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("draw", help="draw a topology, its bottleneck cut, one root's trees or "
                                    "every link's load (SVG, PNG or PDF)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("schedule", nargs="?",
                   help="a schedule file, plain or compact (needed by the tree and loads "
                        "views; for the cut view it names the collective and root); it is "
                        "drawn only if the verifier accepts it on the topology (else one "
                        "line, exit 2), titled with the verifier's exact algbw and its ratio "
                        "to the exact bound, never the file's claims")
    p.add_argument("--view", choices=VIEWS, default="topology",
                   help="topology: boxes, switches, bandwidths (default); cut: the bound's "
                        "bottleneck cut; tree: one root's trees; loads: load / capacity of "
                        "every link; groups: the links process groups running at once fight "
                        "over (with --mesh and --along, or --groups)")
    p.add_argument("--root", help="tree: whose trees (default: the first root); cut: the root "
                                  "of broadcast/reduce")
    p.add_argument("--collective", choices=TREES,
                   help="cut without a schedule: whose bound (default allgather; not "
                        "allreduce, whose optimum is an LP); groups: what every group runs "
                        "(allgather, reduce-scatter or allreduce; default allgather)")
    p.add_argument("--mesh", metavar="DIMS",
                   help="groups: device mesh, last dimension fastest, e.g. dp=16,tp=8")
    p.add_argument("--along", metavar="DIM",
                   help="groups: with --mesh, the dimension(s) the groups run along")
    p.add_argument("--groups", metavar="FILE",
                   help="groups: instead of --mesh, a JSON list of groups (as forestcoll "
                        "groups --groups)")
    p.add_argument("--demand", metavar="FILE",
                   help="alltoall: the demand matrix the schedule must be for, as verify "
                        "--demand (a JSON {src: {dst: amount}}); without it the schedule must "
                        "be the uniform all-to-all, as verify requires")
    p.add_argument("-o", "--output", type=_drawing_arg, required=True,
                   help="the file to write; its extension picks the format: .svg, .png or .pdf")
    add_group(p, "draw the network as this process group sees it (a comma list of node ids "
                 "or globs; the other compute nodes drawn as switches); default: the group "
                 "the schedule records, if any")
    p.set_defaults(func=cmd_draw)


def add_report(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="one self-contained HTML page: the bound and its cut, LP "
                                      "vs trees, fixed k, time per size, the verdict")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=TREES, default="allgather",
                   help="the collective of the fixed-k, time and verdict sections (default "
                        "allgather)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--sizes", help="message sizes of the time section, e.g. 64KiB..1GiB "
                                   "(default 64 KiB to 1 GiB, every fourfold)")
    p.add_argument("--no-lp", action="store_true",
                   help="leave out the allreduce LP section and, with --collective "
                        "allreduce, the LP schedule: the trees are then judged against the "
                        "reduce-scatter + allgather tree bound (the LP can take long on big "
                        "networks)")
    add_calibration(p)
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="the HTML file to write (- for standard output)")
    add_group(p)
    add_kernel(p)
    p.set_defaults(func=cmd_report)


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
    inputs = ([args.topology] + ([args.schedule] if args.schedule else [])
              + ([args.demand] if args.demand else []))
    check_output(args.output, label="-o", inputs=inputs)
    named = [flag for flag, value in (("--mesh", args.mesh), ("--along", args.along),
                                       ("--groups", args.groups)) if value is not None]
    if (args.view == "groups") != bool(named):
        raise DrawError("--view groups draws process groups at once: give --mesh with "
                        "--along, or --groups FILE" if args.view == "groups" else
                        f"{' and '.join(named)} go{'es' * (len(named) == 1)} with --view groups")
    if args.view == "groups":
        return draw_groups_view(args)
    if args.view in SCHEDULE_VIEWS and not args.schedule:
        raise DrawError(f"--view {args.view} needs a SCHEDULE file after the topology")
    if args.collective and (args.view != "cut" or args.schedule):
        raise DrawError("--collective is for --view cut without a schedule (a schedule "
                        "brings its own collective)")
    topo = resolve(args.topology)
    # the group checked against the topology first (the one reader), and kept compact:
    # draw() has the verifier judge the schedule and never expands the group
    schedule = (read_schedule(args.schedule, topology=topo, expand=False)
                if args.schedule else None)
    topo = schedule_topology(args, topo, schedule)  # a group's: its group's network
    if args.view == "cut" and schedule is not None and schedule.collective.routed:
        raise DrawError("--view cut draws the bottleneck cut of a tree collective's bound; an "
                        "all-to-all's optimum is its LP (forestcoll lp alltoall TOPOLOGY): "
                        "draw its routes with --view loads")
    demand = None
    if args.demand is not None:
        if schedule is None or not schedule.collective.routed:
            raise DrawError("--demand is the matrix an all-to-all schedule must be for; drop "
                            "it (or draw an all-to-all schedule)")
        demand = load_demand(args.demand, topo) or "uniform"
    figure = draw(topo, schedule, view=args.view, root=args.root, collective=args.collective,
                  demand=demand)
    save_drawing(figure, args.output)
    what = f"{args.view} view of {topo.name}"
    if schedule is not None:
        what += f" ({schedule.collective.value} schedule)"
    print(f"wrote {display_path(args.output)}: {what}")
    return 0


def draw_groups_view(args: argparse.Namespace) -> int:
    """``draw --view groups``: the joint optimum and the groups' isolated optima
    (:func:`forestcoll_opt.analysis.contention`), drawn as
    :mod:`forestcoll_opt.draw.groups_view` draws them."""
    from ..analysis.together import contention

    if args.schedule or args.root or args.demand or args.group:
        raise DrawError("--view groups draws the groups' own optima: drop the schedule, "
                        "--root, --demand and --group")
    topo = resolve(args.topology)
    result = contention(topo, groups=args.groups, mesh=args.mesh, along=args.along,
                        collective=args.collective or "allgather")
    save_drawing(draw(topo, result, view="groups"), args.output)
    print(f"wrote {display_path(args.output)}: groups view of {topo.name} "
          f"({len(result.rows)} {result.collective.value} groups, "
          f"{len(result.bound.contended)} contended links)")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Exit 0: the page is written; 2: the request or an input is wrong; 3: the LP failed."""
    from ..draw.reports import report
    from ..files import write_output
    from ..timing.simulation import parse_sizes

    check_output(args.output, label="-o", inputs=[args.topology])
    if args.output != "-" and not args.output.lower().endswith(REPORT_SUFFIXES):
        raise DrawError(f"-o {args.output[:80]}: give a file name ending in .html or .htm, "
                        f"or - for standard output (the report is one HTML page)")
    sizes = parse_sizes(args.sizes) if args.sizes else None
    topo = group_topology(args, resolve(args.topology))
    calibration = None
    if args.calibration is not None:
        from ..timing.fitted import read_calibration
        calibration = read_calibration(args.calibration)
    page = report(topo, collective=args.collective, root=args.root, sizes=sizes,
                  lp=not args.no_lp, kernel=args.kernel, calibration=calibration)
    write_output(args.output, page)
    out, where = destination(args.output)
    print(f"wrote {where}: report on {args.collective} for {topo.name} "
          f"({len(page) // 1024} KiB, self-contained)", file=out)
    return 0
