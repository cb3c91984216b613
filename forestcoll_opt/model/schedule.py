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
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

from .alltoall import (FORMAT_ALLTOALL, Demand, Route, parse_alltoall, routes_body)
from .collective import TREES, Collective
from ..display import article, html_summary
from ..errors import OutputError, ScheduleError
from ..files import MAX_SCHEDULE, display_path, parse_json, read_text, write_output
from .fields import MAX_NUMBER_DIGITS  # noqa: F401  (kept for importers)
from .fields import count as _count, exact as _fraction, label as _text, node_id as _id
from .numbers import fraction_text
from .summary import schedule_html, schedule_repr, schedule_text
from .topology import Topology
from .trees import (MAX_EXPANSION, MAX_GROUP_ENTRIES, NodeGroup, Tree, TreeEdge, node_group,
                    perm_from_cycles, tree_image)
from .weights import coprime
from .linkloads import (achieved_algbw, link_loads, multicast_switches,  # noqa: F401 (re-exported)
                        schedule_routes, tree_height)

FORMAT = "forestcoll-schedule/1"
FORMAT_V2 = "forestcoll-schedule/2"     # adds "weights" and "concurrent" (docs/formats.md)
FORMAT_V3 = "forestcoll-schedule/3"     # compact: a group and one tree per orbit
FORMAT_V5 = "forestcoll-schedule/5"     # version 2 or 4 plus "process_group" (docs/formats.md)
FORMATS = (FORMAT, FORMAT_V2, FORMAT_V3, FORMAT_V5)
COLLECTIVES = TREES          # the tree collectives; kept for importers of the previous release
MAX_COUNT = 2**63 - 1        # the largest k or tree weight the format allows (docs/formats.md)
MAX_GENERATORS = 64          # generators a compact schedule's group may list

_SUMMED = ("seconds", "bound_seconds", "splitting_seconds", "packing_seconds",
           "routing_seconds", "symmetry_seconds", "packing_symmetry_seconds",
           "splitting_max_flows", "packing_max_flows", "joint_splits", "joint_max_flows",
           "joint_bisections", "joint_steps", "joint_packing_max_flows", "packing_fallback",
           "construction_seconds", "baseline_seconds", "compact_seconds")


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
    :ivar compact_seconds: writing the schedule compactly (its group and orbits)
    :ivar orbit_construction: 1 when the compact schedule was built one tree per orbit
        (:mod:`forestcoll_opt.generation.orbits`), 0 when that was tried and fell back
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
    compact_seconds: float | None = None
    orbit_construction: int | None = None

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
        """Both phases' work: times and counts added where either has them (allreduce);
        the other fields kept where both phases agree (the group's order, say)."""
        out = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if f.name in _SUMMED:
                if a is not None or b is not None:
                    out[f.name] = (a or 0) + (b or 0)
            elif a is not None and a == b:
                out[f.name] = a
        return Stats(**out)

    def __repr__(self) -> str:
        """One line: the fields that are set, in order, until about 200 characters (then how
        many more; ``dict(stats)`` has them all), seconds to 3 significant digits."""
        parts = []
        for name in self:
            value = getattr(self, name)
            parts.append(f"{name}={value:.3g}" if isinstance(value, float) else
                         f"{name}={fraction_text(value)}" if isinstance(value, Fraction) else
                         f"{name}={value!r}")
        shown, length = [], 0
        for part in parts:
            if length + len(part) > 200:
                shown.append(f"... {len(parts) - len(shown)} more")
                break
            shown.append(part)
            length += len(part) + 2
        return f"Stats({', '.join(shown)})"

    def _repr_html_(self) -> str:
        rows = [(name, f"{value:.3g}" if isinstance(value, float) else
                 fraction_text(value) if isinstance(value, Fraction) else value)
                for name, value in ((n, getattr(self, n)) for n in self)]
        return html_summary(f"Stats · {len(rows)} of {len(fields(self))} set", rows,
                            note="how the schedule was made; dict(stats) for the values")

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
    :ivar group: a compact schedule's group (``forestcoll-schedule/3``): its generators,
        automorphisms of the topology, each in cycle notation over node ids; None for a
        plain schedule. An allreduce's phases carry the same group.
    :ivar orbits: a compact schedule's representatives: each stands for its images g(T),
        one per element g of the group (:meth:`iter_trees`); ``trees`` then holds the
        trees that stand for themselves only
    :ivar routes: all-to-all only (no ``trees``, ``forestcoll-schedule/4``): the weighted
        routes per pair (:class:`~forestcoll_opt.model.alltoall.Route`); ``k`` is then the
        number of parts per unit of demand (:mod:`forestcoll_opt.model.alltoall`)
    :ivar demand: all-to-all only: the normalised demand matrix, None when uniform
    :ivar process_group: the schedule is for a process group of a larger network: its
        ``compute_nodes`` are the group's members, the network's other compute nodes
        forward data as switches do (``forestcoll-schedule/5``, key ``"process_group"``;
        :mod:`forestcoll_opt.model.groups`)
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
    group: tuple[tuple[tuple[str, ...], ...], ...] | None = None
    orbits: tuple[Tree, ...] = ()
    routes: tuple[Route, ...] = ()
    demand: Demand | None = None
    process_group: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.collective, Collective):
            try:
                member = Collective(self.collective)
            except ValueError:
                raise ScheduleError(f"unknown collective {str(self.collective)[:40]!r}; use one "
                                    f"of {', '.join(c.value for c in Collective)}") from None
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
        :raises OutputError: when ``path`` is not a file name (empty, bytes, a number) or
            the file cannot be written
        """
        name = path if isinstance(path, str) else (
            os.fspath(path) if isinstance(path, os.PathLike) else None)
        if not isinstance(name, str) or not name:
            got = "an empty name" if name == "" else type(path).__name__
            raise OutputError(f"save(path) needs a file name (a str or os.PathLike; \"-\" for "
                              f"standard output), got {got}")
        write(self, path)

    @property
    def num_trees(self) -> int:
        """The number of trees, those of both allreduce phases included (a compact
        schedule's as expanded: |G| per representative)."""
        own = len(self.trees) + (self.group_order * len(self.orbits) if self.orbits else 0)
        return own + sum(p.num_trees for p in self.phases)

    @property
    def written_trees(self) -> tuple[int, int]:
        """What the file holds for :attr:`num_trees`, both allreduce phases included: (the
        representatives of :attr:`orbits`, the trees that stand for themselves only)."""
        phases = self.phases or (self,)
        return sum(len(p.orbits) for p in phases), sum(len(p.trees) for p in phases)

    @property
    def compact(self) -> bool:
        """True for a compact schedule (``forestcoll-schedule/3``: a group and orbits)."""
        return self.group is not None

    @property
    def group_order(self) -> int:
        """|G|, the number of elements of the group (1 for a plain schedule).

        :raises ScheduleError: when the group does not act freely on an orbit of compute
            nodes (docs/formats.md, version 3)
        """
        if self.group is None:
            return 1
        return node_group(self.group, self.compute_nodes)[1].proven_order()

    def group_images(self) -> tuple[Callable[[str], str], ...]:
        """For every element of the group, in expansion order (docs/formats.md, version
        3), the map node id -> its image; just the identity for a plain schedule.

        :raises ScheduleError: when the group does not act freely on an orbit of compute
            nodes
        """
        if self.group is None:
            return (_identity,)
        return _group_images(self.group, self.compute_nodes)

    def iter_trees(self) -> Iterator[Tree]:
        """Every tree of a single-phase schedule, one at a time: ``trees``, then each
        representative of ``orbits`` mapped by every element of the group, in the order of
        docs/formats.md (version 3); just ``trees`` for a plain schedule.

        :returns: an iterator over the trees (none is kept in memory by it)
        :raises ScheduleError: when the group does not act freely on an orbit of compute
            nodes
        """
        yield from self.trees
        if self.orbits:
            images = self.group_images()
            for rep in self.orbits:
                for image in images:
                    yield tree_image(rep, image)

    def expanded(self) -> "Schedule":
        """The plain schedule a compact one stands for (itself when plain): every tree
        written out, ``forestcoll-schedule/1`` or ``/2`` as it needs.

        :returns: the plain schedule (same claims, ``stats`` kept)
        :raises ScheduleError: when the group does not act freely on an orbit of compute
            nodes (proven before anything is listed), or when the trees would hold more than
            :data:`~forestcoll_opt.model.trees.MAX_EXPANSION` route nodes
        """
        if self.group is None:
            return self
        size = sum(p.group_order * sum(len(e.path) for t in p.orbits for e in t.edges)
                   for p in self.phases or (self,))       # the group proven first
        if size > MAX_EXPANSION:
            raise ScheduleError(f"expanding this compact schedule would write {size} route "
                                f"nodes ({self.group_order} trees per representative), more "
                                f"than {MAX_EXPANSION}: {_READ_COMPACT}")
        if self.phases:
            return replace(self, group=None, phases=tuple(p.expanded() for p in self.phases))
        return replace(self, group=None, orbits=(), trees=tuple(self.iter_trees()))

    @property
    def total_weight(self) -> int:
        """Ŵ: the sum of the normalised shard weights (N without weights)."""
        if self.weights is None:
            return len(self.compute_nodes)
        return sum(w for _, w in self.weights)

    @property
    def format(self) -> str:
        """``forestcoll-schedule/1`` unless the schedule needs version 2 (weights,
        concurrent allreduce phases, or in-network multicast); ``/3`` when compact;
        ``forestcoll-schedule/4`` for all-to-all; ``/5`` for a process group's (any
        collective, all-to-all included)."""
        if self.process_group:
            return FORMAT_V5
        if self.collective is Collective.ALLTOALL:
            return FORMAT_ALLTOALL
        if self.group is not None:
            return FORMAT_V3
        return (FORMAT_V2 if self.weights is not None or self.concurrent or self.multicast
                else FORMAT)

    # --- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The schedule as the JSON object of docs/formats.md (``stats`` left out).

        :returns: a dict of JSON types; exact numbers are integers or ``"p/q"`` strings
        """
        if self.process_group and self.group is not None:
            return self.expanded().to_dict()    # version 5 has no compact form
        out: dict[str, Any] = {"format": self.format, "collective": self.collective.value}
        # an optional claim the schedule does not carry (a file read without it) is left
        # out, never written as null or "": the verifier refuses those where it accepted
        # the key missing (a units of "" differs from every topology's)
        if self.topology:
            out["topology"] = self.topology
        if self.units:
            out["units"] = self.units
        out["compute_nodes"] = list(self.compute_nodes)
        if self.process_group:
            out["process_group"] = list(self.compute_nodes)
        if self.root is not None:
            out["root"] = self.root
        if self.weights is not None:
            out["weights"] = dict(self.weights)
        if self.concurrent:
            out["concurrent"] = True
        if self.multicast:
            out["multicast"] = True
        if self.group is not None:
            out["group"] = [[list(cycle) for cycle in g] for g in self.group]
        out.update(self._body())
        return out

    def _body(self) -> dict[str, Any]:
        if self.collective is Collective.ALLTOALL:
            return routes_body(self.k or 1, self.algbw, self.routes, self.demand)
        body: dict[str, Any] = {}
        if self.phases:
            body["algbw"] = _frac(self.algbw)
            body["phases"] = [{"collective": p.collective.value, **p._body()} for p in self.phases]
            return body
        body["k"] = self.k
        if self.tree_bandwidth is not None:
            body["tree_bandwidth"] = _frac(self.tree_bandwidth)
        body["algbw"] = _frac(self.algbw)
        if self.group is not None:
            body["orbits"] = [_tree_dict(t) for t in self.orbits]
        if self.group is None or self.trees:
            body["trees"] = [_tree_dict(t) for t in self.trees]
        return body

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`: one key per line, one tree per line (so a
        1M-edge schedule is written by json's C encoder, and still reads and diffs tree by
        tree).

        :returns: the JSON text, ending with a newline
        """
        return document_text(self.to_dict())


def document_text(document: Mapping[str, Any]) -> str:
    """The text :meth:`Schedule.to_json` writes for a schedule's :meth:`Schedule.to_dict`
    (for a caller that already holds the dict, as the verifier took it).

    :param document: a schedule's JSON object
    :returns: the JSON text, ending with a newline
    """
    lines: list[str] = []
    _emit(document, lines, 0)
    return "\n".join(lines) + "\n"


def _tree_dict(t: Tree) -> dict[str, Any]:
    return {"root": t.root, "weight": t.weight,
            "edges": [{"src": e.src, "dst": e.dst, "path": list(e.path)} for e in t.edges]}


def _identity(v: str) -> str:
    return v


# what a refused expansion says to do instead (docs/formats.md, "Reading it")
_READ_COMPACT = ("read it compact instead, as the verify, simulate and show-traffic commands "
                 "and draw's loads view do (expand=False in Python)")


@lru_cache(maxsize=8)
def _group_images(group: tuple[tuple[tuple[str, ...], ...], ...],
                  compute_nodes: tuple[str, ...]) -> tuple[Callable[[str], str], ...]:
    """node id -> image, for every element of the group (in expansion order)."""
    nodes, action = node_group(group, compute_nodes)
    entries = action.proven_order() * len(nodes)        # the group proven first
    if entries > MAX_GROUP_ENTRIES:
        raise ScheduleError(f"the group has {action.order} elements on {len(nodes)} nodes; "
                            f"listing them to map the trees would hold {entries} node images, "
                            f"more than {MAX_GROUP_ENTRIES}: {_READ_COMPACT}")
    out = []
    for perm in action.elements():
        moved = {nodes[i]: nodes[j] for i, j in enumerate(perm) if i != j}
        out.append(lambda v, moved=moved: moved.get(v, v))
    return tuple(out)


def _emit(obj: Mapping[str, Any], lines: list[str], depth: int) -> None:
    """Append the lines of one JSON object: a key per line; each element of ``trees``,
    ``orbits``, ``group``, ``routes`` and ``phases`` on lines of its own (a tree, a
    generator or a route on one line, a phase as an object)."""
    pad = " " * (depth + 1)
    lines.append("{")
    items = list(obj.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        prefix = f"{pad}{json.dumps(key)}: "
        if key in ("trees", "orbits", "group", "phases", "routes") and value:
            lines.append(prefix + "[")
            for j, element in enumerate(value):
                more = "," if j < len(value) - 1 else ""
                if key != "phases":
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


def loads(text: str, *, source: str = "schedule", expand: bool = True) -> Schedule:
    """Parse the JSON text of a schedule (see :func:`from_dict`).

    :param text: the JSON text
    :param source: how error messages name the text, e.g. its file name
    :param expand: as for :func:`from_dict`
    :returns: the schedule
    :raises ScheduleError: when the text is not JSON or not a valid schedule
    """
    return from_dict(parse_json(text, ScheduleError, source), source=source, expand=expand)


def load(path: str | os.PathLike, *, expand: bool = True) -> Schedule:
    """Read a schedule file (JSON, possibly gzip-compressed; see :func:`from_dict`).

    :param path: the file to read
    :param expand: as for :func:`from_dict`
    :returns: the schedule
    :raises ScheduleError: when the file cannot be read (missing, a directory, larger than
        1 GiB, not UTF-8) or is not a valid schedule
    """
    text = read_text(path, ScheduleError, "schedule", limit=MAX_SCHEDULE)
    return loads(text, source=display_path(path), expand=expand)


_COMMON_KEYS = {"format", "collective", "topology", "units", "compute_nodes", "algbw"}
_V2_KEYS = {"weights", "concurrent", "multicast"}
_PHASE_KEYS = {"collective", "k", "tree_bandwidth", "algbw", "trees"}
_TREE_KEYS = {"root", "weight", "edges"}
_EDGE_KEYS = {"src", "dst", "path"}


def from_dict(data: Mapping[str, Any], *, source: str = "schedule",
              expand: bool = True) -> Schedule:
    """Parse a schedule of any version, ``forestcoll-schedule/1``, ``/2``, ``/3`` or ``/4``
    (all-to-all, :func:`~forestcoll_opt.model.alltoall.parse_alltoall`; docs/formats.md). The shape is checked strictly — field types, unknown or misplaced
    keys, the root rules of each collective — while the content (spanning trees, routes,
    loads) is the verifier's to judge.

    :param data: the parsed JSON object
    :param source: how error messages name the schedule, e.g. its file name
    :param expand: for a compact schedule (version 3), True (default) to return the plain
        schedule it stands for (:meth:`Schedule.expanded`), False to keep it compact
        (``group`` and ``orbits`` set; :meth:`Schedule.iter_trees` walks its trees)
    :returns: the schedule; its ``algbw`` is the file's, not recomputed
    :raises ScheduleError: when a field is missing, misplaced, unknown or of the wrong type
        or range (the message names it)
    """
    schedule = _from_dict(data, source)
    return schedule.expanded() if expand else schedule


def _from_dict(data: Mapping[str, Any], source: str) -> Schedule:
    if not isinstance(data, Mapping):
        raise ScheduleError(f"{source}: a schedule must be a JSON object")
    if data.get("collective") == Collective.ALLTOALL.value:
        fields = parse_alltoall(data, source, group_format=FORMAT_V5)
        if data.get("format") == FORMAT_V5:     # an all-to-all among a process group
            fields["process_group"] = _members(data.get("process_group"),
                                               fields["compute_nodes"], source)
        return Schedule(collective=Collective.ALLTOALL, **fields)
    fmt = data.get("format")
    if fmt not in FORMATS:
        raise ScheduleError(f"{source}: \"format\" must be one of "
                            f"{', '.join(repr(f) for f in FORMATS)}")
    if fmt == FORMAT:
        newer = sorted(key for key in _V2_KEYS if key in data)
        if newer:
            raise ScheduleError(f"{source}: \"{newer[0]}\" needs \"format\": {FORMAT_V2!r}")
    compact = fmt == FORMAT_V3
    if "process_group" in data and fmt != FORMAT_V5:
        raise ScheduleError(f"{source}: \"process_group\" needs \"format\": {FORMAT_V5!r}")
    if "group" in data and not compact:
        raise ScheduleError(f"{source}: \"group\" needs \"format\": {FORMAT_V3!r}")
    collective = data.get("collective")
    if not isinstance(collective, str) or collective not in TREES:
        raise ScheduleError(f"{source}: unknown collective {str(collective)[:40]!r}; use one of "
                            f"{', '.join(TREES + (Collective.ALLTOALL.value,))}")
    collective = Collective(collective)
    if collective is Collective.ALLREDUCE:
        allowed = _COMMON_KEYS | {"phases"} | _V2_KEYS
    else:
        allowed = _COMMON_KEYS | _PHASE_KEYS | {"multicast"} | (
            {"root"} if collective.rooted else {"weights"})
    if fmt == FORMAT_V5:
        allowed = allowed | {"process_group"}
    if compact:
        allowed = allowed | {"group"} | (set() if collective is Collective.ALLREDUCE
                                         else {"orbits"})
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
    if fmt == FORMAT_V5:
        common["process_group"] = _members(data.get("process_group"), common["compute_nodes"],
                                           source)
    if compact:
        if "group" not in data:
            raise ScheduleError(f"{source}: missing \"group\", the generators of a compact "
                                f"schedule's group")
        common["group"] = _group(data["group"], common["compute_nodes"], source)
    concurrent = data.get("concurrent", False)
    multicast = data.get("multicast", False)
    for key, value in (("concurrent", concurrent), ("multicast", multicast)):
        if not isinstance(value, bool):
            raise ScheduleError(f"{source}: \"{key}\" must be true or false")
    if collective is Collective.ALLREDUCE:
        phases = data.get("phases")
        want = ("reduce-scatter", "allgather")
        if not isinstance(phases, list) or len(phases) != 2:
            raise ScheduleError(f"{source}: allreduce needs \"phases\": [reduce-scatter part, "
                                f"allgather part]")
        parsed = []
        for i, (phase, coll) in enumerate(zip(phases, want)):
            where = f"{source} phase {i}"
            if not isinstance(phase, Mapping) or phase.get("collective") != coll:
                raise ScheduleError(f"{where}: must be {article(coll)} object")
            _known_keys(phase, _PHASE_KEYS | ({"orbits"} if compact else set()), where, coll)
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


def _members(raw: Any, nodes: tuple[str, ...], source: str) -> bool:
    """A version-5 schedule's ``"process_group"``: the group's members, exactly its
    ``compute_nodes`` in the same order."""
    if raw is None:
        raise ScheduleError(f"{source}: missing \"process_group\", the members of the process "
                            f"group a forestcoll-schedule/5 file is for")
    if not isinstance(raw, list) or tuple(raw) != nodes:
        raise ScheduleError(f"{source}: \"process_group\" must list the group's members "
                            f"exactly as \"compute_nodes\" does (same nodes, same order)")
    return True


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
        raise ScheduleError(f"{where}: field {extra[0][:40]!r} does not belong in "
                            f"{article(collective)} schedule; allowed: "
                            f"{', '.join(sorted(allowed))}")


def _phase(data: Mapping[str, Any], collective: str, common: dict, root: str | None,
           source: str) -> Schedule:
    compact = common.get("group") is not None
    for key in ("k", "algbw", "orbits" if compact else "trees"):
        if key not in data:
            raise ScheduleError(f"{source}: missing \"{key}\"")
    k = _count(data["k"])
    if k is None:
        raise ScheduleError(f"{source}: k must be a positive integer, found "
                            f"{str(data['k'])[:40]!r}")
    trees = _trees(data.get("trees", []), source, "trees", collective)
    orbits = _trees(data.get("orbits", []), source, "orbits", collective)
    if not trees and not orbits:
        raise ScheduleError(f"{source}: \"{'orbits' if compact else 'trees'}\" must be a "
                            f"non-empty list")
    bandwidth = data.get("tree_bandwidth")
    return Schedule(collective=collective, k=k,
                    tree_bandwidth=None if bandwidth is None else
                    _fraction(bandwidth, f"{source}: tree_bandwidth"),
                    algbw=_fraction(data["algbw"], f"{source}: algbw"),
                    trees=trees, root=root, orbits=orbits, **common)


def _trees(raw: Any, source: str, key: str, collective: str) -> tuple[Tree, ...]:
    """A list of tree objects (``trees`` or ``orbits``), each checked for its shape."""
    if not isinstance(raw, list):
        raise ScheduleError(f"{source}: \"{key}\" must be a list")
    trees = []
    for i, t in enumerate(raw):
        where = f"{source}: {'tree' if key == 'trees' else 'representative'} #{i}"
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
    return tuple(trees)


def _group(raw: Any, compute_nodes: tuple[str, ...], source: str
           ) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The "group" of a compact schedule: at most :data:`MAX_GENERATORS` generators, each a
    non-empty list of disjoint cycles of node ids (docs/formats.md, version 3)."""
    if not isinstance(raw, list) or len(raw) > MAX_GENERATORS:
        raise ScheduleError(f"{source}: \"group\" must be a list of at most {MAX_GENERATORS} "
                            f"generators, each a list of cycles of node ids")
    nodes = list(compute_nodes)
    index = {v: i for i, v in enumerate(nodes)}
    generators = []
    for j, g in enumerate(raw):
        where = f"{source}: group generator #{j}"
        if not isinstance(g, list) or not g or not all(isinstance(c, list) for c in g):
            raise ScheduleError(f"{where} must be a non-empty list of cycles, each a list of "
                                f"node ids")
        for cycle in g:
            for v in cycle:
                if _id(v, where) not in index:
                    index[v] = len(nodes)
                    nodes.append(v)
        perm_from_cycles(g, index, where)
        generators.append(tuple(tuple(cycle) for cycle in g))
    return tuple(generators)
