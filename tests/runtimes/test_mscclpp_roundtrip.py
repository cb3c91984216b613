"""The two halves of MSCCL++ support judged against each other: every plan the exporter
writes (``export_mscclpp``) is accepted by the independent checker (``check_mscclpp``) with
no reason, no note, and, for Simple, exactly the schedule's algbw (for LL half of it:
packets carry their data and as many bytes of flags, and both halves count so)."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from forestcoll_opt.errors import MscclExportError
from forestcoll_opt.model.linkloads import achieved_algbw
from forestcoll_opt.runtimes.mscclpp_check import check_mscclpp
from forestcoll_opt.runtimes.mscclpp_export import export_mscclpp

SPECS = ["dgx-a100:boxes=2", "dgx-h100:boxes=2", "mi250:boxes=2,gpus=8"]
FULL_MI250 = "mi250:boxes=2"       # two full boxes (32 GCDs): slow, in the slow set
COLLECTIVES = ["allgather", "reduce-scatter", "allreduce", "lp", "broadcast", "reduce",
               "alltoall"]


def roundtrip(t, s, protocol, **options):
    result = export_mscclpp(t, s, protocol=protocol, **options)
    root = t.compute_nodes.index(s.root) if s.root is not None else 0
    verdict = check_mscclpp(t, result.text, schedule=s, root=root)
    return result, verdict


def schedule_algbw(s, t):
    return achieved_algbw(replace(s, concurrent=True) if s.phases else s, t)


@pytest.mark.parametrize("protocol", ["Simple", "LL"])
@pytest.mark.parametrize("collective", COLLECTIVES)
@pytest.mark.parametrize("spec", SPECS)
def test_every_exported_plan_passes_the_checker(schedules, spec, collective, protocol):
    t, s = schedules(spec, collective)
    if collective == "alltoall" and s.demand is not None:
        pytest.skip("MSCCL++'s alltoall moves uniform blocks")
    result, verdict = roundtrip(t, s, protocol)
    assert verdict.ok and verdict.reasons == (), verdict.reasons[:3]
    assert verdict.notes == (), verdict.notes[:3]
    assert verdict.protocol == protocol and verdict.counts.gpus == len(t.compute_nodes)
    assert isinstance(verdict.algbw, Fraction)
    expected = schedule_algbw(s, t) / (2 if protocol == "LL" else 1)
    assert verdict.algbw == result.algbw == expected
    if protocol == "Simple" and (not s.phases or s.concurrent):
        assert verdict.algbw == s.algbw          # the schedule's own exact algbw


@pytest.mark.parametrize("protocol", ["Simple", "LL"])
@pytest.mark.parametrize("collective", ["broadcast", "reduce"])
def test_another_root(catalog, collective, protocol):
    """Rooted at a GPU of the second box: checked from that rank (the format records no
    root: check_mscclpp's root=, check-mscclpp --root), and refused from rank 0."""
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("dgx-h100:boxes=2")
    root = t.compute_nodes[11]
    s = generate(t, collective=collective, root=root)
    result, verdict = roundtrip(t, s, protocol)
    assert verdict.reasons == () and verdict.notes == (), verdict.reasons[:3]
    assert verdict.algbw == result.algbw == s.algbw / (2 if protocol == "LL" else 1)
    wrong = check_mscclpp(t, result.text, root=0)
    assert any(r.startswith("[end-state]") for r in wrong.reasons)


@pytest.mark.slow
@pytest.mark.parametrize("collective,protocol", [
    ("allgather", "Simple"), ("allgather", "LL"), ("broadcast", "Simple"),
    ("broadcast", "LL"), ("alltoall", "Simple")])
def test_full_mi250_boxes(schedules, collective, protocol):
    """Two full MI250 boxes: every Simple plan passes; an LL allgather or allreduce needs
    more thread blocks than a GPU runs at once (every packet op is one of a block's 64),
    which the exporter refuses in one line naming sm_count= rather than write."""
    t, s = schedules(FULL_MI250, collective)
    if collective == "alltoall" and s.demand is not None:
        pytest.skip("MSCCL++'s alltoall moves uniform blocks")
    if protocol == "LL" and collective in ("allgather", "allreduce", "lp"):
        with pytest.raises(MscclExportError, match=r"thread blocks, more than the 132"):
            export_mscclpp(t, s, protocol=protocol)
        return
    result, verdict = roundtrip(t, s, protocol)
    assert verdict.reasons == () and verdict.notes == (), verdict.reasons[:3]
    assert verdict.algbw == result.algbw == \
        schedule_algbw(s, t) / (2 if protocol == "LL" else 1)


def test_flushes_flush_every_port_channel(schedules):
    """handleFlush flushes op.nOutputs channels: every flush lists one dst_buff entry per
    channel id, after a nop, so the kernel ends after its proxies' puts."""
    t, s = schedules("dgx-h100:boxes=2", "allgather")
    plan = json.loads(export_mscclpp(t, s).text)
    flushes = 0
    for g in plan["gpus"]:
        for tb in g["threadblocks"]:
            ops = tb["ops"]
            for i, op in enumerate(ops):
                if op["name"] == "flush":
                    flushes += 1
                    assert len(op["dst_buff"]) == len(op["channel_ids"]) >= 1
                    assert ops[i - 1]["name"] in ("nop", "flush")
    assert flushes > 0


def test_ll_payload_scratch_is_twice_scratch_chunks(schedules):
    """An LL plan's scratch buffer holds 2 x scratch_chunks payload chunks
    (calScratchBufferSize); the exporter keeps a reduction's running sum there above
    scratch_chunks, which the checker accepts, and refuses past twice."""
    t, s = schedules("dgx-h100:boxes=2", "reduce-scatter")
    plan = json.loads(export_mscclpp(t, s, protocol="LL").text)
    g = plan["gpus"][0]
    above = [b["index"] for tb in g["threadblocks"] for op in tb["ops"]
             if op["name"] in ("repkt", "respkt", "recpkt", "recspkt")
             for b in op["dst_buff"][:1] if b.get("type") == "s"]
    assert max(above) >= g["scratch_chunks"]            # the case the checker refused
    assert check_mscclpp(t, plan, schedule=s).reasons == ()
    for tb in g["threadblocks"]:
        for op in tb["ops"]:
            if op["name"] == "respkt" and op["dst_buff"][0].get("type") == "s":
                op["dst_buff"][0]["index"] = 2 * g["scratch_chunks"]
                break
        else:
            continue
        break
    reasons = check_mscclpp(t, plan, schedule=s).reasons
    assert any(r.startswith("[range]") and f"which has {2 * g['scratch_chunks']}" in r
               for r in reasons), reasons[:3]


def test_ll_packets_over_payload_scratch_are_refused(schedules):
    """A payload range laid over a packet slot (slot j lies at payload chunk 2j) is a
    reason: the checker cannot order the two views of one memory."""
    t, s = schedules("dgx-h100:boxes=2", "reduce-scatter")
    plan = json.loads(export_mscclpp(t, s, protocol="LL").text)
    g = plan["gpus"][0]
    slot = next(b["index"] for tb in g["threadblocks"] for op in tb["ops"]
                if op["name"] in ("repkt", "respkt") for b in op["src_buff"][1:])
    op = next(op for tb in g["threadblocks"] for op in tb["ops"]
              if op["name"] in ("respkt", "repkt") and op["dst_buff"][0].get("type") == "s")
    op["dst_buff"][0]["index"] = 2 * slot
    reasons = check_mscclpp(t, plan, schedule=s).reasons
    assert any(r.startswith("[race]") and "as LL packets" in r for r in reasons), reasons[:3]


@pytest.mark.slow
@pytest.mark.parametrize("protocol", ["Simple", "LL"])
def test_a_compact_schedule_roundtrips(catalog, protocol):
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("dgx-h100:boxes=4")
    s = generate(t, compact=True)
    assert s.orbits
    result, verdict = roundtrip(t, s, protocol)
    assert verdict.reasons == () and verdict.notes == ()
    assert verdict.algbw == result.algbw == s.algbw / (2 if protocol == "LL" else 1)
