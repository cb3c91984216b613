"""``forestcoll groups``: process groups at once — alone and together per group, the
certified λ, the contended links; --mesh/--along, --groups FILE, --json, and the usage
errors, each one line."""

import json

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_groups_mesh_prints_alone_together_and_the_exact_lambda(capsys):
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "dp")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "8 allgather groups at once on dgx-h100-2 (algbw in GB/s)"
    assert lines[1].startswith("λ               100 exact:")
    assert lines[3].split() == ["group", "size", "weight", "alone", "together", "contention"]
    # a pair alone gets the box's 8 x 50 of rail bandwidth (x = 400, 2x = 800); together 50
    assert lines[4].split() == ["dp[tp=0]", "2", "1", "800", "100", "87.5%", "at", "least"]
    assert len([l for l in lines if l.startswith("dp[tp=")]) == 8
    assert any(l.startswith("contended links box0/gpu0->rail0") for l in lines)
    assert "independent     8 classes of groups use disjoint links" in out


def test_tensor_parallel_groups_lose_the_rails_together(capsys):
    # a tp group alone also relays over the rails (a GPU takes 450 + 50 in: 8 x 500/7 per
    # phase); together each box keeps to its NVSwitch (8 x 450/7): allreduce halves both
    code, out, _ = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                       "--along", "tp", "--collective", "allreduce")
    assert code == 0
    row = next(l for l in out.splitlines() if l.startswith("tp[dp=0]"))
    assert row.split() == ["tp[dp=0]", "8", "1", "2000/7", "(285.714)", "1800/7", "(257.143)",
                           "10.0%", "at", "least"]


def test_expert_parallel_alltoall_groups(capsys, tmp_path):
    # all-to-all inside each box (tp, 8 GPUs): alone a GPU sends 7/8 of M over NVLink 450
    # and the rails 50 (8 x 500/7); together each box keeps to its NVSwitch (8 x 450/7)
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "tp", "--collective", "alltoall", "--compare")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "2 alltoall groups at once on dgx-h100-2 (algbw in GB/s)"
    assert lines[1].startswith("λ               3600/7 (514.286) exact:")
    row = next(l for l in lines if l.startswith("tp[dp=0]"))
    assert row.split() == ["tp[dp=0]", "8", "1", "4000/7", "(571.429)", "3600/7", "(514.286)",
                           "10.0%", "at", "least"]
    assert any(l.startswith("model           the all-to-all LP with the groups' block demand")
               for l in lines)
    assert "direct alone" in out and "ring alone" not in out
    # the schedules: written, then verified together at the certified optimum
    f = tmp_path / "ep.json"
    code, out, _ = run(capsys, "generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                       "--along", "tp", "--collective", "alltoall", "-o", str(f))
    assert code == 0 and "together λ = 3600/7 (514.286) (optimal)" in out
    doc = json.loads(f.read_text())
    assert doc["collective"] == "alltoall"
    assert {g["schedule"]["format"] for g in doc["groups"]} == {"forestcoll-schedule/5"}
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", str(f))
    assert code == 0 and out.startswith("OPTIMAL: valid alltoall schedules of 2 groups at "
                                        "once, λ 3600/7 (514.286) GB/s: reaches")


def test_groups_file_with_weights_and_json(capsys, tmp_path):
    path = tmp_path / "groups.json"
    path.write_text(json.dumps([{"members": "box*/gpu0", "weight": 3, "name": "big"},
                                ["box0/gpu1", "box1/gpu1"]]))
    code, out, _ = run(capsys, "groups", "dgx-a100:boxes=2", "--groups", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["collective"] == "allgather" and data["exact"] is True
    # 2 groups over the box's 8 x 25 towards the IB planes: 3/2 λ + 1/2 λ <= 200, λ = 100
    assert data["lower"] == {"exact": "100", "float": 100.0} == data["upper"]
    assert [(g["name"], g["together_upper"]["exact"]) for g in data["groups"]] == [
        ("big", "300"), ("g1", "100")]


def test_groups_usage_errors_are_one_line(capsys):
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8")
    assert code == 2 and out == ""
    assert err == ("forestcoll: error: --mesh needs --along, the dimension(s) the groups "
                   "run along (e.g. --along dp)\n")
    code, _, err = run(capsys, "groups", "dgx-h100:boxes=2")
    assert code == 2 and err.count("\n") == 1 and "--groups" in err and "--mesh" in err
    code, _, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=3,tp=8",
                       "--along", "dp")
    assert code == 2 and "dp=3,tp=8 has 24 ranks but dgx-h100-2 has 16" in err
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "pp", "--json")
    assert code == 2 and json.loads(out)["exit_code"] == 2 and "'pp'" in err


def test_an_open_interval_is_printed_as_one(capsys, monkeypatch):
    # every catalog mesh closes; the printing of an open interval is checked on a result
    # whose upper end is moved by hand
    from dataclasses import replace

    import forestcoll_opt.lp.groups.solve as groups

    solve = groups.concurrent

    def wider(*args, **kwargs):
        r = solve(*args, **kwargs)
        return replace(r, upper=r.upper * 2, rows=tuple(
            replace(row, together_upper=row.together_upper * 2) for row in r.rows))

    monkeypatch.setattr(groups, "concurrent", wider)
    code, out, _ = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                       "--along", "dp")
    assert code == 0
    assert out.splitlines()[1].startswith("λ               [100, 200]: every group g runs")
    row = next(l for l in out.splitlines() if l.startswith("dp[tp=0]"))
    assert row.split() == ["dp[tp=0]", "2", "1", "800", "[100,", "200]", "75.0%", "at", "least"]
    assert "(the upper certificate prices them;" in out


def test_a_time_limit_that_stops_highs_exits_3(capsys):
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "dp", "--time-limit", "1e-9", "--json")
    assert code == 3 and err.count("\n") == 1 and "--time-limit" in err
    assert json.loads(out)["exit_code"] == 3


def test_no_relay_mi250_half_boxes(capsys, tmp_path):
    # GCDs 0-3 and 4-7 of both boxes, 8-15 idle: with relays λ = 728/3 together; without,
    # 128/3, and each group alone with the others switched off (tests/lp/groups/test_norelay)
    groups = tmp_path / "g.json"
    groups.write_text(json.dumps([["box*/gcd[0-3]"], ["box*/gcd[4-7]"]]))
    code, out, err = run(capsys, "groups", "mi250:boxes=2", "--groups", str(groups),
                         "--no-relay")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("2 allgather groups at once on mi250-2 (algbw in GB/s), none "
                        "relaying through a GPU outside it")
    assert lines[1].startswith("λ               128/3 (42.667) exact:")
    assert lines[4].split()[:5] == ["g0", "8", "1", "128/3", "(42.667)"]
    assert lines[5].split()[:4] == ["g1", "8", "1", "128"]
    code, out, _ = run(capsys, "groups", "mi250:boxes=2", "--groups", str(groups))
    assert out.splitlines()[1].startswith("λ               728/3 (242.667) exact:")
    code, out, _ = run(capsys, "groups", "mi250:boxes=2", "--groups", str(groups),
                       "--no-relay", "--json")
    doc = json.loads(out)
    assert doc["relay"] is False and doc["lower"]["exact"] == "128/3"


def test_no_relay_usage_errors_are_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "tp", "--collective", "alltoall", "--no-relay")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err == ("forestcoll: error: --no-relay is for groups running allgather, "
                   "reduce-scatter or allreduce at once; all-to-all groups at once route "
                   "through any node\n")
    ring = tmp_path / "ring.json"
    ring.write_text(json.dumps({
        "format": "forestcoll-topology/1", "name": "ring4",
        "nodes": [{"id": f"v{i}", "kind": "compute"} for i in range(4)],
        "links": [{"src": f"v{i}", "dst": f"v{(i + 1) % 4}", "bandwidth": 1,
                   "bidirectional": True} for i in range(4)]}))
    groups = tmp_path / "g.json"
    groups.write_text(json.dumps([["v0", "v2"], ["v1", "v3"]]))
    code, out, err = run(capsys, "groups", str(ring), "--groups", str(groups), "--no-relay")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err == ("forestcoll: error: with --no-relay, group 'g0' cannot run without the "
                   "other compute nodes: switching them off disconnects v2\n")


@pytest.mark.parametrize("argv, flag", [
    (["groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=4", "--along", "dp"], "--mesh"),
    (["groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along", "pp"], "--along"),
    (["generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=4", "--along", "dp", "-o", "x.json"],
     "--mesh"),
])
def test_mesh_errors_name_the_option_not_the_keyword(capsys, tmp_path, monkeypatch, argv, flag):
    """A bad --mesh/--along is reported as the option the user typed ('--mesh: dp=2,tp=4 has
    8 ranks ...'), not as the library's keyword ('mesh=: ...')."""
    from forestcoll_opt.cli import main

    monkeypatch.chdir(tmp_path)
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"forestcoll: error: {flag}: ") and "=:" not in err
    assert err.count("\n") == 1
