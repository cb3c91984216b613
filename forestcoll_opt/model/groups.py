"""Process groups: the compute nodes that run one collective together, and layouts of
groups that run at once (a device mesh, or a list read from a file).

For one group, a compute node outside it forwards data but needs none, so to the bound and
to edge splitting it is a switch (paper, appendix "Edge Splitting": the splitting theorem
asks only that the split node is not a terminal and that every node is balanced, which a
valid topology already is). :func:`restrict` returns the network as the group sees it.

A mesh follows the convention of PyTorch's ``DeviceMesh`` and Megatron-LM: ranks are given
to the compute nodes in :func:`rank_order` (box by box, as a launcher places processes),
and rank r has the mesh coordinates of r written in mixed radix, the last dimension
fastest. ``mesh_groups(topo, "dp=16,tp=8", along="dp")`` gives the 8 data-parallel groups:
group j holds the ranks ``i * 8 + j`` for i = 0 … 15, GPU j of every 8-GPU box.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Any, Iterable, Mapping, Sequence

from ..errors import GroupError
from ..files import MAX_TOPOLOGY, display_path, parse_json, read_text
from .numbers import parse_exact, value_text
from .topology import MAX_ID_LENGTH, Node, Topology

__all__ = ["Group", "Mesh", "select", "restrict", "rank_order", "parse_mesh", "mesh_groups",
           "groups_from_data", "load_groups", "is_whole"]

_GLOB = re.compile(r"[*?\[]")
_DIM = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
MAX_GROUPS = 1 << 16


@dataclass(frozen=True)
class Group:
    """A process group: the compute nodes that run one collective together.

    :ivar members: the member node ids, in the topology's node order, at least two
    :ivar weight: the group's demand relative to the others running at once: with a common
        scale λ, group g runs at algbw λ·weight (a positive exact number, 1 by default)
    :ivar name: how outputs name the group, e.g. ``"dp[tp=3]"`` for a mesh group"""

    members: tuple[str, ...]
    weight: Fraction = Fraction(1)
    name: str = ""

    def __len__(self) -> int:
        return len(self.members)


@dataclass(frozen=True)
class Mesh:
    """A device mesh: named dimensions and their sizes, the last dimension fastest.

    :ivar dims: ``(name, size)`` pairs in order, e.g. ``(("dp", 16), ("tp", 8))``"""

    dims: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        """The number of ranks, the product of the sizes."""
        return prod(s for _, s in self.dims)

    def __str__(self) -> str:
        return ",".join(f"{n}={s}" for n, s in self.dims)


def rank_order(topology: Topology) -> tuple[str, ...]:
    """The compute nodes in the order a launcher gives them ranks: box by box (boxes in
    the order their first node is declared), declaration order within a box; nodes
    without a box after the boxed ones, in declaration order."""
    boxes = topology.boxes()
    loose = boxes.pop(None, [])
    return tuple(n for members in boxes.values() for n in members) + tuple(loose)


def select(topology: Topology, spec: "str | Iterable[str]", *, where: str = "group=") -> tuple[str, ...]:
    """The compute nodes a group names, in the topology's node order.

    :param spec: a comma-separated string or a list of items; an item is a compute node's
        id or a glob over the compute node ids (``box*/gpu0``, ``box3/*``; ``*``, ``?``
        and ``[...]`` as in :mod:`fnmatch`, case-sensitive). A whole string that is one
        node's id is that node even if it holds a comma.
    :param where: how messages name the argument
    :returns: the members, each once
    :raises GroupError: for an item that names no compute node (a switch is refused by
        name), or fewer than two members"""
    compute = topology.compute_nodes
    known = set(compute)
    if isinstance(spec, str):
        items = [spec] if spec in topology.index else [s.strip() for s in spec.split(",")]
    else:
        items = list(spec)
    chosen: set[str] = set()
    for item in items:
        if not isinstance(item, str) or not item:
            raise GroupError(f"{where}: a member must be a compute node id or a glob, got "
                             f"{value_text(item)}")
        if item in known:
            chosen.add(item)
        elif item in topology.index:
            raise GroupError(f"{where}: {item!r} is a switch; a group holds compute nodes "
                             f"(a switch forwards for every group anyway)")
        elif _GLOB.search(item):
            hits = [n for n in compute if fnmatch.fnmatchcase(n, item)]
            if not hits:
                raise GroupError(f"{where}: the glob {item!r} matches no compute node of "
                                 f"{topology.name} (its nodes look like {compute[0]!r})")
            chosen.update(hits)
        else:
            close = difflib.get_close_matches(item, compute, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else \
                f" (its nodes look like {compute[0]!r})"
            raise GroupError(f"{where}: {topology.name} has no compute node {item!r}{hint}")
    if len(chosen) < 2:
        raise GroupError(f"{where}: a group needs at least two compute nodes, got "
                         f"{len(chosen)} ({', '.join(sorted(chosen)) or 'none'})")
    return tuple(n for n in compute if n in chosen)


def is_whole(topology: Topology, members: Iterable[str]) -> bool:
    """Whether the members are every compute node of the topology."""
    return set(members) == set(topology.compute_nodes)


def restrict(topology: Topology, members: "Group | Iterable[str]") -> Topology:
    """The network as one group sees it: every compute node outside the group becomes a
    switch (it forwards, it needs no data), links and bandwidths unchanged. A group of
    every compute node gives the topology itself.

    :raises GroupError: for members that are not compute nodes of the topology"""
    ids = members.members if isinstance(members, Group) else tuple(members)
    compute = set(topology.compute_nodes)
    stray = [m for m in ids if m not in compute]
    if stray:
        raise GroupError(f"group=: {stray[0]!r} is not a compute node of {topology.name}")
    keep = set(ids)
    if len(keep) < 2:
        raise GroupError(f"group=: a group needs at least two compute nodes, got {len(keep)}")
    if keep == compute:
        return topology
    nodes = tuple(n if (not n.is_compute or n.id in keep) else
                  Node(id=n.id, kind="switch", box=n.box) for n in topology.nodes)
    name = f"{topology.name} [group of {len(keep)} of {len(compute)} compute nodes]"
    return Topology(name=name[:MAX_ID_LENGTH].rstrip(), nodes=nodes, links=topology.links, units=topology.units)


def parse_mesh(spec: "str | Mapping[str, int] | Mesh") -> Mesh:
    """A mesh from ``"dp=16,tp=8"`` (or a mapping ``{"dp": 16, "tp": 8}``, in order).

    :raises GroupError: for a malformed item, a repeated name or a size below 1"""
    if isinstance(spec, Mesh):
        return spec
    if isinstance(spec, Mapping):
        pairs = list(spec.items())
    elif isinstance(spec, str):
        pairs = []
        for item in spec.split(","):
            name, eq, size = item.strip().partition("=")
            if not eq:
                raise GroupError(f"mesh=: {item.strip()!r} is not NAME=SIZE; write the "
                                 f"mesh as e.g. 'dp=16,tp=8' (last dimension fastest)",
                                 options=("mesh",))
            pairs.append((name.strip(), size.strip()))
    else:
        raise GroupError(f"mesh=: expected 'dp=16,tp=8' or a mapping, got {value_text(spec)}",
                         options=("mesh",))
    dims: list[tuple[str, int]] = []
    for name, size in pairs:
        if not isinstance(name, str) or not _DIM.match(name):
            raise GroupError(f"mesh=: dimension name {value_text(name)} must be a word "
                             f"such as dp, tp, pp, ep", options=("mesh",))
        if any(name == n for n, _ in dims):
            raise GroupError(f"mesh=: dimension {name!r} is named twice", options=("mesh",))
        if isinstance(size, str) and size.isascii() and size.isdigit() and len(size) < 10:
            size = int(size)
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise GroupError(f"mesh=: dimension {name!r} needs a positive whole size, got "
                             f"{value_text(size)}", options=("mesh",))
        dims.append((name, size))
    if not dims:
        raise GroupError("mesh=: no dimensions; write e.g. 'dp=16,tp=8'")
    return Mesh(tuple(dims))


def mesh_groups(topology: Topology, mesh: "str | Mapping[str, int] | Mesh",
                along: "str | Sequence[str]") -> tuple[Group, ...]:
    """The groups of a mesh along some of its dimensions, all running at once: one group
    per value of the other dimensions, holding the ranks that differ only along ``along``.

    :param mesh: the mesh (:func:`parse_mesh`); its ranks must be the compute nodes
    :param along: a dimension name, a comma list or a sequence of names
    :returns: the groups, named like ``"dp[tp=3]"``, in the order of the other
        coordinates (last dimension fastest); members in the topology's node order
    :raises GroupError: when the mesh's rank count is not the number of compute nodes, or
        ``along`` names no dimension of it"""
    mesh = parse_mesh(mesh)
    ranks = rank_order(topology)
    if mesh.size != len(ranks):
        raise GroupError(f"mesh=: {mesh} has {mesh.size} ranks but {topology.name} has "
                         f"{len(ranks)} compute nodes; the sizes must multiply to "
                         f"{len(ranks)}", options=("mesh",))
    names = [n for n, _ in mesh.dims]
    wanted = [a.strip() for a in along.split(",")] if isinstance(along, str) else list(along)
    for a in wanted:
        if a not in names:
            raise GroupError(f"along=: {a!r} is not a dimension of the mesh {mesh} "
                             f"(choose from {', '.join(names)})", options=("along",))
    if len(set(wanted)) != len(wanted) or not wanted:
        raise GroupError(f"along=: name each dimension of the mesh {mesh} at most once",
                         options=("along",))
    if prod(s for n, s in mesh.dims if n in wanted) < 2:
        raise GroupError(f"along=: the groups along {','.join(wanted)} of {mesh} have one "
                         f"rank each; a collective needs two", options=("along",))
    strides: dict[str, int] = {}
    step = 1
    for name, size in reversed(mesh.dims):
        strides[name] = step
        step *= size
    position = {n: i for i, n in enumerate(topology.compute_nodes)}
    groups: list[Group] = []
    for fixed in _coordinates([(n, s) for n, s in mesh.dims if n not in wanted]):
        base = sum(strides[n] * c for n, c in fixed)
        members = [ranks[base + sum(strides[n] * c for n, c in free)]
                   for free in _coordinates([(n, s) for n, s in mesh.dims if n in wanted])]
        label = ",".join(f"{n}={c}" for n, c in fixed)
        groups.append(Group(tuple(sorted(members, key=position.__getitem__)),
                            name=f"{','.join(wanted)}[{label}]" if label else ",".join(wanted)))
    return tuple(groups)


def _coordinates(dims: Sequence[tuple[str, int]]) -> Iterable[list[tuple[str, int]]]:
    """Every coordinate tuple of ``dims``, the last dimension fastest."""
    if not dims:
        yield []
        return
    (name, size), rest = dims[0], dims[1:]
    for c in range(size):
        for tail in _coordinates(rest):
            yield [(name, c)] + tail


def groups_from_data(topology: Topology, data: Any, *,
                     source: str = "groups") -> tuple[Group, ...]:
    """Groups from a parsed groups document: a JSON list whose items are each a list of
    node ids or globs, or an object ``{"members": [...], "weight": w, "name": "..."}``
    (``weight`` an exact positive number, ``"3/2"`` or ``2``; ``members`` may also be one
    comma/glob string). Groups may differ in size and weight, and may overlap.

    :raises GroupError: naming the item at fault"""
    if not isinstance(data, list) or not data:
        raise GroupError(f"{source}: expected a non-empty JSON list of groups, got "
                         f"{value_text(data)}")
    if len(data) > MAX_GROUPS:
        raise GroupError(f"{source}: {len(data)} groups; at most {MAX_GROUPS} are accepted")
    groups: list[Group] = []
    seen: dict[tuple[str, ...], int] = {}
    for i, item in enumerate(data):
        where = f"{source}: group #{i}"
        weight, name = Fraction(1), f"g{i}"
        if isinstance(item, dict):
            extra = sorted(set(item) - {"members", "weight", "name"})
            if extra:
                raise GroupError(f"{where}: unknown key {extra[0]!r} (a group has members, "
                                 f"weight, name)")
            if "members" not in item:
                raise GroupError(f"{where}: no \"members\"")
            if "weight" in item:
                weight = parse_exact(item["weight"], where, what="weight", error=GroupError)
                if weight <= 0:
                    raise GroupError(f"{where}: weight must be positive, got "
                                     f"{value_text(item['weight'])}")
            if "name" in item:
                if not isinstance(item["name"], str) or not item["name"]:
                    raise GroupError(f"{where}: name must be a non-empty string")
                name = item["name"]
            members = item["members"]
        else:
            members = item
        if not isinstance(members, (list, str)):
            raise GroupError(f"{where}: members must be a list of node ids or globs, got "
                             f"{value_text(members)}")
        chosen = select(topology, members, where=where)
        if chosen in seen:
            raise GroupError(f"{where}: the same members as group #{seen[chosen]}; list a "
                             f"group once and give it a weight instead")
        seen[chosen] = i
        groups.append(Group(chosen, weight, name))
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise GroupError(f"{source}: two groups are named {dup!r}")
    return tuple(groups)


def load_groups(topology: Topology, path: "str | os.PathLike") -> tuple[Group, ...]:
    """Groups from a JSON file (:func:`groups_from_data`)."""
    shown = display_path(path)
    text = read_text(path, GroupError, "groups", limit=MAX_TOPOLOGY)
    return groups_from_data(topology, parse_json(text, GroupError, shown), source=shown)
