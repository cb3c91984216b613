import networkx as nx
import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.generation.splitting import SplittingError, split_switches
from forestcoll_opt.kernels.symmetry import automorphisms
from forestcoll_opt.model.topology import from_dict
from randomnets import random_symmetric_network


def integer_network(t, scale=1):
    b = bound(t)
    idx = t.index
    cap = {(idx[u], idx[v]): int(b.U * bw) * scale for (u, v), bw in t.capacity.items()}
    compute = [idx[v] for v in t.compute_nodes]
    switches = [idx[w] for w in t.switch_nodes]
    return cap, compute, switches, {c: b.k * scale for c in compute}


def min_source_flow(n, cap, compute, demand):
    g = nx.DiGraph()
    for (u, v), c in cap.items():
        g.add_edge(u, v, capacity=c)
    for c in compute:
        g.add_edge("s", c, capacity=demand[c])
    return min(nx.maximum_flow_value(g, "s", v) for v in compute)


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=2,gpus=8"])
def test_switches_removed_and_connectivity_kept(catalog, spec):
    t = catalog(spec)
    cap, compute, switches, demand = integer_network(t)
    result = split_switches(len(t.nodes), cap, compute, switches, demand)
    check_splitting(t, cap, compute, switches, demand, result)


def check_splitting(t, cap, compute, switches, demand, result):
    """G* holds compute nodes only, keeps the connectivity, and its routing table uses
    real paths relaying through switches only, each physical unit at most once."""
    assert all(u in compute and v in compute for u, v in result.capacity)
    need = sum(demand.values())
    assert min_source_flow(len(t.nodes), result.capacity, compute, demand) >= need
    # the routing table: real paths, switch relays only, each physical unit used once
    used = {}
    for (u, v), routes in result.routes.items():
        assert sum(c for _, c in routes) == result.capacity[(u, v)]
        for path, count in routes:
            assert path[0] == u and path[-1] == v
            assert all(p in switches for p in path[1:-1])
            for hop in zip(path, path[1:]):
                used[hop] = used.get(hop, 0) + count
    assert all(used[h] <= cap[h] for h in used)


def test_paper_example_splits_into_rings_and_cross_links(catalog):
    t = catalog("paper-example")
    cap, compute, switches, demand = integer_network(t)
    result = split_switches(len(t.nodes), cap, compute, switches, demand)
    # every compute node keeps its full 11 units of egress: nothing is lost to loops
    out = {}
    for (u, _), c in result.capacity.items():
        out[u] = out.get(u, 0) + c
    assert all(out[c] == 11 for c in compute) and result.dropped_loops == 0


def test_work_does_not_grow_with_capacities(catalog):
    t = catalog("dgx-a100:boxes=2")
    small = split_switches(len(t.nodes), *integer_network(t, 1))
    big = split_switches(len(t.nodes), *integer_network(t, 1000))
    assert small.max_flows == big.max_flows
    assert {e: c * 1000 for e, c in small.capacity.items()} == dict(big.capacity)


def test_unbalanced_switch_is_refused():
    # w receives 2 but sends 1: no splitting can isolate it
    cap = {(0, 2): 2, (2, 1): 1, (1, 0): 1, (0, 1): 1}
    with pytest.raises(SplittingError, match="switch #2"):
        split_switches(3, cap, [0, 1], [2], {0: 1, 1: 1})


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=4", "mi250:boxes=2", "dgx-h100:boxes=2"])
def test_joint_splitting_on_the_catalog(catalog, spec):
    t = catalog(spec)
    cap, compute, switches, demand = integer_network(t)
    g = automorphisms(t).product()
    joint = split_switches(len(t.nodes), cap, compute, switches, demand, symmetry=g)
    plain = split_switches(len(t.nodes), cap, compute, switches, demand)
    check_splitting(t, cap, compute, switches, demand, joint)
    # whole orbits of pairs at once: far fewer max-flows, none left to the plain loop
    assert joint.joint_splits > 0 and joint.max_flows == joint.joint_max_flows
    assert joint.max_flows * 3 < plain.max_flows


@pytest.mark.parametrize("seed", range(12))
def test_joint_splitting_with_every_generator_on_random_symmetric_networks(seed):
    # a single generator has fixed points and short cycles: pair orbits that use a link
    # twice, bisected amounts and plain fall-backs all occur across these seeds
    t = from_dict(random_symmetric_network(seed))
    cap, compute, switches, demand = integer_network(t)
    group = automorphisms(t)
    assert group.generators, "a box rotation is always an automorphism"
    for g in list(group.generators[:3]) + [group.product()]:
        result = split_switches(len(t.nodes), cap, compute, switches, demand, symmetry=g)
        check_splitting(t, cap, compute, switches, demand, result)


def test_fallback_and_bisection_are_exercised():
    seen = {"fallback": 0, "bisection": 0}
    for seed in range(30):
        t = from_dict(random_symmetric_network(seed))
        cap, compute, switches, demand = integer_network(t)
        for g in automorphisms(t).generators[:3]:
            r = split_switches(len(t.nodes), cap, compute, switches, demand, symmetry=g)
            seen["fallback"] += r.max_flows > r.joint_max_flows
            seen["bisection"] += r.joint_bisections > 0
    assert seen["fallback"] and seen["bisection"]


def test_a_permutation_that_is_not_an_automorphism_is_ignored(catalog):
    t = catalog("dgx-a100:boxes=2")
    cap, compute, switches, demand = integer_network(t)
    n = len(t.nodes)
    swap = list(range(n))
    a, w = compute[0], switches[0]                 # a compute node and a switch
    swap[a], swap[w] = w, a
    for g in (swap, list(range(n - 1)), [0] * n):
        r = split_switches(n, cap, compute, switches, demand, symmetry=g)
        assert r.joint_splits == 0
        check_splitting(t, cap, compute, switches, demand, r)


class _CountingBoxes(dict):
    """A box map that counts its look-ups (the pairing order reads it once or twice per
    candidate pair)."""

    reads = 0

    def get(self, key, default=None):
        type(self).reads += 1
        return super().get(key, default)


def test_joint_splitting_does_not_sort_every_pair_of_the_spine(catalog):
    """Scalable units of one box: the spine has 8·B links in and out. Splitting in orbits
    of the box rotation removes a whole orbit of the spine's links at once; the links it
    took need no pairing order, so the look-ups grow linearly with the boxes, not as
    (8·B)² (the spine of 64 boxes: 262,144 sorted pairs per pass before; 1,024 boxes: 104
    s of splitting in generate --compact), and the splitting is the same."""
    reads = {}
    for boxes in (8, 16):
        t = catalog(f"dgx-h100:boxes={boxes},fabric=su,su=1")
        cap, compute, switches, demand = integer_network(t)
        g = automorphisms(t).rotation(compute)
        box = {t.index[n.id]: n.box for n in t.nodes if n.box is not None}
        _CountingBoxes.reads = 0
        counted = split_switches(len(t.nodes), cap, compute, switches, demand,
                                 box=_CountingBoxes(box), symmetry=g)
        reads[boxes] = _CountingBoxes.reads
        plain = split_switches(len(t.nodes), cap, compute, switches, demand, box=box,
                               symmetry=g)
        assert counted.capacity == plain.capacity and counted.routes == plain.routes
    assert reads[16] <= 2.5 * reads[8]
