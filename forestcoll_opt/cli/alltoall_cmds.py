"""The all-to-all side of ``forestcoll lp``, ``generate`` and ``baseline``: the optimum as a
maximum concurrent flow (:mod:`forestcoll_opt.lp.alltoall`), the LP's routes as a schedule,
and NCCL's direct and PXN all-to-all."""

from __future__ import annotations

import argparse
import json
import time

from ..errors import UsageError
from ..model.alltoall import Demand, load_demand
from ..model.catalog import resolve
from ..model.group_scope import mark
from ..model.topology import Topology
from .args import failed_topology, group_topology
from .output import destination, exact_num


def demand_of(args: argparse.Namespace, topo: Topology) -> Demand | None:
    """The ``--demand FILE`` matrix, normalised (None: uniform).

    :param args: the parsed arguments
    :param topo: the topology
    :returns: the demand
    """
    path = getattr(args, "demand", None)
    return None if path is None else load_demand(path, topo)


def refuse_demand(args: argparse.Namespace, collective: str) -> None:
    """``--demand`` belongs to alltoall only.

    :raises UsageError: when it is given for another collective
    """
    if getattr(args, "demand", None) is not None:
        raise UsageError(f"--demand is a matrix of all-to-all amounts; drop it for {collective} "
                         f"(or use --collective alltoall)")


def cmd_lp_alltoall(args: argparse.Namespace) -> int:
    """``forestcoll lp alltoall TOPO [--demand FILE]``."""
    from ..lp.alltoall.model import solve_alltoall

    if args.formulation != "cuts":
        raise UsageError("--formulation is the allreduce LP's; the all-to-all LP has one form "
                         "(a flow per source); drop it")
    topo = group_topology(args, resolve(args.topology))  # among a group: the others relay
    result = solve_alltoall(topo, demand=demand_of(args, topo), time_limit=args.time_limit,
                            kernel=args.kernel, write_lp=args.write_lp,
                            write_mps=args.write_mps,
                            symmetry=None if args.symmetry is None or args.demand else False)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    u = topo.units
    n = len(topo.compute_nodes)
    what = "uniform" if result.demand is None else f"{len(result.demand)} pair(s) with demand"
    print(f"alltoall LP on {topo.name}: algbw {float(result.algbw):.3f} {u} (HiGHS, optimal; "
          f"{what})")
    if result.exact:        # one value: 3 decimals, as elsewhere (an interval shows 9)
        print(f"optimum         {exact_num(result.lower)} {u}, exact (certified lower = "
              f"upper)")
    else:
        print(f"certified       [{exact_num(result.lower, 9)}, {exact_num(result.upper, 9)}] {u}: "
              f"the optimum lies in this interval (relative width {float(result.gap):.2g})")
    print(f"convention      time = M / algbw, M the buffer of each of the {n} compute nodes "
          f"(M/N to every other); a matrix in bytes takes sum / ((N-1) x algbw)")
    longest = sorted(result.lengths.items(), key=lambda kv: (-kv[1], topo.index[kv[0][0]],
                                                             topo.index[kv[0][1]]))
    binding = [f"{a}->{b}" for (a, b), y in longest if y == 1]
    shown = ", ".join(binding[:4]) + (f", ... ({len(binding)} in all)" if len(binding) > 4 else "")
    print(f"dual            length function on the links; longest: {shown}")
    print(f"model           {result.variables} variables, {result.constraints} constraints"
          f"{' (folded by the automorphism group)' if result.folded else ''}")
    print(f"seconds         build {result.build_seconds:.2f}, solve {result.solve_seconds:.2f}, "
          f"certify {result.certify_seconds:.2f}")
    return 0


def cmd_generate_alltoall(args: argparse.Namespace) -> int:
    """``forestcoll generate TOPO --collective alltoall [--demand FILE] -o F``."""
    from ..lp.alltoall.schedule import lp_alltoall

    if args.k is not None or args.weights or args.root is not None or args.method is not None:
        raise UsageError("an all-to-all schedule takes its routes and parts from the "
                         "all-to-all LP; drop --k, --weights, --root and --method")
    if args.compact:
        raise UsageError("--compact writes trees per orbit of the automorphism group; an "
                         "all-to-all schedule is a list of routes, always written in full: "
                         "drop --compact")
    whole = failed_topology(args, resolve(args.topology))
    topo = group_topology(args, whole)      # among a group: the others relay (or are off)
    start = time.perf_counter()
    sched = lp_alltoall(topo, demand=demand_of(args, topo), symmetry=args.symmetry,
                        kernel=args.kernel)
    seconds = time.perf_counter() - start
    sched = mark(sched, whole, topo)        # a group's schedule remembers its group
    from ..files import write_output

    write_output(args.output, sched.to_json())
    st = sched.stats
    out, where = destination(args.output)
    print(f"wrote {where}: alltoall on {topo.name}, {len(sched.routes)} routes, k = {sched.k}",
          file=out)
    lower, upper = st["lp_lower"], st["lp_upper"]
    place = ("= the optimum" if lower == upper == sched.algbw else
             "within the LP's certified interval" if lower <= sched.algbw <= upper else
             "below the LP's certified interval")
    print(f"algbw           {exact_num(sched.algbw)} {topo.units}  ({place} "
          f"[{exact_num(lower, 6)}, {exact_num(upper, 6)}])", file=out)
    print(f"seconds         {seconds:.2f} total: LP {st['lp_seconds']:.2f}, routes "
          f"{st['construction_seconds']:.2f}", file=out)
    if sched.demand is not None:
        print(f"note            made for the demand of {args.demand}: verify it with "
              f"--demand {args.demand} (without it, verify judges the uniform all-to-all)",
              file=out)
    return 0


def cmd_baseline_alltoall(args: argparse.Namespace) -> int:
    """``forestcoll baseline direct|pxn TOPO --collective alltoall``."""
    from ..generation.baselines import baseline
    from ..files import write_output

    topo = resolve(args.topology)
    schedule = baseline(topo, args.kind, collective=args.collective, root=args.root,
                        channels=args.channels, demand=demand_of(args, topo))
    write_output(args.output, schedule.to_json())
    out, where = destination(args.output)
    print(f"{args.kind} {schedule.collective} on {topo.name}: algbw {exact_num(schedule.algbw)} "
          f"{topo.units} with {len(schedule.routes)} routes -> {where}", file=out)
    return 0
