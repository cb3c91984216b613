"""Time optimal allgather generation per stage; writes data/bench_generate.csv.

    python benchmarks/generate.py            # dgx-a100 boxes 2, 4, 8, 16 and mi250 boxes 2, 4
    python benchmarks/generate.py --quick    # dgx-a100 boxes 2, 4 and mi250 boxes 2
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.generation.pipeline import generate

FULL = ["dgx-a100:boxes=2", "dgx-a100:boxes=4", "dgx-a100:boxes=8", "dgx-a100:boxes=16",
        "mi250:boxes=2", "mi250:boxes=4"]
QUICK = ["dgx-a100:boxes=2", "dgx-a100:boxes=4", "mi250:boxes=2"]


def measure(spec: str) -> dict:
    topo = build(spec)
    start = time.perf_counter()
    schedule = generate(topo, collective="allgather")
    total = time.perf_counter() - start
    st = schedule.stats
    return {"topology": spec, "N": len(topo.compute_nodes), "k": schedule.k,
            "bound_s": f"{st['bound_seconds']:.3f}",
            "splitting_s": f"{st['splitting_seconds']:.3f}",
            "packing_s": f"{st['packing_seconds']:.3f}",
            "routing_s": f"{st['routing_seconds']:.3f}", "total_s": f"{total:.3f}",
            "splitting_max_flows": st["splitting_max_flows"],
            "packing_max_flows": st["packing_max_flows"], "trees": len(schedule.trees),
            "algbw": str(schedule.algbw), "optimal": schedule.algbw == bound(topo).algbw}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_generate.csv", FULL, QUICK, measure))
