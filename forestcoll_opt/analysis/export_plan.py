"""From ``tradeoff``'s advice to files a runtime loads: the winning schedule of every size
range as a schedule file and as an MSCCL XML algorithm whose ``minBytes``/``maxBytes``
select it for exactly that range (docs/msccl.md, section 5, "Loading and selection").

**Ranges.** The sizes ``tradeoff`` timed are sorted; consecutive sizes with the same
winner (candidate and, under the calibrated model, a schedule's protocol; the library picks
its own per call) form one range. Between two
timed sizes a < b with different winners the boundary is their geometric midpoint
⌊√(a·b)⌋: sizes up to it go to a's winner, sizes above it to b's (times grow roughly
linearly in the size at both ends, so the midpoint on a log scale splits the unknown
stretch evenly between the two measurements). The first range starts at 0 bytes and the
last has no upper limit (``maxBytes`` 2^63 - 1, which every runtime reads as no limit:
:data:`~forestcoll_opt.runtimes.msccl_export.NO_LIMIT`), so the ranges cover every size
exactly once: msccl-executor and RCCL select a file when ``minBytes ≤ nBytes`` and
(``maxBytes = 0`` or ``nBytes ≤ maxBytes``), both ends inclusive, with nBytes the whole
buffer (an allgather's output, a reduce-scatter's input), which is the size ``tradeoff``
times.

**Files** (in ``directory``, which must be new or empty):

* ``msccl/<collective>-<candidate>-<min>-<max>.xml``: one algorithm per range won by a
  schedule, with the winning protocol (Simple under the ideal model), exported by
  :func:`~forestcoll_opt.runtimes.msccl_export.export_msccl` with the fewest channels (1, 2,
  4, …, 32) that fit the runtime's limits, and checked by
  :func:`~forestcoll_opt.runtimes.msccl_check.check_xml` against the schedule; point
  ``MSCCL_ALGO_DIR`` at this folder (it must hold nothing but algorithms);
* ``schedules/<candidate>.json``: every winning schedule, in the schedule format;
* ``plan.json``: the ranges, their winners and files, the model and its parameters.

A range won by the library itself (the ``nccl`` candidate) gets no file: when no algorithm
matches a call, MSCCL falls back to NCCL (RCCL to its own algorithms). A file is also
selected only when the call's element count fits its ``nchunksperloop`` (each range's
``selection_rule`` in ``plan.json`` says how); other calls fall back the same way.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..display import html_summary
from ..errors import MscclExportError, OutputError, UsageError
from ..files import check_output_folder, display_path, write_outputs
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..runtimes.msccl_check import check_xml
from ..runtimes.msccl_export import MAX_CHANNELS, export_msccl
from ..timing.tradeoffs import Tradeoff

EXPORTABLE = ("allgather", "reduce-scatter", "allreduce")


@dataclass(frozen=True)
class SizeRange:
    """Sizes from ``min_bytes`` to ``max_bytes`` (inclusive; None: no limit) and their
    winner.

    :ivar min_bytes: the smallest size of the range
    :ivar max_bytes: the largest, or None for no limit
    :ivar candidate: the winning candidate's name
    :ivar protocol: its protocol (None under the ideal model and for the library)
    :ivar sizes: the timed sizes inside the range
    """

    min_bytes: int
    max_bytes: int | None
    candidate: str
    protocol: str | None
    sizes: tuple[int, ...]

    def __repr__(self) -> str:
        return f"SizeRange({self._span()}, {len(self.sizes)} timed size(s))"

    def _span(self) -> str:
        """``0..33554432 B: k=1 (LL)``"""
        high = "" if self.max_bytes is None else str(self.max_bytes)
        protocol = f" ({self.protocol})" if self.protocol else ""
        return f"{self.min_bytes}..{high} B: {self.candidate[:40]}{protocol}"

    def covers(self, size: int) -> bool:
        """Whether ``size`` bytes fall into the range."""
        return self.min_bytes <= size and (self.max_bytes is None or size <= self.max_bytes)


def size_ranges(result: Tradeoff) -> list[SizeRange]:
    """The ranges of the module docstring, smallest first.

    :param result: a :func:`~forestcoll_opt.timing.tradeoffs.tradeoff` result
    :returns: the ranges; together they cover every size from 0 once
    """
    library = {c.name for c in result.candidates if c.schedule is None}
    by_size: dict[int, tuple[str, str | None]] = {}
    for row in result.rows:
        by_size[row.size_bytes] = (row.best, None if row.best in library
                                   else row.protocols.get(row.best))
    sizes = sorted(by_size)
    groups: list[list[int]] = []
    for size in sizes:
        if groups and by_size[groups[-1][-1]] == by_size[size]:
            groups[-1].append(size)
        else:
            groups.append([size])
    out = []
    low = 0
    for i, group in enumerate(groups):
        if i + 1 < len(groups):
            high: int | None = math.isqrt(group[-1] * groups[i + 1][0])
        else:
            high = None
        winner, protocol = by_size[group[0]]
        out.append(SizeRange(min_bytes=low, max_bytes=high, candidate=winner,
                             protocol=protocol, sizes=tuple(group)))
        low = (high or 0) + 1
    return out


@dataclass(frozen=True)
class ExportedRange:
    """One range and what was written for it.

    :ivar range: the sizes and the winner
    :ivar xml: the algorithm file, relative to the directory; None for the library
    :ivar schedule: the schedule file, relative to the directory; None for the library
    :ivar channels: the channels of the algorithm (None without one)
    :ivar selection_rule: when the runtime selects the file (None without one)
    """

    range: SizeRange
    xml: str | None
    schedule: str | None
    channels: int | None
    selection_rule: str | None

    def __repr__(self) -> str:
        return f"ExportedRange({self.range._span()}, {self.xml or 'no file (the library)'})"


@dataclass(frozen=True)
class ExportPlan:
    """What :func:`export_tradeoff` wrote.

    :ivar directory: the directory
    :ivar ranges: one entry per size range, smallest first
    :ivar msccl_dir: the folder to give ``MSCCL_ALGO_DIR``
    """

    directory: str
    ranges: tuple[ExportedRange, ...]
    msccl_dir: str

    def __repr__(self) -> str:
        where = self.directory if len(self.directory) <= 60 else "..." + self.directory[-57:]
        spans = "; ".join(r.range._span() for r in self.ranges[:3])
        more = f"; ... {len(self.ranges) - 3} more" if len(self.ranges) > 3 else ""
        return f"ExportPlan({len(self.ranges)} size range(s) in {where}: {spans}{more})"

    def _repr_html_(self) -> str:
        rows = [("directory", self.directory), ("MSCCL_ALGO_DIR", self.msccl_dir)]
        rows += [(r.range._span(), r.xml or "no file (the library)") for r in self.ranges]
        return html_summary(f"ExportPlan · {len(self.ranges)} size range(s)", rows,
                            note=".ranges: each range's files, channels and selection rule")

    def to_dict(self) -> dict[str, Any]:
        """JSON types (``forestcoll tradeoff --export DIR --json``, its ``"export"``): the
        directory and every range with its files (``plan.json`` in the directory has more:
        :func:`plan_dict`).

        :returns: a dict
        """
        return {"directory": self.directory, "msccl_dir": self.msccl_dir,
                "ranges": [{"min_bytes": e.range.min_bytes, "max_bytes": e.range.max_bytes,
                            "candidate": e.range.candidate, "protocol": e.range.protocol,
                            "xml": e.xml, "schedule": e.schedule, "channels": e.channels}
                           for e in self.ranges]}


def _file_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "", name.replace("=", "")) or "schedule"


def _fitting_export(topology: Topology, schedule: Schedule, **options: Any):
    """:func:`export_msccl` with the fewest channels (1, 2, 4, …) that fit the runtime's
    limits."""
    channels = 1
    while True:
        try:
            return channels, export_msccl(topology, schedule, channels=channels, **options)
        except MscclExportError as exc:
            if "more channels" not in str(exc) or channels * 2 > MAX_CHANNELS:
                raise
            channels *= 2


def check_directory(directory: str | os.PathLike, *, label: str = "the export folder"
                    ) -> Path:
    """``directory`` if it can take the export: new (its parent exists and can be
    written) or empty (:func:`forestcoll_opt.files.check_output_folder`).

    :param directory: the folder
    :param label: how a message names it (the command line passes its option)
    :returns: it as a path
    :raises OutputError: when it is a file, holds something, is a symbolic link to
        nothing, or its parent is missing or cannot be written
    """
    return check_output_folder(directory, label=label)


def export_tradeoff(topology: Topology, result: Tradeoff, directory: str | os.PathLike
                    ) -> ExportPlan:
    """Write the winning schedules, one MSCCL algorithm per size range and ``plan.json``
    into ``directory`` (module docstring). Every algorithm is checked with ``check_xml``
    before anything is written.

    :param topology: the topology ``result`` was computed on
    :param result: the :func:`~forestcoll_opt.timing.tradeoffs.tradeoff` result
    :param directory: a new or empty folder
    :returns: the ranges and the files written
    :raises UsageError: for a collective MSCCL files cannot express, or a topology that is
        not ``result``'s
    :raises OutputError: when the folder cannot take the files
    :raises MscclExportError: when a winning schedule does not fit the runtime even with 32
        channels, or its algorithm fails the check
    """
    if result.collective not in EXPORTABLE:
        raise UsageError(f"{result.collective} cannot be exported to MSCCL; export an "
                         f"allgather, reduce-scatter or allreduce")
    if topology.name != result.topology:
        raise UsageError(f"the trade-off was computed on {result.topology!r}, not "
                         f"{topology.name!r}; export with the same topology")
    path = check_directory(directory)
    by_name = {c.name: c for c in result.candidates}
    texts: dict[Path, str] = {}
    written_schedules: dict[str, str] = {}
    exported = []
    for r in size_ranges(result):
        schedule = by_name[r.candidate].schedule
        if schedule is None:
            exported.append(ExportedRange(r, None, None, None, None))
            continue
        part = _file_part(r.candidate)
        if r.candidate not in written_schedules:
            name = f"schedules/{part}.json"
            texts[path / name] = schedule.to_json()
            written_schedules[r.candidate] = name
        high = "inf" if r.max_bytes is None else str(r.max_bytes)
        xml_name = f"msccl/{result.collective}-{part}-{r.min_bytes}-{high}.xml"
        algo = re.sub(r"[^A-Za-z0-9_.-]", "_",
                      f"fc-{result.collective}-{part}-{r.min_bytes}-{high}")[:63]
        channels, out = _fitting_export(topology, schedule, protocol=r.protocol or "Simple",
                                        name=algo, min_bytes=r.min_bytes,
                                        max_bytes=r.max_bytes)
        verdict = check_xml(topology, out.xml, schedule=schedule, flavour="msccl-executor")
        if verdict.reasons:
            raise MscclExportError(f"the algorithm for {r.candidate} ({xml_name}) fails the "
                                   f"check: {'; '.join(verdict.reasons)[:300]}")
        if not verdict.ok:      # nothing wrong found, but not everything checked: no pass
            raise MscclExportError(f"the algorithm for {r.candidate} ({xml_name}) could not be "
                                   f"checked completely: "
                                   f"{'; '.join(verdict.undetermined)[:300]}")
        texts[path / xml_name] = out.xml
        exported.append(ExportedRange(r, xml_name, written_schedules[r.candidate], channels,
                                      out.selection_rule))
    plan = ExportPlan(directory=os.fspath(path), ranges=tuple(exported),
                      msccl_dir=os.fspath(path / "msccl"))
    texts[path / "plan.json"] = json.dumps(plan_dict(result, plan), indent=1) + "\n"
    try:
        for sub in ("msccl", "schedules"):
            (path / sub).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{display_path(directory)}: cannot create the export folders "
                          f"({exc.strerror or exc}); give a new or empty folder") from None
    write_outputs(texts)
    return plan


def plan_dict(result: Tradeoff, plan: ExportPlan) -> dict[str, Any]:
    """``plan.json``: the trade-off's model and every range with its winner and files.

    :param result: the trade-off
    :param plan: what was written
    :returns: a JSON-ready dict
    """
    return {
        "format": "forestcoll-export-plan/1", "topology": result.topology,
        "collective": result.collective.value, "model": result.model,
        "parameters": dict(result.parameters), "msccl_dir": "msccl",
        "boundaries": "geometric midpoint floor(sqrt(a*b)) between timed sizes a < b with "
                      "different winners; minBytes and maxBytes inclusive; no upper limit "
                      "(max_bytes null) written maxBytes 9223372036854775807",
        "ranges": [{"min_bytes": e.range.min_bytes,
                    "max_bytes": e.range.max_bytes, "candidate": e.range.candidate,
                    "protocol": e.range.protocol, "timed_sizes": list(e.range.sizes),
                    "xml": e.xml, "schedule": e.schedule, "channels": e.channels,
                    "selection_rule": e.selection_rule,
                    "runs": ("the library's own algorithms (no file: MSCCL falls back)"
                             if e.xml is None else "the MSCCL algorithm")}
                   for e in plan.ranges]}
