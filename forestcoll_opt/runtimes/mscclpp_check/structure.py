"""The plan's structure resolved the way the executor wires it (``docs/mscclpp.md`` sections
2 to 4): every GPU's channels flattened and paired with its peers' (``setupConnections``,
``setupChannels`` in ``src/core/executor/executor.cc``), each thread block's channel and
remote-buffer lists (``setupChannels``, ``setupRemoteBuffers`` in ``execution_plan.cc``),
the limits of ``execution_common.hpp``, and every operation turned into the moves of data it
makes (:class:`Move`) with the chunk ranges it reads and writes, checked against the
buffers' sizes. Nothing here runs the plan; :mod:`.execution` does."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .resolved import ChanKey, Range, ROp
from .limits import (MAX_BUFFERS_PER_OPERATION, MAX_CHANNEL, MAX_CHANNEL_PER_OPERATION,
                     MAX_DEVICE_SEMAPHORES, MAX_DEVICE_SYNCERS, MAX_OPERATION, UINT8_ID)
from .operations import build
from .plan import Gpu, Op, Plan, Ref, ThreadBlock
from .verdict import Reasons

MAX_SLOTS = 2**24
"""Most chunk parts (every GPU's input, output and scratch chunks, times the thread-block
groups' split) the checker holds symbolic values for: about 16 million."""

@dataclass
class Net:
    """The resolved plan: ``procs[(rank, tb)]`` the operations of each block in order,
    ``partner`` every paired channel, ``scale`` sub-chunks per chunk (the thread-block
    groups' least common multiple), ``users`` the blocks that use each channel."""

    n: int
    scale: int
    procs: dict[tuple[int, int], list[ROp]]
    partner: dict[ChanKey, ChanKey | None]
    peer: dict[ChanKey, int]
    sizes: dict[tuple[int, str], int]
    semaphores: dict[int, tuple[int, ...]]
    channels: int = 0
    scratch_use: dict[int, list[tuple[int, int, str, str]]] | None = None
    """LL plans: every scratch range each rank's operations address, on one line of
    payload sub-chunks: (first, end, "p" or "s", where); None for other plans."""


def flatten(gpu: Gpu, kind: str) -> list[int]:
    """The GPU's channels of ``kind`` in the executor's order: each ``channels`` entry of
    that type, each peer of its ``connected_to`` (``setupChannels`` in executor.cc)."""
    return [p for c in gpu.channels if c.type == kind for p in c.peers]


def resolve(plan: Plan, out: Reasons) -> Net | None:
    """The plan's wiring and operations, or None when the GPUs cannot be matched to ranks."""
    n = len(plan.gpus)
    for r, gpu in enumerate(plan.gpus):
        if gpu.id != r:
            out.add("field", f"gpus[{r}].id = {gpu.id}: loadExecutionPlan reads gpus[rank] and "
                             f"throws \"GPU rank does not match\" unless its id is the rank",
                    fatal=True)
    if out.fatal:
        return None
    sizes = {}
    for r, g in enumerate(plan.gpus):
        sizes[(r, "i")], sizes[(r, "o")] = g.input_chunks, g.output_chunks
        # an LL plan's scratch buffer is twice scratch_chunks chunks (calScratchBufferSize,
        # "data + flag"): payload operations address it by chunk (getOffset), packet
        # operations at twice their chunk offset (handlePutPackets and the other packet
        # handlers: ``dstOffsets[i] << 1``), so a packet slot j of s chunks takes payload
        # chunks [2j, 2j + 2s) and packet slots end at scratch_chunks
        packets = plan.protocol == "LL"
        sizes[(r, "s")] = g.scratch_chunks * (2 if packets else 1)
        sizes[(r, "p")] = g.scratch_chunks
        if g.input_chunks == 0 and g.output_chunks == 0:
            out.add("sizes", f"gpus[{r}]: input_chunks and output_chunks are both 0 "
                             f"(getSizeAndChunks throws \"Output or Input chunks must be "
                             f"greater than 0\")", fatal=True)
    memory = {r: flatten(g, "memory") for r, g in enumerate(plan.gpus)}
    port = {r: flatten(g, "port") for r, g in enumerate(plan.gpus)}
    peer: dict[ChanKey, int] = {}
    for kind, table in (("memory", memory), ("port", port)):
        for r, peers in table.items():
            for i, p in enumerate(peers):
                if not 0 <= p < n or p == r:
                    out.add("range", f"gpus[{r}]: {kind} channel {i} connects to rank {p}, "
                                     f"not another of the plan's {n} GPUs", fatal=True)
                peer[(r, kind, i)] = p
    partner = _pair(n, memory, port, out)
    scale = 1
    for g in plan.gpus:
        for tb in g.threadblocks:
            for op in _all_ops(tb.ops):
                if op.tbg:
                    scale = math.lcm(scale, op.tbg[1])
    if scale > 64:
        out.add("limit", f"thread-block groups of sizes whose least common multiple is {scale} "
                         f"(the checker splits chunks into at most 64 parts)", fatal=True)
        return None
    slots = sum(v for (_, b), v in sizes.items() if b != "p") * scale
    if slots > MAX_SLOTS:
        out.add("limit", f"the plan's buffers hold {slots} chunk parts in all; the checker "
                         f"runs plans of at most {MAX_SLOTS} (its own limit, not the "
                         f"executor's)", fatal=True)
        return None
    net = Net(n=n, scale=scale, procs={}, partner=partner, peer=peer, sizes=sizes,
              semaphores={r: g.semaphores for r, g in enumerate(plan.gpus)},
              channels=sum(len(v) for v in memory.values()) + sum(len(v) for v in port.values()),
              scratch_use={} if plan.protocol == "LL" else None)
    for r, g in enumerate(plan.gpus):
        for pos, tb in enumerate(g.threadblocks):
            if tb.id != pos:
                out.add("field", f"{tb.where}.id = {tb.id}: setupOperations appends blocks in "
                                 f"order while setupChannels indexes them by id, so block ids "
                                 f"must be 0, 1, 2, ... in order", fatal=True)
                continue
            net.procs[(r, pos)] = _block(plan, net, r, g, tb, memory[r], port[r], out)
    if net.scratch_use:
        _aliases(net, out)
    return net


def _aliases(net: Net, out: Reasons) -> None:
    """LL plans: a scratch range used as packets that shares memory with one used as
    payload is a reason (the checker keeps the two views apart, so it cannot order them)."""
    k = net.scale
    for rank, uses in sorted(net.scratch_use.items()):
        uses.sort()
        reach: dict[str, tuple[int, str]] = {}        # kind -> (furthest end, its where)
        for lo, hi, kind, where in uses:
            other = "s" if kind == "p" else "p"
            end, there = reach.get(other, (0, ""))
            if end > lo:
                packet, payload = (where, there) if kind == "p" else (there, where)
                out.add("race", f"{packet} uses rank {rank}'s scratch as LL packets where "
                                f"{payload} uses it as payload (scratch chunk {lo // k} on; "
                                f"a packet slot j lies at payload chunk 2j, handlePutPackets "
                                f"``<< 1``): the two overlap")
            if hi > reach.get(kind, (0, ""))[0]:
                reach[kind] = (hi, where)


def _all_ops(ops: tuple[Op, ...]):
    for op in ops:
        yield op
        yield from op.body


def _pair(n: int, memory: dict, port: dict, out: Reasons) -> dict[ChanKey, ChanKey | None]:
    """Channel k of a to b pairs with channel k of b to a, counting memory channels before
    port channels: ``setupConnections`` numbers each peer's connections in that order with
    one tag counter per peer, and a peer's connection with tag t meets ours with tag t."""
    order: dict[tuple[int, int], list[ChanKey]] = {}
    for kind, table in (("memory", memory), ("port", port)):
        for r, peers in table.items():
            for i, p in enumerate(peers):
                order.setdefault((r, p), []).append((r, kind, i))
    partner: dict[ChanKey, ChanKey | None] = {}
    for (a, b), mine in order.items():
        theirs = order.get((b, a), [])
        for k, key in enumerate(mine):
            other = theirs[k] if k < len(theirs) else None
            if other is not None and other[1] != key[1]:
                out.add("pairing", f"gpus[{a}] {key[1]} channel {key[2]} to rank {b} meets "
                                   f"gpus[{b}] {other[1]} channel {other[2]}: connections pair "
                                   f"by order per peer (memory first, then port), so both "
                                   f"sides need as many channels of each type", fatal=True)
                other = None
            partner[key] = other
    return partner


def _block(plan: Plan, net: Net, r: int, g: Gpu, tb: ThreadBlock, memory: list[int],
           port: list[int], out: Reasons) -> list[ROp]:
    lists: dict[str, list[int]] = {"memory": [], "port": [], "switch": []}
    for kind, ids in tb.channels:
        if kind in lists:
            lists[kind].extend(ids)
    switch_infos = [(c.buffer_type, grp) for c in g.channels if c.type == "switch"
                    for grp in c.groups]
    for kind, flat in (("memory", memory), ("port", port), ("switch", switch_infos)):
        if len(lists[kind]) > MAX_CHANNEL:
            out.add("limit", f"{tb.where}: {len(lists[kind])} {kind} channels, above "
                             f"MAX_CHANNEL = {MAX_CHANNEL} per thread block", fatal=True)
        for i in lists[kind]:
            if i >= len(flat):
                out.add("range", f"{tb.where}: {kind} channel id {i} but gpus[{r}] has "
                                 f"{len(flat)} {kind} channel(s)", fatal=True)
    buffers: dict[str, list[tuple[int, str]]] = {"memory": [], "port": []}
    for kind, ids in tb.buffer_refs:
        for b in ids:
            if b >= len(g.remote_buffers):
                out.add("range", f"{tb.where}: remote buffer id {b} but gpus[{r}] has "
                                 f"{len(g.remote_buffers)}", fatal=True)
                continue
            rb = g.remote_buffers[b]
            if kind not in rb.access:
                out.add("channel", f"{tb.where}: remote buffer {b} is reached by {kind} but "
                                   f"declares access_channel_types {list(rb.access)}",
                        fatal=True)
            if not 0 <= rb.rank < net.n or rb.rank == r:
                out.add("range", f"gpus[{r}].remote_buffers[{b}].rank = {rb.rank}: not another "
                                 f"GPU of the plan", fatal=True)
            if kind in buffers:
                buffers[kind].append((rb.rank, rb.type))
    for kind, refs in buffers.items():
        if len(refs) > MAX_CHANNEL:
            out.add("limit", f"{tb.where}: {len(refs)} remote buffers over {kind} channels, "
                             f"above MAX_CHANNEL = {MAX_CHANNEL}", fatal=True)
    ctx = _Block(plan, net, r, tb, lists, memory, port, switch_infos, buffers, out)
    ops = []
    for op in tb.ops:
        ops.append(ctx.op(op))
        for inner in op.body:
            ops.append(ctx.op(inner))
    if len(ops) > MAX_OPERATION:
        out.add("limit", f"{tb.where}: {len(ops)} operations (pipeline bodies included), above "
                         f"MAX_OPERATION = {MAX_OPERATION} (setupDeviceExecutionPlan throws)",
                fatal=True)
    return ops


class _Block:
    """Resolves one thread block's operations."""

    def __init__(self, plan, net, r, tb, lists, memory, port, switch_infos, buffers, out):
        self.plan, self.net, self.r, self.tb = plan, net, r, tb
        self.lists, self.memory, self.port = lists, memory, port
        self.switch_infos, self.buffers, self.out = switch_infos, buffers, out
        self.packets = plan.protocol == "LL"

    def chan(self, op: Op, kind: str | None) -> list[ChanKey]:
        kind = kind or op.channel_type
        if kind not in ("memory", "port"):
            self.out.add("channel", f"{op.where}: {op.name} needs channel_type memory or port",
                         fatal=True)
            return []
        if len(op.channel_ids) > MAX_CHANNEL_PER_OPERATION:
            self.out.add("limit", f"{op.where}: {len(op.channel_ids)} channel_ids, above "
                                  f"MAX_CHANNEL_PER_OPERATION = {MAX_CHANNEL_PER_OPERATION}",
                         fatal=True)
        keys = []
        # a put over port channels only pushes triggers into each channel's FIFO, which
        # many threads may push into at once (FifoDeviceHandle::push takes its slot with an
        # atomicAdd, include/mscclpp/fifo_device.hpp); signals, waits and flushes update
        # the channel's own counters
        data = kind == "port" and op.name in ("put", "pws", "pwsf", "ppkt", "rppkt")
        if not data and len(set(op.channel_ids)) < len(op.channel_ids):
            self.out.add("channel", f"{op.where}: {op.name} lists a channel twice; two threads "
                                    f"would then update one channel's counters at once")
        for i in op.channel_ids:
            if i >= len(self.lists[kind]) or i > UINT8_ID:
                self.out.add("range", f"{op.where}: channel id {i} but the block lists "
                                      f"{len(self.lists[kind])} {kind} channel(s)", fatal=True)
                continue
            flat = self.lists[kind][i]
            if flat < len(self.memory if kind == "memory" else self.port):
                keys.append((self.r, kind, flat))
        return keys

    def ref(self, op: Op, ref: Ref, *, packet: bool) -> list[Range]:
        """The ranges ``ref`` names: one local or remote range, or one per rank of a switch
        channel's group."""
        if ref.switch_channel_id is not None:
            ids = self.lists["switch"]
            if ref.switch_channel_id >= len(ids) or ids[ref.switch_channel_id] >= \
                    len(self.switch_infos):
                self.out.add("range", f"{op.where}: switch_channel_id {ref.switch_channel_id} "
                                      f"is not a switch channel of the block", fatal=True)
                return []
            btype, (size, ranks) = self.switch_infos[ids[ref.switch_channel_id]]
            if self.r not in ranks:
                self.out.add("channel", f"{op.where}: the switch channel's group {list(ranks)} "
                                        f"does not hold rank {self.r}", fatal=True)
            return [self.span(op, rk, btype or "?", ref) for rk in ranks]
        if ref.buffer_id is not None:
            kind = op.channel_type
            refs = self.buffers.get(kind or "", [])
            if ref.buffer_id >= len(refs):
                self.out.add("range", f"{op.where}: buffer_id {ref.buffer_id} but the block "
                                      f"lists {len(refs)} remote buffer(s) over {kind} "
                                      f"channels", fatal=True)
                return []
            rank, btype = refs[ref.buffer_id]
            if packet:
                if btype != "s":
                    self.out.add("channel", f"{op.where}: {op.name} writes LL packets into the "
                                            f"peer's scratch buffer, but remote buffer "
                                            f"{ref.buffer_id} is {btype!r}", fatal=True)
                btype = "p"
            return [self.span(op, rank, btype, ref)]
        btype = ref.type or "?"
        if packet:
            btype = "p"
        return [self.span(op, self.r, btype, ref)]

    def span(self, op: Op, rank: int, btype: str, ref: Ref) -> Range:
        limit = self.net.sizes.get((rank, btype))
        if limit is None:
            return (rank, btype, 0, 0)
        if ref.index + ref.size > limit:
            name = {"i": "input", "o": "output", "s": "scratch", "p": "scratch"}[btype]
            self.out.add("range", f"{op.where}: chunks {ref.index}..{ref.index + ref.size - 1} "
                                  f"of rank {rank}'s {name} buffer, which has {limit}",
                         fatal=True)
        k = self.net.scale
        lo, hi = ref.index * k, (ref.index + ref.size) * k
        if op.tbg:
            t, g = op.tbg
            lo, hi = lo + (hi - lo) * t // g, lo + (hi - lo) * (t + 1) // g
        uses = self.net.scratch_use
        if uses is not None and btype in ("s", "p") and hi > lo:
            line = (2 * lo, 2 * hi) if btype == "p" else (lo, hi)
            uses.setdefault(rank, []).append((*line, btype, op.where))
        return (rank, btype, lo, hi)

    def op(self, op: Op) -> ROp:
        ro = ROp(name=op.name, kind=op.kind, where=op.where)
        for side, refs in (("src_buff", op.src), ("dst_buff", op.dst)):
            if len(refs) > MAX_BUFFERS_PER_OPERATION:
                self.out.add("limit", f"{op.where}: {len(refs)} {side} entries, above the "
                                      f"{MAX_BUFFERS_PER_OPERATION} an Operation holds",
                             fatal=True)
        if op.name in ("ppkt", "rppkt", "respkt", "cpkt", "upkt", "repkt", "recpkt",
                       "recspkt") and not self.packets:
            self.out.add("type", f"{op.where}: {op.name} is an LL packet operation in a plan "
                                 f"whose protocol is not LL (calScratchBufferSize then does not "
                                 f"double the scratch buffer for the packets' flags)",
                         fatal=True)
        build(self, op, ro)
        return ro

    def local(self, op: Op, ref: Ref, what: str) -> None:
        if ref.type is None or ref.buffer_id is not None or ref.switch_channel_id is not None:
            self.out.add("channel", f"{op.where}: {what} of {op.name} must be a local buffer "
                                    f"(\"type\"), the kernel reads it with getBuffer",
                         fatal=True)

    def remote(self, op: Op, ref: Ref, what: str, kind: str | None = "memory") -> None:
        if ref.buffer_id is None:
            self.out.add("channel", f"{op.where}: {what} of {op.name} must be a remote buffer "
                                    f"(\"buffer_id\")", fatal=True)
        elif kind is not None and op.channel_type != kind:
            self.out.add("channel", f"{op.where}: {op.name} reaches remote buffers only over "
                                    f"{kind} channels; channel_type is {op.channel_type!r}",
                         fatal=True)

    def barrier_check(self, op: Op) -> None:
        if op.barrier_id is not None and op.barrier_id >= MAX_DEVICE_SYNCERS:
            self.out.add("limit", f"{op.where}: barrier_id {op.barrier_id}, above "
                                  f"MAX_DEVICE_SYNCERS - 1 = {MAX_DEVICE_SYNCERS - 1}",
                         fatal=True)
        n_tbs = len(self.plan.gpus[self.r].threadblocks)
        if op.num_threadblocks is not None and op.num_threadblocks > n_tbs:
            self.out.add("range", f"{op.where}: barrier over {op.num_threadblocks} thread "
                                  f"blocks but gpus[{self.r}] has {n_tbs}", fatal=True)

    def sem_check(self, op: Op) -> None:
        count = len(self.net.semaphores[self.r])
        if len(op.semaphore_ids) > MAX_DEVICE_SEMAPHORES:
            self.out.add("limit", f"{op.where}: {len(op.semaphore_ids)} semaphore_ids, above "
                                  f"MAX_DEVICE_SEMAPHORES = {MAX_DEVICE_SEMAPHORES}", fatal=True)
        for s in op.semaphore_ids:
            if s >= count:
                self.out.add("range", f"{op.where}: semaphore id {s} but gpus[{self.r}] "
                                      f"declares {count} semaphore(s)", fatal=True)
