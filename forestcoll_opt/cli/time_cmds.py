"""``forestcoll simulate`` and ``tradeoff``: time and algbw per message size under the
alpha-beta model with chunked pipelining, and the fastest of the fixed-k schedules (the
paper's section "Fixed-k Schedule Generation") and the baselines per size."""

from __future__ import annotations

import argparse
import json
import sys

from ..files import check_output, write_output
from ..model.catalog import resolve
from .args import baselines_arg, executor_for, parse_chunks, parse_k_range
from .output import exact_num
from .verify_cmds import valid_schedule


def cmd_simulate(args: argparse.Namespace) -> int:
    """Time and algbw per message size under the α-β model of :mod:`forestcoll_opt.timing.simulate`."""
    from ..timing.simulate import parse_sizes, simulate, unit_bytes_per_s

    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    chunks = parse_chunks(args.chunks)
    schedule, _ = valid_schedule(args, topo)
    rows = simulate(topo, schedule, sizes, chunks=chunks, alpha=args.alpha)
    alphas = _alpha_summary(topo, args.alpha)
    _, note = unit_bytes_per_s(topo.units)
    if note:
        print(f"forestcoll: note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps({"topology": topo.name, "collective": schedule.collective,
                          "units": topo.units, "alpha": args.alpha,
                          "links_by_alpha": [{"alpha": a, "links": n} for a, n in alphas],
                          "chunks": args.chunks if chunks == "auto" else chunks,
                          "rows": [{"size_bytes": r.size_bytes, "chunks": r.chunks,
                                    "seconds": r.seconds, "algbw": r.algbw} for r in rows]},
                         indent=1))
        return 0
    if args.csv:
        check_output(args.csv, option="--csv", inputs=[args.topology, args.schedule])
        lines = ["size_bytes,chunks,seconds,algbw"]
        lines += [f"{r.size_bytes},{r.chunks},{r.seconds!r},{r.algbw!r}" for r in rows]
        write_output(args.csv, "\n".join(lines) + "\n")
    shown = ", ".join(f"{a:g} s on {n} link{'s' * (n != 1)}" for a, n in alphas)
    source = "--alpha" if args.alpha is not None else "link types and the topology's alphas"
    print(f"{schedule.collective} on {topo.name}: chunks "
          f"{args.chunks if chunks == 'auto' else chunks}, exact algbw "
          f"{float(schedule.algbw):.6g} {topo.units}")
    print(f"latency per hop ({source}): {shown}")
    print(f"{'size (bytes)':>16}  {'chunks':>6}  {'time (s)':>12}  {'algbw (' + topo.units + ')':>14}")
    for r in rows:
        print(f"{r.size_bytes:>16}  {r.chunks:>6}  {r.seconds:>12.6g}  {r.algbw:>14.6g}")
    return 0


def _alpha_summary(topo, alpha: float | None) -> list[tuple[float, int]]:
    """(α, number of directed links with it), smallest α first."""
    from ..timing.simulate import link_alphas
    counts: dict[float, int] = {}
    for value in link_alphas(topo, alpha).values():
        counts[value] = counts.get(value, 0) + 1
    return sorted(counts.items())


def cmd_tradeoff(args: argparse.Namespace) -> int:
    from ..timing.simulate import parse_sizes, unit_bytes_per_s
    from ..timing.tradeoff import MAX_K as TRADEOFF_MAX_K, tradeoff

    if args.csv:
        check_output(args.csv, option="--csv", inputs=[args.topology])
    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    chunks = parse_chunks(args.chunks)
    ks = parse_k_range(args.k, limit=TRADEOFF_MAX_K) if args.k else None
    baselines = None if args.baselines is None else baselines_arg(args.baselines)
    with executor_for(args) as executor:
        result = tradeoff(topo, collective=args.collective, sizes=sizes, ks=ks, root=args.root,
                          baselines=baselines, chunks=chunks, alpha=args.alpha,
                          kernel=args.kernel, executor=executor)
    _, note = unit_bytes_per_s(topo.units)
    if note:
        print(f"forestcoll: note: {note}", file=sys.stderr)
    for kind, reason in result.skipped:
        print(f"forestcoll: note: no {kind} baseline: {reason}", file=sys.stderr)
    names = [c.name for c in result.candidates]
    if args.csv:
        lines = ["size_bytes,best," + ",".join(f"seconds[{n}]" for n in names)]
        lines += [f"{r.size_bytes},{r.best}," + ",".join(repr(r.seconds[n]) for n in names)
                  for r in result.rows]
        write_output(args.csv, "\n".join(lines) + "\n")
    if args.json:
        print(json.dumps({
            "topology": result.topology, "collective": result.collective,
            "units": result.units, "optimum": str(result.optimum), "k_star": result.k_star,
            "alpha": args.alpha, "chunks": chunks,
            "candidates": [{"name": c.name, "k": c.k, "algbw": str(c.algbw),
                            "trees": c.trees, "height": c.height} for c in result.candidates],
            "skipped": [{"baseline": k, "reason": r} for k, r in result.skipped],
            "rows": [{"size_bytes": r.size_bytes, "best": r.best, "seconds": r.seconds,
                      "chunks": r.chunks} for r in result.rows]}, indent=1))
        return 0
    print(f"{result.collective} on {result.topology}: optimum {exact_num(result.optimum)} "
          f"{result.units} at k={result.k_star}; chunks {chunks}, latency per hop "
          f"{'--alpha %g s' % args.alpha if args.alpha is not None else 'by link type'}")
    print(f"{'candidate':>10}  {'exact algbw':>12}  {'trees':>6}  {'height':>6}")
    for c in result.candidates:
        print(f"{c.name:>10}  {float(c.algbw):>12.6g}  {c.trees:>6}  {c.height:>6}")
    others = [n for n, c in zip(names, result.candidates) if c.k is None]
    print(f"{'size':>10}  {'fastest':>8}  {'time (s)':>11}  {'algbw':>9}  "
          f"{'vs k=' + str(result.k_star):>8}  " + "  ".join(f"{'vs ' + n:>9}" for n in others))
    unit = unit_bytes_per_s(topo.units)[0]
    optimal = f"k={result.k_star}"
    for r in result.rows:
        t = r.seconds[r.best]
        cells = [f"{_size(r.size_bytes):>10}", f"{r.best:>8}", f"{t:>11.4g}",
                 f"{r.size_bytes / t / unit:>9.4g}",
                 f"{r.seconds[optimal] / t:>7.3g}x" if optimal in r.seconds else f"{'-':>8}"]
        cells += [f"{r.seconds[n] / t:>8.3g}x" for n in others]
        print("  ".join(cells))
    print("(vs X: X's simulated time / the fastest's; 1x = X is the fastest)")
    return 0


def _size(n: int) -> str:
    for unit, factor in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= factor and n % factor == 0:
            return f"{n // factor}{unit}"
    return f"{n}B"
