"""Collective runtimes' formats: MSCCL XML export and check, MSCCL++ execution plans and
their check, NCCL topology import, nccl-tests and rccl-tests logs.

Computing needs none of them, so the names below are loaded from their modules when first
asked for (:func:`forestcoll_opt.lazy.face`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import face

if TYPE_CHECKING:
    from .msccl_check import XmlVerdict, check_xml
    from .msccl_export import MscclExport, export_msccl, selection_rule
    from .msccl_groups import GroupExport, export_msccl_groups
    from .mscclpp_check import PlanVerdict, check_mscclpp
    from .mscclpp_export import MscclppExport, export_mscclpp, write_mscclpp
    from .nccl.fabric import parse_fabric
    from .nccl_import import import_nccl, nccl_example
    from .nccl_tests import (Measurement, NcclTestsRow, NcclTestsRun, busbw_factor,
                             read_nccl_tests)

_WHERE = {
    "XmlVerdict": ".msccl_check", "check_xml": ".msccl_check",
    "MscclExport": ".msccl_export", "export_msccl": ".msccl_export",
    "selection_rule": ".msccl_export",
    "GroupExport": ".msccl_groups", "export_msccl_groups": ".msccl_groups",
    "PlanVerdict": ".mscclpp_check", "check_mscclpp": ".mscclpp_check",
    "MscclppExport": ".mscclpp_export", "export_mscclpp": ".mscclpp_export",
    "write_mscclpp": ".mscclpp_export",
    "parse_fabric": ".nccl.fabric",
    "import_nccl": ".nccl_import", "nccl_example": ".nccl_import",
    **{name: ".nccl_tests" for name in (
        "Measurement", "NcclTestsRow", "NcclTestsRun", "busbw_factor", "read_nccl_tests")},
}

__all__ = sorted(_WHERE)

__getattr__, __dir__ = face(__name__, _WHERE)
