"""``tradeoff``'s advice as MSCCL++ execution plans: the winning schedule of every size range
(:func:`~forestcoll_opt.analysis.export_plan.size_ranges`, the same ranges as the MSCCL
export) written as one plan whose ``min_message_size``/``max_message_size`` select it for
exactly that range (``docs/mscclpp-export.md``, "Per-size plans").

The ranges' bytes are whole-buffer bytes (an allgather's output, the others' input), which
is what ``tradeoff`` times and what the executor compares (``checkMessageSize`` in
``src/core/executor/execution_plan.cc``: the input's size, the output's for allgather),
both ends inclusive; the last range has no upper limit. The executor runs Simple and LL
only: a range won at LL128 is written Simple, under the ideal model Simple.

**Files** (in ``directory``, which must be new or empty):

* ``mscclpp/<collective>-<candidate>-<min>-<max>.json``: one plan per range won by a
  schedule, each with its own ``name`` (the executor keys its contexts by name), checked by
  the independent :func:`~forestcoll_opt.runtimes.mscclpp_check.check_mscclpp` against the
  schedule before anything is written;
* ``schedules/<candidate>.json``: every winning schedule;
* ``plan.json``: the ranges, their winners and files, the model and its parameters.

A range the library itself wins (the ``nccl`` candidate) gets no plan: the caller falls
back to its library there.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..display import html_summary
from ..errors import MscclExportError, OutputError, UsageError
from ..files import check_output_folder, display_path, write_outputs
from ..model.linkloads import achieved_algbw
from ..model.topology import Topology
from ..runtimes.mscclpp_check import check_mscclpp
from ..runtimes.mscclpp_export import export_mscclpp
from ..timing.tradeoffs import Tradeoff
from .export_plan import SizeRange, size_ranges

EXPORT_RUNTIMES = ("msccl", "mscclpp")
"""The runtimes ``tradeoff``'s advice is exported to: ``msccl``
(:func:`~forestcoll_opt.analysis.export_plan.export_tradeoff`, XML algorithms) and
``mscclpp`` (:func:`export_tradeoff_mscclpp`, execution plans)."""

EXPORTABLE_MSCCLPP = ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce",
                      "alltoall")
"""The collectives an MSCCL++ plan is written for (:func:`export_mscclpp`)."""


def plan_protocol(protocol: str | None) -> str:
    """The executor's protocol for a range's winning one: ``LL`` stays, anything else
    (Simple, LL128, None under the ideal model) is ``Simple`` (``loadExecutionPlan`` knows
    LL and Simple only)."""
    return "LL" if protocol == "LL" else "Simple"


@dataclass(frozen=True)
class MscclppRange:
    """One range and the plan written for it.

    :ivar range: the sizes and the winner
    :ivar plan: the plan file, relative to the directory; None for the library
    :ivar schedule: the schedule file, relative to the directory; None for the library
    :ivar name: the plan's ``name``; None for the library
    :ivar protocol: the plan's protocol (``Simple`` or ``LL``); None for the library
    :ivar algbw: the plan's algbw, as ``check_mscclpp`` measured it; None for the library
    """

    range: SizeRange
    plan: str | None
    schedule: str | None
    name: str | None
    protocol: str | None
    algbw: Any

    def __repr__(self) -> str:
        return f"MscclppRange({self.range._span()}, {self.plan or 'no file (the library)'})"


@dataclass(frozen=True)
class MscclppExportPlan:
    """What :func:`export_tradeoff_mscclpp` wrote.

    :ivar directory: the directory
    :ivar ranges: one entry per size range, smallest first
    :ivar plan_dir: the folder holding the plans
    """

    directory: str
    ranges: tuple[MscclppRange, ...]
    plan_dir: str

    def __repr__(self) -> str:
        where = self.directory if len(self.directory) <= 60 else "..." + self.directory[-57:]
        spans = "; ".join(r.range._span() for r in self.ranges[:3])
        more = f"; ... {len(self.ranges) - 3} more" if len(self.ranges) > 3 else ""
        return f"MscclppExportPlan({len(self.ranges)} size range(s) in {where}: {spans}{more})"

    def _repr_html_(self) -> str:
        rows = [("directory", self.directory), ("plans", self.plan_dir)]
        rows += [(r.range._span(), r.plan or "no file (the library)") for r in self.ranges]
        return html_summary(f"MscclppExportPlan · {len(self.ranges)} size range(s)", rows,
                            note=".ranges: each range's plan, name and protocol")

    def to_dict(self) -> dict[str, Any]:
        """JSON types (``tradeoff --export DIR --runtime mscclpp --json``, its
        ``"export"``).

        :returns: a dict
        """
        return {"directory": self.directory, "runtime": "mscclpp", "plan_dir": self.plan_dir,
                "ranges": [{"min_bytes": e.range.min_bytes, "max_bytes": e.range.max_bytes,
                            "candidate": e.range.candidate, "protocol": e.protocol,
                            "plan": e.plan, "schedule": e.schedule, "name": e.name,
                            "algbw": None if e.algbw is None else str(e.algbw)}
                           for e in self.ranges]}


def _file_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "", name.replace("=", "")) or "schedule"


def export_tradeoff_mscclpp(topology: Topology, result: Tradeoff,
                            directory: str | os.PathLike) -> MscclppExportPlan:
    """Write the winning schedules, one MSCCL++ plan per size range and ``plan.json`` into
    ``directory`` (module docstring). Every plan is checked by ``check_mscclpp`` before
    anything is written.

    :param topology: the topology ``result`` was computed on
    :param result: the :func:`~forestcoll_opt.timing.tradeoffs.tradeoff` result
    :param directory: a new or empty folder
    :returns: the ranges and the files written
    :raises UsageError: for a topology that is not ``result``'s
    :raises OutputError: when the folder cannot take the files
    :raises MscclExportError: when a winning schedule cannot be written as a plan, or its
        plan fails the check
    """
    if result.collective.value not in EXPORTABLE_MSCCLPP:
        raise UsageError(f"{result.collective} cannot be exported to MSCCL++")
    if topology.name != result.topology:
        raise UsageError(f"the trade-off was computed on {result.topology!r}, not "
                         f"{topology.name!r}; export with the same topology")
    path = check_output_folder(directory, label="the export folder")
    by_name = {c.name: c for c in result.candidates}
    texts: dict[Path, str] = {}
    written_schedules: dict[str, str] = {}
    exported = []
    for r in size_ranges(result):
        schedule = by_name[r.candidate].schedule
        if schedule is None:
            exported.append(MscclppRange(r, None, None, None, None, None))
            continue
        part = _file_part(r.candidate)
        if r.candidate not in written_schedules:
            name = f"schedules/{part}.json"
            texts[path / name] = schedule.to_json()
            written_schedules[r.candidate] = name
        high = "inf" if r.max_bytes is None else str(r.max_bytes)
        file = f"mscclpp/{result.collective}-{part}-{r.min_bytes}-{high}.json"
        plan_name = re.sub(r"[^A-Za-z0-9_.-]", "_",
                           f"fc-{result.collective}-{part}-{r.min_bytes}-{high}")[:63]
        protocol = plan_protocol(r.protocol)
        out = export_mscclpp(topology, schedule, name=plan_name, protocol=protocol,
                             min_message_size=r.min_bytes, max_message_size=r.max_bytes)
        root = 0 if schedule.root is None else topology.compute_nodes.index(schedule.root)
        verdict = check_mscclpp(topology, out.text, schedule=schedule, root=root)
        if verdict.reasons:
            raise MscclExportError(f"the plan for {r.candidate} ({file}) fails the check: "
                                   f"{'; '.join(verdict.reasons)[:300]}")
        runs = replace(schedule, concurrent=True) if schedule.phases else schedule
        expected = achieved_algbw(runs, topology) / (2 if protocol == "LL" else 1)
        if verdict.algbw is None or verdict.algbw < expected:
            got = "unknown" if verdict.algbw is None else str(verdict.algbw)
            raise MscclExportError(f"the plan for {r.candidate} ({file}) runs at algbw {got}, "
                                   f"not the schedule's {expected}")
        texts[path / file] = out.text
        exported.append(MscclppRange(r, file, written_schedules[r.candidate], plan_name,
                                     protocol, verdict.algbw))
    plan = MscclppExportPlan(directory=os.fspath(path), ranges=tuple(exported),
                             plan_dir=os.fspath(path / "mscclpp"))
    texts[path / "plan.json"] = json.dumps(_plan_dict(result, plan), indent=1) + "\n"
    try:
        for sub in ("mscclpp", "schedules"):
            (path / sub).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{display_path(directory)}: cannot create the export folders "
                          f"({exc.strerror or exc}); give a new or empty folder") from None
    write_outputs(texts)
    return plan


def _plan_dict(result: Tradeoff, plan: MscclppExportPlan) -> dict[str, Any]:
    """``plan.json``: the trade-off's model and every range with its winner and plan."""
    return {
        "format": "forestcoll-export-plan/1", "runtime": "mscclpp",
        "topology": result.topology, "collective": result.collective.value,
        "model": result.model, "parameters": dict(result.parameters), "plan_dir": "mscclpp",
        "boundaries": "geometric midpoint floor(sqrt(a*b)) between timed sizes a < b with "
                      "different winners; min_message_size and max_message_size inclusive, "
                      "whole-buffer bytes (an allgather's output, the others' input); no "
                      "upper limit (max_bytes null) written max_message_size "
                      "18446744073709551615",
        "ranges": [{"min_bytes": e.range.min_bytes, "max_bytes": e.range.max_bytes,
                    "candidate": e.range.candidate, "won_at": e.range.protocol,
                    "protocol": e.protocol, "timed_sizes": list(e.range.sizes),
                    "plan": e.plan, "name": e.name, "schedule": e.schedule,
                    "algbw": None if e.algbw is None else str(e.algbw),
                    "runs": ("the library's own algorithms (no plan)" if e.plan is None
                             else "the MSCCL++ plan")}
                   for e in plan.ranges]}
