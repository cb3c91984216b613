"""NCCL topology import (forestcoll_opt.runtimes.nccl_import): the dumps under tests/data/nccl/ follow the
format NCCL writes with NCCL_TOPO_DUMP_FILE (src/graph/xml.cc); their bounds are checked
against the catalog models and against values derived by hand."""

from __future__ import annotations

import gzip
from fractions import Fraction
import json
from pathlib import Path

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.errors import TopologyError, UsageError
from forestcoll_opt.runtimes.nccl_import import (GPU_MODELS, Fabric, GpuModel, NcclImportError, import_nccl,
                                 parse_fabric)
from forestcoll_opt.model.topology import LINK_TYPES, from_dict

DATA = Path(__file__).parents[1] / "data" / "nccl"
A100 = DATA / "dgx-a100.xml"
H100 = DATA / "dgx-h100.xml"
PCIE = DATA / "pcie-8gpu.xml"
DGX1 = DATA / "dgx1-v100.xml"
NDV4 = DATA / "azure-ndv4-skeleton.xml"       # NCCL_TOPO_FILE skeletons as Azure's HPC images
NDV5 = DATA / "azure-ndv5-skeleton.xml"       # ship them: no <gpu>, no <nic>

GEN4_X16 = Fraction(2048, 65)      # 16 lanes x 16 GT/s x 128/130 / 8 bits
GEN3_X16 = Fraction(1024, 65)


def algbw(topo):
    return bound(topo).algbw


def renamed_capacity(topo, rename):
    return {(rename(u), rename(v)): b for (u, v), b in topo.capacity.items()}


# --- the catalog machines -------------------------------------------------------------------

# The DGX dumps, and Azure's skeletons of the same machines completed with the GPU model and
# the NIC speed (ND A100 v4: 12 NVLink 3 links x 25 GB/s, one 200 Gb/s HDR NIC per GPU below
# its Gen4 x16 path; ND H100 v5: 18 NVLink 4 links x 25 GB/s, one 400 Gb/s NDR NIC per GPU
# behind a Gen5 x16 bridge), give the catalog's networks link for link.
A100_SOURCES = [(A100, {}), (NDV4, dict(gpu="a100", nic_speed=200))]
H100_SOURCES = [(H100, {}), (NDV5, dict(gpu="h100", nic_speed="400")),
                (NDV5, dict(gpu="h200", nic_speed=400))]


@pytest.mark.parametrize("boxes, expected", [(1, Fraction(2600, 7)), (2, Fraction(1040, 3)),
                                             (4, Fraction(800, 3))])
@pytest.mark.parametrize("source, extra", A100_SOURCES)
def test_dgx_a100_with_two_planes_is_the_catalog_model(boxes, expected, source, extra):
    topo = import_nccl(source, boxes=boxes, fabric="planes:n=2", **extra)
    catalog = build(f"dgx-a100:boxes={boxes}")
    assert algbw(topo) == algbw(catalog) == expected
    # not only the bound: the same network, link for link (the planes are named net/plane*)
    assert renamed_capacity(topo, lambda v: v.replace("net/plane", "ib/plane")) == \
        dict(catalog.capacity)


@pytest.mark.parametrize("boxes, expected", [(1, Fraction(3600, 7)), (2, Fraction(1600, 3)),
                                             (4, Fraction(16000, 31))])
@pytest.mark.parametrize("source, extra", H100_SOURCES)
def test_dgx_h100_with_rails_is_the_catalog_model(boxes, expected, source, extra):
    topo = import_nccl(source, boxes=boxes, fabric="rail", **extra)
    catalog = build(f"dgx-h100:boxes={boxes}")
    assert algbw(topo) == algbw(catalog) == expected
    assert topo.capacity[("box0/gpu7", "box0/nvswitch")] == 450
    if boxes > 1:       # with one box the catalog keeps rail switches of a single port
        assert renamed_capacity(topo, lambda v: v.replace("net/rail", "rail")) == \
            dict(catalog.capacity)


def test_dgx_a100_element_mapping():
    topo = import_nccl(A100, boxes=2, fabric="planes:n=2")
    assert len(topo.compute_nodes) == 16
    # 6 nvlink elements of count 2 to NVSwitches: 12 x 25 GB/s into one switch per box
    assert topo.capacity[("box1/gpu3", "box1/nvswitch")] == 300
    # 200000 Mb/s = 25 GB/s, below the Gen4 x16 PCIe path (2048/65 ~ 31.5 GB/s)
    assert topo.capacity[("box0/gpu0", "net/plane0")] == 25
    assert topo.capacity[("box0/gpu5", "net/plane1")] == 25
    # the storage NIC (mlx5_4/mlx5_5 on NUMA node 0, which has no GPU) is left out
    assert topo.ingress["net/plane0"] == topo.ingress["net/plane1"] == 8 * 25


def test_single_switch_gives_the_catalog_bound_for_dgx_a100():
    for boxes, expected in [(2, Fraction(1040, 3)), (4, Fraction(800, 3))]:
        assert algbw(import_nccl(A100, boxes=boxes)) == expected


def test_nccl_bandwidths():
    # NCCL's effective figures: SM80_NVLINK_BW 20 GB/s per link, Gen4 x16 = 16 x 120 / 80
    a100 = import_nccl(A100, boxes=2, fabric="planes:n=2", bandwidths="nccl")
    assert a100.capacity[("box0/gpu0", "box0/nvswitch")] == 240
    assert a100.capacity[("box0/gpu0", "net/plane0")] == 24        # min(25, 24)
    assert algbw(a100) == Fraction(16 * 264, 15) == Fraction(1408, 5)
    # SM90_NVLINK_BW 20.6 GB/s x 18 links; Gen5 x16 = 48 GB/s caps the 50 GB/s NIC
    h100 = import_nccl(H100, boxes=2, fabric="rail", bandwidths="nccl")
    assert h100.capacity[("box0/gpu0", "box0/nvswitch")] == Fraction("370.8")
    assert h100.capacity[("box0/gpu7", "net/rail7")] == 48
    assert algbw(h100) == Fraction(16, 15) * (Fraction("370.8") + 48) == Fraction(11168, 25)


def test_one_nic_per_gpu():
    topo = import_nccl(H100, boxes=3, fabric="rail")
    for box in range(3):
        for g in range(8):
            assert topo.capacity[(f"box{box}/gpu{g}", f"net/rail{g}")] == 50
    assert all(topo.ingress[f"net/rail{r}"] == 150 for r in range(8))


# --- one NIC per two GPUs, GPU-GPU NVLinks --------------------------------------------------

def test_dgx1_hybrid_cube_mesh_and_shared_nics():
    topo = import_nccl(DGX1, boxes=2)
    # NVLink 2 (sm 70): 25 GB/s per link; GPU0 has 1, 1, 2, 2 links to GPU1, 2, 3, 4
    assert topo.capacity[("box0/gpu0", "box0/gpu1")] == 25
    assert topo.capacity[("box0/gpu0", "box0/gpu3")] == 50
    assert topo.capacity[("box1/gpu7", "box1/gpu6")] == 50
    assert not any(v.endswith("nvswitch") for v in topo.node_ids)
    # one 100 Gb/s NIC per PLX switch of two GPUs: a hub that both reach over Gen3 x16
    hub = "box0/hub0"
    assert topo.capacity[("box0/gpu0", hub)] == topo.capacity[("box0/gpu1", hub)] == GEN3_X16
    assert topo.capacity[(hub, "net/switch")] == Fraction(25, 2)
    # each box leaves through four 12.5 GB/s NICs: 1/x* = 8/50, algbw = 16 x 50/8
    b = bound(topo)
    assert b.algbw == 100 and b.cut_compute == 8 and b.cut_bandwidth == 50
    # one box: every GPU receives over its 6 NVLinks and its PCIe link to the hub
    assert algbw(import_nccl(DGX1)) == Fraction(8, 7) * (150 + GEN3_X16)


def test_pcie_only_box_is_its_pci_tree():
    topo = import_nccl(PCIE)
    nodes, links = [{"id": "net/switch", "kind": "switch"}], []
    switches = ["0000:16:00.0", "0000:38:00.0", "0000:98:00.0", "0000:b8:00.0"]
    for c in (0, 1):
        nodes.append({"id": f"box0/cpu{c}", "kind": "switch", "box": 0})
    for g in range(8):
        nodes.append({"id": f"box0/gpu{g}", "kind": "compute", "box": 0})
    for i, busid in enumerate(switches):
        sw = f"box0/pci{busid}"
        nodes.append({"id": sw, "kind": "switch", "box": 0})
        links += [(sw, f"box0/cpu{i // 2}", GEN4_X16), (sw, f"box0/gpu{2 * i}", GEN4_X16),
                  (sw, f"box0/gpu{2 * i + 1}", GEN4_X16), (sw, "net/switch", 25)]
    links.append(("box0/cpu0", "box0/cpu1", 22))         # SRP_QPI_BW: Sapphire Rapids
    expected = from_dict({"format": "forestcoll-topology/1", "nodes": nodes, "links": [
        {"src": u, "dst": v, "bandwidth": str(b), "bidirectional": True} for u, v, b in links]})
    assert dict(topo.capacity) == dict(expected.capacity)
    # every GPU receives 7 shards over its own PCIe link
    assert algbw(topo) == Fraction(8, 7) * GEN4_X16 == Fraction(16384, 455)
    assert algbw(import_nccl(PCIE, bandwidths="nccl")) == Fraction(8 * 24, 7)


def test_fat_tree_oversubscription():
    # four boxes of four 25 GB/s NICs; each leaf uplink carries 100/8 GB/s
    topo = import_nccl(PCIE, boxes=4, fabric="fat-tree:oversub=8")
    assert topo.capacity[("net/leaf2", "net/spine")] == Fraction(25, 2)
    b = bound(topo)
    assert (b.cut_compute, b.cut_bandwidth) == (24, Fraction(25, 2))
    assert b.algbw == Fraction(32 * 25, 2 * 24) == Fraction(50, 3)
    # two boxes per leaf, 2:1: one leaf's uplink is 2 x 50 / 2
    dgx1 = import_nccl(DGX1, boxes=4, fabric="fat-tree:oversub=2,leaf=2")
    assert dgx1.capacity[("net/leaf1", "net/spine")] == 50
    assert algbw(dgx1) == Fraction(200, 3)
    # a non-blocking fat tree is the single switch
    assert algbw(import_nccl(A100, boxes=4, fabric="fat-tree:oversub=1")) == Fraction(800, 3)


def test_pcie_always_models_the_tree_behind_nvlink():
    topo = import_nccl(A100, boxes=2, fabric="planes:n=2", pcie="always")
    # the Broadcom sub-switches are merged into their switch, as NCCL flattens them
    assert topo.capacity[("box0/gpu0", "box0/pci0000:01:00.0")] == GEN4_X16
    assert topo.capacity[("box0/pci0000:01:00.0", "net/plane0")] == 25
    assert topo.capacity[("box0/cpu3", "box0/cpu1")] == 16          # AMD_ZEN12_BW (Rome)
    assert algbw(topo) > Fraction(1040, 3)


def test_nics_filter_like_nccl_ib_hca():
    topo = import_nccl(A100, boxes=2, nics="^mlx5_1,mlx5_3,mlx5_7,mlx5_9")
    b = bound(topo)
    assert b.algbw == 200 and (b.cut_compute, b.cut_bandwidth) == (8, 100)
    assert algbw(import_nccl(A100, boxes=2, nics="=mlx5_0:1")) == 50
    with pytest.raises(NcclImportError, match="nics filter left none"):
        import_nccl(A100, boxes=2, nics="=mlx5_0:2")
    with pytest.raises(UsageError):
        import_nccl(A100, nics="mlx5_0:x")


def test_file_text_bytes_and_gzip_agree(tmp_path):
    text = H100.read_text()
    packed = tmp_path / "h100.xml.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    topos = [import_nccl(src, boxes=2, fabric="rail", name="h")
             for src in (H100, str(H100), text, text.encode(), packed)]
    assert all(t == topos[0] for t in topos)
    assert import_nccl(packed, boxes=2).name == "h100 (NCCL import, 2 boxes, fabric single-switch)"
    assert import_nccl(text).name == "nccl (NCCL import, 1 box, fabric single-switch)"


@pytest.mark.parametrize("fabric", ["rail", "single-switch", "planes:n=2", "su:boxes=1"])
def test_an_imported_name_is_not_taken_for_a_catalog_spec(fabric):
    """dgx-h100:boxes=2,fabric=rail read like the catalog's dgx-h100 (another network, which
    takes no fabric=rail): the name is the file's stem and "(NCCL import, ...)", and resolve
    answers it with the way to read the topology."""
    from forestcoll_opt.errors import CatalogError
    from forestcoll_opt.model.catalog import is_catalog_spec, resolve

    name = import_nccl(H100, boxes=2, fabric=fabric).name
    assert name == f"dgx-h100 (NCCL import, 2 boxes, fabric {fabric})"
    assert not is_catalog_spec(name)
    with pytest.raises(CatalogError) as info:
        resolve(name)
    assert str(info.value) == (f"{name!r} is the name of a topology imported from an NCCL file, "
                               f"not a catalog spec; give the forestcoll-topology/1 JSON file "
                               f"the import wrote")


def test_imports_are_valid_files_and_schedules_reach_their_bound():
    import jsonschema

    import forestcoll_opt as fc
    from forestcoll_opt import schemas
    from forestcoll_opt.model.topology import loads

    for path, kwargs in [(DGX1, dict(boxes=2)), (PCIE, dict(boxes=2)),
                         (A100, dict(boxes=2, fabric="planes:n=2", pcie="always"))]:
        topo = import_nccl(path, **kwargs)
        jsonschema.validate(topo.to_dict(), schemas.load("topology"))
        assert loads(topo.to_json()) == topo
        schedule = fc.generate(topo, collective="allgather")
        assert fc.verify(topo, schedule).status == "optimal"


# --- small hand-written files ----------------------------------------------------------------

def system(*cpus: str) -> str:
    return '<system version="1">\n' + "\n".join(cpus) + "\n</system>\n"


def cpu(body: str, numa: int = 0) -> str:
    return (f'<cpu numaid="{numa}" arch="x86_64" vendor="GenuineIntel" familyid="6" '
            f'modelid="143">{body}</cpu>')


def pci(busid: str, cls: str, body: str, speed: str = "16.0 GT/s PCIe", width: int = 16) -> str:
    return (f'<pci busid="{busid}" class="{cls}" link_speed="{speed}" link_width="{width}">'
            f'{body}</pci>')


def gpu(dev: int, sm: int = 90, body: str = "") -> str:
    return f'<gpu dev="{dev}" sm="{sm}" rank="{dev}" gdr="1">{body}</gpu>'


def net(name: str, dev: int, speed: int = 200000, port: int = 1) -> str:
    return f'<net name="{name}" dev="{dev}" speed="{speed}" port="{port}" gdr="1"/>'


def two_gpus_on_nvswitch(extra: str = "", nvl0: str | None = None, nvl1: str | None = None) -> str:
    link = '<nvlink target="0000:c0:00.0" count="18" tclass="0x068000"/>'
    return system(cpu(
        pci("0000:01:00.0", "0x060400",
            pci("0000:02:00.0", "0x030200", gpu(0, body=nvl0 if nvl0 is not None else link))
            + pci("0000:03:00.0", "0x030200", gpu(1, body=nvl1 if nvl1 is not None else link))
            + pci("0000:04:00.0", "0x020700", f"<nic>{net('mlx5_0', 0)}</nic>")
            + extra)))


def test_grace_hopper_c2c_path_to_the_nic():
    # one GH200 per box: the GPU's own PCIe link is unknown (x16 at the 8 GT/s fallback,
    # 1024/65 GB/s), but C2C (10 links x 45000 MB/s) reaches the CPU the NIC hangs from
    c2c = '<c2c bw="45000" count="10"/>'
    gpu_pci = '<pci busid="0009:01:00.0" class="0x030200" link_speed="" link_width="16">'
    nic = pci("0000:01:00.0", "0x060400",
              pci("0000:02:00.0", "0x020700", f"<nic>{net('mlx5_0', 0, 400000)}</nic>",
                  speed="32.0 GT/s PCIe"), speed="32.0 GT/s PCIe")
    with_c2c = system(cpu(f"{gpu_pci}{gpu(0, body=c2c)}</pci>{nic}"))
    topo = import_nccl(with_c2c, boxes=2)
    assert topo.capacity[("box0/gpu0", "net/switch")] == 50           # min(450, 50)
    assert algbw(topo) == 100
    without = system(cpu(f"{gpu_pci}{gpu(0)}</pci>{nic}"))
    assert import_nccl(without, boxes=2).capacity[("box0/gpu0", "net/switch")] == GEN3_X16


def test_dual_port_nic_shares_its_pcie_link():
    text = system(cpu(pci("0000:01:00.0", "0x060400",
                          pci("0000:02:00.0", "0x030200", gpu(0, sm=80))
                          + pci("0000:03:00.0", "0x020700",
                                f"<nic>{net('mlx5_0', 0)}{net('mlx5_1', 1, port=2)}</nic>"))))
    rail = import_nccl(text, boxes=2, fabric="rail")
    assert rail.capacity[("box1/gpu0", "box1/nic0")] == GEN4_X16
    assert rail.capacity[("box1/nic0", "net/rail0")] == 25
    assert rail.capacity[("box1/nic0", "net/rail1")] == 25
    assert algbw(rail) == 2 * GEN4_X16         # not 2 x 50: both ports share one x16 link
    # on one switch both ports are one 50 GB/s link after the NIC: contracted in series
    single = import_nccl(text, boxes=2)
    assert single.capacity[("box0/gpu0", "net/switch")] == GEN4_X16
    assert "box0/nic0" not in single.node_ids


def test_nvlink_bridged_pairs_use_the_pcie_tree_between_pairs():
    # sm 86 (RTX A6000): pairs joined by an NVLink bridge of 4 links, pairs joined by PCIe
    def g(dev, peer):
        busid = f"0000:{dev + 2:02x}:00.0"
        link = f'<nvlink target="0000:{peer + 2:02x}:00.0" count="4" tclass="0x030200"/>'
        return pci(busid, "0x030000", gpu(dev, sm=86, body=link))
    text = system(cpu(pci("0000:01:00.0", "0x060400", g(0, 1) + g(1, 0) + g(2, 3) + g(3, 2))))
    topo = import_nccl(text)
    assert topo.capacity[("box0/gpu0", "box0/gpu1")] == 4 * Fraction(225, 16)
    assert topo.capacity[("box0/gpu0", "box0/pci0000:01:00.0")] == GEN4_X16
    assert import_nccl(text, bandwidths="nccl").capacity[("box0/gpu2", "box0/gpu3")] == 48


# --- link types for the time model ------------------------------------------------------------

PCIE_ALPHA = LINK_TYPES["pcie"]
NVS = '<nvlink target="0000:c0:00.0" count="18" tclass="0x068000"/>'
IB_ALPHA = LINK_TYPES["infiniband"]
NVLINK_ALPHA = LINK_TYPES["nvlink"]


def attributes(topo, u, v):
    """(type, alpha) of the pair u -> v; alpha None when the type's default applies."""
    return topo.link_type.get((u, v)), topo.link_alpha.get((u, v))


def test_dgx_h100_link_types():
    topo = import_nccl(H100, boxes=2, fabric="rail")
    assert all(l.type is not None for l in topo.links)
    for b in range(2):
        for g in range(8):
            gpu = f"box{b}/gpu{g}"
            # NVLink to the NVSwitch: one hop, the type's own alpha
            assert attributes(topo, gpu, f"box{b}/nvswitch") == ("nvlink", None)
            # GPU -(PCIe x16)- its PCIe switch -(NIC)- rail: the switch was contracted; the
            # network's latency (NCCL's, GPU to GPU) already covers the PCIe leg
            assert attributes(topo, gpu, f"net/rail{g}") == ("infiniband", None)
            assert attributes(topo, f"net/rail{g}", gpu) == ("infiniband", None)
    assert not topo.link_alpha


def test_dgx_h100_alphas_against_the_catalog():
    from forestcoll_opt.timing.simulation import link_alphas

    topo = import_nccl(H100, boxes=2, fabric="rail")
    catalog = build("dgx-h100:boxes=2")
    imported = {(u.replace("net/rail", "rail"), v.replace("net/rail", "rail")): a
                for (u, v), a in link_alphas(topo).items()}
    expected = link_alphas(catalog)
    assert set(imported) == set(expected)            # the same links, named alike
    assert imported == expected                      # and the same latency per hop
    assert sorted(expected.values()) == [NVLINK_ALPHA] * 32 + [IB_ALPHA] * 32


def test_every_contracted_link_sums_its_hops():
    # the DGX A100 with its PCIe tree: the Broadcom switches' inner bridge levels that NCCL
    # does not flatten are contracted (GPU - bridge - switch: two PCIe hops)
    topo = import_nccl(A100, boxes=2, fabric="planes:n=2", pcie="always")
    assert attributes(topo, "box0/gpu0", "box0/pci0000:01:00.0") == ("pcie", 2 * PCIE_ALPHA)
    assert attributes(topo, "box0/cpu3", "box0/cpu1") == ("pcie", None)     # inter-socket
    assert attributes(topo, "box0/gpu0", "box0/nvswitch") == ("nvlink", None)
    # the switch's first NIC hangs from it, the second from a bridge below it: the bridge's
    # PCIe leg is part of the network's latency
    assert attributes(topo, "box0/pci0000:01:00.0", "net/plane0") == ("infiniband", None)
    assert attributes(topo, "box0/pci0000:01:00.0", "net/plane1") == ("infiniband", None)
    # every alpha an import writes is a sum of two or more PCIe hops
    for path, kwargs in [(A100, dict(boxes=2, fabric="planes:n=2", pcie="always")),
                         (A100, dict(boxes=4, fabric="planes:n=2")), (DGX1, dict(boxes=2)),
                         (PCIE, dict(boxes=4, fabric="fat-tree:oversub=8,leaf=2"))]:
        t = import_nccl(path, **kwargs)
        assert set(t.link_alpha.values()) <= {2 * PCIE_ALPHA}
        assert set(t.link_type.values()) <= {"nvlink", "pcie", "infiniband"}
        assert len(t.link_type) == len(t.capacity)   # every link has a type


def test_pcie_tree_and_fabric_link_types():
    topo = import_nccl(PCIE, boxes=4, fabric="fat-tree:oversub=8")
    assert attributes(topo, "box0/gpu0", "box0/pci0000:16:00.0") == ("pcie", None)
    assert attributes(topo, "box0/pci0000:16:00.0", "box0/cpu0") == ("pcie", None)
    assert attributes(topo, "box0/cpu0", "box0/cpu1") == ("pcie", None)
    assert attributes(topo, "box0/pci0000:16:00.0", "net/leaf0") == ("infiniband", None)
    assert attributes(topo, "net/leaf2", "net/spine") == ("infiniband", None)
    dgx1 = import_nccl(DGX1, boxes=2)
    assert attributes(dgx1, "box0/gpu0", "box0/gpu3") == ("nvlink", None)
    assert attributes(dgx1, "box0/gpu0", "box0/hub0") == ("pcie", None)
    assert attributes(dgx1, "box0/hub0", "net/switch") == ("infiniband", None)


def test_ethernet_nics_by_pci_class():
    # a NIC whose PCI device is an Ethernet controller (0x0200..: RoCE) gives ethernet links,
    # and a fabric of Ethernet NICs only has Ethernet switch-switch links
    text = two_gpus_on_nvswitch().replace('"0x020700"', '"0x020000"')
    ring = import_nccl(text, boxes=2, fabric="fat-tree:oversub=2")
    assert attributes(ring, "box0/hub0", "net/leaf0") == ("ethernet", None)
    assert attributes(ring, "net/leaf1", "net/spine") == ("ethernet", None)
    assert attributes(ring, "box0/gpu1", "box0/hub0") == ("pcie", None)
    assert algbw(ring) == algbw(import_nccl(two_gpus_on_nvswitch(), boxes=2,
                                            fabric="fat-tree:oversub=2"))
    # any other class (InfiniBand 0x0207.., none) is InfiniBand, the fabric too if mixed
    mixed = system(cpu(
        pci("0000:01:00.0", "0x060400",
            pci("0000:02:00.0", "0x030200", gpu(0, body=NVS))
            + pci("0000:03:00.0", "0x030200", gpu(1, body=NVS))
            + pci("0000:04:00.0", "0x020000", f"<nic>{net('eth_0', 0)}</nic>")
            + pci("0000:05:00.0", "0x028000", f"<nic>{net('ib_1', 1)}</nic>"))))
    topo = import_nccl(mixed, boxes=2, fabric="fat-tree:oversub=1")
    assert attributes(topo, "box0/gpu0", "net/leaf0") == ("ethernet", None)
    assert attributes(topo, "box0/gpu1", "net/leaf0") == ("infiniband", None)
    assert attributes(topo, "net/leaf0", "net/spine") == ("infiniband", None)


def test_grace_c2c_is_nvlink():
    c2c = '<c2c bw="45000" count="10"/>'
    gpu_pci = '<pci busid="0009:01:00.0" class="0x030200" link_speed="" link_width="16">'
    nic = pci("0000:01:00.0", "0x060400",
              pci("0000:02:00.0", "0x020700", f"<nic>{net('mlx5_0', 0, 400000)}</nic>",
                  speed="32.0 GT/s PCIe"), speed="32.0 GT/s PCIe")
    text = system(cpu(f"{gpu_pci}{gpu(0, body=c2c)}</pci>{nic}"))
    # C2C to the CPU (faster than the GPU's PCIe link), then the NIC: the network hop's
    # latency covers the box's leg, C2C or PCIe
    topo = import_nccl(text, boxes=2)
    assert attributes(topo, "box0/gpu0", "net/switch") == ("infiniband", None)
    without = import_nccl(system(cpu(f"{gpu_pci}{gpu(0)}</pci>{nic}")), boxes=2)
    assert attributes(without, "box0/gpu0", "net/switch") == ("infiniband", None)
    # the PCIe tree: the GPU's C2C and its PCIe link both join it to the CPU, one pair that
    # keeps the larger alpha (PCIe, not C2C's nvlink); CPU and PCIe switch are then contracted
    # in series: GPU -(PCIe)- CPU -(PCIe)- switch -(NIC)- fabric, three hops in one link,
    # whose PCIe legs the network's latency covers
    tree = import_nccl(text, boxes=2, pcie="always")
    assert attributes(tree, "box0/gpu0", "net/switch") == ("infiniband", None)
    assert tree.capacity[("box0/gpu0", "net/switch")] == 50


def test_parallel_links_to_the_fabric_stay_one_link():
    # NIC mlx5_0 hangs from the CPU, mlx5_1 from a bridge below it: contracting the bridge
    # gives a second CPU - fabric link (PCIe + network hops) beside the first (network only)
    text = system(cpu(
        pci("0000:02:00.0", "0x030200", gpu(0)) + pci("0000:03:00.0", "0x030200", gpu(1))
        + pci("0000:04:00.0", "0x020700", f"<nic>{net('mlx5_0', 0)}</nic>")
        + pci("0000:05:00.0", "0x060400",
              pci("0000:06:00.0", "0x020700", f"<nic>{net('mlx5_1', 1)}</nic>"))))
    topo = import_nccl(text, boxes=2)
    assert topo.capacity[("box0/cpu0", "net/switch")] == 50
    assert attributes(topo, "box0/cpu0", "net/switch") == ("infiniband", None)
    assert len([l for l in topo.links if {l.src, l.dst} == {"box0/cpu0", "net/switch"}]) == 1


def test_merge_rules_of_link_attributes():
    from forestcoll_opt.runtimes.nccl.links import in_parallel, in_series
    # in series: two PCIe hops add; a network hop covers the box's leg next to it
    assert in_series(("pcie", None), ("pcie", None)) == ("pcie", 2 * PCIE_ALPHA)
    assert in_series(("pcie", 2 * PCIE_ALPHA), ("infiniband", None)) == ("infiniband", None)
    assert in_series(("ethernet", None), ("nvlink", None)) == ("ethernet", None)
    assert in_series(("nvlink", None), ("pcie", None)) == ("pcie", NVLINK_ALPHA + PCIE_ALPHA)
    assert in_series(("infiniband", None), ("infiniband", None)) == ("infiniband",
                                                                      2 * IB_ALPHA)
    # in parallel: the larger alpha, whichever comes first
    for a, b in ((("nvlink", None), ("pcie", None)), (("pcie", None), ("nvlink", None))):
        assert in_parallel(a, b) == ("pcie", None)
    assert in_parallel(("pcie", 2 * PCIE_ALPHA), ("pcie", None)) == ("pcie", 2 * PCIE_ALPHA)


def test_link_types_survive_the_file_and_the_import_is_deterministic(tmp_path):
    import jsonschema

    from forestcoll_opt import schemas
    from forestcoll_opt.model.topology import load, loads, write

    topo = import_nccl(H100, boxes=2, fabric="rail")
    text = topo.to_json()
    assert import_nccl(H100, boxes=2, fabric="rail").to_json() == text
    data = json.loads(text)
    jsonschema.validate(data, schemas.load("topology"))
    link = next(l for l in data["links"] if {l["src"], l["dst"]} == {"box0/gpu0", "net/rail0"})
    assert link["type"] == "infiniband" and "alpha" not in link
    link = next(l for l in data["links"] if {l["src"], l["dst"]} == {"box0/gpu0", "box0/nvswitch"})
    assert link["type"] == "nvlink" and "alpha" not in link
    again = loads(text)
    assert again == topo and again.to_json() == text
    assert again.link_type == topo.link_type and again.link_alpha == topo.link_alpha
    write(topo, tmp_path / "h100.json")
    assert load(tmp_path / "h100.json").link_alpha == topo.link_alpha


def test_same_bytes_across_processes(tmp_path):
    import os
    import subprocess
    import sys

    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"h{seed}.json"
        subprocess.run([sys.executable, "-m", "forestcoll_opt", "import", "nccl", str(A100),
                        "--boxes", "2", "--fabric", "planes:n=2", "--pcie", "always", "-o",
                        str(out)], check=True, env={**os.environ, "PYTHONHASHSEED": seed},
                       capture_output=True, cwd=tmp_path)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] and b'"alpha": 5.7e-06' in outputs[0]


# --- NCCL_TOPO_FILE skeletons (cloud images) -------------------------------------------------

def test_skeleton_gpus_and_nics_are_numbered_in_pci_bus_order():
    topo = import_nccl(NDV4, gpu="a100", nic_speed=200, pcie="always")
    # dev 0 is bus 0001 (NUMA node 1, bridge ffff:ff:02.0), dev 4 is bus 000b (node 3)
    assert topo.capacity[("box0/gpu0", "box0/pciffff:ff:02.0")] == GEN4_X16
    assert topo.capacity[("box0/gpu4", "box0/pciffff:ff:04.0")] == GEN4_X16
    # the NICs are nic0..nic7 in bus order too; nics= selects them like NCCL_IB_HCA
    short = import_nccl(NDV4, boxes=2, fabric="planes:n=2", gpu="a100", nic_speed=200,
                        nics="^nic7")
    assert ("box0/gpu7", "net/plane1") not in short.capacity
    assert short.ingress["net/plane0"] + short.ingress["net/plane1"] == 2 * 7 * 25
    assert import_nccl(NDV4, boxes=2, gpu="a100", nic_speed=200).name == \
        ("azure-ndv4-skeleton (NCCL import, 2 boxes, fabric single-switch, gpu a100, "
         "nic speed 200 Gb/s)")


def test_skeleton_with_nccl_bandwidths_matches_the_dumps():
    # the model's sm selects NCCL's figures as a dump's sm does
    a100 = import_nccl(NDV4, boxes=2, fabric="planes:n=2", gpu="a100", nic_speed=200,
                       bandwidths="nccl")
    assert algbw(a100) == algbw(import_nccl(A100, boxes=2, fabric="planes:n=2",
                                            bandwidths="nccl")) == Fraction(1408, 5)
    h100 = import_nccl(NDV5, boxes=2, fabric="rail", gpu="h100", nic_speed=400,
                       bandwidths="nccl")
    assert algbw(h100) == Fraction(11168, 25)
    # NVLink 5: 18 links x 50 GB/s nominal, 40.1 with NCCL's SM100_NVLINK_BW
    b200 = import_nccl(NDV5, gpu="b200", nic_speed=400)
    assert b200.capacity[("box0/gpu0", "box0/nvswitch")] == 900
    b200 = import_nccl(NDV5, gpu="b200", nic_speed=400, bandwidths="nccl")
    assert b200.capacity[("box0/gpu0", "box0/nvswitch")] == Fraction("721.8")


def p5_like(sm: str = 'sm="90" ') -> str:
    """AWS's p5.48xlarge file in small: <gpu> details but no NVLinks (NCCL probes them at run
    time), four 100 Gb/s EFA NICs (Ethernet class) per GPU behind its PCIe switch."""
    boxes = []
    for g in range(8):
        nics = "".join(pci(f"0000:{g + 1:x}{n + 1}:00.0", "0x020000",
                           f"<nic>{net(f'rdmap{4 * g + n}', 4 * g + n, speed=100000)}</nic>",
                           width=8) for n in range(4))
        body = pci(f"0000:{g + 1:x}0:00.0", "0x030200",
                   f'<gpu dev="{g}" {sm}rank="{g}" gdr="1"/>', speed="32.0 GT/s PCIe") + nics
        boxes.append(pci(f"0000:0{g}:00.0", "0x060400", body))
    return system(cpu("".join(boxes)))


def test_gpu_model_gives_nvlinks_to_gpus_listed_without_them():
    # without the model the GPUs are PCIe-only, as a dump of such a box would say
    assert not any("nvswitch" in v for v in import_nccl(p5_like()).node_ids)
    topo = import_nccl(p5_like(), boxes=2, fabric="rail", gpu="h100")
    assert topo.capacity[("box1/gpu3", "box1/nvswitch")] == 450
    # four 12.5 GB/s ports per GPU, reached over its Gen5 x16 link: 50 GB/s, the DGX H100's
    assert topo.capacity[("box0/gpu0", "box0/hub0")] == Fraction(4096, 65)
    assert [topo.capacity[("box0/hub0", f"net/rail{r}")] for r in range(4)] == [Fraction(25, 2)] * 4
    assert attributes(topo, "box0/hub0", "net/rail0")[0] == "ethernet"
    assert algbw(topo) == Fraction(1600, 3)
    # a <gpu> without sm takes the model's; one of another generation is refused
    assert import_nccl(p5_like(sm=""), boxes=2, fabric="rail", gpu="h100") == topo
    refused(p5_like(), r'<gpu dev="0"> on line 2 has sm=90 but the GPU model given, a100, is '
                        r'sm 80; give the model of the GPUs the file describes$', gpu="a100")


def test_gpu_model_leaves_complete_files_alone():
    # a dump already lists every NVLink and NIC: the model and the NIC speed add nothing
    assert import_nccl(H100, boxes=2, fabric="rail", gpu="h100", nic_speed=100, name="x") == \
        import_nccl(H100, boxes=2, fabric="rail", name="x")
    refused(H100, "has sm=90 but the GPU model given, a100, is sm 80", gpu="a100")


def test_one_ethernet_nic_per_two_gpus_in_a_skeleton():
    # AWS p4d.24xlarge: two A100s and one 100 Gb/s EFA NIC (Ethernet class) per Gen3 switch
    text = system(cpu(pci("ffff:ff:01.0", "0x060400",
                          pci("0000:10:1c.0", "0x030200", "", speed="8 GT/s")
                          + pci("0000:10:1d.0", "0x030200", "", speed="8 GT/s")
                          + pci("0000:10:1b.0", "0x020000", "", speed="8 GT/s"))))
    topo = import_nccl(text, boxes=2, gpu="a100", nic_speed=100)
    assert topo.capacity[("box0/gpu0", "box0/hub0")] == GEN3_X16
    assert topo.capacity[("box0/hub0", "net/switch")] == Fraction(25, 2)
    assert attributes(topo, "box0/hub0", "net/switch")[0] == "ethernet"


@pytest.mark.parametrize("kwargs, match", [
    (dict(gpu=GpuModel("x", 90, 0, "no NVLinks")), "nvlinks from 1"),
    (dict(gpu="v100"), "hybrid cube mesh"), (dict(gpu="P100"), "hybrid cube mesh"),
    (dict(gpu="mi300x"), "xGMI"), (dict(gpu="x100"), "use one of a100, h100, h200, b200"),
    (dict(gpu=80), "GPU model name"), (dict(nic_speed=0), "port speed in Gb/s"),
    (dict(nic_speed="-200"), "port speed"), (dict(nic_speed="fast"), "port speed"),
    (dict(nic_speed="0.0001"), "whole Mb/s"), (dict(nic_speed=True), "port speed"),
    (dict(nic_speed=float("nan")), "port speed"), (dict(nic_speed="2000000"), "port speed"),
])
def test_bad_gpu_model_and_nic_speed(kwargs, match):
    with pytest.raises(UsageError, match=match) as info:
        import_nccl(NDV4, **kwargs)
    assert "\n" not in str(info.value)


def test_gpu_model_names_are_case_blind_and_speeds_exact():
    reference = import_nccl(NDV4, gpu="a100", nic_speed=200, name="x")
    for gpu, speed in [(" A100 ", "200"), ("a100", Fraction(200)), ("a100", 200.0),
                       (GPU_MODELS["a100"], "200.000")]:
        assert import_nccl(NDV4, gpu=gpu, nic_speed=speed, name="x") == reference
    slow = import_nccl(NDV4, boxes=2, gpu="a100", nic_speed="12.5")
    assert slow.capacity[("box0/gpu0", "net/switch")] == Fraction(25, 16)
    assert slow.name.endswith(", nic speed 12.5 Gb/s)")


# --- hostile and malformed files -------------------------------------------------------------

def refused(source, match: str, **kwargs) -> str:
    with pytest.raises(NcclImportError, match=match) as info:
        import_nccl(source, **kwargs)
    assert isinstance(info.value, TopologyError)
    message = str(info.value)
    assert "\n" not in message and len(message) < 600
    return message


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
          + "".join(f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n'
                    for i in range(1, 10)).replace("&lol0;", "&lol;")
          + ']>\n<system version="1">&lol9;</system>\n')


def test_billion_laughs_is_refused():
    refused(LAUGHS, "DTD")


def test_external_entity_is_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read me")
    xxe = (f'<?xml version="1.0"?>\n<!DOCTYPE system [<!ENTITY x SYSTEM "file://{secret}">]>\n'
           f'<system version="1"><cpu numaid="0">&x;</cpu></system>\n')
    message = refused(xxe, "DTD")
    assert "do not read me" not in message
    refused('<?xml version="1.0"?><!DOCTYPE system SYSTEM "http://example.invalid/t.dtd">'
            '<system version="1"/>', "DTD")


def test_huge_inputs_are_refused_before_parsing(tmp_path):
    big = tmp_path / "big.xml"
    with open(big, "wb") as fh:
        fh.write(b'<system version="1">')
        fh.write(b" " * (20 * 2**20))
        fh.write(b"</system>")
    refused(big, "larger than 16 MiB")
    refused(big.read_bytes(), "larger than 16 MiB")
    bomb = tmp_path / "bomb.xml.gz"
    bomb.write_bytes(gzip.compress(big.read_bytes()))
    assert bomb.stat().st_size < 100_000
    refused(bomb, "expands beyond 16 MiB")


def test_deep_nesting_and_element_floods_are_refused():
    refused("<system>" + "<pci>" * 10_000 + "</pci>" * 10_000 + "</system>", "nested more than")
    refused("<system>" + "<cpu/>" * 100_001 + "</system>", "more than 100000 elements")
    refused(f'<system><cpu numaid="{"9" * 300}"/></system>', "at most 255")


def test_truncated_and_malformed_files():
    text = H100.read_text()
    refused(text[: len(text) // 2], "not well-formed XML.*truncated")
    refused(text[:-3], "not well-formed XML")
    refused("<system><cpu></system>", "mismatched tag")
    refused(b"\x00\x01\x02 binary", "not well-formed XML")
    refused("", "empty input")
    refused(DATA / "no-such-file.xml", "cannot read")
    gz = gzip.compress(text.encode())
    refused(gz[: len(gz) // 2], "truncated gzip")


def test_files_that_are_not_topology_dumps():
    refused('<graphs version="1"><graph id="0"/></graphs>', "NCCL_GRAPH_DUMP_FILE")
    refused('<system version="2"><cpu numaid="0"/></system>', "version 1")
    refused('<system version="1"/>', "no <cpu> element")


# --- missing information ---------------------------------------------------------------------

def test_skeleton_without_gpu_model_says_what_to_pass():
    """The keyword arguments, written ``name=`` and listed in ``options`` (the command line
    writes its options instead: tests/cli)."""
    message = refused(NDV4, "NCCL_TOPO_FILE skeleton")
    assert "8 GPU PCI device" in message and "gpu=MODEL (one of a100, h100, h200, b200" in message
    assert "8 NIC device(s) with nic_speed=GBITS" in message and "NCCL_TOPO_DUMP_FILE" in message
    assert "--" not in message
    with pytest.raises(NcclImportError) as info:
        import_nccl(NDV4)
    assert info.value.options == ("gpu", "nic_speed")
    # the NIC speed is asked for once the GPU model is given
    refused(NDV4, r'first <pci busid="0103:00:00.0"> on line 9.* its 8 NIC device\(s\) with '
                  r'nic_speed=GBITS', gpu="a100")
    # a skeleton whose NICs have their <nic> only needs the GPU model
    text = system(cpu(pci("0000:02:00.0", "0x030200", "")
                      + pci("0000:04:00.0", "0x020700", f"<nic>{net('mlx5_0', 0)}</nic>")))
    assert "nic_speed" not in refused(text, "skeleton")


def test_partial_gpu_information():
    text = two_gpus_on_nvswitch(extra=pci("0000:05:00.0", "0x030200", ""))
    refused(text, r"busid=\"0000:05:00.0\".* has no <gpu> element")
    refused(system(cpu(pci("0000:02:00.0", "0x030200", '<gpu dev="0" rank="0"/>'))),
            "has no sm attribute")
    refused(system(cpu(pci("0000:02:00.0", "0x030200", '<gpu sm="80"/>'))),
            "has no dev attribute")
    refused(system(cpu(pci("0000:02:00.0", "0x030200", gpu(0))
                       + pci("0000:03:00.0", "0x030200", gpu(0)))), "the same dev")
    refused(system(cpu(pci("0000:02:00.0", "0x020700", f"<nic>{net('mlx5_0', 0)}</nic>"))),
            "no <gpu> elements and no GPU PCI device")


def test_nvlinks_that_match_nothing():
    lost = '<nvlink target="0000:99:00.0" count="2" tclass="0x030200"/>'
    refused(two_gpus_on_nvswitch(nvl0=lost), "names a GPU that is not in the file")
    refused(two_gpus_on_nvswitch(nvl0='<nvlink target="0000:99:00.0" count="2"/>'),
            "has no tclass")
    bridge = '<nvlink target="0000:99:00.0" count="2" tclass="0x060400"/>'
    refused(two_gpus_on_nvswitch(nvl0=bridge), "neither a GPU")
    one_way = '<nvlink target="0000:03:00.0" count="4" tclass="0x030200"/>'
    refused(two_gpus_on_nvswitch(nvl0=one_way, nvl1=""), "lists 4 NVLink.* lists 0 back")
    itself = '<nvlink target="0000:02:00.0" count="1" tclass="0x030200"/>'
    refused(two_gpus_on_nvswitch(nvl0=itself), "targets the GPU itself")
    refused(system(cpu(pci("0000:02:00.0", "0x030200", gpu(0, sm=50, body=one_way))
                       + pci("0000:03:00.0", "0x030200", gpu(1, sm=50, body=one_way.replace(
                           "03:00.0", "02:00.0"))))), "sm=50")


def test_boxes_need_nics():
    no_nic = system(cpu(pci("0000:02:00.0", "0x030200", gpu(0, body=(
        '<nvlink target="0000:03:00.0" count="18" tclass="0x030200"/>')))
        + pci("0000:03:00.0", "0x030200", gpu(1, body=(
            '<nvlink target="0000:02:00.0" count="18" tclass="0x030200"/>')))))
    assert algbw(import_nccl(no_nic)) == 2 * 450
    refused(no_nic, "lists no NIC.*boxes=2 need NICs", boxes=2)
    storage_only = no_nic.replace("</system>", cpu(
        pci("0000:61:00.0", "0x020700", f"<nic>{net('mlx5_4', 4)}</nic>"), numa=1) + "</system>")
    refused(storage_only, r"the only NICs \(mlx5_4\) are on CPUs without GPUs", boxes=2)
    # a NIC that is left out needs no speed
    storage_unknown = storage_only.replace('speed="200000"', 'speed="-1"')
    assert import_nccl(storage_unknown) == import_nccl(no_nic)
    dev_less = '<nic><net name="mlx5_0" speed="200000"/></nic>'
    no_dev = no_nic.replace("</system>", cpu(pci("0000:04:00.0", "0x020700", dev_less))
                            + "</system>")
    refused(no_dev, "no dev attribute or are disabled", boxes=2)


def test_net_without_speed_or_link_attributes():
    text = two_gpus_on_nvswitch().replace('speed="200000" ', "")
    refused(text, "no positive speed", boxes=2)
    refused(two_gpus_on_nvswitch().replace('speed="200000"', 'speed="-1"'), "no positive speed")
    bare = two_gpus_on_nvswitch().replace('link_speed="16.0 GT/s PCIe" link_width="16">'
                                          '<nic>', '><nic>')
    refused(bare, "no link_width attribute", boxes=2)


# --- arguments -------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, fabric", [
    ("single-switch", Fabric("single-switch")), ("rail", Fabric("rail")),
    (" planes:n=2 ", Fabric("planes", planes=2)),
    ("fat-tree:oversub=3/2", Fabric("fat-tree", oversub=Fraction(3, 2), leaf=1)),
    ("fat-tree:oversub=1.5,leaf=4", Fabric("fat-tree", oversub=Fraction(3, 2), leaf=4)),
])
def test_parse_fabric(spec, fabric):
    assert parse_fabric(spec) == fabric
    assert parse_fabric(str(fabric)) == fabric


@pytest.mark.parametrize("spec", ["star", "planes", "planes:n=0", "planes:n=two", "rail:n=2",
                                  "fat-tree", "fat-tree:oversub=0", "fat-tree:oversub=-2",
                                  "fat-tree:oversub=1/0", "fat-tree:oversub=2,oversub=3",
                                  "fat-tree:oversub=2,leaf=0", "fat-tree:ratio=2", ""])
def test_parse_fabric_refuses(spec):
    with pytest.raises(UsageError):
        parse_fabric(spec)


@pytest.mark.parametrize("kwargs", [dict(boxes=0), dict(boxes=True), dict(boxes=2.0),
                                    dict(boxes=10**6), dict(bandwidths="peak"),
                                    dict(pcie="never"), dict(fabric="torus")])
def test_bad_arguments(kwargs):
    with pytest.raises(UsageError):
        import_nccl(H100, **kwargs)


def test_cli_import_then_bound(tmp_path, capsys):
    from forestcoll_opt.cli import main

    out = tmp_path / "a100.json"
    assert main(["import", "nccl", str(DATA / "dgx-a100.xml"), "--boxes", "2", "--fabric",
                 "planes:n=2", "-o", str(out)]) == 0
    assert "16 compute" in capsys.readouterr().out
    assert main(["bound", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["algbw"] == "1040/3"
    assert main(["import", "nccl", str(NDV5), "--gpu", "h100", "--nic-speed", "400", "--boxes",
                 "2", "--fabric", "rail", "-o", str(out)]) == 0
    assert "gpu h100, nic speed 400 Gb/s), 16 compute" in capsys.readouterr().out
    assert main(["bound", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["algbw"] == "1600/3"
    bad = tmp_path / "x.json"
    for args in ([str(NDV4)], [str(NDV4), "--gpu", "a100"], [str(NDV4), "--gpu", "x100"],
                 [str(NDV4), "--gpu", "v100", "--nic-speed", "100"],
                 [str(NDV4), "--gpu", "a100", "--nic-speed", "fast"],
                 [str(DATA / "dgx-a100.xml"), "--fabric", "x"], [str(tmp_path / "missing.xml")]):
        assert main(["import", "nccl", *args, "-o", str(bad)]) == 2
        assert capsys.readouterr().err.count("\n") == 1 and not bad.exists()


def test_the_example_files_ship_in_the_package():
    """The tutorial starts from nccl_example("dgx-h100"): every example is a file inside the
    package (tests/data/nccl links to the same folder), matched by the package data
    pyproject.toml ships in the wheel, and imports as its description says."""
    import re
    from fnmatch import fnmatch

    import forestcoll_opt
    from forestcoll_opt.runtimes.nccl_import import EXAMPLES, nccl_example

    # the package as imported: from the checkout, or installed from a wheel (CI)
    folder = Path(forestcoll_opt.__file__).parent / "runtimes" / "nccl" / "dumps"
    assert sorted(p.stem for p in folder.glob("*.xml")) == sorted(EXAMPLES)
    # the checkout's files, which tests/data/nccl links to, are the ones that are imported
    checkout = Path(__file__).resolve().parents[2]
    source = checkout / "forestcoll_opt" / "runtimes" / "nccl" / "dumps"
    assert DATA.resolve() == source.resolve()
    for name in EXAMPLES:
        assert (folder / f"{name}.xml").read_bytes() == (source / f"{name}.xml").read_bytes()
    pyproject = (checkout / "pyproject.toml").read_text()
    globs = re.search(r'^"forestcoll_opt\.runtimes\.nccl" = \[(.*)\]$', pyproject, re.M)
    patterns = re.findall(r'"([^"]+)"', globs.group(1))
    for name in EXAMPLES:
        path = nccl_example(name)
        assert path == nccl_example(f"{name}.xml") == folder / f"{name}.xml"
        assert any(fnmatch(path.relative_to(folder.parent).as_posix(), p) for p in patterns)
    h100 = import_nccl(nccl_example("dgx-h100"), boxes=2, fabric="rail")
    assert h100.name == "dgx-h100 (NCCL import, 2 boxes, fabric rail)" and len(h100.compute_nodes) == 16
    assert bound(h100).algbw == Fraction(1600, 3)
    with pytest.raises(UsageError) as info:
        nccl_example("dgx-h200")
    assert str(info.value) == ("no example NCCL file 'dgx-h200'; the examples: dgx-a100, "
                               "dgx-h100, dgx1-v100, pcie-8gpu, azure-ndv4-skeleton, "
                               "azure-ndv5-skeleton")
