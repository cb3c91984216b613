"""The distribution of the lost fraction over sampled what-if scenarios
(draw/scenario_plot.py, issue 35): one bar per exact lost fraction, its height the number
of scenarios losing exactly that much, the median and the 90th percentile marked, the
axes labelled; the same seed gives the same bytes."""

from __future__ import annotations

from collections import Counter

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
    # the median and the 90th percentile, as vertical lines at their exact values
    d = sample.distribution
    xs = sorted(line.get_xdata()[0] for line in ax.lines)
    assert xs == sorted([float(d["median"]) * 100, float(d["p90"]) * 100])
    assert ax.get_xlabel() == "lost fraction of the optimum 533.333 GB/s (%)"
    assert ax.get_ylabel() == "scenarios"
    assert ax.get_title() == ("allgather on dgx-h100-2: 40 scenarios, 2 part(s) failing "
                              "together, seed 3")


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
