"""Symmetry never makes a question slower: bound, generate and verify with the default
symmetry against ``--no-symmetry``, on stars, rings and trees of 10^2 ... 10^5 compute
nodes (benchmarks/shapes.py) and on catalog machines; writes data/bench_symmetry.csv.

    python benchmarks/symmetry.py                  # the whole table (an hour or two)
    python benchmarks/symmetry.py --quick          # 10^2 and 10^3 compute nodes only
    python benchmarks/symmetry.py star:1000 dgx-a100:boxes=64 --commands bound

Every run is a fresh process (``python -m forestcoll_opt ...``, as a user runs it),
timed from outside, its peak memory read from the kernel (``wait4``, by a small launcher
process: see :data:`LAUNCHER`). ``verify`` checks
the schedule that ``generate`` wrote the same way (verify itself has no symmetry: the two
rows differ only in the schedule checked). A run that exceeds ``--timeout`` is recorded
as such and the larger sizes of that shape, command and setting are not tried; a size is
also not tried when the one before took more than a fifth of the timeout (each step is
10 times larger). Runs that take under :data:`QUICK_RUN` seconds are repeated
``--repeat`` times, on and off alternately, and their median kept. ``ratio`` is
seconds_on / seconds_off (at most 1.2 is the goal); ``log10_order`` is the group's size
(the exact order from :func:`forestcoll_opt.kernels.symmetry.group_order`), ``generators`` how
many automorphisms generate's group has and ``searched`` how many nodes BLISS searched
for the bound (0: folding alone found the orbits, or the search would not pay).
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DATA, report, write_csv
from shapes import SHAPES

from forestcoll_opt.generation.bounding import BOUND_SYMMETRY_MIN_COMPUTE, SYMMETRY_MIN_COMPUTE
from forestcoll_opt.model.catalog import build
from forestcoll_opt.kernels.symmetry import automorphisms, group_order, oracle_orbits
from forestcoll_opt.model.topology import write

SIZES = (100, 1000, 10_000, 100_000)
CATALOG = ["dgx-a100:boxes=8", "dgx-a100:boxes=16", "mi250:boxes=4", "dgx-h100:boxes=16",
           "paper-example:boxes=16", "dgx-a100:boxes=64", "mi250:boxes=32", "dgx-h100:boxes=64"]
# generate and verify where they take minutes, not hours, without symmetry
GENERATE_UP_TO = 128
COMMANDS = ("bound", "generate", "verify")
QUICK_RUN = 30.0


def cases(quick: bool) -> list[str]:
    sizes = SIZES[:2] if quick else SIZES
    shaped = [f"{shape}:{n}" for n in sizes for shape in sorted(SHAPES)]
    return shaped + (CATALOG[:3] if quick else CATALOG)


def topology_of(case: str, folder: str) -> tuple[str, object]:
    """(what to pass the command line, the Topology) for a shape:n case or a catalog
    spec; a shape is written to ``folder``."""
    shape, _, size = case.partition(":")
    if shape in SHAPES and size.isdigit():
        topo = SHAPES[shape](int(size))
        path = os.path.join(folder, f"{shape}-{size}.json")
        write(topo, path)
        return path, topo
    return case, build(case)


# Linux counts a process's peak memory from before its exec: a child forked from this
# process, which holds the topology, would report this process's size. So each run is
# started by a small launcher process, which reports its own child's peak.
LAUNCHER = """
import os, signal, sys
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status) & 255)
"""


def timed(argv: list[str], timeout: float) -> tuple[float | None, float, str]:
    """(seconds or None if it ran out of time, peak RSS in MB, last error line)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", LAUNCHER] + argv,
                                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)     # the launcher's group: it and its run
            proc.wait()
            return None, 0.0, f"over {timeout:.0f} s"
        seconds = time.perf_counter() - start
        err.seek(0)
        lines = err.read().decode(errors="replace").strip().splitlines()
    if proc.returncode or not lines:
        raise SystemExit(f"{' '.join(argv)} failed: {lines[-2:] if lines else proc.returncode}")
    return seconds, int(lines[-1]) / 1024, ""


class Runner:
    """Runs one case's commands on and off, remembering what ran out of time."""

    def __init__(self, args: argparse.Namespace, folder: str) -> None:
        self.args, self.folder = args, folder
        self.slow: set[tuple[str, str, str]] = set()     # (shape, command, setting)

    def measure(self, case: str) -> list[dict]:
        where, topo = topology_of(case, self.folder)
        n = len(topo.compute_nodes)
        shape = case.partition(":")[0] if case.partition(":")[0] in SHAPES else case
        facts = group_facts(topo)
        name = "".join(c if c.isalnum() else "-" for c in case)
        schedules = {s: os.path.join(self.folder, f"{name}-{s}.json") for s in ("on", "off")}
        rows = []
        for command in self.args.commands:
            if command != "bound" and shape not in SHAPES and n > GENERATE_UP_TO:
                continue
            row = {"case": case, "nodes": n, "command": command}
            argvs = {s: self.argv(command, where, s, schedules) for s in ("on", "off")}
            results = self.pair(shape, command, argvs)
            (on, rss_on, note_on), (off, rss_off, note_off) = results["on"], results["off"]
            row.update(seconds_on=_show(on), seconds_off=_show(off),
                       ratio=f"{on / off:.2f}" if on and off else "",
                       **facts, rss_on_mb=f"{rss_on:.0f}", rss_off_mb=f"{rss_off:.0f}",
                       note="; ".join([f"{s}: {t}" for s, t in (("on", note_on),
                                                                ("off", note_off)) if t]
                                      + default_off(command, n)))
            report(row)
            rows.append(row)
        return rows

    def argv(self, command: str, where: str, setting: str, schedules: dict) -> list[str] | None:
        base = [sys.executable, "-m", "forestcoll_opt"]
        flag = [] if setting == "on" else ["--no-symmetry"]
        if command == "bound":
            return base + ["bound", where] + flag
        if command == "generate":
            return base + ["generate", where, "-o", schedules[setting], "-q"] + flag
        if not os.path.exists(schedules[setting]):
            return None
        return base + ["verify", where, schedules[setting]]

    def pair(self, shape: str, command: str, argvs: dict[str, list[str] | None]
             ) -> dict[str, tuple[float | None, float, str]]:
        """Each setting's (median seconds or None, peak RSS in MB, note); the two settings
        alternate, so that the load of the machine falls on both alike."""
        times: dict[str, list[float]] = {s: [] for s in argvs}
        peak = {s: 0.0 for s in argvs}
        notes = {s: "" for s in argvs}
        active = []
        for setting, argv in argvs.items():
            if argv is None:
                notes[setting] = "no schedule to verify"
            elif (shape, command, setting) in self.slow:
                notes[setting] = "not run: a smaller size ran long"
            else:
                active.append(setting)
        for attempt in range(self.args.repeat):
            for setting in list(active):
                seconds, rss, note = timed(argvs[setting], self.args.timeout)
                peak[setting] = max(peak[setting], rss)
                if seconds is None:
                    self.slow.add((shape, command, setting))
                    notes[setting] = note
                    active.remove(setting)
                else:
                    times[setting].append(seconds)
            if not active or max(times[s][0] for s in active) > QUICK_RUN:
                break
        for setting in active:
            if times[setting][0] > self.args.timeout / 5:
                self.slow.add((shape, command, setting))
        return {s: (statistics.median(times[s]) if times[s] else None, peak[s], notes[s])
                for s in argvs}


def default_off(command: str, n: int) -> list[str]:
    """A note when the default leaves symmetry off at this size (both runs are then the
    same computation, and the ratio is the machine's noise)."""
    start = BOUND_SYMMETRY_MIN_COMPUTE if command == "bound" else SYMMETRY_MIN_COMPUTE
    if command != "verify" and n < start:
        return [f"the default uses symmetry from {start} compute nodes"]
    return []


def group_facts(topo) -> dict:
    """The group's size, generate's generators and the bound's search, in-process."""
    order = group_order(topo)
    return {"log10_order": f"{math.log10(order):.1f}",
            "generators": len(automorphisms(topo, whole=False).generators),
            "searched": oracle_orbits(topo, exact=False).searched}


def _show(seconds: float | None) -> str:
    return "" if seconds is None else f"{seconds:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="shape:N (star, ring, tree) or catalog "
                                                 "specs (default: the whole list)")
    parser.add_argument("--quick", action="store_true", help="10^2 and 10^3 nodes only")
    parser.add_argument("--commands", nargs="+", choices=COMMANDS, default=list(COMMANDS))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run")
    parser.add_argument("--out", type=Path, default=DATA / "bench_symmetry.csv")
    args = parser.parse_args(argv)
    if "verify" in args.commands and "generate" not in args.commands:
        parser.error("verify checks generate's schedules: list generate too")
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as folder:
        runner = Runner(args, folder)
        for case in args.cases or cases(args.quick):
            rows.extend(runner.measure(case))
            write_csv(rows, args.out)      # as it goes: the large sizes take long
    return 0


if __name__ == "__main__":
    sys.exit(main())
