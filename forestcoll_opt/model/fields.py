"""The schedule format's field rules, shared by the tree and the route schedules of
:mod:`forestcoll_opt.model.schedule` and :mod:`forestcoll_opt.model.alltoall`: node ids,
labels, counts and exact numbers, each refused with a :class:`ScheduleError` naming it."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import ForestCollError, ScheduleError
from .numbers import parse_exact
from .topology import check_id

MAX_NUMBER_DIGITS = 200      # exact algbw / tree_bandwidth strings a schedule may carry


def node_id(value: Any, where: str) -> str:
    """A node id as the topology format allows it.

    :param value: the value read
    :param where: the field, as the message names it
    :returns: the id
    :raises ScheduleError: for anything else
    """
    try:
        return check_id(value, where)
    except ForestCollError as exc:
        raise ScheduleError(str(exc)) from None


def label(value: Any, where: str) -> str:
    """A string of at most 256 characters (topology name, units).

    :param value: the value read
    :param where: the field, as the message names it
    :returns: the string
    :raises ScheduleError: for anything else
    """
    if not isinstance(value, str) or len(value) > 256:
        raise ScheduleError(f"{where} must be a string of at most 256 characters")
    return value


def count(value: Any) -> int | None:
    """A positive JSON integer (``2.0`` and ``1e3`` count, as in JSON Schema), or None.

    :param value: the value read
    :returns: the integer, or None when it is not one
    """
    if isinstance(value, (float, Decimal)):
        if not (math.isfinite(value) and abs(value) < 2**64 and value == int(value)):
            return None
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return None
    return value


def exact(value: Any, where: str, zero: bool = False) -> Fraction:
    """An exact positive (or, with ``zero``, non-negative) number (no range limit beyond
    its digits, unlike a bandwidth).

    :param value: the value read
    :param where: the field, as the message names it
    :param zero: accept 0 too
    :returns: the number
    :raises ScheduleError: for anything else
    """
    try:
        result = parse_exact(value, where, max_digits=MAX_NUMBER_DIGITS)
    except ForestCollError as exc:
        raise ScheduleError(str(exc)) from None
    if result < 0 or (result == 0 and not zero):
        raise ScheduleError(f"{where} must be positive, found {str(value)[:40]!r}")
    return result
