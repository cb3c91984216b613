"""The verifier on compact schedules (``forestcoll-schedule/3``).

* On every catalog machine (small sizes), every collective, and random symmetric networks,
  the verdict of the compact schedule equals the verdict of the plain schedule it stands
  for, field for field (status, algbw, busiest links, traffic, notes).
* Forged groups are INVALID with one line naming the generator: not a permutation, not an
  automorphism (a compute node onto a switch, a link onto a missing link or a link of
  another bandwidth, type or multicast mark), moving a broadcast's root, or not acting
  freely on any orbit of compute nodes.
* Mutants: representatives mutated at random with the operators of
  ``test_verify_mutations.py``; each mutant is judged by the verifier on the compact form,
  and by the independent checker (``schedcheck``) on the test's own expansion of it.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from forestcoll_opt.generation.pipeline import compact_generators, generate
from forestcoll_opt.model.compact import compress
from forestcoll_opt.model.topology import from_dict
from forestcoll_opt.verify import verify
from randomnets import random_symmetric_network
from schedcheck import check


def _mutations():
    """The mutation operators of test_verify_mutations.py (a module of this folder)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).with_name("test_verify_mutations.py")
    spec = importlib.util.spec_from_file_location("_verify_mutation_operators", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


M = _mutations()

SPECS = ("paper-example", "dgx-a100:boxes=2", "dgx-a100:boxes=3", "dgx-h100:boxes=2",
         "dgx-h100:boxes=3", "dgx-h100:boxes=2,nvls=1,sharp=1", "mi250:boxes=2",
         "mi250:boxes=2,gpus=8")
COLLECTIVES = ("allgather", "reduce-scatter", "allreduce", "broadcast", "reduce")


def _root(topo, collective):
    if collective == "broadcast":
        return topo.compute_nodes[0]
    return topo.compute_nodes[-1] if collective == "reduce" else None


def _both(topo, compact: dict, **kw):
    plain = expand_by_test(compact)
    return verify(topo, compact, **kw), verify(topo, plain, **kw)


# --- the test's own expansion (docs/formats.md, version 3) ---------------------------------------

def _perm(gen) -> dict:
    out = {}
    for cycle in gen:
        for a, b in zip(cycle, cycle[1:] + cycle[:1]):
            out[a] = b
    return out


def group_elements(group) -> list[dict]:
    """Every element as a dict of moved nodes, identity first then breadth first; elements
    compared as whole permutations (the test does not assume freeness)."""
    gens = [_perm(g) for g in group]
    nodes = sorted({v for g in gens for v in g})
    key = lambda e: tuple(e.get(v, v) for v in nodes)
    seen = {key({}): {}}
    order = [{}]
    for a in order:
        for s in gens:
            c = {v: s.get(a.get(v, v), a.get(v, v)) for v in nodes}
            c = {v: w for v, w in c.items() if v != w}
            if key(c) not in seen:
                seen[key(c)] = c
                order.append(c)
    return order


def group_ok(topo, group) -> bool:
    """The test's own judgement of a (possibly mutated) group: cycles of known node ids, no
    node twice in a generator, every generator an automorphism (kinds, multicast marks,
    link bandwidths, types and latencies), free on a largest orbit of compute nodes."""
    if not isinstance(group, list) or len(group) > 64:
        return False
    nodes = {n.id: n for n in topo.nodes}
    for gen in group:
        if not isinstance(gen, list) or not gen:
            return False
        flat = [v for c in gen if isinstance(c, list) for v in c]
        if (any(not isinstance(c, list) or len(c) < 2 for c in gen)
                or any(not isinstance(v, str) or v not in nodes for v in flat)
                or len(set(flat)) != len(flat)):
            return False
        g = _perm(gen)
        m = lambda v: g.get(v, v)
        if any((nodes[v].kind, nodes[v].multicast is True) !=
               (nodes[m(v)].kind, nodes[m(v)].multicast is True) for v in nodes):
            return False
        for (u, v), c in topo.capacity.items():
            e = (m(u), m(v))
            if topo.capacity.get(e) != c or topo.link_type.get(e) != topo.link_type.get((u, v)) \
                    or topo.link_alpha.get(e) != topo.link_alpha.get((u, v)):
                return False
    elements = group_elements(group)
    orbit = lambda x: {e.get(x, x) for e in elements}
    return len(elements) == max(len(orbit(v)) for v in topo.compute_nodes)


def _image(value, g):
    if isinstance(value, str):
        return g.get(value, value)
    if isinstance(value, list):
        return [_image(v, g) for v in value]
    return value


def _tree_image(tree, g):
    if not isinstance(tree, dict):
        return copy.deepcopy(tree)
    out = dict(tree)
    if "root" in out:
        out["root"] = _image(out["root"], g)
    if isinstance(out.get("edges"), list):
        out["edges"] = [{k: _image(v, g) if k in ("src", "dst", "path") else v
                         for k, v in e.items()} if isinstance(e, dict) else e
                        for e in out["edges"]]
    return out


def expand_by_test(doc: dict) -> dict:
    """The plain schedule a (possibly mutated) compact one stands for."""
    elements = group_elements(doc["group"])
    out = {k: copy.deepcopy(v) for k, v in doc.items() if k != "group"}
    out["format"] = ("forestcoll-schedule/2" if any(k in doc for k in
                                                     ("weights", "concurrent", "multicast"))
                     else "forestcoll-schedule/1")
    for body in out.get("phases", [out]) if isinstance(out.get("phases"), list) else [out]:
        if not isinstance(body, dict) or "orbits" not in body:
            continue
        reps = body.pop("orbits")
        trees = body.get("trees", [])
        if isinstance(reps, list) and isinstance(trees, list):
            body["trees"] = trees + [_tree_image(t, g) for t in reps for g in elements]
    return out


# --- the compact verdict is the plain verdict ---------------------------------------------------

@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", COLLECTIVES)
def test_compact_verdicts_equal_the_expanded_ones_on_the_catalog(catalog, spec, collective):
    topo = catalog(spec)
    sched = generate(topo, collective=collective, root=_root(topo, collective), compact=True)
    doc = sched.to_dict()
    kw = {"against": "trees"} if collective == "allreduce" else {}
    compact, plain = _both(topo, doc, **kw)
    assert compact.status == "optimal", compact.reasons
    assert compact == plain
    assert verify(topo, sched.expanded(), **kw) == plain      # the model's expansion too
    if collective == "allgather" and spec.startswith("dgx"):
        assert sched.group_order > 1 and not sched.trees      # every tree in an orbit


@pytest.mark.parametrize("seed", range(10))
def test_compact_verdicts_equal_the_expanded_ones_on_random_symmetric_networks(seed):
    topo = from_dict(random_symmetric_network(seed))
    gens = compact_generators(topo)
    for collective in ("allgather", "reduce-scatter", "allreduce"):
        plain = generate(topo, collective=collective, symmetry=True)
        doc = compress(topo, plain, generators=gens).to_dict()
        kw = {"against": "trees"} if collective == "allreduce" else {}
        compact, expanded = _both(topo, doc, **kw)
        assert compact == expanded and compact.valid, compact.reasons
        # a schedule with its claims stripped and one tree fewer is judged the same way
        if doc.get("orbits"):
            doc.pop("tree_bandwidth")
            doc["orbits"] = doc["orbits"][1:] or doc["orbits"]
            compact, expanded = _both(topo, doc, **kw)
            assert compact.status == expanded.status
            assert compact.algbw == expanded.algbw and compact.phases == expanded.phases


def test_multicast_compact_schedules_report_the_same_traffic(catalog):
    topo = catalog("dgx-h100:boxes=3,nvls=1,sharp=1")
    sched = generate(topo, compact=True)
    assert sched.multicast and sched.compact
    compact, plain = _both(topo, sched.to_dict())
    assert compact == plain and compact.traffic == plain.traffic and compact.traffic[0] < \
        compact.traffic[1]


# --- forged groups ------------------------------------------------------------------------------

def _base(catalog, collective="allgather"):
    topo = catalog("dgx-a100:boxes=2")
    sched = generate(topo, collective=collective, root=_root(topo, collective), compact=True)
    doc = sched.to_dict()
    assert verify(topo, doc, **({"against": "trees"} if collective == "allreduce" else {})
                  ).status == "optimal"
    return topo, doc


FORGERIES = {
    "a compute node onto a switch": ([[["box0/gpu0", "box0/nvswitch"]]],
                                     "generator #0 is not an automorphism.*box0/gpu0 \\(a compute"),
    "one GPU swapped across boxes": ([[["box0/gpu0", "box1/gpu0"]]],
                                     "generator #0 is not an automorphism.*link"),
    "two GPUs of a box swapped, the rest kept": (
        [[["box0/gpu0", "box0/gpu1"]]], "not an automorphism"),
    "a node of another topology": ([[["box0/gpu0", "box9/gpu0"]]],
                                   "generator #0: cycle #0 names \"box9/gpu0\""),
    "a node twice": ([[["box0/gpu0", "box1/gpu1"], ["box1/gpu1", "box0/gpu0"]]],
                     "appears twice"),
    "a cycle of one node": ([[["box0/gpu0"]]], "at least two node ids"),
    "an empty generator": ([[]], "non-empty list of cycles"),
    "not a list": ({"box0/gpu0": "box1/gpu1"}, "\"group\" must be a list"),
    "too many generators": ([[["ib/plane0", "ib/plane1"]]] * 65, "at most 64"),
}


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_forged_generators_are_invalid_with_one_line(catalog, case):
    topo, doc = _base(catalog)
    group, reason = FORGERIES[case]
    doc["group"] = group
    verdict = verify(topo, doc)
    assert verdict.status == "invalid"
    assert len(verdict.reasons) == 1 and "\n" not in verdict.reasons[0]
    import re
    assert re.search(reason, verdict.reasons[0]), verdict.reasons


def test_a_group_that_does_not_act_freely_is_invalid(catalog):
    topo, doc = _base(catalog)
    group = doc["group"]
    doc["group"] = group + [group[0]]                   # still free: the same elements
    assert verify(topo, doc).status == "optimal"
    # the twin GPUs of one plane turned in box 0 alone: an automorphism, but the group it
    # joins moves box0/gpu0 to box0/gpu2 both by it and by the rotation of every box
    doc["group"] = group + [[["box0/gpu0", "box0/gpu2", "box0/gpu4", "box0/gpu6"]]]
    verdict = verify(topo, doc)
    assert verdict.status == "invalid"
    assert "does not act freely" in verdict.reasons[0]


def test_a_forged_automorphism_that_breaks_the_marks_is_invalid():
    raw = {"format": "forestcoll-topology/1", "name": "marks", "nodes": [
        {"id": "a"}, {"id": "b"}, {"id": "s", "kind": "switch", "multicast": True},
        {"id": "t", "kind": "switch"}], "links": [
        {"src": "a", "dst": "s", "bandwidth": 2, "bidirectional": True, "type": "nvlink"},
        {"src": "b", "dst": "s", "bandwidth": 2, "bidirectional": True, "type": "pcie"},
        {"src": "a", "dst": "t", "bandwidth": 2, "bidirectional": True},
        {"src": "b", "dst": "t", "bandwidth": 2, "bidirectional": True}]}
    topo = from_dict(raw)
    doc = generate(topo, multicast="off").to_dict()
    doc = dict(doc, format="forestcoll-schedule/3", orbits=doc.pop("trees"))
    for group, why in (([[["s", "t"]]], "marked multicast"),
                       ([[["a", "b"]]], "type or latency")):
        verdict = verify(topo, dict(doc, group=group))
        assert verdict.status == "invalid" and why in verdict.reasons[0], verdict.reasons
    assert verify(topo, dict(doc, group=[])).status == "optimal"


def test_a_group_that_moves_the_root_is_invalid(catalog):
    topo, doc = _base(catalog, "broadcast")
    assert doc["group"] == []                           # generation keeps the root fixed
    doc["group"] = [[["box0/gpu0", "box0/gpu1"]]]
    verdict = verify(topo, doc)
    assert verdict.status == "invalid" and "not an automorphism" in verdict.reasons[0]
    rotation = compact_generators(topo)                 # an automorphism, but it moves root
    doc["group"] = [[list(c) for c in _cycles(topo, rotation[0])]]
    verdict = verify(topo, doc)
    assert verdict.status == "invalid" and "moves the root box0/gpu0" in verdict.reasons[0]


def _cycles(topo, perm):
    from forestcoll_opt.model.trees import cycles_of
    return cycles_of(perm, topo.node_ids)


def test_versions_and_keys(catalog):
    topo, doc = _base(catalog)
    for change, why in (
            (lambda d: d.pop("group"), "missing \"group\""),
            (lambda d: d.pop("orbits"), "\"orbits\" must be a list"),
            (lambda d: d.update(format="forestcoll-schedule/2"), "need forestcoll-schedule/3"),
            (lambda d: d.update(orbits=[], trees=[]), "at least one tree")):
        mutant = copy.deepcopy(doc)
        change(mutant)
        verdict = verify(topo, mutant)
        assert verdict.status == "invalid" and any(why in r for r in verdict.reasons), \
            verdict.reasons


# --- mutants of the representatives, judged against the checker on the test's expansion ----------

MUTANTS = 16


@pytest.mark.parametrize("name", ("dgx-a100:boxes=2", "random-sym-4", "random-sym-7"))
def test_mutated_representatives_agree_with_the_checker_on_the_expansion(name, catalog):
    if name.startswith("random-sym"):
        topo = from_dict(random_symmetric_network(int(name.rsplit("-", 1)[1])))
    else:
        topo = catalog(name)
    statuses = []
    for collective in ("allgather", "reduce-scatter", "allreduce", "broadcast"):
        sched = generate(topo, collective=collective, root=_root(topo, collective),
                         compact=True)
        base = M.Base.__new__(M.Base)
        base.topology, base.collective, base.root = topo, collective, _root(topo, collective)
        base.compute, base.switches = list(topo.compute_nodes), list(topo.switch_nodes)
        base.nodes = list(topo.node_ids)
        base.schedule = _as_trees(sched.to_dict())
        for n in range(MUTANTS):
            rng = random.Random(f"compact/{name}/{collective}/{n}")
            mutant, applied = M.mutate(rng, base)
            mutant = _as_orbits(mutant)
            what = f"{name} {collective} mutant #{n} by {applied}"
            kw = {"against": "trees"} if mutant.get("collective") == "allreduce" else {}
            verdict = verify(topo, mutant, **kw)
            assert verdict.status != "contradiction", (what, verdict.reasons)
            expected = (check(topo, expand_by_test(mutant))
                        if group_ok(topo, mutant.get("group")) else None)
            if verdict.valid:
                assert verdict.algbw == expected, what
            else:
                assert expected is None, (what, verdict.reasons)
            json.dumps(verdict.to_dict())
            statuses.append(verdict.status)
    assert "invalid" in statuses and ("optimal" in statuses or "below" in statuses)


def _as_trees(doc: dict) -> dict:
    """A compact document with its representatives under "trees" (what the mutation
    operators reach) and its single trees under "single"."""
    out = copy.deepcopy(doc)
    for body in out.get("phases", [out]):
        body["single"] = body.pop("trees", [])
        body["trees"] = body.pop("orbits")
    return out


def _as_orbits(doc: dict) -> dict:
    out = copy.deepcopy(doc)
    bodies = out.get("phases") if isinstance(out.get("phases"), list) else [out]
    for body in [out] + [b for b in bodies if isinstance(b, dict)]:
        if "trees" in body and "single" in body:
            body["orbits"] = body.pop("trees")
            single = body.pop("single")
            if single:
                body["trees"] = single
        elif "single" in body:
            single = body.pop("single")
            if single:
                body["trees"] = single
    return out
