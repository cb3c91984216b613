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


def ceil8(n: int) -> int:
    return -(-n // MAX_CHANNEL_PER_OPERATION)


assert MAX_CHANNEL_PER_OPERATION == 8     # stage_ops spells the division out, for speed


def stage_ops(waits: list[int], signals: list[int], puts: dict, reduces: int,
              copies: int) -> int:
    """Operations of one stage of a thread block's pipeline body from its counts: waits
    and signals per channel type, puts per (channel type, source buffer), reductions and
    copies (:mod:`.mscclpp_export_render` writes exactly these)."""
    w0, w1 = waits
    s0, s1 = signals
    n = (w0 + 7) // 8 + (w1 + 7) // 8 + (s0 + 7) // 8 + (s1 + 7) // 8   # 8 per op
    if w0 or w1:
        n += 1                                      # nop: the waited data before its readers
    n += reduces + copies
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

    def ops(self) -> int:
        return stage_ops(self.nwait, self.nsignal, self.puts, self.reduces, self.copies)


@dataclass
class Block:
    """One class's thread block on one rank: the figures the limits apply to."""

    stages: dict = field(default_factory=dict)     # stage -> Stage
    peers: set = field(default_factory=set)        # (peer, ctype): its channels
    buffers: set = field(default_factory=set)      # (peer, buffer, ctype): remote buffers
    inner: int = 0                                  # the pipeline's inner operations
    npeers: list = field(default_factory=lambda: [0, 0])     # channels per type
    nbuffers: list = field(default_factory=lambda: [0, 0])   # remote buffers per type

    def ops(self, barrier: bool, npeers: list | None = None, inner: int | None = None) -> int:
        """Operations: handshake, pipeline and its inner ops, flush, barrier (with other
        channel counts ``npeers`` or ``inner``: the figures a flow would leave)."""
        mem, port = self.npeers if npeers is None else npeers
        n = 2 * (ceil8(mem) + ceil8(port)) + (1 if mem + port else 0)   # signal, wait, nop
        n += 1 + (self.inner if inner is None else inner)                 # the pipeline
        n += ceil8(port)                                                   # flush
        return n + (1 if barrier else 0)


# actions kept per rank (tuples of small integers and one-letter buffer names):
#   (cls, stage, "w", peer, ctype)                                wait for the peer's signal
#   (cls, stage, "p", peer, ctype, srcbuf, srcidx, dstbuf, dstidx) put into the peer
#   (cls, stage, "r", dstbuf, dstidx, ((buf, idx), ...))           reduce sources into dst
#   (cls, stage, "c", srcbuf, srcidx, dstbuf, dstidx)              local copy


class Flows:
    """Every rank's actions and the classes (module docstring)."""

    def __init__(self, n: int, spread: int, barrier: bool) -> None:
        self.n = n
        self.spread = max(1, spread)
        self.barrier = barrier
        self.actions: list[list[tuple]] = [[] for _ in range(n)]
        self.blocks: list[dict[int, Block]] = [{} for _ in range(n)]   # rank -> cls -> Block
        self.classes = 0
        self.scratch = [0] * n
        self.count = 0
        self.phase_classes: dict[int, list[int]] = {}

    def slot(self, rank: int, size: int) -> int:
        """A fresh scratch range of ``size`` chunks on ``rank`` (never reused)."""
        at = self.scratch[rank]
        self.scratch[rank] += size
        return at

    def add(self, actions: list[tuple[int, tuple]], phase: int = 0) -> None:
        """Place one flow: ``actions`` are (rank, (stage, kind, ...)) without a class."""
        touched: dict[int, list[tuple]] = {}
        for rank, act in actions:
            touched.setdefault(rank, []).append(act)
        pool = self.phase_classes.setdefault(phase, [])
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
        for rank, acts in touched.items():
            block = self.blocks[rank].get(cls) or Block()
            npeers, nbuf = list(block.npeers), list(block.nbuffers)
            new_peers, new_bufs = set(), set()
            for a in acts:
                if a[1] in "wp" and (a[2], a[3]) not in block.peers \
                        and (a[2], a[3]) not in new_peers:
                    new_peers.add((a[2], a[3]))
                    npeers[a[3]] += 1
                if a[1] == "p" and (a[2], a[6], a[3]) not in block.buffers \
                        and (a[2], a[6], a[3]) not in new_bufs:
                    new_bufs.add((a[2], a[6], a[3]))
                    nbuf[a[3]] += 1
            if max(npeers) > MAX_CHANNEL or max(nbuf) > MAX_CHANNEL:
                return False
            inner = block.inner
            by_stage: dict[int, list[tuple]] = {}
            for a in acts:
                by_stage.setdefault(a[0], []).append(a)
            for stage, here in by_stage.items():
                old = block.stages.get(stage)
                waits = list(old.nwait) if old else [0, 0]
                signals = list(old.nsignal) if old else [0, 0]
                puts = dict(old.puts) if old else {}
                reduces, copies = (old.reduces, old.copies) if old else (0, 0)
                seen_w, seen_s = set(), set()
                for a in here:
                    kind = a[1]
                    if kind == "w":
                        key = (a[2], a[3])
                        if key not in seen_w and not (old and key in old.waits):
                            seen_w.add(key)
                            waits[a[3]] += 1
                    elif kind == "p":
                        key = (a[2], a[3])
                        if key not in seen_s and not (old and key in old.signals):
                            seen_s.add(key)
                            signals[a[3]] += 1
                        puts[(a[3], a[4])] = puts.get((a[3], a[4]), 0) + 1
                    elif kind == "r":
                        reduces += 1
                    else:
                        copies += 1
                inner += stage_ops(waits, signals, puts, reduces, copies) - \
                    (old.ops() if old else 0)
            if block.ops(self.barrier, npeers, inner) > MAX_OPERATION:
                return False
        return True

    def _commit(self, cls: int, touched: dict[int, list[tuple]]) -> None:
        for rank, acts in touched.items():
            block = self.blocks[rank].setdefault(cls, Block())
            stages = {a[0] for a in acts}
            block.inner -= sum(block.stages[s].ops() for s in stages if s in block.stages)
            for act in acts:
                _apply_stage(block.stages.setdefault(act[0], Stage()), act)
                if act[1] in "wp" and (act[2], act[3]) not in block.peers:
                    block.peers.add((act[2], act[3]))
                    block.npeers[act[3]] += 1
                if act[1] == "p" and (act[2], act[6], act[3]) not in block.buffers:
                    block.buffers.add((act[2], act[6], act[3]))
                    block.nbuffers[act[3]] += 1
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
    else:
        st.copies += 1
