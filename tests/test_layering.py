"""The package's folders are its layers, and imports flow one way between them: no cycles,
the verifier independent of the generator and the LP, analysis and the CLI on top
(docs/develop.md draws the picture)."""

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

import forestcoll_opt

PACKAGE = Path(forestcoll_opt.__file__).parent
# a module may import modules of its own layer (without a cycle) or of lower layers
LAYER = {
    "": 1,             # errors, files, executors, display: the base every layer stands on
    "model": 2,        # topology, collectives, weights, schedule format, catalog + machines
    "kernels": 3,      # integer max-flow, automorphism group
    "generation": 4,   # bound, fixed k, splitting, packing, routing, multicast, pipeline
    "lp": 5, "verify": 5, "runtimes": 5, "timing": 5,
    "analysis": 6, "draw": 6,   # sweeps and comparisons; pictures of the model and results
    "cli": 7,
}
TOP = {"forestcoll_opt.__init__", "forestcoll_opt.__main__"}   # the public face: may import all


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    return ".".join(rel.parts)


def folder(module: str) -> str:
    """forestcoll_opt.generation.bounding -> generation; forestcoll_opt.files -> ''."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else ""


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(path: Path, module: str) -> set[str]:
    """Package modules imported anywhere in the file, function-level imports included."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if not target.startswith("forestcoll_opt"):
                continue
            names = [f"{target}.{a.name}" for a in node.names]
            found.update(n for n in names if n in modules() or f"{n}.__init__" in modules())
            found.add(target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("forestcoll_opt"))
    known = set(modules()) | {m.removesuffix(".__init__") for m in modules()}
    return {m for m in found if m in known and m != "forestcoll_opt"}


def graph() -> dict[str, set[str]]:
    return {m: imports_of(p, m) for m, p in modules().items()}


def test_every_folder_is_a_layer():
    folders = {folder(m) for m in modules()} - {"schemas"}
    assert folders <= set(LAYER), folders - set(LAYER)


def test_no_module_above_800_lines():
    long = {m: n for m, p in modules().items() if (n := len(p.read_text().splitlines())) > 800}
    assert not long, f"cut these along their seams: {long}"


def test_imports_flow_downward():
    g = graph()
    for module, deps in g.items():
        if module in TOP:
            continue
        for dep in deps:
            dep = dep.removesuffix(".__init__")
            a, b = LAYER.get(folder(module), 0), LAYER.get(folder(dep), 0)
            assert b <= a, f"{module} (layer {folder(module) or 'base'}) imports {dep} " \
                           f"(layer {folder(dep) or 'base'})"


def test_no_import_cycles():
    g = {m.removesuffix(".__init__"): {d.removesuffix(".__init__") for d in deps}
         for m, deps in graph().items() if m not in TOP}
    state: dict[str, int] = {}

    def visit(m, stack):
        state[m] = 1
        for d in sorted(g.get(m, ())):
            if d.startswith(m + ".") or m.startswith(d + "."):
                continue      # a package and its own modules
            if state.get(d) == 1:
                raise AssertionError(" -> ".join(stack + [d]))
            if d not in state:
                visit(d, stack + [d])
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m, [m])


def test_verifier_shares_no_code_with_the_generator_or_the_lp():
    allowed = {"forestcoll_opt.errors", "forestcoll_opt.files", "forestcoll_opt.display",
               "forestcoll_opt.model", "forestcoll_opt.model.collective",
               "forestcoll_opt.model.topology", "forestcoll_opt.kernels",
               "forestcoll_opt.kernels.flow"}
    for module, deps in graph().items():
        if folder(module) == "verify":
            outside = {d for d in deps if folder(d) != "verify"} - allowed
            assert not outside, f"{module} imports {outside}"


# the module paths of the flat layout before the layer folders
FLAT_PATHS = ("baseline", "bound", "catalog", "collective", "fixed_k", "flow", "lp_schedule",
              "msccl", "msccl_check", "multicast", "nccl", "packing", "pathunits", "routing",
              "schedule", "simulate", "splitting", "symmetry", "topology", "tradeoff",
              "weights", "models")


@pytest.mark.parametrize("old", FLAT_PATHS)
def test_the_flat_module_paths_are_gone(old):
    # nothing released yet, so no alias: an old path is not a module, and where the name is
    # a function of the package (fc.bound, fc.baseline, ...) it stays the function
    before = getattr(forestcoll_opt, old, None)
    with pytest.raises(ModuleNotFoundError, match=f"^No module named 'forestcoll_opt.{old}'"):
        importlib.import_module(f"forestcoll_opt.{old}")
    assert f"forestcoll_opt.{old}" not in sys.modules
    assert getattr(forestcoll_opt, old, None) is before
    assert before is None or callable(before) and before.__name__ == old


def test_lazy_attributes_are_listed_for_tab_completion():
    import forestcoll_opt as fc
    names = dir(fc)
    assert {"solve_lp", "lp_allreduce", "bound", "generate", "verify"} <= set(names)
    assert all(hasattr(fc, name) for name in fc.__all__)


FLAG = re.compile(r"(^|[\s(\"'`])--[a-z]")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions, and of
    attribute docstrings (a string alone as a statement)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


@pytest.mark.parametrize("name", sorted(m for m in modules() if folder(m) != "cli"))
def test_library_messages_name_no_command_line_flags(name):
    """The package below the CLI is a library: its errors, reasons, notes and log lines
    read right from Python and name keyword arguments (``time_limit=``), never a command's
    options; the CLI writes its own options (:func:`forestcoll_opt.cli.output.flag_text`).
    Every string of a non-CLI module is scanned but its docstrings (which may show a
    command line); the verifier's docstrings too."""
    tree = ast.parse(modules()[name].read_text(encoding="utf-8"))
    skip = set() if folder(name) == "verify" else _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in skip:
            assert not FLAG.search(node.value), f"{name}, line {node.lineno}: {node.value!r}"


def test_the_flag_scan_finds_a_flag_in_a_message():
    tree = ast.parse('def f():\n    """Run ``forestcoll lp --json``."""\n'
                     '    raise ValueError(f"raise the limit ({x} / --time-limit)")\n')
    skip = _docstrings(tree)
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and id(n) not in skip and FLAG.search(n.value)]
    assert found == [" / --time-limit)"]
