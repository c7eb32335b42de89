"""Start a PPO run from a trained bot (``init_from: <bot file>`` in a ``skagway train``
config): before the first rollout the learner takes the bot's weights, policy and value
head both, so a bot trained against one league can go on learning against another
(the Dawson City Barbers 4-seat bot, trained against three barbers, continued against
the three styles; ``agents/rl/RESULTS.md``). The optimiser starts fresh and the run
counts its own steps from 0; its config records the file it started from.

The bot must fit the learner exactly: the same game, engine version, player count,
observation and action sizes (``PolicyHeader.check``), the same ``ppo.net_arch`` and
``ppo.activation``, and the same ``hint`` and ``hint_weight`` (a hinted bot's weights
read the hint on the observation). Anything else is refused in one line before a run
folder exists. A resumed run never loads it again: its checkpoint holds the weights.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skagway_agents.policy_file import PolicyFileError, PolicyHeader, read_header

from skagway_env.core import Game

PREFIX = "ppo:"


def bot_file(init_from: str) -> Path:
    """``ppo:<file>`` or ``<file>`` -> the file (a spec's options are not taken)."""
    path = init_from.removeprefix(PREFIX)
    if "," in path:
        raise ValueError(f"{init_from!r}: give the bot's file alone; spec options such as "
                         "greedy= are not taken (the learner samples its own moves)")
    return Path(path)


def check_bot_start(init_from: str, game: Game, net_arch: list[int], activation: str,
                    hint: str | None, hint_weight: float) -> PolicyHeader:
    """The bot's header, or ``ValueError`` saying in one line what does not fit."""
    path = bot_file(init_from)
    try:
        header = read_header(path)  # its errors name the file
    except PolicyFileError as exc:
        raise ValueError(str(exc)) from None
    try:
        header.check(game)
    except PolicyFileError as exc:
        raise ValueError(f"{path}: {exc}") from None
    if (list(header.net_arch), header.activation) != (list(net_arch), activation):
        raise ValueError(f"{path} is a {header.activation} network of {header.net_arch}; "
                         f"set ppo.net_arch: {header.net_arch} and ppo.activation: "
                         f"{header.activation} to start from it (the run has "
                         f"{activation} {list(net_arch)})")
    trained: dict[str, Any] = {"hint": header.extra.get("hint"),
                               "hint_weight": header.extra.get("hint_weight")}
    wanted = {"hint": hint, "hint_weight": hint_weight if hint is not None else None}
    if trained != wanted:
        said = (f"hint: {trained['hint']!r} and hint_weight: {trained['hint_weight']}"
                if trained["hint"] is not None else "no hint")
        raise ValueError(f"{path} was trained with {said}; start from it with the same "
                         "(its weights read the hint on the observation)")
    return header


def load_bot_weights(policy: Any, init_from: str) -> PolicyHeader:
    """Copy the bot's weights into the learner's policy (checked by ``check_bot_start``
    when the config was read); its header."""
    from skagway_agents.policy_file import read_weights
    from skagway_agents.rl.network import load_arrays

    path = bot_file(init_from)
    load_arrays(policy, read_weights(path))
    return read_header(path)
