"""One point of the depth front: the best algbw of trees of depth at most h, as a certified
interval, by column generation over weighted trees (:mod:`.master`) priced by the depth MILP
(:mod:`.pricing`).

The problem is an LP over every tree of depth <= h with a route per edge (weights are
continuous, so no branching is ever needed on them); its columns are too many to write, so
the master holds some and the MILP finds, for every root, the cheapest tree under the
master's link duals μ. Two exact values come out:

* **lower** — the master's weights rationalised, every root's weights summed to 1 exactly,
  and the algbw of that schedule computed from its exact link loads (the caller re-checks it
  with the independent verifier);
* **upper** — Lagrange's bound: for any μ >= 0 with Σ μ_e = 1, every schedule has
  λ >= Σ_r min_T Σ_e μ_e s_e uses_T(e) (weigh each link row by μ_e and add), so
  algbw <= N·b_max / Σ_r C_r with C_r the cheapest depth-h tree of root r at the prices μ
  (exact rationals). C_r is the exact price of the tree the MILP returns when HiGHS proves
  it optimal (gap 0); otherwise HiGHS's dual bound, shrunk. At depth 1 the only tree is the
  star and C_r is exact without a MILP (cheapest routes, Dijkstra on rationals).

At an optimum of the master with every root's MILP finding nothing cheaper than its dual,
the two meet: lower = upper when the rationalised primal and dual are the exact optimal
vertex (they are tried at growing denominators).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from .fold import folded_points
from .master import Master
from .network import Column, Network
from .vertex import solve_exact
from .pricing import PricingSolver, build_pricing, exact_bound, greedy, star

__all__ = ["DepthSolve", "hop_depth", "solve_depth"]

DENOMINATORS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 10**2, 10**3, 10**4, 10**5, 10**6, 10**7, 10**8)
REDUCED_TOLERANCE = 1e-9      # a column priced below its root's dual by less is no gain
MAX_ROUNDS = 500
WEIGHT_FLOOR = 1e-10           # HiGHS's weights below this are noise: dropped
MAX_K = 2**62                 # the largest k a schedule's counts hold, with room
ROUNDING = 2**40              # the denominator a vertex too fine for a schedule is rounded to


@dataclass
class DepthSolve:
    """What column generation found at one depth.

    :ivar depth: h
    :ivar weights: column -> exact weight, every root's summing to 1 (the incumbent)
    :ivar lam: the incumbent's exact λ (max over links of load / bandwidth)
    :ivar lower_algbw: N / lam
    :ivar upper_algbw: the best Lagrange bound found, or None (no pricing round finished)
    :ivar proven: every MILP behind ``upper_algbw`` was proven optimal
    :ivar rounds: master solves
    :ivar milps: pricing MILPs solved
    :ivar stopped: why it stopped: "converged", "time limit", "rounds"
    """

    depth: int
    weights: dict[Column, Fraction]
    lam: Fraction
    lower_algbw: Fraction
    upper_algbw: Fraction | None
    proven: bool
    rounds: int
    milps: int
    stopped: str


def hop_depth(network: Network, roots: Sequence[str]) -> int | None:
    """The least depth at which every root reaches every compute node (hops of one-hop
    routes), or None when some node is unreachable at any depth.

    :param network: the network
    :param roots: the roots
    :returns: the largest over roots of the deepest breadth-first level
    """
    pairs = network.routes({e: Fraction(1) for e in network.capacity})
    succ: dict[str, list[str]] = {}
    for (u, v) in pairs:
        succ.setdefault(u, []).append(v)
    worst = 0
    for r in roots:
        level = {r: 0}
        frontier = [r]
        while frontier:
            nxt = []
            for u in frontier:
                for v in succ.get(u, ()):
                    if v not in level:
                        level[v] = level[u] + 1
                        nxt.append(v)
            frontier = nxt
        if len(level) < len(network.compute):
            return None
        worst = max(worst, max(level.values()))
    return worst


def _column(network: Network, root: str, parent: Mapping[str, str],
            routes: Mapping[tuple[str, str], tuple[object, tuple[str, ...]]]) -> Column:
    return Column.of(root, {v: (u, routes[(u, v)][1]) for v, u in parent.items()},
                     network.order)


def _rationalise(master: Master, weights, roots: Sequence[str], search: bool = True
                 ) -> tuple[dict[Column, Fraction], Fraction]:
    """The master's float weights as exact ones (every root's summing to 1), at the
    denominator giving the least exact λ (then the least common denominator k, which must
    fit a schedule's counts): HiGHS's weights rounded, its vertex re-solved exactly, and
    the vertex folded over automorphisms (:mod:`.fold`), with a search for a small k at
    the folded λ when ``search``."""
    best: tuple[Fraction, int, dict[Column, Fraction]] | None = None
    cap = master.network.capacity
    for limit in DENOMINATORS:
        chosen: dict[Column, Fraction] = {}
        total: dict[str, Fraction] = {r: Fraction(0) for r in roots}
        for col, w in zip(master.columns, weights):
            q = Fraction(float(w)).limit_denominator(limit) if w > WEIGHT_FLOOR else 0
            if q > 0:
                chosen[col] = q
                total[col.root] += q
        if any(t == 0 for t in total.values()):
            continue
        load: dict[tuple[str, str], Fraction] = {}
        k = 1
        for col, q in chosen.items():
            q = q / total[col.root]
            chosen[col] = q
            k = math.lcm(k, q.denominator)
            for e, n in col.load:
                load[e] = load.get(e, Fraction(0)) + q * n
        if k > MAX_K:
            continue
        lam = max(l / cap[e] for e, l in load.items())
        if best is None or (lam, k) < best[:2]:
            best = (lam, k, chosen)
    for vertex in (_basis_vertex(master, roots), _vertex(master, weights, roots)):
        if vertex is not None and (best is None or vertex[:2] < best[:2]):
            best = vertex
    for vertex in folded_points(master.network, master.scale, roots, master.columns,
                                weights, lambda chosen: _exact_point(master, roots, chosen),
                                search=search):
        if best is None or vertex[:2] < best[:2]:
            best = vertex
    assert best is not None
    return best[2], best[0]


def _basis_vertex(master: Master, roots: Sequence[str]
                  ) -> tuple[Fraction, int, dict[Column, Fraction]] | None:
    """HiGHS's optimal basis solved exactly: its basic columns (weights and λ) from the
    root rows and the link rows whose slack is not basic (a square, non-singular system)."""
    basis = master.basis()
    if basis is None:
        return None
    basic, tight = basis
    index = {j: i for i, j in enumerate(basic)}       # master column -> unknown
    rows, rhs = [], []
    for r in roots:
        rows.append({index[j + 1]: Fraction(1) for j, c in enumerate(master.columns)
                     if c.root == r and j + 1 in index})
        rhs.append(Fraction(1))
    links = master.network.links
    tight_row: dict[tuple[str, str], dict[int, Fraction]] = {
        links[i]: ({index[0]: Fraction(-1)} if 0 in index else {}) for i in tight}
    for j, c in enumerate(master.columns):
        if j + 1 in index:
            for e, n in c.load:
                if e in tight_row:
                    tight_row[e][index[j + 1]] = n * master.scale[e]
    for row in tight_row.values():
        rows.append(row)
        rhs.append(Fraction(0))
    x = solve_exact(rows, rhs, [Fraction(0)] * len(basic))
    if x is None:
        return None
    chosen = {master.columns[j - 1]: x[i] for j, i in index.items() if j > 0}
    return _exact_point(master, roots, chosen) or _exact_point(master, roots, _rounded(chosen))


def _rounded(chosen: dict[Column, Fraction]) -> dict[Column, Fraction]:
    """Exact weights whose common denominator is too large for a schedule, rounded down to
    multiples of 1/ROUNDING (each root's remainder to its heaviest tree, so that every root
    still sums to 1): a schedule within about N/ROUNDING of the vertex's λ, not at it."""
    out: dict[Column, Fraction] = {}
    spare: dict[str, Fraction] = {}
    heaviest: dict[str, Column] = {}
    for c, v in chosen.items():
        if v < 0:
            return chosen
        q = Fraction(math.floor(v * ROUNDING), ROUNDING)
        out[c] = q
        spare[c.root] = spare.get(c.root, Fraction(1)) - q
        if c.root not in heaviest or v > chosen[heaviest[c.root]]:
            heaviest[c.root] = c
    for r, c in heaviest.items():
        out[c] += spare[r]
    return out


def _exact_point(master: Master, roots: Sequence[str], chosen: dict[Column, Fraction]
                 ) -> tuple[Fraction, int, dict[Column, Fraction]] | None:
    """(λ, k, weights) of exact weights, or None unless every weight is >= 0, every root's
    sum 1 and k fits a schedule."""
    if any(v < 0 for v in chosen.values()):
        return None
    chosen = {c: v for c, v in chosen.items() if v > 0}
    cap = master.network.capacity
    exact: dict[tuple[str, str], Fraction] = {}
    k = 1
    for c, v in chosen.items():
        k = math.lcm(k, v.denominator)
        for e, n in c.load:
            exact[e] = exact.get(e, Fraction(0)) + v * n
    if k > MAX_K or any(sum((v for c, v in chosen.items() if c.root == r), Fraction(0)) != 1
                        for r in roots):
        return None
    return max(l / cap[e] for e, l in exact.items()), k, chosen


def _vertex(master: Master, weights, roots: Sequence[str]
            ) -> tuple[Fraction, int, dict[Column, Fraction]] | None:
    """The master's vertex re-solved exactly (:mod:`.vertex`): the columns HiGHS weighs,
    every root's weights summing to 1 and every link row tight at HiGHS's optimum tight."""
    cap = master.network.capacity
    support = [j for j, w in enumerate(weights) if w > WEIGHT_FLOOR]
    cols = [master.columns[j] for j in support]
    load: dict[tuple[str, str], float] = {}
    for j in support:
        for e, n in master.columns[j].load:
            load[e] = load.get(e, 0.0) + float(weights[j]) * n * float(master.scale[e])
    lam = max(load.values())
    tight = [e for e, v in load.items() if v >= lam * (1 - 1e-7)]
    unknowns = len(cols) + 1                     # the weights, then λ' = λ·b_max
    rows, rhs = [], []
    for r in roots:
        rows.append({i: Fraction(1) for i, c in enumerate(cols) if c.root == r})
        rhs.append(Fraction(1))
    tight_row = {e: {unknowns - 1: Fraction(-1)} for e in tight}
    for i, c in enumerate(cols):
        for e, n in c.load:
            if e in tight_row:
                tight_row[e][i] = n * master.scale[e]
    for e in tight:
        rows.append(tight_row[e])
        rhs.append(Fraction(0))
    guess = [Fraction(float(weights[j])).limit_denominator(10**4) for j in support] + \
        [Fraction(lam).limit_denominator(10**4)]
    x = solve_exact(rows, rhs, guess)
    if x is None:
        return None
    return _exact_point(master, roots, dict(zip(cols, x)))


def _exact_duals(master: Master, mu: Mapping[tuple[str, str], float]
                 ) -> dict[tuple[str, str], Fraction]:
    """HiGHS's link duals as exact ones summing to 1: the rounding whose restricted dual
    value (Σ over roots of the cheapest column in the master, in floats) is largest. Any
    choice gives a valid bound; the best one closes the interval."""
    best, best_value = None, None
    for limit in DENOMINATORS:
        q = {e: Fraction(m).limit_denominator(limit) for e, m in mu.items()}
        total = sum(q.values())
        if total <= 0:
            continue
        q = {e: v / total for e, v in q.items()}
        price = {e: float(p) for e, p in master.price(q).items()}
        cheapest: dict[str, float] = {}
        for col in master.columns:
            p = sum(price[e] * n for e, n in col.load)
            if col.root not in cheapest or p < cheapest[col.root]:
                cheapest[col.root] = p
        value = sum(cheapest.values())
        if best_value is None or value > best_value * (1 + 1e-12):
            best, best_value = q, value
    assert best is not None
    return best


def _milps(network: Network, roots: Sequence[str], depth: int,
           price: Mapping[tuple[str, str], float],
           solvers: dict[tuple[str, int], PricingSolver], deadline: float | None,
           starts: Mapping[str, Mapping[str, str]] | None = None) -> list:
    """Every root's depth MILP at ``price`` (scaled near 1), until the deadline, each
    started from its tree in ``starts`` if any."""
    out = []
    names = network.topology.node_ids
    for r in roots:
        key = (r, depth)
        if key not in solvers:
            solvers[key] = PricingSolver(build_pricing(names, network.compute, r, depth, price))
        got = solvers[key].solve(price, deadline, (starts or {}).get(r))
        if got is None:
            break
        out.append(got)
    return out


def _lagrange(network: Network, master: Master, depth: int,
              mu: Mapping[tuple[str, str], float],
              solvers: dict[tuple[str, int], PricingSolver], deadline: float | None
              ) -> tuple[Fraction | None, bool, int]:
    """Lagrange's bound N·b_max / Σ_r C_r at exact duals (module docstring): (the bound or
    None when a MILP ran out of time, whether every MILP was proven, MILPs solved)."""
    roots = master.roots
    exact_mu = _exact_duals(master, mu)
    xprice = master.price(exact_mu)
    xroutes = network.routes(xprice)
    if depth == 1:
        total = sum((xroutes[(r, v)][0] for r in roots for v in network.compute if v != r),
                    Fraction(0))
        used, proven = 0, True
    else:
        top = max((c for c, _ in xroutes.values()), default=Fraction(1)) or Fraction(1)
        scaled = {p: float(c / top) for p, (c, _) in xroutes.items()}
        got_all = _milps(network, roots, depth, scaled, solvers, deadline)
        used = len(got_all)
        if used < len(roots):
            return None, False, used
        total, proven = Fraction(0), True
        for r, got in zip(roots, got_all):
            exact = network.column_price(_column(network, r, got.parent, xroutes), xprice)
            if got.proven:
                total += exact
            else:
                proven = False
                total += min(exact, exact_bound(got.bound, top))
    if total <= 0:
        return None, proven, used
    return len(network.compute) * master.bmax / total, proven, used


def solve_depth(network: Network, master: Master, depth: int, *,
                deadline: float | None = None,
                solvers: dict[tuple[str, int], PricingSolver] | None = None,
                ceiling: Fraction | None = None) -> DepthSolve:
    """Column generation at depth ``depth`` on a master already holding valid columns (of
    depth <= ``depth``; at least one per root).

    :param network: the network
    :param master: the master LP (kept: its columns serve the next depth)
    :param depth: h >= 1
    :param deadline: ``time.perf_counter()`` value to stop at, or None
    :param solvers: cache of pricing MILPs per (root, depth), filled here
    :param ceiling: the cut bound: a master reaching it (in floats, then exactly) stops
        without pricing, the bound being its certificate
    :returns: the incumbent and the best bound found
    """
    roots = master.roots
    n = len(network.compute)
    solvers = {} if solvers is None else solvers
    upper: Fraction | None = None
    proven_upper = True
    rounds = milps = 0
    stopped = "converged"
    while True:
        rounds += 1
        lam, weights, mu, pi = master.solve()
        if deadline is not None and time.perf_counter() > deadline:
            stopped = "time limit"
            break
        if rounds > MAX_ROUNDS:
            stopped = "rounds"
            break
        if ceiling is not None and n * float(master.bmax) / lam >= float(ceiling) * (1 - 1e-9):
            chosen, lam_exact = _rationalise(master, weights, roots)
            if n / lam_exact == ceiling:
                return DepthSolve(depth, chosen, lam_exact, ceiling, None, True, rounds,
                                  milps, "converged")
        fprice = master.price(mu)
        routes = network.routes(fprice)
        pair = {p: c for p, (c, _) in routes.items()}
        added = 0
        heuristic: dict[str, dict[str, str]] = {}
        for r in roots:
            tree = star(r, network.compute) if depth == 1 else \
                greedy(r, network.compute, depth, pair)
            if tree is None:
                continue
            heuristic[r] = tree
            cost = sum(pair[(u, v)] for v, u in tree.items())
            if cost < pi[r] - REDUCED_TOLERANCE * max(1.0, abs(pi[r])):
                added += master.add(_column(network, r, tree, routes))
        if added:
            continue
        # the MILP at HiGHS's duals: columns the heuristic missed
        if depth > 1:
            top = max(pair.values(), default=1.0) or 1.0
            scaled = {p: c / top for p, c in pair.items()}
            got_all = _milps(network, roots, depth, scaled, solvers, deadline, heuristic)
            milps += len(got_all)
            if len(got_all) < len(roots):
                stopped = "time limit"
                break
            for r, got in zip(roots, got_all):
                cost = sum(pair[(u, v)] for v, u in got.parent.items())
                if cost < pi[r] - REDUCED_TOLERANCE * max(1.0, abs(pi[r])):
                    added += master.add(_column(network, r, got.parent, routes))
            if added:
                continue
        # no column prices below its root's dual: the master is optimal; Lagrange's bound
        # at exact duals certifies it
        bound, proven, used = _lagrange(network, master, depth, mu, solvers, deadline)
        milps += used
        if bound is not None and (upper is None or bound < upper):
            upper, proven_upper = bound, proven
        if bound is None:
            stopped = "time limit"
        break
    chosen, lam_exact = _rationalise(master, weights, roots, stopped == "converged")
    return DepthSolve(depth, chosen, lam_exact, n / lam_exact, upper, proven_upper,
                      rounds, milps, stopped)
