"""The tables of ``simulate`` and ``tradeoff`` (lookat items 5, 6, 22 and 25): exact algbw
as exact fractions, one time unit per table with fixed decimals (µs below 10 ms, else ms,
both to 0.1 µs), sizes as ``--sizes`` writes them, the fastest marked in a column of its own
(so that every row keeps the header's columns), ``±`` for bands, and an all-to-all's
candidates counted in routes and hops, with no k."""

import re

import pytest

from forestcoll_opt.cli import main

TOPO = "dgx-a100:boxes=2"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def allgather(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "ag.json"
    assert main(["generate", TOPO, "-q", "-o", str(path)]) == 0
    return str(path)


def test_simulate_prints_the_exact_algbw_and_one_unit(capsys, allgather):
    code, out, _ = run(capsys, "simulate", TOPO, allgather, "--sizes", "64KiB,1MiB,1GiB")
    assert code == 0
    lines = out.splitlines()
    # the exact algbw as the verifier has it, not 346.667 (item 5)
    assert lines[0] == ("allgather on dgx-a100-2: model calibrated, exact algbw 1040/3 "
                        "(346.667) GB/s")
    # every time below 10 ms: µs, 0.1 µs; sizes as --sizes takes them (items 6, 25)
    assert lines[2].split() == ["size", "protocol", "time", "(µs)", "algbw", "(GB/s)"]
    assert [line.split() for line in lines[3:]] == [
        ["64KiB", "LL", "15.1", "4.344"], ["1MiB", "LL", "29.9", "35.091"],
        ["1GiB", "Simple", "4089.6", "262.554"]]
    # a table that reaches 10 ms: ms, to 0.1 µs as well
    code, out, _ = run(capsys, "simulate", TOPO, allgather, "--sizes", "64KiB,4GiB")
    lines = out.splitlines()
    assert lines[2].split()[2:4] == ["time", "(ms)"]
    assert [line.split()[2] for line in lines[3:]] == ["0.0151", "16.2096"]


def test_tradeoff_columns_stay_aligned_with_the_marker(capsys):
    code, out, _ = run(capsys, "tradeoff", TOPO, "--sizes", "64KiB..4GiB", "--k", "1,7,13")
    assert code == 0
    lines = out.splitlines()
    # the candidates' exact algbw (item 5): k=7's is 33600/97, not 346.392
    rows = {line.split()[0]: line for line in lines[3:7]}
    assert lines[2].split() == ["candidate", "exact", "algbw", "trees", "height"]
    assert rows["k=1"].split() == ["k=1", "2400/7", "(342.857)", "16", "8"]
    assert rows["k=7"].split() == ["k=7", "33600/97", "(346.392)", "33", "9"]
    assert rows["ring"].split() == ["ring", "640/3", "(213.333)", "128", "15"]
    at = lines.index("predicted time (ms) per candidate, algbw in GB/s; * marks the fastest")
    head, body = lines[at + 1], lines[at + 2:]
    assert len(body) == 17 and len({len(line) for line in (head, *body)}) == 1
    names = ["k=1", "k=7", "k=13", "ring", "nccl"]
    ends = [head.index(f" {n} ") + 1 + len(n) for n in names]
    for line in body:
        # each time ends under its candidate's name, its marker in the column after
        cells = [line[:end].split()[-1] for end in ends]
        assert all(re.fullmatch(r"\d+\.\d{4}", c) for c in cells), line
        marks = [n for n, end in zip(names, ends) if line[end] == "*"]
        assert marks == [line.split()[1]] and all(line[end] in "* " for end in ends)
    # 4 GiB: k=13 beats k=7 by 12.8 µs, which %.4g seconds printed as 0.01621 / 0.01622
    four = body[-1].split()
    assert four[:4] == ["4GiB", "k=13", "Simple", "264.965"]
    assert four[4:9] == ["16.3857", "16.2224", "16.2096*", "21.0521", "21.3333"]


def test_tradeoff_under_10ms_is_in_microseconds(capsys):
    code, out, _ = run(capsys, "tradeoff", TOPO, "--sizes", "1MiB,1GiB", "--k", "1,13")
    lines = out.splitlines()
    at = lines.index("predicted time (µs) per candidate, algbw in GB/s; * marks the fastest")
    assert [line.split()[:7] for line in lines[at + 2:]] == [
        ["1MiB", "k=1", "LL", "35.597", "29.5*", "29.9", "40.3"],
        ["1GiB", "k=13", "Simple", "262.554", "4131.1", "4089.6*", "5323.5"]]


def test_alltoall_counts_routes_and_has_no_k(capsys):
    code, out, _ = run(capsys, "tradeoff", TOPO, "--collective", "alltoall", "--sizes",
                       "1MiB,1GiB")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "alltoall on dgx-a100-2: all-to-all LP optimum 50 GB/s"
    assert lines[2].split() == ["candidate", "exact", "algbw", "routes", "hops"]
    assert lines[3].split() == ["lp", "50", "240", "2"]


def test_bands_share_the_times_unit_and_say_2_sigma(capsys, tmp_path):
    """Under a calibration file the bands reach 12.6 ms: the times and their bands are one
    table's worth of numbers, read against each other, so both are in ms; '±2σ', not
    '+-2 sigma' (item 25)."""
    from pathlib import Path
    log = Path(__file__).resolve().parents[1] / "data" / "nccl-tests" / "h100-2x8-all_reduce.log"
    cal = tmp_path / "cal.json"
    assert run(capsys, "calibrate", "dgx-h100:boxes=2", str(log), "-o", str(cal))[0] == 0
    code, out, _ = run(capsys, "tradeoff", "dgx-h100:boxes=2", "--sizes", "64KiB,1GiB",
                       "--calibration", str(cal))
    lines = out.splitlines()
    at = lines.index("predicted time (ms) per candidate, algbw in GB/s; * marks the fastest")
    assert lines[at + 1].endswith("  within the band (±2σ)")
    assert lines[at + 2].split()[4:8] == ["0.1420*", "0.1426", "0.1484", "0.2653"]
    assert lines[at + 4].startswith("band of each prediction (ms, fast..slow end")
    assert lines[at + 6].split() == ["64KiB", "0.1143..0.1704", "0.1149..0.1717",
                                     "0.1205..0.1779", "0.1005..1.5727"]


def test_the_tradeoff_result_of_an_alltoall_names_no_k():
    import forestcoll_opt as fc
    result = fc.tradeoff(fc.resolve(TOPO), collective="alltoall", sizes=[2**20])
    assert repr(result).startswith("Tradeoff(alltoall on dgx-a100-2, calibrated model: "
                                   "all-to-all LP optimum 50 GB/s, 3 candidates")
    assert "k*" not in result._repr_html_()
