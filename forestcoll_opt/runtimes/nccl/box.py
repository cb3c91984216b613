"""The box model: one machine of an NCCL topology as GPUs, NVLinks and NIC ports (placeholder
nodes the fabric replaces). When NVLink joins every GPU, the PCIe tree only carries GPU-NIC
traffic (:func:`nvlink_box`, each NIC attached to the GPUs closest to it); otherwise the PCIe
tree itself, PCI switches and CPUs as switch nodes, is part of the network (:func:`pcie_box`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ...model.orbits import components
from ..xmlread import XmlElement
from .elements import (ETHERNET_CLASS_PREFIX, GPU_CLASS_PREFIX, NIC_CLASS_PREFIX, NPU_CLASS,
                       NVSWITCH_CLASS, Gpu, Nic, Port, System, describe, parse_busid,
                       show_busid)
from .links import (C2C_TYPE, CPU_TYPE, ETHERNET_TYPE, IB_TYPE, NVLINK_TYPE, PCIE_TYPE, cpu_bw,
                    nvlink_bw, pci_bw)
from .reader import NcclImportError


def net_type(nic: "Nic") -> str:
    """``ethernet`` for a NIC whose PCI device is an Ethernet controller (class 0x0200..: a
    RoCE or TCP port; a ConnectX in InfiniBand mode is 0x0207..), else ``infiniband``."""
    cls = (nic.holder.attrib.get("class") or "").strip().lower() if nic.holder.tag == "pci" else ""
    return ETHERNET_TYPE if cls.startswith(ETHERNET_CLASS_PREFIX) else IB_TYPE



@dataclass
class Box:
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
class Attachment:
    gpus: list[Gpu]
    nics: list[Nic]
    top: XmlElement               # the PCI element (or CPU) where their paths meet


def _gpus_below(system: System) -> dict[int, list[Gpu]]:
    below: dict[int, list[Gpu]] = {}
    for g in system.gpus:
        for elem in [g.pci, *g.pci.ancestors()]:
            below.setdefault(id(elem), []).append(g)
    return below


def match_attachments(system: System) -> tuple[list[Attachment], list[Nic]]:
    """NICs matched with the GPUs closest to them in the PCI tree, and the NICs on a CPU
    without GPUs (left out). A NIC's *top* is its first ancestor (its CPU for a NIC directly
    under a CPU) whose subtree holds a GPU; NICs are grouped by top, deepest first, and each
    group is matched with the GPUs under its top that no deeper group serves (all of them if
    every one is served): n NICs and n GPUs one to one in order, one NIC per m GPUs, m NICs
    per GPU, or otherwise all of the group's GPUs sharing all of its NICs.

    :param system: the box's parts
    :returns: the attachments, ordered by their first GPU and port, and the NICs left out
    """
    below = _gpus_below(system)
    groups: dict[int, tuple[XmlElement, int, list[Nic]]] = {}
    left_out: list[Nic] = []
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
    result: list[Attachment] = []
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
            result.append(Attachment(gpus, group, top))
            served.update(g.dev for g in gpus)
    result.sort(key=lambda a: (min(g.dev for g in a.gpus),
                               min(p.dev for n in a.nics for p in n.ports)))
    return result, left_out


def _chain_bw(start: XmlElement, top: XmlElement, mode: str, label: str) -> Fraction | None:
    """The slowest PCIe link from ``start`` up to (not including) ``top``; None if none."""
    bw: Fraction | None = None
    elem: XmlElement | None = start
    while elem is not None and elem is not top:
        if elem.tag == "pci" and not _flattened(elem):
            link = pci_bw(elem, mode, label)
            bw = link if bw is None else min(bw, link)
        elem = elem.parent
    return bw


def _gpu_path_bw(g: Gpu, top: XmlElement, mode: str, label: str) -> tuple[Fraction | None, str]:
    """The GPU's bandwidth up to ``top`` and the type of that path: its PCIe links, or
    Grace's C2C to the CPU when that is faster."""
    bw = _chain_bw(g.pci, top, mode, label)
    if g.c2c is not None and top is g.cpu and (bw is None or g.c2c > bw):
        return g.c2c, C2C_TYPE                      # Grace: C2C to the CPU, then PCIe
    return bw, PCIE_TYPE


def _ordered_ports(attachments: list[Attachment]) -> list[tuple[Nic, Port]]:
    ports = []
    for att in attachments:
        for nic in sorted(att.nics, key=lambda n: min(p.dev for p in n.ports)):
            ports.extend((nic, p) for p in sorted(nic.ports, key=lambda p: p.dev))
    return ports


def _add_nvlinks(box: Box, system: System, mode: str, cpu_node: dict[int, str] | None) -> None:
    label = system.label
    by_dev = {g.dev: g for g in system.gpus}
    if any(g.nvswitch for g in system.gpus):
        box.node("nvswitch")
    for g in system.gpus:
        if g.nvswitch:
            box.link(g.local, "nvswitch", g.nvswitch * nvlink_bw(g, mode, label),
                     NVLINK_TYPE)
        for dev, count in g.peers.items():
            if g.dev < dev:
                peer = by_dev[dev]
                per_link = min(nvlink_bw(g, mode, label), nvlink_bw(peer, mode, label))
                box.link(g.local, peer.local, count * per_link, NVLINK_TYPE)
        if g.npu and cpu_node is not None:
            box.link(g.local, cpu_node[id(g.cpu)], g.npu * nvlink_bw(g, mode, label),
                     NVLINK_TYPE)


def nvlink_islands(system: System) -> int:
    """The number of groups of GPUs that NVLink (through NVSwitches or directly) joins."""
    at = {g.dev: i for i, g in enumerate(system.gpus)}
    switched = [at[g.dev] for g in system.gpus if g.nvswitch]
    pairs = [(i, switched[0]) for i in switched[1:]]
    pairs += [(at[dev], at[g.dev]) for g in system.gpus for dev in g.peers]
    return len(set(components(len(at), pairs)))


def nvlink_box(system: System, attachments: list[Attachment], mode: str) -> Box:
    """GPUs, NVLinks, and each attachment as a hub: GPU-hub links of the GPU's PCIe path,
    hub-port links of the port's speed (capped by the NIC's PCIe path; a multi-port NIC gets
    its own node so its ports share its PCIe link). Hubs of one GPU and one port are
    contracted later into a direct GPU-fabric link.

    :param system: the box's parts
    :param attachments: from :func:`match_attachments`
    :param mode: ``nominal`` or ``nccl`` bandwidths
    """
    label = system.label
    box = Box()
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
                         net_type(nic))
                continue
            here = hub
            if path is not None:
                here = box.node(f"nic{box.ports}", internal=True)
                box.link(hub, here, path, PCIE_TYPE)
            for p in ports:
                box.link(here, box.port(), p.speed, net_type(nic))
    return box


def pcie_box(system: System, attachments: list[Attachment], mode: str) -> Box:
    """The PCIe tree itself: CPUs and PCI switches as switch nodes, each device linked to its
    parent by its PCIe link, CPUs joined pairwise by their inter-socket bandwidth.

    :param system: the box's parts
    :param attachments: from :func:`match_attachments`
    :param mode: ``nominal`` or ``nccl`` bandwidths
    :raises NcclImportError: for a GPU whose PCIe link has no other end
    """
    label = system.label
    box = Box()
    nics = [n for att in attachments for n in att.nics]
    nic_at_pci = {id(n.holder): n for n in nics if n.holder.tag == "pci"}
    nic_at_cpu = {id(n.elem): n for n in nics if n.holder.tag == "cpu"}
    gpu_at_pci = {id(g.pci): g for g in system.gpus}
    keep: set[int] = set()
    for elem in [*(g.pci for g in system.gpus), *(n.holder for n in nics)]:
        keep.add(id(elem))
        keep.update(id(a) for a in elem.ancestors())
    cpus = [c for c in system.cpus if id(c) in keep]
    numa = [c.attrib.get("numaid", "").strip() for c in cpus]
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
                pending.extend((order[id(p)], here, p.speed, net_type(nic)) for p in nic.ports)
            if child.tag != "pci" or id(child) not in keep:
                continue
            if id(child) in gpu_at_pci:
                g = gpu_at_pci[id(child)]
                box.link(g.local, here, pci_bw(child, mode, label), PCIE_TYPE)
                linked.add(g.dev)
            elif id(child) in nic_at_pci:
                nic = nic_at_pci[id(child)]
                link = pci_bw(child, mode, label)
                if len(nic.ports) == 1:
                    pending.append((order[id(nic.ports[0])], here, min(link, nic.ports[0].speed),
                                    net_type(nic)))
                else:
                    hub = box.node(f"nic{min(order[id(p)] for p in nic.ports)}", internal=True)
                    box.link(here, hub, link, PCIE_TYPE)
                    pending.extend((order[id(p)], hub, p.speed, net_type(nic))
                                   for p in nic.ports)
            elif _is_bridge(child) and _flattened(child):
                work.append((child, here))              # part of its parent switch
            elif _is_bridge(child):
                busid = parse_busid(child.attrib.get("busid"))
                local = f"pci{show_busid(busid)}" if busid else f"pci#{len(box.nodes)}"
                while local in box.nodes:
                    local += "'"
                box.node(local, internal=True)
                box.link(local, here, pci_bw(child, mode, label), PCIE_TYPE)
                work.append((child, local))
    lost = [g for g in system.gpus if g.dev not in linked]
    if lost:
        raise NcclImportError(f"{label}: {describe(lost[0].pci)} holding GPU dev {lost[0].dev} is "
                              f"not under a PCI switch or CPU, so its PCIe link has no other end")
    for i, a in enumerate(cpus):
        for b in cpus[i + 1:]:
            box.link(cpu_node[id(a)], cpu_node[id(b)], min(cpu_bw(a, label), cpu_bw(b, label)),
                     CPU_TYPE)
    for g in system.gpus:
        if g.c2c is not None:
            box.link(g.local, cpu_node[id(g.cpu)], g.c2c, C2C_TYPE)
    _add_nvlinks(box, system, mode, cpu_node)
    for _, node, bw, kind in sorted(pending, key=lambda t: t[0]):
        box.link(node, box.port(), bw, kind)
    return box


def _is_bridge(elem: XmlElement) -> bool:
    """A PCI element NCCL turns into a PCI switch node (ncclTopoAddPci: not a GPU, NIC,
    NVSwitch or NPU device)."""
    if any(c.tag in ("gpu", "nic") for c in elem.children):
        return False
    cls = (elem.attrib.get("class") or "").strip().lower()
    return not cls.startswith((GPU_CLASS_PREFIX, NIC_CLASS_PREFIX, NVSWITCH_CLASS, NPU_CLASS))


def _bcm_gen(elem: XmlElement, level: int) -> int:
    """The generation of a Broadcom PCIe switch that presents itself as two levels (the
    device ids of getBcmGen(), src/graph/topo.cc), or 0."""
    ident = 0
    for key, shift in (("vendor", 48), ("device", 32), ("subsystem_vendor", 16),
                       ("subsystem_device", 0)):
        raw = (elem.attrib.get(key) or "").strip().lower()
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


def _flattened(elem: XmlElement) -> bool:
    """A sub-switch NCCL merges into its parent switch (ncclTopoFlattenBcmSwitches: the two
    levels of one Broadcom switch sustain full bandwidth across all ports, so the inner
    link is no bottleneck). One level only, as there."""
    parent = elem.parent
    if elem.tag != "pci" or parent is None or parent.tag != "pci" or not _is_bridge(elem):
        return False
    gen = _bcm_gen(parent, 0)
    return gen != 0 and _bcm_gen(elem, 1) == gen and not _flattened(parent)
