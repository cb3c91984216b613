"""Exact values for the concurrent-groups LP (:mod:`forestcoll_opt.lp.groups.model`):
an upper value by a dual certificate, a lower value by exact shares that ForestColl
schedules. Nothing here trusts HiGHS's floats beyond using them as a starting point.

Upper (:func:`certify_upper`). The model holds a finite set of cut rows; dropping the others
only enlarges the feasible set, and folding by the symmetry keeps the optimum (an optimum
of the full LP averaged over the group is feasible for the folded model), so any dual
solution of the model as solved bounds the full LP. Its dual: cut weights y >= 0, link
prices z >= 0, minimise Σ_r z_r·c(e_r) subject to Σ y·(λ coefficient) >= 1 (the cover)
and, for every share column, its capacity-row coefficient times z_r >= the y-weighted
number of times the column crosses the cuts. From HiGHS's row duals y (rounded to exact
rationals, several ways), z is set to the least value that satisfies every column exactly
and the whole is divided by the cover: upper = Σ_r z_r·c(e_r) / cover, checked in
Fractions.

Lower (:func:`certify_lower`). HiGHS's balanced shares are turned into exact rationals
(nearest fractions of small denominator first, for the exact optimum of symmetric
networks, kept only when every share is exactly balanced as rounded; then a dyadic grid of
2**-40 of the largest share); a group's share whose grid rounding is not exactly balanced
is made so by an integer max-flow that removes the excess (a transshipment inside the
share); if the shares then overfill a link, all are scaled by
the same exact factor. Each group's share is a valid topology (balanced, members as its
compute nodes, the others switches), so the package's exact bound
(:func:`~forestcoll_opt.generation.bound.bound`) gives the algbw ForestColl reaches on it;
λ_low = min_g algbw_g / w_g, and the shares are the witness.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from ...errors import LPCertificateError, TopologyError
from ...generation.bounding import bound, rs_ag_algbw
from ...kernels.flow import FlowNetwork
from ...model.collective import Collective
from ...model.groups import Group
from ...model.topology import Link, Node, Topology
from .model import GroupsModel

__all__ = ["DENOMINATORS", "GroupWitness", "certify_lower", "certify_upper", "group_algbw",
           "share_topology"]

DENOMINATORS = (64, 1024, 1 << 14, 1 << 20)   # the nearest fractions tried, in this order
GRID_BITS = 40


def _snap(value: float, limit: int | None, shift: int) -> Fraction:
    if not value > 0:
        return Fraction(0)
    if limit is None:
        return Fraction(math.floor(math.ldexp(value, shift)), 1 << shift) if shift >= 0 else \
            Fraction(math.floor(math.ldexp(value, shift)) << -shift)
    return Fraction(value).limit_denominator(limit)


def certify_upper(m: GroupsModel, dual: Callable[[str], float]
                  ) -> tuple[Fraction, frozenset[int]]:
    """An exact value at or above the concurrent LP's optimum λ* (module docstring).

    :param m: the solved upper model
    :param dual: row name -> HiGHS's row dual for the maximisation (<= 0 on a binding >=)
    :returns: the least of the certificates built from the duals, in topology units, and
        the link orbits its prices z_r are positive on (when the value is the optimum,
        complementary slackness fills those links at every optimum)
    :raises LPCertificateError: when no rounding of the duals covers λ
    """
    raw = {name: -dual(name) for name in m.cut_rows}
    raw = {name: y for name, y in raw.items() if y > 0}
    cap_of: dict[tuple[str, int], tuple[str, int]] = {}
    for r, name in m.cap_rows.items():
        for key, coef in m.row_terms[name][0].items():
            cap_of[key] = (name, coef)
    top = max(raw.values(), default=0.0)
    best: tuple[Fraction, frozenset[int]] | None = None
    orbit_of_row = {name: r for r, name in m.cap_rows.items()}
    for limit in (*DENOMINATORS, None):
        shift = GRID_BITS - math.frexp(top)[1] if top > 0 else 0
        y = {name: _snap(v, limit, shift) for name, v in raw.items()}
        cover = Fraction(0)
        need: dict[tuple[str, int], Fraction] = {}
        for name, weight in y.items():
            if not weight:
                continue
            terms, lam, _rhs, _sense = m.row_terms[name]
            cover += weight * lam
            for key, coef in terms.items():
                need[key] = need.get(key, Fraction(0)) + weight * coef
        if cover <= 0:
            continue
        price: dict[str, Fraction] = {}
        for key, amount in need.items():
            name, coef = cap_of[key]
            price[name] = max(price.get(name, Fraction(0)), amount / coef)
        value = sum((p * m.row_terms[name][2] for name, p in price.items()), Fraction(0))
        value = value * m.reference / cover
        if best is None or value < best[0]:
            best = (value, frozenset(orbit_of_row[name] for name, p in price.items() if p))
    if best is None:
        raise LPCertificateError(f"{m.where()}: HiGHS's duals cover no cut; no upper value "
                                 f"could be certified; please report the topology and groups")
    return best


@dataclass(frozen=True)
class GroupWitness:
    """The exact shares behind λ_low: ``shares[g]`` maps a link (u, v) to group g's share
    (topology units, only positive ones), ``algbw[g]`` is the exact algbw ForestColl
    reaches on it (the allgather or reduce-scatter bound)."""

    shares: tuple[Mapping[tuple[str, str], Fraction], ...]
    algbw: tuple[Fraction, ...]
    lam: Fraction


def share_topology(topology: Topology, group: Group,
                   share: Mapping[tuple[str, str], Fraction]) -> Topology:
    """The network group ``group`` sees on its share: its members are the compute nodes,
    every other node a switch, the links those with a positive share.

    :raises TopologyError: when the share is not balanced or leaves a member unreachable
    """
    keep = set(group.members)
    nodes = tuple(Node(id=n.id, kind="compute" if n.id in keep else "switch", box=n.box)
                  for n in topology.nodes)
    links = tuple(Link(u, v, b) for (u, v), b in share.items() if b > 0)
    return Topology(name=f"{topology.name} [share of {group.name or 'group'}]",
                    nodes=nodes, links=links, units=topology.units)


def group_algbw(topology: Topology, collective: Collective, kernel: str | None) -> Fraction:
    """ForestColl's exact algbw of ``collective`` on ``topology`` (allreduce: a
    reduce-scatter then an allgather, :func:`~forestcoll_opt.generation.bound.rs_ag_algbw`)."""
    if collective is Collective.ALLREDUCE:
        return rs_ag_algbw(topology, kernel=kernel)
    return bound(topology, collective=collective.value, kernel=kernel).algbw


def _balanced(ends: Sequence[tuple[int, int]], share: Sequence[Fraction], n: int) -> bool:
    net = [Fraction(0)] * n
    for (u, v), c in zip(ends, share):
        if c:
            net[v] += c
            net[u] -= c
    return not any(net)


def _balance(ends: Sequence[tuple[int, int]], share: Sequence[Fraction], n: int,
             kernel: str | None) -> list[Fraction] | None:
    """The share made exactly balanced by removing a transshipment of its excess (an
    integer max-flow on the share's own arcs). It always exists — a flow is cycles plus
    paths from its nodes of surplus out to those of surplus in, and the paths are such a
    transshipment — so None (the max-flow fell short) means a kernel error."""
    net = [Fraction(0)] * n
    for (u, v), c in zip(ends, share):
        if c:
            net[v] += c
            net[u] -= c
    if not any(net):
        return list(share)
    scale = math.lcm(*(c.denominator for c in share), *(d.denominator for d in net))
    caps = [int(c * scale) for c in share]
    s, t = n, n + 1
    edges = list(ends) + [(s, v) for v in range(n) if net[v] < 0] + \
        [(v, t) for v in range(n) if net[v] > 0]
    caps += [int(-net[v] * scale) for v in range(n) if net[v] < 0]
    caps += [int(net[v] * scale) for v in range(n) if net[v] > 0]
    flow = FlowNetwork(n + 2, edges, caps, kernel=kernel).edge_flows(s, t)
    if sum(f for (a, _b), f in zip(edges, flow) if a == s) != sum(
            int(d * scale) for d in net if d > 0):
        return None
    return [Fraction(caps[i] - flow[i], scale) for i in range(len(ends))]


def certify_lower(m: GroupsModel, value: Callable, kernel: str | None,
                  target: Fraction | None) -> GroupWitness:
    """Exactly feasible, balanced shares near HiGHS's solution of the balanced model and
    the exact λ ForestColl reaches on them (module docstring).

    :param m: the solved balanced model
    :param value: var -> HiGHS's value
    :param kernel: the max-flow kernel
    :param target: stop trying roundings once λ_low reaches this (the certified upper)
    :returns: the best witness found
    """
    topo, groups = m.topology, m.groups
    po = m.sym.pair_orbit
    kind = m.kinds[0]
    count = int(po.max()) + 1
    floats = [m.column_value(value, kind, o) for o in range(count)]
    top = max(floats, default=0.0)
    orbit_of_group = m.sym.group_orbit.tolist()
    reps = m.sym.representatives
    n = len(topo.node_ids)
    ids = topo.node_ids
    best: GroupWitness | None = None
    for limit in (*DENOMINATORS, None):
        shift = GRID_BITS - math.frexp(top)[1] if top > 0 else 0
        vals = [_snap(v, limit, shift) for v in floats]
        shares = [[vals[o] for o in po[g].tolist()] for g in range(len(groups))]
        symmetric = True
        for g in range(len(groups)):
            if limit is not None and not _balanced(m.ends, shares[g], n):
                # a nearest-fraction rounding is kept only when exactly balanced as it is
                # (its common denominator can be huge); the dyadic grid is repaired
                shares = None
                break
            fixed = _balance(m.ends, shares[g], n, kernel)
            if fixed is None:
                shares = None
                break
            if fixed != shares[g]:
                symmetric = False
                shares[g] = fixed
        if shares is None:
            continue
        load = [sum((shares[g][e] for g in range(len(groups))), Fraction(0))
                for e in range(len(m.ends))]
        rho = max((load[e] * m.reference / m.capacity[e] for e in range(len(m.ends))),
                  default=Fraction(0))
        factor = m.reference / rho if rho > 1 else m.reference
        exact = [{(ids[u], ids[v]): c * factor for (u, v), c in zip(m.ends, shares[g]) if c}
                 for g in range(len(groups))]
        algbw: dict[int, Fraction] = {}
        for g in (reps if symmetric else range(len(groups))):
            try:
                share = share_topology(topo, groups[g], exact[g])
                algbw[g] = group_algbw(share, m.collective, kernel)
            except TopologyError:
                algbw[g] = Fraction(0)
        per = tuple(algbw[g] if g in algbw else algbw[reps[_rep_index(reps, orbit_of_group, g)]]
                    for g in range(len(groups)))
        lam = min(a / grp.weight for a, grp in zip(per, groups))
        if best is None or lam > best.lam:
            best = GroupWitness(tuple(exact), per, lam)
        if target is not None and best.lam >= target:
            break
    if best is None:
        raise LPCertificateError(f"{m.where()}: no rounding of HiGHS's shares could be "
                                 f"balanced exactly; please report the topology and groups")
    return best


def _rep_index(reps: Sequence[int], orbit_of_group: Sequence[int], g: int) -> int:
    for i, r in enumerate(reps):
        if orbit_of_group[r] == orbit_of_group[g]:
            return i
    raise LPCertificateError("internal error: a group without a representative")
