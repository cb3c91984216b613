"""An option given twice: ``--fail`` repeats (its failures add up, as on ``replan``); any
other option given twice is refused in one line, where argparse would silently keep the
last one and a command would work on another network or group than its line says."""

import json

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_repeated_fail_adds_up_on_bound_generate_and_verify(capsys, tmp_path):
    both = ["--fail", "nic:box1/gpu3", "--fail", "nic:box1/gpu2"]
    code, out, err = run(capsys, "bound", "dgx-h100:boxes=2", *both, "--json")
    assert code == 0, err
    repeated = json.loads(out)
    code, out, _ = run(capsys, "bound", "dgx-h100:boxes=2", "--fail",
                       "nic:box1/gpu3,nic:box1/gpu2", "--json")
    assert json.loads(out) == repeated
    assert repeated["topology"] == "dgx-h100-2 without nic:box1/gpu3 without nic:box1/gpu2"
    path = tmp_path / "r.json"
    code, out, err = run(capsys, "generate", "dgx-h100:boxes=2", *both, "-o", str(path))
    assert code == 0 and "without nic:box1/gpu3 without nic:box1/gpu2" in out
    # verified on the network both failures leave, it is optimal; a route over a failed
    # NIC is refused on it (the healthy schedule uses both NICs)
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", str(path), *both)
    assert code == 0 and out.startswith("OPTIMAL")
    healthy = tmp_path / "h.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(healthy))[0] == 0
    code, out, err = run(capsys, "verify", "dgx-h100:boxes=2", str(healthy), *both)
    assert code == 2 and out.startswith("INVALID")
    assert "without nic:box1/gpu3 without nic:box1/gpu2" in err and "box1/gpu" in err


@pytest.mark.parametrize("argv, option", [
    (["bound", "dgx-h100:boxes=2", "--group", "box0/*", "--group", "box1/*"], "--group"),
    (["bound", "dgx-h100:boxes=2", "--collective", "allgather", "--collective",
      "reduce-scatter"], "--collective"),
    (["generate", "dgx-a100:boxes=2", "-o", "a.json", "-o", "b.json"], "-o/--output"),
])
def test_any_other_option_given_twice_is_one_line(capsys, tmp_path, monkeypatch, argv, option):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "given twice" in err and option in err
    assert not list(tmp_path.iterdir())          # nothing written
