"""Small k at the exact optimum (:mod:`forestcoll_opt.lp.depth.fold`): the master's trees
folded over a group of automorphisms and the least k searched at the same λ. Before it the
exact vertex's k was 588696141450313260 on dgx-a100:boxes=2 at depth 2, and about 10^30 on
dgx-h100:boxes=4 (rounded to 2^-40, an interval 8·10^-13 wide); every value here is the
verifier's."""

import itertools
from fractions import Fraction

import pytest

from forestcoll_opt.lp.depth.fold import _least_k, group_of, subgroup
from forestcoll_opt.lp.depth.front import pareto
from forestcoll_opt.lp.depth.network import Network
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.verify import verify


def test_least_k_finds_the_smallest_denominator_on_the_optimal_face():
    # x1 + x2 = 1, 3 x1 <= λ, 2 x2 <= λ at λ = 5/4: x1 in [3/8, 5/12]; the vertices have
    # k = 8 and 12, and the least k with some n/k in that range is 5 (x1 = 2/5)
    rows = [{1: Fraction(1), 2: Fraction(1)},
            {0: Fraction(-1), 1: Fraction(3)},
            {0: Fraction(-1), 2: Fraction(2)}]
    is_root = [True, False, False]
    lam = Fraction(5, 4)
    assert _least_k(rows, is_root, lam, 3, 13) == [lam, Fraction(2, 5), Fraction(3, 5)]
    # no k below 5 exists, and the search says so instead of inventing one
    assert _least_k(rows, is_root, lam, 3, 5) is None


@pytest.mark.parametrize("spec, sizes", [
    ("dgx-a100:boxes=2", [8, 32, 128, 1152]),
    ("mi250:boxes=2,gpus=8", [8, 8, 8, 8]),
    ("dgx-h100:boxes=4", [8, 8, 8, 192]),
])
def test_subgroups_are_groups_of_automorphisms_within_the_limit(spec, sizes):
    t = resolve(spec)
    net = Network(t)
    rotation, generators = group_of(net)
    assert [len(subgroup(rotation, generators, limit)) for limit in (8, 32, 128, 2048)] == sizes
    elements = subgroup(rotation, generators, 32)
    closed = set(elements)
    for a, b in itertools.product(elements, repeat=2):
        assert tuple(a[x] for x in b) in closed          # closed under composition
    cap = t.capacity
    names, index = t.node_ids, t.index
    for g in elements:                                  # each keeps every bandwidth
        for (u, v), c in cap.items():
            assert cap[(names[g[index[u]]], names[g[index[v]]])] == c


def test_dgx_a100_depth_two_is_exact_with_a_small_k():
    t = resolve("dgx-a100:boxes=2")
    front = pareto(t, max_depth=2)
    two = front.point(2)
    assert two.lower == two.upper == Fraction(1040, 3)
    # the least k found depends on the HiGHS release (156 with 1.14, 104 with 1.16): it is
    # the least the node-limited search finds, not a proven least
    assert two.schedule.k <= 156
    v = verify(t, two.schedule.to_dict(), max_depth=2)
    assert v.optimal and v.depth == 2 and v.algbw == Fraction(1040, 3)


@pytest.mark.slow
def test_dgx_h100_four_boxes_closes_at_the_bound_from_depth_two():
    # the 8·10^-13 gap of the rounded vertex is gone: the folded point is the bound itself
    t = resolve("dgx-h100:boxes=4")
    front = pareto(t, max_depth=3)
    for h in (2, 3):
        p = front.point(h)
        assert p.lower == p.upper == Fraction(16000, 31) and p.exact
        assert p.schedule.k <= 30          # the least found (HiGHS 1.14: 30, 128 trees)
    v = verify(t, front.point(2).schedule.to_dict(), max_depth=2)
    assert v.optimal and v.depth == 2


@pytest.mark.slow
def test_mi250_front_has_small_k_at_every_depth():
    t = resolve("mi250:boxes=2,gpus=8")
    front = pareto(t)
    assert front.exact
    # at most what HiGHS 1.14's search finds (the least found depends on the release)
    assert all(p.schedule.k <= k for p, k in zip(front.points, [1, 8, 10, 278, 26, 26, 13]))
    for p in front.points:
        v = verify(t, p.schedule.to_dict(), max_depth=p.depth)
        assert v.algbw == p.lower and v.depth <= p.depth


def test_a_network_without_symmetry_still_gets_the_exact_point_and_the_search():
    # six GPUs on a ring and a switch, every bandwidth different enough that the only
    # automorphism is the identity: the "orbits" are single trees, the orbit LP is the
    # master's support, and its point (λ 5/8, algbw 48/5) keeps k 8 with 9 trees
    from forestcoll_opt.kernels.symmetry import group_order
    from forestcoll_opt.lp.depth.fold import folded_points
    from forestcoll_opt.lp.depth.front import _seed_stars
    from forestcoll_opt.lp.depth.master import Master
    from forestcoll_opt.lp.depth.solve import _exact_point, solve_depth
    from forestcoll_opt.model.topology import Link, Node, Topology

    compute = ["a", "b", "c", "d", "e", "f"]
    nodes = tuple(Node(c, "compute") for c in compute) + (Node("s", "switch"),)
    links = tuple(Link(x, "s", Fraction(b), bidirectional=True)
                  for x, b in zip(compute, [4, 4, 1, 3, 4, 4]))
    links += tuple(Link(x, y, Fraction(b), bidirectional=True)
                   for x, y, b in zip(compute, compute[1:] + compute[:1], [3, 4, 3, 5, 2, 5]))
    t = Topology(name="no-symmetry", nodes=nodes, links=links)
    assert group_order(t) == 1
    net = Network(t)
    master = Master(net, net.compute)
    _seed_stars(net, master, 2)
    got = solve_depth(net, master, 2)
    assert (got.lam, got.lower_algbw) == (Fraction(5, 8), Fraction(48, 5))
    _, weights, _, _ = master.solve()
    points = folded_points(net, master.scale, master.roots, master.columns, weights,
                           lambda chosen: _exact_point(master, master.roots, chosen))
    assert [(lam, k, len(w)) for lam, k, w in points] == [(Fraction(5, 8), 8, 9)]
