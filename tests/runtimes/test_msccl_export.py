"""MSCCL XML export: every catalog schedule runs to the right result in the test-side
symbolic executor (tests/xmlsim.py), carries exactly the schedule's traffic per rank pair,
follows the runtimes' syntax rules, and stops with one line at a limit."""

import re
from collections import Counter

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.errors import UsageError
from forestcoll_opt.runtimes.msccl_export import MscclExportError, export_msccl, selection_rule
from forestcoll_opt.generation.pipeline import generate
from xmlsim import simulate

SPECS = ["paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2", "mi250:boxes=2,gpus=8"]


def fitting(schedule, topology, **kw):
    """Export with the fewest channels that fit the executor's 64 steps per block."""
    for channels in (1, 2, 4, 8):
        try:
            return export_msccl(topology, schedule, channels=channels, **kw).xml, channels
        except MscclExportError as exc:
            if "steps" not in str(exc):
                raise
    raise AssertionError("no channel count fits")


def expected_traffic(schedule, chunks):
    """Chunks per loop the schedule sends from rank a to rank b (tree edges × weight)."""
    rank = {v: i for i, v in enumerate(schedule.compute_nodes)}
    phases = schedule.phases or (schedule,)
    per_part = {}
    if schedule.phases:
        import math

        L = math.lcm(*(p.k for p in phases))
        per_part = {id(p): chunks * L // p.k for p in phases}
    out = Counter()
    for p in phases:
        for t in p.trees:
            for e in t.edges:
                out[(rank[e.src], rank[e.dst])] += t.weight * per_part.get(id(p), chunks)
    return out


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce", "lp"])
def test_catalog_schedules_run_to_the_right_result(schedules, spec, collective):
    t, s = schedules(spec, collective)
    for inplace in ((False, True) if collective == "allgather" else (False,)):
        text, _ = fitting(s, t, inplace=inplace)
        head = text.splitlines()[0]
        modes = [m for m, flag in (("in", 'inplace="1"'), ("out", 'outofplace="1"'))
                 if flag in head]
        assert modes == (["in"] if inplace else ["out"]) if collective == "allgather" \
            else modes == ["in", "out"]
        for mode in modes:
            sent = simulate(text, inplace_mode=mode == "in")
            assert sent == expected_traffic(s, 1)


def test_chunks_multiply_the_parts(schedules):
    t, s = schedules("paper-example", "allreduce")
    text = export_msccl(t, s, chunks=3).xml
    assert 'nchunksperloop="' + str(3 * 8 * s.phases[0].k) + '"' in text.splitlines()[0]
    assert simulate(text) == expected_traffic(s, 3)
    assert simulate(text, inplace_mode=True) == expected_traffic(s, 3)


def test_runtime_syntax_rules(schedules):
    t, s = schedules("dgx-a100:boxes=2", "reduce-scatter")
    text = export_msccl(t, s, channels=2).xml
    assert text.startswith("<algo ") and "\t" not in text and "<?xml" not in text
    assert not re.search(r'="0\d', text)                       # no zero-padded integers
    for line in text.splitlines():
        assert line.count("<") == 1 and line.rstrip().endswith(">")   # one tag per line
    head = text.splitlines()[0]
    for attr in ("name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace",
                 "outofplace", "minBytes", "maxBytes"):
        assert f' {attr}="' in head
    assert 'coll="reducescatter"' in head
    assert 'coll="reduce_scatter"' in export_msccl(t, s, flavour="legacy", channels=2).xml
    # every step another depends on is flagged, and only those
    deps = set()
    for gpu in text.split("<gpu ")[1:]:
        gid = gpu.split('"')[1]
        for m in re.finditer(r'depid="(\d+)" deps="(\d+)"', gpu):
            deps.add((gid, m.group(1), m.group(2)))
    flagged = set()
    for gpu in text.split("<gpu ")[1:]:
        gid = gpu.split('"')[1]
        for tb in gpu.split("<tb ")[1:]:
            tid = tb.split('"')[1]
            for m in re.finditer(r'<step s="(\d+)"[^>]*hasdep="1"', tb):
                flagged.add((gid, tid, m.group(1)))
    assert deps == flagged


def test_deterministic(schedules):
    t, s = schedules("mi250:boxes=2,gpus=8", "allreduce")
    assert export_msccl(t, s, channels=2) == export_msccl(t, s, channels=2)


def test_limits_name_the_option(schedules):
    t, s = schedules("mi250:boxes=2,gpus=8", "lp")
    with pytest.raises(MscclExportError, match=r"allows 64 per thread block "
                                               r"\(MSCCL_MAX_NUM_STEPS\): use more channels"):
        export_msccl(t, s, channels=1)
    legacy = export_msccl(t, s, flavour="legacy").xml               # 256 steps per block there
    assert simulate(legacy) == expected_traffic(s, 1)
    with pytest.raises(MscclExportError, match="^40 channels: give a whole number from 1 to 32$"):
        export_msccl(t, s, channels=40)


@pytest.mark.parametrize("kwargs, match", [
    ({"flavour": "nccl"}, "unknown MSCCL flavour"),
    ({"protocol": "simple"}, "unknown protocol"),
    ({"chunks": 0}, "^0 chunks per part: give a whole number from 1 to 1000000$"),
    ({"name": "bad name"}, "^the algorithm name 'bad name': use 1 to 63 letters"),
    ({"max_bytes": -1}, "^a maximum buffer size of -1 bytes: give a byte count"),
])
def test_bad_options(schedules, kwargs, match):
    t, s = schedules("paper-example", "allgather")
    with pytest.raises(MscclExportError, match=match):
        export_msccl(t, s, **kwargs)


def test_what_msccl_cannot_express(catalog):
    t = catalog("paper-example")
    weighted = generate(t, collective="allgather", weights={v: 1 + i % 2 for i, v in
                                                 enumerate(t.compute_nodes)})
    with pytest.raises(MscclExportError, match="equal share"):
        export_msccl(t, weighted)
    with pytest.raises(MscclExportError, match="cannot be exported"):
        export_msccl(t, generate(t, collective="broadcast", root=t.compute_nodes[0]))
    with pytest.raises(MscclExportError, match="compute nodes"):
        export_msccl(catalog("dgx-a100:boxes=2"), generate(t, collective="allgather"))


def test_cli_export(tmp_path, capsys):
    sched, xml = tmp_path / "ag.json", tmp_path / "ag.xml"
    assert main(["generate", "paper-example", "-o", str(sched), "-q"]) == 0
    assert main(["export", "msccl", "paper-example", str(sched), "-o", str(xml),
                 "--protocol", "LL128", "--channels", "2"]) == 0
    assert "thread blocks" in capsys.readouterr().out
    assert 'proto="LL128" nchannels="2"' in xml.read_text()
    # an invalid schedule, a wrong topology, an unfit limit: one line, nothing written
    bad = tmp_path / "bad.json"
    bad.write_text(sched.read_text().replace('"weight": 1', '"weight": 2', 1))
    for args in (["paper-example", str(bad)], ["dgx-a100:boxes=2", str(sched)]):
        out = tmp_path / "x.xml"
        assert main(["export", "msccl", *args, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and not out.exists()


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce", "lp"])
def test_the_package_checker_agrees(schedules, spec, collective):
    # forestcoll_opt.runtimes.msccl_check (independent of the exporter) runs every export to the
    # right data, and its link-load algbw is the schedule's (phases overlap in the runtime,
    # so a one-after-the-other allreduce can only gain)
    from forestcoll_opt.model.schedule import schedule_routes
    from forestcoll_opt.runtimes.msccl_check import check_xml
    from forestcoll_opt.model.schedule import achieved_algbw

    t, s = schedules(spec, collective)
    text, _ = fitting(s, t)
    verdict = check_xml(t, text, flavour="msccl-executor", routes=schedule_routes(s))
    assert verdict.ok, verdict.reasons[:3]
    expected = achieved_algbw(s, t)
    if s.phases and not s.concurrent:
        assert verdict.algbw >= expected
    else:
        assert verdict.algbw == expected


def test_end_to_end_from_an_nccl_dump(tmp_path, capsys):
    # the README's example: dump -> topology -> schedule -> verify -> XML -> check-xml
    from pathlib import Path

    dump = Path(__file__).parents[1] / "data" / "nccl" / "dgx-h100.xml"
    topo, sched, xml = tmp_path / "t.json", tmp_path / "s.json", tmp_path / "a.xml"
    steps = [["import", "nccl", str(dump), "--boxes", "2", "--fabric", "rail", "-o", str(topo)],
             ["generate", str(topo), "-o", str(sched), "-q"],
             ["verify", str(topo), str(sched)],
             ["export", "msccl", str(topo), str(sched), "-o", str(xml), "--channels", "2"],
             ["check-xml", str(topo), str(xml), "--schedule", str(sched)]]
    for argv in steps:
        assert main(argv) == 0, (argv, capsys.readouterr())
    out = capsys.readouterr().out
    assert "1600/3" in out and "= the schedule's" in out
    broken = tmp_path / "b.xml"
    broken.write_text(xml.read_text().replace('hasdep="1"', 'hasdep="0"', 1))
    assert main(["check-xml", str(topo), str(broken), "--schedule", str(sched)]) == 2
    assert "hasdep" in capsys.readouterr().err


def test_multicast_schedules_and_empty_ranges_are_refused(catalog):
    t = catalog("dgx-h100:boxes=2,nvls=1")
    with pytest.raises(MscclExportError, match="generate it with multicast off to export it$"):
        export_msccl(t, generate(t, collective="allgather"))
    plain = generate(t, collective="allgather", multicast="off")
    assert simulate(export_msccl(t, plain, channels=2).xml) == expected_traffic(plain, 1)
    with pytest.raises(MscclExportError, match="never select"):
        export_msccl(t, plain, min_bytes=100, max_bytes=10)


def test_offsets_beyond_int16_are_refused_with_the_chunks_that_fit(schedules):
    # the runtime stores srcoff/dstoff as int16_t: paper-example with 8 channels and 4200
    # chunks per part has nchunksperloop 33600 and offsets up to 33589
    t, s = schedules("paper-example", "allgather")
    with pytest.raises(MscclExportError) as err:
        export_msccl(t, s, channels=8, chunks=4200)
    assert str(err.value) == (
        "rank 0 thread block 7 (recv from rank 1, channel 7) step 48: srcoff=32808, but the "
        "runtime stores chunk offsets as int16_t (at most 32767, mscclTransmission): use "
        "4096 chunks per part or fewer (nchunksperloop is 33600 here)")
    text = export_msccl(t, s, channels=8, chunks=4096).xml             # the advice fits
    assert 'nchunksperloop="32768"' in text.splitlines()[0]
    assert max(int(v) for v in re.findall(r'off="(\d+)"', text)) == 32719
    t, rs = schedules("paper-example", "reduce-scatter")
    with pytest.raises(MscclExportError, match=r"use 4096 chunks per part or fewer "
                                                r"\(nchunksperloop is 33600 here\)$"):
        export_msccl(t, rs, channels=8, chunks=4200)


def test_cli_refuses_big_offsets_in_one_line_and_writes_nothing(tmp_path, capsys):
    sched, xml = tmp_path / "ag.json", tmp_path / "ag.xml"
    assert main(["generate", "paper-example", "-o", str(sched), "-q"]) == 0
    capsys.readouterr()
    assert main(["export", "msccl", "paper-example", str(sched), "-o", str(xml),
                 "--channels", "8", "--chunks", "4200"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not xml.exists()
    assert err.startswith("forestcoll: error: rank 0 thread block 7 ") and \
        err.endswith("use 4096 chunks per part or fewer (nchunksperloop is 33600 here)\n")


def test_parser_node_store_and_rank_count_are_refused(schedules, monkeypatch):
    # limits no catalog machine of a testable size reaches: 65 blocks of 63 steps on one
    # rank make 1 + 2 + 65 + 4095 = 4163 stored XML nodes (MSCCL_MAX_NODES 4096 holds 4095);
    # 1025 ranks are more <gpu> children than the parser stores
    from forestcoll_opt.runtimes.msccl_check.limits import EXECUTOR
    from forestcoll_opt.runtimes.msccl_layout import Builder, Step, first_problem, layout

    b = Builder(2)
    for lane in [("local",)] + [(side, 1, c) for side in ("send", "recv") for c in range(32)]:
        for j in range(63):
            b.ranks[0].add(lane, Step("cpy", "i", 0, "o", 0, 1))
    problem = first_problem(layout(b, 32), EXECUTOR, "msccl-executor")
    assert problem.kind == "nodes" and not problem.channels_help
    assert problem.message.startswith("rank 0 has 65 thread blocks and 4095 steps: the runtime's "
                                      "XML parser would store 4163 nodes when it loads the "
                                      "file, it holds 4095")
    # the rank count, on a forged rule holding 7 <gpu> elements (paper-example has 8 ranks)
    from dataclasses import replace
    from forestcoll_opt.runtimes import msccl_export

    t, s = schedules("paper-example", "allgather")
    legacy = msccl_export.FLAVOURS["legacy"]
    monkeypatch.setitem(msccl_export.FLAVOURS, "legacy",
                        replace(legacy, rules=replace(legacy.rules, max_subs=7)))
    with pytest.raises(MscclExportError, match=r"^8 ranks: the runtime's XML parser stores "
                                               r"at most 7 <gpu> elements"):
        export_msccl(t, s, flavour="legacy")


def test_the_rank_count_is_refused_before_any_work(catalog, schedules, monkeypatch):
    # the topology alone decides it: nothing of the schedule is mapped (the Builder never
    # made), whatever the schedule (here one for another topology, which is said only for
    # a topology MSCCL can load)
    from forestcoll_opt.runtimes import msccl_export

    def no_work(*args, **kwargs):
        raise AssertionError("the schedule was mapped before the rank count was checked")

    monkeypatch.setattr(msccl_export, "Builder", no_work)
    _, s = schedules("paper-example", "allgather")
    big = catalog("dgx-a100:boxes=129")
    with pytest.raises(MscclExportError, match=r"^1032 ranks: the runtime's XML parser stores "
                                               r"at most 1024 <gpu> elements \(MSCCL_MAX_SUBS\); "
                                               r"MSCCL cannot load an algorithm for "
                                               r"dgx-a100-129, whatever the schedule$"):
        export_msccl(big, s)
    with pytest.raises(MscclExportError, match="1024 <gpu> elements"):
        msccl_export.check_ranks(big, "rccl")
    assert msccl_export.check_ranks(catalog("dgx-a100:boxes=128")) is None     # 1024 ranks


def test_exported_buffer_sizes_are_exact_in_every_flavour_and_aliasing(schedules):
    # i_chunks/o_chunks the collective's layout (0 for the unused input of an in-place
    # allgather), s_chunks one past the highest scratch chunk addressed: check-xml refuses
    # anything else
    from forestcoll_opt.model.schedule import schedule_routes
    from forestcoll_opt.runtimes.msccl_check import check_xml

    for collective, kw in (("allgather", {"inplace": True}), ("reduce-scatter", {}),
                           ("allreduce", {"chunks": 2})):
        t, s = schedules("paper-example", collective)
        for flavour in ("msccl-executor", "legacy"):
            text = export_msccl(t, s, flavour=flavour, **kw).xml
            verdict = check_xml(t, text, flavour=flavour, routes=schedule_routes(s))
            assert verdict.ok, verdict.reasons[:3]
    t, s = schedules("paper-example", "allgather")
    assert '<gpu id="3" i_chunks="0" o_chunks="8" s_chunks="0">' in export_msccl(t, s,
                                                                                 inplace=True).xml
    t, s = schedules("paper-example", "reduce-scatter")
    sizes = re.findall(r'<gpu id="\d+" i_chunks="8" o_chunks="1" s_chunks="(\d+)">',
                       export_msccl(t, s).xml)
    assert len(sizes) == 8 and sum(map(int, sizes)) > 0


@pytest.mark.parametrize("collective, flavour, rule", [
    ("allgather", "msccl-executor",
     "msccl-executor and RCCL select the file only for calls whose sendcount x 8 (the whole "
     "output) is a multiple of 24, i.e. sendcount a multiple of 3; their older revisions "
     "need sendcount itself a multiple of 24"),
    ("reduce-scatter", "msccl-executor",
     "msccl-executor and RCCL select the file only for calls whose recvcount x 8 (the whole "
     "input) is a multiple of 8, i.e. every recvcount; their older revisions need recvcount "
     "itself a multiple of 8"),
    ("allreduce", "msccl-executor",
     "msccl-executor and RCCL select the file only for calls whose count is a multiple of 24"),
    ("allgather", "legacy",
     "keep the whole buffer's element count a multiple of 24: the legacy runtime's selection "
     "rule for allgather was not traced"),
])
def test_selection_rule_multiplies_the_count_by_the_size_multiplier(collective, flavour, rule):
    from forestcoll_opt.runtimes.msccl_export import selection_rule

    K = 8 if collective == "reduce-scatter" else 24
    assert selection_rule(collective, flavour, K, 8) == rule


def test_the_result_is_typed_and_its_figures_are_the_files(schedules):
    from dataclasses import FrozenInstanceError

    t, s = schedules("paper-example", "allgather")
    result = export_msccl(t, s, flavour="legacy", inplace=True, chunks=3, channels=2)
    head = result.xml.splitlines()[0]
    assert str(result) == result.xml and result.xml.endswith("</algo>\n")
    assert (result.collective, result.flavour, result.name) == (
        "allgather", "legacy", "forestcoll-allgather-paper-example")
    assert (result.nchunksperloop, result.ngpus) == (24, 8)
    assert 'nchunksperloop="24" ngpus="8" coll="allgather"' in head
    assert (result.threadblocks, result.steps) == (56, 112)
    assert (result.xml.count("<tb "), result.xml.count("<step ")) == (56, 112)
    assert result.selection_rule == selection_rule("allgather", "legacy", 24, 8)
    assert "xml" not in repr(result) and "nchunksperloop=24" in repr(result)
    with pytest.raises(FrozenInstanceError):
        result.steps = 0


def test_the_arguments_are_a_topology_then_a_schedule(schedules):
    t, s = schedules("paper-example", "reduce-scatter")
    with pytest.raises(UsageError, match=r"^export_msccl\(topology, schedule\) needs a Topology "
                                         r"and a Schedule, got Schedule and Topology$"):
        export_msccl(s, t, channels=2)                           # no alias of an early order
    with pytest.raises(UsageError, match=r"^export_msccl\(topology, schedule\) needs a Topology "
                                         r"and a Schedule, got Topology and str$"):
        export_msccl(t, "schedule.json")
    with pytest.raises(TypeError):
        export_msccl(t, s, "msccl-executor")                     # every option is a keyword


def test_the_runtimes_are_on_fc_end_to_end(tmp_path):
    # paper-example joins its GPUs through switches by several routes: the schedule's say
    # which one every transfer takes
    import forestcoll_opt as fc
    from pathlib import Path
    from forestcoll_opt.model.schedule import schedule_routes

    assert {"export_msccl", "check_xml", "import_nccl"} <= set(fc.__all__)
    topo = fc.resolve("paper-example")
    schedule = fc.generate(topo, collective="allgather")
    result = fc.export_msccl(topo, schedule, channels=2)
    verdict = fc.check_xml(topo, result.xml, routes=schedule_routes(schedule))
    assert verdict.ok and verdict.reasons == ()
    assert (verdict.collective, verdict.nchunksperloop, verdict.algbw) == ("allgather", 8, 8)
    assert (verdict.counts.tbs, verdict.counts.steps) == (result.threadblocks, result.steps)
    (tmp_path / "ag.xml").write_text(str(result))
    assert fc.check_xml(topo, tmp_path / "ag.xml", flavour="msccl-executor",
                        routes=schedule_routes(schedule)).ok
    by_schedule = fc.check_xml(topo, result.xml, schedule=schedule)
    assert by_schedule == verdict and by_schedule.algbw == schedule.algbw
    with pytest.raises(fc.UsageError, match="the schedule or its routes, not both"):
        fc.check_xml(topo, result.xml, schedule=schedule, routes=schedule_routes(schedule))
    with pytest.raises(fc.ForestCollError, match=r"got MscclExport; pass export_msccl's result "
                                                 r"as result\.xml$"):
        fc.check_xml(topo, result)
    dump = Path(__file__).parents[1] / "data" / "nccl" / "dgx-h100.xml"
    h100 = fc.import_nccl(dump, boxes=2, fabric="rail")
    assert isinstance(h100, fc.Topology) and len(h100.compute_nodes) == 16
    assert h100.name == "dgx-h100 (NCCL import, 2 boxes, fabric rail)"


NO_LIMIT = 2**63 - 1        # INT64_MAX: no upper limit to msccl-executor, RCCL and legacy


@pytest.mark.parametrize("collective", ["allgather", "allreduce", "reduce-scatter"])
@pytest.mark.parametrize("flavour", ["msccl-executor", "legacy"])
@pytest.mark.parametrize("limits", [{"min_bytes": 1024}, {"min_bytes": 1024, "max_bytes": None},
                                    {"min_bytes": 1024, "max_bytes": 0}, {}])
def test_no_maximum_is_no_upper_limit_to_every_runtime(schedules, collective, flavour, limits):
    """No maximum is written maxBytes=INT64_MAX: msccl-executor and RCCL select a file when
    minBytes <= nBytes and (maxBytes == 0 or nBytes <= maxBytes), legacy refuses minBytes >
    maxBytes, defaults a missing maxBytes to 2^27 and selects nBytes < maxBytes; 0 would
    read as "no limit" to the first two only. check-xml, which holds an allgather or
    allreduce file to both runtimes' rules, accepts what export writes."""
    from forestcoll_opt.runtimes.msccl_check import check_xml

    t, s = schedules("paper-example", collective)
    x = export_msccl(t, s, flavour=flavour, **limits)
    low = limits.get("min_bytes", 0)
    high = NO_LIMIT
    if flavour == "legacy" and collective != "allgather":
        # legacy sizes its scratch from maxBytes (maxBytes x s_chunks / nchunksperloop when
        # the communicator is created): the largest maxBytes keeping it within 1 GiB
        scratch = max(map(int, re.findall(r's_chunks="(\d+)"', x.xml)))
        assert scratch > 0
        high = 2**30 * x.nchunksperloop // scratch
    assert f'minBytes="{low}" maxBytes="{high}">' in x.xml.splitlines()[0]
    assert x.max_bytes == high
    for checked in (None, flavour):
        verdict = check_xml(t, x.xml, flavour=checked, schedule=s)
        assert verdict.ok, verdict.reasons
        assert not [n for n in verdict.notes if "maxBytes" in n], verdict.notes


def test_a_minimum_without_a_maximum_on_the_command_line(schedules, tmp_path, capsys):
    t, s = schedules("paper-example", "allgather")
    schedule = tmp_path / "ag.json"
    s.save(schedule)
    xml = tmp_path / "ag.xml"
    assert main(["export", "msccl", "paper-example", str(schedule), "-o", str(xml),
                 "--min-bytes", "17179869185"]) == 0
    assert f'minBytes="17179869185" maxBytes="{NO_LIMIT}">' in xml.read_text()
    capsys.readouterr()
    assert main(["check-xml", "paper-example", str(xml), "--schedule", str(schedule)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("OK: ") and "maxBytes" not in out + err
    assert main(["export", "msccl", "paper-example", str(schedule), "-o", str(xml),
                 "--min-bytes", "100", "--max-bytes", "10"]) == 2
    assert "never select" in capsys.readouterr().err


def test_a_maximum_of_zero_is_refused_by_legacy_with_the_value_that_works(schedules):
    """A file with maxBytes="0" (msccl-executor's "no limit", written by other tools) and a
    minimum: legacy refuses it; the reason says what every runtime reads as no limit."""
    from forestcoll_opt.runtimes.msccl_check import check_xml

    t, s = schedules("paper-example", "allgather")
    xml = export_msccl(t, s, min_bytes=1024).xml.replace(f'maxBytes="{NO_LIMIT}"',
                                                         'maxBytes="0"', 1)
    assert check_xml(t, xml, flavour="msccl-executor", schedule=s).ok
    verdict = check_xml(t, xml, flavour="both", schedule=s)
    assert not verdict.ok and len(verdict.reasons) == 1
    assert verdict.reasons[0].startswith("<algo>: minBytes=1024 > maxBytes=0; the legacy "
                                         "runtime refuses the file")
    assert f"maxBytes={NO_LIMIT}" in verdict.reasons[0]


def test_the_exporter_spells_the_checkers_flavours_and_protocols():
    """One list of the runtimes' flavours and protocols (msccl_check/limits.py): the
    exporter's spellings are keyed by it and its protocols are the same tuple, so the
    command line offers exactly what both accept."""
    from forestcoll_opt.runtimes import msccl_export
    from forestcoll_opt.runtimes.msccl_check import limits

    assert tuple(msccl_export.FLAVOURS) == limits.FLAVOURS == ("msccl-executor", "rccl", "legacy")
    assert msccl_export.PROTOCOLS is limits.PROTOCOLS


@pytest.mark.parametrize("spec, collective", [("dgx-a100:boxes=2", "allgather"),
                                              ("mi250:boxes=2,gpus=8", "allreduce"),
                                              ("mi250:boxes=2,gpus=8", "lp")])
def test_the_export_carries_the_algbw_the_file_runs_at(schedules, spec, collective):
    # the CLI printed a figure it computed (achieved_algbw with the phases overlapped);
    # the library's result carries it now, exact
    from dataclasses import replace
    from fractions import Fraction

    from forestcoll_opt.model.schedule import achieved_algbw

    t, s = schedules(spec, collective)
    x = export_msccl(t, s)
    assert type(x.algbw) is Fraction
    assert x.algbw == achieved_algbw(replace(s, concurrent=bool(s.phases)), t)
    assert x.algbw == {"allgather": Fraction(1040, 3), "allreduce": 104,
                       "lp": s.algbw}[collective]
    assert x.collective is s.collective
