"""skagway_experiments: the layer above the games and the agents.

Installed from the repository's ``experiments/`` folder under the distinct import name
``skagway_experiments`` (``agents/`` is ``skagway_agents``), so that the distribution
installs no generic top-level names. It holds what runs games with agents: ``play_game``,
tournaments (``skagway_experiments.tournament``), the ``skagway`` command line
(``skagway_experiments.cli``) and the benchmark scripts. Layers import downwards only:
``skagway_env`` <- ``skagway_agents`` <- ``skagway_experiments``.
"""

from .play import GameResult, play_game

__all__ = ["GameResult", "play_game"]
