"""Process groups at once, exported to MSCCL: one XML algorithm per group, each on the
group's own communicator (its members as ranks, in topology order), each checked by the
package's own checker (:func:`~forestcoll_opt.runtimes.msccl_check.check_xml`, which
shares no code with the exporter) before anything is returned.

A group's schedule whose paths relay through a compute node outside the group cannot run
on that communicator: no other GPU runs a step of it
(as :func:`~forestcoll_opt.model.group_scope.check_exportable` refuses for one group). The concurrent schedules are
built on the witness's shares, which may route a group through other GPUs (on every
catalog family's dp and tp meshes they do not: those export); such a set is refused
whole, naming the group and the GPUs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import MscclExportError
from ..model.group_schedules import GroupSchedules
from ..model.group_scope import relays
from ..model.groups import restrict
from ..model.topology import Topology
from .msccl_check import XmlVerdict, check_xml
from .msccl_export import MscclExport, export_msccl

__all__ = ["GroupExport", "export_msccl_groups"]

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class GroupExport:
    """One group's MSCCL file: ``file`` (a file name for it, unique in the set), the
    group's ``name``, the export and the checker's verdict (``ok``). The command line
    writes the group's schedule beside it (:attr:`schedule_file`), so that ``check-xml
    TOPOLOGY FILE --schedule SCHEDULE`` checks it again on the group's communicator."""

    file: str
    name: str
    export: MscclExport
    check: XmlVerdict

    @property
    def schedule_file(self) -> str:
        """A file name for the group's schedule beside the XML (``NNN-<name>.json``)."""
        return self.file[:-len(".xml")] + ".json"


def export_msccl_groups(topology: Topology, schedules: GroupSchedules,
                        **options: Any) -> tuple[GroupExport, ...]:
    """One MSCCL XML algorithm per group of ``schedules``, each checked.

    :param topology: the whole network
    :param schedules: the groups' schedules
    :param options: as :func:`~forestcoll_opt.runtimes.msccl_export.export_msccl` takes
        them (``flavour``, ``protocol``, ``chunks``, ...); ``name`` defaults per group
    :returns: per group, in order, its file name (``NNN-<group name>.xml``), export and check
    :raises MscclExportError: when a group's schedule relays through a non-member GPU (no
        file of the set is made), an export fails, or the checker finds a problem
    """
    out = []
    for i, (group, schedule) in enumerate(zip(schedules.groups, schedules.schedules)):
        through = relays(topology, schedule)
        if through:
            few = ", ".join(through[:3]) + (f" and {len(through) - 3} more"
                                            if len(through) > 3 else "")
            raise MscclExportError(
                f"group {group.name!r}: its schedule relays through {len(through)} compute "
                f"node(s) outside the group ({few}); an MSCCL program runs on the group's "
                f"communicator, whose ranks are its {len(group)} members, so no other GPU "
                f"can forward for it. The groups' schedules are made on shares of the joint "
                f"optimum, which route this group through other GPUs: no set of "
                f"communicators runs them. Make the groups' schedules without relays "
                f"(relay=False), the joint optimum where no group passes through another's "
                f"GPUs, and export those", options=("relay",))
        seen = restrict(topology, group)
        safe = _UNSAFE.sub("_", group.name).strip("_") or "group"
        made = export_msccl(seen, schedule, **{"name": f"forestcoll-{schedule.collective}-"
                                                       f"{safe}", **options})
        verdict = check_xml(seen, made.xml, flavour=made.flavour, schedule=schedule)
        if not verdict.ok:
            why = verdict.reasons[0] if verdict.reasons else verdict.status
            raise MscclExportError(f"group {group.name!r}: the exported file does not pass "
                                   f"the checker ({why}); please report it")
        out.append(GroupExport(f"{i:03d}-{safe}.xml", group.name, made, verdict))
    return tuple(out)
