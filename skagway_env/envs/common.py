"""Gymnasium spaces and helpers shared by the AEC and Parallel envs."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from ..core import Game, State, make_game
from ..core.playout import resolve_chance, sample_chance  # noqa: F401  (re-exported)


def plain_seed(seed: Any) -> int | None:
    """A reset seed as Gymnasium takes it: ``None`` or a Python int (numpy integers
    such as ``np.int64(3)`` from ``rng.integers`` are accepted and converted)."""
    if seed is None or isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        if seed is not None:
            raise TypeError(f"seed must be a whole number >= 0 or None, got {seed!r}")
        return None
    if seed < 0:
        raise ValueError(f"seed must be a whole number >= 0 or None, got {seed!r}")
    return int(seed)


def agent_names(game: Game) -> list[str]:
    return [f"player_{i}" for i in range(game.num_players)]


def setup_env(env: Any, game_name: str, render_mode: str | None, params: dict,
              max_cycles: int | None = None) -> None:
    """What the AEC and Parallel envs share: the game, agents, spaces, RNG, metadata."""
    check_render_mode(render_mode)
    if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
        raise ValueError(f"max_cycles must be a positive integer or None, got {max_cycles!r}")
    env.max_cycles = max_cycles
    env.game = game = make_game(game_name, **params)
    env.render_mode = render_mode
    env.metadata = {
        "render_modes": ["ansi", "human"],
        "name": f"{game_name}_v{game.info.env_version}",
        "is_parallelizable": False,
    }
    env.possible_agents = agent_names(game)
    env.observation_spaces = dict.fromkeys(env.possible_agents, observation_space(game))
    env.action_spaces = dict.fromkeys(
        env.possible_agents, spaces.Discrete(game.num_distinct_actions())
    )
    env.state_space = state_space(game)
    env.np_random, env.np_random_seed = seeding.np_random(None)
    env.game_state = game.new_initial_state()


def observation_bounds(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """``game.observation_bounds()`` checked: float32 arrays of the tensor's size."""
    size = game.observation_size()
    low, high = game.observation_bounds()
    low = np.broadcast_to(np.asarray(low, dtype=np.float32), (size,)).copy()
    high = np.broadcast_to(np.asarray(high, dtype=np.float32), (size,)).copy()
    if np.isnan(low).any() or np.isnan(high).any() or (low > high).any():
        raise ValueError(f"{game.name}: observation bounds must satisfy low <= high")
    return low, high


def observation_space(game: Game) -> spaces.Dict:
    low, high = observation_bounds(game)
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8
            ),
        }
    )


def state_space(game: Game) -> spaces.Box:
    """``state()``: every seat's observation side by side, so each seat's bounds."""
    low, high = observation_bounds(game)
    n = game.num_players
    return spaces.Box(low=np.tile(low, n), high=np.tile(high, n), dtype=np.float32)


def end_info(state: State) -> dict[str, Any]:
    """The ``infos`` entry every agent gets when the game is over.

    ``truncated`` is true when a cap stopped the game (``State.is_truncated``): the env
    then reports a truncation, not a termination, and no end-of-game bonus was scored.
    """
    return {"scores": list(state.scores()), "returns": list(state.returns()),
            "truncated": state.is_truncated()}


def global_state(state: State) -> np.ndarray:
    """Every seat's observation side by side (PettingZoo's ``state()``)."""
    return np.concatenate([state.observation_tensor(p) for p in range(state.num_players)])


class GameEnvMixin:
    """Methods the AEC and Parallel envs share (after ``setup_env``).

    The env's generator lives in ``_np_random`` (read through ``np_random``), where
    Gymnasium's checkers look for it, as on a ``gymnasium.Env``.
    """

    game_state: State
    render_mode: str | None
    observation_spaces: dict
    action_spaces: dict
    _np_random: np.random.Generator

    @property
    def np_random(self) -> np.random.Generator:
        return self._np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._np_random = value

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """Every seat's observation side by side (PettingZoo's ``state()``)."""
        return global_state(self.game_state)

    def render(self) -> str | None:
        """``ansi`` returns the whole table as text, ``human`` prints it."""
        if self.render_mode is None:
            return None
        text = str(self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text + "\n")
        return None

    def close(self) -> None:
        pass


def check_render_mode(render_mode: str | None) -> None:
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
