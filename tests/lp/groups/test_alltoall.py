"""All-to-all groups at once (forestcoll_opt.lp.groups.alltoall): the joint optimum as the
all-to-all LP with the groups' block demand, pinned by hand, by an independent plain
multi-commodity LP written here, and by the verifier on the schedules it writes."""

import copy
from fractions import Fraction

import pulp
import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import GroupError
from forestcoll_opt.lp import concurrent
from forestcoll_opt.lp.groups.alltoall import alltoall_demand
from forestcoll_opt.model.groups import Group

from tests.lp.groups.test_groups import _ring, _uplink
from tests.randomnets import random_network


def test_two_groups_on_a_ring_halve_each_other():
    # {v0,v2} alone: v0 -> v2 over both 2-link paths, rate 2 per pair, algbw N·rate = 4;
    # together the four pairs' flows take 2 link units each of the ring's 8: rate 1, λ = 2
    r = concurrent(_ring(), groups=[["v0", "v2"], ["v1", "v3"]], collective="alltoall")
    assert r.collective is fc.Collective.ALLTOALL
    assert (r.lower, r.upper) == (2, 2) and r.exact
    assert [row.alone for row in r.rows] == [4, 4]
    assert [row.together_lower for row in r.rows] == [row.scheduled for row in r.rows] == [2, 2]
    assert [row.contention for row in r.rows] == [Fraction(1, 2)] * 2
    # every link priced is full at the witness (complementary slackness); here each group
    # can take one direction of the ring, so the witness's classes may be disjoint
    ring = _ring()
    for e in r.contended:
        assert sum(share.get(e, 0) for share in r.shares[0]) == ring.capacity[e]
    used = [set(share) for share in r.shares[0]]
    assert (len(r.independent) == 2) == (not used[0] & used[1])


@pytest.mark.parametrize("weights, lam", [((1, 1), 4), ((3, 1), 2)])
def test_two_groups_sharing_one_uplink(weights, lam):
    # a1 -> a2 and b1 -> b2 both cross L1 -> T -> L2 (4 each way): alone a pair runs at 4,
    # algbw 2·4 = 8; together group g's pairs run at λ·w_g/2, so λ·(w_a + w_b)/2 <= 4
    t = _uplink()
    r = concurrent(t, groups=[{"members": ["a1", "a2"], "weight": weights[0]},
                              {"members": ["b1", "b2"], "weight": weights[1]}],
                   collective="alltoall")
    assert (r.lower, r.upper) == (lam, lam)
    assert [row.alone for row in r.rows] == [8, 8]
    assert [row.together_upper for row in r.rows] == [lam * w for w in weights]
    # the dual prices an uplink (one direction is enough), which both groups use
    assert r.contended and set(r.contended) <= {("L1", "T"), ("L2", "T")}
    assert r.shared == r.contended


def test_the_block_demand():
    d = alltoall_demand([Group(("a", "b", "c"), Fraction(3), "x"), Group(("a", "d"), 1, "y")])
    assert d == {"a": {"b": 1, "c": 1, "d": Fraction(1, 2)}, "b": {"a": 1, "c": 1},
                 "c": {"a": 1, "b": 1}, "d": {"a": Fraction(1, 2)}}


def _plain_lambda(data, groups):
    """λ by a plain edge-based multi-commodity LP: a commodity per ordered pair of a group,
    its rate λ·w_g/N_g; links' capacities shared by every commodity."""
    t = fc.from_dict(data)
    caps = {e: float(c) for e, c in t.capacity.items()}
    nodes = list(t.node_ids)
    prob = pulp.LpProblem("plain", pulp.LpMaximize)
    lam = prob.add_variable("lam", lowBound=0)
    prob += lam
    use = {e: [] for e in caps}
    k = 0
    for members, w in groups:
        for s in members:
            for t in members:
                if s == t:
                    continue
                f = {e: prob.add_variable(f"f{k}_{i}", lowBound=0) for i, e in enumerate(caps)}
                k += 1
                for v in nodes:
                    out = pulp.lpSum(f[e] for e in caps if e[0] == v)
                    inn = pulp.lpSum(f[e] for e in caps if e[1] == v)
                    rate = lam * (float(w) / len(members))
                    prob += out - inn == (rate if v == s else -rate if v == t else 0)
                for e in caps:
                    use[e].append(f[e])
    for e, c in caps.items():
        prob += pulp.lpSum(use[e]) <= c
    prob.solve(pulp.HiGHS(msg=False))
    return pulp.value(lam)


@pytest.mark.parametrize("seed", range(6))
def test_lambda_agrees_with_a_plain_multicommodity_lp(seed):
    data = random_network(seed, max_compute=5)
    compute = [n["id"] for n in data["nodes"] if n["kind"] == "compute"]
    if len(compute) < 4:
        groups = [(compute, 1)]
    else:
        groups = [(compute[:2], 2), (compute[2:], 1)]
    t = fc.from_dict(data)
    r = concurrent(t, groups=[{"members": m, "weight": w} for m, w in groups],
                   collective="alltoall")
    plain = _plain_lambda(data, groups)
    assert float(r.lower) - 1e-6 <= plain <= float(r.upper) + 1e-6
    assert r.lower <= r.upper


def test_schedules_verified_together_and_forgeries_refused():
    h100 = fc.resolve("dgx-h100:boxes=2")
    out = fc.generate_concurrent(h100, mesh="dp=2,tp=8", along="tp", collective="alltoall")
    assert out.achieved == out.lower == out.upper == Fraction(3600, 7)
    assert all(s.process_group and s.format == "forestcoll-schedule/5" for s in out.schedules)
    v = fc.verify_concurrent(h100, out, lp_interval=(out.lower, out.upper))
    assert v.status == "optimal" and v.lam == Fraction(3600, 7)
    doc = out.to_dict()
    forged = copy.deepcopy(doc)                 # a pair's route dropped: not delivered
    forged["groups"][0]["schedule"]["routes"].pop()
    assert fc.verify_concurrent(h100, forged, lp_interval=(out.lower, out.upper)).status == \
        "invalid"
    forged = copy.deepcopy(doc)                 # a better λ claimed than the loads give
    forged["achieved"] = "4000/7"
    v = fc.verify_concurrent(h100, forged, lp_interval=(out.lower, out.upper))
    assert v.status == "invalid" and any("\"achieved\" claims" in r for r in v.reasons)
    # the data-parallel pairs: 100 together (every GPU's NIC), 800 each alone
    dp = fc.generate_concurrent(h100, mesh="dp=2,tp=8", along="dp", collective="alltoall")
    assert dp.achieved == dp.upper == 100
    assert {s.algbw for s in dp.schedules} == {100}


def test_overlapping_groups_get_a_bound_but_no_schedules():
    t = _ring()
    groups = [["v0", "v1", "v2"], ["v2", "v3"]]
    r = concurrent(t, groups=groups, collective="alltoall")
    assert r.lower > 0
    with pytest.raises(GroupError, match="share 'v2'"):
        fc.generate_concurrent(t, bound=r)
