"""Reading a schedule file as the verifier does, by its own JSON reading: UTF-8 (gzip
allowed), bounded in size, the package's one JSON parser (no key repeated in one object,
bounded nesting), every number with a fraction or an exponent read exactly as Decimal
(never a binary float).

Part of the independent verifier: it shares no code with the model's schedule reader.
"""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path
from typing import Any, Mapping

from ..display import article
from ..errors import VerifyError
from ..files import MAX_SCHEDULE, display_path, parse_json, read_text
from .terms import MAX_NUMBER_DIGITS, show


def load_schedule(schedule: Any) -> Mapping[str, Any]:
    """The schedule as a mapping: a mapping itself, ``to_dict()`` of an object that has it,
    or a ``forestcoll-schedule/1``, ``/2`` or ``/3`` JSON file read by the verifier's own
    reader (UTF-8, gzip allowed, at most :data:`~forestcoll_opt.files.MAX_SCHEDULE` bytes of
    text, no repeated keys, numbers with a fraction or an exponent read exactly as Decimal).
    Raises :class:`VerifyError` when there is nothing to check."""
    if isinstance(schedule, Mapping):
        return schedule
    if hasattr(schedule, "to_dict"):
        data = schedule.to_dict()
        if not isinstance(data, Mapping):
            raise VerifyError(f"{type(schedule).__name__}.to_dict() did not give a mapping")
        return data
    try:
        path = Path(os.fspath(schedule))
    except TypeError:
        raise VerifyError(f"cannot read a schedule from {article(type(schedule).__name__)}; "
                          f"pass a dict, a Schedule or the path of a JSON file") from None
    shown = display_path(path)
    text = read_text(path, VerifyError, "schedule", limit=MAX_SCHEDULE)
    # the package's one JSON reader: repeated keys, nesting and out-of-range numbers refused
    data = parse_json(text, VerifyError, shown, parse_float=_json_number)
    if not isinstance(data, dict):
        raise VerifyError(f"{shown}: a schedule must be a JSON object, found {show(data)}")
    return data


def _json_number(text: str) -> Decimal:
    """A JSON number with a fraction or an exponent, exactly (``2.0`` is the integer 2 as
    in JSON Schema; ``0.1`` stays 1/10, never a binary float); beyond
    :data:`MAX_NUMBER_DIGITS` digits before the point it is out of range, like an integer
    literal that long."""
    number = Decimal(text)
    if number.adjusted() >= MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of more than {MAX_NUMBER_DIGITS} digits")
    return number
