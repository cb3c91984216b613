"""Time ``forestcoll replan`` from a healthy 1,024-GPU schedule (issue 35); writes
data/replan.csv.

    python benchmarks/bench_replan.py              # every case (a few minutes)
    python benchmarks/bench_replan.py --quick      # dgx-h100:boxes=16 only
    python benchmarks/bench_replan.py "dgx-h100:boxes=128|nic:box17/gpu5"

A case is ``SPEC|FAILURES``: ``FAILURES`` is a comma list of failure ids, or
``cables=N@SEED`` (N distinct cables — links between a compute node and a switch outside
its box — drawn with ``random.Random(SEED)``, as benchmarks/bench_failures.py draws them).
For each SPEC the healthy schedule is made once (``generate --compact``, the row
``healthy``); each case then runs the command an operator runs,

    forestcoll replan SPEC healthy.json --fail IDS -o new.json

in its own process under ``/usr/bin/time -v`` with a hard timeout (``--timeout``, 300 s):
its wall seconds, its CPU seconds (user + system: the process's own work, whatever else
the machine runs), its peak memory, the route the re-plan took (``kept``, ``repaired``,
``repacked``, ``regenerated``), the verifier's status on the degraded network and the
algbw. Everything is included: starting Python, reading the network and the schedule,
the bounds, the repair, the verifier, writing the new schedule (1M tree edges at 1,024
GPUs). ``load`` is the machine's one-minute load average when the case started: the
figures were measured on 2 cores shared by up to 8 processes (seven helpers at once), so
the wall time runs up to several times the CPU time.
"""

from __future__ import annotations

import argparse
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
FULL = ["dgx-h100:boxes=128|nic:box17/gpu5",
        "dgx-h100:boxes=128|cables=3@35",
        "dgx-a100:boxes=128|nic:box17/gpu5",
        "dgx-a100:boxes=128|cables=3@35"]
QUICK = ["dgx-h100:boxes=16|nic:box3/gpu5", "dgx-h100:boxes=16|cables=3@35"]


def failure_ids(spec: str, text: str) -> list[str]:
    """The failure ids of a case (``cables=N@SEED`` drawn as bench_failures.py does)."""
    match = re.fullmatch(r"cables=(\d+)@(\d+)", text)
    if not match:
        return text.split(",")
    sys.path.insert(0, str(ROOT))
    from bench_failures import cables

    from forestcoll_opt.model.catalog import build

    return cables(build(spec), int(match[1]), int(match[2]))


def timed(cmd: list[str], timeout: float) -> dict:
    """Run ``cmd`` under /usr/bin/time -v: wall, cpu (user + sys) seconds, peak MB, its
    standard output, or ``timeout``/``error``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    load = os.getloadavg()[0]
    start = time.perf_counter()
    proc = subprocess.Popen(["/usr/bin/time", "-v", *cmd], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"wall_s": f">{timeout:.0f}", "cpu_s": "", "peak_mb": "",
                "load": f"{load:.1f}", "out": "", "error": "timeout"}
    wall = time.perf_counter() - start
    user = re.search(r"User time \(seconds\): ([\d.]+)", stderr)
    system = re.search(r"System time \(seconds\): ([\d.]+)", stderr)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    cpu = float(user[1]) + float(system[1]) if user and system else None
    error = ""
    if proc.returncode != 0:
        lines = [l for l in stderr.splitlines() if l and not l.startswith("\t")]
        error = "error: " + (lines[-1] if lines else "?")[:200]
    return {"wall_s": f"{wall:.1f}", "cpu_s": f"{cpu:.1f}" if cpu is not None else "",
            "peak_mb": f"{int(peak[1]) / 1024:.0f}" if peak else "",
            "load": f"{load:.1f}", "out": stdout, "error": error}


def line(out: str, head: str) -> str:
    found = [l for l in out.splitlines() if l.startswith(head)]
    return found[0][len(head):].strip() if found else ""


def healthy_row(spec: str, path: Path, timeout: float) -> dict:
    run = timed([sys.executable, "-m", "forestcoll_opt", "generate", spec, "--compact",
                 "-o", str(path), "-q"], timeout)
    algbw = line(run["out"], "algbw").split("  ")[0]
    return {"case": f"{spec}|healthy", "spec": spec, "failures": "", "step": "generate --compact",
            "wall_s": run["wall_s"], "cpu_s": run["cpu_s"], "peak_mb": run["peak_mb"],
            "load": run["load"], "route": "", "status": run["error"] or "written",
            "algbw": algbw, "lost": ""}


def replan_row(case: str, healthy: Path, folder: Path, timeout: float) -> dict:
    spec, _, what = case.partition("|")
    ids = failure_ids(spec, what)
    new = folder / "new.json"
    run = timed([sys.executable, "-m", "forestcoll_opt", "replan", spec, str(healthy),
                 "--fail", ",".join(ids), "-o", str(new)], timeout)
    algbw_line = line(run["out"], "algbw")
    status = re.search(r"\((\w+) on", algbw_line)
    new.unlink(missing_ok=True)
    return {"case": case, "spec": spec, "failures": " ".join(ids), "step": "replan",
            "wall_s": run["wall_s"], "cpu_s": run["cpu_s"], "peak_mb": run["peak_mb"],
            "load": run["load"], "route": line(run["out"], "route").split(":")[0],
            "status": run["error"] or (status[1] if status else "?"),
            "algbw": algbw_line.split("  ")[0],
            "lost": line(run["out"], "lost").split(" of ")[0]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=DATA / "replan.csv")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    rows = []
    healthy: dict[str, Path] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for case in args.cases or (QUICK if args.quick else FULL):
            spec = case.partition("|")[0]
            if spec not in healthy:
                healthy[spec] = folder / f"healthy-{len(healthy)}.json"
                rows.append(healthy_row(spec, healthy[spec], args.timeout))
                report(rows[-1])
            rows.append(replan_row(case, healthy[spec], folder, args.timeout))
            report(rows[-1])
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
