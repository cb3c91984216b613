"""The best allreduce (forestcoll_opt.lp.choice): the LP schedule where the allreduce LP
optimum beats the reduce-scatter + allgather trees, the trees otherwise, with the bound
each is measured against; and every exact value of the LP layer is a Fraction, whatever
path it takes (a numpy float reaching the verifier's lp_interval broke every allreduce
report)."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.sweeps import compare
from forestcoll_opt.errors import LPNotOptimalError, ScheduleError
from forestcoll_opt.lp import choice as choice_module
from forestcoll_opt.lp.choice import (LP_MAX_VARIABLES, best_allreduce, lp_solved_by_default,
                                      lp_variables)
from forestcoll_opt.verify import verify as independent_verify


def test_the_lp_schedule_where_the_lp_beats_the_trees(catalog):
    # mi250:boxes=2,gpus=8: the reduce-scatter and allgather bounds are 208 GB/s each, so
    # trees run one phase after the other reach 1/(1/208 + 1/208) = 104; the LP 128
    t = catalog("mi250:boxes=2,gpus=8")
    c = best_allreduce(t)
    assert (c.method, c.why) == ("lp", "better")
    assert c.tree_bound == 104 and c.lp.upper == 128 and c.lp.lower <= 128
    assert c.schedule.algbw == 128 and c.schedule.concurrent
    assert c.reference == "allreduce LP optimum" and c.reaches_lp and c.ratio == 1
    v = independent_verify(t, c.schedule.to_dict(), lp_interval=c.lp)
    assert v.status == "optimal" and v.algbw == 128


def test_the_trees_where_the_lp_optimum_equals_their_bound(catalog):
    t = catalog("paper-example")
    c = best_allreduce(t)
    assert (c.method, c.why) == ("trees", "equal") and c.lp.interval == (4, 4)
    assert c.schedule.algbw == c.tree_bound == 4 and not c.schedule.concurrent
    assert c.schedule.stats.lp_upper == 4 and c.reaches_lp
    d = best_allreduce(catalog("dgx-a100:boxes=2"))
    assert (d.method, d.why) == ("trees", "equal") and d.schedule.algbw == Fraction(520, 3)
    assert d.lp.upper == Fraction(520, 3) and d.reaches_lp


def test_above_the_size_limit_the_lp_is_not_solved(catalog, monkeypatch):
    def no_lp(*args, **kwargs):
        raise AssertionError("the LP was solved above the limit")

    monkeypatch.setattr(choice_module, "solve", no_lp)
    t = catalog("mi250:boxes=2,gpus=8")                 # 16 compute nodes, no folding
    # 16 x, 2 x 240 logical capacities, 600 route flows
    assert lp_variables(t) == 1096 and lp_solved_by_default(t)
    monkeypatch.setattr(choice_module, "LP_MAX_VARIABLES", 1000)
    assert not lp_solved_by_default(t)
    c = best_allreduce(t)
    assert (c.method, c.why, c.lp, c.variables) == ("trees", "size", None, 1096)
    assert c.schedule.algbw == c.tree_bound == 104 and c.reference == \
        "reduce-scatter + allgather tree bound" and c.ratio == 1 and c.reaches_lp is None
    assert "has 1,096 variables, above the 1,000 up to which it is solved" in c.reason
    assert "method=\"lp\"" in c.reason and "--" not in c.reason
    assert LP_MAX_VARIABLES == 20_000


def test_lp_variables_count_the_folded_model(catalog):
    # the catalog's big networks fold to a few dozen variables: solved by default
    assert lp_variables(catalog("dgx-a100:boxes=16")) == 27
    assert lp_solved_by_default(catalog("dgx-h100:boxes=16"))


def test_methods_asked_for(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    trees = best_allreduce(t, method="trees")
    assert (trees.method, trees.why, trees.lp) == ("trees", "asked", None)
    assert trees.schedule.algbw == 104
    lp = best_allreduce(catalog("paper-example"), method="lp")
    assert lp.method == "lp" and lp.schedule.concurrent and lp.schedule.algbw == 4
    with pytest.raises(ScheduleError, match=r"method='best': use \"auto\" \(for allreduce"):
        best_allreduce(t, method="best")


def test_an_lp_that_fails_falls_back_to_the_trees_only_by_default(catalog, monkeypatch):
    def fail(*args, **kwargs):
        raise LPNotOptimalError("HiGHS stopped: time limit")

    monkeypatch.setattr(choice_module, "solve", fail)
    monkeypatch.setattr(choice_module, "solve_folded", fail)   # the default rule's path
    t = catalog("mi250:boxes=2,gpus=8")
    c = best_allreduce(t)
    assert (c.method, c.why, c.lp) == ("trees", "lp-failed", None)
    assert "HiGHS stopped: time limit" in c.reason and c.schedule.algbw == 104
    with pytest.raises(LPNotOptimalError):
        best_allreduce(t, method="lp")


@pytest.mark.parametrize("spec, symmetry", [("paper-example", False), ("paper-example", True),
                                            ("mi250:boxes=2,gpus=8", None)])
def test_every_exact_value_of_the_lp_layer_is_a_fraction(catalog, spec, symmetry):
    """Types, not only values: a numpy float equals a Fraction (np.float64(4.0) == 4) and
    slips through every value test, then the verifier refuses it."""
    t = catalog(spec)
    lp = fc.solve_lp(t, collective="allreduce", symmetry=symmetry)
    assert [type(x) for x in (lp.lower, lp.upper, lp.gap, *lp.interval)] == [Fraction] * 5
    a2a = fc.solve_lp(t, collective="alltoall")
    assert [type(x) for x in (a2a.lower, a2a.upper)] == [Fraction] * 2
    s = fc.lp_allreduce(t, lp=lp)
    assert [type(x) for x in (s.algbw, s.stats.lp_lower, s.stats.lp_upper)] == [Fraction] * 3
    c = best_allreduce(t, lp=lp)
    assert [type(x) for x in (c.tree_bound, c.ratio, c.schedule.algbw)] == [Fraction] * 3


def test_compare_s_exact_columns_hold_fractions_and_feed_the_verifier(catalog):
    t = catalog("paper-example")
    row = compare([t]).iloc[0]
    exact = [name for name in row.index if name.endswith("_exact")]
    assert exact == ["allgather_bound_exact", "allreduce_lp_lower_exact",
                     "allreduce_lp_upper_exact", "tree_allreduce_exact", "lp_schedule_exact"]
    assert [type(row[name]) for name in exact] == [Fraction] * 5
    interval = (row["allreduce_lp_lower_exact"], row["allreduce_lp_upper_exact"])
    s = fc.generate(t, collective="allreduce", method="trees")
    assert fc.verify(t, s, lp_interval=interval).status == "optimal"
    # the plain columns are floats that plot: the verifier refuses them, as it should
    with pytest.raises(fc.VerifyArgumentError, match="must be an exact number"):
        fc.verify(t, s, lp_interval=(row["allreduce_lp_lower"], row["allreduce_lp_upper"]))


def test_tradeoff_s_lp_interval_is_exact(catalog):
    r = fc.tradeoff(catalog("paper-example"), collective="allreduce", sizes=[2**20],
                    model="ideal")
    assert r.lp_interval == (4, 4) and [type(x) for x in r.lp_interval] == [Fraction] * 2


def test_a_failure_makes_the_lp_schedule_the_default(catalog):
    # dgx-a100:boxes=2 without one NIC: the trees' bound drops to 160 GB/s, the LP
    # schedule keeps 1375/8 = 171.875 (the other GPUs carry more of the buffer)
    t = fc.degrade(catalog("dgx-a100:boxes=2"), "nic:box0/gpu3")
    c = best_allreduce(t)
    assert (c.method, c.why, c.tree_bound) == ("lp", "better", 160)
    assert c.schedule.algbw == Fraction(1375, 8) and c.reaches_lp
    assert fc.generate(t, collective="allreduce").algbw == Fraction(1375, 8)


def test_sixty_four_gpus_solve_the_lp_by_default(catalog):
    # mi250:boxes=4 (64 GCDs, the limit): the LP is solved (folded by symmetry) and the
    # trees reach it; the folded LP's interval may straddle the tree bound by HiGHS's
    # rounding, and the trees are still kept, as verify judges them optimal
    t = catalog("mi250:boxes=4")
    c = best_allreduce(t)
    assert (c.method, c.why) == ("trees", "equal") and c.lp is not None
    assert c.schedule.algbw == c.tree_bound == Fraction(512, 3) >= c.lp.lower
    assert c.reaches_lp and not c.schedule.concurrent


def test_the_default_rule_finds_the_folding_once(catalog, monkeypatch):
    """The size rule (lp_variables) and the solve share one folding: the automorphism group
    of a large network is found once, and the LP is the one solve() gives."""
    import forestcoll_opt.lp.folded as folded_module
    import forestcoll_opt.lp.solver as solver_module

    t = catalog("dgx-a100:boxes=8")
    calls = []
    real = folded_module.choose_folding

    def counting(*args, **kwargs):
        calls.append(args[1:])
        return real(*args, **kwargs)

    monkeypatch.setattr(folded_module, "choose_folding", counting)
    monkeypatch.setattr(solver_module, "choose_folding", counting)
    c = best_allreduce(t, method="auto")
    assert len(calls) == 1 and c.lp is not None and c.variables is not None
    direct = fc.solve_lp(t, collective="allreduce")
    assert (c.lp.lower, c.lp.upper) == (direct.lower, direct.upper)
