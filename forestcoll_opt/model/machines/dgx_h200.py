"""NVIDIA DGX/HGX H200 boxes: the network of the DGX H100 (docs/machines/dgx-h200.md):
8 GPUs per box on four third-generation NVSwitch chips, 18 NVLink 4 links per GPU
(900 GB/s both ways, 450 GB/s each way), and eight ConnectX-7 NICs of 400 Gb/s (50 GB/s),
one per GPU, NIC i on rail i. Only the GPU's memory differs from H100 (141 GB HBM3e), and
the bound does not read memory. Parameters as ``dgx-h100`` (:mod:`._hgx`)."""

from ._hgx import hgx_family

NVLINK = 450
NIC = 50

FAMILY = hgx_family(
    "dgx-h200",
    "DGX/HGX H200: 8 GPUs x 450 GB/s NVSwitch per box, 50 GB/s NIC per GPU on 8 rails",
    NVLINK, NIC)
