"""One GPU of an MSCCL++ execution plan, as the executor's parser reads it
(docs/mscclpp-export.md, "The plan's fields"), from the per-rank actions of
:mod:`.mscclpp_export_flows`.

Every key written is one ``ExecutionPlan::Impl`` reads (microsoft/mscclpp
``src/core/executor/execution_plan.cc`` at commit 00668b4a41acbf25214c03df74d743849d8518e8:
``loadExecutionPlan`` for a gpu's ``id``, ``input_chunks``, ``output_chunks``,
``scratch_chunks``; ``parseChannels`` for ``channels`` with ``channel_type`` and
``connected_to``; ``parseRemoteBuffer`` for ``remote_buffers`` with ``rank``, ``type`` and
``access_channel_types``; ``setupChannels`` / ``setupRemoteBuffers`` for a thread block's
``channels`` (``channel_type``, ``channel_ids``) and ``remote_buffer_refs``
(``access_channel_type``, ``remote_buffer_ids``); ``setupOperation`` for an op's ``name``,
``channel_type``, ``channel_ids``, ``src_buff`` / ``dst_buff`` entries (``type`` or
``buffer_id``, ``index``, ``size``) and a pipeline's
``iter_context`` (``unit_size``, ``num_chunks``) with its inner ``ops``), and in the key
order the project's own DSL writes them (``python/mscclpp/language/internal/gpu.py``,
``threadblock.py``, ``operations.py``).
"""

from __future__ import annotations

from .mscclpp_export_flows import (CHANNEL_NAMES, MAX_CHANNEL_PER_OPERATION, MAX_OPERATION,
                                   MEMORY, PORT, Flows)


FLUSH_ENTRY = {"type": "i", "index": 0, "size": 1}
"""A flush's ``dst_buff`` entry, one per flushed channel: ``handleFlush``
(``execution_kernel.hpp``) flushes ``op.nOutputs`` channels, which ``setupOperation``
(``execution_plan.cc``) counts from ``dst_buff``; the entry's own chunk is never read (the
rank's input chunk 0, which every plan has)."""


def _groups(items: list, size: int = MAX_CHANNEL_PER_OPERATION) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def gpu_plan(flows: Flows, r: int, sizes: tuple[int, int], part: int,
             unit: int) -> tuple[dict, int]:
    """The ``gpus[r]`` object and its operation count. ``sizes``: input and output chunks;
    ``part``: chunks per flow; ``unit``: the pipeline's unit in bytes."""
    blocks = flows.blocks[r]
    lanes = sorted({(ct, peer, cls) for cls, b in blocks.items() for peer, ct in b.peers})
    chan_index = {}
    connected: dict[int, list[int]] = {MEMORY: [], PORT: []}
    for ct, peer, cls in lanes:
        chan_index[(peer, ct, cls)] = len(connected[ct])
        connected[ct].append(peer)
    bufs = sorted({(peer, buf, ct) for b in blocks.values() for peer, buf, ct in b.buffers})
    buf_index = {key: i for i, key in enumerate(bufs)}
    per_class: dict[int, list[tuple]] = {}
    for act in flows.actions[r]:
        per_class.setdefault(act[0], []).append(act[1:])
    threadblocks = []
    total = 0
    for tb_id, cls in enumerate(sorted(blocks)):
        block = blocks[cls]
        tb_chan = {t: sorted(chan_index[(p, t, cls)] for p, ct in block.peers if ct == t)
                   for t in (MEMORY, PORT)}
        local_chan = {(p, ct): tb_chan[ct].index(chan_index[(p, ct, cls)])
                      for p, ct in block.peers}
        tb_bufs = {t: sorted(buf_index[b] for b in block.buffers if b[2] == t)
                   for t in (MEMORY, PORT)}
        local_buf = {b: tb_bufs[b[2]].index(buf_index[b]) for b in block.buffers}
        ops: list[dict] = []
        every = {t: list(range(len(tb_chan[t]))) for t in (MEMORY, PORT)}
        for name in ("signal", "wait"):                   # the handshake (module docs)
            for t in (MEMORY, PORT):
                for ids in _groups(every[t]):
                    ops.append({"name": name, "channel_ids": ids,
                                "channel_type": CHANNEL_NAMES[t]})
        if block.peers:
            ops.append({"name": "nop"})
        inner = _inner(per_class.get(cls, []), local_chan, local_buf, part)
        if flows.packets:                                 # LL: packet ops, no pipeline
            ops += inner
            inner = []
        else:
            ops.append({"name": "pipeline", "iter_context": {"unit_size": unit,
                                                             "num_chunks": part},
                        "ops": inner})
        if every[PORT]:
            ops.append({"name": "nop"})                   # every thread's puts issued first
        for ids in _groups(every[PORT]):
            # handleFlush flushes op.nOutputs channels, the count of dst_buff entries (not
            # of channel_ids): one entry per channel, which the kernel reads only to count
            ops.append({"name": "flush", "channel_ids": ids, "channel_type": "port",
                        "dst_buff": [dict(FLUSH_ENTRY) for _ in ids]})
        count = len(ops) + len(inner)
        expected = block.ops(pipeline=not flows.packets)
        if count != expected or count > MAX_OPERATION:   # the flows' count is the limit's
            raise AssertionError(f"rank {r} class {cls}: {count} ops, {expected} counted")
        total += count
        channels = [{"channel_type": CHANNEL_NAMES[t], "channel_ids": tb_chan[t]}
                    for t in (MEMORY, PORT) if tb_chan[t]]
        refs = [{"access_channel_type": CHANNEL_NAMES[t], "remote_buffer_ids": tb_bufs[t]}
                for t in (MEMORY, PORT) if tb_bufs[t]]
        threadblocks.append({"id": tb_id, "ops": ops, "channels": channels,
                             "remote_buffer_refs": refs})
    gpu = {"id": r, "input_chunks": sizes[0], "output_chunks": sizes[1],
           "scratch_chunks": flows.scratch(r), "threadblocks": threadblocks,
           "channels": [{"channel_type": CHANNEL_NAMES[t], "connected_to": connected[t]}
                        for t in (MEMORY, PORT) if connected[t]],
           "remote_buffers": [{"rank": peer, "type": buf,
                               "access_channel_types": [CHANNEL_NAMES[ct]]}
                              for peer, buf, ct in bufs],
           "semaphores": []}
    return gpu, total


def _inner(acts: list[tuple], chan: dict, buf: dict, part: int) -> list[dict]:
    """A thread block's pipeline body: per stage, its waits, the reductions and copies,
    the puts and their signals (:class:`~.mscclpp_export_flows.Stage` counts the same)."""
    stages: dict[int, list[tuple]] = {}
    for act in acts:
        stages.setdefault(act[0], []).append(act)
    ops: list[dict] = []

    def local(b: str, i: int) -> dict:
        return {"type": b, "index": i, "size": part}

    def remote(peer: int, ct: int, slot: int) -> dict:
        return {"buffer_id": buf[(peer, "s", ct)], "index": slot, "size": part}

    for stage in sorted(stages):
        acts_here = stages[stage]
        waits = sorted({(a[3], chan[(a[2], a[3])]) for a in acts_here if a[1] == "w"})
        for t in (MEMORY, PORT):
            for ids in _groups([i for ct, i in waits if ct == t]):
                ops.append({"name": "wait", "channel_ids": ids,
                            "channel_type": CHANNEL_NAMES[t]})
        if waits:
            ops.append({"name": "nop"})
        reduces = [a for a in acts_here if a[1] == "r"]
        copies = [a for a in acts_here if a[1] == "c"]
        for a in reduces:
            ops.append({"name": "re", "src_buff": [local(b, i) for b, i in a[4]],
                        "dst_buff": [local(a[2], a[3])], "reduce_op": "sum"})
        for a in copies:
            ops.append({"name": "copy", "src_buff": [local(a[2], a[3])],
                        "dst_buff": [local(a[4], a[5])]})
        puts: dict[tuple, list[tuple]] = {}
        for a in acts_here:
            if a[1] == "p":
                puts.setdefault((a[3], a[4]), []).append(a)
        if (reduces or copies) and puts:
            ops.append({"name": "nop"})
        signals: set[tuple[int, int]] = set()
        for (ct, _src), group in puts.items():
            for chunk in _groups(group):
                op: dict = {"name": "put",
                            "src_buff": [local(a[4], a[5]) for a in chunk],
                            "dst_buff": [{"buffer_id": buf[(a[2], a[6], ct)], "index": a[7],
                                          "size": part} for a in chunk]}
                if ct == PORT:
                    op["channel_ids"] = [chan[(a[2], ct)] for a in chunk]
                op["channel_type"] = CHANNEL_NAMES[ct]
                ops.append(op)
                signals.update((ct, chan[(a[2], ct)]) for a in chunk)
        if signals:
            ops.append({"name": "nop"})
        for t in (MEMORY, PORT):
            for ids in _groups(sorted(i for ct, i in signals if ct == t)):
                ops.append({"name": "signal", "channel_ids": ids,
                            "channel_type": CHANNEL_NAMES[t]})
        for a in acts_here:                               # LL, in the order made
            ops.extend(_packet_op(a, chan, remote, local))
    return ops


def _packet_op(a: tuple, chan: dict, remote, local) -> list[dict]:
    """The LL op of one packet action (none for a channel-only ``l`` or a Simple one)."""
    kind = a[1]
    if kind == "k":                                       # ppkt, memory channel
        return [{"name": "ppkt", "src_buff": [local(a[4], a[5])],
                 "dst_buff": [remote(a[2], a[3], a[6])], "channel_type": "memory"}]
    if kind == "f":                                       # rppkt from own packets
        op = {"name": "rppkt", "src_buff": [local("s", a[2])],
              "dst_buff": [remote(p, a[3], slot) for p, slot in a[4]]}
        if a[3] == PORT:
            op["channel_ids"] = [chan[(p, PORT)] for p, _ in a[4]]
        op["channel_type"] = CHANNEL_NAMES[a[3]]
        return [op]
    if kind == "n":
        return [{"name": "nop"}]
    if kind == "u":
        return [{"name": "upkt", "src_buff": [local("s", a[2])],
                 "dst_buff": [local(a[3], a[4])]}]
    if kind == "x":
        return [{"name": "cpkt", "src_buff": [local(a[2], a[3])],
                 "dst_buff": [local("s", a[4])]}]
    if kind == "q":
        src0, slots, send, copy = a[4][0], a[4][1:], a[5], a[6]
        dst = [local(a[2], a[3])]
        if copy is not None:
            dst.append(local("s", copy))
        if send is not None:
            dst.append(remote(send[0], send[1], send[2]))
        name = {(False, False): "repkt", (False, True): "respkt", (True, False): "recpkt",
                (True, True): "recspkt"}[(copy is not None, send is not None)]
        op = {"name": name, "src_buff": [local(*src0)] + [local("s", j) for j in slots],
              "dst_buff": dst}
        if send is not None:
            op["channel_type"] = "memory"
        op["reduce_op"] = "sum"
        return [op]
    return []
