"""AMD MI250 boxes: 16 GCDs per box joined by xGMI links of 50 GB/s (link counts from the
paper's MI250 topology figure), and 16 GB/s from every GCD to one InfiniBand switch.
With ``gpus=8`` only GCDs 0-7 and the xGMI links among them are kept, so the GCDs have
unequal bandwidth."""

from ..family import Family, Param
from ..topology import Topology

from ._build import MAX_BOXES, Sketch

XGMI = 50
NIC = 16
# (GCD i, GCD j, number of 50 GB/s xGMI links); every GCD of the 16 has 7 links.
XGMI_LINKS = (
    (0, 1, 4), (0, 4, 2), (0, 8, 1), (1, 5, 1), (1, 9, 1), (1, 10, 1), (2, 3, 4),
    (2, 6, 1), (2, 9, 1), (2, 10, 1), (3, 7, 2), (3, 11, 1), (4, 5, 4), (4, 6, 1),
    (5, 6, 1), (5, 7, 1), (6, 7, 4), (8, 9, 4), (8, 12, 2), (9, 13, 1), (10, 11, 4),
    (10, 14, 1), (11, 15, 2), (12, 13, 4), (12, 14, 1), (13, 14, 1), (13, 15, 1), (14, 15, 4),
)


def build(boxes: int = 2, gpus: int = 16) -> Topology:
    """The ``mi250`` model (module docstring).

    :param boxes: the number of MI250 boxes
    :param gpus: GCDs per box: 16, or 8 for GCDs 0-7 and the xGMI links among them
    :returns: the topology, named ``mi250-<boxes>`` (``x8`` appended for 8 GCDs)
    """
    sketch = Sketch(f"mi250-{boxes}" + ("" if gpus == 16 else f"x{gpus}"))
    ib = sketch.switch("ib")
    for box in range(boxes):
        gcd = [sketch.compute(f"box{box}/gcd{g}", box) for g in range(gpus)]
        for i, j, count in XGMI_LINKS:
            if i < gpus and j < gpus:
                sketch.link(gcd[i], gcd[j], XGMI * count, "xgmi")
        for g in gcd:
            sketch.link(g, ib, NIC, "infiniband")
    return sketch.topology()


FAMILY = Family(
    name="mi250",
    summary="AMD MI250: 16 (or 8) GCDs per box on xGMI (50 GB/s links), 16 GB/s per GCD to one IB switch",
    params=(Param("boxes", 2, "number of MI250 boxes", maximum=MAX_BOXES),
            Param("gpus", 16, "GCDs per box (16, or 8 for GCDs 0-7 only)", choices=(8, 16))),
    build=build,
)
