"""Time the exact allgather bound on catalog topologies; writes data/bench_bound.csv.

    python benchmarks/bound.py            # dgx-a100 boxes 2..128, mi250 boxes 2..64
    python benchmarks/bound.py --quick    # the smaller half, for a fast check
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build

FULL = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16, 32, 64, 128)] + \
       [f"mi250:boxes={b}" for b in (2, 4, 8, 16, 32, 64)]
QUICK = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16)] + [f"mi250:boxes={b}" for b in (2, 4, 8)]


def measure(spec: str) -> dict:
    topo = build(spec)
    start = time.perf_counter()
    result = bound(topo)
    seconds = time.perf_counter() - start
    return {"topology": spec, "N": len(topo.compute_nodes), "nodes": len(topo.nodes),
            "links": len(topo.capacity), "seconds": f"{seconds:.3f}",
            "algbw": str(result.algbw), "algbw_float": f"{float(result.algbw):.3f}",
            "k": result.k, "oracle_rounds": result.oracle_rounds, "max_flows": result.max_flows}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_bound.csv", FULL, QUICK, measure))
