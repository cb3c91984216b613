"""Writing MSCCL++ execution plans; writes data/mscclpp.csv.

    python benchmarks/bench_mscclpp.py             # dgx-h100:boxes=16 allgather, allreduce;
                                                   # dgx-h100:boxes=128 compact allgather
    python benchmarks/bench_mscclpp.py --quick     # dgx-h100:boxes=16 only

Each row: a schedule is generated first (not timed), then ``forestcoll export mscclpp``
runs in a fresh process under ``/usr/bin/time -v``, as a user runs it: wall seconds, CPU
seconds (user + system: the cores are shared, so wall time varies with the machine's
load, recorded as the 1-minute load average beside the core count) and peak resident
memory, with the plan's size and figures. The compact 1,024-GPU
schedule is exported as it is (read one tree at a time).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import run

ROOT = Path(__file__).resolve().parent.parent
# the command as a user runs it, from this checkout (installed or not)
BIN = [sys.executable, "-m", "forestcoll_opt"]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
FULL = ["dgx-h100:boxes=16/allgather", "dgx-h100:boxes=16/allreduce",
        "dgx-h100:boxes=128/allgather/compact"]
QUICK = FULL[:2]


def _forestcoll(*argv: str) -> str:
    done = subprocess.run([*BIN, *argv], capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        raise RuntimeError(f"forestcoll {' '.join(argv)}: {done.stderr.strip()}")
    return done.stdout


def measure(case: str) -> dict:
    spec, collective, *compact = case.split("/")
    with tempfile.TemporaryDirectory() as tmp:
        schedule, plan = Path(tmp) / "s.json", Path(tmp) / "plan.json"
        _forestcoll("generate", spec, "--collective", collective, "-q", "-o", str(schedule),
                    *(["--compact"] if compact else []))
        load = os.getloadavg()[0]          # the machine's load: wall time depends on it
        done = subprocess.run(["/usr/bin/time", "-v", *BIN, "export", "mscclpp", spec,
                               str(schedule), "-o", str(plan)],
                              capture_output=True, text=True, env=ENV)
        if done.returncode != 0:
            raise RuntimeError(f"export mscclpp {case}: {done.stderr.strip()[-300:]}")
        log = done.stderr

        def field(label: str) -> str:
            return re.search(rf"{re.escape(label)}: (.+)", log).group(1).strip()

        wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")
        seconds = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall)))
        cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
        doc = json.loads(plan.read_text())
        gpus = doc["gpus"]
        return {"spec": spec, "collective": collective, "compact": bool(compact),
                "ranks": len(gpus),
                "max_threadblocks": max(len(g["threadblocks"]) for g in gpus),
                "operations": sum(1 + len(op.get("ops", ())) for g in gpus
                                  for tb in g["threadblocks"] for op in tb["ops"]),
                "plan_mb": round(plan.stat().st_size / 2**20, 1),
                "wall_s": round(seconds, 2), "cpu_s": round(cpu, 2),
                "peak_rss_mb": round(int(field("Maximum resident set size (kbytes)")) / 1024),
                "load_avg": round(load, 2), "cores": os.cpu_count(),
                "summary": done.stdout.strip().split(": ", 1)[1]}


if __name__ == "__main__":
    sys.exit(run(__doc__, "mscclpp.csv", FULL, QUICK, measure))
