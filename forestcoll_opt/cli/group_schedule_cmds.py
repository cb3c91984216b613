"""Schedules of process groups at once on the command line: ``generate --mesh/--groups``
(and ``groups -o``) write a ``forestcoll-group-schedules/1`` file; ``verify`` judges one
(:func:`forestcoll_opt.analysis.group_checks.verify_concurrent`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import LPError, MscclExportError, UsageError
from ..files import write_output
from ..lp.options import GROUPS_NAMES
from .output import EXIT_SOLVER, destination, exact_num, flag_text

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
