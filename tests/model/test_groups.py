"""Process groups: selection by id and glob, restriction, device meshes, groups files."""

from fractions import Fraction

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import GroupError, UsageError
from forestcoll_opt.model.groups import (Group, groups_from_data, is_whole, load_groups,
                                         mesh_groups, parse_mesh, rank_order, restrict, select)


@pytest.fixture(scope="module")
def h100():
    return fc.resolve("dgx-h100:boxes=2")


def test_select_ids_and_globs_in_node_order(h100):
    assert select(h100, "box1/gpu0,box0/gpu0") == ("box0/gpu0", "box1/gpu0")
    assert select(h100, "box*/gpu0") == ("box0/gpu0", "box1/gpu0")
    assert select(h100, ["box1/*"]) == tuple(f"box1/gpu{i}" for i in range(8))
    assert select(h100, "box0/gpu[01],box0/gpu1") == ("box0/gpu0", "box0/gpu1")


@pytest.mark.parametrize("spec, words", [
    ("box9/gpu0", "no compute node 'box9/gpu0'; did you mean 'box1/gpu0'?"),
    ("box*/gpu99", "glob 'box*/gpu99' matches no compute node"),
    ("box0/gpu0", "at least two compute nodes, got 1"),
    ("rail0,box0/gpu0", "'rail0' is a switch"),
    (["box0/gpu0", 3], "got 3"),
    ("box0/gpu0,,box0/gpu1", "got \"\""),
])
def test_select_refuses_with_the_culprit(h100, spec, words):
    with pytest.raises(GroupError) as err:
        select(h100, spec)
    assert words in str(err.value)
    assert isinstance(err.value, UsageError)


def test_restrict_turns_non_members_into_switches(h100):
    members = select(h100, "box*/gpu0")
    g = restrict(h100, members)
    assert g.compute_nodes == members
    assert len(g.switch_nodes) == len(h100.switch_nodes) + 14
    assert g.capacity == h100.capacity
    assert "group of 2 of 16" in g.name
    assert restrict(h100, h100.compute_nodes) is h100
    assert is_whole(h100, reversed(h100.compute_nodes))


def test_a_two_gpu_group_relays_through_the_other_gpus_nics(h100):
    # GPU 0 of each box alone has one 50 GB/s NIC; relaying through its box's NVSwitch to
    # the 7 other GPUs' NICs gives it all 8 (400 GB/s each way): with 2 members, each
    # sends its half across the cut of 400, algbw = 400 / (1/2) = 800.
    b = fc.bound(restrict(h100, select(h100, "box*/gpu0")))
    assert b.algbw == 800
    assert b.cut_compute == 1 and b.cut_bandwidth == 400


def test_rank_order_is_box_by_box():
    t = fc.from_dict({"format": "forestcoll-topology/1", "name": "x", "nodes": [
        {"id": "a1", "kind": "compute", "box": 1}, {"id": "b0", "kind": "compute", "box": 0},
        {"id": "a2", "kind": "compute", "box": 1}, {"id": "c", "kind": "compute"},
        {"id": "s", "kind": "switch"}],
        "links": [{"src": n, "dst": "s", "bandwidth": 1, "bidirectional": True}
                  for n in ("a1", "b0", "a2", "c")]})
    assert rank_order(t) == ("a1", "a2", "b0", "c")


def test_mesh_groups_follow_device_mesh_order(h100):
    dp = mesh_groups(h100, "dp=2,tp=8", along="dp")
    assert [g.name for g in dp] == [f"dp[tp={j}]" for j in range(8)]
    assert dp[3].members == ("box0/gpu3", "box1/gpu3")
    tp = mesh_groups(h100, {"dp": 2, "tp": 8}, along=["tp"])
    assert tp[1].members == tuple(f"box1/gpu{i}" for i in range(8))
    # three dimensions, last fastest: rank = pp*8 + dp*4 + tp
    pp = mesh_groups(h100, "pp=2,dp=2,tp=4", along="pp")
    assert len(pp) == 8 and pp[5].name == "pp[dp=1,tp=1]"
    assert pp[5].members == ("box0/gpu5", "box1/gpu5")
    both = mesh_groups(h100, "pp=2,dp=2,tp=4", along="dp,tp")
    assert both[1].members == tuple(f"box1/gpu{i}" for i in range(8))
    assert mesh_groups(h100, "dp=16", along="dp")[0].members == h100.compute_nodes
    assert all(g.weight == 1 for g in dp)


@pytest.mark.parametrize("mesh, along, words", [
    ("dp=4,tp=8", "dp", "has 32 ranks but dgx-h100-2 has 16 compute nodes"),
    ("dp=2,tp=8", "pp", "'pp' is not a dimension of the mesh dp=2,tp=8"),
    ("dp=2,tp", "dp", "'tp' is not NAME=SIZE"),
    ("dp=2,dp=8", "dp", "named twice"),
    ("dp=0,tp=8", "dp", "positive whole size"),
    ("dp=16,tp=1", "tp", "one rank each"),
    ("2=2,tp=8", "tp", "must be a word"),
])
def test_mesh_errors(h100, mesh, along, words):
    with pytest.raises(GroupError) as err:
        mesh_groups(h100, mesh, along)
    assert words in str(err.value)


def test_groups_file(h100, tmp_path):
    data = [["box0/*"], {"members": "box1/gpu[0-3]", "weight": "3/2", "name": "half"},
            {"members": ["box1/gpu4", "box1/gpu5"], "weight": 2}]
    groups = groups_from_data(h100, data)
    assert [g.name for g in groups] == ["g0", "half", "g2"]
    assert groups[1].weight == Fraction(3, 2) and len(groups[1]) == 4
    path = tmp_path / "groups.json"
    path.write_text('[["box0/gpu0", "box0/gpu1"], {"members": ["box1/*"], "weight": 1}]')
    assert [len(g) for g in load_groups(h100, path)] == [2, 8]


@pytest.mark.parametrize("data, words", [
    ({}, "non-empty JSON list"),
    ([], "non-empty JSON list"),
    ([{"members": ["box0/*"], "size": 3}], "unknown key 'size'"),
    ([{"weight": 1}], "no \"members\""),
    ([{"members": ["box0/*"], "weight": 0}], "weight must be positive"),
    ([{"members": ["box0/*"], "weight": "x"}], 'weight "x" is not a number'),
    ([["box0/*"], ["box0/gpu*"]], "same members as group #0"),
    ([{"members": ["box0/*"], "name": "a"}, {"members": ["box1/*"], "name": "a"}],
     "two groups are named 'a'"),
    ([7], "members must be a list"),
])
def test_groups_file_errors(h100, data, words):
    with pytest.raises(GroupError) as err:
        groups_from_data(h100, data, source="g.json")
    assert words in str(err.value) and "g.json" in str(err.value)


def test_groups_file_not_json(h100, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("[[")
    with pytest.raises(GroupError, match="not valid JSON"):
        load_groups(h100, path)
    assert parse_mesh("dp=2, tp=8").dims == (("dp", 2), ("tp", 8))
    assert Group(("a", "b")).weight == 1
