"""The ideal α-β simulator (forestcoll_opt.timing.simulation, model="ideal") against times
computed by hand. (The calibrated model has its own tests: test_calibrated.py.)

Conventions of the hand computations: bandwidths in GB/s = 1e9 bytes/s, α in seconds per
hop, a part is M/(N·k) bytes for allgather (M/k for broadcast), and with C chunks a route
of hop times τ_i takes Σ τ_i + (C − 1)·max τ_i, where τ_i = α + chunk / (the tree's
share of the link)."""

import json
import math

import pytest

from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.cli import main
from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.model.schedule import achieved_algbw, from_dict
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.timing.simulation import (MAX_CHUNKS, SimRow, parse_sizes,
                                            unit_bytes_per_s)
from forestcoll_opt.timing.simulation import simulate as simulate_any
from forestcoll_opt.model.topology import from_dict as topology_from_dict

A = 2e-6     # the default α
IDEAL = ("--model", "ideal")


def simulate(*args, **kwargs):
    """This file tests the ideal model."""
    kwargs.setdefault("model", "ideal")
    return simulate_any(*args, **kwargs)

B = 1e10     # 10 GB/s in bytes/s


def topo(compute, switches, links):
    return topology_from_dict({
        "format": "forestcoll-topology/1", "name": "t", "units": "GB/s",
        "nodes": [{"id": v, "kind": "compute"} for v in compute]
        + [{"id": v, "kind": "switch"} for v in switches],
        "links": [{"src": a, "dst": b, "bandwidth": 10, "bidirectional": True}
                  for a, b in links]})


def tree(root, *edges, weight=1):
    return {"root": root, "weight": weight,
            "edges": [{"src": p[0], "dst": p[-1], "path": list(p)} for p in edges]}


def sched(collective, nodes, trees, k=1, *, on, **extra):
    """A hand-made schedule whose "algbw" is the exact one of its loads on ``on`` (simulate
    refuses a schedule that misstates it)."""
    data = {"format": "forestcoll-schedule/1", "collective": collective, "topology": "t",
            "units": "GB/s", "compute_nodes": nodes, "algbw": 1, "k": k, "trees": trees,
            **extra}
    return honest(data, on)


def honest(data, topology):
    """``data`` read as a schedule, with its claimed algbw replaced by the one it achieves."""
    return from_dict({**data, "algbw": str(achieved_algbw(from_dict(data), topology))})


def close(x, y, rel=1e-12):
    return math.isclose(x, y, rel_tol=rel)


# --- hand-computed examples -------------------------------------------------------------

PAIR = topo(["a", "b"], [], [("a", "b")])
PAIR_AG = sched("allgather", ["a", "b"], [tree("a", ("a", "b")), tree("b", ("b", "a"))],
                on=PAIR)


def test_one_chunk_one_hop_is_the_closed_form():
    # allgather on 2 nodes: a part is M/(N·k) = M/2; each link carries one tree alone, so
    # time = α + (M/2)/b.  M = 2^20: 2e-6 + 524288/1e10 = 5.44288e-5 s
    (row,) = simulate(PAIR, PAIR_AG, [2**20], chunks=1)
    assert row == SimRow(2**20, 1, row.seconds, row.algbw)
    assert close(row.seconds, A + 2**20 / 2 / B)
    assert close(row.seconds, 5.44288e-5)
    assert close(row.algbw, 2**20 / 5.44288e-5 / 1e9)
    # α = 0 and a huge M: exactly the schedule's own algbw, 2·b = 20 GB/s
    (row,) = simulate(PAIR, PAIR_AG, [2**40], alpha=0, chunks=1)
    assert row.algbw == float(achieved_algbw(PAIR_AG, PAIR)) == 20.0


CHAIN = topo(["a", "b", "c"], ["s"], [("a", "s"), ("s", "b"), ("b", "c")])
CHAIN_BC = sched("broadcast", ["a", "b", "c"],
                 [tree("a", ("a", "s", "b"), ("b", "c"))], root="a", on=CHAIN)


def test_chain_through_a_switch():
    # broadcast a -> s -> b -> c, k = 1: the part is M; every hop carries the tree alone,
    # τ = α + (M/C)/b on each of the 3 hops to c.  M = 1e6:
    #   C = 1: 3α + 3M/b = 6e-6 + 3e-4 = 3.06e-4 s
    #   C = 2: Σ τ + 1·max τ = 4τ, τ = 2e-6 + 5e-5 = 5.2e-5 -> 2.08e-4 s
    assert close(simulate(CHAIN, CHAIN_BC, [10**6], chunks=1)[0].seconds, 3.06e-4)
    assert close(simulate(CHAIN, CHAIN_BC, [10**6], chunks=2)[0].seconds, 2.08e-4)
    # a slower first hop (α = 1e-5 on a -> s): 1e-5 + 2·2e-6 + 3e-4 = 3.14e-4 s
    (row,) = simulate(CHAIN, CHAIN_BC, [10**6], alpha_per_link={("a", "s"): 1e-5}, chunks=1)
    assert close(row.seconds, 3.14e-4)
    # the exact time is M/b (algbw 10 GB/s); with α = 0 the 3 store-and-forward hops give
    # (3 + C − 1)/C of it
    assert float(achieved_algbw(CHAIN_BC, CHAIN)) == 10.0
    for c in (1, 4, 1024):
        (row,) = simulate(CHAIN, CHAIN_BC, [10**6], chunks=c, alpha=0)
        assert close(row.seconds, 1e-4 * (c + 2) / c)


STAR = topo(["a", "b", "c"], ["s"], [("a", "s"), ("b", "s"), ("c", "s")])
STAR_AG = sched("allgather", ["a", "b", "c"], [
    tree(v, (v, "s", w), (v, "s", x)) for v, w, x in (("a", "b", "c"), ("b", "c", "a"),
                                                       ("c", "a", "b"))], on=STAR)


def test_star_through_a_switch():
    # allgather on 3 nodes around a switch, k = 1: a part is M/3. a -> s carries tree a
    # twice (to b and to c): load 2, so each copy gets b/2; s -> b carries trees a and c:
    # load 2 again. Every route has 2 hops of τ = α + (M/3)/(b/2).  M = 3e6:
    #   τ = 2e-6 + 1e6/5e9 = 2.02e-4, time = 2τ = 4.04e-4 s
    (row,) = simulate(STAR, STAR_AG, [3 * 10**6], chunks=1)
    assert close(row.seconds, 4.04e-4)
    # exact: M/3 · 2/b -> algbw 1.5·b = 15 GB/s
    assert float(achieved_algbw(STAR_AG, STAR)) == 15.0


FORK = topo(["a", "b", "c"], ["s"], [("a", "s"), ("s", "b"), ("s", "c")])
FORK_BC = sched("broadcast", ["a", "b", "c"], [
    tree("a", ("a", "s", "b"), ("b", "s", "c")),
    tree("a", ("a", "s", "c"), ("c", "s", "b"))], k=2, root="a", on=FORK)


def test_two_trees_sharing_a_link():
    # broadcast from a, k = 2: each tree carries a part of M/2. a -> s, s -> b and s -> c
    # are used by both trees (load 2): each tree gets b/2 there, (M/2)/(b/2) = M/b per
    # chunk; b -> s (tree 1 only) and c -> s (tree 2 only) have load 1: (M/2)/b.
    # Tree 1 to c: a->s, s->b, b->s, s->c = 4α + M/b + M/b + M/(2b) + M/b = 4α + 3.5·M/b.
    # M = 1e6: 8e-6 + 3.5e-4 = 3.58e-4 s
    (row,) = simulate(FORK, FORK_BC, [10**6], chunks=1)
    assert close(row.seconds, 3.58e-4)
    # C = 2: hop times τ = α + (M/4)/(b/2) = 5.2e-5 (shared) or α + (M/4)/b = 2.7e-5;
    # Σ τ + max τ = 3·5.2e-5 + 2.7e-5 + 5.2e-5 = 2.35e-4 s
    assert close(simulate(FORK, FORK_BC, [10**6], chunks=2)[0].seconds, 2.35e-4)
    # halving the shares is exactly what the exact algbw counts: max load/b = 2/b on M/2
    assert float(achieved_algbw(FORK_BC, FORK)) == 10.0


def test_allreduce_phases_add_or_share():
    rs = [tree("a", ("b", "a")), tree("b", ("a", "b"))]
    ag = [tree("a", ("a", "b")), tree("b", ("b", "a"))]
    phases = [{"collective": "reduce-scatter", "k": 1, "algbw": 1, "trees": rs},
              {"collective": "allgather", "k": 1, "algbw": 1, "trees": ag}]
    base = {"format": "forestcoll-schedule/1", "collective": "allreduce", "topology": "t",
            "units": "GB/s", "compute_nodes": ["a", "b"], "algbw": 1, "phases": phases}
    seq = honest(base, PAIR)
    conc = honest({**base, "format": "forestcoll-schedule/2", "concurrent": True}, PAIR)
    # one after the other: 2 · (α + (M/2)/b) = 4e-6 + 1e-4 = 1.04e-4 s for M = 1e6
    assert close(simulate(PAIR, seq, [10**6], chunks=1)[0].seconds, 1.04e-4)
    # concurrent: every link carries one tree of each phase (M/2 bytes each at b/2), and a
    # chunk of a's shard goes b -> a, then on a -> b: one chunk takes 2·(α + M/b) =
    # 2.04e-4 s; C chunks over the two hops (C + 1)·(α + (M/C)/b): C = 4 gives 1.35e-4 s
    # (one after the other, C = 4: 2 · 4·(α + (M/8)/b) = 1.16e-4 s)
    assert close(simulate(PAIR, conc, [10**6], chunks=1)[0].seconds, 2.04e-4)
    assert close(simulate(PAIR, conc, [10**6], chunks=4)[0].seconds, 1.35e-4)
    assert close(simulate(PAIR, seq, [10**6], chunks=4)[0].seconds, 1.16e-4)
    for s in (seq, conc):       # many chunks: the exact algbw (10 GB/s both)
        (row,) = simulate(PAIR, s, [2**40], alpha=0, chunks=2**30)
        assert close(row.algbw, float(achieved_algbw(s, PAIR)), 1e-8)


# --- catalog schedules ------------------------------------------------------------------

CATALOG = [(spec, coll) for spec in ("paper-example", "dgx-a100:boxes=2")
           for coll in ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce")]


@pytest.fixture(scope="module")
def schedules():
    out = {}
    for spec, coll in CATALOG:
        t = resolve(spec)
        root = t.compute_nodes[0] if coll in ("broadcast", "reduce") else None
        out[spec, coll] = t, generate(t, collective=coll, root=root)
    return out


@pytest.mark.parametrize("spec,coll", CATALOG)
def test_large_sizes_reach_the_exact_algbw(schedules, spec, coll):
    t, s = schedules[spec, coll]
    exact = float(achieved_algbw(s, t))
    # α = 0 and C chunks: the time is between M/algbw and (1 + (H − 1)/C)·M/algbw; with
    # C = 2^40 the gap is below 1e-9
    (row,) = simulate(t, s, [2**40], chunks=2**40, alpha=0)
    assert math.isclose(row.algbw, exact, rel_tol=1e-9)
    # never faster than the exact schedule, whatever C
    for c in (1, 16, 1024):
        (row,) = simulate(t, s, [2**40], chunks=c, alpha=0)
        assert row.algbw <= exact * (1 + 1e-12)


def test_monotone_in_size_and_auto_never_slower(schedules):
    sizes = parse_sizes("64KiB..4GiB")
    for t, s in schedules.values():
        for chunks in (1, 8, "auto"):
            seconds = [r.seconds for r in simulate(t, s, sizes, chunks=chunks)]
            assert all(x < y for x, y in zip(seconds, seconds[1:]))
        one = simulate(t, s, sizes, chunks=1)
        auto = simulate(t, s, sizes, chunks="auto")
        assert all(1 <= r.chunks <= MAX_CHUNKS for r in auto)
        assert all(a.seconds <= o.seconds for a, o in zip(auto, one))
    # on dgx-a100:boxes=2 (GB/s, α = 2 µs) auto helps a lot at 4 GiB
    t, s = schedules["dgx-a100:boxes=2", "allgather"]
    big = simulate(t, s, [4 * 2**30], chunks="auto")[0]
    assert big.chunks > 1 and big.algbw > 0.85 * float(s.algbw)


# --- input handling ---------------------------------------------------------------------

def test_sizes_and_units():
    assert parse_sizes("64KiB..1MiB") == [2**16, 2**17, 2**18, 2**19, 2**20]
    assert parse_sizes("100,1KiB, 2GiB") == [100, 1024, 2 * 2**30]
    assert parse_sizes("3MiB..12MiB") == [3 * 2**20, 6 * 2**20, 12 * 2**20]
    for bad in ("", "1PB", "4GiB..1MiB", "0", "x..y", "-1"):
        with pytest.raises(ForestCollError):
            parse_sizes(bad)
    assert unit_bytes_per_s("GB/s") == (1e9, None)
    factor, note = unit_bytes_per_s("b")
    assert factor == 1.0 and "unknown" in note


def test_sizes_as_nccl_tests_writes_them():
    """lookat item 35: nccl-tests' -b/-e letters are binary (its parsesize: "M=Mebibytes and
    G=Gibibytes"), so 8..8G is its sweep; 1MB is 10^6 or 2^20 depending on who reads it:
    refused in one line that names both spellings, and the sizes print back as read."""
    from forestcoll_opt.timing.simulation import parse_size, size_text
    assert parse_sizes("8..8G") == [2**e for e in range(3, 34)]
    assert [parse_size(t) for t in ("64K", "1M", "4g", "1T")] == [2**16, 2**20, 4 * 2**30,
                                                                   2**40]
    for text, binary, decimal in (("1MB", "1MiB for 1048576 bytes", "1000000 for 1×10^6"),
                                  ("64kb", "64KiB for 65536 bytes", "64000 for 64×10^3"),
                                  ("2GB", "2GiB for 2147483648 bytes",
                                   "2000000000 for 2×10^9")):
        with pytest.raises(ForestCollError) as exc:
            parse_sizes(f"{text},1GiB")
        assert str(exc.value).endswith(f"write {binary}, or {decimal}")
    assert str(exc.value).startswith("'2GB': GB is ambiguous (10^9 bytes, or 2^30 as "
                                     "nccl-tests reads it)")
    assert [size_text(n) for n in (1, 1000, 2**10, 3 * 2**20, 2**30, 2**40, 2**40 + 2**30)] \
        == ["1B", "1000B", "1KiB", "3MiB", "1GiB", "1TiB", "1025GiB"]
    assert all(parse_size(size_text(n)) == n for n in (7, 2**16, 5 * 2**30, 2**40))


def test_bad_arguments():
    for kwargs in ({"chunks": 0}, {"chunks": "many"}, {"alpha": -1.0},
                   {"alpha": float("nan")}, {"alpha_per_link": {("a", "c"): 1e-6}}):
        with pytest.raises(ForestCollError):
            simulate(PAIR, PAIR_AG, [1024], **kwargs)
    with pytest.raises(ForestCollError):
        simulate(PAIR, PAIR_AG, [0], chunks=1)


def test_cli(tmp_path, capsys):
    path = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "64KiB..1MiB",
                 "--chunks", "auto", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == "" and data["units"] == "GB/s"
    assert [r["size_bytes"] for r in data["rows"]] == [2**16, 2**17, 2**18, 2**19, 2**20]
    csv = tmp_path / "sim.csv"
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "1MiB,4MiB",
                 "--alpha", "0", "--csv", str(csv)]) == 0
    out, _ = capsys.readouterr()
    lines = csv.read_text().splitlines()
    assert lines[0] == "size_bytes,chunks,protocol,seconds,algbw,model,parameters"
    assert len(lines) == 3 and all(",ideal," in line for line in lines[1:])
    assert [line.split()[0] for line in out.splitlines()[-2:]] == ["1MiB", "4MiB"]
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--chunks", "0"]) == 2
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--alpha", "-1"]) == 2


# --- latency per link: types, the topology's alphas, the caller's overrides -------------

def typed_pair(**link):
    return topology_from_dict({
        "format": "forestcoll-topology/1", "name": "t", "units": "GB/s",
        "nodes": [{"id": "a"}, {"id": "b"}],
        "links": [{"src": "a", "dst": "b", "bandwidth": 10, **link},
                  {"src": "b", "dst": "a", "bandwidth": 10, "type": "infiniband"}]})


def test_alpha_by_type_file_and_caller():
    from forestcoll_opt.timing.simulation import link_alphas
    from forestcoll_opt.model.topology import LINK_TYPES
    assert LINK_TYPES == {"nvlink": 1.7e-6, "pcie": 2.85e-6, "infiniband": 4.8e-6,
                          "ethernet": 4.8e-6, "xgmi": 2.7e-6}
    t = typed_pair(type="nvlink")
    assert link_alphas(t) == {("a", "b"): 1.7e-6, ("b", "a"): 4.8e-6}
    t = typed_pair(type="nvlink", alpha=5e-7)          # the file's alpha beats the type
    assert link_alphas(t) == {("a", "b"): 5e-7, ("b", "a"): 4.8e-6}
    assert link_alphas(t, 1e-6) == {("a", "b"): 1e-6, ("b", "a"): 1e-6}   # --alpha: all
    assert link_alphas(t, 1e-6, {("b", "a"): 0.0}) == {("a", "b"): 1e-6, ("b", "a"): 0.0}
    assert link_alphas(typed_pair())[("a", "b")] == A   # untyped: 2 µs
    # the one-hop closed form with the links' own latencies: a's tree crosses a -> b
    # (α = 5e-7), b's crosses b -> a (4.8e-6); the slower decides
    (row,) = simulate(t, PAIR_AG, [2**20], chunks=1)
    assert close(row.seconds, 4.8e-6 + 2**20 / 2 / B)
    (row,) = simulate(t, PAIR_AG, [2**20], alpha_per_link={("b", "a"): 0.0}, chunks=1)
    assert close(row.seconds, 5e-7 + 2**20 / 2 / B)


def test_catalog_links_are_typed():
    t = resolve("dgx-a100:boxes=2")
    assert t.link_type[("box0/gpu0", "box0/nvswitch")] == "nvlink"
    assert t.link_type[("ib/plane1", "box1/gpu3")] == "infiniband"
    assert len(t.link_type) == len(t.capacity) and not t.link_alpha
    m = resolve("mi250:boxes=2")
    assert {m.link_type[h] for h in m.capacity} == {"xgmi", "infiniband"}
    assert not resolve("paper-example").link_type
    # the chain of a DGX A100 route: GPU -> NVSwitch -> GPU costs 2 x 1.7 µs, GPU -> IB
    # plane -> GPU 2 x 4.8 µs; with one tiny message only latency counts
    from forestcoll_opt.timing.simulation import link_alphas
    alphas = link_alphas(t)
    assert alphas[("box0/gpu0", "box0/nvswitch")] == 1.7e-6
    assert alphas[("box0/gpu0", "ib/plane0")] == 4.8e-6


def test_cli_alpha_lines(tmp_path, capsys):
    path = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "1MiB"]) == 0
    out, _ = capsys.readouterr()
    assert "latency per hop from link types and the topology's alphas: 1.7 µs on 32 " \
           "links, 4.8 µs on 32 links" in out and "model ideal" in out
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "1MiB", "--alpha",
                 "3e-6", "--json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert data["alpha"] == 3e-6 and data["links_by_alpha"] == [{"alpha": 3e-6, "links": 64}]
    # microseconds written as seconds: one line that says how to write it
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--alpha", "2"]) == 2
    err = capsys.readouterr()[1]
    assert err.count("\n") == 1 and "2e-6" in err


def test_auto_is_the_best_whole_chunk_count(schedules):
    # the ternary search against every C from 1 to 300, at sizes where the best C is small
    t, s = schedules["dgx-a100:boxes=2", "allgather"]
    for size in (2**16, 2**20, 2**23):
        (auto,) = simulate(t, s, [size], chunks="auto")
        every = [simulate(t, s, [size], chunks=c)[0] for c in range(1, 301)]
        best = min(every, key=lambda r: (r.seconds, r.chunks))
        assert auto.chunks < 300 and close(auto.seconds, best.seconds, 1e-12)


def test_auto_converges_to_the_exact_algbw_with_latency(schedules):
    # with the links' own α (1.7 µs NVLink, 4.8 µs IB per hop), the best C grows like √M
    # and the simulated algbw approaches the exact one from below
    t, s = schedules["dgx-a100:boxes=2", "allgather"]
    exact = float(s.algbw)
    rows = simulate(t, s, [2**30, 2**36, 2**42, 2**48], chunks="auto")
    # the README's figures at 1 MiB, 1 GiB and 4 GiB
    readme = simulate(t, s, [2**20, 2**30, 2**32], chunks="auto")
    assert [round(r.algbw, 1) for r in readme] == [15.8, 259.7, 297.6]
    gaps = [1 - r.algbw / exact for r in rows]
    assert all(g > 0 for g in gaps) and all(a > b for a, b in zip(gaps, gaps[1:]))
    assert gaps[-1] < 1e-3
    assert [r.chunks for r in rows] == sorted(r.chunks for r in rows)


def _leaf_paths(tree, inward):
    """Every root-to-leaf (leaf-to-root when inward) list of physical hops, by brute force."""
    children = {}
    for e in tree.edges:
        parent, child = (e.dst, e.src) if inward else (e.src, e.dst)
        children.setdefault(parent, []).append((child, e.path))
    out, stack = [], [(tree.root, [])]
    while stack:
        v, hops = stack.pop()
        if v not in children:
            out.append(hops)
        for child, path in children.get(v, ()):
            step = list(zip(path, path[1:]))
            stack.append((child, step + hops if inward else hops + step))
    return out


def test_concurrent_allreduce_is_the_worst_up_then_down_pipeline():
    # brute force over every (reduce route, broadcast route) pair of every root, with the
    # links shared by both phases, against simulate(, chunks=1) on NCCL's double binary tree
    from forestcoll_opt.generation.baselines.rings import dbtree
    from forestcoll_opt.model.schedule import link_loads
    from forestcoll_opt.timing.simulation import link_alphas
    t = resolve("dgx-a100:boxes=2")
    s = dbtree(t)
    assert s.concurrent
    alphas = link_alphas(t)
    rho = {}
    for p in s.phases:
        for hop, load in link_loads(p).items():
            rho[hop] = rho.get(hop, 0.0) + load / (s.total_weight * p.k) / float(
                t.capacity[hop]) / 1e9
    rs, ag = s.phases
    for size, chunks in ((2**16, 1), (2**20, 3), (2**30, 64)):
        x = size / chunks
        worst = 0.0
        for up_tree in rs.trees:
            for down_tree in (d for d in ag.trees if d.root == up_tree.root):
                for up in _leaf_paths(up_tree, True):
                    for down in _leaf_paths(down_tree, False):
                        tau = [alphas[h] + x * rho[h] for h in up + down]
                        worst = max(worst, sum(tau) + (chunks - 1) * max(tau))
        (row,) = simulate(t, s, [size], chunks=chunks)
        assert close(row.seconds, worst, 1e-9)


def test_cli_pipelines_by_default(tmp_path, capsys):
    """Without --chunks the CLI picks the best chunk count per size, as a runtime pipelines:
    the optimal allgather on dgx-a100:boxes=2 (exactly 1040/3 = 346.7 GB/s) shows 297.6 GB/s
    at 4 GiB, not the 19 GB/s of a single chunk."""
    path = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "4GiB",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (row,) = data["rows"]
    assert data["chunks"] == "auto" and row["chunks"] > 1
    assert round(row["algbw"], 1) == 297.6
    assert main(["simulate", *IDEAL, "dgx-a100:boxes=2", str(path), "--sizes", "4GiB",
                 "--chunks", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"][0]["algbw"] < 20


def test_cli_messages_give_the_real_range(tmp_path, capsys):
    path = tmp_path / "ag.json"
    assert main(["generate", "paper-example", "-q", "-o", str(path)]) == 0
    capsys.readouterr()
    # a value that starts with '-' reaches the option's own check
    assert main(["simulate", *IDEAL, "paper-example", str(path), "--sizes", "-1KiB"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "from 1 to 2^63 - 1" in err and "-1KiB" in err
    assert main(["simulate", *IDEAL, "paper-example", str(path), "--alpha", "-inf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "finite number of seconds" in err
    # tradeoff's k range is its own, and says so both below and above it
    from forestcoll_opt.timing.tradeoffs import MAX_K
    for k in (MAX_K + 1, 10**6, 10**6 + 1):
        assert main(["tradeoff", "paper-example", "--k", str(k)]) == 2
        err = capsys.readouterr().err
        assert f"from 1 to {MAX_K} " in err, err


# --- compact schedules: one walk per representative, the same numbers -------------------------

@pytest.mark.parametrize("spec", ["dgx-h100:boxes=4", "dgx-h100:boxes=16,fabric=su",
                                  "dgx-a100:boxes=4"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
@pytest.mark.parametrize("model", ["ideal", "calibrated"])
def test_a_compact_schedule_simulates_as_its_trees_written_out(spec, collective, model):
    import forestcoll_opt as fc

    topo = fc.resolve(spec)
    comp = fc.generate(topo, collective=collective, compact=True)
    assert comp.compact
    sizes = [2**10, 2**20, 2**30]
    got = fc.simulate(topo, comp, sizes, model=model)
    assert got == fc.simulate(topo, comp.expanded(), sizes, model=model)


def test_a_group_that_breaks_link_types_is_refused_before_a_tree_is_walked(monkeypatch):
    # if a generator were not an automorphism (a link onto one of another type), the
    # shortcut would be wrong: the simulation refuses the group (model.compact.check_group,
    # issue 32) before it walks a tree
    from forestcoll_opt.errors import ScheduleError
    import forestcoll_opt as fc
    from forestcoll_opt.model import compact as C
    from forestcoll_opt.timing import calibrated

    topo = fc.resolve("dgx-h100:boxes=4")
    comp = fc.generate(topo, compact=True)
    walked = []
    original = calibrated._tree_deepest

    def counting(*args, **kwargs):
        walked.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(calibrated, "_tree_deepest", counting)
    fc.simulate(topo, comp, [2**20])
    assert len(walked) == len(comp.orbits)
    walked.clear()
    monkeypatch.setattr(C, "automorphism_problem", lambda t, p: "forged")
    with pytest.raises(ScheduleError, match="not an automorphism of dgx-h100-4: forged"):
        fc.simulate(topo, comp, [2**20])
    assert not walked


def test_a_misstated_algbw_is_refused_and_a_string_is_not_a_list():
    """Review of issue 32, findings 5 and 6: simulate timed a schedule whose "algbw" claim
    the verifier rejects (all-to-all and trees alike: the claim must be the exact algbw of
    its own loads), and read sizes="1MiB" character by character ("... not 1")."""
    from forestcoll_opt.lp.alltoall.schedule import lp_alltoall
    from forestcoll_opt.model.numbers import fraction_display

    t = resolve("dgx-a100:boxes=2")
    for s in (generate(t), lp_alltoall(t)):
        simulate_any(t, s, [2**20], model="ideal")                     # the honest one runs
        lie = from_dict({**s.to_dict(), "algbw": str(2 * s.algbw)})
        with pytest.raises(ForestCollError) as exc:
            simulate_any(t, lie, [2**20], model="ideal")
        assert str(exc.value).startswith(
            f"the schedule claims algbw {fraction_display(2 * s.algbw)} but its "
            f"{'routes' if s.routes else 'trees'} on dgx-a100-2 give "
            f"{fraction_display(s.algbw)}")
        with pytest.raises(ForestCollError, match="but its (trees|routes) on dgx-a100-2 give"):
            simulate_any(t, lie, [2**20])
    with pytest.raises(ForestCollError) as exc:
        simulate_any(t, generate(t), "1MiB")
    assert str(exc.value) == ("sizes must be a list of whole byte counts such as [2**20, "
                              "2**30], not the string '1MiB'")


def test_compact_schedule_keeps_one_root_per_orbit_in_the_ideal_model():
    """The ideal model times a compact schedule with one root per class of roots whose
    routes are the same (an orbit), not every root: on 4 DGX H100 boxes the allgather's
    32 roots are one orbit (two trees each, both representatives' routes given to every
    root), so one root is kept where every root's routes were timed before (at 16,384 GPUs
    that took 200 s and 4.5 GB, now 11 s)."""
    from forestcoll_opt.generation.pipeline import generate
    from forestcoll_opt.model.catalog import resolve
    from forestcoll_opt.timing import simulation as sim

    t = resolve("dgx-h100:boxes=4")
    s = generate(t, collective="allgather", compact=True)
    assert len(s.orbits) == 2 and not s.trees
    found = sim._routes(s, sim.link_coefficients(t, s)[0], sim.link_alphas(t))
    assert len(found) == 32 and len(set(found.values())) == 1
    roots, kept = sim._distinct_roots([found])
    assert roots == ["box0/gpu0"] and frozenset(kept[0]["box0/gpu0"]) == found["box1/gpu5"]
