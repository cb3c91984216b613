"""The master LP of the depth front: weighted trees of depth at most h, every root's weights
summing to 1, and the least congestion λ they can have (λ = max over links of load /
bandwidth; the rate of every root is then 1/λ, the algbw N/λ).

    minimise λ
    root_r:  Σ_{trees T of r} w_T = 1                        for every compute node r
    link_e:  Σ_T w_T · uses_T(e) · s_e - λ <= 0              for every link e

with ``s_e = b_max / b_e`` (λ in units of 1/b_max). Columns (trees with their routes) come
and go between solves (:mod:`.solve` adds those priced below their root's dual). The
duals give the prices the pricing MILP (:mod:`.pricing`) uses: μ_e >= 0 per link, Σ μ_e = 1
at an optimum, and π_r per root.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from ...errors import LPNotOptimalError, LPSolverError
from ..session import native_stdout_to_log
from .network import Column, Network

__all__ = ["Master"]


class Master:
    """The restricted master LP over the columns added so far (module docstring).

    :param network: the network
    :param roots: the compute nodes that root trees
    """

    def __init__(self, network: Network, roots: Sequence[str]) -> None:
        import highspy

        self.hs = highspy
        self.network = network
        self.roots = tuple(roots)
        bmax = max(network.capacity.values())
        self.bmax = bmax
        self.scale = {e: bmax / c for e, c in network.capacity.items()}
        self.link_row = {e: i for i, e in enumerate(network.links)}
        self.root_row = {r: len(network.links) + i for i, r in enumerate(self.roots)}
        self.columns: list[Column] = []
        self.seen: set[Column] = set()
        with native_stdout_to_log():
            self.h = highspy.Highs()
        self._ok(self.h.setOptionValue("output_flag", False), "setOptionValue")
        inf = highspy.kHighsInf
        nl, nr = len(network.links), len(self.roots)
        lower = np.array([-inf] * nl + [1.0] * nr)
        upper = np.array([0.0] * nl + [1.0] * nr)
        self._ok(self.h.addRows(nl + nr, lower, upper, 0, np.zeros(0, dtype=np.int32),
                                np.zeros(0, dtype=np.int32), np.zeros(0)), "addRows")
        # λ: cost 1, -1 in every link row
        self._ok(self.h.addCol(1.0, 0.0, inf, nl, np.arange(nl, dtype=np.int32),
                               -np.ones(nl)), "addCol")

    def _ok(self, status: Any, what: str) -> None:
        if status != self.hs.HighsStatus.kOk:
            raise LPSolverError(f"HiGHS {what} returned {status} for the depth front's master "
                                f"LP on {self.network.topology.name}; please report it")

    def add(self, column: Column) -> bool:
        """Add a column unless it is already there.

        :param column: the tree
        :returns: whether it was new
        """
        if column in self.seen:
            return False
        self.seen.add(column)
        self.columns.append(column)
        rows = [self.root_row[column.root]] + [self.link_row[e] for e, _ in column.load]
        vals = [1.0] + [float(n * self.scale[e]) for e, n in column.load]
        self._ok(self.h.addCol(0.0, 0.0, self.hs.kHighsInf, len(rows),
                               np.array(rows, dtype=np.int32), np.array(vals)), "addCol")
        return True

    def solve(self) -> tuple[float, np.ndarray, dict[tuple[str, str], float], dict[str, float]]:
        """Solve the restricted master.

        :returns: (λ in units of 1/b_max, the column weights, μ per link, π per root), floats
        :raises LPNotOptimalError: unless HiGHS proves it optimal (a root without a column
            makes it infeasible)
        """
        self.h.run()
        model = self.h.getModelStatus()
        if model != self.hs.HighsModelStatus.kOptimal:
            raise LPNotOptimalError(
                f"the depth front's master LP on {self.network.topology.name} ended with "
                f"{self.h.modelStatusToString(model)}; please report the topology")
        sol = self.h.getSolution()
        duals = np.asarray(sol.row_dual)
        values = np.asarray(sol.col_value)
        mu = {e: max(0.0, -float(duals[i])) for e, i in self.link_row.items()}
        pi = {r: float(duals[i]) for r, i in self.root_row.items()}
        return float(values[0]), values[1:].copy(), mu, pi

    def basis(self) -> tuple[list[int], list[int]] | None:
        """The last optimum's basis: (basic columns, as 0 for λ and 1 + i for column i;
        link rows whose slack is not basic, as indices into the links), or None without a
        valid basis."""
        b = self.h.getBasis()
        if not b.valid:
            return None
        basic = self.hs.HighsBasisStatus.kBasic
        cols = [j for j, st in enumerate(b.col_status) if st == basic]
        rows = [i for i, st in enumerate(list(b.row_status)[:len(self.network.links)])
                if st != basic]
        return cols, rows

    def price(self, mu: dict[tuple[str, str], Any]) -> dict[tuple[str, str], Any]:
        """Link prices for the pricing problem: μ_e · s_e (exact when μ is).

        :param mu: link -> dual
        :returns: link -> price of one use
        """
        return {e: m * (self.scale[e] if isinstance(m, Fraction) else float(self.scale[e]))
                for e, m in mu.items()}
