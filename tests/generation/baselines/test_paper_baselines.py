"""The paper's generated baselines, Blink+Switch and MultiTree (generation/baselines/blink_switch.py,
generation/baselines/multi_tree.py): exact algbw worked out by hand on small networks, the theoretical
gaps to ForestColl pinned on the catalog machines of the paper's evaluation, every
schedule valid for the independent verifier with the same algbw, and typed errors."""

import json
from fractions import Fraction

import pytest

from forestcoll_opt.analysis.checks import verify as verify_with_lp   # solves the LP
from forestcoll_opt.errors import CollectiveError, UsageError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.catalog import build
from forestcoll_opt.model.schedule import achieved_algbw, loads
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.generation.baselines.blink_switch import blink, logical_topology, packing_rates
from forestcoll_opt.generation.baselines.multi_tree import grow, multitree
from forestcoll_opt.timing.tradeoffs import tradeoff
from forestcoll_opt.verify import verify
from handmade import ASYM
from schedcheck import check


def ring4():
    """c0 - c1 - c2 - c3 - c0, every link 10 each way, no switch."""
    nodes = [{"id": f"c{i}"} for i in range(4)]
    links = [{"src": f"c{i}", "dst": f"c{(i + 1) % 4}", "bandwidth": 10, "bidirectional": True}
             for i in range(4)]
    return from_dict({"format": "forestcoll-topology/1", "name": "ring4", "nodes": nodes,
                      "links": links})


def valid(t, s, status="valid"):
    """The verifier and the test-side checker agree with the schedule's own algbw; with a
    ``status`` other than "valid" the verifier also compares with the optimum (the
    allreduce LP solved)."""
    text = s.to_json()
    again = loads(text)
    assert again.to_json() == text and achieved_algbw(again, t) == s.algbw
    assert check(t, s.to_dict()) == s.algbw
    lp = status != "valid"
    v = (verify_with_lp if lp else verify)(t, json.loads(text), validity_only=not lp)
    assert v.valid and v.status == status, v.reasons
    assert v.algbw == s.algbw
    return v


def test_ring_by_hand():
    t = ring4()
    # ForestColl: a single node's ingress (20) must take 3 of 4 shards: allgather 4·20/3.
    assert generate(t, collective="allgather").algbw == Fraction(80, 3)
    assert generate(t, collective="allreduce").algbw == Fraction(40, 3)
    # Blink from c0: two links leave c0, so λ = 20 = two trees of 10, and with one edge
    # out of c0 each they are the chains c0 c1 c2 c3 and c0 c3 c2 c1. The reduce runs on
    # the same chains reversed, at once: c1->c2 carries chain 1 and reversed chain 2, so
    # 2 trees' halves over 10: M·2/(2·10), algbw 10 (as the phases one after the other).
    bc = blink(t, collective="broadcast", root="c0")
    assert bc.algbw == 20 and bc.k == 2
    assert sorted(tuple(e.dst for e in tr.edges) for tr in bc.trees) == [
        ("c1", "c2", "c3"), ("c3", "c2", "c1")]
    assert blink(t, collective="reduce", root="c2").algbw == 20
    ar = blink(t, collective="allreduce")
    assert ar.algbw == 10 and ar.concurrent
    assert ar.weights == (("c0", 1), ("c1", 0), ("c2", 0), ("c3", 0))  # ties: the first
    # MultiTree, unit 10 (every link one unit): step 0 every tree takes both links of its
    # root (c0's tree: c0->c1, then c0->c3), every one of the 8 links once; step 1 each
    # tree adds its opposite node from its earliest member that reaches it (c0's tree:
    # c1->c2), using c1->c2, c0->c3, c1->c0, c0->c1 a second time. T = 2 and the busiest
    # links carry 2 edges: allgather 4·10/2 = 20 (3/4 of the optimum) either way.
    g = grow(t, list(t.compute_nodes))
    assert g.num_steps == 2 and g.unit == 10 and g.step_algbw == 20
    assert [(e.src, e.dst) for e in g.trees[0].edges] == [("c0", "c1"), ("c0", "c3"),
                                                          ("c1", "c2")]
    assert g.steps[0] == (0, 0, 1)
    assert multitree(t, collective="allgather").algbw == 20
    assert multitree(t, collective="reduce-scatter").algbw == 20
    assert multitree(t, collective="allreduce").algbw == 10
    valid(t, bc, "optimal")                                  # a single root's optimum
    for s in (ar, multitree(t, collective="allgather"),
              multitree(t, collective="allreduce")):
        valid(t, s, "below")


def test_paper_example_by_hand():
    """Two boxes of 4: 10 to the box switch, 1 to the global switch."""
    t = build("paper-example")
    assert generate(t, collective="allgather").algbw == 8     # 4 per box across, M/2 each way
    # Blink: the inter-box cut, 4, limits one root; the reduce crosses the global switch
    # into the root's box, the broadcast out of it, on opposite link directions, so the
    # two phases run at once at the full 4 = ForestColl's reduce-scatter + allgather.
    ar = blink(t, collective="allreduce")
    assert ar.algbw == 4 == generate(t, collective="allreduce").algbw
    # MultiTree, unit 1 (the global links; box links are 10 units): in step 0 every tree
    # takes its box over the box switch (width 10 first), then one node of the other box
    # over its root's global link; in step 1 that node adds its box. Each global link
    # carries one edge, each box link 6 of 10: the trees reach the optimum 8, but lock-step
    # (2 steps of a shard over a unit of 1) MultiTree's own timing says 8·1/2 = 4.
    g = grow(t, list(t.compute_nodes))
    assert g.num_steps == 2 and g.step_algbw == 4
    mt = multitree(t, collective="allgather")
    assert mt.algbw == 8
    valid(t, ar)
    valid(t, mt)


# (FC allgather, MultiTree allgather, FC allreduce, Blink+Switch allreduce, MultiTree
# allreduce), all exact; benchmarks/paper_baselines.py writes them to data/paper_baselines.csv
CATALOG = {
    "dgx-a100:boxes=2": ("1040/3", "2400/7", "520/3", "150", "1200/7"),
    "mi250:boxes=2,gpus=8": ("208", "256/3", "104", "64", "128/3"),
    "mi250:boxes=2": ("5312/15", "512/5", "2656/15", "128", "256/5"),
    "mi250:boxes=4": ("1024/3", "1024/9", "512/3", "128", "512/9"),
}


SLOW = {"mi250:boxes=4"}


@pytest.mark.parametrize("spec", [pytest.param(s, marks=pytest.mark.slow) if s in SLOW else s
                                  for s in CATALOG])
def test_catalog_gaps(spec):
    t = build(spec)
    fc_ag, mt_ag, fc_ar, bl_ar, mt_ar = (Fraction(x) for x in CATALOG[spec])
    assert generate(t, collective="allgather").algbw == fc_ag
    assert generate(t, collective="allreduce").algbw == fc_ar
    schedules = {"mt_ag": multitree(t, collective="allgather"),
                 "mt_ar": multitree(t, collective="allreduce"),
                 "bl_ar": blink(t, collective="allreduce")}
    assert schedules["mt_ag"].algbw == mt_ag
    assert schedules["mt_ar"].algbw == mt_ar == 1 / (2 / mt_ag)
    assert schedules["bl_ar"].algbw == bl_ar
    for s in schedules.values():
        valid(t, s)
    assert fc_ag / mt_ag > 1 and fc_ar / bl_ar > 1


def test_blink_broadcast_is_the_cut_on_two_boxes():
    """On the paper's 2-box machines the allgather's logical topology keeps the whole
    inter-box cut for one root: Blink's packing rate is the optimal broadcast, the IB
    bandwidth of a box (8 x 25 on A100, 16 x 16 and 8 x 16 on MI250)."""
    for spec, cut in (("dgx-a100:boxes=2", 200), ("mi250:boxes=2", 256),
                      ("mi250:boxes=2,gpus=8", 128)):
        t = build(spec)
        g = logical_topology(t)
        root = t.compute_nodes[0]
        assert Fraction(packing_rates(g, [root])[root]) / g.U == cut
        s = blink(t, collective="broadcast", root=root)
        assert s.algbw == cut
        valid(t, s)


def test_directed_network():
    """Links without an equal reverse: the reduce phases are grown on the reversed network."""
    t = from_dict(ASYM)
    for s in (blink(t, collective="reduce", root="c"), blink(t, collective="allreduce"),
              multitree(t, collective="reduce-scatter"), multitree(t, collective="allreduce")):
        valid(t, s)


def test_baseline_kinds_and_tradeoff():
    t = build("mi250:boxes=2,gpus=8")
    assert baseline(t, "blink", collective="allreduce").algbw == 64
    assert baseline(t, "multitree", collective="allgather").algbw == Fraction(256, 3)
    assert baseline(t, "blink", collective="allreduce", root="box1/gcd3").phases[0].trees[0] \
        .root == "box1/gcd3"
    r = tradeoff(t, collective="allreduce", ks=[1], baselines=["blink", "multitree"],
                 sizes=[2**20, 2**30])
    # the allreduce LP schedule is a candidate too: 128 on this network, above the trees' 104
    assert [c.name for c in r.candidates] == ["k=1", "lp", "blink", "multitree"]
    assert [c.algbw for c in r.candidates][1:] == [128, 64, Fraction(128, 3)]


def test_deterministic():
    t = build("dgx-a100:boxes=2")
    for make in (lambda: blink(t, collective="allreduce"),
                 lambda: multitree(t, collective="allgather")):
        assert make().to_json() == make().to_json()


def test_errors():
    t = build("dgx-a100:boxes=2")
    cases = [
        (dict(kind="blink", collective="allgather"), "not allgather"),
        (dict(kind="blink", collective="reduce-scatter"), "multitree or ring"),
        (dict(kind="multitree", collective="broadcast", root="box0/gpu0"), "blink or tree"),
        (dict(kind="multitree", collective="reduce"), "blink or tree"),
        (dict(kind="blink", collective="allreduce", root="ib/plane0"), "not a compute node"),
        (dict(kind="blink", collective="allreduce", channels=2), "no channels"),
        (dict(kind="multitree", collective="allgather", channels=2), "no channels"),
    ]
    for kwargs, words in cases:
        kind, coll = kwargs.pop("kind"), kwargs.pop("collective")
        with pytest.raises(UsageError) as err:
            baseline(t, kind, collective=coll, **kwargs)
        assert words in str(err.value) and "\n" not in str(err.value), (kind, coll)
    with pytest.raises(CollectiveError):
        baseline(t, "blink", collective="broadcast")                 # needs a root
    with pytest.raises(CollectiveError):
        baseline(t, "multitree", collective="allgather", root="box0/gpu0")
