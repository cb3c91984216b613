"""A symbolic executor for MSCCL++ execution plans: ``check_mscclpp(topology, plan)``.

It reads a plan the way the MSCCL++ executor's parser does, wires its channels the way the
executor connects them, and runs every thread block of every GPU on symbolic data, then
says whether the executor would load it, whether it would finish, whether every GPU would
end with exactly the collective's data, with every read ordered after the write it needs
and no two unordered writes, and what throughput its link loads give on the topology.
The rules, and the source file and line of the executor each comes from, are in
``docs/mscclpp.md`` (the page is this package's specification); the executor revision is
:data:`~.limits.REVISION`.

Like :mod:`forestcoll_opt.runtimes.msccl_check` for MSCCL XML, it shares no code with any
exporter: it imports :mod:`~forestcoll_opt.errors`, :mod:`~forestcoll_opt.files`,
:mod:`~forestcoll_opt.model` (topology, collective, schedule routes) and numpy.

Modules: :mod:`.plan` (reading, fields and types), :mod:`.structure` (channels, pairing,
limits, buffer ranges), :mod:`.operations` (what each operation reads and writes),
:mod:`.execution` (the run, ordering, races, end state), :mod:`.loads` (links, algbw),
:mod:`.verdict`."""

from __future__ import annotations

import gc
from typing import Any

from ...errors import MscclppCheckError, UsageError
from ...model.collective import Collective
from ...model.schedule import Schedule
from ...model.topology import Topology
from .execution import Machine
from .limits import COLLECTIVES, DEFAULT_SMS, REVISION
from .loads import Links, check_links, link_loads
from .plan import MAX_BYTES, Plan, parse_plan, read_input
from .structure import resolve
from .verdict import RULES, PlanCounts, PlanLoad, PlanVerdict, Reasons

__all__ = ["check_mscclpp", "PlanVerdict", "PlanLoad", "PlanCounts", "MscclppCheckError",
           "RULES", "REVISION", "DEFAULT_SMS", "MAX_BYTES", "COLLECTIVES"]

_ENUM = {"allgather": Collective.ALLGATHER, "reducescatter": Collective.REDUCE_SCATTER,
         "allreduce": Collective.ALLREDUCE, "broadcast": Collective.BROADCAST,
         "reduce": Collective.REDUCE, "alltoall": Collective.ALLTOALL}


def check_mscclpp(topology: Topology, plan: Any, *, schedule: Schedule | None = None,
                  root: int = 0, sms: int = DEFAULT_SMS) -> PlanVerdict:
    """Check an MSCCL++ execution plan against ``topology`` (see the package docstring).

    :param topology: the topology the plan runs on; rank r is ``topology.compute_nodes[r]``
    :param plan: the plan: a path, its JSON text, or the parsed dict
    :param schedule: the schedule the plan was made from: its tree edges' paths route the
        transfers between GPUs with several switch-only paths (compare the verdict's
        ``algbw`` with the schedule's)
    :param root: the root rank of a broadcast or reduce plan (the plan format has no root)
    :param sms: thread blocks one GPU runs at once (132: H100 SXM5); a plan with more
        blocks on a GPU than this is refused, since its blocks wait on each other
    :returns: the verdict; every problem of the plan is a line of its ``reasons``
    :raises MscclppCheckError: when the plan cannot be read as a JSON object
    :raises UsageError: for a wrong argument
    """
    if not isinstance(topology, Topology):
        raise UsageError(f"check_mscclpp needs a Topology, got {type(topology).__name__}")
    if schedule is not None and not isinstance(schedule, Schedule):
        raise UsageError(f"schedule must be a Schedule, got {type(schedule).__name__}")
    if isinstance(sms, bool) or not isinstance(sms, int) or sms < 1:
        raise UsageError(f"sms= must be a positive integer, got {sms!r}", options=("sms",))
    enabled = gc.isenabled()
    gc.disable()        # a 128-GPU plan is millions of small objects, none cyclic: the
    try:                # collector's passes over them cost more than the check itself
        obj, _ = read_input(plan)
        return _check(topology, obj, schedule, root, sms)
    finally:
        if enabled:
            gc.enable()


def _check(topology: Topology, obj: dict, schedule: Schedule | None, root: int,
           sms: int) -> PlanVerdict:
    out = Reasons()
    doc = parse_plan(obj, out)
    coll = doc.collective
    n = len(topology.compute_nodes)
    if isinstance(root, bool) or not isinstance(root, int) or not 0 <= root < n:
        raise UsageError(f"root= must be a rank 0..{n - 1} of the plan, got {root!r}",
                         options=("root",))
    _header(doc, topology, sms, out)
    counts = _counts(doc)
    net = resolve(doc, out) if not out.fatal else None
    algbw, rows, bottleneck = None, (), ()
    if net is not None and len(doc.gpus) == n:
        links = Links(topology)
        check_links(doc, net, topology, links, out)
        routes = None
        if schedule is not None:
            from ...model.linkloads import schedule_routes
            routes = schedule_routes(schedule)
        algbw, rows, bottleneck = link_loads(doc, net, topology, links, routes,
                                             _message(doc), out)
        counts = PlanCounts(counts.gpus, counts.threadblocks, counts.ops,
                            counts.max_ops_per_tb, counts.max_tbs_per_gpu, net.channels)
    if net is not None and not out.fatal and coll in COLLECTIVES:
        machine = Machine(net, coll, bool(doc.inplace), root, out)
        if machine.run():
            machine.finish()
            machine.end_state()
        else:
            machine.finish()
    elif net is not None or out.fatal:
        out.note("not run: the problems above keep the executor from loading the plan or "
                 "make its run undefined; fix them first")
    reasons, rules = out.final()
    collective = _ENUM.get(coll or "")
    optimum = None
    if algbw is not None and collective is not None and collective.cut_bounded:
        from ...generation.bounding import bound
        at = topology.compute_nodes[root] if collective.rooted else None
        optimum = bound(topology, collective=collective.value, root=at).algbw
    return PlanVerdict(ok=not reasons, reasons=reasons, rules=rules, name=doc.name,
                       collective=collective, coll=coll, protocol=doc.protocol,
                       inplace=doc.inplace, algbw=algbw, bound=optimum,
                       units=topology.units, links=rows,
                       bottleneck=bottleneck, counts=counts, notes=tuple(out.notes))


def _header(doc: Plan, topology: Topology, sms: int, out: Reasons) -> None:
    """The plan's size against the topology and the collective's buffers."""
    n = len(topology.compute_nodes)
    if len(doc.gpus) != n:
        out.add("range", f"the plan has {len(doc.gpus)} GPUs but {topology.name} has {n} "
                         f"compute nodes", fatal=True)
    if doc.collective is not None and doc.collective not in COLLECTIVES:
        out.add("type", f"collective {doc.collective[:40]!r}: the checker knows the end state "
                        f"of {', '.join(COLLECTIVES)}", fatal=True)
    if doc.min_message_size > doc.max_message_size:
        out.add("range", f"min_message_size {doc.min_message_size} > max_message_size "
                         f"{doc.max_message_size}: checkMessageSize refuses every size")
    for r, g in enumerate(doc.gpus):
        if len(g.threadblocks) > sms:
            out.add("limit", f"gpus[{r}]: {len(g.threadblocks)} thread blocks, more than the "
                             f"{sms} the GPU runs at once (sms=); blocks that wait on each "
                             f"other would never all start", fatal=True)
    if not doc.gpus or out.fatal:
        return
    first = doc.gpus[0]
    k_in, k_out = first.input_chunks, first.output_chunks
    want = {"allgather": (k_in, k_in * n), "reducescatter": (k_out * n, k_out),
            "allreduce": (k_in, k_in), "broadcast": (k_in, k_in), "reduce": (k_in, k_in),
            "alltoall": (k_in, k_in)}.get(doc.collective or "")
    if want is None:
        return
    if doc.collective == "alltoall" and k_in % n:
        out.add("sizes", f"an alltoall plan's input_chunks ({k_in}) must be a multiple of the "
                         f"{n} GPUs", fatal=True)
    for r, g in enumerate(doc.gpus):
        if (g.input_chunks, g.output_chunks) != want:
            out.add("sizes", f"gpus[{r}]: input_chunks {g.input_chunks} and output_chunks "
                             f"{g.output_chunks}; {doc.collective} over {n} GPUs with "
                             f"{first.input_chunks} input chunks on gpus[0] needs {want[0]} "
                             f"and {want[1]} (one chunk size for every buffer: "
                             f"getSizeAndChunks)", fatal=True)


def _message(doc: Plan) -> int:
    """The collective's buffer M in chunks: what algbw = M / time measures."""
    g = doc.gpus[0]
    return g.output_chunks if doc.collective == "allgather" else g.input_chunks


def _counts(doc: Plan) -> PlanCounts:
    tbs = [len(g.threadblocks) for g in doc.gpus]
    per_tb = [sum(1 + len(op.body) for op in tb.ops) for g in doc.gpus for tb in g.threadblocks]
    return PlanCounts(gpus=len(doc.gpus), threadblocks=sum(tbs), ops=sum(per_tb),
                      max_ops_per_tb=max(per_tb, default=0),
                      max_tbs_per_gpu=max(tbs, default=0))
