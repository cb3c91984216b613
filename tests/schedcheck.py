"""An independent schedule checker for the tests: validates a ``forestcoll-schedule/1``
dict against a topology's links and recomputes algbw from its own link loads. It uses
only the topology's merged capacities, never the generator."""

from __future__ import annotations

from fractions import Fraction


def _check_tree(tree, compute, switches, capacity, inward):
    root = tree["root"]
    assert root in compute, f"root {root} is not a compute node"
    assert isinstance(tree["weight"], int) and tree["weight"] > 0
    nxt = {}
    for e in tree["edges"]:
        src, dst, path = e["src"], e["dst"], e["path"]
        assert src in compute and dst in compute and src != dst
        assert path[0] == src and path[-1] == dst, f"path {path} does not join {src}->{dst}"
        for hop in zip(path, path[1:]):
            assert hop in capacity, f"path uses missing link {hop}"
        for relay in path[1:-1]:
            assert relay in switches, f"path relays through compute node {relay}"
        child, parent = (src, dst) if inward else (dst, src)
        assert child not in nxt, f"{child} has two parents in tree of {root}"
        assert child != root
        nxt[child] = parent
    assert set(nxt) == compute - {root}, f"tree of {root} does not span"
    for v in nxt:   # every node leads to the root without a cycle
        seen = set()
        while v != root:
            assert v not in seen, "cycle"
            seen.add(v)
            v = nxt[v]


def check_phase(phase, compute, switches, capacity, collective, root=None):
    """Validate one single-phase schedule; returns (k, max load / bandwidth)."""
    k = phase["k"]
    inward = collective in ("reduce-scatter", "reduce")
    totals = {}
    loads = {}
    for tree in phase["trees"]:
        _check_tree(tree, compute, switches, capacity, inward)
        totals[tree["root"]] = totals.get(tree["root"], 0) + tree["weight"]
        for e in tree["edges"]:
            for hop in zip(e["path"], e["path"][1:]):
                loads[hop] = loads.get(hop, 0) + tree["weight"]
    if collective in ("broadcast", "reduce"):
        assert totals == {root: k}
    else:
        assert totals == {v: k for v in compute}, "every root's weights must sum to k"
    worst = max(Fraction(load) / capacity[hop] for hop, load in loads.items())
    return k, worst


def achieved_algbw(topology, schedule: dict) -> Fraction:
    """Validate and return the exact algbw of a schedule dict on a Topology."""
    capacity = dict(topology.capacity)
    compute = set(topology.compute_nodes)
    switches = set(topology.switch_nodes)
    n = len(compute)
    assert schedule["format"] == "forestcoll-schedule/1"
    assert schedule["compute_nodes"] == list(topology.compute_nodes)
    coll = schedule["collective"]
    if coll == "allreduce":
        rs, ag = schedule["phases"]
        assert (rs["collective"], ag["collective"]) == ("reduce-scatter", "allgather")
        time = Fraction(0)
        for phase in (rs, ag):
            k, worst = check_phase(phase, compute, switches, capacity, phase["collective"])
            time += worst / (n * k)
        return 1 / time
    k, worst = check_phase(schedule, compute, switches, capacity, coll, schedule.get("root"))
    parts = k if coll in ("broadcast", "reduce") else n * k
    return parts / worst
