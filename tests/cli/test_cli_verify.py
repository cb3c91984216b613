"""`forestcoll verify` exit codes: 0 reaches the reference, 1 below, 2 invalid or a
contradiction, 3 the LP needed for an allreduce verdict failed."""

import json

import pytest

from forestcoll_opt.lp import solver as lp_module
from forestcoll_opt.cli import main
from forestcoll_opt.errors import LPNotOptimalError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.catalog import build


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def mi250x8_allreduce(tmp_path_factory, catalog):
    path = tmp_path_factory.mktemp("ar") / "allreduce.json"
    path.write_text(generate(catalog("mi250:boxes=2,gpus=8"), collective="allreduce").to_json())
    return path


@pytest.mark.parametrize("spec, method, built, algbw, status", [
    ("mi250:boxes=2,gpus=8", None, "the LP schedule", "128 GB/s", "OPTIMAL"),
    ("paper-example", None, "reduce-scatter then allgather trees", "4 b", "OPTIMAL"),
    ("mi250:boxes=2,gpus=8", "trees", "reduce-scatter then allgather trees", "104 GB/s",
     "BELOW"),
])
def test_generate_and_verify_agree_on_an_allreduce(capsys, tmp_path, spec, method, built,
                                                   algbw, status):
    """generate says against which bound its percentage is; verify of the same file agrees
    (generate called the trees 100 % of their bound, verify said BELOW of the LP)."""
    path = tmp_path / "ar.json"
    code, out, err = run(capsys, "generate", spec, "--collective", "allreduce", "-q", "-o",
                         path, *(["--method", method] if method else []))
    assert code == 0, err
    lines = {line[:16].strip(): line[16:] for line in out.splitlines()[1:]}
    assert lines["method"].startswith(built)
    assert lines["algbw"].startswith(algbw)
    code, verdict, _ = run(capsys, "verify", spec, path)
    assert verdict.startswith(status)
    if status == "OPTIMAL":
        assert code == 0 and "(reaches the allreduce LP optimum, certified interval" in \
            lines["algbw"]
    else:
        # generate did not solve the LP and said so, naming the tree bound
        assert code == 1 and lines["algbw"] == \
            "104 GB/s  (100.00% of the reduce-scatter + allgather tree bound 104)"
        assert "the allreduce LP was not solved" in lines["method"]
        assert "81.2500% of the allreduce LP optimum" in verdict


def test_generate_above_the_lp_limit_says_it_built_trees(capsys, tmp_path, monkeypatch):
    from forestcoll_opt.lp import choice

    monkeypatch.setattr(choice, "LP_MAX_VARIABLES", 1000)     # mi250:boxes=2,gpus=8: 1,096
    code, out, err = run(capsys, "generate", "mi250:boxes=2,gpus=8", "--collective",
                         "allreduce", "-q", "-o", tmp_path / "ar.json")
    assert code == 0, err
    assert ("method          reduce-scatter then allgather trees: the allreduce LP of this "
            "network has 1,096 variables, above the 1,000 up to which it is solved by "
            "default; --method lp builds the schedule at the LP optimum") in out
    assert ("algbw           104 GB/s  (= the reduce-scatter + allgather tree bound; the "
            "allreduce LP optimum was not solved)") in out
    # verify follows the same rule: the trees against the tree bound, saying why
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", tmp_path / "ar.json")
    assert code == 0, out + err
    assert out.startswith("OPTIMAL: valid allreduce schedule, algbw 104 GB/s")
    assert ("judged against the reduce-scatter + allgather tree bound, as generate measures "
            "its trees: the allreduce LP of this network has 1,096 variables") in out
    # a concurrent allreduce has no other reference: its LP is solved at any size
    code, out, err = run(capsys, "generate", "mi250:boxes=2,gpus=8", "--collective",
                         "allreduce", "--method", "lp", "-q", "-o", tmp_path / "lp.json")
    assert code == 0, err
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", tmp_path / "lp.json")
    assert code == 0 and "allreduce LP optimum" in out and "1,096 variables" not in out


def test_tree_allreduce_is_below_the_lp_optimum(capsys, mi250x8_allreduce):
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce)
    assert code == 1, out + err
    assert out.startswith("BELOW: valid allreduce schedule, algbw 104 GB/s: 81.2500% of the "
                          "allreduce LP optimum")
    assert "equals the reduce-scatter + allgather tree bound 104" in out
    assert "below --min-ratio 1" in err


def test_tree_allreduce_meets_a_lower_min_ratio_against_the_lp(capsys, mi250x8_allreduce):
    code, out, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce,
                       "--min-ratio", "0.8")
    assert code == 0 and out.startswith("OK: ")
    code, _, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce,
                     "--min-ratio", "0.82")
    assert code == 1


def test_tree_allreduce_is_optimal_against_the_trees(capsys, mi250x8_allreduce):
    code, out, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce,
                       "--against", "trees")
    assert code == 0 and out.startswith("OPTIMAL: valid allreduce schedule, algbw 104 GB/s = 1 x "
                                        "reduce-scatter + allgather tree bound 104")


def test_allreduce_json_verdict_carries_the_interval(capsys, mi250x8_allreduce):
    code, out, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "below" and data["against"] == "lp"
    lower, upper = (float(eval(data["lp_interval"][k])) for k in ("lower", "upper"))  # "p/q"
    assert lower <= 128 <= upper and (upper - lower) / upper < 1e-6
    assert data["equals_rs_ag_bound"] is True and data["rs_ag_bound"] == "104"


def test_lp_failure_has_its_own_exit_code(capsys, monkeypatch, mi250x8_allreduce):
    def fail(*args, **kwargs):
        raise LPNotOptimalError("HiGHS stopped at its time limit")

    monkeypatch.setattr(lp_module, "solve", fail)
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce)
    assert code == 3 and out == ""
    assert err.count("\n") == 1 and "--against trees" in err and "time limit" in err


@pytest.mark.parametrize("ratio", ["0", "1.5", "-1", "nan", "inf", "x", "1/0"])
def test_min_ratio_out_of_range(capsys, tmp_path, catalog, ratio):
    path = tmp_path / "s.json"
    path.write_text(generate(catalog("paper-example")).to_json())
    code, out, err = run(capsys, "verify", "paper-example", path, "--min-ratio", ratio)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--min-ratio" in err


def test_broadcast_relabelled_as_allgather_fails_on_the_command_line(capsys, tmp_path, catalog):
    t = catalog("paper-example")
    forged = json.loads(generate(t, collective="broadcast", root="box0/c0").to_json())
    forged["collective"] = "allgather"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    code, out, err = run(capsys, "verify", "paper-example", path)
    assert code == 2 and out.startswith("INVALID") and "Traceback" not in err


@pytest.fixture(scope="module")
def weighted_allreduce(tmp_path_factory, catalog):
    t = catalog("paper-example")
    weights = {c: 2 if i == 0 else 1 for i, c in enumerate(t.compute_nodes)}
    path = tmp_path_factory.mktemp("war") / "weighted.json"
    path.write_text(generate(t, collective="allreduce", weights=weights).to_json())
    return path


def test_tree_reference_refused_in_the_command_line_s_terms(capsys, weighted_allreduce):
    code, out, err = run(capsys, "verify", "paper-example", weighted_allreduce,
                         "--against", "trees")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("forestcoll: error: ") and "weighted.json is a weighted allreduce, " \
        "which may exceed the reduce-scatter + allgather tree bound, so --against trees " \
        "cannot judge it" in err
    assert "--against lp" in err and 'against="' not in err and "lp_interval" not in err


def test_commands_that_need_a_valid_schedule_solve_no_lp(capsys, monkeypatch, weighted_allreduce):
    def fail(*args, **kwargs):
        raise AssertionError("validity needs no LP")

    monkeypatch.setattr(lp_module, "solve", fail)
    code, out, _ = run(capsys, "show-traffic", "paper-example", weighted_allreduce)
    assert code == 0 and out.startswith("allreduce on paper-example: ")
    code, out, _ = run(capsys, "simulate", "paper-example", weighted_allreduce, "--sizes", "1GiB")
    assert code == 0 and "allreduce" in out


# --- verify --json as a CI gate (issue 32) -----------------------------------------------------

def test_json_carries_the_gate_and_the_exit_status(capsys, mi250x8_allreduce):
    # the tree allreduce is 81.25 % of the LP optimum: "below", yet it passes --min-ratio 0.8
    code, out, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce, "--json",
                       "--min-ratio", "0.8")
    data = json.loads(out)
    assert code == 0 and data["status"] == "below"
    assert data["gate"] == {"min_ratio": "4/5", "passed": True} and data["exit_code"] == 0
    code, out, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce, "--json",
                       "--min-ratio", "0.82")
    data = json.loads(out)
    assert code == 1 and data["gate"] == {"min_ratio": "41/50", "passed": False}
    assert data["exit_code"] == 1


def test_json_gate_of_an_invalid_schedule(capsys, tmp_path, catalog):
    path = tmp_path / "s.json"
    doc = json.loads(generate(catalog("paper-example")).to_json())
    doc["k"] += 1
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "verify", "paper-example", path, "--json")
    data = json.loads(out)
    assert code == 2 and data["status"] == "invalid" and data["reasons"]
    assert data["gate"] == {"min_ratio": "1", "passed": False} and data["exit_code"] == 2
    assert err.startswith("forestcoll: invalid: ")


def _error_object(out, code):
    data = json.loads(out)
    assert set(data) == {"status", "error", "exit_code"}
    assert data["status"] == "error" and data["exit_code"] == code and "\n" not in data["error"]
    return data["error"]


def test_json_errors_are_objects_on_stdout_too(capsys, tmp_path, catalog):
    good = tmp_path / "s.json"
    good.write_text(generate(catalog("paper-example")).to_json())
    truncated = tmp_path / "t.json"
    truncated.write_text(good.read_text()[:100])
    cases = [
        (["verify", "paper-example", tmp_path / "missing.json"], "cannot read schedule file"),
        (["verify", "paper-example", truncated], "not valid JSON"),
        (["verify", "no-such-model", good], "unknown model 'no-such-model'"),
        (["verify", "paper-example", good, "--min-ratio", "2"], "--min-ratio"),
        (["verify", "paper-example", good, "--against", "bogus"], "invalid choice: 'bogus'"),
        (["verify", "paper-example", good, "--weights", tmp_path / "none.json"], "weights"),
        (["bound", "no-such-model", "--json"], "unknown model 'no-such-model'"),
        (["lp", "allreduce", "no-such-model", "--json"], "unknown model"),
        (["simulate", "paper-example", truncated, "--json"], "not valid JSON"),
        (["whatif", "no-such-model", "--json"], "unknown model"),
    ]
    for argv, words in cases:
        argv = argv if "--json" in argv else argv + ["--json"]
        code, out, err = run(capsys, *argv)
        assert code == 2, (argv, err)
        message = _error_object(out, 2)
        assert words in message and err == f"forestcoll: error: {message}\n", (argv, err)
    # without --json nothing is printed on stdout
    code, out, _ = run(capsys, "verify", "paper-example", truncated)
    assert code == 2 and out == ""


def test_json_lp_failure_is_an_object_with_exit_3(capsys, monkeypatch, mi250x8_allreduce):
    def fail(*args, **kwargs):
        raise LPNotOptimalError("HiGHS stopped at its time limit")

    monkeypatch.setattr(lp_module, "solve", fail)
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce, "--json")
    assert code == 3 and "time limit" in _error_object(out, 3)
    assert err.count("\n") == 1 and "--against trees" in err


def test_all_to_all_against_trees_is_refused_in_the_command_line_s_terms(capsys, tmp_path):
    s = tmp_path / "a2a.json"
    assert main(["generate", "paper-example", "--collective", "alltoall", "-q", "-o",
                 str(s)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "verify", "paper-example", s, "--against", "trees")
    assert code == 2 and out == ""
    assert err == ("forestcoll: error: --against trees is allreduce's reference; verify an "
                   "all-to-all with --against lp (its LP optimum) or --against cut (the "
                   "verifier's own bounds)\n")


def test_allreduce_against_cut_is_refused_in_the_command_line_s_terms(capsys, tmp_path,
                                                                       catalog):
    s = tmp_path / "ar.json"
    s.write_text(generate(catalog("paper-example"), collective="allreduce").to_json())
    code, out, err = run(capsys, "verify", "paper-example", s, "--against", "cut")
    assert code == 2
    assert err == ("forestcoll: error: --against cut is all-to-all's reference; verify an "
                   "allreduce with --against lp or --against trees\n")


def test_weighted_allreduce_names_each_bound(capsys, weighted_allreduce):
    code, out, err = run(capsys, "verify", "paper-example", weighted_allreduce)
    dual = [line for line in out.splitlines() if line.startswith("dual")]
    assert [line.split(":")[0] for line in dual] == [
        "dual    reduce-scatter bound (equal shards) 8 b",
        "dual    allgather bound (equal shards) 8 b",
        "dual    reduce-scatter bound (the schedule's shard weights) 36/5 (7.200) b",
        "dual    allgather bound (the schedule's shard weights) 36/5 (7.200) b"]


def _not_optimal(*args, **kwargs):
    raise LPNotOptimalError("HiGHS did not prove the allreduce LP optimal (time limit "
                            "reached); raise the time limit (time_limit=) or use a smaller "
                            "topology", options=("time_limit",))


def test_lp_time_limit_said_once(capsys, monkeypatch, mi250x8_allreduce):
    monkeypatch.setattr(lp_module, "solve", _not_optimal)
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", mi250x8_allreduce)
    assert code == 3 and err.count("\n") == 1
    assert err.count("raise") == 1, err                 # "raise --time-limit" once
    assert err.count("--time-limit") == 1 and err.endswith("; or verify with --against trees\n")


@pytest.mark.parametrize("problem", ["allreduce", "allgather", "alltoall"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_lp_solver_failure_exits_3_as_verify_does(capsys, monkeypatch, problem, json_flag):
    from forestcoll_opt.lp.alltoall import model as lp_alltoall_module

    monkeypatch.setattr(lp_module, "solve", _not_optimal)
    monkeypatch.setattr(lp_alltoall_module, "solve_alltoall", _not_optimal)
    code, out, err = run(capsys, "lp", problem, "paper-example", *json_flag)
    assert code == 3
    assert err == ("forestcoll: error: HiGHS did not prove the allreduce LP optimal (time "
                   "limit reached); raise the time limit (--time-limit) or use a smaller "
                   "topology\n")
    if json_flag:
        assert _error_object(out, 3)
    else:
        assert out == ""


SCHEDULE_ONLY = ("takes the topology, then the schedule: only {f} was given; if that is the "
                 "schedule, write forestcoll {cmd} TOPOLOGY {f} (TOPOLOGY: the catalog spec or "
                 "forestcoll-topology/1 file of the network it runs on, such as "
                 "dgx-a100:boxes=2) (see forestcoll {cmd} --help)\n")


@pytest.mark.parametrize("command", [["verify"], ["verify", "--against", "trees"],
                                     ["simulate"], ["show-traffic"], ["expand"],
                                     ["export", "msccl"]])
def test_a_schedule_given_alone_says_the_topology_comes_first(capsys, tmp_path, command):
    """``forestcoll verify s.json`` said "the following arguments are required: schedule"
    (argparse took the schedule for the topology), which asked for what was given."""
    f = tmp_path / "s.json"
    f.write_text(generate(build("paper-example")).to_json())
    cmd = " ".join(c for c in command if not c.startswith("-") and c != "trees")
    output = ["-o", str(tmp_path / "o")] if command[0] in ("expand", "export") else []
    code = main([*command, str(f), *output])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"forestcoll: error: forestcoll {cmd} " + SCHEDULE_ONLY.format(f=f, cmd=cmd)
    if output:          # -o missing too: both said in the one line
        assert main([*command, str(f)]) == 2
        assert capsys.readouterr().err.endswith(
            "such as dgx-a100:boxes=2); -o/--output is required too (see forestcoll "
            f"{cmd} --help)\n")
    # given the other way round, the topology reader says what the file is
    code = main([*command, str(f), "paper-example", *output])
    out, err = capsys.readouterr()
    assert code == 2 and err == (f"forestcoll: error: {f}: a schedule (\"format\" "
                                 f"'forestcoll-schedule/1'), not a topology; give the network "
                                 f"it runs on as the topology (a catalog spec such as "
                                 f"dgx-a100:boxes=2, or a forestcoll-topology/1 file)\n")


def test_a_topology_given_alone_asks_for_the_schedule_after_it(capsys):
    assert main(["verify", "paper-example"]) == 2
    assert capsys.readouterr().err == ("forestcoll: error: forestcoll verify takes the topology, "
                                       "then the schedule: add the schedule file after "
                                       "paper-example (see forestcoll verify --help)\n")
    assert main(["verify"]) == 2
    assert capsys.readouterr().err == ("forestcoll: error: the following arguments are "
                                       "required: topology, schedule (see forestcoll verify "
                                       "--help)\n")


def test_show_traffic_without_multicast_prints_one_column(capsys, tmp_path):
    """A schedule without multicast printed "with multicast" and "without" on every row,
    always equal (15/208 15/208), in topology order (multicast saves 0 on each). Now one
    column, the busiest links first; a multicast schedule keeps both."""
    plain = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-o", str(plain)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "show-traffic", "dgx-a100:boxes=2", plain, "--top", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0] == ("allgather on dgx-a100-2: 30 x M on the links (the "
                                      "schedule uses no multicast)")
    assert lines[1].split() == ["link", "data", "(x", "M,", "per", "unit", "of", "data)"]
    # NVSwitch to GPU carries 45/52 of M (k = 13, 16 roots): the busiest; IB links 15/208
    assert [l.split() for l in lines[2:]] == [["box0/nvswitch", "->", "box0/gpu0", "45/52"],
                                             ["box0/nvswitch", "->", "box0/gpu1", "45/52"]]
    mc = tmp_path / "mc.json"
    assert main(["generate", "dgx-h100:boxes=2,nvls=1", "-o", str(mc)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "show-traffic", "dgx-h100:boxes=2,nvls=1", mc, "--top", "1")
    assert out.splitlines()[1].split()[:4] == ["link", "with", "multicast", "without"]
    assert out.splitlines()[2].split() == ["box1/gpu2", "->", "box1/nvswitch", "5/32", "33/32"]


def test_the_primal_line_says_what_a_load_counts(capsys, tmp_path):
    """It printed 'load 15 (3/5 (0.600) per GB/s)': now 15 tree parts over the link's
    25 GB/s (k = 13 parts per root; an IB plane link of a DGX A100 carries 15 of them)."""
    plain = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-o", str(plain)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "verify", "dgx-a100:boxes=2", plain)
    primal = [l for l in out.splitlines() if l.startswith("primal")]
    assert code == 0 and primal == [
        "primal  allgather, k = 13: busiest links ib/plane0->box0/gpu0 15 tree parts over 25 "
        "GB/s, ib/plane0->box0/gpu2 15 tree parts over 25 GB/s, ib/plane0->box0/gpu4 15 tree "
        "parts over 25 GB/s"]
