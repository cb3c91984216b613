"""Time the all-to-all LP (folded by the automorphism group, and unfolded), the schedule
built from it, and NCCL's direct and PXN all-to-all beside it; writes data/bench_alltoall.csv.

    python benchmarks/alltoall.py             # dgx-h100 boxes 2-16 (16 to 128 GPUs), dgx-a100, mi250
    python benchmarks/alltoall.py --quick     # without the 128-GPU network

The target of issue 26: the LP on dgx-h100:boxes=16 (128 GPUs) in at most 60 s. Seconds are
wall-clock in this process, the automorphism group included in the folded LP's build.
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.lp.alltoall.model import solve_alltoall
from forestcoll_opt.lp.alltoall.schedule import lp_alltoall
from forestcoll_opt.model.catalog import build
from forestcoll_opt.generation.baselines import baseline

FULL = ["dgx-h100:boxes=2", "dgx-h100:boxes=4", "dgx-h100:boxes=8", "dgx-h100:boxes=16",
        "dgx-a100:boxes=4", "mi250:boxes=2"]
QUICK = ["dgx-h100:boxes=2", "dgx-h100:boxes=4", "dgx-a100:boxes=4", "mi250:boxes=2"]


def measure(spec: str) -> dict:
    topo = build(spec)
    start = time.perf_counter()
    folded = solve_alltoall(topo)
    folded_seconds = time.perf_counter() - start
    start = time.perf_counter()
    plain = solve_alltoall(topo, symmetry=False)
    plain_seconds = time.perf_counter() - start
    start = time.perf_counter()
    schedule = lp_alltoall(topo, lp=folded)
    construction = time.perf_counter() - start
    direct = baseline(topo, "direct", collective="alltoall").algbw
    pxn = baseline(topo, "pxn", collective="alltoall").algbw
    return {"topology": spec, "gpus": len(topo.compute_nodes),
            "lp_lower": str(folded.lower), "lp_upper": str(folded.upper),
            "exact": folded.exact, "algbw": f"{float(folded.lower):.6f}",
            "folded_variables": folded.variables, "folded_constraints": folded.constraints,
            "folded_seconds": f"{folded_seconds:.3f}",
            "unfolded_variables": plain.variables, "unfolded_constraints": plain.constraints,
            "unfolded_seconds": f"{plain_seconds:.3f}",
            "unfolded_interval_agrees": plain.lower <= folded.upper and folded.lower <= plain.upper,
            "schedule_algbw": str(schedule.algbw), "schedule_routes": len(schedule.routes),
            "schedule_k": schedule.k, "schedule_seconds": f"{construction:.3f}",
            "direct": str(direct), "pxn": str(pxn),
            "direct_over_optimum": f"{float(direct / folded.upper):.6f}",
            "pxn_over_optimum": f"{float(pxn / folded.upper):.6f}"}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_alltoall.csv", FULL, QUICK, measure))
