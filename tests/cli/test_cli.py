import csv
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_bound_human_output(capsys):
    code, out, err = run(capsys, "bound", "dgx-a100:boxes=2")
    assert code == 0 and err == ""
    assert "1040/3 (346.667) GB/s" in out
    assert "3/65" in out and "13 tree(s) per root" in out
    assert "box 0: 7/8 compute" in out or "box 1: 7/8 compute" in out


def test_bound_json(capsys):
    code, out, _ = run(capsys, "bound", "mi250:boxes=2", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["algbw"] == "5312/15" and data["inv_x"] == "15/166"
    assert data["k"] == 83 and data["U"] == "15/2" and data["tree_bandwidth"] == "2/15"
    assert data["cut_compute"] == 30 and data["cut_bandwidth"] == "332"
    assert len(data["cut"]) == 31   # 30 GCDs and the IB switch


def test_bound_reports_the_least_k(capsys):
    code, out, _ = run(capsys, "bound", "dgx-h100:boxes=1")
    assert code == 0
    assert "k               1 tree(s) per root, U = 7/450  (the least k that reaches the " \
           "bound)\n                the paper's k = 9 (every link an integral number of " \
           "trees) is sufficient, not necessary\ntree bandwidth  450/7 (64.286) GB/s\n" in out
    code, out, _ = run(capsys, "bound", "dgx-h100:boxes=1", "--json")
    data = json.loads(out)
    assert (data["k"], data["U"], data["tree_bandwidth"]) == (9, "7/50", "50/7")
    assert (data["k_min"], data["k_min_proven"]) == (1, True)


def test_bound_says_when_the_least_k_is_not_proven(capsys, tmp_path, monkeypatch):
    from forestcoll_opt.generation import fixed_k
    from handmade import AWKWARD

    monkeypatch.setattr(fixed_k, "SCAN_LIMIT", 64)      # the least k, 261, is not reached
    path = tmp_path / "awkward.json"
    path.write_text(json.dumps(AWKWARD))
    code, out, _ = run(capsys, "bound", str(path))
    assert code == 0
    assert "k               516780 tree(s) per root, U = 128700  (the paper's k; no k " \
           "below 65 reaches the bound, larger ones were not tried)\n" in out
    assert "the paper's k =" not in out
    code, out, _ = run(capsys, "bound", str(path), "--json")
    assert json.loads(out)["k_min"] == 516780 and json.loads(out)["k_min_proven"] is False


def test_generate_uses_the_least_k(capsys, tmp_path):
    out = tmp_path / "ag.json"
    code, text, _ = run(capsys, "generate", "dgx-h100:boxes=1", "-o", str(out))
    assert code == 0 and "8 distinct trees, k = 1" in text and "(100.00% of the bound 3600/7" in text
    assert "k               1, the least that reaches the bound (the paper's k = 9 is " \
           "sufficient, not necessary)\n" in text
    assert json.loads(out.read_text())["k"] == 1
    code, text, _ = run(capsys, "generate", "dgx-a100:boxes=2", "-o", str(out))
    assert code == 0 and "k = 13\n" in text and "the least that reaches" not in text


def test_bound_broadcast_and_reduce_scatter(capsys):
    code, out, _ = run(capsys, "bound", "paper-example", "--collective", "broadcast",
                       "--root", "box0/c1", "--json")
    assert code == 0 and json.loads(out)["algbw"] == "4"
    code, out, _ = run(capsys, "bound", "paper-example", "--collective", "reduce-scatter", "--json")
    assert json.loads(out)["algbw"] == "8"


def test_show_json_exports_the_model(capsys):
    code, out, _ = run(capsys, "show", "dgx-a100:boxes=2", "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == "forestcoll-topology/1"
    assert len([n for n in data["nodes"] if n["kind"] == "compute"]) == 16


def test_show_summary(capsys):
    code, out, _ = run(capsys, "show", "paper-example")
    assert code == 0
    assert "8 compute, 3 switch" in out and "box0/c0" in out
    assert "types" not in out                       # the paper's example has no link types
    code, out, _ = run(capsys, "show", "mi250:boxes=2,gpus=8")
    # 11 xGMI pairs among GCDs 0-7 per box, both ways, 2 boxes; 16 GCDs to the IB switch
    assert "types     32 infiniband, 44 xgmi (directed pairs; latency per hop in the time " \
           "model)" in out


def test_catalog_lists_models(capsys):
    code, out, _ = run(capsys, "catalog")
    assert code == 0
    for name in ("paper-example", "dgx-a100", "dgx-h100", "mi250"):
        assert f"\n{name}: " in "\n" + out


@pytest.mark.parametrize("argv, match", [
    (["bound", "nonesuch"], "unknown model 'nonesuch'"),
    (["bound", "dgx-a100:boxes=x"], "must be a whole number"),
    (["bound", "paper-example", "--collective", "broadcast"], "needs a root"),
    (["bound", "/no/such/file.json"], "cannot read topology file"),
])
def test_errors_are_one_line(capsys, argv, match):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and match in err and err.startswith("forestcoll: error: ")


def test_unbalanced_file_names_the_node(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({
        "format": "forestcoll-topology/1", "name": "bad",
        "nodes": [{"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"}],
        "links": [{"src": "a", "dst": "b", "bandwidth": 2}, {"src": "b", "dst": "a", "bandwidth": 1}]}))
    code, _, err = run(capsys, "bound", str(path))
    assert code == 2 and "node 'a' is not balanced: ingress 1" in err and "egress 2" in err


def test_console_entry_point_runs_without_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "forestcoll_opt", "bound", "nonesuch"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "forestcoll_opt", "bound", "paper-example",
                           "--json"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["algbw"] == "8"


def test_generate_writes_a_schedule(capsys, tmp_path):
    out_file = tmp_path / "ag.json"
    code, out, _ = run(capsys, "generate", "dgx-a100:boxes=2", "-o", str(out_file), "--quiet")
    assert code == 0
    data = json.loads(out_file.read_text())
    assert data["format"] == "forestcoll-schedule/1" and data["algbw"] == "1040/3" and data["k"] == 13
    assert "100.00% of the bound" in out and "splitting" in out


def test_generate_fixed_k_and_rooted(capsys, tmp_path):
    code, out, _ = run(capsys, "generate", "mi250:boxes=2", "--k", "2", "-o",
                       str(tmp_path / "k2.json"), "-q")
    assert code == 0 and "1024/3" in out
    assert json.loads((tmp_path / "k2.json").read_text())["k"] == 2
    code, _, _ = run(capsys, "generate", "paper-example", "--collective", "reduce", "--root",
                     "box0/c1", "-o", str(tmp_path / "r.json"), "-q")
    assert code == 0 and json.loads((tmp_path / "r.json").read_text())["root"] == "box0/c1"


def test_failed_generate_leaves_no_file(capsys, tmp_path):
    target = tmp_path / "none.json"
    code, _, err = run(capsys, "generate", "paper-example", "--collective", "broadcast",
                       "-o", str(target))
    assert code == 2 and "needs a root" in err and not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_sweep_k_table_and_csv(capsys, tmp_path):
    csv = tmp_path / "sweep.csv"
    code, out, err = run(capsys, "sweep-k", "mi250:boxes=2,gpus=8", "--k", "1-2,4",
                         "--csv", str(csv))
    assert code == 0
    lines = csv.read_text().splitlines()
    # the DataFrame's columns: the float under the plain name, the exact value in _exact
    assert lines[0] == "k,algbw,algbw_exact,fraction_of_optimum,distinct_trees,max_height,seconds"
    assert len(lines) == 4 and lines[3].startswith("4,204.8,1024/5,")
    rows = [line.split() for line in out.splitlines()[1:]]
    assert out.splitlines()[0].split()[:3] == ["k", "algbw_exact", "algbw"]
    assert [r[:2] for r in rows] == [["1", lines[1].split(",")[2]], ["2", lines[2].split(",")[2]],
                                     ["4", "1024/5"]]


def test_sweep_k_allreduce_names_the_bound_of_its_fraction(capsys):
    code, out, err = run(capsys, "sweep-k", "mi250:boxes=2,gpus=8", "--collective",
                         "allreduce", "--k", "13")
    assert code == 0 and out.splitlines()[1].split()[:4] == ["13", "104", "104.0000",
                                                             "100.0000%"]
    assert err == ("forestcoll: note: fraction is of the reduce-scatter + allgather tree bound "
                   "(fixed-k allreduces are trees); verify measures an allreduce against the "
                   "allreduce LP optimum\n")


@pytest.mark.parametrize("spec", ["0-3", "x", "3-1", ""])
def test_sweep_k_bad_range(capsys, spec):
    code, _, err = run(capsys, "sweep-k", "paper-example", "--k", spec)
    assert code == 2 and "--k" in err


@pytest.mark.parametrize("argv", [["generate", "paper-example"], ["bound", "paper-example", "--collective", "x"],
                                  ["frobnicate"]])
def test_usage_errors_are_one_line(capsys, argv):
    code = main(argv)          # main() returns the exit status instead of raising SystemExit
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("forestcoll: error: ")


def test_every_kernel_gives_the_same_bound_and_schedule_bytes(capsys, tmp_path):
    from forestcoll_opt.kernels.flow import available_kernels

    kernels = [k for k in available_kernels() if k != "edmonds_karp"]
    bounds, schedules = set(), set()
    for kernel in kernels:
        code, out, _ = run(capsys, "bound", "mi250:boxes=2", "--json", "--kernel", kernel)
        assert code == 0
        bounds.add(out)
        path = tmp_path / f"{kernel}.json"
        code, _, _ = run(capsys, "generate", "paper-example", "--collective", "reduce-scatter",
                         "-o", str(path), "-q", "--kernel", kernel)
        assert code == 0
        schedules.add(path.read_bytes())
        code, out, _ = run(capsys, "verify", "paper-example", str(path), "--kernel", kernel)
        assert code == 0 and out.startswith("OPTIMAL")
    assert len(bounds) == 1 and json.loads(bounds.pop())["algbw"] == "5312/15"
    assert len(schedules) == 1 and {"igraph", "dinic", "networkx"} <= set(kernels)


def test_an_unknown_or_missing_kernel_is_one_line(capsys, monkeypatch):
    code, _, err = run(capsys, "bound", "paper-example", "--kernel", "cplex")
    assert code == 2 and "invalid choice: 'cplex'" in err and len(err.splitlines()) == 1
    from forestcoll_opt.kernels import flow
    monkeypatch.setitem(sys.modules, "igraph", None)
    monkeypatch.setattr(flow, "_importable", {})
    code, _, err = run(capsys, "bound", "paper-example", "--kernel", "igraph")
    assert code == 2 and len(err.splitlines()) == 1
    assert "needs the igraph package" in err and "pip install igraph" in err


def test_generate_refuses_a_k_beyond_the_format_in_one_line(capsys, tmp_path):
    # two GPUs joined by paths of 1/p, 1/q and 1 - 1/p - 1/q: every cut is a bottleneck,
    # so the least k at the bound is p·q = 100000000010000000000
    p, q = 10**10, 10**10 + 1
    rest = f"{p * q - p - q}/{p * q}"
    links = [("g0", "g1", rest), ("g0", "w0", f"1/{p}"), ("w0", "g1", f"1/{p}"),
             ("g0", "w1", f"1/{q}"), ("w1", "g1", f"1/{q}")]
    paths = {"format": "forestcoll-topology/1", "name": "three-paths",
             "nodes": [{"id": "g0", "kind": "compute"}, {"id": "g1", "kind": "compute"},
                       {"id": "w0", "kind": "switch"}, {"id": "w1", "kind": "switch"}],
             "links": [{"src": a, "dst": b, "bandwidth": bw, "bidirectional": True}
                       for a, b, bw in links]}
    path = tmp_path / "paths.json"
    path.write_text(json.dumps(paths))
    out = tmp_path / "s.json"
    code, _, err = run(capsys, "generate", str(path), "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and "2^63 - 1" in err and "fixed k" in err
    assert not out.exists()
    code, _, err = run(capsys, "generate", str(path), "--k", "2", "-o", str(out))
    assert code == 0 and out.exists()


def test_no_symmetry_gives_another_optimal_schedule(capsys, tmp_path):
    # dgx-a100:boxes=8 has 64 GPUs: symmetry is on by default for generate; the two
    # splittings differ (other trees), both are optimal, each is deterministic
    a, a2, b = tmp_path / "a.json", tmp_path / "a2.json", tmp_path / "b.json"
    assert run(capsys, "generate", "dgx-a100:boxes=8", "-o", str(a), "-q")[0] == 0
    assert run(capsys, "generate", "dgx-a100:boxes=8", "-o", str(a2), "-q")[0] == 0
    assert run(capsys, "generate", "dgx-a100:boxes=8", "-o", str(b), "-q", "--no-symmetry")[0] == 0
    assert a.read_bytes() == a2.read_bytes()
    assert json.loads(a.read_text())["algbw"] == json.loads(b.read_text())["algbw"] == "1600/7"
    for path in (a, b):
        assert run(capsys, "verify", "dgx-a100:boxes=8", str(path))[0] == 0
    one = run(capsys, "bound", "dgx-a100:boxes=8", "--json")
    two = run(capsys, "bound", "dgx-a100:boxes=8", "--json", "--no-symmetry")
    assert one[0] == two[0] == 0
    drop = lambda out: {k: v for k, v in json.loads(out).items() if k not in ("seconds", "max_flows")}
    assert drop(one[1]) == drop(two[1])


def test_gz_schedule_round_trip_through_generate_and_verify(capsys, tmp_path):
    import gzip

    out = tmp_path / "s.json.gz"
    code, _, err = run(capsys, "generate", "mi250:boxes=2,gpus=8", "-o", str(out), "-q")
    assert code == 0 and err == ""
    plain = tmp_path / "s.json"
    assert run(capsys, "generate", "mi250:boxes=2,gpus=8", "-o", str(plain), "-q")[0] == 0
    assert gzip.decompress(out.read_bytes()) == plain.read_bytes()
    code, out_text, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", str(out))
    assert code == 0 and "optimal" in out_text.lower()
    damaged = tmp_path / "d.json.gz"
    damaged.write_bytes(out.read_bytes()[:100])
    code, _, err = run(capsys, "verify", "mi250:boxes=2,gpus=8", str(damaged))
    assert code == 2 and "truncated gzip" in err and len(err.strip().splitlines()) == 1


def test_paper_baselines_write_and_verify(capsys, tmp_path):
    out = tmp_path / "b.json"
    code, text, _ = run(capsys, "baseline", "blink", "mi250:boxes=2,gpus=8", "--collective",
                        "allreduce", "-o", str(out))
    assert code == 0 and text.startswith("blink allreduce on mi250-2x8: algbw 64 GB/s with ")
    code, text, _ = run(capsys, "verify", "mi250:boxes=2,gpus=8", str(out), "--min-ratio", "0.4")
    assert code == 0 and "valid weighted concurrent allreduce schedule, algbw 64 GB/s" in text
    code, text, _ = run(capsys, "baseline", "multitree", "mi250:boxes=2,gpus=8", "-o", str(out))
    assert code == 0 and "algbw 256/3 (85.333) GB/s with 16 trees" in text
    code, _, err = run(capsys, "baseline", "blink", "mi250:boxes=2,gpus=8", "-o", str(out))
    assert code == 2 and "not allgather; use the multitree or ring baseline" in err


SKELETON = Path(__file__).parents[1] / "data" / "nccl" / "azure-ndv4-skeleton.xml"


def test_library_keyword_arguments_are_written_as_the_commands_options(capsys, tmp_path):
    """The library's messages name keyword arguments (``gpu=MODEL``, ``time_limit=``); the
    command line writes its own options in their place, and only where it has them."""
    code, _, err = run(capsys, "import", "nccl", str(SKELETON), "-o", str(tmp_path / "t.json"))
    assert code == 2 and err.count("\n") == 1
    assert "give the GPU model with --gpu MODEL (one of a100" in err
    assert "with --nic-speed GBITS (e.g. 200" in err and "=" not in err.split("give")[-1]
    code, _, err = run(capsys, "import", "nccl", str(SKELETON), "--gpu", "x100", "-o",
                       str(tmp_path / "t.json"))
    assert err.startswith("forestcoll: error: --gpu 'x100' is not a GPU model") or \
        err.startswith("forestcoll: error: --gpu x100 is not a GPU model"), err
    # a solver failure: exit 3, as verify's (docs/troubleshooting.md)
    code, _, err = run(capsys, "lp", "allreduce", "mi250:boxes=4", "--time-limit", "1e-9")
    assert code == 3 and "raise the time limit (--time-limit) or use" in err
    assert "time_limit" not in err and not list(tmp_path.iterdir())


def test_flag_text_renames_only_the_options_an_error_names():
    from forestcoll_opt.cli.output import flag_text
    from forestcoll_opt.errors import UsageError

    flags = {"gpu": "--gpu", "nics": "--nics", "formulation": "--formulation",
             "time_limit": "--time-limit", "boxes": "--boxes"}
    exc = UsageError("gpu=MODEL, nics='^mlx5_0' or formulation='explicit' (time_limit=); "
                     "the name ends in ,gpu=a100; boxes=3", options=("gpu", "nics", "formulation",
                                                                    "time_limit"))
    assert flag_text(exc, flags) == ("--gpu MODEL, --nics ^mlx5_0 or --formulation explicit "
                                     "(--time-limit); the name ends in ,gpu=a100; boxes=3")
    assert flag_text(exc, {}) == str(exc)
    assert flag_text(ValueError("gpu=MODEL"), flags) == "gpu=MODEL"


def test_an_errors_options_survive_pickling():
    """Errors cross process pools (executors) with the options they name."""
    import pickle

    from forestcoll_opt.errors import LPNotOptimalError

    exc = pickle.loads(pickle.dumps(LPNotOptimalError("raise it (time_limit=)",
                                                      options=("time_limit",))))
    assert type(exc) is LPNotOptimalError and exc.options == ("time_limit",)
    assert str(exc) == "raise it (time_limit=)"


def test_every_csv_follows_the_dataframes_convention(capsys, tmp_path):
    """Every CSV the command line writes names its columns as the DataFrames do: a number
    that plots under the plain name, the exact value as p/q under <name>_exact beside it,
    never a <name>_float."""
    schedule = tmp_path / "s.json"
    assert main(["generate", "paper-example", "-o", str(schedule), "-q"]) == 0
    commands = {
        "sweep-k": ["sweep-k", "paper-example", "--k", "1-2"],
        "compare": ["compare", "paper-example", "-q"],
        "show-traffic": ["show-traffic", "paper-example", str(schedule)],
        "whatif": ["whatif", "paper-example", "-q"],
        "whatif --upgrade": ["whatif", "paper-example", "--upgrade", "2", "-q"],
        "simulate": ["simulate", "paper-example", str(schedule), "--sizes", "1MiB"],
        "tradeoff": ["tradeoff", "paper-example", "--sizes", "1MiB", "--k", "1"],
    }
    exact_pairs = {}
    for name, argv in commands.items():
        path = tmp_path / f"{len(exact_pairs)}.csv"
        assert main(argv + ["--csv", str(path)]) == 0, name
        capsys.readouterr()

        with path.open() as f:
            rows = list(csv.DictReader(f))
        header = list(rows[0])
        assert not [c for c in header if c.endswith("_float")], name
        pairs = [c[:-len("_exact")] for c in header if c.endswith("_exact")]
        for plain in pairs:
            assert header.index(plain) + 1 == header.index(f"{plain}_exact"), (name, plain)
            for row in rows:
                assert float(row[plain]) == float(Fraction(row[f"{plain}_exact"])), name
        exact_pairs[name] = pairs
    assert exact_pairs == {
        "sweep-k": ["algbw"],
        "compare": ["allgather_bound", "allreduce_lp_lower", "allreduce_lp_upper",
                    "tree_allreduce", "lp_schedule"],
        "show-traffic": ["bandwidth", "with_multicast", "without_multicast"],
        "whatif": ["algbw", "lost"], "whatif --upgrade": ["algbw", "gain"],
        "simulate": [], "tradeoff": []}


NCCL_DUMP = str(Path(__file__).resolve().parent.parent / "data" / "nccl" / "dgx-a100.xml")


@pytest.mark.parametrize("value", ["0", "2000", "abc", "99999999999", "-1"])
def test_import_nccl_boxes_has_one_limit_and_one_message(capsys, tmp_path, value):
    target = tmp_path / "t.json"
    code, out, err = run(capsys, "import", "nccl", NCCL_DUMP, "--boxes", value,
                         "-o", str(target))
    assert (code, out) == (2, "") and not target.exists()
    assert err == f"forestcoll: error: --boxes {value} must be a whole number from 1 to 1024\n"


def test_import_nccl_boxes_at_the_limit(capsys, tmp_path):
    target = tmp_path / "t.json"
    code, out, err = run(capsys, "import", "nccl", NCCL_DUMP, "--boxes", " 2", "-o",
                         str(target))
    assert code == 0 and json.loads(target.read_text())["name"] == \
        "dgx-a100 (NCCL import, 2 boxes, fabric single-switch)"


@pytest.mark.parametrize("where", ["before", "after"])
def test_verbose_prints_the_traceback_of_an_error(capsys, tmp_path, where):
    missing = str(tmp_path / "missing.json")
    argv = ["bound", missing]
    argv = ["-v", *argv] if where == "before" else [*argv, "-v"]
    code, out, err = run(capsys, *argv)
    lines = err.splitlines()
    assert code == 2 and out == ""
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-2].startswith("forestcoll_opt.errors.TopologyFormatError: ")
    assert lines[-1] == f"forestcoll: error: {missing}: cannot read topology file (No such " \
                        f"file or directory)"
    code, _, err = run(capsys, "bound", missing)           # without -v: the one line only
    assert code == 2 and err.splitlines() == lines[-1:]


def test_verbose_prints_the_traceback_of_an_internal_error(capsys, monkeypatch):
    from forestcoll_opt.cli import bound_cmds

    def broken(args):
        raise KeyError("a bug")
    monkeypatch.setattr(bound_cmds, "cmd_bound", broken)       # the parser is built from it
    code, out, err = run(capsys, "bound", "paper-example")
    assert (code, out) == (70, "")
    assert err == ("forestcoll: internal error: KeyError: 'a bug' (run with -v for the "
                   "traceback and please report it)\n")
    code, out, err = run(capsys, "bound", "paper-example", "-v")
    lines = err.splitlines()
    assert (code, out) == (70, "") and lines[0] == "Traceback (most recent call last):"
    assert "in broken" in err and lines[-2] == "KeyError: 'a bug'"
    assert lines[-1] == "forestcoll: internal error: KeyError: 'a bug' (please report it)"


def test_example_lists_and_writes_the_shipped_nccl_files(capsys, tmp_path):
    from forestcoll_opt.runtimes.nccl_import import EXAMPLES, nccl_example

    code, out, err = run(capsys, "example")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == list(EXAMPLES)
    assert lines[1] == ("dgx-h100             NCCL_TOPO_DUMP_FILE of a DGX H100: 8 H100 (sm 90), "
                        "4 NVSwitches, 8 x 400 Gb/s InfiniBand NICs")
    target = tmp_path / "dgx-h100.xml"
    code, out, err = run(capsys, "example", "dgx-h100", "-o", str(target))
    assert code == 0 and out.startswith(f"wrote {target}: NCCL_TOPO_DUMP_FILE of a DGX H100")
    assert target.read_bytes() == nccl_example("dgx-h100").read_bytes()
    code, out, err = run(capsys, "example", "dgx-h100")
    assert code == 2 and err == ("forestcoll: error: example dgx-h100 needs -o FILE, the file "
                                 "to write (- for standard output)\n")
    code, out, err = run(capsys, "example", "nope", "-o", str(tmp_path / "x.xml"))
    assert code == 2 and err.startswith("forestcoll: error: no example NCCL file 'nope'; ")
    assert not (tmp_path / "x.xml").exists()


# --- the parser: declared where each command runs, its choices the library's ---------------

def _parsers(parser):
    import argparse

    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_each_command_is_declared_by_the_module_that_runs_it():
    import argparse

    from forestcoll_opt.cli.app import COMMANDS, build_parser

    names = []
    for add in COMMANDS:
        sub = argparse.ArgumentParser().add_subparsers()
        add(sub)
        for parser in sub.choices.values():
            for p in _parsers(parser):
                func = p.get_default("func")
                assert func is None or func.__module__ == add.__module__, (p.prog, add)
        names += list(sub.choices)
    top = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert names == list(top.choices) and len(names) == 26


def test_every_choice_list_is_a_library_constant():
    """No list of choices is typed in the CLI: each is the tuple the library validates with."""
    from forestcoll_opt.analysis import export_plan, fitting, whatif
    from forestcoll_opt import schemas
    from forestcoll_opt.cli import build_parser
    from forestcoll_opt.draw import VIEWS
    from forestcoll_opt.generation import pipeline
    from forestcoll_opt.kernels import flow
    from forestcoll_opt.lp import options
    from forestcoll_opt.model import collective
    from forestcoll_opt.runtimes import nccl_import
    from forestcoll_opt.runtimes.msccl_check import limits
    from forestcoll_opt.generation import baselines
    from forestcoll_opt.timing import calibrated
    from forestcoll_opt.verify import AGAINST

    library = {id(c) for c in (
        collective.ALL, collective.TREES, collective.CUT_BOUNDED_NAMES,
        collective.ALLREDUCE_METHODS, pipeline.MULTICAST, AGAINST, options.SOLVED_NAMES,
        options.GROUPS_NAMES, options.PARETO_NAMES,
        options.FORMULATIONS, limits.FLAVOURS, limits.PROTOCOLS, calibrated.MODELS,
        baselines.ALL_KINDS, whatif.BY, VIEWS, schemas.NAMES, flow.KERNELS,
        nccl_import.BANDWIDTHS, nccl_import.PCIE_MODES, fitting.PLACEMENTS,
        fitting.COLLECTIVES, export_plan.EXPORT_RUNTIMES)}
    seen = 0
    for parser in _parsers(build_parser()):
        for action in parser._actions:
            if action.choices is not None and not isinstance(action.choices, dict):
                assert id(action.choices) in library, (parser.prog, action.dest, action.choices)
                seen += 1
    assert seen == 43         # pareto --collective (issue 37), tradeoff --method (issue 36),
    #                           tradeoff --runtime (issue 38)


def test_a_verdict_line_names_options_through_one_table():
    # check-xml's "full=True runs it" and verify's "(demand=)" were rewritten by ad-hoc
    # replace; one table of the CLI maps the keyword to the option, as for errors
    from forestcoll_opt.cli.output import LINE_OPTIONS, flag_text, options_text
    from forestcoll_opt.errors import LPError

    assert LINE_OPTIONS == {"demand": "--demand FILE", "full": "--full", "sms": "--sms"}
    assert options_text("pairs were not looked for; full=True runs it (about 3 s)",
                        LINE_OPTIONS) == "pairs were not looked for; --full runs it (about 3 s)"
    assert options_text("it is for another matrix (demand=)", LINE_OPTIONS) == \
        "it is for another matrix (--demand FILE)"
    assert options_text("a fuller=True or undemand= stays", LINE_OPTIONS) == \
        "a fuller=True or undemand= stays"
    # errors keep naming only the keywords they list as options
    exc = LPError("use formulation='explicit' or time_limit=60", options=("formulation",))
    assert flag_text(exc, {"formulation": "--formulation", "time_limit": "--time-limit"}) == \
        "use --formulation explicit or time_limit=60"
