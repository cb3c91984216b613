"""JSON Schemas (draft 2020-12) of the file formats, installed with the package.

``load("topology")`` is the schema of ``forestcoll-topology/1`` (``$id``
``urn:forestcoll:topology:1``), ``load("schedule")`` the one of ``forestcoll-schedule/1``
(``urn:forestcoll:schedule:1``), ``load("schedule-2")`` the one of
``forestcoll-schedule/2`` (``urn:forestcoll:schedule:2``), ``load("schedule-3")`` the one
of the compact ``forestcoll-schedule/3`` (``urn:forestcoll:schedule:3``) and
``load("schedule-4")`` the one of ``forestcoll-schedule/4``, all-to-all's routes
(``urn:forestcoll:schedule:4``), and ``load("schedule-5")`` the one of
``forestcoll-schedule/5``, a process group's schedule (``urn:forestcoll:schedule:5``);
``load("group-schedules")`` the one of ``forestcoll-group-schedules/1``, process groups' schedules
at once (``urn:forestcoll:group-schedules:1``, the schedule-5 schema embedded in it). ``docs/formats.md`` specifies the
formats field by field, including the checks a schema cannot express (unique ids, balanced
nodes, tree shapes).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..errors import UsageError

NAMES = ("topology", "schedule", "schedule-2", "schedule-3", "schedule-4", "schedule-5",
         "group-schedules")


def text(name: str) -> str:
    """The schema ``name`` (one of :data:`NAMES`) as the JSON text shipped in the package."""
    if name not in NAMES:
        raise UsageError(f"unknown schema {str(name)[:40]!r}; use one of {', '.join(NAMES)}")
    return resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")


def load(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of :data:`NAMES`) as a dict, ready for a validator."""
    return json.loads(text(name))
