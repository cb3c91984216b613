"""``forestcoll import nccl``, ``export msccl`` and ``check-xml``: topologies from NCCL's own
description of a machine, schedules as MSCCL XML algorithms (the paper's section "Schedule
Implementation"), and such a file run symbolically to check what every rank ends with."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..display import article
from ..errors import MscclExportError, UsageError, VerifyError
from ..files import check_output, display_path, write_output
from ..model.catalog import resolve
from ..model.numbers import fraction_text
from ..runtimes.msccl_check.limits import FLAVOURS, PROTOCOLS
from ..verify import load_schedule
from ..model.group_scope import check_exportable
from .args import (SCHEDULE_HELP, TOPOLOGY_HELP, add_group, add_kernel, bytes_arg,
                   group_topology, int_arg, output_arg, schedule_topology)
from .output import (EXIT_BELOW, EXIT_ERROR, LINE_OPTIONS, destination, exact_num, flag_text,
                     options_text, print_reasons)
from .verify_cmds import group_schedule


def add_export(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write a schedule in a collective runtime's format")
    formats = p.add_subparsers(dest="format", required=True, metavar="FORMAT")
    q = formats.add_parser("msccl", help="an MSCCL XML algorithm (allgather, reduce-scatter, "
                                         "allreduce, alltoall); see docs/msccl.md")
    q.add_argument("topology", help=TOPOLOGY_HELP)
    q.add_argument("schedule", help=SCHEDULE_HELP)
    q.add_argument("-o", "--output", type=output_arg, required=True,
                   help="XML file to write (- for standard output); for a "
                        "forestcoll-group-schedules/1 file, a new or empty folder that gets "
                        "one XML file per group (communicator)")
    q.add_argument("--flavour", choices=FLAVOURS, default="msccl-executor",
                   help="the runtime the file is written for and checked against: "
                        "msccl-executor (Azure/msccl-executor-nccl, the default), rccl (ROCm "
                        "RCCL: no fused receive-reduce steps, 64 thread blocks per rank) or "
                        "legacy (microsoft/msccl: coll \"reduce_scatter\", 216 thread "
                        "blocks, scratch sized from maxBytes); docs/msccl.md")
    q.add_argument("--protocol", choices=PROTOCOLS, default="Simple",
                   help="the protocol the XML names (its proto attribute), which the runtime "
                        "runs the algorithm with: Simple (default; large messages), LL128 or "
                        "LL (low latency, for small messages)")
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
    add_group(q, "export the schedule for this process group's communicator (a comma list "
                 "of node ids or globs); default: the group the schedule records, if any. "
                 "A schedule relaying through GPUs outside the group is refused: they are "
                 "not ranks of the communicator (docs/groups.md)")
    q.set_defaults(func=cmd_export_msccl)
    add_export_mscclpp(formats)


def add_export_mscclpp(formats: argparse._SubParsersAction) -> None:
    from ..runtimes.mscclpp_export import H100_SMS, PROTOCOLS as PLAN_PROTOCOLS

    q = formats.add_parser("mscclpp", help="an MSCCL++ execution plan (JSON; every "
                                           "collective); see docs/mscclpp-export.md")
    q.add_argument("topology", help=TOPOLOGY_HELP)
    q.add_argument("schedule", help=SCHEDULE_HELP)
    q.add_argument("-o", "--output", type=output_arg, required=True,
                   help="JSON plan to write (- for standard output)")
    q.add_argument("--protocol", default="Simple",
                   help=f"{' or '.join(PLAN_PROTOCOLS)} (default Simple: puts and signals, "
                        f"pipelined; LL: packets with flags, for small messages)")
    q.add_argument("--chunks", type=int_arg, default=1,
                   help="chunks per part of the schedule (default 1)")
    q.add_argument("--inplace", action="store_true",
                   help="allgather, broadcast: an in-place plan (default out-of-place)")
    q.add_argument("--name", help="the plan's name (default forestcoll-COLL-TOPOLOGY)")
    q.add_argument("--spread", type=int_arg, default=8,
                   help="thread blocks per rank the trees are dealt over (default 8; more "
                        "open when an executor limit requires)")
    q.add_argument("--sm-count", type=int_arg, default=H100_SMS,
                   help=f"most thread blocks per rank (default {H100_SMS}, an H100 SXM5)")
    q.add_argument("--unit-size", type=int_arg, default=1 << 20,
                   help="bytes per pipeline iteration (default 1048576)")
    q.add_argument("--min-bytes", type=bytes_arg, default=0,
                   help="min_message_size: smallest message the plan is for (default 0)")
    q.add_argument("--max-bytes", type=bytes_arg, default=None,
                   help="max_message_size: largest, inclusive (default: no limit)")
    q.set_defaults(kernel=None)      # the schedule's validity check: the default kernel
    add_group(q, "export the schedule for this process group's communicator (a comma list "
                 "of node ids or globs); default: the group the schedule records, if any")
    q.set_defaults(func=cmd_export_mscclpp)


PLAN_FLAGS = {"sm_count": "--sm-count", "spread": "--spread", "chunks": "--chunks",
              "unit_size": "--unit-size", "min_message_size": "--min-bytes",
              "max_message_size": "--max-bytes", "inplace": "--inplace",
              "relay": "generate --no-relay"}


def cmd_export_mscclpp(args: argparse.Namespace) -> int:
    from ..files import STDOUT
    from ..runtimes.mscclpp_export import export_mscclpp, write_mscclpp

    check_output(args.output, label="-o", inputs=[args.topology, args.schedule])
    whole = resolve(args.topology)
    topo, schedule, _verdict = group_schedule(args, whole)
    options = dict(name=args.name, chunks=args.chunks, inplace=args.inplace,
                   spread=args.spread, sm_count=args.sm_count, unit_size=args.unit_size,
                   min_message_size=args.min_bytes, max_message_size=args.max_bytes or None,
                   protocol=args.protocol)
    try:
        check_exportable(whole, schedule)
        if args.output == STDOUT:
            result = export_mscclpp(topo, schedule, **options)
            sys.stdout.write(result.text)
        else:
            result = write_mscclpp(topo, schedule, args.output, **options)
    except MscclExportError as exc:
        raise MscclExportError(flag_text(exc, PLAN_FLAGS)) from None
    out, where = destination(args.output)
    print(f"wrote {where}: MSCCL++ {result.collective} plan for {topo.name}, "
          f"{result.threadblocks} thread blocks per rank at most, {result.operations} "
          f"operations, {result.memory_channels} memory and {result.port_channels} port "
          f"channels, algbw {exact_num(result.algbw)} {topo.units}", file=out)
    return 0


def add_check_xml(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check-xml", help="run an MSCCL XML algorithm symbolically and check "
                                         "what every rank ends with")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("xml", help="the MSCCL XML algorithm file")
    p.add_argument("--schedule", metavar="FILE",
                   help="the schedule it was exported from (of the file's collective, "
                        "valid): its tree paths route the transfers, and the file's algbw is "
                        "compared with its (exit 1 when below)")
    p.add_argument("--flavour", choices=FLAVOURS,
                   help="the runtime's rules (default: legacy for a file spelling "
                        "reduce_scatter, else msccl-executor)")
    p.add_argument("--full", action="store_true",
                   help="run the race check however large the file (without it a file too "
                        "large for the check is UNDETERMINED, exit 4, with the time and "
                        "memory the full check would take)")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as one JSON object: the final status, exit_code "
                        "and, with --schedule, the gate (docs/msccl.md)")
    add_group(p, "the file is for this process group's communicator (a comma list of node "
                 "ids or globs): its ranks are the members, in topology order")
    p.set_defaults(func=cmd_check_xml)


def add_example(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("example", help="write an NCCL topology file that ships with forestcoll "
                                       "(the tutorial starts from dgx-h100), or list them")
    p.add_argument("name", nargs="?", help="the example (without it: the list)")
    p.add_argument("-o", "--output", help="the file to write (- for standard output)")
    p.set_defaults(func=cmd_example)


def add_import(sub: argparse._SubParsersAction) -> None:
    from ..runtimes.nccl_import import (BANDWIDTHS, FABRIC_HELP, GPU_HELP, MAX_BOXES,
                                        NIC_SPEED_HELP, PCIE_MODES)

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


def cmd_import_nccl(args: argparse.Namespace) -> int:
    from ..runtimes.nccl_import import import_nccl

    check_output(args.output, label="-o", inputs=[args.dump])
    # --boxes is read here, not by the parser, so that every bad value gets the library's
    # one message and its one limit ("--boxes 0 must be a whole number from 1 to 1024")
    text = args.boxes.strip()
    boxes = int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else args.boxes
    topo = import_nccl(args.dump, boxes=boxes, fabric=args.fabric, name=args.name,
                       bandwidths=args.bandwidths, pcie=args.pcie, nics=args.nics,
                       gpu=args.gpu, nic_speed=args.nic_speed)
    write_output(args.output, topo.to_json())
    out, where = destination(args.output)
    print(f"wrote {where}: {topo.name}, {len(topo.compute_nodes)} compute and "
          f"{len(topo.switch_nodes)} switch nodes, {len(topo.capacity)} directed links "
          f"({topo.units})", file=out)
    return 0


def cmd_example(args: argparse.Namespace) -> int:
    """The NCCL topology files that ship with the package: the list, or one written out."""
    from ..runtimes.nccl_import import EXAMPLES, nccl_example

    if args.name is None:
        if args.output is not None:
            raise UsageError("-o writes one example: name it (forestcoll example dgx-h100 "
                             "-o dgx-h100.xml)")
        width = max(len(n) for n in EXAMPLES)
        for name, what in EXAMPLES.items():
            print(f"{name:<{width}}  {what}")
        print("write one with: forestcoll example NAME -o FILE; then forestcoll import nccl "
              "FILE (docs/nccl.md)")
        return 0
    path = nccl_example(args.name)
    if args.output is None:
        raise UsageError(f"example {args.name} needs -o FILE, the file to write (- for "
                         f"standard output)")
    check_output(args.output, label="-o")
    write_output(args.output, path.read_text(encoding="utf-8"))
    out, where = destination(args.output)
    print(f"wrote {where}: {EXAMPLES[path.stem]}", file=out)
    return 0


def cmd_export_msccl(args: argparse.Namespace) -> int:
    from ..runtimes.msccl_export import check_ranks, export_msccl

    from .group_schedule_cmds import cmd_export_groups, is_group_file

    if is_group_file(args.schedule):
        return cmd_export_groups(args)
    check_output(args.output, label="-o", inputs=[args.topology, args.schedule])
    whole = resolve(args.topology)
    check_ranks(group_topology(args, whole), args.flavour)   # before the schedule is read
    topo, schedule, verdict = group_schedule(args, whole)
    try:
        check_exportable(whole, schedule)    # a group's communicator: its members only
    except MscclExportError as exc:
        raise MscclExportError(flag_text(exc, {"relay": "generate --no-relay"})) from None
    result = export_msccl(topo, schedule, flavour=args.flavour, protocol=args.protocol,
                          chunks=args.chunks, channels=args.channels, inplace=args.inplace,
                          name=args.name, min_bytes=args.min_bytes, max_bytes=args.max_bytes)
    write_output(args.output, result.xml)
    out, where = destination(args.output)
    runs = result.algbw
    same = "as scheduled" if runs == verdict.algbw else (
        f"the schedule's {exact_num(verdict.algbw)} with its phases overlapped")
    print(f"wrote {where}: MSCCL {result.flavour} {result.collective} for {topo.name}, "
          f"{result.channels} channel(s), {result.threadblocks} thread blocks and "
          f"{result.steps} steps in all, algbw {exact_num(runs)} {topo.units} ({same})",
          file=out)
    if result.flavour == "legacy" and result.max_bytes < 2**63 - 1 and not args.max_bytes:
        print(f"note: maxBytes = {result.max_bytes}: legacy allocates maxBytes x s_chunks / "
              f"nchunksperloop bytes of scratch when the communicator is created, kept within "
              f"1 GiB; larger buffers fall back to NCCL (docs/msccl.md section 3)", file=out)
    print(f"note: nchunksperloop = {result.nchunksperloop}; {result.selection_rule} "
          f"(docs/msccl.md section 5)", file=out)
    return 0


EXIT_UNDETERMINED = 4
"""``check-xml``: nothing wrong found, but something could not be checked (a transfer with
several switch-only routes and no ``--schedule``, or the race check skipped on a large file
without ``--full``): not a pass."""


def _not_checked(verdict: Any, given: bool) -> list[str]:
    """What the verdict leaves undetermined, with the transfers of its ``unrouted`` pairs
    folded into one line and the check's keyword arguments written as options; ``given``:
    --schedule was given (its routes leave those pairs out)."""
    lines = [options_text(r, LINE_OPTIONS) for r in verdict.unchecked]
    if verdict.unrouted:
        a, b = verdict.unrouted[0]
        fix = ("the --schedule given routes nothing between them: pass the schedule the file "
               "was exported from" if given else
               "pass --schedule with the schedule the file was exported from, whose paths "
               "they follow")
        lines.insert(0, f"{len(verdict.unrouted)} transfer(s) go between ranks with several "
                        f"switch-only routes (the first: {a} -> {b}), so their link loads and "
                        f"the algbw are unknown; {fix}")
    return lines


def _header_checks(args: argparse.Namespace, topo: Any) -> str | None:
    """Refuse, before the file is checked and before --schedule is read, what the file's
    ``<algo>`` header and the topology decide alone: more compute nodes than MSCCL loads
    ranks, a file for another number of ranks. Returns the collective the header names
    (None when it names none the check knows).

    :raises UsageError: for either
    """
    from ..runtimes.msccl_check import CHECKED, RULES, read_header

    n = len(topo.compute_nodes)
    most = min(r.max_subs for r in RULES.values()) if args.flavour is None \
        else RULES[args.flavour].max_subs
    if n > most:
        raise UsageError(f"{topo.name} has {n} compute nodes: the runtimes' XML parser stores "
                         f"at most {most} <gpu> elements (MSCCL_MAX_SUBS), so no MSCCL file "
                         f"for it can load")
    header = read_header(args.xml)
    ngpus = header.get("ngpus", "")
    if ngpus.isascii() and ngpus.isdigit() and int(ngpus) != n:
        raise UsageError(f"{display_path(args.xml)} is for ngpus={int(ngpus)} ranks, but "
                         f"{topo.name} has {n} compute nodes; check it with the topology it "
                         f"was exported for (and --group for a process group's file)")
    return CHECKED.get(header.get("coll", ""))


def _reference(args: argparse.Namespace, topo: Any, collective: str | None) -> Any:
    """The --schedule the file is compared with, read only once the file's header fits: a
    schedule of the file's collective that the verifier finds valid (an all-to-all one for
    the uniform demand, the only one MSCCL's alltoall expresses).

    :raises UsageError: for a schedule of another collective, or one the verifier rejects
    """
    from ..model.schedule import from_dict as schedule_from_dict
    from ..verify import verify

    name = display_path(args.schedule)
    data = load_schedule(args.schedule)
    coll = data.get("collective")
    if collective is not None and isinstance(coll, str) and coll != collective:
        raise UsageError(f"{name} is {article(coll)} schedule and {display_path(args.xml)} "
                         f"{article(collective)} algorithm: compare the file with the "
                         f"schedule it was exported from")
    verdict = verify(topo, data, validity_only=True,
                     demand="uniform" if coll == "alltoall" else None)
    if not verdict.valid:
        reason = verdict.reasons[0] if verdict.reasons else verdict.status
        if coll == "alltoall" and "non-uniform demand" in reason:
            reason = ("it is for a non-uniform demand, and MSCCL's alltoall moves equal "
                      "blocks between every pair")
        raise UsageError(f"{name} is not a valid schedule to compare with on {topo.name} "
                         f"({reason}); run forestcoll verify for every problem")
    return schedule_from_dict(data, source=name, expand=False)


def _other_flavours(args: argparse.Namespace, topo: Any, routes: Any,
                    checked: str) -> dict[str, str]:
    """The file's status under each flavour other than ``checked`` (it may have been
    written for one of them), for a file found invalid under the default flavour."""
    from ..runtimes.msccl_check import FLAVOURS, check_xml

    return {f: check_xml(topo, args.xml, flavour=f, routes=routes,
                         full=getattr(args, "full", False)).status
            for f in FLAVOURS if f != checked}


def cmd_check_xml(args: argparse.Namespace) -> int:
    """Exit 0: the XML runs to the right result (and, with --schedule, at the schedule's
    algbw or above); 1: valid but slower than the schedule; 2: invalid or unreadable, or a
    --schedule of another collective or that the verifier rejects; 4: undetermined
    (nothing wrong found, something not checked). With --json one object, its "status"
    the final one ("ok", "below", "invalid", "undetermined"), with "exit_code" and, with
    --schedule, "gate": {"schedule_algbw", "comparison", "passed"}."""
    from ..runtimes.msccl_check import check_xml
    from ..model.schedule import achieved_algbw, schedule_routes
    from ..model.compact import check_group

    whole = resolve(args.topology)
    topo = group_topology(args, whole)
    if args.schedule and args.group is None:    # a group's schedule: its group's communicator
        try:
            claim = load_schedule(args.schedule)
        except VerifyError:
            claim = None            # unreadable: the header decides first, then it is said
        if claim is not None:
            topo = schedule_topology(args, whole, claim)
    collective = _header_checks(args, topo)
    routes = schedule = None
    if args.schedule:
        schedule = _reference(args, topo, collective)
        check_group(topo, schedule)        # before any tree of its group is listed
        routes = schedule_routes(schedule)
    verdict = check_xml(topo, args.xml, flavour=args.flavour, routes=routes,
                        full=getattr(args, "full", False))
    named = verdict.collective_text      # the collective, or the coll of a file naming none
    if schedule is not None and named is not None and named != schedule.collective:
        raise UsageError(f"{display_path(args.schedule)} is {article(schedule.collective)} "
                         f"schedule and {display_path(args.xml)} "
                         f"{article(named)} algorithm: compare "
                         f"the file with the schedule it was exported from")
    unknown = _not_checked(verdict, schedule is not None)
    others = _other_flavours(args, topo, routes, verdict.flavour) \
        if verdict.reasons and args.flavour is None else {}
    accepted = [f for f, st in others.items() if st != "invalid"]
    expected = comparison = None
    status, code = verdict.status, {"invalid": EXIT_ERROR,
                                    "undetermined": EXIT_UNDETERMINED}.get(verdict.status, 0)
    if schedule is not None:
        expected = achieved_algbw(schedule, topo)
        if code == 0 and verdict.algbw is not None:
            comparison = ("equal" if verdict.algbw == expected else
                          "above" if verdict.algbw > expected else "below")
            if comparison == "below":
                status, code = "below", EXIT_BELOW
    if args.json:
        out = verdict.to_dict()
        out["status"] = status
        if others:
            out["other_flavours"] = others
        if schedule is not None:
            out["gate"] = {"schedule_algbw": fraction_text(expected), "comparison": comparison,
                           "passed": code == 0}
        out["exit_code"] = code
        print(json.dumps(out, indent=2))
    where = display_path(args.xml)
    if verdict.reasons:
        if accepted:
            spelled = "spelling" if verdict.flavour == "legacy" else "that does not spell"
            other = " or ".join(f"{f}'s" for f in accepted)
            print(f"forestcoll: {where} breaks {verdict.flavour}'s rules (the default for a "
                  f"file {spelled} coll=\"reduce_scatter\") but none of {other}: check it "
                  f"with --flavour {accepted[0]}", file=sys.stderr)
        print_reasons("invalid", list(verdict.reasons))
        print_reasons("not checked", unknown)
        if not args.json:
            hint = "".join(f"; {'valid' if others[f] == 'ok' else 'no problem found'} with "
                           f"--flavour {f}" for f in accepted)
            print(f"INVALID: {len(verdict.reasons)} problem(s) in {where} "
                  f"({verdict.flavour}{hint})")
        return code
    if unknown:
        if not args.json:
            print(f"UNDETERMINED: no problem found in {where} ({verdict.flavour}), but "
                  f"{len(unknown)} thing(s) could not be checked; this is not a pass:")
            for line in unknown:
                print(f"not checked  {line}")
        return code
    c = verdict.counts
    line = (f"OK: MSCCL {verdict.collective} ({verdict.flavour}), {c.ranks} ranks, {c.tbs} "
            f"thread blocks, {c.steps} steps (at most {c.max_steps_per_tb} per block), "
            f"every rank ends with exactly the right data; algbw {exact_num(verdict.algbw)} "
            f"{topo.units}")
    if comparison == "equal":
        line += " = the schedule's"
    elif comparison == "above":
        why = (": the runtime overlaps the reduce-scatter and allgather phases"
               if schedule.phases and not schedule.concurrent else "")
        line += f", above the schedule's {exact_num(expected)}{why}"
    elif comparison == "below":
        line += f", below the schedule's {exact_num(expected)}"
    if not args.json:
        print(line)
        for note in verdict.notes:
            print(f"note    {note}")
    if code:
        print(f"forestcoll: {where} reaches algbw {exact_num(verdict.algbw)} {topo.units}, "
              f"below the schedule's {exact_num(expected)}", file=sys.stderr)
    return code
