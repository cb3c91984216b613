"""Leave one machine out: every measurement of the paper, each machine predicted with the
parameters fitted on the others (docs/validation.md pins the same numbers in its table)."""

from dataclasses import replace

import pytest

from forestcoll_opt.analysis.lomo import MACHINES, leave_one_machine_out, lomo_rows


@pytest.fixture(scope="module")
def results():
    return leave_one_machine_out()


def test_every_published_measurement_is_a_case_with_its_figure():
    cases = [c for m in MACHINES for c in m.cases]
    assert len(cases) == 26
    assert len({c.name for c in cases}) == 26
    assert all("Figure" in c.source for c in cases)
    assert [m.spec for m in MACHINES] == ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8",
                                          "mi250:boxes=2", "dgx-h100:boxes=16",
                                          "dgx-h100:boxes=1"]


def test_held_out_parameters_and_ratios(results):
    by_machine = {}
    for r in results:
        by_machine.setdefault(r.machine, set()).add((r.kappa, round(r.reduce_step * 1e6, 3)))
    # fitted without the machine itself: each held-out machine has its own pair
    assert by_machine == {"2x DGX A100": {(1.8, 1.0)}, "2x MI250 8+8": {(1.6, 1.0)},
                          "2x MI250 16+16": {(2.0, 2.0)}, "16x DGX H100": {(1.8, 1.5)},
                          "1x DGX H100": {(1.8, 1.5)}}
    ratio = {r.case.name: r.ratio for r in results}
    expected = {
        "a100-allgather-1GB": 1.007, "a100-reduce-scatter-1GB": 1.020,
        "a100-allreduce-1GB": 1.056, "a100-allgather-mean": 0.992,
        "a100-reduce-scatter-mean": 1.122, "a100-allreduce-mean": 0.950,
        "mi250-8+8-allgather-1GB": 0.951, "mi250-8+8-reduce-scatter-1GB": 1.060,
        "mi250-8+8-allreduce-1GB": 0.964, "mi250-8+8-allgather-mean": 0.850,
        "mi250-8+8-reduce-scatter-mean": 0.833, "mi250-8+8-allreduce-mean": 1.148,
        "mi250-8+8-allreduce-blink-1GB": 1.008, "mi250-8+8-allreduce-blink-mean": 0.998,
        "mi250-16+16-allgather-1GB": 1.326, "mi250-16+16-reduce-scatter-1GB": 1.314,
        "mi250-16+16-allreduce-1GB": 1.041, "mi250-16+16-allgather-mean": 1.230,
        "mi250-16+16-reduce-scatter-mean": 0.969, "mi250-16+16-allreduce-mean": 0.999,
        "mi250-16+16-allreduce-blink-1GB": 1.192, "mi250-16+16-allreduce-blink-mean": 1.103,
        "h100-16x8-allgather-1GB": 0.971, "h100-16x8-reduce-scatter-1GB": 1.106,
        "h100-16x8-allreduce-1GB": 0.987, "h100-1x8-allgather-1GB": 1.010}
    assert ratio == pytest.approx(expected, abs=0.002)
    # the 2 x DGX A100 averages transfer (they were -36 % and -28 % with the tuner's LL128
    # ring), the 16+16 allgather at 1 GB is 1.33, no longer 1.78 (RCCL's table rings)
    within = sorted(r.case.name for r in results if abs(r.ratio - 1) > 0.15)
    assert within == ["mi250-16+16-allgather-1GB", "mi250-16+16-allgather-mean",
                      "mi250-16+16-allreduce-blink-1GB", "mi250-16+16-reduce-scatter-1GB",
                      "mi250-8+8-allgather-mean", "mi250-8+8-reduce-scatter-mean"]
    wins = [r.winner_right for r in results if r.winner_right is not None]
    assert (sum(wins), len(wins)) == (13, 15)
    wrong = sorted(r.case.name for r in results if r.winner_right is False)
    assert wrong == ["mi250-16+16-allgather-1GB", "mi250-16+16-reduce-scatter-1GB"]


def test_fitted_parameters_carry_their_spread(results):
    from forestcoll_opt.analysis.lomo import jackknife
    spread = jackknife(results)
    # kappa 1.8, 1.6, 2.0, 1.8, 1.8; step 1.0, 1.0, 2.0, 1.5, 1.5 us
    assert spread["kappa"] == pytest.approx((1.8, 0.253), abs=1e-3)
    assert spread["reduce_step"][0] == pytest.approx(1.4e-6, abs=1e-9)
    assert spread["reduce_step"][1] == pytest.approx(0.748e-6, abs=1e-9)


def test_a100_ring_ran_as_its_simple_msccl_ring(results):
    """The paper's NCCL ring on 2 x DGX A100 performed as its ring written as a (Simple)
    MSCCL XML: without that reading the averages are a third too low."""
    from forestcoll_opt.analysis.lomo import A100_RING_PROTOCOLS, MACHINES, _Cache
    assert A100_RING_PROTOCOLS == ("Simple",)
    a100 = MACHINES[0]
    assert a100.ring_protocols == ("Simple",)
    assert all(m.ring_protocols is None for m in MACHINES[1:])
    cache = _Cache((a100,))
    case = next(c for c in a100.cases if c.name == "a100-allgather-mean")
    simple = cache.speedup(a100, case, 1.8, 1e-6)
    tuner = _Cache((replace(a100, ring_protocols=None),)).speedup(
        replace(a100, ring_protocols=None), case, 1.8, 1e-6)
    assert simple / case.measured == pytest.approx(0.992, abs=0.002)
    assert tuner / case.measured == pytest.approx(0.67, abs=0.01)


def test_each_machine_own_kappa():
    from forestcoll_opt.analysis.lomo import kappa_scan
    scan = kappa_scan(kappas=(1.0, 1.4, 1.8, 2.2, 2.6, 3.0, 3.4))
    best = {name: min(s, key=s.get) for name, s in scan.items()}
    # the 8-GCD sub-box's RCCL wants twice the latency factor of the other machines
    assert best == {"2x DGX A100": 1.8, "2x MI250 8+8": 2.6, "2x MI250 16+16": 1.8,
                    "16x DGX H100": 1.4}
    assert scan["2x MI250 8+8"][1.8] > 1.5 * scan["2x MI250 8+8"][2.6]


def test_rows_are_csv_ready(results):
    rows = lomo_rows(results)
    assert len(rows) == 26
    first = rows[0]
    assert first["held_out"] == "2x DGX A100" and first["within_15pct"] == "True"
    assert first["winner_right"] == "True" and first["measured_kind"] == "number"
    comparable = [r for r in rows if r["measured_kind"] == "comparable"]
    assert len(comparable) == 4


def test_bandwidth_floor_values(results):
    """The least 1 GB bandwidth speed-up of ForestColl over the library's ring under any
    per-type link efficiencies, exact: on MI250 16+16 it is 2573/2000, so the paper's
    "comparable" there is out of reach of every bandwidth model of this kind."""
    from fractions import Fraction
    floor = {r.case.name: r.floor for r in results if r.floor is not None}
    assert floor == {
        "a100-allgather-1GB": Fraction(91, 96), "a100-reduce-scatter-1GB": Fraction(91, 96),
        "mi250-8+8-allgather-1GB": Fraction(39, 16),
        "mi250-8+8-reduce-scatter-1GB": Fraction(39, 16),
        "mi250-16+16-allgather-1GB": Fraction(2573, 2000),
        "mi250-16+16-reduce-scatter-1GB": Fraction(2573, 2000),
        "h100-16x8-allgather-1GB": Fraction(889, 1080),
        "h100-16x8-reduce-scatter-1GB": Fraction(889, 1080),
        "h100-1x8-allgather-1GB": Fraction(1)}
    for r in results:
        if r.floor is not None:      # the model's own prediction respects it (latency aside)
            assert r.predicted >= float(r.floor) * 0.98, r.case.name
    rows = {row["case"]: row for row in lomo_rows(results)}
    assert rows["mi250-16+16-allgather-1GB"]["bandwidth_floor"] == "1.2865"
    assert rows["a100-allgather-mean"]["bandwidth_floor"] == ""


def test_bandwidth_floor_is_the_least_over_efficiencies():
    """Second way: the speed-up at every efficiency pair of a grid (float seconds per byte
    from the timing module) is at least the floor, and one type's efficiency near 0 reaches
    it."""
    from fractions import Fraction

    from forestcoll_opt.analysis.lomo import bandwidth_floor
    from forestcoll_opt.analysis.validation import Case, Inputs
    from forestcoll_opt.timing.simulation import link_coefficients

    case = Case("x", "mi250:boxes=2", "allgather", "library", "1GB", 1.0)
    inputs = Inputs([case])
    topo = inputs.topologies[case.topology]
    ours = inputs.schedules[(case.topology, case.collective, "forestcoll")]
    theirs = inputs.schedules[(case.topology, case.collective, "ring")]
    floor = bandwidth_floor(topo, ours, theirs)

    def speedup(eta):
        def per_byte(s):
            return max(link_coefficients(topo, s, eta)[0].values())
        return per_byte(theirs) / per_byte(ours)

    grid = [Fraction(i, 10) for i in range(1, 11)]
    least = min(speedup({"xgmi": x, "infiniband": b}) for x in grid for b in grid)
    assert least >= float(floor) * (1 - 1e-12)
    assert least == pytest.approx(float(floor), rel=0.01)      # xgmi 0.1, infiniband 1
    assert speedup({"xgmi": Fraction(1, 1000), "infiniband": 1}) == pytest.approx(
        float(floor), rel=1e-9)
    # swapped, the ring over ForestColl: at most 1, and an allreduce has no closed form
    assert bandwidth_floor(topo, theirs, ours) < 1
    ar = Inputs([Case("y", "dgx-a100:boxes=2", "allreduce", "library", "1GB", 1.0)])
    key = ("dgx-a100:boxes=2", "allreduce")
    assert bandwidth_floor(ar.topologies["dgx-a100:boxes=2"], ar.schedules[key + ("forestcoll",)],
                           ar.schedules[key + ("ring",)]) is None
