"""The README's commands, run top to bottom as a user would type them, in an empty folder
(with the repository's ``examples/`` and ``tests/data/`` beside it, as in a checkout).

A command whose comment says ``BELOW`` must exit 1 (the verifier's "valid, not optimal");
every other command must exit 0. The install and test lines are not run (this is the test
run), nor the ``--dask`` line (it needs a cluster). The two 1024-GPU lines take about a
minute: they run under the ``slow`` marker only when ``FORESTCOLL_README_FULL`` is set.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
from pagecommands import checkout_like, environment, run_line, run_python

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FULL = bool(os.environ.get("FORESTCOLL_README_FULL"))


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(), re.S | re.M)


def commands() -> list[str]:
    """Every command line; ``pip install ... && rest`` counts as ``rest`` (installed here)."""
    lines = [line.strip() for block in blocks("bash") for line in block.splitlines()]
    lines = [line.split("&&", 1)[1].strip() if line.startswith("pip ") and "&&" in line
             else line for line in lines]
    return [line for line in lines if line and not line.startswith("#")]


def skipped(line: str) -> str | None:
    if line.startswith(("pip ", "pytest")):      # the install, or this very test run
        return "install or test line"
    if "--dask" in line:
        return "needs a Dask cluster"
    if "boxes=128" in line and not FULL:
        return "1024 GPUs: set FORESTCOLL_README_FULL=1"
    if line.startswith(("forestcoll draw", "forestcoll report")) \
            and importlib.util.find_spec("matplotlib") is None:
        return "drawing needs the draw extra (matplotlib)"      # the bare install of CI
    return None


def expected_exit(line: str) -> int:
    comment = line.partition("#")[2]
    return 1 if "BELOW" in comment else 0


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return checkout_like(tmp_path_factory.mktemp("readme"), "examples")


def test_readme_examples_refer_to_shipped_files():
    for line in commands():
        for word in line.split():
            if word.startswith(("examples/", "tests/")):
                assert (ROOT / word).is_file(), f"README refers to {word}, not in the repository"


@pytest.mark.slow
def test_readme_commands_run_top_to_bottom(workdir):
    env = environment()
    ran = 0
    for line in commands():
        if skipped(line):
            continue
        run_line(line, workdir, env, expected_exit(line))
        ran += 1
    assert ran >= 30
    # then the Python examples, in the same folder (they read the files made above)
    for code in blocks("python"):
        run_python(code, workdir, env)


def test_the_fabric_paragraph_names_the_models_that_take_one(tmp_path):
    """The README says which catalog models take fabric= and which refuse it: the lists
    are the catalog's own, the refused spec is refused, and the import it points to for
    DGX A100 scalable units works."""
    from forestcoll_opt.errors import CatalogError
    from forestcoll_opt.model.catalog import build, families
    from forestcoll_opt.runtimes.nccl_import import import_nccl, nccl_example

    (text,) = [" ".join(p.split()) for p in README.read_text().split("\n\n")
               if "take a scale-out fabric" in " ".join(p.split())]
    taking, _, rest = text.partition(" take a scale-out fabric: ")
    taking = re.findall(r"`([\w-]+)`", taking)
    refusing = re.findall(r"`([\w-]+)`", rest.partition(" take no `fabric=`")[0]
                          .rpartition(" per rail. ")[2])
    with_fabric = {name for name, f in families().items()
                   if any(p.name == "fabric" for p in f.params)}
    assert set(taking) == with_fabric and len(taking) == 6
    assert set(refusing) == set(families()) - with_fabric - {"paper-example"} \
        == {"dgx-a100", "mi250"}
    with pytest.raises(CatalogError, match="unknown parameter 'fabric=su'"):
        build("dgx-a100:boxes=40,fabric=su")
    assert "--fabric su:boxes=20" in rest
    su = import_nccl(nccl_example("dgx-a100"), boxes=40, fabric="su:boxes=20")
    assert len(su.compute_nodes) == 320 and any(n.startswith("net/su1/") for n in su.node_ids)
