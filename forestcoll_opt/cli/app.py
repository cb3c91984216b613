"""The ``forestcoll`` entry point: the parser of every command and option (the CLI reference
in docs/cli.md is generated from it), and ``main``, which runs a command and turns every
error into one line on stderr and an exit status."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import traceback
from typing import Any, Sequence

from .. import __version__
from ..errors import CatalogError, ForestCollError
from ..model.catalog import is_catalog_spec
from ..model.collective import ALL, ALLREDUCE_METHODS, CUT_BOUNDED, TREES
from ..timing.alltoall_baseline import ALLTOALL_KINDS
from ..timing.baseline import KINDS
from .args import (FAIL_HELP, WEIGHTS_HELP, add_executor, add_kernel, add_symmetry,
                   add_time_model, bytes_arg, channels_arg, folder_arg, int_arg, kinds_arg,
                   output_arg, seconds_arg)
from .bound_cmds import cmd_bound, cmd_catalog, cmd_schema, cmd_show
from .compact_cmds import cmd_expand
from .draw_cmds import cmd_draw, cmd_report
from .generate_cmds import COMPACT_ABOVE, cmd_baseline, cmd_compare, cmd_generate, cmd_sweep
from .lp_cmds import cmd_lp
from .output import EXIT_ERROR, EXIT_INTERNAL, flag_text, print_json_error
from .runtime_cmds import cmd_check_xml, cmd_example, cmd_export_msccl, cmd_import_nccl
from .time_cmds import cmd_simulate, cmd_tradeoff
from .verify_cmds import cmd_show_traffic, cmd_verify
from .whatif_cmds import cmd_whatif


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, like every other error, and takes
    options only written in full (``--k 3`` is not ``--kernel 3``). Subcommand parsers are of
    this class too (``add_subparsers`` makes parsers of the parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:
        argv = list(sys.argv[1:] if args is None else args)
        _refuse_abbreviations(self, argv)
        return super().parse_args(argv, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse quotes some arguments and not others ("unrecognized arguments: ..."):
        # escape what cannot be printed on one line
        message = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                          for c in message)
        message = f"{message} (see {self.prog} --help)"
        sys.stderr.write(f"forestcoll: error: {message}\n")
        raise _UsageExit(message)


class _UsageExit(SystemExit):
    """argparse's exit on a usage error, carrying its message (for ``--json``)."""

    def __init__(self, message: str) -> None:
        super().__init__(EXIT_ERROR)
        self.message = message


def _refuse_abbreviations(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """Stop with one line when an argument abbreviates options of the command it is given to
    (``forestcoll bound --k 3``), naming them in full: argparse's abbreviations are off, and
    without this line it would report "unrecognized arguments", or a missing required option,
    without saying which option was meant."""
    tokens = argv[:argv.index("--")] if "--" in argv else argv
    for token in tokens:
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                   None)
        if sub is not None and token in sub.choices:     # down to export msccl ...
            parser = sub.choices[token]
        if not token.startswith("--"):
            continue
        token = token.split("=", 1)[0]
        options = sorted({o for a in parser._actions for o in a.option_strings})
        full = [o for o in options if o.startswith(token) and o != token]
        if full and token not in options:
            parser.error(f"{token} is not an option of {parser.prog}; options are written in "
                         f"full: {' or '.join(full)}")


DEMAND_HELP = ("alltoall: per-pair amounts, a JSON object {src: {dst: amount}} (pairs left out "
               "send nothing; default: every ordered pair the same)")


VERBOSE_HELP = ("log progress details, and print the traceback of an error on stderr "
                "(attach it to a bug report)")


def build_parser() -> argparse.ArgumentParser:
    """Every command and option of ``forestcoll`` (docs/cli.md is generated from it).

    :returns: the parser; each command sets ``func``, its handler
    """
    parser = _Parser(
        prog="forestcoll",
        description="Exact optimal collective throughput on accelerator networks (ForestColl).")
    parser.add_argument("--version", action="version", version=f"forestcoll {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help=VERBOSE_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    topo_help = "a forestcoll-topology/1 JSON file or a catalog spec such as dgx-a100:boxes=2"

    p = sub.add_parser("catalog", help="list the built-in topology models and their parameters")
    p.set_defaults(func=cmd_catalog)

    p = sub.add_parser("show", help="summarise a topology, or export it as JSON")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--json", action="store_true", help="print the topology as forestcoll-topology/1")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("generate", help="a schedule that reaches the bound (or the best for a fixed k)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=ALL, default="allgather",
                   help="the collective; alltoall: the all-to-all LP's routes (default allgather)")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    p.add_argument("--k", type=int_arg, help="exactly K trees per root (default: the optimal k)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule file to write (JSON; - for standard output)")
    p.add_argument("--weights", metavar="FILE", help=WEIGHTS_HELP)
    p.add_argument("--multicast", choices=("auto", "off"), default="auto",
                   help="auto: switches marked multicast in the topology replicate (or "
                        "aggregate) the trees' data, as NVLink/InfiniBand SHARP do (default); "
                        "off: every copy is sent")
    p.add_argument("--method", choices=ALLREDUCE_METHODS, default=None,
                   help="allreduce: auto = the LP schedule where the allreduce LP optimum "
                        "beats the trees, the trees otherwise (the LP is solved up to 64 "
                        "compute nodes; default); trees = the best reduce-scatter then the "
                        "best allgather; lp = reduce and broadcast trees run concurrently at "
                        "the allreduce LP optimum (solves the LP with HiGHS)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    p.add_argument("--fail", metavar="ID", help=FAIL_HELP)
    form = p.add_mutually_exclusive_group()
    form.add_argument("--compact", dest="compact", action="store_const", const=True,
                      default=None,
                      help="write forestcoll-schedule/3: the topology's automorphisms and one "
                           f"tree per orbit (default above {COMPACT_ABOVE} compute nodes)")
    form.add_argument("--plain", dest="compact", action="store_const", const=False,
                      help="write every tree (forestcoll-schedule/1 or /2; default up to "
                           f"{COMPACT_ABOVE} compute nodes)")
    add_kernel(p)
    add_symmetry(p)
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser("expand", help="write a compact schedule (forestcoll-schedule/3) with "
                                      "every tree (version 1 or 2)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1, /2 or /3 JSON file")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule file to write (JSON; - for standard output)")
    p.set_defaults(func=cmd_expand)

    p = sub.add_parser("sweep-k", help="algbw, tree count and height for a range of fixed k")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--k", default="1-8", help="k values, e.g. 1-8 or 1,2,4 (default 1-8)")
    p.add_argument("--collective", choices=TREES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--csv", type=output_arg,
                   help="also write the rows to this CSV file as they finish")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    add_kernel(p)
    add_executor(p, "the values of k")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("verify", help="check a schedule and compare it with the exact bound",
                       description="Exit status: 0 valid and at least --min-ratio of the "
                       "reference, 1 valid but below, 2 invalid or unreadable (or an internal "
                       "contradiction), 3 the allreduce LP could not be solved.")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1, /2, /3 (compact) or /4 "
                                        "(alltoall) JSON file")
    p.add_argument("--min-ratio", default="1",
                   help="exit 1 if algbw / reference is below this, in (0, 1] (default 1: "
                        "optimal)")
    p.add_argument("--against", choices=("lp", "trees", "cut"), default="lp",
                   help="allreduce and alltoall reference: the LP optimum (default; solved "
                        "with HiGHS), the reduce-scatter + allgather tree bound (trees, "
                        "allreduce) or the verifier's own cut and length bounds (cut, alltoall)")
    p.add_argument("--time-limit", type=seconds_arg,
                   help="allreduce or alltoall against the LP: HiGHS time limit per solve, "
                        "seconds")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as JSON, with the --min-ratio gate's result and the "
                        "exit status (an error: {\"status\": \"error\", \"error\", "
                        "\"exit_code\"})")
    p.add_argument("--weights", metavar="FILE",
                   help="allgather, reduce-scatter, allreduce: require the schedule's shard "
                        "weights to be these (a JSON object: compute node id -> weight); "
                        "default: whatever the schedule records")
    p.add_argument("--demand", metavar="FILE",
                   help="alltoall: require the schedule's demand to be this matrix (a JSON "
                        "object {src: {dst: amount}}, normalised); default: the uniform "
                        "all-to-all, and a schedule for another demand is invalid")
    p.add_argument("--fail", metavar="ID", help=FAIL_HELP)
    add_kernel(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("lp", help="the allreduce (or allgather) LP with switch flows, or the "
                                  "all-to-all LP (max concurrent flow), by HiGHS")
    p.add_argument("problem", choices=("allreduce", "allgather", "alltoall"))
    p.add_argument("topology", help=topo_help)
    p.add_argument("--formulation", choices=("cuts", "explicit"), default="cuts",
                   help="lazy cut constraints (default) or one explicit flow per target")
    p.add_argument("--time-limit", type=seconds_arg, help="HiGHS time limit per solve, seconds")
    p.add_argument("--write-lp", type=output_arg, metavar="FILE",
                   help="also write the model as an .lp file")
    p.add_argument("--write-mps", type=output_arg, metavar="FILE",
                   help="also write the model as an .mps file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    add_kernel(p)
    add_symmetry(p)
    p.set_defaults(func=cmd_lp)

    p = sub.add_parser("compare", help="allgather bound, LPs, tree allreduce and LP allreduce "
                                       "schedule side by side")
    p.add_argument("topology", nargs="+", help=topo_help)
    p.add_argument("--csv", type=output_arg, help="also write the table to this CSV file")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    add_kernel(p)
    add_executor(p, "the topologies")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("export", help="write a schedule in a collective runtime's format")
    formats = p.add_subparsers(dest="format", required=True, metavar="FORMAT")
    q = formats.add_parser("msccl", help="an MSCCL XML algorithm (allgather, reduce-scatter, "
                                         "allreduce, alltoall); see docs/msccl.md")
    q.add_argument("topology", help=topo_help)
    q.add_argument("schedule", help="a forestcoll-schedule/1, /2, /3 (compact) or /4 "
                                        "(alltoall) JSON file")
    q.add_argument("-o", "--output", type=output_arg, required=True,
                   help="XML file to write (- for standard output)")
    q.add_argument("--flavour", choices=("msccl-executor", "rccl", "legacy"),
                   default="msccl-executor",
                   help="the runtime the file is written for and checked against: "
                        "msccl-executor (Azure/msccl-executor-nccl, the default), rccl (ROCm "
                        "RCCL: no fused receive-reduce steps, 64 thread blocks per rank) or "
                        "legacy (microsoft/msccl: coll \"reduce_scatter\", 216 thread "
                        "blocks, scratch sized from maxBytes); docs/msccl.md")
    q.add_argument("--protocol", choices=("Simple", "LL128", "LL"), default="Simple")
    q.add_argument("--chunks", type=int_arg, default=1,
                   help="MSCCL chunks per part of the schedule (default 1): multiplies "
                        "nchunksperloop, which sets the buffer sizes the runtime accepts")
    q.add_argument("--channels", type=int_arg, default=None,
                   help="channels (1 to 32; default: the fewest that fit every limit of the "
                        "runtime)")
    q.add_argument("--inplace", action="store_true",
                   help="allgather: an in-place algorithm (default out-of-place; "
                        "reduce-scatter and allreduce files are valid both ways)")
    q.add_argument("--name", help="the algorithm's name (default forestcoll-COLL-TOPOLOGY)")
    q.add_argument("--min-bytes", type=bytes_arg, default=0,
                   help="smallest buffer the runtime should use it for (default 0)")
    q.add_argument("--max-bytes", type=bytes_arg, default=None,
                   help="largest buffer, inclusive (default, or 0: no limit, written "
                        "maxBytes=\"9223372036854775807\", which every runtime reads as no "
                        "limit; legacy files with scratch: the largest that keeps the scratch "
                        "within 1 GiB)")
    add_kernel(q)
    q.set_defaults(func=cmd_export_msccl)

    p = sub.add_parser("show-traffic", help="data per link of a schedule, with and without "
                                            "in-network multicast")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1, /2, /3 (compact) or /4 "
                                        "(alltoall) JSON file")
    p.add_argument("--top", type=int_arg, help="only the N links multicast saves most on")
    p.add_argument("--csv", type=output_arg, help="also write every link to this CSV file")
    add_kernel(p)
    p.set_defaults(func=cmd_show_traffic)

    p = sub.add_parser("simulate", help="time and algbw of a schedule per message size "
                                        "(calibrated model, or --model ideal)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1, /2, /3 (compact) or /4 "
                                        "(alltoall) JSON file")
    add_time_model(p, chunks="auto")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", type=output_arg, metavar="FILE",
                     help="also write the rows to this CSV file")
    add_kernel(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("baseline", help="write a baseline schedule NCCL runs today: rings, "
                                        "the double binary tree (allreduce) or a single tree "
                                        "(broadcast, reduce); or one the paper compares "
                                        "with: Blink+Switch, MultiTree; or direct and PXN "
                                        "all-to-all")
    p.add_argument("kind", choices=KINDS + ALLTOALL_KINDS,
                   help="ring: NCCL-style rings with physical routes (every tree collective); "
                        "dbtree: NCCL's double binary tree (allreduce); tree: one tree from "
                        "the root (broadcast, reduce); blink: Blink's optimal single-root "
                        "tree packing on the switch-free logical topology (broadcast, reduce, "
                        "allreduce as reduce + broadcast); multitree: MultiTree's greedy "
                        "per-step trees (allgather, reduce-scatter, allreduce); direct: one "
                        "fewest-hop route per pair, out of the source GPU's own NIC "
                        "(alltoall); pxn: through the GPU on the destination's rail first "
                        "(alltoall)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=ALL, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce; for a blink "
                                  "allreduce the root to reduce into, default the fastest)")
    p.add_argument("--demand", metavar="FILE", help=DEMAND_HELP)
    p.add_argument("--channels", type=channels_arg,
                   help="number of rings (ring) or tree pairs (dbtree); default one per GPU "
                        "of the smallest box")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="schedule JSON file to write (- for standard output)")
    p.set_defaults(func=cmd_baseline)

    p = sub.add_parser("tradeoff", help="the fastest schedule per message size among the "
                                        "fixed-k schedules, the baselines and the library "
                                        "itself (calibrated model, or --model ideal)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=TREES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--k", help="k values, e.g. 1-8 or 1,2,4 (default: every k up to the "
                               "optimal k* when k* <= 16, else 1, 2, 3, 4, 6, 8, ... and k*)")
    p.add_argument("--baselines",
                   help="comma list of ring, dbtree, tree, blink, multitree, nccl, or none "
                        "(default: ring, plus dbtree for allreduce and tree for "
                        "broadcast/reduce, plus nccl, the library's own cost model, under the "
                        "calibrated model)")
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
    add_kernel(p)
    add_executor(p, "the values of k")
    p.set_defaults(func=cmd_tradeoff)

    p = sub.add_parser("check-xml", help="run an MSCCL XML algorithm symbolically and check "
                                         "what every rank ends with")
    p.add_argument("topology", help=topo_help)
    p.add_argument("xml", help="the MSCCL XML algorithm file")
    p.add_argument("--schedule", help="the schedule it was exported from: its tree paths route "
                                      "the transfers, and the algbw must match")
    p.add_argument("--flavour", choices=("msccl-executor", "rccl", "legacy"),
                   help="the runtime's rules (default: legacy for a file spelling "
                        "reduce_scatter, else msccl-executor)")
    p.add_argument("--full", action="store_true",
                   help="run the race check however large the file (without it a file too "
                        "large for the check is UNDETERMINED, exit 4, with the time and "
                        "memory the full check would take)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=cmd_check_xml)

    from ..runtimes.nccl_import import BANDWIDTHS, FABRIC_HELP, GPU_HELP, MAX_BOXES, NIC_SPEED_HELP, PCIE_MODES

    p = sub.add_parser("example", help="write an NCCL topology file that ships with forestcoll "
                                       "(the tutorial starts from dgx-h100), or list them")
    p.add_argument("name", nargs="?", help="the example (without it: the list)")
    p.add_argument("-o", "--output", help="the file to write (- for standard output)")
    p.set_defaults(func=cmd_example)

    p = sub.add_parser("import", help="build a topology file from a machine's own description")
    sources = p.add_subparsers(dest="source", required=True, metavar="SOURCE")
    q = sources.add_parser("nccl", help="an NCCL_TOPO_DUMP_FILE (or NCCL_TOPO_FILE) XML; see "
                                        "docs/nccl.md")
    q.add_argument("dump", help="the NCCL topology XML (plain or .gz)")
    q.add_argument("--boxes", default="1",
                   help=f"copies of the machine to join (1 to {MAX_BOXES}; default 1)")
    q.add_argument("--fabric", default="single-switch", help=FABRIC_HELP)
    q.add_argument("--bandwidths", choices=BANDWIDTHS, default="nominal",
                   help="nominal: the vendors' per-link rates, as the catalog uses (default); "
                        "nccl: NCCL's own effective figures")
    q.add_argument("--pcie", choices=PCIE_MODES, default="auto",
                   help="model the PCIe tree as a network only when NVLink does not join "
                        "every GPU (auto, default) or always")
    q.add_argument("--nics", help="keep only these NIC ports, in NCCL_IB_HCA syntax "
                                  "(mlx5_0,mlx5_1; ^mlx5_4 to leave out)")
    q.add_argument("--gpu", metavar="MODEL",
                   help=f"complete an NCCL_TOPO_FILE skeleton (GPUs without <gpu> details or "
                        f"NVLinks, as cloud images ship) with this GPU model: {GPU_HELP}")
    q.add_argument("--nic-speed", metavar="GBITS",
                   help=f"for a skeleton's NIC devices without <nic>: {NIC_SPEED_HELP}")
    q.add_argument("--name", help="the topology's name (default: from the file, boxes, fabric)")
    q.add_argument("-o", "--output", type=output_arg, required=True,
                   help="forestcoll-topology/1 file to write (- for standard output)")
    q.set_defaults(func=cmd_import_nccl)

    p = sub.add_parser("whatif", help="what every single failure (link, NIC, switch, box) "
                                      "costs, and what an upgrade buys, exactly",
                       description="Every single failure of the kinds --fail names, ranked by "
                       "the exact optimum left (failures the topology's symmetry maps onto "
                       "each other computed once); with --upgrade, which links raised by a "
                       "factor raise the optimum (links that miss a bottleneck cut skipped, "
                       "proven useless). See docs/whatif.md.")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=TREES, default="allgather",
                   help="the collective (allreduce: the reduce-scatter + allgather tree "
                        "optimum; default allgather)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--fail", type=kinds_arg, metavar="KINDS",
                   help="the failures: link, nic, switch, box, a comma list, or all "
                        "(default link, unless --upgrade is given alone)")
    p.add_argument("--upgrade", metavar="FACTOR",
                   help="raise links by FACTOR (above 1, e.g. 2x or 1.5x) and rank the gains")
    p.add_argument("--by", choices=("link", "class", "type"),
                   help="with --upgrade: every link alone (default), every class of "
                        "symmetric links together, or every link type and all NIC links "
                        "together")
    p.add_argument("--top", type=int_arg, help="print only the first N rows")
    p.add_argument("--csv", type=output_arg, metavar="FILE",
                   help="also write every failure (or upgrade) to this CSV file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--write", metavar="ID",
                   help="instead, write the topology failure ID leaves (e.g. link:A--B) to -o")
    p.add_argument("-o", "--output", type=output_arg,
                   help="with --write: the topology file (- for standard output)")
    p.add_argument("--no-symmetry", dest="symmetry", action="store_false",
                   help="compute every failure, not one per class of symmetric failures")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    add_kernel(p)
    p.set_defaults(func=cmd_whatif)

    p = sub.add_parser("schema", help="print the JSON Schema of a file format")
    p.add_argument("format", choices=("topology", "schedule", "schedule-2", "schedule-3",
                                      "schedule-4"),
                   help="forestcoll-topology/1, forestcoll-schedule/1, /2, /3 (compact) or /4 "
                        "(alltoall)")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("bound", help="exact optimal throughput and its bottleneck cut")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=tuple(c.value for c in CUT_BOUNDED), default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--weights", metavar="FILE", help=WEIGHTS_HELP)
    p.add_argument("--fail", metavar="ID", help=FAIL_HELP)
    add_kernel(p)
    add_symmetry(p, "512")
    p.set_defaults(func=cmd_bound)

    p = sub.add_parser("draw", help="draw a topology, its bottleneck cut, one root's trees or "
                                    "every link's load (SVG, PNG or PDF)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", nargs="?",
                   help="a schedule file, plain or compact (needed by the tree and loads "
                        "views; for the cut view it names the collective and root); it is "
                        "drawn only if the verifier accepts it on the topology (else one "
                        "line, exit 2), titled with the verifier's exact algbw and its ratio "
                        "to the exact bound, never the file's claims")
    p.add_argument("--view", choices=("topology", "cut", "tree", "loads"), default="topology",
                   help="topology: boxes, switches, bandwidths (default); cut: the bound's "
                        "bottleneck cut; tree: one root's trees; loads: load / capacity of "
                        "every link")
    p.add_argument("--root", help="tree: whose trees (default: the first root); cut: the root "
                                  "of broadcast/reduce")
    p.add_argument("--collective", choices=tuple(c.value for c in CUT_BOUNDED),
                   help="cut without a schedule: whose bound (default allgather)")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="the file to write; its extension picks the format: .svg, .png or .pdf")
    p.set_defaults(func=cmd_draw)

    p = sub.add_parser("report", help="one self-contained HTML page: the bound and its cut, LP "
                                      "vs trees, fixed k, time per size, the verdict")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=TREES, default="allgather",
                   help="the collective of the fixed-k, time and verdict sections (default "
                        "allgather)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--sizes", help="message sizes of the time section, e.g. 64KiB..1GiB "
                                   "(default 64 KiB to 1 GiB, every fourfold)")
    p.add_argument("--no-lp", action="store_true",
                   help="leave out the allreduce LP section and, with --collective "
                        "allreduce, the LP schedule: the trees are then judged against the "
                        "reduce-scatter + allgather tree bound (the LP can take long on big "
                        "networks)")
    p.add_argument("-o", "--output", type=output_arg, required=True,
                   help="the HTML file to write (- for standard output)")
    add_kernel(p)
    p.set_defaults(func=cmd_report)
    _verbose_everywhere(parser)
    return parser


def _verbose_everywhere(parser: argparse.ArgumentParser) -> None:
    """``-v`` after the command too (``forestcoll report t.json -v``), not only before it:
    each command's parser takes it, leaving the value the main parser read otherwise."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                if "-v" not in command._option_string_actions:
                    command.add_argument("-v", "--verbose", action="store_true",
                                         default=argparse.SUPPRESS, help=VERBOSE_HELP)
                _verbose_everywhere(command)


def _value_options(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """The option strings of ``parser`` that take one value, and all its option strings."""
    takes_value, every = set(), set()
    for action in parser._actions:
        every.update(action.option_strings)
        if action.option_strings and action.nargs is None and action.const is None \
                and not isinstance(action, argparse._SubParsersAction):
            takes_value.update(action.option_strings)
    return takes_value, every


def _attach_dash_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``--sizes -1KiB`` and ``--alpha -inf`` as ``--sizes=-1KiB``: argparse takes a value
    that starts with '-' (and is not a plain negative number) for an option and reports
    "expected one argument"; attached, it reaches the option's own check, whose message
    gives the real range."""
    sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    command = next((t for t in argv if not t.startswith("-")), None)
    if sub is None or command not in sub.choices:
        return argv
    takes_value, every = _value_options(sub.choices[command])
    out: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--":
            out.extend(argv[i:])
            break
        following = argv[i + 1] if i + 1 < len(argv) else None
        if token in takes_value and following is not None and following.startswith("-") \
                and following != "-" and following.split("=", 1)[0] not in every:
            out.append(f"{token}={following}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _flags(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, str]:
    """The options of the command ``args`` were parsed by (``forestcoll export msccl``), by
    the keyword argument each stands for: ``{"time_limit": "--time-limit", ...}``."""
    while True:
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                   None)
        if sub is None or getattr(args, sub.dest, None) not in sub.choices:
            break
        parser = sub.choices[getattr(args, sub.dest)]
    return {a.dest: max((o for o in a.option_strings if o.startswith("--")), key=len)
            for a in parser._actions if any(o.startswith("--") for o in a.option_strings)}


def _refuse_ambiguous_topology(args: argparse.Namespace) -> None:
    """On the command line a topology argument that is a catalog spec *and* the name of a
    file in the working folder is refused, so nobody computes on the catalog's machine
    believing it is their file. (``forestcoll_opt.resolve`` itself decides from the
    argument alone: a catalog spec.)"""
    given = getattr(args, "topology", None)
    for text in given if isinstance(given, list) else [given]:
        if isinstance(text, str) and is_catalog_spec(text) and os.path.exists(text):
            raise CatalogError(f"{text!r} is both a file in this folder and a catalog spec; "
                               f"write ./{text} to read the file")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``forestcoll`` command; every error is one line on stderr.

    :param argv: the arguments after the program name (default: ``sys.argv[1:]``)
    :returns: the exit status (0, 1 below the reference, 2 error, 3 solver, 70 internal)
    """
    parser = build_parser()
    argv = _attach_dash_values(parser, list(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # --help, --version, or a usage error already printed
        code = exc.code if isinstance(exc.code, int) else EXIT_ERROR
        if isinstance(exc, _UsageExit) and "--json" in (argv[:argv.index("--")] if "--" in argv
                                                        else argv):
            print_json_error(exc.message, code)
        return code
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="forestcoll: %(message)s")
    try:
        _refuse_ambiguous_topology(args)
        return args.func(args)
    except ForestCollError as exc:
        _traceback(args)
        message = flag_text(exc, _flags(parser, args))
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_ERROR)
    except KeyboardInterrupt:
        print("forestcoll: interrupted", file=sys.stderr)
        return _json_error(args, "interrupted", 130)
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError) as exc:
        message = f"input too large to process ({type(exc).__name__})"
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_ERROR)
    except Exception as exc:   # a bug: one line, and the traceback above it with -v
        _traceback(args)
        again = "" if args.verbose else "run with -v for the traceback and "
        message = (f"internal error: {type(exc).__name__}: {str(exc)[:200]} ({again}"
                   f"please report it)")
        print(f"forestcoll: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_INTERNAL)


def _json_error(args: argparse.Namespace, message: str, code: int) -> int:
    """A command given ``--json`` also prints its error as a JSON object on stdout
    (:func:`~forestcoll_opt.cli.output.print_json_error`); returns ``code``."""
    if getattr(args, "json", False) is True:
        print_json_error(message, code)
    return code


def _traceback(args: argparse.Namespace) -> None:
    """With ``-v``, the traceback of the error being handled, on stderr (before its one
    line, which stays the last line printed)."""
    if getattr(args, "verbose", False):
        traceback.print_exc(file=sys.stderr)
