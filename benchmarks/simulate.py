"""Time the ideal α-β simulator (forestcoll simulate --model ideal) on the optimal schedules
of 128-GPU and larger networks, 16 message sizes each, with one chunk count and with
--chunks auto;
writes data/bench_simulate.csv. Target: under 10 s for 16 sizes on 128 GPUs.

    python benchmarks/simulate.py           # 128 GPUs (dgx-a100/dgx-h100:boxes=16, mi250:boxes=8), 1024 (dgx-h100:boxes=128)
    python benchmarks/simulate.py --quick   # dgx-a100:boxes=16 only
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.model.catalog import build
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.timing.simulation import parse_sizes, simulate

FULL = ["dgx-a100:boxes=16", "dgx-h100:boxes=16", "mi250:boxes=8", "dgx-h100:boxes=128"]
QUICK = ["dgx-a100:boxes=16"]
SIZES = "64KiB..2GiB"       # 16 sizes


def measure(spec: str) -> dict:
    topo = build(spec)
    sizes = parse_sizes(SIZES)
    assert len(sizes) == 16
    start = time.perf_counter()
    schedule = generate(topo, collective="allgather")
    generated = time.perf_counter() - start
    start = time.perf_counter()
    simulate(topo, schedule, sizes, chunks=8, model="ideal")
    fixed_seconds = time.perf_counter() - start
    start = time.perf_counter()
    auto = simulate(topo, schedule, sizes, chunks="auto", model="ideal")
    auto_seconds = time.perf_counter() - start
    return {"topology": spec, "gpus": len(topo.compute_nodes), "trees": schedule.num_trees,
            "sizes": len(sizes), "generate_seconds": f"{generated:.2f}",
            "simulate_seconds_chunks8": f"{fixed_seconds:.3f}",
            "simulate_seconds_auto": f"{auto_seconds:.3f}",
            "exact_algbw": f"{float(schedule.algbw):.4f}",
            "algbw_64KiB_auto": f"{auto[0].algbw:.4f}",
            "algbw_2GiB_auto": f"{auto[-1].algbw:.4f}", "chunks_2GiB_auto": auto[-1].chunks}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_simulate.csv", FULL, QUICK, measure))
