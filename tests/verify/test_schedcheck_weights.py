"""The tests' own checker (``schedcheck``) on ``forestcoll-schedule/2``: ``weights`` and
``concurrent`` on hand-made networks whose algbw is worked out by hand, and the weighted
brute-force bound of ``randomnets`` against the unweighted one."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from forestcoll_opt.model.topology import from_dict
from randomnets import (brute_force_bound, brute_force_weighted_bound, normalised_weights,
                        random_network, random_weights)
import schedcheck
from schedcheck import FORMAT, FORMAT_2, ScheduleRejected


# The schedules below are built by hand around their trees; compute_nodes and the algbw
# claims the format requires are filled in by the checker itself where a test leaves them
# out (claims a test writes are checked as written).

def check(topology, schedule):
    return schedcheck.check(topology, schedcheck.with_claims(topology, schedule))


def achieved_algbw(topology, schedule):
    return schedcheck.achieved_algbw(topology, schedcheck.with_claims(topology, schedule))


# --- building blocks ---------------------------------------------------------------------------

def network(name: str, compute: list[str], switches: list[str], links: list[tuple]) -> dict:
    """A topology dict; ``links`` are (a, b, bandwidth), each one bidirectional."""
    nodes = [{"id": v, "kind": "compute"} for v in compute]
    nodes += [{"id": w, "kind": "switch"} for w in switches]
    return {"format": "forestcoll-topology/1", "name": name, "units": "GB/s", "nodes": nodes,
            "links": [{"src": a, "dst": b, "bandwidth": bw, "bidirectional": True}
                      for a, b, bw in links]}


def edge(src: str, dst: str, *via: str) -> dict:
    return {"src": src, "dst": dst, "path": [src, *via, dst]}


def tree(root: str, weight: int, *edges: dict) -> dict:
    return {"root": root, "weight": weight, "edges": list(edges)}


def reversed_trees(trees: list[dict]) -> list[dict]:
    """Out-trees turned into in-trees (every edge and path reversed)."""
    return [{**t, "edges": [{"src": e["dst"], "dst": e["src"], "path": e["path"][::-1]}
                            for e in t["edges"]]} for t in trees]


# Star: c0, c1, c2 around switch w; c0-w 2 GB/s, c1-w and c2-w 1 GB/s (both ways).
STAR = network("weighted-star", ["c0", "c1", "c2"], ["w"],
               [("c0", "w", 2), ("c1", "w", 1), ("c2", "w", 1)])
STAR_WEIGHTS = {"c0": 2, "c1": 1, "c2": 1}

# Weighted allgather on STAR, weights c0: 2, c1: 1, c2: 1 (Ŵ = 4), k = 1: every root sends
# its shard straight to both others through w, so the trees at c0 weigh 2, the others 1.
# Loads (weight × uses): c0->w 2+2 = 4 over 2 GB/s = 2; w->c1 2 (c0) + 1 (c2) = 3 over 1 = 3;
# w->c2 2 + 1 = 3 over 1 = 3; c1->w 1+1 = 2; c2->w 2; w->c0 1+1 = 2 over 2 = 1. So r = 3,
# tree_bandwidth = 1/3 and algbw = Ŵ·k/r = 4/3.
# By hand in data: c0's shard is M/2, c1's and c2's M/4; c1 must take in M/2 + M/4 = 3M/4
# through its 1 GB/s link, time 3M/4, algbw 4/3 -- and the bound agrees: S = {c0, c2, w}
# has B+(S) = 1 (w->c1) and ŵ(S ∩ Vc) = 3, so algbw* = 4 · 1/3 = 4/3.
STAR_ALLGATHER = {
    "format": FORMAT_2, "collective": "allgather", "k": 1, "weights": STAR_WEIGHTS,
    "trees": [tree("c0", 2, edge("c0", "c1", "w"), edge("c0", "c2", "w")),
              tree("c1", 1, edge("c1", "c0", "w"), edge("c1", "c2", "w")),
              tree("c2", 1, edge("c2", "c0", "w"), edge("c2", "c1", "w"))],
}

# Two nodes a, b joined both ways at 1 GB/s, weights a: 2, b: 1 (Ŵ = 3), k = 1: a's shard
# 2M/3 crosses a->b in 2M/3, b's M/3 crosses b->a meanwhile: algbw 3/2 (r = 2 on a->b).
PAIR = network("weighted-pair", ["a", "b"], [], [("a", "b", 1)])
PAIR_ALLGATHER = {
    "format": FORMAT_2, "collective": "allgather", "k": 1, "weights": {"a": 2, "b": 1},
    "trees": [tree("a", 2, edge("a", "b")), tree("b", 1, edge("b", "a"))],
}

# Two routes between a and b, all 1 GB/s both ways: the direct link, and through switch w.
ROUTES = network("two-routes", ["a", "b"], ["w"], [("a", "b", 1), ("a", "w", 1), ("w", "b", 1)])


def allreduce(rs_k: int, rs_trees: list[dict], ag_k: int, ag_trees: list[dict], **top) -> dict:
    return {"format": FORMAT_2, "collective": "allreduce", **top,
            "phases": [{"collective": "reduce-scatter", "k": rs_k, "trees": rs_trees},
                       {"collective": "allgather", "k": ag_k, "trees": ag_trees}]}


def with_(schedule: dict, **changes) -> dict:
    out = copy.deepcopy(schedule)
    out.update(changes)
    return out


def without(schedule: dict, *keys: str) -> dict:
    out = copy.deepcopy(schedule)
    for key in keys:
        out.pop(key, None)
    return out


# --- weighted allgather / reduce-scatter ------------------------------------------------------

def test_weighted_allgather_by_hand():
    star, pair = from_dict(STAR), from_dict(PAIR)
    assert achieved_algbw(star, STAR_ALLGATHER) == Fraction(4, 3)
    assert achieved_algbw(pair, PAIR_ALLGATHER) == Fraction(3, 2)
    # both reach the weighted bound, worked out by hand above and by brute force here
    assert brute_force_weighted_bound(STAR, STAR_WEIGHTS) == Fraction(4, 3)
    assert brute_force_weighted_bound(PAIR, {"a": 2, "b": 1}) == Fraction(3, 2)


def test_weighted_claims_are_checked_exactly():
    star = from_dict(STAR)
    claimed = with_(STAR_ALLGATHER, algbw="4/3", tree_bandwidth="1/3")
    assert check(star, claimed) == Fraction(4, 3)
    assert check(star, with_(claimed, algbw=1)) is None          # N·k/r, the unweighted value
    assert check(star, with_(claimed, algbw="1.3333")) is None
    assert check(star, with_(claimed, tree_bandwidth="1/4")) is None


def test_weighted_k_scales_every_root():
    # k = 2: every root's trees weigh 2·ŵ (c0's split 3 + 1); loads double, algbw stays 4/3
    star = from_dict(STAR)
    doubled = with_(STAR_ALLGATHER, k=2, trees=[
        tree("c0", 3, edge("c0", "c1", "w"), edge("c0", "c2", "w")),
        tree("c0", 1, edge("c0", "c1", "w"), edge("c0", "c2", "w")),
        tree("c1", 2, edge("c1", "c0", "w"), edge("c1", "c2", "w")),
        tree("c2", 2, edge("c2", "c0", "w"), edge("c2", "c1", "w"))])
    assert achieved_algbw(star, doubled) == Fraction(4, 3)
    assert check(star, with_(doubled, k=1)) is None


@pytest.mark.parametrize("weights", [
    {"c0": 4, "c1": 2, "c2": 2},
    {"c0": "1", "c1": "1/2", "c2": "0.5"},
    {"c0": "2e0", "c1": Fraction(1), "c2": "1.0"},
    {"c0": Fraction(2, 3), "c1": "1/3", "c2": "10/30"},
])
def test_weights_are_normalised(weights):
    assert normalised_weights(weights) == STAR_WEIGHTS
    assert achieved_algbw(from_dict(STAR), with_(STAR_ALLGATHER, weights=weights)) \
        == Fraction(4, 3)


@pytest.mark.parametrize("weights", [
    {"c0": 1, "c1": 1, "c2": 1},               # uniform: c0's trees should weigh 1
    {"c0": 1, "c1": 2, "c2": 1},               # the heavy root is c1, not c0
    {"c0": 3, "c1": 1, "c2": 1},
    {"c0": 2, "c1": 1},                        # c2 missing
    {"c0": 2, "c1": 1, "c2": 1, "w": 1},       # a switch
    {"c0": 2, "c1": 1, "c2": 1, "zz": 1},      # an unknown node
    {"c0": 2, "c1": 1, "c2": 0},
    {"c0": 2, "c1": 1, "c2": -1},
    {"c0": 2, "c1": 1, "c2": "-1/2"},
    {"c0": 2.5, "c1": 1.0, "c2": 1.0},         # not exact (2.0 would be the integer 2)
    {"c0": 2, "c1": True, "c2": True},
    {"c0": 2, "c1": 1, "c2": None},
    {"c0": 2, "c1": 1, "c2": "one"},
    {"c0": 2, "c1": 1, "c2": "1/0"},
    [2, 1, 1],
    "c0",
    None,
])
def test_wrong_weights_are_rejected(weights):
    star = from_dict(STAR)
    assert check(star, with_(STAR_ALLGATHER, weights=weights)) is None
    with pytest.raises(ScheduleRejected):
        achieved_algbw(star, with_(STAR_ALLGATHER, weights=weights))


def test_weighted_trees_without_weights_are_rejected():
    # c0's trees weigh 2 = k·ŵ: without "weights" every root must weigh k = 1
    star = from_dict(STAR)
    assert check(star, without(STAR_ALLGATHER, "weights")) is None
    uniform = with_(STAR_ALLGATHER, trees=[
        tree("c0", 1, edge("c0", "c1", "w"), edge("c0", "c2", "w")),
        *STAR_ALLGATHER["trees"][1:]])
    # the uniform schedule: loads c0->w 2/2, w->c1 2, w->c2 2, so r = 2, algbw N·k/r = 3/2
    assert check(star, without(uniform, "weights")) == Fraction(3, 2)
    assert check(star, with_(without(uniform, "weights"), format=FORMAT)) == Fraction(3, 2)
    assert check(star, uniform) is None


def test_version_1_refuses_the_new_keys():
    star, routes = from_dict(STAR), from_dict(ROUTES)
    assert check(star, with_(STAR_ALLGATHER, format=FORMAT)) is None
    assert check(star, with_(STAR_ALLGATHER, format="forestcoll-schedule/3")) is None
    sequential = allreduce(1, [tree("a", 1, edge("b", "a")), tree("b", 1, edge("a", "b"))],
                           1, [tree("a", 1, edge("a", "b")), tree("b", 1, edge("b", "a"))])
    assert check(routes, with_(sequential, format=FORMAT)) == 1
    for extra in ({"concurrent": False}, {"concurrent": True}, {"weights": {"a": 1, "b": 1}}):
        assert check(routes, with_(sequential, format=FORMAT, **extra)) is None
        assert check(routes, with_(sequential, **extra)) is not None


def test_weighted_reduce_scatter_by_hand():
    # the same trees reversed on the same (symmetric) star: every load moves to the
    # reversed link, which has the same bandwidth, so algbw 4/3 again
    star = from_dict(STAR)
    rs = with_(STAR_ALLGATHER, collective="reduce-scatter",
               trees=reversed_trees(STAR_ALLGATHER["trees"]))
    assert achieved_algbw(star, rs) == Fraction(4, 3)
    assert check(star, with_(rs, trees=STAR_ALLGATHER["trees"])) is None   # out-trees


def test_weights_are_refused_for_single_root_collectives():
    pair = from_dict(PAIR)
    bcast = {"format": FORMAT_2, "collective": "broadcast", "root": "a", "k": 1,
             "trees": [tree("a", 1, edge("a", "b"))]}
    assert check(pair, bcast) == 1
    assert check(pair, with_(bcast, format=FORMAT)) == 1
    assert check(pair, with_(bcast, weights={"a": 1, "b": 1})) is None
    assert check(pair, with_(bcast, concurrent=False)) is None
    assert check(pair, with_(PAIR_ALLGATHER, concurrent=False)) is None    # allreduce only


# --- concurrent allreduce ----------------------------------------------------------------------

# On ROUTES (N = 2, no weights), reduce-scatter on the direct link and allgather through w,
# k = 1 each. Reduce-scatter: in-tree at a = b->a, at b = a->b: loads 1 on a->b and b->a,
# r = 1, time M·r/(N·k) = M/2 (alone algbw 2). Allgather: a->w->b and b->w->a: loads 1 on
# the four switch links, time M/2 (alone algbw 2).
# Sequential: M/2 + M/2 = M, algbw 1. Concurrent: no link serves both phases, the worst link
# sum is 1/(2·1·1) = 1/2, algbw 2.
DISJOINT = allreduce(1, [tree("a", 1, edge("b", "a")), tree("b", 1, edge("a", "b"))],
                     1, [tree("a", 1, edge("a", "b", "w")), tree("b", 1, edge("b", "a", "w"))])

# Reduce-scatter as above (k = 1); allgather k = 3, each root sends 1 part direct and 2
# through w: direct links 1, switch links 2, r = 2, alone time M·2/(2·3) = M/3 (algbw 3).
# Sequential: M/2 + M/3 = 5M/6, algbw 6/5. Concurrent: a->b carries 1/(2·1) + 1/(2·3) = 2/3,
# a->w 2/(2·3) = 1/3: time 2M/3, algbw 3/2 (not 2 = 1/max(phase times): a->b is shared).
MIXED = allreduce(1, [tree("a", 1, edge("b", "a")), tree("b", 1, edge("a", "b"))],
                  3, [tree("a", 1, edge("a", "b")), tree("a", 2, edge("a", "b", "w")),
                      tree("b", 1, edge("b", "a")), tree("b", 2, edge("b", "a", "w"))])

# Weighted: a: 2, b: 1 (Ŵ = 3). Reduce-scatter k = 2 on the direct link: trees at a weigh
# 2·2 = 4 (b->a), at b 2·1 = 2 (a->b); r = 4 on b->a, alone algbw Ŵ·k/r = 3·2/4 = 3/2,
# time 2M/3. Allgather k = 1 through w: a->w->b weight 2, b->w->a weight 1; r = 2, alone
# algbw 3/2, time 2M/3. Sequential: 4M/3, algbw 3/4. Concurrent: b->a 4/(3·2·1) = 2/3,
# a->w and w->b 2/(3·1·1) = 2/3, the rest less: time 2M/3, algbw 3/2.
WEIGHTED = allreduce(2, [tree("a", 4, edge("b", "a")), tree("b", 2, edge("a", "b"))],
                     1, [tree("a", 2, edge("a", "b", "w")), tree("b", 1, edge("b", "a", "w"))],
                     weights={"a": 2, "b": 1})


@pytest.mark.parametrize("schedule, sequential, concurrent", [
    (DISJOINT, Fraction(1), Fraction(2)),
    (MIXED, Fraction(6, 5), Fraction(3, 2)),
    (WEIGHTED, Fraction(3, 4), Fraction(3, 2)),
])
def test_concurrent_allreduce_by_hand(schedule, sequential, concurrent):
    routes = from_dict(ROUTES)
    assert achieved_algbw(routes, schedule) == sequential
    assert achieved_algbw(routes, with_(schedule, concurrent=False)) == sequential
    assert achieved_algbw(routes, with_(schedule, concurrent=True)) == concurrent
    # the claimed algbw is the one of the mode
    assert check(routes, with_(schedule, concurrent=True, algbw=str(concurrent))) == concurrent
    assert check(routes, with_(schedule, concurrent=True, algbw=str(sequential))) is None
    assert check(routes, with_(schedule, algbw=str(sequential))) == sequential
    assert check(routes, with_(schedule, algbw=str(concurrent))) is None


def test_phase_claims_mean_the_phase_alone():
    routes = from_dict(ROUTES)
    for schedule, alone in ((DISJOINT, (2, 2)), (MIXED, (2, 3)), (WEIGHTED, ("3/2", "3/2"))):
        claimed = copy.deepcopy(schedule)
        for phase, value in zip(claimed["phases"], alone):
            phase["algbw"] = value
        for mode in (False, True):
            assert check(routes, with_(claimed, concurrent=mode)) is not None
        wrong = copy.deepcopy(claimed)
        wrong["phases"][1]["algbw"] = 1       # a share of the concurrent time is not a claim
        assert check(routes, with_(wrong, concurrent=True)) is None
    # the phases' tree bandwidths: DISJOINT r = 1 and 1, WEIGHTED r = 4 and 2
    tb = copy.deepcopy(WEIGHTED)
    tb["phases"][0]["tree_bandwidth"] = "1/4"
    tb["phases"][1]["tree_bandwidth"] = "0.5"
    assert check(routes, with_(tb, concurrent=True)) == Fraction(3, 2)


@pytest.mark.parametrize("value", [1, 0, "true", "false", None, [True], {"on": True}])
def test_concurrent_must_be_a_boolean(value):
    assert check(from_dict(ROUTES), with_(DISJOINT, concurrent=value)) is None


def test_weighted_allreduce_uses_each_phase_k():
    routes = from_dict(ROUTES)
    # reduce-scatter trees weighing k₂·ŵ (1·ŵ) instead of k₁·ŵ (2·ŵ)
    bad = copy.deepcopy(WEIGHTED)
    bad["phases"][0]["trees"] = [tree("a", 2, edge("b", "a")), tree("b", 1, edge("a", "b"))]
    assert check(routes, bad) is None
    bad["phases"][0]["k"] = 1
    # now consistent: r = 2 on b->a, alone time 2/(3·1) -- the same 2M/3 as before
    assert check(routes, bad) == Fraction(3, 4)
    assert check(routes, with_(bad, concurrent=True)) == Fraction(3, 2)
    # weights inside a phase are not a thing
    inner = copy.deepcopy(WEIGHTED)
    inner["phases"][0]["weights"] = {"a": 2, "b": 1}
    assert check(routes, inner) is None
    assert check(routes, without(WEIGHTED, "weights")) is None


# --- the weighted brute-force bound -------------------------------------------------------------

SEEDS = range(50)


@pytest.mark.parametrize("seed", SEEDS)
def test_equal_weights_give_the_unweighted_bound(seed):
    # brute_force_bound is max |S ∩ Vc| / B+(S) = 1/x*; the allgather algbw is N·x*
    data = random_network(seed)
    compute = [nd["id"] for nd in data["nodes"] if nd["kind"] == "compute"]
    expected = len(compute) / brute_force_bound(data)
    for same in (1, 7, Fraction(3, 2)):
        assert brute_force_weighted_bound(data, dict.fromkeys(compute, same)) == expected


@pytest.mark.parametrize("seed", range(0, 50, 5))
def test_weighted_bound_ignores_scale(seed):
    data = random_network(seed)
    compute = [nd["id"] for nd in data["nodes"] if nd["kind"] == "compute"]
    weights = random_weights(seed, compute)
    value = brute_force_weighted_bound(data, weights)
    assert value > 0
    assert brute_force_weighted_bound(data, {v: 3 * w for v, w in weights.items()}) == value
    assert brute_force_weighted_bound(data, {v: Fraction(w) / 7 for v, w in weights.items()}) \
        == value


def test_random_weights():
    ids = ["c0", "c1", "c2", "c3"]
    assert random_weights(5, ids) == random_weights(5, ids)
    kinds = set()
    for seed in range(100):
        weights = random_weights(seed, ids)
        assert list(weights) == ids
        for w in weights.values():
            kinds.add(type(w))
            assert 0 < w <= 5
            if type(w) is Fraction:
                assert w.denominator <= 4
            else:
                assert type(w) is int
    assert kinds == {int, Fraction}


def test_normalised_weights():
    assert normalised_weights({"x": 6, "y": 4}) == {"x": 3, "y": 2}
    assert normalised_weights({"x": Fraction(1, 2), "y": Fraction(1, 3)}) == {"x": 3, "y": 2}
    assert normalised_weights({"x": 5}) == {"x": 1}
    for bad in ({"x": 0}, {"x": -1}, {}):
        with pytest.raises(ValueError):
            normalised_weights(bad)
    with pytest.raises(TypeError):
        normalised_weights({"x": 1.5})
