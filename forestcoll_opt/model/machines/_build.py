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
        """Declare a compute node.

        :param node_id: its id
        :param box: its box, or None
        :returns: ``node_id``
        """
        self.nodes.append({"id": node_id, "kind": "compute", **({} if box is None else {"box": box})})
        return node_id

    def switch(self, node_id: str, box: int | None = None, multicast: bool = False) -> str:
        """Declare a switch.

        :param node_id: its id
        :param box: its box, or None
        :param multicast: True to mark it ``"multicast": true``
        :returns: ``node_id``
        """
        self.nodes.append({"id": node_id, "kind": "switch", **({} if box is None else {"box": box}),
                           **({"multicast": True} if multicast else {})})
        return node_id

    def link(self, a: str, b: str, bandwidth: int | str, type: str | None = None) -> None:
        """A link of ``bandwidth`` in each direction between ``a`` and ``b``; ``type`` names
        its technology (forestcoll_opt.model.topology.LINK_TYPES) for the time model.

        :param a: one end
        :param b: the other end
        :param bandwidth: the bandwidth each way, an int or an exact number string
        :param type: the link type, or None
        """
        self.links.append({"src": a, "dst": b, "bandwidth": bandwidth, "bidirectional": True,
                           **({} if type is None else {"type": type})})

    def topology(self) -> Topology:
        """The topology of everything declared so far.

        :returns: the validated topology
        :raises TopologyError: when the sketch breaks a rule of
            :class:`~forestcoll_opt.model.topology.Topology`
        """
        return from_dict({"format": "forestcoll-topology/1", "name": self.name,
                          "units": self.units, "nodes": self.nodes, "links": self.links},
                         source=f"catalog model {self.name}")


def nvswitch_boxes(sketch: Sketch, boxes: int, gpus: int, nvlink: int, nic: int,
                   nic_switches: list[str], nic_switch_of, multicast: bool = False) -> None:
    """``boxes`` boxes of ``gpus`` GPUs, each GPU ``nvlink`` to its box's NVSwitch (with
    in-network multicast and reduction when ``multicast``) and with one NIC of ``nic`` to
    ``nic_switches[nic_switch_of(gpu index)]``.

    :param sketch: the sketch to add to
    :param boxes: the number of boxes
    :param gpus: GPUs per box
    :param nvlink: each GPU's bandwidth to its box's NVSwitch, each way
    :param nic: each GPU's NIC bandwidth, each way
    :param nic_switches: the switches the NICs attach to
    :param nic_switch_of: in-box GPU index -> the index of its NIC's switch
    :param multicast: True to mark the NVSwitches ``multicast``
    """
    for box in range(boxes):
        nvs = sketch.switch(f"box{box}/nvswitch", box, multicast)
        for g in range(gpus):
            gpu = sketch.compute(f"box{box}/gpu{g}", box)
            sketch.link(gpu, nvs, nvlink, "nvlink")
            sketch.link(gpu, nic_switches[nic_switch_of(g)], nic, "infiniband")
