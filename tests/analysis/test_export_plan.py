"""``tradeoff --export``: one MSCCL algorithm per size range, the ranges covering every size
exactly once under the runtime's inclusive minBytes/maxBytes rule, each file passing
check-xml against its schedule."""

import json
import math
from fractions import Fraction

import pytest

from forestcoll_opt.analysis.export_mscclpp_plan import export_tradeoff_mscclpp
from forestcoll_opt.analysis.export_plan import (ExportedRange, ExportPlan, SizeRange,
                                                 export_tradeoff, size_ranges)
from forestcoll_opt.cli import main
from forestcoll_opt.errors import OutputError, UsageError
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.model.schedule import load as load_schedule
from forestcoll_opt.runtimes.msccl_check import check_xml
from forestcoll_opt.timing.tradeoffs import tradeoff

SIZES = [2**e for e in range(10, 31, 2)]


@pytest.fixture(scope="module")
def allreduce():
    t = resolve("dgx-a100:boxes=2")
    return t, tradeoff(t, collective="allreduce", sizes=SIZES, ks=[1, 13])


def selected(ranges, size):
    """The ranges the runtime would select for a call of ``size`` bytes."""
    return [r for r in ranges if r.min_bytes <= size and (r.max_bytes is None
                                                          or size <= r.max_bytes)]


def test_ranges_cover_every_size_once(allreduce):
    _, r = allreduce
    ranges = size_ranges(r)
    assert ranges[0].min_bytes == 0 and ranges[-1].max_bytes is None
    for a, b in zip(ranges, ranges[1:]):
        assert b.min_bytes == a.max_bytes + 1
        # the boundary is the geometric midpoint of the last size of a and the first of b
        assert a.max_bytes == math.isqrt(a.sizes[-1] * b.sizes[0])
        assert (a.candidate, a.protocol) != (b.candidate, b.protocol)
    for size in [0, 1, *SIZES, *(s + 1 for s in SIZES), *(s - 1 for s in SIZES), 2**62]:
        assert len(selected(ranges, size)) == 1, size
    for row in r.rows:
        (one,) = selected(ranges, row.size_bytes)
        assert one.candidate == row.best and row.size_bytes in one.sizes


def test_export_writes_checked_algorithms(allreduce, tmp_path):
    t, r = allreduce
    plan = export_tradeoff(t, r, tmp_path / "out")
    root = tmp_path / "out"
    xmls = sorted((root / "msccl").iterdir())
    assert [p.name for p in xmls] == sorted(e.file.split("/")[1] for e in plan.ranges if e.file)
    assert xmls, "at least one range is won by a schedule"
    doc = json.loads((root / "plan.json").read_text())
    assert doc["model"] == "calibrated" and doc["collective"] == "allreduce"
    ranges = [e.range for e in plan.ranges]
    for entry, e in zip(doc["ranges"], plan.ranges):
        assert (entry["min_bytes"], entry["max_bytes"]) == (e.range.min_bytes, e.range.max_bytes)
        if e.file is None:
            assert e.range.candidate == "nccl" and entry["schedule"] is None
            assert (e.protocol, e.name, e.algbw, e.channels) == (None,) * 4
            continue
        text = (root / e.file).read_text()
        schedule = load_schedule(root / e.schedule)
        verdict = check_xml(t, text, schedule=schedule, flavour="msccl-executor")
        assert verdict.ok, verdict.reasons
        assert e.algbw == verdict.algbw == schedule.algbw and type(e.algbw) is Fraction
        assert f'name="{e.name}"' in text
        assert f'minBytes="{e.range.min_bytes}"' in text
        assert f'maxBytes="{e.range.max_bytes or 2**63 - 1}"' in text
        assert f'proto="{e.protocol}"' in text and e.protocol == e.range.protocol
    # the files' own byte ranges, read back, cover every size once
    spans = []
    for path in xmls:
        head = path.read_text().split("\n", 1)[0]
        low = int(head.split('minBytes="')[1].split('"')[0])
        high = int(head.split('maxBytes="')[1].split('"')[0])
        high = None if high == 2**63 - 1 else high           # no upper limit, every runtime
        spans.append((low, high))
    library = [(e.range.min_bytes, e.range.max_bytes) for e in plan.ranges if e.file is None]
    covered = sorted(spans + library)
    assert covered[0][0] == 0 and covered[-1][1] is None
    for (_, high), (low, _) in zip(covered, covered[1:]):
        assert low == high + 1
    assert len(ranges) == len(covered)


def test_export_refuses(allreduce, tmp_path):
    t, r = allreduce
    full = tmp_path / "full"
    full.mkdir()
    (full / "x").write_text("x")
    with pytest.raises(OutputError, match="not empty"):
        export_tradeoff(t, r, full)
    with pytest.raises(OutputError, match="does not exist"):
        export_tradeoff(t, r, tmp_path / "missing" / "out")
    with pytest.raises(UsageError):
        export_tradeoff(resolve("dgx-a100:boxes=1"), r, tmp_path / "other")
    b = tradeoff(resolve("dgx-a100:boxes=1"), collective="broadcast", sizes=[1024],
                 root="box0/gpu0", ks=[1], baselines=[])
    with pytest.raises(UsageError, match="^broadcast cannot be exported to MSCCL; export one "
                                         "of allgather, reduce-scatter, allreduce$"):
        export_tradeoff(resolve("dgx-a100:boxes=1"), b, tmp_path / "b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]


PLAN_KEYS = {   # plan.json's keys, in order: the top level's, then each range's
    "msccl": (["format", "topology", "collective", "model", "parameters", "msccl_dir",
               "boundaries", "ranges"],
              ["min_bytes", "max_bytes", "candidate", "protocol", "timed_sizes", "xml",
               "schedule", "channels", "selection_rule", "runs"]),
    "mscclpp": (["format", "runtime", "topology", "collective", "model", "parameters",
                 "plan_dir", "boundaries", "ranges"],
                ["min_bytes", "max_bytes", "candidate", "won_at", "protocol", "timed_sizes",
                 "plan", "name", "schedule", "algbw", "runs"]),
}


def test_one_plan_type_for_both_runtimes(tmp_path):
    """Both exports return one ExportPlan (its runtime a field, not a type) of ExportedRange
    entries and write plan.json through one plan_dict, in each runtime's own keys (MSCCL's
    as format 1 always had them, without "runtime"). On one DGX A100 under the ideal model
    k=1 wins every size; its schedule runs at 2400/7 and so do both files; the MSCCL file
    runs Simple and plan.json says so (it said null, the timed protocol, before)."""
    t = resolve("dgx-a100:boxes=1")
    r = tradeoff(t, collective="allgather", sizes=[2**10, 2**30], ks=[1], baselines=[],
                 model="ideal")
    (k1,) = [c.schedule for c in r.candidates if c.name == "k=1"]
    assert k1.algbw == Fraction(2400, 7)
    a = export_tradeoff(t, r, tmp_path / "a")
    b = export_tradeoff_mscclpp(t, r, tmp_path / "b")
    assert type(a) is type(b) is ExportPlan
    assert (a.runtime, a.folder) == ("msccl", str(tmp_path / "a" / "msccl"))
    assert (b.runtime, b.folder) == ("mscclpp", str(tmp_path / "b" / "mscclpp"))
    (x,), (y,) = a.ranges, b.ranges
    assert x.range == y.range == SizeRange(0, None, "k=1", None, (2**10, 2**30))
    assert x == ExportedRange(x.range, file="msccl/allgather-k1-0-inf.xml",
                              schedule="schedules/k1.json", name="fc-allgather-k1-0-inf",
                              protocol="Simple", algbw=Fraction(2400, 7), channels=1,
                              selection_rule=x.selection_rule)
    assert x.selection_rule.startswith("msccl-executor and RCCL select the file only for")
    assert y == ExportedRange(y.range, file="mscclpp/allgather-k1-0-inf.json",
                              schedule="schedules/k1.json", name="fc-allgather-k1-0-inf",
                              protocol="Simple", algbw=Fraction(2400, 7))
    assert 'proto="Simple"' in (tmp_path / "a" / x.file).read_text()
    for plan, folder in ((a, "a"), (b, "b")):
        doc = json.loads((tmp_path / folder / "plan.json").read_text())
        head, keys = PLAN_KEYS[plan.runtime]
        assert list(doc) == head and [list(e) for e in doc["ranges"]] == [keys]
        assert doc["format"] == "forestcoll-export-plan/1" and doc["model"] == "ideal"
        (entry,) = doc["ranges"]
        assert (entry["candidate"], entry["protocol"], entry["schedule"]) == \
            ("k=1", "Simple", "schedules/k1.json")
        assert entry["runs"] == {"msccl": "the MSCCL algorithm",
                                 "mscclpp": "the MSCCL++ plan"}[plan.runtime]
    assert doc["runtime"] == "mscclpp" and doc["plan_dir"] == "mscclpp"
    assert (entry["won_at"], entry["algbw"], entry["plan"]) == (None, "2400/7", y.file)
    assert a.to_dict() == {"directory": str(tmp_path / "a"), "msccl_dir": a.folder, "ranges": [
        {"min_bytes": 0, "max_bytes": None, "candidate": "k=1", "protocol": "Simple",
         "xml": x.file, "schedule": "schedules/k1.json", "channels": 1}]}
    assert b.to_dict() == {"directory": str(tmp_path / "b"), "runtime": "mscclpp",
                           "plan_dir": b.folder, "ranges": [
        {"min_bytes": 0, "max_bytes": None, "candidate": "k=1", "protocol": "Simple",
         "plan": y.file, "schedule": "schedules/k1.json", "name": "fc-allgather-k1-0-inf",
         "algbw": "2400/7"}]}
    assert repr(a).startswith("ExportPlan(msccl, 1 size range(s) in ")
    assert repr(b).endswith(": 0.. B: k=1)") and "<b>ExportPlan · mscclpp · " in \
        b._repr_html_()


def test_cli_export(tmp_path, capsys):
    out = tmp_path / "ex"
    assert main(["tradeoff", "mi250:boxes=2,gpus=8", "--sizes", "64KiB..1GiB", "--k", "1,13",
                 "--export", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"exported to {out}" in text and "passed check-xml" in text
    doc = json.loads((out / "plan.json").read_text())
    assert doc["parameters"]["library"] == "rccl"
    assert [e["min_bytes"] for e in doc["ranges"]][0] == 0
    assert doc["ranges"][-1]["max_bytes"] is None
    assert all((out / e["xml"]).is_file() for e in doc["ranges"] if e["xml"])
    # a folder that is not empty, and a collective MSCCL files cannot express: one line each
    assert main(["tradeoff", "mi250:boxes=2,gpus=8", "--sizes", "1MiB", "--k", "1",
                 "--export", str(out)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert main(["tradeoff", "dgx-a100:boxes=1", "--collective", "broadcast", "--root",
                 "box0/gpu0", "--sizes", "1MiB", "--export", str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be exported" in err
    assert not (tmp_path / "b").exists()


def test_an_incompletely_checked_algorithm_is_not_exported(allreduce, tmp_path, monkeypatch):
    """check-xml's UNDETERMINED (nothing wrong found, something not checked) is no pass:
    the plan is refused, saying what was not checked, and nothing is written."""
    from types import SimpleNamespace

    from forestcoll_opt.analysis import export_plan
    from forestcoll_opt.errors import MscclExportError

    t, r = allreduce
    skipped = "the race check was skipped (it needs 3 GiB; full=True runs it)"
    monkeypatch.setattr(export_plan, "check_xml", lambda *a, **k: SimpleNamespace(
        ok=False, reasons=(), undetermined=(skipped,)))
    with pytest.raises(MscclExportError, match="could not be checked completely: the race"):
        export_tradeoff(t, r, tmp_path / "out")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.xml"))
