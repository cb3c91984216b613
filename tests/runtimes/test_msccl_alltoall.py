"""MSCCL export of all-to-all route schedules, run by the independent checker."""

import re

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import MscclExportError
from forestcoll_opt.model.schedule import schedule_routes


@pytest.mark.parametrize("spec,make", [
    ("dgx-h100:boxes=2", lambda t: fc.lp_alltoall(t)),
    ("dgx-h100:boxes=2", lambda t: fc.baseline(t, "pxn", collective="alltoall")),
    ("dgx-a100:boxes=2", lambda t: fc.lp_alltoall(t)),
    ("paper-example", lambda t: fc.baseline(t, "direct", collective="alltoall")),
])
@pytest.mark.parametrize("flavour", ["msccl-executor", "legacy"])
def test_export_runs_and_moves_exactly_the_right_data(spec, make, flavour):
    topo = fc.resolve(spec)
    schedule = make(topo)
    x = fc.export_msccl(topo, schedule, flavour=flavour, channels=2, chunks=2)
    n = len(topo.compute_nodes)
    assert x.collective == "alltoall" and x.nchunksperloop == n * schedule.k * 2
    assert 'coll="alltoall"' in x.xml and 'inplace="0"' in x.xml
    v = fc.check_xml(topo, x.xml, schedule=schedule)
    assert v.ok, v.reasons
    assert v.collective == "alltoall" and v.algbw == schedule.algbw


def test_relays_use_scratch_and_segments_route():
    # the LP routes of dgx-h100:boxes=2 relay through a GPU of the other box: its hop from
    # the source reaches the relay over a rail, the relay forwards over NVSwitch
    topo = fc.resolve("dgx-h100:boxes=2")
    schedule = fc.lp_alltoall(topo)
    routes = schedule_routes(schedule)
    relayed = [r for r in schedule.routes
               if sum(v in topo.compute_nodes for v in r.path) > 2]
    assert relayed
    r = relayed[0]
    stops = [i for i, v in enumerate(r.path) if v in topo.compute_nodes]
    assert (r.path[stops[0]], r.path[stops[1]]) in routes
    x = fc.export_msccl(topo, schedule)
    assert re.search(r's_chunks="[1-9]', x.xml)


def test_what_cannot_be_exported():
    topo = fc.resolve("paper-example")
    a, b = topo.compute_nodes[:2]
    skewed = fc.lp_alltoall(topo, demand={a: {b: 1}})
    with pytest.raises(MscclExportError, match="alltoallv"):
        fc.export_msccl(topo, skewed)
    with pytest.raises(MscclExportError, match="out-of-place"):
        fc.export_msccl(topo, fc.lp_alltoall(topo), inplace=True)


def test_checker_catches_a_misplaced_receive():
    topo = fc.resolve("dgx-h100:boxes=2")
    schedule = fc.baseline(topo, "direct", collective="alltoall")
    xml = fc.export_msccl(topo, schedule).xml
    # point one receive into the output at the wrong block
    step = re.search(r'type="r" srcbuf="\w" srcoff="-?\d+" dstbuf="o" dstoff="(\d+)"', xml)
    wrong = (int(step.group(1)) + 1) % 16
    bad = xml[:step.start(1)] + str(wrong) + xml[step.end(1):]
    v = fc.check_xml(topo, bad)
    assert not v.ok and any("should hold" in r for r in v.reasons)


def test_library_export_refuses_a_pair_left_out():
    """fc.export_msccl refuses an all-to-all whose routes leave a pair out, as the CLI does
    (it wrote an XML whose o[0] block 1 nothing writes; review of issue 32, finding 5); a
    pair carrying too few parts likewise."""
    topo = fc.resolve("dgx-a100:boxes=2")
    full = fc.lp_alltoall(topo)
    a, b = topo.compute_nodes[:2]
    data = full.to_dict()
    data["routes"] = [r for r in data["routes"] if not (r["src"] == a and r["dst"] == b)]
    with pytest.raises(MscclExportError, match=f"the routes from {a} to {b} carry 0 of the "
                                               f"k = 1 parts"):
        fc.export_msccl(topo, fc.load_schedule(data))
    with pytest.raises(MscclExportError, match="carry 0 of the k = 1 parts"):
        fc.export_msccl("dgx-a100:boxes=2", data)      # a spec and a dict, as fc.verify takes
