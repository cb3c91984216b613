"""How results show themselves, as a pandas or networkx user expects in Jupyter: a short
one-line repr, a compact HTML summary (with a small drawing where it helps), DataFrames
whose numeric columns plot, progress bars, and schedule files saved and read back."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import forestcoll_opt as fc
from forestcoll_opt import display
from tests.runtimes.test_mscclpp_check_plans import direct_alltoall

NCCL_DUMP = Path(__file__).resolve().parent / "data" / "nccl" / "dgx-h100.xml"
MSCCLPP_PLAN = direct_alltoall(fc.resolve("dgx-h100:boxes=1"))

try:
    import matplotlib  # noqa: F401
    DRAWS = True
except ImportError:          # the bare install: summaries without pictures
    DRAWS = False


@pytest.fixture(scope="module")
def dgx():
    t = fc.resolve("dgx-a100:boxes=2")
    return t, fc.generate(t, collective="allgather")


@pytest.fixture(scope="module")
def paper():
    t = fc.resolve("paper-example")
    return t, fc.generate(t, collective="allgather")


def test_schedule_repr_is_one_short_line(dgx):
    topo, s = dgx
    assert repr(s) == ("Schedule(allgather on dgx-a100-2, 16 compute nodes, k=13, 208 trees "
                       "(33 distinct), algbw=1040/3 GB/s)")
    text = str(s)
    assert text != repr(s) and text.startswith(repr(s) + "\n")
    assert "tree bandwidth  5/3 (1.667) GB/s" in text and len(text.splitlines()) < 12
    ar = fc.generate(topo, collective="allreduce")
    assert repr(ar).startswith("Schedule(allreduce on dgx-a100-2, 16 compute nodes, k=13+13, ")
    b = fc.generate(fc.resolve("paper-example"), collective="broadcast", root="box0/c0")
    assert repr(b) == ("Schedule(broadcast on paper-example, 8 compute nodes, root=box0/c0, "
                       "k=4, 4 trees, algbw=4 b)")


def test_equality_and_files_unchanged(dgx, tmp_path):
    _, s = dgx
    path = tmp_path / "s.json"
    s.save(path)
    back = fc.load_schedule(path)
    assert back == s and back is not s and repr(back) == repr(s)
    assert path.read_text() == s.to_json()


def test_result_reprs(paper):
    topo, s = paper
    assert repr(fc.bound(topo)) == ("Bound(allgather on paper-example, 8 compute nodes, "
                                    "algbw=8 b, cut: 4 compute + 1 switch nodes, B(S*)=4, k=1)")
    assert repr(fc.verify(topo, s)) == "Verdict(optimal: allgather algbw=8 = 1 × the cut " \
                                       "reference 8)"
    lp = fc.solve_lp(topo, collective="allreduce")
    assert repr(lp).startswith("AllreduceLPResult(allreduce LP on paper-example: algbw≈4 b, "
                               "certified [4, 4], ")
    sim = fc.simulate(topo, s, [1024, 2**20])
    assert repr(sim).startswith("Simulation(calibrated model, 2 size(s) from 1024 to 1048576 "
                                "bytes, best algbw ")
    tr = fc.tradeoff(topo, collective="allgather", sizes=[2**10, 2**20])
    assert repr(tr) == ("Tradeoff(allgather on paper-example, calibrated model: optimum 8 b at "
                        "k*=1, 3 candidates, 2 sizes)")
    for result in (fc.bound(topo), fc.verify(topo, s), lp, sim, tr, s, topo):
        assert "\n" not in repr(result) and len(repr(result)) < 200


def test_invalid_verdict_repr_names_the_first_reason(paper):
    from dataclasses import replace

    topo, s = paper
    v = fc.verify(topo, replace(s, trees=s.trees[1:]))
    assert repr(v).startswith("Verdict(invalid, 1 reason(s): trees rooted at box0/c0 weigh 0")
    assert "trees rooted at box0/c0" in v._repr_html_()


def test_html_summaries(paper, dgx):
    topo, s = paper
    html = topo._repr_html_()
    assert "<b>Topology paper-example</b>" in html and ("<svg" in html) == DRAWS
    assert "10 b ×16, 1 b ×16" in html
    assert "1040/3 (346.667) GB/s" in dgx[1]._repr_html_()
    bound_html = fc.bound(dgx[0])._repr_html_()
    assert "15/325 = 3/65" in bound_html and "1040/3 (346.667) GB/s" in bound_html
    assert "optimal" in fc.verify(topo, s)._repr_html_()
    lp_html = fc.solve_lp(topo, collective="allreduce")._repr_html_()
    assert "certified interval" in lp_html
    sim_html = fc.simulate(topo, s, [1024, 2**20])._repr_html_()
    assert "<table" in sim_html and "1048576" in sim_html and ("<svg" in sim_html) == DRAWS
    tr_html = fc.tradeoff(topo, collective="allgather", sizes=[2**10, 2**20])._repr_html_()
    assert "fastest" in tr_html and ("<svg" in tr_html) == DRAWS


def test_html_escapes_names():
    import networkx as nx

    g = nx.DiGraph()
    for v in ("<a>", "b&c"):
        g.add_node(v, kind="compute")
    g.add_edge("<a>", "b&c", bandwidth=1)
    g.add_edge("b&c", "<a>", bandwidth=1)
    html = fc.from_networkx(g, name="<script>")._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;a&gt;" in html


def test_summary_without_a_drawer(paper, monkeypatch):
    """Without matplotlib (the drawer raises ImportError) the summary stands alone."""
    def missing(obj):
        raise ImportError("no matplotlib")

    monkeypatch.setattr(display, "_drawer", missing)
    html = paper[0]._repr_html_()
    assert "<b>Topology paper-example</b>" in html and "<svg" not in html


def test_sweep_progress(paper, capsys):
    topo, _ = paper
    table = fc.sweep(topo, [1, 2], progress=True)
    assert list(table["k"]) == [1, 2]
    assert "2/2" in capsys.readouterr().err           # tqdm's bar, on stderr
    seen = []
    fc.sweep(topo, [1], progress=seen.append)
    assert [row["k"] for row in seen] == [1]
    with pytest.raises(fc.UsageError, match="progress must be True, False, None or a callable"):
        fc.sweep(topo, [1], progress="yes")


def _frames(topo):
    """(name, frame, {column: the exact values the result object holds, row by row}) for
    every DataFrame the Python API gives, built on ``topo``."""
    s = fc.generate(topo, collective="allgather")
    ks = (1, 2)
    yield "sweep", fc.sweep(topo, ks), {
        "algbw": [fc.generate(topo, collective="allgather", k=k).algbw for k in ks]}
    yield "empty sweep", fc.sweep(topo, []), {"algbw": []}
    lp = fc.solve_lp(topo, collective="allreduce")
    yield "compare", fc.compare([topo]), {
        "allgather_bound": [fc.bound(topo).algbw],
        "allreduce_lp_lower": [lp.lower], "allreduce_lp_upper": [lp.upper],
        "tree_allreduce": [fc.generate(topo, collective="allreduce").algbw],
        "lp_schedule": [fc.lp_allreduce(topo).algbw]}
    failures = fc.failure_impact(topo, kinds=["link", "nic", "switch", "box"])
    yield "failure_impact", failures.to_pandas(), {
        "algbw": [c.algbw for c in failures.classes], "lost": [c.lost for c in failures.classes]}
    upgrades = fc.upgrade_impact(topo, factor=2, by="type")
    yield "upgrade_impact", upgrades.to_pandas(), {
        "algbw": [u.algbw for u in upgrades.upgrades], "gain": [u.gain for u in upgrades.upgrades]}
    for model in ("ideal", "calibrated"):
        yield f"simulate {model}", fc.simulate(topo, s, [2**10, 2**20], model=model).to_pandas(), {}
        result = fc.tradeoff(topo, collective="allgather", sizes=[2**10, 2**20], ks=[1, 2],
                             model=model)
        by_name = {c.name: c.algbw for c in result.candidates}
        frame = result.to_pandas()
        yield f"tradeoff {model}", frame, {
            "schedule_algbw": [by_name[name] for name in frame["candidate"]]}


def test_every_frame_plots_and_keeps_the_exact_value_beside_it(paper):
    """The one convention of every DataFrame (docs/api.md, "Conventions"): a number column
    has a numeric dtype and plots; where the value is exact, ``<name>`` is its float and
    ``<name>_exact`` the Fraction itself; the rest are text or yes/no flags."""
    topo, _ = paper
    plt = None
    if DRAWS:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    seen = set()
    for name, frame, exact in _frames(topo):
        seen.add(name)
        numeric = []
        for column in frame.columns:
            values = frame[column]
            if column.endswith("_exact"):
                plain = column[:-len("_exact")]
                assert values.dtype == object and plain in frame.columns, (name, column)
                assert frame[plain].dtype == "float64", (name, column)
                for value, number in zip(values, frame[plain]):
                    if value is None:          # no exact value (the library's own model)
                        assert number != number, (name, column)
                    else:
                        assert type(value) is Fraction and float(value) == number, (name, column)
            elif values.dtype == bool:         # a yes/no flag: filter with it
                pass
            elif values.dtype.kind in "if":
                assert values.dtype in ("int64", "float64"), (name, column, values.dtype)
                numeric.append(column)
            else:
                assert all(v is None or type(v) is str for v in values), (name, column)
        assert {c[:-len("_exact")] for c in frame.columns if c.endswith("_exact")} == set(exact)
        for column, values in exact.items():
            assert list(frame[f"{column}_exact"]) == values, (name, column)
        if plt is not None and len(frame):
            for column in numeric:
                ax = frame.plot(y=column)
                assert len(ax.lines) == 1, (name, column)
                plt.close("all")
    assert len(seen) == 9
    sweep = fc.sweep(topo, [1, 2])
    assert sweep["algbw"].tolist() == [8.0, 8.0] and list(sweep["k"]) == [1, 2]
    assert sweep["k"].dtype == "int64" and sweep["distinct_trees"].dtype == "int64"


def _public_result_types() -> set[type]:
    """Every result type of the public face, found rather than listed: the package's classes
    in ``fc.__all__`` (errors and enums aside) and every package class a function of
    ``fc.__all__`` is annotated to return."""
    import enum
    import inspect
    import typing

    found: set[type] = set()

    def add(annotation) -> None:
        for t in (annotation, *typing.get_args(annotation)):
            if inspect.isclass(t) and t.__module__.startswith("forestcoll_opt.") and \
                    not issubclass(t, (BaseException, enum.Enum)):
                found.add(t)

    for name in fc.__all__:
        obj = getattr(fc, name)
        if inspect.isclass(obj):
            add(obj)
        elif callable(obj):
            func = inspect.unwrap(obj)
            annotation = inspect.signature(func).return_annotation
            namespace = {**vars(fc), **func.__globals__}
            while isinstance(annotation, str):      # postponed (or quoted): read it where
                annotation = eval(annotation, namespace)  # it was written  # noqa: S307
            add(annotation)
    return found


NCCL_TESTS_LOG = Path(__file__).parent / "data" / "nccl-tests" / "h100-2x8-all_reduce.log"


def _results(dgx, tmp_path):
    """One or more of every result, on the 16-GPU DGX A100, by what each is."""
    from dataclasses import replace

    from forestcoll_opt.analysis.export_plan import export_tradeoff

    topo, s = dgx
    x = fc.export_msccl(topo, s)
    broken = x.xml.replace(' hasdep="1"', ' hasdep="0"', 1)
    tr = fc.tradeoff(topo, collective="allgather", sizes=[2**20, 2**30])
    results = {
        "topology": topo, "bound": fc.bound(topo), "schedule": s, "stats": s.stats,
        "verdict": fc.verify(topo, s),
        "invalid verdict": fc.verify(topo, replace(s, trees=s.trees[1:])),
        "allreduce LP": fc.solve_lp(topo, collective="allreduce"),
        "alltoall LP": fc.solve_lp(topo, collective="alltoall"),
        "groups at once": fc.concurrent(topo, mesh="dp=2,tp=8", along="dp"),
        "group schedules": fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp"),
        "simulation": fc.simulate(topo, s, [2**20, 2**30]), "tradeoff": tr,
        "msccl export": x, "xml verdict": fc.check_xml(topo, x.xml),
        "invalid xml verdict": fc.check_xml(topo, broken),
        "mscclpp verdict": fc.check_mscclpp(fc.resolve("dgx-h100:boxes=1"), MSCCLPP_PLAN),
        "invalid mscclpp verdict": fc.check_mscclpp(topo, MSCCLPP_PLAN),
        "nccl import": fc.import_nccl(str(NCCL_DUMP), boxes=2, fabric="rail"),
        "failure impact": fc.failure_impact(topo, kinds=["nic", "link"]),
        "upgrade impact": fc.upgrade_impact(topo, factor="2x", by="link"),
        "group bound": fc.group_bound(topo, "box*/gpu0"),
        "groups timed together": fc.simulate_groups(
            topo, [fc.generate(topo, group=f"box*/gpu{i}") for i in (0, 1)], [2**20]),
        "contention": fc.contention(topo, mesh="dp=2,tp=8", along="tp"),
        "replan": fc.replan(topo, s, failures="nic:box0/gpu3"),
        "scenario impact": fc.scenario_impact(topo, sample=5, failures=2, seed=3),
        "export plan": export_tradeoff(topo, tr, tmp_path / "plan"),
        "calibration fit": fc.calibrate(topo, [NCCL_TESTS_LOG]),
        "depth front": fc.pareto(topo, max_depth=2),
    }
    results["depth point"] = results["depth front"].points[-1]
    results["groups verdict"] = fc.verify_concurrent(topo, results["group schedules"])
    assert not results["invalid xml verdict"].ok
    return results


def _own(method) -> bool:
    """Whether ``method`` was written in the package (not object's, not the one
    ``@dataclass`` generates, which prints every field)."""
    import inspect

    code = getattr(inspect.unwrap(method), "__code__", None)
    return code is not None and "forestcoll_opt" in code.co_filename


def test_every_result_displays_itself_on_16_gpus(dgx, tmp_path):
    """Every result of the public API, found by :func:`_public_result_types` (a new one
    fails here until ``_results`` builds it), has its own one-line repr of fewer than 300
    characters on the 16-GPU DGX A100, like Schedule's (no result prints thousands of
    characters in a notebook or a log), and its own ``_repr_html_`` summary titled with
    its type (docs/develop.md, "Display")."""
    results = _results(dgx, tmp_path)
    built = {type(r) for r in results.values()}
    # a type annotated as returned is built when an instance of it (or of a subclass: solve_lp
    # returns an LPResult, the allreduce or the all-to-all one) is
    missing = sorted(t.__qualname__ for t in _public_result_types()
                     if not any(issubclass(b, t) for b in built))
    assert not missing, f"no instance of {missing} in _results: build one"
    for what, result in results.items():
        cls = type(result)
        text = repr(result)
        assert _own(cls.__repr__), f"{what}: {cls.__name__} has no repr of its own"
        assert "\n" not in text and len(text) < 300, f"{what}: {len(text)} characters: {text}"
        assert text.startswith(cls.__name__ + "("), text
        assert _own(getattr(cls, "_repr_html_", None)), \
            f"{what}: {cls.__name__} has no _repr_html_"
        page = result._repr_html_()
        assert page.startswith("<div") and f"<b>{cls.__name__} " in page, (what, page[:200])


def test_public_result_types_are_found():
    """The enumeration itself: it finds the results that functions return (not only the
    classes exported by name), and nothing that is not one."""
    from forestcoll_opt.analysis.whatif import FailureImpact, UpgradeImpact
    from forestcoll_opt.runtimes.msccl_check.verdict import XmlVerdict
    from forestcoll_opt.runtimes.msccl_export import MscclExport

    found = _public_result_types()
    from forestcoll_opt.timing.simulation import Simulation

    assert {MscclExport, XmlVerdict, FailureImpact, UpgradeImpact, Simulation, fc.Stats,
            fc.Schedule, fc.Topology} <= found
    assert fc.Collective not in found and fc.ForestCollError not in found


def test_every_result_names_its_collective_by_the_enum_and_its_algbw_exactly(dgx, tmp_path):
    """One type per idea (docs/develop.md): every result of the public API (found as
    :func:`_public_result_types` finds them) that names a collective holds a
    :class:`~forestcoll_opt.model.collective.Collective`, never its string, and so do the
    bounds and phases a verdict carries; every ``algbw`` on them is a Fraction (the LP's
    is HiGHS's float held exactly), and no result keeps an always-"optimal" ``status``."""
    from fractions import Fraction

    results = _results(dgx, tmp_path)
    named = []
    for what, result in results.items():
        parts = [result, *getattr(result, "bounds", ()), *getattr(result, "phases", ())]
        for part in parts:
            if getattr(part, "collective", None) is not None:
                assert type(part.collective) is fc.Collective, (what, part)
                named.append(type(part).__name__)
            if getattr(part, "algbw", None) is not None:
                assert type(part.algbw) is Fraction, (what, type(part).__name__, part.algbw)
    assert {"Bound", "Schedule", "Verdict", "CutBound", "PhaseLoad", "AllreduceLPResult",
            "AlltoallLPResult", "Tradeoff", "MscclExport", "XmlVerdict", "FailureImpact",
            "UpgradeImpact"} <= set(named)
    from forestcoll_opt.lp.result import LPResult

    for lp in (results["allreduce LP"], results["alltoall LP"]):
        assert isinstance(lp, LPResult) and not hasattr(lp, "status")
        assert not hasattr(lp, "problem") and lp.to_dict()["problem"] == lp.collective.value
        assert lp.to_dict()["status"] == "optimal"
        assert lp.to_dict()["algbw"] == float(lp.algbw) and lp.lower <= lp.upper
    # the verdict's JSON keeps the collective's string value
    assert results["verdict"].to_dict()["collective"] == "allgather"


def test_new_summaries(dgx, paper, tmp_path):
    """What the summaries added for issue 33 show: an export's figures, a file's verdict
    and its reasons, a failure or upgrade report's ranked table, the all-to-all LP's
    interval."""
    topo, s = dgx
    x = fc.export_msccl(topo, s)
    page = x._repr_html_()
    assert f"<b>MscclExport · {x.name}</b>" in page and "msccl-executor" in page
    assert f"{x.threadblocks} thread blocks, {x.steps} steps" in page and "no limit" in page
    ok = fc.check_xml(topo, x.xml)._repr_html_()
    assert "<b>XmlVerdict · ok</b>" in ok and "1040/3 (346.667) GB/s" in ok
    bad = fc.check_xml(topo, x.xml.replace(' hasdep="1"', ' hasdep="0"', 1))
    page = bad._repr_html_()
    assert "<b>XmlVerdict · invalid</b>" in page
    assert bad.reasons[0].replace("'", "&#x27;").replace('"', "&quot;") in page
    failures = fc.failure_impact(paper[0], kinds=["link", "nic", "switch", "box"])
    page = failures._repr_html_()
    assert "<b>FailureImpact · allgather on paper-example</b>" in page
    assert "intact optimum</th><td style='text-align:left'>8 b" in page
    assert "<table border=\"1\" class=\"dataframe\">" in page and "algbw_exact" not in page
    # three summary rows, then the header and every class (six, all shown)
    assert page.count("</tr>") == 3 + 1 + len(failures.classes) == 10
    upgrades = fc.upgrade_impact(paper[0], factor=2, by="link")
    page = upgrades._repr_html_()
    assert "<b>UpgradeImpact · allgather on paper-example</b>" in page
    assert f"{len(upgrades.raising)} raise the optimum" in page
    a2a = fc.solve_lp(paper[0], collective="alltoall")._repr_html_()
    assert "<b>AlltoallLPResult · alltoall LP on paper-example</b>" in a2a and "uniform" in a2a


@pytest.mark.parametrize("word, text", [
    (fc.Collective.ALLGATHER, "an allgather"), ("alltoall", "an alltoall"),
    ("allreduce", "an allreduce"), (fc.Collective.REDUCE_SCATTER, "a reduce-scatter"),
    ("broadcast", "a broadcast"), ("reduce", "a reduce"), ("int", "an int"),
    ("Allgather", "an Allgather"), ("", "a "), ("NCCL topology", "an NCCL topology"),
    ("MSCCL++ execution plan", "an MSCCL++ execution plan"), ("XML", "an XML"),
    ("GPU", "a GPU"), ("RCCL file", "an RCCL file"), ("A", "an A"),
])
def test_article(word, text):
    assert display.article(word) == text
