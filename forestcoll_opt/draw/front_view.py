"""The throughput–depth front as a picture (:func:`draw_front`): for every tree depth, the
certified interval of the best algbw (a bar from the lower end to the upper end, a dot
where they meet) with the share of the bound, and the bound as a line."""

from __future__ import annotations

from typing import Any

from ..errors import DrawError
from ..model.numbers import fraction_text
from .canvas import new_figure, style

__all__ = ["draw_front"]

EXACT = "#4c72b0"
INTERVAL = "#dd8452"
BOUND = "#55a868"


def draw_front(front: Any, *, ax: Any = None) -> Any:
    """Draw a front (:class:`~forestcoll_opt.lp.depth.front.ParetoFront`): algbw against the
    largest tree depth allowed.

    :param front: the front, from :func:`forestcoll_opt.pareto`
    :param ax: a matplotlib Axes to draw into (None: a new figure)
    :returns: the figure
    :raises DrawError: when ``front`` is not a front
    """
    points = getattr(front, "points", None)
    if not points or not hasattr(front, "bound"):
        raise DrawError(f"draw_front takes the front fc.pareto returns, not "
                        f"{type(front).__name__}")
    with style():
        if ax is None:
            fig = new_figure(6.4, 3.6)
            ax = fig.add_subplot()
        else:
            fig = ax.figure
        bound = float(front.bound)
        ax.axhline(bound, color=BOUND, linewidth=1.2, linestyle="--",
                   label=f"bound {fraction_text(front.bound)}")
        depths = [p.depth for p in points]
        ax.step(depths, [float(p.lower) for p in points], where="post", color=EXACT,
                linewidth=1.0, alpha=0.5)
        for p in points:
            lo, hi = float(p.lower), float(p.upper)
            if p.exact:
                ax.plot([p.depth], [lo], "o", color=EXACT, markersize=6)
            else:
                ax.plot([p.depth, p.depth], [lo, hi], color=INTERVAL, linewidth=4,
                        solid_capstyle="butt")
            ax.annotate(f"{lo / bound:.0%}" if bound else "", (p.depth, lo),
                        textcoords="offset points", xytext=(0, -13), ha="center", fontsize=7)
        ax.plot([], [], "o", color=EXACT, label="exact")
        if not all(p.exact for p in points):
            ax.plot([], [], color=INTERVAL, linewidth=4, label="certified interval")
        ax.set_xticks(depths)
        ax.set_xlabel("largest tree depth allowed (GPU hops)")
        ax.set_ylabel(f"algbw ({front.units})")
        ax.set_ylim(0, bound * 1.12 if bound else 1)
        ax.set_title(f"{front.collective.value} on {front.topology}: throughput vs depth",
                     fontsize=9)
        ax.legend(loc="lower right", fontsize=7, frameon=False)
    return fig
