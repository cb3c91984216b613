"""NCCL's direct and PXN all-to-all as route schedules, their exact algbw pinned by hand,
and the α-β model timing route schedules."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import UsageError
from forestcoll_opt.generation.baselines.alltoall import alltoall_baseline


def routes_of(schedule, src, dst):
    return [r.path for r in schedule.routes if r.src == src and r.dst == dst]


def test_direct_and_pxn_routes_on_dgx_h100():
    topo = fc.resolve("dgx-h100:boxes=2")
    direct = fc.baseline(topo, "direct", collective="alltoall")
    pxn = fc.baseline(topo, "pxn", collective="alltoall")
    # direct: out of GPU 0's own rail, then NVLink in the destination box
    assert routes_of(direct, "box0/gpu0", "box1/gpu3") == [
        ("box0/gpu0", "rail0", "box1/gpu0", "box1/nvswitch", "box1/gpu3")]
    # pxn: NVLink to GPU 3 of the source box first, then rail 3
    assert routes_of(pxn, "box0/gpu0", "box1/gpu3") == [
        ("box0/gpu0", "box0/nvswitch", "box0/gpu3", "rail3", "box1/gpu3")]
    for s in (direct, pxn):          # inside a box both stay on NVLink
        assert routes_of(s, "box0/gpu0", "box0/gpu5") == [("box0/gpu0", "box0/nvswitch",
                                                           "box0/gpu5")]
        assert s.k == 1 and len(s.routes) == 16 * 15
        # every rail link carries the 8 pairs of one GPU to the other box's 8 GPUs: 8 parts
        # on 50, so algbw = k·N·(N−1) / ((N−1)·8/50) = 16·50/8 = 100 (the optimum)
        assert s.algbw == 100
        assert fc.verify(topo, s, against="cut").optimal


def test_direct_on_dgx_a100_by_hand():
    # dgx-a100:boxes=4: even GPUs reach the fabric through IB plane 0, odd ones through
    # plane 1 (25 each way). From an even GPU of another box, direct leaves at once on
    # plane 0; an odd destination is then 4 hops away through the lowest even GPU of its
    # box, GPU 0. So plane 0 -> GPU 0 of box a carries the 12 even GPUs of the 3 other
    # boxes' data for GPU 0 and the 4 odd GPUs: 12·5 = 60 parts on 25, and
    # algbw = k·N·(N−1) / ((N−1)·60/25) = 32·25/60 = 40/3 (the optimum is 100/3)
    topo = fc.resolve("dgx-a100:boxes=4")
    s = fc.baseline(topo, "direct", collective="alltoall")
    v = fc.verify(topo, s, against="cut")
    busiest = v.phases[0].busiest[0]
    n = 32
    assert busiest[:3] == ("ib/plane0", "box0/gpu0", 60)
    assert s.algbw == Fraction(n * (n - 1), (n - 1)) / busiest[3]
    assert s.algbw == Fraction(40, 3) and v.bound_algbw == Fraction(100, 3)


def test_demand_and_errors():
    topo = fc.resolve("paper-example")
    a, b = topo.compute_nodes[:2]
    s = alltoall_baseline(topo, "pxn", demand={a: {b: 5}})
    assert [(r.src, r.dst, r.weight) for r in s.routes] == [(a, b, 1)] and s.demand is None \
        or s.demand == ((a, b, 1),)
    assert fc.verify(topo, s, against="cut", demand={a: {b: 1}}).valid
    with pytest.raises(UsageError, match="direct, pxn"):
        fc.baseline(topo, "ring", collective="alltoall")
    with pytest.raises(UsageError, match="all-to-all baseline"):
        fc.baseline(topo, "pxn", collective="allgather")
    with pytest.raises(UsageError, match="no root and no channels"):
        fc.baseline(topo, "direct", collective="alltoall", channels=2)
    with pytest.raises(UsageError, match="alltoall only"):
        fc.baseline(topo, "ring", demand={a: {b: 1}})


def test_simulate_route_schedule_tends_to_exact_algbw():
    topo = fc.resolve("dgx-h100:boxes=2")
    s = fc.lp_alltoall(topo)
    rows = fc.simulate(topo, s, [2**20, 2**34], alpha=0.0, model="ideal")
    assert rows[0].algbw < rows[1].algbw <= 100 + 1e-9
    assert abs(rows[1].algbw - 100) < 1e-3
    # one chunk, no latency: a part is M·(N−1)/(k·Σd) = M/16 and a hop of load L on a link
    # of b takes (M/16)·L/b; the slowest route crosses two rail links (load 8 on 50) and
    # two NVLinks (load 14 on 450: 7 parts of the box's own pairs, 7 relayed), so
    # time = M·(2·8/50 + 2·14/450)/16 and algbw = 1800/43
    one = fc.simulate(topo, s, [2**30], chunks=1, alpha=0.0, model="ideal")[0]
    assert abs(one.algbw - 1800 / 43) < 1e-9


def test_calibrated_model_times_routes():
    # the calibrated model: base latency + one step per GPU-to-GPU hop of the longest route,
    # bytes at the links' efficient bandwidths; the LP routes of dgx-h100:boxes=2 relay
    # through one GPU, so the longest route has two steps
    topo = fc.resolve("dgx-h100:boxes=2")
    s = fc.lp_alltoall(topo)
    small, large = fc.simulate(topo, s, [2**10, 2**30])
    assert small.protocol == "LL" and large.protocol == "Simple"
    assert small.algbw < large.algbw < 100
    direct = fc.baseline(topo, "direct", collective="alltoall")
    # same links, same exact algbw: the same time at 1 GiB up to the hop latencies
    assert abs(fc.simulate(topo, direct, [2**30])[0].seconds - large.seconds) < 1e-5
