"""``forestcoll whatif --scenario`` and ``--sample``: several failures at once, their exact
cost and the spread of the losses; the usage errors, one line each."""

import json

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_named_scenarios(capsys):
    code, out, err = run(capsys, "whatif", "dgx-h100:boxes=2", "--scenario",
                         "nic:box0/gpu3,nic:box1/gpu3", "--scenario", "nic:box0/gpu3=1/2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[3] == ("lost            min 5.00%, median 5.00%, p90 10.00%, max 10.00%, "
                        "mean 7.50%")
    assert lines[6].split() == ["nic:box0/gpu3,nic:box1/gpu3", "480", "10.00%", "ok"]
    assert lines[7].split() == ["nic:box0/gpu3=1/2", "1520/3", "(506.667)", "5.00%", "ok"]


def test_a_sample_as_json_is_the_same_for_the_same_seed(capsys):
    argv = ["whatif", "dgx-h100:boxes=2", "--sample", "10", "--failures", "2", "--fail", "nic",
            "--seed", "4", "--json"]
    code, out, _ = run(capsys, *argv)
    again = run(capsys, *argv)[1]
    data = json.loads(out)
    assert code == 0 and out == again
    assert data["sampled"] and data["seed"] == 4 and len(data["scenarios"]) == 10
    assert data["distribution"]["max"] == "1/10"
    assert all(len(s["failures"]) == 2 for s in data["scenarios"])


def test_scenario_usage_errors(capsys):
    code, _, err = run(capsys, "whatif", "dgx-h100:boxes=2", "--sample", "3", "--scenario",
                       "nic:box0/gpu3")
    assert code == 2 and "give one" in err and err.count("\n") == 1
    code, _, err = run(capsys, "whatif", "dgx-h100:boxes=2", "--sample", "3", "--failures",
                       "99", "--fail", "nic")
    assert code == 2 and "between 1 and 16" in err and err.count("\n") == 1
    # --fail with --scenario was silently ignored (exit 0, the scenario alone)
    code, out, err = run(capsys, "whatif", "paper-example", "--scenario",
                         "link:global--box0/c0=1/2", "--fail", "nic")
    assert (code, out) == (2, "")
    assert err == ("forestcoll: error: --fail chooses the kinds of failures ranked one by one "
                   "or drawn by --sample; --scenario names its parts itself: drop --fail\n")


def test_a_sample_plot_is_the_same_for_the_same_seed(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for path in (first, second):
        code = main(["whatif", "dgx-h100:boxes=2", "--sample", "30", "--failures", "2",
                     "--seed", "5", "--plot", str(path)])
        out, err = capsys.readouterr()
        assert code == 0 and f"wrote {path}: the distribution of the fraction lost" in out
    assert first.read_bytes() == second.read_bytes() and first.read_bytes()[:4] == b"\x89PNG"
    code = main(["whatif", "dgx-h100:boxes=2", "--plot", str(tmp_path / "c.png")])
    out, err = capsys.readouterr()
    assert code == 2 and "--plot draws the scenarios' losses" in err
    code = main(["whatif", "dgx-h100:boxes=2", "--sample", "3", "--plot",
                 str(tmp_path / "c.txt")])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and ".svg, .png or .pdf" in err
    assert not (tmp_path / "c.png").exists() and not (tmp_path / "c.txt").exists()
