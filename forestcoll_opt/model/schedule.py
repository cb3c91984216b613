"""Collective schedules: the ``Schedule`` object, its JSON format ``forestcoll-schedule/1``,
and generation for all five collectives (paper, section 5.7 "Other Collective Operations").

* allgather: k out-trees per compute node from bound -> splitting -> packing -> routing.
* reduce-scatter: allgather on the reversed topology, every tree reversed back (in-trees,
  edges pointing the way data flows), so networks whose two directions differ are right.
* allreduce: a reduce-scatter phase then an allgather phase.
* broadcast / reduce: k trees at one root reaching the single-root bound min_v F(r, v)
  (on the reversed network for reduce).

Semantics of a schedule (docs/formats.md): for data size M and N compute nodes, allgather time is
``M/(N·k) · max_link load/bandwidth`` where a link's load is Σ weight × times used;
broadcast/reduce use ``M/k`` instead of ``M/(N·k)``; allreduce adds its phases.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping

from .collective import ALL, Collective
from ..errors import ForestCollError, ScheduleError
from ..files import MAX_SCHEDULE, display_path, parse_json, read_text, write_output
from .numbers import fraction_text, parse_exact
from .summary import schedule_html, schedule_repr, schedule_text
from .topology import Topology, check_id
from .weights import coprime

FORMAT = "forestcoll-schedule/1"
FORMAT_V2 = "forestcoll-schedule/2"     # adds "weights" and "concurrent" (docs/formats.md)
FORMATS = (FORMAT, FORMAT_V2)
COLLECTIVES = ALL            # kept for importers of the previous release
MAX_COUNT = 2**63 - 1        # the largest k or tree weight the format allows (docs/formats.md)


@dataclass(frozen=True)
class TreeEdge:
    """One edge of a tree: data moves from one compute node to another along a physical
    route (paper, section "Edge Splitting": an edge of the switch-free logical topology is
    a route through switches in the physical one).

    :ivar src: the compute node the data leaves
    :ivar dst: the compute node the data arrives at
    :ivar path: the physical route from ``src`` to ``dst``, both included (so at least two
        nodes); every consecutive pair is a link of the topology in that direction and the
        nodes between the ends are switches
    """

    src: str
    dst: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Tree:
    """A weighted spanning tree over the compute nodes (edges point the way data flows).

    In allgather and broadcast it is an out-tree: its edges lead away from the root and
    every other compute node has one incoming edge. In reduce-scatter and reduce it is an
    in-tree: its edges lead toward the root and every other compute node has one outgoing
    edge.

    :ivar root: the compute node whose data the tree carries (allgather, broadcast), or for
        which it collects the reduced data (reduce-scatter, reduce)
    :ivar weight: how many of the root's parts the tree carries (the root's data is cut into
        k parts, k·ŵ_v with shard weights); a positive integer
    :ivar edges: the tree's edges, each with its physical route
    """

    root: str
    weight: int
    edges: tuple[TreeEdge, ...]

    def children(self) -> dict[str, list[str]]:
        """Every node's children, away from the root, in the order of ``edges`` (for an
        in-tree, whose edges point toward the root, the children of v are the sources of
        the edges into v)."""
        out: dict[str, list[str]] = {}
        toward = any(e.dst == self.root for e in self.edges) and \
            not any(e.src == self.root for e in self.edges)
        for e in self.edges:
            parent, child = (e.dst, e.src) if toward else (e.src, e.dst)
            out.setdefault(parent, []).append(child)
        return out

    def preorder(self) -> list[str]:
        """The nodes from the root down, every parent before its children (depth first,
        children in the order of ``edges``)."""
        children = self.children()
        order, stack = [], [self.root]
        while stack:
            v = stack.pop()
            order.append(v)
            stack.extend(reversed(children.get(v, [])))
        return order

    @property
    def height(self) -> int:
        """The largest number of tree edges between the root and a node (compute hops)."""
        children = self.children()
        depth = {self.root: 0}
        for v in self.preorder():
            for c in children.get(v, ()):
                depth[c] = depth[v] + 1
        return max(depth.values())


_SUMMED = ("seconds", "bound_seconds", "splitting_seconds", "packing_seconds",
           "routing_seconds", "symmetry_seconds", "packing_symmetry_seconds",
           "splitting_max_flows", "packing_max_flows", "joint_splits", "joint_max_flows",
           "joint_bisections", "joint_steps", "joint_packing_max_flows", "packing_fallback",
           "construction_seconds", "baseline_seconds")


@dataclass(frozen=True)
class Stats(MappingABC):
    """How a schedule was made: seconds per stage and counts of work. Informative only,
    never written to JSON, never compared (two equal schedules may differ here).

    Every field is None when the stage did not run. It reads as a mapping too
    (``stats["packing_seconds"]``, ``dict(stats)``) over the fields that are set.

    :ivar seconds: total seconds (LP schedules, baselines)
    :ivar bound_seconds: the bound and the least k (or the fixed-k capacities)
    :ivar splitting_seconds: edge splitting (paper, section "Edge Splitting")
    :ivar packing_seconds: spanning-tree packing (section "Spanning Tree Packing")
    :ivar routing_seconds: mapping logical edges back to routes through switches
    :ivar symmetry_seconds: finding the topology's automorphism group
    :ivar packing_symmetry_seconds: finding the group packing grows trees under
    :ivar symmetry_generators: generators of that group
    :ivar symmetry_compute_orbits: orbits of compute nodes under it
    :ivar symmetry_cycle: length of the rotation's cycle through the first compute node
    :ivar packing_group_order: order of the group packing used (1: none)
    :ivar splitting_max_flows: max-flow computations in splitting
    :ivar packing_max_flows: max-flow computations in packing
    :ivar joint_splits: splits done for a whole orbit of switch pairs at once
    :ivar joint_max_flows: max-flows of those joint splits
    :ivar joint_bisections: bisection steps of joint splits that had to shrink
    :ivar joint_steps: packing steps taken for a whole orbit of trees at once
    :ivar joint_packing_max_flows: max-flows of those joint steps
    :ivar packing_fallback: 1 when packing fell back from the group to single steps
    :ivar paper_k: the paper's k (sufficient, not necessary) when the least k was used
    :ivar lp_seconds: solving and certifying the allreduce LP
    :ivar lp_lower: the LP's certified lower value
    :ivar lp_upper: the LP's certified upper value
    :ivar shares: where an LP schedule's per-root shares came from
    :ivar construction_seconds: building an LP schedule's trees
    :ivar baseline: the baseline's kind (ring, dbtree, tree)
    :ivar channels: the baseline's channels (rings or tree pairs)
    :ivar baseline_seconds: building the baseline
    """

    seconds: float | None = None
    bound_seconds: float | None = None
    splitting_seconds: float | None = None
    packing_seconds: float | None = None
    routing_seconds: float | None = None
    symmetry_seconds: float | None = None
    packing_symmetry_seconds: float | None = None
    symmetry_generators: int | None = None
    symmetry_compute_orbits: int | None = None
    symmetry_cycle: int | None = None
    packing_group_order: int | None = None
    splitting_max_flows: int | None = None
    packing_max_flows: int | None = None
    joint_splits: int | None = None
    joint_max_flows: int | None = None
    joint_bisections: int | None = None
    joint_steps: int | None = None
    joint_packing_max_flows: int | None = None
    packing_fallback: int | None = None
    paper_k: int | None = None
    lp_seconds: float | None = None
    lp_lower: Fraction | None = None
    lp_upper: Fraction | None = None
    shares: str | None = None
    construction_seconds: float | None = None
    baseline: str | None = None
    channels: int | None = None
    baseline_seconds: float | None = None

    @classmethod
    def of(cls, values: "Mapping[str, Any] | Stats | None") -> "Stats":
        """``values`` as :class:`Stats`; an unknown key is a programming error."""
        if isinstance(values, Stats):
            return values
        values = dict(values or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise TypeError(f"unknown schedule statistic {unknown[0]!r}")
        return cls(**values)

    def plus(self, other: "Stats") -> "Stats":
        """Both phases' work: times and counts added where either has them (allreduce)."""
        out = {}
        for name in _SUMMED:
            a, b = getattr(self, name), getattr(other, name)
            if a is not None or b is not None:
                out[name] = (a or 0) + (b or 0)
        return Stats(**out)

    def __getitem__(self, key: str) -> Any:
        value = getattr(self, key) if key in _STAT_NAMES else None
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self):
        return (f.name for f in fields(self) if getattr(self, f.name) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


_STAT_NAMES = frozenset(f.name for f in fields(Stats))


@dataclass(frozen=True)
class Schedule:
    """A collective schedule as docs/formats.md specifies it: weighted trees, each tree edge
    with its physical route. Allreduce has ``phases`` and no ``trees``. For a data size M,
    the collective takes M / ``algbw``.

    :ivar collective: the :class:`~forestcoll_opt.model.collective.Collective` it performs
        (a string value given here is turned into the member)
    :ivar topology: the name of the topology the schedule was made for (``""`` if unknown)
    :ivar units: the unit of ``algbw`` and ``tree_bandwidth``: the topology's bandwidth unit
    :ivar compute_nodes: the topology's compute nodes, in the topology's order
    :ivar k: parts per root: each root's data is cut into k equal parts (k·ŵ_v at root v
        with shard weights); None for allreduce, whose phases carry their own k
    :ivar tree_bandwidth: the rate at which one unit of tree weight flows, 1 / max over
        links of (load / bandwidth); None for allreduce or when a file leaves it out
    :ivar algbw: the algorithmic bandwidth M / time, exact, in ``units``
    :ivar trees: the weighted trees (empty for allreduce)
    :ivar root: the compute node broadcast starts at or reduce ends at; None for the
        multi-root collectives
    :ivar phases: allreduce only: the reduce-scatter phase then the allgather phase, each a
        single-phase schedule with its own ``k``, ``trees`` and ``algbw``
    :ivar stats: :class:`Stats`: seconds per generation stage and counts; informative,
        ignored by ``==`` and never written to JSON
    :ivar weights: the normalised shard weights as (compute node, ŵ) pairs in
        ``compute_nodes`` order, or None when every compute node has an equal shard
    :ivar concurrent: allreduce only: the two phases run at the same time, sharing every
        link, instead of one after the other
    :ivar multicast: switches marked ``multicast`` in the topology replicate (out-trees) or
        aggregate (in-trees) a tree's data, so the paths of one tree's edges from (into)
        one compute node count their common part once
    """

    collective: Collective
    topology: str
    units: str
    compute_nodes: tuple[str, ...]
    k: int | None
    tree_bandwidth: Fraction | None
    algbw: Fraction
    trees: tuple[Tree, ...] = ()
    root: str | None = None
    phases: tuple["Schedule", ...] = ()
    stats: Stats = field(default_factory=Stats, compare=False, repr=False)
    weights: tuple[tuple[str, int], ...] | None = None
    concurrent: bool = False
    multicast: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.collective, Collective):
            try:
                member = Collective(self.collective)
            except ValueError:
                raise ScheduleError(f"unknown collective {str(self.collective)[:40]!r}; use one "
                                    f"of {', '.join(ALL)}") from None
            object.__setattr__(self, "collective", member)
        if not isinstance(self.stats, Stats):
            object.__setattr__(self, "stats", Stats.of(self.stats))

    def __repr__(self) -> str:
        return schedule_repr(self)

    def __str__(self) -> str:
        return schedule_text(self)

    def _repr_html_(self) -> str:
        return schedule_html(self)

    def save(self, path: str | os.PathLike) -> None:
        """Write the schedule file (see :func:`write`); read it back with
        :func:`load` (``fc.load_schedule``).

        :param path: the file to write (``.gz``: compressed), or ``-`` for standard output
        :raises OutputError: when the file cannot be written
        """
        write(self, path)

    @property
    def num_trees(self) -> int:
        """The number of trees, those of both allreduce phases included."""
        return len(self.trees) + sum(p.num_trees for p in self.phases)

    @property
    def total_weight(self) -> int:
        """Ŵ: the sum of the normalised shard weights (N without weights)."""
        if self.weights is None:
            return len(self.compute_nodes)
        return sum(w for _, w in self.weights)

    @property
    def format(self) -> str:
        """``forestcoll-schedule/1`` unless the schedule needs version 2 (weights,
        concurrent allreduce phases, or in-network multicast)."""
        return (FORMAT_V2 if self.weights is not None or self.concurrent or self.multicast
                else FORMAT)

    # --- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The schedule as the JSON object of docs/formats.md (``stats`` left out).

        :returns: a dict of JSON types; exact numbers are integers or ``"p/q"`` strings
        """
        out: dict[str, Any] = {"format": self.format, "collective": self.collective.value,
                               "topology": self.topology, "units": self.units,
                               "compute_nodes": list(self.compute_nodes)}
        if self.root is not None:
            out["root"] = self.root
        if self.weights is not None:
            out["weights"] = dict(self.weights)
        if self.concurrent:
            out["concurrent"] = True
        if self.multicast:
            out["multicast"] = True
        out.update(self._body())
        return out

    def _body(self) -> dict[str, Any]:
        body: dict[str, Any] = {}
        if self.phases:
            body["algbw"] = _frac(self.algbw)
            body["phases"] = [{"collective": p.collective.value, **p._body()} for p in self.phases]
            return body
        body["k"] = self.k
        body["tree_bandwidth"] = _frac(self.tree_bandwidth)
        body["algbw"] = _frac(self.algbw)
        body["trees"] = [
            {"root": t.root, "weight": t.weight,
             "edges": [{"src": e.src, "dst": e.dst, "path": list(e.path)} for e in t.edges]}
            for t in self.trees]
        return body

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`: one key per line, one tree per line (so a
        1M-edge schedule is written by json's C encoder, and still reads and diffs tree by
        tree).

        :returns: the JSON text, ending with a newline
        """
        lines: list[str] = []
        _emit(self.to_dict(), lines, 0)
        return "\n".join(lines) + "\n"


def _emit(obj: Mapping[str, Any], lines: list[str], depth: int) -> None:
    """Append the lines of one JSON object: a key per line; each element of ``trees`` and
    of ``phases`` on lines of its own (a tree on one line, a phase as an object)."""
    pad = " " * (depth + 1)
    lines.append("{")
    items = list(obj.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        prefix = f"{pad}{json.dumps(key)}: "
        if key in ("trees", "phases") and value:
            lines.append(prefix + "[")
            for j, element in enumerate(value):
                more = "," if j < len(value) - 1 else ""
                if key == "trees":
                    lines.append(f"{pad} {json.dumps(element)}{more}")
                else:
                    start = len(lines)
                    _emit(element, lines, depth + 2)
                    lines[start] = pad + " " + lines[start]
                    lines[-1] += more
            lines.append(pad + "]" + comma)
        else:
            lines.append(prefix + json.dumps(value) + comma)
    lines.append(" " * depth + "}")


_frac = fraction_text


def write(schedule: Schedule, path: str | os.PathLike) -> None:
    """Write a schedule file (``forestcoll-schedule/1``, or ``/2`` when the schedule needs
    it) atomically: a failed run leaves no partial file.

    :param schedule: the schedule to write
    :param path: the file to write, or ``-`` for standard output
    :raises OutputError: when the file cannot be written (missing folder, a directory, no
        permission)
    """
    write_output(path, schedule.to_json())


def loads(text: str, *, source: str = "schedule") -> Schedule:
    """Parse the JSON text of a schedule (see :func:`from_dict`).

    :param text: the JSON text
    :param source: how error messages name the text, e.g. its file name
    :returns: the schedule
    :raises ScheduleError: when the text is not JSON or not a valid schedule
    """
    return from_dict(parse_json(text, ScheduleError, source), source=source)


def load(path: str | os.PathLike) -> Schedule:
    """Read a schedule file (JSON, possibly gzip-compressed; see :func:`from_dict`).

    :param path: the file to read
    :returns: the schedule
    :raises ScheduleError: when the file cannot be read (missing, a directory, larger than
        1 GiB, not UTF-8) or is not a valid schedule
    """
    text = read_text(path, ScheduleError, "schedule", limit=MAX_SCHEDULE)
    return loads(text, source=display_path(path))


_COMMON_KEYS = {"format", "collective", "topology", "units", "compute_nodes", "algbw"}
_V2_KEYS = {"weights", "concurrent", "multicast"}
_PHASE_KEYS = {"collective", "k", "tree_bandwidth", "algbw", "trees"}
_TREE_KEYS = {"root", "weight", "edges"}
_EDGE_KEYS = {"src", "dst", "path"}
MAX_NUMBER_DIGITS = 200      # exact algbw / tree_bandwidth strings a schedule may carry


def from_dict(data: Mapping[str, Any], *, source: str = "schedule") -> Schedule:
    """Parse ``forestcoll-schedule/1`` (docs/formats.md). The shape is checked strictly —
    field types, unknown or misplaced keys, the root rules of each collective — while the
    content (spanning trees, routes, loads) is the verifier's to judge.

    :param data: the parsed JSON object
    :param source: how error messages name the schedule, e.g. its file name
    :returns: the schedule; its ``algbw`` is the file's, not recomputed
    :raises ScheduleError: when a field is missing, misplaced, unknown or of the wrong type
        or range (the message names it)
    """
    if not isinstance(data, Mapping):
        raise ScheduleError(f"{source}: a schedule must be a JSON object")
    fmt = data.get("format")
    if fmt not in FORMATS:
        raise ScheduleError(f"{source}: \"format\" must be {FORMAT!r} or {FORMAT_V2!r}")
    if fmt == FORMAT:
        newer = sorted(key for key in _V2_KEYS if key in data)
        if newer:
            raise ScheduleError(f"{source}: \"{newer[0]}\" needs \"format\": {FORMAT_V2!r}")
    collective = data.get("collective")
    if not isinstance(collective, str) or collective not in ALL:
        raise ScheduleError(f"{source}: unknown collective {str(collective)[:40]!r}; use one of "
                            f"{', '.join(ALL)}")
    collective = Collective(collective)
    if collective is Collective.ALLREDUCE:
        allowed = _COMMON_KEYS | {"phases"} | _V2_KEYS
    else:
        allowed = _COMMON_KEYS | _PHASE_KEYS | {"multicast"} | (
            {"root"} if collective.rooted else {"weights"})
    _known_keys(data, allowed, source, collective)
    for key in ("compute_nodes", "algbw"):
        if key not in data:
            raise ScheduleError(f"{source}: missing \"{key}\"")
    nodes = data["compute_nodes"]
    if not isinstance(nodes, list) or not nodes:
        raise ScheduleError(f"{source}: \"compute_nodes\" must be a list of node ids")
    common = dict(topology=_text(data.get("topology", ""), f"{source}: \"topology\""),
                  units=_text(data.get("units", ""), f"{source}: \"units\""),
                  compute_nodes=tuple(_id(v, f"{source}: compute_nodes") for v in nodes))
    algbw = _fraction(data["algbw"], f"{source}: algbw")
    common["weights"] = _weights(data.get("weights"), common["compute_nodes"], source)
    concurrent = data.get("concurrent", False)
    multicast = data.get("multicast", False)
    for key, value in (("concurrent", concurrent), ("multicast", multicast)):
        if not isinstance(value, bool):
            raise ScheduleError(f"{source}: \"{key}\" must be true or false")
    if collective == "allreduce":
        phases = data.get("phases")
        want = ("reduce-scatter", "allgather")
        if not isinstance(phases, list) or len(phases) != 2:
            raise ScheduleError(f"{source}: allreduce needs \"phases\": [reduce-scatter part, "
                                f"allgather part]")
        parsed = []
        for i, (phase, coll) in enumerate(zip(phases, want)):
            where = f"{source} phase {i}"
            if not isinstance(phase, Mapping) or phase.get("collective") != coll:
                raise ScheduleError(f"{where}: must be a {coll} object")
            _known_keys(phase, _PHASE_KEYS, where, coll)
            parsed.append(_phase(phase, coll, common, None, where))
        return Schedule(collective=collective, k=None, tree_bandwidth=None, algbw=algbw,
                        phases=tuple(parsed), concurrent=concurrent, multicast=multicast,
                        **common)
    root = None
    if collective.rooted:
        if "root" not in data:
            raise ScheduleError(f"{source}: {collective} needs a \"root\"")
        root = _id(data["root"], f"{source}: root")
    return replace(_phase(data, collective, common, root, source), algbw=algbw,
                   multicast=multicast)


def _weights(raw: Any, nodes: tuple[str, ...], source: str
             ) -> tuple[tuple[str, int], ...] | None:
    """The "weights" object as normalised (node, ŵ) pairs in ``compute_nodes`` order;
    None when absent or uniform (docs/formats.md)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) != set(nodes):
        raise ScheduleError(f"{source}: \"weights\" must give every compute node listed in "
                            f"\"compute_nodes\" a weight, and nothing else")
    ints = coprime([_fraction(raw[v], f"{source}: weight of {v}", zero=True) for v in nodes])
    if not any(ints):
        raise ScheduleError(f"{source}: every weight is 0; at least one must be positive")
    if len(set(ints)) == 1:
        return None
    return tuple(zip(nodes, ints))


def _known_keys(obj: Mapping[str, Any], allowed: set[str], where: str, collective: str) -> None:
    extra = sorted(str(key) for key in obj if key not in allowed)
    if extra:
        raise ScheduleError(f"{where}: field {extra[0][:40]!r} does not belong in a {collective} "
                            f"schedule; allowed: {', '.join(sorted(allowed))}")


def _phase(data: Mapping[str, Any], collective: str, common: dict, root: str | None,
           source: str) -> Schedule:
    for key in ("k", "trees"):
        if key not in data:
            raise ScheduleError(f"{source}: missing \"{key}\"")
    k = _count(data["k"])
    if k is None:
        raise ScheduleError(f"{source}: k must be a positive integer, found "
                            f"{str(data['k'])[:40]!r}")
    raw = data["trees"]
    if not isinstance(raw, list) or not raw:
        raise ScheduleError(f"{source}: \"trees\" must be a non-empty list")
    trees = []
    for i, t in enumerate(raw):
        where = f"{source}: tree #{i}"
        if not isinstance(t, Mapping):
            raise ScheduleError(f"{where} is not an object")
        _known_keys(t, _TREE_KEYS, where, collective)
        weight = _count(t.get("weight"))
        if weight is None:
            raise ScheduleError(f"{where}: weight must be a positive integer, found "
                                f"{str(t.get('weight'))[:40]!r}")
        edges = t.get("edges")
        if not isinstance(edges, list):
            raise ScheduleError(f"{where}: \"edges\" must be a list")
        parsed = []
        for j, e in enumerate(edges):
            ew = f"{where} edge #{j}"
            if not isinstance(e, Mapping):
                raise ScheduleError(f"{ew} is not an object")
            _known_keys(e, _EDGE_KEYS, ew, collective)
            path = e.get("path")
            if not isinstance(path, list) or len(path) < 2:
                raise ScheduleError(f"{ew}: \"path\" must list at least its two ends")
            parsed.append(TreeEdge(_id(e.get("src"), f"{ew} src"), _id(e.get("dst"), f"{ew} dst"),
                                   tuple(_id(v, f"{ew} path") for v in path)))
        trees.append(Tree(_id(t.get("root"), f"{where} root"), weight, tuple(parsed)))
    bandwidth = data.get("tree_bandwidth")
    return Schedule(collective=collective, k=k,
                    tree_bandwidth=None if bandwidth is None else
                    _fraction(bandwidth, f"{source}: tree_bandwidth"),
                    algbw=_fraction(data.get("algbw", 1), f"{source}: algbw"),
                    trees=tuple(trees), root=root, **common)


def _id(value: Any, where: str) -> str:
    try:
        return check_id(value, where)
    except ForestCollError as exc:
        raise ScheduleError(str(exc)) from None


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > 256:
        raise ScheduleError(f"{where} must be a string of at most 256 characters")
    return value


def _count(value: Any) -> int | None:
    """A positive JSON integer (``2.0`` and ``1e3`` count, as in JSON Schema), or None."""
    if isinstance(value, (float, Decimal)):
        if not (math.isfinite(value) and abs(value) < 2**64 and value == int(value)):
            return None
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return None
    return value


def _fraction(value: Any, where: str, zero: bool = False) -> Fraction:
    """An exact positive (or, with ``zero``, non-negative) number (no range limit beyond
    its digits, unlike a bandwidth)."""
    try:
        result = parse_exact(value, where, max_digits=MAX_NUMBER_DIGITS)
    except ForestCollError as exc:
        raise ScheduleError(str(exc)) from None
    if result < 0 or (result == 0 and not zero):
        raise ScheduleError(f"{where} must be positive, found {str(value)[:40]!r}")
    return result


# --- achieved throughput ---------------------------------------------------------------------

def link_loads(schedule: Schedule, capable: frozenset[str] = frozenset()
               ) -> dict[tuple[str, str], int]:
    """Σ weight × copies for every physical link hop of a single-phase schedule: without
    ``multicast`` every edge's path counts in full; with it, the edges of one tree leaving
    one compute node (entering it, for in-trees) share their common prefix (suffix), and a
    hop carries one copy into a compute node or a switch of ``capable`` (which replicates
    or aggregates), as many as leave it into any other switch (docs/formats.md).

    :param schedule: a single-phase schedule (not an allreduce: pass each phase)
    :param capable: the switches that may replicate or aggregate (see
        :func:`multicast_switches`); used only when ``schedule.multicast`` is set
    :returns: (from, to) link -> its load, in units of one tree part
    """
    loads: dict[tuple[str, str], int] = {}
    inward = schedule.collective.inward
    for tree in schedule.trees:
        if schedule.multicast:
            used = _copies(tree, inward, capable)
        else:
            used = {}
            for e in tree.edges:
                for hop in zip(e.path, e.path[1:]):
                    used[hop] = used.get(hop, 0) + 1
        for hop, copies in used.items():
            loads[hop] = loads.get(hop, 0) + tree.weight * copies
    return loads


def _copies(tree: Tree, inward: bool, capable: frozenset[str]) -> dict[tuple[str, str], int]:
    """hop -> copies of ``tree``'s data crossing it under multicast (see :func:`link_loads`):
    per group, a trie of the walks from the group's compute node, counted leaves-first."""
    out: dict[tuple[str, str], int] = {}
    groups: dict[str, list[tuple[str, ...]]] = {}
    for e in tree.edges:
        walk = e.path[::-1] if inward else e.path
        groups.setdefault(walk[0], []).append(walk)
    for walks in groups.values():
        trie: dict[tuple[int, str], int] = {}
        node = [walks[0][0]]
        parent = [-1]
        for walk in walks:
            here = 0
            for b in walk[1:]:
                nxt = trie.get((here, b))
                if nxt is None:
                    nxt = trie[(here, b)] = len(node)
                    node.append(b)
                    parent.append(here)
                here = nxt
        has_child = set(parent)
        need = [0] * len(node)
        for p in range(len(node) - 1, 0, -1):      # children come after their parents
            if p not in has_child or node[p] in capable:
                need[p] = 1
            hop = (node[p], node[parent[p]]) if inward else (node[parent[p]], node[p])
            out[hop] = out.get(hop, 0) + need[p]
            if node[parent[p]] not in capable or parent[p] == 0:
                need[parent[p]] += need[p]
    return out


def achieved_algbw(schedule: Schedule, topology: Topology) -> Fraction:
    """algbw = M / time from the schedule's own link loads (docs/formats.md): a part is
    M/(Ŵ·k) (M/k for broadcast/reduce); allreduce phases add their times, or, when
    ``concurrent``, share every link: time = M · max_e Σ_p load_p(e) / (Ŵ·k_p·b_e).

    :param schedule: the schedule (any collective, allreduce included)
    :param topology: the topology whose link bandwidths carry it; every path hop must be one
        of its links
    :returns: the exact algbw M / time, in the topology's units
    :raises KeyError: when a path uses a node pair that is not a link of ``topology``
        (:func:`forestcoll_opt.verify` checks that first and says so in a verdict)
    """
    phases = schedule.phases or (schedule,)
    total = schedule.total_weight
    shares = []
    capable = multicast_switches(topology)
    for phase in phases:
        parts = phase.k if phase.collective.rooted else total * phase.k
        merged = replace(phase, multicast=schedule.multicast)
        shares.append({hop: Fraction(load, parts) / topology.capacity[hop]
                       for hop, load in link_loads(merged, capable).items()})
    if schedule.concurrent:
        busy: dict[tuple[str, str], Fraction] = {}
        for share in shares:
            for hop, t in share.items():
                busy[hop] = busy.get(hop, 0) + t
        return 1 / max(busy.values())
    return 1 / sum(max(share.values(), default=Fraction(0)) for share in shares)


def schedule_routes(schedule: Schedule
                    ) -> dict[tuple[str, str], list[tuple[tuple[str, ...], Fraction]]]:
    """(src, dst) -> [(physical path, share of the pair's chunks)] from a schedule's tree
    edges: what the runtime's connection between two ranks carries, and where.

    :param schedule: a schedule (its allreduce phases weighted by their k)
    :returns: for every compute node pair joined by a tree edge, its paths sorted, each with
        the fraction of the pair's data it carries (the fractions sum to 1)
    """
    phases = schedule.phases or (schedule,)
    common = math.lcm(*(p.k for p in phases))
    volume: dict[tuple[str, str], dict[tuple[str, ...], int]] = {}
    for phase in phases:
        for tree in phase.trees:
            for e in tree.edges:
                paths = volume.setdefault((e.src, e.dst), {})
                paths[e.path] = paths.get(e.path, 0) + tree.weight * (common // phase.k)
    return {pair: [(path, Fraction(v, sum(paths.values()))) for path, v in sorted(paths.items())]
            for pair, paths in volume.items()}


def multicast_switches(topology: Topology) -> frozenset[str]:
    """The switches marked ``"multicast": true``: they may replicate or aggregate.

    :param topology: the topology
    :returns: their node ids
    """
    return frozenset(n.id for n in topology.nodes if n.multicast and not n.is_compute)


def tree_height(tree: Tree) -> int:
    """Largest number of tree edges between the root and a node (compute hops):
    :attr:`Tree.height`.

    :param tree: the tree (edges in either direction: in-trees count the same)
    :returns: the height; 0 for a tree without edges
    """
    return tree.height
