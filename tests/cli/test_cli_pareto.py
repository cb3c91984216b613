"""``forestcoll pareto`` and ``generate --max-depth`` / ``verify --max-depth``: the front as
a table and as JSON, the schedule at a depth written and verified, its depth checked, and
the usage errors, each one line."""

import json

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_pareto_prints_every_depth_exactly(capsys):
    code, out, err = run(capsys, "pareto", "paper-example")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("allgather on paper-example: algbw by tree depth (in b); bound 8, "
                        "reached by ForestColl at depth 4")
    assert lines[1].split() == ["depth", "algbw", "of", "bound", "k", "trees", "certificate"]
    assert lines[2].split() == ["1", "2", "25.0%", "1", "8", "star"]
    assert lines[3].split() == ["2", "8", "100.0%", "1", "8", "cut", "bound"]
    assert lines[-1].startswith("exact at 4 of 4 depths;")


def test_pareto_draws_the_front(capsys, tmp_path):
    path = tmp_path / "front.svg"
    code, _, err = run(capsys, "pareto", "paper-example", "--max-depth", "2", "--draw", str(path))
    assert code == 0 and err == "" and path.read_text().startswith("<?xml")
    code, _, err = run(capsys, "pareto", "paper-example", "--draw", str(tmp_path / "f.txt"))
    assert code == 2 and err.count("\n") == 1


def test_pareto_json(capsys):
    code, out, _ = run(capsys, "pareto", "paper-example", "--max-depth", "2", "--json",
                       "--collective", "reduce-scatter")
    doc = json.loads(out)
    assert code == 0 and doc["collective"] == "reduce-scatter" and doc["exact"] is True
    assert [(p["depth"], p["lower"]["exact"], p["certificate"]) for p in doc["points"]] == \
        [(1, "2", "star"), (2, "8", "cut bound")]


def test_generate_max_depth_writes_a_schedule_verify_checks(capsys, tmp_path):
    path = tmp_path / "d1.json"
    code, out, err = run(capsys, "generate", "paper-example", "--max-depth", "1", "-o",
                         str(path))
    assert code == 0 and err == ""
    assert "depth 1" in out.splitlines()[0] and "the best at depth <= 1 is 2 (star)" in out
    code, out, _ = run(capsys, "verify", "paper-example", str(path), "--max-depth", "1",
                       "--min-ratio", "1/4")
    assert code == 0 and "depth   1 (compute hops" in out
    code, out, err = run(capsys, "generate", "paper-example", "-o", str(tmp_path / "f.json"))
    code, out, err = run(capsys, "verify", "paper-example", str(tmp_path / "f.json"),
                         "--max-depth", "2")
    assert code == 2 and "the schedule's depth is 4" in err and "max_depth=2" in err


def test_usage_errors_are_one_line(capsys, tmp_path):
    out = str(tmp_path / "x.json")
    for argv, match in (
            (("generate", "paper-example", "--max-depth", "2", "--k", "2", "-o", out),
             "drop --k"),
            (("generate", "paper-example", "--max-depth", "2", "--collective", "broadcast",
              "--root", "box0/c0", "-o", out), "--max-depth builds allgather"),
            (("generate", "dgx-a100:boxes=2", "--max-depth", "1", "-o", out),
             "give a larger --max-depth"),
            (("pareto", "paper-example", "--max-depth", "0"), "max_depth"),
            (("pareto", "paper-example", "--collective", "broadcast"), "invalid choice")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and match in err, (argv, err)
    assert not (tmp_path / "x.json").exists()


def test_allreduce_front_schedule_and_verdict(capsys, tmp_path):
    # on the paper example the allgather front is 2, 8, 8, 8 and its reduce-scatter the
    # same turned around: the allreduce is 1/(1/2 + 1/2) = 1, then 1/(1/8 + 1/8) = 4
    code, out, err = run(capsys, "pareto", "paper-example", "--collective", "allreduce")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("allreduce on paper-example: algbw by tree depth (in b); bound 4, "
                        "reached by ForestColl at depth 4")
    assert lines[2].split() == ["1", "1", "25.0%", "1", "16", "star"]
    assert lines[3].split() == ["2", "4", "100.0%", "1", "16", "cut", "bound"]
    code, out, _ = run(capsys, "pareto", "paper-example", "--collective", "allreduce",
                       "--max-depth", "2", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["collective"] == "allreduce"
    assert [(p["depth"], p["lower"]["exact"], p["k"], p["trees"]) for p in doc["points"]] == \
        [(1, "1", 1, 16), (2, "4", 1, 16)]
    path = str(tmp_path / "ar2.json")
    code, out, _ = run(capsys, "generate", "paper-example", "--collective", "allreduce",
                       "--max-depth", "2", "-o", path)
    assert code == 0 and "allreduce on paper-example, 16 trees, k = 1, depth 2" in out
    doc = json.loads(open(path).read())
    assert [p["collective"] for p in doc["phases"]] == ["reduce-scatter", "allgather"]
    code, out, _ = run(capsys, "verify", "paper-example", path, "--max-depth", "2")
    assert code == 0 and out.startswith("OPTIMAL") and "depth   2" in out
    code, _, err = run(capsys, "verify", "paper-example", path, "--max-depth", "1")
    assert code == 2 and "the schedule's depth is 2" in err
