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
    # each bound says which side S it cuts: the two boxes' cuts are alike in size and value
    assert [b.method for b in v.bounds[:2]] == [
        "cut S = box 0 (9 nodes): B+(S) 400 / demand leaving S 64",
        "cut S = box 1 (9 nodes): B+(S) 400 / demand leaving S 64"]
    assert len({b.method for b in v.bounds}) == len(v.bounds)
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


# --- the demand a verdict is for (issue 32) ---------------------------------------------------

from handmade import TOY_2BOX, toy_alltoall, toy_forgery  # noqa: E402
from forestcoll_opt.errors import ScheduleError  # noqa: E402
from forestcoll_opt.model.schedule import from_dict as schedule_from_dict  # noqa: E402


@pytest.fixture(scope="module")
def toy():
    return fc.from_dict(TOY_2BOX)


def test_uniform_toy_schedule_is_optimal_and_says_uniform(toy):
    v = V.verify(toy, toy_alltoall(), against="cut")
    assert v.optimal and v.algbw == Fraction(50, 3) and v.demand is None
    assert v.to_dict()["demand"] == {"uniform": True}
    assert repr(v).endswith(", uniform demand)")


def test_a_one_pair_demand_is_not_the_uniform_all_to_all(toy):
    # the forgery: one pair of twelve under its own "demand" reached 50 = 3 × the uniform
    # optimum 50/3 and was called OPTIMAL; the verdict asks for the uniform all-to-all
    forged = toy_forgery()
    for v in (V.verify(toy, forged, against="cut"),
              V.verify(toy, forged, lp_interval=(Fraction(50, 3), Fraction(50, 3))),
              fc.verify(toy, forged)):
        assert v.status == "invalid" and not v.optimal and v.algbw is None
        assert v.reasons == ('"demand": the schedule is for a non-uniform demand (1 of the 12 '
                             'ordered pairs, Σd = 1: a0 -> a1 1), not the uniform all-to-all; '
                             'to judge it for that demand, ask for the same matrix (demand=)',)
    with pytest.raises(AssertionError, match="not the uniform all-to-all"):
        fc.assert_optimal(toy, forged, against="cut")


def test_a_demand_asked_for_is_judged_and_carried(toy):
    forged = toy_forgery()
    # the same matrix in any scale, as a matrix or as triples: judged for it, optimal at 50
    for demand in ({"a0": {"a1": 7}}, {"a0": {"a1": "1/2", "b0": 0}}, [("a0", "a1", 1)]):
        v = V.verify(toy, forged, against="cut", demand=demand)
        assert v.optimal and v.algbw == 50 and v.demand == (("a0", "a1", 1),)
        assert v.to_dict()["demand"] == {"uniform": False, "pairs": 1, "total": 1,
                                         "matrix": {"a0": {"a1": 1}}}
        assert repr(v).endswith(", non-uniform demand of 1 pair(s))")
    assert fc.verify(toy, forged, demand={"a0": {"a1": 1}}).optimal       # against the LP
    # another matrix: the first pair that differs
    v = V.verify(toy, forged, against="cut", demand={"a0": {"a1": 1, "b0": 1}})
    assert v.status == "invalid" and v.reasons == (
        '"demand": the schedule\'s normalised demand differs from the one asked for, first at '
        'a0 -> b0: 0 of Σd = 1 in the schedule, 1 of Σd = 2 asked for',)
    # a uniform schedule is not the demand asked for; "uniform" (or every pair alike) is
    v = V.verify(toy, toy_alltoall(), against="cut", demand={"a0": {"a1": 1}})
    assert v.status == "invalid" and v.reasons[0].startswith(
        '"demand": the schedule is for the uniform all-to-all, but a non-uniform demand (1 of')
    every = {s: {d: 3 for d in "a0 a1 b0 b1".split() if d != s} for s in "a0 a1 b0 b1".split()}
    for demand in ("uniform", every):
        assert V.verify(toy, toy_alltoall(), against="cut", demand=demand).optimal
        assert V.verify(toy, forged, against="cut", demand=demand).status == "invalid"


def test_validity_only_takes_the_schedule_s_own_demand(toy):
    v = V.verify(toy, toy_forgery(), validity_only=True)
    assert v.status == "valid" and v.algbw == 50 and v.demand == (("a0", "a1", 1),)
    assert V.verify(toy, toy_forgery(), validity_only=True, demand="uniform").status == "invalid"


def test_weights_and_demand_belong_to_their_collectives(toy):
    with pytest.raises(VerifyArgumentError, match="an all-to-all schedule has none") as e:
        V.verify(toy, toy_alltoall(), against="cut", weights={v: 1 for v in toy.compute_nodes})
    assert e.value.options == ("weights", "demand")
    allgather = fc.generate(toy).to_dict()
    with pytest.raises(VerifyArgumentError, match="collective is \"allgather\"") as e:
        V.verify(toy, allgather, demand={"a0": {"a1": 1}})
    assert e.value.options == ("demand",)


@pytest.mark.parametrize("demand,message", [
    ({"a0": {"a1": -1}}, "a0 -> a1 is -1"),
    ({"a0": {"a1": 1.5}}, "must be an exact number"),
    ({"a0": {"a1": "x"}}, "a0 -> a1 is \"x\""),
    ({"a0": {"a0": 1}}, "never crosses the network"),
    ({"a0": {"net": 1}}, "\"net\" is not a compute node"),
    ({"zz": {"a1": 1}}, "\"zz\" is not a compute node"),
    ({"a0": {"a1": 0}}, "every amount is 0"),
    ({"a0": [1]}, "the row of \"a0\""),
    ([("a0", "a1", 1), ("a0", "a1", 2)], "given twice"),
    ([["a0"], "a1"], "triples"),
    (5, "triples"),
])
def test_demand_argument_errors(toy, demand, message):
    with pytest.raises(VerifyArgumentError, match=message.replace("(", r"\(")):
        V.verify(toy, toy_forgery(), against="cut", demand=demand)


# --- every field of an all-to-all file, wrongly typed (issue 32: exit 70 on "src": ["a0"]) ----

BAD_VALUES = [[], ["a0"], {}, {"a0": 1}, 0, -1, 1.5, 10**30, 2**70, 1e308, float("nan"),
              float("inf"), "NaN", "inf", None, True, False, "", [["a0"]], "9" * 300]


def _mutants():
    for value in BAD_VALUES:
        for key in ("format", "collective", "topology", "units", "compute_nodes", "demand", "k",
                    "algbw", "routes"):
            yield f"{key}={value!r:.20}", lambda d, key=key, value=value: d.update({key: value})
        for key in ("src", "dst", "weight", "path"):
            yield (f"route.{key}={value!r:.20}",
                   lambda d, key=key, value=value: d["routes"][0].update({key: value}))
        yield f"path[1]={value!r:.20}", lambda d, value=value: d["routes"][0]["path"].__setitem__(1, value)
        yield f"route={value!r:.20}", lambda d, value=value: d["routes"].__setitem__(0, value)
        yield (f"compute_nodes[0]={value!r:.20}",
               lambda d, value=value: d["compute_nodes"].__setitem__(0, value))
        yield f"demand row={value!r:.20}", lambda d, value=value: d.update(demand={"a0": value})
        yield (f"demand amount={value!r:.20}",
               lambda d, value=value: d.update(demand={"a0": {"a1": 1, "b0": value}}))


MUTANTS = list(_mutants())


@pytest.mark.parametrize("name,change", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_wrongly_typed_fields_are_reasons_never_crashes(toy, name, change):
    doc = toy_alltoall()
    change(doc)
    for kwargs in ({"against": "cut"}, {"validity_only": True},
                   {"against": "cut", "demand": {"a0": {"a1": 1, "b0": 1}}}):
        v = V.verify(toy, copy.deepcopy(doc), **kwargs)
        if v.valid:          # a harmless change (a topology name, the same id): still checked
            assert v.algbw is not None
            continue
        assert v.status == "invalid" and v.reasons, (name, v)
        assert all("\n" not in r and len(r) < 400 for r in v.reasons), v.reasons
    try:         # the model's reader: the package's typed error, on one line, or a schedule
        schedule_from_dict(copy.deepcopy(doc))
    except ScheduleError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


def test_a_route_end_that_is_not_a_string_names_the_field(toy):
    doc = toy_alltoall()
    doc["routes"][3]["src"] = ["a0"]
    v = V.verify(toy, doc, against="cut")
    assert v.reasons == ('route #3: "src" must be a compute node id (a string), found a list of '
                         '1 item(s)',)
    doc = toy_alltoall()
    doc["routes"][0]["dst"] = {"a1": 1}
    assert V.verify(toy, doc, validity_only=True).reasons == (
        'route #0: "dst" must be a compute node id (a string), found an object with 1 key(s)',)


@pytest.mark.parametrize("demand, reason", [
    ({"a0": {"net": 1}}, '"demand" "a0" -> "net": "net" is not a compute node of the schedule '
                         '(a switch, or no node); only compute nodes send and receive data'),
    ({"net": {"a0": 1}}, '"demand": "net" is not a compute node of the schedule (a switch, or '
                         'no node); only compute nodes send and receive data'),
    ({"a0": {"a0": 1}}, '"demand" "a0" -> "a0": a node\'s data to itself never crosses the '
                        'network; drop it'),
    ({"a0": {"a1": 0}}, '"demand" "a0" -> "a1": the amount must be a whole number from 1 to '
                        '2^63 - 1, found 0'),
    ({"a0": 1}, '"demand": "a0" must be mapped to an object of amounts per destination, '
                'found 1'),
])
def test_a_bad_demand_entry_says_what_is_wrong(toy, demand, reason):
    doc = toy_alltoall()
    doc["demand"] = demand
    v = V.verify(toy, doc, against="cut")
    assert v.status == "invalid" and v.reasons[0] == reason


def test_a_null_demand_is_the_uniform_all_to_all(toy):
    # docs/formats.md: "demand": null is read as absent, as every reader does
    doc = toy_alltoall()
    doc["demand"] = None
    v = V.verify(toy, doc, against="cut")
    assert v.optimal and v.demand is None and v.algbw == Fraction(50, 3)
    assert schedule_from_dict(doc).demand is None


@pytest.mark.parametrize("demand, message", [
    ({"a0": {"net": 1}}, "demand 'a0' -> 'net': 'net' is not a compute node listed in "
                         "\"compute_nodes\" (a switch, or no node)"),
    ({"net": {"a0": 1}}, "\"demand\" row 'net' is not a compute node listed in "
                         "\"compute_nodes\" (a switch, or no node); only compute nodes send "
                         "and receive data"),
    ({"a0": {"a0": 1}}, "demand 'a0' -> 'a0': a node's data to itself never crosses the "
                        "network; drop it"),
    ({"a0": {"a1": "x"}}, "demand 'a0' -> 'a1': the amount must be a positive integer"),
])
def test_the_schedule_reader_names_a_bad_demand_entry(demand, message):
    doc = toy_alltoall()
    doc["demand"] = demand
    with pytest.raises(ScheduleError) as info:
        schedule_from_dict(doc)
    assert message in str(info.value), str(info.value)
