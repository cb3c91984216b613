"""The links of an imported box: their bandwidths (NVLink per GPU generation, PCIe per lane
and rate, inter-socket per CPU, exact in GB/s, as the vendors' nominal rates or NCCL's own
figures) and their technologies, the ``type`` and ``alpha`` the time model reads, with the
rules that merge them when links are joined in series or in parallel.
"""

from __future__ import annotations

import logging
import re
from fractions import Fraction

from ...model.topology import LINK_TYPES
from ..xmlread import XmlElement
from .elements import Gpu, describe, int_attr
from .reader import NcclImportError

log = logging.getLogger(__name__)


BANDWIDTHS = ("nominal", "nccl")


# --- bandwidth tables (GB/s, exact) --------------------------------------------------------
# Per NVLink and direction, by the GPU's compute capability ``sm`` (docs/nccl.md):
# "nominal" is the signalling rate NVIDIA quotes for each NVLink generation (the figures the
# catalog uses: 12 x 25 = 300 GB/s for an A100, 18 x 25 = 450 GB/s for an H100), "nccl" are
# NCCL's effective figures SM60/SM70/SM80/SM86/SM90/SM100_NVLINK_BW (src/graph/topo.h),
# selected by the same ranges as ncclTopoNVLinkBw().
_NVLINK = {
    "nominal": ((60, 70, Fraction(20)), (70, 80, Fraction(25)), (86, 87, Fraction(225, 16)),
                (80, 90, Fraction(25)), (90, 100, Fraction(25)), (100, 110, Fraction(50))),
    "nccl": ((60, 70, Fraction(18)), (70, 80, Fraction(20)), (86, 87, Fraction(12)),
             (80, 90, Fraction(20)), (90, 100, Fraction("20.6")), (100, 110, Fraction("40.1"))),
}
# Per PCIe lane and direction, by link rate in GT/s. "nominal": the line rate after the
# physical-layer encoding (8b/10b up to 5 GT/s, 128b/130b from 8 to 32 GT/s, none for the
# 64 GT/s FLIT mode). "nccl": kvDictPciGen (src/graph/topo.cc) gives 15, 30, 60, 120, 240,
# 480 x 100 Mb/s per lane and ncclTopoAddPci() divides width x that by 80.
_PCIE_LANE = {
    "nominal": {Fraction(5, 2): Fraction(1, 4), Fraction(5): Fraction(1, 2),
                Fraction(8): Fraction(64, 65), Fraction(16): Fraction(128, 65),
                Fraction(32): Fraction(256, 65), Fraction(64): Fraction(8)},
    "nccl": {Fraction(5, 2): Fraction(15, 80), Fraction(5): Fraction(30, 80),
             Fraction(8): Fraction(60, 80), Fraction(16): Fraction(120, 80),
             Fraction(32): Fraction(240, 80), Fraction(64): Fraction(480, 80)},
}
_PCIE_FALLBACK_RATE = Fraction(8)     # kvDictPciGen's default entry: 60 x 100 Mb/s = 8 GT/s
_PCIE_DEFAULT_WIDTH = 16              # ncclTopoAddPci: "if (width == 0) width = 16"
# Inter-socket bandwidth (ncclTopoGetInterCpuBw, src/graph/topo.cc; constants in topo.h).
# There is no separate "nominal" figure: both modes use NCCL's.
_LOC_BW = Fraction(5000)
_CPU_BW = {
    "power": Fraction(32), "arm": Fraction(6),                                   # P9_BW, ARM_BW
    "intel-erp": Fraction(40), "intel-srp": Fraction(22), "intel-skl": Fraction(10),
    "intel-bdw": Fraction(6),                                                    # *_QPI_BW
    "amd-zen5": Fraction(32), "amd-zen34": Fraction(24), "amd-zen12": Fraction(16),
    "zhaoxin-yongfeng": Fraction(9), "zhaoxin": Fraction(6),                     # *ZPI_BW
}


# --- link technologies (docs/nccl.md "Link types") -------------------------------------------
# The ``type`` of every imported link (forestcoll_opt.model.topology.LINK_TYPES), which only the
# time model reads: NVLink to an NVSwitch, a peer GPU or an IBM NPU, and Grace's NVLink-C2C,
# are "nvlink"; PCIe links, and the inter-socket links between CPUs (NCCL's tuning model
# charges every intra-node path that is not NVLink the PCI latency, NCCL_HW_PCI), "pcie";
# NIC-fabric links and the fabric's own switch-switch links "infiniband", or "ethernet" for a
# NIC whose PCI device has the Ethernet controller class. The parser reads no AMD xGMI links
# (RCCL's files are refused), so "xgmi" never occurs.
NVLINK_TYPE = "nvlink"
C2C_TYPE = "nvlink"
PCIE_TYPE = "pcie"
CPU_TYPE = "pcie"
IB_TYPE = "infiniband"
ETHERNET_TYPE = "ethernet"

# A link's time-model attributes: (type, alpha), alpha None for the type's default α.
LinkAttrs = tuple[str, "float | None"]


def _alpha_of(attrs: LinkAttrs) -> float:
    """The α per hop (seconds) the time model gives a link of these attributes."""
    kind, alpha = attrs
    return LINK_TYPES[kind] if alpha is None else alpha


def in_series(x: LinkAttrs, y: LinkAttrs) -> LinkAttrs:
    """The attributes of one link that replaces the path of links ``x`` then ``y``: it
    crosses both hops, so its alpha is the sum of theirs; its type is the one with the
    larger default α (ties, which only ``infiniband``/``ethernet`` have, by name). The
    box's leg (PCIe, or a Grace GPU's C2C) next to a network hop adds nothing: NCCL's
    network latency, the source of the ``infiniband``/``ethernet`` default, is measured
    GPU to GPU with those legs included, as the catalog's GPU-NIC links count it.

    :param x: the first link's (type, alpha)
    :param y: the second link's (type, alpha)
    """
    network = (IB_TYPE, ETHERNET_TYPE)
    for net, leg in ((x, y), (y, x)):
        if net[0] in network and leg[0] not in network:
            return net
    kind = max((LINK_TYPES[x[0]], x[0]), (LINK_TYPES[y[0]], y[0]))[1]
    return kind, float(_alpha_of(x) + _alpha_of(y))


def in_parallel(x: LinkAttrs, y: LinkAttrs) -> LinkAttrs:
    """The attributes of one pair that carries links ``x`` and ``y`` together: the one with
    the larger α (whichever order they come in).

    :param x: one link's (type, alpha)
    :param y: the other link's (type, alpha)
    """
    def rank(a: LinkAttrs) -> tuple:
        return _alpha_of(a), a[0], a[1] is not None, a[1] or 0.0
    return max(x, y, key=rank)


# --- bandwidths -----------------------------------------------------------------------------

def nvlink_bw(g: Gpu, mode: str, label: str) -> Fraction:
    """The bandwidth of one NVLink of GPU ``g`` (GB/s per direction) by its ``sm``.

    :param g: the GPU
    :param mode: ``nominal`` or ``nccl``
    :param label: the name messages use for the file
    :raises NcclImportError: for an ``sm`` of no known NVLink generation
    """
    for low, high, bw in _NVLINK[mode]:
        if low <= g.sm < high:
            return bw
    raise NcclImportError(
        f"{label}: {describe(g.elem)} has NVLinks but sm={g.sm}, for which no per-link NVLink "
        f"bandwidth is known (sm 60 to 109 are: Pascal to Blackwell); correct the sm attribute")


_RATE = re.compile(r"\s*([0-9]{1,3}(?:\.[0-9]{1,3})?)\s*GT/s", re.IGNORECASE)


def pci_bw(elem: XmlElement, mode: str, label: str) -> Fraction:
    """The bandwidth of the PCIe link between ``elem`` and its parent, from its
    ``link_width`` and ``link_speed`` (ncclTopoAddPci: an empty width is x16 and an unknown
    speed 8 GT/s).

    :param elem: a ``<pci>`` element
    :param mode: ``nominal`` or ``nccl``
    :param label: the name messages use for the file
    :returns: GB/s per direction
    """
    width_raw, speed_raw = elem.attrib.get("link_width"), elem.attrib.get("link_speed")
    if width_raw is None or speed_raw is None:
        missing = "link_width" if width_raw is None else "link_speed"
        raise NcclImportError(f"{label}: {describe(elem)} has no {missing} attribute, which NCCL "
                              f"needs for the PCIe bandwidth (an empty value means unknown)")
    width = int_attr(elem, "link_width", label, default=0) or _PCIE_DEFAULT_WIDTH
    if not 1 <= width <= 64:
        raise NcclImportError(f"{label}: {describe(elem)}: link_width={width} is out of range")
    match = _RATE.match(speed_raw)
    rate = Fraction(match.group(1)) if match else None
    if rate not in _PCIE_LANE[mode]:
        log.info("%s: %s: link_speed %r is not a PCIe rate; assuming 8 GT/s as NCCL does",
                 label, describe(elem), speed_raw[:40])
        rate = _PCIE_FALLBACK_RATE
    return width * _PCIE_LANE[mode][rate]


def cpu_bw(cpu: XmlElement, label: str) -> Fraction:
    """Inter-socket bandwidth from a CPU's arch/vendor/familyid/modelid, selected as
    ncclTopoAddCpu() and ncclTopoGetInterCpuBw() do.

    :param cpu: a ``<cpu>`` element
    :param label: the name messages use for the file
    :returns: GB/s per direction
    """
    arch = (cpu.attrib.get("arch") or "").strip()
    vendor = cpu.attrib.get("vendor") or ""
    if arch == "ppc64":
        return _CPU_BW["power"]
    if arch == "arm64":
        return _CPU_BW["arm"]
    if arch != "x86_64":
        return _LOC_BW
    family = int_attr(cpu, "familyid", label, required=False)
    model = int_attr(cpu, "modelid", label, required=False)
    if vendor.startswith("GenuineIntel"):
        if family == 6 and model is not None and (model >= 0xCF or model in (0xAD, 0xAE, 0xAF)):
            return _CPU_BW["intel-erp"]
        if family == 6 and model is not None and model >= 0x8F:
            return _CPU_BW["intel-srp"]
        if family == 6 and model is not None and model >= 0x55:
            return _CPU_BW["intel-skl"]
        return _CPU_BW["intel-bdw"]
    if vendor.startswith("AuthenticAMD"):
        if family in (0xBF, 26):
            return _CPU_BW["amd-zen5"]
        if family in (0xAF, 25):
            return _CPU_BW["amd-zen34"]
        return _CPU_BW["amd-zen12"]
    if vendor.startswith("CentaurHauls") or vendor.startswith("  Shanghai  "):
        return _CPU_BW["zhaoxin-yongfeng" if (family, model) == (7, 0x5B) else "zhaoxin"]
    return _LOC_BW
