"""Every consumer of a schedule on the compact form (``forestcoll-schedule/3``) gives what it
gives on the plain schedule the compact one stands for: link traffic (``show-traffic``),
the α-β simulation (routes found once per orbit), the MSCCL export (trees expanded lazily,
one at a time: the same XML byte for byte), ``check-xml --schedule``, and the same commands
run on both files."""

from __future__ import annotations

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.linkloads import traffic
from forestcoll_opt.model.schedule import schedule_routes
from forestcoll_opt.runtimes.msccl_check import check_xml
from forestcoll_opt.runtimes.msccl_export import export_msccl
from forestcoll_opt.timing.simulation import simulate

SIZES = [1 << 10, 1 << 20, 1 << 30]


@pytest.mark.parametrize("spec", ["dgx-a100:boxes=2", "dgx-h100:boxes=3"])
@pytest.mark.parametrize("collective", ["allgather", "reduce-scatter", "allreduce"])
def test_consumers_agree_on_compact_and_plain(catalog, spec, collective):
    topo = catalog(spec)
    compact = generate(topo, collective=collective, compact=True, multicast="off")
    plain = compact.expanded()
    assert compact.orbits or any(p.orbits for p in compact.phases)
    assert traffic(compact, topo) == traffic(plain, topo)
    assert simulate(topo, compact, SIZES) == simulate(topo, plain, SIZES)
    assert simulate(topo, compact, SIZES, chunks=3, alpha=1e-6, model="ideal") == \
        simulate(topo, plain, SIZES, chunks=3, alpha=1e-6, model="ideal")
    assert simulate(topo, compact, SIZES, model="ideal") == \
        simulate(topo, plain, SIZES, model="ideal")
    assert schedule_routes(compact) == schedule_routes(plain)
    exported = _export(topo, compact)
    assert exported == _export(topo, plain)
    a, b = check_xml(topo, exported.xml, schedule=compact), check_xml(topo, exported.xml,
                                                                      schedule=plain)
    assert a.ok and a == b


def _export(topo, schedule):
    """The MSCCL export with the fewest channels that fit the runtime's limits."""
    from forestcoll_opt.errors import MscclExportError

    for channels in (1, 2, 4, 8, 16):
        try:
            return export_msccl(topo, schedule, channels=channels)
        except MscclExportError:
            continue
    raise AssertionError("no channel count fits")


def test_a_group_that_changes_link_times_is_walked_tree_by_tree(catalog):
    """simulate's per-orbit routes need a group that keeps every link's time; a schedule
    whose group does not (the caller's responsibility: verify first) is timed tree by tree,
    as its expansion is."""
    topo = catalog("dgx-a100:boxes=2")
    compact = generate(topo, compact=True)
    plain = compact.expanded()
    alphas = {hop: 1e-6 for hop in topo.capacity}
    alphas[("box0/gpu0", "box0/nvswitch")] = 5e-6            # breaks the symmetry of α
    assert simulate(topo, compact, SIZES, alpha_per_link=alphas, model="ideal") == \
        simulate(topo, plain, SIZES, alpha_per_link=alphas, model="ideal")


def test_commands_print_the_same_for_both_files(tmp_path, capsys):
    spec = "dgx-h100:boxes=3"
    compact, plain, xml = tmp_path / "c.json", tmp_path / "p.json", tmp_path / "a.xml"
    assert main(["generate", spec, "--compact", "--multicast", "off", "-q", "-o",
                 str(compact)]) == 0
    assert main(["expand", spec, str(compact), "-o", str(plain)]) == 0
    capsys.readouterr()
    for command in (["show-traffic", spec, "{}"], ["simulate", spec, "{}", "--sizes", "1MiB,1GiB"],
                    ["verify", spec, "{}"]):
        outs = []
        for path in (compact, plain):
            assert main([c.format(path) for c in command]) == 0
            outs.append(capsys.readouterr().out.replace(str(path), "FILE"))
        assert outs[0] == outs[1], command
    outs = []
    for path in (compact, plain):
        assert main(["export", "msccl", spec, str(path), "-o", str(xml)]) == 0
        outs.append(xml.read_text())
        assert main(["check-xml", spec, str(xml), "--schedule", str(path)]) == 0
    assert outs[0] == outs[1]
