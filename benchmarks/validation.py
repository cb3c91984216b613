"""The calibrated time model against the ForestColl paper's measured speed-ups (issue 25;
docs/validation.md): writes data/validation.csv (every case: measured, predicted, error)
and data/validation_ablation.csv (the error of every case with one parameter removed).

    python benchmarks/validation.py          # about 5 s
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _common import DATA, report, write_csv

from forestcoll_opt.analysis.validation import Inputs, ablations, rows, validate


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA / "validation.csv")
    parser.add_argument("--ablation", type=Path, default=DATA / "validation_ablation.csv")
    args = parser.parse_args(argv)
    inputs = Inputs()
    table = rows(validate(inputs=inputs))
    for row in table:
        report(row)
    write_csv(table, args.out)
    ablation = []
    for label, calibration in ablations().items():
        for p in validate(calibration, inputs=inputs):
            if p.predicted is None:
                continue
            ablation.append({"removed": label, "case": p.case.name, "measured": p.case.measured,
                             "predicted": f"{p.predicted:.4f}", "error": f"{p.error:+.4f}"})
    write_csv(ablation, args.ablation)
    return 0


if __name__ == "__main__":
    sys.exit(main())
