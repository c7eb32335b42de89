"""A tiny game with chance, simultaneous and sequential nodes, registered only by
the tests that need it, to exercise the env layer's simultaneous-move paths."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameInfo, GameParams, State

ROUNDS = 2
THROWS = ("rock", "paper", "scissors")


@dataclass(frozen=True)
class ToyParams(GameParams):
    num_players: int = 2


class ToyRpsGame(Game):
    """Each round: a coin sets the stake (1 or 2); both throw rock-paper-scissors at
    once; then the round's winner may double the stake (decline/double)."""

    info = GameInfo("toy_rps", "Toy RPS", 2, 2, hidden_information=False,
                    simultaneous_moves=True)
    params_class = ToyParams

    def num_distinct_actions(self) -> int:
        return 3

    def observation_size(self) -> int:
        return 6

    def max_game_length(self) -> int:
        return 3 * ROUNDS

    def new_initial_state(self) -> ToyRpsState:
        return ToyRpsState(self)


class ToyRpsState(State):
    def __init__(self, game: ToyRpsGame) -> None:
        super().__init__(game)
        self.round = 0
        self.stage = 0  # 0 coin, 1 throw, 2 double, 3 over
        self.stake = 0
        self.winner = -1
        self.points = [0, 0]

    def current_player(self) -> int:
        if self.stage == 3:
            return TERMINAL
        if self.stage == 0:
            return CHANCE
        if self.stage == 1:
            return SIMULTANEOUS
        return self.winner

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(1, 0.5), (2, 0.5)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.stage == 0:
            return [1, 2]
        if self.stage == 1:
            return [0, 1, 2]
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        if self.stage == 0:
            self.stake = action
            self.stage = 1
        else:
            if action == 1:
                self.stake *= 2
            self.points[self.winner] += self.stake
            self._next_round()

    def _apply_actions(self, actions) -> None:
        a, b = actions
        if a == b:
            self._next_round()
            return
        self.winner = 0 if (a - b) % 3 == 1 else 1
        self.stage = 2

    def _next_round(self) -> None:
        self.round += 1
        self.winner = -1
        self.stage = 3 if self.round == ROUNDS else 0

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if self.stage == 0:
            return f"stake {action}"
        if self.stage == 1:
            return THROWS[action]
        return ("keep", "double")[action]

    def observation_tensor(self, player: int) -> np.ndarray:
        return np.array(
            [self.round, self.stage, self.stake, self.winner == player, *self.points],
            dtype=np.float32,
        )

    def observation_string(self, player: int) -> str:
        return f"round {self.round} stage {self.stage} stake {self.stake} points {self.points}"

    def __str__(self) -> str:
        return self.observation_string(0)
