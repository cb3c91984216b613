"""NVIDIA DGX A100 boxes: 8 GPUs per box on one NVSwitch (300 GB/s per GPU each way),
each GPU with its own 25 GB/s InfiniBand NIC; NIC i of every box sits on IB plane i mod 2.

``sharp=1`` gives the IB plane switches InfiniBand SHARP (in-network aggregation and
multicast of Quantum InfiniBand switches; NCCL's CollNet with the SHARP plugin): it sets
their ``multicast`` flag. (The A100's second-generation NVSwitch has no in-switch
multicast, so there is no ``nvls`` option here.)"""

from ..family import Family, Param
from ..topology import Topology

from ._build import MAX_BOXES, Sketch, nvswitch_boxes

GPUS = 8
NVLINK = 300
NIC = 25
PLANES = 2


def build(boxes: int = 2, sharp: int = 0) -> Topology:
    """The ``dgx-a100`` model (module docstring).

    :param boxes: the number of DGX A100 boxes
    :param sharp: 1 to mark the two IB plane switches ``multicast`` (InfiniBand SHARP), 0
        not to
    :returns: the topology, named ``dgx-a100-<boxes>`` (``-sharp`` appended with SHARP)
    """
    sketch = Sketch(f"dgx-a100-{boxes}" + ("-sharp" if sharp else ""))
    planes = [sketch.switch(f"ib/plane{p}", multicast=bool(sharp)) for p in range(PLANES)]
    nvswitch_boxes(sketch, boxes, GPUS, NVLINK, NIC, lambda box, g: planes[g % PLANES])
    return sketch.topology()


FAMILY = Family(
    name="dgx-a100",
    summary="DGX A100: 8 GPUs x 300 GB/s NVSwitch per box, 25 GB/s NIC per GPU on 2 IB planes",
    params=(Param("boxes", 2, "number of DGX boxes", maximum=MAX_BOXES),
            Param("sharp", 0, "1: IB plane switches with InfiniBand SHARP", choices=(0, 1))),
    build=build,
)
