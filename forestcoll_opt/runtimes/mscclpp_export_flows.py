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


@dataclass
class Stage:
    """What one thread block does at one stage of an iteration (counts for the limits)."""

    waits: set = field(default_factory=set)        # (peer, ctype)
    signals: set = field(default_factory=set)      # (peer, ctype)
    puts: dict = field(default_factory=dict)       # (ctype, src buffer) -> count
    reduces: int = 0
    copies: int = 0

    def ops(self) -> int:
        n = 0
        for t in (MEMORY, PORT):
            n += ceil8(sum(1 for p in self.waits if p[1] == t))
            n += ceil8(sum(1 for p in self.signals if p[1] == t))
        if self.waits:
            n += 1                                  # nop: the waited data before its readers
        n += self.reduces + self.copies
        puts = sum(ceil8(c) for c in self.puts.values())
        if (self.reduces or self.copies) and puts:
            n += 1                                  # nop: the sums before the puts that read them
        n += puts
        if self.signals:
            n += 1                                  # nop: every thread's writes before the signal
        return n


@dataclass
class Block:
    """One class's thread block on one rank: the figures the limits apply to."""

    stages: dict = field(default_factory=dict)     # stage -> Stage
    peers: set = field(default_factory=set)        # (peer, ctype): its channels
    buffers: set = field(default_factory=set)      # (peer, buffer, ctype): remote buffers
    inner: int = 0                                  # the pipeline's inner operations

    def ops(self, barrier: bool, peers: set | None = None, inner: int | None = None) -> int:
        """Operations: handshake, pipeline and its inner ops, flush, barrier (with other
        ``peers`` or ``inner`` counts: the figures a flow would leave)."""
        peers = self.peers if peers is None else peers
        mem = sum(1 for p in peers if p[1] == MEMORY)
        port = len(peers) - mem
        n = 2 * (ceil8(mem) + ceil8(port)) + (1 if peers else 0)   # signal, wait, nop
        n += 1 + (self.inner if inner is None else inner)            # the pipeline
        n += ceil8(port)                                              # flush
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
            peers = block.peers | {(a[2], a[3]) for a in acts if a[1] in "wp"}
            buffers = block.buffers | {(a[2], a[6], a[3]) for a in acts if a[1] == "p"}
            mem = sum(1 for p in peers if p[1] == MEMORY)
            bmem = sum(1 for b in buffers if b[2] == MEMORY)
            if mem > MAX_CHANNEL or len(peers) - mem > MAX_CHANNEL or bmem > MAX_CHANNEL \
                    or len(buffers) - bmem > MAX_CHANNEL:
                return False
            inner = block.inner
            for stage in {a[0] for a in acts}:
                old = block.stages.get(stage)
                new = Stage() if old is None else Stage(set(old.waits), set(old.signals),
                                                        dict(old.puts), old.reduces,
                                                        old.copies)
                for a in acts:
                    if a[0] == stage:
                        _apply_stage(new, a)
                inner += new.ops() - (old.ops() if old is not None else 0)
            if block.ops(self.barrier, peers, inner) > MAX_OPERATION:
                return False
        return True

    def _commit(self, cls: int, touched: dict[int, list[tuple]]) -> None:
        for rank, acts in touched.items():
            block = self.blocks[rank].setdefault(cls, Block())
            stages = {a[0] for a in acts}
            block.inner -= sum(block.stages[s].ops() for s in stages if s in block.stages)
            for act in acts:
                _apply_stage(block.stages.setdefault(act[0], Stage()), act)
                if act[1] in "wp":
                    block.peers.add((act[2], act[3]))
                if act[1] == "p":
                    block.buffers.add((act[2], act[6], act[3]))
                self.actions[rank].append((cls,) + act)
            block.inner += sum(block.stages[s].ops() for s in stages)


def _apply_stage(st: Stage, act: tuple) -> None:
    kind = act[1]
    if kind == "w":
        st.waits.add((act[2], act[3]))
    elif kind == "p":
        st.signals.add((act[2], act[3]))
        st.puts[(act[3], act[4])] = st.puts.get((act[3], act[4]), 0) + 1
    elif kind == "r":
        st.reduces += 1
    else:
        st.copies += 1
