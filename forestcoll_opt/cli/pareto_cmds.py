"""``forestcoll pareto``: the throughput–depth front — for every tree depth, the best algbw
of a schedule whose trees are no deeper, as a certified interval
(:func:`forestcoll_opt.lp.pareto`)."""

from __future__ import annotations

import argparse
import json
import sys

from ..lp.options import PARETO_NAMES
from ..model.catalog import resolve
from .args import TOPOLOGY_HELP, int_arg, output_arg, seconds_arg
from .lp_cmds import SOLVER_FAILURES
from .output import EXIT_SOLVER, exact_num, flag_text, print_json_error


def add_pareto(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pareto", help="the throughput-depth front: the best algbw at every "
                                      "tree depth, certified (depth MILP)",
                       description="Exit status: 0 solved, 2 a bad request, 3 a solver "
                                   "failure.")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=PARETO_NAMES, default="allgather",
                   help="the collective (reduce-scatter: allgather on the reversed network; "
                        "allreduce: reduce-scatter then allgather, each of depth <= H; "
                        "default allgather)")
    p.add_argument("--max-depth", type=int_arg, metavar="H",
                   help="the last depth (default: the depth of ForestColl's optimal schedule)")
    p.add_argument("--time-limit", type=seconds_arg,
                   help="seconds per depth; a depth stopped early keeps its interval "
                        "(default: no limit, each depth runs until it converges)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--draw", type=output_arg, metavar="FILE",
                   help="also draw the front to this .svg, .png or .pdf file")
    p.set_defaults(func=cmd_pareto)


def cmd_pareto(args: argparse.Namespace) -> int:
    """Exit 0: solved; 2: a bad request; 3: the MILP or LP could not be solved."""
    from ..lp.depth.front import pareto, schedule_k

    if args.draw is not None:
        from ..draw.canvas import format_of
        from ..files import check_output

        format_of(args.draw)
        check_output(args.draw, label="--draw", inputs=[args.topology])
    topo = resolve(args.topology)
    try:
        front = pareto(topo, collective=args.collective, max_depth=args.max_depth,
                       time_limit=args.time_limit)
    except SOLVER_FAILURES as exc:
        message = flag_text(exc, {"time_limit": "--time-limit", "max_depth": "--max-depth"})
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER
    if args.draw is not None:
        from ..draw import draw_front, save_drawing

        save_drawing(draw_front(front), args.draw)
    if args.json:
        print(json.dumps(front.to_dict(), indent=2))
        return 0
    print(f"{front.collective} on {front.topology}: algbw by tree depth (in {front.units}); "
          f"bound {exact_num(front.bound)}, reached by ForestColl at depth "
          f"{front.optimal_depth}")
    print(f"{'depth':>5}  {'algbw':>36}  {'of bound':>8}  {'k':>6}  {'trees':>5}  certificate")
    for p in front.points:
        value = exact_num(p.lower) if p.exact else \
            f"[{exact_num(p.lower)}, {exact_num(p.upper)}]"
        share = f"{float(p.lower / front.bound):.1%}"
        note = "" if p.stopped in ("converged", "not solved") else f" ({p.stopped})"
        k, trees = ("-", "-") if p.schedule is None else \
            (schedule_k(p.schedule), p.schedule.num_trees)
        print(f"{p.depth:>5}  {value:>36}  {share:>8}  {k:>6}  {trees:>5}  "
              f"{p.certificate}{note}")
    exact = sum(p.exact for p in front.points)
    print(f"exact at {exact} of {len(front.points)} depths; {front.seconds:.1f} s "
          f"({front.cpu_seconds:.1f} s CPU)")
    return 0


def cmd_generate_depth(args: argparse.Namespace) -> int:
    """``generate --max-depth H``: the schedule of the front's point at depth H, written as
    any schedule is (it verifies like one; ``verify --max-depth H`` checks its depth)."""
    from ..errors import UsageError
    from ..files import write_output
    from ..lp.depth.front import pareto, schedule_k
    from ..model.group_scope import mark
    from .args import failed_topology, group_topology
    from .output import destination

    if args.collective not in PARETO_NAMES:
        raise UsageError(f"--max-depth builds {', '.join(PARETO_NAMES)} schedules; drop it "
                         f"for {args.collective}")
    given = [flag for flag, on in (("--k", args.k is not None), ("--weights", args.weights),
                                   ("--root", args.root is not None),
                                   ("--method", args.method is not None),
                                   ("--compact", args.compact)) if on]
    if given:
        raise UsageError(f"--max-depth takes each tree's weight from the depth front; drop "
                         f"{', '.join(given)}")
    whole = failed_topology(args, resolve(args.topology))
    topo = group_topology(args, whole)
    try:
        front = pareto(topo, collective=args.collective, max_depth=args.max_depth)
    except SOLVER_FAILURES as exc:
        print(f"forestcoll: error: {flag_text(exc, {'max_depth': '--max-depth'})}",
              file=sys.stderr)
        return EXIT_SOLVER
    point = front.point(args.max_depth)
    if point.schedule is None:
        raise UsageError(f"no {args.collective} schedule of depth <= {args.max_depth} exists on "
                         f"{topo.name}: some compute node is more than {args.max_depth} hop(s) "
                         f"from a root through switches; give a larger --max-depth")
    sched = mark(point.schedule, whole, topo)
    write_output(args.output, sched.to_json())
    out, where = destination(args.output)
    interval = exact_num(point.lower) if point.exact else \
        f"in [{exact_num(point.lower)}, {exact_num(point.upper)}]"
    print(f"wrote {where}: {args.collective} on {topo.name}, {sched.num_trees} trees, "
          f"k = {schedule_k(sched)}, depth {point.schedule_depth}", file=out)
    print(f"algbw           {exact_num(sched.algbw)} {topo.units}  "
          f"({float(sched.algbw / front.bound):.2%} of the bound {exact_num(front.bound)}); "
          f"the best at depth <= {args.max_depth} is {interval} ({point.certificate})", file=out)
    return 0
