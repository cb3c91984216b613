"""Time ``forestcoll tradeoff`` and ``forestcoll simulate`` at today's cluster sizes (issue 36,
section 3): 2,048 DGX H100 GPUs on a flat rail fabric and 16,384 on a two-tier one, every
command a fresh process (import included), its wall time, its own CPU seconds and its peak
memory; writes data/tradeoff_scale.csv. Targets: 30 s at 2,048 GPUs, 2 minutes at 16,384.

The schedules ``simulate`` times are written first by ``generate --compact`` (not timed
here: benchmarks/scale.py times it). The machine's load average is recorded with every row:
the numbers in data/ were measured on 2 cores shared with other jobs, where the wall time is
up to the load average times the CPU time.

    python benchmarks/bench_tradeoff_scale.py           # 2,048 and 16,384 GPUs
    python benchmarks/bench_tradeoff_scale.py --quick   # 2,048 GPUs only
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DATA, report, write_csv

ROOT = Path(__file__).resolve().parent.parent
SPECS = {2048: "dgx-h100:boxes=256", 16384: "dgx-h100:boxes=2048,fabric=su"}
TARGET = {2048: 30.0, 16384: 120.0}
# (command, collective, model, extra options). The allreduce is timed at 2,048 GPUs only:
# its default (method auto) solves the allreduce LP as generate does, which is most of its
# time there; at 16,384 the two phases' compact generation alone needs more memory than
# this shared machine gives one job.
_COMMON = [("tradeoff", "allgather", "calibrated", ()), ("tradeoff", "allgather", "ideal", ()),
           ("simulate", "allgather", "calibrated", ()), ("simulate", "allgather", "ideal", ())]
RUNS = {2048: _COMMON + [("tradeoff", "allreduce", "calibrated", ()),
                         ("tradeoff", "allreduce", "calibrated", ("--method", "trees")),
                         ("simulate", "allreduce", "calibrated", ())],
        16384: _COMMON}


def _run(args: list[str]) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds, peak MB, standard output) of one fresh process, read
    from its own resource usage (``os.wait4``)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "forestcoll_opt", *args], cwd=ROOT,
                                env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"forestcoll {' '.join(args)} failed: {err.read().strip()[-400:]}")
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read()


def measure(gpus: int, command: str, collective: str, model: str, folder: Path,
            extra: tuple[str, ...] = ()) -> dict:
    spec = SPECS[gpus]
    if command == "tradeoff":
        args = ["tradeoff", spec, "--collective", collective, "--json", *extra]
    else:
        path = folder / f"{gpus}-{collective}.json"
        if not path.exists():
            _run(["generate", spec, "--collective", collective, "--compact", "-o", str(path)])
        args = ["simulate", spec, str(path), "--json"]
    if model == "ideal":
        args += ["--model", "ideal"]
    load = os.getloadavg()[0]
    wall, cpu, peak, out = _run(args)
    doc = json.loads(out)
    row = {"command": command, "spec": spec, "gpus": gpus, "collective": collective,
           "model": model, "options": " ".join(extra), "wall_s": f"{wall:.2f}",
           "cpu_s": f"{cpu:.2f}",
           "peak_mb": f"{peak:.0f}", "load_avg_1min": f"{load:.2f}",
           "target_s": TARGET[gpus], "within_target": wall <= TARGET[gpus]}
    if command == "tradeoff":
        at = {r["size_bytes"]: r for r in doc["rows"]}
        row["candidates"] = " ".join(c["name"] for c in doc["candidates"])
        row["fastest_1MiB"] = at[2**20]["best"]
        row["fastest_1GiB"] = at[2**30]["best"]
        row["seconds_1GiB"] = repr(at[2**30]["seconds"][at[2**30]["best"]])
    else:
        at = {r["size_bytes"]: r for r in doc["rows"]}
        row["candidates"] = ""
        row["fastest_1MiB"] = row["fastest_1GiB"] = ""
        row["seconds_1GiB"] = repr(at[2**30]["seconds"])
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,048 GPUs only")
    parser.add_argument("--out", type=Path, default=DATA / "tradeoff_scale.csv")
    args = parser.parse_args(argv)
    sizes = [2048] if args.quick else [2048, 16384]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for gpus in sizes:
            for command, collective, model, extra in RUNS[gpus]:
                rows.append(measure(gpus, command, collective, model, folder, extra))
                report(rows[-1])
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
