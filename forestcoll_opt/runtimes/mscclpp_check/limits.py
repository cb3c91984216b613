"""The MSCCL++ executor's limits and vocabularies, each with where it was read
(``docs/mscclpp.md`` gives the revisions: ``microsoft/mscclpp`` at commit ``00668b4``).

Only numbers and names live here; the rules that use them are in :mod:`.plan`,
:mod:`.structure` and :mod:`.execution`."""

from __future__ import annotations

REVISION = "microsoft/mscclpp 00668b4a41acbf25214c03df74d743849d8518e8"
"""The executor revision whose parser (``src/core/executor/execution_plan.cc``) and kernel
(``src/core/include/execution_kernel.hpp``) the rules follow."""

MAX_OPERATION = 64
"""Operations per thread block, pipeline bodies included: ``setupDeviceExecutionPlan``
(``src/core/executor/executor.cc``) throws "exceeding device execution plan support" above
``MAX_OPERATION`` (``src/core/include/execution_common.hpp`` line 17)."""

MAX_CHANNEL = 16
"""Memory, port or switch channels per thread block, and remote buffers per thread block and
channel type: the fixed arrays ``Channels`` and ``RemoteBuffers`` of each thread block's
``DeviceExecutionPlan`` (``execution_common.hpp`` line 15), filled without a bounds check by
``setupDeviceExecutionPlan`` (an overflow writes past them)."""

MAX_CHANNEL_PER_OPERATION = 8
"""``channel_ids`` of one operation: ``Operation::channelIndexes`` (``execution_common.hpp``
line 16), filled without a bounds check by ``setupOperation`` (``execution_plan.cc``)."""

MAX_BUFFERS_PER_OPERATION = 10
"""``src_buff`` or ``dst_buff`` entries of one operation: ``inputBufferRefs`` and
``outputBufferRefs`` hold ``MAX_LOCAL_BUFFER_PER_OPERATION + MAX_CHANNEL_PER_OPERATION``
(2 + 8, ``execution_common.hpp`` lines 13 and 16)."""

MAX_DEVICE_SYNCERS = 16
"""``barrier_id`` < 16: ``deviceSyncers[MAX_DEVICE_SYNCERS]`` (``execution_common.hpp``
line 19, ``execution_kernel.hpp``)."""

MAX_DEVICE_SEMAPHORES = 16
"""``semaphore_ids`` of one operation: ``deviceSemaphoreIds[MAX_DEVICE_SEMAPHORES]``
(``execution_common.hpp`` line 20)."""

MAX_THREADS_PER_BLOCK = 1024
"""``num_threads_per_block`` (default 1024, ``loadExecutionPlan``): the kernel is declared
``__launch_bounds__(1024, 1)`` (``execution_kernel.hpp`` ``executionKernel``)."""

UINT8_ID = 255
"""Channel indexes and remote-buffer ids are stored as ``uint8_t`` (``Operation``)."""

DEFAULT_SMS = 132
"""Thread blocks per GPU: the executor launches one block per ``threadblocks`` entry and its
blocks wait on each other (signals, barriers), so all must be resident at once; with
``__launch_bounds__(1024, 1)`` and a ``DeviceExecutionPlan`` of shared memory each, that is
one block per SM. 132 is the H100 SXM5's SM count (NVIDIA H100 datasheet); ``sms=`` sets
another GPU's."""

OPS = {
    # name: (kind, reads-remote, writes-remote) -- the parser's getOpType table
    # (execution_plan.cc) and the kernel's handlers (execution_kernel.hpp).
    "nop": "nop", "barrier": "barrier",
    "put": "put", "pws": "put", "pwsf": "put",
    "get": "get", "copy": "copy",
    "signal": "signal", "wait": "wait", "rlxsignal": "signal", "rlxwait": "wait",
    "flush": "flush",
    "re": "reduce", "res": "reduce", "rre": "reduce", "rres": "reduce",
    "ppkt": "packet", "rppkt": "packet", "respkt": "packet", "cpkt": "packet",
    "upkt": "packet", "repkt": "packet", "recpkt": "packet", "recspkt": "packet",
    "glres": "switch", "gstore": "switch",
    "pipeline": "pipeline", "sem_acquire": "sem", "sem_release": "sem",
}
"""Every operation name ``getOpType`` accepts (anything else throws "Invalid operation
type"), with the family the checker runs it as."""

BUFFERS = {"i": "input", "o": "output", "s": "scratch"}
"""``convertToBufferType``: ``i``, ``o``, ``s`` (anything else throws "Invalid buffer type")."""

CHANNEL_TYPES = ("memory", "port", "switch", "none")
"""``convertToChannelType`` (anything else throws "Invalid channel type")."""

PROTOCOLS = ("Simple", "LL")
"""``protocol``: ``"LL"`` selects packets (``isUsingPacket``, which doubles the scratch
buffer in ``calScratchBufferSize``); the DSL writes ``"Simple"`` otherwise."""

COLLECTIVES = ("allgather", "reducescatter", "allreduce", "broadcast", "reduce", "alltoall")
"""The collectives whose end state the checker knows (the DSL's names; the executor itself
reads ``collective`` only to pick which buffer size ``min_message_size`` bounds)."""

MEMORY_LINKS = frozenset({"nvlink", "xgmi"})
"""Link types a memory channel may cross: it loads and stores through peer-mapped GPU
memory (CUDA IPC), so every link of its path must be NVLink or xGMI."""
