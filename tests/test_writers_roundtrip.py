"""Every writer of schedule files, read back by the independent verifier: a file verifies as
the schedule (or the file) it was written from did — same status, same exact algbw, same
reference, same reasons — and reading then writing again is a fixed point, byte for byte.

The writers: ``Schedule.save`` of what ``generate`` (every collective, weights, fixed k,
multicast, compact), ``lp_allreduce``, ``lp_alltoall`` and the baselines build, plain and
``.gz``; ``load`` then ``save`` (plain, and compact kept compact); ``forestcoll expand``;
``compress`` then ``save``. Inputs include files the toolkit did not write: the optional
claims left out (``tree_bandwidth``, ``units``, ``topology``: they were written back as
``null`` and ``""``, which the verifier refuses) and a wrong ``algbw`` (invalid before
and after)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import forestcoll_opt as fc
from forestcoll_opt.cli import main
from forestcoll_opt.model.compact import compress
from forestcoll_opt.model.schedule import load

NETWORKS = ["paper-example", "dgx-a100:boxes=2", "mi250:boxes=1,gpus=8",
            "dgx-h100:boxes=2,nvls=1", "dgx-a100:boxes=2,sharp=1", "mi300x:boxes=2"]


def _weights(topo):
    first, *rest = topo.compute_nodes
    return {first: 3, **{v: 1 for v in rest[:2]}, **{v: 2 for v in rest[2:]}}


def _demand(topo):
    a, b, c = topo.compute_nodes[:3]
    return {a: {b: 2, c: 1}, c: {a: 1}}


# name -> (topology -> schedule); each is one of the toolkit's ways to build a schedule
SOURCES = {
    "allgather": lambda t: fc.generate(t),
    "reduce-scatter": lambda t: fc.generate(t, collective="reduce-scatter"),
    "allreduce": lambda t: fc.generate(t, collective="allreduce"),
    "broadcast": lambda t: fc.generate(t, collective="broadcast", root=t.compute_nodes[-1]),
    "reduce": lambda t: fc.generate(t, collective="reduce", root=t.compute_nodes[0]),
    "allgather k=1": lambda t: fc.generate(t, k=1),
    "weighted allgather": lambda t: fc.generate(t, weights=_weights(t)),
    "weighted reduce-scatter": lambda t: fc.generate(t, collective="reduce-scatter",
                                                     weights=_weights(t)),
    "weighted allreduce": lambda t: fc.generate(t, collective="allreduce", weights=_weights(t)),
    "multicast off": lambda t: fc.generate(t, multicast="off"),
    "compact allgather": lambda t: fc.generate(t, compact=True),
    "compact allreduce": lambda t: fc.generate(t, collective="allreduce", compact=True),
    "lp allreduce": lambda t: fc.lp_allreduce(t),
    "lp alltoall": lambda t: fc.lp_alltoall(t),
    "lp alltoall demand": lambda t: fc.lp_alltoall(t, demand=_demand(t)),
    "ring allgather": lambda t: fc.baseline(t, "ring", collective="allgather"),
    "dbtree allreduce": lambda t: fc.baseline(t, "dbtree", collective="allreduce"),
    "tree broadcast": lambda t: fc.baseline(t, "tree", collective="broadcast",
                                            root=t.compute_nodes[0]),
    "direct alltoall": lambda t: fc.baseline(t, "direct", collective="alltoall"),
}


@pytest.fixture(scope="module")
def built():
    cache: dict = {}

    def get(spec: str, source: str):
        key = (spec, source)
        if key not in cache:
            topo = fc.resolve(spec)
            cache[key] = (topo, SOURCES[source](topo))
        return cache[key]

    return get


def _verdict(topo, path: Path):
    """What a reader of the file learns: status, exact algbw, reference, reasons (with the
    file's own name taken out); an all-to-all schedule for a demand of its own is judged
    for the demand its writer was asked for (``_demand``)."""
    asked = _demand(topo) if load(path).demand is not None else None
    v = fc.verify(topo, str(path), demand=asked)
    reasons = tuple(r.replace(str(path), "FILE").replace(path.name, "FILE") for r in v.reasons)
    return v.status, v.algbw, v.bound_algbw, v.against, reasons


def _resave(src: Path, dst: Path, *, compact: bool) -> bytes:
    load(src, expand=not compact).save(dst)
    return dst.read_bytes()


def _strip(doc, keys):
    """``doc`` without the optional keys, at every level (allreduce phases too)."""
    if isinstance(doc, dict):
        return {k: _strip(v, keys) for k, v in doc.items() if k not in keys}
    if isinstance(doc, list):
        return [_strip(v, keys) for v in doc]
    return doc


def _check_rewriters(topo, spec, src: Path, tmp: Path, want) -> None:
    """Every writer that reads ``src`` writes a file with the verdict ``want``, and reading
    then writing is a fixed point."""
    compact = json.loads(_text(src)).get("format") == "forestcoll-schedule/3"
    forms = [False, True] if compact else [False]
    for keep in forms:
        first = _resave(src, tmp / f"a{keep}.json", compact=keep)
        assert _verdict(topo, tmp / f"a{keep}.json") == want, (src, keep)
        second = _resave(tmp / f"a{keep}.json", tmp / f"b{keep}.json", compact=keep)
        assert second == first, (src, keep)          # load -> save -> load -> save
        gz = tmp / f"a{keep}.json.gz"
        load(src, expand=not keep).save(gz)
        assert _verdict(topo, gz) == want
        assert load(gz, expand=not keep) == load(tmp / f"a{keep}.json", expand=not keep)
    assert main(["expand", spec, str(src), "-o", str(tmp / "x.json")]) == 0
    assert _verdict(topo, tmp / "x.json") == want, src


def _text(path: Path) -> str:
    from forestcoll_opt.files import read_text
    return read_text(path, ValueError, "schedule", limit=2**30)


def _generators(spec: str, root: str | None) -> list[dict[str, str]]:
    """The generators of the group ``generate --compact`` finds, as node maps (those that
    fix ``root``)."""
    group = fc.generate(fc.resolve(spec), compact=True).group
    maps = [{c[i]: c[(i + 1) % len(c)] for c in g for i in range(len(c))} for g in group]
    return [m for m in maps if root is None or m.get(root, root) == root]


@pytest.mark.parametrize("source", list(SOURCES))
@pytest.mark.parametrize("spec", NETWORKS)
def test_every_writer_keeps_the_verdict(built, spec, source, tmp_path, capsys):
    topo, schedule = built(spec, source)
    path = tmp_path / "s.json"
    schedule.save(path)
    v = fc.verify(topo, schedule, demand=_demand(topo) if schedule.demand is not None else None)
    want = _verdict(topo, path)
    assert want[:4] == (v.status, v.algbw, v.bound_algbw, v.against)
    assert v.status in ("optimal", "below") and v.algbw == schedule.algbw
    # a toolkit file is already the fixed point: reading and writing gives its bytes
    compact = schedule.group is not None
    assert _resave(path, tmp_path / "same.json", compact=compact) == path.read_bytes()
    if compact:
        assert _resave(path, tmp_path / "plain.json", compact=False) == \
            schedule.expanded().to_json().encode()
    _check_rewriters(topo, spec, path, tmp_path, want)
    capsys.readouterr()


@pytest.mark.parametrize("keys", [("tree_bandwidth",), ("units",), ("topology",),
                                  ("tree_bandwidth", "units", "topology")],
                         ids=lambda k: "+".join(k))
@pytest.mark.parametrize("source", ["allgather", "allreduce", "broadcast", "compact allgather",
                                    "lp allreduce", "lp alltoall", "weighted allgather"])
def test_a_file_without_the_optional_claims_keeps_its_verdict(built, source, keys, tmp_path,
                                                               capsys):
    """``expand`` and ``load(f).save(g)`` wrote ``"tree_bandwidth": null`` (and
    ``"units": ""``) for a file that left them out; the verifier refused the output."""
    spec = "dgx-a100:boxes=2"
    topo, schedule = built(spec, source)
    path = tmp_path / "in.json"
    path.write_text(json.dumps(_strip(schedule.to_dict(), set(keys)), indent=1))
    want = _verdict(topo, path)
    assert want[0] == "optimal"
    _check_rewriters(topo, spec, path, tmp_path, want)
    written = json.loads((tmp_path / "aFalse.json").read_text())
    assert not set(keys) & set(written) and "null" not in (tmp_path / "aFalse.json").read_text()
    capsys.readouterr()


@pytest.mark.parametrize("source", ["allgather", "allreduce", "compact allgather",
                                    "lp alltoall"])
def test_a_wrong_claim_stays_wrong(built, source, tmp_path, capsys):
    """A file that claims too much is invalid before and after every writer, for the same
    reason: a writer copies the claim, it never recomputes or drops it."""
    spec = "mi250:boxes=1,gpus=8"
    topo, schedule = built(spec, source)
    doc = schedule.to_dict()
    doc["algbw"] = "1000000"
    path = tmp_path / "in.json"
    path.write_text(json.dumps(doc))
    want = _verdict(topo, path)
    assert want[0] == "invalid" and any("1000000" in r for r in want[4])
    _check_rewriters(topo, spec, path, tmp_path, want)
    capsys.readouterr()


def test_a_phase_without_algbw_is_refused_not_invented(built, tmp_path):
    """An allreduce phase's algbw is required (docs/formats.md); the reader made it 1,
    which a writer then claimed."""
    _, schedule = built("paper-example", "allreduce")
    doc = schedule.to_dict()
    del doc["phases"][1]["algbw"]
    path = tmp_path / "in.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(fc.ScheduleError, match=r"phase 1: missing \"algbw\""):
        load(path)


@pytest.mark.parametrize("source", ["allgather", "reduce-scatter", "allreduce", "broadcast",
                                    "weighted allgather", "lp allreduce", "ring allgather",
                                    "multicast off"])
@pytest.mark.parametrize("spec", ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2,nvls=1"])
def test_compress_then_save_keeps_the_verdict(built, spec, source, tmp_path, capsys):
    topo, schedule = built(spec, source)
    plain = tmp_path / "plain.json"
    schedule.save(plain)
    want = _verdict(topo, plain)
    packed = compress(topo, schedule, generators=_generators(spec, schedule.root))
    path = tmp_path / "packed.json"
    packed.save(path)
    assert json.loads(path.read_text())["format"] == "forestcoll-schedule/3"
    assert _verdict(topo, path) == want
    assert _resave(path, tmp_path / "again.json", compact=True) == path.read_bytes()
    _check_rewriters(topo, spec, path, tmp_path, want)
    capsys.readouterr()


@pytest.mark.parametrize("spec, fail", [
    ("dgx-a100:boxes=2", None), ("dgx-h100:boxes=2,fabric=su,su=1,oversub=2", None),
    ("mi250:boxes=1,gpus=8", None), ("mi300x:boxes=2,fabric=fat-tree,leaf=1", None),
    ("paper-example:boxes=3", None), ("dgx-a100:boxes=2", "nic:box0/gpu0"),
])
def test_the_topology_a_schedule_names_resolves(spec, fail, tmp_path, capsys):
    """A schedule's "topology" ("dgx-a100-2") could not be resolved back to a topology;
    now ``fc.resolve(schedule.topology)`` and every command's topology argument take it."""
    path = tmp_path / "s.json"
    argv = ["generate", spec, "-q", "-o", str(path)] + (["--fail", fail] if fail else [])
    assert main(argv) == 0
    name = load(path).topology
    topo = fc.resolve(spec) if fail is None else fc.degrade(fc.resolve(spec), fail)
    assert name == topo.name and fc.resolve(name).to_json() == topo.to_json()
    assert fc.verify(fc.resolve(name), str(path)).status == "optimal"
    capsys.readouterr()
    assert main(["verify", name, str(path)]) == 0
    assert capsys.readouterr().out.startswith("OPTIMAL: valid allgather schedule")
