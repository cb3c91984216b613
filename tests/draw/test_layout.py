"""Layouts that scale: a network without boxes of :data:`SPRING_NODES` nodes or more is
put on a circle in depth-first order (linear time; networkx's spring layout took 50 s on a
3,000-node ring and more than 100 s on 8,000), and a view with more than
:data:`MAX_ARROWS` arrows draws straight lines in one collection."""

from __future__ import annotations

import math
import time

import pytest

matplotlib = pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.draw import draw, render  # noqa: E402
from forestcoll_opt.draw.layout import SPRING_NODES, depth_first_order, layout  # noqa: E402
from forestcoll_opt.draw.network import MAX_ARROWS  # noqa: E402
from forestcoll_opt.model.schedule import from_dict  # noqa: E402
from forestcoll_opt.model.topology import from_dict as topology_from_dict  # noqa: E402


def ring(n, shuffle=1):
    """A bidirectional ring g0 - g1 - ... - g(n-1) - g0 of 10 GB/s links, its nodes
    declared in the order i * shuffle mod n (shuffle prime to n) so that the file order is
    not the ring order."""
    nodes = [{"id": f"g{(i * shuffle) % n}", "kind": "compute"} for i in range(n)]
    links = [{"src": f"g{i}", "dst": f"g{(i + 1) % n}", "bandwidth": 10, "bidirectional": True}
             for i in range(n)]
    return topology_from_dict({"format": "forestcoll-topology/1", "name": f"ring-{n}",
                               "units": "GB/s", "nodes": nodes, "links": links})


def broadcast_path(n):
    """Broadcast from g0 along the ring both ways, one tree of weight 1: algbw 10 (each
    half of the ring carries the whole message once)."""
    half = n // 2
    edges = [(i, i + 1) for i in range(half)] + [((n - i) % n, n - i - 1)
                                                  for i in range(n - 1 - half)]
    return from_dict({
        "format": "forestcoll-schedule/1", "collective": "broadcast", "topology": f"ring-{n}",
        "units": "GB/s", "compute_nodes": [f"g{i}" for i in range(n)], "root": "g0", "k": 1,
        "tree_bandwidth": "10", "algbw": "10",
        "trees": [{"root": "g0", "weight": 1, "edges": [
            {"src": f"g{a}", "dst": f"g{b}", "path": [f"g{a}", f"g{b}"]} for a, b in edges]}]})


def test_a_large_ring_is_drawn_as_a_ring_without_the_spring_layout(monkeypatch):
    import networkx as nx

    def refuse(*args, **kwargs):
        raise AssertionError("spring_layout on a large network")

    monkeypatch.setattr(nx, "spring_layout", refuse)
    n = 3001                        # prime: any shuffle of the declaration order works
    topo = ring(n, shuffle=7)
    assert topo.node_ids[:3] == ("g0", "g7", "g14")
    order = depth_first_order(topo)
    walks = ([f"g{i}" for i in range(n)], [f"g{-i % n}" for i in range(n)])
    assert order in walks           # around the ring, one way or the other
    lay = layout(topo)
    for i in (0, 1, 1234, n - 1):   # the i-th of the walk at angle 2 pi i / n, radius 1/2
        x, y = lay.pos[order[i]]
        assert x == pytest.approx(0.5 + 0.5 * math.cos(2 * math.pi * i / n), abs=1e-12)
        assert y == pytest.approx(0.5 + 0.5 * math.sin(2 * math.pi * i / n), abs=1e-12)
    assert lay.summary == f"{n} nodes on a circle, in depth-first order from g0"


def test_small_networks_keep_the_spring_layout(monkeypatch):
    import networkx as nx

    calls = []
    real = nx.spring_layout
    monkeypatch.setattr(nx, "spring_layout", lambda *a, **k: calls.append(1) or real(*a, **k))
    layout(ring(SPRING_NODES - 1))
    assert calls == [1]
    layout(ring(SPRING_NODES))
    assert calls == [1]


def test_depth_first_order_visits_every_part():
    """Two rings declared interleaved (a stand-in: a topology must be connected): the first
    is walked whole, in ring order, before the second starts."""
    class TwoRings:
        node_ids = tuple(f"{p}{i}" for i in range(4) for p in "ab")
        capacity = {(f"{p}{i}", f"{p}{(i + 1) % 4}"): 1 for p in "ab" for i in range(4)}

    assert depth_first_order(TwoRings()) == ["a0", "a1", "a2", "a3", "b0", "b1", "b2", "b3"]


def test_an_8000_node_ring_draws_in_seconds_and_the_same_bytes():
    topo = ring(8000)
    start = time.perf_counter()
    first = render(draw(topo), "png")
    seconds = time.perf_counter() - start
    assert seconds < 30             # 1 s here; killed at 100 s with the spring layout
    assert first == render(draw(topo), "png")


def test_many_arrows_become_one_collection():
    from matplotlib.collections import LineCollection
    from matplotlib.patches import FancyArrowPatch

    n = 2 * MAX_ARROWS + 2
    topo = ring(n)
    schedule = broadcast_path(n)
    fig = draw(topo, schedule, view="loads")
    ax = fig.axes[0]
    assert not [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    busy = [c for c in ax.collections if isinstance(c, LineCollection) and len(c.get_segments()) == n - 1]
    assert len(busy) == 1           # the n - 1 links the tree uses, all saturated
    assert f"{n - 1} saturated links" in ax.get_title(loc="left")
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert f"more than {MAX_ARROWS} lines:\nno arrow heads" in legend
    fig = draw(topo, schedule, view="tree")
    ax = fig.axes[0]
    assert not [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert [len(c.get_segments()) for c in ax.collections
            if isinstance(c, LineCollection) and len(c.get_segments()) == n - 1] == [n - 1]


def test_few_arrows_stay_arrows():
    from matplotlib.patches import FancyArrowPatch

    topo = ring(12)
    fig = draw(topo, broadcast_path(12), view="loads")
    heads = [p for p in fig.axes[0].patches if isinstance(p, FancyArrowPatch)]
    # 11 links carry the tree, their 11 reverse directions are idle, and g6 - g7 is idle
    # both ways (one line)
    assert len(heads) == 23
    assert sum(1 for p in heads if (p.get_gid() or "").startswith("saturated:")) == 11
