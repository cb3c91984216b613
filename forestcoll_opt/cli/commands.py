"""The ``forestcoll`` command line. Bad input prints one line on stderr and exits non-zero."""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import time
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Iterator, Sequence

from .. import __version__
from ..generation.bound import COLLECTIVES, Bound, bound, rs_ag_algbw
from ..model.catalog import canonical_spec, families, resolve
from ..errors import ForestCollError, LPError, UsageError
from ..files import check_output, display_path, streaming_output, write_output
from ..generation.fixed_k import SmallestK, smallest_k_at_bound
from ..kernels.flow import KERNELS
from ..analysis.sweeps import MAX_K, SWEEP_COLUMNS, iter_sweep
from ..model.schedule import COLLECTIVES as SCHEDULE_COLLECTIVES
from ..generation.pipeline import generate, traffic
from ..model.topology import Topology
from ..verify.verifier import load_schedule, needs_lp_interval, verify

EXIT_ERROR = 2
EXIT_INTERNAL = 70


def _seconds_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a positive finite number of "
                                         f"seconds")
    return value


def _int_arg(text: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 9:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from 1 to {MAX_K}")
    return int(t)


def _same_destination(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def _num(value: Fraction, digits: int = 3) -> str:
    """Exact fraction with its decimal value, e.g. ``1040/3 (346.667)``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} ({float(value):.{digits}f})"


# --- catalog ------------------------------------------------------------------------------

def cmd_catalog(args: argparse.Namespace) -> int:
    for fam in families().values():
        print(f"{fam.name}: {fam.summary}")
        for p in fam.params:
            choices = (f" (one of {', '.join(map(str, p.choices))})" if p.choices
                       else f" ({p.minimum} to {p.maximum})")
            print(f"    {p.name}={p.default}  {p.help}{choices}")
        example = canonical_spec(fam, {p.name: p.default for p in fam.params})
        print(f"    e.g. forestcoll bound {example}")
    return 0


# --- show ---------------------------------------------------------------------------------

def cmd_show(args: argparse.Namespace) -> int:
    topo = resolve(args.topology)
    if args.json:
        sys.stdout.write(topo.to_json())
        return 0
    print(f"topology  {topo.name}  (units {topo.units})")
    print(f"nodes     {len(topo.compute_nodes)} compute, {len(topo.switch_nodes)} switch")
    total = sum(topo.capacity.values(), Fraction(0))
    print(f"links     {len(topo.capacity)} directed node pairs from {len(topo.links)} declared "
          f"links, {_num(total)} {topo.units} in all")
    boxes = topo.boxes()
    if len(boxes) > 1 or None not in boxes:
        sizes = ", ".join(f"{'-' if b is None else b}: {len(v)}" for b, v in boxes.items())
        print(f"boxes     {len(boxes)} ({sizes} compute nodes)")
    if topo.link_type or topo.link_alpha:
        kinds: dict[str, int] = {}
        for hop in topo.capacity:
            name = topo.link_type.get(hop, "untyped")
            kinds[name] = kinds.get(name, 0) + 1
        own = f"; {len(topo.link_alpha)} with their own alpha" if topo.link_alpha else ""
        print("types     " + ", ".join(f"{n} {t}" for t, n in kinds.items())
              + f" (directed pairs; latency per hop in the time model){own}")
    print()
    width = max(len(v) for v in topo.node_ids)
    print(f"{'node':<{width}}  {'kind':<7}  {'box':>4}  {'ingress':>12}  {'egress':>12}  neighbours")
    out_deg: dict[str, int] = {v: 0 for v in topo.node_ids}
    for (u, _v) in topo.capacity:
        out_deg[u] += 1
    for n in topo.nodes:
        box = "-" if n.box is None else str(n.box)
        print(f"{n.id:<{width}}  {n.kind:<7}  {box:>4}  {str(topo.ingress[n.id]):>12}  "
              f"{str(topo.egress[n.id]):>12}  {out_deg[n.id]}")
    return 0


# --- bound --------------------------------------------------------------------------------

def describe_cut(topo: Topology, cut: Sequence[str]) -> list[str]:
    """Human summary of a node set: per box, compute nodes inside; switches inside."""
    inside = set(cut)
    lines = []
    for box, members in topo.boxes().items():
        n_in = sum(1 for v in members if v in inside)
        label = "no box" if box is None else f"box {box}"
        if n_in == len(members):
            detail = "all"
        elif n_in == 0:
            detail = "none"
        elif n_in <= len(members) // 2:
            detail = "only " + ", ".join(v for v in members if v in inside)
        else:
            detail = "all but " + ", ".join(v for v in members if v not in inside)
        lines.append(f"{label}: {n_in}/{len(members)} compute ({detail})")
    switches = [v for v in topo.switch_nodes if v in inside]
    if switches:
        shown = ", ".join(switches[:6]) + (f", ... ({len(switches)})" if len(switches) > 6 else "")
        lines.append(f"switches inside: {shown}")
    return lines


def _weights(args: argparse.Namespace, topo: Topology) -> dict[str, int] | None:
    """--weights FILE as normalised weights keyed by node id (uniform: all 1; no option:
    None)."""
    if getattr(args, "weights", None) is None:
        return None
    from ..model.weights import load

    w = load(args.weights, topo) or (1,) * len(topo.compute_nodes)
    return dict(zip(topo.compute_nodes, w))


def cmd_bound(args: argparse.Namespace) -> int:
    topo = resolve(args.topology)
    result = bound(topo, collective=args.collective, root=args.root, kernel=args.kernel,
                   symmetry=args.symmetry, weights=_weights(args, topo))
    least = smallest_k_at_bound(topo, result, kernel=args.kernel, symmetry=args.symmetry)
    if args.json:
        print(json.dumps({**result.to_dict(), "k_min": least.k, "k_min_proven": least.proven},
                         indent=2))
        return 0
    _print_bound(topo, result, least)
    return 0


def _print_bound(topo: Topology, b: Bound, least: SmallestK) -> None:
    u = topo.units
    print(f"topology        {topo.name}: {b.num_compute} compute, {len(topo.switch_nodes)} switch nodes")
    print(f"collective      {b.collective}" + (f" from root {b.root}" if b.root else ""))
    print(f"optimal algbw   {_num(b.algbw)} {u}")
    label = "1/x*" if b.root is None else "1/F"
    n = "N" if b.weights is None else "W"
    print(f"{label:<15} {b.inv_x}  (time = M/{n} x 1/x*)" if b.root is None
          else f"{label:<15} {b.inv_x}  (time = M x 1/F)")
    if b.weights is not None:
        print(f"weights         {len(set(w for _, w in b.weights))} distinct, W = "
              f"{b.total_weight} in all (normalised)")
    per = "tree(s) per root" if b.weights is None else "tree(s) per unit of weight"
    print(f"k               {least.k} {per}, U = {least.k * b.inv_x}  ({least.note})")
    if least.k != b.k:
        print(f"                the paper's k = {b.k} (every link an integral number of trees) "
              f"is sufficient, not necessary")
    print(f"tree bandwidth  {_num(b.x / least.k)} {u}")
    side = "leaving" if b.collective in ("allgather", "broadcast") else "entering"
    inside = (f"|S* ∩ Vc| = {b.cut_compute}" if b.weights is None
              else f"w(S* ∩ Vc) = {b.cut_weight} ({b.cut_compute} compute)")
    print(f"bottleneck cut  {inside}, bandwidth {side} S* = "
          f"{_num(b.cut_bandwidth)} {u}" + (f", ratio {b.cut_ratio}" if b.root is None else ""))
    for line in describe_cut(topo, b.cut):
        print(f"                {line}")
    print(f"oracle          {b.oracle_rounds} round(s), {b.max_flows} max-flows, {b.seconds:.3f} s")


# --- generate / sweep-k ------------------------------------------------------------------

_UNITS = {"splitting": "switch", "packing": "edge"}


class _Progress:
    """tqdm bars on stderr, shown only for stages that run longer than two seconds."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.bars: dict[str, Any] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.quiet:
            return
        from tqdm import tqdm

        bar = self.bars.get(stage)
        if bar is None or bar.n > done:
            if bar is not None:
                bar.close()
            # disable=None: no bar when stderr is not a terminal (a log, a pipe)
            bar = self.bars[stage] = tqdm(total=total, desc=f"forestcoll {stage}", delay=2.0,
                                          leave=False, file=sys.stderr, disable=None,
                                          unit=_UNITS.get(stage, "step"))
        bar.total = max(total, done)
        bar.update(done - bar.n)

    def close(self) -> None:
        for bar in self.bars.values():
            bar.close()
        self.bars.clear()


def cmd_generate(args: argparse.Namespace) -> int:
    check_output(args.output, inputs=[args.topology] + ([args.weights] if args.weights else []))
    if args.k is not None:
        _check_k(args.k, "--k")
    if args.method == "lp":
        if args.collective != "allreduce":
            raise UsageError(f"--method lp builds allreduce schedules; add --collective "
                             f"allreduce or drop --method (for {args.collective})")
        if args.k is not None or args.weights or args.root is not None:
            raise UsageError("--method lp takes each root's share and tree count from the LP; "
                             "drop --k, --weights and --root (or use --method trees)")
    topo = resolve(args.topology)
    weights = _weights(args, topo)
    progress = _Progress(args.quiet)
    start = time.perf_counter()
    try:
        if args.method == "lp":
            from ..lp.schedule import lp_allreduce

            sched = lp_allreduce(topo, kernel=args.kernel, progress=progress,
                                 symmetry=args.symmetry)
        else:
            sched = generate(topo, args.collective, k=args.k, root=args.root,
                             kernel=args.kernel, progress=progress, symmetry=args.symmetry,
                             weights=weights, multicast=args.multicast)
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    write_output(args.output, sched.to_json())
    st = sched.stats
    out = sys.stderr if args.output == "-" else sys.stdout
    where = "standard output" if args.output == "-" else display_path(args.output)
    print(f"wrote {where}: {args.collective} on {topo.name}, {sched.num_trees} trees"
          + (f", k = {sched.k}" if sched.k else "")
          + (", concurrent phases" if sched.concurrent else ""), file=out)
    if not sched.phases and st.get("paper_k", sched.k) != sched.k:
        print(f"k               {sched.k}, the least that reaches the bound (the paper's k = "
              f"{st['paper_k']} is sufficient, not necessary)", file=out)
    if sched.multicast:
        moved = traffic(sched, topo)
        with_mc = sum(a for a, _ in moved.values())
        without = sum(b for _, b in moved.values())
        print(f"multicast       switches replicate/aggregate: {_num(with_mc)} x M on the links "
              f"instead of {_num(without)} x M ({float(1 - with_mc / without):.1%} less)",
              file=out)
    if args.method == "lp":
        lower, upper = st["lp_lower"], st["lp_upper"]
        trees = rs_ag_algbw(topo, kernel=args.kernel)
        where_lp = ("= the LP optimum" if lower == upper == sched.algbw else
                    "within the LP's certified interval" if lower <= sched.algbw <= upper
                    else "below the LP's certified interval")
        print(f"algbw           {_num(sched.algbw)} {topo.units}  ({where_lp} "
              f"[{_num(lower, 6)}, {_num(upper, 6)}]; {float(sched.algbw / trees):.2%} of the "
              f"reduce-scatter + allgather tree bound {_num(trees)})", file=out)
        print(f"shares          {st['shares']}" + (
            "" if sched.algbw == upper else
            f"; {float(1 - sched.algbw / upper):.3g} (relative) below the LP's upper value"),
            file=out)
        print(f"seconds         {seconds:.2f} total: LP {st['lp_seconds']:.2f}, trees "
              f"{st['construction_seconds']:.2f} (splitting "
              f"{st.get('splitting_seconds', 0):.2f}, packing "
              f"{st.get('packing_seconds', 0):.2f})", file=out)
        return 0
    best = _best_algbw(topo, args.collective, args.root, args.kernel, weights)
    label = ("the bound" if args.collective != "allreduce"
             else "the reduce-scatter + allgather tree bound")
    if weights:
        label = "the weighted " + label[4:]
    print(f"algbw           {_num(sched.algbw)} {topo.units}  ({float(sched.algbw / best):.2%} "
          f"of {label} {_num(best)})", file=out)
    group = (f"symmetry {st['symmetry_seconds'] + st.get('packing_symmetry_seconds', 0):.2f}, "
             if "symmetry_seconds" in st else "")
    print(f"seconds         {seconds:.2f} total: {group}bound {st.get('bound_seconds', 0):.2f}, "
          f"splitting {st.get('splitting_seconds', 0):.2f}, packing "
          f"{st.get('packing_seconds', 0):.2f}, routing {st.get('routing_seconds', 0):.2f}",
          file=out)
    return 0


def _check_k(k: int, option: str) -> None:
    if not 1 <= k <= MAX_K:
        raise UsageError(f"{option} {k}: give a whole number from 1 to {MAX_K}")


def _best_algbw(topo: Topology, collective: str, root: str | None,
                kernel: str | None, weights: dict[str, int] | None = None) -> Fraction:
    """The bound a schedule of ``collective`` is measured against (allreduce: the best
    reduce-scatter followed by the best allgather)."""
    if collective == "allreduce":
        return rs_ag_algbw(topo, kernel=kernel, weights=weights)
    return bound(topo, collective=collective, root=root, kernel=kernel,
                 weights=weights).algbw


MAX_SWEEP_VALUES = 256


def parse_k_range(text: str, limit: int = MAX_K) -> list[int]:
    """``"1-8"``, ``"1,2,4"`` or ``"1-4,13"`` -> sorted distinct positive integers, at most
    :data:`MAX_SWEEP_VALUES` of them, each at most ``limit`` (the command's own largest k)."""
    values: set[int] = set()
    bad = UsageError(f"--k {text[:40]!r}: give whole numbers from 1 to {limit} like 1-8 or "
                     f"1,2,4")
    for part in filter(None, (p.strip() for p in text.split(","))):
        lo, sep, hi = part.partition("-")
        lo, hi = lo.strip(), hi.strip() if sep else lo.strip()
        if not (lo.isascii() and lo.isdigit() and hi.isascii() and hi.isdigit()) \
                or len(lo) > 7 or len(hi) > 7:
            raise bad
        a, b = int(lo), int(hi)
        if not 1 <= a <= b <= limit:
            raise bad
        if len(values) + (b - a + 1) > MAX_SWEEP_VALUES * 4:
            raise UsageError(f"--k {text[:40]!r} asks for more than {MAX_SWEEP_VALUES} values "
                             f"of k; sweep a smaller range or pick values like 1-16,32,64")
        values.update(range(a, b + 1))
    if not values:
        raise UsageError(f"--k {text[:40]!r}: no value of k given")
    if len(values) > MAX_SWEEP_VALUES:
        raise UsageError(f"--k {text[:40]!r} asks for {len(values)} values of k; at most "
                         f"{MAX_SWEEP_VALUES} per sweep")
    return sorted(values)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Rows are printed, and appended to the CSV, as each k finishes; Ctrl-C keeps them."""
    if args.csv:
        check_output(args.csv, option="--csv", inputs=[args.topology])
    ks = parse_k_range(args.k)
    topo = resolve(args.topology)
    with _executor(args) as executor:
        return _print_sweep(args, iter_sweep(topo, ks, collective=args.collective,
                                             root=args.root, kernel=args.kernel,
                                             executor=executor))


def _print_sweep(args: argparse.Namespace, rows) -> int:
    widths = (6, 24, 12, 10, 8, 8, 9)
    print("  ".join(f"{c:>{w}}" for c, w in zip(
        ("k", "algbw", "algbw_float", "fraction", "trees", "height", "seconds"), widths)))
    with streaming_output(args.csv) if args.csv else _no_output() as csv:
        if csv is not None:
            csv.write(",".join(SWEEP_COLUMNS) + "\n")
            csv.flush()
        for row in rows:
            cells = (row["k"], str(row["algbw"]), f"{row['algbw_float']:.4f}",
                     f"{row['fraction_of_optimum']:.4%}", row["distinct_trees"],
                     row["max_height"], f"{row['seconds']:.2f}")
            print("  ".join(f"{c:>{w}}" for c, w in zip(cells, widths)), flush=True)
            if csv is not None:
                csv.write(",".join(str(row[c]) for c in SWEEP_COLUMNS) + "\n")
                csv.flush()
    return 0


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Any]:
    """None (run here), local processes (--jobs N) or a Dask cluster (--dask ADDRESS)."""
    if args.dask:
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--dask needs the distributed package: pip install "
                             "'forestcoll-opt[distributed]'") from None
        from distributed.comm.addressing import parse_address, parse_host_port

        try:   # a malformed address is refused before a Client exists (a half-made one
            scheme, location = parse_address(args.dask)     # complains again at exit)
            if scheme in ("tcp", "tls"):
                parse_host_port(location)
        except ValueError as exc:
            raise UsageError(f"--dask {args.dask}: not a scheduler address ({exc}); write it "
                             f"like tcp://host:8786") from None
        try:
            client = Client(args.dask, timeout=10, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"--dask {args.dask}: cannot reach a Dask scheduler there "
                             f"({str(exc).splitlines()[0][:120]}); check the address, e.g. "
                             f"tcp://host:8786") from None
        with client:
            yield client
    elif args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.jobs)
        try:
            yield pool
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        yield None


def _jobs_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 1024:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: give a whole number of processes "
                                         f"from 1 to 1024")
    return value


def _add_executor(p: argparse.ArgumentParser, what: str) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--jobs", type=_jobs_arg, default=1, metavar="N",
                       help=f"compute {what} in N local processes (default 1: here, in "
                            f"order); rows come out in the same order either way")
    group.add_argument("--dask", metavar="ADDRESS",
                       help=f"compute {what} on a Dask cluster, e.g. tcp://scheduler:8786 "
                            f"(pip install 'forestcoll-opt[distributed]')")


class _no_output:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


# --- verify -------------------------------------------------------------------------------

EXIT_BELOW = 1
EXIT_SOLVER = 3


def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0: valid and at least --min-ratio of the reference (default: optimal);
    1: valid but below; 2: invalid, unreadable, or an internal contradiction;
    3: the allreduce LP needed for the verdict could not be solved."""
    min_ratio = _ratio_arg(args.min_ratio)
    topo = resolve(args.topology)
    data = load_schedule(args.schedule)

    def allreduce_lp() -> Any:      # called by verify only for a sound allreduce schedule
        from ..lp.solver import solve

        return solve(topo, "allreduce", time_limit=args.time_limit, kernel=args.kernel)

    lazy = allreduce_lp if needs_lp_interval(data, against=args.against) else None
    try:
        verdict = verify(topo, data, against=args.against, lp_interval=lazy,
                         kernel=args.kernel, weights=_weights(args, topo))
    except LPError as exc:
        print(f"forestcoll: error: the allreduce LP needed for the verdict failed: {exc}; "
              f"raise --time-limit or verify with --against trees", file=sys.stderr)
        return EXIT_SOLVER
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=2))
    if verdict.status == "invalid":
        _print_reasons("invalid", verdict.reasons)
        if not args.json:
            print(f"INVALID: {len(verdict.reasons)} problem(s) in "
                  f"{display_path(args.schedule)}")
        return EXIT_ERROR
    if verdict.contradiction:
        _print_reasons("internal contradiction", verdict.reasons)
        if not args.json:
            print("CONTRADICTION: the schedule's numbers and the bound cannot both be right; "
                  "please report it")
        return EXIT_ERROR
    ok = verdict.meets(min_ratio)
    if not args.json:
        _print_verdict(topo, verdict, min_ratio)
    if not ok:
        print(f"forestcoll: schedule reaches {float(verdict.ratio):.4%} of the "
              f"{_reference(verdict)}, below --min-ratio {args.min_ratio}", file=sys.stderr)
    return 0 if ok else EXIT_BELOW


MAX_REASONS_SHOWN = 10


def _print_reasons(kind: str, reasons: Sequence[str]) -> None:
    """At most :data:`MAX_REASONS_SHOWN` problem lines on stderr, then how many more there
    are (``--json`` carries them all)."""
    for reason in reasons[:MAX_REASONS_SHOWN]:
        print(f"forestcoll: {kind}: {reason}", file=sys.stderr)
    if len(reasons) > MAX_REASONS_SHOWN:
        print(f"forestcoll: {kind}: ... and {len(reasons) - MAX_REASONS_SHOWN} more "
              f"(--json lists them all)", file=sys.stderr)


def _ratio_arg(text: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--min-ratio {text[:40]!r} is not a number; use e.g. 1 or 0.95 "
                         f"or 19/20") from None
    if not 0 < value <= 1:
        raise UsageError(f"--min-ratio {text[:40]!r} must lie in (0, 1]; 1 means optimal")
    return value


def _reference(v: Any) -> str:
    if v.collective != "allreduce":
        return "bound"
    return "allreduce LP optimum" if v.against == "lp" else \
        "reduce-scatter + allgather tree bound"


def _print_verdict(topo: Topology, v: Any, min_ratio: Fraction) -> None:
    u = topo.units
    status = "OPTIMAL" if v.optimal else ("OK" if v.meets(min_ratio) else "BELOW")
    kind = ("weighted " if v.weights else "") + ("concurrent " if v.concurrent else "")
    head = f"{status}: valid {kind}{v.collective} schedule, algbw {_num(v.algbw)} {u}"
    if v.collective == "allreduce" and v.against == "lp":
        lo, hi = v.lp_interval
        reach = ("reaches the allreduce LP optimum" if v.optimal else
                 f"{float(v.ratio):.4%} of the allreduce LP optimum")
        print(f"{head}: {reach} (certified interval [{float(lo):.9g}, {float(hi):.9g}] {u})")
    else:
        ref = _reference(v)
        print(f"{head} = {v.ratio} x {ref} {_num(v.bound_algbw)} {u}"
              + ("" if v.optimal else f" ({float(v.ratio):.4%})"))
    for phase in v.phases:
        print(f"primal  {phase.collective}, k = {phase.k}: busiest links "
              + ", ".join(f"{a}->{b} load {load} ({_num(r)} per {u})"
                          for a, b, load, r in phase.busiest[:3]))
    if v.weights:
        sizes = sorted({w for _, w in v.weights})
        shown = ", ".join(map(str, sizes[:6])) + (" ..." if len(sizes) > 6 else "")
        idle = sum(1 for _, w in v.weights if w == 0)
        print(f"weights {len(v.weights)} compute nodes with shard weights {shown} (W = "
              f"{sum(w for _, w in v.weights)})" + (f"; {idle} without a shard" if idle else ""))
    for b in v.bounds:
        weighted = "" if b.weights is None else f" weight {b.cut_weight} in"
        print(f"dual    {b.collective} bound {_num(b.algbw)} {u}: cut of{weighted} {b.cut_compute} "
              f"compute node(s), {_num(b.cut_bandwidth)} {u} across ({b.method})")
    if getattr(v, "traffic", None):
        with_mc, without = v.traffic
        print(f"traffic {_num(with_mc)} x M on the links with in-network multicast, "
              f"{_num(without)} x M without" + (f" ({float(1 - with_mc / without):.1%} less)"
                                               if without else ""))
    for note in v.notes:
        print(f"note    {note}")


# --- LP ---------------------------------------------------------------------------------------

def cmd_lp(args: argparse.Namespace) -> int:
    from ..lp.solver import solve

    for option, path in (("--write-lp", args.write_lp), ("--write-mps", args.write_mps)):
        if path:
            check_output(path, option=option, inputs=[args.topology])
    if args.write_lp and args.write_mps and _same_destination(args.write_lp, args.write_mps):
        raise UsageError("--write-lp and --write-mps name the same file; give two files")
    topo = resolve(args.topology)
    result = solve(topo, args.problem, formulation=args.formulation,
                   time_limit=args.time_limit, write_lp=args.write_lp, write_mps=args.write_mps,
                   kernel=args.kernel)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    u = topo.units
    print(f"{args.problem} LP on {topo.name}: algbw {result.algbw:.6f} {u} (HiGHS, "
          f"{result.status})")
    print(f"certified       [{_num(result.lower, 9)}, {_num(result.upper, 9)}] {u}: the LP "
          f"optimum lies in this interval (relative width {float(result.gap):.2g})")
    print(f"model           {result.variables} variables, {result.constraints} constraints "
          f"({result.formulation}, {result.rounds} round(s))")
    print(f"seconds         build {result.build_seconds:.2f}, solve {result.solve_seconds:.2f}, "
          f"certify {result.certify_seconds:.2f}")
    shares = ", ".join(f"{v} {x:.4g}" for v, x in list(result.x.items())[:8])
    more = f", ... ({len(result.x)} in all)" if len(result.x) > 8 else ""
    print(f"x per root      {shares}{more}")
    if args.problem == "allreduce":
        tree = rs_ag_algbw(topo, kernel=args.kernel)
        print(f"tree allreduce  {_num(tree)} {u} (reduce-scatter + allgather bounds): "
              f"{float(tree / result.upper):.6f} to {float(tree / result.lower):.6f} of the LP")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from ..analysis.sweeps import compare

    if args.csv:
        check_output(args.csv, option="--csv", inputs=args.topology)
    topologies = [resolve(t) for t in args.topology]

    def report(row: dict) -> None:
        if not args.quiet:
            print(f"forestcoll compare: {row['topology']} done", file=sys.stderr)

    with _executor(args) as executor:
        table = compare(topologies, kernel=args.kernel, progress=report, executor=executor)
    if args.csv:
        write_output(args.csv, table.to_csv(index=False))
    print(table.to_string(index=False, float_format=lambda v: f"{v:.6g}"))
    return 0


# --- export -------------------------------------------------------------------------------

def _valid_schedule(args: argparse.Namespace, topo: Topology) -> tuple[Any, Any]:
    """The schedule file ``args.schedule`` parsed, and its verdict; a UsageError naming the
    first problem if the verifier finds it invalid. Only validity matters here, not
    optimality: any positive interval lets the verifier judge a weighted or concurrent
    allreduce without solving the LP."""
    from ..model.schedule import from_dict as schedule_from_dict

    data = load_schedule(args.schedule)
    loose = (Fraction(1, 10**30), Fraction(10**30))
    verdict = verify(topo, data, against="lp", lp_interval=loose, kernel=args.kernel)
    if not verdict.valid:
        reason = verdict.reasons[0] if verdict.reasons else verdict.status
        raise UsageError(f"{display_path(args.schedule)} is not a valid schedule for "
                         f"{topo.name} ({reason}); run forestcoll verify for every problem")
    return schedule_from_dict(data, source=display_path(args.schedule)), verdict


def cmd_export_msccl(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from ..runtimes.msccl_export import export_msccl, selection_rule
    from ..model.schedule import achieved_algbw

    check_output(args.output, inputs=[args.topology, args.schedule])
    topo = resolve(args.topology)
    schedule, verdict = _valid_schedule(args, topo)
    text = export_msccl(schedule, topo, flavour=args.flavour, protocol=args.protocol,
                        chunks=args.chunks, channels=args.channels, inplace=args.inplace,
                        name=args.name, min_bytes=args.min_bytes, max_bytes=args.max_bytes)
    write_output(args.output, text)
    out = sys.stderr if args.output == "-" else sys.stdout
    where = "standard output" if args.output == "-" else display_path(args.output)
    # the runtime overlaps an allreduce's phases: the file's own algbw is the concurrent one
    runs = achieved_algbw(replace(schedule, concurrent=bool(schedule.phases)), topo)
    same = "as scheduled" if runs == verdict.algbw else (
        f"the schedule's {_num(verdict.algbw)} with its phases overlapped")
    K = int(text.split('nchunksperloop="', 1)[1].split('"', 1)[0])
    print(f"wrote {where}: MSCCL {args.flavour} {schedule.collective} for {topo.name}, "
          f"{text.count('<tb ')} thread blocks and {text.count('<step ')} steps in all, "
          f"algbw {_num(runs)} {topo.units} ({same})", file=out)
    rule = selection_rule(schedule.collective, args.flavour, K, len(topo.compute_nodes))
    print(f"note: nchunksperloop = {K}; {rule} (docs/msccl.md section 5)", file=out)
    return 0


def cmd_import_nccl(args: argparse.Namespace) -> int:
    from ..runtimes.nccl_import import import_nccl

    check_output(args.output, inputs=[args.dump])
    topo = import_nccl(args.dump, boxes=args.boxes, fabric=args.fabric, name=args.name,
                       bandwidths=args.bandwidths, pcie=args.pcie, nics=args.nics,
                       gpu=args.gpu, nic_speed=args.nic_speed)
    write_output(args.output, topo.to_json())
    out = sys.stderr if args.output == "-" else sys.stdout
    where = "standard output" if args.output == "-" else display_path(args.output)
    print(f"wrote {where}: {topo.name}, {len(topo.compute_nodes)} compute and "
          f"{len(topo.switch_nodes)} switch nodes, {len(topo.capacity)} directed links "
          f"({topo.units})", file=out)
    return 0


def cmd_show_traffic(args: argparse.Namespace) -> int:
    """Data per link per unit of data M, with the schedule's multicast and with every copy."""
    topo = resolve(args.topology)
    schedule, _ = _valid_schedule(args, topo)
    moved = traffic(schedule, topo)
    rows = sorted(moved.items(), key=lambda kv: (-(kv[1][1] - kv[1][0]), topo.index[kv[0][0]],
                                                 topo.index[kv[0][1]]))
    if args.csv:
        check_output(args.csv, option="--csv", inputs=[args.topology, args.schedule])
        lines = ["src,dst,bandwidth,with_multicast,without_multicast"]
        lines += [f"{a},{b},{topo.capacity[(a, b)]},{w},{wo}" for (a, b), (w, wo) in rows]
        write_output(args.csv, "\n".join(lines) + "\n")
    with_mc = sum(w for w, _ in moved.values())
    without = sum(wo for _, wo in moved.values())
    print(f"{schedule.collective} on {topo.name}: {_num(with_mc)} x M on the links with "
          f"multicast, {_num(without)} x M without ({float(1 - with_mc / without):.1%} less)"
          if schedule.multicast else
          f"{schedule.collective} on {topo.name}: {_num(without)} x M on the links (the "
          f"schedule uses no multicast)")
    width = max(len(f"{a} -> {b}") for (a, b), _ in rows)
    print(f"{'link':<{width}}  {'with multicast':>16}  {'without':>16}  (x M, per unit of data)")
    for (a, b), (w, wo) in rows[:args.top] if args.top else rows:
        print(f"{a + ' -> ' + b:<{width}}  {str(w):>16}  {str(wo):>16}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Time and algbw per message size under the α-β model of :mod:`forestcoll_opt.timing.simulate`."""
    from ..timing.simulate import parse_sizes, simulate, unit_bytes_per_s

    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    chunks = _parse_chunks(args.chunks)
    schedule, _ = _valid_schedule(args, topo)
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


def _parse_chunks(text: str) -> int | str:
    chunks = text.strip().lower()
    if chunks == "auto":
        return chunks
    if not (chunks.isascii() and chunks.isdigit()) or len(chunks) > 12 or int(chunks) < 1 \
            or int(chunks) > 2**40:
        raise UsageError(f"--chunks {text[:40]!r}: give a whole number from 1 to 2^40 or "
                         f"'auto'")
    return int(chunks)


def _alpha_arg(text: str) -> float:
    """--alpha: seconds per hop, a finite number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds such as "
                                         f"2e-6") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a finite number of seconds "
                                         f">= 0, such as 2e-6")
    if value > 1:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is in seconds per hop, so over 1 s; "
                                         f"write 2e-6 for 2 µs")
    return value + 0.0


def _channels_arg(text: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 4 or not 1 <= int(t) <= 1024:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from 1 to 1024")
    return int(t)


def _baselines_arg(text: str) -> list[str]:
    """--baselines: ``ring,dbtree``, ``tree`` or ``none``."""
    names = [b.strip() for b in text.split(",")]
    if any(not b for b in names):
        raise UsageError(f"--baselines {text[:40]!r}: an empty name; give a comma list such "
                         f"as ring,dbtree, or none")
    if "none" in names:
        if len(names) > 1:
            raise UsageError("--baselines: none cannot be combined with other baselines")
        return []
    return names


def cmd_baseline(args: argparse.Namespace) -> int:
    from ..timing.baseline import baseline

    check_output(args.output, option="-o", inputs=[args.topology])
    topo = resolve(args.topology)
    schedule = baseline(topo, args.kind, args.collective, root=args.root,
                        channels=args.channels)
    write_output(args.output, schedule.to_json())
    out = sys.stderr if args.output == "-" else sys.stdout
    where = "standard output" if args.output == "-" else display_path(args.output)
    print(f"{args.kind} {schedule.collective} on {topo.name}: algbw {_num(schedule.algbw)} "
          f"{topo.units} with {schedule.num_trees} trees -> {where}", file=out)
    return 0


def cmd_tradeoff(args: argparse.Namespace) -> int:
    from ..timing.simulate import parse_sizes, unit_bytes_per_s
    from ..timing.tradeoff import MAX_K as TRADEOFF_MAX_K, tradeoff

    if args.csv:
        check_output(args.csv, option="--csv", inputs=[args.topology])
    topo = resolve(args.topology)
    sizes = parse_sizes(args.sizes)
    chunks = _parse_chunks(args.chunks)
    ks = parse_k_range(args.k, limit=TRADEOFF_MAX_K) if args.k else None
    baselines = None if args.baselines is None else _baselines_arg(args.baselines)
    with _executor(args) as executor:
        result = tradeoff(topo, args.collective, sizes, ks=ks, root=args.root,
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
    print(f"{result.collective} on {result.topology}: optimum {_num(result.optimum)} "
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


def cmd_check_xml(args: argparse.Namespace) -> int:
    """Exit 0: the XML runs to the right result (and, with --schedule, at the schedule's
    algbw); 1: valid but slower than the schedule; 2: invalid or unreadable."""
    from ..runtimes.msccl_check import check_xml
    from ..model.schedule import achieved_algbw
    from ..model.schedule import from_dict as schedule_from_dict

    topo = resolve(args.topology)
    routes = schedule = None
    if args.schedule:
        schedule = schedule_from_dict(load_schedule(args.schedule),
                                      source=display_path(args.schedule))
        routes = schedule_routes(schedule)
    verdict = check_xml(topo, args.xml, flavour=args.flavour, routes=routes)
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=2))
    if not verdict.ok:
        routing = [r for r in verdict.reasons if "several routes" in r]
        others = [r for r in verdict.reasons if "several routes" not in r]
        if routing:
            pair = routing[0].split("the pair ", 1)[-1].split(" has several", 1)[0]
            others.insert(0, f"{len(routing)} transfer(s) go between ranks with several "
                             f"switch-only routes (the first: {pair}); pass --schedule with "
                             f"the schedule the file was exported from, whose paths they follow")
        _print_reasons("invalid", others)
        if not args.json:
            print(f"INVALID: {len(verdict.reasons)} problem(s) in {display_path(args.xml)}")
        return EXIT_ERROR
    c = verdict.counts
    line = (f"OK: MSCCL {verdict.collective} ({verdict.flavour}), {c.ranks} ranks, {c.tbs} "
            f"thread blocks, {c.steps} steps (at most {c.max_steps_per_tb} per block), "
            f"every rank ends with exactly the right data; algbw {_num(verdict.algbw)} "
            f"{topo.units}")
    status = 0
    if schedule is not None:
        expected = achieved_algbw(schedule, topo)
        if verdict.algbw == expected:
            line += " = the schedule's"
        elif verdict.algbw > expected and schedule.phases and not schedule.concurrent:
            line += (f", above the schedule's {_num(expected)}: the runtime overlaps the "
                     f"reduce-scatter and allgather phases")
        else:
            line += f", below the schedule's {_num(expected)}"
            status = EXIT_BELOW
    if not args.json:
        print(line)
        for note in verdict.notes:
            print(f"note    {note}")
    return status


def schedule_routes(schedule: Any) -> dict[tuple[str, str], list[tuple[tuple[str, ...], Fraction]]]:
    """(src, dst) -> [(physical path, share of the pair's chunks)] from a schedule's tree
    edges: what the runtime's connection between two ranks carries, and where."""
    phases = schedule.phases or (schedule,)
    common = math.lcm(*(p.k for p in phases))
    volume: dict[tuple[str, str], dict[tuple[str, ...], int]] = {}
    for phase in phases:
        for tree in phase.trees:
            for e in tree.edges:
                paths = volume.setdefault((e.src, e.dst), {})
                paths[e.path] = paths.get(e.path, 0) + tree.weight * (common // phase.k)
    return {pair: [(path, Fraction(v, sum(paths.values()))) for path, v in sorted(paths.items())]
            for pair, paths in volume.items()}


def _bytes_arg(text: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 19 or int(t) >= 2**63:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a byte count from 0 to 2^63 - 1")
    return int(t)


def cmd_schema(args: argparse.Namespace) -> int:
    from .. import schemas

    sys.stdout.write(schemas.text(args.format))
    return 0


# --- entry point --------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse quotes some arguments and not others ("unrecognized arguments: ..."):
        # escape what cannot be printed on one line
        message = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                          for c in message)
        self.exit(EXIT_ERROR, f"forestcoll: error: {message} (see {self.prog} --help)\n")


def _add_symmetry(p: argparse.ArgumentParser, start: str = "64") -> None:
    p.add_argument("--no-symmetry", dest="symmetry", action="store_const", const=False,
                   default=None,
                   help="do not use the topology's automorphism group (default: used from "
                        f"{start} compute nodes; the result is the same either way)")


_WEIGHTS_HELP = ("allgather, reduce-scatter, allreduce: a JSON object giving every compute "
                 "node the relative size of its shard, e.g. {\"gpu0\": 2, \"gpu1\": \"1/2\"} "
                 "(default: equal shards)")


def _add_time_model(p: argparse.ArgumentParser, chunks: str) -> None:
    """--sizes, --chunks and --alpha of the alpha-beta model (simulate, tradeoff)."""
    p.add_argument("--sizes", default="64KiB..4GiB",
                   help="message sizes: LO..HI (LO, 2*LO, ... up to HI) or a comma list; units "
                        "B, KiB, MiB, GiB, TiB (default 64KiB..4GiB)")
    p.add_argument("--chunks", default=chunks,
                   help=f"chunks per tree's data, or auto: the fastest number of chunks per "
                        f"size for each schedule (default {chunks})")
    p.add_argument("--alpha", type=_alpha_arg, default=None,
                   help="latency per hop in seconds for every link, e.g. 2e-6 (default: each "
                        "link's own alpha, else its type's: nvlink 1.7e-6, pcie 2.85e-6, "
                        "infiniband/ethernet 4.8e-6, xgmi 2.7e-6; untyped links 2e-6)")


def _add_kernel(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kernel", choices=KERNELS, metavar="KERNEL",
                   help="max-flow kernel: " + ", ".join(KERNELS) + " (default: ortools when "
                        "installed, else igraph; every kernel gives the same result)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="forestcoll",
        description="Exact optimal collective throughput on accelerator networks (ForestColl).")
    parser.add_argument("--version", action="version", version=f"forestcoll {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress details")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    topo_help = "a forestcoll-topology/1 JSON file or a catalog spec such as dgx-a100:boxes=2"

    p = sub.add_parser("catalog", help="list the built-in topology models and their parameters")
    p.set_defaults(func=cmd_catalog)

    p = sub.add_parser("show", help="summarise a topology, or export it as JSON")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--json", action="store_true", help="print the topology as forestcoll-topology/1")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("generate", help="a schedule that reaches the bound (or the best for a fixed k)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=SCHEDULE_COLLECTIVES, default="allgather")
    p.add_argument("--k", type=_int_arg, help="exactly K trees per root (default: the optimal k)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("-o", "--output", required=True,
                   help="schedule file to write (JSON; - for standard output)")
    p.add_argument("--weights", metavar="FILE", help=_WEIGHTS_HELP)
    p.add_argument("--multicast", choices=("auto", "off"), default="auto",
                   help="auto: switches marked multicast in the topology replicate (or "
                        "aggregate) the trees' data, as NVLink/InfiniBand SHARP do (default); "
                        "off: every copy is sent")
    p.add_argument("--method", choices=("trees", "lp"), default="trees",
                   help="allreduce: trees = the best reduce-scatter then the best allgather "
                        "(default); lp = reduce and broadcast trees run concurrently at the "
                        "allreduce LP optimum (solves the LP with HiGHS)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    _add_kernel(p)
    _add_symmetry(p)
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser("sweep-k", help="algbw, tree count and height for a range of fixed k")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--k", default="1-8", help="k values, e.g. 1-8 or 1,2,4 (default 1-8)")
    p.add_argument("--collective", choices=SCHEDULE_COLLECTIVES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--csv", help="also write the rows to this CSV file as they finish")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    _add_kernel(p)
    _add_executor(p, "the values of k")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("verify", help="check a schedule and compare it with the exact bound",
                       description="Exit status: 0 valid and at least --min-ratio of the "
                       "reference, 1 valid but below, 2 invalid or unreadable (or an internal "
                       "contradiction), 3 the allreduce LP could not be solved.")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1 or /2 JSON file")
    p.add_argument("--min-ratio", default="1",
                   help="exit 1 if algbw / reference is below this, in (0, 1] (default 1: "
                        "optimal)")
    p.add_argument("--against", choices=("lp", "trees"), default="lp",
                   help="allreduce reference: the allreduce LP optimum (default; solved with "
                        "HiGHS) or the reduce-scatter + allgather tree bound")
    p.add_argument("--time-limit", type=_seconds_arg,
                   help="allreduce against the LP: HiGHS time limit per solve, seconds")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--weights", metavar="FILE",
                   help="require the schedule's shard weights to be these (a JSON object: "
                        "compute node id -> weight); default: whatever the schedule records")
    _add_kernel(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("lp", help="the allreduce (or allgather) LP with switch flows, by HiGHS")
    p.add_argument("problem", choices=("allreduce", "allgather"))
    p.add_argument("topology", help=topo_help)
    p.add_argument("--formulation", choices=("cuts", "explicit"), default="cuts",
                   help="lazy cut constraints (default) or one explicit flow per target")
    p.add_argument("--time-limit", type=_seconds_arg, help="HiGHS time limit per solve, seconds")
    p.add_argument("--write-lp", metavar="FILE", help="also write the model as an .lp file")
    p.add_argument("--write-mps", metavar="FILE", help="also write the model as an .mps file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _add_kernel(p)
    p.set_defaults(func=cmd_lp)

    p = sub.add_parser("compare", help="allgather bound, LPs, tree allreduce and LP allreduce "
                                       "schedule side by side")
    p.add_argument("topology", nargs="+", help=topo_help)
    p.add_argument("--csv", help="also write the table to this CSV file")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress output on stderr")
    _add_kernel(p)
    _add_executor(p, "the topologies")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("export", help="write a schedule in a collective runtime's format")
    formats = p.add_subparsers(dest="format", required=True, metavar="FORMAT")
    q = formats.add_parser("msccl", help="an MSCCL XML algorithm (allgather, reduce-scatter, "
                                         "allreduce); see docs/msccl.md")
    q.add_argument("topology", help=topo_help)
    q.add_argument("schedule", help="a forestcoll-schedule/1 or /2 JSON file")
    q.add_argument("-o", "--output", required=True, help="XML file to write (- for standard "
                                                          "output)")
    q.add_argument("--flavour", choices=("msccl-executor", "legacy"), default="msccl-executor",
                   help="msccl-executor: Azure/msccl-executor-nccl and ROCm RCCL (coll "
                        "\"reducescatter\"); legacy: microsoft/msccl (\"reduce_scatter\")")
    q.add_argument("--protocol", choices=("Simple", "LL128", "LL"), default="Simple")
    q.add_argument("--chunks", type=_int_arg, default=1,
                   help="MSCCL chunks per part of the schedule (default 1): multiplies "
                        "nchunksperloop, which sets the buffer sizes the runtime accepts")
    q.add_argument("--channels", type=_int_arg, default=1,
                   help="channels to spread the trees over (1 to 32; default 1)")
    q.add_argument("--inplace", action="store_true",
                   help="allgather: an in-place algorithm (default out-of-place; "
                        "reduce-scatter and allreduce files are valid both ways)")
    q.add_argument("--name", help="the algorithm's name (default forestcoll-COLL-TOPOLOGY)")
    q.add_argument("--min-bytes", type=_bytes_arg, default=0,
                   help="smallest buffer the runtime should use it for (default 0)")
    q.add_argument("--max-bytes", type=_bytes_arg, default=0,
                   help="largest buffer (default 0: no limit)")
    _add_kernel(q)
    q.set_defaults(func=cmd_export_msccl)

    p = sub.add_parser("show-traffic", help="data per link of a schedule, with and without "
                                            "in-network multicast")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1 or /2 JSON file")
    p.add_argument("--top", type=_int_arg, help="only the N links multicast saves most on")
    p.add_argument("--csv", help="also write every link to this CSV file")
    _add_kernel(p)
    p.set_defaults(func=cmd_show_traffic)

    p = sub.add_parser("simulate", help="time and algbw of a schedule per message size "
                                        "(alpha-beta model, chunked pipelining)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("schedule", help="a forestcoll-schedule/1 or /2 JSON file")
    _add_time_model(p, chunks="auto")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", metavar="FILE", help="also write the rows to this CSV file")
    _add_kernel(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("baseline", help="write a baseline schedule NCCL runs today: rings, "
                                        "the double binary tree (allreduce) or a single tree "
                                        "(broadcast, reduce)")
    p.add_argument("kind", choices=("ring", "dbtree", "tree"),
                   help="ring: NCCL-style rings with physical routes (every collective); "
                        "dbtree: NCCL's double binary tree (allreduce); tree: one tree from "
                        "the root (broadcast, reduce)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=SCHEDULE_COLLECTIVES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--channels", type=_channels_arg,
                   help="number of rings (ring) or tree pairs (dbtree); default one per GPU "
                        "of the smallest box")
    p.add_argument("-o", "--output", required=True,
                   help="schedule JSON file to write (- for standard output)")
    p.set_defaults(func=cmd_baseline)

    p = sub.add_parser("tradeoff", help="the fastest schedule per message size among the "
                                        "fixed-k schedules and the baselines (alpha-beta "
                                        "model)")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=SCHEDULE_COLLECTIVES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--k", help="k values, e.g. 1-8 or 1,2,4 (default: every k up to the "
                               "optimal k* when k* <= 16, else 1, 2, 3, 4, 6, 8, ... and k*)")
    p.add_argument("--baselines",
                   help="comma list of ring, dbtree, tree, or none (default: ring, plus "
                        "dbtree for allreduce and tree for broadcast/reduce)")
    _add_time_model(p, chunks="auto")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", metavar="FILE",
                     help="also write one row per size: the fastest and every candidate's "
                          "seconds")
    _add_kernel(p)
    _add_executor(p, "the values of k")
    p.set_defaults(func=cmd_tradeoff)

    p = sub.add_parser("check-xml", help="run an MSCCL XML algorithm symbolically and check "
                                         "what every rank ends with")
    p.add_argument("topology", help=topo_help)
    p.add_argument("xml", help="the MSCCL XML algorithm file")
    p.add_argument("--schedule", help="the schedule it was exported from: its tree paths route "
                                      "the transfers, and the algbw must match")
    p.add_argument("--flavour", choices=("msccl-executor", "legacy"),
                   help="the runtime's rules (default: from the file's spelling of "
                        "reduce-scatter; allgather and allreduce files are held to both)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=cmd_check_xml)

    from ..runtimes.nccl_import import BANDWIDTHS, FABRIC_HELP, GPU_HELP, MAX_BOXES, NIC_SPEED_HELP, PCIE_MODES

    p = sub.add_parser("import", help="build a topology file from a machine's own description")
    sources = p.add_subparsers(dest="source", required=True, metavar="SOURCE")
    q = sources.add_parser("nccl", help="an NCCL_TOPO_DUMP_FILE (or NCCL_TOPO_FILE) XML; see "
                                        "docs/nccl.md")
    q.add_argument("dump", help="the NCCL topology XML (plain or .gz)")
    q.add_argument("--boxes", type=_int_arg, default=1,
                   help=f"copies of the machine to join (1 to {MAX_BOXES}; default 1)")
    q.add_argument("--fabric", default="single-switch", help=FABRIC_HELP)
    q.add_argument("--bandwidths", choices=BANDWIDTHS, default="nominal",
                   help="nominal: the vendors' per-link rates, as the catalog uses (default); "
                        "nccl: NCCL's own effective figures")
    q.add_argument("--pcie", choices=PCIE_MODES, default="auto",
                   help="model the PCIe tree as a network only when NVLink does not join "
                        "every GPU (auto, default) or always")
    q.add_argument("--nics", help="keep only these NIC ports, in NCCL_IB_HCA syntax "
                                  "(mlx5_0,mlx5_1; ^mlx5_4 to leave out)")
    q.add_argument("--gpu", metavar="MODEL",
                   help=f"complete an NCCL_TOPO_FILE skeleton (GPUs without <gpu> details or "
                        f"NVLinks, as cloud images ship) with this GPU model: {GPU_HELP}")
    q.add_argument("--nic-speed", metavar="GBITS",
                   help=f"for a skeleton's NIC devices without <nic>: {NIC_SPEED_HELP}")
    q.add_argument("--name", help="the topology's name (default: from the file, boxes, fabric)")
    q.add_argument("-o", "--output", required=True,
                   help="forestcoll-topology/1 file to write (- for standard output)")
    q.set_defaults(func=cmd_import_nccl)

    p = sub.add_parser("schema", help="print the JSON Schema of a file format")
    p.add_argument("format", choices=("topology", "schedule", "schedule-2"),
                   help="forestcoll-topology/1, forestcoll-schedule/1 or forestcoll-schedule/2")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("bound", help="exact optimal throughput and its bottleneck cut")
    p.add_argument("topology", help=topo_help)
    p.add_argument("--collective", choices=COLLECTIVES, default="allgather")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--weights", metavar="FILE", help=_WEIGHTS_HELP)
    _add_kernel(p)
    _add_symmetry(p, "512")
    p.set_defaults(func=cmd_bound)
    return parser


def _value_options(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """The option strings of ``parser`` that take one value, and all its option strings."""
    takes_value, every = set(), set()
    for action in parser._actions:
        every.update(action.option_strings)
        if action.option_strings and action.nargs is None and action.const is None \
                and not isinstance(action, argparse._SubParsersAction):
            takes_value.update(action.option_strings)
    return takes_value, every


def _attach_dash_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``--sizes -1KiB`` and ``--alpha -inf`` as ``--sizes=-1KiB``: argparse takes a value
    that starts with '-' (and is not a plain negative number) for an option and reports
    "expected one argument"; attached, it reaches the option's own check, whose message
    gives the real range."""
    sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    command = next((t for t in argv if not t.startswith("-")), None)
    if sub is None or command not in sub.choices:
        return argv
    takes_value, every = _value_options(sub.choices[command])
    out: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--":
            out.extend(argv[i:])
            break
        following = argv[i + 1] if i + 1 < len(argv) else None
        if token in takes_value and following is not None and following.startswith("-") \
                and following != "-" and following.split("=", 1)[0] not in every:
            out.append(f"{token}={following}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = _attach_dash_values(parser, list(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="forestcoll: %(message)s")
    try:
        return args.func(args)
    except ForestCollError as exc:
        print(f"forestcoll: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("forestcoll: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError) as exc:
        print(f"forestcoll: error: input too large to process ({type(exc).__name__})",
              file=sys.stderr)
        return EXIT_ERROR
    except Exception as exc:   # a bug: one line, and the details with -v
        if args.verbose:
            raise
        print(f"forestcoll: internal error: {type(exc).__name__}: {str(exc)[:200]} (run with "
              f"-v for the traceback and please report it)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
