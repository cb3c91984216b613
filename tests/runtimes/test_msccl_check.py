"""The MSCCL XML symbolic executor (forestcoll_opt.runtimes.msccl_check) on small hand-written files
(tests/data/msccl/) and on corrupted variants of them, each rejected with its reason."""

import ast
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import forestcoll_opt.runtimes.msccl_check as mc
import forestcoll_opt.runtimes.msccl_check.reading as mc_reading
import forestcoll_opt.runtimes.msccl_check.verdict as mc_verdict
from forestcoll_opt.errors import ForestCollError, UsageError
from forestcoll_opt.runtimes.msccl_check import XmlCheckError, XmlVerdict, check_xml
from forestcoll_opt.model.topology import from_dict

DATA = Path(__file__).parents[1] / "data" / "msccl"


def topology(name, compute, links, switches=()):
    """links: (src, dst, bandwidth, bidirectional)."""
    return from_dict({
        "format": "forestcoll-topology/1", "name": name,
        "nodes": [{"id": c} for c in compute] + [{"id": s, "kind": "switch"} for s in switches],
        "links": [{"src": a, "dst": b, "bandwidth": w, **({"bidirectional": True} if bi else {})}
                  for a, b, w, bi in links]})


# two GPUs joined by one link of 10 each way
PAIR = topology("pair", ["g0", "g1"], [("g0", "g1", 10, True)])
# a one-way ring g0 -> g1 -> g2 -> g0, 10 per link
RING = topology("ring", ["g0", "g1", "g2"],
                [("g0", "g1", 10, False), ("g1", "g2", 10, False), ("g2", "g0", 10, False)])
# three GPUs on one switch, 10 each way per GPU
STAR = topology("star", ["g0", "g1", "g2"], [(g, "sw", 10, True) for g in ("g0", "g1", "g2")],
                ["sw"])
# a one-way ring of four, 10 per link (ring4_rcs.xml)
RING4 = topology("ring4", ["g0", "g1", "g2", "g3"],
                 [(f"g{i}", f"g{(i + 1) % 4}", 10, False) for i in range(4)])
# g0 - g1 - g2 in a line, no switch: g0 and g2 reach each other only through g1
LINE = topology("line", ["g0", "g1", "g2"], [("g0", "g1", 10, True), ("g1", "g2", 10, True)])
# two GPUs joined through two switches in parallel
TWO_SWITCHES = topology("two-switches", ["g0", "g1"],
                        [("g0", "sw0", 10, True), ("sw0", "g1", 10, True),
                         ("g0", "sw1", 10, True), ("sw1", "g1", 10, True)], ["sw0", "sw1"])


def text(name):
    return (DATA / f"{name}.xml").read_text()


def mutate(source, old, new, count=1):
    """``source`` with ``old`` replaced by ``new``; ``old`` must occur exactly ``count`` times."""
    assert source.count(old) == count, (old, source.count(old))
    return source.replace(old, new)


def rank_block(source, rank):
    """The text of <gpu id="rank"> ... </gpu> (to corrupt one rank only)."""
    start = source.index(f'<gpu id="{rank}"')
    return source[start:source.index("</gpu>", start)]


def mutate_rank(source, rank, old, new):
    block = rank_block(source, rank)
    return source.replace(block, mutate(block, old, new))


def has(verdict, pattern):
    """Whether some reason matches the regular expression ``pattern``."""
    return any(re.search(pattern, r) for r in verdict.reasons)


# --- correct files -------------------------------------------------------------------------

def test_two_rank_allgather():
    v = check_xml(PAIR, DATA / "ag2.xml")
    assert v.ok, v.reasons
    # Each rank sends its one chunk (M/2) over its link of bandwidth 10: time = (M/2)/10 =
    # M/20, so algbw = 20 (= nchunksperloop / max load/bandwidth = 2 / (1/10)).
    assert v.algbw == 20
    assert v.link_loads == {("g0", "g1"): 1, ("g1", "g0"): 1}
    assert v.collective == "allgather" and v.flavour == "msccl-executor"   # the default
    assert v.aliasings == ("in-place", "out-of-place") and v.inplace and v.outofplace
    assert v.rendezvous is True
    assert (v.counts.ranks, v.counts.tbs, v.counts.steps, v.counts.max_steps_per_tb,
            v.counts.channels) == (2, 4, 6, 2, 1)


def test_three_rank_ring_allgather():
    v = check_xml(RING, (DATA / "ag3.xml").read_bytes())
    assert v.ok, v.reasons
    # Every ring link carries two chunks of M/3 (the sender's own and the one it forwards):
    # time = (2M/3)/10 = M/15, so algbw = 15 (= 3 / (2/10)); the ring's allgather optimum.
    assert v.algbw == 15
    assert v.link_loads == {("g0", "g1"): 2, ("g1", "g2"): 2, ("g2", "g0"): 2}
    assert set(v.bottleneck) == {("g0", "g1"), ("g1", "g2"), ("g2", "g0")}
    assert v.aliasings == ("out-of-place",)


def test_three_rank_ring_reduce_scatter():
    v = check_xml(RING, str(DATA / "rs3.xml"))
    assert v.ok, v.reasons
    # Chunk c (M/3 of the input) crosses two ring links (c+1 -> c+2 -> c); every link
    # carries two chunks: time = (2M/3)/10, algbw = 15.
    assert v.algbw == 15 and v.collective == "reduce-scatter"
    assert v.flavour == "msccl-executor" and v.coll == "reducescatter"


def test_legacy_reduce_scatter_spelling_is_inferred():
    v = check_xml(RING, DATA / "rs3_legacy.xml")
    assert v.ok, v.reasons
    assert v.flavour == "legacy" and v.coll == "reduce_scatter" and v.algbw == 15
    assert v.outofplace is True and v.aliasings == ("out-of-place",)


def test_direct_reduce_scatter_with_nop_and_fused_reductions():
    v = check_xml(STAR, DATA / "rs3_direct.xml")
    assert v.ok, v.reasons
    # Every rank sends two chunks of M/3 up to the switch and receives two: 2 chunks on
    # every GPU-switch link of bandwidth 10, time = (2M/3)/10, algbw = 15.
    assert v.algbw == 15
    assert all(load == 2 for load in v.link_loads.values()) and len(v.links) == 6


def test_three_rank_ring_allreduce():
    v = check_xml(RING, DATA / "ar3.xml")
    assert v.ok, v.reasons
    # Chunk c travels c+1 -> c+2 -> c (reduce) -> c+1 -> c+2 (broadcast): four hops, so each
    # ring link carries 4 chunks of M/3: time = (4M/3)/10 = 2M/15, algbw = 15/2 (the ring's
    # 2(N-1)/N · M / B).
    assert v.algbw == Fraction(15, 2) and v.collective == "allreduce"
    assert v.aliasings == ("in-place", "out-of-place")
    # rank c+1 sends twice on one block: it needs the connection to buffer the first send
    assert v.rendezvous is False
    assert any("buffers send steps" in n and "rank 0 tb 2 step 0 (s)" in n
               and "while the same block is still at step 0" in n for n in v.notes)


def test_in_place_allgather_with_output_only():
    # msccl-tools writes in-place allgather with i_chunks="0": the input is o[r] already
    source = mutate(text("ag2"), 'inplace="1" outofplace="1"', 'inplace="1" outofplace="0"')
    for rank in (0, 1):
        source = mutate_rank(source, rank, 'i_chunks="1"', 'i_chunks="0"')
        source = mutate_rank(source, rank, f'      <step s="0" type="cpy" srcbuf="i" srcoff="0" '
                             f'dstbuf="o" dstoff="{rank}" cnt="1" depid="-1" deps="-1" '
                             f'hasdep="0"/>\n', "")
        source = mutate_rank(source, rank, '<step s="1" type="s"', '<step s="0" type="s"')
    v = check_xml(PAIR, source)
    assert v.ok, v.reasons
    assert v.aliasings == ("in-place",) and v.algbw == 20
    # claimed out-of-place too, o[r] is never filled from the input
    both = check_xml(PAIR, mutate(source, 'outofplace="0"', 'outofplace="1"'))
    assert not both.ok
    assert has(both, r"^out-of-place: rank 0 tb 0 step 0 \(s\): reads o\[0\] on rank 0 before "
                     r"anything writes it")


def test_verdict_to_dict_is_json():
    v = check_xml(RING, DATA / "ar3.xml")
    d = json.loads(json.dumps(v.to_dict()))
    assert d["ok"] and d["algbw"] == "15/2" and d["counts"]["tbs"] == 9
    assert {"src": "g0", "dst": "g1", "load": "4", "bandwidth": "10"} in d["links"]


# --- corrupted files: each rejected with its reason --------------------------------------

def test_missing_hasdep_on_a_depended_upon_step():
    source = mutate_rank(text("ag3"), 0, 'dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="1"',
                         'dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="0"')
    v = check_xml(RING, source)
    assert not v.ok
    assert has(v, r'^rank 0 tb 2 step 0 \(s\): waits for rank 0 tb 1 step 0 \(r\), which does '
                  r'not have hasdep="1"')
    # the runtime would wait for a flag that never comes
    assert has(v, r"^deadlock: ")
    assert has(v, r"^stuck: rank 0 tb 2 step 0 \(s\) waits for tb 1 step 0 .*finished.*none")


def test_dropped_step():
    source = mutate_rank(text("ag2"), 1, '      <step s="0" type="r" srcbuf="o" srcoff="0" '
                         'dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>\n', "")
    v = check_xml(PAIR, source)
    assert not v.ok
    assert has(v, r"^rank 0 tb 0 sends 1 time\(s\) to rank 1 on channel 0, but rank 1 tb 1 "
                  r"receives 0 time\(s\) from rank 0")
    assert has(v, r"rank 1: o\[0\] should hold rank 0's input chunk 0, but nothing ever writes it")


def test_dropped_step_that_others_wait_for():
    source = mutate_rank(text("ag3"), 0, '      <step s="0" type="r" srcbuf="o" srcoff="2" '
                         'dstbuf="o" dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="1"/>\n', "")
    v = check_xml(RING, source)
    assert has(v, r"^rank 0 tb 2 step 0 \(s\): waits for tb 1 step 0, but that block has 0 steps")
    assert has(v, r"^deadlock: ")


def test_swapped_peer():
    source = mutate_rank(text("ag3"), 0, '<tb id="0" send="1" recv="-1" chan="0">',
                         '<tb id="0" send="2" recv="-1" chan="0">')
    v = check_xml(RING, source)
    assert not v.ok
    assert has(v, r"^rank 0 tb 0: sends to rank 2 on channel 0, but no thread block of rank 2 "
                  r"receives from rank 0 on channel 0")
    assert has(v, r"^rank 1 tb 1: receives from rank 0 on channel 0, but no thread block of "
                  r"rank 0 sends to rank 1 on channel 0")
    # and the one-way ring has no link g0 -> g2
    assert has(v, r"no path g0 -> g2 that relays only through switches")
    assert v.algbw is None


def test_send_receive_count_mismatch():
    source = mutate_rank(text("ag2"), 1, 'type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" '
                         'cnt="1"', 'type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="2"')
    v = check_xml(PAIR, source)
    assert not v.ok
    assert has(v, r"^rank 0 tb 0 step 1 \(s\) sends cnt=1 but the matching rank 1 tb 1 step 0 "
                  r"\(r\) receives cnt=2")


def test_deadlock_two_blocks_waiting_on_each_other():
    v = check_xml(PAIR, DATA / "ag2_deadlock.xml")
    assert not v.ok and v.rendezvous is None
    assert has(v, r"^deadlock: no step can run while 3 thread block\(s\) on 2 rank\(s\)")
    assert has(v, r"^stuck: rank 0 tb 0 step 1 \(s\) waits for tb 1 step 0 ")
    assert has(v, r"^stuck: rank 0 tb 1 step 0 \(r\) waits for tb 0 step 1 ")
    assert has(v, r"^stuck: rank 1 tb 1 step 0 \(r\) waits to receive from rank 0 tb 0")


def test_double_counted_contribution():
    # rank 0's second fused re adds s[0] (rank 1's contribution) again instead of s[1]
    source = mutate_rank(text("rs3_direct"), 0, '<step s="3" type="re" srcbuf="s" srcoff="1"',
                         '<step s="3" type="re" srcbuf="s" srcoff="0"')
    v = check_xml(STAR, source)
    assert not v.ok
    assert v.reasons == ("rank 0: o[0] should hold the sum over all ranks of input chunk 0, but "
                         "misses the contribution of rank 2; counts rank 1's contribution 2 "
                         "times",)


def test_unfilled_output_chunk():
    # rank 0's last receive lands in o[2] instead of o[1]
    source = mutate_rank(text("ag3"), 0, 'type="r" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1"',
                         'type="r" srcbuf="o" srcoff="1" dstbuf="o" dstoff="2"')
    v = check_xml(RING, source)
    assert not v.ok
    assert has(v, r"^rank 0: o\[1\] should hold rank 1's input chunk 0, but nothing ever writes it")
    assert has(v, r"^rank 0: o\[2\] should hold rank 2's input chunk 0, but it holds rank 1's "
                  r"input chunk 0")


def test_wrong_coll_spelling_for_the_flavour():
    v = check_xml(RING, DATA / "rs3.xml", flavour="legacy")
    assert not v.ok and v.flavour == "legacy"
    assert has(v, r"^<algo>: coll='reducescatter' is not a collective the legacy "
                  r"\(microsoft/msccl\) runtime knows; .*spells reduce-scatter reduce_scatter")
    w = check_xml(RING, DATA / "rs3_legacy.xml", flavour="msccl-executor")
    assert has(w, r"^<algo>: coll='reduce_scatter' is not a collective the msccl-executor "
                  r"runtime knows")
    for name in ("outofplace", "minBytes", "maxBytes"):
        assert has(w, rf"^<algo>: required attribute {name} is missing")


def long_allgather(steps_per_block):
    """A correct 2-rank allgather whose sending blocks have ``steps_per_block`` steps: a copy
    of all k = steps_per_block - 1 chunks, then one send per chunk."""
    k = steps_per_block - 1
    lines = [f'<algo name="long" proto="Simple" nchannels="1" nchunksperloop="{2 * k}" ngpus="2" '
             f'coll="allgather" inplace="0" outofplace="1" minBytes="0" maxBytes="1073741824">']
    for r in (0, 1):
        peer = 1 - r
        lines.append(f'  <gpu id="{r}" i_chunks="{k}" o_chunks="{2 * k}" s_chunks="0">')
        lines.append(f'    <tb id="0" send="{peer}" recv="-1" chan="0">')
        lines.append(f'      <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" '
                     f'dstoff="{r * k}" cnt="{k}" depid="-1" deps="-1" hasdep="0"/>')
        for j in range(k):
            lines.append(f'      <step s="{j + 1}" type="s" srcbuf="o" srcoff="{r * k + j}" '
                         f'dstbuf="o" dstoff="{r * k + j}" cnt="1" depid="-1" deps="-1" '
                         f'hasdep="0"/>')
        lines.append('    </tb>')
        lines.append(f'    <tb id="1" send="-1" recv="{peer}" chan="0">')
        for j in range(k):
            lines.append(f'      <step s="{j}" type="r" srcbuf="o" srcoff="{peer * k + j}" '
                         f'dstbuf="o" dstoff="{peer * k + j}" cnt="1" depid="-1" deps="-1" '
                         f'hasdep="0"/>')
        lines.append('    </tb>')
        lines.append('  </gpu>')
    lines.append('</algo>')
    return "\n".join(lines) + "\n"


def test_too_many_steps_per_block_for_the_flavour():
    source = long_allgather(66)
    assert check_xml(PAIR, source, flavour="legacy").ok       # legacy: 256 steps per block
    v = check_xml(PAIR, source, flavour="msccl-executor")
    assert not v.ok and v.counts.max_steps_per_tb == 66
    assert has(v, r"^rank 0 tb 0: 66 steps; the msccl-executor runtime allows 64 per "
                  r"thread block \(MSCCL_MAX_NUM_STEPS")
    assert check_xml(PAIR, long_allgather(64), flavour="msccl-executor").ok
    # an allgather file not tied to one runtime is held to the smaller limit
    assert has(check_xml(PAIR, source), r"^rank 1 tb 0: 66 steps; .* allows 64")


def test_tab_characters():
    source = text("ag2").replace("\n    <tb", "\n\t<tb")
    v = check_xml(PAIR, source)
    assert not v.ok
    assert has(v, r"^line 4: tab character \(and 3 more\); the runtime's XML parser .* accepts "
                  r"only spaces, \\n and \\r between elements")


def test_zero_padded_integer():
    source = mutate_rank(text("ag2"), 1, '<step s="1" type="s" srcbuf="o" srcoff="1"',
                         '<step s="1" type="s" srcbuf="o" srcoff="01"')
    v = check_xml(PAIR, source)
    assert v.reasons == ("rank 1 tb 0 step 1 (s): srcoff=zero-padded integer '01': the runtime "
                         "reads numbers with strtol(..., 0), which takes a leading 0 as octal, "
                         "so it reads 1; write 1",)
    # 08 is not even octal: strtol stops at the 8 and reads 0, so rank 1 sends o[0]
    bad = mutate_rank(text("ag2"), 1, '<step s="1" type="s" srcbuf="o" srcoff="1"',
                      '<step s="1" type="s" srcbuf="o" srcoff="08"')
    w = check_xml(PAIR, bad)
    assert has(w, r"srcoff=zero-padded integer '08'.* so it reads 0; write 8")
    assert has(w, r"^rank 1 tb 0 step 1 \(s\): reads o\[0\] on rank 1 before anything writes it")


def test_billion_laughs_is_refused_unexpanded():
    with pytest.raises(XmlCheckError, match=r"refused: the XML declares a DTD or entities"):
        check_xml(PAIR, DATA / "billion_laughs.xml")
    with pytest.raises(XmlCheckError, match="DTD"):
        check_xml(PAIR, '<!DOCTYPE algo SYSTEM "http://example.com/x.dtd"><algo/>')
    assert issubclass(XmlCheckError, ForestCollError)


def test_transfer_without_a_switch_only_path():
    v = check_xml(LINE, DATA / "ag3.xml")
    assert not v.ok and v.algbw is None
    assert has(v, r"^rank 2 tb 0 step 1 \(s\): sends from rank 2 \(g2\) to rank 0 \(g0\), but the "
                  r"topology has no path g2 -> g0 that relays only through switches")


# --- routes --------------------------------------------------------------------------------

def test_unrouted_pairs_come_first_and_unchecked_is_the_rest(monkeypatch):
    import forestcoll_opt.runtimes.msccl_check.execution as mc_execution

    monkeypatch.setattr(mc_execution, "MAX_CLOCK_ENTRIES", 1)     # the race check skipped too
    v = check_xml(TWO_SWITCHES, DATA / "ag2.xml")
    assert v.status == "undetermined" and len(v.undetermined) == 3
    assert v.unrouted == (("g0", "g1"), ("g1", "g0"))
    assert v.undetermined[0].endswith("the pair g0 -> g1 has several routes through switches; "
                                      "pass routes[('g0', 'g1')] (from the schedule) so the "
                                      "link loads, and the algbw, can be counted")
    assert "the pair g1 -> g0" in v.undetermined[1]
    assert len(v.unchecked) == 1 and v.unchecked[0].startswith("race check skipped: ")


def test_several_switch_routes_need_the_routes_argument():
    # "cannot tell" is not "invalid": nothing is wrong with the file, its link loads are
    # unknown; the verdict is undetermined (not ok, no reason)
    v = check_xml(TWO_SWITCHES, DATA / "ag2.xml")
    assert not v.ok and v.algbw is None and v.reasons == () and v.status == "undetermined"
    assert len(v.undetermined) == 2
    assert re.search(r"the pair g0 -> g1 has several routes through switches; pass "
                     r"routes\[\('g0', 'g1'\)\]", v.undetermined[0])
    assert repr(v).startswith("XmlVerdict(undetermined allgather (msccl-executor), 2 thing(s)")
    assert v.to_dict()["status"] == "undetermined"
    # the pairs as data (the command line folds them into one line without reading the text)
    assert v.unrouted == (("g0", "g1"), ("g1", "g0")) and v.unchecked == ()
    one = {("g0", "g1"): [("g0", "sw0", "g1")], ("g1", "g0"): [("g1", "sw0", "g0")]}
    v = check_xml(TWO_SWITCHES, DATA / "ag2.xml", routes=one)
    # one chunk of M/2 over g0 -> sw0 -> g1 (bandwidth 10): algbw 2 / (1/10) = 20
    assert v.ok and v.algbw == 20
    split = {("g0", "g1"): [(("g0", "sw0", "g1"), Fraction(1, 2)), (("g0", "sw1", "g1"), "1/2")],
             ("g1", "g0"): [(("g1", "sw1", "g0"), 1)]}
    v = check_xml(TWO_SWITCHES, DATA / "ag2.xml", routes=split)
    # half a chunk on each g0 -> g1 path, a whole chunk on g1 -> sw1 -> g0: max load/bw = 1/10
    assert v.ok and v.algbw == 20
    assert v.link_loads[("g0", "sw0")] == Fraction(1, 2)
    assert v.link_loads[("sw1", "g0")] == 1


@pytest.mark.parametrize("routes, message", [
    ({("g0", "g1"): [("g0", "g1")]}, "no link"),
    ({("g0", "g1"): [("g0", "sw0", "g0", "g1")]}, "returns to one of its ends"),
    ({("g0", "g1"): [("g1", "sw0", "g0")]}, "must run from"),
    ({("g0", "g1"): [("g0", "sw0", "g1"), ("g0", "sw1", "g1")]}, "without shares"),
    ({("g0", "g1"): [(("g0", "sw0", "g1"), "1/3"), (("g0", "sw1", "g1"), "1/3")]}, "sum to 2/3"),
    ({"g0": [("g0", "sw0", "g1")]}, "not a \\(source, destination\\) pair"),
])
def test_bad_routes_are_refused(routes, message):
    with pytest.raises(UsageError, match=message):
        check_xml(TWO_SWITCHES, DATA / "ag2.xml", routes=routes)


def test_routes_relay_only_through_switches():
    with pytest.raises(UsageError, match="relays through compute node 'g1'"):
        check_xml(LINE, DATA / "ag3.xml", routes={("g2", "g0"): [("g2", "g1", "g0")]})


# --- more semantics ------------------------------------------------------------------------

def test_missing_dependency_is_a_race():
    source = mutate_rank(text("ag3"), 0, 'dstoff="2" cnt="1" depid="1" deps="0" hasdep="0"',
                         'dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="0"')
    v = check_xml(RING, source)
    assert not v.ok
    assert has(v, r"^rank 0 tb 2 step 0 \(s\): reads o\[2\] on rank 0 before anything writes it")
    assert has(v, r"^rank 0: rank 0 tb 2 step 0 \(s\) reads o\[2\] and rank 0 tb 1 step 0 \(r\) "
                  r"writes it with nothing ordering them")


def test_reads_before_anything_writes():
    source = mutate_rank(text("ag2"), 0, '      <step s="0" type="cpy" srcbuf="i" srcoff="0" '
                         'dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>\n', "")
    source = mutate_rank(source, 0, '<step s="1" type="s"', '<step s="0" type="s"')
    v = check_xml(PAIR, source)
    # in place o[0] is rank 0's input; out of place nothing fills it
    assert v.reasons == (
        "out-of-place: rank 0 tb 0 step 0 (s): reads o[0] on rank 0 before anything writes it",
        "out-of-place: rank 0: o[0] should hold rank 0's input chunk 0, but nothing ever "
        "writes it",
        "out-of-place: rank 1: o[0] should hold rank 0's input chunk 0, but it holds data "
        "computed from a slot nothing wrote")


def test_out_of_place_must_not_write_the_send_buffer():
    source = mutate(text("ar3"), 'inplace="1" outofplace="1"', 'inplace="0" outofplace="1"')
    source = mutate_rank(source, 0, '<step s="1" type="r" srcbuf="o" srcoff="1" dstbuf="o" '
                         'dstoff="1"', '<step s="1" type="r" srcbuf="o" srcoff="1" dstbuf="i" '
                         'dstoff="1"')
    v = check_xml(RING, source)
    assert has(v, r"^rank 0 tb 1 step 1 \(r\): writes i\[1\], the caller's send buffer")
    assert has(v, r"^rank 0: o\[1\] should hold the sum over all ranks of input chunk 1, but "
                  r"nothing ever writes it")


def test_in_place_aliasing_changes_the_data():
    # rank 0 keeps its reduced chunk 0 in o[1] instead of o[0]; in place o[1] is also input
    # chunk 1, which another block of rank 0 reads for the sum of chunk 1
    source = mutate_rank(text("ar3"), 0, 'type="rrcs" srcbuf="i" srcoff="0" dstbuf="o" '
                         'dstoff="0"', 'type="rrcs" srcbuf="i" srcoff="0" dstbuf="o" dstoff="1"')
    v = check_xml(RING, source)
    assert not v.ok
    assert has(v, r"^in-place: rank 0: rank 0 tb 0 step 0 \(rrcs\) writes o\[1\] and rank 0 tb 1 "
                  r"step 0 \(rrs\) reads i\[1\] \(the same memory in place\) with nothing "
                  r"ordering them")
    assert has(v, r"^in-place: rank 2: o\[1\] should hold the sum over all ranks of input chunk "
                  r"1, but misses the contribution of rank 0; adds input chunk 0 of ranks 0, 1, "
                  r"2, which belongs to another output chunk")
    assert has(v, r"^in-place: rank 0: o\[0\] should hold the sum over all ranks of input chunk "
                  r"0, but misses the contributions of ranks 1, 2")
    assert has(v, r"^out-of-place: rank 0: o\[0\] should hold .* but nothing ever writes it")
    # in both aliasings the rrcs and the final receive of chunk 1 write o[1] unordered
    assert has(v, r"^rank 0: rank 0 tb 0 step 0 \(rrcs\) writes o\[1\] and rank 0 tb 1 step 1 "
                  r"\(r\) writes it with nothing ordering them")


def test_dependency_on_a_nop_and_nop_rules():
    source = mutate_rank(text("rs3_direct"), 0, 'type="re" srcbuf="s" srcoff="0" dstbuf="o" '
                         'dstoff="0" cnt="1" depid="3" deps="0"', 'type="re" srcbuf="s" '
                         'srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1"')
    v = check_xml(STAR, source)
    assert has(v, r"^rank 0 tb 4 step 2 \(re\): follows nop step\(s\) with dependencies but has "
                  r"none of its own; the runtime refuses the file")
    source = mutate_rank(text("rs3_direct"), 0, 'type="nop" srcbuf="i" srcoff="-1" dstbuf="o" '
                         'dstoff="-1" cnt="0" depid="2" deps="0"', 'type="nop" srcbuf="i" '
                         'srcoff="-1" dstbuf="o" dstoff="-1" cnt="0" depid="-1" deps="-1"')
    v = check_xml(STAR, source)
    assert has(v, r"^rank 0 tb 4 step 1 \(nop\): a nop without a dependency")
    # and nothing orders the receive into s[0] before the reduction that reads it
    assert has(v, r"^rank 0: rank 0 tb 2 step 0 \(r\) writes s\[0\] and rank 0 tb 4 step 2 \(re\) "
                  r"reads it with nothing ordering them")
    # a flagged step after it is published under the kernel's (shifted) step number
    flagged = mutate_rank(source, 0, 'srcoff="1" dstbuf="o" dstoff="0" cnt="1" depid="-1" '
                          'deps="-1" hasdep="0"', 'srcoff="1" dstbuf="o" dstoff="0" cnt="1" '
                          'depid="-1" deps="-1" hasdep="1"')
    assert has(check_xml(STAR, flagged), r"^rank 0 tb 4 step 3 \(re\): the kernel publishes this "
                                         r"step's flag as step 2, its position is 3")


def test_dependency_rules():
    direct = text("rs3_direct")
    on_nop = mutate_rank(direct, 0, 'type="s" srcbuf="i" srcoff="1" dstbuf="s" dstoff="1" cnt="1" '
                         'depid="-1" deps="-1"', 'type="s" srcbuf="i" srcoff="1" dstbuf="s" '
                         'dstoff="1" cnt="1" depid="4" deps="1"')
    v = check_xml(STAR, on_nop)
    assert has(v, r"^rank 0 tb 0 step 0 \(s\): waits for rank 0 tb 4 step 1 \(nop\), a nop, which "
                  r"never publishes a flag")
    assert has(v, r"^stuck: rank 0 tb 0 step 0 \(s\) waits for tb 4 step 1 ")
    own = mutate_rank(direct, 0, 'depid="3" deps="0"', 'depid="4" deps="0"')
    assert has(check_xml(STAR, own), r"^rank 0 tb 4 step 2 \(re\): depends on its own block")
    trailing = mutate_rank(direct, 0, 'srcoff="1" dstbuf="o" dstoff="0" cnt="1" depid="-1" '
                           'deps="-1" hasdep="0"/>', 'srcoff="1" dstbuf="o" dstoff="0" cnt="1" '
                           'depid="-1" deps="-1" hasdep="0"/>\n      <step s="4" type="nop" '
                           'srcbuf="i" srcoff="-1" dstbuf="o" dstoff="-1" cnt="0" depid="2" '
                           'deps="0" hasdep="0"/>')
    assert check_xml(STAR, trailing).reasons == (
        "rank 0 tb 4 step 4 (nop): nop at the end of the block; no step follows to wait for "
        "its dependency, so the runtime never waits for it",)
    two = mutate_rank(direct, 0, 'dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"',
                      'dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="2"')
    assert has(check_xml(STAR, two), r"^rank 0 tb 2 step 0 \(r\): hasdep=2; it must be 0 or 1")


def test_fused_reductions_must_share_cnt():
    source = mutate_rank(text("rs3_direct"), 0, '<step s="3" type="re" srcbuf="s" srcoff="1" '
                         'dstbuf="o" dstoff="0" cnt="1"', '<step s="3" type="re" srcbuf="s" '
                         'srcoff="1" dstbuf="o" dstoff="0" cnt="2"')
    v = check_xml(STAR, source)
    assert has(v, r"^rank 0 tb 4 step 3 \(re\): fused with the re step\(s\) before it .* "
                  r"cnt=2 differs from 1")


def test_ngpus_must_match_the_topology():
    v = check_xml(RING, DATA / "ag2.xml")
    assert has(v, r"^<algo>: ngpus=2, but topology 'ring' has 3 compute nodes")
    assert v.algbw is None and v.links == ()


def test_limits_and_attributes():
    source = mutate_rank(text("ag2"), 0, '<step s="1" type="s" srcbuf="o" srcoff="0" dstbuf="o" '
                         'dstoff="0" cnt="1" depid="-1"', '<step s="1" type="s" srcbuf="o" '
                         'srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="200"')
    source = source.replace('depid="200" deps="-1"', 'depid="200" deps="0"')
    source = mutate(source, 'proto="Simple" nchannels="1"', 'proto="simple" nchannels="40"')
    v = check_xml(PAIR, source)
    assert has(v, r"^<algo>: proto='simple'; the runtime accepts exactly Simple, LL128 or LL")
    assert has(v, r"^<algo>: nchannels=40; .* channels 1 to 32")
    assert has(v, r"depends on tb 200; the runtime stores the block id as int8_t")
    assert has(v, r"waits for tb 200 of rank 0, which does not exist")
    big = mutate_rank(text("ag2"), 1, 'type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" '
                      'cnt="1"', 'type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="72"')
    assert has(check_xml(PAIR, big), r"cnt=72; the runtime requires 0 <= cnt < 72")


def test_buffer_bounds():
    source = mutate_rank(text("ag2"), 0, 'type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" '
                         'cnt="1"', 'type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="1" '
                         'cnt="2"')
    v = check_xml(PAIR, source)
    assert has(v, r"^rank 0 tb 0 step 0 \(cpy\): reads i\[0\.\.1\], outside the input buffer's 1 "
                  r"chunk\(s\)")
    assert has(v, r"writes o\[1\.\.2\], outside the output buffer's 2 chunk\(s\)")
    source = mutate_rank(text("ag2"), 0, 'srcbuf="i" srcoff="0"', 'srcbuf="i" srcoff="3"')
    assert has(check_xml(PAIR, source), r"srcoff=3 is outside i_chunks=1; the runtime refuses")


def test_flavour_specific_required_attributes():
    no_name = mutate(text("ag3"), 'name="ag3-ring" ', "")
    assert check_xml(RING, no_name, flavour="msccl-executor").ok
    assert check_xml(RING, no_name).ok              # default: msccl-executor's rules
    v = check_xml(RING, no_name, flavour="both")    # msccl-executor's and legacy's at once
    assert v.flavour == "both" and has(v, r"^<algo>: required attribute name is missing")
    assert has(check_xml(RING, no_name, flavour="legacy"),
               r"required attribute name is missing; the legacy \(microsoft/msccl\) runtime")
    with pytest.raises(UsageError, match="unknown MSCCL flavour"):
        check_xml(RING, DATA / "ag3.xml", flavour="nccl")


def test_legacy_inplace_zero_means_out_of_place():
    v = check_xml(RING, DATA / "rs3_legacy.xml")
    assert v.inplace is False and v.outofplace is True


# --- the runtime parser's syntax -----------------------------------------------------------

@pytest.mark.parametrize("change, pattern", [
    (lambda s: '<?xml version="1.0"?>\n' + s, r"^line 1: an XML declaration <\?xml \.\.\.\?>"),
    (lambda s: s.replace('<tb id="1" send="-1" recv="1" chan="0">',
                         "<tb id='1' send=\"-1\" recv=\"1\" chan=\"0\">"),
     r"^line 8: single-quoted attribute value"),
    (lambda s: s.replace('<tb id="1" send="-1" recv="1" chan="0">',
                         '<tb id="1" send="-1"\n        recv="1" chan="0">'),
     r"^line 8: the tag .* spans several lines"),
    (lambda s: s.replace('<tb id="1" send="-1" recv="1" chan="0">',
                         '<tb id = "1" send="-1" recv="1" chan="0">'), r"spaces around '='"),
    (lambda s: s.replace('<tb id="1" send="-1" recv="1" chan="0">',
                         '<tb id="1"  send="-1" recv="1" chan="0">'), r"several spaces"),
    (lambda s: s.replace("</tb>\n  </gpu>\n  <gpu id=\"1\"", "</tb >\n  </gpu>\n  <gpu id=\"1\""),
     r"closing tag '</tb >' is not written </name>"),
    (lambda s: s.replace('<gpu id="0" i_chunks="1"', 'hello <gpu id="0" i_chunks="1"'),
     r"^line 3: text 'hello' between elements"),
    (lambda s: s.replace('<gpu id="0" i_chunks="1" o_chunks="2" s_chunks="0">',
                         '<gpu id="0" i_chunks="1" o_chunks="2" s_chunks="0" ' +
                         " ".join(f'x{i}="0"' for i in range(13)) + ">"),
     r"^line 3: <gpu> has 17 attributes; .* keeps the first 16"),
    (lambda s: s.replace('name="ag2"', 'name="a&amp;b"'), r"character or entity reference"),
    (lambda s: "\ufeff" + s, r"byte-order mark"),
    (lambda s: s.replace("<algo ", '<algos x="1"/>\n<algo ', 1).replace("</algo>", "</algo>"),
     None),
])
def test_runtime_syntax(change, pattern):
    source = change(text("ag2"))
    if pattern is None:         # two top-level elements: not XML at all
        with pytest.raises(XmlCheckError, match="not well-formed XML"):
            check_xml(PAIR, source)
        return
    v = check_xml(PAIR, source)
    assert not v.ok and has(v, pattern), v.reasons


def test_first_element_must_be_algo_and_comments_are_fine():
    v = check_xml(PAIR, "<!-- leading comment --><!-- another -->\n" + text("ag2"))
    assert v.ok, v.reasons
    v = check_xml(PAIR, '<gpu id="0" i_chunks="1" o_chunks="2" s_chunks="0"/>')
    assert not v.ok and has(v, r"root element is <gpu>") and has(v, r"first element is <gpu>")


def test_unknown_step_type_and_buffer():
    source = mutate_rank(text("ag2"), 0, 'type="cpy" srcbuf="i"', 'type="copy" srcbuf="x"')
    v = check_xml(PAIR, source)
    assert has(v, r"^rank 0 tb 0 step 0 \(copy\): unknown step type 'copy'")
    assert has(v, r"srcbuf='x'; the runtime refuses the file")
    assert any(n.startswith("not simulated") for n in v.notes)
    residual = mutate_rank(text("ag2"), 0, 'type="cpy"', 'type="ra"')
    assert has(check_xml(PAIR, residual, flavour="legacy"),
               r"^rank 0 tb 0 step 0 \(ra\): step type ra \(residual add\) exists only in the "
               r"legacy runtime; check-xml does not simulate it")
    assert has(check_xml(PAIR, residual), r"exists only in the legacy runtime; "
                                          r"msccl-executor/RCCL refuses it")


def test_integers_the_runtime_cannot_hold():
    source = mutate(text("ag2"), 'nchunksperloop="2"', 'nchunksperloop="' + "9" * 5000 + '"')
    v = check_xml(PAIR, source)
    assert has(v, r"^<algo>: nchunksperloop='9{37}\.\.\.' is no integer the runtime can hold")
    source = mutate(text("ag2"), 'nchunksperloop="2"', 'nchunksperloop="4294967298"')
    assert has(check_xml(PAIR, source), r"nchunksperloop=4294967298 does not fit the runtime's "
                                        r"32-bit integer")
    source = mutate(text("ag2"), 'nchunksperloop="2"', 'nchunksperloop="0x2"')
    assert check_xml(PAIR, source).reasons == (
        "<algo>: nchunksperloop=hexadecimal integer '0x2' (the runtime reads 2); write it in "
        "decimal",)


# --- unreadable input ----------------------------------------------------------------------

def test_unreadable_inputs(tmp_path, monkeypatch):
    with pytest.raises(XmlCheckError, match="cannot read the MSCCL XML file"):
        check_xml(PAIR, tmp_path / "missing.xml")
    with pytest.raises(XmlCheckError, match="not well-formed XML"):
        check_xml(PAIR, "<algo")
    with pytest.raises(XmlCheckError, match="is empty"):
        check_xml(PAIR, b"  \n")
    with pytest.raises(XmlCheckError, match="not UTF-8"):
        check_xml(PAIR, b"<algo name='\xff'/>")
    with pytest.raises(XmlCheckError, match="is a directory"):
        check_xml(PAIR, tmp_path)
    monkeypatch.setattr(mc_reading, "MAX_BYTES", 100)
    with pytest.raises(XmlCheckError, match="larger than"):
        check_xml(PAIR, DATA / "ag2.xml")
    monkeypatch.setattr(mc_reading, "MAX_BYTES", 64 * 2**20)
    monkeypatch.setattr(mc_reading, "MAX_ELEMENTS", 5)
    with pytest.raises(XmlCheckError, match="more than 5 elements"):
        check_xml(PAIR, DATA / "ag2.xml")


def test_an_unknown_declared_encoding_is_a_typed_error():
    # the parser raised a bare LookupError here (a traceback in check-xml)
    with pytest.raises(XmlCheckError, match=r"cannot read the XML \(LookupError: unknown "
                                            r"encoding: foo\); .*remove the XML declaration"):
        check_xml(PAIR, b'<?xml version="1.0" encoding="foo"?><algo/>')


def test_reasons_are_capped(monkeypatch):
    monkeypatch.setattr(mc_verdict, "MAX_REASONS", 3)
    source = text("ag3").replace('cnt="1"', 'cnt="01"')
    v = check_xml(RING, source)
    assert len(v.reasons) == 3 and re.fullmatch(r"\.\.\. and \d+ more problems", v.reasons[-1])


# --- buffer sizes (docs/msccl.md section 3, "Buffer sizes") ---------------------------------

# every flavour and collective: (file, flavour given, flavour checked)
SIZED = [("ag3", None, "msccl-executor"), ("ag3", "both", "both"),
         ("ag3", "msccl-executor", "msccl-executor"),
         ("ag3", "legacy", "legacy"), ("rs3", None, "msccl-executor"),
         ("rs3_legacy", None, "legacy"), ("ar3", None, "msccl-executor"), ("ar3", "both", "both"),
         ("ar3", "msccl-executor", "msccl-executor"), ("ar3", "legacy", "legacy")]


@pytest.mark.parametrize("name, flavour, checked", SIZED)
def test_every_buffer_size_off_by_one_or_huge_is_invalid(name, flavour, checked):
    source = text(name)
    assert check_xml(RING, source, flavour=flavour).ok
    gpu = re.search(r'<gpu id="1" i_chunks="(\d+)" o_chunks="(\d+)" s_chunks="(\d+)">', source)
    for attr, right in zip(("i_chunks", "o_chunks", "s_chunks"), map(int, gpu.groups())):
        for wrong in (right + 1, right - 1, 2**31 - 1):
            if wrong < 0:
                continue                    # a negative s_chunks has its own reason
            v = check_xml(RING, mutate_rank(source, 1, f'{attr}="{right}"', f'{attr}="{wrong}"'),
                          flavour=flavour)
            assert v.flavour == checked and not v.ok
            line = [r for r in v.reasons if r.startswith(f"rank 1: {attr}={wrong}, but ")]
            assert len(line) == 1, (attr, wrong, v.reasons)
            assert line[0].endswith(f'write {attr}="{right}" (docs/msccl.md section 3)') \
                if attr == "s_chunks" else f'write {attr}="{right}"' in line[0]
            legacy_refuses = "the legacy runtime refuses the file" in line[0]
            assert legacy_refuses == (attr != "s_chunks" and wrong > 0
                                      and checked in ("legacy", "both"))


def test_buffer_size_reasons_in_full():
    huge = mutate_rank(text("rs3"), 1, 's_chunks="1"', 's_chunks="2147483647"')
    assert check_xml(RING, huge).reasons == (
        'rank 1: s_chunks=2147483647, but its steps address scratch up to s[0]: the runtime '
        'allocates s_chunks/nchunksperloop = 2147483647/3 = 7.158e+08 times the whole buffer '
        'as scratch (msccl_setup.cc), 2147483646 chunk(s) of it unused; write s_chunks="1" '
        '(docs/msccl.md section 3)',)
    unused = mutate_rank(text("ag3"), 1, 's_chunks="0"', 's_chunks="4"')
    assert check_xml(RING, unused).reasons == (
        'rank 1: s_chunks=4, but none of its steps uses scratch: the runtime allocates '
        's_chunks/nchunksperloop = 4/3 = 1.333 times the whole buffer as scratch '
        '(msccl_setup.cc), none of it used; write s_chunks="0" (docs/msccl.md section 3)',)
    bigger = mutate_rank(text("ag3"), 1, 'i_chunks="1"', 'i_chunks="2"')
    assert check_xml(RING, bigger, flavour="msccl-executor").reasons == (
        'rank 1: i_chunks=2, but an allgather\'s input buffer holds nchunksperloop/ngpus = 3/3 '
        '= 1 chunk(s) on every rank (docs/msccl.md section 3): the runtime bounds-checks '
        'offsets against the wrong size (mscclCheckBufferBounds); write i_chunks="1"',)
    output = mutate_rank(text("ar3"), 1, 'o_chunks="3"', 'o_chunks="4"')
    assert check_xml(RING, output, flavour="legacy").reasons == (
        'rank 1: o_chunks=4, but an allreduce\'s output buffer holds nchunksperloop = 3 '
        'chunk(s) on every rank (docs/msccl.md section 3): the legacy runtime refuses the file '
        '(\'Inconsistency between i_chunks/o_chunks ... and nchunksperloop\'), the runtime '
        'bounds-checks offsets against the wrong size (mscclCheckBufferBounds); write '
        'o_chunks="3"',)


def test_a_reduce_scatter_takes_a_not_an():
    """The buffer and nchunksperloop lines wrote "an {collective}": "an reduce-scatter"."""
    source = text("rs3")
    bigger = mutate_rank(source, 1, 'i_chunks="3"', 'i_chunks="4"')
    assert check_xml(RING, bigger, flavour="msccl-executor").reasons == (
        'rank 1: i_chunks=4, but a reduce-scatter\'s input buffer holds nchunksperloop = 3 '
        'chunk(s) on every rank (docs/msccl.md section 3): the runtime bounds-checks offsets '
        'against the wrong size (mscclCheckBufferBounds); write i_chunks="3"',)
    uneven = source.replace('nchunksperloop="3"', 'nchunksperloop="4"')
    assert check_xml(RING, uneven).reasons[0] == (
        "<algo>: nchunksperloop=4 is not a multiple of ngpus=3; a reduce-scatter cuts every "
        "rank's part into nchunksperloop/ngpus chunks (docs/msccl.md section 3)")


def test_an_unused_buffer_may_be_declared_empty_and_only_then():
    # in-place allgather as msccl-tools writes it: i_chunks="0" (the input is o[r] already)
    source = text("ring4_rcs")
    assert check_xml(RING4, source).ok
    # an out-of-place allgather that copies from i cannot declare it empty
    copying = mutate_rank(text("ag3"), 1, 'i_chunks="1"', 'i_chunks="0"')
    assert has(check_xml(RING, copying), r'^rank 1: i_chunks=0, but an allgather\'s input '
                                         r'buffer holds .* write i_chunks="1"$')
    # and a buffer nothing uses may also be declared at its full size
    assert check_xml(RING4, mutate_rank(source, 2, 'i_chunks="0"', 'i_chunks="1"')).ok


def test_check_xml_exits_2_on_the_issues_buffers_in_every_flavour(tmp_path, capsys):
    from forestcoll_opt.cli import main

    topo = tmp_path / "ring.json"
    topo.write_text(RING.to_json())
    cases = [("ag3", 's_chunks="0"', 's_chunks="2147483647"', "s_chunks=2147483647"),
             ("ag3", 'o_chunks="3"', 'o_chunks="2147483647"', "o_chunks=2147483647"),
             ("ag3", 'i_chunks="1"', 'i_chunks="2"', "i_chunks=2"),
             ("ar3", 'i_chunks="3"', 'i_chunks="2"', "i_chunks=2"),
             ("rs3", 'o_chunks="1"', 'o_chunks="2"', "o_chunks=2")]
    for name, old, new, named in cases:
        xml = tmp_path / f"{name}.xml"
        xml.write_text(mutate_rank(text(name), 2, old, new))
        flavours = [[]] + ([["--flavour", "msccl-executor"]] if name == "rs3" else
                           [["--flavour", "msccl-executor"], ["--flavour", "legacy"]])
        for flavour in flavours:
            assert main(["check-xml", str(topo), str(xml), *flavour]) == 2
            err = capsys.readouterr().err
            assert f"forestcoll: invalid: rank 2: {named}, but " in err


# --- the package's exporter, checked --------------------------------------------------------

@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_exported_catalog_schedules_pass_with_the_schedules_algbw(catalog, collective):
    from forestcoll_opt.model.schedule import schedule_routes
    from forestcoll_opt.runtimes.msccl_export import export_msccl
    from forestcoll_opt.generation.pipeline import generate
    from forestcoll_opt.verify import verify

    t = catalog("paper-example")
    schedule = generate(t, collective=collective)
    expected = verify(t, schedule, **({"against": "trees"} if collective == "allreduce" else
                                      {})).algbw
    for kw in ({}, {"flavour": "legacy", "chunks": 2, "channels": 2}):
        v = check_xml(t, export_msccl(t, schedule, **kw).xml, routes=schedule_routes(schedule))
        assert v.ok, v.reasons
        assert v.algbw == expected and v.rendezvous is True


# --- independence ---------------------------------------------------------------------------

def test_checker_shares_no_code_with_the_exporter():
    # every module of the checker package imports, from the package, only the base modules,
    # the topology and exact numbers, the schedule format (for the routes a schedule's tree
    # edges take: model.schedule reads files, it does not export; model.compact checks a
    # compact schedule's group against the topology before its trees are mapped), the
    # hardened XML reader, the base's display helpers (a verdict's notebook summary) and its
    # own modules, and the collectives' enum (the one its verdict carries) -- never the
    # exporter
    package = set()
    for module in sorted(Path(mc.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                # level 1: this package, 2: runtimes, 3: forestcoll_opt
                base = ["forestcoll_opt", "runtimes", "msccl_check"][:4 - node.level]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name.startswith("forestcoll_opt"):
                package.update(f"{name}.{a.name}" if a.name[:1].islower() and not node.module
                               else name for a in node.names)
    outside = {name for name in package
               if not name.startswith("forestcoll_opt.runtimes.msccl_check.")}
    assert outside == {"forestcoll_opt.errors", "forestcoll_opt.files", "forestcoll_opt.display",
                       "forestcoll_opt.model.topology", "forestcoll_opt.model.numbers",
                       "forestcoll_opt.model.schedule", "forestcoll_opt.model.compact",
                       "forestcoll_opt.model.collective", "forestcoll_opt.runtimes.xmlread"}, outside
    assert isinstance(check_xml(PAIR, DATA / "ag2.xml"), XmlVerdict)


def test_the_msccl_tools_ring_shape_runs():
    # one block per rank, s / rcs / rcs / r, as msccl-tools writes a ring allgather: every
    # rank's rcs forwards while its successor's rcs is still waiting, which the runtime's
    # FIFO (two steps' worth) allows. Directed ring of 10 GB/s links: each link carries 3
    # of the 4 chunks per loop, algbw = 4 / (3/10) = 40/3.
    ring = from_dict({"format": "forestcoll-topology/1", "name": "ring4", "nodes": [
        {"id": f"g{i}", "kind": "compute"} for i in range(4)], "links": [
        {"src": f"g{i}", "dst": f"g{(i + 1) % 4}", "bandwidth": 10} for i in range(4)]})
    v = check_xml(ring, (DATA / "ring4_rcs.xml").read_text())
    assert v.ok, v.reasons
    assert v.algbw == Fraction(40, 3)


def test_read_header_reads_the_algo_tag_alone():
    from forestcoll_opt.runtimes.msccl_check import read_header

    text = ('<algo name="x" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" '
            'coll="allgather" inplace="0">\n  <gpu id="0" broken\n</algo>\n')
    assert read_header(text) == {"name": "x", "proto": "Simple", "nchannels": "1",
                                 "nchunksperloop": "2", "ngpus": "2", "coll": "allgather",
                                 "inplace": "0"}
    assert read_header(b"<notalgo/>") == {}
    with pytest.raises(XmlCheckError, match="empty"):
        read_header(b"  ")


def test_a_schedule_is_not_mapped_for_a_file_its_header_rules_out(catalog, monkeypatch):
    # ag2.xml is for 2 ranks; paper-example has 8: the file is invalid whatever the routes,
    # so the schedule's trees are never mapped to routes
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("paper-example")
    s = generate(t, collective="allgather")

    def no_routes(schedule):
        raise AssertionError("the schedule's routes were mapped")

    monkeypatch.setattr(mc, "schedule_routes", no_routes)
    v = check_xml(t, DATA / "ag2.xml", schedule=s)
    assert v.status == "invalid"
    assert v.reasons[0].startswith("<algo>: ngpus=2, but topology 'paper-example' has 8 "
                                   "compute nodes")


@pytest.mark.parametrize("coll, collective, shown", [
    ("allgather", "allgather", "allgather"), ("reducescatter", "reduce-scatter",
                                              "reduce-scatter"),
    ("reduce", "reduce", "reduce"), ("sendrecv", None, "sendrecv")])
def test_the_verdict_names_its_collective_by_the_enum_and_keeps_the_files_text(
        coll, collective, shown):
    # one field for the collective (a Collective, None when coll names none); coll is the
    # attribute's text, which the JSON form and the messages still show as written
    from forestcoll_opt.model.collective import Collective

    text = (DATA / "ag2.xml").read_text().replace('coll="allgather"', f'coll="{coll}"')
    v = check_xml(PAIR, text)
    assert v.coll == coll
    if collective is None:
        assert v.collective is None
    else:
        assert type(v.collective) is Collective and v.collective is Collective(collective)
    d = v.to_dict()
    assert (d["collective"], d["coll"]) == (shown, coll) == (v.collective_text, v.coll)
    assert v.ok == (coll == "allgather")
