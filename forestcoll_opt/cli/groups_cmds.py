"""``forestcoll groups``: process groups running one collective at the same time — each
group alone and together, the certified joint optimum, the links they fight over
(:func:`forestcoll_opt.lp.concurrent`)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import UsageError
from ..lp.options import GROUPS_NAMES
from ..model.collective import Collective
from ..model.catalog import resolve
from .args import TOPOLOGY_HELP, add_kernel, output_arg, seconds_arg
from .lp_cmds import SOLVER_FAILURES
from .output import EXIT_SOLVER, exact_num, flag_text, print_json_error

SHOWN_LINKS = 8


def add_groups(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("groups", help="process groups running one collective at once: each "
                                      "alone and together, the certified joint optimum")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--mesh", metavar="DIMS",
                   help="device mesh, last dimension fastest (PyTorch DeviceMesh / Megatron "
                        "rank order, ranks box by box), e.g. dp=16,tp=8")
    p.add_argument("--along", metavar="DIM",
                   help="with --mesh: the dimension(s) the groups run along, e.g. dp (the "
                        "data-parallel groups, one per value of the others)")
    p.add_argument("--groups", metavar="FILE",
                   help="instead of --mesh: a JSON list of groups, each a list of node ids or "
                        "globs, or {\"members\": [...], \"weight\": w, \"name\": \"...\"}")
    p.add_argument("--collective", choices=GROUPS_NAMES, default="allgather",
                   help="what every group runs (allreduce: reduce-scatter, then allgather; "
                        "alltoall: the all-to-all LP with the groups' block demand)")
    p.add_argument("--time-limit", type=seconds_arg, help="HiGHS time limit per solve, seconds")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--compare", action="store_true",
                   help="also time, with every group at once on the same fabric, each "
                        "group's isolated optimum and NCCL's ring per group, beside the "
                        "joint optimum")
    p.add_argument("-o", "--output", type=output_arg,
                   help="also write one schedule per group on its share of the witness "
                        "(forestcoll-group-schedules/1; as generate --mesh/--groups writes)")
    p.add_argument("--no-relay", dest="relay", action="store_false",
                   help="no group's data passes through a GPU outside it (a communicator "
                        "uses its own ranks' GPUs only): the joint optimum of schedules "
                        "that relay through switches and members alone; each group alone "
                        "with the others switched off")
    add_kernel(p)
    p.add_argument("--no-symmetry", dest="symmetry", action="store_const", const=False,
                   default=None, help="do not fold the LP by the permutations that map groups "
                                      "onto groups (the result is the same either way)")
    p.set_defaults(func=cmd_groups)


def cmd_groups(args: argparse.Namespace) -> int:
    """Exit 0: solved and certified; 2: a bad request; 3: the LP could not be solved."""
    from ..lp.groups.solve import concurrent

    from ..files import check_output, write_output
    from ..lp.groups.schedules import generate_concurrent

    if args.output == "-":
        raise UsageError("-o -: groups prints its table on standard output; give -o a file "
                         "name, or use generate --mesh/--groups -o - for the file alone")
    if args.output is not None:
        check_output(args.output, label="-o", inputs=[args.topology]
                     + ([args.groups] if args.groups else []))
    topo = resolve(args.topology)
    compared = None
    try:
        if args.compare:
            from ..analysis.together import contention
            compared = contention(topo, groups=args.groups, mesh=args.mesh, along=args.along,
                                  collective=args.collective, symmetry=args.symmetry,
                                  time_limit=args.time_limit, kernel=args.kernel,
                                  relay=args.relay)
            r = compared.bound
        else:
            r = concurrent(topo, groups=args.groups, mesh=args.mesh, along=args.along,
                           collective=args.collective, symmetry=args.symmetry,
                           time_limit=args.time_limit, kernel=args.kernel, relay=args.relay)
    except SOLVER_FAILURES as exc:
        message = flag_text(exc, {"time_limit": "--time-limit"})
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return print_json_error(message, EXIT_SOLVER) if args.json else EXIT_SOLVER
    if args.output is not None:
        made = generate_concurrent(topo, mesh=args.mesh, along=args.along, bound=r,
                                   kernel=args.kernel)
        write_output(args.output, made.to_json())
    if args.json:
        doc = r.to_dict()
        if compared is not None:
            doc["compare"] = compared.to_dict()
        print(json.dumps(doc, indent=2))
        return 0
    u = topo.units
    print(f"{len(r.groups)} {r.collective} groups at once on {topo.name} (algbw in {u})"
          + ("" if r.relay else ", none relaying through a GPU outside it"))
    if r.exact:
        print(f"λ               {exact_num(r.lower)} exact: every group g runs at λ·w_g "
              f"together, and no schedule does better")
    else:
        print(f"λ               [{exact_num(r.lower)}, {exact_num(r.upper)}]: every group g "
              f"runs at λ·w_g together for λ at the left end; none can beat the right end")
    width = max(len("group"), *(len(row.name) for row in r.rows))
    print()
    print(f"{'group':<{width}}  {'size':>4}  {'weight':>6}  {'alone':>18}  "
          f"{'together':>30}  contention")
    for row in r.rows:
        together = exact_num(row.together_lower) if row.together_lower == row.together_upper \
            else f"[{exact_num(row.together_lower)}, {exact_num(row.together_upper)}]"
        print(f"{row.name:<{width}}  {len(row.members):>4}  {str(row.weight):>6}  "
              f"{exact_num(row.alone):>18}  {together:>30}  "
              f"{float(row.contention):.1%} at least")
    print()
    shown = ", ".join(f"{a}->{b}" for a, b in r.contended[:SHOWN_LINKS])
    more = f", ... ({len(r.contended)} in all)" if len(r.contended) > SHOWN_LINKS else ""
    print(f"contended links {shown}{more}")
    why = "full at every optimum: " if r.exact else ""
    print(f"                ({why}the upper certificate prices them; {len(r.shared)} of "
          f"them shared by two groups or more in the schedule found)")
    if len(r.independent) > 1:
        print(f"independent     {len(r.independent)} classes of groups use disjoint links in "
              f"the schedule found")
    else:
        print("independent     no: the groups' shares meet on some link")
    if r.collective is Collective.ALLTOALL:
        print(f"model           the all-to-all LP with the groups' block demand (a flow per "
              f"source, unfolded), {r.seconds:.2f} s")
    else:
        print(f"model           {r.folded[0]} orbit(s) of {r.folded[1]} (group, link) pairs, "
              f"{r.rounds[0]}+{r.rounds[1]} cut round(s), {r.seconds:.2f} s")
    if compared is not None:
        print_compare(compared, width)
    return 0


def print_compare(c, width: int) -> None:
    """The baselines timed together (``--compare``): per group, the isolated optimum alone
    and together, the ring alone and together, the joint optimum, exact."""
    print()
    print(f"baselines, every group at once on the same fabric (exact algbw in {c.units}; "
          f"each link shared by the groups that load it, in proportion to their bytes):")
    nccl = "direct alone" if c.collective is Collective.ALLTOALL else "ring alone"
    print(f"{'group':<{width}}  {'isolated alone':>16}  {'together':>16}  "
          f"{nccl:>16}  {'together':>16}  {'joint optimum':>16}")
    for row in c.rows:
        joint = exact_num(row.joint_lower) if row.joint_lower == row.joint_upper else \
            f"[{exact_num(row.joint_lower)}, {exact_num(row.joint_upper)}]"
        print(f"{row.name:<{width}}  {exact_num(row.promise):>16}  "
              f"{exact_num(row.isolated_together):>16}  {exact_num(row.ring_alone):>16}  "
              f"{exact_num(row.ring_together):>16}  {joint:>16}"
              + (f"  ({nccl.split()[0]} relays)" if row.ring_relays else ""))
    worst = max(c.rows, key=lambda row: row.cost)
    print(f"contention      the isolated optima run x{float(worst.cost):.4g} slower together "
          f"than they promise ({worst.name}); the joint optimum gives "
          f"x{float(worst.recovered):.4g} of what they get together")
