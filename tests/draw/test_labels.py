"""Labels that stay readable (draw/labels.py, lookat 15 and 33): the loads view's labels
never cover each other, a node or a name (checked on the canvas, by bounding boxes, after
the figure is drawn), a multicast label reads ``4 (27)`` and not like the fraction 4/27,
and node and box names lie above the arrows with a white halo or background, the fabric
switches' names above them, away from their links."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw import render  # noqa: E402
from forestcoll_opt.draw.labels import ALONG, _area, along, label_layer  # noqa: E402


def layer_of(ax):
    layers = [a for a in ax.artists if type(a).__name__ == "LabelLayer"]
    assert len(layers) == 1
    return layers[0]


def name_boxes(fig, ax):
    renderer = fig.canvas.get_renderer()
    return {t.get_text(): t.get_window_extent(renderer) for t in ax.texts if t.get_text()}


@pytest.fixture(scope="module")
def multicast():
    t = fc.resolve("dgx-h100:boxes=2,nvls=1")
    return t, fc.generate(t, collective="allgather")


def test_multicast_labels_apart_and_not_fractions(multicast):
    t, s = multicast
    assert s.multicast
    fig = fc.draw(t, s, view="loads")
    ax = fig.axes[0]
    fig.canvas.draw()
    layer = layer_of(ax)
    shown = layer.shown
    assert len(shown) >= 35                     # most of the 48 offered (38 at this size)
    assert len(shown) + len(layer.dropped) == len(layer.labels)
    assert all(re.fullmatch(r"\d+ \(\d+\)", p.text) for p in shown), [p.text for p in shown]
    assert not any("/" in p.text for p in shown)
    for a, b in combinations(shown, 2):
        assert _area(a.box, b.box) == 0, (a.text, a.at, b.text, b.at)
    names = name_boxes(fig, ax)
    assert "nvswitch" in names and "box 1" in names
    for p in shown:
        for name, box in names.items():
            assert _area(p.box, box) == 0, (p.text, name)
    legend = [x.get_text() for x in ax.get_legend().get_texts()]
    assert "labels: tree parts\nwith multicast (without);\nleft out where they\nwould overlap" \
        in legend


def test_the_same_bytes_with_labels_placed_at_drawing(multicast):
    t, s = multicast
    assert render(fc.draw(t, s, view="loads"), "png") == render(fc.draw(t, s, view="loads"), "png")


def test_names_above_the_arrows():
    t = fc.resolve("mi250:boxes=2")
    s = fc.generate(t, collective="allgather")
    fig = fc.draw(t, s, view="loads")
    ax = fig.axes[0]
    arrows = max(p.get_zorder() for p in ax.patches if p.get_gid() or "")
    names = {x.get_text(): x for x in ax.texts}
    for name in ("ib", "box 0", "box 1", "gcd3"):
        assert names[name].get_zorder() > arrows, name
    assert names["gcd3"].get_path_effects()                 # a white halo
    assert names["box 1"].get_bbox_patch() is not None      # on its box's colour
    # the fabric switch's name above it: its links leave downward
    ib = names["ib"]
    assert ib.get_va() == "bottom" and ib.get_position()[1] > 1.5


def test_tree_weight_labels_on_one_layer():
    t = fc.resolve("mi250:boxes=2")
    s = fc.generate(t, collective="allgather", k=2)
    fig = fc.draw(t, s, view="tree", root="box0/gcd0")
    fig.canvas.draw()
    for ax in fig.axes:
        shown = layer_of(ax).shown
        for a, b in combinations(shown, 2):
            assert _area(a.box, b.box) == 0


def test_along_the_arc():
    assert along((0, 0), (2, 0), 0.0, 0.5) == (1.0, 0.0)
    # arc3 bends to the right of the direction of travel by rad · length at its control
    # point; half of that at t = 1/2 (draw.network.midpoint)
    assert along((0, 0), (2, 0), 0.1, 0.5) == pytest.approx((1.0, -0.1))
    assert along((0, 0), (2, 0), 0.1, 0.0) == (0.0, 0.0)
    assert ALONG[0] == 0.5


def test_point_labels_go_around_their_points():
    """Three points close together (the time model notebook's 1.3× cluster, lookat 23):
    each label on a free side of its point, none on another, none left out."""
    from forestcoll_opt.draw.canvas import new_figure

    fig = new_figure(7, 6.5)
    ax = fig.add_subplot()
    points = [(1.32, 1.37), (1.33, 1.38), (1.36, 1.37), (2.6, 2.62), (2.62, 2.6), (1.15, 3.3)]
    ax.scatter(*zip(*points), s=70, label="cases")
    ax.legend(loc="upper left")                 # no label under it either
    ax.set_xlim(1, 3.6)
    ax.set_ylim(1, 3.6)
    layer = label_layer(ax, markers=points, marker_size=70)
    names = ["A100 allgather 1GB", "A100 reduce-scatter 1GB", "A100 allgather 1GB vs Blink",
             "MI250 allreduce 1GB", "MI250 allreduce 1GB vs Blink", "near the legend"]
    for at, name in zip(points, names):
        layer.add_around(at, name, size=7.5)
    fig.canvas.draw()
    assert [p.text for p in layer.shown] == names and not layer.dropped
    for a, b in combinations(layer.shown, 2):
        assert _area(a.box, b.box) == 0, (a.text, b.text)
    # a label never sits on its own point or another's marker
    renderer = fig.canvas.get_renderer()
    half = renderer.points_to_pixels(70 ** 0.5) / 2 * 0.9
    from matplotlib.transforms import Bbox

    legend = ax.get_legend().get_window_extent(renderer)
    assert all(_area(p.box, legend) == 0 for p in layer.shown)
    for p in layer.shown:
        for x, y in ax.transData.transform(points):
            marker = Bbox([[x - half, y - half], [x + half, y + half]])
            assert _area(p.box, marker) == 0, p.text
