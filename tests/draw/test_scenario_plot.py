"""The distribution of the lost fraction over sampled what-if scenarios
(draw/scenario_plot.py, issue 35): one bar per exact lost fraction, its height the number
of scenarios losing exactly that much, the median and the 90th percentile marked, the
axes labelled; the same seed gives the same bytes."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.analysis.scenarios import scenario_impact  # noqa: E402
from forestcoll_opt.draw import save_drawing  # noqa: E402
from forestcoll_opt.draw.scenario_plot import loss_distribution  # noqa: E402
from forestcoll_opt.errors import DrawError  # noqa: E402


@pytest.fixture(scope="module")
def sample():
    return scenario_impact(fc.resolve("dgx-h100:boxes=2"), sample=40, failures=2, seed=3)


def test_the_bars_are_the_scenarios_losses(sample):
    fig = loss_distribution(sample)
    ax = fig.axes[0]
    bars = [p for p in ax.patches]
    expected = Counter(s.lost for s in sample.scenarios)
    got = {round(b.get_x() + b.get_width() / 2, 9): b.get_height() for b in bars}
    assert got == {round(float(v) * 100, 9): n for v, n in expected.items()}
    assert sum(b.get_height() for b in bars) == 40
    # the median and the 90th percentile, equal here: one vertical line at their value
    d = sample.distribution
    assert d["median"] == d["p90"] == Fraction(9, 10)
    assert [line.get_xdata()[0] for line in ax.lines] == [90.0]
    assert ax.get_legend().get_texts()[0].get_text() == "median = 90th percentile 90.00%"
    assert ax.get_xlabel() == "lost fraction of the optimum 533.333 GB/s (%)"
    assert ax.get_ylabel() == "scenarios"
    assert ax.get_title(loc="left") == ("allgather on dgx-h100-2: 40 scenarios, 2 part(s) "
                                        "failing together, seed 3")


def impact(losses, sampled=True):
    from forestcoll_opt.analysis.scenarios import Scenario, ScenarioImpact
    from forestcoll_opt.model.collective import Collective

    rows = tuple(Scenario((f"link:a{i}--b{i}",), 1 - v, v, "ok") for i, v in enumerate(losses))
    return ScenarioImpact(Collective.ALLGATHER, "t", "GB/s", Fraction(1), rows, sampled,
                          1 if sampled else None)


def test_legend_beside_the_bars_and_whole_counts(sample):
    """The legend covered the tallest bar (lookat 13): it is outside the axes now, and
    the count axis ticks whole scenarios only."""
    from matplotlib.ticker import MaxNLocator

    fig = loss_distribution(sample)
    ax = fig.axes[0]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    assert legend.x0 >= ax.get_window_extent(renderer).x1
    assert isinstance(ax.yaxis.get_major_locator(), MaxNLocator)
    assert all(float(t).is_integer() for t in ax.get_yticks())
    few = loss_distribution(impact([Fraction(1, 10), Fraction(1, 5)])).axes[0]
    top = few.get_ylim()[1]
    assert [float(t) for t in few.get_yticks() if t <= top] == [0.0, 1.0]


def test_median_and_p90_in_two_styles():
    losses = [Fraction(i, 100) for i in range(10)]       # median 4 %, 90th percentile 8 %
    ax = loss_distribution(impact(losses)).axes[0]
    median, p90 = ax.lines
    assert (median.get_xdata()[0], p90.get_xdata()[0]) == (4.0, 8.0)
    assert median.get_linestyle() != p90.get_linestyle()
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == \
        ["median 4.00%", "90th percentile 8.00%"]


def test_given_scenarios_one_bar_each():
    """Scenarios given one by one: one bar per scenario named by its failures, not a
    histogram of two counts of 1 (lookat 13)."""
    t = fc.resolve("dgx-h100:boxes=4")
    given = scenario_impact(t, scenarios=[["nic:box0/gpu0"], ["box:0"]])
    ax = loss_distribution(given).axes[0]
    assert [x.get_text() for x in ax.get_yticklabels()] == ["nic:box0/gpu0", "box:0"]
    widths = [p.get_width() for p in ax.patches]
    assert widths == pytest.approx([10.0, -100 / 92])    # 1 - 14400/31 / (16000/31); 1 - 12000/23 / (16000/31)
    assert [t.get_text() for t in ax.texts] == ["10.00%", "-1.09%"]
    assert ax.get_title(loc="left") == "allgather on dgx-h100-4: 2 given scenarios"
    assert ax.get_legend() is None


def test_the_same_seed_gives_the_same_bytes(sample, tmp_path):
    again = scenario_impact(fc.resolve("dgx-h100:boxes=2"), sample=40, failures=2, seed=3)
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    save_drawing(loss_distribution(sample), a)
    save_drawing(loss_distribution(again), b)
    assert a.read_bytes() == b.read_bytes()


def test_many_distinct_losses_become_a_histogram():
    # 100 scenarios losing 0, 1/200, ..., 99/200: more distinct values than bars, so
    # BINS equal bins between the least and the worst loss
    from fractions import Fraction

    from forestcoll_opt.analysis.scenarios import Scenario, ScenarioImpact
    from forestcoll_opt.draw.scenario_plot import BINS, MAX_BARS
    from forestcoll_opt.model.collective import Collective

    rows = tuple(Scenario((f"link:{i}",), 1 - Fraction(i, 200), Fraction(i, 200), "ok")
                 for i in range(100))
    r = ScenarioImpact(Collective.ALLGATHER, "t", "GB/s", Fraction(1), rows, True, 0)
    assert len(rows) > MAX_BARS
    ax = loss_distribution(r).axes[0]
    assert len(ax.patches) == BINS and sum(p.get_height() for p in ax.patches) == 100
    assert ax.patches[0].get_x() == pytest.approx(0) and ax.patches[-1].get_x() + \
        ax.patches[-1].get_width() == pytest.approx(49.5)


def test_refuses_another_result():
    with pytest.raises(DrawError, match="needs a ScenarioImpact"):
        loss_distribution(fc.bound(fc.resolve("paper-example")))
