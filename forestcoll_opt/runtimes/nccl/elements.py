"""Reading the NCCL elements of a parsed topology file into one box's parts: its CPUs, its
GPUs (``<gpu>`` in a ``<pci>`` device, with their NVLinks to NVSwitches, peer GPUs or the
CPU, and Grace's C2C) and its NICs with their ``<net>`` ports, filtered as
``NCCL_IB_HCA`` does. Every defect names the element and its line (:func:`describe`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from ...errors import UsageError
from ..xmlread import XmlElement
from .reader import NcclImportError, short


# PCI classes (src/graph/xml.h: PCI_NVSWITCH_CLASS, PCI_GPU_CLASS, PCI_IBMNPU_CLASS).
NVSWITCH_CLASS = "0x068000"
NPU_CLASS = "0x068001"
GPU_CLASS_PREFIX = "0x03"
NIC_CLASS_PREFIX = "0x02"
ETHERNET_CLASS_PREFIX = "0x0200"      # "Ethernet controller" (InfiniBand is 0x0207)


def nic_selector(spec: str | None) -> "Callable[[str, int], bool] | None":
    """A NIC port filter in the syntax of NCCL_IB_HCA (NCCL's environment variables page):
    comma-separated name prefixes, each optionally ``:port``; a leading ``=`` matches whole
    names, a leading ``^`` (before ``=``) excludes the ports that match.

    :param spec: the filter text, or None for every port
    :returns: a predicate on (port name, port number), or None
    :raises UsageError: for a malformed filter
    """
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


# --- reading the NCCL elements --------------------------------------------------------------

def describe(elem: XmlElement) -> str:
    """An element as messages name it: its tag, its identifying attribute and its line."""
    key = {"gpu": "dev", "pci": "busid", "net": "name", "nvlink": "target", "cpu": "numaid",
           "c2c": "bw"}.get(elem.tag)
    shown = f' {key}="{elem.attrib[key][:40]}"' if key and key in elem.attrib else ""
    text = f"<{elem.tag}{shown}>"
    if not text.isprintable():
        text = f"<{elem.tag}>"
    return f"{text} on line {elem.line}" if elem.line else text


def int_attr(elem: XmlElement, name: str, label: str, *, low: int | None = None,
         default: int | None = None, required: bool = True) -> int | None:
    """An integer attribute as NCCL reads it (decimal or 0x hexadecimal)."""
    raw = elem.attrib.get(name)
    if raw is None or not raw.strip():
        if required and default is None:
            raise NcclImportError(f"{label}: {describe(elem)} has no {name} attribute, which the "
                                  f"import needs")
        return default
    text = raw.strip()
    try:
        value = int(text, 16) if text.lower().startswith(("0x", "-0x")) else int(text, 10)
    except ValueError:
        raise NcclImportError(f"{label}: {describe(elem)}: {name}={short(raw)} is not an "
                              f"integer") from None
    if abs(value) > 2**53:
        raise NcclImportError(f"{label}: {describe(elem)}: {name}={short(raw)} is out of range")
    if low is not None and value < low:
        raise NcclImportError(f"{label}: {describe(elem)}: {name}={value} must be at least {low}")
    return value


_BUSID = re.compile(r"([0-9a-f]{1,8}):([0-9a-f]{1,2}):([0-9a-f]{1,2})\.([0-7])")


def parse_busid(text: str | None) -> tuple[int, int, int, int] | None:
    """A PCI bus id ``domain:bus:device.function`` as numbers (NVML writes 8-digit domains,
    sysfs 4), or None."""
    match = _BUSID.fullmatch((text or "").strip().lower())
    return tuple(int(part, 16) for part in match.groups()) if match else None  # type: ignore


def show_busid(busid: tuple[int, int, int, int]) -> str:
    """A bus id as NCCL writes it, ``dddd:bb:dd.f``."""
    return f"{busid[0]:04x}:{busid[1]:02x}:{busid[2]:02x}.{busid[3]:x}"


@dataclass(eq=False)
class Gpu:
    elem: XmlElement
    pci: XmlElement
    cpu: XmlElement
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
class Port:
    elem: XmlElement
    name: str
    dev: int
    port: int
    speed: Fraction          # GB/s; 0 when the file gives none (checked once the port is used)


@dataclass(eq=False)
class Nic:
    elem: XmlElement              # <nic>
    holder: XmlElement            # the <pci> device holding it, or the <cpu> for a NIC without one
    cpu: XmlElement
    ports: list[Port]


@dataclass(eq=False)
class System:
    label: str
    root: XmlElement
    cpus: list[XmlElement]
    gpus: list[Gpu]                                   # sorted by dev
    nics: list[Nic]                                   # with at least one port
    skipped_nets: int = 0
    filtered_nets: int = 0


def read_system(root: XmlElement, label: str,
                select: "Callable[[str, int], bool] | None") -> System:
    """One box's CPUs, GPUs (with their NVLinks) and NICs from a parsed ``<system>``.

    :param root: the root element
    :param label: the name messages use for the file
    :param select: the NIC port filter of :func:`nic_selector`, or None
    :returns: the box's parts
    :raises NcclImportError: for a file that is not a usable NCCL topology
    """
    if root.tag != "system":
        hint = (" (an NCCL graph file, NCCL_GRAPH_DUMP_FILE; import the topology dump written "
                "with NCCL_TOPO_DUMP_FILE instead)" if root.tag == "graphs" else "")
        raise NcclImportError(f"{label}: the root element is <{short(root.tag, 30)[1:-1]}>{hint}; "
                              f"an NCCL topology file starts with <system version=\"1\">")
    version = root.attrib.get("version")
    if version is not None and version.strip() != "1":
        raise NcclImportError(f"{label}: <system version={short(version)}>: NCCL writes and "
                              f"reads version 1 only (RCCL's version 2 files for AMD GPUs are "
                              f"not supported)")
    cpus = [c for c in root.children if c.tag == "cpu"]
    if not cpus:
        raise NcclImportError(f"{label}: <system> has no <cpu> element; an NCCL topology lists "
                              f"its PCI devices under the CPUs (NUMA nodes) they hang from")
    gpus: list[Gpu] = []
    gpu_pcis: list[XmlElement] = []
    nics: list[Nic] = []
    at_pci: dict[int, Nic] = {}
    skipped = filtered = 0
    for cpu in cpus:
        for elem in cpu.iter():
            cls = elem.attrib.get("class", "").lower()
            if elem.tag == "pci" and cls.startswith(GPU_CLASS_PREFIX):
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
                nics.append(Nic(elem, holder, cpu, ports))
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
            f"{label}: GPU PCI device {describe(bare[0])} has no <gpu> element while "
            f"{len(gpus)} other GPU(s) have one; the file is partial. Dump it again with "
            f"NCCL_TOPO_DUMP_FILE from a job that sees all GPUs")
    seen: dict[int, Gpu] = {}
    by_bus: dict[tuple, Gpu] = {}
    for g in gpus:
        if g.dev in seen:
            raise NcclImportError(f"{label}: {describe(g.elem)} and {describe(seen[g.dev].elem)} have "
                                  f"the same dev; every GPU needs its own")
        if g.busid in by_bus:
            raise NcclImportError(f"{label}: {describe(g.pci)} holds more than one GPU (MLOPart "
                                  f"partitions are not supported)")
        seen[g.dev] = g
        by_bus[g.busid] = g
    gpus.sort(key=lambda g: g.dev)
    system = System(label, root, cpus, gpus, nics, skipped, filtered)
    _read_nvlinks(system, by_bus)
    return system


def _read_gpu(elem: XmlElement, cpu: XmlElement, label: str) -> Gpu:
    pci = elem.parent
    if pci is None or pci.tag != "pci":
        raise NcclImportError(f"{label}: {describe(elem)} is not inside a <pci> element; NCCL "
                              f"places every GPU in its PCI device")
    busid = parse_busid(pci.attrib.get("busid"))
    if busid is None:
        raise NcclImportError(f"{label}: {describe(pci)} holding {describe(elem)} has no valid busid "
                              f"(domain:bus:device.function)")
    gpu = Gpu(elem, pci, cpu, busid, dev=int_attr(elem, "dev", label, low=0),
               sm=int_attr(elem, "sm", label, low=1))
    for sub in elem.children:
        if sub.tag == "c2c":
            count = int_attr(sub, "count", label, low=1)
            per_link = int_attr(sub, "bw", label, low=1)       # MB/s per link (ncclTopoAddC2c)
            gpu.c2c = (gpu.c2c or 0) + Fraction(count * per_link, 1000)
    return gpu


def _read_ports(nic: XmlElement, label: str) -> tuple[list[Port], int]:
    ports, skipped = [], 0
    for net in nic.children:
        if net.tag != "net":
            continue               # <gin>, <rma>: not data ports
        enabled = int_attr(net, "net", label, default=1)
        if not enabled or not (net.attrib.get("dev") or "").strip():
            skipped += 1           # ncclTopoAddNic: fused into a vNIC, or no dev: ignored
            continue
        dev = int_attr(net, "dev", label, low=0)
        mbps = int_attr(net, "speed", label, required=False) or 0
        if mbps > 10**9:
            raise NcclImportError(f"{label}: {describe(net)}: speed={mbps} Mb/s is out of range")
        name = net.attrib.get("name", "").strip() or f"net{dev}"
        ports.append(Port(net, name, dev, int_attr(net, "port", label, default=0),
                           Fraction(max(mbps, 0), 8000)))
    return ports, skipped


def _read_nvlinks(system: System, by_bus: dict[tuple, Gpu]) -> None:
    label = system.label
    for g in system.gpus:
        for link in g.elem.children:
            if link.tag != "nvlink":
                continue
            count = int_attr(link, "count", label, low=1)
            if count > 1024:
                raise NcclImportError(f"{label}: {describe(link)}: count={count} NVLinks is out "
                                      f"of range")
            tclass = (link.attrib.get("tclass") or "").strip().lower()
            target = parse_busid(link.attrib.get("target"))
            peer = by_bus.get(target) if target is not None else None
            if tclass.startswith(GPU_CLASS_PREFIX) or (not tclass and peer is not None):
                if peer is None:
                    raise NcclImportError(
                        f"{label}: {describe(link)} of GPU dev {g.dev} names a GPU that is not in "
                        f"the file; the dump may come from a job that saw only some GPUs "
                        f"(CUDA_VISIBLE_DEVICES): dump again from a job that uses all of them")
                if peer is g:
                    raise NcclImportError(f"{label}: {describe(link)} of GPU dev {g.dev} targets "
                                          f"the GPU itself")
                g.peers[peer.dev] = g.peers.get(peer.dev, 0) + count
            elif tclass == NVSWITCH_CLASS:
                g.nvswitch += count
            elif tclass == NPU_CLASS:
                g.npu += count
            elif not tclass:
                raise NcclImportError(
                    f"{label}: {describe(link)} of GPU dev {g.dev} has no tclass and its target "
                    f"matches no GPU of the file; add tclass=\"0x068000\" if it leads to an "
                    f"NVSwitch")
            else:
                raise NcclImportError(
                    f"{label}: {describe(link)} of GPU dev {g.dev} has tclass={short(tclass)}, "
                    f"which is neither a GPU (0x03...), an NVSwitch ({NVSWITCH_CLASS}) nor an "
                    f"IBM NPU ({NPU_CLASS})")
    by_dev = {g.dev: g for g in system.gpus}
    for g in system.gpus:
        for dev, count in g.peers.items():
            back = by_dev[dev].peers.get(g.dev, 0)
            if back != count:
                raise NcclImportError(
                    f"{label}: GPU dev {g.dev} lists {count} NVLink(s) to GPU dev {dev} but GPU "
                    f"dev {dev} lists {back} back; NVLinks run both ways, so the file is "
                    f"inconsistent")
