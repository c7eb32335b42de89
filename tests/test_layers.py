"""The packages are layered: ``skagway_env`` (games, envs) <- ``skagway_agents``
(``agents/``) <- ``skagway_experiments`` (``experiments/``: runners, the command line).
No import goes upwards, so there is no cycle, and nothing generic is installed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"skagway_env": ROOT / "skagway_env", "skagway_agents": ROOT / "agents",
          "skagway_experiments": ROOT / "experiments"}
ORDER = list(LAYERS)  # lowest first


def imported_packages(folder: Path) -> dict[str, set[str]]:
    """Top-level names imported by each module under ``folder`` (absolute imports)."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize("layer", ORDER)
def test_no_import_goes_up_a_layer(layer):
    above = set(ORDER[ORDER.index(layer) + 1:])
    bad = {path: sorted(names & above)
           for path, names in imported_packages(LAYERS[layer]).items() if names & above}
    assert not bad, f"{layer} imports a layer above it: {bad}"


def test_nothing_imports_the_folders_by_their_generic_names():
    bad = {path: sorted(names & {"agents", "experiments"})
           for folder in [*LAYERS.values(), ROOT / "tests"]
           for path, names in imported_packages(folder).items()
           if names & {"agents", "experiments"}}
    assert not bad, f"import skagway_agents / skagway_experiments instead: {bad}"


def test_importing_skagway_env_loads_no_agent_runner_or_torch():
    code = ("import sys, skagway_env; skagway_env.make_env('skagway'); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'skagway_agents', 'skagway_experiments', 'agents', 'experiments', 'torch'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd="/")
    assert out.stdout.strip() == "[]"


def test_installed_names_are_the_three_layers():
    import skagway_agents
    import skagway_experiments

    assert Path(skagway_agents.__file__).parent == LAYERS["skagway_agents"]
    assert Path(skagway_experiments.__file__).parent == LAYERS["skagway_experiments"]
