from fractions import Fraction

import pytest
from kernelparams import EVERY_KERNEL

from forestcoll_opt.generation.bounding import bound, smallest_k
from forestcoll_opt.errors import BoundError
from forestcoll_opt.generation.fixed_k import smallest_k_at_bound
from forestcoll_opt.model.topology import from_dict
from randomnets import brute_force_bound, brute_force_single_root, random_network

# (spec, optimal allgather algbw, 1/x*, k) from the paper and its authors' topology models
CATALOG = [
    ("paper-example", Fraction(8), Fraction(1), 1),
    ("dgx-a100:boxes=2", Fraction(1040, 3), Fraction(3, 65), 13),
    ("dgx-a100:boxes=4", Fraction(800, 3), Fraction(3, 25), 1),
    ("dgx-a100:boxes=8", Fraction(1600, 7), Fraction(7, 25), 1),
    ("mi250:boxes=2", Fraction(5312, 15), Fraction(15, 166), 83),
]


@pytest.mark.parametrize("spec, algbw, inv_x, k", CATALOG)
def test_catalog_numbers(catalog, spec, algbw, inv_x, k):
    t = catalog(spec)
    b = bound(t)
    assert (b.algbw, b.inv_x, b.k) == (algbw, inv_x, k)
    n = len(t.compute_nodes)
    assert b.x == 1 / inv_x and b.algbw == n * b.x
    assert b.tree_bandwidth == b.x / k and b.U == k * inv_x
    assert all((b.U * bw).denominator == 1 for bw in t.capacity.values())
    # the dual certificate, re-summed from the topology's links
    cut = set(b.cut)
    exiting = sum(bw for (u, v), bw in t.capacity.items() if u in cut and v not in cut)
    inside = sum(1 for v in t.compute_nodes if v in cut)
    assert (inside, exiting) == (b.cut_compute, b.cut_bandwidth)
    assert Fraction(inside) / exiting == inv_x
    assert 0 < inside < n


def test_paper_example_bottleneck_is_one_box(catalog):
    b = bound(catalog("paper-example"))
    assert b.cut_compute == 4 and b.cut_bandwidth == 4
    boxes = {v.split("/")[0] for v in b.cut}
    assert len(boxes) == 1


def test_k_is_smallest(catalog):
    t = catalog("dgx-a100:boxes=2")
    b = bound(t)
    for k in range(1, b.k):
        assert any((k * bw / b.x).denominator != 1 for bw in t.capacity.values())
    assert smallest_k(t, b.x) == 13


@pytest.mark.parametrize("spec, k, k_min", [
    ("dgx-a100:boxes=2", 13, 13), ("mi250:boxes=2", 83, 83), ("mi250:boxes=2,gpus=8", 13, 13),
    ("dgx-h100:boxes=1", 9, 1), ("mi250:boxes=4", 8, 3), ("mi250:boxes=8", 8, 1)])
def test_least_k_at_the_bound_on_the_catalog(catalog, spec, k, k_min):
    """The paper's k makes every link carry whole trees; fewer trees per root may reach the
    bound once capacities are floored (fixed_k.smallest_k_at_bound)."""
    t = catalog(spec)
    for collective in ("allgather", "reduce-scatter"):
        b = bound(t, collective=collective)
        least = smallest_k_at_bound(t, b)
        assert (b.k, least.k, least.ruled_out_below) == (k, k_min, k_min)


@pytest.mark.parametrize("spec, k_min", [("mi250:boxes=4", 3), ("mi250:boxes=8", 1)])
def test_least_k_search_with_symmetry(catalog, spec, k_min):
    """With the automorphism group the feasibility test solves one max-flow per orbit of
    compute nodes; the least k is the same."""
    t = catalog(spec)
    for collective in ("allgather", "reduce-scatter"):
        b = bound(t, collective=collective)
        with_group = smallest_k_at_bound(t, b, symmetry=True)
        plain = smallest_k_at_bound(t, b, symmetry=False)
        assert with_group.k == plain.k == k_min and with_group.tests == plain.tests


def test_reduce_scatter_equals_allgather_on_catalog(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    assert bound(t, collective="reduce-scatter").algbw == bound(t).algbw == 208


def test_broadcast_from_a_root(catalog):
    t = catalog("dgx-a100:boxes=2")
    b = bound(t, collective="broadcast", root="box0/gpu3")
    assert b.algbw == 200 and b.cut_bandwidth == 200  # box0's IB egress
    r = bound(t, collective="reduce", root="box1/gpu0")
    assert r.algbw == 200


@pytest.mark.parametrize("seed", range(200))
def test_bound_equals_brute_force_on_random_networks(seed):
    data = random_network(seed)
    t = from_dict(data)
    b = bound(t)
    assert b.inv_x == brute_force_bound(data)
    assert b.cut_ratio == b.inv_x
    assert b.algbw == len(t.compute_nodes) / b.inv_x
    rev = {**data, "links": [{**l, "src": l["dst"], "dst": l["src"]} for l in data["links"]]}
    assert bound(t, collective="reduce-scatter").inv_x == brute_force_bound(rev)


@pytest.mark.parametrize("seed", range(0, 200, 5))
def test_single_root_bound_equals_brute_force(seed):
    data = random_network(seed)
    t = from_dict(data)
    root = t.compute_nodes[-1]
    b = bound(t, collective="broadcast", root=root)
    assert b.algbw == brute_force_single_root(data, root)
    assert t.cut_bandwidth(b.cut) == b.algbw and root in b.cut


@pytest.mark.parametrize("kernel", EVERY_KERNEL)
def test_every_kernel_gives_the_same_bound(catalog, kernel):
    t = catalog("mi250:boxes=2,gpus=8")
    assert bound(t, kernel=kernel).inv_x == Fraction(1, 13)


def test_huge_bandwidths_stay_exact():
    data = random_network(7)
    for l in data["links"]:
        l["bandwidth"] = str(Fraction(str(l["bandwidth"])) * 10**12)
    t = from_dict(data)
    assert bound(t).inv_x == brute_force_bound(data)


@pytest.mark.parametrize("kwargs, match", [
    ({"collective": "alltogether"}, "unknown collective"),
    ({"collective": "broadcast"}, "needs a root"),
    ({"collective": "broadcast", "root": "global"}, "is not a compute node"),
    ({"collective": "allgather", "root": "box0/c0"}, "drop the root"),
])
def test_bad_requests(catalog, kwargs, match):
    with pytest.raises(BoundError, match=match):
        bound(catalog("paper-example"), **kwargs)


def test_the_bound_gives_u_and_the_tree_bandwidth_at_any_k():
    # bound prints U and the tree bandwidth at the least k: the Bound's, not the CLI's
    from forestcoll_opt.model.catalog import resolve
    from forestcoll_opt.model.collective import Collective

    b = bound(resolve("dgx-a100:boxes=2"))
    assert b.collective is Collective.ALLGATHER and b.to_dict()["collective"] == "allgather"
    assert (b.inv_x, b.x, b.k) == (Fraction(3, 65), Fraction(65, 3), 13)
    assert b.U_at(b.k) == b.U == Fraction(3, 5) and b.tree_bandwidth_at(b.k) == \
        b.tree_bandwidth == Fraction(5, 3)
    assert b.U_at(1) == Fraction(3, 65) and b.tree_bandwidth_at(5) == Fraction(13, 3)


def test_the_bound_summary_counts_its_switches_in_the_right_number(catalog):
    """The bound's HTML names the cut's switches '1 switch', not '1 switches'."""
    one = catalog("mi250:boxes=2,gpus=8")
    html = bound(one)._repr_html_()
    assert "14 of 16 compute nodes and 1 switch: ib" in html
    assert "and 4 switches:" in bound(catalog("dgx-a100:boxes=2"))._repr_html_()
