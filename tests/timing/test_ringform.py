"""NCCL's rings timed from their cycles (forestcoll_opt/timing/ringform.py) give, float for
float, what the full ring schedule gives: the form ``tradeoff`` uses above 1,024 GPUs,
where the full schedule has N²·C tree edges."""

import pytest

from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.timing.calibrated import Calibration, library_shape
from forestcoll_opt.timing.ringform import ring_form, ring_shape, simulate_ring
from forestcoll_opt.timing.simulation import exact_coefficients, link_coefficients, simulate

SIZES = [1, 4096, 2**20, 2**26, 2**32]
NETS = ["dgx-h100:boxes=2", "dgx-a100:boxes=3", "mi250:boxes=2,gpus=8", "paper-example",
        "dgx-h100:boxes=4,fabric=su,su=2"]


def _topology(spec):
    return resolve(spec)


@pytest.mark.parametrize("spec", NETS)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce",
                                        "broadcast", "reduce"])
def test_ring_form_equals_the_full_ring(spec, collective):
    t = _topology(spec)
    root = t.compute_nodes[1] if collective in ("broadcast", "reduce") else None
    full = baseline(t, "ring", collective=collective, root=root)
    form = ring_form(t, collective, root=root)
    assert form.algbw == full.algbw
    assert form.num_trees == full.num_trees
    assert form.channels == full.stats.channels
    assert form.exact_coefficients(t) == exact_coefficients(t, full)
    calibration = Calibration(uncertainty={"overhead": 2e-6, "efficiency.nvlink": 0.03})
    for options in ({"model": "calibrated"}, {"model": "calibrated", "calibration": calibration},
                    {"model": "ideal"}, {"model": "ideal", "chunks": 3},
                    {"model": "ideal", "alpha": 1e-6}):
        assert tuple(simulate_ring(t, form, SIZES, **options)) == \
            tuple(simulate(t, full, SIZES, **options)), options
    if collective not in ("broadcast", "reduce"):
        cal = Calibration()
        rho = link_coefficients(t, full, cal.efficiency)
        assert ring_shape(t, form, cal) == library_shape(t, full, collective, rho)


def test_ring_form_windows_are_summed_once_per_period():
    """On 4 DGX H100 boxes every box of a ring is one InfiniBand hop then 7 NVLink hops, so
    the hop latencies repeat every 8 hops: 8 windows per channel are summed, not 32."""
    from forestcoll_opt.timing import ringform
    from forestcoll_opt.timing.calibrated import hop_class

    t = resolve("dgx-h100:boxes=4")
    cycle = ring_form(t, "allgather").cycles[0]
    assert len(cycle) == 32
    classes = [hop_class(t, e.path) for e in cycle]
    assert classes.count("net") == 4 and classes[:8].count("net") == 1
    assert ringform._period(classes) == 8
