"""One MSCCL file per group of a forestcoll-group-schedules/1 set
(forestcoll_opt.runtimes.msccl_groups): each on its group's communicator, each passing
the package's own checker; a group relaying through another GPU refuses the whole set."""

from __future__ import annotations

import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import MscclExportError
from forestcoll_opt.model.groups import restrict
from forestcoll_opt.runtimes import check_xml, export_msccl_groups

from tests.verify.test_groups_attacks import G, uplink_direct


@pytest.mark.parametrize("collective, algbw", [("allgather", 100), ("reduce-scatter", 100),
                                               ("allreduce", 50)])
def test_every_group_gets_a_checked_file_on_its_communicator(collective, algbw):
    topo = fc.resolve("dgx-h100:boxes=2")
    out = fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp", collective=collective)
    files = export_msccl_groups(topo, out, flavour="rccl")
    assert [f.file for f in files] == [f"{i:03d}-dp_tp_{i}.xml" for i in range(8)]
    for f, group, schedule in zip(files, out.groups, out.schedules):
        assert f.check.ok and f.export.flavour == "rccl" and f.export.algbw == algbw
        assert f'ngpus="2"' in f.export.xml          # the communicator: the 2 members
        again = check_xml(restrict(topo, group), f.export.xml, schedule=schedule)
        assert again.ok and again.algbw == algbw


def test_a_relaying_group_refuses_the_set():
    t = uplink_direct()
    out = fc.generate_concurrent(t, groups=G)
    with pytest.raises(MscclExportError, match=r"group 'g1': its schedule relays through 2 "
                                               r"compute node\(s\) outside the group \(a1, a2\)"):
        export_msccl_groups(t, out)
