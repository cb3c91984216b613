"""Whole-process cost of the concurrent-groups LP (process groups at once, certified) as
networks grow; writes data/groups.csv.

    python benchmarks/bench_groups.py            # dgx-h100 boxes 2 to 128, dp and tp meshes
    python benchmarks/bench_groups.py --quick    # up to 16 boxes
    python benchmarks/bench_groups.py SPEC/ALONG[/COLLECTIVE][:off] ...   # chosen items

An item is a catalog spec, the mesh dimension the groups run along (the mesh is always
dp=<boxes>,tp=8: ``dp`` gives the 8 data-parallel groups of one GPU per box, ``tp`` the
tensor-parallel groups, one per box), optionally the collective (default allgather), and
``:off`` for the unfolded LP. Each row is one fresh process, as a user runs ``forestcoll
groups SPEC --mesh dp=B,tp=8 --along dp``: it imports the package, builds the topology,
solves and certifies both LPs, and reports its own peak resident memory (``ru_maxrss``);
the wall time is measured from outside. The machine is shared, so every row records the
1-minute load average before and after.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import run

FULL = ["dgx-h100:boxes=2/dp", "dgx-h100:boxes=2/dp:off", "dgx-h100:boxes=4/dp",
        "dgx-h100:boxes=4/dp:off", "dgx-h100:boxes=8/dp", "dgx-h100:boxes=16/dp",
        "dgx-h100:boxes=32/dp", "dgx-h100:boxes=64/dp", "dgx-h100:boxes=128/dp",
        "dgx-h100:boxes=128/dp/allreduce", "dgx-h100:boxes=128/tp",
        "dgx-h100:boxes=128,fabric=su,su=16,oversub=2/dp",
        "dgx-a100:boxes=2/dp", "dgx-a100:boxes=128/dp"]
QUICK = ["dgx-h100:boxes=2/dp", "dgx-h100:boxes=4/dp", "dgx-h100:boxes=16/dp",
         "dgx-h100:boxes=16/tp"]
TIME_LIMIT = 3600        # seconds per process

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from forestcoll_opt.model.catalog import build
from forestcoll_opt.lp import concurrent
spec, along, collective, symmetry = sys.argv[1], sys.argv[2], sys.argv[3], \\
    {"default": None, "off": False}[sys.argv[4]]
topo = build(spec)
boxes = len(topo.compute_nodes) // 8
r = concurrent(topo, mesh=f"dp={boxes},tp=8", along=along, collective=collective,
               symmetry=symmetry)
print(json.dumps({"N": len(topo.compute_nodes), "groups": len(r.groups),
                  "size": len(r.groups[0]), "lower": str(r.lower), "upper": str(r.upper),
                  "exact": r.exact, "alone": str(r.rows[0].alone),
                  "orbits": r.folded[0], "pairs": r.folded[1], "rounds": r.rounds,
                  "contended": len(r.contended), "independent": len(r.independent),
                  "concurrent_s": r.seconds, "inner_s": time.perf_counter() - start,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(item: str) -> dict:
    symmetry = "off" if item.endswith(":off") else "default"
    body = item[:-4] if symmetry == "off" else item
    spec, along, *rest = body.split("/")
    collective = rest[0] if rest else "allgather"
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, spec, along, collective, symmetry],
                          capture_output=True, text=True, timeout=TIME_LIMIT)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{item}: failed: {done.stderr.strip()[-500:]}")
    st = json.loads(done.stdout.splitlines()[-1])
    return {"topology": spec, "along": along, "collective": collective,
            "symmetry": "off" if symmetry == "off" else "folded", "N": st["N"],
            "groups": st["groups"], "group_size": st["size"],
            "process_s": f"{seconds:.2f}", "concurrent_s": f"{st['concurrent_s']:.2f}",
            "peak_rss_mb": f"{st['peak_rss_mb']:.0f}", "orbits": st["orbits"],
            "pairs": st["pairs"], "rounds": "+".join(map(str, st["rounds"])),
            "alone": st["alone"], "lower": st["lower"], "upper": st["upper"],
            "exact": st["exact"], "contended_links": st["contended"],
            "independent_classes": st["independent"],
            "load_before": f"{load_before:.2f}", "load_after": f"{os.getloadavg()[0]:.2f}",
            "cores": os.cpu_count()}


if __name__ == "__main__":
    sys.exit(run(__doc__, "groups.csv", FULL, QUICK, measure))
