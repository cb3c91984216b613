"""Topology model: the validated, exact network of compute and switch nodes.

A :class:`Topology` is immutable. It keeps the nodes and links as declared (so
``write(load(f))`` preserves every node and link) and derives the merged,
directed capacity of every node pair as exact :class:`~fractions.Fraction`
bandwidths. The method (paper, appendix ``app:sec:algodesign``) needs integer,
Eulerian capacities: every node's total ingress must equal its total egress.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Mapping

import networkx as nx

from .errors import TopologyError, TopologyFormatError

FORMAT = "forestcoll-topology/1"
KINDS = ("compute", "switch")


def parse_bandwidth(value: Any, where: str) -> Fraction:
    """Exact positive bandwidth from an int, a decimal string ("12.5") or a fraction string ("25/3")."""
    if isinstance(value, bool):
        raise TopologyError(f"{where}: bandwidth must be a number, got {value!r}")
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise TopologyError(f"{where}: bandwidth must be finite, got {value!r}")
        result = Fraction(Decimal(repr(value)))
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise TopologyError(f"{where}: bandwidth must be finite, got {value!r}")
        result = Fraction(value)
    elif isinstance(value, str):
        text = value.strip()
        try:
            if "/" in text:
                num, den = text.split("/", 1)
                result = Fraction(int(num), int(den))
            else:
                result = Fraction(Decimal(text))
        except (ValueError, ZeroDivisionError, InvalidOperation):
            raise TopologyError(
                f"{where}: bandwidth {value!r} is not a number; use an integer, a decimal "
                f'string like "12.5" or a fraction string like "25/3"'
            ) from None
    else:
        raise TopologyError(
            f"{where}: bandwidth {value!r} is not a number; use an integer, a decimal "
            f'string like "12.5" or a fraction string like "25/3"'
        )
    if result <= 0:
        raise TopologyError(
            f"{where}: bandwidth must be positive, got {value!r}; remove the link instead "
            f"of giving it zero bandwidth"
        )
    return result


def format_fraction(value: Fraction) -> int | str:
    """JSON form of an exact rational: an int when integral, else a "p/q" string."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class Node:
    """A compute node (accelerator) or a switch. ``box`` groups nodes for display."""

    id: str
    kind: str
    box: int | None = None
    multicast: bool | None = None

    @property
    def is_compute(self) -> bool:
        return self.kind == "compute"


@dataclass(frozen=True)
class Link:
    """A declared link; ``bidirectional`` links add both directions."""

    src: str
    dst: str
    bandwidth: Fraction
    bidirectional: bool = False


@dataclass(frozen=True, eq=False)
class Topology:
    """A validated network. Construct with :func:`from_dict`, :func:`load`, :func:`from_networkx`
    or :func:`forestcoll_opt.catalog.build`; direct construction validates too."""

    name: str
    nodes: tuple[Node, ...]
    links: tuple[Link, ...]
    units: str = "GB/s"
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {})
        _validate(self)

    # --- identity -----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Topology):
            return NotImplemented
        return (self.name, self.units, self.nodes, self.links) == (
            other.name, other.units, other.nodes, other.links)

    def __hash__(self) -> int:
        return hash((self.name, self.units, self.nodes, self.links))

    def __repr__(self) -> str:
        return (f"Topology({self.name!r}: {len(self.compute_nodes)} compute, "
                f"{len(self.switch_nodes)} switch, {len(self.capacity)} directed links)")

    # --- derived views ----------------------------------------------------------------
    @property
    def index(self) -> Mapping[str, int]:
        """Node id -> position in :attr:`nodes`."""
        return self._index

    @cached_property
    def node_ids(self) -> tuple[str, ...]:
        return tuple(n.id for n in self.nodes)

    @cached_property
    def compute_nodes(self) -> tuple[str, ...]:
        return tuple(n.id for n in self.nodes if n.is_compute)

    @cached_property
    def switch_nodes(self) -> tuple[str, ...]:
        return tuple(n.id for n in self.nodes if not n.is_compute)

    @cached_property
    def node(self) -> Mapping[str, Node]:
        return {n.id: n for n in self.nodes}

    @cached_property
    def capacity(self) -> Mapping[tuple[str, str], Fraction]:
        """Directed capacity of every connected ordered pair, parallel links summed,
        ordered by (source position, destination position)."""
        return _merge_capacities(self)

    @cached_property
    def egress(self) -> Mapping[str, Fraction]:
        out = {v: Fraction(0) for v in self.node_ids}
        for (u, _), b in self.capacity.items():
            out[u] += b
        return out

    @cached_property
    def ingress(self) -> Mapping[str, Fraction]:
        inn = {v: Fraction(0) for v in self.node_ids}
        for (_, v), b in self.capacity.items():
            inn[v] += b
        return inn

    @cached_property
    def integer_scale(self) -> Fraction:
        """The smallest positive factor that makes every capacity an integer with gcd 1."""
        values = list(self.capacity.values())
        lcm_den = math.lcm(*(b.denominator for b in values))
        g = math.gcd(*(int(b * lcm_den) for b in values))
        return Fraction(lcm_den, g)

    @cached_property
    def integer_capacity(self) -> Mapping[tuple[str, str], int]:
        """:attr:`capacity` times :attr:`integer_scale`: exact coprime integers."""
        scale = self.integer_scale
        return {e: int(b * scale) for e, b in self.capacity.items()}

    def cut_bandwidth(self, side: Iterable[str]) -> Fraction:
        """B+(S): total bandwidth of links leaving the node set ``side``."""
        inside = set(side)
        return sum((b for (u, v), b in self.capacity.items() if u in inside and v not in inside),
                   Fraction(0))

    def reversed(self) -> "Topology":
        """The same network with every link reversed (reduce-scatter, reduce)."""
        links = tuple(Link(l.dst, l.src, l.bandwidth, l.bidirectional) for l in self.links)
        return Topology(name=f"{self.name}(reversed)", nodes=self.nodes, links=links,
                        units=self.units)

    def boxes(self) -> dict[Any, list[str]]:
        """Compute nodes grouped by ``box`` (None for nodes without one), in node order."""
        groups: dict[Any, list[str]] = {}
        for n in self.nodes:
            if n.is_compute:
                groups.setdefault(n.box, []).append(n.id)
        return groups

    # --- conversion -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        nodes = []
        for n in self.nodes:
            entry: dict[str, Any] = {"id": n.id, "kind": n.kind}
            if n.box is not None:
                entry["box"] = n.box
            if n.multicast is not None:
                entry["multicast"] = n.multicast
            nodes.append(entry)
        links = []
        for l in self.links:
            entry = {"src": l.src, "dst": l.dst, "bandwidth": format_fraction(l.bandwidth)}
            if l.bidirectional:
                entry["bidirectional"] = True
            links.append(entry)
        return {"format": FORMAT, "name": self.name, "units": self.units,
                "nodes": nodes, "links": links}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def to_networkx(self) -> nx.DiGraph:
        """A DiGraph with node attributes ``kind``/``box`` and merged edge ``bandwidth``."""
        g = nx.DiGraph(name=self.name, units=self.units)
        for n in self.nodes:
            g.add_node(n.id, kind=n.kind, box=n.box, multicast=n.multicast)
        for (u, v), b in self.capacity.items():
            g.add_edge(u, v, bandwidth=b)
        return g


# --------------------------------------------------------------------------------------
# validation


def _merge_capacities(topo: Topology) -> dict[tuple[str, str], Fraction]:
    cap: dict[tuple[str, str], Fraction] = {}
    for l in topo.links:
        pairs = [(l.src, l.dst), (l.dst, l.src)] if l.bidirectional else [(l.src, l.dst)]
        for pair in pairs:
            cap[pair] = cap.get(pair, Fraction(0)) + l.bandwidth
    idx = topo.index
    return dict(sorted(cap.items(), key=lambda kv: (idx[kv[0][0]], idx[kv[0][1]])))


def _validate(topo: Topology) -> None:
    index = topo._index
    for i, n in enumerate(topo.nodes):
        if not isinstance(n.id, str) or not n.id:
            raise TopologyError(f"node #{i}: id must be a non-empty string, got {n.id!r}")
        if n.kind not in KINDS:
            raise TopologyError(
                f"node {n.id!r}: unknown kind {n.kind!r}; use \"compute\" or \"switch\"")
        if n.id in index:
            raise TopologyError(f"node {n.id!r} is declared twice; give every node a unique id")
        index[n.id] = i
    for i, l in enumerate(topo.links):
        where = f"link #{i} {l.src!r} -> {l.dst!r}"
        for end in (l.src, l.dst):
            if end not in index:
                raise TopologyError(
                    f"{where}: unknown node {end!r}; declare it in \"nodes\" or fix the link")
        if l.src == l.dst:
            raise TopologyError(f"{where}: self-loop; a link must join two different nodes")
        if not isinstance(l.bandwidth, Fraction) or l.bandwidth <= 0:
            raise TopologyError(f"{where}: bandwidth must be a positive exact number, "
                                f"got {l.bandwidth!r}")
    compute = topo.compute_nodes
    if len(compute) < 2:
        raise TopologyError(
            f"topology {topo.name!r} has {len(compute)} compute node(s); a collective needs "
            f"at least two nodes of kind \"compute\"")
    ingress, egress = topo.ingress, topo.egress
    for v in topo.node_ids:
        if ingress[v] != egress[v]:
            raise TopologyError(
                f"node {v!r} is not balanced: ingress {_show(ingress[v])} {topo.units} != egress "
                f"{_show(egress[v])} {topo.units}; the method needs every node's total ingress "
                f"to equal its total egress (add or resize links, e.g. make them bidirectional)")
    _check_reachability(topo)


def _check_reachability(topo: Topology) -> None:
    g = nx.DiGraph()
    g.add_nodes_from(topo.node_ids)
    g.add_edges_from(topo.capacity)
    first = topo.compute_nodes[0]
    forward = nx.descendants(g, first) | {first}
    backward = nx.ancestors(g, first) | {first}
    for v in topo.compute_nodes:
        if v not in forward:
            raise TopologyError(
                f"compute node {v!r} cannot be reached from compute node {first!r}; "
                f"add links so that every compute node can reach every other")
        if v not in backward:
            raise TopologyError(
                f"compute node {first!r} cannot be reached from compute node {v!r}; "
                f"add links so that every compute node can reach every other")


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value} (~{float(value):.6g})"


# --------------------------------------------------------------------------------------
# construction and I/O


def from_dict(data: Mapping[str, Any], *, source: str = "topology") -> Topology:
    """Build a :class:`Topology` from a ``forestcoll-topology/1`` dict."""
    if not isinstance(data, Mapping):
        raise TopologyFormatError(f"{source}: expected a JSON object, got {type(data).__name__}")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise TopologyFormatError(
            f"{source}: \"format\" is {fmt!r}; expected {FORMAT!r}")
    name = data.get("name", "topology")
    units = data.get("units", "GB/s")
    if not isinstance(name, str) or not isinstance(units, str):
        raise TopologyFormatError(f"{source}: \"name\" and \"units\" must be strings")
    raw_nodes = data.get("nodes")
    raw_links = data.get("links")
    if not isinstance(raw_nodes, list):
        raise TopologyFormatError(f"{source}: \"nodes\" must be a list of node objects")
    if not isinstance(raw_links, list):
        raise TopologyFormatError(f"{source}: \"links\" must be a list of link objects")
    nodes = []
    for i, n in enumerate(raw_nodes):
        if not isinstance(n, Mapping) or "id" not in n:
            raise TopologyFormatError(f"{source}: node #{i} must be an object with an \"id\"")
        box = n.get("box")
        if box is not None and (isinstance(box, bool) or not isinstance(box, (int, str))):
            raise TopologyFormatError(f"{source}: node {n['id']!r}: \"box\" must be an integer "
                                      f"or a string")
        multicast = n.get("multicast")
        if multicast is not None and not isinstance(multicast, bool):
            raise TopologyFormatError(f"{source}: node {n['id']!r}: \"multicast\" must be "
                                      f"true or false")
        nodes.append(Node(id=n["id"], kind=n.get("kind", "compute"), box=box,
                          multicast=multicast))
    links = []
    for i, l in enumerate(raw_links):
        if not isinstance(l, Mapping) or "src" not in l or "dst" not in l:
            raise TopologyFormatError(
                f"{source}: link #{i} must be an object with \"src\", \"dst\" and \"bandwidth\"")
        where = f"link #{i} {l['src']!r} -> {l['dst']!r}"
        if "bandwidth" not in l:
            raise TopologyError(f"{where}: missing \"bandwidth\"")
        bidir = l.get("bidirectional", False)
        if not isinstance(bidir, bool):
            raise TopologyFormatError(f"{where}: \"bidirectional\" must be true or false")
        links.append(Link(src=l["src"], dst=l["dst"],
                          bandwidth=parse_bandwidth(l["bandwidth"], where), bidirectional=bidir))
    return Topology(name=name, nodes=tuple(nodes), links=tuple(links), units=units)


def parse_json(text: str, error: type[Exception], source: str, **kwargs: Any) -> Any:
    """``json.loads`` that raises ``error`` naming ``source`` on malformed input."""
    try:
        return json.loads(text, **kwargs)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON ({exc})") from None


def read_text(path: str | os.PathLike, error: type[Exception], what: str) -> str:
    """A file's text, or ``error`` saying which file of what kind could not be read."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{p}: cannot read {what} file ({exc.strerror})") from None


def loads(text: str, *, source: str = "topology") -> Topology:
    """Parse ``forestcoll-topology/1`` JSON text; JSON decimals are read exactly."""
    return from_dict(parse_json(text, TopologyFormatError, source, parse_float=Decimal),
                     source=source)


def load(path: str | os.PathLike) -> Topology:
    """Read a ``forestcoll-topology/1`` file."""
    return loads(read_text(path, TopologyFormatError, "topology"), source=str(path))


def write(topology: Topology, path: str | os.PathLike) -> None:
    """Write ``forestcoll-topology/1`` JSON atomically (no partial file on failure)."""
    write_text_atomic(Path(path), topology.to_json())


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def from_networkx(graph: nx.DiGraph, *, name: str | None = None, units: str = "GB/s") -> Topology:
    """Build from a DiGraph/MultiDiGraph: node attribute ``kind`` (default "compute"),
    optional ``box``/``multicast``; edge attribute ``bandwidth``. Parallel edges add up."""
    if not graph.is_directed():
        raise TopologyError("from_networkx needs a directed graph; use G.to_directed() for "
                            "links that run both ways")
    nodes = tuple(Node(id=str(v), kind=d.get("kind", "compute"), box=d.get("box"),
                       multicast=d.get("multicast")) for v, d in graph.nodes(data=True))
    links = []
    for u, v, d in graph.edges(data=True):
        where = f"edge {str(u)!r} -> {str(v)!r}"
        if "bandwidth" not in d:
            raise TopologyError(f"{where}: missing edge attribute \"bandwidth\"")
        links.append(Link(str(u), str(v), parse_bandwidth(d["bandwidth"], where)))
    return Topology(name=name or graph.graph.get("name") or "topology", nodes=nodes,
                    links=tuple(links), units=units)
