"""Where every node goes: boxes in a grid, each box's compute nodes on a circle around its
switches (networkx's shell layout), the switches outside any box in a row above. A
network without boxes of fewer than :data:`SPRING_NODES` nodes is laid out by networkx's
spring layout with a fixed seed; a larger one on a circle, in depth-first order from its
first node (a ring is drawn as a ring), in time linear in its size (the spring layout
took 50 s on a 3,000-node ring). Above :data:`MAX_BOXES` boxes one box is drawn and the
others stand as one summary box."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..model.topology import Topology

MAX_BOXES = 16          # more boxes than this: one is drawn, the others summarised
SEED = 7                # the spring layout's seed: the same picture every time
SPRING_NODES = 500      # a network without boxes this large or larger: the circle, not the
                        # spring layout (networkx's own dense/sparse switch; 0.5 s at 499
                        # nodes, 3 s at 500, 47 s at 3,000)
CELL = 1.0              # a box's side, in layout units
GAP = 0.45              # between boxes
MIN_NODE_SIZE = 24.0    # points², the smallest node marker
HIDDEN = "\u2026"       # the summary box's node id in the drawing (never a real id here)


@dataclass(frozen=True)
class Frame:
    """A box's rectangle and its label.

    :ivar label: ``"box 0"``, or the summary's text
    :ivar x: left edge
    :ivar y: bottom edge
    :ivar width: width
    :ivar height: height
    :ivar summary: whether it stands for the boxes not drawn
    """

    label: str
    x: float
    y: float
    width: float
    height: float
    summary: bool = False


@dataclass
class Layout:
    """Node positions of one topology drawing.

    :ivar pos: drawn node id -> (x, y)
    :ivar frames: the boxes' rectangles (the summary box last)
    :ivar hidden: node id -> :data:`HIDDEN` for every node inside a summarised box
    :ivar summary: a sentence for the figure saying what is summarised, or ``""``
    :ivar labels: drawn node id -> its label (the id without its box prefix inside a box)
    :ivar outward: drawn node id -> the unit vector its label is pushed along (away from
        its box's centre; up for the switches above the boxes, whose links go down;
        straight down where not given)
    :ivar width: the drawing's width in layout units
    :ivar height: its height
    :ivar per_box: compute nodes in the largest drawn box (node sizes shrink with it)
    """

    pos: dict[str, tuple[float, float]]
    frames: list[Frame] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)
    summary: str = ""
    labels: dict[str, str] = field(default_factory=dict)
    outward: dict[str, tuple[float, float]] = field(default_factory=dict)
    width: float = 1.0
    height: float = 1.0
    per_box: int = 8

    def at(self, node: str) -> tuple[float, float]:
        """The position of ``node``, the summary box's for a node not drawn."""
        return self.pos[self.hidden.get(node, node)]

    def shown(self, node: str) -> str:
        """The id ``node`` is drawn as: itself, or :data:`HIDDEN`."""
        return self.hidden.get(node, node)

    def node_size(self) -> float:
        """Marker area (points²) for a node: smaller when boxes hold many nodes."""
        crowd = max(self.per_box, len(self.pos) / max(len(self.frames), 1) / 2, 8)
        return max(MIN_NODE_SIZE, 260.0 * 8 / crowd)


def plural(count: int, noun: str) -> str:
    """``1 switch``, ``3 switches``, ``2 compute nodes``."""
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun}es" if noun.endswith(("ch", "sh", "x", "s")) else f"{count} {noun}s"


def layout(topology: Topology) -> Layout:
    """The positions of ``topology``'s nodes (see the module docstring).

    :param topology: the network
    :returns: the layout
    """
    groups: dict[Any, list[str]] = {}
    fabric: list[str] = []
    for n in topology.nodes:
        if n.box is None:
            fabric.append(n.id)
        else:
            groups.setdefault(n.box, []).append(n.id)
    if not groups:
        if len(topology.nodes) >= SPRING_NODES:
            return _circle(topology)
        return _spring(topology)
    boxes = list(groups)
    drawn = boxes if len(boxes) <= MAX_BOXES else boxes[:1]
    rest = boxes[len(drawn):]
    cells = len(drawn) + (1 if rest else 0)
    cols = cells if cells <= 4 else math.ceil(math.sqrt(cells))
    rows = math.ceil(cells / cols)
    out = Layout(pos={})
    step = CELL + GAP
    for i, box in enumerate(drawn):
        col, row = i % cols, i // cols
        x0, y0 = col * step, (rows - 1 - row) * step
        _place_box(topology, groups[box], x0, y0, out)
        out.frames.append(Frame(f"box {box}", x0, y0, CELL, CELL))
        out.per_box = max(out.per_box, sum(topology.node[v].is_compute for v in groups[box]))
    if rest:
        col, row = len(drawn) % cols, len(drawn) // cols
        x0, y0 = col * step, (rows - 1 - row) * step
        members = [v for b in rest for v in groups[b]]
        compute = sum(topology.node[v].is_compute for v in members)
        label = (f"{plural(len(rest), 'more box')}\n({plural(compute, 'compute node')},\n"
                 f"{plural(len(members) - compute, 'switch')})")
        out.frames.append(Frame(label, x0, y0, CELL, CELL, summary=True))
        out.pos[HIDDEN] = (x0 + CELL / 2, y0 + CELL / 2)
        out.hidden = {v: HIDDEN for v in members}
        out.summary = (f"{len(boxes)} boxes: box {drawn[0]} is drawn, the other {len(rest)} "
                       f"are summarised as one")
    out.width = cols * step - GAP
    out.height = rows * step - GAP
    if fabric:
        top = out.height + 0.55
        spread = max(out.width, 0.4 * (len(fabric) - 1))
        if spread > out.width:             # a wide row of switches: centre the boxes under it
            _shift(out, (spread - out.width) / 2)
            out.width = spread
        for i, v in enumerate(fabric):
            x = (out.width / 2 if len(fabric) == 1 else
                 out.width / 2 - spread / 2 + spread * i / (len(fabric) - 1))
            out.pos[v] = (x, top)
            out.labels[v] = v
            out.outward[v] = (0.0, 1.0)     # the name above: its links leave downward
        out.height = top + 0.22           # room for the names above the switches
    return out


def _shift(out: Layout, dx: float) -> None:
    out.pos = {v: (x + dx, y) for v, (x, y) in out.pos.items()}
    out.frames = [Frame(f.label, f.x + dx, f.y, f.width, f.height, f.summary) for f in out.frames]


def _place_box(topology: Topology, members: list[str], x0: float, y0: float,
               out: Layout) -> None:
    import networkx as nx

    switches = [v for v in members if not topology.node[v].is_compute]
    compute = [v for v in members if topology.node[v].is_compute]
    center = (x0 + CELL / 2, y0 + CELL / 2 - 0.03)
    radius = CELL * 0.34
    pos = {}
    if compute:            # compute nodes on a circle, the box's switches inside it
        pos.update(nx.circular_layout(compute, scale=radius if len(compute) > 1 else 0,
                                      center=center))
    if switches:
        inner = 0 if len(switches) == 1 else radius * (0.45 if compute else 1.0)
        pos.update(nx.circular_layout(switches, scale=inner, center=center))
    prefixes = {v.rsplit("/", 1)[0] for v in members if "/" in v}
    for v in members:
        out.pos[v] = (float(pos[v][0]), float(pos[v][1]))
        dx, dy = out.pos[v][0] - center[0], out.pos[v][1] - center[1]
        norm = math.hypot(dx, dy)
        if norm > 1e-9 and topology.node[v].is_compute:
            out.outward[v] = (dx / norm, dy / norm)
        short = v.rsplit("/", 1)[-1]
        out.labels[v] = short if len(prefixes) == 1 and "/" in v else v


def _spring(topology: Topology) -> Layout:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(topology.node_ids)
    g.add_edges_from(topology.capacity)
    pos = nx.spring_layout(g, seed=SEED, scale=0.5, center=(0.5, 0.5))
    many = len(topology.nodes) > 40
    return Layout(pos={v: (float(p[0]), float(p[1])) for v, p in pos.items()},
                  labels={} if many else {v: v for v in topology.node_ids},
                  width=1.0, height=1.0, per_box=max(8, len(topology.nodes) // 3))


def depth_first_order(topology: Topology) -> list[str]:
    """Every node once, depth first from the first node along the links in topology order
    (either direction), each part not reached yet started from its first node: neighbours
    on a path or a ring come out next to each other.

    :param topology: the network
    :returns: the node ids
    """
    neighbours: dict[str, list[str]] = {v: [] for v in topology.node_ids}
    for u, v in topology.capacity:
        neighbours[u].append(v)
        neighbours[v].append(u)
    seen: set[str] = set()
    order: list[str] = []
    for start in topology.node_ids:
        if start in seen:
            continue
        stack = [start]
        while stack:
            v = stack.pop()
            if v in seen:
                continue
            seen.add(v)
            order.append(v)
            stack.extend(w for w in reversed(neighbours[v]) if w not in seen)
    return order


def _circle(topology: Topology) -> Layout:
    """Every node on one circle in :func:`depth_first_order`: O(nodes + links), the same
    positions on every run."""
    order = depth_first_order(topology)
    n = len(order)
    pos = {v: (0.5 + 0.5 * math.cos(2 * math.pi * i / n), 0.5 + 0.5 * math.sin(2 * math.pi * i / n))
           for i, v in enumerate(order)}
    return Layout(pos=pos, labels={}, width=1.0, height=1.0, per_box=max(8, n // 3),
                  summary=f"{n} nodes on a circle, in depth-first order from {order[0][:40]}")
