"""The automorphism group (forestcoll_opt.symmetry) and its use in the bound: the group is
checked against brute force on small networks, and the bound with symmetry equals the
bound without it, bottleneck cut included."""

import random

import pytest

from forestcoll_opt.bound import bound
from forestcoll_opt.catalog import build
from forestcoll_opt.symmetry import automorphisms, cycle, free_power, no_symmetry
from forestcoll_opt.schedule import generate
from forestcoll_opt.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import random_network, random_symmetric_network
from schedcheck import achieved_algbw


def is_automorphism(topo, perm) -> bool:
    ids = topo.node_ids
    for i, node in enumerate(topo.nodes):
        image = topo.nodes[perm[i]]
        if (image.kind, bool(image.multicast)) != (node.kind, bool(node.multicast)):
            return False
    cap = topo.capacity
    mapped = {(ids[perm[topo.index[u]]], ids[perm[topo.index[v]]]): c for (u, v), c in cap.items()}
    return mapped == dict(cap)


def brute_force_orbits(topo):
    """Every automorphism by backtracking over node assignments (a partial assignment is
    dropped as soon as one link between assigned nodes has no equal image), then the
    orbits as the images of each node."""
    n = len(topo.nodes)
    ids = topo.node_ids
    cap = {(topo.index[u], topo.index[v]): c for (u, v), c in topo.capacity.items()}
    label = [(node.kind, bool(node.multicast)) for node in topo.nodes]
    images = [set() for _ in range(n)]
    perm: list[int] = []

    def extend() -> None:
        i = len(perm)
        if i == n:
            for v, w in enumerate(perm):
                images[v].add(w)
            return
        for w in range(n):
            if w in perm or label[w] != label[i]:
                continue
            if cap.get((i, i)) != cap.get((w, w)):
                continue
            if all(cap.get((j, i)) == cap.get((perm[j], w))
                   and cap.get((i, j)) == cap.get((w, perm[j])) for j in range(i)):
                perm.append(w)
                extend()
                perm.pop()

    extend()
    assert ids  # a network has nodes
    return sorted({tuple(sorted(images[v])) for v in range(n)})


def replicated_boxes(seed: int, boxes: int) -> dict:
    """A random box (2-3 GPUs and a switch, random bandwidths) copied ``boxes`` times, the
    copies joined in a ring of bidirectional links between GPU 0 of neighbouring boxes."""
    rng = random.Random(seed)
    gpus = rng.randint(2, 3)
    up = rng.choice((1, 2, 3))
    nodes, links = [], []
    for b in range(boxes):
        nodes.append({"id": f"b{b}/sw", "kind": "switch", "box": b})
        for g in range(gpus):
            nodes.append({"id": f"b{b}/g{g}", "kind": "compute", "box": b})
            links.append({"src": f"b{b}/g{g}", "dst": f"b{b}/sw", "bandwidth": up + g,
                          "bidirectional": True})
        links.append({"src": f"b{b}/g0", "dst": f"b{(b + 1) % boxes}/g0", "bandwidth": 1,
                      "bidirectional": True})
    return {"format": "forestcoll-topology/1", "name": f"rep-{seed}", "nodes": nodes,
            "links": links}


@pytest.mark.parametrize("seed", range(12))
def test_orbits_match_brute_force_on_random_networks(seed):
    topo = from_dict(random_network(seed, max_compute=4, max_switch=2))
    sym = automorphisms(topo)
    assert all(is_automorphism(topo, g) for g in sym.generators)
    assert [list(o) for o in sym.orbits] == [list(o) for o in brute_force_orbits(topo)]


@pytest.mark.parametrize("seed", range(4))
def test_orbits_of_replicated_boxes(seed):
    topo = from_dict(replicated_boxes(seed, 3))
    sym = automorphisms(topo)
    assert all(is_automorphism(topo, g) for g in sym.generators)
    assert [list(o) for o in sym.orbits] == [list(o) for o in brute_force_orbits(topo)]


def test_bandwidth_and_direction_break_symmetry():
    data = replicated_boxes(0, 3)
    base = len(automorphisms(from_dict(data)).compute_orbits(from_dict(data)))
    # one link one way faster: the boxes are no longer alike
    data["links"].append({"src": "b0/g1", "dst": "b1/g1", "bandwidth": 5})
    data["links"].append({"src": "b1/g1", "dst": "b0/g1", "bandwidth": 5})
    topo = from_dict(data)
    sym = automorphisms(topo)
    assert all(is_automorphism(topo, g) for g in sym.generators)
    assert len(sym.compute_orbits(topo)) > base


@pytest.mark.parametrize("spec, orbit_sizes", [
    ("paper-example", [8]),
    ("dgx-a100:boxes=4", [32]),
    ("dgx-h100:boxes=2", [16]),
    ("mi250:boxes=2", [8, 8, 8, 8]),
])
def test_catalog_compute_orbits(catalog, spec, orbit_sizes):
    topo = catalog(spec)
    sym = automorphisms(topo)
    assert all(is_automorphism(topo, g) for g in sym.generators)
    assert sorted(len(o) for o in sym.compute_orbits(topo)) == orbit_sizes


def test_fixing_a_root_gives_its_stabiliser(catalog):
    topo = catalog("dgx-a100:boxes=2")
    root = topo.compute_nodes[0]
    sym = automorphisms(topo, fixed=[root])
    i = topo.index[root]
    assert all(g[i] == i for g in sym.generators) and (i,) in sym.orbits
    assert all(is_automorphism(topo, g) for g in sym.generators)
    assert no_symmetry(topo).trivial and len(no_symmetry(topo).orbits) == len(topo.nodes)


def _same(a, b):
    da, db = a.to_dict(), b.to_dict()
    da.pop("max_flows"), db.pop("max_flows")
    return da == db


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=8", "mi250:boxes=4",
                                  "dgx-h100:boxes=4"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "broadcast", "reduce"])
def test_bound_with_and_without_symmetry_agree(catalog, spec, collective):
    topo = catalog(spec)
    root = topo.compute_nodes[-1] if collective in ("broadcast", "reduce") else None
    sym = bound(topo, collective=collective, root=root, symmetry=True)
    plain = bound(topo, collective=collective, root=root, symmetry=False)
    assert _same(sym, plain)
    assert sym.max_flows <= plain.max_flows


@pytest.mark.parametrize("seed", range(6))
def test_bound_symmetry_on_replicated_boxes(seed):
    topo = from_dict(replicated_boxes(seed, 4))
    sym = bound(topo, symmetry=True)
    plain = bound(topo, symmetry=False)
    assert _same(sym, plain) and sym.max_flows < plain.max_flows


def test_the_1024_gpu_groups(catalog):
    # the group of every 1024-GPU catalog network; BLISS takes well under a second each
    for spec, compute_orbits in (("dgx-a100:boxes=128", 1), ("mi250:boxes=64", 4),
                                 ("dgx-h100:boxes=128", 1)):
        topo = catalog(spec)
        sym = automorphisms(topo)
        assert len(sym.compute_orbits(topo)) == compute_orbits
        assert all(is_automorphism(topo, g) for g in sym.generators[:50])


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=4", "mi250:boxes=2", "dgx-h100:boxes=4"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "broadcast"])
def test_generate_with_and_without_symmetry(catalog, spec, collective):
    topo = catalog(spec)
    root = topo.compute_nodes[3] if collective == "broadcast" else None
    sym = generate(topo, collective, root=root, symmetry=True)
    plain = generate(topo, collective, root=root, symmetry=False)
    expected = bound(topo, collective=collective, root=root).algbw
    assert sym.algbw == plain.algbw == expected
    assert achieved_algbw(topo, sym.to_dict()) == expected
    assert verify(topo, sym.to_dict()).optimal
    assert plain.stats["joint_splits"] == 0
    if collective != "broadcast":   # one root: joint splits rarely fit; plain does the rest
        assert sym.stats["joint_splits"] > 0
        assert sym.stats["splitting_max_flows"] < plain.stats["splitting_max_flows"]


@pytest.mark.parametrize("seed", range(16))
def test_generate_symmetric_random_networks(seed):
    data = random_symmetric_network(seed)
    topo = from_dict(data)
    for collective in ("allgather", "reduce-scatter"):
        sym = generate(topo, collective, symmetry=True)
        plain = generate(topo, collective, symmetry=False)
        expected = bound(topo, collective=collective).algbw
        assert sym.algbw == plain.algbw == expected
        assert achieved_algbw(topo, sym.to_dict()) == expected
        assert verify(topo, sym.to_dict()).optimal
        # the same input gives the same bytes
        assert generate(topo, collective, symmetry=True).to_json() == sym.to_json()


def test_generate_symmetry_default_follows_the_size(catalog):
    small = generate(catalog("dgx-a100:boxes=2"))
    assert "symmetry_seconds" not in small.stats and small.stats["joint_splits"] == 0


def test_free_power_against_every_power():
    """free_power's closed form against trying every power of random permutations."""
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 12)
        perm = list(range(n))
        rng.shuffle(perm)
        nodes = sorted(rng.sample(range(n), rng.randint(1, n)))
        best = (1, tuple(range(n)))
        power = list(range(n))
        for _ in range(1, 30000):
            power = [perm[x] for x in power]
            if power == list(range(n)):
                break
            lengths = {len(cycle(power, v)) for v in nodes}
            if len(lengths) == 1 and lengths.pop() > best[0]:
                best = (len(cycle(power, nodes[0])), tuple(power))
        L, element = free_power(perm, nodes)
        assert L == best[0]
        assert {len(cycle(element, v)) for v in nodes} == {L}


@pytest.mark.parametrize("spec, length", [("dgx-a100:boxes=2", 2), ("dgx-a100:boxes=4", 4),
                                          ("dgx-a100:boxes=16", 16), ("dgx-h100:boxes=8", 8),
                                          ("mi250:boxes=4", 4), ("mi250:boxes=2,gpus=8", 2)])
def test_rotation_acts_freely_on_the_catalogs_compute_nodes(spec, length):
    topo = build(spec)
    compute = [topo.index[v] for v in topo.compute_nodes]
    group = automorphisms(topo)
    g = group.rotation(compute)
    assert is_automorphism(topo, g)
    assert {len(cycle(g, v)) for v in compute} == {length}
    assert no_symmetry(topo).rotation(compute) == tuple(range(len(topo.nodes)))


def test_bound_accepts_a_computed_group_and_refuses_a_foreign_one():
    from forestcoll_opt.errors import BoundError

    topo = build("mi250:boxes=2")
    group = automorphisms(topo)
    same = ("algbw", "k", "U", "cut")
    with_group, plain = bound(topo, symmetry=group), bound(topo, symmetry=False)
    assert [getattr(with_group, a) for a in same] == [getattr(plain, a) for a in same]
    assert with_group.max_flows < plain.max_flows
    root = topo.compute_nodes[3]
    fixed = automorphisms(topo, fixed=(root,))
    with_group = bound(topo, collective="broadcast", root=root, symmetry=fixed)
    plain = bound(topo, collective="broadcast", root=root, symmetry=False)
    assert [getattr(with_group, a) for a in same] == [getattr(plain, a) for a in same]
    with pytest.raises(BoundError, match="not the automorphism group"):
        bound(topo, collective="broadcast", root=root, symmetry=group)
    with pytest.raises(BoundError, match="not the automorphism group"):
        bound(build("mi250:boxes=4"), symmetry=group)


def test_free_group_grows_a_free_group_and_keeps_a_non_free_start():
    from forestcoll_opt.symmetry import free_group
    from test_packing import _elements

    a, b = 3, 4
    nodes = list(range(a * b))
    shift = [((i // b + 1) % a) * b + i % b for i in nodes]
    turn = [(i // b) * b + (i % b + 1) % b for i in nodes]
    swap = [(i // b) * b + (b - 1 - i % b) for i in nodes]       # fixes nothing for b even
    chosen = free_group([turn, swap, shift], [shift])
    group = _elements(chosen, len(nodes))
    assert len(group) == a * b                                    # acts regularly
    # greedy: with swap first, <shift, swap> (order 6) is free and turn no longer fits
    for chosen in (free_group([turn, swap], [shift]), free_group([swap, turn], [shift])):
        group = _elements(chosen, len(nodes))
        assert len(group) in (6, 12)
        assert all(all(h[v] != v for v in nodes) for h in group if h != tuple(nodes))
    reflection = [(-i) % 5 for i in range(5)]                     # fixes 0
    assert free_group([[(i + 1) % 5 for i in range(5)]], [reflection]) == [tuple(reflection)]
    assert free_group([], []) == []


def test_packing_uses_a_larger_free_group_than_the_rotation(catalog):
    topo = catalog("mi250:boxes=4")
    sym = generate(topo, "allgather", symmetry=True)
    plain = generate(topo, "allgather", symmetry=False)
    assert sym.stats["symmetry_cycle"] == 4 and sym.stats["packing_group_order"] == 16
    assert sym.stats["packing_max_flows"] * 4 < plain.stats["packing_max_flows"]
    assert sym.algbw == plain.algbw == bound(topo).algbw
