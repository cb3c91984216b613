"""Physics first: a prediction of the calibrated model never exceeds the schedule's exact
algbw times the efficiency of its links, on every catalog machine and collective, with the
package's parameters and with a calibration fitted to a real log (both ends of its band
too)."""

from fractions import Fraction
from pathlib import Path

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.fitting import calibrate
from forestcoll_opt.model.catalog import families, resolve
from forestcoll_opt.timing.calibrated import Calibration
from forestcoll_opt.timing.simulation import unit_bytes_per_s

SIZES = [2**e for e in range(10, 41, 3)]          # 1 KiB ... 1 TiB
LOG = Path(__file__).resolve().parents[1] / "data" / "nccl-tests" / "h100-2x8-all_reduce.log"
SPECS = [name if name != "gb200-nvl72" else "gb200-nvl72:racks=1" for name in families()]


@pytest.fixture(scope="module")
def fitted():
    return calibrate("dgx-h100:boxes=2", [LOG]).calibration


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_no_prediction_beats_the_exact_algbw_on_efficient_links(spec, collective, fitted):
    topo = resolve(spec)
    schedule = fc.generate(topo, collective=collective)
    unit = unit_bytes_per_s(topo.units)[0]
    for calibration in (Calibration(), fitted, *fitted.band()):
        # untyped links keep their bandwidth (efficiency 1)
        kinds = [topo.link_type.get(hop) for hop in topo.capacity]
        top = max(calibration.efficiency.get(t, Fraction(1)) if t else Fraction(1)
                  for t in kinds)
        ceiling = float(schedule.algbw * top)
        rows = fc.simulate(topo, schedule, SIZES, calibration=calibration)
        for r in rows:
            assert r.algbw <= ceiling * (1 + 1e-12), (spec, r.size_bytes, r.algbw, ceiling)
            if r.band is not None:
                for seconds in r.band:
                    assert r.size_bytes / seconds / unit <= ceiling * (1 + 1e-12)
