"""The pieces every view draws with: box frames, links (width by bandwidth), nodes
(compute nodes round, switches square, multicast switches diamonds), arrows along links,
and the legend. Node and box names have a white halo and lie above the arrows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from ..model.numbers import fraction_text
from ..model.topology import Topology
from .labels import halo
from .layout import HIDDEN, MIN_NODE_SIZE, Layout

COMPUTE = "#4c72b0"
SWITCH = "#dd8452"
MULTICAST = "#8172b3"
LINK = "#8c8c8c"
MUTED = "#d0d0d0"
MIN_WIDTH, MAX_WIDTH = 0.6, 4.0
MAX_ARROWS = 500        # more arrows than this in one view: straight lines in one collection


def pairs(topology: Topology, lay: Layout) -> dict[tuple[str, str], list[Fraction]]:
    """Undirected pairs of drawn nodes -> [bandwidth one way, the other way], in topology
    order; a link into a summarised box counts toward the pair with the summary box (their
    bandwidths added), a link inside the summarised boxes is left out.

    :param topology: the network
    :param lay: its layout
    :returns: (a, b) -> [bandwidth a -> b, bandwidth b -> a]
    """
    out: dict[tuple[str, str], list[Fraction]] = {}
    for (u, v), b in topology.capacity.items():
        a, c = lay.shown(u), lay.shown(v)
        if a == c:
            continue
        key, side = ((a, c), 0) if (c, a) not in out else ((c, a), 1)
        entry = out.setdefault(key, [Fraction(0), Fraction(0)])
        entry[side] += b
    return out


def width(bandwidth: Fraction, widest: Fraction) -> float:
    """Line width in points: proportional to the bandwidth, from :data:`MIN_WIDTH` to
    :data:`MAX_WIDTH` (an aggregate above ``widest`` stays at the widest)."""
    share = min(float(bandwidth / widest), 1.0) if widest else 1.0
    return MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * share


def frames(ax: Any, lay: Layout) -> None:
    """Draw the boxes' rounded rectangles and their labels."""
    from matplotlib.patches import FancyBboxPatch

    for f in lay.frames:
        ax.add_patch(FancyBboxPatch((f.x, f.y), f.width, f.height,
                                    boxstyle="round,pad=0.02,rounding_size=0.06",
                                    facecolor="#f4f4f4" if f.summary else "#f7f9fc",
                                    edgecolor="#999999", linestyle="--" if f.summary else "-",
                                    linewidth=0.8, zorder=0))
        # above the links and arrows (zorder 4), with a white halo: a line crossing a
        # box's name leaves it readable
        if f.summary:
            ax.text(f.x + f.width / 2, f.y + f.height / 2, f.label, ha="center", va="center",
                    fontsize=8, color="#444444", zorder=6, path_effects=halo())
        else:
            ax.text(f.x + 0.04, f.y + f.height - 0.04, f.label, ha="left", va="top",
                    fontsize=8, fontweight="bold", color="#444444", zorder=6,
                    bbox={"boxstyle": "round,pad=0.1", "facecolor": "#f7f9fc",
                          "edgecolor": "none", "alpha": 0.9})


def links(ax: Any, topology: Topology, lay: Layout, *, color: str = LINK,
          alpha: float = 0.8) -> Fraction:
    """Draw every link once per node pair, its width by the larger of its two directions'
    bandwidths; links into the summarised boxes dashed.

    :returns: the widest single link's bandwidth (the legend's scale)
    """
    from matplotlib.collections import LineCollection

    widest = max(topology.capacity.values())
    solid, dashed = ([], []), ([], [])
    for (a, b), both in pairs(topology, lay).items():
        target = dashed if HIDDEN in (a, b) else solid
        target[0].append((lay.at(a), lay.at(b)))
        target[1].append(width(max(both), widest))
    for (segments, widths), style in ((solid, "solid"), (dashed, "dashed")):
        if segments:
            ax.add_collection(LineCollection(segments, linewidths=widths, colors=color,
                                             alpha=alpha, linestyles=style, zorder=1,
                                             capstyle="round"))
    return widest


def nodes(ax: Any, topology: Topology, lay: Layout, *, muted: bool = False,
          labels: bool = True) -> None:
    """Draw the nodes (compute round, switch square, multicast switch diamond) and their
    labels; ``muted`` draws them pale, as a background for trees or loads."""
    size = lay.node_size()
    kinds: dict[str, tuple[list, str, str]] = {"compute": ([], "o", COMPUTE),
                                                "switch": ([], "s", SWITCH),
                                                "multicast": ([], "D", MULTICAST)}
    for n in topology.nodes:
        if n.id not in lay.pos:
            continue
        kind = "compute" if n.is_compute else ("multicast" if n.multicast else "switch")
        kinds[kind][0].append(lay.pos[n.id])
    rim = 0.8 if size > MIN_NODE_SIZE else 0.0    # crowded markers: no white rim to hide them
    for kind, (points, marker, color) in kinds.items():
        if points:
            xs, ys = zip(*points)
            ax.scatter(xs, ys, s=size * (0.9 if marker == "D" else 1.0), marker=marker,
                       c=MUTED if muted else color, edgecolors="white", linewidths=rim,
                       zorder=3)
    if labels and lay.labels and size >= 60:
        gap = 0.05 + size / 6000
        for v, text in lay.labels.items():
            x, y = lay.pos[v]
            ux, uy = lay.outward.get(v, (0.0, -1.0))
            ha = "center" if abs(ux) < 0.4 else ("left" if ux > 0 else "right")
            va = "center" if abs(uy) < 0.4 else ("bottom" if uy > 0 else "top")
            ax.text(x + ux * gap, y + uy * gap, text, ha=ha, va=va,
                    fontsize=6.5 if size >= 120 else 5.5,
                    color="#999999" if muted else "#222222", zorder=6, path_effects=halo())


def arrow(ax: Any, a: tuple[float, float], b: tuple[float, float], *, color: str,
          lw: float, rad: float = 0.0, gid: str | None = None, zorder: int = 4,
          style: str = "-|>") -> Any:
    """An arrow from ``a`` to ``b`` that stops short of the markers.

    :returns: the FancyArrowPatch
    """
    from matplotlib.patches import FancyArrowPatch

    patch = FancyArrowPatch(a, b, arrowstyle=style, mutation_scale=7 + lw * 1.5,
                            connectionstyle=f"arc3,rad={rad}", color=color, linewidth=lw,
                            shrinkA=7, shrinkB=7, zorder=zorder)
    if gid:
        patch.set_gid(gid)
    # add_artist, not add_patch: the views set the axes' limits themselves (finish), and
    # add_patch's update of the data limits was half the time of 6,000 arrows
    ax.add_artist(patch)
    return patch


def segments(ax: Any, ends: list[tuple[tuple[float, float], tuple[float, float]]], *,
             colors: Any, widths: Any, zorder: int = 4, gid: str | None = None) -> Any:
    """Straight lines without heads in one collection: what a view draws instead of
    :func:`arrow` when it has more than :data:`MAX_ARROWS` of them (one patch per arrow
    took seconds per thousand).

    :returns: the LineCollection, or None when ``ends`` is empty
    """
    from matplotlib.collections import LineCollection

    if not ends:
        return None
    lines = LineCollection(ends, colors=colors, linewidths=widths, zorder=zorder,
                           capstyle="round")
    if gid:
        lines.set_gid(gid)
    ax.add_collection(lines, autolim=False)
    return lines


def midpoint(a: tuple[float, float], b: tuple[float, float], rad: float = 0.0
             ) -> tuple[float, float]:
    """Where an arc3 arrow of curvature ``rad`` from ``a`` to ``b`` passes half way."""
    (x1, y1), (x2, y2) = a, b
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    return mx + rad * dy / 2, my - rad * dx / 2


def label(ax: Any, at: tuple[float, float], text: str, *, color: str = "#222222",
          size: float = 6.5) -> None:
    """A small text on a white box, on top of links."""
    ax.text(at[0], at[1], text, ha="center", va="center", fontsize=size, color=color,
            zorder=7, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white",
                            "edgecolor": "none", "alpha": 0.85})


def legend(ax: Any, topology: Topology, lay: Layout, extra: Iterable[Any] = (), *,
           widths: bool = True) -> None:
    """The legend: node kinds, line widths of the distinct bandwidths (up to four), and
    the view's own handles."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", linestyle="", color=COMPUTE,
                      label=f"compute node ({len(topology.compute_nodes)})")]
    multicast = sum(1 for n in topology.nodes if n.multicast and not n.is_compute)
    plain = len(topology.switch_nodes) - multicast
    if plain:
        handles.append(Line2D([], [], marker="s", linestyle="", color=SWITCH,
                              label=f"switch ({plain})"))
    if multicast:
        handles.append(Line2D([], [], marker="D", linestyle="", color=MULTICAST,
                              label=f"multicast switch ({multicast})"))
    if widths:
        widest = max(topology.capacity.values())
        values = sorted(set(topology.capacity.values()), reverse=True)
        if len(values) > 4:
            values = [values[0], values[len(values) // 3], values[2 * len(values) // 3],
                      values[-1]]
        for b in values:
            handles.append(Line2D([], [], color=LINK, linewidth=width(b, widest),
                                  label=f"{fraction_text(b)} {topology.units}"))
    handles.extend(extra)
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7,
              frameon=False, borderaxespad=0.2)


def finish(ax: Any, lay: Layout, title: str) -> None:
    """Title, equal aspect, no axes, margins around the layout, and the summary note."""
    ax.set_title(title, loc="left")
    ax.set_aspect("equal")
    ax.set_anchor("NW")
    ax.set_axis_off()
    pad = 0.12
    ax.set_xlim(-pad, lay.width + pad)
    ax.set_ylim(-pad - (0.12 if lay.summary else 0), lay.height + pad)
    if lay.summary:
        ax.text(0, -pad - 0.06, lay.summary, ha="left", va="center", fontsize=7,
                style="italic", color="#444444")
