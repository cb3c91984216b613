"""The runtimes' limits and step semantics for :mod:`forestcoll_opt.runtimes.msccl_check`:
what each MSCCL runtime flavour requires of an algorithm file (``docs/msccl.md`` sections 1,
2 and 4, recorded from the runtimes' parsers and kernels). The exporter
(:mod:`forestcoll_opt.runtimes.msccl_export`) imports its limits from here."""

from __future__ import annotations

from dataclasses import dataclass

MAX_OFFSET = 2**15 - 1
"""Largest chunk offset a step can hold (``int16_t srcOffset, dstOffset`` in the runtime's
``mscclTransmission``, msccl_struct.h)."""

FLAVOURS = ("msccl-executor", "rccl", "legacy")
PROTOCOLS = ("Simple", "LL128", "LL")
CHECKED = {"allgather": "allgather", "allreduce": "allreduce",
           "reducescatter": "reduce-scatter", "reduce_scatter": "reduce-scatter",
           "alltoall": "alltoall"}
FUSED = frozenset({"rcs", "rrs", "rrc", "rrcs"})
"""The receive-and-compute step types (``MSCCL_RECV_COPY_SEND``, ``MSCCL_RECV_REDUCE_SEND``,
``MSCCL_RECV_REDUCE_COPY``, ``MSCCL_RECV_REDUCE_COPY_SEND``) that current RCCL refuses to run:
``mscclSetupKernel`` in ROCm/rccl ``src/misc/msccl/msccl_setup.cc`` (commit ``9e22c79``) builds
``fullOpMask`` from exactly these four and returns ``ncclInternalError`` with 'MSCCL: this
version of MSCCL build doesn't support full Ops' whenever the file's ``typeMask`` has one."""

LEGACY_DEFAULT_MAX_BYTES = 2**27
"""The ``maxBytes`` legacy microsoft/msccl assumes when a file has none (``src/graph/topo.cc``
``mscclGetAlgoFromXMLAndSetAlgo``: 'set max to 128 MB')."""

SCRATCH_LIMIT = 2**32
"""The most scratch (bytes) check-xml accepts a legacy file to ask for on one rank: legacy
sizes its scratch from ``maxBytes`` (``maxBytes × s_chunks / nchunksperloop``, in 64-bit
integers) when the communicator is created, not from the call, so a file with scratch and
``maxBytes`` near INT64_MAX asks for 10^15 bytes or more and fails. 4 GiB is a tenth of the
smallest GPU memory MSCCL was tuned on (A100 40 GB) and several times the message sizes the
runtimes select MSCCL files for (docs/msccl.md section 3, "Scratch")."""

EXPORT_SCRATCH_BUDGET = 2**30
"""The scratch (bytes) a legacy export is sized for: without ``max_bytes`` it writes the
largest ``maxBytes`` whose scratch allocation stays within 1 GiB on every rank (a quarter
of :data:`SCRATCH_LIMIT`)."""


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
    fused_ops: bool = True       # runs rcs/rrs/rrc/rrcs (RCCL: no, see FUSED)
    scratch_from_max_bytes: bool = False   # legacy: scratch sized from maxBytes at init

    @property
    def node_room(self) -> int:
        """Most XML nodes the parser stores for one loading rank (MSCCL_MAX_NODES - 1)."""
        return self.max_nodes - 1


def stored_nodes(ngpus: int, tbs: int, steps: int) -> int:
    """XML nodes the runtime's parser stores when one rank loads a file: the ``<algo>``,
    every ``<gpu>``, and that rank's own ``tbs`` ``<tb>`` and ``steps`` ``<step>``
    elements (docs/msccl.md section 1)."""
    return 1 + ngpus + tbs + steps


STEP_TYPES = frozenset({"s", "r", "rcs", "rrs", "rrc", "rrcs", "cpy", "re", "nop"})
# Sources of every limit (docs/msccl.md section 4, "Limits"):
# msccl-executor: Azure/msccl-executor-nccl src/include/msccl/msccl_struct.h
#   MSCCL_MAX_NUM_STEPS 64, MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL 32,
#   MSCCL_MAX_NUM_THREAD_BLOCKS (32 * MAXCHANNELS) = 1024 with MAXCHANNELS 32
#   (src/include/device.h), MSCCL_MAX_COUNT 72; the parser msccl_parser.cc
#   mscclGetAlgoFromXmlFile checks them ('too many thread blocks are requested', 'too many
#   steps are requested', 'count (%d) must be positive and less than %d').
# RCCL: ROCm/rccl src/include/msccl/msccl_struct.h at b463f53, lines 16-19:
#   MSCCL_MAX_NUM_STEPS 64, MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL 32,
#   MSCCL_MAX_NUM_THREAD_BLOCKS 64 (a plain 64 there; the older 0088a12 had 32 * MAXCHANNELS),
#   checked by the same parser (src/misc/msccl/msccl_parser.cc, 'too many thread blocks are
#   requested. Max thread blocks: %d'); fused step types refused by mscclSetupKernel
#   (src/misc/msccl/msccl_setup.cc at 9e22c79, see FUSED). Channels: the executor's 32 is
#   kept (RCCL drops a file whose nchannels exceeds NCCL_MAX_NCHANNELS and needs that many
#   channels in the communicator, mscclSetupConnections).
# legacy: microsoft/msccl src/include/msccl.h: MSCCL_MAX_NUM_STEPS 256,
#   MSCCL_MAX_NUM_THREAD_BLOCKS (108*2) 'the number of SMs on A100', MSCCL_MAX_COUNT 72;
#   checked by src/graph/topo.cc mscclGetAlgoFromXMLAndSetAlgo.
EXECUTOR = RuntimeRules(
    flavour="msccl-executor", runtime="msccl-executor",
    required=("proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace",
              "outofplace", "minBytes", "maxBytes"),
    colls=frozenset({"reduce", "broadcast", "allreduce", "reducescatter", "allgather", "send",
                     "recv", "gather", "scatter", "alltoall", "alltoallv"}),
    step_types=STEP_TYPES, max_steps=64, max_tbs=1024, max_channels=32)
RCCL = RuntimeRules(
    flavour="rccl", runtime="RCCL", required=EXECUTOR.required, colls=EXECUTOR.colls,
    step_types=STEP_TYPES - FUSED, max_steps=64, max_tbs=64, max_channels=32,
    fused_ops=False)
LEGACY = RuntimeRules(
    flavour="legacy", runtime="legacy (microsoft/msccl)",
    required=("name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace"),
    colls=frozenset({"allreduce", "allgather", "reduce", "broadcast", "alltoall",
                     "reduce_scatter", "custom"}),
    step_types=STEP_TYPES | {"ra"}, max_steps=256, max_tbs=216, max_channels=32,
    reads_outofplace=False, scratch_from_max_bytes=True)
BOTH = RuntimeRules(
    flavour="both", runtime="msccl-executor and legacy",
    required=tuple(dict.fromkeys(LEGACY.required + EXECUTOR.required)),
    colls=EXECUTOR.colls & LEGACY.colls, step_types=STEP_TYPES,
    max_steps=min(EXECUTOR.max_steps, LEGACY.max_steps),
    max_tbs=min(EXECUTOR.max_tbs, LEGACY.max_tbs), max_channels=32,
    scratch_from_max_bytes=True)
RULES = {"msccl-executor": EXECUTOR, "rccl": RCCL, "legacy": LEGACY, "both": BOTH}

# type: (sends, receives, reads src, writes dst); docs/msccl.md section 2, "Types"
SEMANTICS = {
    "s": (True, False, True, False), "r": (False, True, False, True),
    "rcs": (True, True, False, True), "rrs": (True, True, True, False),
    "rrc": (False, True, True, True), "rrcs": (True, True, True, True),
    "cpy": (False, False, True, True), "re": (False, False, True, True),
    "nop": (False, False, False, False),
}
# type: (runtime bounds-checks srcoff, dstoff) - mscclCheckBufferBounds calls in the parser
RUNTIME_BOUNDS = {"s": (True, False), "r": (False, True), "rcs": (False, True),
                  "rrs": (True, False), "rrc": (False, False), "rrcs": (True, True),
                  "cpy": (True, True), "re": (True, True)}
BUFFER_NAMES = {"i": "input", "o": "output", "s": "scratch"}
