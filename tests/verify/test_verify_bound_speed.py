"""The verifier's own bound search (a Newton sweep over the sinks) on wide bandwidth ranges:
exact, equal to the generator's bound, and cheap in max-flows.

The network of tests/data/topologies/bandwidths-1e-12-to-1e15.json (60 compute and 29 switch nodes,
bandwidths from 1e-12 to 1e15) took the verifier's former bisection with rational
reconstruction some 190 rounds of up to 60 max-flows each, on integers of hundreds of
digits (90 s, against 1 s for the generator's bound); the sweep takes one max-flow per
compute node there. No timings are asserted: the max-flow count is the complexity check.
"""

import importlib
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from randomnets import (brute_force_bound, brute_force_weighted_bound, normalised_weights,
                        random_network, random_weights, reversed_network)

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict, load

verifier = importlib.import_module("forestcoll_opt.verify")
bound_of = verifier.bound_of

EXTREME = Path(__file__).parents[1] / "data" / "topologies" / "bandwidths-1e-12-to-1e15.json"


@pytest.fixture(scope="module")
def extreme():
    return load(EXTREME)


# each bound takes 60 max-flows on integers beyond 64 bits (the exact networkx kernel)
@pytest.mark.parametrize("collective", ["allgather", pytest.param("reduce-scatter",
                                                                  marks=pytest.mark.slow)])
def test_extreme_bandwidths_bound_equals_the_generators(extreme, collective):
    ours = bound_of(extreme, collective)
    theirs = bound(extreme, collective=collective)
    assert ours.algbw == theirs.algbw == Fraction(60 * 10**15, 59)
    # the certificate: 59 compute nodes behind 1e15 GB/s, re-summed from the links
    network = extreme.reversed() if collective == "reduce-scatter" else extreme
    assert (ours.cut_compute, ours.cut_bandwidth) == (59, 10**15)
    assert network.cut_bandwidth(ours.cut) == 10**15
    assert ours.method == "Newton sweep"
    # the paper's lower end is already the bottleneck: one test per compute node, no step
    assert ours.max_flows == len(extreme.compute_nodes) == 60


def slow_box_network(bandwidths: dict | None = None) -> dict:
    """Two boxes of two GPUs on a 1e15 GB/s switch each, the switches joined by 1e-12."""
    b = {"fast": "1e15", "slow": "1e-12", **(bandwidths or {})}
    nodes = [{"id": v, "kind": "compute", "box": v[0]} for v in ("a1", "a2", "b1", "b2")]
    nodes += [{"id": "wa", "kind": "switch"}, {"id": "wb", "kind": "switch"}]
    links = [{"src": v, "dst": "w" + v[0], "bandwidth": b["fast"], "bidirectional": True}
             for v in ("a1", "a2", "b1", "b2")]
    links.append({"src": "wa", "dst": "wb", "bandwidth": b["slow"], "bidirectional": True})
    return {"format": "forestcoll-topology/1", "name": "slow-boxes", "nodes": nodes,
            "links": links}


def test_a_box_behind_a_slow_link_takes_one_newton_step():
    """The lower end, "every node but a1", has ratio 3/1e15; sink a1 fails there, and its
    largest violated cut is box b with its switch: ratio 2/1e-12 = 2e12, which every sink
    passes. Four tests and one step (a min cut and the test again): six max-flows."""
    t = from_dict(slow_box_network())
    b = bound_of(t, "allgather")
    assert b.algbw == 4 / Fraction(2 * 10**12) == Fraction(2, 10**12)
    assert b.cut == ("b1", "b2", "wb")
    assert (b.cut_compute, b.cut_bandwidth) == (2, Fraction(1, 10**12))
    assert b.method == "Newton sweep, confirmed by enumerating every cut"
    assert b.max_flows == 6
    assert b.algbw == bound(t).algbw


def test_weighted_box_behind_a_slow_link():
    """Weights a1: 5, the rest 1 (Ŵ = 8): box a with its switch holds 6 behind 1e-12, so
    algbw* = 8 / (6e12)."""
    t = from_dict(slow_box_network())
    weights = {"a1": 5, "a2": 1, "b1": 1, "b2": 1}
    b = bound_of(t, "allgather", weights=weights)
    assert b.algbw == Fraction(8, 6 * 10**12) == bound(t, weights=weights).algbw
    assert b.cut == ("a1", "a2", "wa") and b.cut_weight == 6
    assert b.method == "Newton sweep, confirmed by enumerating every cut (shard weights)"


def widen(data: dict, seed: int) -> dict:
    """``data`` with every bandwidth value replaced, consistently, by one drawn
    log-uniformly from [1e-12, 1e15] (a ring's links keep one value: still balanced)."""
    rng = random.Random(f"widen-{seed}")
    values: dict[str, str] = {}
    for link in data["links"]:
        key = str(link["bandwidth"])
        if key not in values:
            values[key] = f"{rng.randint(1, 99)}e{rng.randint(-12, 13)}"
        link["bandwidth"] = values[key]
    return data


def newton_limit(t, weights: dict | None) -> int:
    """The sweep's proven worst case: per compute node one test, and at most
    log2(Ŵ) + 2·log2(ΣB) + 2 steps of two max-flows each (ΣB in integer units)."""
    total = sum(normalised_weights(weights).values()) if weights else len(t.compute_nodes)
    capacity = sum(t.integer_capacity.values())
    steps = math.log2(total) + 2 * math.log2(capacity) + 2
    return len(t.compute_nodes) * (1 + 2 * math.ceil(steps))


@pytest.mark.parametrize("seed", range(12))
def test_wide_random_networks(seed):
    data = widen(random_network(seed + 3300, max_compute=6, max_switch=4), seed)
    t = from_dict(data)
    weights = random_weights(seed, t.compute_nodes) if seed % 2 else None
    for collective, net in (("allgather", data), ("reduce-scatter", reversed_network(data))):
        b = bound_of(t, collective, weights=weights)
        if weights is None:
            expected = len(t.compute_nodes) / brute_force_bound(net)
        else:
            expected = brute_force_weighted_bound(net, weights)
        assert b.algbw == expected == bound(t, collective=collective, weights=weights).algbw
        assert "confirmed by enumerating every cut" in b.method
        assert len(t.compute_nodes) <= b.max_flows <= newton_limit(t, weights)


def test_the_sweep_steps_on_some_wide_networks():
    """Over the seeds above, some networks need Newton steps (max-flows beyond one per
    compute node), and none needs more than three."""
    steps = []
    for seed in range(12):
        t = from_dict(widen(random_network(seed + 3300, max_compute=6, max_switch=4), seed))
        b = bound_of(t, "allgather")
        steps.append((b.max_flows - len(t.compute_nodes)) // 2)
    assert any(steps) and max(steps) <= 3, steps


@pytest.mark.slow
def test_extreme_bandwidths_schedule_with_k_1_verifies_optimal(extreme):
    schedule = generate(extreme, collective="allgather", k=1)
    verdict = verifier.verify(extreme, schedule)
    assert verdict.status == "optimal" and verdict.ratio == 1, verdict.reasons
    assert verdict.bound_algbw == Fraction(60 * 10**15, 59)
