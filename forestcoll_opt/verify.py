"""An independent verifier: any ``forestcoll-schedule/1`` schedule against the exact bound.

It shares no code with the generator: it parses the schedule itself, and computes the
bound by its own method — the paper's bisection on the oracle network G_x
(``sec:binarysearch``, ``app:thm:binarysearch``) with exact rational reconstruction
(``app:lm:fraction``: two distinct ratios with denominators <= D differ by >= 1/D²), while
the generator's bound iterates Newton/Dinkelbach. For networks of at most 16 nodes it also
enumerates every cut. It uses only the topology model and the max-flow kernel.

The verdict carries an optimality certificate: the primal side is the achieved algbw,
recomputed from the exact load of every physical link; the dual side is a cut S* whose
ratio |S* ∩ Vc| / B+(S*) (re-summed from the topology's links) bounds every schedule.
"optimal" means the two meet exactly.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from .errors import ForestCollError
from .flow import FlowNetwork
from .topology import Topology, format_fraction, parse_json, read_text

SCHEDULE_FORMAT = "forestcoll-schedule/1"
MULTI_ROOT = ("allgather", "reduce-scatter")
SINGLE_ROOT = ("broadcast", "reduce")
INWARD = ("reduce-scatter", "reduce")
EXHAUSTIVE_LIMIT = 16


class VerifyError(ForestCollError):
    """The schedule cannot be read at all (not JSON, not an object)."""


@dataclass(frozen=True)
class CutBound:
    """An exact bound with its dual certificate: the cut S* and what it carries."""

    collective: str
    algbw: Fraction
    cut: tuple[str, ...]
    cut_compute: int
    cut_bandwidth: Fraction
    method: str


@dataclass(frozen=True)
class PhaseLoad:
    """Primal side of one phase: link loads (Σ weight × times used) and time per unit data."""

    collective: str
    k: int
    time_per_byte: Fraction
    busiest: tuple[tuple[str, str, int, Fraction], ...]   # (src, dst, load, load/bandwidth)


@dataclass(frozen=True)
class Verdict:
    valid: bool
    optimal: bool
    reasons: tuple[str, ...]
    collective: str | None
    algbw: Fraction | None
    bound_algbw: Fraction | None
    ratio: Fraction | None
    phases: tuple[PhaseLoad, ...] = ()
    bounds: tuple[CutBound, ...] = ()
    notes: tuple[str, ...] = field(default=())
    lp_algbw: float | None = None       # allreduce: the LP optimum (float, HiGHS)
    lp_ratio: float | None = None       # allreduce: algbw / LP optimum
    lp_tolerance: float | None = None

    def to_dict(self) -> dict[str, Any]:
        f = lambda v: None if v is None else str(format_fraction(v))  # noqa: E731
        return {
            "valid": self.valid, "optimal": self.optimal, "reasons": list(self.reasons),
            "collective": self.collective, "algbw": f(self.algbw),
            "bound_algbw": f(self.bound_algbw), "ratio": f(self.ratio),
            "certificate": {
                "primal": {"algbw": f(self.algbw), "phases": [
                    {"collective": p.collective, "k": p.k, "time_per_byte": f(p.time_per_byte),
                     "busiest_links": [{"src": a, "dst": b, "load": load, "load_per_bandwidth": f(r)}
                                       for a, b, load, r in p.busiest]} for p in self.phases]},
                "dual": [{"collective": b.collective, "algbw": f(b.algbw), "cut": list(b.cut),
                          "cut_compute": b.cut_compute, "cut_bandwidth": f(b.cut_bandwidth),
                          "method": b.method} for b in self.bounds],
            },
            "lp": None if self.lp_algbw is None else {
                "algbw": self.lp_algbw, "ratio": self.lp_ratio, "tolerance": self.lp_tolerance},
            "notes": list(self.notes),
        }


# --- entry points ------------------------------------------------------------------------------

def verify(topology: Topology, schedule: Any, *, kernel: str | None = None,
           lp: bool = True) -> Verdict:
    """Check ``schedule`` (a dict, a JSON path, or an object with ``to_dict()``) on
    ``topology``; report every violation, the achieved algbw and its ratio to the bound.
    For allreduce, ``lp=True`` also solves the allreduce LP and reports the ratio to it."""
    data = _as_dict(schedule)
    reasons: list[str] = []
    coll = data.get("collective")
    if data.get("format") != SCHEDULE_FORMAT:
        reasons.append(f"\"format\" is {data.get('format')!r}, expected {SCHEDULE_FORMAT!r}")
    if coll not in MULTI_ROOT + SINGLE_ROOT + ("allreduce",):
        reasons.append(f"unknown collective {coll!r}")
        return Verdict(False, False, tuple(reasons), None, None, None, None)
    compute = topology.compute_nodes
    listed = data.get("compute_nodes")
    if listed is not None and sorted(map(str, listed)) != sorted(compute):
        reasons.append("\"compute_nodes\" does not list the topology's compute nodes")
    if coll == "allreduce":
        raw = data.get("phases")
        if not isinstance(raw, list) or len(raw) != 2:
            reasons.append("allreduce needs \"phases\": [reduce-scatter, allgather]")
            return Verdict(False, False, tuple(reasons), coll, None, None, None)
        expected = ("reduce-scatter", "allgather")
        phases = []
        for i, (phase, want) in enumerate(zip(raw, expected)):
            got = phase.get("collective") if isinstance(phase, Mapping) else None
            if got != want:
                reasons.append(f"allreduce phase {i} must be {want}, found {got!r}")
                continue
            phases.append(_check_phase(topology, phase, want, None, reasons, f"phase {i} ({want}): "))
    else:
        root = data.get("root")
        if coll in SINGLE_ROOT and root not in compute:
            reasons.append(f"{coll} needs a \"root\" that is a compute node, found {root!r}")
            return Verdict(False, False, tuple(reasons), coll, None, None, None)
        phases = [_check_phase(topology, data, coll, root, reasons, "")]
    if reasons or any(p is None for p in phases):
        return Verdict(False, False, tuple(reasons), coll, None, None, None)
    time_per_byte = sum((p.time_per_byte for p in phases), Fraction(0))
    algbw = 1 / time_per_byte
    if coll == "allreduce":
        rs = bound_of(topology, "reduce-scatter", kernel=kernel)
        ag = bound_of(topology, "allgather", kernel=kernel)
        bounds = (rs, ag)
        best = 1 / (1 / rs.algbw + 1 / ag.algbw)
        notes = ("allreduce is compared with the best reduce-scatter followed by the best "
                 "allgather; the allreduce LP can be higher",)
        lp_fields: dict[str, float] = {}
        if lp:
            from .lp import solve as solve_lp

            result = solve_lp(topology, "allreduce", kernel=kernel)
            lp_fields = dict(lp_algbw=result.algbw, lp_ratio=float(algbw) / result.algbw,
                             lp_tolerance=result.tolerance)
            notes += (f"allreduce LP optimum {result.algbw:.6f} (relative tolerance "
                      f"{result.tolerance:g}): this schedule reaches "
                      f"{lp_fields['lp_ratio']:.6f} of it",)
    else:
        b = bound_of(topology, coll, root=data.get("root"), kernel=kernel)
        bounds, best, notes, lp_fields = (b,), b.algbw, (), {}
    ratio = algbw / best
    named = data.get("topology")
    if named and named != topology.name:
        notes += (f"the schedule names topology {named!r}; checked against {topology.name!r}",)
    return Verdict(True, ratio == 1, (), coll, algbw, best, ratio, tuple(phases), bounds, notes,
                   **lp_fields)


def assert_optimal(topology: Topology, schedule: Any, *, min_ratio: Fraction | int = 1,
                   kernel: str | None = None) -> Verdict:
    """For users' test suites: raise ``AssertionError`` (carrying ``.verdict``) unless the
    schedule is valid and reaches ``min_ratio`` of the bound (default: exactly optimal)."""
    verdict = verify(topology, schedule, kernel=kernel)
    if not verdict.valid:
        err = AssertionError("invalid schedule: " + "; ".join(verdict.reasons))
    elif verdict.ratio < Fraction(min_ratio):
        err = AssertionError(f"schedule reaches {verdict.ratio} (~{float(verdict.ratio):.4f}) of "
                             f"the bound {verdict.bound_algbw}, below {min_ratio}")
    else:
        return verdict
    err.verdict = verdict  # type: ignore[attr-defined]
    raise err


def _as_dict(schedule: Any) -> Mapping[str, Any]:
    if isinstance(schedule, Mapping):
        return schedule
    if hasattr(schedule, "to_dict"):
        return schedule.to_dict()
    path = Path(os.fspath(schedule))
    data = parse_json(read_text(path, VerifyError, "schedule"), VerifyError, str(path))
    if not isinstance(data, Mapping):
        raise VerifyError(f"{path}: a schedule must be a JSON object")
    return data


# --- structure and loads -------------------------------------------------------------------------

def _check_phase(topology: Topology, phase: Mapping[str, Any], coll: str, root: str | None,
                 reasons: list[str], prefix: str) -> PhaseLoad | None:
    start = len(reasons)
    compute = set(topology.compute_nodes)
    cap = topology.capacity
    k = phase.get("k")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        reasons.append(f"{prefix}k must be a positive integer, found {k!r}")
        return None
    trees = phase.get("trees")
    if not isinstance(trees, list) or not trees:
        reasons.append(f"{prefix}\"trees\" must be a non-empty list")
        return None
    inward = coll in INWARD
    loads: dict[tuple[str, str], int] = {}
    totals: dict[str, int] = {}
    for i, tree in enumerate(trees):
        if not isinstance(tree, Mapping):
            reasons.append(f"{prefix}tree #{i} is not an object")
            continue
        troot = tree.get("root")
        where = f"{prefix}tree #{i} (root {troot})"
        weight = tree.get("weight")
        if isinstance(weight, bool) or not isinstance(weight, int) or weight < 1:
            reasons.append(f"{where}: weight must be a positive integer, found {weight!r}")
            weight = None
        if troot not in compute:
            reasons.append(f"{where}: root is not a compute node")
            continue
        if root is not None and troot != root:
            reasons.append(f"{where}: every {coll} tree must be rooted at {root}")
        if weight is not None:
            totals[troot] = totals.get(troot, 0) + weight
        edges = tree.get("edges")
        if not isinstance(edges, list):
            reasons.append(f"{where}: \"edges\" must be a list")
            continue
        parent: dict[str, str] = {}
        for j, e in enumerate(edges):
            if not isinstance(e, Mapping):
                reasons.append(f"{where}: edge #{j} is not an object")
                continue
            src, dst, path = e.get("src"), e.get("dst"), e.get("path")
            ew = f"{where}: edge {src} -> {dst}"
            if src not in compute or dst not in compute:
                reasons.append(f"{ew}: tree edges must join compute nodes")
                continue
            child, up = (src, dst) if inward else (dst, src)
            if child == troot:
                reasons.append(f"{ew}: the root {troot} must not have a parent")
            elif child in parent:
                reasons.append(f"{ew}: node {child} has two parents ({parent[child]} and {up})")
            else:
                parent[child] = up
            if not isinstance(path, list) or len(path) < 2:
                reasons.append(f"{ew}: \"path\" must list at least its two ends")
                continue
            if path[0] != src or path[-1] != dst:
                reasons.append(f"{ew}: path {'>'.join(map(str, path))} runs from {path[0]} to "
                               f"{path[-1]}, not from {src} to {dst}")
            for relay in path[1:-1]:
                if relay in compute:
                    reasons.append(f"{ew}: path relays through compute node {relay}")
                elif relay not in topology.index:
                    reasons.append(f"{ew}: path visits unknown node {relay}")
            for hop in zip(path, path[1:]):
                if hop not in cap:
                    reasons.append(f"{ew}: path uses link {hop[0]} -> {hop[1]}, which does "
                                   f"not exist")
                elif weight is not None:
                    loads[hop] = loads.get(hop, 0) + weight
        connected, cycles = _walk_to_root(parent, troot)
        for cycle in cycles:
            reasons.append(f"{where}: cycle through {' -> '.join(cycle)}")
        missing = sorted(compute - {troot} - connected, key=topology.index.get)
        if missing:
            verb = "deliver to the root from" if inward else "reach"
            reasons.append(f"{where}: does not {verb} {', '.join(missing)}")
    want = {root: k} if root is not None else {v: k for v in topology.compute_nodes}
    for v in sorted(set(want) | set(totals), key=lambda x: topology.index.get(x, -1)):
        if totals.get(v, 0) != want.get(v, 0):
            reasons.append(f"{prefix}trees rooted at {v} weigh {totals.get(v, 0)} in all; "
                           f"every root's weights must sum to k = {k}")
    if len(reasons) > start:
        return None
    per_link = {hop: Fraction(load) / cap[hop] for hop, load in loads.items()}
    worst = max(per_link.values())
    parts = k if coll in SINGLE_ROOT else len(compute) * k
    busiest = sorted(per_link.items(), key=lambda kv: (-kv[1], topology.index[kv[0][0]],
                                                       topology.index[kv[0][1]]))[:5]
    return PhaseLoad(coll, k, worst / parts,
                     tuple((a, b, loads[(a, b)], r) for (a, b), r in busiest))


def _walk_to_root(parent: Mapping[str, str], root: str) -> tuple[set[str], list[list[str]]]:
    """Nodes whose parent chain ends at the root, and the cycles met on the way."""
    state: dict[str, bool] = {root: True}     # True: leads to the root; False: does not
    cycles: list[list[str]] = []
    for start in parent:
        chain: list[str] = []
        on_chain: set[str] = set()
        node = start
        while node not in state and node in parent and node not in on_chain:
            chain.append(node)
            on_chain.add(node)
            node = parent[node]
        if node in on_chain:
            cycles.append(chain[chain.index(node):])
            result = False
        else:
            result = state.get(node, False)
        for v in chain:
            state[v] = result
    return {v for v, ok in state.items() if ok and v != root}, cycles


# --- the bound, by methods of the verifier's own --------------------------------------------------

def bound_of(topology: Topology, collective: str, *, root: str | None = None,
             kernel: str | None = None) -> CutBound:
    """The exact bound of ``collective`` with its cut: bisection (multi-root) or single-root
    max-flows, cross-checked by enumeration on networks of at most 16 nodes."""
    net = topology.reversed() if collective in INWARD else topology
    if collective in SINGLE_ROOT:
        cut, value = _single_root(net, root, kernel)
        return CutBound(collective, value, cut, sum(1 for v in cut if net.node[v].is_compute),
                        net.cut_bandwidth(cut), "max-flow from the root")
    cut, ratio = _bisection(net, kernel)
    method = "bisection"
    if len(net.nodes) <= EXHAUSTIVE_LIMIT:
        enum_cut, enum_ratio = _enumerate(net)
        if enum_ratio != ratio:
            raise ForestCollError(f"verifier self-check failed: bisection gives {ratio}, "
                                  f"enumeration {enum_ratio}")
        method = "bisection, confirmed by enumerating every cut"
    n = len(net.compute_nodes)
    inside = sum(1 for v in cut if net.node[v].is_compute)
    exiting = net.cut_bandwidth(cut)
    if Fraction(inside) / exiting != ratio:
        raise ForestCollError("verifier self-check failed: the cut does not re-sum to its ratio")
    return CutBound(collective, n / ratio, cut, inside, exiting, method)


def _integer_links(topology: Topology) -> tuple[list[tuple[int, int]], list[int], Fraction]:
    scale = topology.integer_scale
    idx = topology.index
    edges, caps = [], []
    for (u, v), b in topology.capacity.items():
        edges.append((idx[u], idx[v]))
        caps.append(int(b * scale))
    return edges, caps, scale


def _bisection(topology: Topology, kernel: str | None) -> tuple[tuple[str, ...], Fraction]:
    """1/x* by the paper's Algorithm ``algo:binarysearch`` in integer units, then the
    bottleneck cut from the oracle just below 1/x*."""
    edges, caps, scale = _integer_links(topology)
    idx = topology.index
    n_nodes = len(topology.nodes)
    s = n_nodes
    compute = [idx[v] for v in topology.compute_nodes]
    n = len(compute)
    ingress = [0] * n_nodes
    for (_, v), c in zip(edges, caps):
        ingress[v] += c
    d = min(ingress[c] for c in compute)
    net = FlowNetwork(n_nodes + 1, edges + [(s, c) for c in compute], kernel=kernel)
    link_ids = list(range(len(edges)))
    src_ids = list(range(len(edges), len(edges) + n))

    def violated(inv_x: Fraction) -> tuple[bool, int | None]:
        a, b = inv_x.numerator, inv_x.denominator     # 1/x = a/b: links a·c, sources b
        net.set_capacities(link_ids, [a * c for c in caps])
        net.set_capacities(src_ids, [b] * n)
        for v in compute:
            if net.max_flow(s, v) < n * b:
                return True, v
        return False, None

    lo, hi = Fraction(n - 1, d), Fraction(n - 1)
    while hi - lo >= Fraction(1, d * d):
        mid = (lo + hi) / 2
        if violated(mid)[0]:
            lo = mid
        else:
            hi = mid
    ratio = ((lo + hi) / 2).limit_denominator(d)
    if not lo <= ratio <= hi:
        raise ForestCollError("verifier self-check failed: rational reconstruction left the range")
    if violated(ratio)[0]:
        raise ForestCollError("verifier self-check failed: the reconstructed bound is violated")
    # At 1/x = 1/x* every sink outside a bottleneck cut S* has S* + s among its min cuts;
    # the largest min-cut source side (everything that cannot reach the sink in the
    # residual network, found as a min cut of the reversed network) is then a bottleneck cut.
    back = FlowNetwork(n_nodes + 1, [(v, u) for u, v in net.edges], net.capacities, kernel=kernel)
    for v in compute:
        sink_side = back.min_cut(v, s).source_side
        cut = tuple(x for x in topology.node_ids if not sink_side[idx[x]])
        inside = sum(1 for x in cut if topology.node[x].is_compute)
        members = {idx[x] for x in cut}
        exiting = sum(c for (a, b), c in zip(edges, caps) if a in members and b not in members)
        if inside and Fraction(inside, exiting) == ratio:
            return cut, ratio * scale
    raise ForestCollError("verifier self-check failed: no cut binds at the bound")


def _enumerate(topology: Topology) -> tuple[tuple[str, ...], Fraction]:
    """max |S ∩ Vc| / B+(S) over every node set, vectorised over bit masks."""
    edges, caps, scale = _integer_links(topology)
    n_nodes = len(topology.nodes)
    masks = np.arange(1 << n_nodes, dtype=np.int64)
    exiting = np.zeros(1 << n_nodes, dtype=np.int64)
    for (u, v), c in zip(edges, caps):
        exiting += c * (((masks >> u) & 1) & (1 - ((masks >> v) & 1)))
    compute_bits = [topology.index[v] for v in topology.compute_nodes]
    count = np.zeros(1 << n_nodes, dtype=np.int64)
    for c in compute_bits:
        count += (masks >> c) & 1
    n = len(compute_bits)
    best: tuple[Fraction, int] | None = None
    for inside in range(1, n):
        candidates = np.flatnonzero(count == inside)
        j = candidates[np.argmin(exiting[candidates])]
        r = Fraction(inside, int(exiting[j]))
        if best is None or r > best[0]:
            best = (r, int(j))
    assert best is not None
    cut = tuple(v for v in topology.node_ids if (best[1] >> topology.index[v]) & 1)
    return cut, best[0] * scale


def _single_root(topology: Topology, root: str, kernel: str | None) -> tuple[tuple[str, ...], Fraction]:
    edges, caps, scale = _integer_links(topology)
    idx = topology.index
    net = FlowNetwork(len(topology.nodes), edges, caps, kernel=kernel)
    best = min(((net.max_flow(idx[root], idx[v]), idx[v]) for v in topology.compute_nodes
                if v != root))
    side = net.min_cut(idx[root], best[1]).source_side
    cut = tuple(v for v in topology.node_ids if side[idx[v]])
    return cut, Fraction(best[0]) / scale
