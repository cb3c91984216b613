"""Schedules of process groups at once on the command line: ``generate --mesh/--groups``
and ``groups -o`` write a forestcoll-group-schedules/1 file, ``verify`` judges it (exit
codes as for one schedule, ``--json``), ``export msccl`` writes one checked XML per group
into a folder; the usage errors, each one line."""

import json

import pytest

import forestcoll_opt as fc
from forestcoll_opt.cli import main

from tests.verify.test_groups_attacks import G, uplink_direct


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def dp_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("g") / "dp.json"
    assert main(["generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along", "dp",
                 "--collective", "allreduce", "-o", str(path)]) == 0
    return path


def test_generate_writes_the_file_verify_finds_optimal(dp_file, capsys):
    data = json.loads(dp_file.read_text())
    assert data["format"] == "forestcoll-group-schedules/1"
    assert (data["collective"], data["achieved"], data["lambda"]) == (
        "allreduce", "50", {"lower": "50", "upper": "50"})
    assert data["layout"] == {"mesh": "dp=2,tp=8", "along": "dp"}
    code, out, err = run(capsys, "verify", "dgx-h100:boxes=2", dp_file)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ("OPTIMAL: valid allreduce schedules of 8 groups at once, "
                                   "λ 50 GB/s: reaches the concurrent-groups LP optimum "
                                   "(certified interval [50, 50] GB/s)")
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", dp_file, "--json")
    v = json.loads(out)
    assert (code, v["status"], v["lambda"], v["exit_code"]) == (0, "optimal", "50", 0)
    assert len(v["groups"]) == 8 and v["groups"][0]["together"] == "50"


def test_verify_of_groups_lays_its_verdict_out_as_every_verdict(dp_file, capsys):
    """The groups verdict had a layout of its own ("status  OPTIMAL" on a line, "note: ",
    the busiest links without what they carry) and a column "alone" holding the schedule's
    algbw alone where forestcoll groups' "alone" is the group's optimum alone (400 for a dp
    pair: the box's 8 rails of 50): both columns now, named."""
    code, out, err = run(capsys, "verify", "dgx-h100:boxes=2", dp_file)
    lines = out.splitlines()
    assert code == 0 and err == ""
    # the two phases each fill rail0->box0/gpu0 at λ 100 alone: 1/λ = 1/100 + 1/100
    assert lines[1:4] == [
        "primal  reduce-scatter: busiest link rail0->box0/gpu0, full at λ 100 GB/s (every "
        "group's load on it summed)",
        "primal  allgather: busiest link rail0->box0/gpu0, full at λ 100 GB/s (every "
        "group's load on it summed)",
        "λ       50 GB/s = 1 / (1/100 + 1/100): every group g at algbw λ·w_g at once, the "
        "summed link loads within every link"]
    head = lines.index("  group     size  weight  schedule alone  optimum alone  together")
    assert lines[head + 1] == "  dp[tp=0]     2       1              50            400        50"
    assert len([l for l in lines if l.startswith("  dp[tp=")]) == 8
    # the same figures as forestcoll groups prints for these groups
    code, groups_out, _ = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                              "--along", "dp", "--collective", "allreduce")
    row = next(l for l in groups_out.splitlines() if l.startswith("dp[tp=0]"))
    assert row.split()[3:5] == ["400", "50"]
    # --json: the keys kept, the optimum alone added
    v = json.loads(run(capsys, "verify", "dgx-h100:boxes=2", dp_file, "--json")[1])
    assert v["groups"][0] == {"name": "dp[tp=0]", "members": 2, "weight": "1", "alone": "50",
                              "together": "50", "optimum_alone": "400"}


def test_verify_exit_codes_below_and_invalid(tmp_path, capsys):
    # the groups each at their own optimum alone (16 and 8) overfill a1->a2 together:
    # λ = 16/3 of the certified 8: BELOW, exit 1; claiming 8 instead: INVALID, exit 2
    from fractions import Fraction

    from forestcoll_opt.model.group_schedules import GroupSchedules
    from forestcoll_opt.model.groups import Group

    t = uplink_direct()
    topo = tmp_path / "net.json"
    topo.write_text(json.dumps(t.to_dict()))
    alone = tuple(fc.generate(t, group=g) for g in G)
    groups = tuple(Group(tuple(g), Fraction(1), f"g{i}") for i, g in enumerate(G))
    for achieved, code_wanted, status in ((Fraction(16, 3), 1, "BELOW"), (8, 2, "INVALID")):
        path = tmp_path / f"{status}.json"
        GroupSchedules("allgather", t.name, t.units, groups, alone, Fraction(achieved)).save(path)
        code, out, err = run(capsys, "verify", topo, path)
        assert code == code_wanted and out.splitlines()[0].startswith(f"{status}: ")
    code, out, err = run(capsys, "verify", topo, tmp_path / "BELOW.json")
    assert out.splitlines()[0] == ("BELOW: valid allgather schedules of 2 groups at once, "
                                   "λ 16/3 (5.333) GB/s: 66.6667% of the concurrent-groups LP "
                                   "optimum (certified interval [8, 8] GB/s)")
    assert out.splitlines()[-1] == ("note    λ is below the LP's certified lower value 8: the "
                                    "witness's schedules reach more")
    assert err == ("forestcoll: the schedules reach 66.6667% of the concurrent-groups LP "
                   "optimum together, below --min-ratio 1\n")
    # an invalid file: its problems on stderr, one summary line, as for one schedule
    code, out, err = run(capsys, "verify", topo, tmp_path / "INVALID.json")
    assert (code, out) == (2, "INVALID: 1 problem(s) in " + str(tmp_path / "INVALID.json")
                           + "\n")
    assert err == ("forestcoll: invalid: \"achieved\" claims λ = 8 but the summed link loads "
                   "of every group at once give 16/3\n")


def test_verify_names_the_groups_asked_about(dp_file, capsys):
    code, out, err = run(capsys, "verify", "dgx-h100:boxes=2", dp_file, "--mesh", "dp=2,tp=8",
                         "--along", "tp")
    assert code == 2 and out == f"INVALID: 10 problem(s) in {dp_file}\n"
    assert "forestcoll: invalid: a group is missing: the one of 8 members (box0/gpu0, " \
           "box0/gpu1, box0/gpu2 ...) asked about has no schedule\n" in err


def test_groups_dash_o_writes_the_same_file(dp_file, tmp_path, capsys):
    path = tmp_path / "again.json"
    code, out, _ = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along",
                       "dp", "--collective", "allreduce", "-o", path)
    assert code == 0 and out.startswith("8 allreduce groups at once on dgx-h100-2")
    assert path.read_bytes() == dp_file.read_bytes()


def test_export_writes_one_checked_file_per_group(dp_file, tmp_path, capsys):
    folder = tmp_path / "xml"
    code, out, err = run(capsys, "export", "msccl", "dgx-h100:boxes=2", dp_file, "-o", folder)
    assert code == 0 and err == ""
    names = sorted(p.name for p in folder.iterdir() if p.suffix == ".xml")
    assert names == [f"{i:03d}-dp_tp_{i}.xml" for i in range(8)]
    # each beside its group's schedule, so that check-xml checks it again on its own
    # communicator (the group taken from the schedule)
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".json") == [
        n[:-4] + ".json" for n in names]
    assert out.splitlines()[1] == (f"check one again: forestcoll check-xml dgx-h100:boxes=2 "
                                   f"{folder / names[0]} --schedule "
                                   f"{folder / names[0][:-4]}.json")
    code, again, _ = run(capsys, "check-xml", "dgx-h100:boxes=2", folder / names[5],
                         "--schedule", folder / (names[5][:-4] + ".json"))
    assert code == 0 and again.startswith("OK: MSCCL allreduce (msccl-executor), 2 ranks")
    # each file on its group's communicator (its 2 members as ranks), checked again here
    from forestcoll_opt.model import load_group_schedules, restrict
    from forestcoll_opt.runtimes import check_xml

    made = load_group_schedules(dp_file)
    topo = fc.resolve("dgx-h100:boxes=2")
    for name, group, schedule in zip(names, made.groups, made.schedules):
        v = check_xml(restrict(topo, group), (folder / name).read_text(), schedule=schedule)
        assert v.ok and v.algbw == 50
    assert out.startswith("wrote 8 MSCCL msccl-executor allreduce files to ")


def test_export_refuses_a_relaying_group_and_writes_nothing(tmp_path, capsys):
    t = uplink_direct()
    topo = tmp_path / "net.json"
    topo.write_text(json.dumps(t.to_dict()))
    path = tmp_path / "ud.json"
    fc.generate_concurrent(t, groups=G).save(path)
    folder = tmp_path / "xml"
    code, out, err = run(capsys, "export", "msccl", topo, path, "-o", folder)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("forestcoll: error: group 'g1': its schedule relays through 2 "
                          "compute node(s) outside the group (a1, a2)")
    assert "(generate --mesh/--groups ... --no-relay), the joint optimum where no group" in err
    assert not folder.exists()


@pytest.mark.parametrize("extra, message", [
    (["--k", "2"], "--k: generate --mesh/--groups builds one schedule per group"),
    (["--group", "box*/gpu0"], "--group: generate --mesh/--groups"),
    (["--collective", "broadcast"], "--collective broadcast: groups at once run allgather, "
                                    "reduce-scatter, allreduce or alltoall"),
])
def test_generate_refuses_what_it_does_not_take(extra, message, tmp_path, capsys):
    code, _, err = run(capsys, "generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                       "--along", "dp", "-o", tmp_path / "x.json", *extra)
    assert code == 2 and len(err.splitlines()) == 1 and message in err
    assert not (tmp_path / "x.json").exists()


def test_mesh_with_a_plain_schedule_is_refused(tmp_path, capsys):
    path = tmp_path / "s.json"
    assert main(["generate", "paper-example", "-o", str(path), "-q"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "verify", "paper-example", path, "--mesh", "dp=8",
                       "--along", "dp")
    assert code == 2 and "--mesh names process groups at once; it goes with a " \
                         "forestcoll-group-schedules/1 file" in err


def test_verify_min_ratio_gate(tmp_path, capsys):
    from fractions import Fraction

    from forestcoll_opt.model.group_schedules import GroupSchedules
    from forestcoll_opt.model.groups import Group

    t = uplink_direct()
    topo = tmp_path / "net.json"
    topo.write_text(json.dumps(t.to_dict()))
    alone = tuple(fc.generate(t, group=g) for g in G)
    groups = tuple(Group(tuple(g), Fraction(1), f"g{i}") for i, g in enumerate(G))
    path = tmp_path / "below.json"
    GroupSchedules("allgather", t.name, t.units, groups, alone, Fraction(16, 3)).save(path)
    # at 2/3 of the optimum: passes a gate of 0.6, not one of 0.7
    assert run(capsys, "verify", topo, path, "--min-ratio", "0.6")[0] == 0
    code, out, _ = run(capsys, "verify", topo, path, "--min-ratio", "0.7", "--json")
    v = json.loads(out)
    assert (code, v["status"], v["ratio"], v["gate"]) == (1, "below", "2/3", {
        "min_ratio": "7/10", "passed": False})


def test_generate_reports_and_groups_refuses_standard_output(tmp_path, capsys):
    code, out, _ = run(capsys, "generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                       "--along", "dp", "-o", tmp_path / "x.json")
    assert code == 0 and out == (f"wrote {tmp_path / 'x.json'}: 8 allgather group schedules on "
                                 f"dgx-h100-2: together λ = 100 (optimal); certified λ 100\n")
    code, out, err = run(capsys, "generate", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "dp", "-o", "-")
    assert code == 0 and json.loads(out)["achieved"] == "100" and err.startswith(
        "wrote standard output: 8 allgather group schedules")
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8",
                         "--along", "dp", "-o", "-")
    assert code == 2 and out == "" and err.startswith("forestcoll: error: -o -: groups prints")


def test_generate_no_relay_writes_schedules_verify_and_export_accept(tmp_path, capsys):
    # the two-leaf network: with relays {b1, b2} goes over a1 -> a2 and export refuses it
    # (above); --no-relay reaches the same λ = 8 without, is verified for it and exported
    t = uplink_direct()
    topo = tmp_path / "net.json"
    topo.write_text(json.dumps(t.to_dict()))
    groups = tmp_path / "g.json"
    groups.write_text(json.dumps(G))
    path = tmp_path / "nr.json"
    code, out, err = run(capsys, "generate", topo, "--groups", groups, "--no-relay",
                         "-o", path)
    assert code == 0 and err == ""
    assert out == (f"wrote {path}: 2 allgather group schedules without relays on "
                   f"uplink-direct: together λ = 8 (optimal); certified λ 8\n")
    doc = json.loads(path.read_text())
    assert doc["relay"] is False
    code, out, _ = run(capsys, "verify", topo, path)
    assert code == 0 and out.startswith("OPTIMAL: valid allgather schedules of 2 groups at "
                                        "once without relays, λ 8 GB/s: reaches")
    assert "note    \"relay\": false: no group's schedule may pass through a compute node " \
           "outside it; judged against the LP without relays" in out
    folder = tmp_path / "xml"
    code, out, err = run(capsys, "export", "msccl", topo, path, "-o", folder)
    assert code == 0 and err == "" and len(list(folder.glob("*.xml"))) == 2
    # the relayed file claiming "relay": false is invalid (exit 2), naming the relays
    relayed = fc.generate_concurrent(t, groups=G).to_dict()
    relayed["relay"] = False
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(relayed))
    code, out, err = run(capsys, "verify", topo, forged)
    assert code == 2 and out.startswith("INVALID: 1 problem(s) in ")
    assert ("forestcoll: invalid: group 'g1': its schedule passes through 2 compute node(s) "
            "outside the group (a1, a2), but the file says \"relay\": false\n") in err


def test_groups_no_relay_dash_o_writes_the_relay_free_file(tmp_path, capsys):
    path = tmp_path / "dp.json"
    code, _, _ = run(capsys, "groups", "dgx-h100:boxes=2", "--mesh", "dp=2,tp=8", "--along",
                     "dp", "--no-relay", "-o", path)
    assert code == 0
    doc = json.loads(path.read_text())
    assert doc["relay"] is False and doc["achieved"] == "100"
