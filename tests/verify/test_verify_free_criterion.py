"""The verifier's proof that a compact schedule's group acts freely without listing it
(verify/group.py: commuting generators whose orders multiply to the orbit's size), and its
bound testing one sink per orbit of that proven group (verify/bound.py): both checked
against brute force, and forged groups that the criterion must not let through."""

from __future__ import annotations

import itertools
import random

import pytest

from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import bound_of, verify
from forestcoll_opt.verify import bound as vbound
from forestcoll_opt.verify import group as vgroup
from forestcoll_opt.verify import verdict as vverdict
from randomnets import random_symmetric_network
from groups import closure


def _expander():
    """The test's own expansion of a compact schedule (test_verify_compact.py)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).with_name("test_verify_compact.py")
    spec = importlib.util.spec_from_file_location("_verify_compact_expansion", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.expand_by_test


expand_by_test = _expander()


def _random_group(rng: random.Random, n: int) -> list[list[int]]:
    """Shifts of a grid over some points (commuting, free there), or random permutations,
    or both mixed, with now and then a swap of two points outside the grid."""
    kind = rng.randrange(3)
    gens = []
    if kind != 1:
        p = rng.randint(1, min(4, n))
        q = rng.randint(1, min(3, n // p))
        cell = rng.sample(range(n), p * q)
        for dp, dq in [(1, 0), (0, 1), (1, 1)][:rng.randint(1, 3)]:
            g = list(range(n))
            for i in range(p):
                for j in range(q):
                    g[cell[i * q + j]] = cell[((i + dp) % p) * q + (j + dq) % q]
            gens.append(g)
        rest = [v for v in range(n) if v not in cell]
        if len(rest) >= 2 and rng.random() < 0.4:
            g = list(range(n))
            g[rest[0]], g[rest[1]] = rest[1], rest[0]
            gens.append(g)
    if kind != 0:
        for _ in range(rng.randint(1, 2)):
            g = list(range(n))
            moved = rng.sample(range(n), rng.randint(2, n))
            images = moved[:]
            rng.shuffle(images)
            for a, b in zip(moved, images):
                g[a] = b
            gens.append(g)
    return gens


@pytest.mark.parametrize("seed", range(200))
def test_the_free_order_equals_brute_force(seed, monkeypatch):
    rng = random.Random(f"verify-free-{seed}")
    n = rng.randint(2, 7)
    gens = _random_group(rng, n)
    elements = closure(n, gens)
    x = rng.randrange(n)
    orbit = {e[x] for e in elements}
    free = len(orbit) == len(elements)
    commute = all(a[b[v]] == b[a[v]] for a, b in itertools.combinations(gens, 2)
                  for v in range(n))
    product = 1
    for g in gens:
        product *= len(closure(n, [g]))
    walked = []
    walk = vgroup._walk
    monkeypatch.setattr(vgroup, "_walk", lambda *a: walked.append(1) or walk(*a))
    assert vgroup._free_order(gens, x, n, len(orbit)) == (len(elements) if free else None)
    # the criterion decides exactly when it applies; otherwise the walk does
    assert bool(walked) == (not (commute and product == len(orbit)))
    if commute and product == len(orbit):
        assert free


def test_a_large_product_of_rotations_is_proven_without_the_walk(monkeypatch):
    # Z_64 × Z_32 × Z_8 on 16,384 points: the walk would hold 16,384 permutations of them
    sizes = (64, 32, 8)
    n = 64 * 32 * 8
    gens = []
    for axis in range(3):
        g = []
        for v in range(n):
            c = [v // 256, (v // 8) % 32, v % 8]
            c[axis] = (c[axis] + 1) % sizes[axis]
            g.append((c[0] * 32 + c[1]) * 8 + c[2])
        gens.append(g)
    monkeypatch.setattr(vgroup, "_walk", lambda *a: pytest.fail("walked"))
    assert vgroup._free_order(gens, 0, n, n) == n
    assert vgroup._commuting_order(gens, n - 1) is None        # another orbit size: no proof
    assert vgroup._commuting_order(gens[:2] + [gens[0]], n) is None   # 64·32·64 > n


# --- forged groups on a ring of 4 GPUs with two identical switches -------------------------------

def _ring() -> dict:
    nodes = [{"id": f"c{i}"} for i in range(4)] + [{"id": "s0", "kind": "switch"},
                                                   {"id": "s1", "kind": "switch"}]
    links = [{"src": f"c{i}", "dst": f"c{(i + 1) % 4}", "bandwidth": 2, "bidirectional": True}
             for i in range(4)]
    links += [{"src": f"c{i}", "dst": s, "bandwidth": 1, "bidirectional": True}
              for i in range(4) for s in ("s0", "s1")]
    return {"format": "forestcoll-topology/1", "name": "ring4", "nodes": nodes, "links": links}


ROTATE = [["c0", "c1", "c2", "c3"]]                 # order 4, free on the GPUs
SWAP = [["s0", "s1"]]                               # order 2, fixes every GPU
ROTATE_SWAP = [["c0", "c1", "c2", "c3"], ["s0", "s1"]]   # r·t: order 4, free on the GPUs
HALF = [["c0", "c2"], ["c1", "c3"]]                 # r²


@pytest.fixture(scope="module")
def ring():
    topo = from_dict(_ring())
    doc = generate(topo, compact=True).to_dict()
    assert verify(topo, doc).status == "optimal"
    return topo, doc


@pytest.mark.parametrize("group", [[ROTATE, SWAP], [ROTATE, ROTATE_SWAP], [HALF, SWAP],
                                   [ROTATE_SWAP, SWAP]])
def test_commuting_generators_that_do_not_act_freely_are_refused(ring, group):
    # they commute, but the orders' product (8 or 16) exceeds the orbit of c0 (4 or 2):
    # the switch swap, or a product equal to it, fixes every GPU
    topo, doc = ring
    verdict = verify(topo, dict(doc, group=group))
    assert verdict.status == "invalid" and len(verdict.reasons) == 1
    assert "does not act freely on the orbit of c0" in verdict.reasons[0]


@pytest.mark.parametrize("group", [[ROTATE_SWAP], [ROTATE_SWAP, ROTATE_SWAP],
                                   [HALF, ROTATE_SWAP]])
def test_free_groups_are_accepted_whichever_way_they_are_proven(ring, group):
    # the schedule's own group ⟨r·t⟩ by the criterion (4 = 4); the same group written as
    # ⟨r·t, r·t⟩ and ⟨r², r·t⟩ by the walk (16, 8 > 4): the same verdict as the expansion
    topo, doc = ring
    assert doc["group"] == [ROTATE_SWAP]
    forged = dict(doc, group=group)
    compact, plain = verify(topo, forged), verify(topo, expand_by_test(forged))
    assert compact.status == plain.status == "optimal" and compact.algbw == plain.algbw
    assert compact.phases == plain.phases


def test_a_free_group_standing_for_other_trees_is_judged_on_them(ring):
    # ⟨r⟩ is free too, but maps the trees through s0 onto s0 only: the loads double there,
    # and the claims made for ⟨r·t⟩ no longer hold (the expansion says the same)
    topo, doc = ring
    forged = dict(doc, group=[ROTATE])
    compact, plain = verify(topo, forged), verify(topo, expand_by_test(forged))
    assert compact.status == plain.status == "invalid"
    assert compact.reasons == plain.reasons == (
        '"tree_bandwidth" claims 1 but the link loads give 1/2',
        '"algbw" claims 8 but the link loads give 4')


def test_a_commuting_generator_that_is_not_an_automorphism_is_refused():
    raw = _ring()
    raw["links"][0]["bandwidth"] = 3                # c0 <-> c1 stronger: no rotation
    topo = from_dict(raw)
    doc = generate(topo, compact=True).to_dict()
    for group in ([ROTATE], [ROTATE_SWAP], [HALF, [["c0", "c1"], ["c2", "c3"]]]):
        verdict = verify(topo, dict(doc, group=group))
        assert verdict.status == "invalid"
        assert "is not an automorphism of ring4" in verdict.reasons[0], verdict.reasons


# --- the bound, one sink per orbit --------------------------------------------------------------

def _orbits_of(topo, group, root=None):
    reasons: list[str] = []
    action = vgroup.read_group(topo, group, root, reasons)
    assert action is not None, reasons
    return tuple(action.node_orbit[v] for v in topo.compute_nodes)


@pytest.mark.parametrize("spec", ["dgx-h100:boxes=4", "dgx-a100:boxes=4",
                                  "dgx-h100:boxes=8,fabric=su", "mi250:boxes=2"])
def test_the_bound_per_orbit_is_the_bound(catalog, spec):
    topo = catalog(spec)
    for collective in ("allgather", "reduce-scatter"):
        doc = generate(topo, collective=collective, compact=True).to_dict()
        orbits = _orbits_of(topo, doc["group"])
        fast = vbound.cached_bound(topo, collective, None, None, None, orbits)
        full = bound_of(topo, collective)
        assert fast == full and fast.cut == full.cut       # the same cut, not just value
        assert fast.max_flows < full.max_flows


@pytest.mark.parametrize("seed", range(6))
def test_the_bound_per_orbit_is_the_bound_on_random_networks(seed):
    topo = from_dict(random_symmetric_network(seed))
    doc = generate(topo, compact=True).to_dict()
    orbits = _orbits_of(topo, doc["group"])
    assert len(set(orbits)) < len(orbits)
    for collective in ("allgather", "reduce-scatter"):
        assert vbound.cached_bound(topo, collective, None, None, None, orbits) == \
            bound_of(topo, collective)


def test_the_single_root_bound_per_orbit_is_the_bound(catalog):
    # rotating boxes 1 -> 2 -> 3 -> 1 keeps the root box0/gpu0 (and all of box 0) in place
    topo = catalog("dgx-a100:boxes=4")
    root = "box0/gpu0"
    cycles = [[v, v.replace("box1/", "box2/"), v.replace("box1/", "box3/")]
              for v in topo.node_ids if v.startswith("box1/")]
    orbits = _orbits_of(topo, [cycles], root)
    assert len(set(orbits)) == 8 + 8
    for collective in ("broadcast", "reduce"):
        fast = vbound.cached_bound(topo, collective, root, None, None, orbits)
        full = bound_of(topo, collective, root=root)
        assert fast == full and fast.cut == full.cut
        assert (fast.max_flows, full.max_flows) == (16, 32)


def test_weights_that_differ_within_an_orbit_keep_every_sink(ring):
    topo, doc = ring
    reasons: list[str] = []
    action = vgroup.read_group(topo, [ROTATE], None, reasons)
    assert vverdict._sink_orbits(topo, action, None) == (0, 0, 0, 0)
    assert vverdict._sink_orbits(topo, action, (2, 2, 2, 2)) == (0, 0, 0, 0)
    assert vverdict._sink_orbits(topo, action, (1, 2, 1, 2)) is None
    assert vverdict._sink_orbits(topo, None, None) is None
