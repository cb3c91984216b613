"""The orbit construction (generation/orbits.py, pipeline.orbit_schedule): compact schedules
built one tree per orbit of an abelian group, checked against the bound, the independent
verifier on the expanded trees, loads counted here tree by tree, and the fallback of
generate(compact=True) when the construction cannot finish."""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.generation import orbits, pipeline
from forestcoll_opt.generation.pipeline import generate, orbit_schedule
from forestcoll_opt.generation.splitting import JointSplitIncomplete
from forestcoll_opt.kernels import abelian
from forestcoll_opt.model import topology as T
from forestcoll_opt.model.collective import Collective
from forestcoll_opt.model.compact import expand
from forestcoll_opt.model.faults import degrade, failures, problem
from forestcoll_opt.verify import verify
from randomnets import random_symmetric_network

SPECS = ["dgx-h100:boxes=4", "dgx-h100:boxes=16,fabric=su", "dgx-b200:boxes=8,fabric=su",
         "mi300x:boxes=4", "dgx-a100:boxes=8"]
COLLECTIVES = ["allgather", "reduce-scatter", "allreduce"]


def _bound_algbw(topo, collective: str) -> Fraction:
    if collective == "allreduce":
        rs = fc.bound(topo, collective="reduce-scatter").algbw
        ag = fc.bound(topo, collective="allgather").algbw
        return 1 / (1 / rs + 1 / ag)
    return fc.bound(topo, collective=collective).algbw


def _verdict(topo, schedule):
    against = {"against": "trees"} if schedule.collective is Collective.ALLREDUCE else {}
    return verify(topo, schedule, **against)


def _check_loads(topo, compact) -> Fraction:
    """Loads counted here, hop by hop over every expanded tree: within the capacity the
    tree bandwidth gives each link (U · b_e trees), and the algbw they give."""
    full = expand(compact)
    n = len(topo.compute_nodes)
    time = Fraction(0)
    for phase in full.phases or (full,):
        load: dict[tuple[str, str], int] = {}
        for tree in phase.trees:
            for e in tree.edges:
                for hop in zip(e.path, e.path[1:]):
                    load[hop] = load.get(hop, 0) + tree.weight
        for hop, count in load.items():
            assert count * phase.tree_bandwidth <= topo.capacity[hop], hop
        assert sum(t.weight for t in phase.trees) == n * phase.k       # k trees per root
        time += max(Fraction(c) / topo.capacity[hop] for hop, c in load.items()) / (n * phase.k)
    return 1 / time


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", COLLECTIVES)
def test_orbit_schedule_is_built_and_optimal_on_the_catalog(catalog, spec, collective):
    topo = catalog(spec)
    s = orbit_schedule(topo, collective=Collective(collective))
    assert s is not None and s.stats.orbit_construction == 1
    assert s.compact and s.group_order >= 8
    phases = s.phases or (s,)
    assert all(p.orbits and not p.trees for p in phases)
    assert all(p.stats.packing_group_order == s.group_order for p in phases)
    bound = _bound_algbw(topo, collective)
    assert s.algbw == bound
    assert _check_loads(topo, s) == bound
    full = expand(s)
    assert full.num_trees == s.num_trees
    verdict = _verdict(topo, full)
    assert verdict.status == "optimal" and verdict.algbw == bound
    assert _verdict(topo, s).status == "optimal"
    # generate(compact=True) takes this schedule as it is
    assert generate(topo, collective=collective, compact=True).to_json() == s.to_json()


@pytest.mark.parametrize("spec", ["dgx-h100:boxes=16,fabric=su", "mi300x:boxes=4"])
def test_orbit_schedule_is_byte_identical_across_runs(catalog, spec):
    topo = catalog(spec)
    first = orbit_schedule(topo, collective=Collective.ALLREDUCE).to_json()
    assert orbit_schedule(topo, collective=Collective.ALLREDUCE).to_json() == first


def test_generate_compact_is_byte_identical_across_hash_seeds(catalog, tmp_path):
    spec = "dgx-h100:boxes=16,fabric=su"
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"{seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "forestcoll_opt", "generate", spec,
                        "--collective", "allreduce", "--compact", "-q", "-o", str(out)],
                       check=True, env=env, capture_output=True)
        outs.append(out.read_text(encoding="utf-8"))
    schedule = orbit_schedule(catalog(spec), collective=Collective.ALLREDUCE)
    assert outs[0] == outs[1] and outs[0].strip() == schedule.to_json().strip()


def test_a_representative_is_cut_where_its_orbit_runs_short(catalog, monkeypatch):
    # dgx-h100 on 4 boxes: k = 10 trees per GPU cannot all follow one tree (its NVLink
    # orbit would carry more than its capacity); growing whole gets stuck, cutting gives
    # 2 representatives for the 32 GPUs (one orbit, |H| = 32), weights 10 in all
    topo = catalog("dgx-h100:boxes=4")
    s = orbit_schedule(topo, collective=Collective.ALLGATHER)
    assert s.group_order == 32 and s.k == 10
    assert len(s.orbits) == 2 and sum(t.weight for t in s.orbits) == 10
    assert {t.root for t in s.orbits} == {s.orbits[0].root}
    grow = orbits._grow
    monkeypatch.setattr(orbits, "_grow",
                        lambda *a, **k: grow(*a, **dict(k, split=False)))
    assert orbit_schedule(topo, collective=Collective.ALLGATHER) is None


def test_rooted_collectives_and_multicast_switches_are_not_built_this_way(catalog):
    topo = catalog("dgx-h100:boxes=4")
    assert orbit_schedule(topo, collective=Collective.BROADCAST) is None
    assert orbit_schedule(topo, collective=Collective.ALLGATHER, root="box0/gpu0") is None
    nvls = catalog("dgx-h100:boxes=4,nvls=1")
    assert orbit_schedule(nvls, collective=Collective.ALLGATHER) is None
    s = orbit_schedule(nvls, collective=Collective.ALLGATHER, multicast="off")
    assert s is not None and s.algbw == fc.bound(nvls).algbw


@pytest.mark.parametrize("seed", range(12))
def test_random_symmetric_networks_are_optimal_built_or_not(seed):
    topo = T.from_dict(random_symmetric_network(seed))
    for collective in COLLECTIVES:
        bound = _bound_algbw(topo, collective)
        s = orbit_schedule(topo, collective=Collective(collective))
        if s is not None:
            assert s.stats.orbit_construction == 1 and s.algbw == bound
            assert _check_loads(topo, s) == bound
            assert _verdict(topo, expand(s)).status == "optimal"
        comp = generate(topo, collective=collective, compact=True)
        assert comp.compact and comp.algbw == bound
        assert comp.stats.orbit_construction == (1 if s is not None else None)
        assert _verdict(topo, expand(comp)).status == "optimal"


def _stuck(*args, **kwargs):
    raise orbits._Stuck()


def _split_incomplete(*args, **kwargs):
    raise JointSplitIncomplete("cannot split in whole orbits")


@pytest.mark.parametrize("spec", ["dgx-h100:boxes=4"])
@pytest.mark.parametrize("failure", [("_grow", _stuck), ("split_switches", _split_incomplete)])
def test_generate_compact_falls_back_when_the_construction_cannot_finish(
        catalog, spec, failure, monkeypatch):
    topo = catalog(spec)
    monkeypatch.setattr(orbits, *failure)
    assert orbit_schedule(topo, collective=Collective.ALLGATHER) is None
    for collective in COLLECTIVES:
        comp = generate(topo, collective=collective, compact=True)
        assert comp.stats.orbit_construction is None
        assert comp.compact and comp.algbw == _bound_algbw(topo, collective)
        assert _verdict(topo, expand(comp)).status == "optimal"
    assert pipeline.orbit_schedule is orbit_schedule


def test_gb200_is_built_by_the_orbit_construction_when_racks_and_rails_rotate_together(
        catalog):
    # gb200-nvl72:racks=4 (and 64, 128): the automorphism generators hold the rotation of
    # racks and rails together (order 4, and Z_4 x Z_4 is not cyclic) but neither rotation
    # alone, so the group found had order 72 (the twins' rotation and that one), 4
    # representatives, the growth got stuck and generate(compact=True) built every tree.
    # With the boxes' rotation among the candidates and the quotient by it (the rails'
    # rotation), the group acts regularly: 18 x 4 x 4 = 288 GPUs, one representative.
    # The bound is the cut "all GPUs but one": 287 GPUs, 950 GB/s (900 NVLink + 50 NIC)
    # into the last one, so algbw = 950 · 288 / 287 (reduce-scatter the same, reversed).
    topo = catalog("gb200-nvl72:racks=4")
    bound = Fraction(950 * 288, 287)
    assert fc.bound(topo).algbw == bound
    for collective in ("allgather", "reduce-scatter", "allreduce"):
        s = generate(topo, collective=collective, compact=True)
        assert s.stats.orbit_construction == 1 and s.compact
        assert s.group_order == 288
        assert s.algbw == (bound / 2 if collective == "allreduce" else bound)
        assert _check_loads(topo, s) == s.algbw
        phases = s.phases or (s,)
        assert all(len({t.root for t in p.orbits}) == 1 for p in phases)
        assert _verdict(topo, s).status == "optimal"


def test_weights_keep_only_the_rotations_that_keep_them(catalog):
    # GPUs 0 and 4 of each rack weigh 2: the twins' rotation (gpu0 -> gpu4 -> gpu8 on rail
    # 0) does not keep the weights and is left out; the racks' rotation (the swap of the
    # 2 racks) does, and builds the schedule at the weighted bound. The twins' rotation
    # was a candidate regardless of the weights, and the construction gave up
    topo = catalog("gb200-nvl72:racks=2")
    weights = {v: 2 if v.endswith(("/gpu0", "/gpu4")) else 1 for v in topo.compute_nodes}
    s = generate(topo, weights=weights, compact=True)
    assert s.stats.orbit_construction == 1 and s.group_order == 2
    assert s.algbw == fc.bound(topo, weights=weights).algbw == Fraction(140600, 147)
    assert verify(topo, s).status == "optimal"


def test_a_fallback_says_why_and_warns_on_a_large_network(catalog, monkeypatch, caplog):
    # the orbit construction does not build a broadcast: the reason at INFO, then (above
    # FALLBACK_WARN_ABOVE compute nodes, lowered here to 8) a warning before every tree is
    # built; the schedule itself is unchanged (compact, at the bound)
    topo = catalog("dgx-h100:boxes=2")
    monkeypatch.setattr(pipeline, "FALLBACK_WARN_ABOVE", 8)
    with caplog.at_level(logging.INFO, logger="forestcoll_opt.generation"):
        s = generate(topo, collective="broadcast", root="box0/gpu0", compact=True)
    assert s.compact and s.algbw == fc.bound(topo, collective="broadcast",
                                             root="box0/gpu0").algbw == 400
    records = [(r.levelname, r.getMessage()) for r in caplog.records
               if r.name.startswith("forestcoll_opt.generation")]
    assert records[:2] == [
        ("INFO", "orbit construction not used: broadcast has one root"),
        ("WARNING", "compact: the orbit construction does not apply; building every tree on "
                    "16 compute nodes instead, which takes long (minutes to hours, GBs) above "
                    "about 1,000")]


def test_a_stuck_tree_is_freed_by_moving_another_tree_off_the_orbit(catalog, monkeypatch):
    # 2,048 A100: 2 representatives under the rotation of the 256 boxes and of the GPUs
    # of each box on one InfiniBand plane (twins, order 4); a box of one of them can only
    # be filled over an NVLink orbit the other used up, until the other reaches a node of
    # that orbit by another edge (_swap). With the rotation of the boxes among the
    # candidates the group is regular (order 2,048, one representative) and nothing is
    # stuck: left out here, as before it was a candidate, to keep the two representatives
    topo = catalog("dgx-a100:boxes=256")
    monkeypatch.setattr(abelian, "box_rotation", lambda topology: None)
    swaps = []
    original = orbits._swap

    def counting(*args, **kwargs):
        swaps.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(orbits, "_swap", counting)
    built = orbit_schedule(topo, collective=Collective.ALLGATHER)
    assert built is not None and swaps
    assert built.stats.orbit_construction == 1 and len(built.orbits) == 2
    assert built.group_order == 1024
    assert built.algbw == fc.bound(topo).algbw == Fraction(10240, 51)
    for rep in built.orbits:                        # written in growth order
        seen = {rep.root}
        for e in rep.edges:
            assert e.src in seen and e.dst not in seen
            seen.add(e.dst)
    assert verify(topo, built).status == "optimal"


# --- after a failure: a semi-free group (kernels/abelian.semi_free_abelian) -------------------

@pytest.mark.parametrize("spec, failure, order, reps", [
    ("dgx-h100:boxes=4", "nic:box1/gpu5", 7, 8),       # the 7 intact rails; GPU 5 fixed
    ("dgx-a100:boxes=4", "nic:box1/gpu5", 3, 16),      # the 3 intact boxes; box1 fixed
    ("mi300x:boxes=4", "nic:box1/gpu5", 7, 8),
    ("dgx-h100:boxes=16", "nic:box3/gpu5", 15, 16),    # the 15 intact boxes
])
def test_after_a_failure_the_orbit_schedule_is_optimal_on_the_degraded_network(
        catalog, spec, failure, order, reps):
    topo = degrade(catalog(spec), [failure])
    s = orbit_schedule(topo, collective=Collective.ALLGATHER)
    assert s is not None and s.stats.orbit_construction == 1
    assert s.group_order == order == s.stats.packing_group_order
    # one representative per fixed root and per orbit of moved roots (more where cut)
    roots = {t.root for t in s.orbits}
    assert len(roots) == reps <= len(s.orbits)
    # the least k at the bound times |H|: a fixed root's trees are |H| images each
    assert s.k == s.stats.paper_k * order or s.k % order == 0
    bound = fc.bound(topo).algbw
    assert s.algbw == bound
    assert _check_loads(topo, s) == bound             # every tree written out, counted here
    assert verify(topo, s).status == "optimal"        # the verifier on the compact file
    full = expand(s)
    assert full.num_trees == order * len(s.orbits)
    assert verify(topo, full).status == "optimal"     # and on every tree
    assert generate(topo, collective="allgather", compact=True).to_json() == s.to_json()


@pytest.mark.parametrize("seed", range(16))
def test_random_symmetric_networks_with_a_random_failure_are_optimal(seed):
    whole = T.from_dict(random_symmetric_network(seed))
    rng = random.Random(seed)
    failure = rng.choice([f for f in failures(whole) if problem(whole, f) is None])
    topo = degrade(whole, [failure])
    bound = fc.bound(topo).algbw
    s = orbit_schedule(topo, collective=Collective.ALLGATHER)
    if s is not None:
        assert s.stats.orbit_construction == 1 and s.algbw == bound
        assert _check_loads(topo, s) == bound
        assert verify(topo, s).status == "optimal"
        assert verify(topo, expand(s)).status == "optimal"
    comp = generate(topo, collective="allgather", compact=True)
    assert comp.algbw == bound and verify(topo, comp).status == "optimal"
    BUILT.append(s is not None)


BUILT: list[bool] = []


def test_the_orbit_construction_is_taken_on_most_random_failures():
    # (after the test above: the failures it drew were built one tree per orbit in 9 of
    # the 16 networks; the others have no semi-free group or its growth got stuck)
    if len(BUILT) != 16:
        pytest.skip("runs after test_random_symmetric_networks_with_a_random_failure_are_optimal")
    assert sum(BUILT) >= 8


def _compact_after_failure(catalog):
    topo = degrade(catalog("dgx-h100:boxes=16"), ["nic:box3/gpu5"])
    s = orbit_schedule(topo, collective=Collective.ALLGATHER)
    assert verify(topo, s).status == "optimal"
    return topo, s


def test_a_forged_fixed_root_weight_is_refused(catalog):
    # a fixed root's representative stands for |H| trees: doubling one's weight gives
    # that root more than k trees, which the verifier counts per orbit without expanding
    topo, s = _compact_after_failure(catalog)
    data = json.loads(s.to_json())
    i = next(i for i, t in enumerate(data["orbits"]) if t["root"].startswith("box3/"))
    data["orbits"][i]["weight"] *= 2
    verdict = verify(topo, data)
    assert verdict.status == "invalid"
    assert any("box3/" in r and "weigh" in r for r in verdict.reasons), verdict.reasons


def test_a_forged_route_through_the_failed_nic_is_refused(catalog):
    # the healthy network's link from box3/gpu5 to its rail switch (its NIC) is gone on
    # the degraded one: a representative routed over it is refused
    topo, s = _compact_after_failure(catalog)
    data = json.loads(s.to_json())
    tree = next(t for t in data["orbits"] if t["root"] == "box3/gpu5")
    edge = tree["edges"][0]
    assert edge["src"] == "box3/gpu5" and edge["path"][1] == "box3/nvswitch"
    edge["path"] = [edge["src"], "rail5", edge["dst"]]
    verdict = verify(topo, data)
    assert verdict.status == "invalid" and verdict.algbw is None
    assert any("box3/gpu5" in r and "rail5" in r for r in verdict.reasons), verdict.reasons
    # and a healthy schedule is no schedule of the degraded network
    healthy = orbit_schedule(catalog("dgx-h100:boxes=16"), collective=Collective.ALLGATHER)
    assert verify(topo, healthy).status == "invalid"
