"""Hostile and careless input: every case is one line on stderr and exit 2, never a
traceback, a hang or a damaged file."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from forestcoll_opt.catalog import build
from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, match=""):
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("forestcoll: error: "), err
    assert "Traceback" not in err and match in err, err


@pytest.fixture
def topo_doc():
    return json.loads(build("paper-example").to_json())


def with_bandwidth(doc, value):
    for link in doc["links"]:
        link["bandwidth"] = value
    return doc


def rename_node(doc, old, new):
    for n in doc["nodes"]:
        if n["id"] == old:
            n["id"] = new
    for link in doc["links"]:
        for end in ("src", "dst"):
            if link[end] == old:
                link[end] = new
    return doc


BANDWIDTH_ATTACKS = [
    (int("9" * 4000), "digits"),
    ("1e100000", "accepted range"),
    ("1e10000000", "accepted range"),       # Fraction(Decimal(...)) of this would hang
    ("1e-10000000", "accepted range"),
    ("inf", "finite"),
    ("-Infinity", "finite"),
    ("NaN", "finite"),
    ("9" * 5000, "too long"),
    ("1/" + "7" * 40, "digits"),
    ("0", "positive"),
    ([1], "not a number"),
    ({"v": 1}, "not a number"),
    (None, "not a number"),
    (True, "must be a number"),
]


@pytest.mark.parametrize("value, match", BANDWIDTH_ATTACKS,
                         ids=[f"bw{i}" for i in range(len(BANDWIDTH_ATTACKS))])
def test_hostile_bandwidths(capsys, tmp_path, topo_doc, value, match):
    f = tmp_path / "t.json"
    f.write_text(json.dumps(with_bandwidth(topo_doc, value)))
    start = time.perf_counter()
    code, _, err = run(capsys, "bound", f)
    one_line_error(code, err, match)
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("node_id, match", [
    ("a\x00b", "U+0000"), ("a\nb", "U+000A"), ("\x1b[31mred", "U+001B"), ("a\u202eb", "U+202E"),
    ("", "non-empty"), (["x"], "non-empty string"), ({"x": 1}, "non-empty string"), (7, "string"),
    ("x" * 300, "longer than"),
])
def test_hostile_node_ids(capsys, tmp_path, topo_doc, node_id, match):
    f = tmp_path / "t.json"
    f.write_text(json.dumps(rename_node(topo_doc, "box0/c0", node_id)))
    code, _, err = run(capsys, "bound", f)
    one_line_error(code, err, match)


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d["links"][0].update(src=["box0/c0"]), "non-empty string"),
    (lambda d: d["links"][0].update(dst={"a": 1}), "non-empty string"),
    (lambda d: d["links"][0].update(bidirectonal=True), "unknown field 'bidirectonal'"),
    (lambda d: d["nodes"][0].update(multicst=True), "unknown field 'multicst'"),
    (lambda d: d.update(lnks=[]), "unknown field 'lnks'"),
    (lambda d: d["nodes"][0].update(kind=["compute"]), "unknown kind"),
    (lambda d: d["nodes"][0].update(box=[0]), "box"),
    (lambda d: d["nodes"][0].update(box=10**30), "out of range"),
    (lambda d: d.update(name={"x": 1}), "name"),
    (lambda d: d.update(units="GB/s\x1b[2J"), "control character"),
    (lambda d: d.update(nodes={}), "\"nodes\" must be a list"),
    (lambda d: d["links"].append([1, 2]), "link #"),
])
def test_hostile_topology_fields(capsys, tmp_path, topo_doc, mutate, match):
    mutate(topo_doc)
    f = tmp_path / "t.json"
    f.write_text(json.dumps(topo_doc))
    code, _, err = run(capsys, "bound", f)
    one_line_error(code, err, match)


@pytest.mark.parametrize("content, match", [
    (b"\xff\xfe{\"format\"", "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    (b"{" + b"\"a\":{" * 50000 + b"}" * 50001, "nested too deeply"),
    (b"1" * 5000, "out of range"),
    (b"", "not valid JSON"),
    (b"[]", "expected a JSON object"),
])
def test_unreadable_files(capsys, tmp_path, content, match):
    f = tmp_path / "t.json"
    f.write_bytes(content)
    code, _, err = run(capsys, "bound", f)
    one_line_error(code, err, match)


@pytest.mark.parametrize("argv, match", [
    (["bound", "dgx-a100:boxes=100000"], "supported maximum boxes=512"),
    (["bound", "dgx-a100:boxes=2,boxes=4"], "given twice"),
    (["bound", "dgx-a100:boxes=99999999999999999999"], "whole number"),
    (["bound", "mi250:gpus=٨"], "one of 8, 16"),
    (["bound", ""], "empty topology"),
    (["lp", "allreduce", "paper-example", "--time-limit", "-1"], "--time-limit"),
    (["lp", "allreduce", "paper-example", "--time-limit", "nan"], "finite"),
    (["lp", "allreduce", "paper-example", "--time-limit", "inf"], "finite"),
    (["generate", "paper-example", "--k", "0", "-o", "x.json"], "--k"),
    (["generate", "paper-example", "--k", "10000000000", "-o", "x.json"], "--k"),
    (["generate", "paper-example", "--k", "-3", "-o", "x.json"], "--k"),
    (["sweep-k", "paper-example", "--k", "1-100000000"], "--k"),
    (["sweep-k", "paper-example", "--k", "1-300"], "at most 256"),
    (["sweep-k", "paper-example", "--collective", "broadcast"], "needs a root"),
    (["sweep-k", "paper-example", "--collective", "allreduce", "--root", "box0/c0"], "root"),
])
def test_options_out_of_range(capsys, tmp_path, monkeypatch, argv, match):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    one_line_error(code, err, match)
    assert list(tmp_path.iterdir()) == []


def test_catalog_spec_or_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    doc = json.loads(build("dgx-a100:boxes=2").to_json())
    (tmp_path / "paper-example").write_text(json.dumps(doc))
    code, _, err = run(capsys, "bound", "paper-example")
    one_line_error(code, err, "write ./paper-example")
    code, out, _ = run(capsys, "bound", "./paper-example", "--json")
    assert code == 0 and json.loads(out)["algbw"] == "1040/3"
    (tmp_path / "mytopo").write_text(json.dumps(doc))   # not a catalog name: a file
    code, out, _ = run(capsys, "bound", "mytopo", "--json")
    assert code == 0 and json.loads(out)["algbw"] == "1040/3"


# --- outputs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("where, match", [
    ("missing/x.json", "does not exist"), (".", "is a directory"), ("in.json", "also an input"),
])
def test_generate_checks_its_output_before_working(capsys, tmp_path, monkeypatch, where, match):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.json").write_text(build("paper-example").to_json())
    before = (tmp_path / "in.json").read_text()
    code, out, err = run(capsys, "generate", "in.json", "-o", where)
    one_line_error(code, err, match)
    assert out == "" and (tmp_path / "in.json").read_text() == before


def test_generate_to_stdout(capsys):
    code, out, err = run(capsys, "generate", "paper-example", "-o", "-")
    assert code == 0 and json.loads(out)["format"] == "forestcoll-schedule/1"
    assert "wrote standard output" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_generate_to_a_full_device(capsys):
    code, _, err = run(capsys, "generate", "paper-example", "-o", "/dev/full")
    one_line_error(code, err, "No space left")
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")


def test_generate_keeps_an_existing_files_mode_and_writes_through_links(capsys, tmp_path):
    target = tmp_path / "s.json"
    target.write_text("old")
    target.chmod(0o644)
    (tmp_path / "link.json").symlink_to(target.name)
    code, _, _ = run(capsys, "generate", "paper-example", "-o", tmp_path / "link.json", "-q")
    assert code == 0 and (tmp_path / "link.json").is_symlink()
    assert json.loads(target.read_text())["collective"] == "allgather"
    assert oct(target.stat().st_mode & 0o777) == oct(0o644)


def test_sweep_interrupted_keeps_finished_rows(tmp_path):
    csv = tmp_path / "sweep.csv"
    proc = subprocess.Popen([sys.executable, "-m", "forestcoll_opt.cli", "sweep-k",
                             "mi250:boxes=2", "--k", "1-60", "--csv", str(csv)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    staged = None
    while time.time() < deadline:
        staged = [p for p in tmp_path.iterdir() if p.name.startswith(".sweep.csv")]
        if staged and staged[0].read_text().count("\n") >= 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    rows = csv.read_text().splitlines()
    assert rows[0].startswith("k,algbw") and len(rows) >= 3
    assert all(len(r.split(",")) == 7 for r in rows)
    printed = [line.split()[0] for line in out.splitlines()[1:]]
    assert printed[:len(rows) - 1] == [r.split(",")[0] for r in rows[1:]]
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.csv"]
