"""The tutorial (docs/tutorial.md) followed as a reader would: the commands of its ``bash``
blocks typed top to bottom in an empty folder (nothing of the repository beside it: the
page starts from a file that ships in the package, as a reader with the wheel installed
has), what each block prints compared with the ``text`` block after it, then its Python
block in the same folder.

A ``text`` block must be the block's output line by line (spaces collapsed), except that a
line ``...`` stands for any number of lines, a line ending in ``...`` for any line that
starts with what precedes it, and the times measured on the machine (the ``seconds`` and
``oracle`` lines of ``generate`` and ``bound``, the ``seconds`` column of ``sweep-k``) are
not compared. A command whose comment says ``exit 1`` must exit 1, every other 0. The
install line is not run, nor the ``sh`` blocks (they need a GPU machine). The run takes
about 25 s, hence the ``slow`` marker (CI runs it as it is).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from pagecommands import environment, run_line, run_python

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```\n", re.S | re.M)
FIGURE = re.compile(r"\]\(tutorial/([\w.-]+\.svg)\)")
TIMED = ("seconds ", "oracle ")


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
        run_python(code, folder, env)
