"""A failure that leaves an unbalanced network (analysis/balanced.py, issue 35): its cut
bound, the largest balanced sub-network (the most bandwidth kept; checked against an
independent LP and by hand), the optimal schedule there, the verifier's verdict, and the
schedule's exact ratio to the bound."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy.optimize import linprog

import forestcoll_opt as fc
from forestcoll_opt.analysis.balanced import (BalancedSchedule, algbw_on, balanced_subnetwork,
                                              best_on_balanced, largest_balanced)
from forestcoll_opt.errors import FailureError
from forestcoll_opt.model.faults import failures, remaining, unbalanced
from forestcoll_opt.model.topology import from_dict
from tests.randomnets import brute_force_bound, random_network

RING = {"format": "forestcoll-topology/1", "name": "ring4", "units": "GB/s",
        "nodes": [{"id": "s", "kind": "switch"}] + [{"id": v, "kind": "compute"}
                                                     for v in "abcd"],
        "links": [{"src": v, "dst": "s", "bandwidth": w, "bidirectional": True}
                  for v, w in zip("abcd", (2, 1, 1, 1))]
        + [{"src": u, "dst": v, "bandwidth": 1} for u, v in zip("abcd", "bcda")]}


def test_the_largest_balanced_part_by_hand():
    # a star around s (a at 2, the others at 1, both ways) and the one-way ring
    # a -> b -> c -> d -> a at 1. Without a -> b, a has 1 GB/s too much in and b 1 too
    # much out: 1 GB/s must be given up along a way from b to a, b -> s -> a (2 links)
    # rather than b -> c -> d -> a (3): 13 GB/s left, 11 kept
    topo = from_dict(RING)
    nodes, capacity = remaining(topo, fc.model.faults.parse_part(topo, "link:a--b"))
    kept = largest_balanced(nodes, capacity)
    assert {e: c for e, c in capacity.items() if kept.get(e, 0) != c} == {
        ("s", "a"): 2, ("b", "s"): 1}
    assert kept[("s", "a")] == 1 and ("b", "s") not in kept
    assert sum(kept.values()) == 11 and unbalanced(nodes, kept) is None
    sub = balanced_subnetwork(topo, "link:a--b")
    assert sub.name == "ring4 without link:a--b (balanced)"
    assert sub.capacity == kept


def test_best_on_balanced_on_the_ring():
    topo = from_dict(RING)
    r = best_on_balanced(topo, "link:a--b")
    assert isinstance(r, BalancedSchedule) and r.status == "optimal"
    # the cut bound left: without a -> b, b receives from s alone, at 1 GB/s, the 3 other
    # shards (S = every node but b: 3 compute nodes, 1 GB/s out): x* = 1/3, algbw 4/3;
    # the balanced part keeps s -> b, so its schedule reaches the bound
    data = dict(RING, links=[l for l in RING["links"]
                             if {l["src"], l["dst"]} != {"a", "b"}])
    assert brute_force_bound(data) == 3
    assert r.bound == Fraction(4, 3) == r.algbw == r.optimum and r.ratio == 1
    assert (r.kept, r.total) == (11, 13) and len(r.lowered) == 2
    assert r.unbalanced == ("a", 3, 2)


def test_a_balanced_part_below_the_bound():
    # random network 3 without its cable c0--w0: the largest balanced part lowers 3 links,
    # and its optimum, 3/4 GB/s, is exactly half the cut bound left, 3/2
    data = random_network(3, asymmetric=True)
    topo = from_dict(data)
    r = best_on_balanced(topo, "link:c0--w0")
    assert (r.bound, r.algbw, r.ratio) == (Fraction(3, 2), Fraction(3, 4), Fraction(1, 2))
    assert len(r.lowered) == 3 and r.status == "optimal"
    assert r.statement.endswith("at 3/4 (0.750) GB/s, exactly 1/2 (50.00%) of the bound")
    assert repr(r) == ("BalancedSchedule(allgather, 3 link(s) lowered, algbw=3/4 GB/s = 1/2 "
                       "of the bound 3/2)")
    # the verifier's algbw on the sub-network; on the network left, at least as much
    assert fc.verify(r.subnetwork, r.schedule).algbw == r.optimum <= r.algbw


def _lp_largest(nodes, capacity) -> Fraction:
    """max Σ c'_e with 0 <= c' <= c and every node balanced, by HiGHS (scipy), an
    algorithm that shares nothing with the min-cost flow."""
    edges = list(capacity)
    rows = [[(1 if e[1] == v else 0) - (1 if e[0] == v else 0) for e in edges] for v in nodes]
    res = linprog([-1] * len(edges), A_eq=rows, b_eq=[0] * len(nodes),
                  bounds=[(0, float(capacity[e])) for e in edges], method="highs")
    return Fraction(-res.fun).limit_denominator(1000)


@pytest.mark.parametrize("seed", range(12))
def test_random_unbalanced_remainders(seed):
    data = random_network(seed, asymmetric=True)
    topo = from_dict(data)
    for f in failures(topo, ["link"]):
        nodes, capacity = remaining(topo, f)
        if unbalanced(nodes, capacity) is not None:
            break
    else:
        pytest.skip("no failure leaves this network unbalanced")
    kept = largest_balanced(nodes, capacity)
    assert unbalanced(nodes, kept) is None
    assert all(0 < c <= capacity[e] for e, c in kept.items())
    assert sum(kept.values()) == _lp_largest(nodes, capacity)
    try:
        r = best_on_balanced(topo, f.id)
    except FailureError as exc:
        assert "cut" in str(exc)
        return
    left = dict(data, links=[{"src": u, "dst": v, "bandwidth": str(c)}
                             for (u, v), c in capacity.items()])
    # the bound: N / max_S |S ∩ Vc| / B+(S), by brute force over every cut
    n = sum(1 for x in data["nodes"] if x["kind"] == "compute")
    assert r.bound == n / brute_force_bound(left)
    assert r.status == "optimal" and r.ratio == r.algbw / r.bound <= 1
    assert r.algbw == algbw_on(r.schedule, capacity) >= r.optimum


def test_refusals():
    topo = fc.resolve("dgx-h100:boxes=2")
    with pytest.raises(FailureError, match="leave a balanced network"):
        best_on_balanced(topo, "nic:box0/gpu3")
