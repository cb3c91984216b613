"""The libraries' own cost models: how NCCL and RCCL time their ring and tree algorithms
per protocol, evaluated on a topology, so that ``tradeoff`` can compare a schedule with the
library as it really runs (it picks ring or tree, and LL, LL128 or Simple, per size).

Both libraries choose an algorithm and a protocol for every call by a closed-form model
(``src/graph/tuning.cc``, ``ncclTopoTuneModel`` and ``ncclTopoGetAlgoTime``):
time = latency + bytes / bandwidth, in µs and GB/s, and the smallest time wins. This module
evaluates that model with the constants of one release of each library, read from
``calibration.json`` beside it (:mod:`.constants`, each table with its source):

* **NCCL 2.20.3** (``NVIDIA/nccl@b6475625``, ``src/graph/tuning.cc``): ``baseLat``,
  ``hwLat``, the per-architecture caps (``llMaxBws``, ``perChMaxRingLL128Bws``,
  ``perChMaxTreeLL128Bws``, ``perChMaxTreeBws``), the network post overhead
  (``getNetOverhead``: 1 µs on Intel hosts, 2 µs on AMD ones; ×3 for Simple; the floor of
  every intra-node step of a multi-node ring), the tree correction factors and the ring
  allreduce "plateau" factor (×1.4 from Ampere on).
* **RCCL** as of ``ROCm/rccl@0023b9b0`` (its ``src/graph/tuning.cc``; the release whose
  tables are public in full): ``baseLat``, ``hwLat`` (its ``NVLINK`` row is the xGMI one),
  ring LL at 1/5 of the bus bandwidth, its tree at 0.27 of it (at most 70 GB/s across
  nodes), no LL128, and its measured ``treeCorrectionFactor`` and ``ringCorrectionFactor``.

The model's inputs are what the tuner reads off the system (:class:`LibraryShape`):
ranks, nodes (the topology's boxes), channels and the per-channel bandwidth. Channels and
bandwidth come from the ring baseline on the same topology (:mod:`.baseline`): its number of
rings and its bus bandwidth busBw = algbw × nsteps / nranks on the link bandwidths times
their efficiency (the rate the library reaches on each link type); on two DGX A100 boxes
this is 8 channels at 24 GB/s, busBw 192 GB/s, the figure NVIDIA quotes for the machine.

Measured small-message runs are slower than the tuner's latencies; the calibrated model
(:mod:`.calibrated`) multiplies the ring latencies by a fitted factor (``ring_latency``),
which replaces the library's own ×1.4 plateau factor where that applies.

**The tree on two nodes, as it runs** (``tree_efficiency``). The tuners convert a tree's bus
bandwidth to algbw with ×½ (NCCL's, and RCCL's, ``ratio = .5``): the busiest link of a
double binary tree over more than two nodes carries the message twice each way. On exactly
two nodes it carries it once: every intra-node chain link and every NIC moves the message
once up (reduce) and once down (broadcast), where a ring moves 2(n−1)/n of it
(S. Jeaugey, NVIDIA/nccl#946: "on 2 nodes ... 2x less traffic on the network ... the Tree
performance can go up to ~2x the network speed"; NVIDIA/nccl#812: "Ring: (S/N) x 2(N−1),
Tree: S"). Timed as it runs, the two-node tree's algbw is therefore the bus bandwidth of its
channels times an efficiency τ, capped by NCCL's per-channel tree limit (``perChMaxTreeBw``,
the SM throughput of a tree channel: with 8 NICs a tree "will struggle to get better
performance than ring", S. Jeaugey, NVIDIA/nccl-tests#196). RCCL @0023b9b0's tree factor
(×0.27, at most 70 GB/s) is its 2020 table for PCIe-era GPUs; later RCCL releases replaced
it by per-platform measured ratios (``bwRatio``, 0.91 – 1.75 for two-node Tree/Simple in
ROCm/rccl@9e22c79d), so it is not applied to the tree as it runs. This is what a user
measures when forcing ``NCCL_ALGO=tree``; the tuner's own pick (``tree_efficiency=None``) is
unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..model.collective import Collective
from .constants import LIBRARIES

PROTOCOLS = ("LL", "LL128", "Simple")
ALGORITHMS = ("ring", "tree")


@dataclass(frozen=True)
class LibraryTables:
    """One library release's tuning constants (µs), per protocol in the order LL, LL128,
    Simple.

    :ivar name: ``"nccl"`` or ``"rccl"``
    :ivar release: the release the numbers were read from
    :ivar source: repository, commit and file
    :ivar base: algorithm -> ``baseLat``, the fixed latency of one call
    :ivar hop: hardware class (``"nvlink"``, ``"pci"``, ``"net"``) -> algorithm -> ``hwLat``,
        the latency of one step over that class
    :ivar protocols: the protocols the library enables by default
    """

    name: str
    release: str
    source: str
    base: Mapping[str, tuple[float, float, float]]
    hop: Mapping[str, Mapping[str, tuple[float, float, float]]]
    protocols: tuple[str, ...]


def _tables(name: str) -> LibraryTables:
    data = LIBRARIES[name]
    return LibraryTables(name=name, release=data["release"], source=data["source"],
                         base=data["base"], hop=data["hop"], protocols=data["protocols"])


# The tables live in calibration.json beside this module, each with its source
# (:mod:`.constants`).
NCCL = _tables("nccl")
RCCL = _tables("rccl")
TABLES = {"nccl": NCCL, "rccl": RCCL}

# NCCL 2.20.3, indexed [architecture][nodes index: 1 node, 2 nodes, more]
_NCCL = LIBRARIES["nccl"]
_ARCH = tuple(_NCCL["ll_max_bw"])                 # volta, ampere, hopper
_LL_MAX_BW = _NCCL["ll_max_bw"]
_LL_MAX_BW_INTEL = _NCCL["ll_max_bw_intel"]       # multi-node on Intel hosts: row 0
_RING_LL128_PER_CH = _NCCL["ring_ll128_per_channel"]
_TREE_LL128_PER_CH = _NCCL["tree_ll128_per_channel"]
_TREE_PER_CH = _NCCL["tree_per_channel"]
# treeCorrectionFactor (and RCCL's ringCorrectionFactor), powers of two from 64 B
_NCCL_TREE_CORRECTION = _NCCL["tree_correction"]
_RCCL_TREE_CORRECTION = LIBRARIES["rccl"]["tree_correction"]
_RCCL_RING_CORRECTION = LIBRARIES["rccl"]["ring_correction"]


@dataclass(frozen=True)
class LibraryShape:
    """What a library's tuner reads off the system.

    :ivar ranks: the compute nodes (GPUs)
    :ivar nodes: the machines (the topology's boxes)
    :ivar channels: the ring channels
    :ivar channel_bw: GB/s of one channel (the tuner's ``bwIntra``)
    :ivar intra: the hardware class inside a node, ``"nvlink"`` or ``"pci"`` (NCCL calls
        every non-NVLink path PCI; RCCL reports xGMI as NVLink)
    :ivar tree_channels: the tree's channels where they are not the ring's (RCCL reads its
        rings off a table on a full MI250 box but searches its trees); None: the ring's
    :ivar tree_channel_bw: GB/s of one of those channels; None: the ring's
    """

    ranks: int
    nodes: int
    channels: int
    channel_bw: float
    intra: str
    tree_channels: int | None = None
    tree_channel_bw: float | None = None


@dataclass(frozen=True)
class LibraryChoice:
    """The library's pick at one size: the algorithm, the protocol and its time.

    :ivar algorithm: ``"ring"`` or ``"tree"``
    :ivar protocol: ``"LL"``, ``"LL128"`` or ``"Simple"``
    :ivar seconds: the modelled time
    """

    algorithm: str
    protocol: str
    seconds: float


def _log2i(n: int) -> int:
    return max(n, 1).bit_length() - 1


def _steps(collective: Collective, ranks: int) -> int:
    if collective is Collective.ALLREDUCE:
        return 2 * (ranks - 1)
    if collective.sharded:
        return ranks - 1
    return ranks


def library_times(shape: LibraryShape, collective: "Collective | str", size: int, *,
                  library: str = "nccl",
                  ring_latency: float = 1.0, net_overhead: float = 2.0,
                  arch: str = "ampere", amd_host: bool = True,
                  tree_efficiency: float | None = None) -> dict[tuple[str, str], float]:
    """Every (algorithm, protocol) the library would consider for one call of ``size``
    bytes (the whole buffer: the allgather output, the reduce-scatter input), with its
    time in seconds by the library's own model (module docstring).

    :param shape: ranks, nodes, channels and per-channel bandwidth
    :param collective: a :class:`~forestcoll_opt.model.collective.Collective` value
    :param size: bytes
    :param library: ``"nccl"`` or ``"rccl"``
    :param ring_latency: factor on every ring latency (measured over modelled; the
        calibrated model's fitted value); it replaces NCCL's ×1.4 ring-allreduce plateau
        factor where that applies (the larger of the two is used)
    :param net_overhead: NCCL's network post overhead in µs (``NCCL_NET_OVERHEAD``)
    :param arch: NCCL's architecture rows: ``"volta"``, ``"ampere"`` or ``"hopper"``
    :param amd_host: NCCL's multi-node LL cap row: AMD (True) or Intel (False) hosts
    :param tree_efficiency: None for the tree as the tuner rates it; τ in (0, 1] for the
        tree as it runs on two nodes (module docstring): bus bandwidth × τ as algbw (NCCL:
        at most its per-channel tree limit), then the protocol's tree factors; the tree's
        latency stays the tuner's and is not multiplied by ``ring_latency``
    :returns: (algorithm, protocol) -> seconds, for those the library enables
    """
    n, nodes, nc = shape.ranks, shape.nodes, shape.channels
    tables = TABLES[library]
    collective = Collective(collective)
    nsteps = _steps(collective, n)
    if collective is Collective.ALLREDUCE:
        inter = (2 * nodes if nodes > 1 else 0) if library == "nccl" else 2 * (nodes - 1)
    elif collective.sharded:
        inter = nodes - 1
    else:
        inter = nodes
    index = 0 if nodes == 1 else 1 if nodes == 2 else 2
    ppn = n / nodes
    log_size = _log2i(size >> 6)
    hw = "net" if nodes > 1 else shape.intra
    out: dict[tuple[str, str], float] = {}
    for algo in ALGORITHMS:
        if algo == "tree" and collective is not Collective.ALLREDUCE:
            continue
        for p, proto in enumerate(PROTOCOLS):
            if proto not in tables.protocols:
                continue
            if library == "nccl" and proto == "LL128" and shape.intra != "nvlink":
                continue                      # LL128 needs NVLink inside the node
            ch, bus = nc, nc * shape.channel_bw
            if algo == "tree" and shape.tree_channel_bw is not None:
                ch = shape.tree_channels or nc
                bus = ch * shape.tree_channel_bw
            running = algo == "tree" and tree_efficiency is not None and nodes == 2
            if running:
                # halved traffic: algbw = bus x tau, written as a bus bandwidth (ratio .5)
                bus = 2 * bus * tree_efficiency
                if library == "nccl":
                    bus = min(bus, ch * _TREE_PER_CH[arch][index])
            if library == "nccl":
                ll_max = (_LL_MAX_BW[arch][index] if nodes == 1 or amd_host
                          else _LL_MAX_BW_INTEL[index])
                if algo == "ring" and proto == "LL":
                    quarter = nodes > 1 or collective in (Collective.ALLREDUCE,
                                                          Collective.REDUCE)
                    bus = min(ll_max, bus * (1 / 4 if quarter else 1 / 3))
                if algo == "ring" and proto == "LL128":
                    bus = min(bus * (0.7 if ppn < 2 else 0.92),
                              ch * _RING_LL128_PER_CH[arch][index])
                if algo == "tree":
                    if not running:
                        bus = min(bus * 0.92, ch * _TREE_PER_CH[arch][index])
                    if proto == "LL":
                        bus = min(bus / 3.8, ll_max)
                    if proto == "LL128":
                        bus = min(bus * (7 / 9 if nodes == 1 else 120 / 128),
                                  ch * _TREE_LL128_PER_CH[arch][index])
            else:
                if algo == "ring" and proto == "LL":
                    bus /= 5
                if algo == "tree":
                    if not running:
                        bus = min(bus * 0.27, 70.0 if nodes > 1 else 90.0)
                    if proto == "LL":
                        bus /= 2.3
            algbw = bus * (n / nsteps if algo == "ring" else 0.5)
            lat = tables.base[algo][p]
            intra_lat = tables.hop[shape.intra][algo][p]
            inter_lat = tables.hop["net"][algo][p]
            if library == "rccl" and nodes > 1 and proto == "LL":
                intra_lat *= 1.8
            factor = 1.0
            if algo == "ring":
                if collective.rooted:
                    step = tables.hop[hw]["tree" if proto == "Simple" else "ring"][p]
                    lat += nsteps * step
                else:
                    if library == "nccl" and nodes > 1:
                        intra_lat = max(intra_lat, net_overhead * (3 if proto == "Simple" else 1))
                    lat += (nsteps - inter) * intra_lat + inter * inter_lat
                factor = ring_latency
                if (library == "nccl" and proto == "Simple" and nodes > 1
                        and collective is Collective.ALLREDUCE and size / (ch * n) >= 64):
                    factor = max(factor, 1.9 if arch == "volta" else 1.4)
            else:
                lat += 2 * ((n // nodes - 1) * intra_lat + _log2i(nodes) * inter_lat)
            if library == "nccl":
                if algo == "tree" and log_size < 23:
                    algbw *= _NCCL_TREE_CORRECTION[p][log_size]
            elif log_size < 22:
                algbw *= (_RCCL_TREE_CORRECTION if algo == "tree"
                          else _RCCL_RING_CORRECTION)[p][log_size]
            if algbw <= 0:
                continue
            out[(algo, proto)] = (lat * factor + size / (1000 * algbw)) * 1e-6
    return out


def library_choice(shape: LibraryShape, collective: str, size: int, **options) -> LibraryChoice:
    """The library's pick for one call: the fastest of :func:`library_times` (ring before
    tree, then LL, LL128, Simple among equal times).

    :param shape: ranks, nodes, channels and per-channel bandwidth
    :param collective: the collective's value
    :param size: bytes
    :param options: :func:`library_times`'s keywords
    :returns: the algorithm, protocol and time
    """
    times = library_times(shape, collective, size, **options)
    (algo, proto), seconds = min(times.items(), key=lambda kv: kv[1])
    return LibraryChoice(algorithm=algo, protocol=proto, seconds=seconds)


def asymptotic_algbw(shape: LibraryShape, collective: str, **options) -> float:
    """The library model's algbw (GB/s) for a very large call: its best algorithm's
    bandwidth, latency neglected (an illustrative figure for listings).

    :param shape: ranks, nodes, channels and per-channel bandwidth
    :param collective: the collective's value
    :param options: :func:`library_times`'s keywords
    :returns: GB/s
    """
    size = 2**50
    return size / library_choice(shape, collective, size, **options).seconds / 1e9


def check_arch(arch: str) -> bool:
    """Whether ``arch`` names a row of NCCL's per-architecture tables.

    :param arch: ``"volta"``, ``"ampere"`` or ``"hopper"``
    :returns: True when it does
    """
    return arch in _ARCH


def steps(collective: str, ranks: int) -> int:
    """NCCL's ``nsteps`` of a ring: 2(n−1) for allreduce, n−1 for allgather and
    reduce-scatter, n for broadcast and reduce (the bus/algorithm bandwidth ratio is
    nsteps / n).

    :param collective: the collective's value
    :param ranks: n
    :returns: nsteps
    """
    return _steps(Collective(collective), ranks)

