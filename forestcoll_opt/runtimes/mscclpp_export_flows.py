"""The flows of an MSCCL++ export (:mod:`.mscclpp_export`): every part of every tree or
route, cut into per-rank actions, and the thread block (class) each flow runs on.

A *flow* is one part of the schedule (``chunks`` MSCCL++ chunks) moving along one tree or
route: an out-tree (allgather, broadcast, an allreduce's second phase), an in-tree
(reduce-scatter, reduce, an allreduce's first phase) or a path of compute hops (all-to-all).
Each edge u -> v of a flow becomes a *put* on u (into v's output or scratch) at a *stage*
and a *wait* on v at the next stage; an in-tree node reduces what its children put into its
scratch with its own input (``re``) before it puts the sum to its parent. Stages: an
out-tree node waits and forwards at its depth, an in-tree node at (height - depth), a route
hop at its index, so every wait at stage s is matched by its sender's signal at stage s - 1
of the same pipeline iteration (docs/mscclpp-export.md, "Deadlock freedom").

Flows are dealt to classes, the same class at every rank: class c is one thread block on
every rank that takes part in one of its flows, and the channels between two ranks are one
per (class, channel type) in both directions. A flow goes to the first class, from its
preferred one (round robin over ``spread``), that keeps every rank within the executor's
limits (:data:`LIMITS`); a new class opens when none does.

Flows are read one tree at a time (a compact schedule's trees are made one by one by
:meth:`~forestcoll_opt.model.schedule.Schedule.iter_trees`) and kept only as per-rank
tuples of integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..errors import MscclExportError
from ..model.schedule import Schedule, Tree
from ..model.topology import Topology

MEMORY, PORT = 0, 1
CHANNEL_NAMES = ("memory", "port")

# The executor's limits, from microsoft/mscclpp src/core/include/execution_common.hpp at
# commit 00668b4a41acbf25214c03df74d743849d8518e8 (docs/mscclpp-export.md, "Limits"):
MAX_OPERATION = 64            # operations of one thread block, a pipeline's inner ops included
MAX_CHANNEL = 16              # memory (or port) channels, remote buffers, of one thread block
MAX_CHANNEL_PER_OPERATION = 8  # channels (and buffers through them) of one operation
MAX_LOCAL_BUFFER_PER_OPERATION = 2  # the first local buffers, before the channels' ones
MAX_REDUCE_SOURCES = MAX_LOCAL_BUFFER_PER_OPERATION + MAX_CHANNEL_PER_OPERATION

# link types whose transfers go through memory channels (GPU load/store over NVLink or
# xGMI, CudaIpc); every other typed link (infiniband, ethernet, pcie) needs a port channel
MEMORY_LINKS = frozenset({"nvlink", "xgmi"})


def channel_type(topology: Topology, path: tuple[str, ...]) -> int:
    """MEMORY when every hop of ``path`` is NVLink or xGMI (or, untyped, the two ends share
    a box), else PORT (a NIC or PCIe on the way: the proxy's DMA)."""
    types = topology.link_type
    kinds = [types.get((a, b)) for a, b in zip(path, path[1:])]
    if all(k is None for k in kinds):
        node = topology.node
        same = node[path[0]].box is not None and node[path[0]].box == node[path[-1]].box
        return MEMORY if same else PORT
    return MEMORY if all(k in MEMORY_LINKS for k in kinds if k is not None) else PORT


def trees_of(phase: Schedule, rank: dict[str, int], per_tree: int
           ) -> Iterator[tuple[Tree, int, int]]:
    """(tree, root rank, first chunk of its share in the root's region): a root's trees
    take consecutive runs of ``weight x per_tree`` chunks, one tree at a time."""
    used: dict[int, int] = {}
    for tree in phase.iter_trees():
        r = rank[tree.root]
        first = used.get(r, 0)
        used[r] = first + tree.weight * per_tree
        yield tree, r, first


def tree_edges(topology: Topology, tree: Tree, rank: dict[str, int], inward: bool
           ) -> tuple[dict[int, list[tuple[int, int]]], dict[int, int]]:
    """children[parent] = [(child, channel type)] away from the root, and every node's
    depth."""
    node = topology.node
    children: dict[int, list[tuple[int, int]]] = {}
    for e in tree.edges:
        for v in e.path[1:-1]:
            if node[v].is_compute:
                raise MscclExportError(f"a tree edge from {e.src} to {e.dst} passes GPU {v}: "
                                       f"export a schedule made without relays through "
                                       f"non-member GPUs (relay=False)", options=("relay",))
        a, b = rank[e.src], rank[e.dst]
        parent, child = (b, a) if inward else (a, b)
        children.setdefault(parent, []).append((child, channel_type(topology, e.path)))
    depth = {rank[tree.root]: 0}
    stack = [rank[tree.root]]
    while stack:
        v = stack.pop()
        for c, _t in children.get(v, ()):
            depth[c] = depth[v] + 1
            stack.append(c)
    return children, depth


def route_parts(flows: "Flows", schedule: Schedule, rank: dict[str, int], P: int, per: int,
                hops) -> Iterator[tuple[int, int, int, list]]:
    """All-to-all: every rank's own block copied (a flow each), then (source rank,
    destination rank, chunk offset in the pair's block, hops) of every part of every route,
    a route of weight w taking the next w parts of its pair."""
    for r in range(len(rank)):
        for j in range(0, per, P):
            flows.add([(r, (0, "c", "i", r * per + j, "o", r * per + j))])
    used: dict[tuple[int, int], int] = {}
    for route in schedule.routes:
        s, t = rank[route.src], rank[route.dst]
        first = used.get((s, t), 0)
        used[(s, t)] = first + route.weight * P
        steps = hops(route)
        for off in range(first, first + route.weight * P, P):
            yield s, t, off, steps


def ceil8(n: int) -> int:
    return -(-n // MAX_CHANNEL_PER_OPERATION)


assert MAX_CHANNEL_PER_OPERATION == 8     # stage_ops spells the division out, for speed


def stage_ops(waits: list[int], signals: list[int], puts: dict, reduces: int,
              copies: int, packets: int = 0) -> int:
    """Operations of one stage of a thread block's pipeline body from its counts: waits
    and signals per channel type, puts per (channel type, source buffer), reductions and
    copies (:mod:`.mscclpp_export_render` writes exactly these)."""
    w0, w1 = waits
    s0, s1 = signals
    n = (w0 + 7) // 8 + (w1 + 7) // 8 + (s0 + 7) // 8 + (s1 + 7) // 8   # 8 per op
    if w0 or w1:
        n += 1                                      # nop: the waited data before its readers
    n += reduces + copies + packets                 # LL: one op per packet action
    put_ops = 0
    for c in puts.values():
        put_ops += (c + 7) // 8
    if (reduces or copies) and put_ops:
        n += 1                                      # nop: the sums before the puts that read them
    n += put_ops
    if s0 or s1:
        n += 1                                      # nop: every thread's writes before the signal
    return n


@dataclass
class Stage:
    """What one thread block does at one stage of an iteration (counts for the limits)."""

    waits: set = field(default_factory=set)        # (peer, ctype)
    signals: set = field(default_factory=set)      # (peer, ctype)
    puts: dict = field(default_factory=dict)       # (ctype, src buffer) -> count
    reduces: int = 0
    copies: int = 0
    nwait: list = field(default_factory=lambda: [0, 0])     # waits per channel type
    nsignal: list = field(default_factory=lambda: [0, 0])   # signals per channel type
    packets: int = 0                                         # LL packet ops

    def ops(self) -> int:
        return stage_ops(self.nwait, self.nsignal, self.puts, self.reduces, self.copies,
                         self.packets)


@dataclass
class Block:
    """One class's thread block on one rank: the figures the limits apply to."""

    stages: dict = field(default_factory=dict)     # stage -> Stage
    peers: set = field(default_factory=set)        # (peer, ctype): its channels
    buffers: set = field(default_factory=set)      # (peer, buffer, ctype): remote buffers
    inner: int = 0                                  # the pipeline's inner operations
    npeers: list = field(default_factory=lambda: [0, 0])     # channels per type
    nbuffers: list = field(default_factory=lambda: [0, 0])   # remote buffers per type

    def ops(self, npeers: list | None = None, inner: int | None = None,
            pipeline: bool = True) -> int:
        """Operations: handshake, pipeline (Simple) and its inner ops, flush (with other
        channel counts ``npeers`` or ``inner``: the figures a flow would leave)."""
        mem, port = self.npeers if npeers is None else npeers
        n = 2 * (ceil8(mem) + ceil8(port)) + (1 if mem + port else 0)   # signal, wait, nop
        n += int(pipeline) + (self.inner if inner is None else inner)    # the pipeline
        return n + ceil8(port) + (1 if port else 0)                        # nop, flush


# actions kept per rank (tuples of small integers and one-letter buffer names):
#   (cls, stage, "w", peer, ctype)                                wait for the peer's signal
#   (cls, stage, "p", peer, ctype, srcbuf, srcidx, dstbuf, dstidx) put into the peer
#   (cls, stage, "r", dstbuf, dstidx, ((buf, idx), ...))           reduce sources into dst
#   (cls, stage, "c", srcbuf, srcidx, dstbuf, dstidx)              local copy
# and, for the LL protocol (one op each, no signals: the packets carry flags):
#   (cls, stage, "k", peer, ctype, srcbuf, srcidx, dstslot)         ppkt into the peer's slot
#   (cls, stage, "f", slot, ctype, ((peer, dstslot), ...))          rppkt: forward own packets
#   (cls, stage, "u", slot, dstbuf, dstidx)                         upkt: own packets unpacked
#   (cls, stage, "x", srcbuf, srcidx, slot)                         cpkt: into own packets
#   (cls, stage, "q", accbuf, accidx, (src0, slot, ...), send, copy) repkt / respkt / recpkt
#   (cls, stage, "l", peer, ctype)                                   a channel, no op
#   (cls, stage, "n")                                                a nop (__syncthreads)
PACKET_KINDS = frozenset("kfuxqn")


def links(act: tuple) -> tuple[list[tuple[int, int]], list[tuple[int, str, int]]]:
    """The channels (peer, type) and remote buffers (peer, buffer, type) an action uses."""
    kind = act[1]
    if kind in "wl":
        return [(act[2], act[3])], []
    if kind == "p":
        return [(act[2], act[3])], [(act[2], act[6], act[3])]
    if kind == "k":
        return [(act[2], act[3])], [(act[2], "s", act[3])]
    if kind == "f":
        return [(p, act[3]) for p, _ in act[4]], [(p, "s", act[3]) for p, _ in act[4]]
    if kind == "q" and act[5] is not None:
        return [(act[5][0], act[5][1])], [(act[5][0], "s", act[5][1])]
    return [], []


class Flows:
    """Every rank's actions and the classes (module docstring)."""

    def __init__(self, n: int, spread: int, packets: bool = False) -> None:
        self.n = n
        self.packets = packets            # LL: packet ops, no pipeline
        self.spread = max(1, spread)
        self.actions: list[list[tuple]] = [[] for _ in range(n)]
        self.blocks: list[dict[int, Block]] = [{} for _ in range(n)]   # rank -> cls -> Block
        self.classes = 0
        self.used = [0] * n               # scratch used, in payload chunks
        self.count = 0
        self.pool: list[int] = []         # the classes, in the order they opened
        self.blame: dict[int, int] = {}   # class -> the rank that last refused a flow

    def slot(self, rank: int, size: int, packet: bool = False) -> int:
        """A fresh scratch range of ``size`` chunks on ``rank`` (never reused). A packet
        slot's index j addresses bytes [2j, 2(j + size)) chunks in (the executor doubles
        packet offsets); a payload slot's q addresses [q, q + size): both kinds are laid out
        on one byte line so that they never overlap."""
        if packet:
            at = -(-self.used[rank] // 2)
            self.used[rank] = 2 * (at + size)
            return at
        at = self.used[rank]
        self.used[rank] += size
        return at

    def scratch(self, rank: int) -> int:
        """``scratch_chunks`` of ``rank`` (LL: the executor allocates two bytes per payload
        byte, ``calScratchBufferSize``)."""
        return -(-self.used[rank] // 2) if self.packets else self.used[rank]

    def add(self, actions: list[tuple[int, tuple]]) -> None:
        """Place one flow: ``actions`` are (rank, (stage, kind, ...)) without a class."""
        touched: dict[int, list[tuple]] = {}
        for rank, act in actions:
            touched.setdefault(rank, []).append(act)
        pool = self.pool
        prefer = self.count % self.spread
        self.count += 1
        # the preferred class first, then the others; while fewer than ``spread`` classes
        # are open, the preferred one is a new one
        order = [pool[prefer]] + pool[:prefer] + pool[prefer + 1:] if prefer < len(pool) else []
        for cls in order:
            if self._fits(cls, touched):
                self._commit(cls, touched)
                return
        cls = self.classes
        if not self._fits(cls, touched):
            raise OverflowError(cls)
        self.classes += 1
        pool.append(cls)
        self._commit(cls, touched)

    def _fits(self, cls: int, touched: dict[int, list[tuple]]) -> bool:
        # the rank that last kept a flow out of this class first: it is the likeliest to
        # refuse this one too, and a refusal ends the check
        first = self.blame.get(cls)
        ranks = list(touched)
        if first in touched:
            ranks.remove(first)
            ranks.insert(0, first)
        for rank in ranks:
            if not self._fits_rank(cls, rank, touched[rank]):
                self.blame[cls] = rank
                return False
        return True

    def _fits_rank(self, cls: int, rank: int, acts: list[tuple]) -> bool:
        block = self.blocks[rank].get(cls) or Block()
        npeers, nbuf = list(block.npeers), list(block.nbuffers)
        new_peers, new_bufs = set(), set()
        for a in acts:
            chans, bufs = links(a)
            for key in chans:
                if key not in block.peers and key not in new_peers:
                    new_peers.add(key)
                    npeers[key[1]] += 1
            for key in bufs:
                if key not in block.buffers and key not in new_bufs:
                    new_bufs.add(key)
                    nbuf[key[2]] += 1
        if max(npeers) > MAX_CHANNEL or max(nbuf) > MAX_CHANNEL:
            return False
        inner = block.inner
        by_stage: dict[int, list[tuple]] = {}
        for a in acts:
            by_stage.setdefault(a[0], []).append(a)
        for stage, here in by_stage.items():
            old = block.stages.get(stage)
            new = Stage() if old is None else Stage(
                set(old.waits), set(old.signals), dict(old.puts), old.reduces,
                old.copies, list(old.nwait), list(old.nsignal), old.packets)
            for a in here:
                _apply_stage(new, a)
            inner += new.ops() - (old.ops() if old else 0)
        if block.ops(npeers, inner, not self.packets) > MAX_OPERATION:
            return False
        return True

    def _commit(self, cls: int, touched: dict[int, list[tuple]]) -> None:
        for rank, acts in touched.items():
            block = self.blocks[rank].setdefault(cls, Block())
            stages = {a[0] for a in acts}
            block.inner -= sum(block.stages[s].ops() for s in stages if s in block.stages)
            for act in acts:
                _apply_stage(block.stages.setdefault(act[0], Stage()), act)
                chans, bufs = links(act)
                for key in chans:
                    if key not in block.peers:
                        block.peers.add(key)
                        block.npeers[key[1]] += 1
                for key in bufs:
                    if key not in block.buffers:
                        block.buffers.add(key)
                        block.nbuffers[key[2]] += 1
                self.actions[rank].append((cls,) + act)
            block.inner += sum(block.stages[s].ops() for s in stages)


def _apply_stage(st: Stage, act: tuple) -> None:
    kind = act[1]
    if kind == "w":
        if (act[2], act[3]) not in st.waits:
            st.waits.add((act[2], act[3]))
            st.nwait[act[3]] += 1
    elif kind == "p":
        if (act[2], act[3]) not in st.signals:
            st.signals.add((act[2], act[3]))
            st.nsignal[act[3]] += 1
        st.puts[(act[3], act[4])] = st.puts.get((act[3], act[4]), 0) + 1
    elif kind == "r":
        st.reduces += 1
    elif kind == "c":
        st.copies += 1
    elif kind in PACKET_KINDS:
        st.packets += 1
