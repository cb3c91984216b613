"""``check-mscclpp``: MSCCL++'s own test plans accepted (exit 0), a forged one refused in one
line per reason (exit 2), an unreadable one in one line (exit 2, no traceback), ``--json``
(one object with the final status and exit code), and ``--schedule`` (equal: exit 0; below:
exit 1; another collective: exit 2)."""

import json
from pathlib import Path

import pytest

import forestcoll_opt as fc
from forestcoll_opt.cli import main
from tests.runtimes.test_mscclpp_check_plans import ring_allgather

DATA = Path(__file__).parents[1] / "data" / "mscclpp"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_shipped_plans_pass(capsys):
    code, out, err = run(capsys, "check-mscclpp", DATA / "nv2.json", DATA / "reduce.json")
    assert code == 0 and err == ""
    assert out == ("OK: MSCCL++ allreduce plan, 2 GPUs, 2 thread blocks (at most 1 per GPU), "
                   "31 operations, every GPU ends with exactly the right data; algbw 450 "
                   "GB/s\n")
    code, out, _ = run(capsys, "check-mscclpp", DATA / "ib2.json",
                       DATA / "multi_node_transfer.json")
    assert code == 0 and "algbw 100 GB/s" in out and out.count("note    ") == 3
    assert "note    rank 0's port channels may still read 2 chunk part(s)" in out


def test_a_forged_plan_is_one_line_per_reason(capsys, tmp_path):
    p = json.loads((DATA / "reduce.json").read_text())
    del p["gpus"][1]["threadblocks"][0]["ops"][-2]          # rank 1's last wait
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(p))
    code, out, err = run(capsys, "check-mscclpp", DATA / "nv2.json", forged)
    assert code == 2
    assert out == f"INVALID: 3 problem(s) in {forged}\n"
    lines = err.splitlines()
    assert len(lines) == 3 and all(line.startswith("forestcoll: invalid: [") for line in lines)
    # rank 0's last signal is never taken, and rank 0's res into rank 1's input chunks 0
    # and 1 is no longer ordered before rank 1's kernel ends
    assert "[unpaired-signal]" in lines[0]
    assert [line.split("output chunk ")[1][:1] for line in lines[1:]] == ["0", "1"]


def test_unreadable_plans_are_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    code, out, err = run(capsys, "check-mscclpp", DATA / "nv2.json", bad)
    assert code == 2 and out == ""
    assert err.startswith(f"forestcoll: error: {bad}: not valid JSON") and err.count("\n") == 1
    code, _, err = run(capsys, "check-mscclpp", DATA / "nv2.json", tmp_path / "missing.json")
    assert code == 2 and "cannot read MSCCL++ execution plan file" in err


def test_json_verdict(capsys):
    code, out, _ = run(capsys, "check-mscclpp", DATA / "nv2.json", DATA / "reduce_pack.json",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "ok" and data["exit_code"] == 0
    assert data["algbw"] == "225" and data["protocol"] == "LL"


@pytest.fixture(scope="module")
def ring(tmp_path_factory):
    """A ring allgather plan of ours on one and two DGX H100 boxes, with the ring and the
    optimal allgather schedules of each."""
    folder = tmp_path_factory.mktemp("ring")
    files = {}
    for boxes in (1, 2):
        topo = fc.resolve(f"dgx-h100:boxes={boxes}")
        plan = folder / f"ring{boxes}.json"
        plan.write_text(json.dumps(ring_allgather(topo)))
        best = folder / f"best{boxes}.json"
        best.write_text(fc.generate(topo, collective="allgather").to_json())
        files[boxes] = (plan, best)
    reduce = folder / "rs.json"
    reduce.write_text(fc.generate(fc.resolve("dgx-h100:boxes=1"),
                                  collective="reduce-scatter").to_json())
    files["rs"] = reduce
    return files


def test_schedule_gate(capsys, ring):
    plan, best = ring[1]
    # one box: the ring reaches the optimum, 8 chunks over 7/450 (3600/7)
    code, out, _ = run(capsys, "check-mscclpp", "dgx-h100:boxes=1", plan, "--schedule", best)
    assert code == 0 and out.startswith("OK: MSCCL++ allgather plan, 8 GPUs")
    assert "algbw 3600/7 (514.286) GB/s = the schedule's = the optimum (cut bound)" in out
    # two boxes: the ring crosses the 50 GB/s rails with 15 of 16 chunks: 160/3, far below
    plan, best = ring[2]
    code, out, err = run(capsys, "check-mscclpp", "dgx-h100:boxes=2", plan, "--schedule", best,
                         "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "below" and data["algbw"] == "160/3"
    assert data["bound"] == "1600/3" and data["ratio"] == "1/10"
    assert data["gate"]["comparison"] == "below" and data["gate"]["passed"] is False
    assert "below the schedule's" in err
    code, _, err = run(capsys, "check-mscclpp", "dgx-h100:boxes=1", ring[1][0], "--schedule",
                       ring["rs"])
    assert (code, err) == (2, f"forestcoll: error: {ring['rs']} is a reduce-scatter schedule "
                              f"and {ring[1][0]} an allgather plan: compare the plan with the "
                              f"schedule it was made from\n")


@pytest.mark.parametrize("collective", ["allgather", "alltoall"])
def test_a_schedule_of_another_collective_takes_an(capsys, tmp_path, collective):
    """The line said "is a allgather schedule and reduce.json a allreduce plan"."""
    sched = tmp_path / "s.json"
    assert main(["generate", str(DATA / "nv2.json"), "--collective", collective, "-q",
                 "-o", str(sched)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "check-mscclpp", DATA / "nv2.json", DATA / "reduce.json",
                         "--schedule", sched)
    assert (code, out) == (2, "")
    assert err == (f"forestcoll: error: {sched} is an {collective} schedule and "
                   f"{DATA / 'reduce.json'} an allreduce plan: compare the plan with the "
                   f"schedule it was made from\n")


def test_options_named_as_the_command_spells_them(capsys):
    code, _, err = run(capsys, "check-mscclpp", DATA / "ib2.json",
                       DATA / "multi_node_transfer.json", "--sms", "1")
    assert code == 2
    assert ("forestcoll: invalid: [limit] gpus[0]: 2 thread blocks, more than the 1 the GPU "
            "runs at once (--sms); blocks that wait on each other would never all start") \
        in err.splitlines()
    code, _, err = run(capsys, "check-mscclpp", DATA / "nv2.json", DATA / "reduce.json",
                       "--root", "5")
    assert code == 2
    assert err == "forestcoll: error: --root must be a rank 0..1 of the plan, got 5\n"


def test_sms_zero_is_refused_not_the_default(capsys):
    """--sms 0 once ran with the default 132 (``args.sms or DEFAULT_SMS``) and exit 0."""
    code, out, err = run(capsys, "check-mscclpp", DATA / "nv2.json", DATA / "reduce.json",
                         "--sms", "0")
    assert (code, out) == (2, "")
    assert err == "forestcoll: error: --sms must be a positive integer, got 0\n"


def test_a_broadcast_schedule_from_another_root_is_refused(capsys, tmp_path):
    """A broadcast plan from rank 0 against a schedule broadcasting from rank 3 was once
    "= the schedule's" with exit 0: the gate compared plans of two different collectives."""
    from forestcoll_opt.model.catalog import resolve
    from tests.runtimes.test_mscclpp_check_plans import chain
    plan = tmp_path / "bc0.json"
    plan.write_text(json.dumps(chain(resolve("dgx-h100:boxes=1"), "broadcast", root=0)))
    sched = tmp_path / "bc3.json"
    assert main(["generate", "dgx-h100:boxes=1", "--collective", "broadcast", "--root",
                 "box0/gpu3", "-o", str(sched)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "check-mscclpp", "dgx-h100:boxes=1", plan, "--schedule", sched)
    assert (code, out) == (2, "")
    assert err == (f"forestcoll: error: {sched} is a broadcast from box0/gpu3 (rank 3) but the "
                   f"plan is checked from rank 0 (box0/gpu0): give --root 3\n")


def test_an_ll_plan_is_gated_at_half_the_schedules_algbw(capsys, tmp_path):
    """An LL packet carries its data and as many bytes of flags: the exporter reports, and
    the gate expects, half the schedule's algbw (the gate said 'below', exit 1, before)."""
    sched, plan = tmp_path / "ag.json", tmp_path / "ag.plan.json"
    assert main(["generate", "dgx-h100:boxes=2", "-o", str(sched), "-q"]) == 0
    capsys.readouterr()
    assert main(["export", "mscclpp", "dgx-h100:boxes=2", str(sched), "-o", str(plan),
                 "--protocol", "LL"]) == 0
    assert "algbw 800/3 (266.667) GB/s" in capsys.readouterr().out
    code, out, err = run(capsys, "check-mscclpp", "dgx-h100:boxes=2", plan, "--schedule", sched)
    assert code == 0 and err == "", err
    assert "algbw 800/3 (266.667) GB/s = the schedule's at LL (half its algbw: packets " \
           "carry data and flags)" in out and "note    " not in out


def _ring8(tmp_path):
    """Eight GPUs in a ring, each linked to its two neighbours only (no switch)."""
    nodes = [{"id": f"r{i}", "kind": "compute"} for i in range(8)]
    links = [{"src": f"r{i}", "dst": f"r{(i + 1) % 8}", "bandwidth": 10,
              "bidirectional": True} for i in range(8)]
    path = tmp_path / "ring8.json"
    path.write_text(json.dumps({"format": "forestcoll-topology/1", "name": "ring8",
                                "nodes": nodes, "links": links}))
    return path


def test_a_plan_for_another_network_is_one_line_naming_both(capsys, tmp_path):
    """A plan exported for paper-example (8 GPUs) checked on a ring of 8 printed ten lines
    of channels the ring does not link, '... and 32 more', and "has no a switch-only
    path". Its name says which network it was made for: one line names both, as verify
    does for a schedule; with a name of its own the problems are listed as before."""
    sched, plan = tmp_path / "pe.json", tmp_path / "pe.plan.json"
    assert main(["generate", "paper-example", "-o", str(sched), "-q"]) == 0
    assert main(["export", "mscclpp", "paper-example", str(sched), "-o", str(plan)]) == 0
    capsys.readouterr()
    ring = _ring8(tmp_path)
    code, out, err = run(capsys, "check-mscclpp", ring, plan)
    assert (code, out) == (2, f"INVALID: 42 problem(s) in {plan}\n")
    assert err == (f"forestcoll: invalid: {plan} is a plan for paper-example (its name "
                   f"'forestcoll-allgather-paper-example'), checked on ring8: 42 problems "
                   f"there, the first: gpus[0] memory channel 8 connects r0 to r3, but ring8 "
                   f"has no NVLink or xGMI links between them; check it on the topology it "
                   f"was made for (forestcoll check-mscclpp paper-example {plan}), or export "
                   f"one for ring8\n")
    v = json.loads(run(capsys, "check-mscclpp", ring, plan, "--json")[1])
    assert len(v["reasons"]) == 42 and ("[link] gpus[0] port channel 0 connects r0 to r4, but "
                                        "ring8 has no switch-only path between them"
                                        ) in v["reasons"]
    # another number of GPUs: the same one line
    code, _, err = run(capsys, "check-mscclpp", "mi250:boxes=1", plan)
    assert code == 2 and err.startswith(f"forestcoll: invalid: {plan} is a plan for "
                                        f"paper-example (its name 'forestcoll-allgather-"
                                        f"paper-example'), checked on mi250-1: the plan has 8 "
                                        f"GPUs but mi250-1 has 16 compute nodes; check it")
    # a plan for another network that runs there too: OK, and the note says so
    code, out, _ = run(capsys, "check-mscclpp", "dgx-a100:boxes=1", plan)
    assert code == 0 and out.splitlines()[1] == ("note    its name says it was made for "
                                                 "paper-example; checked here on dgx-a100-1")
    # on paper-example itself, 12 transfers with several switch-only paths and no route:
    # the first ten notes, then how many more
    code, out, _ = run(capsys, "check-mscclpp", "paper-example", plan)
    notes = [l for l in out.splitlines() if l.startswith("note    ")]
    assert code == 0 and len(notes) == 11
    assert notes[-1] == "note    ... and 2 more (--json lists them all)"
    named = tmp_path / "mine.plan.json"
    assert main(["export", "mscclpp", "paper-example", str(sched), "-o", str(named),
                 "--name", "mine"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "check-mscclpp", ring, named)
    assert code == 2 and len(err.splitlines()) == 11
    assert err.splitlines()[-1] == "forestcoll: invalid: ... and 32 more (--json lists them all)"
