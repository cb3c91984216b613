"""The module paths of the flat layout (``forestcoll_opt.bound``, ``forestcoll_opt.topology``,
...) as deprecated aliases of the layer folders, for one release.

Each old path is registered in ``sys.modules`` as a small module that forwards every
attribute to the module's new home (or homes: the old ``schedule`` module is now the
schedule format in ``model.schedule`` and the pipeline in ``generation.pipeline``) and warns (``DeprecationWarning``) the first time it is
used; ``from forestcoll_opt.bound import bound`` keeps working. The new home is imported
only then, so the aliases cost nothing at import time. Assigning to an alias (as
``monkeypatch.setattr`` does) changes the alias only: patch the new module instead.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from typing import Any

OLD_PATHS = {
    "forestcoll_opt.baseline": "forestcoll_opt.timing.baseline",
    "forestcoll_opt.bound": "forestcoll_opt.generation.bound",
    "forestcoll_opt.catalog": "forestcoll_opt.model.catalog",
    "forestcoll_opt.collective": "forestcoll_opt.model.collective",
    "forestcoll_opt.fixed_k": "forestcoll_opt.generation.fixed_k",
    "forestcoll_opt.flow": "forestcoll_opt.kernels.flow",
    "forestcoll_opt.lp_schedule": "forestcoll_opt.lp.schedule",
    "forestcoll_opt.msccl": "forestcoll_opt.runtimes.msccl_export",
    "forestcoll_opt.msccl_check": "forestcoll_opt.runtimes.msccl_check",
    "forestcoll_opt.multicast": "forestcoll_opt.generation.multicast",
    "forestcoll_opt.nccl": "forestcoll_opt.runtimes.nccl_import",
    "forestcoll_opt.packing": "forestcoll_opt.generation.packing",
    "forestcoll_opt.pathunits": "forestcoll_opt.generation.pathunits",
    "forestcoll_opt.routing": "forestcoll_opt.generation.routing",
    "forestcoll_opt.schedule": "forestcoll_opt.model.schedule forestcoll_opt.generation.pipeline",
    "forestcoll_opt.simulate": "forestcoll_opt.timing.simulate",
    "forestcoll_opt.splitting": "forestcoll_opt.generation.splitting",
    "forestcoll_opt.symmetry": "forestcoll_opt.kernels.symmetry",
    "forestcoll_opt.topology": "forestcoll_opt.model.topology",
    "forestcoll_opt.tradeoff": "forestcoll_opt.timing.tradeoff",
    "forestcoll_opt.weights": "forestcoll_opt.model.weights",
    "forestcoll_opt.models": "forestcoll_opt.model.machines",
}


class _OldPath(types.ModuleType):
    """``forestcoll_opt.<old>``: forwards to its new module(s), the first that has the name."""

    def __init__(self, old: str, new: str) -> None:
        super().__init__(old, f"Deprecated alias of {' and '.join(new.split())}.")
        self.__dict__["_new"] = tuple(new.split())
        self.__dict__["_targets"] = None

    def _modules(self) -> tuple[types.ModuleType, ...]:
        targets = self.__dict__["_targets"]
        if targets is None:
            warnings.warn(f"{self.__name__} is deprecated: import {' or '.join(self._new)} "
                          f"instead", DeprecationWarning, stacklevel=3)
            targets = tuple(importlib.import_module(m) for m in self._new)
            self.__dict__["_targets"] = targets
        return targets

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        for module in self._modules():
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        return sorted(set().union(*(dir(m) for m in self._modules())))


def install() -> None:
    """Register every old path that is not imported already (idempotent)."""
    for old, new in OLD_PATHS.items():
        sys.modules.setdefault(old, _OldPath(old, new))
