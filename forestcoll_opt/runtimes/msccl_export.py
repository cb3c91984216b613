"""Export a schedule as an MSCCL XML algorithm (docs/msccl.md has the runtimes' rules).

Mapping (docs/msccl.md, "Export from forestcoll-opt"):

* Ranks are the compute nodes in topology order. A part of the schedule (M/(N·k) of an
  allgather, a reduce-scatter or an allreduce's root share) becomes ``chunks`` MSCCL
  chunks, so a tree of weight w carries w·chunks consecutive chunks of every loop and the
  chunk pattern reproduces the schedule's bandwidth shares exactly.
* A tree edge u -> v becomes one transfer per run of at most 71 chunks: a send-type step
  on u's thread block for (send to v, channel) and the matching receive-type step on v's
  block for (receive from u, channel); :mod:`.msccl_layout` puts connections and trees on
  channels and thread blocks. Every connection is a FIFO, so both sides are appended in
  one global order; a step waits only for steps created before it, which rules out
  deadlock (induction on that order).
* Allgather (out-trees): the root sends its chunks; every other node receives them into
  its output (``r``) and forwards them to its children (``s``, depending on the receive).
  Out-of-place, each rank first copies its input into its own slot of the output
  (``cpy``); in place (``inplace=True``, ``--inplace``) the input already lives there.
* Reduce-scatter (in-trees): a leaf sends its input chunks; an inner node receives from
  each child and reduces (``rrc``) into a scratch slot (the first with its own input,
  each next one depending on the previous), then sends the sum to its parent; the root
  reduces into its output. RCCL runs no ``rrc`` (docs/msccl.md section 2): its flavour
  copies the rank's own input into the sum (``cpy``), receives each child into scratch
  (``r``) and adds it (``re``, depending on the previous addition).
* Allreduce: the reduce-scatter trees leave every root's share reduced in place in the
  output buffer, and the allgather trees broadcast it from there, each send at the root
  depending on the reduction that finished those chunks. The runtime runs both phases
  at once, pipelined, which is the schedule's ``concurrent`` time (and at least as fast
  as one phase after the other). Per-root shares follow the schedule's weights.
* All-to-all (route schedules): every route cut at the compute nodes it relays through,
  one transfer per hop between two of them (:func:`_alltoall`).

Flavours: ``msccl-executor`` (the default), ``rccl`` and ``legacy``, each with its own
spelling and limits. Limits are the checker's (:mod:`forestcoll_opt.runtimes.msccl_check.limits`
records them from the runtimes' sources, each with its source line, and they are written
there only): steps per thread block, thread blocks, channels, ``cnt``, dependency targets,
chunk offsets (``int16_t``), the XML parser's node store. They are checked before anything
is written; without ``channels`` the fewest channels that fit are chosen, and a schedule
that does not fit stops with one line naming the limit and what to change. Buffer sizes
are exact: ``i_chunks``/``o_chunks`` the collective's layout (0 for the unused input of an
in-place allgather), ``s_chunks`` the scratch chunks the steps use. ``maxBytes``: no limit,
except a legacy file with scratch, whose scratch legacy sizes from it
(:func:`_max_bytes`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..display import html_summary
from ..errors import MscclExportError, UsageError
from .msccl_check.limits import (EXECUTOR, EXPORT_SCRATCH_BUDGET, LEGACY, PROTOCOLS, RCCL,
                                 SCRATCH_LIMIT, RuntimeRules)
from .msccl_layout import Builder, Layout, Step, chan_of, check_offsets, fit, peers
from ..model.collective import Collective
from ..model.compact import check_group
from ..model.schedule import Schedule, Tree, achieved_algbw
from ..model.topology import Topology

# The runtimes' limits are the checker's (forestcoll_opt.runtimes.msccl_check.limits records
# them from the runtimes' sources), the protocols included; the exporter only reads them.
# FLAVOURS below spells each of the checker's flavours (limits.FLAVOURS), in its order.
MAX_CNT = EXECUTOR.max_count - 1   # cnt < MSCCL_MAX_COUNT
MAX_CHANNELS = EXECUTOR.max_channels


@dataclass(frozen=True)
class MscclExport:
    """What :func:`export_msccl` wrote: the MSCCL XML text and the figures read off it.
    ``str(result)`` is the text, so it can be written or passed on as it is."""

    xml: str = field(repr=False)
    """The algorithm file's text (ends with a newline)."""
    collective: Collective
    """The schedule's collective (a :class:`~forestcoll_opt.model.collective.Collective`):
    allgather, reduce-scatter, allreduce or all-to-all."""
    flavour: str
    """The runtime written for: ``msccl-executor``, ``rccl`` or ``legacy``."""
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
    algbw: Fraction
    """The algbw the file runs at, exact, in the topology's units: the schedule's, with an
    allreduce's two phases overlapped as the runtimes run them (its schedule's own algbw
    when that schedule's phases run concurrently too)."""
    channels: int = 1
    """``nchannels``: the channels the thread blocks use (chosen when not given)."""
    max_bytes: int = 2**63 - 1
    """The ``maxBytes`` written (INT64_MAX: no limit; legacy files with scratch get the
    largest that keeps the scratch allocation within 1 GiB)."""

    def __str__(self) -> str:
        return self.xml

    def __repr__(self) -> str:
        return (f"MscclExport({self.flavour} {self.collective} for {self.ngpus} ranks: "
                f"{self.name}, nchunksperloop={self.nchunksperloop}, {self.channels} "
                f"channel(s), {self.threadblocks} thread blocks, {self.steps} steps)")

    def _repr_html_(self) -> str:
        limit = "no limit" if self.max_bytes == NO_LIMIT else f"{self.max_bytes} bytes"
        rows = [("runtime", self.flavour), ("collective", self.collective),
                ("ranks", self.ngpus), ("nchunksperloop", self.nchunksperloop),
                ("channels", self.channels),
                ("size", f"{self.threadblocks} thread blocks, {self.steps} steps, "
                         f"{len(self.xml.splitlines())} lines"),
                ("maxBytes", limit), ("selected when", self.selection_rule)]
        return html_summary(f"MscclExport · {self.name}", rows,
                            note="str(result) or .xml: the file's text; fc.check_xml(topology, "
                                 "result.xml) runs it")

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
    "rccl": Flavour("rccl", {"allgather": "allgather", "reduce-scatter": "reducescatter",
                             "allreduce": "allreduce", "alltoall": "alltoall"}, RCCL),
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


def _runs(start: int, length: int) -> list[tuple[int, int]]:
    """[start, start+length) cut into runs of at most MAX_CNT chunks."""
    return [(s, min(MAX_CNT, start + length - s)) for s in range(start, start + length, MAX_CNT)]


def _ranked(tree: Tree, rank: dict[str, int]) -> tuple[dict[int, list[int]], list[int]]:
    """The tree's children and preorder (:meth:`Tree.children`, :meth:`Tree.preorder`) by
    rank."""
    children = {rank[p]: [rank[c] for c in kids] for p, kids in tree.children().items()}
    return children, [rank[v] for v in tree.preorder()]


def check_ranks(topology: Topology, flavour: str = "msccl-executor") -> None:
    """Refuse a topology with more compute nodes than the runtime can load ranks: its XML
    parser stores at most ``max_subs`` children per element (``MSCCL_MAX_SUBS``, 1024
    ``<gpu>`` elements; :mod:`~forestcoll_opt.runtimes.msccl_check.limits`). The topology
    alone decides it, so callers ask before reading, verifying or mapping a schedule.

    :raises MscclExportError: for such a topology, or an unknown ``flavour``
    """
    if flavour not in FLAVOURS:
        raise MscclExportError(f"unknown MSCCL flavour {str(flavour)[:40]!r}; use one of "
                               f"{', '.join(FLAVOURS)}")
    n, most = len(topology.compute_nodes), FLAVOURS[flavour].rules.max_subs
    if n > most:
        raise MscclExportError(f"{n} ranks: the runtime's XML parser stores at most {most} "
                               f"<gpu> elements (MSCCL_MAX_SUBS); MSCCL cannot load an "
                               f"algorithm for {topology.name}, whatever the schedule")


def export_msccl(topology: Topology, schedule: Schedule, *, flavour: str = "msccl-executor",
                 protocol: str = "Simple", chunks: int = 1, channels: int | None = None,
                 inplace: bool = False, name: str | None = None, min_bytes: int = 0,
                 max_bytes: int | None = None) -> MscclExport:
    """The MSCCL XML algorithm of ``schedule`` (allgather, reduce-scatter or allreduce) on
    ``topology`` (module docstring).

    :param topology: the topology the schedule was made for; rank r is
        ``topology.compute_nodes[r]``.
    :param schedule: the schedule to write.
    :param flavour: the runtime, ``msccl-executor`` (Azure/msccl-executor-nccl), ``rccl``
        (ROCm RCCL: no fused receive-reduce steps, at most 64 thread blocks per rank) or
        ``legacy`` (microsoft/msccl: ``reduce_scatter``, 216 thread blocks, scratch sized
        from ``maxBytes``).
    :param protocol: ``Simple``, ``LL128`` or ``LL``.
    :param chunks: MSCCL chunks per part of the schedule: a larger ``nchunksperloop``
        (larger steps, and other buffer sizes the runtime accepts; the runtime pipelines
        within every chunk anyway).
    :param channels: channels (1 to 32; docs/msccl.md, "Export from forestcoll-opt": each
        peer's connections in one of ceil((ranks - 1) / 32) groups, the trees of a
        connection round-robin over the rest). None (the default): the fewest that fit
        every limit of the runtime.
    :param inplace: allgather: write an in-place algorithm instead of an out-of-place one
        (reduce-scatter and allreduce files are valid both ways and say so).
    :param name: the algorithm's name (default ``forestcoll-COLLECTIVE-TOPOLOGY``).
    :param min_bytes: the smallest buffer the runtime should use the file for (bytes, the
        whole buffer: an allgather's output, a reduce-scatter's input).
    :param max_bytes: the largest one, inclusive; None or 0 (msccl-executor's spelling) for
        no limit, written ``maxBytes="9223372036854775807"`` (:data:`NO_LIMIT`), which every
        runtime reads as no limit. Legacy sizes its scratch from ``maxBytes``: a legacy file
        that uses scratch gets, by default, the largest ``maxBytes`` whose scratch stays
        within 1 GiB, and a ``max_bytes`` whose scratch passes 4 GiB is refused.
    :returns: the XML text and its figures.
    :raises MscclExportError: for an option out of range, a schedule MSCCL cannot express,
        or a limit of the runtime the algorithm would pass.
    :raises ~forestcoll_opt.errors.UsageError: when the arguments are not a topology and a
        schedule.
    """
    if not isinstance(topology, Topology) or not isinstance(schedule, Schedule):
        raise UsageError(f"export_msccl(topology, schedule) needs a Topology and a Schedule, "
                         f"got {type(topology).__name__} and {type(schedule).__name__}")
    if flavour not in FLAVOURS:
        raise MscclExportError(f"unknown MSCCL flavour {str(flavour)[:40]!r}; use one of "
                               f"{', '.join(FLAVOURS)}")
    fl = FLAVOURS[flavour]
    check_ranks(topology, flavour)     # the topology alone decides it: before any work
    if protocol not in PROTOCOLS:
        raise MscclExportError(f"unknown protocol {str(protocol)[:40]!r}; use one of "
                               f"{', '.join(PROTOCOLS)}")
    if schedule.group is not None:     # a compact schedule's group, before any tree is mapped
        check_group(topology, schedule)
    if schedule.collective.rooted:
        raise MscclExportError(f"{schedule.collective} schedules cannot be exported to MSCCL: "
                               f"an algorithm file has no root, and the runtimes select it for "
                               f"a call with any root (they match coll, ngpus, the aliasing and "
                               f"the size; docs/msccl.md section 5), so a file built for root "
                               f"{schedule.root} would give wrong results for the others; "
                               f"export an allgather, reduce-scatter, allreduce or alltoall")
    if schedule.collective not in fl.colls:
        raise MscclExportError(f"{schedule.collective} schedules cannot be exported to MSCCL "
                               f"yet; export an allgather, reduce-scatter, allreduce or "
                               f"alltoall")
    for value, what, top in ((chunks, "chunks per part", 10**6),
                             (channels, "channels", MAX_CHANNELS)):
        if value is None and what == "channels":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise MscclExportError(f"{value!r} {what}: give a whole number from 1 to {top}")
    for value, what in ((min_bytes, "minimum"), (max_bytes, "maximum")):
        if value is None and what == "maximum":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
            raise MscclExportError(f"a {what} buffer size of {value!r} bytes: give a byte count "
                                   f"from 0 to 2^63 - 1")
    if min_bytes > (max_bytes or NO_LIMIT):
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
    b = Builder(n)
    if schedule.collective is Collective.ALLGATHER:
        if schedule.weights is not None:
            raise MscclExportError("MSCCL's allgather gives every rank an equal share; this "
                                   "schedule has shard weights (export an allreduce instead, "
                                   "whose shares are internal)")
        K = n * schedule.k * chunks
        per = schedule.k * chunks
        _allgather(b, schedule, rank, chunks, {r: r * per for r in range(n)}, {},
                   source="o" if inplace else "i")
        if not inplace:
            for r in range(n):
                for start, cnt in _runs(0, per):
                    b.local(r, Step("cpy", "i", start, "o", r * per + start, cnt))
        sizes = (0 if inplace else per, K)
    elif schedule.collective is Collective.ALLTOALL:
        if inplace:
            raise MscclExportError("the all-to-all export is out-of-place (every rank's input "
                                   "is read after others have written their output); drop "
                                   "inplace")
        K = _alltoall(b, schedule, rank, chunks)
        sizes = (K, K)
    elif schedule.collective is Collective.REDUCE_SCATTER:
        if schedule.weights is not None:
            raise MscclExportError("MSCCL's reduce-scatter gives every rank an equal share; "
                                   "this schedule has shard weights")
        per = schedule.k * chunks
        K = n * per
        _reduce(b, schedule, rank, chunks, {r: r * per for r in range(n)},
                output_offset={r: 0 for r in range(n)}, fused=fl.rules.fused_ops)
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
        final = _reduce(b, rs, rank, chunks * (L // rs.k), start, output_offset=start,
                        fused=fl.rules.fused_ops)
        _allgather(b, ag, rank, chunks * (L // ag.k), start, final, source="o")
        sizes = (K, K)
        inplace = True
    name = name or _name(schedule)
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,63}", name):
        raise MscclExportError(f"the algorithm name {name[:40]!r}: use 1 to 63 letters, "
                               f"digits, '_', '.' or '-'")
    lay = fit(b, fl.rules, fl.rules.runtime, channels, MAX_CHANNELS)
    check_offsets(b, lay, chunks, K)
    max_bytes = _max_bytes(fl, b, K, min_bytes, max_bytes)
    xml = _render(b, lay, fl, schedule.collective, protocol, K, n, sizes, inplace,
                  schedule.collective is not Collective.ALLGATHER or not inplace, name,
                  min_bytes, max_bytes)
    return MscclExport(
        xml=xml, collective=schedule.collective, flavour=fl.name, name=name,
        nchunksperloop=K, ngpus=n, threadblocks=sum(len(blocks) for blocks in lay.blocks),
        steps=sum(len(rk.steps) for rk in b.ranks), channels=lay.channels,
        max_bytes=max_bytes,
        # the runtime overlaps an allreduce's phases: the file's own algbw is the concurrent one
        algbw=achieved_algbw(replace(schedule, concurrent=bool(schedule.phases)), topology))


def _alltoall(b: Builder, schedule: Schedule, rank: dict[str, int], chunks: int) -> int:
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
            b.local(r, Step("cpy", "i", start, "o", start, cnt))
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
                recv = b.transfer(a, c, index, src, dst, cnt, dep)
                src, dep = dst, recv
    # every block must arrive whole: a pair whose routes carry fewer than k parts (or none)
    # would leave part of an output block unwritten (the CLI's verifier refuses such a file)
    nodes = list(rank)
    for s in range(n):
        for t in range(n):
            if s != t and used.get((s, t), 0) != per:
                raise MscclExportError(
                    f"the routes from {nodes[s]} to {nodes[t]} carry "
                    f"{used.get((s, t), 0) // chunks} of the k = {per // chunks} parts the "
                    f"uniform all-to-all moves between every pair: the file would leave part "
                    f"of {nodes[t]}'s output unwritten; verify the schedule first")
    return n * per


def _placed(phase: Schedule, rank: dict[str, int], chunks: int):
    """(tree, root rank, first chunk in the root's region, chunk count, tree index) for
    every tree: a root's trees take consecutive runs of its region (the index picks the
    tree's channel, :mod:`.msccl_layout`)."""
    used: dict[int, int] = {}
    for t_index, tree in enumerate(phase.iter_trees()):    # compact: expanded lazily
        r = rank[tree.root]
        first = used.get(r, 0)
        used[r] = first + tree.weight * chunks
        yield tree, r, first, tree.weight * chunks, t_index


def _allgather(b: Builder, phase: Schedule, rank: dict[str, int], chunks: int,
               region: dict[int, int], final: dict[tuple[int, int], Step],
               source: str) -> None:
    """Out-trees: each root's trees take consecutive chunks of its region; ``final``
    (allreduce) maps (root, chunk) to the step that finished reducing it there."""
    for tree, r, first, length, index in _placed(phase, rank, chunks):
        children, order = _ranked(tree, rank)
        for run_start, run_cnt in _segments(r, region[r] + first, length, final):
            g = run_start
            src = (source, g if source == "o" else g - region[r])
            got: dict[int, Step | None] = {r: final.get((r, g))}
            for u in order:
                for ch in children.get(u, []):
                    where = src if u == r else ("o", g)
                    got[ch] = b.transfer(u, ch, index, where, ("o", g), run_cnt, got[u])


def _segments(root: int, start: int, length: int,
              final: dict[tuple[int, int], Step]) -> list[tuple[int, int]]:
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


def _reduce(b: Builder, phase: Schedule, rank: dict[str, int], chunks: int,
            region: dict[int, int], output_offset: dict[int, int], fused: bool = True
            ) -> dict[tuple[int, int], Step]:
    """In-trees: returns (root, input chunk) -> the step that wrote its final sum.

    Fused (msccl-executor, legacy): an inner rank receives from each child with ``rrc``
    into its running sum (the first reduces with its own input), each depending on the
    previous. Unfused (RCCL, which refuses ``rrc``): the rank first copies its own input
    into the running sum (``cpy``), then, per child, receives into a scratch slot (``r``)
    and adds it (``re``, depending on the previous addition, on the child's receiving
    block); in place the root's sum aliases its input, so the copy is a copy onto itself."""
    final: dict[tuple[int, int], Step] = {}
    for tree, r, first, length, index in _placed(phase, rank, chunks):
        children, order = _ranked(tree, rank)
        post = list(reversed(order))       # children before parents
        for g, cnt in _runs(region[r] + first, length):
            out = ("o", g - region[r] + output_offset[r])
            value: dict[int, tuple[tuple[str, int], Step | None]] = {}
            pending: dict[int, Step | None] = {}
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
                if fused:
                    last = None
                    for j, ch in enumerate(kids):
                        src, dep = value[ch]
                        last = b.transfer(ch, u, index, src, acc, cnt, dep, recv_kind="rrc",
                                          reduce_with=("i", g) if j == 0 else acc,
                                          recv_dep=last)
                else:
                    last = b.beside(u, kids[0], index, Step("cpy", "i", g, *acc, cnt))
                    for ch in kids:
                        src, dep = value[ch]
                        tmp = ("s", b.ranks[u].scratch)
                        b.ranks[u].scratch += cnt
                        b.transfer(ch, u, index, src, tmp, cnt, dep)
                        last = b.beside(u, ch, index, Step("re", *tmp, *acc, cnt, last))
                value[u] = (acc, last)
                pending[u] = last
            for x in range(g, g + cnt):
                final[(r, x)] = pending[r]
    return final


def selection_rule(collective: "Collective | str", flavour: str, nchunks: int, ngpus: int) -> str:
    """When the runtime selects an exported file, by the call's element count
    (docs/msccl.md section 5): msccl-executor and RCCL (``mscclInternalSchedulerSelectAlgo``)
    require ``count × sizeMultiplier`` (the whole buffer: ngpus × the per-rank count for
    allgather and reduce-scatter) to be a multiple of ``nchunksperloop``; their older
    revisions required ``count`` itself to be one."""
    if flavour == "legacy":
        return (f"keep the whole buffer's element count a multiple of {nchunks}: the legacy "
                f"runtime's selection rule for {collective} was not traced")
    collective = Collective(collective)
    if collective is Collective.ALLREDUCE:
        return (f"msccl-executor and RCCL select the file only for calls whose count is a "
                f"multiple of {nchunks}")
    if collective is Collective.ALLTOALL:
        part = nchunks // ngpus
        which = "every count" if part == 1 else f"count (per peer) a multiple of {part}"
        return (f"msccl-executor and RCCL select the file only for calls whose count x "
                f"{ngpus} (a rank's whole buffer) is a multiple of {nchunks}, i.e. {which}")
    count = "sendcount" if collective is Collective.ALLGATHER else "recvcount"
    whole = "output" if collective is Collective.ALLGATHER else "input"
    part = nchunks // ngpus
    which = f"every {count}" if part == 1 else f"{count} a multiple of {part}"
    return (f"msccl-executor and RCCL select the file only for calls whose {count} x {ngpus} "
            f"(the whole {whole}) is a multiple of {nchunks}, i.e. {which}; their older "
            f"revisions need {count} itself a multiple of {nchunks}")


def _name(schedule: Schedule) -> str:
    text = f"forestcoll-{schedule.collective}-{schedule.topology}"
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)[:63]


def _max_bytes(fl: Flavour, b: Builder, K: int, min_bytes: int, max_bytes: int | None) -> int:
    """The ``maxBytes`` to write. msccl-executor and RCCL size scratch from the call, so no
    limit (:data:`NO_LIMIT`) unless one is asked for. Legacy sizes it from ``maxBytes`` when
    the communicator is created (``maxBytes × s_chunks / nchunksperloop`` bytes, in 64-bit
    integers): without ``max_bytes`` a file with scratch gets the largest ``maxBytes`` whose
    scratch stays within :data:`~.msccl_check.limits.EXPORT_SCRATCH_BUDGET` (1 GiB) on every
    rank; a ``max_bytes`` asking for more than
    :data:`~.msccl_check.limits.SCRATCH_LIMIT` is refused (docs/msccl.md section 3)."""
    scratch = max(rk.scratch for rk in b.ranks)
    if not fl.rules.scratch_from_max_bytes or scratch == 0:
        return max_bytes or NO_LIMIT
    fits = SCRATCH_LIMIT * K // scratch
    if max_bytes:
        if max_bytes > fits:
            raise MscclExportError(
                f"a maximum buffer size of {max_bytes} bytes makes the legacy runtime allocate "
                f"maxBytes x s_chunks / nchunksperloop = {max_bytes} x {scratch} / {K} bytes "
                f"of scratch when the communicator is created, more than {SCRATCH_LIMIT} "
                f"(4 GiB); give at most {fits}")
        return max_bytes
    chosen = EXPORT_SCRATCH_BUDGET * K // scratch
    if min_bytes > chosen:
        raise MscclExportError(
            f"the minimum buffer size, {min_bytes} bytes, is above {chosen}, the largest "
            f"maxBytes whose scratch (maxBytes x {scratch} / {K} bytes, allocated by the "
            f"legacy runtime when the communicator is created) stays within 1 GiB; give a "
            f"maximum buffer size explicitly (at most {fits})")
    return chosen


def _render(b: Builder, lay: Layout, fl: Flavour, collective: str, protocol: str, K: int,
            n: int, sizes: tuple[int, int], inplace: bool, outofplace: bool, name: str,
            min_bytes: int, max_bytes: int) -> str:
    """The file's text (the limits were checked by :func:`.msccl_layout.fit`)."""
    lines = [f'<algo name="{name}" proto="{protocol}" nchannels="{lay.channels}" '
             f'nchunksperloop="{K}" ngpus="{n}" coll="{fl.colls[collective]}" '
             f'inplace="{int(inplace)}" outofplace="{int(outofplace)}" '
             f'minBytes="{min_bytes}" maxBytes="{max_bytes}">']
    flagged = lay.flagged()
    for r, rk in enumerate(b.ranks):
        lines.append(f'  <gpu id="{r}" i_chunks="{sizes[0]}" o_chunks="{sizes[1]}" '
                     f's_chunks="{rk.scratch}">')
        ids = lay.ids[r]
        for key in sorted(ids, key=ids.__getitem__):
            send, recv = peers(key)
            lines.append(f'    <tb id="{ids[key]}" send="{send}" recv="{recv}" '
                         f'chan="{chan_of(key)}">')
            for step in lay.blocks[r][key]:
                depid = deps = -1
                if step.dep is not None and step.dep.block != key:
                    depid = ids[step.dep.block]
                    deps = step.dep.position
                lines.append(f'      <step s="{step.position}" type="{step.kind}" '
                             f'srcbuf="{step.srcbuf}" srcoff="{step.srcoff}" '
                             f'dstbuf="{step.dstbuf}" dstoff="{step.dstoff}" cnt="{step.cnt}" '
                             f'depid="{depid}" deps="{deps}" '
                             f'hasdep="{int(id(step) in flagged)}"/>')
            lines.append("    </tb>")
        lines.append("  </gpu>")
    lines.append("</algo>")
    return "\n".join(lines) + "\n"
