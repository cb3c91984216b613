"""What every LP of :mod:`forestcoll_opt.lp` returns: :class:`LPResult`, the optimum as a
certified interval with the model's size and timings. The allreduce (or allgather) LP
returns its subclass :class:`~forestcoll_opt.lp.solver.AllreduceLPResult` (rates per root,
link splits), the all-to-all LP :class:`~forestcoll_opt.lp.alltoall.AlltoallLPResult`
(demand, length function); :func:`~forestcoll_opt.lp.solver.solve` returns either, as an
:class:`LPResult`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model.collective import Collective

__all__ = ["CertifiedInterval", "LPResult"]


class CertifiedInterval:
    """What a certified result derives from its exact ``lower`` and ``upper`` values (a
    mixin of :class:`LPResult` and of the concurrent-groups result; no state of its own)."""

    lower: Fraction
    upper: Fraction

    @property
    def gap(self) -> Fraction:
        """(upper - lower) / upper, exact (0 when upper is 0)."""
        return (self.upper - self.lower) / self.upper if self.upper else Fraction(0)

    @property
    def interval(self) -> tuple[Fraction, Fraction]:
        """(``lower``, ``upper``)."""
        return (self.lower, self.upper)

    @property
    def exact(self) -> bool:
        """Whether the optimum is known exactly (``lower == upper``)."""
        return self.lower == self.upper


@dataclass(frozen=True, kw_only=True)
class LPResult(CertifiedInterval):
    """An LP optimum as a certified interval: ``lower`` and ``upper`` are exact values in
    topology units with ``lower <= LP optimum <= upper`` (``lower`` the objective of an
    exactly feasible point, ``upper`` of an exactly dual-feasible one).

    :ivar collective: the collective of the LP (a :class:`Collective`)
    :ivar topology: the topology's name
    :ivar units: the topology's bandwidth unit, the unit of every bandwidth here
    :ivar algbw: HiGHS's optimal objective, the binary float it reported held exactly as a
        :class:`~fractions.Fraction` (``float(algbw)`` is HiGHS's number): within
        :attr:`tolerance` of the LP optimum, which lies in [``lower``, ``upper``]. A result
        exists only when HiGHS proved optimality; anything else raises an
        :class:`~forestcoll_opt.errors.LPError`.
    :ivar lower: an exact value at or below the LP optimum
    :ivar upper: an exact value at or above the LP optimum
    :ivar reference: R, the power of two of bandwidth the model was solved in
    :ivar variables: the model's number of variables (columns)
    :ivar constraints: its number of constraints (rows)
    :ivar build_seconds: seconds to build the model
    :ivar solve_seconds: seconds in HiGHS (and cut separation)
    :ivar certify_seconds: seconds to certify the interval
    """

    collective: Collective
    topology: str
    units: str
    algbw: Fraction
    lower: Fraction
    upper: Fraction
    reference: Fraction
    variables: int
    constraints: int
    build_seconds: float
    solve_seconds: float
    certify_seconds: float

    @property
    def tolerance(self) -> float:
        """Relative width of the smallest range holding ``algbw``, ``lower`` and ``upper``:
        ``algbw`` is within this (relative) of the true LP optimum."""
        algbw = float(self.algbw)
        hi = max(float(self.upper), algbw)
        lo = min(float(self.lower), algbw)
        return (hi - lo) / hi if hi > 0 else 0.0

    def share(self, algbw: Fraction) -> tuple[Fraction, Fraction]:
        """What fraction of the LP optimum ``algbw`` is: at least ``algbw / upper``, at
        most ``algbw / lower`` (the optimum lies in [``lower``, ``upper``]).

        :param algbw: an exact algbw in topology units, e.g. the tree bound's
        :returns: (``algbw / upper``, ``algbw / lower``)
        """
        return algbw / self.upper, algbw / self.lower

    @property
    def seconds(self) -> float:
        """Seconds to build, solve and certify."""
        return self.build_seconds + self.solve_seconds + self.certify_seconds
