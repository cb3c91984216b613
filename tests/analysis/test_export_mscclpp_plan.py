"""``tradeoff --export DIR --runtime mscclpp``: one MSCCL++ execution plan per size range won
by a schedule, its min_message_size/max_message_size the range (whole-buffer bytes, both
ends inclusive, no limit 2^64 - 1), its own name, LL where the range was won at LL and
Simple otherwise, and every plan accepted by check_mscclpp before anything is written."""

import json

import pytest

from forestcoll_opt.analysis.export_mscclpp_plan import (export_tradeoff_mscclpp,
                                                         plan_protocol)
from forestcoll_opt.analysis.export_plan import size_ranges
from forestcoll_opt.cli import main
from forestcoll_opt.errors import MscclExportError
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.model.schedule import load as load_schedule
from forestcoll_opt.runtimes.mscclpp_check import check_mscclpp
from forestcoll_opt.timing.tradeoffs import tradeoff

SIZES = [2**e for e in range(10, 31, 2)]
NO_LIMIT = 2**64 - 1


@pytest.fixture(scope="module")
def allgather():
    t = resolve("dgx-h100:boxes=2")
    return t, tradeoff(t, collective="allgather", sizes=SIZES, ks=[1, 2], baselines=[])


def test_protocols_map_to_the_executors():
    assert [plan_protocol(p) for p in ("LL", "LL128", "Simple", None)] == \
        ["LL", "Simple", "Simple", "Simple"]


def test_export_writes_checked_plans_covering_every_size(allgather, tmp_path):
    t, r = allgather
    ranges = size_ranges(r)
    assert len(ranges) >= 2 and any(x.protocol == "LL" for x in ranges), ranges
    plan = export_tradeoff_mscclpp(t, r, tmp_path / "out")
    root = tmp_path / "out"
    files = sorted(p.name for p in (root / "mscclpp").iterdir())
    assert files == sorted(e.file.split("/")[1] for e in plan.ranges if e.file)
    doc = json.loads((root / "plan.json").read_text())
    assert doc["runtime"] == "mscclpp" and doc["collective"] == "allgather"
    names, spans = set(), []
    for entry, e in zip(doc["ranges"], plan.ranges):
        assert e.file is not None                     # no library candidate here
        data = json.loads((root / e.file).read_text())
        assert data["name"] == e.name == entry["name"] and data["name"] not in names
        names.add(data["name"])
        assert data["protocol"] == e.protocol == plan_protocol(e.range.protocol)
        assert data["min_message_size"] == e.range.min_bytes
        assert data["max_message_size"] == (NO_LIMIT if e.range.max_bytes is None
                                            else e.range.max_bytes)
        spans.append((data["min_message_size"], data["max_message_size"]))
        schedule = load_schedule(root / e.schedule)
        verdict = check_mscclpp(t, data, schedule=schedule)
        assert verdict.reasons == () and verdict.notes == ()
        assert verdict.algbw == e.algbw == \
            schedule.algbw / (2 if e.protocol == "LL" else 1)
    # the plans' own byte ranges cover every size once (the executor's test is
    # min <= size <= max, checkMessageSize)
    assert spans[0][0] == 0 and spans[-1][1] == NO_LIMIT
    for (_, high), (low, _) in zip(spans, spans[1:]):
        assert low == high + 1


def test_a_plan_failing_the_check_writes_nothing(allgather, tmp_path, monkeypatch):
    from types import SimpleNamespace

    from forestcoll_opt.analysis import export_mscclpp_plan

    t, r = allgather
    monkeypatch.setattr(export_mscclpp_plan, "check_mscclpp", lambda *a, **k: SimpleNamespace(
        reasons=("[race] forged",), algbw=None))
    with pytest.raises(MscclExportError, match=r"fails the check: \[race\] forged"):
        export_tradeoff_mscclpp(t, r, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_cli_export_mscclpp(tmp_path, capsys):
    out = tmp_path / "ex"
    assert main(["tradeoff", "dgx-h100:boxes=2", "--sizes", "1KiB..1GiB", "--k", "1,2",
                 "--baselines", "none", "--export", str(out), "--runtime", "mscclpp"]) == 0
    text = capsys.readouterr().out
    assert f"exported to {out} (MSCCL++ plans in {out / 'mscclpp'}; each plan passed " \
           f"check-mscclpp)" in text
    doc = json.loads((out / "plan.json").read_text())
    assert doc["ranges"][0]["min_bytes"] == 0 and doc["ranges"][-1]["max_bytes"] is None
    assert all((out / e["plan"]).is_file() for e in doc["ranges"])
    assert not (out / "msccl").exists()
    assert main(["tradeoff", "dgx-h100:boxes=2", "--sizes", "1MiB", "--runtime",
                 "mscclpp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "add --export DIR" in err
