"""Compact schedules (``forestcoll-schedule/3``): the schema, the model's reader and writer,
``compress`` and ``expand``, on the docs' example, the catalog and random symmetric
networks."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forestcoll_opt import schemas
from forestcoll_opt.errors import ForestCollError, ScheduleError
from forestcoll_opt.generation.pipeline import compact_generators, generate
from forestcoll_opt.model import topology as T
from forestcoll_opt.model.compact import automorphism_problem, compress, expand
from forestcoll_opt.model.schedule import (FORMAT_V3, achieved_algbw, from_dict, link_loads,
                                           loads, schedule_routes)
from forestcoll_opt.verify import verify
from forestcoll_opt.model.trees import NodeGroup, cycles_of, perm_from_cycles, tree_key
from randomnets import random_symmetric_network

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"


def doc_examples() -> tuple[str, list[dict]]:
    """The topology example's text and the schedule examples of docs/formats.md."""
    blocks = [json.loads(b) for b in re.findall(r"^```json\n(.*?)\n```$",
                                                DOCS.read_text(encoding="utf-8"),
                                                re.DOTALL | re.MULTILINE)]
    topo = next(b for b in blocks if b["format"] == T.FORMAT)
    return json.dumps(topo), [b for b in blocks if b["format"] != T.FORMAT]

SCHEDULE_3 = jsonschema.Draft202012Validator(schemas.load("schedule-3"))
SPECS = ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2", "mi250:boxes=2",
         "mi250:boxes=2,gpus=8"]
COLLECTIVES = ["allgather", "reduce-scatter", "allreduce", "broadcast", "reduce"]


def _root(topo, collective):
    return topo.compute_nodes[1] if collective in ("broadcast", "reduce") else None


def compact_example() -> dict:
    return copy.deepcopy(next(s for s in doc_examples()[1] if s["format"] == FORMAT_V3))


def toy() -> T.Topology:
    return T.loads(doc_examples()[0])


def trees_of(schedule) -> list[Counter]:
    return [Counter(tree_key(t) for t in p.iter_trees()) for p in schedule.phases or (schedule,)]


# --- the schema ------------------------------------------------------------------------------

def test_schedule_3_schema_is_draft_2020_12_with_its_own_id():
    schema = schemas.load("schedule-3")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "urn:forestcoll:schedule:3" and schema["title"] == FORMAT_V3
    assert schema["properties"]["format"]["const"] == FORMAT_V3
    assert json.loads(schemas.text("schedule-3")) == schema
    assert schema["$defs"]["label"] == schemas.load("topology")["$defs"]["label"]


def test_docs_example_is_valid_and_stands_for_four_trees():
    doc = compact_example()
    SCHEDULE_3.validate(doc)
    sched = from_dict(doc, expand=False)
    assert sched.compact and sched.group == ((("a0", "a1"), ("b0", "b1")),)
    assert sched.group_order == 2 and sched.num_trees == 4
    plain = from_dict(doc)
    assert plain.format == "forestcoll-schedule/1" and len(plain.trees) == 4
    # what each file holds (expand and generate print it): 2 representatives, or 4 trees
    assert sched.written_trees == (2, 0) and plain.written_trees == (0, 4)
    # the images, in the order docs/formats.md gives: each representative, identity first
    assert [t.root for t in plain.trees] == ["a0", "a1", "b0", "b1"]
    assert plain.trees[1].edges[1].path == ("a0", "net", "b1")
    assert achieved_algbw(sched, toy()) == achieved_algbw(plain, toy()) == Fraction(100, 3)
    assert link_loads(sched)[("a0", "a1")] == link_loads(sched)[("a1", "a0")] == 2
    assert link_loads(sched)[("net", "b0")] == 1
    assert loads(sched.to_json(), expand=False) == sched
    # the version-1 reader's rules hold for the expanded schedule
    schemas_v1 = jsonschema.Draft202012Validator(schemas.load("schedule"))
    schemas_v1.validate(json.loads(plain.to_json()))


def _change(doc, path, value=None, drop=False):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if drop:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


MUTATIONS = {
    "no group": (["group"], None, True),
    "group not a list": (["group"], {"a0": "a1"}, False),
    "generator without cycles": (["group", 0], [], False),
    "cycle of one node": (["group", 0, 0], ["a0"], False),
    "cycle repeats a node": (["group", 0, 0], ["a0", "a0"], False),
    "cycle not a list": (["group", 0, 0], "a0", False),
    "no orbits": (["orbits"], None, True),
    "orbits empty, no trees": (["orbits"], [], False),
    "version 2 with a group": (["format"], "forestcoll-schedule/2", False),
    "representative without edges key": (["orbits", 0, "edges"], None, True),
    "representative weight 0": (["orbits", 0, "weight"], 0, False),
    "unknown key in a representative": (["orbits", 0, "x"], 1, False),
}


@pytest.mark.parametrize("case", sorted(MUTATIONS))
def test_schema_and_reader_refuse_the_same_shapes(case):
    path, value, drop = MUTATIONS[case]
    doc = _change(compact_example(), path, value, drop)
    assert not SCHEDULE_3.is_valid(doc), case
    with pytest.raises(ScheduleError):
        from_dict(doc)


def test_a_node_in_two_cycles_is_refused_by_the_reader():
    doc = compact_example()
    doc["group"] = [[["a0", "a1"], ["a1", "b0"]]]
    SCHEDULE_3.validate(doc)                   # beyond what a schema can say
    with pytest.raises(ScheduleError, match="a1 appears twice"):
        from_dict(doc)


def test_version_1_and_2_keys_stay_as_they_were():
    doc = compact_example()
    doc["trees"] = []                           # optional, may be empty beside orbits
    SCHEDULE_3.validate(doc)
    assert from_dict(doc) == from_dict(compact_example())
    for old in ("forestcoll-schedule/1", "forestcoll-schedule/2"):
        with pytest.raises(ScheduleError, match="group"):
            from_dict(dict(compact_example(), format=old))


def test_a_group_that_does_not_act_freely_is_refused_when_expanded():
    doc = compact_example()
    doc["group"] = [[["a0", "a1"]]]             # fixes b0 and b1: free on {a0, a1} only
    assert from_dict(doc).num_trees == 4        # free on one orbit is enough
    doc["group"] = [[["a0", "a1"]], [["b0", "b1"]]]   # order 4 but orbits of size 2
    with pytest.raises(ScheduleError, match="does not act freely"):
        from_dict(doc)


# --- compress and expand ---------------------------------------------------------------------

@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", COLLECTIVES)
def test_compressing_a_generated_schedule_stands_for_the_same_trees(catalog, spec, collective):
    topo = catalog(spec)
    root = _root(topo, collective)
    plain = generate(topo, collective=collective, root=root, symmetry=True)
    comp = compress(topo, plain, generators=compact_generators(topo, root=root))
    assert comp.format == FORMAT_V3 and comp.algbw == plain.algbw
    assert trees_of(comp) == trees_of(plain)
    assert comp.num_trees == plain.num_trees
    doc = json.loads(comp.to_json())
    SCHEDULE_3.validate(doc)
    assert from_dict(doc, expand=False) == comp
    assert expand(comp) == from_dict(doc)
    assert trees_of(expand(comp)) == trees_of(plain)
    assert achieved_algbw(comp, topo) == plain.algbw
    assert schedule_routes(comp) == schedule_routes(plain)
    for p, q in zip(comp.phases or (comp,), plain.phases or (plain,)):
        assert link_loads(p) == link_loads(q)


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", COLLECTIVES)
def test_compact_generation_reaches_the_same_bound_with_loads_counted_per_orbit(
        catalog, spec, collective):
    # generate(compact=True) may build its trees one per orbit (generation/orbits.py): other
    # trees than the plain pipeline's, the same claims; the loads it counts per orbit of
    # links are exactly those of the trees written out, and those reach the bound
    topo = catalog(spec)
    root = _root(topo, collective)
    plain = generate(topo, collective=collective, root=root, symmetry=True)
    comp = generate(topo, collective=collective, root=root, compact=True)
    assert comp.format == FORMAT_V3 and comp.algbw == plain.algbw
    # as many trees counted with their weights (k per root), perhaps grown otherwise
    assert [sum(t.weight for t in p.iter_trees()) for p in expand(comp).phases or (comp,)] \
        == [sum(t.weight for t in p.iter_trees()) for p in plain.phases or (plain,)]
    doc = json.loads(comp.to_json())
    SCHEDULE_3.validate(doc)
    assert from_dict(doc, expand=False) == comp
    full = expand(comp)
    assert full == from_dict(doc)
    assert achieved_algbw(full, topo) == achieved_algbw(comp, topo) == plain.algbw
    for p, q in zip(comp.phases or (comp,), full.phases or (full,)):
        assert link_loads(p) == link_loads(q)
    if collective != "allreduce":           # (the allreduce optimum is the LP's)
        assert verify(topo, full).status == "optimal"


def test_the_catalog_compresses_by_the_number_of_boxes(catalog):
    topo = catalog("dgx-h100:boxes=4")
    comp = generate(topo, compact=True)
    assert comp.stats.orbit_construction == 1
    assert comp.group_order == 32         # the rotations of the 4 boxes and the 8 rails
    assert not comp.trees and len(comp.orbits) * 32 == comp.num_trees == 64
    assert sum(t.weight for t in comp.orbits) * 32 == 10 * 32      # k = 10 per GPU
    assert len(comp.to_json()) * 15 < len(expand(comp).to_json())


@pytest.mark.parametrize("seed", range(8))
def test_random_symmetric_networks_compress_and_expand(seed):
    topo = T.from_dict(random_symmetric_network(seed))
    for collective in ("allgather", "reduce-scatter"):
        plain = generate(topo, collective=collective, symmetry=True)
        gens = compact_generators(topo)
        comp = compress(topo, plain, generators=gens)
        assert trees_of(comp) == trees_of(plain)
        assert achieved_algbw(comp, topo) == plain.algbw
        SCHEDULE_3.validate(json.loads(comp.to_json()))
        assert loads(comp.to_json()) == expand(comp)


def test_trees_that_close_no_orbit_stay_single(catalog):
    topo = catalog("dgx-a100:boxes=2")
    plain = generate(topo)                                  # grown without the group
    gens = compact_generators(topo)
    comp = compress(topo, plain, generators=gens)
    assert trees_of(comp) == trees_of(plain)
    assert comp.num_trees == plain.num_trees
    # an identity generator is dropped, the trivial group makes every tree its own orbit
    trivial = compress(topo, plain, generators=[tuple(range(len(topo.nodes)))])
    assert trivial.group == () and len(trivial.orbits) == len(plain.trees)
    assert trivial.written_trees == (len(plain.trees), 0)


def test_compress_refuses_a_generator_that_is_not_an_automorphism(catalog):
    topo = catalog("dgx-a100:boxes=2")
    plain = generate(topo)
    ids = topo.node_ids
    swap = {"box0/gpu0": "box0/nvswitch", "box0/nvswitch": "box0/gpu0"}
    with pytest.raises(ScheduleError, match="not an automorphism.*box0/gpu0 \\(compute\\)"):
        compress(topo, plain, generators=[swap])
    one_gpu = {"box0/gpu0": "box1/gpu0", "box1/gpu0": "box0/gpu0"}
    with pytest.raises(ScheduleError, match="not an automorphism"):
        compress(topo, plain, generators=[one_gpu])
    with pytest.raises(ScheduleError, match="entries"):
        compress(topo, plain, generators=[tuple(range(len(ids) - 1))])
    rooted = generate(topo, collective="broadcast", root="box0/gpu0")
    g = compact_generators(topo)[0]
    with pytest.raises(ScheduleError, match="moves the root"):
        compress(topo, rooted, generators=[g])


def test_automorphism_problem_checks_marks_types_and_bandwidths():
    topo = T.from_dict({"format": T.FORMAT, "nodes": [
        {"id": "a"}, {"id": "b"}, {"id": "s", "kind": "switch", "multicast": True},
        {"id": "t", "kind": "switch"}], "links": [
        {"src": "a", "dst": "s", "bandwidth": 2, "bidirectional": True, "type": "nvlink"},
        {"src": "b", "dst": "s", "bandwidth": 2, "bidirectional": True, "type": "pcie"},
        {"src": "a", "dst": "t", "bandwidth": 1, "bidirectional": True},
        {"src": "b", "dst": "t", "bandwidth": 1, "bidirectional": True}]})
    i = topo.index
    swap_ab = list(range(4))
    swap_ab[i["a"]], swap_ab[i["b"]] = i["b"], i["a"]
    assert "another type" in automorphism_problem(topo, swap_ab)
    swap_st = list(range(4))
    swap_st[i["s"]], swap_st[i["t"]] = i["t"], i["s"]
    assert "multicast" in automorphism_problem(topo, swap_st)
    assert automorphism_problem(topo, list(range(4))) is None
    assert "not a permutation" in automorphism_problem(topo, [0, 0, 1, 2])


# --- the group machinery ---------------------------------------------------------------------

def test_cycles_round_trip_and_elements_come_breadth_first():
    ids = [f"n{i}" for i in range(6)]
    index = {v: i for i, v in enumerate(ids)}
    rot = perm_from_cycles([["n0", "n1", "n2"], ["n3", "n4", "n5"]], index, "g")
    assert rot == (1, 2, 0, 4, 5, 3)
    assert cycles_of(rot, ids) == (("n0", "n1", "n2"), ("n3", "n4", "n5"))
    group = NodeGroup(6, [rot], range(6))
    assert group.order == 3
    assert group.elements() == [tuple(range(6)), rot, (2, 0, 1, 5, 3, 4)]
    with pytest.raises(ScheduleError, match="not a node"):
        perm_from_cycles([["n0", "x"]], index, "g")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(1, 3), st.data())
def test_a_group_acting_freely_is_enumerated_exactly(n, boxes, data):
    """Products of rotations of ``boxes`` blocks of n points, each rotating every block
    (free on every orbit): the elements are all distinct, closed under every generator,
    and as many as the base point's orbit; an extra generator that fixes a point of the
    base orbit while moving another is refused."""
    size = n * boxes
    shifts = data.draw(st.lists(st.integers(1, n - 1), min_size=1, max_size=3))
    gens = [tuple((b * n + (i + s) % n) for b in range(boxes) for i in range(n))
            for s in shifts]
    group = NodeGroup(size, gens, range(size))
    elements = group.elements()
    assert len(set(elements)) == len(elements) == group.order
    assert all(tuple(g[v] for v in e) in set(elements) for e in elements for g in gens)
    if n > 2:
        bad = list(range(size))
        bad[1], bad[2] = 2, 1                   # fixes point 0, moves 1
        with pytest.raises(ScheduleError):
            NodeGroup(size, gens + [tuple(bad)], range(size)).elements()


# --- the verifier's reader and the schema agree on compact files ---------------------------------

def _compact_variants() -> list[dict]:
    doc = compact_example()
    v2_keys = dict(copy.deepcopy(doc), multicast=False, weights={v: 2 for v in doc["compute_nodes"]})
    with_trees = copy.deepcopy(doc)
    with_trees["trees"] = [with_trees["orbits"].pop()]
    with_trees["trees"].append(json.loads(json.dumps(with_trees["trees"][0]).replace(
        '"b0"', '"X"').replace('"b1"', '"b0"').replace('"X"', '"b1"')))
    return [doc, v2_keys, with_trees]


ANY = st.one_of(st.none(), st.booleans(), st.integers(-2, 3), st.just([]), st.just({}),
                st.sampled_from(["a0", "a1", "b0", "b1", "net", "x", "100/3", "25/3",
                                 "forestcoll-schedule/2", "forestcoll-schedule/3"]),
                st.lists(st.sampled_from(["a0", "a1", "b0", "b1", "net"]), max_size=3),
                st.lists(st.lists(st.sampled_from(["a0", "a1", "b0", "b1", "net"]),
                                  max_size=3), max_size=2))


def _places(doc, path=()):
    out = [path]
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) \
        if isinstance(doc, list) else ()
    for key, value in items:
        out += _places(value, path + (key,))
    return out


@st.composite
def mutated_compact(draw):
    doc = copy.deepcopy(draw(st.sampled_from(_compact_variants())))
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from([p for p in _places(doc) if p]))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["set", "drop", "add"]))
        if how == "drop":
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["group", "orbits", "trees", "x"]))] = draw(ANY)
        else:
            parent[path[-1]] = draw(ANY)
    return doc


@settings(max_examples=250, deadline=None)
@given(mutated_compact())
def test_what_the_verifier_accepts_the_schema_accepts_and_the_model_reads(doc):
    """A compact file the verifier finds valid is valid per the version-3 schema, and the
    model's reader reads it to a schedule of the same algbw; the variants themselves are
    valid by all three."""
    from forestcoll_opt.verify import verify

    topo = toy()
    for variant in _compact_variants():
        assert verify(topo, variant).valid and SCHEDULE_3.is_valid(variant)
    verdict = verify(topo, doc)
    if verdict.valid:
        errors = [e.message for e in SCHEDULE_3.iter_errors(doc)]
        assert not errors, errors[:3]
        assert achieved_algbw(from_dict(doc, expand=False), topo) == verdict.algbw
