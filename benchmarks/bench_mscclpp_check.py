"""Time ``check_mscclpp`` on large MSCCL++ plans (issue 38); writes data/mscclpp_check.csv.

    python benchmarks/bench_mscclpp_check.py              # dgx-h100:boxes=16, AG and AR
    python benchmarks/bench_mscclpp_check.py --quick      # dgx-h100:boxes=2 only
    python benchmarks/bench_mscclpp_check.py "dgx-h100:boxes=4|allreduce"

The exporter is not what is measured: the plans are the test suite's own valid ring plans
(``tests/runtimes/test_mscclpp_check_plans.py``: a ring allgather of one chunk per GPU, a
ring allreduce of one chunk per GPU and step, blocks chained by device semaphores at 11
steps each), written to a file that the check then reads as a user's would. Each case runs
in its own process under ``/usr/bin/time -v`` with a hard timeout (``--timeout``): the
check's wall and CPU seconds (the machine's cores are shared with other jobs, so wall may
exceed CPU), the process's peak memory, the plan's size, and the verdict.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DATA, report, write_csv

ROOT = Path(__file__).resolve().parent.parent
FULL = ["dgx-h100:boxes=16|allgather", "dgx-h100:boxes=16|allreduce"]
QUICK = ["dgx-h100:boxes=2|allgather", "dgx-h100:boxes=2|allreduce"]


def worker(case: str) -> None:
    """Build the case's plan, write it, check it; print the figures as JSON on stdout."""
    sys.path.insert(0, str(ROOT))
    from tests.runtimes.test_mscclpp_check_plans import ring_allgather, ring_allreduce

    from forestcoll_opt.model.catalog import build
    from forestcoll_opt.runtimes.mscclpp_check import check_mscclpp

    spec, _, collective = case.partition("|")
    topo = build(spec)
    start = time.perf_counter()
    plan = (ring_allgather if collective == "allgather" else ring_allreduce)(topo)
    generated = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plan.json"
        path.write_text(json.dumps(plan))
        size = path.stat().st_size
        del plan
        wall, cpu = time.perf_counter(), time.process_time()
        verdict = check_mscclpp(topo, path)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    c = verdict.counts
    print(json.dumps({"gpus": c.gpus, "threadblocks": c.threadblocks, "ops": c.ops,
                      "plan_mb": f"{size / 2**20:.1f}", "generate_s": f"{generated:.2f}",
                      "check_wall_s": f"{wall:.2f}", "check_cpu_s": f"{cpu:.2f}",
                      "status": verdict.status, "algbw": str(verdict.algbw)}))


def measure(case: str, timeout: float) -> dict:
    spec, _, collective = case.partition("|")
    row = {"spec": spec, "collective": collective}
    cmd = ["/usr/bin/time", "-v", sys.executable, __file__, "--worker", case]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    empty = {"gpus": "", "threadblocks": "", "ops": "", "plan_mb": "", "generate_s": "",
             "check_wall_s": "", "check_cpu_s": "", "peak_mb": "", "algbw": ""}
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {**row, **empty, "check_wall_s": f">{timeout:.0f}", "status": "timeout"}
    if proc.returncode != 0:
        last = stderr.strip().splitlines()
        return {**row, **empty, "status": "error: " + (last[-1] if last else "?")[:200]}
    out = json.loads(stdout.strip().splitlines()[-1])
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    return {**row, **{k: out[k] for k in ("gpus", "threadblocks", "ops", "plan_mb",
                                          "generate_s", "check_wall_s", "check_cpu_s")},
            "peak_mb": f"{int(peak[1]) / 1024:.0f}" if peak else "",
            "status": out["status"], "algbw": out["algbw"]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=DATA / "mscclpp_check.csv")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    rows = []
    for case in args.cases or (QUICK if args.quick else FULL):
        rows.append(measure(case, args.timeout))
        report(rows[-1])
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
