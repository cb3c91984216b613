"""The public API's one convention: what a function works on is positional, every option a
keyword; one collective table, one request check, one α rule, one fraction text; every
error class exported; nothing released yet, so no other call form is accepted."""

from __future__ import annotations

import inspect
from pathlib import Path
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt import errors
from forestcoll_opt.model.collective import CUT_BOUNDED, Collective, check_request
from forestcoll_opt.model.schedule import Stats
from forestcoll_opt.model.numbers import fraction_display, fraction_text
from forestcoll_opt.model.topology import alpha_problem


@pytest.fixture(scope="module")
def topo():
    return fc.resolve("paper-example")


def test_every_error_class_is_in_errors_and_exported():
    classes = {name for name, obj in vars(errors).items()
               if inspect.isclass(obj) and issubclass(obj, Exception)
               and obj.__module__ == errors.__name__}
    assert set(errors.__all__) == classes
    for name in classes:
        assert getattr(fc, name) is getattr(errors, name)
        assert name in fc.__all__
        assert issubclass(getattr(errors, name), fc.ForestCollError)


@pytest.mark.parametrize("call", [
    lambda t, c: fc.bound(t, collective=c),
    lambda t, c: fc.generate(t, collective=c),
    lambda t, c: fc.baseline(t, "ring", collective=c),
    lambda t, c: fc.tradeoff(t, collective=c, sizes=[1024]),
    lambda t, c: fc.sweep(t, [1], collective=c),
    lambda t, c: fc.solve_lp(t, collective=c),
])
def test_one_error_for_an_unknown_collective(topo, call):
    with pytest.raises(errors.CollectiveError, match=r"unknown collective 'allgaher'; use one of"):
        call(topo, "allgaher")


@pytest.mark.parametrize("kwargs, words", [
    ({"collective": "broadcast"}, "broadcast needs a root: pass one of the compute nodes"),
    ({"collective": "reduce", "root": "nowhere"}, "root 'nowhere' is not a compute node"),
    ({"collective": "allgather", "root": "box0/gpu0"}, "allgather has a root at every compute"),
])
@pytest.mark.parametrize("entry", ["bound", "generate", "baseline", "tradeoff"])
def test_one_root_check(topo, kwargs, words, entry):
    call = {"bound": lambda **kw: fc.bound(topo, **kw),
            "generate": lambda **kw: fc.generate(topo, **kw),
            "baseline": lambda **kw: fc.baseline(topo, "ring", **kw),
            "tradeoff": lambda **kw: fc.tradeoff(topo, sizes=[1024], **kw)}[entry]
    with pytest.raises(errors.CollectiveError) as info:
        call(**kwargs)
    assert words in str(info.value)
    # the old except clauses keep catching it
    assert isinstance(info.value, (errors.BoundError, errors.ScheduleError, errors.UsageError))


def test_check_request_returns_the_member(topo):
    assert check_request(topo, "reduce-scatter") is Collective.REDUCE_SCATTER
    root = topo.compute_nodes[0]
    assert check_request(topo, Collective.REDUCE, root=root).inward
    with pytest.raises(errors.CollectiveError, match="single root and no shards"):
        check_request(topo, "broadcast", root=root, weights={root: 1})


def test_bound_of_allreduce_points_to_the_lp(topo):
    with pytest.raises(errors.CollectiveError, match="allreduce is not accepted here.*solve_lp"):
        fc.bound(topo, collective="allreduce")
    assert set(CUT_BOUNDED) == set(Collective) - {Collective.ALLREDUCE, Collective.ALLTOALL}


@pytest.mark.parametrize("call", ["bound", "generate", "sweep"])
def test_tree_entry_points_point_alltoall_to_its_lp(topo, call):
    # one line naming the all-to-all functions, from every tree entry point (tradeoff
    # compares the all-to-all's own candidates: tests/timing/test_tradeoffs.py)
    args = {"bound": (), "generate": (), "sweep": ([1],)}[call]
    with pytest.raises(errors.CollectiveError, match=r"^alltoall is made of routes.*lp_alltoall"):
        getattr(fc, call)(topo, *args, collective="alltoall")


def test_collective_is_the_enum_in_results(topo):
    s = fc.generate(topo, collective="reduce-scatter")
    assert s.collective is Collective.REDUCE_SCATTER and s.collective.inward
    assert s.to_dict()["collective"] == "reduce-scatter"
    assert type(s.to_dict()["collective"]) is str
    ar = fc.generate(topo, collective=Collective.ALLREDUCE)
    assert [p.collective for p in ar.phases] == [Collective.REDUCE_SCATTER, Collective.ALLGATHER]
    with pytest.raises(errors.ScheduleError, match="unknown collective"):
        fc.Schedule(collective="gather", topology="t", units="GB/s", compute_nodes=("a",),
                    k=1, tree_bandwidth=None, algbw=Fraction(1))


@pytest.mark.parametrize("call, message", [
    (lambda t: fc.generate(t, "broadcast", root=t.compute_nodes[0]),
     r"^generate\(\) takes 1 positional argument but 2 positional arguments \(and 1 "
     r"keyword-only argument\) were given$"),
    (lambda t: fc.generate(t, "allgather", "extra"),
     r"^generate\(\) takes 1 positional argument but 3 were given$"),
    (lambda t: fc.baseline(t, "ring", "reduce-scatter"),
     r"^baseline\(\) takes 2 positional arguments but 3 were given$"),
    (lambda t: fc.tradeoff(t, "allgather", [2**20], ks=[1], baselines=[]),
     r"^tradeoff\(\) takes 1 positional argument but 3 positional arguments \(and 2 "
     r"keyword-only arguments\) were given$"),
    (lambda t: fc.solve_lp(t, "allgather"),
     r"^solve\(\) takes 1 positional argument but 2 were given$"),
    (lambda t: fc.solve_lp(t, problem="allgather"),
     r"^solve\(\) got an unexpected keyword argument 'problem'$"),
])
def test_options_are_keywords_only_and_the_lp_takes_collective(topo, call, message):
    # nothing released yet, so no alias of an earlier form: an option passed positionally,
    # or solve_lp's problem= (now collective=), is Python's own TypeError
    with pytest.raises(TypeError, match=message):
        call(topo)
    assert fc.solve_lp(topo, collective=Collective.ALLGATHER).collective is Collective.ALLGATHER


def test_signatures_show_the_convention():
    for func in (fc.generate, fc.bound, fc.tradeoff, fc.sweep, fc.solve_lp):
        params = inspect.signature(func).parameters
        assert params["collective"].kind is inspect.Parameter.KEYWORD_ONLY, func
    assert list(inspect.signature(fc.baseline).parameters)[:2] == ["topology", "kind"]


def test_stats_are_typed_and_read_as_a_mapping(topo):
    s = fc.generate(topo, collective="allgather", symmetry=False)
    assert isinstance(s.stats, Stats)
    assert s.stats.packing_seconds >= 0 and s.stats["packing_seconds"] == s.stats.packing_seconds
    assert s.stats.symmetry_seconds is None and "symmetry_seconds" not in s.stats
    assert dict(s.stats)["packing_max_flows"] == s.stats.packing_max_flows > 0
    ar = fc.generate(topo, collective="allreduce", symmetry=False)
    rs, ag = ar.phases
    assert ar.stats.packing_max_flows == rs.stats.packing_max_flows + ag.stats.packing_max_flows
    with pytest.raises(TypeError, match="unknown schedule statistic 'typo'"):
        Stats.of({"typo": 1})
    with pytest.raises(KeyError):
        s.stats["plus"]


@pytest.mark.parametrize("value, words", [
    (True, "must be a number of seconds"), ("2e-6", "must be a number of seconds"),
    (float("nan"), "finite number of seconds >= 0"), (-1e-9, "finite number of seconds >= 0"),
    (1.5, "is in seconds per hop, so over 1 s"), (2, "is in seconds per hop"),
])
def test_one_alpha_rule(topo, value, words):
    assert words in alpha_problem(value)
    schedule = fc.generate(topo, collective="allgather")
    with pytest.raises(errors.UsageError) as info:
        fc.simulate(topo, schedule, [1024], alpha=value, model="ideal")
    assert words in str(info.value)
    with pytest.raises(errors.TopologyError) as info:
        data = topo.to_dict()
        data["links"][0]["alpha"] = value
        fc.from_dict(data)
    assert words in str(info.value)


def test_alpha_rule_accepts_the_range():
    for ok in (0, 0.0, 2e-6, 1, 1.0):
        assert alpha_problem(ok) is None


def test_one_fraction_text():
    assert fraction_text(Fraction(1040, 3)) == "1040/3" and fraction_text(Fraction(8)) == "8"
    assert fraction_text(None) is None
    assert fraction_display(Fraction(1040, 3)) == "1040/3 (346.667)"
    assert fraction_display(Fraction(5)) == "5"
    assert fraction_display(Fraction(1, 3), ".6g", approx=True) == "1/3 (~0.333333)"


def test_resolve_depends_on_the_argument_not_on_the_folder(tmp_path, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    fc.resolve("dgx-a100:boxes=2").to_json()
    Path("paper-example").write_text(fc.resolve("dgx-a100:boxes=2").to_json())
    assert fc.resolve("paper-example").name == fc.resolve("paper-example:boxes=2").name
    assert fc.resolve(Path("paper-example")).name == "dgx-a100-2"      # a path is a file
    assert fc.resolve("./paper-example").name == "dgx-a100-2"
    with pytest.raises(errors.CatalogError, match="unknown model 'paper-exampel'"):
        fc.resolve("paper-exampel")


def test_tree_walks():
    from forestcoll_opt.model.schedule import Tree, TreeEdge

    def edge(a, b):
        return TreeEdge(a, b, (a, "sw", b))

    out = Tree("r", 1, (edge("r", "a"), edge("a", "b"), edge("r", "c"), edge("b", "d")))
    assert out.children() == {"r": ["a", "c"], "a": ["b"], "b": ["d"]}
    assert out.preorder() == ["r", "a", "b", "d", "c"] and out.height == 3
    inward = Tree("r", 1, tuple(edge(e.dst, e.src) for e in out.edges))
    assert inward.children() == out.children() and inward.height == 3
    assert Tree("r", 1, ()).preorder() == ["r"] and Tree("r", 1, ()).height == 0


def test_tabular_results_give_dataframes(topo):
    s = fc.generate(topo, collective="allgather")
    sim = fc.simulate(topo, s, [2**20, 2**30])
    (small, big) = sim
    frame = sim.to_pandas()
    assert list(frame.columns) == ["size_bytes", "chunks", "protocol", "seconds", "algbw"]
    assert frame["algbw"].tolist() == [small.algbw, big.algbw] and big.algbw > small.algbw
    t = fc.tradeoff(topo, collective="allgather", sizes=[2**20], ks=[1], baselines=[])
    assert t.to_pandas().equals(t.frame())
    sweep = fc.sweep(topo, [1, 2])
    exact = [fc.generate(topo, collective="allgather", k=k).algbw for k in (1, 2)]
    assert sweep["algbw_exact"].tolist() == exact
    assert sweep["algbw"].tolist() == [float(a) for a in exact]
    assert sweep["algbw"].dtype == "float64"


SPEC = "paper-example"


def _takes_topology(name):
    obj = getattr(fc, name)
    if inspect.isclass(obj) or not callable(obj):
        return False
    first = next(iter(inspect.signature(obj).parameters), "")
    return first in ("topology", "topologies")


def _spec_calls(topo, tmp_path):
    """Every public function that takes a topology first: (call with the spec or a path in
    its place, what to compare of the result). Each result is compared with the same call
    on the Topology itself."""
    s = fc.generate(topo, collective="allgather")
    xml = fc.export_msccl(topo, s).xml
    path = tmp_path / "t.json"
    path.write_text(topo.to_json())

    def png(fig):
        import io
        import matplotlib.pyplot as plt
        out = io.BytesIO()
        fig.savefig(out, format="png")
        plt.close(fig)
        return out.getvalue()

    log = Path(__file__).parent / "data" / "nccl-tests" / "a100-1x8-all_gather-old-header.log"

    def refusal(call):
        try:
            call()
        except fc.CalibrationError as exc:
            return str(exc)
        raise AssertionError("the example network's links have no type to calibrate")

    return {
        "assert_optimal": (lambda t: fc.assert_optimal(t, s),
                           lambda v: (v.status, v.algbw)),
        "baseline": (lambda t: fc.baseline(t, "ring"), lambda r: r.algbw),
        "bound": (lambda t: fc.bound(t), lambda b: (b.algbw, b.cut)),
        # the example's links are untyped: the refusal names the network, read the same way
        "calibrate": (lambda t: refusal(lambda: fc.calibrate(t, [log])), lambda m: m),
        "check_xml": (lambda t: fc.check_xml(t, xml), lambda v: (v.ok, v.algbw)),
        "check_mscclpp": (lambda t: fc.check_mscclpp(t, {"name": "p", "gpus": []}),
                          lambda v: v.reasons),
        "pareto": (lambda t: fc.pareto(t, max_depth=2),
                   lambda f: [(p.lower, p.upper) for p in f.points]),
        "concurrent": (lambda t: fc.concurrent(t, groups=[list(fc.resolve(SPEC).compute_nodes)]),
                       lambda r: r.interval),
        "generate_concurrent": (
            lambda t: fc.generate_concurrent(t, groups=[["box0/c0", "box1/c0"],
                                                        ["box0/c1", "box1/c1"]]),
            lambda r: r.to_json()),
        "verify_concurrent": (
            lambda t: fc.verify_concurrent(t, fc.generate_concurrent(
                fc.resolve(SPEC), groups=[["box0/c0", "box1/c0"], ["box0/c1", "box1/c1"]])),
            lambda v: v.to_dict()),
        "compare": (lambda t: fc.compare(t if isinstance(t, fc.Topology) else [t]),
                    lambda df: df["allgather_bound_exact"].tolist()),
        "degrade": (lambda t: fc.degrade(t, "box:0"), lambda d: d.to_json()),
        "draw": (lambda t: fc.draw(t, s, view="loads"), png),
        "export_msccl": (lambda t: fc.export_msccl(t, s), lambda x: x.xml),
        "failure_impact": (lambda t: fc.failure_impact(t), lambda r: r),
        "generate": (lambda t: fc.generate(t), lambda g: (g.algbw, g.to_json())),
        "group_bound": (lambda t: fc.group_bound(t, "box*/c0,box*/c2"),
                        lambda g: (g.relayed.algbw, g.switched_off.algbw, g.gain)),
        "iter_sweep": (lambda t: list(fc.iter_sweep(t, [1, 2])),
                       lambda rows: [r["algbw_exact"] for r in rows]),
        "lp_allreduce": (lambda t: fc.lp_allreduce(t), lambda g: g.algbw),
        "lp_alltoall": (lambda t: fc.lp_alltoall(t), lambda g: g.algbw),
        "scenario_impact": (lambda t: fc.scenario_impact(t, sample=3, failures=2, seed=1),
                            lambda r: r),
        "replan": (lambda t: fc.replan(t, s, failures="nic:box0/c0"),
                   lambda r: (r.algbw, r.lost, r.schedule.to_json())),
        "report": (lambda t: fc.report(t, lp=False, sizes=[2**20]),
                   lambda html: html),
        "simulate": (lambda t: fc.simulate(t, s, [2**20]), lambda r: r.to_pandas().fillna(-1).to_dict()),
        "simulate_groups": (lambda t: fc.simulate_groups(t, [s], [2**20]),
                            lambda r: r.to_pandas().to_dict()),
        "contention": (lambda t: fc.contention(t, groups=[list(fc.resolve(SPEC).compute_nodes)]),
                       lambda c: c.to_pandas().to_dict()),
        "solve_lp": (lambda t: fc.solve_lp(t), lambda r: r.interval),
        "sweep": (lambda t: fc.sweep(t, [1, 2]), lambda df: df["algbw_exact"].tolist()),
        "tradeoff": (lambda t: fc.tradeoff(t, sizes=[2**20]), lambda r: r.to_pandas().drop(
            columns=[c for c in r.to_pandas() if "second" in c]).fillna(-1).to_dict()),
        "upgrade_impact": (lambda t: fc.upgrade_impact(t), lambda r: r),
        "verify": (lambda t: fc.verify(t, s), lambda v: (v.status, v.algbw)),
    }, path


def test_every_function_taking_a_topology_takes_a_spec_or_a_path(topo, tmp_path):
    calls, path = _spec_calls(topo, tmp_path)
    # every public function whose first parameter is a topology is in the table
    assert {n for n in fc.__all__ if _takes_topology(n)} == set(calls)
    try:
        import matplotlib  # noqa: F401
    except ImportError:      # the bare install (no draw extra): pictures cannot be drawn
        calls = {n: c for n, c in calls.items() if n not in ("draw", "report")}
    for name, (call, key) in calls.items():
        want = key(call(topo))
        assert key(call(SPEC)) == want, name
        assert key(call(path)) == want, name
        assert key(call(str(path))) == want, name
    assert fc.bound(topology=SPEC).algbw == 8 == fc.compare(SPEC)["allgather_bound"][0]
    assert fc.compare([SPEC, topo])["allgather_bound_exact"].tolist() == [8, 8]


@pytest.mark.parametrize("value, hint", [({"nodes": []}, "fc.from_dict(data)"),
                                         (42, "fc.resolve(spec_or_path)")])
def test_anything_else_is_refused_naming_resolve(value, hint):
    with pytest.raises(errors.TopologyError) as info:
        fc.bound(value)
    assert str(info.value) == (
        f"topology= must be a Topology, a catalog spec such as 'dgx-a100:boxes=2' or a "
        f"forestcoll-topology/1 file path (read by fc.resolve), got "
        f"{type(value).__name__}; build one with {hint}")
    with pytest.raises(errors.CatalogError, match="unknown model 'dgx-a1000'"):
        fc.generate("dgx-a1000:boxes=2")


def test_the_schedule_first_is_no_topology(topo):
    # export_msccl(schedule, topology), the order of an early version, is refused as any
    # other value that is not a topology
    s = fc.generate(topo)
    with pytest.raises(errors.TopologyError, match=r"^topology= must be a Topology, .* got "
                                                   r"Schedule; build one with fc\.resolve"):
        fc.export_msccl(s, topo)


@pytest.mark.parametrize("form", ["str", "path", "dict"])
def test_simulate_takes_a_schedule_as_verify_does(tmp_path, form):
    """fc.simulate(topology, "s.json" or a dict, sizes) raised AttributeError ('str' object
    has no attribute 'phases'); it reads them with fc.load_schedule, as fc.verify reads
    them (review of issue 32, finding 6)."""
    import json

    s = fc.generate("dgx-a100:boxes=2")
    path = tmp_path / "s.json"
    s.save(path)
    given = {"str": str(path), "path": path, "dict": json.loads(path.read_text())}[form]
    want = fc.simulate("dgx-a100:boxes=2", s, [2**20, 2**30])
    assert fc.simulate("dgx-a100:boxes=2", given, [2**20, 2**30]) == want
    assert fc.simulate(topology="dgx-a100:boxes=2", schedule=given, sizes=[2**20]) == want[:1]
    with pytest.raises(fc.ScheduleError, match="cannot read schedule file"):
        fc.simulate("dgx-a100:boxes=2", str(tmp_path / "none.json"), [2**20])
