"""The plan's operations as the checker runs them: the data each moves (:class:`Move`) and
the synchronisation it does (:class:`ROp`), filled by :mod:`.operations` for
:mod:`.structure` and run by :mod:`.execution`."""

from __future__ import annotations

from dataclasses import dataclass, field

Range = tuple[int, str, int, int]
"""(rank, buffer, first, end) in sub-chunk units; buffer ``i``, ``o``, ``s`` or ``p`` (the
scratch buffer read or written as LL packets)."""

ChanKey = tuple[int, str, int]
"""(rank, "memory" or "port", index in that GPU's flattened channels of the type)."""


@dataclass
class Move:
    """Data one operation moves: every position k of every target range receives the sum
    of position k of the source ranges (one source: a copy). ``packet_read`` marks sources
    read as LL packets (the read waits for them); ``link`` is (from rank, to rank, factor)
    for a transfer between GPUs (factor 2 for packets: data and flag)."""

    sources: list[Range]
    targets: list[Range]
    packet_read: list[bool]
    transfers: list[tuple[int, int, int, str]] = field(default_factory=list)
    # (from rank, to rank, sub-chunks x factor, channel kind); rank -1 is the switch of
    # ``group`` (NVLS)
    port: ChanKey | None = None          # moved by this port channel's proxy
    group: tuple[int, ...] = ()


@dataclass
class ROp:
    """One operation as the checker runs it."""

    name: str
    kind: str
    where: str
    moves: list[Move] = field(default_factory=list)
    signals: list[ChanKey] = field(default_factory=list)
    waits: list[ChanKey] = field(default_factory=list)
    flushes: list[ChanKey] = field(default_factory=list)
    barrier: tuple[int, int] | None = None
    sem_release: list[int] = field(default_factory=list)
    sem_acquire: list[int] = field(default_factory=list)


