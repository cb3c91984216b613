"""The allreduce LP folded by symmetry (forestcoll_opt.lp.folded): the same certified interval
as the full LP, a lower point and a dual point that hold on the *full* LP (checked here by
independent code and by the full model's own certificate), and forged foldings that can
make the folded LP wrong but never the certified interval.

How the two intervals compare: folded and full LP are solved by HiGHS from different
models, so their floating-point optima differ in the last bits, and each certificate
rounds its own solution; the exact bounds are therefore not bit-for-bit equal. Both are
exact (lower the value of an exactly feasible point of the full LP, upper that of an
exactly feasible dual point), so both intervals hold the one true optimum: the tests
assert that they overlap (max of the lowers <= min of the uppers), that each is narrower
than 1e-9 relative, and, where the optimum is known exactly, that both hold it."""

import dataclasses
import json
from fractions import Fraction

import numpy as np
import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.errors import LPCertificateError, LPError
from forestcoll_opt.kernels.symmetry import automorphisms
from forestcoll_opt.lp import folded_certificates
from forestcoll_opt.lp.certificates import certify_upper
from forestcoll_opt.lp.folded import build_folded_model, choose_folding
from forestcoll_opt.lp.folding import build_folding, lp_generators
from forestcoll_opt.lp.model import _logical_pairs, build_model, reference_bandwidth
from forestcoll_opt.lp.solver import solve, solve_model
from forestcoll_opt.model.topology import from_dict
from randomnets import random_network, random_symmetric_network
from lpcheck import KNOWN, check_witness

NARROW = Fraction(1, 10**9)
CATALOG = ["paper-example", "dgx-a100:boxes=2", "dgx-a100:boxes=4", "mi250:boxes=2,gpus=8",
           "dgx-h100:boxes=2"]
RANDOM = [0, 1, 2, 3, 4, 5]


def topology(catalog, spec):
    if isinstance(spec, int):
        return from_dict(random_symmetric_network(spec))
    return catalog(spec)


def both(t):
    return solve(t, symmetry=True), solve(t, symmetry=False)


@pytest.mark.parametrize("spec", CATALOG + RANDOM)
def test_folded_and_full_lp_certify_the_same_optimum(catalog, spec):
    t = topology(catalog, spec)
    folded, full = both(t)
    assert folded.folding is not None and full.folding is None
    assert folded.variables < full.variables
    assert folded.folding["full_variables"] == full.variables
    for r in (folded, full):
        assert r.lower <= r.upper and r.gap < NARROW
    # both intervals hold the true optimum, so they overlap
    assert max(folded.lower, full.lower) <= min(folded.upper, full.upper)
    assert folded.algbw == pytest.approx(full.algbw, rel=1e-9)
    if spec in KNOWN:
        assert folded.lower <= KNOWN[spec] <= folded.upper


@pytest.mark.parametrize("spec", CATALOG + RANDOM[:3])
def test_the_folded_lower_point_is_feasible_on_the_full_lp(catalog, spec):
    # written out on the full LP and checked by the independent networkx checker of
    # test_lp_certified (conservation, capacities, max-flow to every node, every cut)
    t = topology(catalog, spec)
    r = solve(t, symmetry=True)
    assert r.witness is not None and r.witness.objective == r.lower
    check_witness(t, "allreduce", r.witness)
    # every root of one orbit carries the same share
    group = automorphisms(t)
    for orbit in group.compute_orbits(t):
        shares = {r.witness.x[t.node_ids[i]] for i in orbit}
        assert len(shares) == 1


def _orbit_of_set(side, gens, names):
    """Every image of a set of node ids under the group the generators generate."""
    index = {v: i for i, v in enumerate(names)}
    start = frozenset(index[v] for v in side)
    seen, frontier = {start}, [start]
    while frontier:
        grown = []
        for s in frontier:
            for g in gens:
                image = frozenset(int(g[i]) for i in s)
                if image not in seen:
                    seen.add(image)
                    grown.append(image)
        frontier = grown
    return [frozenset(names[i] for i in s) for s in seen]


class _Duals:
    """A stand-in for the HiGHS session of a full model: given row duals."""

    def __init__(self, duals):
        self.duals = duals

    def dual(self, row):
        return self.duals.get(row, 0.0)


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=2,gpus=8", 1])
def test_the_folded_duals_spread_over_the_group_pass_the_full_certificate(catalog, spec):
    # the dual point the folded upper certificate argues about, written out on the full
    # model (each folded row's dual averaged over its orbit) and certified by the full
    # model's own certificate: it must be (close to) exactly dual feasible there
    t = topology(catalog, spec)
    folding = choose_folding(t, "allreduce", "cuts", True)
    m = build_folded_model(t, folding, reference_bandwidth(t))
    captured = {}
    original = folded_certificates.certify_folded_upper

    def spy(model, session, cf):
        captured["duals"] = {name: session.dual(name) for name, _ in model.rows}
        captured["cf"] = cf
        return original(model, session, cf)

    folded_certificates.certify_folded_upper = spy
    try:
        from forestcoll_opt.lp import solver
        solver.certify_folded_upper = spy
        folded = solve_model(m)
    finally:
        folded_certificates.certify_folded_upper = original
        solver.certify_folded_upper = original
    duals, cf = captured["duals"], captured["cf"]
    full = build_model(t)
    names = list(t.node_ids)
    spread = {}
    for (a, b), row in m.cap_rows.items():
        e = list(t.capacity).index((a, b))
        j = int(cf.link_orbit[e])
        size = int(cf.link_orbit_size[j])
        for link, full_row in full.cap_rows.items():
            if int(cf.link_orbit[list(t.capacity).index(link)]) == j:
                spread[full_row] = spread.get(full_row, 0.0) + max(duals[row], 0.0) / size
    for (kind, side), row in m.cuts.items():
        if duals[row] >= 0:
            continue
        images = _orbit_of_set(side, cf.generators, names)
        for image in images:
            full.add_cut(kind, image)
            name = full.cuts[(kind, frozenset(image))]
            spread[name] = spread.get(name, 0.0) + duals[row] / len(images)
    upper = certify_upper(full, _Duals(spread)) * full.reference
    assert folded.lower <= upper
    assert abs(upper - folded.upper) <= NARROW * folded.upper


def test_a_generator_that_is_no_automorphism_is_refused(catalog):
    t = catalog("dgx-a100:boxes=2")
    pairs = _logical_pairs(t)
    good = [np.asarray(g) for g in automorphisms(t).generators]
    forged = np.arange(len(t.node_ids))
    a, b = t.index["box0/gpu0"], t.index["box0/gpu1"]     # GPUs on different IB planes
    forged[[a, b]] = forged[[b, a]]
    with pytest.raises(LPCertificateError, match="not an automorphism"):
        build_folding(t, good + [forged], pairs)
    # a model whose generators are swapped for a forged one after it was built: the
    # certificates rebuild the orbits from the generators and refuse it
    folding = choose_folding(t, "allreduce", "cuts", True)
    m = build_folded_model(t, folding, reference_bandwidth(t))
    m.folding = dataclasses.replace(folding, generators=folding.generators + (forged,))
    with pytest.raises(LPCertificateError, match="not an automorphism"):
        solve_model(m)


def _forged(t, **changes):
    folding = choose_folding(t, "allreduce", "cuts", True)
    return build_folded_model(t, dataclasses.replace(folding, **changes), reference_bandwidth(t))


def test_forged_orbit_sizes_make_the_folded_lp_wrong_but_not_the_interval(catalog):
    # claim that the root orbit is twice its size: the folded objective counts every share
    # twice and HiGHS reports twice the optimum (520/3); the certificates count with their
    # own orbits on the full LP, so the interval still holds the optimum
    t = catalog("dgx-a100:boxes=2")
    folding = choose_folding(t, "allreduce", "cuts", True)
    r = solve_model(_forged(t, orbit_size=2 * folding.orbit_size))
    assert r.algbw == pytest.approx(2 * 520 / 3)         # the forged LP is wrong
    assert r.lower <= Fraction(520, 3) <= r.upper         # the certified interval is not
    assert r.gap < NARROW


def test_forged_compute_orbits_and_pair_classes_never_give_a_wrong_interval(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    folding = choose_folding(t, "allreduce", "cuts", True)
    # one orbit for all GCDs (they are not all alike: the LP's optimum gives them
    # different shares), and every pair in one class
    orbit = np.zeros_like(folding.orbit)
    m = _forged(t, orbit=orbit, reps=(0,), orbit_size=np.array([len(orbit)]))
    r = solve_model(m)
    assert r.lower <= 128 <= r.upper
    label = np.where(folding.pair_label >= 0, 0, -1).astype(folding.pair_label.dtype)
    m = _forged(t, pair_label=label, pair_reps=folding.pair_reps[:1],
                pair_size=np.array([int((label >= 0).sum())]))
    r = solve_model(m)
    assert r.lower <= 128 <= r.upper


def test_symmetry_choice():
    small = from_dict(random_symmetric_network(0))
    assert solve(small).folding is None                  # below 64 compute nodes
    assert solve(small, symmetry=True).folding is not None
    with pytest.raises(LPError, match="allreduce LP in the cuts formulation"):
        solve(small, collective="allgather", symmetry=True)
    with pytest.raises(LPError, match="cuts formulation"):
        solve(small, formulation="explicit", symmetry=True)
    with pytest.raises(LPError, match="symmetry="):
        solve(small, symmetry="yes")
    assert solve(small, collective="allgather").folding is None
    # a network without automorphisms keeps the full model
    for seed in range(40):
        data = random_network(seed, asymmetric=True)
        t = from_dict(data)
        if automorphisms(t).trivial:
            assert solve(t, symmetry=True).folding is None
            break
    else:
        pytest.fail("no asymmetric random network found")


def test_lp_generators_are_deterministic_and_generate_the_group(catalog):
    t = catalog("dgx-a100:boxes=4")
    group = automorphisms(t)
    assert len(group.generators) > 8
    one = lp_generators(t, group.generators)
    two = lp_generators(t, group.generators)
    assert len(one) == 8 and all(np.array_equal(a, b) for a, b in zip(one, two))
    folding = build_folding(t, one, _logical_pairs(t))
    # the same orbits as the whole group: one root orbit; a root's stabiliser orbits are
    # BLISS's stabiliser orbits
    assert len(folding.reps) == len(group.compute_orbits(t)) == 1
    stab = automorphisms(t, fixed=(t.compute_nodes[0],))
    assert len(set(folding.stab_nodes[0].tolist())) == len(stab.orbits)


def test_the_exported_folded_model_says_it_is_folded(catalog, tmp_path):
    t = catalog("dgx-a100:boxes=2")
    lp_file = tmp_path / "folded.lp"
    r = solve(t, symmetry=True, write_lp=lp_file)
    text = lp_file.read_text()
    assert "LP folded by symmetry" in text and "orbit sizes of the columns" in text
    assert r.to_dict()["symmetry"]["compute_orbits"] == 1


def test_cli_lp_folds_from_64_gpus_and_no_symmetry_keeps_the_full_model(capsys):
    assert main(["lp", "allreduce", "dgx-a100:boxes=8", "--json"]) == 0
    folded = json.loads(capsys.readouterr().out)
    assert main(["lp", "allreduce", "dgx-a100:boxes=8", "--json", "--no-symmetry"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert "symmetry" in folded and "symmetry" not in full
    assert folded["symmetry"]["full_variables"] == full["variables"]
    lo = max(Fraction(folded["lower"]), Fraction(full["lower"]))
    hi = min(Fraction(folded["upper"]), Fraction(full["upper"]))
    assert lo <= Fraction(800, 7) <= hi
    assert main(["lp", "allreduce", "dgx-a100:boxes=8"]) == 0
    assert "folded by" in capsys.readouterr().out


def test_the_lp_schedule_builds_from_a_folded_lp(catalog):
    # the LP schedule takes the folded result as it takes the full one (x, link shares,
    # the certificate's point) and reaches the optimum, 128 GB/s, inside the interval
    from forestcoll_opt.lp.schedule import lp_allreduce

    t = catalog("mi250:boxes=2,gpus=8")
    lp = solve(t, symmetry=True)
    schedule = lp_allreduce(t, lp=lp)
    assert schedule.algbw == 128 and lp.lower <= 128 <= lp.upper
