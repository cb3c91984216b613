"""The independent verifier: its own schedule reader, its own bound, verdicts."""

from __future__ import annotations

from .verifier import (  # the public names of forestcoll_opt.verify before the layer folders
    AGAINST,
    CutBound,
    MAX_INTEGER,
    PhaseLoad,
    SCHEDULE_FORMAT,
    SCHEDULE_FORMATS,
    STATUSES,
    Verdict,
    VerifierSelfCheckError,
    VerifyArgumentError,
    VerifyError,
    assert_optimal,
    bound_of,
    load_schedule,
    needs_lp_interval,
    verify,
)

__all__ = [
    'AGAINST',
    'CutBound',
    'MAX_INTEGER',
    'PhaseLoad',
    'SCHEDULE_FORMAT',
    'SCHEDULE_FORMATS',
    'STATUSES',
    'Verdict',
    'VerifierSelfCheckError',
    'VerifyArgumentError',
    'VerifyError',
    'assert_optimal',
    'bound_of',
    'load_schedule',
    'needs_lp_interval',
    'verify',
]
