"""Whole-process cost of optimal allgather schedules as networks grow; writes
data/bench_scale.csv.

    python benchmarks/scale.py              # the issue's table, dgx-a100 boxes 2 ... 128
    python benchmarks/scale.py --quick      # up to 128 GPUs
    python benchmarks/scale.py SPEC ...     # chosen specs

Each spec runs in fresh processes, as a user runs it: one that imports the package,
generates and writes the schedule (what ``forestcoll generate SPEC -o F`` does, without
its summary lines), timed from outside, reporting its stage times, max-flow counts and
peak memory; then ``forestcoll verify SPEC F`` in another process, timed the same way.
``--symmetry off`` runs without the automorphism group (as ``--no-symmetry`` does; the
default is generate's: the group from 64 compute nodes on), ``both`` runs each spec both
ways; without symmetry the large specs take hours, so pass small ones.

    python benchmarks/scale.py --symmetry off --out data/bench_scale_plain.csv \
        dgx-a100:boxes=2 dgx-a100:boxes=4 dgx-a100:boxes=8 dgx-a100:boxes=16 mi250:boxes=4
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DATA, report, write_csv

A100 = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16, 32, 64, 128)]
FULL = A100 + ["mi250:boxes=4", "mi250:boxes=64", "dgx-h100:boxes=16", "dgx-h100:boxes=128"]
QUICK = A100[:4] + ["mi250:boxes=4", "dgx-h100:boxes=16"]
TIME_LIMIT = 1800        # seconds per process

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from forestcoll_opt.model.catalog import build
from forestcoll_opt.files import write_output
from forestcoll_opt.generation.pipeline import generate
spec, out, symmetry = sys.argv[1], sys.argv[2], {"default": None, "off": False}[sys.argv[3]]
topo = build(spec)
schedule = generate(topo, collective="allgather", symmetry=symmetry)
write_output(out, schedule.to_json())
row = dict(schedule.stats)
row.update(N=len(topo.compute_nodes), trees=schedule.num_trees, algbw=str(schedule.algbw), k=schedule.k,
           tree_edges=sum(len(t.edges) for t in schedule.trees),
           inner_s=time.perf_counter() - start,
           peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
print(json.dumps(row))
"""


def _timed(argv: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, timeout=TIME_LIMIT)
    return time.perf_counter() - start, done


def measure(spec: str, symmetry: str = "default") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "schedule.json")
        seconds, done = _timed([sys.executable, "-c", CHILD, spec, out, symmetry])
        if done.returncode:
            raise SystemExit(f"{spec}: generate failed: {done.stderr.strip()[-500:]}")
        st = json.loads(done.stdout.splitlines()[-1])
        size = Path(out).stat().st_size
        verify_seconds, checked = _timed([sys.executable, "-m", "forestcoll_opt", "verify",
                                          spec, out])
    return {"topology": spec, "N": st["N"], "symmetry": symmetry,
            "process_s": f"{seconds:.2f}",
            "automorphisms_s": f"{st.get('symmetry_seconds', 0):.3f}",
            "compute_orbits": st.get("symmetry_compute_orbits", ""),
            "rotation_cycle": st.get("symmetry_cycle", ""),
            "bound_s": f"{st['bound_seconds']:.2f}",
            "splitting_s": f"{st['splitting_seconds']:.2f}",
            "packing_s": f"{st['packing_seconds']:.2f}",
            "routing_s": f"{st['routing_seconds']:.2f}",
            "splitting_max_flows": st["splitting_max_flows"],
            "packing_max_flows": st["packing_max_flows"],
            "joint_steps": st.get("joint_steps", 0),
            "packing_group_order": st.get("packing_group_order", 1),
            "packing_fallback": st.get("packing_fallback", 0),
            "k": st["k"], "trees": st["trees"], "tree_edges": st["tree_edges"],
            "output_mb": f"{size / 2**20:.1f}",
            "peak_rss_mb": f"{st['peak_rss_mb']:.0f}",
            "verify_s": f"{verify_seconds:.2f}",
            "verified": "optimal" if checked.returncode == 0 else f"exit {checked.returncode}",
            "algbw": st["algbw"]}


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only up to 128 GPUs")
    parser.add_argument("--symmetry", choices=("default", "off", "both"), default="default",
                        help="as generate does by default (the automorphism group from 64 "
                             "compute nodes), without it (--no-symmetry), or both")
    parser.add_argument("--out", type=Path, default=DATA / "bench_scale.csv")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the full list)")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.specs or (QUICK if args.quick else FULL):
        for symmetry in {"both": ("default", "off")}.get(args.symmetry, (args.symmetry,)):
            rows.append(measure(spec, symmetry))
            report(rows[-1])
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
