"""The LP's certified interval, attacked: unit scales, adversarial node ids, solver failures,
perturbed solver answers, and an independent exact check of the feasible point behind
``lower`` (written here, using networkx only, not the package's kernels)."""

import copy
import json
import math
import random
from fractions import Fraction

import highspy
import numpy as np
import pytest
from kernelparams import EVERY_KERNEL, kernel_params

from forestcoll_opt.kernels.flow import FlowNetwork
from forestcoll_opt.lp import solver as lpmod
from forestcoll_opt.lp.session import HighsSession
from forestcoll_opt.generation.bounding import bound, rs_ag_algbw
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.lp.solver import (LPCertificateError, LPError, LPNotOptimalError, LPResult,
                               LPSolverError, build_model, reference_bandwidth, solve,
                               solve_model)
from forestcoll_opt.model.topology import from_dict
from lpcheck import KNOWN, check_witness
from randomnets import brute_force_bound, random_network

REL = Fraction(1, 10**6)


def scaled(data: dict, factor: Fraction):
    """The same network with every bandwidth multiplied by ``factor`` (fraction strings)."""
    data = copy.deepcopy(data)
    for link in data["links"]:
        link["bandwidth"] = str(Fraction(str(link["bandwidth"])) * factor)
    return from_dict(data)


def solved(topo, problem="allreduce", formulation="cuts"):
    m = build_model(topo, problem, formulation=formulation)
    result = solve_model(m)
    return m, result


# --- the catalog ---------------------------------------------------------------------------



@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2",
                                  "mi250:boxes=2", "mi250:boxes=2,gpus=8"])
def test_catalog_intervals_are_narrow_and_hold_the_known_values(catalog, spec):
    t = catalog(spec)
    m, lp = solved(t)
    assert lp.lower <= lp.upper and lp.gap < REL
    assert isinstance(lp.lower, Fraction) and isinstance(lp.upper, Fraction)
    assert lp.tolerance < 1e-6 and float(lp.lower) <= lp.algbw * (1 + 1e-9)
    assert lp.lower <= KNOWN[spec] <= lp.upper
    assert m.witness.objective == lp.lower
    check_witness(t, "allreduce", m.witness)
    ag_model, ag = solved(t, "allgather")
    exact = bound(t).algbw
    assert ag.lower <= exact <= ag.upper and ag.gap < REL
    check_witness(t, "allgather", ag_model.witness)


@pytest.mark.parametrize("kernel", kernel_params(("ortools", "igraph", "dinic", "networkx")))
def test_every_max_flow_kernel_certifies(catalog, kernel):
    t = catalog("dgx-a100:boxes=2")
    m = build_model(t, "allreduce", kernel=kernel)
    lp = solve_model(m, kernel=kernel)
    assert lp.lower <= Fraction(520, 3) <= lp.upper and lp.gap < REL
    check_witness(t, "allreduce", m.witness)


_DEFAULT_INTERVALS = {}


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2"])
@pytest.mark.parametrize("kernel", EVERY_KERNEL)
def test_every_max_flow_of_the_lp_runs_on_the_chosen_kernel(catalog, monkeypatch, spec, kernel):
    """The LP kept its own max-flow table for the lower certificate (OR-Tools'
    SimpleMaxFlow, else networkx) and silently ignored kernel="igraph" or "dinic". Now every
    max-flow of the LP — reference, separation, both certificate steps — is a FlowNetwork on
    the chosen kernel, and every kernel gives the default kernel's interval."""
    t = catalog(spec)
    if spec not in _DEFAULT_INTERVALS:
        _DEFAULT_INTERVALS[spec] = solve(t, collective="allreduce").interval
    networks, per_edge = [], []
    init, edge_flows = FlowNetwork.__init__, FlowNetwork.edge_flows

    def record_network(self, *args, **kwargs):
        init(self, *args, **kwargs)
        networks.append(self.kernel)

    def record_edge_flows(self, source, sink):
        per_edge.append(self.kernel)
        return edge_flows(self, source, sink)

    monkeypatch.setattr(FlowNetwork, "__init__", record_network)
    monkeypatch.setattr(FlowNetwork, "edge_flows", record_edge_flows)
    lp = solve(t, collective="allreduce", kernel=kernel)
    assert per_edge and set(per_edge) == {kernel}       # the certificate's commodity flows
    assert set(networks) == {kernel}
    assert lp.interval == _DEFAULT_INTERVALS[spec]
    assert lp.lower <= KNOWN[spec] <= lp.upper


def test_result_is_frozen_and_its_json_is_exact(catalog):
    t = catalog("paper-example")
    lp = solve(t, collective="allreduce")
    assert isinstance(lp, LPResult) and not hasattr(lp, "model")
    with pytest.raises(AttributeError):
        lp.lower = Fraction(5)          # frozen
    with pytest.raises(TypeError):
        lp.x["box0/c0"] = 1.0           # read-only mapping
    data = json.loads(json.dumps(lp.to_dict()))
    assert Fraction(data["lower"]) == lp.lower and Fraction(data["upper"]) == lp.upper
    assert Fraction(data["gap"]) == lp.gap and data["gap_float"] == float(lp.gap)
    assert data["lower_float"] == float(lp.lower) and data["names"] == list(t.node_ids)
    assert lp.interval == (lp.lower, lp.upper)


# --- units ---------------------------------------------------------------------------------

SCALES = [Fraction(1, 10**9), Fraction(1), Fraction(10**9)]


def test_paper_example_at_1e_minus_7_is_still_4(catalog):
    # HiGHS's tolerances are absolute: unnormalised, this gave 5.0 "optimal"
    f = Fraction(1, 10**7)
    t = scaled(catalog("paper-example").to_dict(), f)
    for formulation in ("cuts", "explicit"):
        lp = solve(t, collective="allreduce", formulation=formulation)
        assert lp.lower <= 4 * f <= lp.upper and lp.gap < REL
        assert lp.algbw == pytest.approx(4e-7, rel=1e-6)
    for e in range(5, 12):
        f = Fraction(1, 10**e)
        lp = solve(scaled(catalog("paper-example").to_dict(), f), collective="allreduce")
        assert lp.lower <= 4 * f <= lp.upper, e


@pytest.mark.parametrize("seed", range(6))
def test_random_networks_give_one_value_at_every_unit_scale(seed):
    data = random_network(seed + 4100)
    for problem in ("allreduce", "allgather"):
        intervals = []
        for f in SCALES:
            for formulation in ("cuts", "explicit"):
                lp = solve(scaled(data, f), collective=problem, formulation=formulation)
                assert lp.lower <= lp.upper and lp.gap < REL
                intervals.append((lp.lower / f, lp.upper / f))
                assert lp.algbw / float(f) == pytest.approx(float(intervals[0][0]), rel=1e-6)
        # every interval holds the one true value: they all overlap
        assert max(lo for lo, _ in intervals) <= min(hi for _, hi in intervals)
        if problem == "allgather":
            n = len([v for v in data["nodes"] if v["kind"] == "compute"])
            exact = n / brute_force_bound(data)      # N·x*, x* = 1 / max |S ∩ Vc| / B+(S)
            assert all(lo <= exact <= hi for lo, hi in intervals)


def test_reference_bandwidth_is_a_power_of_two_near_the_mean(catalog):
    for f in SCALES:
        t = scaled(catalog("paper-example").to_dict(), f)
        r = reference_bandwidth(t)
        assert r.numerator & (r.numerator - 1) == 0 and r.denominator & (r.denominator - 1) == 0
        caps = list(t.capacity.values())
        assert min(caps) / 2 <= r <= max(caps) * 2


@pytest.mark.parametrize("seed", range(6))
def test_random_intervals_agree_with_the_explicit_formulation(seed):
    t = from_dict(random_network(seed + 4200, max_compute=4, max_switch=2))
    for problem in ("allreduce", "allgather"):
        mc, cuts = solved(t, problem, "cuts")
        me, explicit = solved(t, problem, "explicit")
        assert max(cuts.lower, explicit.lower) <= min(cuts.upper, explicit.upper)
        assert abs(cuts.lower - explicit.upper) <= REL * explicit.upper
        check_witness(t, problem, mc.witness)
        check_witness(t, problem, me.witness)


@pytest.mark.parametrize("seed", range(8))
def test_larger_random_networks_have_narrow_exact_intervals(seed):
    # 12 compute and 6 switch nodes at most, directed cycles included: a singleton top-up
    # of the dual once made such intervals useless (gap near 1)
    data = random_network(seed + 500, max_compute=12, max_switch=6)
    t = from_dict(data)
    m, lp = solved(t)
    assert lp.lower <= lp.upper and lp.gap < REL
    check_witness(t, "allreduce", m.witness)
    ag = solve(t, collective="allgather")
    assert ag.lower <= bound(t).algbw <= ag.upper and ag.gap < REL


@pytest.mark.parametrize("spec,seed", [("mi250:boxes=2,gpus=8", 6), ("dgx-a100:boxes=2", 3),
                                       ("dgx-a100:boxes=2", 2), ("paper-example", 0)])
def test_links_a_trillion_apart_still_give_narrow_intervals(catalog, spec, seed):
    # every bidirectional link scaled by 1e-6 ... 1e6: tiny links sit inside HiGHS's
    # absolute tolerance. Scaling the whole point by the worst link or the worst cut once
    # made such intervals 58 % wide; the certificate now repairs each defect locally.
    rng = random.Random(seed)
    data = copy.deepcopy(catalog(spec).to_dict())
    for link in data["links"]:
        if link.get("bidirectional"):
            link["bandwidth"] = str(Fraction(str(link["bandwidth"])) * rng.choice(
                [Fraction(1, 10**6), Fraction(1, 1000), 1, 1000, 10**6]))
    t = from_dict(data)
    m, lp = solved(t)
    assert lp.gap < REL and lp.upper >= rs_ag_algbw(t)
    check_witness(t, "allreduce", m.witness)
    ag = solve(t, collective="allgather")
    assert ag.lower <= bound(t).algbw <= ag.upper and ag.gap < REL


def test_capacities_far_above_the_optimum_are_clamped_for_highs_only(tmp_path):
    # a 1e15 link beside a 1e-3 bottleneck, 1e18 apart: in units of R (near the optimum)
    # it is past the 2**40 clamp; the interval still holds the exact values
    links = [("a", "b", "1e15"), ("b", "c", "0.001"), ("c", "a", "0.001")]
    t = from_dict({"format": "forestcoll-topology/1", "name": "wide",
                   "nodes": [{"id": v} for v in "abc"],
                   "links": [{"src": u, "dst": v, "bandwidth": b, "bidirectional": True}
                             for u, v, b in links]})
    for formulation in ("cuts", "explicit"):
        ag = solve(t, collective="allgather", formulation=formulation)
        assert ag.lower <= bound(t).algbw <= ag.upper and ag.gap < REL
        m, ar = solved(t, "allreduce", formulation)
        assert ar.lower <= Fraction(1, 500) <= ar.upper and ar.gap < REL
        check_witness(t, "allreduce", m.witness)
    solve(t, collective="allreduce", write_lp=str(tmp_path / "w.lp"))
    assert "written as 2^40 R" in (tmp_path / "w.lp").read_text()


# --- adversarial node ids --------------------------------------------------------------------

def relabel(data: dict, names: list[str]) -> dict:
    data = copy.deepcopy(data)
    old = [n["id"] for n in data["nodes"]]
    new = dict(zip(old, names))
    for n in data["nodes"]:
        n["id"] = new[n["id"]]
    for link in data["links"]:
        link["src"], link["dst"] = new[link["src"]], new[link["dst"]]
    return data


RING = {"format": "forestcoll-topology/1", "name": "ring", "nodes": [
    {"id": "p", "kind": "compute"}, {"id": "q", "kind": "compute"},
    {"id": "r", "kind": "compute"}, {"id": "u", "kind": "compute"},
    {"id": "w", "kind": "switch"}],
    "links": [{"src": "p", "dst": "q", "bandwidth": 2, "bidirectional": True},
              {"src": "q", "dst": "r", "bandwidth": 1, "bidirectional": True},
              {"src": "r", "dst": "u", "bandwidth": 3, "bidirectional": True},
              {"src": "u", "dst": "w", "bandwidth": 1, "bidirectional": True},
              {"src": "w", "dst": "p", "bandwidth": 1, "bidirectional": True}]}

HOSTILE = [
    ["a", "a_b", "b_c", "c", "c_d"],                       # joined names used to collide
    ["s", "x", "cap", "1", "t"],                            # names of the model's own parts
    ["node one", "node  one", "ü-ñ/é", "a:b", "x_1"],       # spaces, unicode, - / :
    ["*\\", "\\*", "route_bc_0_1_2", "cut_bc_1", "fsink_bc_0"],   # comment and row syntax
]


@pytest.mark.parametrize("names", HOSTILE, ids=range(len(HOSTILE)))
@pytest.mark.parametrize("formulation", ["cuts", "explicit"])
def test_adversarial_node_ids(names, formulation, tmp_path):
    plain = from_dict(RING)
    hostile = from_dict(relabel(RING, names))
    for problem in ("allreduce", "allgather"):
        a = solve(plain, collective=problem, formulation=formulation)
        lp_path, mps_path = tmp_path / "m.lp", tmp_path / "m.mps"
        b = solve(hostile, collective=problem, formulation=formulation, write_lp=str(lp_path),
                  write_mps=str(mps_path))
        assert b.names == hostile.node_ids
        assert max(a.lower, b.lower) <= min(a.upper, b.upper)
        assert b.algbw == pytest.approx(a.algbw, rel=1e-9)
        assert set(b.x) == set(hostile.compute_nodes)
        # the exports name rows and columns by index, and map every id back in comments
        lp_text = lp_path.read_text()
        for i, v in enumerate(names):
            assert f"{i} {json.dumps(v).replace('*', chr(92) + 'u002a')}" in lp_text
        # ... and other LP tools read them: HiGHS gets the same optimum from both files
        for path in (lp_path, mps_path):
            h = highspy.Highs()
            h.setOptionValue("output_flag", False)
            assert h.readModel(str(path)) == highspy.HighsStatus.kOk
            assert h.run() == highspy.HighsStatus.kOk
            assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
            value = h.getInfo().objective_function_value * float(b.reference)
            assert value == pytest.approx(b.algbw, rel=1e-6)


# --- every solver call is checked -------------------------------------------------------------

@pytest.mark.parametrize("method", ["setOptionValue", "addVars", "changeColsCost", "addRows",
                                    "run"])
def test_every_highs_error_status_is_a_typed_error(catalog, monkeypatch, method):
    original = getattr(highspy.Highs, method)

    def failing(self, *args, **kwargs):
        original(self, *args, **kwargs)
        return highspy.HighsStatus.kError

    monkeypatch.setattr(highspy.Highs, method, failing)
    with pytest.raises(LPSolverError, match=f"{method}.*paper-example"):
        solve(catalog("paper-example"), collective="allreduce")


def test_a_build_warning_is_an_error(catalog, monkeypatch):
    original = highspy.Highs.addRows

    def warning(self, *args, **kwargs):
        original(self, *args, **kwargs)
        return highspy.HighsStatus.kWarning

    monkeypatch.setattr(highspy.Highs, "addRows", warning)
    with pytest.raises(LPSolverError, match="addRows"):
        solve(catalog("paper-example"), collective="allgather")


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), "1", True, -1e-9])
def test_time_limit_is_validated(catalog, bad):
    with pytest.raises(LPError, match="time_limit"):
        solve(catalog("paper-example"), collective="allreduce", time_limit=bad)


def test_errors_are_forestcoll_errors():
    for cls in (LPError, LPSolverError, LPNotOptimalError, LPCertificateError):
        assert issubclass(cls, ForestCollError)
    assert issubclass(LPSolverError, LPError) and issubclass(LPCertificateError, LPError)


def test_round_limit_is_a_typed_error_with_advice(catalog, monkeypatch):
    monkeypatch.setattr(lpmod, "MAX_ROUNDS", 1)
    with pytest.raises(LPNotOptimalError, match="did not converge.*explicit"):
        solve(catalog("dgx-a100:boxes=2"), collective="allreduce")


def test_contradictory_interval_is_refused(catalog, monkeypatch):
    monkeypatch.setattr(lpmod, "certify_upper", lambda m, session: Fraction(0))
    with pytest.raises(LPCertificateError, match="contradiction"):
        solve(catalog("paper-example"), collective="allreduce")


# --- the certificate does not trust HiGHS -----------------------------------------------------

@pytest.mark.parametrize("spec,known", [("paper-example", Fraction(4)),
                                        ("mi250:boxes=2,gpus=8", Fraction(128))])
@pytest.mark.parametrize("noise", [1.01, 0.97])
def test_a_perturbed_solver_answer_widens_the_interval_but_never_breaks_it(
        catalog, monkeypatch, spec, known, noise):
    original = HighsSession.run

    def perturbed(self):
        original(self)
        # a "solver" that overstates or understates every value and every dual
        self.values = self.values * noise
        self.row_duals = self.row_duals * (2 - noise)

    monkeypatch.setattr(HighsSession, "run", perturbed)
    t = catalog(spec)
    m, lp = solved(t)
    assert lp.lower <= known <= lp.upper
    assert lp.lower >= known * Fraction(9, 10)      # still a useful interval
    check_witness(t, "allreduce", m.witness)


@pytest.mark.parametrize("spec,known", [("paper-example", Fraction(4)),
                                        ("dgx-a100:boxes=2", Fraction(520, 3)),
                                        ("mi250:boxes=2,gpus=8", Fraction(128))])
def test_noisy_duals_keep_upper_above_the_optimum(catalog, monkeypatch, spec, known):
    original = HighsSession.run

    def noisy(self):
        original(self)
        # every dual off by ~1e-9, with either sign (zero duals become small nonzero ones)
        self.row_duals = self.row_duals + np.random.default_rng(7).normal(
            0, 1e-9, len(self.row_duals))

    monkeypatch.setattr(HighsSession, "run", noisy)
    lp = solve(catalog(spec), collective="allreduce")
    assert lp.lower <= known <= lp.upper and lp.gap < REL


def test_perturbed_separation_noise_still_gives_exact_lower(catalog, monkeypatch):
    # values off by a few units in the 9th digit, as HiGHS's tolerances allow
    original = HighsSession.run
    state = {"k": 0}

    def noisy(self):
        original(self)
        state["k"] += 1
        wiggle = [1 + 3e-9 * math.sin(i * 1.7 + state["k"]) for i in range(len(self.values))]
        self.values = self.values * wiggle

    monkeypatch.setattr(HighsSession, "run", noisy)
    t = catalog("dgx-a100:boxes=2")
    m, lp = solved(t)
    assert lp.lower <= Fraction(520, 3) <= lp.upper and lp.gap < REL
    check_witness(t, "allreduce", m.witness)


# --- exports ---------------------------------------------------------------------------------

def test_exports_are_written_as_a_set(catalog, tmp_path):
    t = catalog("paper-example")
    good = tmp_path / "m.lp"
    good.write_text("old")
    with pytest.raises(ForestCollError):
        solve(t, collective="allreduce", write_lp=str(good), write_mps=str(tmp_path / "missing" / "m.mps"))
    assert good.read_text() == "old"                       # neither file was written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.lp"]   # no temporary left
    solve(t, collective="allreduce", write_lp=str(good), write_mps=str(tmp_path / "m.mps"))
    assert good.read_text().startswith("\\ forestcoll-opt allreduce LP")


def test_a_model_changed_by_hand_is_solved_but_not_certified(catalog):
    m = build_model(catalog("paper-example"), "allreduce")
    m.add_constraint(m.x["box0/c0"] <= 1, "mine")
    with pytest.raises(LPError, match="changed by hand.*'mine'"):
        solve_model(m)


def test_time_limit_spans_the_rounds(catalog):
    lp = solve(catalog("mi250:boxes=2"), collective="allreduce", time_limit=120)
    assert lp.rounds > 1 and lp.gap < REL


def test_one_file_for_both_exports_is_refused(catalog, tmp_path):
    with pytest.raises(LPError, match="same file"):
        solve(catalog("paper-example"), collective="allreduce", write_lp=str(tmp_path / "m"),
              write_mps=str(tmp_path / "m"))


def test_model_is_available_beside_the_result(catalog):
    m = build_model(catalog("paper-example"), "allreduce")
    result = solve_model(m)
    assert m.lp.numConstraints() == result.constraints
    total = sum(v.varValue for v in m.x.values())
    assert total * float(m.reference) == pytest.approx(result.algbw, rel=1e-9)


@pytest.mark.parametrize("collective", ["allreduce", "allgather", "alltoall"])
def test_solve_returns_one_type_for_every_collective(collective):
    # solve_lp's annotation is true: an LPResult for each collective it takes, with the
    # collective as the enum, algbw exact (HiGHS's float held as a Fraction) and no
    # always-"optimal" status field
    import typing
    from fractions import Fraction

    import forestcoll_opt as fc
    from forestcoll_opt.lp import AlltoallLPResult
    from forestcoll_opt.lp.result import LPResult as Base
    from forestcoll_opt.lp.solver import AllreduceLPResult, solve
    from forestcoll_opt.model.collective import Collective

    assert LPResult is Base and typing.get_type_hints(solve)["return"] is Base
    r = fc.solve_lp(fc.resolve("paper-example"), collective=collective)
    assert isinstance(r, Base)
    assert type(r) is (AlltoallLPResult if collective == "alltoall" else AllreduceLPResult)
    assert r.collective is Collective(collective) and type(r.algbw) is Fraction
    assert float(r.algbw) == r.to_dict()["algbw"] and r.to_dict()["problem"] == collective
    assert r.to_dict()["status"] == "optimal" and not hasattr(r, "status")
    assert not hasattr(r, "problem")
    assert r.lower == r.upper == {"allreduce": 4, "allgather": 8, "alltoall": 2}[collective]
    assert r.tolerance < 1e-9
    tree = Fraction(4)
    assert r.share(tree) == (tree / r.upper, tree / r.lower)
