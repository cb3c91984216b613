"""Whole-process cost of the allreduce LP as networks grow, folded by symmetry (the default
from 64 compute nodes) and, where it finishes in minutes, the full model; writes
data/bench_lp_scale.csv.

    python benchmarks/lp_scale.py              # the issue's sizes (128, 256 and 1,024 GPUs)
    python benchmarks/lp_scale.py --quick      # up to 256 GPUs, folded only
    python benchmarks/lp_scale.py SPEC[:off] ...   # chosen specs (":off": --no-symmetry)

Each row is one fresh process, as a user runs ``forestcoll lp allreduce SPEC``: it imports
the package, builds the topology, solves and certifies the LP, and reports its stage times
and its own peak resident memory (``ru_maxrss``); the wall time is measured from outside.
The machine is shared, so every row records the 1-minute load average before and after.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import run

FULL = ["dgx-a100:boxes=16", "dgx-a100:boxes=16:off", "dgx-a100:boxes=32",
        "dgx-a100:boxes=32:off", "dgx-a100:boxes=128", "dgx-h100:boxes=128", "mi250:boxes=64"]
QUICK = ["dgx-a100:boxes=16", "dgx-a100:boxes=32"]
TIME_LIMIT = 3600        # seconds per process

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from forestcoll_opt.model.catalog import build
from forestcoll_opt.lp.solver import solve
spec, symmetry = sys.argv[1], {"default": None, "off": False}[sys.argv[2]]
topo = build(spec)
r = solve(topo, collective="allreduce", symmetry=symmetry)
print(json.dumps({"N": len(topo.compute_nodes), "variables": r.variables,
                  "constraints": r.constraints, "rounds": r.rounds,
                  "build_s": r.build_seconds, "solve_s": r.solve_seconds,
                  "certify_s": r.certify_seconds, "lower": str(r.lower),
                  "upper": str(r.upper), "gap": float(r.gap), "algbw": r.algbw,
                  "folding": r.folding, "inner_s": time.perf_counter() - start,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(item: str) -> dict:
    symmetry = "off" if item.endswith(":off") else "default"
    spec = item[:-4] if symmetry == "off" else item
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, spec, symmetry], capture_output=True,
                          text=True, timeout=TIME_LIMIT)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{item}: the LP failed: {done.stderr.strip()[-500:]}")
    st = json.loads(done.stdout.splitlines()[-1])
    folding = st["folding"] or {}
    return {"topology": spec, "N": st["N"], "symmetry": "folded" if folding else "full",
            "process_s": f"{seconds:.2f}", "build_s": f"{st['build_s']:.2f}",
            "solve_s": f"{st['solve_s']:.2f}", "certify_s": f"{st['certify_s']:.2f}",
            "peak_rss_mb": f"{st['peak_rss_mb']:.0f}",
            "variables": st["variables"], "constraints": st["constraints"],
            "full_variables": folding.get("full_variables", st["variables"]),
            "rounds": st["rounds"], "algbw": f"{st['algbw']:.9f}",
            "lower": st["lower"], "upper": st["upper"], "gap": f"{st['gap']:.2e}",
            "load_before": f"{load_before:.2f}", "load_after": f"{os.getloadavg()[0]:.2f}",
            "cores": os.cpu_count()}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_lp_scale.csv", FULL, QUICK, measure))
