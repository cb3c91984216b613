"""Progress reports of generation: every stage counts its own work, ends complete, and
the CLI shows nothing off a terminal."""

import pytest

import forestcoll_opt as fc
from forestcoll_opt.cli import main


def _record(spec, **kwargs):
    calls = []
    fc.generate(fc.resolve(spec), progress=lambda *a: calls.append(a), **kwargs)
    return calls


def _check(calls):
    stages = {}
    for stage, done, total in calls:
        assert 0 <= done <= total, (stage, done, total)
        stages.setdefault(stage, []).append((done, total))
    for stage, seen in stages.items():
        done, total = seen[-1]
        assert done == total, (stage, seen[-3:])          # every stage ends complete
    return stages


def test_the_plain_pipeline_reports_every_stage():
    stages = _check(_record("dgx-a100:boxes=2"))
    assert set(stages) == {"symmetry", "bound", "splitting", "packing", "routing"}
    # routing counts the batches packing made: 33 distinct trees here
    assert stages["routing"][-1] == (33, 33)
    assert stages["symmetry"] == [(0, 1), (1, 1)] and stages["bound"] == [(0, 1), (1, 1)]


def test_the_orbit_construction_reports_every_stage():
    stages = _check(_record("dgx-h100:boxes=16,fabric=su", compact=True))
    assert {"symmetry", "bound", "splitting", "packing"} <= set(stages)
    # one representative of 127 edges for 128 GPUs under a group of order 128
    assert stages["packing"][-1] == (127, 127)


@pytest.mark.parametrize("args", [[], ["--compact"]])
def test_no_bar_off_a_terminal(tmp_path, capsys, args):
    out = tmp_path / "s.json"
    assert main(["generate", "dgx-h100:boxes=16,fabric=su", "-o", str(out)] + args) == 0
    err = capsys.readouterr().err
    assert "forestcoll packing" not in err and "\r" not in err
