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
CHANCE_LINE_WIDTH = 100  # a long run of chance outcomes wraps at about this width


class Narrator:
    """``on_step`` callback that prints each action and the new lines of the game's
    public log (``State.log_lines``), in the order they happened: an action, then what
    it caused.

    With ``public_only`` (a person sits at the table) every action is shown as the
    table sees it (``State.public_action_string``), so nobody reads cards dealt or
    discarded face down by others, and a run of chance outcomes is told on one line
    (``a Goods die shows 4; P0 draws a Gold counter x2``), leaving out the ones that
    show nothing at all. ``own_seats`` are the seats of the person reading: their
    moves are told in their own words (``action_to_string``), as they chose them,
    and a move that was their only legal one says so (of another seat's moves, only
    when nobody is reading or nothing is hidden: how many moves a seat had can hang
    on what it hides).
    """

    def __init__(self, public_only: bool, out: Callable[[str], Any] = print,
                 seat_names: Sequence[str] | None = None,
                 own_seats: Sequence[int] = ()) -> None:
        self.public_only = public_only
        self.out = out
        self.seat_names = seat_names
        self.own_seats = frozenset(own_seats)
        self.shown_log: list[str] = []
        self.chance_run: list[str] = []  # public chance outcomes not yet printed
        self.state: State | None = None  # the last state narrated (the game's own)

    def seat(self, seat: int) -> str:
        """``P2``, ``P2 (you)``, or ``P2 (flatmc-8)`` when the seats' occupants are named."""
        if seat in self.own_seats:
            return f"P{seat} (you)"
        return f"P{seat}" if self.seat_names is None else f"P{seat} ({self.seat_names[seat]})"

    def show_log(self, state: State) -> None:
        """Print what is still untold: the pending chance outcomes, then the log lines
        ``state`` gained since the last call (``untold``)."""
        log = state.log_lines()
        start = untold(self.shown_log, log)
        if log[start:]:
            self._flush_chance()
        for line in log[start:]:
            self.out(f"  {line}")
        self.shown_log = list(log)

    def catch_up(self, state: State | None = None) -> None:
        """Tell everything up to now: before a person is asked to move, and at the end
        (``state``, else the last state narrated, which ``play_game`` has since moved on)."""
        state = state if state is not None else self.state
        if state is not None:
            self.show_log(state)
        self._flush_chance()

    def _flush_chance(self) -> None:
        if not self.chance_run:
            return
        counted: list[tuple[str, int]] = []
        for line in self.chance_run:
            if counted and counted[-1][0] == line:
                counted[-1] = (line, counted[-1][1] + 1)
            else:
                counted.append((line, 1))
        told = ""
        for line, k in counted:
            part = line if k == 1 else f"{line} x{k}"
            if told and len(told) + len(part) > CHANCE_LINE_WIDTH:
                self.out(told + ";")
                told = ""
            told = f"{told}; {part}" if told else part
        self.out(told)
        self.chance_run = []

    def describe(self, state: State, action: int, seat: int) -> str:
        if self.public_only and seat not in self.own_seats:
            text = state.public_action_string(action, seat)
        else:
            text = state.action_to_string(action, seat)
        # Only the seat itself may learn how many moves it had: another seat's count can
        # hang on what it holds unseen (a hand of one kind of card).
        told = (not self.public_only or seat in self.own_seats
                or not state.game.info.hidden_information)
        if told and len(state.legal_actions(seat)) == 1:
            text += " (the only legal move)"
        return text

    def __call__(self, state: State, action: int | list[int]) -> None:
        self.state = state  # the game's own state: ``play_game`` applies ``action`` to it
        self.show_log(state)
        if isinstance(action, list):
            self._flush_chance()
            for seat, a in enumerate(action):
                self.out(f"{self.seat(seat)}: {self.describe(state, a, seat)}")
        elif state.is_chance_node():
            if not self.public_only:
                self.out(f"chance: {state.action_to_string(action, CHANCE)}")
                return
            text = state.public_action_string(action, CHANCE)
            if text != State.public_chance_string(state, action):  # not the "nothing seen"
                self.chance_run.append(text)
        else:
            self._flush_chance()
            seat = state.current_player()
            self.out(f"{self.seat(seat)}: {self.describe(state, action, seat)}")


def untold(shown: list[str], log: list[str]) -> int:
    """Where the lines of ``log`` not yet printed begin, ``shown`` being the log as it
    was last printed. A log grows, and may drop its oldest lines when a turn or round
    begins (Skagway keeps the last turn's and this turn's): the untold part follows
    the longest end of ``shown`` that ``log`` starts with; none, and all is new."""
    for keep in range(min(len(shown), len(log)), 0, -1):
        if shown[len(shown) - keep:] == log[:keep]:
            return keep
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = build_game(args.game, seat_count(args), parse_params(args.param))
    agents = make_agents(split_specs(args, game.num_players), game, args.seed)
    seating = ", ".join(f"P{seat} {agent.name}" for seat, agent in enumerate(agents))
    print(f"{game.name}, {game.num_players} players, seed {args.seed}: {seating}")
    humans = [seat for seat, agent in enumerate(agents) if isinstance(agent, HumanAgent)]
    # One person reads their own moves in their own words; at a shared screen (two or
    # more human seats) every move shows as the table sees it.
    narrator = Narrator(public_only=bool(humans), own_seats=humans if len(humans) == 1 else ())
    for seat in humans:
        human = agents[seat]
        assert isinstance(human, HumanAgent)
        human.narrated_by(narrator.catch_up)
    result = play_game(game, agents, args.seed, on_step=narrator)
    narrator.catch_up(final_state(game, result.actions))
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
