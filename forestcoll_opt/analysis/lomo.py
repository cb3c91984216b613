"""Leave-one-machine-out validation of the calibrated time model (docs/validation.md,
"Leave one machine out").

Every measurement the ForestColl paper reports (arXiv 2402.06787, section "Evaluation") is
a :class:`~forestcoll_opt.analysis.validation.Case` of one of five machines
(:data:`MACHINES`): 2 × DGX A100, 2 × MI250 with 8 GCDs per box (8+8) and with all 16
(16+16), 16 × DGX H100 and 1 × DGX H100. For each machine in turn the model's fitted
parameters are fitted on the *other* machines' cases only, and the held-out machine is
predicted: the ratio predicted / measured per case, and whether the model names the right
winner at 1 GB (ForestColl or the library).

**What is fitted.** Two parameters, shared by every machine: κ, the factor on the libraries'
ring latencies (one factor for NCCL and RCCL, so that it transfers from one library's
machines to the other's), and the reduction step of an in-tree node. Everything else is
cited per machine and not fitted: the link efficiencies (A100's NVLink3 230 of 300 GB/s and
HDR InfiniBand 24 of 25; H100's NVLink4 about 370 of 450, NVIDIA/nccl-tests#212, and NDR
InfiniBand 46 – 48 of 50, NVIDIA/nccl-tests#290; MI250's xGMI 81 %), NCCL's architecture
rows (Ampere, Hopper) and host CPU (AMD EPYC in the DGX A100, Intel Xeon in the DGX H100),
the two-node tree's efficiency τ. The fit is a grid search (κ from 1 to 5 by 0.2, the
reduction step from 0 to 6 µs by 0.5 µs) minimising the root mean square of
log(predicted / measured) over the training cases; ties go to the smaller values.

**Qualitative cases.** Where the paper says "comparably" (RCCL against ForestColl at 1 GB
on MI250 16+16) or "similar throughput" (NCCL against ForestColl at 1 × 8 H100) its
measurement is taken as a ratio of 1 and flagged ``comparable``: such a case is predicted
and reported but not fitted on, and its winner is "either" (the model is right when it
predicts within ±10 %).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..model.schedule import Schedule
from ..model.topology import Topology
from ..timing.calibrated import Calibration, library_times
from ..timing.simulation import exact_coefficients
from .validation import (A100, BEST, MI250, ONE_GB, PAPER, SIZES, Case, Inputs,
                         _schedule_seconds, library_inputs)

KAPPAS = tuple(round(1.0 + 0.2 * i, 1) for i in range(21))          # 1.0 ... 5.0
REDUCE_STEPS = tuple(0.5e-6 * i for i in range(13))                  # 0 ... 6 us
TIE = 0.10
"""A "comparable" case's prediction is right within this relative distance of 1."""

MI250_FULL = "mi250:boxes=2"
H100_16 = "dgx-h100:boxes=16"
H100_1 = "dgx-h100:boxes=1"
_A100_FIG = f"{PAPER}: Figure 'a100perf' and section 'NVIDIA DGX A100 Experiments'"
_MI250_FIG = f"{PAPER}: Figure 'mi250perf' and section 'AMD MI250 Experiments'"
_H100_FIG = f"{PAPER}: Figure 'h100results' and section 'Large-Scale GPU Cluster Experiments'"

A100_RING_PROTOCOLS = ("Simple",)
"""How NCCL's ring ran on the paper's 2 × DGX A100: as its ring written as an MSCCL XML,
which runs Simple ("NCCL Ring (MSCCL)", Figure 'a100perf': "to confirm no inherent
performance difference between NCCL and MSCCL"; section "AMD MI250 Experiments": "the NCCL
ring in MSCCL shows identical performance to the default NCCL ring in all collectives")."""

_HOPPER = {"arch": "hopper", "amd_host": False,
           "efficiency": {"nvlink": Fraction(37, 45), "infiniband": Fraction(47, 50)}}


def _case(name: str, spec: str, collective: str, against: str, statistic: str,
          measured: float, source: str, pick: str = "tuner") -> Case:
    return Case(name, spec, collective, against, statistic, measured, source=source, pick=pick)


@dataclass(frozen=True)
class Machine:
    """One testbed of the paper and its measurements.

    :ivar name: a short name (``"2x DGX A100"``)
    :ivar spec: the catalog spec
    :ivar cases: its published speed-ups
    :ivar comparable: names of cases the paper states only in words (ratio 1)
    :ivar cited: the calibration's cited values on this machine (``arch``, ``amd_host``,
        ``efficiency`` overrides), not fitted
    """

    name: str
    spec: str
    cases: tuple[Case, ...]
    comparable: frozenset = frozenset()
    cited: Mapping[str, Any] = field(default_factory=dict)
    ring_protocols: tuple[str, ...] | None = None

    def calibration(self, kappa: float, reduce_step: float) -> Calibration:
        """The calibration of this machine with the shared fitted values."""
        base = Calibration()
        eta = {**base.efficiency, **self.cited.get("efficiency", {})}
        other = {k: v for k, v in self.cited.items() if k != "efficiency"}
        return replace(base, efficiency=eta, ring_latency={"nccl": kappa, "rccl": kappa},
                       reduce_step=reduce_step, **other)


MACHINES: tuple[Machine, ...] = (
    Machine("2x DGX A100", A100, tuple(
        _case(f"a100-{c}-{s}", A100, c, "library", s, v, _A100_FIG)
        for c, s, v in (("allgather", "1GB", 1.32), ("reduce-scatter", "1GB", 1.30),
                        ("allreduce", "1GB", 1.26), ("allgather", "mean", 2.30),
                        ("reduce-scatter", "mean", 1.85), ("allreduce", "mean", 1.27))),
        ring_protocols=A100_RING_PROTOCOLS),
    Machine("2x MI250 8+8", MI250, tuple(
        _case(f"mi250-8+8-{c}-{s}", MI250, c, "library", s, v, _MI250_FIG + " (8+8 Results)",
              pick=BEST)
        for c, s, v in (("allgather", "1GB", 2.70), ("reduce-scatter", "1GB", 2.42),
                        ("allreduce", "1GB", 1.66), ("allgather", "mean", 2.98),
                        ("reduce-scatter", "mean", 2.86), ("allreduce", "mean", 1.40))) + (
        _case("mi250-8+8-allreduce-blink-1GB", MI250, "allreduce", "blink", "1GB", 1.36,
              _MI250_FIG + " (8+8 Results: 36 % faster than Blink+Switch at 1GB)"),
        _case("mi250-8+8-allreduce-blink-mean", MI250, "allreduce", "blink", "mean", 1.36,
              _MI250_FIG + " (8+8 Results: 36 % faster than Blink+Switch on average)"))),
    Machine("2x MI250 16+16", MI250_FULL, tuple(
        _case(f"mi250-16+16-{c}-{s}", MI250_FULL, c, "library", s, v,
              _MI250_FIG + " (16+16 Results)", pick=BEST)
        for c, s, v in (("allgather", "1GB", 1.0), ("reduce-scatter", "1GB", 1.0),
                        ("allreduce", "1GB", 1.0), ("allgather", "mean", 1.91),
                        ("reduce-scatter", "mean", 1.87), ("allreduce", "mean", 1.15))) + (
        _case("mi250-16+16-allreduce-blink-1GB", MI250_FULL, "allreduce", "blink", "1GB",
              1.16, _MI250_FIG + " (16+16 Results: 16 % faster than Blink+Switch at 1GB)"),
        _case("mi250-16+16-allreduce-blink-mean", MI250_FULL, "allreduce", "blink", "mean",
              1.23, _MI250_FIG + " (16+16 Results: 23 % faster on average)")),
        comparable=frozenset({"mi250-16+16-allgather-1GB", "mi250-16+16-reduce-scatter-1GB",
                              "mi250-16+16-allreduce-1GB"})),
    Machine("16x DGX H100", H100_16, tuple(
        _case(f"h100-16x8-{c}-1GB", H100_16, c, "library", "1GB", v,
              _H100_FIG + " (16x8 Results)")
        for c, v in (("allgather", 1.32), ("reduce-scatter", 1.14), ("allreduce", 1.25))),
        cited=_HOPPER),
    Machine("1x DGX H100", H100_1, (
        _case("h100-1x8-allgather-1GB", H100_1, "allgather", "library", "1GB", 1.0,
              _H100_FIG + " (1-16x8 Results: 'similar throughput' at 1x8)"),),
        comparable=frozenset({"h100-1x8-allgather-1GB"}), cited=_HOPPER),
)


@dataclass(frozen=True)
class HeldOut:
    """One case predicted with parameters fitted without its machine.

    :ivar machine: the held-out machine's name
    :ivar case: the published measurement
    :ivar comparable: the paper states it in words only (ratio 1)
    :ivar kappa: the ring latency factor fitted on the other machines
    :ivar reduce_step: the reduction step fitted on them, seconds
    :ivar predicted: the predicted speed-up
    :ivar in_sample: the prediction with both parameters fitted on every machine
    :ivar floor: the case's :func:`case_floor` (None where it has none)
    """

    machine: str
    case: Case
    comparable: bool
    kappa: float
    reduce_step: float
    predicted: float
    in_sample: float
    floor: Fraction | None = None

    @property
    def ratio(self) -> float:
        """predicted / measured."""
        return self.predicted / self.case.measured

    @property
    def winner_right(self) -> bool | None:
        """At 1 GB: whether the model names the published winner (ForestColl when the
        measured speed-up is above 1; "either" for a comparable case, right within
        :data:`TIE`); None for an average."""
        if self.case.statistic != "1GB":
            return None
        if self.comparable:
            return abs(self.predicted - 1) <= TIE
        return (self.predicted > 1) == (self.case.measured > 1)


class _Cache:
    """Every case's predicted speed-up per (κ, reduction step), computed once per part: the
    schedules' times depend on the reduction step only, the libraries' on κ only."""

    def __init__(self, machines: Sequence[Machine]) -> None:
        self.machines = machines
        self.inputs = Inputs(c for m in machines for c in m.cases)
        self.ours: dict = {}
        self.theirs: dict = {}

    def _sizes(self, case: Case) -> tuple[int, ...]:
        return (ONE_GB,) if case.statistic == "1GB" else SIZES

    def speedup(self, machine: Machine, case: Case, kappa: float, step: float) -> float:
        sizes = self._sizes(case)
        key = (case.topology, case.collective)
        topo = self.inputs.topologies[case.topology]
        simple = replace(machine.calibration(kappa, step), protocols=("Simple",))
        k_ours = (key, case.statistic, step)
        if k_ours not in self.ours:
            self.ours[k_ours] = _schedule_seconds(
                topo, self.inputs.schedules[key + ("forestcoll",)], simple, sizes)
        if case.against == "blink":
            k_theirs = (key, case.statistic, "blink", step)
            if k_theirs not in self.theirs:
                self.theirs[k_theirs] = _schedule_seconds(
                    topo, self.inputs.schedules[key + ("blink",)], simple, sizes)
        else:
            k_theirs = (key, case.statistic, case.pick, kappa)
            if k_theirs not in self.theirs:
                calibration = machine.calibration(kappa, step)
                shape = library_inputs(topo, self.inputs.schedules[key + ("ring",)],
                                       self.inputs.schedules.get(key + ("tree-ring",)),
                                       case.collective, calibration.efficiency)
                self.theirs[k_theirs] = [s for _, _, s in library_times(
                    topo, shape, case.collective, sizes, calibration, pick=case.pick,
                    ring_protocols=machine.ring_protocols)]
        ratios = [t / o for t, o in zip(self.theirs[k_theirs], self.ours[k_ours])]
        return sum(ratios) / len(ratios)

    def fit(self, machines: Iterable[Machine]) -> tuple[float, float]:
        """(κ, reduction step) minimising the RMS log error over ``machines``' numeric
        cases."""
        cases = [(m, c) for m in machines for c in m.cases if c.name not in m.comparable]
        best = None
        for kappa in KAPPAS:
            for step in REDUCE_STEPS:
                errs = [math.log(self.speedup(m, c, kappa, step) / c.measured) ** 2
                        for m, c in cases]
                score = math.sqrt(sum(errs) / len(errs))
                if best is None or score < best[0] - 1e-12:
                    best = (score, kappa, step)
        assert best is not None
        return best[1], best[2]


def kappa_scan(machines: Sequence[Machine] = MACHINES, *, kappas: Sequence[float] = KAPPAS,
               reduce_step: float = 1.5e-6) -> dict[str, dict[float, float]]:
    """Each machine's own preference for κ: the RMS of log(predicted / measured) over its
    numeric cases at every κ (the reduction step held), so that one sees which machines a
    shared κ cannot serve (docs/validation.md, "Against the targets").

    :param machines: the machines (default :data:`MACHINES`)
    :param kappas: the values of κ
    :param reduce_step: the reduction step, seconds
    :returns: machine name -> κ -> RMS; machines with no numeric case are left out
    """
    cache = _Cache(machines)
    out: dict[str, dict[float, float]] = {}
    for m in machines:
        cases = [c for c in m.cases if c.name not in m.comparable]
        if not cases:
            continue
        out[m.name] = {k: math.sqrt(sum(math.log(cache.speedup(m, c, k, reduce_step)
                                                  / c.measured) ** 2 for c in cases)
                                    / len(cases)) for k in kappas}
    return out


def bandwidth_floor(topology: Topology, ours: Schedule, theirs: Schedule) -> Fraction | None:
    """The least bandwidth speed-up of ``ours`` over ``theirs`` under *any* link efficiencies,
    one factor in (0, 1] per link type: what no choice of η can bring a prediction below
    once the data dominates the time (docs/validation.md, "Against the targets").

    Each schedule's seconds per byte at efficiencies η is the largest over link types t of
    m_t / η_t, m_t its most loaded link of type t (load over bandwidth, exact). If ``ours``
    is limited by type u, ``theirs`` needs at least m'_u / η_u, so the speed-up is at least
    m'_u / m_u; and η_t → 0 on one type with the others 1 reaches m'_t / m_t. The floor is
    therefore the least over the types ``ours`` uses of m'_t / m_t (0 for a type
    ``theirs`` does not use), exact.

    :param topology: the network both run on
    :param ours: a one-phase schedule (allgather, reduce-scatter, broadcast, reduce)
    :param theirs: another one-phase schedule of the same collective
    :returns: the floor as a Fraction, or None when either has two phases (an allreduce: the
        sum of two phases' maxima has no such closed form)
    """
    if ours.phases or theirs.phases:
        return None
    mine = _per_type(topology, ours)
    other = _per_type(topology, theirs)
    return min((other.get(t, Fraction(0)) / m for t, m in mine.items() if m > 0),
               default=None)


def _per_type(topology: Topology, schedule: Schedule) -> dict[str | None, Fraction]:
    """Link type -> the largest load over bandwidth of the schedule's links of that type."""
    out: dict[str | None, Fraction] = {}
    for link, value in exact_coefficients(topology, schedule)[0].items():
        kind = topology.link_type.get(link)
        if value > out.get(kind, Fraction(0)):
            out[kind] = value
    return out


def case_floor(case: Case, inputs: Inputs) -> Fraction | None:
    """:func:`bandwidth_floor` of a library case at 1 GB: ForestColl's schedule against the
    ring baseline whose bus bandwidth the library is timed with (:func:`.validation.
    library_inputs`); None for an average, a Blink case or a two-phase collective.

    :param case: the measurement
    :param inputs: the schedules (they must include the case's)
    :returns: the floor, or None
    """
    if case.statistic != "1GB" or case.against != "library":
        return None
    key = (case.topology, case.collective)
    return bandwidth_floor(inputs.topologies[case.topology],
                           inputs.schedules[key + ("forestcoll",)],
                           inputs.schedules[key + ("ring",)])


def leave_one_machine_out(machines: Sequence[Machine] = MACHINES) -> list[HeldOut]:
    """Every case of every machine, predicted with κ and the reduction step fitted on the
    other machines (module docstring), beside the in-sample prediction.

    :param machines: the machines (default :data:`MACHINES`)
    :returns: one :class:`HeldOut` per case, machine by machine
    """
    cache = _Cache(machines)
    everywhere = cache.fit(machines)
    out = []
    for machine in machines:
        kappa, step = cache.fit(m for m in machines if m is not machine)
        for case in machine.cases:
            out.append(HeldOut(machine.name, case, case.name in machine.comparable, kappa,
                               step, cache.speedup(machine, case, kappa, step),
                               cache.speedup(machine, case, *everywhere),
                               case_floor(case, cache.inputs)))
    return out


def jackknife(results: Iterable[HeldOut]) -> dict[str, tuple[float, float]]:
    """Each fitted parameter's mean over the held-out fits and its jackknife standard error
    (sqrt((m−1)/m · Σ (θ_i − θ̄)²) over the m fits, one per machine left out): how much the
    fitted value moves with the machines it is fitted on.

    :param results: :func:`leave_one_machine_out`'s
    :returns: ``{"kappa": (mean, se), "reduce_step": (mean, se)}``, the step in seconds
    """
    fits: dict[str, tuple[float, float]] = {}
    for r in results:
        fits.setdefault(r.machine, (r.kappa, r.reduce_step))
    out = {}
    for i, name in enumerate(("kappa", "reduce_step")):
        values = [f[i] for f in fits.values()]
        m = len(values)
        mean = sum(values) / m
        se = math.sqrt((m - 1) / m * sum((v - mean) ** 2 for v in values)) if m > 1 else 0.0
        out[name] = (mean, se)
    return out


def lomo_rows(results: Iterable[HeldOut]) -> list[dict[str, Any]]:
    """CSV-ready rows (data/validation_lomo.csv)."""
    rows = []
    for r in results:
        c = r.case
        right = r.winner_right
        rows.append({
            "held_out": r.machine, "case": c.name, "topology": c.topology,
            "collective": c.collective, "against": c.against, "statistic": c.statistic,
            "measured": c.measured, "measured_kind": "comparable" if r.comparable else "number",
            "kappa": r.kappa, "reduce_step_us": round(r.reduce_step * 1e6, 3),
            "predicted": f"{r.predicted:.4f}", "ratio": f"{r.ratio:.4f}",
            "error": f"{r.ratio - 1:+.4f}", "within_15pct": str(abs(r.ratio - 1) <= 0.15),
            "in_sample_predicted": f"{r.in_sample:.4f}",
            "bandwidth_floor": "" if r.floor is None else f"{float(r.floor):.4f}",
            "winner_right": "" if right is None else str(right), "source": c.source})
    return rows
