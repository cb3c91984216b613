"""Calibration files (``forestcoll-calibration-fit/1``) and the band of a calibration with
standard errors: what is read, what is refused, which way each end moves."""

import json
from fractions import Fraction

import pytest

from forestcoll_opt.errors import CalibrationError, UsageError
from forestcoll_opt.timing.calibrated import Calibration
from forestcoll_opt.timing.fitted import FIT_FORMAT, calibration_from_dict, read_calibration


def test_a_minimal_file_keeps_the_defaults_and_reads_exact_values(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": FIT_FORMAT, "calibration": {
        "efficiency": {"infiniband": "9/10", "nvlink": 0.8}, "overhead_s": 1e-5}}))
    c = read_calibration(path)
    assert c.efficiency["infiniband"] == Fraction(9, 10)
    assert c.efficiency["nvlink"] == Fraction(4, 5)          # the decimal written, exactly
    assert c.efficiency["xgmi"] == Calibration().efficiency["xgmi"]
    assert c.overhead == 1e-5 and c.uncertainty == {}
    assert c.ring_latency == Calibration().ring_latency


@pytest.mark.parametrize("fields, message", [
    ({"kappa": 2}, "calibration.kappa is not a parameter"),
    ({"overhead_s": "10us"}, "calibration.overhead_s is not a finite number"),
    ({"overhead_s": -1e-6}, "overhead -1e-06 is in seconds: give 0 to 1"),
    ({"ring_latency": {"mpi": 2.0}}, "ring_latency of 'mpi'"),
    ({"arch": "blackwell"}, "arch 'blackwell'"),
    ({"amd_host": 1}, "calibration.amd_host is not true or false"),
])
def test_bad_values_are_refused_naming_them(fields, message):
    with pytest.raises(CalibrationError, match=message):
        calibration_from_dict({"format": FIT_FORMAT, "calibration": fields}, "c.json")


def test_fitted_sigmas_become_the_uncertainty_and_the_band():
    c = calibration_from_dict({"format": FIT_FORMAT, "calibration": {
        "efficiency": {"infiniband": 0.9}, "ring_latency": {"nccl": 2.0},
        "overhead_s": 1e-5}, "fitted": [
        {"name": "efficiency.infiniband", "value": 0.9, "sigma": 0.1},
        {"name": "ring_latency.nccl", "value": 2.0, "sigma": 0.25},
        {"name": "overhead", "value": 1e-5, "sigma": 1e-5}]})
    assert c.ring_latency["rccl"] == Calibration().ring_latency["rccl"]    # left out: default
    fast, slow = c.band()
    assert fast.efficiency["infiniband"] == 1            # 0.9 + 0.2, held at 1
    assert float(slow.efficiency["infiniband"]) == pytest.approx(0.7)
    assert fast.ring_latency["nccl"] == 1.5 and slow.ring_latency["nccl"] == 2.5
    assert fast.overhead == 0.0 and slow.overhead == pytest.approx(3e-5)
    assert fast.uncertainty == {} == slow.uncertainty
    assert Calibration().band() == (Calibration(), Calibration())


def test_an_uncertainty_must_name_a_parameter():
    with pytest.raises(UsageError, match="uncertainty of 'kappa'"):
        Calibration(uncertainty={"kappa": 0.1})
    with pytest.raises(UsageError, match="uncertainty of 'overhead'"):
        Calibration(uncertainty={"overhead": -1.0})
