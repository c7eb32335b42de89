"""``skagway games``, ``skagway play`` and ``skagway selfplay``."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from skagway_agents.human import HumanAgent
from tqdm import tqdm

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import (
    CHANCE,
    State,
    game_class,
    list_games,
    make_game,
)

from ..play import GameResult, play_game
from ..tables import format_table
from .common import (
    build_game,
    final_state,
    make_agents,
    parse_params,
    seat_count,
    split_specs,
)


# ---------------------------------------------------------------- skagway games
def cmd_games(args: argparse.Namespace) -> int:
    rows = []
    for name in list_games():
        info = game_class(name).info
        game = make_game(name)
        rows.append([
            name,
            info.long_name,
            f"{info.min_players}-{info.max_players}",
            ",".join(info.variants) or "-",
            game.num_distinct_actions(),
            game.observation_size(),
            "yes" if info.simultaneous_moves else "no",
        ])
    header = ["game", "long name", "players", "variants", "actions", "obs size", "simultaneous"]
    print(format_table(header, rows))
    return 0


# ---------------------------------------------------------------- skagway play
class Narrator:
    """``on_step`` callback that prints each action and the new lines of the game's
    public log (``State.log_lines``), in the order they happened.

    With ``public_only`` (a person sits at the table) every action and chance outcome
    is shown as the table sees it (``State.public_action_string``, which at a chance
    node is the game's ``public_chance_string``), so nobody reads cards dealt or
    discarded face down by others; chance outcomes that show nothing are left out.
    """

    def __init__(self, public_only: bool, out: Callable[[str], Any] = print,
                 seat_names: Sequence[str] | None = None) -> None:
        self.public_only = public_only
        self.out = out
        self.seat_names = seat_names
        self.shown_log: list[str] = []

    def seat(self, seat: int) -> str:
        """``P2``, or ``P2 (flatmc-8)`` when the seats' occupants are named."""
        return f"P{seat}" if self.seat_names is None else f"P{seat} ({self.seat_names[seat]})"

    def show_log(self, state: State) -> None:
        log = state.log_lines()
        start = len(self.shown_log) if log[: len(self.shown_log)] == self.shown_log else 0
        for line in log[start:]:
            self.out(f"  {line}")
        self.shown_log = list(log)

    def describe(self, state: State, action: int, seat: int) -> str:
        if self.public_only:
            return state.public_action_string(action, seat)
        return state.action_to_string(action, seat)

    def __call__(self, state: State, action: int | list[int]) -> None:
        self.show_log(state)
        if isinstance(action, list):
            for seat, a in enumerate(action):
                self.out(f"{self.seat(seat)}: {self.describe(state, a, seat)}")
        elif state.is_chance_node():
            if not self.public_only:
                self.out(f"chance: {state.action_to_string(action, CHANCE)}")
            elif (told := state.public_action_string(action)) != State.public_chance_string(
                    state, action):  # the default says only that something was drawn
                self.out(f"chance: {told}")
        else:
            seat = state.current_player()
            self.out(f"{self.seat(seat)}: {self.describe(state, action, seat)}")


def cmd_play(args: argparse.Namespace) -> int:
    game = build_game(args.game, seat_count(args), parse_params(args.param))
    agents = make_agents(split_specs(args, game.num_players), game, args.seed)
    seating = ", ".join(f"P{seat} {agent.name}" for seat, agent in enumerate(agents))
    print(f"{game.name}, {game.num_players} players, seed {args.seed}: {seating}")
    has_human = any(isinstance(agent, HumanAgent) for agent in agents)
    narrator = Narrator(public_only=has_human and game.info.hidden_information)
    result = play_game(game, agents, args.seed, on_step=narrator)
    end = final_state(game, result.actions)
    narrator.show_log(end)
    rows = [
        [f"P{seat}", agent.name, f"{result.scores[seat]:g}", f"{result.ranks[seat]:g}",
         f"{result.returns[seat]:+.3f}"]
        for seat, agent in enumerate(agents)
    ]
    print(f"final after {result.length} actions:")
    print(format_table(["seat", "agent", "score", "rank", "return"], rows))
    return 0


# ---------------------------------------------------------------- skagway selfplay
def cmd_selfplay(args: argparse.Namespace) -> int:
    game = build_game(args.game, seat_count(args), parse_params(args.param))
    n = game.num_players
    specs = split_specs(args, n)
    labels = [f"{spec}#{j}" for j, spec in enumerate(specs)]
    make_agents(specs, game, args.seed)  # fail on a bad spec before the progress bar
    wins, scores, ranks = (np.zeros(n) for _ in range(3))
    total_length = 0
    started = time.perf_counter()
    for i in tqdm(range(args.games), desc="selfplay", unit="game", file=sys.stderr,
                  disable=None):
        # Game i seats agent j at seat (j + i) % n, so every agent sits every seat.
        order = [(seat - i) % n for seat in range(n)]
        seed = args.seed + i
        result: GameResult = play_game(game, make_agents([specs[j] for j in order], game, seed),
                                       seed)
        wins[order] += result.win_shares
        scores[order] += result.scores
        ranks[order] += result.ranks
        total_length += result.length
    elapsed = time.perf_counter() - started
    m = args.games
    rows = [
        [labels[j], m, f"{round(wins[j], 2):g}", f"{wins[j] / m:.3f}", f"{scores[j] / m:.2f}",
         f"{ranks[j] / m:.2f}"]
        for j in range(n)
    ]
    print(f"selfplay {game.name}, {n} players, {m} games, seeds {args.seed}..{args.seed + m - 1}")
    print(format_table(["agent", "games", "wins", "win rate", "mean score", "mean rank"], rows))
    print(f"mean game length {total_length / m:.1f} actions; "
          f"{m / elapsed:.1f} games/s ({elapsed:.2f} s)")
    return 0


# ---------------------------------------------------------------- skagway tournament
