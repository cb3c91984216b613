"""Small things in what the commands print that a user review found (lookat items 37 and
39): the lp's algbw at 3 decimals, generate's method line where every allreduce prints it,
singular counts, whatif --sample's rows, and an output file named as a catalog spec."""

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_lp_prints_its_algbw_at_three_decimals(capsys):
    """It printed 'algbw 128.000000 GB/s' where every other command prints 3 decimals."""
    code, out, _ = run(capsys, "lp", "allgather", "dgx-a100:boxes=2")
    assert code == 0 and out.splitlines()[0] == ("allgather LP on dgx-a100-2: algbw 346.667 "
                                                 "GB/s (HiGHS, optimal)")
    # each root's rate, which had no unit: 16 x 65/3 = 1040/3, the algbw
    shares = next(l for l in out.splitlines() if l.startswith("x per root"))
    assert shares.startswith("x per root      box0/gpu0 21.67, box0/gpu1 21.67")
    assert shares.endswith("... (16 in all) (GB/s; they sum to the algbw)")


@pytest.mark.parametrize("extra", [["--method", "trees"], ["--k", "1"], []])
def test_generate_prints_the_allreduce_method_before_its_algbw(capsys, tmp_path, extra):
    """--method trees (and --k) printed the method line after algbw, --method auto before."""
    code, out, _ = run(capsys, "generate", "paper-example", "--collective", "allreduce",
                       "-o", tmp_path / "ar.json", *extra)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(f"wrote {tmp_path / 'ar.json'}: allreduce on "
                                             f"paper-example, 16 distinct trees")
    assert lines[1].startswith("method          reduce-scatter then allgather trees")
    assert lines[2].startswith("algbw           4 b  (")


def test_whatif_says_one_class(capsys):
    """'in 1 classes': the two boxes of paper-example are one class under its symmetry."""
    code, out, _ = run(capsys, "whatif", "paper-example", "--fail", "box")
    assert code == 0 and out.splitlines()[2].startswith(
        "failures        2 single box failures in 1 class (")


def test_whatif_sample_prints_the_costliest_ten(capsys):
    """--sample 50 printed all 50 drawn scenarios in the order drawn (the one that cuts a
    GPU off, 100% lost, 39th); now the distribution and the 10 costliest, --top for more,
    --json for every one."""
    argv = ["whatif", "dgx-h100:boxes=4", "--sample", "50", "--failures", "2", "--seed", "1"]
    code, out, _ = run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and lines[3].startswith("lost            min 10.00%, median 90.00%")
    rows = lines[6:-1]
    assert len(rows) == 10 and rows[0].split()[1:4] == ["0", "100.00%", "disconnected"]
    assert all(r.split()[-2] == "90.00%" for r in rows[1:])
    assert lines[-1] == "... the 10 costliest of 50 (--top N for more, --json for all)"
    code, out, _ = run(capsys, *argv, "--top", "3")
    assert out.splitlines()[-1] == "... the 3 costliest of 50 (--top N for more, --json for all)"
    # scenarios given are printed as given, every one
    code, out, _ = run(capsys, "whatif", "dgx-h100:boxes=2", "--scenario", "nic:box0/gpu3=1/2",
                       "--scenario", "nic:box0/gpu3,nic:box1/gpu3")
    assert [l.split()[0] for l in out.splitlines()[6:]] == ["nic:box0/gpu3=1/2",
                                                            "nic:box0/gpu3,nic:box1/gpu3"]


def test_an_output_named_as_a_catalog_spec_is_written_with_a_warning(capsys, tmp_path,
                                                                     monkeypatch):
    """generate paper-example -o paper-example succeeded silently, and the next command
    given paper-example as its topology refused it as ambiguous."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "generate", "paper-example", "-o", "paper-example")
    assert code == 0 and out.startswith("wrote paper-example: allgather on paper-example")
    assert err == ("forestcoll: warning: -o paper-example: also a catalog spec, so a command "
                   "given it as the topology will refuse it as ambiguous; name the file "
                   "paper-example.json (or write ./paper-example to read it)\n")
    assert (tmp_path / "paper-example").exists()
    # what the warning foresees
    code, _, err = run(capsys, "bound", "paper-example")
    assert code == 2 and "'paper-example' is both a file in this folder and a catalog " \
                         "spec" in err
    (tmp_path / "paper-example").unlink()
    code, out, err = run(capsys, "generate", "paper-example", "-o", "pe.json")
    assert code == 0 and err == ""
