"""Calibrate on a cluster's measured NCCL ring curve, predict ForestColl's curve on the same
cluster (issue 36, section 2; docs/validation.md, "Calibrated on the library, predicting
ForestColl")."""

from pathlib import Path

import pytest

from forestcoll_opt.analysis.acceptance import predict_from_library

LOG = Path(__file__).parents[1] / "data" / "nccl-tests" / "h200-2x8-all_gather-gke.log"


@pytest.fixture(scope="module")
def accepted():
    return predict_from_library("dgx-h200:boxes=2", [LOG])


def test_fit_on_the_library_curve_only(accepted):
    fit = accepted.fit
    assert accepted.collective == "allgather"
    assert {p.name for p in fit.fitted} == {"efficiency.infiniband", "ring_latency.nccl",
                                            "overhead"}
    assert fit.parameter("efficiency.infiniband").value == pytest.approx(0.756, abs=0.002)
    assert fit.rms_log_error == pytest.approx(0.152, abs=0.002)


def test_forestcoll_predicted_over_the_measured_ring(accepted):
    mib = 2**20
    expected = {1 * mib: 2.23, 16 * mib: 1.50, 128 * mib: 1.29, 1024 * mib: 1.15,
                8192 * mib: 1.16}
    got = {s: accepted.speedup_at(s) for s in expected}
    assert got == pytest.approx(expected, abs=0.01)
    # large sizes: bandwidth only, ForestColl's exact algbw over the ring's at the fitted η
    big = accepted.rows[-1]
    assert big.size_bytes == 8 * 2**30
    assert big.library_measured_s == pytest.approx(24739e-6, rel=1e-3)
    with pytest.raises(KeyError):
        accepted.speedup_at(3)
