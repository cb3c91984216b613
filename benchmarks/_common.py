"""What the benchmark scripts share: printing a row as it is measured and writing the CSV."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def report(row: dict) -> None:
    """One measured row on stderr, as it comes."""
    print(", ".join(f"{k}={v}" for k, v in row.items()), file=sys.stderr, flush=True)


def write_csv(rows: list[dict], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
