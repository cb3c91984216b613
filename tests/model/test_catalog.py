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


# --- the names catalog topologies carry resolve back to them ------------------------------

def _shapes(family):
    """Specs of ``family`` over its option shapes: the first option at 1, 2 and 3, every
    other option through its choices (a number: its default, 1, 2 and 3), alone and with
    the fabric that reads it, and everything that is not a default at once."""
    first, *rest = family.params
    base = {first.name: 2}
    shapes = [{first.name: n} for n in (1, 2, 3)]
    reads = {"su": "su", "leaf": "fat-tree", "oversub": "su"}
    for p in rest:
        # a 0/1 option's default 0 is left out: "sharp=0" is refused today ("must be at
        # least 1", family.py checks the minimum of options with choices too)
        values = [v for v in p.choices if v != p.default] if p.choices else (p.default, 1, 2, 3)
        for v in values:
            shape = {**base, p.name: v}
            if p.name in reads and "fabric" in {q.name for q in rest}:
                shape["fabric"] = reads[p.name]
            shapes.append(shape)
            if p.name == "oversub":
                shapes.append({**base, "fabric": "fat-tree", "leaf": 3, p.name: v})
    every = {**base}
    for p in rest:
        if p.choices and p.name != "fabric":
            every[p.name] = p.choices[-1] if p.choices[-1] != p.default else p.choices[0]
    if "fabric" in every or any(p.name == "fabric" for p in rest):
        every.update(fabric="su", su=1, oversub=2)
    shapes.append(every)
    return [family.name + ":" + ",".join(f"{k}={v}" for k, v in s.items()) for s in shapes]


SHAPES = [spec for family in cat.families().values() for spec in _shapes(family)]


@pytest.mark.parametrize("spec", SHAPES)
def test_a_catalog_topology_name_resolves_to_it(spec):
    """A schedule records its topology's name ("dgx-a100-2"); resolve() builds that
    topology again from the name alone, for every family and option shape."""
    try:
        topo = cat.build(spec)
    except CatalogError as exc:
        assert "applies only with" in str(exc), exc   # a fabric option without its fabric
        return
    name = topo.name
    again = cat.resolve(name)
    assert again.name == name and again.to_json() == topo.to_json()
    shortest = cat.spec_of_name(name)
    family, params = cat.parse_spec(spec)
    assert cat.parse_spec(shortest) == (family, params)
    assert cat.is_catalog_spec(name)


def test_the_shapes_cover_every_option_of_every_family():
    for family in cat.families().values():
        given = {part.split("=")[0] for spec in _shapes(family)
                 for part in spec.partition(":")[2].split(",")}
        assert given == {p.name for p in family.params}, family.name
    assert len(SHAPES) > 100


@pytest.mark.parametrize("name, spec", [
    ("dgx-a100-2", "dgx-a100:boxes=2"),
    ("dgx-a100-16-sharp", "dgx-a100:boxes=16,sharp=1"),
    ("mi250-2x8", "mi250:boxes=2,gpus=8"),
    ("dgx-h100-4-su2-oversub2", "dgx-h100:boxes=4,fabric=su,su=2,oversub=2"),
    ("mi300x-3-fat-tree4", "mi300x:boxes=3,fabric=fat-tree"),
    ("gb200-nvl72-2-nic100-rails72-nvls-sharp-fat-tree1-oversub2",
     "gb200-nvl72:racks=2,nic=100,rails=72,nvls=1,sharp=1,fabric=fat-tree,oversub=2"),
    ("paper-example", "paper-example"),
    ("paper-example:boxes=3,gpus=4,b=1", "paper-example:boxes=3,gpus=4,b=1"),
])
def test_spec_of_name(name, spec):
    assert cat.spec_of_name(name) == spec


@pytest.mark.parametrize("name, match", [
    ("dgx-a100-02", "is spelled like a catalog topology's name, but dgx-a100:boxes=02 builds "
                    "'dgx-a100-2'"),
    ("dgx-h100-2-oversub2", "its spec dgx-h100:boxes=2,oversub=2 is refused"),
    ("dgx-a100-2-nvls", "unknown model 'dgx-a100-2-nvls'"),
    ("dgx-a100-2-sharp-sharp", "unknown model"),
])
def test_a_name_no_spec_builds_is_refused(name, match):
    with pytest.raises(CatalogError, match=match):
        cat.resolve(name)


def test_a_degraded_catalog_topology_name_resolves():
    from forestcoll_opt.model.faults import degrade

    left = degrade(degrade(cat.build("dgx-a100:boxes=2"), "nic:box0/gpu0"),
                   "link:box1/gpu3--box1/nvswitch")
    assert left.name == "dgx-a100-2 without nic:box0/gpu0 without link:box1/nvswitch--box1/gpu3"
    assert cat.resolve(left.name).to_json() == left.to_json()
    assert cat.is_catalog_spec(left.name)
    assert not cat.is_catalog_spec("results/dgx-a100-2 without x.json")


def test_every_listed_choice_of_every_parameter_parses():
    """A parameter with choices takes each of them, whatever its minimum (sharp=0 was
    refused as "must be at least 1")."""
    for family in cat.families().values():
        for p in family.params:
            for choice in p.choices or ():
                assert family.parse(f"{p.name}={choice}")[p.name] == choice, (family.name, p.name)
    assert cat.build("dgx-a100:boxes=2,sharp=0").to_json() == cat.build("dgx-a100:boxes=2").to_json()
