"""Larger random networks (12-14 compute and 6+ switch nodes, links whose two directions
differ): the bound against a brute force over every node set, reduce-scatter on the
reversed network, the single-root bound, and generate-then-verify with the tests' own
checker. ``pytest -m "not slow"`` runs 12 seeds, the ``slow`` marker 24 more (CI runs
both, about 25 s); ``FORESTCOLL_LARGE_SEEDS`` sets how many the slow marker runs, e.g.
``FORESTCOLL_LARGE_SEEDS=200 pytest -m slow tests/test_random_large.py``."""

import os

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import (brute_force_bound_large, brute_force_single_root_large,
                        random_large_network, reversed_network)
from schedcheck import achieved_algbw

CI_SEEDS = range(12)
SLOW_SEEDS = range(12, 12 + int(os.environ.get("FORESTCOLL_LARGE_SEEDS", "24")))
SEEDS = ([pytest.param(s, id=f"seed{s}") for s in CI_SEEDS]
         + [pytest.param(s, id=f"seed{s}", marks=pytest.mark.slow) for s in SLOW_SEEDS])


def network(seed: int) -> dict:
    # every other seed keeps both directions equal, the rest make them differ
    return random_large_network(seed, asymmetric=seed % 2 == 0)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_generator_makes_large_networks(seed):
    data = network(seed)
    kinds = [n["kind"] for n in data["nodes"]]
    assert kinds.count("compute") >= 12 and kinds.count("switch") >= 6
    topo = from_dict(data)
    if seed % 2 == 0:
        assert any(topo.capacity.get((v, u)) != c for (u, v), c in topo.capacity.items())


@pytest.mark.parametrize("seed", SEEDS)
def test_bound_equals_the_brute_force(seed):
    data = network(seed)
    topo = from_dict(data)
    expected = brute_force_bound_large(data)
    b = bound(topo)
    assert b.inv_x == expected and b.algbw == len(topo.compute_nodes) / expected
    # the reported bottleneck cut attains it
    cut = set(b.cut)
    assert len(cut & set(topo.compute_nodes)) / topo.cut_bandwidth(cut) == expected
    # reduce-scatter is allgather on the reversed network, brute-forced there
    rs = bound(topo, collective="reduce-scatter")
    assert rs.inv_x == brute_force_bound_large(reversed_network(data))


@pytest.mark.parametrize("seed", SEEDS)
def test_single_root_bound_equals_the_brute_force(seed):
    data = network(seed)
    topo = from_dict(data)
    root = topo.compute_nodes[seed % len(topo.compute_nodes)]
    b = bound(topo, collective="broadcast", root=root)
    assert b.algbw == brute_force_single_root_large(data, root)
    assert root in b.cut and topo.cut_bandwidth(b.cut) == b.algbw
    r = bound(topo, collective="reduce", root=root)
    assert r.algbw == brute_force_single_root_large(reversed_network(data), root)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "broadcast"])
def test_generate_then_verify(seed, collective):
    data = network(seed)
    topo = from_dict(data)
    root = topo.compute_nodes[-1] if collective == "broadcast" else None
    sched = generate(topo, collective=collective, root=root)
    expected = bound(topo, collective=collective, root=root).algbw
    assert sched.algbw == expected
    assert achieved_algbw(topo, sched.to_dict()) == expected
    v = verify(topo, sched.to_dict())
    assert v.optimal and v.algbw == expected
