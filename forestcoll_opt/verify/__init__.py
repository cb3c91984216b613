"""The independent verifier: any ``forestcoll-schedule/1`` or ``/2`` against the exact bound.

It shares no code with the generator. It reads the schedule itself (its own JSON reading,
every field type-checked, unknown keys refused), recomputes the achieved algbw from the
exact load of every physical link, and computes the bound by its own method. The paper it
follows is "ForestColl: Throughput-Optimal Collective Communications on Heterogeneous
Network Fabrics".

Its parts, each a second method of the verifier's own (deliberately sharing no code with
the generator or the LP, so that one bug cannot both make and pass a wrong schedule; it
imports only the package's errors, files, topology model and max-flow kernels):

* :mod:`~forestcoll_opt.verify.reader` reads and validates a schedule (format semantics);
* :mod:`~forestcoll_opt.verify.loads` counts link loads and multicast copies;
* :mod:`~forestcoll_opt.verify.bound` computes the exact bound by the oracle of section
  "Optimality Binary Search" with a Newton sweep over the sinks (cut enumeration on small
  networks);
* :mod:`~forestcoll_opt.verify.verdict` compares them: :func:`verify`,
  :func:`assert_optimal`, :class:`Verdict`;
* :mod:`~forestcoll_opt.verify.terms` holds the format's terms and exact numbers.
"""

from __future__ import annotations

from ..errors import VerifierSelfCheckError, VerifyArgumentError, VerifyError
from .bound import CutBound, bound_of
from .groups import GroupCheck, GroupsVerdict, verify_groups
from .loads import PhaseLoad
from .reader import load_schedule
from .terms import MAX_INTEGER, SCHEDULE_FORMAT, SCHEDULE_FORMATS
from .verdict import AGAINST, STATUSES, Verdict, assert_optimal, needs_lp_interval, verify

__all__ = [
    'AGAINST',
    'CutBound',
    'GroupCheck',
    'GroupsVerdict',
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
    'verify_groups',
]
