"""Allreduce schedules at the LP optimum (forestcoll_opt.lp.schedule): exact values on the
catalog and the hand-built asymmetric triangle, the certified interval on random networks,
both fallbacks, and what a forged or altered schedule looks like to the checkers."""

import json
import os
from fractions import Fraction

import pytest

from forestcoll_opt.lp import schedule as lp_schedule
from forestcoll_opt.generation.bounding import rs_ag_algbw
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ScheduleError
from forestcoll_opt.lp.solver import solve
from forestcoll_opt.lp.schedule import lp_allreduce
from forestcoll_opt.model.schedule import loads
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import random_network
from schedcheck import achieved_algbw, check, with_claims
from handmade import ASYM

SEEDS = int(os.environ.get("FORESTCOLL_LP_SCHEDULE_SEEDS", "200"))


def phase_roots(schedule, i):
    roots = {}
    for tree in schedule.phases[i].trees:
        roots[tree.root] = roots.get(tree.root, 0) + tree.weight
    return roots


def test_mi250_eight_gcds_reaches_128(catalog):
    # the example: reduce-scatter + allgather trees reach 104 GB/s, the LP 128
    t = catalog("mi250:boxes=2,gpus=8")
    lp = solve(t, collective="allreduce")
    s = lp_allreduce(t, lp=lp)
    assert s.algbw == 128 and rs_ag_algbw(t) == 104
    assert lp.lower <= 128 <= lp.upper
    data = json.loads(s.to_json())
    assert data["format"] == "forestcoll-schedule/2" and data["concurrent"] is True
    assert achieved_algbw(t, data) == 128                        # test-side checker
    verdict = verify(t, data, lp_interval=lp)
    assert verdict.optimal and verdict.algbw == 128, verdict.reasons
    # the same trees run one phase after the other are much slower
    data["concurrent"] = False
    assert check(t, data) is None                                # the algbw claim is now false
    assert verify(t, data, lp_interval=lp).status == "invalid"
    del data["algbw"]                                            # honest again: sequential
    data = with_claims(t, data)                                  # (the checker's algbw)
    sequential = verify(t, data, lp_interval=lp)
    assert sequential.status == "below" and sequential.algbw < 128


def test_hand_built_asymmetric_triangle_reaches_the_lp():
    # test_lp.test_hand_built_asymmetric_lp: trees 3/4, LP 1
    t = from_dict(ASYM)
    lp = solve(t, collective="allreduce")
    s = lp_allreduce(t, lp=lp)
    assert s.algbw == 1
    assert achieved_algbw(t, s.to_dict()) == 1
    assert verify(t, s.to_dict(), lp_interval=lp).optimal


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2",
                                  "mi250:boxes=2", "mi250:boxes=2,gpus=8"])
def test_catalog_at_least_the_tree_allreduce(catalog, spec):
    t = catalog(spec)
    lp = solve(t, collective="allreduce")
    s = lp_allreduce(t, lp=lp)
    assert s.algbw >= rs_ag_algbw(t)
    assert lp.lower <= s.algbw <= lp.upper
    assert s.algbw == lp.upper            # reconstruction recovers the optimum exactly here
    assert achieved_algbw(t, json.loads(s.to_json())) == s.algbw
    # each root reduces and broadcasts the same share: per-root tree weights k·ŵ_v
    w = dict(s.weights) if s.weights else dict.fromkeys(t.compute_nodes, 1)
    for i, phase in enumerate(s.phases):
        assert phase_roots(s, i) == {v: phase.k * w[v] for v in t.compute_nodes if w[v]}


@pytest.mark.parametrize("seed", range(SEEDS))
def test_random_networks_within_the_certified_interval(seed):
    data = random_network(seed + 5200, asymmetric=seed % 2 == 0)
    t = from_dict(data)
    lp = solve(t, collective="allreduce")
    s = lp_allreduce(t, lp=lp)
    assert lp.lower <= s.algbw <= lp.upper
    assert s.algbw >= rs_ag_algbw(t)
    assert achieved_algbw(t, json.loads(s.to_json())) == s.algbw


def test_without_reconstruction_the_certificate_point_is_used(catalog, monkeypatch):
    t = catalog("mi250:boxes=2,gpus=8")
    lp = solve(t, collective="allreduce")
    monkeypatch.setattr(lp_schedule, "RECONSTRUCTION_LIMITS", ())
    s = lp_allreduce(t, lp=lp, symmetry=False)
    assert s.stats["shares"] == "LP certificate point"
    assert lp.lower <= s.algbw <= lp.upper
    assert achieved_algbw(t, s.to_dict()) == s.algbw


def test_a_vertex_with_idle_roots_gives_zero_weights(catalog):
    # without averaging over the group HiGHS's vertex leaves some GCDs without a share:
    # they root no tree but every tree still spans them
    t = catalog("mi250:boxes=2,gpus=8")
    s = lp_allreduce(t, symmetry=False)
    assert s.algbw == 128
    w = dict(s.weights)
    idle = [v for v, x in w.items() if x == 0]
    assert idle
    for i in range(2):
        assert not set(idle) & set(phase_roots(s, i))
    assert achieved_algbw(t, json.loads(s.to_json())) == 128


def test_falls_back_to_concurrent_trees(catalog, monkeypatch):
    t = catalog("dgx-a100:boxes=2")
    monkeypatch.setattr(lp_schedule, "_rate", lambda *a: Fraction(0))
    s = lp_allreduce(t)
    assert s.stats["shares"].startswith("reduce-scatter + allgather trees")
    assert s.concurrent and s.algbw >= rs_ag_algbw(t)
    assert achieved_algbw(t, s.to_dict()) == s.algbw


def test_an_lp_of_another_topology_is_refused(catalog):
    lp = solve(catalog("paper-example"), collective="allreduce")
    with pytest.raises(ScheduleError, match="solved for"):
        lp_allreduce(catalog("dgx-a100:boxes=2"), lp=lp)
    with pytest.raises(ScheduleError, match="allreduce LPResult"):
        lp_allreduce(catalog("paper-example"), lp=solve(catalog("paper-example"), collective="allgather"))


def test_deterministic_and_round_trips(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    a, b = lp_allreduce(t).to_json(), lp_allreduce(t).to_json()
    assert a == b and loads(a).to_json() == a


def test_cli_method_lp(tmp_path, capsys):
    out = tmp_path / "ar.json"
    assert main(["generate", "mi250:boxes=2,gpus=8", "--collective", "allreduce",
                 "--method", "lp", "-o", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    assert "128 GB/s" in text and "LP optimum" in text
    assert main(["verify", "mi250:boxes=2,gpus=8", str(out)]) == 0
    assert "optimal" in capsys.readouterr().out.lower()
    assert main(["verify", "mi250:boxes=2,gpus=8", str(out), "--against", "trees"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    uniform = tmp_path / "uniform.json"
    uniform.write_text(json.dumps({f"box{b}/gcd{g}": 1 for b in range(2) for g in range(8)}))
    assert main(["verify", "mi250:boxes=2,gpus=8", str(out), "--weights", str(uniform)]) == 2
    assert "weights" in capsys.readouterr().err
    for bad in (["--method", "lp"], ["--collective", "allreduce", "--method", "lp", "--k", "2"],
                ["--collective", "allreduce", "--method", "lp", "--root", "box0/c0"]):
        assert main(["generate", "paper-example", *bad, "-o", str(tmp_path / "x.json")]) == 2
        assert capsys.readouterr().err.count("\n") == 1
        assert not (tmp_path / "x.json").exists()


def test_same_bytes_across_processes(tmp_path):
    import subprocess
    import sys

    outs = []
    for seed in ("0", "12345"):
        out = tmp_path / f"ar{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "forestcoll_opt", "generate", "mi250:boxes=2,gpus=8",
                        "--collective", "allreduce", "--method", "lp", "-o", str(out), "-q"],
                       check=True, capture_output=True, env=env)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


@pytest.mark.parametrize("factor", [10**9, Fraction(1, 10**9), Fraction(7, 1000)])
def test_decimal_units_reach_the_same_optimum(catalog, factor):
    # bandwidths in bytes/s (or 1e-9 units) bring powers of 5 that the LP's power-of-two
    # unit cannot hold: the shares are reconstructed in the topology's own unit as well
    t = catalog("mi250:boxes=2,gpus=8")
    data = t.to_dict()
    for link in data["links"]:
        link["bandwidth"] = str(Fraction(link["bandwidth"]) * factor)
    scaled = from_dict(data)
    lp = solve(scaled, collective="allreduce")
    s = lp_allreduce(scaled, lp=lp)
    assert s.algbw == 128 * factor
    assert verify(scaled, s.to_dict(), lp_interval=lp).optimal
    assert max(t.weight for p in s.phases for t in p.trees) < 10**6


def test_ties_with_the_trees_return_the_trees(catalog):
    t = catalog("mi250:boxes=2")
    s = lp_allreduce(t)
    assert s.stats["shares"] == "reduce-scatter + allgather trees (the LP's value exactly)"
    assert s.concurrent and s.algbw == rs_ag_algbw(t) == s.stats["lp_upper"]
