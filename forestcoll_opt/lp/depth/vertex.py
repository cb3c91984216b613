"""The master's optimal vertex in exact arithmetic: the column weights HiGHS reports, with
their support and the link rows they make tight, re-solved as a linear system over the
rationals (Gauss–Jordan on Fractions). HiGHS's floats only choose the system; its
solution is exact, and the caller keeps it only if it is feasible (weights >= 0) and
computes its λ from the exact link loads."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

__all__ = ["solve_exact"]


def solve_exact(rows: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction],
                guess: Sequence[Fraction]) -> list[Fraction] | None:
    """A solution of ``rows · x = rhs`` over the rationals; a column the equations leave
    free takes its value from ``guess``.

    :param rows: the matrix, one list per equation
    :param rhs: the right-hand sides
    :param guess: a value per unknown (HiGHS's, rationalised), for the free ones
    :returns: the solution, or None when the equations are inconsistent
    """
    m = [list(r) + [b] for r, b in zip(rows, rhs)]
    n = len(guess)
    pivots: list[int] = []
    row = 0
    for col in range(n):
        pick = next((i for i in range(row, len(m)) if m[i][col] != 0), None)
        if pick is None:
            continue
        m[row], m[pick] = m[pick], m[row]
        lead = m[row][col]
        m[row] = [v / lead for v in m[row]]
        for i in range(len(m)):
            if i != row and m[i][col] != 0:
                f = m[i][col]
                m[i] = [a - f * b for a, b in zip(m[i], m[row])]
        pivots.append(col)
        row += 1
        if row == len(m):
            break
    for i in range(row, len(m)):
        if m[i][n] != 0:
            return None
    x = list(guess)
    free = [c for c in range(n) if c not in set(pivots)]
    for i, col in enumerate(pivots):
        x[col] = m[i][n] - sum((m[i][c] * x[c] for c in free), Fraction(0))
    return x
