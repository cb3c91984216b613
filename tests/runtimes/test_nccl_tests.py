"""Reading nccl-tests and rccl-tests logs: exact values from the real logs of
tests/data/nccl-tests/ (README.md there gives each file's source), the refusals, and the
printed rounding as a property of every row."""

import gzip
import math
from pathlib import Path

import pytest

from forestcoll_opt.errors import CollectiveError, ForestCollError, NcclTestsError
from forestcoll_opt.model.collective import Collective
from forestcoll_opt.runtimes.nccl_tests import busbw_factor, read_nccl_tests

DATA = Path(__file__).parent.parent / "data" / "nccl-tests"
LOGS = sorted(DATA.glob("*.log"))
H100 = DATA / "h100-2x8-all_reduce.log"
H200_GKE = DATA / "h200-2x8-all_gather-gke.log"
H200_MPI = DATA / "h200-2x8-all_gather-skypilot-mpi.log"
MI300X = DATA / "mi300x-rccl-tests-all_reduce-1node-2node.log"
MI355X = DATA / "mi355x-rccl-tests-all_reduce-alltoall.log"
T4 = DATA / "t4-2x1-all_reduce-efa-nccl-info.log"
RTX5090 = DATA / "rtx5090-1x2-all_gather-mpi-2.18.log"
A100 = {name: DATA / f"a100-1x8-{name}-old-header.log"
        for name in ("all_gather", "reduce_scatter", "broadcast", "reduce")}


def oop(row):
    m = row.out_of_place
    return m.time_us, m.algbw, m.busbw, m.wrong


def inp(row):
    m = row.in_place
    return m.time_us, m.algbw, m.busbw, m.wrong


# --- the real logs ---------------------------------------------------------------------------

def test_every_real_log_is_listed_in_the_readme_with_its_source():
    readme = (DATA / "README.md").read_text()
    assert len(LOGS) >= 5
    for log in LOGS:
        assert f"`{log.name}`" in readme, log.name


def test_h100_2x8_all_reduce():
    (run,) = read_nccl_tests(H100)
    assert (run.collective, run.ranks, run.collective_from) == (Collective.ALLREDUCE, 16,
                                                                "file name")
    assert run.hosts == ("ztan-mig-235z", "ztan-mig-gq73")
    assert set(run.devices) == {"NVIDIA H100 80GB HBM3"} and len(run.devices) == 16
    assert (run.suite, run.algo, run.proto, run.dtype, run.line) == (
        "nccl-tests", None, None, "float", 22)
    assert len(run.rows) == 31
    first, last = run.rows[0], run.rows[-1]
    assert (first.size, first.count, first.redop, first.root, first.line) == (8, 2, "sum", -1, 24)
    assert oop(first) == (135.8, 0.0, 0.0, 0) and inp(first) == (123.5, 0.0, 0.0, 0)
    assert (last.size, last.count) == (8589934592, 2147483648)
    assert oop(last) == (47535.0, 180.71, 338.82, 0)
    assert inp(last) == (47743.0, 179.92, 337.35, 0)
    gib = next(r for r in run.rows if r.size == 2**30)
    assert oop(gib) == (6759.0, 158.86, 297.86, 0)
    assert run.busbw_factor == 2 * 15 / 16
    # the table alone says allreduce too (the text has no file name)
    (again,) = read_nccl_tests(H100.read_text())
    assert (again.collective, again.collective_from) == (Collective.ALLREDUCE, "table")
    assert again.rows == run.rows


@pytest.mark.parametrize("path, hosts, last_oop, gib_inp, library", [
    (H200_GKE, ("nccl-test-host-1", "nccl-test-host-2"), (24739.0, 347.22, 325.52, 0),
     (3084.1, 348.16, 326.40, 0), "2.26.6+cuda12.8"),
    (H200_MPI, ("nc-d87e1263-head", "nc-d87e1263-worker1"), (24724.0, 347.44, 325.72, 0),
     (3079.7, 348.65, 326.86, 0), None),
])
def test_h200_2x8_all_gather(path, hosts, last_oop, gib_inp, library):
    (run,) = read_nccl_tests(path)
    assert (run.collective, run.ranks, run.collective_from) == (Collective.ALLGATHER, 16,
                                                                "file name")
    assert run.hosts == hosts and set(run.devices) == {"NVIDIA H200"}
    assert (run.library_version, run.suite) == (library, "nccl-tests")
    assert len(run.rows) == 24
    assert (run.rows[0].size, run.rows[0].count, run.rows[0].redop) == (1024, 16, "none")
    assert oop(run.rows[-1]) == last_oop
    gib = next(r for r in run.rows if r.size == 2**30)
    assert gib.count == 2**30 // 4 // 16 and inp(gib) == gib_inp
    # allgather and alltoall print the same table: without a name, collective= decides
    with pytest.raises(NcclTestsError, match="fits allgather and alltoall alike; give "
                                             "collective="):
        read_nccl_tests(path.read_text())
    (a2a,) = read_nccl_tests(path.read_text(), collective="alltoall")
    assert (a2a.collective, a2a.collective_from) == (Collective.ALLTOALL, "collective=")


def test_mi300x_rccl_tests_one_and_two_nodes():
    one, two = read_nccl_tests(MI300X)
    assert [(r.collective, r.ranks, len(r.rows), r.suite) for r in (one, two)] == [
        (Collective.ALLREDUCE, 8, 31, "rccl-tests"), (Collective.ALLREDUCE, 16, 32, "rccl-tests")]
    assert (one.tests_version, one.library_version, len(one.hosts)) == ("develop:a7809b3",
                                                                         None, 1)
    assert (two.tests_version, two.library_version, two.hosts) == (
        "develop:448c4c7", "2.22.3-HEAD:7d8d67c", ("gpu-53", "gpu-56"))
    assert two.versions == ("HIP 6.4.43484-123eb5128", "ROCm 6.4.2.0-120-e7d83f5")
    assert set(one.devices) == set(two.devices) == {"AMD Instinct MI300X"}
    row = next(r for r in one.rows if r.size == 16777216)
    assert oop(row) == (149.9, 111.92, 195.85, 0) and inp(row) == (156.3, 107.33, 187.83, 0)
    assert (two.rows[-1].size, oop(two.rows[-1])) == (17179869184, (90115.0, 190.64, 357.46, 0))
    assert (one.line, two.line) == (15, 79)


def test_mi355x_rccl_tests_names_its_binaries():
    reduce, a2a = read_nccl_tests(MI355X)
    assert [(r.collective, r.binary, r.collective_from, r.ranks) for r in (reduce, a2a)] == [
        (Collective.ALLREDUCE, "all_reduce", "log", 8), (Collective.ALLTOALL, "alltoall", "log", 8)]
    assert (reduce.tests_version, reduce.hosts) == ("HEAD:e1b8a3a", ("GPU-6403",))
    assert [r.size for r in a2a.rows] == [8589934592, 17179869184]
    assert a2a.rows[0].count == 8589934592 // 4 // 8
    assert oop(a2a.rows[0]) == (20837.0, 412.23, 360.71, 0)
    assert inp(a2a.rows[0]) == (20817.0, 412.64, 361.06, None)        # N/A
    assert oop(reduce.rows[1]) == (73913.0, 232.43, 406.76, 0)
    # a collective= that contradicts the binary the log names is refused
    with pytest.raises(NcclTestsError, match=r"line 15: collective='alltoall', but the log "
                                             r"names all_reduce_perf"):
        read_nccl_tests(MI355X, collective="alltoall")


def test_t4_2x1_all_reduce_with_nccl_info_and_mpi_prefixes():
    (run,) = read_nccl_tests(T4)
    assert (run.collective, run.ranks, run.hosts) == (
        Collective.ALLREDUCE, 2, ("test-nccl-efa-worker-0", "test-nccl-efa-worker-1"))
    assert (run.library_version, run.proto, run.algo) == ("2.12.7+cuda11.4", "simple", None)
    assert len(run.rows) == 31
    assert [(r.size, r.count) for r in run.rows[:3]] == [(0, 0), (0, 0), (4, 1)]
    assert oop(run.rows[0]) == (6.36, 0.0, 0.0, 0)
    assert oop(run.rows[-1]) == (344981.0, 3.11, 3.11, 0)
    assert run.busbw_factor == 1.0                      # 2(n-1)/n on two ranks
    assert run.rows[0].line == 58                       # after the NCCL INFO line amid them


def test_rtx5090_nccl_tests_2_18_two_runs_behind_stderr_and_stdout_prefixes():
    runs = read_nccl_tests(RTX5090)
    assert [(r.collective, r.binary, r.collective_from, r.ranks, r.hosts, r.line, len(r.rows))
            for r in runs] == [(Collective.ALLGATHER, "all_gather", "log", 2, ("lab",), 18, 8),
                               (Collective.ALLGATHER, "all_gather", "log", 2, ("lab",), 51, 8)]
    assert {(r.tests_version, r.library_version) for r in runs} == {("2.18.0", "2.29.7")}
    first, second = runs
    # nccl-tests 2.18 prints two decimals up to 10 ms
    assert oop(first.rows[0]) == (2191.72, 0.48, 0.24, 0)
    assert first.rows[0].out_of_place.time_printed == "2191.72"
    assert inp(first.rows[-1]) == (29349.9, 4.57, 2.29, 0)
    assert oop(second.rows[-1]) == (29635.6, 4.53, 2.26, 0)
    # the table alone cannot tell allgather from alltoall; the log names all_gather_perf_mpi
    assert first.rows[0].count * 4 * 2 == first.rows[0].size


@pytest.mark.parametrize("name, collective, lead, last_oop, from_table", [
    ("all_gather", Collective.ALLGATHER, (None, None), (33646.0, 255.31, 223.39, None), False),
    ("reduce_scatter", Collective.REDUCE_SCATTER, ("sum", None), (32464.0, 264.60, 231.52, None),
     True),
    ("broadcast", Collective.BROADCAST, (None, 0), (36896.0, 232.81, 232.81, None), False),
    ("reduce", Collective.REDUCE, ("sum", 0), (37613.0, 228.38, 228.38, None), True),
])
def test_a100_1x8_older_header_every_collective(name, collective, lead, last_oop, from_table):
    (run,) = read_nccl_tests(A100[name])
    assert (run.collective, run.ranks, run.hosts, run.collective_from) == (
        collective, 8, ("sb-validation-scus-000001",), "file name")
    assert set(run.devices) == {"A100-SXM4-40GB"} and len(run.rows) == 34
    last = run.rows[-1]
    assert (last.redop, last.root) == lead and oop(last) == last_oop
    assert (last.out_of_place.error, last.in_place.error) == (None, None)     # N/A, -c 0
    spread = 8 if collective in (Collective.ALLGATHER, Collective.REDUCE_SCATTER) else 1
    assert last.size == last.count * 4 * spread == 8589934592
    # the table alone tells reduce-scatter (redop, size = count x 4 x 8) and reduce (root)
    if from_table:
        (again,) = read_nccl_tests(A100[name].read_text())
        assert (again.collective, again.collective_from) == (collective, "table")
    else:
        with pytest.raises(NcclTestsError, match="alike; give collective="):
            read_nccl_tests(A100[name].read_text())


# --- the property: what the tool prints is size / time, within its rounding ------------------

def printed_half_unit(text):
    """Half a unit of the last digit of a time printed as ``text``."""
    return 0.5 * 10.0 ** -len(text.partition(".")[2])


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_algbw_is_size_over_time_and_busbw_its_factor_within_printed_rounding(path):
    runs = read_nccl_tests(path)
    checked = 0
    for run in runs:
        factor = busbw_factor(run.collective, run.ranks)
        for row in run.rows:
            for m in (row.out_of_place, row.in_place):
                half = printed_half_unit(m.time_printed)
                low = row.size / ((m.time_us + half) * 1e3)
                high = row.size / ((m.time_us - half) * 1e3)
                assert low - 0.005 - 1e-9 <= m.algbw <= high + 0.005 + 1e-9, (row.line, m)
                assert factor * low - 0.005 - 1e-9 <= m.busbw <= factor * high + 0.005 + 1e-9
                if m.algbw >= 10:
                    assert m.busbw / m.algbw == pytest.approx(factor, rel=2e-3)
                checked += 1
    assert checked == 2 * sum(len(r.rows) for r in runs)


# --- what is tolerated -----------------------------------------------------------------------

def test_crlf_markdown_fences_and_gzip_read_the_same_rows(tmp_path):
    (plain,) = read_nccl_tests(H100)
    text = H100.read_text()
    (crlf,) = read_nccl_tests(text.replace("\n", "\r\n"))
    (fenced,) = read_nccl_tests("Result:\n```bash\n" + text + "```\nthe end\n")
    packed = tmp_path / "h100-all_reduce.log.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    (zipped,) = read_nccl_tests(packed)
    assert crlf.rows == zipped.rows == plain.rows
    assert [r.line - 2 for r in fenced.rows] == [r.line for r in plain.rows]
    assert [(r.size, r.out_of_place, r.in_place) for r in fenced.rows] == [
        (r.size, r.out_of_place, r.in_place) for r in plain.rows]


def test_algo_and_proto_from_launcher_lines_and_nccl_info_one_per_run():
    text = H100.read_text()
    ring = "mpirun -np 16 -x NCCL_ALGO=Ring -x NCCL_PROTO=LL128 ./build/all_reduce_perf -b 8\n"
    tree = "node1:77:77 [0] NCCL INFO NCCL_ALGO set by environment to Tree\n"
    first, second = read_nccl_tests(ring + text + tree + text)
    assert (first.algo, first.proto, first.binary, first.collective_from) == (
        "Ring", "LL128", "all_reduce", "log")
    assert (second.algo, second.proto, second.binary) == ("Tree", None, None)
    assert second.line == first.line + text.count("\n") + 1


def test_several_types_in_one_table():
    text = replace_once(H100.read_text(), "           8             2     float",
                        "           8             4      half")
    (run,) = read_nccl_tests(text)
    assert (run.dtypes, run.dtype, run.rows[0].dtype) == (("half", "float"), None, "half")
    # each row's count is checked against its own type's width: 4 floats are 16 bytes
    with pytest.raises(NcclTestsError, match=r"fit no collective on 16 ranks \(allreduce: "
                                             r"line 24 has size 8 for 4 float elements, not "
                                             r"the 16 that needs\)"):
        read_nccl_tests(text.replace("      half", "     float"))


def test_rank_count_from_threads_gpus_and_launcher_without_rank_lines():
    text = "\n".join(line for line in H100.read_text().splitlines() if "Rank" not in line)
    with pytest.raises(NcclTestsError, match="does not say how many ranks"):
        read_nccl_tests(text)
    (run,) = read_nccl_tests("mpirun -np 16 --hostfile h ./all_reduce_perf -b 8\n" + text)
    assert (run.ranks, run.devices, run.hosts) == (16, (), ())


def test_split_groups_count_the_group_of_rank_0():
    lines = [line.replace("Group  0", "Group  1") if any(f"Rank {r:2d}" in line
                                                         for r in range(8, 16)) else line
             for line in H100.read_text().splitlines()]
    # two communicators of 8 ranks: the table's 1.875 is then not allreduce's 1.75
    with pytest.raises(NcclTestsError, match=r"not allreduce's 1\.750 on 8 ranks"):
        read_nccl_tests("\n".join(lines))


OLD = """\
# nThread 1 nGpus 4 minBytes 1048576 maxBytes 33554432 step: 32(factor) warmup iters: 5 iters: 20 validation: 1
#
# Using devices
#   Rank  0 Pid  40310 on    dgx1 device  0 [0x06] Tesla V100-SXM2-16GB
#   Rank  1 Pid  40310 on    dgx1 device  1 [0x07] Tesla V100-SXM2-16GB
#   Rank  2 Pid  40310 on    dgx1 device  2 [0x0a] Tesla V100-SXM2-16GB
#   Rank  3 Pid  40310 on    dgx1 device  3 [0x0b] Tesla V100-SXM2-16GB
#
#                                        out-of-place                       in-place
#       size         count    type     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)             (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
     1048576         65536   float    100.0   10.49    7.86  0e+00    100.0   10.49    7.86  0e+00
    33554432       2097152   float   1000.0   33.55   25.17  0e+00    999.0   33.59   25.19  0e+00
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 16.27
"""


def test_older_header_without_redop_root_and_with_an_error_column():
    (run,) = read_nccl_tests(OLD, collective="allgather")
    assert (run.collective, run.ranks, len(run.rows)) == (Collective.ALLGATHER, 4, 2)
    row = run.rows[1]
    assert (row.redop, row.root, row.dtype) == (None, None, "float")
    assert (row.in_place.time_us, row.in_place.wrong, row.in_place.error) == (999.0, None, 0.0)
    # no redop column: allgather, reduce-scatter and alltoall look alike
    with pytest.raises(NcclTestsError, match="fits allgather and reduce-scatter and alltoall"):
        read_nccl_tests(OLD)


OLD_ALLTOALL = """\
#   Rank  0 Pid 167261 on localhost device  0 [0x00] A100-SXM4-40GB
#   Rank  1 Pid 167261 on localhost device  1 [0x00] A100-SXM4-40GB
#       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
     1048576        131072   float            87.42   11.99    6.00    N/A    88.90   11.79    5.90    N/A
"""


def test_older_alltoall_prints_a_blank_redop():
    (run,) = read_nccl_tests(OLD_ALLTOALL, collective="alltoall")
    row = run.rows[0]
    assert (row.redop, row.count, row.out_of_place.algbw, row.in_place.busbw) == (
        None, 131072, 11.99, 5.90)


def test_to_pandas_one_row_per_size_and_placement():
    reduce, a2a = read_nccl_tests(MI355X)
    df = a2a.to_pandas()
    assert list(df.columns) == ["collective", "ranks", "placement", "size", "count", "type",
                                "redop", "root", "time_us", "algbw", "busbw", "wrong", "error",
                                "algo", "proto", "line"]
    assert len(df) == 4 and list(df["placement"]) == ["out-of-place", "in-place"] * 2
    assert str(df["size"].dtype) == "int64" and str(df["algbw"].dtype) == "float64"
    assert str(df["wrong"].dtype) == "float64" and math.isnan(df["wrong"][1])
    assert list(df["algbw"]) == [412.23, 412.64, 413.05, 412.80]
    assert list(df["root"]) == [-1] * 4 and set(df["collective"]) == {"alltoall"}
    old = read_nccl_tests(OLD, collective="allgather")[0].to_pandas()
    assert math.isnan(old["root"][0]) and old["error"][0] == 0.0


def test_repr_is_one_short_line_and_html_has_a_title():
    (run,) = read_nccl_tests(H100)
    assert repr(run) == ("NcclTestsRun(allreduce, 16 ranks, NVIDIA H100 80GB HBM3, 31 sizes "
                         "8 B...8 GiB, nccl-tests)")
    assert run._repr_html_().startswith("<div><b>NcclTestsRun · allreduce on 16 ranks</b>")


# --- what is refused -------------------------------------------------------------------------

def replace_once(text, old, new):
    assert text.count(old) == 1, old
    return text.replace(old, new)


LAST_ROW = ("  8589934592    2147483648     float     sum      -1    47535  180.71  338.82      0"
            "    47743  179.92  337.35      0")


@pytest.mark.parametrize("edit, match", [
    (lambda t: "hello\nno table here\n", "no nccl-tests table in it"),
    (lambda t: t[:t.index("           8             2")], "a table header with no rows"),
    (lambda t: replace_once(t, LAST_ROW, LAST_ROW[:60]),
     r"line 54: the row has 6 fields, not the 13 its header \(line 22\) names"),
    (lambda t: replace_once(t, "   47535  180.71", "  -47535  180.71"),
     r"line 54: out-of-place time -47535 µs is not positive"),
    (lambda t: replace_once(t, "   47535  180.71", "   4753x  180.71"),
     r"line 54: out-of-place time '4753x' is not a number"),
    (lambda t: replace_once(t, "   47535  180.71", "   47535  190.71"),
     r"line 54: out-of-place algbw 190.71 GB/s is not size / time = 8589934592 B / 47535 µs "
     r"= 180.71 GB/s"),
    (lambda t: replace_once(t, "    47743  179.92  337.35      0",
                            "    47743  179.92  337.35   lots"),
     r"line 54: in-place #wrong 'lots' is not a count"),
    (lambda t: replace_once(t, "root     time", "root  cputime"), "reports CPU time"),
    (lambda t: replace_once(t, "busbw #wrong     time", "busbw #wrong     tme"),
     "line 22: an unknown table header"),
    (lambda t: "# Collective test starting: sendrecv_perf\n" + t,
     "sendrecv_perf's, which measures no collective this toolkit models"),
    (lambda t: "\n".join(line for line in t.splitlines()
                         if not any(f"Rank {r:2d}" in line for r in range(8, 16))),
     r"fit no collective on 8 ranks"),
])
def test_refusals_name_the_line(edit, match):
    with pytest.raises(NcclTestsError, match=match) as info:
        read_nccl_tests(edit(H100.read_text()))
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ForestCollError) and isinstance(info.value, ValueError)


def test_a_mislabeled_log_is_refused_with_what_it_fits(tmp_path):
    wrong = tmp_path / "h100-all_gather.log"
    wrong.write_text(H100.read_text())
    with pytest.raises(NcclTestsError, match=r"line 22: the file name says allgather, but line "
                                             r"24 has redop sum; they fit allreduce: a "
                                             r"mislabeled log\?"):
        read_nccl_tests(wrong)
    with pytest.raises(NcclTestsError, match=r"collective= says reduce-scatter, but line 24 has "
                                             r"size 8 for 2 float elements, not the 128"):
        read_nccl_tests(H100, collective="reduce-scatter")
    with pytest.raises(NcclTestsError, match=r"collective= says broadcast, but line 24 has "
                                             r"root -1"):
        read_nccl_tests(H100, collective="broadcast")
    # a file name's words count whole: "reduced" names no collective
    reduced = tmp_path / "h100-reduced-latency.log"
    reduced.write_text(H100.read_text())
    (run,) = read_nccl_tests(reduced)
    assert (run.collective, run.collective_from) == (Collective.ALLREDUCE, "table")
    sendrecv = tmp_path / "sendrecv_perf.txt"
    sendrecv.write_text(H100.read_text())
    with pytest.raises(NcclTestsError, match="sendrecv_perf's"):
        read_nccl_tests(sendrecv)


def test_unreadable_inputs(tmp_path):
    with pytest.raises(NcclTestsError, match="cannot read the nccl-tests log file"):
        read_nccl_tests(tmp_path / "missing.log")
    empty = tmp_path / "empty.log"
    empty.write_text("")
    with pytest.raises(NcclTestsError, match="no nccl-tests table"):
        read_nccl_tests(empty)
    nul = tmp_path / "nul.log"
    nul.write_bytes(b"# size count\0")
    with pytest.raises(NcclTestsError, match="is a NUL"):
        read_nccl_tests(nul)
    with pytest.raises(NcclTestsError, match="path_or_text= must be a path"):
        read_nccl_tests(12)
    with pytest.raises(CollectiveError, match="unknown collective 'allreduse'"):
        read_nccl_tests(H100, collective="allreduse")
