"""NVIDIA DGX/HGX B200 boxes (docs/machines/dgx-b200.md): 8 Blackwell GPUs per box on two
NVLink 5 switch chips, 18 NVLink 5 links of 100 GB/s both ways per GPU (1.8 TB/s, so
900 GB/s each way), and eight single-port ConnectX-7 NICs of 400 Gb/s (50 GB/s), one per
GPU, NIC i on rail i. The NVLink 5 switch has SHARP engines for in-network reduction and
multicast (``nvls=1``). Parameters as ``dgx-h100`` (:mod:`._hgx`)."""

from ._hgx import hgx_family

NVLINK = 900
NIC = 50

FAMILY = hgx_family(
    "dgx-b200",
    "DGX/HGX B200: 8 GPUs x 900 GB/s NVLink 5 switch per box, 50 GB/s NIC per GPU on 8 rails",
    NVLINK, NIC)
