"""Process groups at once, verified with the concurrent-groups LP on demand: the verifier
(:func:`forestcoll_opt.verify.groups.verify_groups`, which solves nothing) given the LP's
certified interval for the groups the caller asks about.
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import VerifyError
from ..model.groups import Group, mesh_groups
from ..model.topology import Topology
from ..verify.groups import GroupsVerdict, verify_groups
from ..verify.jsonread import load_schedule

__all__ = ["verify_concurrent"]


def verify_concurrent(topology: Topology, schedules: Any, *, groups: Any = None,
                      mesh: Any = None, along: Any = None, lp_interval: Any = None,
                      symmetry: bool | None = None, time_limit: float | None = None,
                      kernel: str | None = None) -> GroupsVerdict:
    """Verify process groups' schedules run at once (a ``forestcoll-group-schedules/1``
    file, its mapping, or a :class:`~forestcoll_opt.model.group_schedules.GroupSchedules`)
    against the concurrent-groups LP's certified interval.

    The groups judged are those asked about: ``groups`` or ``mesh`` with ``along`` (as
    :func:`forestcoll_opt.lp.concurrent` takes them); else the file's ``layout`` (its mesh);
    else the file's own groups (names, members and weights). A group missing from the file,
    or one it reshaped, is then a reason of the verdict. The LP is solved for those groups
    (``lp_interval`` given: that interval instead), only once the document reads sound;
    for a file that says ``"relay": false``, the LP without relays
    (:func:`forestcoll_opt.lp.concurrent` ``relay=False``), and the verifier refuses a
    schedule whose paths enter a compute node outside its group.

    :returns: the :class:`~forestcoll_opt.verify.groups.GroupsVerdict`
    :raises GroupError: for badly named groups
    :raises VerifyError: when the file cannot be read
    :raises LPError: when the LP cannot be solved
    """
    data = load_schedule(schedules)
    expected: tuple[Group, ...] | None
    if groups is not None or mesh is not None:
        from ..lp.groups.solve import resolve_groups
        expected = resolve_groups(topology, groups=groups, mesh=mesh, along=along)
    elif isinstance(data.get("layout"), dict):
        layout = data["layout"]
        try:
            expected = mesh_groups(topology, layout.get("mesh"), layout.get("along"))
        except Exception as exc:        # a forged layout is the file's problem: say so
            raise VerifyError(f"the file's \"layout\" names no groups of {topology.name}: "
                              f"{exc}") from None
    else:
        expected = None
    if lp_interval is not None:
        return verify_groups(topology, data, lp_interval=lp_interval,
                             expected=expected)

    def solve() -> Any:
        from ..lp.groups.solve import concurrent
        chosen = expected if expected is not None else _own_groups(data)
        return concurrent(topology, groups=list(chosen), collective=data["collective"],
                          symmetry=symmetry, time_limit=time_limit, kernel=kernel,
                          relay=data.get("relay", True) is not False)

    return verify_groups(topology, data, lp_interval=solve, expected=expected)


def _own_groups(data: Any) -> list[dict[str, Any]]:
    """The file's groups as a groups document (it read sound: the verifier checked it)."""
    return [{"members": list(item["schedule"]["process_group"]), "weight": item["weight"],
             "name": item["name"]} for item in data["groups"]]


def is_group_schedules(path: "str | os.PathLike") -> bool:
    """Whether a file (or mapping) is a ``forestcoll-group-schedules/1`` document, by its
    ``format``; False when it cannot be read (the caller's reader then says why)."""
    try:
        data = load_schedule(path)
    except VerifyError:
        return False
    return data.get("format") == "forestcoll-group-schedules/1"
