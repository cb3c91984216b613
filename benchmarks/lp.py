"""Time the allreduce LP and the LP allreduce schedule built from it (and record both beside
the tree allreduce); writes data/bench_lp.csv.

    python benchmarks/lp.py                   # paper-example, dgx-a100 boxes 2 and 4, mi250 boxes 2
    python benchmarks/lp.py --quick           # without dgx-a100:boxes=4
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.lp.solver import solve
from forestcoll_opt.lp.schedule import lp_allreduce

FULL = ["paper-example", "dgx-a100:boxes=2", "dgx-a100:boxes=4", "mi250:boxes=2",
        "mi250:boxes=2,gpus=8"]
QUICK = ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=2", "mi250:boxes=2,gpus=8"]


def measure(spec: str) -> dict:
    topo = build(spec)
    result = solve(topo, collective="allreduce")
    rs = bound(topo, collective="reduce-scatter").algbw
    ag = bound(topo, collective="allgather").algbw
    tree = 1 / (1 / rs + 1 / ag)
    start = time.perf_counter()
    schedule = lp_allreduce(topo, lp=result)
    construction = time.perf_counter() - start
    return {"topology": spec, "variables": result.variables,
            "constraints": result.constraints, "rounds": result.rounds,
            "build_seconds": f"{result.build_seconds:.3f}",
            "solve_seconds": f"{result.solve_seconds:.3f}",
            "algbw": f"{result.algbw:.6f}", "tree_allreduce": str(tree),
            "tree_over_lp": f"{float(tree) / result.algbw:.6f}",
            "lp_schedule": str(schedule.algbw),
            "lp_schedule_in_interval": result.lower <= schedule.algbw <= result.upper,
            "lp_schedule_trees": schedule.num_trees,
            "schedule_construction_seconds": f"{construction:.3f}"}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_lp.csv", FULL, QUICK, measure))
