"""Compare the max-flow kernels on whole runs; writes data/bench_kernels.csv.

    python benchmarks/kernels.py            # dgx-a100 boxes 2, 4, 8 and mi250 boxes 2, 4
    python benchmarks/kernels.py --quick    # dgx-a100 boxes 2, 4 and mi250 boxes 2
    python benchmarks/kernels.py --kernels ortools,igraph,networkx dgx-a100:boxes=2

For every topology, kernel and task (``generate``: an optimal allgather schedule;
``bound``: the exact allgather bound) a fresh Python process builds the topology and runs
the task, so ``process_s`` is what a user waits for from the command line (interpreter
start, imports, the kernel's own import, the work) and ``call_s`` the call alone. Each is
the best of ``--repeat`` runs; the runs of the kernels are interleaved so that load from
other processes on the machine falls on all of them alike. Every kernel must give a
byte-identical schedule (``Schedule.to_json()``) and an identical bound (``Bound.to_dict()``);
``identical`` says whether this kernel's answer equals the first kernel's.

The default kernels are the installed ones of ortools, igraph and dinic; edmonds_karp and
networkx are much slower on the larger topologies and are measured only when named.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.kernels.flow import available_kernels, default_kernel

FULL = ["dgx-a100:boxes=2", "dgx-a100:boxes=4", "dgx-a100:boxes=8",
        "mi250:boxes=2", "mi250:boxes=4"]
QUICK = ["dgx-a100:boxes=2", "dgx-a100:boxes=4", "mi250:boxes=2"]
KERNELS = ["ortools", "igraph", "dinic"]
TASKS = ["generate", "bound"]

# what one fresh process runs: argv = spec, task, kernel; prints one JSON line
CHILD = r"""
import hashlib, json, sys, time
spec, task, kernel = sys.argv[1:]
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.generation.pipeline import generate
topo = build(spec)
start = time.perf_counter()
if task == "generate":
    result = generate(topo, collective="allgather", kernel=kernel)
    seconds = time.perf_counter() - start
    text = result.to_json()
    max_flows = result.stats["splitting_max_flows"] + result.stats["packing_max_flows"]
else:
    result = bound(topo, kernel=kernel)
    seconds = time.perf_counter() - start
    text = json.dumps(result.to_dict(), sort_keys=True)
    max_flows = result.max_flows
print(json.dumps({"call_s": seconds, "N": len(topo.compute_nodes), "k": result.k,
                  "algbw": str(result.algbw), "max_flows": max_flows,
                  "sha256": hashlib.sha256(text.encode()).hexdigest()}))
"""


def run_once(spec: str, task: str, kernel: str) -> dict:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, spec, task, kernel],
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{spec} {task} {kernel} failed:\n{done.stderr}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["process_s"] = wall
    return out


def measure(spec: str, kernels: list[str], repeat: int) -> list[dict]:
    """One row per task and kernel, the best of ``repeat`` interleaved runs."""
    rows = []
    for task in TASKS:
        best: dict[str, dict] = {}
        for _ in range(repeat):
            for kernel in kernels:
                out = run_once(spec, task, kernel)
                if kernel in best and out["sha256"] != best[kernel]["sha256"]:
                    raise SystemExit(f"{spec} {task} {kernel}: two runs disagree")
                keep = best.setdefault(kernel, out)
                keep["process_s"] = min(keep["process_s"], out["process_s"])
                keep["call_s"] = min(keep["call_s"], out["call_s"])
        first = best[kernels[0]]
        for kernel in kernels:
            out = best[kernel]
            rows.append({"topology": spec, "N": out["N"], "task": task, "kernel": kernel,
                         "process_s": f"{out['process_s']:.3f}",
                         "call_s": f"{out['call_s']:.3f}",
                         "vs_first": f"{out['process_s'] / first['process_s']:.2f}",
                         "max_flows": out["max_flows"], "k": out["k"], "algbw": out["algbw"],
                         "sha256": out["sha256"][:16],
                         "identical": out["sha256"] == first["sha256"]})
            report(rows[-1])
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the smaller topologies")
    parser.add_argument("--out", type=Path, default=DATA / "bench_kernels.csv")
    parser.add_argument("--kernels", help="comma-separated kernels (default: the installed "
                                          f"ones of {', '.join(KERNELS)})")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best of)")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the full list)")
    args = parser.parse_args(argv)
    installed = available_kernels()
    kernels = args.kernels.split(",") if args.kernels else [k for k in KERNELS if k in installed]
    missing = [k for k in kernels if k not in installed]
    if missing:
        parser.error(f"not installed here: {', '.join(missing)}")
    print(f"kernels {', '.join(kernels)}; the default here is {default_kernel()}",
          file=sys.stderr)
    rows = []
    for spec in args.specs or (QUICK if args.quick else FULL):
        rows.extend(measure(spec, kernels, args.repeat))
    write_csv(rows, args.out)
    different = [r for r in rows if not r["identical"]]
    if different:
        print("answers differ from the first kernel's: " + "; ".join(
            f"{r['topology']} {r['task']} {r['kernel']}" for r in different), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
