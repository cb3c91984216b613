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
exporter: it imports only :mod:`~forestcoll_opt.errors`, :mod:`~forestcoll_opt.files`,
:mod:`~forestcoll_opt.model.topology`, :mod:`~forestcoll_opt.runtimes.xmlread` (hardened XML
reading over ``defusedxml``) and numpy.

The package's modules follow the checks below: :mod:`.reading` (1 and 2),
:mod:`.structure` (3 to 5, with the runtimes' limits in :mod:`.limits`, the document model
in :mod:`.document` and the buffer sizes in :mod:`.buffers`), :mod:`.execution` (6 to 8),
:mod:`.loads` (9) and :mod:`.verdict` (what is concluded).

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
   ``"msccl-executor"`` (Azure/msccl-executor-nccl: ``coll="reducescatter"``,
   ``outofplace``, ``minBytes``, ``maxBytes`` required), ``"rccl"`` (ROCm/rccl: the same
   spelling, at most 64 thread blocks per rank, and no ``rcs``/``rrs``/``rrc``/``rrcs``
   step, which its ``mscclSetupKernel`` refuses to run) or ``"legacy"`` (microsoft/msccl:
   ``coll="reduce_scatter"``, ``name`` required, scratch sized from ``maxBytes``). With
   ``flavour=None`` a file spelling ``reduce_scatter`` is held to legacy's rules and any
   other to msccl-executor's; ``flavour="both"`` holds it to msccl-executor's and legacy's
   at once. Limits (each cited in :mod:`.limits`): steps per thread block
   (``MSCCL_MAX_NUM_STEPS``: 64, legacy 256), thread blocks per GPU
   (``MSCCL_MAX_NUM_THREAD_BLOCKS``: executor 1024, RCCL 64, legacy 216), channels
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
   2^31 - 1, billions of times the message) is memory nothing uses. Legacy sizes its
   scratch from the file instead, ``maxBytes · s_chunks / nchunksperloop`` in 64-bit
   integers when the communicator is created (``maxBytes`` 2^27 when absent): a product
   that wraps, or an allocation above :data:`SCRATCH_LIMIT` (4 GiB) on any rank, is a reason.
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
   rank q}; allreduce output chunk j exactly {(q, j) : every q}; alltoall output chunk
   s·k+j of rank r exactly {(s, r·k+j)} (block r of rank s's input). A contribution missing,
   counted twice, or belonging to another chunk is reported by rank and chunk. The file is
   run under every aliasing it claims (section 3): ``inplace="1"`` with the input inside the
   output (allgather ``i[j]`` = ``o[r·k+j]``, reduce-scatter ``o[j]`` = ``i[r·k+j]``,
   allreduce ``i`` = ``o``), ``outofplace="1"`` with separate buffers, where writing ``i``
   (the caller's send buffer) is an error. Legacy reads no ``outofplace``: ``inplace="0"``
   there means out-of-place.
8. **Races.** The same run tracks happens-before with vector clocks (program order, a
   flag wait after the flag's step, a receive after the matching send) and reports two
   accesses to one slot of one rank, at least one a write, that nothing orders: in some
   runs they happen the other way round (a dependency is missing). Beyond
   :data:`MAX_CLOCK_ENTRIES` entries it is skipped unless ``full=True``, and the verdict is
   then ``undetermined`` (with the time and memory the full check would take), not OK.
9. **Links and throughput.** Every transfer a -> b must travel over the topology: along the
   route ``routes[(a, b)]`` when given (one path, or ``(path, fraction)`` pairs summing to
   1), else along the pair's only path that relays through switches alone (a direct link
   or through switches; several such paths need ``routes``, without which the verdict is
   ``undetermined``: nothing is wrong with the file, but its algbw is unknown). A send of ``cnt`` chunks adds
   ``cnt`` (times the path's share) to the load of every link of its route. One loop moves
   the whole buffer M (allgather output, reduce-scatter input, allreduce buffer, a rank's
   all-to-all buffer) as K
   chunks of M/K, and all the file's steps run concurrently (the runtime starts every
   block at once), so time = (M/K) · max over links e of load_e / bandwidth_e and
   ``algbw = M / time = K / max_e(load_e / bandwidth_e)``, exact, in topology units.

Every problem is one line in ``XmlVerdict.reasons`` naming the rank, block and step (or the
``<algo>`` attribute, or the line of text) and what is wrong; what could not be decided is
a line of ``XmlVerdict.undetermined``. ``ok`` is True when there is neither; ``status`` is
``"ok"``, ``"invalid"`` or ``"undetermined"``.
"""


from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

from ...errors import UsageError
from ...model.compact import check_group
from ...model.schedule import Schedule, schedule_routes
from ...model.topology import Topology
from .execution import FIFO_STEPS, MAX_CLOCK_ENTRIES, simulate
from .limits import (BOTH, CHECKED, EXECUTOR, FLAVOURS, FUSED, LEGACY, MAX_OFFSET, PROTOCOLS,
                     RCCL, RULES, SCRATCH_LIMIT, RuntimeRules, stored_nodes)
from .loads import link_loads, normalise_routes
from .reading import (MAX_BYTES, MAX_ELEMENTS, read_document, read_header, read_input,
                      scan_runtime_syntax)
from .structure import check_algo, check_dependencies, check_structure, pair_connections
from .buffers import check_buffer_sizes
from .verdict import MAX_REASONS, LinkLoad, Reasons, XmlCheckError, XmlCounts, XmlVerdict

__all__ = ["check_xml", "read_header", "XmlVerdict", "XmlCounts", "LinkLoad", "XmlCheckError",
           "RuntimeRules",
           "stored_nodes", "EXECUTOR", "RCCL", "LEGACY", "BOTH", "FUSED", "SCRATCH_LIMIT",
           "RULES", "FLAVOURS", "PROTOCOLS",
           "CHECKED", "MAX_OFFSET", "MAX_BYTES", "MAX_ELEMENTS", "MAX_REASONS",
           "MAX_CLOCK_ENTRIES", "FIFO_STEPS"]


def check_xml(topology: Topology, xml: str | bytes | os.PathLike, *,
              flavour: str | None = None,
              routes: Mapping[tuple[str, str], Sequence[Any]] | None = None,
              schedule: Schedule | None = None, full: bool = False) -> XmlVerdict:
    """Check an MSCCL XML algorithm file against ``topology`` (see the package docstring).

    :param topology: the topology the file runs on; rank r is ``topology.compute_nodes[r]``.
    :param xml: the file's text (a ``str`` starting with ``<``, or ``bytes``) or a path.
    :param flavour: "msccl-executor", "rccl", "legacy", "both" (msccl-executor and legacy
        at once: every attribute either requires, the smaller of each limit) or None: legacy
        for a file spelling reduce-scatter ``reduce_scatter``, else msccl-executor, the
        default export's runtime (the verdict's ``flavour`` says which).
    :param full: run the race check however large the file (it is skipped, and the verdict
        ``undetermined``, beyond :data:`MAX_CLOCK_ENTRIES` vector-clock entries; the
        verdict's ``undetermined`` line says how long and how much memory it would take).
    :param routes: maps (source, destination) compute node ids to one path (a tuple of node
        ids from source to destination) or to ``(path, fraction)`` pairs; pairs not listed
        use their only switch-only path.
    :param schedule: the schedule the file was exported from: its tree edges' paths are the
        routes (:func:`~forestcoll_opt.model.schedule.schedule_routes`); give this or
        ``routes``, not both. (The algbw to compare with is then ``schedule.algbw``.) They
        are not mapped when the file's ``<algo>`` tag already rules it out on ``topology``
        (another ``ngpus``, or more than ``MSCCL_MAX_SUBS`` ranks).
    :returns: the verdict; every problem with the algorithm itself is a line of its
        ``reasons``.
    :raises XmlCheckError: for input that is not a readable, benign XML file.
    :raises ~forestcoll_opt.errors.UsageError: for bad arguments.
    """
    if flavour is not None and flavour not in RULES:
        raise UsageError(f"unknown MSCCL flavour {str(flavour)[:40]!r}; use "
                         f"msccl-executor, rccl or legacy")
    if not isinstance(topology, Topology):
        raise UsageError(f"check_xml needs a Topology, got {type(topology).__name__}")
    if schedule is not None:
        if routes is not None:
            raise UsageError("give the schedule or its routes, not both")
        if not isinstance(schedule, Schedule):
            raise UsageError(f"schedule must be a Schedule, got {type(schedule).__name__}")
    data, label = read_input(xml)
    if schedule is not None and _routes_matter(data, topology):
        if schedule.group is not None:     # before any tree of its group is mapped
            check_group(topology, schedule)
        routes = schedule_routes(schedule)
    given = normalise_routes(topology, routes)
    out = Reasons()
    doc, rules = read_document(data, label, flavour, out)
    text = data.decode("utf-8")
    scan_runtime_syntax(text, rules, out)
    if doc.algo is None:
        return XmlVerdict(ok=False, reasons=out.final(), flavour=rules.flavour,
                          units=topology.units, notes=tuple(out.notes),
                          undetermined=out.undetermined_lines(), unrouted=out.unrouted_pairs())
    algo = check_algo(doc.algo, rules, topology, out)
    counts = check_structure(doc, algo, rules, out)
    check_buffer_sizes(doc, algo, rules, out)
    check_dependencies(doc, rules, out)
    net = pair_connections(doc, out)
    algbw, rows, bottleneck = link_loads(doc, algo, net, topology, given, out)
    rendezvous = None
    simulable = bool(not out.fatal and algo.collective in CHECKED.values() and algo.ngpus
                     and algo.nchunks and not any(tb.broken for tb in net.tbs))
    if simulable and not algo.aliasings:
        algo.aliasings = ("out-of-place",)
        out.note("the file claims neither aliasing; simulated out-of-place")
    if simulable:
        rendezvous = simulate(doc, algo, net, out, full=bool(full))
    else:
        out.note("not simulated: the problems above keep the file from loading or make its "
                 "execution undefined; fix them first")
    reasons = out.final()
    return XmlVerdict(
        ok=not reasons and not out.undetermined_lines(), reasons=reasons, flavour=rules.flavour,
        collective=algo.collective,
        coll=algo.coll, inplace=algo.inplace, outofplace=algo.outofplace, proto=algo.proto,
        nchunksperloop=algo.nchunks, nchannels=algo.nchannels, algbw=algbw,
        units=topology.units, links=rows, bottleneck=bottleneck, counts=counts,
        aliasings=algo.aliasings if simulable else (), rendezvous=rendezvous,
        notes=tuple(out.notes), undetermined=out.undetermined_lines(),
        unrouted=out.unrouted_pairs())


def _routes_matter(data: bytes, topology: Topology) -> bool:
    """False when the file's ``<algo>`` tag already makes it invalid on ``topology`` whatever
    the routes (``ngpus`` not its compute-node count, or more compute nodes than any
    runtime's parser stores ranks): a schedule's routes are then not worth mapping."""
    n = len(topology.compute_nodes)
    ngpus = read_header(data).get("ngpus", "")
    if ngpus.isascii() and ngpus.isdigit() and int(ngpus) != n:
        return False
    return n <= max(r.max_subs for r in RULES.values())
