"""The bound of the catalog's clusters up to 131,072 GPUs, whole process; writes
data/bench_bound_scale.csv.

    python benchmarks/bound_scale.py            # A100 and H100 shapes, 8,192 ... 131,072 GPUs
    python benchmarks/bound_scale.py --quick    # up to 16,384 GPUs
    python benchmarks/bound_scale.py SPEC ...   # chosen specs
    python benchmarks/bound_scale.py --su       # 1,024 H100 in scalable units of 1, 2, 32
                                                # boxes: data/bench_bound_su.csv

Each spec runs ``forestcoll bound SPEC --json`` in a fresh process under ``/usr/bin/time``:
wall seconds, CPU seconds (user + system: on a shared machine the wall time counts the
other work too, the CPU time does not), the process's peak memory, and the load average
when it started. Issue target: 65,536 GPUs in at most 10 s.

``--su``: the rail-optimized scalable units (``fabric=su``) at 1,024 boxes, where the
automorphism search once took 131 s and 13.5 GB (su=1) and 43 s and 3.4 GB (su=2) before
twin pieces and chains were folded (kernels/boxes.py); now a few seconds and about 100 MB.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import run

FULL = [f"{m}:boxes={b}" for b in (1024, 2048, 8192, 16384) for m in ("dgx-a100", "dgx-h100")]
FULL += ["dgx-b200:boxes=8192,fabric=su", "gb200-nvl72:racks=911"]
QUICK = [f"{m}:boxes={b}" for b in (1024, 2048) for m in ("dgx-a100", "dgx-h100")]
SU = [f"dgx-h100:boxes=1024,fabric=su,su={su}" for su in (1, 2, 32)]


def measure(spec: str) -> dict:
    load = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", sys.executable, "-m",
                           "forestcoll_opt", "bound", spec, "--json"],
                          capture_output=True, text=True, timeout=3600)
    wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{spec}: bound failed: {done.stderr.strip()[-300:]}")
    out = json.loads(done.stdout)
    user, system, peak_kb = done.stderr.strip().splitlines()[-1].split()
    cpu = float(user) + float(system)
    return {"topology": spec, "N": out["compute_nodes"], "algbw": out["algbw"],
            "k_min": out["k_min"], "max_flows": out["max_flows"],
            "wall_s": f"{wall:.2f}", "cpu_s": f"{cpu:.2f}",
            "peak_rss_mb": f"{int(peak_kb) / 1024:.0f}", "load_avg": f"{load:.1f}"}


if __name__ == "__main__":
    if "--su" in sys.argv[1:]:
        sys.exit(run(__doc__, "bench_bound_su.csv", SU, SU, measure,
                     [a for a in sys.argv[1:] if a != "--su"]))
    sys.exit(run(__doc__, "bench_bound_scale.csv", FULL, QUICK, measure))
