"""``forestcoll generate``, ``sweep-k``, ``compare`` and ``baseline``: schedules that reach the
bound (the paper's section "Algorithm Design": binary search, switch node removal, spanning
tree construction), the best schedule for each fixed k (section "Fixed-k Schedule
Generation"), the side-by-side table, and the schedules NCCL runs today."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from fractions import Fraction
from typing import Any, Sequence

from ..analysis.sweeps import MAX_K, SWEEP_COLUMNS, iter_sweep
from ..errors import UsageError
from ..files import check_output, streaming_output, write_output
from ..generation.bounding import bound, rs_ag_algbw
from ..generation.pipeline import MULTICAST, compact_generators, generate
from ..model.linkloads import traffic
from ..model.catalog import resolve
from ..model.collective import ALL, ALLREDUCE_METHODS, TREES
from ..model.group_scope import mark
from ..model.numbers import fraction_text
from ..model.topology import Topology
from ..generation.baselines import ALL_KINDS, ALLTOALL_KINDS
from .args import (DEMAND_HELP, FAIL_HELP, TOPOLOGY_HELP, WEIGHTS_HELP, add_executor,
                   add_group, add_kernel, add_symmetry, channels_arg, executor_for,
                   failed_topology, group_topology,
                   int_arg, node_weights, output_arg, parse_k_range)
from .output import Progress, destination, exact_num, table_stream


# generate writes compact schedules (forestcoll-schedule/3) by default above this many
# compute nodes (a plain schedule is O(N²) tree edges); at most this many, plain ones
COMPACT_ABOVE = 1024
# after a failure (--fail), from this many: the remaining symmetry builds the schedule one
# tree per orbit (generation/orbits.py), which only the compact form keeps fast
FAILED_COMPACT_FROM = 512


def add_generate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("generate", help="a schedule that reaches the bound (or the best for a fixed k)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=ALL, default="allgather",
                   help="the collective; alltoall: the all-to-all LP's routes (default allgather)")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    p.add_argument("--k", type=int_arg, help="exactly K trees per root (default: the optimal k)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule file to write (JSON; - for standard output)")
    p.add_argument("--weights", metavar="FILE", help=WEIGHTS_HELP)
    p.add_argument("--multicast", choices=MULTICAST, default="auto",
                   help="auto: switches marked multicast in the topology replicate (or "
                        "aggregate) the trees' data, as NVLink/InfiniBand SHARP do (default); "
                        "off: every copy is sent")
    p.add_argument("--method", choices=ALLREDUCE_METHODS, default=None,
                   help="allreduce: auto = the LP schedule where the allreduce LP optimum "
                        "beats the trees, the trees otherwise (the LP is solved where its "
                        "model is small enough, by the rule verify applies; default); "
                        "trees = the best reduce-scatter then the best allgather; lp = reduce "
                        "and broadcast trees run concurrently at the allreduce LP optimum "
                        "(solves the LP with HiGHS)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress bars on stderr (-v still logs each stage)")
    p.add_argument("--fail", metavar="ID[,ID...]", action="append", help=FAIL_HELP)
    add_group(p)
    p.add_argument("--mesh", metavar="DIMS",
                   help="groups at once: a device mesh (last dimension fastest, ranks box by "
                        "box), e.g. dp=16,tp=8, with --along; writes one schedule per group "
                        "(forestcoll-group-schedules/1) on its share of the joint optimum")
    p.add_argument("--along", metavar="DIM",
                   help="with --mesh: the dimension(s) the groups run along, e.g. dp")
    p.add_argument("--groups", metavar="FILE",
                   help="groups at once, from a JSON list of groups (as the groups command "
                        "takes), instead of --mesh")
    p.add_argument("--no-relay", dest="relay", action="store_false",
                   help="with --group: switch the other compute nodes off (remove them and "
                        "their links) instead of letting them forward for the group, as in "
                        "the paper's 8+8 MI250 runs; a schedule that relays through no other "
                        "GPU, which export msccl accepts")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--compact", dest="compact", action="store_const", const=True,
                      default=None,
                      help="write forestcoll-schedule/3: the topology's automorphisms and one "
                           f"tree per orbit (default above {COMPACT_ABOVE} compute nodes, "
                           f"from {FAILED_COMPACT_FROM} with --fail)")
    form.add_argument("--plain", dest="compact", action="store_const", const=False,
                      help="write every tree (forestcoll-schedule/1 or /2; default up to "
                           f"{COMPACT_ABOVE} compute nodes, below {FAILED_COMPACT_FROM} with "
                           f"--fail)")
    p.add_argument("--max-depth", type=int_arg, metavar="H",
                   help="allgather, reduce-scatter: the best schedule whose trees have depth "
                        "at most H (GPU hops), the point of the throughput-depth front "
                        "(forestcoll pareto)")
    add_kernel(p)
    add_symmetry(p)
    p.set_defaults(func=cmd_generate)


def add_sweep(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sweep-k", help="algbw, tree count and height for a range of fixed k")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--k", default="1-8", help="k values, e.g. 1-8 or 1,2,4 (default 1-8)")
    p.add_argument("--collective", choices=TREES, default="allgather",
                   help="the collective (default allgather; allreduce: reduce-scatter then "
                        "allgather trees)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--csv", type=output_arg, metavar="FILE",
                   help="also write the rows to this CSV file as they finish")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    add_kernel(p)
    add_executor(p, "the values of k")
    p.set_defaults(func=cmd_sweep)


def add_compare(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="allgather bound, LPs, tree allreduce and LP allreduce "
                                       "schedule side by side")
    p.add_argument("topology", nargs="+", help=TOPOLOGY_HELP)
    p.add_argument("--csv", type=output_arg, metavar="FILE",
                   help="also write the table to this CSV file")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    add_kernel(p)
    add_executor(p, "the topologies")
    p.set_defaults(func=cmd_compare)


def add_baseline(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("baseline", help="write a baseline schedule NCCL runs today: rings, "
                                        "the double binary tree (allreduce) or a single tree "
                                        "(broadcast, reduce); or one the paper compares "
                                        "with: Blink+Switch, MultiTree; or direct and PXN "
                                        "all-to-all")
    p.add_argument("kind", choices=ALL_KINDS,
                   help="ring: NCCL-style rings with physical routes (every tree collective); "
                        "dbtree: NCCL's double binary tree (allreduce); tree: one tree from "
                        "the root (broadcast, reduce); blink: Blink's optimal single-root "
                        "tree packing on the switch-free logical topology (broadcast, reduce, "
                        "allreduce as reduce + broadcast); multitree: MultiTree's greedy "
                        "per-step trees (allgather, reduce-scatter, allreduce); direct: one "
                        "fewest-hop route per pair, out of the source GPU's own NIC "
                        "(alltoall); pxn: through the GPU on the destination's rail first "
                        "(alltoall)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=ALL, default="allgather",
                   help="the collective (default allgather; alltoall for direct and pxn)")
    p.add_argument("--root", help="root compute node (broadcast, reduce; for a blink "
                                  "allreduce the root to reduce into, default the fastest)")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    p.add_argument("--channels", type=channels_arg,
                   help="number of rings (ring) or tree pairs (dbtree); default one per GPU "
                        "of the smallest box")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule JSON file to write (- for standard output)")
    p.set_defaults(func=cmd_baseline)


_Progress = Progress      # time_cmds's name for it (tradeoff logs its own stages)


def _warn_catalog_name(output: str) -> None:
    """A file named as a catalog spec (``-o paper-example``) is written, but every command
    then refuses that name as a topology (file or catalog?): say so at once, on stderr."""
    from ..model.catalog import is_catalog_spec

    if output != "-" and is_catalog_spec(output):
        print(f"forestcoll: warning: -o {output[:80]}: also a catalog spec, so a command "
              f"given it as the topology will refuse it as ambiguous; name the file "
              f"{output[:80]}.json (or write ./{output[:80]} to read it)", file=sys.stderr)


def cmd_generate(args: argparse.Namespace) -> int:
    from .alltoall_cmds import cmd_generate_alltoall, refuse_demand

    check_output(args.output, label="-o", inputs=[args.topology]
                 + ([args.weights] if args.weights else [])
                 + ([args.demand] if args.demand else []))
    _warn_catalog_name(args.output)
    if args.mesh is not None or args.groups is not None or args.along is not None:
        from .group_schedule_cmds import cmd_generate_groups
        return cmd_generate_groups(args)
    if args.collective == "alltoall":
        return cmd_generate_alltoall(args)
    refuse_demand(args, args.collective)
    if args.max_depth is not None:
        from .pareto_cmds import cmd_generate_depth
        return cmd_generate_depth(args)
    method = args.method or "auto"          # None: not given (all-to-all refuses it)
    if args.k is not None:
        _check_k(args.k, "--k")
    if method == "lp":
        if args.collective != "allreduce":
            raise UsageError(f"--method lp builds allreduce schedules; add --collective "
                             f"allreduce or drop --method (for {args.collective})")
        if args.k is not None or args.weights or args.root is not None:
            raise UsageError("--method lp takes each root's share and tree count from the LP; "
                             "drop --k, --weights and --root (or use --method trees)")
    whole = failed_topology(args, resolve(args.topology))
    topo = group_topology(args, whole)
    if topo is not whole and args.compact:
        raise UsageError("--compact: a process group's schedule (forestcoll-schedule/5) is "
                         "written in full; drop --compact or --group")
    weights = node_weights(args, topo)
    compact = args.compact if args.compact is not None else (
        (len(topo.compute_nodes) > COMPACT_ABOVE or (
            args.fail is not None and len(topo.compute_nodes) >= FAILED_COMPACT_FROM))
        and topo is whole)
    # allreduce: the LP schedule where it beats the trees (lp/choice.py); a fixed k or
    # weights are the trees' alone
    chooses = (args.collective == "allreduce" and method != "trees" and args.k is None
               and not weights)
    choice = None
    start = time.perf_counter()
    with Progress(args.quiet, "generate") as progress:
        if chooses:
            from ..lp.choice import best_allreduce

            choice = best_allreduce(topo, method=method, kernel=args.kernel,
                                    progress=progress, symmetry=args.symmetry,
                                    multicast=args.multicast, compact=compact)
            sched = choice.schedule
        else:
            sched = generate(topo, collective=args.collective, k=args.k, root=args.root,
                             kernel=args.kernel, progress=progress, symmetry=args.symmetry,
                             weights=weights, multicast=args.multicast, compact=compact)
    seconds = time.perf_counter() - start
    sched = mark(sched, whole, topo)        # a group's schedule remembers its group
    write_output(args.output, sched.to_json())
    st = sched.stats
    out, where = destination(args.output)
    print(f"wrote {where}: {args.collective} on {topo.name}, {sched.num_trees} distinct trees"
          + (f", k = {sched.k}" if sched.k else "")
          + (", concurrent phases" if sched.concurrent else ""), file=out)
    if sched.compact:
        print(f"compact         {_compact_summary(sched)}", file=out)
    if not sched.phases and st.get("paper_k", sched.k) > sched.k:
        print(f"k               {sched.k}, the least that reaches the bound (the paper's k = "
              f"{st['paper_k']} is sufficient, not necessary)", file=out)
    elif not sched.phases and st.get("paper_k", sched.k) < sched.k:
        print(f"k               {sched.k}, a multiple of the least k that reaches the bound, so "
              f"that packing grows the trees of the compute nodes the symmetry left fixes "
              f"(a failed part's box) in orbits too; the same algbw", file=out)
    if sched.multicast:
        moved = traffic(sched, topo)
        print(f"multicast       switches replicate/aggregate: {exact_num(moved.with_multicast)} "
              f"x M on the links instead of {exact_num(moved.without_multicast)} x M "
              f"({float(moved.saved):.1%} less)", file=out)
    if choice is not None:
        _print_choice(choice, topo, seconds, out)
        return 0
    best = _best_algbw(topo, args.collective, args.root, args.kernel, weights)
    label = ("the bound" if args.collective != "allreduce"
             else "the reduce-scatter + allgather tree bound")
    if weights:
        label = "the weighted " + label[4:]
    if args.collective == "allreduce":      # before algbw, as --method auto prints it
        why = ("--method trees" if method == "trees" else
               "--k" if args.k is not None else "--weights")
        print(f"method          reduce-scatter then allgather trees ({why}); the allreduce LP "
              f"was not solved: verify measures an allreduce against the allreduce LP "
              f"optimum (--against trees: against this tree bound)", file=out)
    print(f"algbw           {exact_num(sched.algbw)} {topo.units}  ({float(sched.algbw / best):.2%} "
          f"of {label} {exact_num(best)})", file=out)
    group = (f"symmetry {st['symmetry_seconds'] + st.get('packing_symmetry_seconds', 0):.2f}, "
             if "symmetry_seconds" in st else "")
    print(f"seconds         {seconds:.2f} total: {group}bound {st.get('bound_seconds', 0):.2f}, "
          f"splitting {st.get('splitting_seconds', 0):.2f}, packing "
          f"{st.get('packing_seconds', 0):.2f}, routing {st.get('routing_seconds', 0):.2f}",
          file=out)
    return 0


_CHOICE = {
    "size": "reduce-scatter then allgather trees: {unsolved}; --method lp builds the "
            "schedule at the LP optimum (faster where the LP beats the trees)",
    "equal": "reduce-scatter then allgather trees: they reach the allreduce LP optimum, so "
             "the LP schedule would be no faster",
    "not-better": "reduce-scatter then allgather trees: the schedule built from the LP's "
                  "shares does not beat them (--method lp writes it anyway)",
    "lp-failed": "{reason}",
    "better": "the LP schedule: the allreduce LP optimum is above the reduce-scatter + "
              "allgather tree bound (--method trees: the trees)",
    "asked": "the LP schedule (--method lp): reduce and broadcast trees at the allreduce LP "
             "optimum, run concurrently",
}


def _print_choice(choice, topo: Topology, seconds: float, out) -> None:
    """What ``generate`` built for an allreduce, and against which bound each percentage
    is: the allreduce LP optimum when the LP was solved (as ``verify`` measures it), the
    reduce-scatter + allgather tree bound otherwise."""
    from ..lp.choice import not_solved_reason

    sched, u, trees = choice.schedule, topo.units, choice.tree_bound
    unsolved = not_solved_reason(choice.variables) if choice.variables is not None else ""
    print("method          " + _CHOICE[choice.why].format(unsolved=unsolved,
                                                          reason=choice.reason), file=out)
    tree_part = ("= the reduce-scatter + allgather tree bound" if sched.algbw == trees else
                 f"{float(sched.algbw / trees):.2%} of the reduce-scatter + allgather tree "
                 f"bound {exact_num(trees)}")
    lp = choice.lp
    if lp is None:
        print(f"algbw           {exact_num(sched.algbw)} {u}  ({tree_part}; the allreduce LP "
              f"optimum was not solved)", file=out)
    else:
        # as verify prints it
        interval = f"certified interval [{float(lp.lower):.9g}, {float(lp.upper):.9g}] {u}"
        reach = ("reaches the allreduce LP optimum" if choice.reaches_lp else
                 f"{float(choice.ratio):.2%} of the allreduce LP optimum")
        print(f"algbw           {exact_num(sched.algbw)} {u}  ({reach}, {interval}; "
              f"{tree_part})", file=out)
    st = sched.stats
    if choice.method == "lp":
        upper = lp.upper
        print(f"shares          {st['shares']}" + (
            "" if sched.algbw == upper else
            f"; {float(1 - sched.algbw / upper):.3g} (relative) below the LP's upper value"),
            file=out)
        print(f"seconds         {seconds:.2f} total: LP {st['lp_seconds']:.2f}, trees "
              f"{st['construction_seconds']:.2f} (splitting "
              f"{st.get('splitting_seconds', 0):.2f}, packing "
              f"{st.get('packing_seconds', 0):.2f})", file=out)
        return
    group = (f"symmetry {st['symmetry_seconds'] + st.get('packing_symmetry_seconds', 0):.2f}, "
             if "symmetry_seconds" in st else "")
    solved = f"LP {lp.seconds:.2f}, " if lp is not None else ""
    print(f"seconds         {seconds:.2f} total: {solved}{group}bound "
          f"{st.get('bound_seconds', 0):.2f}, splitting {st.get('splitting_seconds', 0):.2f}, "
          f"packing {st.get('packing_seconds', 0):.2f}, routing "
          f"{st.get('routing_seconds', 0):.2f}", file=out)


def _compact_summary(sched) -> str:
    """One line on a compact schedule: its group and how many trees it writes."""
    reps, single = sched.written_trees
    return (f"forestcoll-schedule/3: a group of order {sched.group_order} "
            f"({len(sched.group)} generator{'s' if len(sched.group) != 1 else ''}), {reps} "
            f"representative{'s' if reps != 1 else ''} and {single} single "
            f"tree{'s' if single != 1 else ''} written for {sched.num_trees}")


def _check_k(k: int, option: str) -> None:
    if not 1 <= k <= MAX_K:
        raise UsageError(f"{option} {k}: give a whole number from 1 to {MAX_K}")


def _best_algbw(topo: Topology, collective: str, root: str | None,
                kernel: str | None, weights: dict[str, int] | None = None) -> Fraction:
    """The bound a schedule of ``collective`` is measured against (allreduce: the best
    reduce-scatter followed by the best allgather)."""
    if collective == "allreduce":
        return rs_ag_algbw(topo, kernel=kernel, weights=weights)
    return bound(topo, collective=collective, root=root, kernel=kernel,
                 weights=weights).algbw


def cmd_sweep(args: argparse.Namespace) -> int:
    """Rows are printed, and appended to the CSV, as each k finishes; Ctrl-C keeps them."""
    if args.csv:
        check_output(args.csv, label="--csv", inputs=[args.topology])
    ks = parse_k_range(args.k)
    topo = resolve(args.topology)
    with executor_for(args) as executor:
        rows = iter_sweep(topo, ks, collective=args.collective, root=args.root,
                          kernel=args.kernel, executor=executor)     # the request checked
        if args.collective == "allreduce":
            print("forestcoll: note: fraction is of the reduce-scatter + allgather tree bound "
                  "(fixed-k allreduces are trees); verify measures an allreduce against the "
                  "allreduce LP optimum", file=sys.stderr)
        return _print_sweep(args, rows)


def _csv_cell(value: Any) -> str:
    """A CSV cell: a Fraction as ``p/q``, None empty (the ``_exact`` columns, docs/api.md,
    "Conventions")."""
    if value is None:
        return ""
    return fraction_text(value) if isinstance(value, Fraction) else str(value)


def _print_sweep(args: argparse.Namespace, rows) -> int:
    widths = (6, 24, 12, 10, 8, 8, 9)
    table = table_stream(args.csv)
    print("  ".join(f"{c:>{w}}" for c, w in zip(
        ("k", "algbw_exact", "algbw", "fraction", "trees", "height", "seconds"), widths)),
        file=table)
    with streaming_output(args.csv) if args.csv else _no_output() as csv:
        if csv is not None:
            csv.write(",".join(SWEEP_COLUMNS) + "\n")
            csv.flush()
        for row in rows:
            cells = (row["k"], str(row["algbw_exact"]), f"{row['algbw']:.4f}",
                     f"{row['fraction_of_optimum']:.4%}", row["distinct_trees"],
                     row["max_height"], f"{row['seconds']:.2f}")
            print("  ".join(f"{c:>{w}}" for c, w in zip(cells, widths)), file=table,
                  flush=True)
            if csv is not None:
                csv.write(",".join(_csv_cell(row[key]) for key in SWEEP_COLUMNS) + "\n")
                csv.flush()
    return 0


class _no_output:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def cmd_compare(args: argparse.Namespace) -> int:
    from ..analysis.sweeps import compare

    if args.csv:
        check_output(args.csv, label="--csv", inputs=args.topology)
    topologies = [resolve(t) for t in args.topology]

    def report(row: dict) -> None:
        if not args.quiet:
            print(f"forestcoll compare: {row['topology']} done", file=sys.stderr)

    with executor_for(args) as executor:
        table = compare(topologies, kernel=args.kernel, progress=report, executor=executor)
    if args.csv:        # the DataFrame's columns: a float under the plain name, p/q in _exact
        write_output(args.csv, table.assign(**{c: table[c].map(_csv_cell) for c in table
                                               if c.endswith("_exact")}).to_csv(index=False))
    print(table.to_string(index=False, float_format=lambda v: f"{v:.6g}"),
          file=table_stream(args.csv))
    return 0


def cmd_baseline(args: argparse.Namespace) -> int:
    from ..generation.baselines import baseline

    from .alltoall_cmds import cmd_baseline_alltoall, refuse_demand

    check_output(args.output, label="-o", inputs=[args.topology]
                 + ([args.demand] if args.demand else []))
    if args.collective == "alltoall" or args.kind in ALLTOALL_KINDS:
        return cmd_baseline_alltoall(args)
    refuse_demand(args, args.collective)
    topo = resolve(args.topology)
    schedule = baseline(topo, args.kind, collective=args.collective, root=args.root,
                        channels=args.channels)
    write_output(args.output, schedule.to_json())
    out, where = destination(args.output)
    print(f"{args.kind} {schedule.collective} on {topo.name}: algbw {exact_num(schedule.algbw)} "
          f"{topo.units} with {schedule.num_trees} trees -> {where}", file=out)
    return 0
