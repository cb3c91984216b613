"""``forestcoll simulate`` and ``tradeoff``: time and algbw per message size under the
calibrated model (the default) or the ideal alpha-beta model, and the fastest of the
fixed-k schedules (the paper's section "Fixed-k Schedule Generation"), the baselines and
the library itself per size; ``tradeoff --export DIR`` writes the winners as files a
runtime loads."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from typing import Any

from ..files import check_output, write_output
from ..model.catalog import resolve
from ..model.collective import ALL, ALLREDUCE_METHODS, Collective
from ..analysis.export_plan import EXPORT_RUNTIMES
from .args import (SCHEDULE_HELP, TOPOLOGY_HELP, add_executor, add_group, add_kernel, add_time_model,
                   baselines_arg, executor_for, folder_arg, output_arg, parse_chunks,
                   parse_k_range)
from ..model.numbers import fraction_text
from .group_schedule_cmds import is_group_file
from .output import exact_num, human_output
from .time_tables import (print_calibration, print_candidates, print_groups_times,
                          print_simulation, print_times)
from .verify_cmds import demand_line, group_schedule


SHOWN_SHARED = 6
log = logging.getLogger("forestcoll_opt.cli.time_cmds")


def add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="time and algbw of a schedule per message size "
                                        "(calibrated model, or --model ideal)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("schedule", nargs="+",
                   help=SCHEDULE_HELP + "; several: process groups' schedules running at "
                                        "once, each timed alone and together (every link "
                                        "shared by the groups that load it)")
    add_time_model(p, chunks="auto")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", type=output_arg, metavar="FILE",
                     help="also write the rows to this CSV file")
    add_kernel(p)
    add_group(p, "time the schedule on this process group's network (a comma list of node "
                 "ids or globs); default: the group the schedule records, if any; one "
                 "schedule only")
    p.set_defaults(func=cmd_simulate)


def add_tradeoff(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tradeoff", help="the fastest schedule per message size among the "
                                        "fixed-k schedules, the baselines and the library "
                                        "itself (calibrated model, or --model ideal)")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=ALL, default="allgather",
                   help="the collective (alltoall: the optimal routes against NCCL's direct "
                        "and PXN routes)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--k", help="k values, e.g. 1-8 or 1,2,4 (default: every k up to the "
                               "optimal k* when k* <= 16, else 1, 2, 3, 4, 6, 8, ... and k*)")
    p.add_argument("--method", choices=ALLREDUCE_METHODS, default="auto",
                   help="allreduce: auto adds the LP schedule where generate would build it "
                        "(solving the allreduce LP where generate does), lp always, trees "
                        "never (no LP solved: the fastest on a large cluster)")
    p.add_argument("--front", action="store_true",
                   help="allgather, reduce-scatter: add the throughput-depth front's "
                        "schedules (forestcoll pareto), named depth=<h>: the best schedule "
                        "at each tree depth, shallow ones winning at small sizes when they "
                        "do (solving the front takes seconds to minutes)")
    p.add_argument("--baselines",
                   help="comma list of ring, dbtree, tree, blink, multitree, nccl, or none; "
                        "direct, pxn for alltoall (default: ring, plus dbtree for allreduce "
                        "and tree for broadcast/reduce, plus nccl, the library's own cost "
                        "model, under the calibrated model; direct and pxn for alltoall)")
    add_time_model(p, chunks="auto")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", type=output_arg, metavar="FILE",
                     help="also write one row per size: the fastest and every candidate's "
                          "seconds (and protocol), with the model and its parameters")
    p.add_argument("--export", metavar="DIR", type=folder_arg,
                   help="write the winning schedules and one MSCCL XML per size range into "
                        "DIR (new or empty): DIR/msccl for MSCCL_ALGO_DIR, DIR/schedules, "
                        "DIR/plan.json")
    p.add_argument("--runtime", choices=EXPORT_RUNTIMES, default="msccl",
                   help="with --export: msccl (XML algorithms, default) or mscclpp (one "
                        "MSCCL++ execution plan per size range, with min_message_size and "
                        "max_message_size, in DIR/mscclpp; each checked by check-mscclpp)")
    add_kernel(p)
    add_executor(p, "the values of k")
    p.set_defaults(func=cmd_tradeoff)


def _model_options(args: argparse.Namespace) -> tuple[int | str, dict]:
    """The chunk count and the keywords of the chosen model; the ideal model's options
    with --model calibrated are refused with the flag to use."""
    from ..errors import UsageError

    if args.model == "calibrated":
        given = [flag for flag, value in (("--chunks", args.chunks), ("--alpha", args.alpha))
                 if value is not None]
        if given:
            raise UsageError(f"{' and '.join(given)} belong{'s' * (len(given) == 1)} to the "
                             f"ideal model; add --model "
                             f"ideal (the calibrated model takes its latencies from the "
                             f"runtimes' tables and has no chunk count)")
        options: dict = {"model": "calibrated"}
        if args.calibration is not None:
            from ..timing.fitted import read_calibration
            options["calibration"] = read_calibration(args.calibration)
        return "auto", options
    if args.calibration is not None:
        raise UsageError("--calibration belongs to the calibrated model; drop --model ideal")
    chunks = parse_chunks(args.chunks if args.chunks is not None else "auto")
    return chunks, {"model": "ideal", "chunks": chunks, "alpha": args.alpha}


def _model_line(model: str, parameters: dict, topo, alpha: float | None,
                calibration=None) -> str:
    """One line naming the model and its parameters."""
    if model == "calibrated":
        from ..timing.calibrated import Calibration
        return (calibration or Calibration()).summary(topo)
    shown = ", ".join(f"{a * 1e6:g} µs on {n} link{'s' * (n != 1)}"
                      for a, n in _alpha_summary(topo, alpha))
    source = "--alpha" if alpha is not None else "link types and the topology's alphas"
    return (f"model ideal (alpha-beta, chunked pipelining; chunks {parameters['chunks']}; "
            f"latency per hop from {source}: {shown})")


def cmd_simulate(args: argparse.Namespace) -> int:
    """Time and algbw per message size under the calibrated or the ideal model
    (:mod:`forestcoll_opt.timing.simulation`)."""
    from ..timing.simulation import parse_sizes, simulate, unit_bytes_per_s

    if len(args.schedule) > 1 or is_group_file(args.schedule[0]):
        return simulate_together(args)
    args.schedule = args.schedule[0]
    if args.csv:
        check_output(args.csv, label="--csv", inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    chunks, options = _model_options(args)
    start = time.perf_counter()
    log.info("simulate: reading and verifying %s on %s (%d GPUs) ...", args.schedule,
             topo.name, len(topo.compute_nodes))
    topo, schedule, verdict = group_schedule(args, topo)
    log.info("simulate: verified (%s, %s): %.2f s", verdict.status,
             "compact" if schedule.compact else "plain", time.perf_counter() - start)
    start = time.perf_counter()
    log.info("simulate: timing %d sizes, %s model ...", len(sizes), options["model"])
    rows = simulate(topo, schedule, sizes, **options)
    log.info("simulate: timed: %.2f s", time.perf_counter() - start)
    _, note = unit_bytes_per_s(topo.units)
    if note:
        print(f"forestcoll: note: {note}", file=sys.stderr)
    calibrated = rows.model == "calibrated"
    if args.json:
        doc = {"topology": topo.name, "collective": schedule.collective.value,
               "units": topo.units,
               "model": rows.model, "parameters": rows.parameters}
        if verdict.collective is Collective.ALLTOALL:
            doc["demand"] = verdict.to_dict()["demand"]
        if not calibrated:
            doc.update({"alpha": args.alpha,
                        "links_by_alpha": [{"alpha": a, "links": n}
                                           for a, n in _alpha_summary(topo, args.alpha)],
                        "chunks": chunks})
        doc["rows"] = [{"size_bytes": r.size_bytes, "chunks": r.chunks,
                        "protocol": r.protocol, "seconds": r.seconds, "algbw": r.algbw,
                        **({} if r.band is None else {"seconds_fast": r.band[0],
                                                      "seconds_slow": r.band[1]})}
                       for r in rows]
        print(json.dumps(doc, indent=1))
        return 0
    if args.csv:
        params = json.dumps(rows.parameters, separators=(",", ":"), sort_keys=True)
        quoted = '"' + params.replace('"', '""') + '"'
        lines = ["size_bytes,chunks,protocol,seconds,algbw,model,parameters"]
        lines += [f"{r.size_bytes},{'' if r.chunks is None else r.chunks},{r.protocol or ''},"
                  f"{r.seconds!r},{r.algbw!r},{rows.model},{quoted}" for r in rows]
        write_output(args.csv, "\n".join(lines) + "\n")
    with human_output(args.csv):       # --csv -: standard output holds the CSV alone
        print_simulation(schedule, topo, rows,
                         _model_line(rows.model, rows.parameters, topo, args.alpha,
                                     options.get("calibration")),
                         demand_line(topo, verdict))
        return 0


def _group_file_schedules(args: argparse.Namespace, topo: Any, path: str
                          ) -> tuple[list[Any], list[str]]:
    """The schedules and group names of a ``forestcoll-group-schedules/1`` file, each
    schedule checked valid by the verifier on its own group's network."""
    from ..errors import UsageError
    from ..files import display_path
    from ..model.group_schedules import load_group_schedules
    from ..model.group_scope import for_schedule
    from ..verify import verify

    made = load_group_schedules(path)
    for group, schedule in zip(made.groups, made.schedules):
        verdict = verify(for_schedule(topo, schedule), schedule.to_dict(), kernel=args.kernel,
                         validity_only=True)
        if not verdict.valid:
            reason = verdict.reasons[0] if verdict.reasons else verdict.status
            raise UsageError(f"{display_path(path)}: group {group.name}'s schedule is not "
                             f"valid ({reason}); run forestcoll verify for every problem")
    return list(made.schedules), [g.name for g in made.groups]


def simulate_together(args: argparse.Namespace) -> int:
    """``simulate TOPOLOGY S1 S2 ...``: process groups' schedules timed at once, every
    shared link divided among the groups that load it, beside each alone
    (:func:`forestcoll_opt.timing.simulate_groups`)."""
    from ..errors import UsageError
    from ..timing.sharing import simulate_groups
    from ..timing.simulation import parse_sizes, unit_bytes_per_s

    if args.group is not None:
        raise UsageError("--group names one schedule's group; with several schedules each "
                         "file's own process group is used: drop --group")
    if args.csv:
        check_output(args.csv, label="--csv", inputs=[args.topology, *args.schedule])
    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    _, options = _model_options(args)
    paths = list(args.schedule)
    if len(paths) == 1:            # a forestcoll-group-schedules/1 file: its groups' schedules
        schedules, names = _group_file_schedules(args, topo, paths[0])
    else:
        schedules = []
        for path in paths:
            args.schedule = path
            _, schedule, _ = group_schedule(args, topo)   # each valid on its group's network
            schedules.append(schedule)
        args.schedule = paths
        stems = [os.path.splitext(os.path.basename(p))[0] or f"g{i}"
                 for i, p in enumerate(paths)]
        names = stems if len(set(stems)) == len(stems) else [f"g{i}" for i in range(len(paths))]
    result = simulate_groups(topo, schedules, sizes, names=names, **options)
    _, note = unit_bytes_per_s(topo.units)
    if note:
        print(f"forestcoll: note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=1))
        return 0
    if args.csv:
        lines = ["group,members,size_bytes,seconds_alone,algbw_alone,seconds_together,"
                 "algbw_together,limit_alone_exact,limit_together_exact,model"]
        for g in result.groups:
            for a, t in zip(g.alone, g.together):
                lines.append(f"{g.name},{len(g.members)},{a.size_bytes},{a.seconds!r},"
                             f"{a.algbw!r},{t.seconds!r},{t.algbw!r},"
                             f"{fraction_text(g.alone_algbw)},"
                             f"{fraction_text(g.together_algbw)},{result.model}")
        write_output(args.csv, "\n".join(lines) + "\n")
    with human_output(args.csv):
        u = topo.units
        print(f"{len(result.groups)} process groups at once on {topo.name}: model "
              f"{result.model}; every link shared by the groups that load it, in "
              f"proportion to their bytes on it")
        print(_model_line(result.model, result.groups[0].alone.parameters, topo, args.alpha))
        shown = ", ".join(f"{a}->{b}" for a, b in result.shared[:SHOWN_SHARED])
        more = f", ... ({len(result.shared)} in all)" if len(result.shared) > SHOWN_SHARED \
            else ""
        print(f"shared links    {shown or 'none: the groups use disjoint links'}{more}")
        width = max(len("group"), *(len(g.name) for g in result.groups))
        print()
        print(f"{'group':<{width}}  {'members':>7}  {'exact algbw alone':>22}  "
              f"{'together':>22}  slowdown   ({u}, bandwidth limit)")
        for g in result.groups:
            print(f"{g.name:<{width}}  {len(g.members):>7}  {exact_num(g.alone_algbw):>22}  "
                  f"{exact_num(g.together_algbw):>22}  x{float(g.slowdown):.4g}")
        print()
        print_groups_times(result, sizes, width)
    return 0


def _alpha_summary(topo, alpha: float | None) -> list[tuple[float, int]]:
    """(α, number of directed links with it), smallest α first."""
    from ..timing.simulation import link_alphas
    counts: dict[float, int] = {}
    for value in link_alphas(topo, alpha).values():
        counts[value] = counts.get(value, 0) + 1
    return sorted(counts.items())


def cmd_tradeoff(args: argparse.Namespace) -> int:
    from ..timing.simulation import parse_sizes, unit_bytes_per_s
    from ..timing.tradeoffs import MAX_K as TRADEOFF_MAX_K, tradeoff

    if args.csv:
        check_output(args.csv, label="--csv", inputs=[args.topology])
    if args.runtime != "msccl" and args.export is None:
        from ..errors import UsageError
        raise UsageError(f"--runtime {args.runtime} chooses what --export writes; add "
                         f"--export DIR")
    if args.export is not None and args.runtime == "mscclpp":
        from ..analysis.export_mscclpp_plan import EXPORTABLE_MSCCLPP
        from ..analysis.export_plan import check_directory
        from ..errors import UsageError
        if args.collective not in EXPORTABLE_MSCCLPP:
            raise UsageError(f"--export --runtime mscclpp: {args.collective} cannot be "
                             f"exported to MSCCL++; export one of "
                             f"{', '.join(EXPORTABLE_MSCCLPP)}")
        check_directory(args.export, label="--export")
    elif args.export is not None:     # "" too: refused by name, never silently skipped
        from ..analysis.export_plan import EXPORTABLE, check_directory
        from ..errors import UsageError
        if args.collective not in EXPORTABLE:
            raise UsageError(f"--export: {args.collective} cannot be exported to MSCCL; "
                             f"export an allgather, reduce-scatter or allreduce")
        check_directory(args.export, label="--export")
    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    _, options = _model_options(args)
    ks = parse_k_range(args.k, limit=TRADEOFF_MAX_K) if args.k else None
    baselines = None if args.baselines is None else baselines_arg(args.baselines)
    from .generate_cmds import _Progress

    progress = _Progress(quiet=False)      # bars on a terminal's stderr only; -v logs
    try:
        with executor_for(args) as executor:
            result = tradeoff(topo, collective=args.collective, sizes=sizes, ks=ks,
                              root=args.root, baselines=baselines, kernel=args.kernel,
                              executor=executor, progress=progress, method=args.method,
                              front=args.front, **options)
    finally:
        progress.close()
    _, note = unit_bytes_per_s(topo.units)
    if note:
        print(f"forestcoll: note: {note}", file=sys.stderr)
    for kind, reason in result.skipped:
        print(f"forestcoll: note: no {kind} baseline: {reason}", file=sys.stderr)
    names = [c.name for c in result.candidates]
    calibrated = result.model == "calibrated"
    if args.csv:
        params = json.dumps(result.parameters, separators=(",", ":"), sort_keys=True)
        quoted = '"' + params.replace('"', '""') + '"'
        banded = any(r.bands for r in result.rows)
        header = ["size_bytes", "best", "best_protocol"]
        header += [f"seconds[{n}]" for n in names]
        if calibrated:
            header += [f"protocol[{n}]" for n in names]
        if banded:
            header += [f"seconds_{end}[{n}]" for n in names for end in ("fast", "slow")]
            header += ["certain", "contenders"]
        header += ["model", "parameters"]
        lines = [",".join(header)]
        for r in result.rows:
            cells = [str(r.size_bytes), r.best, r.protocols.get(r.best, "")]
            cells += [repr(r.seconds[n]) for n in names]
            if calibrated:
                cells += [r.protocols.get(n, "") for n in names]
            if banded:
                cells += [repr(r.bands[n][i]) if n in r.bands else "" for n in names
                          for i in (0, 1)]
                cells += [str(r.certain).lower(), " ".join(r.contenders)]
            cells += [result.model, quoted]
            lines.append(",".join(cells))
        write_output(args.csv, "\n".join(lines) + "\n")
    plan = None
    if args.export is not None and args.runtime == "mscclpp":
        from ..analysis.export_mscclpp_plan import export_tradeoff_mscclpp
        plan = export_tradeoff_mscclpp(topo, result, args.export)
    elif args.export is not None:
        from ..analysis.export_plan import export_tradeoff
        plan = export_tradeoff(topo, result, args.export)
    if args.json:
        print(json.dumps({**result.to_dict(),
                          "export": None if plan is None else plan.to_dict()}, indent=1))
        return 0
    with human_output(args.csv):       # --csv -: standard output holds the CSV alone
        print(_optimum_line(result, topo))
        print(_model_line(result.model, dict(result.parameters), topo, args.alpha,
                          options.get("calibration")))
        print_candidates(result)
        print_times(result, names, _band_cell)
        if plan is not None:
            _print_plan(plan)
        return 0


def _optimum_line(result, topo) -> str:
    """The fixed-k schedules' optimum, named (the bound, or for allreduce the
    reduce-scatter + allgather tree bound), and for allreduce the LP optimum beside it."""
    head = (f"{result.collective} on {result.topology}: "
            f"{'optimum' if result.reference == 'bound' else result.reference} "
            f"{exact_num(result.optimum)} {result.units}")
    if result.collective.routed:         # routes, no trees: no k
        return head
    head += f" at k={result.k_star}"
    if result.collective is not Collective.ALLREDUCE:
        return head
    if result.lp_interval is None:
        return (f"{head}; the allreduce LP was not solved, its model being above the size "
                f"solved by default, as in generate and verify (generate --method lp builds "
                f"its schedule)")
    lower, upper = result.lp_interval
    lp = next((c for c in result.candidates if c.name == "lp"), None)
    if lp is None:
        return (f"{head} = the allreduce LP optimum (certified interval "
                f"[{float(lower):.9g}, {float(upper):.9g}] {result.units})")
    reach = ("reaches" if lp.algbw >= max(lower, result.optimum) else
             f"{float(lp.algbw / upper):.2%} of")
    return (f"{head}; the lp candidate {reach} the allreduce LP optimum (certified interval "
            f"[{float(lower):.9g}, {float(upper):.9g}] {result.units})")


def _band_cell(row) -> str:
    """Whether the fastest stays the fastest within the band, and if not who may beat it."""
    if row.certain:
        return "certain"
    ends = [f"{w} at the {end} end" for w, end in zip(row.band_winners, ("fast", "slow"))
            if w != row.best]
    return "not certain: " + " and ".join(ends)


def _print_plan(plan) -> None:
    if plan.runtime == "mscclpp":
        where = f"MSCCL++ plans in {plan.folder}; each plan passed check-mscclpp"
    else:
        where = f"MSCCL_ALGO_DIR={plan.folder}; each algorithm passed check-xml"
    print(f"exported to {plan.directory} ({where}):")
    for e in plan.ranges:
        r = e.range
        high = "no limit" if r.max_bytes is None else f"{r.max_bytes} B"
        if e.file is None:
            what = f"{r.candidate} itself (no file)"
        elif plan.runtime == "mscclpp":
            what = f"{e.file} ({r.candidate}, {e.protocol}, plan {e.name})"
        else:
            what = (f"{e.file} ({r.candidate}, {e.protocol}, {e.channels} channel"
                    f"{'s' * (e.channels != 1)})")
        print(f"  {r.min_bytes} B .. {high}: {what}")


def add_calibrate(sub: argparse._SubParsersAction) -> None:
    from ..analysis.fitting import COLLECTIVES, PLACEMENTS
    p = sub.add_parser("calibrate", help="fit the calibrated model's link efficiency, ring "
                                         "latency factor and overhead to your own "
                                         "nccl-tests/rccl-tests logs; write a calibration "
                                         "file for --calibration")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("logs", nargs="+", metavar="LOG",
                   help="standard output of all_reduce_perf, all_gather_perf or "
                        "reduce_scatter_perf (nccl-tests or rccl-tests), any number of runs "
                        "each, run on this topology's GPUs")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="the calibration file to write (- for standard output)")
    p.add_argument("--placement", choices=PLACEMENTS,
                   default="out-of-place", help="which measurement to fit (default "
                                                "out-of-place)")
    p.add_argument("--collective", choices=COLLECTIVES,
                   help="the collective of logs that cannot tell (allgather and alltoall "
                        "print the same table)")
    p.add_argument("--run", dest="runs", metavar="N[,N]",
                   help="fit only these runs, numbered from 0 over every table of the logs "
                        "in order (default: every run of as many ranks as the topology has "
                        "GPUs and of a collective the model fits; the output names the runs "
                        "used and skipped)")
    p.set_defaults(func=cmd_calibrate)


def cmd_calibrate(args: argparse.Namespace) -> int:
    """Exit 0: the file is written; 2: a log or the request is wrong."""
    from ..analysis.fitting import calibrate
    from ..files import display_path
    from .output import destination

    check_output(args.output, label="-o", inputs=[args.topology, *args.logs])
    topo = resolve(args.topology)
    fit = calibrate(topo, args.logs, placement=args.placement, collective=args.collective,
                    runs=_run_numbers(args.runs))
    write_output(args.output, json.dumps(fit.to_dict(), indent=1) + "\n")
    out, where = destination(args.output)
    print_calibration(fit, topo, display_path, out)
    print(f"wrote {where}" + (f": use it with --calibration {display_path(args.output)}"
                              if args.output != "-" else ""), file=out)
    if fit.warning:
        print(f"forestcoll: warning: {fit.warning}", file=sys.stderr)
    return 0


def _run_numbers(text: str | None) -> list[int] | None:
    """``--run 1`` or ``--run 0,2``: the run numbers, as calibrate counts them."""
    from ..errors import UsageError
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() and len(p) <= 9 for p in parts):
        raise UsageError(f"--run {text[:40]}: give run numbers as calibrate counts them, "
                         f"from 0, e.g. --run 1 or --run 0,2")
    return [int(p) for p in parts]
