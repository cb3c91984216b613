"""forestcoll_opt.timing.tradeoffs under the ideal model: every candidate timed exactly as
simulate() times it, the fastest named per size, and the candidates' exact algbw those of
generate(k=…) and the baselines. (The calibrated default: test_calibrated.py.)"""

import json
import math
from fractions import Fraction

import pytest

from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.timing.simulation import simulate
from forestcoll_opt.timing.tradeoffs import default_baselines, default_ks, tradeoff

SIZES = [2**16, 2**20, 2**24, 2**28, 2**32]


def test_default_ks_and_baselines():
    assert default_ks(1) == [1]
    assert default_ks(13) == list(range(1, 14))
    assert default_ks(16) == list(range(1, 17))
    assert default_ks(83) == [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 83]
    assert default_ks(17) == [1, 2, 3, 4, 6, 8, 12, 16, 17]
    assert default_baselines("allgather") == ("ring",)
    assert default_baselines("allreduce") == ("ring", "dbtree")
    assert default_baselines("broadcast") == ("ring", "tree")


@pytest.fixture(scope="module")
def a100():
    t = resolve("dgx-a100:boxes=2")
    return t, tradeoff(t, collective="allgather", sizes=SIZES, model="ideal")


def test_candidates_are_the_fixed_k_schedules_and_the_ring(a100):
    t, r = a100
    assert r.optimum == bound(t).algbw == Fraction(1040, 3) and r.k_star == 13
    assert [c.name for c in r.candidates] == [f"k={k}" for k in range(1, 14)] + ["ring"]
    for c in r.candidates[:-1]:
        assert c.algbw == generate(t, collective="allgather", k=c.k).algbw <= r.optimum
    assert r.candidates[-1].algbw == baseline(t, "ring", collective="allgather").algbw
    assert r.candidates[12].algbw == r.optimum


def test_times_are_simulate_and_best_is_the_fastest(a100):
    t, r = a100
    for c in r.candidates:
        rows = simulate(t, c.schedule, SIZES, chunks="auto", model="ideal")
        for row, sim in zip(r.rows, rows):
            assert row.seconds[c.name] == sim.seconds and row.chunks[c.name] == sim.chunks
    for row in r.rows:
        assert row.seconds[row.best] == min(row.seconds.values())
    # what the model says on this machine: k = 1 (98.9 % of the optimum, trees one
    # compute hop shallower) is fastest at every size, the ring never
    assert {row.best for row in r.rows} == {"k=1"}
    # the README's figures: the optimal k = 13 is 6 - 12 % slower, the ring 1.6 - 1.9x
    assert all(1.05 < row.seconds["k=13"] / row.seconds["k=1"] < 1.13 for row in r.rows)
    assert all(1.6 < row.seconds["ring"] / row.seconds["k=1"] < 1.95 for row in r.rows)
    assert all(row.seconds["ring"] > 1.5 * row.seconds["k=1"] for row in r.rows)
    frame = r.frame()
    assert len(frame) == len(SIZES) * len(r.candidates)
    assert frame["best"].sum() == len(SIZES)
    big = frame[(frame.size_bytes == 2**32) & (frame.candidate == "k=13")].iloc[0]
    assert math.isclose(big.algbw, 2**32 / big.seconds / 1e9)


def test_small_k_wins_small_sizes_and_larger_k_large_sizes():
    # paper-example allgather: compare k=1 and the optimum by hand-chosen α: with a huge α
    # only hop counts matter, with α = 0 only bandwidth does
    t = resolve("paper-example")
    r0 = tradeoff(t, collective="allgather", sizes=[2**40], ks=[1, 2], baselines=[], alpha=0.0,
                  model="ideal")
    fast = max(r0.candidates, key=lambda c: c.algbw)
    assert r0.rows[0].best == fast.name
    r1 = tradeoff(t, collective="allgather", sizes=[1], ks=[1, 2], baselines=[], alpha=1.0,
                  chunks=1, model="ideal")
    low = min(r1.candidates, key=lambda c: (c.height, c.name))
    assert r1.rows[0].seconds[r1.rows[0].best] == r1.rows[0].seconds[low.name]


def test_rooted_and_allreduce():
    t = resolve("dgx-a100:boxes=1")
    root = t.compute_nodes[0]
    r = tradeoff(t, collective="broadcast", sizes=SIZES[:2], root=root, ks=[1], model="ideal")
    assert [c.name for c in r.candidates] == ["k=1", "ring", "tree"]
    r = tradeoff(t, collective="allreduce", sizes=SIZES[:2], ks=[1], model="ideal")
    assert [c.name for c in r.candidates][-2:] == ["ring", "dbtree"]
    # the calibrated default adds the library's own cost model
    r = tradeoff(t, collective="broadcast", sizes=SIZES[:2], root=root, ks=[1])
    assert [c.name for c in r.candidates] == ["k=1", "ring", "tree", "nccl"]


def test_allreduce_times_the_lp_schedule_where_generate_builds_it(catalog):
    # mi250:boxes=2,gpus=8: the LP schedule (128 GB/s) beats the trees' bound (104); it is
    # the candidate "lp" and wins the large sizes, where bandwidth counts
    t = catalog("mi250:boxes=2,gpus=8")
    r = tradeoff(t, collective="allreduce", sizes=[2**20, 2**30], ks=[1, 13], model="ideal")
    assert [c.name for c in r.candidates] == ["k=1", "k=13", "lp", "ring", "dbtree"]
    lp = r.candidates[2]
    assert (lp.k, lp.algbw, lp.trees) == (None, 128, 126) and lp.schedule.concurrent
    assert r.optimum == 104 and r.reference == "reduce-scatter + allgather tree bound"
    assert r.lp_interval[1] == 128 and r.rows[1].best == "lp"
    assert repr(r).startswith("Tradeoff(allreduce on mi250-2x8, ideal model: reduce-scatter "
                              "+ allgather tree bound 104 GB/s at k*=13, 5 candidates")
    # the trees alone: no LP solved, no lp candidate
    trees = tradeoff(t, collective="allreduce", sizes=[2**20], ks=[13], model="ideal",
                     method="trees")
    assert [c.name for c in trees.candidates] == ["k=13", "ring", "dbtree"]
    assert trees.lp_interval is None
    # where the trees reach the LP optimum there is no lp candidate, but the interval
    equal = tradeoff(catalog("paper-example"), collective="allreduce", sizes=[2**20],
                     model="ideal")
    assert "lp" not in [c.name for c in equal.candidates] and equal.lp_interval == (4, 4)
    with pytest.raises(ForestCollError, match="method='best'"):
        tradeoff(t, collective="allreduce", sizes=[2**20], method="best")


def test_cli_names_the_allreduce_bounds(capsys):
    assert main(["tradeoff", "mi250:boxes=2,gpus=8", "--collective", "allreduce", "--sizes",
                 "1GiB", "--k", "13", "--model", "ideal"]) == 0
    out = capsys.readouterr()[0]
    assert out.splitlines()[0] == (
        "allreduce on mi250-2x8: reduce-scatter + allgather tree bound 104 GB/s at k=13; the "
        "lp candidate reaches the allreduce LP optimum (certified interval [128, 128] GB/s)")
    assert "        lp              128     126       9" in out
    assert main(["tradeoff", "paper-example", "--collective", "allreduce", "--sizes", "1GiB",
                 "--model", "ideal", "--json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert data["reference"] == "reduce-scatter + allgather tree bound"
    assert data["lp_interval"] == {"lower": "4", "upper": "4"} and data["optimum"] == "4"


def test_bad_requests():
    t = resolve("paper-example")
    for kwargs in ({"ks": [0]}, {"ks": [1, 1]}, {"ks": [True]}, {"baselines": ["ring", "ring"]},
                   {"baselines": ["dbtree"]}, {"root": t.compute_nodes[0]}):
        with pytest.raises(ForestCollError):
            tradeoff(t, collective="allgather", sizes=[1024], model="ideal", **kwargs)
    with pytest.raises(ForestCollError):
        tradeoff(t, collective="broadcast", sizes=[1024], model="ideal")
    with pytest.raises(ForestCollError):
        tradeoff(t, collective="allgather", sizes=[])


def test_cli(tmp_path, capsys):
    csv = tmp_path / "t.csv"
    assert main(["tradeoff", "dgx-a100:boxes=2", "--sizes", "1MiB,1GiB", "--k", "1,13",
                 "--model", "ideal", "--csv", str(csv)]) == 0
    out = capsys.readouterr()[0]
    assert "optimum 1040/3 (346.667) GB/s at k=13" in out and "model ideal (" in out
    lines = csv.read_text().splitlines()
    assert lines[0] == ("size_bytes,best,best_protocol,seconds[k=1],seconds[k=13],seconds[ring],"
                        "model,parameters")
    assert [l.split(",")[:2] for l in lines[1:]] == [["1048576", "k=1"], ["1073741824", "k=1"]]
    assert main(["tradeoff", "dgx-a100:boxes=2", "--sizes", "1MiB", "--k", "1",
                 "--baselines", "none", "--json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert [c["name"] for c in data["candidates"]] == ["k=1"]
    assert data["k_star"] == 13 and data["optimum"] == "1040/3"
    assert main(["tradeoff", "paper-example", "--baselines", "dbtree"]) == 2
    err = capsys.readouterr()[1]
    assert err.count("\n") == 1


@pytest.mark.parametrize("extra", [[], ["--model", "ideal", "--chunks", "4", "--alpha", "1e-6"]])
def test_the_json_is_the_results_own(capsys, extra):
    # tradeoff --json was assembled in the CLI; it is Tradeoff.to_dict now (the export plan,
    # when asked for, beside it), with the chunks and alpha the call was made with
    from forestcoll_opt.model.collective import Collective

    assert main(["tradeoff", "paper-example", "--sizes", "1KiB,1MiB", "--k", "1",
                 "--json", *extra]) == 0
    printed = json.loads(capsys.readouterr()[0])
    options = {"model": "ideal", "chunks": 4, "alpha": 1e-6} if extra else {}
    r = tradeoff(resolve("paper-example"), sizes=[1024, 2**20], ks=[1], **options)
    assert r.collective is Collective.ALLGATHER
    assert (r.chunks, r.alpha) == ((4, 1e-6) if extra else ("auto", None))
    assert printed == json.loads(json.dumps({**r.to_dict(), "export": None}))
    assert printed["collective"] == "allgather" and printed["optimum"] == "8"
    assert (printed["chunks"], printed["alpha"]) == ((4, 1e-6) if extra else ("auto", None))
    # the table's algbw column: size / the fastest's time, in the topology's units (b: bytes)
    for row in r.rows:
        assert r.row_algbw(row) == row.size_bytes / row.seconds[row.best]
        assert r.row_algbw(row, "k=1") == row.size_bytes / row.seconds["k=1"]


# --- issue 36: today's scale, every candidate, the band ---------------------------------------

@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_compact_schedule_times_equal_the_expanded_ones(collective):
    """The compact form (one tree per orbit) is timed as it is, never expanded: on 4 DGX
    H100 boxes (two orbits of 16 roots per phase) every time equals, float for float, that
    of the same schedule written in full."""
    from forestcoll_opt.model.compact import expand

    t = resolve("dgx-h100:boxes=4")
    s = generate(t, collective=collective, compact=True)
    phases = s.phases or (s,)
    assert s.compact and [len(p.orbits) for p in phases] == [2] * len(phases)
    full = expand(s)
    assert not full.compact and full.num_trees == s.num_trees
    for options in ({"model": "calibrated"}, {"model": "ideal"}, {"model": "ideal", "chunks": 4}):
        assert tuple(simulate(t, s, [2**16, 2**30], **options)) == \
            tuple(simulate(t, full, [2**16, 2**30], **options))
    if collective == "allgather":
        rows = simulate(t, s, [2**16, 2**30])
        assert rows[0].seconds == pytest.approx(1.9562483478260868e-05, rel=1e-12)
        assert rows[1].seconds == pytest.approx(0.0027877323269565215, rel=1e-12)


@pytest.mark.parametrize("collective", ["allgather", "allreduce", "broadcast"])
def test_compact_tradeoff_times_the_rings_as_the_plain_one(collective):
    """compact=True (the default above 1,024 GPUs) writes the trees as generate --compact does
    (the same exact algbw; the orbit construction may grow other trees) and times NCCL's
    rings from their cycles: on 4 DGX H100 boxes the ring's and the library's times are,
    float for float, those of the plain run."""
    t = resolve("dgx-h100:boxes=4")
    root = t.compute_nodes[3] if collective == "broadcast" else None
    options = dict(collective=collective, root=root, sizes=[2**16, 2**24, 2**32], ks=[1])
    plain = tradeoff(t, compact=False, **options)
    small = tradeoff(t, compact=True, **options)
    assert [(c.name, c.kind, c.algbw) for c in small.candidates] == \
        [(c.name, c.kind, c.algbw) for c in plain.candidates]
    same = [c.name for c in plain.candidates if c.kind in ("baseline", "library")]
    assert "ring" in same and (collective == "broadcast" or "nccl" in same)
    for a, b in zip(small.rows, plain.rows):
        assert {n: a.seconds[n] for n in same} == {n: b.seconds[n] for n in same}
        assert {n: a.protocols[n] for n in same} == {n: b.protocols[n] for n in same}
    forms = {c.name: c.form for c in small.candidates}
    assert forms["ring"] == "ring" and {c.form for c in plain.candidates} <= {"plain", "none"}
    ring = next(c for c in small.candidates if c.name == "ring")
    assert ring.schedule is None and ring.height == 31
    if collective != "broadcast":           # broadcast's trees are not written per orbit
        assert forms["k=1"] == "compact"


def test_alltoall_candidates_are_the_optimal_routes_direct_and_pxn():
    """On 2 DGX A100 boxes the optimal all-to-all routes (the LP's, certified exactly at
    50 GB/s) beat NCCL's direct and PXN routes (20 GB/s each) at every size, and each
    candidate's time is simulate's."""
    t = resolve("dgx-a100:boxes=2")
    r = tradeoff(t, collective="alltoall", sizes=[2**20, 2**30])
    assert [(c.name, c.kind, c.algbw) for c in r.candidates] == [
        ("lp", "lp", Fraction(50)), ("direct", "baseline", Fraction(20)),
        ("pxn", "baseline", Fraction(20))]
    assert r.optimum == 50 and r.lp_interval == (Fraction(50), Fraction(50))
    assert [row.best for row in r.rows] == ["lp", "lp"]
    direct = simulate(t, baseline(t, "direct", collective="alltoall"), [2**20, 2**30])
    assert [row.seconds["direct"] for row in r.rows] == [x.seconds for x in direct]
    assert r.rows[1].seconds["lp"] == pytest.approx(0.022395421, rel=1e-6)
    with pytest.raises(ForestCollError, match="no fixed-k trees"):
        tradeoff(t, collective="alltoall", sizes=[2**20], ks=[1])
    with pytest.raises(ForestCollError, match="unknown baseline 'nccl' for alltoall"):
        tradeoff(t, collective="alltoall", sizes=[2**20], baselines=["nccl"])


def test_band_says_where_the_fastest_is_not_certain():
    """Under a calibration with uncertainties every candidate (the library too) carries the
    band simulate gives it; at 1 GiB on 2 DGX H100 boxes k=2 is the fastest, but at the
    band's slow end (NVLink and InfiniBand 2σ = 4 % less efficient) the ring is: the winner
    is not certain there, while at 64 KiB and 2 MiB it is."""
    from forestcoll_opt.timing.calibrated import Calibration

    t = resolve("dgx-h100:boxes=2")
    cal = Calibration(uncertainty={"efficiency.nvlink": 0.02, "efficiency.infiniband": 0.02,
                                   "overhead": 1e-6})
    r = tradeoff(t, collective="allgather", sizes=[2**16, 2**21, 2**30], calibration=cal)
    assert [(row.best, row.certain, row.contenders, row.band_winners) for row in r.rows] == [
        ("k=1", True, (), ("k=1", "k=1")), ("k=2", True, (), ("k=2", "k=2")),
        ("k=2", False, ("ring",), ("k=2", "ring"))]
    last = r.rows[-1]
    assert last.bands["ring"][1] < last.bands["k=2"][1]
    assert last.bands["k=2"][0] == pytest.approx(2545.3842e-6, rel=1e-6)
    k2 = next(c for c in r.candidates if c.name == "k=2").schedule
    assert last.bands["k=2"] == simulate(t, k2, [2**30], calibration=cal)[0].band
    assert set(last.bands) == {"k=1", "k=2", "ring", "nccl"}
    frame = r.to_pandas()
    assert {"seconds_fast", "seconds_slow"} <= set(frame.columns)
    doc = r.to_dict()["rows"][2]
    assert doc["certain"] is False and doc["band_winners"] == {"fast": "k=2", "slow": "ring"}
    plain = tradeoff(t, collective="allgather", sizes=[2**30])
    assert plain.rows[0].bands == {} and plain.rows[0].certain
    assert "bands" not in plain.to_dict()["rows"][0]


def test_progress_and_log_name_every_stage(caplog):
    """progress(stage, done, total) advances through every stage, and each stage is
    logged at INFO (what forestcoll -v prints) as it starts and with its seconds."""
    import logging

    t = resolve("dgx-a100:boxes=2")
    seen = []
    with caplog.at_level(logging.INFO, logger="forestcoll_opt.timing.tradeoffs"):
        tradeoff(t, collective="allgather", sizes=[2**20], ks=[1, 2],
                 progress=lambda *a: seen.append(a))
    stages = list(dict.fromkeys(s for s, _, _ in seen))
    assert {"optimal", "fixed k", "baselines", "timing"} <= set(stages)
    # k=1, k=2, the ring and nccl timed one after the other
    assert [a for a in seen if a[0] == "timing"] == [("timing", i + d, 4) for i in range(4)
                                                     for d in (0, 1)]
    lines = [r.getMessage() for r in caplog.records]
    assert "tradeoff: timing k=1 (calibrated model, 1 sizes) ..." in lines
    assert any(m.startswith("tradeoff: building the ring baseline: ") and m.endswith(" s")
               for m in lines)


def test_export_leaves_a_ring_timed_from_its_cycles_to_the_library(tmp_path):
    """A ring timed from its cycles has no schedule to write: a size range it wins is
    NCCL's own ring, which --export names without a file (8 GiB on 4 DGX H100 boxes)."""
    from forestcoll_opt.analysis.export_plan import export_tradeoff

    t = resolve("dgx-h100:boxes=4")
    r = tradeoff(t, collective="allgather", sizes=[2**20, 2**30, 2**33], ks=[1], compact=True)
    assert [(x.best, x.protocols[x.best]) for x in r.rows] == [
        ("k=1", "LL"), ("k=1", "Simple"), ("ring", "Simple")]
    plan = export_tradeoff(t, r, tmp_path / "plan")
    assert [(e.range.candidate, e.file, e.schedule) for e in plan.ranges] == [
        ("k=1", "msccl/allgather-k1-0-33554432.xml", "schedules/k1.json"),
        ("k=1", "msccl/allgather-k1-33554433-3037000499.xml", "schedules/k1.json"),
        ("ring", None, None)]


def test_the_depth_front_is_a_candidate_and_wins_small_sizes():
    """front=True adds the throughput-depth front's schedules (issue 37): on two DGX A100
    boxes depth 2 already reaches the bound 1040/3 (every GPU one switch hop from every
    other but across the two IB planes), so under the ideal model it beats every k, whose
    trees are 8 or 9 hops deep, at 64 KiB; the deepest point is ForestColl's own (depth 9)."""
    import forestcoll_opt as fc

    t = fc.resolve("dgx-a100:boxes=2")
    res = fc.tradeoff(t, sizes=[2**16], model="ideal", ks=[1], baselines=[], front=True)
    front = [c for c in res.candidates if c.kind == "front"]
    assert [c.name for c in front] == ["depth=2", "depth=9"]
    assert [c.algbw for c in front] == [Fraction(1040, 3)] * 2
    assert [c.height for c in front] == [2, 9]
    assert res.rows[0].best == "depth=2"
    assert res.rows[0].seconds["depth=2"] < 0.6 * res.rows[0].seconds["k=1"]
    plain = fc.tradeoff(t, sizes=[2**16], model="ideal", ks=[1], baselines=[])
    assert [c.name for c in plain.candidates] == ["k=1"]        # off by default
    # allreduce: the two-phase front (reduce-scatter then allgather at each depth)
    ar = fc.tradeoff(t, collective="allreduce", sizes=[2**16], model="ideal", ks=[1],
                     baselines=[], method="trees", front=True)
    assert [(c.name, c.algbw) for c in ar.candidates if c.kind == "front"][0] == \
        ("depth=2", Fraction(520, 3))
    # broadcast has no front: skipped with the reason
    bc = fc.tradeoff(t, collective="broadcast", root="box0/gpu0", sizes=[2**16],
                     model="ideal", ks=[1], baselines=[], front=True)
    assert not [c for c in bc.candidates if c.kind == "front"]
    assert any(kind == "front" and "not broadcast" in why for kind, why in bc.skipped)
