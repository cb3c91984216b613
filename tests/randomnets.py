"""Seeded random small Eulerian topologies and a brute-force bound, written for the tests
only: nothing here imports the package's algorithms."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations


def random_network(seed: int, *, max_compute: int = 5, max_switch: int = 3,
                   asymmetric: bool | None = None) -> dict:
    """A ``forestcoll-topology/1`` dict: balanced (a sum of weighted directed cycles and
    bidirectional links), strongly connected, with switches; ``asymmetric`` networks use
    directed cycles so that a link's two directions differ."""
    rng = random.Random(seed)
    n_c = rng.randint(2, max_compute)
    n_s = rng.randint(1, max_switch)
    compute = [f"c{i}" for i in range(n_c)]
    switches = [f"w{i}" for i in range(n_s)]
    nodes = [{"id": v, "kind": "compute", "box": i % 2} for i, v in enumerate(compute)]
    nodes += [{"id": w, "kind": "switch"} for w in switches]
    everyone = compute + switches
    if asymmetric is None:
        asymmetric = rng.random() < 0.5
    links = []

    def bw() -> int | str:
        value = rng.choice([1, 1, 2, 3, 4, 5, 6, "3/2", "5/2", "0.5"])
        return value

    # a spanning cycle keeps every node reachable from every other
    order = everyone[:]
    rng.shuffle(order)
    w = bw()
    cyc = order + [order[0]]
    for a, b in zip(cyc, cyc[1:]):
        links.append({"src": a, "dst": b, "bandwidth": w})
    for _ in range(rng.randint(1, 4)):
        if asymmetric:
            size = rng.randint(2, min(4, len(everyone)))
            members = rng.sample(everyone, size)
            w = bw()
            ring = members + [members[0]]
            for a, b in zip(ring, ring[1:]):
                links.append({"src": a, "dst": b, "bandwidth": w})
        else:
            a, b = rng.sample(everyone, 2)
            links.append({"src": a, "dst": b, "bandwidth": bw(), "bidirectional": True})
    # every switch should relay for at least two neighbours
    for s in switches:
        a = rng.choice(compute)
        links.append({"src": a, "dst": s, "bandwidth": bw(), "bidirectional": True})
    return {"format": "forestcoll-topology/1", "name": f"random-{seed}", "units": "GB/s",
            "nodes": nodes, "links": links}


def capacities(data: dict) -> dict[tuple[str, str], Fraction]:
    cap: dict[tuple[str, str], Fraction] = {}
    for l in data["links"]:
        b = Fraction(str(l["bandwidth"]))
        pairs = [(l["src"], l["dst"])] + ([(l["dst"], l["src"])] if l.get("bidirectional") else [])
        for p in pairs:
            cap[p] = cap.get(p, Fraction(0)) + b
    return cap


def brute_force_bound(data: dict) -> Fraction:
    """max over S (missing some compute node, holding at least one) of |S ∩ Vc| / B+(S)."""
    cap = capacities(data)
    ids = [n["id"] for n in data["nodes"]]
    compute = {n["id"] for n in data["nodes"] if n["kind"] == "compute"}
    best = Fraction(0)
    for r in range(1, len(ids)):
        for subset in combinations(ids, r):
            s = set(subset)
            inside = len(s & compute)
            if inside == 0 or compute <= s:
                continue
            out = sum((b for (u, v), b in cap.items() if u in s and v not in s), Fraction(0))
            best = max(best, Fraction(inside) / out)
    return best


def brute_force_single_root(data: dict, root: str) -> Fraction:
    """min over S containing root and missing some compute node of B+(S)."""
    cap = capacities(data)
    ids = [n["id"] for n in data["nodes"]]
    compute = {n["id"] for n in data["nodes"] if n["kind"] == "compute"}
    best = None
    others = [v for v in ids if v != root]
    for r in range(0, len(others) + 1):
        for subset in combinations(others, r):
            s = set(subset) | {root}
            if compute <= s:
                continue
            out = sum((b for (u, v), b in cap.items() if u in s and v not in s), Fraction(0))
            best = out if best is None else min(best, out)
    return best
