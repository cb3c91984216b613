"""``--group NODES`` on bound, generate, verify, lp, simulate, export msccl, check-xml, draw,
report and whatif: one option definition (cli/args.py), one line and exit 2 for a bad
group, the schedule's own group by default, and a --group that disagrees refused."""

import json

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.cli import args as cli_args

H100 = "dgx-h100:boxes=2"
COMMANDS = ("bound", "generate", "verify", "lp", "simulate", "export msccl", "check-xml",
            "draw", "report", "whatif")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _parser(name):
    from forestcoll_opt.cli.app import build_parser
    top = build_parser()
    sub = next(a for a in top._actions if a.__class__.__name__ == "_SubParsersAction")
    parser = sub.choices[name.split()[0]]
    if " " in name:
        inner = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
        parser = inner.choices[name.split()[1]]
    return parser


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_takes_group(name):
    action = next(a for a in _parser(name)._actions if "--group" in a.option_strings)
    assert action.metavar == "NODES" and action.dest == "group" and action.default is None


def test_bound_group_side_by_side(capsys):
    code, out, err = run(capsys, "bound", "mi250:boxes=2", "--group", "box*/gcd[0-7]")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("topology        mi250-2 [group of 16 of 32 compute nodes]: 16 compute, "
                        "17 switch nodes")
    assert lines[2] == "optimal algbw   2656/7 (379.429) GB/s"
    assert lines[-4:] == [
        "group: 16 of 32 compute nodes of mi250-2 (box0/gcd0, box0/gcd1, box0/gcd2, box0/gcd3 "
        "and 12 more)",
        "  others relaying:     algbw 2656/7 (379.429) GB/s",
        "  others switched off: algbw 208 GB/s",
        "  gain of relaying:    x166/91 (1.824)"]
    code, out, _ = run(capsys, "bound", H100, "--group", "box*/gpu0", "--json")
    doc = json.loads(out)
    assert doc["algbw"] == "800" and doc["compute_nodes"] == 2
    assert doc["group"] == {"members": ["box0/gpu0", "box1/gpu0"], "of": 16,
                            "relayed_algbw": "800", "switched_off_algbw": "100",
                            "switched_off_problem": None, "gain": "8"}


def test_bound_without_group_is_unchanged(capsys):
    code, plain, _ = run(capsys, "bound", H100)
    code2, whole, _ = run(capsys, "bound", H100, "--group", "box*/*")
    strip = [l for l in plain.splitlines() if not l.startswith("oracle")]
    assert code == code2 == 0 and strip == [l for l in whole.splitlines()
                                            if not l.startswith("oracle")]
    assert "others relaying" not in whole


@pytest.mark.parametrize("argv, words", [
    (("bound", H100, "--group", "box9/gpu0,box0/gpu0"),
     "--group: dgx-h100-2 has no compute node 'box9/gpu0'; did you mean 'box1/gpu0'?"),
    (("bound", H100, "--group", "box0/gpu0"), "--group: a group needs at least two compute"),
    (("lp", "allreduce", H100, "--group", "rail0,box0/gpu0"), "--group: 'rail0' is a switch"),
    (("whatif", H100, "--group", "box*/gpu99"), "--group: the glob 'box*/gpu99' matches no"),
    (("generate", H100, "--collective", "alltoall", "--group", "box*/gpu0,rail0", "-o",
      "a.json"), "--group: 'rail0' is a switch"),
])
def test_bad_groups_are_one_line_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("forestcoll: error: ") and words in err


def test_lp_alltoall_among_a_group(capsys):
    """The all-to-all LP among GPU 0 of both boxes: each sends M/2 to the other across the
    boxes' 8 NICs of 50 GB/s each way (the other GPUs relay), so algbw = 400 / (1/2) = 800,
    exact; with the GPU 1s too, 4 members: 400."""
    code, out, _ = run(capsys, "lp", "alltoall", H100, "--group", "box*/gpu0")
    assert code == 0 and out.splitlines()[1] == "optimum         800 GB/s, exact (certified " \
        "lower = upper)"
    code, out, _ = run(capsys, "lp", "alltoall", H100, "--group", "box*/gpu0,box*/gpu1")
    assert code == 0 and out.splitlines()[1].startswith("optimum         400 GB/s, exact")


def test_alltoall_schedule_among_a_group(capsys, tmp_path):
    """generate --collective alltoall --group: the LP's routes among GPU 0 of both boxes,
    written as forestcoll-schedule/5 with "process_group", at the group's exact optimum
    800 (relaying through the other GPUs' NICs); verify judges it for its group (OPTIMAL
    against the LP and against the verifier's own cut), export msccl refuses it (it relays
    through 14 GPUs outside the communicator); --no-relay gives 100, exportable."""
    s = tmp_path / "a.json"
    code, out, _ = run(capsys, "generate", H100, "--collective", "alltoall", "--group",
                       "box*/gpu0", "-o", str(s))
    assert code == 0 and out.splitlines()[1] == ("algbw           800 GB/s  (= the optimum "
                                                 "[800, 800])")
    data = json.loads(s.read_text())
    assert data["format"] == "forestcoll-schedule/5" and data["collective"] == "alltoall"
    assert data["process_group"] == data["compute_nodes"] == ["box0/gpu0", "box1/gpu0"]
    assert data["algbw"] == "800" and sum(r["weight"] for r in data["routes"]) == 2 * data["k"]
    for against in ("lp", "cut"):
        code, out, _ = run(capsys, "verify", H100, str(s), "--against", against)
        assert code == 0 and out.startswith("OPTIMAL: valid alltoall schedule, algbw 800 GB/s")
        assert "judged for its process group of 2 compute nodes" in out
    code, out, err = run(capsys, "verify", H100, str(s), "--group", "box*/gpu1")
    assert code == 2 and "the schedule is for its process group of 2" in err
    code, out, err = run(capsys, "export", "msccl", H100, str(s), "-o", str(tmp_path / "a.xml"))
    assert code == 2 and "relays through 14 compute node(s) outside its process group" in err
    assert not (tmp_path / "a.xml").exists()
    n = tmp_path / "n.json"
    code, out, _ = run(capsys, "generate", H100, "--collective", "alltoall", "--group",
                       "box*/gpu0", "--no-relay", "-o", str(n))
    assert code == 0 and "algbw           100 GB/s" in out
    code, out, _ = run(capsys, "verify", H100, str(n))
    assert code == 1 and out.startswith("BELOW: valid alltoall schedule, algbw 100 GB/s: "
                                        "12.5000% of the all-to-all LP optimum")
    code, out, _ = run(capsys, "export", "msccl", H100, str(n), "-o", str(tmp_path / "n.xml"))
    assert code == 0 and (tmp_path / "n.xml").exists()
    # four members (GPU 0 and 1 of both boxes): 400, as lp alltoall --group says
    code, out, _ = run(capsys, "generate", H100, "--collective", "alltoall", "--group",
                       "box*/gpu0,box*/gpu1", "-o", str(s))
    assert code == 0 and "algbw           400 GB/s  (= the optimum [400, 400])" in out


def test_generate_verify_simulate_with_the_files_group(capsys, tmp_path):
    s = tmp_path / "s.json"
    code, out, _ = run(capsys, "generate", H100, "--group", "box*/gpu0", "-o", str(s), "-q")
    assert code == 0 and "allgather on dgx-h100-2 [group of 2 of 16 compute nodes]" in out
    data = json.loads(s.read_text())
    assert data["format"] == "forestcoll-schedule/5"
    assert data["process_group"] == data["compute_nodes"] == ["box0/gpu0", "box1/gpu0"]
    # verify without --group judges it for its own group
    code, out, _ = run(capsys, "verify", H100, str(s))
    assert code == 0 and out.startswith("OPTIMAL: valid allgather schedule, algbw 800 GB/s")
    assert "judged for its process group of 2 compute nodes" in out
    code, out, _ = run(capsys, "verify", H100, str(s), "--group", "box0/gpu0,box1/gpu0")
    assert code == 0 and out.startswith("OPTIMAL")
    code, out, err = run(capsys, "verify", H100, str(s), "--group", "box*/gpu1")
    assert code == 2 and err == (
        "forestcoll: error: --group: the schedule is for its process group of 2 (box0/gpu0, "
        "box1/gpu0), not the 2 given (box0/gpu1, box1/gpu1); leave --group out to use the "
        "schedule's own group\n")
    code, out, _ = run(capsys, "simulate", H100, str(s), "--sizes", "1GiB", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["topology"] == "dgx-h100-2 [group of 2 of 16 compute nodes]"


def test_a_whole_schedule_with_a_smaller_group_is_refused(capsys, tmp_path):
    s = tmp_path / "whole.json"
    assert run(capsys, "generate", H100, "-o", str(s), "-q")[0] == 0
    code, _, err = run(capsys, "verify", H100, str(s), "--group", "box*/gpu0")
    assert code == 2 and "claims no process group" in err and err.count("\n") == 1


def test_export_msccl_refuses_relays_and_takes_no_relay(capsys, tmp_path):
    s, quiet, xml = tmp_path / "s.json", tmp_path / "q.json", tmp_path / "q.xml"
    run(capsys, "generate", H100, "--group", "box0/gpu[0-3]", "-o", str(s), "-q")
    code, out, err = run(capsys, "export", "msccl", H100, str(s), "-o", str(xml))
    assert code == 2 and not xml.exists()
    assert "relays through 12 compute node(s) outside its process group" in err
    assert err.rstrip().endswith("export a schedule made with the others switched off "
                                 "(generate --no-relay)")
    code, out, _ = run(capsys, "generate", H100, "--group", "box0/gpu[0-3]", "--no-relay",
                       "-o", str(quiet), "-q")
    assert code == 0 and "dgx-h100-2 without the 12 non-members" in out
    code, out, _ = run(capsys, "export", "msccl", H100, str(quiet), "-o", str(xml))
    assert code == 0 and "for dgx-h100-2 [group of 4 of 16 compute nodes]" in out
    assert 'ngpus="4"' in xml.read_text()
    # the project's own XML checker, on the group's communicator
    code, out, _ = run(capsys, "check-xml", H100, str(xml), "--group", "box0/gpu[0-3]",
                       "--schedule", str(quiet))
    assert code == 0 and out.startswith("OK: MSCCL allgather (msccl-executor), 4 ranks")
    code, _, err = run(capsys, "check-xml", H100, str(xml))
    assert code == 2 and "(and --group for a process group's file)" in err
    # the switched-off schedule, judged for its group with relays allowed: 9/10 of it
    code, out, _ = run(capsys, "verify", H100, str(quiet))
    assert code == 1 and "= 9/10 x bound 2000/3 (666.667) GB/s" in out


def test_no_relay_needs_group_and_a_balanced_remainder(capsys, tmp_path):
    code, _, err = run(capsys, "generate", H100, "--no-relay", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "--no-relay switches off the compute nodes outside --group" in err


def test_lp_whatif_draw_report_on_a_group(capsys, tmp_path):
    code, out, _ = run(capsys, "lp", "allreduce", H100, "--group", "box*/gpu0", "--json")
    assert code == 0 and json.loads(out)["upper"] == "400"
    code, out, _ = run(capsys, "whatif", H100, "--group", "box*/gpu0", "--top", "1", "-q")
    assert code == 0
    assert out.splitlines()[1] == "collective      allgather, optimum 800 GB/s"
    # losing GPU 0's NVSwitch link leaves its own NIC only: 2 x 50
    assert out.splitlines()[5].split()[:4] == ["1", "link:box0/nvswitch--box0/gpu0", "2", "100"]
    pytest.importorskip("matplotlib")
    s = tmp_path / "s.json"
    run(capsys, "generate", H100, "--group", "box*/gpu0", "-o", str(s), "-q")
    code, out, _ = run(capsys, "draw", H100, str(s), "--view", "loads",
                       "-o", str(tmp_path / "s.svg"))
    assert code == 0 and "loads view of dgx-h100-2 [group of 2 of 16 compute nodes]" in out
    code, out, _ = run(capsys, "report", H100, "--group", "box*/gpu0", "--no-lp",
                       "--sizes", "1MiB", "-o", str(tmp_path / "r.html"))
    assert code == 0 and "dgx-h100-2 [group of 2 of 16 compute nodes]" in out


def test_one_option_definition():
    assert cli_args.GROUP_HELP.startswith("run the collective among these compute nodes only")


def test_a_whole_group_writes_todays_bytes(capsys, tmp_path):
    plain, whole = tmp_path / "plain.json", tmp_path / "whole.json"
    assert run(capsys, "generate", H100, "-o", str(plain), "-q")[0] == 0
    assert run(capsys, "generate", H100, "--group", "box*/*", "-o", str(whole), "-q")[0] == 0
    assert plain.read_bytes() == whole.read_bytes()
    _, a, _ = run(capsys, "verify", H100, str(plain), "--json")
    _, b, _ = run(capsys, "verify", H100, str(plain), "--group", "box*/*", "--json")
    assert a == b
