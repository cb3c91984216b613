import itertools
import os
import random

import numpy as np
import pytest

from forestcoll_opt.generation import joint
from forestcoll_opt.generation.packing import PackingError, pack_trees
from forestcoll_opt.kernels.flow import FlowNetwork


def check(nodes, cap, demand, packing):
    used = {}
    totals = {}
    for b in packing.batches:
        totals[b.root] = totals.get(b.root, 0) + b.weight
        reached = {b.root}
        for x, y in b.edges:
            assert x in reached and y not in reached   # grows as an out-tree
            reached.add(y)
            used[(x, y)] = used.get((x, y), 0) + b.weight
        assert reached == set(nodes)
    assert totals == {r: d for r, d in demand.items() if d}
    assert all(used[e] <= cap[e] for e in used)


@pytest.mark.parametrize("order", ["layers", "batch"])
def test_complete_graph_packs_k_trees_per_root(order):
    nodes = list(range(5))
    cap = {(a, b): 3 for a, b in itertools.permutations(nodes, 2)}
    # each node has 12 units of ingress; 4 other roots need k trees each to reach it: k = 3
    demand = {v: 3 for v in nodes}
    packing = pack_trees(nodes, cap, demand, order=order)
    check(nodes, cap, demand, packing)


@pytest.mark.parametrize("order", ["layers", "batch"])
def test_both_orders_pack_the_split_catalog_graph(catalog, order):
    from forestcoll_opt.generation.bounding import bound
    from forestcoll_opt.generation.splitting import split_switches
    t = catalog("mi250:boxes=2,gpus=8")
    b = bound(t)
    idx = t.index
    cap = {(idx[u], idx[v]): int(b.U * bw) for (u, v), bw in t.capacity.items()}
    compute = [idx[v] for v in t.compute_nodes]
    demand = {c: b.k for c in compute}
    g = split_switches(len(t.nodes), cap, compute, [idx[w] for w in t.switch_nodes], demand)
    check(compute, dict(g.capacity), demand, pack_trees(compute, g.capacity, demand, order=order))


def test_unknown_order():
    with pytest.raises(PackingError, match="unknown packing order"):
        pack_trees([0, 1], {(0, 1): 1, (1, 0): 1}, {0: 1}, order="random")


def test_weighted_batches_do_not_grow_with_k():
    nodes = list(range(4))
    ring = {(i, (i + 1) % 4): 2 for i in nodes} | {((i + 1) % 4, i): 1 for i in nodes}
    small = pack_trees(nodes, ring, {v: 1 for v in nodes})
    scaled = {e: c * 10**6 for e, c in ring.items()}
    big = pack_trees(nodes, scaled, {v: 10**6 for v in nodes})
    check(nodes, scaled, {v: 10**6 for v in nodes}, big)
    assert len(big.batches) <= 4 * len(ring) * len(nodes)
    assert big.max_flows == small.max_flows


def test_single_root():
    nodes = [0, 1, 2]
    cap = {(0, 1): 2, (0, 2): 1, (1, 2): 2, (2, 1): 5}
    packing = pack_trees(nodes, cap, {0: 3})
    check(nodes, cap, {0: 3}, packing)


def test_infeasible_demand_is_a_typed_error():
    with pytest.raises(PackingError, match="cannot reach"):
        pack_trees([0, 1, 2], {(0, 1): 1, (1, 2): 1, (2, 0): 1}, {0: 2, 1: 2, 2: 2})


# --- symmetric packing (joint growth in orbits of <h>) ------------------------------------

from handmade import group_elements as _elements  # noqa: E402


def symmetric_instance(seed):
    """A random network invariant under a random permutation group H and an H-invariant
    demand (every node, one orbit, or the fixed points), capacities doubled until the
    trees exist (None if they never do). H is cyclic with cycles of mixed lengths (roots
    with stabilisers, several edges per step), a product Z_a x Z_b acting freely on a grid,
    or a dihedral group on a cycle (reflections fix points)."""
    import networkx as nx

    rng = random.Random(seed)
    shape = rng.choice(["cyclic", "cyclic", "grid", "dihedral"])
    if shape == "cyclic":
        lengths = rng.choice([[4, 4], [2, 4], [3, 3], [6], [2, 2, 2], [1, 4], [1, 2, 4],
                              [3, 6], [5], [2, 6], [4, 4, 2]])
        nodes, h = [], []
        for length in lengths:
            first = len(nodes)
            nodes += range(first, first + length)
            h += [first + (i + 1) % length for i in range(length)]
        generators = [h]
    elif shape == "grid":
        a, b = rng.choice([(2, 2), (2, 3), (3, 3), (2, 4), (4, 3)])
        nodes = list(range(a * b))
        generators = [[((i // b + 1) % a) * b + i % b for i in nodes],
                      [(i // b) * b + (i % b + 1) % b for i in nodes]]
    else:
        n = rng.choice([4, 5, 6, 7])
        nodes = list(range(n))
        generators = [[(i + 1) % n for i in nodes], [(-i) % n for i in nodes]]
    group = _elements(generators, len(nodes))
    cap = {}
    for _ in range(rng.randint(len(nodes), 3 * len(nodes))):
        (u, v), c = rng.sample(nodes, 2), rng.randint(1, 4)
        for e in {(h[u], h[v]) for h in group}:   # the edge's orbit
            cap[e] = cap.get(e, 0) + c
    k = rng.randint(1, 3)
    mode = rng.choice(["all", "all", "orbit", "fixed"])
    fixed = [v for v in nodes if all(h[v] == v for h in group)]
    if mode == "all":
        demand = {v: k for v in nodes}
    elif mode == "fixed" and fixed:
        demand = {v: k for v in fixed}
    else:
        root = rng.choice(nodes)
        demand = {h[root]: k for h in group}

    def feasible():
        g = nx.DiGraph()
        g.add_nodes_from(nodes)
        g.add_edges_from((a, b, {"capacity": c}) for (a, b), c in cap.items())
        g.add_edges_from(("s", v, {"capacity": d}) for v, d in demand.items())
        return all(nx.maximum_flow_value(g, "s", v) >= sum(demand.values()) for v in nodes)

    for _ in range(12):
        if feasible():
            return nodes, cap, demand, generators
        cap = {e: 2 * c for e, c in cap.items()}
    return None


JOINT_SEEDS = int(os.environ.get("FORESTCOLL_PACKING_SEEDS", "2000"))


@pytest.mark.parametrize("seeds", [pytest.param(range(400), id="400"),
                                   pytest.param(range(400, 400 + JOINT_SEEDS), id="more",
                                                marks=pytest.mark.slow)])
def test_joint_packing_is_valid_on_random_symmetric_networks(seeds):
    """Every joint step must leave a completable state: a wrong safety test ends in a batch
    that cannot grow (PackingError) or in overloaded edges. Exercised: cyclic, free
    two-generator and dihedral groups; runs that stay joint to the end and runs that fall
    back to plain growth."""
    finished = fell_back = larger = 0
    for seed in seeds:
        instance = symmetric_instance(seed)
        if instance is None:
            continue
        nodes, cap, demand, generators = instance
        packing = pack_trees(nodes, cap, demand, symmetry=generators)
        check(nodes, cap, demand, packing)
        assert packing.joint_steps > 0 or packing.fallback, seed
        assert packing.joint_max_flows <= packing.max_flows
        fell_back += packing.fallback
        finished += not packing.fallback
        larger += packing.group_order > 2 and len(generators) == 2
    assert finished > 0 and fell_back > 0 and larger > 0


def _catalog_gstar(catalog, spec):
    from forestcoll_opt.generation.bounding import bound
    from forestcoll_opt.generation.splitting import split_switches
    from forestcoll_opt.kernels.symmetry import automorphisms

    t = catalog(spec)
    b = bound(t)
    idx = t.index
    cap = {(idx[u], idx[v]): int(b.U * bw) for (u, v), bw in t.capacity.items()}
    compute = [idx[v] for v in t.compute_nodes]
    demand = {c: b.k for c in compute}
    h = automorphisms(t).rotation(compute)
    g = split_switches(len(t.nodes), cap, compute, [idx[w] for w in t.switch_nodes], demand,
                       symmetry=h)
    return compute, dict(g.capacity), demand, h


@pytest.mark.parametrize("spec", ["mi250:boxes=2,gpus=8", "dgx-a100:boxes=4",
                                  "dgx-h100:boxes=4", "mi250:boxes=2"])
def test_joint_packing_on_the_catalog_takes_fewer_max_flows(catalog, spec):
    compute, cap, demand, h = _catalog_gstar(catalog, spec)
    plain = pack_trees(compute, cap, demand)
    joint = pack_trees(compute, cap, demand, symmetry=[h])
    check(compute, cap, demand, joint)
    assert joint.joint_steps > 0 and not joint.fallback
    assert joint.max_flows < plain.max_flows
    assert joint == pack_trees(compute, cap, demand, symmetry=[h])          # deterministic


def test_a_permutation_that_is_not_an_automorphism_is_ignored():
    nodes = list(range(4))
    ring = {(i, (i + 1) % 4): 2 for i in nodes} | {((i + 1) % 4, i): 1 for i in nodes}
    demand = {v: 1 for v in nodes}
    reflection = [0, 3, 2, 1]                    # swaps the two directions' capacities
    packing = pack_trees(nodes, ring, demand, symmetry=[reflection])
    assert packing.joint_steps == 0
    assert packing == pack_trees(nodes, ring, demand)
    rotation = [1, 2, 3, 0]
    assert pack_trees(nodes, ring, {0: 1}, symmetry=[rotation]).joint_steps == 0   # demand moves
    joint = pack_trees(nodes, ring, demand, symmetry=[rotation])
    assert joint.joint_steps > 0
    check(nodes, ring, demand, joint)


# --- the joint growth's safety test on a sub-network of D̄ (generation/joint.py): its
# verdict must be the whole network's, step by step

def whole_network_excess(growth, growing, rest, x, y):
    """min over X (y in X, x not) of the cut of D̄ minus the total, on D̄ built in full:
    every batch (images included, those holding y too: they add as much to both) joined
    to every one of its members."""
    n = growth.n
    hub = n
    edges, caps = {}, {}
    for i, (a, b) in enumerate(zip(growth.tails.tolist(), growth.heads.tolist())):
        edges[(a, b)] = int(growth.g[i])
    total = 0
    node = n + 1
    infinity = sum(edges.values()) + 1
    for orbit in growth.orbits + ([rest] if rest is not None else []):
        members = np.flatnonzero(orbit.mask)
        for c in orbit.cosets.tolist():
            weight = orbit.rep.weight
            total += weight
            infinity += weight
            edges[(hub, node)] = weight
            for v in growth.perm[c, members].tolist():
                edges[(node, v)] = weight
            node += 1
    edges[(hub, x)] = infinity
    net = FlowNetwork(node, list(edges), list(edges.values()))
    return net.max_flow(hub, y) - total


def cut_excess(growth, growing, rest, inside):
    """The cut of D̄ at X = ``inside`` minus the total, counted from the definition."""
    cut = sum(int(c) for a, b, c in zip(growth.tails.tolist(), growth.heads.tolist(), growth.g)
              if inside[b] and not inside[a])
    total = 0
    for orbit in growth.orbits + ([rest] if rest is not None else []):
        members = np.flatnonzero(orbit.mask)
        for c in orbit.cosets.tolist():
            total += orbit.rep.weight
            cut += orbit.rep.weight * bool(inside[growth.perm[c, members]].any())
    return cut - total


class Checked(joint.JointGrowth):
    """Every test answered as the whole network would, and every violated set truly so."""
    tests = refined = 0

    def _test(self, growing, rest, x, y):
        flows = self.flows
        excess, inside = super()._test(growing, rest, x, y)
        exact = whole_network_excess(self, growing, rest, x, y)
        assert (excess >= 0) == (exact >= 0)
        if excess < 0:
            assert inside[y] and not inside[x]
            assert excess == cut_excess(self, growing, rest, inside) >= exact
        Checked.tests += 1
        Checked.refined += self.flows - flows > 1
        return excess, inside


def _instances(seeds):
    """The symmetric instances of ``seeds`` whose trees exist."""
    for seed in seeds:
        instance = symmetric_instance(seed)
        if instance is not None:
            yield instance


def test_each_verdict_is_the_whole_networks(monkeypatch):
    monkeypatch.setattr("forestcoll_opt.generation.packing.JointGrowth", Checked)
    Checked.tests = Checked.refined = 0
    steps = 0
    for nodes, cap, demand, generators in _instances(range(150)):
        packing = pack_trees(nodes, cap, demand, symmetry=generators)
        check(nodes, cap, demand, packing)
        steps += packing.joint_steps
    assert steps > 200 and Checked.tests > steps
    assert Checked.refined > 0                   # some test needed more than one round


@pytest.mark.parametrize("spec", ["mi250:boxes=4,gpus=8", "dgx-a100:boxes=8"])
def test_each_verdict_is_the_whole_networks_on_the_catalog(catalog, monkeypatch, spec):
    compute, cap, demand, h = _catalog_gstar(catalog, spec)
    monkeypatch.setattr("forestcoll_opt.generation.packing.JointGrowth", Checked)
    Checked.tests = Checked.refined = 0
    packing = pack_trees(compute, cap, demand, symmetry=[h])
    check(compute, cap, demand, packing)
    assert packing.joint_steps > 0 and not packing.fallback
    assert Checked.tests >= packing.joint_steps
    assert Checked.refined > 0


def test_capacities_beyond_64_bits_are_exact():
    # the same instances with every capacity and demand times 2^64: the growth keeps
    # Python integers and asks the exact kernel; the trees are the same, weights scaled
    scale = 2**64
    done = 0
    for nodes, cap, demand, generators in _instances(range(40)):
        small = pack_trees(nodes, cap, demand, symmetry=generators)
        if small.fallback:
            continue
        big_cap = {e: c * scale for e, c in cap.items()}
        big_demand = {v: d * scale for v, d in demand.items()}
        big = pack_trees(nodes, big_cap, big_demand, symmetry=generators)
        check(nodes, big_cap, big_demand, big)
        assert [(b.root, b.edges) for b in big.batches] == [(b.root, b.edges)
                                                           for b in small.batches]
        assert all(b.weight == s.weight * scale for b, s in zip(big.batches, small.batches))
        done += 1
        if done == 5:
            break
    assert done == 5
