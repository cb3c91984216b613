"""Small helpers the catalog models share to write their node and link lists."""

from __future__ import annotations

from typing import Any, Callable

from ..topology import Topology, from_dict

# The most boxes a family accepts: 131,072 GPUs of 8-GPU boxes (docs/machines/index.md says
# which sizes each command handles in what time).
MAX_BOXES = 16384


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


def nvswitch_boxes(sketch: Sketch, boxes: int, gpus: int, nvlink: int | str, nic: int | str,
                   where: Callable[[int, int], str] | None, multicast: bool = False,
                   switch: str = "nvswitch") -> None:
    """``boxes`` boxes of ``gpus`` GPUs, each GPU ``nvlink`` to its box's switch
    ``box{b}/{switch}`` (with in-network multicast and reduction when ``multicast``) and,
    unless ``where`` is None, with one NIC of ``nic`` to switch ``where(box, gpu index)``.

    :param sketch: the sketch to add to
    :param boxes: the number of boxes
    :param gpus: GPUs per box
    :param nvlink: each GPU's bandwidth to its box's switch, each way
    :param nic: each GPU's NIC bandwidth, each way
    :param where: box index, GPU index -> the switch its NIC plugs into; None for no NICs
    :param multicast: True to mark the box switches ``multicast``
    :param switch: the name of the box switch inside its box
    """
    for box in range(boxes):
        nvs = sketch.switch(f"box{box}/{switch}", box, multicast)
        for g in range(gpus):
            gpu = sketch.compute(f"box{box}/gpu{g}", box)
            sketch.link(gpu, nvs, nvlink, "nvlink")
            if where is not None:
                sketch.link(gpu, where(box, g), nic, "infiniband")


def mesh_boxes(sketch: Sketch, boxes: int, gpus: int, link: int | str, nic: int | str,
               where: Callable[[int, int], str], kind: str = "xgmi",
               nic_kind: str = "infiniband") -> None:
    """``boxes`` boxes of ``gpus`` GPUs with no switch inside: one ``link`` of type ``kind``
    between every two GPUs of a box (a full mesh), and one NIC of ``nic`` per GPU to switch
    ``where(box, gpu index)``.

    :param sketch: the sketch to add to
    :param boxes: the number of boxes
    :param gpus: GPUs per box
    :param link: the bandwidth of each GPU-GPU link, each way
    :param nic: each GPU's NIC bandwidth, each way
    :param where: box index, GPU index -> the switch its NIC plugs into
    :param kind: the link type of the GPU-GPU links
    :param nic_kind: the link type of the NIC links
    """
    for box in range(boxes):
        gpu = [sketch.compute(f"box{box}/gpu{g}", box) for g in range(gpus)]
        for i in range(gpus):
            for j in range(i + 1, gpus):
                sketch.link(gpu[i], gpu[j], link, kind)
        for g in range(gpus):
            sketch.link(gpu[g], where(box, g), nic, nic_kind)
