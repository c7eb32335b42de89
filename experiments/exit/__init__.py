"""Expert iteration (``skagway train --algo exit``): ``trainer.py`` has the loop (and
``train``/``resume``), ``selfplay.py`` the batched self-play workers, ``config.py`` the
settings. Nothing is imported here, so a Ray worker that loads ``selfplay`` imports
neither torch nor Stable-Baselines3."""
