"""Small k at the same optimum: the master's trees folded over a group of automorphisms.

The exact vertex of the master LP (:mod:`.solve`) is optimal, but its weights come from a
basis of hundreds of trees and links and their common denominator k can reach 10^30: exact,
yet useless to a runtime that splits the buffer into k parts. Symmetry gives a point with
the same λ and small denominators.

An automorphism g of the network (:mod:`forestcoll_opt.kernels.symmetry`: a node permutation
keeping kinds and bandwidths) maps a tree of depth <= h with one-hop routes onto another
one (switches stay switches, so hops and depths are kept), and a schedule onto one with
the same λ. For a group H of automorphisms, the average over H of an optimal weighting is
optimal too (the LP is convex and H-invariant) and gives every tree of one H-orbit the same
weight. So the LP over *orbits* of the master's trees,

    minimise λ
    root_R:  Σ_O x_O · |{T in O rooted at r_R}| = 1          one row per orbit R of roots
    link_E:  Σ_O x_O · Σ_{T in O} uses_T(e_E) · s_e - λ <= 0   one row per orbit E of links

(r_R, e_E a representative; the other rows of an orbit are the same row by symmetry) has
the master's optimum λ* as its own whenever H's images of the optimal trees are among its
columns, which they are: the columns are the H-orbits of the master's optimal support. Its
rows are few (orbits of links, not links) and its coefficients small counts, so its vertex,
re-solved exactly from HiGHS's basis (:func:`.vertex.solve_exact`), has a small common
denominator. The point expanded (every tree of O weighs x_O) is checked in exact arithmetic
by the caller like any other: weights >= 0, every root's summing to 1, λ from the exact link
loads.

The group: the whole automorphism group can be huge (1.3·10^6 on two DGX A100 boxes), and
every tree of a used orbit is a tree of the schedule. :func:`subgroup` takes the group's
generators one at a time (the rotation of :meth:`.Symmetry.rotation` first, which moves
every compute node), keeping each one while the group they generate stays at most
``limit`` elements: a larger group means fewer orbits, a smaller one fewer trees.
:func:`folded_points` tries the sizes in :data:`LIMITS` (each distinct group once; on a
network without symmetry the group is the identity alone, every orbit a single tree, and
the orbit LP is the master's own support, which the search below still shrinks).

Smaller still: the orbit LP's vertex is one point of its optimal face; others may have a
smaller k. With λ fixed at the vertex's (exact) value, a point n / k with integers n is an
integer program in (k, n) (:class:`_Integral`, rows scaled to integer coefficients so that
HiGHS's tolerances cannot pass a violated row); :func:`_least_k` asks HiGHS for k = 1, 2,
... below the least k found so far (at most :data:`SCAN`, :data:`NODES` branch-and-bound
nodes each, so deterministic) and keeps the first it solves, re-checked in integers. The
point stays exactly at λ: only its denominators change. The k found is the least found,
not a proven least (a k HiGHS cannot settle in NODES nodes is passed over)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Mapping, Sequence

import numpy as np

from ...errors import LPSolverError
from ...kernels.symmetry import automorphisms, group_elements
from ..session import native_stdout_to_log
from .network import Column, Network
from .vertex import solve_exact

__all__ = ["Folded", "denominator", "fold_once", "folded_points", "group_of", "subgroup"]

LIMITS = (128, 2048)        # subgroup sizes tried (elements), smallest first
NODES = 2000                # branch-and-bound nodes per k of the least-k search
SCAN = 1000                 # the largest k the least-k search tries
WEIGHT_FLOOR = 1e-10        # HiGHS's weights below this are not in the support

Folded = tuple[Fraction, int, dict[Column, Fraction]]
"""(λ in units of 1/b_max, k, tree weights) of a folded point, as the caller checks it."""


def group_of(network: Network) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The network's automorphisms as generators: (the rotation, every generator).

    :param network: the network (reversed for reduce-scatter: same group)
    :returns: permutations of the node indices
    """
    topology = network.topology
    sym = automorphisms(topology, whole=False)
    compute = [topology.index[v] for v in topology.compute_nodes]
    return sym.rotation(compute), tuple(sym.generators)


def subgroup(rotation: Sequence[int], generators: Sequence[Sequence[int]], limit: int
             ) -> list[tuple[int, ...]]:
    """The elements of a subgroup of at most ``limit`` elements: the rotation's, then each
    generator added in turn while the group generated stays within ``limit``.

    :param rotation: one automorphism (the identity when the group is trivial)
    :param generators: the group's generators
    :param limit: the most elements
    :returns: the elements, the identity first
    """
    n = len(rotation)
    chosen: list[tuple[int, ...]] = []
    elements: list[tuple[int, ...]] = [tuple(range(n))]
    for g in [tuple(rotation)] + [tuple(h) for h in generators]:
        if g == tuple(range(n)) or g in elements:
            continue
        got = group_elements(chosen + [g], limit)
        if got is not None:
            chosen.append(g)
            elements = got
    return elements


def _image(column: Column, g: Sequence[int], names: Sequence[str],
           index: Mapping[str, int], order: Mapping[str, int]) -> Column:
    def m(v: str) -> str:
        return names[g[index[v]]]

    return Column.of(m(column.root), {m(c): (m(p), tuple(m(x) for x in path))
                                      for c, p, path in column.parent}, order)


def _orbits(columns: Sequence[Column], elements: Sequence[Sequence[int]], network: Network
            ) -> list[tuple[Column, ...]]:
    topology = network.topology
    names, index = topology.node_ids, topology.index
    placed: set[Column] = set()
    out: list[tuple[Column, ...]] = []
    for c in columns:
        if c in placed:
            continue
        orbit = tuple(dict.fromkeys(_image(c, g, names, index, network.order)
                                    for g in elements))
        placed.update(orbit)
        out.append(orbit)
    return out


def _representatives(items: Sequence, act) -> list:
    seen: set = set()
    reps = []
    for x in items:
        if x in seen:
            continue
        reps.append(x)
        seen.update(act(x))
    return reps


def _solve(rows: list[dict[int, Fraction]], is_root: list[bool], width: int
           ) -> list[Fraction] | None:
    """The orbit LP (module docstring) solved by HiGHS, its optimal basis re-solved in
    Fractions: x_0 = λ, x_{1+j} = orbit j's weight; None when HiGHS fails."""
    import highspy

    with native_stdout_to_log():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    lower = np.array([1.0 if r else -inf for r in is_root])
    upper = np.array([1.0 if r else 0.0 for r in is_root])
    h.addRows(len(rows), lower, upper, 0, np.zeros(0, dtype=np.int32),
              np.zeros(0, dtype=np.int32), np.zeros(0))
    cols: list[dict[int, float]] = [dict() for _ in range(width)]
    for i, row in enumerate(rows):
        for j, v in row.items():
            cols[j][i] = float(v)
    for j, col in enumerate(cols):
        idx = sorted(col)
        h.addCol(1.0 if j == 0 else 0.0, 0.0 if j else -inf, inf, len(idx),
                 np.array(idx, dtype=np.int32), np.array([col[i] for i in idx]))
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    b = h.getBasis()
    if not b.valid:
        return None
    basic = highspy.HighsBasisStatus.kBasic
    unknowns = [j for j, st in enumerate(b.col_status) if st == basic]
    at = {j: i for i, j in enumerate(unknowns)}
    system, rhs = [], []
    for i, (row, st) in enumerate(zip(rows, b.row_status)):
        if st != basic:
            system.append({at[j]: v for j, v in row.items() if j in at})
            rhs.append(Fraction(1) if is_root[i] else Fraction(0))
    x = solve_exact(system, rhs, [Fraction(0)] * len(unknowns))
    if x is None:
        return None
    out = [Fraction(0)] * width
    for j, i in at.items():
        out[j] = x[i]
    return out


def _system(network: Network, scale: Mapping[tuple[str, str], Fraction],
            roots: Sequence[str], support: Sequence[Column],
            elements: Sequence[Sequence[int]]
            ) -> tuple[list[tuple[Column, ...]], list[dict[int, Fraction]], list[bool]]:
    """The orbit LP's rows (module docstring): (the orbits, the rows, which are root rows);
    unknown 0 is λ, unknown 1 + j orbit j's weight."""
    topology = network.topology
    names, index = topology.node_ids, topology.index
    orbits = _orbits(support, elements, network)
    root_reps = _representatives(
        roots, lambda r: {names[g[index[r]]] for g in elements})
    link_reps = _representatives(
        network.links, lambda e: {(names[g[index[e[0]]]], names[g[index[e[1]]]])
                                  for g in elements})
    rows: list[dict[int, Fraction]] = []
    is_root: list[bool] = []
    for r in root_reps:
        counts = {1 + j: Fraction(sum(1 for c in o if c.root == r)) for j, o in enumerate(orbits)}
        rows.append({j: v for j, v in counts.items() if v})
        is_root.append(True)
    for e in link_reps:
        row: dict[int, Fraction] = {0: Fraction(-1)}
        for j, o in enumerate(orbits):
            n = sum(dict(c.load).get(e, 0) for c in o)
            if n:
                row[1 + j] = n * scale[e]
        rows.append(row)
        is_root.append(False)
    return orbits, rows, is_root


class _Integral:
    """The orbit LP's rows at a fixed λ as an integer program in (k, n): integers n >= 0
    and k >= 1 with  Σ_j a_Rj n_j = k  (root rows) and  Σ_j a_Ej n_j <= λ·k  (link rows),
    each row scaled to integer coefficients (so a violated row misses by at least 1, beyond
    any solver tolerance). n / k is then a point of the orbit LP at λ with common
    denominator dividing k. Built once; :meth:`feasible` fixes k and asks HiGHS."""

    def __init__(self, rows: list[dict[int, Fraction]], is_root: list[bool], lam: Fraction,
                 width: int) -> None:
        import highspy

        self.hs = highspy
        self.is_root = is_root
        self.scaled: list[dict[int, int]] = []
        for row, root in zip(rows, is_root):
            full = {j: v for j, v in row.items() if j}
            full[0] = Fraction(-1) if root else -lam
            m = 1
            for v in full.values():
                m = math.lcm(m, v.denominator)
            self.scaled.append({j: int(v * m) for j, v in full.items()})
        self.usable = all(abs(v) < 2**50 for row in self.scaled for v in row.values())
        with native_stdout_to_log():
            self.h = h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("mip_max_nodes", NODES)
        inf = highspy.kHighsInf
        h.addRows(len(rows), np.array([0.0 if r else -inf for r in is_root]),
                  np.zeros(len(rows)), 0, np.zeros(0, dtype=np.int32),
                  np.zeros(0, dtype=np.int32), np.zeros(0))
        cols: list[dict[int, int]] = [dict() for _ in range(width)]
        for i, row in enumerate(self.scaled):
            for j, v in row.items():
                cols[j][i] = v
        for j, col in enumerate(cols):
            idx = sorted(col)
            h.addCol(0.0, 1.0 if j == 0 else 0.0, inf, len(idx),
                     np.array(idx, dtype=np.int32),
                     np.array([float(col[i]) for i in idx]))
        h.changeColsIntegrality(width, np.arange(width, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * width))

    def feasible(self, k: int) -> list[int] | None:
        """Integers n with k fixed, checked exactly, or None (none found)."""
        self.h.changeColBounds(0, float(k), float(k))
        self.h.run()
        if self.h.getModelStatus() != self.hs.HighsModelStatus.kOptimal:
            return None
        n = [round(v) for v in self.h.getSolution().col_value]
        n[0] = k
        if any(v < 0 for v in n):
            return None
        for row, root in zip(self.scaled, self.is_root):
            total = sum(v * n[j] for j, v in row.items())
            if (root and total != 0) or total > 0:
                return None
        return n


def _least_k(rows: list[dict[int, Fraction]], is_root: list[bool], lam: Fraction,
             width: int, below: int) -> list[Fraction] | None:
    """Orbit weights n / k at λ = ``lam`` with the least k < ``below`` (and <= SCAN) for
    which HiGHS finds integers n (:class:`_Integral`), trying k = 1, 2, ... in turn; a k
    HiGHS cannot settle within NODES nodes is passed over, so the k found is the least
    found, not a proven least. None when none is found."""
    program = _Integral(rows, is_root, lam, width)
    if not program.usable:
        return None
    for k in range(1, min(below, SCAN + 1)):
        n = program.feasible(k)
        if n is not None:
            return [lam] + [Fraction(v, k) for v in n[1:]]
    return None


def fold_once(network: Network, scale: Mapping[tuple[str, str], Fraction],
              roots: Sequence[str], support: Sequence[Column],
              elements: Sequence[Sequence[int]], below: int = 0
              ) -> dict[Column, Fraction] | None:
    """The orbit LP over ``elements`` (a group) on the orbits of ``support``, its exact
    vertex expanded to tree weights (unchecked: the caller checks), or None; then, with
    ``below`` > 1, the least k below both ``below`` and the vertex's own that
    :func:`_least_k` finds at the vertex's λ.

    :param network: the network
    :param scale: link -> b_max / bandwidth
    :param roots: the roots
    :param support: the trees the master weighs at its optimum
    :param elements: the group's elements, permutations of the node indices
    :param below: look for a k below this (0: no search)
    :returns: tree -> weight
    """
    orbits, rows, is_root = _system(network, scale, roots, support, elements)
    x = _solve(rows, is_root, 1 + len(orbits))
    if x is None:
        return None
    if below > 1 and all(v >= 0 for v in x[1:]):
        lam = max((sum((v * x[j] for j, v in row.items() if j), Fraction(0))
                   for row, root in zip(rows, is_root) if not root), default=x[0])
        k = 1
        for v in x[1:]:
            k = math.lcm(k, v.denominator)
        small = _least_k(rows, is_root, lam, len(x), min(k, below))
        if small is not None:
            x = small
    return {c: x[1 + j] for j, o in enumerate(orbits) for c in o if x[1 + j] != 0}


def folded_points(network: Network, scale: Mapping[tuple[str, str], Fraction],
                  roots: Sequence[str], columns: Sequence[Column], weights, check,
                  limits: Sequence[int] = LIMITS, search: bool = True) -> list[Folded]:
    """Folded points of the master's optimum, one per subgroup size in ``limits`` that
    gives one passing ``check``.

    :param network: the network
    :param scale: link -> b_max / bandwidth
    :param roots: the roots
    :param columns: the master's columns
    :param weights: HiGHS's weights of them (floats)
    :param check: exact weights -> (λ, k, weights) or None (``solve._exact_point``)
    :param limits: subgroup sizes to try
    :param search: look for a smaller k at the same λ (:func:`_least_k`)
    :returns: the points found
    """
    support = [c for c, w in zip(columns, weights) if w > WEIGHT_FLOOR]
    rotation, generators = group_of(network)
    out: list[Folded] = []
    seen: set[int] = set()
    best = SCAN + 1 if search else 0
    for limit in limits:
        elements = subgroup(rotation, generators, limit)
        if len(elements) in seen:
            continue
        seen.add(len(elements))
        try:
            got = fold_once(network, scale, roots, support, elements, best)
        except LPSolverError:
            got = None
        point = None if got is None else check(got)
        if point is not None:
            out.append(point)
            best = min(best, point[1]) if search else 0
    return out


def denominator(weights: Mapping[Column, Fraction]) -> int:
    """The common denominator k of exact weights."""
    k = 1
    for w in weights.values():
        k = math.lcm(k, w.denominator)
    return k
