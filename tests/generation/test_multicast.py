"""In-network multicast and aggregation (forestcoll_opt.generation.multicast and generate's
``multicast="auto"``): the paper's example, the catalog's NVLS/SHARP machines and random
networks with some multicast switches stay exactly at the bound while moving less data."""

import json
import random
from fractions import Fraction

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.cli import main
from forestcoll_opt.generation.multicast import merge_out_tree
from forestcoll_opt.model.schedule import loads
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.linkloads import traffic
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import random_network
from schedcheck import achieved_algbw


def test_the_papers_example():
    # Figure "The constructed spanning out-tree" (b) -> (c): the tree reaches box 2 at
    # c21, and inside the box c21 -> c22 -> c23 -> c24 each relay through the box switch
    # w2. With w2 able to multicast, c22's and c23's copies into w2 are redundant: w2
    # fans out c21's copy, and the tree's data crosses c21 -> w2 once.
    edges = [("c11", "c21", ("c11", "w1", "c21")),
             ("c21", "c22", ("c21", "w2", "c22")),
             ("c22", "c23", ("c22", "w2", "c23")),
             ("c23", "c24", ("c23", "w2", "c24"))]
    merged = merge_out_tree("c11", edges, {"w1", "w2"})
    assert merged == (("c11", "c21", ("c11", "w1", "c21")),
                      ("c21", "c22", ("c21", "w2", "c22")),
                      ("c21", "c23", ("c21", "w2", "c23")),
                      ("c21", "c24", ("c21", "w2", "c24")))
    hops = lambda es: {(e[0], h) for e in es for h in zip(e[2], e[2][1:])}  # noqa: E731
    assert len(hops(edges)) == 8 and len(hops(merged)) == 6          # two copies saved
    assert merge_out_tree("c11", edges, {"w1"}) == tuple(edges)       # w2 cannot: no change


def paper_example(multicast_switches):
    data = {"format": "forestcoll-topology/1", "name": "paper-mc", "units": "b", "nodes":
            [{"id": "global", "kind": "switch", "multicast": "global" in multicast_switches}],
            "links": []}
    for box in range(2):
        sw = f"box{box}/switch"
        data["nodes"].append({"id": sw, "kind": "switch", "box": box,
                              "multicast": sw in multicast_switches})
        for g in range(4):
            c = f"box{box}/c{g}"
            data["nodes"].append({"id": c, "kind": "compute", "box": box})
            data["links"] += [{"src": c, "dst": sw, "bandwidth": 10, "bidirectional": True},
                              {"src": c, "dst": "global", "bandwidth": 1,
                               "bidirectional": True}]
    return from_dict(data)


def totals(schedule, topology):
    moved = traffic(schedule, topology)
    return sum(a for a, _ in moved.values()), sum(b for _, b in moved.values())


@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce",
                                        "broadcast", "reduce"])
def test_paper_topology_with_multicast_switches(collective):
    t = paper_example({"box0/switch", "box1/switch", "global"})
    root = "box0/c0" if collective in ("broadcast", "reduce") else None
    plain = generate(t, collective=collective, root=root, multicast="off")
    s = generate(t, collective=collective, root=root)
    assert s.multicast and s.algbw == plain.algbw
    with_mc, without = totals(s, t)
    assert with_mc < without == totals(plain, t)[1]
    data = json.loads(s.to_json())
    assert data["multicast"] is True and data["format"] == "forestcoll-schedule/2"
    assert achieved_algbw(t, data) == s.algbw
    assert loads(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("spec", ["dgx-h100:boxes=2,nvls=1", "dgx-h100:boxes=4,nvls=1",
                                  "dgx-h100:boxes=2,nvls=1,sharp=1", "dgx-a100:boxes=2,sharp=1"])
def test_catalog_machines_stay_at_the_bound(catalog, spec):
    t = catalog(spec)
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective)
        assert s.multicast
        assert s.algbw == bound(t, collective=collective).algbw
        assert achieved_algbw(t, s.to_dict()) == s.algbw
        with_mc, without = totals(s, t)
        assert with_mc < without
    ar = generate(t, collective="allreduce")
    assert ar.multicast and achieved_algbw(t, ar.to_dict()) == ar.algbw
    assert ar.algbw == 1 / (1 / bound(t, collective="reduce-scatter").algbw
                            + 1 / bound(t).algbw)


def test_h100_nvls_traffic_by_hand(catalog):
    # 2 boxes: without multicast every tree edge inside a box goes gpu -> nvswitch -> gpu;
    # with NVLS each tree enters an NVSwitch once, and the allgather moves 37/2 x M over
    # the links instead of 30 x M (-38.3 %)
    t = catalog("dgx-h100:boxes=2,nvls=1")
    s = generate(t, collective="allgather")
    assert totals(s, t) == (Fraction(37, 2), 30)


def test_shared_hops_into_a_switch_without_the_flag_are_separate_copies(catalog):
    # 4 boxes, NVLS only: a GPU's two edges of one tree through its rail switch (no SHARP)
    # share the hop into it, which still carries two copies: the generator's count, the
    # verifier's and the test-side checker's agree (the notebook's 381/10 x M)
    import schedcheck

    t = catalog("dgx-h100:boxes=4,nvls=1")
    s = generate(t, collective="allgather")
    assert totals(s, t)[0] == Fraction(381, 10)
    v = verify(t, s.to_dict())
    assert v.optimal and v.traffic == totals(s, t)
    assert schedcheck.traffic(t, s.to_dict()) == v.traffic


@pytest.mark.parametrize("seed", range(60))
def test_random_networks_with_multicast_switches(seed):
    data = random_network(seed + 6100)
    rng = random.Random(seed)
    for node in data["nodes"]:
        if node["kind"] == "switch" and rng.random() < 0.6:
            node["multicast"] = True
    t = from_dict(data)
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective)
        assert s.algbw == bound(t, collective=collective).algbw
        assert achieved_algbw(t, json.loads(s.to_json())) == s.algbw
        with_mc, without = totals(s, t)
        assert with_mc <= without
        assert s.multicast == (with_mc < without)


def test_without_multicast_switches_nothing_changes(catalog):
    t = catalog("dgx-h100:boxes=2")
    assert generate(t, collective="allgather").to_json() == generate(t, collective="allgather", multicast="off").to_json()
    assert json.loads(generate(t, collective="allgather").to_json())["format"] == "forestcoll-schedule/1"
    with pytest.raises(Exception, match="multicast="):
        generate(t, collective="allgather", multicast="on")


def test_cli_multicast_and_show_traffic(tmp_path, capsys):
    out = tmp_path / "s.json"
    assert main(["generate", "dgx-h100:boxes=2,nvls=1", "-o", str(out), "-q"]) == 0
    assert "38.3% less" in capsys.readouterr().out
    csv = tmp_path / "t.csv"
    assert main(["show-traffic", "dgx-h100:boxes=2,nvls=1", str(out), "--top", "3",
                 "--csv", str(csv)]) == 0
    text = capsys.readouterr().out
    assert "37/2" in text and "with multicast" in text
    assert csv.read_text().startswith(
        "src,dst,bandwidth,bandwidth_exact,with_multicast,with_multicast_exact,"
        "without_multicast,without_multicast_exact\n")
    off = tmp_path / "off.json"
    assert main(["generate", "dgx-h100:boxes=2,nvls=1", "--multicast", "off", "-o", str(off),
                 "-q"]) == 0
    assert "multicast" not in json.loads(off.read_text())
    assert verify is not None
