"""The HiGHS session behind the allreduce LP (the paper's appendix "Allreduce Linear
Program"): the PuLP model of :mod:`forestcoll_opt.lp.model` handed to HiGHS (highspy) once,
cut rows appended between rounds and each round re-solved warm.

Every HiGHS call's status is checked (an error is :class:`LPSolverError`), and a solution
is accepted only when HiGHS's *model* status is optimal. (PuLP's own HiGHS interface maps
time limits and interrupts to "Optimal" and only its solution status tells; reading HiGHS
directly avoids that trap.)
"""

from __future__ import annotations

import logging
import math
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Any, Iterator

import numpy as np
import pulp

from ..errors import LPError, LPInfeasibleError, LPNotOptimalError, LPSolverError, LPUnboundedError
from .model import LPModel

__all__ = ["FEASIBILITY_TOLERANCE", "HighsSession", "check_time_limit", "native_stdout_to_log"]

FEASIBILITY_TOLERANCE = 1e-7   # HiGHS primal/dual feasibility tolerance (model near 1)

_log = logging.getLogger(__name__)


@contextmanager
def native_stdout_to_log() -> Iterator[None]:
    """Keep what compiled code writes to the process's standard output (file descriptor 1)
    off it: HiGHS from 1.16 prints a banner there when a solver is created, before any option
    can turn it off, which would corrupt ``--json`` output and notebooks. The text goes to
    this module's logger at DEBUG level instead. Python's own ``sys.stdout`` is flushed first
    so nothing already written moves. The redirection is process-wide while it lasts.

    A context manager: ``with native_stdout_to_log(): ...``.
    """
    fd = 1                   # C's stdout, whatever Python's sys.stdout is
    try:
        saved = os.dup(fd)
    except OSError:          # no descriptor 1 at all: nothing can reach it
        yield
        return
    try:
        for stream in (sys.stdout, sys.__stdout__):
            if stream is not None:
                stream.flush()
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), fd)
            try:
                yield
            finally:
                os.dup2(saved, fd)
                sink.seek(0)
                text = sink.read(65536).decode("utf-8", "replace").strip()
                if text:
                    _log.debug("HiGHS wrote to standard output: %s", text)
    finally:
        os.close(saved)


def check_time_limit(time_limit: Any) -> float | None:
    """A time limit in seconds as HiGHS takes it.

    :param time_limit: a positive finite number, or None for no limit
    :returns: it as a float, or None
    :raises LPError: for anything else
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
            not math.isfinite(time_limit) or time_limit <= 0:
        raise LPError(f"time_limit {time_limit!r}: give a positive, finite number of seconds "
                      f"(or None for no limit)")
    return float(time_limit)


class HighsSession:
    """The model handed to HiGHS (highspy) once; rows added later (cuts) are appended and
    each round re-solves warm from the previous basis. Every call's status is checked.

    :param m: the model from :func:`~forestcoll_opt.lp.model.build_model`
    :param time_limit: seconds for all the solves together, or None
    :raises LPSolverError: when highspy does not import or rejects the model
    :raises LPError: when the PuLP model holds constraints not added through the model
    """

    def __init__(self, m: LPModel, time_limit: float | None) -> None:
        try:
            import highspy
        except ImportError as exc:
            raise LPSolverError(
                f"highspy does not import here ({' '.join(str(exc).split())[:200]}); if "
                f"OR-Tools was imported first in this process, its bundled HiGHS differs from "
                f"highspy's: import highspy first, or pip install 'forestcoll-opt[ortools]' "
                f"for a matching pair") from None

        self.hs = highspy
        self.m = m
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        with native_stdout_to_log():
            self.h = highspy.Highs()
            self._set("output_flag", False)
        self._set("primal_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        self._set("dual_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        if m.lp.numConstraints() != len(m.rows):
            raise LPError(f"{m.where()}: the PuLP model has {m.lp.numConstraints()} "
                          f"constraints but {len(m.rows)} were added with "
                          f"LPModel.add_constraint; add every constraint that way")
        self.columns = m.lp.variables()
        self.col = {v.name: i for i, v in enumerate(self.columns)}
        inf = highspy.kHighsInf
        lower = np.array([-inf if v.lowBound is None else v.lowBound for v in self.columns],
                         dtype=float)
        upper = np.array([inf if v.upBound is None else v.upBound for v in self.columns],
                         dtype=float)
        self._check(self.h.addVars(len(self.columns), lower, upper), "addVars")
        objective = m.lp.objective
        idx = np.array([self.col[v.name] for v in objective.keys()], dtype=np.int32)
        sign = -1.0 if m.lp.sense == pulp.LpMaximize else 1.0
        costs = np.array([sign * float(c) for c in objective.values()], dtype=float)
        self._check(self.h.changeColsCost(len(idx), idx, costs), "changeColsCost")
        self.sent = 0
        self.sync_rows()
        self.values = np.zeros(len(self.columns))
        self.row_duals = np.zeros(0)

    def _fail(self, what: str, status: Any) -> LPSolverError:
        return LPSolverError(
            f"HiGHS {what} returned {status} for {self.m.where()}; the model may hold "
            f"values HiGHS cannot take (check the topology's bandwidths) — if it persists, "
            f"try formulation='explicit' or report the topology")

    def _check(self, status: Any, what: str) -> None:
        """Model-building calls: an error or a warning (HiGHS changed our data) is fatal."""
        if status != self.hs.HighsStatus.kOk:
            raise self._fail(what, status)

    def _set(self, option: str, value: Any) -> None:
        self._check(self.h.setOptionValue(option, value), f"setOptionValue({option})")

    def sync_rows(self) -> None:
        """Send every constraint added to the model since the last call (own bookkeeping:
        ``LPModel.rows`` in insertion order, ``self.sent`` of them already sent).

        :raises LPSolverError: when HiGHS refuses or changes a row
        """
        inf = self.hs.kHighsInf
        rows = self.m.rows[self.sent:]
        if not rows:
            return
        starts, index, value, lower, upper = [], [], [], [], []
        for _name, c in rows:
            starts.append(len(index))
            for var, coef in c.items():
                if coef:
                    index.append(self.col[var.name])
                    value.append(float(coef))
            lb, ub = c.getLb(), c.getUb()
            lower.append(-inf if lb is None else float(lb))
            upper.append(inf if ub is None else float(ub))
        self._check(self.h.addRows(len(rows), np.array(lower, dtype=float),
                                   np.array(upper, dtype=float), len(index),
                                   np.array(starts, dtype=np.int32),
                                   np.array(index, dtype=np.int32),
                                   np.array(value, dtype=float)), "addRows")
        self.sent += len(rows)

    def run(self) -> None:
        """Solve; raise a typed error unless HiGHS proves optimality.

        :raises LPNotOptimalError: when the time limit is reached or HiGHS stops without a
            proven optimum
        :raises LPInfeasibleError: when HiGHS proves the model infeasible
        :raises LPUnboundedError: when HiGHS finds it unbounded
        :raises LPSolverError: when the HiGHS call fails
        """
        hs, m = self.hs, self.m
        if self.deadline is not None:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                raise self._not_optimal("time limit reached")
            # HiGHS compares its time limit with its run clock summed over all runs
            self._set("time_limit", float(self.h.getRunTime()) + left)
        status = self.h.run()
        if status == hs.HighsStatus.kError:
            raise self._fail("run", status)
        model = self.h.getModelStatus()
        if model == hs.HighsModelStatus.kInfeasible:
            raise LPInfeasibleError(f"{m.where()} is infeasible; the model was changed by "
                                    f"hand (the LP as built always has x = 0 feasible)")
        if model in (hs.HighsModelStatus.kUnbounded, hs.HighsModelStatus.kUnboundedOrInfeasible):
            raise LPUnboundedError(f"{m.where()} is unbounded (or infeasible); the model was "
                                   f"changed by hand (the LP as built is bounded by the "
                                   f"link capacities)")
        if model != hs.HighsModelStatus.kOptimal:
            raise self._not_optimal(f"model status {self.h.modelStatusToString(model)}")
        solution = self.h.getSolution()
        if not (solution.value_valid and solution.dual_valid):
            raise self._not_optimal("no valid primal and dual solution")
        self.values = np.asarray(solution.col_value, dtype=float)
        self.row_duals = np.asarray(solution.row_dual, dtype=float)

    def _not_optimal(self, why: str) -> LPNotOptimalError:
        return LPNotOptimalError(
            f"HiGHS did not prove {self.m.where()} optimal ({why}); raise the time limit "
            f"(time_limit=) or use a smaller topology", options=("time_limit",))

    def objective(self) -> float:
        """HiGHS's optimal objective of the last solve, for the maximisation, in units of R.

        :returns: the objective value
        """
        sign = -1.0 if self.m.lp.sense == pulp.LpMaximize else 1.0
        return sign * float(self.h.getInfo().objective_function_value)

    def value(self, var: Any) -> float:
        """A PuLP variable's value in the last solution (negative noise counted as 0; 0 for
        a variable in no row and not in the objective, which PuLP leaves out of the model).

        :param var: a variable of the model
        :returns: its value, in units of R
        """
        col = self.col.get(var.name)
        return 0.0 if col is None else max(0.0, float(self.values[col]))

    def dual(self, row: str) -> float:
        """The row's dual for the *maximisation*: >= 0 on a binding <= row, <= 0 on a
        binding >= row (HiGHS minimises the negated objective).

        :param row: the constraint's name
        :returns: its dual value in the last solution
        """
        return -float(self.row_duals[self.m.row_of[row]])
