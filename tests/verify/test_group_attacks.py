"""Forged process-group schedules (forestcoll-schedule/5): the verifier judges a file that
claims a group on that group's network by its own means (verify/members.py), and never
lets a claim make a schedule look better than it is."""

import copy
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import GroupError
from forestcoll_opt.verify import verify


@pytest.fixture(scope="module")
def h100():
    return fc.resolve("dgx-h100:boxes=2")


@pytest.fixture(scope="module")
def four(h100):
    """An optimal allgather among GPUs 0 and 1 of both boxes, relaying through the rest."""
    s = fc.generate(h100, group="box*/gpu[01]")
    assert s.process_group and len(s.compute_nodes) == 4
    return s.to_dict()


def test_the_genuine_file_is_optimal_for_its_group(h100, four):
    v = verify(h100, four)
    assert v.status == "optimal" and v.algbw == fc.bound(h100, group="box*/gpu[01]").algbw
    assert any("judged for its process group of 4 compute nodes" in n for n in v.notes)


def test_a_member_whose_data_goes_nowhere_is_invalid(h100, four):
    data = copy.deepcopy(four)
    data["trees"] = [t for t in data["trees"] if t["root"] != "box1/gpu1"]
    v = verify(h100, data)
    assert v.status == "invalid"
    assert any("box1/gpu1" in r for r in v.reasons)


def test_a_tree_that_misses_a_member_is_invalid(h100, four):
    data = copy.deepcopy(four)
    tree = data["trees"][0]
    lost = tree["edges"][-1]["dst"]
    tree["edges"] = [e for e in tree["edges"] if e["dst"] != lost]
    v = verify(h100, data)
    assert v.status == "invalid" and any(lost in r for r in v.reasons)


def test_a_smaller_claimed_group_cannot_drop_a_member_and_keep_its_deliveries(h100, four):
    # claim the group {box0/gpu0, box0/gpu1, box1/gpu0} (drop box1/gpu1 and its trees) but
    # keep the edges that deliver to box1/gpu1: it is no longer a compute node of the
    # judged network, so those edges end at a switch
    data = copy.deepcopy(four)
    kept = ["box0/gpu0", "box0/gpu1", "box1/gpu0"]
    data["compute_nodes"] = data["process_group"] = kept
    data["trees"] = [t for t in data["trees"] if t["root"] != "box1/gpu1"]
    v = verify(h100, data)
    assert v.status == "invalid"


def test_a_whole_schedule_relabelled_as_a_smaller_group_is_judged_for_that_group(h100):
    # a forger who prunes everything of one GPU gets a genuine schedule of the 15 others:
    # it is judged against the 15-GPU group's own bound, says so, and is refused when the
    # caller asks about every GPU
    whole = fc.generate(h100).to_dict()
    gone = "box1/gpu7"
    data = copy.deepcopy(whole)
    data["format"] = "forestcoll-schedule/5"
    data["compute_nodes"] = data["process_group"] = [v for v in whole["compute_nodes"]
                                                     if v != gone]
    data["trees"] = [{**t, "edges": _splice(t["edges"], gone)}
                     for t in whole["trees"] if t["root"] != gone]
    data.pop("tree_bandwidth")
    data["algbw"] = "500"      # what its link loads give (the verifier recomputes it)
    v = verify(h100, data)
    assert v.bound_algbw == fc.bound(h100, group=data["process_group"]).algbw == \
        Fraction(3750, 7)
    assert v.bound_algbw != fc.bound(h100).algbw
    assert (v.status, v.algbw) == ("below", 500)     # not made to look optimal
    assert any("process group of 15 compute nodes" in n for n in v.notes)
    with pytest.raises(GroupError, match="^group=: the schedule is for its process group of "
                                         "15 .* not the 16 given"):
        fc.verify(h100, data, group="box*/*")


def _splice(edges, gone):
    """A tree's edges with the node ``gone`` made a relay: every edge into it joined with
    each edge out of it (the path runs through it)."""
    into = [e for e in edges if e["dst"] == gone]
    out = [e for e in edges if e["src"] == gone]
    kept = [e for e in edges if gone not in (e["src"], e["dst"])]
    for a in into:
        kept += [{"src": a["src"], "dst": b["dst"], "path": a["path"] + b["path"][1:]}
                 for b in out]
    return kept


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(process_group=["box0/gpu0", "box1/gpu0", "box0/gpu1", "box1/gpu1"]),
     "\"process_group\" must list the group's members exactly as \"compute_nodes\""),
    (lambda d: d.pop("process_group"), "missing \"process_group\""),
    (lambda d: d.update(format="forestcoll-schedule/2"),
     "key \"process_group\" needs forestcoll-schedule/5"),
    (lambda d: d.update(process_group=["box0/gpu0", "box0/gpu0"]), "\"process_group\""),
    (lambda d: d.update(process_group=["box0/gpu0", "rail0", "box0/gpu1", "box1/gpu1"],
                        compute_nodes=["box0/gpu0", "rail0", "box0/gpu1", "box1/gpu1"]),
     "not a compute node"),
])
def test_malformed_claims_are_reasons_not_crashes(h100, four, change, words):
    data = copy.deepcopy(four)
    change(data)
    v = verify(h100, data)
    assert v.status == "invalid" and any(words in r for r in v.reasons), v.reasons


def test_a_group_schedule_on_the_group_network_given_directly(h100, four):
    # the caller may pass the group's own network: the claim then names every compute
    # node of it, and the verdict is the same
    from forestcoll_opt.model.group_scope import scope
    on_group = verify(scope(h100, "box*/gpu[01]"), four)
    assert (on_group.status, on_group.algbw) == ("optimal", verify(h100, four).algbw)


def test_the_bound_of_a_claimed_group_is_never_the_whole_networks(h100):
    # box*/gpu0 relays: 800, far above what those two GPUs' own NICs give (100) and
    # above the 16-GPU allgather's algbw: the judged bound follows the claim
    s = fc.generate(h100, group="box*/gpu0")
    v = verify(h100, s.to_dict())
    assert (v.status, v.bound_algbw) == ("optimal", Fraction(800))
    assert fc.bound(h100).algbw != 800


@pytest.fixture(scope="module")
def a2a(h100):
    """The all-to-all LP's routes among GPUs 0 and 1 of both boxes (the others relaying),
    as written: forestcoll-schedule/5 with collective alltoall."""
    s = fc.lp_alltoall(h100, group="box*/gpu[01]")
    assert s.process_group and s.algbw == 400
    return s.to_dict()


def test_an_alltoall_among_a_group_is_judged_for_its_group(h100, a2a):
    v = verify(h100, a2a, against="cut")
    assert v.status == "optimal" and v.algbw == 400
    assert any("judged for its process group of 4 compute nodes" in n for n in v.notes)


def test_an_alltoall_group_claim_cannot_drop_a_member_or_a_pair(h100, a2a):
    # a smaller claimed group keeping the routes to box1/gpu1: they end at a switch now
    data = copy.deepcopy(a2a)
    data["compute_nodes"] = data["process_group"] = ["box0/gpu0", "box0/gpu1", "box1/gpu0"]
    assert verify(h100, data, against="cut").status == "invalid"
    # a pair left out: its data is not delivered
    data = copy.deepcopy(a2a)
    data["routes"] = [r for r in data["routes"]
                      if (r["src"], r["dst"]) != ("box0/gpu0", "box1/gpu1")]
    v = verify(h100, data, against="cut")
    assert v.status == "invalid"
    assert any("from box0/gpu0 to box1/gpu1 weigh 0" in r for r in v.reasons)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="forestcoll-schedule/4"), "key \"process_group\" needs "
                                                         "forestcoll-schedule/5"),
    (lambda d: d.pop("process_group"), "missing \"process_group\""),
    (lambda d: d.update(process_group=list(reversed(d["process_group"]))),
     "\"process_group\" must list the group's members exactly"),
])
def test_an_alltoall_group_file_with_a_broken_claim_is_invalid(h100, a2a, change, words):
    data = copy.deepcopy(a2a)
    change(data)
    v = verify(h100, data, against="cut")
    assert v.status == "invalid" and any(words in r for r in v.reasons), v.reasons
