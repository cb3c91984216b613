"""Export a schedule as an MSCCL XML algorithm (docs/msccl.md has the runtimes' rules).

Mapping (docs/msccl.md, "Export from forestcoll-opt"):

* Ranks are the compute nodes in topology order. A part of the schedule (M/(N·k) of an
  allgather, a reduce-scatter or an allreduce's root share) becomes ``chunks`` MSCCL
  chunks, so a tree of weight w carries w·chunks consecutive chunks of every loop and the
  chunk pattern reproduces the schedule's bandwidth shares exactly.
* A tree edge u -> v becomes one transfer per run of at most 71 chunks: a send-type step
  on u's thread block for (send to v, channel) and the matching receive-type step on v's
  block for (receive from u, channel). Every connection is a FIFO, so both sides are
  appended in one global order; a step waits only for steps created before it, which
  rules out deadlock (induction on that order).
* Allgather (out-trees): the root sends its chunks; every other node receives them into
  its output (``r``) and forwards them to its children (``s``, depending on the receive).
  Out-of-place, each rank first copies its input into its own slot of the output
  (``cpy``); in place (``inplace=True``, ``--inplace``) the input already lives there.
* Reduce-scatter (in-trees): a leaf sends its input chunks; an inner node receives from
  each child and reduces (``rrc``) into a scratch slot (the first with its own input,
  each next one depending on the previous), then sends the sum to its parent; the root
  reduces into its output.
* Allreduce: the reduce-scatter trees leave every root's share reduced in place in the
  output buffer, and the allgather trees broadcast it from there, each send at the root
  depending on the reduction that finished those chunks. The runtime runs both phases
  at once, pipelined, which is the schedule's ``concurrent`` time (and at least as fast
  as one phase after the other). Per-root shares follow the schedule's weights.
* All-to-all (route schedules): every route cut at the compute nodes it relays through,
  one transfer per hop between two of them (:func:`_alltoall`).

Limits are the checker's (:mod:`forestcoll_opt.runtimes.msccl_check.limits` records them
from the runtimes' sources, and they are written there only): steps per thread block, thread
blocks, channels, ``cnt``, dependency targets, chunk offsets (``int16_t``), the XML
parser's node store. They are checked before anything is written; a schedule that does
not fit stops with one line naming the limit and the setting that helps (more channels,
fewer chunks, a fixed k). Buffer sizes are
exact: ``i_chunks``/``o_chunks`` the collective's layout (0 for the unused input of an
in-place allgather), ``s_chunks`` the scratch chunks the steps use.
"""

from __future__ import annotations

import math
import re
import warnings
from dataclasses import dataclass, field

from ..errors import MscclExportError, UsageError
from .msccl_check.limits import EXECUTOR, LEGACY, MAX_OFFSET, RuntimeRules, stored_nodes
from ..model.compact import check_group
from ..model.schedule import Schedule, Tree
from ..model.topology import Topology

# The runtimes' limits are the checker's (forestcoll_opt.runtimes.msccl_check.limits records
# them from the runtimes' sources); the exporter only reads them.
PROTOCOLS = ("Simple", "LL128", "LL")
MAX_CNT = EXECUTOR.max_count - 1   # cnt < MSCCL_MAX_COUNT
MAX_CHANNELS = EXECUTOR.max_channels


@dataclass(frozen=True)
class MscclExport:
    """What :func:`export_msccl` wrote: the MSCCL XML text and the figures read off it.
    ``str(result)`` is the text, so it can be written or passed on as it is."""

    xml: str = field(repr=False)
    """The algorithm file's text (ends with a newline)."""
    collective: str
    """``allgather``, ``reduce-scatter`` or ``allreduce`` (the schedule's collective)."""
    flavour: str
    """The runtime family written for: ``msccl-executor`` or ``legacy``."""
    name: str
    """The ``<algo name=...>``."""
    nchunksperloop: int
    """Chunks in every loop of the runtime (the buffer is cut into this many)."""
    ngpus: int
    """Ranks: the topology's compute nodes, in its order."""
    threadblocks: int
    """``<tb>`` elements over all ranks."""
    steps: int
    """``<step>`` elements over all ranks."""

    def __str__(self) -> str:
        return self.xml

    def __repr__(self) -> str:
        return (f"MscclExport({self.flavour} {self.collective} for {self.ngpus} ranks: "
                f"{self.name}, nchunksperloop={self.nchunksperloop}, {self.threadblocks} "
                f"thread blocks, {self.steps} steps)")

    @property
    def selection_rule(self) -> str:
        """When the runtime selects the file, by the call's element count
        (:func:`selection_rule`)."""
        return selection_rule(self.collective, self.flavour, self.nchunksperloop, self.ngpus)


@dataclass(frozen=True)
class Flavour:
    """One runtime family's spelling and limits (docs/msccl.md, sections 1 and 4)."""

    name: str
    colls: dict[str, str]
    rules: RuntimeRules


FLAVOURS = {
    "msccl-executor": Flavour("msccl-executor", {"allgather": "allgather",
                                                 "reduce-scatter": "reducescatter",
                                                 "allreduce": "allreduce",
                                                 "alltoall": "alltoall"}, EXECUTOR),
    "legacy": Flavour("legacy", {"allgather": "allgather", "reduce-scatter": "reduce_scatter",
                                 "allreduce": "allreduce", "alltoall": "alltoall"}, LEGACY),
}
NO_LIMIT = 2**63 - 1
"""``maxBytes`` written for no upper limit: INT64_MAX, which every runtime reads as no limit.
msccl-executor and RCCL (``mscclInternalSchedulerSelectAlgo``) select a file when ``nBytes >=
minBytes && (maxBytes == 0 || nBytes <= maxBytes)``; legacy microsoft/msccl refuses a file
with ``minBytes > maxBytes`` ('minBytes cannot be greater than maxBytes'), reads a missing
``maxBytes`` as 2^27 (128 MiB) and selects ``nbytes < maxBytes``: 0 means no limit to the
first two only, and legacy would refuse a file with a minimum (or never select one
without). Every runtime parses the value with ``strtoll``."""


@dataclass
class _Step:
    kind: str
    srcbuf: str
    srcoff: int
    dstbuf: str
    dstoff: int
    cnt: int
    dep: "_Step | None" = None
    hasdep: bool = False
    block: tuple = ()
    position: int = -1


@dataclass
class _Rank:
    blocks: dict[tuple, list[_Step]] = field(default_factory=dict)
    scratch: int = 0

    def add(self, key: tuple, step: _Step) -> _Step:
        step.block = key
        self.blocks.setdefault(key, []).append(step)
        if step.dep is not None:
            step.dep.hasdep = True
        return step


class _Builder:
    """Steps of every rank, appended in one global order (module docstring)."""

    def __init__(self, n: int) -> None:
        self.ranks = [_Rank() for _ in range(n)]

    def transfer(self, a: int, b: int, chan: int, src: tuple[str, int], dst: tuple[str, int],
                 cnt: int, dep: _Step | None, recv_kind: str = "r",
                 reduce_with: tuple[str, int] | None = None,
                 recv_dep: _Step | None = None) -> _Step:
        """A send of ``cnt`` chunks from rank a to rank b; returns b's receive-type step
        (``r`` into ``dst``, or ``rrc``: the received chunks reduced with ``reduce_with``
        and written to ``dst``)."""
        self.ranks[a].add(("send", b, chan), _Step("s", *src, *dst, cnt, dep))
        local = reduce_with if reduce_with is not None else src
        return self.ranks[b].add(("recv", a, chan),
                                 _Step(recv_kind, *local, *dst, cnt, recv_dep))

    def local(self, rank: int, step: _Step) -> _Step:
        return self.ranks[rank].add(("local",), step)


def _runs(start: int, length: int) -> list[tuple[int, int]]:
    """[start, start+length) cut into runs of at most MAX_CNT chunks."""
    return [(s, min(MAX_CNT, start + length - s)) for s in range(start, start + length, MAX_CNT)]


def _ranked(tree: Tree, rank: dict[str, int]) -> tuple[dict[int, list[int]], list[int]]:
    """The tree's children and preorder (:meth:`Tree.children`, :meth:`Tree.preorder`) by
    rank."""
    children = {rank[p]: [rank[c] for c in kids] for p, kids in tree.children().items()}
    return children, [rank[v] for v in tree.preorder()]


def export_msccl(topology: Topology, schedule: Schedule, *, flavour: str = "msccl-executor",
                 protocol: str = "Simple", chunks: int = 1, channels: int = 1,
                 inplace: bool = False, name: str | None = None, min_bytes: int = 0,
                 max_bytes: int | None = None) -> MscclExport:
    """The MSCCL XML algorithm of ``schedule`` (allgather, reduce-scatter or allreduce) on
    ``topology`` (module docstring).

    The order ``export_msccl(schedule, topology)`` of earlier releases still works for now,
    with a :class:`DeprecationWarning`.

    :param topology: the topology the schedule was made for; rank r is
        ``topology.compute_nodes[r]``.
    :param schedule: the schedule to write.
    :param flavour: the runtime family, ``msccl-executor`` (Azure/msccl-executor-nccl and
        ROCm RCCL) or ``legacy`` (microsoft/msccl).
    :param protocol: ``Simple``, ``LL128`` or ``LL``.
    :param chunks: MSCCL chunks per part of the schedule: a larger ``nchunksperloop``
        (larger steps, and other buffer sizes the runtime accepts; the runtime pipelines
        within every chunk anyway).
    :param channels: channels the trees go to, round-robin (1 to 32).
    :param inplace: allgather: write an in-place algorithm instead of an out-of-place one
        (reduce-scatter and allreduce files are valid both ways and say so).
    :param name: the algorithm's name (default ``forestcoll-COLLECTIVE-TOPOLOGY``).
    :param min_bytes: the smallest buffer the runtime should use the file for (bytes, the
        whole buffer: an allgather's output, a reduce-scatter's input).
    :param max_bytes: the largest one, inclusive; None or 0 (msccl-executor's spelling) for
        no limit, written ``maxBytes="9223372036854775807"`` (:data:`NO_LIMIT`), which every
        runtime reads as no limit.
    :returns: the XML text and its figures.
    :raises MscclExportError: for an option out of range, a schedule MSCCL cannot express,
        or a limit of the runtime the algorithm would pass.
    :raises ~forestcoll_opt.errors.UsageError: when the arguments are not a topology and a
        schedule.
    """
    if isinstance(topology, Schedule) and isinstance(schedule, Topology):
        from .._deprecated import caller_level      # the user's line, past fc's wrapper
        warnings.warn("export_msccl(schedule, topology) is deprecated: call "
                      "export_msccl(topology, schedule, ...)", DeprecationWarning,
                      stacklevel=caller_level())
        topology, schedule = schedule, topology
    if not isinstance(topology, Topology) or not isinstance(schedule, Schedule):
        raise UsageError(f"export_msccl(topology, schedule) needs a Topology and a Schedule, "
                         f"got {type(topology).__name__} and {type(schedule).__name__}")
    if flavour not in FLAVOURS:
        raise MscclExportError(f"unknown MSCCL flavour {str(flavour)[:40]!r}; use one of "
                               f"{', '.join(FLAVOURS)}")
    fl = FLAVOURS[flavour]
    if protocol not in PROTOCOLS:
        raise MscclExportError(f"unknown protocol {str(protocol)[:40]!r}; use one of "
                               f"{', '.join(PROTOCOLS)}")
    if schedule.group is not None:     # a compact schedule's group, before any tree is mapped
        check_group(topology, schedule)
    if schedule.collective not in fl.colls:
        raise MscclExportError(f"{schedule.collective} schedules cannot be exported to MSCCL "
                               f"yet; export an allgather, reduce-scatter, allreduce or "
                               f"alltoall")
    for value, what, top in ((chunks, "chunks per part", 10**6),
                             (channels, "channels", MAX_CHANNELS)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise MscclExportError(f"{value!r} {what}: give a whole number from 1 to {top}")
    for value, what in ((min_bytes, "minimum"), (max_bytes, "maximum")):
        if value is None and what == "maximum":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
            raise MscclExportError(f"a {what} buffer size of {value!r} bytes: give a byte count "
                                   f"from 0 to 2^63 - 1")
    max_bytes = max_bytes or NO_LIMIT
    if min_bytes > max_bytes:
        raise MscclExportError(f"the minimum buffer size, {min_bytes} bytes, is above the "
                               f"maximum, {max_bytes}: the runtime would never select the file")
    if schedule.multicast:
        raise MscclExportError("this schedule relies on in-network multicast, which MSCCL's "
                               "send/receive steps cannot express (each copy would be sent "
                               "again, below the schedule's algbw); generate it with multicast "
                               "off to export it")
    if tuple(schedule.compute_nodes) != tuple(topology.compute_nodes):
        raise MscclExportError(f"the schedule's compute nodes are not those of "
                               f"{topology.name!r} in its order; export it with the topology "
                               f"it was made for")
    n = len(topology.compute_nodes)
    rank = {v: i for i, v in enumerate(topology.compute_nodes)}
    b = _Builder(n)
    if schedule.collective == "allgather":
        if schedule.weights is not None:
            raise MscclExportError("MSCCL's allgather gives every rank an equal share; this "
                                   "schedule has shard weights (export an allreduce instead, "
                                   "whose shares are internal)")
        K = n * schedule.k * chunks
        per = schedule.k * chunks
        _allgather(b, schedule, rank, chunks, channels, inplace, {r: r * per for r in range(n)},
                   {}, source="o" if inplace else "i")
        if not inplace:
            for r in range(n):
                for start, cnt in _runs(0, per):
                    b.local(r, _Step("cpy", "i", start, "o", r * per + start, cnt))
        sizes = (0 if inplace else per, K)
    elif schedule.collective == "alltoall":
        if inplace:
            raise MscclExportError("the all-to-all export is out-of-place (every rank's input "
                                   "is read after others have written their output); drop "
                                   "inplace")
        K = _alltoall(b, schedule, rank, chunks, channels)
        sizes = (K, K)
    elif schedule.collective == "reduce-scatter":
        if schedule.weights is not None:
            raise MscclExportError("MSCCL's reduce-scatter gives every rank an equal share; "
                                   "this schedule has shard weights")
        per = schedule.k * chunks
        K = n * per
        _reduce(b, schedule, rank, chunks, channels, {r: r * per for r in range(n)},
                output_offset={r: 0 for r in range(n)})
        sizes = (K, per)
        inplace = True
    else:
        rs, ag = schedule.phases
        L = math.lcm(rs.k, ag.k)
        weight = dict(schedule.weights) if schedule.weights else dict.fromkeys(rank, 1)
        start, offset = {}, 0
        for v in topology.compute_nodes:
            start[rank[v]] = offset
            offset += L * weight[v] * chunks
        K = offset
        final = _reduce(b, rs, rank, chunks * (L // rs.k), channels, start, output_offset=start)
        _allgather(b, ag, rank, chunks * (L // ag.k), channels, True, start, final, source="o")
        sizes = (K, K)
        inplace = True
    name = name or _name(schedule)
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,63}", name):
        raise MscclExportError(f"the algorithm name {name[:40]!r}: use 1 to 63 letters, "
                               f"digits, '_', '.' or '-'")
    ids = _check_limits(b, fl, channels, chunks, K)
    xml = _render(b, ids, fl, schedule.collective, protocol, channels, K, n, sizes, inplace,
                  schedule.collective != "allgather" or not inplace, name,
                  min_bytes, max_bytes)
    return MscclExport(
        xml=xml, collective=schedule.collective, flavour=fl.name, name=name,
        nchunksperloop=K, ngpus=n, threadblocks=sum(len(rk.blocks) for rk in b.ranks),
        steps=sum(len(s) for rk in b.ranks for s in rk.blocks.values()))


def _alltoall(b: _Builder, schedule: Schedule, rank: dict[str, int], chunks: int,
              channels: int) -> int:
    """All-to-all routes (``forestcoll-schedule/4``) as transfers; returns nchunksperloop.

    MSCCL's all-to-all cuts every rank's buffer into N blocks of c = k·chunks chunks, block t
    for rank t, and leaves rank s's block t in block s of rank t's output (docs/msccl.md
    section 3). Each rank first copies its own block (``cpy``). A route of weight w takes
    the next w·chunks chunks of its pair's block and is cut at the compute nodes it relays
    through: every hop between two compute nodes is one connection (the runtime routes it
    over the switches between them); a relay receives into scratch (``r``) and sends on
    from there (``s``, depending on the receive). Routes go to the channels round-robin."""
    if schedule.demand is not None:
        raise MscclExportError("MSCCL's alltoall moves equal blocks between every pair; this "
                               "schedule has a demand matrix (alltoallv), which its XML does "
                               "not express")
    n = len(rank)
    per = (schedule.k or 1) * chunks
    for r in range(n):
        for start, cnt in _runs(r * per, per):
            b.local(r, _Step("cpy", "i", start, "o", start, cnt))
    used: dict[tuple[int, int], int] = {}
    for index, route in enumerate(schedule.routes):
        s, t = rank[route.src], rank[route.dst]
        stops = [rank[v] for v in route.path if v in rank]
        first = used.get((s, t), 0)
        used[(s, t)] = first + route.weight * chunks
        if used[(s, t)] > per:
            raise MscclExportError(f"the routes from {route.src} to {route.dst} carry more than "
                                   f"k parts; verify the schedule first")
        for start, cnt in _runs(first, route.weight * chunks):
            src, dep = ("i", t * per + start), None
            for a, c in zip(stops, stops[1:]):
                if c == t:
                    dst = ("o", s * per + start)
                else:
                    dst = ("s", b.ranks[c].scratch)
                    b.ranks[c].scratch += cnt
                recv = b.transfer(a, c, index % channels, src, dst, cnt, dep)
                src, dep = dst, recv
    return n * per


def _placed(phase: Schedule, rank: dict[str, int], chunks: int, channels: int):
    """(tree, root rank, first chunk in the root's region, chunk count, channel) for every
    tree: a root's trees take consecutive runs of its region, trees go round-robin to the
    channels."""
    used: dict[int, int] = {}
    for t_index, tree in enumerate(phase.iter_trees()):    # compact: expanded lazily
        r = rank[tree.root]
        first = used.get(r, 0)
        used[r] = first + tree.weight * chunks
        yield tree, r, first, tree.weight * chunks, t_index % channels


def _allgather(b: _Builder, phase: Schedule, rank: dict[str, int], chunks: int,
               channels: int, inplace: bool, region: dict[int, int],
               final: dict[tuple[int, int], _Step], source: str) -> None:
    """Out-trees: each root's trees take consecutive chunks of its region; ``final``
    (allreduce) maps (root, chunk) to the step that finished reducing it there."""
    for tree, r, first, length, chan in _placed(phase, rank, chunks, channels):
        children, order = _ranked(tree, rank)
        for run_start, run_cnt in _segments(r, region[r] + first, length, final):
            g = run_start
            src = (source, g if source == "o" else g - region[r])
            got: dict[int, _Step | None] = {r: final.get((r, g))}
            for u in order:
                for ch in children.get(u, []):
                    where = src if u == r else ("o", g)
                    got[ch] = b.transfer(u, ch, chan, where, ("o", g), run_cnt, got[u])


def _segments(root: int, start: int, length: int,
              final: dict[tuple[int, int], _Step]) -> list[tuple[int, int]]:
    """[start, start+length) cut into runs of at most MAX_CNT chunks that one reduction
    step finished (allreduce), so that each send at the root has one dependency."""
    runs: list[tuple[int, int]] = []
    s = start
    while s < start + length:
        e = s + 1
        while (e < start + length and e - s < MAX_CNT
               and final.get((root, e)) is final.get((root, s))):
            e += 1
        runs.append((s, e - s))
        s = e
    return runs


def _reduce(b: _Builder, phase: Schedule, rank: dict[str, int], chunks: int, channels: int,
            region: dict[int, int], output_offset: dict[int, int]
            ) -> dict[tuple[int, int], _Step]:
    """In-trees: returns (root, input chunk) -> the step that wrote its final sum."""
    final: dict[tuple[int, int], _Step] = {}
    for tree, r, first, length, chan in _placed(phase, rank, chunks, channels):
        children, order = _ranked(tree, rank)
        post = list(reversed(order))       # children before parents
        for g, cnt in _runs(region[r] + first, length):
            out = ("o", g - region[r] + output_offset[r])
            value: dict[int, tuple[tuple[str, int], _Step | None]] = {}
            pending: dict[int, _Step | None] = {}
            for u in post:
                kids = children.get(u, [])
                if not kids:
                    value[u] = (("i", g), None)
                    continue
                if u == r:
                    acc = out
                else:
                    acc = ("s", b.ranks[u].scratch)
                    b.ranks[u].scratch += cnt
                last = None
                for j, ch in enumerate(kids):
                    src, dep = value[ch]
                    last = b.transfer(ch, u, chan, src, acc, cnt, dep, recv_kind="rrc",
                                      reduce_with=("i", g) if j == 0 else acc, recv_dep=last)
                value[u] = (acc, last)
                pending[u] = last
            for x in range(g, g + cnt):
                final[(r, x)] = pending[r]
    return final


def selection_rule(collective: str, flavour: str, nchunks: int, ngpus: int) -> str:
    """When the runtime selects an exported file, by the call's element count
    (docs/msccl.md section 5): msccl-executor and RCCL (``mscclInternalSchedulerSelectAlgo``)
    require ``count × sizeMultiplier`` (the whole buffer: ngpus × the per-rank count for
    allgather and reduce-scatter) to be a multiple of ``nchunksperloop``; their older
    revisions required ``count`` itself to be one."""
    if flavour == "legacy":
        return (f"keep the whole buffer's element count a multiple of {nchunks}: the legacy "
                f"runtime's selection rule for {collective} was not traced")
    if collective == "allreduce":
        return (f"msccl-executor and RCCL select the file only for calls whose count is a "
                f"multiple of {nchunks}")
    if collective == "alltoall":
        part = nchunks // ngpus
        which = "every count" if part == 1 else f"count (per peer) a multiple of {part}"
        return (f"msccl-executor and RCCL select the file only for calls whose count x "
                f"{ngpus} (a rank's whole buffer) is a multiple of {nchunks}, i.e. {which}")
    count = "sendcount" if collective == "allgather" else "recvcount"
    whole = "output" if collective == "allgather" else "input"
    part = nchunks // ngpus
    which = f"every {count}" if part == 1 else f"{count} a multiple of {part}"
    return (f"msccl-executor and RCCL select the file only for calls whose {count} x {ngpus} "
            f"(the whole {whole}) is a multiple of {nchunks}, i.e. {which}; their older "
            f"revisions need {count} itself a multiple of {nchunks}")


def _name(schedule: Schedule) -> str:
    text = f"forestcoll-{schedule.collective}-{schedule.topology}"
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)[:63]


def _check_limits(b: _Builder, fl: Flavour, channels: int, chunks: int, K: int
                  ) -> list[dict[tuple, int]]:
    """Every limit of the runtime (the checker's ``RuntimeRules``, docs/msccl.md sections 1,
    2 and 4) before anything is written; numbers every block's steps and returns the block
    ids of every rank. The first problem stops the export with one line naming the setting
    that helps."""
    rules = fl.rules
    n = len(b.ranks)
    if n > rules.max_subs:
        raise MscclExportError(f"{n} ranks: the runtime's XML parser stores at most "
                               f"{rules.max_subs} <gpu> elements (MSCCL_MAX_SUBS); MSCCL cannot "
                               f"load an algorithm for this topology")
    ids: list[dict[tuple, int]] = []
    for r, rk in enumerate(b.ranks):
        order = sorted(rk.blocks, key=_block_order)
        ids.append({key: i for i, key in enumerate(order)})
        if len(order) > rules.max_tbs:
            raise MscclExportError(f"rank {r} needs {len(order)} thread blocks; {fl.name} allows "
                                   f"{rules.max_tbs}: use fewer channels or a fixed k")
        for key, steps in rk.blocks.items():
            if len(steps) > rules.max_steps:
                raise MscclExportError(
                    f"rank {r} thread block {ids[r][key]} ({_describe(key)}) needs {len(steps)} "
                    f"steps; {fl.name} allows {rules.max_steps} per thread block: use more "
                    f"channels, fewer chunks per part, or a fixed k with fewer trees")
            for i, step in enumerate(steps):
                step.position = i
        for c in range(channels):
            for side in ("send", "recv"):
                count = sum(1 for key in rk.blocks if key[0] == side and key[2] == c)
                if count > rules.tbs_per_channel:
                    raise MscclExportError(
                        f"rank {r} has {count} {side} thread blocks on channel {c}; MSCCL allows "
                        f"{rules.tbs_per_channel}: use more channels")
        steps = sum(len(s) for s in rk.blocks.values())
        stored = stored_nodes(n, len(order), steps)
        if stored > rules.node_room:
            raise MscclExportError(
                f"rank {r} has {len(order)} thread blocks and {steps} steps: the runtime's XML "
                f"parser would store {stored} nodes when it loads the file, it holds "
                f"{rules.node_room} (MSCCL_MAX_NODES): use fewer chunks per part or a fixed k "
                f"with fewer trees")
    for r, rk in enumerate(b.ranks):
        for key in sorted(rk.blocks, key=_block_order):
            for step in rk.blocks[key]:
                if step.dep is not None and ids[r][step.dep.block] > rules.max_dep_bid:
                    raise MscclExportError(
                        f"rank {r}: a step depends on thread block {ids[r][step.dep.block]}; "
                        f"MSCCL stores that id in 8 bits (at most {rules.max_dep_bid}): use "
                        f"fewer channels or a fixed k with fewer trees")
                for field_name, off in (("srcoff", step.srcoff), ("dstoff", step.dstoff)):
                    if off > MAX_OFFSET:
                        raise MscclExportError(
                            f"rank {r} thread block {ids[r][key]} ({_describe(key)}) step "
                            f"{step.position}: {field_name}={off}, but the runtime stores chunk "
                            f"offsets as int16_t (at most {MAX_OFFSET}, mscclTransmission): "
                            f"{_fewer_chunks(b, chunks, K)}")
    return ids


def _fewer_chunks(b: _Builder, chunks: int, K: int) -> str:
    """The chunks per part that keep every offset within int16_t: offsets index buffers of
    nchunksperloop and s_chunks chunks, both proportional to the chunks per part."""
    per_chunk = max(K, max(rk.scratch for rk in b.ranks)) // chunks
    fits = (MAX_OFFSET + 1) // per_chunk
    if fits >= 1:
        return f"use {fits} chunks per part or fewer (nchunksperloop is {K} here)"
    return (f"even 1 chunk per part addresses {per_chunk} chunks of one buffer: generate the "
            f"schedule with a smaller fixed k")


def _render(b: _Builder, ids: list[dict[tuple, int]], fl: Flavour, collective: str,
            protocol: str, channels: int, K: int, n: int, sizes: tuple[int, int],
            inplace: bool, outofplace: bool, name: str, min_bytes: int, max_bytes: int) -> str:
    """The file's text (the limits were checked by :func:`_check_limits`)."""
    lines = [f'<algo name="{name}" proto="{protocol}" nchannels="{channels}" '
             f'nchunksperloop="{K}" ngpus="{n}" coll="{fl.colls[collective]}" '
             f'inplace="{int(inplace)}" outofplace="{int(outofplace)}" '
             f'minBytes="{min_bytes}" maxBytes="{max_bytes}">']
    for r, rk in enumerate(b.ranks):
        lines.append(f'  <gpu id="{r}" i_chunks="{sizes[0]}" o_chunks="{sizes[1]}" '
                     f's_chunks="{rk.scratch}">')
        for key in sorted(rk.blocks, key=_block_order):
            send = key[1] if key[0] == "send" else -1
            recv = key[1] if key[0] == "recv" else -1
            chan = key[2] if len(key) > 2 else 0
            lines.append(f'    <tb id="{ids[r][key]}" send="{send}" recv="{recv}" chan="{chan}">')
            for step in rk.blocks[key]:
                depid = deps = -1
                if step.dep is not None:
                    depid = ids[r][step.dep.block]
                    deps = step.dep.position
                lines.append(f'      <step s="{step.position}" type="{step.kind}" '
                             f'srcbuf="{step.srcbuf}" srcoff="{step.srcoff}" '
                             f'dstbuf="{step.dstbuf}" dstoff="{step.dstoff}" cnt="{step.cnt}" '
                             f'depid="{depid}" deps="{deps}" hasdep="{int(step.hasdep)}"/>')
            lines.append("    </tb>")
        lines.append("  </gpu>")
    lines.append("</algo>")
    return "\n".join(lines) + "\n"


def _block_order(key: tuple) -> tuple:
    """Thread blocks: the local one first, then by channel, receives before sends, peer:
    blocks that others depend on (receives) get the small ids."""
    if key[0] == "local":
        return (-1, 0, 0)
    return (key[2], 0 if key[0] == "recv" else 1, key[1])


def _describe(key: tuple) -> str:
    if key[0] == "local":
        return "local copies"
    return f"{key[0]} {'to' if key[0] == 'send' else 'from'} rank {key[1]}, channel {key[2]}"
