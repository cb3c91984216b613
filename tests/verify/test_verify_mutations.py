"""Mutation testing of the verifier: valid generated schedules are mutated at random
(retarget, drop, duplicate, re-root, reverse, change types, add or remove keys, move trees
between the allreduce phases, change the collective, k or weights, …) and every mutant is
judged twice: by ``forestcoll_opt.verify`` and by the tests' own independent checker
(``schedcheck``). The rules:

* the verifier never raises on a mutant: it returns a verdict, and never a contradiction
  (the bound is right, so no well-formed mutant can beat it);
* it calls a mutant valid exactly when the independent checker accepts it, with the same
  exact algbw; "optimal" only at the known optimum;
* the verdict does not depend on the order of keys, or on reading the mutant from a file.

Deterministic: every mutant comes from ``random.Random("<topology>/<collective>/<n>")``.
The CI form runs ``MUTANTS_CI`` (24) mutants per (topology, collective) base, 840 in all
in a few seconds; the slow form (marked ``slow``; ``pytest -m "not slow"`` skips it) runs
``FORESTCOLL_MUTANTS`` per base, default 100 (3500 mutants), e.g.
``FORESTCOLL_MUTANTS=2000 pytest -m slow tests/verify/test_verify_mutations.py`` for a long run.
"""

from __future__ import annotations

import copy
import json
import os
import random
import time
from fractions import Fraction

import pytest

from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import STATUSES, VerifyError, verify
from randomnets import random_network
from schedcheck import check

MUTANTS_CI = 24
MUTANTS_SLOW = int(os.environ.get("FORESTCOLL_MUTANTS", "100"))
COLLECTIVES = ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce")
CATALOG = ("paper-example", "dgx-a100:boxes=2", "mi250:boxes=2,gpus=8")
RANDOM_SEEDS = (3003, 3005, 3009, 3013)
TOPOLOGIES = CATALOG + tuple(f"random-{s}" for s in RANDOM_SEEDS)


# --- the valid schedules that get mutated --------------------------------------------------------

class Base:
    """One generated schedule with what the test knows about it independently."""

    def __init__(self, topology, collective: str, k: int | None = None) -> None:
        self.topology = topology
        self.collective = collective
        self.root = None
        if collective == "broadcast":
            self.root = topology.compute_nodes[0]
        elif collective == "reduce":
            self.root = topology.compute_nodes[-1]
        self.schedule = generate(topology, collective=collective, k=k, root=self.root).to_dict()
        self.algbw = check(topology, self.schedule)
        assert self.algbw is not None, "the generated schedule must pass the checker"
        self.optimum = self.algbw if k is None else None    # generated with the bound's k
        self.compute = list(topology.compute_nodes)
        self.switches = list(topology.switch_nodes)
        self.nodes = list(topology.node_ids)


_TOPOLOGIES: dict[str, object] = {}
_BASES: dict[tuple[str, str], Base] = {}


def topology_of(name: str, catalog):
    if name not in _TOPOLOGIES:
        if name.startswith("random-"):
            _TOPOLOGIES[name] = from_dict(random_network(int(name.split("-")[1])))
        else:
            _TOPOLOGIES[name] = catalog(name)
    return _TOPOLOGIES[name]


def base_of(name: str, collective: str, catalog) -> Base:
    key = (name, collective)
    if key not in _BASES:
        _BASES[key] = Base(topology_of(name, catalog), collective)
    return _BASES[key]


# --- where things are in a (possibly already mutated) schedule ---------------------------------

def tree_lists(s) -> list[list]:
    """The lists of trees: the top level's, or each allreduce phase's."""
    out = []
    if isinstance(s.get("trees"), list):
        out.append(s["trees"])
    phases = s.get("phases")
    if isinstance(phases, list):
        out += [p["trees"] for p in phases
                if isinstance(p, dict) and isinstance(p.get("trees"), list)]
    return out


def trees(s) -> list[dict]:
    return [t for lst in tree_lists(s) for t in lst if isinstance(t, dict)]


def edges(s) -> list[dict]:
    return [e for t in trees(s) if isinstance(t.get("edges"), list)
            for e in t["edges"] if isinstance(e, dict)]


def phase_objects(s) -> list[dict]:
    """The objects that carry k, trees and claims: the schedule or its phases."""
    phases = s.get("phases")
    if isinstance(phases, list):
        return [p for p in phases if isinstance(p, dict)]
    return [s]


def slots(s) -> list[tuple[object, object]]:
    """Every (container, key-or-index) in the schedule, found without recursion."""
    out = []
    stack = [s]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            out.append((node, key))
            if isinstance(value, (dict, list)) and len(out) < 20000:
                stack.append(value)
    return out


# --- mutation operators: each returns False when it does not apply ----------------------------

def wrong_value(rng: random.Random, value, base: Base):
    """Something of another type (or a plausible but wrong value) in place of ``value``."""
    deep: object = value
    for _ in range(rng.randint(2, 40)):
        deep = [deep]
    choices = [
        [value], {"id": value}, {"value": value, "more": [value]}, None, True, False, 1.5,
        float("nan"), float("inf"), -1, 0, 2**64, 2**63, "", "ghost", [], {}, deep, [[value]],
        rng.choice(base.compute), rng.choice(base.switches or base.compute), "1/0", "8.0",
    ]
    if isinstance(value, bool):
        pass
    elif isinstance(value, int):
        choices += [float(value), str(value), value + 1, -value, value * 10**20, [value, value]]
    elif isinstance(value, str):
        choices += [value + " ", value.upper(), value * 2, [value, value], value[:-1]]
    return rng.choice(choices)


def is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def m_retarget(rng, s, base):
    es = edges(s)
    if not es:
        return False
    e = rng.choice(es)
    end = rng.choice(["src", "dst"])
    new = rng.choice(base.compute)
    e[end] = new
    path = e.get("path")
    if isinstance(path, list) and path and rng.random() < 0.7:
        path[0 if end == "src" else -1] = new
    return True


def routes(base, a: str, b: str) -> list[list[str]]:
    """Physical routes from a to b: a direct link, or one or two switches in between."""
    cap = base.topology.capacity
    out = [[a, b]] if (a, b) in cap else []
    out += [[a, w, b] for w in base.switches if (a, w) in cap and (w, b) in cap]
    out += [[a, w, x, b] for w in base.switches for x in base.switches
            if w != x and (a, w) in cap and (w, x) in cap and (x, b) in cap][:4]
    return out


def m_reroute(rng, s, base):
    """Send an edge along another route."""
    es = [e for e in edges(s) if isinstance(e.get("src"), str) and isinstance(e.get("dst"), str)
          and e["src"] in base.nodes and e["dst"] in base.nodes]
    if not es:
        return False
    e = rng.choice(es)
    options = routes(base, e["src"], e["dst"])
    if not options:
        return False
    e["path"] = rng.choice(options)
    return True


def m_cycle(rng, s, base):
    """Re-parent a node under one of its own descendants, along a real route: every node
    keeps one parent, but a cycle is cut off from the root."""
    ts = [t for t in trees(s) if isinstance(t.get("edges"), list) and len(t["edges"]) >= 2]
    if not ts:
        return False
    t = rng.choice(ts)
    inward = rng.random() < 0.5                 # which end of an edge is the child
    up: dict[str, dict] = {}
    below: dict[str, list[str]] = {}
    for e in t["edges"]:
        if isinstance(e, dict) and isinstance(e.get("src"), str) and isinstance(e.get("dst"), str):
            child, parent = (e["src"], e["dst"]) if inward else (e["dst"], e["src"])
            up[child] = e
            below.setdefault(parent, []).append(child)
    candidates = []
    for b in sorted(up):
        seen, stack = set(), list(below.get(b, ()))
        while stack:
            c = stack.pop()
            if c not in seen and c != b:
                seen.add(c)
                stack += below.get(c, ())
        candidates += [(b, c) for c in sorted(seen)]
    if not candidates:
        return False
    b, c = rng.choice(candidates)
    e = up[b]
    e["src"], e["dst"] = (b, c) if inward else (c, b)
    options = routes(base, e["src"], e["dst"]) if e["src"] in base.nodes else []
    if options:
        e["path"] = rng.choice(options)
    return True


def m_drop_edge(rng, s, base):
    ts = [t for t in trees(s) if isinstance(t.get("edges"), list) and t["edges"]]
    if not ts:
        return False
    t = rng.choice(ts)
    t["edges"].pop(rng.randrange(len(t["edges"])))
    return True


def m_drop_tree(rng, s, base):
    lists = [lst for lst in tree_lists(s) if lst]
    if not lists:
        return False
    lst = rng.choice(lists)
    lst.pop(rng.randrange(len(lst)))
    return True


def m_duplicate_tree(rng, s, base):
    lists = [lst for lst in tree_lists(s) if lst]
    if not lists:
        return False
    lst = rng.choice(lists)
    lst.insert(rng.randrange(len(lst) + 1), copy.deepcopy(rng.choice(lst)))
    return True


def m_duplicate_edge(rng, s, base):
    ts = [t for t in trees(s) if isinstance(t.get("edges"), list) and t["edges"]]
    if not ts:
        return False
    t = rng.choice(ts)
    t["edges"].append(copy.deepcopy(rng.choice(t["edges"])))
    return True


def m_reroot(rng, s, base):
    ts = trees(s)
    if not ts:
        return False
    rng.choice(ts)["root"] = rng.choice(base.compute + base.switches[:1])
    return True


def m_reverse_edge(rng, s, base):
    es = edges(s)
    if not es:
        return False
    e = rng.choice(es)
    e["src"], e["dst"] = e.get("dst"), e.get("src")
    if isinstance(e.get("path"), list):
        e["path"] = e["path"][::-1]
    return True


def m_reverse_path(rng, s, base):
    es = [e for e in edges(s) if isinstance(e.get("path"), list)]
    if not es:
        return False
    e = rng.choice(es)
    e["path"] = e["path"][::-1]
    return True


def m_reverse_tree(rng, s, base):
    """Every edge of one tree reversed: an out-tree becomes an in-tree and back."""
    ts = [t for t in trees(s) if isinstance(t.get("edges"), list)]
    if not ts:
        return False
    for e in rng.choice(ts)["edges"]:
        if isinstance(e, dict):
            e["src"], e["dst"] = e.get("dst"), e.get("src")
            if isinstance(e.get("path"), list):
                e["path"] = e["path"][::-1]
    return True


def m_change_type(rng, s, base):
    where = slots(s)
    node, key = rng.choice(where)
    node[key] = wrong_value(rng, node[key], base)
    return True


def m_add_key(rng, s, base):
    targets = [("top", s)] + [("phase", p) for p in phase_objects(s) if p is not s]
    targets += [("tree", t) for t in trees(s)[:50]] + [("edge", e) for e in edges(s)[:200]]
    kind, obj = rng.choice(targets)
    names = {"top": ["root", "phase", "phases", "trees", "k", "algbw", "units", "comment",
                     "Root", "compute_nodes", "tree_bandwidth", "weight"],
             "phase": ["root", "k", "algbw", "tree_bandwidth", "note", "trees", "collective"],
             "tree": ["weight", "root", "path", "edges", "id", "src"],
             "edge": ["path", "weight", "src", "dst", "via", "root"]}[kind]
    key = rng.choice(names)
    value = rng.choice([rng.choice(base.compute), 1, "x", [], None,
                        copy.deepcopy(obj.get(key)) if key in obj else 2])
    obj[key] = value
    return True


def m_remove_key(rng, s, base):
    where = [(node, key) for node, key in slots(s) if isinstance(node, dict)]
    node, key = rng.choice(where)
    del node[key]
    return True


def m_move_tree(rng, s, base):
    lists = tree_lists(s)
    if len(lists) < 2:
        return False
    src, dst = rng.sample(lists, 2)
    if not src:
        return False
    dst.insert(rng.randrange(len(dst) + 1), src.pop(rng.randrange(len(src))))
    return True


def m_swap_phases(rng, s, base):
    phases = s.get("phases")
    if not isinstance(phases, list) or len(phases) != 2:
        return False
    if rng.random() < 0.5:
        phases.reverse()
    else:
        a, b = phases
        if not (isinstance(a, dict) and isinstance(b, dict)):
            return False
        a["trees"], b["trees"] = b.get("trees"), a.get("trees")
    return True


def m_collective(rng, s, base):
    current = s.get("collective")
    s["collective"] = rng.choice([c for c in COLLECTIVES if c != current] + ["gather", None])
    if rng.random() < 0.3 and isinstance(s.get("phases"), list):
        p = rng.choice(s["phases"])
        if isinstance(p, dict):
            p["collective"] = rng.choice(COLLECTIVES)
    return True


def m_set_root(rng, s, base):
    s["root"] = rng.choice(base.compute)
    if rng.random() < 0.5:             # keep only that root's trees, as a forger would
        for lst in tree_lists(s):
            lst[:] = [t for t in lst if isinstance(t, dict) and t.get("root") == s["root"]] or lst
    return True


def m_change_k(rng, s, base):
    objs = [p for p in phase_objects(s) if is_int(p.get("k"))]
    if not objs:
        return False
    p = rng.choice(objs)
    k = p["k"]
    p["k"] = rng.choice([k + 1, k - 1, 2 * k, 0, -k, k * 10**20, k * base_n(base)])
    return True


def base_n(base) -> int:
    return len(base.compute)


def m_change_weight(rng, s, base):
    ts = [t for t in trees(s) if is_int(t.get("weight"))]
    if not ts:
        return False
    t = rng.choice(ts)
    choice = rng.randrange(5)
    if choice == 0 and len(ts) > 1:     # move one part from one tree to another (totals move)
        other = rng.choice(ts)
        t["weight"] -= 1
        other["weight"] += 1
    else:
        t["weight"] = rng.choice([t["weight"] + 1, t["weight"] - 1, 0, 2 * t["weight"]])
    return True


def m_scale(rng, s, base):
    """k and every weight of one phase times m: the same schedule, still valid."""
    objs = [p for p in phase_objects(s) if is_int(p.get("k"))]
    if not objs:
        return False
    p = rng.choice(objs)
    m = rng.choice([2, 3, 7])
    p["k"] *= m
    for t in p.get("trees") or []:
        if isinstance(t, dict) and isinstance(t.get("weight"), int):
            t["weight"] *= m
    return True


def m_split_tree(rng, s, base):
    """A tree of weight w >= 2 as two copies of weights a and w - a: still valid."""
    lists = [lst for lst in tree_lists(s)
             if any(isinstance(t, dict) and isinstance(t.get("weight"), int) and t["weight"] >= 2
                    for t in lst)]
    if not lists:
        return False
    lst = rng.choice(lists)
    i = rng.choice([i for i, t in enumerate(lst) if isinstance(t, dict)
                    and isinstance(t.get("weight"), int) and t["weight"] >= 2])
    a = rng.randint(1, lst[i]["weight"] - 1)
    twin = copy.deepcopy(lst[i])
    twin["weight"] = lst[i]["weight"] - a
    lst[i]["weight"] = a
    lst.insert(rng.randrange(len(lst) + 1), twin)
    return True


def m_consolidate(rng, s, base):
    """One root's trees replaced by its first tree with all their weight: valid, other loads."""
    lists = [lst for lst in tree_lists(s) if lst]
    if not lists:
        return False
    lst = rng.choice(lists)
    t = rng.choice(lst)
    if not isinstance(t, dict):
        return False
    mine = [x for x in lst if isinstance(x, dict) and x.get("root") == t.get("root")]
    if not all(isinstance(x.get("weight"), int) for x in mine):
        return False
    total = sum(x["weight"] for x in mine)
    lst[:] = [x for x in lst if not (isinstance(x, dict) and x.get("root") == t.get("root"))
              or x is t]
    t["weight"] = total
    return True


def m_strip_claims(rng, s, base):
    for obj in [s] + phase_objects(s):
        obj.pop("algbw", None)
        obj.pop("tree_bandwidth", None)
    return True


def m_claims(rng, s, base):
    obj = rng.choice([s] + phase_objects(s))
    key = rng.choice(["algbw", "tree_bandwidth"])
    value = obj.get(key)
    if isinstance(value, str) and "/" not in value:
        obj[key] = rng.choice([value + ".0", value + "/1", "1/2", value + "e0", float(value)])
    elif isinstance(value, str) and value.count("/") == 1 and value.replace("/", "").isdigit():
        p, q = map(int, value.split("/"))
        obj[key] = rng.choice([f"{p}/{q + 1}", f"{2 * p}/{2 * q}", "0/0", value + "/2"])
    else:
        obj[key] = rng.choice(["7", 7, "1/3"])
    return True


def m_compute_nodes(rng, s, base):
    listed = s.get("compute_nodes")
    if not isinstance(listed, list):
        return False
    choice = rng.randrange(5)
    if choice == 0 and listed:
        listed.pop(rng.randrange(len(listed)))
    elif choice == 1 and listed:
        listed.append(rng.choice(listed))
    elif choice == 2:
        rng.shuffle(listed)                       # any order is fine
    elif choice == 3:
        listed.append(rng.choice(base.switches or ["ghost"]))
    else:
        listed[rng.randrange(len(listed))] = "ghost" if listed else None
    return True


def m_header(rng, s, base):
    key = rng.choice(["format", "units", "topology"])
    s[key] = rng.choice(["forestcoll-schedule/2", "GB/s", "b", "Gbit/s", "other-name", 3, None])
    return True


def m_shuffle(rng, s, base):
    """Reorder trees, edges and keys: nothing that matters changes."""
    for lst in tree_lists(s):
        rng.shuffle(lst)
    for t in trees(s):
        if isinstance(t.get("edges"), list):
            rng.shuffle(t["edges"])
    return True


OPERATORS = [m_retarget, m_reroute, m_cycle, m_drop_edge, m_drop_tree, m_duplicate_tree,
             m_duplicate_edge, m_reroot, m_reverse_edge, m_reverse_path, m_reverse_tree,
             m_change_type, m_change_type, m_add_key, m_remove_key, m_move_tree, m_swap_phases,
             m_collective, m_set_root, m_change_k, m_change_weight, m_scale, m_split_tree,
             m_consolidate, m_claims, m_compute_nodes, m_header, m_shuffle]


# changes that keep a schedule valid (with its claims removed) but may change its loads
RESHAPING = [m_reroute, m_consolidate, m_split_tree, m_scale, m_shuffle]


def mutate(rng: random.Random, base: Base) -> tuple[dict, list[str]]:
    s = copy.deepcopy(base.schedule)
    applied: list[str] = []
    wanted = rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
    pool = OPERATORS
    if rng.random() < 0.25:                # a valid schedule of other loads, most of the time
        pool = RESHAPING
        m_strip_claims(rng, s, base)
        applied.append("m_strip_claims")
    tries = done = 0
    while done < wanted and tries < 50:
        tries += 1
        op = rng.choice(pool)
        if op(rng, s, base):
            applied.append(op.__name__)
            done += 1
    if pool is OPERATORS and rng.random() < 0.5:   # stale claims would hide changed loads
        m_strip_claims(rng, s, base)
        applied.append("m_strip_claims")
    return s, applied


# --- judging a mutant -------------------------------------------------------------------------

def reorder_keys(value):
    """The same data with every object's keys in reverse order (built without recursion
    limits for the depths the mutations make)."""
    if isinstance(value, dict):
        return {k: reorder_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder_keys(v) for v in value]
    return value


def options(mutant: dict, tree_allreduce: Fraction, rng: random.Random) -> dict:
    """``against`` and, for a schedule that calls itself allreduce, sometimes an LP interval:
    the tree bound as the lower value and the bound or more as the upper value."""
    if mutant.get("collective") != "allreduce" or rng.random() < 0.5:
        return {"against": rng.choice(["lp", "trees"]) if mutant.get("collective") != "allreduce"
                else "trees"}
    upper = tree_allreduce + rng.choice([0, Fraction(1, 7), tree_allreduce])
    return {"against": "lp", "lp_interval": (tree_allreduce, upper)}


def judge(base: Base, mutant: dict, applied: list[str], rng: random.Random, tmp_path,
          n: int, tree_allreduce: Fraction) -> str:
    what = f"{base.topology.name} {base.collective} mutant #{n} by {applied}"
    opts = options(mutant, tree_allreduce, rng)
    verdict = verify(base.topology, mutant, **opts)
    assert verdict.status in STATUSES
    assert verdict.status != "contradiction", f"{what}: {verdict.reasons}"
    expected = check(base.topology, mutant)
    if verdict.valid:
        assert expected is not None, f"{what}: the verifier accepts what the checker rejects"
        assert verdict.algbw == expected, f"{what}: algbw {verdict.algbw} vs checker {expected}"
        assert verdict.ratio is not None and verdict.ratio <= 1
        assert not verdict.reasons
        optimum = base.optimum if verdict.collective == base.collective else None
        if verdict.collective == "allreduce":
            optimum = tree_allreduce
        if opts["against"] == "lp" and verdict.collective == "allreduce":
            assert verdict.optimal == (expected >= optimum), what
        elif optimum is not None:
            assert verdict.optimal == (expected == optimum), what
            assert expected <= optimum, what
    else:
        assert expected is None, f"{what}: the checker accepts ({expected}) but the verifier " \
                                 f"says {verdict.reasons}"
        assert verdict.status == "invalid" and verdict.reasons and verdict.algbw is None
    for reason in verdict.reasons:
        assert isinstance(reason, str) and reason and "\n" not in reason and len(reason) < 1000
    # the verdict does not depend on key order, nor on reading the mutant from a file
    if n % 4 == 0:
        assert verify(base.topology, reorder_keys(mutant), **opts) == verdict, what
    if n % 4 == 1:
        try:
            text = json.dumps(mutant, allow_nan=False)
        except (ValueError, RecursionError):
            text = None
        path = tmp_path / f"m{n}.json"
        if text is not None:
            path.write_text(text)
            from_file = verify(base.topology, path, **opts)
            assert from_file.to_dict() == verdict.to_dict(), what
        elif _dumps_with_nan(mutant, path):
            # a NaN or infinity written as Python writes it is no JSON: the reader refuses
            # the file in one line (a dict holding one is judged, and invalid)
            with pytest.raises(VerifyError, match=r"is not a JSON number"):
                verify(base.topology, path, **opts)
    json.dumps(verdict.to_dict())          # the CLI's --json output always serialises
    return verdict.status


def _dumps_with_nan(mutant: dict, path) -> bool:
    """Write ``mutant`` as Python's json writes a NaN or infinity (``NaN``, ``Infinity``);
    False when it cannot be written at all."""
    try:
        path.write_text(json.dumps(mutant))
    except (ValueError, RecursionError):
        return False
    return True


def run(names, count: int, catalog, tmp_path) -> dict:
    stats: dict[str, dict[str, int]] = {}
    for name in names:
        start = time.perf_counter()
        per = stats.setdefault(name, {s: 0 for s in STATUSES})
        tree_allreduce = base_of(name, "allreduce", catalog).optimum
        for collective in COLLECTIVES:
            base = base_of(name, collective, catalog)
            for n in range(count):
                rng = random.Random(f"{name}/{collective}/{n}")
                mutant, applied = mutate(rng, base)
                per[judge(base, mutant, applied, rng, tmp_path, n, tree_allreduce)] += 1
        per["seconds"] = round(time.perf_counter() - start, 2)   # type: ignore[assignment]
    return stats


@pytest.mark.parametrize("name", TOPOLOGIES)
def test_mutants_agree_with_the_independent_checker(name, catalog, tmp_path):
    stats = run([name], MUTANTS_CI, catalog, tmp_path)[name]
    assert sum(stats[s] for s in STATUSES) == MUTANTS_CI * len(COLLECTIVES)
    assert stats["invalid"] > 0 and stats["optimal"] + stats["below"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", TOPOLOGIES)
def test_many_mutants_agree_with_the_independent_checker(name, catalog, tmp_path):
    stats = run([name], MUTANTS_SLOW, catalog, tmp_path)[name]
    assert stats["contradiction"] == 0


def test_unmutated_bases_are_optimal(catalog):
    for name in TOPOLOGIES:
        for collective in COLLECTIVES:
            base = base_of(name, collective, catalog)
            opts = {"against": "trees"} if collective == "allreduce" else {}
            v = verify(base.topology, base.schedule, **opts)
            assert v.optimal and v.algbw == base.algbw, (name, collective, v.reasons)


def test_mutations_are_deterministic(catalog):
    base = base_of("paper-example", "allreduce", catalog)
    first = [mutate(random.Random(f"x/{n}"), base) for n in range(20)]
    again = [mutate(random.Random(f"x/{n}"), base) for n in range(20)]
    assert json.dumps(first, default=str) == json.dumps(again, default=str)
