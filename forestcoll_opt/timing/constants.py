"""The time model's constants as data: ``calibration.json`` beside this module holds the
calibrated model's link efficiencies and fitted factors (:mod:`.calibrated`) and the NCCL
and RCCL tuning tables (:mod:`.library`), every value with its ``source``.

The file ships inside the package (``pyproject.toml``, package data) and is read once, at
import. Values load exactly: an exact ratio is a ``"p/q"`` string in lowest terms (a
:class:`~fractions.Fraction`), every other number a JSON float, which Python reads back to
the same double it was written from. ``tools/refresh_models.py`` copies the file to the
repository's ``models/calibration/`` (:func:`write_copy`), and the test suite checks the copy
is the same bytes (:func:`stale_copy`): the package's file is the one that is edited.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from importlib import resources
from typing import Any, Mapping

from ..errors import ForestCollError
from ..model.numbers import fraction_text

FILE = "calibration.json"
"""The data file's name, in this package and in ``models/calibration/``."""
FORMAT = "forestcoll-calibration/1"


def text() -> str:
    """The data file's text, as shipped in the package."""
    return resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")


class _Reader:
    """Typed access to the file's entries; a malformed one raises naming its path."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def fail(self, where: str, what: str) -> ForestCollError:
        return ForestCollError(f"forestcoll_opt/timing/{FILE}: {where}: {what} (the installed "
                               f"package is damaged; reinstall it)")

    def entry(self, *path: str) -> Any:
        """The ``value`` of the entry at ``path``, which must cite a ``source``."""
        node = self.data
        for key in path:
            if not isinstance(node, dict) or key not in node:
                raise self.fail(".".join(path), "missing")
            node = node[key]
        if not isinstance(node, dict) or "value" not in node or \
                not isinstance(node.get("source"), str) or not node["source"].strip():
            raise self.fail(".".join(path), "needs a value and a source")
        return node["value"]

    def fraction(self, *path: str) -> Fraction:
        value = self.entry(*path)
        try:
            exact = Fraction(value) if isinstance(value, str) else None
        except (ValueError, ZeroDivisionError):
            exact = None
        if exact is None or fraction_text(exact) != value:
            raise self.fail(".".join(path), f"{str(value)[:40]!r} is not a 'p/q' fraction in "
                                            f"lowest terms")
        return exact

    def number(self, value: Any, where: str) -> float:
        if type(value) is not float:
            raise self.fail(where, f"{str(value)[:40]!r} is not a float")
        return value

    def floating(self, *path: str) -> float:
        return self.number(self.entry(*path), ".".join(path))

    def row(self, value: Any, where: str, length: int | None = None) -> tuple[float, ...]:
        if not isinstance(value, list) or (length is not None and len(value) != length):
            raise self.fail(where, f"not a list{'' if length is None else f' of {length}'} "
                                   f"floats")
        return tuple(self.number(v, where) for v in value)

    def triples(self, *path: str) -> dict[str, tuple[float, float, float]]:
        value = self.entry(*path)
        where = ".".join(path)
        if not isinstance(value, dict):
            raise self.fail(where, "not a table")
        return {k: self.row(v, f"{where}.{k}", 3) for k, v in value.items()}  # type: ignore


def _load() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """(the calibrated model's constants, each library's tables) from the file."""
    data = json.loads(text())
    r = _Reader(data)
    if data.get("format") != FORMAT:
        raise r.fail("format", f"not {FORMAT}")
    model = {
        "efficiency": {k: r.fraction("efficiency", k)
                       for k in data["efficiency"] if k != "about"},
        "ring_latency": {k: r.floating("ring_latency", k)
                         for k in data["ring_latency"] if k != "about"},
        "reduce_step": r.floating("reduce_step"),
        "net_overhead": r.floating("net_overhead"),
        "tree_efficiency": r.floating("tree_efficiency"),
    }
    libraries: dict[str, dict[str, Any]] = {}
    for name, lib in data["libraries"].items():
        out: dict[str, Any] = {"release": lib["release"], "source": lib["source"],
                               "protocols": tuple(lib["protocols"]),
                               "base": r.triples("libraries", name, "base")}
        hop = r.entry("libraries", name, "hop")
        out["hop"] = {h: {a: r.row(v, f"libraries.{name}.hop.{h}.{a}", 3)
                          for a, v in algos.items()} for h, algos in hop.items()}
        for key in lib:
            if key in ("ll_max_bw", "ring_ll128_per_channel", "tree_ll128_per_channel",
                       "tree_per_channel"):
                out[key] = r.triples("libraries", name, key)
            elif key == "ll_max_bw_intel":
                out[key] = r.row(r.entry("libraries", name, key), f"libraries.{name}.{key}", 3)
            elif key.endswith("_correction"):
                rows = r.entry("libraries", name, key)
                if not isinstance(rows, list) or len(rows) != 3:
                    raise r.fail(f"libraries.{name}.{key}", "not three rows (LL, LL128, Simple)")
                out[key] = tuple(r.row(v, f"libraries.{name}.{key}") for v in rows)
        libraries[name] = out
    return model, libraries


MODEL, LIBRARIES = _load()
"""The calibrated model's constants (``efficiency``, ``ring_latency``, ``reduce_step``,
``net_overhead``, ``tree_efficiency``) and, per library (``"nccl"``, ``"rccl"``), its
release, source, protocols and tables, as read from the file."""


def write_copy(folder: str | os.PathLike) -> str:
    """Copy the data file to ``folder``/``calibration/`` (the repository's ``models/``).

    :param folder: the ``models/`` folder
    :returns: the path written, relative to ``folder``
    """
    sub = os.path.join(os.fspath(folder), "calibration")
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, FILE), "w", encoding="utf-8", newline="") as fh:
        fh.write(text())
    return f"calibration/{FILE}"


def stale_copy(folder: str | os.PathLike) -> list[str]:
    """``["calibration/calibration.json"]`` when the copy under ``folder`` is missing or
    differs from the package's file by a byte, else ``[]``.

    :param folder: the ``models/`` folder
    """
    path = os.path.join(os.fspath(folder), "calibration", FILE)
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            same = fh.read() == text()
    except OSError:
        same = False
    return [] if same else [f"calibration/{FILE}"]


def sources(data: Mapping[str, Any] | None = None) -> dict[str, str]:
    """Every entry's dotted path -> its ``source`` (the citations, for a listing or a
    test that every value has one).

    :param data: the parsed file (default: the package's)
    """
    data = json.loads(text()) if data is None else data
    found: dict[str, str] = {}

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if "value" in node:
                found[path] = node.get("source", "")
                return
            for key, child in node.items():
                walk(child, f"{path}.{key}" if path else key)
    walk(data, "")
    return found
