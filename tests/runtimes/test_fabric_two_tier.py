"""The NCCL import's rail-optimized scalable units (``--fabric su:boxes=S,oversub=R``,
forestcoll_opt.runtimes.nccl.fabric): parsing, wiring, and the same network as the catalog's
``fabric=su``, link for link."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.errors import UsageError
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.runtimes.nccl_import import Fabric, import_nccl, parse_fabric

DATA = Path(__file__).parents[1] / "data" / "nccl"
H100 = DATA / "dgx-h100.xml"
PCIE = DATA / "pcie-8gpu.xml"


@pytest.mark.parametrize("spec, fabric, text", [
    ("su", Fabric("su", oversub=Fraction(1), unit=32), "su:boxes=32"),
    ("su:boxes=4", Fabric("su", oversub=Fraction(1), unit=4), "su:boxes=4"),
    ("su:oversub=3/2", Fabric("su", oversub=Fraction(3, 2), unit=32), "su:boxes=32,oversub=3/2"),
    ("su:boxes=2,oversub=1.5", Fabric("su", oversub=Fraction(3, 2), unit=2),
     "su:boxes=2,oversub=3/2"),
])
def test_parse_su(spec, fabric, text):
    assert parse_fabric(spec) == fabric
    assert str(fabric) == text
    assert parse_fabric(text) == fabric


@pytest.mark.parametrize("spec, match", [
    ("su:boxes=0", "su:boxes='0' must be a whole number from 1 to 1024"),
    ("su:boxes=x", "su:boxes='x' must be a whole number"),
    ("su:oversub=0", "su:oversub='0' must be a positive number"),
    ("su:leaf=2", "fabric su: unknown parameter 'leaf'; parameters: boxes, oversub"),
    ("su:boxes=2,boxes=3", "boxes is given twice"),
    ("fat-tree:oversub=0", "fat-tree:oversub='0' must be a positive number"),
])
def test_parse_su_refuses(spec, match):
    with pytest.raises(UsageError, match=match):
        parse_fabric(spec)


def test_su_is_the_catalogs_network_link_for_link():
    # 5 DGX H100 boxes in units of 2 (the last unit has one box), leaves 3:1
    imported = import_nccl(H100, boxes=5, fabric="su:boxes=2,oversub=3")
    catalog = build("dgx-h100:boxes=5,fabric=su,su=2,oversub=3")

    def plain(name):
        return name[4:] if name.startswith("net/") else name
    assert {(plain(u), plain(v)): b for (u, v), b in imported.capacity.items()} == \
        catalog.capacity
    assert imported.capacity[("net/su2/leaf7", "net/spine")] == Fraction(50, 3)
    assert imported.capacity[("net/su0/leaf7", "net/spine")] == Fraction(100, 3)
    assert imported.link_type[("net/su0/leaf0", "net/spine")] == "infiniband"
    assert imported.name == "dgx-h100 (NCCL import, 5 boxes, fabric su:boxes=2,oversub=3)"


def test_su_bound_by_hand():
    # 8 boxes in units of 2, 3:1: all but one unit, 48 GPUs; its 8 leaves receive
    # 2 x 50 / 3 each from the spine, 800/3 in all. 64 x (800/3) / 48 = 3200/9.
    b = bound(import_nccl(H100, boxes=8, fabric="su:boxes=2,oversub=3"))
    assert (b.cut_compute, b.cut_bandwidth) == (48, Fraction(800, 3))
    assert b.algbw == Fraction(3200, 9)


def test_su_uplinks_carry_what_is_plugged_in():
    # a PCIe box with four 25 GB/s NICs: the leaf of port 1 of a 3-box unit gets 3 x 25,
    # its uplink 75 / 2
    topo = import_nccl(PCIE, boxes=3, fabric="su:boxes=4,oversub=2")
    assert topo.capacity[("net/su0/leaf1", "net/spine")] == Fraction(75, 2)
    assert topo.capacity[("net/spine", "net/su0/leaf1")] == Fraction(75, 2)
    assert sorted(v for v in topo.switch_nodes if v.startswith("net/")) == \
        ["net/spine"] + [f"net/su0/leaf{r}" for r in range(4)]


def test_non_blocking_units_keep_the_rail_bound():
    # 4 boxes: all but one GPU binds with rails or with 1:1 units alike, 32 x 500 / 31
    rail = bound(import_nccl(H100, boxes=4, fabric="rail")).algbw
    assert rail == bound(import_nccl(H100, boxes=4, fabric="su:boxes=2")).algbw
    assert rail == Fraction(16000, 31)
