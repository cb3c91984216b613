"""The MSCCL++ execution-plan checker (forestcoll_opt.runtimes.mscclpp_check): MSCCL++'s own
executor test plans (tests/data/mscclpp/, README there) accepted with their algbw worked out
by hand, and plans forged to break each rule, each refused under the rule's name."""

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.errors import MscclppCheckError, UsageError
from forestcoll_opt.model.topology import Link, Node, Topology
from forestcoll_opt.runtimes.mscclpp_check import RULES, PlanVerdict, check_mscclpp

DATA = Path(__file__).parents[1] / "data" / "mscclpp"

# two GPUs on one NVSwitch, 450 each way (memory channels)
NV2 = Topology("nv2", (Node("g0", "compute", 0), Node("g1", "compute", 0), Node("sw", "switch")),
               (Link("g0", "sw", Fraction(450), True, "nvlink"),
                Link("g1", "sw", Fraction(450), True, "nvlink")))
# two GPUs in two boxes joined by one InfiniBand switch, 50 each way (port channels)
IB2 = Topology("ib2", (Node("g0", "compute", 0), Node("g1", "compute", 1), Node("r", "switch")),
               (Link("g0", "r", Fraction(50), True, "infiniband"),
                Link("g1", "r", Fraction(50), True, "infiniband")))
# three GPUs on one NVSwitch
NV3 = Topology("nv3", tuple(Node(f"g{i}", "compute", 0) for i in range(3)) +
               (Node("sw", "switch"),),
               tuple(Link(f"g{i}", "sw", Fraction(450), True, "nvlink") for i in range(3)))


def plan(name):
    return json.loads((DATA / f"{name}.json").read_text())


def ops(p, rank, tb=0):
    return p["gpus"][rank]["threadblocks"][tb]["ops"]


def refused(topology, p, rule, text=None, **kwargs):
    v = check_mscclpp(topology, p, **kwargs)
    assert not v.ok and v.status == "invalid"
    assert rule in v.rules, v.reasons
    if text is not None:
        assert any(text in r for r, k in zip(v.reasons, v.rules) if k == rule), v.reasons
    return v


# --- MSCCL++'s own plans --------------------------------------------------------------------

def test_reduce_plan_is_accepted():
    """reduce.json: an in-place allreduce of 4 chunks on 2 GPUs over memory channels. Each
    direction carries 4 chunks (rank 0: rres reads 1 and writes 1, get reads 1, res writes
    1; rank 1: rre reads 2, put writes 2), so algbw = 4 / (4/450) = 450."""
    v = check_mscclpp(NV2, DATA / "reduce.json")
    assert v.ok, v.reasons
    assert v.algbw == 450 and v.coll == "allreduce"
    assert v.link_loads[("g0", "sw")] == 4 and v.link_loads[("sw", "g0")] == 4
    assert v.counts.gpus == 2 and v.counts.ops == 31


def test_multi_node_transfer_plan_is_accepted_with_its_flush_note():
    """multi_node_transfer.json: an in-place allgather over port channels (put, pws, pwsf).
    2 chunks each way over 50 GB/s links, output 4 chunks: algbw 4 / (2/50) = 100. Its
    flush operations carry no dst_buff, and handleFlush flushes op.nOutputs channels: the
    notes say so, and that rank 0's proxy may then still read two chunk parts of its buffers
    after its kernel ends (the caller must not reuse them at once)."""
    v = check_mscclpp(IB2, DATA / "multi_node_transfer.json")
    assert v.ok, v.reasons
    assert v.algbw == 100
    assert sum("flush flushes only as many channels" in n for n in v.notes) == 2
    late = [n for n in v.notes if "after its kernel ends" in n]
    assert len(late) == 1 and late[0].startswith("rank 0's port channels may still read 2 ")


def test_reduce_pack_plan_is_accepted():
    """reduce_pack.json: an LL allreduce with packets (ppkt, respkt, recspkt, upkt), no
    signal at all: the packets' flags order everything. Packets carry 2x the bytes: 2
    chunks each way for a 2-chunk buffer, algbw 2 / (4/450) = 225."""
    v = check_mscclpp(NV2, DATA / "reduce_pack.json")
    assert v.ok, v.reasons
    assert v.algbw == 225 and v.protocol == "LL"


# the two GPUs' NVSwitch with NVLS multicast
NVLS2 = Topology("nvls2", (Node("g0", "compute", 0), Node("g1", "compute", 0),
                           Node("sw", "switch", None, True)),
                 (Link("g0", "sw", Fraction(450), True, "nvlink"),
                  Link("g1", "sw", Fraction(450), True, "nvlink")))


def test_reduce_nvls_plan_is_accepted_on_a_multicast_switch():
    """reduce_nvls.json: each GPU reduces its half of the buffer through the switch (glres:
    every member's chunk up, the sum down to the GPU, up again, down to every member): each
    link carries 3 chunks for a 2-chunk buffer, algbw 2 / (3/450) = 300. It orders work
    with relaxed signals, which the verdict notes."""
    v = check_mscclpp(NVLS2, DATA / "reduce_nvls.json")
    assert v.ok, v.reasons
    assert v.algbw == 300 and set(v.link_loads.values()) == {3}
    assert any("rlxsignal" in n for n in v.notes)
    refused(NV2, plan("reduce_nvls"), "link", "no multicast switch of nv2 links all of them")


def test_reduce_nvls_pipeline_plan_is_accepted():
    """reduce_nvls_pipeline.json: reduce_nvls.json with each glres inside a pipeline (its
    body follows it in the block, setupOperations): the same run and the same algbw; the
    pipeline's operation counts towards MAX_OPERATION."""
    v = check_mscclpp(NVLS2, DATA / "reduce_nvls_pipeline.json")
    assert v.ok, v.reasons
    assert v.algbw == 300 and v.counts.ops == 24 and v.counts.max_ops_per_tb == 12


def test_transfer_pack_tbg_plan_is_accepted():
    """transfer_pack_tbg.json: an LL allgather whose operations are split over groups of two
    thread blocks (tbg_info), each moving half of every chunk. 1 chunk each way as packets
    (x2) for a 2-chunk output: algbw 2 / (2/450) = 450."""
    v = check_mscclpp(NV2, DATA / "transfer_pack_tbg.json")
    assert v.ok, v.reasons
    assert v.algbw == 450 and v.counts.threadblocks == 10


def test_a_thread_block_group_with_a_half_missing():
    p = plan("transfer_pack_tbg")
    # rank 1's second unpacking block handles the first half again: the second half of its
    # output chunk 0 is never written, the first half written twice, unordered
    ops(p, 1, 5)[0]["tbg_info"]["tb_id"] = 0
    v = refused(NV2, p, "race", "writes rank 1's output chunk 0 while gpus[1] threadblock 4 "
                                "also writes it")
    assert "end-state" in v.rules


def test_reduce_pack_tbg_plan_is_accepted():
    """reduce_pack_tbg.json: reduce_pack.json's LL allreduce with every operation split over
    a group of two thread blocks (tbg_info; calcOffset gives block t the t-th half of each
    range). Per direction: ppkt sends 1 chunk as packets (x2) and respkt/recspkt 1 more
    (x2): 4 on each link for a 2-chunk buffer, algbw 2 / (4/450) = 225, as reduce_pack."""
    v = check_mscclpp(NV2, DATA / "reduce_pack_tbg.json")
    assert v.ok, v.reasons
    assert v.algbw == 225 and v.protocol == "LL" and v.coll == "allreduce"
    assert set(v.link_loads.values()) == {4}
    assert v.counts.threadblocks == 12 and v.counts.ops == 12


def test_transfer_pack_plan_is_accepted():
    """transfer_pack.json: an LL allgather over memory channels. Rank 0 packs its output
    chunk 0 straight into rank 1's scratch (ppkt); rank 1 packs its chunk 1 into its own
    scratch (cpkt) and another block forwards the packets (rppkt, which reads each packet's
    flag first); each unpacks (upkt). 1 chunk each way as packets (x2) for a 2-chunk
    output: algbw 2 / (2/450) = 450. Over ib2 (no NVLink) its memory channels are refused."""
    v = check_mscclpp(NV2, DATA / "transfer_pack.json")
    assert v.ok, v.reasons
    assert v.algbw == 450 and v.coll == "allgather" and set(v.link_loads.values()) == {2}
    assert v.counts.threadblocks == 5 and v.counts.ops == 5
    refused(IB2, plan("transfer_pack"), "link", "ib2 has no NVLink or xGMI links")


def test_multi_node_transfer_pkt_plan_is_refused_for_its_missing_nop():
    """multi_node_transfer_pkt.json (its "name" field says multi_node_transfer): an LL
    allgather over port channels. On rank 0, block 0 packs output chunk 0 into scratch
    (cpkt, every thread of the block writing its share of the packets) and at once, with no
    nop between, puts that scratch range over a port channel (ppkt). handlePutPackets
    (execution_kernel.hpp at 00668b4) on a port channel has thread 0 push the proxy's put
    straight away, neither reading the packets' flags nor __syncthreads() first (unlike
    handleReadPutPackets, whose port branch spins on every packet's flag and syncs: rank
    1's rppkt, in its own block, is safe): the proxy may copy packets the other threads
    have not written yet, and rank 1's upkt then spins on a flag that never comes. Refused
    under [arrival]; with a nop between the two operations the plan is accepted: 1 chunk
    each way as packets (x2) over 50 GB/s links for a 2-chunk output, algbw
    2 / (2/50) = 50."""
    v = refused(IB2, plan("multi_node_transfer_pkt"), "arrival",
                "gpus[0].threadblocks[0].ops[1] (ppkt): reads rank 0's scratch (packets) chunk 0 "
                "before the data gpus[0] threadblock 0 writes there is ordered before it")
    assert v.rules == ("arrival",) and len(v.reasons) == 1
    p = plan("multi_node_transfer_pkt")
    ops(p, 0).insert(1, {"name": "nop"})
    v = check_mscclpp(IB2, p)
    assert v.ok, v.reasons
    assert v.algbw == 50 and set(v.link_loads.values()) == {2}


def test_reduce_tbg_plan_is_refused_for_its_unordered_thread_block_groups():
    """reduce_tbg.json: reduce.json with each data operation split over two thread blocks
    (tbg_info) and each block pair ordered by its own signal/wait. calcOffset
    (execution_plan.cc at 00668b4) slices an operation's whole range: rank 1's 2-chunk copy
    into scratch gives block 0 chunk 0 and block 1 chunk 1, but rank 0's 1-chunk reads give
    each block half of one chunk. So rank 0's block 0 gets rank 1's scratch chunk 1 (written
    by rank 1's block 1) and its block 1 reads rank 1's scratch chunk 0 (written by block
    0), each after a wait whose signal follows only the *other* half's copy, and they
    overwrite rank 1's input chunks the other block may still be copying. Nothing orders them (no
    barrier across the blocks): two [arrival] and two [race] reasons. The link loads are
    those of reduce.json (4 each way)."""
    v = refused(NV2, plan("reduce_tbg"), "arrival",
                "gpus[0].threadblocks[0].ops[7] (get): reads rank 1's scratch chunk 1 before "
                "the data gpus[1] threadblock 1 writes there is ordered before it")
    assert v.rules == ("arrival", "race", "arrival", "race")
    assert any(r.startswith("[arrival] gpus[0].threadblocks[1].ops[6] (rres): reads rank 1's "
                            "scratch chunk 0 before the data gpus[1] threadblock 0 writes")
               for r in v.reasons)
    assert any(r.startswith("[race] gpus[0].threadblocks[0].ops[9] (res): overwrites rank 1's "
                            "input chunk 1 while gpus[1] threadblock 1 may still read it")
               for r in v.reasons)
    assert set(v.link_loads.values()) == {4} and v.counts.ops == 62


def test_the_plans_run_on_the_wrong_links_are_refused():
    refused(IB2, plan("reduce"), "link", "no NVLink or xGMI links")
    refused(NV3, plan("reduce"), "range", "the plan has 2 GPUs but nv3 has 3")


# --- forgeries: one per rule --------------------------------------------------------------------

def test_missing_wait():
    p = plan("reduce")
    del ops(p, 1)[-2]                     # rank 1's last wait
    v = refused(NV2, p, "unpaired-signal", "no wait takes them")
    # rank 0's res into rank 1's input is no longer ordered before rank 1's end
    assert "arrival" in v.rules


def test_unpaired_signal():
    p = plan("reduce")
    ops(p, 0).append({"name": "signal", "channel_ids": [0], "channel_type": "memory"})
    refused(NV2, p, "unpaired-signal", "1 signal(s) reach gpus[1] memory channel 0")


def test_missing_signal_deadlocks():
    p = plan("reduce")
    del ops(p, 0)[2]                      # rank 0's first signal
    refused(NV2, p, "deadlock", "gets no signal")


def test_racing_writers():
    p = plan("reduce")
    # rank 0's res also writes rank 1's input chunk 2, which rank 1's rre writes, unordered
    res = ops(p, 0)[9]
    assert res["name"] == "res"
    res["dst_buff"][1]["index"] = 2
    refused(NV2, p, "race", "nothing orders the two writes")


def test_read_before_arrival():
    p = plan("reduce")
    # rank 1 signals before its copy into scratch has finished (the nop between goes):
    # rank 0's rres reads rank 1's scratch chunk 0 before it is ordered after the copy
    assert ops(p, 1)[1] == {"name": "nop"}
    del ops(p, 1)[1]
    refused(NV2, p, "arrival", "reads rank 1's scratch chunk 0 before the data")


def test_put_with_signal_made_a_plain_put():
    """pws -> put: rank 0's chunk 1 travels on port channel 1 with no signal after it, so
    rank 1's block waiting for it never finishes (and the run stops there)."""
    p = plan("multi_node_transfer")
    ops(p, 0, 1)[5]["name"] = "put"
    v = refused(IB2, p, "deadlock", "gpus[1].threadblocks[1].ops[5] (wait) never completes: "
                                    "its wait on port channel 1 (to rank 0) gets no signal")
    assert v.rules == ("deadlock",)


def test_wrong_end_state():
    p = plan("multi_node_transfer")
    ops(p, 0)[5]["src_buff"][0]["index"] = 1      # sends its chunk 1 as chunk 0
    refused(IB2, p, "end-state", "gpus[1] output chunk 0 ends with 1 contribution(s): "
                                 "(rank 0, input chunk 1)")


def test_out_of_range_peer():
    p = plan("reduce")
    p["gpus"][0]["channels"][0]["connected_to"] = [5]
    refused(NV2, p, "range", "connects to rank 5")


def test_channel_over_a_missing_link():
    three = Topology("nv+ib", (Node("g0", "compute", 0), Node("g1", "compute", 1),
                               Node("r", "switch")),
                     (Link("g0", "r", Fraction(50), True, "infiniband"),
                      Link("g1", "r", Fraction(50), True, "infiniband")))
    refused(three, plan("reduce"), "link", "memory channel 0 connects g0 to g1")


def test_over_limit_thread_blocks_and_operations():
    refused(IB2, plan("multi_node_transfer"), "limit", "2 thread blocks, more than the 1",
            sms=1)
    p = plan("reduce")
    ops(p, 0)[:0] = [{"name": "nop"}] * 60
    refused(NV2, p, "limit", "75 operations (pipeline bodies included), above "
                             "MAX_OPERATION = 64")


def test_a_unit_change_in_sizes():
    """Sizes written in another unit (every index and size doubled, as if counted in half
    chunks): the ranges leave the buffers."""
    p = plan("reduce")
    for g in p["gpus"]:
        for tb in g["threadblocks"]:
            for op in tb["ops"]:
                for ref in op.get("src_buff", []) + op.get("dst_buff", []):
                    ref["index"] *= 2
                    ref["size"] *= 2
    refused(NV2, p, "range", "of rank 0's input buffer, which has 4")
    q = plan("reduce")              # chunk counts doubled instead: half the buffer reduced
    for g in q["gpus"]:
        g["input_chunks"] = g["output_chunks"] = 8
    refused(NV2, q, "end-state", "gpus[0] output chunk 4 ends with 1 contribution(s)")


def test_huge_buffers_stop_at_the_checkers_own_limit():
    p = plan("reduce")
    for g in p["gpus"]:
        g["scratch_chunks"] = 2**32 - 1
    refused(NV2, p, "limit", "the checker runs plans of at most 16777216")


def test_missing_and_mistyped_fields():
    p = plan("reduce")
    del p["protocol"]
    refused(NV2, p, "field", "'protocol' is missing")
    p = plan("reduce")
    p["inplace"] = "yes"
    refused(NV2, p, "type", "plan.inplace: expected true or false")
    p = plan("reduce")
    ops(p, 0)[0]["name"] = "memcpy"
    refused(NV2, p, "unknown-op", "'memcpy' is not one the executor knows")
    p = plan("reduce")
    ops(p, 0)[0]["src_buff"][0]["type"] = "x"
    refused(NV2, p, "type", "is not one of i, o, s")
    p = plan("reduce")
    p["gpus"][1]["id"] = 0
    refused(NV2, p, "field", "GPU rank does not match")


def test_channel_pairing_by_type():
    p = plan("reduce")
    p["gpus"][1]["channels"][0]["channel_type"] = "port"
    refused(NV2, p, "pairing", "memory channel 0 to rank 1 meets gpus[1] port channel 0")


def test_out_of_place_plans_keep_the_input():
    p = plan("reduce")
    p["inplace"] = False
    refused(NV2, p, "input-written", "writes rank 0's input buffer")


def test_unreadable_plans_raise():
    with pytest.raises(MscclppCheckError, match="not valid JSON"):
        check_mscclpp(NV2, "{not json")
    with pytest.raises(MscclppCheckError, match="a JSON object"):
        check_mscclpp(NV2, b"[1, 2]")
    with pytest.raises(MscclppCheckError, match="appears twice"):
        check_mscclpp(NV2, '{"name": "a", "name": "b"}')
    with pytest.raises(UsageError, match="root= must be a rank"):
        check_mscclpp(NV2, plan("reduce"), root=7)


def test_every_rule_named_is_known_and_the_verdict_is_json():
    p = plan("reduce")
    del ops(p, 1)[-2]
    v = check_mscclpp(NV2, p)
    assert set(v.rules) <= set(RULES)
    assert all(r.startswith(f"[{k}] ") for r, k in zip(v.reasons, v.rules))
    d = json.loads(json.dumps(v.to_dict()))
    assert d["status"] == "invalid" and d["rules"] == list(v.rules)
    ok = check_mscclpp(NV2, plan("reduce"))
    assert isinstance(ok, PlanVerdict) and ok.to_dict()["algbw"] == "450"
    assert repr(ok).startswith("PlanVerdict(ok: allreduce, 2 GPUs")


def test_same_input_same_verdict():
    a = check_mscclpp(NV2, plan("reduce_pack"))
    b = check_mscclpp(NV2, copy.deepcopy(plan("reduce_pack")))
    assert a == b


def test_a_port_puts_source_is_the_proxys_until_a_flush_covers_it():
    """Rank 0 rewrites its chunk 0 after putting it over port channel 0. The proxy reads
    the source later; only a flush of that channel orders the rewrite after it. The plan's
    own flush has no dst_buff and flushes nothing (handleFlush counts op.nOutputs); one
    with a dst_buff entry does."""
    p = plan("multi_node_transfer")
    rewrite = {"name": "copy", "src_buff": [{"type": "o", "index": 0, "size": 1}],
               "dst_buff": [{"type": "o", "index": 0, "size": 1}]}
    ops(p, 0).extend([rewrite, {"name": "nop"}])
    refused(IB2, p, "race", "overwrites rank 0's output chunk 0 while the proxy of gpus[0] "
                            "port channel 0 may still read it")
    ops(p, 0)[9]["dst_buff"] = [{"buffer_id": 0, "index": 0, "size": 1}]
    v = check_mscclpp(IB2, p)
    assert v.ok, v.reasons


def two_block_allgather(barrier):
    """Ours: a 2-GPU out-of-place allgather where block 0 copies the input into the output
    and block 1 sends it, ordered by a barrier of the two blocks (or not)."""
    gpus = []
    for r in (0, 1):
        sync = [{"name": "barrier", "barrier_id": 0, "num_threadblocks": 2}] if barrier else []
        tb0 = {"id": 0, "ops": [{"name": "copy",
                                 "src_buff": [{"type": "i", "index": 0, "size": 1}],
                                 "dst_buff": [{"type": "o", "index": r, "size": 1}]}] + sync,
               "channels": []}
        tb1 = {"id": 1, "ops": sync + [
            {"name": "put", "src_buff": [{"type": "o", "index": r, "size": 1}],
             "dst_buff": [{"buffer_id": 0, "index": r, "size": 1}], "channel_type": "memory"},
            {"name": "nop"},
            {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
            {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
            {"name": "nop"}],
               "channels": [{"channel_type": "memory", "channel_ids": [0]}],
               "remote_buffer_refs": [{"access_channel_type": "memory",
                                       "remote_buffer_ids": [0]}]}
        gpus.append({"id": r, "input_chunks": 1, "output_chunks": 2, "scratch_chunks": 0,
                     "threadblocks": [tb0, tb1],
                     "channels": [{"channel_type": "memory", "connected_to": [1 - r]}],
                     "remote_buffers": [{"rank": 1 - r, "type": "o",
                                         "access_channel_types": ["memory"]}]})
    return {"name": "ag", "collective": "allgather", "protocol": "Simple", "inplace": False,
            "gpus": gpus}


def test_a_barrier_orders_the_blocks_of_a_gpu():
    v = check_mscclpp(NV2, two_block_allgather(barrier=True))
    assert v.ok, v.reasons
    assert v.algbw == 900                   # 1 chunk each way, 2-chunk output: 2 / (1/450)
    refused(NV2, two_block_allgather(barrier=False), "arrival",
            "reads rank 0's output chunk 0 before the data gpus[0] threadblock 0 writes")
    short = two_block_allgather(barrier=True)
    short["gpus"][0]["threadblocks"][0]["ops"][1]["num_threadblocks"] = 3
    refused(NV2, short, "range", "barrier over 3 thread blocks but gpus[0] has 2")
