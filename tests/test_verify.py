import copy
import json
from fractions import Fraction

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.schedule import generate
from forestcoll_opt.topology import from_dict
from forestcoll_opt.verify import VerifyError, assert_optimal, bound_of, verify
from randomnets import brute_force_bound, brute_force_single_root, random_network
from schedcheck import achieved_algbw


@pytest.fixture(scope="module")
def paper(catalog):
    t = catalog("paper-example")
    return t, generate(t, "allgather").to_dict()


def corrupt(paper, change):
    t, sched = paper
    bad = copy.deepcopy(sched)
    change(bad)
    return verify(t, bad)


def first_tree(s):
    return s["trees"][0]


def test_generated_schedule_is_optimal(paper):
    t, sched = paper
    v = verify(t, sched)
    assert v.valid and v.optimal and v.ratio == 1 and v.algbw == 8 == v.bound_algbw
    assert v.bounds[0].cut_compute == 4 and v.bounds[0].cut_bandwidth == 4
    assert "enumerating every cut" in v.bounds[0].method


def test_missing_tree_edge(paper):
    v = corrupt(paper, lambda s: first_tree(s)["edges"].pop())
    assert not v.valid
    assert any("tree #0 (root box0/c0): does not reach" in r for r in v.reasons)


def test_cycle(paper):
    t, sched = paper
    bad = copy.deepcopy(sched)
    edges = first_tree(bad)["edges"]
    # find p -> b -> c and re-parent b under its own child c: b and c form a cycle
    i, j = next((i, j) for i, e1 in enumerate(edges) for j, e2 in enumerate(edges)
                if e2["src"] == e1["dst"])
    b, c = edges[i]["dst"], edges[j]["dst"]
    edges[i] = {"src": c, "dst": b, "path": [c, "global", b]}
    v = verify(t, bad)
    assert not v.valid and any("cycle through" in r for r in v.reasons)
    assert any("does not reach" in r for r in v.reasons)


def test_two_parents(paper):
    def change(s):
        edges = first_tree(s)["edges"]
        e = edges[-1]
        edges.append({"src": first_tree(s)["root"], "dst": e["dst"],
                      "path": [first_tree(s)["root"], "global", e["dst"]]})
    v = corrupt(paper, change)
    assert any("has two parents" in r for r in v.reasons)


def test_missing_link(paper):
    def change(s):
        e = first_tree(s)["edges"][0]
        e["path"] = [e["src"], e["dst"]]          # compute nodes are not linked directly
    v = corrupt(paper, change)
    assert any("which does not exist" in r and "tree #0" in r for r in v.reasons)


def test_relay_through_compute(paper):
    def change(s):
        e = first_tree(s)["edges"][0]
        e["path"] = [e["src"], "box0/switch", "box0/c3", "box0/switch", e["dst"]]
    v = corrupt(paper, change)
    assert any("relays through compute node box0/c3" in r for r in v.reasons)


def test_path_ending_elsewhere(paper):
    def change(s):
        e = first_tree(s)["edges"][0]
        e["path"] = e["path"][:-1] + ["box0/c3" if e["dst"] != "box0/c3" else "box0/c2"]
    v = corrupt(paper, change)
    assert any("not from" in r and "runs from" in r for r in v.reasons)


def test_weights_not_summing_to_k(paper):
    v = corrupt(paper, lambda s: first_tree(s).__setitem__("weight", 2))
    assert any("trees rooted at box0/c0 weigh 2 in all" in r for r in v.reasons)


def test_zero_weight(paper):
    v = corrupt(paper, lambda s: first_tree(s).__setitem__("weight", 0))
    assert any("weight must be a positive integer, found 0" in r for r in v.reasons)


def test_all_reasons_reported_together(paper):
    def change(s):
        first_tree(s)["weight"] = 0
        s["trees"][1]["edges"].pop()
    v = corrupt(paper, change)
    assert len(v.reasons) >= 3


def test_duplicated_tree_overloads_a_link(catalog):
    t = catalog("dgx-a100:boxes=2")
    s = generate(t, "allgather").to_dict()
    root = s["trees"][0]["root"]
    mine = [i for i, tr in enumerate(s["trees"]) if tr["root"] == root]
    assert len(mine) >= 2
    # the first tree of this root takes over the weight of the root's other trees
    s["trees"][mine[0]]["weight"] = s["k"]
    s["trees"] = [tr for i, tr in enumerate(s["trees"]) if i not in mine[1:]]
    v = verify(t, s)
    assert v.valid and not v.optimal
    expected = achieved_algbw(t, s)
    assert v.algbw == expected and v.ratio == expected / Fraction(1040, 3) < 1


def ring_allgather(order, paths):
    n = len(order)
    trees = []
    for i, root in enumerate(order):
        chain = [order[(i + j) % n] for j in range(n)]
        trees.append({"root": root, "weight": 1, "edges": [
            {"src": a, "dst": b, "path": paths(a, b)} for a, b in zip(chain, chain[1:])]})
    return trees


def test_hand_built_ring_on_dgx_a100(catalog):
    t = catalog("dgx-a100:boxes=2")
    order = [f"box0/gpu{i}" for i in range(8)] + [f"box1/gpu{i}" for i in range(7, -1, -1)]

    def paths(a, b):
        if a.split("/")[0] == b.split("/")[0]:
            return [a, a.split("/")[0] + "/nvswitch", b]
        plane = int(a[-1]) % 2                     # box0/gpu7 <-> box1/gpu7, box1/gpu0 <-> box0/gpu0
        return [a, f"ib/plane{plane}", b]

    sched = {"format": "forestcoll-schedule/1", "collective": "allgather",
             "topology": t.name, "units": "GB/s", "compute_nodes": list(t.compute_nodes),
             "k": 1, "tree_bandwidth": "25/15", "algbw": "80/3", "trees": ring_allgather(order, paths)}
    v = verify(t, sched)
    # every ring hop carries N-1 = 15 chains; the IB hops have 25 GB/s: max load 15/25, so
    # algbw = N·k / (15/25) = 16·25/15 = 80/3, i.e. 80/3 ÷ 1040/3 = 1/13 of the optimum
    assert v.valid and v.algbw == Fraction(80, 3) and v.ratio == Fraction(1, 13)
    with pytest.raises(AssertionError) as err:
        assert_optimal(t, sched)
    assert err.value.verdict.ratio == Fraction(1, 13)
    assert assert_optimal(t, sched, min_ratio=Fraction(1, 13)).valid


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2",
                                  "mi250:boxes=2,gpus=8", "mi250:boxes=2"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_generated_catalog_schedules_verify_optimal(catalog, spec, collective):
    t = catalog(spec)
    v = assert_optimal(t, generate(t, collective))
    assert v.optimal and v.ratio == 1


@pytest.mark.parametrize("collective, root", [("broadcast", "box0/c2"), ("reduce", "box1/c0")])
def test_single_root_verdicts(catalog, collective, root):
    t = catalog("paper-example")
    v = assert_optimal(t, generate(t, collective, root=root))
    assert v.bound_algbw == 4


@pytest.mark.parametrize("seed", range(60))
def test_verifier_bound_equals_enumeration(seed):
    data = random_network(seed + 3000)
    t = from_dict(data)
    assert bound_of(t, "allgather").algbw == len(t.compute_nodes) / brute_force_bound(data)
    root = t.compute_nodes[0]
    assert bound_of(t, "broadcast", root=root).algbw == brute_force_single_root(data, root)


def test_unreadable_schedule(tmp_path, catalog):
    with pytest.raises(VerifyError, match="cannot read"):
        verify(catalog("paper-example"), tmp_path / "none.json")
    (tmp_path / "x.json").write_text("[1")
    with pytest.raises(VerifyError, match="not valid JSON"):
        verify(catalog("paper-example"), tmp_path / "x.json")


def test_cli_exit_codes(tmp_path, capsys, catalog, paper):
    t, sched = paper
    good = tmp_path / "good.json"
    good.write_text(json.dumps(sched))
    assert main(["verify", "paper-example", str(good)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OPTIMAL")
    k1 = tmp_path / "k1.json"
    d = generate(catalog("dgx-a100:boxes=2"), "allgather", k=1).to_dict()
    k1.write_text(json.dumps(d))
    assert main(["verify", "dgx-a100:boxes=2", str(k1)]) == 1
    assert main(["verify", "dgx-a100:boxes=2", str(k1), "--min-ratio", "0.98"]) == 0
    assert main(["verify", "dgx-a100:boxes=2", str(k1), "--min-ratio", "90/91"]) == 0
    capsys.readouterr()
    assert main(["verify", "dgx-a100:boxes=2", str(k1), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ratio"] == "90/91" and data["certificate"]["dual"][0]["cut_compute"] == 15
    bad = copy.deepcopy(sched)
    bad["trees"][0]["weight"] = 0
    bad["trees"][1]["edges"][0]["path"] = ["box0/c0"]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert main(["verify", "paper-example", str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("forestcoll: invalid:") >= 2
    assert main(["verify", "paper-example", str(tmp_path / "missing.json")]) == 2


def test_allreduce_verdict_reports_the_lp(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    v = verify(t, generate(t, "allreduce"))
    assert v.optimal and v.algbw == 104
    assert v.lp_algbw == pytest.approx(128, rel=1e-6)
    assert v.lp_ratio == pytest.approx(104 / 128, rel=1e-6) and v.lp_tolerance == 1e-7
    assert verify(t, generate(t, "allreduce"), lp=False).lp_algbw is None
