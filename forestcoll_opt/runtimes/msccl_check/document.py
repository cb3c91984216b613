"""The document model of an MSCCL algorithm file as the runtimes read it (``docs/msccl.md``
sections 1 and 2): ranks (``<gpu>``), thread blocks (``<tb>``), steps, the runtime's
transmissions (steps with the ``nop`` dependencies carried forward and ``re`` steps fused),
the ``<algo>`` attributes, and integers read the way the runtime's ``strtol(..., 0)`` reads
them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...model.collective import Collective
from .limits import SEMANTICS
from .verdict import Reasons, snippet

_CANONICAL_INT = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")


def strtol0(text: str) -> int:
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


def int_attr(attrs: Mapping[str, str], name: str, where: str, tag: str, out: Reasons, *,
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
        out.add(f"{where}: {name}={snippet(text)} is no integer the runtime can hold",
                fatal=True)
        return None
    value = strtol0(text)
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



class Step:
    __slots__ = ("pos", "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid",
                 "deps", "hasdep")

    def __init__(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)


class Transmission:
    """One runtime transmission: a step, or a run of fused ``re`` steps (the parser's
    ``mscclTransmission``), with the dependencies it waits for."""

    __slots__ = ("type", "srcbuf", "srcoffs", "dstbuf", "dstoff", "cnt", "hasdep",
                 "positions", "deps", "flag", "send", "recv", "partner")

    def __init__(self, step: Step, deps: list[tuple[int, int, int]]) -> None:
        self.type = step.type
        self.srcbuf, self.srcoffs = step.srcbuf, [step.srcoff]
        self.dstbuf, self.dstoff, self.cnt = step.dstbuf, step.dstoff, step.cnt
        self.hasdep = step.hasdep == 1
        self.positions = [step.pos]
        self.deps = deps                    # (target block id, step, position of the carrier)
        self.flag = -1                      # the step number the kernel publishes after it
        self.send, self.recv = SEMANTICS[step.type][0], SEMANTICS[step.type][1]
        self.partner: tuple[int, int] | None = None   # (global block, transmission) paired


class ThreadBlock:
    __slots__ = ("rank", "id", "send", "recv", "chan", "steps", "trans", "g", "where",
                 "broken")

    def __init__(self, rank: int, attrs: Mapping[str, str], index: int, out: Reasons) -> None:
        self.rank = rank
        where = f"rank {rank} <tb> #{index}"
        self.id = int_attr(attrs, "id", where, "tb", out, fatal=True)
        self.where = f"rank {rank} tb {self.id}" if self.id is not None else where
        self.send = int_attr(attrs, "send", self.where, "tb", out, fatal=True)
        self.recv = int_attr(attrs, "recv", self.where, "tb", out, fatal=True)
        self.chan = int_attr(attrs, "chan", self.where, "tb", out, fatal=True)
        self.steps: list[Step] = []
        self.trans: list[Transmission] = []
        self.g = -1
        self.broken = False

    def step_label(self, pos: int) -> str:
        step = self.steps[pos] if 0 <= pos < len(self.steps) else None
        kind = f" ({step.type})" if step is not None else ""
        return f"{self.where} step {pos}{kind}"


class Gpu:
    __slots__ = ("rank", "i_chunks", "o_chunks", "s_chunks", "tbs", "where")

    def __init__(self, attrs: Mapping[str, str], index: int, out: Reasons) -> None:
        where = f"<gpu> #{index}"
        self.rank = int_attr(attrs, "id", where, "gpu", out, fatal=True)
        self.where = f"rank {self.rank}" if self.rank is not None else where
        self.i_chunks = int_attr(attrs, "i_chunks", self.where, "gpu", out, fatal=True)
        self.o_chunks = int_attr(attrs, "o_chunks", self.where, "gpu", out, fatal=True)
        self.s_chunks = int_attr(attrs, "s_chunks", self.where, "gpu", out, fatal=True)
        if self.s_chunks is not None and self.s_chunks < 0:
            out.add(f"{self.where}: s_chunks={self.s_chunks} is negative; the runtime refuses "
                    f"the file ('nScratchChunks must be not negative')", fatal=True)
        self.tbs: list[ThreadBlock] = []


@dataclass
class Document:
    algo: dict[str, str] | None = None
    gpus: list[Gpu] = field(default_factory=list)
    elements: int = 0



@dataclass
class Algo:
    collective: Collective | None = None     # what ``coll`` names, if a collective
    coll: str | None = None                  # the attribute's text
    proto: str | None = None
    nchannels: int | None = None
    nchunks: int | None = None
    ngpus: int | None = None
    inplace: bool | None = None
    outofplace: bool | None = None
    aliasings: tuple[str, ...] = ()
    max_bytes: int | None = None    # as the flavour reads it (legacy: 2^27 when absent)
