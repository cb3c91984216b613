"""The groups view (forestcoll_opt.draw.groups_view): the links process groups fight over
on two DGX H100 boxes, with one tensor-parallel group per box. What it must show, checked
on the figure's own artists: the contended links in red, the links the isolated optima
oversubscribe in orange, per link each group's share at the joint optimum and what its
isolated optimum uses (hatched), the capacity line at 1, and readable labels."""

from __future__ import annotations

from fractions import Fraction

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw.groups_view import MAX_BARS, alike, fights  # noqa: E402
from forestcoll_opt.errors import DrawError  # noqa: E402


@pytest.fixture(scope="module")
def tp():
    t = fc.resolve("dgx-h100:boxes=2")
    return t, fc.contention(t, mesh="dp=2,tp=8", along="tp")


def test_the_links_fought_over(tp):
    """The joint optimum fills the 16 NVSwitch -> GPU links (each box's own group alone on
    its box); the isolated optima, relaying through the other box, want more than there
    is on those and on every rail link the relays use: 16 + 48 ... all 64 of them listed,
    the contended first. On box 1's NVSwitch -> GPU 2 link the joint optimum gives the
    whole 450 GB/s to tp[dp=1], and the two isolated optima together want 16/9 of it."""
    t, c = tp
    found = fights(t, c.bound, c.schedules)
    assert [f.contended for f in found[:16]] == [True] * 16
    assert not any(f.contended for f in found[16:]) and all(f.demand > 1 for f in found[16:])
    first = found[0]
    assert first.link == ("box1/nvswitch", "box1/gpu2") and first.capacity == 450
    assert first.joint == {"tp[dp=1]": Fraction(1)}
    assert first.demand == Fraction(16, 9) and set(first.wanted) == {"tp[dp=0]", "tp[dp=1]"}
    # without the isolated optima: the contended links alone, nothing wanted
    assert [f.link for f in fights(t, c.bound)] == sorted(
        c.bound.contended, key=list(t.capacity).index)


def test_the_figure_has_its_artists_and_labels(tp):
    t, c = tp
    fig = fc.draw(t, c, view="groups")
    net, bars = fig.axes
    assert net.get_title(loc="left").startswith(
        "2 allgather groups at once on dgx-h100-2: the links they fight over\njoint optimum "
        "λ = 3600/7 (514.286) GB/s")
    gids = [a.get_gid() or "" for a in net.get_children()]
    assert sum(g.startswith("contended:") for g in gids) == 16
    assert sum(g.startswith("oversubscribed:") for g in gids) == 48
    legend = [x.get_text() for x in net.get_legend().get_texts()]
    assert "full at the joint optimum\n(16 links)" in legend
    assert "over capacity with every\nisolated optimum (64 links)" in legend
    # the bars: per kind of link a joint bar and a hatched isolated bar, stacked by group;
    # the 64 links are 7 kinds of alike bars (lookat 32: 8 identical rows before)
    ticks = [x.get_text() for x in bars.get_yticklabels()]
    assert len(ticks) == 2 * 7 and 7 < MAX_BARS
    assert ticks[:2] == ["box1/nvswitch→box1/gpu2 and 5 alike (450): joint", "isolated optima"]
    assert ticks[6] == "rail0→box0/gpu0 and 31 alike (50): joint"
    patches = [p for p in bars.patches if p.get_gid()]
    joint = [p for p in patches if p.get_gid().startswith("joint:")]
    isolated = [p for p in patches if p.get_gid().startswith("isolated:")]
    assert len(joint) == 6 and all(p.get_hatch() is None for p in joint)  # rails: no joint share
    assert len(isolated) == 2 * 7 and all(p.get_hatch() == "//" for p in isolated)
    assert joint[0].get_width() == pytest.approx(1.0)
    assert sum(p.get_width() for p in isolated[:2]) == pytest.approx(16 / 9)
    assert any(l.get_xdata()[0] == 1.0 for l in bars.get_lines())      # the capacity line
    assert bars.get_xlabel() == "share of the link's bandwidth (1 = its capacity)"
    assert [x.get_text() for x in bars.get_legend().get_texts()] == ["tp[dp=0]", "tp[dp=1]"]
    assert bars.get_title(loc="left").endswith("(hatched), 64 links in 7 kinds")


def test_alike_links_share_a_row(tp):
    t, c = tp
    found = fights(t, c.bound, c.schedules)
    classes = alike(found)
    assert sum(n for _, n in classes) == len(found) == 64
    assert [(f.link, n) for f, n in classes][:4] == [
        (("box1/nvswitch", "box1/gpu2"), 6), (("box1/nvswitch", "box1/gpu0"), 2),
        (("box0/nvswitch", "box0/gpu0"), 8), (("rail0", "box0/gpu0"), 32)]
    # alike whichever group holds the share (one box's link and its image in the other
    # box, each group on its own box); another capacity or share is another kind
    from forestcoll_opt.draw.groups_view import LinkFight

    one = LinkFight(("a/s", "a/g"), Fraction(450), True, {"g0": Fraction(1)},
                    {"g0": Fraction(7, 9), "g1": Fraction(1)})
    image = LinkFight(("b/s", "b/g"), Fraction(450), True, {"g1": Fraction(1)},
                      {"g1": Fraction(7, 9), "g0": Fraction(1)})
    other = LinkFight(("b/s", "b/h"), Fraction(450), True, {"g1": Fraction(1)},
                      {"g1": Fraction(1, 3), "g0": Fraction(1)})
    assert [(f.link, n) for f, n in alike([one, image, other])] == [
        (("a/s", "a/g"), 2), (("b/s", "b/h"), 1)]


def test_group_colours_are_not_the_links_colours():
    """Orange meant "over capacity" above and a group below (lookat 32)."""
    from matplotlib.colors import to_rgb

    from forestcoll_opt.draw.groups_view import CONTENDED, OVERSUBSCRIBED, colours

    for count in (2, 8, 16, 30):
        for colour in colours(count):
            r, g, b = to_rgb(colour)
            assert not (r > 0.75 and g < 0.65 and b < 0.55), (count, colour)   # no orange/red
            assert to_rgb(colour) not in (to_rgb(CONTENDED), to_rgb(OVERSUBSCRIBED))
    assert len(set(colours(8))) == 8 and len(set(colours(16))) == 16


def test_no_blank_band_between_the_panels(tp):
    """The network panel ended an inch above the bars' title (lookat 32)."""
    t, c = tp
    fig = fc.draw(t, c, view="groups")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    net, bars = fig.axes
    drawing = net.get_window_extent(renderer)          # the equal-aspect network
    title = bars.title.get_window_extent(renderer) if bars.title.get_text() else \
        bars._left_title.get_window_extent(renderer)
    gap = (drawing.y0 - title.y1) / fig.dpi
    assert 0 <= gap < 0.35, gap


def test_the_same_bytes_every_time(tp, tmp_path):
    t, c = tp
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    fc.save_drawing(fc.draw(t, c, view="groups"), a)
    fc.save_drawing(fc.draw(t, c, view="groups"), b)
    assert a.read_bytes() == b.read_bytes()


def test_refusals(tp):
    t, c = tp
    with pytest.raises(DrawError, match="the groups view needs the groups' joint optimum"):
        fc.draw(t, None, view="groups")
    with pytest.raises(DrawError, match="leave ax out"):
        fc.draw(t, c.bound, view="groups", ax=object())
    with pytest.raises(DrawError, match="the groups are of 'dgx-h100-2'"):
        fc.draw(fc.resolve("dgx-h100:boxes=4"), c.bound, view="groups")
