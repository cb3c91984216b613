"""The package's imports flow one way (the layers in forestcoll_opt's docstring): no
cycles, the verifier independent of the generator and the LP, analysis and cli on top."""

import ast
from pathlib import Path

import forestcoll_opt

PACKAGE = Path(forestcoll_opt.__file__).parent
# lower number = lower layer; a module may import only modules of a lower or equal layer
LAYER = {
    "errors": 1, "files": 1, "collective": 1,
    "topology": 2, "catalog": 2, "weights": 2, "nccl": 2,
    "flow": 3, "symmetry": 3,
    "bound": 4,
    "fixed_k": 5, "splitting": 5, "packing": 5, "routing": 5, "pathunits": 5, "multicast": 5,
    "schedule": 6,
    "lp": 7, "verify": 7, "lp_schedule": 7, "msccl": 7, "msccl_check": 7, "simulate": 7,
    "baseline": 7,
    "analysis": 8, "tradeoff": 8,
    "cli": 9, "__init__": 9, "__main__": 9,
}


def imports_of(path: Path) -> set[str]:
    """Package modules imported anywhere in the file, function-level imports included."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("forestcoll_opt."):
            found.add(node.module.split(".")[1])
    return found & set(LAYER)


def graph() -> dict[str, set[str]]:
    return {p.stem: imports_of(p) for p in PACKAGE.glob("*.py")}


def test_every_module_has_a_layer():
    assert set(graph()) <= set(LAYER), set(graph()) - set(LAYER)


def test_imports_flow_downward():
    for module, deps in graph().items():
        for dep in deps:
            assert LAYER[dep] <= LAYER[module], f"{module} (layer {LAYER[module]}) imports " \
                                                f"{dep} (layer {LAYER[dep]})"
            if LAYER[dep] == LAYER[module]:
                assert module not in graph()[dep], f"{module} and {dep} import each other"


def test_verifier_shares_no_code_with_the_generator_or_the_lp():
    allowed = {"errors", "files", "topology", "flow"}
    assert graph()["verify"] <= allowed, graph()["verify"] - allowed


def test_lazy_attributes_are_listed_for_tab_completion():
    import forestcoll_opt as fc
    names = dir(fc)
    assert {"solve_lp", "lp_allreduce", "bound", "generate", "verify"} <= set(names)
    assert all(hasattr(fc, name) for name in fc.__all__)
