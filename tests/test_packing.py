import itertools

import pytest

from forestcoll_opt.packing import PackingError, pack_trees


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
    from forestcoll_opt.bound import bound
    from forestcoll_opt.splitting import split_switches
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
