"""The NVIDIA 8-GPU NVSwitch box (HGX/DGX H100, H200, B200) as a catalog family: every
GPU has ``nvlink`` to its box's NVSwitch and one NIC of ``nic`` on rail r (its index in
the box), the rails wired by a scale-out fabric (:mod:`._fabric`).

The NVSwitch chips of a box (four on H100/H200, two NVLink 5 switch chips on B200) are
one switch node: each chip takes an equal share of every GPU's links, so the chips have
the cut values of one switch carrying each GPU's whole NVLink bandwidth (the argument
of :mod:`._fabric` for the spine layer, applied to the chips).

``nvls=1`` gives the NVSwitch NVLink SHARP (in-switch multicast and reduction, NCCL's
NVLS algorithm); ``sharp=1`` gives the fabric switches InfiniBand SHARP (Quantum
switches; NCCL's CollNet). Both set the ``multicast`` flag of those switches."""

from __future__ import annotations

from ..family import Family, Param
from ..topology import Topology

from ._build import MAX_BOXES, Sketch, nvswitch_boxes
from ._fabric import LEAF, SU, choose, fabric_params, wire

GPUS = 8


def hgx_family(name: str, summary: str, nvlink: int, nic: int) -> Family:
    """The family ``name`` of 8-GPU NVSwitch boxes (module docstring).

    :param name: the family's name
    :param summary: its one-line description
    :param nvlink: each GPU's NVLink bandwidth to its box's NVSwitch, GB/s each way
    :param nic: each GPU's NIC bandwidth, GB/s each way
    :returns: the family, with parameters ``boxes``, ``nvls``, ``sharp`` and the fabric's
    """
    params = (Param("boxes", 2, "number of boxes", maximum=MAX_BOXES),
              Param("nvls", 0, "1: NVSwitches with NVLink SHARP (in-switch multicast/reduction)",
                    choices=(0, 1)),
              Param("sharp", 0, "1: fabric switches with InfiniBand SHARP", choices=(0, 1)),
              *fabric_params(SU, LEAF, MAX_BOXES))

    def build(boxes: int = 2, nvls: int = 0, sharp: int = 0, fabric: str = "flat",
              su: int = SU, leaf: int = LEAF, oversub: int = 1) -> Topology:
        """The topology of ``boxes`` boxes (:func:`hgx_family`; fabric: :mod:`._fabric`).

        :param boxes: the number of boxes
        :param nvls: 1 to mark the NVSwitches ``multicast`` (NVLink SHARP)
        :param sharp: 1 to mark the fabric switches ``multicast`` (InfiniBand SHARP)
        :param fabric: ``flat``, ``su`` or ``fat-tree``
        :param su: boxes per scalable unit
        :param leaf: boxes per fat-tree leaf
        :param oversub: the leaves' oversubscription ratio
        :returns: the topology, named ``<family>-<boxes>`` and its options
        :raises CatalogError: for a fabric parameter the fabric does not read
        """
        chosen = choose(name, params, fabric, su, leaf, oversub)
        suffix = ("-nvls" if nvls else "") + ("-sharp" if sharp else "") + chosen.suffix
        sketch = Sketch(f"{name}-{boxes}{suffix}")
        where = wire(sketch, chosen, boxes, [1] * GPUS, nic, multicast=bool(sharp))
        nvswitch_boxes(sketch, boxes, GPUS, nvlink, nic, where, multicast=bool(nvls))
        return sketch.topology()

    return Family(name=name, summary=summary, params=params, build=build)
