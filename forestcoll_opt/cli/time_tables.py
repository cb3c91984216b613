"""The tables ``simulate``, ``tradeoff`` and ``calibrate`` print: one time unit per table,
fixed decimals, sizes written as ``--sizes`` takes them (``1MiB``), exact algbw as exact
fractions, ``±`` for standard errors and bands, the fastest marked in a column of its own.

Times: µs when every time of the table is below 10 ms, else ms, both to 0.1 µs (1 and 4
decimals), so that two candidates a few µs apart at 8 GiB read apart; calibrate's residuals
stay in µs, the unit of the logs they are compared with."""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from ..model.collective import Collective
from ..timing.simulation import size_text, unit_bytes_per_s
from .output import exact_num

MS_FROM = 10e-3
"""A table whose largest time reaches this (seconds) is printed in ms, else in µs."""


class TimeUnit:
    """The unit of one table's times: its name, seconds to it, the decimals printed."""

    def __init__(self, seconds: Iterable[float]) -> None:
        finite = [s for s in seconds if math.isfinite(s)]
        if finite and max(finite) >= MS_FROM:
            self.name, self.factor, self.decimals = "ms", 1e3, 4
        else:
            self.name, self.factor, self.decimals = "µs", 1e6, 1

    def text(self, seconds: float) -> str:
        """``seconds`` in this unit, with the table's decimals."""
        return f"{seconds * self.factor:.{self.decimals}f}"


def algbw_text(value: float) -> str:
    """A simulated (float) algbw, to 3 decimals as the exact ones' decimal value."""
    return f"{value:.3f}"


def marked(text: str, width: int, best: bool) -> str:
    """A cell of ``width`` characters right-aligned, then the marker's own column (``*``
    for the fastest, a space otherwise), so that marked and unmarked cells align."""
    return f"{text:>{width}}" + ("*" if best else " ")


# --- simulate --------------------------------------------------------------------------------

def print_simulation(schedule: Any, topo: Any, rows: Any, model_line: str,
                     demand: str | None) -> None:
    """``simulate``'s text output of one schedule."""
    calibrated = rows.model == "calibrated"
    print(f"{schedule.collective} on {topo.name}: model {rows.model}, exact algbw "
          f"{exact_num(schedule.algbw)} {topo.units}")
    if demand:
        print(demand)
    print(model_line)
    unit = TimeUnit(r.seconds for r in rows)
    per_unit = unit_bytes_per_s(topo.units)[0]
    second = "protocol" if calibrated else "chunks"
    banded = any(r.band is not None for r in rows)
    head = (f"{'size':>8}  {second:>8}  {'time (' + unit.name + ')':>12}  "
            f"{'algbw (' + topo.units + ')':>14}")
    if banded:
        head += f"  {'algbw band (±2σ, slow..fast)':>30}"
    print(head)
    for r in rows:
        cell = r.protocol if calibrated else r.chunks
        line = (f"{size_text(r.size_bytes):>8}  {cell:>8}  {unit.text(r.seconds):>12}  "
                f"{algbw_text(r.algbw):>14}")
        if r.band is not None:
            slow, fast = (r.size_bytes / s / per_unit for s in (r.band[1], r.band[0]))
            line += f"  {algbw_text(slow) + '..' + algbw_text(fast):>30}"
        print(line)


def print_groups_times(result: Any, sizes: Sequence[int], width: int) -> None:
    """``simulate TOPO S1 S2 ...``'s table of times, each group alone and together."""
    unit = TimeUnit(t.seconds for g in result.groups for t in (*g.alone, *g.together))
    print(f"{'size':>8}  {'group':<{width}}  {'alone (' + unit.name + ')':>14}  "
          f"{'together (' + unit.name + ')':>16}  {'algbw alone':>12}  {'together':>12}")
    for i, size in enumerate(sizes):
        for g in result.groups:
            a, t = g.alone[i], g.together[i]
            print(f"{size_text(size):>8}  {g.name:<{width}}  {unit.text(a.seconds):>14}  "
                  f"{unit.text(t.seconds):>16}  {algbw_text(a.algbw):>12}  "
                  f"{algbw_text(t.algbw):>12}")


# --- tradeoff --------------------------------------------------------------------------------

def print_candidates(result: Any) -> None:
    """The candidates: exact algbw, trees (routes of an all-to-all) and height (hops)."""
    routed = result.collective is Collective.ALLTOALL
    many, deep = ("routes", "hops") if routed else ("trees", "height")
    exact = {c.name: exact_num(c.algbw) for c in result.candidates if c.algbw is not None}
    width = max(len("exact algbw"), *(len(v) for v in exact.values())) if exact else 11
    print(f"{'candidate':>10}  {'exact algbw':>{width}}  {many:>6}  {deep:>6}")
    for c in result.candidates:
        if c.kind == "library":
            print(f"{c.name:>10}  {'-':>{width}}  {'-':>6}  {'-':>6}  (the library's own cost "
                  f"model: ring or tree, and a protocol, per size)")
        else:
            note = {"compact": "  (compact: one tree per orbit)",
                    "ring": "  (timed from its rings' cycles)"}.get(c.form, "")
            print(f"{c.name:>10}  {exact[c.name]:>{width}}  {c.trees:>6}  {c.height:>6}{note}")


def print_times(result: Any, names: list[str], band_cell) -> None:
    """Every candidate's predicted time per size, the fastest marked; under a calibration
    file whether the fastest stays the fastest within the band (``band_cell(row)``), and
    the bands, in the same unit."""
    calibrated = result.model == "calibrated"
    # one unit for the times and their bands, which are read against each other
    unit = TimeUnit([s for r in result.rows for s in r.seconds.values()]
                    + [s for r in result.rows for band in r.bands.values() for s in band])
    width = max(6, *(len(n) for n in names), *(len(unit.text(s)) for r in result.rows
                                              for s in r.seconds.values()))
    library = [c.name for c in result.candidates if c.kind == "library"]
    banded = any(r.bands for r in result.rows)
    head = f"{'size':>8}  {'fastest':>8}  {'protocol':>8}  {'algbw':>9}"
    head += "".join(f"  {n:>{width}} " for n in names)
    if library:
        head += "".join(f"  {n + ' picks':>12}" for n in library)
    if banded:
        head += "  within the band (±2σ)"
    print(f"predicted time ({unit.name}) per candidate, algbw in {result.units}; * marks "
          f"the fastest")
    print(head)
    for r in result.rows:
        line = (f"{size_text(r.size_bytes):>8}  {r.best:>8}  "
                f"{r.protocols.get(r.best, '-') if calibrated else '-':>8}  "
                f"{algbw_text(result.row_algbw(r)):>9}")
        line += "".join("  " + marked(unit.text(r.seconds[n]), width, n == r.best)
                        for n in names)
        for n in library:
            line += f"  {r.algorithms.get(n, '') + '/' + r.protocols.get(n, ''):>12}"
        if banded:
            line += "  " + band_cell(r)
        print(line)
    if banded:
        print_bands(result, names, unit)


def print_bands(result: Any, names: list[str], unit: TimeUnit) -> None:
    """Each candidate's band per size (its times at the fast and the slow end), and the
    sizes where the fastest is not certain."""
    print(f"band of each prediction ({unit.name}, fast..slow end: every fitted parameter "
          f"2 standard errors one way, then the other, for every candidate at once)")
    spans = {(r.size_bytes, n): (f"{unit.text(r.bands[n][0])}..{unit.text(r.bands[n][1])}"
                                 if n in r.bands else "-")
             for r in result.rows for n in names}
    width = max(len(n) for n in names)
    width = max(width, *(len(s) for s in spans.values()))
    print(f"{'size':>8}" + "".join(f"  {n:>{width}}" for n in names))
    for r in result.rows:
        print(f"{size_text(r.size_bytes):>8}"
              + "".join(f"  {spans[r.size_bytes, n]:>{width}}" for n in names))
    unsure = [r for r in result.rows if not r.certain]
    if not unsure:
        print("the fastest is certain within the band at every size")
    else:
        print(f"the fastest is not certain within the band at {len(unsure)} of "
              f"{len(result.rows)} sizes: " + ", ".join(
                  f"{size_text(r.size_bytes)} ({r.best} or {' or '.join(r.contenders)})"
                  for r in unsure))


# --- calibrate -------------------------------------------------------------------------------

def print_calibration(fit: Any, topo: Any, shown_path, out) -> None:
    """``calibrate``'s summary: the runs used and skipped, each fitted parameter (its value
    at a bound as that bound, one its logs do not determine said so), what is held, the
    residual of every size in µs."""
    print(f"calibrated on {topo.name}: {len(fit.runs)} run(s), {len(fit.residuals)} sizes "
          f"({fit.calibration.library}, {fit.calibration.arch} tables)", file=out)
    if fit.skipped:
        for info in fit.runs:
            print(f"  used     run {info['run']} ({shown_path(info['source'])}, table at line "
                  f"{info['line']}): {info['collective']}, {info['ranks']} ranks", file=out)
        for i, source, line, why in fit.skipped:
            print(f"  skipped  run {i} ({shown_path(source)}, table at line {line}): {why}",
                  file=out)
    for p in fit.fitted:
        print(f"  {p.name:<24} {p.text}", file=out)
    for name, why in fit.held:
        print(f"  {name:<24} held at its default: {why}", file=out)
    for note in fit.notes:
        print(f"note: {note}", file=out)
    print(f"residuals (predicted / measured - 1), rms log error {fit.rms_log_error:.3g}, "
          f"worst {fit.max_error:.1%}:", file=out)
    print(f"  {'run':>3}  {'size':>8}  {'measured (µs)':>13}  {'model (µs)':>11}  "
          f"{'runs':>12}  {'residual':>8}", file=out)
    for r in fit.residuals:
        print(f"  {fit.runs[r.run]['run']:>3}  {size_text(r.size_bytes):>8}  "
              f"{r.measured_s * 1e6:>13.1f}  {r.predicted_s * 1e6:>11.1f}  "
              f"{r.algorithm + '/' + r.protocol:>12}  {r.error:>+8.1%}", file=out)
