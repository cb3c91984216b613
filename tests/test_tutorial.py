"""The tutorial (docs/tutorial.md) followed as a reader would: the commands of its ``bash``
blocks typed top to bottom in an empty folder (nothing of the repository beside it: the
page starts from a file that ships in the package, as a reader with the wheel installed
has), what each block prints compared with the ``text`` block after it, then its Python
block in the same folder.

A ``text`` block must be the block's output line by line (spaces collapsed), except that a
line ``...`` stands for any number of lines, a line ending in ``...`` for any line that
starts with what precedes it, and the times measured on the machine (the ``seconds`` and
``oracle`` lines of ``generate`` and ``bound``, the ``seconds`` column of ``sweep-k``) are
not compared (``pagecommands.matches``). The Python block's ``print`` lines carry what
they print as their comment, compared as well. A command whose comment says ``exit 1``
must exit 1, every other 0. The install line is not run, nor the ``sh`` blocks (they need
a GPU machine). The run takes about 25 s, hence the ``slow`` marker (CI runs it as it is).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from pagecommands import environment, matches, run_line, run_python

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```\n", re.S | re.M)
FIGURE = re.compile(r"\]\(tutorial/([\w.-]+\.svg)\)")


def steps() -> list[tuple[list[str], list[str] | None]]:
    """(command lines, expected output lines or None) per ``bash`` block, in page order."""
    text = PAGE.read_text(encoding="utf-8")
    fences = list(FENCE.finditer(text))
    found = []
    for i, fence in enumerate(fences):
        if fence.group(1) != "bash":
            continue
        lines = [line.strip() for line in fence.group(2).splitlines()]
        lines = [line for line in lines if line and not line.startswith(("#", "pip "))]
        after = fences[i + 1] if i + 1 < len(fences) else None
        expected = None
        if after is not None and after.group(1) == "text" \
                and not text[fence.end():after.start()].strip():
            expected = after.group(2).splitlines()
        if lines:
            found.append((lines, expected))
    return found


def python_blocks() -> list[str]:
    return [m.group(2) for m in FENCE.finditer(PAGE.read_text(encoding="utf-8"))
            if m.group(1) == "python"]


def printed_comments(code: str) -> list[str]:
    """What a Python block says it prints: the comment of each ``print(...)`` line."""
    found = []
    for line in code.splitlines():
        if line.startswith("print("):
            assert "  # " in line, f"a print without its output as a comment: {line!r}"
            found.append(line.partition("  # ")[2].strip())
    return found


def expected_exit(line: str) -> int:
    return 1 if "exit 1" in line.partition("#")[2] else 0


def skipped(line: str) -> str | None:
    if line.startswith("forestcoll draw") and importlib.util.find_spec("matplotlib") is None:
        return "drawing needs the draw extra (matplotlib)"
    return None


def test_the_page_needs_no_checkout_and_draws_its_pictures():
    commands = [line for lines, _ in steps() for line in lines]
    code = "\n".join(python_blocks())
    for text in commands + [code]:
        for folder in ("tests/", "examples/", "notebooks/", "benchmarks/", "data/"):
            assert folder not in text, f"the tutorial needs a checkout: {text!r}"
    drawn = {line.split("-o ")[1].split()[0] for line in commands
             if line.startswith("forestcoll draw")}
    shown = set(FIGURE.findall(PAGE.read_text(encoding="utf-8")))
    assert shown and shown <= drawn, f"pictures no command draws: {sorted(shown - drawn)}"
    assert all(expected is not None for _, expected in steps()), "a block without its output"


def test_matching_rules():
    out = ["wrote a.json: x", "seconds 0.20 total: bound 0.07", "primal long line here",
           "dual d"]
    assert matches(["wrote a.json: x", "seconds 0.31 total: bound 0.01", "...", "dual d"],
                   out) is None
    assert matches(["wrote a.json: x", "...", "primal long ...", "dual d"], out) is None
    assert matches(["wrote a.json: y", "..."], out) == "wrote a.json: y"
    assert matches(["wrote a.json: x"], out).startswith("(more output")
    assert matches(["...", "dual e"], out) == "dual e"
    table = ["  k  algbw  seconds", "  1  3600/7  0.04", "  2  1600/3  0.06"]
    assert matches(["k algbw seconds", "1 3600/7 0.10", "2 1600/3 0.20"], table) is None
    assert matches(["k algbw seconds", "1 3600/8 0.04", "2 1600/3 0.06"], table) is not None
    failures = ["failures  2048 single link failures in 2 classes (134 generators), 0.9 s"]
    assert matches(["failures 2048 single link failures in 2 classes (134 generators), 6.9 s"],
                   failures) is None                   # whatif's search time
    assert matches(["failures 2048 single link failures in 3 classes (134 generators), 0.9 s"],
                   failures) is not None
    assert matches(["algbw 341.333 GB/s"], ["algbw 341.334 GB/s"]) is not None   # not a time


def test_the_python_blocks_say_what_they_print():
    """The check in the run below has something to compare: the page's two prints."""
    assert [len(printed_comments(code)) for code in python_blocks()] == [2]


@pytest.mark.slow
def test_tutorial_runs_top_to_bottom(tmp_path):
    folder, env = tmp_path, environment()          # an empty folder: no tests/data
    ran = 0
    for lines, expected in steps():
        printed: list[str] = []
        for line in lines:
            if skipped(line):
                expected = None
                continue
            done = run_line(line, folder, env, expected_exit(line))
            printed += (done.stdout + done.stderr).splitlines()
            ran += 1
        if expected is not None:
            wrong = matches(expected, printed)
            assert wrong is None, (f"{lines}: the page's output differs at {wrong!r}; "
                                   f"printed:\n" + "\n".join(printed))
    assert ran >= 18
    if importlib.util.find_spec("matplotlib") is not None:
        for name in FIGURE.findall(PAGE.read_text(encoding="utf-8")):
            assert (folder / name).read_text().startswith("<?xml"), name
    for code in python_blocks():
        done = run_python(code, folder, env)
        assert done.stdout.splitlines() == printed_comments(code), code
