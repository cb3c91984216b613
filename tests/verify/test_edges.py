"""The verifier reader's fast path for sound tree edges (verify/edges.py): a sound edge is
recorded as the full checks record it; every kind of doubt leaves the edge untouched for
the full checks; and a verdict is the same with the fast path as without it, on sound
schedules and on broken ones."""

from __future__ import annotations

import json

import pytest

import forestcoll_opt as fc
from forestcoll_opt.verify import reader as reader_module
from forestcoll_opt.verify.edges import sound_edge


@pytest.fixture(scope="module")
def topo():
    return fc.resolve("dgx-h100:boxes=2")


SOUND = {"src": "box0/gpu1", "dst": "box1/gpu1", "path": ["box0/gpu1", "rail1", "box1/gpu1"]}


def test_a_sound_edge_is_recorded(topo):
    parent, routes = {}, []
    assert sound_edge(topo, frozenset(topo.compute_nodes), dict(SOUND), False, "box0/gpu1",
                      parent, routes)
    assert parent == {"box1/gpu1": "box0/gpu1"} and routes == [SOUND["path"]]
    parent, routes = {}, []                       # an in-tree: the child is the source
    assert sound_edge(topo, frozenset(topo.compute_nodes), dict(SOUND), True, "box1/gpu1",
                      parent, routes)
    assert parent == {"box0/gpu1": "box1/gpu1"}


class Sub(dict):
    pass


@pytest.mark.parametrize("edge, troot, parent", [
    (Sub(SOUND), None, {}),                                             # not a plain dict
    ({**SOUND, "weight": 1}, None, {}),                                 # an unknown key
    ({k: v for k, v in SOUND.items() if k != "path"} | {"x": 1}, None, {}),
    ({**SOUND, "dst": "rail1"}, None, {}),                              # a switch as end
    ({**SOUND, "dst": "box0/gpu1"}, None, {}),                          # a loop
    ({**SOUND, "path": ["box0/gpu1", "box1/gpu1"]}, None, {}),          # no such link
    ({**SOUND, "path": ["box0/gpu1", "rail2", "box1/gpu1"]}, None, {}),
    ({**SOUND, "path": ["box0/gpu1", "box0/nvswitch", "box0/gpu2", "rail1", "box1/gpu1"]},
     None, {}),                                                          # relays at a GPU
    ({**SOUND, "path": ["box0/gpu2", "rail1", "box1/gpu1"]}, None, {}),  # wrong start
    ({**SOUND, "path": "box0/gpu1>rail1>box1/gpu1"}, None, {}),
    (dict(SOUND), "box1/gpu1", {}),                                     # the root's parent
    (dict(SOUND), None, {"box1/gpu1": "box0/gpu5"}),                    # two parents
])
def test_any_doubt_is_left_to_the_full_checks(topo, edge, troot, parent):
    before = dict(parent)
    routes: list = []
    assert not sound_edge(topo, frozenset(topo.compute_nodes), edge, False, troot, parent,
                          routes)
    assert parent == before and routes == []


def test_the_verdicts_are_the_same_without_the_fast_path(topo, monkeypatch):
    good = fc.generate(topo).to_dict()
    broken = json.loads(json.dumps(good))
    tree = broken["trees"][3]
    tree["edges"][2]["path"] = [tree["edges"][2]["src"], "rail7", tree["edges"][2]["dst"]]
    tree["edges"][4]["extra"] = 1
    broken["trees"][5]["edges"][1]["dst"] = "rail0"
    with_fast = [fc.verify(topo, d) for d in (good, broken)]
    monkeypatch.setattr(reader_module, "sound_edge", lambda *a: False)
    without = [fc.verify(topo, d) for d in (good, broken)]
    assert [(v.status, v.algbw, v.reasons) for v in with_fast] == \
        [(v.status, v.algbw, v.reasons) for v in without]
    assert with_fast[0].status == "optimal" and with_fast[1].status == "invalid"
    assert len(with_fast[1].reasons) >= 3
