"""The calibrated time model: what a schedule takes on the runtime that runs it, with every
parameter cited or fitted to published measurements (docs/validation.md has the table,
the fit and the error of each case).

It times a schedule the way NCCL's and RCCL's tuners time their own algorithms
(:mod:`.library`, ``src/graph/tuning.cc``): **time = latency + bytes / bandwidth**,

* **bandwidth**: the schedule's exact algbw (its link loads, docs/formats.md) on link
  bandwidths multiplied by an efficiency η per link type — the rate a runtime reaches on
  that link, not its line rate (:data:`EFFICIENCY`: NVLink3 230 of 300 GB/s, HDR
  InfiniBand 24 of 25 GB/s, ...) — times the protocol's efficiency (Simple 1, LL128 0.92,
  LL 1/4 across boxes or 1/3 inside one on NCCL, 1/5 on RCCL: the libraries' own factors);
* **latency**: the library's base latency of one call (``baseLat``, ring row) plus, along
  the deepest route of the schedule's trees, the library's latency of one step
  (``hwLat``, ring row) for every GPU-to-GPU hop. A hop through switches is one step
  (NVSwitch and InfiniBand switches forward cut-through); its class is ``net`` when any of
  its links is InfiniBand or Ethernet, ``nvlink`` when all are NVLink or xGMI (RCCL files
  xGMI under NVLink), else ``pci`` (NCCL calls every other GPU path PCI). Latency is paid
  once per hop, not per chunk: the runtimes keep 8 steps in flight per connection, so the
  per-step cost overlaps with the data, as NCCL's own model assumes. In-trees (the
  reduce-scatter phase) add a fitted ``reduce_step`` per reduction at every node on the
  route (MSCCL runs the reductions of a node's children one after the other);
* **protocol**: the fastest of the protocols allowed (:attr:`Calibration.protocols`) at
  every size, as the runtime would be told in the exported XML;
* an allreduce's two phases add their latencies (one after the other) or, when
  ``concurrent``, take the slowest root's reduce-up plus broadcast-down latency.

There is no pipeline-fill term: with the runtimes' slices (32 KiB to 1 MiB) filling a route
of 8 hops costs under 1 % of a 1 GiB allgather on two DGX A100 boxes.

The libraries themselves (the ``nccl`` candidate of ``tradeoff``) are timed by their own
cost model (:mod:`.library`), whose ring latencies are multiplied by the fitted
``ring_latency``: measured NCCL and RCCL rings are slower at small and medium sizes than
their tuners' latencies say. By default the library runs what its tuner picks; a
comparison against the library's *best* algorithm (every algorithm forced in turn, as the
ForestColl paper did with RCCL) times the tree as it runs on two nodes, at
``tree_efficiency`` of its channels' bus bandwidth (:mod:`.library`, docs/validation.md).

Which library's tables apply (:meth:`Calibration.library_for`): RCCL's on a topology with
xGMI links, NCCL's otherwise, unless :attr:`Calibration.library` names one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..errors import ScheduleError, UsageError
from ..model.numbers import fraction_text
from ..model.schedule import Schedule, Tree
from ..model.topology import LINK_TYPES, Topology
from .constants import MODEL
from .library import PROTOCOLS, TABLES, LibraryShape, check_arch, library_choice, steps
from .library import library_times as all_library_times

MODELS = ("calibrated", "ideal")

# The constants live in calibration.json beside this module, each with its source
# (:mod:`.constants`; docs/validation.md, "Parameters", has the table).
EFFICIENCY: Mapping[str, Fraction] = MODEL["efficiency"]
"""Achievable over nominal bandwidth per link type (cited)."""
RING_LATENCY: Mapping[str, float] = MODEL["ring_latency"]
"""Factor on each library's ring latencies (fitted)."""
REDUCE_STEP: float = MODEL["reduce_step"]
"""Seconds per reduction at an in-tree node (fitted)."""
NET_OVERHEAD: float = MODEL["net_overhead"]
"""NCCL's ``getNetOverhead()`` on AMD x86 hosts (the DGX A100's EPYC CPUs), seconds."""
TREE_EFFICIENCY: float = MODEL["tree_efficiency"]
"""The two-node tree as it runs, over the bus bandwidth of its channels (cited)."""
PICKS = ("tuner", "best")

_NET = frozenset({"infiniband", "ethernet"})
_NVLINK = frozenset({"nvlink", "xgmi"})


@dataclass(frozen=True)
class Calibration:
    """The calibrated model's parameters (module docstring); the defaults are the cited and
    fitted values of docs/validation.md, read from ``calibration.json`` (:mod:`.constants`).

    :ivar efficiency: link type -> achieved / nominal bandwidth, in (0, 1]; links of other
        or no type keep their bandwidth
    :ivar library: ``"auto"`` (RCCL's tables with xGMI links, NCCL's otherwise), ``"nccl"``
        or ``"rccl"``
    :ivar protocols: the protocols a schedule may run with (``"LL"``, ``"LL128"``,
        ``"Simple"``); the fastest is taken per size (RCCL has no LL128)
    :ivar ring_latency: library -> factor on its ring latencies (fitted)
    :ivar reduce_step: seconds per reduction step of an in-tree node (fitted)
    :ivar net_overhead: NCCL's network post overhead per ring step, seconds
    :ivar arch: the rows of NCCL's per-architecture caps: ``"volta"``, ``"ampere"`` or
        ``"hopper"``
    :ivar amd_host: NCCL's multi-node LL cap for AMD (True) or Intel (False) hosts
    :ivar tree_efficiency: the library's two-node tree as it runs, algbw over the bus
        bandwidth of its channels (cited); used when the library is timed at its best
        algorithm (``pick="best"``), None times the tree as the tuner rates it. No command
        times the library that way, so outputs do not name it.
    :ivar overhead: seconds every call costs on top of the model (the runtime's launch and
        synchronisation), added to schedules and libraries alike; 0 by default, fitted by
        ``calibrate`` from a cluster's own nccl-tests logs
    :ivar uncertainty: the standard error of each fitted parameter, by its name in a
        calibration file (``"efficiency.infiniband"``, ``"ring_latency.nccl"``,
        ``"overhead"``); empty for the package's defaults. :meth:`band` turns it into the
        two calibrations a prediction's band is timed with
    :raises UsageError: for a value out of its range
    """

    efficiency: Mapping[str, Fraction] = field(default_factory=lambda: dict(EFFICIENCY))
    library: str = "auto"
    protocols: tuple[str, ...] = PROTOCOLS
    ring_latency: Mapping[str, float] = field(default_factory=lambda: dict(RING_LATENCY))
    reduce_step: float = REDUCE_STEP
    net_overhead: float = NET_OVERHEAD
    arch: str = "ampere"
    amd_host: bool = True
    tree_efficiency: float | None = TREE_EFFICIENCY
    overhead: float = 0.0
    uncertainty: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind, value in dict(self.efficiency).items():
            if kind not in LINK_TYPES:
                raise UsageError(f"efficiency of {str(kind)[:40]!r}: not a link type; use "
                                 f"{', '.join(LINK_TYPES)}")
            if isinstance(value, bool) or not isinstance(value, (int, Fraction, float)) or \
                    not 0 < value <= 1:
                raise UsageError(f"efficiency of {kind}: {str(value)[:40]} is not in (0, 1]")
        object.__setattr__(self, "efficiency",
                           {k: Fraction(v) for k, v in dict(self.efficiency).items()})
        if self.library not in ("auto", *TABLES):
            raise UsageError(f"library {str(self.library)[:40]!r}: use auto, nccl or rccl")
        protocols = tuple(self.protocols)
        if not protocols or len(set(protocols)) != len(protocols) or \
                any(p not in PROTOCOLS for p in protocols):
            raise UsageError(f"protocols {str(self.protocols)[:60]}: give some of "
                             f"{', '.join(PROTOCOLS)}, each once")
        object.__setattr__(self, "protocols", protocols)
        factors = dict(self.ring_latency)
        for name, value in factors.items():
            if name not in TABLES or not _finite(value) or value <= 0:
                raise UsageError(f"ring_latency of {str(name)[:40]!r}: give nccl and/or rccl "
                                 f"with a positive factor")
        object.__setattr__(self, "ring_latency", {k: float(factors.get(k, 1.0)) for k in TABLES})
        for name in ("reduce_step", "net_overhead", "overhead"):
            value = getattr(self, name)
            if not _finite(value) or not 0 <= value <= 1:
                raise UsageError(f"{name} {str(value)[:40]} is in seconds: give 0 to 1")
        if not check_arch(self.arch):
            raise UsageError(f"arch {str(self.arch)[:40]!r}: use volta, ampere or hopper")
        tau = self.tree_efficiency
        if tau is not None:
            if not _finite(tau) or not 0 < tau <= 1:
                raise UsageError(f"tree_efficiency {str(tau)[:40]} is not in (0, 1]; give "
                                 f"None for the tree as the tuner rates it")
            object.__setattr__(self, "tree_efficiency", float(tau))
        sigmas = dict(self.uncertainty)
        for name, value in sigmas.items():
            if _band_target(name) is None or not _finite(value) or value < 0:
                raise UsageError(f"uncertainty of {str(name)[:40]!r}: give efficiency.TYPE, "
                                 f"ring_latency.LIBRARY or overhead with a standard error "
                                 f">= 0")
        object.__setattr__(self, "uncertainty",
                           {k: float(v) for k, v in sorted(sigmas.items())})

    def band(self, sigmas: float = 2.0) -> tuple["Calibration", "Calibration"]:
        """The two calibrations that bound a prediction: (fast, slow), every fitted
        parameter moved ``sigmas`` standard errors (:attr:`uncertainty`) towards the faster,
        then the slower side — efficiencies up (at most 1) and down (above 0), latency
        factors and the overhead down (above 0, resp. at least 0) and up. Every time the
        model gives is monotone in each of them, so a prediction's band is the two times
        these give. Without uncertainties both are this calibration.

        :param sigmas: how many standard errors wide the band is on each side (2: about 95 %
            for a well-determined fit)
        :returns: (fast, slow)
        """
        ends = []
        for sign in (1.0, -1.0):        # fast: efficiency up, latencies down
            eta = dict(self.efficiency)
            kappa = dict(self.ring_latency)
            overhead = self.overhead
            for name, sigma in self.uncertainty.items():
                kind, key = _band_target(name)
                step = sigmas * sigma
                if kind == "efficiency" and key in eta:
                    value = float(eta[key]) + sign * step
                    eta[key] = Fraction(min(1.0, max(value, float(eta[key]) / 1e3)))
                elif kind == "ring_latency":
                    kappa[key] = max(kappa[key] - sign * step, kappa[key] / 1e3)
                elif kind == "overhead":
                    overhead = min(1.0, max(0.0, overhead - sign * step))
            ends.append(replace(self, efficiency=eta, ring_latency=kappa, overhead=overhead,
                                uncertainty={}))
        return ends[0], ends[1]

    def library_for(self, topology: Topology) -> str:
        """The library whose tables apply: :attr:`library`, or for ``"auto"`` RCCL when the
        topology has an xGMI link and NCCL otherwise.

        :param topology: the network
        :returns: ``"nccl"`` or ``"rccl"``
        """
        if self.library != "auto":
            return self.library
        return "rccl" if "xgmi" in set(topology.link_type.values()) else "nccl"

    def schedule_protocols(self, library: str) -> tuple[str, ...]:
        """The protocols a schedule may run with on ``library``.

        :param library: ``"nccl"`` or ``"rccl"``
        :returns: :attr:`protocols` that the library has
        :raises UsageError: when none is left (LL128 alone on RCCL)
        """
        found = tuple(p for p in self.protocols if p in TABLES[library].protocols)
        if not found:
            raise UsageError(f"{library} has none of the protocols {', '.join(self.protocols)}; "
                             f"allow LL or Simple")
        return found

    def parameters(self, topology: Topology | None = None) -> dict[str, Any]:
        """The parameters as JSON-ready values (every output names them).

        :param topology: the network, to resolve ``"auto"``; None leaves it
        :returns: a dict: ``model``, ``library`` (and its release and source),
            ``efficiency`` (type -> exact text), ``protocols``, ``ring_latency``,
            ``reduce_step_s``, ``net_overhead_s``, ``arch``, ``amd_host``
        """
        library = self.library_for(topology) if topology is not None else self.library
        out: dict[str, Any] = {"model": "calibrated", "library": library}
        if library in TABLES:
            out["library_release"] = TABLES[library].release
            out["library_source"] = TABLES[library].source
        out.update({
            "efficiency": {k: fraction_text(v) for k, v in sorted(self.efficiency.items())},
            "protocols": list(self.protocols),
            "ring_latency": dict(sorted(self.ring_latency.items())),
            "reduce_step_s": self.reduce_step, "net_overhead_s": self.net_overhead,
            "arch": self.arch, "amd_host": self.amd_host})
        if self.overhead:
            out["overhead_s"] = self.overhead
        if self.uncertainty:
            out["uncertainty"] = dict(self.uncertainty)
        return out

    def summary(self, topology: Topology) -> str:
        """One line naming the model and its parameters, for text outputs.

        :param topology: the network (resolves the library)
        :returns: the line
        """
        library = self.library_for(topology)
        eta = ", ".join(f"{k} {float(v):.3g}" for k, v in sorted(self.efficiency.items()))
        return (f"model calibrated ({TABLES[library].release} tables; link efficiency {eta}; "
                f"protocols {', '.join(self.schedule_protocols(library))}; fitted: "
                f"{library} ring latency x{self.ring_latency[library]:g}, reduce step "
                f"{self.reduce_step * 1e6:g} µs{self._fitted_text(library)})")

    def _fitted_text(self, library: str) -> str:
        """The overhead and the standard errors, when a calibration file set them."""
        out = f", overhead {self.overhead * 1e6:.4g} µs" if self.overhead else ""
        if self.uncertainty:
            out += "; standard errors " + ", ".join(
                f"{k} {v * 1e6:.3g} µs" if k == "overhead" else f"{k} {v:.3g}"
                for k, v in self.uncertainty.items())
        return out


def _band_target(name: Any) -> tuple[str, str] | None:
    """(``"efficiency"``, link type), (``"ring_latency"``, library) or (``"overhead"``, "")
    for an uncertainty's name, None for another."""
    kind, _, key = str(name).partition(".")
    if kind == "efficiency" and key in LINK_TYPES:
        return kind, key
    if kind == "ring_latency" and key in TABLES:
        return kind, key
    if name == "overhead":
        return "overhead", ""
    return None


def _finite(value: Any) -> bool:
    return (not isinstance(value, bool) and isinstance(value, (int, float, Fraction))
            and math.isfinite(value))


def check_model(model: Any) -> str:
    """``model`` if it is one of :data:`MODELS`.

    :param model: ``"calibrated"`` or ``"ideal"``
    :returns: the model
    :raises UsageError: for anything else
    """
    if model not in MODELS:
        raise UsageError(f"model {str(model)[:40]!r}: use calibrated or ideal")
    return model


def hop_class(topology: Topology, path: Sequence[str]) -> str:
    """The hardware class of one GPU-to-GPU hop (module docstring): ``"net"``,
    ``"nvlink"`` or ``"pci"``.

    :param topology: the network
    :param path: the hop's route, compute node to compute node
    :returns: the class
    """
    types = [topology.link_type.get(hop) for hop in zip(path, path[1:])]
    if any(t in _NET for t in types):
        return "net"
    if types and all(t in _NVLINK for t in types):
        return "nvlink"
    return "pci"


def protocol_bandwidth(library: str, protocol: str, boxes: int) -> float:
    """The share of the bandwidth a protocol moves as data on ``library`` (its ring
    factors: LL128 0.92, LL 1/4 across boxes and 1/3 inside one on NCCL, 1/5 on RCCL).

    :param library: ``"nccl"`` or ``"rccl"``
    :param protocol: ``"LL"``, ``"LL128"`` or ``"Simple"``
    :param boxes: the topology's boxes
    :returns: the factor
    """
    if protocol == "Simple":
        return 1.0
    if protocol == "LL128":
        return 0.92
    if library == "rccl":
        return 1 / 5
    return 1 / 4 if boxes > 1 else 1 / 3


@dataclass(frozen=True)
class ScheduleCost:
    """A schedule under the calibrated model: seconds = ``latency[p]`` + bytes ×
    ``seconds_per_byte`` / ``bandwidth_share[p]`` for protocol p.

    :ivar library: the tables used
    :ivar seconds_per_byte: 1 / the schedule's algbw on the efficient bandwidths, in s/B
    :ivar latency: protocol -> seconds of latency (base + deepest route + reductions)
    :ivar bandwidth_share: protocol -> its bandwidth factor
    """

    library: str
    seconds_per_byte: float
    latency: Mapping[str, float]
    bandwidth_share: Mapping[str, float]

    def time(self, size: int) -> tuple[str, float]:
        """The fastest protocol for ``size`` bytes and its time (the first among equals in
        LL, LL128, Simple order).

        :param size: bytes
        :returns: (protocol, seconds)
        """
        best = None
        for p, lat in self.latency.items():
            seconds = lat + size * self.seconds_per_byte / self.bandwidth_share[p]
            if best is None or seconds < best[1]:
                best = (p, seconds)
        assert best is not None
        return best

    @property
    def algbw_bytes(self) -> float:
        """The efficient algbw in bytes per second (inf without data)."""
        return 1 / self.seconds_per_byte if self.seconds_per_byte > 0 else math.inf


def schedule_cost(topology: Topology, schedule: Schedule, calibration: Calibration,
                  rho: Sequence[Mapping[tuple[str, str], float]]) -> ScheduleCost:
    """The calibrated cost of ``schedule`` (module docstring).

    :param topology: the network it runs on
    :param schedule: the schedule
    :param calibration: the parameters
    :param rho: per phase, seconds per byte of every link at its efficient bandwidth
        (:func:`forestcoll_opt.timing.simulation.link_coefficients`)
    :returns: its latencies and bandwidth
    :raises ScheduleError: when a tree does not lead from a node to its root
    """
    library = calibration.library_for(topology)
    tables = TABLES[library]
    protocols = calibration.schedule_protocols(library)
    index = {p: PROTOCOLS.index(p) for p in protocols}
    phases = schedule.phases or (schedule,)
    if schedule.concurrent:
        per_byte = max(rho[0].values(), default=0.0)
    else:
        per_byte = sum(max(r.values(), default=0.0) for r in rho)
    classes: dict[tuple[str, ...], str] = {}

    def hop_seconds(path: tuple[str, ...]) -> tuple[float, ...]:
        c = classes.get(path)
        if c is None:
            c = classes[path] = hop_class(topology, path)
        row = tables.hop[c]["ring"]
        return tuple(row[index[p]] * 1e-6 for p in protocols)

    deepest = [_deepest(phase, hop_seconds, calibration.reduce_step, len(protocols),
                        _root_orbits(topology, phase))
               for phase in phases]
    if schedule.concurrent and len(phases) == 2:
        up = next(d for p, d in zip(phases, deepest) if p.collective.inward)
        down = next(d for p, d in zip(phases, deepest) if not p.collective.inward)
        zero = (0.0,) * len(protocols)
        route = tuple(max((u[i] + down.get(r, zero)[i] for r, u in up.items()), default=0.0)
                      for i in range(len(protocols)))
    else:
        route = tuple(sum(max((v[i] for v in d.values()), default=0.0) for d in deepest)
                      for i in range(len(protocols)))
    boxes = len(topology.boxes())
    latency = {p: tables.base["ring"][index[p]] * 1e-6 + route[i] + calibration.overhead
               for i, p in enumerate(protocols)}
    share = {p: protocol_bandwidth(library, p, boxes) for p in protocols}
    return ScheduleCost(library=library, seconds_per_byte=per_byte, latency=latency,
                        bandwidth_share=share)


def _root_orbits(topology: Topology, phase: Schedule) -> dict[str, list[str]] | None:
    """For a compact phase whose group's generators are automorphisms of ``topology``
    (every link onto a link of the same type and latency, so every image of a tree has the
    tree's hop latencies): each representative's root -> the roots of its images (its
    orbit). None for a plain phase, or when a generator is not such an automorphism (the
    images are then walked one by one)."""
    if not phase.orbits:
        return None
    from ..model.compact import automorphism_problem
    from ..model.trees import perm_from_cycles, root_orbits

    for j, g in enumerate(phase.group):
        perm = perm_from_cycles(g, topology.index, f"group generator #{j}")
        if automorphism_problem(topology, perm) is not None:
            return None
    return root_orbits(phase)


def _deepest(phase: Schedule, hop_seconds, reduce_step: float, width: int,
             root_orbits: Mapping[str, list[str]] | None = None
             ) -> dict[str, tuple[float, ...]]:
    """Root -> per protocol, the largest latency of a route of the root's trees: the hops'
    latencies, plus ``reduce_step`` times the children of every receiving node of an
    in-tree route; for all-to-all, source -> its longest route's hop latencies. With
    ``root_orbits`` (:func:`_root_orbits`) a compact phase's representative is walked once
    and its latency given to every root of its orbit."""
    inward = phase.collective.inward
    out: dict[str, tuple[float, ...]] = {}
    compute = frozenset(phase.compute_nodes)
    for r in phase.routes:          # all-to-all: a route's GPU-to-GPU hops, one step each
        stops = [i for i, v in enumerate(r.path) if v in compute]
        worst = (0.0,) * width
        for a, b in zip(stops, stops[1:]):
            worst = tuple(map(sum, zip(worst, hop_seconds(r.path[a:b + 1]))))
        old = out.get(r.src)
        out[r.src] = worst if old is None else tuple(map(max, old, worst))
    if root_orbits is None:
        trees, reps = phase.iter_trees(), ()    # a compact schedule's trees, expanded lazily
    else:
        trees, reps = phase.trees, phase.orbits
    for tree in trees:
        worst = _tree_deepest(tree, inward, hop_seconds, reduce_step, width)
        old = out.get(tree.root)
        out[tree.root] = worst if old is None else tuple(map(max, old, worst))
    for tree in reps:
        worst = _tree_deepest(tree, inward, hop_seconds, reduce_step, width)
        for root in root_orbits[tree.root]:
            old = out.get(root)
            out[root] = worst if old is None else tuple(map(max, old, worst))
    return out


def _tree_deepest(tree: Tree, inward: bool, hop_seconds, reduce_step: float, width: int
                  ) -> tuple[float, ...]:
    children: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for e in tree.edges:
        child, parent = (e.src, e.dst) if inward else (e.dst, e.src)
        children.setdefault(parent, []).append((child, e.path))
    worst = [0.0] * width
    stack = [(tree.root, (0.0,) * width, 0)]
    seen = 0
    while stack:
        node, acc, depth = stack.pop()
        kids = children.get(node, ())
        if inward and kids:
            acc = tuple(a + reduce_step * len(kids) for a in acc)
        if not kids:
            worst = [max(w, a) for w, a in zip(worst, acc)]
        for child, path in kids:
            seen += 1
            if seen > len(tree.edges) or depth > len(tree.edges):
                raise ScheduleError(f"a tree rooted at {tree.root} is not a tree (a node is "
                                    f"reached twice)")
            step = hop_seconds(path)
            stack.append((child, tuple(a + s for a, s in zip(acc, step)), depth + 1))
    return tuple(worst)


def library_shape(topology: Topology, ring: Schedule, collective: str,
                  rho: Sequence[Mapping[tuple[str, str], float]], *,
                  tree_ring: Schedule | None = None,
                  tree_rho: Sequence[Mapping[tuple[str, str], float]] | None = None
                  ) -> LibraryShape:
    """What the library's tuner reads off ``topology`` (:class:`.library.LibraryShape`),
    from the ring baseline ``ring`` of ``collective``: its rings are the channels, and its
    bus bandwidth on the efficient link bandwidths, split over them, the per-channel speed.

    :param topology: the network
    :param ring: the ring baseline of that collective on it
    :param collective: the collective's value
    :param rho: the ring's per-phase seconds per byte per link (efficient bandwidths)
    :param tree_ring: the rings the library's tree is built on where they are not ``ring``
        (RCCL on a full MI250 box reads its rings off a table but searches its trees:
        ``ring(topology, collective, table=False)``); None: ``ring``
    :param tree_rho: ``tree_ring``'s per-phase seconds per byte per link
    :returns: the shape
    """
    n = len(topology.compute_nodes)
    channels, bus = _channels_and_bus(ring, collective, rho, n)
    tree_channels = tree_bw = None
    if tree_ring is not None and tree_rho is not None:
        tree_channels, tree_bus = _channels_and_bus(tree_ring, collective, tree_rho, n)
        tree_bw = tree_bus / tree_channels
    phases = ring.phases or (ring,)
    boxes = topology.boxes()
    box_of = {v: b for b, members in boxes.items() for v in members}
    intra = "pci"
    for phase in phases:
        for tree in phase.iter_trees():
            for e in tree.edges:
                if box_of[e.src] == box_of[e.dst] and hop_class(topology, e.path) == "nvlink":
                    intra = "nvlink"
                    break
            if intra == "nvlink":
                break
    return LibraryShape(ranks=n, nodes=len(boxes), channels=channels,
                        channel_bw=bus / channels, intra=intra, tree_channels=tree_channels,
                        tree_channel_bw=tree_bw)


def _channels_and_bus(ring: Schedule, collective: str,
                      rho: Sequence[Mapping[tuple[str, str], float]], n: int
                      ) -> tuple[int, float]:
    """A ring baseline's channels and its bus bandwidth (GB/s) on the efficient links."""
    phases = ring.phases or (ring,)
    per_byte = sum(max(r.values(), default=0.0) for r in rho)
    algbw_gb = (1 / per_byte / 1e9) if per_byte > 0 else math.inf
    bus = algbw_gb * steps(collective, n) / n
    channels = ring.stats.channels
    if not channels:
        first = phases[-1]
        channels = max(1, first.num_trees // (1 if first.collective.rooted else n))
    return channels, bus


def library_times(topology: Topology, shape: LibraryShape, collective: str,
                  sizes: Iterable[int], calibration: Calibration, *, pick: str = "tuner",
                  ring_protocols: Sequence[str] | None = None
                  ) -> list[tuple[str, str, float]]:
    """The library per size under the calibration: (algorithm, protocol, seconds).

    :param topology: the network (resolves the library)
    :param shape: what the tuner reads off it (:func:`library_shape`)
    :param collective: the collective's value
    :param sizes: bytes
    :param calibration: the parameters
    :param pick: ``"tuner"``, what the library runs by default (its tuner's fastest), or
        ``"best"``, the fastest of its algorithms as they run (each forced in turn): the
        tree on two nodes at :attr:`Calibration.tree_efficiency` of its channels' bus
        bandwidth (:mod:`.library`)
    :param ring_protocols: the protocols the library's ring runs with, where measurements
        show it runs fewer than its tuner would pick (None: the tuner's); its tree keeps
        the tuner's
    :returns: one triple per size
    :raises UsageError: for another ``pick``, or ``ring_protocols`` naming none of the
        library's protocols
    """
    if pick not in PICKS:
        raise UsageError(f"pick {str(pick)[:40]!r}: use tuner or best")
    library = calibration.library_for(topology)
    if ring_protocols is not None and not set(ring_protocols) & set(TABLES[library].protocols):
        raise UsageError(f"ring_protocols={tuple(ring_protocols)!r}: use some of "
                         f"{', '.join(TABLES[library].protocols)}")
    tau = calibration.tree_efficiency if pick == "best" else None
    options = dict(library=library, ring_latency=calibration.ring_latency[library],
                   net_overhead=calibration.net_overhead * 1e6, arch=calibration.arch,
                   amd_host=calibration.amd_host, tree_efficiency=tau)
    out = []
    for size in sizes:
        if ring_protocols is None:
            c = library_choice(shape, collective, size, **options)
            out.append((c.algorithm, c.protocol, c.seconds + calibration.overhead))
            continue
        times = {key: t for key, t in all_library_times(shape, collective, size,
                                                        **options).items()
                 if key[0] != "ring" or key[1] in ring_protocols}
        (algo, proto), seconds = min(times.items(), key=lambda kv: kv[1])
        out.append((algo, proto, seconds + calibration.overhead))
    return out
