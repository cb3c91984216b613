import ast
import copy
import inspect
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import forestcoll_opt.verify.verdict  # noqa: F401  (the module; the package exports verify())
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError, VerifyArgumentError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import (CutBound, Verdict, VerifyError, assert_optimal, bound_of,
                                   load_schedule, needs_lp_interval, verify)
from randomnets import brute_force_bound, brute_force_single_root, random_network
from schedcheck import achieved_algbw, check, with_claims

verify_module = sys.modules["forestcoll_opt.verify.verdict"]


@pytest.fixture(scope="module")
def paper(catalog):
    t = catalog("paper-example")
    return t, generate(t, collective="allgather").to_dict()


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
    s = generate(t, collective="allgather").to_dict()
    root = s["trees"][0]["root"]
    mine = [i for i, tr in enumerate(s["trees"]) if tr["root"] == root]
    assert len(mine) >= 2
    # the first tree of this root takes over the weight of the root's other trees
    s["trees"][mine[0]]["weight"] = s["k"]
    s["trees"] = [tr for i, tr in enumerate(s["trees"]) if i not in mine[1:]]
    v = verify(t, s)
    # the generator's algbw and tree_bandwidth no longer hold: claims are checked exactly
    assert v.status == "invalid" and len(v.reasons) == 2
    assert v.reasons[1].startswith('"algbw" claims 1040/3 but the link loads give ')
    del s["algbw"], s["tree_bandwidth"]
    assert verify(t, s).reasons[0].startswith('missing "algbw": it is ')
    s = with_claims(t, s)                     # the independent checker's algbw
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


def test_nccl_ring_baseline_on_dgx_a100(catalog):
    """NCCL's rings (forestcoll_opt.generation.baselines.rings.ring), 8 channels: ring c leaves box 0 at
    gpu c and box 1 at gpu c+1, so each 25 GB/s NIC link carries one ring: 15 of the
    ring's 16 chains, 15 of the 16 x 8 = 128 parts; an NVSwitch uplink carries at most
    7 x 15 at 300 GB/s. algbw = 128 x 25 / 15 = 640/3, i.e. busbw 200 GB/s, the box's
    eight NICs; 8/13 of the optimum 1040/3."""
    from forestcoll_opt.generation.baselines.rings import ring

    t = catalog("dgx-a100:boxes=2")
    v = verify(t, ring(t).to_dict())
    assert v.valid and v.status == "below"
    assert v.algbw == Fraction(640, 3) and v.bound_algbw == Fraction(1040, 3)
    assert v.ratio == Fraction(8, 13)


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2",
                                  "mi250:boxes=2,gpus=8", "mi250:boxes=2"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_generated_catalog_schedules_verify_optimal(catalog, spec, collective):
    t = catalog(spec)
    v = assert_optimal(t, generate(t, collective=collective), against="trees")
    assert v.optimal and v.ratio == 1 and v.status == "optimal"


@pytest.mark.parametrize("collective, root", [("broadcast", "box0/c2"), ("reduce", "box1/c0")])
def test_single_root_verdicts(catalog, collective, root):
    t = catalog("paper-example")
    v = assert_optimal(t, generate(t, collective=collective, root=root))
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
    d = generate(catalog("dgx-a100:boxes=2"), collective="allgather", k=1).to_dict()
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


# --- item 1: the verifier cannot be talked into a false verdict ---------------------------------

@pytest.fixture(scope="module")
def paper_broadcast(catalog):
    t = catalog("paper-example")
    return t, generate(t, collective="broadcast", root=t.compute_nodes[0]).to_dict()


def test_broadcast_relabelled_as_allgather_is_invalid(paper_broadcast, tmp_path):
    # the reported repro: a broadcast schedule whose collective says allgather was
    # "4 x bound (400%)", exit 0
    t, b = paper_broadcast
    forged = dict(b, collective="allgather")
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    for source in (forged, path):
        v = verify(t, source)
        assert v.status == "invalid" and not v.valid and v.ratio is None and v.algbw is None
        assert any('must not carry a "root"' in r for r in v.reasons)
        assert any("trees rooted at box1/c3 weigh 0 in all" in r for r in v.reasons)
    assert check(t, forged) is None


def test_one_root_with_a_forged_root_key_is_not_optimal(paper):
    # keep only one root's trees plus "root": the old verifier printed OPTIMAL
    t, sched = paper
    r = sched["trees"][0]["root"]
    forged = dict(sched, root=r, trees=[tr for tr in sched["trees"] if tr["root"] == r])
    v = verify(t, forged)
    assert v.status == "invalid" and not v.optimal
    assert v.reasons[0] == 'an allgather schedule must not carry a "root": every compute node is a root'
    # without the "root" key every other compute node is still reported
    del forged["root"]
    v = verify(t, forged)
    assert not v.valid and sum("weigh 0 in all" in r for r in v.reasons) == 7


def test_inflated_k_with_a_forged_root_is_never_above_the_bound(paper):
    # one root's tree, its weight and k inflated to 5, and "root": the old verifier divided
    # the time by N·k for a single root's load and reported 8 x the bound as valid
    t, sched = paper
    tree = copy.deepcopy(sched["trees"][0])
    tree["weight"] = 5
    forged = {k: v for k, v in sched.items() if k not in ("algbw", "tree_bandwidth")}
    forged.update(k=5, root=tree["root"], trees=[tree])
    v = verify(t, forged)
    assert v.status == "invalid" and v.ratio is None
    with pytest.raises(AssertionError, match="invalid schedule"):
        assert_optimal(t, forged)


@pytest.mark.parametrize("collective", ["broadcast", "reduce"])
def test_rooted_collectives_need_their_root(paper_broadcast, catalog, collective):
    t = catalog("paper-example")
    s = generate(t, collective=collective, root="box0/c2").to_dict()
    assert verify(t, s).optimal
    bad = {k: v for k, v in s.items() if k != "root"}
    v = verify(t, bad)
    assert not v.valid and any(f'a {collective} schedule needs a "root"' in r for r in v.reasons)
    moved = dict(s, root="box1/c0")         # the trees stay at box0/c2
    v = verify(t, moved)
    assert not v.valid and any(f"every {collective} tree must be rooted at box1/c0" in r
                               for r in v.reasons)
    assert not verify(t, dict(s, root="global")).valid            # a switch


def test_allreduce_and_its_phases_must_not_carry_a_root(catalog):
    t = catalog("paper-example")
    s = generate(t, collective="allreduce").to_dict()
    v = verify(t, dict(s, root="box0/c0"), against="trees")
    assert not v.valid and any('must not carry a "root"' in r for r in v.reasons)
    bad = copy.deepcopy(s)
    bad["phases"][0]["root"] = "box0/c0"
    v = verify(t, bad, against="trees")
    assert v.reasons == ('phase 0 (reduce-scatter): an allreduce phase must not carry a "root"',)


@pytest.mark.parametrize("where, value", [
    ("tree root", ["box0/c0"]), ("tree root", {"id": "box0/c0"}), ("edge src", ["box0/c0"]),
    ("edge dst", {"a": 1}), ("path item", ["global"]), ("path", {"x": 1}),
    ("compute_nodes item", ["box0/c0"]), ("collective", ["allgather"]), ("k", [1]),
    ("weight", {"w": 1}), ("format", ["forestcoll-schedule/1"]), ("units", ["b"]),
    ("topology", {"name": "x"}), ("trees", {"t": 1}), ("tree", ["x"]), ("edge", 3),
    ("weight", 1.5), ("k", True), ("weight", None), ("k", "1"), ("algbw", 8.5),
    ("algbw", ["8"]), ("tree_bandwidth", {"x": 1}), ("edges", "x"), ("compute_nodes", "x"),
])
def test_wrong_types_are_reasons_not_tracebacks(paper, where, value):
    t, sched = paper
    bad = copy.deepcopy(sched)
    tree, edge = bad["trees"][0], bad["trees"][0]["edges"][0]
    target = {"tree root": (tree, "root"), "edge src": (edge, "src"), "edge dst": (edge, "dst"),
              "path item": (edge["path"], 1), "path": (edge, "path"),
              "compute_nodes item": (bad["compute_nodes"], 0), "weight": (tree, "weight"),
              "trees": (bad, "trees"), "tree": (bad["trees"], 0), "edge": (tree["edges"], 0),
              "edges": (tree, "edges")}.get(where, (bad, where))
    target[0][target[1]] = value
    v = verify(t, bad)
    assert v.status == "invalid" and v.reasons
    assert all("\n" not in r for r in v.reasons)
    assert check(t, bad) is None


def test_garbage_that_cannot_be_printed_or_hashed(paper):
    t, sched = paper
    deep: object = "x"
    for _ in range(100_000):
        deep = [deep]
    bad = copy.deepcopy(sched)
    bad["trees"][0]["root"] = deep
    bad["trees"][1]["weight"] = 10**5000          # str() of it would raise ValueError
    bad["trees"][2]["edges"][0]["src"] = "x" * 10**6
    bad["k"] = 2**63
    v = verify(t, bad)
    assert not v.valid and all(len(r) < 300 for r in v.reasons)
    assert any("tree #0 (root a list of 1 item(s))" in r for r in v.reasons)
    assert any("an integer of about 5001 digits" in r for r in v.reasons)
    assert "k 9223372036854775808 is above 2^63 - 1, the largest count a schedule may use" in v.reasons
    json.dumps(v.to_dict())


@pytest.mark.parametrize("key, where", [("phase", "top"), ("Root", "top"), ("id", "tree"),
                                        ("via", "edge")])
def test_unknown_keys_are_refused(paper, key, where):
    t, sched = paper
    bad = copy.deepcopy(sched)
    obj = {"top": bad, "tree": bad["trees"][0], "edge": bad["trees"][0]["edges"][0]}[where]
    obj[key] = 1
    v = verify(t, bad)
    assert not v.valid and len(v.reasons) == 1 and f'unknown key "{key}"' in v.reasons[0]
    if where != "top":
        assert "tree #0 (root box0/c0)" in v.reasons[0]


def test_missing_fields_are_named(paper):
    t, sched = paper
    bad = copy.deepcopy(sched)
    del bad["trees"][0]["weight"], bad["k"], bad["trees"][1]["edges"][0]["path"]
    v = verify(t, bad)
    assert 'missing "k"' in v.reasons
    assert 'tree #0 (root box0/c0): missing "weight"' in v.reasons
    assert any(r.startswith("tree #1 (root box0/c1): edge #0 ") and r.endswith(
        'missing "path", the physical route') for r in v.reasons)
    v = verify(t, {"format": "forestcoll-schedule/1"})
    assert v.status == "invalid" and v.collective is None and v.against is None


def test_informative_fields_are_checked(paper):
    t, sched = paper
    assert verify(t, dict(sched, algbw="8")).optimal and verify(t, dict(sched, algbw="8.0")).optimal
    v = verify(t, dict(sched, algbw="9"))
    assert v.reasons == ('"algbw" claims 9 but the link loads give 8',)
    v = verify(t, dict(sched, tree_bandwidth="2"))
    assert v.reasons == ('"tree_bandwidth" claims 2 but the link loads give 1',)
    assert verify(t, dict(sched, units="GB/s")).reasons == (
        "\"units\" is \"GB/s\" but the topology's bandwidths are in 'b'",)
    nodes = sched["compute_nodes"]
    assert verify(t, dict(sched, compute_nodes=nodes[::-1])).optimal      # any order
    v = verify(t, dict(sched, compute_nodes=nodes + nodes[:1]))
    assert not v.valid and v.reasons[0].startswith('"compute_nodes" must list exactly')
    v = verify(t, dict(sched, compute_nodes=nodes[1:]))
    assert v.reasons == ("the schedule's compute nodes are not those of paper-example (8 "
                         "compute nodes): box0/c0 is not in the schedule; was it made for "
                         "another topology?",)
    v = verify(t, dict(sched, compute_nodes=nodes + ["global"]))
    assert v.reasons == ("the schedule's compute nodes are not those of paper-example (8 "
                         "compute nodes): global is not a compute node of paper-example; was "
                         "it made for another topology?",)
    stripped = {k: v for k, v in sched.items() if k not in ("tree_bandwidth", "units",
                                                            "topology")}
    assert verify(t, stripped).optimal
    v = verify(t, dict(sched, topology="another-name"))
    assert v.optimal and "names topology" in v.notes[0]


@pytest.mark.parametrize("key, reason", [
    ("compute_nodes", 'missing "compute_nodes": the 8 compute nodes of paper-example, each once'),
    ("algbw", 'missing "algbw": it is 8 by the link loads'),
])
def test_what_the_format_requires_is_required(paper, key, reason):
    """docs/formats.md and the schema require compute_nodes and algbw: a schedule without
    them is not OPTIMAL, however right its trees."""
    t, sched = paper
    v = verify(t, {k: v for k, v in sched.items() if k != key})
    assert v.status == "invalid" and v.reasons == (reason,)


@pytest.mark.parametrize("claim", [" +8 ", "+8", "8 ", " 8", "+8/1", "8/+1", "８", "8_0",
                                   "0x8", "8.0.", "80e-1 ", "8e+0001", "inf", "-8"])
def test_a_claim_outside_the_grammar_is_refused(paper, claim):
    """The docs' grammar has no sign, no spaces, no separators, no other digits; a claim of
    the right value written otherwise is refused, as the schema refuses it."""
    t, sched = paper
    v = verify(t, dict(sched, algbw=claim))
    assert v.status == "invalid" and v.reasons[0].startswith('"algbw" must be an exact number')


@pytest.mark.parametrize("claim", ["8", 8, "8/1", "0008", "16/2", "8.", "8.000", "80e-1",
                                   "0.8E1", ".8e+1", "800e-002"])
def test_a_claim_in_any_form_of_the_grammar_is_read(paper, claim):
    t, sched = paper
    assert verify(t, dict(sched, algbw=claim)).optimal


def test_json_numbers_of_whole_value_are_integers(paper, tmp_path):
    """JSON Schema counts 2.0 and 1e0 as integers; so does the reader, exactly (a Decimal,
    never a binary float)."""
    t, sched = paper
    text = json.dumps(dict(sched, algbw=8, k=sched["k"]))
    text = text.replace('"algbw": 8', '"algbw": 8.0').replace(f'"k": {sched["k"]}',
                                                              f'"k": {sched["k"]}e0')
    f = tmp_path / "s.json"
    f.write_text(text)
    assert verify(t, str(f)).optimal
    f.write_text(text.replace('"algbw": 8.0', '"algbw": 8.000000000000000000001'))
    assert verify(t, str(f)).reasons[0].startswith('"algbw" must be an exact number')
    f.write_text(text.replace('"algbw": 8.0', '"algbw": 1e5000'))
    with pytest.raises(VerifyError, match="out of range"):
        verify(t, str(f))


def test_allreduce_phase_mistakes(catalog):
    t = catalog("paper-example")
    s = generate(t, collective="allreduce").to_dict()
    swapped = dict(s, phases=s["phases"][::-1])
    v = verify(t, swapped, against="trees")
    assert not v.valid and "allreduce phase 0 must be reduce-scatter" in v.reasons[0]
    moved = copy.deepcopy(s)
    moved["phases"][1]["trees"].append(moved["phases"][0]["trees"].pop())
    v = verify(t, moved, against="trees")
    assert not v.valid and any("phase 1 (allgather): tree #" in r for r in v.reasons)
    assert check(t, moved) is None
    v = verify(t, dict(s, trees=[], k=1), against="trees")
    assert 'key "k" belongs in the allreduce phases' in v.reasons[0]


def test_a_ratio_above_one_is_a_contradiction(paper, monkeypatch):
    t, sched = paper
    real = verify_module.cached_bound(t, "allgather", None, None)
    wrong = CutBound("allgather", real.algbw / 2, real.cut, real.cut_compute,
                     real.cut_bandwidth, real.method)
    monkeypatch.setattr(verify_module, "cached_bound", lambda *args: wrong)
    v = verify(t, sched)
    assert v.status == "contradiction" and not v.valid and not v.optimal and v.ratio == 2
    assert "internal contradiction" in v.reasons[0] and not v.meets(Fraction(1, 2))
    with pytest.raises(AssertionError, match="internal contradiction") as err:
        assert_optimal(t, sched)
    assert err.value.verdict.status == "contradiction"


def test_a_self_check_failure_is_a_contradiction(paper, monkeypatch):
    t, sched = paper

    def broken(*args):
        raise verify_module.VerifierSelfCheckError("the Newton sweep gives 1, enumeration 2")
    monkeypatch.setattr(verify_module, "cached_bound", broken)
    v = verify(t, sched)
    assert v.status == "contradiction" and v.algbw == 8 and "enumeration 2" in v.reasons[0]


def test_repeated_keys_deep_files_and_bad_bytes_are_unreadable(tmp_path, catalog):
    t = catalog("paper-example")
    cases = {"repeat.json": b'{"format": "a", "format": "b"}',
             "deep.json": b"[" * 100_000 + b"]" * 100_000,
             "latin1.json": '{"units": "\u00b5s"}'.encode("latin-1"),
             "array.json": b"[1, 2]", "big.json": b'{"k": ' + b"9" * 5000 + b"}"}
    expected = {"repeat.json": "appears twice", "deep.json": "nested too deeply",
                "latin1.json": "not UTF-8", "array.json": "must be a JSON object",
                "big.json": "out of range"}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(VerifyError, match=expected[name]):
            verify(t, tmp_path / name)
    (tmp_path / "nan.json").write_text('{"format": "forestcoll-schedule/1", "collective": '
                                       '"allgather", "k": NaN, "trees": [Infinity]}')
    with pytest.raises(VerifyError, match=r"nan.json: NaN is not a JSON number"):
        verify(t, tmp_path / "nan.json")
    with pytest.raises(VerifyError, match=r"^cannot read a schedule from a float; pass a "):
        verify(t, 3.5)
    with pytest.raises(VerifyError, match=r"^cannot read a schedule from an int; pass a "):
        verify(t, 3)             # "from a int" once


VERDICTS_SCRIPT = """
import copy, json, sys
sys.path.insert(0, {tests!r})
from forestcoll_opt.model.catalog import build
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.verify import verify
t = build("paper-example")
s = generate(t, collective="allgather").to_dict()
out = [verify(t, s).to_dict()]
bad = copy.deepcopy(s)
bad["trees"][0]["root"] = "box1/c3"
bad["trees"][3]["edges"].pop()
bad["x"] = bad["y"] = bad["phase"] = 1
bad["compute_nodes"] = ["box0/c0"] * 3
out.append(verify(t, bad).to_dict())
r = generate(t, collective="reduce", root="box1/c2").to_dict()
out.append(verify(t, r).to_dict())
print(json.dumps(out))
"""


def test_verdicts_do_not_depend_on_the_hash_seed():
    script = VERDICTS_SCRIPT.format(tests=str(Path(__file__).parents[1]))
    outputs = set()
    for seed in ("0", "1", "4242"):
        proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed},
                              check=True)
        outputs.add(proc.stdout)
    assert len(outputs) == 1


# --- item 2: allreduce verdicts are against the true optimum --------------------------------------

@pytest.fixture(scope="module")
def mi250_allreduce(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    return t, generate(t, collective="allreduce").to_dict()


def test_tree_allreduce_below_the_lp_is_not_optimal(mi250_allreduce):
    t, s = mi250_allreduce
    v = verify(t, s, lp_interval=(Fraction(128), Fraction(128)))
    assert v.status == "below" and v.valid and not v.optimal and v.against == "lp"
    assert v.algbw == 104 and v.bound_algbw == 128 and v.ratio == Fraction(13, 16)
    assert v.ratio_to_lp_lower == v.ratio_to_lp_upper == Fraction(13, 16)
    assert v.rs_ag_bound == 104 and v.equals_rs_ag_bound
    assert [b.collective for b in v.bounds] == ["reduce-scatter", "allgather"]
    assert any("equals the reduce-scatter + allgather tree bound 104 exactly" in n for n in v.notes)
    d = v.to_dict()
    assert d["status"] == "below" and d["lp_interval"] == {"lower": "128", "upper": "128"}
    assert d["ratio"] == "13/16" and d["rs_ag_bound"] == "104" and d["equals_rs_ag_bound"] is True
    with pytest.raises(AssertionError, match="below 1"):
        assert_optimal(t, s, lp_interval=(128, 128))


def test_tree_allreduce_against_the_trees_is_optimal(mi250_allreduce):
    t, s = mi250_allreduce
    v = verify(t, s, against="trees")
    assert v.status == "optimal" and v.against == "trees" and v.bound_algbw == 104 and v.ratio == 1
    assert v.lp_interval is None and v.ratio_to_lp_lower is None
    # an interval given as well is reported
    v = verify(t, s, against="trees", lp_interval=(127, 129))
    assert v.optimal and v.ratio_to_lp_lower == Fraction(104, 127)
    assert v.ratio_to_lp_upper == Fraction(104, 129)


def test_allreduce_against_the_lp_needs_the_interval(mi250_allreduce, tmp_path):
    t, s = mi250_allreduce
    with pytest.raises(VerifyArgumentError, match='lp_interval=.*against="trees"'):
        verify(t, s)
    assert isinstance(VerifyArgumentError("x"), ForestCollError)
    path = tmp_path / "ar.json"
    path.write_text(json.dumps(s))
    assert needs_lp_interval(path) and not needs_lp_interval(path, against="trees")
    assert load_schedule(path) == s
    class Result:                                   # the LP's result: .lower and .upper
        lower, upper = Fraction(128), Fraction(129)
    assert verify(t, s, lp_interval=Result()).lp_interval == (128, 129)
    for bad in [(1.5, 2), (2, 1), (0, 1), (1,), "128", (Fraction(1), None), (True, 2)]:
        with pytest.raises(VerifyArgumentError):
            verify(t, s, lp_interval=bad)
    with pytest.raises(VerifyArgumentError, match="against"):
        verify(t, s, against="cuts")


def test_allreduce_within_the_certified_interval_is_optimal(mi250_allreduce):
    t, s = mi250_allreduce
    v = verify(t, s, lp_interval=(104, Fraction(1041, 10)))
    assert v.optimal and v.ratio == Fraction(1040, 1041) and v.ratio_to_lp_lower == 1
    assert verify(t, s, lp_interval=(Fraction(10399, 100), 104)).optimal


def test_allreduce_above_the_lp_is_a_contradiction(mi250_allreduce):
    t, s = mi250_allreduce
    v = verify(t, s, lp_interval=(50, 100))       # the schedule's 104 beats the LP's upper value
    assert v.status == "contradiction" and not v.valid
    assert any("exceeds the allreduce LP's certified upper value 100" in r for r in v.reasons)
    assert any("below the reduce-scatter + allgather tree bound 104" in r for r in v.reasons)
    worse = copy.deepcopy(s)                        # a slower but valid schedule, same LP
    ph = worse["phases"][1]
    root = ph["trees"][0]["root"]
    mine = [tr for tr in ph["trees"] if tr["root"] == root]
    mine[0]["weight"] = ph["k"]
    ph["trees"] = [tr for tr in ph["trees"] if tr["root"] != root or tr is mine[0]]
    for obj in [worse] + worse["phases"]:
        obj.pop("algbw", None)
        obj.pop("tree_bandwidth", None)
    worse = with_claims(t, worse)               # the independent checker's algbw
    v = verify(t, worse, lp_interval=(90, 100))
    assert v.status == "contradiction" and len(v.reasons) == 1      # the interval itself
    v = verify(t, worse, lp_interval=(128, 128))
    assert v.status == "below" and v.algbw < 104 and v.equals_rs_ag_bound is False
    assert v.algbw == check(t, worse)
    # a loose lower value does not make it optimal: trees reach 104, so the LP optimum is
    # at least 104 whatever the interval's lower end says
    v = verify(t, worse, lp_interval=(v.algbw, 110))
    assert v.status == "below" and v.ratio_to_lp_lower == 1 and not v.meets(1)


def test_min_ratio_against_the_lp_uses_the_lower_value(mi250_allreduce):
    t, s = mi250_allreduce
    interval = (Fraction(128), Fraction(130))
    v = assert_optimal(t, s, lp_interval=interval, min_ratio=Fraction(13, 16))
    assert v.status == "below" and v.ratio == Fraction(104, 130) < Fraction(13, 16)
    assert v.meets(Fraction(13, 16)) and not v.meets(Fraction(13, 16) + Fraction(1, 1000))
    with pytest.raises(AssertionError):
        assert_optimal(t, s, lp_interval=interval, min_ratio="0.82")
    for bad in (0, Fraction(3, 2), -1, "x", None, float("nan")):
        with pytest.raises(VerifyArgumentError):
            assert_optimal(t, s, lp_interval=interval, min_ratio=bad)


def test_lp_interval_is_ignored_for_other_collectives(paper):
    t, sched = paper
    v = verify(t, sched, lp_interval=(1, 2), against="trees")
    assert v.optimal and v.against == "cut" and v.lp_interval is None
    assert "lp_interval is ignored" in v.notes[-1]


def test_verdict_statuses_and_compatibility(paper):
    t, sched = paper
    v = verify(t, sched)
    assert isinstance(v, Verdict) and v.status == "optimal" and v.valid and v.optimal
    with pytest.raises(Exception):
        v.status = "below"                              # frozen
    d = v.to_dict()
    assert d["status"] == "optimal" and d["algbw"] == "8" and d["ratio"] == "1"
    assert d["against"] == "cut" and d["rs_ag_bound"] is None
    with pytest.raises(ValueError):
        Verdict("fine")


def test_verifier_does_not_import_the_lp():
    folder = Path(verify_module.__file__).parent
    for module in sorted(folder.glob("*.py")):
        tree = ast.parse(module.read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for a in node.names}
        assert not any(m and (m == "lp" or m.endswith(".lp")) for m in imported), module.name
        assert "DESIGN.md" not in (ast.get_docstring(tree) or ""), module.name
    bound_module = sys.modules["forestcoll_opt.verify.bound"]
    assert "Optimality Binary Search" in bound_module.__doc__


def test_bound_of_rejects_bad_arguments(catalog):
    t = catalog("paper-example")
    with pytest.raises(VerifyArgumentError):
        bound_of(t, "broadcast", root=["box0/c0"])
    with pytest.raises(VerifyArgumentError):
        bound_of(t, "allreduce")


# --- a validity-only verdict --------------------------------------------------------------------

def test_validity_only_verdict_has_no_reference(paper):
    t, sched = paper
    v = verify(t, sched, validity_only=True)
    assert v.status == "valid" and v.valid and not v.optimal and not v.contradiction
    assert v.algbw == 8 == verify(t, sched).algbw
    assert v.against is None and v.bound_algbw is None and v.ratio is None
    assert v.lp_interval is None and v.rs_ag_bound is None and v.bounds == ()
    assert [p.collective for p in v.phases] == ["allgather"] and v.phases[0].k == 1
    d = v.to_dict()
    assert (d["status"], d["valid"], d["optimal"]) == ("valid", True, False)
    assert d["ratio"] is None and d["bound_algbw"] is None and d["certificate"]["dual"] == []
    assert d["algbw"] == "8" and d["against"] is None
    for m in (1, Fraction(1, 2), "0.001"):
        assert not v.meets(m)
    # assert_optimal never passes on it: it has no such option, and its judgement refuses it
    with pytest.raises(TypeError):
        assert_optimal(t, sched, validity_only=True)
    err = verify_module._failure(v, Fraction(1, 1000))
    assert isinstance(err, AssertionError) and err.verdict is v
    assert "compares with no reference" in str(err)
    assert verify_module._failure(verify(t, sched), Fraction(1)) is None
    assert "valid" in verify_module.STATUSES


def test_validity_only_reports_the_same_problems(paper):
    t, sched = paper
    bad = copy.deepcopy(sched)
    first_tree(bad)["edges"].pop()
    v = verify(t, bad, validity_only=True)
    assert v.status == "invalid" and not v.valid and v.against is None
    assert v.reasons == verify(t, bad).reasons and v.reasons
    with pytest.raises(VerifyArgumentError, match="validity_only"):
        verify(t, sched, validity_only="yes")
    with pytest.raises(VerifyArgumentError, match="against"):
        verify(t, sched, validity_only=True, against="cuts")


def test_validity_only_allreduce_solves_nothing(mi250_allreduce, catalog):
    t, s = mi250_allreduce

    def no_lp():
        raise AssertionError("a validity-only verdict must not ask for the LP")

    v = verify(t, s, validity_only=True, lp_interval=no_lp)
    assert v.status == "valid" and v.collective == "allreduce" and v.algbw == 104
    assert v.rs_ag_bound is None and v.equals_rs_ag_bound is None and v.lp_interval is None
    assert [p.collective for p in v.phases] == ["reduce-scatter", "allgather"]
    v = verify(t, s, validity_only=True, lp_interval=(128, 129))
    assert v.lp_interval is None and "lp_interval is ignored" in v.notes[-1]
    # a weighted allreduce: accepted whatever `against` says, since nothing is compared
    p = catalog("paper-example")
    w = {c: 2 if i == 0 else 1 for i, c in enumerate(p.compute_nodes)}
    weighted = generate(p, collective="allreduce", weights=w).to_dict()
    with pytest.raises(VerifyArgumentError):
        verify(p, weighted, against="trees")
    v = verify(p, weighted, against="trees", validity_only=True)
    assert v.status == "valid" and v.algbw == Fraction(18, 5)
    assert dict(v.weights) == w


# --- the top-level verify: the allreduce LP on demand -------------------------------------------

def test_top_level_verify_solves_the_allreduce_lp_when_needed(catalog, tmp_path, capsys,
                                                              monkeypatch):
    import forestcoll_opt as fc
    from forestcoll_opt.analysis import checks
    from forestcoll_opt.cli import verify_cmds

    # behind the public face's topology reader (a spec or a path reads as fc.resolve does)
    # and its group= (forestcoll_opt.model.group_scope)
    assert inspect.unwrap(fc.verify) is checks.verify
    assert inspect.unwrap(fc.assert_optimal) is checks.assert_optimal
    assert verify_cmds.allreduce_lp is checks.allreduce_lp      # one function, CLI and API
    t = fc.resolve("paper-example")
    s = fc.generate(t, collective="allreduce")
    v = fc.verify(t, s)
    assert v.status == "optimal" and v.ratio == 1 and v.lp_interval == (4, 4)
    assert fc.assert_optimal(t, s).optimal
    path = tmp_path / "ar.json"
    path.write_text(s.to_json())
    assert main(["verify", "paper-example", str(path), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert (cli["status"], cli["ratio"]) == (v.status, "1") and cli["lp_interval"] == {
        "lower": "4", "upper": "4"}
    with pytest.raises(VerifyArgumentError):                  # the verifier itself still asks
        verify(t, s)

    from forestcoll_opt.lp import solver

    def no_lp(*args, **kwargs):
        raise AssertionError("the LP is not needed here")

    monkeypatch.setattr(solver, "solve", no_lp)
    v = fc.verify(t, s, lp_interval=(Fraction(5), Fraction(5)))    # passed through, as given
    assert v.status == "below" and v.ratio == Fraction(4, 5) and v.lp_interval == (5, 5)
    assert fc.verify(t, s, against="trees").optimal
    assert fc.verify(t, s, validity_only=True).status == "valid"
    assert fc.verify(t, fc.generate(t, collective="allgather")).optimal
    bad = s.to_dict()
    bad["phases"][0]["trees"][0]["edges"].pop()
    assert fc.verify(t, bad).status == "invalid"             # invalid: nothing solved
    with pytest.raises(AssertionError, match="below 1"):
        fc.assert_optimal(t, s, lp_interval=(5, 5))
    assert checks.allreduce_lp(t, against="trees") is None


def test_a_verdict_holds_the_collective_as_the_enum_and_sums_its_weights():
    # the verifier keeps its own reading of the file (strings); what it returns names the
    # collective by the enum, and W and the nodes without a shard are the verdict's, not
    # sums the command line makes
    from fractions import Fraction

    from forestcoll_opt.model.collective import Collective
    from forestcoll_opt.verify.bound import CutBound
    from forestcoll_opt.verify.loads import PhaseLoad

    v = Verdict("valid", collective="reduce-scatter", algbw=Fraction(3),
                weights=(("a", 2), ("b", 0), ("c", 3), ("d", 0)))
    assert v.collective is Collective.REDUCE_SCATTER and v.to_dict()["collective"] == \
        "reduce-scatter"
    assert (v.total_weight, v.unsharded) == (5, 2)
    assert (Verdict("valid", collective="allgather").total_weight,
            Verdict("valid", collective="allgather").unsharded) == (None, 0)
    assert Verdict("invalid", ("no collective",)).collective is None
    b = CutBound("broadcast", Fraction(4), ("x",), 1, Fraction(4), "max-flow")
    p = PhaseLoad("allgather", 2, Fraction(1, 8), ())
    assert (b.collective, p.collective) == (Collective.BROADCAST, Collective.ALLGATHER)
    assert type(b.collective) is type(p.collective) is Collective


def _cut_rows(verdict) -> list[tuple[str, str]]:
    import re
    return re.findall(r"<th[^>]*>([^<]*cut S\*[^<]*)</th><td[^>]*>([^<]*)</td>",
                      verdict._repr_html_())


def test_an_allreduce_verdict_shows_its_one_cut_once(catalog):
    """An allreduce's reduce-scatter and allgather bounds have one cut S* on a balanced
    network (B+(S) = B-(S) for every S): the summary (and the report's verdict section)
    showed it twice, one row per phase; now one row names both."""
    t = catalog("paper-example")
    v = verify(t, generate(t, collective="allreduce"), against="trees")
    assert [b.cut for b in v.bounds][0] == [b.cut for b in v.bounds][1]
    assert _cut_rows(v) == [("reduce-scatter and allgather cut S*",
                             "4 compute of 6 nodes, B(S*)=4")]
    ag = verify(t, generate(t))
    assert _cut_rows(ag) == [("allgather cut S*", "4 compute of 6 nodes, B(S*)=4")]


def test_a_weighted_allreduce_verdict_says_which_shards_each_cut_counts(catalog):
    """With shard weights the verdict holds four bounds: the rows were "reduce-scatter cut
    S*", "allgather cut S*", then the same two labels again for other cuts."""
    import json as _json
    t = catalog("dgx-a100:boxes=2")
    weights = _json.loads((Path(__file__).parents[2] / "examples" /
                           "shards-dgx-a100-2.json").read_text())
    s = generate(t, collective="allreduce", weights=weights)
    v = verify(t, s, weights=weights, lp_interval=(Fraction(520, 3), Fraction(520, 3)))
    assert len(v.bounds) == 4
    assert _cut_rows(v) == [
        ("reduce-scatter and allgather cut S* (equal shards)", "15 compute of 19 nodes, B(S*)=325"),
        ("reduce-scatter and allgather cut S* (shard weights)", "8 compute of 11 nodes, B(S*)=200")]


def test_the_verdict_summary_gives_each_note_a_row_and_an_integer_alone(catalog):
    """The summary (the report's verdict section, a notebook's) ran the notes together
    into one paragraph ("... algbw / lower = 1 (~1.000000) equals the reduce-scatter ...")
    and showed an integer algbw as "4 (4)"."""
    import re
    t = catalog("paper-example")
    v = verify(t, generate(t, collective="allreduce"), lp_interval=(Fraction(4), Fraction(4)))
    rows = re.findall(r"<th[^>]*>([^<]*)</th><td[^>]*>([^<]*)</td>", v._repr_html_())
    assert ("algbw", "4") in rows
    assert [text for key, text in rows if key == "note"] == list(v.notes) == [
        "reaches the allreduce LP optimum within its certified interval [4, 4]: algbw / upper "
        "= 1 (~1.000000), algbw / lower = 1 (~1.000000)",
        "equals the reduce-scatter + allgather tree bound 4 exactly"]
    ag = verify(t, generate(t, collective="allgather", k=1))
    assert ("algbw", "8") in re.findall(r"<th[^>]*>([^<]*)</th><td[^>]*>([^<]*)</td>",
                                        ag._repr_html_())
