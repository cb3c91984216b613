"""The symbolic execution of an MSCCL algorithm file (``docs/msccl.md`` sections 2, 3 and 4):
every block of every rank runs its transmissions in order over FIFO connections, waiting for
its dependencies; a deadlock is reported with what every stuck block waits for. Every buffer
slot holds the multiset of (rank, input chunk) contributions it sums, checked at the end
against the collective; vector clocks find accesses nothing orders (races). A second,
scheduling-only run with no buffering decides whether sends can rendezvous with receives."""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from typing import Any, Mapping

import numpy as np

from ...model.collective import Collective
from .buffers import Layout
from .document import Algo, Document, ThreadBlock, Transmission
from .structure import Net
from .verdict import Reasons

# Send steps a connection holds before its sender blocks: the runtime's FIFO has NCCL_STEPS
# = 8 slots and one step of at most 71 chunks takes at most half of them per primitive call
# (see the package docstring), so two steps always fit. A ring of rcs steps needs two.
FIFO_STEPS = 2
MAX_CLOCK_ENTRIES = 2**29
"""Largest vector-clock table (blocks × (blocks + flag snapshots + messages in flight)) the
race check builds unless asked to (``full``): 2^29 entries of 2 bytes (a clock counts one
block's transmissions, fewer than 2^15 in any file the parsers hold), 1 GiB; wider entries
for a block with more transmissions count for more."""

_UNDEF = "undefined"            # data computed from a slot nothing wrote


def _add(a: Any, b: Any) -> Any:
    if a is _UNDEF or b is _UNDEF:
        return _UNDEF
    merged = dict(a)
    for key, count in b:
        merged[key] = merged.get(key, 0) + count
    return tuple(sorted(merged.items()))


class _Run:
    """One run of every block of every rank under one aliasing ("in-place" /
    "out-of-place"), or a scheduling-only run (``data=False``). ``capacity`` is how many
    send steps a connection holds: FIFO_STEPS for the verdict's model, 0 for rendezvous."""

    def __init__(self, net: Net, doc: Document, algo: Algo, aliasing: str | None,
                 capacity: int, data: bool, full: bool = False) -> None:
        self.net, self.capacity, self.data, self.full = net, capacity, data, full
        self.aliasing = aliasing
        self.algo = algo
        self.n = len(net.tbs)
        self.ptr = [0] * self.n
        self.published = [-1] * self.n
        self.queue: list[deque] = [deque() for _ in range(self.n)]   # by sending block
        self.watchers: list[set[int]] = [set() for _ in range(self.n)]
        self.reasons: list[str] = []
        self.gpus = {gpu.rank: gpu for gpu in doc.gpus if gpu.rank is not None}
        # the releasing step of every dependency: first flagged transmission >= deps
        self.flagged: list[list[tuple[int, int]]] = [
            [(t.flag, j) for j, t in enumerate(tb.trans) if t.hasdep] for tb in net.tbs]
        self.targets: dict[tuple[int, int], int | None] = {}
        for tb in net.tbs:
            blocks = net.by_rank.get(tb.rank, {})
            for t in tb.trans:
                for bid, _, _ in t.deps:
                    target = blocks.get(bid)
                    self.targets[(tb.g, bid)] = None if target is None else target.g
        if data:
            self._init_data()

    # -- data and happens-before ---------------------------------------------------------
    def _init_data(self) -> None:
        algo = self.algo
        self.layout = Layout(algo.collective, algo.ngpus, algo.nchunks,
                             max(algo.nchunks // algo.ngpus, 1))
        self.slots: dict[int, dict[tuple[str, int], Any]] = {}
        for rank, gpu in self.gpus.items():
            slots: dict[tuple[str, int], Any] = {}
            for j in range(self.layout.size(gpu, "i")):
                slots[self._phys(rank, "i", j)] = (((rank, j), 1),)
            self.slots[rank] = slots
        self.unwritten_reported: set[tuple[int, int, str]] = set()
        self.access: dict[tuple[int, str, int], list] = {}
        self.races: set[tuple] = set()
        needed: set[tuple[int, int]] = set()
        for tb in self.net.tbs:
            for t in tb.trans:
                for bid, dstep, _ in t.deps:
                    target = self.targets.get((tb.g, bid))
                    if target is not None:
                        release = self._release(target, dstep)
                        if release is not None:
                            needed.add((target, release))
        self.needed = needed
        self.snapshots: dict[tuple[int, int], np.ndarray] = {}
        entries = self.n * (self.n + len(needed) + self.n)
        longest = max((len(tb.trans) for tb in self.net.tbs), default=0)
        dtype = np.int16 if longest < 2**15 - 1 else np.int32 if longest < 2**31 - 1 \
            else np.int64
        self.entries = entries
        self.clock_bytes = entries * np.dtype(dtype).itemsize
        self.clocks = None
        if self.clock_bytes <= MAX_CLOCK_ENTRIES * 2 or self.full:
            self.clocks = np.zeros((self.n, self.n), dtype=dtype)

    def _release(self, target: int, dstep: int) -> int | None:
        flagged = self.flagged[target]
        i = bisect_left(flagged, (dstep, -1))
        return flagged[i][1] if i < len(flagged) else None

    def _phys(self, rank: int, buf: str, idx: int) -> tuple[str, int]:
        """The physical slot behind (buffer, chunk) under this run's aliasing."""
        if self.aliasing != "in-place" or buf == "s":
            return (buf, idx)
        lay = self.layout
        if lay.collective is Collective.ALLGATHER:
            return ("o", rank * lay.k + idx) if buf == "i" else ("o", idx)
        if lay.collective is Collective.REDUCE_SCATTER:
            return ("i", rank * lay.k + idx) if buf == "o" else ("i", idx)
        return ("o", idx)

    def _label(self, tb: ThreadBlock, t: Transmission) -> str:
        return tb.step_label(t.positions[0])

    def _touch(self, tb: ThreadBlock, t: Transmission, buf: str, idx: int, write: bool) -> None:
        """Record an access for the race check (vector clocks, FastTrack style)."""
        if self.clocks is None:
            return
        key = (tb.rank,) + self._phys(tb.rank, buf, idx)
        state = self.access.get(key)
        if state is None:
            state = self.access[key] = [None, {}]
        clock = self.clocks[tb.g]
        me = (tb.g, int(clock[tb.g]), self._label(tb, t), f"{buf}[{idx}]")
        last = state[0]
        if last is not None and last[0] != tb.g and clock[last[0]] < last[1]:
            self._race(tb.rank, last, "writes", me, "writes" if write else "reads")
        if write:
            for g, access in state[1].items():
                if g != tb.g and clock[g] < access[1]:
                    self._race(tb.rank, access, "reads", me, "writes")
            state[0] = me
            state[1] = {}
        else:
            state[1][tb.g] = me

    def _race(self, rank: int, first: tuple, first_verb: str, second: tuple,
              second_verb: str) -> None:
        key = (first[2], second[2])
        if key in self.races:
            return
        self.races.add(key)
        same = "it" if first[3] == second[3] else f"{second[3]} (the same memory in place)"
        self.reasons.append(
            f"rank {rank}: {first[2]} {first_verb} {first[3]} and {second[2]} {second_verb} "
            f"{same} with nothing ordering them (no dependency chain between the two "
            f"blocks); in some runs they happen the other way round (add a depid/deps, "
            f"docs/msccl.md section 2)")

    def _read(self, tb: ThreadBlock, t: Transmission, buf: str, idx: int) -> Any:
        self._touch(tb, t, buf, idx, write=False)
        rank = tb.rank
        gpu = self.gpus[rank]
        if not 0 <= idx < self.layout.size(gpu, buf):
            return _UNDEF
        value = self.slots[rank].get(self._phys(rank, buf, idx))
        if value is None:
            key = (tb.g, t.positions[0], f"{buf}{idx}")
            if key not in self.unwritten_reported:
                self.unwritten_reported.add(key)
                self.reasons.append(f"{self._label(tb, t)}: reads {buf}[{idx}] on rank {rank} "
                                    f"before anything writes it")
            return _UNDEF
        return value

    def _write(self, tb: ThreadBlock, t: Transmission, buf: str, idx: int, value: Any) -> None:
        self._touch(tb, t, buf, idx, write=True)
        rank = tb.rank
        gpu = self.gpus[rank]
        if buf == "i" and self.aliasing == "out-of-place":
            self.reasons.append(f"{self._label(tb, t)}: writes i[{idx}], the caller's send "
                                f"buffer, which an out-of-place call must leave unchanged; "
                                f"use the scratch buffer s")
        if 0 <= idx < self.layout.size(gpu, buf):
            self.slots[rank][self._phys(rank, buf, idx)] = value

    def _execute(self, tb: ThreadBlock, t: Transmission, incoming: list | None) -> list | None:
        """One transmission's effect on the local buffers; returns what it sends."""
        cnt = t.cnt
        if incoming is not None and len(incoming) < cnt:
            incoming = incoming + [_UNDEF] * (cnt - len(incoming))
        kind = t.type
        src, dst = t.srcbuf, t.dstbuf
        so, do = t.srcoffs[-1], t.dstoff
        if kind == "s":
            return [self._read(tb, t, src, so + c) for c in range(cnt)]
        if kind == "r":
            for c in range(cnt):
                self._write(tb, t, dst, do + c, incoming[c])
            return None
        if kind == "rcs":
            for c in range(cnt):
                self._write(tb, t, dst, do + c, incoming[c])
            return incoming[:cnt]
        if kind in ("rrs", "rrc", "rrcs"):
            values = [_add(incoming[c], self._read(tb, t, src, so + c)) for c in range(cnt)]
            if kind != "rrs":
                for c in range(cnt):
                    self._write(tb, t, dst, do + c, values[c])
            return values if kind != "rrc" else None
        if kind == "cpy":
            values = [self._read(tb, t, src, so + c) for c in range(cnt)]
            for c in range(cnt):
                self._write(tb, t, dst, do + c, values[c])
            return None
        if kind == "re":
            values = []
            for c in range(cnt):
                value = self._read(tb, t, dst, do + c)
                for off in t.srcoffs:
                    value = _add(value, self._read(tb, t, src, off + c))
                values.append(value)
            for c in range(cnt):
                self._write(tb, t, dst, do + c, values[c])
        return None

    # -- scheduling --------------------------------------------------------------------------
    def _deps_met(self, g: int, t: Transmission) -> int | None:
        """None when every dependency is met, else the block to watch (-1: none exists)."""
        for bid, dstep, _ in t.deps:
            target = self.targets.get((g, bid))
            if target is None:
                return -1
            if self.published[target] < dstep:
                return target
        return None

    def _watch(self, target: int | None, g: int) -> None:
        if target is not None and target >= 0:
            self.watchers[target].add(g)

    def _fire(self, g: int, incoming: tuple | None) -> tuple | None:
        tb = self.net.tbs[g]
        t = tb.trans[self.ptr[g]]
        outgoing = None
        if self.data:
            clocks = self.clocks
            if clocks is not None:
                clocks[g, g] += 1
                for bid, dstep, _ in t.deps:
                    target = self.targets[(g, bid)]
                    snap = self.snapshots.get((target, self._release(target, dstep)))
                    if snap is not None:
                        np.maximum(clocks[g], snap, out=clocks[g])
                if incoming is not None and incoming[1] is not None:
                    np.maximum(clocks[g], incoming[1], out=clocks[g])
            values = self._execute(tb, t, None if incoming is None else incoming[0])
            if t.send:
                outgoing = (values, None if clocks is None else clocks[g].copy())
            if clocks is not None and t.hasdep and (g, self.ptr[g]) in self.needed:
                self.snapshots[(g, self.ptr[g])] = clocks[g].copy()
        elif t.send:
            outgoing = (None, None)
        if t.hasdep:
            self.published[g] = max(self.published[g], t.flag)
        self.ptr[g] += 1
        return outgoing

    def _wake(self, g: int, ready: deque) -> None:
        for w in self.watchers[g]:
            ready.append(w)
        self.watchers[g].clear()

    def _try_buffered(self, g: int, ready: deque) -> bool:
        tb = self.net.tbs[g]
        if self.ptr[g] >= len(tb.trans):
            return False
        t = tb.trans[self.ptr[g]]
        blocker = self._deps_met(g, t)
        if blocker is not None:
            self._watch(blocker, g)
            return False
        source = self.net.recv_from[g] if t.recv else None
        if t.recv and (source is None or not self.queue[source]):
            self._watch(source, g)
            return False
        sink = self.net.send_to[g] if t.send else None
        if t.send and (sink is None or len(self.queue[g]) >= self.capacity):
            self._watch(sink, g)
            return False
        incoming = self.queue[source].popleft() if t.recv else None
        outgoing = self._fire(g, incoming)
        if t.send:
            self.queue[g].append(outgoing)
            ready.append(sink)
        if t.recv:
            ready.append(source)
        self._wake(g, ready)
        return True

    def _try_rendezvous(self, g: int, ready: deque) -> bool:
        """Fire a whole chain s -> (rcs|rrs|rrcs)* -> (r|rrc) at once, or a local step."""
        tb = self.net.tbs[g]
        if self.ptr[g] >= len(tb.trans):
            return False
        t = tb.trans[self.ptr[g]]
        blocker = self._deps_met(g, t)
        if blocker is not None:
            self._watch(blocker, g)
            return False
        if t.recv:
            return False            # fired by the chain that starts at its sender
        chain = [g]
        current = t
        while current.send:
            if current.partner is None:
                return False
            h, j = current.partner
            if self.ptr[h] != j or h in chain:
                self._watch(h, g)
                return False
            nxt = self.net.tbs[h].trans[j]
            blocker = self._deps_met(h, nxt)
            if blocker is not None:
                self._watch(blocker, g)
                return False
            chain.append(h)
            current = nxt
        incoming = None
        for h in chain:
            incoming = self._fire(h, incoming)
        for h in chain:
            self._wake(h, ready)
            ready.append(h)
        return True

    def run(self) -> list[int]:
        """Run to the end or to a deadlock; returns the blocks left with steps."""
        ready = deque(range(self.n))
        attempt = self._try_buffered if self.capacity > 0 else self._try_rendezvous
        while ready:
            g = ready.popleft()
            while attempt(g, ready):
                pass
        return [g for g in range(self.n) if self.ptr[g] < len(self.net.tbs[g].trans)]

    def describe_stuck(self, g: int) -> str:
        """What the stuck block ``g`` waits for."""
        net = self.net
        tb = net.tbs[g]
        t = tb.trans[self.ptr[g]]
        label = self._label(tb, t)
        for bid, dstep, _ in t.deps:
            target = self.targets.get((g, bid))
            if target is None:
                return f"{label} waits for tb {bid}, which does not exist on rank {tb.rank}"
            if self.published[target] < dstep:
                return (f"{label} waits for tb {bid} step {dstep} (tb {bid}: "
                        f"{self._where(target)}, its last flag: {self._flag_text(target)})")
        if t.recv:
            source = net.recv_from[g]
            if source is None:
                return (f"{label} waits to receive from rank {tb.recv}, but no block of rank "
                        f"{tb.recv} sends to rank {tb.rank} on channel {tb.chan}")
            if t.partner is None:
                return (f"{label} waits to receive from {net.tbs[source].where}, which has no "
                        f"send step left to match it")
            if self.capacity > 0 or not self.queue[source]:
                return (f"{label} waits to receive from {net.tbs[source].where} "
                        f"({self._where(source)})")
        if t.send:
            sink = net.send_to[g]
            if sink is None:
                return (f"{label} waits to send to rank {tb.send}, but no block of rank "
                        f"{tb.send} receives from rank {tb.rank} on channel {tb.chan}")
            if t.partner is None and self.capacity > 0:
                return (f"{label} waits for {net.tbs[sink].where} to take its previous send, "
                        f"and no receive step is left to match this one")
            if self.capacity > 0:
                return (f"{label} waits for {net.tbs[sink].where} to take the previous send "
                        f"from the connection ({self._where(sink)})")
            if t.partner is not None:
                return f"{label} {self._chain_break(g)}"
        return f"{label} cannot run"

    def _chain_break(self, g: int) -> str:
        """Rendezvous: where the chain of matched sends starting at ``g`` cannot run."""
        chain = [g]
        current = self.net.tbs[g].trans[self.ptr[g]]
        while current.send and current.partner is not None:
            h, j = current.partner
            block = self.net.tbs[h]
            nxt = block.trans[j]
            wanted = block.step_label(nxt.positions[0])
            if h in chain:
                return (f"needs {wanted} to receive while the same block is still at step "
                        f"{block.trans[self.ptr[h]].positions[0]} of that chain")
            if self.ptr[h] != j:
                return f"needs {wanted} to receive, but {self._where(h)}"
            if self._deps_met(h, nxt) is not None:
                return f"needs {wanted} to receive, but that step waits for a dependency"
            chain.append(h)
            current = nxt
        return "waits for a receive that has no matching step"

    def starts_chain(self, g: int) -> bool:
        """Whether block ``g``'s current step sends without receiving."""
        t = self.net.tbs[g].trans[self.ptr[g]]
        return t.send and not t.recv

    def _where(self, g: int) -> str:
        tb = self.net.tbs[g]
        j = self.ptr[g]
        if j >= len(tb.trans):
            return "it has finished"
        return f"it is at step {tb.trans[j].positions[0]} ({tb.trans[j].type})"

    def _flag_text(self, g: int) -> str:
        return "none" if self.published[g] < 0 else f"step {self.published[g]}"


def simulate(doc: Document, algo: Algo, net: Net, out: Reasons,
             full: bool = False) -> bool | None:
    """Run every aliasing the file claims; returns whether it also finishes without buffers
    (rendezvous), None when a run deadlocks. ``full`` runs the race check whatever its
    size."""
    per_mode: list[list[str]] = []
    modes = algo.aliasings
    finished = True
    for mode in modes:
        run = _Run(net, doc, algo, mode, capacity=FIFO_STEPS, data=True, full=full)
        stuck = run.run()
        lines = list(run.reasons)
        if stuck:
            finished = False
            ranks = len({net.tbs[g].rank for g in stuck})
            lines.append(f"deadlock: no step can run while {len(stuck)} thread block(s) on "
                         f"{ranks} rank(s) have steps left (model: every connection holds "
                         f"{FIFO_STEPS} send steps; docs/msccl.md section 4); the stuck blocks follow")
            for g in stuck[:12]:
                lines.append(f"stuck: {run.describe_stuck(g)}")
            if len(stuck) > 12:
                lines.append(f"stuck: ... and {len(stuck) - 12} more blocks")
        else:
            lines.extend(_check_results(run, algo))
            if run.clocks is None:
                out.undetermined(race_skip_text(run.n, run.entries, run.clock_bytes,
                                                _steps(net)))
        per_mode.append(lines)
    if len(per_mode) == 1:
        for line in per_mode[0]:
            out.add(line)
    else:
        common = set(per_mode[0]).intersection(*per_mode[1:])
        for mode, lines in zip(modes, per_mode):
            for line in lines:
                out.add(line if line in common else f"{mode}: {line}")
    if not finished:
        return None
    rendezvous = _Run(net, doc, algo, None, capacity=0, data=False)
    stuck = rendezvous.run()
    if stuck:
        starts = [g for g in stuck if rendezvous.starts_chain(g)]
        out.note("the file finishes only because each connection buffers send steps "
                 "(the runtime's FIFO holds a step whose cnt fits one primitive call); with "
                 "sends that rendezvous with their receives (docs/msccl.md section 4) "
                 + rendezvous.describe_stuck((starts or stuck)[0]))
        return False
    return True


def _steps(net: Net) -> int:
    return sum(len(tb.trans) for tb in net.tbs)


RACE_RATE = 3.5e8
"""Vector-clock entries the race check merges per second, about three rows of ``blocks``
entries per transmission (measured: 3.8·10^8 on the dgx-a100:boxes=16 all-to-all, 17,280
blocks and 48,000 steps, 6.6 s more with the check than without; 5.4·10^8 on
dgx-a100:boxes=8; docs/msccl.md, "check-xml: three verdicts")."""


def race_skip_text(blocks: int, entries: int, size: int, steps: int) -> str:
    """What was not checked when the race check is skipped, and what forcing it costs."""
    seconds = steps * blocks * 3 / RACE_RATE
    return (f"race check skipped: {blocks:,} thread blocks need {entries:,} vector-clock "
            f"entries ({size / 2**30:.3g} GiB, the limit is "
            f"{MAX_CLOCK_ENTRIES * 2 / 2**30:.3g} GiB); unordered accesses (a missing "
            f"dependency) were not looked for; full=True runs it (about "
            f"{_duration(seconds)} per aliasing and {size / 2**30:.3g} GiB of memory)")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{max(seconds, 1):.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _check_results(run: _Run, algo: Algo) -> list[str]:
    """Compare every output chunk with what the collective must leave there."""
    lines = []
    lay = run.layout
    n, k = lay.ngpus, lay.k
    for rank in range(n):
        gpu = run.gpus.get(rank)
        if gpu is None:
            continue
        slots = run.slots[rank]
        for j in range(lay.size(gpu, "o")):
            value = slots.get(run._phys(rank, "o", j))
            if lay.collective is Collective.ALLGATHER:
                owner, part = divmod(j, k)
                expected = (((owner, part), 1),)
                wanted = f"rank {owner}'s input chunk {part}"
            elif lay.collective is Collective.ALLTOALL:
                # o block s of rank r is block r of rank s's input (docs/msccl.md section 3)
                owner, part = divmod(j, k)
                expected = (((owner, rank * k + part), 1),)
                wanted = f"rank {owner}'s input chunk {rank * k + part}"
            elif lay.collective is Collective.REDUCE_SCATTER:
                chunk = rank * k + j
                expected = tuple(((q, chunk), 1) for q in range(n))
                wanted = f"the sum over all ranks of input chunk {chunk}"
            else:
                expected = tuple(((q, j), 1) for q in range(n))
                wanted = f"the sum over all ranks of input chunk {j}"
            if value == expected:
                continue
            lines.append(f"rank {rank}: o[{j}] should hold {wanted}, but "
                         f"{_difference(value, expected, lay.collective)}")
    return lines


def _difference(value: Any, expected: tuple, collective: Collective) -> str:
    if value is None:
        return "nothing ever writes it"
    if value is _UNDEF:
        return "it holds data computed from a slot nothing wrote"
    got = dict(value)
    if collective in (Collective.ALLGATHER, Collective.ALLTOALL):    # one writer per chunk
        return f"it holds {_render(got)}"
    want = dict(expected)
    parts = []
    missing = [r for r, _ in sorted(want) if got.get((r, _), 0) == 0]
    if len(missing) == 1:
        parts.append(f"misses the contribution of rank {missing[0]}")
    elif missing:
        parts.append(f"misses the contributions of ranks {', '.join(map(str, missing))}")
    for key in sorted(want):
        if got.get(key, 0) > 1:
            parts.append(f"counts rank {key[0]}'s contribution {got[key]} times")
    foreign: dict[int, list[str]] = {}
    for (rank, chunk), count in sorted(got.items()):
        if (rank, chunk) not in want:
            who = str(rank) if count == 1 else f"{rank} ({count} times)"
            foreign.setdefault(chunk, []).append(who)
    for chunk, ranks in foreign.items():
        who = f"rank {ranks[0]}" if len(ranks) == 1 else f"ranks {', '.join(ranks)}"
        parts.append(f"adds input chunk {chunk} of {who}, which belongs to another output chunk")
    return "; ".join(parts) if parts else f"it holds {_render(got)}"


def _render(got: Mapping[tuple[int, int], int]) -> str:
    terms = []
    for (rank, chunk), count in sorted(got.items()):
        term = f"rank {rank}'s input chunk {chunk}"
        terms.append(term if count == 1 else f"{count} × {term}")
    if len(terms) == 1:
        return terms[0]
    return "the sum of " + " + ".join(terms)

