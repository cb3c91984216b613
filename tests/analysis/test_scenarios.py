"""Several failures at once (issue 35 item 5): named scenarios and a seeded sample of k
random failures, each scenario's exact optimum left, and the distribution of the losses."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.scenarios import draw_scenarios, scenario_impact
from forestcoll_opt.errors import UsageError
from forestcoll_opt.model.faults import degrade


@pytest.fixture(scope="module")
def topo():
    return fc.resolve("dgx-h100:boxes=2")


def test_named_scenarios(topo):
    r = scenario_impact(topo, [["nic:box0/gpu3", "nic:box1/gpu3"], "nic:box0/gpu3=1/2",
                               [f"nic:box0/gpu{i}" for i in range(8)]])
    assert r.algbw == Fraction(1600, 3)
    two, half, box = r.scenarios
    # two NICs out, one per box: each GPU left with its 450 GB/s NVLink in: 16 x 450/15
    assert (two.algbw, two.lost, two.status) == (Fraction(480), Fraction(1, 10), "ok")
    assert two.algbw == fc.bound(degrade(topo, two.failures)).algbw
    assert (half.failures, half.algbw, half.lost) == (("nic:box0/gpu3=1/2",),
                                                      Fraction(1520, 3), Fraction(1, 20))
    assert (box.algbw, box.lost, box.status) == (0, 1, "disconnected")
    assert box.note == "disconnects box 0 (8 compute nodes)"
    d = r.distribution
    assert (d["min"], d["median"], d["p90"], d["max"]) == \
        (Fraction(1, 20), Fraction(1, 10), Fraction(1), Fraction(1))
    assert d["mean"] == (Fraction(1, 20) + Fraction(1, 10) + 1) / 3
    assert repr(r) == ("ScenarioImpact(allgather on dgx-h100-2, 3 scenario(s), lost median "
                       "10.00%, worst 100.00%)")


def test_a_seeded_sample(topo):
    drawn = draw_scenarios(topo, 30, 3, seed=7, kinds=["nic"])
    assert drawn == draw_scenarios(topo, 30, 3, seed=7, kinds=["nic"])
    assert drawn != draw_scenarios(topo, 30, 3, seed=8, kinds=["nic"])
    assert all(len(set(s)) == 3 and all(f.startswith("nic:") for f in s) for s in drawn)
    r = scenario_impact(topo, sample=30, failures=3, seed=7, kinds=["nic"])
    assert [s.failures for s in r.scenarios] == drawn and r.sampled and r.seed == 7
    # any set of NICs out that cuts no box off leaves some GPU with its NVLink alone: 10 %
    assert {s.lost for s in r.scenarios} == {Fraction(1, 10)}
    frame = r.to_pandas()
    assert list(frame.columns) == ["failures", "algbw", "algbw_exact", "lost", "lost_exact",
                                   "status", "note"]
    assert frame["lost_exact"].tolist() == [Fraction(1, 10)] * 30


def test_bad_requests(topo):
    with pytest.raises(UsageError, match="one of the two"):
        scenario_impact(topo)
    with pytest.raises(UsageError, match="failures= must be between 1 and 16"):
        scenario_impact(topo, sample=3, failures=17, kinds=["nic"])
