"""forestcoll draw: the four views as files, the same bytes on every run, one-line errors."""

import pytest

pytest.importorskip("matplotlib")

from forestcoll_opt.cli import main  # noqa: E402


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_draw_every_view(capsys, tmp_path):
    sched = tmp_path / "s.json"
    assert run(capsys, "generate", "paper-example", "-o", str(sched), "-q")[0] == 0
    for view, ext in (("topology", "svg"), ("cut", "png"), ("tree", "pdf"), ("loads", "svg")):
        out = tmp_path / f"{view}.{ext}"
        args = ["draw", "paper-example"] + ([str(sched)] if view in ("tree", "loads") else [])
        code, stdout, err = run(capsys, *args, "--view", view, "-o", str(out))
        assert code == 0 and err == "", err
        assert stdout.startswith(f"wrote {out}: {view} view of paper-example")
        head = out.read_bytes()[:8]
        assert head.startswith({"svg": b"<?xml", "png": b"\x89PNG", "pdf": b"%PDF"}[ext])


def test_draw_is_deterministic(capsys, tmp_path):
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    for path in (a, b):
        assert run(capsys, "draw", "dgx-a100:boxes=2", "--view", "cut", "-o", str(path))[0] == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("argv, words", [
    (["--view", "tree"], "--view tree needs a SCHEDULE file"),
    (["-o", "x.jpg"], "-o x.jpg: the file name must end in .svg, .png or .pdf"),
    (["-o", "-"], "-o: give a file name ending in .svg, .png or .pdf"),
    (["--view", "cut", "--collective", "broadcast"], "broadcast needs a root"),
    (["--collective", "reduce-scatter"], "--collective is for --view cut"),
])
def test_draw_errors(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    if "-o" not in argv:
        argv = argv + ["-o", "x.svg"]
    code, out, err = run(capsys, "draw", "paper-example", *argv)
    assert code == 2 and out == ""
    assert err.startswith("forestcoll: error: ") and words in err and err.count("\n") == 1
    assert not (tmp_path / "x.svg").exists()


def test_cut_view_of_an_all_to_all_speaks_the_command_line(capsys, tmp_path):
    sched = tmp_path / "a2a.json"
    assert run(capsys, "generate", "paper-example", "--collective", "alltoall", "-o",
               str(sched), "-q")[0] == 0
    out_file = tmp_path / "cut.svg"
    code, out, err = run(capsys, "draw", "paper-example", str(sched), "--view", "cut", "-o",
                         str(out_file))
    assert code == 2 and out == "" and not out_file.exists()
    assert err == ("forestcoll: error: --view cut draws the bottleneck cut of a tree "
                   "collective's bound; an all-to-all's optimum is its LP (forestcoll lp "
                   "alltoall TOPOLOGY): draw its routes with --view loads\n")


@pytest.mark.parametrize("name", ["r.png", "report", "r.svg"])
def test_report_refuses_a_file_that_is_not_html(capsys, tmp_path, monkeypatch, name):
    """report -o r.png wrote the HTML page into r.png and said so; draw refuses a wrong
    extension in one line, and now so does report, before any work and writing nothing."""
    monkeypatch.chdir(tmp_path)
    code, stdout, err = run(capsys, "report", "paper-example", "--no-lp", "-o", name)
    assert (code, stdout) == (2, "")
    assert err == (f"forestcoll: error: -o {name}: give a file name ending in .html or .htm, "
                   f"or - for standard output (the report is one HTML page)\n")
    assert not (tmp_path / name).exists()


def test_report_takes_html_and_htm_in_any_case(capsys, tmp_path):
    for name in ("r.HTML", "r.htm"):
        out = tmp_path / name
        code, stdout, _ = run(capsys, "report", "paper-example", "--no-lp", "--sizes", "1MiB",
                              "-o", str(out))
        assert code == 0 and stdout.startswith(f"wrote {out}: report on allgather")
        assert out.read_text().startswith("<!DOCTYPE html>")
