"""Solving the allreduce linear program (the paper's appendix G "Allreduce Linear Program")
and the allgather LP, with multi-commodity switch flows — and reporting every optimum as a
*certified interval*.

:mod:`forestcoll_opt.lp.model` builds the LP with PuLP (the LP itself, its units and
names), :mod:`forestcoll_opt.lp.session` hands it to HiGHS (highspy), keeping the model
between cut rounds so that each round re-solves warm, and
:mod:`forestcoll_opt.lp.certificates` turns HiGHS's float optimum into exact rational
bounds ``lower <= LP optimum <= upper``. This module runs the rounds and returns
:class:`AllreduceLPResult`, an :class:`~forestcoll_opt.lp.result.LPResult`.

Cut generation (``formulation="cuts"``): solve, find for every t the min cut of the current
solution with the integer max-flow kernel, add each violated cut, repeat until no cut is
violated by more than SEPARATION_TOLERANCE (relative), or every violated cut is already in
the model (the rest is HiGHS's float noise, which the certificate accounts for).

``algbw`` is HiGHS's objective (its float held exactly as a Fraction); it normally lies in
the certified interval, and :attr:`LPResult.tolerance` is the relative width of the
smallest range holding algbw and the interval.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping

from ..model.collective import Collective
from ..errors import (
    LPCertificateError,
    LPError,
    LPInfeasibleError,
    LPNotOptimalError,
    LPSolverError,
    LPUnboundedError,
)
from ..kernels.flow import FlowNetwork
from ..model.topology import Topology
from .certificates import certify_lower, certify_upper, grid
from .result import LPResult
from ..display import html_summary, short_list
from .folded import (FoldedModel, build_folded_model, choose_folding, folding_stats,
                     spread_solution, violated_cuts)
from .folded_certificates import certify_folded_lower, certify_folded_upper, rebuild
from .folding import Folding
from .model import LowerWitness, LPModel, build_model, exact_text, objective_terms, reference_bandwidth
from .options import LP_COLLECTIVES, SOLVED
from .session import HighsSession, check_time_limit as _check_time_limit


__all__ = ["AllreduceLPResult", "LPCertificateError", "LPError", "LPInfeasibleError", "LPModel",
           "LPNotOptimalError", "LPResult", "LPSolverError", "LPUnboundedError", "LowerWitness",
           "build_model",
           "reference_bandwidth", "solve", "solve_model"]

SEPARATION_BITS = 40           # float -> integer scale of the separation max-flows
SEPARATION_TOLERANCE = 1e-9    # a cut violated by less (relative) ends cut generation
MAX_ROUNDS = 200


@dataclass(frozen=True, kw_only=True)
class AllreduceLPResult(LPResult):
    """The allreduce (or allgather) LP's optimum as a certified interval (see
    :mod:`forestcoll_opt.lp.certificates`): the fields of every :class:`LPResult`
    (``collective``, ``lower``, ``upper``, ``algbw``, ...), and the solution's rates and
    link splits.

    ``x``, ``split`` (physical link: (RE, BC) bandwidth) and ``logical`` (compute pair
    (α, β): (RE, BC)) are HiGHS's float solution in topology units, keyed by node id.
    ``names[i]`` is the node id behind index ``i`` in the model's variable and constraint
    names; ``reference`` is the bandwidth unit R the model was solved in; ``witness`` is
    the exactly feasible point behind ``lower`` (:class:`LowerWitness`; None for a folded
    LP beyond :data:`~forestcoll_opt.lp.folded_certificates.WITNESS_LIMIT` commodity-link
    pairs). ``folding`` is None for the full LP; for the LP folded by symmetry
    (:mod:`forestcoll_opt.lp.folded`) it holds the sizes of the folding and of the full
    model it stands for, and ``variables``/``constraints`` count the folded model.

    :ivar collective: :attr:`Collective.ALLREDUCE` or :attr:`Collective.ALLGATHER`
    :ivar algbw: HiGHS's optimal objective Σ x_v (N·x for allgather), exactly the float
        HiGHS reported (:class:`LPResult`)
    :ivar x: compute node -> its rate x_v (HiGHS's, float): the bandwidth at which its part
        of the buffer is reduced toward it and broadcast back
    :ivar split: physical link (u, v) -> (bandwidth given to reduce trees, to broadcast
        trees), floats
    :ivar logical: compute pair (α, β) -> (c^RE, c^BC), the logical capacities between
        them, floats
    :ivar names: node index -> node id, for the model's variable and constraint names
    :ivar formulation: ``"cuts"`` or ``"explicit"``
    :ivar rounds: HiGHS solves (cut generation rounds; 1 for ``"explicit"``)
    :ivar witness: the exactly feasible point behind ``lower``; ignored by ``==``
    :ivar folding: the folding's sizes (LP folded by symmetry) or None; ignored by ``==``
    """

    x: Mapping[str, float]
    split: Mapping[tuple[str, str], tuple[float, float]]
    logical: Mapping[tuple[str, str], tuple[float, float]]
    names: tuple[str, ...]
    formulation: str
    rounds: int
    witness: LowerWitness | None = field(default=None, compare=False, repr=False)
    folding: Mapping[str, Any] | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return (f"AllreduceLPResult({self.collective} LP on {self.topology}: "
                f"algbw≈{float(self.algbw):.6g} {self.units}, certified "
                f"[{exact_text(self.lower)}, {exact_text(self.upper)}], "
                f"{self.variables} variables, {self.rounds} round(s))")

    def _repr_html_(self) -> str:
        u = self.units
        rows = [("algbw (HiGHS)", f"{float(self.algbw):.9g} {u}"),
                ("certified interval", f"[{float(self.lower):.9g}, {float(self.upper):.9g}] {u}"
                                       f" (relative width {float(self.gap):.2g})"),
                ("x per root", short_list(f"{v}: {x:.4g}" for v, x in self.x.items())),
                ("model", f"{self.variables} variables, {self.constraints} constraints, "
                          f"{self.formulation}, {self.rounds} round(s)"),
                ("seconds", f"build {self.build_seconds:.2f}, solve {self.solve_seconds:.2f}, "
                            f"certify {self.certify_seconds:.2f}")]
        return html_summary(f"AllreduceLPResult · {self.collective} LP on {self.topology}",
                            rows, note="exact bounds: .lower and .upper (Fractions)")

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON types (``forestcoll lp --json``): exact values as ``"p/q"``
        strings with a float beside them, floats as they are (``algbw`` HiGHS's float),
        ``witness`` left out; ``"problem"`` names the collective and ``"status"`` is
        ``"optimal"``, as for every result (a solver failure raises instead, which the
        command line prints as ``{"status": "error", ...}``).

        :returns: a dict
        """
        return {"problem": self.collective.value, "topology": self.topology,
                "units": self.units, "status": "optimal", "algbw": float(self.algbw),
                "lower": exact_text(self.lower), "lower_float": float(self.lower),
                "upper": exact_text(self.upper), "upper_float": float(self.upper),
                "gap": exact_text(self.gap), "gap_float": float(self.gap),
                "tolerance": self.tolerance,
                "x": dict(self.x),
                "split": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                          for (a, b), (re_, bc) in self.split.items()],
                "logical": [{"src": a, "dst": b, "reduce": re_, "broadcast": bc}
                            for (a, b), (re_, bc) in self.logical.items()],
                "names": list(self.names), "reference": exact_text(self.reference),
                "variables": self.variables, "constraints": self.constraints,
                "formulation": self.formulation, "rounds": self.rounds,
                "build_seconds": self.build_seconds, "solve_seconds": self.solve_seconds,
                "certify_seconds": self.certify_seconds, "seconds": self.seconds,
                **({"symmetry": dict(self.folding)} if self.folding is not None else {})}



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
        caps.append(grid(capv[kind][(a, b)], shift))
    sources = [grid(xv[v], shift) for v in compute]
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


# --- solving ---------------------------------------------------------------------------------

def _cut_rounds(m: LPModel, session: HighsSession, kernel: str | None) -> int:
    """Solve, add the cuts the current solution violates, re-solve warm; until none
    is violated (cut generation, module docstring). Returns the number of rounds."""
    rounds = 0
    while True:
        rounds += 1
        session.run()
        if m.formulation == "explicit" or not m.cuts:
            break
        added = 0
        if isinstance(m, FoldedModel):
            for kind in m.kinds:
                for side in violated_cuts(m, session.value, kind, kernel, SEPARATION_TOLERANCE):
                    added += m.add_cut(kind, side)
        else:
            xv = {v: session.value(m.x[v]) for v in m.compute}
            capv = {kind: {p: session.value(var) for p, var in m.cap[kind].items()}
                    for kind in m.kinds}
            for kind in m.kinds:
                for side in _violated_cuts(m, xv, capv, kind, kernel):
                    added += m.add_cut(kind, side)
        if not added:
            break           # nothing violated, or only cuts HiGHS already holds (float noise)
        if rounds >= MAX_ROUNDS:
            raise LPNotOptimalError(
                f"cut generation for {m.where()} did not converge in {MAX_ROUNDS} rounds; "
                f"use formulation='explicit' for this topology, and please report it",
                options=("formulation",))
        session.sync_rows()
    return rounds


def solve_model(m: LPModel, *, time_limit: float | None = None,
                kernel: str | None = None) -> AllreduceLPResult:
    """Solve a model from :func:`build_model` or
    :func:`~forestcoll_opt.lp.folded.build_folded_model` (cut generation for ``"cuts"``)
    and certify its optimum on the full LP; the PuLP variables receive HiGHS's values and
    ``m.witness`` the exactly feasible point.

    :param m: the model, unchanged since it was built
    :param time_limit: seconds for the HiGHS solves of all rounds (None: no limit)
    :param kernel: the max-flow kernel of the separation and the certificates
    :returns: the certified optimum
    :raises LPError: unless HiGHS proves optimality and the interval is certified (a
        subclass says why; a model changed by hand cannot be certified)
    :raises LPCertificateError: when the certified interval is contradictory
    """
    limit = _check_time_limit(time_limit)
    solve_start = time.perf_counter()
    session = HighsSession(m, limit)
    rounds = _cut_rounds(m, session, kernel)
    solve_seconds = time.perf_counter() - solve_start
    if m.changed or objective_terms(m.lp.objective) != m.objective_terms:
        what = f"constraint {m.changed!r}" if m.changed else "a changed objective"
        raise LPError(f"{m.where()} was changed by hand ({what}); HiGHS solved it (objective "
                      f"{session.objective() * float(m.reference):.9g} {m.topology.units}) "
                      f"but only the LP as build_model makes it can be certified")

    certify_start = time.perf_counter()
    folding = None
    if isinstance(m, FoldedModel):
        own = rebuild(m)
        lower, witness = certify_folded_lower(m, session, own, kernel)
        upper = certify_folded_upper(m, session, own) * m.reference
        folding = folding_stats(m)
    else:
        witness = certify_lower(m, session, kernel)
        lower = witness.objective
        upper = certify_upper(m, session) * m.reference
    if lower > upper:
        raise LPCertificateError(
            f"{m.where()}: the certified lower value {float(lower)!r} exceeds the upper "
            f"value {float(upper)!r}, a contradiction; please report the topology")
    certify_seconds = time.perf_counter() - certify_start
    m.witness = witness
    for var in session.columns:
        var.varValue = float(session.values[session.col[var.name]])

    scale = float(m.reference)
    if isinstance(m, FoldedModel):
        x, split, logical = spread_solution(m, session.value, scale)
    else:
        x = {v: session.value(m.x[v]) * scale for v in m.compute}
        logical = {p: ((session.value(m.cap["re"][p]) * scale if "re" in m.cap else 0.0),
                       session.value(m.cap["bc"][p]) * scale) for p in m.pairs}
        split = {e: [0.0, 0.0] for e in m.topology.capacity}
        for (kind, _a, u, v), var in m.flow.items():
            split[(u, v)][0 if kind == "re" else 1] += session.value(var) * scale
    return AllreduceLPResult(collective=m.collective, topology=m.topology.name,
                    units=m.topology.units, algbw=Fraction(session.objective() * scale),
                    lower=lower, upper=upper,
                    x=MappingProxyType(x),
                    split=MappingProxyType({e: (a, b) for e, (a, b) in split.items()}),
                    logical=MappingProxyType(logical), names=m.names,
                    reference=m.reference, variables=len(session.columns),
                    constraints=len(m.rows), formulation=m.formulation, rounds=rounds,
                    build_seconds=0.0, solve_seconds=solve_seconds,
                    certify_seconds=certify_seconds, witness=witness, folding=folding)


def solve(topology: Topology, *, collective: "Collective | str" = "allreduce",
          formulation: str = "cuts", time_limit: float | None = None, kernel: str | None = None,
          write_lp: str | os.PathLike | None = None,
          write_mps: str | os.PathLike | None = None,
          symmetry: bool | None = None, demand: Any = None) -> LPResult:
    """Build, solve and certify the LP; raise an :class:`LPError` unless HiGHS proves
    optimality. ``collective="alltoall"`` solves the all-to-all LP instead
    (:func:`forestcoll_opt.lp.alltoall.model.solve_alltoall`, with ``demand``). Either way the
    result is an :class:`LPResult` (its certified interval, ``algbw``, model size and
    timings): an :class:`AllreduceLPResult` for allreduce and allgather (rates per root,
    link splits), an :class:`~forestcoll_opt.lp.alltoall.model.AlltoallLPResult` for all-to-all
    (demand, length function).

    :param topology: the network
    :param collective: :attr:`Collective.ALLREDUCE` (default) or
        :attr:`Collective.ALLGATHER`, or their string values
    :param formulation: ``"cuts"`` (default) or ``"explicit"``
    :param time_limit: seconds for HiGHS (None: no limit)
    :param kernel: the max-flow kernel of every max-flow of the LP (None: the default)
    :param write_lp: export the solved model as .lp here (with ``write_mps``: both or neither)
    :param write_mps: export the solved model as .mps here
    :param symmetry: (alltoall: as for :func:`~forestcoll_opt.lp.alltoall.model.solve_alltoall`)
        fold the allreduce LP by the topology's automorphism group
        (:mod:`forestcoll_opt.lp.folded`; one variable per orbit, the interval still
        certified on the full LP). None (default): from
        :data:`~forestcoll_opt.lp.folded.SYMMETRY_MIN_COMPUTE` compute nodes on, for the
        allreduce LP in the cuts formulation, when the group is not trivial; False: the
        full model; True: fold whenever the group is not trivial (allreduce, cuts only)
    :param demand: alltoall only: a demand matrix ``{src: {dst: amount}}`` (None: uniform)
    :returns: the certified optimum
    :raises LPError: for an unknown collective or formulation, a bad ``time_limit``, or
        ``write_lp`` and ``write_mps`` naming one file
    :raises LPNotOptimalError: when HiGHS stops before optimality (time limit) or cut
        generation does not converge
    :raises LPSolverError: when a HiGHS call fails
    :raises LPCertificateError: when the certified interval is contradictory
    :raises OutputError: when an export file cannot be written
    """
    if Collective.parse(collective, allowed=SOLVED) is Collective.ALLTOALL:
        from .alltoall.model import solve_alltoall

        if formulation != "cuts":
            raise LPError("formulation is the allreduce LP's; the all-to-all LP has one form")
        return solve_alltoall(topology, demand=demand, symmetry=symmetry, time_limit=time_limit,
                              kernel=kernel, write_lp=write_lp, write_mps=write_mps)
    if demand is not None:
        raise LPError("demand is a matrix of all-to-all amounts; drop it, or solve "
                      "collective=\"alltoall\"")
    member = Collective.parse(collective, allowed=LP_COLLECTIVES)
    _check_time_limit(time_limit)
    start = time.perf_counter()
    folding = choose_folding(topology, member, formulation, symmetry)
    return _solve_chosen(topology, member, formulation, folding, start, time_limit=time_limit,
                         kernel=kernel, write_lp=write_lp, write_mps=write_mps)


def solve_folded(topology: Topology, folding: "Folding | None", *, kernel: str | None = None
                 ) -> AllreduceLPResult:
    """:func:`solve` of the allreduce LP (cuts formulation) with its folding already chosen:
    ``folding`` is what :func:`~forestcoll_opt.lp.folded.choose_folding` returned for this
    topology (None: the full model), so that a caller that needed it first (the size rule of
    :func:`~forestcoll_opt.lp.choice.lp_variables`) does not find the group twice.

    :param topology: the network
    :param folding: the folding, or None
    :param kernel: the max-flow kernel (None: the default)
    :returns: the certified optimum, as :func:`solve` gives it
    """
    return _solve_chosen(topology, Collective.ALLREDUCE, "cuts", folding, time.perf_counter(),
                         kernel=kernel)


def _solve_chosen(topology: Topology, member: Collective, formulation: str,
                  folding: "Folding | None", start: float, *, time_limit: float | None = None,
                  kernel: str | None = None, write_lp: str | os.PathLike | None = None,
                  write_mps: str | os.PathLike | None = None) -> AllreduceLPResult:
    """Build (folded where ``folding`` is given), solve and certify; ``start`` is when the
    build began (its seconds include choosing the folding)."""
    if folding is not None:
        m = build_folded_model(topology, folding, reference_bandwidth(topology, kernel=kernel))
    else:
        m = build_model(topology, member, formulation=formulation, kernel=kernel)
    build = time.perf_counter() - start
    result = solve_model(m, time_limit=time_limit, kernel=kernel)
    if write_lp or write_mps:
        m.write(write_lp, write_mps)
    return _replace_build(result, build)


def _replace_build(result: AllreduceLPResult, seconds: float) -> AllreduceLPResult:
    return replace(result, build_seconds=seconds)
