"""Twin boxes folded before the automorphism search (kernels/boxes.py): the orbits the bound's
oracle uses stay unions of true orbits, and the bound is the same with and without them."""

from __future__ import annotations

import random

import pytest

from forestcoll_opt import bound, from_dict, resolve
from forestcoll_opt.kernels.boxes import fold_twin_boxes
from forestcoll_opt.kernels.symmetry import _labelled, automorphisms, oracle_orbits


def twin_box_network(seed: int) -> dict:
    """Boxes of a few compute nodes around a box switch, each attached to shared switches:
    some boxes are exact copies of others (twins), some differ in one bandwidth or in which
    shared switch a node uses; a shared core joins the shared switches. Balanced: every link
    is bidirectional."""
    rng = random.Random(f"twins-{seed}")
    shared = [f"s{i}" for i in range(rng.randint(1, 3))]
    nodes = [{"id": s, "kind": "switch"} for s in shared]
    links = [{"src": a, "dst": b, "bandwidth": rng.choice([1, 2, 5]), "bidirectional": True}
             for a, b in zip(shared, shared[1:])]
    kinds = [(rng.randint(1, 3), [rng.choice([1, 2, 3, "5/2"]) for _ in range(4)],
              [rng.randrange(len(shared)) for _ in range(4)]) for _ in range(rng.randint(1, 3))]
    for b in range(rng.randint(2, 7)):
        gpus, bws, attach = kinds[rng.randrange(len(kinds))]
        if rng.random() < 0.2:       # a near twin: one bandwidth differs
            bws = bws[:]
            bws[0] = 7
        nodes.append({"id": f"b{b}/sw", "kind": "switch", "box": b})
        for g in range(gpus + 1):
            node = f"b{b}/g{g}"
            nodes.append({"id": node, "kind": "compute", "box": b})
            links.append({"src": node, "dst": f"b{b}/sw", "bandwidth": bws[g % 4],
                          "bidirectional": True})
            links.append({"src": node, "dst": shared[attach[g % 4]], "bandwidth": bws[(g + 1) % 4],
                          "bidirectional": True})
    return {"format": "forestcoll-topology/1", "name": f"twins-{seed}", "units": "GB/s",
            "nodes": nodes, "links": links}


def refines(finer, coarser) -> bool:
    where = {v: j for j, part in enumerate(coarser) for v in part}
    return all(len({where[v] for v in part}) == 1 for part in finer)


@pytest.mark.parametrize("seed", range(40))
def test_folded_orbits_are_unions_of_true_orbits(seed):
    topo = from_dict(twin_box_network(seed))
    true = automorphisms(topo, whole=True).orbits
    folded = oracle_orbits(topo, exact=True).orbits
    assert sorted(v for part in folded for v in part) == list(range(len(topo.nodes)))
    assert refines(folded, true)
    # the bound and its bottleneck cut are the same with the orbits as without
    with_orbits, without = bound(topo, symmetry=True), bound(topo, symmetry=False)
    assert (with_orbits.algbw, with_orbits.cut) == (without.algbw, without.cut)
    assert with_orbits.max_flows <= without.max_flows


def test_twins_are_found_and_near_twins_are_not():
    data = twin_box_network(3)
    topo = from_dict(data)
    n, classes, capacity = _labelled(topo, (), None)
    folding = fold_twin_boxes(topo, classes, capacity)
    if folding is not None:
        assert folding.folded >= 1 and len(folding.kept) < n
        assert sorted(v for c in folding.copies for v in c) == list(range(n))


def test_catalog_clusters_fold_to_one_box():
    topo = resolve("dgx-h100:boxes=64")
    n, classes, capacity = _labelled(topo, (), None)
    folding = fold_twin_boxes(topo, classes, capacity)
    assert folding.folded == 63 and len(folding.kept) == 8 + 9      # 8 rails, one box
    orbits = oracle_orbits(topo).compute_orbits(topo)
    assert len(orbits) == 1 and len(orbits[0]) == 512             # every GPU alike


def test_boxes_joined_directly_are_not_compared():
    data = twin_box_network(5)
    boxes = sorted({n["box"] for n in data["nodes"] if "box" in n})
    data["links"].append({"src": f"b{boxes[0]}/g0", "dst": f"b{boxes[1]}/g0", "bandwidth": 1,
                          "bidirectional": True})
    topo = from_dict(data)
    n, classes, capacity = _labelled(topo, (), None)
    assert fold_twin_boxes(topo, classes, capacity) is None
    assert refines(oracle_orbits(topo).orbits, automorphisms(topo, whole=True).orbits)


def test_a_root_keeps_its_box_apart():
    topo = resolve("dgx-a100:boxes=4")
    root = topo.compute_nodes[0]
    orbits = oracle_orbits(topo, fixed=(root,)).compute_orbits(topo)
    (alone,) = [o for o in orbits if topo.index[root] in o]
    assert alone == (topo.index[root],)
    a = bound(topo, collective="broadcast", root=root, symmetry=True)
    b = bound(topo, collective="broadcast", root=root, symmetry=False)
    assert (a.algbw, a.cut) == (b.algbw, b.cut)
