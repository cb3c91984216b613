"""Time ``generate`` + ``verify`` on networks with failed parts (issue 35); writes
data/failures.csv.

    python benchmarks/bench_failures.py              # every case (up to ~40 minutes)
    python benchmarks/bench_failures.py --quick      # dgx-h100:boxes=16 only
    python benchmarks/bench_failures.py "dgx-h100:boxes=16|nic:box3/gpu5"

A case is ``SPEC|FAILURES``: ``FAILURES`` is a comma list of failure ids, or
``cables=N@SEED`` (N distinct cables — links between a compute node and a switch
outside its box — drawn with ``random.Random(SEED)``). Each case runs in its own process
under ``/usr/bin/time -v`` with a hard timeout (``--timeout``, 900 s by default): its
``generate`` / ``verify`` seconds and peak memory are recorded, or ``timeout`` when it
did not finish. ``status`` is the verifier's verdict on the degraded network.

The schedules are compact (``generate(..., compact=True)``, ``forestcoll generate --fail ID
--compact``): after a failure, one tree per orbit of the automorphisms that fix the failed
part (:func:`forestcoll_opt.kernels.abelian.semi_free_abelian`), which the verifier checks
orbit by orbit; ``orbit_construction`` says whether that route built it (1) or the full
pipeline did (empty). Each stage is timed in wall seconds AND in the process's CPU seconds
(``*_cpu_s``): the benchmark machine's 2 cores are shared with other jobs, so the wall time
is inflated by the load (``load`` is the 1-minute load average before and after the case);
the CPU time is what the case costs. ``process_*`` are ``/usr/bin/time``'s figures for the
whole worker (reading the catalog and applying the failure included).
"""

from __future__ import annotations

import argparse
import csv
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
        "dgx-a100:boxes=128|cables=3@35",
        # 16,384 GPUs: the one-switch-per-rail fabric, and the rail-optimized SuperPOD units
        "dgx-h100:boxes=2048|nic:box17/gpu5",
        "dgx-h100:boxes=2048,fabric=su|nic:box17/gpu5"]
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
    topo = degrade(whole, ids)
    start, cpu = time.perf_counter(), time.process_time()
    sched = fc.generate(topo, collective="allgather", compact=True)
    generated, generated_cpu = time.perf_counter() - start, time.process_time() - cpu
    start, cpu = time.perf_counter(), time.process_time()
    verdict = fc.verify(topo, sched)
    verified, verified_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"failures": " ".join(ids), "N": len(topo.compute_nodes),
                      "generate_s": f"{generated:.2f}", "generate_cpu_s": f"{generated_cpu:.2f}",
                      "verify_s": f"{verified:.2f}", "verify_cpu_s": f"{verified_cpu:.2f}",
                      "status": verdict.status, "k": sched.k,
                      "representatives": len(sched.orbits) if sched.compact else "",
                      "group_order": sched.group_order if sched.compact else 1,
                      "orbit_construction": sched.stats.orbit_construction or "",
                      "splitting_s": f"{sched.stats.splitting_seconds or 0:.2f}",
                      "packing_s": f"{sched.stats.packing_seconds or 0:.2f}",
                      "algbw": str(sched.algbw), "bound": str(verdict.bound_algbw),
                      "at_bound": sched.algbw == verdict.bound_algbw}))


EMPTY = {"N": "", "generate_cpu_s": "", "verify_cpu_s": "", "total_cpu_s": "",
         "process_s": "", "process_cpu_s": "", "k": "", "representatives": "", "group_order": "",
         "orbit_construction": "", "splitting_s": "", "packing_s": ""}


def measure(case: str, timeout: float) -> dict:
    spec, _, what = case.partition("|")
    row = {"case": case, "spec": spec, "failures": what}
    load = f"{os.getloadavg()[0]:.1f}"
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
        return {**row, **EMPTY, "generate_s": "timeout", "verify_s": "timeout",
                "total_s": f">{timeout:.0f}", "peak_mb": "", "status": "timeout",
                "algbw": "", "bound": "", "at_bound": "",
                "load": f"{load}-{os.getloadavg()[0]:.1f}"}
    wall = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    if done.returncode != 0:
        killed = re.search(r"Command terminated by signal (\d+)", done.stderr)
        last = ([f"killed by signal {killed[1]} (not by the timeout)"] if killed
                else done.stderr.strip().splitlines())
        return {**row, **EMPTY, "generate_s": "error", "verify_s": "error",
                "total_s": f"{wall:.1f}", "peak_mb": "",
                "status": "error: " + (last[-1] if last else "?")[:200],
                "algbw": "", "bound": "", "at_bound": "",
                "load": f"{load}-{os.getloadavg()[0]:.1f}"}
    out = json.loads(done.stdout.strip().splitlines()[-1])
    row["failures"] = out.pop("failures")
    total = float(out["generate_s"]) + float(out["verify_s"])
    total_cpu = float(out["generate_cpu_s"]) + float(out["verify_cpu_s"])
    user = re.search(r"User time \(seconds\): ([\d.]+)", done.stderr)
    system = re.search(r"System time \(seconds\): ([\d.]+)", done.stderr)
    process_cpu = float(user[1]) + float(system[1]) if user and system else None
    return {**row, "N": out["N"], "generate_s": out["generate_s"],
            "generate_cpu_s": out["generate_cpu_s"], "verify_s": out["verify_s"],
            "verify_cpu_s": out["verify_cpu_s"], "total_s": f"{total:.2f}",
            "total_cpu_s": f"{total_cpu:.2f}", "process_s": f"{wall:.1f}",
            "process_cpu_s": "" if process_cpu is None else f"{process_cpu:.1f}",
            "peak_mb": f"{int(peak[1]) / 1024:.0f}" if peak else "",
            "status": out["status"], "k": out["k"], "representatives": out["representatives"],
            "group_order": out["group_order"], "orbit_construction": out["orbit_construction"],
            "splitting_s": out["splitting_s"], "packing_s": out["packing_s"],
            "algbw": out["algbw"], "bound": out["bound"], "at_bound": out["at_bound"],
            "load": f"{load}-{os.getloadavg()[0]:.1f}"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=DATA / "failures.csv")
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--code", default="", help="a label for the code measured (first "
                        "column), e.g. the commit")
    parser.add_argument("--append", action="store_true",
                        help="keep the rows already in --out (earlier code), add these")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    rows = []
    for case in args.cases or (QUICK if args.quick else FULL):
        rows.append({"code": args.code, **measure(case, args.timeout)})
        report(rows[-1])
    if args.append and args.out.exists():
        with args.out.open(newline="") as fh:
            old = list(csv.DictReader(fh))
        columns = list(dict.fromkeys(list(rows[0]) + [c for r in old for c in r]))
        rows = [{c: r.get(c, "") for c in columns} for r in old + rows]
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
