"""Every command that writes a file, against every bad destination: one line naming the
option and what to do, exit 2, before any work, and nothing written anywhere."""

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
