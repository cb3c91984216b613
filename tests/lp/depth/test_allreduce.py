"""The allreduce front (:mod:`forestcoll_opt.lp.depth.allreduce`): a reduce-scatter then an
allgather, each of depth <= h; its algbw 1/(1/a_RS + 1/a_AG) from the phases' fronts, its
schedules two-phase and checked by the independent verifier (depth included)."""

from fractions import Fraction

import pytest

from forestcoll_opt.lp.depth.allreduce import _symmetric, combined
from forestcoll_opt.lp.depth.front import pareto
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.model.topology import Link, Node, Topology
from forestcoll_opt.verify import verify


def _one_way():
    # a star of four at 1 both ways and two one-way cycles, a -> b -> c at 3 and a -> b -> d
    # at 1 (every node balanced): the reversed network has other links, so the
    # reduce-scatter front is solved on its own network
    compute = ["a", "b", "c", "d"]
    nodes = tuple(Node(c, "compute") for c in compute) + (Node("s", "switch"),)
    links = tuple(Link(x, "s", Fraction(1), bidirectional=True) for x in compute)
    for cyc, bw in (("abc", 3), ("abd", 1)):
        links += tuple(Link(x, y, Fraction(bw), bidirectional=False)
                       for x, y in zip(cyc, cyc[1:] + cyc[:1]))
    return Topology(name="one-way", nodes=nodes, links=links)


def test_combined_is_the_two_phase_time():
    assert combined(Fraction(2), Fraction(2)) == 1
    assert combined(Fraction(8), Fraction(24)) == 6
    assert combined(Fraction(0), Fraction(5)) == 0


def test_paper_example_allreduce_front_is_exact_and_verified():
    t = resolve("paper-example")
    front = pareto(t, collective="allreduce")
    assert front.collective.value == "allreduce" and front.bound == 4 and front.exact
    assert [(p.depth, p.lower, p.certificate) for p in front.points] == \
        [(1, 1, "star"), (2, 4, "cut bound"), (3, 4, "cut bound"), (4, 4, "cut bound")]
    for p in front.points:
        v = verify(t, p.schedule.to_dict(), max_depth=p.depth, against="trees")
        assert v.algbw == p.lower and v.depth <= p.depth
        assert [ph.collective.value for ph in p.schedule.phases] == \
            ["reduce-scatter", "allgather"]
    assert verify(t, front.point(2).schedule.to_dict(), against="trees").optimal


def test_dgx_a100_allreduce_reaches_its_tree_bound_at_depth_two():
    t = resolve("dgx-a100:boxes=2")
    front = pareto(t, collective="allreduce", max_depth=2)
    one, two = front.points
    assert (one.lower, one.upper, one.certificate, one.schedule) == (0, 0, "unreachable", None)
    assert two.lower == two.upper == Fraction(520, 3)         # 1/(3/1040 + 3/1040)
    ks = [ph.k for ph in two.schedule.phases]
    assert ks[0] == ks[1] <= 156       # 156 with HiGHS 1.14, 104 with 1.16 (least found)
    v = verify(t, two.schedule.to_dict(), max_depth=2, against="trees")
    assert v.optimal and v.depth == 2


def test_a_one_way_link_solves_each_phase_on_its_own_network():
    t = _one_way()
    ag = pareto(t, collective="allgather", max_depth=2)
    rs = pareto(t, collective="reduce-scatter", max_depth=2)
    ar = pareto(t, collective="allreduce", max_depth=2)
    assert [p.lower for p in ar.points] == \
        [combined(r.lower, a.lower) for r, a in zip(rs.points, ag.points)]
    assert [p.upper for p in ar.points] == \
        [combined(r.upper, a.upper) for r, a in zip(rs.points, ag.points)]
    assert not _symmetric(t)
    assert [p.lower for p in ar.points] == [1, Fraction(4, 3)]    # phases at 2, then 8/3
    for p in ar.points:
        phases = p.schedule.phases
        assert verify(t, phases[0].to_dict()).algbw == rs.point(p.depth).lower
        assert verify(t, p.schedule.to_dict(), max_depth=p.depth,
                      against="trees").algbw == p.lower
