"""The distribution of the lost fraction over what-if scenarios (``forestcoll whatif
--sample K --plot FILE``): how many scenarios lose how much of the intact optimum.

The lost fractions are exact (:class:`~forestcoll_opt.analysis.scenarios.ScenarioImpact`),
so they take few distinct values: up to :data:`MAX_BARS` of them, each gets its own bar
(its height the number of scenarios losing exactly that much); beyond, a histogram of
:data:`BINS` equal bins between the least and the worst loss. The median and the 90th
percentile (nearest rank, :attr:`ScenarioImpact.distribution`) are marked. The scenarios
come from the seed, so the same seed gives the same picture, byte for byte once saved
(:func:`~forestcoll_opt.draw.save_drawing`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..analysis.scenarios import ScenarioImpact
from ..errors import DrawError
from .canvas import new_figure, style

MAX_BARS = 40
"""The most distinct lost fractions drawn one bar each."""
BINS = 30
"""The histogram's bins beyond :data:`MAX_BARS` distinct values."""


def loss_distribution(impact: ScenarioImpact, *, ax: Any = None) -> Any:
    """The lost fractions of ``impact``'s scenarios as bars (module docstring).

    :param impact: from :func:`~forestcoll_opt.analysis.scenarios.scenario_impact`
        (``fc.scenario_impact``), sampled or given
    :param ax: a matplotlib Axes to draw into, or None for a new figure
    :returns: the new Figure, or ``ax`` when one was given
    :raises DrawError: for another kind of result, or without matplotlib
    """
    if not isinstance(impact, ScenarioImpact):
        raise DrawError(f"loss_distribution needs a ScenarioImpact (fc.scenario_impact), got "
                        f"{type(impact).__name__}")
    lost = [float(s.lost) * 100 for s in impact.scenarios]
    counts = Counter(s.lost for s in impact.scenarios)
    d = impact.distribution
    with style():
        fig = None
        if ax is None:
            fig = new_figure(6.0, 3.4)
            ax = fig.add_subplot(1, 1, 1)
        if len(counts) <= MAX_BARS:
            values = sorted(counts)
            span = float(values[-1] - values[0]) * 100 if len(values) > 1 else 1.0
            width = max(span / max(len(values) * 3, 20), 0.05)
            ax.bar([float(v) * 100 for v in values], [counts[v] for v in values],
                   width=width, color="#4c72b0", label="scenarios")
        else:
            ax.hist(lost, bins=BINS, color="#4c72b0", label="scenarios")
        for key, colour, text in (("median", "#dd8452", "median"),
                                  ("p90", "#c44e52", "90th percentile")):
            ax.axvline(float(d[key]) * 100, color=colour, linestyle="--", linewidth=1,
                       label=f"{text} {float(d[key]):.2%}")
        ax.set_xlabel(f"lost fraction of the optimum {_plain(impact.algbw)} {impact.units} (%)")
        ax.set_ylabel("scenarios")
        parts = {len(s.failures) for s in impact.scenarios}
        each = (f"{parts.pop()} part(s) failing together" if len(parts) == 1 else
                "given scenarios")
        drawn = (f"{len(impact.scenarios)} scenarios, {each}, seed {impact.seed}"
                 if impact.sampled else f"{len(impact.scenarios)} scenarios, {each}")
        ax.set_title(f"{impact.collective.value} on {impact.topology[:60]}: {drawn}")
        ax.legend(loc="upper right", fontsize=7)
        return ax if fig is None else fig


def _plain(value: Any) -> str:
    return f"{float(value):.6g}"
