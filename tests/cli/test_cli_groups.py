"""``forestcoll groups``: process groups at once — alone and together per group, the
certified λ, the contended links; --mesh/--along, --groups FILE, --json, and the usage
errors, each one line."""

import json

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
