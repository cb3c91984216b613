"""Whole-process cost of schedules of process groups at once: the joint optimum (the
concurrent-groups LP, certified), one ForestColl schedule per group on its witness share,
the forestcoll-group-schedules/1 file written, and the file verified from disk (the
verifier's own reading, every group's schedule, the summed link loads, and the LP solved
again for the groups the file's layout names); writes data/group_schedules.csv.

    python benchmarks/bench_group_schedules.py            # dgx-h100:boxes=128 (flat, su)
    python benchmarks/bench_group_schedules.py --quick    # 2 and 16 boxes
    python benchmarks/bench_group_schedules.py SPEC/ALONG[/COLLECTIVE] ...

An item is a catalog spec, the mesh dimension the groups run along (the mesh is
dp=<boxes>,tp=8) and the collective (default allreduce). Each row is one fresh process, as
a user runs ``forestcoll generate SPEC --mesh dp=B,tp=8 --along dp -o F`` then
``forestcoll verify SPEC F``; it reports its stages' seconds and its peak resident memory
(``ru_maxrss``), and the wall time is measured from outside. The machine is shared, so
every row records the 1-minute load average before and after.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import run

FULL = ["dgx-h100:boxes=128/dp/allreduce", "dgx-h100:boxes=128/dp/allgather",
        "dgx-h100:boxes=128,fabric=su,su=16,oversub=2/dp/allreduce"]
QUICK = ["dgx-h100:boxes=2/dp/allreduce", "dgx-h100:boxes=16/dp/allreduce"]
TIME_LIMIT = 3600        # seconds per process

CHILD = """
import json, os, resource, sys, tempfile, time
start = time.perf_counter()
import forestcoll_opt as fc
from forestcoll_opt.model.catalog import build
spec, along, collective = sys.argv[1], sys.argv[2], sys.argv[3]
topo = build(spec)
boxes = len(topo.compute_nodes) // 8
t0 = time.perf_counter()
bound = fc.concurrent(topo, mesh=f"dp={boxes},tp=8", along=along, collective=collective)
t1 = time.perf_counter()
made = fc.generate_concurrent(topo, mesh=f"dp={boxes},tp=8", along=along, bound=bound)
t2 = time.perf_counter()
path = os.path.join(tempfile.mkdtemp(), "groups.json")
made.save(path)
t3 = time.perf_counter()
v = fc.verify_concurrent(topo, path)
t4 = time.perf_counter()
print(json.dumps({"N": len(topo.compute_nodes), "groups": len(made.groups),
                  "size": len(made.groups[0]), "lower": str(made.lower),
                  "upper": str(made.upper), "achieved": str(made.achieved),
                  "status": v.status, "verified": str(v.lam), "ratio": str(v.ratio),
                  "bytes": os.path.getsize(path), "lp_s": t1 - t0, "schedules_s": t2 - t1,
                  "write_s": t3 - t2, "verify_s": t4 - t3, "inner_s": t4 - start,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(item: str) -> dict:
    spec, along, *rest = item.split("/")
    collective = rest[0] if rest else "allreduce"
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, spec, along, collective],
                          capture_output=True, text=True, timeout=TIME_LIMIT)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{item}: failed: {done.stderr.strip()[-500:]}")
    st = json.loads(done.stdout.splitlines()[-1])
    return {"topology": spec, "along": along, "collective": collective, "N": st["N"],
            "groups": st["groups"], "group_size": st["size"],
            "process_s": f"{seconds:.2f}", "lp_s": f"{st['lp_s']:.2f}",
            "schedules_s": f"{st['schedules_s']:.2f}", "write_s": f"{st['write_s']:.2f}",
            "verify_s": f"{st['verify_s']:.2f}", "peak_rss_mb": f"{st['peak_rss_mb']:.0f}",
            "file_mb": f"{st['bytes'] / 2**20:.1f}", "lower": st["lower"],
            "upper": st["upper"], "achieved": st["achieved"], "status": st["status"],
            "verified": st["verified"], "ratio": st["ratio"],
            "load_before": f"{load_before:.2f}", "load_after": f"{os.getloadavg()[0]:.2f}",
            "cores": os.cpu_count()}


if __name__ == "__main__":
    sys.exit(run(__doc__, "group_schedules.csv", FULL, QUICK, measure))
