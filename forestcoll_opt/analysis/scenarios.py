"""Several failures at once (``forestcoll whatif --scenario``, ``--sample``): clusters lose
parts independently, so an operator asks what a given set of simultaneous failures costs,
or how the loss is spread when k random parts fail.

:func:`scenario_impact` computes, for each scenario (a set of failure ids failing
together, each as :func:`~forestcoll_opt.model.faults.parse_part` reads it, degraded parts
``ID=KEEP`` included), the exact optimum on the network left and the fraction of the
intact optimum lost, with the same statuses as the single-failure analysis
(:mod:`forestcoll_opt.analysis.whatif`: ``ok``, ``unbalanced``, ``disconnected``,
``no-collective``). With ``sample=K`` it draws K scenarios of ``failures`` distinct parts
each, uniformly among the single failures of ``kinds``, with ``random.Random(seed)`` (the
same seed, the same scenarios), and :attr:`ScenarioImpact.distribution` summarises the
lost fractions exactly (least, median, 90th percentile by the nearest-rank rule, worst,
mean).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ..display import data_frame, exact_cells, html_summary
from ..errors import UsageError
from ..model.collective import Collective
from ..model.faults import KINDS, failures as all_failures, parse_failures
from ..model.numbers import fraction_display, fraction_text
from ..model.topology import Topology
from .whatif import _after_failure, _bound_cuts, _member

MAX_SAMPLE = 100_000
"""The most scenarios a sample may draw."""


@dataclass(frozen=True)
class Scenario:
    """One set of simultaneous failures and what it leaves.

    :ivar failures: the failed (or degraded, ``ID=KEEP``) parts' ids
    :ivar algbw: the exact optimum left (0 when no collective can run)
    :ivar lost: 1 - algbw / the intact optimum, exact
    :ivar status: ``ok``, ``unbalanced``, ``disconnected`` or ``no-collective``
    :ivar note: what the failures do, in a phrase (or ``""``)
    """

    failures: tuple[str, ...]
    algbw: Fraction
    lost: Fraction
    status: str
    note: str = ""


@dataclass(frozen=True)
class ScenarioImpact:
    """The cost of several simultaneous failures (:func:`scenario_impact`).

    :ivar collective: the collective (a :class:`Collective`)
    :ivar topology: the network's name
    :ivar units: its bandwidth unit
    :ivar algbw: the intact network's optimum, exact
    :ivar scenarios: one row per scenario, in the order given or drawn
    :ivar sampled: True when the scenarios were drawn (``sample=``)
    :ivar seed: the seed of the draw (None when not sampled)
    :ivar seconds: wall-clock seconds; ignored by ``==``
    """

    collective: Collective
    topology: str
    units: str
    algbw: Fraction
    scenarios: tuple[Scenario, ...]
    sampled: bool = False
    seed: int | None = None
    seconds: float = field(default=0.0, compare=False)

    @property
    def distribution(self) -> dict[str, Fraction]:
        """The lost fractions' least, median, 90th percentile (nearest rank), worst and
        mean, exact."""
        lost = sorted(s.lost for s in self.scenarios)
        n = len(lost)

        def rank(p: int) -> Fraction:
            return lost[max(0, -(-p * n // 100) - 1)]

        return {"min": lost[0], "median": rank(50), "p90": rank(90), "max": lost[-1],
                "mean": sum(lost, Fraction(0)) / n}

    def __repr__(self) -> str:
        d = self.distribution
        return (f"ScenarioImpact({self.collective.value} on {self.topology[:60]}, "
                f"{len(self.scenarios)} scenario(s){' sampled' if self.sampled else ''}, "
                f"lost median {float(d['median']):.2%}, worst {float(d['max']):.2%})")

    def _repr_html_(self) -> str:
        d = self.distribution
        rows = [("network", self.topology),
                ("optimum", f"{fraction_display(self.algbw)} {self.units}"),
                ("scenarios", f"{len(self.scenarios)}" + (f" drawn with seed {self.seed}"
                                                          if self.sampled else "")),
                ("lost", ", ".join(f"{k} {float(v):.2%}" for k, v in d.items()))]
        return html_summary(f"ScenarioImpact · {self.collective.value}", rows,
                            table=self.to_pandas().head(20).to_html(index=False))

    def to_pandas(self) -> Any:
        """One row per scenario: failures (ids joined by ``,``), algbw and lost as floats
        beside their exact values, status, note."""
        return data_frame(({
            "failures": ",".join(s.failures), **exact_cells("algbw", s.algbw),
            **exact_cells("lost", s.lost), "status": s.status, "note": s.note,
        } for s in self.scenarios), {
            "failures": "text", "algbw": "number", "algbw_exact": "exact", "lost": "number",
            "lost_exact": "exact", "status": "text", "note": "text"})

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON values (exact numbers as ``"p/q"`` text)."""
        return {"collective": self.collective.value, "topology": self.topology,
                "algbw": fraction_text(self.algbw), "sampled": self.sampled, "seed": self.seed,
                "distribution": {k: fraction_text(v) for k, v in self.distribution.items()},
                "scenarios": [{"failures": list(s.failures), "algbw": fraction_text(s.algbw),
                               "lost": fraction_text(s.lost), "status": s.status,
                               "note": s.note} for s in self.scenarios]}


def draw_scenarios(topology: Topology, sample: int, failures: int, *, seed: int = 0,
                   kinds: Iterable[str] = ("link",)) -> list[tuple[str, ...]]:
    """``sample`` scenarios of ``failures`` distinct single failures of ``kinds`` each,
    drawn with ``random.Random(seed)`` from the failures in
    :func:`~forestcoll_opt.model.faults.failures` order.

    :raises UsageError: for a sample or a count out of range"""
    pool = [f.id for f in all_failures(topology, tuple(kinds))]
    if not 1 <= sample <= MAX_SAMPLE:
        raise UsageError(f"sample= must be between 1 and {MAX_SAMPLE}, got {sample}",
                         options=("sample",))
    if not 1 <= failures <= len(pool):
        raise UsageError(f"failures= must be between 1 and {len(pool)} (the failures of "
                         f"{', '.join(kinds)} in {topology.name!r}), got {failures}",
                         options=("failures",))
    rng = random.Random(seed)
    return [tuple(rng.sample(pool, failures)) for _ in range(sample)]


def scenario_impact(topology: Topology, scenarios: Sequence[Sequence[str] | str] | None = None,
                    *, sample: int | None = None, failures: int = 1, seed: int = 0,
                    kinds: Iterable[str] = ("link",), collective: "Collective | str" =
                    "allgather", root: str | None = None,
                    kernel: str | None = None) -> ScenarioImpact:
    """What simultaneous failures cost (module docstring).

    :param topology: the intact network
    :param scenarios: each a failure id or a list of ids failing together (``ID=KEEP``
        for a degraded link or NIC); None with ``sample``
    :param sample: draw this many scenarios instead (:func:`draw_scenarios`)
    :param failures: with ``sample``: the parts failing together in each
    :param seed: with ``sample``: the seed of the draw
    :param kinds: with ``sample``: the kinds of parts drawn (:data:`KINDS`)
    :param collective: a collective with a cut bound, or allreduce (its tree optimum)
    :param root: the root of broadcast/reduce
    :param kernel: the max-flow kernel; None for the fastest installed
    :returns: the scenarios and the distribution of their losses
    :raises UsageError: for neither or both of ``scenarios`` and ``sample``
    :raises FailureError: for an id that names no part
    """
    start = time.perf_counter()
    if (scenarios is None) == (sample is None):
        raise UsageError("give scenarios= (lists of failure ids failing together) or "
                         "sample= (how many random scenarios to draw), one of the two",
                         options=("scenarios", "sample"))
    member = _member(topology, collective, root)
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise UsageError(f"unknown kind of failure {unknown[0]!r}; use {', '.join(KINDS)}")
    sets = (draw_scenarios(topology, sample, failures, seed=seed, kinds=kinds)
            if sample is not None else
            [(s,) if isinstance(s, str) else tuple(s) for s in scenarios])
    if not sets:
        raise UsageError("scenarios= is empty; give at least one list of failure ids",
                         options=("scenarios",))
    intact, _ = _bound_cuts(topology, member, root, kernel)
    rows = []
    for ids in sets:
        parts = parse_failures(topology, ids)
        algbw, status, note, _ = _after_failure(topology, parts, member, root, kernel)
        rows.append(Scenario(tuple(p.id for p in parts), algbw, 1 - algbw / intact, status,
                             note))
    return ScenarioImpact(collective=member, topology=topology.name, units=topology.units,
                          algbw=intact, scenarios=tuple(rows), sampled=sample is not None,
                          seed=seed if sample is not None else None,
                          seconds=time.perf_counter() - start)
