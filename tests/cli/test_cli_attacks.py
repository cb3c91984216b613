"""Hostile and careless input: every case is one line on stderr and exit 2, never a
traceback, a hang or a damaged file."""

import argparse
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from forestcoll_opt.model.catalog import build
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
    (b"", "the topology file is empty"),
    (b" \n" * 1000, "the topology file is empty"),
    (b"[]", "expected a JSON object"),
])
def test_unreadable_files(capsys, tmp_path, content, match):
    f = tmp_path / "t.json"
    f.write_bytes(content)
    code, _, err = run(capsys, "bound", f)
    one_line_error(code, err, match)


# Python's json reads NaN, Infinity and -Infinity; JSON has none of them. Each file kind
# the commands read holds one token where a number goes; the reader names file and token.
NON_JSON_TOKENS = {
    "topology": (["bound", "{file}"], "topology"),
    "schedule (verifier)": (["verify", "paper-example", "{file}"], "schedule"),
    "schedule (reader)": (["simulate", "paper-example", "{file}"], "schedule"),
    "group schedules": (["simulate", "paper-example", "{file}"], "group-schedules"),
    "weights": (["bound", "paper-example", "--weights", "{file}"], '{"box0/c0": TOKEN}'),
    "demand": (["lp", "alltoall", "paper-example", "--demand", "{file}"],
               '{"box0/c0": {"box0/c1": TOKEN}}'),
    "groups": (["groups", "paper-example", "--groups", "{file}"],
               '[{"name": "a", "members": ["box0/c0", "box0/c1"], "weight": TOKEN}]'),
    "calibration": (["simulate", "paper-example", "{schedule}", "--calibration", "{file}"],
                    '{"format": "forestcoll-calibration-fit/1", "overhead_s": TOKEN}'),
    "mscclpp plan": (["check-mscclpp", "paper-example", "{file}"],
                     '{"name": "p", "collective": "allgather", "num_threads_per_block": TOKEN}'),
}


@pytest.fixture(scope="module")
def json_texts(tmp_path_factory):
    """The JSON text of a real topology, schedule and group-schedules file of
    paper-example, and the path of the schedule."""
    d = tmp_path_factory.mktemp("tokens")
    schedule, groups = d / "s.json", d / "gs.json"
    assert main(["generate", "paper-example", "-q", "-o", str(schedule)]) == 0
    (d / "g.json").write_text('[{"name": "a", "members": ["box0/c0", "box1/c0"]}]')
    assert main(["generate", "paper-example", "--groups", str(d / "g.json"), "-q",
                 "-o", str(groups)]) == 0
    return {"topology": build("paper-example").to_json(), "schedule": schedule.read_text(),
            "group-schedules": groups.read_text(), "path": schedule}


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("kind", sorted(NON_JSON_TOKENS))
def test_non_json_number_tokens_are_one_line_naming_file_and_token(
        capsys, tmp_path, json_texts, kind, token):
    argv, text = NON_JSON_TOKENS[kind]
    if text in json_texts:                          # a real file, one number replaced
        number = {"topology": '"bandwidth": 10', "schedule": '"k": 1',
                  "group-schedules": '"weight": "1"'}[text]
        text = json_texts[text]
        assert number in text
        text = text.replace(number, number.split(":")[0] + ": TOKEN", 1)
    f = tmp_path / "in.json"
    f.write_text(text.replace("TOKEN", token))
    code, _, err = run(capsys, *(a.format(file=f, schedule=json_texts["path"]) for a in argv))
    one_line_error(code, err, f"{f}: {token} is not a JSON number (JSON has no NaN or "
                              f"infinity); write a finite number")


def space_bomb(path, gib: int) -> None:
    """``gib`` GiB of spaces in about a MiB of gzip per GiB (the issue's bomb: a 4 MB
    .json.gz of spaces took verify 51 s and 12 GB); see tests/model/test_files.py."""
    import zlib

    pack = zlib.compressobj(9, zlib.DEFLATED, 31)
    mib = b" " * 2**20
    head = pack.compress(mib) + pack.flush(zlib.Z_FULL_FLUSH)
    block = pack.compress(mib) + pack.flush(zlib.Z_FULL_FLUSH)
    path.write_bytes(head + block * (gib * 1024 - 1) + pack.flush())


def peak_rss_mb(*argv: str) -> tuple[int, str, int]:
    """Exit status, stderr and peak resident memory (MB) of ``forestcoll ARGV`` in a process
    of its own, as the kernel counts it for that program (VmHWM: getrusage's maximum would
    include the test process, since it carries over an exec)."""
    code = ("import sys\n"
            "from forestcoll_opt.cli import main\n"
            "try:\n"
            "    status = main(sys.argv[1:])\n"
            "finally:\n"
            "    for line in open('/proc/self/status'):\n"
            "        if line.startswith('VmHWM:'):\n"
            "            print(int(line.split()[1]) // 1024)\n"
            "sys.exit(status)\n")
    proc = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, timeout=120)
    return proc.returncode, proc.stderr, int(proc.stdout.split()[-1])


def test_verify_refuses_a_decompression_bomb_in_one_line(capsys, tmp_path):
    bomb = tmp_path / "s.json.gz"
    space_bomb(bomb, 4)
    assert bomb.stat().st_size < 5 * 2**20
    start = time.perf_counter()
    code, _, err = run(capsys, "verify", "paper-example", bomb)
    assert time.perf_counter() - start < 2
    assert code == 2 and err.count("\n") == 1 and "expands more than 400 times" in err, err


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux /proc")
def test_verify_refuses_a_bomb_in_a_small_process(tmp_path):
    """The whole process, imports included: exit 2, one line, well under 200 MB (a
    forestcoll process that only starts takes about 60 MB)."""
    bomb = tmp_path / "s.json.gz"
    space_bomb(bomb, 4)
    code, err, peak = peak_rss_mb("verify", "paper-example", str(bomb))
    assert code == 2 and err.count("\n") == 1 and "decompression bomb" in err, err
    assert peak < 200, peak


def test_verify_refuses_dev_zero_and_a_fifo_without_a_writer(capsys, tmp_path, monkeypatch):
    from forestcoll_opt import files

    start = time.perf_counter()
    code, _, err = run(capsys, "verify", "paper-example", "/dev/zero")
    one_line_error(code, err, "/dev/zero: byte 0 is a NUL, which no schedule file holds")
    assert time.perf_counter() - start < 2
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.setattr(files, "READ_TIMEOUT", 0.3)
    code, _, err = run(capsys, "verify", "paper-example", fifo)
    one_line_error(code, err, "nothing is writing to this FIFO (waited 0.3 s)")
    code, _, err = run(capsys, "bound", fifo)
    one_line_error(code, err, "nothing is writing to this FIFO (waited 0.3 s); start the "
                              "program that writes the topology first")


def test_verify_reads_a_schedule_from_a_pipe(tmp_path):
    """Process substitution gives a pipe: read like a file, up to the same limit."""
    sched = tmp_path / "s.json"
    assert main(["generate", "paper-example", "-o", str(sched)]) == 0
    script = (f"{sys.executable} -m forestcoll_opt verify paper-example "
              f"<(cat {sched})")
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("OPTIMAL"), proc.stderr


def test_verify_names_both_topologies_before_solving_the_lp(capsys, tmp_path, monkeypatch):
    """README order: the allreduce made for mi250:boxes=2, verified on mi250:boxes=2,gpus=8,
    printed 10,895 problem lines after solving the LP. Now: one line, no LP."""
    import forestcoll_opt.lp.solver as lp

    sched = tmp_path / "allreduce.json"
    assert main(["generate", "mi250:boxes=2", "--collective", "allreduce", "-o",
                 str(sched)]) == 0
    capsys.readouterr()

    def no_lp(*args, **kwargs):
        raise AssertionError("the LP was solved for a schedule of another topology")

    monkeypatch.setattr(lp, "solve", no_lp)
    code, out, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", sched)
    assert code == 2 and out == f"INVALID: 1 problem(s) in {sched}\n"
    assert err == ("forestcoll: invalid: this schedule is for mi250-2 (32 compute nodes), you "
                   "gave mi250-2x8 (16 compute nodes): box0/gcd8, box0/gcd9, box0/gcd10 and "
                   "13 more are not compute nodes of mi250-2x8; verify it against the topology "
                   "it was made for, or generate one for mi250-2x8\n")


def test_a_schedule_naming_another_topology_with_foreign_links_is_one_line(capsys, tmp_path):
    """Same compute nodes, another network between them: the first foreign link is named."""
    t = build("paper-example")
    doc = json.loads(t.to_json())
    sched = tmp_path / "s.json"
    assert main(["generate", "paper-example", "-o", str(sched)]) == 0
    renamed = rename_node(doc, "global", "spine")
    renamed["name"] = "paper-spine"
    topo = tmp_path / "t.json"
    topo.write_text(json.dumps(renamed))
    capsys.readouterr()
    code, _, err = run(capsys, "verify", topo, sched)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("forestcoll: invalid: this schedule is for paper-example, you gave "
                          "paper-spine (8 compute nodes): it routes over ")
    assert "which paper-spine does not have" in err


def test_at_most_ten_problem_lines_are_printed(capsys, tmp_path):
    sched = tmp_path / "s.json"
    assert main(["generate", "dgx-a100:boxes=2", "-o", str(sched)]) == 0
    doc = json.loads(sched.read_text())
    for tree in doc["trees"]:
        tree["weight"] = 0
    sched.write_text(json.dumps(doc))
    capsys.readouterr()
    code, out, err = run(capsys, "verify", "dgx-a100:boxes=2", sched)
    lines = err.splitlines()
    total = int(out.split()[1])
    assert code == 2 and total > 40 and len(lines) == 11
    assert lines[-1] == f"forestcoll: invalid: ... and {total - 10} more (--json lists them all)"
    code, out, _ = run(capsys, "verify", "dgx-a100:boxes=2", sched, "--json")
    assert len(json.loads(out)["reasons"]) == total


@pytest.mark.parametrize("argv, match", [
    (["bound", "dgx-a100:boxes=100000"], "supported maximum boxes=16384"),
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


def _interruptible(argv: list[str]) -> subprocess.Popen:
    """``python -m forestcoll_opt ARGV`` as a user starts it from a terminal: in its own
    session (a SIGINT meant for it reaches nothing else, and none meant for the tests reaches
    it) and with SIGINT at its default, so Python turns it into KeyboardInterrupt. A process
    inherits an ignored SIGINT: pytest run as a background job of a shell without job control
    has SIGINT ignored, and so would the command."""
    return subprocess.Popen([sys.executable, "-m", "forestcoll_opt", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


@pytest.mark.parametrize("inherited", ["handled", "ignored"])
def test_sweep_interrupted_keeps_finished_rows(tmp_path, inherited):
    """Ctrl-C in the middle of a sweep: exit 130, one line, the finished rows kept; also when
    the test runner itself ignores SIGINT (a background job), which the command would
    otherwise inherit. The SIGINT goes to the command's process directly."""
    csv = tmp_path / "sweep.csv"
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if inherited == "ignored" else None
    try:
        proc = _interruptible(["sweep-k", "mi250:boxes=2", "--k", "1-60", "--csv", str(csv)])
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)
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


@pytest.mark.parametrize("argv, prefix, full", [
    (["bound", "--k", "3", "paper-example"], "--k", "--kernel"),
    (["bound", "paper-example", "--k=dinic"], "--k", "--kernel"),
    (["generate", "paper-example", "--out", "s.json"], "--out", "--output"),
    (["verify", "paper-example", "s.json", "--m", "1"], "--m", "--min-ratio"),
    (["export", "msccl", "paper-example", "s.json", "-o", "x.xml", "--chan", "2"], "--chan",
     "--channels"),
    (["import", "nccl", "t.xml", "--box", "2", "-o", "t.json"], "--box", "--boxes"),
])
def test_an_abbreviated_option_is_refused_and_named_in_full(capsys, tmp_path, monkeypatch,
                                                           argv, prefix, full):
    """argparse would take ``--k 3`` for ``--kernel 3``: an option is written in full, and
    the one line names the options the abbreviation stands for."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    one_line_error(code, err, f"{prefix} is not an option")
    assert full in err and out == "" and list(tmp_path.iterdir()) == []


def test_every_parser_refuses_abbreviations():
    from forestcoll_opt.cli import build_parser

    pending, seen = [build_parser()], 0
    while pending:
        parser = pending.pop()
        seen += 1
        assert parser.allow_abbrev is False, parser.prog
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                pending.extend(action.choices.values())
    assert seen > 20
