import math
from fractions import Fraction

import pytest

from forestcoll_opt.bound import bound
from forestcoll_opt.analysis import sweep
from forestcoll_opt.fixed_k import FixedKError, fixed_k_capacity
from forestcoll_opt.schedule import generate
from forestcoll_opt.topology import from_dict
from randomnets import random_network
from schedcheck import achieved_algbw


def feasible_brute(t, k, U):
    """Brute force on tiny networks: every cut S missing a compute node must have
    Σ ⌊U·b⌋ leaving S >= k·|S ∩ Vc| (app:thm:fixedk with app:thm:initialexist)."""
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
    assert row["algbw"] == Fraction(1024, 3)
    assert row["fraction_of_optimum"] == pytest.approx(float(Fraction(1024, 3) / Fraction(5312, 15)))
    assert set(table.columns) >= {"k", "algbw", "fraction_of_optimum", "distinct_trees",
                                  "max_height", "seconds"}


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8", "paper-example"])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_fixed_k_meets_the_gap_bound(catalog, spec, k):
    t = catalog(spec)
    s = generate(t, "allgather", k=k)
    achieved = achieved_algbw(t, s.to_dict())
    assert achieved == s.algbw
    b = bound(t)
    n = len(t.compute_nodes)
    # app:thm:fixedkapprox: time (M/(N·k))·U* <= (M/N)/x* + (M/(N·k))/min b
    assert 1 / achieved <= b.inv_x / n + Fraction(1, n * k) / min(t.capacity.values())
    assert achieved <= b.algbw


def test_fixed_k_at_the_optimal_k_is_optimal(catalog):
    t = catalog("dgx-a100:boxes=2")
    assert generate(t, "allgather", k=13).algbw == Fraction(1040, 3)


def test_unbalanced_floor_is_a_clear_error():
    # seed 2 is a network whose link directions differ: at k=1 the floored capacities
    # leave switch w0 with 3 trees in and 2 out
    t = from_dict(random_network(2, asymmetric=True))
    with pytest.raises(FixedKError, match=r"k=1: switch 'w0' is unbalanced .*ingress 3 vs egress 2"):
        generate(t, "allgather", k=1)


@pytest.mark.parametrize("seed", range(40))
def test_random_fixed_k_is_valid_or_refused(seed):
    data = random_network(seed + 500)
    t = from_dict(data)
    symmetric = all(t.capacity.get((v, u)) == b for (u, v), b in t.capacity.items())
    b = bound(t)
    n = len(t.compute_nodes)
    for k in (1, 2, 3):
        try:
            s = generate(t, "allgather", k=k)
        except FixedKError:
            assert not symmetric
            continue
        achieved = achieved_algbw(t, s.to_dict())
        assert achieved == s.algbw <= b.algbw
        assert 1 / achieved <= b.inv_x / n + Fraction(1, n * k) / min(t.capacity.values())


def test_bad_k():
    with pytest.raises(FixedKError, match="positive integer"):
        fixed_k_capacity(None, 0)
