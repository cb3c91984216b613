"""The distribution of the lost fraction over what-if scenarios (``forestcoll whatif
--sample K --plot FILE``): how many scenarios lose how much of the intact optimum.

The lost fractions are exact (:class:`~forestcoll_opt.analysis.scenarios.ScenarioImpact`),
so they take few distinct values: up to :data:`MAX_BARS` of them, each gets its own bar
(its height the number of scenarios losing exactly that much); beyond, a histogram of
:data:`BINS` equal bins between the least and the worst loss. The median and the 90th
percentile (nearest rank, :attr:`ScenarioImpact.distribution`) are marked, each in its own
line style (one line when they are equal), the legend beside the axes, the count axis in
whole scenarios. Scenarios given one by one (``--scenario``) are drawn one bar each instead,
named by its failures, its lost fraction at its end. Sampled scenarios
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
BARS = "#4c72b0"
MEDIAN = "#dd8452"
P90 = "#8c1c13"


def loss_distribution(impact: ScenarioImpact, *, ax: Any = None) -> Any:
    """The lost fractions of ``impact``'s scenarios (module docstring): sampled scenarios as
    counts per lost fraction, given scenarios as one bar each, named by its failures.

    :param impact: from :func:`~forestcoll_opt.analysis.scenarios.scenario_impact`
        (``fc.scenario_impact``), sampled or given
    :param ax: a matplotlib Axes to draw into, or None for a new figure
    :returns: the new Figure, or ``ax`` when one was given
    :raises DrawError: for another kind of result, or without matplotlib
    """
    if not isinstance(impact, ScenarioImpact):
        raise DrawError(f"loss_distribution needs a ScenarioImpact (fc.scenario_impact), got "
                        f"{type(impact).__name__}")
    with style():
        fig = None
        if ax is None:
            rows = len(impact.scenarios) if not impact.sampled else 0
            fig = new_figure(7.2, 3.4 if not rows else round(min(1.4 + 0.28 * rows, 12.0), 2))
            ax = fig.add_subplot(1, 1, 1)
        if impact.sampled:
            _counts(ax, impact)
        else:
            _each(ax, impact)
        return ax if fig is None else fig


def _counts(ax: Any, impact: ScenarioImpact) -> None:
    """How many scenarios lose how much: bars (or a histogram), an integer count axis,
    the median and the 90th percentile in two line styles (one line when they meet), the
    legend beside the axes."""
    from matplotlib.ticker import MaxNLocator

    lost = [float(s.lost) * 100 for s in impact.scenarios]
    counts = Counter(s.lost for s in impact.scenarios)
    d = impact.distribution
    if len(counts) <= MAX_BARS:
        values = sorted(counts)
        span = float(values[-1] - values[0]) * 100 if len(values) > 1 else 1.0
        width = max(span / max(len(values) * 3, 20), 0.05)
        ax.bar([float(v) * 100 for v in values], [counts[v] for v in values],
               width=width, color=BARS, label="scenarios")
    else:
        ax.hist(lost, bins=BINS, color=BARS, label="scenarios")
    if d["median"] == d["p90"]:
        marks = [("median", MEDIAN, "--", f"median = 90th percentile {float(d['median']):.2%}")]
    else:
        marks = [("median", MEDIAN, "--", f"median {float(d['median']):.2%}"),
                 ("p90", P90, ":", f"90th percentile {float(d['p90']):.2%}")]
    for key, colour, dashes, text in marks:
        ax.axvline(float(d[key]) * 100, color=colour, linestyle=dashes, linewidth=1.6,
                   label=text)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))     # counts of scenarios
    ax.set_xlabel(f"lost fraction of the optimum {_plain(impact.algbw)} {impact.units} (%)")
    ax.set_ylabel("scenarios")
    parts = sorted({len(s.failures) for s in impact.scenarios})
    each = (f"{parts[0]} part(s) failing together" if len(parts) == 1 else
            f"{parts[0]} to {parts[-1]} parts failing together")
    ax.set_title(f"{impact.collective.value} on {impact.topology[:60]}: "
                 f"{len(impact.scenarios)} scenarios, {each}, seed {impact.seed}",
                 loc="left")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)


def _each(ax: Any, impact: ScenarioImpact) -> None:
    """Given scenarios: one horizontal bar per scenario, in the order given, named by its
    failures, its lost fraction written at its end."""
    names = [_name(s.failures) for s in impact.scenarios]
    values = [float(s.lost) * 100 for s in impact.scenarios]
    at = list(range(len(values)))
    bars = ax.barh(at, values, height=0.6, color=BARS)
    ax.bar_label(bars, labels=[f"{v / 100:.2%}" + (f" ({s.status})" if s.status != "ok" else "")
                               for v, s in zip(values, impact.scenarios)],
                 padding=3, fontsize=7)
    ax.set_yticks(at, names, fontsize=7)
    ax.invert_yaxis()
    ax.axvline(0, color="#222222", linewidth=0.8)
    low, high = min(values + [0.0]), max(values + [0.0])
    room = 0.25 * max(high - low, 1.0)           # the labels at the bars' ends
    ax.set_xlim(low - (room if low < 0 else 0), high + room)
    ax.set_xlabel(f"lost fraction of the optimum {_plain(impact.algbw)} {impact.units} (%)")
    ax.set_title(f"{impact.collective.value} on {impact.topology[:60]}: "
                 f"{len(values)} given scenario{'s' if len(values) != 1 else ''}", loc="left")
    ax.spines[["top", "right"]].set_visible(False)


def _name(failures: tuple[str, ...]) -> str:
    text = " + ".join(failures)
    return text if len(text) <= 60 else text[:57] + "..."


def _plain(value: Any) -> str:
    return f"{float(value):.6g}"
