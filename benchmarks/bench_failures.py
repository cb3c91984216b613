"""Time ``generate`` + ``verify`` on networks with failed parts (issue 35); writes
data/failures.csv.

    python benchmarks/bench_failures.py              # every case (up to ~15 minutes)
    python benchmarks/bench_failures.py --quick      # dgx-h100:boxes=16 only
    python benchmarks/bench_failures.py "dgx-h100:boxes=16|nic:box3/gpu5"

A case is ``SPEC|FAILURES``: ``FAILURES`` is a comma list of failure ids, or
``cables=N@SEED`` (N distinct cables — links between a compute node and a switch
outside its box — drawn with ``random.Random(SEED)``). Each case runs in its own process
under ``/usr/bin/time -v`` with a hard timeout (``--timeout``, 300 s by default): its
``generate`` / ``verify`` seconds and peak memory are recorded, or ``timeout`` when it
did not finish. ``status`` is the verifier's verdict on the degraded network.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from _common import DATA, report, write_csv

ROOT = Path(__file__).resolve().parent.parent
FULL = ["dgx-h100:boxes=16|nic:box3/gpu5",
        "dgx-h100:boxes=128|nic:box17/gpu5",
        "dgx-a100:boxes=128|nic:box17/gpu5",
        "dgx-h100:boxes=128|cables=3@35",
        "dgx-a100:boxes=128|cables=3@35"]
QUICK = FULL[:1]


def cables(topology, count: int, seed: int) -> list[str]:
    """``count`` distinct cable failure ids (compute node -- switch outside its box),
    drawn with ``random.Random(seed)`` from the cables in topology order."""
    from forestcoll_opt.model.faults import link_failure, link_neighbours, nic_switches

    neighbours = link_neighbours(topology)
    pool = [(v, s) for v in topology.compute_nodes
            for s in nic_switches(topology, v, neighbours)]
    return [link_failure(topology, v, s).id for v, s in random.Random(seed).sample(pool, count)]


def failure_ids(topology, text: str) -> list[str]:
    match = re.fullmatch(r"cables=(\d+)@(\d+)", text)
    if match:
        return cables(topology, int(match[1]), int(match[2]))
    return text.split(",")


def worker(case: str) -> None:
    """Run one case in this process and print its figures as JSON on stdout."""
    import forestcoll_opt as fc
    from forestcoll_opt.model.catalog import build
    from forestcoll_opt.model.faults import degrade

    spec, _, what = case.partition("|")
    whole = build(spec)
    ids = failure_ids(whole, what)
    start = time.perf_counter()
    topo = degrade(whole, ids)
    sched = fc.generate(topo, collective="allgather")
    generated = time.perf_counter() - start
    start = time.perf_counter()
    verdict = fc.verify(topo, sched)
    verified = time.perf_counter() - start
    bound = fc.bound(topo, collective="allgather").algbw
    print(json.dumps({"failures": " ".join(ids), "generate_s": f"{generated:.2f}",
                      "verify_s": f"{verified:.2f}", "status": verdict.status,
                      "algbw": str(sched.algbw), "bound": str(bound),
                      "at_bound": sched.algbw == bound}))


def measure(case: str, timeout: float) -> dict:
    spec, _, what = case.partition("|")
    row = {"case": case, "spec": spec, "failures": what}
    cmd = ["/usr/bin/time", "-v", sys.executable, __file__, "--worker", case]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    # its own process group, so that a timeout ends the worker too, not only /usr/bin/time
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
        done = subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {**row, "generate_s": "timeout", "verify_s": "timeout",
                "total_s": f">{timeout:.0f}", "peak_mb": "", "status": "timeout",
                "algbw": "", "bound": "", "at_bound": ""}
    wall = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()
        return {**row, "generate_s": "error", "verify_s": "error", "total_s": f"{wall:.1f}",
                "peak_mb": "", "status": "error: " + (last[-1] if last else "?")[:200],
                "algbw": "", "bound": "", "at_bound": ""}
    out = json.loads(done.stdout.strip().splitlines()[-1])
    row["failures"] = out.pop("failures")
    total = float(out["generate_s"]) + float(out["verify_s"])
    return {**row, "generate_s": out["generate_s"], "verify_s": out["verify_s"],
            "total_s": f"{total:.2f}",
            "peak_mb": f"{int(peak[1]) / 1024:.0f}" if peak else "",
            "status": out["status"], "algbw": out["algbw"], "bound": out["bound"],
            "at_bound": out["at_bound"]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=DATA / "failures.csv")
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
