"""The JSON Schemas in ``forestcoll_opt.schemas`` against every file the toolkit writes and
the examples of docs/formats.md, and the schemas and the readers refusing the same things."""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forestcoll_opt import schemas
from forestcoll_opt.model import topology as T
from forestcoll_opt.model.catalog import build, families
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.verify import VerifyError, verify
from randomnets import random_network

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
SPECS = ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2", "mi250:boxes=2",
         "mi250:boxes=2,gpus=8"]
COLLECTIVES = ["allgather", "reduce-scatter", "allreduce", "broadcast", "reduce"]
ROOTED = ("broadcast", "reduce")


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = schemas.load(name)
    cls = jsonschema.validators.validator_for(schema)
    assert cls is jsonschema.Draft202012Validator
    return cls(schema)


TOPOLOGY = validator("topology")
SCHEDULE = validator("schedule")


def assert_valid(v: jsonschema.protocols.Validator, doc) -> None:
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(doc)]
    assert not errors, "\n".join(errors[:10])


# --- the schemas themselves --------------------------------------------------------------------

@pytest.mark.parametrize("name, fmt", [("topology", "forestcoll-topology/1"),
                                       ("schedule", "forestcoll-schedule/1")])
def test_schema_is_draft_2020_12_with_a_neutral_id(name, fmt):
    schema = schemas.load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:forestcoll:{name}:1"
    assert schema["title"] == fmt
    assert json.loads(schemas.text(name)) == schema


def test_unknown_schema_name_is_refused():
    with pytest.raises(ValueError, match="topology, schedule"):
        schemas.load("verdict")


def test_both_schemas_share_the_node_id_rules():
    a, b = schemas.load("topology")["$defs"], schemas.load("schedule")["$defs"]
    assert a["label"] == b["label"]


def _label_pattern() -> re.Pattern:
    return re.compile(schemas.load("topology")["$defs"]["label"]["not"]["pattern"])


def test_label_pattern_refuses_exactly_the_category_c_characters_of_the_bmp():
    forbidden = _label_pattern()
    for cp in range(0x10000):
        ch = chr(cp)
        category = unicodedata.category(ch)
        refused_by_schema = forbidden.search(ch) is not None
        if refused_by_schema:          # never stricter than the reader
            with pytest.raises(ForestCollError):
                T.check_id(f"x{ch}x", "test")
        elif category in ("Cc", "Cf", "Cs", "Co"):
            pytest.fail(f"U+{cp:04X} ({category}) is refused by the reader but not the schema")
        elif category != "Cn":
            assert T.check_id(f"x{ch}x", "test")


@pytest.mark.parametrize("label", [" a", "a ", " ", "a b "])
def test_leading_or_trailing_space_is_refused_by_both(label):
    with pytest.raises(ForestCollError):
        T.check_id(label, "test")
    assert not jsonschema.Draft202012Validator(schemas.load("topology")["$defs"]["label"]).is_valid(label)
    assert jsonschema.Draft202012Validator(schemas.load("topology")["$defs"]["label"]).is_valid("a b")


# --- everything the toolkit writes ----------------------------------------------------------------

def catalog_specs() -> list[str]:
    return sorted(set(SPECS) | set(families()))


@pytest.mark.parametrize("spec", catalog_specs())
def test_catalog_topologies_validate(spec):
    topo = build(spec)
    doc = json.loads(topo.to_json())
    assert_valid(TOPOLOGY, doc)
    assert T.from_dict(doc) == topo


@pytest.fixture(scope="module")
def topologies():
    cache: dict[str, T.Topology] = {}

    def get(spec: str) -> T.Topology:
        if spec not in cache:
            cache[spec] = build(spec)
        return cache[spec]

    return get


def _root(topo: T.Topology, collective: str) -> str | None:
    if collective not in ROOTED:
        return None
    return topo.compute_nodes[1] if collective == "broadcast" else topo.compute_nodes[-1]


@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2"])
@pytest.mark.parametrize("collective", COLLECTIVES)
def test_generated_schedules_validate(topologies, spec, collective):
    topo = topologies(spec)
    sched = generate(topo, collective=collective, root=_root(topo, collective))
    assert_valid(SCHEDULE, json.loads(sched.to_json()))


@pytest.mark.parametrize("spec, collective, k", [
    ("paper-example", "allgather", 1), ("paper-example", "reduce-scatter", 3),
    ("paper-example", "broadcast", 2), ("mi250:boxes=2,gpus=8", "allgather", 2),
    ("mi250:boxes=2,gpus=8", "allreduce", 1), ("dgx-h100:boxes=2", "reduce", 3)])
def test_fixed_k_schedules_validate(topologies, spec, collective, k):
    topo = topologies(spec)
    sched = generate(topo, collective=collective, k=k, root=_root(topo, collective))
    doc = json.loads(sched.to_json())
    assert_valid(SCHEDULE, doc)
    assert all(p["k"] == k for p in doc.get("phases", [doc]))


@pytest.mark.parametrize("seed", range(12))
def test_random_networks_and_their_schedules_validate(seed):
    raw = random_network(seed)
    assert_valid(TOPOLOGY, raw)                      # the input as written by hand
    topo = T.from_dict(raw)
    assert_valid(TOPOLOGY, json.loads(topo.to_json()))
    for collective in ("allgather", "allreduce", "reduce"):
        sched = generate(topo, collective=collective, root=_root(topo, collective))
        assert_valid(SCHEDULE, json.loads(sched.to_json()))


def test_files_written_by_the_command_line_validate(tmp_path, capsys):
    assert main(["show", "paper-example", "--json"]) == 0
    assert_valid(TOPOLOGY, json.loads(capsys.readouterr().out))
    runs = {"allgather.json": [], "allreduce.json": ["--collective", "allreduce"],
            "broadcast.json": ["--collective", "broadcast", "--root", "box0/c0"],
            "fixed.json": ["--collective", "reduce-scatter", "--k", "2"]}
    for name, extra in runs.items():
        out = tmp_path / name
        assert main(["generate", "paper-example", "-o", str(out), *extra]) == 0
        capsys.readouterr()
        assert_valid(SCHEDULE, json.loads(out.read_text(encoding="utf-8")))


# --- the examples of docs/formats.md -------------------------------------------------------------

def doc_examples() -> tuple[str, list[dict]]:
    """The topology example's text and every schedule example of docs/formats.md: every
    ```json block there is a complete document."""
    blocks = re.findall(r"^```json\n(.*?)\n```$", DOCS.read_text(encoding="utf-8"),
                        re.DOTALL | re.MULTILINE)
    topo_text = [b for b in blocks if json.loads(b).get("format") == T.FORMAT]
    scheds = [json.loads(b) for b in blocks if json.loads(b).get("format") != T.FORMAT]
    assert len(topo_text) == 1 and len(topo_text) + len(scheds) == len(blocks)
    # the compact example (version 3) has tests of its own: tests/model/test_compact.py, and
    # the all-to-all one (version 4) and the process group's (version 5) below, the groups
    # at once one (forestcoll-group-schedules/1) in tests/model/test_group_schedules.py
    return topo_text[0], [s for s in scheds if s["format"] not in (
        "forestcoll-schedule/3", "forestcoll-schedule/4", V5,
        "forestcoll-group-schedules/1")]


def doc_example_v5() -> dict:
    """The process group's example of docs/formats.md (forestcoll-schedule/5)."""
    blocks = re.findall(r"^```json\n(.*?)\n```$", DOCS.read_text(encoding="utf-8"),
                        re.DOTALL | re.MULTILINE)
    (one,) = [json.loads(b) for b in blocks if json.loads(b).get("format") == V5]
    return one


def recompute(topo: T.Topology, body: dict, n: int, rooted: bool) -> tuple[Fraction, Fraction]:
    """(tree_bandwidth, algbw) of one phase by the formula of docs/formats.md, written
    independently of the package: load(e) = sum of weight x uses of e, r = max load/bandwidth."""
    load: dict[tuple[str, str], int] = {}
    for tree in body["trees"]:
        for edge in tree["edges"]:
            for hop in zip(edge["path"], edge["path"][1:]):
                load[hop] = load.get(hop, 0) + tree["weight"]
    r = max(Fraction(used) / topo.capacity[hop] for hop, used in load.items())
    parts = body["k"] if rooted else n * body["k"]
    return 1 / r, parts / r


def test_docs_examples_validate_and_are_what_they_claim():
    topo_text, scheds = doc_examples()
    topo_doc = json.loads(topo_text, parse_float=Decimal)
    assert_valid(TOPOLOGY, topo_doc)
    topo = T.loads(topo_text)
    assert len(topo.compute_nodes) == 4 and len(topo.switch_nodes) == 1
    assert {s["collective"] for s in scheds} >= {"allgather", "allreduce", "broadcast"}
    n = len(topo.compute_nodes)
    for sched in scheds:
        assert_valid(SCHEDULE, sched)
        assert sched["topology"] == topo.name and sched["units"] == topo.units
        assert sched["compute_nodes"] == list(topo.compute_nodes)
        rooted = sched["collective"] in ROOTED
        time = Fraction(0)
        for phase in sched.get("phases", [sched]):
            tree_bw, algbw = recompute(topo, phase, n, rooted)
            assert Fraction(phase["tree_bandwidth"]) == tree_bw
            assert Fraction(phase["algbw"]) == algbw
            time += 1 / algbw
        assert Fraction(sched["algbw"]) == 1 / time
        fresh = generate(topo, collective=sched["collective"], root=sched.get("root"))
        assert fresh.algbw == Fraction(sched["algbw"])       # the generator's optimum today
        if sched["collective"] != "allreduce":
            assert fresh.k == sched["k"]
            verdict = verify(topo, sched)
            assert verdict.status == "optimal", verdict.reasons


def test_docs_refer_only_to_the_repository():
    text = DOCS.read_text(encoding="utf-8")
    for outside in ("DESIGN.md", "../shared", "shared/"):
        assert outside not in text


# --- the schemas refuse what the readers refuse -----------------------------------------------------

def _topology_example() -> dict:
    return json.loads(doc_examples()[0])


def _set(path: list, value):
    def change(doc):
        *where, last = path
        target = doc
        for key in where:
            target = target[key]
        target[last] = value
    return change


def _drop(path: list):
    def change(doc):
        *where, last = path
        target = doc
        for key in where:
            target = target[key]
        del target[last]
    return change


TOPOLOGY_MUTATIONS = {
    "unknown top-level key": _set(["colour"], "red"),
    "unknown node key": _set(["nodes", 0, "rack"], 3),
    "unknown link key": _set(["links", 0, "bidirectonal"], True),
    "missing format": _drop(["format"]),
    "another version": _set(["format"], "forestcoll-topology/2"),
    "a list as id": _set(["nodes", 0, "id"], ["a0"]),
    "an integer as id": _set(["nodes", 0, "id"], 7),
    "empty id": _set(["nodes", 0, "id"], ""),
    "id too long": _set(["nodes", 0, "id"], "n" * 257),
    "control character in id": _set(["nodes", 4, "id"], "net\n"),
    "zero-width space in id": _set(["nodes", 4, "id"], "ne\u200bt"),
    "control character in name": _set(["name"], "toy\t2box"),
    "empty units": _set(["units"], ""),
    "units not a string": _set(["units"], 5),
    "unknown kind": _set(["nodes", 4, "kind"], "router"),
    "box true": _set(["nodes", 0, "box"], True),
    "box fractional": _set(["nodes", 0, "box"], 1.5),
    "box out of range": _set(["nodes", 0, "box"], 2**53 + 1),
    "multicast a string": _set(["nodes", 4, "multicast"], "yes"),
    "bidirectional null": _set(["links", 0, "bidirectional"], None),
    "bidirectional a string": _set(["links", 0, "bidirectional"], "yes"),
    "nodes not a list": _set(["nodes"], {"a0": "compute"}),
    "links not a list": _set(["links"], "a0-a1"),
    "missing links": _drop(["links"]),
    "missing src": _drop(["links", 0, "src"]),
    "missing bandwidth": _drop(["links", 0, "bandwidth"]),
    "bandwidth abc": _set(["links", 0, "bandwidth"], "abc"),
    "bandwidth zero": _set(["links", 0, "bandwidth"], 0),
    "bandwidth zero string": _set(["links", 0, "bandwidth"], "0.0"),
    "bandwidth negative": _set(["links", 0, "bandwidth"], -100),
    "bandwidth negative string": _set(["links", 0, "bandwidth"], "-100"),
    "bandwidth true": _set(["links", 0, "bandwidth"], True),
    "bandwidth null": _set(["links", 0, "bandwidth"], None),
    "bandwidth a list": _set(["links", 0, "bandwidth"], [100]),
    "bandwidth above 1e15": _set(["links", 0, "bandwidth"], 10**15 + 1),
    "bandwidth NaN": _set(["links", 0, "bandwidth"], "NaN"),
    "bandwidth infinite": _set(["links", 0, "bandwidth"], "Infinity"),
    "bandwidth hexadecimal": _set(["links", 0, "bandwidth"], "0x64"),
    "fraction over zero": _set(["links", 0, "bandwidth"], "100/0"),
    "fraction zero": _set(["links", 0, "bandwidth"], "0/3"),
    "fraction with 31 digits": _set(["links", 0, "bandwidth"], "1" * 31 + "/3"),
    "decimal with 31 digits": _set(["links", 0, "bandwidth"], "1." + "0" * 30),
    "bandwidth string too long": _set(["links", 0, "bandwidth"], "1" + "0" * 80),
    "a single compute node": lambda d: [n.update(kind="switch") for n in d["nodes"][1:]],
}


@pytest.mark.parametrize("case", sorted(TOPOLOGY_MUTATIONS))
def test_schema_refuses_what_the_topology_reader_refuses(case):
    doc = _topology_example()
    TOPOLOGY_MUTATIONS[case](doc)
    with pytest.raises(ForestCollError):
        T.from_dict(doc)
    assert not TOPOLOGY.is_valid(doc), f"the schema accepts a topology with {case}"


def test_schema_and_reader_accept_the_optional_forms():
    doc = _topology_example()
    doc["nodes"][0].update(box="rack 1", multicast=None)
    doc["nodes"][1].update(box=None)
    doc["nodes"][4].update(multicast=True)
    del doc["nodes"][2]["kind"]
    del doc["name"], doc["units"], doc["description"]
    doc["links"][0]["bandwidth"] = "1.0e2"
    doc["links"][1]["bandwidth"] = "0062.50"
    assert_valid(TOPOLOGY, doc)
    topo = T.from_dict(doc)
    assert topo.name == "topology" and topo.units == "GB/s"
    assert_valid(TOPOLOGY, json.loads(topo.to_json()))


BANDWIDTH_TEXT = st.one_of(
    st.text(alphabet="0123456789./eE+-_ ", max_size=40),
    st.builds(lambda a, b: f"{a}/{b}", st.integers(0, 10**32), st.integers(0, 10**32)),
    st.builds(lambda d, e: f"{d}e{e}", st.decimals(allow_nan=False, allow_infinity=False,
                                                     places=6), st.integers(-60, 30)))


@settings(max_examples=300, deadline=None)
@given(BANDWIDTH_TEXT)
def test_schema_never_accepts_a_bandwidth_the_reader_refuses_for_its_form(text):
    """The schema checks a string bandwidth's form and digits; the reader also checks its
    range and the common unit, which a pattern cannot express. Any other refusal by the
    reader must be a refusal by the schema too."""
    doc = {"format": T.FORMAT, "nodes": [{"id": "a"}, {"id": "b"}],
           "links": [{"src": "a", "dst": "b", "bandwidth": text, "bidirectional": True}]}
    try:
        T.from_dict(doc)
        refusal = None
    except ForestCollError as exc:
        refusal = str(exc)
    if TOPOLOGY.is_valid(doc) and refusal is not None:
        assert "outside the accepted range" in refusal or "common unit" in refusal, refusal


def _schedule_example(collective: str) -> dict:
    return copy.deepcopy(next(s for s in doc_examples()[1] if s["collective"] == collective))


SCHEDULE_MUTATIONS = {
    "unknown top-level key": ("allgather", _set(["phase"], 1)),
    "root on allgather": ("allgather", _set(["root"], "a0")),
    "phases on allgather": ("allgather", _set(["phases"], [])),
    "missing root on broadcast": ("broadcast", _drop(["root"])),
    "root not a string": ("broadcast", _set(["root"], ["a0"])),
    "missing format": ("allgather", _drop(["format"])),
    "another version": ("allgather", _set(["format"], "forestcoll-schedule/3")),
    "unknown collective": ("allgather", _set(["collective"], "gather")),
    "missing k": ("allgather", _drop(["k"])),
    "k zero": ("allgather", _set(["k"], 0)),
    "k a string": ("allgather", _set(["k"], "2")),
    "k beyond 64 bits": ("allgather", _set(["k"], 2**63)),
    "missing trees": ("broadcast", _drop(["trees"])),
    "no trees": ("allgather", _set(["trees"], [])),
    "unknown tree key": ("allgather", _set(["trees", 0, "height"], 2)),
    "weight zero": ("broadcast", _set(["trees", 0, "weight"], 0)),
    "weight fractional": ("broadcast", _set(["trees", 0, "weight"], 1.5)),
    "weight true": ("broadcast", _set(["trees", 0, "weight"], True)),
    "tree root a list": ("allgather", _set(["trees", 0, "root"], ["a0"])),
    "missing edges": ("allgather", _drop(["trees", 0, "edges"])),
    "unknown edge key": ("allgather", _set(["trees", 0, "edges", 0, "hops"], 1)),
    "missing path": ("allgather", _drop(["trees", 0, "edges", 0, "path"])),
    "path of one node": ("allgather", _set(["trees", 0, "edges", 0, "path"], ["a0"])),
    "path not a list": ("allgather", _set(["trees", 0, "edges", 0, "path"], "a0>a1")),
    "edge src a number": ("allgather", _set(["trees", 0, "edges", 0, "src"], 0)),
    "algbw abc": ("allgather", _set(["algbw"], "abc")),
    "algbw a float": ("allgather", _set(["algbw"], 33.3)),
    "tree_bandwidth null": ("allgather", _set(["tree_bandwidth"], None)),
    "units not a string": ("allgather", _set(["units"], 1)),
    "compute_nodes not a list": ("allgather", _set(["compute_nodes"], "a0 a1 b0 b1")),
    "compute node listed twice": ("allgather", _set(["compute_nodes"], ["a0", "a0", "b0", "b1"])),
}


@pytest.mark.parametrize("case", sorted(SCHEDULE_MUTATIONS))
def test_schema_refuses_what_the_verifier_refuses(case):
    collective, change = SCHEDULE_MUTATIONS[case]
    topo = T.loads(doc_examples()[0])
    doc = _schedule_example(collective)
    assert verify(topo, doc).status == "optimal"
    change(doc)
    try:
        refused = verify(topo, doc).status == "invalid"
    except VerifyError:
        refused = True
    assert refused, f"the verifier accepts a schedule with {case}"
    assert not SCHEDULE.is_valid(doc), f"the schema accepts a schedule with {case}"


ALLREDUCE_MUTATIONS = {
    "k at the top level": _set(["k"], 2),
    "trees at the top level": _set(["trees"], []),
    "root at the top level": _set(["root"], "a0"),
    "tree_bandwidth at the top level": _set(["tree_bandwidth"], "25/6"),
    "phases in the wrong order": lambda d: d["phases"].reverse(),
    "a single phase": lambda d: d["phases"].pop(),
    "a third phase": lambda d: d["phases"].append(copy.deepcopy(d["phases"][1])),
    "missing phases": _drop(["phases"]),
    "root in a phase": _set(["phases", 0, "root"], "a0"),
    "unknown key in a phase": _set(["phases", 1, "units"], "GB/s"),
    "phase without k": _drop(["phases", 1, "k"]),
    "phase with a broadcast": _set(["phases", 1, "collective"], "broadcast"),
}


@pytest.mark.parametrize("case", sorted(ALLREDUCE_MUTATIONS))
def test_schema_refuses_malformed_allreduce(case):
    doc = _schedule_example("allreduce")
    assert_valid(SCHEDULE, doc)
    ALLREDUCE_MUTATIONS[case](doc)
    assert not SCHEDULE.is_valid(doc), f"the schema accepts an allreduce with {case}"


@pytest.mark.parametrize("value, ok", [
    ("104", True), ("1040/3", True), (104, True), ("12.5", True), ("1.5e3", True),
    ("0", False), ("0/3", False), ("3/0", False), ("-3", False), ("1.2.3", False),
    ("abc", False), (1.5, False), (0, False), (None, False), (True, False), ("", False)])
def test_schedule_exact_numbers(value, ok):
    doc = _schedule_example("broadcast")
    doc["algbw"] = value
    assert SCHEDULE.is_valid(doc) is ok


# --- forestcoll-schedule/2 -------------------------------------------------------------------------

SCHEDULE_2 = validator("schedule-2")
V5 = "forestcoll-schedule/5"
V2 = "forestcoll-schedule/2"


def _without_descriptions(node):
    if isinstance(node, dict):
        return {k: _without_descriptions(v) for k, v in node.items() if k != "description"}
    if isinstance(node, list):
        return [_without_descriptions(v) for v in node]
    return node


def test_schedule_2_schema_is_draft_2020_12_with_its_own_id():
    schema = schemas.load("schedule-2")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "urn:forestcoll:schedule:2" and schema["title"] == V2
    assert schema["properties"]["format"]["const"] == V2
    assert json.loads(schemas.text("schedule-2")) == schema
    assert schema["$defs"]["label"] == schemas.load("topology")["$defs"]["label"]


def test_version_2_schedules_validate(topologies):
    topo = topologies("paper-example")
    weights = {v: 1 + i % 3 for i, v in enumerate(topo.compute_nodes)}
    for collective in ("allgather", "reduce-scatter", "allreduce"):
        doc = json.loads(generate(topo, collective=collective, weights=weights).to_json())
        assert doc["format"] == V2 and "weights" in doc
        assert_valid(SCHEDULE_2, doc)
        assert not SCHEDULE.is_valid(doc)
    for sched in doc_examples()[1]:                 # every version-1 example, relabelled
        assert_valid(SCHEDULE_2, dict(sched, format=V2))
    assert_valid(SCHEDULE_2, dict(_schedule_example("allreduce"), format=V2, concurrent=True))


def _version_2_example(collective: str) -> dict:
    doc = dict(_schedule_example(collective), format=V2)
    if collective not in ROOTED:
        doc["weights"] = {v: 1 for v in doc["compute_nodes"]}
    return doc


SCHEDULE_2_MUTATIONS = {
    "weights on a broadcast": ("broadcast", _set(["weights"], {"a0": 1, "a1": 1, "b0": 1,
                                                                "b1": 1})),
    "concurrent on an allgather": ("allgather", _set(["concurrent"], True)),
    "concurrent a string": ("allreduce", _set(["concurrent"], "yes")),
    "concurrent null": ("allreduce", _set(["concurrent"], None)),
    "weights a list": ("allgather", _set(["weights"], [1, 1, 1, 1])),
    "weight negative integer": ("allgather", _set(["weights", "a0"], -1)),
    "weight over zero": ("allgather", _set(["weights", "a0"], "1/0")),
    "weight negative": ("allreduce", _set(["weights", "b1"], "-2")),
    "weight abc": ("allgather", _set(["weights", "a1"], "abc")),
    "weight a float": ("allgather", _set(["weights", "b0"], 1.5)),
    "weights in a phase": ("allreduce", _set(["phases", 0, "weights"], {"a0": 1})),
    "version 1 format": ("allgather", _set(["format"], "forestcoll-schedule/1")),
}


@pytest.mark.parametrize("value, ok", [
    (0, True), ("0", True), ("0/3", True), (2, True), ("1/2", True), ("0.5", True),
    (-1, False), ("-1", False), ("1/0", False), ("abc", False), (1.5, False), (True, False),
    (None, False), ("", False)])
def test_schedule_2_weights(value, ok):
    topo = T.loads(doc_examples()[0])
    doc = _version_2_example("allgather")
    doc["weights"]["a0"] = value
    assert SCHEDULE_2.is_valid(doc) is ok
    if not ok:                                  # the verifier refuses it as well
        assert verify(topo, doc).status == "invalid"


@pytest.mark.parametrize("case", sorted(SCHEDULE_2_MUTATIONS))
def test_schedule_2_schema_refuses_what_the_verifier_refuses(case):
    collective, change = SCHEDULE_2_MUTATIONS[case]
    topo = T.loads(doc_examples()[0])
    doc = _version_2_example(collective)
    assert_valid(SCHEDULE_2, doc)
    assert verify(topo, doc, against="trees").status == "optimal"
    change(doc)
    assert verify(topo, doc, against="trees").status == "invalid", case
    assert not SCHEDULE_2.is_valid(doc), f"the schema accepts a schedule with {case}"


# --- the verifier's reader and the schemas agree on every file -----------------------------------
#
# A file is judged as the verifier reads it: UTF-8 JSON with every number that has a fraction
# or an exponent as an exact Decimal. JSON Schema counts a number of whole value as an
# integer (2.0, 1e3); the validator below does the same for Decimals, so that the schemas
# are applied to the mathematical values, never to binary floats.

def _json_integer(checker, instance) -> bool:
    if isinstance(instance, bool):
        return False
    if isinstance(instance, int):
        return True
    if isinstance(instance, (float, Decimal)):
        return Decimal(instance).is_finite() and instance == int(instance)
    return False


def _json_number(checker, instance) -> bool:
    return not isinstance(instance, bool) and isinstance(instance, (int, float, Decimal))


EXACT_TYPES = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many(
    {"integer": _json_integer, "number": _json_number})
ExactValidator = jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                              type_checker=EXACT_TYPES)
EXACT = {name: ExactValidator(schemas.load(name))
         for name in ("schedule", "schedule-2", "schedule-5")}


def _definition(name: str) -> jsonschema.protocols.Validator:
    """A validator for one leaf definition of the version-2 schedule schema."""
    return ExactValidator(schemas.load("schedule-2")["$defs"][name])


def _schema_of(doc) -> jsonschema.protocols.Validator:
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return EXACT["schedule-2" if fmt == V2 else "schedule-5" if fmt == V5 else "schedule"]


def _reads(value) -> Decimal | int | str:
    """A value as the verifier's reader gets it from a file: through JSON text (a string,
    or number text from :func:`_literal`)."""
    from forestcoll_opt.verify import load_schedule
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        fh.write('{"v": ' + (value[1] if isinstance(value, tuple) else json.dumps(value)) + "}")
    try:
        return load_schedule(fh.name)["v"]
    finally:
        Path(fh.name).unlink()


def _literal(text: str) -> tuple[str, str]:
    """JSON number text to be written as it is (``8.0``, ``1E3``), not as a string."""
    return ("number", text)


NUMBER_TEXT = st.one_of(
    st.text(alphabet="0123456789./eE+- _", max_size=12),
    st.from_regex(r"\A[0-9]{1,4}/[0-9]{1,4}\Z"),
    st.from_regex(r"\A(?:[0-9]{0,4}\.?[0-9]{0,4})(?:[eE][+-]?[0-9]{1,4})?\Z"),
    st.builds(lambda a, b: f"{a}{b}", st.sampled_from(["", " ", "+", "-", "\t"]),
              st.sampled_from(["8", "8/1", "2.5", "1e3", "0", "0/3", "3/0"])),
    st.sampled_from(["", "1" * 101, "9" * 100, "NaN", "Infinity", "0x8", "８", "1_000",
                     "1e999", "1e-999", ".e1", "1.", ".1"]))
NUMBER_LITERAL = st.one_of(
    st.integers(-3, 10**20).map(lambda v: _literal(str(v))),
    st.from_regex(r"\A-?(0|[1-9][0-9]{0,2})\.[0-9]{1,3}([eE][+-]?[0-9]{1,2})?\Z").map(_literal),
    st.from_regex(r"\A-?(0|[1-9][0-9]{0,2})[eE][+-]?[0-9]{1,2}\Z").map(_literal),
    st.sampled_from(["9223372036854775807", "9223372036854775808", "9223372036854775807.0",
                     "1.0000000000000000000001", "1e18", "1E+19"]).map(_literal))


@settings(max_examples=400, deadline=None)
@given(st.one_of(NUMBER_TEXT, NUMBER_LITERAL))
def test_exact_numbers_counts_and_weights_agree_with_the_schema(value):
    """Each leaf grammar of the schedule formats, both ways: what the schema's definition
    accepts the verifier reads (a positive exact number for algbw and tree_bandwidth, a
    non-negative one for a shard weight, an integer in [1, 2^63 - 1] for k and a tree's
    weight), and what it refuses the verifier refuses."""
    from forestcoll_opt.verify.terms import MAX_INTEGER, integral, parse_exact

    read = _reads(value)
    exact = parse_exact(read)
    assert _definition("exactNumber").is_valid(read) == (exact is not None and exact > 0), read
    assert _definition("weight").is_valid(read) == (exact is not None and exact >= 0), read
    whole = integral(read)
    assert _definition("count").is_valid(read) == (
        whole is not None and 1 <= whole <= MAX_INTEGER), read


def _loose(doc) -> dict:
    """verify's keywords that judge any schedule of the example network: an allreduce
    against a certified interval that every schedule meets."""
    return {"lp_interval": (Fraction(1, 10**30), Fraction(10**30))} \
        if isinstance(doc, dict) and doc.get("collective") == "allreduce" else {}


def _examples_v1_and_v2() -> list[dict]:
    """The schedule examples of docs/formats.md, and version-2 forms of them: uniform
    weights, multicast false, concurrent false."""
    out = []
    for sched in doc_examples()[1]:
        out.append(copy.deepcopy(sched))
        v2 = dict(copy.deepcopy(sched), format=V2, multicast=False)
        if sched["collective"] not in ROOTED:
            v2["weights"] = {v: 3 for v in sched["compute_nodes"]}
        if sched["collective"] == "allreduce":
            v2["concurrent"] = False
        out.append(v2)
    group = doc_example_v5()          # a process group's (version 5), and with its options
    out += [group, dict(copy.deepcopy(group), multicast=False, weights={"a0": 3, "b0": 3})]
    return out


def _places(doc, path=()) -> list[tuple]:
    """Every (path) to a value inside a document, containers included."""
    out = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _places(value, path + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _places(value, path + (i,))
    return out


def _at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


ANY_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 2**64),
              st.decimals(allow_nan=False, allow_infinity=False, places=2).map(
                  lambda d: d.normalize() if d == d.to_integral_value() else d),
              NUMBER_TEXT, st.sampled_from(["a0", "a1", "b0", "b1", "net", "a0 ", " a0",
                                            "allgather", "reduce-scatter", "forestcoll-schedule/1",
                                            "forestcoll-schedule/2", "GB/s", "toy-2box", "x\u200b",
                                            "100/3", "25/6", "50/3", " +100/3 ", "+25/6",
                                            "50/3 ", ""])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["root", "k", "x", "src", "path"]),
                                            inner, max_size=2)),
    max_leaves=4)


def _near_spellings(value: int | str) -> list:
    """The same number (or id) written a little differently: with a sign, blanks, as a
    JSON string or a whole or fractional JSON number; some of these the grammar allows."""
    text = str(value)
    out = [f" {text}", f"{text} ", f"+{text}", f" +{text} ", f"-{text}", f"{text}\n",
           f"0{text}", f"{text}/1", f"{text}.0"]
    if isinstance(value, int):
        out += [text, Decimal(text), Decimal(f"{text}.5"), Decimal(f"{text}e0"), -value]
    return out


@st.composite
def mutated_schedules(draw):
    """A valid schedule of the docs' example network with one to three random changes:
    a value replaced by any JSON value or written a little differently, a key or list item
    removed, a key added; half of
    them at the top level or in an allreduce phase, where the schema's required keys are."""
    doc = copy.deepcopy(draw(st.sampled_from(_examples_v1_and_v2())))
    for _ in range(draw(st.integers(1, 3))):
        places = _places(doc)
        shallow = [p for p in places if len(p) <= 3 and not isinstance(p[-1:] or 0, int)]
        path = draw(st.sampled_from(shallow if draw(st.booleans()) else places))
        how = draw(st.sampled_from(["set", "drop", "add", "respell"]))
        value = _at(doc, path)
        if how == "respell" and isinstance(value, (int, str)) and not isinstance(value, bool) \
                and path:
            _at(doc, path[:-1])[path[-1]] = draw(st.sampled_from(_near_spellings(value)))
        elif how == "set" and path:
            _at(doc, path[:-1])[path[-1]] = draw(ANY_VALUE)
        elif how == "drop" and path:
            del _at(doc, path[:-1])[path[-1]]
        elif how == "add" and isinstance(_at(doc, path), dict):
            key = draw(st.sampled_from(["root", "k", "trees", "phases", "weights",
                                        "concurrent", "multicast", "topology", "units",
                                        "tree_bandwidth", "algbw", "process_group",
                                        "extra"]))
            _at(doc, path)[key] = draw(ANY_VALUE)
    return doc


@settings(max_examples=300, deadline=None)
@given(mutated_schedules())
def test_what_the_verifier_accepts_the_schema_accepts(doc):
    """Readable ⇒ valid per schema: a schedule the verifier finds valid (OPTIMAL or below)
    is valid per the shipped schema of its version; so anything the schema refuses, the
    verifier refuses too."""
    topo = T.loads(doc_examples()[0])
    parsed = doc                     # numbers with a fraction are Decimals, as read from a file
    try:
        verdict = verify(topo, parsed, **_loose(parsed))
    except (VerifyError, ForestCollError):
        return
    if verdict.valid:
        errors = [e.message for e in _schema_of(parsed).iter_errors(parsed)]
        assert not errors, (verdict.status, errors[:3])


def _spellings(value: Fraction, draw) -> object:
    """Another way of writing ``value`` that the docs' grammar allows: a JSON integer
    (also as 8.0 or 8e0 when whole), "p/q" with common factors and leading zeros, or a
    decimal string with an exponent and leading or trailing zeros when its expansion ends."""
    forms = []
    if value.denominator == 1:
        forms += [value.numerator, Decimal(value.numerator).quantize(Decimal("0.0")),
                  Decimal(f"{value.numerator}e0"), str(value.numerator)]
    m = draw(st.integers(1, 50))
    zeros = "0" * draw(st.integers(0, 3))
    forms.append(f"{zeros}{value.numerator * m}/{zeros}{value.denominator * m}")
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:                                       # a terminating decimal
        shift = draw(st.integers(-3, 3))
        digits = Decimal(value.numerator) / Decimal(value.denominator)
        mantissa = digits.scaleb(-shift)
        forms.append(f"{zeros}{mantissa:f}e{shift:+d}".replace("e+0", "e0"))
    return draw(st.sampled_from(forms))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_what_the_schema_accepts_the_verifier_reads(data):
    """Valid per schema ⇒ readable: the freedoms the schema leaves (every spelling of an
    exact number, whole JSON numbers for counts, optional keys present or absent, key
    order) never change the verifier's reading of a valid schedule."""
    topo = T.loads(doc_examples()[0])
    doc = copy.deepcopy(data.draw(st.sampled_from(_examples_v1_and_v2())))
    want = verify(topo, doc, **_loose(doc))
    assert want.valid
    for body in doc.get("phases", [doc]) + ([doc] if "phases" in doc else []):
        for key in ("algbw", "tree_bandwidth"):
            if key in body:
                body[key] = _spellings(Fraction(body[key]), data.draw)
        if "k" in body and data.draw(st.booleans()):
            body["k"] = Decimal(body["k"]).quantize(Decimal("0.0"))
        for tree in body.get("trees", []):
            if data.draw(st.booleans()):
                tree["weight"] = Decimal(f"{tree['weight']}e0")
    if "weights" in doc:
        doc["weights"] = {v: _spellings(Fraction(w), data.draw)
                          for v, w in doc["weights"].items()}
    for key in ("topology", "units", "tree_bandwidth", "multicast", "concurrent"):
        if key in doc and data.draw(st.booleans()):
            del doc[key]
    order = data.draw(st.permutations(sorted(doc)))
    doc = {key: doc[key] for key in order}
    errors = [e.message for e in _schema_of(doc).iter_errors(doc)]
    assert not errors, errors[:3]
    got = verify(topo, doc, **_loose(doc))
    assert got.valid and got.algbw == want.algbw and got.status == want.status, got.reasons


@settings(max_examples=300, deadline=None)
@given(NUMBER_LITERAL, st.sampled_from(["bandwidth", "box"]))
def test_topology_json_numbers_agree_with_the_schema(literal, field):
    """A bandwidth or box written as a JSON number: the topology reader takes it exactly
    when the schema does (an integer, also written 300.0 or 3e2, in range) and refuses it
    otherwise (a number with a fraction: the docs' grammar wants a string)."""
    doc = {"format": T.FORMAT, "nodes": [{"id": "a"}, {"id": "b"}],
           "links": [{"src": "a", "dst": "b", "bandwidth": 10, "bidirectional": True}]}
    text = json.dumps(doc)
    text = (text.replace('"bandwidth": 10', f'"bandwidth": {literal[1]}') if field == "bandwidth"
            else text.replace('{"id": "a"}', f'{{"id": "a", "box": {literal[1]}}}'))
    parsed = json.loads(text, parse_float=Decimal)
    try:
        T.loads(text)
        read = True
    except ForestCollError:
        read = False
    assert ExactValidator(schemas.load("topology")).is_valid(parsed) == read, text


# --- forestcoll-schedule/4: all-to-all routes ----------------------------------------------------

SCHEDULE_4 = validator("schedule-4")
SCHEDULE_5 = validator("schedule-5")


def test_schedule_5_example_is_what_generate_writes_and_verifies_at_its_groups_bound():
    # the group {a0, b0} of the example network: b0 reaches net over its own 25/3 and,
    # through b1, another 25/3: x* = 50/3, algbw = 2 x 50/3 = 100/3; a0 has 50 + 50
    import forestcoll_opt as fc

    schema = schemas.load("schedule-5")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert (schema["$id"], schema["title"]) == ("urn:forestcoll:schedule:5", V5)
    doc = doc_example_v5()
    assert_valid(SCHEDULE_5, doc)
    assert not SCHEDULE_2.is_valid(doc) and not SCHEDULE.is_valid(doc)
    topo = T.loads(doc_examples()[0])
    made = fc.generate(topo, group="a0,b0")
    assert json.loads(made.to_json()) == doc
    v = verify(topo, doc)
    assert (v.status, v.algbw) == ("optimal", Fraction(100, 3))
    g = fc.group_bound(topo, "a0,b0")
    assert (g.relayed.algbw, g.switched_off.algbw) == (Fraction(100, 3), Fraction(50, 3))
    # the schema and the readers refuse the same malformed claims
    from forestcoll_opt.model.schedule import from_dict as read
    for bad in (dict(doc, process_group=["b0", "a0"]), dict(doc, process_group=["a0"]),
                {k: v for k, v in doc.items() if k != "process_group"}):
        assert not verify(topo, bad).valid
        with pytest.raises(ForestCollError):
            read(bad)
    assert not SCHEDULE_5.is_valid({k: v for k, v in doc.items() if k != "process_group"})
    assert not SCHEDULE_5.is_valid(dict(doc, process_group=["a0"]))


def test_schedule_4_schema_is_draft_2020_12_with_its_own_id():
    schema = schemas.load("schedule-4")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "urn:forestcoll:schedule:4"
    assert schema["title"] == "forestcoll-schedule/4"
    assert schema["$defs"]["label"] == schemas.load("schedule-2")["$defs"]["label"]


def test_alltoall_schedules_validate(topologies):
    from forestcoll_opt import baseline, lp_alltoall

    for spec in ("paper-example", "dgx-h100:boxes=2"):
        topo = topologies(spec)
        made = [lp_alltoall(topo), baseline(topo, "direct", collective="alltoall"),
                baseline(topo, "pxn", collective="alltoall"),
                lp_alltoall(topo, demand={topo.compute_nodes[0]: {topo.compute_nodes[1]: 3,
                                                                   topo.compute_nodes[2]: 1}})]
        for sched in made:
            doc = json.loads(sched.to_json(), parse_float=Decimal)
            assert_valid(SCHEDULE_4, doc)
            assert not SCHEDULE.is_valid(doc) and not SCHEDULE_2.is_valid(doc)


def test_docs_alltoall_example_validates_and_is_what_it_claims():
    blocks = re.findall(r"^```json\n(.*?)\n```$", DOCS.read_text(encoding="utf-8"),
                        re.DOTALL | re.MULTILINE)
    topo = T.loads(next(b for b in blocks if json.loads(b).get("format") == T.FORMAT))
    [doc] = [json.loads(b) for b in blocks if json.loads(b).get("format") == "forestcoll-schedule/4"]
    assert_valid(SCHEDULE_4, doc)
    # the formula of docs/formats.md, written here again: k·Σd / ((N−1)·max load/b)
    n = len(topo.compute_nodes)
    load: dict[tuple[str, str], int] = {}
    for r in doc["routes"]:
        for hop in zip(r["path"], r["path"][1:]):
            load[hop] = load.get(hop, 0) + r["weight"]
    busiest = max(Fraction(x) / topo.capacity[hop] for hop, x in load.items())
    assert Fraction(doc["algbw"]) == doc["k"] * n * (n - 1) / ((n - 1) * busiest) == Fraction(50, 3)
    assert verify(topo, doc, against="cut").status == "optimal"


@pytest.mark.parametrize("change, where", [
    (lambda d: d.update(format="forestcoll-schedule/2"), "format"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["routes"][0].update(weight=0), "weight"),
    (lambda d: d["routes"][0].update(path=["a0"]), "path"),
    (lambda d: d["routes"][0].update(path=["a0", "net", "a0", "a1"]), "twice"),
    (lambda d: d.update(demand={"a0": {"a1": 0}}), "demand"),
    (lambda d: d.update(k="1"), "k"),
])
def test_schedule_4_schema_refuses_what_the_verifier_refuses(change, where):
    blocks = re.findall(r"^```json\n(.*?)\n```$", DOCS.read_text(encoding="utf-8"),
                        re.DOTALL | re.MULTILINE)
    topo = T.loads(next(b for b in blocks if json.loads(b).get("format") == T.FORMAT))
    doc = copy.deepcopy(next(json.loads(b) for b in blocks
                             if json.loads(b).get("format") == "forestcoll-schedule/4"))
    change(doc)
    assert not SCHEDULE_4.is_valid(doc)
    assert verify(topo, doc, against="cut").status == "invalid"

