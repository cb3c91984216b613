"""``check-mscclpp``: an MSCCL++ execution plan run symbolically on every GPU, its end state
and ordering checked, and its link loads' algbw compared with a schedule's
(``docs/mscclpp.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..display import article
from ..errors import UsageError
from ..files import display_path
from ..model.catalog import resolve
from ..model.collective import Collective
from ..model.numbers import fraction_text
from ..verify import load_schedule
from .args import TOPOLOGY_HELP, int_arg
from .output import (EXIT_BELOW, EXIT_ERROR, LINE_OPTIONS, MAX_REASONS_SHOWN, exact_num,
                     options_text, print_reasons)

EXIT_UNDETERMINED = 4
"""No problem found, but the algbw to compare with ``--schedule`` could not be computed
(transfers with several switch-only paths the schedule does not route)."""


def add_check_mscclpp(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check-mscclpp", help="run an MSCCL++ execution plan symbolically and "
                                             "check what every GPU ends with")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("plan", help="the MSCCL++ execution plan (JSON)")
    p.add_argument("--schedule", help="the schedule the plan was made from (of the plan's "
                                      "collective, valid): its tree paths route the transfers, "
                                      "and the plan's algbw is compared with its (exit 1 when "
                                      "below)")
    p.add_argument("--root", type=int_arg, default=0,
                   help="the root rank of a broadcast or reduce plan (the format records "
                        "none; default 0)")
    p.add_argument("--sms", type=int_arg, default=None,
                   help="thread blocks a GPU runs at once (default 132, the H100 SXM5's SMs)")
    p.add_argument("--json", action="store_true",
                   help="print the verdict as one JSON object, with the final status, "
                        "exit_code and, with --schedule, the gate")
    p.set_defaults(func=cmd_check_mscclpp)


_NAMES = {"allgather": "allgather", "reducescatter": "reduce-scatter",
          "allreduce": "allreduce", "broadcast": "broadcast", "reduce": "reduce",
          "alltoall": "alltoall"}


def cmd_check_mscclpp(args: argparse.Namespace) -> int:
    """Exit 0: the plan runs to the right result (and, with --schedule, at the schedule's
    algbw or above); 1: valid but slower than the schedule; 2: invalid or unreadable, or a
    --schedule of another collective or that the verifier rejects; 4: valid, but its algbw
    could not be computed to compare with --schedule."""
    from ..model.linkloads import achieved_algbw
    from ..model.schedule import from_dict as schedule_from_dict
    from ..runtimes.mscclpp_check import DEFAULT_SMS, check_mscclpp
    from ..verify import verify

    topo = resolve(args.topology)
    schedule = None
    if args.schedule:
        name = display_path(args.schedule)
        data = load_schedule(args.schedule)
        verdict = verify(topo, data, validity_only=True,
                         demand="uniform" if data.get("collective") == "alltoall" else None)
        if not verdict.valid:
            reason = verdict.reasons[0] if verdict.reasons else verdict.status
            raise UsageError(f"{name} is not a valid schedule to compare with on {topo.name} "
                             f"({reason}); run forestcoll verify for every problem")
        schedule = schedule_from_dict(data, source=name, expand=False)
    v = check_mscclpp(topo, args.plan, schedule=schedule, root=args.root,
                      sms=DEFAULT_SMS if args.sms is None else args.sms)
    where = display_path(args.plan)
    named = _NAMES.get(v.coll or "")
    if schedule is not None and named is not None and named != schedule.collective.value:
        raise UsageError(f"{display_path(args.schedule)} is {article(schedule.collective)} "
                         f"schedule and {where} {article(named)} plan: compare the plan with "
                         f"the schedule it was made from")
    nodes = topo.compute_nodes
    if schedule is not None and schedule.root is not None and \
            schedule.root != nodes[args.root]:
        raise UsageError(f"{display_path(args.schedule)} is {article(schedule.collective)} "
                         f"from {schedule.root} (rank {nodes.index(schedule.root)}) but the "
                         f"plan is checked from rank {args.root} ({nodes[args.root]}): give --root "
                         f"{nodes.index(schedule.root)}")
    status, code = v.status, EXIT_ERROR if v.reasons else 0
    expected = comparison = None
    if schedule is not None and not v.reasons:
        expected = achieved_algbw(schedule, topo)
        if v.protocol == "LL":
            # an LL packet carries its data and as many bytes of flags: the links move
            # twice the data, so an LL plan of the schedule runs at half its algbw
            expected /= 2
        if v.algbw is None:
            status, code = "undetermined", EXIT_UNDETERMINED
        else:
            comparison = ("equal" if v.algbw == expected else
                          "above" if v.algbw > expected else "below")
            if comparison == "below":
                status, code = "below", EXIT_BELOW
    if args.json:
        out = v.to_dict()
        out["status"] = status
        if schedule is not None:
            out["gate"] = {"schedule_algbw": fraction_text(expected), "comparison": comparison,
                           "passed": code == 0}
        out["exit_code"] = code
        print(json.dumps(out, indent=2))
    if v.reasons:
        made_for = _made_for(v, topo)
        if made_for is not None:        # a plan for another network: say so, once
            found = (_plain(v.reasons[0]) if len(v.reasons) == 1 else
                     f"{len(v.reasons)} problems there, the first: {_plain(v.reasons[0])}")
            print(f"forestcoll: invalid: {where} is a plan for {made_for} (its name "
                  f"{v.name!r}), checked on {topo.name}: {found}; check it on the topology "
                  f"it was made for (forestcoll check-mscclpp {made_for} {where}), or export "
                  f"one for {topo.name}", file=sys.stderr)
        else:
            print_reasons("invalid", [options_text(r, LINE_OPTIONS) for r in v.reasons])
        if not args.json:
            print(f"INVALID: {len(v.reasons)} problem(s) in {where}")
        return code
    c = v.counts
    algbw = "unknown" if v.algbw is None else f"{exact_num(v.algbw)} {topo.units}"
    line = (f"OK: MSCCL++ {v.coll} plan, {c.gpus} GPUs, {c.threadblocks} thread blocks "
            f"(at most {c.max_tbs_per_gpu} per GPU), {c.ops} operations, every GPU ends "
            f"with exactly the right data; algbw {algbw}")
    at_ll = " at LL (half its algbw: packets carry data and flags)" \
        if v.protocol == "LL" else ""
    if comparison == "equal":
        line += f" = the schedule's{at_ll}"
    elif comparison is not None:
        line += f", {comparison} the schedule's{at_ll} {exact_num(expected)}"
    if v.ratio == 1:
        line += " = the optimum (cut bound)"
    elif v.ratio is not None:
        line += f", {float(v.ratio):.1%} of the optimum {exact_num(v.bound)} (cut bound)"
    if not args.json:
        print(line)
        made_for = _made_for(v, topo)
        if made_for is not None:
            print(f"note    its name says it was made for {made_for}; checked here on "
                  f"{topo.name}")
        for note in v.notes[:MAX_REASONS_SHOWN]:
            print(f"note    {note}")
        if len(v.notes) > MAX_REASONS_SHOWN:
            print(f"note    ... and {len(v.notes) - MAX_REASONS_SHOWN} more (--json lists "
                  f"them all)")
    if code == EXIT_BELOW:
        print(f"forestcoll: {where} reaches algbw {exact_num(v.algbw)} {topo.units}, below "
              f"the schedule's {exact_num(expected)}", file=sys.stderr)
    elif code == EXIT_UNDETERMINED:
        print(f"forestcoll: {where}: no problem found, but its algbw could not be computed "
              f"(transfers with several switch-only paths the schedule does not route); this "
              f"is not a pass", file=sys.stderr)
    return code


def _made_for(v: Any, topo: Any) -> str | None:
    """The network a plan was exported for, when its name (export's default,
    ``forestcoll-COLLECTIVE-TOPOLOGY``, at most 63 characters) names one other than
    ``topo`` and every problem found is one a plan for another network has (a channel
    between GPUs ``topo`` does not link, another number of GPUs); None otherwise."""
    if not all(rule == "link" or (rule == "range" and "compute nodes" in reason)
               for rule, reason in zip(v.rules, v.reasons)):
        return None
    name = v.name if isinstance(v.name, str) else ""
    for member in sorted((c.value for c in Collective), key=len, reverse=True):
        prefix = f"forestcoll-{member}-"
        if name.startswith(prefix):
            made_for = name[len(prefix):]
            cut = len(name) == 63 and topo.name.startswith(made_for)    # export's limit
            return None if not made_for or made_for == topo.name or cut else made_for
    return None


def _plain(reason: str) -> str:
    """A reason without its ``[rule]`` tag."""
    return reason.split("] ", 1)[1] if reason.startswith("[") and "] " in reason else reason
