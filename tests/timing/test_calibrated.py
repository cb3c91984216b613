"""The calibrated time model (forestcoll_opt.timing.calibrated) and the libraries' own cost
models (forestcoll_opt.timing.library) against numbers computed by hand, and the fit to the
published measurements pinned (a change that breaks it fails here).

Hand computations use the tables of NCCL 2.20.3 (src/graph/tuning.cc): ring baseLat LL 6.6,
LL128 14, Simple 8.4 µs; ring hwLat NVLink .6 / 1.9 / 3.4, network 2.7 / 4.0 / 14.0 µs."""

import json
import math
from dataclasses import replace
from fractions import Fraction

import pytest

from forestcoll_opt.analysis.validation import CASES, Inputs, ablations, validate
from forestcoll_opt.cli import main
from forestcoll_opt.errors import CalibrationError, ForestCollError, UsageError
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.catalog import resolve
from forestcoll_opt.model.schedule import from_dict
from forestcoll_opt.model.topology import from_dict as topology_from_dict
from forestcoll_opt.generation.baselines import baseline
from forestcoll_opt.timing.calibrated import Calibration, hop_class, library_shape
from forestcoll_opt.timing.calibrated import library_times as calibrated_library_times
from forestcoll_opt.timing.library import LibraryShape, library_choice, library_times
from forestcoll_opt.timing.simulation import link_coefficients, simulate
from forestcoll_opt.timing.tradeoffs import tradeoff

MIB = 2**20


def pair(kind="nvlink", via_switch=False):
    """Two GPUs, 300 GB/s each way, directly or through a switch, links of ``kind``."""
    nodes = [{"id": "a"}, {"id": "b"}]
    if via_switch:
        nodes.append({"id": "s", "kind": "switch"})
        links = [{"src": v, "dst": "s", "bandwidth": 300, "bidirectional": True, "type": kind}
                 for v in "ab"]
    else:
        links = [{"src": "a", "dst": "b", "bandwidth": 300, "bidirectional": True,
                  "type": kind}]
    return topology_from_dict({"format": "forestcoll-topology/1", "name": "p", "units": "GB/s",
                               "nodes": nodes, "links": links})


def pair_schedule(collective, via_switch=False):
    path = ["a", "s", "b"] if via_switch else ["a", "b"]
    inward = collective == "reduce-scatter"

    def tree(root):
        p = path if root == ("b" if inward else "a") else path[::-1]
        return {"root": root, "weight": 1,
                "edges": [{"src": p[0], "dst": p[-1], "path": p}]}

    return from_dict({"format": "forestcoll-schedule/1", "collective": collective,
                      "topology": "p", "units": "GB/s", "compute_nodes": ["a", "b"], "k": 1,
                      "algbw": "600", "trees": [tree("a"), tree("b")]})


def test_pair_by_hand():
    """Each GPU's half of M crosses the link once: 1 part of 2 per link at 230 GB/s
    (NVLink at 23/30 of 300), so the bandwidth term is M / 460 GB/s; one NVLink hop, one
    box (NCCL's LL at 1/3 inside a node)."""
    t, s = pair(), pair_schedule("allgather")
    rows = simulate(t, s, [MIB, 16 * MIB])
    simple = (8.4 + 3.4) * 1e-6 + MIB / 460e9
    ll = (6.6 + 0.6) * 1e-6 + MIB / (460e9 / 3)
    ll128 = (14.0 + 1.9) * 1e-6 + MIB / (460e9 * 0.92)
    assert ll < simple < ll128
    assert rows[0].protocol == "LL" and math.isclose(rows[0].seconds, ll, rel_tol=1e-12)
    assert rows[0].chunks is None and math.isclose(rows[0].algbw, MIB / ll / 1e9)
    assert rows[1].protocol == "Simple"
    assert math.isclose(rows[1].seconds, (8.4 + 3.4) * 1e-6 + 16 * MIB / 460e9, rel_tol=1e-12)
    assert rows.model == "calibrated" and rows.parameters["library"] == "nccl"
    assert rows.parameters["efficiency"]["nvlink"] == "23/30"
    frame = rows.to_pandas()
    assert list(frame["protocol"]) == ["LL", "Simple"] and frame.attrs["model"] == "calibrated"
    # Simple only, and nominal bandwidth: the protocol is fixed and the link runs at 300
    only = Calibration(protocols=("Simple",), efficiency={})
    (row,) = simulate(t, s, [MIB], calibration=only)
    assert row.protocol == "Simple"
    assert math.isclose(row.seconds, (8.4 + 3.4) * 1e-6 + MIB / 600e9, rel_tol=1e-12)


def test_pair_reduce_scatter_pays_the_reduction_step():
    t, s = pair(), pair_schedule("reduce-scatter")
    (row,) = simulate(t, s, [16 * MIB])
    assert math.isclose(row.seconds, (8.4 + 3.4 + 3.0) * 1e-6 + 16 * MIB / 460e9,
                        rel_tol=1e-12)
    (row,) = simulate(t, s, [16 * MIB], calibration=Calibration(reduce_step=0.0))
    assert math.isclose(row.seconds, (8.4 + 3.4) * 1e-6 + 16 * MIB / 460e9, rel_tol=1e-12)


def test_a_hop_through_a_switch_is_one_step_of_its_class():
    """GPU -> InfiniBand switch -> GPU is one network step (14 µs with Simple), not two
    store-and-forward hops; the bandwidth is the slower of the hop's links."""
    t, s = pair("infiniband", via_switch=True), pair_schedule("allgather", via_switch=True)
    assert hop_class(t, ("a", "s", "b")) == "net"
    (row,) = simulate(t, s, [64 * MIB], calibration=Calibration(protocols=("Simple",)))
    assert math.isclose(row.seconds, (8.4 + 14.0) * 1e-6 + 64 * MIB / 576e9, rel_tol=1e-12)
    assert hop_class(pair(None), ("a", "b")) == "pci"


def test_ideal_and_calibrated_options_do_not_mix():
    t, s = pair(), pair_schedule("allgather")
    for kwargs in ({"chunks": 4}, {"alpha": 1e-6}, {"alpha_per_link": {("a", "b"): 1e-6}},
                   {"model": "exact"}, {"model": "ideal", "calibration": Calibration()},
                   {"calibration": 3}):
        with pytest.raises(UsageError):
            simulate(t, s, [MIB], **kwargs)
    # a string is a calibration file's path (forestcoll calibrate writes one)
    with pytest.raises(CalibrationError, match="fast: cannot read calibration file"):
        simulate(t, s, [MIB], calibration="fast")
    ideal = simulate(t, s, [MIB], model="ideal", chunks=4)
    assert ideal.model == "ideal" and ideal[0].chunks == 4 and ideal[0].protocol is None
    assert ideal.parameters == {"model": "ideal", "chunks": 4, "alpha": None,
                                "alpha_per_link": 0}


@pytest.mark.parametrize("kwargs", [
    {"efficiency": {"nvlink": 0}}, {"efficiency": {"nvlink": Fraction(3, 2)}},
    {"efficiency": {"optical": 1}}, {"efficiency": {"nvlink": True}}, {"library": "mpi"},
    {"protocols": ()}, {"protocols": ("LL", "LL")}, {"protocols": ("Fast",)},
    {"ring_latency": {"nccl": 0}}, {"ring_latency": {"gloo": 2}},
    {"ring_latency": {"nccl": math.inf}}, {"reduce_step": -1e-6}, {"reduce_step": 2},
    {"net_overhead": math.nan}, {"arch": "blackwell"}, {"tree_efficiency": 0},
    {"tree_efficiency": 1.5}, {"tree_efficiency": math.nan}, {"tree_efficiency": True}])
def test_calibration_refuses_values_out_of_range(kwargs):
    with pytest.raises(UsageError):
        Calibration(**kwargs)


def test_rccl_has_no_ll128():
    t = resolve("mi250:boxes=2,gpus=8")
    assert Calibration().library_for(t) == "rccl"
    assert Calibration(library="nccl").library_for(t) == "nccl"
    assert Calibration().schedule_protocols("rccl") == ("LL", "Simple")
    with pytest.raises(UsageError):
        Calibration(protocols=("LL128",)).schedule_protocols("rccl")


# --- the libraries' own models ------------------------------------------------------------

A100_SHAPE = LibraryShape(ranks=16, nodes=2, channels=8, channel_bw=24.0, intra="nvlink")


def test_the_shape_is_read_off_the_ring():
    """2 x DGX A100: 8 rings, the ring's bus bandwidth on 24 GB/s NICs is 8 x 24 = 192 GB/s,
    the figure NVIDIA quotes for the machine."""
    t = resolve("dgx-a100:boxes=2")
    for collective in ("allgather", "allreduce"):
        ring = baseline(t, "ring", collective=collective)
        rho = link_coefficients(t, ring, Calibration().efficiency)
        assert library_shape(t, ring, collective, rho) == A100_SHAPE
    t = resolve("mi250:boxes=2,gpus=8")
    ring = baseline(t, "ring", collective="allgather")
    shape = library_shape(t, ring, "allgather",
                          link_coefficients(t, ring, Calibration().efficiency))
    assert (shape.ranks, shape.nodes, shape.channels, shape.intra) == (16, 2, 8, "nvlink")
    assert math.isclose(shape.channel_bw, 16 * 0.96 * 4 / 8 * 15 / 16 * 16 / 15)


def test_nccl_allgather_on_two_dgx_a100_by_hand():
    """NCCL 2.20.3 on 16 ranks, 2 nodes, 8 channels of 24 GB/s, AMD hosts (net overhead
    2 µs, x3 for Simple as the floor of every intra-node step):
    Simple 8.4 + 14 x 6.0 + 14 = 106.4 µs at 192 x 16/15 = 204.8 GB/s;
    LL128 14 + 14 x 2.0 + 4.0 = 46 µs at min(192 x .92, 8 x 20) x 16/15 = 170.67 GB/s;
    LL 6.6 + 14 x 2.0 + 2.7 = 37.3 µs at min(22.5, 192/4) x 16/15 = 24 GB/s."""
    size = 64 * MIB
    got = library_times(A100_SHAPE, "allgather", size)
    assert set(got) == {("ring", "LL"), ("ring", "LL128"), ("ring", "Simple")}
    assert math.isclose(got["ring", "Simple"], 106.4e-6 + size / 204.8e9, rel_tol=1e-9)
    assert math.isclose(got["ring", "LL128"], 46e-6 + size / (160e9 * 16 / 15), rel_tol=1e-9)
    assert math.isclose(got["ring", "LL"], 37.3e-6 + size / 24e9, rel_tol=1e-9)
    # the measured-over-modelled factor multiplies every ring latency
    scaled = library_times(A100_SHAPE, "allgather", size, ring_latency=3.4)
    assert math.isclose(scaled["ring", "Simple"], 3.4 * 106.4e-6 + size / 204.8e9, rel_tol=1e-9)
    # crossovers of the memo: LL -> LL128 near 243 KB, LL128 -> Simple near 62 MB
    assert library_choice(A100_SHAPE, "allgather", 200_000).protocol == "LL"
    assert library_choice(A100_SHAPE, "allgather", 300_000).protocol == "LL128"
    assert library_choice(A100_SHAPE, "allgather", 60_000_000).protocol == "LL128"
    assert library_choice(A100_SHAPE, "allgather", 64_000_000).protocol == "Simple"


def test_nccl_allreduce_tree_and_plateau():
    """Allreduce adds the tree: Simple tree at min(192 x .92, 8 x 23.6) / 2 = 88.32 GB/s,
    latency 0 + 2 x (7 x 28 + 1 x 28) = 448 µs; the ring's Simple latency 8.4 + 26 x 6 +
    4 x 14 = 220.4 µs (2.20.3 counts 2 x nNodes network steps) is x1.4 ("plateau"), or x the
    fitted factor when that is larger."""
    size = 2**30
    got = library_times(A100_SHAPE, "allreduce", size)
    assert math.isclose(got["tree", "Simple"], 448e-6 + size / (176.64e9 / 2), rel_tol=1e-9)
    # below 2^23 x 64 B the tree correction factor applies: Simple .7 at 16 MiB = 2^18 x 64 B
    mid = library_times(A100_SHAPE, "allreduce", 16 * MIB)
    assert math.isclose(mid["tree", "Simple"], 448e-6 + 16 * MIB / (176.64e9 / 2 * 0.7),
                        rel_tol=1e-9)
    assert math.isclose(got["ring", "Simple"], 1.4 * 220.4e-6 + size / 102.4e9, rel_tol=1e-9)
    scaled = library_times(A100_SHAPE, "allreduce", size, ring_latency=3.4)
    assert math.isclose(scaled["ring", "Simple"], 3.4 * 220.4e-6 + size / 102.4e9,
                        rel_tol=1e-9)
    assert library_choice(A100_SHAPE, "allreduce", 64 * 1024).algorithm == "tree"


def test_rccl_model_by_hand():
    """RCCL @0023b9b0, 16 ranks on 2 nodes, 8 channels of 7.68 GB/s (the 8+8 MI250 ring):
    ring Simple 27.9 + 14 x 2.7 + 4.5 = 70.2 µs at 61.44 x 16/15 GB/s, times its ring
    correction factor (.59 at 1 MiB, 1 from 8 MiB); LL at 1/5 of the bandwidth, intra-node
    LL steps x1.8 across nodes; no LL128."""
    shape = LibraryShape(ranks=16, nodes=2, channels=8, channel_bw=7.68, intra="nvlink")
    bw = 61.44e9 * 16 / 15
    got = library_times(shape, "allgather", MIB, library="rccl")
    assert set(got) == {("ring", "LL"), ("ring", "Simple")}
    assert math.isclose(got["ring", "Simple"], 70.2e-6 + MIB / (bw * 0.59), rel_tol=1e-9)
    assert math.isclose(got["ring", "LL"], (20.5 + 14 * 2.3 * 1.8 + 2.0) * 1e-6 + MIB / (bw / 5),
                        rel_tol=1e-9)
    big = library_times(shape, "allgather", 64 * MIB, library="rccl")
    assert math.isclose(big["ring", "Simple"], 70.2e-6 + 64 * MIB / bw, rel_tol=1e-9)


def test_two_node_tree_as_it_runs_by_hand():
    """The tree as it runs on two nodes (tree_efficiency τ = (9.0/5.6)/(2 x 15/16) = 6/7,
    NVIDIA/nccl#330): every link carries the message once each way, so its algbw is the
    channels' bus bandwidth x τ (8 x 7.68 x 6/7 = 52.66 GB/s on the 8+8 MI250), not RCCL's
    tuner's 61.44 x .27 / 2; LL at 1/2.3 of that. The latency stays the tuner's tree
    latency, 40.4 + 2 x (7 x 3.8 + 19.5) = 132.6 µs for Simple and 37.9 + 2 x (7 x 1.2 x 1.8
    + 9.8) = 87.74 µs for LL, and no ring factor multiplies it. The ring is unchanged."""
    shape = LibraryShape(ranks=16, nodes=2, channels=8, channel_bw=7.68, intra="nvlink")
    tau = 6 / 7
    size = 2**30
    tuner = library_times(shape, "allreduce", size, library="rccl", ring_latency=3.0)
    running = library_times(shape, "allreduce", size, library="rccl", ring_latency=3.0,
                            tree_efficiency=tau)
    assert math.isclose(tuner["tree", "Simple"], 132.6e-6 + size / (61.44e9 * .27 / 2),
                        rel_tol=1e-9)
    assert math.isclose(running["tree", "Simple"], 132.6e-6 + size / (61.44e9 * tau),
                        rel_tol=1e-9)
    assert math.isclose(running["tree", "LL"], 87.74e-6 + size / (61.44e9 * tau / 2.3),
                        rel_tol=1e-9)
    assert running["ring", "Simple"] == tuner["ring", "Simple"]
    assert library_choice(shape, "allreduce", size, library="rccl", ring_latency=3.0,
                          tree_efficiency=tau).algorithm == "tree"
    assert library_choice(shape, "allreduce", size, library="rccl",
                          ring_latency=3.0).algorithm == "ring"
    # below 2^22 x 64 B RCCL's tree correction factor applies (Simple .92 at 1 MiB)
    mib = library_times(shape, "allreduce", MIB, library="rccl", tree_efficiency=tau)
    assert math.isclose(mib["tree", "Simple"], 132.6e-6 + MIB / (61.44e9 * tau * 0.92),
                        rel_tol=1e-9)
    # three nodes: the busiest link carries the message twice, the tuner's model stands
    three = replace(shape, ranks=24, nodes=3)
    assert (library_times(three, "allreduce", size, library="rccl", tree_efficiency=tau)
            == library_times(three, "allreduce", size, library="rccl"))


def test_nccl_two_node_tree_is_held_by_its_per_channel_limit():
    """2 x DGX A100 (8 NICs): the halved traffic would give 192 x 6/7 = 164.6 GB/s, but
    NCCL's per-channel tree limit (perChMaxTreeBw, Ampere 2 nodes, 23.6 GB/s of bus
    bandwidth) holds the tree to 8 x 23.6 / 2 = 94.4 GB/s, below the ring's 102.4: the ring
    stays the best at 1 GiB, as NCCL's default ran it in the paper and as S. Jeaugey says of
    8-NIC systems (NVIDIA/nccl-tests#196)."""
    size = 2**30
    got = library_times(A100_SHAPE, "allreduce", size, tree_efficiency=6 / 7)
    assert math.isclose(got["tree", "Simple"], 448e-6 + size / 94.4e9, rel_tol=1e-9)
    assert library_choice(A100_SHAPE, "allreduce", size, ring_latency=3.4,
                          tree_efficiency=6 / 7).algorithm == "ring"


def test_library_pick_is_checked():
    t = resolve("mi250:boxes=2,gpus=8")
    ring = baseline(t, "ring", collective="allreduce")
    shape = library_shape(t, ring, "allreduce",
                          link_coefficients(t, ring, Calibration().efficiency))
    best = calibrated_library_times(t, shape, "allreduce", [2**30], Calibration(), pick="best")
    tuner = calibrated_library_times(t, shape, "allreduce", [2**30], Calibration())
    assert best[0][:2] == ("tree", "Simple") and tuner[0][:2] == ("ring", "Simple")
    assert calibrated_library_times(t, shape, "allreduce", [2**30],
                                    Calibration(tree_efficiency=None), pick="best") == tuner
    with pytest.raises(UsageError):
        calibrated_library_times(t, shape, "allreduce", [2**30], Calibration(), pick="max")


# --- the fit to the published measurements -----------------------------------------------

# predicted speed-ups of the default calibration (docs/validation.md, data/validation.csv)
PINNED = {
    "a100-allgather-1GB": 1.370, "a100-reduce-scatter-1GB": 1.360,
    "a100-allreduce-1GB": 1.370, "a100-allgather-mean": 2.132,
    "a100-reduce-scatter-mean": 1.700, "a100-allreduce-mean": 1.169,
    "mi250-allgather-1GB": 2.584, "mi250-reduce-scatter-1GB": 2.572,
    "mi250-allreduce-1GB": 1.5975, "mi250-allgather-mean": 3.191,
    "mi250-reduce-scatter-mean": 2.640, "mi250-allreduce-mean": 1.4994,
    "mi250-allreduce-blink-1GB": 1.371,     # outside the fit: the baseline came later
}


@pytest.fixture(scope="module")
def inputs():
    return Inputs()


def test_validation_ratios_are_pinned(inputs):
    found = {p.case.name: p for p in validate(inputs=inputs)}
    assert set(found) == {c.name for c in CASES}
    for name, value in PINNED.items():
        assert math.isclose(found[name].predicted, value, abs_tol=5e-4), (name, found[name])
    for name, p in found.items():
        assert abs(p.error) <= 0.10, (name, p.error)          # issue 25: within ±10 %
    assert found["mi250-allreduce-blink-1GB"].note == "blink baseline, Simple"
    # RCCL's best allreduce on the 8+8 MI250 is its two-node tree at every size
    assert found["mi250-allreduce-1GB"].note == "rccl: tree/Simple"
    assert found["mi250-allreduce-mean"].note == "rccl: tree/LL, tree/Simple"


def test_ablations_show_what_each_parameter_buys(inputs):
    """Removing any fitted or cited parameter breaks at least one case that the full model
    meets (beyond ±10 %), except the InfiniBand efficiency, which is within 4 % of 1."""
    met = set(PINNED)
    for label, calibration in ablations().items():
        errors = {p.case.name: p.error for p in validate(calibration, inputs=inputs)
                  if p.error is not None}
        worst = max(abs(errors[n]) for n in met)
        if label.startswith("calibrated") or "infiniband" in label:
            assert worst <= 0.10, (label, worst)
        else:
            assert worst > 0.10, (label, worst)
    nominal = {p.case.name: p.predicted for p in validate(ablations()["no link efficiency "
                                                                      "(nominal bandwidths)"],
                                                          inputs=inputs)}
    assert nominal["a100-allgather-1GB"] > 1.7          # the "1.55x and more"


def test_validation_uses_simple_for_forestcoll(inputs):
    """The paper's XMLs use Simple: validate() runs ForestColl with Simple whatever the
    calibration allows schedules (the library keeps its own choice)."""
    default = {p.case.name: p.predicted for p in validate(inputs=inputs)}
    ll_only = {p.case.name: p.predicted
               for p in validate(replace(Calibration(), protocols=("LL",)), inputs=inputs)}
    assert default == ll_only


# --- tradeoff and the CLI under the calibrated model ---------------------------------------

def test_tradeoff_adds_the_library_and_names_protocols():
    t = resolve("dgx-a100:boxes=2")
    r = tradeoff(t, collective="allgather", sizes=[64 * 1024, 2**30], ks=[1, 13])
    assert [c.name for c in r.candidates] == ["k=1", "k=13", "ring", "nccl"]
    nccl = r.candidates[-1]
    assert nccl.schedule is None and nccl.algbw is None and nccl.height is None
    small, big = r.rows
    assert small.best == "k=1" and small.protocols["k=1"] == "LL"
    assert small.algorithms == {"nccl": "ring"} and small.protocols["nccl"] == "LL"
    assert big.best == "k=13" and big.protocols["k=13"] == "Simple"
    assert big.chunks["k=13"] is None
    assert r.model == "calibrated" and r.parameters["ring_latency"]["nccl"] == 3.4
    sim = simulate(t, generate(t, collective="allgather", k=13), [2**30])
    assert big.seconds["k=13"] == sim[0].seconds
    with pytest.raises(UsageError):
        tradeoff(t, collective="allgather", sizes=[1024], ks=[1], baselines=["nccl"],
                 model="ideal")
    frame = r.frame()
    assert frame.attrs["model"] == "calibrated" and set(frame["protocol"]) <= {"LL", "LL128",
                                                                              "Simple"}


def test_cli_names_the_model_everywhere(tmp_path, capsys):
    path = tmp_path / "ag.json"
    assert main(["generate", "dgx-a100:boxes=2", "-q", "-o", str(path)]) == 0
    capsys.readouterr()
    csv = tmp_path / "s.csv"
    assert main(["simulate", "dgx-a100:boxes=2", str(path), "--sizes", "1MiB,1GiB",
                 "--csv", str(csv)]) == 0
    out = capsys.readouterr().out
    assert "model calibrated (NCCL 2.20.3 tables; link efficiency" in out
    assert "nccl ring latency x3.4, reduce step 3 µs" in out
    lines = csv.read_text().splitlines()
    assert lines[0] == "size_bytes,chunks,protocol,seconds,algbw,model,parameters"
    assert lines[1].startswith("1048576,,LL,") and ",calibrated," in lines[1]
    assert main(["simulate", "dgx-a100:boxes=2", str(path), "--sizes", "1GiB", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"] == "calibrated" and data["parameters"]["library"] == "nccl"
    assert data["rows"][0]["protocol"] == "Simple" and data["rows"][0]["chunks"] is None
    assert main(["simulate", "dgx-a100:boxes=2", str(path), "--alpha", "1e-6"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--model ideal" in err
    assert main(["tradeoff", "dgx-a100:boxes=2", "--sizes", "1MiB,1GiB", "--k", "1,13"]) == 0
    out = capsys.readouterr().out
    assert "model calibrated (" in out and "nccl picks" in out
    assert "predicted time (µs) per candidate, algbw in GB/s; * marks the fastest" in out
    assert main(["tradeoff", "dgx-a100:boxes=2", "--sizes", "1GiB", "--k", "13",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"] == "calibrated" and data["rows"][0]["protocols"]["k=13"] == "Simple"
    assert data["rows"][0]["algorithms"] == {"nccl": "ring"}
    assert [c["algbw"] for c in data["candidates"]][-1] is None


def test_bad_schedules_are_schedule_errors():
    t = pair()
    bad = from_dict({"format": "forestcoll-schedule/1", "collective": "allgather",
                     "topology": "p", "units": "GB/s", "compute_nodes": ["a", "b"], "k": 1,
                     "algbw": "1", "trees": [{"root": "a", "weight": 1, "edges": [
                         {"src": "a", "dst": "b", "path": ["a", "x", "b"]}]}]})
    with pytest.raises(ForestCollError):
        simulate(t, bad, [MIB])


# --- RCCL's table rings and trees on a full MI250 box; a ring held to some protocols -------

def test_rccl_tree_on_a_table_box_keeps_the_searched_rings():
    """On a full MI250 box RCCL reads its 32 rings off its table but searches its trees: the
    library's ring runs on the table rings' bus bandwidth, its tree on the searched ones'."""
    from forestcoll_opt.generation.baselines.rings import ring
    topo = resolve("mi250:boxes=2")
    cal = Calibration()
    table = ring(topo, "allreduce")
    searched = ring(topo, "allreduce", table=False)
    rho = link_coefficients(topo, table, cal.efficiency)
    plain = library_shape(topo, table, "allreduce", rho)
    shape = library_shape(topo, table, "allreduce", rho, tree_ring=searched,
                          tree_rho=link_coefficients(topo, searched, cal.efficiency))
    assert (plain.channels, shape.channels, shape.tree_channels) == (32, 32, 16)
    assert plain.channels * plain.channel_bw == pytest.approx(216.0)    # 6 rings per xGMI link
    assert shape.tree_channels * shape.tree_channel_bw == pytest.approx(162.0)
    size = 2**30
    best = calibrated_library_times(topo, shape, "allreduce", [size], cal, pick="best")[0]
    wrong = calibrated_library_times(topo, plain, "allreduce", [size], cal, pick="best")[0]
    assert best[0] == wrong[0] == "tree"
    # the tree at 162 GB/s x tau (6/7), 1 GiB: ~7.7 ms; on the table rings it would be 25 % faster
    assert best[2] == pytest.approx(wrong[2] * 216 / 162, rel=0.01)


def test_ring_protocols_hold_the_ring_and_not_the_tree():
    topo = resolve("dgx-a100:boxes=2")
    cal = Calibration()
    ring_s = baseline(topo, "ring", collective="allgather")
    shape = library_shape(topo, ring_s, "allgather",
                          link_coefficients(topo, ring_s, cal.efficiency))
    sizes = [2**20, 2**26, 2**30]
    tuner = calibrated_library_times(topo, shape, "allgather", sizes, cal)
    simple = calibrated_library_times(topo, shape, "allgather", sizes, cal,
                                      ring_protocols=("Simple",))
    assert [p for _, p, _ in tuner] == ["LL128", "LL128", "Simple"]
    assert [p for _, p, _ in simple] == ["Simple"] * 3
    assert simple[2][2] == tuner[2][2]                       # at 1 GiB the same pick
    assert simple[0][2] > 1.5 * tuner[0][2]                  # at 1 MiB Simple's latency
    ar = baseline(topo, "ring", collective="allreduce")
    ar_shape = library_shape(topo, ar, "allreduce", link_coefficients(topo, ar, cal.efficiency))
    held = calibrated_library_times(topo, ar_shape, "allreduce", [2**20], cal,
                                    ring_protocols=("Simple",))
    assert held[0][0] == "tree"                               # the tree keeps its LL128/LL
    with pytest.raises(UsageError, match="ring_protocols"):
        calibrated_library_times(topo, shape, "allgather", sizes, cal, ring_protocols=("LX",))
