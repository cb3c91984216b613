"""Adversarial review of the time model and the baselines (the commits "Baselines in the
schedule format" and "Time model per link and the trade-off analysis"): hostile link
``type``/``alpha`` fields (reader, JSON schema, from_networkx), the ``--chunks auto``
ternary search against brute force, the concurrent allreduce model on a hand-computed
example, the baselines on odd box layouts, and the command-line edges of ``baseline`` and
``tradeoff``.

Every bug the review found is fixed; its test stays here as a regression test."""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import random
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import jsonschema
import networkx as nx
import pytest

from forestcoll_opt import schemas
from forestcoll_opt.model import topology as T
from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.model.catalog import build
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError, UsageError
from forestcoll_opt.lp.solver import solve
from forestcoll_opt.lp.schedule import lp_allreduce
from forestcoll_opt.model.schedule import achieved_algbw
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.schedule import from_dict as schedule_from_dict
from forestcoll_opt.model.schedule import loads as schedule_loads
from forestcoll_opt.timing.simulation import link_alphas
from forestcoll_opt.timing.simulation import simulate as simulate_any
from forestcoll_opt.timing.tradeoffs import tradeoff
from forestcoll_opt.verify import verify

# the module (``forestcoll_opt.timing.simulate`` is the function), to watch its ternary search
SIM = importlib.import_module("forestcoll_opt.timing.simulation")
TOPOLOGY_SCHEMA = jsonschema.Draft202012Validator(schemas.load("topology"))
COLLECTIVES = ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce")
ROOTED = ("broadcast", "reduce")


def simulate(*args, **kwargs):
    """The hostile inputs here are the ideal model's (chunks, α)."""
    kwargs.setdefault("model", "ideal")
    return simulate_any(*args, **kwargs)


BASELINE_CASES = [("ring", c) for c in COLLECTIVES] + [
    ("dbtree", "allreduce"), ("tree", "broadcast"), ("tree", "reduce")]


def pair_doc(**link) -> dict:
    return {"format": "forestcoll-topology/1", "name": "t", "units": "GB/s",
            "nodes": [{"id": "a"}, {"id": "b"}],
            "links": [{"src": "a", "dst": "b", "bandwidth": 10, "bidirectional": True,
                       **link}]}


def pair_text(raw: str) -> str:
    """A pair topology whose first link carries ``raw`` verbatim (JSON text), so that
    tokens Python would not write (huge integers, NaN, 1e-400) reach the reader."""
    return ('{"format": "forestcoll-topology/1", "nodes": [{"id": "a"}, {"id": "b"}], '
            '"links": [{"src": "a", "dst": "b", "bandwidth": 10, "bidirectional": true, '
            + raw + '}]}')


def reader_accepts(text: str) -> bool:
    try:
        T.loads(text)
    except ForestCollError:
        return False
    return True


def schema_accepts(text: str) -> bool:
    """The schema on the document as the reader reads it: JSON decimals exactly."""
    return TOPOLOGY_SCHEMA.is_valid(json.loads(text, parse_float=Decimal))


def one_line_error(capsys, argv, code=2) -> str:
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("forestcoll: error: "), err
    assert "Traceback" not in err and "internal error" not in err
    return err


# =========================================================================================
# 1. link "type" and "alpha": reader, schema, from_networkx
# =========================================================================================

REFUSED_BY_BOTH = {
    "alpha a string": '"alpha": "2e-6"',
    "alpha true": '"alpha": true',
    "alpha a list": '"alpha": [1e-6]',
    "alpha an object": '"alpha": {"s": 1e-6}',
    "alpha negative": '"alpha": -1e-6',
    "alpha negative integer": '"alpha": -1',
    "alpha above 1": '"alpha": 1.5',
    "alpha 2 (microseconds as seconds)": '"alpha": 2',
    "alpha 1e308": '"alpha": 1e308',
    "alpha 1e309 (a float overflow)": '"alpha": 1e309',
    "alpha 1e999999999": '"alpha": 1e999999999',
    "type capitalised": '"type": "NVLink"',
    "type upper case": '"type": "PCIE"',
    "type trailing space": '"type": "nvlink "',
    "type empty": '"type": ""',
    "type a number": '"type": 3',
    "type a list": '"type": ["nvlink"]',
    "type unknown": '"type": "nvswitch"',
}


@pytest.mark.parametrize("case", sorted(REFUSED_BY_BOTH))
def test_schema_and_reader_refuse_bad_type_and_alpha(case):
    text = pair_text(REFUSED_BY_BOTH[case])
    assert not reader_accepts(text), case
    assert not schema_accepts(text), case


ACCEPTED_BY_BOTH = {
    "alpha 0": ('"alpha": 0', 0.0),
    "alpha 1": ('"alpha": 1', 1.0),
    "alpha 1.0": ('"alpha": 1.0', 1.0),
    "alpha 0.1e1": ('"alpha": 0.1e1', 1.0),
    "alpha 1.7e-6": ('"alpha": 1.7e-6', 1.7e-6),
    "alpha 1e-400 (underflows to 0)": ('"alpha": 1e-400', 0.0),
    "alpha 1e-999999999": ('"alpha": 1e-999999999', 0.0),
    **{f"type {name}": (f'"type": "{name}"', T.LINK_TYPES[name]) for name in T.LINK_TYPES},
}


@pytest.mark.parametrize("case", sorted(ACCEPTED_BY_BOTH))
def test_schema_and_reader_accept_good_type_and_alpha(case):
    raw, seconds = ACCEPTED_BY_BOTH[case]
    text = pair_text(raw)
    assert schema_accepts(text), case
    t = T.loads(text)
    assert link_alphas(t) == {("a", "b"): seconds, ("b", "a"): seconds}
    # written back and read again: the same links, valid for the schema
    again = T.loads(t.to_json())
    assert again == t and again.to_json() == t.to_json()
    assert TOPOLOGY_SCHEMA.is_valid(json.loads(t.to_json()))


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_non_json_number_tokens_are_refused_in_one_line(token, tmp_path, capsys):
    # Python's parser accepts these tokens (they are not JSON); the reader must refuse
    path = tmp_path / "t.json"
    path.write_text(pair_text(f'"alpha": {token}'))
    with pytest.raises(ForestCollError):
        T.load(path)
    one_line_error(capsys, ["show", str(path)])


def test_huge_integer_alpha_is_one_line(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(pair_text('"alpha": 1' + "0" * 400))
    assert not schema_accepts(path.read_text())
    one_line_error(capsys, ["show", str(path)])


def test_huge_integer_alpha_from_networkx_is_a_topology_error():
    g = nx.DiGraph()
    g.add_edge("a", "b", bandwidth=10, alpha=10**400)
    g.add_edge("b", "a", bandwidth=10)
    with pytest.raises(ForestCollError):
        T.from_networkx(g)


@pytest.mark.parametrize("raw", ['"alpha": null', '"type": null'])
def test_null_type_or_alpha_same_verdict(raw):
    text = pair_text(raw)
    assert reader_accepts(text) == schema_accepts(text)


@pytest.mark.parametrize("raw", ['"alpha": 1.00000000000000000001', '"alpha": -1e-400'])
def test_alpha_bounds_are_exact(raw):
    text = pair_text(raw)
    assert not schema_accepts(text)
    assert not reader_accepts(text)


def test_negative_zero_alpha_is_normalised():
    t = T.loads(pair_text('"alpha": -0.0'))
    assert math.copysign(1.0, t.link_alpha[("a", "b")]) == 1.0
    assert "-0.0" not in t.to_json()


def test_type_per_direction_and_parallel_links():
    base = {"format": "forestcoll-topology/1", "nodes": [{"id": "a"}, {"id": "b"}]}
    # two directed links: each direction its own type
    t = T.from_dict({**base, "links": [
        {"src": "a", "dst": "b", "bandwidth": 10, "type": "nvlink"},
        {"src": "b", "dst": "a", "bandwidth": 10, "type": "pcie"}]})
    assert link_alphas(t) == {("a", "b"): 1.7e-6, ("b", "a"): 2.85e-6}
    # a bidirectional link types both directions; a separate reverse link of another type
    # is a parallel link of b -> a that disagrees
    with pytest.raises(ForestCollError) as err:
        T.from_dict({**base, "links": [
            {"src": "a", "dst": "b", "bandwidth": 10, "bidirectional": True, "type": "nvlink"},
            {"src": "b", "dst": "a", "bandwidth": 5, "type": "pcie"},
            {"src": "a", "dst": "b", "bandwidth": 5}]})
    assert "\n" not in str(err.value) and "'b' -> 'a'" in str(err.value)
    assert "#0" in str(err.value) and "#1" in str(err.value)
    # an untyped parallel link disagrees with a typed one too (None is not "nvlink")
    with pytest.raises(ForestCollError):
        T.from_dict({**base, "links": [
            {"src": "a", "dst": "b", "bandwidth": 5, "bidirectional": True, "type": "nvlink"},
            {"src": "a", "dst": "b", "bandwidth": 5, "bidirectional": True}]})
    # the same alpha written two ways is the same float: parallel links agree
    t = T.loads('{"format": "forestcoll-topology/1", "nodes": [{"id": "a"}, {"id": "b"}], '
                '"links": [{"src": "a", "dst": "b", "bandwidth": 5, "bidirectional": true, '
                '"alpha": 1e-6}, {"src": "a", "dst": "b", "bandwidth": 5, '
                '"bidirectional": true, "alpha": 0.0000010}]}')
    assert t.capacity[("a", "b")] == 10 and t.link_alpha[("a", "b")] == 1e-6
    # the reversed network carries every link's type to its reversed direction
    t = T.from_dict({**base, "links": [
        {"src": "a", "dst": "b", "bandwidth": 10, "type": "nvlink", "alpha": 3e-6},
        {"src": "b", "dst": "a", "bandwidth": 10, "type": "xgmi"}]})
    r = t.reversed()
    assert r.link_type == {("a", "b"): "xgmi", ("b", "a"): "nvlink"}
    assert r.link_alpha == {("b", "a"): 3e-6}


def test_alpha_round_trips_through_json_and_networkx():
    rng = random.Random(14)
    for _ in range(200):
        alpha = rng.choice([rng.random(), rng.random() * 1e-5, 10 ** rng.uniform(-300, 0)])
        t = T.from_dict(pair_doc(alpha=alpha, type=rng.choice(sorted(T.LINK_TYPES))))
        assert T.loads(t.to_json()).link_alpha[("a", "b")] == alpha
        back = T.from_networkx(t.to_networkx())
        assert back.link_alpha == t.link_alpha and back.link_type == t.link_type


def test_from_networkx_checks_type_and_alpha():
    def graph(**attrs):
        g = nx.MultiDiGraph()
        g.add_edge("a", "b", bandwidth=10, **attrs)
        g.add_edge("b", "a", bandwidth=10)
        return g

    for bad in ({"alpha": "1e-6"}, {"alpha": True}, {"alpha": float("nan")},
                {"alpha": float("inf")}, {"alpha": -1e-9}, {"alpha": 2.0},
                {"type": "NVLink"}, {"type": b"nvlink"}, {"type": 1}):
        with pytest.raises(ForestCollError) as err:
            T.from_networkx(graph(**bad))
        assert "\n" not in str(err.value)
    t = T.from_networkx(graph(alpha=Decimal("1e-6"), type="pcie"))
    assert t.link_alpha == {("a", "b"): 1e-6} and t.link_type == {("a", "b"): "pcie"}
    assert T.from_networkx(graph(alpha=None, type=None)).link_alpha == {}
    g = graph(type="nvlink")
    g.add_edge("a", "b", bandwidth=5, type="pcie")          # parallel edges disagree
    with pytest.raises(ForestCollError):
        T.from_networkx(g)


def test_from_networkx_refuses_odd_node_attributes():
    for attrs in ({"box": [1]}, {"box": 1.5}, {"box": ""}, {"multicast": "yes"}):
        g = nx.DiGraph()
        g.add_edge("a", "b", bandwidth=10)
        g.add_edge("b", "a", bandwidth=10)
        g.nodes["a"].update(attrs)
        try:
            t = T.from_networkx(g)
        except ForestCollError:
            continue
        T.loads(t.to_json())          # what it accepts, it must be able to read back
        baseline(t, "ring", collective="allgather")


def test_catalog_topologies_are_typed_and_validate():
    for spec in ("dgx-a100:boxes=2,sharp=1", "dgx-h100:boxes=2,nvls=1", "dgx-h100:boxes=1",
                 "mi250:boxes=2,gpus=8"):
        t = build(spec)
        assert len(t.link_type) == len(t.capacity) and not t.link_alpha
        assert TOPOLOGY_SCHEMA.is_valid(json.loads(t.to_json(), parse_float=Decimal))


# =========================================================================================
# 2. --chunks auto: the ternary search against every C
# =========================================================================================

BRUTE_LIMIT = 160


@pytest.fixture()
def watched_search(monkeypatch):
    """Replace the ternary search by itself plus a brute force over C = 1..min(top,
    BRUTE_LIMIT) of the very same time function; record (found, best of the brute force)."""
    seen = []
    ternary = SIM._fastest

    def spy(time_of, top):
        c, seconds = ternary(time_of, top)
        assert 1 <= c <= top and seconds == time_of(c)
        every = [(time_of(k), k) for k in range(1, min(top, BRUTE_LIMIT) + 1)]
        seen.append((seconds, min(every)[0], c, top))
        return c, seconds

    monkeypatch.setattr(SIM, "_fastest", spy)
    return seen


def _schedules(t):
    """generate() at k = 1 and k*, every baseline, and the LP allreduce (concurrent)."""
    out = []
    for coll in COLLECTIVES:
        root = t.compute_nodes[-1] if coll in ROOTED else None
        for k in (1, None):
            out.append(generate(t, collective=coll, k=k, root=root))
        for kind in ("ring", "dbtree", "tree"):
            try:
                out.append(baseline(t, kind, collective=coll, root=root))
            except UsageError:
                pass
    out.append(lp_allreduce(t))
    return out


SEARCH_SPECS = ["paper-example:boxes=3,gpus=2", "dgx-a100:boxes=2", "mi250:boxes=2,gpus=8",
                "dgx-h100:boxes=2,nvls=1"]


@pytest.mark.parametrize("spec", SEARCH_SPECS)
def test_auto_is_never_slower_than_any_whole_chunk_count(spec, watched_search):
    t = build(spec)
    rng = random.Random(spec)
    kinds = set()
    for s in _schedules(t):
        kinds.add((bool(s.concurrent), bool(s.multicast), s.weights is not None))
        mixed = {hop: rng.choice([0.0, 1e-8, 1e-7, 1.7e-6, 3e-5, 1e-3]) for hop in t.capacity}
        for alpha, per_link in ((None, None), (0.0, None), (None, mixed)):
            rows = simulate(t, s, [1, 9, 333, 4096, 2**16, 2**20], chunks="auto",
                            alpha=alpha, alpha_per_link=per_link)
            assert all(r.seconds > 0 and r.chunks >= 1 for r in rows)
    assert watched_search
    for found, best, c, top in watched_search:
        assert found <= best * (1 + 1e-9), (found, best, c, top)
    if spec == "dgx-h100:boxes=2,nvls=1":
        assert (False, True, False) in kinds and (True, True, False) in kinds
    if spec == "mi250:boxes=2,gpus=8":
        assert (True, False, True) in kinds      # the LP allreduce: concurrent, weighted


def test_auto_on_a_hand_built_mixed_alpha_chain(watched_search):
    # a chain with one slow-latency hop and one slow-bandwidth hop: the slowest hop changes
    # with the chunk size (a = 1 ms, rho small vs a = 0, rho large)
    t = T.from_dict({"format": "forestcoll-topology/1", "name": "mix", "units": "GB/s",
                     "nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
                     "links": [{"src": "a", "dst": "b", "bandwidth": 100, "bidirectional": True,
                                "alpha": 1e-3},
                               {"src": "b", "dst": "c", "bandwidth": 1, "bidirectional": True,
                                "alpha": 0}]})
    for coll in COLLECTIVES:
        root = "a" if coll in ROOTED else None
        for s in (generate(t, collective=coll, root=root), generate(t, collective=coll, k=2, root=root)):
            simulate(t, s, [1, 10, 100, 10**4, 10**6, 10**8], chunks="auto")
    for found, best, *_ in watched_search:
        assert found <= best * (1 + 1e-9)


def _pair():
    return T.from_dict({"format": "forestcoll-topology/1", "name": "t", "units": "GB/s",
                        "nodes": [{"id": "a"}, {"id": "b"}],
                        "links": [{"src": "a", "dst": "b", "bandwidth": 10,
                                   "bidirectional": True}]})


def _pair_allgather():
    return schedule_from_dict({
        "format": "forestcoll-schedule/1", "collective": "allgather", "topology": "t",
        "units": "GB/s", "compute_nodes": ["a", "b"], "algbw": 20, "k": 1,
        "trees": [{"root": "a", "weight": 1, "edges": [{"src": "a", "dst": "b",
                                                        "path": ["a", "b"]}]},
                  {"root": "b", "weight": 1, "edges": [{"src": "b", "dst": "a",
                                                        "path": ["b", "a"]}]}]})


def test_auto_with_zero_alpha_on_one_hop_has_the_same_time_for_every_chunk_count():
    (row,) = simulate(_pair(), _pair_allgather(), [10**6], chunks="auto", alpha=0)
    assert math.isclose(row.seconds, 10**6 / 2 / 1e10, rel_tol=1e-12)


def test_auto_reports_the_smallest_chunk_count_on_ties():
    (row,) = simulate(_pair(), _pair_allgather(), [10**6], chunks="auto", alpha=0)
    assert row.chunks == 1


# =========================================================================================
# 3. the concurrent allreduce, by hand
# =========================================================================================

def _line_allreduce(concurrent: bool):
    """a - b - c on direct links of 10 GB/s. Root a: reduce c -> b -> a, broadcast
    a -> b -> c; root b: reduce a -> b <- c, broadcast b -> a, b -> c; root c: mirror of a."""
    def tree(root, *pairs):
        return {"root": root, "weight": 1,
                "edges": [{"src": u, "dst": v, "path": [u, v]} for u, v in pairs]}

    rs = [tree("a", ("c", "b"), ("b", "a")), tree("b", ("a", "b"), ("c", "b")),
          tree("c", ("a", "b"), ("b", "c"))]
    ag = [tree("a", ("a", "b"), ("b", "c")), tree("b", ("b", "a"), ("b", "c")),
          tree("c", ("c", "b"), ("b", "a"))]
    # per phase two of the four links carry 2 of the 3 parts: algbw 3·10/2 = 15 each
    phases = [{"collective": "reduce-scatter", "k": 1, "algbw": 15, "tree_bandwidth": 5,
               "trees": rs},
              {"collective": "allgather", "k": 1, "algbw": 15, "tree_bandwidth": 5,
               "trees": ag}]
    doc = {"format": "forestcoll-schedule/2", "collective": "allreduce", "topology": "line",
           "units": "GB/s", "compute_nodes": ["a", "b", "c"],
           "algbw": 10 if concurrent else "15/2", "phases": phases}
    if concurrent:
        doc["concurrent"] = True
    return schedule_from_dict(doc)


LINE = T.from_dict({"format": "forestcoll-topology/1", "name": "line", "units": "GB/s",
                    "nodes": [{"id": v} for v in "abc"],
                    "links": [{"src": u, "dst": v, "bandwidth": 10, "bidirectional": True}
                              for u, v in (("a", "b"), ("b", "c"))]})


def test_concurrent_allreduce_on_a_line_by_hand():
    # Concurrent: every directed link carries 3 units of tree weight over the two phases
    # (e.g. a -> b: reduce trees of b and c, broadcast tree of a), so rho = 3/(3·b) = 1/b
    # per byte of M and every hop of a chunk of x bytes takes tau = α + x/b (b = 1e10 B/s,
    # α = 2 µs). The slowest up-then-down pipeline is root a's (or c's): c -> b -> a then
    # a -> b -> c, four hops: (C + 3)·tau.
    conc, seq = _line_allreduce(True), _line_allreduce(False)
    for s in (conc, seq):
        v = verify(LINE, json.loads(s.to_json()), lp_interval=solve(LINE).interval)
        assert v.valid and v.algbw == s.algbw == achieved_algbw(s, LINE)
    assert conc.algbw == 10 and seq.algbw == Fraction(15, 2)
    a, b, m = 2e-6, 1e10, 10**6

    def hand(c):
        return (c + 3) * (a + m / c / b)

    for c, expected in ((1, 4.08e-4), (2, 2.6e-4), (12, 1.55e-4)):
        (row,) = simulate(LINE, conc, [m], chunks=c)
        assert math.isclose(row.seconds, hand(c), rel_tol=1e-12)
        assert math.isclose(row.seconds, expected, rel_tol=1e-12)
    # f(C) = Cα + 3α + M/b + 3M/(Cb) is smallest near √(3M/(bα)) = √150 ≈ 12.2: C = 12
    (row,) = simulate(LINE, conc, [m], chunks="auto")
    assert row.chunks == 12 and math.isclose(row.seconds, 1.55e-4, rel_tol=1e-12)
    # one after the other, one chunk: each phase's slowest route is two hops, one at
    # rho = 2/(3b), one at 1/(3b): 2α + M/b per phase, 4α + 2M/b = 2.08e-4 s in all
    (row,) = simulate(LINE, seq, [m], chunks=1)
    assert math.isclose(row.seconds, 2.08e-4, rel_tol=1e-12)
    # α = 0 and many chunks: the exact algbw of each (10 and 7.5 GB/s)
    for s in (conc, seq):
        (row,) = simulate(LINE, s, [2**50], chunks=2**40, alpha=0)
        assert math.isclose(row.algbw, float(s.algbw), rel_tol=1e-9)


LIMIT_SPECS = ["dgx-h100:boxes=2,nvls=1", "dgx-a100:boxes=2,sharp=1", "mi250:boxes=2,gpus=8"]


@pytest.mark.parametrize("spec", LIMIT_SPECS)
def test_many_chunks_reach_the_exact_algbw_for_every_kind_of_schedule(spec):
    # multicast (NVLS, SHARP), weighted concurrent LP allreduce, dbtree, rings, trees
    t = build(spec)
    for s in _schedules(t):
        exact = float(achieved_algbw(s, t))
        assert exact == float(s.algbw)
        (row,) = simulate(t, s, [2**50], chunks=2**40, alpha=0)
        assert math.isclose(row.algbw, exact, rel_tol=1e-9)
        (one,) = simulate(t, s, [2**50], chunks=1, alpha=0)
        assert one.algbw <= exact * (1 + 1e-12)


# =========================================================================================
# 4. baselines on odd box layouts, determinism, the command line
# =========================================================================================

def boxed(sizes, labels=None, name="boxed"):
    """Boxes of the given sizes, each GPU on its box switch (10) and on one global switch
    (1), like the paper's example; ``labels`` are the boxes' "box" values (None: none)."""
    nodes, links = [], []
    for b, size in enumerate(sizes):
        label = b if labels is None else labels[b]
        extra = {} if label is None else {"box": label}
        nodes.append({"id": f"sw{b}", "kind": "switch", **extra})
        for i in range(size):
            g = f"b{b}g{i}"
            nodes.append({"id": g, **extra})
            links.append({"src": g, "dst": f"sw{b}", "bandwidth": 10, "bidirectional": True,
                          "type": "nvlink"})
            links.append({"src": g, "dst": "net", "bandwidth": 1, "bidirectional": True,
                          "type": "infiniband"})
    nodes.append({"id": "net", "kind": "switch"})
    return T.from_dict({"format": "forestcoll-topology/1", "name": name, "nodes": nodes,
                        "links": links})


_LP_CACHE: dict = {}


def _lp(t):
    if t not in _LP_CACHE:
        _LP_CACHE[t] = solve(t).interval
    return _LP_CACHE[t]


def verified(t, s):
    text = s.to_json()
    again = schedule_loads(text)
    assert again.to_json() == text and achieved_algbw(again, t) == s.algbw
    kw = {}
    if s.collective == "allreduce":
        kw = {"lp_interval": _lp(t)} if s.concurrent else {"against": "trees"}
    v = verify(t, json.loads(text), **kw)
    assert v.valid and v.algbw == s.algbw, v.reasons[:3]
    return v


ODD_LAYOUTS = {
    "two boxes of one": ((1, 1), None),
    "one box of two": ((2,), None),
    "box of one then three": ((1, 3), None),
    "three then one": ((3, 1), None),
    "three boxes of one": ((1, 1, 1), None),
    "three boxes of two (rails collide mod 2)": ((2, 2, 2), None),
    "unequal 1 2 3": ((1, 2, 3), None),
    "five boxes of two": ((2,) * 5, None),
    "string boxes": ((2, 3), ["rack A", "rack B"]),
    "no box and a string box": ((2, 3), [None, "B"]),
    "7, 'seven' and none": ((2, 2, 3), [7, "seven", None]),
}


def test_boxes_labelled_7_and_7_are_refused_as_written_alike():
    """A box labelled 7 beside one labelled "7" would merge in every box-keyed table (ids,
    CSV columns): the topology reader refuses it, naming both nodes."""
    with pytest.raises(T.TopologyError, match="two boxes written alike"):
        boxed((2, 2, 3), [7, "7", None], name="odd")


@pytest.mark.parametrize("layout", sorted(ODD_LAYOUTS))
def test_baselines_verify_on_odd_box_layouts(layout):
    sizes, labels = ODD_LAYOUTS[layout]
    t = boxed(sizes, labels, name="odd")
    assert len(t.boxes()) == len(sizes)
    for kind, coll in BASELINE_CASES:
        roots = [t.compute_nodes[0], t.compute_nodes[-1]] if coll in ROOTED else [None]
        for root in roots:
            verified(t, baseline(t, kind, collective=coll, root=root))


def test_baselines_on_two_gpus_without_switches():
    t = T.from_dict(pair_doc(type="xgmi"))
    for kind, coll in BASELINE_CASES:
        s = baseline(t, kind, collective=coll, root="b" if coll in ROOTED else None)
        verified(t, s)
    # allgather on the pair: each link carries one part of M/2: algbw 2·10
    assert baseline(t, "ring", collective="allgather").algbw == 20


@pytest.mark.parametrize("spec", ["paper-example:boxes=1", "paper-example:boxes=2,gpus=1",
                                  "paper-example:boxes=3,gpus=3", "dgx-h100:boxes=2,nvls=1",
                                  "dgx-a100:boxes=2,sharp=1", "mi250:boxes=1,gpus=8",
                                  "dgx-h100:boxes=1"])
def test_baselines_verify_on_more_catalog_specs(spec):
    t = build(spec)
    for kind, coll in BASELINE_CASES:
        s = baseline(t, kind, collective=coll, root=t.compute_nodes[-1] if coll in ROOTED else None)
        verified(t, s)
        assert not s.multicast          # NCCL's rings and trees send every copy


def test_baseline_cli_is_byte_identical_across_runs_and_hash_seeds(tmp_path, capsys):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 3, 2), ["rack A", None, 3]).to_json())
    digests = set()
    for kind, extra in (("ring", ["--collective", "allreduce"]), ("dbtree",
                        ["--collective", "allreduce"]), ("tree", ["--collective", "reduce",
                                                                   "--root", "b1g2"])):
        outs = []
        for i in range(2):
            out = tmp_path / f"{kind}{i}.json"
            assert main(["baseline", kind, str(topo), "-o", str(out), *extra]) == 0
            outs.append(out.read_bytes())
        assert outs[0] == outs[1]
        digests.add(hashlib.sha256(b"".join(outs)).hexdigest())
    capsys.readouterr()
    code = ("import sys; from forestcoll_opt.cli import main; "
            "sys.exit(main(['baseline', 'dbtree', sys.argv[1], '-o', '-', "
            "'--collective', 'allreduce']))")
    texts = set()
    for seed in ("0", "7"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        run = subprocess.run([sys.executable, "-c", code, str(topo)], env=env,
                             capture_output=True, text=True, check=True)
        texts.add(run.stdout)
    assert len(texts) == 1
    assert texts.pop().encode() == (tmp_path / "dbtree0.json").read_bytes()


@pytest.mark.parametrize("argv, words", [
    (["--channels", "0"], "1 to 1024"),
    (["--channels", "5000"], "1 to 1024"),
    (["--channels", "1.5"], "--channels"),
    (["--channels", "99999999999"], "--channels"),
    (["--channels", "-1"], "--channels"),
    (["--channels", ""], "--channels"),
    (["--collective", "broadcast"], "needs a root"),
    (["--collective", "broadcast", "--root", "net"], "not a compute node"),
    (["--collective", "broadcast", "--root", "sw0"], "not a compute node"),
    (["--collective", "broadcast", "--root", "nope"], "not a compute node"),
    (["--root", "b0g0"], "drop the root"),
])
def test_baseline_cli_refuses_in_one_line(argv, words, tmp_path, capsys):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 2)).to_json())
    out = tmp_path / "out.json"
    err = one_line_error(capsys, ["baseline", "ring", str(topo), "-o", str(out), *argv])
    assert words in err
    assert not out.exists()


def test_baseline_channels_message_names_the_real_range(tmp_path, capsys):
    err = one_line_error(capsys, ["baseline", "ring", "paper-example", "-o",
                                  str(tmp_path / "o.json"), "--channels", "-1"])
    assert "1024" in err and "1000000" not in err


def test_baseline_cli_never_writes_over_its_input_or_into_nowhere(tmp_path, capsys):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 2)).to_json())
    before = topo.read_bytes()
    for target, words in ((topo, "also an input"), (tmp_path / "missing" / "o.json",
                                                     "does not exist"),
                          (tmp_path, "is a directory")):
        err = one_line_error(capsys, ["baseline", "ring", str(topo), "-o", str(target)])
        assert words in err
    assert topo.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]
    # a failure after the checks (a box without a path) leaves an existing output alone
    bad = tmp_path / "line.json"
    bad.write_text(json.dumps({
        "format": "forestcoll-topology/1", "nodes": [{"id": f"c{i}", "box": i // 2}
                                                      for i in range(4)],
        "links": [{"src": f"c{a}", "dst": f"c{b}", "bandwidth": 1, "bidirectional": True}
                  for a, b in ((0, 1), (1, 2), (2, 3))]}))
    out = tmp_path / "o.json"
    out.write_text("keep")
    one_line_error(capsys, ["baseline", "ring", str(bad), "-o", str(out)])
    assert out.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["line.json", "o.json", "t.json"]


# =========================================================================================
# 5. forestcoll tradeoff
# =========================================================================================

MANY = ",".join(str(i) for i in range(1, 301))


@pytest.mark.parametrize("argv, words", [
    (["--k", "0"], "--k"),
    (["--k", "1-100000"], "--k"),
    (["--k", "20000"], "10000"),
    (["--k", ","], "no value"),
    (["--sizes", MANY], "at most 256 sizes"),
    (["--sizes", "0"], "from 1 byte"),
    (["--sizes", "1KiB..1"], "smaller size up"),
    (["--baselines", "none,ring"], "none cannot be combined"),
    (["--baselines", "ring,,"], "an empty name"),
    (["--baselines", ","], "an empty name"),
    (["--baselines", "bogus"], "unknown baseline"),
    (["--baselines", "ring,ring"], "twice"),
    (["--baselines", "dbtree"], "allreduce"),
    (["--baselines", "tree"], "single root"),
    (["--collective", "broadcast"], "needs a root"),
    (["--collective", "reduce", "--root", "net"], "not a compute node"),
    (["--root", "b0g0"], "root at every compute node"),
    (["--json", "--csv", "x.csv"], "not allowed with"),
    (["--alpha", "nan"], "finite"),
    (["--alpha", "inf"], "finite"),
    (["--alpha", "1e309"], "finite"),
    (["--alpha", "-1"], ">= 0"),
    (["--alpha", "2"], "2e-6"),
    (["--alpha", "abc"], "--alpha"),
    (["--chunks", "0"], "--chunks"),
    (["--chunks", "-3"], "--chunks"),
    (["--chunks", "1e3"], "--chunks"),
])
def test_tradeoff_cli_refuses_in_one_line(argv, words, tmp_path, capsys, monkeypatch):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 2), name="tt").to_json())
    csv = tmp_path / "out.csv"
    extra = [] if "--csv" in argv else ["--csv", str(csv)]
    monkeypatch.chdir(tmp_path)
    err = one_line_error(capsys, ["tradeoff", str(topo), "--sizes", "1KiB", *extra, *argv]
                         if "--sizes" not in argv else ["tradeoff", str(topo), *extra, *argv])
    assert words in err, err
    assert not csv.exists() and not (tmp_path / "x.csv").exists()


def test_tradeoff_csv_destinations(tmp_path, capsys):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 2)).to_json())
    before = topo.read_bytes()
    (tmp_path / "dir").mkdir()
    for target, words in ((tmp_path / "dir", "is a directory"), (topo, "also an input"),
                          (tmp_path / "missing" / "x.csv", "does not exist")):
        err = one_line_error(capsys, ["tradeoff", str(topo), "--sizes", "1KiB", "--csv",
                                      str(target)])
        assert words in err
    assert topo.read_bytes() == before
    # a refused --alpha leaves an existing CSV as it was
    csv = tmp_path / "t.csv"
    csv.write_text("keep")
    one_line_error(capsys, ["tradeoff", str(topo), "--sizes", "1KiB", "--csv", str(csv),
                            "--alpha", "2"])
    assert csv.read_text() == "keep"


def test_tradeoff_cli_outputs_are_deterministic_and_consistent(tmp_path, capsys):
    topo = tmp_path / "t.json"
    topo.write_text(boxed((2, 3), ["x", "y"]).to_json())
    texts, csvs = [], []
    for i in range(2):
        csv = tmp_path / f"{i}.csv"
        assert main(["tradeoff", str(topo), "--collective", "allreduce", "--sizes",
                     "1KiB..1MiB", "--csv", str(csv)]) == 0
        texts.append(capsys.readouterr().out)
        csvs.append(csv.read_bytes())
    assert texts[0] == texts[1] and csvs[0] == csvs[1]
    assert main(["tradeoff", str(topo), "--collective", "allreduce", "--sizes", "1KiB..1MiB",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    lines = csvs[0].decode().splitlines()
    names = [c["name"] for c in data["candidates"]]
    assert "ring" in names and "dbtree" in names
    assert lines[0] == ",".join(["size_bytes,best,best_protocol"]
                                + [f"seconds[{n}]" for n in names]
                                + [f"protocol[{n}]" for n in names] + ["model,parameters"])
    assert data["model"] == "calibrated" and names[-1] == "nccl"
    for line, row in zip(lines[1:], data["rows"]):
        cells = line.split(",")
        assert int(cells[0]) == row["size_bytes"] and cells[1] == row["best"]
        assert cells[2] == row["protocols"][row["best"]]
        assert [float(x) for x in cells[3:3 + len(names)]] == [row["seconds"][n] for n in names]
        assert row["seconds"][row["best"]] == min(row["seconds"].values())
    # "ring" is the ring alone; "none" alone is no baseline
    assert main(["tradeoff", str(topo), "--sizes", "1KiB", "--k", "1", "--baselines",
                 "ring", "--json"]) == 0
    assert [c["name"] for c in json.loads(capsys.readouterr().out)["candidates"]] == [
        "k=1", "ring"]
    assert main(["tradeoff", str(topo), "--sizes", "1KiB", "--k", "1", "--baselines",
                 "none", "--json"]) == 0
    assert [c["name"] for c in json.loads(capsys.readouterr().out)["candidates"]] == ["k=1"]


def test_tradeoff_times_are_simulate_with_the_links_own_alphas():
    t = boxed((2, 2), name="alphas")
    r = tradeoff(t, collective="broadcast", sizes=[1024, 2**20], root="b1g1", ks=[1, 2],
                 model="ideal")
    for c in r.candidates:
        rows = simulate(t, c.schedule, [1024, 2**20], chunks="auto")
        assert [row.seconds[c.name] for row in r.rows] == [x.seconds for x in rows]
    assert [c.name for c in r.candidates] == ["k=1", "k=2", "ring", "tree"]


def test_tradeoff_without_candidates_is_a_usage_error():
    with pytest.raises(UsageError):
        tradeoff(build("paper-example"), collective="allgather", sizes=[1024], ks=[], baselines=[])


@pytest.mark.parametrize("kwargs", [{"alpha": 10**400}, {"chunks": 10**400},
                                    {"sizes": [10**400]}])
def test_simulate_refuses_integers_beyond_float(kwargs):
    kwargs = {"sizes": [1024], **kwargs}
    with pytest.raises(ForestCollError):
        simulate(_pair(), _pair_allgather(), **kwargs)
