"""The catalog of built-in topology models and the spec strings that name them.

A spec is ``name`` or ``name:key=value,key=value``; e.g. ``dgx-a100:boxes=2``. The models
themselves live in :mod:`forestcoll_opt.model.machines`, one module per machine family,
each exporting ``FAMILY`` (a :class:`~forestcoll_opt.model.family.Family`).
Anywhere a topology is expected, :func:`resolve` accepts a spec or a JSON file path.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from types import ModuleType
from typing import Any, Mapping

from ..errors import CatalogError
from .family import Family, Param  # noqa: F401  (Param: part of the catalog's API)
from .topology import Topology, load


def _machines() -> ModuleType:
    """The package of machine models, :mod:`forestcoll_opt.model.machines`."""
    return importlib.import_module(".machines", __package__)


def families() -> dict[str, Family]:
    """Every catalog family by name, sorted.

    :returns: family name -> :class:`~forestcoll_opt.model.family.Family`, found in the
        modules of :mod:`forestcoll_opt.model.machines`
    """
    package = _machines()
    found: dict[str, Family] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        family = getattr(module, "FAMILY", None)
        if isinstance(family, Family):
            found[family.name] = family
    return dict(sorted(found.items()))


def parse_spec(spec: str) -> tuple[Family, dict[str, int | str]]:
    """Split ``name:key=value,...`` into its family and full parameter dict.

    :param spec: the spec, e.g. ``"dgx-a100:boxes=2"``
    :returns: the family and every one of its parameters (defaults filled in)
    :raises CatalogError: when the name is not a catalog model, or a parameter is unknown,
        repeated or out of range
    """
    name, _, rest = spec.partition(":")
    fams = families()
    family = fams.get(name.strip())
    if family is None:
        raise CatalogError(f"unknown model {name!r}; known models: {', '.join(fams)} "
                           f"(or give a path to a forestcoll-topology/1 JSON file)")
    return family, family.parse(rest)


def build(spec: str) -> Topology:
    """The topology a catalog spec names, e.g. ``build("mi250:boxes=2,gpus=8")``.

    :param spec: the spec, ``name`` or ``name:key=value,...``
    :returns: the topology
    :raises CatalogError: as :func:`parse_spec`
    """
    family, params = parse_spec(spec)
    return family.build(**params)


def canonical_spec(family: Family, params: Mapping[str, Any]) -> str:
    """``name:key=value,...`` listing only parameters that differ from their defaults.

    :param family: the family
    :param params: a value for every parameter of ``family``
    :returns: the shortest spec naming that topology
    :raises KeyError: when ``params`` lacks a parameter of ``family``
    """
    extra = [f"{p.name}={params[p.name]}" for p in family.params if params[p.name] != p.default]
    return family.name + (":" + ",".join(extra) if extra else "")


def is_catalog_spec(text: str) -> bool:
    """Whether :func:`resolve` reads ``text`` as a catalog spec: the part before ``:``
    names a catalog model, and ``text`` has no path separator and does not end in
    ``.json``.

    :param text: a topology argument
    :returns: True for a catalog spec
    """
    pathish = text.endswith(".json") or os.path.sep in text or (os.path.altsep or "\0") in text
    return not pathish and text.partition(":")[0].strip() in families()


def resolve(topo: "str | os.PathLike | Topology") -> Topology:
    """A :class:`Topology` from a Topology, a JSON file or a catalog spec.

    The rule depends on the argument only, never on which files exist: a path object
    (:class:`pathlib.Path`, any ``os.PathLike``) is a file; a string is a catalog spec when
    the part before ``:`` names a catalog model (``dgx-a100:boxes=2``) and it has no path
    separator and does not end in ``.json``; any other string is a file (when no such
    file exists either, the error lists the catalog's models). A file named like a model,
    ``paper-example``, is read as ``./paper-example``.

    :param topo: a Topology (returned as is), a path, or a string
    :returns: the topology
    :raises CatalogError: an empty argument, or a bad parameter of a catalog spec
    :raises TopologyFormatError: a file that is not ``forestcoll-topology/1`` (or cannot be
        read)
    """
    if isinstance(topo, Topology):
        return topo
    if not isinstance(topo, str):
        return load(os.fspath(topo))
    text = topo
    if not text.strip():
        raise CatalogError("empty topology argument; give a catalog spec such as "
                           "dgx-a100:boxes=2 or a forestcoll-topology/1 JSON file")
    pathish = text.endswith(".json") or os.path.sep in text or (os.path.altsep or "\0") in text
    if is_catalog_spec(text):
        return build(text)
    if not pathish and not os.path.exists(text):
        return build(text)        # neither a model nor a file: build() names the models
    return load(text)
