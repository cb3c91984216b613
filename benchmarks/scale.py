"""Whole-process cost of optimal allgather schedules as networks grow; writes
data/bench_scale.csv.

    python benchmarks/scale.py              # the issue's table, dgx-a100 boxes 2 ... 512
    python benchmarks/scale.py --quick      # up to 128 GPUs
    python benchmarks/scale.py SPEC ...     # chosen specs; SPEC@k=8 for a fixed k
    python benchmarks/scale.py --no-verify dgx-a100:boxes=512   # generate only

Measured rows replace the CSV's rows of the same topology, k and symmetry; the others
stay. Where /usr/bin/time exists, the peak memory is its "maximum resident set size" of
the whole generate process, and ``process_cpu_s`` its user + system seconds; ``load_avg``
is the machine's 1-minute load average at the start and the end of the row (other work
shares the cores: a loaded machine stretches ``process_s``, hardly the CPU seconds or the
counts).

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

A100 = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16, 32, 64, 128, 256, 512)]
FULL = A100 + ["mi250:boxes=4", "mi250:boxes=64", "mi250:boxes=64@k=8", "dgx-h100:boxes=16",
               "dgx-h100:boxes=128"]
QUICK = A100[:4] + ["mi250:boxes=4", "dgx-h100:boxes=16"]
TIME_LIMIT = 3600        # seconds per process
TIME = "/usr/bin/time"   # GNU time, for the whole process's peak memory

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from forestcoll_opt.model.catalog import build
from forestcoll_opt.files import write_output
from forestcoll_opt.generation.pipeline import generate
spec, out, symmetry = sys.argv[1], sys.argv[2], {"default": None, "off": False}[sys.argv[3]]
k = int(sys.argv[4]) if sys.argv[4] != "-" else None
topo = build(spec)
schedule = generate(topo, collective="allgather", symmetry=symmetry, k=k)
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


def _gnu_time(stderr: str) -> tuple[float | None, float | None]:
    """GNU time's (maximum resident set size in MB, user + system seconds), where given."""
    peak, cpu = None, 0.0
    for line in stderr.splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.rsplit(":", 1)[1]) / 1024
        elif "User time (seconds)" in line or "System time (seconds)" in line:
            cpu += float(line.rsplit(":", 1)[1])
    return peak, (cpu if peak is not None else None)


def measure(spec: str, symmetry: str = "default", verify: bool = True) -> dict:
    spec, _, asked = spec.partition("@k=")
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "schedule.json")
        timer = [TIME, "-v"] if os.access(TIME, os.X_OK) else []
        seconds, done = _timed(timer + [sys.executable, "-c", CHILD, spec, out, symmetry,
                                        asked or "-"])
        if done.returncode:
            raise SystemExit(f"{spec}: generate failed: {done.stderr.strip()[-500:]}")
        st = json.loads(done.stdout.splitlines()[-1])
        peak, cpu = _gnu_time(done.stderr)
        peak = peak or st["peak_rss_mb"]
        size = Path(out).stat().st_size
        verify_seconds, verdict = 0.0, "skipped"
        if verify:
            verify_seconds, checked = _timed([sys.executable, "-m", "forestcoll_opt",
                                              "verify", spec, out])
            verdict = {0: "optimal", 1: "valid, below the bound"}.get(
                checked.returncode, f"exit {checked.returncode}")
    return {"topology": spec, "N": st["N"], "symmetry": symmetry, "k_asked": asked,
            "process_s": f"{seconds:.2f}",
            "process_cpu_s": "" if cpu is None else f"{cpu:.2f}",
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
            "peak_rss_mb": f"{peak:.0f}",
            "verify_s": f"{verify_seconds:.2f}" if verify else "",
            "verified": verdict,
            "algbw": st["algbw"],
            "load_avg": f"{load:.1f}-{os.getloadavg()[0]:.1f}"}


def merge(rows: list[dict], out: Path) -> list[dict]:
    """The CSV's rows with ``rows`` in place of those of the same topology, k asked and
    symmetry (new ones at the end); columns missing from old rows stay empty."""
    import csv

    key = lambda r: (r["topology"], r.get("k_asked", ""), r["symmetry"])   # noqa: E731
    fresh = {key(r): r for r in rows}
    kept = []
    if out.exists():
        with out.open(newline="") as fh:
            for old in csv.DictReader(fh):
                kept.append(fresh.pop(key(old), old))
    merged = kept + [r for r in rows if key(r) in fresh]
    columns = list(rows[0])
    return [{c: r.get(c, "") for c in columns} for r in merged]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only up to 128 GPUs")
    parser.add_argument("--symmetry", choices=("default", "off", "both"), default="default",
                        help="as generate does by default (the automorphism group from 64 "
                             "compute nodes), without it (--no-symmetry), or both")
    parser.add_argument("--out", type=Path, default=DATA / "bench_scale.csv")
    parser.add_argument("--no-verify", action="store_true",
                        help="generate only (verifying a plain 4,096-GPU schedule is long)")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the full list)")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.specs or (QUICK if args.quick else FULL):
        for symmetry in {"both": ("default", "off")}.get(args.symmetry, (args.symmetry,)):
            rows.append(measure(spec, symmetry, verify=not args.no_verify))
            report(rows[-1])
            write_csv(merge(rows, args.out), args.out)     # each row kept as it comes
    return 0


if __name__ == "__main__":
    sys.exit(main())
