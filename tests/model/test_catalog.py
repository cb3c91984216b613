import importlib

import pytest

from forestcoll_opt.model import catalog as cat
from forestcoll_opt.errors import CatalogError


def test_models_install_as_a_subpackage():
    module = importlib.import_module("forestcoll_opt.model.machines")
    assert {"dgx-a100", "dgx-h100", "mi250", "paper-example"} <= set(cat.families())
    assert module.__name__ == "forestcoll_opt.model.machines"


def test_paper_example_shape(catalog):
    t = catalog("paper-example")
    assert len(t.compute_nodes) == 8 and len(t.switch_nodes) == 3
    assert t.capacity[("box0/c0", "box0/switch")] == 10
    assert t.capacity[("global", "box1/c3")] == 1


def test_dgx_a100_nic_planes(catalog):
    t = catalog("dgx-a100:boxes=4")
    assert len(t.compute_nodes) == 32
    assert t.capacity[("box3/gpu5", "ib/plane1")] == 25
    assert t.capacity[("box3/gpu4", "ib/plane0")] == 25
    assert t.capacity[("box1/nvswitch", "box1/gpu0")] == 300
    assert all(t.ingress[v] == 325 for v in t.compute_nodes)


def test_dgx_h100_rails(catalog):
    t = catalog("dgx-h100:boxes=3")
    assert t.capacity[("box2/gpu7", "rail7")] == 50
    assert t.ingress["rail7"] == 150
    assert all(t.ingress[v] == 500 for v in t.compute_nodes)


def test_mi250_every_gcd_has_seven_xgmi_links(catalog):
    t = catalog("mi250:boxes=2")
    assert len(t.compute_nodes) == 32
    assert all(t.ingress[v] == 7 * 50 + 16 for v in t.compute_nodes)
    assert t.capacity[("box1/gcd0", "box1/gcd1")] == 200


def test_mi250_eight_gcds_are_unequal(catalog):
    t = catalog("mi250:boxes=2,gpus=8")
    assert len(t.compute_nodes) == 16
    assert {t.ingress[v] for v in t.compute_nodes} == {6 * 50 + 16, 5 * 50 + 16, 7 * 50 + 16}


@pytest.mark.parametrize("spec, match", [
    ("nonesuch", "unknown model 'nonesuch'"),
    ("dgx-a100:nodes=2", "unknown parameter 'nodes=2'; parameters: boxes"),
    ("dgx-a100:boxes=two", "boxes='two' must be a whole number from 1 to 16384"),
    ("dgx-a100:boxes=0", "boxes=0 must be at least 1"),
    ("mi250:gpus=4", "gpus=4 is not one of 8, 16"),
])
def test_bad_specs(spec, match):
    with pytest.raises(CatalogError, match=match):
        cat.build(spec)


def test_resolve_accepts_files_and_specs(tmp_path, catalog):
    t = catalog("paper-example")
    path = tmp_path / "p.json"
    path.write_text(t.to_json())
    assert cat.resolve(str(path)) == t
    assert cat.resolve("paper-example") == t
    assert cat.resolve(t) is t
