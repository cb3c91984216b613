"""Every error line docs/troubleshooting.md quotes is the line the tool prints today: each
case is made again here (in an empty folder, as a user would meet it) and its line must
stand in one of the page's ``text`` blocks, word for word."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from forestcoll_opt.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "troubleshooting.md"
NCCL = ROOT / "tests" / "data" / "nccl"


def quoted() -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    return {line.strip() for block in re.findall(r"^```text\n(.*?)^```", text, re.S | re.M)
            for line in block.splitlines()}


def printed(capsys, *argv: str) -> list[str]:
    """The lines one command prints (standard output, then standard error)."""
    capsys.readouterr()
    main(list(argv))
    out = capsys.readouterr()
    return (out.out + out.err).splitlines()


def assert_quoted(lines: list[str], start: str) -> None:
    line = next((line for line in lines if line.startswith(start)), None)
    assert line is not None, f"no line starting {start!r} in {lines}"
    assert line in quoted(), f"docs/troubleshooting.md does not quote: {line}"


def link(src, dst, bandwidth, both=True):
    return {"src": src, "dst": dst, "bandwidth": bandwidth, "bidirectional": both}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_unbalanced_switch(folder, capsys):
    nodes = [{"id": s, "kind": "switch"} for s in ("leaf0", "leaf1", "spine")]
    nodes += [{"id": f"gpu{i}", "kind": "compute"} for i in range(4)]
    links = [link(f"gpu{i}", f"leaf{i // 2}", 50) for i in range(4)]
    links += [link("leaf0", "spine", 100), link("leaf1", "spine", 100, both=False),
              link("spine", "leaf1", 50, both=False)]
    Path("two-leaves.json").write_text(json.dumps(
        {"format": "forestcoll-topology/1", "name": "two-leaves", "nodes": nodes,
         "links": links}))
    assert_quoted(printed(capsys, "bound", "two-leaves.json"), "forestcoll: error: node 'leaf1'")


def test_failure_that_unbalances(folder, capsys):
    nodes = [{"id": v, "kind": "compute"} for v in "abc"]
    links = [link("a", "b", 1, both=False), link("b", "c", 1, both=False),
             link("c", "a", 1, both=False), link("a", "b", 1), link("b", "c", 1),
             link("c", "a", 1)]
    Path("ring3.json").write_text(json.dumps(
        {"format": "forestcoll-topology/1", "name": "ring3", "nodes": nodes, "links": links}))
    lines = printed(capsys, "generate", "ring3.json", "--fail", "link:a--b", "-o", "s.json")
    assert_quoted(lines, "forestcoll: error: --fail link:a--b")


def test_lp_time_limit(capsys):
    lines = printed(capsys, "lp", "allreduce", "mi250:boxes=4", "--time-limit", "1e-9")
    assert_quoted(lines, "forestcoll: error: HiGHS did not prove")


def test_msccl_notes_and_limits(folder, capsys):
    printed(capsys, "generate", "mi250:boxes=2", "-q", "-o", "mi.json")
    lines = printed(capsys, "export", "msccl", "mi250:boxes=2", "mi.json", "-o", "mi.xml",
                    "--channels", "1")
    assert_quoted(lines, "forestcoll: error: rank 24 thread block 7")
    lines = printed(capsys, "export", "msccl", "mi250:boxes=2", "mi.json", "-o", "mi.xml")
    assert "2 channel(s)" in lines[0]
    assert_quoted(lines, "note: nchunksperloop = 2656")


def test_min_bytes_with_a_max_of_zero(folder, capsys):
    printed(capsys, "import", "nccl", str(NCCL / "dgx-h100.xml"), "--boxes", "2", "--fabric",
            "rail", "-o", "topo.json")
    printed(capsys, "generate", "topo.json", "--collective", "allreduce", "-q", "-o", "ar.json")
    printed(capsys, "export", "msccl", "topo.json", "ar.json", "-o", "ar.xml",
            "--min-bytes", "17179869185")
    assert printed(capsys, "check-xml", "topo.json", "ar.xml")[0].startswith("OK: ")
    # the same file as a tool writes it that takes msccl-executor's maxBytes="0" for no limit
    text = Path("ar.xml").read_text()
    Path("ar.xml").write_text(text.replace('maxBytes="9223372036854775807"', 'maxBytes="0"', 1))
    assert printed(capsys, "check-xml", "topo.json", "ar.xml")[0].startswith("OK: ")
    assert_quoted(printed(capsys, "check-xml", "topo.json", "ar.xml", "--flavour", "legacy"),
                  "forestcoll: invalid: <algo>: minBytes=")


def test_nccl_files_without_speeds(folder, capsys):
    Path("ndv4-topo.xml").write_bytes((NCCL / "azure-ndv4-skeleton.xml").read_bytes())
    lines = printed(capsys, "import", "nccl", "ndv4-topo.xml", "--gpu", "a100", "-o", "t.json")
    assert_quoted(lines, "forestcoll: error: ndv4-topo.xml: an NCCL_TOPO_FILE skeleton")
    dump = (NCCL / "dgx-h100.xml").read_text().replace(' speed="400000"', "", 1)
    Path("topo.xml").write_text(dump)
    lines = printed(capsys, "import", "nccl", "topo.xml", "-o", "t.json")
    assert_quoted(lines, "forestcoll: error: topo.xml: <net name=\"mlx5_0\">")
    assert main(["import", "nccl", "topo.xml", "--nics", "^mlx5_0", "-o", "t.json"]) == 0


def test_drawing_without_matplotlib(folder, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # as if not installed
    lines = printed(capsys, "draw", "paper-example", "-o", "t.svg")
    assert_quoted(lines, "forestcoll: error: drawing needs matplotlib")


def test_browser_test_skip_line():
    source = (ROOT / "tests" / "draw" / "test_reports.py").read_text()
    skip = next(line for line in quoted() if line.startswith("SKIPPED"))
    assert skip.split(": ", 1)[1] in source


def test_alltoall_for_another_demand(folder, capsys):
    moe = str(ROOT / "examples" / "moe-demand-dgx-a100-2.json")
    assert main(["generate", "dgx-a100:boxes=2", "--collective", "alltoall", "--demand", moe,
                 "-o", "a2a.json"]) == 0
    assert_quoted(printed(capsys, "verify", "dgx-a100:boxes=2", "a2a.json"),
                  "forestcoll: invalid: \"demand\"")
    assert_quoted(printed(capsys, "verify", "dgx-a100:boxes=2", "a2a.json", "--weights",
                          str(ROOT / "examples" / "shards-dgx-a100-2.json")),
                  "forestcoll: error: --weights")
    lines = printed(capsys, "verify", "dgx-a100:boxes=2", "a2a.json", "--demand", moe)
    assert lines[0].startswith("OPTIMAL: valid alltoall schedule, algbw 50 GB/s")
    assert lines[1].startswith("demand  a non-uniform demand (240 of the 240 ordered pairs")


def test_older_call_forms(folder):
    code = ("import forestcoll_opt as fc\n"
            "t = fc.resolve('paper-example')\n"
            "for call in (lambda: fc.generate(t, 'allgather'),\n"
            "             lambda: fc.solve_lp(t, problem='allreduce')):\n"
            "    try:\n"
            "        call()\n"
            "    except TypeError as e:\n"
            "        print(f'TypeError: {e}')\n"
            "import forestcoll_opt.topology\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 1 and done.stdout.count("TypeError: ") == 2, done.stderr
    lines = done.stdout.splitlines() + [done.stderr.splitlines()[-1]]
    assert lines[-1].startswith("ModuleNotFoundError: "), done.stderr
    for line in lines:
        assert line in quoted(), line


def test_a_schedule_without_its_topology(folder, capsys):
    assert main(["generate", "paper-example", "-q", "-o", "schedule.json"]) == 0
    assert_quoted(printed(capsys, "verify", "schedule.json"), "forestcoll: error: forestcoll verify")
    assert_quoted(printed(capsys, "verify", "schedule.json", "paper-example"),
                  "forestcoll: error: schedule.json: a schedule")
