"""The topology view and the cut view."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..generation.bounding import Bound
from ..model.collective import Collective
from ..model.numbers import fraction_display, fraction_text
from ..model.topology import Topology
from . import network as net
from .layout import HIDDEN, Layout, plural

CUT = "#c44e52"


def topology_view(ax: Any, topology: Topology, lay: Layout) -> None:
    """Boxes grouped and labelled, switches distinct from compute nodes, line width by
    bandwidth."""
    net.frames(ax, lay)
    net.links(ax, topology, lay)
    net.nodes(ax, topology, lay)
    net.legend(ax, topology, lay)
    boxes = len({n.box for n in topology.nodes if n.box is not None})
    shape = (f"{plural(len(topology.compute_nodes), 'compute node')}, "
             f"{plural(len(topology.switch_nodes), 'switch')}")
    net.finish(ax, lay, f"{topology.name}: {shape}" + (f", {plural(boxes, 'box')}" if boxes else ""))


def crossing(topology: Topology, bound: Bound) -> list[tuple[str, str]]:
    """The links that cross the bottleneck cut: leaving S* (allgather, broadcast), or
    entering it (reduce-scatter, reduce, whose bound is a cut of the reversed network).

    :param topology: the network
    :param bound: its bound
    :returns: the (src, dst) links, in topology order
    """
    inside = set(bound.cut)
    inward = Collective(bound.collective).inward
    return [(u, v) for (u, v) in topology.capacity
            if ((v if inward else u) in inside) and ((u if inward else v) not in inside)]


def cut_title(topology: Topology, bound: Bound) -> str:
    """The cut view's title: the collective, the cut's sides and the exact ratio (the
    bound's 1/x* for allgather and reduce-scatter; the min cut from the root for broadcast
    and reduce)."""
    member = Collective(bound.collective)
    units = topology.units
    head = f"{member.value} on {topology.name}: bottleneck cut S*"
    b = fraction_text(bound.cut_bandwidth)
    if member.rooted:
        return (f"{head} (min cut {'into' if member.inward else 'from'} root {bound.root})\n"
                f"B(S*) = {b} {units} = algbw bound")
    weight = "ŵ(S* ∩ Vc)" if bound.weights is not None else "|S* ∩ Vc|"
    return (f"{head}\n{weight} / B(S*) = {bound.cut_weight}/{b} = "
            f"{fraction_text(bound.cut_ratio)} per {units} = 1/x*, so algbw ≤ "
            f"{fraction_display(bound.algbw)} {units}")


def cut_view(ax: Any, topology: Topology, lay: Layout, bound: Bound) -> list[tuple[str, str]]:
    """The bottleneck cut S* shaded, the links crossing it highlighted with their
    bandwidth, the ratio in the title.

    :returns: the crossing links (see :func:`crossing`)
    """
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    inside = set(bound.cut)
    net.frames(ax, lay)
    net.links(ax, topology, lay, color=net.MUTED, alpha=1.0)
    shaded = [lay.pos[v] for v in inside if v in lay.pos]
    if shaded:
        xs, ys = zip(*sorted(shaded))
        ax.scatter(xs, ys, s=lay.node_size() * 3.2, c=CUT, alpha=0.22, linewidths=0, zorder=2)
    hidden = [v for v in inside if v in lay.hidden]
    if hidden:                       # S* reaches into the summarised boxes: say how far
        f = lay.frames[-1]
        compute = sum(1 for v in hidden if topology.node[v].is_compute)
        ax.add_patch(Rectangle((f.x, f.y), f.width, f.height, facecolor=CUT, alpha=0.12,
                               linewidth=0, zorder=0))
        ax.text(f.x + f.width / 2, f.y + 0.1, f"in S*: {plural(compute, 'compute node')},\n"
                f"{plural(len(hidden) - compute, 'switch')}", ha="center", va="bottom",
                fontsize=7, color=CUT, zorder=5)
    net.nodes(ax, topology, lay)
    cross = crossing(topology, bound)
    widest = max(topology.capacity.values())
    grouped: dict[tuple[str, str], Fraction] = {}
    for u, v in cross:
        key = (lay.shown(u), lay.shown(v))
        grouped[key] = grouped.get(key, Fraction(0)) + topology.capacity[(u, v)]
    few = len(grouped) <= 40
    for (a, b), bandwidth in grouped.items():
        if a == b:
            continue
        rad = 0.12 if (b, a) in grouped else 0.0
        net.arrow(ax, lay.at(a), lay.at(b), color=CUT, lw=net.width(bandwidth, widest),
                  rad=rad, gid=f"cut:{a}->{b}")
        if few:
            text = fraction_text(bandwidth)
            net.label(ax, net.midpoint(lay.at(a), lay.at(b), rad),
                      f"Σ {text}" if HIDDEN in (a, b) else text, color=CUT)
    compute = sum(1 for v in inside if topology.node[v].is_compute)
    direction = "entering" if Collective(bound.collective).inward else "leaving"
    extra = [Line2D([], [], marker="o", linestyle="", markersize=11, color=CUT, alpha=0.3,
                    label=f"S*: {plural(compute, 'compute node')},\n"
                          f"{plural(len(inside) - compute, 'switch')}"),
             Line2D([], [], color=CUT, linewidth=2,
                    label=f"{len(cross)} links {direction} S*:\n"
                          f"{fraction_text(bound.cut_bandwidth)} {topology.units}")]
    net.legend(ax, topology, lay, extra)
    net.finish(ax, lay, cut_title(topology, bound))
    return cross
