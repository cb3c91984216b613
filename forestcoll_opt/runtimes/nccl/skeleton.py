"""Completing an ``NCCL_TOPO_FILE`` skeleton (docs/nccl.md, "Cloud skeletons"): cloud images
ship topology files without what NCCL reads from the running machine, so the GPU model
(:data:`GPU_MODELS`) gives every GPU its ``<gpu>`` details and NVLinks to the NVSwitches,
and the NIC port speed gives NIC devices their ``<nic><net>``.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import UsageError
from ..xmlread import XmlElement
from .elements import (GPU_CLASS_PREFIX, NIC_CLASS_PREFIX, NVSWITCH_CLASS, describe, int_attr,
                       parse_busid)
from .reader import NcclImportError, short

log = logging.getLogger(__name__)


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


# --- completing an NCCL_TOPO_FILE skeleton ----------------------------------------------------

def gpu_model(gpu: "str | GpuModel | None") -> GpuModel | None:
    """The :class:`GpuModel` named ``gpu`` (``a100``, ``h100``, ``h200``, ``b200``), or None.

    :param gpu: a model name, a :class:`GpuModel` or None
    :raises UsageError: for an unknown or unmodelled GPU
    """
    if isinstance(gpu, GpuModel):
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (gpu.sm, gpu.nvlinks)) \
                or not (1 <= gpu.sm <= 1000 and 1 <= gpu.nvlinks <= 1024):
            raise UsageError(f"GpuModel {short(gpu.name)}: sm must be from 1 to 1000 and "
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
        raise UsageError(f"gpu={short(gpu)}: {_UNMODELLED_GPUS[name]}", options=("gpu",))
    raise UsageError(f"gpu={short(gpu)} is not a GPU model; use one of {GPU_HELP} (the GPU "
                     f"generation of the machine; docs/nccl.md lists what each one means)",
                     options=("gpu",))


def parse_nic_speed(speed: "int | float | str | Fraction | None") -> int | None:
    """A port speed given in Gb/s (``200``, ``"12.5"``, ``Fraction(25, 2)``) as the whole
    number of Mb/s NCCL writes in ``net speed``, or None.

    :param speed: Gb/s as a number or text, or None
    :raises UsageError: for a speed that is not positive whole Mb/s
    """
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
        raise UsageError(f"nic_speed={short(speed)} must be a port speed in Gb/s from 0.001 to "
                         f"1000000 in whole Mb/s, such as 200 (HDR) or 400 (NDR InfiniBand)",
                         options=("nic_speed",))
    return int(gbits * 1000)


def format_gbits(mbps: int) -> str:
    """Mb/s as Gb/s in decimal: 200000 -> ``200``, 12500 -> ``12.5``."""
    whole, rest = divmod(mbps, 1000)
    return f"{whole}.{rest:03d}".rstrip("0") if rest else str(whole)


def _child(parent: XmlElement, tag: str, attrs: dict[str, str]) -> XmlElement:
    """A new element under ``parent``: one NCCL would add from the running machine (no file
    line, so messages name it without one)."""
    elem = XmlElement(tag, attrs, parent, 0)
    parent.children.append(elem)
    return elem


def _by_busid(elems: list[XmlElement]) -> list[XmlElement]:
    """PCI devices in PCI bus id order (NVML numbers GPUs so), those without one last."""
    def key(item: tuple[int, XmlElement]) -> tuple:
        busid = parse_busid(item[1].attrib.get("busid"))
        return (busid is None, busid or (), item[0])
    return [e for _, e in sorted(enumerate(elems), key=key)]


def complete_skeleton(root: XmlElement, label: str, model: GpuModel | None,
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
    ``nic_mbps``, is refused with what to pass.

    :param root: the parsed file, completed in place
    :param label: the name messages use for the file
    :param model: the GPU model, or None
    :param nic_mbps: the NIC port speed in Mb/s, or None
    :raises NcclImportError: for a skeleton that lacks what to pass
    """
    cpus = [c for c in root.children if c.tag == "cpu"] if root.tag == "system" else []
    pcis = [e for c in cpus for e in c.iter() if e.tag == "pci"]
    bare_gpus = [e for e in pcis if _class_of(e).startswith(GPU_CLASS_PREFIX)
                 and not any(c.tag == "gpu" for c in e.children)]
    bare_nics = [e for e in pcis if _class_of(e).startswith(NIC_CLASS_PREFIX)
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


def _class_of(elem: XmlElement) -> str:
    return (elem.attrib.get("class") or "").strip().lower()


def _refuse_incomplete(label: str, bare_gpus: list[XmlElement], bare_nics: list[XmlElement],
                       model: GpuModel | None) -> None:
    """One line saying what a skeleton lacks and which option gives it: the GPU model for
    GPU PCI devices without ``<gpu>``, the port speed for NIC PCI devices without ``<nic>``."""
    nics = (f"the port speed of its {len(bare_nics)} NIC device(s) with nic_speed=GBITS "
            f"(e.g. 200 for HDR, 400 for NDR InfiniBand)")
    if bare_gpus and model is None:
        raise NcclImportError(
            f"{label}: an NCCL_TOPO_FILE skeleton: its {len(bare_gpus)} GPU PCI device(s) (class "
            f"0x03...) carry no <gpu> details or NVLinks, which NCCL reads from the machine at "
            f"run time; give the GPU model with gpu=MODEL (one of {GPU_HELP})"
            f"{' and ' + nics if bare_nics else ''}, or import a dump made with "
            f"NCCL_TOPO_DUMP_FILE", options=("gpu", "nic_speed"))
    if bare_nics:
        raise NcclImportError(
            f"{label}: an NCCL_TOPO_FILE skeleton: its NIC PCI devices (class 0x02..., first "
            f"{describe(bare_nics[0])}) carry no <nic><net speed>, which NCCL reads from the "
            f"network plugin at run time; give {nics}", options=("nic_speed",))


def _complete_gpu(gpu: XmlElement, label: str, model: GpuModel) -> None:
    """A ``<gpu>`` with the model's ``sm`` and, when it lists no NVLink, the model's NVLinks
    to the NVSwitches, written as NCCL writes them inside a VM, where NVML cannot see the far
    end (target ``fffffff:ffff:ff``, class 0x068000). A ``<gpu>`` of another ``sm`` is
    refused."""
    sm = int_attr(gpu, "sm", label, required=False)
    if sm is None:
        gpu.attrib["sm"] = str(model.sm)
    elif sm != model.sm:
        raise NcclImportError(
            f"{label}: {describe(gpu)} has sm={sm} but the GPU model given, {model.name}, is sm "
            f"{model.sm}; give the model of the GPUs the file describes")
    if not any(c.tag == "nvlink" for c in gpu.children):
        _child(gpu, "nvlink", {"target": _HIDDEN_NVLINK_TARGET, "count": str(model.nvlinks),
                               "tclass": NVSWITCH_CLASS})


def _complete_nics(cpus: list[XmlElement], bare_nics: list[XmlElement], label: str,
                   nic_mbps: int) -> None:
    """One port of ``nic_mbps`` for every NIC PCI device without ``<nic>``, named
    ``nic{dev}`` with ``dev`` numbered on from the file's own ports in PCI bus id order."""
    devs = [int_attr(n, "dev", label, required=False) for c in cpus for n in c.iter()
            if n.tag == "net"]
    first = max((d for d in devs if d is not None), default=-1) + 1
    for dev, pci in enumerate(_by_busid(bare_nics), start=first):
        nic = _child(pci, "nic", {})
        _child(nic, "net", {"name": f"nic{dev}", "dev": str(dev), "speed": str(nic_mbps),
                            "port": "1", "gdr": "1"})
