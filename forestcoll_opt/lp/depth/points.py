"""The front's values: one :class:`DepthPoint` per depth and the :class:`ParetoFront` they
make (built by :func:`.front.pareto`, and for allreduce by :mod:`.allreduce` from its two
phases' fronts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...display import data_frame, exact_cells, html_summary
from ...model.collective import Collective
from ...model.numbers import exact_json, fraction_display, fraction_text
from ...model.schedule import Schedule
from ..result import CertifiedInterval

__all__ = ["CERTIFICATES", "DepthPoint", "ParetoFront", "schedule_k"]

CERTIFICATES = ("cut bound", "star", "milp", "milp bound", "deeper", "unreachable")
"""What can prove a point's upper end (:attr:`DepthPoint.certificate`)."""


@dataclass(frozen=True, kw_only=True)
class DepthPoint(CertifiedInterval):
    """One depth of the front: the best algbw of trees of depth <= ``depth`` lies in
    [``lower``, ``upper``], both exact.

    :ivar depth: h, the largest number of tree edges (GPU hops) from a root to a node
    :ivar lower: the verified algbw of :attr:`schedule` (0 when no tree of that depth exists)
    :ivar upper: no schedule of depth <= h is faster
    :ivar certificate: what proves ``upper``: ``"cut bound"`` (the bottleneck cut),
        ``"star"`` (depth 1: Lagrange's bound with the star, no MILP), ``"milp"``
        (Lagrange's bound with every root's depth MILP proven optimal by HiGHS),
        ``"milp bound"`` (with HiGHS's dual bound of an unfinished MILP), ``"deeper"`` (a
        deeper point's upper), ``"unreachable"`` (some node is more than h hops away);
        for allreduce, the two phases' certificates joined by ``" + "`` (reduce-scatter
        first) where they differ
    :ivar schedule: the schedule behind ``lower`` (None when unreachable); ignored by ``==``
    :ivar schedule_depth: its own depth (<= ``depth``; smaller when a shallower schedule
        is the best found)
    :ivar columns: trees in the master when it stopped
    :ivar rounds: master LP solves
    :ivar milps: pricing MILPs solved
    :ivar stopped: ``"converged"``, ``"time limit"``, ``"rounds"`` or ``"not solved"``
        (the point's values came from its neighbours or the cut bound)
    :ivar seconds: wall-clock seconds spent on this depth
    """

    depth: int
    lower: Fraction
    upper: Fraction
    certificate: str
    schedule: Schedule | None = field(default=None, compare=False, repr=False)
    schedule_depth: int = 0
    columns: int = 0
    rounds: int = 0
    milps: int = 0
    stopped: str = "converged"
    seconds: float = field(default=0.0, compare=False)

    def __repr__(self) -> str:
        value = fraction_text(self.lower) if self.exact else \
            f"[{fraction_text(self.lower)}, {fraction_text(self.upper)}]"
        return f"DepthPoint(depth {self.depth}: algbw {value}, {self.certificate})"

    def _repr_html_(self) -> str:
        rows = [("algbw", fraction_display(self.lower) if self.exact else
                 f"[{fraction_display(self.lower)}, {fraction_display(self.upper)}]"),
                ("certificate", self.certificate),
                ("model", f"{self.columns} trees, {self.rounds} round(s), {self.milps} MILP(s)"),
                ("seconds", f"{self.seconds:.2f}")]
        return html_summary(f"DepthPoint · depth {self.depth}", rows)

    def to_dict(self) -> dict[str, Any]:
        """The point as JSON types (exact values with a float beside)."""
        return {"depth": self.depth, "lower": exact_json(self.lower),
                "upper": exact_json(self.upper), "exact": self.exact,
                "gap": exact_json(self.gap), "certificate": self.certificate,
                "schedule_depth": self.schedule_depth, "k": None if self.schedule is None
                else schedule_k(self.schedule), "trees": 0 if self.schedule is None
                else self.schedule.num_trees, "columns": self.columns,
                "rounds": self.rounds, "milps": self.milps, "stopped": self.stopped,
                "seconds": self.seconds}


@dataclass(frozen=True, kw_only=True)
class ParetoFront:
    """The throughput–depth front of one collective on one network.

    :ivar collective: allgather, reduce-scatter or allreduce (then every schedule is
        two-phase, :mod:`.allreduce`)
    :ivar topology: the topology's name
    :ivar units: its bandwidth unit
    :ivar bound: the exact bottleneck-cut bound (the best algbw at any depth)
    :ivar optimal_depth: the depth of ForestColl's throughput-optimal schedule (the front's
        last depth unless ``max_depth`` cut it short)
    :ivar points: one per depth 1, 2, ..., in order
    :ivar seconds: wall-clock seconds
    :ivar cpu_seconds: processor seconds of this process
    """

    collective: Collective
    topology: str
    units: str
    bound: Fraction
    optimal_depth: int
    points: tuple[DepthPoint, ...]
    seconds: float = field(compare=False)
    cpu_seconds: float = field(compare=False)

    @property
    def exact(self) -> bool:
        """Every point is exact (lower == upper)."""
        return all(p.exact for p in self.points)

    def point(self, depth: int) -> DepthPoint:
        """The point of depth ``depth``.

        :raises KeyError: when the front has no such depth
        """
        for p in self.points:
            if p.depth == depth:
                return p
        raise KeyError(f"the front has depths 1 to {len(self.points)}, not {depth}")

    def schedules(self) -> tuple[Schedule, ...]:
        """The distinct schedules of the front, shallowest first (each point's incumbent,
        a repeated one once): the candidates a latency model chooses among."""
        out: list[Schedule] = []
        for p in self.points:
            if p.schedule is not None and all(p.schedule is not s for s in out):
                out.append(p.schedule)
        return tuple(out)

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{p.depth}: {fraction_text(p.lower)}" if p.exact else
            f"{p.depth}: [{float(p.lower):.6g}, {float(p.upper):.6g}]" for p in self.points)
        text = (f"ParetoFront({self.collective} on {self.topology}, bound "
                f"{fraction_text(self.bound)} {self.units}, depth -> algbw {{{shown}}})")
        return text if len(text) < 290 else text[:280] + " ...})"

    def _repr_html_(self) -> str:
        rows = [("bound", f"{fraction_display(self.bound)} {self.units}"),
                ("optimal depth", str(self.optimal_depth)),
                ("exact", "every depth" if self.exact else
                 f"{sum(p.exact for p in self.points)} of {len(self.points)} depths"),
                ("seconds", f"{self.seconds:.2f} wall, {self.cpu_seconds:.2f} CPU")]
        table = self.to_pandas().to_html(index=False)
        return html_summary(f"ParetoFront · {self.collective} on {self.topology}", rows,
                            table=table, note=f"algbw in {self.units}; exact: .points")

    def to_pandas(self) -> Any:
        """One row per depth: ``depth``, ``lower``, ``upper``, ``share`` (lower / bound),
        floats with their ``_exact`` Fractions beside, ``exact``, ``certificate``, and the
        schedule's ``k`` (:func:`schedule_k`) and ``trees`` (None where unreachable).

        :returns: the DataFrame
        """
        rows = []
        for p in self.points:
            row: dict[str, Any] = {"depth": p.depth}
            row.update(exact_cells("lower", p.lower))
            row.update(exact_cells("upper", p.upper))
            row.update(exact_cells("share", p.lower / self.bound))
            row.update({"exact": p.exact, "certificate": p.certificate,
                        "k": None if p.schedule is None else schedule_k(p.schedule),
                        "trees": None if p.schedule is None else p.schedule.num_trees})
            rows.append(row)
        columns = {"depth": "count"}
        for name in ("lower", "upper", "share"):
            columns[name], columns[f"{name}_exact"] = "number", "exact"
        columns.update({"exact": "flag", "certificate": "text", "k": "count",
                        "trees": "count"})
        return data_frame(rows, columns)

    def to_dict(self) -> dict[str, Any]:
        """The front as JSON types (``forestcoll pareto --json``)."""
        return {"collective": self.collective.value, "topology": self.topology,
                "units": self.units, "bound": exact_json(self.bound),
                "optimal_depth": self.optimal_depth, "exact": self.exact,
                "points": [p.to_dict() for p in self.points],
                "seconds": self.seconds, "cpu_seconds": self.cpu_seconds}


def schedule_k(schedule: Schedule) -> int:
    """A front schedule's k: the common denominator of its tree weights (of both phases'
    for a two-phase allreduce, the parts a runtime splits the buffer into for both).

    :param schedule: the schedule
    :returns: k
    """
    if schedule.phases:
        k = 1
        for phase in schedule.phases:
            k = k * phase.k // _gcd(k, phase.k)
        return k
    return schedule.k


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
