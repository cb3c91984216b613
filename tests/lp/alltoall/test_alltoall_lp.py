"""The all-to-all LP (maximum concurrent flow) and its schedule: optima pinned by hand on
small networks, folded and unfolded LPs agreeing, and every schedule verified."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import DemandError, LPError, ScheduleError
from forestcoll_opt.lp.alltoall import certify as alltoall_certify
from forestcoll_opt.lp.alltoall.model import solve_alltoall
from forestcoll_opt.lp.alltoall.schedule import decompose, lp_alltoall
from forestcoll_opt.model.topology import from_dict
from randomnets import random_network, random_symmetric_network


def star(n=4, b=10):
    nodes = [{"id": f"c{i}", "kind": "compute"} for i in range(n)] + [{"id": "w", "kind": "switch"}]
    links = [{"src": f"c{i}", "dst": "w", "bandwidth": b, "bidirectional": True} for i in range(n)]
    return from_dict({"format": "forestcoll-topology/1", "name": f"star{n}", "nodes": nodes,
                      "links": links})


def ring(n, b=6):
    nodes = [{"id": f"c{i}", "kind": "compute"} for i in range(n)]
    links = [{"src": f"c{i}", "dst": f"c{(i + 1) % n}", "bandwidth": b, "bidirectional": True}
             for i in range(n)]
    return from_dict({"format": "forestcoll-topology/1", "name": f"ring{n}", "nodes": nodes,
                      "links": links})


def two_boxes(inside=10, between=2):
    nodes, links = [], []
    for b in range(2):
        nodes.append({"id": f"b{b}/sw", "kind": "switch", "box": b})
        for g in range(2):
            nodes.append({"id": f"b{b}/g{g}", "kind": "compute", "box": b})
            links.append({"src": f"b{b}/g{g}", "dst": f"b{b}/sw", "bandwidth": inside,
                          "bidirectional": True})
    links.append({"src": "b0/sw", "dst": "b1/sw", "bandwidth": between, "bidirectional": True})
    return from_dict({"format": "forestcoll-topology/1", "name": "two-boxes", "nodes": nodes,
                      "links": links})


# Hand-computed optima. λ is the rate every ordered pair moves at once; algbw = λ·Σd/(N−1),
# which for the uniform all-to-all (Σd = N·(N−1)) is λ·N.
HAND = [
    # star of 4 with links of 10: each node sends 3λ up its own link, λ = 10/3; cross traffic
    # needs nothing else. algbw = 4·10/3 = N·b/(N−1).
    (star(4, 10), Fraction(40, 3)),
    # ring of 5 with links of 6 both ways: from each node the other four are 1, 1, 2, 2 hops
    # away (Σ = 6), so the traffic needs 5·6·λ link-units out of 10 links of 6: λ <= 2, and
    # shortest paths load every link with 3λ exactly. algbw = 5·2 = 10.
    (ring(5, 6), Fraction(10)),
    # ring of 4: hops 1, 1, 2 (Σ = 4), 4·4·λ <= 8·6 gives λ <= 3, met by splitting each
    # opposite pair half each way (every link carries 2λ). algbw = 4·3 = 12.
    (ring(4, 6), Fraction(12)),
    # two boxes of two GPUs (links of 10 to their box switch) whose switches are joined by 2
    # each way: box 0 sends 2·2 pairs' data through the one link of 2, λ <= 1/2; inside a
    # box each GPU's uplink carries 3λ <= 10. algbw = 4·1/2 = 2.
    (two_boxes(10, 2), Fraction(2)),
]


@pytest.mark.parametrize("topo,expected", HAND, ids=lambda x: getattr(x, "name", ""))
def test_optimum_by_hand(topo, expected):
    for symmetry in (None, False):
        r = solve_alltoall(topo, symmetry=symmetry)
        assert r.lower == r.upper == expected
        assert r.exact and r.gap == 0
        assert abs(r.algbw - float(expected)) < 1e-6
    s = lp_alltoall(topo, lp=r)
    assert s.algbw == expected
    v = fc.verify(topo, s, against="cut")          # the verifier's own bounds prove it too
    assert v.optimal and v.bound_algbw == expected


def test_demand_by_hand():
    # only c0 -> c1 moves (d = 2) and c2 -> c0 (d = 1), on the star of links 10: c0's
    # uplink carries 2λ and its downlink λ, so λ = 5; Σd = 3, algbw = 5·3/3 = 5
    topo = star(4, 10)
    demand = {"c0": {"c1": "2/3"}, "c2": {"c0": "1/3"}}
    r = solve_alltoall(topo, demand=demand)
    assert r.demand == (("c0", "c1", 2), ("c2", "c0", 1))
    assert r.lower == r.upper == 5
    s = lp_alltoall(topo, lp=r)
    assert s.algbw == 5 and s.demand == r.demand
    assert sorted((x.src, x.dst, x.weight) for x in s.routes) == [
        ("c0", "c1", 2 * s.k), ("c2", "c0", s.k)]
    # judged for the demand it was made for (the matrix as given, or the schedule's own);
    # without demand= the verdict asks for the uniform all-to-all, which this is not
    assert fc.verify(topo, s, demand=demand).optimal
    assert fc.verify(topo, s, demand=s.demand).demand == r.demand
    assert fc.verify(topo, s).status == "invalid"


def test_catalog_machines_exact_and_schedules_optimal():
    # dgx-h100: 8 rails of 50 per box; box a sends 8·8·(B−1) pairs' data over 8·50:
    # λ = 400/(64·(B−1)), algbw = 8B·λ = 50B/(B−1): 100 for 2 boxes, 200/3 for 4
    for boxes, expected in ((2, Fraction(100)), (4, Fraction(200, 3))):
        topo = fc.resolve(f"dgx-h100:boxes={boxes}")
        r = solve_alltoall(topo)
        assert r.folded and r.interval == (expected, expected)
        s = lp_alltoall(topo, lp=r)
        assert s.algbw == expected and s.k == 1
        assert len(s.routes) >= 8 * boxes * (8 * boxes - 1)
        assert fc.verify(topo, s, lp_interval=r).optimal


@pytest.mark.parametrize("seed", range(6))
def test_folded_and_unfolded_agree(seed):
    topo = from_dict(random_symmetric_network(seed))
    folded = solve_alltoall(topo)
    plain = solve_alltoall(topo, symmetry=False)
    assert folded.lower <= plain.upper and plain.lower <= folded.upper
    assert folded.variables < plain.variables or not folded.folded
    for r in (folded, plain):
        s = lp_alltoall(topo, lp=r)
        v = fc.verify(topo, s, lp_interval=r)
        assert v.valid and s.algbw >= r.lower, v.reasons


@pytest.mark.parametrize("seed", range(8))
def test_random_networks_schedules_reach_lower(seed):
    topo = from_dict(random_network(seed))
    r = solve_alltoall(topo)
    assert 0 < r.lower <= r.upper and r.gap < Fraction(1, 10**6)
    s = lp_alltoall(topo, lp=r)
    assert s.algbw >= r.lower
    v = fc.verify(topo, s, lp_interval=r)
    assert v.optimal, v.reasons
    own = fc.verify(topo, s, against="cut")
    assert own.valid and own.bound_algbw >= r.lower     # the verifier's bounds are bounds


def test_grid_certificate_when_nothing_reconstructs(monkeypatch):
    # the grid point (HiGHS's flows rounded down, made conserving by max-flows) alone
    monkeypatch.setattr(alltoall_certify, "RECONSTRUCTION_LIMITS", ())
    topo = fc.resolve("dgx-a100:boxes=2")
    r = solve_alltoall(topo, symmetry=False)
    assert r.witness.source == "grid"
    assert r.upper == 50 and 1 - r.lower / r.upper < Fraction(1, 10**9)
    s = lp_alltoall(topo, lp=r)
    v = fc.verify(topo, s, lp_interval=r)
    assert v.valid and s.algbw >= r.lower * (1 - Fraction(1, 10**9))


def test_decompose_exact_and_shortest_first():
    flow = {("s", "a"): 3, ("a", "t"): 3, ("s", "t"): 1, ("t", "u"): 2}
    got = decompose("s", flow, {"t": Fraction(2), "u": Fraction(2)})
    assert sum(a for _, a in got["t"]) == 2 and sum(a for _, a in got["u"]) == 2
    assert got["t"][0][0] == ("s", "t")
    with pytest.raises(ScheduleError):
        decompose("s", flow, {"t": Fraction(5)})


def test_errors():
    topo = star(3)
    with pytest.raises(DemandError, match="itself"):
        solve_alltoall(topo, demand={"c0": {"c0": 1}})
    with pytest.raises(DemandError, match="switch"):
        solve_alltoall(topo, demand={"c0": {"w": 1}})
    with pytest.raises(DemandError, match="every demand is 0"):
        solve_alltoall(topo, demand={"c0": {"c1": 0}})
    with pytest.raises(LPError, match="symmetry=True"):
        solve_alltoall(topo, demand={"c0": {"c1": 1}}, symmetry=True)
    other = solve_alltoall(star(4))
    with pytest.raises(ScheduleError, match="solved for"):
        lp_alltoall(topo, lp=other)
    # the uniform matrix given explicitly is the uniform all-to-all
    assert solve_alltoall(topo, demand={a: {b: 5 for b in ("c0", "c1", "c2") if b != a}
                                        for a in ("c0", "c1", "c2")}).demand is None


def test_solve_lp_dispatch_and_to_dict():
    r = fc.solve_lp(ring(5), collective="alltoall")
    d = r.to_dict()
    assert d["problem"] == "alltoall" and d["lower"] == d["upper"] == "10" and d["exact"]
    assert any(item["length"] == "1" for item in d["lengths"])


def test_a_wrong_lp_names_the_function_to_call(catalog):
    # the path the message names is one a user can import (the lp layer's face)
    import importlib

    with pytest.raises(ScheduleError, match=r"result of forestcoll_opt\.lp\.solve_alltoall$"):
        lp_alltoall(catalog("paper-example"), lp="not a result")
    assert callable(importlib.import_module("forestcoll_opt.lp").solve_alltoall)
