"""Time ``forestcoll whatif``: every single failure ranked, one bound per class of
symmetric failures, and the upgrades the bottleneck cuts do not skip; writes
data/bench_whatif.csv.

    python benchmarks/whatif.py            # up to 1,024 GPUs (a few minutes)
    python benchmarks/whatif.py --quick    # the smaller cases
    python benchmarks/whatif.py "dgx-h100:boxes=128|link" "mi250:boxes=16|upgrade-type"

A case is ``SPEC|WHAT``: ``WHAT`` is a comma list of failure kinds (link, nic, switch,
box), ``all``, ``link-nosym`` (links without symmetry, every failure computed), or
``upgrade-BY`` (x2 by link, class or type). ``seconds`` is the whole call, the
automorphism group included; ``worst`` is the costliest class (for upgrades: the best
gain).
"""

from __future__ import annotations

import sys
import time

from _common import run

from forestcoll_opt.analysis.whatif import failure_impact, upgrade_impact
from forestcoll_opt.model.catalog import build
from forestcoll_opt.model.faults import KINDS

FULL = ["dgx-h100:boxes=128|link", "dgx-h100:boxes=128|all", "dgx-a100:boxes=128|link",
        "mi250:boxes=64|link", "mi250:boxes=16|all", "dgx-h100:boxes=16|link",
        "dgx-h100:boxes=16|link-nosym", "dgx-h100:boxes=128|upgrade-link",
        "dgx-h100:boxes=128|upgrade-type", "mi250:boxes=16|upgrade-link"]
QUICK = ["dgx-h100:boxes=16|link", "dgx-h100:boxes=16|link-nosym", "mi250:boxes=4|all",
         "dgx-a100:boxes=16|upgrade-link"]


def measure(case: str) -> dict:
    spec, _, what = case.partition("|")
    topo = build(spec)
    row = {"case": case, "N": len(topo.compute_nodes), "nodes": len(topo.nodes),
           "links": len(topo.capacity) // 2}
    start = time.perf_counter()
    if what.startswith("upgrade-"):
        result = upgrade_impact(topo, factor=2, by=what.removeprefix("upgrade-"))
        seconds = time.perf_counter() - start
        best = result.upgrades[0]
        return {**row, "what": what, "candidates": sum(len(u.members) for u in result.upgrades),
                "classes": len(result.upgrades), "computed": len(result.upgrades) - result.skipped,
                "skipped": result.skipped, "generators": result.generators,
                "seconds": f"{seconds:.2f}", "optimum": str(result.algbw),
                "worst": best.name, "worst_value": str(best.algbw),
                "worst_change": f"{float(best.gain):+.4f}"}
    kinds = KINDS if what == "all" else ("link",) if what == "link-nosym" else \
        tuple(what.split(","))
    result = failure_impact(topo, kinds=kinds, symmetry=what != "link-nosym")
    seconds = time.perf_counter() - start
    worst = result.classes[0]
    return {**row, "what": what, "candidates": result.failures, "classes": len(result.classes),
            "computed": len(result.classes), "skipped": 0, "generators": result.generators,
            "seconds": f"{seconds:.2f}", "optimum": str(result.algbw), "worst": worst.failure,
            "worst_value": str(worst.algbw), "worst_change": f"{-float(worst.lost):+.4f}"}


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_whatif.csv", FULL, QUICK, measure))
