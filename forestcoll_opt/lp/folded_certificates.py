"""The certified interval of the folded allreduce LP (:mod:`forestcoll_opt.lp.folded`), proved
on the *full* LP.

Trust. The certificates rebuild the orbits themselves (:func:`rebuild`) from the folded
model's generators, each checked to be an automorphism of the topology
(:func:`~forestcoll_opt.lp.folding.build_folding`); the model's own orbit bookkeeping is
used only to read HiGHS's values, never to argue. Call H the group the generators generate.
By construction (:mod:`forestcoll_opt.lp.folding`) every class used below is exactly an
orbit of H: compute orbits and link orbits are connected components under the generators;
pair orbits come from the transversal t_α ∈ H and the stabiliser orbits, which are the
connected components under the Schreier generators (Schreier's lemma: they generate the
stabiliser). The pair classes are also checked to be invariant under every generator.

Lower (:func:`certify_folded_lower`). The point is a point of the full LP, built so that
it is H-invariant, and checked exactly:

1. every value is rounded down to a grid (as in :mod:`forestcoll_opt.lp.certificates`,
   finer with the number of roots) and made constant on H's classes by taking each
   class's least value;
2. the physical capacity of *every* link is checked exactly: the load of link e is
   Σ_(kind,α) f(kind, α, e) with f(kind, α, e) = f(kind, α₀, t_α⁻¹(e)), counted per class
   of the representative's links over every α (a count per link and class, from the
   transversal); a link loaded beyond its capacity scales down every representative entry
   that some t_α maps onto it, by the link's ratio, so each term of its load falls by at
   least that ratio;
3. each representative commodity is made exactly conserving by an integer max-flow (as in
   the full certificate) and then *averaged* over its stabiliser's orbits. The average of
   a flow over a group of automorphisms fixing the source is a flow from that source with
   averaged deliveries, within any capacities constant on the orbits; it is checked to
   conserve exactly anyway. Commodity α is the image of its representative under the
   automorphism t_α, so it conserves and delivers c(α, β) = c(α₀, t_α⁻¹(β)) exactly; the
   loads are recomputed exactly and must fit (γ, as in the full certificate);
4. the max-flow condition F(s, t) >= Σ x for *every* compute t, both kinds: the logical
   capacities are rounded down to integers (a smaller network: a flow there is one in the
   true network) and are constant on H's pair orbits, x on its compute orbits, so every
   generator maps the network onto itself and the max-flow to t equals the max-flow to
   g(t): one max-flow per compute orbit decides all (and the generators are checked to
   keep the network). A violated cut S is fixed as in the full certificate, shrinking x by
   the cut's ratio on every compute orbit that meets S (x stays invariant; shrinking x
   never violates another cut).

Upper (:func:`certify_folded_upper`). HiGHS's duals of the folded rows define a dual point
of the *full* LP: a capacity row at link e_j with dual u_j becomes y = u_j on average over
H's images of e_j (u_j / |H e_j| on each link of its orbit); a cut row (kind, S_q) with
dual ν_q becomes the cut weights ν_q averaged over H's images of S_q. Both are H-invariant.
The full dual point is feasible when every root is covered (Σ of ν over the cuts holding
v, at least 1) and every logical pair's switch-path distance under y is at least the
weight w of the cuts it crosses (the weak duality chain of
:func:`forestcoll_opt.lp.certificates.certify_upper`). Averaging over H gives, exactly:

* cover(v) = Σ_q ν_q · |S_q ∩ O| / |O| for v in the compute orbit O (h⁻¹(v) is uniform on
  O when h is uniform on H);
* w^kind(α, β) = Σ_q ν_q · (pairs of P crossing S_q) / |P| for the pair orbit P of (α, β);
* the distance is H-invariant (y is, and H keeps links, lengths and kinds), so one
  Dijkstra per compute orbit gives every pair's.

So checking one representative per compute orbit and per pair orbit *is* checking every
root and every pair of the full LP: this folded dual check is exactly the full one applied
to that full dual point, and its value Σ_e b_e y_e = Σ_j b_(e_j) u_j is the full point's.
The duals are made exactly feasible as in the full certificate (integers on one scale,
ν divided by its least cover, y scaled by the largest w / distance).

Neither side trusts HiGHS or the folded model: wrong orbits in the model (a forged folding)
give a worse point or worse duals, hence a wider interval, never a wrong one; a generator
that is not an automorphism is refused (:class:`LPCertificateError`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from ..errors import LPCertificateError
from ..kernels.flow import FlowNetwork
from .certificates import (DUAL_BITS, GRID_BITS, _commodity_flow, grid, relay_distances,
                           shrink_to_max_flow)
from .folded import FoldedModel
from .folding import Folding, build_folding
from .model import LowerWitness, _logical_pairs
from .session import HighsSession

__all__ = ["WITNESS_LIMIT", "certify_folded_lower", "certify_folded_upper", "rebuild"]

# the full LowerWitness (one entry per commodity-link pair) is written out only up to this
# many commodity-link pairs; beyond it the witness is None and the point stays folded
WITNESS_LIMIT = 200_000


def rebuild(m: FoldedModel) -> Folding:
    """The certificates' own orbits, from the model's generators only (module docstring),
    with the pair classes checked invariant under every generator.

    :param m: a folded model
    :returns: the orbits, rebuilt
    :raises LPCertificateError: if a generator is not an automorphism
    """
    cf = build_folding(m.topology, m.folding.generators, _logical_pairs(m.topology))
    cpos = np.full(len(m.names), -1, dtype=np.int64)
    cpos[cf.compute] = np.arange(cf.num_compute)
    for i, g in enumerate(cf.generators):
        perm = cpos[g[cf.compute]]
        if not (np.array_equal(cf.orbit[perm], cf.orbit)
                and np.array_equal(cf.pair_label[np.ix_(perm, perm)], cf.pair_label)):
            raise LPCertificateError(f"internal error: {m.where()}: the pair orbits are not "
                                     f"invariant under generator {i}; please report it")
    return cf


class _Counts:
    """For one compute orbit: how many commodities α of the orbit put their
    representative's link class c on link e (count > 0 only), from the transversal."""

    def __init__(self, cf: Folding, o: int) -> None:
        members = np.flatnonzero(cf.orbit == o)
        cls = cf.stab_links[o]
        k = int(cls.max()) + 1
        codes = np.arange(cf.tinv_links.shape[1], dtype=np.int64)[None, :] * k + \
            cls[cf.tinv_links[members]]
        counts = np.bincount(codes.ravel(), minlength=cf.tinv_links.shape[1] * k)
        nz = np.flatnonzero(counts)
        self.link = (nz // k).tolist()
        self.cls = (nz % k).tolist()
        self.count = counts[nz].tolist()


def _loads(cf: Folding, counts: list[_Counts], values: dict) -> dict[int, object]:
    """Exact load of every link: Σ over kinds, orbits and classes of count · value."""
    load: dict[int, object] = {}
    for (kind, o), per_class in values.items():
        c = counts[o]
        for e, k, n in zip(c.link, c.cls, c.count):
            v = per_class.get(k, 0)
            if v:
                load[e] = load.get(e, 0) + n * v
    return load


def certify_folded_lower(m: FoldedModel, session: HighsSession, cf: Folding,
                         kernel: str | None) -> tuple[Fraction, LowerWitness | None]:
    """An exactly feasible point of the full LP near HiGHS's folded solution (module
    docstring, "Lower").

    :param m: the solved folded model
    :param session: its HiGHS session
    :param cf: the certificates' own orbits (:func:`rebuild`)
    :param kernel: the max-flow kernel
    :returns: the certified lower value (topology units) and, up to
        :data:`WITNESS_LIMIT` commodity-link pairs, the point as a :class:`LowerWitness`
    """
    N, names = cf.num_compute, m.names
    value = session.value
    x_model = m.x_values(value)
    total = float(x_model.sum())
    if not total > 0:
        return Fraction(0), None
    # the grid: 2**-(40 + extra) of the objective, finer with N so that each root's share
    # keeps about 2**40 steps (the full certificate's 2**-40 of the whole objective would
    # leave each of 1,024 shares 2**30); the max-flow totals stay below 2**53
    extra = max(0, N.bit_length() - 2)
    shift = GRID_BITS + extra + 1 - math.frexp(total)[1]
    delta = Fraction(1, 2**shift) if shift >= 0 else Fraction(2**-shift)
    reps = list(cf.reps)
    members = [np.flatnonzero(cf.orbit == o).tolist() for o in range(len(reps))]
    xs = [grid(v, shift) for v in x_model.tolist()]
    X = [min(xs[p] for p in group) for group in members]

    # 1. the representatives' rounded flows, least value per stabiliser class
    F: dict[tuple[str, int], dict[int, int]] = {}
    for kind in m.kinds:
        flows = m.route_values(value, kind)
        for o, p in enumerate(reps):
            cls = cf.stab_links[o]
            per: dict[int, int] = {}
            for e in np.flatnonzero(cf.route_label[p] >= 0).tolist():
                v = grid(float(flows[p, e]), shift)
                c = int(cls[e])
                per[c] = min(per.get(c, v), v)
            F[(kind, o)] = per
    # 2. every link's load, exactly; scale down what an overloaded link carries
    counts = [_Counts(cf, o) for o in range(len(reps))]
    capacity = [m.capacity[(names[int(u)], names[int(v)])]
                for u, v in zip(cf.link_u.tolist(), cf.link_v.tolist())]
    load = _loads(cf, counts, F)
    ratio = {e: capacity[e] / (delta * f) for e, f in load.items()
             if f and delta * f > capacity[e]}
    if ratio:
        for o, c in enumerate(counts):
            worst: dict[int, Fraction] = {}
            for e, k in zip(c.link, c.cls):
                if e in ratio:
                    worst[k] = min(worst.get(k, ratio[e]), ratio[e])
            for kind in m.kinds:
                per = F[(kind, o)]
                for k, r in worst.items():
                    if k in per:
                        per[k] = math.floor(r * per[k])

    # 3. each representative commodity conserving (max-flow), averaged over its stabiliser
    route: dict[tuple[str, int], dict[int, Fraction]] = {}
    deliver: dict[tuple[str, int], dict[int, Fraction]] = {}
    for kind in m.kinds:
        pairs = m.pair_values(value, kind)
        for o, p in enumerate(reps):
            route[(kind, o)], deliver[(kind, o)] = _conserving(
                m, cf, o, p, F[(kind, o)], pairs[p], shift, kernel)
    load = _loads(cf, counts, route)
    gamma = Fraction(1)
    for e, f in load.items():
        if f:
            gamma = min(gamma, capacity[e] / (delta * f))

    # 4. the max-flow condition at every compute node, one max-flow per compute orbit
    pair_value: dict[str, list[Fraction]] = {}
    for kind in m.kinds:
        pair_value[kind] = []
        for p0, q in cf.pair_reps:
            o = int(cf.orbit[p0])
            pair_value[kind].append(deliver[(kind, o)].get(
                int(cf.stab_nodes[o][cf.compute[q]]), Fraction(0)))
    X = _max_flow_condition(m, cf, X, pair_value, kernel)
    objective = sum(int(cf.orbit_size[o]) * X[o] for o in range(len(reps)))
    lower = gamma * delta * m.reference * objective
    witness = None
    if int((cf.route_label >= 0).sum()) <= WITNESS_LIMIT:
        witness = _witness(m, cf, gamma * delta * m.reference, X, route, pair_value)
    return lower, witness


def _conserving(m: FoldedModel, cf: Folding, o: int, p: int, caps: dict[int, int],
                pair_row: np.ndarray, shift: int, kernel: str | None
                ) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Step 3 for the representative commodity at position p: its flow per stabiliser
    link class and its delivery per stabiliser node class, exact and conserving."""
    n = len(m.names)
    T = n
    a = int(cf.compute[p])
    link_cls = cf.stab_links[o]
    node_cls = cf.stab_nodes[o]
    links = np.flatnonzero(cf.route_label[p] >= 0).tolist()
    partners = np.flatnonzero(cf.pair_mask[p]).tolist()
    arcs = [(int(cf.link_u[e]), int(cf.link_v[e])) for e in links]
    arc_caps = [caps.get(int(link_cls[e]), 0) for e in links]
    sink_caps: dict[int, int] = {}
    for q in partners:
        c = int(node_cls[cf.compute[q]])
        v = grid(float(pair_row[q]), shift)
        sink_caps[c] = min(sink_caps.get(c, v), v)
    arcs += [(int(cf.compute[q]), T) for q in partners]
    arc_caps += [sink_caps[int(node_cls[cf.compute[q]])] for q in partners]
    if not arcs:
        return {}, {}
    flows = _commodity_flow(n + 1, arcs, arc_caps, a, T, kernel)
    sums: dict[int, int] = {}
    sizes: dict[int, int] = {}
    for e, f in zip(links, flows):
        c = int(link_cls[e])
        sums[c] = sums.get(c, 0) + f
        sizes[c] = sizes.get(c, 0) + 1
    route = {c: Fraction(s, sizes[c]) for c, s in sums.items() if s}
    dsum: dict[int, int] = {}
    dsize: dict[int, int] = {}
    for q, f in zip(partners, flows[len(links):]):
        c = int(node_cls[cf.compute[q]])
        dsum[c] = dsum.get(c, 0) + f
        dsize[c] = dsize.get(c, 0) + 1
    deliver = {c: Fraction(s, dsize[c]) for c, s in dsum.items() if s}
    # exact conservation of the averaged flow, node by node
    balance = [Fraction(0)] * n
    for e in links:
        f = route.get(int(link_cls[e]), 0)
        if f:
            balance[int(cf.link_u[e])] -= f
            balance[int(cf.link_v[e])] += f
    partner_nodes = {int(cf.compute[q]) for q in partners}
    for v in range(n):
        if v == a:
            continue
        want = deliver.get(int(node_cls[v]), 0) if v in partner_nodes else 0
        if cf.switch[v]:
            want = 0
        if balance[v] != want:
            raise LPCertificateError(f"internal error: {m.where()}: the averaged flow of "
                                     f"commodity {m.names[a]!r} does not conserve at "
                                     f"{m.names[v]!r}; please report it")
    return route, deliver


def _max_flow_condition(m: FoldedModel, cf: Folding, X: list[int],
                        pair_value: dict[str, list[Fraction]], kernel: str | None) -> list[int]:
    """Step 4: shrink X (per compute orbit) until F(s, t) >= Σ x holds at every compute t
    of both kinds' logical networks, capacities rounded down to integers: one target per
    compute orbit, a violated cut shrinking x on every orbit it meets (so x stays constant
    on the orbits), by :func:`~forestcoll_opt.lp.certificates.shrink_to_max_flow`."""
    n = cf.num_compute
    rows, cols = np.nonzero(cf.pair_mask)
    labels = cf.pair_label[rows, cols].tolist()
    orbit = cf.orbit.tolist()
    members: dict[int, list[int]] = {}
    for p, o in enumerate(orbit):
        members.setdefault(o, []).append(p)

    def orbits_of(side: list[int]) -> list[int]:
        return [p for o in sorted({orbit[p] for p in side}) for p in members[o]]

    shares = [X[orbit[p]] for p in range(n)]
    rounds = 0
    for kind in m.kinds:
        caps_by_class = [math.floor(v) for v in pair_value[kind]]
        edges = list(zip(rows.tolist(), cols.tolist())) if kind == "bc" else \
            list(zip(cols.tolist(), rows.tolist()))
        edges += [(n, p) for p in range(n)]
        caps = [caps_by_class[k] for k in labels] + shares
        net = FlowNetwork(n + 1, edges, caps, kernel=kernel)
        _check_invariant(m, cf, net.capacities, len(labels))
        rounds = shrink_to_max_flow(net, list(range(len(labels), len(edges))), shares,
                                    list(cf.reps), orbits_of, rounds, m.where())
    return [shares[p] for p in cf.reps]


def _check_invariant(m: FoldedModel, cf: Folding, caps: list[int], pairs: int) -> None:
    """Every generator maps the logical network (pair capacities and source arcs) onto
    itself, so one max-flow per compute orbit decides for the whole orbit."""
    n = cf.num_compute
    dtype = np.int64 if max(caps, default=0) < 2**62 else object
    matrix = np.zeros((n, n), dtype=dtype)
    rows, cols = np.nonzero(cf.pair_mask)
    matrix[rows, cols] = np.array(caps[:pairs], dtype=dtype)
    source = np.array(caps[pairs:], dtype=dtype)
    cpos = np.full(len(m.names), -1, dtype=np.int64)
    cpos[cf.compute] = np.arange(n)
    for i, g in enumerate(cf.generators):
        perm = cpos[g[cf.compute]]
        if not (np.array_equal(matrix[np.ix_(perm, perm)], matrix)
                and np.array_equal(source[perm], source)):
            raise LPCertificateError(f"internal error: {m.where()}: generator {i} does not "
                                     f"keep the certificate's logical network; please "
                                     f"report it")


def _witness(m: FoldedModel, cf: Folding, unit: Fraction, X: list[int],
             route: dict[tuple[str, int], dict[int, Fraction]],
             pair_value: dict[str, list[Fraction]]) -> LowerWitness:
    """The certified point written out on the full LP, in integers of one unit."""
    names = m.names
    den = 1
    for part in list(route.values()):
        for v in part.values():
            den = math.lcm(den, v.denominator)
    for values in pair_value.values():
        for v in values:
            den = math.lcm(den, v.denominator)
    compute = cf.compute.tolist()
    ids = [names[c] for c in compute]
    x = {ids[p]: X[int(cf.orbit[p])] * den for p in range(cf.num_compute)}
    logical: dict[tuple[str, str, str], int] = {}
    rows, cols = np.nonzero(cf.pair_mask)
    labels = cf.pair_label[rows, cols].tolist()
    for kind in m.kinds:
        ints = [int(v * den) for v in pair_value[kind]]
        for p, q, k in zip(rows.tolist(), cols.tolist(), labels):
            if ints[k]:
                logical[(kind, ids[p], ids[q])] = ints[k]
    routes: dict[tuple[str, str, str, str], int] = {}
    link_names = [(names[u], names[v]) for u, v in zip(cf.link_u.tolist(), cf.link_v.tolist())]
    for o in range(len(cf.reps)):
        width = int(cf.stab_links[o].max()) + 1
        for kind in m.kinds:
            ints = [0] * width
            for c, v in route[(kind, o)].items():
                ints[c] = int(v * den)
            table = np.array(ints, dtype=object)
            for p in np.flatnonzero(cf.orbit == o).tolist():
                domain = np.flatnonzero(cf.route_label[p] >= 0)
                values = table[cf.stab_links[o][cf.tinv_links[p, domain]]]
                a = ids[p]
                for e, v in zip(domain.tolist(), values.tolist()):
                    if v:
                        routes[(kind, a) + link_names[e]] = v
    return LowerWitness(unit / den, MappingProxyType(x), MappingProxyType(logical),
                        MappingProxyType(routes))


# --- upper ------------------------------------------------------------------------------

def certify_folded_upper(m: FoldedModel, session: HighsSession, cf: Folding) -> Fraction:
    """The objective of an exactly feasible dual point of the full LP, spread from the
    folded duals over H (module docstring, "Upper"), in units of R.

    :param m: the solved folded model
    :param session: its HiGHS session (row duals)
    :param cf: the certificates' own orbits (:func:`rebuild`)
    :returns: the certified upper value, in units of R
    """
    index = m.index
    cpos = {int(v): p for p, v in enumerate(cf.compute.tolist())}
    link_index = {(int(u), int(v)): e for e, (u, v) in
                  enumerate(zip(cf.link_u.tolist(), cf.link_v.tolist()))}
    y: dict[int, float] = {}
    for (a, b), row in m.cap_rows.items():
        j = int(cf.link_orbit[link_index[(index[a], index[b])]])
        y[j] = y.get(j, 0.0) + max(session.dual(row), 0.0)
    weights: dict[tuple[str, frozenset[str]], float] = {}
    for key, row in m.cuts.items():
        nu = -session.dual(row)
        if nu > 0:
            weights[key] = nu
    top = max(max(weights.values(), default=0.0), max(y.values(), default=0.0))
    shift = DUAL_BITS - math.frexp(top)[1] if top > 0 else 0
    one = max(1, round(math.ldexp(1.0, shift)))
    V = {key: round(math.ldexp(w, shift)) for key, w in weights.items()}
    V = {key: w for key, w in V.items() if w > 0}
    Y = {j: math.ceil(math.ldexp(v, shift)) for j, v in y.items()}

    def mask(side: frozenset[str]) -> np.ndarray:
        inside = np.zeros(cf.num_compute, dtype=bool)
        inside[[cpos[index[v]] for v in side]] = True
        return inside

    masks = {key: mask(key[1]) for key in V}
    sizes = cf.orbit_size.tolist()

    def covers() -> list[Fraction]:
        total = [0] * len(sizes)
        for key, w in V.items():
            hits = np.bincount(cf.orbit[masks[key]], minlength=len(sizes)).tolist()
            for o, h in enumerate(hits):
                total[o] += w * h
        return [Fraction(t, sizes[o]) for o, t in enumerate(total)]

    cover = covers()
    for o, c in enumerate(cover):
        if c == 0:        # an orbit no cut covers: its representative's singleton, spread
            key = ("bc", frozenset((m.names[int(cf.compute[cf.reps[o]])],)))
            V[key] = V.get(key, 0) + one * sizes[o]
            masks[key] = mask(key[1])
    covered = min(covers())
    # w^kind per pair orbit
    need: dict[tuple[str, int], Fraction] = {}
    for (kind, side), w in V.items():
        inside = masks[(kind, side)]
        ins, outs = np.flatnonzero(inside), np.flatnonzero(~inside)
        block = cf.pair_label[np.ix_(ins, outs)] if kind == "bc" else \
            cf.pair_label[np.ix_(outs, ins)]
        crossing = np.bincount(block[block >= 0], minlength=len(cf.pair_reps)).tolist()
        for k, c in enumerate(crossing):
            if c:
                need[(kind, k)] = need.get((kind, k), Fraction(0)) + Fraction(w * c)
    need = {key: v / int(cf.pair_size[key[1]]) for key, v in need.items()}
    dist = _distances(cf, Y)
    stuck = [w for (_, k), w in need.items() if dist[k] == 0]
    if stuck:
        # dual noise: lengthen every link by the largest stuck weight
        extra = math.ceil(max(stuck))
        Y = {j: Y.get(j, 0) + extra * int(cf.link_orbit_size[j])
             for j in range(len(cf.link_reps))}
        dist = _distances(cf, Y)
    factor = max((w / dist[k] for (_, k), w in need.items()), default=Fraction(0))
    length = Fraction(0)
    for j, value in Y.items():
        e = cf.link_reps[j]
        length += m.capacity[(m.names[int(cf.link_u[e])], m.names[int(cf.link_v[e])])] * value
    return length * factor / covered


def _distances(cf: Folding, Y: dict[int, int]) -> list[Fraction]:
    """Switch-path distance of every pair orbit's representative under y_e = Y_j / |O_j|
    (exact: integer lengths in units of 1 / lcm of the orbit sizes)."""
    scale = 1
    for j, v in Y.items():
        if v:
            scale = math.lcm(scale, int(cf.link_orbit_size[j]))
    length = [Y.get(int(j), 0) * (scale // int(cf.link_orbit_size[j]))
              for j in cf.link_orbit.tolist()]
    succ: dict[int, list[tuple[int, int]]] = {}
    for e, (u, v) in enumerate(zip(cf.link_u.tolist(), cf.link_v.tolist())):
        succ.setdefault(u, []).append((v, length[e]))
    out: list[Fraction] = [Fraction(0)] * len(cf.pair_reps)
    by_source: dict[int, list[int]] = {}
    for k, (p, _q) in enumerate(cf.pair_reps):
        by_source.setdefault(p, []).append(k)
    switch = cf.switch
    for p, classes in by_source.items():
        best = relay_distances(int(cf.compute[p]), succ, lambda u: bool(switch[u]), int)
        for k in classes:
            out[k] = Fraction(best[int(cf.compute[cf.pair_reps[k][1]])], scale)
    return out
