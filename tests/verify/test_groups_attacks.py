"""Process groups at once, judged by the verifier (forestcoll_opt.verify.groups): the joint
λ recomputed from the summed link loads, pinned by hand, and forged files that must not
pass — groups each optimal alone that overfill a shared link, a λ claimed and not reached,
a group missing, overlapping members, a schedule broken inside one group."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.model.group_schedules import GroupSchedules
from forestcoll_opt.model.groups import Group
from forestcoll_opt.model.numbers import fraction_text
from forestcoll_opt.verify.groups import verify_groups

G = [["a1", "a2"], ["b1", "b2"]]


def uplink_direct():
    """Two leaves under one top switch (uplinks 4 each way); leaf i holds a{i} (link 10)
    and b{i} (link 4); a1 and a2 are also joined directly (4 each way)."""
    nodes = [{"id": v, "kind": "compute"} for v in ("a1", "b1", "a2", "b2")]
    nodes += [{"id": w, "kind": "switch"} for w in ("L1", "L2", "T")]
    links = [{"src": "a1", "dst": "L1", "bandwidth": 10}, {"src": "a2", "dst": "L2", "bandwidth": 10},
             {"src": "b1", "dst": "L1", "bandwidth": 4}, {"src": "b2", "dst": "L2", "bandwidth": 4},
             {"src": "L1", "dst": "T", "bandwidth": 4}, {"src": "L2", "dst": "T", "bandwidth": 4},
             {"src": "a1", "dst": "a2", "bandwidth": 4}]
    for link in links:
        link["bidirectional"] = True
    return fc.from_dict({"format": "forestcoll-topology/1", "name": "uplink-direct",
                         "nodes": nodes, "links": links})


@pytest.fixture(scope="module")
def net():
    return uplink_direct()


@pytest.fixture(scope="module")
def joint(net):
    return fc.generate_concurrent(net, groups=G)


def _alone_document(net, achieved):
    """Each group's own optimal schedule alone (what a group-unaware tool writes), put in
    one file claiming ``achieved``."""
    alone = tuple(fc.generate(net, group=g) for g in G)
    groups = tuple(Group(tuple(g), Fraction(1), f"g{i}") for i, g in enumerate(G))
    return GroupSchedules("allgather", net.name, net.units, groups, alone,
                          Fraction(achieved)).to_dict()


def test_the_joint_optimum_is_reached_and_verified(net, joint):
    # A alone: direct 4 + uplink 4, x = 8, algbw 16; B alone: its links of 4, algbw 8.
    # Together A keeps to the direct link and B to the uplinks: x = 4 each, λ = 8 = upper.
    assert (joint.lower, joint.upper, joint.achieved) == (8, 8, 8) and joint.optimal
    v = fc.verify_concurrent(net, joint)
    assert v.status == "optimal" and v.lam == 8 and v.ratio == 1
    assert [g.together for g in v.groups] == [8, 8]
    assert v.lp_interval == (8, 8)


def test_groups_each_optimal_alone_that_overfill_a_shared_link_are_not_optimal(net):
    # alone, A sends half of each shard over a1->a2 (t = (1/4)/4 = 1/16 per unit of data)
    # and B relays all of its shard over it too (t = (1/2)/4 = 1/8): together that link
    # needs 3/16 per unit of λ, so λ = 16/3, not 8 (and not the 16 and 8 each reach alone)
    for g in G:
        assert fc.verify(net, fc.generate(net, group=g)).status == "optimal"
    claimed = verify_groups(net, _alone_document(net, 8), lp_interval=(8, 8))
    assert claimed.status == "invalid"
    assert any("claims λ = 8 but the summed link loads of every group at once give 16/3" in r
               for r in claimed.reasons)
    honest = verify_groups(net, _alone_document(net, Fraction(16, 3)), lp_interval=(8, 8))
    assert honest.status == "below" and honest.lam == Fraction(16, 3)
    assert honest.ratio == Fraction(2, 3)
    assert honest.busiest == (("a1", "a2", Fraction(3, 16)),)
    assert [g.alone for g in honest.groups] == [16, 8]
    assert [g.together for g in honest.groups] == [Fraction(16, 3)] * 2


def test_a_claimed_lambda_it_does_not_reach_is_invalid(net, joint):
    data = joint.to_dict()
    data["achieved"] = "9"
    v = verify_groups(net, data, lp_interval=(8, 8))
    assert v.status == "invalid" and not v.optimal
    assert v.reasons == ("\"achieved\" claims λ = 9 but the summed link loads of every group "
                         "at once give 8",)
    # the file's "lambda" is not trusted: an interval below what it reaches is a contradiction
    assert verify_groups(net, joint, lp_interval=(7, 7)).status == "contradiction"


@pytest.fixture(scope="module")
def dgx():
    topo = fc.resolve("dgx-h100:boxes=2")
    return topo, fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp")


def test_a_group_missing_is_invalid_against_the_layout(dgx):
    topo, out = dgx
    data = out.to_dict()
    del data["groups"][3]
    v = fc.verify_concurrent(topo, data)        # the file's layout names the 8 groups
    assert v.status == "invalid"
    assert v.reasons == ("a group is missing: the one of 2 members (box0/gpu3, box1/gpu3) "
                         "asked about has no schedule",)
    # without its layout, the file is judged for its own 7 groups, whose optimum is higher:
    # the 8 NICs of a box (50 each way) shared by 7 groups through the NVSwitch, x = 400/7
    # per member, λ = 800/7; the schedules keep to their own NIC (100): below, at 7/8
    del data["layout"]
    # its "lambda" still claims the 8 groups' certified [100, 100], which the 7 groups'
    # [800/7, 800/7] does not meet: a false claim, invalid
    stale = fc.verify_concurrent(topo, data)
    assert stale.status == "invalid"
    assert stale.reasons == ("\"lambda\" claims the certified interval [100, 100], but the "
                             "optimum lies in [800/7, 800/7] (the interval given): the file's "
                             "is not certified",)
    del data["lambda"]
    own = fc.verify_concurrent(topo, data)
    assert own.status == "below" and len(own.groups) == 7
    assert own.lp_interval == (Fraction(800, 7), Fraction(800, 7))
    assert own.ratio == Fraction(7, 8)
    # asked about the mesh explicitly, the missing group shows again
    assert fc.verify_concurrent(topo, data, mesh="dp=2,tp=8", along="dp").status == "invalid"


def test_overlapping_members_are_refused(dgx):
    topo, out = dgx
    data = out.to_dict()
    # group 1 replaced by a genuine schedule of {box0/gpu0, box1/gpu1}: it overlaps group 0
    other = fc.generate(topo, group=["box0/gpu0", "box1/gpu1"]).to_dict()
    data["groups"][1]["schedule"] = other
    v = fc.verify_concurrent(topo, data)
    assert v.status == "invalid"
    assert "group 'dp[tp=1]' is not one of the groups asked about (its members differ from " \
           "every one of them)" in v.reasons
    assert any(r.startswith("a group is missing: the one of 2 members (box0/gpu1, box1/gpu1)")
               for r in v.reasons)
    # the same members twice: group 0's schedule under group 1's name
    data["groups"][1]["schedule"] = copy.deepcopy(data["groups"][0]["schedule"])
    v = fc.verify_concurrent(topo, data)
    assert "group 'dp[tp=1]' has the same members as group 'dp[tp=0]'" in v.reasons


def test_a_broken_group_schedule_is_named(dgx):
    topo, out = dgx
    data = out.to_dict()
    data["groups"][2]["schedule"]["trees"] = data["groups"][2]["schedule"]["trees"][1:]
    v = fc.verify_concurrent(topo, data)
    assert v.status == "invalid" and v.lam is None
    assert all(r.startswith("group 'dp[tp=2]': ") for r in v.reasons)


def test_a_changed_weight_is_refused(dgx):
    topo, out = dgx
    data = out.to_dict()
    data["groups"][0]["weight"] = "2"
    v = fc.verify_concurrent(topo, data)
    assert v.reasons == ("a group of 2 has weight 2, asked about with weight 1",)


def test_validity_only_without_an_interval(net, joint):
    v = verify_groups(net, joint)
    assert v.status == "valid" and v.lam == 8 and v.ratio is None
    assert "GroupsVerdict(valid, 2 groups λ=8)" == repr(v)


def test_a_concurrent_allreduce_group_is_refused():
    # its phases share every link at once, so there is no reduce-scatter window to align
    # with the other groups': a reason, even with its algbw claimed right
    topo = fc.resolve("dgx-h100:boxes=2")
    out = fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp", collective="allreduce")
    data = out.to_dict()
    sched = data["groups"][0]["schedule"]
    sched["concurrent"] = True
    sched["algbw"] = fraction_text(fc.verify(topo, sched, validity_only=True).algbw)
    assert fc.verify(topo, sched, validity_only=True).status == "valid"
    v = verify_groups(topo, data, lp_interval=(50, 50))
    assert v.status == "invalid" and v.reasons == (
        "group 'dp[tp=0]': a concurrent allreduce (both phases at once) cannot align its "
        "phases with the other groups'",)


@pytest.mark.parametrize("garbage", [None, 0, -1, "x", [], {}, [1], {"a": 1}, 1.5, True])
def test_garbage_anywhere_is_a_reason_never_a_crash(net, joint, garbage):
    data = joint.to_dict()
    places = [(data, k) for k in data] + [(data["groups"][0], k) for k in data["groups"][0]] \
        + [(data["groups"][1]["schedule"], k) for k in data["groups"][1]["schedule"]]
    for obj, key in places:
        bad = copy.deepcopy(data)
        target = bad if obj is data else (bad["groups"][0] if obj is data["groups"][0]
                                          else bad["groups"][1]["schedule"])
        target[key] = garbage
        v = verify_groups(net, bad, lp_interval=(8, 8))
        assert v.status in ("invalid", "optimal", "below"), (key, garbage)
        informative = key in ("topology", "name") and isinstance(garbage, str)
        if not informative and key in (
                "format", "collective", "topology", "units", "layout", "lambda", "achieved",
                "groups", "name", "weight", "schedule", "process_group", "compute_nodes",
                "trees"):
            assert v.status == "invalid", (key, garbage, v)


def test_a_group_schedules_file_given_to_the_one_schedule_verifier_says_where_it_goes(tmp_path):
    # fc.verify judges one schedule; a file of several groups' schedules is invalid there,
    # and the first reason names the function (and command) that judges it
    import forestcoll_opt as fc

    path = tmp_path / "dp.json"
    fc.generate_concurrent("dgx-h100:boxes=2", mesh="dp=2,tp=8", along="dp").save(path)
    v = fc.verify("dgx-h100:boxes=2", str(path))
    assert v.status == "invalid"
    assert v.reasons[0].startswith('"format" is "forestcoll-group-schedules/1": several '
                                   "process groups' schedules at once, judged together by "
                                   "verify_concurrent")


def test_a_forged_lambda_interval_is_invalid_not_a_note(net, joint):
    """The file's "lambda" claims the certified optimum. It was once only a note when it
    disagreed with the interval given, so a file claiming [9, 9] for schedules at the
    certified optimum 8 came out OPTIMAL. Two certified intervals of one optimum always
    meet; a claimed interval upside down, or below what the schedules reach, is false on
    its face, without any reference."""
    data = joint.to_dict()
    data["lambda"] = {"lower": "9", "upper": "9"}
    v = verify_groups(net, data, lp_interval=(8, 8))
    assert v.status == "invalid" and v.lam == 8 and v.ratio == 1
    assert v.reasons == ("\"lambda\" claims the certified interval [9, 9], but the optimum "
                         "lies in [8, 8] (the interval given): the file's is not certified",)
    data["lambda"] = {"lower": "15/2", "upper": "17/2"}       # meets [8, 8]: a note only
    assert verify_groups(net, data, lp_interval=(8, 8)).status == "optimal"
    data["lambda"] = {"lower": "9", "upper": "7"}
    v = verify_groups(net, data)
    assert v.status == "invalid"
    assert v.reasons == ("\"lambda\" claims the interval [9, 7], whose lower end is above its "
                         "upper",)
    data["lambda"] = {"lower": "7", "upper": "7"}
    assert verify_groups(net, data).reasons == (
        "\"lambda\" claims the optimum is at most 7, but the schedules reach λ = 8 together",)


@pytest.mark.parametrize("value, reason", [
    ("no", "\"relay\" must be true or false, found \"no\""),
    (0, "\"relay\" must be true or false, found 0"),
])
def test_a_malformed_relay_claim_is_a_reason(net, joint, value, reason):
    data = joint.to_dict()
    data["relay"] = value
    v = verify_groups(net, data, lp_interval=(8, 8))
    assert v.status == "invalid" and reason in v.reasons


def test_relay_false_refuses_a_path_through_another_gpu_and_takes_an_alltoall_claim_not(net):
    # the joint witness routes {b1, b2} over a1 -> a2 (docs/how-it-works/groups.md)
    data = fc.generate_concurrent(net, groups=G).to_dict()
    data["relay"] = False
    v = verify_groups(net, data, lp_interval=(8, 8))
    assert v.status == "invalid"
    assert v.reasons == ("group 'g1': its schedule passes through 2 compute node(s) outside "
                         "the group (a1, a2), but the file says \"relay\": false",)
    # the same groups without relays: valid, judged against the interval given
    clean = fc.generate_concurrent(net, groups=G, relay=False).to_dict()
    assert verify_groups(net, clean, lp_interval=(8, 8)).status == "optimal"
    a2a = fc.generate_concurrent(net, groups=G, collective="alltoall").to_dict()
    a2a["relay"] = False
    v = verify_groups(net, a2a)
    assert v.status == "invalid" and any("all-to-all" in r for r in v.reasons)
