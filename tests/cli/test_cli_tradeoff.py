"""``forestcoll tradeoff`` at today's scale (issue 36, section 3): a line per stage with -v
(readable in a log; the bars are drawn on a terminal only), the all-to-all's candidates,
and under a calibration file every prediction's band with where the fastest is not
certain, on a fit of a real nccl-tests log."""

import json
from pathlib import Path

from forestcoll_opt.cli import main

LOG = str(Path(__file__).resolve().parents[1] / "data" / "nccl-tests" / "h100-2x8-all_reduce.log")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_verbose_says_what_each_stage_does():
    """A fresh process, as a user's log sees it (the CLI sets up logging once per
    process): -v adds a line as each stage starts and one with its seconds; standard
    output is the same with or without it, and with standard error not a terminal no bar
    is drawn."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-m", "forestcoll_opt", "tradeoff", "dgx-a100:boxes=2", "--k", "1",
            "--sizes", "1MiB"]
    env = dict(os.environ, PYTHONPATH=str(root))
    loud = subprocess.run([*argv, "-v"], capture_output=True, text=True, env=env, cwd=root)
    assert loud.returncode == 0
    lines = loud.stderr.splitlines()
    starts = [line for line in lines if line.endswith(" ...")]
    assert starts == [
        "forestcoll: tradeoff: generating the optimal schedule, allgather on dgx-a100-2 "
        "(16 GPUs) ...",
        "forestcoll: tradeoff: generating the fixed-k schedules k = 1 ...",
        "forestcoll: tradeoff: building the ring baseline ...",
        "forestcoll: tradeoff: timing k=1 (calibrated model, 1 sizes) ...",
        "forestcoll: tradeoff: timing ring (calibrated model, 1 sizes) ...",
        "forestcoll: tradeoff: timing nccl (calibrated model, 1 sizes) ..."]
    assert len([line for line in lines if line.endswith(" s")]) == len(starts)
    assert "\r" not in loud.stderr
    quiet = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=root)
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == loud.stdout


def test_alltoall_compares_the_optimal_routes_with_direct_and_pxn(capsys):
    code, out, err = run(capsys, "tradeoff", "dgx-a100:boxes=2", "--collective", "alltoall",
                         "--sizes", "1MiB,1GiB", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert [(c["name"], c["kind"], c["algbw"]) for c in doc["candidates"]] == [
        ("lp", "lp", "50"), ("direct", "baseline", "20"), ("pxn", "baseline", "20")]
    assert [r["best"] for r in doc["rows"]] == ["lp", "lp"]
    code, out, err = run(capsys, "tradeoff", "dgx-a100:boxes=2", "--collective", "alltoall",
                         "--k", "1")
    assert code == 2 and out == "" and "no fixed-k trees" in err and len(err.splitlines()) == 1


def test_calibration_band_marks_the_sizes_without_a_certain_winner(capsys, tmp_path):
    cal = tmp_path / "cal.json"
    assert run(capsys, "calibrate", "dgx-h100:boxes=2", LOG, "-o", str(cal))[0] == 0
    code, out, err = run(capsys, "tradeoff", "dgx-h100:boxes=2", "--sizes", "64KiB,1GiB",
                         "--calibration", str(cal))
    assert code == 0
    lines = out.splitlines()
    head = next(line for line in lines if line.lstrip().startswith("size"))
    assert head.endswith("within the band (±2σ)")
    # the fit's ring latency factor is 3.61 +- 17: at the fast end of its band NCCL's own
    # rings are the fastest at both sizes, and at 1 GiB k=1 overtakes k=2 at the slow end
    rows = [line for line in lines if line.lstrip().startswith(("64KiB", "1GiB"))][:2]
    assert rows[0].split()[1] == "k=1" and rows[0].endswith("not certain: nccl at the fast end")
    assert rows[1].split()[1] == "k=2" and rows[1].endswith(
        "not certain: nccl at the fast end and k=1 at the slow end")
    assert lines[-1] == ("the fastest is not certain within the band at 2 of 2 sizes: "
                         "64KiB (k=1 or nccl), 1GiB (k=2 or nccl or k=1)")
    csv = tmp_path / "t.csv"
    code, out, err = run(capsys, "tradeoff", "dgx-h100:boxes=2", "--sizes", "64KiB,1GiB",
                         "--calibration", str(cal), "--csv", str(csv))
    header, first, second = csv.read_text().splitlines()
    names = header.split(",")
    assert "seconds_fast[k=1]" in names and "seconds_slow[nccl]" in names
    cells = dict(zip(names, first.split(",")))
    assert cells["certain"] == "false" and cells["contenders"] == "nccl"
    assert float(cells["seconds_fast[k=1]"]) < float(cells["seconds[k=1]"]) < \
        float(cells["seconds_slow[k=1]"])


def test_simulate_verbose_names_its_two_stages(tmp_path):
    """simulate -v: a line as it reads and verifies the schedule and as it times it, each
    with its seconds; standard output unchanged."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    sched = tmp_path / "s.json"
    base = [sys.executable, "-m", "forestcoll_opt"]
    assert subprocess.run([*base, "generate", "dgx-a100:boxes=2", "-o", str(sched)],
                          capture_output=True, env=env, cwd=root).returncode == 0
    argv = [*base, "simulate", "dgx-a100:boxes=2", str(sched), "--sizes", "1MiB"]
    loud = subprocess.run([*argv, "-v"], capture_output=True, text=True, env=env, cwd=root)
    quiet = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=root)
    assert loud.stdout == quiet.stdout and quiet.stderr == ""
    lines = loud.stderr.splitlines()
    assert lines[0] == (f"forestcoll: simulate: reading and verifying {sched} on dgx-a100-2 "
                        f"(16 GPUs) ...")
    assert lines[1].startswith("forestcoll: simulate: verified (valid, plain): ")
    assert lines[2] == "forestcoll: simulate: timing 1 sizes, calibrated model ..."
    assert lines[3].startswith("forestcoll: simulate: timed: ") and len(lines) == 4
