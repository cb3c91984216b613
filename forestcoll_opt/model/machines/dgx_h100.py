"""NVIDIA DGX H100 boxes: 8 GPUs per box on the NVSwitch fabric (450 GB/s per GPU each way),
8 NICs of 50 GB/s per box, NIC i of every box on rail i of the scale-out fabric (by default
one rail switch for all boxes; ``fabric=su`` or ``fabric=fat-tree`` for two tiers, see
:mod:`._fabric`).

``nvls=1`` gives the NVSwitches NVLink SHARP (NVLS): the third-generation NVSwitch of the
H100 systems multicasts and reduces in the switch (NVIDIA, "NVIDIA DGX H100 System
Architecture" / the NVSwitch 3 SHARP description; NCCL uses it as the NVLS algorithm,
NCCL_NVLS_ENABLE). ``sharp=1`` gives the fabric switches InfiniBand SHARP (in-network
aggregation and multicast of Quantum InfiniBand switches; NCCL's CollNet with the SHARP
plugin). Both set the ``multicast`` flag of those switches."""

from ._hgx import hgx_family

NVLINK = 450
NIC = 50

FAMILY = hgx_family(
    "dgx-h100",
    "DGX H100: 8 GPUs x 450 GB/s NVSwitch per box, 50 GB/s NIC per GPU on 8 rails",
    NVLINK, NIC)
