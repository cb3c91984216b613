"""``forestcoll calibrate`` and ``--calibration FILE`` on simulate, tradeoff and report: the
fitted parameters with their standard errors, the residual of every size, the file read
back with a band in the times, and the refusals, each one line."""

import json
from pathlib import Path

from forestcoll_opt.cli import main

LOG = str(Path(__file__).resolve().parents[1] / "data" / "nccl-tests" / "h100-2x8-all_reduce.log")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_calibrate_prints_the_fit_and_writes_the_file(capsys, tmp_path):
    path = tmp_path / "cal.json"
    code, out, err = run(capsys, "calibrate", "dgx-h100:boxes=2", LOG, "-o", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "calibrated on dgx-h100-2: 1 run(s), 31 sizes (nccl, hopper tables)"
    assert lines[1].split()[:2] == ["efficiency.infiniband", "0.861"]
    assert lines[2].split()[0] == "ring_latency.nccl"
    assert lines[3].split()[:3] == ["overhead", "127.9", "us"]
    rows = [line.split() for line in lines if line.startswith("    0 ")]
    assert len(rows) == 31
    assert rows[-1][1:] == ["8GiB", "47535", "47688.8", "ring/Simple", "+0.3%"]
    assert lines[-1] == f"wrote {path}: use it with --calibration {path}"
    assert json.loads(path.read_text())["format"] == "forestcoll-calibration-fit/1"


def test_simulate_and_tradeoff_take_the_file(capsys, tmp_path):
    cal = tmp_path / "cal.json"
    assert run(capsys, "calibrate", "dgx-h100:boxes=2", LOG, "-o", str(cal))[0] == 0
    sched = tmp_path / "s.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(sched))[0] == 0
    code, out, err = run(capsys, "simulate", "dgx-h100:boxes=2", str(sched), "--sizes", "1GiB",
                         "--calibration", str(cal), "--json")
    assert code == 0
    row = json.loads(out)["rows"][0]
    assert row["seconds_fast"] < row["seconds"] < row["seconds_slow"]
    assert json.loads(out)["parameters"]["overhead_s"] == 0.000127882
    code, out, _ = run(capsys, "simulate", "dgx-h100:boxes=2", str(sched), "--sizes", "1GiB",
                       "--calibration", str(cal))
    assert "band (+-2 sigma)" in out and "overhead 127.9 us" in out
    code, out, _ = run(capsys, "tradeoff", "dgx-h100:boxes=2", "--k", "1", "--sizes", "1GiB",
                       "--calibration", str(cal))
    assert code == 0 and "overhead 127.9 us" in out


def test_refusals(capsys, tmp_path):
    code, out, err = run(capsys, "calibrate", "dgx-a100:boxes=1", LOG, "-o",
                         str(tmp_path / "c.json"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "16 ranks, but dgx-a100-1 has 8 GPUs" in err
    assert not (tmp_path / "c.json").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, out, err = run(capsys, "simulate", "dgx-a100:boxes=1", str(bad), "--calibration",
                         str(bad))
    assert code == 2 and len(err.splitlines()) == 1 and "not a calibration file" in err
    code, out, err = run(capsys, "tradeoff", "dgx-a100:boxes=1", "--model", "ideal",
                         "--calibration", str(bad))
    assert code == 2 and "--calibration belongs to the calibrated model" in err


def test_report_takes_the_file(capsys, tmp_path):
    cal = tmp_path / "cal.json"
    assert run(capsys, "calibrate", "dgx-h100:boxes=2", LOG, "-o", str(cal))[0] == 0
    page = tmp_path / "r.html"
    code, out, err = run(capsys, "report", "dgx-h100:boxes=2", "--no-lp", "--sizes", "1MiB",
                         "--calibration", str(cal), "-o", str(page))
    assert code == 0, err
    text = page.read_text()
    assert "with the calibration given: model calibrated" in text
    assert "overhead 127.9 us" in text
