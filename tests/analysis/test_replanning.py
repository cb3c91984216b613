"""``fc.replan`` (issue 35): after failed or degraded parts, a schedule exactly at the
degraded network's bound, which the verifier calls optimal there; what was lost against
the healthy optimum and the cut that explains it; a forged re-plan that still routes
through a failed part is refused."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.replanning import Replan, replan
from forestcoll_opt.errors import FailureError
from forestcoll_opt.model.faults import degrade, failures, problem
from forestcoll_opt.model.schedule import document_text
from forestcoll_opt.model.topology import from_dict
from tests.randomnets import random_symmetric_network


@pytest.fixture(scope="module")
def healthy():
    topo = fc.resolve("dgx-h100:boxes=2")
    return topo, fc.generate(topo)


def test_a_failed_nic(healthy):
    topo, sched = healthy
    r = replan(topo, sched, failures="nic:box0/gpu3")
    # the 21 trees that avoid gpu3's NIC kept as they were, the 6 others repaired
    assert isinstance(r, Replan) and r.method == "repaired" and r.note == ""
    assert (r.kept, r.trees_avoiding, r.trees) == (21, 21, 27) and r.ratio == 1
    assert (r.given_up, r.rebuilt, r.to_dict()["given_up"]) == (0, 6, 0)
    # box0/gpu3 keeps only its NVLink (450 GB/s) to receive the other 15 shards:
    # x* = 450/15 = 30, algbw = 16 x 30 = 480, against 1600/3 healthy: 10% lost
    assert r.optimum == r.algbw == Fraction(480) == fc.bound(degrade(topo, "nic:box0/gpu3")).algbw
    assert r.healthy == Fraction(1600, 3) and r.lost == Fraction(1, 10)
    assert r.status == "optimal"
    assert r.cut_text == "every compute node but box0/gpu3"
    assert r.cut_bandwidth == 450
    assert r.schedule.topology == "dgx-h100-2 without nic:box0/gpu3"
    assert repr(r) == ("Replan(allgather, nic:box0/gpu3: repaired, algbw=480 GB/s "
                       "(10.00% lost), optimal)")
    assert r._repr_html_().startswith("<div><b>Replan · allgather after 1 failure(s)</b>")
    # the document the verifier read is the schedule's, written as to_json writes it
    assert document_text(r.document) == r.schedule.to_json()


def test_a_dual_port_nic_that_lost_a_port_and_several_failures(healthy):
    topo, sched = healthy
    half = replan(topo, sched, failures="nic:box0/gpu3=1/2")
    # box0/gpu3 receives 450 + 25 GB/s: x* = 475/15, algbw = 16 x 475/15 = 1520/3
    assert half.algbw == half.optimum == Fraction(1520, 3) and half.status == "optimal"
    assert half.lost == Fraction(1, 20)
    both = replan(topo, sched, failures=["nic:box0/gpu3", "link:box1/gpu2--rail2"])
    assert both.failures == ("nic:box0/gpu3", "link:rail2--box1/gpu2")
    assert both.algbw == fc.bound(degrade(topo, both.failures)).algbw == 480
    assert both.status == "optimal"
    # the healthy trees that never touch a failed part: fewer with two failures
    assert 0 < both.trees_avoiding < half.trees_avoiding < half.trees == sched.num_trees
    # a degraded NIC: a tree over it may be kept, so the clear ones given up are not told
    assert half.degraded_parts and half.given_up is None
    assert not both.degraded_parts and both.given_up == both.trees_avoiding - both.kept


def test_trees_clear_of_the_failures_given_up_for_room(healthy):
    """Two rail cables of box0: 17 trees avoid both, 9 are kept; the repair gave up the 8
    others, whose routes took room the 10 trees crossing a cable needed."""
    topo, sched = healthy
    r = replan(topo, sched, failures=["link:rail0--box0/gpu0", "link:rail1--box0/gpu1"])
    assert (r.trees_avoiding, r.kept, r.given_up, r.rebuilt) == (17, 9, 8, 18)
    assert "8 clear ones given up for the room the others need" in r._repr_html_()


def test_a_failure_that_cuts_a_box_off_is_refused(healthy):
    topo, sched = healthy
    with pytest.raises(FailureError, match="disconnect box 0"):
        replan(topo, sched, failures=[f"nic:box0/gpu{i}" for i in range(8)])


def test_a_forged_replan_through_the_failed_nic_is_refused(healthy):
    topo, sched = healthy
    degraded = degrade(topo, "nic:box0/gpu3")
    forged = replan(topo, sched, failures="nic:box0/gpu3").schedule
    # the healthy schedule claimed for the degraded network: it still uses rail3 <-> gpu3
    claimed = replace(sched, topology=degraded.name, algbw=Fraction(480))
    verdict = fc.verify(degraded, claimed)
    assert verdict.status == "invalid"
    assert any("rail3" in r and "box0/gpu3" in r for r in verdict.reasons)
    assert fc.verify(degraded, forged).status == "optimal"


@pytest.mark.parametrize("seed", range(6))
def test_random_symmetric_networks_with_random_failures(seed):
    data = random_symmetric_network(seed)
    topo = from_dict(data)
    rng = random.Random(f"replan-{seed}")
    sched = fc.generate(topo, symmetry=True)
    usable = [f for f in failures(topo, ["link", "nic"]) if problem(topo, f) is None]
    picked = rng.sample(usable, min(2, len(usable)))
    ids = [f.id for f in picked]
    if rng.random() < 0.5:             # one of them degraded rather than removed
        ids[0] += "=1/2"
    degraded = degrade(topo, ids) if problem(topo, [p for p in picked]) is None else None
    if degraded is None:
        ids = ids[:1]
        degraded = degrade(topo, ids)
    r = replan(topo, sched, failures=ids, symmetry=True)
    assert r.method in ("kept", "repaired", "repacked")
    assert r.algbw == r.optimum == fc.bound(degraded).algbw
    assert fc.verify(degraded, r.schedule).status == "optimal" == r.status
    assert r.lost == 1 - r.optimum / fc.bound(topo).algbw


def test_an_unbalanced_remainder_gets_its_bound_and_a_schedule_on_a_balanced_part():
    # a directed triangle a -> b -> c -> a at 2 and its reverse at 1: losing the cable a--b
    # leaves a with 2 in, 1 out. The cut bound left: {a} sends only its 1 GB/s (to c)
    # for the 2 others, x* = 1/2, algbw = 3 x 1/2 = 3/2 GB/s. The largest balanced part
    # lowers b -> c and c -> a to 1 (b has 1 GB/s too much out, a too much in, and
    # b -> c -> a is the only way from one to the other): a <-> c and b <-> c at 1, whose
    # optimum is the same 3/2, so the schedule reaches the bound (ratio 1)
    topo = from_dict({
        "format": "forestcoll-topology/1", "name": "asym", "units": "GB/s",
        "nodes": [{"id": v, "kind": "compute"} for v in "abc"],
        "links": [{"src": u, "dst": v, "bandwidth": w} for u, v, w in (
            ("a", "b", 2), ("b", "c", 2), ("c", "a", 2),
            ("a", "c", 1), ("c", "b", 1), ("b", "a", 1))]})
    sched = fc.generate(topo)
    assert sched.algbw == Fraction(9, 2)
    r = replan(topo, sched, failures="link:a--b")
    assert r.method == "balanced" and r.status == "optimal"
    assert r.optimum == r.algbw == Fraction(3, 2) and r.ratio == 1
    assert r.lost == Fraction(2, 3)
    assert r.topology == "asym without link:a--b (balanced)"
    assert r.note.startswith("The network left is unbalanced (node a: ingress 2 != egress 1 "
                             "GB/s): its cut bound 3/2 (1.500) GB/s limits every schedule")
    assert r.note.endswith("(2 link(s) lowered, 4 of 6 GB/s kept) at 3/2 (1.500) GB/s, "
                           "exactly 1 (100.00%) of the bound")
    # cut off rather than unbalanced: still refused, with the bound
    with pytest.raises(FailureError, match="disconnect a"):
        replan(topo, sched, failures=["link:a--b", "link:a--c"])


def test_a_degraded_link_the_schedule_never_fills_keeps_the_schedule():
    # on the paper's example the healthy schedule loads box0/switch <-> box0/c0 to 3/5 of
    # its bandwidth in both directions: at 3/5 it still fits, so the schedule is kept, at
    # the healthy optimum (nothing lost); below, the trees crossing it are repaired
    topo = fc.resolve("paper-example")
    sched = fc.generate(topo)
    kept = replan(topo, sched, failures="link:box0/switch--box0/c0=3/5")
    assert kept.method == "kept" and kept.lost == 0 and kept.status == "optimal"
    assert kept.schedule.trees == sched.trees and kept.algbw == sched.algbw
    assert kept.trees_avoiding < kept.trees      # it does use the degraded link
    assert kept.healthy_algbw == kept.healthy == 8 and kept.healthy_ratio == 1
    less = replan(topo, sched, failures="link:box0/switch--box0/c0=1/2")
    assert less.method == "repaired" and less.status == "optimal"
    assert less.algbw == fc.bound(degrade(topo, "link:box0/switch--box0/c0=1/2")).algbw


def test_a_failed_box_is_regenerated_and_says_why(healthy):
    topo, sched = healthy
    r = replan(topo, sched, failures="link:box0/gpu3--rail3")
    assert r.method == "repaired"
    gone = replan(topo, sched, failures="box:1")
    assert gone.method == "regenerated" and gone.kept == 0
    assert gone.note == "the failures removed compute nodes"
    assert gone.status == "optimal"


def test_an_invalid_healthy_schedule_is_refused_not_half_kept(healthy):
    """A healthy schedule with a tree cut short (it no longer reaches three GPUs): the tree
    avoids the failed NIC, so the repair once kept it as it was and returned an invalid
    re-plan (status "invalid", written with exit 0 by the CLI). And a schedule whose claim
    is forged (algbw 10000) was re-planned as if sound. Both are refused now."""
    from forestcoll_opt.errors import ScheduleError
    from forestcoll_opt.model.schedule import from_dict as schedule_from_dict
    topo, sched = healthy
    doc = sched.to_dict()
    cut = dict(doc, trees=[dict(doc["trees"][0], edges=doc["trees"][0]["edges"][:-3])]
               + doc["trees"][1:])
    with pytest.raises(ScheduleError, match=r"^the healthy schedule is not valid on "
                                            r"dgx-h100-2 \(tree #0 \(root box0/gpu0\): does "
                                            r"not reach "):
        replan(topo, schedule_from_dict(cut), failures="nic:box0/gpu3")
    claimed = dict(doc, algbw="10000")
    with pytest.raises(ScheduleError, match=r"\"algbw\" claims 10000 but the link loads "
                                            r"give 1600/3"):
        replan(topo, schedule_from_dict(claimed), failures="nic:box0/gpu3")


TRIANGLE = {"format": "forestcoll-topology/1", "name": "tri", "units": "GB/s",
            "nodes": [{"id": "a"}, {"id": "b"}, {"id": "s", "kind": "switch"}],
            "links": [{"src": u, "dst": v, "bandwidth": 10, "bidirectional": True}
                      for u, v in (("a", "b"), ("a", "s"), ("s", "b"))]}
DIRECT = {"format": "forestcoll-schedule/1", "collective": "allgather", "topology": "tri",
          "units": "GB/s", "compute_nodes": ["a", "b"], "k": 1, "tree_bandwidth": "10",
          "algbw": "20",
          "trees": [{"root": "a", "weight": 1, "edges": [{"src": "a", "dst": "b",
                                                          "path": ["a", "b"]}]},
                    {"root": "b", "weight": 1, "edges": [{"src": "b", "dst": "a",
                                                          "path": ["b", "a"]}]}]}


def test_a_healthy_schedule_below_the_optimum_is_kept_and_says_so():
    """Two GPUs joined directly and through a switch (40 GB/s allgather optimum); the
    healthy schedule uses the direct link only, at 20 GB/s, half the optimum. The switch
    failing takes the optimum down to 20 GB/s: the schedule is kept unchanged, optimal on
    the degraded network, but it was not optimal before (the CLI once said "still
    optimal"): healthy_ratio says 1/2."""
    from forestcoll_opt.model.schedule import from_dict as schedule_from_dict
    from forestcoll_opt.model.topology import from_dict as topology_from_dict
    topo, sched = topology_from_dict(TRIANGLE), schedule_from_dict(DIRECT)
    for failure in ("switch:s", "link:a--s"):
        r = replan(topo, sched, failures=failure)
        assert (r.method, r.status, r.kept, r.trees_avoiding) == ("kept", "optimal", 2, 2)
        assert (r.healthy, r.healthy_algbw, r.healthy_ratio) == (40, 20, Fraction(1, 2))
        assert r.algbw == r.optimum == 20 and r.lost == Fraction(1, 2)
        assert r.to_dict()["healthy_algbw"] == "20"
    # a degraded link it does not use: the optimum 30 GB/s is above it, so it is repaired
    r = replan(topo, sched, failures="link:a--s=1/2")
    assert (r.method, r.algbw, r.healthy_ratio) == ("repaired", 30, Fraction(1, 2))
