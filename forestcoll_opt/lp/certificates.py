"""The certified interval of an LP optimum (the paper's appendix "Allreduce Linear
Program"): exact rational bounds around HiGHS's floating-point answer.

HiGHS answers in floating point. Every optimum is therefore reported as an interval
``[lower, upper]`` of exact rationals (topology units) that contains the true optimum of the
LP, with the proof done in exact arithmetic and independent of HiGHS's correctness:

* ``lower`` (:func:`certify_lower`) is the objective of a point that is *exactly* feasible
  for the LP (all cut constraints, not only the generated ones). It is built from HiGHS's
  solution: every value is rounded down to a dyadic grid (2**-40 of the objective); on a
  link the rounded route flows overfill (by HiGHS's tolerance), each commodity's share is
  cut back to fit exactly; each commodity's route flow is made exactly conserving by an
  integer max-flow from its source to a super-sink (its flows as arc capacities, its
  rounded logical capacities as sink arcs), whose deliveries become the logical
  capacities; and while the exact max-flow oracle finds a cut S with c^kind(δ±(S)) < x(S),
  x is shrunk on S by that ratio, until the LP's max-flow condition holds for *every* S
  (checked by max-flows, not by enumerating cuts). The point itself is kept as
  :attr:`LPModel.witness`. Every max-flow runs on the package's kernel
  (:class:`~forestcoll_opt.kernels.flow.FlowNetwork`, ``kernel=``).
* ``upper`` (:func:`certify_upper`) is the objective of an exactly *dual*-feasible point,
  so by weak duality no feasible point — of the full LP — exceeds it. The LP's dual,
  written with link lengths y_e >= 0 and cut weights ν_(kind,S) >= 0, asks that every root
  is covered (Σ_(S ∋ v) ν >= 1) and that for every logical pair the switch-path distance
  under y is at least the weight of the cuts the pair crosses; its objective is
  Σ_e b_e y_e. HiGHS's row duals (of the capacity rows and of the cut rows, or the level
  sets of the explicit flows' potentials) give y and ν; they are rounded to integers, ν is
  divided by its least coverage, and y is scaled by the exact factor that makes every
  distance condition hold.

``gap = (upper - lower) / upper``; on the catalog machines it is below 1e-10. Nothing in the
interval relies on a tolerance: if HiGHS returned a poor solution the interval would be
wide, not wrong.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction
from types import MappingProxyType
from typing import Callable, Mapping, Sequence

from ..errors import LPCertificateError
from ..kernels.flow import FlowNetwork
from ..model.collective import Collective
from .model import LowerWitness, LPModel
from .session import HighsSession

__all__ = ["DUAL_BITS", "GRID_BITS", "certify_lower", "certify_upper", "grid",
           "relay_distances", "shrink_to_max_flow"]

GRID_BITS = 40                 # the lower certificate's grid: 2**-40 of the objective
DUAL_BITS = 40                 # the upper certificate's integer scale of y and ν


def grid(value: float, shift: int) -> int:
    """floor(value · 2**shift) for a float, exactly; negative noise counts as 0.

    :param value: a float of HiGHS's solution
    :param shift: the grid's exponent (the grid is 2**-shift)
    :returns: the integer number of grid steps
    """
    return math.floor(math.ldexp(value, shift)) if value > 0 else 0


# --- the certificate: lower ---------------------------------------------------------------

def _commodity_flow(num_nodes: int, arcs: Sequence[tuple[int, int]], caps: Sequence[int],
                    source: int, sink: int, kernel: str | None) -> list[int]:
    """A maximum integer flow, per arc, from the package's max-flow kernel
    (:meth:`FlowNetwork.edge_flows` with ``kernel``; past a kernel's integers it solves
    with networkx). What the kernel returns is checked in exact arithmetic (integral,
    within its arc, conserved at every node but source and sink) and refused if it is not;
    the certificate needs a valid flow, maximality only makes it tighter."""
    flows = FlowNetwork(num_nodes, arcs, caps, kernel=kernel).edge_flows(source, sink)
    if not _is_flow(num_nodes, arcs, caps, source, sink, flows):
        raise LPCertificateError(f"internal error: the {kernel or 'default'} max-flow kernel "
                                 f"returned an invalid flow for the certificate; use another "
                                 f"kernel and please report it")
    return flows


def _is_flow(num_nodes: int, arcs: Sequence[tuple[int, int]], caps: Sequence[int],
             source: int, sink: int, flows: Sequence[int]) -> bool:
    balance = [0] * num_nodes
    for (a, b), f, c in zip(arcs, flows, caps):
        if not (isinstance(f, int) and 0 <= f <= c):
            return False
        balance[a] -= f
        balance[b] += f
    return not any(balance[v] for v in range(num_nodes) if v not in (source, sink))


def certify_lower(m: LPModel, session: HighsSession, kernel: str | None) -> LowerWitness:
    """An exactly feasible point near HiGHS's solution (module docstring, "lower").

    :param m: the solved model
    :param session: the HiGHS session holding its solution
    :param kernel: the max-flow kernel of every max-flow here (None: the default)
    :returns: the point, whose objective is the certified ``lower``
    :raises LPCertificateError: on an internal inconsistency (an invalid flow from the
        kernel, a cut that does not improve)
    """
    compute, n = m.compute, len(m.compute)
    xv = {v: session.value(m.x[v]) for v in compute}
    total = sum(xv.values())
    r_unit = m.reference
    if not total > 0:
        return LowerWitness(Fraction(0), MappingProxyType({v: 0 for v in compute}),
                            MappingProxyType({}), MappingProxyType({}))
    shift = GRID_BITS + 1 - math.frexp(total)[1]      # grid δ = 2**-shift, Σx ≈ 2**40 δ
    X = {v: grid(xv[v], shift) for v in compute}

    delta = Fraction(1, 2**shift) if shift >= 0 else Fraction(2**-shift)
    idx = m.index
    T = len(m.names)
    by_commodity: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for (kind, a, u, v) in m.flow:
        by_commodity.setdefault((kind, a), []).append((u, v))
    partners: dict[str, list[str]] = {}
    for (a, b) in m.pairs:
        partners.setdefault(a, []).append(b)

    # 1. the rounded route flows, cut back on any link they overload (HiGHS may overfill a
    #    link by its feasibility tolerance): the shares of link e become floor(ρ_e · f) with
    #    ρ_e = c_e / (δ · load_e), so every link holds its load exactly and only the
    #    commodities on an overfull link lose a little
    rounded = {key: grid(session.value(var), shift) for key, var in m.flow.items()}
    load: dict[tuple[str, str], int] = {}
    for (kind, a, u, v), f in rounded.items():
        load[(u, v)] = load.get((u, v), 0) + f
    for e, f in load.items():
        if f and delta * f > m.capacity[e]:
            rho = m.capacity[e] / (delta * f)
            for kind in m.kinds:
                for a in compute:
                    key = (kind, a) + e
                    if key in rounded:
                        rounded[key] = math.floor(rho * rounded[key])

    # 2. every commodity exactly conserving: an integer max-flow a -> T with those flows as
    #    arc capacities and the rounded logical capacities as sink arcs β -> T; its
    #    deliveries become the logical capacities
    logical: dict[tuple[str, str, str], int] = {}
    routes: dict[tuple[str, str, str, str], int] = {}
    load = {}
    for kind in m.kinds:
        for a in compute:
            links = by_commodity.get((kind, a), [])
            ends = partners.get(a, [])
            arcs = [(idx[u], idx[v]) for u, v in links] + [(idx[b], T) for b in ends]
            if not arcs:
                continue
            caps = [rounded[(kind, a, u, v)] for u, v in links]
            caps += [grid(session.value(m.cap[kind][(a, b)]), shift) for b in ends]
            flows = _commodity_flow(T + 1, arcs, caps, idx[a], T, kernel)
            for (u, v), f in zip(links, flows):
                if f:
                    routes[(kind, a, u, v)] = f
                    load[(u, v)] = load.get((u, v), 0) + f
            for b, f in zip(ends, flows[len(links):]):
                logical[(kind, a, b)] = f
    # the physical capacities, checked exactly (γ = 1 after step 1; kept as the proof)
    gamma = Fraction(1)
    for e, f in load.items():
        gamma = min(gamma, m.capacity[e] / (delta * f))

    # 3. the max-flow condition for every S ⊂ Vc: while the exact oracle finds a violated
    #    cut S (min cut of F(s, t) < Σ x), shrink x on S by r = c^kind(δ±(S)) / x(S) < 1.
    #    Shrinking x never violates another cut, and Σ x strictly falls, so this ends. For
    #    allgather x is shared and shrinks everywhere (Dinkelbach's iteration); so does
    #    allreduce's after many rounds, which bounds the work.
    pos = {v: i for i, v in enumerate(compute)}
    s = n
    rounds = 0
    shares = [X[v] for v in compute]
    for kind in m.kinds:
        edges = [(pos[a], pos[b]) if kind == "bc" else (pos[b], pos[a]) for a, b in m.pairs]
        edges += [(s, pos[v]) for v in compute]
        caps = [logical.get((kind, a, b), 0) for a, b in m.pairs] + shares
        net = FlowNetwork(n + 1, edges, caps, kernel=kernel)
        everyone = list(range(n))
        rounds = shrink_to_max_flow(
            net, list(range(len(m.pairs), len(edges))), shares, everyone,
            ((lambda side: everyone) if m.collective is Collective.ALLGATHER
             else (lambda side: side)),
            rounds, m.where())
    X = {v: shares[i] for i, v in enumerate(compute)}
    if m.collective is Collective.ALLGATHER and len(set(X.values())) > 1:
        raise LPCertificateError("internal error: allgather shares differ in the certificate")
    unit = gamma * delta * r_unit
    return LowerWitness(unit, MappingProxyType(X), MappingProxyType(logical),
                        MappingProxyType(routes))


def shrink_to_max_flow(net: FlowNetwork, source_ids: Sequence[int], shares: list[int],
                       targets: Sequence[int], spread: Callable[[list[int]], Sequence[int]],
                       rounds: int, where: str) -> int:
    """Step 3 of :func:`certify_lower` on one tree kind's logical network: ``net`` has the
    compute nodes 0..n-1 and the source n, whose arcs ``source_ids`` carry ``shares`` (x per
    compute node, integers, changed in place). While the max-flow from the source to some
    node of ``targets`` falls short of Σ x, its min cut S is violated: x is shrunk by
    r = c(δ±(S)) / x(S) < 1 on ``spread(S)`` (a superset of S; every node once ``rounds``
    passes 4n). Shrinking x never violates another cut, and Σ x strictly falls.

    :param net: the logical network with the source arcs
    :param source_ids: the positions of the source arcs, one per compute node
    :param shares: x per compute node, shrunk in place
    :param targets: the compute nodes whose max-flows decide (all of them, or one per orbit
        of a group that maps the network onto itself)
    :param spread: S -> the compute nodes to shrink (S itself, all, or S's orbits)
    :param rounds: violated cuts fixed so far (over both kinds)
    :param where: the LP, for messages
    :returns: ``rounds`` plus the cuts fixed here
    """
    n = len(shares)
    s = n
    while True:
        need = sum(shares)
        if need == 0:
            return rounds
        worst: tuple[int, int] | None = None
        for t in targets:
            value = net.max_flow(s, t)
            if value < need and (worst is None or value < worst[1]):
                worst = (t, value)
        if worst is None:
            return rounds
        rounds += 1
        cut = net.min_cut(s, worst[0])
        side = [p for p in range(n) if cut.source_side[p]]
        inside = sum(shares[p] for p in side)
        crossing = cut.value - (need - inside)          # c^kind(δ±(S)) of the min cut
        ratio = Fraction(crossing, inside)              # < 1: the cut is violated
        if not (0 <= ratio < 1):
            raise LPCertificateError(f"internal error: {where}: the oracle's cut does not "
                                     f"improve the certificate")
        for p in (range(n) if rounds > 4 * n else spread(side)):
            shares[p] = math.floor(ratio * shares[p])
        net.set_capacities(source_ids, shares)


# --- the certificate: upper ---------------------------------------------------------------

def certify_upper(m: LPModel, session: HighsSession) -> Fraction:
    """The objective of an exactly dual-feasible point (module docstring, "upper"), in
    units of R. Weak duality, for any feasible (x, c, f) of the full LP and any y >= 0,
    ν >= 0 with cover(v) = Σ_(kind,S∋v) ν >= 1 and dist_y(α, β) >= w^kind(α, β) = Σ of ν over
    the cuts (kind, S) that pair (α, β) crosses:
    Σ x <= Σ_v x_v cover(v) = Σ ν x(S) <= Σ ν c^kind(cross(S))
        = Σ c^kind(α,β) w^kind(α,β) <= Σ c^kind(α,β) dist_y(α,β)
        <= Σ_(kind,α) Σ_e f_(kind,α)(e) y_e <= Σ_e b_e y_e
    (allgather: N x <= Σ ν |S| x with Σ ν |S| >= N).

    :param m: the solved model
    :param session: the HiGHS session holding its row duals
    :returns: the certified ``upper``, in units of R
    """
    compute = m.compute
    # cut weights ν (floats, then integers V)
    weights: dict[tuple[str, frozenset[str]], float] = {}
    if m.formulation == "cuts":
        for key, row in m.cuts.items():
            nu = -session.dual(row)          # a >= row binds with a dual <= 0
            if nu > 0:
                weights[key] = nu
    else:
        for (kind, t), rows in m.node_rows.items():
            # potentials of the explicit t-flow; its fractional cut splits into level sets
            height = -session.dual(rows[t])
            if not height > 0:
                continue
            level = {v: min(max(-session.dual(rows[v]), 0.0), height) for v in compute}
            level[t] = height
            steps = sorted(set(level.values()) | {0.0})
            for lo, hi in zip(steps, steps[1:]):
                side = frozenset(v for v in compute if level[v] <= lo)
                if side and hi > lo:
                    weights[(kind, side)] = weights.get((kind, side), 0.0) + (hi - lo)
    y = {e: max(session.dual(row), 0.0) for e, row in m.cap_rows.items()}
    # ν and y to integers V and Y on one common scale 2**shift (an exact dual has
    # w^kind(α,β) <= dist_y(α,β), so the two sides then compare in the same units)
    top = max(max(weights.values(), default=0.0), max(y.values(), default=0.0))
    shift = DUAL_BITS - math.frexp(top)[1] if top > 0 else 0
    one = max(1, round(math.ldexp(1.0, shift)))
    V: dict[tuple[str, frozenset[str]], int] = {}
    for key, w in weights.items():
        value = round(math.ldexp(w, shift))
        if value > 0:
            V[key] = value
    Y = {e: math.ceil(math.ldexp(v, shift)) for e, v in y.items()}
    # coverage: ν is divided by its least cover, so every root ends covered >= 1 (an exact
    # dual covers every root at least once; HiGHS's, up to its tolerance). A root left
    # uncovered gets a singleton broadcast cut, which the LP has for every S ⊂ Vc.
    if m.collective is Collective.ALLREDUCE:
        cover = _cover(V, compute)
        for v in compute:
            if cover[v] == 0:
                V[("bc", frozenset((v,)))] = one
        covered = Fraction(min(_cover(V, compute).values()))
    else:
        total = sum(w * len(side) for (_, side), w in V.items())
        if total == 0:
            for v in compute:
                V[("bc", frozenset((v,)))] = one
            total = one * len(compute)
        covered = Fraction(total, len(compute))
    # w^kind(α, β): the weight of the cuts each logical pair crosses
    need: dict[tuple[str, str, str], int] = {}
    for (kind, side), w in V.items():
        for a, b in m.pairs:
            crosses = (a in side and b not in side) if kind == "bc" else \
                (b in side and a not in side)
            if crosses:
                need[(kind, a, b)] = need.get((kind, a, b), 0) + w
    dist = _switch_distances(m, Y)
    stuck = [w for (_, a, b), w in need.items() if dist[(a, b)] == 0]
    if stuck:
        # a pair crossing weighted cuts over a path of length 0 (dual noise): lengthen
        # every link by that weight, which costs about weight · Σ b_e
        Y = {e: v + max(stuck) for e, v in Y.items()}
        dist = _switch_distances(m, Y)
    factor = max((Fraction(w, dist[(a, b)]) for (_, a, b), w in need.items()),
                 default=Fraction(0))
    length = sum((c * Y[e] for e, c in m.capacity.items() if e in Y), Fraction(0))
    return length * factor / covered


def _cover(V: Mapping[tuple[str, frozenset[str]], int], compute: Sequence[str]) -> dict[str, int]:
    cover = {v: 0 for v in compute}
    for (_, side), w in V.items():
        for v in side:
            cover[v] += w
    return cover


def _switch_distances(m: LPModel, Y: Mapping[tuple[str, str], int]) -> dict[tuple[str, str], int]:
    """Shortest α -> β path length under integer link lengths Y, relaying through switches
    only (the paths commodity (·, α) may use), for every logical pair."""
    succ: dict[str, list[tuple[str, int]]] = {}
    for e, length in Y.items():
        succ.setdefault(e[0], []).append((e[1], length))
    wanted: dict[str, set[str]] = {}
    for a, b in m.pairs:
        wanted.setdefault(a, set()).add(b)
    dist: dict[tuple[str, str], int] = {}
    for a, targets in wanted.items():
        best = relay_distances(a, succ, lambda u: u in m.switches, m.index.__getitem__)
        for b in targets:
            dist[(a, b)] = best[b]
    return dist


def relay_distances(source, succ: Mapping, relays: Callable[[object], bool],
                    order: Callable[[object], int]) -> dict:
    """Dijkstra from ``source`` over paths whose interior nodes relay (switches): compute
    nodes are reached but not passed through.

    :param source: the start node
    :param succ: node -> [(next node, integer length)]
    :param relays: whether a node passes paths on
    :param order: a node's index, to break ties the same way every time
    :returns: node -> distance, for every node reached
    """
    best = {source: 0}
    heap = [(0, order(source), source)]
    done: set = set()
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        if u != source and not relays(u):
            continue                               # compute nodes do not relay
        for v, length in succ.get(u, ()):
            if v == source:
                continue
            nd = d + length
            if v not in best or nd < best[v]:
                best[v] = nd
                heapq.heappush(heap, (nd, order(v), v))
    return best

