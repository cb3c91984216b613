"""Groups at once without relays (``fc.concurrent(relay=False)``, ``lp/groups/model.py``,
"No relaying"): no group's data passes through a compute node outside it. Pinned by hand on
small networks, against an edge-based flow LP written here on random networks (each group
on the network with its non-members deleted, not the package's blocked columns), and equal
to the relayed optimum where no path through another GPU helps."""

from __future__ import annotations

import random
from fractions import Fraction

import pulp
import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import GroupError, LPCertificateError
from forestcoll_opt.lp import concurrent
from forestcoll_opt.lp.groups.model import blocked_pairs
from forestcoll_opt.model.group_scope import relays, switched_off_problem
from forestcoll_opt.model.groups import Group

from tests.verify.test_groups_attacks import G, uplink_direct


def _complete4(bandwidth=1):
    """K4 of compute nodes a0, a1, b0, b1, ``bandwidth`` each way on every pair."""
    ids = ["a0", "a1", "b0", "b1"]
    nodes = [{"id": v, "kind": "compute"} for v in ids]
    links = [{"src": u, "dst": v, "bandwidth": bandwidth, "bidirectional": True}
             for i, u in enumerate(ids) for v in ids[i + 1:]]
    return fc.from_dict({"format": "forestcoll-topology/1", "name": "k4", "nodes": nodes,
                         "links": links})


def _ring(n=4):
    nodes = [{"id": f"v{i}", "kind": "compute"} for i in range(n)]
    links = [{"src": f"v{i}", "dst": f"v{(i + 1) % n}", "bandwidth": 1, "bidirectional": True}
             for i in range(n)]
    return fc.from_dict({"format": "forestcoll-topology/1", "name": f"ring{n}",
                         "nodes": nodes, "links": links})


K4_GROUPS = [["a0", "a1"], ["b0", "b1"]]


@pytest.mark.parametrize("symmetry", [True, False])
def test_relaying_through_the_other_group_doubles_lambda_on_k4(symmetry):
    # Group A = {a0, a1}: its allgather is a0 -> a1 and a1 -> a0 at x each, algbw 2x.
    # Without relays A has the link a0 <-> a1 only (1 each way): x = 1, λ = 2, alone too.
    # With relays A also goes a0 -> b -> a1 (2 links per unit). Together, each group's
    # deliveries 2x take the 2 direct links plus 2 link-units per unit beyond them:
    # 2·(2 + 2·(2x − 2)) <= 12 links, x <= 2: λ = 4. Alone, A has the two detours to
    # itself: x = 3, algbw 6.
    topo = _complete4()
    relayed = concurrent(topo, groups=K4_GROUPS, symmetry=symmetry)
    alone = concurrent(topo, groups=K4_GROUPS, symmetry=symmetry, relay=False)
    assert (relayed.lower, relayed.upper) == (4, 4)
    assert [r.alone for r in relayed.rows] == [6, 6]
    assert (alone.lower, alone.upper) == (2, 2) and alone.exact
    assert [r.alone for r in alone.rows] == [2, 2]
    assert [r.together_upper for r in alone.rows] == [2, 2]
    assert alone.relay is False and relayed.relay is True
    # every group keeps to its own link: two independent classes, no share on a cross link
    assert alone.independent == (("g0",), ("g1",))
    for share, group in zip(alone.shares[0], K4_GROUPS):
        assert set(share) == {(group[0], group[1]), (group[1], group[0])}
    # allreduce: reduce-scatter then allgather, the same value each: 1/(1/2 + 1/2) = 1
    ar = concurrent(topo, groups=K4_GROUPS, collective="allreduce", relay=False,
                    symmetry=symmetry)
    assert (ar.lower, ar.upper) == (1, 1)
    assert (concurrent(topo, groups=K4_GROUPS, collective="allreduce").upper) == 2


def test_the_schedules_on_k4_relay_through_no_other_gpu_and_verify():
    topo = _complete4()
    out = fc.generate_concurrent(topo, groups=K4_GROUPS, relay=False)
    assert (out.lower, out.upper, out.achieved) == (2, 2, 2) and out.optimal
    assert out.relay is False
    assert all(relays(topo, s) == () for s in out.schedules)
    v = fc.verify_concurrent(topo, out)
    assert v.status == "optimal" and v.lam == 2 and v.lp_interval == (2, 2)
    assert any("relay" in n for n in v.notes)
    # the relayed set, claimed relay-free, is invalid: its paths enter the other group
    forged = fc.generate_concurrent(topo, groups=K4_GROUPS).to_dict()
    assert any(relays(topo, s) for s in fc.generate_concurrent(topo, groups=K4_GROUPS)
               .schedules)
    forged["relay"] = False
    bad = fc.verify_concurrent(topo, forged)
    assert bad.status == "invalid"
    assert any("outside the group" in r and "\"relay\": false" in r for r in bad.reasons)
    # the relay-free set judged as an ordinary one: against the relayed optimum, and its
    # own certified interval of 2 is then no interval of that optimum (4)
    plain = out.to_dict()
    del plain["relay"]
    del plain["lambda"]
    judged = fc.verify_concurrent(topo, plain)
    assert judged.status == "below" and judged.ratio == Fraction(1, 2)


def test_a_group_the_others_must_join_is_refused():
    # on a ring of 4, {v0, v2} meet only through v1 or v3: switched off, they are cut apart
    ring = _ring()
    assert concurrent(ring, groups=[["v0", "v2"], ["v1", "v3"]]).upper == 2
    with pytest.raises(GroupError, match=r"with relay=False, group 'g0' cannot run without "
                                         r"the other compute nodes"):
        concurrent(ring, groups=[["v0", "v2"], ["v1", "v3"]], relay=False)


def test_bad_requests():
    topo = _complete4()
    with pytest.raises(GroupError, match="all-to-all"):
        concurrent(topo, groups=K4_GROUPS, collective="alltoall", relay=False)
    with pytest.raises(GroupError, match="relay= must be True"):
        concurrent(topo, groups=K4_GROUPS, relay="no")
    relayed = concurrent(topo, groups=K4_GROUPS)
    with pytest.raises(GroupError, match="bound= was solved with relays"):
        fc.generate_concurrent(topo, bound=relayed, relay=False)
    # a bound solved without relays gives schedules without relays
    out = fc.generate_concurrent(topo, bound=concurrent(topo, groups=K4_GROUPS, relay=False))
    assert out.relay is False and out.achieved == 2


def test_outputs_say_so():
    r = concurrent(_complete4(), groups=K4_GROUPS, relay=False)
    assert repr(r) == ("ConcurrentBound(2 allgather groups without relays on k4: λ=2 exact, "
                       f"{len(r.contended)} contended links)")
    assert r.to_dict()["relay"] is False
    assert "relay" not in concurrent(_complete4(), groups=K4_GROUPS).to_dict()
    assert "none through a compute node outside the group" in r._repr_html_()
    out = fc.generate_concurrent(_complete4(), groups=K4_GROUPS, relay=False)
    assert "without relays" in repr(out)


def test_the_two_leaf_witness_no_longer_relays_and_exports():
    # docs/how-it-works/groups.md: with relays the witness sends {b1, b2} over a1 -> a2.
    # Without: B keeps to the uplinks (4, x = 4), A to the direct link and the rest of the
    # uplinks (4 + 0, x = 4): λ = 8 both ways, and every schedule exports to MSCCL.
    from forestcoll_opt.runtimes.msccl_groups import export_msccl_groups

    net = uplink_direct()
    out = fc.generate_concurrent(net, groups=G, relay=False)
    assert (out.lower, out.upper, out.achieved) == (8, 8, 8)
    assert all(relays(net, s) == () for s in out.schedules)
    files = export_msccl_groups(net, out)
    assert len(files) == 2


@pytest.mark.parametrize("along", ["dp", "tp"])
@pytest.mark.parametrize("collective", ["allgather", "allreduce"])
def test_a_switched_fabric_loses_nothing(along, collective):
    # dgx-h100: every GPU of a box on one NVSwitch, GPU j on its own NIC and rail. Every
    # GPU is in a group, so a path through another GPU would take that group's NIC or
    # NVLink: the relayed optimum never needs one, and the values are equal.
    topo = fc.resolve("dgx-h100:boxes=2")
    relayed = concurrent(topo, mesh="dp=2,tp=8", along=along, collective=collective)
    alone = concurrent(topo, mesh="dp=2,tp=8", along=along, collective=collective,
                       relay=False)
    assert (alone.lower, alone.upper) == (relayed.lower, relayed.upper)
    assert alone.exact
    expected = {("dp", "allgather"): 100, ("dp", "allreduce"): 50,
                ("tp", "allgather"): Fraction(3600, 7), ("tp", "allreduce"): Fraction(1800, 7)}
    assert alone.upper == expected[(along, collective)]
    # alone, the data-parallel pair of GPU j has its own NIC only (50 each way): 100
    if (along, collective) == ("dp", "allgather"):
        assert [r.alone for r in alone.rows] == [100] * 8
        assert [r.alone for r in relayed.rows] == [800] * 8


def test_mi250_half_boxes_where_relaying_matters():
    # GCDs 0-3 and 4-7 of both boxes, GCDs 8-15 idle: with relays the groups borrow the
    # idle GCDs' xGMI links and NICs; without, each GCD has its own 16 GB/s NIC to the
    # other box. Pinned, and checked against the edge-based LP below.
    topo = fc.resolve("mi250:boxes=2")
    groups = [["box*/gcd[0-3]"], ["box*/gcd[4-7]"]]
    relayed = concurrent(topo, groups=groups)
    alone = concurrent(topo, groups=groups, relay=False)
    assert (relayed.lower, relayed.upper) == (Fraction(728, 3),) * 2
    assert (alone.lower, alone.upper) == (Fraction(128, 3),) * 2
    chosen = [list(g.members) for g in alone.groups]
    assert _edge_lp(_as_data(topo), chosen, balanced=False) == pytest.approx(128 / 3, rel=1e-7)


def test_blocked_pairs_are_the_links_of_the_others():
    topo = uplink_direct()
    blocked = blocked_pairs(topo, [Group(("a1", "a2")), Group(("b1", "b2"))])
    links = list(topo.capacity)
    # a1, a2 are switches to nobody: group b may not use their links; a the links of b1, b2
    assert {links[e] for e in range(len(links)) if blocked[1, e]} == {
        e for e in links if {"a1", "a2"} & set(e)}
    assert {links[e] for e in range(len(links)) if blocked[0, e]} == {
        e for e in links if {"b1", "b2"} & set(e)}


# --- an edge-based LP written here: the groups' flows on their own networks -----------

def _as_data(topo):
    return {"nodes": [{"id": n.id, "kind": n.kind} for n in topo.nodes],
            "links": [{"src": u, "dst": v, "bandwidth": str(b)}
                      for (u, v), b in topo.capacity.items()]}


def _edge_lp(data, groups, *, balanced, reverse=False):
    """max λ over shares c_g(e) with Σ_g c_g(e) <= b(e), where group g lives on the network
    with every compute node outside it deleted, and for every member t a flow on c_g
    brings t (n_g − 1)·x_g from the other members, each supplying at most x_g = λ/n_g
    (the allgather condition; ``reverse``: reduce-scatter on the reversed links);
    ``balanced``: in = out of every share at every node."""
    caps: dict = {}
    for link in data["links"]:
        b = Fraction(link["bandwidth"])
        pairs = [(link["src"], link["dst"])] + ([(link["dst"], link["src"])]
                                                if link.get("bidirectional") else [])
        for e in pairs:
            e = e[::-1] if reverse else e
            caps[e] = caps.get(e, 0) + b
    compute = {n["id"] for n in data["nodes"] if n["kind"] == "compute"}
    nodes = [n["id"] for n in data["nodes"]]
    lp = pulp.LpProblem("edges", pulp.LpMaximize)
    lam = pulp.LpVariable("lam", lowBound=0)
    lp += lam
    use: dict = {e: [] for e in caps}
    for g, members in enumerate(groups):
        gone = compute - set(members)
        arcs = [e for e in caps if e[0] not in gone and e[1] not in gone]
        here = [v for v in nodes if v not in gone]
        share = {e: pulp.LpVariable(f"c_{g}_{i}", lowBound=0) for i, e in enumerate(arcs)}
        for e in arcs:
            use[e].append(share[e])
        if balanced:
            for v in here:
                lp += (pulp.lpSum(share[e] for e in arcs if e[1] == v)
                       == pulp.lpSum(share[e] for e in arcs if e[0] == v))
        x = lam * (1.0 / len(members))
        for t in members:
            flow = {e: pulp.LpVariable(f"f_{g}_{t}_{i}", lowBound=0)
                    for i, e in enumerate(arcs)}
            for e in arcs:
                lp += flow[e] <= share[e]
            for v in here:
                net = pulp.lpSum(flow[e] for e in arcs if e[0] == v) \
                    - pulp.lpSum(flow[e] for e in arcs if e[1] == v)
                if v == t:
                    lp += net == -(len(members) - 1) * x
                elif v in members:
                    lp += net <= x
                    lp += net >= 0
                else:
                    lp += net == 0
    for e, columns in use.items():
        if columns:
            lp += pulp.lpSum(columns) <= float(caps[e])
    lp.solve(pulp.HiGHS(msg=False))
    assert pulp.LpStatus[lp.status] == "Optimal"
    return lam.value()


def test_the_edge_lp_is_the_hand_value_on_k4():
    assert _edge_lp(_as_data(_complete4()), K4_GROUPS, balanced=False) == pytest.approx(2)


def _random_data(seed):
    """A random network whose groups can always run without the others: switches on a
    ring, every compute node on one switch, then random extra links between any two nodes
    (GPU to GPU ones are where relaying pays), every link the same both ways."""
    rng = random.Random(seed)
    compute = [f"c{i}" for i in range(rng.randint(4, 7))]
    switches = [f"w{i}" for i in range(rng.randint(1, 3))]
    nodes = [{"id": v, "kind": "compute"} for v in compute]
    nodes += [{"id": w, "kind": "switch"} for w in switches]
    pairs = []
    if len(switches) > 1:
        pairs += list(zip(switches, switches[1:] + switches[:1]))[:len(switches) - (
            len(switches) == 2)]
    pairs += [(v, rng.choice(switches)) for v in compute]
    everyone = compute + switches
    pairs += [tuple(rng.sample(everyone, 2)) for _ in range(rng.randint(2, 6))]
    links = [{"src": a, "dst": b, "bandwidth": rng.choice([1, 2, 3, 4, "3/2", "5/2"]),
              "bidirectional": True} for a, b in pairs]
    return {"format": "forestcoll-topology/1", "name": f"norelay-{seed}", "units": "GB/s",
            "nodes": nodes, "links": links}


def _random_case(seed):
    """Two disjoint groups, some compute nodes left idle (relays, with relays on)."""
    data = _random_data(seed)
    topo = fc.from_dict(data)
    compute = list(topo.compute_nodes)
    random.Random(seed + 1000).shuffle(compute)
    size = 2 if len(compute) < 6 else 3
    groups = [sorted(compute[:2], key=topo.index.get),
              sorted(compute[2:2 + size], key=topo.index.get)]
    assert all(switched_off_problem(topo, g) is None for g in groups)
    return data, topo, groups


def test_the_random_cases_include_some_where_relaying_matters():
    # not a vacuous comparison: seeds 4 and 5 lose by switching relays off (2 -> 1, 3 -> 18/7)
    lost = [seed for seed in range(12)
            if concurrent(_random_case(seed)[1], groups=_random_case(seed)[2],
                          relay=False).upper
            < concurrent(_random_case(seed)[1], groups=_random_case(seed)[2]).upper]
    assert lost[:2] == [4, 5]


@pytest.mark.parametrize("case", range(12))
def test_random_networks_match_the_edge_lp(case):
    seed = case
    data, topo, groups = _random_case(seed)
    for collective, reverse in (("allgather", False), ("reduce-scatter", True)):
        r = concurrent(topo, groups=groups, collective=collective, relay=False,
                       symmetry=False)
        upper = _edge_lp(data, groups, balanced=False, reverse=reverse)
        lower = _edge_lp(data, groups, balanced=True, reverse=reverse)
        assert float(r.upper) == pytest.approx(upper, rel=1e-7), seed
        assert float(r.lower) == pytest.approx(lower, rel=1e-7), seed
        folded = concurrent(topo, groups=groups, collective=collective, relay=False)
        assert (folded.lower, folded.upper) == (r.lower, r.upper)
        # never above the relayed optimum: the no-relay LP is it with columns removed
        assert r.upper <= concurrent(topo, groups=groups, collective=collective).upper
    out = fc.generate_concurrent(topo, groups=groups, relay=False)
    assert all(relays(topo, s) == () for s in out.schedules)
    assert out.achieved >= out.lower
    v = fc.verify_concurrent(topo, out)
    assert v.valid and v.lam == out.achieved


def test_a_symmetry_mapping_a_gpu_onto_a_switch_is_kept_apart():
    # a ring c0 - w0 - c1 - c2 - c0 with the group {c0, c1}: swapping c2 (an idle GPU) and
    # the switch w0 keeps every link, a symmetry of the relayed model; without relays c2's
    # links are blocked and w0's are not, so that symmetry must not be used
    from forestcoll_opt.lp.groups.model import build_groups_model, group_symmetry
    from forestcoll_opt.model.collective import Collective

    nodes = [{"id": "c0", "kind": "compute"}, {"id": "w0", "kind": "switch"},
             {"id": "c1", "kind": "compute"}, {"id": "c2", "kind": "compute"}]
    links = [{"src": a, "dst": b, "bandwidth": 1, "bidirectional": True}
             for a, b in (("c0", "w0"), ("w0", "c1"), ("c1", "c2"), ("c2", "c0"))]
    topo = fc.from_dict({"format": "forestcoll-topology/1", "name": "kite", "nodes": nodes,
                         "links": links})
    groups = [Group(("c0", "c1"))]
    mixed = group_symmetry(topo, groups)
    ids = topo.node_ids
    assert any(ids[p[topo.index["c2"]]] == "w0" for p in mixed.node_perms)
    with pytest.raises(LPCertificateError, match="maps a link of a non-member compute node"):
        build_groups_model(topo, groups, Collective.ALLGATHER, mixed, Fraction(1),
                           balanced=False, relay=False)
    kept = group_symmetry(topo, groups, kinds=True)
    assert all(ids[p[topo.index["c2"]]] == "c2" for p in kept.node_perms)
    # relayed: two disjoint paths c0 -> c1 of 1 each way: x = 2, algbw 4; without c2: 2
    assert concurrent(topo, groups=[["c0", "c1"]]).upper == 4
    alone = concurrent(topo, groups=[["c0", "c1"]], relay=False)
    assert alone.upper == alone.lower == 2
