"""NVIDIA GB200 NVL72 racks (docs/machines/gb200-nvl72.md): 72 Blackwell GPUs per rack in
one NVLink domain. A rack has 18 compute trays of 4 GPUs and 9 NVLink switch trays of 2
NVLink 5 switch chips; every GPU has one NVLink 5 link (100 GB/s both ways) to each of the
18 chips, 900 GB/s each way in all. The 18 chips are one switch node ``rack{r}/nvlink``
(each chip has an equal share of every GPU's links, so the chips have the cut values of one
switch: the argument of :mod:`._fabric`). The rack is the model's box.

Scale-out: every GPU has one NIC (four ConnectX-7 of 400 Gb/s per tray, 50 GB/s each;
``nic=100`` for the GB300 NVL72's ConnectX-8 of 800 Gb/s). GPU g of a rack (tray g // 4,
position g mod 4) has its NIC on rail g mod ``rails``: ``rails=4`` (the default) puts the
NICs of one GPU position of every tray on one rail, ``rails=72`` gives every GPU of the
rack its own rail. NVIDIA's GB200
SuperPOD reference calls the fabric rail-optimized without a rail count in its text; for
2 racks or more the allgather bound is the same for both (the cut "all but one GPU"
binds). The rails are wired by the fabric parameters (:mod:`._fabric`; one scalable unit is
8 racks in the GB200 SuperPOD).

With one rack the NICs are left out: the rack is the NVLink domain alone (NICs on shared
rail switches would add a loop-back path through the network to it)."""

from __future__ import annotations

from ..family import Family, Param
from ..topology import Topology

from ._build import Sketch, nvswitch_boxes
from ._fabric import choose, fabric_params, wire

GPUS = 72
NVLINK = 900
SU = 8            # DGX SuperPOD GB200: scalable units of 8 racks (576 GPUs)
MAX_RACKS = 2048  # 147,456 GPUs


def build(racks: int = 2, nic: int = 50, rails: int = 4, nvls: int = 0, sharp: int = 0,
          fabric: str = "flat", su: int = SU, leaf: int = 1, oversub: int = 1) -> Topology:
    """The ``gb200-nvl72`` model (module docstring).

    :param racks: the number of NVL72 racks
    :param nic: each GPU's NIC bandwidth, 50 (GB200) or 100 (GB300) GB/s
    :param rails: rails per rack, 4 or 72
    :param nvls: 1 to mark the racks' NVLink switches ``multicast`` (NVLink SHARP)
    :param sharp: 1 to mark the fabric switches ``multicast`` (InfiniBand SHARP)
    :param fabric: ``flat``, ``su`` or ``fat-tree`` (:mod:`._fabric`)
    :param su: racks per scalable unit (``fabric=su``)
    :param leaf: racks per leaf switch (``fabric=fat-tree``)
    :param oversub: the leaves' oversubscription ratio
    :returns: the topology, named ``gb200-nvl72-<racks>`` and its options
    :raises CatalogError: for a fabric parameter the fabric does not read
    """
    chosen = choose(FAMILY.name, FAMILY.params, fabric, su, leaf, oversub)
    suffix = ((f"-nic{nic}" if nic != 50 else "") + (f"-rails{rails}" if rails != 4 else "")
              + ("-nvls" if nvls else "") + ("-sharp" if sharp else "") + chosen.suffix)
    sketch = Sketch(f"gb200-nvl72-{racks}{suffix}")
    where = None
    if racks > 1:
        rail_of = wire(sketch, chosen, racks, [GPUS // rails] * rails, nic, multicast=bool(sharp))
        where = lambda rack, g: rail_of(rack, g % rails)  # noqa: E731
    nvswitch_boxes(sketch, racks, GPUS, NVLINK, nic, where, multicast=bool(nvls),
                   switch="nvlink")
    return sketch.topology()


FAMILY = Family(
    name="gb200-nvl72",
    summary="GB200 NVL72: racks of 72 GPUs x 900 GB/s on one NVLink domain, 50 GB/s NIC per GPU",
    params=(Param("racks", 2, "number of NVL72 racks (NVLink domains)", maximum=MAX_RACKS),
            Param("nic", 50, "NIC GB/s per GPU: 50 (GB200, ConnectX-7 400G) or 100 "
                  "(GB300, ConnectX-8 800G)", choices=(50, 100)),
            Param("rails", 4, "rails per rack: 4 (GPU position in its tray) or 72 (each GPU)",
                  choices=(4, 72)),
            Param("nvls", 0, "1: NVLink switches with NVLink SHARP (in-switch multicast/"
                  "reduction)", choices=(0, 1)),
            Param("sharp", 0, "1: fabric switches with InfiniBand SHARP", choices=(0, 1)),
            *fabric_params(SU, 1, MAX_RACKS, box="racks")),
    build=build,
)
