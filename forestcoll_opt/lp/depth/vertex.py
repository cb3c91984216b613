"""The master's optimal vertex in exact arithmetic: the column weights HiGHS reports, with
their support and the link rows they make tight, re-solved as a linear system over the
rationals (sparse Gauss–Jordan on Fractions, the shortest row as pivot). HiGHS's floats
only choose the system; its solution is exact, and the caller keeps it only if it is
feasible (weights >= 0) and computes its λ from the exact link loads."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

__all__ = ["solve_exact"]


def solve_exact(rows: Sequence[Mapping[int, Fraction]], rhs: Sequence[Fraction],
                guess: Sequence[Fraction]) -> list[Fraction] | None:
    """A solution of ``rows · x = rhs`` over the rationals; an unknown the equations leave
    free takes its value from ``guess``.

    :param rows: the matrix, one sparse row (unknown -> coefficient) per equation
    :param rhs: the right-hand sides
    :param guess: a value per unknown (HiGHS's, rationalised), for the free ones
    :returns: the solution, or None when the equations are inconsistent
    """
    work = [({c: v for c, v in r.items() if v != 0}, b) for r, b in zip(rows, rhs)]
    holding: dict[int, set[int]] = {}
    for i, (r, _) in enumerate(work):
        for c in r:
            holding.setdefault(c, set()).add(i)
    pivot_of: dict[int, int] = {}            # unknown -> the row that defines it
    done: set[int] = set()
    for col in sorted(holding):
        candidates = [i for i in holding.get(col, ()) if i not in done]
        if not candidates:
            continue
        p = min(candidates, key=lambda i: (len(work[i][0]), i))
        row, b = work[p]
        lead = row[col]
        row = {c: v / lead for c, v in row.items()}
        b = b / lead
        work[p] = (row, b)
        done.add(p)
        pivot_of[col] = p
        for i in list(holding.get(col, ())):
            if i == p:
                continue
            other, ob = work[i]
            f = other[col]
            for c, v in row.items():
                nv = other.get(c, Fraction(0)) - f * v
                if nv:
                    if c not in other:
                        holding.setdefault(c, set()).add(i)
                    other[c] = nv
                elif c in other:
                    del other[c]
                    holding[c].discard(i)
            work[i] = (other, ob - f * b)
    for i, (r, b) in enumerate(work):
        if i not in done and not r and b != 0:
            return None
    x = list(guess)
    free = [c for c in range(len(guess)) if c not in pivot_of]
    for col, p in pivot_of.items():
        row, b = work[p]
        x[col] = b - sum((v * x[c] for c, v in row.items() if c != col and c in free),
                         Fraction(0))
    return x
