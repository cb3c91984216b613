"""The automorphism group (forestcoll_opt.kernels.symmetry) and its use in the bound: the group is
checked against brute force on small networks, and the bound with symmetry equals the
bound without it, bottleneck cut included. Folding (twins, hanging trees) is checked
against BLISS on the whole network, and symmetry's cost against what it saves, counted
in max-flows and searched nodes rather than timed."""

import math
import os
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.kernels import symmetry as symmetry_module
from forestcoll_opt.model.orbits import permutation_orbits
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.kernels.symmetry import (automorphisms, cycle, free_power, graph_automorphisms,
                                     group_order, no_symmetry, oracle_orbits)
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import random_network, random_symmetric_network
from schedcheck import achieved_algbw

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from shapes import ring, star, tree  # noqa: E402  (the benchmark's stars, rings and trees)


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
    sym = generate(topo, collective=collective, root=root, symmetry=True)
    plain = generate(topo, collective=collective, root=root, symmetry=False)
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
        sym = generate(topo, collective=collective, symmetry=True)
        plain = generate(topo, collective=collective, symmetry=False)
        expected = bound(topo, collective=collective).algbw
        assert sym.algbw == plain.algbw == expected
        assert achieved_algbw(topo, sym.to_dict()) == expected
        assert verify(topo, sym.to_dict()).optimal
        # the same input gives the same bytes
        assert generate(topo, collective=collective, symmetry=True).to_json() == sym.to_json()


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
    from forestcoll_opt.kernels.symmetry import free_group
    from handmade import group_elements as _elements

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
    sym = generate(topo, collective="allgather", symmetry=True)
    plain = generate(topo, collective="allgather", symmetry=False)
    assert sym.stats["symmetry_cycle"] == 4 and sym.stats["packing_group_order"] == 16
    assert sym.stats["packing_max_flows"] * 4 < plain.stats["packing_max_flows"]
    assert sym.algbw == plain.algbw == bound(topo).algbw


# --- folding: symmetry never costs more than it saves ----------------------------------------

def folded_network(seed: int) -> tuple[int, list[str], dict[tuple[int, int], int]]:
    """(n, classes, capacity): a random small graph, trees of 1 to 3 levels hung from its
    nodes in 1 to 3 copies, a few nodes copied as twins; links mostly both ways, some with
    another bandwidth back."""
    rng = random.Random(seed)
    n = rng.randint(1, 5)
    classes = [rng.choice("ab") for _ in range(n)]
    cap: dict[tuple[int, int], int] = {}

    def link(u: int, v: int, c: int) -> None:
        cap[u, v] = c
        cap[v, u] = rng.choice((c, c, 3))

    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.5:
                link(u, v, rng.choice((1, 2)))

    def hang(parent: int, depth: int) -> None:
        nonlocal n
        shape = [rng.choice((1, 2)) for _ in range(rng.randint(1, 3))]
        for _ in range(rng.choice((1, 2, 3))):
            for c in shape:
                v, n = n, n + 1
                classes.append("ab"[c - 1])
                link(parent, v, c)
                if depth and rng.random() < 0.4:
                    hang(v, depth - 1)

    for u in range(n):
        if rng.random() < 0.6:
            hang(u, 2)
    for _ in range(rng.randint(0, 3)):
        u, v = rng.randrange(n), n
        n += 1
        classes.append(classes[u])
        for (a, b), c in list(cap.items()):
            if a == u:
                cap[v, b] = c
            if b == u:
                cap[a, v] = c
    return n, classes, cap


def _keeps(n, classes, cap, perm) -> bool:
    return (all(classes[perm[v]] == classes[v] for v in range(n))
            and all(cap.get((perm[a], perm[b])) == c for (a, b), c in cap.items()))


@pytest.mark.parametrize("seed", range(0, 400, 8))
def test_folding_agrees_with_bliss_on_the_whole_network(seed):
    """Orbits, group order and generators of the folded group against BLISS on the whole
    network, on graphs full of twins and hanging trees."""
    import igraph

    for s in range(seed, seed + 8):
        n, classes, cap = folded_network(s)
        whole = graph_automorphisms(n, classes, cap)
        want = permutation_orbits(n, whole)
        folding = symmetry_module._Folding(n, classes, cap)
        core = folding.core_generators()
        assert folding.orbits(permutation_orbits(len(folding.core), core)) == want
        folded = folding.lift(core) + folding.step_rotations(1000)
        assert all(_keeps(n, classes, cap, g) for g in folded)
        assert permutation_orbits(n, folded) == want
        graph, colors = symmetry_module._layered(n, classes, cap)
        order = folding.core_order() * math.prod(
            math.factorial(len(parts)) for step in folding.groups for parts in step)
        assert order == int(graph.count_automorphisms(sh="fl", color=colors))
        assert isinstance(graph, igraph.Graph)


@pytest.fixture
def searches(monkeypatch):
    """The sizes of the graphs BLISS searches (it is not called when folding suffices)."""
    import igraph

    sizes: list[int] = []
    search = igraph.Graph.automorphism_group

    def counted(graph, *args, **kwargs):
        sizes.append(graph.vcount())
        return search(graph, *args, **kwargs)

    monkeypatch.setattr(igraph.Graph, "automorphism_group", counted)
    return sizes


def test_the_issues_star_needs_no_search(searches):
    """The issue's star (5,000 compute nodes, one switch): BLISS used to find its 4,999
    generators in 38 s and 1.2 GB; folding the twins leaves one node, no search, one
    max-flow."""
    topo = star(5000)
    result = bound(topo)
    assert result.algbw == Fraction(5000, 4999) and result.max_flows == 1
    assert searches == []


@pytest.mark.parametrize("shape", [star, tree])
def test_stars_and_trees_fold_to_one_node(searches, shape):
    topo = shape(2000)
    sym = oracle_orbits(topo, exact=True)
    assert sym.searched == 0 and sym.whole and searches == []
    assert sym.compute_orbits(topo) == (tuple(topo.index[v] for v in topo.compute_nodes),)
    plain = bound(topo, symmetry=False)
    folded = bound(topo, symmetry=sym)
    assert _same(folded, plain) and folded.max_flows == 1 < plain.max_flows


def test_a_ring_is_searched_only_when_it_pays(searches):
    """A ring folds to itself: BLISS must search it. The default searches only when the
    max-flows it may save outweigh the search (symmetry.SEARCH_WORK); True always does."""
    small, large = ring(1000), ring(10_000)
    assert oracle_orbits(small, exact=False).searched == 0 and searches == []
    assert len(oracle_orbits(small, exact=False).compute_orbits(small)) == 1000
    assert oracle_orbits(small, exact=True).searched == 1000 and searches == [1000]
    sym = oracle_orbits(large, exact=False)
    assert sym.searched == 10_000 and len(sym.compute_orbits(large)) == 1


def test_generate_gets_a_folded_group_for_a_large_star(searches):
    """Beyond FULL_SEARCH_ENTRIES, generate's group is the folded one: no search, one
    generator turning the whole star (splitting's rotation), the exact orbits."""
    topo = star(3000)
    compute = [topo.index[v] for v in topo.compute_nodes]
    sym = automorphisms(topo, whole=False)
    assert not sym.whole and sym.searched == 0 and searches == []
    assert len(sym.generators) == 1 and all(is_automorphism(topo, g) for g in sym.generators)
    assert len(cycle(sym.rotation(compute), compute[0])) == 3000
    assert sym.orbits == (tuple(compute), (topo.index["switch"],))
    assert group_order(topo) == math.factorial(3000)


def test_generate_keeps_the_whole_generating_set_of_the_catalog(catalog):
    """Below FULL_SEARCH_ENTRIES, whole=False is BLISS on the network as before, so the
    catalog's schedules keep their bytes."""
    for spec in ("dgx-a100:boxes=8", "dgx-a100:boxes=128", "mi250:boxes=4",
                 "paper-example:boxes=16"):
        topo = catalog(spec)
        assert automorphisms(topo, whole=False) == automorphisms(topo)


def _suite_topologies():
    """The test suite's kinds of network: random, symmetric random, replicated boxes,
    small shapes and catalog machines up to 1,024 GPUs."""
    for seed in range(0, 12, 3):
        yield f"random{seed}", from_dict(random_network(seed, max_compute=6))
        yield f"symmetric{seed}", from_dict(random_symmetric_network(seed))
        yield f"boxes{seed}", from_dict(replicated_boxes(seed, 4))
    for shape in (star, ring, tree):
        yield shape.__name__, shape(600)
    for spec in ("paper-example:boxes=16", "dgx-a100:boxes=64", "mi250:boxes=32",
                 "dgx-h100:boxes=64"):
        yield spec, build(spec)


@pytest.mark.parametrize("name, topo", list(_suite_topologies()),
                         ids=[name for name, _ in _suite_topologies()])
def test_the_bound_never_pays_more_for_symmetry_than_it_saves(searches, name, topo):
    """On every kind of network: the bound with the default's symmetry (oracle_orbits,
    exact=False) gives the same result in no more max-flows, and whenever BLISS searched,
    the max-flows it saved cover the search (SEARCH_WORK max-flow links each)."""
    sym = oracle_orbits(topo, exact=False)
    with_symmetry, plain = bound(topo, symmetry=sym), bound(topo, symmetry=False)
    assert _same(with_symmetry, plain) and with_symmetry.max_flows <= plain.max_flows
    links = len(topo.capacity) + len(topo.compute_nodes)
    saved = (plain.max_flows - with_symmetry.max_flows) * links
    assert len(searches) == (1 if sym.searched else 0)
    assert not searches or saved >= symmetry_module.SEARCH_WORK


@pytest.mark.slow
def test_a_star_of_many_nodes_folds_in_linear_time(searches):
    """The issue's 10^5 nodes (FORESTCOLL_SYMMETRY_NODES, default 10,000 for CI): one
    max-flow, no search."""
    n = int(os.environ.get("FORESTCOLL_SYMMETRY_NODES", "10000"))
    for shape in (star, tree):
        result = bound(shape(n))
        assert result.max_flows == 1 and searches == []


def _generate_cases():
    for seed in (1, 7, 15):
        yield f"symmetric{seed}", from_dict(random_symmetric_network(seed))
    for seed in (0, 5):
        yield f"boxes{seed}", from_dict(replicated_boxes(seed, 4))
    yield "random5", from_dict(random_network(5, max_compute=6))
    yield "star", star(24)
    yield "ring", ring(24)
    yield "tree", tree(24, 3)


@pytest.mark.parametrize("name, topo", list(_generate_cases()),
                         ids=[name for name, _ in _generate_cases()])
def test_generate_never_takes_more_max_flows_with_symmetry(name, topo):
    """Splitting and packing with the group take no more max-flows than without, on the
    test suite's kinds of network (symmetry=True: on below the default's 64 nodes too)."""
    for collective in ("allgather", "reduce-scatter"):
        with_symmetry = generate(topo, collective=collective, symmetry=True)
        plain = generate(topo, collective=collective, symmetry=False)
        assert with_symmetry.algbw == plain.algbw
        used = [s.stats["splitting_max_flows"] + s.stats["packing_max_flows"]
                for s in (with_symmetry, plain)]
        assert used[0] <= used[1]


@pytest.mark.parametrize("make", [lambda: star(24), lambda: tree(30, 3),
                                  lambda: build("paper-example:boxes=3")],
                         ids=["star", "tree", "paper-example"])
def test_generate_with_the_folded_group(monkeypatch, make):
    """The folded group (what generate uses beyond FULL_SEARCH_ENTRIES) drives splitting
    and packing as the whole one does: an optimal schedule, verified, in fewer max-flows."""
    monkeypatch.setattr(symmetry_module, "FULL_SEARCH_ENTRIES", 0)
    topo = make()
    assert not automorphisms(topo, whole=False).whole
    folded = generate(topo, collective="allgather", symmetry=True)
    plain = generate(topo, collective="allgather", symmetry=False)
    assert folded.algbw == plain.algbw == bound(topo).algbw
    assert verify(topo, folded.to_dict()).optimal
    assert folded.stats["joint_splits"] > 0
    used = [s.stats["splitting_max_flows"] + s.stats["packing_max_flows"]
            for s in (folded, plain)]
    assert used[0] < used[1]


@pytest.mark.parametrize("spec, boxes", [("dgx-a100:boxes=16", 16), ("mi250:boxes=8", 8),
                                         ("dgx-h100:boxes=12", 12)])
def test_the_folded_group_keeps_the_box_rotation(monkeypatch, spec, boxes):
    """Beyond FULL_SEARCH_ENTRIES only a few of the core's generators are lifted (on
    dgx-a100:boxes=256 its box transpositions were cut to 64, and the rotation turned 4
    boxes instead of 256); the rotation found among all of them is lifted too, so
    splitting and packing still turn every box."""
    monkeypatch.setattr(symmetry_module, "FULL_SEARCH_ENTRIES", 0)
    monkeypatch.setattr(symmetry_module, "MAX_LIFTED", 2)
    topo = build(spec)
    compute = [topo.index[v] for v in topo.compute_nodes]
    sym = automorphisms(topo, whole=False)
    assert not sym.whole and all(is_automorphism(topo, g) for g in sym.generators)
    g = sym.rotation(compute)
    assert is_automorphism(topo, g)
    lengths = {len(cycle(g, v)) for v in compute}
    assert len(lengths) == 1 and lengths.pop() >= boxes     # free, every box turned
