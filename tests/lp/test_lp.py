import json
import subprocess
import sys
from fractions import Fraction

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.cli import main
from forestcoll_opt.generation.bounding import rs_ag_algbw
from forestcoll_opt.analysis.sweeps import compare
from forestcoll_opt.lp.solver import (LPError, LPInfeasibleError, LPNotOptimalError, LPUnboundedError,
                               build_model, solve, solve_model)
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from randomnets import random_network
from schedcheck import achieved_algbw

REL = 1e-6


def tree_allreduce(t):
    """Tree allreduce algbw recomputed from the generated schedule's own link loads."""
    return achieved_algbw(t, generate(t, collective="allreduce").to_dict())


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2"])
def test_tree_allreduce_is_lp_optimal(catalog, spec):
    t = catalog(spec)
    lp = solve(t, collective="allreduce")
    tree = tree_allreduce(t)
    assert lp.algbw == pytest.approx(float(tree), rel=REL)
    assert lp.lower <= tree <= lp.upper          # exact: the certified interval holds it


def test_mi250_eight_gcds_lp_beats_trees(catalog):
    # GCDs of unequal bandwidth: roots may carry different shares under the LP
    t = catalog("mi250:boxes=2,gpus=8")
    lp = solve(t, collective="allreduce")
    tree = tree_allreduce(t)
    assert tree == 104
    assert lp.algbw == pytest.approx(128, rel=REL)   # recorded in data/lp_compare.csv
    assert lp.lower <= 128 <= lp.upper and lp.gap < REL
    assert lp.lower > tree * Fraction(1001, 1000)


from handmade import ASYM  # noqa: E402  (shared with tests/lp/test_lp_schedule.py)


@pytest.mark.parametrize("formulation", ["cuts", "explicit"])
def test_hand_built_asymmetric_lp(formulation):
    # A directed 1-cycle a->b->c->a on top of a 4 GB/s a<->b link. Allgather and
    # reduce-scatter are both limited by S = {a, b}: 2 nodes over 1 GB/s (b->c out, c->a in),
    # so each reaches 3·(1/2) = 3/2 and the tree allreduce 1/(2/3 + 2/3) = 3/4.
    # The LP gives b->c and c->a to one tree kind each as needed: with X = Σx,
    # BC(b->c) >= x_a + x_b, RE(b->c) >= x_c, BC(c->a) >= x_c, RE(c->a) >= x_a + x_b, so
    # X <= 1 on each of the two 1 GB/s links, and X = 1 is feasible (the a<->b link is ample).
    t = from_dict(ASYM)
    assert tree_allreduce(t) == Fraction(3, 4)
    lp = solve(t, collective="allreduce", formulation=formulation)
    assert lp.algbw == pytest.approx(1.0, rel=REL)
    assert lp.lower <= 1 <= lp.upper and lp.gap < REL


@pytest.mark.parametrize("seed", range(25))
def test_allgather_lp_equals_exact_bound(seed):
    t = from_dict(random_network(seed + 7000))
    lp, exact = solve(t, collective="allgather"), bound(t).algbw
    assert lp.algbw == pytest.approx(float(exact), rel=REL)
    assert lp.lower <= exact <= lp.upper and lp.gap < REL


@pytest.mark.parametrize("seed", range(8))
def test_cut_and_explicit_formulations_agree(seed):
    t = from_dict(random_network(seed + 9000, max_compute=4, max_switch=2))
    for problem in ("allgather", "allreduce"):
        cuts = solve(t, collective=problem, formulation="cuts")
        explicit = solve(t, collective=problem, formulation="explicit")
        assert cuts.algbw == pytest.approx(explicit.algbw, rel=REL)
        # two certified intervals of one LP must overlap
        assert max(cuts.lower, explicit.lower) <= min(cuts.upper, explicit.upper)
        assert cuts.variables < explicit.variables or len(t.compute_nodes) <= 2


def test_lp_never_below_trees_on_random_networks():
    for seed in range(10):
        t = from_dict(random_network(seed + 8000))
        lp = solve(t, collective="allreduce")
        assert lp.algbw >= float(tree_allreduce(t)) * (1 - REL)
        assert lp.upper >= rs_ag_algbw(t)          # exact: trees are feasible for the LP


def test_time_limit_is_not_reported_optimal(catalog):
    with pytest.raises(LPNotOptimalError, match="did not prove"):
        solve(catalog("dgx-a100:boxes=4"), collective="allreduce", time_limit=1e-6)


def test_infeasible_model_is_a_typed_error(catalog):
    m = build_model(catalog("paper-example"), "allreduce")
    m.add_constraint(m.x["box0/c0"] >= 10**6, "impossible")
    with pytest.raises(LPInfeasibleError, match="infeasible"):
        solve_model(m)


def test_unbounded_model_is_a_typed_error(catalog):
    m = build_model(catalog("paper-example"), "allgather")
    free = m.add_variable("free")
    m.lp.setObjective(m.lp.objective + free)
    with pytest.raises(LPUnboundedError):
        solve_model(m)


def test_constraints_added_behind_the_models_back_are_refused(catalog):
    m = build_model(catalog("paper-example"), "allreduce")
    m.lp += m.x["box0/c0"] <= 1, "sneaky"
    with pytest.raises(LPError, match="add_constraint"):
        solve_model(m)


def test_model_names_are_indices_with_a_map(catalog, tmp_path):
    t = catalog("paper-example")
    path = tmp_path / "m.lp"
    result = solve(t, collective="allreduce", write_lp=str(path), write_mps=str(tmp_path / "m.mps"))
    text = path.read_text()
    i = {v: str(k) for k, v in enumerate(result.names)}
    assert result.names == t.node_ids
    assert f"cap_{i['box0/c0']}_{i['box0/switch']}" in text
    assert f"route_bc_{i['box0/c0']}_{i['box0/c0']}_{i['box0/switch']}" in text
    assert f"deliver_re_{i['box0/c0']}_{i['box1/c0']}" in text and f"x_{i['box1/c3']}" in text
    assert f'\\   {i["box1/c3"]} "box1/c3" compute' in text        # the id map, as comments
    assert (tmp_path / "m.mps").read_text().startswith("* forestcoll-opt allreduce LP")


def test_lp_cli_json(capsys):
    assert main(["lp", "allreduce", "paper-example", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["algbw"] == pytest.approx(4.0, rel=REL) and data["status"] == "optimal"
    assert {"variables", "constraints", "seconds", "lower", "upper", "gap", "names"} <= set(data)
    assert Fraction(data["lower"]) <= 4 <= Fraction(data["upper"])


class _BannerHighs:
    """Stands in for highspy.Highs from 1.16 on: its constructor writes a banner to file
    descriptor 1 from compiled code, where no Python-level redirection sees it."""

    def __init__(self, real):
        self._real = real

    def __call__(self):
        import os
        os.write(1, b"Running HiGHS 9.99.0 (git hash: 0): Copyright (c) 2026\n")
        return self._real()


def test_solver_banner_never_reaches_standard_output(capfd, monkeypatch):
    import highspy
    monkeypatch.setattr(highspy, "Highs", _BannerHighs(highspy.Highs))
    assert main(["lp", "allreduce", "paper-example", "--json"]) == 0
    out = capfd.readouterr().out
    assert "HiGHS" not in out
    assert json.loads(out)["status"] == "optimal"


def test_lp_json_parses_in_a_fresh_process():
    """Whatever highspy this environment installed (the bare install takes the newest)."""
    out = subprocess.run([sys.executable, "-m", "forestcoll_opt", "lp", "allreduce",
                          "paper-example", "--json"], capture_output=True, text=True,
                         check=True).stdout
    assert json.loads(out)["status"] == "optimal"


def test_compare_table(catalog, tmp_path, capsys):
    table = compare([catalog("paper-example"), from_dict(ASYM)])
    row = table.set_index("topology").loc["asym-triangle"]
    assert row["tree_allreduce_exact"] == Fraction(3, 4) and row["tree_allreduce"] == 0.75
    assert row["tree_over_lp"] == pytest.approx(0.75, rel=REL)
    assert row["allreduce_lp_lower_exact"] <= 1 <= row["allreduce_lp_upper_exact"]
    csv = tmp_path / "c.csv"
    assert main(["compare", "paper-example", "--csv", str(csv), "-q"]) == 0
    # the DataFrame's columns: the float under the plain name, the exact value in _exact
    header, line = csv.read_text().splitlines()
    assert header.split(",") == list(table.columns)
    cells = dict(zip(header.split(","), line.split(",")))
    assert (cells["allgather_bound"], cells["allgather_bound_exact"]) == ("8.0", "8")
    assert (cells["tree_allreduce"], cells["tree_allreduce_exact"]) == ("4.0", "4")
    assert cells["lp_schedule_in_interval"] == "True"


def _pair_in_the_ortools_extra() -> bool:
    """Whether the installed OR-Tools and highspy are a pair the ``ortools`` extra allows
    (pyproject.toml): those must load together in one process, in either order."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ortools, highspy = version("ortools"), version("highspy")
    except PackageNotFoundError:
        return False
    release = lambda text: tuple(int(p) for p in text.split(".")[:2])   # noqa: E731
    return release(ortools) == (9, 15) and (1, 7) <= release(highspy) < (1, 15)


@pytest.mark.skipif(not _pair_in_the_ortools_extra(),
                    reason="OR-Tools and highspy are not a pair of the ortools extra")
@pytest.mark.parametrize("first", ["ortools.graph.python.max_flow", "highspy"])
def test_ortools_and_highspy_share_a_process(first):
    other = "highspy" if first != "highspy" else "ortools.graph.python.max_flow"
    code = (f"import importlib; importlib.import_module('{first}'); importlib.import_module('{other}');"
            "from forestcoll_opt.model.catalog import build; from forestcoll_opt.lp.solver import solve;"
            "from forestcoll_opt.generation.pipeline import generate; t = build('paper-example');"
            "print(solve(t, collective='allreduce').algbw, generate(t, collective='allreduce').algbw)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["4", "4"]      # the LP's algbw is a Fraction too


def test_the_lp_option_values_load_no_solver():
    """The command line lists the LP's collectives and formulations in its help: they come
    from lp/options.py, which imports neither PuLP nor HiGHS (forestcoll_opt.lp loads its
    solver names lazily)."""
    code = ("import sys\n"
            "from forestcoll_opt.lp.options import FORMULATIONS, SOLVED_NAMES\n"
            "assert SOLVED_NAMES == ('allreduce', 'allgather', 'alltoall'), SOLVED_NAMES\n"
            "assert FORMULATIONS == ('cuts', 'explicit')\n"
            "assert 'pulp' not in sys.modules and 'highspy' not in sys.modules\n"
            "import forestcoll_opt.lp as lp\n"
            "assert lp.solve.__module__ == 'forestcoll_opt.lp.solver' and 'pulp' in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_solve_names_the_collectives_it_takes():
    from forestcoll_opt.errors import CollectiveError
    from forestcoll_opt.lp.solver import solve

    with pytest.raises(CollectiveError, match="broadcast is not accepted here; use one of "
                                              "allreduce, allgather, alltoall$"):
        solve(from_dict(random_network(1)), collective="broadcast")
