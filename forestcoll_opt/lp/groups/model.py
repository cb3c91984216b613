"""The concurrent-groups LP: several process groups run one collective at the same time and
share every link (issue 34, "Groups at once"); the model, its symmetry, and its cuts.

The LP
------
Groups g = 1..G, group g with members M_g (n_g of them) and weight w_g. Every group gets a
share c_g(e) >= 0 of every link e, Σ_g c_g(e) <= c(e), and the LP maximises the common
scale λ at which every group runs at algbw λ·w_g, i.e. every member of g roots a shard at
x_g = λ·w_g / n_g.

* allgather: on its share, group g meets the bound (★) of the paper's section 4 with its
  non-members as switches: c_g(δ+(S)) >= |S ∩ M_g|·x_g for every node set S that misses a
  member — equivalently, in the auxiliary network G_x of Theorem 1 (a super-source feeding
  every member at x_g), every member t receives a flow of n_g·x_g. Any schedule at all
  (trees or not) meets it with c_g(e) the bandwidth group g uses on e on average, because
  the |S ∩ M_g| shards held inside S must leave S to reach the member outside it.
* reduce-scatter: the same on the reversed network, c_g(δ-(S)) >= |S ∩ M_g|·x_g.
* allreduce is ForestColl's: a reduce-scatter, then an allgather (paper, section 5.7);
  :mod:`forestcoll_opt.lp.groups.solve` solves the two phases' LPs and adds their times.

That LP (``balanced=False``) is the *upper* model. The *lower* model adds, for every group
and node, in = out of its share (``balanced=True``): on a balanced share ForestColl reaches
the bound (edge splitting needs only that the non-members are balanced non-terminals), so
each group can be scheduled exactly on its share.

The cut constraints are generated lazily (as :mod:`forestcoll_opt.lp.model`'s ``"cuts"``
formulation): the model starts with the cuts around single members, and separation runs
the integer max-flows of G_x on HiGHS's shares (:func:`violated_cuts`).

Symmetry
--------
A permutation of the nodes that maps every link onto a link of the same bandwidth and
every group onto a group of the same weight (:func:`group_symmetry`) maps feasible points
onto feasible points, so the LP's optimum is attained at a point fixed by the whole group
H they generate (the average of an optimum's images). The model is therefore written over
the orbits of H on (group, link) pairs — one variable per orbit, one capacity row per link
orbit, cuts and balance rows only for a representative of each orbit of groups. Every
generator is checked exactly before use; with no symmetry the orbits are single pairs and
the model is the plain LP. Names use indices: ``lam``, ``c_<kind>_<orbit>``,
``cap_<link orbit>``, ``cut_<n>``, ``bal_<n>``.

No relaying (``relay=False``)
-----------------------------
A process group's communicator uses its members' GPUs alone: a compute node outside group
g forwards none of g's data. Every path of g's schedule then avoids the compute nodes
outside M_g, so g uses no link with such a node at either end: c_g(e) = 0 on those links
(:func:`blocked_pairs`; a link between two switches, a NIC's uplink say, stays open to
every group). The model drops those columns — the LP above with c_g(e) = 0 added, so its
cuts, certificates and witness are the same argument on fewer columns: any schedule that
relays through no non-member meets every cut with its average use, zero on the blocked
links (upper), and a balanced share that is zero there gives g trees whose paths never
enter a non-member (lower: on the share, the non-members are isolated switches). The
symmetry then also keeps compute nodes and switches apart, so that a blocked pair's orbit
holds blocked pairs only (checked exactly).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import numpy as np
import pulp
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from ...errors import LPCertificateError, LPError
from ...kernels.flow import FlowNetwork
from ...model.collective import Collective
from ...model.groups import Group
from ...model.topology import Topology
from ..certificates import grid

__all__ = ["GroupSymmetry", "GroupsModel", "blocked_pairs", "build_groups_model",
           "group_symmetry", "violated_cuts"]

SEPARATION_BITS = 40
SEPARATION_TOLERANCE = 1e-9
_MEMBER = Fraction(-1)        # the "capacity" of a member -> group link in the search graph
_CHUNK = 8                    # generators whose pair images are merged at once


@dataclass(frozen=True)
class GroupSymmetry:
    """A group H of permutations of the nodes and of the groups, and its orbits.

    :ivar node_perms: generators on the node indices (``Topology.node_ids`` order)
    :ivar group_perms: the same generators on the group indices
    :ivar pair_orbit: (group index, link index) -> orbit number, a G × E integer array, the
        orbits numbered in order of their smallest pair (group-major)
    :ivar link_orbit: link index -> the orbit of the link (numbered by smallest link)
    :ivar group_orbit: group index -> the orbit of the group (numbered by smallest group)
    """

    node_perms: tuple[tuple[int, ...], ...]
    group_perms: tuple[tuple[int, ...], ...]
    pair_orbit: np.ndarray
    link_orbit: np.ndarray
    group_orbit: np.ndarray

    @property
    def representatives(self) -> tuple[int, ...]:
        """The smallest group index of every orbit of groups."""
        seen: dict[int, int] = {}
        for g, o in enumerate(self.group_orbit.tolist()):
            seen.setdefault(o, g)
        return tuple(sorted(seen.values()))


def _links(topology: Topology) -> tuple[list[tuple[str, str]], dict[tuple[int, int], int]]:
    index = topology.index
    links = list(topology.capacity)
    return links, {(index[u], index[v]): i for i, (u, v) in enumerate(links)}


def _orbit_labels(size: int, edges: list[tuple[np.ndarray, np.ndarray]], *,
                  first: bool = False) -> np.ndarray:
    """Connected components of the pairs i — image(i): numbered 0, 1, ... in order of their
    smallest member, or (``first``) labelled by their smallest member itself."""
    if edges:
        a = np.concatenate([e[0] for e in edges])
        b = np.concatenate([e[1] for e in edges])
        graph = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(size, size))
        _, raw = connected_components(graph, directed=True, connection="weak")
    else:
        raw = np.arange(size)
    # the smallest member of each component, and the components in order of it
    smallest = np.full(int(raw.max()) + 1 if size else 0, size, dtype=np.int64)
    np.minimum.at(smallest, raw, np.arange(size, dtype=np.int64))
    if first:
        return smallest[raw]
    order = np.empty_like(smallest)
    order[np.argsort(smallest, kind="stable")] = np.arange(len(smallest))
    return order[raw]


def group_symmetry(topology: Topology, groups: Sequence[Group], *,
                   symmetry: bool = True, kinds: bool = False) -> GroupSymmetry:
    """The permutations of the nodes that keep every link's bandwidth and map groups onto
    groups of equal weight (BLISS on the network with one extra node per group, joined to
    its members), each checked exactly, and their orbits on groups, links and pairs.

    :param topology: the network
    :param groups: the groups
    :param symmetry: False for the trivial group (every pair its own orbit)
    :param kinds: also map compute nodes onto compute nodes (and switches onto switches):
        the symmetry of the no-relay model, whose blocked links are those of the compute
        nodes outside a group
    :returns: the symmetry
    :raises LPCertificateError: when a generator BLISS returns is not such a permutation
    """
    links, link_index = _links(topology)
    n, G, E = len(topology.node_ids), len(groups), len(links)
    node_perms: list[tuple[int, ...]] = []
    group_perms: list[tuple[int, ...]] = []
    if symmetry:
        from ...kernels.symmetry import graph_automorphisms

        index = topology.index
        classes: list[Any] = ([("node", v.kind) for v in topology.nodes] if kinds else
                              [("node",)] * n) + [("group", g.weight) for g in groups]
        capacity: dict[tuple[int, int], Any] = {
            (index[u], index[v]): b for (u, v), b in topology.capacity.items()}
        for j, g in enumerate(groups):
            for m in g.members:
                capacity[(index[m], n + j)] = _MEMBER
        member_sets = {frozenset(index[m] for m in g.members): j for j, g in enumerate(groups)}
        for perm in graph_automorphisms(n + G, classes, capacity, whole=False):
            p = tuple(perm[:n])
            q = tuple(perm[j] - n for j in range(n, n + G))
            _check_generator(topology, groups, p, q, member_sets, kinds)
            node_perms.append(p)
            group_perms.append(q)
    # orbits on links, groups, pairs
    link_edges, group_edges = [], []
    ends = np.array([(topology.index[u], topology.index[v]) for u, v in links],
                    dtype=np.int64).reshape(-1, 2)
    pairs = np.arange(G * E, dtype=np.int64)
    pair_labels = np.arange(G * E, dtype=np.int64)
    pending: list[tuple[np.ndarray, np.ndarray]] = []
    for j, (p, q) in enumerate(zip(node_perms, group_perms)):
        pa = np.asarray(p, dtype=np.int64)
        img = np.array([link_index[(a, b)] for a, b in zip(pa[ends[:, 0]].tolist(),
                                                            pa[ends[:, 1]].tolist())],
                       dtype=np.int64)
        qa = np.asarray(q, dtype=np.int64)
        link_edges.append((np.arange(E), img))
        group_edges.append((np.arange(G), qa))
        pending.append((pairs, qa[pairs // E] * E + img[pairs % E]))
        if len(pending) == _CHUNK or j == len(node_perms) - 1:
            # merge this chunk's edges with the orbits so far (memory: one chunk at a time)
            pending.append((pairs, pair_labels))
            pair_labels = _orbit_labels(G * E, pending, first=True)
            pending = []
    return GroupSymmetry(tuple(node_perms), tuple(group_perms),
                         _orbit_labels(G * E, [(pairs, pair_labels)]).reshape(G, E),
                         _orbit_labels(E, link_edges), _orbit_labels(G, group_edges))


def _check_generator(topology: Topology, groups: Sequence[Group], p: Sequence[int],
                     q: Sequence[int], member_sets: dict[frozenset, int],
                     kinds: bool = False) -> None:
    n = len(topology.node_ids)
    ids = topology.node_ids
    index = topology.index
    ok = sorted(p) == list(range(n)) and sorted(q) == list(range(len(groups)))
    if ok and kinds:
        ok = all(topology.nodes[p[i]].kind == topology.nodes[i].kind for i in range(n))
    if ok:
        cap = topology.capacity
        ok = all(cap.get((ids[p[index[u]]], ids[p[index[v]]])) == b for (u, v), b in cap.items())
    if ok:
        for j, g in enumerate(groups):
            image = frozenset(p[index[m]] for m in g.members)
            if member_sets.get(image) != q[j] or groups[q[j]].weight != g.weight:
                ok = False
                break
    if not ok:
        raise LPCertificateError(f"internal error: a symmetry of {topology.name!r} with its "
                                 f"groups does not keep the links or the groups; run with "
                                 f"symmetry=False and please report it",
                                 options=("symmetry",))


def blocked_pairs(topology: Topology, groups: Sequence[Group]) -> np.ndarray:
    """G × E booleans: group g may not use link e when relaying is off, because e has a
    compute node outside g at one end (module docstring, "No relaying").

    :param topology: the network
    :param groups: the groups
    :returns: the array, links in ``topology.capacity`` order"""
    links, _ = _links(topology)
    index = topology.index
    compute = np.zeros(len(topology.node_ids), dtype=bool)
    for v in topology.compute_nodes:
        compute[index[v]] = True
    ends = np.array([(index[u], index[v]) for u, v in links], dtype=np.int64).reshape(-1, 2)
    out = np.zeros((len(groups), len(links)), dtype=bool)
    for g, group in enumerate(groups):
        outside = compute.copy()
        for m in group.members:
            outside[index[m]] = False
        out[g] = outside[ends[:, 0]] | outside[ends[:, 1]]
    return out


def _blocked_orbits(topology: Topology, groups: Sequence[Group],
                    sym: GroupSymmetry) -> frozenset[int]:
    """The pair orbits whose pairs are all blocked (:func:`blocked_pairs`); an orbit that
    mixes blocked and open pairs is a symmetry that does not keep the compute nodes."""
    blocked = blocked_pairs(topology, groups).ravel()
    orbit = sym.pair_orbit.ravel()
    count = int(orbit.max()) + 1 if orbit.size else 0
    some = np.zeros(count, dtype=bool)
    every = np.ones(count, dtype=bool)
    np.logical_or.at(some, orbit, blocked)
    np.logical_and.at(every, orbit, blocked)
    if (some != every).any():
        raise LPCertificateError(f"internal error: a symmetry of {topology.name!r} with its "
                                 f"groups maps a link of a non-member compute node onto one "
                                 f"of none; run with symmetry=False and please report it",
                                 options=("symmetry",))
    return frozenset(np.flatnonzero(every).tolist())


class GroupsModel:
    """The concurrent-groups LP over orbit variables (module docstring), in units of the
    reference bandwidth R (a power of two: dividing by it is exact). The duck type
    :class:`~forestcoll_opt.lp.session.HighsSession` solves: ``lp``, ``rows``, ``row_of``,
    :meth:`where`.

    :ivar kinds: the share kind: ``("ag",)`` or ``("rs",)``
    :ivar relay: False for the no-relay model (module docstring)
    :ivar blocked: the pair orbits without a column (no-relay: a non-member's links)
    :ivar columns: (kind, pair orbit) -> PuLP variable, every orbit not ``blocked``
    :ivar cut_rows: row name -> (kind, group index, frozenset of node indices S)
    :ivar row_terms: row name -> ({column key: integer coefficient}, λ coefficient
        (Fraction), right-hand side (Fraction), sense ``">="``, ``"<="`` or ``"=="``)
    """

    def __init__(self, topology: Topology, groups: Sequence[Group], collective: Collective,
                 sym: GroupSymmetry, reference: Fraction, balanced: bool,
                 relay: bool = True) -> None:
        self.topology, self.groups, self.collective = topology, tuple(groups), collective
        self.sym, self.reference, self.balanced = sym, reference, balanced
        self.relay = relay
        self.blocked: frozenset[int] = frozenset() if relay else \
            _blocked_orbits(topology, groups, sym)
        self.links, _ = _links(topology)
        self.ends = [(topology.index[u], topology.index[v]) for u, v in self.links]
        self.capacity = [topology.capacity[e] for e in self.links]
        if collective not in (Collective.ALLGATHER, Collective.REDUCE_SCATTER):
            raise LPError(f"the concurrent-groups LP is for allgather and reduce-scatter, "
                          f"not {collective}")
        self.kinds: tuple[str, ...] = \
            ("rs",) if collective is Collective.REDUCE_SCATTER else ("ag",)
        self.member_index = [frozenset(topology.index[m] for m in g.members) for g in groups]
        name = "groups_balanced" if balanced else "groups"
        self.lp = pulp.LpProblem(name, pulp.LpMaximize)
        self.rows: list[tuple[str, Any]] = []
        self.row_of: dict[str, int] = {}
        self.row_terms: dict[str, tuple[dict, Fraction, Fraction, str]] = {}
        self.cut_rows: dict[str, tuple[str, int, frozenset]] = {}
        self._seen: set = set()
        self.lam = self.lp.add_variable("lam", lowBound=0)
        self.lp.setObjective(self.lam)
        count = int(sym.pair_orbit.max()) + 1 if sym.pair_orbit.size else 0
        self.columns = {(k, o): self.lp.add_variable(f"c_{k}_{o}", lowBound=0)
                        for k in self.kinds for o in range(count) if o not in self.blocked}
        self.cap_rows: dict[int, str] = {}

    def where(self) -> str:
        kind = "balanced " if self.balanced else ""
        relay = "" if self.relay else " without relays"
        return (f"the {kind}concurrent {self.collective} LP of {len(self.groups)} groups"
                f"{relay} on {self.topology.name!r}")

    def column_value(self, value: Any, kind: str, orbit: int) -> float:
        """``value`` of the column of (kind, orbit); 0 for a blocked orbit (no column)."""
        column = self.columns.get((kind, orbit))
        return 0.0 if column is None else value(column)

    def _add_row(self, terms: dict, lam: Fraction, rhs: Fraction, sense: str,
                 name: str) -> None:
        expr = pulp.lpSum(c * self.columns[k] for k, c in terms.items())
        if lam:
            expr = expr - float(lam) * self.lam
        constraint = {">=": expr >= float(rhs), "<=": expr <= float(rhs),
                      "==": expr == float(rhs)}[sense]
        self.lp.addConstraint(constraint, name)
        self.row_of[name] = len(self.rows)
        self.rows.append((name, constraint))
        self.row_terms[name] = (terms, lam, rhs, sense)

    def add_cut(self, kind: str, g: int, side: frozenset) -> bool:
        """The cut row of group ``g`` and node set S (node indices): c_g(δ+(S)) (δ-(S) for
        ``"rs"``) >= |S ∩ M_g|·w_g/n_g · λ; False when the same row is in already.
        """
        inside = len(side & self.member_index[g])
        if not inside or len(self.member_index[g] - side) == 0:
            return False
        group = self.groups[g]
        orbit = self.sym.pair_orbit[g]
        terms: dict[tuple[str, int], int] = {}
        for i, (u, v) in enumerate(self.ends):
            crossing = (u in side and v not in side) if kind == "ag" else \
                (v in side and u not in side)
            if crossing and int(orbit[i]) not in self.blocked:
                key = (kind, int(orbit[i]))
                terms[key] = terms.get(key, 0) + 1
        lam = Fraction(inside) * group.weight / len(group)
        key = (tuple(sorted(terms.items())), lam)
        if key in self._seen:
            return False
        self._seen.add(key)
        name = f"cut_{len(self.cut_rows) + 1}"
        self._add_row(terms, lam, Fraction(0), ">=", name)
        self.cut_rows[name] = (kind, g, side)
        return True


def reference_for(values: Sequence[Fraction]) -> Fraction:
    """The power of two nearest the smallest of ``values`` (positive)."""
    v = min(values)
    return Fraction(2) ** round(math.log2(v.numerator) - math.log2(v.denominator))


def build_groups_model(topology: Topology, groups: Sequence[Group], collective: Collective,
                       sym: GroupSymmetry, reference: Fraction, *,
                       balanced: bool, relay: bool = True) -> GroupsModel:
    """The model with its capacity rows, balance rows (``balanced``) and the starting
    cuts (every member alone, every node but one member, every box's nodes and the rest).

    :param topology: the network
    :param groups: the groups
    :param collective: allgather or reduce-scatter
    :param sym: the symmetry the variables are orbits of
    :param reference: R, the bandwidth unit of the model
    :param balanced: the lower (balanced) model, else the upper one
    :param relay: False: no group uses a link of a compute node outside it (module
        docstring, "No relaying"); ``sym`` must then keep the node kinds
        (``group_symmetry(kinds=True)``)
    :returns: the model
    :raises LPCertificateError: when ``sym`` maps a blocked pair onto an open one
    """
    m = GroupsModel(topology, groups, collective, sym, reference, balanced, relay)
    po = sym.pair_orbit
    reps = sym.representatives
    # capacity: one row per link orbit, on its smallest link
    done: set[int] = set()
    for e, r in enumerate(sym.link_orbit.tolist()):
        if r in done:
            continue
        done.add(r)
        terms: dict[tuple[str, int], int] = {}
        for g in range(len(groups)):
            for k in m.kinds:
                if int(po[g, e]) in m.blocked:
                    continue
                key = (k, int(po[g, e]))
                terms[key] = terms.get(key, 0) + 1
        if not terms:               # no group may use the link
            continue
        name = f"cap_{r}"
        m._add_row(terms, Fraction(0), m.capacity[e] / reference, "<=", name)
        m.cap_rows[r] = name
    if balanced:
        seen: set = set()
        n = len(topology.node_ids)
        for g in reps:
            for k in m.kinds:
                net: list[dict] = [dict() for _ in range(n)]
                for e, (u, v) in enumerate(m.ends):
                    if int(po[g, e]) in m.blocked:
                        continue
                    key = (k, int(po[g, e]))
                    net[v][key] = net[v].get(key, 0) + 1
                    net[u][key] = net[u].get(key, 0) - 1
                for terms in net:
                    terms = {key: c for key, c in terms.items() if c}
                    sig = tuple(sorted(terms.items()))
                    if not terms or sig in seen:
                        continue
                    seen.add(sig)
                    m._add_row(terms, Fraction(0), Fraction(0), "==", f"bal_{len(seen)}")
    every = frozenset(range(len(topology.node_ids)))
    index = topology.index
    boxes = [frozenset(index[v] for v in topology.node_ids if topology.node[v].box == box)
             for box in topology.boxes() if box is not None]
    for g in reps:
        for k in m.kinds:
            for v in sorted(m.member_index[g]):
                m.add_cut(k, g, frozenset({v}))
                m.add_cut(k, g, every - {v})
            for side in boxes:           # every box, and every node but a box
                m.add_cut(k, g, side)
                m.add_cut(k, g, every - side)
    return m


def share_values(m: GroupsModel, value) -> dict[str, np.ndarray]:
    """kind -> G × E array of the shares (units of R) of the model's current solution,
    read through ``value(var)``."""
    po = m.sym.pair_orbit
    out = {}
    for k in m.kinds:
        per_orbit = np.array([m.column_value(value, k, o) for o in range(int(po.max()) + 1)],
                             dtype=float)
        out[k] = per_orbit[po]
    return out


def violated_cuts(m: GroupsModel, value, kernel: str | None) -> list[tuple[str, int, frozenset]]:
    """The cuts the current solution violates (relative SEPARATION_TOLERANCE), found by
    the integer max-flows of G_x for every member of a representative group.

    :param m: the model
    :param value: var -> its value in the current solution
    :param kernel: the max-flow kernel
    :returns: (kind, group index, node set S) of every violated cut found
    """
    lam = value(m.lam)
    if not lam > 0:
        return []
    shares = share_values(m, value)
    n = len(m.topology.node_ids)
    s = n
    found = []
    for g in m.sym.representatives:
        group = m.groups[g]
        x = lam * float(group.weight) / len(group)
        members = sorted(m.member_index[g])
        shift = SEPARATION_BITS - math.frexp(x * len(members))[1]
        for k in m.kinds:
            edges = [(u, v) if k == "ag" else (v, u) for (u, v) in m.ends]
            caps = [grid(c, shift) for c in shares[k][g]]
            xs = grid(x, shift)
            edges += [(s, v) for v in members]
            caps += [xs] * len(members)
            net = FlowNetwork(n + 1, edges, caps, kernel=kernel)
            need = math.floor(xs * len(members) * (1 - SEPARATION_TOLERANCE)) - len(edges)
            for t in members:
                if net.max_flow(s, t) < need:
                    side = net.min_cut(s, t).source_side
                    found.append((k, g, frozenset(i for i in range(n) if side[i])))
    return found
