"""The front's picture (:func:`forestcoll_opt.draw.draw_front`): a dot per exact depth at
its exact algbw, a bar for an interval, the bound as a line; pixels against a reference PNG
(``FORESTCOLL_REDRAW=1`` rewrites it) and the same bytes on every run."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw import draw_front, render  # noqa: E402
from forestcoll_opt.errors import DrawError  # noqa: E402

from .test_draw import pixels_match  # noqa: E402


@pytest.fixture(scope="module")
def front():
    return fc.pareto("paper-example")


def test_front_picture(front, tmp_path):
    assert pixels_match(draw_front(front), "paper-front", tmp_path) is None


def test_front_shows_every_depth_and_the_bound(front):
    fig = draw_front(front)
    ax = fig.axes[0]
    dots = [line for line in ax.lines if line.get_marker() == "o" and len(line.get_xdata())]
    assert sorted((int(d.get_xdata()[0]), float(d.get_ydata()[0])) for d in dots) == \
        [(1, 2.0), (2, 8.0), (3, 8.0), (4, 8.0)]
    assert [t.get_text() for t in ax.texts] == ["25%", "100%", "100%", "100%"]
    assert ax.get_legend_handles_labels()[1] == ["bound 8", "exact"]
    assert render(fig, "svg") == render(draw_front(front), "svg")


def test_an_interval_is_a_bar(front):
    open_point = replace(front.points[0], upper=Fraction(3))
    fig = draw_front(replace(front, points=(open_point, *front.points[1:])))
    ax = fig.axes[0]
    bars = [l for l in ax.lines if l.get_linewidth() == 4 and len(l.get_xdata()) == 2]
    assert [(list(b.get_xdata()), list(b.get_ydata())) for b in bars] == [([1, 1], [2.0, 3.0])]
    assert "certified interval" in ax.get_legend_handles_labels()[1]


def test_not_a_front_is_refused():
    with pytest.raises(DrawError, match="draw_front takes the front"):
        draw_front(fc.resolve("paper-example"))
