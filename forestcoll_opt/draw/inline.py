"""The small pictures in notebook summaries (``_repr_html_``): a topology's drawing, a
simulation's algbw per message size, a trade-off's time per size for every candidate. The
package's ``__init__`` installs :func:`inline_svg` as the drawer of
:mod:`forestcoll_opt.display`."""

from __future__ import annotations

from typing import Any

from ..model.topology import Topology
from .canvas import inline_svg_text, new_figure, style

WIDTH, HEIGHT = 4.8, 3.2          # inches


def inline_svg(obj: Any) -> str:
    """An SVG for ``obj``'s notebook summary, or ``""`` when it has none.

    :param obj: a Topology, a Simulation or a Tradeoff (anything else: no picture)
    :returns: the ``<svg>`` element, text kept as text (small, searchable)
    :raises ImportError: when matplotlib is not installed (the summary then has no picture)
    """
    import matplotlib  # noqa: F401  (ImportError: the caller leaves the picture out)

    from ..timing.simulation import Simulation
    from ..timing.tradeoffs import Tradeoff

    if isinstance(obj, Topology):
        from . import draw as draw_topology

        fig = draw_topology(obj)
    elif isinstance(obj, Simulation) and len(obj):
        fig = _simulation(obj)
    elif isinstance(obj, Tradeoff) and obj.rows:
        fig = _tradeoff(obj)
    else:
        return ""
    return inline_svg_text(fig)


def _axes() -> tuple[Any, Any]:
    with style():
        fig = new_figure(WIDTH, HEIGHT)
        return fig, fig.add_subplot(1, 1, 1)


def _simulation(sim: Any) -> Any:
    fig, ax = _axes()
    with style():
        sizes = [r.size_bytes for r in sim]
        ax.plot(sizes, [r.algbw for r in sim], marker="o", markersize=3)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("message size (bytes)")
        ax.set_ylabel("algbw (topology units)")
        ax.set_title("simulated algbw per message size", loc="left")
        ax.grid(alpha=0.3)
    return fig


def _tradeoff(result: Any) -> Any:
    fig, ax = _axes()
    with style():
        sizes = [r.size_bytes for r in result.rows]
        for c in result.candidates:
            seconds = [r.seconds[c.name] for r in result.rows]
            dashed = c.k is None
            ax.plot(sizes, seconds, marker="o" if not dashed else "s", markersize=2.5,
                    linestyle="--" if dashed else "-", linewidth=1, label=c.name)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message size (bytes)")
        ax.set_ylabel("seconds")
        ax.set_title(f"{result.collective} on {result.topology}: time per size", loc="left")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6, ncol=2 if len(result.candidates) > 6 else 1, frameon=False)
    return fig
