"""AMD Instinct MI355X boxes (docs/machines/mi355x.md), the CDNA 4 successor of the MI300X:
8 GPUs per box, each with seven x16 AMD Infinity Fabric links at 38.4 Gb/s per lane
(76.8 GB/s each way per link, 537.6 GB/s each way per GPU), one to every other GPU of the
box; one 400 Gb/s Ethernet NIC (AMD Pensando Pollara 400, 50 GB/s) per GPU, NIC i on
rail i. The MI350X has the same links. Parameters: ``boxes`` and the fabric
(:mod:`._xgmi`, :mod:`._fabric`)."""

from ._xgmi import xgmi_family

XGMI = "76.8"
NIC = 50

FAMILY = xgmi_family(
    "mi355x",
    "AMD MI355X/MI350X: 8 GPUs per box in a full xGMI mesh (7 x 76.8 GB/s), 50 GB/s NIC per GPU",
    XGMI, NIC, "ethernet")
