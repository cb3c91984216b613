"""The drawings: pixels against reference PNGs of our own (tests/data/draw/, within a small
RMS tolerance), what each view must show (the cut's exact ratio, the saturated links), and
files that are the same byte for byte on every run.

Regenerate the references after an intended change of the pictures with
``FORESTCOLL_REDRAW=1 pytest tests/draw`` and look at them before committing."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw import draw, render, save_drawing  # noqa: E402
from forestcoll_opt.draw.schedule_views import utilisation  # noqa: E402
from forestcoll_opt.model.numbers import fraction_text  # noqa: E402
from forestcoll_opt.model.schedule import link_loads  # noqa: E402
from matplotlib.testing.compare import compare_images  # noqa: E402

REFERENCES = Path(__file__).resolve().parent.parent / "data" / "draw"
DPI = 50            # the references are small: layout and colours, not fine detail
TOLERANCE = 2.0     # RMS over 0..255 per pixel: anti-aliasing noise passes, a moved node does not


@pytest.fixture(scope="module")
def paper():
    t = fc.resolve("paper-example")
    return t, fc.generate(t, collective="allgather")


@pytest.fixture(scope="module")
def dgx():
    return fc.resolve("dgx-a100:boxes=2")


def pixels_match(figure, name, tmp_path):
    actual = tmp_path / f"{name}.png"
    actual.write_bytes(render(figure, "png", dpi=DPI))
    expected = REFERENCES / f"{name}.png"
    if os.environ.get("FORESTCOLL_REDRAW"):
        REFERENCES.mkdir(parents=True, exist_ok=True)
        expected.write_bytes(actual.read_bytes())
        pytest.skip(f"wrote {expected}")
    return compare_images(str(expected), str(actual), tol=TOLERANCE)


@pytest.mark.parametrize("name, view", [
    ("paper-topology", "topology"), ("paper-cut", "cut"), ("paper-tree", "tree"),
    ("paper-loads", "loads")])
def test_paper_example_pictures(paper, name, view, tmp_path):
    topo, schedule = paper
    fig = draw(topo, schedule if view in ("tree", "loads") else None, view=view)
    assert pixels_match(fig, name, tmp_path) is None


def test_dgx_cut_picture(dgx, tmp_path):
    assert pixels_match(draw(dgx, view="cut"), "dgx-a100-2-cut", tmp_path) is None


def test_summarised_picture(tmp_path):
    topo = fc.resolve("paper-example:boxes=20")
    fig = draw(topo)
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert "20 boxes: box 0 is drawn, the other 19 are summarised as one" in texts
    assert any("19 more boxes\n(76 compute nodes,\n19 switches)" == t for t in texts)
    assert pixels_match(fig, "paper-20-boxes", tmp_path) is None


def test_the_tolerance_bites(tmp_path):
    """A picture that differs only in a few words (b = 2: the legend says 20 b and 2 b,
    the title names the other topology) fails the comparison."""
    topo = fc.resolve("paper-example:b=2")
    actual = tmp_path / "b2.png"
    actual.write_bytes(render(draw(topo), "png", dpi=DPI))
    expected = REFERENCES / "paper-topology.png"
    if not expected.exists():
        pytest.skip("no reference yet")
    failed = compare_images(str(expected), str(actual), tol=TOLERANCE, in_decorator=True)
    assert failed is not None and failed["rms"] > TOLERANCE


def title_of(fig):
    return fig.axes[0].get_title(loc="left")


def test_cut_title_holds_the_exact_ratio(dgx):
    b = fc.bound(dgx, collective="allgather")
    title = title_of(draw(dgx, view="cut"))
    # DGX A100 x2: S* is everything but one GPU, whose 300 GB/s NVLink and 25 GB/s NIC
    # leave S* toward it: 15 compute nodes over 325 GB/s = 3/65, algbw 16 * 65/3
    assert b.cut_ratio == Fraction(3, 65) == b.inv_x
    assert "|S* ∩ Vc| / B(S*) = 15/325 = 3/65 per GB/s" in title
    assert fraction_text(b.cut_ratio) in title and "1040/3 (346.667) GB/s" in title


def test_cut_arrows_are_the_links_leaving_the_cut(dgx):
    b = fc.bound(dgx, collective="allgather")
    fig = draw(dgx, b, view="cut")
    gids = sorted(p.get_gid() for p in fig.axes[0].patches if (p.get_gid() or "").startswith("cut:"))
    leaving = sorted(f"cut:{u}->{v}" for (u, v) in dgx.capacity if u in b.cut and v not in b.cut)
    assert gids == leaving and len(gids) == 2
    assert sum(dgx.capacity[tuple(g[4:].split("->"))] for g in gids) == b.cut_bandwidth == 325


def test_reduce_scatter_cut_marks_the_links_entering_it(dgx):
    b = fc.bound(dgx, collective="reduce-scatter")
    fig = draw(dgx, view="cut", collective="reduce-scatter")
    gids = sorted(p.get_gid() for p in fig.axes[0].patches if (p.get_gid() or "").startswith("cut:"))
    entering = sorted(f"cut:{u}->{v}" for (u, v) in dgx.capacity if v in b.cut and u not in b.cut)
    assert gids == entering and "entering" in " ".join(
        t.get_text() for t in fig.axes[0].get_legend().get_texts())


def saturated_links(topology, schedule):
    """Links whose load equals their capacity at the schedule's rate, counted here from the
    loads alone: load_e / (parts · b_e) equal to the largest such time."""
    parts = schedule.total_weight * schedule.k
    time = {e: Fraction(load, parts) / topology.capacity[e]
            for e, load in link_loads(schedule).items()}
    return {e for e, t in time.items() if t == max(time.values())}


def marked(fig):
    count = 0
    for p in fig.axes[0].patches:
        gid = p.get_gid() or ""
        if gid.startswith("saturated:"):
            count += 2 if "<->" in gid else 1
    return count


def test_saturated_links_are_those_at_capacity(paper, dgx):
    topo, schedule = paper
    expected = saturated_links(topo, schedule)
    fig = draw(topo, schedule, view="loads")
    assert marked(fig) == len(expected) == 16        # the 16 links to and from the global switch
    assert f"{len(expected)} saturated links" in title_of(fig)
    ring = fc.baseline(dgx, "ring", collective="allgather")
    expected = saturated_links(dgx, ring)
    fig = draw(dgx, ring, view="loads")
    assert marked(fig) == len(expected) == 32        # the NIC links; NVLink is not full
    util, _ = utilisation(dgx, ring)
    assert {e for e, u in util.items() if u == 1} == expected
    assert util[("box0/nvswitch", "box0/gpu0")] < 1


def test_multicast_loads_show_both_counts():
    topo = fc.resolve("dgx-a100:boxes=2,sharp=1")
    schedule = fc.generate(topo, collective="allgather")
    assert schedule.multicast
    util, counts = utilisation(topo, schedule)
    merged = sum(m for m, _ in counts.values())
    plain = sum(p for _, p in counts.values())
    assert merged < plain
    title = title_of(draw(topo, schedule, view="loads"))
    assert f"{merged} tree parts cross links, {plain} without it" in title


def test_tree_view_draws_one_panel_per_tree(paper, dgx):
    topo, schedule = paper
    fig = draw(topo, schedule, view="tree", root="box1/c2")
    trees = [t for t in schedule.trees if t.root == "box1/c2"]
    assert len(fig.axes) == len(trees) == 1
    assert fig.axes[0].get_title(loc="left") == f"tree 1 · weight {trees[0].weight}"
    s = fc.generate(dgx, collective="allgather")
    fig = draw(dgx, s, view="tree")
    mine = [t for t in s.trees if t.root == s.trees[0].root]
    assert [a.get_title(loc="left") for a in fig.axes] == \
        [f"tree {i + 1} · weight {t.weight}" for i, t in enumerate(mine)]
    assert f"weights sum to {sum(t.weight for t in mine)}" in fig._suptitle.get_text()


def test_drawing_into_given_axes(paper):
    from matplotlib.figure import Figure

    topo, schedule = paper
    fig = Figure()
    ax = fig.add_subplot(1, 2, 1)
    assert draw(topo, schedule, view="tree", ax=ax) is ax
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["tree 1 · weight 1"]
    assert draw(topo, ax=fig.add_subplot(1, 2, 2)) is not None


def test_same_bytes_every_time(dgx, tmp_path):
    first = render(draw(dgx, view="cut"), "svg")
    assert first == render(draw(dgx, view="cut"), "svg")
    assert b"<dc:date>" not in first and b"Matplotlib v" not in first
    code = ("import sys, forestcoll_opt as fc; from forestcoll_opt.draw import draw, render;"
            "sys.stdout.buffer.write(render(draw(fc.resolve('dgx-a100:boxes=2'), view='cut'), 'svg'))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "123"}).stdout
    assert other == first
    pdf = render(draw(dgx), "pdf")
    assert pdf == render(draw(dgx), "pdf") and b"CreationDate" not in pdf
    png = render(draw(dgx), "png")
    assert png == render(draw(dgx), "png") and b"Software" not in png


def test_spring_layout_is_seeded():
    topo = fc.from_networkx(_ring())         # no boxes: networkx's spring layout, seeded
    a = render(draw(topo), "svg")
    assert a == render(draw(topo), "svg")


def _ring():
    import networkx as nx

    g = nx.DiGraph()
    for i in range(6):
        g.add_node(f"g{i}", kind="compute")
    for i in range(6):
        g.add_edge(f"g{i}", f"g{(i + 1) % 6}", bandwidth=10)
        g.add_edge(f"g{(i + 1) % 6}", f"g{i}", bandwidth=10)
    return g


def test_save_drawing_writes_atomically(dgx, tmp_path):
    path = tmp_path / "cut.svg"
    save_drawing(draw(dgx, view="cut"), path)
    assert path.read_bytes() == render(draw(dgx, view="cut"), "svg")
    with pytest.raises(fc.DrawError, match="must end in .svg, .png or .pdf"):
        save_drawing(draw(dgx), tmp_path / "cut.jpg")
    with pytest.raises(fc.OutputError, match="does not exist"):
        save_drawing(draw(dgx), tmp_path / "missing" / "cut.svg")


@pytest.mark.parametrize("kwargs, words", [
    ({"view": "pie"}, "unknown view 'pie'"),
    ({"view": "tree"}, "the tree view needs a schedule"),
    ({"view": "loads"}, "the loads view needs a schedule"),
    ({"view": "cut", "collective": "allreduce"}, "allreduce has no bottleneck cut"),
])
def test_refusals(paper, kwargs, words):
    topo, _ = paper
    with pytest.raises(fc.DrawError, match=words):
        draw(topo, **kwargs)


def test_refusals_with_a_schedule(paper, dgx):
    topo, schedule = paper
    with pytest.raises(fc.DrawError, match="no tree of the schedule has root 'nope'"):
        draw(topo, schedule, view="tree", root="nope")
    with pytest.raises(fc.DrawError, match="not those of dgx-a100-2"):
        draw(dgx, schedule, view="loads")
    with pytest.raises(fc.DrawError, match="a Bound draws the cut view"):
        draw(topo, fc.bound(topo), view="topology")
    with pytest.raises(fc.CollectiveError):
        draw(topo, view="cut", collective="broadcast")
