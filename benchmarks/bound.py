"""Time the exact allgather bound on catalog topologies; writes data/bench_bound.csv.

    python benchmarks/bound.py            # dgx-a100 boxes 2..128, mi250 boxes 2..64
    python benchmarks/bound.py --quick    # the smaller half, for a fast check
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.bound import bound
from forestcoll_opt.catalog import build

FULL = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16, 32, 64, 128)] + \
       [f"mi250:boxes={b}" for b in (2, 4, 8, 16, 32, 64)]
QUICK = [f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16)] + [f"mi250:boxes={b}" for b in (2, 4, 8)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the smaller topologies")
    parser.add_argument("--out", type=Path, default=DATA / "bench_bound.csv")
    args = parser.parse_args(argv)
    rows = []
    for spec in QUICK if args.quick else FULL:
        topo = build(spec)
        start = time.perf_counter()
        result = bound(topo)
        seconds = time.perf_counter() - start
        row = {"topology": spec, "N": len(topo.compute_nodes), "nodes": len(topo.nodes),
               "links": len(topo.capacity), "seconds": f"{seconds:.3f}",
               "algbw": str(result.algbw), "algbw_float": f"{float(result.algbw):.3f}",
               "k": result.k, "oracle_rounds": result.oracle_rounds,
               "max_flows": result.max_flows}
        rows.append(row)
        report(row)
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
