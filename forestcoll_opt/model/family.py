"""What a catalog machine model declares: a :class:`Family` of topologies and the
:class:`Param` values that choose one (``dgx-a100:boxes=2``). The machine models in
:mod:`forestcoll_opt.model.machines` import this module; :mod:`forestcoll_opt.model.catalog`
finds them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import CatalogError
from .topology import Topology


@dataclass(frozen=True)
class Param:
    """One parameter of a model family, as a spec writes it (``boxes=2``).

    :ivar name: the parameter's name in a spec
    :ivar default: the value when the spec leaves it out: a whole number, or a name
        (``fabric=su``) for a parameter whose ``choices`` are names
    :ivar help: a one-line description for ``forestcoll catalog``
    :ivar choices: the only values allowed (whole numbers, or names when the default is a
        name), or None for any whole number from ``minimum`` to ``maximum``
    :ivar minimum: the smallest value allowed
    :ivar maximum: the largest value the toolkit supports
    """

    name: str
    default: int | str
    help: str
    choices: tuple[int, ...] | tuple[str, ...] | None = None
    minimum: int = 1
    maximum: int = 512


@dataclass(frozen=True)
class Family:
    """A parametrised machine family; ``build(**params)`` returns a :class:`Topology`.

    :ivar name: the family's name, the part of a spec before ``:``
    :ivar summary: a one-line description for ``forestcoll catalog``
    :ivar params: its parameters, in the order ``build`` takes them
    :ivar build: the function that builds the topology from the parameters (as keywords)
    """

    name: str
    summary: str
    params: tuple[Param, ...]
    build: Callable[..., Topology]

    def parse(self, text: str) -> dict[str, int | str]:
        """Parameters from the ``key=value,...`` part of a spec, defaults filled in. A
        parameter given twice, or outside the range the toolkit supports, is refused.

        :param text: the part of the spec after ``:`` (may be empty)
        :returns: parameter name -> value, for every parameter
        :raises CatalogError: when a parameter is unknown, given twice, not a whole number,
            not one of its choices or out of range
        """
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
            if isinstance(p.default, str):
                if raw not in (p.choices or ()):
                    raise CatalogError(f"model {self.name!r}: {key}={raw[:20]!r} is not one of "
                                       f"{', '.join(map(str, p.choices or ()))}")
                values[key] = raw
                continue
            if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
                allowed = (f"one of {', '.join(map(str, p.choices))}" if p.choices else
                           f"a whole number from {p.minimum} to {p.maximum}")
                raise CatalogError(f"model {self.name!r}: {key}={raw[:20]!r} must be {allowed}")
            value = int(raw)
            if p.choices is not None and value not in p.choices:
                raise CatalogError(f"model {self.name!r}: {key}={value} is not one of "
                                   f"{', '.join(map(str, p.choices))}")
            if p.choices is None and value < p.minimum:
                raise CatalogError(f"model {self.name!r}: {key}={value} must be at least "
                                   f"{p.minimum}")
            if p.choices is None and value > p.maximum:
                raise CatalogError(f"model {self.name!r}: {key}={value} is beyond the supported "
                                   f"maximum {key}={p.maximum}")
            values[key] = value
        return values
