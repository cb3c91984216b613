"""One process group's optimum two ways: with the other compute nodes relaying for it, and
with them switched off (``forestcoll bound --group``; ``forestcoll_opt.group_bound``).

With relays, the network is the group's view of the whole network
(:func:`forestcoll_opt.model.group_scope.scope`): every compute node outside the group
forwards data as a switch does, so the group may use their links (the NICs of the other
GPUs of a box, say). Switched off (the paper's 8+8 MI250 runs, where only GPUs 0-7 of each
box were enabled), those compute nodes and their links are gone
(:func:`~forestcoll_opt.model.group_scope.switched_off`). Both bounds are exact; the gain
of relaying is their exact ratio. When switching the others off leaves a network that
cannot carry a schedule — a member cut off, a node unbalanced (a directed link into a
removed node with no matching link out) — there is no second number, and
:attr:`GroupBound.switched_off_problem` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping

from ..display import html_summary
from ..generation.bounding import Bound, bound
from ..model.collective import Collective
from ..model.group_scope import members_of, scope, switched_off, switched_off_problem
from ..model.groups import Group
from ..model.numbers import fraction_display, fraction_text
from ..model.topology import Topology

__all__ = ["GroupBound", "group_bound"]


@dataclass(frozen=True)
class GroupBound:
    """A process group's exact optimum with and without the other compute nodes relaying.

    :ivar topology: the whole network's name
    :ivar members: the group's compute nodes, in topology order
    :ivar num_compute: the whole network's number of compute nodes
    :ivar relayed: the bound on the group's view of the network (non-members forward)
    :ivar switched_off: the bound with the non-members and their links removed, or None
        when that network cannot carry a schedule
    :ivar switched_off_problem: why there is no ``switched_off`` bound, or None
    """

    topology: str
    members: tuple[str, ...]
    num_compute: int
    relayed: Bound
    switched_off: Bound | None
    switched_off_problem: str | None

    @property
    def collective(self) -> Collective:
        """The collective bounded."""
        return Collective(self.relayed.collective)

    @property
    def units(self) -> str:
        """The bandwidth unit of both bounds."""
        return self.relayed.units

    @property
    def gain(self) -> Fraction | None:
        """How many times faster the group can run with relays: relayed algbw / switched-off
        algbw, exact (1 when relaying gains nothing); None without a switched-off bound."""
        if self.switched_off is None:
            return None
        return Fraction(self.relayed.algbw) / Fraction(self.switched_off.algbw)

    @property
    def lines(self) -> tuple[str, ...]:
        """The side-by-side comparison, one line each (what ``bound --group`` prints)."""
        u = self.units
        out = [f"group: {len(self.members)} of {self.num_compute} compute nodes of "
               f"{self.topology} ({_few(self.members)})",
               f"  others relaying:     algbw {fraction_display(self.relayed.algbw)} {u}"]
        if self.switched_off is None:
            out.append(f"  others switched off: no bound: {self.switched_off_problem}")
        else:
            out.append(f"  others switched off: algbw "
                       f"{fraction_display(self.switched_off.algbw)} {u}")
            out.append(f"  gain of relaying:    x{fraction_display(self.gain)}")
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """The comparison as JSON types (``forestcoll bound --group --json``, key
        ``"group"``): exact numbers as integers or ``"p/q"`` strings; the switched-off
        algbw and the gain null when that network cannot carry a schedule, with the reason.
        """
        return {"members": list(self.members), "of": self.num_compute,
                "relayed_algbw": fraction_text(self.relayed.algbw),
                "switched_off_algbw": None if self.switched_off is None else
                fraction_text(self.switched_off.algbw),
                "switched_off_problem": self.switched_off_problem,
                "gain": None if self.gain is None else fraction_text(self.gain)}

    def __repr__(self) -> str:
        off = ("n/a" if self.switched_off is None else fraction_text(self.switched_off.algbw))
        gain = "n/a" if self.gain is None else fraction_text(self.gain)
        return (f"GroupBound({self.collective.value}, {len(self.members)} of "
                f"{self.num_compute} on {self.topology[:60]!r}: relayed="
                f"{fraction_text(self.relayed.algbw)}, switched_off={off}, gain={gain})")

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        rows = [("members", f"{len(self.members)} of {self.num_compute}: {_few(self.members)}"),
                ("relayed algbw", f"{fraction_display(self.relayed.algbw)} {self.units}"),
                ("switched off algbw",
                 self.switched_off_problem if self.switched_off is None else
                 f"{fraction_display(self.switched_off.algbw)} {self.units}"),
                ("gain of relaying", "n/a" if self.gain is None else
                 f"x{fraction_display(self.gain)}")]
        return html_summary(f"GroupBound · {self.collective.value} on {self.topology}", rows,
                            note="non-members forward as switches, or are removed")


def group_bound(topology: Topology, group: "str | Iterable[str] | Group", *,
                collective: "Collective | str" = "allgather", root: str | None = None,
                kernel: str | None = None, symmetry: bool | None = None,
                weights: Mapping[str, Any] | None = None) -> GroupBound:
    """The exact optimum of ``collective`` among ``group``'s members, with the other
    compute nodes relaying (as switches) and with them switched off (removed).

    :param topology: the whole network
    :param group: the members: node ids or globs (a comma string or a list) or a Group
    :param collective: one of the cut-bounded collectives (as :func:`bound`)
    :param root: broadcast/reduce: the root, a member
    :param kernel: the max-flow kernel
    :param symmetry: as for :func:`bound` (None: its default)
    :param weights: shard weights of the members (as :func:`bound`)
    :returns: the :class:`GroupBound`
    :raises GroupError: for a group that names no compute node, a switch, or fewer than two
    """
    members = members_of(topology, group)
    options = dict(collective=collective, root=root, kernel=kernel, symmetry=symmetry,
                   weights=weights)
    relayed = bound(scope(topology, members), **options)
    problem = switched_off_problem(topology, members)
    off = None if problem is not None else bound(switched_off(topology, members), **options)
    return GroupBound(topology=topology.name, members=members,
                      num_compute=len(topology.compute_nodes), relayed=relayed,
                      switched_off=off, switched_off_problem=problem)


def _few(nodes: Iterable[str], shown: int = 4) -> str:
    nodes = list(nodes)
    return ", ".join(nodes[:shown]) + (f" and {len(nodes) - shown} more" if len(nodes) > shown
                                       else "")
