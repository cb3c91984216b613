"""Every layer has a public face: its ``__init__`` exports the names users call (``__all__``),
none of them the name of one of the layer's own modules (the module would shadow it), the
lazy faces (lp, runtimes) declare for type checkers and the reference exactly what they
load, and docs/api.md documents each name on its layer's face, never by a module's path."""

import ast
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import forestcoll_opt

PACKAGE = Path(forestcoll_opt.__file__).parent
ROOT = Path(__file__).resolve().parents[1]      # the checkout (CI installs the package)
FACES = ("model", "kernels", "generation", "generation.baselines", "lp", "verify", "runtimes",
         "timing", "analysis", "draw")
LAZY = ("lp", "runtimes")


def _modules(folder: Path) -> set[str]:
    return {p.stem for p in folder.iterdir()
            if p.suffix == ".py" and p.stem != "__init__" or (p / "__init__.py").exists()}


@pytest.mark.parametrize("layer", FACES)
def test_a_layer_face_exports_its_own_names(layer):
    face = importlib.import_module(f"forestcoll_opt.{layer}")
    names = face.__all__
    assert names and len(set(names)) == len(names)
    clash = set(names) & _modules(Path(face.__file__).parent)
    assert not clash, f"forestcoll_opt.{layer} exports names of its own modules: {clash}"
    for name in names:
        value = getattr(face, name)
        assert not inspect.ismodule(value), name
        if inspect.isclass(value) or inspect.isfunction(value):
            # defined in the layer (the errors every layer raises live in the base)
            module = value.__module__
            assert module == f"forestcoll_opt.{layer}" or module.startswith(
                f"forestcoll_opt.{layer}.") or module == "forestcoll_opt.errors", (name, module)
    assert set(names) <= set(dir(face))


@pytest.mark.parametrize("layer", LAZY)
def test_a_lazy_face_declares_what_it_loads(layer):
    face = importlib.import_module(f"forestcoll_opt.{layer}")
    tree = ast.parse(Path(face.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and getattr(node.test, "id", None) == "TYPE_CHECKING")
    declared = {a.asname or a.name: "." + "." * (n.level - 1) + n.module
                for n in block.body for a in n.names}
    assert declared == face._WHERE
    assert sorted(face.__all__) == sorted(face._WHERE)


def test_the_lazy_faces_load_no_solver_until_asked():
    code = ("import sys\n"
            "import forestcoll_opt.lp as lp, forestcoll_opt.runtimes as rt\n"
            "assert 'pulp' not in sys.modules and 'highspy' not in sys.modules\n"
            "assert 'solve_alltoall' in dir(lp) and 'check_xml' in dir(rt)\n"
            "assert lp.solve_alltoall.__module__ == 'forestcoll_opt.lp.alltoall.model'\n"
            "assert 'highspy' in sys.modules and lp.solve_alltoall is lp.solve_alltoall\n"
            "assert rt.export_msccl.__module__ == 'forestcoll_opt.runtimes.msccl_export'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_the_api_reference_documents_the_faces():
    entries = re.findall(r"^::: (\S+)$", (ROOT / "docs" / "api.md").read_text(), re.M)
    assert len(entries) > 100
    for entry in entries:
        if entry in ("forestcoll_opt", "forestcoll_opt.errors", "forestcoll_opt.display"):
            continue
        layer, _, name = entry.removeprefix("forestcoll_opt.").rpartition(".")
        assert layer in FACES, f"{entry}: document it on its layer's face"
        assert name in importlib.import_module(f"forestcoll_opt.{layer}").__all__, entry
