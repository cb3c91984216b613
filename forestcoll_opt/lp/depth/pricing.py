"""The depth MILP: the cheapest tree of depth at most h from one root, every edge a one-hop
route priced by the links it uses (the pricing problem of the front's column generation,
:mod:`.solve`).

Variables (one per depth d = 1..h and ordered compute pair (u, v) with a one-hop route):
``a_d_u_v`` is 1 when v hangs from u at depth d (u is then at depth d - 1; at d = 1 only the
root is a parent, at d >= 2 the root is not). Rows:

* ``parent_v``: every compute node but the root has exactly one parent, at one depth;
* ``above_d_u_v`` (d >= 2): v hangs from u at depth d only if u sits at depth d - 1, i.e.
  has a parent at depth d - 1 itself (the facility-location form, per pair: the strong one).

Objective: Σ price(u, v) · a_d_u_v, the price of a pair being that of its cheapest one-hop
route. Any 0/1 point is a tree of depth <= h (a node's depth is the d of its parent
variable, one more than its parent's, so the parent chain strictly decreases to the root)
and every such tree is one; so its optimum is the cheapest depth-h tree.

Names use node indices (topology order): ``a_2_0_5`` is the edge from node 0 to node 5 at
depth 2. :func:`build_pricing` builds the PuLP model (written to ``models/``);
:class:`PricingSolver` hands it to HiGHS once and re-prices it between rounds. Depth 1 has
one tree per root (the root straight to every node) and needs no MILP
(:func:`star`)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

import numpy as np
import pulp

from ...errors import LPSolverError
from ..session import native_stdout_to_log

__all__ = ["PricingModel", "PricingSolver", "Priced", "build_pricing", "greedy", "star"]

INTEGRALITY_TOLERANCE = 1e-9


@dataclass
class PricingModel:
    """The depth-h pricing MILP of one root as built (module docstring).

    :ivar lp: the PuLP problem
    :ivar root: the root's node id
    :ivar depth: h
    :ivar names: node index -> node id (the names' numbers)
    :ivar edge: (d, u, v) -> its binary variable
    """

    lp: pulp.LpProblem
    root: str
    depth: int
    names: tuple[str, ...]
    edge: dict[tuple[int, str, str], Any] = field(default_factory=dict)


def build_pricing(names: Sequence[str], compute: Sequence[str], root: str, depth: int,
                  price: Mapping[tuple[str, str], float], *, title: str = "depth") -> PricingModel:
    """The pricing MILP of ``root`` at depth ``depth`` (module docstring).

    :param names: every node id in topology order (the numbers in variable names)
    :param compute: the compute nodes
    :param root: the root
    :param depth: h >= 1
    :param price: (u, v) -> the price of the pair's cheapest one-hop route; a pair missing
        here has no route and no variable
    :param title: the problem's name (PuLP's)
    :returns: the model
    """
    index = {v: i for i, v in enumerate(names)}
    lp = pulp.LpProblem(title, pulp.LpMinimize)
    m = PricingModel(lp, root, depth, tuple(names))
    others = [v for v in compute if v != root]
    for d in range(1, depth + 1):
        parents = [root] if d == 1 else others
        for u in parents:
            for v in others:
                if u != v and (u, v) in price:
                    m.edge[(d, u, v)] = lp.add_variable(
                        f"a_{d}_{index[u]}_{index[v]}", lowBound=0, upBound=1,
                        cat=pulp.LpBinary)
    lp += pulp.lpSum(price[(u, v)] * var for (d, u, v), var in m.edge.items())
    # parent_v: every node but the root has one parent, at one depth
    into: dict[str, list[Any]] = {v: [] for v in others}
    for (d, u, v), var in m.edge.items():
        into[v].append(var)
    for v in others:
        lp += pulp.lpSum(into[v]) == 1, f"parent_{index[v]}"
    # above_d_u_v: v hangs from u at depth d only if u sits at depth d - 1
    at: dict[tuple[int, str], list[Any]] = {}
    for (d, u, v), var in m.edge.items():
        at.setdefault((d, v), []).append(var)
    for (d, u, v), var in m.edge.items():
        if d >= 2:
            lp += var - pulp.lpSum(at.get((d - 1, u), [])) <= 0, \
                f"above_{d}_{index[u]}_{index[v]}"
    return m


@dataclass(frozen=True)
class Priced:
    """A pricing answer: the tree (child -> parent) and what HiGHS proved of the optimum.

    :ivar parent: child -> parent, every compute node but the root
    :ivar proven: HiGHS proved the tree optimal (its model status optimal, gap 0)
    :ivar bound: HiGHS's dual bound on the optimum, in the prices' units (float)
    """

    parent: dict[str, str]
    proven: bool
    bound: float


class PricingSolver:
    """A pricing MILP handed to HiGHS once; :meth:`solve` sets new prices and re-solves.

    :param m: the model from :func:`build_pricing`
    """

    def __init__(self, m: PricingModel) -> None:
        import highspy

        self.hs = highspy
        self.m = m
        with native_stdout_to_log():
            self.h = highspy.Highs()
        self._set("output_flag", False)
        self._set("mip_rel_gap", 0.0)
        self._set("mip_abs_gap", 0.0)
        self.keys = list(m.edge)
        self.col = {m.edge[k].name: i for i, k in enumerate(self.keys)}
        n = len(self.keys)
        inf = highspy.kHighsInf
        self._ok(self.h.addVars(n, np.zeros(n), np.ones(n)), "addVars")
        self._ok(self.h.changeColsIntegrality(
            n, np.arange(n, dtype=np.int32),
            np.array([highspy.HighsVarType.kInteger] * n)), "changeColsIntegrality")
        starts, index, value, lower, upper = [], [], [], [], []
        for c in m.lp.constraints():
            starts.append(len(index))
            for var, coef in c.items():
                index.append(self.col[var.name])
                value.append(float(coef))
            rhs = -float(c.constant)
            lower.append(rhs if c.sense in (pulp.LpConstraintEQ, pulp.LpConstraintGE) else -inf)
            upper.append(rhs if c.sense in (pulp.LpConstraintEQ, pulp.LpConstraintLE) else inf)
        self._ok(self.h.addRows(len(starts), np.array(lower), np.array(upper), len(index),
                                np.array(starts, dtype=np.int32),
                                np.array(index, dtype=np.int32), np.array(value)), "addRows")

    def _ok(self, status: Any, what: str) -> None:
        if status != self.hs.HighsStatus.kOk:
            raise LPSolverError(f"HiGHS {what} returned {status} for the depth-{self.m.depth} "
                                f"pricing MILP of {self.m.root}; please report the topology")

    def _set(self, option: str, value: Any) -> None:
        self._ok(self.h.setOptionValue(option, value), f"setOptionValue({option})")

    def solve(self, price: Mapping[tuple[str, str], float], deadline: float | None,
              start: Mapping[str, str] | None = None) -> Priced | None:
        """The cheapest depth-h tree under ``price``.

        :param price: (u, v) -> price of the pair (floats, scaled near 1)
        :param deadline: ``time.perf_counter()`` value to stop at, or None
        :param start: a tree of depth <= h (child -> parent) HiGHS starts from, or None
        :returns: the tree found with what is proven of it, or None when HiGHS found no
            tree before the deadline
        """
        costs = np.array([price[(u, v)] for (_, u, v) in self.keys])
        self._ok(self.h.changeColsCost(len(costs), np.arange(len(costs), dtype=np.int32),
                                       costs), "changeColsCost")
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self._set("time_limit", float(self.h.getRunTime()) + left)
        if start is not None:
            self._start(start)
        status = self.h.run()
        if status == self.hs.HighsStatus.kError:
            raise LPSolverError(f"HiGHS failed on the depth-{self.m.depth} pricing MILP of "
                                f"{self.m.root}; please report the topology")
        model = self.h.getModelStatus()
        solution = self.h.getSolution()
        if not solution.value_valid:
            return None
        values = solution.col_value
        parent = {}
        for i, (_, u, v) in enumerate(self.keys):
            if values[i] > 0.5:
                parent[v] = u
        info = self.h.getInfo()
        proven = model == self.hs.HighsModelStatus.kOptimal and \
            info.mip_gap <= INTEGRALITY_TOLERANCE
        bound = float(info.mip_dual_bound)
        if not math.isfinite(bound):
            bound = 0.0
        return Priced(parent, proven, bound)


    def _start(self, parent: Mapping[str, str]) -> None:
        """Hand HiGHS a feasible tree as its first incumbent (ignored if it is not one)."""
        level = {self.m.root: 0}

        def depth(v: str) -> int:
            if v not in level:
                level[v] = depth(parent[v]) + 1
            return level[v]

        values = np.zeros(len(self.keys))
        for i, (d, u, v) in enumerate(self.keys):
            if parent.get(v) == u and depth(v) == d:
                values[i] = 1.0
        sol = self.hs.HighsSolution()
        sol.col_value = list(values)
        self.h.setSolution(sol)


def star(root: str, compute: Sequence[str]) -> dict[str, str] | None:
    """The one tree of depth 1: the root straight to every other node.

    :param root: the root
    :param compute: the compute nodes
    :returns: child -> parent
    """
    return {v: root for v in compute if v != root}


def greedy(root: str, compute: Sequence[str], depth: int,
           price: Mapping[tuple[str, str], float]) -> dict[str, str] | None:
    """A cheap tree of depth at most ``depth`` (Prim's rule with a depth cap: join the node
    whose cheapest edge from a node above the cap is least). A heuristic: the MILP proves.

    :param root: the root
    :param compute: the compute nodes
    :param depth: h
    :param price: (u, v) -> price (missing: no route)
    :returns: child -> parent, or None when the rule strands a node
    """
    level = {root: 0}
    parent: dict[str, str] = {}
    best: dict[str, tuple[float, str]] = {}

    def offer(u: str) -> None:
        if level[u] >= depth:
            return
        for v in compute:
            if v not in level and (u, v) in price:
                p = price[(u, v)]
                if v not in best or p < best[v][0]:
                    best[v] = (p, u)

    offer(root)
    while len(level) < len(compute):
        if not best:
            return None
        v = min(best, key=lambda w: (best[w][0], compute.index(w)))
        _, u = best.pop(v)
        parent[v] = u
        level[v] = level[u] + 1
        offer(v)
    return improve(root, compute, depth, price, parent)


def improve(root: str, compute: Sequence[str], depth: int,
            price: Mapping[tuple[str, str], float], parent: dict[str, str]) -> dict[str, str]:
    """Local search on a tree: hang a node (with its subtree) from a cheaper parent while
    the depth allows, until no move gains.

    :param root: the root
    :param compute: the compute nodes
    :param depth: h
    :param price: (u, v) -> price (missing: no route)
    :param parent: child -> parent, changed in place
    :returns: ``parent``
    """
    for _ in range(4 * len(compute)):
        children: dict[str, list[str]] = {}
        for v, u in parent.items():
            children.setdefault(u, []).append(v)
        level = {root: 0}
        stack = [root]
        while stack:
            u = stack.pop()
            for c in children.get(u, ()):
                level[c] = level[u] + 1
                stack.append(c)
        height: dict[str, int] = {}
        for v in sorted(level, key=lambda w: -level[w]):
            height[v] = max((height[c] + 1 for c in children.get(v, ())), default=0)
        moved = False
        for v in compute:
            if v == root:
                continue
            below = {v}
            stack = [v]
            while stack:
                for c in children.get(stack.pop(), ()):
                    below.add(c)
                    stack.append(c)
            now = price[(parent[v], v)]
            best_u, best_p = None, now
            for u in compute:
                if u in below or (u, v) not in price:
                    continue
                if level[u] + 1 + height[v] <= depth and price[(u, v)] < best_p - 1e-15:
                    best_u, best_p = u, price[(u, v)]
            if best_u is not None:
                parent[v] = best_u
                moved = True
                break
        if not moved:
            break
    return parent


def exact_bound(bound: float, scale: Fraction) -> Fraction:
    """A float MILP dual bound as an exact value no larger than what it stands for (shrunk
    by HiGHS's feasibility tolerance, relative, then put back in exact price units).

    :param bound: HiGHS's dual bound on the scaled prices
    :param scale: exact price = float price × scale
    :returns: a Fraction at most the bound
    """
    return max(Fraction(0), Fraction(bound) * (1 - Fraction(1, 10**6))) * scale
