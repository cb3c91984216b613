"""Time of a schedule per message size, under one of two models (``model=``):

* ``"calibrated"`` (the default): what the runtime that runs the schedule takes — link
  efficiencies, the libraries' per-protocol latencies, the fastest protocol per size —
  with every parameter cited or fitted to published measurements
  (:mod:`forestcoll_opt.timing.calibrated`, docs/validation.md);
* ``"ideal"``: the α-β model with chunked pipelining described below, the exact
  bandwidth-only limit of the schedule format plus a latency per hop.

The rest of this docstring describes the ideal model.

The schedule format itself (docs/formats.md, "Semantics"; the paper's section "Throughput
Optimality for Collectives") is a bandwidth-only model: data is pipelined in infinitely
small chunks and the collective lasts as long as its busiest link needs, so
time = M / algbw. This module adds what matters for small and medium messages — a
latency per hop and a finite number of chunks — while keeping that limit.

**Model.** A schedule moves M bytes (the allgather output, the reduce-scatter input, the
allreduce/broadcast/reduce buffer). As in the format's semantics a part is M/(Ŵ·k)
bytes (M/k for broadcast and reduce); a tree of weight w carries w parts, cut into C equal
chunks of w·part/C bytes (fluid: a chunk need not be a whole number of bytes).

* Every directed physical link e has bandwidth b_e (the topology's capacity, converted to
  bytes/s with :func:`unit_bytes_per_s`: ``GB/s`` is 1e9 bytes/s; an unknown unit such as
  the ``b`` of the paper's example counts as 1 byte/s, with a note) and a latency α_e per
  hop, the first that applies of: the caller's per-link override (``alpha_per_link``); the
  caller's global ``alpha`` (the command line's ``--alpha``, which thus overrides the
  file); the link's own ``"alpha"`` in the topology file; the default of its ``"type"``
  (:data:`~forestcoll_opt.model.topology.LINK_TYPES`: NVLink 1.7 µs, PCIe 2.85 µs,
  InfiniBand/Ethernet 4.8 µs, xGMI 2.7 µs per hop, from NCCL's and RCCL's tuning models);
  :data:`DEFAULT_ALPHA` (2 µs).
* Links are shared by the trees in proportion to their load (fluid sharing): with
  load(e) = Σ_t weight(t) × uses_t(e) as in the format (copies under in-network multicast,
  the paper's section "In-Network Multicast & Aggregation"), tree t gets b_e ×
  weight(t) × uses_t(e) / load(e), i.e. b_e × weight(t) / load(e) per copy of its data.
  A chunk of t therefore crosses e in
  τ_e = α_e + (w·part/C) / (b_e·w/load(e)) = α_e + (M/C) · ρ_e,
  ρ_e = load(e) / (parts · b_e), parts = Ŵ·k (k for broadcast/reduce); τ does not depend
  on the tree.
* A chunk moves store-and-forward hop by hop along each tree edge's route, switch hops
  included, and a compute node forwards a chunk only after receiving it whole (compute
  nodes are just further store-and-forward points). With C chunks pipelined over a
  sequence of hops with per-hop times τ_1..τ_h, the last chunk arrives at
  Σ τ_i + (C − 1) · max τ_i (the longest path through the chunk × hop grid).
* A tree's time is the largest such time over its compute nodes, taking for each node
  the concatenation of the routes from the root to it (from it to the root for the
  in-trees of reduce-scatter and reduce: the reduction is timed the same way, the
  compute time of the reduction being neglected). Only the leaves matter, since a
  prefix of a sequence never takes longer.
* All-to-all (``forestcoll-schedule/3``): a part is M·(N−1)/(k·Σd) bytes and every route
  is a pipeline of its own, its w parts cut into C chunks that cross its hops as above
  (fluid sharing gives it b_e·w/load(e)); the collective lasts as long as its slowest
  route.
* The collective's time is the largest over its trees. An allreduce adds the times of
  its two phases (the allgather starts when the reduce-scatter is done). In a
  ``"concurrent"`` allreduce both phases run at once, each link shared by the trees of
  both in proportion to the bytes they put on it (ρ_e = Σ_p load_p(e) / (parts_p · b_e)),
  and every chunk of root v's shard is pipelined up one of v's reduce-scatter trees and
  straight on down one of its allgather trees (NCCL's tree allreduce works this way):
  the time is that of the slowest such up-then-down sequence over all roots.

**Limits.** For one hop and one chunk, time = α + part·load/b: for an allgather on two
nodes joined by one link each way, α + (M/2)/b. With α = 0, as C grows the time tends to
M · max_e ρ_e, which is exactly the schedule's own time M / algbw (docs/formats.md), from
above: with H hops on the longest route, M·max ρ ≤ time ≤ (1 + (H − 1)/C) · M·max ρ. For
a fixed C (even C = 1) and growing M the α terms vanish relatively but the
store-and-forward factor stays, so the exact algbw is reached only with many chunks.
More chunks shorten the pipeline's fill but every chunk pays α at every hop, so there is
a best C: ``chunks="auto"`` finds, for every size, the fastest whole C from 1 to
:data:`MAX_CHUNKS` (and at most one chunk per byte of a part). The time is a convex
function of C (per route Σα + M·r + (C − 1)·a + (M/C)·(Σρ − r) for its slowest hop (a, r),
and a maximum or sum of convex functions is convex), so a ternary search finds it; it
grows like √M, and the simulated algbw tends to the exact algbw as M grows, α included.

Arithmetic: link loads and bandwidths are exact (``Fraction``); the coefficients ρ_e and
all times are then Python floats (seconds), and algbw = M / seconds is a float in the
topology's units.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from ..errors import ScheduleError, UsageError
from ..model.collective import Collective
from ..model.numbers import fraction_display
from ..model.schedule import Schedule, achieved_algbw, link_loads, multicast_switches
from ..model.compact import check_group
from ..model.trees import node_group, root_orbits
from ..display import data_frame, html_summary, picture
from ..model.topology import LINK_TYPES, Topology, alpha_problem
from .calibrated import Calibration, check_model, schedule_cost
from .fitted import as_calibration

DEFAULT_ALPHA = 2e-6            # seconds per hop
MAX_CHUNKS = 2**40
MAX_SIZES = 256
UNITS_BYTES_PER_S = {"B/s": 1.0, "KB/s": 1e3, "MB/s": 1e6, "GB/s": 1e9, "TB/s": 1e12,
                     "Gb/s": 1.25e8, "Gbit/s": 1.25e8}
SIZE_UNITS = {"b": 1, "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40,
              "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
"""The units of a message size: B, KiB, MiB, GiB, TiB, and nccl-tests' own ``-b``/``-e``
letters K, M, G (binary: NVIDIA/nccl-tests ``src/common.cu``, ``parsesize``, "M=Mebibytes
and G=Gibibytes"), T likewise; case does not matter."""
_DECIMAL_UNITS = {"kb": "KiB", "mb": "MiB", "gb": "GiB", "tb": "TiB"}


@dataclass(frozen=True)
class SimRow:
    """One message size: its chunk count or protocol, simulated time (seconds, float) and
    algbw = size / time in the topology's units.

    :ivar size_bytes: the message size M in bytes
    :ivar chunks: the chunk count C used (the fastest one with ``chunks="auto"``); None
        under the calibrated model, which has no chunk count
    :ivar seconds: the simulated time of the collective
    :ivar algbw: M / time, in the topology's bandwidth units (inf for a zero time)
    :ivar protocol: the fastest protocol under the calibrated model (``"LL"``,
        ``"LL128"``, ``"Simple"``); None under the ideal model
    :ivar band: under a calibration with uncertainties (a calibration file's), the seconds
        of its fast and slow ends (:meth:`~forestcoll_opt.timing.calibrated.Calibration.band`,
        ±2 standard errors); else None
    """

    size_bytes: int
    chunks: int | None
    seconds: float
    algbw: float
    protocol: str | None = None
    band: tuple[float, float] | None = None


class Simulation(tuple):
    """What :func:`simulate` returns: one :class:`SimRow` per message size, in the order
    given (a tuple: index it, unpack it, iterate it), with the model that timed them.

    :ivar model: ``"calibrated"`` or ``"ideal"``
    :ivar parameters: the model's parameters, JSON-ready (the calibration's
        :meth:`~forestcoll_opt.timing.calibrated.Calibration.parameters`, or the ideal
        model's chunks and α)
    """

    model: str = "ideal"
    parameters: Mapping[str, Any] = {}

    def __new__(cls, rows: Iterable[SimRow] = (), *, model: str = "ideal",
                parameters: Mapping[str, Any] | None = None) -> "Simulation":
        self = super().__new__(cls, rows)
        self.model = model
        self.parameters = dict(parameters or {})
        return self

    def __repr__(self) -> str:
        if not self:
            return f"Simulation({self.model} model, no sizes)"
        best = max(self, key=lambda r: r.algbw)
        return (f"Simulation({self.model} model, {len(self)} size(s) from "
                f"{self[0].size_bytes} to {self[-1].size_bytes} bytes, best algbw "
                f"{best.algbw:.6g} at {best.size_bytes} bytes)")

    def _repr_html_(self) -> str:
        title = "calibrated model" if self.model == "calibrated" else "ideal α-β model"
        return html_summary(f"Simulation · {title}", [("sizes", str(len(self)))],
                            table=self.to_pandas().to_html(index=False), svg=picture(self),
                            note="algbw in the topology's units; .to_pandas() for the table")

    def to_pandas(self) -> Any:
        """A pandas DataFrame, one row per size: ``size_bytes``, ``chunks`` (NaN under the
        calibrated model, which has none), ``protocol`` (text; None under the ideal model),
        ``seconds`` and ``algbw`` (floats, in the topology's bandwidth units); every number
        column plots (docs/api.md, "Conventions"). ``.attrs["model"]`` and
        ``.attrs["parameters"]`` name the model.

        :returns: the DataFrame
        """
        columns = {"size_bytes": "count", "chunks": "count", "protocol": "text",
                   "seconds": "number", "algbw": "number"}
        rows = [vars(r) for r in self]
        if any(r.band is not None for r in self):     # a calibration file's band
            columns.update({"seconds_fast": "number", "seconds_slow": "number"})
            rows = [{**row, "seconds_fast": r.band[0] if r.band else None,
                     "seconds_slow": r.band[1] if r.band else None}
                    for row, r in zip(rows, self)]
        frame = data_frame(rows, columns)
        frame.attrs["model"] = self.model
        frame.attrs["parameters"] = dict(self.parameters)
        return frame


def unit_bytes_per_s(units: str) -> tuple[float, str | None]:
    """Bytes per second of one bandwidth unit of the topology, and a note when the unit is
    not one this module knows (it then counts as 1 byte/s).

    :param units: the topology's ``units``, e.g. ``"GB/s"``
    :returns: (bytes per second of one unit, None or the note for an unknown unit)
    """
    if units in UNITS_BYTES_PER_S:
        return UNITS_BYTES_PER_S[units], None
    return 1.0, (f"unknown bandwidth unit {units[:40]!r}: taken as 1 byte/s, so times are in "
                 f"seconds per byte-per-second of bandwidth")


# --- the pipelined routes of a schedule ---------------------------------------------------

# A route: (Σ α, Σ ρ, frontier) where the frontier holds the (α, ρ) pairs of its hops that
# can be the slowest one for some M/C (no other hop has both a larger α and a larger ρ).
Route = tuple[float, float, tuple[tuple[float, float], ...]]


def _prune(pairs: Iterable[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for a, r in sorted(set(pairs), key=lambda p: (-p[0], -p[1])):
        if not out or r > out[-1][1]:
            out.append((a, r))
    return tuple(out)


def link_coefficients(topology: Topology, schedule: Schedule,
                      efficiency: Mapping[str, Fraction] | None = None, *,
                      capacity: Mapping[tuple[str, str], Fraction] | None = None
                      ) -> list[dict[tuple[str, str], float]]:
    """ρ_e per phase: seconds per byte of M that link e needs for its load (the link
    sharing of the module docstring), both phases summed on every link of a concurrent
    allreduce. With ``efficiency`` (link type -> factor) a typed link's bandwidth is
    multiplied by its type's factor first.

    :param topology: the network
    :param schedule: the schedule
    :param efficiency: link type -> achieved / nominal bandwidth, or None
    :param capacity: link -> the bandwidth the schedule has of it, in the topology's units,
        for the links it may not have whole (groups timed together,
        :mod:`forestcoll_opt.timing.sharing`); None: every link's own
    :returns: one dict (link -> seconds per byte) per phase
    :raises ScheduleError: when a path uses a node pair that is not a link
    """
    unit, _ = unit_bytes_per_s(topology.units)
    exact = merged_coefficients(exact_coefficients(topology, schedule, efficiency,
                                                   capacity=capacity), schedule)
    return [{hop: float(value) / unit for hop, value in share.items()} for share in exact]


def exact_coefficients(topology: Topology, schedule: Schedule,
                       efficiency: Mapping[str, Fraction] | None = None, *,
                       capacity: Mapping[tuple[str, str], Fraction] | None = None
                       ) -> list[dict[tuple[str, str], Fraction]]:
    """Per phase, load(e) / (parts · b_e) of every link the phase uses, exact and in the
    topology's units (time units per byte of M), the phases of a concurrent allreduce
    still apart (:func:`merged_coefficients` adds them); ``efficiency`` and ``capacity``
    as :func:`link_coefficients` takes them.

    :raises ScheduleError: when a path uses a node pair that is not a link
    """
    phases = schedule.phases or (schedule,)
    capable = multicast_switches(topology)
    total = schedule.total_weight
    exact: list[dict[tuple[str, str], Fraction]] = []
    for phase in phases:
        parts = _parts(phase, total)
        merged = replace(phase, multicast=schedule.multicast)
        share = {}
        for hop, load in link_loads(merged, capable).items():
            if hop not in topology.capacity:
                raise ScheduleError(f"the schedule uses {hop[0]} -> {hop[1]}, which is not a "
                                    f"link of {topology.name}")
            bandwidth = topology.capacity[hop] if capacity is None or hop not in capacity \
                else capacity[hop]
            share[hop] = Fraction(load, parts) / bandwidth
            if efficiency:
                kind = topology.link_type.get(hop)
                if kind in efficiency:
                    share[hop] /= efficiency[kind]
        exact.append(share)
    return exact


def merged_coefficients(exact: list[dict[tuple[str, str], Fraction]], schedule: Schedule
                        ) -> list[dict[tuple[str, str], Fraction]]:
    """``exact`` as the phases see it: for a concurrent allreduce, both phases' sums on
    every link, once per phase; otherwise ``exact`` itself."""
    if not schedule.concurrent:
        return exact
    both: dict[tuple[str, str], Fraction] = {}
    for share in exact:
        for hop, value in share.items():
            both[hop] = both.get(hop, 0) + value
    return [both] * len(exact)


def _parts(phase: Schedule, total: int) -> int | Fraction:
    """How many parts M is cut into: Ŵ·k (k for broadcast and reduce); for all-to-all
    k·Σd/(N−1), a part being M·(N−1)/(k·Σd) bytes (docs/formats.md)."""
    if phase.collective is Collective.ALLTOALL:
        n = len(phase.compute_nodes)
        demand = phase.demand
        pairs = n * (n - 1) if demand is None else sum(d for _, _, d in demand)
        return Fraction((phase.k or 1) * pairs, n - 1)
    return phase.k if phase.collective.rooted else total * phase.k


def link_alphas(topology: Topology, alpha: float | None = None,
                alpha_per_link: Mapping[tuple[str, str], float] | None = None
                ) -> dict[tuple[str, str], float]:
    """α_e (seconds per hop) of every directed link, resolved in the order of the module
    docstring: ``alpha_per_link``, ``alpha``, the link's ``"alpha"``, its type's default,
:data:`DEFAULT_ALPHA`.

    :param topology: the network
    :param alpha: seconds per hop for every link, or None
    :param alpha_per_link: (src, dst) link -> its own seconds per hop, or None
    :returns: (src, dst) -> α_e for every directed link of the topology
    :raises UsageError: when an α is negative, not finite or above
        :data:`~forestcoll_opt.model.topology.MAX_ALPHA`, or ``alpha_per_link`` names a pair
        that is not a link
    """
    if alpha is not None:
        _check_seconds(alpha, "alpha")
    overrides = dict(alpha_per_link or {})
    for hop, value in overrides.items():
        if hop not in topology.capacity:
            raise UsageError(f"alpha_per_link: {hop!r} is not a link of {topology.name}")
        _check_seconds(value, f"alpha of {hop[0]} -> {hop[1]}")
    out = {}
    for hop in topology.capacity:
        if hop in overrides:
            out[hop] = float(overrides[hop]) + 0.0
        elif alpha is not None:
            out[hop] = float(alpha) + 0.0
        elif hop in topology.link_alpha:
            out[hop] = topology.link_alpha[hop]
        elif hop in topology.link_type:
            out[hop] = LINK_TYPES[topology.link_type[hop]]
        else:
            out[hop] = DEFAULT_ALPHA
    return out


def _routes(phase: Schedule, rho: Mapping[tuple[str, str], float],
            alphas: Mapping[tuple[str, str], float]) -> dict[str, frozenset[Route]]:
    """Per root, the distinct root-to-leaf (leaf-to-root for in-trees) hop sequences of the
    phase's trees, each summarised as a :data:`Route`. For a compact schedule whose
    group keeps every link's ρ and α (as an automorphism of the topology does), a
    representative's routes are found once and given to every root of its orbit, g(T)
    having the same summaries as T (the roots of an orbit then share one set: nothing is
    copied per root); otherwise its trees are walked one at a time."""
    inward = phase.collective.inward
    found: dict[str, frozenset[Route]] = {}

    def add(root: str, routes: frozenset[Route]) -> None:
        old = found.get(root)
        found[root] = routes if old is None or old is routes else old | routes

    for r in phase.routes:          # all-to-all: every route is a pipeline of its own
        hops = [(alphas[hop], rho[hop]) for hop in zip(r.path, r.path[1:])]
        add(r.src, frozenset([(sum(a for a, _ in hops), sum(x for _, x in hops),
                               _prune(hops))]))
    orbits = root_orbits(phase) if phase.orbits else None
    if phase.orbits and not all(_keeps(g, rho) and _keeps(g, alphas)
                                for g in _generator_maps(phase)):
        trees, orbits = phase.iter_trees(), None        # lazily, one tree at a time
    else:
        trees = phase.trees
    for tree in trees:
        add(tree.root, frozenset(_tree_routes(tree, inward, rho, alphas)))
    for rep in phase.orbits if orbits is not None else ():
        routes = frozenset(_tree_routes(rep, inward, rho, alphas))
        for root in orbits[rep.root]:
            add(root, routes)
    return found


def _distinct_roots(found: Sequence[Mapping[str, frozenset[Route]]]
                    ) -> tuple[list[str], list[dict[str, list[Route]]]]:
    """The phases' routes with one root kept per class of roots whose routes are the same
    in every phase (the roots of one orbit of a compact schedule): every time is a maximum
    over roots of a function of a root's routes alone, so the others change nothing. The
    kept root is the first in name order; routes are sorted (a deterministic order)."""
    roots = sorted(set().union(*found))
    empty: frozenset[Route] = frozenset()
    kept: dict[tuple[frozenset[Route], ...], str] = {}
    for root in roots:
        kept.setdefault(tuple(f.get(root, empty) for f in found), root)
    chosen = sorted(kept.values())
    return chosen, [{root: sorted(f[root]) for root in chosen if root in f} for f in found]


def _generator_maps(phase: Schedule) -> list:
    """A compact phase's generators as node id -> image maps (every element keeps what
    they all keep)."""
    nodes, group = node_group(phase.group, phase.compute_nodes)
    position = {v: i for i, v in enumerate(nodes)}
    return [lambda v, g=g: nodes[g[position[v]]] if v in position else v
            for g in group.generators]


def _keeps(g, values: Mapping[tuple[str, str], float]) -> bool:
    """Whether the node map g sends every link of ``values`` onto one of the same value."""
    return all(values.get((g(a), g(b))) == v for (a, b), v in values.items())


def _tree_routes(tree, inward: bool, rho: Mapping[tuple[str, str], float],
                 alphas: Mapping[tuple[str, str], float]) -> set[Route]:
    """The summaries of one tree's root-to-leaf (leaf-to-root) hop sequences."""
    up = {}                                  # node -> the edge toward the root
    parents = set()
    for e in tree.edges:
        child, parent = (e.src, e.dst) if inward else (e.dst, e.src)
        up[child] = e
        parents.add(parent)
    memo: dict[str, Route] = {tree.root: (0.0, 0.0, ())}
    mine: set[Route] = set()
    for leaf in up:
        if leaf in parents:
            continue
        chain = []
        v = leaf
        while v not in memo:
            chain.append(v)
            e = up.get(v)
            if e is None or len(chain) > len(up):
                raise ScheduleError(f"a tree rooted at {tree.root} does not lead from "
                                    f"{leaf} to its root")
            v = e.dst if inward else e.src
        for v in reversed(chain):
            e = up[v]
            a_sum, r_sum, frontier = memo[e.dst if inward else e.src]
            hops = []
            for hop in zip(e.path, e.path[1:]):
                a = alphas[hop]
                hops.append((a, rho[hop]))
                a_sum += a
                r_sum += rho[hop]
            memo[v] = (a_sum, r_sum, _prune(frontier + tuple(hops)))
        mine.add(memo[leaf])
    return mine


class _Routes:
    """A phase's routes as arrays, grouped by root (``roots`` lists the roots in the order
    of ``index``): Σα, Σρ and the frontier pairs (padded with α = −∞), so that a chunk
    count is timed with a few numpy operations however many routes there are."""

    def __init__(self, routes: Mapping[str, Sequence[Route]], roots: Sequence[str]) -> None:
        flat = [(i, r) for i, root in enumerate(roots) for r in routes.get(root, ())]
        width = max((len(r[2]) for _, r in flat), default=0) or 1
        self.n = len(flat)
        self.a_sum = np.array([r[0] for _, r in flat], dtype=float)
        self.r_sum = np.array([r[1] for _, r in flat], dtype=float)
        self.fa = np.full((self.n, width), -np.inf)
        self.fr = np.zeros((self.n, width))
        for row, (_, r) in enumerate(flat):
            for col, (a, rho) in enumerate(r[2]):
                self.fa[row, col], self.fr[row, col] = a, rho
        index = np.array([i for i, _ in flat], dtype=np.int64)
        self.present = np.unique(index)
        self.starts = np.searchsorted(index, self.present) if self.n else index

    def times(self, x: float) -> tuple[np.ndarray, np.ndarray]:
        """(Σα + x·Σρ, the slowest hop's α + x·ρ) of every route for chunks of x bytes of M."""
        slowest = np.maximum((self.fa + x * self.fr).max(axis=1), 0.0)
        return self.a_sum + x * self.r_sum, slowest

    def per_root(self, values: np.ndarray, roots: int) -> np.ndarray:
        """The largest value per root (0 for roots without routes)."""
        out = np.zeros(roots)
        if self.n:
            out[self.present] = np.maximum.reduceat(values, self.starts)
        return out


def _phase_time(routes: _Routes, size: float, chunks: int) -> float:
    if not routes.n:
        return 0.0
    fill, slowest = routes.times(size / chunks)
    return float((fill + (chunks - 1) * slowest).max())


def _concurrent_time(reduce: _Routes, spread: _Routes, roots: int, size: float,
                     chunks: int) -> float:
    """A concurrent allreduce: every chunk of root v's shard goes up one of v's
    reduce-scatter trees and then down one of its allgather trees, one pipeline of both
    routes; the slowest such pair over all roots decides. For routes i (up) and o (down)
    the pair takes fill_i + fill_o + (C − 1)·max(slow_i, slow_o), so the worst pair is the
    larger of (worst fill_i + (C − 1)·slow_i) + (worst fill_o) and the mirror sum."""
    x = size / chunks
    fill_up, slow_up = reduce.times(x)
    fill_down, slow_down = spread.times(x)
    up_piped = reduce.per_root(fill_up + (chunks - 1) * slow_up, roots)
    up_fill = reduce.per_root(fill_up, roots)
    down_piped = spread.per_root(fill_down + (chunks - 1) * slow_down, roots)
    down_fill = spread.per_root(fill_down, roots)
    both = np.maximum(up_piped + down_fill, up_fill + down_piped)
    return float(both.max()) if roots else 0.0


def simulate(topology: Topology, schedule: Schedule, sizes: Iterable[int], *,
             chunks: int | str = "auto", alpha: float | None = None,
             alpha_per_link: Mapping[tuple[str, str], float] | None = None,
             model: str = "calibrated",
             calibration: "Calibration | str | os.PathLike | None" = None) -> "Simulation":
    """One :class:`SimRow` per message size (bytes) under ``model``: ``"calibrated"`` (the
    default; :mod:`forestcoll_opt.timing.calibrated`, with ``calibration`` or its defaults)
    or ``"ideal"``, the module's α-β model. ``chunks``, ``alpha`` and ``alpha_per_link``
    belong to the ideal model: ``chunks`` is a chunk count C ≥ 1 for every size, or
    ``"auto"`` for the fastest C per size (module docstring); ``alpha`` is seconds per hop
    for every link (None: each link's own ``"alpha"`` or its type's default, see
    :func:`link_alphas`); ``alpha_per_link`` maps (src, dst) links of the topology to their
    own α, over all.

    :param topology: the network the schedule runs on
    :param schedule: the schedule (any collective, allreduce and concurrent phases included)
    :param sizes: message sizes M in bytes, whole numbers from 1 to 2^63 - 1
    :param chunks: ideal model: a chunk count from 1 to :data:`MAX_CHUNKS`, or ``"auto"``
    :param alpha: ideal model: seconds per hop for every link, or None
    :param alpha_per_link: ideal model: (src, dst) link -> its own seconds per hop, or None
    :param model: ``"calibrated"`` or ``"ideal"``
    :param calibration: the calibrated model's parameters (None: the defaults), or a
        calibration file's path (``forestcoll calibrate``; its times then carry a band);
        only with ``model="calibrated"``
    :returns: one :class:`SimRow` per size, in the order given (a :class:`Simulation`:
        a tuple with :meth:`Simulation.to_pandas`, naming the model and its parameters)
    :raises UsageError: for a bad model, ``chunks``, α or size, or an option of the other
        model
    :raises ScheduleError: when a path uses a node pair that is not a link of ``topology``,
        or a tree does not lead from some node to its root, or a compact schedule's group is
        not a group of automorphisms of ``topology`` acting freely
        (:func:`~forestcoll_opt.model.compact.check_group`), or the schedule's ``algbw`` is
        not the one its loads on ``topology`` give (:func:`check_claim`)
    """
    calibration = as_calibration(calibration)
    model = check_options(model, chunks, alpha, alpha_per_link, calibration)
    if isinstance(sizes, (str, bytes)):
        raise UsageError(f"sizes must be a list of whole byte counts such as [2**20, 2**30], "
                         f"not the string {str(sizes)[:40]!r}")
    sizes = [_check_size(size) for size in sizes]
    if getattr(schedule, "group", None) is not None:
        check_group(topology, schedule)     # a compact schedule's group, before any tree
    check_claim(topology, schedule)
    return timed(topology, schedule, sizes, model=model, chunks=chunks, alpha=alpha,
                 alpha_per_link=alpha_per_link, calibration=calibration)


def timed(topology: Topology, schedule: Schedule, sizes: Sequence[int], *, model: str,
          chunks: int | str = "auto", alpha: float | None = None,
          alpha_per_link: Mapping[tuple[str, str], float] | None = None,
          calibration: "Calibration | None" = None,
          capacity: Mapping[tuple[str, str], Fraction] | None = None) -> "Simulation":
    """:func:`simulate` once its arguments are checked (``sizes`` whole byte counts,
    ``model`` known, the schedule's claim and group checked on ``topology``), with the
    bandwidth the schedule has of each link given by ``capacity``
    (:func:`link_coefficients`; None: every link whole). ``chunks`` is checked here."""
    if model == "calibrated":
        return _simulate_calibrated(topology, schedule, sizes, calibration or Calibration(),
                                    capacity)
    if chunks != "auto" and (isinstance(chunks, bool) or not isinstance(chunks, int)
                             or not 1 <= chunks <= MAX_CHUNKS):
        raise UsageError(f"chunks must be a whole number from 1 to 2^40 or 'auto', not "
                         f"{str(chunks)[:40]}")
    alphas = link_alphas(topology, alpha, alpha_per_link)
    phases = schedule.phases or (schedule,)
    coefficients = link_coefficients(topology, schedule, capacity=capacity)
    found = [_routes(p, rho, alphas) for p, rho in zip(phases, coefficients)]
    inward = [p.collective.inward for p in phases]
    parts = max(_parts(p, schedule.total_weight) for p in phases)
    return ideal_rows(found, inward, sizes, parts=parts, concurrent=schedule.concurrent,
                      units=topology.units, chunks=chunks,
                      parameters=ideal_parameters(chunks, alpha, alpha_per_link))


def ideal_rows(found: Sequence[Mapping[str, frozenset[Route]]], inward: Sequence[bool],
               sizes: Sequence[int], *, parts: int | Fraction, concurrent: bool, units: str,
               chunks: int | str, parameters: Mapping[str, Any]) -> "Simulation":
    """The ideal model's rows from each phase's routes per root (:data:`Route` summaries;
    ``inward`` says which phase's trees point inward), for the chunk count or ``"auto"``
    (at most one chunk per byte of one of the ``parts``): the part of :func:`simulate`
    that no longer needs the schedule, so that a schedule held in another form (NCCL's
    rings as their cycles, :mod:`forestcoll_opt.timing.ringform`) is timed by the same
    arithmetic."""
    roots, kept = _distinct_roots(found)
    routes = [_Routes(r, roots) for r in kept]
    if concurrent:
        reduce = next(r for r, i in zip(routes, inward) if i)
        spread = next(r for r, i in zip(routes, inward) if not i)
    rows = []
    for size in sizes:
        def seconds_with(c: int) -> float:
            if concurrent:
                return _concurrent_time(reduce, spread, len(roots), float(size), c)
            return sum(_phase_time(r, float(size), c) for r in routes)

        if chunks == "auto":
            c, seconds = _fastest(seconds_with, max(1, min(MAX_CHUNKS, size // parts)))
        else:
            c, seconds = chunks, seconds_with(chunks)
        rows.append(SimRow(size_bytes=size, chunks=c, seconds=seconds,
                           algbw=size / seconds / unit_bytes_per_s(units)[0]
                           if seconds > 0 else math.inf))
    return Simulation(rows, model="ideal", parameters=parameters)


def check_claim(topology: Topology, schedule: Schedule) -> None:
    """A schedule's ``algbw`` must be the exact algbw of its own loads on ``topology``
    (:func:`~forestcoll_opt.model.linkloads.achieved_algbw`, the rule the verifier applies
    to every claimed number): a time computed for a schedule that misstates its algbw would
    be reported beside a number nobody can reproduce. Trees, routes and allreduce phases
    alike.

    :raises ScheduleError: naming both numbers, when they differ
    """
    try:
        actual = achieved_algbw(schedule, topology)
    except KeyError:
        return              # a hop that is not a link: link_coefficients names it
    if actual != schedule.algbw:
        raise ScheduleError(f"the schedule claims algbw {fraction_display(schedule.algbw)} but "
                            f"its {'routes' if schedule.collective is Collective.ALLTOALL else 'trees'} "
                            f"on {topology.name} give {fraction_display(actual)}; it is not the "
                            f"schedule it says it is (fc.verify names every problem)")


def ideal_parameters(chunks: int | str, alpha: float | None,
                     alpha_per_link: Mapping[tuple[str, str], float] | None) -> dict[str, Any]:
    """The ideal model's parameters as JSON-ready values (every output names them).

    :param chunks: the chunk count or ``"auto"``
    :param alpha: the global α or None (per link: the link's own or its type's)
    :param alpha_per_link: the per-link overrides or None
    :returns: ``model``, ``chunks``, ``alpha`` (None: by link), ``alpha_per_link`` (count)
    """
    return {"model": "ideal", "chunks": chunks, "alpha": alpha,
            "alpha_per_link": len(alpha_per_link or {})}


def check_options(model: Any, chunks: Any, alpha: Any, alpha_per_link: Any,
                  calibration: Any) -> str:
    """``model``, once the options given belong to it: ``chunks`` (other than ``"auto"``),
    ``alpha`` and ``alpha_per_link`` to the ideal model, ``calibration`` to the calibrated
    one.

    :returns: the model
    :raises UsageError: for an unknown model or an option of the other one
    """
    model = check_model(model)
    if model == "calibrated":
        given = [name for name, value in (("chunks", chunks if chunks != "auto" else None),
                                          ("alpha", alpha), ("alpha_per_link", alpha_per_link))
                 if value is not None and value != {}]
        if given:
            raise UsageError(f"{' and '.join(given)} belong{'s' * (len(given) == 1)} to the "
                             f"ideal model; pass model='ideal' to use "
                             f"{'it' if len(given) == 1 else 'them'} (the calibrated model "
                             f"takes its latencies from the runtimes' tables and has no "
                             f"chunk count)")
        if calibration is not None and not isinstance(calibration, Calibration):
            raise UsageError(f"calibration must be a Calibration, not "
                             f"{type(calibration).__name__}")
    elif calibration is not None:
        raise UsageError("calibration belongs to the calibrated model; drop it or pass "
                         "model='calibrated'")
    return model


def _check_size(size: Any) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size < 2**63:
        raise UsageError(f"a message size must be a whole number of bytes from 1 to "
                         f"2^63 - 1, not {str(size)[:40]}")
    return size


def _simulate_calibrated(topology: Topology, schedule: Schedule, sizes: Sequence[int],
                         calibration: "Calibration",
                         capacity: Mapping[tuple[str, str], Fraction] | None = None
                         ) -> "Simulation":
    rho = link_coefficients(topology, schedule, calibration.efficiency, capacity=capacity)
    cost = schedule_cost(topology, schedule, calibration, rho)
    ends = []
    for end in (calibration.band() if calibration.uncertainty else ()):
        ends.append(schedule_cost(topology, schedule, end,
                                  link_coefficients(topology, schedule, end.efficiency,
                                                    capacity=capacity)))
    return calibrated_rows(cost, ends, sizes, units=topology.units,
                           parameters=calibration.parameters(topology))


def calibrated_rows(cost: Any, ends: Sequence[Any], sizes: Sequence[int], *, units: str,
                    parameters: Mapping[str, Any]) -> "Simulation":
    """The calibrated model's rows from a schedule's cost
    (:class:`~forestcoll_opt.timing.calibrated.ScheduleCost`) and, under a calibration with
    uncertainties, the costs of its band's fast and slow ends (``ends``, empty without):
    the part of :func:`simulate` that no longer needs the schedule."""
    unit = unit_bytes_per_s(units)[0]
    rows = []
    for size in sizes:
        protocol, seconds = cost.time(size)
        band = tuple(e.time(size)[1] for e in ends) if ends else None
        rows.append(SimRow(size_bytes=size, chunks=None, seconds=seconds,
                           algbw=size / seconds / unit if seconds > 0 else math.inf,
                           protocol=protocol, band=band))
    return Simulation(rows, model="calibrated", parameters=parameters)


def _fastest(time_of, top: int) -> tuple[int, float]:
    """The C in 1..top with the smallest ``time_of(C)`` for a convex ``time_of``
    (integer ternary search). Times within a relative 1e-12 count as equal (rounding), and
    the smallest C among them is taken."""
    def better(a: float, b: float) -> bool:          # a is no worse than b
        return a <= b * (1 + 1e-12)

    lo, hi = 1, top
    while hi - lo > 2:
        a = lo + (hi - lo) // 3
        b = hi - (hi - lo) // 3
        if better(time_of(a), time_of(b)):
            hi = b
        else:
            lo = a
    found = [(c, time_of(c)) for c in range(lo, hi + 1)]
    least = min(t for _, t in found)
    return next((c, t) for c, t in found if better(t, least))


def _check_seconds(value: float, what: str) -> None:
    problem = alpha_problem(value)
    if problem is not None:
        raise UsageError(f"{what} {problem}")


# --- message sizes ---------------------------------------------------------------------------

_SIZE = re.compile(r"\s*(\d{1,19})\s*([A-Za-z]*)\s*")


def parse_size(text: str) -> int:
    """``4096``, ``64KiB``, ``1MiB``, ``4GiB`` (units B, KiB, MiB, GiB, TiB; nccl-tests'
    ``64K``, ``1M``, ``4G`` mean the same) -> bytes.

    :param text: the size, a whole number with an optional unit (case does not matter)
    :returns: the size in bytes
    :raises UsageError: when ``text`` is not such a size (``1MB`` too: 10^6 bytes or 2^20,
        as nccl-tests reads it? the message names both), or it is not from 1 byte to
        2^63 - 1
    """
    m = _SIZE.fullmatch(text)
    unit = m.group(2).lower() if m else ""
    if m and unit in _DECIMAL_UNITS:
        binary, number = _DECIMAL_UNITS[unit], int(m.group(1))
        power = 3 * (list(_DECIMAL_UNITS).index(unit) + 1)
        raise UsageError(f"{text.strip()[:40]!r}: {m.group(2)} is ambiguous (10^{power} bytes, "
                         f"or 2^{10 * power // 3} as nccl-tests reads it): write "
                         f"{number}{binary} for {number * SIZE_UNITS[binary.lower()]} bytes, "
                         f"or {number * 10 ** power} for {number}×10^{power}")
    if not m or (unit and unit not in SIZE_UNITS):
        raise UsageError(f"{text[:40]!r} is not a message size: give a whole number of bytes "
                         f"from 1 to 2^63 - 1, with a unit B, KiB, MiB, GiB or TiB if you like "
                         f"(4096, 64KiB, 4GiB)")
    value = int(m.group(1)) * SIZE_UNITS.get(unit, 1)
    if not 1 <= value < 2**63:
        raise UsageError(f"{text[:40]!r}: a message size must be from 1 byte to 2^63 - 1")
    return value


def size_text(size: int) -> str:
    """A message size as :func:`parse_size` reads it back, in the largest binary unit that
    divides it: ``1MiB``, ``64KiB``, ``3GiB``, ``1000B``."""
    for unit, factor in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= factor and size % factor == 0:
            return f"{size // factor}{unit}"
    return f"{size}B"


def parse_sizes(text: str) -> list[int]:
    """``LO..HI`` (LO, 2·LO, 4·LO, ... up to HI) or a comma list of sizes.

    :param text: the sizes, each as :func:`parse_size` reads it
    :returns: the sizes in bytes, at most :data:`MAX_SIZES`
    :raises UsageError: for a bad size, a range from the larger size down, or more than
        :data:`MAX_SIZES` sizes
    """
    if ".." in text:
        lo_text, _, hi_text = text.partition("..")
        lo, hi = parse_size(lo_text), parse_size(hi_text)
        if lo > hi:
            raise UsageError(f"{text[:60]!r}: the range must go from the smaller size up")
        sizes = []
        while lo <= hi:
            sizes.append(lo)
            lo *= 2
    else:
        sizes = [parse_size(part) for part in text.split(",")]
    if len(sizes) > MAX_SIZES:
        raise UsageError(f"{text[:60]!r}: at most {MAX_SIZES} sizes")
    return sizes
