import json
from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.model import schedule as S
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.generation.fixed_k import smallest_k_at_bound
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict, load
from randomnets import random_network
from schedcheck import achieved_algbw

EXTREME = Path(__file__).parents[1] / "data" / "topologies" / "bandwidths-1e-12-to-1e15.json"
CATALOG = ["paper-example", "dgx-a100:boxes=2", "dgx-a100:boxes=4", "dgx-h100:boxes=2",
           "mi250:boxes=2", "mi250:boxes=2,gpus=8"]


def tree_allreduce_bound(t):
    rs = bound(t, collective="reduce-scatter").algbw
    ag = bound(t, collective="allgather").algbw
    return 1 / (1 / rs + 1 / ag)


@pytest.fixture(scope="module")
def schedules(catalog):
    cache = {}

    def get(spec, collective, **kw):
        key = (spec, collective, tuple(sorted(kw.items())))
        if key not in cache:
            cache[key] = generate(catalog(spec), collective=collective, **kw)
        return cache[key]

    return get


@pytest.mark.parametrize("spec", CATALOG)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_catalog_schedules_reach_the_bound(catalog, schedules, spec, collective):
    t = catalog(spec)
    s = schedules(spec, collective)
    achieved = achieved_algbw(t, json.loads(s.to_json()))
    if collective == "allreduce":
        best = tree_allreduce_bound(t)
    else:
        best = bound(t, collective=collective).algbw
    assert achieved == best == s.algbw


def test_mi250_uses_the_optimal_k(schedules):
    s = schedules("mi250:boxes=2", "allgather")
    assert s.k == 83 and s.algbw == Fraction(5312, 15)


def test_mi250_fixed_k_2(catalog, schedules):
    s = schedules("mi250:boxes=2", "allgather", k=2)
    assert s.k == 2
    assert achieved_algbw(catalog("mi250:boxes=2"), s.to_dict()) == Fraction(1024, 3)


@pytest.mark.parametrize("spec, root", [("paper-example", "box1/c2"),
                                        ("dgx-a100:boxes=2", "box0/gpu5"),
                                        ("mi250:boxes=2,gpus=8", "box1/gcd3")])
@pytest.mark.parametrize("collective", ["broadcast", "reduce"])
def test_single_root_schedules_reach_the_bound(catalog, spec, root, collective):
    t = catalog(spec)
    s = generate(t, collective=collective, root=root)
    assert s.root == root
    assert achieved_algbw(t, s.to_dict()) == bound(t, collective=collective, root=root).algbw


@pytest.mark.parametrize("seed", range(100))
def test_random_networks_every_collective(seed):
    t = from_dict(random_network(seed + 1000))
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective)
        assert achieved_algbw(t, s.to_dict()) == bound(t, collective=collective).algbw
    ar = generate(t, collective="allreduce")
    assert achieved_algbw(t, ar.to_dict()) == tree_allreduce_bound(t)
    root = t.compute_nodes[seed % len(t.compute_nodes)]
    for collective in ("broadcast", "reduce"):
        s = generate(t, collective=collective, root=root)
        assert achieved_algbw(t, s.to_dict()) == bound(t, collective=collective, root=root).algbw


def test_asymmetric_network_reduce_scatter_uses_reversed_directions():
    # a directed 3-cycle of 6 plus 1 each way: the two directions of a link differ
    t = from_dict({"format": "forestcoll-topology/1", "name": "cycle", "nodes": [
        {"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"},
        {"id": "c", "kind": "compute"}, {"id": "w", "kind": "switch"}], "links": [
        {"src": "a", "dst": "b", "bandwidth": 6}, {"src": "b", "dst": "c", "bandwidth": 6},
        {"src": "c", "dst": "a", "bandwidth": 6},
        {"src": "a", "dst": "w", "bandwidth": 1, "bidirectional": True},
        {"src": "b", "dst": "w", "bandwidth": 1, "bidirectional": True}]})
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective)
        assert achieved_algbw(t, s.to_dict()) == bound(t, collective=collective).algbw
        hops = {hop for tr in s.trees for e in tr.edges for hop in zip(e.path, e.path[1:])}
        assert hops <= set(t.capacity)


def test_json_round_trip_and_determinism(catalog, tmp_path):
    t = catalog("dgx-a100:boxes=2")
    a = generate(t, collective="allreduce")
    b = generate(t, collective="allreduce")
    assert a.to_json() == b.to_json()
    path = tmp_path / "ar.json"
    S.write(a, path)
    back = S.load(path)
    assert back == a and back.to_json() == a.to_json()
    bc = generate(t, collective="broadcast", root="box1/gpu1")
    assert S.loads(bc.to_json()) == bc


def test_schedule_file_errors(tmp_path):
    with pytest.raises(S.ScheduleError, match="not valid JSON"):
        S.loads("{")
    with pytest.raises(S.ScheduleError, match="format"):
        S.loads(json.dumps({"format": "x"}))
    with pytest.raises(S.ScheduleError, match="unknown collective"):
        S.loads(json.dumps({"format": S.FORMAT, "collective": "gossip", "compute_nodes": []}))
    with pytest.raises(S.ScheduleError, match="cannot read"):
        S.load(tmp_path / "missing.json")


@pytest.mark.parametrize("kwargs, match", [
    ({"collective": "broadcast"}, "needs a root"),
    ({"collective": "allgather", "root": "box0/c0"}, "drop the root"),
    ({"collective": "alltoall"}, "alltoall is made of routes"),
    ({"collective": "gather"}, "unknown collective"),
    ({"collective": "allgather", "k": 0}, "integer from 1 to 2"),
])
def test_generate_rejects_bad_requests(catalog, kwargs, match):
    with pytest.raises(ForestCollError, match=match):
        generate(catalog("paper-example"), **kwargs)


def test_same_bytes_across_processes(tmp_path):
    import os
    import subprocess
    import sys
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"s{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "forestcoll_opt", "generate", "dgx-a100:boxes=2",
                        "--collective", "allreduce", "-o", str(out), "-q"], check=True, env=env,
                       capture_output=True, cwd=tmp_path)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.slow
def test_dgx_a100_eight_boxes_end_to_end(catalog):
    """The largest catalog case in the suite (64 GPUs, about 4 s): generate, then check with
    the independent checker and the verifier."""
    from forestcoll_opt.verify import assert_optimal
    t = catalog("dgx-a100:boxes=8")
    s = generate(t, collective="allgather")
    assert achieved_algbw(t, s.to_dict()) == Fraction(1600, 7)
    assert assert_optimal(t, s).optimal


def _prime_ring() -> dict:
    """Three GPUs in a ring whose bandwidths have three different 12-digit prime
    denominators: the paper's k is their product, about 10^24."""
    bws = ["1/999999999989", "1/999999999959", "1/999999999961"]
    return {"format": "forestcoll-topology/1", "name": "prime-ring",
            "nodes": [{"id": f"g{i}", "kind": "compute"} for i in range(3)],
            "links": [{"src": f"g{i}", "dst": f"g{(i + 1) % 3}", "bandwidth": bws[i],
                       "bidirectional": True} for i in range(3)]}


def three_paths() -> dict:
    """Two GPUs joined directly and through two switches by paths of 1/p, 1/q and
    1 - 1/p - 1/q (p = 10^10, q = p + 1): every cut is a bottleneck, so every link must
    carry a whole number of trees and the least k at the bound is p·q, about 10^20."""
    p, q = 10**10, 10**10 + 1
    rest = 1 - Fraction(1, p) - Fraction(1, q)
    links = [("g0", "g1", rest), ("g0", "w0", Fraction(1, p)), ("w0", "g1", Fraction(1, p)),
             ("g0", "w1", Fraction(1, q)), ("w1", "g1", Fraction(1, q))]
    return {"format": "forestcoll-topology/1", "name": "three-paths",
            "nodes": [{"id": "g0", "kind": "compute"}, {"id": "g1", "kind": "compute"},
                      {"id": "w0", "kind": "switch"}, {"id": "w1", "kind": "switch"}],
            "links": [{"src": a, "dst": b, "bandwidth": str(bw), "bidirectional": True}
                      for a, b, bw in links]}


@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_the_prime_rings_least_k_fits_the_format(collective):
    """The paper's k (about 10^24) is beyond 2^63 - 1, but flooring k·b_e/x* loses
    nothing from k = 999999999975 on (the bottleneck's own links set that step)."""
    topo = from_dict(_prime_ring())
    b = bound(topo)
    assert b.k == 999999999934000000001025 > S.MAX_COUNT
    least = smallest_k_at_bound(topo, b)
    assert (least.k, least.proven) == (999999999975, True)
    sched = generate(topo, collective=collective)
    assert all(p.k == 999999999975 for p in (sched.phases or (sched,)))
    best = (tree_allreduce_bound(topo) if collective == "allreduce"
            else bound(topo, collective=collective).algbw)
    assert achieved_algbw(topo, sched.to_dict()) == sched.algbw == best


@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_a_k_beyond_the_format_is_refused_not_written(collective):
    topo = from_dict(three_paths())
    b = bound(topo)
    least = smallest_k_at_bound(topo, b)
    assert least.k == b.k == 100000000010000000000 > S.MAX_COUNT and least.proven
    with pytest.raises(S.ScheduleError, match=r"k = 100000000010000000000 parts per root "
                       r"\(the least k that reaches the bound\), above 2\^63 - 1"):
        generate(topo, collective=collective)
    # a fixed k fits the format and is still exact
    sched = generate(topo, collective=collective, k=1)
    assert sched.algbw == achieved_algbw(topo, sched.to_dict())
    with pytest.raises(S.ScheduleError, match="from 1 to 2"):
        generate(topo, collective=collective, k=S.MAX_COUNT + 1)


def test_extreme_bandwidths_generate_at_k_1():
    """60 GPUs and 29 switches, bandwidths from 1e-12 to 1e15: the paper's k is 3·10^27
    (generate refused it), while one tree per root already reaches the bound. (`forestcoll
    verify` calls the schedule OPTIMAL too, but takes minutes here: its own bound bisects
    with Python-integer max-flows at these capacities.)"""
    t = load(EXTREME)
    s = generate(t, collective="allgather")
    assert s.k == 1 and s.num_trees == 60
    assert achieved_algbw(t, s.to_dict()) == s.algbw == bound(t).algbw == Fraction(6 * 10**16, 59)


def test_schedule_routes_share_each_pairs_chunks_by_path_across_phases():
    # a reduce-scatter phase with k = 1 and an allgather phase with k = 2: over lcm = 2 parts,
    # the first phase's tree of weight 1 counts 2, the second's trees count their weight
    E, T = S.TreeEdge, S.Tree
    nodes = ("a", "b")
    via_s, via_t = ("a", "s", "b"), ("a", "t", "b")

    def phase(collective, k, trees):
        return S.Schedule(collective, "net", "b", nodes, k, None, Fraction(1), trees=trees)

    rs = phase("reduce-scatter", 1, (T("b", 1, (E("a", "b", via_s),)),))
    ag = phase("allgather", 2, (T("a", 1, (E("a", "b", via_t),)),
                                T("a", 1, (E("a", "b", via_s),)),
                                T("b", 3, (E("b", "a", ("b", "a")),))))
    allreduce = S.Schedule("allreduce", "net", "b", nodes, None, None, Fraction(1),
                           phases=(rs, ag))
    assert S.schedule_routes(allreduce) == {
        ("a", "b"): [(via_s, Fraction(3, 4)), (via_t, Fraction(1, 4))],
        ("b", "a"): [(("b", "a"), Fraction(1))],
    }
    assert S.schedule_routes(ag)[("a", "b")] == [(via_s, Fraction(1, 2)),
                                                (via_t, Fraction(1, 2))]


@pytest.mark.parametrize("path,got", [("", "an empty name"), (3, "int"), (b"x", "bytes")])
def test_save_needs_a_file_name(path, got):
    """Schedule.save("") said ".../outs: cannot write (Is a directory)" and save(3) or
    save(b"x") raised TypeError: now the package's OutputError, one line."""
    from forestcoll_opt.errors import OutputError
    from forestcoll_opt.model.catalog import resolve

    s = generate(resolve("dgx-a100:boxes=2"))
    with pytest.raises(OutputError) as exc:
        s.save(path)
    assert str(exc.value) == (f'save(path) needs a file name (a str or os.PathLike; "-" for '
                              f'standard output), got {got}')


def test_an_all_to_all_counts_routes_and_says_its_demand():
    """Its repr said "0 trees"; its summary listed trees."""
    from forestcoll_opt.lp.alltoall.schedule import lp_alltoall
    from forestcoll_opt.model.catalog import resolve

    topo = resolve("dgx-a100:boxes=2")
    s = lp_alltoall(topo)
    assert repr(s) == ("Schedule(alltoall on dgx-a100-2, 16 compute nodes, k=1, 240 routes, "
                       "uniform demand, algbw=50 GB/s)")
    assert "  routes         k=1, 240 over 240 ordered pair(s), weights sum 240" in str(s)
    assert "trees" not in str(s)
    a, b = topo.compute_nodes[:2]
    one = lp_alltoall(topo, demand={a: {b: 1}})
    assert ", non-uniform demand of 1 pair, " in repr(one)


def test_messages_about_an_allgather_take_an(catalog):
    """The reader wrote "must be a allgather object" and "does not belong in a allgather
    schedule" (the article was fixed to "a" whatever the collective)."""
    t = catalog("paper-example")
    allreduce = json.loads(generate(t, collective="allreduce").to_json())
    allgather = json.loads(generate(t).to_json())
    cases = [
        (allreduce, lambda d: d["phases"][1].update(collective="broadcast"),
         "s.json phase 1: must be an allgather object"),
        (allreduce, lambda d: d["phases"][0].update(collective="broadcast"),
         "s.json phase 0: must be a reduce-scatter object"),
        (allreduce, lambda d: d["phases"][1].update(colour=1),
         "s.json phase 1: field 'colour' does not belong in an allgather schedule; allowed: "
         "algbw, collective, k, tree_bandwidth, trees"),
        (allgather, lambda d: d.update(colour=1),
         "s.json: field 'colour' does not belong in an allgather schedule; allowed: algbw, "
         "collective, compute_nodes, format, k, multicast, topology, tree_bandwidth, trees, "
         "units, weights"),
    ]
    for doc, mutate, message in cases:
        doc = json.loads(json.dumps(doc))
        mutate(doc)
        with pytest.raises(ForestCollError) as caught:
            S.from_dict(doc, source="s.json")
        assert str(caught.value) == message
