"""Running independent pieces of work (one k, one topology) through an optional executor:
``None`` runs them here one after the other; a :class:`concurrent.futures.Executor` (e.g.
``ProcessPoolExecutor(4)``) or a Dask ``distributed.Client`` (a cluster, ``pip install
'forestcoll-opt[distributed]'``) runs them there. Results come back in the order of the
input, whatever finishes first. Shared by the sweeps, the comparisons and the trade-off."""

from __future__ import annotations

from typing import Any, Iterator

from .errors import UsageError


def in_order(executor, fn, calls: list[tuple]) -> Iterator[Any]:
    """``fn(*call)`` for every call, through ``executor`` (see this module), yielded in
    the order of ``calls`` as soon as each and all before it are done."""
    if executor is None:
        for call in calls:
            yield fn(*call)
        return
    if hasattr(executor, "gather") and hasattr(executor, "scheduler_info"):   # Dask
        futures = [executor.submit(fn, *call, pure=False) for call in calls]
    elif hasattr(executor, "submit"):
        futures = [executor.submit(fn, *call) for call in calls]
    else:
        raise UsageError(f"executor must be a concurrent.futures.Executor or a Dask "
                         f"distributed.Client, not {type(executor).__name__}")
    try:
        for future in futures:
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
