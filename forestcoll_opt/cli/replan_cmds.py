"""``forestcoll replan``: the optimal schedule after parts of the network failed, from the
healthy one (:func:`forestcoll_opt.analysis.replanning.replan`), with its lost fraction,
the cut that explains it and, with ``--export msccl``, the runtime file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..files import check_output, check_output_folder, write_outputs
from ..model.catalog import resolve
from ..model.compact import read_schedule
from ..model.schedule import document_text
from ..model.numbers import fraction_display, fraction_text
from .args import TOPOLOGY_HELP, output_arg
from .output import destination

if TYPE_CHECKING:
    from ..analysis.replanning import Replan

FAIL_HELP = ("the parts out of service, a comma list of ids: link:A--B (both directions), "
             "nic:NODE, switch:NODE, box:LABEL (forestcoll whatif lists them); repeat for "
             "more")
DEGRADE_HELP = ("a link or NIC left with part of its bandwidth, ID=KEEP (nic:box0/gpu3=1/2: a "
                "dual-port NIC that lost one port); repeat for more")
ROUTE_TEXT = {
    "kept": "kept: the healthy schedule, unchanged: no route crosses a part out of service, "
            "and every link has room for its load",
    "repaired": "repaired: the trees crossing a failed part re-attached on the room the "
                "others leave",
    "repacked": "repacked: the lost trees packed exactly on the room the others leave",
    "regenerated": "regenerated on the degraded network",
    "balanced": "balanced: the optimal schedule of the largest balanced sub-network",
}
"""One line per way a re-plan got its schedule (``Replan.method``)."""
EXPORTS = ("msccl",)
"""The runtime files ``--export`` writes."""


def add_replan(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replan", help="the optimal schedule after failures, from the healthy "
                                      "one: what is lost and the cut that explains it")
    p.add_argument("topology", help=TOPOLOGY_HELP + " (the healthy network)")
    p.add_argument("schedule", help="the healthy network's schedule (forestcoll-schedule JSON)")
    p.add_argument("--fail", metavar="ID[,ID...]", action="append", default=[],
                   help=FAIL_HELP)
    p.add_argument("--degrade", metavar="ID=KEEP", action="append", default=[],
                   help=DEGRADE_HELP)
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="the new schedule file to write (JSON; - for standard output)")
    p.add_argument("--export", nargs=2, metavar=("RUNTIME", "DIR"),
                   help="also write the new schedule for a runtime into the folder DIR "
                        f"(RUNTIME: {', '.join(EXPORTS)}; DIR/<topology>.xml)")
    p.set_defaults(func=cmd_replan)


def parts(args: argparse.Namespace) -> list[str]:
    """The ids of ``--fail`` (comma lists) and ``--degrade`` (each must keep ``=KEEP``)."""
    ids = [w.strip() for text in args.fail for w in text.split(",") if w.strip()]
    for text in args.degrade:
        if "=" not in text:
            raise UsageError(f"--degrade {text[:80]}: write ID=KEEP (nic:NODE=1/2); a part "
                             f"out of service is --fail {text[:80]}")
        ids.append(text.strip())
    if not ids:
        raise UsageError("replan: name what failed with --fail ID (or --degrade ID=KEEP)")
    return ids


def cmd_replan(args: argparse.Namespace) -> int:
    from ..analysis.replanning import replan

    ids = parts(args)
    check_output(args.output, label="-o", inputs=[args.topology, args.schedule])
    folder = None
    if args.export:
        runtime, where = args.export
        if runtime not in EXPORTS:
            raise UsageError(f"--export {runtime[:40]}: runtimes: {', '.join(EXPORTS)}")
        folder = check_output_folder(where, label="--export DIR")
    topo = resolve(args.topology)
    # a compact healthy schedule stays compact: the repair walks its trees once
    healthy = read_schedule(args.schedule, topology=topo, expand=False)
    result = replan(topo, healthy, failures=ids)
    texts = {args.output: document_text(result.document) if result.document is not None
             else result.schedule.to_json()}
    xml_path = None
    if folder is not None:
        from ..runtimes.msccl_export import export_msccl
        from ..model.faults import degrade

        from ..analysis.balanced import balanced_subnetwork

        network = (balanced_subnetwork(topo, ids) if result.method == "balanced" else
                   degrade(topo, ids))
        exported = export_msccl(network, result.schedule)
        xml_path = Path(folder) / f"{_file_stem(result.topology)}.xml"
        texts[xml_path] = exported.xml
        Path(folder).mkdir(exist_ok=True)     # checked above: new, or empty
    write_outputs(texts)
    out, where = destination(args.output)
    units = result.units
    print(f"wrote {where}: {result.collective.value} on {_network_text(topo.name, result)}, "
          f"{result.schedule.num_trees} distinct trees ({result.method})", file=out)
    where_ = ("its largest balanced sub-network" if result.method == "balanced" else
              "the degraded network")
    print(f"algbw           {fraction_display(result.algbw)} {units}  ({result.status} on "
          f"{where_})", file=out)
    print(f"lost            {float(result.lost):.2%} of the healthy optimum "
          f"{fraction_display(result.healthy)} {units}", file=out)
    print(f"bottleneck      {result.cut_text}: {fraction_display(result.cut_bandwidth)} "
          f"{units} leave it", file=out)
    print(f"healthy trees   {_trees_text(result)}", file=out)
    print(f"route           {ROUTE_TEXT[result.method]}"
          + (f" ({result.note})" if result.note and result.method != "balanced" else "")
          + (_kept_text(result) if result.method == "kept" else ""), file=out)
    if result.method == "balanced":
        print(f"note            {result.note}", file=out)
    if xml_path is not None:
        print(f"wrote {xml_path}: MSCCL for {result.topology}", file=out)
    print(f"seconds         {result.seconds:.2f}", file=out)
    return 0


def _network_text(healthy: str, result: "Replan") -> str:
    """The degraded network in a few words: the healthy one ``without`` the parts out of
    service and ``with`` the degraded ones, each word once (the file keeps the network's
    full name, one word per part: ``dgx-h100-2 without A without B``); a balanced
    re-plan's sub-network by its name."""
    if result.method == "balanced":
        return result.topology
    out = [f for f in result.failures if "=" not in f]
    kept = [f for f in result.failures if "=" in f]
    said = ([f"without {', '.join(out)}"] if out else []) + \
        ([f"with {', '.join(kept)}"] if kept else [])
    return f"{healthy} {' and '.join(said)}"


def _trees_text(result: "Replan") -> str:
    """What became of the healthy trees: how many avoid the failures, how many were kept
    as they were, and why a tree that avoids them may still be rebuilt."""
    what = "failed or degraded part" if result.degraded_parts else "failed part"
    head = f"{result.trees_avoiding} of {result.trees} avoid every {what}"
    if result.method == "kept":
        return f"{head}; every one kept as it was"
    if result.method not in ("repaired", "repacked"):
        return f"{head}; none kept ({result.method})"
    done = "re-packed" if result.method == "repacked" else "repaired"
    crossing = result.trees - result.trees_avoiding
    if result.given_up is None:     # a tree over a degraded link may be kept
        return (f"{head}; {result.kept} kept as they were (a tree over a degraded link too, "
                f"while it has room), the other {result.rebuilt} {done}")
    if result.given_up == 0:
        return f"{head}, each kept as it was; the {crossing} crossing one {done}"
    return (f"{head}; {result.kept} of them kept as they were, the other {result.given_up} "
            f"given up for the room the {crossing} crossing one need, and {done} with them")


def _kept_text(result: "Replan") -> str:
    """What a kept schedule's algbw is: still optimal when the healthy one was, else what
    share of the healthy optimum it ran at and that its algbw is the degraded optimum."""
    if result.healthy_ratio == 1:
        return "; still optimal"
    if result.healthy_ratio is None:
        return "; its algbw is the degraded optimum"
    return (f"; it ran at {fraction_text(result.healthy_ratio)} "
            f"({float(result.healthy_ratio):.2%}) of the healthy optimum, and its "
            f"{fraction_display(result.algbw)} {result.units} is the degraded optimum")


def _file_stem(name: str) -> str:
    """A file name from a topology name: letters, digits, ``-``, ``_``, ``.`` kept, the rest
    ``_``, at most 120 characters."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:120]
