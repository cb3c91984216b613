"""Execute every notebook top to bottom so none can rot.

Each notebook runs headless (nbclient, working directory a temporary folder) and must show
its figures inline (an ``image/png`` display output for every cell that draws one) without
writing any file into the repository.
"""

import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
# a cell that creates a figure: matplotlib's, a DataFrame's plot, or a drawing of fc.draw
FIGURE = re.compile(r"\bplt\.(subplots|figure)\(|\bfc\.draw\(|\.plot(\.\w+)?\(")
# never compared: bytecode caches, and git's own bookkeeping (other processes may touch it)
IGNORED = {"__pycache__", ".git"}


def repo_files():
    found = set()
    for root, dirs, files in os.walk(REPO):
        dirs[:] = [d for d in dirs if d not in IGNORED]
        found.update(str(Path(root, f).relative_to(REPO)) for f in files)
    return found


def shows_png(cell):
    """A PNG among the cell's outputs: displayed (plt.show) or the cell's value (a drawing)."""
    return any(o.get("output_type") in ("display_data", "execute_result")
               and "image/png" in o.get("data", {}) for o in cell.get("outputs", []))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path):
    nb = nbformat.read(path, as_version=4)
    before = repo_files()
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    written = repo_files() - before
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    figure_cells = [c for c in nb.cells if c.cell_type == "code" and FIGURE.search(c.source)]
    assert figure_cells, f"{path.name} draws no figure"
    silent = [c.get("id") for c in figure_cells if not shows_png(c)]
    assert not silent, f"figure cells of {path.name} that show no inline PNG: {silent}"
    assert not written, f"{path.name} wrote into the repository: {sorted(written)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_committed_clean(path):
    """Outputs cleared, figures inline, nothing saved next to the notebook."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        assert cell.get("id"), f"{path.name}: a cell without an id"
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, cell.id
            assert 'matplotlib.use("Agg")' not in cell.source, cell.id
            assert "savefig(" not in cell.source, cell.id
        else:
            assert ".png" not in cell.source, cell.id


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_on_the_docs_site(path):
    """A page of the site: docs/notebooks/ links to it and the navigation lists it (the
    build runs it, mkdocs.yml)."""
    link = REPO / "docs" / "notebooks" / path.name
    assert link.is_symlink() and link.resolve() == path.resolve(), f"docs/notebooks/{path.name}"
    assert f": notebooks/{path.name}\n" in (REPO / "mkdocs.yml").read_text()
