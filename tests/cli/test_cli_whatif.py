"""``forestcoll whatif`` and ``--fail`` on ``generate`` and ``verify``: the ranked table, its
CSV and JSON, the degraded topology as a file on which ``bound`` agrees, and the usage
errors, each one line."""

import csv
import json
from fractions import Fraction

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_whatif_ranks_the_link_failures_by_default(capsys):
    code, out, err = run(capsys, "whatif", "dgx-a100:boxes=2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "topology        dgx-a100-2: 16 compute, 4 switch nodes"
    assert lines[1] == "collective      allgather, optimum 1040/3 (346.667) GB/s"
    assert lines[2].startswith("failures        32 single link failures in 2 classes (")
    assert lines[4].split() == ["rank", "failure", "count", "algbw", "(GB/s)", "lost", "status",
                                "note"]
    # an NVLink leaves that GPU its 25 GB/s NIC: 15/25 -> 16 x 25 / 15 = 80/3
    assert lines[5].split() == ["1", "link:box0/nvswitch--box0/gpu0", "16", "80/3", "(26.667)",
                                "92.31%", "ok"]
    # a NIC cable leaves that GPU 300 GB/s: 15/300 -> 320
    assert lines[6].split() == ["2", "link:ib/plane0--box0/gpu0", "16", "320", "7.69%", "ok"]


def test_whatif_all_kinds_top_json_and_csv(capsys, tmp_path):
    code, out, _ = run(capsys, "whatif", "mi250:boxes=2", "--fail", "all", "--top", "2")
    assert code == 0
    assert "1  switch:ib" in out and "disconnects box 1 (16 compute nodes)" in out
    assert "... the 2 costliest of 19 classes (--csv or --json for all)" in out
    code, out, _ = run(capsys, "whatif", "mi250:boxes=2", "--fail", "switch,box", "--json")
    data = json.loads(out)["failures"]
    assert data["kinds"] == ["switch", "box"] and data["failures"] == 3
    assert data["classes"][0] == {"rank": 1, "kind": "switch", "algbw": "0", "lost": "1",
                                  "status": "disconnected",
                                  "note": "disconnects box 1 (16 compute nodes)",
                                  "compute": 32, "failures": ["switch:ib"]}
    table = tmp_path / "f.csv"
    code, _, _ = run(capsys, "whatif", "dgx-h100:boxes=2", "--fail", "nic", "--csv", str(table))
    rows = list(csv.DictReader(table.open()))
    assert code == 0 and len(rows) == 16 and {r["rank"] for r in rows} == {"1"}
    assert Fraction(rows[0]["algbw_exact"]) == Fraction(rows[-1]["algbw_exact"])
    assert rows[0]["count"] == "16"
    assert float(rows[0]["algbw"]) == float(Fraction(rows[0]["algbw_exact"]))


def test_whatif_upgrades(capsys, tmp_path):
    code, out, _ = run(capsys, "whatif", "dgx-h100:boxes=16", "--upgrade", "2x")
    assert code == 0
    assert "upgrades        x2, every link alone: 256 candidates in 2 classes" in out
    assert "skipped         2 of 2: each misses one of the 16 bottleneck cuts found" in out
    assert "none raises the optimum 1280/3 (426.667) GB/s" in out
    code, out, _ = run(capsys, "whatif", "dgx-h100:boxes=16", "--upgrade", "2", "--by", "type",
                       "--json")
    ups = json.loads(out)["upgrades"]
    # NICs x2: the GPU cut binds, 128 x 550 / 127 against 1280/3: a gain of 165/127 - 1
    assert [(u["upgrade"], u["gain"], u["skipped"]) for u in ups["upgrades"]] == [
        ("type:infiniband", "38/127", False), ("nics", "38/127", False),
        ("type:nvlink", "0", True)]
    table = tmp_path / "u.csv"
    code, _, _ = run(capsys, "whatif", "dgx-h100:boxes=2", "--upgrade", "2", "--csv",
                     str(table))
    rows = list(csv.DictReader(table.open()))
    assert code == 0 and len(rows) == 32          # one row per link
    assert {r["count"] for r in rows} == {"16"}


def test_write_then_bound_generate_verify_agree(capsys, tmp_path):
    code, out, _ = run(capsys, "whatif", "dgx-a100:boxes=2", "--fail", "nic", "--json")
    (expected,) = json.loads(out)["failures"]["classes"]
    path = tmp_path / "left.json"
    code, out, _ = run(capsys, "whatif", "dgx-a100:boxes=2", "--write", "nic:box1/gpu5",
                       "-o", str(path))
    assert code == 0 and "'dgx-a100-2 without nic:box1/gpu5', 16 compute and 4 switch" in out
    code, out, _ = run(capsys, "bound", str(path), "--json")
    assert json.loads(out)["algbw"] == expected["algbw"] == "320"
    code, out, _ = run(capsys, "bound", "dgx-a100:boxes=2", "--fail", "nic:box1/gpu5", "--json")
    assert json.loads(out)["algbw"] == "320"
    schedule = tmp_path / "s.json"
    code, out, _ = run(capsys, "generate", "dgx-a100:boxes=2", "--fail", "nic:box1/gpu5",
                       "-o", str(schedule))
    assert code == 0 and "algbw           320 GB/s  (100.00% of the bound 320)" in out
    code, out, _ = run(capsys, "verify", "dgx-a100:boxes=2", str(schedule), "--fail",
                       "nic:box1/gpu5")
    assert code == 0 and out.startswith("OPTIMAL")
    code, out, _ = run(capsys, "verify", str(path), str(schedule))
    assert code == 0 and out.startswith("OPTIMAL")
    code, out, _ = run(capsys, "verify", "dgx-a100:boxes=2", str(schedule))
    assert code == 1 and out.startswith("BELOW")          # the intact network does better


@pytest.mark.parametrize("argv, words", [
    (["generate", "mi250:boxes=2", "--fail", "switch:ib", "-o", "-"],
     "forestcoll: error: --fail switch:ib: failure switch:ib disconnects box 1 (16 compute "
     "nodes)\n"),
    (["whatif", "mi250:boxes=2", "--write", "box:7", "-o", "-"],
     "forestcoll: error: 'mi250-2' has no box '7'; its boxes: 0, 1\n"),
    (["whatif", "mi250:boxes=2", "--write", "link:box0/gcd0--box0/gcd1"],
     "forestcoll: error: --write ID needs -o FILE"),
    (["whatif", "mi250:boxes=2", "-o", "x.json"], "-o writes the topology --write ID leaves"),
    (["whatif", "mi250:boxes=2", "--by", "type"], "--by chooses how --upgrade groups"),
    (["whatif", "mi250:boxes=2", "--upgrade", "1x"],
     "upgrade factor '1x': must be above 1"),
    (["whatif", "mi250:boxes=2", "--upgrade", "2x", "--fail", "link", "--csv", "x.csv"],
     "--csv holds one table"),
    (["whatif", "mi250:boxes=2", "--fail", "cable"], "'cable' is not a kind of failure"),
    (["whatif", "mi250:boxes=2", "--collective", "broadcast"], "broadcast needs a root"),
])
def test_usage_errors_are_one_line(capsys, argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


def test_a_failure_id_naming_two_links_is_refused_with_both(capsys, tmp_path):
    def link(a, b):
        return {"src": a, "dst": b, "bandwidth": 1, "bidirectional": True}
    ids = ["a", "b--c", "a--b", "c"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps({
        "format": "forestcoll-topology/1", "name": "hostile",
        "nodes": [{"id": i} for i in ids] + [{"id": "s", "kind": "switch"}],
        "links": [link("a", "b--c"), link("a--b", "c")] + [link(i, "s") for i in ids]}))
    code, out, err = run(capsys, "whatif", str(path), "--write", "link:a--b--c", "-o",
                         str(tmp_path / "left.json"))
    assert code == 2 and out == "" and not (tmp_path / "left.json").exists()
    assert err == ("forestcoll: error: 'link:a--b--c' names 2 links of 'hostile': "
                   "link:\"a\"--\"b--c\", link:\"a--b\"--\"c\"; write one of those ids\n")
    code, out, err = run(capsys, "whatif", str(path), "--write", 'link:"a--b"--"c"', "-o",
                         str(tmp_path / "left.json"))
    assert code == 0
    left = json.loads((tmp_path / "left.json").read_text())
    assert left["name"] == 'hostile without link:"a--b"--"c"'
    assert {(l["src"], l["dst"]) for l in left["links"]} == {
        ("a", "b--c"), *((i, "s") for i in ids)}
    code, out, _ = run(capsys, "whatif", str(path), "--no-symmetry", "--json")
    rows = [f for c in json.loads(out)["failures"]["classes"] for f in c["failures"]]
    assert len(rows) == len(set(rows)) == 6
