"""Running a plan symbolically on every GPU at once (``docs/mscclpp.md`` section 6).

Every thread block runs its operations in order. Inside a block nothing orders one operation
before the next but a ``nop`` (``__syncthreads``, ``handleNop``) or a ``barrier``: the kernel
runs each operation with all the block's threads and no synchronisation between them
(``executionKernel``'s loop), a ``signal`` or ``wait`` being done by the first threads only
(``handleSignal``, ``handleWait``). So a block's operations fall into *segments* separated by
``nop`` and ``barrier``, and an operation is ordered after everything in earlier segments.
Across blocks and GPUs, order comes from a ``signal`` met by a ``wait`` on the paired channel
(the n-th wait meets the n-th signal: semaphores count), a ``barrier`` of the GPU's blocks,
a device semaphore released and acquired, and an LL packet, whose reader spins on its flag.
A put over a port channel is carried out later by that channel's proxy, in order: it is
ordered before a later ``signal`` on the same channel (the proxy's FIFO) and before what
follows a ``flush`` of it, not before anything else. A relaxed signal (``rlxsignal``, no
memory fence) is taken to order what precedes it, as MSCCL++'s own NVLS plans rely on; the
verdict notes that the plan uses them.

Happens-before is tracked with vector clocks (one entry per block and per port channel).
Every chunk of every buffer holds a symbolic value, the set of (rank, input chunk)
contributions it sums (a bit mask); reductions add sets and refuse a contribution counted
twice. A read of a chunk whose last write is not ordered before it reads data that may not
have arrived; two writes, or a read and a write, of one chunk that nothing orders race. At
the end every signal must have met its wait, and every GPU's output must hold exactly the
collective's data, written by writes ordered before the end of that GPU's kernel."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .resolved import ChanKey, ROp
from .structure import Net
from .verdict import Reasons

BUFNAME = {"i": "input", "o": "output", "s": "scratch", "p": "scratch (packets)"}


@dataclass
class Proc:
    pid: int
    rank: int
    tb: int
    ops: list[ROp]
    pc: int = 0
    seg: int = 0
    know: Any = None
    pending: Any = None
    blocked: str = ""
    barrier_gen: int = -1
    issued: set = field(default_factory=set)      # port pseudo-processes used this segment

    def name(self) -> str:
        return f"gpus[{self.rank}] threadblock {self.tb}"


@dataclass
class Port:
    pid: int
    key: ChanKey
    count: int = 0
    know: Any = None
    committed: Any = None


class Machine:
    """One symbolic run of the resolved plan ``net``."""

    def __init__(self, net: Net, collective: str, inplace: bool, root: int,
                 out: Reasons) -> None:
        self.net, self.out, self.collective, self.inplace, self.root = \
            net, out, collective, inplace, root
        self.procs = [Proc(i, r, t, ops) for i, ((r, t), ops) in enumerate(sorted(
            net.procs.items()))]
        keys = sorted({m.port for p in self.procs for op in p.ops for m in op.moves
                       if m.port is not None} |
                      {k for p in self.procs for op in p.ops for k in op.flushes})
        base = len(self.procs)
        self.ports = {k: Port(base + i, k) for i, k in enumerate(keys)}
        size = base + len(keys)
        for p in self.procs:
            p.know = np.zeros(size, dtype=np.int64)
        for x in self.ports.values():
            x.know = np.zeros(size, dtype=np.int64)
            x.committed = x.know.copy()
        self.size = size
        self.queues: dict[ChanKey, deque] = {}
        self.barriers: dict[tuple[int, int], list] = {}
        self.generations: dict[tuple[int, int], int] = {}
        self.released: dict[tuple[int, int], Any] = {}
        self.sems: dict[tuple[int, int], deque] = {
            (r, i): deque([None] * v) for r, vals in net.semaphores.items()
            for i, v in enumerate(vals)}
        self.val: dict[tuple[int, str], list] = {}
        self.wr: dict[tuple[int, str], list] = {}
        self.rd: dict[tuple[int, str], list] = {}
        self.pk: dict[tuple[int, str], list] = {}
        self.pkn: dict[tuple[int, str], list] = {}      # packet writes of each slot
        self.width = 0
        self._init_buffers()
        self.races = 0
        self.serial = 0
        self.columns: dict[int, int] = {}

    # --- buffers ------------------------------------------------------------------------

    def _init_buffers(self) -> None:
        k = self.net.scale
        sizes = self.net.sizes
        self.width = max((sizes[(r, "i")] for r in range(self.net.n)), default=0) * k
        for (r, b), chunks in sizes.items():
            n = chunks * k
            self.val[(r, b)] = [None] * n
            self.wr[(r, b)] = [None] * n
            self.rd[(r, b)] = [None] * n
            if b == "p":
                self.pk[(r, b)] = [None] * n
                self.pkn[(r, b)] = [0] * n
        for r in range(self.net.n):
            for pos in range(sizes[(r, "i")] * k):
                key, at = self.slot(r, "i", pos)
                self.val[key][at] = 1 << (r * self.width + pos)
                self.wr[key][at] = None

    def slot(self, rank: int, buf: str, pos: int) -> tuple[tuple[int, str], int]:
        """Where chunk position ``pos`` of ``buf`` lives: an in-place plan's input lies
        inside its output (allgather at rank x input size, reduce-scatter the other way
        round, the others one buffer)."""
        if not self.inplace:
            return (rank, buf), pos
        c, k = self.collective, self.net.scale
        if c == "allgather" and buf == "i":
            return (rank, "o"), rank * self.net.sizes[(rank, "i")] * k + pos
        if c == "reducescatter" and buf == "o":
            return (rank, "i"), rank * self.net.sizes[(rank, "o")] * k + pos
        if c not in ("allgather", "reducescatter") and buf == "i":
            return (rank, "o"), pos
        return (rank, buf), pos

    # --- ordering -------------------------------------------------------------------------

    @staticmethod
    def ordered(event: tuple[int, int, int] | None, pid: int, seg: int, opid: int,
                know: Any) -> bool:
        """Whether ``event`` (pid, segment, operation) happens before an access by ``pid``
        in segment ``seg`` of operation ``opid`` knowing ``know``."""
        if event is None:
            return True
        e_pid, e_seg, e_op = event
        if e_pid == pid:
            return e_seg < seg or e_op == opid
        return know[e_pid] > e_seg

    def access(self, who: Any, rank: int, buf: str, pos: int, write: bool, op: ROp,
               value: Any = None, *, packet_read: bool = False) -> Any:
        key, at = self.slot(rank, buf, pos)
        pid, seg, know, opid = who
        where = f"rank {rank}'s {BUFNAME[buf]} chunk {pos // self.net.scale}"
        last = self.wr[key][at]
        if not packet_read and not self.ordered(last, pid, seg, opid, know):
            if write:
                self.race(op, f"writes {where} while {self.who(last)} also writes it, and "
                              f"nothing orders the two writes", "race")
            else:
                self.race(op, f"reads {where} before the data {self.who(last)} writes there "
                              f"is ordered before it (a wait, nop or flush is missing)",
                          "arrival")
        if write:
            for r_pid, (r_seg, r_op) in (self.rd[key][at] or {}).items():
                if not self.ordered((r_pid, r_seg, r_op), pid, seg, opid, know):
                    self.race(op, f"overwrites {where} while {self.who((r_pid, r_seg, 0))} "
                                  f"may still read it", "race")
                    break
            self.val[key][at] = value
            self.wr[key][at] = (pid, seg, opid)
            self.rd[key][at] = None
            return None
        reads = self.rd[key][at]
        if reads is None:
            reads = self.rd[key][at] = {}
        reads[pid] = (seg, opid)
        return self.val[key][at]

    def who(self, event: tuple[int, int, int] | None) -> str:
        if event is None:
            return "the caller"
        pid = event[0]
        if pid < len(self.procs):
            return self.procs[pid].name()
        for x in self.ports.values():
            if x.pid == pid:
                return f"the proxy of gpus[{x.key[0]}] port channel {x.key[2]}"
        return "?"

    def race(self, op: ROp, text: str, rule: str) -> None:
        self.races += 1
        self.out.add(rule, f"{op.where} ({op.name}): {text}")

    # --- running ---------------------------------------------------------------------------

    def run(self) -> bool:
        """Runs every block to its end or until none can move; True when all finished."""
        progress = True
        while progress:
            progress = False
            for p in self.procs:
                while p.pc < len(p.ops) and self.step(p):
                    progress = True
        stuck = [p for p in self.procs if p.pc < len(p.ops)]
        for p in stuck:
            op = p.ops[p.pc]
            self.out.add("deadlock", f"{op.where} ({op.name}) never completes: {p.blocked}")
        return not stuck

    def boundary(self, p: Proc) -> None:
        p.seg += 1
        p.know[p.pid] = p.seg
        if p.pending is not None:
            np.maximum(p.know, p.pending, out=p.know)
            p.pending = None
        for key in p.issued:
            x = self.ports[key]
            x.committed = x.know.copy()
            x.committed[x.pid] = x.count
        p.issued = set()

    def join_later(self, p: Proc, vec: Any) -> None:
        if vec is None:
            return
        if p.pending is None:
            p.pending = vec.copy()
        else:
            np.maximum(p.pending, vec, out=p.pending)

    def step(self, p: Proc) -> bool:
        op = p.ops[p.pc]
        if op.kind == "nop":
            self.boundary(p)
        elif op.barrier is not None:
            if not self.barrier(p, op):
                return False
        elif op.waits or op.sem_acquire:
            if not self.acquire(p, op):
                return False
        elif not self.packets_ready(p, op):
            return False
        else:
            self.execute(p, op)
        p.pc += 1
        p.blocked = ""
        return True

    def barrier(self, p: Proc, op: ROp) -> bool:
        bid, count = op.barrier
        key = (p.rank, bid)
        gen = self.generations.get(key, 0)
        if p.barrier_gen == -1:
            arrived = self.barriers.setdefault(key, [])
            arrived.append(p)
            p.barrier_gen = gen
            if len(arrived) == count:
                vecs = []
                for q in arrived:           # DeviceSyncer::sync ends the block's segment
                    v = q.know.copy()
                    v[q.pid] = q.seg + 1
                    vecs.append(v)
                joined = np.maximum.reduce(vecs)
                self.released[(p.rank, bid, gen)] = joined
                self.barriers[key] = []
                self.generations[key] = gen + 1
        done = self.released.get((p.rank, bid, p.barrier_gen))
        if done is None:
            p.blocked = (f"barrier {bid} waits for {count} thread blocks of gpus[{p.rank}]; "
                         f"{len(self.barriers.get(key, []))} arrived")
            return False
        p.barrier_gen = -1
        self.join_later(p, done)
        self.boundary(p)
        return True

    def acquire(self, p: Proc, op: ROp) -> bool:
        for k in op.waits:
            if len(self.queues.get(k, ())) < op.waits.count(k):
                other = self.net.partner.get(k)
                peer = self.net.peer.get(k)
                p.blocked = (f"its wait on {k[1]} channel {k[2]} (to rank {peer}) gets no "
                             f"signal" + ("" if other else
                                          "; the channel has no partner on that rank"))
                return False
        for s in op.sem_acquire:
            if len(self.sems.get((p.rank, s), ())) < op.sem_acquire.count(s):
                p.blocked = f"semaphore {s} of gpus[{p.rank}] is never released"
                return False
        for k in op.waits:
            self.join_later(p, self.queues[k].popleft())
        for s in op.sem_acquire:
            self.join_later(p, self.sems[(p.rank, s)].popleft())
        self.execute(p, op)
        return True

    def packets_ready(self, p: Proc, op: ROp) -> bool:
        for m in op.moves:
            for (rank, buf, lo, hi), packet in zip(m.sources, m.packet_read):
                if packet:
                    key, _ = self.slot(rank, buf, lo)
                    marks = self.pk[key]
                    if any(marks[i] is None for i in range(lo, hi)):
                        p.blocked = (f"it reads LL packets of rank {rank}'s scratch chunks "
                                     f"{lo // self.net.scale}..{(hi - 1) // self.net.scale} "
                                     f"that nothing writes before it")
                        return False
        return True

    def execute(self, p: Proc, op: ROp) -> None:
        self.serial += 1
        for m in op.moves:
            self.move(p, op, m)
        for s in op.sem_release:
            self.sems.setdefault((p.rank, s), deque()).append(p.know.copy())
        for k in op.signals:
            other = self.net.partner.get(k)
            if other is None:
                self.out.add("pairing", f"{op.where}: signals {k[1]} channel {k[2]} of "
                                        f"gpus[{k[0]}], which has no partner channel on rank "
                                        f"{self.net.peer.get(k)}")
                continue
            carried = p.know.copy()
            if carried is not None and k[1] == "port" and k in self.ports:
                x = self.ports[k]
                ahead = x.committed if op.name not in ("pws", "pwsf") else \
                    self._now(x)
                np.maximum(carried, ahead, out=carried)
            self.queues.setdefault(other, deque()).append(carried)
        for k in op.flushes:
            if k in self.ports:
                x = self.ports[k]
                self.join_later(p, self._now(x) if op.name == "pwsf" else x.committed)

    def _now(self, x: Port) -> Any:
        v = x.know.copy()
        v[x.pid] = x.count
        return v

    def move(self, p: Proc, op: ROp, m: Any) -> None:
        if m.port is not None:
            x = self.ports[m.port]
            np.maximum(x.know, p.know, out=x.know)
            x.know[x.pid] = x.count
            who = (x.pid, x.count, x.know, self.serial)
            x.count += 1
            p.issued.add(m.port)
        else:
            who = (p.pid, p.seg, p.know, self.serial)
        pid, seg, know, serial = who
        stamps = [self.pk[self.slot(rank, buf, lo)[0]][self.slot(rank, buf, lo)[1] + i - lo]
                  for (rank, buf, lo, hi), packet in zip(m.sources, m.packet_read) if packet
                  for i in range(lo, hi)]
        for (rank, buf, lo, hi), packet in zip(m.sources, m.packet_read):
            for i in range(lo, hi) if packet else ():
                key, at = self.slot(rank, buf, i)
                if self.pkn[key][at] > 1 and not self.ordered(self.wr[key][at], pid, seg,
                                                              serial, know):
                    # every write of one run sets the same flag: the reader spinning on it
                    # may take an earlier write's data
                    self.race(op, f"reads LL packets of rank {rank}'s scratch chunk "
                                  f"{i // self.net.scale}, written {self.pkn[key][at]} times, "
                                  f"and nothing but the packet's flag orders the last write "
                                  f"before it: the flag is set by the first write already",
                              "race")
        if stamps:
            # an LL packet carries its writer's knowledge to the thread that spins on it,
            # which writes its results element by element after reading them
            know = np.maximum.reduce([know] + stamps)
            for stamp in stamps:
                self.join_later(p, stamp)
            who = (pid, seg, know, serial)
        n = m.sources[0][3] - m.sources[0][2]
        # the block's threads run the elements at once: every element is read before any is
        # written, and an element one thread writes that another reads is a race
        read_at: dict[tuple[tuple[int, str], int], int] = {}
        totals: list[Any] = []
        for i in range(n):
            total = 0
            for (rank, buf, lo, _), packet in zip(m.sources, m.packet_read):
                read_at.setdefault(self.slot(rank, buf, lo + i), i)
                value = self.access(who, rank, buf, lo + i, False, op, packet_read=packet)
                if value is None:
                    self.out.add("unwritten", f"{op.where} ({op.name}): reads rank {rank}'s "
                                              f"{BUFNAME[buf]} chunk {(lo + i) // self.net.scale}"
                                              f" before anything writes it")
                    total = None
                    break
                if total is not None and total & value:
                    self.out.add("end-state", f"{op.where} ({op.name}): adds a contribution "
                                              f"twice")
                total = None if total is None else total | value
            totals.append(total)
        for i, total in enumerate(totals):
            for rank, buf, lo, _ in m.targets:
                if buf == "i" and not self.inplace:
                    self.out.add("input-written", f"{op.where} ({op.name}): writes rank "
                                                  f"{rank}'s input buffer, the caller's data, "
                                                  f"in an out-of-place plan")
                j = read_at.get(self.slot(rank, buf, lo + i), i)
                if j != i:
                    self.race(op, f"writes rank {rank}'s {BUFNAME[buf]} chunk "
                                  f"{(lo + i) // self.net.scale}, which it also reads as its "
                                  f"source at another position: the block's threads do both "
                                  f"at once", "race")
                self.access(who, rank, buf, lo + i, True, op, total)
                if buf == "p":
                    key, at = self.slot(rank, buf, lo + i)
                    stamp = know.copy()
                    # the packet's writer has done this operation for this element (its
                    # segment is taken as done: the checker's approximation, docs section 6)
                    stamp[pid] = max(stamp[pid], seg + 1)
                    self.pk[key][at] = stamp
                    self.pkn[key][at] += 1

    # --- the end -----------------------------------------------------------------------------

    def finish(self) -> None:
        for k, q in sorted(self.queues.items()):
            if q:
                self.out.add("unpaired-signal", f"{len(q)} signal(s) reach gpus[{k[0]}] "
                                                f"{k[1]} channel {k[2]} (from rank "
                                                f"{self.net.peer.get(k)}) and no wait takes "
                                                f"them: the next run's waits would pass early")
        for (r, s), q in sorted(self.sems.items()):
            init = self.net.semaphores[r][s] if s < len(self.net.semaphores[r]) else 0
            if len(q) != init:
                self.out.add("unpaired-signal", f"gpus[{r}] semaphore {s} ends at {len(q)}, "
                                                f"not its init_value {init}")

    def end_state(self) -> None:
        n, k = self.net.n, self.net.scale
        c = self.collective
        ends = {}
        for r in range(n):
            for p in self.procs:            # the kernel ends once every thread is done:
                if p.rank == r and p.pending is not None:     # a last flush included
                    np.maximum(p.know, p.pending, out=p.know)
                    p.pending = None
            vecs = [p.know for p in self.procs if p.rank == r]
            end = np.maximum.reduce(vecs) if vecs else np.zeros(self.size, dtype=np.int64)
            for p in self.procs:
                if p.rank == r:
                    end[p.pid] = p.seg + 1
            ends[r] = end
        wrong = 0
        for r in range(n):
            if c == "reduce" and r != self.root:
                continue
            out_chunks = self.net.sizes[(r, "o")]
            for pos in range(out_chunks * k):
                want = self.expect(r, pos)
                key, at = self.slot(r, "o", pos)
                got = self.val[key][at]
                chunk = pos // k
                if got != want:
                    wrong += 1
                    if wrong <= 20:
                        self.out.add("end-state", f"gpus[{r}] output chunk {chunk} ends with "
                                                  f"{self.describe(got)}, not "
                                                  f"{self.describe(want)}")
                    continue
                last = self.wr[key][at]
                if last is not None and not self.ordered(last, -2, 0, -1, ends[r]):
                    self.out.add("arrival", f"gpus[{r}] output chunk {chunk}: "
                                            f"{self.who(last)}'s write is not ordered before "
                                            f"the end of rank {r}'s kernel (no wait on rank "
                                            f"{r} covers it)")
        if wrong > 20:
            self.out.add("end-state", f"... {wrong} output chunks end wrong in all")
        self.late_reads(ends)

    def late_reads(self, ends: dict[int, Any]) -> None:
        """Reads of a GPU's input or output by another GPU's thread blocks (get, rre, rres,
        glres) must be ordered before that GPU's kernel ends: the caller owns both buffers
        again then. A port channel's proxy reading its own GPU's buffers after the kernel may
        have ended (no flush after the put) is a note, not a reason: MSCCL++'s own
        multi_node_transfer.json does so, its flushes flushing nothing."""
        own = {r: {p.pid for p in self.procs if p.rank == r} for r in range(self.net.n)}
        own_ports = {x.pid: k[0] for k, x in self.ports.items()}
        unflushed: dict[int, int] = {}
        for (r, b), readers in sorted(self.rd.items()):
            if b not in ("i", "o"):
                continue
            for at, reads in enumerate(readers):
                for r_pid, (r_seg, r_op) in sorted((reads or {}).items()):
                    if r_pid in own[r] or self.ordered((r_pid, r_seg, r_op), -2, 0, -1,
                                                       ends[r]):
                        continue
                    if own_ports.get(r_pid) == r:
                        unflushed[r] = unflushed.get(r, 0) + 1
                        continue
                    self.out.add("arrival", f"{self.who((r_pid, r_seg, 0))} reads rank {r}'s "
                                            f"{BUFNAME[b]} chunk {at // self.net.scale} at a "
                                            f"time not ordered before the end of rank {r}'s "
                                            f"kernel (no wait on rank {r} covers it): the "
                                            f"caller may reuse the buffer by then")
        for r, count in sorted(unflushed.items()):
            self.out.note(f"rank {r}'s port channels may still read {count} chunk part(s) "
                          f"of its input or output after its kernel ends: no flush of the "
                          f"channel, after a nop, follows the put (handleFlush flushes "
                          f"op.nOutputs channels); the caller must not reuse the buffers "
                          f"before the proxy is done")

    def expect(self, r: int, pos: int) -> int:
        """The contributions rank ``r``'s output position ``pos`` must sum."""
        n, k, w = self.net.n, self.net.scale, self.width
        c = self.collective
        if c == "allgather":
            q, j = divmod(pos, w)
            return 1 << (q * w + j)
        if c in ("allreduce", "reduce"):
            return self.column(pos)
        if c == "reducescatter":
            return self.column(r * self.net.sizes[(r, "o")] * k + pos)
        if c == "broadcast":
            return 1 << (self.root * w + pos)
        block = w // n if n else 0                              # alltoall
        s, j = divmod(pos, block) if block else (0, 0)
        return 1 << (s * w + r * block + j)

    def column(self, pos: int) -> int:
        """Input position ``pos`` of every rank, summed."""
        if pos not in self.columns:
            self.columns[pos] = sum(1 << (q * self.width + pos) for q in range(self.net.n))
        return self.columns[pos]

    def describe(self, value: Any) -> str:
        if value is None:
            return "nothing (never written)"
        w, k = self.width, self.net.scale
        bits = [i for i in range(value.bit_length()) if value >> i & 1]
        parts = [f"(rank {b // w}, input chunk {(b % w) // k})" for b in bits[:4]]
        more = f" and {len(bits) - 4} more" if len(bits) > 4 else ""
        return f"{len(bits)} contribution(s): {', '.join(parts)}{more}"
