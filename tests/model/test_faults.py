"""Failures and the degraded topology: the ids, what each kind removes, and the networks
no schedule can run on, refused with one line that says why."""

from fractions import Fraction

import pytest

from forestcoll_opt.errors import FailureError, TopologyError
from forestcoll_opt.model.catalog import build, resolve
from forestcoll_opt.model.faults import (Failure, cut_off, degrade, describe, failures,
                                           link_neighbours, nic_switches, parse_failure,
                                           parse_part, problem, remaining)
from forestcoll_opt.model.topology import from_dict


def test_every_kind_is_enumerated_in_topology_order(catalog):
    topo = catalog("dgx-a100:boxes=2")
    found = failures(topo)
    kinds = [f.kind for f in found]
    # 16 GPUs x (NVLink + NIC) links, 16 NICs, 2 IB planes + 2 NVSwitches, 2 boxes
    assert (kinds.count("link"), kinds.count("nic"), kinds.count("switch"),
            kinds.count("box")) == (32, 16, 4, 2)
    assert kinds == sorted(kinds, key=["link", "nic", "switch", "box"].index)
    assert found[0].id == "link:ib/plane0--box0/gpu0"
    assert [f.id for f in found if f.kind == "box"] == ["box:0", "box:1"]
    assert failures(topo, ["box"]) == tuple(f for f in found if f.kind == "box")
    with pytest.raises(FailureError, match="unknown kind of failure 'cable'; use one of link"):
        failures(topo, ["cable"])


def test_a_nic_is_the_links_to_switches_outside_the_box(catalog):
    topo = catalog("dgx-h100:boxes=2")
    assert nic_switches(topo, "box1/gpu3") == ("rail3",)       # not box1/nvswitch
    nic = parse_failure(topo, "nic:box1/gpu3")
    assert nic.pairs == (("rail3", "box1/gpu3"),)
    mi = catalog("mi250:boxes=2")                  # xGMI links to other GCDs are kept
    assert parse_failure(mi, "nic:box0/gcd5").pairs == (("ib", "box0/gcd5"),)


def test_ids_read_back_and_links_in_either_order(catalog):
    topo = catalog("dgx-h100:boxes=2")
    for f in failures(topo):
        assert parse_failure(topo, f.id) == f
    assert parse_failure(topo, "link:box0/gpu1--rail1").id == "link:rail1--box0/gpu1"
    assert parse_failure(topo, "box:1").nodes == tuple(
        [f"box1/nvswitch"] + [f"box1/gpu{g}" for g in range(8)])


@pytest.mark.parametrize("text, words", [
    ("cable:a--b", "unknown failure 'cable:a--b'; write link:A--B, nic:NODE, switch:NODE or "
                   "box:LABEL"),
    ("rail1", "unknown failure 'rail1'"),
    ("link:box0/gpu1--box1/gpu1", "no link joins 'box0/gpu1' and 'box1/gpu1'"),
    ("link:gpu1-rail1", "does not name two nodes of 'dgx-h100-2'; write the link's ends as in "
                        "link:rail0--box0/gpu0"),
    ("nic:rail1", "'rail1' is not a compute node"),
    ("switch:box0/gpu1", "'box0/gpu1' is not a switch node"),
    ("box:9", "'dgx-h100-2' has no box '9'; its boxes: 0, 1"),
])
def test_bad_ids_are_refused_with_what_to_write(catalog, text, words):
    with pytest.raises(FailureError, match=None) as info:
        parse_failure(catalog("dgx-h100:boxes=2"), text)
    assert words in str(info.value)


def test_node_ids_with_the_separator():
    data = {"format": "forestcoll-topology/1", "nodes": [
        {"id": "a--b"}, {"id": "c"}, {"id": "s", "kind": "switch"}],
        "links": [{"src": "a--b", "dst": "c", "bandwidth": 2, "bidirectional": True},
                  {"src": "a--b", "dst": "s", "bandwidth": 1, "bidirectional": True},
                  {"src": "c", "dst": "s", "bandwidth": 1, "bidirectional": True}]}
    topo = from_dict(data)
    f = parse_failure(topo, "link:c--a--b")
    assert f.pairs == (("a--b", "c"),) and f.id == "link:a--b--c"
    assert parse_failure(topo, f.id) == f
    assert parse_failure(topo, "nic:c").pairs == (("c", "s"),)   # no boxes: every switch


def _hostile(extra=()):
    """Nodes a, b--c, a--b, c joined a -- b--c and a--b -- c: both links read link:a--b--c
    in the plain form."""
    def link(a, b):
        return {"src": a, "dst": b, "bandwidth": 1, "bidirectional": True}
    ids = ["a", "b--c", "a--b", "c", *extra]
    return from_dict({"format": "forestcoll-topology/1",
                      "nodes": [{"id": i} for i in ids] + [{"id": "s", "kind": "switch"}],
                      "links": [link("a", "b--c"), link("a--b", "c")] +
                               [link(i, "s") for i in ids]})


def test_ids_that_would_collide_are_quoted_and_read_back():
    topo = _hostile()
    links = failures(topo, ["link"])
    ids = [f.id for f in links]
    assert len(set(ids)) == len(ids) == 6
    assert ids[0] == 'link:"a"--"b--c"' and ids[3] == 'link:"a--b"--"c"'
    assert "link:b--c--s" in ids            # reads as one link only: the plain form
    for f in links:
        assert parse_failure(topo, f.id) == f
    assert parse_failure(topo, 'link:"c"--"a--b"').pairs == (("a--b", "c"),)


def test_an_id_naming_several_links_is_refused_with_the_candidates():
    with pytest.raises(FailureError) as info:
        parse_failure(_hostile(), "link:a--b--c")
    assert str(info.value) == ("'link:a--b--c' names 2 links of 'topology': "
                               "link:\"a\"--\"b--c\", link:\"a--b\"--\"c\"; write one "
                               "of those ids")
    with pytest.raises(FailureError, match="names 2 links"):
        degrade(_hostile(), "link:a--b--c")


@pytest.mark.parametrize("ids, link, expected", [
    (["a-", "-b", "x"], ("a-", "-b"), 'link:a----b'),         # a + --b is no node pair
    (["a-", "b", "a", "-b"], ("a-", "b"), 'link:"a-"--"b"'),  # a---b reads a + -b too
    (['"p"', '"q"', "p", "q"], ('"p"', '"q"'), 'link:"\\"p\\""--"\\"q\\""'),
    (["p", "q", '"p"', '"q"'], ("p", "q"), "link:p--q"),
])
def test_overlapping_separators_and_quotes(ids, link, expected):
    def edge(a, b):
        return {"src": a, "dst": b, "bandwidth": 1, "bidirectional": True}
    pairs = [link] + [(ids[i], ids[i + 1]) for i in range(len(ids) - 1)
                      if {ids[i], ids[i + 1]} != set(link)]
    topo = from_dict({"format": "forestcoll-topology/1", "nodes": [{"id": i} for i in ids],
                      "links": [edge(a, b) for a, b in pairs]})
    f = parse_failure(topo, expected)
    assert f.pairs == (link,) and f.id == expected
    ids_all = [g.id for g in failures(topo, ["link"])]
    assert len(set(ids_all)) == len(ids_all)
    for g in failures(topo, ["link"]):
        assert parse_failure(topo, g.id) == g


def test_box_labels_written_alike_are_refused():
    nodes = [{"id": "x", "box": 0}, {"id": "y", "box": "0"}, {"id": "z", "box": 1}]
    data = {"format": "forestcoll-topology/1", "nodes": nodes, "links": [
        {"src": a, "dst": b, "bandwidth": 1, "bidirectional": True}
        for a, b in (("x", "y"), ("y", "z"), ("z", "x"))]}
    with pytest.raises(TopologyError) as info:
        from_dict(data)
    assert str(info.value) == ("node 'y' is in box '0' and node 'x' in box 0: two boxes "
                               "written alike, one a number and one a string; write every "
                               "box label the same way")
    nodes[1]["box"] = "rack0"                # labels and numbers may mix when they differ
    topo = from_dict(data)
    assert [f.id for f in failures(topo, ["box"])] == ["box:0", "box:rack0", "box:1"]
    assert parse_failure(topo, "box:0").nodes == ("x",)


def test_degrade_keeps_everything_else(catalog):
    topo = catalog("dgx-h100:boxes=2")
    left = degrade(topo, "link:rail2--box1/gpu2")
    assert left.name == "dgx-h100-2 without link:rail2--box1/gpu2"
    assert len(left.links) == len(topo.links) - 1 and left.nodes == topo.nodes
    assert ("rail2", "box1/gpu2") not in left.capacity
    assert left.link_type == {e: t for e, t in topo.link_type.items()
                              if set(e) != {"rail2", "box1/gpu2"}}
    box = degrade(topo, parse_failure(topo, "box:0"))
    assert box.compute_nodes == tuple(f"box1/gpu{g}" for g in range(8))
    assert len(box.switch_nodes) == 9                  # 8 rails and box1's NVSwitch


def test_networks_without_a_schedule_are_refused(catalog):
    mi = catalog("mi250:boxes=2")
    with pytest.raises(FailureError, match=r"failure switch:ib disconnects box 1 \(16 compute "
                                           r"nodes\)"):
        degrade(mi, "switch:ib")
    star = from_dict({"format": "forestcoll-topology/1", "nodes": [
        {"id": "a", "box": 0}, {"id": "b", "box": 1}, {"id": "s", "kind": "switch"}],
        "links": [{"src": "a", "dst": "s", "bandwidth": 1, "bidirectional": True},
                  {"src": "b", "dst": "s", "bandwidth": 1, "bidirectional": True}]})
    assert problem(star, parse_failure(star, "box:0")) == \
        "leaves 1 compute node(s); a collective needs two"
    assert problem(star, parse_failure(star, "nic:a")) == "disconnects a"
    ring = from_dict({"format": "forestcoll-topology/1", "nodes": [
        {"id": "a"}, {"id": "b"}, {"id": "c"}], "links": [
        {"src": "a", "dst": "b", "bandwidth": 1}, {"src": "b", "dst": "c", "bandwidth": 1},
        {"src": "c", "dst": "a", "bandwidth": 1},
        {"src": "a", "dst": "b", "bandwidth": 2, "bidirectional": True},
        {"src": "b", "dst": "c", "bandwidth": 2, "bidirectional": True},
        {"src": "c", "dst": "a", "bandwidth": 2, "bidirectional": True}]})
    text = problem(ring, parse_failure(ring, "link:b--c"))
    assert text.startswith("leaves node 'b' unbalanced (ingress 3 != egress 2 GB/s); "
                           "schedules are built on balanced (Eulerian) networks only")
    with pytest.raises(FailureError, match="failure link:b--c leaves node 'b' unbalanced"):
        degrade(ring, "link:b--c")
    # the a-b pair: 3 one way, 2 the other: failing it unbalances a and b too
    assert "unbalanced" in problem(ring, parse_failure(ring, "link:a--b"))


def test_cut_off_names_the_smaller_side_and_the_unreached():
    edges = [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("d", "c")]
    assert cut_off(["a", "b", "c", "d", "e"], edges) == ("c", "d", "e")
    assert cut_off(["a", "b", "c", "d"], edges, root="a") == ()
    assert cut_off(["a", "b", "c", "d"], edges, root="c") == ("a", "b")
    assert cut_off(["a", "b", "c", "d"], edges, root="a", inward=True) == ("c", "d")


def test_describe_names_whole_boxes(catalog):
    topo = catalog("dgx-a100:boxes=2")
    assert describe(topo, [f"box1/gpu{g}" for g in range(8)]) == "box 1 (8 compute nodes)"
    assert describe(topo, ["box0/gpu1"]) == "box0/gpu1"
    many = ["box0/gpu1", "box0/gpu2", "box0/gpu3", "box0/gpu4"]
    assert describe(topo, many) == "box0/gpu1, box0/gpu2, box0/gpu3 and 1 more (4 compute nodes)"


def test_remaining_removes_both_directions(catalog):
    topo = catalog("paper-example")
    f = parse_failure(topo, "link:global--box0/c0")
    nodes, capacity = remaining(topo, f)
    assert nodes == topo.node_ids
    assert set(topo.capacity) - set(capacity) == {("global", "box0/c0"), ("box0/c0", "global")}
    assert isinstance(f, Failure) and str(f) == f.id
    assert sum(capacity.values()) == sum(topo.capacity.values()) - 2 * topo.capacity[
        ("global", "box0/c0")]
    assert all(isinstance(c, Fraction) for c in capacity.values())


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=2", "mi250:boxes=2", "paper-example",
                                  "dgx-h100:boxes=4,fabric=su,su=2"])
def test_the_one_pass_enumeration_agrees_with_each_part_alone(catalog, spec):
    # failures() gathers neighbours and box members once (linear; 131,072 GPUs of
    # dgx-a100:boxes=16384 in 7 s instead of 114 s): the same parts as asked one by one
    topo = catalog(spec)
    neighbours = link_neighbours(topo)
    for v in topo.compute_nodes:
        assert nic_switches(topo, v, neighbours) == nic_switches(topo, v)
    for f in failures(topo, ["nic", "box"]):
        assert parse_failure(topo, f.id) == f


def test_several_failures_at_once_remove_the_union(catalog):
    topo = catalog("dgx-h100:boxes=2")
    both = degrade(topo, ["nic:box0/gpu3", "link:box1/gpu2--rail2"])
    # each NIC is one cable, both directions: 64 directed links less 2 x 2
    assert len(both.capacity) == len(topo.capacity) - 4
    assert ("rail3", "box0/gpu3") not in both.capacity
    assert ("box1/gpu2", "rail2") not in both.capacity
    assert both.name == ("dgx-h100-2 without nic:box0/gpu3 without "
                         "link:rail2--box1/gpu2")
    # the same as one after the other, and the name reads back through the catalog
    one_by_one = degrade(degrade(topo, "nic:box0/gpu3"), "link:box1/gpu2--rail2")
    assert one_by_one.capacity == both.capacity and one_by_one.name == both.name
    assert resolve(both.name).capacity == both.capacity
    # an id given twice counts once
    assert degrade(topo, ["nic:box0/gpu3", "nic:box0/gpu3"]).name == \
        "dgx-h100-2 without nic:box0/gpu3"
    with pytest.raises(FailureError, match="no failure given"):
        degrade(topo, [])


def test_several_failures_are_checked_together(catalog):
    topo = catalog("dgx-h100:boxes=2")
    # every NIC of box 0 failed: box 0 is cut off, which no single one of them does
    nics = [f"nic:box0/gpu{i}" for i in range(8)]
    assert all(problem(topo, parse_failure(topo, n)) is None for n in nics)
    with pytest.raises(FailureError, match=r"failures nic:box0/gpu0, .* disconnect box 0"):
        degrade(topo, nics)


def test_a_degraded_nic_keeps_part_of_its_bandwidth(catalog):
    topo = catalog("dgx-h100:boxes=2")
    half = parse_part(topo, "nic:box0/gpu3=1/2")
    assert (half.kind, half.target, half.keep, half.id) == \
        ("nic", "box0/gpu3", Fraction(1, 2), "nic:box0/gpu3=1/2")
    left = degrade(topo, "nic:box0/gpu3=1/2")
    assert left.name == "dgx-h100-2 with nic:box0/gpu3=1/2"
    assert left.capacity[("box0/gpu3", "rail3")] == topo.capacity[("box0/gpu3", "rail3")] / 2
    assert left.capacity[("rail3", "box0/gpu3")] == topo.capacity[("rail3", "box0/gpu3")] / 2
    changed = {e for e in topo.capacity if left.capacity.get(e) != topo.capacity[e]}
    assert changed == {("box0/gpu3", "rail3"), ("rail3", "box0/gpu3")}
    # a part failed whole and a degraded one together
    mixed = degrade(topo, ["nic:box0/gpu3=1/2", "nic:box1/gpu3"])
    assert ("box1/gpu3", "rail3") not in mixed.capacity
    assert mixed.capacity[("box0/gpu3", "rail3")] == left.capacity[("box0/gpu3", "rail3")]
    nodes, capacity = remaining(topo, [half])
    assert capacity == dict(left.capacity)


@pytest.mark.parametrize("text, words", [
    ("nic:box0/gpu3=0", "strictly between 0 and 1"),
    ("nic:box0/gpu3=3/2", "strictly between 0 and 1"),
    ("switch:rail3=1/2", "only a link or a NIC"),
    ("switch:rail3=nan", "only a link or a NIC"),
    ("nic:box0/gpu3=half", "strictly between 0 and 1"),
])
def test_a_bad_degradation_is_refused(catalog, text, words):
    with pytest.raises(FailureError, match=words):
        parse_part(catalog("dgx-h100:boxes=2"), text)


@pytest.mark.parametrize("keep", ["nan", "NaN", "inf", "-Infinity", "-1", "0", "1", "1.5",
                                  "3/2", "2/0", "", "half", "1e-400"])
def test_a_keep_outside_0_1_says_what_a_keep_is(catalog, keep):
    """A KEEP that was no number (nan, inf, half, 2/0) read as part of the node id: "'...
    =nan' does not name two nodes" (or "is not a compute node"), which sent the user to the
    ids; every bad KEEP now says what a KEEP is, for a link and a NIC alike."""
    topo = catalog("dgx-h100:boxes=2")
    for part in ("nic:box0/gpu3", "link:box0/gpu3--rail3"):
        text = f"{part}={keep}"
        with pytest.raises(FailureError) as caught:
            parse_part(topo, text)
        assert str(caught.value) == (f"{text!r}: the bandwidth kept must be a fraction "
                                     f"strictly between 0 and 1 (such as 1/2 or 0.25), got "
                                     f"{keep!r}; without =KEEP the part fails whole")
    assert parse_part(topo, "link:box0/gpu3--rail3=0.25").keep == Fraction(1, 4)


def test_a_node_id_holding_an_equals_sign_still_names_the_part_whole():
    topo = from_dict({"format": "forestcoll-topology/1", "nodes": [
        {"id": "a"}, {"id": "a=x"}, {"id": "b"}, {"id": "s", "kind": "switch"}], "links": [
        {"src": v, "dst": "s", "bandwidth": 1, "bidirectional": True} for v in ("a", "a=x", "b")]})
    whole = parse_part(topo, "link:a=x--s")
    assert (whole.kind, whole.keep, whole.pairs) == ("link", 0, (("a=x", "s"),))
    assert parse_part(topo, "link:s--a=1/2").keep == Fraction(1, 2)


def test_one_part_named_with_two_bandwidths_is_refused(catalog):
    """A NIC failed and degraded at once, or degraded to 1/2 and to 1/4, was taken silently
    (the network named "... with nic:box0/gpu3=1/2 with nic:box0/gpu3=1/4" had the NIC at
    1/4, one of the two readings); now it is one line naming both."""
    topo = catalog("dgx-h100:boxes=2")
    with pytest.raises(FailureError, match=r"^nic:box0/gpu3 and nic:box0/gpu3=1/2 name one "
                                           r"part twice with different bandwidths left; name "
                                           r"it once$"):
        degrade(topo, ["nic:box0/gpu3", "nic:box0/gpu3=1/2"])
    with pytest.raises(FailureError, match=r"^nic:box0/gpu3=1/2 and nic:box0/gpu3=1/4 name"):
        degrade(topo, ["nic:box0/gpu3=1/2", "nic:box0/gpu3=1/4"])
    # the same degraded part twice still counts once
    assert degrade(topo, ["nic:box0/gpu3=1/2", "nic:box0/gpu3=1/2"]).name == \
        "dgx-h100-2 with nic:box0/gpu3=1/2"


def test_several_failures_take_a_plural_verb(catalog):
    """"failures box:0, box:1 leaves 0 compute node(s)": the verb agrees now."""
    topo = catalog("paper-example")
    with pytest.raises(FailureError) as caught:
        degrade(topo, ["box:0", "box:1"])
    assert str(caught.value) == ("failures box:0, box:1 leave 0 compute node(s); a collective "
                                 "needs two")
    with pytest.raises(FailureError, match=r"^failure switch:global disconnects box 1 "):
        degrade(topo, "switch:global")
