"""The calibrated time model against the ForestColl paper's published measurements
(docs/validation.md).

Each :class:`Case` is one measured speed-up of ForestColl's schedule over a library or a
baseline, at 1 GB or averaged over 1 MB … 1 GB, from the paper's evaluation (section
"Evaluation": 2 × DGX A100 against NCCL; 2 × MI250 with 8 GCDs per box against RCCL's best
algorithm; the optimal allreduce against Blink+Switch). :func:`validate` predicts each
with :mod:`forestcoll_opt.timing.calibrated`:

* ForestColl is the optimal schedule (``generate``, least k), run with the Simple protocol
  (the paper's generator writes Simple and the paper names no other);
* NCCL and RCCL are their own cost models (:mod:`forestcoll_opt.timing.library`). NCCL
  (2 × DGX A100) runs what its tuner picks, ring or tree and a protocol per size: the paper
  compared against NCCL as it runs by default, whose allreduce ran its ring at large sizes
  ("the NCCL ring in MSCCL shows identical performance to the default NCCL ring in all
  collectives"). Against RCCL the paper took "RCCL's best-performing algorithm", with the
  RCCL tree measured for allreduce ("For allreduce, where RCCL tree is available"): the
  fastest of RCCL's ring and its tree as it runs on two nodes (``pick="best"``);
* Blink+Switch is the ``blink`` baseline schedule when this installation has it
  (:data:`forestcoll_opt.generation.baselines.KINDS`), timed like ForestColl; otherwise the case
  is reported without a prediction.

Sizes: 1 GB is 1 GiB; "1 MB … 1 GB" is the 11 powers of two 1 MiB, 2 MiB, …, 1 GiB, and
the average is the arithmetic mean of the speed-ups (the paper averages percentage gains,
which is the same mean minus one).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

from ..generation.pipeline import generate
from ..model.catalog import resolve
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..generation.baselines import KINDS, baseline
from ..generation.baselines.rings import ring, table_topology
from ..timing.calibrated import (Calibration, library_shape, library_times, schedule_cost)
from ..timing.library import LibraryShape
from ..timing.simulation import link_coefficients

SIZES = tuple(2**e for e in range(20, 31))          # 1 MiB ... 1 GiB
ONE_GB = 2**30
A100 = "dgx-a100:boxes=2"
MI250 = "mi250:boxes=2,gpus=8"
PAPER = "ForestColl paper (arXiv 2402.06787), section Evaluation"
BEST = "best"         # "RCCL's best-performing algorithm" (section "AMD MI250 Experiments")


@dataclass(frozen=True)
class Case:
    """One published measurement: ForestColl's speed-up over ``against``.

    :ivar name: a short identifier, e.g. ``"a100-allgather-1GB"``
    :ivar topology: the catalog spec of the testbed
    :ivar collective: the collective measured
    :ivar against: ``"library"`` (NCCL or RCCL, its own pick per size) or ``"blink"``
    :ivar statistic: ``"1GB"`` (at 1 GiB) or ``"mean"`` (over 1 MiB … 1 GiB)
    :ivar measured: the published speed-up (time of ``against`` / ForestColl's)
    :ivar source: where it is published
    :ivar pick: against a library, ``"tuner"`` (what it runs by default) or ``"best"`` (the
        fastest of its algorithms as they run; module docstring)
    """

    name: str
    topology: str
    collective: str
    against: str
    statistic: str
    measured: float
    source: str = PAPER
    pick: str = "tuner"


CASES: tuple[Case, ...] = (
    Case("a100-allgather-1GB", A100, "allgather", "library", "1GB", 1.32),
    Case("a100-reduce-scatter-1GB", A100, "reduce-scatter", "library", "1GB", 1.30),
    Case("a100-allreduce-1GB", A100, "allreduce", "library", "1GB", 1.26),
    Case("a100-allgather-mean", A100, "allgather", "library", "mean", 2.30),
    Case("a100-reduce-scatter-mean", A100, "reduce-scatter", "library", "mean", 1.85),
    Case("a100-allreduce-mean", A100, "allreduce", "library", "mean", 1.27),
    Case("mi250-allgather-1GB", MI250, "allgather", "library", "1GB", 2.70,
         pick=BEST),
    Case("mi250-reduce-scatter-1GB", MI250, "reduce-scatter", "library", "1GB", 2.42,
         pick=BEST),
    Case("mi250-allreduce-1GB", MI250, "allreduce", "library", "1GB", 1.66,
         pick=BEST),
    Case("mi250-allgather-mean", MI250, "allgather", "library", "mean", 2.98,
         pick=BEST),
    Case("mi250-reduce-scatter-mean", MI250, "reduce-scatter", "library", "mean", 2.86,
         pick=BEST),
    Case("mi250-allreduce-mean", MI250, "allreduce", "library", "mean", 1.40,
         pick=BEST),
    Case("mi250-allreduce-blink-1GB", MI250, "allreduce", "blink", "1GB", 1.36),
)


@dataclass(frozen=True)
class Prediction:
    """A case and what the model predicts for it.

    :ivar case: the published measurement
    :ivar predicted: the predicted speed-up; None when the baseline is not available
    :ivar error: predicted / measured − 1; None without a prediction
    :ivar note: what was compared (the library's picks, or why there is no prediction)
    """

    case: Case
    predicted: float | None
    error: float | None
    note: str


class Inputs:
    """The schedules the cases need, built once (ForestColl's optimal schedule and the ring
    baseline per testbed and collective; the Blink baseline when available)."""

    def __init__(self, cases: Iterable[Case] = CASES) -> None:
        self.topologies: dict[str, Topology] = {}
        self.schedules: dict[tuple[str, str, str], Schedule | None] = {}
        for case in cases:
            topo = self.topologies.setdefault(case.topology, resolve(case.topology))
            key = (case.topology, case.collective)
            if key + ("forestcoll",) not in self.schedules:
                self.schedules[key + ("forestcoll",)] = generate(topo, collective=case.collective)
                self.schedules[key + ("ring",)] = baseline(topo, "ring",
                                                           collective=case.collective)
                self.schedules[key + ("tree-ring",)] = (
                    ring(topo, case.collective, table=False) if table_topology(topo)
                    else None)
            if case.against == "blink" and key + ("blink",) not in self.schedules:
                self.schedules[key + ("blink",)] = (
                    baseline(topo, "blink", collective=case.collective)
                    if "blink" in KINDS else None)


def library_inputs(topo: Topology, ring_schedule: Schedule, tree_ring: Schedule | None,
                   collective: str, efficiency: Mapping) -> LibraryShape:
    """The library's shape (:func:`~forestcoll_opt.timing.calibrated.library_shape`) from
    the ring baseline and, where the library's trees are built on other rings (RCCL on a
    full MI250 box: :mod:`forestcoll_opt.generation.baselines.tuned_rings`), those rings.

    :param topo: the network
    :param ring_schedule: the ring baseline
    :param tree_ring: the searched rings the tree is built on, or None (the ring's)
    :param collective: the collective's value
    :param efficiency: link type -> achieved / nominal bandwidth
    :returns: the shape
    """
    rho = link_coefficients(topo, ring_schedule, efficiency)
    if tree_ring is None:
        return library_shape(topo, ring_schedule, collective, rho)
    return library_shape(topo, ring_schedule, collective, rho, tree_ring=tree_ring,
                         tree_rho=link_coefficients(topo, tree_ring, efficiency))


def _schedule_seconds(topo: Topology, schedule: Schedule, calibration: Calibration,
                      sizes: Iterable[int]) -> list[float]:
    rho = link_coefficients(topo, schedule, calibration.efficiency)
    cost = schedule_cost(topo, schedule, calibration, rho)
    return [cost.time(size)[1] for size in sizes]


def speedups(case: Case, calibration: Calibration | None = None,
             inputs: Inputs | None = None, sizes: Iterable[int] | None = None
             ) -> tuple[list[float], str] | None:
    """The predicted speed-up of ``case`` at every size (module docstring), and what the
    baseline ran.

    :param case: the measurement
    :param calibration: the parameters (None: the defaults); ForestColl and Blink run with
        the Simple protocol whatever its ``protocols``
    :param inputs: the schedules, if already built
    :param sizes: bytes (default: the case's, 1 GiB or :data:`SIZES`)
    :returns: (one speed-up per size, a note), or None when the baseline is missing
    """
    calibration = calibration or Calibration()
    inputs = inputs or Inputs((case,))
    topo = inputs.topologies[case.topology]
    if sizes is None:
        sizes = (ONE_GB,) if case.statistic == "1GB" else SIZES
    sizes = tuple(sizes)
    simple = replace(calibration, protocols=("Simple",))
    key = (case.topology, case.collective)
    ours = _schedule_seconds(topo, inputs.schedules[key + ("forestcoll",)], simple, sizes)
    if case.against == "blink":
        blink = inputs.schedules.get(key + ("blink",))
        if blink is None:
            return None
        theirs = _schedule_seconds(topo, blink, simple, sizes)
        note = "blink baseline, Simple"
    else:
        shape = library_inputs(topo, inputs.schedules[key + ("ring",)],
                               inputs.schedules.get(key + ("tree-ring",)), case.collective,
                               calibration.efficiency)
        picks = library_times(topo, shape, case.collective, sizes, calibration,
                              pick=case.pick)
        theirs = [seconds for _, _, seconds in picks]
        used = sorted({f"{algo}/{proto}" for algo, proto, _ in picks})
        note = f"{calibration.library_for(topo)}: {', '.join(used)}"
    return [t / o for t, o in zip(theirs, ours)], note


def predict(case: Case, calibration: Calibration | None = None,
            inputs: Inputs | None = None) -> Prediction:
    """The model's prediction for one case: the speed-up at 1 GiB, or the mean of
    :func:`speedups` over :data:`SIZES`.

    :param case: the measurement
    :param calibration: the parameters (None: the defaults)
    :param inputs: the schedules, if already built
    :returns: the prediction
    """
    found = speedups(case, calibration, inputs)
    if found is None:
        return Prediction(case, None, None, "no blink baseline in this installation "
                                            "(issue 25, section 2)")
    ratios, note = found
    predicted = sum(ratios) / len(ratios)
    return Prediction(case, predicted, predicted / case.measured - 1, note)


def validate(calibration: Calibration | None = None, *, cases: Iterable[Case] = CASES,
             inputs: Inputs | None = None) -> list[Prediction]:
    """Every case's prediction.

    :param calibration: the parameters (None: the defaults)
    :param cases: the cases (default :data:`CASES`)
    :param inputs: the schedules, if already built
    :returns: one :class:`Prediction` per case, in order
    """
    cases = tuple(cases)
    inputs = inputs or Inputs(cases)
    return [predict(case, calibration, inputs) for case in cases]


def rows(predictions: Iterable[Prediction]) -> list[dict[str, Any]]:
    """The predictions as CSV-ready rows (data/validation.csv).

    :param predictions: from :func:`validate`
    :returns: dicts with ``case``, ``topology``, ``collective``, ``against``,
        ``statistic``, ``measured``, ``predicted``, ``error``, ``within_10pct``, ``note``
    """
    out = []
    for p in predictions:
        c = p.case
        out.append({"case": c.name, "topology": c.topology, "collective": c.collective,
                    "against": c.against, "statistic": c.statistic, "measured": c.measured,
                    "predicted": "" if p.predicted is None else f"{p.predicted:.4f}",
                    "error": "" if p.error is None else f"{p.error:+.4f}",
                    "within_10pct": "" if p.error is None else str(abs(p.error) <= 0.10),
                    "note": p.note})
    return out


def ablations(base: Calibration | None = None) -> Mapping[str, Calibration]:
    """The calibration with one parameter removed at a time, for the ablation table:
    nominal bandwidths (every η = 1), and each η, the ring latency factors, the reduction
    step and the two-node tree's efficiency set to their neutral value, and the tree timed
    as the library's tuner rates it instead of as it runs.

    :param base: the calibration to ablate (None: the defaults)
    :returns: label -> calibration, the full model first
    """
    base = base or Calibration()
    eta = dict(base.efficiency)
    out = {"calibrated (all parameters)": base,
           "no link efficiency (nominal bandwidths)": replace(base, efficiency={})}
    for kind in ("nvlink", "infiniband", "xgmi"):
        out[f"no {kind} efficiency"] = replace(
            base, efficiency={k: v for k, v in eta.items() if k != kind})
    out["no ring latency factor (library tables as published)"] = replace(
        base, ring_latency={"nccl": 1.0, "rccl": 1.0})
    out["ring latency factor 1.37 (the one published measurement, NVIDIA/nccl#812)"] = replace(
        base, ring_latency={"nccl": 1.37, "rccl": 1.37})
    out["no reduction step"] = replace(base, reduce_step=0.0)
    out["no tree efficiency (two-node tree at the bus bandwidth)"] = replace(
        base, tree_efficiency=1.0)
    out["tree as the library's tuner rates it (RCCL: x0.27, x1/2)"] = replace(
        base, tree_efficiency=None)
    return out
