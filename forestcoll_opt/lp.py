"""The allreduce linear program (paper ``app:sec:allreducelp``, LP ``lp:replusbc``) and the
allgather LP, with multi-commodity switch flows, built with PuLP and solved by HiGHS.

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
RE/BC split directly (any mixed routing splits into the two kinds the same way).

The max-flow constraints come in two equivalent forms (``formulation=``):

* ``"explicit"``: one flow per target and direction (about 2·N·(N² + N) variables) —
  the textbook model, fine for small N;
* ``"cuts"`` (default): by max-flow/min-cut, F(s, t) >= Σ x for all t iff every proper
  non-empty S ⊂ Vc has c^BC(δ+(S)) >= x(S) (and c^RE(δ-(S)) >= x(S) for reduce). Those cut
  constraints are added lazily: solve, find for every t the min cut of the current
  solution with the integer max-flow kernel (values scaled by 2**30), add each violated
  cut, repeat until none is violated by more than the tolerance.

The allgather LP (a cross-check of the exact bound) is the broadcast half with x_v = x for
every v: maximise x; algbw = N·x.

PuLP builds and names the model (and writes .lp/.mps files); HiGHS (highspy) solves it,
keeping the model between cut rounds so that each round re-solves warm. A result is
reported only when HiGHS's model status is *optimal*. (PuLP's own HiGHS interface maps
time limits and interrupts to "Optimal" and only its solution status tells; reading the
HiGHS model status directly avoids that trap.)
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import numpy as np
import pulp

from .errors import ForestCollError
from .flow import FlowNetwork
from .topology import Topology

TOLERANCE = 1e-7          # relative feasibility tolerance of the cut separation
SCALE = 2**30             # float capacities -> integers for the separation max-flows
MAX_ROUNDS = 200


class LPError(ForestCollError):
    """The LP could not be solved to proven optimality."""


class LPInfeasibleError(LPError):
    pass


class LPUnboundedError(LPError):
    pass


class LPNotOptimalError(LPError):
    """HiGHS stopped without proving optimality (time limit, iteration limit, numerics)."""


@dataclass(frozen=True)
class LPResult:
    """An LP optimum. ``algbw`` is a float from HiGHS, accurate to about ``tolerance``
    (relative); never compare it with an exact value without a tolerance."""

    problem: str
    topology: str
    units: str
    status: str
    algbw: float
    tolerance: float
    x: Mapping[str, float]
    split: Mapping[tuple[str, str], tuple[float, float]]   # physical link: (RE, BC) bandwidth
    logical: Mapping[tuple[str, str], tuple[float, float]]  # compute pair (α, β): (RE, BC)
    variables: int
    constraints: int
    formulation: str
    rounds: int
    build_seconds: float
    solve_seconds: float
    model: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"problem": self.problem, "topology": self.topology, "units": self.units,
                "status": self.status, "algbw": self.algbw, "tolerance": self.tolerance,
                "x": dict(self.x),
                "split": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                          for (a, b), (re_, bc) in self.split.items()],
                "logical": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                            for (a, b), (re_, bc) in self.logical.items()],
                "variables": self.variables, "constraints": self.constraints,
                "formulation": self.formulation, "rounds": self.rounds,
                "build_seconds": self.build_seconds, "solve_seconds": self.solve_seconds,
                "seconds": self.build_seconds + self.solve_seconds}


# --- model building ------------------------------------------------------------------------------

class _Model:
    """The LP and handles to its variables, named after the data (``bc_<a>_<b>``)."""

    def __init__(self, topology: Topology, problem: str) -> None:
        self.topology = topology
        self.problem = problem
        self.compute = list(topology.compute_nodes)
        self.name = _names(topology.node_ids)
        self.lp = pulp.LpProblem(f"{problem}_{_clean(topology.name)}", pulp.LpMaximize)
        self.cut_count = 0


def _clean(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", text)


def _names(ids) -> dict[str, str]:
    cleaned = {v: _clean(v) for v in ids}
    if len(set(cleaned.values())) < len(cleaned):
        cleaned = {v: f"n{i}_{_clean(v)}" for i, v in enumerate(ids)}
    return cleaned


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
                formulation: str = "cuts") -> _Model:
    """Build the allreduce (or allgather) LP without solving it."""
    if problem not in ("allreduce", "allgather"):
        raise LPError(f"unknown LP {problem!r}; use allreduce or allgather")
    if formulation not in ("cuts", "explicit"):
        raise LPError(f"unknown formulation {formulation!r}; use cuts or explicit")
    m = _Model(topology, problem)
    lp, nm, compute = m.lp, m.name, m.compute
    switches = set(topology.switch_nodes)
    pairs = _logical_pairs(topology)
    m.pairs = pairs
    kinds = ("re", "bc") if problem == "allreduce" else ("bc",)

    # x_v: the share each root reduces/broadcasts (one shared x for allgather)
    if problem == "allreduce":
        m.x = {v: lp.add_variable(f"x_{nm[v]}", lowBound=0) for v in compute}
        lp += pulp.lpSum(m.x.values()), "algbw"
    else:
        shared = lp.add_variable("x", lowBound=0)
        m.x = {v: shared for v in compute}
        lp += len(compute) * shared, "algbw"
    m.total = pulp.lpSum(m.x.values()) if problem == "allreduce" else len(compute) * m.x[compute[0]]

    # logical capacities b'(α,β) = c^RE(α,β) + c^BC(α,β) between compute nodes
    m.cap = {kind: {p: lp.add_variable(f"{kind}_{nm[p[0]]}_{nm[p[1]]}", lowBound=0) for p in pairs}
             for kind in kinds}

    # routing: for each tree kind and source α one commodity carries c^kind(α,·) from α,
    # relaying through switches only (route_<kind>_<α>_<u>_<v>)
    links = list(topology.capacity)
    flow: dict[tuple[str, str, str, str], Any] = {}
    for kind in kinds:
        for a in compute:
            for (u, v) in links:
                if (u == a or u in switches) and v != a:
                    flow[(kind, a, u, v)] = lp.add_variable(
                        f"route_{kind}_{nm[a]}_{nm[u]}_{nm[v]}", lowBound=0)
    into: dict[tuple, list] = {}
    out: dict[tuple, list] = {}
    on_link: dict[tuple[str, str], list] = {}
    for (kind, a, u, v), var in flow.items():
        out.setdefault((kind, a, u), []).append(var)
        into.setdefault((kind, a, v), []).append(var)
        on_link.setdefault((u, v), []).append(var)
    m.flow = flow
    for kind in kinds:
        for a in compute:
            for v in topology.node_ids:
                if v == a:
                    continue
                inflow = pulp.lpSum(into.get((kind, a, v), []))
                if v in switches:
                    # switch conservation of commodity (kind, α)
                    lp += inflow == pulp.lpSum(out.get((kind, a, v), [])), \
                        f"relay_{kind}_{nm[a]}_{nm[v]}"
                else:
                    # delivery of c^kind(α, β) at compute β
                    lp += inflow == m.cap[kind].get((a, v), 0), f"deliver_{kind}_{nm[a]}_{nm[v]}"
    for (u, v), b in topology.capacity.items():
        # physical capacity, shared by every commodity of both tree kinds
        if on_link.get((u, v)):
            lp += pulp.lpSum(on_link[(u, v)]) <= float(b), f"cap_{nm[u]}_{nm[v]}"

    if formulation == "explicit":
        _add_explicit_flows(m, kinds)
    else:
        # start with the singletons, the boxes, and their complements; the rest come lazily
        seeds = [{v} for v in compute]
        seeds += [set(members) for box, members in topology.boxes().items() if box is not None]
        for kind in kinds:
            done = set()
            for seed in seeds:
                for side in (seed, set(compute) - seed):
                    key = frozenset(side)
                    if 0 < len(side) < len(compute) and key not in done:
                        done.add(key)
                        add_cut(m, kind, side)
    m.formulation = formulation
    return m


def _add_explicit_flows(m: _Model, kinds) -> None:
    """One s-t flow per target t (broadcast) and t-s flow (reduce) on the logical graph."""
    lp, nm, compute = m.lp, m.name, m.compute
    for kind in kinds:
        for t in compute:
            tag = f"{kind}_{nm[t]}"
            f = {p: lp.add_variable(f"f{tag}_{nm[p[0]]}_{nm[p[1]]}", lowBound=0) for p in m.pairs}
            src = {v: lp.add_variable(f"f{tag}_s_{nm[v]}", lowBound=0) for v in compute}
            for p in m.pairs:
                lp += f[p] <= m.cap[kind][p], f"fcap{tag}_{nm[p[0]]}_{nm[p[1]]}"
            for v in compute:
                lp += src[v] <= m.x[v], f"fsrc{tag}_{nm[v]}"
            for v in compute:
                # broadcast: s -> v -> ... -> t ; reduce: the same on reversed edges
                ins = [f[p] for p in m.pairs if p[1 if kind == "bc" else 0] == v]
                outs = [f[p] for p in m.pairs if p[0 if kind == "bc" else 1] == v]
                net = pulp.lpSum(ins) + src[v] - pulp.lpSum(outs)
                if v == t:
                    lp += net >= m.total, f"fsink{tag}"
                else:
                    lp += net == 0, f"fkeep{tag}_{nm[v]}"


def add_cut(m: _Model, kind: str, side) -> None:
    """c^BC(δ+(S)) >= x(S) (broadcast) or c^RE(δ-(S)) >= x(S) (reduce)."""
    side = set(side)
    if kind == "bc":
        crossing = [m.cap[kind][p] for p in m.pairs if p[0] in side and p[1] not in side]
    else:
        crossing = [m.cap[kind][p] for p in m.pairs if p[1] in side and p[0] not in side]
    need = pulp.lpSum(m.x[v] for v in m.compute if v in side) if m.problem == "allreduce" \
        else len(side) * m.x[m.compute[0]]
    m.cut_count += 1
    m.lp += pulp.lpSum(crossing) >= need, f"cut_{kind}_{m.cut_count}"


# --- solving -------------------------------------------------------------------------------------

class _Highs:
    """The PuLP model handed to HiGHS (highspy) once; cuts are appended as rows and each
    round re-solves warm from the previous basis. Only a model status of *optimal* counts."""

    def __init__(self, m: _Model, time_limit: float | None) -> None:
        import highspy

        self.highspy = highspy
        self.m = m
        h = self.h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        if time_limit is not None:
            h.setOptionValue("time_limit", float(time_limit))
        self.vars = m.lp.variables()
        self.col = {v.name: i for i, v in enumerate(self.vars)}
        inf = highspy.kHighsInf
        lower = np.array([-inf if v.lowBound is None else v.lowBound for v in self.vars])
        upper = np.array([inf if v.upBound is None else v.upBound for v in self.vars])
        h.addVars(len(self.vars), lower, upper)
        objective = m.lp.objective
        idx = np.array([self.col[v.name] for v in objective], dtype=np.int32)
        sign = -1.0 if m.lp.sense == pulp.LpMaximize else 1.0
        h.changeColsCost(len(idx), idx, np.array([sign * c for c in objective.values()]))
        self.sent = 0
        self.sync_rows()

    def sync_rows(self) -> None:
        """Send every constraint of the PuLP model not yet passed to HiGHS."""
        inf = self.highspy.kHighsInf
        # PuLP (pinned < 3.4) keeps constraints in insertion order in ``_constraints``
        rows = list(self.m.lp._constraints.values())[self.sent:]
        if not rows:
            return
        starts, index, value, lower, upper = [], [], [], [], []
        for c in rows:
            starts.append(len(index))
            for var, coef in c.items():
                if coef:
                    index.append(self.col[var.name])
                    value.append(coef)
            lb, ub = c.getLb(), c.getUb()
            lower.append(-inf if lb is None else lb)
            upper.append(inf if ub is None else ub)
        self.h.addRows(len(rows), np.array(lower), np.array(upper), len(index),
                       np.array(starts, dtype=np.int32), np.array(index, dtype=np.int32),
                       np.array(value, dtype=float))
        self.sent += len(rows)

    def run(self) -> None:
        """Solve; on proven optimality copy the values back into the PuLP variables."""
        hs, m = self.highspy, self.m
        self.h.run()
        status = self.h.getModelStatus()
        where = f"{m.problem} LP on {m.topology.name!r}"
        if status == hs.HighsModelStatus.kInfeasible:
            raise LPInfeasibleError(f"{where} is infeasible")
        if status in (hs.HighsModelStatus.kUnbounded, hs.HighsModelStatus.kUnboundedOrInfeasible):
            raise LPUnboundedError(f"{where} is unbounded (or infeasible)")
        if status != hs.HighsModelStatus.kOptimal:
            raise LPNotOptimalError(
                f"HiGHS did not prove the {where} optimal (model status "
                f"{self.h.modelStatusToString(status)}); raise the time limit or check the "
                f"bandwidths")
        for var, value in zip(self.vars, self.h.getSolution().col_value):
            var.varValue = value


def _violated_cuts(m: _Model, kind: str, kernel: str | None) -> list[set[str]]:
    """Min cuts of the current solution that violate F >= Σ x by more than the tolerance."""
    compute = m.compute
    pos = {v: i for i, v in enumerate(compute)}
    n = len(compute)
    s = n
    total = sum(_value(m.x[v]) for v in compute) if m.problem == "allreduce" \
        else n * _value(m.x[compute[0]])
    if total <= 0:
        return []
    scale = SCALE / max(1.0, total)
    edges, caps = [], []
    for (a, b) in m.pairs:
        u, v = (pos[a], pos[b]) if kind == "bc" else (pos[b], pos[a])   # reduce: reversed
        edges.append((u, v))
        caps.append(math.floor(_value(m.cap[kind][(a, b)]) * scale))
    for v in compute:
        edges.append((s, pos[v]))
        caps.append(math.floor(_value(m.x[v]) * scale))
    net = FlowNetwork(n + 1, edges, caps, kernel=kernel)
    need = total * scale * (1 - TOLERANCE) - len(edges)
    cuts, seen = [], set()
    for t in range(n):
        if net.max_flow(s, t) < need:
            side = net.min_cut(s, t).source_side
            members = frozenset(compute[i] for i in range(n) if side[i])
            if members and members not in seen:
                seen.add(members)
                cuts.append(set(members))
    return cuts


def _value(var) -> float:
    value = var.value() if hasattr(var, "value") else var
    return max(0.0, float(value or 0.0))


def solve(topology: Topology, problem: str = "allreduce", *, formulation: str = "cuts",
          time_limit: float | None = None, kernel: str | None = None,
          write_lp: str | None = None, write_mps: str | None = None) -> LPResult:
    """Build and solve the LP; raise an :class:`LPError` unless HiGHS proves optimality."""
    start = time.perf_counter()
    m = build_model(topology, problem, formulation=formulation)
    build = time.perf_counter() - start
    kinds = ("re", "bc") if problem == "allreduce" else ("bc",)
    rounds = 0
    solve_start = time.perf_counter()
    session = _Highs(m, time_limit)
    while True:
        rounds += 1
        session.run()
        if formulation == "explicit":
            break
        found = [(kind, side) for kind in kinds for side in _violated_cuts(m, kind, kernel)]
        if not found:
            break
        if rounds >= MAX_ROUNDS:
            raise LPNotOptimalError(f"cut generation did not converge in {MAX_ROUNDS} rounds")
        for kind, side in found:
            add_cut(m, kind, side)
        session.sync_rows()
    solve_seconds = time.perf_counter() - solve_start
    if write_lp:
        m.lp.writeLP(str(Path(write_lp)))
    if write_mps:
        m.lp.writeMPS(str(Path(write_mps)))
    algbw = float(pulp.value(m.lp.objective))
    m.lp.assignStatus(pulp.LpStatusOptimal, pulp.LpSolutionOptimal)
    x = {v: _value(m.x[v]) for v in m.compute}
    logical = {p: ((_value(m.cap["re"][p]) if "re" in m.cap else 0.0), _value(m.cap["bc"][p]))
               for p in m.pairs}
    split = {e: [0.0, 0.0] for e in topology.capacity}
    for (kind, _a, u, v), var in m.flow.items():
        split[(u, v)][0 if kind == "re" else 1] += _value(var)
    split = {e: (re_, bc) for e, (re_, bc) in split.items()}
    return LPResult(problem=problem, topology=topology.name, units=topology.units,
                    status="optimal", algbw=algbw, tolerance=TOLERANCE, x=x, split=split,
                    logical=logical,
                    variables=m.lp.numVariables(), constraints=m.lp.numConstraints(),
                    formulation=formulation, rounds=rounds, build_seconds=build,
                    solve_seconds=solve_seconds, model=m.lp)


def compare(topologies, *, kernel: str | None = None, progress=None):
    """One row per topology: the exact allgather bound, the allgather LP, the allreduce LP,
    and the tree allreduce (reduce-scatter + allgather schedules from the generator, their
    algbw recomputed from link loads by the verifier), with the ratio tree / LP."""
    import pandas as pd

    from .bound import bound
    from .schedule import generate
    from .verify import verify

    rows = []
    for topo in topologies:
        exact = bound(topo, kernel=kernel).algbw
        ag_lp = solve(topo, "allgather", kernel=kernel)
        ar_lp = solve(topo, "allreduce", kernel=kernel)
        verdict = verify(topo, generate(topo, "allreduce", kernel=kernel), kernel=kernel)
        if not verdict.valid:
            raise LPError(f"generated allreduce on {topo.name!r} failed verification: "
                          f"{verdict.reasons[0]}")
        tree = verdict.algbw
        rows.append({
            "topology": topo.name, "N": len(topo.compute_nodes),
            "allgather_bound": str(exact), "allgather_bound_float": float(exact),
            "allgather_lp": ag_lp.algbw, "allreduce_lp": ar_lp.algbw,
            "tree_allreduce": str(tree), "tree_allreduce_float": float(tree),
            "tree_over_lp": float(tree) / ar_lp.algbw,
            "lp_seconds": ar_lp.build_seconds + ar_lp.solve_seconds,
        })
        if progress is not None:
            progress(rows[-1])
    return pd.DataFrame(rows)
