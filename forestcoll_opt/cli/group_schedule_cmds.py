"""Schedules of process groups at once on the command line: ``generate --mesh/--groups``
(and ``groups -o``) write a ``forestcoll-group-schedules/1`` file; ``verify`` judges one
(:func:`forestcoll_opt.analysis.group_checks.verify_concurrent`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import LPError, UsageError
from ..files import write_output
from .output import EXIT_BELOW, EXIT_ERROR, EXIT_SOLVER, exact_num, flag_text, print_json_error

GROUPS_NAMES_CLI = ("allgather", "reduce-scatter", "allreduce")


def check_generate_groups(args: argparse.Namespace) -> None:
    """Refuse the options ``generate --mesh/--groups`` does not take."""
    taken = [flag for flag, value in (("--group", args.group), ("--k", args.k),
                                      ("--root", args.root), ("--weights", args.weights),
                                      ("--demand", args.demand), ("--fail", args.fail),
                                      ("--method", args.method), ("--compact", args.compact))
             if value is not None]
    if not args.relay:
        taken.append("--no-relay")
    if taken:
        raise UsageError(f"{taken[0]}: generate --mesh/--groups builds one schedule per group "
                         f"on its share of the joint optimum; drop {taken[0]}")
    if args.collective not in GROUPS_NAMES_CLI:
        raise UsageError(f"--collective {args.collective}: groups at once run allgather, "
                         f"reduce-scatter or allreduce")


def cmd_generate_groups(args: argparse.Namespace) -> int:
    """Exit 0: written; 2: a bad request; 3: the LP could not be solved."""
    from ..lp.groups.schedules import generate_concurrent
    from ..model.catalog import resolve

    check_generate_groups(args)
    topo = resolve(args.topology)
    try:
        out = generate_concurrent(topo, groups=args.groups, mesh=args.mesh, along=args.along,
                                  collective=args.collective, kernel=args.kernel,
                                  symmetry=args.symmetry)
    except LPError as exc:
        print(f"forestcoll: error: {flag_text(exc, {'time_limit': '--time-limit'})}",
              file=sys.stderr)
        return EXIT_SOLVER
    write_output(args.output, out.to_json())
    if not args.quiet and args.output != "-":
        print(describe(out), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def describe(out: Any) -> str:
    """Two lines on a GroupSchedules just written."""
    span = exact_num(out.lower) if out.lower == out.upper else \
        f"[{exact_num(out.lower)}, {exact_num(out.upper)}]"
    state = "optimal" if out.optimal else f"{float(out.ratio):.4f} of the upper value"
    return (f"{len(out.groups)} {out.collective} group schedules on {out.topology}: together "
            f"λ = {exact_num(out.achieved)} ({state}); certified λ {span}")


def cmd_verify_groups(args: argparse.Namespace, topo: Any, data: Any) -> int:
    """``verify TOPOLOGY GROUP-SCHEDULES``: exit 0 optimal, 1 below, 2 invalid or a
    contradiction, 3 the LP could not be solved."""
    from ..analysis.group_checks import verify_concurrent

    try:
        v = verify_concurrent(topo, data, time_limit=args.time_limit, kernel=args.kernel)
    except LPError as exc:
        message = (f"the concurrent-groups LP needed for the verdict failed: "
                   f"{flag_text(exc, {'time_limit': '--time-limit'})}")
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER
    code = 0 if v.optimal else (EXIT_BELOW if v.valid else EXIT_ERROR)
    if args.json:
        print(json.dumps({**v.to_dict(), "exit_code": code}, indent=2))
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
    for a, b, t in v.busiest:
        print(f"busiest link    {a}->{b}")
    print(f"groups          {len(v.groups)}")
    for note in v.notes:
        print(f"note: {note}")
    return code
