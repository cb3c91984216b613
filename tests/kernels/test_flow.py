import random
import re
import subprocess
import sys

import networkx as nx
import pytest
from kernelparams import EVERY_KERNEL

from forestcoll_opt.kernels import flow
from forestcoll_opt.errors import FlowError
from forestcoll_opt.kernels.flow import (FLOAT_EXACT, INT32_MAX, KERNELS, PREFERENCE, FlowNetwork,
                                 available_kernels, default_kernel)

# every kernel, skipped (not failed) where its package is not installed


def random_network(seed, nodes=(3, 9), cap=20):
    rng = random.Random(seed)
    n = rng.randint(*nodes)
    edges = {}
    for _ in range(rng.randint(n, 3 * n)):
        u, v = rng.sample(range(n), 2)
        edges[(u, v)] = rng.randint(0, cap)
    return n, list(edges), list(edges.values())


def reference(n, edges, caps, s, t):
    """networkx's flow value and the nodes reachable from s in its residual network."""
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(((u, v, c) for (u, v), c in zip(edges, caps)), weight="capacity")
    value, f = nx.maximum_flow(g, s, t)
    residual = nx.DiGraph()
    residual.add_nodes_from(range(n))
    for u, v in g.edges:
        if f[u][v] < g[u][v]["capacity"]:
            residual.add_edge(u, v)
        if f[u][v] > 0:
            residual.add_edge(v, u)
    return value, nx.descendants(residual, s) | {s}


def check_against_networkx(net, n, edges, caps, pairs):
    for s, t in pairs:
        value, reachable = reference(n, edges, caps, s, t)
        cut = net.min_cut(s, t)
        assert cut.value == value == net.max_flow(s, t)
        # the source side is exactly the residual-reachable set, whichever flow was found
        assert set(cut.nodes()) == reachable
        assert sum(c for (u, v), c in zip(edges, caps)
                   if cut.source_side[u] and not cut.source_side[v]) == value


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(25))
def test_every_kernel_matches_networkx(kernel, seed):
    n, edges, caps = random_network(seed)
    net = FlowNetwork(n, edges, caps, kernel=kernel)
    check_against_networkx(net, n, edges, caps, [(0, t) for t in range(1, n)])


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(25))
def test_edge_flows_are_a_maximum_flow(kernel, seed):
    """Per-edge flows (the LP's lower certificate needs them): within every edge, conserved
    at every node but source and sink, and of the maximum value — opposite edges included."""
    n, edges, caps = random_network(seed)
    net = FlowNetwork(n + 1, edges, caps, kernel=kernel)      # node n has no edge
    for s, t in [(0, v) for v in range(1, n)] + [(n, 0), (0, n)]:
        flows = net.edge_flows(s, t)
        assert all(isinstance(f, int) and 0 <= f <= c for f, c in zip(flows, caps))
        balance = [0] * (n + 1)
        for (u, v), f in zip(edges, flows):
            balance[u] -= f
            balance[v] += f
        assert all(balance[v] == 0 for v in range(n + 1) if v not in (s, t))
        assert balance[t] == net.max_flow(s, t)


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(8))
def test_tied_min_cuts_give_the_smallest_source_side(kernel, seed):
    # tiny capacities on larger networks: many minimum cuts, of which every kernel must
    # answer the same one (the residual-reachable set)
    n, edges, caps = random_network(100 + seed, nodes=(20, 40), cap=3)
    net = FlowNetwork(n, edges, caps, kernel=kernel)
    rng = random.Random(seed)
    check_against_networkx(net, n, edges, caps,
                           [tuple(rng.sample(range(n), 2)) for _ in range(12)])


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(6))
def test_updates_and_added_edges_match_a_fresh_network(kernel, seed):
    rng = random.Random(seed)
    n, edges, caps = random_network(200 + seed, nodes=(6, 14))
    net = FlowNetwork(n, edges, caps, kernel=kernel)
    for step in range(6):
        if step % 2:
            missing = [(u, v) for u in range(n) for v in range(n)
                       if u != v and (u, v) not in set(edges)]
            new = rng.sample(missing, min(3, len(missing)))
            new_caps = [rng.randint(0, 20) for _ in new]
            ids = net.add_edges(new, new_caps)
            assert ids == list(range(len(edges), len(edges) + len(new)))
            edges, caps = edges + new, caps + new_caps
        else:
            changed = rng.sample(range(len(edges)), max(1, len(edges) // 3))
            values = [rng.randint(0, 20) for _ in changed]
            net.set_capacities(changed, values)
            for e, v in zip(changed, values):
                caps[e] = v
        assert net.capacities == caps and net.total_capacity == sum(caps)
        check_against_networkx(net, n, edges, caps, [(0, n - 1), (n - 1, 0), (1, 2)])


def test_capacities_update_in_place():
    net = FlowNetwork(3, [(0, 1), (1, 2), (0, 2)], [5, 5, 1])
    assert net.max_flow(0, 2) == 6
    net.set_capacities([1, 2], [2, 0])
    assert net.max_flow(0, 2) == 2
    assert net.capacities == [5, 2, 0]


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("value", [2**31, 2**32 + 5, 3 * 2**40, 2**53 + 1, 2**62 + 3, 2**70])
def test_large_capacities_are_exact(kernel, value):
    # scipy alone returns 0 for 2**31 and 5 for 2**32 + 5 here (scipy 1.17 computes in int32
    # without a warning); igraph alone answers 2**53 for 2**53 + 1 (doubles)
    net = FlowNetwork(3, [(0, 1), (1, 2)], [value, value], kernel=kernel)
    assert net.max_flow(0, 2) == value
    assert net.min_cut(0, 2).value == value
    net.set_capacities([0, 1], [7, 9])
    assert net.max_flow(0, 2) == 7
    assert net.total_capacity == 16


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("limit", [INT32_MAX, FLOAT_EXACT])
def test_total_near_limit_stays_exact(kernel, limit):
    half = limit // 2 + 1
    net = FlowNetwork(4, [(0, 1), (1, 3), (0, 2), (2, 3)], [half, half, half, half], kernel=kernel)
    assert net.max_flow(0, 3) == 2 * half


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(6))
def test_networks_beyond_two_to_the_53_match_networkx(kernel, seed):
    # odd capacities around 2**53 and beyond: a double rounds them, so any kernel that
    # computed in doubles here would be off; the guard hands these to an exact kernel
    n, edges, small = random_network(300 + seed, nodes=(5, 10), cap=6)
    rng = random.Random(seed)
    caps = [c * 2**52 + rng.randrange(1, 2**20, 2) if c else 0 for c in small]
    net = FlowNetwork(n, edges, caps, kernel=kernel)
    assert net.total_capacity > FLOAT_EXACT
    check_against_networkx(net, n, edges, caps, [(0, t) for t in range(1, n)])


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
def test_edgeless_and_isolated_nodes(kernel):
    net = FlowNetwork(4, [], kernel=kernel)
    assert net.max_flow(0, 3) == 0
    assert net.min_cut(0, 3).nodes() == [0]
    ids = net.add_edges([(0, 1), (1, 3)], [4, 6])
    assert ids == [0, 1]
    assert net.max_flow(0, 3) == 4
    assert net.min_cut(0, 3).nodes() == [0]
    assert net.min_cut(0, 2).nodes() == [0, 1, 3]
    assert net.max_flow(2, 3) == 0


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
def test_reserved_nodes_beyond_the_edges(kernel):
    # room for nodes that later edges touch (as tree packing reserves); until then a query
    # to such a node has the zero flow, whose residual network is the positive edges
    net = FlowNetwork(1000, [(0, 1), (1, 2), (2, 0)], [3, 0, 2], kernel=kernel)
    assert net.max_flow(0, 999) == 0
    assert net.min_cut(0, 999).nodes() == [0, 1]
    assert net.min_cut(999, 0).nodes() == [999]
    net.add_edges([(1, 999), (999, 500)], [2, 7])
    assert net.max_flow(0, 999) == 2 and net.max_flow(0, 500) == 2
    assert net.min_cut(0, 500).nodes() == [0, 1]
    net.set_capacities([1], [5])
    assert net.min_cut(0, 500).nodes() == [0, 1, 2]
    with pytest.raises(FlowError, match="outside the network"):
        net.max_flow(0, 1000)


def test_the_default_is_the_first_available_of_the_preference():
    assert default_kernel() == next(k for k in PREFERENCE if k in available_kernels())
    assert flow.DEFAULT_KERNEL == default_kernel()
    assert FlowNetwork(2, [(0, 1)], [3]).kernel == default_kernel()
    assert set(PREFERENCE) <= set(KERNELS)
    assert {"dinic", "edmonds_karp", "networkx"} <= set(available_kernels())


@pytest.mark.parametrize("missing", ["ortools", "igraph"])
def test_a_missing_kernel_is_named_with_its_package(monkeypatch, missing):
    # a module set to None in sys.modules fails to import, as if it were not installed
    monkeypatch.setitem(sys.modules, flow._REQUIRES[missing][0], None)
    monkeypatch.setattr(flow, "_importable", {})
    assert missing not in available_kernels()
    with pytest.raises(FlowError, match=f"needs the {missing} package.*pip install {re.escape(flow._REQUIRES[missing][1])}"):
        FlowNetwork(3, [(0, 1)], [1], kernel=missing)
    assert default_kernel() != missing
    assert FlowNetwork(3, [(0, 1), (1, 2)], [2, 5]).max_flow(0, 2) == 2


def test_an_ortools_that_clashes_with_highspy_is_skipped_and_named():
    # OR-Tools 9.15 beside highspy 1.15 fails to import with "undefined symbol"; simulate that
    # failure (whatever is installed here) and check the fallback and the message
    code = ("import sys, importlib.abc\n"
            "class Clash(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.startswith('ortools'):\n"
            "            raise ImportError('libortools.so.9: undefined symbol: _Z19setLocal')\n"
            "sys.meta_path.insert(0, Clash())\n"
            "from forestcoll_opt.errors import FlowError\n"
            "from forestcoll_opt.kernels.flow import FlowNetwork, available_kernels, default_kernel\n"
            "assert 'ortools' not in available_kernels()\n"
            "assert default_kernel() == 'igraph', default_kernel()\n"
            "try:\n"
            "    FlowNetwork(2, [(0, 1)], [1], kernel='ortools')\n"
            "except FlowError as exc:\n"
            "    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert "cannot load beside the installed highspy" in out and "undefined symbol" in out
    assert "igraph" in out and len(out.strip().splitlines()) == 1


def test_flow_works_with_neither_ortools_nor_igraph():
    code = ("import sys\n"
            "sys.modules['ortools'] = sys.modules['igraph'] = None\n"
            "from forestcoll_opt.kernels.flow import FlowNetwork, available_kernels, default_kernel\n"
            "assert default_kernel() == 'dinic', default_kernel()\n"
            "assert available_kernels() == ('dinic', 'edmonds_karp', 'networkx')\n"
            "net = FlowNetwork(3, [(0, 1), (1, 2), (0, 2)], [5, 5, 1])\n"
            "assert net.max_flow(0, 2) == 6 and net.min_cut(0, 2).nodes() == [0]\n"
            "assert 'ortools.graph' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_the_module_imports_no_kernel():
    code = ("import sys\n"
            "import forestcoll_opt.kernels.flow\n"
            "assert 'igraph' not in sys.modules\n"
            "assert 'ortools.graph.python.max_flow' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bad_networks_are_rejected():
    with pytest.raises(FlowError, match="unique edges"):
        FlowNetwork(3, [(0, 1), (0, 1)])
    with pytest.raises(FlowError, match="self-loop"):
        FlowNetwork(3, [(1, 1)])
    with pytest.raises(FlowError, match="unknown max-flow kernel"):
        FlowNetwork(3, [(0, 1)], kernel="magic")
    with pytest.raises(FlowError, match="non-negative"):
        FlowNetwork(3, [(0, 1)], [-1])
    with pytest.raises(FlowError, match="node range"):
        FlowNetwork(3, [(0, 3)])
    with pytest.raises(FlowError, match="node range"):
        FlowNetwork(3, [(-1, 2)])
    net = FlowNetwork(4, [(0, 1)], [1])
    for edges, message in [([(1, 2), (1, 2)], "unique edges"), ([(0, 1)], "unique edges"),
                           ([(2, 2)], "self-loop"), ([(2, 4)], "node range")]:
        with pytest.raises(FlowError, match=message):
            net.add_edges(edges, [1] * len(edges))
    assert net.edges == [(0, 1)]            # a refused batch adds nothing
    assert net.add_edges([(1, 2), (2, 3)], [1, 1]) == [1, 2] and net.max_flow(0, 3) == 1


# --- one-shot networks (max_flow_once) --------------------------------------------------

def _arcs(seed, scale=1):
    """A random network with parallel arcs, as arrays, and its merged edge list."""
    import numpy as np

    rng = random.Random(seed)
    n = rng.randint(3, 9)
    arcs = [tuple(rng.sample(range(n), 2)) + (rng.randint(0, 20) * scale,)
            for _ in range(rng.randint(n, 4 * n))]
    merged = {}
    for u, v, c in arcs:
        merged[(u, v)] = merged.get((u, v), 0) + c
    tails, heads, caps = (np.asarray(col, dtype=object if scale > 1 else np.int64)
                          for col in zip(*arcs))
    return n, tails.astype(np.int64), heads.astype(np.int64), caps, merged


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(20))
def test_max_flow_once_matches_networkx_with_parallel_arcs(kernel, seed):
    n, tails, heads, caps, merged = _arcs(seed)
    edges, values = list(merged), list(merged.values())
    for t in range(1, n):
        value, _ = reference(n, edges, values, 0, t)
        assert flow.max_flow_once(n, tails, heads, caps, 0, t, kernel=kernel).value == value
        cut = flow.max_flow_once(n, tails, heads, caps, 0, t, want_cut=True, kernel=kernel)
        side = cut.source_side
        assert cut.value == value and side[0] and not side[t]
        # any minimum cut will do: its arcs add up to the flow value
        assert sum(c for (u, v), c in merged.items() if side[u] and not side[v]) == value
        # cut_below: the side only when the value is below it (it may come anyway)
        above = flow.max_flow_once(n, tails, heads, caps, 0, t, want_cut=True,
                                   cut_below=value + 1, kernel=kernel)
        assert above.value == value and above.source_side[0]


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
@pytest.mark.parametrize("seed", range(5))
def test_max_flow_once_beyond_every_kernels_integers_is_exact(kernel, seed):
    # capacities near 2^70 as Python integers in an object array: solved by networkx
    n, tails, heads, caps, merged = _arcs(seed, scale=2**66)
    edges, values = list(merged), list(merged.values())
    value, _ = reference(n, edges, values, 0, n - 1)
    assert flow.max_flow_once(n, tails, heads, caps, 0, n - 1, kernel=kernel).value == value


def test_max_flow_once_rejects_bad_networks():
    import numpy as np

    one = np.asarray([1])
    for args, message in [((3, [0], [1, 2], one), "one tail, head and capacity"),
                          ((3, [0], [3], one), "node range"),
                          ((3, [1], [1], one), "self-loop"),
                          ((3, [0], [1], np.asarray([-1])), "non-negative")]:
        with pytest.raises(FlowError, match=message):
            flow.max_flow_once(*args, 0, 2)
    with pytest.raises(FlowError, match="must differ"):
        flow.max_flow_once(3, [0], [1], one, 1, 1)
    with pytest.raises(FlowError, match="node range"):
        flow.max_flow_once(3, [0], [1], one, 0, 5)
    # a sink beyond every arc: nothing flows, for every kernel
    for kernel in available_kernels():
        assert flow.max_flow_once(5, [0], [1], one, 0, 4, kernel=kernel).value == 0
