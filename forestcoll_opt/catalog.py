"""The catalog of built-in topology models and the spec strings that name them.

A spec is ``name`` or ``name:key=value,key=value``; e.g. ``dgx-a100:boxes=2``. The models
themselves live in the repository's ``models/`` folder (installed as
``forestcoll_opt.models``), one module per machine family, each exporting ``FAMILY``.
Anywhere a topology is expected, :func:`resolve` accepts a spec or a JSON file path.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Mapping

from .errors import CatalogError
from .topology import Topology, load


@dataclass(frozen=True)
class Param:
    """One parameter of a model family: default value, allowed values (or None) and help."""

    name: str
    default: int
    help: str
    choices: tuple[int, ...] | None = None
    minimum: int = 1
    maximum: int = 512


@dataclass(frozen=True)
class Family:
    """A parametrised machine family; ``build(**params)`` returns a :class:`Topology`."""

    name: str
    summary: str
    params: tuple[Param, ...]
    build: Callable[..., Topology]

    def parse(self, text: str) -> dict[str, int]:
        """Parameters from the ``key=value,...`` part of a spec, defaults filled in. A
        parameter given twice, or outside the range the toolkit supports, is refused."""
        known = {p.name: p for p in self.params}
        values = {p.name: p.default for p in self.params}
        given: set[str] = set()
        for item in filter(None, (t.strip() for t in text.split(","))):
            key, sep, raw = item.partition("=")
            key = key.strip()
            if not sep or key not in known:
                allowed = ", ".join(known) or "none"
                raise CatalogError(
                    f"model {self.name!r}: unknown parameter {item[:40]!r}; parameters: {allowed}")
            if key in given:
                raise CatalogError(f"model {self.name!r}: parameter {key} is given twice; "
                                   f"give it once")
            given.add(key)
            p = known[key]
            raw = raw.strip()
            if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
                allowed = (f"one of {', '.join(map(str, p.choices))}" if p.choices else
                           f"a whole number from {p.minimum} to {p.maximum}")
                raise CatalogError(f"model {self.name!r}: {key}={raw[:20]!r} must be {allowed}")
            value = int(raw)
            if p.choices is not None and value not in p.choices:
                raise CatalogError(f"model {self.name!r}: {key}={value} is not one of "
                                   f"{', '.join(map(str, p.choices))}")
            if value < p.minimum:
                raise CatalogError(f"model {self.name!r}: {key}={value} must be at least "
                                   f"{p.minimum}")
            if value > p.maximum:
                raise CatalogError(f"model {self.name!r}: {key}={value} is beyond the supported "
                                   f"maximum {key}={p.maximum}")
            values[key] = value
        return values


def _models_package() -> ModuleType:
    """``forestcoll_opt.models`` when installed; the checkout's ``models/`` folder otherwise."""
    try:
        return importlib.import_module("forestcoll_opt.models")
    except ModuleNotFoundError:
        folder = Path(__file__).resolve().parent.parent / "models"
        init = folder / "__init__.py"
        if not init.is_file():
            raise CatalogError("the model catalog is missing; reinstall forestcoll-opt") from None
        spec = importlib.util.spec_from_file_location(
            "forestcoll_opt.models", init, submodule_search_locations=[str(folder)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module


def families() -> dict[str, Family]:
    """Every catalog family by name, sorted."""
    package = _models_package()
    found: dict[str, Family] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        family = getattr(module, "FAMILY", None)
        if isinstance(family, Family):
            found[family.name] = family
    return dict(sorted(found.items()))


def parse_spec(spec: str) -> tuple[Family, dict[str, int]]:
    """Split ``name:key=value,...`` into its family and full parameter dict."""
    name, _, rest = spec.partition(":")
    fams = families()
    family = fams.get(name.strip())
    if family is None:
        raise CatalogError(f"unknown model {name!r}; known models: {', '.join(fams)} "
                           f"(or give a path to a forestcoll-topology/1 JSON file)")
    return family, family.parse(rest)


def build(spec: str) -> Topology:
    """The topology a catalog spec names, e.g. ``build("mi250:boxes=2,gpus=8")``."""
    family, params = parse_spec(spec)
    return family.build(**params)


def canonical_spec(family: Family, params: Mapping[str, Any]) -> str:
    """``name:key=value,...`` listing only parameters that differ from their defaults."""
    extra = [f"{p.name}={params[p.name]}" for p in family.params if params[p.name] != p.default]
    return family.name + (":" + ",".join(extra) if extra else "")


def resolve(topo: "str | os.PathLike | Topology") -> Topology:
    """A :class:`Topology` from a Topology, a JSON file path or a catalog spec.

    An argument is read as a file when it contains a path separator or ends in ``.json``,
    or when a file of that name exists and the text is not a catalog spec. A name that is
    both an existing file and a catalog spec (a file called ``paper-example`` in the working
    folder) is ambiguous and refused: write ``./paper-example`` for the file."""
    if isinstance(topo, Topology):
        return topo
    text = os.fspath(topo)
    if not isinstance(text, str) or not text.strip():
        raise CatalogError("empty topology argument; give a catalog spec such as "
                           "dgx-a100:boxes=2 or a forestcoll-topology/1 JSON file")
    if text.endswith(".json") or os.path.sep in text or (os.path.altsep or "\0") in text:
        return load(text)
    name = text.partition(":")[0].strip()
    if os.path.exists(text):      # False, not an error, for a name too long or with a NUL
        if name in families():
            raise CatalogError(f"{text!r} is both a file in this folder and a catalog spec; "
                               f"write ./{text} to read the file")
        return load(text)
    return build(text)
