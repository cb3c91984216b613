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

The ranges, the file names, ``plan.json`` and the result (an
:class:`~forestcoll_opt.analysis.export_plan.ExportPlan` whose ``runtime`` is
``"mscclpp"``) are the MSCCL export's (:func:`~forestcoll_opt.analysis.export_plan.write_export`);
this module holds how one range becomes a checked plan.
"""

from __future__ import annotations

import os
from dataclasses import replace

from ..errors import MscclExportError
from ..model.linkloads import achieved_algbw
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..runtimes.mscclpp_check import check_mscclpp
from ..runtimes.mscclpp_export import export_mscclpp
from ..timing.tradeoffs import Tradeoff
from .export_plan import ExportedRange, ExportPlan, write_export

EXPORTABLE_MSCCLPP = ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce",
                      "alltoall")
"""The collectives an MSCCL++ plan is written for (:func:`export_mscclpp`)."""


def plan_protocol(protocol: str | None) -> str:
    """The executor's protocol for a range's winning one: ``LL`` stays, anything else
    (Simple, LL128, None under the ideal model) is ``Simple`` (``loadExecutionPlan`` knows
    LL and Simple only)."""
    return "LL" if protocol == "LL" else "Simple"


def _write_mscclpp(topology: Topology, schedule: Schedule, entry: ExportedRange
                   ) -> tuple[str, ExportedRange]:
    """One range as an MSCCL++ plan (an
    :data:`~forestcoll_opt.analysis.export_plan.RangeWriter`): LL or Simple
    (:func:`plan_protocol`), accepted by ``check_mscclpp`` against the schedule at no less
    than the schedule's algbw (half of it at LL)."""
    r = entry.range
    protocol = plan_protocol(r.protocol)
    out = export_mscclpp(topology, schedule, name=entry.name, protocol=protocol,
                         min_message_size=r.min_bytes, max_message_size=r.max_bytes)
    root = 0 if schedule.root is None else topology.compute_nodes.index(schedule.root)
    verdict = check_mscclpp(topology, out.text, schedule=schedule, root=root)
    if verdict.reasons:
        raise MscclExportError(f"the plan for {r.candidate} ({entry.file}) fails the check: "
                               f"{'; '.join(verdict.reasons)[:300]}")
    runs = replace(schedule, concurrent=True) if schedule.phases else schedule
    expected = achieved_algbw(runs, topology) / (2 if protocol == "LL" else 1)
    if verdict.algbw is None or verdict.algbw < expected:
        got = "unknown" if verdict.algbw is None else str(verdict.algbw)
        raise MscclExportError(f"the plan for {r.candidate} ({entry.file}) runs at algbw "
                               f"{got}, not the schedule's {expected}")
    return out.text, replace(entry, protocol=protocol, algbw=verdict.algbw)


def export_tradeoff_mscclpp(topology: Topology, result: Tradeoff,
                            directory: str | os.PathLike) -> ExportPlan:
    """Write the winning schedules, one MSCCL++ plan per size range and ``plan.json`` into
    ``directory`` (module docstring). Every plan is checked by ``check_mscclpp`` before
    anything is written.

    :param topology: the topology ``result`` was computed on
    :param result: the :func:`~forestcoll_opt.timing.tradeoffs.tradeoff` result
    :param directory: a new or empty folder
    :returns: the ranges and the files written (an
        :class:`~forestcoll_opt.analysis.export_plan.ExportPlan` whose ``runtime`` is
        ``"mscclpp"``)
    :raises UsageError: for a collective MSCCL++ plans cannot express, or a topology that
        is not ``result``'s
    :raises OutputError: when the folder cannot take the files
    :raises MscclExportError: when a winning schedule cannot be written as a plan, or its
        plan fails the check
    """
    return write_export(topology, result, directory, runtime="mscclpp",
                        collectives=EXPORTABLE_MSCCLPP, write=_write_mscclpp)
