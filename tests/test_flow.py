import random

import networkx as nx
import pytest

from forestcoll_opt.errors import FlowError
from forestcoll_opt.flow import INT32_MAX, KERNELS, FlowNetwork


def random_network(seed):
    rng = random.Random(seed)
    n = rng.randint(3, 9)
    edges = {}
    for _ in range(rng.randint(n, 3 * n)):
        u, v = rng.sample(range(n), 2)
        edges[(u, v)] = rng.randint(0, 20)
    return n, list(edges), list(edges.values())


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("seed", range(25))
def test_every_kernel_matches_networkx(kernel, seed):
    n, edges, caps = random_network(seed)
    net = FlowNetwork(n, edges, caps, kernel=kernel)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(((u, v, c) for (u, v), c in zip(edges, caps)), weight="capacity")
    for t in range(1, n):
        expected = nx.maximum_flow_value(g, 0, t)
        cut = net.min_cut(0, t)
        assert cut.value == expected == net.max_flow(0, t)
        # the certificate: the source side's exiting capacity equals the flow value
        side = cut.source_side
        assert side[0] and not side[t]
        assert sum(c for (u, v), c in zip(edges, caps) if side[u] and not side[v]) == expected


def test_capacities_update_in_place():
    net = FlowNetwork(3, [(0, 1), (1, 2), (0, 2)], [5, 5, 1])
    assert net.max_flow(0, 2) == 6
    net.set_capacities([1, 2], [2, 0])
    assert net.max_flow(0, 2) == 2
    assert net.capacities == [5, 2, 0]


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("value", [2**31, 2**32 + 5, 3 * 2**40, 2**70])
def test_large_capacities_are_exact(kernel, value):
    # scipy alone returns 0 for 2**31 and 5 for 2**32 + 5 here (scipy 1.17 computes in int32 without a warning)
    net = FlowNetwork(3, [(0, 1), (1, 2)], [value, value], kernel=kernel)
    assert net.max_flow(0, 2) == value
    net.set_capacities([0, 1], [7, 9])
    assert net.max_flow(0, 2) == 7
    assert net.total_capacity == 16


@pytest.mark.parametrize("kernel", KERNELS)
def test_total_near_limit_stays_exact(kernel):
    half = INT32_MAX // 2 + 1
    net = FlowNetwork(4, [(0, 1), (1, 3), (0, 2), (2, 3)], [half, half, half, half], kernel=kernel)
    assert net.max_flow(0, 3) == 2 * half


def test_bad_networks_are_rejected():
    with pytest.raises(FlowError, match="unique edges"):
        FlowNetwork(3, [(0, 1), (0, 1)])
    with pytest.raises(FlowError, match="self-loop"):
        FlowNetwork(3, [(1, 1)])
    with pytest.raises(FlowError, match="unknown max-flow kernel"):
        FlowNetwork(3, [(0, 1)], kernel="magic")
    with pytest.raises(FlowError, match="non-negative"):
        FlowNetwork(3, [(0, 1)], [-1])
