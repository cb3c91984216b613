"""The allreduce linear program (paper, appendix "Allreduce Linear Program", LP
``lp:replusbc``) and the allgather LP, with multi-commodity switch flows, modelled with
PuLP and solved by HiGHS — and every optimum reported as a *certified interval*.

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
  non-empty S ⊂ Vc has c^BC(δ+(S)) >= x(S) (and c^RE(δ-(S)) >= x(S) for reduce). Those cut
  constraints are added lazily: solve, find for every t the min cut of the current solution
  with the integer max-flow kernel, add each violated cut, repeat until no cut is violated
  by more than SEPARATION_TOLERANCE (relative), or every violated cut is already in the
  model (the rest is HiGHS's float noise, which the certificate below accounts for).

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

The certified interval
----------------------
HiGHS answers in floating point. Every optimum is therefore reported as an interval
``[lower, upper]`` of exact rationals (topology units) that contains the true optimum of the
LP, with the proof done in exact arithmetic and independent of HiGHS's correctness:

* ``lower`` is the objective of a point that is *exactly* feasible for the LP (all cut
  constraints, not only the generated ones). It is built from HiGHS's solution: every
  value is rounded down to a dyadic grid (2**-40 of the objective); on a link the rounded
  route flows overfill (by HiGHS's tolerance), each commodity's share is cut back to fit
  exactly; each commodity's route flow is made exactly conserving by an integer max-flow
  from its source to a super-sink (its flows as arc capacities, its rounded logical
  capacities as sink arcs), whose deliveries become the logical capacities; and while the
  exact max-flow oracle finds a cut S with c^kind(δ±(S)) < x(S), x is shrunk on S by that
  ratio, until the LP's max-flow condition holds for *every* S (checked by max-flows, not
  by enumerating cuts). The point itself is kept as :attr:`LPModel.witness`.
* ``upper`` is the objective of an exactly *dual*-feasible point, so by weak duality no
  feasible point — of the full LP — exceeds it. The LP's dual, written with link lengths
  y_e >= 0 and cut weights ν_(kind,S) >= 0, asks that every root is covered
  (Σ_(S ∋ v) ν >= 1) and that for every logical pair the switch-path distance under y is at
  least the weight of the cuts the pair crosses; its objective is Σ_e b_e y_e. HiGHS's row
  duals (of the capacity rows and of the cut rows, or the level sets of the explicit flows'
  potentials) give y and ν; they are rounded to integers, ν is divided by its least
  coverage, and y is scaled by the exact factor that makes every distance condition hold.

``gap = (upper - lower) / upper``; on the catalog machines it is below 1e-10. Nothing in the
interval relies on a tolerance: if HiGHS returned a poor solution the interval would be
wide, not wrong. ``algbw`` is HiGHS's objective (a float, for display); it normally lies in
the interval, and :attr:`LPResult.tolerance` is the relative width of the smallest range
holding algbw and the interval.

Solving
-------
PuLP builds and names the model (and writes .lp/.mps files); HiGHS (highspy) solves it,
keeping the model between cut rounds so that each round re-solves warm. Every HiGHS call's
status is checked (an error is :class:`LPSolverError`), and a result is reported only when
HiGHS's *model* status is optimal. (PuLP's own HiGHS interface maps time limits and
interrupts to "Optimal" and only its solution status tells; reading HiGHS directly avoids
that trap.)
"""

from __future__ import annotations

import heapq
import json
import logging
import math
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Iterator, Mapping, Sequence

import numpy as np
import pulp

from ..errors import (
    LPCertificateError,
    LPError,
    LPInfeasibleError,
    LPNotOptimalError,
    LPSolverError,
    LPUnboundedError,
)
from ..kernels.flow import FlowNetwork
from ..model.topology import Topology, format_fraction

__all__ = ["LPCertificateError", "LPError", "LPInfeasibleError", "LPModel", "LPNotOptimalError",
           "LPResult", "LPSolverError", "LPUnboundedError", "LowerWitness", "build_model",
           "reference_bandwidth", "solve", "solve_model"]

PROBLEMS = ("allreduce", "allgather")
FORMULATIONS = ("cuts", "explicit")
GRID_BITS = 40                 # the lower certificate's grid: 2**-40 of the objective
SEPARATION_BITS = 40           # float -> integer scale of the separation max-flows
SEPARATION_TOLERANCE = 1e-9    # a cut violated by less (relative) ends cut generation
FEASIBILITY_TOLERANCE = 1e-7   # HiGHS primal/dual feasibility tolerance (model near 1)
DUAL_BITS = 40                 # the upper certificate's integer scale of y and ν
MAX_ROUNDS = 200
# Capacities above 2**40 R are handed to HiGHS as 2**40 R (HiGHS takes bounds past 1e20 as
# infinite and warns). That does not bind in practice: an optimum needs no logical capacity
# above Σx, hence no link load above 2·N²·Σx, and Σx is within a small factor of R. Either
# way the certificate uses the exact capacities: the clamp could only lower ``lower``.
CAPACITY_LIMIT = Fraction(2**40)


# --- results ------------------------------------------------------------------------------

@dataclass(frozen=True)
class LowerWitness:
    """The exactly feasible LP point behind :attr:`LPResult.lower`, in topology units:
    ``x_v = unit·x[v]``, ``c^kind(α,β) = unit·logical[(kind, α, β)]`` and the flow of
    commodity (kind, α) on link u -> v is ``unit·routes[(kind, α, u, v)]`` (all integers;
    pairs and links absent are 0). For allgather every x[v] is the same."""

    unit: Fraction
    x: Mapping[str, int]
    logical: Mapping[tuple[str, str, str], int]
    routes: Mapping[tuple[str, str, str, str], int]

    @property
    def objective(self) -> Fraction:
        return self.unit * sum(self.x.values())


@dataclass(frozen=True)
class LPResult:
    """An LP optimum as a certified interval (see the module docstring).

    ``lower`` and ``upper`` are exact :class:`~fractions.Fraction` values in topology units
    with ``lower <= LP optimum <= upper``: ``lower`` is the objective of an exactly feasible
    point, ``upper`` of an exactly dual-feasible one. ``algbw`` is HiGHS's float objective,
    for display. ``x``, ``split`` (physical link: (RE, BC) bandwidth) and ``logical``
    (compute pair (α, β): (RE, BC)) are HiGHS's float solution in topology units, keyed by
    node id. ``names[i]`` is the node id behind index ``i`` in the model's variable and
    constraint names; ``reference`` is the bandwidth unit R the model was solved in;
    ``witness`` is the exactly feasible point behind ``lower`` (:class:`LowerWitness`).
    """

    problem: str
    topology: str
    units: str
    status: str
    algbw: float
    lower: Fraction
    upper: Fraction
    x: Mapping[str, float]
    split: Mapping[tuple[str, str], tuple[float, float]]
    logical: Mapping[tuple[str, str], tuple[float, float]]
    names: tuple[str, ...]
    reference: Fraction
    variables: int
    constraints: int
    formulation: str
    rounds: int
    build_seconds: float
    solve_seconds: float
    certify_seconds: float
    witness: LowerWitness | None = field(default=None, compare=False, repr=False)

    @property
    def gap(self) -> Fraction:
        """(upper - lower) / upper, exact (0 when upper is 0)."""
        return (self.upper - self.lower) / self.upper if self.upper else Fraction(0)

    @property
    def interval(self) -> tuple[Fraction, Fraction]:
        return (self.lower, self.upper)

    @property
    def tolerance(self) -> float:
        """Relative width of the smallest range holding ``algbw``, ``lower`` and ``upper``:
        ``algbw`` is within this (relative) of the true LP optimum."""
        hi = max(float(self.upper), self.algbw)
        lo = min(float(self.lower), self.algbw)
        return (hi - lo) / hi if hi > 0 else 0.0

    @property
    def seconds(self) -> float:
        return self.build_seconds + self.solve_seconds + self.certify_seconds

    def to_dict(self) -> dict[str, Any]:
        return {"problem": self.problem, "topology": self.topology, "units": self.units,
                "status": self.status, "algbw": self.algbw,
                "lower": _exact(self.lower), "lower_float": float(self.lower),
                "upper": _exact(self.upper), "upper_float": float(self.upper),
                "gap": _exact(self.gap), "gap_float": float(self.gap),
                "tolerance": self.tolerance,
                "x": dict(self.x),
                "split": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                          for (a, b), (re_, bc) in self.split.items()],
                "logical": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                            for (a, b), (re_, bc) in self.logical.items()],
                "names": list(self.names), "reference": _exact(self.reference),
                "variables": self.variables, "constraints": self.constraints,
                "formulation": self.formulation, "rounds": self.rounds,
                "build_seconds": self.build_seconds, "solve_seconds": self.solve_seconds,
                "certify_seconds": self.certify_seconds, "seconds": self.seconds}


def _exact(value: Fraction) -> str:
    return str(format_fraction(value))


# --- model building -----------------------------------------------------------------------

def reference_bandwidth(topology: Topology, *, kernel: str | None = None) -> Fraction:
    """R: the power of two nearest the topology's exact allgather optimum (algbw).

    HiGHS's tolerances are absolute (1e-7 feasibility), and what the result needs is
    accuracy *relative to the optimum*. The allreduce and allgather LP optima lie within a
    small factor (about N) of the allgather optimum, so in units of R the objective is near
    1 and HiGHS's absolute tolerances act as relative ones — whatever the unit, and however
    unequal the links (a reference taken from the link capacities alone, such as their
    mean, leaves the optimum tiny when a few slow links are the bottleneck). R is a power
    of two, so dividing by it and multiplying the optimum back are exact in binary
    floating point; the exact bound costs a few max-flows."""
    from ..generation.bound import bound

    algbw = bound(topology, kernel=kernel).algbw
    return Fraction(2) ** round(math.log2(algbw.numerator) - math.log2(algbw.denominator))


class LPModel:
    """One LP as a PuLP model (``.lp``), with handles to its variables and the bookkeeping
    the solver needs. Build with :func:`build_model`, solve with :func:`solve_model`.

    The model is in units of :attr:`reference` (R) and named by node index (``names[i]`` is
    node i's id). Add constraints with :meth:`add_constraint` — not ``lp += …`` — so that
    the solver sees them. After :func:`solve_model` the PuLP variables hold HiGHS's values
    (``var.varValue``) and :attr:`witness` the exactly feasible point behind ``lower``.
    """

    def __init__(self, topology: Topology, problem: str, formulation: str,
                 reference: Fraction) -> None:
        self.topology = topology
        self.problem = problem
        self.formulation = formulation
        self.names: tuple[str, ...] = tuple(topology.node_ids)
        self.index: dict[str, int] = dict(topology.index)
        self.compute: list[str] = list(topology.compute_nodes)
        self.switches = frozenset(topology.switch_nodes)
        self.kinds: tuple[str, ...] = ("re", "bc") if problem == "allreduce" else ("bc",)
        self.reference = reference
        self.capacity: dict[tuple[str, str], Fraction] = {
            e: b / self.reference for e, b in topology.capacity.items()}
        self.lp = pulp.LpProblem(problem, pulp.LpMaximize)
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
        """The index part of a name: ``tag("a", "b") == "3_7"``."""
        return "_".join(str(self.index[v]) for v in nodes)

    def where(self) -> str:
        return f"the {self.problem} LP on {self.topology.name!r}"

    def add_variable(self, name: str) -> Any:
        return self.lp.add_variable(name, lowBound=0)

    def add_constraint(self, constraint: Any, name: str) -> None:
        """Add a named constraint of your own to the PuLP model and to the rows HiGHS is
        sent. HiGHS solves the changed model, but its optimum can no longer be certified:
        :func:`solve_model` raises :class:`LPError` once HiGHS has answered."""
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
        cut is already in the model."""
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
        if self.problem == "allreduce":
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
        node index to node id (JSON strings, with ``*`` escaped so no comment can close)."""
        topo = self.topology
        r = self.reference
        power = r.numerator.bit_length() - r.denominator.bit_length()
        lines = [f"forestcoll-opt {self.problem} LP ({self.formulation} formulation) of "
                 f"topology {_comment_text(topo.name)}",
                 f"bandwidths, x and the objective are in units of R = {_exact(r)} "
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
        """Write the model as .lp and/or .mps, as a set: both files or neither."""
        from ..files import write_outputs

        if lp_path and mps_path and os.path.realpath(lp_path) == os.path.realpath(mps_path):
            raise LPError(f"write_lp and write_mps name the same file {os.fspath(lp_path)!r}; "
                          f"give two files")
        texts: dict[Any, str] = {}
        header = self.header()
        with tempfile.TemporaryDirectory(prefix="forestcoll-lp-") as tmp:
            if lp_path:
                path = os.path.join(tmp, "model.lp")
                self.lp.writeLP(path)
                texts[lp_path] = "".join(f"\\ {line}\n" for line in header) + _read(path)
            if mps_path:
                path = os.path.join(tmp, "model.mps")
                self.lp.writeMPS(path, with_objsense=True)   # OBJSENSE MAX, not a comment
                texts[mps_path] = "".join(f"* {line}\n" for line in header) + _read(path)
        if texts:
            write_outputs(texts)


def _comment_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=True).replace("*", "\\u002a")


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


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


def build_model(topology: Topology, problem: str = "allreduce", *,
                formulation: str = "cuts", kernel: str | None = None) -> LPModel:
    """Build the allreduce (or allgather) LP without solving it (see :class:`LPModel`)."""
    if problem not in PROBLEMS:
        raise LPError(f"unknown LP {str(problem)[:40]!r}; use allreduce or allgather")
    if formulation not in FORMULATIONS:
        raise LPError(f"unknown formulation {str(formulation)[:40]!r}; use cuts or explicit")
    m = LPModel(topology, problem, formulation, reference_bandwidth(topology, kernel=kernel))
    lp, compute, switches = m.lp, m.compute, m.switches
    m.pairs = pairs = _logical_pairs(topology)

    # x_v: the share each root reduces/broadcasts (one shared x for allgather)
    if problem == "allreduce":
        m.x = {v: m.add_variable(f"x_{m.tag(v)}") for v in compute}
        lp.setObjective(pulp.lpSum(m.x.values()))
    else:
        shared = m.add_variable("x")
        m.x = {v: shared for v in compute}
        lp.setObjective(len(compute) * shared)

    # logical capacities b'(α,β) = c^RE(α,β) + c^BC(α,β) between compute nodes
    m.cap = {kind: {p: m.add_variable(f"{kind}_{m.tag(*p)}") for p in pairs} for kind in m.kinds}

    m.objective_terms = _terms(lp.objective)

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


def _terms(expression: Any) -> dict[str, float]:
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
                    total = pulp.lpSum(m.x.values()) if m.problem == "allreduce" \
                        else len(m.compute) * m.x[t]
                    m._add_row(net >= total, name)
                else:
                    name = f"fkeep_{tag}_{m.tag(v)}"
                    m._add_row(net == 0, name)
                rows[v] = name


# --- HiGHS ---------------------------------------------------------------------------------

_log = logging.getLogger(__name__)


@contextmanager
def _native_stdout_to_log() -> Iterator[None]:
    """Keep what compiled code writes to the process's standard output (file descriptor 1)
    off it: HiGHS from 1.16 prints a banner there when a solver is created, before any option
    can turn it off, which would corrupt ``--json`` output and notebooks. The text goes to
    this module's logger at DEBUG level instead. Python's own ``sys.stdout`` is flushed first
    so nothing already written moves. The redirection is process-wide while it lasts."""
    fd = 1                   # C's stdout, whatever Python's sys.stdout is
    try:
        saved = os.dup(fd)
    except OSError:          # no descriptor 1 at all: nothing can reach it
        yield
        return
    try:
        for stream in (sys.stdout, sys.__stdout__):
            if stream is not None:
                stream.flush()
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), fd)
            try:
                yield
            finally:
                os.dup2(saved, fd)
                sink.seek(0)
                text = sink.read(65536).decode("utf-8", "replace").strip()
                if text:
                    _log.debug("HiGHS wrote to standard output: %s", text)
    finally:
        os.close(saved)


class _Highs:
    """The model handed to HiGHS (highspy) once; rows added later (cuts) are appended and
    each round re-solves warm from the previous basis. Every call's status is checked."""

    def __init__(self, m: LPModel, time_limit: float | None) -> None:
        try:
            import highspy
        except ImportError as exc:
            raise LPSolverError(
                f"highspy does not import here ({' '.join(str(exc).split())[:200]}); if "
                f"OR-Tools was imported first in this process, its bundled HiGHS differs from "
                f"highspy's: import highspy first, or pip install 'forestcoll-opt[ortools]' "
                f"for a matching pair") from None

        self.hs = highspy
        self.m = m
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        with _native_stdout_to_log():
            self.h = highspy.Highs()
            self._set("output_flag", False)
        self._set("primal_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        self._set("dual_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        if m.lp.numConstraints() != len(m.rows):
            raise LPError(f"{m.where()}: the PuLP model has {m.lp.numConstraints()} "
                          f"constraints but {len(m.rows)} were added with "
                          f"LPModel.add_constraint; add every constraint that way")
        self.columns = m.lp.variables()
        self.col = {v.name: i for i, v in enumerate(self.columns)}
        inf = highspy.kHighsInf
        lower = np.array([-inf if v.lowBound is None else v.lowBound for v in self.columns],
                         dtype=float)
        upper = np.array([inf if v.upBound is None else v.upBound for v in self.columns],
                         dtype=float)
        self._check(self.h.addVars(len(self.columns), lower, upper), "addVars")
        objective = m.lp.objective
        idx = np.array([self.col[v.name] for v in objective.keys()], dtype=np.int32)
        sign = -1.0 if m.lp.sense == pulp.LpMaximize else 1.0
        costs = np.array([sign * float(c) for c in objective.values()], dtype=float)
        self._check(self.h.changeColsCost(len(idx), idx, costs), "changeColsCost")
        self.sent = 0
        self.sync_rows()
        self.values = np.zeros(len(self.columns))
        self.row_duals = np.zeros(0)

    def _fail(self, what: str, status: Any) -> LPSolverError:
        return LPSolverError(
            f"HiGHS {what} returned {status} for {self.m.where()}; the model may hold "
            f"values HiGHS cannot take (check the topology's bandwidths) — if it persists, "
            f"try formulation='explicit' or report the topology")

    def _check(self, status: Any, what: str) -> None:
        """Model-building calls: an error or a warning (HiGHS changed our data) is fatal."""
        if status != self.hs.HighsStatus.kOk:
            raise self._fail(what, status)

    def _set(self, option: str, value: Any) -> None:
        self._check(self.h.setOptionValue(option, value), f"setOptionValue({option})")

    def sync_rows(self) -> None:
        """Send every constraint added to the model since the last call (own bookkeeping:
        ``LPModel.rows`` in insertion order, ``self.sent`` of them already sent)."""
        inf = self.hs.kHighsInf
        rows = self.m.rows[self.sent:]
        if not rows:
            return
        starts, index, value, lower, upper = [], [], [], [], []
        for _name, c in rows:
            starts.append(len(index))
            for var, coef in c.items():
                if coef:
                    index.append(self.col[var.name])
                    value.append(float(coef))
            lb, ub = c.getLb(), c.getUb()
            lower.append(-inf if lb is None else float(lb))
            upper.append(inf if ub is None else float(ub))
        self._check(self.h.addRows(len(rows), np.array(lower, dtype=float),
                                   np.array(upper, dtype=float), len(index),
                                   np.array(starts, dtype=np.int32),
                                   np.array(index, dtype=np.int32),
                                   np.array(value, dtype=float)), "addRows")
        self.sent += len(rows)

    def run(self) -> None:
        """Solve; raise a typed error unless HiGHS proves optimality."""
        hs, m = self.hs, self.m
        if self.deadline is not None:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                raise self._not_optimal("time limit reached")
            # HiGHS compares its time limit with its run clock summed over all runs
            self._set("time_limit", float(self.h.getRunTime()) + left)
        status = self.h.run()
        if status == hs.HighsStatus.kError:
            raise self._fail("run", status)
        model = self.h.getModelStatus()
        if model == hs.HighsModelStatus.kInfeasible:
            raise LPInfeasibleError(f"{m.where()} is infeasible; the model was changed by "
                                    f"hand (the LP as built always has x = 0 feasible)")
        if model in (hs.HighsModelStatus.kUnbounded, hs.HighsModelStatus.kUnboundedOrInfeasible):
            raise LPUnboundedError(f"{m.where()} is unbounded (or infeasible); the model was "
                                   f"changed by hand (the LP as built is bounded by the "
                                   f"link capacities)")
        if model != hs.HighsModelStatus.kOptimal:
            raise self._not_optimal(f"model status {self.h.modelStatusToString(model)}")
        solution = self.h.getSolution()
        if not (solution.value_valid and solution.dual_valid):
            raise self._not_optimal("no valid primal and dual solution")
        self.values = np.asarray(solution.col_value, dtype=float)
        self.row_duals = np.asarray(solution.row_dual, dtype=float)

    def _not_optimal(self, why: str) -> LPNotOptimalError:
        return LPNotOptimalError(
            f"HiGHS did not prove {self.m.where()} optimal ({why}); raise the time limit "
            f"(time_limit= / --time-limit) or use a smaller topology")

    def objective(self) -> float:
        sign = -1.0 if self.m.lp.sense == pulp.LpMaximize else 1.0
        return sign * float(self.h.getInfo().objective_function_value)

    def value(self, var: Any) -> float:
        return max(0.0, float(self.values[self.col[var.name]]))

    def dual(self, row: str) -> float:
        """The row's dual for the *maximisation*: >= 0 on a binding <= row, <= 0 on a
        binding >= row (HiGHS minimises the negated objective)."""
        return -float(self.row_duals[self.m.row_of[row]])


# --- cut separation -------------------------------------------------------------------------

def _violated_cuts(m: LPModel, xv: Mapping[str, float],
                   capv: Mapping[str, Mapping[tuple[str, str], float]], kind: str,
                   kernel: str | None) -> list[set[str]]:
    """Min cuts of the current solution that violate F >= Σ x by more than the tolerance."""
    compute = m.compute
    pos = {v: i for i, v in enumerate(compute)}
    n = len(compute)
    s = n
    total = sum(xv[v] for v in compute)
    if not total > 0:
        return []
    shift = SEPARATION_BITS - math.frexp(total)[1]
    edges, caps = [], []
    for (a, b) in m.pairs:
        u, v = (pos[a], pos[b]) if kind == "bc" else (pos[b], pos[a])   # reduce: reversed
        edges.append((u, v))
        caps.append(_grid(capv[kind][(a, b)], shift))
    sources = [_grid(xv[v], shift) for v in compute]
    for v in compute:
        edges.append((s, pos[v]))
    net = FlowNetwork(n + 1, edges, caps + sources, kernel=kernel)
    need = math.floor(sum(sources) * (1 - SEPARATION_TOLERANCE)) - len(edges)
    cuts, seen = [], set()
    for t in range(n):
        if net.max_flow(s, t) < need:
            side = net.min_cut(s, t).source_side
            members = frozenset(compute[i] for i in range(n) if side[i])
            if members and members not in seen:
                seen.add(members)
                cuts.append(set(members))
    return cuts


def _grid(value: float, shift: int) -> int:
    """floor(value · 2**shift) for a float, exactly; negative noise counts as 0."""
    return math.floor(math.ldexp(value, shift)) if value > 0 else 0


# --- the certificate: lower ---------------------------------------------------------------

def _commodity_flow(num_nodes: int, arcs: Sequence[tuple[int, int]], caps: Sequence[int],
                    source: int, sink: int, kernel: str | None) -> list[int]:
    """A maximum integer flow, per arc (the package's FlowNetwork answers values and cuts
    only): OR-Tools (64-bit integers) when it is installed, unless ``kernel="networkx"``,
    else networkx (Python integers; about 3x slower here, and faster than igraph's
    double-precision push-relabel on these graphs). Whatever a backend returns is checked
    in exact arithmetic (integral, within its arc, conserved at every node but source and
    sink) and refused if it is not; the certificate needs a valid flow, maximality only
    makes it tighter."""
    order = ["ortools", "networkx"]
    if kernel in order:
        order.remove(kernel)
        order.insert(0, kernel)
    total = sum(caps)
    for backend in order:
        flows = _BACKEND_FLOWS[backend](num_nodes, arcs, caps, source, sink, total)
        if flows is not None and _is_flow(num_nodes, arcs, caps, source, sink, flows):
            return flows
    raise LPCertificateError("internal error: no max-flow backend returned a valid flow "
                             "for the certificate")


def _is_flow(num_nodes: int, arcs: Sequence[tuple[int, int]], caps: Sequence[int],
             source: int, sink: int, flows: Sequence[int]) -> bool:
    balance = [0] * num_nodes
    for (a, b), f, c in zip(arcs, flows, caps):
        if not (isinstance(f, int) and 0 <= f <= c):
            return False
        balance[a] -= f
        balance[b] += f
    return not any(balance[v] for v in range(num_nodes) if v not in (source, sink))


def _ortools_flows(num_nodes, arcs, caps, source, sink, total) -> list[int] | None:
    if total >= 2**62:
        return None
    try:
        from ortools.graph.python import max_flow
    except ImportError:
        return None
    smf = max_flow.SimpleMaxFlow()
    ids = smf.add_arcs_with_capacity(np.array([a for a, _ in arcs], dtype=np.int32),
                                     np.array([b for _, b in arcs], dtype=np.int32),
                                     np.array(caps, dtype=np.int64))
    if smf.num_nodes() <= max(source, sink):
        return [0] * len(arcs)                 # source or sink has no arc: nothing flows
    if smf.solve(source, sink) != max_flow.SimpleMaxFlow.OPTIMAL:
        return None
    return [int(f) for f in smf.flows(ids)]


def _networkx_flows(num_nodes, arcs, caps, source, sink, total) -> list[int] | None:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(num_nodes))
    for (a, b), c in zip(arcs, caps):
        g.add_edge(a, b, capacity=c)
    _, flow = nx.maximum_flow(g, source, sink)
    return [int(flow[a][b]) for a, b in arcs]


_BACKEND_FLOWS = {"ortools": _ortools_flows, "networkx": _networkx_flows}


def _certify_lower(m: LPModel, session: _Highs, kernel: str | None) -> LowerWitness:
    """An exactly feasible point near HiGHS's solution (module docstring, "lower")."""
    compute, n = m.compute, len(m.compute)
    xv = {v: session.value(m.x[v]) for v in compute}
    total = sum(xv.values())
    r_unit = m.reference
    if not total > 0:
        return LowerWitness(Fraction(0), MappingProxyType({v: 0 for v in compute}),
                            MappingProxyType({}), MappingProxyType({}))
    shift = GRID_BITS + 1 - math.frexp(total)[1]      # grid δ = 2**-shift, Σx ≈ 2**40 δ
    X = {v: _grid(xv[v], shift) for v in compute}

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
    rounded = {key: _grid(session.value(var), shift) for key, var in m.flow.items()}
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
            caps += [_grid(session.value(m.cap[kind][(a, b)]), shift) for b in ends]
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
    for kind in m.kinds:
        edges = [(pos[a], pos[b]) if kind == "bc" else (pos[b], pos[a]) for a, b in m.pairs]
        edges += [(s, pos[v]) for v in compute]
        caps = [logical.get((kind, a, b), 0) for a, b in m.pairs] + [X[v] for v in compute]
        net = FlowNetwork(n + 1, edges, caps, kernel=kernel)
        source_ids = list(range(len(m.pairs), len(edges)))
        while True:
            need = sum(X.values())
            if need == 0:
                break
            worst: tuple[int, int] | None = None
            for t in range(n):
                value = net.max_flow(s, t)
                if value < need and (worst is None or value < worst[1]):
                    worst = (t, value)
            if worst is None:
                break
            rounds += 1
            cut = net.min_cut(s, worst[0])
            side = [v for v in compute if cut.source_side[pos[v]]]
            inside = sum(X[v] for v in side)
            crossing = cut.value - (need - inside)          # c^kind(δ±(S)) of the min cut
            ratio = Fraction(crossing, inside)              # < 1: the cut is violated
            if not (0 <= ratio < 1):
                raise LPCertificateError(f"internal error: {m.where()}: the oracle's cut "
                                         f"does not improve the certificate")
            shrink = compute if m.problem == "allgather" or rounds > 4 * n else side
            X.update({v: math.floor(ratio * X[v]) for v in shrink})
            net.set_capacities(source_ids, [X[v] for v in compute])
    if m.problem == "allgather" and len(set(X.values())) > 1:
        raise LPCertificateError("internal error: allgather shares differ in the certificate")
    unit = gamma * delta * r_unit
    return LowerWitness(unit, MappingProxyType(X), MappingProxyType(logical),
                        MappingProxyType(routes))


# --- the certificate: upper ---------------------------------------------------------------

def _certify_upper(m: LPModel, session: _Highs) -> Fraction:
    """The objective of an exactly dual-feasible point (module docstring, "upper"), in
    units of R. Weak duality, for any feasible (x, c, f) of the full LP and any y >= 0,
    ν >= 0 with cover(v) = Σ_(kind,S∋v) ν >= 1 and dist_y(α, β) >= w^kind(α, β) = Σ of ν over
    the cuts (kind, S) that pair (α, β) crosses:
    Σ x <= Σ_v x_v cover(v) = Σ ν x(S) <= Σ ν c^kind(cross(S))
        = Σ c^kind(α,β) w^kind(α,β) <= Σ c^kind(α,β) dist_y(α,β)
        <= Σ_(kind,α) Σ_e f_(kind,α)(e) y_e <= Σ_e b_e y_e
    (allgather: N x <= Σ ν |S| x with Σ ν |S| >= N)."""
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
    if m.problem == "allreduce":
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
        best = {a: 0}
        heap = [(0, m.index[a], a)]
        done: set[str] = set()
        while heap:
            d, _, u = heapq.heappop(heap)
            if u in done:
                continue
            done.add(u)
            if u != a and u not in m.switches:
                continue                               # compute nodes do not relay
            for v, length in succ.get(u, ()):
                if v == a:
                    continue
                nd = d + length
                if v not in best or nd < best[v]:
                    best[v] = nd
                    heapq.heappush(heap, (nd, m.index[v], v))
        for b in targets:
            dist[(a, b)] = best[b]
    return dist


# --- solving ---------------------------------------------------------------------------------

def _check_time_limit(time_limit: Any) -> float | None:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
            not math.isfinite(time_limit) or time_limit <= 0:
        raise LPError(f"time_limit {time_limit!r}: give a positive, finite number of seconds "
                      f"(or None for no limit)")
    return float(time_limit)


def solve_model(m: LPModel, *, time_limit: float | None = None,
                kernel: str | None = None) -> LPResult:
    """Solve a model from :func:`build_model` (cut generation for ``"cuts"``) and certify
    its optimum; the PuLP variables receive HiGHS's values and ``m.witness`` the exactly
    feasible point. ``time_limit`` (seconds) bounds the HiGHS solves of all rounds."""
    limit = _check_time_limit(time_limit)
    solve_start = time.perf_counter()
    session = _Highs(m, limit)
    rounds = 0
    while True:
        rounds += 1
        session.run()
        if m.formulation == "explicit" or not m.cuts:
            break
        xv = {v: session.value(m.x[v]) for v in m.compute}
        capv = {kind: {p: session.value(var) for p, var in m.cap[kind].items()}
                for kind in m.kinds}
        added = 0
        for kind in m.kinds:
            for side in _violated_cuts(m, xv, capv, kind, kernel):
                added += m.add_cut(kind, side)
        if not added:
            break           # nothing violated, or only cuts HiGHS already holds (float noise)
        if rounds >= MAX_ROUNDS:
            raise LPNotOptimalError(
                f"cut generation for {m.where()} did not converge in {MAX_ROUNDS} rounds; "
                f"use formulation='explicit' (--formulation explicit) for this topology, "
                f"and please report it")
        session.sync_rows()
    solve_seconds = time.perf_counter() - solve_start
    if m.changed or _terms(m.lp.objective) != m.objective_terms:
        what = f"constraint {m.changed!r}" if m.changed else "a changed objective"
        raise LPError(f"{m.where()} was changed by hand ({what}); HiGHS solved it (objective "
                      f"{session.objective() * float(m.reference):.9g} {m.topology.units}) "
                      f"but only the LP as build_model makes it can be certified")

    certify_start = time.perf_counter()
    witness = _certify_lower(m, session, kernel)
    lower = witness.objective
    upper = _certify_upper(m, session) * m.reference
    if lower > upper:
        raise LPCertificateError(
            f"{m.where()}: the certified lower value {float(lower)!r} exceeds the upper "
            f"value {float(upper)!r}, a contradiction; please report the topology")
    certify_seconds = time.perf_counter() - certify_start
    m.witness = witness
    for var in session.columns:
        var.varValue = float(session.values[session.col[var.name]])

    scale = float(m.reference)
    x = {v: session.value(m.x[v]) * scale for v in m.compute}
    logical = {p: ((session.value(m.cap["re"][p]) * scale if "re" in m.cap else 0.0),
                   session.value(m.cap["bc"][p]) * scale) for p in m.pairs}
    split = {e: [0.0, 0.0] for e in m.topology.capacity}
    for (kind, _a, u, v), var in m.flow.items():
        split[(u, v)][0 if kind == "re" else 1] += session.value(var) * scale
    return LPResult(problem=m.problem, topology=m.topology.name, units=m.topology.units,
                    status="optimal", algbw=session.objective() * scale,
                    lower=lower, upper=upper,
                    x=MappingProxyType(x),
                    split=MappingProxyType({e: (a, b) for e, (a, b) in split.items()}),
                    logical=MappingProxyType(logical), names=m.names,
                    reference=m.reference, variables=len(session.columns),
                    constraints=len(m.rows), formulation=m.formulation, rounds=rounds,
                    build_seconds=0.0, solve_seconds=solve_seconds,
                    certify_seconds=certify_seconds, witness=witness)


def solve(topology: Topology, problem: str = "allreduce", *, formulation: str = "cuts",
          time_limit: float | None = None, kernel: str | None = None,
          write_lp: str | os.PathLike | None = None,
          write_mps: str | os.PathLike | None = None) -> LPResult:
    """Build, solve and certify the LP; raise an :class:`LPError` unless HiGHS proves
    optimality. ``write_lp``/``write_mps`` export the solved model (both or neither)."""
    _check_time_limit(time_limit)
    start = time.perf_counter()
    m = build_model(topology, problem, formulation=formulation, kernel=kernel)
    build = time.perf_counter() - start
    result = solve_model(m, time_limit=time_limit, kernel=kernel)
    if write_lp or write_mps:
        m.write(write_lp, write_mps)
    return _replace_build(result, build)


def _replace_build(result: LPResult, seconds: float) -> LPResult:
    from dataclasses import replace

    return replace(result, build_seconds=seconds)
