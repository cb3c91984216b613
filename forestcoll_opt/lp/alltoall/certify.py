"""The certified interval of the all-to-all LP (:mod:`forestcoll_opt.lp.alltoall`):
exact rational bounds around HiGHS's floating-point answer, proved in exact arithmetic.

* lower: an exactly feasible point (:class:`AlltoallWitness`). First HiGHS's solution read
  as simple fractions, kept when it is exactly feasible (every conservation row at every
  node, every capacity row of the folded LP, which makes it a point of the full LP, see
  :mod:`forestcoll_opt.lp.alltoall.fold`). Otherwise the grid point: every source's flow
  (the images of its representative's) rounded down to a dyadic grid (2**-40 of the
  objective), cut back on any link it overfills, and made exactly conserving by an integer
  max-flow from the source to a super-sink (the rounded flows as arc capacities, the
  rounded λ·d(s, t) as sink arcs); λ is then the least delivered d-multiple of any pair
  (surplus delivered to a sink is dropped by the path decomposition, which only unloads
  links). Capacities are re-checked exactly.
* upper: a length function y >= 0 on the links gives
  λ <= Σ_e b_e·y_e / Σ_(s,t) d(s, t)·dist_y(s, t) (every unit of s's flow to t travels
  at least dist_y(s, t), and a link carries at most b_e). Tried: HiGHS's capacity duals
  (spread evenly over the links of a folded row) as integers on a 2**-40 scale and as
  simple fractions, and the hop count; the smallest bound wins. With a G-invariant length
  function and demand, dist sums are computed from the representatives only.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping

from ...errors import LPCertificateError
from ...kernels.flow import FlowNetwork
from ...model.alltoall import Demand
from ...model.topology import Topology
from ..certificates import grid
from ..session import HighsSession

__all__ = ["AlltoallWitness", "certify_lower", "certify_upper", "length_bound"]

GRID_BITS = 40
DUAL_BITS = 40
RECONSTRUCTION_LIMITS = (2**6, 2**12, 2**20)

Link = tuple[str, str]


@dataclass(frozen=True)
class AlltoallWitness:
    """An exactly feasible point of the all-to-all LP: λ = ``unit·rate``; the flow of
    source s on link u -> v is ``unit·flows[(s, u, v)]`` (integers, absent ones 0) for the
    sources listed in ``flows``; every other source s uses the image of its
    representative's flow under ``images[s] = (r, g)`` (g a permutation of the node
    indices with g(r) = s). Each source delivers at least λ·d(s, t) to every t.

    :ivar unit: the common unit, a positive Fraction (topology units)
    :ivar rate: λ / unit
    :ivar flows: (source, u, v) -> flow / unit, positive integers
    :ivar images: source -> (representative, permutation) for the sources not in ``flows``
    :ivar source: how the point was found
    """

    unit: Fraction
    rate: Fraction
    flows: Mapping[tuple[str, str, str], int]
    images: Mapping[str, tuple[str, tuple[int, ...]]] = field(default_factory=dict)
    source: str = "grid"

    @property
    def rate_value(self) -> Fraction:
        """λ, exact, in topology units."""
        return self.unit * self.rate


# --- upper -----------------------------------------------------------------------------------

def length_bound(topology: Topology, pairs: Demand, lengths: Mapping[Link, Any], *,
                 sizes: Mapping[str, int] | None = None) -> Fraction | None:
    """The rate bound of a length function, λ <= Σ_e b_e·y_e / Σ d(s,t)·dist_y(s,t),
    exactly (module docstring).

    :param topology: the network
    :param pairs: (src, dst, d) of the pairs with d > 0 (with ``sizes``: of the
        representatives only)
    :param lengths: link -> y_e >= 0, exact (int or Fraction); absent links have length 0
    :param sizes: representative -> the size of its orbit, when ``lengths`` and the demand
        are invariant under a group and ``pairs`` lists the representatives' pairs only
    :returns: the bound on λ, or None when every pair is at distance 0
    """
    succ: dict[str, list[tuple[str, Any]]] = {v: [] for v in topology.node_ids}
    for (u, v) in topology.capacity:
        succ[u].append((v, lengths.get((u, v), 0)))
    by_source: dict[str, list[tuple[str, int]]] = {}
    for s, t, d in pairs:
        by_source.setdefault(s, []).append((t, d))
    weighted = Fraction(0)
    for s, targets in by_source.items():
        dist = _dijkstra(succ, s)
        weighted += (sizes[s] if sizes else 1) * sum(d * dist[t] for t, d in targets)
    if not weighted:
        return None
    paid = sum((b * lengths.get(e, 0) for e, b in topology.capacity.items()), Fraction(0))
    return paid / weighted


def _dijkstra(succ: Mapping[str, list[tuple[str, Any]]], s: str) -> dict[str, Any]:
    dist: dict[str, Any] = {s: 0}
    heap: list[tuple[Any, int, str]] = [(0, 0, s)]
    order = 0
    done: set[str] = set()
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v, y in succ[u]:
            nd = d + y
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                order += 1
                heapq.heappush(heap, (nd, order, v))
    return dist


def certify_upper(m: Any, session: HighsSession) -> tuple[Fraction, dict[Link, Fraction]]:
    """The smallest rate bound of the candidate length functions (module docstring).

    :param m: the solved :class:`~forestcoll_opt.lp.alltoall.model.AlltoallModel`
    :param session: its HiGHS session
    :returns: (the bound on λ in topology units, its length function scaled to max 1)
    """
    fold = m.fold
    duals = {q: max(session.dual(row), 0.0) / len(q) for q, row in m.cap_rows.items()}
    top = max(duals.values(), default=0.0)
    candidates: list[dict[Link, Any]] = [{e: 1 for e in m.topology.capacity}]
    if top > 0:
        shift = DUAL_BITS - math.frexp(top)[1]
        candidates.append({e: round(math.ldexp(y, shift)) for q, y in duals.items() for e in q})
        for limit in RECONSTRUCTION_LIMITS[:2]:
            candidates.append({e: Fraction(y / top).limit_denominator(limit)
                               for q, y in duals.items() for e in q})
    pairs = tuple((s, t, d) for s, t, d in m.pairs if s in fold.size) if fold.folded else m.pairs
    sizes = fold.size if fold.folded else None
    best: tuple[Fraction, dict[Link, Any]] | None = None
    for lengths in candidates:
        bound = length_bound(m.topology, pairs, lengths, sizes=sizes)
        if bound is not None and (best is None or bound < best[0]):
            best = (bound, lengths)
    assert best is not None            # the hop count puts every pair at distance >= 1
    scale = max(best[1].values())
    return best[0], {e: Fraction(y) / scale for e, y in best[1].items()}


# --- lower -----------------------------------------------------------------------------------

def certify_lower(m: Any, session: HighsSession, kernel: str | None,
                  upper: Fraction | None = None) -> AlltoallWitness:
    """The better of the reconstructed point and the grid point (module docstring); the
    grid point is skipped when the reconstructed one already reaches ``upper``.

    :param m: the solved :class:`~forestcoll_opt.lp.alltoall.model.AlltoallModel`
    :param session: its HiGHS session
    :param kernel: the max-flow kernel of the grid point
    :param upper: the certified bound on λ, if known
    :returns: the exactly feasible point
    :raises LPCertificateError: when the max-flow kernel returns an invalid flow
    """
    rebuilt = _reconstructed(m, session)
    if rebuilt is not None and upper is not None and rebuilt.rate_value >= upper:
        return rebuilt
    witness = _grid_point(m, session, kernel)
    if rebuilt is not None and rebuilt.rate_value >= witness.rate_value:
        return rebuilt
    return witness


def _full_flows(m: Any, session: HighsSession) -> dict[str, dict[Link, float]]:
    """Every source's float flow (units of R): the representatives' and their images."""
    ids, idx = m.topology.node_ids, m.index
    reps = {r: m.flow(session, r) for r in m.fold.reps}
    out: dict[str, dict[Link, float]] = {}
    for s, (r, perm) in m.fold.images.items():
        if s not in m.sinks:
            continue
        if perm is None:
            out[s] = reps[r]
        else:
            out[s] = {(ids[perm[idx[u]]], ids[perm[idx[v]]]): f for (u, v), f in reps[r].items()}
    return out


def _grid_point(m: Any, session: HighsSession, kernel: str | None) -> AlltoallWitness:
    rate = session.value(m.rate)
    if not rate > 0:
        return AlltoallWitness(Fraction(1), Fraction(0), MappingProxyType({}))
    shift = GRID_BITS - math.frexp(rate * m.total)[1]
    delta = Fraction(1, 2**shift) if shift >= 0 else Fraction(2**-shift)
    full = _full_flows(m, session)
    rounded = {(s, u, v): grid(f, shift) for s, flow in full.items() for (u, v), f in flow.items()}
    load: dict[Link, int] = {}
    for (_s, u, v), f in rounded.items():
        load[(u, v)] = load.get((u, v), 0) + f
    for (s, u, v), f in list(rounded.items()):
        total = load[(u, v)]
        if f and delta * total > m.capacity[(u, v)]:
            rounded[(s, u, v)] = math.floor(m.capacity[(u, v)] / (delta * total) * f)
    idx = m.index
    sink = len(m.topology.node_ids)
    level = grid(rate, shift)
    flows: dict[tuple[str, str, str], int] = {}
    least: Fraction | None = None
    for s, row in m.sinks.items():
        mine = [(u, v) for (u, v) in full.get(s, {}) if rounded.get((s, u, v))]
        arcs = [(idx[u], idx[v]) for u, v in mine] + [(idx[t], sink) for t in row]
        caps = [rounded[(s, u, v)] for u, v in mine] + [level * d for d in row.values()]
        got = FlowNetwork(sink + 1, arcs, caps, kernel=kernel).edge_flows(idx[s], sink)
        _check_flow(m, sink + 1, arcs, caps, idx[s], sink, got)
        for (u, v), f in zip(mine, got):
            if f:
                flows[(s, u, v)] = f
        for (t, d), f in zip(row.items(), got[len(mine):]):
            ratio = Fraction(f, d)
            least = ratio if least is None or ratio < least else least
    load = {}
    for (_s, u, v), f in flows.items():
        load[(u, v)] = load.get((u, v), 0) + f
    gamma = min([Fraction(1)] + [m.capacity[e] / (delta * f) for e, f in load.items() if f])
    return AlltoallWitness(gamma * delta * m.reference, least or Fraction(0),
                           MappingProxyType(flows), MappingProxyType({}), "grid")


def _check_flow(m: Any, nodes: int, arcs, caps, source: int, sink: int, got) -> None:
    balance = [0] * nodes
    for (a, b), f, c in zip(arcs, got, caps):
        if not (isinstance(f, int) and 0 <= f <= c):
            break
        balance[a] -= f
        balance[b] += f
    else:
        if not any(balance[v] for v in range(nodes) if v not in (source, sink)):
            return
    raise LPCertificateError(f"internal error: {m.where()}: the max-flow kernel returned an "
                             f"invalid flow for the certificate; use another kernel and "
                             f"please report it")


def _reconstructed(m: Any, session: HighsSession) -> AlltoallWitness | None:
    """HiGHS's solution (of the representatives) as simple fractions in the topology's
    integer unit, when exactly feasible."""
    unit = 1 / m.topology.integer_scale
    r = float(m.reference / unit)
    values = {key: session.value(var) * r for key, var in m.var.items()}
    rate = session.value(m.rate) * r
    for limit in RECONSTRUCTION_LIMITS:
        lam = Fraction(rate).limit_denominator(limit)
        phi = {key: Fraction(v).limit_denominator(limit) for key, v in values.items()
               if v > 0.5 / limit}
        if lam <= 0 or not _feasible(m, lam, phi, unit):
            continue
        scale = math.lcm(lam.denominator, *(f.denominator for f in phi.values()))
        flows = {}
        for (rep, j), f in phi.items():
            for (u, v) in m.fold.classes[rep][j]:
                flows[(rep, u, v)] = int(f * scale)
        images = {s: (rep, perm) for s, (rep, perm) in m.fold.images.items()
                  if perm is not None and s in m.sinks}
        return AlltoallWitness(unit / scale, lam * scale, MappingProxyType(flows),
                               MappingProxyType(images),
                               f"reconstruction (denominators <= {limit})")
    return None


def _feasible(m: Any, lam: Fraction, phi: Mapping[tuple[str, int], Fraction],
              unit: Fraction) -> bool:
    """Exact feasibility of a folded point (in units of ``unit``): every representative
    delivers exactly λ·d at every node, and every capacity row holds."""
    fold = m.fold
    orbit_of = {e: q for q in fold.orbits for e in q}
    load: dict[tuple, Fraction] = {}
    for r in fold.reps:
        net: dict[str, Fraction] = {}
        for j, members in enumerate(fold.classes[r]):
            f = phi.get((r, j))
            if not f:
                continue
            q = orbit_of[members[0]]
            load[q] = load.get(q, 0) + Fraction(fold.size[r] * len(members), len(q)) * f
            for (u, v) in members:
                net[v] = net.get(v, 0) + f
                net[u] = net.get(u, 0) - f
        want = m.sinks.get(r, {})
        for v in m.topology.node_ids:
            if v != r and net.get(v, 0) != lam * want.get(v, 0):
                return False
    cap = m.topology.capacity
    return all(f * unit <= cap[q[0]] for q, f in load.items())
