"""Process groups timed together on the command line: ``simulate TOPO S1 S2 ...`` (each
schedule alone and together) and ``groups ... --compare`` (the baselines beside the joint
optimum); without the flag ``groups`` prints what it did before."""

import json

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def dp_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("dp")
    paths = []
    for i in (0, 1):
        path = d / f"dp{i}.json"
        assert main(["generate", "dgx-h100:boxes=2", "--group", f"box*/gpu{i}",
                     "-o", str(path)]) == 0
        paths.append(str(path))
    return paths


def test_simulate_several_schedules_prints_alone_and_together(capsys, dp_files):
    """Two data-parallel pairs: alone each reaches the box's 8 rails (800); together they
    share every rail half and half (400)."""
    code, out, err = run(capsys, "simulate", "dgx-h100:boxes=2", *dp_files, "--sizes", "1GiB")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("2 process groups at once on dgx-h100-2: model calibrated")
    assert lines[2].startswith("shared links    ") and "(64 in all)" in lines[2]
    assert lines[4].split() == ["group", "members", "exact", "algbw", "alone", "together",
                                "slowdown", "(GB/s,", "bandwidth", "limit)"]
    assert lines[5].split() == ["dp0", "2", "800", "400", "x2"]
    assert lines[6].split() == ["dp1", "2", "800", "400", "x2"]
    rows = [l.split() for l in lines[9:]]
    assert [r[:2] for r in rows] == [["1GiB", "dp0"], ["1GiB", "dp1"]]
    code, out, _ = run(capsys, "simulate", "dgx-h100:boxes=2", *dp_files, "--sizes", "1GiB",
                       "--json")
    doc = json.loads(out)
    assert [g["together_algbw"]["exact"] for g in doc["groups"]] == ["400", "400"]
    assert doc["model"] == "calibrated" and len(doc["shared"]) == 64


def test_simulate_several_refuses_group_in_one_line(capsys, dp_files):
    code, out, err = run(capsys, "simulate", "dgx-h100:boxes=2", *dp_files, "--group",
                         "box*/gpu0")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "drop --group" in err


def test_simulate_one_schedule_is_unchanged(capsys, dp_files):
    code, out, _ = run(capsys, "simulate", "dgx-h100:boxes=2", dp_files[0], "--sizes", "1GiB")
    assert code == 0
    assert out.splitlines()[0] == "allgather on dgx-h100-2 [group of 2 of 16 compute nodes]: " \
                                  "model calibrated, exact algbw 800 GB/s"


def test_groups_compare_prints_the_baselines_after_the_unchanged_output(capsys):
    argv = ["groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along", "tp"]
    _, plain, _ = run(capsys, *argv)
    code, out, err = run(capsys, *argv, "--compare")
    assert code == 0 and err == ""
    lines = out.splitlines()
    # the output without --compare, then the comparison (the model line's seconds vary)
    head = [l for l in plain.splitlines() if not l.startswith("model ")]
    assert [l for l in lines[:len(plain.splitlines())] if not l.startswith("model ")] == head
    tail = lines[len(plain.splitlines()):]
    assert tail[1].startswith("baselines, every group at once on the same fabric")
    assert tail[3].split() == ["tp[dp=0]", "4000/7", "(571.429)", "2000/7", "(285.714)",
                               "3600/7", "(514.286)", "3600/7", "(514.286)", "3600/7",
                               "(514.286)"]
    assert tail[5] == ("contention      the isolated optima run x2 slower together than "
                       "they promise (tp[dp=0]); the joint optimum gives x1.8 of what they "
                       "get together")
    code, out, _ = run(capsys, *argv, "--compare", "--json")
    doc = json.loads(out)
    assert doc["compare"]["groups"][1]["isolated_together"]["exact"] == "2000/7"
    code, out, _ = run(capsys, *argv, "--json")
    assert "compare" not in json.loads(out)


def test_draw_groups_view(capsys, tmp_path):
    out_file = tmp_path / "dp.png"
    code, out, err = run(capsys, "draw", "dgx-h100:boxes=2", "--view", "groups", "--mesh",
                         "dp=2,tp=8", "--along", "dp", "--collective", "allreduce",
                         "-o", str(out_file))
    assert code == 0 and err == ""
    assert out.strip().endswith("groups view of dgx-h100-2 (8 allreduce groups, 16 contended "
                                "links)")
    assert out_file.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv, words", [
    (["--view", "groups"], "give --mesh with --along, or --groups FILE"),
    (["--mesh", "dp=2,tp=8"], "--mesh goes with --view groups"),
    (["--view", "groups", "--mesh", "dp=2,tp=8", "--along", "dp", "--root", "box0/gpu0"],
     "drop the schedule, --root"),
])
def test_draw_groups_refusals_are_one_line(capsys, tmp_path, argv, words):
    code, out, err = run(capsys, "draw", "dgx-h100:boxes=2", *argv, "-o",
                         str(tmp_path / "x.png"))
    assert code == 2 and out == "" and words in err and err.count("\n") == 1
    assert not (tmp_path / "x.png").exists()


def test_simulate_a_group_schedules_file_times_its_groups_together(capsys, tmp_path):
    """``simulate TOPO FILE`` with a forestcoll-group-schedules/1 file: its groups by name,
    each schedule checked valid first; the 8 data-parallel pairs on their shares of the
    joint optimum use disjoint links, so together is alone (100 each)."""
    path = tmp_path / "dp.json"
    assert main(["generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along", "dp",
                 "-o", str(path)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "simulate", "dgx-h100:boxes=2", str(path), "--sizes", "1GiB")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("8 process groups at once on dgx-h100-2")
    assert lines[2] == "shared links    none: the groups use disjoint links"
    assert lines[5].split() == ["dp[tp=0]", "2", "100", "100", "x1"]
    # a group's schedule forged to claim more than its loads give is refused, naming it
    data = json.loads(path.read_text())
    data["groups"][3]["schedule"]["algbw"] = "200"
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "simulate", "dgx-h100:boxes=2", str(path), "--sizes", "1GiB")
    assert code == 2 and out == ""
    assert "group dp[tp=3]'s schedule is not valid" in err
