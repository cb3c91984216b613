"""Calibrate the time model on a cluster's own nccl-tests or rccl-tests runs
(``forestcoll calibrate TOPOLOGY LOG... -o calibration.json``; docs/validation.md,
"Calibrating on your own cluster").

What the runtime ran is the library's own algorithm on the topology: NCCL's (or RCCL's)
ring, or its tree for allreduce, with a protocol per size, as its tuner picks or as the
log's ``NCCL_ALGO`` / ``NCCL_PROTO`` force (:mod:`forestcoll_opt.timing.library`, with the
channels and per-channel speed read off the ring baseline, :func:`library_shape`). The model
of one call is the calibrated one:

    seconds = overhead + κ · ring latency (or the tree's latency) + bytes / (algbw × η),

and three parameters are fitted, the others keep their cited values:

* **η**, the efficiency of the link type that binds the library's ring on this topology
  (the NICs' InfiniBand on two DGX boxes, NVLink inside one): the rate the runtime reaches
  on those links over their line rate, in (0, 1];
* **κ**, the factor on the library's ring latencies (``ring_latency``), > 0;
* **overhead**, seconds every call costs beyond the tables (launch, synchronisation), ≥ 0.
  When the runs cannot tell it from κ (a single algorithm and protocol at every size) it is
  held at 0 and κ takes the whole latency; when no ring ran, κ keeps its default.

The fit is least squares on the log of the time ratio (every size weighs the same,
small and large), by ``scipy.optimize.least_squares`` from a few fixed starts (the model is a
minimum over protocols, so the best of several local fits is taken); each parameter's
standard error is from the fit's Jacobian (``s² (JᵀJ)⁻¹``). The residual of every size
is reported.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ..display import data_frame, html_summary
from ..errors import CalibrationError
from ..files import display_path, write_output
from ..model.catalog import resolve
from ..model.collective import Collective
from ..model.topology import Topology
from ..generation.baselines import baseline
from ..generation.baselines.rings import ring, table_topology
from ..timing.calibrated import Calibration, library_shape
from ..timing.fitted import FIT_FORMAT, calibration_fields, rounded
from ..timing.library import library_times as _library_times
from ..timing.simulation import link_coefficients, size_text

PLACEMENTS = ("out-of-place", "in-place")
FITTED = ("efficiency", "ring_latency", "overhead")
_FITTABLE = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.ALLREDUCE)
COLLECTIVES = tuple(c.value for c in _FITTABLE)
"""The collectives whose runs are fitted (the library model's)."""
RANGES = {"efficiency": (1e-3, 1.0), "ring_latency": (1e-2, 1e3), "overhead": (0.0, 1e6)}
"""The range each fitted parameter is searched in (the overhead in µs): η in (0, 1], κ > 0,
overhead ≥ 0 (the upper ends only keep the search finite)."""
_AT_BOUND = {"efficiency": 1e-9, "ring_latency": 1e-9, "overhead": 1e-6}
# within this of an end of its range (the overhead: 1 ps, far below the 0.01 µs a log
# prints) a fitted value is that end: the solver stops a rounding error short of it
POOR_FIT = 0.25
"""A fit that misses some size by more than this (|predicted / measured − 1|) is flagged
(:attr:`CalibrationFit.warning`; ``calibrate`` prints it on standard error). Why 25 %: the
model predicts the paper's own measurements, each machine held out of the fit, within 17 %
on four of its five machines (the fifth, 2 × MI250 16+16, by 33 %, a gap no published
number pins; docs/validation.md), so a fit to a cluster's own runs, in sample, that misses a
size by more than 25 % has met something the model does not describe; and at such a size it
cannot rank candidates whose times differ by less, which is the size of the speed-ups it is
asked about (the paper measured ForestColl 1.14 to 1.32 × NCCL at 1 GB on 16 × DGX H100 and
2 × DGX A100)."""
_ARCH = ((re.compile(r"\b(H100|H200|H800|H20|GH200|B200|GB200)\b", re.I), "hopper"),
         (re.compile(r"\b(A100|A800|A30|A10|A40|A6000)\b", re.I), "ampere"),
         (re.compile(r"\bV100\b", re.I), "volta"))
_PROTO = {"ll": "LL", "ll128": "LL128", "simple": "Simple"}


@dataclass(frozen=True)
class FittedParameter:
    """One fitted parameter.

    :ivar name: ``efficiency.TYPE``, ``ring_latency.LIBRARY`` or ``overhead``
    :ivar value: the fitted value (seconds for the overhead), to 6 significant digits;
        exactly the end of its range where the fit stopped there (0, not 3e-33)
    :ivar sigma: its standard error (same unit), likewise
    :ivar bound: ``"lower"`` or ``"upper"`` when the value is that end of the parameter's
        range (:data:`RANGES`), else None
    """

    name: str
    value: float
    sigma: float
    bound: str | None = None

    @property
    def determined(self) -> bool:
        """Whether the logs determine the parameter: its 2 standard errors do not exceed its
        value (``3.61 ± 17`` is not determined: anything from 0 to 37 fits about as well)."""
        return math.isfinite(self.sigma) and 2 * self.sigma <= abs(self.value)

    @property
    def text(self) -> str:
        """The value, its standard error and what to make of them, as ``calibrate`` prints
        them: ``0.861 ± 0.3``, ``0 µs (at its lower bound) ± 17 µs: not determined by these
        logs``."""
        unit, scale = (" µs", 1e6) if self.name == "overhead" else ("", 1.0)
        value = self.value * scale
        shown = "0" if value == 0 else f"{value:.4g}"
        at = "" if self.bound is None else f" (at its {self.bound} bound)"
        out = f"{shown}{unit}{at} ± {self.sigma * scale:.2g}{unit}"
        return out if self.determined else out + ": not determined by these logs"


@dataclass(frozen=True)
class Residual:
    """One measured size against the fitted model.

    :ivar run: the run's index in :attr:`CalibrationFit.runs` (whose ``"run"`` is its
        number among the logs' runs)
    :ivar size_bytes: the message size
    :ivar measured_s: the measured time (the placement fitted), seconds
    :ivar predicted_s: the fitted model's time, seconds
    :ivar algorithm: what the model runs at this size (``ring``, ``tree``)
    :ivar protocol: with which protocol
    :ivar error: predicted / measured − 1
    """

    run: int
    size_bytes: int
    measured_s: float
    predicted_s: float
    algorithm: str
    protocol: str
    error: float


@dataclass(frozen=True)
class CalibrationFit:
    """What :func:`calibrate` returns: the fitted calibration and how well it fits.

    :ivar topology: the topology's name
    :ivar calibration: the fitted parameters, with their standard errors as
        :attr:`~forestcoll_opt.timing.calibrated.Calibration.uncertainty`
    :ivar fitted: each fitted parameter, value and standard error
    :ivar held: parameters the runs cannot determine, held at their default, with why
    :ivar runs: one dict per run fitted (``run``: its number among the logs' runs, from 0
        in the order given; source, line, collective, ranks, algo, proto, sizes)
    :ivar residuals: every size of every run
    :ivar rms_log_error: the root mean square of log(predicted / measured)
    :ivar notes: what the fit cannot say (an efficiency at its ceiling of 1)
    :ivar skipped: the runs of the logs not fitted, each ``(run number, source, line,
        why)``: of another rank count than the topology's GPUs, of a collective the
        library model does not cover, or forcing an algorithm or protocol it does not time
    """

    topology: str
    calibration: Calibration
    fitted: tuple[FittedParameter, ...]
    held: tuple[tuple[str, str], ...]
    runs: tuple[dict, ...]
    residuals: tuple[Residual, ...]
    rms_log_error: float
    notes: tuple[str, ...] = ()
    skipped: tuple[tuple[int, str, int, str], ...] = ()

    @property
    def max_error(self) -> float:
        """The largest |predicted / measured − 1| over every size."""
        return max((abs(r.error) for r in self.residuals), default=0.0)

    @property
    def poor(self) -> tuple[Residual, ...]:
        """The sizes the fit misses by more than :data:`POOR_FIT` (|predicted / measured −
        1|), in the runs' order."""
        return tuple(r for r in self.residuals if abs(r.error) > POOR_FIT)

    @property
    def warning(self) -> str | None:
        """One line when the fit misses some size by more than :data:`POOR_FIT`: how many,
        the worst, and the sizes where predictions made with it are not to be trusted;
        None for a fit within it everywhere."""
        poor = self.poor
        if not poor:
            return None
        worst = max(poor, key=lambda r: abs(r.error))
        sizes = sorted({r.size_bytes for r in poor})
        where = (f"at {size_text(sizes[0])}" if len(sizes) == 1 else
                 f"from {size_text(sizes[0])} to {size_text(sizes[-1])}")
        return (f"the fit misses {len(poor)} of {len(self.residuals)} sizes by more than "
                f"{POOR_FIT:.0%} (worst {worst.error:+.1%} at {size_text(worst.size_bytes)}): "
                f"the model does not describe what the library ran there, so times "
                f"predicted with this calibration are not reliable {where}")

    def parameter(self, name: str) -> FittedParameter:
        """The fitted parameter ``name`` (``efficiency.infiniband``, ``overhead``, ...).

        :raises KeyError: when it was not fitted
        """
        for p in self.fitted:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The calibration file's document (format ``forestcoll-calibration-fit/1``,
        :mod:`forestcoll_opt.timing.fitted`)."""
        return {
            "format": FIT_FORMAT,
            "topology": self.topology,
            "calibration": calibration_fields(self.calibration),
            "fitted": [{"name": p.name, "value": rounded(p.value), "sigma": rounded(p.sigma),
                        "bound": p.bound, "determined": p.determined}
                       for p in self.fitted],
            "held": [{"name": n, "why": w} for n, w in self.held],
            "notes": list(self.notes),
            "runs": list(self.runs),
            "skipped": [{"run": i, "source": source, "line": line, "why": why}
                        for i, source, line, why in self.skipped],
            "rms_log_error": rounded(self.rms_log_error),
            "residuals": [{"run": r.run, "size_bytes": r.size_bytes,
                           "measured_s": rounded(r.measured_s),
                           "predicted_s": rounded(r.predicted_s), "algorithm": r.algorithm,
                           "protocol": r.protocol, "error": rounded(r.error, 4)}
                          for r in self.residuals],
        }

    def save(self, path: str | os.PathLike) -> None:
        """Write the calibration file (whole or not at all)."""
        write_output(path, json.dumps(self.to_dict(), indent=1) + "\n")

    def to_pandas(self) -> Any:
        """The residuals, one row per run and size: ``run``, ``size_bytes``,
        ``measured_s``, ``predicted_s``, ``algorithm``, ``protocol``, ``error``."""
        return data_frame((vars(r) for r in self.residuals), {
            "run": "count", "size_bytes": "count", "measured_s": "number",
            "predicted_s": "number", "algorithm": "text", "protocol": "text",
            "error": "number"})

    def _lines(self) -> list[tuple[str, str]]:
        rows = [(p.name, p.text) for p in self.fitted]
        rows += [(n, f"held: {w}") for n, w in self.held]
        rows += [("note", n) for n in self.notes]
        rows += [("skipped", f"run {i} ({display_path(source)}, table at line {line}): {why}")
                 for i, source, line, why in self.skipped]
        rows.append(("fit", f"rms log error {self.rms_log_error:.3g}, worst size "
                            f"{self.max_error:.1%}" if self.residuals else "no sizes"))
        if self.warning:
            rows.append(("warning", self.warning))
        return rows

    def __repr__(self) -> str:
        fitted = ", ".join(f"{n} {v}" for n, v in self._lines()[:len(self.fitted)])
        return (f"CalibrationFit({self.topology}, {len(self.runs)} run(s), "
                f"{len(self.residuals)} sizes; {fitted}; worst {self.max_error:.1%})")

    def _repr_html_(self) -> str:
        return html_summary(f"CalibrationFit · {self.topology}", self._lines(),
                            table=self.to_pandas().to_html(index=False),
                            note=".save(path) writes the calibration file; .to_pandas() the "
                                 "residuals")


def arch_of(devices: Iterable[str]) -> str | None:
    """NCCL's architecture row for the devices a log lists (``hopper`` for H100/H200,
    ``ampere`` for A100, ``volta`` for V100), or None when none is recognised."""
    for device in devices:
        for pattern, arch in _ARCH:
            if pattern.search(device):
                return arch
    return None


class _Run:
    """One run prepared for the fit: its sizes, measured times and the model's pieces."""

    def __init__(self, topology: Topology, run: Any, placement: str, index: int,
                 rings: dict) -> None:
        c = run.collective
        where = f"run {index} ({run.source}, table at line {run.line})"
        problem = _mismatch(topology, run)
        if problem is not None:
            raise CalibrationError(f"{where}: {problem}{_advice(problem)}")
        self.collective = c
        self.algos = _allowed(run.algo, ("ring", "tree"))
        if c is not Collective.ALLREDUCE:
            self.algos = tuple(a for a in self.algos if a == "ring")
        self.protos = tuple(_PROTO[p] for p in _allowed(run.proto, tuple(_PROTO)))
        rows = [r for r in run.rows if r.size > 0]
        if not rows:
            raise CalibrationError(f"{where}: no row with a size above 0 bytes")
        self.sizes = [r.size for r in rows]
        self.measured = [r.placement(placement).time_us * 1e-6 for r in rows]
        if any(t <= 0 for t in self.measured):
            raise CalibrationError(f"{where}: a time of 0 us cannot be fitted (the log "
                                   f"rounds it away); drop that size")
        if c not in rings:
            ring_s = baseline(topology, "ring", collective=c)
            coeffs = link_coefficients(topology, ring_s)
            tree_coeffs = None
            if c is Collective.ALLREDUCE and table_topology(topology):
                # RCCL's table lists rings, not trees: its tree runs on the searched rings
                tree_ring = ring(topology, c.value, table=False)
                tree_coeffs = link_coefficients(topology, tree_ring)
                shape = library_shape(topology, ring_s, c.value, coeffs, tree_ring=tree_ring,
                                      tree_rho=tree_coeffs)
            else:
                shape = library_shape(topology, ring_s, c.value, coeffs)
            rings[c] = (coeffs, shape, tree_coeffs)
        self.coeffs, self.shape0, self.tree_coeffs = rings[c]
        self.types = topology.link_type
        self.per_byte0 = sum(max(r.values(), default=0.0) for r in self.coeffs)
        self.tree_per_byte0 = (None if self.tree_coeffs is None else
                               sum(max(r.values(), default=0.0) for r in self.tree_coeffs))
        self.info = {"run": index, "source": run.source, "line": run.line, "collective": c.value,
                     "ranks": run.ranks, "algo": run.algo, "proto": run.proto,
                     "placement": placement, "sizes": len(rows),
                     "devices": sorted(set(run.devices))}

    def per_byte(self, efficiency, coeffs=None) -> float:
        """Seconds per byte of the ring on the efficient links (the library's channels);
        ``coeffs``: of those rings instead (the tree's)."""
        total = 0.0
        for phase in (self.coeffs if coeffs is None else coeffs):
            worst = 0.0
            for hop, rho in phase.items():
                eta = efficiency.get(self.types.get(hop), 1)
                worst = max(worst, rho / float(eta))
            total += worst
        return total

    def predict(self, calibration: Calibration, library: str, per_byte: float
                ) -> list[tuple[str, str, float]]:
        shape = replace(self.shape0, channel_bw=self.shape0.channel_bw
                        * (self.per_byte0 / per_byte))
        if self.tree_coeffs is not None and self.shape0.tree_channel_bw is not None:
            tree = self.per_byte(calibration.efficiency, self.tree_coeffs)
            shape = replace(shape, tree_channel_bw=self.shape0.tree_channel_bw
                            * (self.tree_per_byte0 / tree))
        out = []
        for size in self.sizes:
            times = _library_times(shape, self.collective, size, library=library,
                                   ring_latency=calibration.ring_latency[library],
                                   net_overhead=calibration.net_overhead * 1e6,
                                   arch=calibration.arch, amd_host=calibration.amd_host,
                                   tree_efficiency=calibration.tree_efficiency)
            allowed = [(k, v) for k, v in times.items()
                       if k[0] in self.algos and k[1] in self.protos]
            if not allowed:
                raise CalibrationError(f"{self.info['source']}: {library} runs none of "
                                       f"NCCL_ALGO={self.info['algo']} with "
                                       f"NCCL_PROTO={self.info['proto']} for "
                                       f"{self.collective} here")
            (algo, proto), seconds = min(allowed, key=lambda kv: kv[1])
            out.append((algo, proto, seconds + calibration.overhead))
        return out


def _allowed(value: str | None, choices: Sequence[str]) -> tuple[str, ...]:
    """The algorithms or protocols a log's setting allows (all when it sets none; a leading
    ``^`` excludes, as NCCL reads it); empty when it names none of ``choices``."""
    if not value:
        return tuple(choices)
    text = value.strip().lower()
    exclude = text.startswith("^")
    named = {w.strip() for w in text.lstrip("^").split(",") if w.strip()}
    if not exclude and not named & set(choices):
        return ()
    return tuple(c for c in choices if (c not in named) == exclude)


def _mismatch(topology: Topology, run: Any) -> str | None:
    """Why ``run`` (an :class:`~forestcoll_opt.runtimes.nccl_tests.NcclTestsRun`) cannot be
    fitted on ``topology``, or None when it can: a collective the library model does not
    cover, another rank count than the topology's GPUs, an ``NCCL_ALGO``/``NCCL_PROTO``
    that leaves nothing the model times.

    :param topology: the network
    :param run: the run
    :returns: the reason, or None
    """
    c = run.collective
    if c not in _FITTABLE:
        return (f"{c} runs are not fitted (the library model covers allgather, "
                f"reduce-scatter and allreduce)")
    n = len(topology.compute_nodes)
    if run.ranks != n:
        return f"{run.ranks} ranks, but {topology.name} has {n} GPUs"
    for value, choices, name in ((run.algo, ("ring", "tree"), "NCCL_ALGO"),
                                 (run.proto, tuple(_PROTO), "NCCL_PROTO")):
        if not _allowed(value, choices):
            return (f"{name}={value[:40]} leaves none of {', '.join(choices)} that the "
                    f"model times")
    if c is not Collective.ALLREDUCE and "ring" not in _allowed(run.algo, ("ring", "tree")):
        return f"NCCL_ALGO={run.algo[:40]} has no ring, the only algorithm of {c}"
    return None


def _advice(problem: str) -> str:
    return "; calibrate on the topology the runs ran on" if " ranks, but " in problem else ""


def _choose(runs: Sequence[Any], chosen: Sequence[int] | None, topology: Topology
            ) -> tuple[list[int], list[tuple[int, str, int, str]]]:
    """(the numbers of the runs to fit, the runs skipped with why): every run that
    :func:`_mismatch` accepts, or exactly the ``chosen`` ones (each must fit)."""
    if chosen is not None:
        numbers = list(chosen)
        bad = [i for i in numbers if isinstance(i, bool) or not isinstance(i, int)
               or not 0 <= i < len(runs)]
        if bad or not numbers or len(set(numbers)) != len(numbers):
            what = (f"run {str(bad[0])[:20]} is not a run of the logs" if bad else
                    "no run is chosen" if not numbers else "a run is chosen twice")
            raise CalibrationError(f"{what}: the logs hold {len(runs)} run(s), numbered 0 "
                                   f"to {len(runs) - 1} (runs=)", options=("runs",))
        for i in numbers:
            problem = _mismatch(topology, runs[i])
            if problem is not None:
                run = runs[i]
                raise CalibrationError(f"run {i} ({run.source}, table at line {run.line}): "
                                       f"{problem}{_advice(problem)}; choose other runs "
                                       f"(runs=)", options=("runs",))
        return sorted(numbers), [(i, r.source, r.line, "not chosen")
                                 for i, r in enumerate(runs) if i not in numbers]
    used, skipped = [], []
    for i, run in enumerate(runs):
        problem = _mismatch(topology, run)
        if problem is None:
            used.append(i)
        else:
            skipped.append((i, run.source, run.line, problem))
    if not used:
        if len(runs) == 1:
            i, source, line, problem = skipped[0]
            raise CalibrationError(f"run 0 ({source}, table at line {line}): "
                                   f"{problem}{_advice(problem)}")
        ranks = sorted({r.ranks for r in runs})
        tail = (f"; calibrate on a topology with as many GPUs as a run has ranks "
                f"({' or '.join(map(str, ranks))})" if any(" ranks, but " in p for *_, p
                                                           in skipped) else "")
        raise CalibrationError(f"none of the {len(runs)} runs of the logs can be fitted on "
                               f"{topology.name}: " + "; ".join(
                                   f"run {i} (table at line {line}): {p}"
                                   for i, _, line, p in skipped) + tail)
    return used, skipped


def calibrate(topology: "Topology | str", logs: Iterable[Any], *,
              placement: str = "out-of-place", collective: "Collective | str | None" = None,
              base: Calibration | None = None,
              runs: Sequence[int] | None = None) -> CalibrationFit:
    """Fit the calibrated model's η, κ and overhead (module docstring) to measured runs.

    :param topology: the network the runs ran on (a catalog spec or a file's path too)
    :param logs: nccl-tests/rccl-tests logs: paths, texts, or
        :class:`~forestcoll_opt.runtimes.nccl_tests.NcclTestsRun` objects (every table of a
        log is a run)
    :param placement: the measurement fitted, ``"out-of-place"`` or ``"in-place"``
    :param collective: the collective of logs that cannot tell (``read_nccl_tests``'s)
    :param base: the parameters not fitted (None: the package's defaults; the architecture
        is taken from the logs' device names where it is recognised)
    :param runs: the numbers of the runs to fit, counting every table of the logs from 0
        in the order given (None: every run that can be fitted on ``topology``; the others,
        of another rank count, of a collective the library model does not cover, or
        forcing an algorithm or protocol it does not time, are skipped and listed in
        :attr:`CalibrationFit.skipped`)
    :returns: the fit
    :raises CalibrationError: no runs, no run that can be fitted on ``topology`` (each
        one's reason named), a chosen run that cannot or a number that is no run, runs of
        both libraries, fewer sizes than parameters
    :raises NcclTestsError: a log that cannot be read
    """
    from ..runtimes.nccl_tests import NcclTestsRun, read_nccl_tests
    import numpy as np
    from scipy.optimize import least_squares

    if placement not in PLACEMENTS:
        raise CalibrationError(f"placement={str(placement)[:40]!r}: use 'out-of-place' or "
                               f"'in-place'", options=("placement",))
    topology = resolve(topology)
    read = []
    for log in logs:
        if isinstance(log, NcclTestsRun):
            read.append(log)
        else:
            read.extend(read_nccl_tests(log, collective=collective))
    if not read:
        raise CalibrationError("no runs to calibrate on: give at least one nccl-tests or "
                               "rccl-tests log")
    numbers, skipped = _choose(read, runs, topology)
    runs = [read[i] for i in numbers]
    suites = {r.suite for r in runs}
    if len(suites) > 1:
        raise CalibrationError("the logs mix nccl-tests and rccl-tests: calibrate on one "
                               "library's runs at a time")
    calibration = base or Calibration()
    library = "rccl" if suites == {"rccl-tests"} else "nccl"
    arch = arch_of(d for r in runs for d in r.devices)
    calibration = replace(calibration, library=library,
                          arch=arch if base is None and arch else calibration.arch,
                          uncertainty={})
    rings: dict = {}
    prepared = [_Run(topology, run, placement, i, rings) for i, run in zip(numbers, runs)]

    # the link type that binds the ring at the default efficiencies
    worst: dict[str, float] = {}
    for run in prepared:
        for phase in run.coeffs:
            for hop, rho in phase.items():
                kind = topology.link_type.get(hop)
                eta = float(calibration.efficiency.get(kind, 1))
                worst[kind] = max(worst.get(kind, 0.0), rho / eta)
    binding = max(worst, key=lambda k: (worst[k], str(k)))
    if binding is None:
        raise CalibrationError(f"the ring's busiest links on {topology.name} have no link "
                               f"type, so no efficiency can be fitted; give them a \"type\"")
    rings_ran = any("ring" in r.algos for r in prepared)
    names = [f"efficiency.{binding}"]
    held: list[tuple[str, str]] = []
    if rings_ran:
        names.append(f"ring_latency.{library}")
    else:
        held.append((f"ring_latency.{library}", "no run allows the ring"))
    latencies = {(a, p) for r in prepared for a in r.algos for p in r.protos}
    if rings_ran and len(latencies) == 1:
        held.append(("overhead", "one algorithm and protocol at every size: the runs cannot "
                                 "tell a fixed overhead from the latency factor"))
    else:
        names.append("overhead")
    total = sum(len(r.sizes) for r in prepared)
    if total <= len(names):
        left = "".join(f"; run {i} skipped: {why}" for i, _, _, why in skipped)
        raise CalibrationError(f"{total} measured size(s) cannot fit {len(names)} parameters; "
                               f"give a log with more sizes (nccl-tests -b 8 -e 8G -f 2)"
                               f"{left}")

    def with_params(x: Sequence[float]) -> Calibration:
        eta = dict(calibration.efficiency)
        kappa = dict(calibration.ring_latency)
        overhead = 0.0
        for name, value in zip(names, x):
            if name.startswith("efficiency."):
                eta[binding] = Fraction(min(1.0, float(value)))
            elif name.startswith("ring_latency."):
                kappa[library] = float(value)
            else:
                overhead = float(value) * 1e-6
        return replace(calibration, efficiency=eta, ring_latency=kappa, overhead=overhead)

    measured = np.array([t for r in prepared for t in r.measured])

    def predicted(x: Sequence[float]) -> list[tuple[str, str, float]]:
        cal = with_params(x)
        out = []
        for r in prepared:
            out.extend(r.predict(cal, library, r.per_byte(cal.efficiency)))
        return out

    def residuals(x: np.ndarray) -> np.ndarray:
        return np.log(np.array([s for _, _, s in predicted(x)]) / measured)

    kinds = [n.split(".")[0] for n in names]
    bounds = ([RANGES[k][0] for k in kinds], [RANGES[k][1] for k in kinds])
    best = None
    for eta0 in (0.5, 0.9):
        for kappa0 in (1.0, 4.0):
            for over0 in (0.0, min(measured) * 1e6 / 2):
                start = {"efficiency": eta0, "ring_latency": kappa0, "overhead": over0}
                x0 = [start[k] for k in kinds]
                fit = least_squares(residuals, x0, bounds=bounds, method="trf",
                                    x_scale=[1.0 if k != "overhead" else 10.0 for k in kinds],
                                    xtol=1e-12, ftol=1e-12, gtol=1e-12, max_nfev=400)
                if best is None or fit.cost < best.cost - 1e-15:
                    best = fit
    assert best is not None
    # a value within the solver's reach of an end of its range is that end (0 µs, not
    # 3e-27 µs): the optimum is on the bound
    x = [_at_bound(float(v), k) for v, k in zip(best.x, kinds)]
    res = best.fun if x == [float(v) for v in best.x] else residuals(np.array(x))
    jac = best.jac
    # a parameter no measured time depends on at the optimum is not determined: held
    inert = [i for i in range(len(names)) if not np.any(np.abs(jac[:, i]) > 1e-12)]
    for i in inert:
        held.append((names[i], "no measured size's time depends on it at the fit (the runs "
                               "never ran what it scales)"))
    keep = [i for i in range(len(names)) if i not in inert]
    names = [names[i] for i in keep]
    kinds = [kinds[i] for i in keep]
    x = [x[i] for i in keep]
    jac = jac[:, keep]
    dof = max(1, len(res) - len(names))
    s2 = float(res @ res) / dof
    try:
        cov = np.linalg.pinv(jac.T @ jac) * s2
        sig = [math.sqrt(max(0.0, float(cov[i, i]))) for i in range(len(names))]
    except np.linalg.LinAlgError:
        sig = [math.inf] * len(names)
    notes = []
    if x and names[0].startswith("efficiency.") and x[0] >= 1 - 1e-9:
        notes.append(f"the fitted efficiency of {binding} is at its ceiling, 1: the runs are "
                     f"at least as fast as the library's ring on {topology.name} allows at "
                     f"line rate, so the library ran something the model does not (other "
                     f"rings or links), or the topology's bandwidths are too low; the "
                     f"residuals say how far")
    scale = [1e-6 if k == "overhead" else 1.0 for k in kinds]
    fitted = tuple(FittedParameter(n, rounded(float(v) * f), rounded(s * f),    # as written
                                   _bound_name(v, k))
                   for n, v, s, f, k in zip(names, x, sig, scale, kinds))
    final = with_params(x)
    final = replace(final, uncertainty={p.name: rounded(p.sigma) for p in fitted})
    # the file's values: 6 significant digits
    final = replace(final, efficiency={k: (Fraction(repr(rounded(float(v))))
                                           if k == binding else v)
                                       for k, v in final.efficiency.items()},
                    ring_latency={k: rounded(v) for k, v in final.ring_latency.items()},
                    overhead=rounded(final.overhead))
    rows = []
    got = predicted(x)
    i = 0
    for index, r in enumerate(prepared):
        for size, meas in zip(r.sizes, r.measured):
            algo, proto, seconds = got[i]
            rows.append(Residual(index, size, meas, seconds, algo, proto, seconds / meas - 1))
            i += 1
    rms = math.sqrt(float(np.mean(res ** 2)))
    return CalibrationFit(topology=topology.name, calibration=final, fitted=fitted,
                          held=tuple(held), runs=tuple(r.info for r in prepared),
                          residuals=tuple(rows), rms_log_error=rms, notes=tuple(notes),
                          skipped=tuple(skipped))


def _at_bound(value: float, kind: str) -> float:
    low, high = RANGES[kind]
    if value - low <= _AT_BOUND[kind]:
        return low
    if high - value <= _AT_BOUND[kind]:
        return high
    return value


def _bound_name(value: float, kind: str) -> str | None:
    low, high = RANGES[kind]
    return "lower" if value == low else "upper" if value == high else None
