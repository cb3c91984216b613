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
from forestcoll_opt.draw.groups_view import MAX_BARS, fights  # noqa: E402
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
    # the bars: per link a joint bar and a hatched isolated bar, stacked by group
    ticks = [x.get_text() for x in bars.get_yticklabels()]
    assert len(ticks) == 2 * MAX_BARS
    assert ticks[:2] == ["box1/nvswitch→box1/gpu2 (450): joint", "isolated optima"]
    patches = [p for p in bars.patches if p.get_gid()]
    joint = [p for p in patches if p.get_gid().startswith("joint:")]
    isolated = [p for p in patches if p.get_gid().startswith("isolated:")]
    assert len(joint) == MAX_BARS and all(p.get_hatch() is None for p in joint)
    assert len(isolated) == 2 * MAX_BARS and all(p.get_hatch() == "//" for p in isolated)
    assert joint[0].get_width() == pytest.approx(1.0)
    assert sum(p.get_width() for p in isolated[:2]) == pytest.approx(16 / 9)
    assert any(l.get_xdata()[0] == 1.0 for l in bars.get_lines())      # the capacity line
    assert bars.get_xlabel() == "share of the link's bandwidth (1 = its capacity)"
    assert [x.get_text() for x in bars.get_legend().get_texts()] == ["tp[dp=0]", "tp[dp=1]"]
    assert bars.get_title(loc="left").endswith("(hatched), 8 of 64 links")


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
