"""Leave-one-machine-out validation of the calibrated time model (issue 36;
docs/validation.md, "Leave one machine out"): every measurement the ForestColl paper
reports, each machine predicted with the fitted parameters fitted on the other machines;
writes data/validation_lomo.csv and prints the per-machine summary as a Markdown table.

    python benchmarks/bench_validation.py          # about 90 s, 130 MB
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.analysis.lomo import (MACHINES, jackknife, kappa_scan, leave_one_machine_out,
                                          lomo_rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA / "validation_lomo.csv")
    args = parser.parse_args(argv)
    results = leave_one_machine_out()
    rows = lomo_rows(results)
    for row in rows:
        report(row)
    write_csv(rows, args.out)
    print("| held-out machine | fitted on the others: κ, reduction step | cases | "
          "predicted / measured, each case | worst | winner at 1 GB right |")
    print("|---|---|---|---|---|---|")
    for machine in MACHINES:
        mine = [r for r in results if r.machine == machine.name]
        ratios = ", ".join(f"{r.ratio:.2f}{'~' if r.comparable else ''}" for r in mine)
        worst = max(mine, key=lambda r: abs(r.ratio - 1))
        wins = [r.winner_right for r in mine if r.winner_right is not None]
        print(f"| {machine.name} | {mine[0].kappa:g}, {mine[0].reduce_step * 1e6:g} µs | "
              f"{len(mine)} | {ratios} | {worst.ratio - 1:+.0%} | "
              f"{sum(wins)} of {len(wins)} |")
    spread = jackknife(results)
    kappa, step = spread["kappa"], spread["reduce_step"]
    print(f"\nThe held-out fits: κ {kappa[0]:.2f} ± {kappa[1]:.2f}, reduction step "
          f"{step[0] * 1e6:.2f} ± {step[1] * 1e6:.2f} µs (mean ± jackknife standard error)")
    print()
    print("Each machine's own κ (RMS of log(predicted / measured) over its numeric cases, "
          "reduction step 1.5 µs):")
    for name, scan in kappa_scan().items():
        best = min(scan, key=scan.get)
        print(f"  {name}: best κ {best:g} (RMS {scan[best]:.3f}); "
              + ", ".join(f"{k:g}: {v:.3f}" for k, v in scan.items() if k in (1.0, 1.4, 1.8,
                                                                            2.2, 2.6, 3.0, 3.4)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
