"""Golden playthroughs (after OpenSpiel's integration_tests/playthroughs).

A playthrough is a seeded random game written out node by node: every seat's
observation string, the observer's tensor (non-zero entries), the legal actions
with their names, and the action taken. The files are committed; the test replays
each and diffs. After an intended rules or encoding change, regenerate with

    make golden        (or: .venv/bin/python -m tests.golden.regenerate)

and review the diff before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import skagway_env
from skagway_env.core import SIMULTANEOUS, State, game_class
from skagway_env.core.playout import sample_chance

FOLDER = Path(__file__).parent
PLAYERS = 3  # each game's golden file is played at this count (or its nearest)
SEED = 20261129


def default_spec(name: str) -> dict:
    info = game_class(name).info
    players = min(max(PLAYERS, info.min_players), info.max_players)
    return {"game": name, "params": {"num_players": players}, "seed": SEED}


def path_for(spec: dict) -> Path:
    return FOLDER / f"{spec['game']}.txt"


def _tensor(state: State, player: int) -> str:
    obs = state.observation_tensor(player)
    return " ".join(f"{i}:{obs[i]:.4g}" for i in np.flatnonzero(obs))


def _decision(state: State, seats: list[int], lines: list[str]) -> None:
    for p in range(state.num_players):
        lines.append(f"observation_string({p}):")
        lines += [f"  {line}" for line in state.observation_string(p).splitlines()]
    for p in seats:
        lines.append(f"observation_tensor({p}) nonzero: {_tensor(state, p)}")
        legal = state.legal_actions(p)
        lines.append(f"legal_actions({p}): {legal}")
        lines.append("  " + "; ".join(f"{a}={state.action_to_string(a, p)}" for a in legal))


def render(spec: dict) -> str:
    """The playthrough text for ``spec`` (game, params, seed)."""
    game = skagway_env.make_game(spec["game"], **spec["params"])
    rng = np.random.default_rng(spec["seed"])
    state = game.new_initial_state()
    lines = [f"# {json.dumps(spec)}", f"# {game!r}", ""]
    move = 0
    while not state.is_terminal():
        cur = state.current_player()
        lines.append(f"--- move {move}, current player {cur}")
        if state.is_chance_node():
            action: int | list[int] = sample_chance(state, rng)
            lines.append(f"chance: {action} ({state.action_to_string(action)})")
            state.apply_action(action)
        else:
            seats = list(range(state.num_players)) if cur == SIMULTANEOUS else [cur]
            _decision(state, seats, lines)
            if cur == SIMULTANEOUS:
                action = [int(rng.choice(state.legal_actions(p))) for p in seats]
                state.apply_actions(action)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
                lines.append(f"action: {action} ({state.action_to_string(action)})")
                state.apply_action(action)
        move += 1
    lines.append("--- terminal")
    for p in range(state.num_players):
        lines.append(f"observation_string({p}):")
        lines += [f"  {line}" for line in state.observation_string(p).splitlines()]
    lines.append(f"scores: {state.scores()}")
    lines.append(f"returns: {state.returns()}")
    lines.append(f"history: {state.history}")
    return "\n".join(lines) + "\n"


def read_spec(path: Path) -> dict:
    first = path.read_text().splitlines()[0]
    return json.loads(first.removeprefix("# "))
