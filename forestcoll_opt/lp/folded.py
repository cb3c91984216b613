"""The allreduce LP folded by symmetry: one variable per orbit instead of one per element.

The allreduce LP (:mod:`forestcoll_opt.lp.model`) is invariant under every automorphism of
the topology: mapping every variable through an automorphism g (x_v -> x_g(v), c(α,β) ->
c(gα, gβ), the flow of commodity α on link e -> that of gα on ge) maps feasible points to
feasible points of the same objective. So for any group H of automorphisms, the average of
an optimum over H is an optimum that is *constant on the orbits of H*. The LP restricted to
such points has one variable per orbit, and a constraint holds at every element of a
constraint orbit as soon as it holds at one, so one row per orbit suffices:

* ``x_<a>``: x on the compute orbit of node a (the objective counts it |orbit| times);
* ``re_<a>_<b>`` / ``bc_<a>_<b>``: the logical capacity on the orbit of the pair (a, b);
* ``route_<kind>_<a>_<u>_<v>``: the flow of commodity (kind, a) on link u -> v, for the
  orbit of that commodity-link pair; a is always its compute orbit's representative α₀;
* ``relay_``/``deliver_<kind>_<a>_<w>``: conservation of the representative commodity
  (kind, α₀) at one node w of each orbit of the stabiliser of α₀ (every commodity is an
  image of a representative one, every node of a stabiliser orbit an image of w);
* ``cap_<u>_<v>``: one capacity row per link orbit, at its smallest link, counting the
  commodity-link orbits that meet that link (:attr:`Folding.route_label`);
* ``cut_<kind>_<n>``: the cut row of a set S (:meth:`FoldedModel.add_cut`), with the
  number of pairs of each pair orbit that cross S and |S ∩ O| for each compute orbit O.
  The rows of S and of g(S) are the same folded row, so a separated cut's whole orbit is one
  row (identical rows are kept once).

On the 1,024-GPU A100 network (dgx-a100:boxes=128) the full model would hold 5.25 million
variables (4.2 million of them route flows); the folded one has 27: one x, 3 pair orbits and
10 commodity-link orbits per tree kind.

The orbits come from :mod:`forestcoll_opt.lp.folding` (a group given by generators, each
checked to be an automorphism). Cut generation works on the folded model: the current
solution, spread over the orbits, is an H-invariant point of the full LP, so the max-flow
to every compute node of one orbit is the same and one max-flow per compute orbit finds
every violated cut that one per node would (:func:`violated_cuts`).

The certified interval is computed by :mod:`forestcoll_opt.lp.folded_certificates` on the
*full* LP, from the generators alone: the folded model's own bookkeeping is not trusted.
"""

from __future__ import annotations

from fractions import Fraction
import numpy as np
import pulp

from ..errors import LPError
from ..kernels.flow import FlowNetwork
from ..model.collective import Collective
from ..model.topology import Topology
from .certificates import grid
from .folding import MAX_GENERATORS, Folding, build_folding, lp_generators
from .model import CAPACITY_LIMIT, LPModel, _logical_pairs, objective_terms

__all__ = ["SYMMETRY_MIN_COMPUTE", "FoldedModel", "build_folded_model", "choose_folding",
           "violated_cuts"]

SEPARATION_BITS = 40
# symmetry=None folds from this many compute nodes on (as generation does); below it the
# full model is small and solves in a second
SYMMETRY_MIN_COMPUTE = 64


class FoldedModel(LPModel):
    """The allreduce LP in orbit variables (module docstring). Like :class:`LPModel` it is
    in units of R and named by node index; ``folding`` holds the orbits. ``x``, ``cap`` and
    ``flow`` are keyed by orbit (compute orbit, pair class, (kind, route class))."""

    def __init__(self, topology: Topology, folding: Folding, reference: Fraction) -> None:
        super().__init__(topology, "allreduce", "cuts", reference)
        self.folding = folding
        self.pairs = []
        self.fold_rows: dict[tuple, str] = {}      # a cut row's coefficients -> its name
        self._networks: dict[str, tuple[FlowNetwork, list[int], list[int]]] = {}

    def where(self) -> str:
        return f"the folded allreduce LP on {self.topology.name!r}"

    def add_variable(self, name: str):
        """A column of the model from the start, even before a row holds it (a later cut
        row may be the first to use a pair variable)."""
        var = super().add_variable(name)
        register = getattr(self.lp, "_register_variable", None)     # PuLP 3.3
        if register is None:
            self.lp.addVariable(var)
        else:
            register(var)
        return var

    def position_name(self, position: int) -> str:
        """The id of the compute node at ``position`` (in ``topology.compute_nodes``)."""
        return self.names[int(self.folding.compute[position])]

    def cut_coefficients(self, kind: str, inside: np.ndarray
                         ) -> tuple[dict[int, int], dict[int, int]]:
        """The coefficients of the folded cut row of S.

        :param kind: "bc" (pairs leaving S) or "re" (pairs entering S)
        :param inside: S as a boolean mask over compute positions
        :returns: (pair class -> number of its pairs crossing S, compute orbit -> |S ∩ O|)
        """
        f = self.folding
        ins, outs = np.flatnonzero(inside), np.flatnonzero(~inside)
        block = f.pair_label[np.ix_(ins, outs)] if kind == "bc" else \
            f.pair_label[np.ix_(outs, ins)]
        labels = block[block >= 0]
        counts = np.bincount(labels, minlength=len(f.pair_reps))
        crossing = {int(p): int(c) for p, c in enumerate(counts.tolist()) if c}
        orbits = np.bincount(f.orbit[inside], minlength=len(f.reps))
        return crossing, {int(o): int(c) for o, c in enumerate(orbits.tolist()) if c}

    def add_cut(self, kind: str, side) -> bool:
        """Add the folded row of c^kind(δ±(S)) >= x(S).

        :param kind: "bc" or "re"
        :param side: S, compute node ids
        :returns: False if S's row (or an identical one, e.g. that of an image of S) is
            already in the model, else True
        """
        key = (kind, frozenset(side))
        if key in self.cuts:
            return False
        f = self.folding
        index = self.index
        inside = np.zeros(f.num_compute, dtype=bool)
        cpos = {int(v): p for p, v in enumerate(f.compute.tolist())}
        inside[[cpos[index[v]] for v in key[1]]] = True
        crossing, orbits = self.cut_coefficients(kind, inside)
        row_key = (kind, tuple(sorted(crossing.items())), tuple(sorted(orbits.items())))
        if row_key in self.fold_rows:
            return False
        name = f"cut_{kind}_{len(self.cuts) + 1}"
        lhs = pulp.lpSum(c * self.cap[kind][p] for p, c in crossing.items())
        rhs = pulp.lpSum(c * self.x[o] for o, c in orbits.items())
        self._add_row(lhs >= rhs, name)
        self.cuts[key] = name
        self.fold_rows[row_key] = name
        return True

    def header(self) -> list[str]:
        lines = super().header()
        f = self.folding
        lines[0] = lines[0].replace("allreduce LP", "allreduce LP folded by symmetry")
        lines.insert(3, f"folded by a group of {len(f.generators)} generating "
                        f"automorphisms: each column stands for the orbit of its "
                        f"representative (sizes below), each relay_/deliver_/cap_ row for "
                        f"the orbit of its row, each cut row for S and its images")
        lines.append("orbit sizes of the columns:")
        for o, p in enumerate(f.reps):
            lines.append(f"  x_{self.tag(self.position_name(p))} {int(f.orbit_size[o])}")
        for k, (p, q) in enumerate(f.pair_reps):
            lines.append(f"  <kind>_{self.tag(self.position_name(p), self.position_name(q))} "
                         f"{int(f.pair_size[k])}")
        for k, (p, e) in enumerate(f.route_reps):
            u, v = self._link(e)
            lines.append(f"  route_<kind>_{self.tag(self.position_name(p), u, v)} "
                         f"{int(f.route_size[k])}")
        return lines

    def _link(self, e: int) -> tuple[str, str]:
        f = self.folding
        return self.names[int(f.link_u[e])], self.names[int(f.link_v[e])]

    # the solution spread over the orbits (floats, in units of R)
    def x_values(self, value) -> np.ndarray:
        """x at every compute position.

        :param value: column -> its value (e.g. :meth:`HighsSession.value`)
        :returns: a float array over compute positions
        """
        per_orbit = np.array([value(self.x[o]) for o in range(len(self.folding.reps))])
        return per_orbit[self.folding.orbit]

    def pair_values(self, value, kind: str) -> np.ndarray:
        """c^kind at every (α, β) position pair (0 off the pairs).

        :param value: column -> its value
        :param kind: "re" or "bc"
        :returns: an N × N float array
        """
        f = self.folding
        per_class = np.array([value(self.cap[kind][p]) for p in range(len(f.pair_reps))]
                             + [0.0])
        return per_class[f.pair_label]          # label -1 picks the trailing 0

    def route_values(self, value, kind: str) -> np.ndarray:
        """The flow of commodity (kind, α) on every link, at every position α.

        :param value: column -> its value
        :param kind: "re" or "bc"
        :returns: an N × links float array
        """
        f = self.folding
        per_class = np.array([value(self.flow[(kind, r)]) for r in range(len(f.route_reps))]
                             + [0.0])
        return per_class[f.route_label]


def build_folded_model(topology: Topology, folding: Folding, reference: Fraction) -> FoldedModel:
    """The folded allreduce LP (cuts formulation) of ``topology`` under ``folding``.

    :param topology: the network
    :param folding: the orbits (:func:`~forestcoll_opt.lp.folding.build_folding`)
    :param reference: R, the model's bandwidth unit
    :returns: the model with its seed cuts (representative singletons, boxes, and their
        complements)
    """
    m = FoldedModel(topology, folding, reference)
    f = folding
    names = m.names
    lp = m.lp
    kinds = m.kinds
    pos_name = m.position_name

    m.x = {o: m.add_variable(f"x_{m.tag(pos_name(p))}") for o, p in enumerate(f.reps)}
    lp.setObjective(pulp.lpSum(int(f.orbit_size[o]) * var for o, var in m.x.items()))
    m.cap = {kind: {k: m.add_variable(f"{kind}_{m.tag(pos_name(p), pos_name(q))}")
                    for k, (p, q) in enumerate(f.pair_reps)} for kind in kinds}
    m.objective_terms = objective_terms(lp.objective)
    m.flow = {}
    for kind in kinds:
        for r, (p, e) in enumerate(f.route_reps):
            u, v = m._link(e)
            m.flow[(kind, r)] = m.add_variable(f"route_{kind}_{m.tag(pos_name(p), u, v)}")

    # conservation of each representative commodity at one node per stabiliser orbit
    lu, lv = f.link_u, f.link_v
    into_node = _by_node(lv, len(names))
    out_of_node = _by_node(lu, len(names))
    position = {int(v): p for p, v in enumerate(f.compute.tolist())}
    for kind in kinds:
        for o, p in enumerate(f.reps):
            a = int(f.compute[p])
            labels = f.route_label[p]
            classes = f.stab_nodes[o]
            # the smallest node of each stabiliser orbit, in node order
            _, first = np.unique(classes, return_index=True)
            for w in sorted(first.tolist()):
                if w == a:
                    continue
                into = [int(r) for r in labels[into_node[w]] if r >= 0]
                is_switch = bool(f.switch[w])
                out = [int(r) for r in labels[out_of_node[w]] if r >= 0] if is_switch else []
                pair = -1 if is_switch else int(f.pair_label[p, position[w]])
                if not into and not out and pair < 0:
                    continue
                inflow = pulp.lpSum(m.flow[(kind, r)] for r in into)
                if is_switch:
                    m._add_row(inflow == pulp.lpSum(m.flow[(kind, r)] for r in out),
                               f"relay_{kind}_{m.tag(names[a], names[w])}")
                else:
                    m._add_row(inflow == (m.cap[kind][pair] if pair >= 0 else 0),
                               f"deliver_{kind}_{m.tag(names[a], names[w])}")

    # one capacity row per link orbit, at its smallest link
    for j, e in enumerate(f.link_reps):
        column = f.route_label[:, e]
        counts = np.bincount(column[column >= 0], minlength=len(f.route_reps))
        terms = [(int(r), int(c)) for r, c in enumerate(counts.tolist()) if c]
        if not terms:
            continue
        link = m._link(e)
        cap = min(m.capacity[link], CAPACITY_LIMIT)
        name = f"cap_{m.tag(*link)}"
        m._add_row(pulp.lpSum(c * m.flow[(kind, r)] for kind in kinds for r, c in terms)
                   <= float(cap), name)
        m.cap_rows[link] = name

    # seeds: each representative alone, the boxes, and their complements
    compute = list(topology.compute_nodes)
    seeds = [{pos_name(p)} for p in f.reps]
    seeds += [set(members) for box, members in topology.boxes().items() if box is not None]
    for kind in kinds:
        for seed in seeds:
            for side in (seed, set(compute) - seed):
                if 0 < len(side) < len(compute):
                    m.add_cut(kind, side)
    return m


def _by_node(ends: np.ndarray, n: int) -> list[np.ndarray]:
    """The links whose given end is node v, for every v."""
    order = np.argsort(ends, kind="stable")
    bounds = np.searchsorted(ends[order], np.arange(n + 1))
    return [order[bounds[v]:bounds[v + 1]] for v in range(n)]


def violated_cuts(m: FoldedModel, value, kind: str, kernel: str | None,
                  tolerance: float) -> list[set[str]]:
    """Min cuts violating F >= Σ x by more than ``tolerance`` (relative) at the current
    solution spread over the orbits: one max-flow per compute orbit (module docstring).

    :param m: the folded model
    :param value: column -> its value in the current solution
    :param kind: "re" or "bc"
    :param kernel: the max-flow kernel
    :param tolerance: the relative violation that counts
    :returns: the violated cuts' sides (sets of compute node ids)
    """
    f = m.folding
    x = m.x_values(value)
    total = float(x.sum())
    if not total > 0:
        return []
    shift = SEPARATION_BITS - int(np.frexp(total)[1])
    caps = m.pair_values(value, kind)
    n = f.num_compute
    net, pair_ids, source_ids = _network(m, kind, kernel)
    rows, cols = np.nonzero(f.pair_mask)
    net.set_capacities(pair_ids, [grid(float(c), shift) for c in caps[rows, cols].tolist()])
    sources = [grid(float(v), shift) for v in x.tolist()]
    net.set_capacities(source_ids, sources)
    need = int(sum(sources) * (1 - tolerance)) - len(pair_ids) - len(source_ids)
    cuts, seen = [], set()
    for p in f.reps:
        if net.max_flow(n, p) < need:
            side = net.min_cut(n, p).source_side
            members = frozenset(m.position_name(i) for i in range(n) if side[i])
            if members and members not in seen:
                seen.add(members)
                cuts.append(set(members))
    return cuts


def _network(m: FoldedModel, kind: str, kernel: str | None
             ) -> tuple[FlowNetwork, list[int], list[int]]:
    """The kind's logical network on compute positions (plus the source, position N), built
    once per model; reduce runs on the reversed pairs."""
    if kind not in m._networks:
        f = m.folding
        n = f.num_compute
        rows, cols = np.nonzero(f.pair_mask)
        if kind == "bc":
            edges = list(zip(rows.tolist(), cols.tolist()))
        else:
            edges = list(zip(cols.tolist(), rows.tolist()))
        edges += [(n, p) for p in range(n)]
        net = FlowNetwork(n + 1, edges, kernel=kernel)
        pairs = len(rows)
        m._networks[kind] = (net, list(range(pairs)), list(range(pairs, pairs + n)))
    return m._networks[kind]


def choose_folding(topology: Topology, collective: "Collective | str", formulation: str,
                   symmetry: bool | None) -> Folding | None:
    """The folding :func:`~forestcoll_opt.lp.solver.solve` uses, or None for the full model
    (see its ``symmetry``). The generators are :func:`lp_generators` of the topology's
    automorphism group; if their node orbits come out finer than the group's (the random
    elements missed part of it), up to two more draws with more elements are tried.

    :param topology: the network
    :param collective: allreduce or allgather (a :class:`Collective` or its value)
    :param formulation: "cuts" or "explicit"
    :param symmetry: True, False or None (see :func:`~forestcoll_opt.lp.solver.solve`)
    :returns: the folding, or None for the full model
    :raises LPError: for ``symmetry=True`` with another LP or formulation, or a
        ``symmetry`` that is not a bool or None
    """
    from ..kernels.symmetry import automorphisms

    if symmetry is not None and not isinstance(symmetry, bool):
        raise LPError(f"symmetry={str(symmetry)[:40]!r}: use True, False or None")
    if symmetry is False:
        return None
    if collective != Collective.ALLREDUCE or formulation != "cuts":
        if symmetry:
            raise LPError(f"symmetry=True folds the allreduce LP in the cuts formulation "
                          f"only, not the {str(collective)[:40]} LP ({str(formulation)[:40]}); "
                          f"pass symmetry=False or None")
        return None
    if symmetry is None and len(topology.compute_nodes) < SYMMETRY_MIN_COMPUTE:
        return None
    group = automorphisms(topology)
    if group.trivial:
        return None
    pairs = _logical_pairs(topology)
    folding = None
    for attempt in range(3):
        gens = lp_generators(topology, group.generators,
                             count=MAX_GENERATORS * (attempt + 1), attempt=attempt)
        folding = build_folding(topology, gens, pairs)
        if len(_node_orbits(len(topology.node_ids), gens)) <= len(group.orbits):
            break
    return folding


def _node_orbits(n: int, gens) -> list[int]:
    # model/orbits.py's orbits, computed as the folding computes them: vectorised on its numpy
    # permutations (scipy's connected components), for networks of a thousand GPUs
    from .folding import _components

    return _components(n, [(np.arange(n), g) for g in gens])[1]


def folding_stats(m: FoldedModel) -> dict[str, int]:
    """The folding's sizes and those of the full model it stands for (without cuts).

    :param m: a folded model
    :returns: :meth:`Folding.stats` with ``full_variables`` and ``folding_seconds``
    """
    f = m.folding
    stats = f.stats()
    routes = stats.pop("full_routes")
    pairs = stats.pop("full_pairs")
    stats["full_variables"] = f.num_compute + len(m.kinds) * (pairs + routes)
    stats["folding_seconds"] = round(f.seconds, 3)
    return stats


def spread_solution(m: FoldedModel, value, scale: float):
    """HiGHS's folded solution on the full LP, in topology units: x per compute node,
    (reduce, broadcast) per link, and per logical pair (what :class:`LPResult` holds).

    :param m: the solved folded model
    :param value: column -> its value
    :param scale: R as a float
    :returns: (x, split, logical) keyed by node ids
    """
    f = m.folding
    names = m.names
    compute = f.compute.tolist()
    xs = (m.x_values(value) * scale).tolist()
    x = {names[compute[p]]: xs[p] for p in range(f.num_compute)}
    per_kind = {}
    for kind in m.kinds:
        per_kind[kind] = (m.route_values(value, kind).sum(axis=0) * scale).tolist()
    split = {}
    for e, (u, v) in enumerate(zip(f.link_u.tolist(), f.link_v.tolist())):
        split[(names[u], names[v])] = [per_kind["re"][e], per_kind["bc"][e]]
    rows, cols = np.nonzero(f.pair_mask)
    re_ = (m.pair_values(value, "re")[rows, cols] * scale).tolist()
    bc = (m.pair_values(value, "bc")[rows, cols] * scale).tolist()
    logical = {(names[compute[p]], names[compute[q]]): (r, b)
               for p, q, r, b in zip(rows.tolist(), cols.tolist(), re_, bc)}
    return x, split, logical
