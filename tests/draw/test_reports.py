"""forestcoll report: one self-contained HTML page, opened in a real browser (headless
Chromium from the system's packages: Debian's chromium-headless-shell or chromium): it
renders something, its script runs, and the page logs no script error. Without a browser
the browser test is skipped, unless FORESTCOLL_REQUIRE_BROWSER is set (CI sets it)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

pytest.importorskip("matplotlib")

import forestcoll_opt as fc  # noqa: E402
from forestcoll_opt.cli import main  # noqa: E402

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
SECTIONS = ["The network", "The bound and its bottleneck cut",
            "Allreduce: the LP against tree schedules", "Fixed k: what fewer trees cost",
            "Time per message size, against NCCL&#x27;s baselines",
            "The generated schedule and its verdict"]


@pytest.fixture(scope="module")
def page():
    return fc.report(fc.resolve("paper-example"), sizes=[2**16, 2**20, 2**24])


def test_the_page_holds_every_section(page):
    assert re.findall(r"<h2>(.*?)</h2>", page) == SECTIONS
    assert page.count("<svg") == 5                       # topology, cut, k plot, times, loads
    assert "|S* ∩ Vc| / B(S*) = 4/4 = 1 per b" in page   # the cut's exact ratio
    assert "Verdict · optimal" in page and "k=1 (k*)" in page
    assert "allreduce LP optimum (certified)</th><td style='text-align:left'>4 b" in page


def test_the_page_needs_no_network(page):
    assert not re.search(r"<(link|img|iframe|object|embed)\b", page)
    assert not re.search(r"\bsrc\s*=", page) and "@import" not in page
    assert not re.search(r"url\((?!#)", page)          # only the SVGs' own clip paths
    urls = set(re.findall(r"https?://[^\"' )]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls


def test_the_same_page_every_time(page):
    assert fc.report(fc.resolve("paper-example"), sizes=[2**16, 2**20, 2**24]) == page


def test_report_command(capsys, tmp_path):
    out = tmp_path / "report.html"
    code = main(["report", "paper-example", "--sizes", "64KiB..1MiB", "--no-lp", "-o", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 0 and err == "" and stdout.startswith(f"wrote {out}: report on allgather")
    text = out.read_text()
    assert "Allreduce: the LP" not in text and text.count("<h2>") == 5
    code = main(["report", "paper-example", "--collective", "broadcast", "-o", str(out)])
    assert code == 2 and "broadcast needs a root" in capsys.readouterr().err


def rows(page):
    """The summary tables' rows of a page: header -> cell text."""
    return dict(re.findall(r"<th[^>]*>(.*?)</th><td[^>]*>(.*?)</td>", page))


def test_allreduce_report_on_paper_example():
    # the LP interval reached the verifier as numpy floats (the DataFrame's plotting
    # column): every allreduce report failed with "lp_interval lower value must be an
    # exact number"
    page = fc.report(fc.resolve("paper-example"), collective="allreduce", sizes=[2**20])
    assert re.findall(r"<h2>(.*?)</h2>", page) == SECTIONS
    r = rows(page)
    assert r["allreduce LP optimum (certified)"] == "4 b"
    assert r["allreduce: reduce-scatter then allgather trees"] == (
        "4 b (reaches the allreduce LP optimum; = the reduce-scatter + allgather tree bound; "
        "16 trees)")
    assert r["allreduce: LP schedule (concurrent trees)"] == (
        "4 b (reaches the allreduce LP optimum; 100.00% of the reduce-scatter + allgather "
        "tree bound; 16 trees)")
    # the trees reach the LP optimum: they are the schedule judged, against the LP
    assert "Verdict · optimal" in page and r["reference"] == "lp: 4"
    assert "of the reduce-scatter + allgather tree bound</th>" in page
    # the bound's cut, then the verdict's: one row for both phases (it was shown twice)
    assert [h for h in r if "cut S*" in h] == ["bottleneck cut S*",
                                               "reduce-scatter and allgather cut S*"]
    assert r["reduce-scatter and allgather cut S*"] == "4 compute of 6 nodes, B(S*)=4"


def test_allreduce_report_command_where_the_lp_beats_the_trees(capsys, tmp_path):
    out = tmp_path / "ar.html"
    code = main(["report", "mi250:boxes=2,gpus=8", "--collective", "allreduce", "--sizes",
                 "1MiB", "-o", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 0 and err == "", err
    page = out.read_text()
    r = rows(page)
    assert r["allreduce LP optimum (certified)"] == "128 GB/s"
    assert r["allreduce: reduce-scatter then allgather trees"] == (
        "104 GB/s (81.25% of the allreduce LP optimum; = the reduce-scatter + allgather tree "
        "bound; 90 trees)")
    assert r["allreduce: LP schedule (concurrent trees)"] == (
        "128 GB/s (reaches the allreduce LP optimum; 123.08% of the reduce-scatter + "
        "allgather tree bound; 126 trees)")
    # the schedule judged is the one generate writes: the LP schedule, optimal at 128
    assert "Verdict · optimal" in page and r["algbw"] == "128" and r["ratio"].startswith("1 ")
    assert ("The reduce-scatter + allgather tree bound, 104 GB/s, needs k* = 13 trees per "
            "root; the table gives the best schedule with each fewer k. The schedule at the "
            "allreduce LP optimum "
            "(candidate lp, concurrent phases) reaches 128 GB/s, 123.08% of the "
            "reduce-scatter + allgather tree bound.") in page


def browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("FORESTCOLL_REQUIRE_BROWSER"):
        pytest.fail(f"no headless Chromium on PATH (looked for {', '.join(BROWSERS)})")
    pytest.skip("no headless Chromium on PATH (Debian: apt-get install chromium-headless-shell)")


def run_browser(binary, tmp_path, *args):
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
               *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=True)


def test_a_browser_renders_it_without_script_errors(page, tmp_path):
    binary = browser()
    path = tmp_path / "report.html"
    path.write_text(page)
    url = path.as_uri()
    shot = tmp_path / "shot.png"
    done = run_browser(binary, tmp_path, f"--screenshot={shot}", "--window-size=1200,1600", url)
    console = [line for line in done.stderr.splitlines() if "CONSOLE" in line]
    assert not console, console                # no script error, no message of any kind
    from matplotlib.image import imread

    pixels = imread(str(shot))[..., :3]
    assert pixels.shape[:2] == (1600, 1200)
    ink = (pixels.min(axis=2) < 0.9).mean()    # share of pixels that are not (near) white
    assert 0.03 < ink < 0.9, ink
    colours = {tuple(p) for p in (pixels[::7, ::7] * 255).astype(int).reshape(-1, 3)}
    assert len(colours) > 50                   # text, drawings, tables: not one flat colour
    dom = run_browser(binary, tmp_path, "--dump-dom", url).stdout
    assert 'data-ready="yes"' in dom           # the script ran to its end
    assert dom.count('href="#section-') == len(SECTIONS)
