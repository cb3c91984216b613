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
from forestcoll_opt import topology as T
from forestcoll_opt.catalog import build, families
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.schedule import generate
from forestcoll_opt.verify import VerifyError, verify
from randomnets import random_network

DOCS = Path(__file__).resolve().parent.parent / "docs" / "formats.md"
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
    sched = generate(topo, collective, root=_root(topo, collective))
    assert_valid(SCHEDULE, json.loads(sched.to_json()))


@pytest.mark.parametrize("spec, collective, k", [
    ("paper-example", "allgather", 1), ("paper-example", "reduce-scatter", 3),
    ("paper-example", "broadcast", 2), ("mi250:boxes=2,gpus=8", "allgather", 2),
    ("mi250:boxes=2,gpus=8", "allreduce", 1), ("dgx-h100:boxes=2", "reduce", 3)])
def test_fixed_k_schedules_validate(topologies, spec, collective, k):
    topo = topologies(spec)
    sched = generate(topo, collective, k=k, root=_root(topo, collective))
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
        sched = generate(topo, collective, root=_root(topo, collective))
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
    return topo_text[0], scheds


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
        fresh = generate(topo, sched["collective"], root=sched.get("root"))
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
        doc = json.loads(generate(topo, collective, weights=weights).to_json())
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
