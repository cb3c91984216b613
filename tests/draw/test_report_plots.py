"""The report's two plots (draw/reports.py): the fixed-k plot on a linear k axis with
integer ticks, k* among them; the time plot with one line per set of fixed-k schedules of
equal times (``k=1–5``) and a style of its own for every baseline."""

from __future__ import annotations

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw import render  # noqa: E402
from forestcoll_opt.draw.reports import _fixed_k_plot, _time_plot, k_label, k_ticks  # noqa: E402
from forestcoll_opt.timing.tradeoffs import tradeoff  # noqa: E402


@pytest.fixture(scope="module")
def dgx():
    # two DGX A100 boxes: k* = 13, k = 1…5 the same 16 trees; baselines ring and nccl
    return tradeoff(fc.resolve("dgx-a100:boxes=2"), collective="allgather",
                    sizes=[2**16, 2**22, 2**30])


def test_fixed_k_axis_is_linear_with_integer_ticks(dgx):
    ax = _fixed_k_plot(dgx).axes[0]
    assert ax.get_xscale() == "linear"
    ticks = list(ax.get_xticks())
    assert ticks == list(range(1, 14))           # every k, 13 = k* included
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0] == "k* = 13" and labels[1].startswith("optimum 1040/3")


def test_k_ticks_of_many_ks():
    ks = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 83, 5, 7, 9, 10]
    ticks = k_ticks(ks, 83)
    assert all(isinstance(v, int) for v in ticks) and 83 in ticks
    assert len(ticks) <= 12 and ticks == sorted(ticks) and ticks[0] >= 1
    assert 80 not in ticks                       # too close to k*: dropped


def test_k_label():
    assert k_label([1, 2, 3, 4, 5], 13) == "k=1–5"
    assert k_label([3, 6], 83) == "k=3, 6"
    assert k_label([13], 13) == "k=13 (k*)"


def test_time_plot_merges_equal_schedules_and_styles_each_baseline(dgx):
    fig = _time_plot(dgx)
    top, bottom = fig.axes
    labels = [t.get_text() for t in top.get_legend().get_texts()]
    assert labels[0] == "k=1–5" and "k=13 (k*)" in labels and labels[-2:] == ["ring", "nccl"]
    assert not any(f"k={k}" in labels for k in range(1, 6))
    assert len(labels) == 1 + 8 + 2              # k=1–5, k=6 … k=13, ring, nccl
    lines = {line.get_label(): line for line in top.get_lines()}
    ring, nccl = lines["ring"], lines["nccl"]
    assert (ring.get_linestyle(), ring.get_marker(), ring.get_color()) != \
        (nccl.get_linestyle(), nccl.get_marker(), nccl.get_color())
    assert ring.get_linestyle() != nccl.get_linestyle() and ring.get_marker() != nccl.get_marker()
    # the lower panel: ForestColl's schedules only, on a scale that separates them
    assert {line.get_label() for line in bottom.get_lines()} == set(labels[:-2])
    low, high = bottom.get_ylim()
    assert low < 1 and high < 1.2
    # plain tick labels on the log axis (1, 1.5, 2, ...), no 2×10⁰
    fig.canvas.draw()
    texts = [t.get_text() for t in top.get_yticklabels() if t.get_text()]
    assert "1" in texts and "2" in texts and not any("10^" in t or "×" in t for t in texts)


def test_same_bytes(dgx):
    assert render(_time_plot(dgx), "svg") == render(_time_plot(dgx), "svg")
    assert render(_fixed_k_plot(dgx), "svg") == render(_fixed_k_plot(dgx), "svg")
