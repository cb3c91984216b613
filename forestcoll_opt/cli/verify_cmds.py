"""``forestcoll verify`` and ``show-traffic``: a schedule checked independently of the generator
and measured against the exact bound (the paper's section "Throughput Optimality for
Collectives") or, for allreduce, the paper's appendix "Allreduce Linear Program"; and the
data a schedule moves per link, with and without "In-Network Multicast & Aggregation"."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from ..analysis.checks import allreduce_lp, allreduce_reference, alltoall_lp, with_note
from ..display import article
from ..errors import LPError, UsageError, VerifyArgumentError
from ..files import check_output, display_path, write_output
from ..model.linkloads import traffic
from ..model.alltoall import load_demand
from ..model.catalog import resolve
from ..model.collective import ALL, Collective
from ..model.numbers import fraction_text
from ..model.topology import Topology
from ..verify import AGAINST, load_schedule, verify
from ..verify.alltoall import demand_text
from .group_schedule_cmds import add_layout, refuse_layout
from .args import (FAIL_HELP, SCHEDULE_HELP, TOPOLOGY_HELP, add_group, add_kernel,
                   failed_topology, schedule_topology,
                   int_arg, node_weights, output_arg, ratio_arg, seconds_arg)
from .output import (EXIT_BELOW, EXIT_ERROR, EXIT_SOLVER, LINE_OPTIONS, csv_text, exact_cells,
                     exact_header, exact_num, flag_text, options_text, print_json_error,
                     print_reasons, table_stream)


def add_verify(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="check a schedule and compare it with the exact bound",
                       description="Exit status: 0 valid and at least --min-ratio of the "
                       "reference, 1 valid but below, 2 invalid or unreadable (or an internal "
                       "contradiction), 3 the allreduce LP could not be solved.")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("schedule", help=SCHEDULE_HELP)
    p.add_argument("--min-ratio", default="1",
                   help="exit 1 if algbw / reference is below this, in (0, 1] (default 1: "
                        "optimal)")
    p.add_argument("--against", choices=AGAINST, default="lp",
                   help="allreduce and alltoall reference: the LP optimum (default; solved "
                        "with HiGHS), the reduce-scatter + allgather tree bound (trees, "
                        "allreduce) or the verifier's own cut and length bounds (cut, alltoall)")
    p.add_argument("--time-limit", type=seconds_arg,
                   help="allreduce or alltoall against the LP: HiGHS time limit per solve, "
                        "seconds")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as JSON, with the --min-ratio gate's result and the "
                        "exit status (an error: {\"status\": \"error\", \"error\", "
                        "\"exit_code\"})")
    p.add_argument("--weights", metavar="FILE",
                   help="allgather, reduce-scatter, allreduce: require the schedule's shard "
                        "weights to be these (a JSON object: compute node id -> weight); "
                        "default: whatever the schedule records")
    p.add_argument("--demand", metavar="FILE",
                   help="alltoall: require the schedule's demand to be this matrix (a JSON "
                        "object {src: {dst: amount}}, normalised); default: the uniform "
                        "all-to-all, and a schedule for another demand is invalid")
    p.add_argument("--max-depth", type=int_arg, metavar="H",
                   help="the schedule's trees must have depth at most H (compute hops from "
                        "the root; forestcoll pareto, generate --max-depth): a deeper one is "
                        "invalid")
    p.add_argument("--fail", metavar="ID[,ID...]", action="append", help=FAIL_HELP)
    add_group(p, "judge the schedule for this process group (a comma list of node ids or "
                 "globs); default: the group the schedule records, if any (a "
                 "forestcoll-schedule/5 file), every compute node otherwise; a group that "
                 "differs from the file's is refused")
    add_layout(p, "a forestcoll-group-schedules/1 file: judge it for these groups (default: "
                  "the file's layout, else its own groups)")
    add_kernel(p)
    p.set_defaults(func=cmd_verify)


def add_show_traffic(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show-traffic", help="data per link of a schedule, with and without "
                                            "in-network multicast")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("schedule", help=SCHEDULE_HELP)
    p.add_argument("--top", type=int_arg, help="only the N links multicast saves most on (a "
                                                "schedule without multicast: the N that carry "
                                                "most)")
    p.add_argument("--csv", type=output_arg, help="also write every link to this CSV file")
    add_kernel(p)
    p.set_defaults(func=cmd_show_traffic)


def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0: valid and at least --min-ratio of the reference (default: optimal);
    1: valid but below; 2: invalid, unreadable, or an internal contradiction;
    3: the LP needed for the verdict could not be solved. With --json the verdict carries
    the gate's own result, ``"gate": {"min_ratio", "passed"}``, and ``"exit_code"``."""
    min_ratio = ratio_arg(args.min_ratio)
    topo = failed_topology(args, resolve(args.topology))
    data = load_schedule(args.schedule)
    if data.get("format") == "forestcoll-group-schedules/1":     # groups at once
        return _verify_groups(args, topo, data, min_ratio)
    refuse_layout(args, "a forestcoll-group-schedules/1 file")
    topo = schedule_topology(args, topo, data)      # a group's schedule: its group's network
    weights = node_weights(args, topo)
    alltoall = data.get("collective") == "alltoall"
    demand = _demand_arg(args, topo, data)
    # solved only if verify asks: for a sound allreduce (all-to-all) schedule compared
    # against the LP; an allreduce whose LP generate does not solve by default is judged
    # as generate judges it (allreduce_reference)
    against, note = args.against, None
    if alltoall:
        lazy = alltoall_lp(topo, data, time_limit=args.time_limit, kernel=args.kernel) \
            if args.against == "lp" else None
    else:
        against, note = allreduce_reference(topo, data, against=args.against, weights=weights)
        lazy = allreduce_lp(topo, against=against, time_limit=args.time_limit,
                            kernel=args.kernel)
    try:
        verdict = with_note(verify(topo, data, against=against, lp_interval=lazy,
                                   kernel=args.kernel, weights=weights, demand=demand,
                                   max_depth=args.max_depth), note)
    except LPError as exc:
        which, other = ("all-to-all", "cut") if alltoall else ("allreduce", "trees")
        text = flag_text(exc, {'time_limit': '--time-limit'})
        advice = "or" if "--time-limit" in text else "raise --time-limit or"   # said once
        message = (f"the {which} LP needed for the verdict failed: {text}; {advice} verify "
                   f"with --against {other}")
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER
    except VerifyArgumentError:
        _refuse_tree_reference(args, topo, data, weights)
        raise
    reasons = tuple(_cli_reason(r) for r in verdict.reasons)
    if not verdict.valid:                   # invalid, or a contradiction
        code = EXIT_ERROR
    else:
        code = 0 if verdict.meets(min_ratio) else EXIT_BELOW
    if args.json:
        out = verdict.to_dict()
        out["reasons"] = list(reasons)
        out["gate"] = {"min_ratio": fraction_text(min_ratio), "passed": code == 0}
        out["exit_code"] = code
        print(json.dumps(out, indent=2))
    if verdict.status == "invalid":
        print_reasons("invalid", reasons)
        if not args.json:
            print(f"INVALID: {len(reasons)} problem(s) in {display_path(args.schedule)}")
        return code
    if verdict.contradiction:
        print_reasons("internal contradiction", reasons)
        if not args.json:
            print("CONTRADICTION: the schedule's numbers and the bound cannot both be right; "
                  "please report it")
        return code
    if not args.json:
        _print_verdict(topo, verdict, min_ratio, demand is not None)
    if code:
        print(f"forestcoll: schedule reaches {float(verdict.ratio):.4%} of the "
              f"{_reference(verdict)}, below --min-ratio {args.min_ratio}", file=sys.stderr)
    return code


def _verify_groups(args: argparse.Namespace, topo: Topology, data: Any,
                   min_ratio: Fraction) -> int:
    """``verify TOPOLOGY GROUP-SCHEDULES``: exit 0 valid and at least --min-ratio of the
    certified optimum (default: optimal), 1 valid but below, 2 invalid or a contradiction,
    3 the LP could not be solved; ``--json`` with the gate's result and ``exit_code``. The
    text is laid out as every verdict's (:func:`_print_verdict`)."""
    from ..analysis.group_checks import verify_concurrent

    if args.against != "lp":
        raise UsageError(f"--against {args.against}: groups at once are judged against the "
                         f"concurrent-groups LP's certified optimum; drop --against")
    taken = [flag for flag, value in (("--group", args.group), ("--weights", args.weights),
                                      ("--demand", args.demand), ("--fail", args.fail),
                                      ("--max-depth", args.max_depth))
             if value is not None]
    if taken:
        raise UsageError(f"{taken[0]}: a forestcoll-group-schedules/1 file is judged for its "
                         f"groups (--mesh/--along or --groups); drop {taken[0]}")
    try:
        v = verify_concurrent(topo, data, groups=args.groups, mesh=args.mesh, along=args.along,
                              time_limit=args.time_limit, kernel=args.kernel)
    except LPError as exc:
        message = (f"the concurrent-groups LP needed for the verdict failed: "
                   f"{flag_text(exc, {'time_limit': '--time-limit'})}")
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER
    if not v.valid:
        code = EXIT_ERROR
    else:
        code = 0 if v.ratio is not None and v.ratio >= min_ratio else EXIT_BELOW
    if args.json:
        print(json.dumps({**v.to_dict(), "gate": {"min_ratio": fraction_text(min_ratio),
                                                  "passed": code == 0},
                          "exit_code": code}, indent=2))
    if v.status == "invalid":
        print_reasons("invalid", v.reasons)
        if not args.json:
            print(f"INVALID: {len(v.reasons)} problem(s) in {display_path(args.schedule)}")
        return code
    if v.status == "contradiction":
        print_reasons("internal contradiction", v.reasons)
        if not args.json:
            print("CONTRADICTION: the schedules' numbers and the bound cannot both be right; "
                  "please report it")
        return code
    if not args.json:
        _print_groups_verdict(topo, v, min_ratio,
                              relay=not (isinstance(data, dict) and data.get("relay") is False))
    if code:
        print(f"forestcoll: the schedules reach {float(v.ratio):.4%} of the concurrent-groups "
              f"LP optimum together, below --min-ratio {args.min_ratio}", file=sys.stderr)
    return code


def _print_groups_verdict(topo: Topology, v: Any, min_ratio: Fraction, *,
                          relay: bool = True) -> None:
    """A valid groups verdict, laid out as :func:`_print_verdict` lays out one schedule's:
    the status line, ``primal`` per phase, the groups' table, ``note`` lines; ``relay``
    False for a file of schedules without relays (judged against the LP without them)."""
    from .group_schedule_cmds import SHOWN_GROUPS

    u = topo.units
    if v.lp_interval is None:
        status = "VALID"
    else:
        status = "OPTIMAL" if v.optimal else ("OK" if v.ratio >= min_ratio else "BELOW")
    head = (f"{status}: valid {v.collective} schedules of {len(v.groups)} groups at once"
            f"{'' if relay else ' without relays'}, λ {exact_num(v.lam)} {u}")
    if v.lp_interval is None:
        print(f"{head} (compared with no LP optimum)")
    else:
        lo, hi = v.lp_interval
        reach = ("reaches the concurrent-groups LP optimum" if v.optimal else
                 f"{float(v.ratio):.4%} of the concurrent-groups LP optimum")
        print(f"{head}: {reach} (certified interval [{float(lo):.9g}, {float(hi):.9g}] {u})")
    phases = (("reduce-scatter", "allgather") if len(v.busiest) == 2 else
              (str(v.collective),))
    for phase, (a, b, t) in zip(phases, v.busiest):
        print(f"primal  {phase}: busiest link {a}->{b}, full at λ {exact_num(1 / t)} {u} "
              f"(every group's load on it summed)")
    # λ = 1 / Σ_p max_e Σ_g w_g·t_g,p(e): the phases run one after the other
    times = " + ".join(fraction_text(t) for _, _, t in v.busiest)
    how = f" = 1 / ({times})" if len(v.busiest) > 1 else ""
    print(f"λ       {exact_num(v.lam)} {u}{how}: every group g at algbw λ·w_g at once, the "
          f"summed link loads within every link")
    print(f"groups  {len(v.groups)} (algbw in {u}; optimum alone: the group's best with the "
          f"others idle)")
    shown = v.groups[:SHOWN_GROUPS]
    cells = [(g.name, str(len(g.members)), str(g.weight),
              exact_num(g.alone) if g.alone is not None else "invalid",
              exact_num(g.optimum_alone) if g.optimum_alone is not None else "-",
              exact_num(g.together) if g.together is not None else "-") for g in shown]
    header = ("group", "size", "weight", "schedule alone", "optimum alone", "together")
    widths = [max(len(row[i]) for row in (header, *cells)) for i in range(len(header))]
    for row in (header, *cells):
        print("  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))).rstrip())
    if len(v.groups) > len(shown):
        print(f"  ... ({len(v.groups)} in all; --json lists every one)")
    for note in v.notes:
        print(f"note    {note}")


def _demand_arg(args: argparse.Namespace, topo: Topology, data: Any) -> Any:
    """``--demand FILE`` read as the model reads demand files (None without it).

    :raises UsageError: for --demand with a schedule of another collective (one that names
        no known collective is left to the verifier, which calls it invalid)
    :raises DemandError: for a file that is not a demand matrix of ``topo``
    """
    if args.demand is None:
        return None
    coll = data.get("collective")
    if coll != "alltoall" and isinstance(coll, str) and coll in ALL:
        raise UsageError(f"--demand is the matrix an all-to-all schedule must be for; "
                         f"{display_path(args.schedule)} is {article(coll)} "
                         f"schedule, drop it")
    return load_demand(args.demand, topo) or "uniform"


def _cli_reason(reason: str) -> str:
    """A verdict's reason with the keyword argument it names written as the option."""
    return options_text(reason, LINE_OPTIONS)


def _refuse_tree_reference(args: argparse.Namespace, topo: Topology, data: Any,
                           weights: Any) -> None:
    """The verifier refuses ``against="trees"`` for a weighted or concurrent allreduce, in
    its own (Python) terms: say it with the command line's options instead.

    :raises UsageError: for such a schedule verified with --against trees; returns otherwise
    """
    if args.against != "trees":
        return
    v = verify(topo, data, kernel=args.kernel, weights=weights, validity_only=True)
    if v.valid and v.collective is Collective.ALLREDUCE and (v.weights or v.concurrent):
        what = "weighted" if v.weights else "concurrent"
        raise UsageError(f"{display_path(args.schedule)} is a {what} allreduce, which may "
                         f"exceed the reduce-scatter + allgather tree bound, so --against trees "
                         f"cannot judge it; verify it against the allreduce LP (--against lp, "
                         f"the default)")


def _reference(v: Any) -> str:
    if v.collective is Collective.ALLTOALL:
        return "all-to-all LP optimum" if v.against == "lp" else "all-to-all bound"
    if v.collective is not Collective.ALLREDUCE:
        return "bound"
    return "allreduce LP optimum" if v.against == "lp" else \
        "reduce-scatter + allgather tree bound"


def _print_verdict(topo: Topology, v: Any, min_ratio: Fraction, asked: bool = False) -> None:
    u = topo.units
    status = "OPTIMAL" if v.optimal else ("OK" if v.meets(min_ratio) else "BELOW")
    kind = ("weighted " if v.weights else "") + ("concurrent " if v.concurrent else "")
    head = f"{status}: valid {kind}{v.collective} schedule, algbw {exact_num(v.algbw)} {u}"
    if v.collective in (Collective.ALLREDUCE, Collective.ALLTOALL) and v.against == "lp":
        lo, hi = v.lp_interval
        which = "allreduce" if v.collective is Collective.ALLREDUCE else "all-to-all"
        reach = (f"reaches the {which} LP optimum" if v.optimal else
                 f"{float(v.ratio):.4%} of the {which} LP optimum")
        print(f"{head}: {reach} (certified interval [{float(lo):.9g}, {float(hi):.9g}] {u})")
    else:
        ref = _reference(v)
        print(f"{head} = {v.ratio} x {ref} {exact_num(v.bound_algbw)} {u}"
              + ("" if v.optimal else f" ({float(v.ratio):.4%})"))
    if v.collective is Collective.ALLTOALL:
        print(f"demand  {demand_text(len(topo.compute_nodes), v.demand)}"
              + (", as --demand asks" if asked else ""))
    if v.depth is not None:
        print(f"depth   {v.depth} (compute hops from a root to its farthest node)")
    for phase in v.phases:
        # a link's load is in parts of the data (a tree's or route's weight, times used),
        # over its bandwidth: load/bandwidth is the phase's time per part on that link
        what = "route" if phase.collective.routed else "tree"
        print(f"primal  {phase.collective}, k = {phase.k}: busiest links "
              + ", ".join(f"{a}->{b} {load} {what} parts over {exact_num(load / r)} {u}"
                          for a, b, load, r in phase.busiest[:3]))
    if v.weights:
        sizes = sorted({w for _, w in v.weights})
        shown = ", ".join(map(str, sizes[:6])) + (" ..." if len(sizes) > 6 else "")
        idle = v.unsharded
        print(f"weights {len(v.weights)} compute nodes with shard weights {shown} (W = "
              f"{v.total_weight})" + (f"; {idle} without a shard" if idle else ""))
    for b in v.bounds:
        if b.collective is Collective.ALLTOALL:     # the method names its cut's side
            print(f"dual    alltoall bound {exact_num(b.algbw)} {u}: {b.method}")
            continue
        weighted = "" if b.weights is None else f" weight {b.cut_weight} in"
        # a weighted schedule is shown both bounds of each phase: say which is which
        which = ("" if not v.weights else " (equal shards)" if b.weights is None else
                 " (the schedule's shard weights)")
        print(f"dual    {b.collective} bound{which} {exact_num(b.algbw)} {u}: cut of{weighted} "
              f"{b.cut_compute} compute node(s), {exact_num(b.cut_bandwidth)} {u} across "
              f"({b.method})")
    if getattr(v, "traffic", None):
        with_mc, without = v.traffic
        print(f"traffic {exact_num(with_mc)} x M on the links with in-network multicast, "
              f"{exact_num(without)} x M without" + (f" ({float(v.traffic_saved):.1%} less)"
                                                     if without else ""))
    for note in v.notes:
        print(f"note    {note}")


def valid_schedule(args: argparse.Namespace, topo: Topology) -> tuple[Any, Any]:
    """The schedule file ``args.schedule`` parsed, and its verdict; a UsageError naming the
    first problem if the verifier finds it invalid. Only validity matters here, not
    optimality: the verdict is validity-only (status "valid", compared with no bound, no
    LP solved).

    :param args: the parsed command line (``schedule``, ``kernel``)
    :param topo: the topology the schedule is for
    :returns: (the schedule, the verifier's verdict)
    """
    return group_schedule(args, topo)[1:]


def group_schedule(args: argparse.Namespace, topo: Topology) -> tuple[Topology, Any, Any]:
    """:func:`valid_schedule` on the network the schedule is for: its own process group's
    (a ``forestcoll-schedule/5`` file) or ``--group``'s, a ``--group`` that disagrees with
    the file's refused.

    :returns: (that network, the schedule, the verifier's verdict)
    """
    from ..model.schedule import from_dict as schedule_from_dict

    data = load_schedule(args.schedule)
    topo = schedule_topology(args, topo, data)
    verdict = verify(topo, data, kernel=args.kernel, validity_only=True)
    if not verdict.valid:
        reason = verdict.reasons[0] if verdict.reasons else verdict.status
        raise UsageError(f"{display_path(args.schedule)} is not a valid schedule for "
                         f"{topo.name} ({reason}); run forestcoll verify for every problem")
    # a compact schedule stays compact: its consumers walk its orbits (or its trees lazily)
    return topo, schedule_from_dict(data, source=display_path(args.schedule), expand=False), \
        verdict


def demand_line(topo: Topology, verdict: Any) -> str | None:
    """An all-to-all schedule's demand, for the consumers that take it as it is (simulate,
    show-traffic): ``demand          the uniform all-to-all (...)`` or the non-uniform one
    it is for, so that its numbers are never read as the uniform all-to-all's; None for
    another collective."""
    if verdict.collective is not Collective.ALLTOALL:
        return None
    return f"demand          {demand_text(len(topo.compute_nodes), verdict.demand)}"


def cmd_show_traffic(args: argparse.Namespace) -> int:
    """Data per link per unit of data M, with the schedule's multicast and with every copy."""
    if args.csv:
        check_output(args.csv, label="--csv", inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    schedule, verdict = valid_schedule(args, topo)
    moved = traffic(schedule, topo)
    rows = sorted(moved.items(), key=lambda kv: (-(kv[1][1] - kv[1][0]), topo.index[kv[0][0]],
                                                 topo.index[kv[0][1]]))
    if args.csv:
        write_output(args.csv, csv_text(
            ("src", "dst", *exact_header("bandwidth"), *exact_header("with_multicast"),
             *exact_header("without_multicast")),
            [(a, b, *exact_cells(topo.capacity[(a, b)]), *exact_cells(w), *exact_cells(wo))
             for (a, b), (w, wo) in rows]))
    out = table_stream(args.csv)        # --csv -: standard output holds the CSV alone
    without = exact_num(moved.without_multicast)
    print(f"{schedule.collective} on {topo.name}: {exact_num(moved.with_multicast)} x M on the "
          f"links with multicast, {without} x M without ({float(moved.saved):.1%} less)"
          if schedule.multicast else
          f"{schedule.collective} on {topo.name}: {without} x M on the links (the schedule "
          f"uses no multicast)", file=out)
    demand = demand_line(topo, verdict)
    if demand:
        print(demand, file=out)
    width = max(len(f"{a} -> {b}") for (a, b), _ in rows)
    if not schedule.multicast:      # nothing saved anywhere: the busiest links first
        rows = sorted(rows, key=lambda kv: -kv[1][1])
    shown = rows[:args.top] if args.top else rows
    if not schedule.multicast:      # the two columns would be equal: one
        print(f"{'link':<{width}}  {'data':>16}  (x M, per unit of data)", file=out)
        for (a, b), (_, wo) in shown:
            print(f"{a + ' -> ' + b:<{width}}  {str(wo):>16}", file=out)
        return 0
    print(f"{'link':<{width}}  {'with multicast':>16}  {'without':>16}  (x M, per unit of data)",
          file=out)
    for (a, b), (w, wo) in shown:
        print(f"{a + ' -> ' + b:<{width}}  {str(w):>16}  {str(wo):>16}", file=out)
    return 0
