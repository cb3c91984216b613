"""Every command that writes a file, against every bad destination: one line naming the
option and what to do, exit 2, before any work, and nothing written anywhere."""

import json
from pathlib import Path

import pytest

from forestcoll_opt.cli import main

NCCL = Path(__file__).parent.parent / "data" / "nccl" / "dgx-a100.xml"
TOPO = "paper-example"

# (command line with @ for the destination, the option as messages name it); the schedule
# s.json is written by the fixture below
COMMANDS = [
    ("generate {T} -q -o @", "-o"),
    ("generate {T} --collective alltoall -q -o @", "-o"),
    ("expand {T} s.json -o @", "-o"),
    ("sweep-k {T} --k 1-2 -q --csv @", "--csv"),
    ("compare {T} -q --csv @", "--csv"),
    ("baseline ring {T} -o @", "-o"),
    ("baseline direct {T} --collective alltoall -o @", "-o"),
    ("draw {T} -o @.svg", "-o"),
    ("report {T} --no-lp -o @", "-o"),
    ("simulate {T} s.json --csv @", "--csv"),
    ("tradeoff {T} --csv @", "--csv"),
    ("tradeoff {T} --export @", "--export"),
    ("whatif {T} -q --csv @", "--csv"),
    ("whatif {T} --write link:box0/c0--box0/switch -o @", "-o"),
    ("lp allgather {T} --write-lp @", "--write-lp"),
    ("lp allgather {T} --write-mps @", "--write-mps"),
    ("import nccl {NCCL} -o @", "-o"),
    ("export msccl {T} s.json -o @", "-o"),
    ("show-traffic {T} s.json --csv @", "--csv"),
]

# destination -> what the one line must say (draw appends .svg to the name given)
CASES = {
    "empty": ("", "empty f"),
    "directory": ("dir", "is a directory"),
    "missing folder": ("missing/x", "folder missing does not exist; create it first"),
    "dangling link": ("dangling", "is a symbolic link to"),
    "link to a missing folder": ("dirlink/x", "goes through dirlink, which is a symbolic link"),
    "pseudo file system": ("/proc/forestcoll-x", "cannot write in folder /proc"),
    "parent is a file": ("s.json/x", "s.json is a file, not a folder"),
}


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", TOPO, "-q", "-o", "s.json"]) == 0
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir.svg").mkdir()
    for name in ("dangling", "dangling.svg"):
        (tmp_path / name).symlink_to(tmp_path / "gone" / "x")
    (tmp_path / "dirlink").symlink_to(tmp_path / "gone")
    return tmp_path


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("line, option", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_a_bad_destination_is_one_line_and_exit_2(workdir, capsys, line, option, case):
    capsys.readouterr()
    dest, said = CASES[case]
    if line.endswith("@.svg") and case == "empty":
        line = line.replace("@.svg", "@")                  # draw -o "" itself
    if option == "--export" and case == "directory":
        dest, said = "s.json", "is a file; give a new or empty folder"
    words = line.format(T=TOPO, NCCL=NCCL).split()
    argv = [w.replace("@", dest) for w in words]
    before = _tree(workdir)
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv, err)
    assert err.count("\n") == 1 and err.startswith("forestcoll: error: "), err
    assert said in err, err
    shown = option if case != "empty" else f"argument {option}"
    assert shown in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert _tree(workdir) == before                     # nothing written, nothing half-written


def test_a_dangling_link_into_an_existing_folder_is_written_through(workdir, capsys):
    (workdir / "later").mkdir()
    (workdir / "out.json").symlink_to(workdir / "later" / "s.json")
    assert main(["expand", TOPO, "s.json", "-o", "out.json"]) == 0
    assert (workdir / "out.json").is_symlink()
    assert (workdir / "later" / "s.json").read_bytes() == (workdir / "s.json").read_bytes()


def test_tradeoff_export_into_a_link_to_an_empty_folder(workdir, capsys):
    (workdir / "empty").mkdir()
    (workdir / "plan").symlink_to(workdir / "empty")
    assert main(["tradeoff", TOPO, "--collective", "allgather", "--k", "1", "--baselines",
                 "none", "--export", "plan"]) == 0
    assert (workdir / "empty" / "plan.json").is_file()


# --csv - : standard output holds the CSV alone (the human table goes to stderr); docs/cli.md
CSV_TO_STDOUT = [
    "sweep-k {T} --k 1-2 -q",
    "compare {T} -q",
    "tradeoff {T} --k 1 --sizes 1MiB",
    "whatif {T} --fail box -q",
    "whatif {T} --upgrade 2 -q",
    "simulate {T} s.json --sizes 1MiB",
    "show-traffic {T} s.json",
]


@pytest.mark.parametrize("line", CSV_TO_STDOUT)
def test_csv_to_standard_output_is_only_the_csv(workdir, capsys, line):
    import csv
    import io

    capsys.readouterr()
    argv = line.format(T=TOPO).split() + ["--csv", "-"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) >= 2 and {len(r) for r in rows} == {len(rows[0])}, out[:600]
    assert err.strip()                                  # the human table, on stderr
    path = workdir / "t.csv"                            # the same CSV as to a file
    assert main(argv[:-1] + [str(path)]) == 0
    if not line.startswith(("sweep-k", "compare")):     # those carry seconds measured
        assert path.read_text() == out


def test_whatif_csv_to_standard_output_with_json_is_refused(workdir, capsys):
    capsys.readouterr()           # (simulate and tradeoff take one of --csv and --json)
    code = main(["whatif", TOPO, "-q", "--csv", "-", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and json.loads(out)["exit_code"] == 2
    assert err == ("forestcoll: error: --csv - and --json both write to standard output; "
                   "give --csv a file name\n")


def test_tradeoff_export_to_standard_output_is_refused(workdir, capsys):
    before = _tree(workdir)
    capsys.readouterr()
    assert main(["tradeoff", TOPO, "--k", "1", "--sizes", "1MiB", "--export", "-"]) == 2
    err = capsys.readouterr().err
    assert err == ("forestcoll: error: --export: - (standard output) cannot hold a folder of "
                   "files; give a new or empty folder\n")
    assert _tree(workdir) == before


def test_draw_messages_do_not_offer_standard_output(workdir, capsys):
    capsys.readouterr()
    assert main(["draw", TOPO, "-o", ""]) == 2
    err = capsys.readouterr().err
    assert "empty file name; give a file name ending in .svg, .png or .pdf" in err
    assert "- for standard output" not in err


def test_draw_to_a_file_named_dot_png(workdir, capsys):
    assert main(["draw", TOPO, "-o", ".png"]) == 0
    assert (workdir / ".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert capsys.readouterr().out.startswith("wrote .png: topology view of paper-example")


def test_report_to_standard_output_says_so(workdir, capsys):
    capsys.readouterr()
    assert main(["report", TOPO, "--no-lp", "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("<!DOCTYPE html>") or out.startswith("<!doctype html>"), out[:40]
    assert err.startswith("wrote standard output: report on allgather for paper-example ("), err
