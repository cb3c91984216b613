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

Everything is parsed with the runtimes' hardened XML reader,
:mod:`forestcoll_opt.runtimes.xmlread` (no DTD, no entities, bounded size, depth and element
count): these files come from other machines.

This module is the import's entry point; its parts are the modules of
:mod:`forestcoll_opt.runtimes.nccl`: ``reader`` (loading the file, and the XML reader's
refusals as :class:`NcclImportError`), ``elements`` (the NCCL elements of one box),
``skeleton`` (GPU models for ``NCCL_TOPO_FILE`` skeletons), ``links`` (bandwidths and link
types), ``box`` (the box model) and ``fabric`` (the fabrics joining boxes).

Example files ship with the package (:data:`EXAMPLES`, :func:`nccl_example`; ``forestcoll
example``), so that the tutorial and the documentation's imports run from an installed
wheel: a DGX A100, a DGX H100 and a DGX-1 dump, an 8-GPU PCIe server, and two cloud
``NCCL_TOPO_FILE`` skeletons.
"""

from __future__ import annotations

import logging
import os
from fractions import Fraction
from pathlib import Path

from ..errors import UsageError
from ..model.catalog import IMPORT_MARK
from ..model.topology import Topology
from .nccl.box import match_attachments, nvlink_box, nvlink_islands, pcie_box
from .nccl.elements import Nic, System, describe, nic_selector, read_system
from .nccl.fabric import FABRIC_HELP, MAX_BOXES, Fabric, Graph, fabric_ports, parse_fabric
from .nccl.links import BANDWIDTHS, ETHERNET_TYPE, IB_TYPE
from .nccl.reader import (MAX_BYTES, MAX_DEPTH, MAX_ELEMENTS, NcclImportError, load_xml,
                          parse_xml, short)
from .nccl.skeleton import (GPU_HELP, GPU_MODELS, NIC_SPEED_HELP, GpuModel, complete_skeleton,
                            format_gbits, gpu_model, parse_nic_speed)

log = logging.getLogger(__name__)

__all__ = ["Fabric", "GpuModel", "NcclImportError", "import_nccl", "parse_fabric", "BANDWIDTHS",
           "EXAMPLES", "nccl_example",
           "PCIE_MODES", "FABRIC_HELP", "GPU_MODELS", "GPU_HELP", "NIC_SPEED_HELP", "MAX_BYTES",
           "MAX_ELEMENTS", "MAX_DEPTH"]


PCIE_MODES = ("auto", "always")

EXAMPLES = {
    "dgx-a100": "NCCL_TOPO_DUMP_FILE of a DGX A100: 8 A100 (sm 80), 6 NVSwitches, "
                "10 NIC ports (9 at 200 Gb/s, 1 at 100 Gb/s)",
    "dgx-h100": "NCCL_TOPO_DUMP_FILE of a DGX H100: 8 H100 (sm 90), 4 NVSwitches, "
                "8 x 400 Gb/s InfiniBand NICs",
    "dgx1-v100": "NCCL_TOPO_DUMP_FILE of a DGX-1: 8 V100 (sm 70) in a hybrid cube mesh of "
                 "NVLinks, 4 x 100 Gb/s InfiniBand NICs",
    "pcie-8gpu": "NCCL_TOPO_DUMP_FILE of a PCIe server: 8 GPUs (sm 89) without NVLink, "
                 "4 x 200 Gb/s NICs",
    "azure-ndv4-skeleton": "NCCL_TOPO_FILE skeleton in the structure of Azure's ND A100 v4 "
                           "(import it with the GPU model a100 and NIC speed 200 Gb/s)",
    "azure-ndv5-skeleton": "NCCL_TOPO_FILE skeleton in the structure of Azure's ND H100 v5 "
                           "(import it with the GPU model h100 and NIC speed 400 Gb/s)",
}
"""The NCCL topology files that ship with the package: name -> what it describes."""


def nccl_example(name: str) -> Path:
    """The path of an NCCL topology file that ships with the package, to give to
    :func:`import_nccl` (``import_nccl(nccl_example("dgx-h100"), boxes=2, fabric="rail")``).

    :param name: one of :data:`EXAMPLES` (``"dgx-h100"``; ``"dgx-h100.xml"`` too)
    :returns: the file's path inside the installed package
    :raises UsageError: for another name (the message lists them)
    """
    stem = name[:-len(".xml")] if isinstance(name, str) and name.endswith(".xml") else name
    if not isinstance(stem, str) or stem not in EXAMPLES:
        raise UsageError(f"no example NCCL file {short(name)}; the examples: "
                         f"{', '.join(EXAMPLES)}")
    return Path(__file__).resolve().parent / "nccl" / "dumps" / f"{stem}.xml"


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
    :class:`~forestcoll_opt.errors.UsageError` for a bad argument.

    :param path_or_text: the file name, path, XML text or bytes
    :param boxes: the number of copies of the machine, 1 to 1024
    :param fabric: see :func:`parse_fabric`
    :param name: the topology's name
    :param bandwidths: ``nominal`` or ``nccl``
    :param pcie: ``auto`` or ``always``
    :param nics: an ``NCCL_IB_HCA`` port filter
    :param gpu: the GPU model of a skeleton
    :param nic_speed: the skeleton NICs' port speed in Gb/s
    :returns: the ``forestcoll-topology/1`` network
    """
    if isinstance(boxes, bool) or not isinstance(boxes, int) or not 1 <= boxes <= MAX_BOXES:
        shown = repr(boxes) if len(repr(boxes)) <= 40 else repr(f"{str(boxes)[:30]}...")
        raise UsageError(f"boxes={shown} must be a whole number from 1 to {MAX_BOXES}",
                         options=("boxes",))
    spec = parse_fabric(fabric)
    if bandwidths not in BANDWIDTHS:
        raise UsageError(f"bandwidths={short(bandwidths)} must be one of {', '.join(BANDWIDTHS)}")
    if pcie not in PCIE_MODES:
        raise UsageError(f"pcie={short(pcie)} must be one of {', '.join(PCIE_MODES)}")
    select = nic_selector(nics)
    model = gpu_model(gpu)
    nic_mbps = parse_nic_speed(nic_speed)
    data, label = load_xml(path_or_text)
    root = parse_xml(data, label)
    complete_skeleton(root, label, model, nic_mbps)
    system = read_system(root, label, select)
    if model is None and len(system.gpus) > 1 and \
            not any(g.nvswitch or g.peers or g.npu for g in system.gpus):
        log.info("%s: no GPU lists an NVLink, so the box is read as PCIe only; if the file is an "
                 "NCCL_TOPO_FILE whose NVLinks NCCL detects at run time, give gpu=MODEL", label)
    attachments, left_out = match_attachments(system)
    for port in (p for att in attachments for n in att.nics for p in n.ports):
        if port.speed <= 0:
            raise NcclImportError(
                f"{label}: {describe(port.elem)} has no positive speed (Mb/s); NCCL would assume "
                f"10000 Mb/s, which would make the imported bound wrong. Write the port's real "
                f"speed, e.g. speed=\"400000\" for 400 Gb/s, or leave the port out with "
                f"nics={short('^' + port.name)}", options=("nics",))
    for nic in left_out:
        log.info("%s: NIC %s is on a CPU without GPUs (a storage NIC?); left out", label,
                 ", ".join(p.name for p in nic.ports))
    islands = nvlink_islands(system)
    as_network = pcie == "always" or islands > 1 or any(g.npu for g in system.gpus)
    log.info("%s: %d GPU(s), %d NVLink island(s), PCIe tree %s", label, len(system.gpus),
             islands, "modelled" if as_network else "used for GPU-NIC paths only")
    box = (pcie_box if as_network else nvlink_box)(system, attachments, bandwidths)
    if boxes > 1 and box.ports == 0:
        raise NcclImportError(f"{label}: {_no_nic_reason(system, left_out)}; boxes={boxes} need "
                              f"NICs to reach each other. Dump the topology on a machine where "
                              f"NCCL sees the network (or import with boxes=1)")
    graph = Graph()
    to_ports = [(bw, kind) for _, b, bw, kind in box.links if box.nodes.get(b, ("",))[0] == "port"]
    totals = sum((bw for bw, _ in to_ports), Fraction(0))
    # the fabric is Ethernet when every NIC is, InfiniBand otherwise
    net_kind = ETHERNET_TYPE if to_ports and all(k == ETHERNET_TYPE for _, k in to_ports) \
        else IB_TYPE
    where = fabric_ports(graph, spec, boxes, box.ports, totals, net_kind) if box.ports else {}
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
        # not spelled like a catalog spec (dgx-h100:boxes=2 is the catalog's, another
        # network): the file's stem, then "(NCCL import, ...)" -- model.catalog.resolve
        # answers such a name with the way to read the topology (its JSON file)
        parts = [f"{boxes} box" if boxes == 1 else f"{boxes} boxes", f"fabric {spec}"]
        parts += [f"gpu {model.name}"] if model is not None else []
        parts += [f"nic speed {format_gbits(nic_mbps)} Gb/s"] if nic_mbps else []
        name = f"{stem[:100]} {IMPORT_MARK}, {', '.join(parts)})"
    return graph.topology(name)


def _no_nic_reason(system: System, left_out: list[Nic]) -> str:
    if left_out:
        names = ", ".join(p.name for n in left_out for p in n.ports)[:80]
        return f"the only NICs ({names}) are on CPUs without GPUs"
    if system.filtered_nets and not system.nics:
        return f"the nics filter left none of its {system.filtered_nets} NIC port(s)"
    if system.skipped_nets:
        return (f"its {system.skipped_nets} <net> element(s) have no dev attribute or are "
                f"disabled (net=\"0\"), so NCCL ignores them")
    return "it lists no NIC (<nic><net .../></nic>)"
