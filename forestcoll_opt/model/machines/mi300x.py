"""AMD Instinct MI300X boxes (docs/machines/mi300x.md): 8 GPUs per box, each with seven
x16 AMD Infinity Fabric links at 32 Gb/s per lane (64 GB/s each way per link, 448 GB/s
each way per GPU), one to every other GPU of the box; one 400 Gb/s NIC (50 GB/s) per GPU,
NIC i on rail i (InfiniBand NDR in the reference deployments). The MI325X has the same
links and NICs (only its memory differs), so ``mi300x`` stands for it too. Parameters:
``boxes`` and the fabric (:mod:`._xgmi`, :mod:`._fabric`)."""

from ._xgmi import xgmi_family

XGMI = 64
NIC = 50

FAMILY = xgmi_family(
    "mi300x",
    "AMD MI300X/MI325X: 8 GPUs per box in a full xGMI mesh (7 x 64 GB/s), 50 GB/s NIC per GPU",
    XGMI, NIC, "infiniband")
