"""RCCL's rings on a full MI250 box: read off its table of hand-made rings (ROCm/rccl
src/graph/rome_models.cc), not searched; the ring baseline builds rings of that shape."""

from collections import Counter
from fractions import Fraction

import pytest

from forestcoll_opt.generation.baselines.rings import ring
from forestcoll_opt.generation.baselines.rings import table_topology
from forestcoll_opt.model.catalog import resolve


@pytest.fixture(scope="module")
def mi250():
    return resolve("mi250:boxes=2")


def test_only_the_full_mi250_box_is_a_table_box():
    assert table_topology(resolve("mi250:boxes=2"))
    assert table_topology(resolve("mi250:boxes=3"))
    assert not table_topology(resolve("mi250:boxes=2,gpus=8"))      # the paper's 8+8
    assert not table_topology(resolve("dgx-a100:boxes=2"))
    assert not table_topology(resolve("mi300x:boxes=2"))


def test_table_rings_on_mi250_are_nic_bound(mi250):
    s = ring(mi250, "allgather")
    # 32 rings, two per GCD, as RCCL's table lists them (rome_model_59/65)
    assert s.k == 32 and s.stats.channels == 32
    # every ring moves 8 GB/s: the 16 GB/s link of each GCD to the switch carries two
    # rings each way, so the rings reach the NICs' 256 GB/s per box: algbw 256 * 32/31
    assert s.algbw == Fraction(8192, 31)
    searched = ring(mi250, "allgather", table=False)
    assert searched.k == 16 and searched.algbw == Fraction(6400, 31)   # before: xGMI-bound


def test_table_rings_structure(mi250):
    s = ring(mi250, "allgather")
    n = len(mi250.compute_nodes)
    loads = Counter()
    for tree in s.trees[::n]:      # one chain per ring (n - 1 of its n hops)
        for e in tree.edges:
            for hop in zip(e.path, e.path[1:]):
                loads[hop] += 1
    boxes = mi250.boxes()
    box_of = {v: b for b, members in boxes.items() for v in members}
    # every GCD leaves its box on exactly two rings and enters on two (per chain at most)
    up = Counter(e.src for tree in s.trees[::n] for e in tree.edges
                 if box_of[e.src] != box_of[e.dst])
    assert max(up.values()) <= 2
    # no xGMI link is oversubscribed: at 8 GB/s a ring, a 50 GB/s link carries at most 6
    cap = mi250.capacity
    types = mi250.link_type
    xgmi = {hop: c for hop, c in loads.items() if types.get(hop) == "xgmi"}
    assert max(c * 8 / cap[hop] for hop, c in xgmi.items()) <= 1
    assert max(c for hop, c in xgmi.items() if cap[hop] == 50) == 6    # as RCCL's own table


def test_deterministic(mi250):
    a, b = ring(mi250, "reduce-scatter"), ring(mi250, "reduce-scatter")
    assert [t.edges for t in a.trees] == [t.edges for t in b.trees]


def test_more_boxes():
    """An even number of boxes takes the two-box rings alternately (every NIC link keeps
    two rings each way: NIC-bound at any even count); an odd number searches them."""
    four = ring(resolve("mi250:boxes=4"), "allgather")
    assert four.k == 32 and four.algbw == Fraction(16384, 63)          # 256 * 64/63
    assert ring(resolve("mi250:boxes=4"), "allgather", table=False).algbw < four.algbw
    three = ring(resolve("mi250:boxes=3"), "allgather")
    assert three.k == 32 and three.algbw == Fraction(7680, 47)
