"""AMD's 8-GPU platform (OCP Universal Base Board) as a catalog family: no switch inside
the box, one AMD Infinity Fabric (xGMI) link between every two of its 8 GPUs (a full mesh,
7 links per GPU), and one NIC per GPU, NIC i on rail i of the scale-out fabric
(:mod:`._fabric`). Every GPU has the same links, so all GPUs are alike."""

from __future__ import annotations

from ..family import Family, Param
from ..topology import Topology

from ._build import MAX_BOXES, Sketch, mesh_boxes
from ._fabric import LEAF, SU, choose, fabric_params, wire

GPUS = 8          # scalable units default to NVIDIA's 32 boxes: AMD publishes none


def xgmi_family(name: str, summary: str, link: int | str, nic: int, nic_kind: str) -> Family:
    """The family ``name`` of 8-GPU full-mesh boxes (module docstring).

    :param name: the family's name
    :param summary: its one-line description
    :param link: the bandwidth of one xGMI link, GB/s each way (an int or an exact string)
    :param nic: each GPU's NIC bandwidth, GB/s each way
    :param nic_kind: the link type of the NIC links (``infiniband`` or ``ethernet``)
    :returns: the family, with parameters ``boxes`` and the fabric's
    """
    params = (Param("boxes", 2, "number of boxes", maximum=MAX_BOXES),
              *fabric_params(SU, LEAF, MAX_BOXES))

    def build(boxes: int = 2, fabric: str = "flat", su: int = SU, leaf: int = LEAF,
              oversub: int = 1) -> Topology:
        """The topology of ``boxes`` boxes (:func:`xgmi_family`; fabric: :mod:`._fabric`).

        :param boxes: the number of boxes
        :param fabric: ``flat``, ``su`` or ``fat-tree``
        :param su: boxes per scalable unit
        :param leaf: boxes per fat-tree leaf
        :param oversub: the leaves' oversubscription ratio
        :returns: the topology, named ``<family>-<boxes>`` and its fabric
        :raises CatalogError: for a fabric parameter the fabric does not read
        """
        chosen = choose(name, params, fabric, su, leaf, oversub)
        sketch = Sketch(f"{name}-{boxes}{chosen.suffix}")
        where = wire(sketch, chosen, boxes, [1] * GPUS, nic, kind=nic_kind)
        mesh_boxes(sketch, boxes, GPUS, link, nic, where, nic_kind=nic_kind)
        return sketch.topology()

    return Family(name=name, summary=summary, params=params, build=build)
