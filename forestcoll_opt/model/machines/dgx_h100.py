"""NVIDIA DGX H100 boxes: 8 GPUs per box on the NVSwitch fabric (450 GB/s per GPU each way),
8 NICs of 50 GB/s per box, NIC i of every box on rail switch i.

``nvls=1`` gives the NVSwitches NVLink SHARP (NVLS): the third-generation NVSwitch of the
H100 systems multicasts and reduces in the switch (NVIDIA, "NVIDIA DGX H100 System
Architecture" / the NVSwitch 3 SHARP description; NCCL uses it as the NVLS algorithm,
NCCL_NVLS_ENABLE). ``sharp=1`` gives the rail switches InfiniBand SHARP (in-network
aggregation and multicast of Quantum InfiniBand switches; NCCL's CollNet with the SHARP
plugin). Both set the ``multicast`` flag of those switches."""

from ..family import Family, Param
from ..topology import Topology

from ._build import Sketch, nvswitch_boxes

GPUS = 8
NVLINK = 450
NIC = 50


def build(boxes: int = 2, nvls: int = 0, sharp: int = 0) -> Topology:
    """The ``dgx-h100`` model (module docstring).

    :param boxes: the number of DGX H100 boxes
    :param nvls: 1 to mark every box's NVSwitch ``multicast`` (NVLink SHARP), 0 not to
    :param sharp: 1 to mark the eight rail switches ``multicast`` (InfiniBand SHARP), 0 not
        to
    :returns: the topology, named ``dgx-h100-<boxes>`` (``-nvls``, ``-sharp`` appended)
    """
    suffix = ("-nvls" if nvls else "") + ("-sharp" if sharp else "")
    sketch = Sketch(f"dgx-h100-{boxes}{suffix}")
    rails = [sketch.switch(f"rail{r}", multicast=bool(sharp)) for r in range(GPUS)]
    nvswitch_boxes(sketch, boxes, GPUS, NVLINK, NIC, rails, lambda g: g, multicast=bool(nvls))
    return sketch.topology()


FAMILY = Family(
    name="dgx-h100",
    summary="DGX H100: 8 GPUs x 450 GB/s NVSwitch per box, 50 GB/s NIC per GPU on 8 rail switches",
    params=(Param("boxes", 2, "number of DGX boxes"),
            Param("nvls", 0, "1: NVSwitches with NVLink SHARP (in-switch multicast/reduction)",
                  choices=(0, 1)),
            Param("sharp", 0, "1: rail switches with InfiniBand SHARP", choices=(0, 1))),
    build=build,
)
