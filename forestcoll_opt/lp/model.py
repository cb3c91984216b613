"""Building the allreduce linear program (the paper's appendix G "Allreduce Linear Program")
and the allgather LP as a PuLP model with named variables and constraints.

The LP
------
Allreduce: maximise Σ_v x_v (algbw = Σ x_v, time = M / Σ x_v) where every link's bandwidth
is split between reduce in-trees and broadcast out-trees, c^RE + c^BC <= capacity, and

* broadcast: F(s, t) >= Σ x_v for every compute t, with s -> v of capacity x_v, on c^BC;
* reduce:    F(t, s) >= Σ x_v for every compute t, with v -> s of capacity x_v, on c^RE.

Switches (the paper's indirection): the two trees live on *logical* compute-to-compute
capacities b'_(α,β) = c^RE_(α,β) + c^BC_(α,β), which must be routed through the physical
network under its capacities. Commodities are aggregated by source (and tree kind): one
flow per (kind, α) that delivers c^kind_(α,β) at every β and relays only through switches.
That is exact: a single-source flow with several sinks decomposes into α -> β paths
carrying exactly c^kind_(α,β) each (flow decomposition), which is what per-pair
commodities would route; and keeping the two kinds apart gives every physical link its
RE/BC split directly.

The max-flow constraints come in two equivalent forms (``formulation=``):

* ``"explicit"``: one flow per target and direction — the textbook model, fine for small N;
* ``"cuts"`` (default): by max-flow/min-cut, F(s, t) >= Σ x for all t iff every proper
  non-empty S ⊂ Vc has c^BC(δ+(S)) >= x(S) (and c^RE(δ-(S)) >= x(S) for reduce). The
  model starts with the singletons, the boxes and their complements; the solver
  (:mod:`forestcoll_opt.lp.solver`) adds the rest lazily.

The allgather LP (a cross-check of the exact bound) is the broadcast half with x_v = x for
every v: maximise N·x.

Units and names
---------------
HiGHS's tolerances are absolute (1e-7 feasibility by default), so a model in bytes/s or in
TB/s would be solved to a different *relative* accuracy. The model is therefore built in
units of a reference bandwidth R, the power of two nearest the exact allgather optimum
(:func:`reference_bandwidth`): the LP's optimum is then near 1, so HiGHS's absolute
tolerances act as tolerances relative to the answer, whatever the unit and however unequal
the links; and because R is a power of two, dividing by it and multiplying the optimum back
are exact in binary floating point. Every result is in topology units; the model (and an
exported .lp/.mps file) is in units of R.

Variables and constraints are named by node *index* only (``x_3``, ``bc_2_5``,
``route_re_1_4_7``, ``cap_4_7``, ``cut_bc_12`` …), so no node id can make two names collide
or an LP file unreadable; :attr:`LPResult.names` (index -> node id) maps them back, and
exported files carry the same map and R as comment lines at the top.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

import pulp

from ..errors import LPError
from ..model.collective import Collective
from ..model.numbers import fraction_text
from ..model.topology import Topology
from .options import FORMULATIONS, LP_COLLECTIVE_NAMES

__all__ = ["CAPACITY_LIMIT", "FORMULATIONS", "LPModel", "LowerWitness", "LP_COLLECTIVE_NAMES",
           "build_model", "exact_text", "objective_terms", "reference_bandwidth"]

# Capacities above 2**40 R are handed to HiGHS as 2**40 R (HiGHS takes bounds past 1e20 as
# infinite and warns). That does not bind in practice: an optimum needs no logical capacity
# above Σx, hence no link load above 2·N²·Σx, and Σx is within a small factor of R. Either
# way the certificate uses the exact capacities: the clamp could only lower ``lower``.
CAPACITY_LIMIT = Fraction(2**40)


@dataclass(frozen=True)
class LowerWitness:
    """The exactly feasible LP point behind :attr:`LPResult.lower`, in topology units:
    ``x_v = unit·x[v]``, ``c^kind(α,β) = unit·logical[(kind, α, β)]`` and the flow of
    commodity (kind, α) on link u -> v is ``unit·routes[(kind, α, u, v)]`` (all integers;
    pairs and links absent are 0). For allgather every x[v] is the same.

    :ivar unit: the common unit of every value, a positive Fraction
    :ivar x: compute node -> x_v / unit
    :ivar logical: (kind, α, β) -> c^kind(α, β) / unit, kind ``"re"`` or ``"bc"``
    :ivar routes: (kind, α, u, v) -> the flow of commodity (kind, α) on link u -> v, / unit
    """

    unit: Fraction
    x: Mapping[str, int]
    logical: Mapping[tuple[str, str, str], int]
    routes: Mapping[tuple[str, str, str, str], int]

    @property
    def objective(self) -> Fraction:
        """Σ x_v of the point, exact, in topology units."""
        return self.unit * sum(self.x.values())


def exact_text(value: Fraction) -> str:
    """An exact rational as text (``"520/3"``), as results and exported files write it
    (:func:`~forestcoll_opt.model.topology.fraction_text`).

    :param value: the number
    :returns: ``"p/q"``, or the integer's digits
    """
    return fraction_text(value)


def reference_bandwidth(topology: Topology, *, kernel: str | None = None) -> Fraction:
    """R: the power of two nearest the topology's exact allgather optimum (algbw).

    HiGHS's tolerances are absolute (1e-7 feasibility), and what the result needs is
    accuracy *relative to the optimum*. The allreduce and allgather LP optima lie within a
    small factor (about N) of the allgather optimum, so in units of R the objective is near
    1 and HiGHS's absolute tolerances act as relative ones — whatever the unit, and however
    unequal the links (a reference taken from the link capacities alone, such as their
    mean, leaves the optimum tiny when a few slow links are the bottleneck). R is a power
    of two, so dividing by it and multiplying the optimum back are exact in binary
    floating point; the exact bound costs a few max-flows.

    :param topology: the network
    :param kernel: the max-flow kernel of the exact bound
    :returns: R, a power of two
    """
    from ..generation.bounding import bound

    algbw = bound(topology, kernel=kernel).algbw
    return Fraction(2) ** round(math.log2(algbw.numerator) - math.log2(algbw.denominator))


class LPModel:
    """One LP as a PuLP model (``.lp``), with handles to its variables and the bookkeeping
    the solver needs. Build with :func:`build_model`, solve with :func:`solve_model`.

    The model is in units of :attr:`reference` (R) and named by node index (``names[i]`` is
    node i's id). Add constraints with :meth:`add_constraint` — not ``lp += …`` — so that
    the solver sees them. After :func:`solve_model` the PuLP variables hold HiGHS's values
    (``var.varValue``) and :attr:`witness` the exactly feasible point behind ``lower``.

    :param topology: the network
    :param collective: :attr:`Collective.ALLREDUCE` or :attr:`Collective.ALLGATHER` (or
        its string value)
    :param formulation: ``"cuts"`` or ``"explicit"``
    :param reference: R, the bandwidth unit of the model
    """

    def __init__(self, topology: Topology, collective: "Collective | str", formulation: str,
                 reference: Fraction) -> None:
        self.topology = topology
        self.collective = Collective(collective)
        self.formulation = formulation
        self.names: tuple[str, ...] = tuple(topology.node_ids)
        self.index: dict[str, int] = dict(topology.index)
        self.compute: list[str] = list(topology.compute_nodes)
        self.switches = frozenset(topology.switch_nodes)
        self.kinds: tuple[str, ...] = (("re", "bc") if self.collective is Collective.ALLREDUCE
                                       else ("bc",))
        self.reference = reference
        self.capacity: dict[tuple[str, str], Fraction] = {
            e: b / self.reference for e, b in topology.capacity.items()}
        self.lp = pulp.LpProblem(self.collective.value, pulp.LpMaximize)
        self.rows: list[tuple[str, Any]] = []
        self.row_of: dict[str, int] = {}
        self.cuts: dict[tuple[str, frozenset[str]], str] = {}
        self.cap_rows: dict[tuple[str, str], str] = {}
        # explicit formulation: (kind, t) -> compute v -> the name of v's flow row
        self.node_rows: dict[tuple[str, str], dict[str, str]] = {}
        self.x: dict[str, Any] = {}
        self.cap: dict[str, dict[tuple[str, str], Any]] = {}
        self.flow: dict[tuple[str, str, str, str], Any] = {}
        self.pairs: list[tuple[str, str]] = []
        self.witness: LowerWitness | None = None
        self.changed: str | None = None        # the first constraint added by hand
        self.objective_terms: dict[str, float] = {}

    # names
    def tag(self, *nodes: str) -> str:
        """The index part of a name: ``tag("a", "b") == "3_7"``.

        :param nodes: node ids
        :returns: their indices joined by ``_``
        """
        return "_".join(str(self.index[v]) for v in nodes)

    def where(self) -> str:
        """The model in words, for error messages.

        :returns: e.g. ``"the allreduce LP on 'dgx-a100-2'"``
        """
        return f"the {self.collective} LP on {self.topology.name!r}"

    def add_variable(self, name: str) -> Any:
        """A new non-negative PuLP variable of this model, named ``name``.

        :param name: the variable's name
        :returns: the PuLP variable
        """
        return self.lp.add_variable(name, lowBound=0)

    def add_constraint(self, constraint: Any, name: str) -> None:
        """Add a named constraint of your own to the PuLP model and to the rows HiGHS is
        sent. HiGHS solves the changed model, but its optimum can no longer be certified:
        :func:`solve_model` raises :class:`LPError` once HiGHS has answered.

        :param constraint: a PuLP constraint on this model's variables
        :param name: its name, not used before
        :raises LPError: when ``name`` is already a constraint's
        """
        self._add_row(constraint, name)
        self.changed = self.changed or name

    def _add_row(self, constraint: Any, name: str) -> None:
        if name in self.row_of:
            raise LPError(f"{self.where()}: constraint name {name!r} used twice")
        self.lp.addConstraint(constraint, name)
        self.row_of[name] = len(self.rows)
        self.rows.append((name, constraint))

    def add_cut(self, kind: str, side) -> bool:
        """c^BC(δ+(S)) >= x(S) (broadcast) or c^RE(δ-(S)) >= x(S) (reduce); False if that
        cut is already in the model.

        :param kind: ``"bc"`` or ``"re"``
        :param side: the compute node ids of S
        :returns: True when the cut was added
        """
        key = (kind, frozenset(side))
        if key in self.cuts:
            return False
        inside = key[1]
        if kind == "bc":
            crossing = [self.cap[kind][p] for p in self.pairs
                        if p[0] in inside and p[1] not in inside]
        else:
            crossing = [self.cap[kind][p] for p in self.pairs
                        if p[1] in inside and p[0] not in inside]
        if self.collective is Collective.ALLREDUCE:
            need = pulp.lpSum(self.x[v] for v in self.compute if v in inside)
        else:
            need = len(inside) * self.x[self.compute[0]]
        name = f"cut_{kind}_{len(self.cuts) + 1}"
        self._add_row(pulp.lpSum(crossing) >= need, name)
        self.cuts[key] = name
        return True

    # export
    def header(self) -> list[str]:
        """Comment lines for exported files: what the model is, its unit, and the map from
        node index to node id (JSON strings, with ``*`` escaped so no comment can close).

        :returns: the lines, without comment markers
        """
        topo = self.topology
        r = self.reference
        power = r.numerator.bit_length() - r.denominator.bit_length()
        lines = [f"forestcoll-opt {self.collective} LP ({self.formulation} formulation) of "
                 f"topology {_comment_text(topo.name)}",
                 f"bandwidths, x and the objective are in units of R = {exact_text(r)} "
                 f"{_comment_text(topo.units)} (2^{power}); multiply by R for topology units",
                 "names use node indices: columns x_<v>, re_/bc_<a>_<b> (logical "
                 "capacity), route_<kind>_<source>_<u>_<v>; rows relay_/deliver_<kind>_"
                 "<source>_<v>, cap_<u>_<v>, and cut_<kind>_<n> (cuts) or flow_/src_/fcap_/"
                 "fsrc_/fkeep_/fsink_<kind>_<target>_... (explicit)"]
        if any(c > CAPACITY_LIMIT for c in self.capacity.values()):
            lines.append("capacities above 2^40 R are written as 2^40 R (not binding in "
                         "practice; the certificate uses the exact values)")
        lines.append("node index -> id:")
        for i, v in enumerate(self.names):
            lines.append(f"  {i} {_comment_text(v)} {topo.node[v].kind}")
        if self.cuts:
            lines.append("cut rows (node indices of S):")
            for (kind, side), name in self.cuts.items():
                members = " ".join(str(i) for i in sorted(self.index[v] for v in side))
                lines.append(f"  {name} {kind} S = {{{members}}}")
        return lines

    def write(self, lp_path: str | os.PathLike | None = None,
              mps_path: str | os.PathLike | None = None) -> None:
        """Write the model as .lp and/or .mps, as a set: both files or neither.

        :param lp_path: the .lp file to write, or None
        :param mps_path: the .mps file to write, or None
        :raises LPError: when both name the same file
        :raises OutputError: when a file cannot be written
        """
        from .lpfiles import write_model

        write_model(self.lp, self.header(), lp_path, mps_path)


def _comment_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=True).replace("*", "\\u002a")


def _logical_pairs(topology: Topology) -> list[tuple[str, str]]:
    """Compute pairs (α, β) joined by a physical path whose interior nodes are switches."""
    compute = set(topology.compute_nodes)
    succ: dict[str, list[str]] = {v: [] for v in topology.node_ids}
    for u, v in topology.capacity:
        succ[u].append(v)
    pairs = []
    for a in topology.compute_nodes:
        seen, stack, found = {a}, [a], set()
        while stack:
            u = stack.pop()
            for v in succ[u]:
                if v in compute:
                    if v != a:
                        found.add(v)
                elif v not in seen:
                    seen.add(v)
                    stack.append(v)
        pairs += [(a, b) for b in topology.compute_nodes if b in found]
    return pairs


def build_model(topology: Topology, collective: "Collective | str" = "allreduce", *,
                formulation: str = "cuts", kernel: str | None = None) -> LPModel:
    """Build the allreduce (or allgather) LP without solving it (see :class:`LPModel`).

    :param topology: the network
    :param collective: :attr:`Collective.ALLREDUCE` or :attr:`Collective.ALLGATHER` (or
        its string value)
    :param formulation: ``"cuts"`` (lazy cut constraints) or ``"explicit"`` (one flow per
        target)
    :param kernel: the max-flow kernel of the reference bandwidth's bound
    :returns: the model, in units of :func:`reference_bandwidth`
    :raises LPError: for an unknown collective or formulation
    """
    if collective not in LP_COLLECTIVE_NAMES:
        raise LPError(f"unknown LP {str(collective)[:40]!r}; use allreduce or allgather")
    if formulation not in FORMULATIONS:
        raise LPError(f"unknown formulation {str(formulation)[:40]!r}; use cuts or explicit")
    m = LPModel(topology, collective, formulation, reference_bandwidth(topology, kernel=kernel))
    lp, compute, switches = m.lp, m.compute, m.switches
    m.pairs = pairs = _logical_pairs(topology)

    # x_v: the share each root reduces/broadcasts (one shared x for allgather)
    if m.collective is Collective.ALLREDUCE:
        m.x = {v: m.add_variable(f"x_{m.tag(v)}") for v in compute}
        lp.setObjective(pulp.lpSum(m.x.values()))
    else:
        shared = m.add_variable("x")
        m.x = {v: shared for v in compute}
        lp.setObjective(len(compute) * shared)

    # logical capacities b'(α,β) = c^RE(α,β) + c^BC(α,β) between compute nodes
    m.cap = {kind: {p: m.add_variable(f"{kind}_{m.tag(*p)}") for p in pairs} for kind in m.kinds}

    m.objective_terms = objective_terms(lp.objective)

    # routing: for each tree kind and source α one commodity carries c^kind(α,·) from α,
    # relaying through switches only
    into: dict[tuple, list] = {}
    out: dict[tuple, list] = {}
    on_link: dict[tuple[str, str], list] = {}
    for kind in m.kinds:
        for a in compute:
            for (u, v) in topology.capacity:
                if (u == a or u in switches) and v != a:
                    var = m.add_variable(f"route_{kind}_{m.tag(a, u, v)}")
                    m.flow[(kind, a, u, v)] = var
                    out.setdefault((kind, a, u), []).append(var)
                    into.setdefault((kind, a, v), []).append(var)
                    on_link.setdefault((u, v), []).append(var)
    for kind in m.kinds:
        for a in compute:
            for v in topology.node_ids:
                if v == a:
                    continue
                other = out.get((kind, a, v)) if v in switches else (a, v) in m.cap[kind]
                if not into.get((kind, a, v)) and not other:
                    continue                 # 0 = 0: no variable of this commodity at v
                inflow = pulp.lpSum(into.get((kind, a, v), []))
                if v in switches:
                    # switch conservation of commodity (kind, α)
                    m._add_row(inflow == pulp.lpSum(out.get((kind, a, v), [])),
                               f"relay_{kind}_{m.tag(a, v)}")
                else:
                    # delivery of c^kind(α, β) at compute β
                    m._add_row(inflow == m.cap[kind].get((a, v), 0),
                               f"deliver_{kind}_{m.tag(a, v)}")
    for e, c in m.capacity.items():
        # physical capacity (in units of R), shared by every commodity of both tree kinds
        if on_link.get(e):
            name = f"cap_{m.tag(*e)}"
            m._add_row(pulp.lpSum(on_link[e]) <= float(min(c, CAPACITY_LIMIT)), name)
            m.cap_rows[e] = name

    if formulation == "explicit":
        _add_explicit_flows(m)
    else:
        # start with the singletons, the boxes, and their complements; the rest come lazily
        seeds = [{v} for v in compute]
        seeds += [set(members) for box, members in topology.boxes().items() if box is not None]
        for kind in m.kinds:
            for seed in seeds:
                for side in (seed, set(compute) - seed):
                    if 0 < len(side) < len(compute):
                        m.add_cut(kind, side)
    return m


def objective_terms(expression: Any) -> dict[str, float]:
    """The objective's coefficients by variable name, to tell a changed objective.

    :param expression: a PuLP affine expression
    :returns: variable name -> coefficient
    """
    return {var.name: float(coef) for var, coef in expression.items()}


def _add_explicit_flows(m: LPModel) -> None:
    """One s-t flow per target t (broadcast) and t-s flow (reduce) on the logical graph:
    ``flow_<kind>_<t>_<a>_<b>`` on pair (a, b) and ``src_<kind>_<t>_<v>`` on s -> v."""
    for kind in m.kinds:
        for t in m.compute:
            tag = f"{kind}_{m.tag(t)}"
            f = {p: m.add_variable(f"flow_{tag}_{m.tag(*p)}") for p in m.pairs}
            src = {v: m.add_variable(f"src_{tag}_{m.tag(v)}") for v in m.compute}
            for p in m.pairs:
                m._add_row(f[p] <= m.cap[kind][p], f"fcap_{tag}_{m.tag(*p)}")
            for v in m.compute:
                m._add_row(src[v] <= m.x[v], f"fsrc_{tag}_{m.tag(v)}")
            rows = m.node_rows[(kind, t)] = {}
            for v in m.compute:
                # broadcast: s -> v -> ... -> t ; reduce: the same on reversed edges
                ins = [f[p] for p in m.pairs if p[1 if kind == "bc" else 0] == v]
                outs = [f[p] for p in m.pairs if p[0 if kind == "bc" else 1] == v]
                net = pulp.lpSum(ins) + src[v] - pulp.lpSum(outs)
                if v == t:
                    name = f"fsink_{tag}"
                    total = pulp.lpSum(m.x.values()) if m.collective is Collective.ALLREDUCE \
                        else len(m.compute) * m.x[t]
                    m._add_row(net >= total, name)
                else:
                    name = f"fkeep_{tag}_{m.tag(v)}"
                    m._add_row(net == 0, name)
                rows[v] = name

