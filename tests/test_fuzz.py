"""Fuzzing (hypothesis) of everything that reads outside input: the topology parser, the
schedule parser, the verifier and the command line, called in-process.

Inputs are arbitrary JSON values (None, booleans, integers up to thousands of digits,
floats including nan, inf and -0.0, unicode text with control characters and lone
surrogates, nested lists and objects), arbitrary text and bytes, and *structured*
mutations of valid documents: a catalog or random topology, or a generated schedule, in
which values at random paths are replaced, deleted, inserted, renamed or swapped with
hostile values (including values taken from elsewhere in the same document, so that node
ids turn up in the wrong places). The Python entry points also get Python objects JSON
cannot express (Fraction, Decimal NaN, tuples, bytes, non-string keys).

The rules:

* the only exceptions are subclasses of ``ForestCollError`` (never TypeError, KeyError,
  RecursionError, OverflowError ...), each with a one-line message; ``verify()`` on a
  mapping never raises at all: everything wrong is a reason in an "invalid" verdict;
* a verdict is never a contradiction (the bound is right), and a schedule the verifier
  calls valid is accepted by the tests' independent checker (``schedcheck``) with the same
  exact algbw, and only then;
* what parses round-trips through JSON unchanged, and the verifier's bound on a mutated
  topology equals the generator's;
* ``forestcoll_opt.cli.main(argv)`` returns 0, 1, 2 or 3 (never 70, "internal error"),
  prints no traceback, and every line on stderr is one of its own one-line messages.

The CI form is deterministic (``derandomize=True``) and small (``CI_EXAMPLES`` per test).
The long form is marked ``slow``; CI runs it too, deterministic, with ``SLOW_EXAMPLES``
(400) examples per test. Setting ``FORESTCOLL_FUZZ_EXAMPLES`` runs that many instead, with
a fresh random seed each run, e.g.
``FORESTCOLL_FUZZ_EXAMPLES=20000 pytest -m slow tests/test_fuzz.py``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from forestcoll_opt.model import schedule as S
from forestcoll_opt.generation import pipeline as P
from forestcoll_opt.model import topology as T
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.cli import main
from forestcoll_opt.errors import FlowError, ForestCollError, VerifyError
from forestcoll_opt.verify import STATUSES, load_schedule, verify
from randomnets import random_network
from schedcheck import check

CI_EXAMPLES = 40
SLOW_EXAMPLES = int(os.environ.get("FORESTCOLL_FUZZ_EXAMPLES", "400"))
FRESH_SEED = "FORESTCOLL_FUZZ_EXAMPLES" in os.environ
EXIT_CODES = {0, 1, 2, 3}

FORMS = [pytest.param("ci", id="ci"),
         pytest.param("slow", id="slow", marks=pytest.mark.slow)]


def fuzz_settings(form: str, scale: float = 1.0):
    """Deterministic and bounded unless FORESTCOLL_FUZZ_EXAMPLES asks for a long run."""
    examples = CI_EXAMPLES if form == "ci" else SLOW_EXAMPLES
    # CI does not shrink a failure (shrinking can run for minutes); the blob printed with
    # the failure reproduces it, and a long run asked for by FORESTCOLL_FUZZ_EXAMPLES shrinks
    phases = [p for p in Phase if FRESH_SEED or p is not Phase.shrink]
    return settings(max_examples=max(1, int(examples * scale)), deadline=None, phases=phases,
                    derandomize=form == "ci" or not FRESH_SEED, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- the valid documents that get mutated -------------------------------------------------------

TOPOLOGY_BASES = ("paper-example", "dgx-a100:boxes=1", "random-3003", "random-3009",
                  "random-41")


@lru_cache(maxsize=None)
def topology_doc(name: str) -> str:
    """A valid topology document as JSON text (parsed afresh for every mutation)."""
    if name.startswith("random-"):
        return json.dumps(random_network(int(name.split("-")[1])))
    return build(name).to_json()


@lru_cache(maxsize=None)
def topology(name: str) -> T.Topology:
    return T.loads(topology_doc(name))


# (topology, collective): the root of broadcast/reduce is the first/last compute node
SCHEDULE_BASES = (("paper-example", "allgather"), ("paper-example", "reduce-scatter"),
                  ("paper-example", "broadcast"), ("paper-example", "reduce"),
                  ("paper-example", "allreduce"), ("random-3003", "allgather"),
                  ("random-3009", "reduce-scatter"), ("random-41", "broadcast"),
                  ("random-41", "allreduce"))


@lru_cache(maxsize=None)
def schedule_doc(name: str, collective: str) -> str:
    t = topology(name)
    root = {"broadcast": t.compute_nodes[0], "reduce": t.compute_nodes[-1]}.get(collective)
    return P.generate(t, collective=collective, root=root).to_json()


@lru_cache(maxsize=None)
def schedule_algbw(name: str, collective: str):
    algbw = check(topology(name), json.loads(schedule_doc(name, collective)))
    assert algbw is not None, "a generated schedule must pass the independent checker"
    return algbw


# --- values -----------------------------------------------------------------------------------

HOSTILE_TEXT = (
    "", " ", "\t", "\x00", "a\x00b", "a\nb", "\r\n", "\u202e", "\u200b", "\ufeff", "\ud800",
    "x\udfff", "\U0001f600", "é", "ß", "²", "١٢", "nan", "NaN", "-nan", "inf", "-Infinity",
    "infinity", "sNaN", "1e999999", "1e-999999", "1e10000000", "-1e400", "1/0", "0/0", "-1/2",
    "1/-2", "0", "-0", "0.0", "-1", "1", "2", "1.", ".5", "1e3", "12.5", "25/3", "1_000",
    " 1 ", "+1", "0x10", "1e+", "9" * 31, "9" * 400, "1/" + "7" * 40, "0." + "0" * 40 + "1",
    "1e-12", "1e15", "1e16", "9223372036854775808", "forestcoll-topology/1",
    "forestcoll-schedule/1", "forestcoll-topology/2", "allgather", "reduce-scatter",
    "allreduce", "broadcast", "reduce", "compute", "switch", "Compute", "GB/s", "b",
    "x" * 257, "../x", "/dev/null", "%s%n", "{}", "[]", "null", "true",
)
HUGE_INTS = (2**31, 2**53 + 1, 2**62, 2**63 - 1, 2**63, -2**63 - 1, 2**64, 10**15, 10**15 + 1,
             10**30, 10**31, 10**200, 10**400, -10**400, 10**4000)
SPECIAL_FLOATS = (-0.0, 0.0, 5e-324, 1e-12, 9.99e-13, 0.1, 1.5, 1e15, 1.000001e15, 1e16,
                  1e308, math.inf, -math.inf, math.nan)

json_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-10, max_value=40), st.integers(), st.sampled_from(HUGE_INTS),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(SPECIAL_FLOATS),
    st.text(max_size=12), st.sampled_from(HOSTILE_TEXT),
)
json_keys = st.one_of(st.text(max_size=8), st.sampled_from(
    ("format", "name", "units", "nodes", "links", "description", "id", "kind", "box",
     "multicast", "src", "dst", "bandwidth", "bidirectional", "collective", "topology",
     "compute_nodes", "algbw", "k", "tree_bandwidth", "trees", "root", "weight", "edges",
     "path", "phases", "bidirectonal", "Root", "")))
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(json_keys, children, max_size=5)),
    max_leaves=12)

# Python objects JSON cannot express, for the Python entry points
python_scalars = st.one_of(
    st.fractions(), st.sampled_from((Fraction(1, 3), Fraction(-1), Fraction(10**40, 3))),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from((Decimal("NaN"), Decimal("sNaN"), Decimal("-Infinity"), Decimal("1e999999"),
                     Decimal("0.5"), Decimal("-0"))),
    st.binary(max_size=6), st.complex_numbers(max_magnitude=10),
    st.frozensets(st.integers(0, 3), max_size=3), st.just(object()), st.just(Ellipsis),
)
python_values = st.recursive(
    st.one_of(json_scalars, python_scalars),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.tuples(children, children),
        st.dictionaries(st.one_of(json_keys, st.integers(), st.none(), st.booleans(),
                                  st.tuples(st.integers())), children, max_size=4)),
    max_leaves=10)


# --- structured mutation ------------------------------------------------------------------------

def _leaves(value, out: list) -> list:
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(k)
            _leaves(v, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, out)
    else:
        out.append(value)
    return out


def _subtrees(value, out: list) -> list:
    out.append(value)
    if isinstance(value, dict):
        for v in value.values():
            _subtrees(v, out)
    elif isinstance(value, list):
        for v in value:
            _subtrees(v, out)
    return out


near_numbers = st.one_of(
    st.integers(1, 1000),
    st.fractions(min_value=Fraction(1, 1000), max_value=1000, max_denominator=1000).map(
        lambda f: f"{f.numerator}/{f.denominator}"),
    st.decimals(min_value=Decimal("0.001"), max_value=Decimal("1e6"), places=3,
                allow_nan=False, allow_infinity=False).map(str),
    st.sampled_from(("1e-12", 10**15, "1e15", "0.000000000001", "999999999999999", "1/3",
                     "3/7", "2/4", "1e3", "0", "-1")),
)


def mutate(data, doc, *, python: bool = False, extra_vocabulary: tuple = (),
           edits: tuple[int, int] = (1, 4)):
    """Apply random edits to ``doc`` (changed in place and returned): the path is chosen by
    walking down from the root. A *gentle* run keeps to values of the right kind (node ids
    and names from the document, plausible numbers, parts of the document itself), so that
    many mutants still parse and reach the checks behind the parser; a *hostile* run also
    uses arbitrary JSON (or Python) values, renamed keys and special text and numbers."""
    gentle = data.draw(st.booleans(), label="gentle")
    for _ in range(data.draw(st.integers(*edits), label="edits")):
        vocabulary = tuple(dict.fromkeys(
            v for v in _leaves(doc, []) if isinstance(v, (str, int, float))
            and not isinstance(v, bool))) + extra_vocabulary
        parts = _subtrees(doc, [])
        kinds = [
            st.sampled_from(vocabulary) if vocabulary else st.nothing(),
            near_numbers,
            st.sampled_from(range(len(parts))).map(lambda i: copy.deepcopy(parts[i])),
            st.integers(-2, 2).flatmap(lambda d: st.sampled_from(
                [v + d for v in vocabulary if type(v) is int] or [d])),
        ]
        if not gentle:
            kinds += [python_values if python else json_values,
                      st.sampled_from(HOSTILE_TEXT + HUGE_INTS + SPECIAL_FLOATS)]
        hostile = st.one_of(kinds)
        parent, key, node = None, None, doc
        while isinstance(node, (dict, list)) and node and data.draw(
                st.integers(0, 4), label="descend") > 0:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            parent, key = node, data.draw(st.sampled_from(keys), label="key")
            node = parent[key]
        ops = ("replace", "delete", "insert", "swap") + (() if gentle else ("rename",))
        op = data.draw(st.sampled_from(ops), label="op")
        new_key = st.sampled_from(vocabulary or ("x",)) if gentle else \
            st.one_of(json_keys, st.sampled_from(vocabulary or ("x",)))
        if parent is None and op in ("replace", "delete", "swap"):
            doc = data.draw(hostile, label="new document")
            continue
        if op == "replace":
            parent[key] = data.draw(hostile, label="value")
        elif op == "delete":
            del parent[key]
        elif op == "insert" and isinstance(node, dict):
            node[data.draw(new_key, label="new key")] = data.draw(hostile, label="value")
        elif op == "insert" and isinstance(node, list):
            node.insert(data.draw(st.integers(0, len(node)), label="at"),
                        data.draw(hostile, label="value"))
        elif op == "rename" and isinstance(parent, dict):
            new = data.draw(new_key, label="renamed")
            if isinstance(new, str):
                parent[new] = parent.pop(key)
        elif op == "swap" and isinstance(parent, (dict, list)):
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
            other = data.draw(st.sampled_from(keys), label="swap with")
            parent[key], parent[other] = parent[other], parent[key]
        elif parent is not None:
            parent[key] = data.draw(hostile, label="value")
    return doc


@lru_cache(maxsize=None)
def routes(name: str, src: str, dst: str) -> tuple[tuple[str, ...], ...]:
    """Physical routes from src to dst relaying through switches only (at most 4 hops,
    at most 12 of them)."""
    t = topology(name)
    out: dict[str, list[str]] = {}
    for (a, b) in t.capacity:
        out.setdefault(a, []).append(b)
    found: list[tuple[str, ...]] = []
    stack = [(src,)]
    while stack and len(found) < 12:
        path = stack.pop()
        for b in out.get(path[-1], ()):
            if b == dst:
                found.append(path + (b,))
            elif b not in path and not t.node[b].is_compute and len(path) < 4:
                stack.append(path + (b,))
    return tuple(found)


def reshape(data, doc: dict, name: str) -> dict:
    """Edits that keep a schedule well formed but change its numbers: reroute tree edges
    along other physical routes, scale k and every weight of a phase, move weight between
    two trees of one root, drop the claimed algbw and tree_bandwidth (which the edits make
    wrong). Many results are valid schedules below the bound."""
    phases = doc.get("phases") if isinstance(doc.get("phases"), list) else [doc]
    for _ in range(data.draw(st.integers(0, 3), label="reshapes")):
        phase = data.draw(st.sampled_from(phases), label="phase")
        trees = phase.get("trees")
        if not isinstance(trees, list) or not trees or not isinstance(phase.get("k"), int):
            continue
        op = data.draw(st.sampled_from(("reroute", "scale", "move")), label="reshape")
        if op == "reroute":
            tree = data.draw(st.sampled_from(trees), label="tree")
            if tree.get("edges"):
                edge = data.draw(st.sampled_from(tree["edges"]), label="edge")
                options = routes(name, edge["src"], edge["dst"])
                if options:
                    edge["path"] = list(data.draw(st.sampled_from(options), label="route"))
        elif op == "scale":
            m = data.draw(st.integers(2, 3), label="factor")
            phase["k"] *= m
            for tree in trees:
                tree["weight"] *= m
        else:
            tree = data.draw(st.sampled_from(trees), label="from")
            same = [t for t in trees if t is not tree and t["root"] == tree["root"]]
            if same and tree["weight"] > 1:
                tree["weight"] -= 1
                data.draw(st.sampled_from(same), label="to")["weight"] += 1
    if data.draw(st.booleans(), label="drop claims"):
        for obj in [doc] + phases:
            obj.pop("algbw", None)
            obj.pop("tree_bandwidth", None)
    return doc


def mutate_text(data, text: str) -> str:
    """Character-level edits of JSON text: JSON punctuation, escapes, NUL, non-ASCII."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6), label="text edits")):
        at = data.draw(st.integers(0, len(chars)), label="at")
        piece = data.draw(st.one_of(
            st.sampled_from(list('{}[]":,\\-+.eE0159 \t\n') + ["\x00", "é", "\ud800", "\\u",
                                                               "\\ud800", "NaN", "1e999999",
                                                               "[" * 200, "true"]),
            st.text(max_size=3)), label="piece")
        cut = data.draw(st.integers(0, 3), label="cut")
        chars[at:at + cut] = [piece]
    return "".join(chars)


def write_damaged(data, path: Path, text: str, how: str) -> None:
    """Write ``text`` to ``path`` with a text mutation (``how == "text"``) or a few random
    bytes inserted somewhere (``"bytes"``)."""
    if how == "text":
        path.write_text(mutate_text(data, text), encoding="utf-8", errors="surrogatepass")
    else:
        raw = text.encode()
        at = data.draw(st.integers(0, len(raw)))
        path.write_bytes(raw[:at] + data.draw(st.binary(min_size=1, max_size=4)) + raw[at:])


def jsonable(value) -> bool:
    try:
        json.dumps(value, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


# --- assertions ---------------------------------------------------------------------------------

def one_line(exc: BaseException) -> None:
    message = str(exc)
    assert isinstance(exc, ForestCollError), f"{type(exc).__name__}: {message[:300]}"
    assert message and "\n" not in message and "\r" not in message, repr(message[:300])


def outcome(call):
    """``("ok", result)`` or ``("error", exc)`` for a ForestCollError; anything else fails."""
    try:
        return "ok", call()
    except ForestCollError as exc:
        one_line(exc)
        return "error", exc


# --- (a) the topology parser ----------------------------------------------------------------------

def check_topology_doc(doc, *, python: bool = False, follow_up: bool = True):
    status, topo = outcome(lambda: T.from_dict(doc))
    if jsonable(doc) and not python:
        text = json.dumps(doc)
        again_status, again = outcome(lambda: T.loads(text))
        assert again_status == status, (status, again_status, again)
        if status == "ok":
            assert again == topo and dict(again.capacity) == dict(topo.capacity)
    if status != "ok":
        return None
    assert T.loads(topo.to_json()) == topo
    return topo


@pytest.mark.parametrize("form", FORMS)
def test_topology_parser_on_arbitrary_values(form):
    @fuzz_settings(form)
    @given(st.one_of(json_values, python_values,
                     st.fixed_dictionaries({"format": st.just(T.FORMAT)},
                                           optional={k: json_values for k in T.TOP_KEYS - {"format"}})))
    def run(value):
        check_topology_doc(value, python=not jsonable(value))
        outcome(lambda: T.loads(repr(value)))

    run()


@pytest.mark.parametrize("form", FORMS)
def test_topology_parser_on_arbitrary_text(form):
    @fuzz_settings(form)
    @given(st.data(), st.sampled_from(TOPOLOGY_BASES), st.booleans())
    def run(data, base, mutated):
        text = mutate_text(data, topology_doc(base)) if mutated else data.draw(st.text())
        outcome(lambda: T.loads(text))

    run()


@pytest.mark.parametrize("form", FORMS)
def test_topology_parser_on_mutated_documents(form):
    """Mutated catalog and random topologies; what still parses must give the same bound
    by the generator's method and by the verifier's, with the base's schedule judged
    consistently by the verifier and the independent checker."""
    @fuzz_settings(form)
    @given(st.data(), st.sampled_from(TOPOLOGY_BASES), st.booleans())
    def run(data, base, python):
        doc = mutate(data, json.loads(topology_doc(base)), python=python)
        topo = check_topology_doc(doc, python=python)
        if topo is not None:
            judge_on_mutated_topology(topo, base)

    run()


def judge_on_mutated_topology(topo: T.Topology, base: str) -> None:
    b = outcome(lambda: bound(topo))
    if b[0] != "ok":
        assert isinstance(b[1], FlowError), b[1]
        return
    sched = json.loads(schedule_doc(base, "allgather") if (base, "allgather") in SCHEDULE_BASES
                       else P.generate(topology(base)).to_json())
    v = verify(topo, sched)
    assert_verdict(topo, sched, v)
    if v.valid:
        assert v.bound_algbw == b[1].algbw


def assert_verdict(topo, doc, v) -> None:
    assert v.status in STATUSES and v.status != "contradiction", v.reasons
    assert all(r and "\n" not in r and len(r) < 2000 for r in v.reasons), v.reasons
    assert (v.status == "invalid") == bool(v.reasons)
    json.dumps(v.to_dict())
    algbw = check(topo, doc)
    if v.valid:
        assert algbw == v.algbw, (v.status, algbw, v.algbw)
        assert v.ratio == v.algbw / v.bound_algbw
    else:
        assert algbw is None, f"the checker accepts (algbw {algbw}) what the verifier " \
                              f"refuses: {v.reasons}"


@pytest.mark.parametrize("form", FORMS)
def test_topology_files(form, tmp_path_factory):
    folder = tmp_path_factory.mktemp("topology-files")

    @fuzz_settings(form, 0.5)
    @given(st.data(), st.sampled_from(TOPOLOGY_BASES))
    def run(data, base):
        how = data.draw(st.sampled_from(("mutated", "text", "bytes")))
        path = folder / "t.json"
        if how == "mutated":
            path.write_text(json.dumps(mutate(data, json.loads(topology_doc(base))),
                                       ensure_ascii=data.draw(st.booleans())),
                            encoding="utf-8", errors="surrogatepass")
        else:
            write_damaged(data, path, topology_doc(base), how)
        outcome(lambda: T.load(path))

    run()


EXTREME_BANDWIDTHS = (10**15, "1e15", "999999999999999", "1e-12", "0.000000000001", "1/3",
                      "1/999999999999", "123456789.123456789", "7/1000000000000",
                      "314159265358979/100", 1, 2, "0.5")


@pytest.mark.parametrize("form", FORMS)
def test_extreme_bandwidths(form):
    """Bandwidths anywhere in the accepted range [1e-12, 1e15], mixed in one network (the
    integer capacities then run to 27 digits or are refused): the generator's bound, the
    verifier's bound (Newton sweep and enumeration) and the generated schedule agree, or the
    topology is refused with one line."""
    @fuzz_settings(form, 0.25)
    @given(st.data(), st.sampled_from(("paper-example", "dgx-a100:boxes=1")))
    def run(data, base):
        doc = json.loads(topology_doc(base))
        for link in doc["links"]:          # every link is bidirectional: stays balanced
            if data.draw(st.booleans(), label="change"):
                link["bandwidth"] = data.draw(st.one_of(
                    st.sampled_from(EXTREME_BANDWIDTHS),
                    st.fractions(min_value=Fraction(1, 10**12), max_value=10**15,
                                 max_denominator=10**12).map(
                        lambda f: f"{f.numerator}/{f.denominator}")), label="bandwidth")
        status, topo = outcome(lambda: T.from_dict(doc))
        if status != "ok":
            return
        b = bound(topo)
        status, sched = outcome(lambda: P.generate(topo))
        if status != "ok":
            # the only refusal: a k the schedule format cannot hold
            assert isinstance(sched, S.ScheduleError) and b.k > S.MAX_COUNT, sched
            assert "2^63 - 1" in str(sched)
            return
        assert sched.algbw == b.algbw
        v = verify(topo, sched)
        assert v.optimal and v.bound_algbw == b.algbw, v.reasons
        assert check(topo, sched.to_dict()) == b.algbw
        root = data.draw(st.sampled_from(topo.compute_nodes), label="root")
        single = bound(topo, collective="broadcast", root=root)
        status, sched = outcome(lambda: P.generate(topo, collective="broadcast", root=root))
        if status != "ok":
            assert isinstance(sched, S.ScheduleError) and single.k > S.MAX_COUNT, sched
            return
        one = verify(topo, sched)
        assert one.optimal and one.bound_algbw == single.algbw

    run()


# --- (b) the schedule parser ----------------------------------------------------------------------

def check_schedule_doc(doc, *, python: bool = False):
    status, sched = outcome(lambda: S.from_dict(doc))
    if jsonable(doc) and not python:
        again_status, again = outcome(lambda: S.loads(json.dumps(doc)))
        assert again_status == status, (status, again_status, again)
        if status == "ok":
            assert again == sched
    if status == "ok":
        assert S.from_dict(sched.to_dict()) == sched
        return sched
    return None


@pytest.mark.parametrize("form", FORMS)
def test_schedule_parser_on_arbitrary_values(form):
    @fuzz_settings(form)
    @given(st.one_of(json_values, python_values, st.fixed_dictionaries(
        {"format": st.just(S.FORMAT), "collective": st.sampled_from(S.COLLECTIVES)},
        optional={k: json_values for k in ("topology", "units", "compute_nodes", "algbw", "k",
                                           "tree_bandwidth", "trees", "root", "phases")})))
    def run(value):
        check_schedule_doc(value, python=not jsonable(value))

    run()


@pytest.mark.parametrize("form", FORMS)
def test_schedule_parser_on_mutated_documents(form):
    @fuzz_settings(form)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES), st.booleans())
    def run(data, base, python):
        doc = mutate(data, json.loads(schedule_doc(*base)), python=python,
                     extra_vocabulary=topology(base[0]).node_ids)
        check_schedule_doc(doc, python=python)

    run()


@pytest.mark.parametrize("form", FORMS)
def test_schedule_parser_on_arbitrary_text(form):
    @fuzz_settings(form)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES), st.booleans())
    def run(data, base, mutated):
        text = mutate_text(data, schedule_doc(*base)) if mutated else data.draw(st.text())
        outcome(lambda: S.loads(text))

    run()


# --- (c) the verifier -----------------------------------------------------------------------------

LP_INTERVALS = {"paper-example": (Fraction(4), Fraction(4))}   # certified, tests/verify/test_verify.py


def verify_kwargs(data, name: str) -> dict:
    """allreduce against the trees, or against the LP with its certified interval."""
    if name in LP_INTERVALS and data.draw(st.booleans(), label="against lp"):
        return {"against": "lp", "lp_interval": LP_INTERVALS[name]}
    return {"against": "trees"}


def judge(topo, doc, **kwargs):
    """verify() on a mapping: a verdict, never an exception."""
    v = verify(topo, doc, **kwargs)
    assert_verdict(topo, doc, v)
    return v


@pytest.mark.parametrize("form", FORMS)
def test_verifier_on_mutated_schedules(form, tmp_path_factory):
    """Python objects and their JSON text read from a file give the same verdict, and the
    independent checker agrees with every verdict."""
    folder = tmp_path_factory.mktemp("verify")

    @fuzz_settings(form, 1.5)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES), st.booleans())
    def run(data, base, python):
        topo = topology(base[0])
        doc = reshape(data, json.loads(schedule_doc(*base)), base[0])
        if data.draw(st.integers(0, 3), label="mutate") > 0:
            doc = mutate(data, doc, python=python, extra_vocabulary=topo.node_ids)
        kwargs = verify_kwargs(data, base[0])
        if not isinstance(doc, Mapping):
            with pytest.raises(VerifyError) as info:
                verify(topo, doc, **kwargs)
            one_line(info.value)
            return
        v = judge(topo, doc, **kwargs)
        if v.optimal:
            assert v.algbw == schedule_algbw(*base) or base[1] == "allreduce"
        if python or not jsonable(doc):
            return
        path = folder / "s.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        status, loaded = outcome(lambda: load_schedule(path))
        if status == "error":      # e.g. an integer too long for Python's JSON reader
            assert isinstance(loaded, VerifyError)
            return
        from_file = verify(topo, path, **kwargs)
        assert from_file == verify(topo, loaded, **kwargs)
        assert (from_file.status, from_file.algbw) == (v.status, v.algbw), \
            (v.reasons, from_file.reasons)

    run()


@pytest.mark.parametrize("form", FORMS)
def test_verifier_on_schedule_objects(form):
    """What the schedule parser accepts, passed to verify() as a Schedule object."""
    @fuzz_settings(form, 0.5)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES))
    def run(data, base):
        topo = topology(base[0])
        doc = mutate(data, json.loads(schedule_doc(*base)), extra_vocabulary=topo.node_ids)
        sched = check_schedule_doc(doc)
        if sched is not None:
            v = verify(topo, sched, **verify_kwargs(data, base[0]))
            assert_verdict(topo, sched.to_dict(), v)

    run()


@pytest.mark.parametrize("form", FORMS)
def test_verifier_on_arbitrary_values(form):
    @fuzz_settings(form)
    @given(st.data(), st.sampled_from(TOPOLOGY_BASES), st.one_of(
        json_values, python_values, st.fixed_dictionaries(
            {"format": st.just(S.FORMAT), "collective": st.sampled_from(S.COLLECTIVES)},
            optional={k: json_values for k in ("topology", "units", "compute_nodes", "algbw",
                                               "k", "tree_bandwidth", "trees", "root",
                                               "phases")})))
    def run(data, name, value):
        topo = topology(name)
        if isinstance(value, str):       # a string is a path: keep to harmless ones
            value = "no-such-dir/" + value
        kwargs = verify_kwargs(data, name)
        if isinstance(value, Mapping):
            judge(topo, value, **kwargs)
        else:
            outcome(lambda: verify(topo, value, **kwargs))
            outcome(lambda: load_schedule(value))

    run()


@pytest.mark.parametrize("form", FORMS)
def test_verifier_on_schedule_files(form, tmp_path_factory):
    folder = tmp_path_factory.mktemp("verify-files")

    @fuzz_settings(form, 0.5)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES))
    def run(data, base):
        topo = topology(base[0])
        path = folder / "s.json"
        write_damaged(data, path, schedule_doc(*base), data.draw(st.sampled_from(("text",
                                                                                  "bytes"))))
        status, loaded = outcome(lambda: load_schedule(path))
        kwargs = verify_kwargs(data, base[0])
        if status == "error":
            assert isinstance(loaded, VerifyError)
            with pytest.raises(VerifyError):
                verify(topo, path, **kwargs)
        else:
            v = verify(topo, path, **kwargs)
            assert_verdict(topo, loaded, v)

    run()


# --- (d) the command line, in-process -----------------------------------------------------------

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """main(argv) with standard streams like a real process's under a UTF-8 locale:
    standard output strict (a lone surrogate cannot be written), standard error with
    backslash escapes."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    out.flush()
    err.flush()
    return (code, out.buffer.getvalue().decode("utf-8"),
            err.buffer.getvalue().decode("utf-8"))


def assert_cli(argv, code, err) -> None:
    assert "Traceback" not in err, err
    assert code in EXIT_CODES, f"exit {code} for {argv!r}: {err[-500:]}"
    if code != 0:      # (on success, generate -o - writes its summary to stderr)
        for line in err.splitlines():
            assert line.startswith("forestcoll"), f"{argv!r}: stray stderr line {line[:200]!r}"
    if code == 2 and "forestcoll: invalid:" not in err:
        assert err.count("\n") == 1, f"{argv!r}: {err[:500]!r}"


@pytest.mark.parametrize("form", FORMS)
def test_cli_on_mutated_topology_files(form, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli-topologies")

    @fuzz_settings(form, 0.5)
    @given(st.data(), st.sampled_from(TOPOLOGY_BASES))
    def run(data, base):
        path = folder / "topo.json"
        doc = mutate(data, json.loads(topology_doc(base)))
        path.write_text(json.dumps(doc), encoding="utf-8")
        sched = folder / "sched.json"
        if not sched.exists() or data.draw(st.booleans()):
            sched.write_text(P.generate(topology(base)).to_json())
        t = topology(base)
        root = data.draw(st.sampled_from(t.compute_nodes + ("nope", "")))
        argv = data.draw(st.sampled_from((
            ["show", path], ["show", path, "--json"], ["bound", path, "--json"],
            ["bound", path, "--collective", "reduce-scatter"],
            ["bound", path, "--collective", "broadcast", "--root", root],
            ["bound", path, "--collective", "reduce", "--root", root],
            ["verify", path, sched], ["verify", path, sched, "--json"],
            ["generate", path, "-o", folder / "out.json", "-q"],
            ["generate", path, "--collective", "broadcast", "--root", root, "-o", "-", "-q"],
        )))
        argv = [str(a) for a in argv]
        code, _, err = run_cli(argv)
        assert_cli(argv, code, err)

    run()


@pytest.mark.parametrize("form", FORMS)
def test_cli_on_mutated_schedule_files(form, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli-schedules")

    @fuzz_settings(form, 0.5)
    @given(st.data(), st.sampled_from(SCHEDULE_BASES))
    def run(data, base):
        t = topology(base[0])
        topo_path = folder / "topo.json"
        topo_path.write_text(topology_doc(base[0]))
        path = folder / "sched.json"
        how = data.draw(st.sampled_from(("mutated", "text")))
        if how == "mutated":
            doc = reshape(data, json.loads(schedule_doc(*base)), base[0])
            if data.draw(st.booleans(), label="mutate"):
                doc = mutate(data, doc, extra_vocabulary=t.node_ids)
            path.write_text(json.dumps(doc), encoding="utf-8")
        else:
            write_damaged(data, path, schedule_doc(*base), "text")
        argv = [data.draw(st.sampled_from(("verify",))), str(topo_path), str(path)]
        argv += data.draw(st.sampled_from(([], ["--json"], ["--min-ratio", "0.5"],
                                           ["--against", "trees"], ["--min-ratio", "1/2"])))
        if base[0] != "paper-example" and "--against" not in argv:
            argv += ["--against", "trees"]       # the LP only on the small example
        code, _, err = run_cli(argv)
        assert_cli(argv, code, err)
        if code in (0, 1):
            v = verify(t, load_schedule(path), against="trees" if "trees" in argv else "lp",
                       lp_interval=LP_INTERVALS.get(base[0]))
            assert v.valid and check(t, load_schedule(path)) == v.algbw

    run()


def argv_tokens(folder: Path):
    files = {
        "topology": folder / "topo.json", "schedule": folder / "sched.json",
        "broadcast": folder / "bcast.json", "allreduce": folder / "ar.json",
        "empty": folder / "empty.json", "bad utf-8": folder / "latin1.json",
        "deep": folder / "deep.json", "newline": folder / "new\nline.json",
        "array": folder / "array.json",
    }
    t = topology("paper-example")
    files["topology"].write_text(t.to_json())
    files["schedule"].write_text(schedule_doc("paper-example", "allgather"))
    files["broadcast"].write_text(schedule_doc("paper-example", "broadcast"))
    files["allreduce"].write_text(schedule_doc("paper-example", "allreduce"))
    files["empty"].write_text("")
    files["bad utf-8"].write_bytes(b'{"format": "\xe9"}')
    files["deep"].write_text("[" * 100_000 + "]" * 100_000)
    files["newline"].write_text(t.to_json())
    files["array"].write_text("[]")
    commands = ("catalog", "show", "generate", "sweep-k", "verify", "lp", "compare", "schema",
                "bound", "Bound", "help", "")
    options = ("--json", "--collective", "--root", "--k", "-o", "--output", "--csv",
               "--min-ratio", "--against", "--time-limit", "--kernel", "--formulation",
               "--write-lp", "--write-mps", "-q", "-h", "--help", "--version", "--",
               "-", "--k=0", "--root=", "--json=1", "--nope", "-x")
    values = (
        "paper-example", "paper-example:", "paper-example:boxes=2", "dgx-a100:boxes=1",
        "dgx-a100:boxes=0", "dgx-a100:boxes=-1", "dgx-a100:boxes=99999999999",
        "dgx-a100:boxes=1,boxes=1", "dgx-a100:boxes=１", "mi250:gpus=7", "nosuch", "nosuch:x=1",
        ":", " ", "", "allgather", "allreduce", "broadcast", "reduce", "reduce-scatter",
        "topology", "schedule", "trees", "lp", "cuts", "explicit", "igraph", "networkx",
        "dinic", "box0/c0", "box1/c3", "global", "nope", "0", "1", "2", "-1", "1-3", "3-1",
        "1,2", "1-99999999", "0.5", "1/2", "2/1", "0/0", "nan", "inf", "1e309", "1e-400",
        "99999999999", "\x00", "a\x00b", "é", "\ud800", "x" * 300, str(folder),
        str(folder / "missing" / "x.json"), str(folder / "out.json"), str(folder / "out.csv"),
        str(folder / "out.lp"), str(folder / "out.mps"), "out.json", "./paper-example",
        "paper-example.json", "/dev/null",
    ) + tuple(str(p) for p in files.values())
    safe_text = st.text(max_size=10).filter(
        lambda s: not s.startswith(("/", "~")) and ".." not in s)
    return st.lists(st.one_of(st.sampled_from(commands), st.sampled_from(options),
                              st.sampled_from(values), safe_text), max_size=8)


@pytest.mark.parametrize("form", FORMS)
def test_cli_on_arbitrary_arguments(form, tmp_path_factory, monkeypatch):
    """Random command lines from the commands, options and values the CLI knows, files
    good and bad, and arbitrary text (never an absolute path or one leaving the folder:
    outputs land in a scratch folder, which is also the working folder)."""
    folder = tmp_path_factory.mktemp("cli-argv")
    monkeypatch.chdir(folder)
    tokens = argv_tokens(folder)

    @fuzz_settings(form)
    @given(st.sampled_from(("catalog", "show", "generate", "sweep-k", "verify", "lp",
                            "compare", "schema", "bound")), tokens)
    def run(command, rest):
        argv = [command] + rest
        if "compare" in argv or "lp" in argv:       # keep the slow commands on small inputs
            argv = [a for a in argv if not a.startswith(("dgx", "mi250"))]
        code, _, err = run_cli(argv)
        assert_cli(argv, code, err)

    run()
