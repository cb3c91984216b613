"""The verifier reports a tree schedule's depth (its own count, from the parent of every
node) and refuses one deeper than ``max_depth``."""

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import VerifyArgumentError
from forestcoll_opt.verify import verify


@pytest.fixture(scope="module")
def example():
    t = fc.resolve("paper-example")
    return t, fc.generate(t)


def test_depth_is_the_deepest_tree(example):
    t, s = example
    v = verify(t, s.to_dict())
    assert v.optimal and v.depth == max(tree.height for tree in s.trees) == 4
    assert v.to_dict()["depth"] == 4
    assert verify(t, s.to_dict(), max_depth=4).optimal


def test_allreduce_depth_covers_both_phases(example):
    t, _ = example
    s = fc.generate(t, collective="allreduce", method="trees")
    v = verify(t, s.to_dict(), against="trees")
    assert v.depth == max(tree.height for p in s.phases for tree in p.trees)


def test_deeper_than_max_depth_is_invalid(example):
    t, s = example
    v = verify(t, s.to_dict(), max_depth=3)
    assert v.status == "invalid" and v.depth == 4
    assert v.reasons == ("the schedule's depth is 4: a tree reaches a node 4 compute hops from "
                         "its root, more than max_depth=3",)
    assert fc.verify(t, s, max_depth=3).status == "invalid"


def test_an_invalid_schedule_has_no_depth(example):
    t, s = example
    data = s.to_dict()
    data["trees"] = data["trees"][1:]
    assert verify(t, data).depth is None


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "2"])
def test_bad_max_depth_is_refused(example, bad):
    t, s = example
    with pytest.raises(VerifyArgumentError, match="max_depth"):
        verify(t, s.to_dict(), max_depth=bad)
