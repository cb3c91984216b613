"""Topology model: the validated, exact network of compute and switch nodes.

A :class:`Topology` is immutable. It keeps the nodes and links as declared (so
``write(load(f))`` preserves every node and link) and derives the merged,
directed capacity of every node pair as exact :class:`~fractions.Fraction`
bandwidths. The method (paper, appendix E "Algorithm Design") needs integer,
Eulerian capacities: every node's total ingress must equal its total egress.
"""

from __future__ import annotations

import json
import math
import numbers
import os
import unicodedata
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Mapping


from ..errors import TopologyError, TopologyFormatError
from ..files import MAX_TOPOLOGY, display_path, parse_json, read_text, write_output
from .numbers import (MAX_DIGITS, _short, format_fraction,  # noqa: F401 (MAX_DIGITS,
                      fraction_display, fraction_text, parse_exact)  # fraction_text: re-exported)
from .summary import topology_html

if TYPE_CHECKING:      # networkx is imported only when a graph is asked for
    import networkx as nx

FORMAT = "forestcoll-topology/1"
KINDS = ("compute", "switch")

# Link technologies a link's optional "type" may name, with the latency per hop (seconds)
# the time model (forestcoll_opt.timing.simulation) gives such a link unless the link or the caller
# sets its own "alpha". The values follow NCCL's tuning model (src/graph/tuning.cc, table
# hwLat: latency of one GPU-to-GPU step of the ring algorithm with the Simple protocol:
# NVLink 3.4 µs, PCI 5.7 µs, network 9.6 µs; RCCL's table gives 2.7 µs for its xGMI links),
# divided by the links one step crosses: two (GPU -> switch -> GPU) for NVLink through an
# NVSwitch, PCIe and InfiniBand/Ethernet through a switch, one for a direct xGMI link.
LINK_TYPES: Mapping[str, float] = {
    "nvlink": 1.7e-6,
    "pcie": 2.85e-6,
    "infiniband": 4.8e-6,
    "ethernet": 4.8e-6,
    "xgmi": 2.7e-6,
}
MAX_ALPHA = 1.0                 # seconds per hop; more is a unit mistake (µs written as s)


# Accepted magnitudes (docs: "Bandwidths"): every bandwidth lies in [BANDWIDTH_MIN,
# BANDWIDTH_MAX] of the topology's units and is written with at most MAX_DIGITS digits
# (decimal significand, or numerator and denominator of a fraction). Beyond that the input
# is refused rather than allowed to build integers that take minutes to form.
BANDWIDTH_MIN = Fraction(1, 10**12)
BANDWIDTH_MAX = Fraction(10**15)
MAX_ID_LENGTH = 256
MAX_INTEGER_CAPACITY = 10**30




def parse_bandwidth(value: Any, where: str) -> Fraction:
    """Exact positive bandwidth from an int, a decimal string ("12.5") or a fraction string
    ("25/3"), within [BANDWIDTH_MIN, BANDWIDTH_MAX].

    :param value: the bandwidth as read (a JSON number such as ``12.5`` is refused: a reader
        may have rounded it; write ``"12.5"``)
    :param where: the link, as error messages name it
    :returns: the exact bandwidth
    :raises TopologyError: for a non-number, a JSON fraction, or a value outside 1e-12 to 1e15
    """
    if isinstance(value, bool):
        raise TopologyError(f"{where}: bandwidth must be a number, got {value!r}")
    if isinstance(value, (float, Decimal)) and math.isfinite(value) and not _whole(value):
        raise TopologyError(f"{where}: bandwidth {_short(value)} is a JSON number with a "
                            f"fraction, which a reader may round; write it as a string, "
                            f"\"{value}\" (docs/formats.md, \"Exact numbers\")")
    try:
        result = parse_exact(value, where, what="bandwidth")
    except TopologyError as exc:
        if "out of range" in str(exc) or "digits;" in str(exc) and isinstance(value, int):
            raise TopologyError(
                f"{where}: bandwidth {_short(value)} is outside the accepted range 1e-12 to "
                f"1e15; express the bandwidths in another unit (e.g. GB/s instead of B/s)"
            ) from None
        raise
    if result <= 0:
        raise TopologyError(
            f"{where}: bandwidth must be positive, got {_short(value)}; remove the link "
            f"instead of giving it zero bandwidth")
    if not BANDWIDTH_MIN <= result <= BANDWIDTH_MAX:
        raise TopologyError(
            f"{where}: bandwidth {_short(value)} is outside the accepted range 1e-12 to 1e15; "
            f"express the bandwidths in another unit (e.g. GB/s instead of B/s)")
    return result


@dataclass(frozen=True)
class Node:
    """A compute node (accelerator) or a switch.

    :ivar id: the node's unique id, at most 256 printable characters
    :ivar kind: ``"compute"`` (holds data, e.g. a GPU) or ``"switch"`` (only forwards it)
    :ivar box: its group (an integer or a label; display, splitting order), or None; two
        boxes of a topology are never written alike (0 and "0" are refused together)
    :ivar multicast: whether a switch replicates and combines data (SHARP); None: false"""

    id: str
    kind: str
    box: int | None = None
    multicast: bool | None = None

    @property
    def is_compute(self) -> bool:
        """Whether the node is of kind ``"compute"``."""
        return self.kind == "compute"


@dataclass(frozen=True)
class Link:
    """A link as declared; parallel links of one node pair add up in
    :attr:`Topology.capacity`. ``type`` and ``alpha`` only inform the time model.

    :ivar src: the node data leaves
    :ivar dst: the node data arrives at
    :ivar bandwidth: the exact positive bandwidth, in the topology's ``units``
    :ivar bidirectional: True: also from ``dst`` to ``src`` at the same bandwidth
    :ivar type: the link technology, a key of :data:`LINK_TYPES` (``"nvlink"``, ...), or None
    :ivar alpha: the latency per hop in seconds, overriding the type's, or None"""

    src: str
    dst: str
    bandwidth: Fraction
    bidirectional: bool = False
    type: str | None = None
    alpha: float | None = None


@dataclass(frozen=True, eq=False)
class Topology:
    """A validated network, the paper's graph G = (V_c ∪ V_s, E) with link bandwidths as
    capacities. Construct with :func:`from_dict`, :func:`load`, :func:`from_networkx` or
    :func:`forestcoll_opt.model.catalog.build`; direct construction validates too: unique
    printable ids, at least two compute nodes all reaching each other, every node balanced.

    :ivar name: the topology's name, carried into bounds and schedules
    :ivar nodes: the compute and switch nodes, in declaration order (every result's order)
    :ivar links: the links as declared (bidirectional and parallel links not merged)
    :ivar units: the unit of every bandwidth, e.g. ``"GB/s"``, and of every result
    :raises TopologyError: when the network breaks a rule above (naming the node or link)"""

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

    def _repr_html_(self) -> str:
        return topology_html(self)

    # --- derived views ----------------------------------------------------------------
    @property
    def index(self) -> Mapping[str, int]:
        """Node id -> position in :attr:`nodes`."""
        return self._index

    @cached_property
    def node_ids(self) -> tuple[str, ...]:
        """Every node id, in :attr:`nodes` order."""
        return tuple(n.id for n in self.nodes)

    @cached_property
    def compute_nodes(self) -> tuple[str, ...]:
        """The compute node ids (the paper's V_c), in :attr:`nodes` order."""
        return tuple(n.id for n in self.nodes if n.is_compute)

    @cached_property
    def switch_nodes(self) -> tuple[str, ...]:
        """The switch node ids (the paper's V_s), in :attr:`nodes` order."""
        return tuple(n.id for n in self.nodes if not n.is_compute)

    @cached_property
    def node(self) -> Mapping[str, Node]:
        """Node id -> its :class:`Node`."""
        return {n.id: n for n in self.nodes}

    @cached_property
    def capacity(self) -> Mapping[tuple[str, str], Fraction]:
        """Directed capacity of every connected ordered pair, parallel links summed,
        ordered by (source position, destination position)."""
        return _merge_capacities(self)

    @cached_property
    def link_type(self) -> Mapping[tuple[str, str], str]:
        """(src, dst) -> the declared ``type`` of the links of that pair that have one."""
        return self._link_attributes[0]

    @cached_property
    def link_alpha(self) -> Mapping[tuple[str, str], float]:
        """(src, dst) -> the declared ``alpha`` (seconds per hop) of that pair, if any."""
        return self._link_attributes[1]

    @cached_property
    def _link_attributes(self) -> tuple[dict, dict]:
        return _merge_attributes(self)

    @cached_property
    def total_bandwidth(self) -> Fraction:
        """The bandwidth of every directed link together (Σ over :attr:`capacity`)."""
        return sum(self.capacity.values(), Fraction(0))

    @cached_property
    def out_degree(self) -> Mapping[str, int]:
        """Node id -> how many nodes it has a link to, in :attr:`nodes` order."""
        degree = {v: 0 for v in self.node_ids}
        for u, _v in self.capacity:
            degree[u] += 1
        return degree

    @cached_property
    def egress(self) -> Mapping[str, Fraction]:
        """Node id -> its total outgoing bandwidth B+(v)."""
        return self._totals(0)

    @cached_property
    def ingress(self) -> Mapping[str, Fraction]:
        """Node id -> its total incoming bandwidth B-(v) (equal to its egress)."""
        return self._totals(1)

    def _totals(self, end: int) -> dict[str, Fraction]:
        # summed as integers of the common unit (exact, and far faster than Fractions)
        scale = self.integer_scale
        return {v: Fraction(c * scale.denominator, scale.numerator)
                for v, c in self._integer_totals(end).items()}

    def _integer_totals(self, end: int) -> dict[str, int]:
        sums = dict.fromkeys(self.node_ids, 0)
        for pair, c in self.integer_capacity.items():
            sums[pair[end]] += c
        return sums

    @cached_property
    def integer_scale(self) -> Fraction:
        """The smallest positive factor that makes every capacity an integer with gcd 1."""
        values = list(self.capacity.values())
        lcm_den = math.lcm(*{b.denominator for b in values})
        g = math.gcd(*(b.numerator * (lcm_den // b.denominator) for b in values))
        return Fraction(lcm_den, g)

    @cached_property
    def integer_capacity(self) -> Mapping[tuple[str, str], int]:
        """:attr:`capacity` times :attr:`integer_scale`: exact coprime integers."""
        p, q = self.integer_scale.numerator, self.integer_scale.denominator
        return {e: b.numerator * p // (b.denominator * q) for e, b in self.capacity.items()}

    def cut_bandwidth(self, side: Iterable[str]) -> Fraction:
        """B+(S): total bandwidth (exact) of links leaving the node set ``side``.

        :param side: the node ids of S (ids not in the topology are ignored)"""
        inside = set(side)
        return sum((b for (u, v), b in self.capacity.items() if u in inside and v not in inside),
                   Fraction(0))

    def reversed(self) -> "Topology":
        """The same network, named ``"<name>(reversed)"``, with every link reversed
        (reduce-scatter, reduce)."""
        links = tuple(replace(l, src=l.dst, dst=l.src) for l in self.links)
        return Topology(name=f"{self.name}(reversed)", nodes=self.nodes, links=links,
                        units=self.units)

    def boxes(self) -> dict[Any, list[str]]:
        """Box -> its compute node ids (None for nodes without a box), in node order."""
        groups: dict[Any, list[str]] = {}
        for n in self.nodes:
            if n.is_compute:
                groups.setdefault(n.box, []).append(n.id)
        return groups

    # --- conversion -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The ``forestcoll-topology/1`` object (docs/formats.md): JSON types, nodes and
        links as declared, bandwidths as integers or ``"p/q"`` strings."""
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
            if l.type is not None:
                entry["type"] = l.type
            if l.alpha is not None:
                entry["alpha"] = l.alpha
            links.append(entry)
        return {"format": FORMAT, "name": self.name, "units": self.units,
                "nodes": nodes, "links": links}

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`, indented, ending with a newline."""
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def to_networkx(self) -> nx.DiGraph:
        """A DiGraph with node attributes ``kind``/``box`` and merged edge ``bandwidth`` (and
        ``type``/``alpha`` where declared), one edge per direction, and graph attributes
        ``name`` and ``units``."""
        import networkx as nx

        g = nx.DiGraph(name=self.name, units=self.units)
        for n in self.nodes:
            g.add_node(n.id, kind=n.kind, box=n.box, multicast=n.multicast)
        for (u, v), b in self.capacity.items():
            extra = {}
            if (u, v) in self.link_type:
                extra["type"] = self.link_type[(u, v)]
            if (u, v) in self.link_alpha:
                extra["alpha"] = self.link_alpha[(u, v)]
            g.add_edge(u, v, bandwidth=b, **extra)
        return g


# --------------------------------------------------------------------------------------
# validation


def _merge_capacities(topo: Topology) -> dict[tuple[str, str], Fraction]:
    cap: dict[tuple[str, str], Fraction] = {}
    for l in topo.links:
        pairs = [(l.src, l.dst), (l.dst, l.src)] if l.bidirectional else [(l.src, l.dst)]
        for pair in pairs:
            cap[pair] = cap[pair] + l.bandwidth if pair in cap else l.bandwidth
    idx = topo.index
    return dict(sorted(cap.items(), key=lambda kv: (idx[kv[0][0]], idx[kv[0][1]])))


def _merge_attributes(topo: Topology) -> tuple[dict, dict]:
    """Per directed pair, the ``type`` and ``alpha`` of its declared links. Parallel links
    of one pair are merged into one capacity, so they must agree on both."""
    seen: dict[tuple[str, str], tuple[str | None, float | None, int]] = {}
    for i, l in enumerate(topo.links):
        pairs = [(l.src, l.dst), (l.dst, l.src)] if l.bidirectional else [(l.src, l.dst)]
        for pair in pairs:
            if pair in seen and seen[pair][:2] != (l.type, l.alpha):
                j = seen[pair][2]
                raise TopologyError(
                    f"links #{j} and #{i} both join {pair[0]!r} -> {pair[1]!r} but differ in "
                    f"\"type\" or \"alpha\"; parallel links are merged into one, so give them "
                    f"the same type and alpha")
            seen.setdefault(pair, (l.type, l.alpha, i))
    idx = topo.index
    order = sorted(seen, key=lambda p: (idx[p[0]], idx[p[1]]))
    return ({p: seen[p][0] for p in order if seen[p][0] is not None},
            {p: seen[p][1] for p in order if seen[p][1] is not None})


def check_link_type(value: Any, where: str) -> str:
    """A link ``type``: one of :data:`LINK_TYPES`.

    :param value: the type as read
    :param where: the link, as error messages name it
    :returns: ``value``
    :raises TopologyError: for any other value"""
    if not isinstance(value, str) or value not in LINK_TYPES:
        raise TopologyError(f"{where}: unknown link type {_short(value)}; use one of "
                            f"{', '.join(LINK_TYPES)} (or leave \"type\" out)")
    return value


def alpha_problem(value: Any) -> str | None:
    """What is wrong with ``value`` as a latency per hop in seconds — the one rule for α
    wherever it comes from (topology file, ``alpha=`` argument, ``--alpha``) — or None
    when it is a finite number from 0 to :data:`MAX_ALPHA`, compared exactly (so
    1.00000000000000000001 is refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return f"must be a number of seconds such as 2e-6, not {_short(value)}"
    if (isinstance(value, (float, Decimal)) and not math.isfinite(value)) or value < 0:
        return f"must be a finite number of seconds >= 0, not {_short(value)}"
    if value > MAX_ALPHA:       # int, float and Decimal compare exactly with 1.0
        return (f"{_short(value)} is in seconds per hop, so over {MAX_ALPHA:g} s; "
                f"write 2e-6 for 2 µs")
    return None


def check_alpha(value: Any, where: str) -> float:
    """A latency per hop in seconds (:func:`alpha_problem`) as a float (never −0.0).

    :param value: the latency as read
    :param where: the link, as error messages name it
    :returns: the latency in seconds
    :raises TopologyError: for any other value"""
    problem = alpha_problem(value)
    if problem is not None:
        raise TopologyError(f"{where}: \"alpha\" {problem}")
    return float(value) + 0.0


def _whole(value: float | Decimal) -> bool:
    """Whether a JSON number written with a fraction or an exponent has a whole value, as
    JSON Schema's "integer" means (``2.0``, ``1e3``), checked without building it."""
    if isinstance(value, float):
        return math.isfinite(value) and value.is_integer()
    return value.is_finite() and value == value.to_integral_value()


def check_box(value: Any, where: str) -> Any:
    """A node's ``box``: None, an integer within ±2^53, or a label.

    :param value: the box as read (a JSON number of whole value counts as an integer)
    :param where: the node, as error messages name it
    :returns: None, the integer or the label
    :raises TopologyError: for any other value"""
    if value is None:
        return None
    if isinstance(value, (float, Decimal)) and _whole(value) and abs(value) <= 2**53:
        value = int(value)           # a JSON number of whole value is an integer (2.0)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TopologyError(f"{where}: \"box\" must be an integer or a string, not "
                            f"{_short(value)}")
    if isinstance(value, int) and abs(value) > 2**53:
        raise TopologyError(f"{where}: \"box\" {_short(value)} is out of range")
    if isinstance(value, str):
        try:
            check_id(value, f"{where}: \"box\"")
        except TopologyError as exc:
            raise TopologyError(str(exc).replace("node id", "value")) from None
    return value


def check_id(value: Any, where: str) -> str:
    """A node id: a non-empty string of at most MAX_ID_LENGTH printable characters, not
    starting or ending with a space.

    :param value: the id as read
    :param where: the place, as error messages name it
    :returns: ``value``
    :raises TopologyError: for any other value"""
    if not isinstance(value, str) or not value:
        raise TopologyError(f"{where}: a node id must be a non-empty string, got {_short(value)}")
    if len(value) > MAX_ID_LENGTH:
        raise TopologyError(f"{where}: node id {_short(value)} is longer than {MAX_ID_LENGTH} "
                            f"characters; use a shorter id")
    if value[0] == " " or value[-1] == " ":
        raise TopologyError(f"{where}: node id {value!r} starts or ends with a space; "
                            f"remove it")
    if value.isascii() and value.isprintable():
        return value                    # no control character: nothing more to check
    bad = next((c for c in value if unicodedata.category(c)[0] == "C"), None)
    if bad is not None:
        raise TopologyError(f"{where}: node id {value!r} contains the control character "
                            f"U+{ord(bad):04X}; use printable characters only")
    return value


def _validate(topo: Topology) -> None:
    index = topo._index
    boxes: dict[str, Node] = {}         # box label as text -> its first node
    if not isinstance(topo.name, str) or not isinstance(topo.units, str):
        raise TopologyError("a topology's name and units must be strings")
    for i, n in enumerate(topo.nodes):
        check_id(n.id, f"node #{i}")
        if not isinstance(n.kind, str) or n.kind not in KINDS:
            raise TopologyError(
                f"node {n.id!r}: unknown kind {_short(n.kind)}; use \"compute\" or \"switch\"")
        if n.id in index:
            raise TopologyError(f"node {n.id!r} is declared twice; give every node a unique id")
        check_box(n.box, f"node {n.id!r}")
        if n.box is not None:
            first = boxes.setdefault(str(n.box), n)
            if type(first.box) is not type(n.box):
                raise TopologyError(
                    f"node {n.id!r} is in box {n.box!r} and node {first.id!r} in box "
                    f"{first.box!r}: two boxes written alike, one a number and one a "
                    f"string; write every box label the same way")
        if n.multicast is not None and not isinstance(n.multicast, bool):
            raise TopologyError(f"node {n.id!r}: \"multicast\" must be true or false")
        index[n.id] = i
    for i, l in enumerate(topo.links):
        def where() -> str:
            return f"link #{i} {_short(l.src)} -> {_short(l.dst)}"

        for end in (l.src, l.dst):
            if not isinstance(end, str) or end not in index:
                raise TopologyError(
                    f"{where()}: unknown node {_short(end)}; declare it in \"nodes\" or fix the "
                    f"link")
        if l.src == l.dst:
            raise TopologyError(f"{where()}: self-loop; a link must join two different nodes")
        if type(l.bandwidth) is not Fraction or l.bandwidth.numerator <= 0:
            if not isinstance(l.bandwidth, Fraction) or l.bandwidth <= 0:
                raise TopologyError(f"{where()}: bandwidth must be a positive exact number, "
                                    f"got {_short(l.bandwidth)}")
        if l.type is not None:
            check_link_type(l.type, where())
        if l.alpha is not None and (not isinstance(l.alpha, float) or
                                    check_alpha(l.alpha, where()) != l.alpha or
                                    math.copysign(1.0, l.alpha) < 0):
            raise TopologyError(f"{where()}: \"alpha\" must be a float number of seconds; "
                                f"build links with check_alpha(value)")
    compute = topo.compute_nodes
    if len(compute) < 2:
        raise TopologyError(
            f"topology {topo.name!r} has {len(compute)} compute node(s); a collective needs "
            f"at least two nodes of kind \"compute\"")
    into, out = topo._integer_totals(1), topo._integer_totals(0)
    for v in topo.node_ids:
        if into[v] != out[v]:
            ingress, egress = topo.ingress, topo.egress
            raise TopologyError(
                f"node {v!r} is not balanced: ingress {_show(ingress[v])} {topo.units} != egress "
                f"{_show(egress[v])} {topo.units}; the method needs every node's total ingress "
                f"to equal its total egress (add or resize links, e.g. make them bidirectional)")
    _check_reachability(topo)
    _check_common_unit(topo)
    _merge_attributes(topo)


def _check_common_unit(topo: Topology) -> None:
    """The method works on integer multiples of one common unit; refuse bandwidths whose
    finest common unit would make the integers absurdly long."""
    largest = max(topo.integer_capacity.items(), key=lambda kv: kv[1], default=None)
    if largest is not None and largest[1] > MAX_INTEGER_CAPACITY:
        (u, v), _ = largest
        raise TopologyError(
            f"link {u!r} -> {v!r}: the bandwidths share no common unit fine enough (it would "
            f"make this link {len(str(largest[1]))} digits long); round the bandwidths to "
            f"fewer digits")


def _reached(start: str, edges: Iterable[tuple[str, str]]) -> set[str]:
    """Every node reachable from ``start`` along ``edges`` (breadth first), ``start`` too."""
    out: dict[str, list[str]] = {}
    for u, v in edges:
        out.setdefault(u, []).append(v)
    seen, frontier = {start}, [start]
    while frontier:
        frontier = [w for u in frontier for w in out.get(u, ()) if w not in seen
                    and not seen.add(w)]
    return seen


def _check_reachability(topo: Topology) -> None:
    first = topo.compute_nodes[0]
    forward = _reached(first, topo.capacity)
    backward = _reached(first, ((v, u) for u, v in topo.capacity))
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
    return fraction_display(value, ".6g", approx=True)


# --------------------------------------------------------------------------------------
# construction and I/O


TOP_KEYS = frozenset({"format", "name", "units", "nodes", "links", "description"})
NODE_KEYS = frozenset({"id", "kind", "box", "multicast"})
LINK_KEYS = frozenset({"src", "dst", "bandwidth", "bidirectional", "type", "alpha"})


def _unknown_keys(obj: Mapping[str, Any], allowed: frozenset, where: str) -> None:
    extra = sorted(str(k) for k in obj if k not in allowed)
    if extra:
        raise TopologyFormatError(
            f"{where}: unknown field {_short(extra[0])}; allowed: {', '.join(sorted(allowed))}")


def _label(value: Any, where: str) -> str:
    """A name or units string: printable, at most MAX_ID_LENGTH characters."""
    try:
        return check_id(value, where)
    except TopologyError as exc:
        raise TopologyFormatError(str(exc).replace("node id", "value")) from None


def from_dict(data: Mapping[str, Any], *, source: str = "topology") -> Topology:
    """Build a :class:`Topology` from a ``forestcoll-topology/1`` dict. Unknown fields are
    refused (a misspelt ``"bidirectonal"`` would otherwise be silently ignored).

    :param data: the parsed JSON object (docs/formats.md)
    :param source: the topology, as error messages name it (e.g. its file name)
    :returns: the validated topology
    :raises TopologyFormatError: for a wrong ``format``, an unknown field or a wrong type
    :raises TopologyError: for a value out of range or a rule of :class:`Topology` broken"""
    if not isinstance(data, Mapping):
        raise TopologyFormatError(f"{source}: expected a JSON object, got {type(data).__name__}")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith(("forestcoll-schedule/",
                                                    "forestcoll-group-schedules/")):
            raise TopologyFormatError(f"{source}: a schedule (\"format\" {_short(fmt)}), not "
                                      f"a topology; give the network it runs on as the "
                                      f"topology (a catalog spec such as dgx-a100:boxes=2, or "
                                      f"a {FORMAT} file)")
        raise TopologyFormatError(f"{source}: \"format\" is {_short(fmt)}; expected {FORMAT!r}")
    _unknown_keys(data, TOP_KEYS, source)
    name = _label(data.get("name", "topology"), f"{source}: \"name\"")
    if not isinstance(data.get("description", ""), str):
        raise TopologyFormatError(f"{source}: \"description\" must be a string")
    units = _label(data.get("units", "GB/s"), f"{source}: \"units\"")
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
        node_id = check_id(n["id"], f"{source}: node #{i}")
        where = f"{source}: node {node_id!r}"
        _unknown_keys(n, NODE_KEYS, where)
        kind = n.get("kind", "compute")
        if not isinstance(kind, str) or kind not in KINDS:
            raise TopologyFormatError(f"{where}: unknown kind {_short(kind)}; use \"compute\" "
                                      f"or \"switch\"")
        try:
            box = check_box(n.get("box"), where)
        except TopologyError as exc:
            raise TopologyFormatError(str(exc).replace("node id", "value")) from None
        multicast = n.get("multicast")
        if multicast is not None and not isinstance(multicast, bool):
            raise TopologyFormatError(f"{where}: \"multicast\" must be true or false")
        nodes.append(Node(id=node_id, kind=kind, box=box, multicast=multicast))
    links = []
    known = {n.id for n in nodes}           # ids already checked (a link names them again)
    bandwidths: dict[tuple[type, Any], Fraction] = {}   # each distinct value parsed once
    for i, l in enumerate(raw_links):
        if not isinstance(l, Mapping) or "src" not in l or "dst" not in l:
            raise TopologyFormatError(
                f"{source}: link #{i} must be an object with \"src\", \"dst\" and \"bandwidth\"")
        src, dst = l["src"], l["dst"]
        if not (type(src) is str and src in known):
            src = check_id(src, f"{source}: link #{i} \"src\"")
        if not (type(dst) is str and dst in known):
            dst = check_id(dst, f"{source}: link #{i} \"dst\"")
        where = f"link #{i} {src!r} -> {dst!r}"
        _unknown_keys(l, LINK_KEYS, f"{source}: {where}")
        if "bandwidth" not in l:
            raise TopologyError(f"{where}: missing \"bandwidth\"")
        bidir = l.get("bidirectional", False)
        if not isinstance(bidir, bool):
            raise TopologyFormatError(f"{where}: \"bidirectional\" must be true or false")
        link_type = l.get("type")
        if link_type is not None:
            link_type = check_link_type(link_type, where)
        alpha = l.get("alpha")
        if alpha is not None:
            alpha = check_alpha(alpha, where)
        raw = l["bandwidth"]
        key = (type(raw), raw) if isinstance(raw, (str, int, Decimal)) else None
        bandwidth = bandwidths.get(key) if key is not None else None
        if bandwidth is None:
            bandwidth = parse_bandwidth(raw, where)
            if key is not None:
                bandwidths[key] = bandwidth
        links.append(Link(src=src, dst=dst, bandwidth=bandwidth,
                          bidirectional=bidir, type=link_type, alpha=alpha))
    return Topology(name=name, nodes=tuple(nodes), links=tuple(links), units=units)


def loads(text: str, *, source: str = "topology") -> Topology:
    """Parse ``forestcoll-topology/1`` JSON text; JSON decimals are read exactly.

    :param text: the JSON text
    :param source: the text, as error messages name it (e.g. its file name)
    :returns: the validated topology
    :raises TopologyFormatError: for text that is not JSON, or as :func:`from_dict`
    :raises TopologyError: as :func:`from_dict`"""
    return from_dict(parse_json(text, TopologyFormatError, source, parse_float=Decimal),
                     source=source)


def load(path: str | os.PathLike) -> Topology:
    """Read a ``forestcoll-topology/1`` file (possibly gzip-compressed).

    :param path: the file to read
    :returns: the validated topology
    :raises TopologyFormatError: for an unreadable file (missing, over 256 MiB), or as loads
    :raises TopologyError: as :func:`from_dict`"""
    return loads(read_text(path, TopologyFormatError, "topology",
                           limit=MAX_TOPOLOGY), source=display_path(path))


def write(topology: Topology, path: str | os.PathLike) -> None:
    """Write ``forestcoll-topology/1`` JSON (atomically; ``-`` is standard output).

    :param topology: the topology to write
    :param path: the file to write, or ``-``
    :raises OutputError: when the file cannot be written"""
    write_output(path, topology.to_json())


def from_networkx(graph: nx.DiGraph, *, name: str | None = None, units: str = "GB/s") -> Topology:
    """Build from a DiGraph/MultiDiGraph: node attribute ``kind`` (default "compute"),
    optional ``box``/``multicast``; edge attribute ``bandwidth``, optional ``type``/``alpha``.
    Parallel edges add up.

    :param graph: a directed networkx graph; node ids become strings
    :param name: the name (default: the graph's ``name`` attribute, else ``"topology"``)
    :param units: the unit of the ``bandwidth`` attributes
    :returns: the validated topology
    :raises TopologyError: for an undirected graph, a bad attribute or a rule broken"""
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
        link_type = d.get("type")
        alpha = d.get("alpha")
        if isinstance(alpha, numbers.Real) and not isinstance(alpha, (bool, int, float, Decimal)):
            alpha = float(alpha)             # numpy scalars
        links.append(Link(str(u), str(v), parse_bandwidth(d["bandwidth"], where),
                          type=None if link_type is None else check_link_type(link_type, where),
                          alpha=None if alpha is None else check_alpha(alpha, where)))
    return Topology(name=name or graph.graph.get("name") or "topology", nodes=nodes,
                    links=tuple(links), units=units)
