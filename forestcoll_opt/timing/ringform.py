"""NCCL's rings timed from their cycles, without writing a tree (``tradeoff`` at today's
scale, issue 36).

The ring baseline (:func:`forestcoll_opt.generation.baselines.rings.ring`) writes, per
channel, one chain of N − 1 hops for each of the N roots: N²·C tree edges, 33 million on
2,048 GPUs with 8 channels and 2 billion on 16,384, which no step after it can walk. Every
one of those chains is a window of one cycle, the channel's ring, so the cycle is all the
time models need:

* **loads**: every hop of a channel carries N − 1 parts (allgather, reduce-scatter, and
  each phase of the allreduce), or one part but the hop into the root (broadcast) or out
  of it (reduce), exactly as the ring baseline counts them; the exact algbw and the
  per-link coefficients then follow by the same formulas as for a schedule
  (:func:`~forestcoll_opt.timing.simulation.exact_coefficients`);
* **routes**: the chain of root v sends along hops i, i+1, ..., i+N−2 (i the hop out of
  v; an in-tree: i−1, i−2, ..., i+1, toward v). Each window's latency (calibrated model)
  and its Σα, Σρ and slowest-hop frontier (ideal model) are summed in the order the
  schedule's own walk sums them, so every float is the one the full schedule gives, not
  merely close to it. Windows that start a period apart in a cycle whose hops repeat with
  that period (on a rail fabric: two boxes) are the same sequence of numbers, and are
  summed once.

The cycles are the ring baseline's own (its ring orders and routes, O(N·C) edges instead
of O(N²·C)), its routes searched layer by layer only as far as each needs
(:func:`_cycles`).
``tests/timing/test_ringform.py`` checks that loads, algbw and every time equal the full
ring schedule's, byte for byte, on small networks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

import numpy as np

from ..model.collective import Collective
from ..model.schedule import TreeEdge
from ..model.topology import Topology
from .calibrated import Calibration, ScheduleCost, hop_class, protocol_bandwidth
from .library import PROTOCOLS, TABLES, LibraryShape, steps
from .simulation import (Route, Simulation, _prune, calibrated_rows, ideal_parameters,
                         ideal_rows, link_alphas, unit_bytes_per_s)

Link = tuple[str, str]


@dataclass(frozen=True)
class RingForm:
    """The ring baseline of one collective as its cycles (module docstring).

    :ivar collective: the collective
    :ivar root: the root of broadcast and reduce; None for the others
    :ivar compute_nodes: the topology's compute nodes
    :ivar cycles: per channel, its hops in ring order (hop j's ``dst`` is hop j+1's ``src``)
    :ivar algbw: the exact algbw of the ring schedule (that of
        :func:`~forestcoll_opt.generation.baselines.rings.ring`)
    """

    collective: Collective
    root: str | None
    compute_nodes: tuple[str, ...]
    cycles: tuple[tuple[TreeEdge, ...], ...]
    algbw: Fraction

    @property
    def channels(self) -> int:
        """The number of rings."""
        return len(self.cycles)

    @property
    def phases(self) -> tuple[Collective, ...]:
        """The collectives of its phases (reduce-scatter then allgather for allreduce)."""
        if self.collective is Collective.ALLREDUCE:
            return (Collective.REDUCE_SCATTER, Collective.ALLGATHER)
        return (self.collective,)

    @property
    def num_trees(self) -> int:
        """The trees the ring schedule writes: N per channel (one per channel for broadcast
        and reduce), in each phase."""
        per = 1 if self.collective.rooted else len(self.compute_nodes)
        return per * self.channels * len(self.phases)

    @property
    def height(self) -> int:
        """Its deepest tree in compute-node hops: a chain of N − 1."""
        return len(self.compute_nodes) - 1

    def parts(self) -> int:
        """Ŵ·k of each phase: N·C, or C for broadcast and reduce."""
        return self.channels if self.collective.rooted else len(self.compute_nodes) * \
            self.channels

    def loads(self, phase: Collective) -> dict[Link, int]:
        """Link -> the tree edges crossing it in one phase (each of weight 1)."""
        n = len(self.compute_nodes)
        uses: dict[TreeEdge, int] = {}
        for cycle in self.cycles:
            at = {e.src: j for j, e in enumerate(cycle)}
            for e in cycle:
                uses[e] = uses.get(e, 0) + (1 if phase.rooted else n - 1)
            if phase.rooted:
                j = at[self.root]
                skipped = cycle[j] if phase.inward else cycle[j - 1]
                uses[skipped] -= 1
        loads: dict[Link, int] = {}
        for e, times in uses.items():
            for hop in zip(e.path, e.path[1:]):
                loads[hop] = loads.get(hop, 0) + times
        return loads

    def exact_coefficients(self, topology: Topology,
                           efficiency: Mapping[str, Fraction] | None = None
                           ) -> list[dict[Link, Fraction]]:
        """Per phase, load(e) / (parts · b_e) of every loaded link, as
        :func:`~forestcoll_opt.timing.simulation.exact_coefficients` gives it for the ring
        schedule."""
        parts = self.parts()
        out = []
        for phase in self.phases:
            share = {}
            for hop, load in self.loads(phase).items():
                if not load:
                    continue
                share[hop] = Fraction(load, parts) / topology.capacity[hop]
                if efficiency:
                    kind = topology.link_type.get(hop)
                    if kind in efficiency:
                        share[hop] /= efficiency[kind]
            out.append(share)
        return out

    def coefficients(self, topology: Topology,
                     efficiency: Mapping[str, Fraction] | None = None
                     ) -> list[dict[Link, float]]:
        """:meth:`exact_coefficients` in seconds per byte."""
        unit, _ = unit_bytes_per_s(topology.units)
        return [{hop: float(v) / unit for hop, v in share.items()}
                for share in self.exact_coefficients(topology, efficiency)]

    def windows(self, phase: Collective) -> list[tuple[int, int | None]]:
        """(channel, the hop out of the root) of every chain of one phase; None as the hop
        stands for every root of the channel (a collective without a root)."""
        if not phase.rooted:
            return [(c, None) for c in range(self.channels)]
        out = []
        for c, cycle in enumerate(self.cycles):
            out.append((c, next(j for j, e in enumerate(cycle) if e.src == self.root)))
        return out


def ring_form(topology: Topology, collective: "Collective | str", *,
              root: str | None = None) -> RingForm:
    """The ring baseline of ``collective`` as its cycles (module docstring).

    :param topology: the network
    :param collective: a tree collective
    :param root: the root of broadcast and reduce; None for the others
    :returns: the cycles and the exact algbw
    :raises ScheduleError: as the ring baseline
    """
    member = Collective.parse(collective)
    cycles = _cycles(topology)
    form = RingForm(collective=member, root=root, compute_nodes=topology.compute_nodes,
                    cycles=cycles, algbw=Fraction(1))
    limits = [max(share.values()) for share in form.exact_coefficients(topology)]
    return RingForm(collective=member, root=root, compute_nodes=topology.compute_nodes,
                    cycles=cycles, algbw=1 / sum(limits, Fraction(0)))


def _cycles(topology: Topology) -> tuple[tuple[TreeEdge, ...], ...]:
    """The ring baseline's cycles, one per channel, in the order and with the routes
    :func:`~forestcoll_opt.generation.baselines.rings.ring` gives them (its ``_Network``:
    the same ring orders and routes). The one difference is how a route is searched: the
    ring baseline searches breadth-first from a GPU to every node once and keeps the map,
    O(N) per GPU and O(N²) in all (over 20 minutes for 16,384 GPUs on a two-tier fabric);
    here the search from a GPU goes one layer further only when a route asks for a node
    it has not reached, which gives the same route (a node's widest fewest-link path and
    its predecessor depend only on the layers before it) after a few layers."""
    from ..generation.baselines import rings

    net = rings._Network(topology)
    net.route = _LazyRoutes(net)
    count = rings._channels(None, net.groups)
    n = len(topology.compute_nodes)
    out = []
    for c in range(count):
        order = net.ring_order(c)
        out.append(tuple(net.edge(order[j], order[(j + 1) % n]) for j in range(n)))
    return tuple(out)


class _LazyRoutes:
    """``route(u, v)`` of the ring baseline's network with a breadth-first search from u
    that stops after the layer holding v, kept to go on from for u's next target."""

    def __init__(self, net: Any) -> None:
        self.net = net
        self.state: dict[int, tuple[dict[int, tuple[float, int]], list[int]]] = {}

    def __call__(self, u: str, v: str) -> tuple[str, ...] | None:
        net = self.net
        key = (u, v)
        if key in net._routes:
            return net._routes[key]
        s, t = net.index[u], net.index[v]
        best, frontier = self.state.get(s) or ({s: (float("inf"), -1)}, [s])
        while frontier and t not in best:       # the ring search's layers, stopped at t
            frontier = net.widen(s, best, frontier)
        self.state[s] = (best, frontier)
        path = None
        if t in best and t != s:
            nodes = [t]
            while nodes[-1] != s:
                nodes.append(best[nodes[-1]][1])
            path = tuple(net.ids[i] for i in reversed(nodes))
        net._routes[key] = path
        return path


# --- windows summed in the schedule's own order ------------------------------------------

def _period(items: Sequence[Any]) -> int:
    """The least p dividing len(items) with items[j] == items[j + p] for every j."""
    n = len(items)
    for p in range(1, n + 1):
        if n % p == 0 and all(items[j] == items[j - p] for j in range(p, n)):
            return p
    return n


def _window_sums(values: np.ndarray, starts: Sequence[int], length: int, step: int,
                 prefix: float | None = None) -> np.ndarray:
    """For each start s, ((0 + v[s]) + v[s+step]) + ... over ``length`` items (indices
    modulo len(values)), each item a row of ``values``; with ``prefix``, that number is
    added before every item (a reduction step before each hop of an in-tree). The sums
    run in that order, one float addition at a time, as a tree walk makes them."""
    n = len(values)
    idx = np.array(starts, dtype=np.int64)
    acc = np.zeros((len(idx),) + values.shape[1:])
    for t in range(length):
        if prefix is not None:
            acc = acc + prefix
        acc = acc + values[(idx + step * t) % n]
    return acc


def _chains(form: RingForm, phase: Collective, key) -> list[tuple[int, list[int]]]:
    """Per channel, (c, the hop out of the root of each distinct chain): every root's
    chain for a collective without a root, one start per period of the channel's hop
    values ``key(hop)``; the root's alone otherwise."""
    out = []
    for c, j in form.windows(phase):
        cycle = form.cycles[c]
        if j is not None:
            out.append((c, [j]))
        else:
            out.append((c, list(range(_period([key(e) for e in cycle])))))
    return out


def calibrated_cost(topology: Topology, form: RingForm, calibration: Calibration
                    ) -> ScheduleCost:
    """The ring schedule's calibrated cost
    (:func:`~forestcoll_opt.timing.calibrated.schedule_cost`) from its cycles.

    :param topology: the network
    :param form: the rings
    :param calibration: the parameters
    :returns: the cost, equal to the full ring schedule's
    """
    library = calibration.library_for(topology)
    tables = TABLES[library]
    protocols = calibration.schedule_protocols(library)
    index = [PROTOCOLS.index(p) for p in protocols]
    rho = form.coefficients(topology, calibration.efficiency)
    per_byte = sum(max(r.values(), default=0.0) for r in rho)
    n = len(form.compute_nodes)
    classes: dict[tuple[str, ...], tuple[float, ...]] = {}

    def seconds(e: TreeEdge) -> tuple[float, ...]:
        row = classes.get(e.path)
        if row is None:
            hw = tables.hop[hop_class(topology, e.path)]["ring"]
            row = classes[e.path] = tuple(hw[i] * 1e-6 for i in index)
        return row

    deepest = []
    for phase in form.phases:
        worst = np.zeros(len(protocols))
        for c, starts in _chains(form, phase, seconds):
            cycle = form.cycles[c]
            values = np.array([seconds(e) for e in cycle], dtype=float)
            if phase.inward:        # root v: hops i-1, i-2, ..., each after a reduction
                sums = _window_sums(values, [s - 1 for s in starts], n - 1, -1,
                                    prefix=calibration.reduce_step)
            else:                   # root v: hops i, i+1, ...
                sums = _window_sums(values, starts, n - 1, 1)
            worst = np.maximum(worst, sums.max(axis=0)) if len(sums) else worst
        deepest.append(tuple(float(w) for w in worst))
    route = tuple(sum(d[i] for d in deepest) for i in range(len(protocols)))
    boxes = len(topology.boxes())
    latency = {p: tables.base["ring"][index[i]] * 1e-6 + route[i] + calibration.overhead
               for i, p in enumerate(protocols)}
    share = {p: protocol_bandwidth(library, p, boxes) for p in protocols}
    return ScheduleCost(library=library, seconds_per_byte=per_byte, latency=latency,
                        bandwidth_share=share)


def ideal_routes(topology: Topology, form: RingForm, alphas: Mapping[Link, float]
                 ) -> list[dict[str, frozenset[Route]]]:
    """Per phase, the ring schedule's distinct route summaries
    (:data:`~forestcoll_opt.timing.simulation.Route`), all under one key: the ideal model
    of a ring takes the slowest route over every root, so which root a route belongs to
    does not matter (a ring allreduce is not concurrent).

    :param topology: the network
    :param form: the rings
    :param alphas: seconds per hop of every link (:func:`~.simulation.link_alphas`)
    :returns: one ``{"ring": routes}`` per phase
    """
    n = len(form.compute_nodes)
    rho = form.coefficients(topology)
    found = []
    for phase, r in zip(form.phases, rho):
        routes: set[Route] = set()

        def key(e: TreeEdge) -> tuple[tuple[float, float], ...]:
            return tuple((alphas[h], r.get(h, 0.0)) for h in zip(e.path, e.path[1:]))

        for c, starts in _chains(form, phase, key):
            cycle = form.cycles[c]
            items = [key(e) for e in cycle]
            counts: dict[tuple[float, float], int] = {}
            for pairs in items:
                for pair in pairs:
                    counts[pair] = counts.get(pair, 0) + 1
            for s in starts:
                # the root's chain leaves out hop `out` (outward: the hop into the root;
                # in-tree: the hop out of it), and walks its hops from the root outward,
                # each hop's links in their own order
                if phase.inward:
                    order, out = [(s - 1 - t) % n for t in range(n - 1)], s
                else:
                    order, out = [(s + t) % n for t in range(n - 1)], (s - 1) % n
                a_sum = r_sum = 0.0
                for j in order:
                    for a, x in items[j]:
                        a_sum += a
                        r_sum += x
                left = dict(counts)
                for pair in items[out]:
                    left[pair] -= 1
                routes.add((a_sum, r_sum, _prune(p for p, m in left.items() if m > 0)))
        found.append({"ring": frozenset(routes)})
    return found


def simulate_ring(topology: Topology, form: RingForm, sizes: Sequence[int], *,
                  model: str, chunks: int | str = "auto", alpha: float | None = None,
                  alpha_per_link: Mapping[Link, float] | None = None,
                  calibration: Calibration | None = None) -> Simulation:
    """The ring baseline's rows under ``model``, as
    :func:`~forestcoll_opt.timing.simulation.simulate` gives them for the full ring
    schedule (options checked by the caller).

    :param topology: the network
    :param form: the rings
    :param sizes: message sizes in bytes
    :param model: ``"calibrated"`` or ``"ideal"``
    :param chunks: ideal model: the chunk count or ``"auto"``
    :param alpha: ideal model: seconds per hop for every link, or None
    :param alpha_per_link: ideal model: per-link overrides, or None
    :param calibration: calibrated model: the parameters (None: the defaults)
    :returns: one row per size
    """
    if model == "calibrated":
        calibration = calibration or Calibration()
        cost = calibrated_cost(topology, form, calibration)
        ends = [calibrated_cost(topology, form, end) for end in
                (calibration.band() if calibration.uncertainty else ())]
        return calibrated_rows(cost, ends, sizes, units=topology.units,
                               parameters=calibration.parameters(topology))
    alphas = link_alphas(topology, alpha, alpha_per_link)
    found = ideal_routes(topology, form, alphas)
    return ideal_rows(found, [p.inward for p in form.phases], sizes, parts=form.parts(),
                      concurrent=False, units=topology.units, chunks=chunks,
                      parameters=ideal_parameters(chunks, alpha, alpha_per_link))


def ring_shape(topology: Topology, form: RingForm, calibration: Calibration
               ) -> LibraryShape:
    """What the library's tuner reads off the topology, from the rings' cycles: what
    :func:`~forestcoll_opt.timing.calibrated.library_shape` reads off the ring schedule
    (its rings are the channels, its bus bandwidth on the efficient link bandwidths split
    over them the per-channel speed, NVLink inside a box when a ring hop inside a box is
    all NVLink).

    :param topology: the network
    :param form: the rings of the collective
    :param calibration: the parameters (the links' efficiencies)
    :returns: the shape
    """
    n = len(form.compute_nodes)
    rho = form.coefficients(topology, calibration.efficiency)
    per_byte = sum(max(r.values(), default=0.0) for r in rho)
    algbw_gb = (1 / per_byte / 1e9) if per_byte > 0 else math.inf
    bus = algbw_gb * steps(form.collective.value, n) / n
    channels = form.channels
    boxes = topology.boxes()
    box_of = {v: b for b, members in boxes.items() for v in members}
    intra = "nvlink" if any(box_of[e.src] == box_of[e.dst] and
                            hop_class(topology, e.path) == "nvlink"
                            for cycle in form.cycles for e in cycle) else "pci"
    return LibraryShape(ranks=n, nodes=len(boxes), channels=channels,
                        channel_bw=bus / channels, intra=intra)
