"""``forestcoll lp``: the allreduce (or allgather) linear program with switch flows of the
paper's appendix "Allreduce Linear Program", solved by HiGHS, and its certified interval."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import (LPCertificateError, LPInfeasibleError, LPNotOptimalError, LPSolverError,
                      LPUnboundedError, UsageError)
from ..files import check_output
from ..generation.bounding import rs_ag_algbw
from ..lp.options import FORMULATIONS, SOLVED_NAMES
from ..model.catalog import resolve
from .args import (DEMAND_HELP, TOPOLOGY_HELP, add_group, add_kernel, add_symmetry,
                   group_topology, output_arg, seconds_arg)
from .output import EXIT_SOLVER, exact_num, flag_text, print_json_error

SOLVER_FAILURES = (LPNotOptimalError, LPSolverError, LPCertificateError, LPInfeasibleError,
                   LPUnboundedError)
"""The LP errors that say HiGHS could not solve and certify the LP (not that the request is
wrong): exit 3, as ``verify`` does (docs/troubleshooting.md)."""


def add_lp(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lp", help="the allreduce (or allgather) LP with switch flows, or the "
                                  "all-to-all LP (max concurrent flow), by HiGHS")
    p.add_argument("collective", choices=SOLVED_NAMES,
                   help="allreduce or allgather: the LP with switch flows (paper, appendix "
                        "\"Allreduce Linear Program\"); alltoall: the all-to-all LP, the "
                        "largest rate at which every pair's demand is routed at once")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--formulation", choices=FORMULATIONS, default="cuts",
                   help="lazy cut constraints (default) or one explicit flow per target")
    p.add_argument("--time-limit", type=seconds_arg,
                   help="HiGHS time limit for the whole solve, in seconds (default: no limit)")
    p.add_argument("--write-lp", type=output_arg, metavar="FILE",
                   help="also write the model as an .lp file")
    p.add_argument("--write-mps", type=output_arg, metavar="FILE",
                   help="also write the model as an .mps file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    add_group(p)
    add_kernel(p)
    add_symmetry(p)
    p.set_defaults(func=cmd_lp)


def _same_destination(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def cmd_lp(args: argparse.Namespace) -> int:
    """Exit 0: solved and certified; 2: the request or an input is wrong; 3: the LP could
    not be solved (a time limit, a solver failure)."""
    try:
        return _lp(args)
    except SOLVER_FAILURES as exc:
        message = flag_text(exc, {"time_limit": "--time-limit"})
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER


def _lp(args: argparse.Namespace) -> int:
    from ..lp.solver import solve
    from .alltoall_cmds import cmd_lp_alltoall, refuse_demand

    for option, path in (("--write-lp", args.write_lp), ("--write-mps", args.write_mps)):
        if path:
            check_output(path, label=option, inputs=[args.topology])
    if args.write_lp and args.write_mps and _same_destination(args.write_lp, args.write_mps):
        raise UsageError("--write-lp and --write-mps name the same file; give two files")
    if args.collective == "alltoall":
        return cmd_lp_alltoall(args)
    refuse_demand(args, args.collective)
    topo = group_topology(args, resolve(args.topology))
    result = solve(topo, collective=args.collective, formulation=args.formulation,
                   time_limit=args.time_limit, write_lp=args.write_lp, write_mps=args.write_mps,
                   kernel=args.kernel, symmetry=args.symmetry)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    u = topo.units
    print(f"{args.collective} LP on {topo.name}: algbw {float(result.algbw):.3f} {u} (HiGHS, "
          f"optimal)")
    print(f"certified       [{exact_num(result.lower, 9)}, {exact_num(result.upper, 9)}] {u}: the LP "
          f"optimum lies in this interval (relative width {float(result.gap):.2g})")
    print(f"model           {result.variables} variables, {result.constraints} constraints "
          f"({result.formulation}, {result.rounds} round(s))")
    if result.folding is not None:
        f = result.folding
        print(f"symmetry        folded by {f['generators']} automorphisms: "
              f"{f['compute_orbits']} root orbit(s), {f['pair_classes']} pair and "
              f"{f['route_classes']} route orbits for the full model's "
              f"{f['full_variables']} variables (--no-symmetry: the full model)")
    print(f"seconds         build {result.build_seconds:.2f}, solve {result.solve_seconds:.2f}, "
          f"certify {result.certify_seconds:.2f}")
    shares = ", ".join(f"{v} {x:.4g}" for v, x in list(result.x.items())[:8])
    more = f", ... ({len(result.x)} in all)" if len(result.x) > 8 else ""
    print(f"x per root      {shares}{more} ({u}; they sum to the algbw)")
    if args.collective == "allreduce":
        tree = rs_ag_algbw(topo, kernel=args.kernel)
        least, most = result.share(tree)
        print(f"tree allreduce  {exact_num(tree)} {u} (reduce-scatter + allgather bounds): "
              f"{float(least):.6f} to {float(most):.6f} of the LP")
    return 0
