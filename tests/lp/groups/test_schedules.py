"""One ForestColl schedule per group on its share of the concurrent-groups witness
(forestcoll_opt.lp.groups.schedules): every group at λ_low·w_g or better, and the groups'
summed link loads within every link's bandwidth, checked exactly link by link."""

from __future__ import annotations

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.model.group_schedules import phase_times
from forestcoll_opt.model.groups import restrict

from tests.verify.test_groups_attacks import G, uplink_direct


def _fits(topo, out):
    """Counted here, tree by tree: at λ = out.achieved every group g runs at λ·w_g, and in
    each phase's window (every group's reduce-scatter, then every group's allgather) the
    bandwidth the groups use together on each link is at most its bandwidth, and exactly
    it on the busiest link. Returns the busiest links."""
    need = []       # per phase: link -> Σ_g w_g · (data per unit crossing it) / bandwidth
    for g, s in zip(out.groups, out.schedules):
        for p, phase in enumerate(s.phases or (s,)):
            while len(need) <= p:
                need.append({})
            parts = phase.k * len(s.compute_nodes)
            for tree in phase.trees:
                for edge in tree.edges:
                    for hop in zip(edge.path, edge.path[1:]):
                        need[p][hop] = need[p].get(hop, 0) + Fraction(
                            g.weight * tree.weight, parts) / topo.capacity[hop]
    window = [max(d.values()) for d in need]        # each phase's time per unit of λ
    assert out.achieved * sum(window) == 1
    busiest = set()
    for d, w in zip(need, window):
        for e, t in d.items():
            # in its window (a share w / Σ window of the time) the link carries t / w of
            # its bandwidth: at most all of it
            assert t <= w
            if t == w:
                busiest.add(e)
    return busiest


@pytest.mark.parametrize("collective, lam", [("allgather", 100), ("reduce-scatter", 100),
                                              ("allreduce", 50)])
def test_dgx_h100_data_parallel_groups_reach_the_optimum(collective, lam):
    topo = fc.resolve("dgx-h100:boxes=2")
    out = fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp", collective=collective)
    assert (out.lower, out.upper, out.achieved) == (lam, lam, lam) and out.optimal
    assert out.layout == ("dp=2,tp=8", "dp")
    assert [g.name for g in out.groups] == [f"dp[tp={j}]" for j in range(8)]
    # each group keeps to its own NIC (50 each way): 100 alone, for allgather; allreduce 50
    assert all(s.algbw == lam for s in out.schedules)
    for s in out.schedules:
        assert fc.verify(topo, s, against="trees").status in ("optimal", "below")
    assert _fits(topo, out)


def test_weights_split_the_uplink():
    # weights 3 and 1: x_A = 3λ/2, x_B = λ/2; the cut {a1, L1, b1} lets out the uplink and
    # the direct link, 4 + 4, which both groups' shards from that side cross: 2λ <= 8,
    # λ = 4 (A at 12, B at 4); the schedules together reach exactly that
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=[{"members": G[0], "weight": 3},
                                            {"members": G[1], "weight": 1}])
    assert out.achieved == out.upper == out.lower == 4
    assert _fits(t, out) and [g.weight for g in out.groups] == [3, 1]
    v = fc.verify_concurrent(t, out)
    assert v.status == "optimal" and [g.together for g in v.groups] == [
        3 * out.achieved, out.achieved]


def test_a_bound_already_solved_is_used():
    t = uplink_direct()
    b = fc.concurrent(t, groups=G)
    out = fc.generate_concurrent(t, bound=b)
    assert (out.lower, out.upper, out.achieved) == (b.lower, b.upper, 8)


def test_a_symmetric_witness_maps_one_schedule_onto_the_others():
    # the folded witness of the 8 dp groups is symmetric: groups 1..7 get the image of group
    # 0's schedule under a permutation mapping its shares exactly onto theirs; the same
    # trees as building each group's schedule on its own share
    from forestcoll_opt.lp.groups.schedules import _images
    from forestcoll_opt.model.trees import tree_key

    topo = fc.resolve("dgx-h100:boxes=2")
    b = fc.concurrent(topo, mesh="dp=2,tp=8", along="dp", collective="allreduce")
    assert sorted(_images(topo, b)) == list(range(1, 8))
    mapped = fc.generate_concurrent(topo, bound=b)
    each = fc.generate_concurrent(topo, bound=b, symmetry=False)
    assert mapped == each
    for x, y in zip(mapped.schedules, each.schedules):
        for p, q in zip(x.phases, y.phases):
            assert sorted(map(tree_key, p.trees)) == sorted(map(tree_key, q.trees))
    # a witness that is not an image (one share changed) is built again, not mapped
    shares = [dict(s) for s in b.shares[0]]
    e = next(iter(shares[3]))
    shares[3][e] = shares[3][e] / 2
    from dataclasses import replace
    assert 3 not in _images(topo, replace(b, shares=(tuple(shares), b.shares[1])))


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_one_group_of_every_compute_node_reaches_the_bound(spec, collective):
    # the whole network as one group: the schedule reaches the package's bound exactly
    # (allreduce: the reduce-scatter + allgather tree bound), and verifies so
    from forestcoll_opt.generation.bounding import rs_ag_algbw

    t = fc.resolve(spec)
    out = fc.generate_concurrent(t, groups=[list(t.compute_nodes)], collective=collective)
    want = rs_ag_algbw(t) if collective == "allreduce" else \
        fc.bound(t, collective=collective).algbw
    assert out.achieved == out.upper == want
    assert fc.verify_concurrent(t, out).status == "optimal"


def _catalog_meshes():
    from tests.lp.groups.test_groups import _catalog_meshes as meshes
    return list(meshes())


@pytest.mark.parametrize("spec, mesh", _catalog_meshes())
@pytest.mark.parametrize("along", ["dp", "tp"])
def test_every_catalog_mesh_is_scheduled_at_its_optimum_without_relays(spec, mesh, along):
    # every catalog family's dp and tp groups (two boxes): the schedules together reach the
    # certified optimum exactly, the verifier says OPTIMAL, and no group relays through
    # another GPU, so each exports to its own communicator
    from forestcoll_opt.model.group_scope import relays

    t = fc.resolve(spec)
    for collective in ("allgather", "allreduce"):
        out = fc.generate_concurrent(t, mesh=mesh, along=along, collective=collective)
        assert out.achieved == out.lower == out.upper
        assert _fits(t, out)
        assert fc.verify_concurrent(t, out).status == "optimal"
        assert not any(relays(t, s) for s in out.schedules)
