"""Hostile MSCCL++ plans for the checker: MSCCL++'s own test plans mutated at random (a
field deleted, a value of another type or out of range, an entry repeated), each answered
with a verdict or a MscclppCheckError, never another exception; the one mutation that
once crashed it (a wait listing one channel twice) checked by hand; and forged plans the
checker once accepted, each refused now under its rule."""

import copy
import json
import random
from fractions import Fraction

import pytest

from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.model.topology import Link, Node, Topology
from forestcoll_opt.runtimes.mscclpp_check import PlanVerdict, check_mscclpp
from tests.runtimes.test_mscclpp_check import DATA, IB2, NV2, NVLS2, ops, plan

NAMES = ["reduce", "multi_node_transfer", "reduce_pack", "reduce_nvls", "transfer_pack_tbg",
         "reduce_pack_tbg", "transfer_pack"]
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


# --- forged plans the checker once accepted ---------------------------------------------------

def _copy(a, ai, b, bi, size):
    return {"name": "copy", "src_buff": [{"type": a, "index": ai, "size": size}],
            "dst_buff": [{"type": b, "index": bi, "size": size}]}


def test_a_copy_onto_its_own_overlapping_range_is_a_race_not_a_smear():
    """A broadcast whose root copies o[0..2) onto o[1..3): the block's threads copy every
    element at once, so o[2] gets o[1]'s old content (never written), not o[0]'s. Run element
    by element, the checker once smeared o[0] into o[2], and the root's later copy of i[0..2)
    made the end state look right: the forged plan was accepted."""
    from tests.runtimes.test_mscclpp_check_plans import NOP, PlanBuilder, _chan
    b = PlanBuilder(NV2, "smear", "broadcast")
    g0, g1 = b.gpu(0, 3, 3, 0), b.gpu(1, 3, 3, 0)
    b.step(g0, [_copy("i", 2, "o", 0, 1), NOP, _copy("o", 0, "o", 1, 2), NOP,
                _copy("i", 0, "o", 0, 2), NOP, b.put(g0, 1, ("o", 0), "o", 0, 3), NOP,
                b.signal(g0, 1)])
    b.step(g1, [{"name": "wait", **_chan(b, g1, 0)}, NOP])
    v = check_mscclpp(NV2, b.finish())
    assert not v.ok
    assert "race" in v.rules and "unwritten" in v.rules and "end-state" in v.rules
    assert any("output chunk 1, which it also reads as its source" in r for r in v.reasons)
    assert any("gpus[1] output chunk 2 ends with nothing" in r for r in v.reasons)


def _ll_broadcast(stale):
    """A 2-chunk LL broadcast on NV2: the root puts packets of its input into rank 1's
    scratch (``stale``: first a packet of the wrong chunk into slot 0, then the right one),
    rank 1 unpacks them into its output."""
    def ref(t, i, size=1):
        return {"type": t, "index": i, "size": size}

    def ppkt(src, dst):
        return {"name": "ppkt", "src_buff": [ref("i", src)],
                "dst_buff": [{"buffer_id": 0, "index": dst, "size": 1}],
                "channel_type": "memory"}

    def gpu(r, ops, channels):
        return {"id": r, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 2,
                "channels": [{"channel_type": "memory", "connected_to": [1 - r]}],
                "remote_buffers": [{"rank": 1 - r, "type": "s",
                                    "access_channel_types": ["memory"]}],
                "semaphores": [], "threadblocks": [{"id": 0, "ops": ops, **channels}]}
    chans = {"channels": [{"channel_type": "memory", "channel_ids": [0]}],
             "remote_buffer_refs": [{"access_channel_type": "memory",
                                     "remote_buffer_ids": [0]}]}
    first = [ppkt(1, 0), {"name": "nop"}] if stale else []
    root = first + [ppkt(0, 0), ppkt(1, 1), _copy("i", 0, "o", 0, 2)]
    leaf = [{"name": "upkt", "src_buff": [ref("s", 0, 2)], "dst_buff": [ref("o", 0, 2)]}]
    return {"name": "ll", "collective": "broadcast", "protocol": "LL", "inplace": False,
            "gpus": [gpu(0, root, chans),
                     gpu(1, leaf, {"channels": [], "remote_buffer_refs": []})]}


def test_an_ll_packet_written_twice_may_be_read_stale():
    """Every write of one run sets an LL packet's flag alike, so a reader spinning on a slot
    written twice may take the first write's data (here the wrong chunk). The checker ran the
    root first and read the second write: the forged plan was accepted."""
    assert check_mscclpp(NV2, _ll_broadcast(False)).ok
    v = check_mscclpp(NV2, _ll_broadcast(True))
    assert not v.ok and v.rules == ("race",)
    assert "scratch chunk 0, written 2 times" in v.reasons[0]


def _get_allgather(handshake):
    """A 1-chunk allgather on NV2 by gets: each GPU copies its input into its output and
    gets the peer's input (into scratch, then the other output chunk; ``handshake``: then signals the peer
    and waits for the peer's signal, so neither kernel ends while the other still reads)."""
    def gpu(r):
        ops = [_copy("i", 0, "o", r, 1), {"name": "get", "channel_type": "memory",
                                            "src_buff": [{"buffer_id": 0, "index": 0,
                                                          "size": 1}],
                                            "dst_buff": [{"type": "s", "index": 0,
                                                          "size": 1}]}, {"name": "nop"},
               _copy("s", 0, "o", 1 - r, 1), {"name": "nop"}]
        if handshake:
            ops += [{"name": "signal", "channel_type": "memory", "channel_ids": [0]},
                    {"name": "wait", "channel_type": "memory", "channel_ids": [0]},
                    {"name": "nop"}]
        return {"id": r, "input_chunks": 1, "output_chunks": 2, "scratch_chunks": 1,
                "channels": [{"channel_type": "memory", "connected_to": [1 - r]}],
                "remote_buffers": [{"rank": 1 - r, "type": "i",
                                    "access_channel_types": ["memory"]}],
                "semaphores": [],
                "threadblocks": [{"id": 0, "ops": ops,
                                  "channels": [{"channel_type": "memory", "channel_ids": [0]}],
                                  "remote_buffer_refs": [{"access_channel_type": "memory",
                                                          "remote_buffer_ids": [0]}]}]}
    return {"name": "get_allgather", "collective": "allgather", "protocol": "Simple",
            "inplace": False, "gpus": [gpu(0), gpu(1)]}


def test_a_gpu_read_by_its_peer_after_its_kernel_ends():
    """Without the handshake each GPU's kernel may end, and its caller reuse its input, while
    the peer's get still reads it: once accepted, now an [arrival] reason for each GPU."""
    good = check_mscclpp(NV2, _get_allgather(True))
    assert good.ok, good.reasons
    assert good.algbw == 900            # 2 chunks / (1 chunk over 450 each way)
    v = check_mscclpp(NV2, _get_allgather(False))
    assert not v.ok and set(v.rules) == {"arrival"}
    assert sum("reads rank 0's input chunk 0 at a time not ordered before the end of rank "
               "0's kernel" in r for r in v.reasons) == 1
    assert len(v.reasons) == 2


def test_a_schedule_routing_over_infiniband_does_not_speed_up_a_memory_channel_plan():
    """Two GPUs on an NVSwitch (450) and an InfiniBand switch (50). The optimal allreduce
    schedule sends over both (500); MSCCL++'s reduce.json moves everything over memory
    channels, that is NVLink (450). Given the schedule, the checker once spread the plan's
    transfers over the schedule's paths, IB included, and said 500 "= the schedule's"."""
    import forestcoll_opt as fc
    topo = Topology("nvib2", (Node("g0", "compute", 0), Node("g1", "compute", 0),
                              Node("sw", "switch"), Node("ib", "switch")),
                    (Link("g0", "sw", Fraction(450), True, "nvlink"),
                     Link("g1", "sw", Fraction(450), True, "nvlink"),
                     Link("g0", "ib", Fraction(50), True, "infiniband"),
                     Link("g1", "ib", Fraction(50), True, "infiniband")))
    sched = fc.generate(topo, collective="allreduce")
    assert sched.algbw == 500
    v = check_mscclpp(topo, DATA / "reduce.json", schedule=sched)
    assert v.ok and v.algbw == 450
    assert not any(row.src == "ib" or row.dst == "ib" for row in v.links)
    assert sum("other than NVLink/xGMI" in n for n in v.notes) == 2
