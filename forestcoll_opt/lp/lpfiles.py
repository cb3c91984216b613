"""An LP or MILP written as files (``write_lp=``/``write_mps=``, ``--write-lp``/``--write-mps``
and the ``models/`` artifacts): PuLP's .lp and .mps text, preceded by the model's header as
comment lines (``\\`` in .lp, ``*`` in .mps), both files or neither."""

from __future__ import annotations

import os
import tempfile
from typing import Any, Sequence

from ..errors import LPError
from ..files import write_outputs

__all__ = ["write_model"]


def write_model(problem: Any, header: Sequence[str], lp_path: str | os.PathLike | None,
                mps_path: str | os.PathLike | None) -> None:
    """Write ``problem`` (a ``pulp.LpProblem``) as .lp and/or .mps with ``header`` on top.

    :param problem: the model
    :param header: its comment lines, without the comment mark
    :param lp_path: the .lp file, or None
    :param mps_path: the .mps file, or None (written with OBJSENSE, not a comment)
    :raises LPError: when both name one file
    :raises OutputError: when a file cannot be written
    """
    if lp_path and mps_path and os.path.realpath(lp_path) == os.path.realpath(mps_path):
        raise LPError(f"write_lp and write_mps name the same file {os.fspath(lp_path)!r}; "
                      f"give two files")
    texts: dict[Any, str] = {}
    with tempfile.TemporaryDirectory(prefix="forestcoll-lp-") as tmp:
        for path, kind, mark in ((lp_path, "lp", "\\"), (mps_path, "mps", "*")):
            if not path:
                continue
            out = os.path.join(tmp, f"model.{kind}")
            if kind == "lp":
                problem.writeLP(out)
            else:
                problem.writeMPS(out, with_objsense=True)
            with open(out, encoding="utf-8") as fh:
                texts[path] = "".join(f"{mark} {line}\n" for line in header) + fh.read()
    if texts:
        write_outputs(texts)
