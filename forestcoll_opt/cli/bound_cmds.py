"""``forestcoll catalog``, ``show``, ``bound`` and ``schema``: the topology models, a topology's
summary, and the exact optimal throughput with its bottleneck cut (the paper's section
"Throughput Optimality for Collectives", found by the "Optimality Binary Search")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from ..analysis.relaying import group_bound
from ..generation.bounding import Bound, bound
from ..generation.fixed_k import with_k_min
from ..model.catalog import canonical_spec, families, resolve
from ..model.collective import CUT_BOUNDED_NAMES
from ..model.topology import Topology
from ..schemas import NAMES as SCHEMAS
from .args import (FAIL_HELP, TOPOLOGY_HELP, weights_help, add_group, add_kernel,
                   add_symmetry, failed_topology, group_topology, node_weights)
from .output import exact_num


def add_catalog(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("catalog", help="list the built-in topology models and their parameters")
    p.set_defaults(func=cmd_catalog)


def add_show(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help="summarise a topology, or export it as JSON")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--json", action="store_true", help="print the topology as forestcoll-topology/1")
    p.set_defaults(func=cmd_show)


def add_schema(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of a file format")
    p.add_argument("format", choices=SCHEMAS,
                   help="forestcoll-topology/1, forestcoll-schedule/1, /2, /3 (compact), /4 "
                        "(alltoall) or /5 (a process group's)")
    p.set_defaults(func=cmd_schema)


def add_bound(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bound", help="exact optimal throughput and its bottleneck cut")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=CUT_BOUNDED_NAMES, default="allgather",
                   help="the collective whose bound to compute (default allgather; "
                        "allreduce has no cut bound: forestcoll lp allreduce solves its LP)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--weights", metavar="FILE",
                   help=weights_help("allgather, reduce-scatter"))
    p.add_argument("--fail", metavar="ID[,ID...]", action="append", help=FAIL_HELP)
    add_group(p, "the bound of this process group (a comma list of node ids or globs), "
                 "the other compute nodes relaying as switches, side by side with the "
                 "bound when they are switched off (removed) and the gain of relaying")
    add_kernel(p)
    add_symmetry(p, "512")
    p.set_defaults(func=cmd_bound)


def cmd_catalog(args: argparse.Namespace) -> int:
    for fam in families().values():
        print(f"{fam.name}: {fam.summary}")
        for p in fam.params:
            choices = (f" (one of {', '.join(map(str, p.choices))})" if p.choices
                       else f" ({p.minimum} to {p.maximum})")
            print(f"    {p.name}={p.default}  {p.help}{choices}")
        example = canonical_spec(fam, {p.name: p.default for p in fam.params})
        print(f"    e.g. forestcoll bound {example}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    topo = resolve(args.topology)
    if args.json:
        sys.stdout.write(topo.to_json())
        return 0
    print(f"topology  {topo.name}  (units {topo.units})")
    print(f"nodes     {len(topo.compute_nodes)} compute, {len(topo.switch_nodes)} switch")
    total = topo.total_bandwidth
    print(f"links     {len(topo.capacity)} directed node pairs from {len(topo.links)} declared "
          f"links, {exact_num(total)} {topo.units} in all")
    boxes = topo.boxes()
    if len(boxes) > 1 or None not in boxes:
        sizes = ", ".join(f"{'-' if b is None else b}: {len(v)}" for b, v in boxes.items())
        print(f"boxes     {len(boxes)} ({sizes} compute nodes)")
    if topo.link_type or topo.link_alpha:
        kinds: dict[str, int] = {}
        for hop in topo.capacity:
            name = topo.link_type.get(hop, "untyped")
            kinds[name] = kinds.get(name, 0) + 1
        own = f"; {len(topo.link_alpha)} with their own alpha" if topo.link_alpha else ""
        print("types     " + ", ".join(f"{n} {t}" for t, n in kinds.items())
              + f" (directed pairs; latency per hop in the time model){own}")
    print()
    width = max(len(v) for v in topo.node_ids)
    print(f"{'node':<{width}}  {'kind':<7}  {'box':>4}  {'ingress':>12}  {'egress':>12}  neighbours")
    out_deg = topo.out_degree
    for n in topo.nodes:
        box = "-" if n.box is None else str(n.box)
        print(f"{n.id:<{width}}  {n.kind:<7}  {box:>4}  {str(topo.ingress[n.id]):>12}  "
              f"{str(topo.egress[n.id]):>12}  {out_deg[n.id]}")
    return 0


def describe_cut(topo: Topology, cut: Sequence[str]) -> list[str]:
    """Human summary of a node set: per box, compute nodes inside; switches inside.

    :param topo: the topology
    :param cut: the node set, e.g. a bound's bottleneck cut S*
    :returns: one line per box (three or more consecutive boxes all inside, or all
        outside, on one line), then the switches inside (at most six named)
    """
    inside = set(cut)
    rows: list[tuple[object, str]] = []
    for box, members in topo.boxes().items():
        n_in = sum(1 for v in members if v in inside)
        if n_in == len(members):
            detail = "all"
        elif n_in == 0:
            detail = "none"
        elif n_in <= len(members) // 2:
            detail = "only " + ", ".join(v for v in members if v in inside)
        else:
            detail = "all but " + ", ".join(v for v in members if v not in inside)
        rows.append((box, f"{n_in}/{len(members)} compute ({detail})"))
    lines = []
    i = 0
    while i < len(rows):            # three or more boxes in a row alike: one line
        j = i
        while j + 1 < len(rows) and rows[j + 1][1] == rows[i][1] and rows[i][0] is not None \
                and rows[j + 1][0] is not None and rows[i][1].endswith(("(all)", "(none)")):
            j += 1
        box = rows[i][0]
        if j - i >= 2:
            lines.append(f"boxes {box} to {rows[j][0]} ({j - i + 1} boxes): {rows[i][1]} each")
        else:
            j = i
            lines.append(f"{'no box' if box is None else f'box {box}'}: {rows[i][1]}")
        i = j + 1
    switches = [v for v in topo.switch_nodes if v in inside]
    if switches:
        shown = ", ".join(switches[:6]) + (f", ... ({len(switches)})" if len(switches) > 6 else "")
        lines.append(f"switches inside: {shown}")
    return lines


def cmd_bound(args: argparse.Namespace) -> int:
    whole = failed_topology(args, resolve(args.topology))
    topo = group_topology(args, whole)
    options = dict(collective=args.collective, root=args.root, kernel=args.kernel,
                   symmetry=args.symmetry, weights=node_weights(args, topo))
    compared = None if topo is whole else group_bound(whole, topo.compute_nodes, **options)
    result = with_k_min(topo, bound(topo, **options) if compared is None else compared.relayed,
                        kernel=args.kernel, symmetry=args.symmetry)
    if args.json:
        out = result.to_dict()
        if compared is not None:
            out["group"] = compared.to_dict()
        print(json.dumps(out, indent=2))
        return 0
    _print_bound(topo, result)
    if compared is not None:
        print("\n".join(compared.lines))
    return 0


def _print_bound(topo: Topology, b: Bound) -> None:
    least = b.k_min
    assert least is not None
    u = topo.units
    print(f"topology        {topo.name}: {b.num_compute} compute, {len(topo.switch_nodes)} switch nodes")
    print(f"collective      {b.collective}" + (f" from root {b.root}" if b.root else ""))
    print(f"optimal algbw   {exact_num(b.algbw)} {u}")
    label = "1/x*" if b.root is None else "1/F"
    n = "N" if b.weights is None else "W"
    print(f"{label:<15} {b.inv_x}  (time = M/{n} x 1/x*)" if b.root is None
          else f"{label:<15} {b.inv_x}  (time = M x 1/F)")
    if b.weights is not None:
        print(f"weights         {len(set(w for _, w in b.weights))} distinct, W = "
              f"{b.total_weight} in all (normalised)")
    per = "tree(s) per root" if b.weights is None else "tree(s) per unit of weight"
    print(f"k               {least.k} {per}, U = {b.U_at(least.k)}  ({least.note})")
    if least.k != b.k:
        print(f"                the paper's k = {b.k} (every link an integral number of trees) "
              f"is sufficient, not necessary")
    print(f"tree bandwidth  {exact_num(b.tree_bandwidth_at(least.k))} {u}")
    side = "leaving" if b.collective.outward else "entering"
    inside = (f"|S* ∩ Vc| = {b.cut_compute}" if b.weights is None
              else f"w(S* ∩ Vc) = {b.cut_weight} ({b.cut_compute} compute)")
    print(f"bottleneck cut  {inside}, bandwidth {side} S* = "
          f"{exact_num(b.cut_bandwidth)} {u}" + (f", ratio {b.cut_ratio}" if b.root is None else ""))
    for line in describe_cut(topo, b.cut):
        print(f"                {line}")
    print(f"oracle          {b.oracle_rounds} round(s), {b.max_flows} max-flows, {b.seconds:.3f} s")


def cmd_schema(args: argparse.Namespace) -> int:
    from ..schemas import text

    sys.stdout.write(text(args.format))
    return 0
