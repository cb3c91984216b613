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

**Both runtimes.** The export to MSCCL++ execution plans
(:mod:`~forestcoll_opt.analysis.export_mscclpp_plan`) takes the same ranges, files and
folder rule through :func:`write_export` and returns the same :class:`ExportPlan` (its
``runtime`` says which); ``plan.json`` (docs/formats.md, ``forestcoll-export-plan/1``) is
written by :func:`plan_dict` in each runtime's keys. What is the runtime's own is how one
range's file is written and checked: :func:`_write_msccl` here, ``_write_mscclpp`` there.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Sequence

from ..display import html_summary
from ..errors import MscclExportError, OutputError, UsageError
from ..files import check_output_folder, display_path, write_outputs
from ..model.numbers import fraction_text
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
    """One size range and the file written for it, whatever the runtime.

    :ivar range: the sizes and the winner
    :ivar file: the runtime's file (``msccl``: the XML algorithm, ``mscclpp``: the
        execution plan), relative to the directory; None for the library
    :ivar schedule: the schedule file, relative to the directory; None for the library
    :ivar name: the algorithm's or plan's ``name``; None for the library
    :ivar protocol: the protocol the file runs (``msccl``: the winning one, Simple under
        the ideal model; ``mscclpp``: LL or Simple); None for the library
    :ivar algbw: the file's algbw as the runtime's checker measured it (``check_xml``,
        ``check_mscclpp``); None for the library
    :ivar channels: the MSCCL algorithm's channels (None otherwise)
    :ivar selection_rule: when MSCCL selects the algorithm (None otherwise)
    """

    range: SizeRange
    file: str | None = None
    schedule: str | None = None
    name: str | None = None
    protocol: str | None = None
    algbw: Fraction | None = None
    channels: int | None = None
    selection_rule: str | None = None

    def __repr__(self) -> str:
        return f"ExportedRange({self.range._span()}, {self.file or 'no file (the library)'})"


@dataclass(frozen=True)
class _Index:
    """How ``plan.json`` and :meth:`ExportPlan.to_dict` write one runtime's export: the
    keys, in order (``plan_head``, ``plan_range``: ``plan.json``; ``dict_head``,
    ``dict_range``: ``to_dict``), out of the values :func:`plan_dict` and
    :meth:`ExportPlan.to_dict` know."""

    label: str               # the runtime's name in messages
    folder: str              # the subfolder of the files
    suffix: str              # their extension
    folder_key: str          # the key naming the subfolder
    folder_label: str        # how a summary names it
    file_key: str            # the key naming a range's file
    boundaries: str
    runs: tuple[str, str]    # what a range runs: with a file, without one
    plan_head: tuple[str, ...]
    plan_range: tuple[str, ...]
    dict_head: tuple[str, ...]
    dict_range: tuple[str, ...]


_BOUNDARIES = ("geometric midpoint floor(sqrt(a*b)) between timed sizes a < b with "
               "different winners; ")
_INDEX = {
    # format 1 was MSCCL's alone: its plan.json has no "runtime" key, and keeps none
    "msccl": _Index(
        label="MSCCL", folder="msccl", suffix=".xml", folder_key="msccl_dir",
        folder_label="MSCCL_ALGO_DIR", file_key="xml",
        boundaries=_BOUNDARIES + "minBytes and maxBytes inclusive; no upper limit "
                                 "(max_bytes null) written maxBytes 9223372036854775807",
        runs=("the MSCCL algorithm",
              "the library's own algorithms (no file: MSCCL falls back)"),
        plan_head=("format", "topology", "collective", "model", "parameters", "msccl_dir",
                   "boundaries", "ranges"),
        plan_range=("min_bytes", "max_bytes", "candidate", "protocol", "timed_sizes", "xml",
                    "schedule", "channels", "selection_rule", "runs"),
        dict_head=("directory", "msccl_dir", "ranges"),
        dict_range=("min_bytes", "max_bytes", "candidate", "protocol", "xml", "schedule",
                    "channels")),
    "mscclpp": _Index(
        label="MSCCL++", folder="mscclpp", suffix=".json", folder_key="plan_dir",
        folder_label="plans", file_key="plan",
        boundaries=_BOUNDARIES + "min_message_size and max_message_size inclusive, "
                                 "whole-buffer bytes (an allgather's output, the others' "
                                 "input); no upper limit (max_bytes null) written "
                                 "max_message_size 18446744073709551615",
        runs=("the MSCCL++ plan", "the library's own algorithms (no plan)"),
        plan_head=("format", "runtime", "topology", "collective", "model", "parameters",
                   "plan_dir", "boundaries", "ranges"),
        plan_range=("min_bytes", "max_bytes", "candidate", "won_at", "protocol",
                    "timed_sizes", "plan", "name", "schedule", "algbw", "runs"),
        dict_head=("directory", "runtime", "plan_dir", "ranges"),
        dict_range=("min_bytes", "max_bytes", "candidate", "protocol", "plan", "schedule",
                    "name", "algbw")),
}

EXPORT_RUNTIMES = tuple(_INDEX)
"""The runtimes ``tradeoff``'s advice is exported to: ``msccl`` (:func:`export_tradeoff`,
XML algorithms) and ``mscclpp``
(:func:`~forestcoll_opt.analysis.export_mscclpp_plan.export_tradeoff_mscclpp`, execution
plans)."""


def _range_values(e: ExportedRange, index: _Index) -> dict[str, Any]:
    """Every key a range's entry may have, ``plan.json``'s and ``to_dict``'s."""
    return {"min_bytes": e.range.min_bytes, "max_bytes": e.range.max_bytes,
            "candidate": e.range.candidate, "won_at": e.range.protocol,
            "protocol": e.protocol, "timed_sizes": list(e.range.sizes), index.file_key: e.file,
            "name": e.name, "schedule": e.schedule, "channels": e.channels,
            "selection_rule": e.selection_rule,
            "algbw": fraction_text(e.algbw),
            "runs": index.runs[e.file is None]}


@dataclass(frozen=True)
class ExportPlan:
    """What :func:`export_tradeoff` (``runtime`` ``"msccl"``) or
    :func:`~forestcoll_opt.analysis.export_mscclpp_plan.export_tradeoff_mscclpp`
    (``"mscclpp"``) wrote.

    :ivar runtime: ``"msccl"`` or ``"mscclpp"`` (:data:`EXPORT_RUNTIMES`)
    :ivar directory: the directory
    :ivar folder: the folder holding the runtime's files (``msccl``: give it to
        ``MSCCL_ALGO_DIR``; ``mscclpp``: the plans)
    :ivar ranges: one entry per size range, smallest first
    """

    runtime: str
    directory: str
    folder: str
    ranges: tuple[ExportedRange, ...]

    def __repr__(self) -> str:
        where = self.directory if len(self.directory) <= 60 else "..." + self.directory[-57:]
        spans = "; ".join(r.range._span() for r in self.ranges[:3])
        more = f"; ... {len(self.ranges) - 3} more" if len(self.ranges) > 3 else ""
        return (f"ExportPlan({self.runtime}, {len(self.ranges)} size range(s) in {where}: "
                f"{spans}{more})")

    def _repr_html_(self) -> str:
        rows = [("runtime", self.runtime), ("directory", self.directory),
                (_INDEX[self.runtime].folder_label, self.folder)]
        rows += [(r.range._span(), r.file or "no file (the library)") for r in self.ranges]
        return html_summary(f"ExportPlan · {self.runtime} · {len(self.ranges)} size range(s)",
                            rows, note=".ranges: each range's file, name, protocol and algbw")

    def to_dict(self) -> dict[str, Any]:
        """JSON types (``forestcoll tradeoff --export DIR --json``, its ``"export"``): the
        directory and every range with its files (``plan.json`` in the directory has more:
        :func:`plan_dict`). ``msccl``: ``directory``, ``msccl_dir``, ``ranges`` (each
        ``min_bytes``, ``max_bytes``, ``candidate``, ``protocol``, ``xml``, ``schedule``,
        ``channels``); ``mscclpp``: ``directory``, ``runtime``, ``plan_dir``, ``ranges``
        (each ``min_bytes``, ``max_bytes``, ``candidate``, ``protocol``, ``plan``,
        ``schedule``, ``name``, ``algbw``).

        :returns: a dict
        """
        index = _INDEX[self.runtime]
        head = {"directory": self.directory, "runtime": self.runtime,
                index.folder_key: self.folder,
                "ranges": [_pick(_range_values(e, index), index.dict_range)
                           for e in self.ranges]}
        return _pick(head, index.dict_head)


def _pick(values: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {key: values[key] for key in keys}


def _file_part(name: str) -> str:
    """A candidate's name as part of a file name (``k=13``: ``k13``)."""
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


RangeWriter = Callable[[Topology, Schedule, ExportedRange], "tuple[str, ExportedRange]"]
"""How one runtime writes one range: given the topology, the winning schedule and the
range's entry (its file, schedule file and name set), the file's text and the entry
completed (protocol, algbw, ...), the file checked by the runtime's own checker."""


def write_export(topology: Topology, result: Tradeoff, directory: str | os.PathLike, *,
                 runtime: str, collectives: Sequence[str], write: RangeWriter) -> ExportPlan:
    """The export of the module docstring for ``runtime``, each range's file written by
    ``write``; nothing is written unless every file is.

    :param topology: the topology ``result`` was computed on
    :param result: the trade-off
    :param directory: a new or empty folder
    :param runtime: one of :data:`EXPORT_RUNTIMES`
    :param collectives: the collectives the runtime's files express
    :param write: the runtime's writer of one range
    :returns: the ranges and the files written
    :raises UsageError: for another collective, or a topology that is not ``result``'s
    :raises OutputError: when the folder cannot take the files
    """
    index = _INDEX[runtime]
    if result.collective not in collectives:
        raise UsageError(f"{result.collective} cannot be exported to {index.label}; export "
                         f"one of {', '.join(collectives)}")
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
            exported.append(ExportedRange(r))
            continue
        part = _file_part(r.candidate)
        if r.candidate not in written_schedules:
            name = f"schedules/{part}.json"
            texts[path / name] = schedule.to_json()
            written_schedules[r.candidate] = name
        high = "inf" if r.max_bytes is None else str(r.max_bytes)
        stem = f"{result.collective}-{part}-{r.min_bytes}-{high}"
        entry = ExportedRange(r, file=f"{index.folder}/{stem}{index.suffix}",
                              schedule=written_schedules[r.candidate],
                              name=re.sub(r"[^A-Za-z0-9_.-]", "_", f"fc-{stem}")[:63])
        text, entry = write(topology, schedule, entry)
        texts[path / str(entry.file)] = text
        exported.append(entry)
    plan = ExportPlan(runtime=runtime, directory=os.fspath(path),
                      folder=os.fspath(path / index.folder), ranges=tuple(exported))
    texts[path / "plan.json"] = json.dumps(plan_dict(result, plan), indent=1) + "\n"
    try:
        for sub in (index.folder, "schedules"):
            (path / sub).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{display_path(directory)}: cannot create the export folders "
                          f"({exc.strerror or exc}); give a new or empty folder") from None
    write_outputs(texts)
    return plan


def plan_dict(result: Tradeoff, plan: ExportPlan) -> dict[str, Any]:
    """``plan.json`` (``forestcoll-export-plan/1``, docs/formats.md): the trade-off's model
    and every range with its winner and file, in the keys of ``plan.runtime``.

    :param result: the trade-off
    :param plan: what was written
    :returns: a JSON-ready dict
    """
    index = _INDEX[plan.runtime]
    head = {"format": "forestcoll-export-plan/1", "runtime": plan.runtime,
            "topology": result.topology, "collective": result.collective.value,
            "model": result.model, "parameters": dict(result.parameters),
            index.folder_key: index.folder, "boundaries": index.boundaries,
            "ranges": [_pick(_range_values(e, index), index.plan_range)
                       for e in plan.ranges]}
    return _pick(head, index.plan_head)


def _write_msccl(topology: Topology, schedule: Schedule, entry: ExportedRange
                 ) -> tuple[str, ExportedRange]:
    """One range as an MSCCL algorithm (a :data:`RangeWriter`): the winning protocol
    (Simple under the ideal model), the fewest channels that fit, checked by ``check_xml``
    against the schedule."""
    r = entry.range
    protocol = r.protocol or "Simple"
    channels, out = _fitting_export(topology, schedule, protocol=protocol, name=entry.name,
                                    min_bytes=r.min_bytes, max_bytes=r.max_bytes)
    verdict = check_xml(topology, out.xml, schedule=schedule, flavour="msccl-executor")
    if verdict.reasons:
        raise MscclExportError(f"the algorithm for {r.candidate} ({entry.file}) fails the "
                               f"check: {'; '.join(verdict.reasons)[:300]}")
    if not verdict.ok:      # nothing wrong found, but not everything checked: no pass
        raise MscclExportError(f"the algorithm for {r.candidate} ({entry.file}) could not be "
                               f"checked completely: "
                               f"{'; '.join(verdict.undetermined)[:300]}")
    return out.xml, replace(entry, protocol=protocol, algbw=verdict.algbw, channels=channels,
                            selection_rule=out.selection_rule)


def export_tradeoff(topology: Topology, result: Tradeoff, directory: str | os.PathLike
                    ) -> ExportPlan:
    """Write the winning schedules, one MSCCL algorithm per size range and ``plan.json``
    into ``directory`` (module docstring). Every algorithm is checked with ``check_xml``
    before anything is written.

    :param topology: the topology ``result`` was computed on
    :param result: the :func:`~forestcoll_opt.timing.tradeoffs.tradeoff` result
    :param directory: a new or empty folder
    :returns: the ranges and the files written (an :class:`ExportPlan` whose ``runtime``
        is ``"msccl"``)
    :raises UsageError: for a collective MSCCL files cannot express, or a topology that is
        not ``result``'s
    :raises OutputError: when the folder cannot take the files
    :raises MscclExportError: when a winning schedule does not fit the runtime even with 32
        channels, or its algorithm fails the check
    """
    return write_export(topology, result, directory, runtime="msccl", collectives=EXPORTABLE,
                        write=_write_msccl)
