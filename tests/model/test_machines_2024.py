"""The machines and fabrics of today (issue 24, section 4): every new catalog family's
allgather bound pinned against a value worked out by hand, with the cut that decides it.

The bound is algbw = N / max_S (|S ∩ V_c| / B⁺(S)) (docs/how-it-works/bound.md): for each
case the comment names the cut S (what it leaves out), its compute count |S ∩ V_c| and
the bandwidth B⁺(S) entering what it leaves out, and the test checks both the algbw
N·B⁺/|S ∩ V_c| and that the bound's own bottleneck cut has that count and bandwidth."""

from fractions import Fraction as F

import pytest

from forestcoll_opt.errors import CatalogError
from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model import catalog as cat
from forestcoll_opt.model.machines._build import Sketch, nvswitch_boxes


def pinned(catalog, spec, n, inside, entering):
    """Check that ``spec`` has ``n`` GPUs and that its bound is the cut with ``inside``
    compute nodes and ``entering`` GB/s into what it leaves out: algbw = n·entering/inside."""
    topo = catalog(spec)
    b = bound(topo)
    assert len(topo.compute_nodes) == n
    assert (b.cut_compute, b.cut_bandwidth) == (inside, F(entering))
    assert b.algbw == n * F(entering) / inside
    return b.algbw


def test_new_families_are_registered():
    assert {"dgx-b200", "dgx-h200", "gb200-nvl72", "mi300x", "mi355x"} <= set(cat.families())


# --- NVIDIA DGX/HGX B200: 900 GB/s NVLink 5 per GPU, 50 GB/s NIC per GPU -------------------

def test_dgx_b200_one_box(catalog):
    # All but one GPU (and its rail switch, whose only neighbour it is): 7 GPUs, and only
    # the GPU's 900 GB/s of NVLink enters the rest. 8 x 900 / 7.
    assert pinned(catalog, "dgx-b200:boxes=1", 8, 7, 900) == F(7200, 7)


def test_dgx_b200_two_boxes_nic_cut_binds(catalog):
    # All but one box: 8 GPUs; the box's 8 NICs of 50 enter it, 400. 16 x 400 / 8 = 800.
    # (All but one GPU would give 16 x 950 / 15 = 1013.3: NVLink is 18 times the NIC.)
    assert pinned(catalog, "dgx-b200:boxes=2", 16, 8, 400) == 800


def test_dgx_b200_scalable_units_oversubscribed(catalog):
    # 4 boxes in units of 2, leaves 4:1. All but one unit: 16 GPUs; the unit's 8 leaves
    # each get 2 NICs x 50 / 4 = 25 from the spine, 200 in all. 32 x 200 / 16 = 400.
    # (All but one box: 24 GPUs, 400 GB/s of NICs: 533.3; it no longer binds.)
    assert pinned(catalog, "dgx-b200:boxes=4,fabric=su,su=2,oversub=4", 32, 16, 200) == 400


# --- NVIDIA DGX/HGX H200: the DGX H100's network ---------------------------------------------

def test_dgx_h200_one_box(catalog):
    # All but one GPU and its rail switch: 7 GPUs, 450 of NVLink. 8 x 450 / 7.
    assert pinned(catalog, "dgx-h200:boxes=1", 8, 7, 450) == F(3600, 7)


def test_dgx_h200_two_boxes(catalog):
    # All but one GPU: 15 GPUs; 450 NVLink + 50 NIC enter it. 16 x 500 / 15 = 1600/3.
    # (All but one box: 16 x 400 / 8 = 800.)
    assert pinned(catalog, "dgx-h200:boxes=2", 16, 15, 500) == F(1600, 3)


def test_dgx_h200_fat_tree(catalog):
    # 4 boxes, 2 boxes per leaf, leaves 4:1. All but one leaf's boxes: 16 GPUs; the leaf's
    # uplink carries 16 NICs x 50 / 4 = 200. 32 x 200 / 16 = 400.
    assert pinned(catalog, "dgx-h200:boxes=4,fabric=fat-tree,leaf=2,oversub=4",
                  32, 16, 200) == 400


def test_dgx_h100_takes_the_same_fabrics(catalog):
    # 8 boxes in units of 2, leaves 3:1 (docs/machines/index.md): all but one unit, 48
    # GPUs; 8 leaves x 2 NICs x 50 / 3 = 800/3. 64 x (800/3) / 48 = 3200/9.
    assert pinned(catalog, "dgx-h100:boxes=8,fabric=su,su=2,oversub=3",
                  64, 48, F(800, 3)) == F(3200, 9)


# --- NVIDIA GB200 NVL72: 72 GPUs x 900 GB/s per NVLink domain ---------------------------------

def test_gb200_one_rack(catalog):
    # The NVLink domain alone: all but one GPU, 71 GPUs, 900 entering. 72 x 900 / 71.
    assert pinned(catalog, "gb200-nvl72:racks=1", 72, 71, 900) == F(64800, 71)


def test_gb200_two_racks(catalog):
    # All but one GPU: 143 GPUs; 900 NVLink + 50 NIC. 144 x 950 / 143.
    # (All but one rack: 144 x 3600 / 72 = 7200.)
    assert pinned(catalog, "gb200-nvl72:racks=2", 144, 143, 950) == F(136800, 143)


def test_gb300_two_racks(catalog):
    # GB300 (ConnectX-8, 100 GB/s per GPU): all but one GPU, 143 GPUs, 900 + 100.
    assert pinned(catalog, "gb200-nvl72:racks=2,nic=100", 144, 143, 1000) == F(144000, 143)


def test_gb200_rails_do_not_change_the_bound(catalog):
    assert bound(catalog("gb200-nvl72:racks=2,rails=72")).algbw == F(136800, 143)


def test_gb200_scalable_units_oversubscribed(catalog):
    # 4 racks in units of 2, leaves 32:1. All but one unit: 144 GPUs; the unit's 4 leaves
    # each have 2 racks x 18 NICs x 50 / 32 = 225/4 of uplink, 225 in all.
    # 288 x 225 / 144 = 450. (All but one GPU: 288 x 950 / 287 = 953.3.)
    assert pinned(catalog, "gb200-nvl72:racks=4,fabric=su,su=2,oversub=32",
                  288, 144, 225) == 450


# --- AMD MI300X: full xGMI mesh, 7 x 64 GB/s per GPU ------------------------------------------

def test_mi300x_one_box(catalog):
    # All but one GPU (and its rail switch): 7 GPUs; 7 links of 64 enter it, 448.
    # 8 x 448 / 7 = 512. (A 4|4 split: 4 GPUs against 16 links x 64 = 1024, weaker.)
    assert pinned(catalog, "mi300x:boxes=1", 8, 7, 448) == 512


def test_mi300x_two_boxes(catalog):
    # All but one GPU: 15 GPUs; 448 + 50. 16 x 498 / 15 = 2656/5.
    assert pinned(catalog, "mi300x:boxes=2", 16, 15, 498) == F(2656, 5)


def test_mi300x_fat_tree(catalog):
    # 4 boxes, one leaf per box, 8:1. All but one box: 24 GPUs; its leaf's uplink is
    # 8 x 50 / 8 = 50. 32 x 50 / 24 = 200/3.
    assert pinned(catalog, "mi300x:boxes=4,fabric=fat-tree,leaf=1,oversub=8",
                  32, 24, 50) == F(200, 3)


# --- AMD MI355X: full xGMI mesh, 7 x 76.8 GB/s per GPU ----------------------------------------

def test_mi355x_one_box(catalog):
    # All but one GPU: 7 GPUs; 7 x 76.8 = 537.6. 8 x 537.6 / 7 = 614.4.
    assert pinned(catalog, "mi355x:boxes=1", 8, 7, F("537.6")) == F("614.4")


def test_mi355x_two_boxes(catalog):
    # All but one GPU: 15 GPUs; 537.6 + 50 = 587.6. 16 x 587.6 / 15 = 47008/75.
    assert pinned(catalog, "mi355x:boxes=2", 16, 15, F("587.6")) == F(47008, 75)


def test_mi355x_scalable_units(catalog):
    # 4 boxes in units of 2, 4:1. All but one unit: 16 GPUs; 8 leaves x 2 x 50 / 4 = 200.
    # 32 x 200 / 16 = 400.
    assert pinned(catalog, "mi355x:boxes=4,fabric=su,su=2,oversub=4", 32, 16, 200) == 400


# --- the fabrics ------------------------------------------------------------------------------

def test_su_leaves_and_spine(catalog):
    t = catalog("dgx-b200:boxes=5,fabric=su,su=2,oversub=2")
    assert {v for v in t.switch_nodes if "leaf" in v} == {
        f"su{s}/leaf{r}" for s in range(3) for r in range(8)}
    assert t.capacity[("box3/gpu5", "su1/leaf5")] == 50
    assert t.capacity[("su0/leaf7", "spine")] == 2 * 50 / 2
    assert t.capacity[("su2/leaf0", "spine")] == 1 * 50 / 2      # the last unit has 1 box
    assert t.link_type[("su0/leaf7", "spine")] == "infiniband"


def test_fat_tree_leaves(catalog):
    t = catalog("mi355x:boxes=3,fabric=fat-tree,leaf=2,oversub=3")
    assert t.capacity[("leaf0", "spine")] == F(16 * 50, 3)
    assert t.capacity[("leaf1", "spine")] == F(8 * 50, 3)
    assert t.capacity[("box2/gpu7", "leaf1")] == 50
    assert t.link_type[("box2/gpu7", "leaf1")] == "ethernet"
    assert t.link_type[("box2/gpu0", "box2/gpu7")] == "xgmi"


def test_non_blocking_units_leave_the_bound_of_flat_rails(catalog):
    # 64 B200 boxes in two units at 1:1: the box cut binds either way, 512 x 400 / 504.
    flat = bound(catalog("dgx-b200:boxes=64")).algbw
    assert flat == bound(catalog("dgx-b200:boxes=64,fabric=su")).algbw == F(25600, 63)


def test_one_spine_node_has_the_cuts_of_many():
    # _fabric's docstring: m spines with u/m from every leaf have the bound of one spine
    # with u. 4 H100 boxes, one leaf per rail per box (su=1), 3:1, spread over 3 spines.
    def network(spines):
        sketch = Sketch(f"spines{spines}")
        tops = [sketch.switch(f"spine{i}") for i in range(spines)]
        for box in range(4):
            for r in range(8):
                leaf = sketch.switch(f"su{box}/leaf{r}")
                for top in tops:
                    sketch.link(leaf, top, f"{50}/{3 * spines}", "infiniband")
        nvswitch_boxes(sketch, 4, 8, 450, 50, lambda box, g: f"su{box}/leaf{g}")
        return sketch.topology()
    one, three = bound(network(1)).algbw, bound(network(3)).algbw
    assert one == three == bound(cat.build("dgx-h100:boxes=4,fabric=su,su=1,oversub=3")).algbw
    # all but one box: 24 GPUs; its 8 leaves' uplinks, 8 x 50 / 3. 32 x (400/3) / 24.
    assert one == F(1600, 9)


# --- parameters -------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, gpus", [
    ("dgx-h100:boxes=16384", 131072), ("dgx-b200:boxes=16384", 131072),
    ("mi300x:boxes=16384", 131072), ("gb200-nvl72:racks=2048", 147456),
    ("dgx-a100:boxes=16384", 131072), ("mi250:boxes=8192", 131072),
])
def test_the_catalog_takes_131072_gpus(spec, gpus):
    family, params = cat.parse_spec(spec)        # parsed only: the build is the bound's cost
    per_box = {"gb200-nvl72": 72, "mi250": 16}.get(family.name, 8)
    assert per_box * params.get("boxes", params.get("racks")) == gpus


@pytest.mark.parametrize("spec, match", [
    ("dgx-h100:boxes=16385", "beyond the supported maximum boxes=16384"),
    ("gb200-nvl72:racks=2049", "beyond the supported maximum racks=2048"),
    ("dgx-b200:fabric=rail", "fabric='rail' is not one of flat, su, fat-tree"),
    ("dgx-b200:oversub=2", "oversub=2 applies only with fabric=su or fabric=fat-tree"),
    ("dgx-h200:fabric=su,leaf=2", "leaf=2 applies only with fabric=fat-tree"),
    ("mi300x:fabric=fat-tree,su=4", "su=4 applies only with fabric=su"),
    ("mi355x:fabric=su,oversub=65", "beyond the supported maximum oversub=64"),
    ("gb200-nvl72:nic=80", "nic=80 is not one of 50, 100"),
])
def test_bad_fabric_specs(spec, match):
    with pytest.raises(CatalogError, match=match):
        cat.build(spec)


def test_names_say_the_fabric(catalog):
    assert catalog("dgx-b200:boxes=4,fabric=su,su=2,oversub=4").name == "dgx-b200-4-su2-oversub4"
    assert catalog("mi300x:boxes=3,fabric=fat-tree,leaf=2").name == "mi300x-3-fat-tree2"
    assert catalog("gb200-nvl72:nic=100").name == "gb200-nvl72-2-nic100"
    assert cat.canonical_spec(*cat.parse_spec("dgx-b200:fabric=flat")) == "dgx-b200"
