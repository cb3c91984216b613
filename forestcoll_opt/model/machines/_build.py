"""Small helpers the catalog models share to write their node and link lists."""

from __future__ import annotations

from typing import Any

from ..topology import Topology, from_dict


class Sketch:
    """Collects nodes and bidirectional links in ``forestcoll-topology/1`` form."""

    def __init__(self, name: str, units: str = "GB/s") -> None:
        self.name = name
        self.units = units
        self.nodes: list[dict[str, Any]] = []
        self.links: list[dict[str, Any]] = []

    def compute(self, node_id: str, box: int | None = None) -> str:
        self.nodes.append({"id": node_id, "kind": "compute", **({} if box is None else {"box": box})})
        return node_id

    def switch(self, node_id: str, box: int | None = None, multicast: bool = False) -> str:
        self.nodes.append({"id": node_id, "kind": "switch", **({} if box is None else {"box": box}),
                           **({"multicast": True} if multicast else {})})
        return node_id

    def link(self, a: str, b: str, bandwidth: int | str, type: str | None = None) -> None:
        """A link of ``bandwidth`` in each direction between ``a`` and ``b``; ``type`` names
        its technology (forestcoll_opt.model.topology.LINK_TYPES) for the time model."""
        self.links.append({"src": a, "dst": b, "bandwidth": bandwidth, "bidirectional": True,
                           **({} if type is None else {"type": type})})

    def topology(self) -> Topology:
        return from_dict({"format": "forestcoll-topology/1", "name": self.name,
                          "units": self.units, "nodes": self.nodes, "links": self.links},
                         source=f"catalog model {self.name}")


def nvswitch_boxes(sketch: Sketch, boxes: int, gpus: int, nvlink: int, nic: int,
                   nic_switches: list[str], nic_switch_of, multicast: bool = False) -> None:
    """``boxes`` boxes of ``gpus`` GPUs, each GPU ``nvlink`` to its box's NVSwitch (with
    in-network multicast and reduction when ``multicast``) and with one NIC of ``nic`` to
    ``nic_switches[nic_switch_of(gpu index)]``."""
    for box in range(boxes):
        nvs = sketch.switch(f"box{box}/nvswitch", box, multicast)
        for g in range(gpus):
            gpu = sketch.compute(f"box{box}/gpu{g}", box)
            sketch.link(gpu, nvs, nvlink, "nvlink")
            sketch.link(gpu, nic_switches[nic_switch_of(g)], nic, "infiniband")
