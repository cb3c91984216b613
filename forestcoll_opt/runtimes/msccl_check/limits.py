"""The runtimes' limits and step semantics for :mod:`forestcoll_opt.runtimes.msccl_check`:
what each MSCCL runtime flavour requires of an algorithm file (``docs/msccl.md`` sections 1,
2 and 4, recorded from the runtimes' parsers and kernels). The exporter
(:mod:`forestcoll_opt.runtimes.msccl_export`) imports its limits from here."""

from __future__ import annotations

from dataclasses import dataclass

MAX_OFFSET = 2**15 - 1
"""Largest chunk offset a step can hold (``int16_t srcOffset, dstOffset`` in the runtime's
``mscclTransmission``, msccl_struct.h)."""

FLAVOURS = ("msccl-executor", "legacy")
PROTOCOLS = ("Simple", "LL128", "LL")
CHECKED = {"allgather": "allgather", "allreduce": "allreduce",
           "reducescatter": "reduce-scatter", "reduce_scatter": "reduce-scatter",
           "alltoall": "alltoall"}


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


STEP_TYPES = frozenset({"s", "r", "rcs", "rrs", "rrc", "rrcs", "cpy", "re", "nop"})
EXECUTOR = RuntimeRules(
    flavour="msccl-executor", runtime="msccl-executor/RCCL",
    required=("proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace",
              "outofplace", "minBytes", "maxBytes"),
    colls=frozenset({"reduce", "broadcast", "allreduce", "reducescatter", "allgather", "send",
                     "recv", "gather", "scatter", "alltoall", "alltoallv"}),
    step_types=STEP_TYPES, max_steps=64, max_tbs=1024, max_channels=32)
LEGACY = RuntimeRules(
    flavour="legacy", runtime="legacy (microsoft/msccl)",
    required=("name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace"),
    colls=frozenset({"allreduce", "allgather", "reduce", "broadcast", "alltoall",
                     "reduce_scatter", "custom"}),
    step_types=STEP_TYPES | {"ra"}, max_steps=256, max_tbs=216, max_channels=32,
    reads_outofplace=False)
BOTH = RuntimeRules(
    flavour="both", runtime="msccl-executor/RCCL and legacy",
    required=tuple(dict.fromkeys(LEGACY.required + EXECUTOR.required)),
    colls=EXECUTOR.colls & LEGACY.colls, step_types=STEP_TYPES,
    max_steps=min(EXECUTOR.max_steps, LEGACY.max_steps),
    max_tbs=min(EXECUTOR.max_tbs, LEGACY.max_tbs), max_channels=32)
RULES = {"msccl-executor": EXECUTOR, "legacy": LEGACY, "both": BOTH}

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
