"""fc.generate (forestcoll_opt.analysis.best): the best schedule the toolkit builds; for
allreduce the schedule at the allreduce LP optimum where it beats the trees."""

from fractions import Fraction

import inspect

import pytest

import forestcoll_opt as fc
from forestcoll_opt.analysis.best import generate
from forestcoll_opt.errors import ScheduleError


def test_fc_generate_is_the_best_schedule():
    # read by fc.resolve first (a spec, a path), then scoped to its group (group=)
    assert inspect.unwrap(fc.generate) is generate


def test_allreduce_where_the_lp_beats_the_trees(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    s = fc.generate(t, collective="allreduce")
    assert s.algbw == 128 and s.concurrent and s.stats.lp_upper == 128
    v = fc.verify(t, s)                            # against the LP optimum, solved here
    assert v.status == "optimal" and v.algbw == 128
    trees = fc.generate(t, collective="allreduce", method="trees")
    assert trees.algbw == 104 and not trees.concurrent and fc.verify(t, trees).status == "below"


def test_allreduce_where_the_trees_are_lp_optimal(catalog):
    t = catalog("dgx-a100:boxes=2")
    s = fc.generate(t, collective="allreduce")
    assert s.algbw == Fraction(520, 3) and not s.concurrent and len(s.phases) == 2
    assert s.to_json() == fc.generate(t, collective="allreduce", method="trees").to_json()


def test_a_fixed_k_or_weights_give_the_trees(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    s = fc.generate(t, collective="allreduce", k=1)
    assert s.algbw == 100 and not s.concurrent
    weights = {v: 1 for v in t.compute_nodes}
    assert fc.generate(t, collective="allreduce", weights=weights).algbw == 104


def test_other_collectives_are_the_pipeline_s(catalog):
    t = catalog("paper-example")
    assert fc.generate(t, collective="allgather", method="trees").algbw == 8
    assert fc.generate(t, collective="allgather").algbw == 8


@pytest.mark.parametrize("kwargs, words", [
    ({"collective": "allgather", "method": "lp"}, "method=\"lp\" builds allreduce schedules"),
    ({"collective": "allreduce", "method": "lp", "k": 2}, "drop k and weights"),
    ({"collective": "allreduce", "method": "fast"}, "method='fast': use \"auto\""),
])
def test_method_refusals_name_keywords(catalog, kwargs, words):
    with pytest.raises(ScheduleError, match=words.replace("(", r"\(")) as info:
        fc.generate(catalog("paper-example"), **kwargs)
    assert "--" not in str(info.value)
