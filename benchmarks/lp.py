"""Time the allreduce LP (and record it beside the tree allreduce); writes data/bench_lp.csv.

    python benchmarks/lp.py                   # paper-example, dgx-a100 boxes 2 and 4, mi250 boxes 2
    python benchmarks/lp.py --quick           # without dgx-a100:boxes=4
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.bound import bound
from forestcoll_opt.catalog import build
from forestcoll_opt.lp import solve

FULL = ["paper-example", "dgx-a100:boxes=2", "dgx-a100:boxes=4", "mi250:boxes=2",
        "mi250:boxes=2,gpus=8"]
QUICK = ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=2", "mi250:boxes=2,gpus=8"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=DATA / "bench_lp.csv")
    args = parser.parse_args(argv)
    rows = []
    for spec in QUICK if args.quick else FULL:
        topo = build(spec)
        result = solve(topo, "allreduce")
        rs = bound(topo, collective="reduce-scatter").algbw
        ag = bound(topo, collective="allgather").algbw
        tree = 1 / (1 / rs + 1 / ag)
        row = {"topology": spec, "variables": result.variables,
               "constraints": result.constraints, "rounds": result.rounds,
               "build_seconds": f"{result.build_seconds:.3f}",
               "solve_seconds": f"{result.solve_seconds:.3f}",
               "algbw": f"{result.algbw:.6f}", "tree_allreduce": str(tree),
               "tree_over_lp": f"{float(tree) / result.algbw:.6f}"}
        rows.append(row)
        report(row)
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
