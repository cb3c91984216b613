"""The views of a schedule: one root's trees, and the load of every link."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..errors import DrawError
from ..model.collective import Collective
from ..model.schedule import Schedule, Tree, link_loads, multicast_switches
from ..model.topology import Topology
from ..model.trees import tree_image
from ..verify import Verdict
from . import network as net
from .checked import verified_line
from .labels import ALONG, along, label_layer
from .layout import Layout

MAX_PANELS = 12          # trees drawn one per panel; the rest are counted in the title
MAX_LABELS = 64          # loads view: more lines in use than this go without load labels
TREE_COLORS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860",
               "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd")
SATURATED = "#a50f15"


def root_trees(schedule: Schedule, root: str | None) -> tuple[str, list[tuple[str, Tree]]]:
    """The root to draw and its trees, each with the collective of its phase.

    :param schedule: the schedule
    :param root: a root compute node, or None: the schedule's root (broadcast, reduce) or
        the first tree's
    :returns: (root, [(phase collective, tree)])
    :raises DrawError: when no tree has that root
    """
    phases = schedule.phases or (schedule,)
    if not any(p.trees or p.orbits for p in phases):
        raise DrawError("the schedule has no trees to draw")
    if root is None:
        first = next(p for p in phases if p.trees or p.orbits)
        root = schedule.root or (first.trees or first.orbits)[0].root
    trees = [(p.collective.value, t) for p in phases for t in _rooted(p, root)]
    if not trees:
        roots = list(dict.fromkeys(r for p in phases for r in _roots(p)))
        shown = ", ".join(roots[:4]) + (", ..." if len(roots) > 4 else "")
        raise DrawError(f"no tree of the schedule has root {str(root)[:60]!r}; its roots: {shown}")
    return root, trees


def _rooted(phase: Schedule, root: str) -> list[Tree]:
    """The trees of one phase rooted at ``root``, in the order of the plain schedule; of a
    compact phase only the images of its representatives that land on ``root`` are made
    (the group is not expanded)."""
    trees = [t for t in phase.trees if t.root == root]
    if phase.orbits:
        images = phase.group_images()
        trees += [tree_image(rep, image) for rep in phase.orbits for image in images
                  if image(rep.root) == root]
    return trees


def _roots(phase: Schedule) -> list[str]:
    """Every root of one phase's trees (a compact phase's: its representatives' images)."""
    roots = [t.root for t in phase.trees]
    if phase.orbits:
        images = phase.group_images()
        roots += [image(rep.root) for rep in phase.orbits for image in images]
    return roots


def tree_hops(tree: Tree, lay: Layout) -> dict[tuple[str, str], int]:
    """Drawn hop -> how many of the tree's edges cross it (a route through switches is
    drawn hop by hop; hops inside the summarised boxes are left out)."""
    hops: dict[tuple[str, str], int] = {}
    for e in tree.edges:
        for a, b in zip(e.path, e.path[1:]):
            key = (lay.shown(a), lay.shown(b))
            if key[0] != key[1]:
                hops[key] = hops.get(key, 0) + 1
    return hops


def draw_tree(ax: Any, topology: Topology, lay: Layout, tree: Tree, color: str,
              rad: float = 0.0, background: bool = True, layer: Any = None) -> None:
    """One tree on the network: its hops as arrows (``×n`` where n of its edges share a
    link, on ``layer``, or on a layer of its own: :mod:`~forestcoll_opt.draw.labels`), its
    root ringed."""
    if background:
        net.frames(ax, lay)
        net.links(ax, topology, lay, color=net.MUTED, alpha=1.0)
        net.nodes(ax, topology, lay, muted=True)
    if layer is None:
        layer = label_layer(ax, markers=list(lay.pos.values()), marker_size=lay.node_size())
    hops = tree_hops(tree, lay)
    if len(hops) > net.MAX_ARROWS:      # straight lines, no heads, no labels
        net.segments(ax, [(lay.at(a), lay.at(b)) for a, b in hops], colors=color,
                     widths=[1.2 + 0.5 * min(c - 1, 4) for c in hops.values()])
        hops = {}
    for (a, b), count in hops.items():
        net.arrow(ax, lay.at(a), lay.at(b), color=color, lw=1.2 + 0.5 * min(count - 1, 4),
                  rad=rad)
        if count > 1:
            layer.add([along(lay.at(a), lay.at(b), rad, t) for t in ALONG], f"×{count}",
                      color=color, size=5.5)
    x, y = lay.at(tree.root)
    ax.scatter([x], [y], s=lay.node_size() * 1.8, facecolors="none", edgecolors=color,
               linewidths=1.6, zorder=5)


def tree_title(schedule: Schedule, root: str, trees: list[tuple[str, Tree]], shown: int,
               verdict: Verdict, units: str) -> str:
    """The tree view's title: the root's trees and their weights, then the verifier's
    algbw and ratio (:func:`~forestcoll_opt.draw.checked.verified_line`)."""
    total = sum(t.weight for _, t in trees)
    more = f"; {shown} drawn" if shown < len(trees) else ""
    return (f"{schedule.collective.value} on {schedule.topology or 'the topology'}: "
            f"{len(trees)} trees rooted at {root} (weights sum to {total}{more})\n"
            f"{verified_line(verdict, units)}")


def tree_panels(fig: Any, topology: Topology, lay: Layout, schedule: Schedule,
                root: str | None, verdict: Verdict) -> None:
    """One panel per tree of ``root`` (at most :data:`MAX_PANELS`), titled with its weight."""
    root, trees = root_trees(schedule, root)
    shown = trees[:MAX_PANELS]
    cols = min(len(shown), 4)
    rows = math.ceil(len(shown) / cols)
    fig.set_size_inches(*panel_size(lay, cols, rows))
    phased = len({c for c, _ in trees}) > 1
    for i, (coll, tree) in enumerate(shown):
        ax = fig.add_subplot(rows, cols, i + 1)
        draw_tree(ax, topology, lay, tree, TREE_COLORS[i % len(TREE_COLORS)])
        net.finish(ax, lay, (f"{coll} " if phased else "") + f"tree {i + 1} · weight {tree.weight}")
    fig.suptitle(tree_title(schedule, root, trees, len(shown), verdict, topology.units), x=0.01,
                 ha="left", fontsize=9)


def panel_size(lay: Layout, cols: int, rows: int) -> tuple[float, float]:
    scale = 4.0 / max(lay.width, lay.height, 1.0)
    return (min(18.0, max(6.5, cols * (lay.width * scale + 0.4) + 0.3)),
            min(18.0, rows * (lay.height * scale + 0.55) + 0.5))


def tree_overlay(ax: Any, topology: Topology, lay: Layout, schedule: Schedule,
                 root: str | None, verdict: Verdict) -> None:
    """Every tree of ``root`` on one axes, one colour each, weights in the legend."""
    from matplotlib.lines import Line2D

    root, trees = root_trees(schedule, root)
    net.frames(ax, lay)
    net.links(ax, topology, lay, color=net.MUTED, alpha=1.0)
    net.nodes(ax, topology, lay, muted=True)
    handles = []
    layer = label_layer(ax, markers=list(lay.pos.values()), marker_size=lay.node_size())
    for i, (coll, tree) in enumerate(trees):
        color = TREE_COLORS[i % len(TREE_COLORS)]
        draw_tree(ax, topology, lay, tree, color, rad=0.06 * (i % 5), background=False,
                  layer=layer)
        handles.append(Line2D([], [], color=color, linewidth=1.5,
                              label=f"tree {i + 1} · weight {tree.weight}"))
    ax.legend(handles=handles[:20], loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7,
              frameon=False)
    net.finish(ax, lay, tree_title(schedule, root, trees, len(trees), verdict, topology.units))


# --- loads ---------------------------------------------------------------------------------

def utilisation(topology: Topology, schedule: Schedule
                ) -> tuple[dict[tuple[str, str], Fraction], dict[tuple[str, str], tuple[int, int]]]:
    """Every link's load over its capacity, exact: the share of the collective's time the
    link is busy (1: saturated, it sets the algbw), and its load in tree (or route) parts with
    multicast and without (equal when the schedule has no multicast). An allreduce's
    phases add up, one after the other or at once (``concurrent``).

    :param topology: the network the schedule runs on
    :param schedule: the schedule
    :returns: (link -> load / capacity, link -> (load, load without multicast)); links the
        schedule does not use have 0 and (0, 0)
    :raises DrawError: when the schedule uses a node pair that is not a link
    """
    phases = schedule.phases or (schedule,)
    capable = multicast_switches(topology)
    busy_per_phase, counts = [], {e: (0, 0) for e in topology.capacity}
    for phase in phases:
        parts = phase.k if phase.collective.rooted else schedule.total_weight * phase.k
        merged = link_loads(replace(phase, multicast=schedule.multicast), capable)
        plain = link_loads(replace(phase, multicast=False)) if schedule.multicast else merged
        missing = sorted(set(plain) - set(topology.capacity))
        if missing:
            raise DrawError(f"the schedule sends data over {missing[0][0]} -> {missing[0][1]}, "
                            f"which is not a link of {topology.name}; verify it against this "
                            f"topology first")
        busy_per_phase.append({e: Fraction(load, parts) / topology.capacity[e]
                               for e, load in merged.items()})
        for e in plain:
            m, p = counts[e]
            counts[e] = (m + merged.get(e, 0), p + plain[e])
    total = {e: sum((b.get(e, Fraction(0)) for b in busy_per_phase), Fraction(0))
             for e in topology.capacity}
    if schedule.concurrent:
        span = max(total.values())
    else:
        span = sum(max(b.values(), default=Fraction(0)) for b in busy_per_phase)
    return {e: (t / span if span else Fraction(0)) for e, t in total.items()}, counts


def loads_view(ax: Any, topology: Topology, lay: Layout, schedule: Schedule,
               verdict: Verdict) -> int:
    """Every link coloured by load / capacity, saturated links marked, loads as labels
    (with multicast: ``with (without)``; a label that would cover another, a node or a
    name is moved along its link or left out); the title gives the verifier's algbw and ratio
    (``verdict``, from :func:`~forestcoll_opt.draw.checked.check_schedule`), not the
    file's.

    :returns: the number of saturated links
    """
    import matplotlib
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.lines import Line2D

    util, counts = utilisation(topology, schedule)
    cmap = matplotlib.colormaps["YlOrRd"]
    net.frames(ax, lay)
    net.nodes(ax, topology, lay)
    shown: dict[tuple[str, str], tuple[Fraction, int, int]] = {}
    for e, u in util.items():
        key = (lay.shown(e[0]), lay.shown(e[1]))
        if key[0] == key[1]:
            continue
        old = shown.get(key, (Fraction(0), 0, 0))
        shown[key] = (max(old[0], u), old[1] + counts[e][0], old[2] + counts[e][1])
    lines = []                           # (a, b, both ways?) with the same load both ways merged
    done: set[tuple[str, str]] = set()
    for (a, b), value in shown.items():
        if (a, b) not in done:
            both = shown.get((b, a)) == value
            done.update({(a, b), (b, a)} if both else {(a, b)})
            lines.append((a, b, both))
    used = sum(1 for a, b, _ in lines if shown[(a, b)][0])
    bulk = len(lines) > net.MAX_ARROWS
    # the loads' labels: the busiest links' first, each where it covers no other label,
    # node or name (labels.py), left out where there is no such place
    layer = label_layer(ax, markers=list(lay.pos.values()), marker_size=lay.node_size())
    offered: list[tuple[Fraction, int, list[tuple[float, float]], str, str]] = []
    if bulk:                             # straight lines in two collections, no heads
        idle = [(lay.at(a), lay.at(b)) for a, b, _ in lines if not shown[(a, b)][0]]
        busy = sorted(((shown[(a, b)][0], a, b) for a, b, _ in lines if shown[(a, b)][0]),
                      key=lambda x: x[0])            # the saturated drawn last, on top
        net.segments(ax, idle, colors=net.MUTED, widths=0.6, zorder=1)
        net.segments(ax, [(lay.at(a), lay.at(b)) for _, a, b in busy],
                     colors=[SATURATED if u == 1 else cmap(0.15 + 0.7 * float(u))
                             for u, _, _ in busy],
                     widths=[2.6 if u == 1 else 1.4 for u, _, _ in busy])
        lines = []
    for a, b, both in lines:
        u, load, plain = shown[(a, b)]
        rad = 0.1 if (b, a) in shown and not both else 0.0
        if not u:
            net.arrow(ax, lay.at(a), lay.at(b), color=net.MUTED, lw=0.6, rad=rad, zorder=1,
                      style="-")
            continue
        full = u == 1
        gid = f"saturated:{a}{'<->' if both else '->'}{b}" if full else None
        net.arrow(ax, lay.at(a), lay.at(b), color=SATURATED if full else cmap(0.15 + 0.7 * float(u)),
                  lw=2.6 if full else 1.4, rad=rad, gid=gid, style="<|-|>" if both else "-|>")
        if used <= MAX_LABELS:
            # with multicast "4 (27)": parts with multicast (without); never "4/27", which
            # everywhere else is an exact fraction
            offered.append((u, len(offered),
                            [along(lay.at(a), lay.at(b), rad, t) for t in ALONG],
                            f"{load} ({plain})" if schedule.multicast else str(load),
                            SATURATED if full else "#333333"))
    for _, _, places, text, colour in sorted(offered, key=lambda o: (-o[0], o[1])):
        layer.add(places, text, color=colour, size=5.5)
    saturated = sum(1 for u in util.values() if u == 1)
    bar = ScalarMappable(norm=Normalize(0, 1), cmap=matplotlib.colors.ListedColormap(
        [cmap(0.15 + 0.7 * i / 255) for i in range(256)]))
    ax.figure.colorbar(bar, ax=ax, shrink=0.5, pad=0.01, location="bottom",
                       label="load / capacity (share of the time the link is busy)")
    parts = "with multicast (without)" if schedule.multicast else "per direction"
    extra = [Line2D([], [], color=SATURATED, linewidth=2.6, label=f"saturated ({saturated})"),
             Line2D([], [], color=net.MUTED, linewidth=0.8, label="unused")]
    if used <= MAX_LABELS and not bulk:
        unit = "route parts" if schedule.collective is Collective.ALLTOALL else "tree parts"
        extra.append(Line2D([], [], color="none", label=f"labels: {unit}\n{parts};\n"
                                                        f"left out where they\nwould overlap"))
    if bulk:
        extra.append(Line2D([], [], color="none", label=f"more than {net.MAX_ARROWS} lines:\n"
                                                        f"no arrow heads"))
    net.legend(ax, topology, lay, extra, widths=False)
    title = (f"{schedule.collective.value} on {topology.name}: link loads, {saturated} "
             f"saturated links\n"
             f"{verified_line(verdict, topology.units, nodes=len(topology.compute_nodes))}")
    if schedule.multicast:
        merged = sum(m for m, _ in counts.values())
        plain = sum(p for _, p in counts.values())
        title += (f"\nin-network multicast: {merged} tree parts cross links, {plain} "
                  f"without it")
    net.finish(ax, lay, title)
    return saturated
