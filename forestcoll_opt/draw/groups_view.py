"""The groups view: the links process groups running at once fight over.

Two panels. Above, the network: the links the joint optimum fills (the certificate's
contended links, :attr:`~forestcoll_opt.lp.groups.solve.ConcurrentBound.contended`) in
red, and, given the groups' isolated optimum schedules, the links those schedules would
need more of than there is when all run at once (their utilisations at the algbw each
promises alone add up past 1) in orange. Below, for the links that matter most, one bar
per group stacked per link: each group's share of the link at the joint optimum
(:attr:`~forestcoll_opt.lp.groups.solve.ConcurrentBound.shares`, the allgather phase of
an allreduce) and, beside it, the share its isolated optimum would use; the line at 1 is
the link's capacity. Links whose bars would be the same (:func:`alike`) share one row. The
groups' colours are never the panel's red and orange, and the figure is cut to the
network's drawing, without a blank band between the panels.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from ..model.group_scope import for_schedule
from ..model.numbers import fraction_display, fraction_text
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..timing.simulation import exact_coefficients
from . import network as net
from .layout import Layout

CONTENDED = "#c44e52"
OVERSUBSCRIBED = "#dd8452"
MAX_BARS = 8

Link = tuple[str, str]


@dataclass(frozen=True)
class LinkFight:
    """One link the groups fight over.

    :ivar link: (src, dst)
    :ivar capacity: its bandwidth
    :ivar contended: whether the joint optimum's certificate prices it (full at every
        optimum when the interval closes)
    :ivar joint: group name -> its share of the link at the joint optimum (a fraction of
        the capacity), groups without one left out
    :ivar wanted: group name -> the fraction of the link its isolated optimum keeps busy
        running alone at its promised algbw (empty without schedules)
    """

    link: Link
    capacity: Fraction
    contended: bool
    joint: dict[str, Fraction]
    wanted: dict[str, Fraction]

    @property
    def demand(self) -> Fraction:
        """Σ of ``wanted``: above 1, the isolated optima cannot all run at their promise."""
        return sum(self.wanted.values(), Fraction(0))


def fights(topology: Topology, bound: Any, schedules: Sequence[Schedule] | None = None
           ) -> list[LinkFight]:
    """The links the groups fight over: every contended link, and every link the isolated
    optima (``schedules``, one per group in the bound's order) need more of than it has;
    the contended first, each kind the most demanded first, then in the topology's order.

    :param topology: the network
    :param bound: the joint optimum (a ``ConcurrentBound``)
    :param schedules: the groups' isolated optimum schedules, or None
    :returns: the links, as :class:`LinkFight`
    """
    names = [g.name for g in bound.groups]
    phase = bound.shares[-1] if bound.shares else [{} for _ in names]
    wanted: dict[Link, dict[str, Fraction]] = {}
    for name, s in zip(names, schedules or ()):
        for part in exact_coefficients(for_schedule(topology, s), s):
            for e, value in part.items():          # load / (parts · b_e): busy per byte of M
                row = wanted.setdefault(e, {})
                row[name] = row.get(name, Fraction(0)) + value * s.algbw
    contended = set(bound.contended)
    chosen = [e for e in topology.capacity
              if e in contended or sum(wanted.get(e, {}).values(), Fraction(0)) > 1]
    out = [LinkFight(link=e, capacity=topology.capacity[e], contended=e in contended,
                     joint={n: share[e] / topology.capacity[e] for n, share in zip(names, phase)
                            if share.get(e)},
                     wanted=dict(wanted.get(e, {}))) for e in chosen]
    order = {e: i for i, e in enumerate(topology.capacity)}
    return sorted(out, key=lambda f: (not f.contended, -f.demand, order[f.link]))


# the groups' colours leave out tab10's and tab20's oranges and reds: in the network panel
# those mean "full at the joint optimum" and "over capacity" (lookat 32)
TAB10 = (0, 2, 4, 5, 6, 7, 8, 9)
TAB20 = (0, 1, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)


def colours(count: int) -> list[Any]:
    """One colour per group: tab10's eight that are neither orange nor red, then tab20's
    sixteen for more (repeating past 16)."""
    import matplotlib

    name, picks = ("tab10", TAB10) if count <= len(TAB10) else ("tab20", TAB20)
    cmap = matplotlib.colormaps[name]
    return [cmap(picks[i % len(picks)]) for i in range(count)]


def alike(found: Sequence[LinkFight]) -> list[tuple[LinkFight, int]]:
    """The links in classes of alike bars: the same capacity, the same kind, and the same
    shares at the joint optimum and in the isolated optima, whichever groups hold them (on
    a symmetric network with symmetric groups, one class per orbit of links: the NVSwitch
    links of every box of a tensor-parallel mesh are one class), each as its first link
    and its size, in the order of their first link.

    :param found: links from :func:`fights`
    :returns: [(first link of the class, how many links it holds)]
    """
    classes: dict[Any, list[Any]] = {}
    for f in found:
        key = (f.capacity, f.contended, tuple(sorted(f.joint.values())),
               tuple(sorted(f.wanted.values())))
        classes.setdefault(key, [f, 0])[1] += 1
    return [(f, n) for f, n in classes.values()]


def groups_view(fig: Any, topology: Topology, lay: Layout, bound: Any,
                schedules: Sequence[Schedule] | None = None,
                heights: tuple[float, float] = (3.0, 2.0)) -> list[LinkFight]:
    """Draw the two panels (module docstring) on ``fig``, ``heights`` (inches) apart.

    :returns: the links drawn in the bars, as :func:`fights` gives them
    """
    from matplotlib.lines import Line2D

    found = fights(topology, bound, schedules)
    grid = fig.add_gridspec(2, 1, height_ratios=list(heights), hspace=0.04)
    ax = fig.add_subplot(grid[0])
    net.frames(ax, lay)
    net.links(ax, topology, lay, color=net.MUTED, alpha=1.0)
    net.nodes(ax, topology, lay)
    widest = max(topology.capacity.values())
    drawn: dict[tuple[str, str], str] = {}
    for f in found:
        key = (lay.shown(f.link[0]), lay.shown(f.link[1]))
        if key[0] == key[1]:
            continue
        colour = CONTENDED if f.contended else OVERSUBSCRIBED
        if drawn.get(key) != CONTENDED:
            drawn[key] = colour
    bulk = len(drawn) > net.MAX_ARROWS
    if bulk:                # thin and see-through, the contended above: names stay legible
        for colour, lw in ((OVERSUBSCRIBED, 0.7), (CONTENDED, 1.0)):
            lines = net.segments(ax, [(lay.at(a), lay.at(b)) for (a, b), c in drawn.items()
                                      if c == colour], colors=colour, widths=lw, zorder=2)
            if lines is not None:
                lines.set_alpha(0.55)
    for (a, b), colour in sorted(drawn.items(), key=lambda kv: kv[1] == CONTENDED):
        if bulk:
            continue
        else:
            net.arrow(ax, lay.at(a), lay.at(b), color=colour,
                      lw=net.width(topology.capacity.get((a, b), widest), widest),
                      rad=0.12 if (b, a) in drawn else 0.0,
                      gid=f"{'contended' if colour == CONTENDED else 'oversubscribed'}:{a}->{b}")
    over = sum(1 for f in found if f.demand > 1)
    extra = [Line2D([], [], color=CONTENDED, linewidth=2,
                    label=f"full at the joint optimum\n({len(bound.contended)} links)")]
    if schedules:
        extra.append(Line2D([], [], color=OVERSUBSCRIBED, linewidth=2,
                            label=f"over capacity with every\nisolated optimum ({over} links)"))
    net.legend(ax, topology, lay, extra)
    lam = fraction_display(bound.lower) if bound.exact else \
        f"[{fraction_display(bound.lower)}, {fraction_display(bound.upper)}]"
    net.finish(ax, lay, f"{len(bound.groups)} {bound.collective.value} groups at once on "
                        f"{topology.name}: the links they fight over\njoint optimum "
                        f"λ = {lam} {topology.units} per unit of weight")
    bars = fig.add_subplot(grid[1])
    classes = alike(found)
    _bars(bars, classes[:MAX_BARS], [g.name for g in bound.groups], len(found), len(classes),
          bool(schedules), len(bound.shares) > 1)
    return [f for f, _ in classes[:MAX_BARS]]


def _bars(ax: Any, shown: Sequence[tuple[LinkFight, int]], names: Sequence[str], total: int,
          kinds: int, isolated: bool, last_phase: bool) -> None:
    """Per class of alike links (:func:`alike`), the groups' shares stacked: the joint
    optimum's bar and, with schedules, the isolated optima's bar below it; capacity 1
    marked."""
    from matplotlib.patches import Patch

    colour = dict(zip(names, colours(len(names))))
    labels, y = [], 0.0
    rows = []
    for f, count in shown:
        a, b = f.link
        more = f" and {count - 1} alike" if count > 1 else ""
        rows.append((y, f.joint, "joint"))
        labels.append((y, f"{a}→{b}{more} ({fraction_text(f.capacity)}): joint"))
        if isolated:
            rows.append((y + 0.9, f.wanted, "isolated"))
            labels.append((y + 0.9, "isolated optima"))
        y += 2.2 if isolated else 1.2
    for at, parts, kind in rows:
        left = 0.0
        for name in names:
            value = float(parts.get(name, 0))
            if value:
                ax.barh(at, value, left=left, height=0.8, color=colour[name],
                        edgecolor="white", linewidth=0.5,
                        hatch="//" if kind == "isolated" else None, gid=f"{kind}:{name}")
                left += value
    ax.axvline(1.0, color="#222222", linewidth=1, linestyle="--")
    ax.set_yticks([p for p, _ in labels], [t for _, t in labels], fontsize=6)
    ax.invert_yaxis()
    ax.set_xlabel("share of the link's bandwidth (1 = its capacity)")
    phase = " (allgather phase)" if last_phase else ""
    if kinds > len(shown):
        more = f", {len(shown)} of {kinds} kinds of link ({total} links)"
    elif kinds < total:
        more = f", {total} links in {kinds} kinds"
    else:
        more = ""
    ax.set_title(f"each group's share of a link: at the joint optimum{phase}"
                 + (",\nand what its isolated optimum uses alone (hatched)" if isolated else "")
                 + more, loc="left")
    handles = [Patch(color=colour[n], label=n) for n in names[:12]]
    if len(names) > 12:
        handles.append(Patch(color="none", label=f"... {len(names) - 12} more groups"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=6,
              frameon=False, title="groups", title_fontsize=7)
    ax.spines[["top", "right"]].set_visible(False)
