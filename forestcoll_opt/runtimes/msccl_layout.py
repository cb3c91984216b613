"""Thread blocks and channels of an MSCCL export (:mod:`.msccl_export`), and the runtime's
limits checked on them before anything is written (docs/msccl.md sections 1, 2 and 4,
"Export from forestcoll-opt").

The exporter appends every rank's steps in one global order, each with a *lane*: the
connection it belongs to (send to / receive from a peer) and the index of the tree or
route it serves, or the local lane. :func:`layout` then puts the lanes on channels and
thread blocks for a channel count C:

* a connection a -> b belongs to channel group ``((b - a) mod N - 1) // 32`` (of
  G = ceil((N - 1) / 32) groups, at most C): a rank sends to, and receives from, at most
  32 peers in one group, which is the runtimes' limit of 32 sending and 32 receiving thread
  blocks per channel;
* within its group, the tree or route of index t goes to lane ``t mod (C // G)``: the trees
  of one connection are spread over ``C // G`` channels round-robin, which divides the steps
  of the connection's thread block (at most 64 in msccl-executor and RCCL);
* thread block ids: the local block first, then every receiving block, then every sending
  one. Steps depend only on receiving blocks (a forward, a relay, a reduction) or the local
  one, so the dependency targets get the smallest ids (they are stored in 8 bits);
* when a rank would need more thread blocks than the runtime holds (RCCL: 64), its i-th
  receiving and i-th sending block of each channel share one thread block (``<tb>`` with
  both a ``recv`` and a ``send`` peer), which halves the count; such a block runs the steps
  of both connections one after the other, in the global order.

Each thread block keeps its steps in the global order, and both ends of a transfer are
created together, so the deadlock-freedom argument of the exporter holds for every C and
either choice of blocks: by induction on that order, the earliest unfinished step or
transfer has every step before it in its blocks, and every step it depends on, finished,
so it can run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MscclExportError
from .msccl_check.limits import MAX_OFFSET, RuntimeRules, stored_nodes

PER_CHANNEL = 32
"""Sending (and receiving) thread blocks per channel and rank
(``MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL`` in every runtime)."""


@dataclass(eq=False)
class Step:
    kind: str
    srcbuf: str
    srcoff: int
    dstbuf: str
    dstoff: int
    cnt: int
    dep: "Step | None" = None
    lane: tuple = ()
    block: tuple = ()
    position: int = -1
    order: int = -1               # creation order on its rank


@dataclass
class Rank:
    steps: list[Step] = field(default_factory=list)
    scratch: int = 0

    def add(self, lane: tuple, step: Step) -> Step:
        step.lane = lane
        step.order = len(self.steps)
        if step.dep is not None and step.dep.lane == lane:
            step.dep = None        # one lane is one thread block: program order suffices
        self.steps.append(step)
        return step


class Builder:
    """Steps of every rank, appended in one global order (module docstring)."""

    def __init__(self, n: int) -> None:
        self.ranks = [Rank() for _ in range(n)]

    def transfer(self, a: int, b: int, index: int, src: tuple[str, int],
                 dst: tuple[str, int], cnt: int, dep: Step | None, recv_kind: str = "r",
                 reduce_with: tuple[str, int] | None = None,
                 recv_dep: Step | None = None) -> Step:
        """A send of ``cnt`` chunks from rank a to rank b for tree or route ``index``;
        returns b's receive-type step (``r`` into ``dst``, or ``rrc``: the received chunks
        reduced with ``reduce_with`` and written to ``dst``)."""
        self.ranks[a].add(("send", b, index), Step("s", *src, *dst, cnt, dep))
        local = reduce_with if reduce_with is not None else src
        return self.ranks[b].add(("recv", a, index),
                                 Step(recv_kind, *local, *dst, cnt, recv_dep))

    def beside(self, rank: int, peer: int, index: int, step: Step) -> Step:
        """A local step on the block that receives from ``peer`` for ``index``."""
        return self.ranks[rank].add(("recv", peer, index), step)

    def local(self, rank: int, step: Step) -> Step:
        return self.ranks[rank].add(("local",), step)


@dataclass
class Layout:
    """The thread blocks of every rank for one channel count. Block keys: ``("local",)``,
    ``("recv", peer, chan)``, ``("send", peer, chan)`` or ``("both", recv peer, send peer,
    chan)`` (a merged block)."""

    channels: int
    blocks: list[dict[tuple, list[Step]]]
    ids: list[dict[tuple, int]]
    merged: bool = False

    def flagged(self) -> set[int]:
        """The steps another thread block depends on (``hasdep="1"``), by ``id``."""
        out: set[int] = set()
        for blocks in self.blocks:
            for steps in blocks.values():
                for step in steps:
                    if step.dep is not None and step.dep.block != step.block:
                        out.add(id(step.dep))
        return out


def groups_for(n: int) -> int:
    """Channel groups the connections of ``n`` ranks need (module docstring)."""
    return max(1, -(-(n - 1) // PER_CHANNEL))


def layout(b: Builder, channels: int, merge: bool = False) -> Layout:
    """Thread blocks and ids of every rank with ``channels`` channels; ``merge``: receiving
    and sending blocks paired into one (module docstring)."""
    n = len(b.ranks)
    groups = min(groups_for(n), channels)
    lanes = channels // groups
    used = 1
    blocks: list[dict[tuple, list[Step]]] = []
    ids: list[dict[tuple, int]] = []
    for r, rk in enumerate(b.ranks):
        mine: dict[tuple, list[Step]] = {}
        for step in rk.steps:
            lane = step.lane
            if lane[0] == "local":
                key = lane
            else:
                a, c = (r, lane[1]) if lane[0] == "send" else (lane[1], r)
                group = ((c - a) % n - 1) // PER_CHANNEL % groups
                chan = group + groups * (lane[2] % lanes)
                used = max(used, chan + 1)
                key = (lane[0], lane[1], chan)
            step.block = key
            mine.setdefault(key, []).append(step)
        if merge:
            mine = _merged(mine)
        for steps in mine.values():
            for i, step in enumerate(steps):
                step.position = i
        blocks.append(mine)
        ids.append({key: i for i, key in enumerate(sorted(mine, key=_block_order))})
    return Layout(used, blocks, ids, merge)


def _merged(blocks: dict[tuple, list[Step]]) -> dict[tuple, list[Step]]:
    """The i-th receiving and i-th sending block of every channel (by peer) as one block,
    its steps in the global order (the order the rank's steps were created in)."""
    out: dict[tuple, list[Step]] = {}
    chans = sorted({key[2] for key in blocks if key[0] != "local"})
    if ("local",) in blocks:
        out[("local",)] = blocks[("local",)]
    for chan in chans:
        recvs = sorted(k for k in blocks if k[0] == "recv" and k[2] == chan)
        sends = sorted(k for k in blocks if k[0] == "send" and k[2] == chan)
        for i in range(max(len(recvs), len(sends))):
            if i < len(recvs) and i < len(sends):
                key = ("both", recvs[i][1], sends[i][1], chan)
                steps = sorted(blocks[recvs[i]] + blocks[sends[i]], key=lambda st: st.order)
            else:
                key = recvs[i] if i < len(recvs) else sends[i]
                steps = blocks[key]
            for st in steps:
                st.block = key
            out[key] = steps
    return out


def _block_order(key: tuple) -> tuple:
    """The local block first, then the blocks that receive (merged ones first), then the
    sending ones, each by channel and peer: the blocks others depend on get the small ids."""
    if key[0] == "local":
        return (0, 0, 0, 0)
    if key[0] == "both":
        return (1, key[3], key[1], key[2])
    return (2 if key[0] == "recv" else 3, key[2], key[1], 0)


def chan_of(key: tuple) -> int:
    """The channel of a block key (0 for the local block)."""
    return key[-1] if key[0] != "local" else 0


def peers(key: tuple) -> tuple[int, int]:
    """(send peer, receive peer) of a block key, -1 for none."""
    if key[0] == "both":
        return key[2], key[1]
    if key[0] == "send":
        return key[1], -1
    if key[0] == "recv":
        return -1, key[1]
    return -1, -1


def describe(key: tuple) -> str:
    if key[0] == "local":
        return "local copies"
    if key[0] == "both":
        return f"recv from rank {key[1]} and send to rank {key[2]}, channel {key[3]}"
    return f"{key[0]} {'to' if key[0] == 'send' else 'from'} rank {key[1]}, channel {key[2]}"


@dataclass(frozen=True)
class Problem:
    """A limit a layout breaks: ``kind`` is ``blocks`` (thread blocks per rank), ``steps``
    (per block), ``per_channel``, ``dep`` (dependency target id) or ``nodes`` (the parser's
    node store); ``channels_help`` whether more channels can fix it."""

    kind: str
    message: str
    channels_help: bool


def first_problem(lay: Layout, rules: RuntimeRules, runtime: str) -> Problem | None:
    """The first limit of ``rules`` the layout breaks (docs/msccl.md sections 1, 2, 4)."""
    n = len(lay.blocks)
    for r, blocks in enumerate(lay.blocks):
        if len(blocks) > rules.max_tbs:
            sends = sum(1 for k in blocks if peers(k)[0] >= 0)
            recvs = sum(1 for k in blocks if peers(k)[1] >= 0)
            how = ("one per peer and channel, a receiving and a sending one sharing a block"
                   if lay.merged else "one per peer and channel")
            return Problem("blocks", (
                f"rank {r} needs {len(blocks)} thread blocks ({recvs} receiving, {sends} "
                f"sending: {how}); {runtime} allows {rules.max_tbs} "
                f"(MSCCL_MAX_NUM_THREAD_BLOCKS)"), False)
        for key, steps in blocks.items():
            if len(steps) > rules.max_steps:
                return Problem("steps", (
                    f"rank {r} thread block {lay.ids[r][key]} ({describe(key)}) needs "
                    f"{len(steps)} steps; {runtime} allows {rules.max_steps} per thread "
                    f"block (MSCCL_MAX_NUM_STEPS)"), True)
        for side in ("send", "recv"):
            count: dict[int, int] = {}
            for key in blocks:
                if peers(key)[0 if side == "send" else 1] >= 0:
                    count[chan_of(key)] = count.get(chan_of(key), 0) + 1
            for chan, c in sorted(count.items()):
                if c > rules.tbs_per_channel:
                    return Problem("per_channel", (
                        f"rank {r} has {c} {side} thread blocks on channel {chan}; MSCCL "
                        f"allows {rules.tbs_per_channel} "
                        f"(MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL)"), True)
        stored = stored_nodes(n, len(blocks), sum(len(s) for s in blocks.values()))
        if stored > rules.node_room:
            return Problem("nodes", (
                f"rank {r} has {len(blocks)} thread blocks and "
                f"{sum(len(s) for s in blocks.values())} steps: the runtime's XML parser "
                f"would store {stored} nodes when it loads the file, it holds "
                f"{rules.node_room} (MSCCL_MAX_NODES)"), False)
        for key, steps in blocks.items():
            for step in steps:
                if step.dep is not None and step.dep.block != key \
                        and lay.ids[r][step.dep.block] > rules.max_dep_bid:
                    return Problem("dep", (
                        f"rank {r}: a step depends on thread block "
                        f"{lay.ids[r][step.dep.block]}; MSCCL stores that id in 8 bits (at "
                        f"most {rules.max_dep_bid}, int8_t dependentBid)"), False)
    return None


def check_offsets(b: Builder, lay: Layout, chunks: int, K: int) -> None:
    """Every chunk offset within ``int16_t`` (``mscclTransmission``)."""
    for r, blocks in enumerate(lay.blocks):
        for key in sorted(blocks, key=lay.ids[r].__getitem__):
            for step in blocks[key]:
                for field_name, off in (("srcoff", step.srcoff), ("dstoff", step.dstoff)):
                    if off > MAX_OFFSET:
                        raise MscclExportError(
                            f"rank {r} thread block {lay.ids[r][key]} ({describe(key)}) step "
                            f"{step.position}: {field_name}={off}, but the runtime stores "
                            f"chunk offsets as int16_t (at most {MAX_OFFSET}, "
                            f"mscclTransmission): {_fewer_chunks(b, chunks, K)}")


def _fewer_chunks(b: Builder, chunks: int, K: int) -> str:
    """The chunks per part that keep every offset within int16_t: offsets index buffers of
    nchunksperloop and s_chunks chunks, both proportional to the chunks per part."""
    per_chunk = max(K, max(rk.scratch for rk in b.ranks)) // chunks
    fits = (MAX_OFFSET + 1) // per_chunk
    if fits >= 1:
        return f"use {fits} chunks per part or fewer (nchunksperloop is {K} here)"
    return (f"even 1 chunk per part addresses {per_chunk} chunks of one buffer: generate the "
            f"schedule with a smaller fixed k")


_ADVICE = {
    "steps": "use more channels, fewer chunks per part, or a fixed k with fewer trees",
    "per_channel": "use more channels",
    "blocks": "use fewer channels, or a schedule whose ranks exchange data with fewer peers "
              "(a fixed k with fewer trees)",
    "dep": "use fewer channels or a fixed k with fewer trees",
    "nodes": "use fewer chunks per part or a fixed k with fewer trees",
}


def fit(b: Builder, rules: RuntimeRules, runtime: str, channels: int | None,
        max_channels: int) -> Layout:
    """The layout for ``channels``, or, when None, for the fewest channels from 1 to
    ``max_channels`` that fit every limit of ``rules``; one thread block per connection, or,
    when a rank would then need more blocks than the runtime holds, a receiving and a
    sending connection per block. A schedule that fits none stops with one line naming the
    limit and what to change."""
    def attempt(c: int) -> tuple[Layout | None, Problem]:
        problem = None
        for merge in (False, True):
            lay = layout(b, c, merge)
            problem = first_problem(lay, rules, runtime)
            if problem is None:
                return lay, None
            if problem.kind != "blocks":
                break             # sharing blocks only helps their count
        return None, problem

    if channels is not None:
        lay, problem = attempt(channels)
        if problem is not None:
            raise MscclExportError(f"{problem.message}: {_ADVICE[problem.kind]}")
        return lay
    tried: list[tuple[int, Problem]] = []
    for c in range(1, max_channels + 1):
        if tried and layout(b, c).channels < c:
            continue              # this count lays out like a smaller one
        lay, problem = attempt(c)
        if problem is None:
            return lay
        tried.append((c, problem))
        if not problem.channels_help:
            break                 # more channels only add thread blocks and ids
    c, problem = tried[-1]
    if not problem.channels_help:
        advice = {"blocks": f"more channels only add thread blocks: the schedule cannot fit "
                            f"{runtime}; use a schedule whose ranks exchange data with fewer "
                            f"peers, or another runtime",
                  "dep": "more channels only add thread blocks: use a fixed k with fewer "
                         "trees",
                  "nodes": "use fewer chunks per part or a fixed k with fewer trees"}
        return _raise(f"no channel count fits {runtime}: with {c} channel(s), "
                      f"{problem.message}; {advice[problem.kind]}")
    return _raise(f"no channel count from 1 to {max_channels} fits {runtime}: with {c} "
                  f"channel(s), {problem.message}; use fewer chunks per part or a fixed k "
                  f"with fewer trees")


def _raise(message: str) -> Layout:
    raise MscclExportError(message)
