import json
import re
from fractions import Fraction

import networkx as nx
import pytest

from forestcoll_opt.model import topology as T
from forestcoll_opt.errors import ForestCollError, TopologyError, TopologyFormatError


def doc(nodes=None, links=None, **extra):
    base = {
        "format": "forestcoll-topology/1", "name": "t", "units": "GB/s",
        "nodes": nodes if nodes is not None else [
            {"id": "a", "kind": "compute", "box": 0},
            {"id": "b", "kind": "compute", "box": 1},
            {"id": "w", "kind": "switch", "multicast": False},
        ],
        "links": links if links is not None else [
            {"src": "a", "dst": "w", "bandwidth": 300, "bidirectional": True},
            {"src": "b", "dst": "w", "bandwidth": "12.5", "bidirectional": True},
            {"src": "a", "dst": "b", "bandwidth": "25/3"},
            {"src": "b", "dst": "a", "bandwidth": "25/3"},
            {"src": "b", "dst": "a", "bandwidth": 1},
            {"src": "a", "dst": "b", "bandwidth": 1},
        ],
    }
    base.update(extra)
    return base


def test_bandwidths_are_exact_and_parallel_links_add_up():
    t = T.from_dict(doc())
    assert t.capacity[("b", "w")] == Fraction(25, 2)
    assert t.capacity[("a", "b")] == Fraction(25, 3) + 1
    assert t.ingress["a"] == 300 + Fraction(25, 3) + 1
    assert t.compute_nodes == ("a", "b") and t.switch_nodes == ("w",)


def test_integer_scaling_is_exact_and_coprime():
    t = T.from_dict(doc())
    scale = t.integer_scale
    ints = t.integer_capacity
    for e, b in t.capacity.items():
        assert ints[e] == b * scale and isinstance(ints[e], int)
    import math
    assert math.gcd(*ints.values()) == 1
    assert scale == Fraction(6)  # lcm(2, 3) = 6 makes 12.5 -> 75, 28/3 -> 56, 300 -> 1800


def test_json_round_trip_preserves_nodes_and_links(tmp_path):
    t = T.from_dict(doc())
    path = tmp_path / "t.json"
    T.write(t, path)
    again = T.load(path)
    assert again == t
    assert again.nodes == t.nodes and again.links == t.links
    # writing again is byte-identical
    T.write(again, tmp_path / "u.json")
    assert (tmp_path / "u.json").read_text() == path.read_text()
    data = json.loads(path.read_text())
    assert data["links"][1]["bandwidth"] == "25/2"
    assert data["links"][0]["bidirectional"] is True
    assert data["nodes"][2]["multicast"] is False


def test_json_numbers_with_a_fraction_are_refused_and_whole_ones_read_exactly():
    """docs/formats.md and the schema: a JSON integer is exact, anything else is a string
    (another reader would round 0.1 to a binary float). A JSON number of whole value is an
    integer, as in JSON Schema, and read exactly."""
    text = json.dumps(doc()).replace('"12.5"', "12.5")
    with pytest.raises(TopologyError, match=r'bandwidth .*12.5.* is a JSON number with a '
                                            r'fraction.*write it as a string, "12.5"'):
        T.loads(text)
    with pytest.raises(TopologyError, match='write it as a string, "0.1"'):
        T.loads(text.replace("12.5", "0.1"))
    assert T.loads(json.dumps(doc())).capacity[("w", "b")] == Fraction(25, 2)
    for whole in ("300.0", "3e2", "3.000E+2", "30000e-2"):
        t = T.loads(json.dumps(doc()).replace('"bandwidth": 300', f'"bandwidth": {whole}'))
        assert t.capacity[("a", "w")] == 300
    t = T.loads(json.dumps(doc()).replace('"box": 1', '"box": 1.0'))
    assert t.node["b"].box == 1 and type(t.node["b"].box) is int


def test_catalog_round_trip(catalog):
    for spec in ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=2,gpus=8", "dgx-h100:boxes=2"]:
        t = catalog(spec)
        assert T.loads(t.to_json()) == t


def test_from_networkx_sums_parallel_edges():
    g = nx.MultiDiGraph()
    g.add_node("x", kind="compute")
    g.add_node("y", kind="compute")
    g.add_edge("x", "y", bandwidth=2)
    g.add_edge("x", "y", bandwidth="1/2")
    g.add_edge("y", "x", bandwidth="2.5")
    t = T.from_networkx(g, name="pair")
    assert t.capacity == {("x", "y"): Fraction(5, 2), ("y", "x"): Fraction(5, 2)}
    back = t.to_networkx()
    assert back.edges["x", "y"]["bandwidth"] == Fraction(5, 2)


def test_reversed_swaps_directions():
    t = T.from_dict(doc(nodes=[{"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"},
                               {"id": "c", "kind": "compute"}],
                        links=[{"src": "a", "dst": "b", "bandwidth": 2},
                               {"src": "b", "dst": "c", "bandwidth": 2},
                               {"src": "c", "dst": "a", "bandwidth": 2},
                               {"src": "a", "dst": "c", "bandwidth": 1, "bidirectional": True}]))
    r = t.reversed()
    assert r.capacity[("b", "a")] == 2 and ("a", "b") not in r.capacity
    assert r.capacity[("a", "c")] == 3


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d["links"].append({"src": "a", "dst": "ghost", "bandwidth": 1}), r"unknown node 'ghost'"),
    (lambda d: d["nodes"].append({"id": "a", "kind": "compute"}), r"node 'a' is declared twice"),
    (lambda d: d["nodes"].__setitem__(2, {"id": "w", "kind": "router"}), r"unknown kind 'router'"),
    (lambda d: d["links"][0].__setitem__("bandwidth", 0), r"bandwidth must be positive"),
    (lambda d: d["links"][0].__setitem__("bandwidth", -3), r"bandwidth must be positive"),
    (lambda d: d["links"][0].__setitem__("bandwidth", "fast"), r'"fast" is not a number'),
    (lambda d: d["links"][0].__setitem__("bandwidth", True), r"must be a number"),
    (lambda d: d["links"][0].__setitem__("bandwidth", "1/0"), r"is not a number"),
    (lambda d: d["links"].append({"src": "a", "dst": "a", "bandwidth": 1}), r"self-loop"),
    (lambda d: d["links"].append({"src": "a", "dst": "w"}), r"missing \"bandwidth\""),
])
def test_validation_errors_name_the_culprit(mutate, match):
    d = doc()
    mutate(d)
    with pytest.raises(TopologyError, match=match):
        T.from_dict(d)


def test_unbalanced_node_reports_both_sums():
    d = doc()
    d["links"].append({"src": "a", "dst": "w", "bandwidth": 5})
    with pytest.raises(TopologyError) as err:
        T.from_dict(d)
    msg = str(err.value)
    assert "'a' is not balanced" in msg and "ingress 928/3" in msg and "egress 943/3" in msg


def test_fewer_than_two_compute_nodes():
    d = doc(nodes=[{"id": "a", "kind": "compute"}, {"id": "b", "kind": "switch"}, {"id": "w", "kind": "switch"}])
    with pytest.raises(TopologyError, match="1 compute node"):
        T.from_dict(d)


def test_unreachable_compute_node():
    d = doc(nodes=[{"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"},
                   {"id": "c", "kind": "compute"}, {"id": "d", "kind": "compute"}],
            links=[{"src": "a", "dst": "b", "bandwidth": 1, "bidirectional": True},
                   {"src": "c", "dst": "d", "bandwidth": 1, "bidirectional": True}])
    with pytest.raises(TopologyError, match="compute node 'c' cannot be reached from compute node 'a'"):
        T.from_dict(d)


@pytest.mark.parametrize("text, match", [
    ("{not json", "not valid JSON"),
    ("[]", "expected a JSON object"),
    (json.dumps({"format": "other/2", "nodes": [], "links": []}), "expected 'forestcoll-topology/1'"),
    (json.dumps({"format": "forestcoll-schedule/1", "trees": []}), re.escape(
        """a schedule ("format" 'forestcoll-schedule/1'), not a topology; give the network it """
        """runs on as the topology (a catalog spec such as dgx-a100:boxes=2, or a """
        """forestcoll-topology/1 file)""") + "$"),
    (json.dumps({"format": "forestcoll-group-schedules/1"}), re.escape(
        """a schedule ("format" 'forestcoll-group-schedules/1'), not a topology""")),
    (json.dumps({"format": "forestcoll-topology/1", "nodes": {}, "links": []}), "must be a list"),
    (json.dumps({"format": "forestcoll-topology/1", "nodes": [{"kind": "compute"}], "links": []}),
     "must be an object with an \"id\""),
])
def test_malformed_files(text, match):
    with pytest.raises(TopologyFormatError, match=match):
        T.loads(text)


def test_missing_file_is_a_typed_error(tmp_path):
    with pytest.raises(TopologyFormatError, match="cannot read topology file"):
        T.load(tmp_path / "nope.json")


def test_every_error_shares_the_package_base():
    assert issubclass(TopologyFormatError, ForestCollError)
    assert issubclass(TopologyError, ForestCollError)


def test_atomic_write_leaves_no_partial_file(tmp_path, monkeypatch):
    t = T.from_dict(doc())
    target = tmp_path / "out.json"

    def boom(self):
        raise RuntimeError("disk full")

    monkeypatch.setattr(T.Topology, "to_json", boom)
    with pytest.raises(RuntimeError):
        T.write(t, target)
    assert list(tmp_path.iterdir()) == []


# --- link type and alpha (the time model's inputs) --------------------------------------

def _typed(links):
    return {"format": "forestcoll-topology/1", "name": "t",
            "nodes": [{"id": "a"}, {"id": "b"}, {"id": "s", "kind": "switch"}],
            "links": links}


def test_link_type_and_alpha_round_trip():
    data = _typed([{"src": "a", "dst": "s", "bandwidth": 5, "bidirectional": True,
                    "type": "nvlink", "alpha": 1e-6},
                   {"src": "b", "dst": "s", "bandwidth": 5, "bidirectional": True,
                    "type": "infiniband"}])
    t = T.from_dict(data)
    assert t.link_type == {("a", "s"): "nvlink", ("s", "a"): "nvlink",
                           ("s", "b"): "infiniband", ("b", "s"): "infiniband"}
    assert t.link_alpha == {("a", "s"): 1e-6, ("s", "a"): 1e-6}
    again = T.loads(t.to_json())
    assert again == t and again.to_json() == t.to_json()
    assert json.loads(t.to_json())["links"][0]["alpha"] == 1e-6
    g = t.to_networkx()
    assert g.edges["a", "s"]["type"] == "nvlink" and g.edges["a", "s"]["alpha"] == 1e-6
    assert T.from_networkx(g, name="t").link_alpha == t.link_alpha
    # reversing keeps them
    assert t.reversed().link_type[("s", "a")] == "nvlink"


@pytest.mark.parametrize("extra, words", [
    ({"type": "nvlnik"}, "unknown link type"),
    ({"type": 3}, "unknown link type"),
    ({"alpha": "2e-6"}, "number of seconds"),
    ({"alpha": True}, "number of seconds"),
    ({"alpha": -1e-6}, ">= 0"),
    ({"alpha": 2}, "write 2e-6"),
])
def test_bad_link_type_or_alpha(extra, words):
    data = _typed([{"src": "a", "dst": "s", "bandwidth": 5, "bidirectional": True, **extra},
                   {"src": "b", "dst": "s", "bandwidth": 5, "bidirectional": True}])
    with pytest.raises(TopologyError) as exc:
        T.loads(json.dumps(data))
    assert words in str(exc.value) and "\n" not in str(exc.value)


def test_parallel_links_must_agree_on_type_and_alpha():
    links = [{"src": "a", "dst": "s", "bandwidth": 5, "bidirectional": True, "type": "nvlink"},
             {"src": "a", "dst": "s", "bandwidth": 5, "bidirectional": True, "type": "pcie"},
             {"src": "b", "dst": "s", "bandwidth": 10, "bidirectional": True}]
    with pytest.raises(TopologyError, match="links #0 and #1 both join 'a' -> 's'"):
        T.from_dict(_typed(links))
    links[1]["type"] = "nvlink"
    assert T.from_dict(_typed(links)).capacity[("a", "s")] == 10


def test_total_bandwidth_and_out_degree():
    # show prints them; the topology computes them
    from forestcoll_opt.model.catalog import resolve

    t = resolve("paper-example")
    assert t.total_bandwidth == sum(t.capacity.values()) and isinstance(t.total_bandwidth,
                                                                        Fraction)
    assert t.out_degree == {v: sum(1 for (a, _b) in t.capacity if a == v) for v in t.node_ids}
    assert list(t.out_degree) == list(t.node_ids)
    t = T.from_dict(doc())
    # a<->w 300 each way, b<->w 12.5 each way, a<->b 25/3 + 1 each way (parallel links summed)
    assert t.total_bandwidth == 2 * 300 + 2 * Fraction(25, 2) + 2 * (Fraction(25, 3) + 1)
    assert t.out_degree == {"a": 2, "b": 2, "w": 2}
