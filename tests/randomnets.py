"""Seeded random small Eulerian topologies and a brute-force bound, written for the tests
only: nothing here imports the package's algorithms."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import numpy as np


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


def brute_force_bound(data: dict, members=None) -> Fraction:
    """max over S (missing some compute node, holding at least one) of |S ∩ Vc| / B+(S);
    with ``members``, the same over the members only (every other node a switch)."""
    cap = capacities(data)
    ids = [n["id"] for n in data["nodes"]]
    compute = ({n["id"] for n in data["nodes"] if n["kind"] == "compute"} if members is None
               else set(members))
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


def normalised_weights(weights: dict) -> dict[str, int]:
    """Non-negative weights, not all 0 (int, Fraction or "p/q"/decimal text) scaled to
    coprime integers: times the lcm of the denominators, divided by the gcd of the
    products."""
    exact = {}
    for v, w in weights.items():
        if type(w) not in (int, Fraction, str):
            raise TypeError(f"weight of {v!r}: {w!r} is not an exact number")
        exact[v] = Fraction(w)
        if exact[v] < 0:
            raise ValueError(f"weight of {v!r} must not be negative, not {w!r}")
    if not any(exact.values()):
        raise ValueError("no positive weight")
    common = math.lcm(*(f.denominator for f in exact.values()))
    scaled = {v: int(f * common) for v, f in exact.items()}
    divisor = math.gcd(*scaled.values())
    return {v: s // divisor for v, s in scaled.items()}


def brute_force_weighted_bound(data: dict, weights: dict) -> Fraction:
    """The weighted allgather bound algbw* = Ŵ · min over S of B+(S) / ŵ(S ∩ Vc), ŵ the
    weights as coprime integers and Ŵ their sum, S running over every node set missing some
    compute node (a set with no compute node inside has ŵ(S ∩ Vc) = 0 and bounds nothing,
    so it is skipped). ``weights`` maps every compute id to a non-negative int or Fraction,
not all 0.
    With all weights equal it is N / :func:`brute_force_bound`."""
    ids = [n["id"] for n in data["nodes"]]
    compute = {n["id"] for n in data["nodes"] if n["kind"] == "compute"}
    if set(weights) != compute:
        raise ValueError("weights must name every compute node and nothing else")
    share = normalised_weights(weights)
    total = sum(share.values())
    cap = capacities(data)
    best = None
    for r in range(1, len(ids)):
        for subset in combinations(ids, r):
            s = set(subset)
            if compute <= s:
                continue
            inside = sum(share[v] for v in s & compute)
            if inside == 0:
                continue
            out = sum((b for (u, v), b in cap.items() if u in s and v not in s), Fraction(0))
            ratio = out / inside
            best = ratio if best is None else min(best, ratio)
    if best is None:
        raise ValueError("a bound needs two compute nodes at least")
    return total * best


def random_weights(seed, compute_ids) -> dict[str, int | Fraction]:
    """Small random positive weights for ``compute_ids``, deterministic in ``seed``: mostly
    integers 1..5; in about three draws in ten every weight a Fraction (an integer 1..5
    over 2..4, some of which reduce to integers); in about one draw in ten all weights
    equal."""
    rng = random.Random(f"weights-{seed}")
    ids = list(compute_ids)
    style = rng.random()
    if style < 0.1:
        same = rng.choice([1, 2, 3, Fraction(3, 2)])
        return {v: same for v in ids}
    if style < 0.4:
        return {v: Fraction(rng.randint(1, 5), rng.randint(2, 4)) for v in ids}
    return {v: rng.randint(1, 5) for v in ids}


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


# --------------------------------------------------------------------------------------------
# larger networks (12-14 compute and 6+ switch nodes) and a vectorised brute force for them

LARGE_BANDWIDTHS = (1, 2, 3, 4, 5, 6, 8, "1/2", "3/2", "5/2", "4/3", "0.25", "2.5", "7/4")
FAST_BANDWIDTHS = (4, 5, 6, 8, 10, 12, "15/2", "25/2", "20/3")


def random_large_network(seed: int, *, n_compute: int | None = None, n_switch: int = 6,
                         asymmetric: bool = True) -> dict:
    """A larger ``forestcoll-topology/1`` dict for the tests: ``n_compute`` compute nodes
    (default 12 to 14, at least 12) in two or three boxes and ``n_switch`` switches (at
    least 6): one per box, the rest spine switches. Every compute node has a bidirectional
    link to its box switch and one to a spine switch; the box switches are joined through
    the spines. With ``asymmetric`` (the default) a directed cycle through every node and
    four to eight further directed cycles (through compute nodes and switches alike, some
    of them rings inside a box) are added, so that many links carry different bandwidths in
    their two directions; without it the spanning cycle is bidirectional and so is every
    link. The network is balanced (a sum of weighted directed cycles and bidirectional
    links), strongly connected, every switch has at least two neighbours, and bandwidths
    are exact rationals written as integers, fractions ("4/3") or decimals ("2.5").
    Deterministic in ``seed``; the same seed with other options gives another network."""
    rng = random.Random(f"large-{seed}-{n_compute}-{n_switch}-{asymmetric}")
    n_c = rng.randint(12, 14) if n_compute is None else n_compute
    if n_c < 12 or n_switch < 6:
        raise ValueError("a large network has at least 12 compute and 6 switch nodes")
    n_boxes = rng.choice((2, 3))
    compute = [f"c{i}" for i in range(n_c)]
    box_of = {v: i % n_boxes for i, v in enumerate(compute)}
    box_switch = [f"w{b}" for b in range(n_boxes)]
    spines = [f"w{j}" for j in range(n_boxes, n_switch)]
    switches = box_switch + spines
    nodes = [{"id": v, "kind": "compute", "box": box_of[v]} for v in compute]
    nodes += [{"id": w, "kind": "switch", "box": b} for b, w in enumerate(box_switch)]
    nodes += [{"id": w, "kind": "switch"} for w in spines]
    everyone = compute + switches
    links: list[dict] = []

    def bw(choices=LARGE_BANDWIDTHS) -> int | str:
        return rng.choice(choices)

    def both(a: str, b: str, w) -> None:
        links.append({"src": a, "dst": b, "bandwidth": w, "bidirectional": True})

    def cycle(members: list[str], w) -> None:
        ring = members + [members[0]]
        for a, b in zip(ring, ring[1:]):
            links.append({"src": a, "dst": b, "bandwidth": w})

    for v in compute:                       # intra-box fabric
        both(v, box_switch[box_of[v]], bw(FAST_BANDWIDTHS))
    shuffled = compute[:]
    rng.shuffle(shuffled)
    for i, v in enumerate(shuffled):        # every spine gets at least two compute nodes
        both(v, spines[i % len(spines)], bw())
    for j, s in enumerate(spines):          # spines join the box switches
        both(s, box_switch[j % n_boxes], bw())
    order = everyone[:]
    rng.shuffle(order)
    if asymmetric:
        cycle(order, bw())
        for _ in range(rng.randint(4, 8)):
            if rng.random() < 0.3:          # a directed ring inside one box
                b = rng.randrange(n_boxes)
                members = [v for v in compute if box_of[v] == b]
                rng.shuffle(members)
                members = members[:rng.randint(3, len(members))]
            else:
                members = rng.sample(everyone, rng.randint(2, 6))
            cycle(members, bw())
    else:
        ring = order + [order[0]]
        for a, b in zip(ring, ring[1:]):
            both(a, b, bw())
        for _ in range(rng.randint(2, 5)):
            a, b = rng.sample(everyone, 2)
            both(a, b, bw())
    return {"format": "forestcoll-topology/1", "name": f"random-large-{seed}", "units": "GB/s",
            "nodes": nodes, "links": links}


def reversed_network(data: dict) -> dict:
    """The same network with every link reversed (reduce-scatter and reduce are
    allgather and broadcast on it)."""
    links = [{**l, "src": l["dst"], "dst": l["src"]} for l in data["links"]]
    return {**data, "name": f"{data.get('name', 'topology')}(reversed)", "links": links}


MAX_TABLE_NODES = 22


def cut_table(data: dict):
    """Every node set S as a bit mask (bit i: the i-th declared node), with B+(S) as exact
    integers and |S ∩ Vc|. Returns ``(ids, out, count, scale)`` where ``out[mask]`` is
    ``scale`` times the bandwidth leaving S (``scale`` the common denominator of every
    capacity, so ``out`` holds integers) and ``count[mask]`` the compute nodes in S.

    Built by doubling: the sets containing node k and nodes below it are the sets T of
    nodes below k with k added, and B+(T + k) = B+(T) + egress(k) - c(T, k) - c(k, T), where
    the last two terms are a subset sum over T built by doubling as well. O(2^n) numpy
    operations; 2^20 sets take a fraction of a second."""
    ids = [n["id"] for n in data["nodes"]]
    n = len(ids)
    if n > MAX_TABLE_NODES:
        raise ValueError(f"{n} nodes: the cut table is for at most {MAX_TABLE_NODES}")
    pos = {v: i for i, v in enumerate(ids)}
    cap = capacities(data)
    scale = 1
    for b in cap.values():
        scale = math.lcm(scale, b.denominator)
    icap = {(pos[u], pos[v]): int(b * scale) for (u, v), b in cap.items()}
    if sum(icap.values()) >= 2**62:
        raise ValueError("capacities too large for int64 sums")
    both_ways = [[0] * n for _ in range(n)]
    egress = [0] * n
    for (u, v), c in icap.items():
        both_ways[u][v] += c
        both_ways[v][u] += c
        egress[u] += c
    is_compute = [1 if nd["kind"] == "compute" else 0 for nd in data["nodes"]]
    out = np.zeros(1, dtype=np.int64)
    count = np.zeros(1, dtype=np.int8)
    for k in range(n):
        across = np.zeros(1, dtype=np.int64)      # c(T, k) + c(k, T) for every T below k
        for j in range(k):
            across = np.concatenate((across, across + both_ways[k][j]))
        out = np.concatenate((out, out + egress[k] - across))
        count = np.concatenate((count, count + is_compute[k]))
    return ids, out, count, scale


def brute_force_bound_large(data: dict) -> Fraction:
    """max over S (holding at least one compute node but not all) of |S ∩ Vc| / B+(S),
    the same quantity as :func:`brute_force_bound`, by the cut table: for each number c of
    compute nodes inside, only the smallest B+(S) matters, and the exact comparison is
    made among those few ratios."""
    _, out, count, scale = cut_table(data)
    n_c = sum(1 for nd in data["nodes"] if nd["kind"] == "compute")
    best = Fraction(0)
    for c in range(1, n_c):
        smallest = int(out[count == c].min())
        if smallest <= 0:
            raise AssertionError(f"a set of {c} compute nodes has no bandwidth leaving it")
        best = max(best, Fraction(c * scale, smallest))
    return best


def brute_force_single_root_large(data: dict, root: str) -> Fraction:
    """min over S containing ``root`` and missing some compute node of B+(S), the same
    quantity as :func:`brute_force_single_root`, by the cut table."""
    ids, out, count, scale = cut_table(data)
    n_c = sum(1 for nd in data["nodes"] if nd["kind"] == "compute")
    masks = np.arange(len(out), dtype=np.int64)
    holds_root = ((masks >> ids.index(root)) & 1).astype(bool)
    return Fraction(int(out[holds_root & (count < n_c)].min()), scale)


def random_symmetric_network(seed: int, boxes: int | None = None) -> dict:
    """A random box (2-4 compute nodes around a box switch, random bandwidths, a directed
    ring inside with probability 1/2) copied ``boxes`` times (default 3-6), joined by a
    random rotation-invariant wiring: for a few random (a, a', d), GPU a of every box b is
    linked both ways to GPU a' of box b + d, and a spine switch is linked both ways to GPU
    a of every box. Rotating the boxes is an automorphism, so the network has symmetry
    to find, but each box's own wiring is random. Balanced and strongly connected."""
    rng = random.Random(f"symmetric-{seed}-{boxes}")
    boxes = boxes or rng.randint(3, 6)
    gpus = rng.randint(2, 4)
    nodes, links = [], []

    def gpu(b: int, a: int) -> str:
        return f"b{b % boxes}/g{a}"

    up = [rng.choice(LARGE_BANDWIDTHS) for _ in range(gpus)]
    ring = rng.random() < 0.5
    ring_bw = rng.choice(LARGE_BANDWIDTHS)
    for b in range(boxes):
        nodes.append({"id": f"b{b}/sw", "kind": "switch", "box": b})
        for a in range(gpus):
            nodes.append({"id": gpu(b, a), "kind": "compute", "box": b})
            links.append({"src": gpu(b, a), "dst": f"b{b}/sw", "bandwidth": up[a],
                          "bidirectional": True})
            if ring:
                links.append({"src": gpu(b, a), "dst": gpu(b, (a + 1) % gpus),
                              "bandwidth": ring_bw})
    for _ in range(rng.randint(1, 3)):
        a, a2, d = rng.randrange(gpus), rng.randrange(gpus), rng.randrange(1, boxes)
        bw = rng.choice(LARGE_BANDWIDTHS)
        for b in range(boxes):
            links.append({"src": gpu(b, a), "dst": gpu(b + d, a2), "bandwidth": bw,
                          "bidirectional": True})
    for j in range(rng.randint(1, 2)):
        a = rng.randrange(gpus)
        nodes.append({"id": f"spine{j}", "kind": "switch"})
        bw = rng.choice(LARGE_BANDWIDTHS)
        for b in range(boxes):
            links.append({"src": gpu(b, a), "dst": f"spine{j}", "bandwidth": bw,
                          "bidirectional": True})
    return {"format": "forestcoll-topology/1", "name": f"random-symmetric-{seed}",
            "units": "GB/s", "nodes": nodes, "links": links}
