"""The verifier's former single module, kept so that ``forestcoll_opt.verify.verifier`` still
imports: it re-exports the public names of :mod:`forestcoll_opt.verify`, which now live in
:mod:`~forestcoll_opt.verify.reader` (the schedule reader), :mod:`~forestcoll_opt.verify.bound`
(the verifier's own bound), :mod:`~forestcoll_opt.verify.loads` (link loads) and
:mod:`~forestcoll_opt.verify.verdict` (the verdicts). New code imports from
:mod:`forestcoll_opt.verify`.
"""

from __future__ import annotations

from ..errors import VerifierSelfCheckError, VerifyArgumentError, VerifyError
from .bound import CutBound, bound_of
from .loads import PhaseLoad
from .reader import load_schedule
from .terms import MAX_INTEGER, SCHEDULE_FORMAT, SCHEDULE_FORMATS
from .verdict import AGAINST, STATUSES, Verdict, assert_optimal, needs_lp_interval, verify

__all__ = ["SCHEDULE_FORMAT", "SCHEDULE_FORMATS", "STATUSES", "AGAINST", "MAX_INTEGER",
           "VerifyError", "VerifyArgumentError", "VerifierSelfCheckError", "CutBound",
           "PhaseLoad", "Verdict", "verify", "assert_optimal", "load_schedule",
           "needs_lp_interval", "bound_of"]
