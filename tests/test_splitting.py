import networkx as nx
import pytest

from forestcoll_opt.bound import bound
from forestcoll_opt.splitting import SplittingError, split_switches


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
