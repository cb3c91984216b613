"""The network as a process group's schedule sees it, by the verifier's own means.

A ``forestcoll-schedule/5`` file is for a process group: its ``compute_nodes`` (and its
``"process_group"``) are the group's members, a subset of the network's compute nodes; the
other compute nodes forward data but need none. To the bound and to the schedule's checks
they are switches: every tree must span the members, may relay through any other node,
and the bound is the bottleneck cut over the members (docs/groups.md). The verifier makes
that network itself, from the topology it is given and the members the file lists, so that
``verify TOPOLOGY SCHEDULE`` judges a group's schedule against its group without being
told; it shares no code with :func:`forestcoll_opt.model.groups.restrict`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..model.topology import MAX_ID_LENGTH, Node, Topology


def listed_members(data: Any) -> tuple[str, ...] | None:
    """The members a schedule mapping claims in ``"process_group"``, when that is a list
    of at least two distinct strings; None otherwise (no claim, or one the reader refuses
    with a reason)."""
    if not isinstance(data, Mapping):
        return None
    raw = data.get("process_group")
    if not isinstance(raw, (list, tuple)) or not all(isinstance(v, str) for v in raw):
        return None
    if len(set(raw)) != len(raw) or len(raw) < 2:
        return None
    return tuple(raw)


def as_group(topology: Topology, data: Any) -> Topology:
    """The network ``data`` (a schedule mapping) is to be judged on: ``topology`` itself,
    unless the schedule claims a process group whose members are all compute nodes of
    ``topology`` and not all of them; then the same network with every other compute node
    made a switch, named ``"<name> [group of n of N compute nodes]"``. A claim naming a
    node that is not a compute node of ``topology`` leaves it unchanged (the reader then
    reports the schedule's compute nodes as foreign)."""
    members = listed_members(data)
    if members is None:
        return topology
    compute = set(topology.compute_nodes)
    keep = set(members)
    if not keep <= compute or keep == compute:
        return topology
    nodes = tuple(node if node.kind != "compute" or node.id in keep else
                  Node(id=node.id, kind="switch", box=node.box) for node in topology.nodes)
    name = f"{topology.name} [group of {len(keep)} of {len(compute)} compute nodes]"
    return Topology(name=name[:MAX_ID_LENGTH].rstrip(), nodes=nodes, links=topology.links,
                    units=topology.units)


def group_note(data: Any, judged: Topology) -> tuple[str, ...]:
    """The verdict's note when a schedule claiming a process group was judged on its
    group's network (:func:`as_group`, here or by the caller)."""
    members = listed_members(data)
    if members is None or set(members) != set(judged.compute_nodes):
        return ()
    return (f"judged for its process group of {len(members)} compute nodes "
            f"({', '.join(members[:4])}{' ...' if len(members) > 4 else ''}) on "
            f"{judged.name}; the other compute nodes forward data as switches do",)
