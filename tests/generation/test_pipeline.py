"""The pipeline's choices on a network symmetric except for a failed part (issue 35): the
group packing grows trees under is the rotation's power that acts freely on the most
compute nodes, and the schedule is still exactly at the degraded network's bound."""

from fractions import Fraction

import forestcoll_opt as fc
from forestcoll_opt.generation.pipeline import freest_power
from forestcoll_opt.kernels.symmetry import cycle
from forestcoll_opt.model.faults import degrade


def test_freest_power_keeps_a_free_rotation():
    rotation = (1, 2, 3, 0, 5, 6, 7, 4)          # two 4-cycles: free already
    assert freest_power(rotation) == rotation


def test_freest_power_frees_the_most_points():
    # a 6-cycle, a 3-cycle and a fixed point (order 6). g: 3 cycles, 4 points with a
    # non-trivial stabiliser (the 3-cycle's, {1, g^3}, and the fixed one): 3 + 2 x 4 = 11;
    # g^2 (order 3): 4 cycles, 1 such point: 6; g^3 (order 2): 7 cycles, 4 points: 15
    g = (1, 2, 3, 4, 5, 0, 7, 8, 6, 9)
    power = freest_power(g)
    assert power == (2, 3, 4, 5, 0, 1, 8, 6, 7, 9)
    assert sorted(len(cycle(power, v)) for v in range(10)) == [1] + [3] * 9
    assert freest_power((0, 1, 2)) == (0, 1, 2)    # the identity stays


def test_a_failed_nic_is_packed_under_the_box_rotation(catalog):
    # 8 boxes, box1/gpu5's NIC out: the automorphisms left rotate the other 7 boxes and
    # the rails other than rail 5; packing uses the 7 box rotations, which move every
    # compute node outside box 1 freely, and grows the trees jointly to the end (a root
    # the group fixes spread into images once the orbit of an edge fans out too much)
    topo = degrade(catalog("dgx-h100:boxes=8"), "nic:box1/gpu5")
    sched = fc.generate(topo)
    assert sched.stats["packing_group_order"] == 7
    assert sched.stats["packing_fallback"] == 0
    # the least k is 1 (the paper's k, 1, is reached); k is 7 x 1 so that box 1's roots,
    # which every box rotation fixes, grow as 7 images of weight 1 each
    assert (sched.stats["paper_k"], sched.k) == (1, 7)
    bound = fc.bound(topo).algbw
    assert sched.algbw == bound == Fraction(400)
    assert fc.verify(topo, sched).status == "optimal"


def test_a_stuck_fixed_root_spreads_into_images():
    # a group of order 3 rotating three boxes and fixing a fourth node r; r's batch is
    # invariant under the whole group, so jointly it could only fan out to all three
    # boxes at once; spread into 3 images of weight 1 it grows one edge at a time
    from forestcoll_opt.generation.packing import pack_trees

    r, boxes = 0, [1, 2, 3]
    cap = {}
    for b in boxes:
        cap[(r, b)], cap[(b, r)] = 1, 3    # r's 3 trees leave it one per box
        for c in boxes:
            if c != b:
                cap[(b, c)] = 4        # 9 box trees and r's 3 need 2 hops each
    demand = {0: 3, 1: 3, 2: 3, 3: 3}
    rotation = [0, 2, 3, 1]
    packing = pack_trees([0, 1, 2, 3], cap, demand, symmetry=[rotation])
    assert not packing.fallback and packing.group_order == 3
    at_r = [b for b in packing.batches if b.root == r]
    assert sum(b.weight for b in at_r) == 3
    used: dict = {}
    for b in packing.batches:
        for e in b.edges:
            used[e] = used.get(e, 0) + b.weight
    assert all(used[e] <= cap[e] for e in used)
    assert all(len(b.edges) == 3 for b in packing.batches)
