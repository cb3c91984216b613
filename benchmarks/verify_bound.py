"""The verifier's bound against the generator's; writes data/bench_verify_bound.csv.

    python benchmarks/verify_bound.py            # catalog, extreme bandwidths, wide:... networks
    python benchmarks/verify_bound.py --quick    # the smaller ones

For every topology, each the median of three runs: in one process, the generator's exact
allgather bound (``forestcoll_opt.generation.bounding.bound``), the verifier's own bound
(``forestcoll_opt.verify.bound.bound_of``, its Newton sweep over the sinks; its cache cleared) and
a whole ``verify`` of an allgather schedule generated with k = 1 (reading the schedule, the
link loads and the bound); then, as a user runs them, ``forestcoll bound TOPO`` and
``forestcoll verify TOPO SCHEDULE`` in fresh processes. ``cli_verify_over_bound`` <= 3 is
the acceptance on wide bandwidth ranges (on the catalog both bounds take milliseconds and
a verify is mostly reading the schedule). ``equal`` checks that the generator's bound, the
verifier's and the verdict's are the same fraction; ``schedule_ratio`` is the k = 1
schedule's algbw over the bound.

Specs: catalog specs (``dgx-a100:boxes=2``), ``extreme-bandwidths`` (the 89-node network
with bandwidths from 1e-12 to 1e15 stored in tests/data) and ``wide:SEED:N`` — a random
balanced network of N compute nodes in boxes with switches, whose bandwidths are drawn
log-uniformly from 1e-12 to 1e15 (a few as fractions of small denominators).
"""

from __future__ import annotations

import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from _common import run

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.model.schedule import write
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict, load
from forestcoll_opt.model.topology import write as write_topology

verifier = importlib.import_module("forestcoll_opt.verify")
verifier_bound = importlib.import_module("forestcoll_opt.verify.bound")

EXTREME = Path(__file__).resolve().parent.parent / "tests" / "data" / "topologies" / "bandwidths-1e-12-to-1e15.json"
FULL = ["dgx-a100:boxes=2", "dgx-a100:boxes=8", "mi250:boxes=2", "dgx-h100:boxes=16",
        "extreme-bandwidths", "wide:5:24", "wide:16:32", "wide:17:48", "wide:8:64",
        "wide:13:64", "wide:9:96"]
QUICK = ["dgx-a100:boxes=2", "mi250:boxes=2", "wide:5:24", "wide:16:32"]
REPEATS = 3


def topology_of(spec: str):
    if spec == "extreme-bandwidths":
        return load(EXTREME)
    if spec.startswith("wide:"):
        _, seed, n = spec.split(":")
        return from_dict(wide_network(int(seed), int(n)))
    return build(spec)


def wide_network(seed: int, n_compute: int) -> dict:
    """A random balanced topology: boxes of 4 to 8 compute nodes on a box switch, every box
    switch joined to two spine switches, directed rings over random compute nodes and one
    through every compute node; bandwidths log-uniform over [1e-12, 1e15], but over
    [1e3, 1e15] inside a box and [1e-12, 1e-5] on the ring through every compute node, so
    that a box or a group of boxes behind slow spine links can be the bottleneck."""
    rng = random.Random(f"wide-{seed}-{n_compute}")

    def bandwidth(lowest: int = -12, highest: int = 13) -> str:
        if rng.random() < 0.2 and lowest <= 0 <= highest:
            return f"{rng.randint(1, 20)}/{rng.choice((3, 7))}"
        return f"{rng.randint(1, 99)}e{rng.randint(lowest, highest)}"

    compute = [f"c{i}" for i in range(n_compute)]
    per_box = rng.randint(4, 8)
    boxes = [compute[i:i + per_box] for i in range(0, n_compute, per_box)]
    box_switch = [f"b{j}" for j in range(len(boxes))]
    spines = [f"s{j}" for j in range(max(2, len(boxes) // 2))]
    nodes = [{"id": v, "kind": "compute", "box": j}
             for j, box in enumerate(boxes) for v in box]
    nodes += [{"id": w, "kind": "switch"} for w in box_switch + spines]
    links: list[dict] = []
    for j, box in enumerate(boxes):
        for v in box:
            links.append({"src": v, "dst": box_switch[j], "bandwidth": bandwidth(3),
                          "bidirectional": True})
        for spine in rng.sample(spines, 2):
            links.append({"src": box_switch[j], "dst": spine, "bandwidth": bandwidth(),
                          "bidirectional": True})
    # directed rings through compute nodes only: a switch whose links differ in their two
    # directions may be unbalanced once floored to k = 1 tree per root
    rings = [(rng.sample(compute, n_compute), bandwidth(-12, -6))]
    rings += [(rng.sample(compute, rng.randint(3, 8)), bandwidth())
              for _ in range(n_compute // 4)]
    for ring, w in rings:
        for a, b in zip(ring, ring[1:] + ring[:1]):
            links.append({"src": a, "dst": b, "bandwidth": w})
    return {"format": "forestcoll-topology/1", "name": f"wide-{seed}-{n_compute}",
            "units": "GB/s", "nodes": nodes, "links": links}


def median_time(call) -> tuple[float, object]:
    """The median wall time of ``REPEATS`` calls, the verifier's bound cache cleared before
    each, and the last result."""
    times, result = [], None
    for _ in range(REPEATS):
        verifier_bound.cached_bound.cache_clear()
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def command_time(*argv: str) -> float:
    """``forestcoll ARGV`` in a fresh process, as a user runs it: the median wall time."""
    def once() -> None:
        done = subprocess.run([sys.executable, "-m", "forestcoll_opt", *argv],
                              capture_output=True, text=True)
        if done.returncode not in (0, 1):       # 1: a valid schedule below the bound
            raise RuntimeError(f"forestcoll {' '.join(argv)}: {done.stderr.strip()}")
    return median_time(once)[0]


def measure(spec: str) -> dict:
    topo = topology_of(spec)
    schedule = generate(topo, collective="allgather", k=1)
    bound_s, gen = median_time(lambda: bound(topo))
    own_s, own = median_time(lambda: verifier.bound_of(topo, "allgather"))
    data = schedule.to_dict()
    verify_s, verdict = median_time(lambda: verifier.verify(topo, data))
    with tempfile.TemporaryDirectory() as tmp:
        topo_arg = spec if ":" in spec and not spec.startswith("wide:") else f"{tmp}/topo.json"
        if topo_arg != spec:
            write_topology(topo, topo_arg)
        write(schedule, f"{tmp}/schedule.json")
        cli_bound_s = command_time("bound", topo_arg)
        cli_verify_s = command_time("verify", topo_arg, f"{tmp}/schedule.json")
    bandwidths = topo.capacity.values()
    return {"topology": spec, "N": len(topo.compute_nodes), "nodes": len(topo.nodes),
            "links": len(topo.capacity),
            "bandwidth_span": f"{float(max(bandwidths) / min(bandwidths)):.3g}",
            "bound_s": f"{bound_s:.4f}", "bound_max_flows": gen.max_flows,
            "verifier_bound_s": f"{own_s:.4f}", "verifier_max_flows": own.max_flows,
            "verifier_bound_over_bound": f"{own_s / bound_s:.2f}",
            "verify_s": f"{verify_s:.4f}", "cli_bound_s": f"{cli_bound_s:.3f}",
            "cli_verify_s": f"{cli_verify_s:.3f}",
            "cli_verify_over_bound": f"{cli_verify_s / cli_bound_s:.2f}",
            "equal": gen.algbw == own.algbw == verdict.bound_algbw,
            "schedule_ratio": str(Fraction(verdict.ratio))}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_verify_bound.csv", FULL, QUICK, measure))
