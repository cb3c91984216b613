import math
from pathlib import Path
from fractions import Fraction

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.analysis.sweeps import sweep
from forestcoll_opt.generation import fixed_k
from forestcoll_opt.generation.fixed_k import (FixedKError, fixed_k_capacity, reaches_bound,
                                    smallest_k_at_bound, with_k_min)
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict, load
from randomnets import random_network
from schedcheck import achieved_algbw


EXTREME = Path(__file__).parents[1] / "data" / "topologies" / "bandwidths-1e-12-to-1e15.json"


def feasible_brute(t, k, U):
    """Brute force on tiny networks: every cut S missing a compute node must have
    Σ ⌊U·b⌋ leaving S >= k·|S ∩ Vc| (the paper: first theorem of appendix E.4
    with the second of appendix E.3)."""
    from itertools import combinations
    ids, compute = t.node_ids, set(t.compute_nodes)
    caps = {e: math.floor(U * b) for e, b in t.capacity.items()}
    for r in range(1, len(ids)):
        for sub in combinations(ids, r):
            s = set(sub)
            if compute <= s:
                continue
            out = sum(c for (u, v), c in caps.items() if u in s and v not in s)
            if out < k * len(s & compute):
                return False
    return True


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_fixed_k_is_the_least_feasible_breakpoint(catalog, k):
    t = catalog("paper-example:b=3")
    U, caps = fixed_k_capacity(t, k)
    assert feasible_brute(t, k, U)
    # the previous breakpoint is infeasible
    prev = max(Fraction(math.ceil(U * b) - 1) / b for b in set(t.capacity.values()))
    assert not feasible_brute(t, k, prev)


def test_mi250_sweep_matches_the_paper(catalog):
    t = catalog("mi250:boxes=2")
    table = sweep(t, [1, 2])
    row = table.set_index("k").loc[2]
    assert row["algbw_exact"] == Fraction(1024, 3) and row["algbw"] == 1024 / 3
    assert row["fraction_of_optimum"] == pytest.approx(float(Fraction(1024, 3) / Fraction(5312, 15)))
    assert set(table.columns) >= {"k", "algbw", "fraction_of_optimum", "distinct_trees",
                                  "max_height", "seconds"}


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8", "paper-example"])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_fixed_k_meets_the_gap_bound(catalog, spec, k):
    t = catalog(spec)
    s = generate(t, collective="allgather", k=k)
    achieved = achieved_algbw(t, s.to_dict())
    assert achieved == s.algbw
    b = bound(t)
    n = len(t.compute_nodes)
    # the paper's fixed-k approximation theorem (appendix E.4):
    # time (M/(N·k))·U* <= (M/N)/x* + (M/(N·k))/min b
    assert 1 / achieved <= b.inv_x / n + Fraction(1, n * k) / min(t.capacity.values())
    assert achieved <= b.algbw


def test_fixed_k_at_the_optimal_k_is_optimal(catalog):
    t = catalog("dgx-a100:boxes=2")
    assert generate(t, collective="allgather", k=13).algbw == Fraction(1040, 3)


def test_unbalanced_floor_is_a_clear_error():
    # seed 2 is a network whose link directions differ: at k=1 the floored capacities
    # leave switch w0 with 3 trees in and 2 out
    t = from_dict(random_network(2, asymmetric=True))
    with pytest.raises(FixedKError, match=r"k=1: switch 'w0' is unbalanced .*ingress 3 vs egress 2"):
        generate(t, collective="allgather", k=1)


@pytest.mark.parametrize("seed", range(40))
def test_random_fixed_k_is_valid_or_refused(seed):
    data = random_network(seed + 500)
    t = from_dict(data)
    symmetric = all(t.capacity.get((v, u)) == b for (u, v), b in t.capacity.items())
    b = bound(t)
    n = len(t.compute_nodes)
    for k in (1, 2, 3):
        try:
            s = generate(t, collective="allgather", k=k)
        except FixedKError:
            assert not symmetric
            continue
        achieved = achieved_algbw(t, s.to_dict())
        assert achieved == s.algbw <= b.algbw
        assert 1 / achieved <= b.inv_x / n + Fraction(1, n * k) / min(t.capacity.values())


def test_bad_k():
    with pytest.raises(FixedKError, match="positive integer"):
        fixed_k_capacity(None, 0)


def least_k_by_brute_force(net, inv_x, k_paper):
    """The least k <= k_paper whose floored capacities ⌊k·b_e·(1/x*)⌋ keep every switch
    balanced and give every cut S missing a compute node k·|S ∩ Vc| trees (every cut
    enumerated, feasible_brute): the k at which the fixed-k optimum is the bound."""
    for k in range(1, k_paper + 1):
        U = k * inv_x
        excess = {w: 0 for w in net.switch_nodes}
        for (u, v), bw in net.capacity.items():
            for node, sign in ((u, -1), (v, 1)):
                if node in excess:
                    excess[node] += sign * math.floor(U * bw)
        if not any(excess.values()) and feasible_brute(net, k, U):
            return k
    raise AssertionError("the paper's k does not reach the bound")


@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter"])
@pytest.mark.parametrize("seed", range(40))
def test_k_min_is_the_least_k_at_the_bound(seed, collective):
    t = from_dict(random_network(seed))
    b = bound(t, collective=collective)
    net = t.reversed() if collective == "reduce-scatter" else t
    least = smallest_k_at_bound(t, b)
    assert least.k == least_k_by_brute_force(net, b.inv_x, b.k) and least.proven
    assert least.k <= b.k


@pytest.mark.parametrize("seed, k, k_min", [(4, 4, 2), (13, 8, 4), (14, 16, 2), (28, 9, 3)])
def test_k_min_below_the_papers_k(seed, k, k_min):
    t = from_dict(random_network(seed))
    b = bound(t)
    least = smallest_k_at_bound(t, b)
    assert (b.k, least.k, least.ruled_out_below) == (k, k_min, k_min)
    s = generate(t, collective="allgather")
    assert s.k == k_min and s.num_trees <= k_min * len(t.compute_nodes)
    assert achieved_algbw(t, s.to_dict()) == s.algbw == b.algbw


def test_the_bound_carries_its_k_min():
    """forestcoll bound --json is the bound's own dict: k_min and k_min_proven come from the
    Bound (its k_min field), appended after the bound's keys, not merged by the CLI."""
    t = from_dict(random_network(4))
    b = bound(t)
    assert b.k_min is None and "k_min" not in b.to_dict()
    full = with_k_min(t, b)
    assert full.k_min == smallest_k_at_bound(t, b) and (full.k, full.k_min.k) == (4, 2)
    assert full == b                                  # the same bound, with more said about it
    out = full.to_dict()
    assert list(out)[-2:] == ["k_min", "k_min_proven"]
    assert (out["k_min"], out["k_min_proven"]) == (2, True)
    assert {k: v for k, v in out.items() if not k.startswith("k_min")} == b.to_dict()
    weighted = with_k_min(t, bound(t, weights={v: 2 if i == 0 else 1
                                               for i, v in enumerate(t.compute_nodes)}))
    assert list(weighted.to_dict())[-4:] == ["weights", "cut_weight", "k_min", "k_min_proven"]


@pytest.mark.parametrize("seed", range(20))
def test_reaches_bound_is_the_fixed_k_optimum_at_the_bound(seed):
    t = from_dict(random_network(seed + 100))
    b = bound(t)
    for k in range(1, min(b.k, 6) + 1):
        try:
            at_bound = fixed_k_capacity(t, k)[0] == k * b.inv_x
        except FixedKError:                      # floors leave a switch unbalanced
            at_bound = False
        assert reaches_bound(t, b, k) == at_bound


# three nodes, links of 1/65, 100/99 and 99/100: the paper's k is 516780, the least k at
# the bound 261, and only cuts learned from one failed max-flow test rule out k < 261
from handmade import AWKWARD  # noqa: E402  (shared with tests/cli/test_cli.py)


def test_search_limits_fall_back_to_the_papers_k():
    t = from_dict(AWKWARD)
    b = bound(t)
    assert (b.k, smallest_k_at_bound(t, b).k, smallest_k_at_bound(t, b).proven) == \
        (516780, 261, True)
    assert reaches_bound(t, b, 261) and not reaches_bound(t, b, 260)
    # 64 candidates (step 1): none reaches the bound, so the paper's k, with 1..64 ruled out
    short = smallest_k_at_bound(t, b, limit=64)
    assert (short.k, short.ruled_out_below, short.step, short.proven) == (516780, 65, 1, False)
    # no max-flow test allowed: the cheap cuts alone rule out k < 5 (the first candidate
    # they let through is left untested)
    untested = smallest_k_at_bound(t, b, test_limit=0)
    assert (untested.k, untested.tests, untested.proven) == (516780, 0, False)
    assert all(not reaches_bound(t, b, k) for k in range(1, untested.ruled_out_below))


def test_search_cost_does_not_grow_with_k():
    """The 1e-12 .. 1e15 network: the paper's k is 3·10^27, one max-flow test finds k = 1."""
    t = load(EXTREME)
    b = bound(t)
    assert b.k == 3 * 10**27
    found = smallest_k_at_bound(t, b)
    assert (found.k, found.step, found.tests, found.proven) == (1, 1, 1, True)


@pytest.mark.parametrize("seed, k, U", [(8, 1, Fraction(2, 7)), (58, 3, Fraction(10, 7))])
def test_reduce_scatter_fixed_k_uses_the_reversed_network(seed, k, U):
    # these networks' links differ in their two directions; the in-trees are out-trees of
    # the reversed network, where the bound is computed too (packing them on the forward
    # network gave 1/3 and 4/3)
    t = from_dict(random_network(seed, asymmetric=True))
    assert fixed_k_capacity(t, k, collective="reduce-scatter")[0] == U == \
        fixed_k_capacity(t.reversed(), k)[0]


def least_k_by_fixed_k(t, b, **kwargs):
    """The least k <= b.k whose fixed-k optimum (the breakpoint bisection) is the bound."""
    for k in range(1, b.k + 1):
        try:
            if fixed_k_capacity(t, k, **kwargs)[0] == k * b.inv_x:
                return k
        except FixedKError:
            continue
    raise AssertionError("the paper's k does not reach the bound")


@pytest.mark.parametrize("seed", range(20))
def test_k_min_for_broadcast_and_shard_weights(seed):
    t = from_dict(random_network(seed + 200))
    root = t.compute_nodes[-1]
    b = bound(t, collective="broadcast", root=root)
    assert smallest_k_at_bound(t, b).k == least_k_by_fixed_k(t, b, collective="broadcast",
                                                             root=root)
    weights = tuple(range(1, len(t.compute_nodes) + 1))
    b = bound(t, weights=dict(zip(t.compute_nodes, weights)))
    least = smallest_k_at_bound(t, b)
    assert least.k == least_k_by_fixed_k(t, b, weights=weights) and least.proven
