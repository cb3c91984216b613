"""A symbolic executor for MSCCL XML algorithm files: ``check_xml(topology, xml)``.

It reads an MSCCL algorithm file the way the runtimes do and runs it symbolically on every
rank at once, then says whether the file would load, whether it would finish, whether every
rank would end with exactly the right data, and what throughput it reaches on the topology.
The rules come from ``docs/msccl.md`` (the page is this module's specification; section
numbers below are that page's), which records them from the parsers and interpreter kernels
of ``Azure/msccl-executor-nccl`` (``src/misc/msccl/msccl_parser.cc``,
``src/include/msccl/msccl_struct.h``, ``src/device/msccl_kernel.cu``), ``ROCm/rccl`` (the
same files and ``src/include/msccl/msccl_parser.h``) and ``microsoft/msccl``
(``src/graph/topo.cc`` ``mscclGetAlgoFromXMLAndSetAlgo``, ``src/graph/xml.cc``,
``src/include/msccl.h``, ``src/collectives/device/msccl_interpreter.h``).

Like the package's verifier (:mod:`forestcoll_opt.verify`) it shares no code with the
exporter: it imports only :mod:`~forestcoll_opt.errors`, :mod:`~forestcoll_opt.files` and
:mod:`~forestcoll_opt.model.topology`, numpy and ``defusedxml``.

What is checked, in order:

1. **Reading** (unreadable input raises :class:`XmlCheckError`): at most
   :data:`MAX_BYTES` bytes, UTF-8, parsed by ``defusedxml`` with DTDs, entities and external
   references forbidden (a "billion laughs" file is refused before anything expands), at
   most :data:`MAX_ELEMENTS` elements.
2. **The runtime's own syntax** (section 1): the runtimes read the file with a small
   hand-written parser (``mscclXmlGetNode`` / ``xmlGetNode``), which refuses or misreads
   files that any XML parser accepts. The raw text is scanned for what it cannot read: an
   XML declaration or other ``<?...?>``, a byte-order mark, tabs, text between elements, a
   tag spread over several lines, single-quoted values, spaces around ``=`` or several
   between attributes, a space inside a closing tag, character or entity references, more
   than 16 attributes (``MSCCL_MAX_ATTR_COUNT``), names or values longer than 255
   characters, a first element other than ``<algo>``. Integers must be plain decimal: the
   runtimes read them with ``strtol(..., 0)``, so ``08`` (zero-padded) is octal; a
   non-canonical integer is reported and then read the way ``strtol`` reads it.
3. **Structure and limits** (sections 1, 2 and 4) for the runtime flavour:
   ``"msccl-executor"`` (executor and RCCL: ``coll="reducescatter"``, ``outofplace``,
   ``minBytes``, ``maxBytes`` required) or ``"legacy"`` (microsoft/msccl:
   ``coll="reduce_scatter"``, ``name`` required). With ``flavour=None`` it is inferred from
   the spelling of reduce-scatter; an allgather or allreduce file, spelt alike for both, is
   held to the rules of both (``flavour == "both"``: every attribute either requires, the
   smaller of each limit). Limits: steps per thread block (``MSCCL_MAX_NUM_STEPS``: 64,
   legacy 256), thread blocks per GPU (``MSCCL_MAX_NUM_THREAD_BLOCKS``: 1024, legacy 216;
   RCCL's 4096 is not used because the flavour also targets the executor), channels
   (``MAXCHANNELS`` 32), 32 sending and 32 receiving blocks per channel, ``1 <= cnt < 72``,
   dependency target block ids <= 127 (``int8_t dependentBid``), chunk offsets <= 32767
   (``int16_t`` in ``mscclTransmission``, so ``nchunksperloop`` <= 32767 + 71), the parser's
   node store (``MSCCL_MAX_NODES`` = 4096 nodes per rank, 1024 children per element).
   **Buffer sizes** (section 3): every rank's ``i_chunks`` and ``o_chunks`` must be the
   collective's (allgather k and K, reduce-scatter K and k, allreduce K and K, with K =
   ``nchunksperloop`` and k = K/N; 0 is allowed for a buffer the rank's steps never use,
   as msccl-tools writes in-place files; legacy refuses any other non-zero value, the
   executor and RCCL would bounds-check against the wrong size), and ``s_chunks`` exactly
   one past the highest scratch chunk the rank's steps address: the runtime allocates
   ``nBytes · s_chunks / nchunksperloop`` bytes of scratch, so a larger value (up to
   2^31 - 1, billions of times the message) is memory nothing uses.
   ``ngpus`` must equal the topology's number of compute nodes; rank r is
   ``topology.compute_nodes[r]``. A file that could not load or whose execution is
   undefined (a missing rank, a step type the runtime does not know, two blocks on one
   connection, ``cnt`` out of range ...) is not simulated; a note says so.
4. **Steps and dependencies** (section 2): ``s`` numbers the position (``nop`` included);
   every step named by a ``(depid, deps)`` must carry ``hasdep="1"`` and must not be a
   ``nop`` (neither publishes a flag); every ``nop`` carries exactly one dependency and
   is followed by a step with its own; consecutive ``re`` steps are fused the way the
   parser fuses them (same ``dstbuf``/``dstoff``/``srcbuf``, no dependency, at most 16),
   and fused steps must share ``cnt``; buffer ranges lie inside the buffers (the runtime
   bounds-checks only some first offsets; the rest is an illegal memory access at run time).
5. **Connections** (section 4): a connection is (channel, sender, receiver); exactly one
   block on each side, and the sender's send-type steps (``s rcs rrs rrcs``) pair one to one,
   in order and with equal ``cnt``, with the receiver's receive-type steps
   (``r rcs rrs rrc rrcs``).
6. **Execution.** Every rank, every block, steps in order, exactly as
   ``mscclRunInterpreter`` runs one piece of every chunk: a step first waits for its
   dependencies (those of the ``nop`` steps before it included), a block publishes its flag
   ``(step)`` after a step with ``hasdep="1"`` (the kernel's own step counter, which absorbs
   ``nop`` steps and fused ``re`` steps), and a dependency ``(b, s)`` is met once block b
   has published a flag >= s. **Model:** each connection is a FIFO that holds one send
   step; a send step completes as soon as the FIFO is empty, a receive step needs the
   matching send in the FIFO. The runtime's FIFO has ``NCCL_STEPS`` = 8 slots and a step
   whose ``cnt`` fits one primitive call (``cnt <= maxAllowedCount``, section 3) takes at most
   half of them, so the model never promises progress the runtime cannot make for such
   steps. Files that also finish with no buffering at all (sends that rendezvous with their
   receives, the stricter assumption of section 4) get ``rendezvous = True``; files that
   finish only thanks to the buffer get a note. The blocks, FIFOs and flags form a
   persistent system (a step that can run stays able to run until it does), so one run
   decides for every interleaving whether everything finishes. A **deadlock** (no step can
   run while some remain) is reported with every stuck block and what it waits for.
7. **Data.** Every buffer slot holds a symbolic value: the multiset of (rank, input chunk)
   contributions it sums. Input chunk j of rank r starts as {(r, j)}; a copy or receive
   copies, a reduction adds multisets. Reading a slot nothing has written is reported
   ("reads o[5] ... before anything writes it"). At the end (section 3, N ranks,
   K = ``nchunksperloop``, k = K/N): allgather output chunk r·k+j of every rank must be
   exactly {(r, j)}; reduce-scatter output chunk j of rank r exactly {(q, r·k+j) : every
   rank q}; allreduce output chunk j exactly {(q, j) : every q}. A contribution missing,
   counted twice, or belonging to another chunk is reported by rank and chunk. The file is
   run under every aliasing it claims (section 3): ``inplace="1"`` with the input inside the
   output (allgather ``i[j]`` = ``o[r·k+j]``, reduce-scatter ``o[j]`` = ``i[r·k+j]``,
   allreduce ``i`` = ``o``), ``outofplace="1"`` with separate buffers, where writing ``i``
   (the caller's send buffer) is an error. Legacy reads no ``outofplace``: ``inplace="0"``
   there means out-of-place.
8. **Races.** The same run tracks happens-before with vector clocks (program order, a
   flag wait after the flag's step, a receive after the matching send) and reports two
   accesses to one slot of one rank, at least one a write, that nothing orders: in some
   runs they happen the other way round (a dependency is missing). Skipped, with a note,
   beyond :data:`MAX_CLOCK_ENTRIES`.
9. **Links and throughput.** Every transfer a -> b must travel over the topology: along the
   route ``routes[(a, b)]`` when given (one path, or ``(path, fraction)`` pairs summing to
   1), else along the pair's only path that relays through switches alone (a direct link
   or through switches; several such paths need ``routes``). A send of ``cnt`` chunks adds
   ``cnt`` (times the path's share) to the load of every link of its route. One loop moves
   the whole buffer M (allgather output, reduce-scatter input, allreduce buffer) as K
   chunks of M/K, and all the file's steps run concurrently (the runtime starts every
   block at once), so time = (M/K) · max over links e of load_e / bandwidth_e and
   ``algbw = M / time = K / max_e(load_e / bandwidth_e)``, exact, in topology units.

Every problem is one line in ``XmlVerdict.reasons`` naming the rank, block and step (or the
``<algo>`` attribute, or the line of text) and what is wrong; ``ok`` is True when there is
none.
"""

from __future__ import annotations

import io
import os
import re
from bisect import bisect_left
from collections import deque
from itertools import islice
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from ..errors import ForestCollError, UsageError
from ..files import display_path, read_bytes
from ..model.topology import Topology

try:  # defusedxml refuses DTDs, entity expansion and external references
    import defusedxml.ElementTree as _safe_etree
    from defusedxml import DefusedXmlException as _HostileXml
except ImportError:  # pragma: no cover - defusedxml is a base dependency
    _safe_etree = None
    _HostileXml = ()
from xml.etree.ElementTree import ParseError as _ParseError


class XmlCheckError(ForestCollError):
    """An MSCCL XML file cannot be read at all: no such file, too big, not UTF-8, not XML,
    a DTD or entity declaration (hostile input), too many elements. (Problems of a readable
    file are lines of :attr:`XmlVerdict.reasons`, never this error.)"""


MAX_BYTES = 64 * 2**20
# Send steps a connection holds before its sender blocks: the runtime's FIFO has NCCL_STEPS
# = 8 slots and one step of at most 71 chunks takes at most half of them per primitive call
# (see the module docstring), so two steps always fit. A ring of rcs steps needs two.
FIFO_STEPS = 2
"""Largest file read (a 64-GPU algorithm with thousands of steps per GPU is a few MiB)."""
MAX_ELEMENTS = 2_000_000
"""Most elements read (a 64 MiB file of real ``<step>`` lines holds about 500,000)."""
MAX_REASONS = 200
"""Most reasons listed; the last line then says how many more there were."""
MAX_CLOCK_ENTRIES = 40_000_000
"""Largest vector-clock table (blocks × (blocks + flag snapshots)) the race check builds."""

MAX_OFFSET = 2**15 - 1
"""Largest chunk offset a step can hold (``int16_t srcOffset, dstOffset`` in the runtime's
``mscclTransmission``, msccl_struct.h)."""

FLAVOURS = ("msccl-executor", "legacy")
PROTOCOLS = ("Simple", "LL128", "LL")
CHECKED = {"allgather": "allgather", "allreduce": "allreduce",
           "reducescatter": "reduce-scatter", "reduce_scatter": "reduce-scatter"}


# --- runtime limits (docs/msccl.md sections 1 and 4) ---------------------------------------

@dataclass(frozen=True)
class RuntimeRules:
    """What one runtime flavour requires of a file (docs/msccl.md sections 1, 2 and 4)."""

    flavour: str
    runtime: str                 # how messages name it
    required: tuple[str, ...]    # <algo> attributes it refuses to load without
    colls: frozenset[str]        # coll values its parser accepts
    step_types: frozenset[str]
    max_steps: int               # MSCCL_MAX_NUM_STEPS
    max_tbs: int                 # MSCCL_MAX_NUM_THREAD_BLOCKS
    max_channels: int            # MAXCHANNELS
    tbs_per_channel: int = 32    # MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL
    max_count: int = 72          # MSCCL_MAX_COUNT: cnt < it
    max_dep_bid: int = 127       # int8_t dependentBid
    max_fusion: int = 16         # MSCCL_MAX_REDUCE_FUSION
    max_nodes: int = 4096        # MSCCL_MAX_NODES / MAX_NODES of the XML parser
    max_subs: int = 1024         # MSCCL_MAX_SUBS / MAX_SUBS
    max_attrs: int = 16          # MSCCL_MAX_ATTR_COUNT
    max_str: int = 255           # MSCCL_MAX_STR_LEN
    reads_outofplace: bool = True

    @property
    def node_room(self) -> int:
        """Most XML nodes the parser stores for one loading rank (MSCCL_MAX_NODES - 1)."""
        return self.max_nodes - 1


def stored_nodes(ngpus: int, tbs: int, steps: int) -> int:
    """XML nodes the runtime's parser stores when one rank loads a file: the ``<algo>``,
    every ``<gpu>``, and that rank's own ``tbs`` ``<tb>`` and ``steps`` ``<step>``
    elements (docs/msccl.md section 1)."""
    return 1 + ngpus + tbs + steps


_TYPES = frozenset({"s", "r", "rcs", "rrs", "rrc", "rrcs", "cpy", "re", "nop"})
EXECUTOR = RuntimeRules(
    flavour="msccl-executor", runtime="msccl-executor/RCCL",
    required=("proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace",
              "outofplace", "minBytes", "maxBytes"),
    colls=frozenset({"reduce", "broadcast", "allreduce", "reducescatter", "allgather", "send",
                     "recv", "gather", "scatter", "alltoall", "alltoallv"}),
    step_types=_TYPES, max_steps=64, max_tbs=1024, max_channels=32)
LEGACY = RuntimeRules(
    flavour="legacy", runtime="legacy (microsoft/msccl)",
    required=("name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace"),
    colls=frozenset({"allreduce", "allgather", "reduce", "broadcast", "alltoall",
                     "reduce_scatter", "custom"}),
    step_types=_TYPES | {"ra"}, max_steps=256, max_tbs=216, max_channels=32,
    reads_outofplace=False)
BOTH = RuntimeRules(
    flavour="both", runtime="msccl-executor/RCCL and legacy",
    required=tuple(dict.fromkeys(LEGACY.required + EXECUTOR.required)),
    colls=EXECUTOR.colls & LEGACY.colls, step_types=_TYPES,
    max_steps=min(EXECUTOR.max_steps, LEGACY.max_steps),
    max_tbs=min(EXECUTOR.max_tbs, LEGACY.max_tbs), max_channels=32)
RULES = {"msccl-executor": EXECUTOR, "legacy": LEGACY, "both": BOTH}

# type: (sends, receives, reads src, writes dst); docs/msccl.md section 2, "Types"
_SEMANTICS = {
    "s": (True, False, True, False), "r": (False, True, False, True),
    "rcs": (True, True, False, True), "rrs": (True, True, True, False),
    "rrc": (False, True, True, True), "rrcs": (True, True, True, True),
    "cpy": (False, False, True, True), "re": (False, False, True, True),
    "nop": (False, False, False, False),
}
# type: (runtime bounds-checks srcoff, dstoff) - mscclCheckBufferBounds calls in the parser
_RUNTIME_BOUNDS = {"s": (True, False), "r": (False, True), "rcs": (False, True),
                   "rrs": (True, False), "rrc": (False, False), "rrcs": (True, True),
                   "cpy": (True, True), "re": (True, True)}
_BUFFER_NAMES = {"i": "input", "o": "output", "s": "scratch"}


# --- the verdict ----------------------------------------------------------------------------

@dataclass(frozen=True)
class XmlCounts:
    """Sizes of the file: ``ranks`` (``<gpu>`` elements), ``tbs`` and ``steps`` over all
    ranks (``nop`` steps included), the most steps in one block, and the channels used."""

    ranks: int = 0
    tbs: int = 0
    steps: int = 0
    max_steps_per_tb: int = 0
    channels: int = 0


@dataclass(frozen=True)
class LinkLoad:
    """Chunks one loop sends over a directed link (a pair of nodes, parallel links merged)."""

    src: str
    dst: str
    load: Fraction
    bandwidth: Fraction

    @property
    def time(self) -> Fraction:
        """Load divided by bandwidth: chunks per unit of bandwidth."""
        return self.load / self.bandwidth


@dataclass(frozen=True)
class XmlVerdict:
    """What :func:`check_xml` concluded.

    ``ok`` is True when ``reasons`` is empty: the file loads in the flavour's runtime, runs
    to the end on every rank under every aliasing it claims, leaves exactly the right data
    everywhere, has no unordered conflicting accesses, and every transfer has a route.
    ``algbw`` is ``nchunksperloop / max_e(load_e / bandwidth_e)`` in the topology's units,
    the figure of the file's traffic (given even when ``ok`` is False; None when some
    transfer has no route, ``ngpus`` does not match, or nothing is sent); ``links`` lists every
    loaded link and ``bottleneck`` those that reach the maximum. ``rendezvous`` is True
    when the file also finishes with no buffering at all, False when it finishes only
    because each connection buffers send steps (FIFO_STEPS), None when not simulated to the end.
    ``flavour`` is "msccl-executor", "legacy" or "both" (an allgather or allreduce file
    checked against both). ``collective`` is "allgather", "reduce-scatter" or "allreduce"
    (or the ``coll`` value when it is none of them), ``coll`` the spelling in the file.
    ``aliasings`` are the buffer aliasings simulated ("in-place", "out-of-place"); when
    there are two, a reason that holds under one of them only starts with "in-place: " or
    "out-of-place: ". ``notes`` say what was not checked or what the file relies on.
    """

    ok: bool
    reasons: tuple[str, ...]
    flavour: str
    collective: str | None = None
    coll: str | None = None
    inplace: bool | None = None
    outofplace: bool | None = None
    proto: str | None = None
    nchunksperloop: int | None = None
    nchannels: int | None = None
    algbw: Fraction | None = None
    units: str = ""
    links: tuple[LinkLoad, ...] = ()
    bottleneck: tuple[tuple[str, str], ...] = ()
    counts: XmlCounts = field(default_factory=XmlCounts)
    aliasings: tuple[str, ...] = ()
    rendezvous: bool | None = None
    notes: tuple[str, ...] = ()

    @property
    def link_loads(self) -> dict[tuple[str, str], Fraction]:
        """Chunks per loop on every loaded directed link, keyed (src, dst)."""
        return {(l.src, l.dst): l.load for l in self.links}

    def to_dict(self) -> dict[str, Any]:
        """JSON form; exact numbers as strings ("15", "40/3")."""
        f = _fraction_text
        return {
            "ok": self.ok, "reasons": list(self.reasons), "flavour": self.flavour,
            "collective": self.collective, "coll": self.coll, "inplace": self.inplace,
            "outofplace": self.outofplace, "proto": self.proto,
            "nchunksperloop": self.nchunksperloop, "nchannels": self.nchannels,
            "algbw": f(self.algbw), "units": self.units,
            "links": [{"src": l.src, "dst": l.dst, "load": f(l.load),
                       "bandwidth": f(l.bandwidth)} for l in self.links],
            "bottleneck": [list(e) for e in self.bottleneck],
            "counts": {"ranks": self.counts.ranks, "tbs": self.counts.tbs,
                       "steps": self.counts.steps,
                       "max_steps_per_tb": self.counts.max_steps_per_tb,
                       "channels": self.counts.channels},
            "aliasings": list(self.aliasings), "rendezvous": self.rendezvous,
            "notes": list(self.notes),
        }


def _fraction_text(value: Fraction | None) -> str | None:
    if value is None:
        return None
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


# --- reasons ---------------------------------------------------------------------------------

class _Reasons:
    """Ordered, de-duplicated reasons; ``fatal`` marks problems that make a simulation
    meaningless (it is then skipped)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seen: set[str] = set()
        self.fatal = False
        self.notes: list[str] = []

    def add(self, line: str, *, fatal: bool = False) -> None:
        if fatal:
            self.fatal = True
        if line not in self.seen:
            self.seen.add(line)
            self.lines.append(line)

    def note(self, line: str) -> None:
        if line not in self.notes:
            self.notes.append(line)

    def final(self) -> tuple[str, ...]:
        if len(self.lines) <= MAX_REASONS:
            return tuple(self.lines)
        extra = len(self.lines) - MAX_REASONS + 1
        return tuple(self.lines[:MAX_REASONS - 1]) + (f"... and {extra} more problems",)


# --- reading --------------------------------------------------------------------------------

def _read_input(xml: str | bytes | os.PathLike) -> tuple[bytes, str]:
    """The file's bytes and a label for messages. ``bytes`` are the content; a ``str``
    whose first non-blank character is ``<`` is the content; any other ``str`` or a
    path-like object names a file."""
    if isinstance(xml, (bytes, bytearray, memoryview)):
        data = bytes(xml)
        label = "the MSCCL XML text"
    elif isinstance(xml, str) and xml.lstrip(" \t\r\n\ufeff")[:1] == "<":
        data = xml.encode("utf-8", "surrogatepass")
        label = "the MSCCL XML text"
    elif isinstance(xml, (str, os.PathLike)):
        label = display_path(xml)
        try:
            directory = Path(xml).is_dir()
        except (OSError, ValueError):
            directory = False
        if directory:
            raise XmlCheckError(f"{label}: is a directory, not an MSCCL XML file")
        data = read_bytes(xml, XmlCheckError, "the MSCCL XML", limit=MAX_BYTES)
    else:
        raise XmlCheckError(f"expected MSCCL XML as text, bytes or a path, got "
                            f"{type(xml).__name__}")
    if len(data) > MAX_BYTES:
        raise XmlCheckError(f"{label} is larger than {MAX_BYTES // 2**20} MiB; an MSCCL "
                            f"algorithm file is at most a few MiB (refused unread)")
    if not data.strip():
        raise XmlCheckError(f"{label} is empty; expected an <algo> element")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise XmlCheckError(f"{label} is not UTF-8 text (byte {exc.start}); an MSCCL "
                            f"XML file is plain ASCII") from None
    return data, label


# --- the runtime parser's syntax (docs/msccl.md section 1) ---------------------------------

_NAME = r"[A-Za-z_][A-Za-z0-9_.:-]*"
_OPEN_TAG = re.compile(rf'<({_NAME})((?: {_NAME}="[^"<&\t\r\n]*")*)( ?)(/?)>')
_CLOSE_TAG = re.compile(rf"</({_NAME})>")
_ATTRIBUTE = re.compile(rf' ({_NAME})="([^"]*)"')
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_BLANK = re.compile(r"[ \r\n]+")
_ANY_TAG = re.compile(r"""<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
_PARSER = "the runtime's XML parser (msccl_parser.cc mscclXmlGetNode, legacy xml.cc xmlGetNode)"


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _snippet(text: str, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, control characters shown as escapes."""
    text = text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return "'" + (text if len(text) <= limit else text[:limit - 3] + "...") + "'"


def _scan_runtime_syntax(text: str, rules: RuntimeRules, out: _Reasons) -> None:
    """Report what the runtime's hand-written parser cannot read (docs/msccl.md section 1).
    Each kind of problem is reported once, at its first line, with how often it recurs."""
    found: dict[str, list] = {}

    def problem(kind: str, pos: int, message: str) -> None:
        if kind in found:
            found[kind][1] += 1
        else:
            found[kind] = [(pos, message), 1]

    pos, n = 0, len(text)
    if text.startswith("\ufeff"):
        problem("bom", 0, "the file starts with a byte-order mark; " + _PARSER +
                " expects '<' as the first character; save it without BOM")
        pos = 1
    tab = text.find("\t")
    if tab >= 0:
        count = text.count("\t")
        more = f" (and {count - 1} more)" if count > 1 else ""
        out.add(f"line {_line_of(text, tab)}: tab character{more}; {_PARSER} accepts only "
                f"spaces, \\n and \\r between elements ('expecting '<'') and fails on a tab "
                f"inside a tag ('expected >'); indent with spaces")
    first_element = True
    while pos < n:
        blank = _BLANK.match(text, pos)
        if blank:
            pos = blank.end()
            continue
        if text[pos] != "<":
            end = text.find("<", pos)
            end = n if end < 0 else end
            chunk = text[pos:end]
            if chunk.strip(" \t\r\n"):
                problem("text", pos, f"text {_snippet(chunk.strip())} between elements; "
                        f"{_PARSER} expects only tags there ('expecting '<''); remove it")
            pos = end
            continue
        if text.startswith("<!--", pos):
            comment = _COMMENT.match(text, pos)
            pos = comment.end() if comment else n
            continue
        if text.startswith("<?", pos):
            end = text.find("?>", pos)
            end = n if end < 0 else end + 2
            if text.startswith("<?xml", pos) and text[pos + 5:pos + 6] in " ?":
                problem("declaration", pos, "an XML declaration <?xml ...?>; the runtime's "
                        "first node must be <algo ...> (its metadata pass reads only the "
                        "first node, and the parser reads '<?xml' as an element that never "
                        "closes); remove the declaration")
            else:
                problem("pi", pos, f"a processing instruction {_snippet(text[pos:end])}; "
                        f"{_PARSER} reads it as an element that never closes; remove it")
            pos = end
            continue
        if text.startswith("<![CDATA[", pos):
            end = text.find("]]>", pos)
            end = n if end < 0 else end + 3
            problem("cdata", pos, f"a CDATA section; {_PARSER} expects only tags between "
                    f"elements; remove it")
            pos = end
            continue
        if text.startswith("</", pos):
            close = _CLOSE_TAG.match(text, pos)
            if close:
                pos = close.end()
                continue
            tag = _ANY_TAG.match(text, pos)
            end = tag.end() if tag else n
            problem("close", pos, f"closing tag {_snippet(text[pos:end])} is not written "
                    f"</name> (the runtime fails with 'unexpected trailing ... in closing "
                    f"tag'); write it without spaces")
            pos = end
            continue
        tag = _OPEN_TAG.match(text, pos)
        if tag:
            name = tag.group(1)
            attributes = _ATTRIBUTE.findall(tag.group(2))
            count = len(attributes) + (1 if tag.group(3) else 0)
            if first_element and name != "algo":
                problem("first", pos, f"the first element is <{name}>; the runtime's "
                        f"metadata pass (mscclGetAlgoMetaFromXmlFile) reads only the first "
                        f"node and needs <algo ...>")
            first_element = False
            if count > rules.max_attrs:
                extra = " (the space before '>' or '/>' counts as one)" if tag.group(3) else ""
                problem("attrs", pos, f"<{name}> has {count} attributes{extra}; {_PARSER} "
                        f"keeps the first {rules.max_attrs} (MSCCL_MAX_ATTR_COUNT) and "
                        f"ignores the rest; drop unused attributes")
            longest = max([len(name)] + [max(len(k), len(v)) for k, v in attributes])
            if longest > rules.max_str:
                problem("long", pos, f"<{name}> has a name or value of {longest} "
                        f"characters; {_PARSER} holds at most {rules.max_str} "
                        f"(MSCCL_MAX_STR_LEN); shorten it")
            pos = tag.end()
            continue
        whole = _ANY_TAG.match(text, pos)
        end = whole.end() if whole else n
        raw = text[pos:end]
        first_element = False
        if "\n" in raw or "\r" in raw:
            problem("multiline", pos, f"the tag {_snippet(raw)} spans several lines; "
                    f"{_PARSER} needs every tag on one line (a newline inside a tag fails "
                    f"with 'expected >')")
        elif "\t" in raw:
            pass  # reported with every other tab above
        elif re.search(r"=\s*'", raw):
            problem("quote", pos, f"single-quoted attribute value in {_snippet(raw)}; "
                    f"{_PARSER} reads a value up to the next double quote; use double "
                    f"quotes")
        elif re.search(r"\s=|=\s", raw):
            problem("equals", pos, f"spaces around '=' in {_snippet(raw)}; {_PARSER} "
                    f"reads a name up to the next space and then expects a quote; write "
                    f"name=\"value\"")
        elif "&" in raw:
            problem("reference", pos, f"a character or entity reference in {_snippet(raw)}"
                    f"; {_PARSER} does not decode references and reads the text as is")
        elif "  " in raw:
            problem("spaces", pos, f"several spaces in the tag {_snippet(raw)}; "
                    f"{_PARSER} reads every extra space as an empty attribute (counted "
                    f"against its {rules.max_attrs}); separate attributes by one space")
        else:
            problem("tag", pos, f"the tag {_snippet(raw)} is not in the form {_PARSER} "
                    f"reads: <name attr=\"value\" ...> or <name .../> on one line, double "
                    f"quotes, one space between attributes")
        pos = end
    for (where, message), count in found.values():
        more = f" ({count - 1} more like it)" if count > 1 else ""
        out.add(f"line {_line_of(text, where)}: {message}{more}")


_CANONICAL_INT = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")


def _strtol0(text: str) -> int:
    """What C's ``strtol(text, NULL, 0)`` returns (before narrowing to int)."""
    s = text.lstrip(" \t\n\r\f\v")
    sign = 1
    if s[:1] in "+-" and s[:1]:
        sign = -1 if s[0] == "-" else 1
        s = s[1:]
    if s[:2].lower() == "0x" and s[2:3] and s[2:3] in "0123456789abcdefABCDEF":
        digits, base = re.match(r"[0-9a-fA-F]*", s[2:]).group(), 16
    elif s[:1] == "0":
        digits, base = re.match(r"[0-7]*", s).group(), 8
    else:
        digits, base = re.match(r"[0-9]*", s).group(), 10
    return sign * int(digits, base) if digits else 0


def _int_attr(attrs: Mapping[str, str], name: str, where: str, tag: str, out: _Reasons, *,
              fatal: bool = False, required: bool = True, bits: int = 32) -> int | None:
    """An integer attribute read as the runtime reads it (``strtol(…, 0)``); a missing,
    non-decimal or out-of-range value is reported."""
    if name not in attrs:
        if required:
            out.add(f"{where}: attribute {name} is missing; the runtime refuses the file "
                    f"('Attribute {name} of node {tag} not found')", fatal=fatal)
        return None
    text = attrs[name]
    if len(text) > 40:
        out.add(f"{where}: {name}={_snippet(text)} is no integer the runtime can hold",
                fatal=True)
        return None
    value = _strtol0(text)
    if not _CANONICAL_INT.match(text):
        if re.fullmatch(r"-?0[0-9]+", text):
            why = (f"zero-padded integer {text!r}: the runtime reads numbers with "
                   f"strtol(..., 0), which takes a leading 0 as octal, so it reads {value}; "
                   f"write {int(text)}")
        elif re.fullmatch(r"-?0[xX][0-9a-fA-F]+", text):
            why = (f"hexadecimal integer {text!r} (the runtime reads {value}); write it in "
                   f"decimal")
        else:
            why = (f"{text!r} is not a decimal integer; the runtime's strtol(..., 0) reads "
                   f"{value}")
        out.add(f"{where}: {name}={why}")
    limit = 2 ** (bits - 1)
    if not -limit <= value < limit:
        out.add(f"{where}: {name}={text} does not fit the runtime's {bits}-bit integer",
                fatal=True)
        return None
    return value


# --- the document model ---------------------------------------------------------------------

class _Step:
    __slots__ = ("pos", "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid",
                 "deps", "hasdep")

    def __init__(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)


class _Trans:
    """One runtime transmission: a step, or a run of fused ``re`` steps (the parser's
    ``mscclTransmission``), with the dependencies it waits for."""

    __slots__ = ("type", "srcbuf", "srcoffs", "dstbuf", "dstoff", "cnt", "hasdep",
                 "positions", "deps", "flag", "send", "recv", "partner")

    def __init__(self, step: _Step, deps: list[tuple[int, int, int]]) -> None:
        self.type = step.type
        self.srcbuf, self.srcoffs = step.srcbuf, [step.srcoff]
        self.dstbuf, self.dstoff, self.cnt = step.dstbuf, step.dstoff, step.cnt
        self.hasdep = step.hasdep == 1
        self.positions = [step.pos]
        self.deps = deps                    # (target block id, step, position of the carrier)
        self.flag = -1                      # the step number the kernel publishes after it
        self.send, self.recv = _SEMANTICS[step.type][0], _SEMANTICS[step.type][1]
        self.partner: tuple[int, int] | None = None   # (global block, transmission) paired


class _Tb:
    __slots__ = ("rank", "id", "send", "recv", "chan", "steps", "trans", "g", "where",
                 "broken")

    def __init__(self, rank: int, attrs: Mapping[str, str], index: int, out: _Reasons) -> None:
        self.rank = rank
        where = f"rank {rank} <tb> #{index}"
        self.id = _int_attr(attrs, "id", where, "tb", out, fatal=True)
        self.where = f"rank {rank} tb {self.id}" if self.id is not None else where
        self.send = _int_attr(attrs, "send", self.where, "tb", out, fatal=True)
        self.recv = _int_attr(attrs, "recv", self.where, "tb", out, fatal=True)
        self.chan = _int_attr(attrs, "chan", self.where, "tb", out, fatal=True)
        self.steps: list[_Step] = []
        self.trans: list[_Trans] = []
        self.g = -1
        self.broken = False

    def step_label(self, pos: int) -> str:
        step = self.steps[pos] if 0 <= pos < len(self.steps) else None
        kind = f" ({step.type})" if step is not None else ""
        return f"{self.where} step {pos}{kind}"


class _Gpu:
    __slots__ = ("rank", "i_chunks", "o_chunks", "s_chunks", "tbs", "where")

    def __init__(self, attrs: Mapping[str, str], index: int, out: _Reasons) -> None:
        where = f"<gpu> #{index}"
        self.rank = _int_attr(attrs, "id", where, "gpu", out, fatal=True)
        self.where = f"rank {self.rank}" if self.rank is not None else where
        self.i_chunks = _int_attr(attrs, "i_chunks", self.where, "gpu", out, fatal=True)
        self.o_chunks = _int_attr(attrs, "o_chunks", self.where, "gpu", out, fatal=True)
        self.s_chunks = _int_attr(attrs, "s_chunks", self.where, "gpu", out, fatal=True)
        if self.s_chunks is not None and self.s_chunks < 0:
            out.add(f"{self.where}: s_chunks={self.s_chunks} is negative; the runtime refuses "
                    f"the file ('nScratchChunks must be not negative')", fatal=True)
        self.tbs: list[_Tb] = []


@dataclass
class _Doc:
    algo: dict[str, str] | None = None
    gpus: list[_Gpu] = field(default_factory=list)
    elements: int = 0


def _flavour_of(attrs: Mapping[str, str], flavour: str | None) -> RuntimeRules:
    if flavour is not None:
        return RULES[flavour]
    coll = attrs.get("coll")
    if coll == "reducescatter":
        return EXECUTOR
    if coll == "reduce_scatter":
        return LEGACY
    return BOTH


def _read_document(data: bytes, label: str, flavour: str | None,
                   out: _Reasons) -> tuple[_Doc, RuntimeRules]:
    """Parse with defusedxml and build the model, reading every attribute as the runtime
    does. Hostile or malformed XML raises :class:`XmlCheckError`."""
    doc = _Doc()
    rules = RULES[flavour] if flavour is not None else BOTH
    stack: list[str] = []
    gpu: _Gpu | None = None
    tb: _Tb | None = None
    try:
        events = _safe_etree.iterparse(io.BytesIO(data), events=("start", "end"),
                                       forbid_dtd=True, forbid_entities=True,
                                       forbid_external=True)
        for event, elem in events:
            if event == "end":
                stack.pop()
                if elem.tag == "tb" and len(stack) == 2:
                    tb = None
                elif elem.tag == "gpu" and len(stack) == 1:
                    gpu = None
                elem.clear()
                continue
            doc.elements += 1
            if doc.elements > MAX_ELEMENTS:
                raise XmlCheckError(f"{label} has more than {MAX_ELEMENTS:,} elements; an "
                                    f"MSCCL algorithm file has far fewer (refused)")
            depth, tag, attrs = len(stack), elem.tag, elem.attrib
            stack.append(tag)
            if depth == 0:
                if tag != "algo":
                    out.add(f"the root element is <{tag}>; an MSCCL algorithm file holds one "
                            f"<algo> element", fatal=True)
                    continue
                doc.algo = dict(attrs)
                rules = _flavour_of(attrs, flavour)
            elif doc.algo is None:
                continue
            elif depth == 1:
                if tag == "gpu":
                    gpu = _Gpu(attrs, len(doc.gpus), out)
                    doc.gpus.append(gpu)
                else:
                    out.add(f"<algo> contains <{tag}>, which the runtime ignores ('Ignoring "
                            f"element'); remove it")
            elif depth == 2 and gpu is not None:
                if tag == "tb":
                    tb = _Tb(gpu.rank, attrs, len(gpu.tbs), out)
                    gpu.tbs.append(tb)
                else:
                    out.add(f"{gpu.where}: <gpu> contains <{tag}>, which the runtime "
                            f"ignores; remove it")
            elif depth == 3 and tb is not None:
                if tag == "step":
                    tb.steps.append(_read_step(tb, attrs, len(tb.steps), rules, out))
                else:
                    out.add(f"{tb.where}: <tb> contains <{tag}>, which the runtime ignores; "
                            f"remove it")
            elif depth == 4 and tb is not None:
                out.add(f"{tb.where} step {len(tb.steps) - 1}: a <step> has a child <{tag}>; "
                        f"write every step as one self-closing <step .../>")
    except XmlCheckError:
        raise
    except _HostileXml as exc:
        what = type(exc).__name__
        raise XmlCheckError(f"{label}: refused: the XML declares a DTD or entities "
                            f"({what}); an MSCCL algorithm file has none, and entity "
                            f"expansion is how hostile XML exhausts memory") from None
    except _ParseError as exc:
        raise XmlCheckError(f"{label}: not well-formed XML ({exc})") from None
    if doc.algo is None and not out.fatal:
        out.add("no <algo> element; an MSCCL algorithm file holds one", fatal=True)
    return doc, rules


def _read_step(tb: _Tb, attrs: Mapping[str, str], pos: int, rules: RuntimeRules,
               out: _Reasons) -> _Step:
    kind = attrs.get("type", "?")
    where = f"{tb.where} step {pos} ({kind})"
    values = {}
    for name in ("s", "srcoff", "dstoff", "cnt", "depid", "deps", "hasdep"):
        value = _int_attr(attrs, name, where, "step", out, fatal=True)
        values[name] = -1 if value is None else value
    for name in ("srcbuf", "dstbuf", "type"):
        if name not in attrs:
            out.add(f"{where}: attribute {name} is missing; the runtime refuses the file "
                    f"('Attribute {name} of node step not found')", fatal=True)
    if kind == "ra":
        refused = ("" if "ra" in rules.step_types else "; msccl-executor/RCCL refuses it "
                   "('type of transfer is not supported')")
        out.add(f"{where}: step type ra (residual add) exists only in the legacy runtime"
                f"{refused}; check-xml does not simulate it", fatal=True)
        tb.broken = True
    elif kind not in rules.step_types:
        out.add(f"{where}: unknown step type {kind!r}; the runtime refuses the file "
                f"('type of transfer is not supported'); use one of "
                f"{' '.join(sorted(_TYPES))}", fatal=True)
        tb.broken = True
    buffers = []
    for name in ("srcbuf", "dstbuf"):
        value = attrs.get(name, "i")
        if value not in _BUFFER_NAMES:
            out.add(f"{where}: {name}={value!r}; the runtime refuses the file ('type of "
                    f"buffer is not supported'); use i, o or s (unused fields too)",
                    fatal=True)
            value = "i"
        buffers.append(value)
    return _Step(pos=pos, s=values["s"], type=kind, srcbuf=buffers[0],
                 srcoff=values["srcoff"], dstbuf=buffers[1], dstoff=values["dstoff"],
                 cnt=values["cnt"], depid=values["depid"], deps=values["deps"],
                 hasdep=values["hasdep"])


# --- the <algo> element (docs/msccl.md section 1) -----------------------------------------

@dataclass
class _Algo:
    collective: str | None = None
    coll: str | None = None
    proto: str | None = None
    nchannels: int | None = None
    nchunks: int | None = None
    ngpus: int | None = None
    inplace: bool | None = None
    outofplace: bool | None = None
    aliasings: tuple[str, ...] = ()


def _check_algo(attrs: Mapping[str, str], rules: RuntimeRules, topology: Topology,
                out: _Reasons) -> _Algo:
    algo = _Algo()
    for name in rules.required:
        if name not in attrs:
            fatal = name in ("ngpus", "nchunksperloop", "coll")
            out.add(f"<algo>: required attribute {name} is missing; the {rules.runtime} "
                    f"runtime refuses the file ('Attribute {name} of node algo not found')",
                    fatal=fatal)
    proto = attrs.get("proto")
    algo.proto = proto
    if proto is not None and proto not in PROTOCOLS:
        out.add(f"<algo>: proto={proto!r}; the runtime accepts exactly Simple, LL128 or LL "
                f"('MSCCL: protocol {proto} is not supported.')")
    where = "<algo>"
    algo.nchannels = _int_attr(attrs, "nchannels", where, "algo", out, required=False)
    if algo.nchannels is not None and not 1 <= algo.nchannels <= rules.max_channels:
        out.add(f"<algo>: nchannels={algo.nchannels}; the {rules.runtime} runtime has "
                f"channels 1 to {rules.max_channels} (MAXCHANNELS, docs/msccl.md section 4)")
    algo.nchunks = _int_attr(attrs, "nchunksperloop", where, "algo", out, required=False,
                             fatal=True)
    if algo.nchunks is not None and algo.nchunks < 1:
        out.add(f"<algo>: nchunksperloop={algo.nchunks}; it must be at least 1", fatal=True)
        algo.nchunks = None
    reach = MAX_OFFSET + rules.max_count - 1
    if algo.nchunks is not None and algo.nchunks > reach:
        out.add(f"<algo>: nchunksperloop={algo.nchunks}; the runtime stores step offsets as "
                f"int16_t (mscclTransmission), so no step reaches a chunk beyond {reach} and "
                f"the buffer cannot be filled; use fewer chunks per loop", fatal=True)
        algo.nchunks = None
    algo.ngpus = _int_attr(attrs, "ngpus", where, "algo", out, required=False, fatal=True)
    compute = len(topology.compute_nodes)
    if algo.ngpus is not None:
        if algo.ngpus < 1:
            out.add(f"<algo>: ngpus={algo.ngpus}; it must be at least 1", fatal=True)
            algo.ngpus = None
        elif algo.ngpus != compute:
            out.add(f"<algo>: ngpus={algo.ngpus}, but topology {topology.name!r} has {compute} "
                    f"compute nodes (rank r runs on compute node r); the runtime never "
                    f"selects the file for a communicator of another size", fatal=True)
    coll = attrs.get("coll")
    algo.coll = coll
    if coll is not None:
        algo.collective = CHECKED.get(coll, coll)
        if coll not in rules.colls:
            if coll == "reducescatter":
                hint = ("; reducescatter is the msccl-executor/RCCL spelling, legacy "
                        "(microsoft/msccl) spells reduce-scatter reduce_scatter")
            elif coll == "reduce_scatter":
                hint = ("; reduce_scatter is the legacy spelling, msccl-executor and RCCL "
                        "spell reduce-scatter reducescatter")
            else:
                hint = f"; it accepts {', '.join(sorted(rules.colls))}"
            out.add(f"<algo>: coll={coll!r} is not a collective the {rules.runtime} runtime "
                    f"knows; it refuses the file{hint}")
        if coll not in CHECKED:
            out.add(f"<algo>: coll={coll!r}: check-xml simulates allgather, reduce-scatter and "
                    f"allreduce only", fatal=True)
    if algo.collective in ("allgather", "reduce-scatter") and algo.nchunks and algo.ngpus:
        if algo.nchunks % algo.ngpus:
            out.add(f"<algo>: nchunksperloop={algo.nchunks} is not a multiple of "
                    f"ngpus={algo.ngpus}; an {algo.collective} cuts every rank's part into "
                    f"nchunksperloop/ngpus chunks (docs/msccl.md section 3)", fatal=True)
    inplace = _int_attr(attrs, "inplace", where, "algo", out, required=False)
    outofplace = _int_attr(attrs, "outofplace", where, "algo", out, required=False)
    algo.inplace = None if inplace is None else inplace != 0
    if rules is LEGACY:
        algo.outofplace = None if inplace is None else inplace == 0
        if "outofplace" in attrs:
            out.note("the legacy runtime does not read outofplace: inplace=\"0\" means "
                     "out-of-place, inplace=\"1\" in-place only")
    else:
        algo.outofplace = None if outofplace is None else outofplace != 0
    modes = []
    if algo.inplace:
        modes.append("in-place")
    if algo.outofplace or (rules is BOTH and inplace == 0):
        modes.append("out-of-place")
    if inplace is not None and outofplace is not None and not inplace and not outofplace \
            and rules is not LEGACY:
        out.add("<algo>: inplace=\"0\" and outofplace=\"0\": the msccl-executor/RCCL scheduler "
                "never selects the file (docs/msccl.md section 5)")
    algo.aliasings = tuple(modes)
    min_bytes = _int_attr(attrs, "minBytes", where, "algo", out, required=False, bits=64)
    max_bytes = _int_attr(attrs, "maxBytes", where, "algo", out, required=False, bits=64)
    if rules in (LEGACY, BOTH):
        for name, value in (("minBytes", min_bytes), ("maxBytes", max_bytes)):
            if value is not None and value < 0:
                out.add(f"<algo>: {name}={value} is negative; the legacy runtime refuses the "
                        f"file")
        if min_bytes is not None and max_bytes is not None and min_bytes > max_bytes:
            out.add(f"<algo>: minBytes={min_bytes} > maxBytes={max_bytes}; the legacy runtime "
                    f"refuses the file ('minBytes cannot be greater than maxBytes')")
        if max_bytes == 0 and rules is BOTH:
            out.note("maxBytes=0 means 'no limit' to msccl-executor/RCCL but a size range of "
                     "[minBytes, 0] to legacy, which then probably never selects the file "
                     "(docs/msccl.md section 5)")
        nthreads = _int_attr(attrs, "nthreads", where, "algo", out, required=False)
        if nthreads is not None and nthreads % 32:
            out.add(f"<algo>: nthreads={nthreads} is not a multiple of 32; the legacy runtime "
                    f"refuses the file")
    if rules is not LEGACY and max_bytes is not None and max_bytes != 0:
        if max_bytes < 0 or (min_bytes is not None and min_bytes > max_bytes):
            out.add(f"<algo>: the byte range [minBytes={min_bytes}, maxBytes={max_bytes}] is "
                    f"empty; the msccl-executor/RCCL scheduler never selects the file")
    return algo


# --- structure: ranks, blocks, steps (docs/msccl.md sections 1, 2 and 4) -------------------

@dataclass
class _Layout:
    """Buffer sizes in chunks (docs/msccl.md section 3) and the aliasing of one run."""

    collective: str
    ngpus: int
    nchunks: int
    k: int

    def size(self, rank_gpu: _Gpu, buf: str) -> int:
        if buf == "s":
            return max(rank_gpu.s_chunks or 0, 0)
        return self.nchunks if self._whole(buf) else self.k

    def _whole(self, buf: str) -> bool:
        """Whether ``buf`` ("i" or "o") is the whole buffer (nchunksperloop chunks) rather
        than one rank's part of it (nchunksperloop / ngpus)."""
        if self.collective == "allgather":
            return buf == "o"
        if self.collective == "reduce-scatter":
            return buf == "i"
        return True

    def formula(self, buf: str) -> str:
        """How the collective sizes ``buf`` ("i" or "o"), for messages."""
        if self._whole(buf):
            return f"nchunksperloop = {self.nchunks}"
        return f"nchunksperloop/ngpus = {self.nchunks}/{self.ngpus} = {self.k}"


def _check_structure(doc: _Doc, algo: _Algo, rules: RuntimeRules, out: _Reasons) -> XmlCounts:
    """Ranks, blocks and steps against the runtime's structural rules and limits."""
    ngpus = algo.ngpus
    ranks_seen: dict[int, _Gpu] = {}
    if len(doc.gpus) > rules.max_subs:
        out.add(f"<algo> holds {len(doc.gpus)} <gpu> elements; the runtime's XML parser "
                f"stores at most {rules.max_subs} children per element (MSCCL_MAX_SUBS)")
    for gpu in doc.gpus:
        if gpu.rank is None:
            continue
        if gpu.rank in ranks_seen:
            out.add(f"rank {gpu.rank}: two <gpu id=\"{gpu.rank}\"> elements; the runtime loads "
                    f"only the first", fatal=True)
            continue
        ranks_seen[gpu.rank] = gpu
        if ngpus is not None and not 0 <= gpu.rank < ngpus:
            out.add(f"<gpu id=\"{gpu.rank}\">: id outside 0..ngpus-1 = 0..{ngpus - 1}",
                    fatal=True)
    if ngpus is not None:
        present = sum(1 for r in ranks_seen if 0 <= r < ngpus)
        if present < ngpus:
            missing = list(islice((r for r in range(ngpus) if r not in ranks_seen), 10))
            shown = ", ".join(map(str, missing)) + (" ..." if ngpus - present > 10 else "")
            out.add(f"<algo>: no <gpu> for rank(s) {shown}; such a rank runs no thread block "
                    f"and its peers wait for it forever", fatal=True)
    tbs_total = steps_total = max_steps = 0
    channels_used: set[int] = set()
    for gpu in doc.gpus:
        if gpu.rank is None:
            continue
        where = gpu.where
        ids: dict[int, _Tb] = {}
        sends_per_chan: dict[int, int] = {}
        recvs_per_chan: dict[int, int] = {}
        if len(gpu.tbs) > rules.max_subs:
            out.add(f"{where}: {len(gpu.tbs)} thread blocks; the runtime's XML parser stores "
                    f"at most {rules.max_subs} children per element (MSCCL_MAX_SUBS)")
        stored = stored_nodes(len(doc.gpus), len(gpu.tbs), sum(len(t.steps) for t in gpu.tbs))
        if stored > rules.node_room:
            out.add(f"{where}: the runtime's XML parser stores {stored} nodes when rank "
                    f"{gpu.rank} loads the file (<algo>, every <gpu>, its own <tb> and "
                    f"<step> elements); it holds {rules.node_room} (MSCCL_MAX_NODES = "
                    f"{rules.max_nodes}, 'XML parser is limited to ... nodes'); use fewer "
                    f"chunks per loop or fewer steps")
        for tb in gpu.tbs:
            tbs_total += 1
            steps_total += len(tb.steps)
            max_steps = max(max_steps, len(tb.steps))
            if tb.id is None:
                continue
            if tb.id in ids:
                out.add(f"{tb.where}: duplicate thread block id; the runtime refuses the file "
                        f"('duplicate thread block id')", fatal=True)
                tb.broken = True
                continue
            ids[tb.id] = tb
            if tb.id < 0:
                out.add(f"{tb.where}: negative block id; the runtime refuses the file",
                        fatal=True)
            elif tb.id >= rules.max_tbs:
                out.add(f"{tb.where}: block id {tb.id} >= {rules.max_tbs}; the "
                        f"{rules.runtime} runtime refuses the file ('too many thread blocks "
                        f"are requested', MSCCL_MAX_NUM_THREAD_BLOCKS)")
            for peer_name, peer in (("send", tb.send), ("recv", tb.recv)):
                if peer is None:
                    continue
                if peer == gpu.rank:
                    out.add(f"{tb.where}: {peer_name}={peer} is the block's own rank; the "
                            f"runtime refuses the file", fatal=True)
                elif peer < -1 or (ngpus is not None and peer >= ngpus):
                    last = (ngpus or 1) - 1
                    out.add(f"{tb.where}: {peer_name}={peer} is not -1 or a rank 0..{last}",
                            fatal=True)
            if tb.chan is not None:
                channels_used.add(tb.chan)
                if tb.chan < 0 or tb.chan > rules.max_channels:
                    out.add(f"{tb.where}: chan={tb.chan} is outside 0..{rules.max_channels} "
                            f"(MAXCHANNELS); the runtime refuses the file", fatal=True)
                elif algo.nchannels is not None and tb.chan >= algo.nchannels:
                    out.add(f"{tb.where}: chan={tb.chan} but nchannels={algo.nchannels}; the "
                            f"runtime connects only channels 0..nchannels-1, so this block's "
                            f"sends and receives never move (docs/msccl.md section 4)")
                if tb.send is not None and tb.send >= 0:
                    sends_per_chan[tb.chan] = sends_per_chan.get(tb.chan, 0) + 1
                if tb.recv is not None and tb.recv >= 0:
                    recvs_per_chan[tb.chan] = recvs_per_chan.get(tb.chan, 0) + 1
            if len(tb.steps) > rules.max_steps:
                out.add(f"{tb.where}: {len(tb.steps)} steps; the {rules.runtime} runtime "
                        f"allows {rules.max_steps} per thread block (MSCCL_MAX_NUM_STEPS, "
                        f"'too many steps are requested'); use fewer chunks per loop, fixed "
                        f"k, or more thread blocks or channels")
            _check_steps(tb, gpu, algo, rules, out)
        for chan, count in sorted(sends_per_chan.items()):
            if count > rules.tbs_per_channel:
                out.add(f"{where}: {count} sending thread blocks on channel {chan}; the runtime "
                        f"allows {rules.tbs_per_channel} ('too many sends per channel'); "
                        f"spread them over more channels")
        for chan, count in sorted(recvs_per_chan.items()):
            if count > rules.tbs_per_channel:
                out.add(f"{where}: {count} receiving thread blocks on channel {chan}; the "
                        f"runtime allows {rules.tbs_per_channel} ('too many recvs per "
                        f"channel'); spread them over more channels")
        if ids:
            count = len(ids)
            if count > rules.max_tbs:
                out.add(f"{where}: {count} thread blocks; the {rules.runtime} runtime allows "
                        f"{rules.max_tbs} (MSCCL_MAX_NUM_THREAD_BLOCKS, 'too many thread "
                        f"blocks are requested')")
            gap = next((i for i in range(count + 1) if i not in ids), count)
            if gap < max(ids):
                out.add(f"{where}: thread block {gap} is missing; block ids must be "
                        f"0..n-1 ('thread block {gap} is missing')", fatal=True)
    return XmlCounts(ranks=len(doc.gpus), tbs=tbs_total, steps=steps_total,
                     max_steps_per_tb=max_steps, channels=len(channels_used))


def _check_steps(tb: _Tb, gpu: _Gpu, algo: _Algo, rules: RuntimeRules,
                 out: _Reasons) -> None:
    """Per-step rules (docs/msccl.md section 2) and the runtime's transmissions: nop
    dependencies carried forward, ``re`` fusion, the kernel's published step numbers."""
    layout = None
    if algo.collective in CHECKED.values() and algo.nchunks and algo.ngpus:
        layout = _Layout(algo.collective, algo.ngpus, algo.nchunks,
                         max(algo.nchunks // algo.ngpus, 1))
    declared = {"i": gpu.i_chunks, "o": gpu.o_chunks, "s": gpu.s_chunks}
    deps: list[tuple[int, int, int]] = []
    pointer = 0
    fusing: tuple[str, int, str] | None = None
    reductions = 0
    numbering_reported = False
    for step in tb.steps:
        if step.type not in _SEMANTICS:
            continue                    # reported when read; the file is not simulated
        where = tb.step_label(step.pos)
        if step.s != step.pos and not numbering_reported:
            out.add(f"{where}: s={step.s} but it is step {step.pos} of its block; number the "
                    f"steps 0, 1, 2, ... in order, nop steps included (docs/msccl.md "
                    f"section 2)")
            numbering_reported = True
        if step.hasdep not in (0, 1):
            out.add(f"{where}: hasdep={step.hasdep}; it must be 0 or 1 ('hasDependence needs "
                    f"to be 0 or 1')")
        if step.depid >= 0 and step.deps < 0:
            out.add(f"{where}: depid={step.depid} with deps={step.deps}; a dependency names "
                    f"a step >= 0")
        if step.depid < -1:
            out.add(f"{where}: depid={step.depid}; use -1 for no dependency")
        if step.depid == -1 and step.deps != -1:
            out.add(f"{where}: deps={step.deps} with depid=-1; the runtime ignores the "
                    f"dependency (use depid and deps together)")
        if step.depid >= 0:
            deps.append((step.depid, step.deps, step.pos))
        if step.type == "nop":
            if step.depid < 0:
                out.add(f"{where}: a nop without a dependency; a nop only carries one "
                        f"dependency, and without one the kernel's step counter no longer "
                        f"matches the step numbers (docs/msccl.md section 2)")
            continue
        sends, receives, _, _ = _SEMANTICS[step.type]
        if sends and tb.send is not None and tb.send < 0:
            out.add(f"{where}: sends, but the block has send=-1; the runtime refuses the file "
                    f"('there is a send in thread block ... without a sendPeer')", fatal=True)
            tb.broken = True
        if receives and tb.recv is not None and tb.recv < 0:
            out.add(f"{where}: receives, but the block has recv=-1; the runtime refuses the "
                    f"file ('there is a recv in thread block ... without a recvPeer')",
                    fatal=True)
            tb.broken = True
        if not 0 <= step.cnt < rules.max_count:
            out.add(f"{where}: cnt={step.cnt}; the runtime requires 0 <= cnt < "
                    f"{rules.max_count} (MSCCL_MAX_COUNT, 'count ... must be positive and "
                    f"less than {rules.max_count}')", fatal=True)
        elif step.cnt == 0:
            out.add(f"{where}: cnt=0 moves nothing (and legacy indexes cnt-1); use cnt >= 1")
        _check_bounds(step, where, declared, layout, gpu, out)
        # the parser's transmission building (mscclGetAlgoFromXmlFile)
        continuation = False
        if step.type == "re":
            if fusing == (step.dstbuf, step.dstoff, step.srcbuf) and step.depid == -1:
                continuation = True
            else:
                fusing = None
        if continuation:
            t = tb.trans[-1]
            if step.cnt != t.cnt:
                out.add(f"{where}: fused with the re step(s) before it (same dst, same src "
                        f"buffer, no dependency) but cnt={step.cnt} differs from {t.cnt}; the "
                        f"runtime applies the last step's cnt to every fused source")
            t.srcoffs.append(step.srcoff)
            t.cnt = step.cnt
            t.hasdep = step.hasdep == 1
            t.positions.append(step.pos)
        else:
            t = _Trans(step, deps[pointer:])
            if t.deps and step.depid < 0:
                out.add(f"{where}: follows nop step(s) with dependencies but has none of its "
                        f"own; the runtime refuses the file ('when there is a chain of "
                        f"dependencies, the last reduction must be a part of the first "
                        f"immediate instruction')")
            pointer = len(deps)
            tb.trans.append(t)
        if step.type != "re":
            fusing = None
        else:
            reductions += 1
            if step.hasdep == 1 or reductions == rules.max_fusion:
                fusing = None
            else:
                fusing = (step.dstbuf, step.dstoff, step.srcbuf)
    if pointer < len(deps):
        carrier = deps[pointer][2]
        out.add(f"{tb.step_label(carrier)}: nop at the end of the block; no step follows to "
                f"wait for its dependency, so the runtime never waits for it")
    # the kernel's step counter (msccl_kernel.cu): it publishes flag = counter
    counter = 0
    for t in tb.trans:
        if t.deps:
            counter += len(t.deps) - 1
        if t.type == "re":
            counter += len(t.srcoffs) - 1
        t.flag = counter
        counter += 1
        if t.hasdep and t.flag != t.positions[-1] and not numbering_reported:
            out.add(f"{tb.step_label(t.positions[-1])}: the kernel publishes this step's flag "
                    f"as step {t.flag}, its position is {t.positions[-1]} (a nop without "
                    f"exactly one dependency before it); waiters see wrong step numbers")
            numbering_reported = True


def _check_bounds(step: _Step, where: str, declared: Mapping[str, int | None],
                  layout: _Layout | None, gpu: _Gpu, out: _Reasons) -> None:
    _, _, reads_src, writes_dst = _SEMANTICS[step.type]
    check_src, check_dst = _RUNTIME_BOUNDS[step.type]
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
                    f"{_BUFFER_NAMES[buf]} buffer')")
            continue
        real = layout.size(gpu, buf) if layout is not None else None
        if real is None:
            continue
        if off < 0 or off + max(step.cnt, 1) > real:
            last = off + max(step.cnt, 1) - 1
            span = f"{buf}[{off}]" if last == off else f"{buf}[{off}..{last}]"
            out.add(f"{where}: {verb} {span}, outside the {_BUFFER_NAMES[buf]} buffer's {real} "
                    f"chunk(s) (docs/msccl.md section 3); an illegal memory access at run "
                    f"time (the runtime bounds-checks only some first offsets)")


def _addressed(gpu: _Gpu) -> dict[str, int]:
    """For every buffer one of the rank's steps reads or writes, one past the highest chunk
    addressed (a step covers chunks off .. off+cnt-1; fields a step type does not use, which
    msccl-tools fills with the peer's location, do not count)."""
    extent: dict[str, int] = {}
    for tb in gpu.tbs:
        for step in tb.steps:
            if step.type not in _SEMANTICS:
                continue
            _, _, reads_src, writes_dst = _SEMANTICS[step.type]
            for used, buf, off in ((reads_src, step.srcbuf, step.srcoff),
                                   (writes_dst, step.dstbuf, step.dstoff)):
                if used and off >= 0:
                    extent[buf] = max(extent.get(buf, 0), off + max(step.cnt, 1))
    return extent


def _check_buffer_sizes(doc: _Doc, algo: _Algo, rules: RuntimeRules, out: _Reasons) -> None:
    """Every rank's ``i_chunks``, ``o_chunks`` and ``s_chunks`` against what the collective
    and the rank's own steps need (docs/msccl.md section 3, "Buffer sizes"): the input and
    output exactly the collective's layout (or 0 for a buffer the rank's steps never use,
    as msccl-tools writes in-place files), the scratch exactly one past the highest scratch
    chunk the steps address: the runtime allocates ``s_chunks / nchunksperloop`` times the
    whole buffer as scratch, so every chunk more is memory nothing uses."""
    if algo.collective not in CHECKED.values() or not algo.nchunks or not algo.ngpus:
        return
    layout = _Layout(algo.collective, algo.ngpus, algo.nchunks,
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


def _io_size_problem(gpu: _Gpu, buf: str, declared: int, need: int, layout: _Layout,
                     used: bool, rules: RuntimeRules) -> str:
    name = f"{buf}_chunks"
    effects = []
    if declared > 0 and rules in (LEGACY, BOTH):
        effects.append("the legacy runtime refuses the file ('Inconsistency between "
                       "i_chunks/o_chunks ... and nchunksperloop')")
    effects.append("the runtime bounds-checks offsets against the wrong size "
                   "(mscclCheckBufferBounds)")
    zero = "" if used else f", or {name}=\"0\" (this rank's steps never use {buf})"
    return (f"{gpu.where}: {name}={declared}, but an {layout.collective}'s "
            f"{_BUFFER_NAMES[buf]} buffer holds {layout.formula(buf)} chunk(s) on every rank "
            f"(docs/msccl.md section 3): {', '.join(effects)}; write {name}=\"{need}\"{zero}")


def _scratch_size_problem(gpu: _Gpu, extent: int, nchunks: int) -> str:
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


def _check_dependencies(doc: _Doc, rules: RuntimeRules, out: _Reasons) -> None:
    """Every (depid, deps) names a step that publishes a flag (docs/msccl.md section 2)."""
    for gpu in doc.gpus:
        by_id = {tb.id: tb for tb in gpu.tbs if tb.id is not None}
        for tb in gpu.tbs:
            for step in tb.steps:
                if step.depid < 0:
                    continue
                where = tb.step_label(step.pos)
                if step.depid == tb.id:
                    out.add(f"{where}: depends on its own block (step {step.deps}); steps of a "
                            f"block already run in order, remove the dependency "
                            f"(docs/msccl.md section 2)")
                    continue
                if step.depid > rules.max_dep_bid:
                    out.add(f"{where}: depends on tb {step.depid}; the runtime stores the "
                            f"block id as int8_t (dependentBid), so ids above "
                            f"{rules.max_dep_bid} wrap around; use fewer thread blocks")
                target = by_id.get(step.depid)
                if target is None:
                    out.add(f"{where}: waits for tb {step.depid} of rank {gpu.rank}, which does "
                            f"not exist (it would wait forever)")
                    continue
                if not 0 <= step.deps < len(target.steps):
                    out.add(f"{where}: waits for tb {step.depid} step {step.deps}, but that "
                            f"block has {len(target.steps)} steps")
                    continue
                dep = target.steps[step.deps]
                if dep.type == "nop":
                    out.add(f"{where}: waits for {target.step_label(step.deps)}, a nop, which "
                            f"never publishes a flag (the runtime keeps no transmission for a "
                            f"nop); depend on the step after it")
                elif dep.hasdep != 1:
                    out.add(f"{where}: waits for {target.step_label(step.deps)}, which does "
                            f"not have hasdep=\"1\"; a block publishes its flag only after "
                            f"steps with hasdep=\"1\" (docs/msccl.md section 2), set it there")


# --- connections (docs/msccl.md section 4) -------------------------------------------------

@dataclass
class _Net:
    """The blocks of all ranks, indexed globally, with their connections paired."""

    tbs: list[_Tb]
    by_rank: dict[int, dict[int, _Tb]]
    send_to: dict[int, int | None]       # global block -> global receiving block
    recv_from: dict[int, int | None]     # global block -> global sending block


def _pair_connections(doc: _Doc, out: _Reasons) -> _Net:
    tbs: list[_Tb] = []
    by_rank: dict[int, dict[int, _Tb]] = {}
    for gpu in doc.gpus:
        if gpu.rank is None or gpu.rank in by_rank:
            continue
        blocks = by_rank.setdefault(gpu.rank, {})
        for tb in gpu.tbs:
            if tb.id is None or tb.id in blocks:
                continue
            tb.g = len(tbs)
            tbs.append(tb)
            blocks[tb.id] = tb
    senders: dict[tuple[int, int, int], list[_Tb]] = {}
    receivers: dict[tuple[int, int, int], list[_Tb]] = {}
    for tb in tbs:
        if tb.chan is None:
            continue
        if tb.send is not None and tb.send >= 0:
            senders.setdefault((tb.chan, tb.rank, tb.send), []).append(tb)
        if tb.recv is not None and tb.recv >= 0:
            receivers.setdefault((tb.chan, tb.recv, tb.rank), []).append(tb)
    send_to: dict[int, int | None] = {tb.g: None for tb in tbs}
    recv_from: dict[int, int | None] = {tb.g: None for tb in tbs}
    for key in sorted(set(senders) | set(receivers)):
        chan, a, b = key
        tx, rx = senders.get(key, []), receivers.get(key, [])
        if len(tx) > 1:
            out.add(f"rank {a}: thread blocks {', '.join(str(t.id) for t in tx)} all send to "
                    f"rank {b} on channel {chan}; use exactly one block per (peer, channel, "
                    f"direction) (docs/msccl.md section 4)", fatal=True)
        if len(rx) > 1:
            out.add(f"rank {b}: thread blocks {', '.join(str(t.id) for t in rx)} all receive "
                    f"from rank {a} on channel {chan}; use exactly one block per (peer, "
                    f"channel, direction) (docs/msccl.md section 4)", fatal=True)
        if not tx:
            out.add(f"{rx[0].where}: receives from rank {a} on channel {chan}, but no thread "
                    f"block of rank {a} sends to rank {b} on channel {chan}")
            continue
        if not rx:
            out.add(f"{tx[0].where}: sends to rank {b} on channel {chan}, but no thread block "
                    f"of rank {b} receives from rank {a} on channel {chan}")
            continue
        if len(tx) > 1 or len(rx) > 1:
            continue
        sender, receiver = tx[0], rx[0]
        send_to[sender.g] = receiver.g
        recv_from[receiver.g] = sender.g
        sends = [j for j, t in enumerate(sender.trans) if t.send]
        recvs = [j for j, t in enumerate(receiver.trans) if t.recv]
        if len(sends) != len(recvs):
            out.add(f"{sender.where} sends {len(sends)} time(s) to rank {b} on channel {chan}, "
                    f"but {receiver.where} receives {len(recvs)} time(s) from rank {a}; the "
                    f"send-type and receive-type steps of a connection pair one to one in "
                    f"order (docs/msccl.md section 4)")
        for js, jr in zip(sends, recvs):
            ts, tr = sender.trans[js], receiver.trans[jr]
            ts.partner = (receiver.g, jr)
            tr.partner = (sender.g, js)
            if ts.cnt != tr.cnt:
                out.add(f"{sender.step_label(ts.positions[0])} sends cnt={ts.cnt} but the "
                        f"matching {receiver.step_label(tr.positions[0])} receives "
                        f"cnt={tr.cnt}; a matched send and receive must move the same number "
                        f"of chunks")
    return _Net(tbs=tbs, by_rank=by_rank, send_to=send_to, recv_from=recv_from)


# --- the symbolic execution (docs/msccl.md sections 2, 3 and 4) ----------------------------

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

    def __init__(self, net: _Net, doc: _Doc, algo: _Algo, aliasing: str | None,
                 capacity: int, data: bool) -> None:
        self.net, self.capacity, self.data = net, capacity, data
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
        self.layout = _Layout(algo.collective, algo.ngpus, algo.nchunks,
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
        self.clocks = None
        if entries <= MAX_CLOCK_ENTRIES:
            self.clocks = np.zeros((self.n, self.n), dtype=np.int64)

    def _release(self, target: int, dstep: int) -> int | None:
        flagged = self.flagged[target]
        i = bisect_left(flagged, (dstep, -1))
        return flagged[i][1] if i < len(flagged) else None

    def _phys(self, rank: int, buf: str, idx: int) -> tuple[str, int]:
        """The physical slot behind (buffer, chunk) under this run's aliasing."""
        if self.aliasing != "in-place" or buf == "s":
            return (buf, idx)
        lay = self.layout
        if lay.collective == "allgather":
            return ("o", rank * lay.k + idx) if buf == "i" else ("o", idx)
        if lay.collective == "reduce-scatter":
            return ("i", rank * lay.k + idx) if buf == "o" else ("i", idx)
        return ("o", idx)

    def _label(self, tb: _Tb, t: _Trans) -> str:
        return tb.step_label(t.positions[0])

    def _touch(self, tb: _Tb, t: _Trans, buf: str, idx: int, write: bool) -> None:
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

    def _read(self, tb: _Tb, t: _Trans, buf: str, idx: int) -> Any:
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

    def _write(self, tb: _Tb, t: _Trans, buf: str, idx: int, value: Any) -> None:
        self._touch(tb, t, buf, idx, write=True)
        rank = tb.rank
        gpu = self.gpus[rank]
        if buf == "i" and self.aliasing == "out-of-place":
            self.reasons.append(f"{self._label(tb, t)}: writes i[{idx}], the caller's send "
                                f"buffer, which an out-of-place call must leave unchanged; "
                                f"use the scratch buffer s")
        if 0 <= idx < self.layout.size(gpu, buf):
            self.slots[rank][self._phys(rank, buf, idx)] = value

    def _execute(self, tb: _Tb, t: _Trans, incoming: list | None) -> list | None:
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
    def _deps_met(self, g: int, t: _Trans) -> int | None:
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


def _simulate(doc: _Doc, algo: _Algo, net: _Net, out: _Reasons) -> bool | None:
    """Run every aliasing the file claims; returns whether it also finishes without buffers
    (rendezvous), None when a run deadlocks."""
    per_mode: list[list[str]] = []
    modes = algo.aliasings
    finished = True
    for mode in modes:
        run = _Run(net, doc, algo, mode, capacity=FIFO_STEPS, data=True)
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
                out.note(f"race check skipped: {run.n} thread blocks need more than "
                         f"{MAX_CLOCK_ENTRIES:,} vector-clock entries")
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


def _check_results(run: _Run, algo: _Algo) -> list[str]:
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
            if lay.collective == "allgather":
                owner, part = divmod(j, k)
                expected = (((owner, part), 1),)
                wanted = f"rank {owner}'s input chunk {part}"
            elif lay.collective == "reduce-scatter":
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


def _difference(value: Any, expected: tuple, collective: str) -> str:
    if value is None:
        return "nothing ever writes it"
    if value is _UNDEF:
        return "it holds data computed from a slot nothing wrote"
    got = dict(value)
    if collective == "allgather":
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


# --- links, routes and throughput (docs/msccl.md section 3, issue 12 item 2) ---------------

def _normalise_routes(topology: Topology, routes: Mapping | None
                      ) -> dict[tuple[str, str], list[tuple[tuple[str, ...], Fraction]]]:
    """``routes`` validated: (a, b) -> [(path, share)], shares summing to 1."""
    if routes is None:
        return {}
    if not isinstance(routes, Mapping):
        raise UsageError("routes must map (source, destination) compute node pairs to paths")
    result = {}
    for key, value in routes.items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(x, str) for x in key)):
            raise UsageError(f"routes: key {key!r} is not a (source, destination) pair of node "
                             f"ids")
        a, b = key
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
            raise UsageError(f"routes[{a!r}, {b!r}]: expected a list of paths, got {value!r}")
        if all(isinstance(x, str) for x in value):
            value = [tuple(value)]
        entries: list[tuple[tuple[str, ...], Fraction]] = []
        bare = [isinstance(x, Sequence) and all(isinstance(y, str) for y in x) for x in value]
        if all(bare):
            if len(value) > 1:
                raise UsageError(f"routes[{a!r}, {b!r}]: {len(value)} paths without shares; "
                                 f"give one path, or (path, fraction) pairs")
            entries.append((tuple(value[0]), Fraction(1)))
        else:
            for item in value:
                if not (isinstance(item, Sequence) and len(item) == 2
                        and isinstance(item[0], Sequence) and not isinstance(item[0], str)):
                    raise UsageError(f"routes[{a!r}, {b!r}]: expected (path, fraction) pairs, "
                                     f"got {item!r}")
                try:
                    share = Fraction(item[1])
                except (TypeError, ValueError):
                    raise UsageError(f"routes[{a!r}, {b!r}]: share {item[1]!r} is not a "
                                     f"number") from None
                if share <= 0:
                    raise UsageError(f"routes[{a!r}, {b!r}]: share {item[1]!r} must be "
                                     f"positive")
                entries.append((tuple(item[0]), share))
            total = sum(s for _, s in entries)
            if total != 1:
                raise UsageError(f"routes[{a!r}, {b!r}]: shares sum to {total}, not 1")
        for path, _ in entries:
            problem = _path_problem(topology, a, b, path)
            if problem:
                raise UsageError(f"routes[{a!r}, {b!r}]: path {' -> '.join(map(str, path))}: "
                                 f"{problem}")
        result[(a, b)] = entries
    return result


def _path_problem(topology: Topology, a: str, b: str, path: tuple[str, ...]) -> str | None:
    if len(path) < 2 or path[0] != a or path[-1] != b:
        return f"must run from {a!r} to {b!r}"
    if path.count(a) != 1 or path.count(b) != 1:
        return "returns to one of its ends"
    for v in path[1:-1]:
        if v not in topology.node:
            return f"unknown node {v!r}"
        if topology.node[v].is_compute:
            return f"relays through compute node {v!r}; only switches relay"
    for u, v in zip(path, path[1:]):
        if (u, v) not in topology.capacity:
            return f"the topology has no link {u!r} -> {v!r}"
    return None


class _Router:
    """The route of every ordered pair of compute nodes: given, or the only switch-only
    path (docs: routes through switches are implicit in the runtime)."""

    BUDGET = 200_000

    def __init__(self, topology: Topology, given: Mapping) -> None:
        self.topology = topology
        self.given = given
        self.out: dict[str, list[str]] = {}
        for (u, v) in topology.capacity:
            self.out.setdefault(u, []).append(v)
        self.cache: dict[tuple[str, str], Any] = {}

    def route(self, a: str, b: str) -> list[tuple[tuple[str, ...], Fraction]] | str:
        key = (a, b)
        if key in self.given:
            return self.given[key]
        if key not in self.cache:
            self.cache[key] = self._search(a, b)
        return self.cache[key]

    def _search(self, a: str, b: str) -> list[tuple[tuple[str, ...], Fraction]] | str:
        topo = self.topology
        # switches from which b is reachable through switches only
        back: dict[str, list[str]] = {}
        for (u, v) in topo.capacity:
            back.setdefault(v, []).append(u)
        useful = set()
        frontier = [b]
        while frontier:
            v = frontier.pop()
            for u in back.get(v, []):
                if u not in useful and not topo.node[u].is_compute:
                    useful.add(u)
                    frontier.append(u)
        found: list[tuple[str, ...]] = []
        budget = [self.BUDGET]

        def walk(v: str, path: list[str], seen: set[str]) -> None:
            for w in self.out.get(v, []):
                if len(found) >= 2 or budget[0] <= 0:
                    return
                budget[0] -= 1
                if w == b:
                    found.append(tuple(path + [w]))
                elif w in useful and w not in seen:
                    seen.add(w)
                    walk(w, path + [w], seen)
                    seen.discard(w)

        walk(a, [a], {a})
        if not found:
            return "none"
        if len(found) > 1 or budget[0] <= 0:
            return "several"
        return [(found[0], Fraction(1))]


def _link_loads(doc: _Doc, algo: _Algo, net: _Net, topology: Topology, routes: Mapping,
                out: _Reasons) -> tuple[Fraction | None, tuple[LinkLoad, ...],
                                        tuple[tuple[str, str], ...]]:
    compute = topology.compute_nodes
    if algo.ngpus is None or algo.ngpus != len(compute):
        return None, (), ()
    router = _Router(topology, routes)
    loads: dict[tuple[str, str], Fraction] = {}
    unrouted = False
    reported: set[tuple[str, str]] = set()
    for tb in net.tbs:
        if tb.send is None or not 0 <= tb.send < len(compute) or not 0 <= tb.rank < len(compute):
            continue
        a, b = compute[tb.rank], compute[tb.send]
        for t in tb.trans:
            if not t.send:
                continue
            route = router.route(a, b)
            if isinstance(route, str):
                unrouted = True
                if (a, b) not in reported:
                    reported.add((a, b))
                    where = tb.step_label(t.positions[0])
                    if route == "none":
                        out.add(f"{where}: sends from rank {tb.rank} ({a}) to rank {tb.send} "
                                f"({b}), but the topology has no path {a} -> {b} that relays "
                                f"only through switches (the runtime moves data between two "
                                f"GPUs directly or through switches)")
                    else:
                        out.add(f"{where}: the pair {a} -> {b} has several routes through "
                                f"switches; pass routes[({a!r}, {b!r})] (from the schedule) so "
                                f"the link loads can be counted")
                continue
            for path, share in route:
                for edge in zip(path, path[1:]):
                    loads[edge] = loads.get(edge, Fraction(0)) + t.cnt * share
    if not loads:
        return None, (), ()
    capacity = topology.capacity
    rows = tuple(LinkLoad(u, v, loads[(u, v)], capacity[(u, v)])
                 for (u, v) in capacity if (u, v) in loads)
    worst = max(row.time for row in rows)
    bottleneck = tuple((row.src, row.dst) for row in rows if row.time == worst)
    algbw = None
    if not unrouted and worst > 0 and algo.nchunks:
        algbw = Fraction(algo.nchunks) / worst
    return algbw, rows, bottleneck


# --- the entry point -----------------------------------------------------------------------

def check_xml(topology: Topology, xml: str | bytes | os.PathLike, *,
              flavour: str | None = None,
              routes: Mapping[tuple[str, str], Sequence[Any]] | None = None) -> XmlVerdict:
    """Check an MSCCL XML algorithm file against ``topology`` (see the module docstring).

    ``xml`` is the file's text (a ``str`` starting with ``<``, or ``bytes``) or a path.
    ``flavour`` is "msccl-executor", "legacy" or None (inferred from the spelling of
    reduce-scatter; allgather and allreduce files are then held to both runtimes' rules).
    ``routes`` maps (source, destination) compute node ids to one path (a tuple of node
    ids from source to destination) or to ``(path, fraction)`` pairs; pairs not listed use
    their only switch-only path. Raises :class:`XmlCheckError` for input that is not a
    readable, benign XML file and :class:`~forestcoll_opt.errors.UsageError` for bad
    arguments; every problem with the algorithm itself is a line in the verdict.
    """
    if flavour is not None and flavour not in RULES:
        raise UsageError(f"unknown MSCCL flavour {str(flavour)[:40]!r}; use "
                         f"msccl-executor or legacy")
    if not isinstance(topology, Topology):
        raise UsageError(f"check_xml needs a Topology, got {type(topology).__name__}")
    if _safe_etree is None:  # pragma: no cover - defusedxml is a base dependency
        raise XmlCheckError("reading MSCCL XML safely needs the defusedxml package; install "
                            "it (pip install defusedxml)")
    given = _normalise_routes(topology, routes)
    data, label = _read_input(xml)
    out = _Reasons()
    doc, rules = _read_document(data, label, flavour, out)
    text = data.decode("utf-8")
    _scan_runtime_syntax(text, rules, out)
    if doc.algo is None:
        return XmlVerdict(ok=False, reasons=out.final(), flavour=rules.flavour,
                          units=topology.units, notes=tuple(out.notes))
    algo = _check_algo(doc.algo, rules, topology, out)
    counts = _check_structure(doc, algo, rules, out)
    _check_buffer_sizes(doc, algo, rules, out)
    _check_dependencies(doc, rules, out)
    net = _pair_connections(doc, out)
    algbw, rows, bottleneck = _link_loads(doc, algo, net, topology, given, out)
    rendezvous = None
    simulable = bool(not out.fatal and algo.collective in CHECKED.values() and algo.ngpus
                     and algo.nchunks and not any(tb.broken for tb in net.tbs))
    if simulable and not algo.aliasings:
        algo.aliasings = ("out-of-place",)
        out.note("the file claims neither aliasing; simulated out-of-place")
    if simulable:
        rendezvous = _simulate(doc, algo, net, out)
    else:
        out.note("not simulated: the problems above keep the file from loading or make its "
                 "execution undefined; fix them first")
    reasons = out.final()
    return XmlVerdict(
        ok=not reasons, reasons=reasons, flavour=rules.flavour, collective=algo.collective,
        coll=algo.coll, inplace=algo.inplace, outofplace=algo.outofplace, proto=algo.proto,
        nchunksperloop=algo.nchunks, nchannels=algo.nchannels, algbw=algbw,
        units=topology.units, links=rows, bottleneck=bottleneck, counts=counts,
        aliasings=algo.aliasings if simulable else (), rendezvous=rendezvous,
        notes=tuple(out.notes))
