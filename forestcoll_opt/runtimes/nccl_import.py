"""Import an NCCL topology XML file as a ``forestcoll-topology/1`` network.

NCCL writes the topology it detects on a machine to the file named by
``NCCL_TOPO_DUMP_FILE`` and reads one from ``NCCL_TOPO_FILE``. Such a file describes one
machine (a *box*): ``system > cpu > pci > ... > gpu > nvlink / c2c`` and
``pci > nic > net``. :func:`import_nccl` turns it into ``boxes`` copies of that box joined
by a network fabric (:func:`parse_fabric`).

The model, in short (``docs/nccl.md`` has the full mapping and the NCCL sources of every
figure):

* every ``gpu`` is a compute node ``box{b}/gpu{dev}``;
* NVLinks to NVSwitches (``tclass 0x068000``) add up into one link to one switch per box,
  ``box{b}/nvswitch``, of ``count`` x the per-link bandwidth of the GPU's generation
  (``sm``); NVLinks to a peer GPU become a GPU-GPU link;
* when NVLink joins all GPUs of the box, the PCIe tree only carries GPU-NIC traffic: each
  NIC serves the GPUs closest to it in the PCI tree (one NIC per GPU, one NIC shared by
  two GPUs, ...), limited by the slowest PCIe link on the way; otherwise (a PCIe-only box,
  or GPUs in NVLink islands) the PCIe tree itself - PCI switches and CPUs as switch nodes,
  CPUs joined by their inter-socket links - is part of the topology;
* every ``net`` port of a NIC is a link of ``speed`` Mb/s (/ 8000 for GB/s) to the fabric;
  NICs on a CPU without GPUs (storage NICs) are left out, and ``nics=`` selects ports in
  the syntax of ``NCCL_IB_HCA``;
* every link carries its technology, the ``type`` the time model reads (NVLink and C2C
  ``nvlink``, PCIe and inter-socket ``pcie``, NIC-fabric ``infiniband``, or ``ethernet``
  for a NIC whose PCI class says Ethernet); a switch contracted away leaves a link that
  crosses two hops, with ``alpha`` the sum of theirs.

Bandwidths are the vendors' nominal per-link rates by default (the catalog's figures), or
NCCL's own effective figures with ``bandwidths="nccl"``.

Everything is parsed with a hardened XML parser (no DTD, no entities, bounded size, depth
and element count): these files come from other machines.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Union

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser, ParseError

from ..errors import TopologyError, UsageError
from ..files import display_path, gunzip, read_bytes
from ..model.topology import LINK_TYPES, Topology, format_fraction, from_dict

log = logging.getLogger(__name__)

__all__ = ["Fabric", "GpuModel", "NcclImportError", "import_nccl", "parse_fabric", "BANDWIDTHS",
           "PCIE_MODES", "FABRIC_HELP", "GPU_MODELS", "GPU_HELP", "NIC_SPEED_HELP", "MAX_BYTES",
           "MAX_ELEMENTS", "MAX_DEPTH"]


class NcclImportError(TopologyError):
    """An NCCL topology file cannot be read or lacks what the import needs (one line that
    says what is missing and what to do)."""


# --- limits of the hardened reader ---------------------------------------------------------
# A real dump is a few tens of kB with a few hundred elements (NCCL's own reader holds at
# most NCCL_TOPO_XML_MAX_NODES = 256 elements per host, src/graph/topo.h) nested about ten
# deep, with values of at most MAX_STR_LEN = 255 characters (src/graph/xml.h).
MAX_BYTES = 16 * 2**20
MAX_ELEMENTS = 100_000
MAX_DEPTH = 64
MAX_VALUE_LENGTH = 255
MAX_BOXES = 1024

BANDWIDTHS = ("nominal", "nccl")
PCIE_MODES = ("auto", "always")

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

# PCI classes (src/graph/xml.h: PCI_NVSWITCH_CLASS, PCI_GPU_CLASS, PCI_IBMNPU_CLASS).
_NVSWITCH_CLASS = "0x068000"
_NPU_CLASS = "0x068001"
_GPU_CLASS_PREFIX = "0x03"
_NIC_CLASS_PREFIX = "0x02"
_ETHERNET_CLASS_PREFIX = "0x0200"      # "Ethernet controller" (InfiniBand is 0x0207)

# --- GPU models for NCCL_TOPO_FILE skeletons (docs/nccl.md "Cloud skeletons") ---------------------


@dataclass(frozen=True)
class GpuModel:
    """A GPU generation on its HGX baseboard, as NCCL learns it from the running machine
    (ncclTopoGetXmlFromGpu, src/graph/xml.cc): the compute capability ``sm`` (which selects
    the per-link NVLink bandwidth, as for a dump) and the number of NVLinks per GPU, every
    one of them leading to the baseboard's NVSwitches."""

    name: str
    sm: int
    nvlinks: int
    board: str


GPU_MODELS: dict[str, GpuModel] = {m.name: m for m in (
    GpuModel("a100", 80, 12, "A100 SXM4 on HGX A100, NVLink 3"),
    GpuModel("h100", 90, 18, "H100 SXM5 on HGX H100, NVLink 4"),
    GpuModel("h200", 90, 18, "H200 SXM on HGX H200, NVLink 4"),
    GpuModel("b200", 100, 18, "B200 on HGX B200, NVLink 5"),
)}
# GPUs a skeleton cannot describe, and why (one line each).
_CUBE_MESH = ("joins its GPUs by a hybrid cube mesh of GPU-to-GPU NVLinks (1 or 2 per pair) "
              "whose pairs NVML reports per machine and a skeleton does not say; import an "
              "NCCL_TOPO_DUMP_FILE dump of the machine instead")
_AMD = ("is an AMD GPU joined by xGMI, which RCCL's version 2 topology files describe and this "
        "import does not read")
_UNMODELLED_GPUS = {"v100": f"a V100 box (Azure NDv2, DGX-1) {_CUBE_MESH}",
                    "p100": f"a P100 box (DGX-1) {_CUBE_MESH}",
                    "mi250": f"the MI250 {_AMD}", "mi250x": f"the MI250X {_AMD}",
                    "mi300x": f"the MI300X {_AMD}"}
GPU_HELP = ", ".join(GPU_MODELS)
NIC_SPEED_HELP = "the NICs' port speed in Gb/s (100 EDR, 200 HDR, 400 NDR InfiniBand)"
# The bus id NCCL gives an NVLink whose far end is not visible (an NVSwitch inside a VM), and
# the class it then assumes for it (ncclTopoGetXmlFromGpu, "Assume NVSwitch").
_HIDDEN_NVLINK_TARGET = "fffffff:ffff:ff"

# --- link technologies (docs/nccl.md "Link types") -------------------------------------------
# The ``type`` of every imported link (forestcoll_opt.model.topology.LINK_TYPES), which only the
# time model reads: NVLink to an NVSwitch, a peer GPU or an IBM NPU, and Grace's NVLink-C2C,
# are "nvlink"; PCIe links, and the inter-socket links between CPUs (NCCL's tuning model
# charges every intra-node path that is not NVLink the PCI latency, NCCL_HW_PCI), "pcie";
# NIC-fabric links and the fabric's own switch-switch links "infiniband", or "ethernet" for a
# NIC whose PCI device has the Ethernet controller class. The parser reads no AMD xGMI links
# (RCCL's files are refused), so "xgmi" never occurs.
_NVLINK_TYPE = "nvlink"
_C2C_TYPE = "nvlink"
_PCIE_TYPE = "pcie"
_CPU_TYPE = "pcie"
_IB_TYPE = "infiniband"
_ETHERNET_TYPE = "ethernet"

# A link's time-model attributes: (type, alpha), alpha None for the type's default α.
_Attrs = tuple[str, "float | None"]


def _alpha_of(attrs: _Attrs) -> float:
    """The α per hop (seconds) the time model gives a link of these attributes."""
    kind, alpha = attrs
    return LINK_TYPES[kind] if alpha is None else alpha


def _in_series(x: _Attrs, y: _Attrs) -> _Attrs:
    """The attributes of one link that replaces the path of links ``x`` then ``y``: it
    crosses both hops, so its alpha is the sum of theirs; its type is the one with the
    larger default α (ties, which only ``infiniband``/``ethernet`` have, by name). The
    box's leg (PCIe, or a Grace GPU's C2C) next to a network hop adds nothing: NCCL's
    network latency, the source of the ``infiniband``/``ethernet`` default, is measured
    GPU to GPU with those legs included, as the catalog's GPU-NIC links count it."""
    network = (_IB_TYPE, _ETHERNET_TYPE)
    for net, leg in ((x, y), (y, x)):
        if net[0] in network and leg[0] not in network:
            return net
    kind = max((LINK_TYPES[x[0]], x[0]), (LINK_TYPES[y[0]], y[0]))[1]
    return kind, float(_alpha_of(x) + _alpha_of(y))


def _in_parallel(x: _Attrs, y: _Attrs) -> _Attrs:
    """The attributes of one pair that carries links ``x`` and ``y`` together: the one with
    the larger α (whichever order they come in)."""
    def rank(a: _Attrs) -> tuple:
        return _alpha_of(a), a[0], a[1] is not None, a[1] or 0.0
    return max(x, y, key=rank)


def _net_type(nic: "_Nic") -> str:
    """``ethernet`` for a NIC whose PCI device is an Ethernet controller (class 0x0200..: a
    RoCE or TCP port; a ConnectX in InfiniBand mode is 0x0207..), else ``infiniband``."""
    cls = (nic.holder.attrs.get("class") or "").strip().lower() if nic.holder.tag == "pci" else ""
    return _ETHERNET_TYPE if cls.startswith(_ETHERNET_CLASS_PREFIX) else _IB_TYPE


FABRIC_HELP = ("single-switch (every NIC on one non-blocking switch), rail (NIC i of every "
               "box on rail switch i), planes:n=N (NIC i on plane i mod N), "
               "fat-tree:oversub=R[,leaf=L] (L boxes per leaf switch, default 1, whose "
               "uplink to a non-blocking spine carries their NIC bandwidth / R)")


# --- the fabric -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Fabric:
    """How the boxes' NICs are wired: ``kind`` is ``single-switch``, ``rail``, ``planes``
    (``planes`` switches, NIC i on plane i mod ``planes``) or ``fat-tree`` (``leaf`` boxes
    per leaf switch, leaf uplinks of their NIC bandwidth / ``oversub`` to one spine)."""

    kind: str
    planes: int | None = None
    oversub: Fraction | None = None
    leaf: int | None = None

    def __str__(self) -> str:
        if self.kind == "planes":
            return f"planes:n={self.planes}"
        if self.kind == "fat-tree":
            text = f"fat-tree:oversub={format_fraction(self.oversub)}"
            return text + (f",leaf={self.leaf}" if self.leaf != 1 else "")
        return self.kind


def parse_fabric(text: "str | Fabric") -> Fabric:
    """A :class:`Fabric` from ``single-switch``, ``rail``, ``planes:n=N`` or
    ``fat-tree:oversub=R[,leaf=L]`` (R a positive rational such as ``2``, ``1.5`` or
    ``3/2``; L a whole number of boxes per leaf switch, default 1)."""
    if isinstance(text, Fabric):
        return text
    if not isinstance(text, str):
        raise UsageError(f"fabric must be a string such as 'rail', got {type(text).__name__}")
    spec = text.strip()
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"fabric {spec[:60]!r}: {item[:30]!r} is not key=value")
        if key in params:
            raise UsageError(f"fabric {spec[:60]!r}: {key} is given twice; give it once")
        params[key] = value.strip()
    allowed = {"single-switch": set(), "rail": set(), "planes": {"n"},
               "fat-tree": {"oversub", "leaf"}}
    if kind not in allowed:
        raise UsageError(f"unknown fabric {spec[:60]!r}; use {FABRIC_HELP}")
    extra = sorted(set(params) - allowed[kind])
    if extra:
        accepted = ", ".join(sorted(allowed[kind])) or "none"
        raise UsageError(f"fabric {kind}: unknown parameter {extra[0][:30]!r}; parameters: "
                         f"{accepted}")
    if kind == "planes":
        if "n" not in params:
            raise UsageError("fabric planes needs the number of planes, e.g. planes:n=2")
        return Fabric("planes", planes=_whole(params["n"], "planes:n", 1, 4096))
    if kind == "fat-tree":
        if "oversub" not in params:
            raise UsageError("fabric fat-tree needs the oversubscription ratio, e.g. "
                             "fat-tree:oversub=2 (1 is non-blocking)")
        raw = params["oversub"]
        number = r"[0-9]{1,9}(?:\.[0-9]{1,9})?|[0-9]{1,9}/[0-9]{1,9}"
        try:
            ratio = Fraction(raw) if re.fullmatch(number, raw) else None
        except ZeroDivisionError:
            ratio = None
        if ratio is None or ratio <= 0:
            raise UsageError(f"fat-tree:oversub={raw[:30]!r} must be a positive number such as "
                             f"2, 1.5 or 3/2 (the leaf's downlink over uplink bandwidth)")
        leaf = _whole(params["leaf"], "fat-tree leaf", 1, MAX_BOXES) if "leaf" in params else 1
        return Fabric("fat-tree", oversub=ratio, leaf=leaf)
    return Fabric(kind)


def _whole(raw: str, what: str, low: int, high: int) -> int:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9 or not low <= int(raw) <= high:
        raise UsageError(f"{what}={raw[:30]!r} must be a whole number from {low} to {high}")
    return int(raw)


def _nic_selector(spec: str | None) -> "Callable[[str, int], bool] | None":
    """A NIC port filter in the syntax of NCCL_IB_HCA (NCCL's environment variables page):
    comma-separated name prefixes, each optionally ``:port``; a leading ``=`` matches whole
    names, a leading ``^`` (before ``=``) excludes the ports that match."""
    if spec is None:
        return None
    if not isinstance(spec, str):
        raise UsageError(f"nics must be a string such as 'mlx5_0,mlx5_1', got "
                         f"{type(spec).__name__}")
    text = spec.strip()
    exclude = text.startswith("^")
    text = text[1:] if exclude else text
    exact = text.startswith("=")
    text = text[1:] if exact else text
    items: list[tuple[str, int | None]] = []
    for part in filter(None, (t.strip() for t in text.split(","))):
        name, sep, port = part.partition(":")
        if not name or (sep and not (port.isascii() and port.isdigit() and len(port) <= 6)):
            raise UsageError(f"nics {spec[:60]!r}: {part[:30]!r} is not NAME or NAME:PORT")
        items.append((name, int(port) if sep else None))
    if not items:
        raise UsageError(f"nics {spec[:60]!r} names no NIC; give names like mlx5_0,mlx5_1 or "
                         f"^mlx5_4 to leave NICs out")

    def select(name: str, port: int) -> bool:
        hit = any((name == n if exact else name.startswith(n)) and (p is None or p == port)
                  for n, p in items)
        return hit != exclude

    return select


# --- hardened XML reading -------------------------------------------------------------------

@dataclass(eq=False)
class _Elem:
    tag: str
    attrs: dict[str, str]
    parent: "_Elem | None"
    line: int
    children: list["_Elem"] = field(default_factory=list)

    def iter(self) -> Iterator["_Elem"]:
        stack = [self]
        while stack:
            elem = stack.pop()
            yield elem
            stack.extend(reversed(elem.children))

    def ancestors(self) -> Iterator["_Elem"]:
        elem = self.parent
        while elem is not None:
            yield elem
            elem = elem.parent


class _Refused(Exception):
    pass


class _Builder:
    """Parser target that builds a light tree and enforces the element and depth limits
    while the parser runs (a hostile file never becomes a full tree)."""

    def __init__(self) -> None:
        self.root: _Elem | None = None
        self.stack: list[_Elem] = []
        self.count = 0
        self.expat: Any = None

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.count += 1
        line = getattr(self.expat, "CurrentLineNumber", 0)
        if self.count > MAX_ELEMENTS:
            raise _Refused(f"more than {MAX_ELEMENTS} elements (line {line}); an NCCL topology "
                           f"has a few hundred")
        if len(self.stack) >= MAX_DEPTH:
            raise _Refused(f"elements nested more than {MAX_DEPTH} deep (line {line}); an NCCL "
                           f"topology nests about ten deep")
        for key, value in attrib.items():
            if len(value) > MAX_VALUE_LENGTH:
                raise _Refused(f"attribute {_short(key)} on line {line} is {len(value)} characters "
                               f"long; NCCL accepts at most {MAX_VALUE_LENGTH}")
        parent = self.stack[-1] if self.stack else None
        elem = _Elem(tag, dict(attrib), parent, line)
        if parent is None:
            self.root = elem
        else:
            parent.children.append(elem)
        self.stack.append(elem)

    def end(self, tag: str) -> None:
        self.stack.pop()

    def data(self, text: str) -> None:
        pass

    def close(self) -> "_Elem | None":
        return self.root


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "...'"


def _load(source: "str | bytes | os.PathLike[str]") -> tuple[Union[str, bytes], str]:
    """The raw document and a label for messages. A ``str`` that starts with ``<`` (after
    blanks) is the XML text itself; any other ``str`` or path-like is a file name."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        label = "NCCL topology"
    elif isinstance(source, str) and not source.strip():
        raise NcclImportError("NCCL topology: empty input; give the dump's file name or its "
                              "XML text")
    elif isinstance(source, str) and source.lstrip().startswith("<"):
        if len(source) > MAX_BYTES or len(source.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise NcclImportError(f"NCCL topology: the text is larger than {MAX_BYTES >> 20} MiB; "
                                  f"an NCCL topology dump is a few tens of kB")
        return source, "NCCL topology"
    elif isinstance(source, (str, os.PathLike)):
        label = display_path(source)
        data = read_bytes(source, NcclImportError, "the NCCL topology", limit=MAX_BYTES)
    else:
        raise UsageError(f"import_nccl needs a file name, a path or the XML text, got "
                         f"{type(source).__name__}")
    if len(data) > MAX_BYTES:
        raise NcclImportError(f"{label}: larger than {MAX_BYTES >> 20} MiB; an NCCL topology "
                              f"dump is a few tens of kB, so this is not one")
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, NcclImportError, label, limit=MAX_BYTES,
                      what="an NCCL topology dump is a few tens of kB")
    return data, label


def _parse(data: Union[str, bytes], label: str) -> _Elem:
    builder = _Builder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    builder.expat = getattr(parser, "parser", None)
    try:
        parser.feed(data)
        root = parser.close()
    except _Refused as exc:
        raise NcclImportError(f"{label}: refused: {exc}") from None
    except DefusedXmlException as exc:
        raise NcclImportError(
            f"{label}: refused: the file declares a DTD, an entity or an external reference "
            f"({type(exc).__name__}); NCCL topology files have none, and expanding them is how "
            f"XML bombs work") from None
    except ParseError as exc:
        detail = str(exc).splitlines()[0][:120] if str(exc) else "syntax error"
        hint = ("; the file looks truncated, copy the whole dump" if "no element found" in detail
                or "unclosed token" in detail else "")
        raise NcclImportError(f"{label}: not well-formed XML ({detail}){hint}") from None
    except (ValueError, LookupError) as exc:      # e.g. an unknown declared encoding
        raise NcclImportError(f"{label}: cannot read the XML ({type(exc).__name__}: "
                              f"{str(exc).splitlines()[0][:100] if str(exc) else ''})") from None
    if root is None:
        raise NcclImportError(f"{label}: no XML element found")
    return root


# --- reading the NCCL elements --------------------------------------------------------------

def _where(elem: _Elem) -> str:
    key = {"gpu": "dev", "pci": "busid", "net": "name", "nvlink": "target", "cpu": "numaid",
           "c2c": "bw"}.get(elem.tag)
    shown = f' {key}="{elem.attrs[key][:40]}"' if key and key in elem.attrs else ""
    text = f"<{elem.tag}{shown}>"
    if not text.isprintable():
        text = f"<{elem.tag}>"
    return f"{text} on line {elem.line}" if elem.line else text


def _int(elem: _Elem, name: str, label: str, *, low: int | None = None,
         default: int | None = None, required: bool = True) -> int | None:
    """An integer attribute as NCCL reads it (decimal or 0x hexadecimal)."""
    raw = elem.attrs.get(name)
    if raw is None or not raw.strip():
        if required and default is None:
            raise NcclImportError(f"{label}: {_where(elem)} has no {name} attribute, which the "
                                  f"import needs")
        return default
    text = raw.strip()
    try:
        value = int(text, 16) if text.lower().startswith(("0x", "-0x")) else int(text, 10)
    except ValueError:
        raise NcclImportError(f"{label}: {_where(elem)}: {name}={_short(raw)} is not an "
                              f"integer") from None
    if abs(value) > 2**53:
        raise NcclImportError(f"{label}: {_where(elem)}: {name}={_short(raw)} is out of range")
    if low is not None and value < low:
        raise NcclImportError(f"{label}: {_where(elem)}: {name}={value} must be at least {low}")
    return value


_BUSID = re.compile(r"([0-9a-f]{1,8}):([0-9a-f]{1,2}):([0-9a-f]{1,2})\.([0-7])")


def _busid(text: str | None) -> tuple[int, int, int, int] | None:
    """A PCI bus id ``domain:bus:device.function`` as numbers (NVML writes 8-digit domains,
    sysfs 4), or None."""
    match = _BUSID.fullmatch((text or "").strip().lower())
    return tuple(int(part, 16) for part in match.groups()) if match else None  # type: ignore


def _show_busid(busid: tuple[int, int, int, int]) -> str:
    return f"{busid[0]:04x}:{busid[1]:02x}:{busid[2]:02x}.{busid[3]:x}"


@dataclass(eq=False)
class _Gpu:
    elem: _Elem
    pci: _Elem
    cpu: _Elem
    busid: tuple[int, int, int, int]
    dev: int
    sm: int
    nvswitch: int = 0                                  # NVLinks to NVSwitches
    peers: dict[int, int] = field(default_factory=dict)   # dev of peer GPU -> NVLinks
    npu: int = 0                                       # NVLinks to the CPU (IBM POWER)
    c2c: Fraction | None = None

    @property
    def local(self) -> str:
        return f"gpu{self.dev}"


@dataclass(eq=False)
class _Port:
    elem: _Elem
    name: str
    dev: int
    port: int
    speed: Fraction          # GB/s; 0 when the file gives none (checked once the port is used)


@dataclass(eq=False)
class _Nic:
    elem: _Elem              # <nic>
    holder: _Elem            # the <pci> device holding it, or the <cpu> for a NIC without one
    cpu: _Elem
    ports: list[_Port]


@dataclass(eq=False)
class _System:
    label: str
    root: _Elem
    cpus: list[_Elem]
    gpus: list[_Gpu]                                   # sorted by dev
    nics: list[_Nic]                                   # with at least one port
    skipped_nets: int = 0
    filtered_nets: int = 0


# --- completing an NCCL_TOPO_FILE skeleton ----------------------------------------------------

def _gpu_model(gpu: "str | GpuModel | None") -> GpuModel | None:
    """The :class:`GpuModel` named ``gpu`` (``a100``, ``h100``, ``h200``, ``b200``), or None."""
    if isinstance(gpu, GpuModel):
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (gpu.sm, gpu.nvlinks)) \
                or not (1 <= gpu.sm <= 1000 and 1 <= gpu.nvlinks <= 1024):
            raise UsageError(f"GpuModel {_short(gpu.name)}: sm must be from 1 to 1000 and "
                             f"nvlinks from 1 to 1024")
        return gpu
    if gpu is None:
        return None
    if not isinstance(gpu, str):
        raise UsageError(f"gpu must be a GPU model name such as 'a100', got {type(gpu).__name__}")
    name = gpu.strip().lower()
    if name in GPU_MODELS:
        return GPU_MODELS[name]
    if name in _UNMODELLED_GPUS:
        raise UsageError(f"gpu={_short(gpu)}: {_UNMODELLED_GPUS[name]}")
    raise UsageError(f"gpu={_short(gpu)} is not a GPU model; use one of {GPU_HELP} (the GPU "
                     f"generation of the machine; docs/nccl.md lists what each one means)")


def _nic_mbps(speed: "int | float | str | Fraction | None") -> int | None:
    """A port speed given in Gb/s (``200``, ``"12.5"``, ``Fraction(25, 2)``) as the whole
    number of Mb/s NCCL writes in ``net speed``, or None."""
    if speed is None:
        return None
    text = str(speed).strip() if isinstance(speed, (int, float, str, Fraction)) and \
        not isinstance(speed, bool) else None
    number = r"[0-9]{1,7}(?:\.[0-9]{1,3})?|[0-9]{1,7}/[0-9]{1,4}"
    try:
        gbits = Fraction(text) if text is not None and re.fullmatch(number, text) else None
    except ZeroDivisionError:
        gbits = None
    if gbits is None or gbits <= 0 or (gbits * 1000).denominator != 1 or gbits > 10**6:
        raise UsageError(f"nic_speed={_short(speed)} must be a port speed in Gb/s from 0.001 to "
                         f"1000000 in whole Mb/s, such as 200 (HDR) or 400 (NDR InfiniBand)")
    return int(gbits * 1000)


def _gbits(mbps: int) -> str:
    """Mb/s as Gb/s in decimal: 200000 -> ``200``, 12500 -> ``12.5``."""
    whole, rest = divmod(mbps, 1000)
    return f"{whole}.{rest:03d}".rstrip("0") if rest else str(whole)


def _child(parent: _Elem, tag: str, attrs: dict[str, str]) -> _Elem:
    """A new element under ``parent``: one NCCL would add from the running machine (no file
    line, so messages name it without one)."""
    elem = _Elem(tag, attrs, parent, 0)
    parent.children.append(elem)
    return elem


def _by_busid(elems: list[_Elem]) -> list[_Elem]:
    """PCI devices in PCI bus id order (NVML numbers GPUs so), those without one last."""
    def key(item: tuple[int, _Elem]) -> tuple:
        busid = _busid(item[1].attrs.get("busid"))
        return (busid is None, busid or (), item[0])
    return [e for _, e in sorted(enumerate(elems), key=key)]


def _complete_skeleton(root: _Elem, label: str, model: GpuModel | None,
                       nic_mbps: int | None) -> None:
    """Fill in an ``NCCL_TOPO_FILE`` what NCCL reads from the running machine
    (ncclTopoFillGpu / ncclTopoFillNet, src/graph/xml.cc), from the GPU model and the NIC
    port speed the user gives:

    * a GPU PCI device (class 0x03...) without ``<gpu>`` gets ``<gpu dev sm>``, ``dev`` in
      PCI bus id order (NVML's index), when no GPU of the file has one (a *skeleton*);
    * a ``<gpu>`` without ``<nvlink>`` gets the model's NVLinks to the NVSwitches
      (:func:`_complete_gpu`);
    * a NIC PCI device (class 0x02...) without ``<nic>`` gets one port of ``nic_mbps``
      (:func:`_complete_nics`).

    A skeleton without ``model``, or whose NIC devices have no ``<nic>`` without
    ``nic_mbps``, is refused with what to pass."""
    cpus = [c for c in root.children if c.tag == "cpu"] if root.tag == "system" else []
    pcis = [e for c in cpus for e in c.iter() if e.tag == "pci"]
    bare_gpus = [e for e in pcis if _class_of(e).startswith(_GPU_CLASS_PREFIX)
                 and not any(c.tag == "gpu" for c in e.children)]
    bare_nics = [e for e in pcis if _class_of(e).startswith(_NIC_CLASS_PREFIX)
                 and not any(c.tag == "nic" for c in e.children)]
    gpus = [e for c in cpus for e in c.iter() if e.tag == "gpu"]
    skeleton = bool(bare_gpus) and not gpus
    _refuse_incomplete(label, bare_gpus if skeleton else [],
                       bare_nics if skeleton and nic_mbps is None else [], model)
    if model is not None:
        if skeleton:
            for dev, pci in enumerate(_by_busid(bare_gpus)):
                gpus.append(_child(pci, "gpu", {"dev": str(dev), "sm": str(model.sm),
                                                "rank": str(dev), "gdr": "1"}))
        for gpu in gpus:
            _complete_gpu(gpu, label, model)
        log.info("%s: %d GPU(s) completed as %s, %d NVLinks each to the NVSwitches", label,
                 len(gpus), model.board, model.nvlinks)
    if nic_mbps is not None and bare_nics:
        _complete_nics(cpus, bare_nics, label, nic_mbps)


def _class_of(elem: _Elem) -> str:
    return (elem.attrs.get("class") or "").strip().lower()


def _refuse_incomplete(label: str, bare_gpus: list[_Elem], bare_nics: list[_Elem],
                       model: GpuModel | None) -> None:
    """One line saying what a skeleton lacks and which option gives it: the GPU model for
    GPU PCI devices without ``<gpu>``, the port speed for NIC PCI devices without ``<nic>``."""
    nics = (f"the port speed of its {len(bare_nics)} NIC device(s) with --nic-speed GBITS "
            f"(nic_speed= in Python; e.g. 200 for HDR, 400 for NDR InfiniBand)")
    if bare_gpus and model is None:
        raise NcclImportError(
            f"{label}: an NCCL_TOPO_FILE skeleton: its {len(bare_gpus)} GPU PCI device(s) (class "
            f"0x03...) carry no <gpu> details or NVLinks, which NCCL reads from the machine at "
            f"run time; give the GPU model with --gpu MODEL (one of {GPU_HELP}; gpu= in "
            f"Python){' and ' + nics if bare_nics else ''}, or import a dump made with "
            f"NCCL_TOPO_DUMP_FILE")
    if bare_nics:
        raise NcclImportError(
            f"{label}: an NCCL_TOPO_FILE skeleton: its NIC PCI devices (class 0x02..., first "
            f"{_where(bare_nics[0])}) carry no <nic><net speed>, which NCCL reads from the "
            f"network plugin at run time; give {nics}")


def _complete_gpu(gpu: _Elem, label: str, model: GpuModel) -> None:
    """A ``<gpu>`` with the model's ``sm`` and, when it lists no NVLink, the model's NVLinks
    to the NVSwitches, written as NCCL writes them inside a VM, where NVML cannot see the far
    end (target ``fffffff:ffff:ff``, class 0x068000). A ``<gpu>`` of another ``sm`` is
    refused."""
    sm = _int(gpu, "sm", label, required=False)
    if sm is None:
        gpu.attrs["sm"] = str(model.sm)
    elif sm != model.sm:
        raise NcclImportError(
            f"{label}: {_where(gpu)} has sm={sm} but --gpu {model.name} is sm {model.sm}; "
            f"give the model of the GPUs the file describes")
    if not any(c.tag == "nvlink" for c in gpu.children):
        _child(gpu, "nvlink", {"target": _HIDDEN_NVLINK_TARGET, "count": str(model.nvlinks),
                               "tclass": _NVSWITCH_CLASS})


def _complete_nics(cpus: list[_Elem], bare_nics: list[_Elem], label: str, nic_mbps: int) -> None:
    """One port of ``nic_mbps`` for every NIC PCI device without ``<nic>``, named
    ``nic{dev}`` with ``dev`` numbered on from the file's own ports in PCI bus id order."""
    devs = [_int(n, "dev", label, required=False) for c in cpus for n in c.iter()
            if n.tag == "net"]
    first = max((d for d in devs if d is not None), default=-1) + 1
    for dev, pci in enumerate(_by_busid(bare_nics), start=first):
        nic = _child(pci, "nic", {})
        _child(nic, "net", {"name": f"nic{dev}", "dev": str(dev), "speed": str(nic_mbps),
                            "port": "1", "gdr": "1"})


def _read_system(root: _Elem, label: str, select: "Callable[[str, int], bool] | None") -> _System:
    if root.tag != "system":
        hint = (" (an NCCL graph file, NCCL_GRAPH_DUMP_FILE; import the topology dump written "
                "with NCCL_TOPO_DUMP_FILE instead)" if root.tag == "graphs" else "")
        raise NcclImportError(f"{label}: the root element is <{_short(root.tag, 30)[1:-1]}>{hint}; "
                              f"an NCCL topology file starts with <system version=\"1\">")
    version = root.attrs.get("version")
    if version is not None and version.strip() != "1":
        raise NcclImportError(f"{label}: <system version={_short(version)}>: NCCL writes and "
                              f"reads version 1 only (RCCL's version 2 files for AMD GPUs are "
                              f"not supported)")
    cpus = [c for c in root.children if c.tag == "cpu"]
    if not cpus:
        raise NcclImportError(f"{label}: <system> has no <cpu> element; an NCCL topology lists "
                              f"its PCI devices under the CPUs (NUMA nodes) they hang from")
    gpus: list[_Gpu] = []
    gpu_pcis: list[_Elem] = []
    nics: list[_Nic] = []
    at_pci: dict[int, _Nic] = {}
    skipped = filtered = 0
    for cpu in cpus:
        for elem in cpu.iter():
            cls = elem.attrs.get("class", "").lower()
            if elem.tag == "pci" and cls.startswith(_GPU_CLASS_PREFIX):
                gpu_pcis.append(elem)
            elif elem.tag == "gpu":
                gpus.append(_read_gpu(elem, cpu, label))
            elif elem.tag == "nic":
                holder = elem.parent
                if holder is None or holder.tag not in ("pci", "cpu"):
                    continue
                ports, lost = _read_ports(elem, label)
                skipped += lost
                if select is not None:
                    filtered += sum(1 for p in ports if not select(p.name, p.port))
                    ports = [p for p in ports if select(p.name, p.port)]
                if not ports:
                    continue
                if holder.tag == "pci" and id(holder) in at_pci:   # two <nic> in one device
                    at_pci[id(holder)].ports.extend(ports)
                    continue
                nics.append(_Nic(elem, holder, cpu, ports))
                if holder.tag == "pci":
                    at_pci[id(holder)] = nics[-1]
    if not gpus:        # (GPU PCI devices without <gpu>: completed or refused before)
        raise NcclImportError(
            f"{label}: no <gpu> elements and no GPU PCI device; dump the topology with "
            f"NCCL_TOPO_DUMP_FILE=topo.xml from an NCCL job that uses the machine's GPUs")
    with_gpu = {id(g.pci) for g in gpus}
    bare = [p for p in gpu_pcis if id(p) not in with_gpu]
    if bare:
        raise NcclImportError(
            f"{label}: GPU PCI device {_where(bare[0])} has no <gpu> element while "
            f"{len(gpus)} other GPU(s) have one; the file is partial. Dump it again with "
            f"NCCL_TOPO_DUMP_FILE from a job that sees all GPUs")
    seen: dict[int, _Gpu] = {}
    by_bus: dict[tuple, _Gpu] = {}
    for g in gpus:
        if g.dev in seen:
            raise NcclImportError(f"{label}: {_where(g.elem)} and {_where(seen[g.dev].elem)} have "
                                  f"the same dev; every GPU needs its own")
        if g.busid in by_bus:
            raise NcclImportError(f"{label}: {_where(g.pci)} holds more than one GPU (MLOPart "
                                  f"partitions are not supported)")
        seen[g.dev] = g
        by_bus[g.busid] = g
    gpus.sort(key=lambda g: g.dev)
    system = _System(label, root, cpus, gpus, nics, skipped, filtered)
    _read_nvlinks(system, by_bus)
    return system


def _read_gpu(elem: _Elem, cpu: _Elem, label: str) -> _Gpu:
    pci = elem.parent
    if pci is None or pci.tag != "pci":
        raise NcclImportError(f"{label}: {_where(elem)} is not inside a <pci> element; NCCL "
                              f"places every GPU in its PCI device")
    busid = _busid(pci.attrs.get("busid"))
    if busid is None:
        raise NcclImportError(f"{label}: {_where(pci)} holding {_where(elem)} has no valid busid "
                              f"(domain:bus:device.function)")
    gpu = _Gpu(elem, pci, cpu, busid, dev=_int(elem, "dev", label, low=0),
               sm=_int(elem, "sm", label, low=1))
    for sub in elem.children:
        if sub.tag == "c2c":
            count = _int(sub, "count", label, low=1)
            per_link = _int(sub, "bw", label, low=1)       # MB/s per link (ncclTopoAddC2c)
            gpu.c2c = (gpu.c2c or 0) + Fraction(count * per_link, 1000)
    return gpu


def _read_ports(nic: _Elem, label: str) -> tuple[list[_Port], int]:
    ports, skipped = [], 0
    for net in nic.children:
        if net.tag != "net":
            continue               # <gin>, <rma>: not data ports
        enabled = _int(net, "net", label, default=1)
        if not enabled or not (net.attrs.get("dev") or "").strip():
            skipped += 1           # ncclTopoAddNic: fused into a vNIC, or no dev: ignored
            continue
        dev = _int(net, "dev", label, low=0)
        mbps = _int(net, "speed", label, required=False) or 0
        if mbps > 10**9:
            raise NcclImportError(f"{label}: {_where(net)}: speed={mbps} Mb/s is out of range")
        name = net.attrs.get("name", "").strip() or f"net{dev}"
        ports.append(_Port(net, name, dev, _int(net, "port", label, default=0),
                           Fraction(max(mbps, 0), 8000)))
    return ports, skipped


def _read_nvlinks(system: _System, by_bus: dict[tuple, _Gpu]) -> None:
    label = system.label
    for g in system.gpus:
        for link in g.elem.children:
            if link.tag != "nvlink":
                continue
            count = _int(link, "count", label, low=1)
            if count > 1024:
                raise NcclImportError(f"{label}: {_where(link)}: count={count} NVLinks is out "
                                      f"of range")
            tclass = (link.attrs.get("tclass") or "").strip().lower()
            target = _busid(link.attrs.get("target"))
            peer = by_bus.get(target) if target is not None else None
            if tclass.startswith(_GPU_CLASS_PREFIX) or (not tclass and peer is not None):
                if peer is None:
                    raise NcclImportError(
                        f"{label}: {_where(link)} of GPU dev {g.dev} names a GPU that is not in "
                        f"the file; the dump may come from a job that saw only some GPUs "
                        f"(CUDA_VISIBLE_DEVICES): dump again from a job that uses all of them")
                if peer is g:
                    raise NcclImportError(f"{label}: {_where(link)} of GPU dev {g.dev} targets "
                                          f"the GPU itself")
                g.peers[peer.dev] = g.peers.get(peer.dev, 0) + count
            elif tclass == _NVSWITCH_CLASS:
                g.nvswitch += count
            elif tclass == _NPU_CLASS:
                g.npu += count
            elif not tclass:
                raise NcclImportError(
                    f"{label}: {_where(link)} of GPU dev {g.dev} has no tclass and its target "
                    f"matches no GPU of the file; add tclass=\"0x068000\" if it leads to an "
                    f"NVSwitch")
            else:
                raise NcclImportError(
                    f"{label}: {_where(link)} of GPU dev {g.dev} has tclass={_short(tclass)}, "
                    f"which is neither a GPU (0x03...), an NVSwitch ({_NVSWITCH_CLASS}) nor an "
                    f"IBM NPU ({_NPU_CLASS})")
    by_dev = {g.dev: g for g in system.gpus}
    for g in system.gpus:
        for dev, count in g.peers.items():
            back = by_dev[dev].peers.get(g.dev, 0)
            if back != count:
                raise NcclImportError(
                    f"{label}: GPU dev {g.dev} lists {count} NVLink(s) to GPU dev {dev} but GPU "
                    f"dev {dev} lists {back} back; NVLinks run both ways, so the file is "
                    f"inconsistent")


# --- bandwidths -----------------------------------------------------------------------------

def _nvlink_bw(g: _Gpu, mode: str, label: str) -> Fraction:
    for low, high, bw in _NVLINK[mode]:
        if low <= g.sm < high:
            return bw
    raise NcclImportError(
        f"{label}: {_where(g.elem)} has NVLinks but sm={g.sm}, for which no per-link NVLink "
        f"bandwidth is known (sm 60 to 109 are: Pascal to Blackwell); correct the sm attribute")


_RATE = re.compile(r"\s*([0-9]{1,3}(?:\.[0-9]{1,3})?)\s*GT/s", re.IGNORECASE)


def _pci_bw(elem: _Elem, mode: str, label: str) -> Fraction:
    """The bandwidth of the PCIe link between ``elem`` and its parent, from its
    ``link_width`` and ``link_speed`` (ncclTopoAddPci: an empty width is x16 and an unknown
    speed 8 GT/s)."""
    width_raw, speed_raw = elem.attrs.get("link_width"), elem.attrs.get("link_speed")
    if width_raw is None or speed_raw is None:
        missing = "link_width" if width_raw is None else "link_speed"
        raise NcclImportError(f"{label}: {_where(elem)} has no {missing} attribute, which NCCL "
                              f"needs for the PCIe bandwidth (an empty value means unknown)")
    width = _int(elem, "link_width", label, default=0) or _PCIE_DEFAULT_WIDTH
    if not 1 <= width <= 64:
        raise NcclImportError(f"{label}: {_where(elem)}: link_width={width} is out of range")
    match = _RATE.match(speed_raw)
    rate = Fraction(match.group(1)) if match else None
    if rate not in _PCIE_LANE[mode]:
        log.info("%s: %s: link_speed %r is not a PCIe rate; assuming 8 GT/s as NCCL does",
                 label, _where(elem), speed_raw[:40])
        rate = _PCIE_FALLBACK_RATE
    return width * _PCIE_LANE[mode][rate]


def _cpu_bw(cpu: _Elem, label: str) -> Fraction:
    """Inter-socket bandwidth from a CPU's arch/vendor/familyid/modelid, selected as
    ncclTopoAddCpu() and ncclTopoGetInterCpuBw() do."""
    arch = (cpu.attrs.get("arch") or "").strip()
    vendor = cpu.attrs.get("vendor") or ""
    if arch == "ppc64":
        return _CPU_BW["power"]
    if arch == "arm64":
        return _CPU_BW["arm"]
    if arch != "x86_64":
        return _LOC_BW
    family = _int(cpu, "familyid", label, required=False)
    model = _int(cpu, "modelid", label, required=False)
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


# --- the box model --------------------------------------------------------------------------

@dataclass
class _Box:
    """One box: nodes (local id -> kind, contractible), bidirectional links, and the NIC
    ports as placeholder nodes ``port{i}`` that the fabric replaces."""

    nodes: dict[str, tuple[str, bool]] = field(default_factory=dict)
    links: list[tuple[str, str, Fraction, str]] = field(default_factory=list)   # + type
    ports: int = 0

    def node(self, local: str, kind: str = "switch", internal: bool = False) -> str:
        self.nodes.setdefault(local, (kind, internal))
        return local

    def link(self, a: str, b: str, bw: Fraction, kind: str) -> None:
        self.links.append((a, b, bw, kind))

    def port(self) -> str:
        self.ports += 1
        return self.node(f"port{self.ports - 1}", "port")


@dataclass(eq=False)
class _Attachment:
    gpus: list[_Gpu]
    nics: list[_Nic]
    top: _Elem               # the PCI element (or CPU) where their paths meet


def _gpus_below(system: _System) -> dict[int, list[_Gpu]]:
    below: dict[int, list[_Gpu]] = {}
    for g in system.gpus:
        for elem in [g.pci, *g.pci.ancestors()]:
            below.setdefault(id(elem), []).append(g)
    return below


def _attachments(system: _System) -> tuple[list[_Attachment], list[_Nic]]:
    """NICs matched with the GPUs closest to them in the PCI tree, and the NICs on a CPU
    without GPUs (left out). A NIC's *top* is its first ancestor (its CPU for a NIC directly
    under a CPU) whose subtree holds a GPU; NICs are grouped by top, deepest first, and each
    group is matched with the GPUs under its top that no deeper group serves (all of them if
    every one is served): n NICs and n GPUs one to one in order, one NIC per m GPUs, m NICs
    per GPU, or otherwise all of the group's GPUs sharing all of its NICs."""
    below = _gpus_below(system)
    groups: dict[int, tuple[_Elem, int, list[_Nic]]] = {}
    left_out: list[_Nic] = []
    for nic in system.nics:
        chain = [nic.holder] if nic.holder.tag == "cpu" else list(nic.holder.ancestors())
        chain = [e for e in chain if e is nic.cpu or nic.cpu in e.ancestors()]
        top = next((e for e in chain if id(e) in below), None)
        if top is None:
            left_out.append(nic)
            continue
        depth = sum(1 for _ in top.ancestors())
        groups.setdefault(id(top), (top, depth, []))[2].append(nic)
    served: set[int] = set()
    result: list[_Attachment] = []
    order = sorted(groups.values(), key=lambda t: -t[1])   # stable: document order in a depth
    for top, _, nics in order:
        under = below[id(top)]
        candidates = [g for g in under if g.dev not in served] or list(under)
        candidates.sort(key=lambda g: g.dev)
        nics = sorted(nics, key=lambda n: min(p.dev for p in n.ports))
        n_gpu, n_nic = len(candidates), len(nics)
        if n_gpu == n_nic:
            pairs = [([g], [n]) for g, n in zip(candidates, nics)]
        elif n_gpu % n_nic == 0:
            m = n_gpu // n_nic
            pairs = [(candidates[i * m:(i + 1) * m], [n]) for i, n in enumerate(nics)]
        elif n_nic % n_gpu == 0:
            m = n_nic // n_gpu
            pairs = [([g], nics[i * m:(i + 1) * m]) for i, g in enumerate(candidates)]
        else:
            pairs = [(candidates, nics)]
        for gpus, group in pairs:
            result.append(_Attachment(gpus, group, top))
            served.update(g.dev for g in gpus)
    result.sort(key=lambda a: (min(g.dev for g in a.gpus),
                               min(p.dev for n in a.nics for p in n.ports)))
    return result, left_out


def _chain_bw(start: _Elem, top: _Elem, mode: str, label: str) -> Fraction | None:
    """The slowest PCIe link from ``start`` up to (not including) ``top``; None if none."""
    bw: Fraction | None = None
    elem: _Elem | None = start
    while elem is not None and elem is not top:
        if elem.tag == "pci" and not _flattened(elem):
            link = _pci_bw(elem, mode, label)
            bw = link if bw is None else min(bw, link)
        elem = elem.parent
    return bw


def _gpu_path_bw(g: _Gpu, top: _Elem, mode: str, label: str) -> tuple[Fraction | None, str]:
    """The GPU's bandwidth up to ``top`` and the type of that path: its PCIe links, or
    Grace's C2C to the CPU when that is faster."""
    bw = _chain_bw(g.pci, top, mode, label)
    if g.c2c is not None and top is g.cpu and (bw is None or g.c2c > bw):
        return g.c2c, _C2C_TYPE                      # Grace: C2C to the CPU, then PCIe
    return bw, _PCIE_TYPE


def _ordered_ports(attachments: list[_Attachment]) -> list[tuple[_Nic, _Port]]:
    ports = []
    for att in attachments:
        for nic in sorted(att.nics, key=lambda n: min(p.dev for p in n.ports)):
            ports.extend((nic, p) for p in sorted(nic.ports, key=lambda p: p.dev))
    return ports


def _add_nvlinks(box: _Box, system: _System, mode: str, cpu_node: dict[int, str] | None) -> None:
    label = system.label
    by_dev = {g.dev: g for g in system.gpus}
    if any(g.nvswitch for g in system.gpus):
        box.node("nvswitch")
    for g in system.gpus:
        if g.nvswitch:
            box.link(g.local, "nvswitch", g.nvswitch * _nvlink_bw(g, mode, label),
                     _NVLINK_TYPE)
        for dev, count in g.peers.items():
            if g.dev < dev:
                peer = by_dev[dev]
                per_link = min(_nvlink_bw(g, mode, label), _nvlink_bw(peer, mode, label))
                box.link(g.local, peer.local, count * per_link, _NVLINK_TYPE)
        if g.npu and cpu_node is not None:
            box.link(g.local, cpu_node[id(g.cpu)], g.npu * _nvlink_bw(g, mode, label),
                     _NVLINK_TYPE)


def _nvlink_islands(system: _System) -> int:
    parent = {g.dev: g.dev for g in system.gpus}

    def find(d: int) -> int:
        while parent[d] != d:
            parent[d] = parent[parent[d]]
            d = parent[d]
        return d

    switched = [g.dev for g in system.gpus if g.nvswitch]
    for d in switched[1:]:
        parent[find(d)] = find(switched[0])
    for g in system.gpus:
        for dev in g.peers:
            parent[find(dev)] = find(g.dev)
    return len({find(g.dev) for g in system.gpus})


def _nvlink_box(system: _System, attachments: list[_Attachment], mode: str) -> _Box:
    """GPUs, NVLinks, and each attachment as a hub: GPU-hub links of the GPU's PCIe path,
    hub-port links of the port's speed (capped by the NIC's PCIe path; a multi-port NIC gets
    its own node so its ports share its PCIe link). Hubs of one GPU and one port are
    contracted later into a direct GPU-fabric link."""
    label = system.label
    box = _Box()
    for g in system.gpus:
        box.node(g.local, "compute")
    _add_nvlinks(box, system, mode, None)
    for att in attachments:
        first = box.ports
        hub = box.node(f"hub{first}", internal=True)
        ports_bw = sum((p.speed for n in att.nics for p in n.ports), Fraction(0))
        for g in att.gpus:
            bw, kind = _gpu_path_bw(g, att.top, mode, label)
            box.link(g.local, hub, ports_bw if bw is None else bw, kind)
        for nic in sorted(att.nics, key=lambda n: min(p.dev for p in n.ports)):
            path = None if nic.holder is att.top or nic.holder.tag == "cpu" else \
                _chain_bw(nic.holder, att.top, mode, label)
            ports = sorted(nic.ports, key=lambda p: p.dev)
            if len(ports) == 1:
                speed = ports[0].speed
                box.link(hub, box.port(), speed if path is None else min(path, speed),
                         _net_type(nic))
                continue
            here = hub
            if path is not None:
                here = box.node(f"nic{box.ports}", internal=True)
                box.link(hub, here, path, _PCIE_TYPE)
            for p in ports:
                box.link(here, box.port(), p.speed, _net_type(nic))
    return box


def _pcie_box(system: _System, attachments: list[_Attachment], mode: str) -> _Box:
    """The PCIe tree itself: CPUs and PCI switches as switch nodes, each device linked to its
    parent by its PCIe link, CPUs joined pairwise by their inter-socket bandwidth."""
    label = system.label
    box = _Box()
    nics = [n for att in attachments for n in att.nics]
    nic_at_pci = {id(n.holder): n for n in nics if n.holder.tag == "pci"}
    nic_at_cpu = {id(n.elem): n for n in nics if n.holder.tag == "cpu"}
    gpu_at_pci = {id(g.pci): g for g in system.gpus}
    keep: set[int] = set()
    for elem in [*(g.pci for g in system.gpus), *(n.holder for n in nics)]:
        keep.add(id(elem))
        keep.update(id(a) for a in elem.ancestors())
    cpus = [c for c in system.cpus if id(c) in keep]
    numa = [c.attrs.get("numaid", "").strip() for c in cpus]
    unique = len(set(numa)) == len(numa) and all(re.fullmatch(r"-?[0-9]{1,6}", n) for n in numa)
    cpu_node = {id(c): box.node(f"cpu{numa[i] if unique else i}", internal=True)
                for i, c in enumerate(cpus)}
    for g in system.gpus:
        box.node(g.local, "compute")
    order = {id(p): i for i, (_, p) in enumerate(_ordered_ports(attachments))}
    pending: list[tuple[int, str, Fraction, str]] = []  # (port position, node, bandwidth, type)
    linked: set[int] = set()
    work = [(cpu, cpu_node[id(cpu)]) for cpu in cpus]
    while work:
        elem, here = work.pop(0)
        for child in elem.children:
            if id(child) in nic_at_cpu:                 # a NIC without a PCI device
                nic = nic_at_cpu[id(child)]
                pending.extend((order[id(p)], here, p.speed, _net_type(nic)) for p in nic.ports)
            if child.tag != "pci" or id(child) not in keep:
                continue
            if id(child) in gpu_at_pci:
                g = gpu_at_pci[id(child)]
                box.link(g.local, here, _pci_bw(child, mode, label), _PCIE_TYPE)
                linked.add(g.dev)
            elif id(child) in nic_at_pci:
                nic = nic_at_pci[id(child)]
                link = _pci_bw(child, mode, label)
                if len(nic.ports) == 1:
                    pending.append((order[id(nic.ports[0])], here, min(link, nic.ports[0].speed),
                                    _net_type(nic)))
                else:
                    hub = box.node(f"nic{min(order[id(p)] for p in nic.ports)}", internal=True)
                    box.link(here, hub, link, _PCIE_TYPE)
                    pending.extend((order[id(p)], hub, p.speed, _net_type(nic))
                                   for p in nic.ports)
            elif _is_bridge(child) and _flattened(child):
                work.append((child, here))              # part of its parent switch
            elif _is_bridge(child):
                busid = _busid(child.attrs.get("busid"))
                local = f"pci{_show_busid(busid)}" if busid else f"pci#{len(box.nodes)}"
                while local in box.nodes:
                    local += "'"
                box.node(local, internal=True)
                box.link(local, here, _pci_bw(child, mode, label), _PCIE_TYPE)
                work.append((child, local))
    lost = [g for g in system.gpus if g.dev not in linked]
    if lost:
        raise NcclImportError(f"{label}: {_where(lost[0].pci)} holding GPU dev {lost[0].dev} is "
                              f"not under a PCI switch or CPU, so its PCIe link has no other end")
    for i, a in enumerate(cpus):
        for b in cpus[i + 1:]:
            box.link(cpu_node[id(a)], cpu_node[id(b)], min(_cpu_bw(a, label), _cpu_bw(b, label)),
                     _CPU_TYPE)
    for g in system.gpus:
        if g.c2c is not None:
            box.link(g.local, cpu_node[id(g.cpu)], g.c2c, _C2C_TYPE)
    _add_nvlinks(box, system, mode, cpu_node)
    for _, node, bw, kind in sorted(pending, key=lambda t: t[0]):
        box.link(node, box.port(), bw, kind)
    return box


def _is_bridge(elem: _Elem) -> bool:
    """A PCI element NCCL turns into a PCI switch node (ncclTopoAddPci: not a GPU, NIC,
    NVSwitch or NPU device)."""
    if any(c.tag in ("gpu", "nic") for c in elem.children):
        return False
    cls = (elem.attrs.get("class") or "").strip().lower()
    return not cls.startswith((_GPU_CLASS_PREFIX, _NIC_CLASS_PREFIX, _NVSWITCH_CLASS, _NPU_CLASS))


def _bcm_gen(elem: _Elem, level: int) -> int:
    """The generation of a Broadcom PCIe switch that presents itself as two levels (the
    device ids of getBcmGen(), src/graph/topo.cc), or 0."""
    ident = 0
    for key, shift in (("vendor", 48), ("device", 32), ("subsystem_vendor", 16),
                       ("subsystem_device", 0)):
        raw = (elem.attrs.get(key) or "").strip().lower()
        try:
            ident += (int(raw, 16) if raw.startswith("0x") else int(raw or "0")) << shift
        except ValueError:
            return 0
    masked = ident & 0xFFFFFFFFFFFFF000
    if masked == 0x1000C0101000A000:
        return 4
    if masked == 0x1000C03010000000 | level * 0x1000:
        return 5
    return 0


def _flattened(elem: _Elem) -> bool:
    """A sub-switch NCCL merges into its parent switch (ncclTopoFlattenBcmSwitches: the two
    levels of one Broadcom switch sustain full bandwidth across all ports, so the inner
    link is no bottleneck). One level only, as there."""
    parent = elem.parent
    if elem.tag != "pci" or parent is None or parent.tag != "pci" or not _is_bridge(elem):
        return False
    gen = _bcm_gen(parent, 0)
    return gen != 0 and _bcm_gen(elem, 1) == gen and not _flattened(parent)


# --- the whole network ----------------------------------------------------------------------

class _Graph:
    """Nodes and undirected links (equal bandwidth both ways) with series contraction of
    internal switches of two neighbours and removal of switches with at most one. Every
    pair carries one (type, alpha): links added to a pair that has some keep the one of
    larger α (:func:`_in_parallel`), a contracted path sums its hops' α (:func:`_in_series`)."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[str, int | None, bool]] = {}
        self.adj: dict[str, dict[str, Fraction]] = {}
        self.attrs: dict[tuple[str, str], _Attrs] = {}

    def node(self, node_id: str, kind: str, box: int | None, internal: bool = False) -> None:
        self.nodes[node_id] = (kind, box, internal)
        self.adj[node_id] = {}

    def link(self, a: str, b: str, bw: Fraction, kind: str, alpha: float | None = None) -> None:
        if a == b:
            return
        attrs: _Attrs = (kind, alpha)
        if (a, b) in self.attrs:
            attrs = _in_parallel(self.attrs[(a, b)], attrs)
        self.attrs[(a, b)] = self.attrs[(b, a)] = attrs
        self.adj[a][b] = self.adj[a].get(b, Fraction(0)) + bw
        self.adj[b][a] = self.adj[b].get(a, Fraction(0)) + bw

    def simplify(self) -> None:
        work = list(self.nodes)
        while work:
            v = work.pop()
            if v not in self.nodes:
                continue
            kind, _, internal = self.nodes[v]
            if kind == "compute":
                continue
            nbrs = self.adj[v]
            if len(nbrs) <= 1 or (internal and len(nbrs) == 2):
                ends = list(nbrs.items())
                hops = [self.attrs[(u, v)] for u, _ in ends]
                for u, _ in ends:
                    del self.adj[u][v], self.attrs[(u, v)], self.attrs[(v, u)]
                if len(ends) == 2:
                    (a, x), (b, y) = ends
                    self.link(a, b, min(x, y), *_in_series(hops[0], hops[1]))
                del self.adj[v], self.nodes[v]
                work.extend(u for u, _ in ends)

    def topology(self, name: str) -> Topology:
        nodes = []
        for node_id, (kind, box, _) in self.nodes.items():
            entry: dict[str, Any] = {"id": node_id, "kind": kind}
            if box is not None:
                entry["box"] = box
            nodes.append(entry)
        index = {v: i for i, v in enumerate(self.nodes)}
        links = []
        for u in self.nodes:
            for v, bw in self.adj[u].items():
                if index[u] < index[v]:
                    kind, alpha = self.attrs[(u, v)]
                    links.append({"src": u, "dst": v, "bandwidth": format_fraction(bw),
                                  "bidirectional": True, "type": kind,
                                  **({} if alpha is None else {"alpha": alpha})})
        return from_dict({"format": "forestcoll-topology/1", "name": name, "units": "GB/s",
                          "nodes": nodes, "links": links}, source=f"NCCL import {name}")


def _fabric_ports(graph: _Graph, fabric: Fabric, boxes: int, ports: int,
                  totals: Fraction, kind: str) -> dict[tuple[int, int], str]:
    """The fabric's switches (added to ``graph``, switch-switch links of type ``kind``) and,
    for (box, port position), the switch that port plugs into."""
    where: dict[tuple[int, int], str] = {}
    if fabric.kind == "single-switch":
        graph.node("net/switch", "switch", None)
        where = {(b, r): "net/switch" for b in range(boxes) for r in range(ports)}
    elif fabric.kind == "rail":
        for r in range(ports):
            graph.node(f"net/rail{r}", "switch", None)
        where = {(b, r): f"net/rail{r}" for b in range(boxes) for r in range(ports)}
    elif fabric.kind == "planes":
        for p in range(min(fabric.planes, ports)):
            graph.node(f"net/plane{p}", "switch", None)
        where = {(b, r): f"net/plane{r % fabric.planes}"
                 for b in range(boxes) for r in range(ports)}
    else:
        leaves = -(-boxes // fabric.leaf)
        graph.node("net/spine", "switch", None)
        for leaf in range(leaves):
            graph.node(f"net/leaf{leaf}", "switch", None)
            members = min(fabric.leaf, boxes - leaf * fabric.leaf)
            graph.link(f"net/leaf{leaf}", "net/spine", members * totals / fabric.oversub, kind)
        where = {(b, r): f"net/leaf{b // fabric.leaf}" for b in range(boxes) for r in range(ports)}
    return where


def import_nccl(path_or_text: "str | bytes | os.PathLike[str]", *, boxes: int = 1,
                fabric: "str | Fabric" = "single-switch", name: str | None = None,
                bandwidths: str = "nominal", pcie: str = "auto",
                nics: str | None = None, gpu: "str | GpuModel | None" = None,
                nic_speed: "int | float | str | Fraction | None" = None) -> Topology:
    """The topology of ``boxes`` copies of the machine an NCCL topology XML describes,
    joined by ``fabric`` (see :func:`parse_fabric`).

    ``path_or_text`` is a file name or path (plain or gzip-compressed), the XML text (a
    ``str`` starting with ``<``) or its bytes: an ``NCCL_TOPO_DUMP_FILE`` dump, or an
    ``NCCL_TOPO_FILE`` that has the ``gpu`` details. ``bandwidths="nominal"`` (the default)
    uses the vendors' per-link signalling rates, the figures the catalog models use
    (``dgx-a100``, ``dgx-h100``); ``"nccl"`` uses NCCL's own effective figures (an A100
    NVLink 20 GB/s instead of 25). ``pcie="auto"`` models the PCIe tree as a network only
    when NVLink does not join every GPU of the box; ``"always"`` models it in every case.
    ``nics`` keeps only some NIC ports, in the syntax of ``NCCL_IB_HCA`` (``mlx5_0,mlx5_1``;
    ``=mlx5_0`` for an exact name; ``mlx5_0:1`` for one port; ``^mlx5_4`` to leave ports
    out). ``gpu`` (``a100``, ``h100``, ``h200``, ``b200``; :data:`GPU_MODELS`) completes an
    ``NCCL_TOPO_FILE`` that leaves out what NCCL reads from the machine at run time, as cloud
    images ship them: GPU PCI devices without ``<gpu>`` details and ``<gpu>`` elements
    without NVLinks get the model's, and ``nic_speed`` (Gb/s) gives the NIC PCI devices
    without ``<nic>`` one port of that speed (docs/nccl.md, "Cloud skeletons"). The
    topology is named ``name``, by default after the file, the box count and the fabric (and
    ``gpu``, ``nic_speed`` when given). Raises :class:`NcclImportError` (a
    :class:`~forestcoll_opt.errors.TopologyError`) for an unreadable, malformed, hostile or
    incomplete file, and
    :class:`~forestcoll_opt.errors.UsageError` for a bad argument."""
    if isinstance(boxes, bool) or not isinstance(boxes, int) or not 1 <= boxes <= MAX_BOXES:
        raise UsageError(f"boxes={boxes!r} must be a whole number from 1 to {MAX_BOXES}")
    spec = parse_fabric(fabric)
    if bandwidths not in BANDWIDTHS:
        raise UsageError(f"bandwidths={_short(bandwidths)} must be one of {', '.join(BANDWIDTHS)}")
    if pcie not in PCIE_MODES:
        raise UsageError(f"pcie={_short(pcie)} must be one of {', '.join(PCIE_MODES)}")
    select = _nic_selector(nics)
    model = _gpu_model(gpu)
    nic_mbps = _nic_mbps(nic_speed)
    data, label = _load(path_or_text)
    root = _parse(data, label)
    _complete_skeleton(root, label, model, nic_mbps)
    system = _read_system(root, label, select)
    if model is None and len(system.gpus) > 1 and \
            not any(g.nvswitch or g.peers or g.npu for g in system.gpus):
        log.info("%s: no GPU lists an NVLink, so the box is read as PCIe only; if the file is an "
                 "NCCL_TOPO_FILE whose NVLinks NCCL detects at run time, give gpu=MODEL", label)
    attachments, left_out = _attachments(system)
    for port in (p for att in attachments for n in att.nics for p in n.ports):
        if port.speed <= 0:
            raise NcclImportError(
                f"{label}: {_where(port.elem)} has no positive speed (Mb/s); NCCL would assume "
                f"10000 Mb/s, which would make the imported bound wrong. Write the port's real "
                f"speed, e.g. speed=\"400000\" for 400 Gb/s, or leave the port out with nics=")
    for nic in left_out:
        log.info("%s: NIC %s is on a CPU without GPUs (a storage NIC?); left out", label,
                 ", ".join(p.name for p in nic.ports))
    islands = _nvlink_islands(system)
    as_network = pcie == "always" or islands > 1 or any(g.npu for g in system.gpus)
    log.info("%s: %d GPU(s), %d NVLink island(s), PCIe tree %s", label, len(system.gpus),
             islands, "modelled" if as_network else "used for GPU-NIC paths only")
    box = (_pcie_box if as_network else _nvlink_box)(system, attachments, bandwidths)
    if boxes > 1 and box.ports == 0:
        raise NcclImportError(f"{label}: {_no_nic_reason(system, left_out)}; boxes={boxes} need "
                              f"NICs to reach each other. Dump the topology on a machine where "
                              f"NCCL sees the network (or import with boxes=1)")
    graph = _Graph()
    to_ports = [(bw, kind) for _, b, bw, kind in box.links if box.nodes.get(b, ("",))[0] == "port"]
    totals = sum((bw for bw, _ in to_ports), Fraction(0))
    # the fabric is Ethernet when every NIC is, InfiniBand otherwise
    net_kind = _ETHERNET_TYPE if to_ports and all(k == _ETHERNET_TYPE for _, k in to_ports) \
        else _IB_TYPE
    where = _fabric_ports(graph, spec, boxes, box.ports, totals, net_kind) if box.ports else {}
    for b in range(boxes):
        for local, (kind, internal) in box.nodes.items():
            if kind != "port":
                graph.node(f"box{b}/{local}", kind, b, internal)

        def place(local: str) -> str:
            if box.nodes[local][0] == "port":
                return where[(b, int(local[4:]))]
            return f"box{b}/{local}"

        for u, v, bw, kind in box.links:
            graph.link(place(u), place(v), bw, kind)
    graph.simplify()
    if name is None:
        stem = Path(label).name if label != "NCCL topology" else "nccl"
        for suffix in (".gz", ".xml"):
            stem = stem[:-len(suffix)] if stem.lower().endswith(suffix) else stem
        stem = stem if stem and stem.isprintable() and stem.strip() == stem else "nccl"
        name = f"{stem[:100]}:boxes={boxes},fabric={spec}"
        name += f",gpu={model.name}" if model is not None else ""
        name += f",nic-speed={_gbits(nic_mbps)}" if nic_mbps else ""
    return graph.topology(name)


def _no_nic_reason(system: _System, left_out: list[_Nic]) -> str:
    if left_out:
        names = ", ".join(p.name for n in left_out for p in n.ports)[:80]
        return f"the only NICs ({names}) are on CPUs without GPUs"
    if system.filtered_nets and not system.nics:
        return f"the nics filter left none of its {system.filtered_nets} NIC port(s)"
    if system.skipped_nets:
        return (f"its {system.skipped_nets} <net> element(s) have no dev attribute or are "
                f"disabled (net=\"0\"), so NCCL ignores them")
    return "it lists no NIC (<nic><net .../></nic>)"
