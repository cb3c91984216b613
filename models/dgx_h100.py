"""NVIDIA DGX H100 boxes: 8 GPUs per box on the NVSwitch fabric (450 GB/s per GPU each way),
8 NICs of 50 GB/s per box, NIC i of every box on rail switch i."""

from forestcoll_opt.catalog import Family, Param
from forestcoll_opt.topology import Topology

from ._build import Sketch, nvswitch_boxes

GPUS = 8
NVLINK = 450
NIC = 50


def build(boxes: int = 2) -> Topology:
    sketch = Sketch(f"dgx-h100-{boxes}")
    rails = [sketch.switch(f"rail{r}") for r in range(GPUS)]
    nvswitch_boxes(sketch, boxes, GPUS, NVLINK, NIC, rails, lambda g: g)
    return sketch.topology()


FAMILY = Family(
    name="dgx-h100",
    summary="DGX H100: 8 GPUs x 450 GB/s NVSwitch per box, 50 GB/s NIC per GPU on 8 rail switches",
    params=(Param("boxes", 2, "number of DGX boxes"),),
    build=build,
)
