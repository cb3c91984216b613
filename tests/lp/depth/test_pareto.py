"""The throughput–depth front (:mod:`forestcoll_opt.lp.depth`): pinned against brute force
on tiny networks (every depth-bounded tree with every route, the LP over all of them),
depth 1 exact without a MILP, the last depth at the cut bound, every point's schedule
verified, and a schedule deeper than it claims refused by the verifier."""

import itertools
from fractions import Fraction

import numpy as np
import forestcoll_opt as fc
import pytest
from scipy.optimize import linprog

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.model.linkloads import achieved_algbw
from forestcoll_opt.model.numbers import fraction_text
from forestcoll_opt.model.schedule import from_dict
from forestcoll_opt.model.topology import Link, Node, Topology
from forestcoll_opt.lp.depth.front import depth_schedule, pareto
from forestcoll_opt.verify import verify


def _net(name, compute, switches, links):
    nodes = tuple(Node(c, "compute") for c in compute) + tuple(Node(s, "switch") for s in switches)
    return Topology(name=name, nodes=nodes, links=tuple(
        Link(a, b, Fraction(bw), bidirectional=True) for a, b, bw in links))


TINY = [
    # a switch and one fast direct pair: depth 1 pays for the slow switch ports
    _net("tiny-a", ["a", "b", "c", "d"], ["s"],
         [("a", "s", 2), ("b", "s", 2), ("c", "s", 1), ("d", "s", 1), ("a", "b", 3),
          ("c", "d", 2)]),
    # a ring of four with one switch at two nodes: far nodes need depth 2 or the switch
    _net("tiny-b", ["a", "b", "c", "d"], ["s"],
         [("a", "b", 4), ("b", "c", 4), ("c", "d", 4), ("d", "a", 4), ("a", "s", 1),
          ("c", "s", 1)]),
    # two boxes of two behind box switches, joined by one slow link between the switches
    _net("tiny-c", ["a0", "a1", "b0", "b1"], ["sa", "sb"],
         [("a0", "sa", 5), ("a1", "sa", 5), ("b0", "sb", 5), ("b1", "sb", 5), ("sa", "sb", 2),
          ("a0", "b0", 1)]),
]


def _one_hop_routes(t):
    """Every simple route from a compute node through switches only to another."""
    compute = set(t.compute_nodes)
    out = {}
    for (a, b) in t.capacity:
        out.setdefault(a, []).append(b)
    routes = {}

    def walk(path):
        for b in out.get(path[-1], ()):
            if b in path:
                continue
            if b in compute:
                routes.setdefault((path[0], b), []).append(tuple(path) + (b,))
            else:
                walk(path + [b])

    for u in t.compute_nodes:
        walk([u])
    return routes


def _brute_force(t, depth):
    """The best algbw of trees of depth <= ``depth``: the LP over every such tree with every
    choice of routes (scipy's HiGHS, floats), or 0 when none exists."""
    compute = list(t.compute_nodes)
    routes = _one_hop_routes(t)
    links = sorted(t.capacity)
    cols = []                                   # (root, load vector)
    for r in compute:
        others = [v for v in compute if v != r]
        for parents in itertools.product(compute, repeat=len(others)):
            parent = dict(zip(others, parents))
            if any(parent[v] == v or (parent[v], v) not in routes for v in others):
                continue
            level, ok = {r: 0}, True
            for v in others:
                seen, w = [], v
                while w not in level and w not in seen:
                    seen.append(w)
                    w = parent[w]
                if w not in level:
                    ok = False
                    break
                for x in reversed(seen):
                    level[x] = level[parent[x]] + 1
            if not ok or max(level.values()) > depth:
                continue
            edges = [(parent[v], v) for v in others]
            for choice in itertools.product(*(routes[e] for e in edges)):
                load = np.zeros(len(links))
                for path in choice:
                    for hop in zip(path, path[1:]):
                        load[links.index(hop)] += 1
                cols.append((r, load))
    if not cols or {r for r, _ in cols} != set(compute):
        return 0.0
    # variables: w per column, then λ; minimise λ
    n = len(cols)
    cap = np.array([float(t.capacity[e]) for e in links])
    a_ub = np.zeros((len(links), n + 1))
    for j, (_, load) in enumerate(cols):
        a_ub[:, j] = load / cap
    a_ub[:, n] = -1
    a_eq = np.zeros((len(compute), n + 1))
    for j, (r, _) in enumerate(cols):
        a_eq[compute.index(r), j] = 1
    res = linprog(np.r_[np.zeros(n), 1.0], A_ub=a_ub, b_ub=np.zeros(len(links)), A_eq=a_eq,
                  b_eq=np.ones(len(compute)), bounds=[(0, None)] * (n + 1), method="highs")
    assert res.status == 0
    return len(compute) / res.fun


@pytest.mark.parametrize("t", TINY, ids=lambda t: t.name)
def test_tiny_networks_match_brute_force_at_every_depth(t):
    front = pareto(t, max_depth=3)
    assert [p.depth for p in front.points] == [1, 2, 3]
    for p in front.points:
        best = _brute_force(t, p.depth)
        assert p.exact, p
        assert float(p.lower) == pytest.approx(best, rel=1e-9), (p, best)
        if p.schedule is not None:
            v = verify(t, p.schedule.to_dict(), max_depth=p.depth)
            assert v.algbw == p.lower and v.depth <= p.depth
    assert front.points[-1].upper <= bound(t).algbw


def test_a_deeper_schedule_is_a_better_one_on_tiny_b():
    # the ring with a switch at a and c only: depth 1 sends b -> d through... nothing but
    # the switch from a or c, so depth 1 exists only through the ring hops that are one hop
    front = pareto(TINY[1], max_depth=3)
    lowers = [p.lower for p in front.points]
    assert lowers == sorted(lowers)
    assert lowers[0] == 0 and front.points[0].certificate == "unreachable"


def test_depth_one_is_exact_without_a_milp_on_the_paper_example():
    # every root sends straight to its 3 box mates (10 b) and 4 remote nodes over its one
    # b link to the global switch: x = 1/4, algbw 8 x 1/4 = 2
    front = pareto(resolve("paper-example"))
    one = front.point(1)
    assert (one.lower, one.upper, one.certificate, one.milps) == (2, 2, "star", 0)
    assert front.bound == 8 and front.points[-1].lower == 8 and front.exact


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2"])
def test_last_depth_is_the_cut_bound(spec):
    t = resolve(spec)
    front = pareto(t)
    last = front.points[-1]
    assert last.depth == front.optimal_depth
    assert last.lower == last.upper == front.bound == bound(t).algbw
    assert verify(t, last.schedule.to_dict()).optimal


def test_dgx_a100_reaches_the_bound_at_depth_two_and_depth_one_does_not_exist():
    # NIC i sits on IB plane i mod 2: gpu0 reaches box1/gpu1 through no switch alone;
    # at depth 2 trees through the box mate on the right plane reach 1040/3
    t = resolve("dgx-a100:boxes=2")
    front = pareto(t, max_depth=3)
    assert front.point(1).certificate == "unreachable" and front.point(1).upper == 0
    two = front.point(2)
    assert two.lower == two.upper == Fraction(1040, 3)
    v = verify(t, two.schedule.to_dict(), max_depth=2)
    assert v.optimal and v.depth == 2


def test_reduce_scatter_front_equals_allgather_on_the_reversed_network():
    t = TINY[0]
    ag = pareto(t, max_depth=2)
    rs = pareto(t, collective="reduce-scatter", max_depth=2)
    assert [p.lower for p in rs.points] == [p.lower for p in ag.points]
    sched = rs.point(2).schedule
    assert sched.collective.value == "reduce-scatter"
    assert verify(t, sched.to_dict(), max_depth=2).algbw == rs.point(2).lower


def test_a_forged_depth_is_refused():
    t = resolve("paper-example")
    sched = depth_schedule(t, depth=2)
    data = sched.to_dict()
    assert verify(t, data, max_depth=2).valid
    refused = verify(t, data, max_depth=1)
    assert refused.status == "invalid" and "depth is 2" in refused.reasons[0]
    # re-hang a depth-2 node below another depth-2 node of its tree: depth 3, claimed 2
    tree = data["trees"][0]
    parent = {e["dst"]: e["src"] for e in tree["edges"]}
    level = {tree["root"]: 0}
    while len(level) <= len(parent):
        for v, u in parent.items():
            if u in level:
                level[v] = level[u] + 1
    deep = sorted(v for v, d in level.items() if d == 2)
    assert len(deep) >= 2
    a, b = deep[:2]
    for e in tree["edges"]:
        if e["dst"] == b:
            hop = next(r for r in _one_hop_routes(t)[(a, b)])
            e["src"], e["path"] = a, list(hop)
    # its claims made true, so that only the depth is wrong
    data.pop("tree_bandwidth", None)
    data["algbw"] = fraction_text(achieved_algbw(from_dict(data), t))
    assert verify(t, data, validity_only=True).depth == 3
    forged = verify(t, data, max_depth=2, validity_only=True)
    assert forged.status == "invalid" and "depth is 3" in forged.reasons[0]


def test_bad_requests_are_typed_errors():
    from forestcoll_opt.errors import CollectiveError, LPError

    t = resolve("paper-example")
    with pytest.raises(CollectiveError, match="allgather, reduce-scatter and allreduce"):
        pareto(t, collective="broadcast")
    with pytest.raises(LPError, match="max_depth"):
        pareto(t, max_depth=0)
    with pytest.raises(LPError, match="positive integer"):
        depth_schedule(t, depth=0)
    with pytest.raises(LPError, match="more than 1 hop"):
        depth_schedule(resolve("dgx-a100:boxes=2"), depth=1)


@pytest.mark.slow
def test_mi250_front_is_exact_at_every_depth():
    t = resolve("mi250:boxes=2,gpus=8")
    front = pareto(t)
    assert front.exact
    assert [p.lower for p in front.points[:5]] == [Fraction(256, 13), Fraction(1024, 15),
                                                  Fraction(1280, 9), Fraction(2224, 11), 208]


def test_a_time_limit_keeps_a_valid_interval():
    # stopped early, each point still brackets the exact values of the full run
    t = resolve("mi250:boxes=2,gpus=8")
    front = pareto(t, max_depth=3, time_limit=0.05)
    exact = {1: Fraction(256, 13), 2: Fraction(1024, 15), 3: Fraction(1280, 9)}
    for p in front.points:
        assert p.lower <= exact[p.depth] <= p.upper, p
        if p.depth > 1:
            assert p.stopped == "time limit" and not p.exact
        assert verify(t, p.schedule.to_dict(), max_depth=p.depth).algbw == p.lower


def test_a_process_group_front():
    # two GPUs on one IB plane, one per box: the one hop between them is the whole tree
    front = fc.pareto("dgx-a100:boxes=2", group="box*/gpu0")
    assert [(p.depth, p.lower, p.upper) for p in front.points] == [(1, 400, 400)]
