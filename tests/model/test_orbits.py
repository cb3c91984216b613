"""The package's one union-find and orbit computation (forestcoll_opt.model.orbits): values
worked out by hand, agreement with the group listed element by element on random
permutations, and no second hand-written union-find outside it (the verifier keeps its own,
on purpose)."""

import ast
import random
from itertools import product
from pathlib import Path

import pytest

import forestcoll_opt
from forestcoll_opt.model.catalog import build
from forestcoll_opt.model.orbits import components, link_orbits, node_orbits, permutation_orbits
from forestcoll_opt.kernels.symmetry import automorphisms

PACKAGE = Path(forestcoll_opt.__file__).parent


def test_components_by_hand():
    # 0-3-5 and 1-4 joined, 2 alone: every point names its component's smallest point
    assert components(6, [(5, 3), (3, 0), (4, 1)]) == [0, 1, 2, 0, 1, 0]
    assert components(3, []) == [0, 1, 2]
    assert components(0, []) == []


def test_orbits_of_two_generators_by_hand():
    # on 0..6: the 3-cycle (0 1 2) and the swap (4 6); 3 and 5 fixed
    cycle = [1, 2, 0, 3, 4, 5, 6]
    swap = [0, 1, 2, 3, 6, 5, 4]
    assert node_orbits(7, [cycle, swap]) == [0, 0, 0, 3, 4, 5, 4]
    assert permutation_orbits(7, [cycle, swap]) == ((0, 1, 2), (3,), (4, 6), (5,))
    assert permutation_orbits(4, []) == ((0,), (1,), (2,), (3,))


def _closure(n, generators):
    """Every element of the group, listed (small groups only)."""
    identity = tuple(range(n))
    seen = {identity}
    frontier = [identity]
    while frontier:
        nxt = []
        for p in frontier:
            for g in generators:
                q = tuple(g[p[i]] for i in range(n))
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    return seen


@pytest.mark.parametrize("seed", range(20))
def test_orbits_are_those_of_the_listed_group(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 9)
    gens = []
    for _ in range(rng.randint(0, 3)):
        perm = list(range(n))
        a, b = rng.randrange(n), rng.randrange(n)        # transpositions and short cycles
        perm[a], perm[b] = perm[b], perm[a]
        if rng.random() < 0.5 and n > 2:
            i, j, k = rng.sample(range(n), 3)
            perm[i], perm[j], perm[k] = perm[j], perm[k], perm[i]
        gens.append(perm)
    group = _closure(n, gens)
    want = sorted({tuple(sorted({g[i] for g in group})) for i in range(n)})
    assert list(permutation_orbits(n, gens)) == want
    assert node_orbits(n, gens) == [min(g[i] for g in group) for i in range(n)]


def test_link_orbits_of_two_a100_boxes():
    # two DGX A100 boxes: the group swaps the boxes and permutes the GPUs with their
    # NICs, so the links fall in one orbit per kind of link and direction
    topo = build("dgx-a100:boxes=2")
    group = automorphisms(topo)
    orbits = link_orbits(topo, group.generators)
    assert sorted(e for orbit in orbits for e in orbit) == sorted(topo.capacity)
    assert [orbit[0] for orbit in orbits] == sorted((orbit[0] for orbit in orbits),
                                                    key=list(topo.capacity).index)
    for orbit in orbits:
        kinds = {(topo.node[u].kind, topo.node[v].kind, topo.capacity[(u, v)])
                 for u, v in orbit}
        assert len(kinds) == 1
    idx = topo.index
    for g, (u, v) in product(group.generators, topo.capacity):
        image = (topo.node_ids[g[idx[u]]], topo.node_ids[g[idx[v]]])
        assert next(o for o in orbits if (u, v) in o) == next(o for o in orbits if image in o)


def _hand_written_union_finds(path: Path) -> list[int]:
    """Lines of ``path`` that compress a union-find path (parent[x] = parent[parent[x]])."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        value = node.value if isinstance(node, ast.Assign) else None
        if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Subscript) \
                and isinstance(value.value, ast.Name) and isinstance(value.slice.value, ast.Name) \
                and value.value.id == value.slice.value.id:
            found.append(node.lineno)
    return found


def test_one_union_find_in_the_package():
    places = {str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
              if _hand_written_union_finds(p)}
    assert places == {"model/orbits.py", "verify/group.py"}
