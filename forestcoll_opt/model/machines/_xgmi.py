"""AMD's 8-GPU platform (OCP Universal Base Board) as a catalog family: no switch inside
the box, one AMD Infinity Fabric (xGMI) link between every two of its 8 GPUs (a full mesh,
7 links per GPU), and one NIC per GPU, NIC i on rail i of the scale-out fabric
(:mod:`._fabric`). Every GPU has the same links, so all GPUs are alike."""

from __future__ import annotations

from ..family import Family, Param
from ..topology import Topology

from ._build import MAX_BOXES, Sketch, mesh_boxes
from ._fabric import choose, fabric_params, wire

GPUS = 8
SU = 32           # scalable units as NVIDIA's (AMD publishes none): 32 boxes
LEAF = 4          # fat-tree: 4 boxes = 32 NICs, half the ports of a 64-port leaf at 1:1


def xgmi_family(name: str, summary: str, link: int | str, nic: int, nic_kind: str) -> Family:
    """The family ``name`` of 8-GPU full-mesh boxes: ``link`` GB/s each way per xGMI link,
    ``nic`` GB/s per NIC, NIC links of type ``nic_kind``."""
    params = (Param("boxes", 2, "number of boxes", maximum=MAX_BOXES),
              *fabric_params(SU, LEAF, MAX_BOXES))

    def build(boxes: int = 2, fabric: str = "flat", su: int = SU, leaf: int = LEAF,
              oversub: int = 1) -> Topology:
        chosen = choose(name, params, fabric, su, leaf, oversub)
        sketch = Sketch(f"{name}-{boxes}{chosen.suffix}")
        where = wire(sketch, chosen, boxes, [1] * GPUS, nic, kind=nic_kind)
        mesh_boxes(sketch, boxes, GPUS, link, nic, where, nic_kind=nic_kind)
        return sketch.topology()

    return Family(name=name, summary=summary, params=params, build=build)
