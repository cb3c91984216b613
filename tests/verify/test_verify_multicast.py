"""The verifier on ``"multicast": true`` (forestcoll-schedule/2, issue 13): switches whose
topology node says ``"multicast": true`` replicate (out-trees) or aggregate (in-trees) a
tree's data, so each hop of a group's merged paths carries the data once.

Every number is worked out by hand in the comments. The networks:

* ``boxes``: the paper's Figure 8 ("The constructed spanning out-tree") with three compute
  nodes per box: box 1 is c11, c12, c13 on switch w1, box 2 is c21, c22, c23 on w2, every
  compute node joined to its box switch at 10 each way and to the switch w0 at 1 each way.
  Node order: c11, c12, c13, w1, c21, c22, c23, w2, w0;
* ``star``: a, b, c on one switch w, every link 1 each way;
* ``diamond``: a joined to s1 and s2, both joined to s3, which is joined to b and c (all 1
  each way): two routes from a to s3, so paths can meet again.

The test side's own checker (``schedcheck``) applies the same semantics its own way; the
last tests compare the two on hand-built and mutated schedules.
"""

from __future__ import annotations

import copy
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from forestcoll_opt import schemas
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify as verify_schedule
import schedcheck

V1, V2 = "forestcoll-schedule/1", "forestcoll-schedule/2"


# The schedules below are built by hand around their trees; what the format requires beside
# them and a test leaves out (compute_nodes, every algbw) is filled in by the independent
# checker before the verifier or the checker judges them.

def verify(topology, data, **kwargs):
    return verify_schedule(topology, schedcheck.with_claims(topology, data), **kwargs)


def traffic(topology, data):
    return schedcheck.traffic(topology, schedcheck.with_claims(topology, data))


def achieved_algbw(topology, data):
    return schedcheck.achieved_algbw(topology, schedcheck.with_claims(topology, data))


def check(topology, data):
    return schedcheck.check(topology, schedcheck.with_claims(topology, data))


# --- networks -------------------------------------------------------------------------------------

def boxes(w1=True, w2=True, spine: int | None = None):
    """The two-box network of the module docstring; ``w1``/``w2`` are the switches'
    "multicast" values (None: no key). ``spine`` joins w1 and w2 to w0 as well (that
    bandwidth each way), which lets paths meet again."""
    nodes, links = [], []
    for box, flag in ((1, w1), (2, w2)):
        for j in (1, 2, 3):
            c = f"c{box}{j}"
            nodes.append({"id": c, "kind": "compute", "box": box})
            links.append({"src": c, "dst": f"w{box}", "bandwidth": 10, "bidirectional": True})
            links.append({"src": c, "dst": "w0", "bandwidth": 1, "bidirectional": True})
        switch = {"id": f"w{box}", "kind": "switch", "box": box}
        if flag is not None:
            switch["multicast"] = flag
        nodes.append(switch)
        if spine:
            links.append({"src": f"w{box}", "dst": "w0", "bandwidth": spine,
                          "bidirectional": True})
    nodes.append({"id": "w0", "kind": "switch"})
    return from_dict({"format": "forestcoll-topology/1", "name": "boxes", "nodes": nodes,
                      "links": links})


def star(multicast=True):
    nodes = [{"id": v, "kind": "compute"} for v in "abc"]
    nodes.append({"id": "w", "kind": "switch", "multicast": multicast})
    links = [{"src": v, "dst": "w", "bandwidth": 1, "bidirectional": True} for v in "abc"]
    return from_dict({"format": "forestcoll-topology/1", "name": "star", "nodes": nodes,
                      "links": links})


def diamond():
    nodes = [{"id": v, "kind": "compute"} for v in "abc"]
    nodes += [{"id": s, "kind": "switch", "multicast": True} for s in ("s1", "s2", "s3")]
    pairs = [("a", "s1"), ("a", "s2"), ("s1", "s3"), ("s2", "s3"), ("s3", "b"), ("s3", "c")]
    links = [{"src": x, "dst": y, "bandwidth": 1, "bidirectional": True} for x, y in pairs]
    return from_dict({"format": "forestcoll-topology/1", "name": "diamond", "nodes": nodes,
                      "links": links})


BOX = {"1": ["c11", "c12", "c13"], "2": ["c21", "c22", "c23"]}
COMPUTE = BOX["1"] + BOX["2"]


# --- schedules written by hand --------------------------------------------------------------------

def edge(src: str, dst: str, *via: str) -> dict:
    return {"src": src, "dst": dst, "path": [src, *via, dst]}


def reverse(e: dict) -> dict:
    return {"src": e["dst"], "dst": e["src"], "path": e["path"][::-1]}


def figure_tree(root: str, entry: str, weight: int = 1) -> dict:
    """The out-tree of the paper's Figure 8 (c): the root fans out to its box through
    its box switch (c11 -> w1 once, w1 -> c12 and w1 -> c13), sends once across w0 to
    ``entry`` in the other box, which fans out there through its box switch."""
    mine, other = BOX[root[1]], BOX[entry[1]]
    edges = [edge(root, v, f"w{root[1]}") for v in mine if v != root]
    edges.append(edge(root, entry, "w0"))
    edges += [edge(entry, v, f"w{entry[1]}") for v in other if v != entry]
    return {"root": root, "weight": weight, "edges": edges}


def chain_tree(root: str, entry: str) -> dict:
    """The paper's Figure 8 (b), the same tree before post-processing: chains
    root -> next -> next through the box switch, nothing for a switch to replicate."""
    mine = [root] + [v for v in BOX[root[1]] if v != root]
    other = [entry] + [v for v in BOX[entry[1]] if v != entry]
    edges = [edge(x, y, f"w{root[1]}") for x, y in zip(mine, mine[1:])]
    edges.append(edge(root, entry, "w0"))
    edges += [edge(x, y, f"w{entry[1]}") for x, y in zip(other, other[1:])]
    return {"root": root, "weight": 1, "edges": edges}


def in_tree(out: dict) -> dict:
    """An out-tree with every edge reversed: the in-tree toward the same root."""
    return {"root": out["root"], "weight": out["weight"],
            "edges": [reverse(e) for e in out["edges"]]}


def figure_broadcast(k: int = 1) -> dict:
    """Broadcast from c11 with k trees of weight 1, tree j crossing at c1j -> w0 -> c2j.

    Tree 0 (k = 1) is figure (c). Merged hops of tree 0: group c11: c11->w1, w1->c12,
    w1->c13, c11->w0, w0->c21; group c21: c21->w2, w2->c22, w2->c23: 8 hops of load 1,
    where the paths in full use 10 (c11->w1 and c21->w2 twice). The busiest ratio is
    load/bandwidth = 1/1 on c11->w0 and w0->c21, so algbw = k / r = 1, tree_bandwidth 1.
    The broadcast bound: box 1 leaves only through c1j -> w0, 3 × 1, so max-flow(c11, c21)
    = 3 and algbw* = 3: one tree is "below" (ratio 1/3).

    k = 3: trees 1 and 2 send c11 -> c1j through w1 (the same fan-out) and cross at c12,
    c13. Every w0 link carries 1 (ratio 1), c11->w1 carries 1 per tree (3/10): algbw = 3/1
    = 3, the bound. Traffic per unit of data (a part is M/k): each tree moves 8 parts-hops
    with multicast, 10 without: 3·8/3 = 8 and 3·10/3 = 10."""
    trees = []
    for j in range(k):
        tree = figure_tree("c11", f"c2{j + 1}")
        if j:                       # c11 reaches every box-1 node through w1 as in tree 0
            tree["edges"] = ([edge("c11", v, "w1") for v in ("c12", "c13")]
                             + [edge(f"c1{j + 1}", f"c2{j + 1}", "w0")]
                             + tree["edges"][3:])
        trees.append(tree)
    return {"format": V2, "collective": "broadcast", "multicast": True,
            "compute_nodes": COMPUTE, "root": "c11", "k": k, "tree_bandwidth": "1",
            "algbw": str(k), "trees": trees}


def figure_allgather() -> dict:
    """Allgather, k = 1: the figure tree at every root, c1j crossing to c2j and back.

    Loads with multicast: c1j->w1 carries root c1j's fan-out and root c2j's fan-out from
    its entry c1j: 2 (ratio 2/10); w1->c1j: the trees of the two other box-1 roots and of
    the two box-2 roots entering at the other box-1 nodes: 4 (4/10); c1j->w0, w0->c2j and
    back: 1 each, ratio 1, the busiest. So algbw = N·k/r = 6·1/1 = 6 and tree_bandwidth 1.
    The bound: S = box 2 with w2 and w0 leaves only through w0 -> c1j, 3 × 1, and holds 3
    compute nodes: ratio 3/3 = 1, algbw* = N/1 = 6. Optimal.
    Without multicast c1j->w1 carries 4 (4/10): still r = 1, algbw 6.
    Traffic per unit of data (a part is M/(N·k) = M/6): 6 trees × 8 hops / 6 = 8 with
    multicast, 6 × 10 / 6 = 10 without; on c11->w1 2/6 = 1/3 against 4/6 = 2/3."""
    trees = [figure_tree(f"c{b}{j}", f"c{3 - int(b)}{j}") for b in "12" for j in "123"]
    return {"format": V2, "collective": "allgather", "multicast": True,
            "compute_nodes": COMPUTE, "k": 1, "tree_bandwidth": "1", "algbw": "6",
            "trees": trees}


def figure_reduce() -> dict:
    """Reduce to c11: the three broadcast trees reversed (in-trees), k = 3. In-tree groups
    are by receiving node: tree 0's group c11 is c12 -> w1 -> c11, c13 -> w1 -> c11 and
    c21 -> w0 -> c11, merged at w1 (w1 -> c11 once); group c21 merges c22, c23 at w2. Loads
    mirror the broadcast: algbw 3 (w0 links at ratio 1), the reduce bound is 3 as well
    (box 2 reaches c11 only through c2j -> w0), traffic 8 with, 10 without."""
    data = figure_broadcast(3)
    data["collective"] = "reduce"
    data["trees"] = [in_tree(t) for t in data["trees"]]
    return data


def star_trees(fan: str = "abc") -> list[dict]:
    """Star allgather trees, k = 1: the roots in ``fan`` send one path per destination,
    all sharing their first hop root -> w; the others are chains root -> next -> next."""
    trees = []
    for i, r in enumerate("abc"):
        rest = ["abc"[(i + 1) % 3], "abc"[(i + 2) % 3]]
        if r in fan:
            edges = [edge(r, v, "w") for v in rest]
        else:
            edges = [edge(r, rest[0], "w"), edge(rest[0], rest[1], "w")]
        trees.append({"root": r, "weight": 1, "edges": edges})
    return trees


def star_allgather(fan: str = "abc", multicast: bool | None = True) -> dict:
    data = {"format": V2, "collective": "allgather", "compute_nodes": list("abc"), "k": 1,
            "trees": star_trees(fan)}
    if multicast is not None:
        data["multicast"] = multicast
    return data


def star_allreduce(concurrent: bool = False) -> dict:
    """Reduce-scatter phase: every root's in-tree gathers both other nodes through w
    (merged into w -> root once); allgather phase: every root fans out through w."""
    ag = star_trees()
    rs = [in_tree(t) for t in ag]
    data = {"format": V2, "collective": "allreduce", "multicast": True,
            "compute_nodes": list("abc"),
            "phases": [{"collective": "reduce-scatter", "k": 1, "trees": rs},
                       {"collective": "allgather", "k": 1, "trees": ag}]}
    if concurrent:
        data["concurrent"] = True
    return data


def traffic_by_link(verdict) -> dict:
    return {(a, b): (w, wo) for a, b, w, wo in verdict.link_traffic}


# --- the paper's figure -----------------------------------------------------------------------

def test_figure_tree_fans_out_at_the_multicast_switch():
    v = verify(boxes(), figure_broadcast())
    assert v.status == "below", v.reasons
    assert v.multicast and v.algbw == 1 and v.bound_algbw == 3 and v.ratio == Fraction(1, 3)
    assert v.traffic == (8, 10) and v.traffic[0] < v.traffic[1]
    assert v.link_traffic == (                       # topology order, one part = M
        ("c11", "w1", 1, 2), ("c11", "w0", 1, 1), ("w1", "c12", 1, 1), ("w1", "c13", 1, 1),
        ("c21", "w2", 1, 2), ("w2", "c22", 1, 1), ("w2", "c23", 1, 1), ("w0", "c21", 1, 1))
    (phase,) = v.phases
    assert phase.traffic == (8, 10) and phase.link_traffic == v.link_traffic
    assert phase.busiest[:2] == (("c11", "w0", 1, 1), ("w0", "c21", 1, 1))


def test_figure_broadcast_with_three_trees_is_optimal():
    v = verify(boxes(), figure_broadcast(3))
    assert v.status == "optimal", v.reasons
    assert v.algbw == v.bound_algbw == 3 and v.traffic == (8, 10)
    links = traffic_by_link(v)
    assert links[("c11", "w1")] == (1, 2)                # 3 trees × 1 part of M/3, or × 2
    assert links[("c12", "w0")] == (Fraction(1, 3), Fraction(1, 3))


def test_figure_allgather_is_optimal_and_moves_less_data():
    v = verify(boxes(), figure_allgather())
    assert v.status == "optimal", v.reasons
    assert v.algbw == v.bound_algbw == 6 and v.traffic == (8, 10)
    links = traffic_by_link(v)
    assert links[("c11", "w1")] == (Fraction(1, 3), Fraction(2, 3))
    assert links[("w1", "c11")] == (Fraction(2, 3), Fraction(2, 3))
    assert links[("c11", "w0")] == (Fraction(1, 6), Fraction(1, 6))
    assert sum(w for w, _ in links.values()) == 8 and sum(wo for _, wo in links.values()) == 10
    d = v.to_dict()
    assert d["multicast"] is True
    assert d["traffic"]["with_multicast"] == "8" and d["traffic"]["without_multicast"] == "10"
    assert d["traffic"]["saved"] == "2"
    assert d["traffic"]["links"][0] == {"src": "c11", "dst": "w1", "with_multicast": "1/3",
                                        "without_multicast": "2/3"}
    assert d["certificate"]["primal"]["phases"][0]["traffic"] == {
        "with_multicast": "8", "without_multicast": "10", "saved": "2"}
    json.dumps(d)


def test_the_same_trees_without_multicast_count_every_path():
    """Without the key the same file is version-1 semantics: every path in full. The
    allgather's busiest links are the w0 links either way: algbw 6."""
    for data in (dict(figure_allgather(), multicast=False),
                 {k: v for k, v in figure_allgather().items() if k != "multicast"},
                 dict({k: v for k, v in figure_allgather().items() if k != "multicast"},
                      format=V1)):
        v = verify(boxes(w1=None, w2=None), data)
        assert v.status == "optimal", v.reasons
        assert not v.multicast and v.traffic is None and v.link_traffic == ()
        assert v.phases[0].traffic is None
        d = v.to_dict()
        assert "multicast" not in d and "traffic" not in d
        assert "traffic" not in d["certificate"]["primal"]["phases"][0]


def test_verdicts_of_other_schedules_keep_their_exact_form():
    plain = {k: v for k, v in figure_allgather().items() if k != "multicast"}
    a = verify(boxes(), dict(plain, format=V1)).to_dict()
    b = verify(boxes(), dict(plain, multicast=False)).to_dict()
    assert json.dumps(a) == json.dumps(b)
    assert list(a) == ["status", "valid", "optimal", "reasons", "collective", "against",
                       "algbw", "bound_algbw", "ratio", "lp_interval", "ratio_to_lp_lower",
                       "ratio_to_lp_upper", "rs_ag_bound", "equals_rs_ag_bound",
                       "certificate", "notes", "depth"]


def test_figure_b_merges_nothing():
    """Figure (b): chains through the box switches; every group branches at its own node
    only, so nothing merges: valid, traffic 10 either way, and a note says so."""
    data = figure_broadcast()
    data["trees"] = [chain_tree("c11", "c21")]
    v = verify(boxes(), data)
    assert v.status == "below", v.reasons
    assert v.algbw == 1 and v.traffic == (10, 10)
    assert any("no switch replicates or aggregates" in n for n in v.notes)


@pytest.mark.parametrize("flag", [None, False])
def test_a_switch_without_the_flag_forwards_every_copy(flag):
    """The same tree with w2 unmarked: w2 cannot replicate, so c21 sends one copy per
    receiver through it, exactly as without the key; still valid."""
    marked = verify(boxes(), figure_broadcast())
    v = verify(boxes(w2=flag), figure_broadcast())
    assert v.valid, v.reasons
    assert v.traffic[0] > marked.traffic[0] and v.traffic[1] == marked.traffic[1]
    assert traffic(boxes(w2=flag), figure_broadcast()) == v.traffic



def test_unmarked_switches_count_separate_copies_in_every_tree():
    v = verify(boxes(w1=False), figure_allgather())
    assert v.valid, v.reasons
    assert traffic(boxes(w1=False), figure_allgather()) == v.traffic
    assert v.traffic[0] > verify(boxes(), figure_allgather()).traffic[0]



def test_a_branch_at_the_sending_compute_node_needs_no_flag():
    """c11 sends to w1 and to w0: it branches itself, which is no replication."""
    data = figure_broadcast()
    data["trees"] = [chain_tree("c11", "c21")]
    assert verify(boxes(w1=None, w2=None), data).status == "below"


# --- paths that meet again ----------------------------------------------------------------------

def test_paths_that_meet_again_are_separate_copies():
    """Broadcast from a on the diamond: a -> b through s1 and a -> c through s2 both
    reach s3, by two routes: two copies, as without multicast (every link carries 1; the
    bound max-flow(a, b) = 1 is reached)."""
    data = {"format": V2, "collective": "broadcast", "compute_nodes": list("abc"),
            "root": "a", "k": 1, "algbw": "1",
            "trees": [{"root": "a", "weight": 1, "edges": [edge("a", "b", "s1", "s3"),
                                                            edge("a", "c", "s2", "s3")]}]}
    assert verify(diamond(), data).status == "optimal"
    v = verify(diamond(), dict(data, multicast=True))
    assert v.status == "optimal" and v.traffic == (6, 6), v.reasons
    assert traffic(diamond(), dict(data, multicast=True)) == (6, 6)



def test_the_same_route_is_shared_not_met_again():
    """a -> b and a -> c both through s1 and s3: one route, s3 replicates. Loads: a->s1,
    s1->s3 1 each (instead of 2), s3->b, s3->c 1: r = 1, algbw 1; traffic 4 against 6."""
    data = {"format": V2, "collective": "broadcast", "compute_nodes": list("abc"),
            "root": "a", "k": 1, "multicast": True,
            "trees": [{"root": "a", "weight": 1, "edges": [edge("a", "b", "s1", "s3"),
                                                            edge("a", "c", "s1", "s3")]}]}
    v = verify(diamond(), data)
    assert v.status == "optimal" and v.algbw == 1 and v.traffic == (4, 6), v.reasons
    assert traffic(diamond(), data) == (4, 6)
    assert v.traffic_saved == Fraction(1, 3)             # what verify prints: "33.3% less"
    plain = verify(diamond(), dict(data, multicast=False))
    assert plain.traffic is None and plain.traffic_saved is None


def test_a_path_through_a_switch_twice_counts_both_passes():
    """a -> b along a, s1, s3, s2, s3, b: both passes through s3 carry the data."""
    data = {"format": V2, "collective": "broadcast", "compute_nodes": list("abc"),
            "root": "a", "k": 1,
            "trees": [{"root": "a", "weight": 1, "edges": [
                edge("a", "b", "s1", "s3", "s2", "s3"), edge("b", "c", "s3")]}]}
    plain = verify(diamond(), data)
    v = verify(diamond(), dict(data, multicast=True))
    assert plain.valid and v.valid and v.algbw == plain.algbw
    assert v.traffic[0] == v.traffic[1]
    assert traffic(diamond(), dict(data, multicast=True)) == v.traffic



def test_paths_meeting_again_across_the_spine():
    """c11 -> c21 through w0 and c11 -> c22 through w1, w0, w2 both reach w0: separate
    copies there; the checkers agree."""
    data = figure_broadcast()
    data["trees"][0]["edges"][2:] = [edge("c11", "c21", "w0"),
                                     edge("c11", "c22", "w1", "w0", "w2"),
                                     edge("c21", "c23", "w2")]
    v = verify(boxes(spine=2), data)
    assert v.valid, v.reasons
    assert traffic(boxes(spine=2), data) == v.traffic


# --- in-trees: aggregation ------------------------------------------------------------------------

def test_in_trees_aggregate_at_the_multicast_switch():
    v = verify(boxes(), figure_reduce())
    assert v.status == "optimal", v.reasons
    assert v.algbw == v.bound_algbw == 3 and v.traffic == (8, 10)
    links = traffic_by_link(v)
    assert links[("w1", "c11")] == (1, 2)        # merged once per tree into c11
    assert links[("w2", "c21")] == (Fraction(1, 3), Fraction(2, 3))    # tree 0 only


def test_a_switch_without_the_flag_does_not_aggregate():
    v = verify(boxes(w2=None), figure_reduce())
    assert v.valid, v.reasons
    assert v.traffic[0] > verify(boxes(), figure_reduce()).traffic[0]
    assert traffic(boxes(w2=None), figure_reduce()) == v.traffic



def test_in_tree_paths_that_split_and_meet_again_are_separate_copies():
    data = {"format": V2, "collective": "reduce", "compute_nodes": list("abc"), "root": "a",
            "k": 1, "multicast": True,
            "trees": [{"root": "a", "weight": 1, "edges": [edge("b", "a", "s3", "s1"),
                                                            edge("c", "a", "s3", "s2")]}]}
    v = verify(diamond(), data)
    assert v.valid and v.traffic[0] == v.traffic[1], v.reasons
    assert traffic(diamond(), data) == v.traffic


# --- loads, algbw and the bound on a star -------------------------------------------------------

def test_star_fan_out_is_bounded_by_ingress():
    """Every root sends one path per destination, sharing root -> w. With multicast the
    uplink root -> w carries each tree once: load 1; w -> root carries the two other trees:
    load 2, ratio 2/1 = r. algbw = N·k/r = 3/2, which is the bound: S = every node but v
    has |S ∩ Vc| = 2 and B+(S) = w -> v = 1, ratio 2, so algbw* = 3/2 (the ingress of v).
    Without multicast the uplink carries 2 as well: algbw 3/2 too.
    Traffic (a part is M/3): with multicast 3 trees × 3 hops / 3 = 3, without 3 × 4 / 3 = 4;
    on a -> w 1/3 against 2/3."""
    v = verify(star(), star_allgather())
    assert v.status == "optimal" and v.algbw == v.bound_algbw == Fraction(3, 2), v.reasons
    assert v.phases[0].busiest[0] == ("w", "a", 2, 2)
    links = traffic_by_link(v)
    assert links[("a", "w")] == (Fraction(1, 3), Fraction(2, 3))
    assert links[("w", "a")] == (Fraction(2, 3), Fraction(2, 3))
    assert v.traffic == (3, 4)
    plain = verify(star(None), star_allgather(multicast=None))
    assert plain.status == "optimal" and plain.algbw == Fraction(3, 2)


def test_multicast_lifts_a_schedule_to_the_ingress_bound():
    """Root a fans out (a -> b and a -> c share a -> w); b and c send chains b -> c -> a and
    c -> a -> b. Without multicast a -> w carries 2 (tree a) + 1 (tree c, a -> b) = 3, the
    busiest: algbw = 3·1/3 = 1, tree_bandwidth 1/3. With multicast tree a uses a -> w once:
    3 -> 2, and every other link carries 2 as well: r = 2, algbw = 3/2, the bound.
    Traffic: trees a, b, c move 3, 4, 4 hops with multicast, 4, 4, 4 without: 11/3 and 4."""
    v = verify(star(), star_allgather("a"))
    assert v.status == "optimal" and v.algbw == Fraction(3, 2), v.reasons
    assert v.traffic == (Fraction(11, 3), 4)
    plain = verify(star(), star_allgather("a", multicast=None))
    assert plain.status == "below" and plain.algbw == 1 and plain.ratio == Fraction(2, 3)
    assert plain.phases[0].busiest[0] == ("a", "w", 3, 3)
    claimed = dict(star_allgather("a"), algbw="1", tree_bandwidth="1/3")     # the plain values
    bad = verify(star(), claimed)
    assert bad.status == "invalid"
    assert "\"algbw\" claims 1 but the link loads give 3/2" in bad.reasons
    assert "\"tree_bandwidth\" claims 1/3 but the link loads give 1/2" in bad.reasons
    ok = verify(star(), dict(star_allgather("a"), algbw="3/2", tree_bandwidth="1/2"))
    assert ok.status == "optimal"


def test_different_groups_of_one_tree_count_separately():
    """Tree c of the figure allgather's box-2 roots: c21's tree has groups c21 (w2 fan-out,
    c21 -> w0) and c11 (w1 fan-out). c11 -> w1 carries root c11's group and root c21's
    group c11: load 2, not 1."""
    v = verify(boxes(), figure_allgather())
    assert traffic_by_link(v)[("c11", "w1")][0] * 6 == 2


def test_multicast_allreduce_adds_both_phases():
    """Reduce-scatter: root a's in-tree merges b -> w -> a and c -> w -> a into w -> a
    once; a -> w carries a's contributions to b's and c's trees (two groups): 2. Ratio 2,
    phase algbw 3/2. Allgather: the fan-out star, 3/2. One after the other: 1/(2/3 + 2/3)
    = 3/4, the reduce-scatter + allgather tree bound. Traffic: 3 + 3 with, 4 + 4 without."""
    v = verify(star(), star_allreduce(), against="trees")
    assert v.status == "optimal" and v.algbw == Fraction(3, 4), v.reasons
    assert [p.traffic for p in v.phases] == [(3, 4), (3, 4)]
    assert v.traffic == (6, 8)
    links = traffic_by_link(v)
    assert links[("a", "w")] == (1, Fraction(4, 3))     # 2/3 + 1/3 with, 2/3 + 2/3 without
    d = v.to_dict()
    assert [p["traffic"]["with_multicast"] for p in d["certificate"]["primal"]["phases"]] \
        == ["3", "3"]
    assert achieved_algbw(star(), star_allreduce()) == Fraction(3, 4)
    assert traffic(star(), star_allreduce()) == (6, 8)


def test_concurrent_multicast_allreduce_may_exceed_the_lp_without_multicast():
    """Concurrent: a -> w carries 2/3 (reduce-scatter) + 1/3 (allgather) = 1 per unit of
    data, w -> a 1/3 + 2/3 = 1: algbw 1. The allreduce LP of the star (no multicast in it)
    is 3/4: every node sends 2·(N-1)/N = 4/3 of the data without in-network help."""
    assert achieved_algbw(star(), star_allreduce(True)) == 1
    v = verify(star(), star_allreduce(True), lp_interval=(Fraction(3, 4), Fraction(3, 4)))
    assert v.algbw == 1
    assert v.status == "optimal", v.reasons
    assert any("models no in-network aggregation" in n for n in v.notes)


# --- the key ----------------------------------------------------------------------------------

def test_version_1_refuses_the_key():
    data = dict(figure_broadcast(), format=V1)
    v = verify(boxes(), data)
    assert v.status == "invalid"
    assert v.reasons == ("key \"multicast\" needs forestcoll-schedule/2; this file says "
                         "forestcoll-schedule/1",)
    assert check(boxes(), data) is None
    data["multicast"] = False                       # even false
    assert verify(boxes(), data).status == "invalid"
    assert check(boxes(), data) is None


@pytest.mark.parametrize("value, shown", [("yes", "\"yes\""), (1, "1"), (None, "null"),
                                          ([True], "a list of 1 item(s)")])
def test_the_key_is_a_boolean(value, shown):
    v = verify(boxes(), dict(figure_broadcast(), multicast=value))
    assert v.status == "invalid"
    assert f"\"multicast\" must be true or false, found {shown}" in v.reasons
    assert check(boxes(), dict(figure_broadcast(), multicast=value)) is None


def test_the_key_belongs_at_the_top_level_of_every_collective():
    data = star_allreduce()
    data["phases"][1]["multicast"] = True
    v = verify(star(), data, against="trees")
    assert v.status == "invalid"
    assert any("unknown key \"multicast\"" in r for r in v.reasons)
    assert check(star(), data) is None
    for data in (figure_broadcast(), figure_reduce(), figure_allgather()):
        assert verify(boxes(), data).valid
    rs = dict(star_allgather(), collective="reduce-scatter")
    rs["trees"] = [in_tree(t) for t in rs["trees"]]
    v = verify(star(), rs)
    assert v.status == "optimal" and v.traffic == (3, 4), v.reasons


def test_multicast_with_weights():
    """Weights a: 2, b: 1, c: 1 (Ŵ = 4) on the fan-out star, root a's tree weighing 2:
    a -> w 2, w -> a 1 + 1 = 2, w -> b 2 + 1 = 3, w -> c 3: r = 3, algbw = Ŵ·k/r = 4/3;
    the weighted bound: b must receive ŵ_a + ŵ_c = 3 of 4 parts through w -> b (1): 4/3.
    Traffic (a part is M/4): tree a 2 × 3 hops, b and c 3 each: 12/4 = 3 with; 2 × 4 + 4 + 4
    = 16, 16/4 = 4 without."""
    data = dict(star_allgather(), weights={"a": 2, "b": 1, "c": 1})
    data["trees"][0]["weight"] = 2
    v = verify(star(), data)
    assert v.status == "optimal" and v.algbw == Fraction(4, 3), v.reasons
    assert v.traffic == (3, 4)
    assert traffic(star(), data) == (3, 4)


# --- the schema -------------------------------------------------------------------------------

SCHEMA = jsonschema.Draft202012Validator(schemas.load("schedule-2"))


def test_schema_takes_the_key_at_the_top_of_every_collective():
    for data in (figure_broadcast(), figure_reduce(), figure_allgather(),
                 dict(figure_allgather(), multicast=False)):
        assert SCHEMA.is_valid(data), list(SCHEMA.iter_errors(data))[:3]
    full = dict(star_allreduce(True), algbw="1")
    for phase in full["phases"]:
        phase.update(algbw="3/2")
    assert SCHEMA.is_valid(full)
    assert not jsonschema.Draft202012Validator(schemas.load("schedule")).is_valid(
        dict(figure_broadcast(), format=V1))


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_schema_refuses_what_the_verifier_refuses(value):
    assert not SCHEMA.is_valid(dict(figure_broadcast(), multicast=value))
    data = dict(star_allreduce(), algbw="3/4")
    data["phases"][0].update(algbw="3/2", multicast=True)
    data["phases"][1].update(algbw="3/2")
    assert not SCHEMA.is_valid(data)


def test_schedule_2_schema_adds_only_the_three_keys():
    """Version 2 is version 1 with "weights", "concurrent" and "multicast" (descriptions
    aside)."""
    def bare(node):
        if isinstance(node, dict):
            return {k: bare(v) for k, v in node.items() if k != "description"}
        if isinstance(node, list):
            return [bare(v) for v in node]
        return node

    one, two = bare(schemas.load("schedule")), bare(schemas.load("schedule-2"))
    assert two["$defs"].pop("multicast") == {"type": "boolean"}
    assert two["$defs"].pop("weights")["additionalProperties"] == {"$ref": "#/$defs/weight"}
    two["$defs"].pop("weight")
    assert two["$defs"]["allreduceSchedule"]["properties"].pop("concurrent") == {"type": "boolean"}
    for name in ("everyRootSchedule", "allreduceSchedule"):
        assert two["$defs"][name]["properties"].pop("weights") == {"$ref": "#/$defs/weights"}
    for name in ("everyRootSchedule", "oneRootSchedule", "allreduceSchedule"):
        assert two["$defs"][name]["properties"].pop("multicast") == {"$ref": "#/$defs/multicast"}
    for key, value in (("$id", "urn:forestcoll:schedule:1"), ("title", "forestcoll-schedule/1")):
        two[key] = value
    two["properties"]["format"]["const"] = "forestcoll-schedule/1"
    assert one == two


# --- the verifier and the test side's checker agree ---------------------------------------------

def agree(topology, data, against: str = "trees"):
    """Both judge ``data`` alike: valid with the same algbw and the same traffic, or both
    refuse it. Returns the verdict."""
    v = verify(topology, data, against=against)
    assert v.status != "contradiction", v.reasons
    got = check(topology, data)
    assert v.valid == (got is not None), (v.reasons, got)
    if v.valid:
        assert v.algbw == got
        with_, without = traffic(topology, data)
        if v.multicast:
            assert v.traffic == (with_, without)
            assert sum(w for _, _, w, _ in v.link_traffic) == with_
        else:
            assert v.traffic is None and with_ == without
    return v


@pytest.mark.parametrize("name", ["broadcast-1", "broadcast-3", "allgather", "reduce", "b"])
def test_the_hand_built_schedules_agree(name):
    data = {"broadcast-1": figure_broadcast(), "broadcast-3": figure_broadcast(3),
            "allgather": figure_allgather(), "reduce": figure_reduce(),
            "b": dict(figure_broadcast(), trees=[chain_tree("c11", "c21")])}[name]
    for topology in (boxes(), boxes(w2=None), boxes(w1=False), boxes(None, None)):
        agree(topology, data)
        agree(topology, dict(data, multicast=False))
    agree(star(), star_allgather("a"))
    agree(star(), star_allreduce())


TOPOLOGY_FLAGS = [(True, True), (True, True), (True, None), (None, True), (False, False)]


def _routes(topology, s: str, d: str) -> list[list[str]]:
    """Every route from s to d relaying through at most three switches, a switch possibly
    twice (valid without multicast, meeting itself with it)."""
    cap = topology.capacity
    switches = set(topology.switch_nodes)
    found, frontier = [], [[s]]
    for _ in range(4):
        longer = []
        for route in frontier:
            if (route[-1], d) in cap:
                found.append(route + [d])
            longer += [route + [w] for w in sorted(switches) if (route[-1], w) in cap]
        frontier = longer
    return found


def _mutant(rng: random.Random) -> tuple[object, dict]:
    topology = boxes(*rng.choice(TOPOLOGY_FLAGS), spine=2)
    base = rng.choice([figure_allgather, figure_reduce, lambda: figure_broadcast(3),
                       figure_broadcast])()
    data = copy.deepcopy(base)
    for key in ("algbw", "tree_bandwidth"):            # claims would fail most reroutes
        data.pop(key, None)
    inward = data["collective"] == "reduce"
    for _ in range(rng.choice([1, 1, 2])):
        op = rng.choice(["route"] * 4 + ["share"] * 3 + ["regroup", "key", "format",
                                                         "weight", "claim"])
        tree = rng.choice(data["trees"])
        e = rng.choice(tree["edges"])
        if op == "route":                              # another route, valid or not
            e["path"] = rng.choice(_routes(topology, e["src"], e["dst"]))
        elif op == "share":                            # follow a sibling's route, then turn
            group = "dst" if inward else "src"
            siblings = [o for o in tree["edges"] if o[group] == e[group] and o is not e]
            o = rng.choice(siblings)["path"] if siblings else []
            if len(o) > 2:
                cut = rng.randrange(1, len(o) - 1)     # o[cut] is a switch
                e["path"] = ([e["src"]] + o[len(o) - 1 - cut:]) if inward else (
                    o[:cut + 1] + [e["dst"]])
        elif op == "regroup":                          # another sender (receiver in-trees)
            e["dst" if inward else "src"] = rng.choice(COMPUTE)
            e["path"] = rng.choice(_routes(topology, e["src"], e["dst"]) or [[e["src"],
                                                                             e["dst"]]])
        elif op == "key":
            data["multicast"] = rng.choice([True, False, "yes", None])
            if data["multicast"] is None:
                del data["multicast"]
        elif op == "format":
            data["format"] = rng.choice([V1, V2])
        elif op == "weight":
            tree["weight"] = rng.choice([1, 2, 0])
        else:
            data["algbw"] = rng.choice(["1", "3", "6", "1/7"])
    return topology, data


def test_mutated_multicast_schedules_agree():
    """60 mutants of the figure schedules (reroutes over a spine that lets paths meet
    again, regrouped edges, the key and the format toggled, weights and claims changed) on
    four flag settings: the verifier and the checker agree on every one, and the mix holds
    valid multicast mutants that save traffic as well as invalid ones."""
    seen = {"valid": 0, "invalid": 0, "saving": 0}
    for n in range(60):
        topology, data = _mutant(random.Random(f"multicast/{n}"))
        v = agree(topology, data, against="trees")
        seen["valid" if v.valid else "invalid"] += 1
        if v.valid and v.multicast and v.traffic[0] < v.traffic[1]:
            seen["saving"] += 1
    assert seen["valid"] >= 10 and seen["invalid"] >= 10 and seen["saving"] >= 5, seen


# --- the example of docs/formats.md -------------------------------------------------------------

def test_the_docs_example_is_what_it_claims():
    """The indented tree of the multicast paragraph of docs/formats.md, on the page's
    example topology with ``net`` marked: valid, traffic 4 against 5 (a1 -> net carries 1
    instead of 2), and the quoted reason when ``net`` is not marked."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text(
        encoding="utf-8")
    (topo_text,) = [b for b in re.findall(r"^```json\n(.*?)\n```$", text,
                                          re.DOTALL | re.MULTILINE)
                    if '"forestcoll-topology/1"' in b]
    block = re.search(r"^    \{\"root\": \"a0\".*?^    \]\}$", text, re.DOTALL | re.MULTILINE)
    tree = json.loads(block.group(0))
    doc = json.loads(topo_text)
    schedule = {"format": V2, "collective": "broadcast", "multicast": True, "root": "a0",
                "compute_nodes": ["a0", "a1", "b0", "b1"], "k": 1, "trees": [tree]}
    plain = from_dict(doc)
    for node in doc["nodes"]:
        if node["id"] == "net":
            node["multicast"] = True
    marked = from_dict(doc)
    v = verify(marked, schedule)
    assert v.valid and v.traffic == (4, 5), v.reasons
    assert traffic_by_link(v)[("a1", "net")] == (1, 2)
    assert traffic(marked, schedule) == (4, 5)
    unmarked = verify(plain, schedule)
    assert unmarked.valid and unmarked.traffic == (5, 5)
