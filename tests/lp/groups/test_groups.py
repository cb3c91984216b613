"""Groups at once (forestcoll_opt.lp.groups): the certified joint optimum of process groups
running one collective together, pinned by hand and by brute force over every cut."""

from fractions import Fraction
from itertools import combinations

import pulp
import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import CollectiveError, GroupError
from forestcoll_opt.generation.bounding import rs_ag_algbw
from forestcoll_opt.lp import ConcurrentBound, concurrent
from forestcoll_opt.model.groups import Group

from tests.handmade import ASYM, TOY_2BOX
from tests.randomnets import random_network


def _ring(n=4, bandwidth=1):
    nodes = [{"id": f"v{i}", "kind": "compute"} for i in range(n)]
    links = [{"src": f"v{i}", "dst": f"v{(i + 1) % n}", "bandwidth": bandwidth,
              "bidirectional": True} for i in range(n)]
    return fc.from_dict({"format": "forestcoll-topology/1", "name": f"ring{n}",
                         "nodes": nodes, "links": links})


def _uplink(b_nic=10):
    """Two leaves under one top switch; leaf i holds a{i} and b{i}; a leaf's uplink is 4
    each way, the compute nodes' links 10 (b's: ``b_nic``)."""
    nodes = [{"id": v, "kind": "compute"} for v in ("a1", "b1", "a2", "b2")]
    nodes += [{"id": w, "kind": "switch"} for w in ("L1", "L2", "T")]
    links = [{"src": "a1", "dst": "L1", "bandwidth": 10}, {"src": "a2", "dst": "L2", "bandwidth": 10},
             {"src": "b1", "dst": "L1", "bandwidth": b_nic},
             {"src": "b2", "dst": "L2", "bandwidth": b_nic},
             {"src": "L1", "dst": "T", "bandwidth": 4}, {"src": "L2", "dst": "T", "bandwidth": 4}]
    for link in links:
        link["bidirectional"] = True
    return fc.from_dict({"format": "forestcoll-topology/1", "name": "uplink", "nodes": nodes,
                         "links": links})


def test_two_groups_on_a_ring_halve_each_other():
    # ring of 4, 1 each way. {v0,v2} alone: every cut around a member lets out 2, x = 2,
    # algbw 2x = 4. Together: each group's flow v0->v2 and v2->v0 takes paths of 2 links,
    # so a group needs 4x of the 8 link units: x <= 1, λ = 2 (clockwise / anticlockwise).
    ring = _ring()
    for symmetry in (False, True):
        r = concurrent(ring, groups=[["v0", "v2"], ["v1", "v3"]], symmetry=symmetry)
        assert (r.lower, r.upper) == (2, 2) and r.exact
        assert [row.alone for row in r.rows] == [4, 4]
        assert [row.together_upper for row in r.rows] == [2, 2]
        assert [row.contention for row in r.rows] == [Fraction(1, 2)] * 2
        # the links the certificate prices are full at the witness (complementary slackness)
        # folded, the dual is symmetric: all 8 links (4x + 4x = 8 needs every one full)
        assert len(r.contended) == 8 if symmetry else r.contended
        for e in r.contended:
            assert sum(share.get(e, 0) for share in r.shares[0]) == ring.capacity[e]


def test_two_groups_sharing_one_uplink():
    # {a1,a2} alone: the leaf's uplink (4) is the only way out: x = 4, algbw 8. Together the
    # uplink carries both groups: x_a + x_b <= 4, λ = 2x = 4 each.
    t = _uplink()
    r = concurrent(t, groups=[["a1", "a2"], ["b1", "b2"]])
    assert (r.lower, r.upper) == (4, 4)
    assert [row.alone for row in r.rows] == [8, 8]
    # the certificate prices uplinks (one direction suffices), both groups fill them
    uplinks = {("L1", "T"), ("T", "L1"), ("L2", "T"), ("T", "L2")}
    assert r.contended and set(r.contended) <= uplinks
    assert set(r.shared) == set(r.contended)
    assert r.independent == (("g0", "g1"),)


def test_unequal_weights_split_the_uplink_by_weight():
    # weights 3 and 1: x_a = 3λ/2, x_b = λ/2, x_a + x_b = 2λ <= 4: λ = 2, a gets 6, b 2
    t = _uplink()
    r = concurrent(t, groups=[{"members": ["a1", "a2"], "weight": 3, "name": "big"},
                              {"members": ["b1", "b2"], "name": "small"}])
    assert (r.lower, r.upper) == (2, 2)
    assert [(row.name, row.together_upper) for row in r.rows] == [("big", 6), ("small", 2)]
    assert all(row.scheduled >= row.together_lower for row in r.rows)


def test_a_slow_group_sets_the_common_scale():
    # b's own links are 1: b alone gets 2 and, with weight 1 each, λ <= 2 for everyone
    t = _uplink(b_nic=1)
    r = concurrent(t, groups=[["a1", "a2"], ["b1", "b2"]])
    assert (r.lower, r.upper) == (2, 2)
    assert [row.alone for row in r.rows] == [8, 2]


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=2", "toy", "asym"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_one_group_of_every_compute_node_is_the_bound(spec, collective):
    topo = {"toy": lambda: fc.from_dict(TOY_2BOX), "asym": lambda: fc.from_dict(ASYM)}.get(
        spec, lambda: fc.resolve(spec))()
    r = concurrent(topo, groups=[list(topo.compute_nodes)], collective=collective)
    want = rs_ag_algbw(topo) if collective == "allreduce" else \
        fc.bound(topo, collective=collective).algbw
    assert (r.lower, r.upper) == (want, want)
    assert r.rows[0].alone == want


@pytest.mark.parametrize("collective, lam, alone", [
    ("allgather", 100, 800), ("reduce-scatter", 100, 800), ("allreduce", 50, 400)])
def test_dgx_h100_data_parallel_groups(collective, lam, alone):
    # 8 groups of 2 (GPU j of each box). Alone a pair gets the box's whole 8 x 50 of rail
    # bandwidth (relaying through the other GPUs): x = 400, algbw 2x = 800. Together the
    # 8 groups share those 400: x = 50, λ = 100 (allreduce: half of it).
    r = concurrent(fc.resolve("dgx-h100:boxes=2"), mesh="dp=2,tp=8", along="dp",
                   collective=collective)
    assert (r.lower, r.upper) == (lam, lam)
    assert {row.alone for row in r.rows} == {alone}
    assert len(r.groups) == 8 and {len(g) for g in r.groups} == {2}
    assert len(r.independent) == 8      # each group on its own rail at the witness
    # the rail links into and out of the rails are what the groups fight over
    assert r.contended and all("rail" in a + b for a, b in r.contended)


def test_dgx_a100_data_parallel_groups():
    # the box has 8 x 25 towards the IB planes: alone x = 200 (algbw 400), together 25
    r = concurrent(fc.resolve("dgx-a100:boxes=2"), mesh="dp=2,tp=8", along="dp")
    assert (r.lower, r.upper) == (50, 50)
    assert {row.alone for row in r.rows} == {400}


def test_symmetry_folds_without_changing_the_values():
    topo = fc.resolve("dgx-a100:boxes=2")
    plain = concurrent(topo, mesh="dp=2,tp=8", along="dp", symmetry=False)
    folded = concurrent(topo, mesh="dp=2,tp=8", along="dp", symmetry=True)
    assert (plain.lower, plain.upper) == (folded.lower, folded.upper)
    assert folded.folded[0] < plain.folded[0] == plain.folded[1]


# --- brute force: every cut written out, solved by PuLP's own HiGHS call -----------------

def _brute_force(data, groups, balanced):
    """max λ over shares with every cut of every group written out (the upper LP; with
    ``balanced``, in = out of every share at every node: the lower LP), allgather."""
    caps = {}
    for link in data["links"]:
        b = Fraction(link["bandwidth"])
        for e in [(link["src"], link["dst"])] + ([(link["dst"], link["src"])]
                                                 if link.get("bidirectional") else []):
            caps[e] = caps.get(e, 0) + b
    nodes = [n["id"] for n in data["nodes"]]
    lp = pulp.LpProblem("bf", pulp.LpMaximize)
    lam = lp.add_variable("lam", lowBound=0)
    lp += lam
    share = {(g, e): lp.add_variable(f"c_{g}_{i}", lowBound=0)
             for g in range(len(groups)) for i, e in enumerate(caps)}
    for e, c in caps.items():
        lp += pulp.lpSum(share[(g, e)] for g in range(len(groups))) <= float(c)
    for g, members in enumerate(groups):
        for size in range(1, len(nodes)):
            for side in combinations(nodes, size):
                inside = len(set(side) & set(members))
                if inside and set(members) - set(side):
                    lp += pulp.lpSum(share[(g, e)] for e in caps if e[0] in side
                                     and e[1] not in side) >= inside / len(members) * lam
        if balanced:
            for v in nodes:
                lp += (pulp.lpSum(share[(g, e)] for e in caps if e[1] == v)
                       == pulp.lpSum(share[(g, e)] for e in caps if e[0] == v))
    lp.solve(pulp.HiGHS(msg=False))
    return lam.value()


@pytest.mark.parametrize("seed", range(8))
def test_random_networks_match_brute_force_over_every_cut(seed):
    data = random_network(seed, max_compute=5, max_switch=2)
    topo = fc.from_dict(data)
    compute = topo.compute_nodes
    if len(compute) == 2:
        groups = [list(compute)]
    elif len(compute) == 3:
        groups = [list(compute[:2]), list(compute[1:])]
    else:
        groups = [list(compute[:2]), list(compute[2:])]
    r = concurrent(topo, groups=groups, symmetry=False)
    upper = _brute_force(data, groups, balanced=False)
    lower = _brute_force(data, groups, balanced=True)
    assert float(r.upper) == pytest.approx(upper, rel=1e-7)
    assert float(r.lower) == pytest.approx(lower, rel=1e-7)
    assert r.lower <= r.upper


def test_result_outputs():
    r = concurrent(_ring(), groups=[["v0", "v2"], ["v1", "v3"]])
    assert isinstance(r, ConcurrentBound)
    assert repr(r) == "ConcurrentBound(2 allgather groups on ring4: λ=2 exact, 8 contended links)"
    html = r._repr_html_()
    assert "<b>ConcurrentBound · 2 allgather groups on ring4</b>" in html
    df = r.to_pandas()
    assert list(df["alone"]) == [4.0, 4.0] and list(df["alone_exact"]) == [4, 4]
    assert str(df["members"].dtype) == "int64"
    d = r.to_dict()
    assert d["lower"] == {"exact": "2", "float": 2.0} and d["exact"] is True


def test_bad_requests_name_the_argument():
    ring = _ring()
    with pytest.raises(GroupError, match="one way"):
        concurrent(ring)
    with pytest.raises(GroupError, match="along="):
        concurrent(ring, mesh="dp=2,tp=2")
    with pytest.raises(CollectiveError, match="broadcast is not accepted"):
        concurrent(ring, groups=[["v0", "v1"]], collective="broadcast")
    with pytest.raises(GroupError, match="no compute node 'v9'"):
        concurrent(ring, groups=[["v0", "v9"]])


def test_groups_objects_are_accepted():
    ring = _ring()
    r = concurrent(ring, groups=[Group(("v0", "v2"), Fraction(2), "a"), Group(("v1", "v3"))])
    assert [row.name for row in r.rows] == ["a", "g1"]
    assert r.rows[0].weight == 2


def _catalog_meshes():
    from forestcoll_opt.model.catalog import families

    for fam in families().values():
        topo = fc.resolve(fam.name)
        boxes = [b for b in topo.boxes() if b is not None]
        n = len(topo.compute_nodes)
        if len(boxes) >= 2 and n % len(boxes) == 0:
            yield fam.name, f"dp={len(boxes)},tp={n // len(boxes)}"


@pytest.mark.parametrize("spec, mesh", list(_catalog_meshes()))
def test_the_interval_closes_on_every_catalog_mesh(spec, mesh):
    # symmetry: the optimal shares and the optimal dual have small denominators, which the
    # certificates recover exactly (a gap here would be reported, not hidden)
    topo = fc.resolve(spec)
    for along in ("dp", "tp"):
        r = concurrent(topo, mesh=mesh, along=along)
        assert r.exact, (spec, along, r.lower, r.upper)
        assert all(row.together_upper <= row.alone for row in r.rows)
        assert all(row.scheduled >= row.together_lower for row in r.rows)


@pytest.mark.parametrize("case", ["uplink", "dgx-h100-dp", "dgx-a100-tp"])
def test_the_witness_is_feasible_and_forestcoll_schedules_every_share(case):
    """λ_low checked from outside: the shares fit every link exactly, each is balanced, and
    a schedule generated on each group's share verifies at its scheduled algbw, at least
    λ_low·w_g."""
    from forestcoll_opt.lp.groups.certify import share_topology

    if case == "uplink":
        topo, kw = _uplink(), {"groups": [{"members": ["a1", "a2"], "weight": 3},
                                          ["b1", "b2"]]}
    else:
        topo = fc.resolve("dgx-h100:boxes=2" if case == "dgx-h100-dp" else "dgx-a100:boxes=2")
        kw = {"mesh": "dp=2,tp=8", "along": "dp" if case == "dgx-h100-dp" else "tp"}
    r = concurrent(topo, **kw)
    (shares,) = r.shares
    for e, c in topo.capacity.items():
        assert sum(s.get(e, 0) for s in shares) <= c
    for group, row, share in zip(r.groups, r.rows, shares):
        for v in topo.node_ids:
            assert sum(c for (a, b), c in share.items() if b == v) == \
                sum(c for (a, b), c in share.items() if a == v)
        net = share_topology(topo, group, share)
        assert fc.bound(net).algbw == row.scheduled >= r.lower * group.weight
        schedule = fc.generate(net, collective="allgather")
        verdict = fc.verify(net, schedule)
        assert verdict.status == "optimal" and verdict.algbw == row.scheduled


def test_an_unbalanced_rounding_is_repaired_inside_the_share():
    # a cycle 0 -> 1 -> 2 -> 0 whose middle link was rounded up by 1/8, and a chord 0 -> 2:
    # the excess at node 2 goes back to node 1 through the share's own links only
    from forestcoll_opt.lp.groups.certify import _balance

    ends = [(0, 1), (1, 2), (2, 0), (0, 2)]
    share = [Fraction(1), Fraction(9, 8), Fraction(1), Fraction(0)]
    assert _balance(ends, share, 3, None) == [1, 1, 1, 0]
    # a share that is one path (no cycle at all) balances to nothing: it is all excess
    assert _balance([(0, 1)], [Fraction(1, 3)], 2, None) == [0]
