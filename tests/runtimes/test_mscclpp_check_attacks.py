"""Hostile MSCCL++ plans for the checker: MSCCL++'s own test plans mutated at random (a
field deleted, a value of another type or out of range, an entry repeated), each answered
with a verdict or a MscclppCheckError, never another exception; and the one mutation that
once crashed it (a wait listing one channel twice) checked by hand."""

import copy
import json
import random

import pytest

from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.runtimes.mscclpp_check import PlanVerdict, check_mscclpp
from tests.runtimes.test_mscclpp_check import DATA, IB2, NV2, NVLS2, ops, plan

NAMES = ["reduce", "multi_node_transfer", "reduce_pack", "reduce_nvls", "transfer_pack_tbg"]
VALUES = [None, -1, 0, 1, 2, 3, 7, 255, 2**40, 1.5, "x", "i", "s", "memory", "port",
          "switch", [], {}, [0], True, "nop", "put"]
TOPOLOGY = {"multi_node_transfer": IB2, "reduce_nvls": NVLS2}


def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


def _mutate(doc, rng):
    path = rng.choice([p for p in _paths(doc) if p])
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    r = rng.random()
    if r < 0.3:
        del parent[path[-1]]
    elif r < 0.85 or not isinstance(parent, list):
        parent[path[-1]] = copy.deepcopy(rng.choice(VALUES))
    else:
        parent.append(copy.deepcopy(parent[path[-1]]))


@pytest.mark.parametrize("seed", range(4))
def test_mutated_plans_get_a_verdict_or_a_typed_error(seed):
    rng = random.Random(seed)
    verdicts = 0
    for _ in range(250):
        name = rng.choice(NAMES)
        doc = json.loads((DATA / f"{name}.json").read_text())
        for _ in range(rng.randint(1, 3)):
            _mutate(doc, rng)
        try:
            v = check_mscclpp(TOPOLOGY.get(name, NV2), doc)
        except ForestCollError:
            continue
        assert isinstance(v, PlanVerdict)
        assert v.ok == (v.reasons == ())
        verdicts += 1
    assert verdicts > 200


def test_a_wait_listing_one_channel_twice():
    p = plan("reduce")
    ops(p, 1)[4]["channel_ids"] = [0, 0]
    v = check_mscclpp(NV2, p)
    assert "channel" in v.rules and "deadlock" in v.rules
    assert any("lists a channel twice" in r for r in v.reasons)
