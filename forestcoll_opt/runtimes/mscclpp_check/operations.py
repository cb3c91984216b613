"""What each operation reads, writes, signals and waits for, as the executor's kernel runs it
(``docs/mscclpp.md`` section 5; ``src/core/include/execution_kernel.hpp``: the ``handle*``
function of each operation, dispatched by ``executeDeviceFunction``)."""

from __future__ import annotations

from typing import Any

from .plan import Op, Ref
from .resolved import Move, Range, ROp

PACKET_FACTOR = 2
"""An LL packet carries as many flag bytes as data bytes (``LL16Packet``, ``LL8Packet``):
a packet transfer moves twice the chunk's bytes."""


def build(ctx: Any, op: Op, ro: ROp) -> None:
    """Fill ``ro`` for ``op`` of the block ``ctx`` (a ``structure._Block``)."""
    name = op.name
    if name in ("signal", "rlxsignal"):
        ro.signals = ctx.chan(op, None)
        if name == "rlxsignal" and op.channel_type == "memory":
            ctx.out.note("the plan orders work with relaxed signals (rlxsignal: a relaxed "
                         "atomic, no memory fence, handleSignal<true>); the check takes them "
                         "to order what comes before them, as MSCCL++'s own plans do")
    elif name in ("wait", "rlxwait"):
        ro.waits = ctx.chan(op, None)
    elif name == "flush":
        keys = ctx.chan(op, "port")
        # handleFlush flushes op.nOutputs channels: the number of dst_buff entries
        ro.flushes = keys[:len(op.dst)]
        if len(op.dst) < len(keys):
            ctx.out.note(f"{op.where}: flush flushes only as many channels as it has dst_buff "
                         f"entries ({len(op.dst)}): handleFlush counts op.nOutputs")
    elif name == "barrier":
        ctx.barrier_check(op)
        ro.barrier = (op.barrier_id or 0, op.num_threadblocks or 1)
    elif name in ("sem_acquire", "sem_release"):
        ctx.sem_check(op)
        (ro.sem_acquire if name == "sem_acquire" else ro.sem_release).extend(op.semaphore_ids)
    elif name in ("put", "pws", "pwsf"):
        _put(ctx, op, ro, packet=False)
    elif name == "ppkt":
        _put(ctx, op, ro, packet=True)
    elif name == "get":
        _get(ctx, op, ro)
    elif name == "copy":
        if _need(ctx, op, 1, 1):
            ctx.local(op, op.src[0], "the source")
            ctx.local(op, op.dst[0], "the destination")
            _move(ctx, op, ro, [ctx.ref(op, op.src[0], packet=False)],
                  [ctx.ref(op, op.dst[0], packet=False)])
    elif name in ("re", "res", "rre", "rres"):
        _reduce(ctx, op, ro)
    elif name in ("cpkt", "upkt"):
        if _need(ctx, op, 1, 1):
            ctx.local(op, op.src[0], "the source")
            ctx.local(op, op.dst[0], "the destination")
            unpack = name == "upkt"
            _scratch(ctx, op, op.src[0] if unpack else op.dst[0])
            _move(ctx, op, ro, [ctx.ref(op, op.src[0], packet=unpack)],
                  [ctx.ref(op, op.dst[0], packet=not unpack)], packet_read=[unpack])
    elif name == "rppkt":
        _read_put_packets(ctx, op, ro)
    elif name in ("respkt", "repkt", "recspkt", "recpkt"):
        _reduce_packets(ctx, op, ro)
    elif name in ("glres", "gstore"):
        _switch(ctx, op, ro)


def _need(ctx: Any, op: Op, nsrc: int, ndst: int) -> bool:
    if len(op.src) < nsrc or len(op.dst) < ndst:
        ctx.out.add("field", f"{op.where}: {op.name} needs at least {nsrc} src_buff and {ndst} "
                             f"dst_buff entries", fatal=True)
        return False
    return True


def _scratch(ctx: Any, op: Op, ref: Ref) -> None:
    if ref.type not in (None, "s"):
        ctx.out.add("channel", f"{op.where}: {op.name} reads or writes LL packets in the "
                               f"scratch buffer (the kernel addresses the scratch buffer "
                               f"whatever the type); write type \"s\"", fatal=True)


def _move(ctx: Any, op: Op, ro: ROp, sources: list[list[Range]], targets: list[list[Range]],
          *, packet_read: list[bool] | None = None, port: Any = None,
          factor: int = 1) -> Move | None:
    """One move of the sources' sum into every target, with its transfers between GPUs."""
    srcs = [x for group in sources for x in group]
    dsts = [x for group in targets for x in group]
    if not srcs or not dsts:
        return None
    flags = packet_read or [False] * len(sources)
    reads = [flag for flag, group in zip(flags, sources) for _ in group]
    lengths = {hi - lo for _, _, lo, hi in srcs + dsts}
    if len(lengths) > 1:
        sizes = sorted(x // ctx.net.scale for x in lengths)
        ctx.out.add("sizes", f"{op.where}: {op.name} moves ranges of different sizes "
                             f"{sizes} chunks (the kernel uses the first one's size for all)",
                    fatal=True)
        return None
    move = Move(sources=srcs, targets=dsts, packet_read=reads, port=port)
    here = ctx.r
    kind = "port" if port is not None else "memory"
    for rank, _, lo, hi in srcs:
        if rank != here:
            move.transfers.append((rank, here, (hi - lo) * factor, kind))
    for rank, _, lo, hi in dsts:
        if rank != here:
            move.transfers.append((here, rank, (hi - lo) * factor, kind))
    ro.moves.append(move)
    return move


def _put(ctx: Any, op: Op, ro: ROp, *, packet: bool) -> None:
    if not _need(ctx, op, 1, 1):
        return
    if len(op.src) != len(op.dst):
        ctx.out.add("sizes", f"{op.where}: {op.name} has {len(op.src)} src_buff and "
                             f"{len(op.dst)} dst_buff entries; the kernel pairs source i with "
                             f"destination i", fatal=True)
    if len({s.type for s in op.src}) > 1:
        ctx.out.add("channel", f"{op.where}: {op.name}'s sources lie in different buffers; the "
                               f"kernel takes every source in the first one's buffer", fatal=True)
    port = op.channel_type == "port"
    keys = ctx.chan(op, "port") if port else []
    if port and len(keys) < len(op.dst):
        ctx.out.add("channel", f"{op.where}: {op.name} over port channels needs one channel_id "
                               f"per destination ({len(op.dst)})", fatal=True)
        return
    for i, (s, d) in enumerate(zip(op.src, op.dst)):
        ctx.local(op, s, "a source")
        ctx.remote(op, d, "a destination", kind=None)
        src_packet = packet and port       # port ppkt copies packets already in scratch
        if src_packet:
            _scratch(ctx, op, s)
        dst = ctx.ref(op, d, packet=packet)
        key = keys[i] if port else None
        if key is not None and dst and ctx.net.peer.get(key) != dst[0][0]:
            ctx.out.add("channel", f"{op.where}: destination {i} is rank {dst[0][0]}'s buffer "
                                   f"but port channel {op.channel_ids[i]} goes to rank "
                                   f"{ctx.net.peer.get(key)}", fatal=True)
        _move(ctx, op, ro, [ctx.ref(op, s, packet=src_packet)], [dst], port=key,
              factor=2 if packet else 1)
    if op.name in ("pws", "pwsf"):
        if port:
            ro.signals = keys[:len(op.dst)]
            if op.name == "pwsf":
                ro.flushes = keys[:len(op.dst)]
        else:
            ctx.out.note(f"{op.where}: {op.name} over a memory channel is a plain put: "
                         f"handlePut signals only on port channels")


def _get(ctx: Any, op: Op, ro: ROp) -> None:
    if not _need(ctx, op, 1, 1):
        return
    for i, (s, d) in enumerate(zip(op.src, op.dst)):
        ctx.remote(op, s, "a source")
        ctx.local(op, d, "a destination")
        if s.index != d.index:
            # handleGet adds the source's offset to the local buffer and the destination's
            # to the remote one
            ctx.out.note(f"{op.where}: get with source index {s.index} and destination index "
                         f"{d.index}: handleGet reads the remote buffer at the destination's "
                         f"offset and writes the local one at the source's (run so here)")
            s, d = (Ref(s.type, s.buffer_id, s.switch_channel_id, d.index, s.size),
                    Ref(d.type, d.buffer_id, d.switch_channel_id, s.index, d.size))
        _move(ctx, op, ro, [ctx.ref(op, s, packet=False)], [ctx.ref(op, d, packet=False)])


def _reduce(ctx: Any, op: Op, ro: ROp) -> None:
    if not _need(ctx, op, 2 if op.name in ("rre", "rres") else 1, 1):
        return
    ctx.local(op, op.src[0], "the first source")
    ctx.local(op, op.dst[0], "the first destination")
    remote_in = op.name in ("rre", "rres")
    for s in op.src[1:]:
        (ctx.remote if remote_in else ctx.local)(op, s, "a further source")
    sends = op.name in ("res", "rres")
    if not sends and len(op.dst) > 1:
        ctx.out.note(f"{op.where}: {op.name} writes only its first destination")
    for d in op.dst[1:] if sends else ():
        ctx.remote(op, d, "a further destination")
    sources = [ctx.ref(op, s, packet=False) for s in op.src]
    targets = [ctx.ref(op, op.dst[0], packet=False)]
    targets += [ctx.ref(op, d, packet=False) for d in (op.dst[1:] if sends else ())]
    _move(ctx, op, ro, sources, targets)


def _read_put_packets(ctx: Any, op: Op, ro: ROp) -> None:
    if not _need(ctx, op, 1, 1):
        return
    ctx.local(op, op.src[0], "the source")
    _scratch(ctx, op, op.src[0])
    port = op.channel_type == "port"
    keys = ctx.chan(op, "port") if port else []
    for i, d in enumerate(op.dst):
        ctx.remote(op, d, "a destination", kind=None)
        key = keys[i] if port and i < len(keys) else None
        _move(ctx, op, ro, [ctx.ref(op, op.src[0], packet=True)],
              [ctx.ref(op, d, packet=True)], packet_read=[True], port=key,
              factor=PACKET_FACTOR)


def _reduce_packets(ctx: Any, op: Op, ro: ROp) -> None:
    copy = op.name in ("recspkt", "recpkt")
    if not _need(ctx, op, 1, 2 if copy else 1):
        return
    ctx.local(op, op.src[0], "the first source")
    ctx.local(op, op.dst[0], "the first destination")
    for s in op.src[1:]:
        ctx.local(op, s, "a packet source")
        _scratch(ctx, op, s)
    sources = [ctx.ref(op, op.src[0], packet=False)]
    sources += [ctx.ref(op, s, packet=True) for s in op.src[1:]]
    reads = [False] + [True] * (len(op.src) - 1)
    targets = [ctx.ref(op, op.dst[0], packet=False)]
    first_remote = 1
    if copy:
        ctx.local(op, op.dst[1], "the packet copy")
        _scratch(ctx, op, op.dst[1])
        targets.append(ctx.ref(op, op.dst[1], packet=True))
        first_remote = 2
    if op.name in ("respkt", "recspkt"):
        for d in op.dst[first_remote:]:
            ctx.remote(op, d, "a further destination")
            targets.append(ctx.ref(op, d, packet=True))
    move = _move(ctx, op, ro, sources, targets, packet_read=reads)
    if move is not None:       # remote packet writes carry flags too
        move.transfers = [(a, b, amount * (PACKET_FACTOR if b != ctx.r else 1), kind)
                          for a, b, amount, kind in move.transfers]


def _switch(ctx: Any, op: Op, ro: ROp) -> None:
    if not _need(ctx, op, 1, 1):
        return
    d = op.dst[0]
    if d.switch_channel_id is None:
        ctx.out.add("channel", f"{op.where}: {op.name} stores through a switch channel "
                               f"(\"switch_channel_id\")", fatal=True)
        return
    if op.name == "glres":
        if op.src[0].switch_channel_id is None:
            ctx.out.add("channel", f"{op.where}: glres loads through a switch channel "
                                   f"(\"switch_channel_id\")", fatal=True)
            return
    else:
        ctx.local(op, op.src[0], "the source")
    sources = ctx.ref(op, op.src[0], packet=False)
    targets = ctx.ref(op, d, packet=False)
    if not sources or not targets:
        return
    lengths = {hi - lo for _, _, lo, hi in sources + targets}
    if len(lengths) > 1:
        ctx.out.add("sizes", f"{op.where}: {op.name} moves ranges of different sizes",
                    fatal=True)
        return
    move = Move(sources=list(sources), targets=list(targets),
                packet_read=[False] * len(sources),
                group=tuple(sorted({r for r, *_ in targets})))
    amount = next(iter(lengths))
    # glres (handleMultiLoadReduceStore): multimem.ld_reduce brings every member's data
    # to the switch and the sum back to this GPU, multimem.st sends it up again and the
    # switch writes it to every member; gstore (handleMultiStore) is the store alone
    if op.name == "glres":
        for r, *_ in sources:
            move.transfers.append((r, -1, amount, "switch"))
        move.transfers.append((-1, ctx.r, amount, "switch"))
    move.transfers.append((ctx.r, -1, amount, "switch"))
    for r, *_ in targets:
        move.transfers.append((-1, r, amount, "switch"))
    ro.moves.append(move)
