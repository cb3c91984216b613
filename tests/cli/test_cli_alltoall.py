"""The all-to-all commands: ``lp alltoall``, ``generate --collective alltoall``, ``baseline
direct|pxn``, ``verify`` (against the LP or ``cut``), ``simulate`` and ``schema schedule-4``."""

import json

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lp_alltoall(capsys):
    code, out, err = run(capsys, "lp", "alltoall", "dgx-h100:boxes=4")
    assert code == 0 and err == ""
    assert "optimum         200/3 (66.666666667) GB/s, exact" in out
    assert "folded by the automorphism group" in out
    code, out, _ = run(capsys, "lp", "alltoall", "dgx-h100:boxes=2", "--json")
    data = json.loads(out)
    assert data["lower"] == data["upper"] == "100" and data["folded"] and data["exact"]


def test_lp_alltoall_demand_and_exports(capsys, tmp_path):
    demand = tmp_path / "d.json"
    demand.write_text(json.dumps({"box0/gpu0": {"box1/gpu0": 1}}))
    lp, mps = tmp_path / "a.lp", tmp_path / "a.mps"
    code, out, _ = run(capsys, "lp", "alltoall", "dgx-a100:boxes=2", "--demand", str(demand),
                       "--write-lp", str(lp), "--write-mps", str(mps))
    # one pair only, over many paths: box 0's 8 GPUs reach the two IB planes with 25 each
    # (NVLink first), so λ = 8·25 = 200 and algbw = λ·Σd/(N−1) = 200·1/15 = 40/3
    assert code == 0 and "optimum         40/3" in out and "1 pair(s) with demand" in out
    assert lp.read_text().startswith("\\ forestcoll-opt alltoall LP")
    assert mps.read_text().startswith("* forestcoll-opt alltoall LP")
    code, _, err = run(capsys, "lp", "allreduce", "dgx-a100:boxes=2", "--demand", str(demand))
    assert code == 2 and "--demand" in err


def test_generate_verify_simulate(capsys, tmp_path):
    out_file = tmp_path / "a2a.json"
    code, out, _ = run(capsys, "generate", "dgx-h100:boxes=2", "--collective", "alltoall",
                       "-o", str(out_file))
    assert code == 0 and "240 routes, k = 1" in out and "= the optimum" in out
    assert json.loads(out_file.read_text())["format"] == "forestcoll-schedule/4"
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", str(out_file))
    assert code == 0 and out.startswith("OPTIMAL: valid alltoall schedule, algbw 100 GB/s")
    assert "reaches the all-to-all LP optimum" in out
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", str(out_file), "--against", "cut")
    assert code == 0 and "= 1 x all-to-all bound 100 GB/s" in out
    code, out, _ = run(capsys, "simulate", "dgx-h100:boxes=2", str(out_file), "--sizes", "1GiB")
    assert code == 0 and "alltoall on dgx-h100-2" in out
    code, _, err = run(capsys, "generate", "dgx-h100:boxes=2", "--collective", "alltoall",
                       "--k", "2", "-o", str(out_file))
    assert code == 2 and "drop --k" in err


def test_baselines_and_below(capsys, tmp_path):
    out_file = tmp_path / "pxn.json"
    code, out, _ = run(capsys, "baseline", "pxn", "dgx-a100:boxes=2", "--collective",
                       "alltoall", "-o", str(out_file))
    assert code == 0 and "pxn alltoall on dgx-a100-2: algbw 20 GB/s with 240 routes" in out
    code, out, err = run(capsys, "verify", "dgx-a100:boxes=2", str(out_file))
    assert code == 1 and out.startswith("BELOW") and "all-to-all LP optimum" in err
    code, _, err = run(capsys, "baseline", "ring", "dgx-a100:boxes=2", "--collective",
                       "alltoall", "-o", str(out_file))
    assert code == 2 and "direct, pxn" in err
    code, _, err = run(capsys, "sweep-k", "dgx-a100:boxes=2", "--collective", "alltoall")
    assert code == 2


def test_schema_schedule_3(capsys):
    code, out, _ = run(capsys, "schema", "schedule-4")
    assert code == 0 and json.loads(out)["$id"] == "urn:forestcoll:schedule:4"


@pytest.mark.parametrize("text, words", [
    ("{", "not valid JSON"),
    ('{"box0/gpu0": {"box1/gpu0": 1}, "box0/gpu0": {"box1/gpu1": 1}}', "appears twice"),
    ("[1, 2]", "a demand matrix maps"),
    ('{"nowhere": {"box1/gpu0": 1}}', "nowhere"),
    ('{"box0/gpu0": {"box1/gpu0": -1}}', "box1/gpu0"),
    ('{"box0/gpu0": 3}', "box0/gpu0"),
    ('{"box0/gpu0": {"ib/plane0": 1}}', "ib/plane0"),
])
def test_hostile_demand_files_get_one_line(capsys, tmp_path, text, words):
    demand = tmp_path / "d.json"
    demand.write_text(text)
    code, out, err = run(capsys, "lp", "alltoall", "dgx-a100:boxes=2", "--demand", str(demand))
    assert code == 2 and out == ""
    assert err.startswith("forestcoll: error: ") and err.count("\n") == 1, err
    assert words in err, err
