"""The LL protocol's flows of an MSCCL++ export (:mod:`.mscclpp_export`): every transfer is
a packet write into a fresh packet slot of the receiver's scratch, whose flags the reader
waits on, so there are no signals or waits inside a launch (docs/mscclpp-export.md, "The
LL protocol").

What each op does is read from microsoft/mscclpp ``src/core/include/execution_kernel.hpp``
at commit 00668b4a41acbf25214c03df74d743849d8518e8: ``handlePutPackets`` (``ppkt``: a
memory channel writes packets of local data into the peer's scratch; a port channel only
moves data that is already packets), ``handleReadPutPackets`` (``rppkt``: waits for its
own packets, then writes them to the peers or, over a port channel, puts them),
``handleUnpackPackets`` (``upkt``), ``handleCopyPackets`` (``cpkt``) and
``handleReduceSendPackets`` / ``handleReduceCopySendPackets`` (``repkt``, ``respkt``,
``recpkt``: the first source is local data, the others packet slots; the sum goes to the
local destination, optionally as packets to a local slot and to peers over memory
channels). A port channel is therefore always fed from the sender's own packets: ``cpkt``
(or ``recpkt``) then ``rppkt``.
"""

from __future__ import annotations

from .mscclpp_export_flows import (MAX_CHANNEL_PER_OPERATION, MAX_REDUCE_SOURCES, MEMORY, PORT,
                                   Flows, route_parts)


def _send(u: int, stage: int, src: tuple[str, int], dests: list[tuple[int, int, int]],
          flows: Flows, P: int, packet_slot: int | None = None) -> list[tuple[int, tuple]]:
    """u sends the chunk at ``src`` (payload, or its own packet slot ``packet_slot``) to
    every (peer, channel type, peer's slot) of ``dests``."""
    acts: list[tuple[int, tuple]] = []
    by_type = {t: [(p, slot) for p, ct, slot in dests if ct == t] for t in (MEMORY, PORT)}
    own = packet_slot
    if own is None:
        for p, slot in by_type[MEMORY]:
            acts.append((u, (stage, "k", p, MEMORY, src[0], src[1], slot)))
        by_type[MEMORY] = []
        if by_type[PORT]:
            own = flows.slot(u, P, packet=True)
            acts.append((u, (stage, "x", src[0], src[1], own)))
    for t in (MEMORY, PORT):
        todo = by_type[t]
        for i in range(0, len(todo), MAX_CHANNEL_PER_OPERATION):
            acts.append((u, (stage, "f", own, t, tuple(todo[i:i + MAX_CHANNEL_PER_OPERATION]))))
    for p, ct, _slot in dests:
        acts.append((p, (stage + 1, "l", u, ct)))          # the receiver's end of the channel
    return acts


def ll_out_part(flows: Flows, children: dict, depth: dict, r: int, g: int,
                src: tuple[str, int], P: int, base: int = 0) -> list[tuple[int, tuple]]:
    """One part down an out-tree: the root sends from ``src``; every other node gets the
    part as packets, forwards them and unpacks them into its output at ``g``; stages from
    ``base``."""
    slot = {c: flows.slot(c, P, packet=True) for u in sorted(children) for c, _ in children[u]}
    acts: list[tuple[int, tuple]] = []
    for u in sorted(children):
        dests = [(c, ct, slot[c]) for c, ct in children[u]]
        if u == r:
            acts += _send(u, base + depth[u], src, dests, flows, P)
        else:
            acts += _send(u, base + depth[u], ("s", slot[u]), dests, flows, P, slot[u])
    for v in slot:
        acts.append((v, (base + depth[v], "u", slot[v], "o", g)))
    return acts


def ll_in_part(flows: Flows, children: dict, depth: dict, r: int, g: int,
               acc_root: tuple[str, int], P: int) -> tuple[list[tuple[int, tuple]], int]:
    """One part up an in-tree: every child writes its value as packets into its own slot
    of its parent; the parent reduces its input with its slots (``repkt`` into a payload
    sum, at the root into ``acc_root``) and sends the sum on. Returns the actions and the
    stage at which the root has the sum."""
    parent = {c: (p, ct) for p, kids in children.items() for c, ct in kids}
    height = max(depth.values())
    order = sorted(depth, key=lambda v: (-depth[v], v))          # children before parents
    into = {c: flows.slot(parent[c][0], P, packet=True) for c in order if c != r}
    acts: list[tuple[int, tuple]] = []
    for v in order:
        stage = height - depth[v]
        kids = children.get(v, [])
        up = parent.get(v)
        if not kids:
            acts += _send(v, stage, ("i", g), [(up[0], up[1], into[v])], flows, P)
            continue
        acc = acc_root if v == r else ("s", flows.slot(v, P))
        slots = [into[c] for c, _ in kids]
        first_op = True
        copy = None
        while slots:
            take, slots = slots[:MAX_REDUCE_SOURCES - 1], slots[MAX_REDUCE_SOURCES - 1:]
            src0 = ("i", g) if first_op else acc
            first_op = False
            send = None
            if not slots and up is not None:
                if up[1] == MEMORY:
                    send = (up[0], MEMORY, into[v])
                else:
                    copy = flows.slot(v, P, packet=True)
            acts.append((v, (stage, "q", acc[0], acc[1], (src0, *take), send, copy)))
        if up is not None:
            acts.append((up[0], (stage + 1, "l", v, up[1])))
            if up[1] == PORT:
                acts.append((v, (stage, "f", copy, PORT, ((up[0], into[v]),))))
    return acts, height


def ll_alltoall(flows: Flows, topology, schedule, rank: dict[str, int], P: int, per: int,
                hops) -> None:
    """Routes: each hop a packet write into a fresh slot of the next compute node; the
    destination unpacks into its output block. ``hops(route)`` lists a route's
    (sender, receiver, channel type)."""
    for s, t, off, steps in route_parts(flows, schedule, rank, P, per, hops):
        acts: list[tuple[int, tuple]] = []
        held = None
        for i, (a, c, ct) in enumerate(steps):
            slot = flows.slot(c, P, packet=True)
            src = ("i", t * per + off) if held is None else ("s", held)
            acts += _send(a, i, src, [(c, ct, slot)], flows, P, held)
            held = slot
        acts.append((t, (len(steps), "u", held, "o", s * per + off)))
        flows.add(acts)
