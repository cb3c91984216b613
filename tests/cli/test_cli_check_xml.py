"""``check-xml``: the comparison with ``--schedule`` (above, equal, below; a schedule of
another collective or one the verifier rejects refused), ``--json`` (one object, its status
the final one, with ``exit_code`` and the gate), what the file's header decides before any
work (a topology beyond MSCCL's rank limit, a file for another rank count), and a file
invalid under the default flavour but valid under another pointing to it."""

import copy
import json

import pytest

from forestcoll_opt.cli import main

TOPO = "dgx-a100:boxes=2"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Schedules and XML files on dgx-a100:boxes=2, and forged variants (as the review of
    issue 32 built them)."""
    d = tmp_path_factory.mktemp("checkxml")
    paths = {}

    def cli(*argv):
        assert main([str(a) for a in argv]) == 0, argv

    for name, extra in (("ag", []), ("rs", ["--collective", "reduce-scatter"]),
                        ("a2a", ["--collective", "alltoall"])):
        paths[name] = d / f"{name}.json"
        cli("generate", TOPO, "-q", "-o", paths[name], *extra)
    paths["ring"] = d / "ring.json"
    cli("baseline", "ring", TOPO, "-o", paths["ring"])
    paths["direct"] = d / "direct.json"
    cli("baseline", "direct", TOPO, "--collective", "alltoall", "-o", paths["direct"])
    for name in ("ag", "a2a", "direct"):
        paths[f"{name}_xml"] = d / f"{name}.xml"
        cli("export", "msccl", TOPO, paths[name], "-o", paths[f"{name}_xml"])
    a2a = json.loads(paths["a2a"].read_text())
    nodes = a2a["compute_nodes"]
    # one pair of 240, routed directly: valid for its own demand, not for the uniform one
    one = copy.deepcopy(a2a)
    one["routes"] = [r for r in a2a["routes"] if r["src"] == nodes[0] and r["dst"] == nodes[1]]
    one["demand"] = {nodes[0]: {nodes[1]: 1}}
    one["algbw"] = "20"
    # the uniform all-to-all with one pair's route left out, and one claiming twice its algbw
    missing = copy.deepcopy(a2a)
    missing["routes"] = [r for r in a2a["routes"]
                         if not (r["src"] == nodes[0] and r["dst"] == nodes[1])]
    lie = copy.deepcopy(a2a)
    lie["algbw"] = "100"
    for name, data in (("onepair", one), ("missing", missing), ("lie", lie)):
        paths[name] = d / f"{name}.json"
        paths[name].write_text(json.dumps(data))
    paths["dir"] = d
    return paths


def test_faster_xml_is_above_the_schedule(capsys, files):
    # ag.xml runs the optimal allgather (1040/3); the ring schedule reaches 640/3
    code, out, err = run(capsys, "check-xml", TOPO, files["ag_xml"], "--schedule", files["ring"])
    assert code == 0, err
    assert out.startswith("OK: MSCCL allgather (msccl-executor)")
    assert "algbw 1040/3 (346.667) GB/s, above the schedule's 640/3 (213.333)\n" in out
    assert "below" not in out + err


def test_equal_and_below(capsys, files):
    code, out, err = run(capsys, "check-xml", TOPO, files["ag_xml"], "--schedule", files["ag"])
    assert code == 0 and "algbw 1040/3 (346.667) GB/s = the schedule's\n" in out
    # the direct baseline (20 GB/s) compared with the optimal all-to-all (50)
    code, out, err = run(capsys, "check-xml", TOPO, files["direct_xml"], "--schedule",
                         files["a2a"])
    assert code == 1
    assert "algbw 20 GB/s, below the schedule's 50\n" in out
    assert "direct.xml reaches algbw 20 GB/s, below the schedule's 50" in err
    code, out, err = run(capsys, "check-xml", TOPO, files["a2a_xml"], "--schedule",
                         files["direct"])
    assert code == 0 and "algbw 50 GB/s, above the schedule's 20\n" in out


def test_schedule_of_another_collective_is_refused(capsys, files):
    for other, coll in (("a2a", "an alltoall"), ("rs", "a reduce-scatter")):
        code, out, err = run(capsys, "check-xml", TOPO, files["ag_xml"], "--schedule",
                             files[other])
        assert code == 2 and out == "", (other, out)
        assert err.count("\n") == 1
        assert f"{other}.json is {coll} schedule and " in err
        assert "ag.xml an allgather algorithm" in err


def test_invalid_schedule_is_not_a_reference(capsys, files):
    expect = {"lie": '"algbw" claims 100 but the link loads give 50',
              "missing": "the routes from box0/gpu0 to box0/gpu1 weigh 0",
              "onepair": "it is for a non-uniform demand, and MSCCL's alltoall moves equal "
                         "blocks between every pair"}
    for forged, reason in expect.items():
        code, out, err = run(capsys, "check-xml", TOPO, files["a2a_xml"], "--schedule",
                             files[forged])
        assert code == 2 and out == "", (forged, out)
        assert err.count("\n") == 1 and "is not a valid schedule to compare with" in err
        assert reason in err, err
        assert "pass --schedule" not in err


def test_json_status_is_the_final_one(capsys, files):
    cases = ((files["direct_xml"], files["a2a"], "below", "50", "below", 1),
             (files["ag_xml"], files["ring"], "ok", "640/3", "above", 0),
             (files["ag_xml"], files["ag"], "ok", "1040/3", "equal", 0))
    for xml, schedule, status, algbw, comparison, exit_code in cases:
        code, out, err = run(capsys, "check-xml", TOPO, xml, "--schedule", schedule, "--json")
        data = json.loads(out)
        assert code == exit_code == data["exit_code"]
        assert data["status"] == status
        assert data["gate"] == {"schedule_algbw": algbw, "comparison": comparison,
                                "passed": exit_code == 0}
    # without --schedule there is no gate; undetermined (exit 4) carries its exit code
    code, out, err = run(capsys, "check-xml", TOPO, files["a2a_xml"], "--json")
    data = json.loads(out)
    assert code == 4 and data["exit_code"] == 4 and data["status"] == "undetermined"
    assert "gate" not in data
    # refused --schedule: the error object only
    code, out, err = run(capsys, "check-xml", TOPO, files["ag_xml"], "--schedule", files["rs"],
                         "--json")
    data = json.loads(out)
    assert code == 2 and data["status"] == "error" and data["exit_code"] == 2


def test_undetermined_with_schedule_does_not_ask_for_it(capsys, files):
    # the ring's XML compared with the optimal trees, which route none of its relays
    ring_xml = files["dir"] / "ring.xml"
    assert main(["export", "msccl", TOPO, str(files["ring"]), "-o", str(ring_xml)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "check-xml", TOPO, ring_xml, "--schedule", files["ag"])
    assert code == 4
    assert "pass --schedule" not in out
    assert "the --schedule given routes nothing between them" in out


def test_header_decides_before_the_schedule_is_read(capsys, files):
    missing = files["dir"] / "nowhere.json"     # never read: the header refuses first
    code, out, err = run(capsys, "check-xml", "dgx-a100:boxes=4", files["ag_xml"], "--schedule",
                         missing)
    assert code == 2 and out == ""
    assert err == ("forestcoll: error: ag.xml is for ngpus=16 ranks, but dgx-a100-4 has 32 "
                   "compute nodes; check it with the topology it was exported for (and "
                   "--group for a process group's file)\n"
                   ).replace("ag.xml", str(files["ag_xml"]))
    code, out, err = run(capsys, "check-xml", "dgx-a100:boxes=129", files["ag_xml"],
                         "--schedule", missing)
    assert code == 2
    assert "dgx-a100-129 has 1032 compute nodes" in err and "MSCCL_MAX_SUBS" in err


def test_export_refuses_the_rank_limit_before_reading(capsys, files):
    out_xml = files["dir"] / "big.xml"
    code, out, err = run(capsys, "export", "msccl", "dgx-a100:boxes=129",
                         files["dir"] / "nowhere.json", "-o", out_xml)
    assert code == 2 and not out_xml.exists()
    assert err == ("forestcoll: error: 1032 ranks: the runtime's XML parser stores at most "
                   "1024 <gpu> elements (MSCCL_MAX_SUBS); MSCCL cannot load an algorithm for "
                   "dgx-a100-129, whatever the schedule\n")


MI = "mi250:boxes=2,gpus=8"


def test_file_valid_under_another_flavour_names_it(capsys, tmp_path):
    s, x = tmp_path / "ar.json", tmp_path / "ar-legacy.xml"
    assert main(["generate", MI, "--collective", "allreduce", "-q", "-o", str(s)]) == 0
    assert main(["export", "msccl", MI, str(s), "--flavour", "legacy", "-o", str(x)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "check-xml", MI, x, "--schedule", s, "--flavour", "legacy")
    assert code == 0 and out.startswith("OK: MSCCL allreduce (legacy)"), err
    # without --flavour an allreduce is held to msccl-executor's rules (legacy allows 256
    # steps per block, msccl-executor 64): invalid there, and the lines say where it is valid
    code, out, err = run(capsys, "check-xml", MI, x, "--schedule", s)
    assert code == 2
    assert err.splitlines()[0] == (
        f"forestcoll: {x} breaks msccl-executor's rules (the default for a file that does "
        f"not spell coll=\"reduce_scatter\") but none of legacy's: check it with --flavour "
        f"legacy")
    assert out.endswith(f"(msccl-executor; valid with --flavour legacy)\n")
    code, out, err = run(capsys, "check-xml", MI, x, "--schedule", s, "--json")
    data = json.loads(out)
    assert data["status"] == "invalid"
    assert data["other_flavours"] == {"rccl": "invalid", "legacy": "ok"}
    assert data["exit_code"] == 2 and data["gate"]["passed"] is False
    # without --schedule the MI250's GCD pairs have several routes: legacy finds no problem
    # but cannot call it valid
    code, out, err = run(capsys, "check-xml", MI, x)
    assert code == 2 and "check it with --flavour legacy" in err.splitlines()[0]
    assert out.endswith("(msccl-executor; no problem found with --flavour legacy)\n")
    # a flavour asked for is not second-guessed
    code, out, err = run(capsys, "check-xml", MI, x, "--flavour", "rccl")
    assert code == 2 and "--flavour legacy" not in out + err


@pytest.mark.slow
def test_rank_limit_with_a_real_schedule_under_a_memory_limit(tmp_path):
    # a compact allgather of 1,032 ranks: before the fix export mapped every tree first
    # (16 s, 0.66 GB) and only then named MSCCL_MAX_SUBS; now it stops at once
    import resource
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    cli = [sys.executable, "-m", "forestcoll_opt"]
    topo, schedule = "dgx-a100:boxes=129", tmp_path / "c.json"
    subprocess.run(cli + ["generate", topo, "--compact", "-q", "-o", str(schedule)],
                   check=True, env=env, timeout=300, capture_output=True)

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (400_000_000, 400_000_000))

    for argv in (["export", "msccl", topo, str(schedule), "-o", str(tmp_path / "x.xml")],
                 ["check-xml", topo, str(root / "tests/data/msccl/ag2.xml"), "--schedule",
                  str(schedule)]):
        done = subprocess.run(cli + argv, env=env, capture_output=True, text=True, timeout=60,
                              preexec_fn=limit)
        assert done.returncode == 2, done.stderr
        assert "1024 <gpu> elements (MSCCL_MAX_SUBS)" in done.stderr, done.stderr
