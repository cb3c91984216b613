"""The paper's generated baselines against ForestColl's optimal schedules, in theory;
writes data/paper_baselines.csv.

    python benchmarks/paper_baselines.py            # the list below
    python benchmarks/paper_baselines.py --quick    # the 2- and 4-box machines only
    python benchmarks/paper_baselines.py SPEC ...   # given catalog specs

For every topology two rows. Allgather: ForestColl's optimum (``generate``) and MultiTree
(``baseline multitree``). Allreduce: ForestColl's reduce-scatter + allgather trees
(``generate --collective allreduce``, the schedule the paper ran), Blink+Switch
(``baseline blink``: reduce and broadcast at the fastest root, concurrently) and MultiTree
(reduce-scatter then allgather). Every algbw is exact, from the schedule's own link loads
(the verifier's number); ``multitree_steps`` and ``multitree_step_algbw`` are MultiTree's
own lock-step timing (one shard per unit link per step: N·unit/T for the allgather, half
that for the allreduce, every catalog link having a reverse of equal bandwidth). Ratios are
ForestColl over the baseline. ``blink_broadcast`` is the rate Blink's packing reaches from
its root on the allgather's logical topology, ``broadcast_optimum`` the optimal broadcast
from that root on the physical one (they differ where the splitting kept less than the
root needs). Seconds are wall-clock seconds to build each schedule.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.catalog import build
from forestcoll_opt.model.numbers import fraction_text
from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.generation.baselines.blink_switch import logical_topology, packing_rates
from forestcoll_opt.generation.baselines.multi_tree import grow

FULL = ([f"dgx-a100:boxes={b}" for b in (2, 4, 8, 16)]
        + [f"mi250:boxes={b},gpus=8" for b in (2, 4, 8)]
        + [f"mi250:boxes={b}" for b in (2, 4, 8, 16)])
QUICK = [s for s in FULL if "boxes=2" in s or "boxes=4" in s]


def _timed(make):
    start = time.perf_counter()
    out = make()
    return out, time.perf_counter() - start


def _ratio(a: Fraction, b: Fraction | None) -> str:
    return "" if b is None else f"{float(a / b):.4f}"


def measure(spec: str) -> list[dict]:
    topo = build(spec)
    growth = grow(topo, list(topo.compute_nodes))
    rows = []
    for collective in ("allgather", "allreduce"):
        fc, fc_s = _timed(lambda: generate(topo, collective=collective))
        mt, mt_s = _timed(lambda: baseline(topo, "multitree", collective=collective))
        bl, bl_s, root = None, None, None
        if collective == "allreduce":
            bl, bl_s = _timed(lambda: baseline(topo, "blink", collective=collective))
            root = bl.phases[0].trees[0].root
            g = logical_topology(topo)
            packed = Fraction(packing_rates(g, [root])[root]) / g.U
            best = bound(topo, collective="broadcast", root=root).algbw
        step = growth.step_algbw / (2 if collective == "allreduce" else 1)
        rows.append({
            "topology": spec, "collective": collective, "N": len(topo.compute_nodes),
            "forestcoll": fraction_text(fc.algbw),
            "blink": "" if bl is None else fraction_text(bl.algbw),
            "multitree": fraction_text(mt.algbw),
            "multitree_steps": growth.num_steps,
            "multitree_step_algbw": fraction_text(step),
            "ratio_blink": _ratio(fc.algbw, None if bl is None else bl.algbw),
            "ratio_multitree": _ratio(fc.algbw, mt.algbw),
            "ratio_multitree_steps": _ratio(fc.algbw, step),
            "blink_root": root or "",
            "blink_broadcast": "" if root is None else fraction_text(packed),
            "broadcast_optimum": "" if root is None else fraction_text(best),
            "seconds_forestcoll": f"{fc_s:.2f}",
            "seconds_blink": "" if bl_s is None else f"{bl_s:.2f}",
            "seconds_multitree": f"{mt_s:.2f}",
        })
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the 2- and 4-box machines")
    parser.add_argument("--out", type=Path, default=DATA / "paper_baselines.csv")
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the list above)")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.specs or (QUICK if args.quick else FULL):
        for row in measure(spec):
            rows.append(row)
            report(row)
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
