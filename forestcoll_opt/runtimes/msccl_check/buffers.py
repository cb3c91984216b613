"""Buffer sizes of an MSCCL algorithm file (``docs/msccl.md`` section 3, "Buffer sizes"):
the collective's layout of the input, output and scratch buffers in chunks, every step's
buffer range against it, and every rank's declared ``i_chunks``, ``o_chunks`` and
``s_chunks`` against what the collective and the rank's own steps need."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from ...display import article
from ...model.collective import Collective
from .document import Algo, Document, Gpu, Step
from .limits import BOTH, BUFFER_NAMES, CHECKED, LEGACY, MAX_OFFSET, RUNTIME_BOUNDS, \
    SCRATCH_LIMIT, SEMANTICS, RuntimeRules
from .verdict import Reasons


@dataclass
class Layout:
    """Buffer sizes in chunks (docs/msccl.md section 3) and the aliasing of one run."""

    collective: Collective
    ngpus: int
    nchunks: int
    k: int

    def size(self, rank_gpu: Gpu, buf: str) -> int:
        if buf == "s":
            return max(rank_gpu.s_chunks or 0, 0)
        return self.nchunks if self._whole(buf) else self.k

    def _whole(self, buf: str) -> bool:
        """Whether ``buf`` ("i" or "o") is the whole buffer (nchunksperloop chunks) rather
        than one rank's part of it (nchunksperloop / ngpus)."""
        if self.collective is Collective.ALLGATHER:
            return buf == "o"
        if self.collective is Collective.REDUCE_SCATTER:
            return buf == "i"
        return True          # allreduce; alltoall (N blocks of k chunks, one per peer)

    def formula(self, buf: str) -> str:
        """How the collective sizes ``buf`` ("i" or "o"), for messages."""
        if self._whole(buf):
            return f"nchunksperloop = {self.nchunks}"
        return f"nchunksperloop/ngpus = {self.nchunks}/{self.ngpus} = {self.k}"



def check_bounds(step: Step, where: str, declared: Mapping[str, int | None],
                 layout: Layout | None, gpu: Gpu, out: Reasons) -> None:
    _, _, reads_src, writes_dst = SEMANTICS[step.type]
    check_src, check_dst = RUNTIME_BOUNDS[step.type]
    uses = []
    if reads_src:
        uses.append(("src", step.srcbuf, step.srcoff, check_src, "reads"))
    if writes_dst:
        uses.append(("dst", step.dstbuf, step.dstoff, check_dst, "writes"))
    for field_name, buf, off, runtime_checks, verb in uses:
        if off > MAX_OFFSET:
            out.add(f"{where}: {field_name}off={off} does not fit the runtime's int16_t offset "
                    f"(at most {MAX_OFFSET}, mscclTransmission)")
            continue
        size = declared.get(buf)
        if runtime_checks and size is not None and not -1 <= off < size:
            out.add(f"{where}: {field_name}off={off} is outside {buf}_chunks={size}; the runtime "
                    f"refuses the file ('Incorrect offset set for "
                    f"{BUFFER_NAMES[buf]} buffer')")
            continue
        real = layout.size(gpu, buf) if layout is not None else None
        if real is None:
            continue
        if off < 0 or off + max(step.cnt, 1) > real:
            last = off + max(step.cnt, 1) - 1
            span = f"{buf}[{off}]" if last == off else f"{buf}[{off}..{last}]"
            out.add(f"{where}: {verb} {span}, outside the {BUFFER_NAMES[buf]} buffer's {real} "
                    f"chunk(s) (docs/msccl.md section 3); an illegal memory access at run "
                    f"time (the runtime bounds-checks only some first offsets)")



def _addressed(gpu: Gpu) -> dict[str, int]:
    """For every buffer one of the rank's steps reads or writes, one past the highest chunk
    addressed (a step covers chunks off .. off+cnt-1; fields a step type does not use, which
    msccl-tools fills with the peer's location, do not count)."""
    extent: dict[str, int] = {}
    for tb in gpu.tbs:
        for step in tb.steps:
            if step.type not in SEMANTICS:
                continue
            _, _, reads_src, writes_dst = SEMANTICS[step.type]
            for used, buf, off in ((reads_src, step.srcbuf, step.srcoff),
                                   (writes_dst, step.dstbuf, step.dstoff)):
                if used and off >= 0:
                    extent[buf] = max(extent.get(buf, 0), off + max(step.cnt, 1))
    return extent


def check_buffer_sizes(doc: Document, algo: Algo, rules: RuntimeRules, out: Reasons) -> None:
    """Every rank's ``i_chunks``, ``o_chunks`` and ``s_chunks`` against what the collective
    and the rank's own steps need (docs/msccl.md section 3, "Buffer sizes"): the input and
    output exactly the collective's layout (or 0 for a buffer the rank's steps never use,
    as msccl-tools writes in-place files), the scratch exactly one past the highest scratch
    chunk the steps address: the runtime allocates ``s_chunks / nchunksperloop`` times the
    whole buffer as scratch, so every chunk more is memory nothing uses."""
    if algo.collective not in CHECKED.values() or not algo.nchunks or not algo.ngpus:
        return
    layout = Layout(algo.collective, algo.ngpus, algo.nchunks,
                    max(algo.nchunks // algo.ngpus, 1))
    for gpu in doc.gpus:
        if gpu.rank is None:
            continue
        extent = _addressed(gpu)
        for buf, declared in (("i", gpu.i_chunks), ("o", gpu.o_chunks)):
            need = layout.size(gpu, buf)
            if declared is None or declared == need or (declared == 0 and buf not in extent):
                continue
            out.add(_io_size_problem(gpu, buf, declared, need, layout, buf in extent, rules))
        if gpu.s_chunks is not None and gpu.s_chunks >= 0 \
                and gpu.s_chunks != extent.get("s", 0):
            out.add(_scratch_size_problem(gpu, extent.get("s", 0), algo.nchunks))
    if rules.scratch_from_max_bytes and algo.max_bytes is not None and algo.max_bytes > 0:
        _check_legacy_scratch(doc, algo, out)


def _check_legacy_scratch(doc: Document, algo: Algo, out: Reasons) -> None:
    """Legacy microsoft/msccl sizes its scratch from the file, not the call: ``maxBytes ×
    s_chunks / nchunksperloop`` bytes in 64-bit integers, allocated when the communicator
    is created (docs/msccl.md section 3, "Scratch"). A rank whose product wraps, or whose
    allocation passes :data:`~.limits.SCRATCH_LIMIT`, makes the file fail to load."""
    worst = max(((gpu.s_chunks, gpu) for gpu in doc.gpus
                 if gpu.rank is not None and gpu.s_chunks and gpu.s_chunks > 0),
                default=None, key=lambda item: item[0])
    if worst is None:
        return
    s_chunks, gpu = worst
    fits = SCRATCH_LIMIT * algo.nchunks // s_chunks
    advice = (f"write maxBytes at most {fits} (the largest buffer the file should serve; "
              f"docs/msccl.md section 3, \"Scratch\")")
    product = algo.max_bytes * s_chunks
    if product >= 2**63:
        out.add(f"{gpu.where}: maxBytes={algo.max_bytes} x s_chunks={s_chunks} overflows the "
                f"64-bit integer the legacy runtime sizes its scratch with (maxBytes x "
                f"s_chunks / nchunksperloop, allocated when the communicator is created): the "
                f"allocation fails or is wrong; {advice}")
        return
    need = product // algo.nchunks
    if need > SCRATCH_LIMIT:
        out.add(f"{gpu.where}: the legacy runtime allocates maxBytes x s_chunks / "
                f"nchunksperloop = {algo.max_bytes} x {s_chunks} / {algo.nchunks} = {need:.4g} "
                f"bytes of scratch when the communicator is created, more than "
                f"{SCRATCH_LIMIT} (4 GiB, the most check-xml accepts); {advice}")


def _io_size_problem(gpu: Gpu, buf: str, declared: int, need: int, layout: Layout,
                     used: bool, rules: RuntimeRules) -> str:
    name = f"{buf}_chunks"
    effects = []
    if declared > 0 and rules in (LEGACY, BOTH):
        effects.append("the legacy runtime refuses the file ('Inconsistency between "
                       "i_chunks/o_chunks ... and nchunksperloop')")
    effects.append("the runtime bounds-checks offsets against the wrong size "
                   "(mscclCheckBufferBounds)")
    zero = "" if used else f", or {name}=\"0\" (this rank's steps never use {buf})"
    return (f"{gpu.where}: {name}={declared}, but {article(layout.collective)}'s "
            f"{BUFFER_NAMES[buf]} buffer holds {layout.formula(buf)} chunk(s) on every rank "
            f"(docs/msccl.md section 3): {', '.join(effects)}; write {name}=\"{need}\"{zero}")


def _scratch_size_problem(gpu: Gpu, extent: int, nchunks: int) -> str:
    declared = gpu.s_chunks
    if declared > extent:
        uses = (f"its steps address scratch up to s[{extent - 1}]" if extent
                else "none of its steps uses scratch")
        unused = f"{declared - extent} chunk(s) of it unused" if extent else "none of it used"
        effect = (f"the runtime allocates s_chunks/nchunksperloop = {declared}/{nchunks} = "
                  f"{float(Fraction(declared, nchunks)):.4g} times the whole buffer as "
                  f"scratch (msccl_setup.cc), {unused}")
    else:
        uses = f"its steps address scratch up to s[{extent - 1}]"
        effect = ("the steps past s_chunks read or write beyond the scratch the runtime "
                  "allocates, an illegal memory access")
    return (f"{gpu.where}: s_chunks={declared}, but {uses}: {effect}; write "
            f"s_chunks=\"{extent}\" (docs/msccl.md section 3)")
