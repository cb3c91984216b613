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


def run(doc: str, csv_name: str, full: list[str], quick: list[str], measure, argv=None) -> int:
    """The shared command line: ``[--quick] [--out CSV] [SPEC ...]``; ``measure(spec)``
    returns one row, which is printed as it comes and written to the CSV at the end."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the smaller topologies")
    parser.add_argument("--out", type=Path, default=DATA / csv_name)
    parser.add_argument("specs", nargs="*", help="catalog specs (default: the full list)")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.specs or (quick if args.quick else full):
        rows.append(measure(spec))
        report(rows[-1])
    write_csv(rows, args.out)
    return 0
