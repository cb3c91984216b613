"""Whole-process cost of optimal allgather schedules as networks grow; writes
data/bench_scale.csv.

    python benchmarks/scale.py              # the issue's table, dgx-a100 boxes 2 ... 512
    python benchmarks/scale.py --quick      # up to 128 GPUs
    python benchmarks/scale.py SPEC ...     # chosen specs; SPEC@k=8 for a fixed k
    python benchmarks/scale.py --no-verify dgx-a100:boxes=512   # generate only
    python benchmarks/scale.py --orbits     # generate --compact + verify, 1,024 ... 16,384 GPUs
    python benchmarks/scale.py --orbits dgx-h100:boxes=2048,fabric=su@collective=allreduce

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

``--orbits`` measures the orbit construction (``generate --compact``: one tree per orbit of
an abelian group acting freely on the GPUs) as a user runs it: ``forestcoll generate SPEC
--compact -o F [--collective C]`` then ``forestcoll verify SPEC F --json`` (allreduce
``--against trees``: the LP of 16,384 GPUs is out of reach), each a whole process under
/usr/bin/time (wall and CPU seconds, peak memory). The generate process is the CLI's own
``main`` with two wrappers that note the schedule's statistics and whether
``orbit_schedule`` built it (``orbit_construction`` 1) or fell back to the plain pipeline
(0); the CLI does not print that. A process past ``--time-limit`` (default 600 s) is
stopped and its row says ``timeout`` (with ``orbit_construction`` 0 when the construction had
already fallen back). These rows carry ``compact`` = 1 and their ``collective``.
"""

from __future__ import annotations

import json
import os
import signal
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
H100_SU = "dgx-h100:boxes=2048,fabric=su"        # 16,384 H100 on two-tier rails: the target
ORBITS = ["dgx-h100:boxes=128,fabric=su", "dgx-h100:boxes=512,fabric=su", H100_SU,
          "dgx-b200:boxes=2048,fabric=su", "dgx-a100:boxes=2048", "mi300x:boxes=2048",
          f"{H100_SU}@collective=reduce-scatter", f"{H100_SU}@collective=allreduce",
          # GB200 NVL72: racks and rails rotate together, the racks alone are the boxes'
          # rotation (kernels/abelian.py box_rotation); 64 racks fell back before it
          *(f"gb200-nvl72:racks={r}" for r in (32, 64, 128, 256))]
TIME_LIMIT = 3600        # seconds per process
ORBIT_LIMIT = 600        # seconds per process of an --orbits row (a fallback would take hours)
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

# forestcoll generate as its command line runs it, noting what the CLI does not print
ORBIT_CHILD = """
import json, sys
import forestcoll_opt.cli.generate_cmds as cmds
import forestcoll_opt.generation.pipeline as pipeline
from forestcoll_opt.cli import main
note, real_generate, real_orbits = sys.argv[1], cmds.generate, pipeline.orbit_schedule

def write(**row):
    with open(note, "a") as fh:
        fh.write(json.dumps(row, default=str) + "\\n")

def orbit_schedule(*args, **kwargs):      # allreduce calls it again for each phase
    built = real_orbits(*args, **kwargs)
    write(orbit_schedule=int(built is not None))
    return built

def generate(*args, **kwargs):
    schedule = real_generate(*args, **kwargs)
    phases = schedule.phases or (schedule,)
    write(stats=dict(schedule.stats), N=len(schedule.compute_nodes), k=schedule.k,
          trees=schedule.num_trees, algbw=schedule.algbw,
          group_order=schedule.group_order if schedule.compact else 1,
          representatives=sum(len(p.orbits) for p in phases),
          single=sum(len(p.trees) for p in phases))
    return schedule

pipeline.orbit_schedule, cmds.generate = orbit_schedule, generate
sys.exit(main(sys.argv[2:]))
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


def _run_limited(argv: list[str], limit: float) -> tuple[float, subprocess.CompletedProcess | None]:
    """Wall seconds and the finished process, or None past ``limit`` seconds (then the
    process and its children, its own session, are stopped)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        out, err = child.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return time.perf_counter() - start, None
    return time.perf_counter() - start, subprocess.CompletedProcess(argv, child.returncode,
                                                                   out, err)


def _orbit_spec(spec: str) -> tuple[str, str]:
    """``SPEC[@collective=C]`` as (SPEC, C)."""
    spec, _, extra = spec.partition("@")
    key, _, collective = extra.partition("=")
    if extra and key != "collective":
        raise SystemExit(f"{spec}@{extra}: --orbits takes SPEC or SPEC@collective=NAME")
    return spec, collective or "allgather"


def measure_orbits(spec: str, limit: float = ORBIT_LIMIT) -> dict:
    """One --orbits row: ``forestcoll generate SPEC --compact -o F`` then ``forestcoll
    verify SPEC F``, whole processes (module docstring)."""
    spec, collective = _orbit_spec(spec)
    load = os.getloadavg()[0]
    timer = [TIME, "-v"] if os.access(TIME, os.X_OK) else []
    row = {"topology": spec, "N": "", "symmetry": "default", "k_asked": "",
           "collective": collective, "compact": 1}
    with tempfile.TemporaryDirectory() as tmp:
        out, note = os.path.join(tmp, "schedule.json"), os.path.join(tmp, "note.jsonl")
        seconds, done = _run_limited(
            timer + [sys.executable, "-c", ORBIT_CHILD, note, "generate", spec, "--compact",
                     "-q", "--collective", collective, "-o", out], limit)
        notes = ([json.loads(line) for line in Path(note).read_text().splitlines()]
                 if os.path.exists(note) else [])
        tried = [n["orbit_schedule"] for n in notes if "orbit_schedule" in n]
        row["orbit_construction"] = tried[-1] if tried else ""
        if done is None or done.returncode:
            why = "timeout" if done is None else f"generate exit {done.returncode}"
            if done is not None:
                report({"topology": spec, "stderr": done.stderr.strip()[-500:]})
            from forestcoll_opt.model.catalog import build

            row.update(N=len(build(spec).compute_nodes), process_s=f"{seconds:.2f}",
                       verified=why, load_avg=f"{load:.1f}-{os.getloadavg()[0]:.1f}")
            return row
        made = next(n for n in notes if "stats" in n)
        st = made["stats"]
        peak, cpu = _gnu_time(done.stderr)
        group_seconds = st.get("symmetry_seconds", 0) + st.get("packing_symmetry_seconds", 0)
        row.update(N=made["N"], process_s=f"{seconds:.2f}",
                   process_cpu_s="" if cpu is None else f"{cpu:.2f}",
                   automorphisms_s=f"{group_seconds:.3f}",
                   bound_s=f"{st.get('bound_seconds', 0):.2f}",
                   splitting_s=f"{st.get('splitting_seconds', 0):.2f}",
                   packing_s=f"{st.get('packing_seconds', 0):.2f}",
                   routing_s=f"{st.get('routing_seconds', 0):.2f}",
                   splitting_max_flows=st.get("splitting_max_flows", ""),
                   packing_max_flows=st.get("packing_max_flows", ""),
                   packing_group_order=st.get("packing_group_order", ""),
                   group_order=made["group_order"], representatives=made["representatives"],
                   single_trees=made["single"], k=made["k"] or "", trees=made["trees"],
                   output_mb=f"{Path(out).stat().st_size / 2**20:.2f}",
                   peak_rss_mb="" if peak is None else f"{peak:.0f}")
        against = ["--against", "trees"] if collective == "allreduce" else []
        verify_seconds, checked = _run_limited(
            timer + [sys.executable, "-m", "forestcoll_opt", "verify", spec, out, "--json"]
            + against, limit)
    if checked is None:
        verdict, vpeak, vcpu = "timeout", None, None
    else:
        vpeak, vcpu = _gnu_time(checked.stderr)
        try:
            verdict = json.loads(checked.stdout)["status"]
        except ValueError:
            verdict = f"verify exit {checked.returncode}"
    row.update(verify_s=f"{verify_seconds:.2f}",
               verify_cpu_s="" if vcpu is None else f"{vcpu:.2f}",
               verify_peak_mb="" if vpeak is None else f"{vpeak:.0f}",
               verified=verdict, algbw=str(made["algbw"]),
               load_avg=f"{load:.1f}-{os.getloadavg()[0]:.1f}")
    return row


def merge(rows: list[dict], out: Path) -> list[dict]:
    """The CSV's rows with ``rows`` in place of those of the same topology, k asked,
    symmetry, collective and form (plain, or ``compact`` 1), new ones at the end; the
    columns are the CSV's and then the new ones, empty where a row has none."""
    import csv

    def key(r: dict) -> tuple:
        return (r["topology"], str(r.get("k_asked", "")), r["symmetry"],
                r.get("collective") or "allgather", str(r.get("compact", "")))

    fresh = {key(r): r for r in rows}
    kept, columns = [], []
    if out.exists():
        with out.open(newline="") as fh:
            reader = csv.DictReader(fh)
            columns = list(reader.fieldnames or ())
            for old in reader:
                kept.append(fresh.pop(key(old), old))
    merged = kept + [r for r in rows if key(r) in fresh]
    for r in rows:
        columns += [c for c in r if c not in columns]
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
    parser.add_argument("--orbits", action="store_true",
                        help="generate --compact then verify, whole CLI processes, 1,024 to "
                             "16,384 GPUs (SPEC@collective=NAME for another collective)")
    parser.add_argument("--time-limit", type=float, default=ORBIT_LIMIT,
                        help="--orbits: seconds per process before the row says timeout")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the full list)")
    args = parser.parse_args(argv)
    rows = []
    if args.orbits:
        for spec in args.specs or ORBITS:
            rows.append(measure_orbits(spec, args.time_limit))
            report(rows[-1])
            write_csv(merge(rows, args.out), args.out)
        return 0
    for spec in args.specs or (QUICK if args.quick else FULL):
        for symmetry in {"both": ("default", "off")}.get(args.symmetry, (args.symmetry,)):
            rows.append(measure(spec, symmetry, verify=not args.no_verify))
            report(rows[-1])
            write_csv(merge(rows, args.out), args.out)     # each row kept as it comes
    return 0


if __name__ == "__main__":
    sys.exit(main())
