"""Calibration files: the calibrated model's parameters fitted to one cluster's own
measurements (``forestcoll calibrate``, :func:`forestcoll_opt.analysis.fitting.calibrate`),
read back by ``simulate``, ``tradeoff``, ``report`` (``--calibration FILE``) and by the
library's ``calibration=``.

The format, ``forestcoll-calibration-fit/1`` (docs/formats.md, "Calibration files"), is one
JSON object:

* ``format``: ``"forestcoll-calibration-fit/1"``;
* ``calibration``: the parameters of :class:`~forestcoll_opt.timing.calibrated.Calibration`
  that the file sets — ``efficiency`` (link type -> a float in (0, 1] or an exact ``"p/q"``),
  ``ring_latency`` (library -> factor > 0), ``overhead_s``, ``reduce_step_s``,
  ``net_overhead_s`` (seconds), ``tree_efficiency``, ``library``, ``arch``, ``amd_host``;
  what it leaves out keeps the package's default;
* ``fitted``: one entry per fitted parameter, ``{"name", "value", "sigma"}`` (``name`` as
  in :attr:`Calibration.uncertainty`: ``efficiency.infiniband``, ``ring_latency.nccl``,
  ``overhead``; ``sigma`` its standard error, in seconds for the overhead);
* ``runs``, ``residuals``, ``rms_log_error``, ``topology``: what the fit was made on and how
  well it fits (read by people; the reader checks only their types).

Fitted floats are written rounded to 6 significant digits (the fit is no better), so the
same logs give the same bytes; an efficiency is read exactly as the decimal it is written.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from typing import Any, Mapping

from ..errors import CalibrationError, UsageError
from ..files import display_path, parse_json, read_text
from ..model.numbers import fraction_text
from .calibrated import Calibration

FIT_FORMAT = "forestcoll-calibration-fit/1"
MAX_BYTES = 4 * 2**20
_KEYS = ("efficiency", "ring_latency", "overhead_s", "reduce_step_s", "net_overhead_s",
         "tree_efficiency", "library", "arch", "amd_host")


def rounded(value: float, digits: int = 6) -> float:
    """``value`` to ``digits`` significant digits (a float as Python writes it back)."""
    if value == 0 or not math.isfinite(value):
        return value
    return float(f"{value:.{digits - 1}e}")


def calibration_fields(calibration: Calibration) -> dict[str, Any]:
    """The ``calibration`` object of a file for ``calibration`` (every parameter, so the
    file keeps its meaning when the package's defaults change).

    :param calibration: the parameters
    :returns: a JSON-ready dict
    """
    eta = {}
    for kind, value in sorted(calibration.efficiency.items()):
        text = fraction_text(value)
        eta[kind] = text if len(text) <= 12 else rounded(float(value))
    return {"efficiency": eta,
            "ring_latency": {k: rounded(v) for k, v in sorted(calibration.ring_latency.items())},
            "overhead_s": rounded(calibration.overhead),
            "reduce_step_s": calibration.reduce_step,
            "net_overhead_s": calibration.net_overhead,
            "tree_efficiency": calibration.tree_efficiency,
            "library": calibration.library, "arch": calibration.arch,
            "amd_host": calibration.amd_host}


def read_calibration(path: str | os.PathLike) -> Calibration:
    """The :class:`Calibration` a calibration file describes, with its fitted parameters'
    standard errors as :attr:`~Calibration.uncertainty` (so predictions show a band).

    :param path: the file ``calibrate`` wrote
    :returns: the calibration
    :raises CalibrationError: when the file cannot be read, is not of this format, or holds
        a value out of its range (naming it)
    """
    shown = display_path(path)
    text = read_text(path, CalibrationError, "calibration", limit=MAX_BYTES)
    return calibration_from_dict(parse_json(text, CalibrationError, shown), shown)


def as_calibration(value: Any) -> Calibration | None:
    """``calibration=`` as the library's functions take it: None, a :class:`Calibration`,
    or a calibration file's path (read with :func:`read_calibration`).

    :raises CalibrationError: for a file that cannot be read
    """
    if isinstance(value, (str, os.PathLike)):
        return read_calibration(value)
    return value


def calibration_from_dict(doc: Any, source: str = "<calibration>") -> Calibration:
    """:func:`read_calibration` on a parsed document.

    :param doc: the JSON object
    :param source: the name used in messages
    :returns: the calibration
    :raises CalibrationError: as :func:`read_calibration`
    """
    if not isinstance(doc, dict) or doc.get("format") != FIT_FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise CalibrationError(f"{source}: not a calibration file (format "
                               f"{str(found)[:40]!r}, expected {FIT_FORMAT!r}; forestcoll "
                               f"calibrate writes one)")
    fields = doc.get("calibration")
    if not isinstance(fields, dict):
        raise CalibrationError(f"{source}: no 'calibration' object")
    unknown = sorted(set(fields) - set(_KEYS))
    if unknown:
        raise CalibrationError(f"{source}: calibration.{str(unknown[0])[:40]} is not a "
                               f"parameter; use {', '.join(_KEYS)}")
    kwargs: dict[str, Any] = {}
    default = Calibration()
    try:
        if "efficiency" in fields:      # the types it leaves out keep their defaults
            kwargs["efficiency"] = {**default.efficiency, **{
                k: _exact(v, f"calibration.efficiency.{k}", source)
                for k, v in _table(fields, "efficiency", source).items()}}
        if "ring_latency" in fields:
            kwargs["ring_latency"] = {**default.ring_latency, **{
                k: _number(v, f"calibration.ring_latency.{k}", source)
                for k, v in _table(fields, "ring_latency", source).items()}}
        for key, name in (("overhead_s", "overhead"), ("reduce_step_s", "reduce_step"),
                          ("net_overhead_s", "net_overhead")):
            if key in fields:
                kwargs[name] = _number(fields[key], f"calibration.{key}", source)
        if "tree_efficiency" in fields:
            tau = fields["tree_efficiency"]
            kwargs["tree_efficiency"] = (None if tau is None else
                                         _number(tau, "calibration.tree_efficiency", source))
        for key in ("library", "arch"):
            if key in fields:
                if not isinstance(fields[key], str):
                    raise CalibrationError(f"{source}: calibration.{key} is not a string")
                kwargs[key] = fields[key]
        if "amd_host" in fields:
            if not isinstance(fields["amd_host"], bool):
                raise CalibrationError(f"{source}: calibration.amd_host is not true or false")
            kwargs["amd_host"] = fields["amd_host"]
        fitted = doc.get("fitted", [])
        if not isinstance(fitted, list) or not all(
                isinstance(f, dict) and isinstance(f.get("name"), str) for f in fitted):
            raise CalibrationError(f"{source}: 'fitted' is not a list of {{name, value, "
                                   f"sigma}} objects")
        kwargs["uncertainty"] = {f["name"]: _number(f.get("sigma"), f"fitted {f['name']} sigma",
                                                    source) for f in fitted}
        return Calibration(**kwargs)
    except UsageError as exc:
        raise CalibrationError(f"{source}: {exc}") from None


def _table(fields: Mapping[str, Any], key: str, source: str) -> Mapping[str, Any]:
    value = fields[key]
    if not isinstance(value, dict):
        raise CalibrationError(f"{source}: calibration.{key} is not an object")
    return value


def _number(value: Any, where: str, source: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value):
        raise CalibrationError(f"{source}: {where} is not a finite number "
                               f"({str(value)[:40]})")
    return float(value)


def _exact(value: Any, where: str, source: str) -> Fraction:
    """An efficiency: ``"p/q"`` exactly, or a float read as the decimal it is written."""
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise CalibrationError(f"{source}: {where} {value[:40]!r} is not a number or "
                                   f"'p/q'") from None
    return Fraction(repr(_number(value, where, source)))
