"""The catalog of built-in topology models and the spec strings that name them.

A spec is ``name`` or ``name:key=value,key=value``; e.g. ``dgx-a100:boxes=2``. The models
themselves live in :mod:`forestcoll_opt.model.machines`, one module per machine family,
each exporting ``FAMILY`` (a :class:`~forestcoll_opt.model.family.Family`).
Anywhere a topology is expected, :func:`resolve` accepts a spec or a JSON file path, and
also the name a catalog topology carries (``dgx-a100-2``, ``dgx-h100-4-su2-oversub2``,
what a schedule file's ``"topology"`` holds), with ``" without <failure>"`` appended
for the network a failure leaves (:func:`spec_of_name`).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
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


# The parts of a catalog topology's name after ``<family>-<count>`` (the machine modules
# and machines/_fabric.py write them): "x8" (GCDs per box), "-nvls"/"-sharp" (a 0/1
# option set), "-nic100", "-rails72", "-oversub2" (an option's value), "-su2" (fabric=su,
# su=2) and "-fat-tree4" (fabric=fat-tree, leaf=4).
_PART = re.compile(r"x([0-9]{1,9})|-(fat-tree|[a-z]+)([0-9]{0,9})")
_FABRIC_PARTS = {"su": "su", "fat-tree": "leaf"}   # fabric choice -> the option its number is
_WITHOUT = " without "
IMPORT_MARK = "(NCCL import"
"""What the name of a topology imported from an NCCL file holds after the file's stem
(``dgx-h100 (NCCL import, 2 boxes, fabric rail)``): not a catalog spec, and :func:`resolve`
says so."""


def _name_params(family: Family, rest: str) -> dict[str, str] | None:
    """The options a name's ``rest`` (after ``<family>-``) spells, as spec text, or None
    when it spells none."""
    count = re.match(r"[0-9]{1,9}", rest)
    if count is None or not family.params:
        return None
    known = {p.name: p for p in family.params}
    given = {family.params[0].name: count.group()}
    pos = count.end()
    while pos < len(rest):
        part = _PART.match(rest, pos)
        if part is None:
            return None
        gpus, word, number = part.groups()
        pos = part.end()
        if gpus is not None:
            key, value = "gpus", gpus
        elif word in _FABRIC_PARTS and "fabric" in known and number:
            given["fabric"] = word
            key, value = _FABRIC_PARTS[word], number
        elif word in known and not number and known[word].choices == (0, 1):
            key, value = word, "1"
        elif word in known and number:
            key, value = word, number
        else:
            return None
        if key not in known or key in given:
            return None
        given[key] = value
    return given


def spec_of_name(name: str) -> str | None:
    """The catalog spec whose topology carries ``name``, or None when ``name`` is not
    spelled like a catalog topology's name: ``"dgx-a100-2"`` → ``"dgx-a100:boxes=2"``,
    ``"dgx-h100-4-su2-oversub2"`` → ``"dgx-h100:boxes=4,fabric=su,su=2,oversub=2"``. A
    catalog spec is its own name's spec (``paper-example:boxes=3``). The spec is read
    from the name only; :func:`resolve` builds it and checks that the topology it builds
    carries ``name``.

    :param name: a topology's name, e.g. a schedule file's ``"topology"``
    :returns: the spec (the first option always written, the others when not their
        defaults), or None
    """
    text = name.strip()
    if is_catalog_spec(text, names=False):
        return text
    fams = families()
    for family_name in sorted(fams, key=len, reverse=True):
        if text.startswith(family_name + "-"):
            family = fams[family_name]
            given = _name_params(family, text[len(family_name) + 1:])
            if given is None:
                continue
            first = family.params[0].name
            defaults = {p.name: str(p.default) for p in family.params}
            shown = [f"{p.name}={given[p.name]}" for p in family.params
                     if p.name in given and (p.name == first or given[p.name] != defaults[p.name])]
            return f"{family_name}:{','.join(shown)}"
    return None


def _catalog_text(text: str) -> str | None:
    """A spec, a catalog topology's name, or either followed by ``" without <failure>"``
    (as :func:`~forestcoll_opt.model.faults.degrade` names its networks): the spec of
    the head, or None."""
    head = text.partition(_WITHOUT)[0]
    if head != text and (os.path.sep in head or (os.path.altsep or "\0") in head):
        return None
    if head == text and (text.endswith(".json") or os.path.sep in text
                         or (os.path.altsep or "\0") in text):
        return None
    return spec_of_name(head)


def is_catalog_spec(text: str, *, names: bool = True) -> bool:
    """Whether :func:`resolve` reads ``text`` from the catalog: the part before ``:``
    names a catalog model, and ``text`` has no path separator and does not end in
    ``.json``; with ``names`` (default) also the name a catalog topology carries
    (:func:`spec_of_name`), alone or followed by ``" without <failure>"``.

    :param text: a topology argument
    :param names: also accept catalog topologies' names
    :returns: True for a catalog spec (or name)
    """
    pathish = text.endswith(".json") or os.path.sep in text or (os.path.altsep or "\0") in text
    if not pathish and text.partition(":")[0].strip() in families():
        return True
    return names and _catalog_text(text) is not None


def _from_name(text: str) -> Topology:
    """The topology a catalog name (or spec), possibly followed by failures, stands for;
    refused when the spec read from the name builds a topology of another name."""
    from .faults import degrade

    head, _, failure = text.rpartition(_WITHOUT)
    if head and _catalog_text(head) is not None:
        topology = degrade(_from_name(head), failure)
    else:
        spec = spec_of_name(text)
        assert spec is not None
        try:
            topology = build(spec)
        except CatalogError as exc:
            raise CatalogError(f"{text[:80]!r} is spelled like a catalog topology's name, but "
                               f"its spec {spec} is refused ({exc}); give a catalog spec "
                               f"(forestcoll catalog) or a topology file") from None
    if topology.name != text.strip():
        raise CatalogError(f"{text[:80]!r} is spelled like a catalog topology's name, but "
                           f"{spec_of_name(text.partition(_WITHOUT)[0])} builds "
                           f"{topology.name!r}; give a catalog spec (forestcoll catalog) or "
                           f"a topology file")
    return topology


def resolve(topo: "str | os.PathLike | Topology") -> Topology:
    """A :class:`Topology` from a Topology, a JSON file or a catalog spec.

    The rule depends on the argument only, never on which files exist: a path object
    (:class:`pathlib.Path`, any ``os.PathLike``) is a file; a string is a catalog spec when
    the part before ``:`` names a catalog model (``dgx-a100:boxes=2``) and it has no path
    separator and does not end in ``.json``; a string spelled like the name a catalog
    topology carries (``dgx-a100-2``, what a schedule's ``topology`` holds;
    :func:`spec_of_name`), alone or followed by ``" without <failure>"`` (the network
    :func:`~forestcoll_opt.model.faults.degrade` leaves), is that topology; any other
    string is a file (when no such file exists either, the error lists the catalog's
    models). A file named like a model or a catalog topology, ``paper-example`` or
    ``dgx-a100-2``, is read as ``./paper-example``.

    :param topo: a Topology (returned as is), a path, or a string
    :returns: the topology
    :raises CatalogError: an empty argument, a bad parameter of a catalog spec, or a name
        spelled like a catalog topology's that no spec builds
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
    if is_catalog_spec(text, names=False):
        return build(text)
    if _catalog_text(text) is not None:
        return _from_name(text)
    if not pathish and not os.path.exists(text):
        if IMPORT_MARK in text:
            shown = text if len(text) <= 120 else text[:117] + "..."
            raise CatalogError(f"{shown!r} is the name of a topology imported from an NCCL "
                               f"file, not a catalog spec; give the forestcoll-topology/1 "
                               f"JSON file the import wrote")
        return build(text)        # neither a model nor a file: build() names the models
    return load(text)
