"""Export a schedule as an MSCCL++ execution plan, the JSON file MSCCL++'s executor runs
(docs/mscclpp-export.md).

The format followed is that of microsoft/mscclpp at commit
00668b4a41acbf25214c03df74d743849d8518e8 (``src/core/executor/execution_plan.cc``, the
parser; ``src/core/include/execution_common.hpp``, its limits; ``execution_kernel.hpp``,
what every op does; the DSL's ``python/mscclpp/language/program.py``, the top-level keys).

Mapping (docs/mscclpp-export.md, "How a schedule becomes a plan"):

* Ranks are the compute nodes in topology order. A part of the schedule becomes ``chunks``
  chunks of every buffer, so a tree of weight w carries w parts and the chunk pattern
  reproduces the schedule's shares exactly; every part is one *flow*
  (:mod:`.mscclpp_export_flows`).
* A tree edge u -> v is a ``put`` on u into v's buffer then a ``signal`` on their channel,
  and a ``wait`` on v before anything reads it: a memory channel when the edge's route is
  NVLink or xGMI only, a port channel when it crosses a NIC or PCIe.
* In-trees: every child puts into its own slot of the parent's scratch; the parent reduces
  its input with them (``re``) into its running sum (scratch) or, at the root, into the
  output, then puts the sum to its parent.
* Every flow goes to one thread block *class* on all its ranks; a class is one thread
  block per rank, its ops one ``pipeline`` (``iter_context``: ``unit_size`` bytes per
  iteration) in stages, after a handshake (one signal and one wait per channel) that makes
  a launch wait until the peers' same thread blocks have left the previous one.
* Allreduce: each part goes up its reduce-scatter tree and, in the same flow, down its
  allgather tree from the root's output, so both phases run at once: the schedule's
  concurrent algbw (an LP schedule's own; at least a trees schedule's).
* All-to-all: every route cut at the compute nodes it passes; a relay receives into
  scratch and forwards from there.
* ``protocol="LL"``: packets into fresh packet slots of the receivers' scratch instead of
  puts and signals (:mod:`.mscclpp_export_ll`).

The plan is written one GPU at a time (:func:`write_mscclpp`): a compact schedule is read
one tree at a time and kept as per-rank tuples of integers, never as its expanded trees.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import os
import re
import tempfile
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import IO, Iterator

from ..display import html_summary
from ..errors import MscclExportError, OutputError, UsageError
from ..files import display_path
from ..model.collective import Collective
from ..model.compact import check_group
from ..model.linkloads import achieved_algbw
from ..model.schedule import Schedule
from ..model.topology import Topology
from .mscclpp_export_flows import (MAX_REDUCE_SOURCES, Flows, channel_type, route_parts,
                                   tree_edges, trees_of)
from .mscclpp_export_ll import ll_alltoall, ll_in_part, ll_out_part
from .mscclpp_export_render import gpu_plan

PROTOCOLS = ("Simple", "LL")
"""The protocols the executor runs (``loadExecutionPlan``: ``LL`` means packets)."""

COLLECTIVE_NAMES = {Collective.ALLGATHER: "allgather", Collective.REDUCE_SCATTER: "reducescatter",
                    Collective.ALLREDUCE: "allreduce", Collective.BROADCAST: "broadcast",
                    Collective.REDUCE: "reduce", Collective.ALLTOALL: "alltoall"}
"""The plan's ``collective``: the DSL's names (``python/mscclpp/language/collectives.py``);
the DSL has no reduce, whose plan is named ``reduce``. The executor reads the name only to
measure an allgather by its output (``checkMessageSize``)."""

H100_SMS = 132
"""Streaming multiprocessors of an H100 SXM5 (NVIDIA H100 Tensor Core GPU Architecture
whitepaper, table 3): the default bound on thread blocks per rank."""

NO_LIMIT = 2**64 - 1
"""``max_message_size`` for no limit: the executor's default, ``uint64_t`` max."""

ALIGNMENT = 16
"""``buffer_alignment``, the executor's default: a buffer's bytes must be a multiple of
alignment x its chunks (``checkMessageSize``)."""


@dataclass(frozen=True)
class MscclppExport:
    """What :func:`export_mscclpp` wrote: the plan's JSON text and the figures read off it.
    ``str(result)`` is the text."""

    text: str = field(repr=False)
    """The plan's JSON text (ends with a newline; empty when written to a file by
    :func:`write_mscclpp`)."""
    collective: Collective
    """The schedule's collective (a :class:`~forestcoll_opt.model.collective.Collective`)."""
    name: str
    """The plan's ``name``."""
    protocol: str
    """``Simple`` or ``LL``."""
    ngpus: int
    """Ranks: the topology's compute nodes, in its order."""
    threadblocks: int
    """The most thread blocks one rank runs."""
    operations: int
    """Operations over all ranks and thread blocks (a pipeline's inner ones included)."""
    chunks: tuple[int, int, int]
    """Input, output and most scratch chunks of a rank."""
    memory_channels: int
    """Memory channels over all ranks (one per thread block class and peer)."""
    port_channels: int
    """Port channels over all ranks."""
    algbw: Fraction
    """The algbw the plan runs at, exact, in the topology's units: the schedule's, with an
    allreduce's phases sharing the links at once (its ``concurrent`` algbw); half that for
    ``LL``, whose packets carry their data and as many bytes of flags (``check_mscclpp``
    counts the same)."""
    min_message_size: int = 0
    max_message_size: int = NO_LIMIT

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return (f"MscclppExport({self.collective} for {self.ngpus} ranks: {self.name}, "
                f"{self.threadblocks} thread blocks per rank, {self.operations} operations)")

    def _repr_html_(self) -> str:
        rows = [("collective", self.collective), ("ranks", self.ngpus),
                ("protocol", self.protocol),
                ("thread blocks", f"{self.threadblocks} per rank at most"),
                ("operations", self.operations),
                ("channels", f"{self.memory_channels} memory, {self.port_channels} port"),
                ("chunks", "input {}, output {}, scratch {}".format(*self.chunks)),
                ("message size", f"{self.min_message_size} to {self.max_message_size} bytes")]
        return html_summary(f"MscclppExport · {self.name}", rows,
                            note="str(result): the plan's JSON text")


@dataclass
class _Plan:
    flows: Flows
    sizes: tuple[int, int]


def export_mscclpp(topology: Topology, schedule: Schedule, *, name: str | None = None,
                   chunks: int = 1, inplace: bool = False, spread: int = 8,
                   sm_count: int = H100_SMS, unit_size: int = 1 << 20,
                   min_message_size: int = 0, max_message_size: int | None = None,
                   protocol: str = "Simple") -> MscclppExport:
    """The MSCCL++ execution plan of ``schedule`` on ``topology`` as text (module
    docstring); the keyword arguments are :func:`write_mscclpp`'s.

    :returns: the plan's text (``str(result)``) and figures

    :raises MscclExportError: for an option out of range, a schedule the plan cannot
        express, or a limit of the executor the plan would pass
    :raises ~forestcoll_opt.errors.UsageError: when the arguments are not a topology and a
        schedule
    """
    parts: list[str] = []
    result = _export(topology, schedule, parts.append, name=name, chunks=chunks,
                     inplace=inplace, spread=spread, sm_count=sm_count, unit_size=unit_size,
                     min_message_size=min_message_size, max_message_size=max_message_size,
                     protocol=protocol)
    return replace(result, text="".join(parts))


def write_mscclpp(topology: Topology, schedule: Schedule, path: str | os.PathLike, *,
                  name: str | None = None, chunks: int = 1, inplace: bool = False,
                  spread: int = 8, sm_count: int = H100_SMS, unit_size: int = 1 << 20,
                  min_message_size: int = 0, max_message_size: int | None = None,
                  protocol: str = "Simple") -> MscclppExport:
    """Write the MSCCL++ execution plan of ``schedule`` on ``topology`` to ``path``, one GPU
    at a time, through a staged file moved into place only when complete (module
    docstring). For per-size plans give ``min_message_size`` and ``max_message_size``.

    :param topology: the topology the schedule was made for; rank r is
        ``topology.compute_nodes[r]``.
    :param schedule: allgather, reduce-scatter, allreduce (trees or LP), broadcast, reduce
        or all-to-all; compact schedules are read one tree at a time.
    :param path: the file to write.
    :param name: the plan's ``name`` (default ``forestcoll-COLLECTIVE-TOPOLOGY``).
    :param chunks: chunks per part of the schedule (each buffer is cut into parts x chunks).
    :param inplace: allgather and broadcast: an in-place plan (no copy of the input).
    :param spread: thread block classes the flows are dealt over round robin (more open
        when a limit requires it).
    :param sm_count: the most thread blocks a rank may run (default 132, an H100 SXM5).
    :param unit_size: bytes per pipeline iteration (``iter_context.unit_size``).
    :param min_message_size: the smallest message the executor should run the plan for
        (bytes of the input; of the output for allgather, ``checkMessageSize``).
    :param max_message_size: the largest, inclusive (None: no limit, 2^64 - 1).
    :param protocol: ``Simple`` (puts, signals and waits, pipelined in ``unit_size``
        units) or ``LL`` (packets with flags: no signals inside a launch, no pipeline; for
        small messages).
    :returns: the plan's figures (``text`` empty)
    """
    if not isinstance(path, (str, os.PathLike)):
        raise UsageError(f"write_mscclpp needs a path, got {type(path).__name__}")
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=".mscclpp-", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"{display_path(path)}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as raw, _text(raw, target.lower().endswith(".gz")) as fh:
            result = _export(topology, schedule, fh.write, name=name, chunks=chunks,
                             inplace=inplace, spread=spread, sm_count=sm_count,
                             unit_size=unit_size, min_message_size=min_message_size,
                             max_message_size=max_message_size, protocol=protocol)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return result


def _text(raw: IO[bytes], packed: bool) -> IO[str]:
    """A text stream over ``raw``, gzip-compressed (without a date: the same bytes every
    time) when ``packed``."""
    if packed:
        return io.TextIOWrapper(gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0),
                                encoding="utf-8", newline="")
    return io.TextIOWrapper(raw, encoding="utf-8", newline="")


def _export(topology: Topology, schedule: Schedule, write, *, name: str | None = None,
            chunks: int = 1, inplace: bool = False, spread: int = 8,
            sm_count: int = H100_SMS, unit_size: int = 1 << 20, min_message_size: int = 0,
            max_message_size: int | None = None, protocol: str = "Simple") -> MscclppExport:
    _check_options(topology, schedule, chunks, spread, sm_count, unit_size,
                   min_message_size, max_message_size, protocol, inplace)
    name = name or re.sub(r"[^A-Za-z0-9_.-]", "_",
                          f"forestcoll-{schedule.collective}-{schedule.topology}")[:63]
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.-]{1,63}", name):
        raise MscclExportError(f"the plan name {str(name)[:40]!r}: use 1 to 63 letters, "
                               f"digits, '_', '.' or '-'")
    plan = _build(topology, schedule, chunks, inplace, spread, protocol == "LL")
    flows, n = plan.flows, len(topology.compute_nodes)
    most = max((len(b) for b in flows.blocks), default=0)
    if most > sm_count:
        r = max(range(n), key=lambda i: len(flows.blocks[i]))
        raise MscclExportError(
            f"rank {r} needs {most} thread blocks, more than the {sm_count} the GPU runs at "
            f"once (sm_count=): use fewer chunks per part, a smaller spread, or a fixed k "
            f"with fewer trees", options=("sm_count", "spread"))
    unit = unit_size
    max_size = NO_LIMIT if max_message_size is None else max_message_size
    head = {"name": name, "collective": COLLECTIVE_NAMES[schedule.collective],
            "protocol": protocol, "inplace": bool(inplace), "reuse_resources": False}
    write(json.dumps(head, separators=(",", ":"))[:-1] + ',"gpus":[\n')
    ops = mem = port = 0
    for r in range(n):
        gpu, count = gpu_plan(flows, r, plan.sizes, chunks, unit)
        ops += count
        for ch in gpu["channels"]:
            if ch["channel_type"] == "memory":
                mem += len(ch["connected_to"])
            else:
                port += len(ch["connected_to"])
        write(("" if r == 0 else ",\n") + json.dumps(gpu, separators=(",", ":")))
    tail = {"num_threads_per_block": 1024, "use_double_scratch_buffer": False,
            "buffer_alignment": ALIGNMENT, "min_message_size": min_message_size,
            "max_message_size": max_size}
    write("\n]," + json.dumps(tail, separators=(",", ":"))[1:] + "\n")
    runs = schedule if not schedule.phases else replace(schedule, concurrent=True)
    algbw = achieved_algbw(runs, topology)
    if protocol == "LL":          # a packet is its data and as many bytes of flags
        algbw /= 2
    return MscclppExport(
        text="", collective=schedule.collective, name=name, protocol=protocol, ngpus=n,
        threadblocks=most, operations=ops,
        chunks=(plan.sizes[0], plan.sizes[1], max((flows.scratch(r) for r in range(n)), default=0)),
        memory_channels=mem, port_channels=port, algbw=algbw,
        min_message_size=min_message_size, max_message_size=max_size)


def _check_options(topology, schedule, chunks, spread, sm_count, unit_size, min_size,
                   max_size, protocol, inplace) -> None:
    if not isinstance(topology, Topology) or not isinstance(schedule, Schedule):
        raise UsageError(f"export_mscclpp(topology, schedule) needs a Topology and a "
                         f"Schedule, got {type(topology).__name__} and "
                         f"{type(schedule).__name__}")
    if protocol not in PROTOCOLS:
        raise MscclExportError(f"unknown protocol {str(protocol)[:40]!r} for an MSCCL++ plan; "
                               f"use one of {', '.join(PROTOCOLS)}")
    for value, what, top in ((chunks, "chunks", 10**6), (spread, "spread", 4096),
                             (sm_count, "sm_count", 4096), (unit_size, "unit_size", 2**31)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise MscclExportError(f"{what}={value!r}: give a whole number from 1 to {top}",
                                   options=(what,))
    if unit_size % ALIGNMENT:
        raise MscclExportError(f"unit_size={unit_size}: give a multiple of {ALIGNMENT} bytes "
                               f"(the buffer alignment)", options=("unit_size",))
    for value, what in ((min_size, "min_message_size"), (max_size, "max_message_size")):
        if value is None and what == "max_message_size":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= NO_LIMIT:
            raise MscclExportError(f"{what}={value!r}: give a byte count from 0 to 2^64 - 1",
                                   options=(what,))
    if max_size is not None and min_size > max_size:
        raise MscclExportError(f"min_message_size={min_size} is above max_message_size="
                               f"{max_size}: the executor would refuse every message",
                               options=("min_message_size", "max_message_size"))
    if schedule.group is not None:
        check_group(topology, schedule)
    if tuple(schedule.compute_nodes) != tuple(topology.compute_nodes):
        raise MscclExportError(f"the schedule's compute nodes are not those of "
                               f"{topology.name!r} in its order; export it with the topology "
                               f"it was made for")
    if schedule.multicast:
        raise MscclExportError("this schedule relies on in-network multicast; the MSCCL++ "
                               "export does not write switch channels yet (generate it with "
                               "multicast off to export it)")
    if inplace and schedule.collective not in (Collective.ALLGATHER, Collective.BROADCAST):
        raise MscclExportError(f"an in-place plan is written for allgather and broadcast "
                               f"only; drop inplace=True for {schedule.collective}",
                               options=("inplace",))
    if schedule.weights is not None and schedule.collective in (Collective.ALLGATHER,
                                                                Collective.REDUCE_SCATTER):
        raise MscclExportError(f"MSCCL++'s {schedule.collective} gives every rank an equal "
                               f"share; this schedule has shard weights (export an allreduce "
                               f"instead, whose shares are internal)")
    if schedule.collective is Collective.ALLTOALL and schedule.demand is not None:
        raise MscclExportError("MSCCL++'s alltoall moves equal blocks between every pair; "
                               "this schedule has a demand matrix (alltoallv)")


def _build(topology: Topology, schedule: Schedule, P: int, inplace: bool,
           spread: int, packets: bool) -> _Plan:
    """Every flow of the schedule placed on classes; the buffers' chunk counts."""
    n = len(topology.compute_nodes)
    rank = {v: i for i, v in enumerate(topology.compute_nodes)}
    coll = schedule.collective
    flows = Flows(n, spread, packets=packets)
    out_part, in_part = (ll_out_part, ll_in_part) if packets else (_out_part, _in_part)

    def out_trees(phase: Schedule, per_tree: int, region: dict[int, int], source) -> None:
        for r, g, children, depth in _parts(topology, phase, rank, per_tree, region, P,
                                            inward=False):
            flows.add(out_part(flows, children, depth, r, g, source(r, g), P))

    def in_trees(phase: Schedule, per_tree: int, region: dict[int, int], out_index) -> None:
        for r, g, children, depth in _parts(topology, phase, rank, per_tree, region, P,
                                            inward=True):
            flows.add(in_part(flows, children, depth, r, g, ("o", out_index(r, g)), P)[0])

    try:
        if coll is Collective.ALLTOALL:
            per = (schedule.k or 1) * P
            _check_routes(topology, schedule, rank)
            if packets:
                ll_alltoall(flows, topology, schedule, rank, P, per, _hops(topology, rank))
            else:
                _alltoall(flows, topology, schedule, rank, P, per)
            return _Plan(flows, (n * per, n * per))
        if coll in (Collective.BROADCAST, Collective.REDUCE):
            per = schedule.k * P
            r = rank[schedule.root]
            if coll is Collective.BROADCAST:
                if not inplace:
                    for j in range(0, per, P):
                        flows.add([(r, (0, "c", "i", j, "o", j))])
                out_trees(schedule, P, {r: 0}, lambda root, g: ("i", g))
            else:
                in_trees(schedule, P, {r: 0}, lambda root, g: g)
            return _Plan(flows, (per, per))
        if coll is Collective.ALLGATHER:
            per = schedule.k * P
            region = {r: r * per for r in range(n)}
            if not inplace:
                for r in range(n):
                    for j in range(0, per, P):
                        flows.add([(r, (0, "c", "i", j, "o", r * per + j))])
            out_trees(schedule, P, region, (lambda root, g: ("o", g)) if inplace else
                      (lambda root, g: ("i", g - root * per)))
            return _Plan(flows, (per, n * per))
        if coll is Collective.REDUCE_SCATTER:
            per = schedule.k * P
            in_trees(schedule, P, {r: r * per for r in range(n)},
                     lambda root, g: g - root * per)
            return _Plan(flows, (n * per, per))
        return _allreduce(flows, topology, schedule, rank, P, out_part, in_part)
    except OverflowError:
        raise MscclExportError(
            "one part of the schedule needs more of a thread block than the executor holds "
            "(64 operations, 16 channels of each type, 8 per operation): use a schedule "
            "whose ranks exchange data with fewer peers (a fixed k with fewer trees)") \
            from None


def _out_part(flows: Flows, children: dict, depth: dict, r: int, g: int,
              src: tuple[str, int], P: int, base: int = 0) -> list[tuple[int, tuple]]:
    """One part down an out-tree: the root puts from ``src``, every other node receives into
    its output at ``g`` and forwards from there; stages from ``base``."""
    acts: list[tuple[int, tuple]] = []
    for u, kids in children.items():
        here = src if u == r else ("o", g)
        d = base + depth[u]
        for c, ct in kids:
            acts.append((u, (d, "p", c, ct, here[0], here[1], "o", g)))
            acts.append((c, (d + 1, "w", u, ct)))
    return acts


def _in_part(flows: Flows, children: dict, depth: dict, r: int, g: int,
             acc_root: tuple[str, int], P: int) -> tuple[list[tuple[int, tuple]], int]:
    """One part up an in-tree: children put into fresh scratch slots of their parent, which
    reduces them with its input (into scratch, at the root into ``acc_root``) and puts the
    sum on. Returns the actions and the stage at which the root has the sum."""
    height = max(depth.values())
    acts: list[tuple[int, tuple]] = []
    value: dict[int, tuple[str, int]] = {}
    for v in sorted(depth, key=lambda v: (-depth[v], v)):       # children before parents
        kids = children.get(v, [])
        stage = height - depth[v]
        if not kids:
            value[v] = ("i", g)
            continue
        slots = []
        for c, ct in kids:
            slot = flows.slot(v, P)
            slots.append(("s", slot))
            acts.append((c, (stage - 1, "p", v, ct, value[c][0], value[c][1], "s", slot)))
            acts.append((v, (stage, "w", c, ct)))
        acc = acc_root if v == r else ("s", flows.slot(v, P))
        sources = [("i", g)] + slots
        while sources:
            take = sources[:MAX_REDUCE_SOURCES]
            sources = sources[MAX_REDUCE_SOURCES:]
            if sources:
                sources.insert(0, acc)
            acts.append((v, (stage, "r", acc[0], acc[1], tuple(take))))
        value[v] = acc
    return acts, height


def _parts(topology: Topology, phase: Schedule, rank: dict[str, int], per_tree: int,
           region: dict[int, int], P: int, inward: bool) -> Iterator[tuple]:
    """(root, g, children, depth) of every part of a phase, one tree at a time."""
    for tree, r, first in trees_of(phase, rank, per_tree):
        children, depth = tree_edges(topology, tree, rank, inward=inward)
        for off in range(0, tree.weight * per_tree, P):
            yield r, region[r] + first + off, children, depth


def _allreduce(flows: Flows, topology: Topology, schedule: Schedule, rank: dict[str, int],
               P: int, out_part, in_part) -> "_Plan":
    """Allreduce: each part of a root's share goes up its reduce-scatter tree and, in the
    same flow, down its allgather tree from the root's output, where the reduction left it
    (the root's puts follow its reduction in the same thread block, a stage later for the
    children): both phases run at once, as the schedule's concurrent time assumes."""
    rs, ag = schedule.phases
    L = math.lcm(rs.k, ag.k)
    weight = dict(schedule.weights) if schedule.weights else dict.fromkeys(rank, 1)
    region, offset = {}, 0
    for v in topology.compute_nodes:
        region[rank[v]] = offset
        offset += L * weight[v] * P
    # the allgather phase's parts by root (tree structures kept as integers, not trees)
    down: dict[int, list[tuple]] = {}
    for r, g, children, depth in _parts(topology, ag, rank, P * (L // ag.k), region, P,
                                        inward=False):
        down.setdefault(r, []).append((g, children, depth))
    seen: dict[int, int] = {}
    for r, g, children, depth in _parts(topology, rs, rank, P * (L // rs.k), region, P,
                                        inward=True):
        i = seen.get(r, 0)
        seen[r] = i + 1
        g2, kids, deep = down[r][i]
        if g2 != g:
            raise MscclExportError("the allreduce's two phases cover a root's share in "
                                   "different orders; verify the schedule first")
        acts, top = in_part(flows, children, depth, r, g, ("o", g), P)
        if flows.packets:
            acts.append((r, (top, "n")))               # the sum, written, before it is read
        acts += out_part(flows, kids, deep, r, g, ("o", g), P, base=top)
        flows.add(acts)
    return _Plan(flows, (offset, offset))


def _check_routes(topology: Topology, schedule: Schedule, rank: dict[str, int]) -> None:
    """Every ordered pair's routes carry exactly the k parts the uniform all-to-all moves."""
    k = schedule.k or 1
    used: dict[tuple[int, int], int] = {}
    for route in schedule.routes:
        key = (rank[route.src], rank[route.dst])
        used[key] = used.get(key, 0) + route.weight
    n = len(rank)
    for s in range(n):
        for t in range(n):
            if s != t and used.get((s, t), 0) != k:
                raise MscclExportError(
                    f"the routes from {topology.compute_nodes[s]} to "
                    f"{topology.compute_nodes[t]} carry {used.get((s, t), 0)} of the k = {k} "
                    f"parts every pair moves: the plan would leave part of an output "
                    f"unwritten, or overrun it; verify the schedule first")


def _hops(topology: Topology, rank: dict[str, int]):
    """route -> its hops (sender rank, receiver rank, channel type), cut at the compute
    nodes it passes."""
    node = topology.node

    def hops(route) -> list[tuple[int, int, int]]:
        cuts = [i for i, v in enumerate(route.path) if node[v].is_compute]
        return [(rank[route.path[i]], rank[route.path[j]],
                 channel_type(topology, route.path[i:j + 1])) for i, j in zip(cuts, cuts[1:])]
    return hops


def _alltoall(flows: Flows, topology: Topology, schedule: Schedule, rank: dict[str, int],
              P: int, per: int) -> None:
    """Routes: every route of weight w is w flows; a flow's hops go between the compute
    nodes on its path, relays receiving into scratch."""
    for s, t, off, steps in route_parts(flows, schedule, rank, P, per, _hops(topology, rank)):
        acts: list[tuple[int, tuple]] = []
        src = ("i", t * per + off)
        for hop, (a, c, ct) in enumerate(steps):
            dst = ("o", s * per + off) if c == t else ("s", flows.slot(c, P))
            acts.append((a, (hop, "p", c, ct, src[0], src[1], dst[0], dst[1])))
            acts.append((c, (hop + 1, "w", a, ct)))
            src = dst
        flows.add(acts)
