"""The verifier on all-to-all schedules (forestcoll-schedule/3): its own reading, every
mutation refused with a reason, its own cut and length bounds, and the LP interval."""

import copy
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import VerifyArgumentError
from forestcoll_opt.verify import verdict as V
from forestcoll_opt.verify.alltoall import alltoall_bounds


@pytest.fixture(scope="module")
def h100():
    topo = fc.resolve("dgx-h100:boxes=2")
    return topo, fc.lp_alltoall(topo).to_dict()


def test_lp_schedule_is_optimal_both_ways(h100):
    topo, doc = h100
    v = V.verify(topo, doc, against="cut")
    assert v.optimal and v.against == "cut" and v.algbw == v.bound_algbw == 100
    # the box cut: 8 rails of 50 leave box 0, which sends 8·8 pairs' data: λ = 400/64,
    # algbw = 16·λ = 100
    assert v.bounds[0].cut_compute == 8 and v.bounds[0].cut_bandwidth == 400
    v = V.verify(topo, doc, lp_interval=(Fraction(100), Fraction(100)))
    assert v.optimal and v.against == "lp" and v.ratio_to_lp_lower == 1
    d = v.to_dict()
    assert d["collective"] == "alltoall" and d["certificate"]["primal"]["phases"][0]["k"] == 1


def test_lp_interval_needed_or_cut(h100):
    topo, doc = h100
    with pytest.raises(VerifyArgumentError, match="against=\"cut\""):
        V.verify(topo, doc)
    with pytest.raises(VerifyArgumentError, match="allreduce's reference"):
        V.verify(topo, doc, against="trees", lp_interval=(1, 2))
    assert V.needs_lp_interval(doc) and not V.needs_lp_interval(doc, against="cut")
    v = V.verify(topo, doc, validity_only=True)
    assert v.status == "valid" and v.algbw == 100 and v.bound_algbw is None
    # the top-level verify solves the all-to-all LP of the schedule's demand when needed
    assert fc.verify(topo, doc).optimal


def test_contradictions(h100):
    topo, doc = h100
    v = V.verify(topo, doc, lp_interval=(Fraction(50), Fraction(60)))
    assert v.contradiction and "certified upper value 60" in v.reasons[0]
    v = V.verify(topo, doc, lp_interval=(Fraction(200), Fraction(300)))
    assert v.contradiction and any("exceeds the verifier's bound" in r for r in v.reasons)


def _first(doc, src, dst):
    return next(r for r in doc["routes"] if r["src"] == src and r["dst"] == dst)


MUTATIONS = [
    ("format", lambda d: d.update(format="forestcoll-schedule/2"), "\"format\" must be"),
    ("key", lambda d: d.update(trees=[]), "unknown key"),
    ("k", lambda d: d.update(k=0), "\"k\" must be"),
    ("weight", lambda d: d["routes"][0].update(weight=2), "weigh 2, not k·d = 1"),
    ("dropped", lambda d: d["routes"].pop(5), "weigh 0"),
    ("twice", lambda d: d["routes"].append(copy.deepcopy(d["routes"][0])), "weigh 2"),
    ("ends", lambda d: d["routes"][0].update(dst=d["routes"][0]["src"]), "two different"),
    ("path end", lambda d: d["routes"][0]["path"].pop(), "must be a list of node ids from"),
    ("no link", lambda d: d["routes"][0].update(
        path=[d["routes"][0]["src"], "rail5", d["routes"][0]["dst"]]), "is not a link"),
    ("loop", lambda d: _first(d, "box0/gpu0", "box1/gpu3").update(path=[
        "box0/gpu0", "box0/nvswitch", "box0/gpu1", "box0/nvswitch", "box0/gpu3", "rail3",
        "box1/gpu3"]), "visits a node twice"),
    ("unknown node", lambda d: d["routes"][0]["path"].insert(1, "nowhere"), "not a node"),
    ("algbw", lambda d: d.update(algbw="101"), "claims 101"),
    ("no demand", lambda d: d.update(demand={"box0/gpu0": {"box0/gpu1": 1}}), "has no demand"),
    ("not coprime", lambda d: d.update(demand={"box0/gpu0": {"box0/gpu1": 2}}), "coprime"),
    ("self demand", lambda d: d.update(demand={"box0/gpu0": {"box0/gpu0": 1}}), "demand"),
    ("units", lambda d: d.update(units="Gb/s"), "\"units\""),
]


@pytest.mark.parametrize("name,change,reason", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutations_are_invalid(h100, name, change, reason):
    topo, doc = h100
    bad = copy.deepcopy(doc)
    change(bad)
    v = V.verify(topo, bad, against="cut")
    assert v.status == "invalid", v
    assert any(reason in r for r in v.reasons), v.reasons


def test_a_longer_valid_route_is_below(h100):
    # box0/gpu0 -> box1/gpu0 over rail 1 instead of rail 0: still valid, rail 1 now carries
    # one part more than the optimum allows
    topo, doc = h100
    bad = copy.deepcopy(doc)
    _first(bad, "box0/gpu0", "box1/gpu0").update(path=[
        "box0/gpu0", "box0/nvswitch", "box0/gpu1", "rail1", "box1/gpu1", "box1/nvswitch",
        "box1/gpu0"])
    load = {}
    for r in bad["routes"]:
        for hop in zip(r["path"], r["path"][1:]):
            load[hop] = load.get(hop, 0) + r["weight"]
    busiest = max(Fraction(x) / topo.capacity[h] for h, x in load.items())
    bad["algbw"] = str(Fraction(16 * 15, 15) / busiest)
    v = V.verify(topo, bad, against="cut")
    assert v.status == "below" and v.algbw < 100


def test_own_bounds_on_a_ring():
    # ring of 5 with links of 6: the hop-count bound is 2·5·6 / (5·6) = 2 = λ, algbw 10,
    # while every cut around one node allows 12/4·5 = 15
    nodes = [{"id": f"c{i}", "kind": "compute"} for i in range(5)]
    links = [{"src": f"c{i}", "dst": f"c{(i + 1) % 5}", "bandwidth": 6, "bidirectional": True}
             for i in range(5)]
    topo = fc.from_dict({"format": "forestcoll-topology/1", "name": "ring5", "nodes": nodes,
                         "links": links})
    pairs = {(a, b): 1 for a in topo.compute_nodes for b in topo.compute_nodes if a != b}
    bounds = alltoall_bounds(topo, pairs)
    assert bounds[0].algbw == 10 and bounds[0].method.startswith("lengths")   # both lengths agree here
    assert min(b.algbw for b in bounds if b.cut) == 15
