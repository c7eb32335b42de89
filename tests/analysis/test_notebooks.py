"""Every notebook runs top to bottom at its small size, and is committed without outputs.

CI runs them with ``SKAGWAY_NB_SIZE=small`` (seconds); ``make notebooks`` runs them at
full size. Each runs in a fresh kernel from the ``notebooks/`` folder, as a user opening
it would, and writes its plots to a temporary ``SKAGWAY_NB_OUT``; any error in any cell
fails the test with that cell's traceback.
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_the_notebooks_are_there() -> None:
    assert [path.name for path in NOTEBOOKS][:3] == ["01_quickstart.ipynb",
                                                     "02_strategy_report.ipynb",
                                                     "03_training.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_committed_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name} has outputs: clear them before committing")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_runs_top_to_bottom_at_small_size(path: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAGWAY_NB_SIZE", "small")
    monkeypatch.setenv("SKAGWAY_NB_OUT", str(tmp_path))
    monkeypatch.delenv("SKAGWAY_NB_DB", raising=False)
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(FOLDER)}})
    client.execute()  # raises CellExecutionError on the first failing cell
    shown = [base64.b64decode(output["data"]["image/png"]) for cell in notebook.cells
             if cell.cell_type == "code" for output in cell.outputs
             if "image/png" in output.get("data", {})]
    written = {png.name: png.read_bytes() for png in tmp_path.glob("*.png")}
    assert shown, f"{path.name} shows no plot"
    assert all(png.startswith(PNG_MAGIC) for png in shown)
    # every plot shown is also written to SKAGWAY_NB_OUT, under its own name
    assert sorted(shown) == sorted(written.values()), sorted(written)
