"""Shared by the LP tests (tests/lp): an exact, independent check of the LP's feasible point
(networkx only, none of the package's kernels) and the LP optima known exactly."""

from fractions import Fraction
from itertools import combinations

import networkx as nx

KNOWN = {"paper-example": Fraction(4), "dgx-a100:boxes=2": Fraction(520, 3),
         "mi250:boxes=2,gpus=8": Fraction(128),
         # where reduce-scatter + allgather trees reach the LP (README's table)
         "dgx-h100:boxes=2": Fraction(800, 3), "mi250:boxes=2": Fraction(2656, 15)}


def check_witness(topo, problem, witness):
    """Exact, independent check that the witness is a feasible point of the LP."""
    compute = list(topo.compute_nodes)
    switches = set(topo.switch_nodes)
    kinds = ("re", "bc") if problem == "allreduce" else ("bc",)
    unit = witness.unit
    assert unit >= 0 and all(v >= 0 for v in witness.x.values())
    assert set(witness.x) == set(compute)
    if problem == "allgather":
        assert len(set(witness.x.values())) == 1
    # routes: conserving per commodity, delivering exactly the logical capacities
    load = {}
    for (kind, a, u, v), f in witness.routes.items():
        assert kind in kinds and f >= 0 and (u, v) in topo.capacity
        assert (u == a or u in switches) and v != a
        load[(u, v)] = load.get((u, v), 0) + f
    for kind in kinds:
        for a in compute:
            net = {}
            for (k, src, u, v), f in witness.routes.items():
                if (k, src) == (kind, a):
                    net[u] = net.get(u, 0) - f
                    net[v] = net.get(v, 0) + f
            for v in topo.node_ids:
                if v == a:
                    continue
                want = 0 if v in switches else witness.logical.get((kind, a, v), 0)
                assert net.get(v, 0) == want, (kind, a, v)
    # physical capacities, exactly
    for e, f in load.items():
        assert unit * f <= topo.capacity[e], e
    # the max-flow condition: F(s, t) >= Σ x on each kind's logical graph, every t
    total = sum(witness.x.values())
    for kind in kinds:
        g = nx.DiGraph()
        g.add_node("__s")
        for v in compute:
            g.add_edge("__s", ("n", v), capacity=witness.x[v])
        for (k, a, b), c in witness.logical.items():
            if k == kind and c:
                u, v = (a, b) if kind == "bc" else (b, a)
                g.add_edge(("n", u), ("n", v), capacity=c)
        for t in compute:
            value = nx.maximum_flow_value(g, "__s", ("n", t)) if ("n", t) in g else 0
            assert value >= total, (kind, t)
        if len(compute) <= 6:       # and by brute force over every cut
            for r in range(1, len(compute)):
                for side in combinations(compute, r):
                    s = set(side)
                    cross = sum(c for (k, a, b), c in witness.logical.items() if k == kind
                                and ((a in s and b not in s) if kind == "bc" else
                                     (b in s and a not in s)))
                    assert cross >= sum(witness.x[v] for v in s)
