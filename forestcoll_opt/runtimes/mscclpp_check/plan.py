"""Reading an MSCCL++ execution plan the way the executor's parser does (``docs/mscclpp.md``
section 1): bounded JSON input, then every field ``ExecutionPlan::Impl`` reads
(``src/core/executor/execution_plan.cc``: the constructor, ``loadExecutionPlan``,
``parseChannels``, ``parseRemoteBuffer``, ``setupChannels``, ``setupRemoteBuffers``,
``setupSemaphores``, ``setupOperations``, ``setupOperation``) checked for presence and
type, into the plan model below. A missing or mistyped field is a reason (the executor's
``nlohmann::json`` conversion throws a ``type_error`` on it), never an exception."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ...errors import MscclppCheckError
from ...files import display_path, parse_json, read_bytes
from .limits import BUFFERS, CHANNEL_TYPES, OPS, PROTOCOLS
from .verdict import Reasons

MAX_BYTES = 256 * 2**20
"""Largest plan read (a 128-GPU plan with a few hundred operations per GPU is tens of MiB)."""

UINT64_MAX = 2**64 - 1


@dataclass(frozen=True)
class Ref:
    """One entry of an operation's ``src_buff`` or ``dst_buff``: a local buffer (``type``),
    a remote buffer of the block (``buffer_id``) or a switch channel of the block
    (``switch_channel_id``), and the chunks ``[index, index + size)``."""

    type: str | None
    buffer_id: int | None
    switch_channel_id: int | None
    index: int
    size: int


@dataclass(frozen=True)
class Op:
    name: str
    where: str
    channel_type: str | None = None
    channel_ids: tuple[int, ...] = ()
    tbg: tuple[int, int] | None = None          # (tb_id, tbg_size)
    src: tuple[Ref, ...] = ()
    dst: tuple[Ref, ...] = ()
    barrier_id: int | None = None
    num_threadblocks: int | None = None
    semaphore_ids: tuple[int, ...] = ()
    body: tuple["Op", ...] = ()                  # a pipeline's operations

    @property
    def kind(self) -> str:
        return OPS[self.name]


@dataclass(frozen=True)
class ThreadBlock:
    id: int
    ops: tuple[Op, ...]
    channels: tuple[tuple[str, tuple[int, ...]], ...]        # (channel_type, channel_ids)
    buffer_refs: tuple[tuple[str, tuple[int, ...]], ...]     # (access type, remote ids)
    where: str


@dataclass(frozen=True)
class GpuChannel:
    type: str
    peers: tuple[int, ...] = ()                              # memory / port
    buffer_type: str | None = None                           # switch
    groups: tuple[tuple[int, tuple[int, ...]], ...] = ()     # switch: (size, ranks)


@dataclass(frozen=True)
class RemoteBuffer:
    rank: int
    type: str
    access: tuple[str, ...]


@dataclass(frozen=True)
class Gpu:
    id: int
    input_chunks: int
    output_chunks: int
    scratch_chunks: int
    threadblocks: tuple[ThreadBlock, ...]
    channels: tuple[GpuChannel, ...]
    remote_buffers: tuple[RemoteBuffer, ...]
    semaphores: tuple[int, ...]


@dataclass(frozen=True)
class Plan:
    name: str | None
    collective: str | None
    protocol: str | None
    inplace: bool | None
    reuse_resources: bool
    double_scratch: bool
    buffer_alignment: int
    min_message_size: int
    max_message_size: int
    threads_per_block: int
    gpus: tuple[Gpu, ...]


# --- input ---------------------------------------------------------------------------------

def read_input(plan: Any) -> tuple[Any, str]:
    """The plan as parsed JSON and a label for messages: a ``dict`` is the plan itself; a
    ``str`` starting with ``{`` or ``bytes`` its text; any other ``str`` or path a file.

    :raises MscclppCheckError: when it cannot be read as one JSON object"""
    if isinstance(plan, dict):
        return plan, "the plan"
    if isinstance(plan, (bytes, bytearray)):
        data, label = bytes(plan), "the plan text"
    elif isinstance(plan, str) and plan.lstrip()[:1] == "{":
        data, label = plan.encode("utf-8", "surrogatepass"), "the plan text"
    elif isinstance(plan, (str, os.PathLike)):
        label = display_path(plan)
        data = read_bytes(plan, MscclppCheckError, "MSCCL++ execution plan", limit=MAX_BYTES)
    else:
        raise MscclppCheckError(f"plan must be a path, JSON text or a dict, got "
                                f"{type(plan).__name__}")
    if len(data) > MAX_BYTES:
        raise MscclppCheckError(f"{label}: more than {MAX_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MscclppCheckError(f"{label}: not UTF-8 ({exc.reason} at byte {exc.start})"
                                ) from None
    obj = parse_json(text, MscclppCheckError, label)
    if not isinstance(obj, dict):
        raise MscclppCheckError(f"{label}: an execution plan is a JSON object, got "
                                f"{type(obj).__name__}")
    return obj, label


# --- typed fields ----------------------------------------------------------------------------

_KINDS = {"str": (str,), "bool": (bool,), "int": (int,), "list": (list,), "obj": (dict,)}
_NAMES = {"str": "a string", "bool": "true or false", "int": "an integer",
          "list": "a list", "obj": "an object"}


class Fields:
    """Reads fields as the executor's ``json`` conversions do, saying what is wrong."""

    def __init__(self, out: Reasons) -> None:
        self.out = out

    def get(self, obj: Any, key: str, kind: str, where: str, *, required: bool = True,
            default: Any = None, low: int | None = None, high: int | None = None) -> Any:
        if not isinstance(obj, dict):
            self.out.add("type", f"{where}: expected an object, got {_show(obj)}", fatal=True)
            return default
        if key not in obj:
            if required:
                self.out.add("field", f"{where}: {key!r} is missing (the executor's parser "
                                      f"reads it)", fatal=True)
            return default
        value = obj[key]
        ok = isinstance(value, _KINDS[kind]) and not (kind == "int" and isinstance(value, bool))
        if not ok:
            self.out.add("type", f"{where}.{key}: expected {_NAMES[kind]}, got "
                                 f"{_show(value)}", fatal=True)
            return default
        if kind == "int" and ((low is not None and value < low) or
                              (high is not None and value > high)):
            span = f"{low if low is not None else '-inf'}..{high if high is not None else 'inf'}"
            self.out.add("range", f"{where}.{key} = {value} is outside {span}", fatal=True)
            return default
        return value

    def ints(self, obj: Any, key: str, where: str, *, required: bool = True,
             low: int = 0, high: int | None = None) -> tuple[int, ...]:
        items = self.get(obj, key, "list", where, required=required, default=[])
        result = []
        for i, x in enumerate(items):
            if not isinstance(x, int) or isinstance(x, bool):
                self.out.add("type", f"{where}.{key}[{i}]: expected an integer, got "
                                     f"{_show(x)}", fatal=True)
            elif x < low or (high is not None and x > high):
                self.out.add("range", f"{where}.{key}[{i}] = {x} is outside {low}.."
                                      f"{high if high is not None else 'inf'}", fatal=True)
            else:
                result.append(x)
        return tuple(result)

    def choice(self, obj: Any, key: str, choices: Any, where: str, *,
               required: bool = True) -> str | None:
        value = self.get(obj, key, "str", where, required=required)
        if value is not None and value not in choices:
            self.out.add("type", f"{where}.{key} = {_show(value)} is not one of "
                                 f"{', '.join(choices)}", fatal=True)
            return None
        return value


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- the plan ----------------------------------------------------------------------------------

def parse_plan(obj: dict, out: Reasons) -> Plan:
    """The plan model of ``obj``; what the parser would refuse is added to ``out``."""
    f = Fields(out)
    top = "plan"
    protocol = f.get(obj, "protocol", "str", top)
    if protocol is not None and protocol not in PROTOCOLS:
        out.add("type", f"plan.protocol = {_show(protocol)}: the executor treats anything but "
                        f"\"LL\" as Simple; write Simple or LL")
    gpus_raw = f.get(obj, "gpus", "list", top, default=[])
    gpus = tuple(_gpu(f, g, f"gpus[{i}]") for i, g in enumerate(gpus_raw))
    return Plan(
        name=f.get(obj, "name", "str", top), collective=f.get(obj, "collective", "str", top),
        protocol=protocol, inplace=f.get(obj, "inplace", "bool", top),
        reuse_resources=f.get(obj, "reuse_resources", "bool", top, required=False,
                              default=False),
        double_scratch=f.get(obj, "use_double_scratch_buffer", "bool", top, required=False,
                             default=False),
        buffer_alignment=f.get(obj, "buffer_alignment", "int", top, required=False,
                               default=16, low=1, high=2**31),
        min_message_size=f.get(obj, "min_message_size", "int", top, required=False,
                               default=0, low=0, high=UINT64_MAX),
        max_message_size=f.get(obj, "max_message_size", "int", top, required=False,
                               default=UINT64_MAX, low=0, high=UINT64_MAX),
        threads_per_block=f.get(obj, "num_threads_per_block", "int", top, required=False,
                                default=1024, low=1, high=1024),
        gpus=gpus)


def _gpu(f: Fields, g: Any, where: str) -> Gpu:
    if not isinstance(g, dict):
        f.out.add("type", f"{where}: expected an object, got {_show(g)}", fatal=True)
        g = {}
    tbs = f.get(g, "threadblocks", "list", where, default=[])
    chans = f.get(g, "channels", "list", where, default=[])
    remote = f.get(g, "remote_buffers", "list", where, default=[])
    sems = f.get(g, "semaphores", "list", where, required=False, default=[])
    return Gpu(
        id=f.get(g, "id", "int", where, default=-1, low=0),
        input_chunks=f.get(g, "input_chunks", "int", where, default=0, low=0, high=2**32 - 1),
        output_chunks=f.get(g, "output_chunks", "int", where, default=0, low=0,
                            high=2**32 - 1),
        scratch_chunks=f.get(g, "scratch_chunks", "int", where, default=0, low=0,
                             high=2**32 - 1),
        threadblocks=tuple(_tb(f, t, f"{where}.threadblocks[{i}]") for i, t in enumerate(tbs)),
        channels=tuple(_channel(f, c, f"{where}.channels[{i}]") for i, c in enumerate(chans)),
        remote_buffers=tuple(_remote(f, r, f"{where}.remote_buffers[{i}]")
                             for i, r in enumerate(remote)),
        semaphores=tuple(f.get(s, "init_value", "int", f"{where}.semaphores[{i}]", default=0,
                               low=0, high=2**32 - 1) for i, s in enumerate(sems)))


def _channel(f: Fields, c: Any, where: str) -> GpuChannel:
    kind = f.choice(c, "channel_type", CHANNEL_TYPES, where)
    if kind == "switch":
        buffer_type = f.choice(c, "buffer_type", BUFFERS, where)
        groups = []
        for i, grp in enumerate(f.get(c, "rank_groups", "list", where, default=[])):
            w = f"{where}.rank_groups[{i}]"
            groups.append((f.get(grp, "size", "int", w, default=0, low=0),
                           f.ints(grp, "ranks", w)))
        return GpuChannel("switch", buffer_type=buffer_type, groups=tuple(groups))
    return GpuChannel(kind or "none", peers=f.ints(c, "connected_to", where))


def _remote(f: Fields, r: Any, where: str) -> RemoteBuffer:
    access = f.get(r, "access_channel_types", "list", where, default=[])
    kinds = []
    for i, a in enumerate(access):
        if a not in CHANNEL_TYPES:
            f.out.add("type", f"{where}.access_channel_types[{i}] = {_show(a)} is not a "
                              f"channel type", fatal=True)
        else:
            kinds.append(a)
    return RemoteBuffer(rank=f.get(r, "rank", "int", where, default=-1, low=0),
                        type=f.choice(r, "type", BUFFERS, where) or "?", access=tuple(kinds))


def _tb(f: Fields, t: Any, where: str) -> ThreadBlock:
    channels = []
    for i, c in enumerate(f.get(t, "channels", "list", where, default=[])):
        w = f"{where}.channels[{i}]"
        kind = f.choice(c, "channel_type", CHANNEL_TYPES, w)
        if isinstance(c, dict) and "buff" in c:
            f.choice(c, "buff", BUFFERS, w)
        channels.append((kind or "none", f.ints(c, "channel_ids", w)))
    refs = []
    for i, r in enumerate(f.get(t, "remote_buffer_refs", "list", where, required=False,
                                default=[])):
        w = f"{where}.remote_buffer_refs[{i}]"
        refs.append((f.choice(r, "access_channel_type", CHANNEL_TYPES, w) or "none",
                     f.ints(r, "remote_buffer_ids", w)))
    ops = f.get(t, "ops", "list", where, default=[])
    return ThreadBlock(id=f.get(t, "id", "int", where, default=-1, low=0),
                       ops=tuple(_op(f, o, f"{where}.ops[{i}]") for i, o in enumerate(ops)),
                       channels=tuple(channels), buffer_refs=tuple(refs), where=where)


def _op(f: Fields, o: Any, where: str, *, inner: bool = False) -> Op:
    name = f.get(o, "name", "str", where, default="nop")
    if name not in OPS:
        f.out.add("unknown-op", f"{where}: operation {_show(name)} is not one the executor "
                                f"knows (getOpType throws \"Invalid operation type\")",
                  fatal=True)
        name = "nop"
    if inner and name == "pipeline":
        f.out.add("unknown-op", f"{where}: a pipeline inside a pipeline (setupOperations "
                                f"expands one level)", fatal=True)
    ctype = f.choice(o, "channel_type", CHANNEL_TYPES, where, required=False)
    ids = f.ints(o, "channel_ids", where, required=False) if isinstance(o, dict) else ()
    tbg = None
    if isinstance(o, dict) and "tbg_info" in o:
        info = f.get(o, "tbg_info", "obj", where, default={})
        size = f.get(info, "tbg_size", "int", f"{where}.tbg_info", default=1, low=1)
        tb_id = f.get(info, "tb_id", "int", f"{where}.tbg_info", default=0, low=0)
        if tb_id >= size:
            f.out.add("range", f"{where}.tbg_info: tb_id {tb_id} >= tbg_size {size}",
                      fatal=True)
        tbg = (tb_id, size)
    src = tuple(_ref(f, b, f"{where}.src_buff[{i}]") for i, b in
                enumerate(f.get(o, "src_buff", "list", where, required=False, default=[])))
    dst = tuple(_ref(f, b, f"{where}.dst_buff[{i}]") for i, b in
                enumerate(f.get(o, "dst_buff", "list", where, required=False, default=[])))
    body: tuple[Op, ...] = ()
    if name == "pipeline":
        ctx = f.get(o, "iter_context", "obj", where, default={})
        f.get(ctx, "unit_size", "int", f"{where}.iter_context", default=1, low=1)
        f.get(ctx, "num_chunks", "int", f"{where}.iter_context", default=0, low=0)
        body = tuple(_op(f, x, f"{where}.ops[{i}]", inner=True) for i, x in
                     enumerate(f.get(o, "ops", "list", where, default=[])))
    sem_ids = f.ints(o, "semaphore_ids", where, required=name in ("sem_acquire",
                                                                   "sem_release"))
    return Op(name=name, where=where, channel_type=ctype, channel_ids=ids, tbg=tbg, src=src,
              dst=dst,
              barrier_id=f.get(o, "barrier_id", "int", where, required=name == "barrier",
                               low=0),
              num_threadblocks=f.get(o, "num_threadblocks", "int", where,
                                     required=name == "barrier", low=1),
              semaphore_ids=sem_ids, body=body)


def _ref(f: Fields, b: Any, where: str) -> Ref:
    if not isinstance(b, dict):
        f.out.add("type", f"{where}: expected an object, got {_show(b)}", fatal=True)
        return Ref(None, None, None, 0, 0)
    btype = f.choice(b, "type", BUFFERS, where, required=False)
    bid = f.get(b, "buffer_id", "int", where, required=False, low=0)
    sw = f.get(b, "switch_channel_id", "int", where, required=False, low=0)
    if btype is None and bid is None and sw is None:
        f.out.add("field", f"{where}: names no buffer (type, buffer_id or switch_channel_id)",
                  fatal=True)
    return Ref(type=btype, buffer_id=bid, switch_channel_id=sw,
               index=f.get(b, "index", "int", where, default=0, low=0, high=2**32 - 1),
               size=f.get(b, "size", "int", where, default=0, low=0, high=2**32 - 1))
