"""``-v`` logs what a command does (lookat item 7: every --help promised "log progress
details", and only simulate and tradeoff logged anything): a line as the command starts and
one with its seconds as it ends, and between them a line as each long stage starts and one
with its count and seconds as it ends (generate's splitting, packing and routing, the
allreduce LP, whatif's classes, pareto's depths); plain text on stderr, no bar, and
standard output unchanged."""

import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.cli.output import Progress

ROOT = Path(__file__).resolve().parents[2]
SECONDS = r"\d+\.\d\d s"


def _forestcoll(*argv, cwd):
    """A fresh process, as a user's terminal or log sees it (the CLI sets up logging once
    per process)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "forestcoll_opt", *argv],
                          capture_output=True, text=True, env=env, cwd=cwd)


def test_generate_logs_each_stage_with_v_and_nothing_without(tmp_path):
    loud = _forestcoll("generate", "dgx-a100:boxes=2", "-o", "a.json", "-v", cwd=tmp_path)
    quiet = _forestcoll("generate", "dgx-a100:boxes=2", "-o", "b.json", cwd=tmp_path)
    assert loud.returncode == quiet.returncode == 0
    assert quiet.stderr == ""
    assert loud.stdout.replace("a.json", "b.json").splitlines()[:2] == \
        quiet.stdout.splitlines()[:2]                       # the seconds line differs
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert "\r" not in loud.stderr and "\x1b" not in loud.stderr      # no bar
    lines = loud.stderr.splitlines()
    patterns = [
        "generate ...",
        "generate: symmetry ...", f"generate: symmetry: {SECONDS}",
        "generate: bound ...", f"generate: bound: {SECONDS}",
        "generate: splitting ...", f"generate: splitting: 4 switches, {SECONDS}",
        "generate: packing ...", f"generate: packing: 495 edges, {SECONDS}",
        "generate: routing ...", f"generate: routing: 33 trees, {SECONDS}",
        f"generate: {SECONDS} in all"]
    assert len(lines) == len(patterns), lines
    for line, pattern in zip(lines, patterns):
        assert re.fullmatch(f"forestcoll: {pattern}", line), (line, pattern)


def test_an_error_stays_the_last_line(tmp_path):
    """With -v the traceback and the error's one line, which stays last: no "in all"."""
    run = _forestcoll("bound", "dgx-a100:boxes=2", "--root", "box0/gpu0", "-v", cwd=tmp_path)
    lines = run.stderr.splitlines()
    assert run.returncode == 2 and lines[0] == "forestcoll: bound ..."
    assert lines[-1] == ("forestcoll: error: allgather has a root at every compute node; "
                         "drop the root")
    assert not any(line.endswith(" in all") for line in lines)


@pytest.fixture
def logged(caplog):
    """The lines -v shows (in this process pytest holds the log, so the level is set here;
    the fresh processes above check that -v sets it)."""
    caplog.set_level(logging.INFO, logger="forestcoll_opt")

    def lines():
        got = [f"forestcoll: {r.getMessage()}" for r in caplog.records
               if r.name.startswith("forestcoll_opt")]
        caplog.clear()
        return got
    return lines


def _shape(lines):
    return [re.sub(r"\d+\.\d\d s", "T s", line) for line in lines]


def test_verify_lp_and_whatif_log_their_start_and_seconds(capsys, tmp_path, logged):
    sched = str(tmp_path / "s.json")
    assert main(["generate", "paper-example", "-o", sched, "-v"]) == 0
    logged()
    assert main(["verify", "paper-example", sched, "-v"]) == 0
    assert _shape(logged()) == ["forestcoll: verify ...", "forestcoll: verify: T s in all"]
    assert main(["lp", "allreduce", "paper-example", "-v"]) == 0
    assert _shape(logged()) == ["forestcoll: lp ...", "forestcoll: lp: T s in all"]
    assert main(["whatif", "paper-example", "--fail", "switch", "-v"]) == 0
    assert _shape(logged()) == ["forestcoll: whatif ...", "forestcoll: whatif: failures ...",
                                "forestcoll: whatif: failures: 2 classes, T s",
                                "forestcoll: whatif: T s in all"]
    capsys.readouterr()


def test_pareto_logs_each_depth_it_solves(capsys, logged):
    assert main(["pareto", "paper-example", "-v"]) == 0
    assert _shape(logged()) == [
        "forestcoll: pareto ...",
        "forestcoll: pareto: allgather depth 1 of 4 ...",
        "forestcoll: pareto: allgather depth 1: converged, T s",
        "forestcoll: pareto: allgather depth 2 of 4 ...",
        "forestcoll: pareto: allgather depth 2: converged, T s",
        "forestcoll: pareto: T s in all"]
    capsys.readouterr()


def test_generate_allreduce_logs_the_lp_it_solves(capsys, tmp_path, logged):
    assert main(["generate", "dgx-a100:boxes=2", "--collective", "allreduce",
                 "-o", str(tmp_path / "r.json"), "-v"]) == 0
    starts = [line for line in logged() if line.endswith(" ...")]
    assert starts[:3] == ["forestcoll: generate ...", "forestcoll: generate: tree bound ...",
                          "forestcoll: generate: allreduce LP ..."]
    capsys.readouterr()


def test_progress_ends_a_stage_when_the_next_starts_or_its_count_goes_back(logged):
    with Progress(quiet=True, command="demo") as progress:
        progress("splitting", 1, 1)
        progress("packing", 3, 10)
        progress("packing", 10, 10)
        progress("packing", 2, 10)          # packing again (the allgather half)
        progress("bound", 0, 1)
        progress("bound", 1, 1)
    assert _shape(logged()) == [
        "forestcoll: demo: splitting ...", "forestcoll: demo: splitting: 1 switch, T s",
        "forestcoll: demo: packing ...", "forestcoll: demo: packing: 10 edges, T s",
        "forestcoll: demo: packing ...", "forestcoll: demo: packing: 2 edges, T s",
        "forestcoll: demo: bound ...", "forestcoll: demo: bound: T s"]


def test_progress_logs_no_end_for_a_stage_an_error_cut_short(logged):
    with pytest.raises(ValueError):
        with Progress(quiet=False, command="demo") as progress:
            progress("packing", 3, 10)
            raise ValueError("stop")
    assert _shape(logged()) == ["forestcoll: demo: packing ..."]


def test_progress_without_a_command_logs_nothing(logged):
    """tradeoff logs its own stages, and its Progress draws bars only."""
    with Progress(quiet=True) as progress:
        progress("packing", 3, 10)
    assert logged() == []
