"""Issue 32: a compact schedule's group is checked first, everywhere, through one reader
(``model/compact.py`` ``read_schedule`` / ``check_group``; the verifier's own
``verify/group.py``), in work bounded by the generators and the nodes, never by the group's
order. Forged files — a generator listed twice, a power of another, a generator that is not
an automorphism, a group that does not act freely, a generator of huge order — on every
consumer: the right verdict or error, and no element of the group listed before the check
(``NodeGroup.elements`` made to fail)."""

from __future__ import annotations

import json
import tracemalloc

import pytest

import forestcoll_opt as fc
from forestcoll_opt.cli import main
from forestcoll_opt.errors import MscclExportError, ScheduleError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model import schedule as model_schedule
from forestcoll_opt.model import trees as model_trees
from forestcoll_opt.model.compact import check_group, read_schedule
from forestcoll_opt.model.schedule import link_loads, loads
from forestcoll_opt.model.trees import NodeGroup, free_order
from forestcoll_opt.runtimes.msccl_export import export_msccl
from forestcoll_opt.verify import verify
from forestcoll_opt.verify import group as vgroup

SPEC = "dgx-a100:boxes=2"


def _cycles(perm, nodes):
    """A permutation (dict node -> node) in cycle notation."""
    seen, out = set(), []
    for v in nodes:
        if v in seen or perm.get(v, v) == v:
            continue
        cycle, w = [v], perm[v]
        seen.add(v)
        while w != v:
            cycle.append(w)
            seen.add(w)
            w = perm[w]
        out.append(cycle)
    return out


def _power(cycles, k):
    step = {a: b for c in cycles for a, b in zip(c, c[1:] + c[:1])}
    nodes = list(step)
    image = {v: v for v in nodes}
    for _ in range(k):
        image = {v: step.get(image[v], image[v]) for v in nodes}
    return _cycles(image, nodes)


@pytest.fixture(scope="module")
def base():
    from forestcoll_opt.model.catalog import resolve

    topo = resolve(SPEC)
    doc = generate(topo, compact=True).to_dict()
    assert verify(topo, doc).status == "optimal"
    longest = max(doc["group"], key=lambda g: max(len(c) for c in g))
    gpus = topo.compute_nodes
    primes = [2, 3, 5, 7]
    huge, i = [], 0                       # cycles of coprime lengths over the GPUs: order 210
    for p in primes:
        huge.append(list(gpus[i:i + p]))
        i += p
    forged = {
        "repeated": (doc["group"] + [doc["group"][0]], None),
        "power": (doc["group"] + [_power(longest, 3)], None),
        "not an automorphism": (doc["group"] + [[["box0/gpu0", "box1/gpu1"]]],
                                "not an automorphism"),
        # box 0's twins turned alone: an automorphism, but the group no longer acts freely
        "not free": (doc["group"] + [[["box0/gpu0", "box0/gpu2", "box0/gpu4", "box0/gpu6"]]],
                     "does not act freely"),
        "huge order": (doc["group"] + [huge], "not an automorphism"),
    }
    return topo, doc, forged


CASES = ["repeated", "power", "not an automorphism", "not free", "huge order"]


@pytest.fixture
def no_listing(monkeypatch):
    """Listing a group's elements fails the test."""
    monkeypatch.setattr(NodeGroup, "elements",
                        lambda self: pytest.fail("the group's elements were listed"))


@pytest.mark.parametrize("case", CASES)
def test_the_one_reader_checks_the_group_first(base, case, tmp_path, no_listing):
    topo, doc, forged = base
    group, error = forged[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(dict(doc, group=group)))
    if error is None:
        schedule = read_schedule(path, topology=topo, expand=False)
        assert check_group(topo, schedule) == schedule.group_order == 16
        assert link_loads(schedule) == link_loads(loads(json.dumps(doc), expand=False))
    else:
        with pytest.raises(ScheduleError, match=error) as raised:
            read_schedule(path, topology=topo)
        assert str(raised.value).startswith(f"{path}: ") or "s.json" in str(raised.value)
        with pytest.raises(ScheduleError, match=error):
            fc.load_schedule(path, topology=topo)


@pytest.mark.parametrize("case", CASES)
def test_without_a_topology_the_group_is_still_proven_before_it_is_listed(base, case,
                                                                          tmp_path):
    topo, doc, forged = base
    group, error = forged[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(dict(doc, group=group)))
    listed = []
    listing = NodeGroup.elements

    def spy(self):
        assert self._proven is not None, "listed before it was proven"
        listed.append(self.order)
        return listing(self)

    model_trees.node_group.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(NodeGroup, "elements", spy)
        if case == "not free" or case == "huge order":
            # no topology: an automorphism cannot be checked, but freeness can
            with pytest.raises(ScheduleError, match="does not act freely"):
                fc.load_schedule(path)
            assert not listed
        elif case == "not an automorphism":
            # box0/gpu0 <-> box1/gpu1 alone: the group is no longer free either
            with pytest.raises(ScheduleError, match="does not act freely"):
                fc.load_schedule(path)
        else:
            plain = fc.load_schedule(path)
            assert plain.num_trees == len(topo.compute_nodes) * len(doc["orbits"]) * 1
            assert listed == [16]


@pytest.mark.parametrize("case", CASES)
def test_the_verifier_gives_the_right_verdict(base, case):
    topo, doc, forged = base
    group, error = forged[case]
    verdict = verify(topo, dict(doc, group=group))
    if error is None:
        assert verdict.status == "optimal"
        assert verdict.algbw == verify(topo, doc).algbw
    else:
        assert verdict.status == "invalid" and len(verdict.reasons) == 1
        assert error in verdict.reasons[0]


def _xml(topo, doc, path):
    schedule = model_schedule.from_dict(doc, expand=False)
    for channels in (1, 2, 4, 8):
        try:
            path.write_text(export_msccl(topo, schedule, channels=channels).xml)
            return
        except MscclExportError:
            continue
    raise AssertionError("no channel count fits")


@pytest.mark.parametrize("case", CASES)
def test_every_command_checks_the_group_before_it_expands(base, case, tmp_path, capsys,
                                                          monkeypatch):
    topo, doc, forged = base
    group, error = forged[case]
    path, xml = tmp_path / "s.json", tmp_path / "a.xml"
    path.write_text(json.dumps(dict(doc, group=group)))
    _xml(topo, doc, xml)
    listing = NodeGroup.elements

    def spy(self):
        assert self._proven is not None, "listed before it was proven"
        return listing(self)

    monkeypatch.setattr(NodeGroup, "elements", spy)
    model_trees.node_group.cache_clear()
    commands = {
        "draw": ["draw", SPEC, str(path), "--view", "loads", "-o", str(tmp_path / "d.png")],
        "check-xml": ["check-xml", SPEC, str(xml), "--schedule", str(path)],
        "expand": ["expand", SPEC, str(path), "-o", str(tmp_path / "e.json")],
        "export": ["export", "msccl", SPEC, str(path), "-o", str(tmp_path / "x.xml")],
        "simulate": ["simulate", SPEC, str(path), "--sizes", "1MiB"],
        "verify": ["verify", SPEC, str(path)],
    }
    for name, argv in commands.items():
        status = main(argv)
        out, err = capsys.readouterr()
        if error is None:
            assert status in (0, 1), (name, err)
        else:
            assert status == 2, (name, out, err)
            assert error in out + err, (name, out, err)
            assert not (tmp_path / "e.json").exists() and not (tmp_path / "d.png").exists()


def test_an_expansion_beyond_the_limit_is_refused_naming_the_compact_way(base, tmp_path,
                                                                        monkeypatch, capsys):
    topo, doc, _ = base
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    size = 16 * sum(len(e["path"]) for t in doc["orbits"] for e in t["edges"])
    monkeypatch.setattr(model_schedule, "MAX_EXPANSION", size - 1)
    with pytest.raises(ScheduleError, match=f"would write {size} route nodes.*expand=False"):
        fc.load_schedule(path)
    assert fc.load_schedule(path, expand=False).group_order == 16
    # the loads view reads it compact; expand cannot, and says so in one line
    assert main(["draw", SPEC, str(path), "--view", "loads", "-o",
                 str(tmp_path / "d.png")]) == 0
    assert main(["expand", SPEC, str(path), "-o", str(tmp_path / "e.json")]) == 2
    err = capsys.readouterr().err
    assert f"would write {size} route nodes" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "e.json").exists()


def test_listing_the_group_beyond_the_limit_is_refused(base, monkeypatch):
    from forestcoll_opt.model.schedule import schedule_routes

    topo, doc, _ = base
    compact = loads(json.dumps(doc), expand=False)
    routes = schedule_routes(compact)
    moved = len(compact.compute_nodes) + len({v for g in doc["group"] for c in g for v in c}
                                             - set(compact.compute_nodes))
    model_schedule._group_images.cache_clear()
    monkeypatch.setattr(model_schedule, "MAX_GROUP_ENTRIES", 16 * moved - 1)
    with pytest.raises(ScheduleError, match=f"would hold {16 * moved} node images.*"
                                            f"expand=False"):
        schedule_routes(compact)
    monkeypatch.setattr(model_schedule, "MAX_GROUP_ENTRIES", 16 * moved)
    assert schedule_routes(compact) == routes


# --- the proofs' work is bounded by the generators and the nodes, not by |G| ------------------

def _cyclic(n):
    return tuple((v + 1) % n for v in range(n))


def _peak(fn):
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_repeated_generator_of_a_large_cyclic_group_is_proven_in_little_memory():
    # Z_4096 on 4,096 points, its generator listed twice: commuting, but the orders'
    # product (4096²) is not the orbit's size, so the criterion for commuting generators
    # does not apply; listing the group would hold 4,096 permutations of 4,096 points
    # (128 MB as int64 arrays, more as tuples)
    n = 4096
    g = _cyclic(n)
    order, peak = _peak(lambda: vgroup._free_order([list(g), list(g)], 0, n, n))
    assert order == n and peak < 8 << 20
    order, peak = _peak(lambda: free_order(n, [g, g], 0))
    assert order == n and peak < 8 << 20
    # a power of the generator: the same group
    g3 = tuple(g[g[g[v]]] for v in range(n))
    assert free_order(n, [g, g3], 0) == n
    assert vgroup._free_order([list(g), list(g3)], 0, n, n) == n
    # and a swap of two extra points fixing the whole orbit: not free, refused as cheaply
    ext = [list(g) + [n, n + 1], list(range(n)) + [n + 1, n]]
    assert vgroup._free_order(ext, 0, n + 2, n) is None
    assert free_order(n + 2, [tuple(p) for p in ext], 0) is None


def test_a_proof_beyond_its_work_limit_is_refused_in_one_line(base, monkeypatch):
    # a power of a generator (the criterion for commuting generators does not apply), with
    # the limits lowered below what its proof takes: refused as unprovable in bounded
    # work, not as "does not act freely"
    topo, doc, forged = base
    group, _ = forged["power"]
    monkeypatch.setattr(vgroup, "MAX_GROUP_WORK", 10)
    verdict = verify(topo, dict(doc, group=group))
    assert verdict.status == "invalid" and len(verdict.reasons) == 1
    assert "node images, more than 10" in verdict.reasons[0]
    monkeypatch.setattr(model_trees, "MAX_FREE_CHECK", 10)
    model_trees.node_group.cache_clear()
    with pytest.raises(ScheduleError, match="node images .*more than 10"):
        loads(json.dumps(dict(doc, group=group)), expand=False).group_order
    model_trees.node_group.cache_clear()


@pytest.mark.parametrize("case", ["not an automorphism", "not free", "huge order"])
def test_the_library_consumers_check_the_group_first(base, case, no_listing):
    from forestcoll_opt.draw import draw
    from forestcoll_opt.runtimes.msccl_check import check_xml
    from forestcoll_opt.timing.simulation import simulate

    topo, doc, forged = base
    group, error = forged[case]
    schedule = loads(json.dumps(dict(doc, group=group)), expand=False)
    for consume, refusal in ((lambda: export_msccl(topo, schedule), ScheduleError),
                             (lambda: check_xml(topo, "<algo/>", schedule=schedule),
                              ScheduleError),
                             # draw has the verifier judge the group: the same words
                             (lambda: draw(topo, schedule, view="loads"), fc.DrawError),
                             (lambda: simulate(topo, schedule, [1 << 20]), ScheduleError),
                             (lambda: simulate(topo, schedule, [1 << 20], model="ideal"),
                              ScheduleError)):
        with pytest.raises(refusal, match=error):
            consume()
