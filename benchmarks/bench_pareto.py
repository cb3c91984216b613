"""Whole-process cost of the throughput–depth front (``forestcoll pareto``), one row per
depth; writes data/pareto.csv.

    python benchmarks/bench_pareto.py            # the three targets below
    python benchmarks/bench_pareto.py --quick    # the two 16-GPU networks
    python benchmarks/bench_pareto.py SPEC ...   # chosen catalog specs (SPEC@allreduce:
                                                 # that collective's front)

Targets (issue "Latency-aware schedules"): the whole front of dgx-a100:boxes=2 and
mi250:boxes=2,gpus=8 exact at every depth within 2 minutes each, dgx-h100:boxes=4 with its
gaps within 10 minutes; and the allreduce fronts (a reduce-scatter then an allgather) of the
two 16-GPU networks. Each spec is one fresh process, as a user runs ``forestcoll pareto
SPEC``: it imports the package, builds the topology, computes the front, and reports its
own CPU time and peak resident memory (``ru_maxrss``); the wall time is measured from
outside. The machine is shared, so every row records the 1-minute load average before and
after; the CPU time is the measure that does not depend on the neighbours.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import DATA, report, write_csv

FULL = ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8", "dgx-h100:boxes=4",
        "dgx-a100:boxes=2@allreduce", "mi250:boxes=2,gpus=8@allreduce"]
QUICK = ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8"]
TIME_LIMIT = {"dgx-h100:boxes=4": 150}   # seconds per depth where the target is a gap
PROCESS_LIMIT = 3600

CHILD = """
import json, resource, sys, time
start, cpu = time.perf_counter(), time.process_time()
from forestcoll_opt.model.catalog import build
from forestcoll_opt.lp.depth.front import pareto, schedule_k
spec, limit = sys.argv[1], (None if sys.argv[2] == "none" else float(sys.argv[2]))
topo = build(spec)
f = pareto(topo, time_limit=limit, collective=sys.argv[3])
print(json.dumps({"N": len(topo.compute_nodes), "bound": str(f.bound),
                  "optimal_depth": f.optimal_depth,
                  "points": [{"depth": p.depth, "lower": str(p.lower), "upper": str(p.upper),
                              "gap": float(p.gap), "exact": p.exact,
                              "certificate": p.certificate, "stopped": p.stopped,
                              "rounds": p.rounds, "milps": p.milps, "trees": p.columns,
                              "k": None if p.schedule is None else schedule_k(p.schedule),
                              "schedule_trees": 0 if p.schedule is None
                              else p.schedule.num_trees,
                              "schedule_depth": p.schedule_depth, "seconds": p.seconds}
                             for p in f.points],
                  "front_s": f.seconds, "cpu_s": time.process_time() - cpu,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(target: str) -> list[dict]:
    spec, _, collective = target.partition("@")
    collective = collective or "allgather"
    limit = TIME_LIMIT.get(spec)
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, spec, str(limit or "none"), collective],
                          capture_output=True, text=True, timeout=PROCESS_LIMIT)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{spec}: failed: {done.stderr.strip()[-500:]}")
    st = json.loads(done.stdout.splitlines()[-1])
    common = {"topology": spec, "collective": collective, "N": st["N"], "bound": st["bound"],
              "optimal_depth": st["optimal_depth"], "time_limit_per_depth": limit or "",
              "process_s": f"{seconds:.1f}", "front_s": f"{st['front_s']:.1f}",
              "cpu_s": f"{st['cpu_s']:.1f}", "peak_rss_mb": f"{st['peak_rss_mb']:.0f}",
              "load_before": f"{load_before:.2f}", "load_after": f"{os.getloadavg()[0]:.2f}",
              "cores": os.cpu_count()}
    return [{**common, **{k: (f"{v:.2f}" if k == "seconds" else
                             f"{v:.3g}" if k == "gap" else v) for k, v in p.items()}}
            for p in st["points"]]


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the 16-GPU networks")
    parser.add_argument("--out", default=DATA / "pareto.csv")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the targets)")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.specs or (QUICK if args.quick else FULL):
        for row in measure(spec):
            rows.append(row)
            report(row)
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
