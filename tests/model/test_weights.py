"""Shard weights: reading and normalising them, the weighted bound against brute force, and
weighted schedules exactly at it (checked by the test-side checker and the verifier)."""

import json
from fractions import Fraction

import pytest

from forestcoll_opt.model import weights as W
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.cli import main
from forestcoll_opt.errors import BoundError, ScheduleError, WeightsError
from forestcoll_opt.model.schedule import loads
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import brute_force_bound, brute_force_weighted_bound, random_network
from schedcheck import achieved_algbw

STAR = {"format": "forestcoll-topology/1", "name": "star", "nodes": [
    {"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"},
    {"id": "c", "kind": "compute"}, {"id": "w", "kind": "switch"}],
    "links": [{"src": v, "dst": "w", "bandwidth": bw, "bidirectional": True}
              for v, bw in (("a", 1), ("b", 2), ("c", 3))]}


def test_normalize_scales_to_coprime_integers():
    t = from_dict(STAR)
    assert W.normalize(t, {"a": "1/2", "b": 1, "c": "1.5"}) == (1, 2, 3)
    assert W.normalize(t, {"a": 2, "b": 4, "c": 6}) == (1, 2, 3)
    assert W.normalize(t, {"a": 0, "b": 4, "c": 6}) == (0, 2, 3)
    assert W.normalize(t, {"a": 5, "b": 5, "c": "5.0"}) is None          # uniform
    assert W.normalize(t, None) is None


@pytest.mark.parametrize("weights, match", [
    ({"a": 1, "b": 1}, "'c'.*has no weight"),
    ({"a": 1, "b": 1, "c": 1, "w": 1}, "'w' is a switch"),
    ({"a": 1, "b": 1, "c": 1, "zz": 1}, "'zz' is not a node"),
    ({"a": -1, "b": 1, "c": 1}, "'a' has weight -1.*cannot be negative"),
    ({"a": 0, "b": 0, "c": 0}, "every weight is 0"),
    ({"a": "abc", "b": 1, "c": 1}, "'a'.*not a number"),
    ({"a": True, "b": 1, "c": 1}, "'a'.*not a number"),
    ([1, 2, 3], "must map every compute node"),
])
def test_bad_weights_name_the_node(weights, match):
    with pytest.raises(WeightsError, match=match):
        W.normalize(from_dict(STAR), weights)


def test_star_by_hand():
    # Star through one switch, a/b/c with 1/2/3 GB/s each way, weights 1/2/3 (W = 6).
    # Cuts S that miss a compute node: S = {a} leaves 1 with weight 1 (ratio 1), {b}: 2/2,
    # {c}: 3/3, {a,b,w} leaves 3 (to c) carrying 3 (ratio 1), {a,c,w}: 2 for 4 (ratio 2),
    # {b,c,w}: 1 for 5 (ratio 5): 1/x* = 5, algbw = W·x* = 6/5. Uniform weights: S =
    # {b,c,w} has 2 compute nodes over 1 GB/s, algbw = 3/2.
    t = from_dict(STAR)
    weighted = bound(t, weights={"a": 1, "b": 2, "c": 3})
    assert weighted.algbw == Fraction(6, 5) and weighted.inv_x == 5
    assert set(weighted.cut) == {"b", "c", "w"} and weighted.cut_weight == 5
    assert weighted.total_weight == 6 and dict(weighted.weights) == {"a": 1, "b": 2, "c": 3}
    assert bound(t).algbw == Fraction(3, 2)
    s = generate(t, collective="allgather", weights={"a": 1, "b": 2, "c": 3})
    assert s.algbw == Fraction(6, 5)
    roots = {}
    for tree in s.trees:
        roots[tree.root] = roots.get(tree.root, 0) + tree.weight
    assert roots == {"a": s.k, "b": 2 * s.k, "c": 3 * s.k}


def test_bound_refuses_weights_for_single_root_collectives():
    with pytest.raises(BoundError, match="single root"):
        bound(from_dict(STAR), collective="broadcast", root="a", weights={"a": 1, "b": 2, "c": 3})
    with pytest.raises(ScheduleError, match="single root"):
        generate(from_dict(STAR), collective="reduce", root="a", weights={"a": 1, "b": 2, "c": 3})


@pytest.mark.parametrize("seed", range(60))
def test_weighted_bound_equals_brute_force(seed):
    data = random_network(seed + 4100)
    t = from_dict(data)
    import random

    rng = random.Random(seed)
    weights = {v: rng.choice([0, 1, 1, 2, 3, 5, Fraction(1, 2)]) for v in t.compute_nodes}
    if not any(weights.values()):
        weights[t.compute_nodes[0]] = 1
    expected = brute_force_weighted_bound(data, weights)
    for collective, net in (("allgather", data), ("reduce-scatter", None)):
        b = bound(t, collective=collective, weights=weights)
        if net is not None:
            assert b.algbw == expected
        # every cut ratio is real: the reported cut carries exactly 1/x*
        assert b.cut_ratio == b.inv_x
    for symmetric in (False, True):
        assert bound(t, weights=weights, symmetry=symmetric).algbw == expected


@pytest.mark.parametrize("seed", range(40))
def test_weighted_schedules_reach_the_weighted_bound(seed):
    import random

    data = random_network(seed + 4300)
    t = from_dict(data)
    rng = random.Random(seed)
    weights = {v: rng.choice([0, 1, 2, 3, "3/2"]) for v in t.compute_nodes}
    if not any(W.normalize(t, {v: Fraction(w) for v, w in weights.items()}) or (1,)):
        weights[t.compute_nodes[0]] = 1
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective, weights=weights)
        best = bound(t, collective=collective, weights=weights).algbw
        assert s.algbw == best
        text = s.to_json()
        assert achieved_algbw(t, json.loads(text)) == best      # test-side checker
        verdict = verify(t, json.loads(text), weights=weights)
        assert verdict.optimal, verdict.reasons
        assert loads(text).to_json() == text                     # round trip, same bytes
    if all(t.capacity.get((v, u)) == c for (u, v), c in t.capacity.items()):
        # fixed k floors the capacities, which keeps switches balanced only when every
        # link has equal bandwidth both ways (FixedKError otherwise, tested elsewhere)
        k2 = generate(t, collective="allgather", weights=weights, k=2)
        assert k2.algbw <= bound(t, weights=weights).algbw
        assert achieved_algbw(t, k2.to_dict()) == k2.algbw


def test_uniform_weights_are_the_plain_collective(catalog):
    t = catalog("dgx-a100:boxes=2")
    plain = generate(t, collective="allgather")
    same = generate(t, collective="allgather", weights={v: 7 for v in t.compute_nodes})
    assert same.to_json() == plain.to_json()                     # version 1, same bytes
    assert json.loads(same.to_json())["format"] == "forestcoll-schedule/1"


def test_weighted_catalog_machine_with_symmetry(catalog):
    # half the GPUs of each box carry twice the data: the group keeping the weights is
    # smaller, and symmetric generation must still reach the weighted bound exactly. The
    # bottleneck is still one box's 8 x 25 GB/s of IB: S = the other three boxes holds
    # weight 36 of W = 48, so algbw = 48 · 200/36 = 800/3, as without weights.
    t = catalog("dgx-a100:boxes=4")
    weights = {v: 1 + i % 2 for i, v in enumerate(t.compute_nodes)}
    best = bound(t, weights=weights)
    assert best.algbw == Fraction(800, 3) and best.cut_weight == 36
    for symmetric in (False, True):
        s = generate(t, collective="allgather", weights=weights, symmetry=symmetric)
        assert s.algbw == best.algbw
        assert achieved_algbw(t, s.to_dict()) == best.algbw


def test_weighted_allreduce_and_fixed_k(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    weights = {v: 1 + (i % 4 == 0) for i, v in enumerate(t.compute_nodes)}
    rs = bound(t, collective="reduce-scatter", weights=weights).algbw
    ag = bound(t, weights=weights).algbw
    s = generate(t, collective="allreduce", weights=weights)
    assert s.algbw == 1 / (1 / rs + 1 / ag)
    assert achieved_algbw(t, s.to_dict()) == s.algbw
    assert dict(s.weights) == weights
    one = generate(t, collective="allgather", weights=weights, k=1)
    assert achieved_algbw(t, one.to_dict()) == one.algbw <= ag


def test_cli_weights(tmp_path, capsys):
    t = from_dict(STAR)
    topo = tmp_path / "star.json"
    topo.write_text(json.dumps(STAR))
    wfile = tmp_path / "w.json"
    wfile.write_text(json.dumps({"a": 1, "b": "2", "c": 3.0}))
    out = tmp_path / "s.json"
    assert main(["bound", str(topo), "--weights", str(wfile), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["algbw"] == "6/5" and data["weights"] == {"a": 1, "b": 2, "c": 3}
    assert main(["generate", str(topo), "--weights", str(wfile), "-o", str(out), "-q"]) == 0
    assert "6/5" in capsys.readouterr().out
    assert json.loads(out.read_text())["weights"] == {"a": 1, "b": 2, "c": 3}
    assert main(["verify", str(topo), str(out), "--weights", str(wfile)]) == 0
    capsys.readouterr()
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"a": 1, "b": 1, "c": 2}))
    assert main(["verify", str(topo), str(out), "--weights", str(other)]) == 2
    assert "weights" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"a": 1, "b": 2}))
    assert main(["bound", str(topo), "--weights", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'c'" in err and "bad.json" in err
    bad.write_text("{not json")
    assert main(["generate", str(topo), "--weights", str(bad), "-o", str(tmp_path / "x.json")]) == 2
    assert not (tmp_path / "x.json").exists()
    assert main(["generate", str(topo), "--weights", str(tmp_path / "missing.json"),
                 "-o", str(tmp_path / "x.json")]) == 2
    assert "cannot read weights" in capsys.readouterr().err
    assert t.compute_nodes == ("a", "b", "c")


def test_uniform_brute_force_agrees():
    for seed in range(10):
        data = random_network(seed + 4700)
        t = from_dict(data)
        n = len(t.compute_nodes)
        assert brute_force_weighted_bound(data, dict.fromkeys(t.compute_nodes, 1)) \
            == n / brute_force_bound(data) == bound(t).algbw


def test_weights_whose_counts_do_not_fit_the_format():
    t = from_dict(STAR)
    with pytest.raises(WeightsError, match="2\\^63"):
        W.normalize(t, {"a": "1e-30", "b": 1, "c": 1})
    with pytest.raises(ScheduleError, match="2\\^63"):
        generate(t, collective="allgather", weights={"a": 2**62, "b": 1, "c": 1}, k=4)


def test_bottleneck_names_an_unreachable_node():
    from forestcoll_opt.generation.bounding import bottleneck

    with pytest.raises(BoundError, match="cannot be reached"):
        bottleneck(4, {(0, 1): 1, (1, 0): 1, (2, 3): 1, (3, 2): 1}, [0, 1, 2, 3], [1] * 4)
