"""Process groups timed together (forestcoll_opt.timing.sharing): every shared link divided
among the groups in proportion to their bytes on it, each group timed on its reservation.

Pinned by hand on two pairs of GPUs that share one uplink, by the reduction to
``simulate`` for one group of every compute node (row for row, float for float), and on
the data-parallel groups of two DGX H100 boxes."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import UsageError
from forestcoll_opt.generation.baselines import dbtree, ring
from forestcoll_opt.model.groups import Group
from forestcoll_opt.timing.sharing import (bandwidth_limit, simulate_groups,
                                           together_capacities)
from forestcoll_opt.timing.simulation import exact_coefficients, simulate

GB = 1e9
M = 2**30


def uplink():
    """a0, a1 on switch s0 and b0, b1 on switch s1 (10 GB/s each way), s0 <-> s1 one uplink
    of 1 GB/s each way: the groups {a0, b0} and {a1, b1} both cross it."""
    links = [("a0", "s0", 10), ("a1", "s0", 10), ("b0", "s1", 10), ("b1", "s1", 10),
             ("s0", "s1", 1)]
    return fc.from_dict({
        "format": "forestcoll-topology/1", "name": "uplink", "units": "GB/s",
        "nodes": [{"id": v, "kind": "compute"} for v in ("a0", "a1", "b0", "b1")]
        + [{"id": v, "kind": "switch"} for v in ("s0", "s1")],
        "links": [{"src": u, "dst": v, "bandwidth": bw, "bidirectional": True}
                  for u, v, bw in links]})


@pytest.fixture(scope="module")
def pairs():
    t = uplink()
    return t, fc.generate(t, group=["a0", "b0"]), fc.generate(t, group=["a1", "b1"])


def test_two_groups_on_one_uplink_take_twice_the_bandwidth_term(pairs):
    """Alone, a pair's allgather sends each member's half (M/2) over the 1 GB/s uplink:
    algbw 2. Together both pairs send M/2 each way over it, each reserved half of it: the
    bandwidth term doubles, algbw 1. With α = 0 and one chunk a route's time is M·Σρ over
    its three hops: alone (1/20 + 1/2 + 1/20)·M/1e9, together (1/20 + 1 + 1/20)·M/1e9."""
    t, a, b = pairs
    assert (a.algbw, b.algbw) == (2, 2) and a.process_group and b.process_group
    reserved, shared = together_capacities(t, [a, b])
    assert shared == (("s0", "s1"), ("s1", "s0"))
    assert reserved == [{("s0", "s1"): Fraction(1, 2), ("s1", "s0"): Fraction(1, 2)}] * 2
    r = simulate_groups(t, [a, b], [M], model="ideal", alpha=0.0, chunks=1)
    assert [g.name for g in r.groups] == ["g0", "g1"] and r.shared == shared
    for g in r.groups:
        assert (g.alone_algbw, g.together_algbw, g.slowdown) == (2, 1, 2)
        assert g.alone[0].seconds == pytest.approx(0.6 * M / GB, rel=1e-12)
        assert g.together[0].seconds == pytest.approx(1.1 * M / GB, rel=1e-12)
    # many chunks: the pipelined time tends to the bandwidth term, M / algbw
    many = simulate_groups(t, [a, b], [M], model="ideal", alpha=0.0)
    assert many.groups[0].alone[0].seconds == pytest.approx(M / 2 / GB, rel=1e-6)
    assert many.groups[0].together[0].seconds == pytest.approx(M / GB, rel=1e-6)
    # the calibrated model's bandwidth term doubles too (the same latency both ways)
    cal = simulate_groups(t, [a, b], [1 << 40])
    assert cal.groups[0].together[0].seconds / cal.groups[0].alone[0].seconds == \
        pytest.approx(2, rel=1e-6)


def test_one_group_alone_on_a_link_keeps_it_whole(pairs):
    """A group whose links no other group loads is timed exactly as simulate times it."""
    t, a, _ = pairs
    r = simulate_groups(t, [a], [1024, M], model="ideal")
    assert r.shared == () and r.groups[0].together == r.groups[0].alone
    assert tuple(r.groups[0].alone) == tuple(fc.simulate(t, a, [1024, M], model="ideal"))


@pytest.mark.parametrize("model", ["calibrated", "ideal"])
def test_one_group_of_every_compute_node_is_simulate_row_for_row(model):
    """The reduction (issue 34): a group of every compute node, alone or "together" with
    nobody, gives simulate's rows exactly — the same floats, chunks and protocols — and its
    bandwidth limit is the schedule's own exact algbw."""
    t = fc.resolve("dgx-h100:boxes=2")
    sizes = [1, 4096, 2**20, 2**30, 2**36]
    for s in (fc.generate(t, collective="allreduce"), fc.generate(t, collective="allgather"),
              ring(t, "reduce-scatter"), dbtree(t)):
        expected = simulate(t, s, sizes, model=model)
        r = simulate_groups(t, [s], sizes, model=model)
        g = r.groups[0]
        assert tuple(g.together) == tuple(expected) == tuple(g.alone)
        assert g.together.parameters == expected.parameters and r.shared == ()
        assert g.alone_algbw == g.together_algbw == s.algbw
        assert isinstance(g.together_algbw, Fraction)


def test_bandwidth_limit_is_the_schedules_own_algbw():
    """The exact limit from the coefficients is achieved_algbw on every shape of schedule:
    one phase, allreduce in sequence, a concurrent allreduce, a rooted collective."""
    t = fc.resolve("dgx-a100:boxes=2")
    for s in (fc.generate(t, collective="broadcast", root="box0/gpu0"), dbtree(t),
              ring(t, "allreduce"), fc.generate(t, collective="reduce-scatter")):
        assert bandwidth_limit(exact_coefficients(t, s), s) == s.algbw


def test_data_parallel_pairs_on_two_dgx_h100_share_the_rails():
    """GPU i of both boxes alone reaches all 8 rails through the NVSwitch: 800 GB/s
    (docs/groups.md). The 8 pairs at once put their bytes on every rail: each gets an
    eighth, 100 GB/s — the joint optimum's λ (fc.concurrent), so contention costs x8 and
    the isolated optimum schedules lose nothing more than it."""
    t = fc.resolve("dgx-h100:boxes=2")
    dp = [fc.generate(t, group=f"box*/gpu{i}") for i in range(8)]
    r = fc.simulate_groups(t, dp, [2**30], names=[f"dp{i}" for i in range(8)])
    assert [(g.name, g.alone_algbw, g.together_algbw) for g in r.groups] == \
        [(f"dp{i}", 800, 100) for i in range(8)]
    assert all(len(g.members) == 2 for g in r.groups)
    # every NIC link and rail link carries all eight groups
    assert len(r.shared) == 64
    frame = r.to_pandas()
    assert list(frame["limit_together_exact"]) == [Fraction(100)] * 8
    assert list(frame["group"]) == [f"dp{i}" for i in range(8)]
    assert "GroupsSimulation(8 groups on dgx-h100-2" in repr(r)
    assert r.to_dict()["groups"][0]["together_algbw"] == {"exact": "100", "float": 100.0}


def test_tensor_parallel_boxes_meet_where_their_isolated_optimum_relays():
    """One group per box. Alone, each box's optimum relays through the other box's GPUs
    and the rails (4000/7 > 3600/7 inside the box): both groups' schedules then load every
    GPU's NVSwitch links, and together each gets half, 2000/7 — below the joint optimum
    3600/7 (fc.concurrent), which keeps each box inside itself. Made without relays
    (relay=False) they share no link: together = alone = 3600/7."""
    t = fc.resolve("dgx-h100:boxes=2")
    relaying = [fc.generate(t, group=f"box{b}/*") for b in range(2)]
    r = fc.simulate_groups(t, relaying, [2**20])
    assert [(g.alone_algbw, g.together_algbw) for g in r.groups] == \
        [(Fraction(4000, 7), Fraction(2000, 7))] * 2
    assert ("rail0", "box0/gpu0") in r.shared
    inside = [fc.generate(t, group=f"box{b}/*", relay=False) for b in range(2)]
    r = fc.simulate_groups(t, inside, [2**20])
    assert r.shared == ()
    assert all(g.together == g.alone and g.together_algbw == Fraction(3600, 7)
               for g in r.groups)


def test_a_multigroup_object_and_files(pairs, tmp_path):
    """``schedules`` may be an object with ``.schedules`` (the multi-group schedule) or
    schedule file paths."""
    t, a, b = pairs

    class Multi:
        schedules = (a, b)

    class Named(Multi):
        groups = (Group(a.compute_nodes, name="left"), Group(b.compute_nodes, name="right"))

    a.save(tmp_path / "a.json")
    by_object = simulate_groups(t, Multi(), [M])
    by_path = simulate_groups(t, [str(tmp_path / "a.json"), b], [M])
    assert by_object == by_path == simulate_groups(t, [a, b], [M])
    assert [g.name for g in simulate_groups(t, Named(), [M]).groups] == ["left", "right"]


def test_bad_calls_name_the_argument(pairs):
    t, a, b = pairs
    with pytest.raises(UsageError, match="schedules: no schedule"):
        simulate_groups(t, [], [M])
    with pytest.raises(UsageError, match="schedules must be a list"):
        simulate_groups(t, a, [M])
    with pytest.raises(UsageError, match="names= must give one non-empty name per schedule"):
        simulate_groups(t, [a, b], [M], names=["x"])
    with pytest.raises(UsageError, match="chunks belongs to the ideal model"):
        simulate_groups(t, [a, b], [M], chunks=4)
    with pytest.raises(UsageError, match="message size"):
        simulate_groups(t, [a, b], [0])
