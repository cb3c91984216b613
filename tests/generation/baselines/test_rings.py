"""Baseline schedules (NCCL's rings, double binary tree and single-root tree): valid for
the independent verifier and the test-side checker, exact algbw equal to the values
derived by hand, deterministic, and typed one-line errors."""

import hashlib
import json
import os
import subprocess
import sys
from fractions import Fraction

import jsonschema
import pytest

from forestcoll_opt import schemas
from forestcoll_opt.generation.baselines import KINDS, baseline
from forestcoll_opt.generation.baselines.rings import dbtree, ring, tree
from forestcoll_opt.errors import ScheduleError, UsageError
from forestcoll_opt.lp.solver import solve
from forestcoll_opt.model.schedule import achieved_algbw, loads
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from schedcheck import check

SPECS = ["paper-example", "dgx-a100:boxes=1", "dgx-a100:boxes=2", "dgx-a100:boxes=4",
         "dgx-a100:boxes=8", "dgx-h100:boxes=2", "mi250:boxes=2", "mi250:boxes=2,gpus=8",
         "dgx-a100:boxes=3"]
CASES = [("ring", c) for c in ("allgather", "reduce-scatter", "allreduce", "broadcast",
                               "reduce")] + [("dbtree", "allreduce"), ("tree", "broadcast"),
                                             ("tree", "reduce")]
_LP: dict = {}


def lp_interval(t):
    if t.name not in _LP:
        _LP[t.name] = solve(t).interval
    return _LP[t.name]


def gpu(b, i):
    return f"box{b}/gpu{i}"


def box(node):
    return node.split("/")[0]


def star(n=4, bandwidth=10):
    """n compute nodes g0..g{n-1} on one switch, no boxes."""
    nodes = [{"id": f"g{i}"} for i in range(n)] + [{"id": "sw", "kind": "switch"}]
    links = [{"src": f"g{i}", "dst": "sw", "bandwidth": bandwidth, "bidirectional": True}
             for i in range(n)]
    return from_dict({"format": "forestcoll-topology/1", "name": "star", "nodes": nodes,
                      "links": links})


def direct(pairs, n, boxes=None, name="direct"):
    """Compute nodes c0..c{n-1} joined by bidirectional links of 10, no switch."""
    nodes = [{"id": f"c{i}", **({} if boxes is None else {"box": boxes[i]})} for i in range(n)]
    links = [{"src": f"c{a}", "dst": f"c{b}", "bandwidth": 10, "bidirectional": True}
             for a, b in pairs]
    return from_dict({"format": "forestcoll-topology/1", "name": name, "nodes": nodes,
                      "links": links})


def checked(t, s):
    """Write, reload, verify and check ``s``; return the verdict."""
    text = s.to_json()
    again = loads(text)
    assert again.to_json() == text and again.algbw == s.algbw
    if s.num_trees * len(t.compute_nodes) <= 2000:       # jsonschema is slow on big ones
        jsonschema.validate(s.to_dict(), schemas.load("schedule-2" if s.format.endswith("2")
                                                      else "schedule"))
    assert achieved_algbw(again, t) == s.algbw
    assert check(t, s.to_dict()) == s.algbw
    kw = {}
    if s.collective == "allreduce":
        kw = {"lp_interval": lp_interval(t)} if s.concurrent else {"against": "trees"}
    v = verify(t, json.loads(text), **kw)
    assert v.valid and v.status in ("optimal", "below"), v.reasons
    assert v.algbw == s.algbw
    return v


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("kind, collective", CASES)
def test_catalog_baselines_verify(catalog, spec, kind, collective):
    t = catalog(spec)
    root = gpu(1, 3) if spec.startswith("dgx") and "boxes=1" not in spec else (
        t.compute_nodes[-2])
    s = baseline(t, kind, collective=collective, root=root if collective in ("broadcast", "reduce")
                 else None)
    v = checked(t, s)
    assert v.ratio <= 1
    if kind == "ring":
        ks = [p.k for p in s.phases] if s.phases else [s.k]
        per_gpu = 2 if spec == "mi250:boxes=2" else 1     # RCCL's table: two rings per GCD
        assert ks == [per_gpu * min(len(g) for g in t.boxes().values())] * len(ks)
        for phase in s.phases or (s,):
            assert {tr.weight for tr in phase.trees} == {1}
            parts = phase.k if phase.collective in ("broadcast", "reduce") else \
                len(t.compute_nodes) * phase.k
            assert phase.tree_bandwidth == phase.algbw / parts
            for tr in phase.trees:           # every path relays through switches only
                for e in tr.edges:
                    assert all(not t.node[w].is_compute for w in e.path[1:-1])
    if kind == "tree":
        assert s.k == 1 and len(s.trees) == 1 and s.trees[0].root == root


def test_ring_allgather_on_two_dgx_a100(catalog):
    """Per channel the ring crosses between the boxes twice, on rail c (box0/gpu c ->
    box1/gpu c) and rail c+1 (back): each of the 16 NIC up- and downlinks carries one
    ring, 15 of its 16 chains, 15 parts of M/128 at 25 GB/s; an NVSwitch uplink at most
    7 x 15 at 300 GB/s. algbw = 128 x 25 / 15 = 640/3 (busbw 640/3 x 15/16 = 200 GB/s,
    the box's eight 25 GB/s NICs); ForestColl reaches 1040/3."""
    t = catalog("dgx-a100:boxes=2")
    s = ring(t)
    assert s.k == 8 and len(s.trees) == 128 and s.algbw == Fraction(640, 3)
    assert s.tree_bandwidth == Fraction(640, 3) / 128 == Fraction(5, 3)
    # ring 0: box0 from gpu1 (its entry) to gpu0 (its exit, rail 0), box1 from gpu0 to
    # gpu1 (rail 1); the chain of box0/gpu0 follows it
    first = [e.src for e in s.trees[0].edges] + [s.trees[0].edges[-1].dst]
    assert first == [gpu(0, 0)] + [gpu(1, i) for i in (0, 2, 3, 4, 5, 6, 7, 1)] + \
        [gpu(0, i) for i in range(1, 8)]
    hops = {(e.src, e.dst): e.path for tr in s.trees for e in tr.edges}
    assert hops[(gpu(0, 0), gpu(1, 0))] == (gpu(0, 0), "ib/plane0", gpu(1, 0))
    assert hops[(gpu(1, 1), gpu(0, 1))] == (gpu(1, 1), "ib/plane1", gpu(0, 1))
    assert hops[(gpu(1, 2), gpu(1, 4))] == (gpu(1, 2), "box1/nvswitch", gpu(1, 4))
    v = verify(t, s.to_dict())
    assert v.valid and v.algbw == Fraction(640, 3) and v.bound_algbw == Fraction(1040, 3)
    assert v.ratio == Fraction(8, 13)
    assert s.algbw * Fraction(15, 16) == 200


def test_ring_exact_values(catalog):
    # busbw = algbw (N-1)/N = 200 GB/s (the box's NICs) for every number of DGX A100 boxes
    for boxes, n in ((2, 16), (3, 24), (4, 32), (8, 64)):
        s = ring(catalog(f"dgx-a100:boxes={boxes}"))
        assert s.algbw == Fraction(200 * n, n - 1)
    # one box: a single cycle through the NVSwitch, 8 rings x 7 chains per uplink of 300
    assert ring(catalog("dgx-a100:boxes=1")).algbw == Fraction(8 * 8 * 300, 56)
    # DGX H100: 8 rails of 50 GB/s: 128 x 50 / 15
    assert ring(catalog("dgx-h100:boxes=2")).algbw == Fraction(1280, 3)
    # paper example: one ring per node, 7 of 8 chains on each 1 b/s global link: 32/7
    assert ring(catalog("paper-example")).algbw == Fraction(32, 7)


def test_ring_allreduce_is_half_the_allgather(catalog):
    for spec in ("dgx-a100:boxes=2", "mi250:boxes=2"):
        t = catalog(spec)
        ar, ag, rs = ring(t, "allreduce"), ring(t), ring(t, "reduce-scatter")
        assert not ar.concurrent and ar.weights is None
        assert [p.collective for p in ar.phases] == ["reduce-scatter", "allgather"]
        assert ar.phases[1].trees == ag.trees and ar.phases[0].trees == rs.trees
        assert rs.algbw == ag.algbw and ar.algbw == ag.algbw / 2
    assert ring(catalog("dgx-a100:boxes=2"), "allreduce").algbw == Fraction(320, 3)


def test_reduce_scatter_chains_follow_the_ring(catalog):
    t = catalog("paper-example")
    ag, rs = ring(t), ring(t, "reduce-scatter")
    for a, r in zip(ag.trees, rs.trees):
        assert a.root == r.root and len(r.edges) == 7
        assert r.edges[-1].dst == r.root          # the chain ends at its root ...
        assert {(e.src, e.dst) for e in r.edges} <= {(e.src, e.dst) for t_ in ag.trees
                                                     for e in t_.edges}   # ... along the ring


def test_broadcast_and_reduce(catalog):
    one, two, four = (catalog(f"dgx-a100:boxes={b}") for b in (1, 2, 4))
    # one box: a chain through the NVSwitch, every uplink carries the data once
    assert tree(one, "broadcast", root=gpu(0, 5)).algbw == 300
    assert ring(one, "broadcast", root=gpu(0, 5)).algbw == 300
    # two boxes: the tree crosses on one 25 GB/s NIC; 8 rings use all eight: the bound
    assert tree(two, "broadcast", root=gpu(0, 3)).algbw == 25
    s = ring(two, "broadcast", root=gpu(0, 3))
    assert s.k == 8 and s.algbw == 200 == verify(two, s.to_dict()).bound_algbw
    assert ring(two, "reduce", root=gpu(1, 6)).algbw == 200
    # four boxes, ranks from the root's box: box2 <- box0 <- box3, box1, all on rail 6;
    # box0/gpu6 receives from two boxes on its one NIC: 25/2
    s = tree(four, "reduce", root=gpu(2, 6))
    assert s.algbw == Fraction(25, 2) and s.root == gpu(2, 6)
    assert [(e.src, e.dst) for e in s.trees[0].edges if box(e.src) != box(e.dst)] == [
        (gpu(0, 6), gpu(2, 6)), (gpu(3, 6), gpu(0, 6)), (gpu(1, 6), gpu(0, 6))]


def test_dbtree_values(catalog):
    # two DGX A100: per channel c two trees (roots box0/gpu c, box1/gpu c), chains both
    # ways through the NVSwitch: an uplink carries 2 x 7 (reduce) + 2 x 7 (broadcast) of 16
    # parts at 300; the NIC 2 at 25: NVSwitch-bound, 16 x 300 / 28 = 1200/7
    t = catalog("dgx-a100:boxes=2")
    s = dbtree(t)
    assert s.concurrent and s.weights is None and [p.k for p in s.phases] == [1, 1]
    assert len(s.phases[0].trees) == 16 and s.algbw == Fraction(1200, 7)
    assert sorted(tr.root for tr in s.phases[1].trees) == sorted(t.compute_nodes)
    v = checked(t, s)
    assert v.status == "below" and v.rs_ag_bound == Fraction(520, 3)
    # four boxes: NCCL's tree 0 <- 2 -> 1, 3 and its mirror 3 <- 1 -> 2, 0; an inner box's
    # NIC carries 2 (broadcast to its children) + 1 + 1 (reduce) of 16 parts: 16 x 25 / 4
    t = catalog("dgx-a100:boxes=4")
    s = dbtree(t)
    assert s.algbw == 100
    assert dict(s.weights) == {v: int(v.split("/")[0] in ("box0", "box3"))
                               for v in t.compute_nodes}
    first = s.phases[1].trees[0]
    assert first.root == gpu(0, 0)
    assert [(e.src, e.dst) for e in first.edges if box(e.src) != box(e.dst)] == [
        (gpu(0, 0), gpu(2, 0)), (gpu(2, 0), gpu(1, 0)), (gpu(2, 0), gpu(3, 0))]
    # the paper's example: the NICs carry 2 of 8 parts at 1 b/s: 4, the allreduce LP optimum
    t = catalog("paper-example")
    assert dbtree(t).algbw == 4 and checked(t, dbtree(t)).status == "optimal"


def test_dbtree_on_one_box_is_a_chain_and_its_reverse(catalog):
    t = catalog("dgx-a100:boxes=1")
    s = dbtree(t, channels=1)
    a, b = s.phases[1].trees
    assert [e.src for e in a.edges] == [gpu(0, i) for i in range(7)]
    assert [e.src for e in b.edges] == [gpu(0, i) for i in range(7, 0, -1)]
    # the two roots hold the data: weights 1 at gpu0 and gpu7
    assert dict(s.weights)[gpu(0, 0)] == dict(s.weights)[gpu(0, 7)] == 1 and \
        sum(w for _, w in s.weights) == 2
    checked(t, s)
    # 8 channels: every GPU roots two trees, so k = 2 and the weights are uniform
    s = dbtree(t)
    assert s.weights is None and [p.k for p in s.phases] == [2, 2]
    assert s.algbw == Fraction(1200, 7)


def test_channels(catalog):
    t = catalog("dgx-a100:boxes=2")
    s = ring(t, channels=1)
    assert s.k == 1 and len(s.trees) == 16 and s.algbw == Fraction(16 * 25, 15)
    s = ring(t, channels=16)          # channels c and c+8 repeat the same rings
    assert s.k == 16 and s.algbw == Fraction(640, 3)
    s = dbtree(t, channels=2)
    assert len(s.phases[0].trees) == 4 and s.weights is not None
    checked(t, s)


def test_ring_without_boxes():
    t = star()
    s = ring(t)                      # one group of 4: 4 rings, each the cycle g0..g3
    assert s.k == 4 and s.algbw == Fraction(40, 3)
    assert verify(t, s.to_dict()).optimal          # a star's ring is optimal
    assert ring(t, "broadcast", root="g2").algbw == 10
    # direct links only: 0-1-2-5-4-3-0 is the only Hamiltonian cycle, 1-4 a chord
    t = direct([(0, 1), (1, 2), (2, 5), (5, 4), (4, 3), (3, 0), (1, 4)], 6)
    s = ring(t)
    for tr in s.trees:
        assert all(len(e.path) == 2 for e in tr.edges)
    checked(t, s)
    checked(t, dbtree(t))
    checked(t, tree(t, "broadcast", root="c4"))


def test_odd_boxes_and_unequal_boxes():
    # three boxes of three on direct links (a triangle each) and one switch between boxes
    nodes = [{"id": f"b{b}g{i}", "box": b} for b in range(3) for i in range(3)]
    nodes.append({"id": "net", "kind": "switch"})
    links = [{"src": f"b{b}g{i}", "dst": f"b{b}g{(i + 1) % 3}", "bandwidth": 20,
              "bidirectional": True} for b in range(3) for i in range(3)]
    links += [{"src": n["id"], "dst": "net", "bandwidth": 5, "bidirectional": True}
              for n in nodes[:-1]]
    t = from_dict({"format": "forestcoll-topology/1", "name": "odd", "nodes": nodes,
                   "links": links})
    s = ring(t)
    # rails c, c+1, c+2: every GPU leaves its box on exactly one of the 3 rings
    leaving = {(e.src, e.dst) for tr in s.trees for e in tr.edges if e.src[:2] != e.dst[:2]}
    assert sorted(u for u, _ in leaving) == sorted(n["id"] for n in nodes[:-1])
    assert s.algbw == Fraction(9 * 3 * 5, 8)          # one ring (8 chains) per 5 GB/s NIC
    checked(t, s)
    checked(t, dbtree(t))
    # boxes of 2 and 3 nodes: indices are taken modulo each box's size
    nodes = [{"id": f"c{i}", "box": int(i >= 2)} for i in range(5)]
    nodes.append({"id": "net", "kind": "switch"})
    links = [{"src": f"c{a}", "dst": f"c{b}", "bandwidth": 20, "bidirectional": True}
             for a, b in ((0, 1), (2, 3), (3, 4), (4, 2))]
    links += [{"src": f"c{i}", "dst": "net", "bandwidth": 5, "bidirectional": True}
              for i in range(5)]
    t = from_dict({"format": "forestcoll-topology/1", "name": "uneven", "nodes": nodes,
                   "links": links})
    s = ring(t)
    assert s.k == 2
    # ring 0: box0 c1 -> c0 (rails 0, 1 mod 2), box1 c2 -> c4 -> c3 (rails 0, 1 mod 3);
    # ring 1: box0 c0 -> c1, box1 c3 -> c2 -> c4 (rails 1, 2)
    orders = {tuple(e.src for e in tr.edges) + (tr.edges[-1].dst,) for tr in s.trees
              if tr.root == "c0"}
    assert orders == {("c0", "c2", "c4", "c3", "c1"), ("c0", "c1", "c3", "c2", "c4")}
    for kind, coll in CASES:
        checked(t, baseline(t, kind, collective=coll, root="c3" if coll in ("broadcast", "reduce")
                            else None))


def test_boxes_whose_switch_has_no_box():
    # the GPUs carry boxes but their switches do not: no route stays inside a box, so the
    # rings take paths through any switch (here the only one)
    nodes = [{"id": f"g{i}", "box": i // 3} for i in range(6)] + [{"id": "sw", "kind": "switch"}]
    links = [{"src": f"g{i}", "dst": "sw", "bandwidth": 10, "bidirectional": True}
             for i in range(6)]
    t = from_dict({"format": "forestcoll-topology/1", "name": "unboxed-switch",
                   "nodes": nodes, "links": links})
    s = ring(t)
    assert s.k == 3 and s.algbw == Fraction(6 * 3 * 10, 3 * 5)    # each uplink: 3 rings x 5
    for kind, coll in CASES:
        checked(t, baseline(t, kind, collective=coll, root="g4" if coll in ("broadcast", "reduce")
                            else None))


def test_deterministic(catalog, tmp_path):
    t = catalog("mi250:boxes=2")
    for make in (lambda: ring(t, "allreduce"), lambda: dbtree(t),
                 lambda: tree(t, "reduce", root="box1/gcd5")):
        assert make().to_json() == make().to_json()
    code = ("import hashlib; from forestcoll_opt.model.catalog import build; "
            "from forestcoll_opt.generation.baselines.rings import ring, dbtree; t = build('mi250:boxes=2'); "
            "print(hashlib.sha256((ring(t).to_json() + dbtree(t).to_json()).encode())"
            ".hexdigest())")
    digests = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)
        digests.add(out.stdout.strip())
    here = hashlib.sha256((ring(t).to_json() + dbtree(t).to_json()).encode()).hexdigest()
    assert digests == {here}


def one_line(excinfo):
    text = str(excinfo.value)
    assert "\n" not in text and text
    return text


def test_usage_errors(catalog):
    t = catalog("dgx-a100:boxes=2")
    cases = [
        (dict(kind="dbtree", collective="allgather"), "ring"),
        (dict(kind="tree", collective="allgather"), "ring"),
        (dict(kind="tree", collective="allreduce"), "dbtree"),
        (dict(kind="ring", collective="broadcast"), "needs a root"),
        (dict(kind="tree", collective="reduce"), "needs a root"),
        (dict(kind="ring", collective="broadcast", root="ib/plane0"), "not a compute node"),
        (dict(kind="tree", collective="broadcast", root="nope"), "not a compute node"),
        (dict(kind="ring", collective="allgather", root=gpu(0, 0)), "drop the root"),
        (dict(kind="ring", collective="allgather", channels=0), "channels"),
        (dict(kind="ring", collective="allgather", channels=True), "channels"),
        (dict(kind="tree", collective="broadcast", root=gpu(0, 0), channels=2), "drop channels"),
        (dict(kind="nccl", collective="allgather"), "ring, dbtree, tree"),
        (dict(kind="ring", collective="alltoall"), "use one of direct, pxn"),
        (dict(kind="ring", collective="gather"), "unknown collective"),
    ]
    for kwargs, words in cases:
        kind, coll = kwargs.pop("kind"), kwargs.pop("collective")
        with pytest.raises(UsageError) as err:
            baseline(t, kind, collective=coll, **kwargs)
        assert words in one_line(err), (kind, coll, str(err.value))
    assert KINDS == ("ring", "dbtree", "tree", "blink", "multitree")


def test_schedule_errors():
    # a star of compute nodes without switches has no Hamiltonian cycle or path from its centre
    t = direct([(0, 1), (0, 2), (0, 3)], 4, name="compute-star")
    with pytest.raises(ScheduleError) as err:
        ring(t)
    assert "the compute nodes without a box: no path from 'c0' to 'c3'" in one_line(err)
    with pytest.raises(ScheduleError):
        tree(t, "broadcast", root="c0")
    # a hop between boxes with no route through switches only (it would relay through c1)
    t = direct([(0, 1), (1, 2), (2, 3)], 4, boxes=[0, 0, 1, 1], name="line")
    with pytest.raises(ScheduleError) as err:
        ring(t)
    assert "no route from" in one_line(err) and "through switches only" in str(err.value)
