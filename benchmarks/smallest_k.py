"""How often the least k whose fixed-k optimum is the bound is below the paper's k;
writes data/smallest_k.csv.

    python benchmarks/smallest_k.py            # the catalog and 200 random networks
    python benchmarks/smallest_k.py --quick    # the catalog's smaller half, 40 networks

For every topology and collective (allgather, reduce-scatter) a row: the paper's k (every
link an integral number of trees), the least k at the bound (``smallest_k_at_bound``, the
one ``generate`` uses), whether the search proved it least, its step and its feasibility tests
(each up to one max-flow per compute node), and — where the paper's k is at most
BRUTE_FORCE_K — the least k found by trying every k with the fixed-k binary search
(``fixed_k_capacity``), which must agree. The random networks are the tests' generators
(tests/randomnets.py): 150 small ones (2-5 compute, 1-3 switches) and 50 larger ones
(12-14 compute, 6 switches). The summary
on stderr gives the counts quoted on the docs' bound page.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _common import DATA, report, write_csv

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from randomnets import random_large_network, random_network  # noqa: E402

from forestcoll_opt.generation.bounding import bound  # noqa: E402
from forestcoll_opt.model.catalog import build  # noqa: E402
from forestcoll_opt.errors import FixedKError  # noqa: E402
from forestcoll_opt.generation.fixed_k import fixed_k_capacity, smallest_k_at_bound  # noqa: E402
from forestcoll_opt.model.topology import from_dict  # noqa: E402

CATALOG = ([f"dgx-a100:boxes={b}" for b in (1, 2, 4, 8, 16, 32)]
           + [f"dgx-h100:boxes={b}" for b in (1, 2, 4, 8, 16, 32)]
           + [f"mi250:boxes={b}" for b in (1, 2, 4, 8, 16, 32)]
           + [f"mi250:boxes={b},gpus=8" for b in (1, 2, 4, 8, 16, 32)]
           + [f"paper-example:boxes={b},gpus={g},b={w}"
              for b, g, w in ((2, 4, 1), (2, 4, 3), (3, 5, 7), (4, 8, 2))])
QUICK_CATALOG = [s for s in CATALOG if "boxes=16" not in s and "boxes=32" not in s]
COLLECTIVES = ("allgather", "reduce-scatter")
BRUTE_FORCE_K = 256


def networks(quick: bool) -> list[tuple[str, object]]:
    """(name, topology) for the catalog specs and the seeded random networks."""
    small, large = (30, 10) if quick else (150, 50)
    out: list[tuple[str, object]] = [(s, build(s)) for s in (QUICK_CATALOG if quick else CATALOG)]
    out += [(f"random:{seed}", from_dict(random_network(seed))) for seed in range(small)]
    out += [(f"random-large:{seed}", from_dict(random_large_network(seed)))
            for seed in range(large)]
    return out


def least_by_brute_force(topo, collective: str, b) -> int | str:
    """The least k <= b.k with U*(k) = k/x*, trying every k (blank if b.k is too large)."""
    if b.k > BRUTE_FORCE_K:
        return ""
    for k in range(1, b.k + 1):
        try:
            U, _ = fixed_k_capacity(topo, k, collective=collective)
        except FixedKError:
            continue
        if U == k * b.inv_x:
            return k
    raise AssertionError(f"{topo.name}: the paper's k = {b.k} does not reach the bound")


def measure(name: str, topo, collective: str) -> dict:
    start = time.perf_counter()
    b = bound(topo, collective=collective)
    seconds = time.perf_counter() - start
    search = smallest_k_at_bound(topo, b)
    brute = least_by_brute_force(topo, collective, b)
    if brute != "" and brute != search.k:
        raise AssertionError(f"{name} {collective}: search {search.k}, brute force {brute}")
    return {"topology": name, "collective": collective, "N": len(topo.compute_nodes),
            "links": len(topo.capacity), "k": b.k, "k_min": search.k,
            "below": int(search.k < b.k), "proven": int(search.proven),
            "ruled_out_below": search.ruled_out_below, "step": search.step,
            "feasibility_tests": search.tests, "brute_force_k_min": brute,
            "bound_seconds": f"{seconds:.3f}"}


def summary(rows: list[dict]) -> None:
    for kind in ("catalog", "random"):
        mine = [r for r in rows if r["topology"].startswith("random") == (kind == "random")]
        below = [r for r in mine if r["below"]]
        tests = [r["feasibility_tests"] for r in mine]
        print(f"{kind}: k_min < k in {len(below)} of {len(mine)} (topology, collective) pairs; "
              f"proven least in {sum(r['proven'] for r in mine)}; brute force checked "
              f"{sum(r['brute_force_k_min'] != '' for r in mine)}; feasibility tests: none in "
              f"{tests.count(0)}, one in {tests.count(1)}, at most {max(tests)}",
              file=sys.stderr)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller topologies")
    parser.add_argument("--out", type=Path, default=DATA / "smallest_k.csv")
    args = parser.parse_args(argv)
    rows = []
    for name, topo in networks(args.quick):
        for collective in COLLECTIVES:
            rows.append(measure(name, topo, collective))
            report(rows[-1])
    write_csv(rows, args.out)
    summary(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
