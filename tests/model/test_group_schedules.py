"""forestcoll-group-schedules/1 (forestcoll_opt.model.group_schedules): written and read
back byte for byte, verified the same before and after, its reader strict on the shape,
and the joint λ counted by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import ScheduleError
from forestcoll_opt.model.group_schedules import (GroupSchedules, group_schedules_from_dict,
                                                  joint_lambda, load_group_schedules)

from tests.verify.test_groups_attacks import G, uplink_direct


@pytest.fixture(scope="module", params=["allgather", "reduce-scatter", "allreduce"])
def built(request):
    topo = fc.resolve("dgx-h100:boxes=2")
    return topo, fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp",
                                        collective=request.param)


@pytest.mark.parametrize("suffix", [".json", ".json.gz"])
def test_written_read_back_and_written_again_byte_for_byte(built, suffix, tmp_path):
    topo, out = built
    path = tmp_path / f"groups{suffix}"
    out.save(path)
    back = load_group_schedules(path)
    assert back == out
    again = tmp_path / f"again{suffix}"
    back.save(again)
    assert again.read_bytes() == path.read_bytes()
    assert json.loads(out.to_json()) == out.to_dict()
    # the file verifies as the object did
    assert fc.verify_concurrent(topo, path).to_dict() == fc.verify_concurrent(topo, out).to_dict()
    # every group's schedule is an ordinary Schedule of its group (for the time model)
    assert all(isinstance(s, fc.Schedule) and s.process_group for s in back.schedules)
    assert [s.compute_nodes for s in back.schedules] == [g.members for g in back.groups]


def test_optional_keys_are_left_out_not_written_null(tmp_path):
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=G)
    bare = GroupSchedules(out.collective, "", "", out.groups, out.schedules, out.achieved)
    data = bare.to_dict()
    assert set(data) == {"format", "collective", "achieved", "groups"}
    assert group_schedules_from_dict(json.loads(bare.to_json())) == bare
    assert fc.verify_concurrent(t, data).status == "optimal"    # the LP solved for its groups


def test_the_document_shape():
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=G)
    data = out.to_dict()
    assert data["format"] == "forestcoll-group-schedules/1"
    assert data["lambda"] == {"lower": "8", "upper": "8"} and data["achieved"] == "8"
    assert [(g["name"], g["weight"]) for g in data["groups"]] == [("g0", "1"), ("g1", "1")]
    assert [g["schedule"]["format"] for g in data["groups"]] == ["forestcoll-schedule/5"] * 2
    assert [g["schedule"]["process_group"] for g in data["groups"]] == G
    assert "layout" not in data        # groups given as a list: no mesh


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="forestcoll-schedule/5"), "\"format\" must be"),
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
    (lambda d: d.pop("achieved"), "missing \"achieved\""),
    (lambda d: d.update(groups=[]), "\"groups\" must be a non-empty list"),
    (lambda d: d["groups"][0].pop("weight"), "exactly \"name\", \"weight\" and \"schedule\""),
    (lambda d: d["groups"][1].update(name="g0"), "two groups are named 'g0'"),
    (lambda d: d["groups"][0]["schedule"].update(collective="reduce-scatter"),
     "its schedule runs reduce-scatter"),
    (lambda d: d.update(layout={"mesh": "dp=2"}), "\"layout\" must be"),
    (lambda d: d.update(relay="no"), "\"relay\" must be true or false"),
])
def test_the_reader_refuses_a_bad_shape(change, message):
    t = uplink_direct()
    data = fc.generate_concurrent(t, groups=G).to_dict()
    change(data)
    with pytest.raises(ScheduleError, match=message.replace("(", r"\(")):
        group_schedules_from_dict(data)


def test_joint_lambda_by_hand():
    # each group alone at its optimum (16 and 8) both cross a1->a2: A half of its data at
    # 4 (1/16 per unit), B all of it (1/8): 3/16 per unit of λ, λ = 16/3; weights 3 and 1:
    # 3/16 + 1/8 = 5/16, λ = 16/5
    t = uplink_direct()
    alone = [fc.generate(t, group=g) for g in G]
    assert joint_lambda(t, alone, [1, 1]) == Fraction(16, 3)
    assert joint_lambda(t, alone, [3, 1]) == Fraction(16, 5)
    assert joint_lambda(t, alone[:1], [1]) == 16        # one group: its own algbw


def test_display():
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=G)
    assert repr(out) == "GroupSchedules(2 allgather groups on uplink-direct: λ=8 of 8 optimal)"
    assert "<b>GroupSchedules · 2 allgather groups on uplink-direct</b>" in out._repr_html_()


# --- the example of docs/formats.md and the schema ---------------------------------------

def _doc_blocks():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text("utf-8")
    return [json.loads(b) for b in re.findall(r"^```json\n(.*?)\n```$", text,
                                              re.DOTALL | re.MULTILINE)]


def _validator():
    import jsonschema

    from forestcoll_opt import schemas

    schema = schemas.load("group-schedules")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert (schema["$id"], schema["title"]) == ("urn:forestcoll:group-schedules:1",
                                                "forestcoll-group-schedules/1")
    # the schedule-5 schema it embeds is the package's, unchanged
    assert schema["$defs"]["schedule5"] == schemas.load("schedule-5")
    return jsonschema.Draft202012Validator(schema)


def test_docs_example_is_what_generate_writes_and_verifies_optimal():
    # {a0, b0} alone: 100/3 (b0's own 25/3 and, relaying through b1, another 25/3); with
    # {a1, b1} at once each group has one 25/3 link at its b node: x = 25/3, λ = 50/3
    from forestcoll_opt.model import topology as T

    blocks = _doc_blocks()
    (topo_doc,) = [b for b in blocks if b["format"] == T.FORMAT]
    (doc,) = [b for b in blocks if b["format"] == "forestcoll-group-schedules/1"]
    topo = T.from_dict(topo_doc)
    groups = [{"members": ["a0", "b0"], "name": "g0"}, {"members": ["a1", "b1"], "name": "g1"}]
    made = fc.generate_concurrent(topo, groups=groups)
    assert json.loads(made.to_json()) == doc
    assert [r.alone for r in fc.concurrent(topo, groups=groups).rows] == [Fraction(100, 3)] * 2
    v = fc.verify_concurrent(topo, doc)
    assert (v.status, v.lam, v.lp_interval) == ("optimal", Fraction(50, 3),
                                                (Fraction(50, 3), Fraction(50, 3)))
    _validator().validate(doc)


def test_the_schema_and_the_reader_refuse_the_same_shapes():
    v = _validator()
    t = uplink_direct()
    good = fc.generate_concurrent(t, groups=G).to_dict()
    v.validate(good)
    for change in (lambda d: d.update(extra=1), lambda d: d.pop("achieved"),
                   lambda d: d.update(groups=[]), lambda d: d["groups"][0].pop("weight"),
                   lambda d: d["groups"][0]["schedule"].pop("process_group"),
                   lambda d: d.update(achieved="-1"), lambda d: d.update(collective="reduce"),
                   lambda d: d.update(layout={"mesh": "dp=2"}),
                   lambda d: d.update(relay="no")):
        bad = json.loads(json.dumps(good))
        change(bad)
        assert not v.is_valid(bad)
        with pytest.raises(ScheduleError):
            group_schedules_from_dict(bad)


def test_relay_false_is_written_read_back_and_valid(tmp_path):
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=G, relay=False)
    data = out.to_dict()
    assert data["relay"] is False and list(data)[:3] == ["format", "collective", "topology"]
    assert "relay" not in fc.generate_concurrent(t, groups=G).to_dict()   # the default
    _validator().validate(data)
    path = tmp_path / "nr.json"
    out.save(path)
    back = load_group_schedules(path)
    assert back.relay is False and back == out
    assert back.to_json() == path.read_text()
