"""The verifier on ``forestcoll-schedule/2``: shard weights and concurrent allreduce phases.

Every number here is worked out by hand on small networks (the arithmetic is in the
comments), and the weighted bound is compared with a brute-force enumeration written below.
"""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from forestcoll_opt.errors import VerifyArgumentError
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import assert_optimal, bound_of, verify
from randomnets import (brute_force_weighted_bound, cut_table, random_large_network,
                        random_network, reversed_network)

V2 = "forestcoll-schedule/2"


# --- small networks and trees written by hand ----------------------------------------------------

def star(bandwidths: dict) -> tuple:
    """Compute nodes around one switch ``w``, each joined to it both ways."""
    nodes = [{"id": v, "kind": "compute"} for v in bandwidths]
    nodes.append({"id": "w", "kind": "switch"})
    links = [{"src": v, "dst": "w", "bandwidth": b, "bidirectional": True}
             for v, b in bandwidths.items()]
    data = {"format": "forestcoll-topology/1", "name": "star", "nodes": nodes, "links": links}
    return from_dict(data), data


def hop(x: str, y: str) -> dict:
    return {"src": x, "dst": y, "path": [x, "w", y]}


def out_chain(root: str, weight: int, order: list) -> dict:
    """root -> order[0] -> order[1] -> ... (an allgather out-tree)."""
    nodes = [root, *order]
    return {"root": root, "weight": weight, "edges": [hop(x, y) for x, y in zip(nodes, nodes[1:])]}


def in_chain(root: str, weight: int, order: list) -> dict:
    """order[0] -> order[1] -> ... -> root (a reduce-scatter in-tree)."""
    nodes = [*order, root]
    return {"root": root, "weight": weight, "edges": [hop(x, y) for x, y in zip(nodes, nodes[1:])]}


def fan_out(root: str, weight: int, leaves: list) -> dict:
    return {"root": root, "weight": weight, "edges": [hop(root, v) for v in leaves]}


def fan_in(root: str, weight: int, leaves: list) -> dict:
    return {"root": root, "weight": weight, "edges": [hop(v, root) for v in leaves]}


@pytest.fixture(scope="module")
def even_star():
    """a, b, c around w, every link 1 GB/s each way."""
    return star({"a": 1, "b": 1, "c": 1})[0]


def weighted_allgather() -> dict:
    """Weights a: 2, b: 1, c: 1 on the even star, k = 1: root a's trees weigh k·ŵ_a = 2.

    Loads (every link has bandwidth 1):
      root a, weight 2, a -> b -> c: a->w, w->b, b->w, w->c      +2 each
      root b, weight 1, b -> c -> a: b->w, w->c, c->w, w->a      +1 each
      root c, weight 1, c -> a -> b: c->w, w->a, a->w, w->b      +1 each
    a->w 3, w->b 3, b->w 3, w->c 3, c->w 2, w->a 2: r = 3, Ŵ = 4, so
    time = M/(Ŵ·k) · r = 3M/4, algbw = Ŵ·k/r = 4/3 and tree_bandwidth = 1/r = 1/3.

    The bound: 1/x* = max over S of ŵ(S ∩ Vc)/B+(S). S = {a, c, w} misses b and has
    ŵ = 2 + 1 = 3 and B+(S) = w->b = 1: ratio 3 (b must receive 3/4 of the data over
    1 GB/s). The other cuts give less: {b, c, w} 2/1, {a} 2/1, {a, b} 3/2, {a, w} 2/2. So
    algbw* = Ŵ / 3 = 4/3: the schedule is optimal. (Uniform weights give 3/2 here.)
    """
    return {"format": V2, "collective": "allgather", "topology": "star", "units": "GB/s",
            "compute_nodes": ["a", "b", "c"], "weights": {"a": 2, "b": 1, "c": 1},
            "k": 1, "tree_bandwidth": "1/3", "algbw": "4/3",
            "trees": [out_chain("a", 2, ["b", "c"]), out_chain("b", 1, ["c", "a"]),
                      out_chain("c", 1, ["a", "b"])]}


# --- weighted allgather and reduce-scatter -----------------------------------------------------

def test_hand_built_weighted_allgather_is_optimal(even_star):
    v = verify(even_star, weighted_allgather())
    assert v.status == "optimal", v.reasons
    assert v.algbw == v.bound_algbw == Fraction(4, 3) and v.ratio == 1
    assert v.weights == (("a", 2), ("b", 1), ("c", 1)) and not v.concurrent
    (phase,) = v.phases
    assert phase.k == 1 and phase.time_per_byte == Fraction(3, 4)
    assert phase.busiest[0] == ("a", "w", 3, Fraction(3))
    (b,) = v.bounds
    assert (b.cut, b.cut_compute, b.cut_weight, b.cut_bandwidth) == (("a", "c", "w"), 2, 3, 1)
    assert b.weights == v.weights and "shard weights" in b.method
    d = v.to_dict()
    assert d["weights"] == {"a": 2, "b": 1, "c": 1} and "concurrent" not in d
    assert d["certificate"]["dual"][0]["cut_weight"] == 3
    assert d["certificate"]["dual"][0]["total_weight"] == 4
    assert assert_optimal(even_star, weighted_allgather()).optimal


def test_weighted_bound_by_hand(even_star):
    weighted = bound_of(even_star, "allgather", weights={"a": 2, "b": 1, "c": 1})
    assert weighted.algbw == Fraction(4, 3) and weighted.cut_weight == 3
    # uniform: S = {a, c, w} holds 2 compute nodes over 1 GB/s: algbw* = 3 / 2
    uniform = bound_of(even_star, "allgather")
    assert uniform.algbw == Fraction(3, 2) and uniform.weights is None
    assert uniform.cut_weight == uniform.cut_compute == 2
    assert bound_of(even_star, "allgather", weights={"a": 5, "b": 5, "c": 5}) == uniform
    # the same weights written as fractions, decimals and Decimals normalise alike
    same = {"a": "1", "b": Fraction(1, 2), "c": Decimal("0.5")}
    assert bound_of(even_star, "allgather", weights=same) == weighted
    # reduce-scatter is allgather on the reversed star, which is the same star
    assert bound_of(even_star, "reduce-scatter", weights={"a": 2, "b": 1, "c": 1}).algbw == \
        Fraction(4, 3)


def test_hand_built_weighted_reduce_scatter_is_optimal(even_star):
    # the allgather trees reversed: every load moves to the opposite direction of its link,
    # so r = 3 and algbw = 4/3 again, the reduce-scatter bound (the star is symmetric)
    sched = {"format": V2, "collective": "reduce-scatter", "compute_nodes": ["a", "b", "c"],
             "weights": {"a": 2, "b": 1, "c": 1}, "k": 1, "algbw": "4/3",
             "trees": [in_chain("a", 2, ["c", "b"]), in_chain("b", 1, ["a", "c"]),
                       in_chain("c", 1, ["b", "a"])]}
    v = verify(even_star, sched)
    assert v.status == "optimal" and v.algbw == Fraction(4, 3), v.reasons


def test_trees_must_weigh_k_times_the_normalised_weight(even_star):
    """Weights {a: 2, b: 4, c: 2} normalise to ŵ = (1, 2, 1): with k = 1 the trees must weigh
    1, 2, 1; trees weighing the raw weights 2, 4, 2 are wrong for k = 1 ..."""
    sched = {"format": V2, "collective": "allgather", "compute_nodes": ["a", "b", "c"],
             "weights": {"a": 2, "b": 4, "c": 2}, "k": 1, "algbw": "4/3",
             "trees": [out_chain("a", 2, ["b", "c"]), out_chain("b", 4, ["c", "a"]),
                       out_chain("c", 2, ["a", "b"])]}
    v = verify(even_star, sched)
    assert v.status == "invalid"
    assert v.reasons == ("trees rooted at a weigh 2 in all; they must weigh k·ŵ = 1·1 = 1",
                         "trees rooted at b weigh 4 in all; they must weigh k·ŵ = 1·2 = 2",
                         "trees rooted at c weigh 2 in all; they must weigh k·ŵ = 1·1 = 1")
    # ... and right for k = 2. Loads: root a (2) a->b->c, root b (4) b->c->a, root c (2)
    # c->a->b: a->w 2+2, w->b 2+2, b->w 2+4, w->c 2+4, c->w 4+2, w->a 4+2, so r = 6 and
    # algbw = Ŵ·k/r = 4·2/6 = 4/3. The bound: S = {b, c, w} misses a, ŵ = 3 over w->a = 1,
    # so algbw* = 4/3: optimal (a, with the smallest shard, receives 3/4 of the data).
    sched["k"] = 2
    v = verify(even_star, sched)
    assert v.status == "optimal" and v.algbw == Fraction(4, 3), v.reasons
    assert v.weights == (("a", 1), ("b", 2), ("c", 1))


def test_a_node_of_weight_0_roots_no_tree_but_is_spanned(even_star):
    """Weights a: 1, b: 1, c: 0 on the even star (Ŵ = 2): c has no shard but receives both.

    The bound: S = {a, b, w} misses c (of weight 0) and holds ŵ = 2 over w->c = 1: ratio 2,
    so algbw* = Ŵ / 2 = 1 (c must receive all of M over 1 GB/s). That S holds every node of
    positive weight: only the compute node it misses matters, whatever its weight.
    Schedule, k = 1: root a (1) a -> b -> c, root b (1) b -> a -> c, none at c. Loads
    a->w 2, w->b 1, b->w 2, w->c 2, w->a 1: r = 2, algbw = Ŵ·k/r = 1: optimal.
    """
    b = bound_of(even_star, "allgather", weights={"a": 1, "b": 1, "c": 0})
    assert b.algbw == 1 and b.cut == ("a", "b", "w") and b.cut_weight == 2
    sched = {"format": V2, "collective": "allgather", "compute_nodes": ["a", "b", "c"],
             "weights": {"a": 1, "b": 1, "c": 0}, "k": 1, "algbw": "1",
             "trees": [out_chain("a", 1, ["b", "c"]), out_chain("b", 1, ["a", "c"])]}
    v = verify(even_star, sched)
    assert v.status == "optimal" and v.algbw == 1, v.reasons
    assert v.weights == (("a", 1), ("b", 1), ("c", 0))
    assert verify(even_star, sched, weights={"a": "1/2", "b": "0.5", "c": 0}).optimal
    sched["trees"].append(out_chain("c", 1, ["a", "b"]))
    v = verify(even_star, sched)
    assert v.reasons == ("trees rooted at c weigh 1 in all; c has weight 0: no tree may be "
                         "rooted at it",)
    sched["trees"].pop()
    sched["trees"][1]["edges"].pop()                  # c is no longer reached from b
    v = verify(even_star, sched)
    assert v.reasons == ("tree #1 (root b): does not reach c",)


def test_a_forged_claim_is_invalid(even_star):
    sched = weighted_allgather()
    sched["algbw"] = "3/2"                # the uniform value: Ŵ = N would be the mistake
    v = verify(even_star, sched)
    assert v.status == "invalid"
    assert v.reasons == ('"algbw" claims 3/2 but the link loads give 4/3',)
    sched = weighted_allgather()
    sched["tree_bandwidth"] = "1/2"
    assert verify(even_star, sched).reasons == ('"tree_bandwidth" claims 1/2 but the link '
                                                'loads give 1/3',)


def test_uniform_weights_written_out_give_the_same_verdict(catalog):
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("paper-example")
    plain = generate(t, collective="allgather").to_dict()
    explicit = dict(plain, format=V2, weights={v: 3 for v in t.compute_nodes})
    a, b = verify(t, plain), verify(t, explicit)
    assert a.status == "optimal" and a.to_dict() == b.to_dict()
    assert b.weights is None and "weights" not in b.to_dict()
    # a version-2 file without the new keys is read as version 1
    assert verify(t, dict(plain, format=V2)).to_dict() == a.to_dict()


# --- the format: version 1 refuses the new keys, malformed weights --------------------------------

def test_version_1_refuses_the_new_keys(even_star):
    sched = dict(weighted_allgather(), format="forestcoll-schedule/1")
    v = verify(even_star, sched)
    assert v.status == "invalid"
    assert v.reasons == ('key "weights" needs forestcoll-schedule/2; this file says '
                         'forestcoll-schedule/1',)
    ar = dict(concurrent_allreduce(), format="forestcoll-schedule/1")
    v = verify(star(UNEVEN)[0], ar, lp_interval=(1, 1))
    assert v.reasons == ('key "concurrent" needs forestcoll-schedule/2; this file says '
                         'forestcoll-schedule/1',)


@pytest.mark.parametrize("change, reason", [
    (lambda w: w.update(w=1), '"weights": w is a switch; only compute nodes have a shard'),
    (lambda w: w.update(z=1), '"weights": "z" is not a node of the topology'),
    (lambda w: w.pop("c"), '"weights": compute node c has no weight; list every compute '
                           'node exactly once'),
    (lambda w: w.update(b=-1), '"weights": b has weight -1; a weight cannot be negative'),
    (lambda w: w.update(b="-1/2"), '"weights": b has weight "-1/2", which is not an exact '
                                   'number (an integer, or a "p/q" or decimal string)'),
    (lambda w: w.update(b=" 1"), '"weights": b has weight " 1", which is not an exact '
                                 'number (an integer, or a "p/q" or decimal string)'),
    (lambda w: w.update(a=0, b="0", c="0/3"), '"weights" are all 0; at least one compute '
                                              'node needs a shard'),
    (lambda w: w.update(b="abc"), '"weights": b has weight "abc", which is not an exact '
                                  'number (an integer, or a "p/q" or decimal string)'),
    (lambda w: w.update(b=1.5), '"weights": b has weight 1.5, which is not an exact number '
                                '(an integer, or a "p/q" or decimal string)'),
    (lambda w: w.update(b=True), '"weights": b has weight true, which is not an exact '
                                 'number (an integer, or a "p/q" or decimal string)'),
])
def test_malformed_weights_give_one_reason_naming_the_node(even_star, change, reason):
    sched = weighted_allgather()
    change(sched["weights"])
    v = verify(even_star, sched)
    assert v.status == "invalid" and v.reasons == (reason,)


def test_weights_and_concurrent_where_they_do_not_belong(even_star):
    sched = dict(weighted_allgather(), weights=["a", 2])
    assert verify(even_star, sched).reasons == (
        '"weights" must be an object mapping every compute node id to a non-negative '
        'exact number, found a list of 2 item(s)',)
    sched = dict(weighted_allgather(), concurrent=True)
    assert verify(even_star, sched).reasons == (
        '"concurrent" applies to allreduce only, not to an allgather schedule',)
    bcast = {"format": V2, "collective": "broadcast", "compute_nodes": ["a", "b", "c"],
             "root": "a", "k": 1, "weights": {"a": 1, "b": 1, "c": 1}, "algbw": "1",
             "trees": [out_chain("a", 1, ["b", "c"])]}
    assert verify(even_star, bcast).reasons == (
        'a broadcast schedule must not carry "weights": it has a single root and no shards',)
    t = star(UNEVEN)[0]
    ar = dict(concurrent_allreduce(), concurrent="yes")
    assert verify(t, ar, lp_interval=(1, 1)).reasons == (
        '"concurrent" must be true or false, found "yes"',)


# --- verify(weights=...) ------------------------------------------------------------------------

def test_expected_weights_must_match_the_schedule(even_star):
    sched = weighted_allgather()                            # ŵ = (2, 1, 1)
    assert verify(even_star, sched, weights={"a": 4, "b": 2, "c": 2}).optimal
    assert verify(even_star, sched, weights={"a": "1", "b": "1/2", "c": Decimal("0.5")}).optimal
    v = verify(even_star, sched, weights={"a": 1, "b": 2, "c": 1})
    assert v.status == "invalid" and v.reasons == (
        '"weights": the schedule\'s normalised weights differ from the expected ones, first '
        'at a: 2 of 4 in the schedule, 1 of 4 expected',)
    # a schedule without "weights" counts as uniform
    plain = {"format": "forestcoll-schedule/1", "collective": "allgather", "k": 1,
             "compute_nodes": ["a", "b", "c"], "algbw": "3/2",
             "trees": [out_chain("a", 1, ["b", "c"]), out_chain("b", 1, ["c", "a"]),
                       out_chain("c", 1, ["a", "b"])]}
    assert verify(even_star, plain, weights={"a": 7, "b": 7, "c": 7}).valid
    v = verify(even_star, plain, weights={"a": 1, "b": 1, "c": 2})
    assert v.reasons == ('"weights": the schedule\'s normalised weights differ from the '
                         'expected ones, first at c: 1 of 3 in the schedule, 2 of 4 expected',)
    with pytest.raises(AssertionError, match="first at a"):
        assert_optimal(even_star, sched, weights={"a": 1, "b": 1, "c": 1})
    assert assert_optimal(even_star, sched, weights={"a": 2, "b": 1, "c": 1}).optimal


def test_expected_weights_on_a_single_root_schedule(even_star):
    bcast = {"format": "forestcoll-schedule/1", "collective": "broadcast", "root": "a",
             "compute_nodes": ["a", "b", "c"], "k": 1, "algbw": "1",
             "trees": [out_chain("a", 1, ["b", "c"])]}
    assert verify(even_star, bcast, weights={"a": 1, "b": 1, "c": 1}).valid
    v = verify(even_star, bcast, weights={"a": 1, "b": 2, "c": 1})
    assert v.reasons == ("weights were expected, but a broadcast schedule has a single root "
                         "and no shards",)


@pytest.mark.parametrize("weights, match", [
    ([1, 1, 1], "must map every compute node id"),
    ({"a": 1, "b": 1}, "compute node c has no weight"),
    ({"a": 1, "b": 1, "c": 1, "w": 1}, "w is a switch"),
    ({"a": 1, "b": 1, "c": 1, "x": 1}, '"x" is not a node'),
    ({"a": 0, "b": 0, "c": "0/7"}, "every weight is 0"),
    ({"a": 1, "b": 1, "c": -2}, "c has weight -2; a weight cannot be negative"),
    ({"a": 1, "b": 1, "c": 1.5}, "must be an exact number"),
    ({"a": 1, "b": 1, "c": True}, "must be an exact number"),
    ({"a": 1, "b": 1, "c": "abc"}, 'c has weight "abc", which is not an exact number'),
    ({"a": 1, "b": 1, "c": Decimal("NaN")}, "must be an exact number"),
])
def test_malformed_expected_weights_are_argument_errors(even_star, weights, match):
    with pytest.raises(VerifyArgumentError, match=match):
        verify(even_star, weighted_allgather(), weights=weights)
    with pytest.raises(VerifyArgumentError, match=match):
        bound_of(even_star, "allgather", weights=weights)


def test_bound_of_refuses_weights_for_a_single_root(even_star):
    with pytest.raises(VerifyArgumentError, match="single root"):
        bound_of(even_star, "broadcast", root="a", weights={"a": 1, "b": 2, "c": 1})
    assert bound_of(even_star, "broadcast", root="a", weights={"a": 2, "b": 2, "c": 2}) == \
        bound_of(even_star, "broadcast", root="a")


# --- allreduce: weighted, concurrent --------------------------------------------------------------

UNEVEN = {"a": 2, "b": 1, "c": 1}       # a has 2 GB/s to the switch, b and c 1 GB/s


def allreduce(rs: list, ag: list, **top) -> dict:
    return {"format": V2, "collective": "allreduce", "compute_nodes": ["a", "b", "c"], **top,
            "phases": [{"collective": "reduce-scatter", "k": 1, "trees": rs},
                       {"collective": "allgather", "k": 1, "trees": ag}]}


def concurrent_allreduce() -> dict:
    """Uniform shards on the uneven star, both phases at once, k = 1, N = 3.

    reduce-scatter: root a: b -> a, c -> a; root b: c -> a -> b; root c: b -> a -> c.
      loads b->w 2, c->w 2, w->a 4, a->w 2, w->b 1, w->c 1; r = 2 (b->w 2/1, w->a 4/2)
    allgather: root a: a -> b, a -> c; root b: b -> a -> c; root c: c -> a -> b.
      loads a->w 4, w->b 2, w->c 2, b->w 1, c->w 1, w->a 2; r = 2
    Alone each phase takes M/(N·k) · r = 2M/3 (algbw 3/2, the exact bound of either: S =
    {a, c, w} holds 2 compute nodes over w->b = 1); one after the other 4M/3 (algbw 3/4,
    which is the reduce-scatter + allgather tree bound 1/(2/3 + 2/3)). Concurrently every
    link carries (load_RS + load_AG)/(N·k·bandwidth): a->w (2+4)/(3·2) = 1, w->a (4+2)/6 = 1,
    b->w (2+1)/3 = 1, w->b (1+2)/3 = 1, c->w and w->c 1 as well: time = M, algbw = 1.

    No allreduce does better: w->b is b's only way in at 1 GB/s, and b must receive its own
    share combined from a and c plus the other shares reduced, M in all. So the LP optimum
    is exactly 1, above the tree bound 3/4.
    """
    rs = [fan_in("a", 1, ["b", "c"]), in_chain("b", 1, ["c", "a"]),
          in_chain("c", 1, ["b", "a"])]
    ag = [fan_out("a", 1, ["b", "c"]), out_chain("b", 1, ["a", "c"]),
          out_chain("c", 1, ["a", "b"])]
    sched = allreduce(rs, ag, concurrent=True, algbw="1")
    for phase in sched["phases"]:
        phase.update(tree_bandwidth="1/2", algbw="3/2")       # as if the phase ran alone
    return sched


@pytest.fixture(scope="module")
def uneven_star():
    return star(UNEVEN)[0]


def test_hand_built_concurrent_allreduce_reaches_the_lp_optimum(uneven_star):
    v = verify(uneven_star, concurrent_allreduce(), lp_interval=(1, 1))
    assert v.status == "optimal", v.reasons
    assert v.algbw == 1 and v.concurrent and v.weights is None
    assert v.rs_ag_bound == Fraction(3, 4) and not v.equals_rs_ag_bound
    assert [p.time_per_byte for p in v.phases] == [Fraction(2, 3), Fraction(2, 3)]
    assert [b.algbw for b in v.bounds] == [Fraction(3, 2), Fraction(3, 2)]
    assert any("exceeds the reduce-scatter + allgather tree bound 3/4" in n for n in v.notes)
    assert any("busiest shared link" in n and "needs 1 per unit" in n and "4/3" in n
               for n in v.notes)
    assert v.to_dict()["concurrent"] is True and "weights" not in v.to_dict()
    # the LP's upper value below the schedule is a contradiction
    v = verify(uneven_star, concurrent_allreduce(), lp_interval=(Fraction(1, 2), Fraction(9, 10)))
    assert v.status == "contradiction"
    assert any("exceeds the allreduce LP's certified upper value 9/10" in r for r in v.reasons)


def test_the_lp_agrees_with_the_hand_computed_optimum(uneven_star):
    from forestcoll_opt.lp.solver import solve

    result = solve(uneven_star, collective="allreduce")
    assert result.lower <= 1 <= result.upper
    assert verify(uneven_star, concurrent_allreduce(), lp_interval=result).optimal


def test_the_same_trees_one_after_the_other(uneven_star):
    sched = concurrent_allreduce()
    del sched["concurrent"]
    v = verify(uneven_star, sched, against="trees")
    assert v.status == "invalid"
    assert v.reasons == ('"algbw" claims 1 but the link loads give 3/4',)
    sched["algbw"] = "3/4"
    v = verify(uneven_star, sched, against="trees")
    assert v.status == "optimal" and v.algbw == Fraction(3, 4) and not v.concurrent
    sched["concurrent"] = False
    assert verify(uneven_star, sched, against="trees").optimal


def test_concurrent_or_weighted_allreduce_refuses_the_tree_reference(uneven_star):
    with pytest.raises(VerifyArgumentError) as err:
        verify(uneven_star, concurrent_allreduce(), against="trees")
    message = str(err.value)
    assert "\n" not in message and "concurrent allreduce" in message
    assert 'against="lp"' in message and "lp_interval" in message
    with pytest.raises(VerifyArgumentError, match="a weighted allreduce"):
        verify(uneven_star, weighted_allreduce(), against="trees")
    with pytest.raises(VerifyArgumentError, match="lp_interval"):
        verify(uneven_star, concurrent_allreduce())


def weighted_allreduce(concurrent: bool = False) -> dict:
    """Weights a: 1, b: 2, c: 2 (Ŵ = 5) on the uneven star, k = 1 in both phases.

    allgather: root a (1): a -> b, a -> c; root b (2): b -> a -> c; root c (2): c -> a -> b.
      loads a->w 2+2+2 = 6 (bandwidth 2: 3), w->a 4, b->w 2, c->w 2, w->b 1+2 = 3,
      w->c 1+2 = 3; r = 3, algbw = Ŵ·k/r = 5/3, the weighted bound (S = {a, c, w} holds
      ŵ = 3 over w->b = 1: algbw* = 5/3)
    reduce-scatter: the same trees reversed; loads mirrored, r = 3, algbw 5/3.
    One after the other: time = 3M/5 + 3M/5, algbw 5/6: above the uniform tree bound 3/4
    (larger shards for b and c, whose links are the bottleneck), below the LP's 1.
    Concurrently: a->w (4+6)/(5·2) = 1, w->a (6+4)/10 = 1, b->w (3+2)/5 = 1, w->b
    (2+3)/5 = 1, likewise for c: algbw 1, the LP optimum.
    """
    rs = [fan_in("a", 1, ["b", "c"]), in_chain("b", 2, ["c", "a"]),
          in_chain("c", 2, ["b", "a"])]
    ag = [fan_out("a", 1, ["b", "c"]), out_chain("b", 2, ["a", "c"]),
          out_chain("c", 2, ["a", "b"])]
    top = {"weights": {"a": 1, "b": 2, "c": 2}, "algbw": "1" if concurrent else "5/6"}
    if concurrent:
        top["concurrent"] = True
    sched = allreduce(rs, ag, **top)
    for phase in sched["phases"]:
        phase.update(tree_bandwidth="1/3", algbw="5/3")
    return sched


def test_hand_built_weighted_allreduce(uneven_star):
    v = verify(uneven_star, weighted_allreduce(), lp_interval=(1, 1))
    assert v.status == "below" and v.valid, v.reasons
    assert v.algbw == Fraction(5, 6) and v.ratio == Fraction(5, 6)
    assert v.rs_ag_bound == Fraction(3, 4) and v.algbw > v.rs_ag_bound    # no contradiction
    assert v.weights == (("a", 1), ("b", 2), ("c", 2))
    # the uniform bounds (tree bound) and the weighted ones (each phase alone)
    assert [(b.collective, b.algbw, b.weights is None) for b in v.bounds] == [
        ("reduce-scatter", Fraction(3, 2), True), ("allgather", Fraction(3, 2), True),
        ("reduce-scatter", Fraction(5, 3), False), ("allgather", Fraction(5, 3), False)]
    v = verify(uneven_star, weighted_allreduce(concurrent=True), lp_interval=(1, 1))
    assert v.status == "optimal" and v.algbw == 1 and v.concurrent, v.reasons
    d = v.to_dict()
    assert d["weights"] == {"a": 1, "b": 2, "c": 2} and d["concurrent"] is True


def test_allreduce_phase_totals_use_each_phase_k(uneven_star):
    sched = weighted_allreduce()
    sched["phases"][1]["k"] = 2          # the allgather trees now weigh k·ŵ = 2, 4, 4
    v = verify(uneven_star, sched, lp_interval=(1, 1))
    assert v.reasons == (
        "phase 1 (allgather): trees rooted at a weigh 1 in all; they must weigh k·ŵ = 2·1 = 2",
        "phase 1 (allgather): trees rooted at b weigh 2 in all; they must weigh k·ŵ = 2·2 = 4",
        "phase 1 (allgather): trees rooted at c weigh 2 in all; they must weigh k·ŵ = 2·2 = 4")
    for tree in sched["phases"][1]["trees"]:
        tree["weight"] *= 2              # loads double with k: the same time, same algbw,
    sched["phases"][1]["tree_bandwidth"] = "1/6"     # but each unit of weight gets half
    v = verify(uneven_star, sched, lp_interval=(1, 1))
    assert v.valid and v.algbw == Fraction(5, 6), v.reasons


def test_a_phase_above_its_own_bound_is_a_contradiction(uneven_star, monkeypatch):
    import sys

    module = sys.modules["forestcoll_opt.verify.verdict"]
    real = module.cached_bound

    def halved(topology, collective, root, kernel, shards=None, orbits=None):
        b = real(topology, collective, root, kernel, shards, orbits)
        if shards is None:
            return b
        return module.CutBound(b.collective, b.algbw / 2, b.cut, b.cut_compute,
                               b.cut_bandwidth, b.method, b.cut_weight, b.weights)

    monkeypatch.setattr(module, "cached_bound", halved)
    v = verify(uneven_star, weighted_allreduce(), lp_interval=(1, 1))
    assert v.status == "contradiction"
    assert v.reasons[0] == ("internal contradiction: phase 0 (reduce-scatter) alone reaches "
                            "algbw 5/3, above the exact weighted reduce-scatter bound 5/6, "
                            "which no schedule can exceed")


# --- generated schedules --------------------------------------------------------------------------

@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter"])
def test_generated_weighted_schedules_verify_optimal(catalog, collective):
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("paper-example")
    weights = {v: 1 + i % 3 for i, v in enumerate(t.compute_nodes)}
    sched = generate(t, collective=collective, weights=weights).to_dict()
    assert sched["format"] == V2
    v = verify(t, sched, weights=weights)
    assert v.status == "optimal", v.reasons
    assert v.bound_algbw == bound_of(t, collective, weights=weights).algbw


# --- the weighted bound against a brute force -----------------------------------------------------

def brute_force_weighted(data: dict, weights: dict, *, reverse: bool = False) -> Fraction:
    """The weighted bound by trying every node set (tests/randomnets.py), on the reversed
    network for reduce-scatter."""
    return brute_force_weighted_bound(reversed_network(data) if reverse else data, weights)


def random_weights(rng: random.Random, nodes) -> dict:
    style = rng.random()
    if style < 0.3:                             # large, mostly coprime weights
        weights = {v: rng.randint(1, 1000) for v in nodes}
    elif style < 0.6:                           # some nodes without a shard
        weights = {v: rng.choice([0, 0, 1, 2, 3]) for v in nodes}
    else:
        weights = {v: rng.randint(1, 6) for v in nodes}
    if not any(weights.values()):
        weights[nodes[0]] = 1
    return weights


@pytest.mark.parametrize("seed", range(30))
def test_weighted_bound_equals_brute_force(seed):
    data = random_network(seed + 7100)
    t = from_dict(data)
    rng = random.Random(seed)
    weights = random_weights(rng, t.compute_nodes)
    for collective, reverse in (("allgather", False), ("reduce-scatter", True)):
        b = bound_of(t, collective, weights=weights)
        assert b.algbw == brute_force_weighted(data, weights, reverse=reverse), collective
        assert "enumerating every cut" in b.method        # and the enumeration agreed
        total = sum(w for _, w in b.weights) if b.weights else len(t.compute_nodes)
        assert total * b.cut_bandwidth / b.cut_weight == b.algbw      # the cut re-sums


def brute_force_weighted_large(data: dict, weights: dict) -> Fraction:
    """The same maximum over the 2^n node sets, vectorised: B+(S) and |S ∩ Vc| from the cut
    table, w(S ∩ Vc) summed here, and for every cut weight only the least B+(S) of the sets
    missing a compute node compared exactly."""
    ids, out, count, scale = cut_table(data)
    masks = np.arange(len(out), dtype=np.int64)
    inside = np.zeros(len(out), dtype=np.int64)
    for i, v in enumerate(ids):
        if v in weights:
            inside += weights[v] * ((masks >> i) & 1)
    proper = count < len(weights)
    best = Fraction(0)
    for value in np.unique(inside[proper]):
        if value > 0:
            smallest = int(out[proper & (inside == value)].min())
            best = max(best, Fraction(int(value) * scale, smallest))
    return sum(weights.values()) / best


@pytest.mark.parametrize("seed", range(3))
def test_weighted_newton_sweep_alone_on_larger_networks(seed):
    """Over 16 nodes the verifier has only its Newton sweep over the sinks."""
    data = random_large_network(seed + 40, n_compute=12)
    t = from_dict(data)
    assert len(t.nodes) > 16
    weights = random_weights(random.Random(seed + 99), t.compute_nodes)
    b = bound_of(t, "allgather", weights=weights)
    assert b.method == "Newton sweep (shard weights)"
    assert b.algbw == brute_force_weighted_large(data, weights)


def test_weights_changed_by_a_mutation_are_caught(even_star):
    """Moving weight between roots keeps the loads' total but breaks the per-root sums."""
    sched = copy.deepcopy(weighted_allgather())
    sched["trees"][0]["weight"] = 1
    sched["trees"][1]["weight"] = 2
    v = verify(even_star, sched)
    assert v.status == "invalid" and len(v.reasons) == 2
    assert v.reasons[0].startswith("trees rooted at a weigh 1 in all")
