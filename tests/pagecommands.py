"""Running a page's commands as a reader types them (tests/test_readme.py for the README,
tests/test_tutorial.py for docs/tutorial.md): in a folder laid out like a checkout, with
this environment's ``forestcoll`` first on PATH, one ``bash -c`` per line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


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


def run_python(code: str, folder: Path, env: dict[str, str]) -> None:
    """Run a page's Python block as a script; a DeprecationWarning (a dependency's: the
    package has none) is an error, so that no page teaches a form on its way out."""
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{code}\n{done.stderr[-3000:]}"
