"""Running a page's commands as a reader types them (tests/test_readme.py for the README,
tests/test_tutorial.py for docs/tutorial.md): in a folder laid out like a checkout, with
this environment's ``forestcoll`` first on PATH, one ``bash -c`` per line; and comparing
what they print with the output a page shows (``matches``).

A page's output must be the command's line by line (spaces collapsed), except that a line
``...`` stands for any number of lines, a line ending in ``...`` for any line that starts
with what precedes it, and the times measured on the machine are not compared: the
decimals of the lines that start with one of ``TIMED`` and the last column of a table
whose header ends in ``seconds``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
# Lines whose decimals are times measured on the machine: generate's ``seconds``, bound's
# ``oracle``, whatif's ``failures`` (its search time at the end). Nothing else is masked.
TIMED = ("seconds ", "oracle ", "failures ")


def checkout_like(folder: Path, *shipped: str) -> Path:
    """``folder`` with the repository's ``tests/data/`` (and the top-level folders named in
    ``shipped``, e.g. ``examples``) linked into it, as the pages' relative paths expect."""
    for name in shipped:
        (folder / name).symlink_to(ROOT / name)
    (folder / "tests").mkdir()
    (folder / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    return folder


def environment() -> dict[str, str]:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "MPLBACKEND": "Agg"}


def run_line(line: str, folder: Path, env: dict[str, str], exit_status: int = 0
             ) -> subprocess.CompletedProcess:
    """Run one command line; it must exit with ``exit_status`` and print no traceback."""
    done = subprocess.run(["bash", "-c", line], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == exit_status, (
        f"{line}\nexit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    assert "Traceback" not in done.stderr, line
    return done


def run_python(code: str, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run a page's Python block as a script; a DeprecationWarning (a dependency's: the
    package has none) is an error, so that no page teaches a form on its way out."""
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{code}\n{done.stderr[-3000:]}"
    return done


def normalized(lines: list[str]) -> list[str]:
    """Spaces collapsed; measured times masked (the timing lines, a ``seconds`` column)."""
    out, timed_width = [], None
    for line in lines:
        words = line.split()
        if words and words[-1] == "seconds" and len(words) > 1:
            timed_width = len(words)          # a table whose last column is a time
        elif timed_width and len(words) == timed_width:
            words[-1] = "#"
        elif not words:
            timed_width = None
        text = " ".join(words)
        if text.startswith(TIMED):
            text = re.sub(r"\d+\.\d+", "#", text)
        out.append(text)
    return out


def same(expected: str, actual: str) -> bool:
    if expected.endswith("...") and expected != "...":
        return actual.startswith(expected[:-3].rstrip())
    return expected == actual


def matches(expected: list[str], actual: list[str]) -> str | None:
    """None if ``actual`` is what ``expected`` describes, else the first line that is not."""
    expected, actual = normalized(expected), normalized(actual)
    segments, current = [], []
    for line in expected:
        if line == "...":
            segments.append(current)
            current = []
        else:
            current.append(line)
    segments.append(current)
    at = 0
    for n, segment in enumerate(segments):
        anchored = n == 0                      # the output starts with the first segment
        starts = [at] if anchored else range(at, len(actual) - len(segment) + 1)
        for start in starts:
            if all(start + j < len(actual) and same(line, actual[start + j])
                   for j, line in enumerate(segment)):
                at = start + len(segment)
                break
        else:
            if anchored:                       # the first line that differs
                return next((line for j, line in enumerate(segment)
                             if at + j >= len(actual) or not same(line, actual[at + j])))
            return segment[0]
    if segments[-1] and at != len(actual):      # no trailing "...": nothing may follow
        return f"(more output: {actual[at]!r})"
    return None
