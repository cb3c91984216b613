"""``forestcoll replan``: the new schedule file, what was lost and why, the MSCCL file with
``--export msccl``, and the usage errors, each one line."""

import json

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replan_writes_the_optimal_schedule_and_says_what_was_lost(capsys, tmp_path):
    healthy, new = tmp_path / "h.json", tmp_path / "new.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(healthy), "-q")[0] == 0
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--fail",
                         "nic:box0/gpu3", "--degrade", "nic:box1/gpu2=1/2", "-o", str(new),
                         "--export", "msccl", str(tmp_path / "xml"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    name = "dgx-h100-2 without nic:box0/gpu3 with nic:box1/gpu2=1/2"
    assert lines[0].startswith(f"wrote {new}: allgather on dgx-h100-2 without nic:box0/gpu3 "
                               f"and with nic:box1/gpu2=1/2, ")
    assert lines[1] == "algbw           480 GB/s  (optimal on the degraded network)"
    assert lines[2] == "lost            10.00% of the healthy optimum 1600/3 (533.333) GB/s"
    assert lines[3] == "bottleneck      every compute node but box0/gpu3: 450 GB/s leave it"
    assert lines[5] == ("route           repaired: the trees crossing a failed part "
                        "re-attached on the room the others leave")
    assert json.loads(new.read_text())["topology"] == name
    xml = tmp_path / "xml" / "dgx-h100-2_without_nic_box0_gpu3_with_nic_box1_gpu2_1_2.xml"
    assert xml.read_text().startswith("<algo")
    # the verifier agrees on the degraded network, named by the same two parts
    code, out, _ = run(capsys, "verify", "dgx-h100:boxes=2", str(new), "--fail",
                       "nic:box0/gpu3,nic:box1/gpu2=1/2")
    assert code == 0 and out.startswith("OPTIMAL: valid allgather schedule, algbw 480 GB/s")


def test_replan_usage_errors_are_one_line(capsys, tmp_path):
    healthy = tmp_path / "h.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(healthy), "-q")[0] == 0
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "-o",
                         str(tmp_path / "n.json"))
    assert code == 2 and err.count("\n") == 1 and "--fail ID" in err
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--degrade",
                         "nic:box0/gpu3", "-o", str(tmp_path / "n.json"))
    assert code == 2 and "write ID=KEEP" in err and err.count("\n") == 1
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--fail",
                         "nic:box9/gpu3", "-o", str(tmp_path / "n.json"))
    assert code != 0 and "'box9/gpu3' is not a compute node" in err and err.count("\n") == 1
    assert not (tmp_path / "n.json").exists()


def test_a_bad_keep_is_the_same_actionable_line_for_every_command(capsys, tmp_path):
    """replan --degrade, generate/bound/verify --fail and whatif --scenario read ID=KEEP the
    same way; nan, inf, -1, 0, 1, 1.5 each give one line saying what a KEEP is (nan and inf
    said the id named no two nodes), and no file is written."""
    healthy, new = tmp_path / "h.json", tmp_path / "n.json"
    assert run(capsys, "generate", "paper-example", "-o", str(healthy), "-q")[0] == 0
    part = "link:global--box0/c0"
    for keep in ("nan", "inf", "-inf", "-1", "0", "1", "1.5", "abc"):
        text = f"{part}={keep}"
        why = (f"{text!r}: the bandwidth kept must be a fraction strictly between 0 and 1 "
               f"(such as 1/2 or 0.25), got {keep!r}; without =KEEP the part fails whole\n")
        for argv, prefix in (
                (["replan", "paper-example", str(healthy), "--degrade", text, "-o", str(new)], ""),
                (["replan", "paper-example", str(healthy), "--fail", text, "-o", str(new)], ""),
                (["whatif", "paper-example", "--scenario", text], ""),
                (["bound", "paper-example", "--fail", text], f"--fail {text}: "),
                (["generate", "paper-example", "--fail", text, "-q", "-o", str(new)],
                 f"--fail {text}: "),
                (["verify", "paper-example", str(healthy), "--fail", text],
                 f"--fail {text}: ")):
            code, out, err = run(capsys, *argv)
            assert (code, out, err) == (2, "", f"forestcoll: error: {prefix}{why}"), argv
    assert not new.exists()
    code, out, _ = run(capsys, "replan", "paper-example", str(healthy), "--degrade",
                       f"{part}=0.5", "-o", str(new))
    assert code == 0 and "algbw           7 b  (optimal on the degraded network)" in out


def test_a_kept_schedule_says_still_optimal_only_when_it_was(capsys, tmp_path):
    """A healthy schedule at half the optimum that a failure leaves at the degraded optimum
    was "still optimal on the degraded network"; it now says what it ran at."""
    from tests.analysis.test_replanning import DIRECT, TRIANGLE
    topo, below, new = tmp_path / "tri.json", tmp_path / "direct.json", tmp_path / "n.json"
    topo.write_text(json.dumps(TRIANGLE))
    below.write_text(json.dumps(DIRECT))
    code, out, err = run(capsys, "replan", str(topo), str(below), "--fail", "switch:s",
                         "-o", str(new))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == "algbw           20 GB/s  (optimal on the degraded network)"
    assert lines[2] == "lost            50.00% of the healthy optimum 40 GB/s"
    assert lines[5] == ("route           kept: the healthy schedule, unchanged: no route "
                        "crosses a part out of service, and every link has room for its "
                        "load; it ran at 1/2 (50.00%) of the healthy optimum, and its 20 GB/s "
                        "is the degraded optimum")
    assert "still" not in out
    # an optimal healthy schedule, kept: still optimal, truly
    healthy = tmp_path / "h.json"
    assert run(capsys, "generate", "paper-example", "-o", str(healthy), "-q")[0] == 0
    code, out, _ = run(capsys, "replan", "paper-example", str(healthy), "--degrade",
                       "link:box0/switch--box0/c0=3/5", "-o", str(new))
    assert code == 0
    assert out.splitlines()[5] == ("route           kept: the healthy schedule, unchanged: no "
                                   "route crosses a part out of service, and every link has "
                                   "room for its load; still optimal")


def test_generate_after_a_failure_says_why_k_is_larger(capsys, tmp_path):
    # 8 boxes, one NIC out: the least k is 1, packed as 7 images per root of box 1
    code, out, _ = run(capsys, "generate", "dgx-h100:boxes=8", "--fail", "nic:box1/gpu5",
                       "-o", str(tmp_path / "s.json"), "-q")
    assert code == 0
    assert ("k               7, a multiple of the least k that reaches the bound, so that "
            "packing grows the trees of the compute nodes the symmetry left fixes") in out
    assert "algbw           400 GB/s  (100.00% of the bound 400)" in out


def test_hostile_files_are_one_line_exit_2(capsys, tmp_path):
    """A malformed healthy schedule (replan), a file that is no nccl-tests log
    (calibrate), a groups file with a one-member group (groups): one line, exit 2, nothing
    written."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "forestcoll-schedule/2", "trees": 3}')
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(bad), "--fail",
                         "nic:box0/gpu3", "-o", str(tmp_path / "n.json"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "bad.json" in err
    log = tmp_path / "bad.log"
    log.write_text("hello\nnot a log\n")
    code, out, err = run(capsys, "calibrate", "dgx-h100:boxes=2", str(log), "-o",
                         str(tmp_path / "c.json"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "no nccl-tests table in it" in err
    groups = tmp_path / "g.json"
    groups.write_text('[["box0/gpu0"], {"members": 3}]')
    code, out, err = run(capsys, "groups", "dgx-h100:boxes=2", "--groups", str(groups))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "group #0: a group needs at least two compute nodes" in err
    assert not (tmp_path / "n.json").exists() and not (tmp_path / "c.json").exists()


def test_replan_on_an_unbalanced_remainder_states_the_bound_and_the_ratio(capsys, tmp_path):
    topo, healthy, new = tmp_path / "t.json", tmp_path / "h.json", tmp_path / "n.json"
    topo.write_text(json.dumps({
        "format": "forestcoll-topology/1", "name": "asym3", "units": "GB/s",
        "nodes": [{"id": v, "kind": "compute"} for v in "abc"],
        "links": [{"src": u, "dst": v, "bandwidth": w} for u, v, w in (
            ("a", "b", 2), ("b", "c", 2), ("c", "a", 2),
            ("a", "c", 1), ("c", "b", 1), ("b", "a", 1))]}))
    assert run(capsys, "generate", str(topo), "-o", str(healthy), "-q")[0] == 0
    code, out, err = run(capsys, "replan", str(topo), str(healthy), "--fail", "link:a--b",
                         "-o", str(new), "--export", "msccl", str(tmp_path / "xml"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1] == ("algbw           3/2 (1.500) GB/s  (optimal on its largest balanced "
                        "sub-network)")
    assert lines[5] == ("route           balanced: the optimal schedule of the largest "
                        "balanced sub-network")
    assert lines[6] == (
        "note            The network left is unbalanced (node a: ingress 2 != egress 1 GB/s): "
        "its cut bound 3/2 (1.500) GB/s limits every schedule, but trees are built on "
        "balanced networks only. The best schedule built here runs on its largest balanced "
        "sub-network (2 link(s) lowered, 4 of 6 GB/s kept) at 3/2 (1.500) GB/s, exactly 1 "
        "(100.00%) of the bound")
    assert json.loads(new.read_text())["topology"] == "asym3 without link:a--b (balanced)"
    assert (tmp_path / "xml" / "asym3_without_link_a--b__balanced_.xml").exists()


def test_an_invalid_healthy_schedule_is_one_line_and_writes_nothing(capsys, tmp_path):
    healthy, forged, new = tmp_path / "h.json", tmp_path / "forged.json", tmp_path / "new.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(healthy), "-q")[0] == 0
    doc = json.loads(healthy.read_text())
    doc["trees"][0]["edges"] = doc["trees"][0]["edges"][:-3]
    forged.write_text(json.dumps(doc))
    code, out, err = run(capsys, "replan", "dgx-h100:boxes=2", str(forged), "--fail",
                         "nic:box0/gpu3", "-o", str(new))
    assert (code, out) == (2, "") and not new.exists()
    assert err.startswith("forestcoll: error: the healthy schedule is not valid on dgx-h100-2 "
                          "(tree #0 (root box0/gpu0): does not reach ")
    assert err.endswith("re-plan from a schedule the verifier accepts\n")
    assert err.count("\n") == 1


def test_replan_says_why_trees_clear_of_the_failures_were_rebuilt(capsys, tmp_path):
    """Two rail cables of box0 out: 17 of the 27 healthy trees avoid both, yet only 9 were
    kept; the line said "9 kept as they were" with no reason, against the README's "the
    trees that avoid the failed parts kept". The repair gives up a tree whose routes take
    room the re-attached ones need: 8 here, each said. The network is named with one
    "without" (it read "without link:A without link:B")."""
    healthy, new = tmp_path / "h.json", tmp_path / "new.json"
    assert run(capsys, "generate", "dgx-h100:boxes=2", "-o", str(healthy), "-q")[0] == 0
    code, out, _ = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--fail",
                       "link:rail0--box0/gpu0,link:rail1--box0/gpu1", "-o", str(new))
    lines = out.splitlines()
    assert code == 0 and lines[0] == (f"wrote {new}: allgather on dgx-h100-2 without "
                                      f"link:rail0--box0/gpu0, link:rail1--box0/gpu1, 27 "
                                      f"distinct trees (repaired)")
    assert lines[4] == ("healthy trees   17 of 27 avoid every failed part; 9 of them kept as "
                        "they were, the other 8 given up for the room the 10 crossing one "
                        "need, and repaired with them")
    # the file keeps the network's own name, as degrade() and verify --fail give it
    assert json.loads(new.read_text())["topology"] == (
        "dgx-h100-2 without link:rail0--box0/gpu0 without link:rail1--box0/gpu1")
    # one NIC out: every tree clear of it kept
    code, out, _ = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--fail",
                       "nic:box0/gpu3", "-o", str(new))
    assert out.splitlines()[4] == ("healthy trees   21 of 27 avoid every failed part, each "
                                   "kept as it was; the 6 crossing one repaired")
    # a degraded NIC: a tree over it may be kept while it has room, so no count of the
    # clear ones given up is claimed
    code, out, _ = run(capsys, "replan", "dgx-h100:boxes=2", str(healthy), "--degrade",
                       "nic:box1/gpu3=1/2", "-o", str(new))
    assert out.splitlines()[4] == ("healthy trees   21 of 27 avoid every failed or degraded "
                                   "part; 23 kept as they were (a tree over a degraded link "
                                   "too, while it has room), the other 4 repaired")
