"""A process group's exact optimum with the other compute nodes relaying and switched off
(analysis/group_bound.py), pinned on the paper's 8+8 MI250 setting, on DGX H100 and on
random networks against a brute force over every cut."""

import random
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.model.groups import restrict
from forestcoll_opt.verify import bound_of, verify
from randomnets import brute_force_bound, random_network


def test_mi250_8_plus_8_relays_vs_switched_off():
    # The paper's 8+8 setting ("we only enable GPUs 0~7 in each box", section MI250
    # Experiments): GCDs 0-7 of both boxes. The bottleneck is the pair GCD0, GCD1 of box 0
    # (their 200 GB/s link is inside the cut's complement) with 14 members outside it.
    # With relays, GCD0 takes in gcd4 100 + gcd8 50 + ib 16 = 166 and GCD1 gcd5 50 + gcd9
    # 50 + gcd10 50 + ib 16 = 166: x* = 332 / 14, algbw = 16 x* = 2656/7. Switched off,
    # gcd8, gcd9, gcd10 are gone: 116 + 66 = 182, x* = 13, algbw 208.
    g = fc.group_bound("mi250:boxes=2", "box*/gcd[0-7]")
    assert len(g.members) == 16 and g.num_compute == 32
    assert g.relayed.algbw == Fraction(2656, 7) and g.switched_off.algbw == 208
    assert g.gain == Fraction(166, 91)
    assert (g.relayed.cut_compute, g.relayed.cut_bandwidth) == (14, 332)
    assert (g.switched_off.cut_compute, g.switched_off.cut_bandwidth) == (14, 182)
    assert set(g.relayed.cut) & {"box0/gcd0", "box0/gcd1"} == set()
    # the whole 2-box MI250 (16+16) is the paper's 354 GB/s (5312/15)
    assert fc.bound("mi250:boxes=2").algbw == Fraction(5312, 15)
    assert g.lines[1:] == ("  others relaying:     algbw 2656/7 (379.429) GB/s",
                           "  others switched off: algbw 208 GB/s",
                           "  gain of relaying:    x166/91 (1.824)")


def test_mi250_8_plus_8_schedules_verify_at_both_bounds():
    t = fc.resolve("mi250:boxes=2")
    relayed = fc.generate(t, group="box*/gcd[0-7]")
    assert fc.verify(t, relayed).status == "optimal" and relayed.algbw == Fraction(2656, 7)
    off = fc.generate(t, group="box*/gcd[0-7]", relay=False)
    assert off.algbw == 208
    v = fc.verify(t, off)     # judged for the group on the whole network: below the relays
    assert v.status == "below" and v.ratio == Fraction(91, 166)
    assert v.bound_algbw == Fraction(2656, 7)


def test_dgx_h100_gpu0_of_each_box():
    # relays: GPU 0 of a box reaches all 8 NICs of its box through the NVSwitch (8 x 50
    # each way), 2 members: algbw = 2 x 400 = 800 (tests/model/test_groups.py); switched
    # off, GPU 0 has its own 50 GB/s NIC: algbw = 2 x 50 = 100
    g = fc.group_bound("dgx-h100:boxes=2", "box*/gpu0")
    assert (g.relayed.algbw, g.switched_off.algbw, g.gain) == (800, 100, 8)
    assert g.to_dict() == {"members": ["box0/gpu0", "box1/gpu0"], "of": 16,
                           "relayed_algbw": "800", "switched_off_algbw": "100",
                           "switched_off_problem": None, "gain": "8"}
    assert repr(g) == ("GroupBound(allgather, 2 of 16 on 'dgx-h100-2': relayed=800, "
                       "switched_off=100, gain=8)")
    assert "GroupBound · allgather" in g._repr_html_()


def test_an_unbalanced_remainder_gives_no_number():
    # a -> x -> b -> a (a directed cycle through the non-member x, 1 GB/s) and a--b
    # (1 each way): switching x off leaves a with 1 out and 2 in
    t = fc.from_dict({"format": "forestcoll-topology/1", "name": "tri", "nodes": [
        {"id": v, "kind": "compute"} for v in ("a", "b", "x")], "links": [
        {"src": "a", "dst": "x", "bandwidth": 1}, {"src": "x", "dst": "b", "bandwidth": 1},
        {"src": "b", "dst": "a", "bandwidth": 1},
        {"src": "a", "dst": "b", "bandwidth": 1, "bidirectional": True}]})
    g = fc.group_bound(t, "a,b")
    # with x relaying: a sends 1 direct + 1 via x, b sends 1 + 1 back: x* = 2, algbw 4;
    # {b} has b->a twice (1 + 1) = 2
    assert g.relayed.algbw == 4
    assert g.switched_off is None and g.gain is None
    assert "unbalanced" in g.switched_off_problem
    assert g.lines[-1].startswith("  others switched off: no bound: leaves node 'a' "
                                  "unbalanced (ingress 2 != egress 1")
    assert g.to_dict()["switched_off_algbw"] is None


def _group_bound_by_hand(data, members):
    """min over node sets S holding a member and missing one of B+(S) / |S ∩ members|,
    times |members|: the bound with every other compute node a switch."""
    return len(set(members)) / brute_force_bound(data, members)


@pytest.mark.parametrize("seed", range(12))
def test_random_group_bound_is_the_brute_force_cut_and_schedules_reach_it(seed):
    data = random_network(seed, max_compute=6, max_switch=3)
    t = fc.from_dict(data)
    rng = random.Random(seed)
    size = rng.randint(2, len(t.compute_nodes))
    members = tuple(sorted(rng.sample(t.compute_nodes, size), key=t.compute_nodes.index))
    want = _group_bound_by_hand(data, members)
    assert fc.bound(t, group=list(members)).algbw == want
    # the verifier's own bound on its own view of the group's network agrees
    assert bound_of(restrict(t, members), "allgather").algbw == want
    for collective in ("allgather", "reduce-scatter"):
        s = fc.generate(t, group=list(members), collective=collective)
        assert s.process_group == (size < len(t.compute_nodes))
        v = verify(t, s.to_dict())           # the verifier, no group= given
        assert v.status == "optimal" and v.algbw == want, (seed, collective, v)


@pytest.mark.parametrize("seed", range(6))
def test_random_whole_group_is_todays_answer(seed):
    t = fc.from_dict(random_network(seed))
    everyone = list(t.compute_nodes)
    assert fc.bound(t, group=everyone) == fc.bound(t)
    assert fc.generate(t, group=everyone).to_json() == fc.generate(t).to_json()
    g = fc.group_bound(t, everyone)
    assert g.relayed == g.switched_off == fc.bound(t) and g.gain == 1
