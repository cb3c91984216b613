"""One process group: group= resolved in one place (model/group_scope.py), schedules that
remember their group (forestcoll-schedule/5), the network with the others switched off."""

import json
from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt import schemas
from forestcoll_opt.errors import (FailureError, GroupError, MscclExportError, ScheduleError,
                                   UsageError)
from forestcoll_opt.model.group_scope import (check_exportable, for_schedule, mark, relays,
                                              scope, switched_off, switched_off_problem)
from forestcoll_opt.model.groups import Group, restrict, select
from forestcoll_opt.model.schedule import FORMAT_V5, from_dict as schedule_from_dict


def _net(links, nodes):
    """A topology from (id, kind) nodes and bidirectional (a, b, bandwidth) links."""
    return fc.from_dict({"format": "forestcoll-topology/1", "name": "hand",
                         "nodes": [{"id": v, "kind": k} for v, k in nodes],
                         "links": [{"src": a, "dst": b, "bandwidth": w, "bidirectional": True}
                                   for a, b, w in links]})


# a, b, c, d on one switch S (a--S and c--S 1 GB/s each way, b--S and d--S 2), and a
# 10 GB/s cable a--c
STAR = _net([("a", "S", 1), ("b", "S", 2), ("c", "S", 1), ("d", "S", 2), ("a", "c", 10)],
            [("a", "compute"), ("b", "compute"), ("c", "compute"), ("d", "compute"),
             ("S", "switch")])


@pytest.fixture(scope="module")
def h100():
    return fc.resolve("dgx-h100:boxes=2")


def test_scope_is_restrict_of_select_and_the_whole_group_is_the_topology(h100):
    assert scope(h100, None) is h100
    assert scope(h100, "box*/*") is h100
    assert scope(h100, list(h100.compute_nodes)) is h100
    g = scope(h100, "box1/gpu0,box0/gpu0")
    assert g == restrict(h100, select(h100, "box*/gpu0"))
    assert scope(h100, Group(("box0/gpu0", "box1/gpu0"))) == g
    assert scope(h100, ["box0/gpu0", "box1/gpu0"]) == g


@pytest.mark.parametrize("group, words", [
    ("box9/gpu0,box0/gpu0", "group=: dgx-h100-2 has no compute node 'box9/gpu0'"),
    ("box0/gpu0", "at least two compute nodes, got 1"),
    (42, "group= must be node ids or globs"),
])
def test_a_bad_group_is_one_usage_error(h100, group, words):
    with pytest.raises(GroupError) as err:
        fc.bound(h100, group=group)
    assert words in str(err.value) and isinstance(err.value, UsageError)
    with pytest.raises(GroupError) as err:
        scope(h100, group, where="--group")
    assert str(err.value).startswith("--group")


def test_hand_network_relays_through_a_non_member():
    # x* = min over node sets S holding a member and missing one of B+(S) / |S ∩ members|,
    # algbw = |members| x*.
    # group {a, b}: a sends over a--S (1) and, with c relaying, a--c--S (1): S = {a, c} has
    # B+ = 2, and so has {b} (b--S) and {a, c, S, d} (S->b): x* = 2, algbw 4. With c and d
    # switched off, a has its 1 GB/s only: S = {a}, x* = 1, algbw 2: relaying gains x2.
    g = fc.group_bound(STAR, "a,b")
    assert (g.relayed.algbw, g.switched_off.algbw, g.gain) == (4, 2, 2)
    assert fc.bound(STAR, group="a,b").algbw == 4
    # group {a, b, d}: S = {a, c, S, b} holds 2 members and only S->d (2) leaves: x* = 1,
    # algbw 3; switched off (c removed), {b, d, S} holds 2 members and only S->a (1)
    # leaves: x* = 1/2, algbw 3/2
    g = fc.group_bound(STAR, "a,b,d")
    assert (g.relayed.algbw, g.switched_off.algbw, g.gain) == (3, Fraction(3, 2), 2)
    # a group whose members have nothing to gain: {b, d}, both on S with 2 each way
    g = fc.group_bound(STAR, "b,d")
    assert (g.relayed.algbw, g.switched_off.algbw, g.gain) == (4, 4, 1)


def test_schedule_remembers_its_group_and_round_trips(h100):
    s = fc.generate(h100, group="box*/gpu0")
    assert s.process_group and s.format == FORMAT_V5 == "forestcoll-schedule/5"
    data = s.to_dict()
    assert data["process_group"] == data["compute_nodes"] == ["box0/gpu0", "box1/gpu0"]
    assert list(data).index("process_group") == list(data).index("compute_nodes") + 1
    again = schedule_from_dict(json.loads(s.to_json()))
    assert again == s and again.to_json() == s.to_json()
    import jsonschema
    jsonschema.validate(data, schemas.load("schedule-5"))
    assert schemas.load("schedule-5")["$id"] == "urn:forestcoll:schedule:5"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "process_group": ["box0/gpu0"]}, schemas.load("schedule-5"))


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("process_group"), "missing \"process_group\""),
    (lambda d: d.update(process_group=["box1/gpu0", "box0/gpu0"]), "exactly as \"compute_nodes\""),
    (lambda d: d.update(format="forestcoll-schedule/2"), "\"process_group\" needs"),
])
def test_the_model_reader_refuses_a_malformed_group(h100, change, words):
    data = fc.generate(h100, group="box*/gpu0").to_dict()
    change(data)
    with pytest.raises(ScheduleError, match=words):
        schedule_from_dict(data)


def test_a_whole_group_gives_todays_results_byte_for_byte(h100):
    everyone = "box*/*"
    assert fc.bound(h100, group=everyone) == fc.bound(h100)
    s = fc.generate(h100, group=everyone)
    assert not s.process_group
    assert s.to_json() == fc.generate(h100).to_json()
    assert fc.verify(h100, s, group=everyone).to_dict() == fc.verify(h100, s).to_dict()
    assert fc.export_msccl(h100, s, group=everyone).xml == fc.export_msccl(h100, s).xml
    assert fc.solve_lp(h100, collective="allgather", group=everyone).interval == \
        fc.solve_lp(h100, collective="allgather").interval


def test_for_schedule_takes_the_files_group_and_refuses_another(h100):
    s = fc.generate(h100, group="box*/gpu0")
    assert for_schedule(h100, s).compute_nodes == ("box0/gpu0", "box1/gpu0")
    assert for_schedule(h100, s.to_dict(), "box*/gpu0").compute_nodes == s.compute_nodes
    with pytest.raises(GroupError, match=r"^group=: the schedule is for its process group of "
                                         r"2 \(box0/gpu0, box1/gpu0\), not the 2 given"):
        for_schedule(h100, s, "box*/gpu1")
    whole = fc.generate(h100)
    with pytest.raises(GroupError, match="claims no process group"):
        for_schedule(h100, whole, "box*/gpu0")
    assert mark(whole, h100, h100) is whole


def test_relays_and_the_export_refusal(h100):
    s = fc.generate(h100, group="box*/gpu0")
    # GPU 0 of a box reaches the other box through the 7 other GPUs' NICs
    assert relays(h100, s) == tuple(v for v in h100.compute_nodes if not v.endswith("gpu0"))
    with pytest.raises(MscclExportError, match=r"relays through 14 compute node\(s\) outside "
                                              r"its process group .*relay=False"):
        fc.export_msccl(h100, s)
    quiet = fc.generate(h100, group="box*/gpu0", relay=False)
    assert relays(h100, quiet) == () and quiet.process_group
    check_exportable(h100, quiet)
    x = fc.export_msccl(h100, quiet)
    assert 'ngpus="2"' in x.xml
    ok = fc.check_xml(scope(h100, "box*/gpu0"), x.xml, schedule=quiet)
    assert ok.ok and ok.algbw == quiet.algbw == 100


def test_switched_off_network_and_its_problems():
    t = switched_off(STAR, "a,b")
    assert t.compute_nodes == ("a", "b") and "c" not in t.index and t.name == \
        "hand without the 2 non-members"
    assert switched_off(STAR, "a,b,c,d") is STAR
    # a -- x -- b only: switching x off cuts the members apart
    path = _net([("a", "x", 1), ("x", "b", 1)], [("a", "compute"), ("x", "compute"),
                                                  ("b", "compute")])
    assert "disconnects" in switched_off_problem(path, ("a", "b"))
    with pytest.raises(FailureError, match="^switching off the compute nodes outside the group "
                                           "disconnects"):
        switched_off(path, "a,b")


def test_relay_needs_a_group(h100):
    with pytest.raises(UsageError, match="relay=False switches off .* give group= too"):
        fc.generate(h100, relay=False)
    with pytest.raises(UsageError, match="relay= must be True"):
        fc.generate(h100, group="box*/gpu0", relay="no")


def test_entry_points_show_group_in_their_signature():
    import inspect
    for func in (fc.bound, fc.generate, fc.verify, fc.solve_lp, fc.simulate, fc.export_msccl,
                 fc.draw, fc.report, fc.failure_impact, fc.upgrade_impact, fc.assert_optimal,
                 fc.lp_allreduce):
        param = inspect.signature(func).parameters["group"]
        assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default is None, func
    assert inspect.signature(fc.generate).parameters["relay"].default is True
    assert Fraction(fc.bound("dgx-h100:boxes=2", group="box*/gpu0").algbw) == 800


def test_a_long_topology_name_is_cut_to_the_id_limit():
    from forestcoll_opt.model.topology import MAX_ID_LENGTH
    from forestcoll_opt.verify import verify
    long = fc.from_dict({**json.loads(STAR.to_json()), "name": "n" * MAX_ID_LENGTH})
    assert len(scope(long, "a,b").name) == MAX_ID_LENGTH
    assert len(switched_off(long, "a,b").name) == MAX_ID_LENGTH
    s = fc.generate(long, group="a,b")
    assert verify(long, s.to_dict()).status == "optimal"


@pytest.fixture(scope="module")
def a2a_group(h100):
    """The all-to-all LP's routes among GPU 0 of both boxes (the others relaying)."""
    return fc.lp_alltoall(h100, group="box*/gpu0")


def test_an_alltoall_among_a_group_is_version_5_and_round_trips(h100, a2a_group):
    s = a2a_group
    assert s.process_group and s.format == FORMAT_V5 and s.algbw == 800
    assert s.compute_nodes == ("box0/gpu0", "box1/gpu0")
    assert relays(h100, s) == tuple(f"box{b}/gpu{g}" for b in (0, 1) for g in range(1, 8))
    data = s.to_dict()
    assert data["process_group"] == data["compute_nodes"]
    again = schedule_from_dict(json.loads(s.to_json()))
    assert again.routes == s.routes and again.to_json() == s.to_json()
    import jsonschema
    jsonschema.validate(data, schemas.load("schedule-5"))
    for broken in ({k: v for k, v in data.items() if k != "routes"},
                   {**data, "trees": []}, {**data, "process_group": ["box0/gpu0"]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, schemas.load("schedule-5"))
    # the switched-off variant: exportable, and 1/8 of the relayed optimum
    off = fc.lp_alltoall(h100, group="box*/gpu0", relay=False)
    assert off.process_group and off.algbw == 100 and relays(h100, off) == ()
    with pytest.raises(MscclExportError, match="relays through 14 compute node"):
        check_exportable(h100, s)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("process_group"), "missing \"process_group\""),
    (lambda d: d.update(process_group=["box1/gpu0", "box0/gpu0"]), "exactly as \"compute_nodes\""),
    (lambda d: d.update(format="forestcoll-schedule/4"), "\"process_group\" needs"),
    (lambda d: d.update(format="forestcoll-schedule/2"), "needs \"format\": 'forestcoll-schedule/4'"),
    (lambda d: d.update(trees=[]), "field 'trees' does not belong"),
])
def test_the_model_reader_refuses_a_malformed_alltoall_group(a2a_group, change, words):
    data = a2a_group.to_dict()
    change(data)
    with pytest.raises(ScheduleError, match=words):
        schedule_from_dict(data)
