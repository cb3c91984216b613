"""``forestcoll generate --compact/--plain`` and ``forestcoll expand``: compact schedules
(forestcoll-schedule/3) from the command line, and the one-line errors of expand."""

from __future__ import annotations

import json

from forestcoll_opt.cli import generate_cmds, main


def test_generate_compact_then_expand(tmp_path, capsys):
    compact, plain = tmp_path / "c.json", tmp_path / "p.json.gz"
    assert main(["generate", "dgx-a100:boxes=2", "--compact", "-q", "-o", str(compact)]) == 0
    out = capsys.readouterr().out
    # the rotation of each box's 4 GPUs on one InfiniBand plane (twins), the swap of the
    # planes and the swap of the boxes: order 4 x 2 x 2
    assert "compact         forestcoll-schedule/3: a group of order 16 (3 generators)" in out
    doc = json.loads(compact.read_text())
    assert doc["format"] == "forestcoll-schedule/3" and len(doc["group"]) == 3
    assert main(["expand", "dgx-a100:boxes=2", str(compact), "-o", str(plain)]) == 0
    out = capsys.readouterr().out
    assert "forestcoll-schedule/1; " in out and "representatives under a group of order 16" in out
    assert main(["verify", "dgx-a100:boxes=2", str(plain)]) == 0
    assert main(["verify", "dgx-a100:boxes=2", str(compact)]) == 0


def test_compact_is_the_default_above_the_threshold_only(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.json"
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["format"] == "forestcoll-schedule/1"
    monkeypatch.setattr(generate_cmds, "COMPACT_ABOVE", 8)
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["format"] == "forestcoll-schedule/3"
    assert main(["generate", "dgx-a100:boxes=2", "--plain", "-q", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["format"] == "forestcoll-schedule/1"
    capsys.readouterr()
    assert main(["generate", "dgx-a100:boxes=2", "--plain", "--compact", "-o", str(out)]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_expand_refuses_another_topology_and_forged_generators(tmp_path, capsys):
    compact = tmp_path / "c.json"
    assert main(["generate", "dgx-a100:boxes=2", "--compact", "-q", "-o", str(compact)]) == 0
    capsys.readouterr()
    code = main(["expand", "mi250:boxes=2", str(compact), "-o", str(tmp_path / "x.json")])
    err = capsys.readouterr().err
    assert code == 2 and "is for dgx-a100-2" in err and len(err.strip().splitlines()) == 1
    code = main(["expand", "dgx-h100:boxes=2", str(compact), "-o", str(tmp_path / "x.json")])
    err = capsys.readouterr().err
    assert code == 2 and "of dgx-h100-2 (the schedule is for dgx-a100-2)" in err
    assert len(err.strip().splitlines()) == 1
    doc = json.loads(compact.read_text())
    doc["group"] = [[["box0/gpu0", "box1/gpu0"]]]
    compact.write_text(json.dumps(doc))
    code = main(["expand", "dgx-a100:boxes=2", str(compact), "-o", str(tmp_path / "x.json")])
    err = capsys.readouterr().err
    assert code == 2 and "group generator #0 is not an automorphism" in err
    assert not (tmp_path / "x.json").exists()
    assert main(["schema", "schedule-3"]) == 0
    assert json.loads(capsys.readouterr().out)["$id"] == "urn:forestcoll:schedule:3"


def test_expand_says_what_it_wrote_for_every_kind(tmp_path, capsys):
    """An all-to-all schedule has routes, not trees (it said "0 trees"); a plain one has
    nothing to expand; a compact one names its representatives and group."""
    kinds = {"alltoall": ["--collective", "alltoall"], "plain": ["--plain"],
             "compact": ["--compact"]}
    said = {}
    for name, options in kinds.items():
        path = tmp_path / f"{name}.json"
        assert main(["generate", "paper-example", "-q", *options, "-o", str(path)]) == 0
        capsys.readouterr()
        out = tmp_path / f"{name}.out.json"
        assert main(["expand", "paper-example", str(path), "-o", str(out)]) == 0
        said[name] = capsys.readouterr().out
        if name != "compact":
            assert out.read_bytes() == path.read_bytes()
    assert said["alltoall"] == (f"wrote {tmp_path}/alltoall.out.json: alltoall on paper-example, "
                                f"56 routes (forestcoll-schedule/4; an all-to-all schedule has "
                                f"routes, not trees: nothing to expand, written as read)\n")
    assert said["plain"] == (f"wrote {tmp_path}/plain.out.json: allgather on paper-example, 8 "
                             f"trees (forestcoll-schedule/1; already plain: nothing to expand, "
                             f"written as read)\n")
    assert said["compact"] == (f"wrote {tmp_path}/compact.out.json: allgather on "
                               f"paper-example, 8 trees (forestcoll-schedule/1; 1 "
                               f"representative under a group of order 8)\n")


def _verbose(tmp_path, *argv):
    """generate in a fresh process (the CLI sets up logging once per process), with and
    without -v: (the -v run's standard error lines, whether standard output is the same but
    for its seconds)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    base = [sys.executable, "-m", "forestcoll_opt", "generate", *argv,
            "-o", str(tmp_path / "s.json")]
    loud = subprocess.run([*base, "-v"], capture_output=True, text=True, env=env, cwd=root)
    quiet = subprocess.run(base, capture_output=True, text=True, env=env, cwd=root)
    assert loud.returncode == quiet.returncode == 0 and quiet.stderr == ""
    def timeless(out):                    # the measured seconds differ from run to run
        return [line for line in out.splitlines() if not line.startswith("seconds ")]

    return loud.stderr.splitlines(), timeless(loud.stdout) == timeless(quiet.stdout)


def test_verbose_generate_compact_says_why_it_falls_back_and_names_every_stage(tmp_path):
    # a broadcast is not built by the orbit construction: every tree is built, then
    # compressed; -v says so first, then a line as each stage starts and one with its
    # seconds (standard error is no terminal here, so no bar is drawn)
    lines, same = _verbose(tmp_path, "dgx-h100:boxes=2", "--compact", "--collective",
                           "broadcast", "--root", "box0/gpu0")
    assert same and "\r" not in "".join(lines)
    assert lines[:3] == [
        "forestcoll: generate ...",
        "forestcoll: orbit construction not used: broadcast has one root",
        "forestcoll: compact: building every tree on 16 compute nodes, then writing them "
        "under the group (long on thousands)"]
    stages = ["symmetry", "bound", "splitting", "packing", "routing", "compressing"]
    assert [line for line in lines if line.endswith(" ...")] == [
        "forestcoll: generate ...", *(f"forestcoll: generate: {s} ..." for s in stages)]
    ends = [line.rsplit(":", 1)[0] for line in lines if line.endswith(" s")]
    assert ends == [f"forestcoll: generate: {s}" for s in stages]
    assert lines[-1].startswith("forestcoll: generate: ") and lines[-1].endswith(" s in all")


def test_verbose_generate_compact_names_the_orbit_construction_stages(tmp_path):
    lines, same = _verbose(tmp_path, "gb200-nvl72:racks=4", "--compact")
    assert same
    assert "forestcoll: orbit construction: a group of order 288, 1 orbit(s) of compute " \
           "nodes" in lines
    started = [line for line in lines if line.endswith(" ...")]
    # packing runs twice here (the whole pass, then the cut pass): one line each
    assert list(dict.fromkeys(started)) == ["forestcoll: generate ...", *(
        f"forestcoll: generate: {s} ..." for s in ("symmetry", "bound", "splitting",
                                                   "packing"))]
    assert not any("not used" in line for line in lines)
