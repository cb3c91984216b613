"""The all-to-all optimum: a maximum concurrent multi-commodity flow, solved by HiGHS and
reported as a certified interval, as the allreduce LP is (:mod:`forestcoll_opt.lp.solver`).

The LP
------
Every ordered pair (s, t) of compute nodes must move d(s, t) (1 for the plain all-to-all,
or the normalised demand matrix, :mod:`forestcoll_opt.model.alltoall`). Maximise λ such
that λ·d(s, t) can flow from every s to every t at once. Commodities are aggregated per
source: one flow f_s per source s, with

* λ·d(s, v) = Σ_in f_s − Σ_out f_s at every node v ≠ s (0 at switches and at compute
  nodes s sends nothing to: the flow may relay through compute nodes and switches alike);
* Σ_s f_s(e) <= b_e on every link e.

That is exact: a single-source flow with several sinks decomposes into s -> t paths carrying
exactly λ·d(s, t) each, which is what per-pair commodities would route. With M the buffer
of every compute node (docs/formats.md), pair (s, t) moves M·(N−1)·d(s, t)/Σd, so
algbw = λ·Σd/(N−1) (uniform: λ·N; a star of N nodes with links b: λ = b/(N−1), algbw =
N·b/(N−1)). As for the allreduce LP the model is built in units of a power of two R near
the answer (here the best single-node cut bound), so HiGHS's absolute tolerances act as
relative ones.

Folding and the certified interval
----------------------------------
The uniform all-to-all is folded by the topology's automorphism group
(:mod:`forestcoll_opt.lp.alltoall.fold`): one flow per orbit of sources, constant on the
orbits of its stabiliser, and one capacity row per orbit of links; on
``dgx-h100:boxes=16`` (128 GPUs) that is 15 columns instead of 65,281. The optimum is
reported as ``[lower, upper]`` with exact rationals (:mod:`forestcoll_opt.lp.alltoall.certify`):
``lower`` is the λ of an exactly feasible point, ``upper`` the bound of a length function
(the LP's dual: λ <= Σ_e b_e·y_e / Σ d(s, t)·dist_y(s, t); a cut S is the length 1 on the
links leaving S). When HiGHS's point and duals read as simple fractions,
``lower == upper``: the optimum is then known exactly (the catalog's machines, the tests'
small networks).
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping

import pulp

from ...display import html_summary
from ...errors import LPCertificateError, LPError
from ...model.collective import Collective
from ...model.alltoall import Demand, demand_pairs, normalize_demand
from ...model.numbers import fraction_text
from ...model.topology import Topology
from .certify import AlltoallWitness, certify_lower, certify_upper
from .fold import Fold, fold as fold_topology, no_fold
from ..model import CAPACITY_LIMIT
from ..result import LPResult
from ..session import HighsSession, check_time_limit

__all__ = ["AlltoallLPResult", "AlltoallModel", "AlltoallWitness", "solve_alltoall"]


@dataclass(frozen=True, kw_only=True)
class AlltoallLPResult(LPResult):
    """The all-to-all optimum as a certified interval (module docstring): the fields of
    every :class:`~forestcoll_opt.lp.result.LPResult` (``lower`` and ``upper`` exact
    algbw values in topology units with lower <= optimum <= upper; ``algbw`` HiGHS's
    objective), and the demand and the upper certificate's length function.

    :ivar collective: :attr:`Collective.ALLTOALL`
    :ivar algbw: HiGHS's optimal algbw λ·Σd/(N−1), exactly the float HiGHS reported
    :ivar lower: the exactly feasible point's algbw
    :ivar upper: the length function's bound on the algbw
    :ivar demand: the normalised demand, None when uniform
    :ivar total: Σd (N·(N−1) when uniform)
    :ivar folded: whether the LP was folded by the automorphism group
    :ivar lengths: the upper certificate's length function, link -> y_e >= 0 (exact)
    :ivar witness: the exactly feasible point behind ``lower``; ignored by ``==``
    """

    demand: Demand | None
    total: int
    folded: bool
    lengths: Mapping[tuple[str, str], Fraction] = field(compare=False, repr=False,
                                                        default_factory=dict)
    witness: AlltoallWitness | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        demand = "uniform demand" if self.demand is None else f"{len(self.demand)} demand pairs"
        return (f"AlltoallLPResult({self.collective} LP on {self.topology}: "
                f"algbw≈{float(self.algbw):.6g} "
                f"{self.units}, certified [{fraction_text(self.lower)}, "
                f"{fraction_text(self.upper)}], {demand}, {self.variables} variables"
                f"{', folded' if self.folded else ''})")

    def _repr_html_(self) -> str:
        u = self.units
        demand = ("uniform" if self.demand is None else
                  f"non-uniform, {len(self.demand)} pair(s), total {self.total}")
        rows = [("algbw (HiGHS)", f"{float(self.algbw):.9g} {u}"),
                ("certified interval", f"[{float(self.lower):.9g}, {float(self.upper):.9g}] {u}"),
                ("demand", demand),
                ("model", f"{self.variables} variables, {self.constraints} constraints"
                          f"{', folded by the automorphism group' if self.folded else ''}"),
                ("seconds", f"build {self.build_seconds:.2f}, solve {self.solve_seconds:.2f}, "
                            f"certify {self.certify_seconds:.2f}")]
        return html_summary(f"AlltoallLPResult · {self.collective} LP on {self.topology}", rows,
                            note="exact bounds: .lower and .upper (Fractions)")

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON types (``forestcoll lp alltoall --json``): exact values as
        ``"p/q"`` strings with a float beside them; the witness left out, the length
        function as a list of links with positive length.

        :returns: a dict
        """
        f = fraction_text
        out: dict[str, Any] = {
            "problem": self.collective.value, "topology": self.topology, "units": self.units,
            "status": "optimal", "algbw": float(self.algbw),
            "lower": f(self.lower), "lower_float": float(self.lower),
            "upper": f(self.upper), "upper_float": float(self.upper),
            "gap": f(self.gap), "gap_float": float(self.gap), "exact": self.exact,
            "demand": None if self.demand is None else
            [{"src": s, "dst": t, "amount": d} for s, t, d in self.demand],
            "total_demand": self.total, "reference": f(self.reference),
            "variables": self.variables, "constraints": self.constraints,
            "folded": self.folded, "build_seconds": self.build_seconds, "solve_seconds": self.solve_seconds,
            "certify_seconds": self.certify_seconds, "seconds": self.seconds,
            "lengths": [{"src": a, "dst": b, "length": f(y)}
                        for (a, b), y in self.lengths.items() if y]}
        return out


class AlltoallModel:
    """The all-to-all LP as a PuLP model (in units of R, named by node index: ``rate``,
    ``f_<r>_<u>_<v>`` for the flow of source r on link u -> v (and on the links of its
    class, folded), rows ``keep_<r>_<v>`` and ``cap_<u>_<v>``), with what
    :class:`~forestcoll_opt.lp.session.HighsSession` reads.

    :param topology: the network
    :param demand: the normalised demand, or None (uniform)
    :param fold: how sources and links fold (:mod:`forestcoll_opt.lp.alltoall.fold`)
    """

    def __init__(self, topology: Topology, demand: Demand | None, fold: Fold) -> None:
        self.topology = topology
        self.demand = demand
        self.fold = fold
        self.pairs = demand_pairs(topology, demand)
        self.total = sum(d for _, _, d in self.pairs)
        self.n = len(topology.compute_nodes)
        self.index = dict(topology.index)
        self.sinks: dict[str, dict[str, int]] = {}
        for s, t, d in self.pairs:
            self.sinks.setdefault(s, {})[t] = d
        self.reference = _reference(topology, self.sinks, self.total, self.n)
        self.capacity = {e: b / self.reference for e, b in topology.capacity.items()}
        self.lp = pulp.LpProblem("alltoall", pulp.LpMaximize)
        self.rows: list[tuple[str, Any]] = []
        self.row_of: dict[str, int] = {}
        self.cap_rows: dict[tuple[tuple[str, str], ...], str] = {}
        self.rate = self.lp.add_variable("rate", lowBound=0)
        self.lp.setObjective(float(Fraction(self.total, self.n - 1)) * self.rate)
        self.var: dict[tuple[str, int], Any] = {}
        self.class_of: dict[str, dict[tuple[str, str], int]] = {}
        orbit_of = {e: q for q in fold.orbits for e in q}
        on_orbit: dict[tuple, dict[Any, float]] = {}
        tag = self.tag
        for r in fold.reps:
            mine = self.class_of[r] = {}
            into: dict[str, dict[Any, int]] = {}
            out: dict[str, dict[Any, int]] = {}
            for j, members in enumerate(fold.classes[r]):
                var = self.lp.add_variable(f"f_{tag(r, *members[0])}", lowBound=0)
                self.var[(r, j)] = var
                q = orbit_of[members[0]]
                share = on_orbit.setdefault(q, {})
                share[var] = share.get(var, 0.0) + fold.size[r] * len(members) / len(q)
                for (u, v) in members:
                    mine[(u, v)] = j
                    into.setdefault(v, {})[var] = into.get(v, {}).get(var, 0) + 1
                    out.setdefault(u, {})[var] = out.get(u, {}).get(var, 0) + 1
            for v in fold.nodes[r]:
                terms = dict(into.get(v, {}))
                for var, c in out.get(v, {}).items():
                    terms[var] = terms.get(var, 0) - c
                d = self.sinks.get(r, {}).get(v, 0)
                if d:
                    terms[self.rate] = -d
                expr = pulp.LpAffineExpression([(var, c) for var, c in terms.items() if c])
                self._add_row(expr == 0, f"keep_{tag(r, v)}")
        for q in fold.orbits:
            if on_orbit.get(q):
                name = f"cap_{tag(*q[0])}"
                c = self.capacity[q[0]]
                self._add_row(pulp.LpAffineExpression(list(on_orbit[q].items()))
                              <= float(min(c, CAPACITY_LIMIT)), name)
                self.cap_rows[q] = name

    def flow(self, session: HighsSession, r: str) -> dict[tuple[str, str], float]:
        """HiGHS's flow of representative r on every link (0 absent), units of R.

        :param session: the solved session
        :param r: a representative source
        :returns: link -> flow
        """
        values = {j: session.value(var) for (s, j), var in self.var.items() if s == r}
        return {e: values[j] for e, j in self.class_of[r].items() if values[j] > 0}

    def tag(self, *nodes: str) -> str:
        """Node indices joined by ``_``, for names.

        :param nodes: node ids
        :returns: the name part
        """
        return "_".join(str(self.index[v]) for v in nodes)

    def where(self) -> str:
        """The model in words, for error messages.

        :returns: e.g. ``"the alltoall LP on 'dgx-h100-2'"``
        """
        return f"the alltoall LP on {self.topology.name!r}"

    def _add_row(self, constraint: Any, name: str) -> None:
        self.lp.addConstraint(constraint, name)
        self.row_of[name] = len(self.rows)
        self.rows.append((name, constraint))

    def write(self, lp_path: str | os.PathLike | None = None,
              mps_path: str | os.PathLike | None = None) -> None:
        """Write the model as .lp and/or .mps (both or neither, atomically).

        :param lp_path: the .lp file, or None
        :param mps_path: the .mps file, or None
        :raises LPError: when both name one file
        :raises OutputError: when a file cannot be written
        """
        from ..lpfiles import write_model

        r = self.reference
        header = [f"forestcoll-opt alltoall LP (max concurrent flow, one commodity per source"
                  f"{', folded by symmetry' if self.fold.folded else ''}) of topology "
                  f"{self.topology.name!r}",
                  f"bandwidths and the objective are in units of R = {fraction_text(r)} "
                  f"{self.topology.units}; objective = rate * {self.total}/{self.n - 1} = algbw",
                  "node index -> id:"]
        header += [f"  {i} {v}" for i, v in enumerate(self.topology.node_ids)]
        write_model(self.lp, header, lp_path, mps_path)


def _reference(topology: Topology, sinks: Mapping[str, Mapping[str, int]], total: int,
               n: int) -> Fraction:
    """The power of two nearest the best single-node cut bound of the algbw (what each
    source can send out, and each sink take in)."""
    sent: dict[str, int] = {}
    got: dict[str, int] = {}
    for s, row in sinks.items():
        for t, d in row.items():
            sent[s] = sent.get(s, 0) + d
            got[t] = got.get(t, 0) + d
    egress, ingress = topology.egress, topology.ingress
    rate = min([egress[s] / d for s, d in sent.items()] + [ingress[t] / d for t, d in got.items()])
    algbw = rate * total / (n - 1)
    return Fraction(2) ** round(math.log2(algbw.numerator) - math.log2(algbw.denominator))


# --- solving ---------------------------------------------------------------------------------

def solve_alltoall(topology: Topology, *, demand: Mapping[str, Any] | Demand | None = None,
                   symmetry: bool | None = None, time_limit: float | None = None,
                   kernel: str | None = None, write_lp: str | os.PathLike | None = None,
                   write_mps: str | os.PathLike | None = None) -> AlltoallLPResult:
    """Build, solve and certify the all-to-all LP (module docstring).

    :param topology: the network (at least two compute nodes)
    :param demand: a demand matrix ``{src: {dst: amount}}``, an already normalised
        :data:`~forestcoll_opt.model.alltoall.Demand`, or None for the uniform all-to-all
    :param symmetry: fold the LP by the automorphism group
        (:mod:`forestcoll_opt.lp.alltoall.fold`); None (default): when the all-to-all is
        uniform (a demand matrix is solved unfolded); True with a demand is refused
    :param time_limit: seconds for HiGHS (None: no limit)
    :param kernel: the max-flow kernel of the certificate (None: the default)
    :param write_lp: export the solved model as .lp here
    :param write_mps: export the solved model as .mps here
    :returns: the certified optimum
    :raises DemandError: for a malformed demand
    :raises LPError: for a bad ``time_limit``, ``symmetry=True`` with a demand, or unless
        HiGHS proves optimality (a subclass says why)
    :raises LPCertificateError: when the certified interval is contradictory
    :raises OutputError: when an export file cannot be written
    """
    limit = check_time_limit(time_limit)
    if len(topology.compute_nodes) < 2:
        raise LPError(f"{topology.name!r} has one compute node; all-to-all needs two or more")
    norm = demand if isinstance(demand, tuple) else normalize_demand(topology, demand)
    if symmetry and norm is not None:
        raise LPError("symmetry=True folds the uniform all-to-all only; a demand matrix is "
                      "solved unfolded (leave symmetry as None)")
    start = time.perf_counter()
    if norm is None and symmetry is not False:
        fold = fold_topology(topology)
    else:
        fold = no_fold(topology, sorted({s for s, _, _ in demand_pairs(topology, norm)},
                                        key=topology.index.__getitem__))
    m = AlltoallModel(topology, norm, fold)
    build = time.perf_counter() - start
    start = time.perf_counter()
    session = HighsSession(m, limit)    # type: ignore[arg-type]  (the session's duck type)
    session.run()
    solve_seconds = time.perf_counter() - start
    start = time.perf_counter()
    scale = Fraction(m.total, m.n - 1)
    rate_upper, lengths = certify_upper(m, session)
    witness = certify_lower(m, session, kernel, rate_upper)
    lower, upper = witness.rate_value * scale, rate_upper * scale
    if lower > upper:
        raise LPCertificateError(f"{m.where()}: the certified lower value {float(lower)!r} "
                                 f"exceeds the upper value {float(upper)!r}, a contradiction; "
                                 f"please report the topology")
    certify = time.perf_counter() - start
    if write_lp or write_mps:
        m.write(write_lp, write_mps)
    return AlltoallLPResult(
        collective=Collective.ALLTOALL, topology=topology.name, units=topology.units,
        algbw=Fraction(session.objective() * float(m.reference)), lower=lower, upper=upper,
        demand=norm, total=m.total, reference=m.reference, variables=len(session.columns),
        constraints=len(m.rows), folded=fold.folded, build_seconds=build,
        solve_seconds=solve_seconds, certify_seconds=certify,
        lengths=MappingProxyType(lengths), witness=witness)
