"""fc.contention (forestcoll_opt.analysis.together): per group, the isolated optimum alone
and together, NCCL's ring per group alone and together, and the joint optimum, exact, on
two DGX H100 boxes (8 x 50 GB/s rails per box, NVSwitch 3600/7 GB/s allgather inside a
box)."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.together import group_ring
from forestcoll_opt.model.groups import Group


@pytest.fixture(scope="module")
def topo():
    return fc.resolve("dgx-h100:boxes=2")


def test_tensor_parallel_boxes(topo):
    """Each box alone relays through the other box (4000/7, docs/groups.md); the two
    isolated optima run together load the same NVSwitch links and get half (2000/7); the
    rings, inside each box, get the box's 3600/7 alone and together, which is the joint
    optimum: the joint optimum recovers x9/5 over the isolated optima."""
    c = fc.contention(topo, mesh="dp=2,tp=8", along="tp")
    assert [r.name for r in c.rows] == ["tp[dp=0]", "tp[dp=1]"]
    for r in c.rows:
        assert (r.promise, r.isolated_together, r.ring_alone, r.ring_together,
                r.joint_lower, r.joint_upper) == (Fraction(4000, 7), Fraction(2000, 7),
                                                  Fraction(3600, 7), Fraction(3600, 7),
                                                  Fraction(3600, 7), Fraction(3600, 7))
        assert (r.cost, r.recovered, r.ring_relays) == (2, Fraction(9, 5), False)
    assert c.rings.shared == () and len(c.isolated.shared) > 0
    frame = c.to_pandas()
    assert list(frame["isolated_together_exact"]) == [Fraction(2000, 7)] * 2
    assert repr(c) == ("Contention(2 allgather groups on dgx-h100-2: isolated optima x2 "
                       "slower together, joint λ=3600/7)")
    assert "<b>Contention · 2 allgather groups" in c._repr_html_()
    assert c.to_dict()["groups"][0]["recovered"] == {"exact": "9/5", "float": 1.8}


def test_data_parallel_pairs_allreduce(topo):
    """GPU i of both boxes: alone its allreduce reaches all 8 rails (400); the 8 pairs at
    once share them, an eighth each (50), which is also what the ring on the pair's own
    rail gets and the joint optimum: contention costs x8, nothing is left to recover."""
    c = fc.contention(topo, mesh="dp=2,tp=8", along="dp", collective="allreduce",
                      sizes=[2**20, 2**30])
    assert len(c.rows) == 8
    for r in c.rows:
        assert (r.promise, r.isolated_together, r.ring_alone, r.ring_together,
                r.joint_lower, r.joint_upper) == (400, 50, 50, 50, 50, 50)
        assert (r.cost, r.recovered) == (8, 1)
    assert [len(g.together) for g in c.isolated.groups] == [2] * 8
    # the timed rows agree with the exact values in the bandwidth limit
    big = c.isolated.groups[0]
    assert big.together[1].algbw < 50 < big.alone[1].algbw


def test_the_ring_of_a_group_visits_its_members_only(topo):
    """The ring is built with the other GPUs switched off: its paths pass through no
    compute node outside the group, and it remembers its group."""
    g = Group(("box0/gpu0", "box1/gpu0"))
    r, relays = group_ring(topo, g, fc.Collective.ALLGATHER)
    assert not relays and r.process_group and r.compute_nodes == g.members
    inner = {v for t in r.trees for e in t.edges for v in e.path[1:-1]}
    assert not inner & set(topo.compute_nodes)
    assert r.algbw == 100          # one 50 GB/s rail each way: 2 x 50


def test_without_relays_the_isolated_optimum_promises_what_it_gets():
    # dp pairs of dgx-h100:boxes=2 with the other GPUs switched off: GPU j of each box has
    # its own 50 GB/s NIC each way, 2 x 50 = 100 alone, and every pair on its own rail keeps
    # it together; with relays the same pair promises 800 (all 8 NICs) and gets 100
    from forestcoll_opt.model.group_scope import relays

    topo = fc.resolve("dgx-h100:boxes=2")
    c = fc.contention(topo, mesh="dp=2,tp=8", along="dp", relay=False)
    assert c.bound.relay is False
    assert [(r.promise, r.isolated_together, r.joint_lower, r.joint_upper) for r in c.rows] \
        == [(100, 100, 100, 100)] * 8
    assert all(relays(topo, s) == () for s in c.schedules)
    relayed = fc.contention(topo, mesh="dp=2,tp=8", along="dp")
    assert [(r.promise, r.isolated_together) for r in relayed.rows] == [(800, 100)] * 8
