"""Schedules of process groups at once on the command line: ``generate --mesh/--groups``
(and ``groups -o``) write a ``forestcoll-group-schedules/1`` file; ``verify`` judges one
(:func:`forestcoll_opt.analysis.group_checks.verify_concurrent`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import LPError, MscclExportError, UsageError
from ..files import write_output
from ..lp.options import GROUPS_NAMES
from .output import (EXIT_BELOW, EXIT_ERROR, EXIT_SOLVER, destination, exact_num, flag_text,
                     print_json_error)

SHOWN_GROUPS = 16


def add_layout(p: argparse.ArgumentParser, what: str) -> None:
    """``--mesh``, ``--along`` and ``--groups``: the process groups at once a command
    works on (``what`` says for what)."""
    p.add_argument("--mesh", metavar="DIMS",
                   help=f"with {what}: a device mesh (last dimension fastest, ranks box by "
                        f"box), e.g. dp=16,tp=8, with --along")
    p.add_argument("--along", metavar="DIM",
                   help="with --mesh: the dimension(s) the groups run along, e.g. dp")
    p.add_argument("--groups", metavar="FILE",
                   help="instead of --mesh: a JSON list of groups (as the groups command "
                        "takes)")


def refuse_layout(args: argparse.Namespace, what: str) -> None:
    """Refuse ``--mesh/--along/--groups`` where the input is not groups at once."""
    for flag, value in (("--mesh", args.mesh), ("--groups", args.groups),
                        ("--along", args.along)):
        if value is not None:
            raise UsageError(f"{flag} names process groups at once; it goes with {what}")


def check_generate_groups(args: argparse.Namespace) -> None:
    """Refuse the options ``generate --mesh/--groups`` does not take."""
    taken = [flag for flag, value in (("--group", args.group), ("--k", args.k),
                                      ("--root", args.root), ("--weights", args.weights),
                                      ("--demand", args.demand), ("--fail", args.fail),
                                      ("--method", args.method), ("--compact", args.compact))
             if value is not None]
    if taken:
        raise UsageError(f"{taken[0]}: generate --mesh/--groups builds one schedule per group "
                         f"on its share of the joint optimum; drop {taken[0]}")
    if args.collective not in GROUPS_NAMES:
        raise UsageError(f"--collective {args.collective}: groups at once run allgather, "
                         f"reduce-scatter, allreduce or alltoall")


def cmd_generate_groups(args: argparse.Namespace) -> int:
    """Exit 0: written; 2: a bad request; 3: the LP could not be solved."""
    from ..lp.groups.schedules import generate_concurrent
    from ..model.catalog import resolve

    from ..files import check_output

    check_generate_groups(args)
    check_output(args.output, label="-o", inputs=[args.topology]
                 + ([args.groups] if args.groups else []))
    topo = resolve(args.topology)
    try:
        out = generate_concurrent(topo, groups=args.groups, mesh=args.mesh, along=args.along,
                                  collective=args.collective, kernel=args.kernel,
                                  symmetry=args.symmetry, relay=args.relay)
    except LPError as exc:
        print(f"forestcoll: error: {flag_text(exc, {'time_limit': '--time-limit'})}",
              file=sys.stderr)
        return EXIT_SOLVER
    write_output(args.output, out.to_json())
    if not args.quiet:
        stream, where = destination(args.output)
        print(f"wrote {where}: {describe(out)}", file=stream)
    return 0


def describe(out: Any) -> str:
    """Two lines on a GroupSchedules just written."""
    span = exact_num(out.lower) if out.lower == out.upper else \
        f"[{exact_num(out.lower)}, {exact_num(out.upper)}]"
    state = "optimal" if out.optimal else f"{float(out.ratio):.4f} of the upper value"
    return (f"{len(out.groups)} {out.collective} group schedules"
            f"{'' if out.relay else ' without relays'} on {out.topology}: together "
            f"λ = {exact_num(out.achieved)} ({state}); certified λ {span}")


def cmd_verify_groups(args: argparse.Namespace, topo: Any, data: Any) -> int:
    """``verify TOPOLOGY GROUP-SCHEDULES``: exit 0 valid and at least --min-ratio of the
    certified optimum (default: optimal), 1 valid but below, 2 invalid or a contradiction,
    3 the LP could not be solved; ``--json`` with the gate's result and ``exit_code``."""
    from ..analysis.group_checks import verify_concurrent
    from ..model.numbers import fraction_text
    from .args import ratio_arg

    min_ratio = ratio_arg(args.min_ratio)
    if args.against != "lp":
        raise UsageError(f"--against {args.against}: groups at once are judged against the "
                         f"concurrent-groups LP's certified optimum; drop --against")

    taken = [flag for flag, value in (("--group", args.group), ("--weights", args.weights),
                                      ("--demand", args.demand), ("--fail", args.fail))
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
        return code
    print(f"status          {v.status.upper()}")
    for r in v.reasons:
        print(f"  - {r}")
    if v.lam is not None:
        print(f"λ together      {exact_num(v.lam)}: every group g at λ·w_g at once, the summed "
              f"link loads within every link")
    if v.lp_interval is not None:
        lo, hi = v.lp_interval
        span = exact_num(lo) if lo == hi else f"[{exact_num(lo)}, {exact_num(hi)}]"
        print(f"LP certified    {span}; ratio {exact_num(v.ratio)}")
    phases = ("reduce-scatter", "allgather") if len(v.busiest) == 2 else ("",)
    for phase, (a, b, _t) in zip(phases, v.busiest):
        print(f"busiest link    {a}->{b}{f' ({phase} phase)' if phase else ''}")
    print(f"groups          {len(v.groups)}")
    shown = v.groups[:SHOWN_GROUPS]
    if shown:
        width = max(len("group"), *(len(g.name) for g in shown))
        print(f"  {'group':<{width}}  {'size':>4}  {'weight':>6}  {'alone':>18}  together")
        for g in shown:
            alone = exact_num(g.alone) if g.alone is not None else "invalid"
            together = exact_num(g.together) if g.together is not None else "-"
            print(f"  {g.name:<{width}}  {len(g.members):>4}  {str(g.weight):>6}  "
                  f"{alone:>18}  {together}")
        if len(v.groups) > len(shown):
            print(f"  ... ({len(v.groups)} in all; --json lists every one)")
    for note in v.notes:
        print(f"note: {note}")
    return code


def is_group_file(path: Any) -> bool:
    """Whether ``path`` is a ``forestcoll-group-schedules/1`` file (False when it cannot
    be read: the command's own reader then says why)."""
    from ..analysis.group_checks import is_group_schedules
    return is_group_schedules(path)


def cmd_export_groups(args: argparse.Namespace) -> int:
    """``export msccl TOPOLOGY GROUP-SCHEDULES -o DIR``: one checked XML file per group,
    written only when every group's passed."""
    from ..files import check_output_folder, display_path
    from ..model.catalog import resolve
    from ..model.group_schedules import load_group_schedules
    from ..runtimes.msccl_groups import export_msccl_groups

    for flag, value in (("--group", args.group), ("--name", args.name)):
        if value is not None:
            raise UsageError(f"{flag}: a forestcoll-group-schedules/1 file holds every group's "
                             f"schedule, each exported for its own group under its own name; "
                             f"drop {flag}")
    folder = check_output_folder(args.output, label="-o")
    topo = resolve(args.topology)
    from ..verify.groups import verify_groups

    verdict = verify_groups(topo, args.schedule)          # validity only: nothing solved
    if not verdict.valid:
        reason = verdict.reasons[0] if verdict.reasons else verdict.status
        raise UsageError(f"{display_path(args.schedule)} is not valid for {topo.name} "
                         f"({reason}); run forestcoll verify for every problem")
    made = load_group_schedules(args.schedule)
    try:
        files = export_msccl_groups(topo, made, flavour=args.flavour, protocol=args.protocol,
                                    chunks=args.chunks, channels=args.channels,
                                    inplace=args.inplace, min_bytes=args.min_bytes,
                                    max_bytes=args.max_bytes)
    except MscclExportError as exc:
        raise MscclExportError(flag_text(exc, {"relay": "generate --mesh/--groups ... "
                                                         "--no-relay"})) from None
    folder.mkdir(exist_ok=True)
    for f, schedule in zip(files, made.schedules):
        write_output(folder / f.file, f.export.xml)
        write_output(folder / f.schedule_file, schedule.to_json())
    first = folder / files[0].file
    print(f"wrote {len(files)} MSCCL {files[0].export.flavour} {made.collective} files to "
          f"{display_path(folder)}, one per group (communicator), each checked, each beside "
          f"its group's schedule: {', '.join(f.file for f in files[:3])}"
          f"{' ...' if len(files) > 3 else ''}")
    print(f"check one again: forestcoll check-xml {args.topology} {display_path(first)} "
          f"--schedule {display_path(folder / files[0].schedule_file)}")
    return 0
