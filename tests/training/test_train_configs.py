"""Every training config in ``configs/train`` loads and passes the checks a run makes
before its folder (the game, every opponent spec, ``init_from``): a config the docs
name never fails only when someone runs it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

CONFIGS = sorted((Path(__file__).resolve().parents[2] / "configs" / "train").glob("*.yaml"))


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_training_config_passes_its_checks(path):
    if yaml.safe_load(path.read_text()).get("algo") == "exit":
        from skagway_experiments.exit.config import check_config, load_exit_config

        check_config(load_exit_config(path), str(path))
    else:
        from skagway_experiments.train import check_config, load_train_config

        check_config(load_train_config(path), str(path))
