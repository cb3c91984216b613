"""The fabrics joining the boxes' NIC ports (single-switch, rail, planes, fat-tree,
rail-optimized scalable units) and the whole network they make: a graph of GPUs and
switches whose internal switches of two neighbours are contracted, written out as a
``forestcoll-topology/1`` network.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...errors import UsageError
from ...model.topology import Topology, format_fraction, from_dict
from .links import LinkAttrs, in_parallel, in_series


MAX_BOXES = 1024
SU_BOXES = 32                 # DGX SuperPOD (H100, B200): scalable units of 32 boxes


FABRIC_HELP = ("single-switch (every NIC on one non-blocking switch), rail (NIC i of every "
               "box on rail switch i), planes:n=N (NIC i on plane i mod N), "
               "fat-tree:oversub=R[,leaf=L] (L boxes per leaf switch, default 1, whose "
               "uplink to a non-blocking spine carries their NIC bandwidth / R), "
               "su[:boxes=S][,oversub=R] (rail-optimized scalable units of S boxes, default "
               "32: port i of a unit's boxes on the unit's leaf i, whose uplink to a spine "
               "joining every leaf carries their NIC bandwidth / R, default 1)")


# --- the fabric -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Fabric:
    """How the boxes' NICs are wired: ``kind`` is ``single-switch``, ``rail``, ``planes``
    (``planes`` switches, NIC i on plane i mod ``planes``), ``fat-tree`` (``leaf`` boxes
    per leaf switch, leaf uplinks of their NIC bandwidth / ``oversub`` to one spine) or
    ``su`` (scalable units of ``unit`` boxes with one leaf per port position, leaf uplinks
    of their NIC bandwidth / ``oversub`` to one spine)."""

    kind: str
    planes: int | None = None
    oversub: Fraction | None = None
    leaf: int | None = None
    unit: int | None = None

    def __str__(self) -> str:
        if self.kind == "planes":
            return f"planes:n={self.planes}"
        if self.kind == "fat-tree":
            text = f"fat-tree:oversub={format_fraction(self.oversub)}"
            return text + (f",leaf={self.leaf}" if self.leaf != 1 else "")
        if self.kind == "su":
            text = f"su:boxes={self.unit}"
            return text + (f",oversub={format_fraction(self.oversub)}" if self.oversub != 1 else "")
        return self.kind


def parse_fabric(text: "str | Fabric") -> Fabric:
    """A :class:`Fabric` from ``single-switch``, ``rail``, ``planes:n=N``,
    ``fat-tree:oversub=R[,leaf=L]`` or ``su[:boxes=S][,oversub=R]`` (R a positive rational
    such as ``2``, ``1.5`` or ``3/2``, default 1 for ``su``; L a whole number of boxes per
    leaf switch, default 1; S a whole number of boxes per scalable unit, default 32).

    :param text: the fabric text, or a :class:`Fabric` (returned as is)
    :raises UsageError: for an unknown fabric or a bad parameter
    """
    if isinstance(text, Fabric):
        return text
    if not isinstance(text, str):
        raise UsageError(f"fabric must be a string such as 'rail', got {type(text).__name__}")
    spec = text.strip()
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"fabric {spec[:60]!r}: {item[:30]!r} is not key=value")
        if key in params:
            raise UsageError(f"fabric {spec[:60]!r}: {key} is given twice; give it once")
        params[key] = value.strip()
    allowed = {"single-switch": set(), "rail": set(), "planes": {"n"},
               "fat-tree": {"oversub", "leaf"}, "su": {"boxes", "oversub"}}
    if kind not in allowed:
        raise UsageError(f"unknown fabric {spec[:60]!r}; use {FABRIC_HELP}")
    extra = sorted(set(params) - allowed[kind])
    if extra:
        accepted = ", ".join(sorted(allowed[kind])) or "none"
        raise UsageError(f"fabric {kind}: unknown parameter {extra[0][:30]!r}; parameters: "
                         f"{accepted}")
    if kind == "planes":
        if "n" not in params:
            raise UsageError("fabric planes needs the number of planes, e.g. planes:n=2")
        return Fabric("planes", planes=_whole(params["n"], "planes:n", 1, 4096))
    if kind == "fat-tree":
        if "oversub" not in params:
            raise UsageError("fabric fat-tree needs the oversubscription ratio, e.g. "
                             "fat-tree:oversub=2 (1 is non-blocking)")
        leaf = _whole(params["leaf"], "fat-tree leaf", 1, MAX_BOXES) if "leaf" in params else 1
        return Fabric("fat-tree", oversub=_ratio(params["oversub"], kind), leaf=leaf)
    if kind == "su":
        unit = _whole(params["boxes"], "su:boxes", 1, MAX_BOXES) if "boxes" in params \
            else SU_BOXES
        ratio = _ratio(params["oversub"], kind) if "oversub" in params else Fraction(1)
        return Fabric("su", oversub=ratio, unit=unit)
    return Fabric(kind)


def _ratio(raw: str, kind: str) -> Fraction:
    number = r"[0-9]{1,9}(?:\.[0-9]{1,9})?|[0-9]{1,9}/[0-9]{1,9}"
    try:
        ratio = Fraction(raw) if re.fullmatch(number, raw) else None
    except ZeroDivisionError:
        ratio = None
    if ratio is None or ratio <= 0:
        raise UsageError(f"{kind}:oversub={raw[:30]!r} must be a positive number such as "
                         f"2, 1.5 or 3/2 (the leaf's downlink over uplink bandwidth)")
    return ratio


def _whole(raw: str, what: str, low: int, high: int) -> int:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9 or not low <= int(raw) <= high:
        raise UsageError(f"{what}={raw[:30]!r} must be a whole number from {low} to {high}")
    return int(raw)


# --- the whole network ----------------------------------------------------------------------

class Graph:
    """Nodes and undirected links (equal bandwidth both ways) with series contraction of
    internal switches of two neighbours and removal of switches with at most one. Every
    pair carries one (type, alpha): links added to a pair that has some keep the one of
    larger α (:func:`in_parallel`), a contracted path sums its hops' α (:func:`in_series`).
    A tapered uplink (:meth:`uplink`) gets its bandwidth when the graph is simplified."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[str, int | None, bool]] = {}
        self.adj: dict[str, dict[str, Fraction]] = {}
        self.attrs: dict[tuple[str, str], LinkAttrs] = {}
        self.tapered: list[tuple[str, str, Fraction, str]] = []

    def uplink(self, leaf: str, spine: str, oversub: Fraction, kind: str) -> None:
        """A link from ``leaf`` to ``spine`` that carries the bandwidth of everything else
        plugged into ``leaf`` divided by ``oversub``, sized when the graph is simplified
        (once the boxes' ports are wired), so ports of unequal speeds are summed exactly."""
        self.tapered.append((leaf, spine, oversub, kind))

    def _taper(self) -> None:
        for leaf, spine, oversub, kind in self.tapered:
            down = sum(self.adj[leaf].values(), Fraction(0))
            if down:
                self.link(leaf, spine, down / oversub, kind)
        self.tapered = []

    def node(self, node_id: str, kind: str, box: int | None, internal: bool = False) -> None:
        self.nodes[node_id] = (kind, box, internal)
        self.adj[node_id] = {}

    def link(self, a: str, b: str, bw: Fraction, kind: str, alpha: float | None = None) -> None:
        if a == b:
            return
        attrs: LinkAttrs = (kind, alpha)
        if (a, b) in self.attrs:
            attrs = in_parallel(self.attrs[(a, b)], attrs)
        self.attrs[(a, b)] = self.attrs[(b, a)] = attrs
        self.adj[a][b] = self.adj[a].get(b, Fraction(0)) + bw
        self.adj[b][a] = self.adj[b].get(a, Fraction(0)) + bw

    def simplify(self) -> None:
        self._taper()
        work = list(self.nodes)
        while work:
            v = work.pop()
            if v not in self.nodes:
                continue
            kind, _, internal = self.nodes[v]
            if kind == "compute":
                continue
            nbrs = self.adj[v]
            if len(nbrs) <= 1 or (internal and len(nbrs) == 2):
                ends = list(nbrs.items())
                hops = [self.attrs[(u, v)] for u, _ in ends]
                for u, _ in ends:
                    del self.adj[u][v], self.attrs[(u, v)], self.attrs[(v, u)]
                if len(ends) == 2:
                    (a, x), (b, y) = ends
                    self.link(a, b, min(x, y), *in_series(hops[0], hops[1]))
                del self.adj[v], self.nodes[v]
                work.extend(u for u, _ in ends)

    def topology(self, name: str) -> Topology:
        self._taper()
        nodes = []
        for node_id, (kind, box, _) in self.nodes.items():
            entry: dict[str, Any] = {"id": node_id, "kind": kind}
            if box is not None:
                entry["box"] = box
            nodes.append(entry)
        index = {v: i for i, v in enumerate(self.nodes)}
        links = []
        for u in self.nodes:
            for v, bw in self.adj[u].items():
                if index[u] < index[v]:
                    kind, alpha = self.attrs[(u, v)]
                    links.append({"src": u, "dst": v, "bandwidth": format_fraction(bw),
                                  "bidirectional": True, "type": kind,
                                  **({} if alpha is None else {"alpha": alpha})})
        return from_dict({"format": "forestcoll-topology/1", "name": name, "units": "GB/s",
                          "nodes": nodes, "links": links}, source=f"NCCL import {name}")


def fabric_ports(graph: Graph, fabric: Fabric, boxes: int, ports: int,
                  totals: Fraction, kind: str) -> dict[tuple[int, int], str]:
    """The fabric's switches (added to ``graph``, switch-switch links of type ``kind``) and,
    for (box, port position), the switch that port plugs into.

    :param graph: the network the switches are added to
    :param fabric: the fabric
    :param boxes: the number of boxes
    :param ports: NIC ports per box
    :param totals: one box's NIC bandwidth (GB/s), which fat-tree uplinks carry / oversub
        (``su`` uplinks carry what is plugged into their leaf / oversub, :meth:`Graph.uplink`)
    :param kind: the link type of switch-switch links
    """
    where: dict[tuple[int, int], str] = {}
    if fabric.kind == "single-switch":
        graph.node("net/switch", "switch", None)
        where = {(b, r): "net/switch" for b in range(boxes) for r in range(ports)}
    elif fabric.kind == "rail":
        for r in range(ports):
            graph.node(f"net/rail{r}", "switch", None)
        where = {(b, r): f"net/rail{r}" for b in range(boxes) for r in range(ports)}
    elif fabric.kind == "planes":
        for p in range(min(fabric.planes, ports)):
            graph.node(f"net/plane{p}", "switch", None)
        where = {(b, r): f"net/plane{r % fabric.planes}"
                 for b in range(boxes) for r in range(ports)}
    elif fabric.kind == "su":
        units = -(-boxes // fabric.unit)
        graph.node("net/spine", "switch", None)
        for unit in range(units):
            for r in range(ports):
                graph.node(f"net/su{unit}/leaf{r}", "switch", None)
                graph.uplink(f"net/su{unit}/leaf{r}", "net/spine", fabric.oversub, kind)
        where = {(b, r): f"net/su{b // fabric.unit}/leaf{r}"
                 for b in range(boxes) for r in range(ports)}
    else:
        leaves = -(-boxes // fabric.leaf)
        graph.node("net/spine", "switch", None)
        for leaf in range(leaves):
            graph.node(f"net/leaf{leaf}", "switch", None)
            members = min(fabric.leaf, boxes - leaf * fabric.leaf)
            graph.link(f"net/leaf{leaf}", "net/spine", members * totals / fabric.oversub, kind)
        where = {(b, r): f"net/leaf{b // fabric.leaf}" for b in range(boxes) for r in range(ports)}
    return where
