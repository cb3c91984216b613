"""Calls in the form of the previous release, accepted for one more release with a
:class:`DeprecationWarning` that names the form to use instead.

The package's convention is ``f(topology, schedule, *, collective=..., ...)``: what a function
works on is positional, every option a keyword. Functions that took an option positionally
(``generate(t, "allreduce")``) or under another name (``solve_lp(t, problem=...)``) keep
accepting the old call through :func:`keyword_options`.
"""

from __future__ import annotations

import functools
import sys
import warnings
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def caller_level() -> int:
    """The ``stacklevel`` of a warning raised here that points at the first caller outside
    this package (the user's line), however many of the package's own wrappers (such as
    ``forestcoll_opt``'s topology-spec wrappers) lie between: Python shows a
    DeprecationWarning by default only when it is attributed to ``__main__``.

    :returns: the stacklevel for :func:`warnings.warn` called by this function's caller
    """
    package = __name__.partition(".")[0]
    level, frame = 2, sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] == package:
        level, frame = level + 1, frame.f_back
    return level


def keyword_options(positional: int, old_order: tuple[str, ...] = (),
                    renamed: dict[str, str] | None = None) -> Callable[[F], F]:
    """Accept the previous release's call form of a function whose first ``positional``
    parameters are positional and every other parameter keyword-only.

    :param positional: how many leading parameters stay positional
    :param old_order: the keyword-only parameters that the previous release took
        positionally, in their old order, after the positional ones
    :param renamed: old keyword name -> new keyword name
    :returns: a decorator; the decorated function's signature (``inspect.signature``,
        ``help``) is the new one
    """
    renamed = dict(renamed or {})

    def decorate(func: F) -> F:
        name = func.__qualname__

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(args) > positional:
                extra = args[positional:]
                if len(extra) > len(old_order):
                    raise TypeError(f"{name}() takes {positional} positional argument(s) but "
                                    f"{len(args)} were given")
                moved = old_order[:len(extra)]
                for key, value in zip(moved, extra):
                    if key in kwargs:
                        raise TypeError(f"{name}() got multiple values for argument {key!r}")
                    kwargs[key] = value
                warnings.warn(f"{name}(): pass {', '.join(f'{k}=' for k in moved)} as "
                              f"keyword{'s' if len(moved) > 1 else ''}; the positional form "
                              f"goes in the next release", DeprecationWarning, stacklevel=caller_level())
                args = args[:positional]
            for old, new in renamed.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{name}() got both {old}= and {new}=; give {new}=")
                    kwargs[new] = kwargs.pop(old)
                    warnings.warn(f"{name}(): {old}= is now {new}=; the old name goes in the "
                                  f"next release", DeprecationWarning, stacklevel=caller_level())
            return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
