"""Lazy layer faces. A layer whose modules load heavy packages when imported (the LP's PuLP
and HiGHS) or that computing does not need (the runtimes' readers and writers) exports its
public names from its ``__init__`` without importing them until one is asked for, so that
importing a light module of the layer (``lp/options.py``, the values the options take)
loads none of them. The layer also imports the names under ``TYPE_CHECKING``, for type
checkers and the API reference; :func:`face` gives the module's ``__getattr__`` and
``__dir__``."""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping


def face(package: str, where: Mapping[str, str]
         ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for the package ``package``, whose public name ``n``
    is defined in its module ``where[n]`` (relative, as ``".solver"``); a name is imported
    the first time it is asked for, then kept in the package.

    :param package: the package's ``__name__``
    :param where: public name -> the module defining it, relative to ``package``
    :returns: (``__getattr__``, ``__dir__``)
    """
    def getattr_(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(where[name], package), name)
            setattr(sys.modules[package], name, value)
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def dir_() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return getattr_, dir_
