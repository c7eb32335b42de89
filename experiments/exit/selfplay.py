"""Games played with search, many at once, their leaves evaluated in batches.

``game_generator`` plays one whole game as a generator: at every decision the seat to
move (every seat, one after another, at a simultaneous node) runs a PUCT search over
its own views, and each leaf request is yielded tagged with the network that seat
plays. ``play_games`` keeps ``concurrency`` such games going and answers one request
from each in one forward pass a network. Every game draws only from its own rng
(seeded per game by the trainer), so the results do not depend on how many games run
at once, in which worker, or in which process: one seed gives the same games
in-process and on Ray.

``SelfPlayWorker`` is the same in a worker (a Ray actor when the trainer runs with
``workers >= 1``): it holds the networks it was last sent and plays the games it is
given.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from skagway_agents import make_agent
from skagway_agents.exit.net_file import NetHeader, NumpyNet
from skagway_agents.exit.search import (
    EvalRequest,
    Search,
    SearchSettings,
    choose_action,
    evaluate_requests,
)
from skagway_agents.threads import limit_blas_threads

from skagway_env.core import SIMULTANEOUS, Game, make_game
from skagway_env.core.playout import sample_chance

Tagged = tuple[int, EvalRequest]


@dataclass
class GameResult:
    returns: list[float]
    length: int
    """Decisions searched (single-choice decisions are played without a search)."""
    observations: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    masks: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), bool))
    policies: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    seats: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))

    def values(self) -> np.ndarray:
        """Each position's value target: the final returns, observer-relative (output k
        the seat k places after the position's seat), as the value head predicts."""
        returns = np.asarray(self.returns, dtype=np.float32)
        return np.stack([np.roll(returns, -int(s)) for s in self.seats]) if len(
            self.seats) else np.zeros((0, len(returns)), np.float32)


@dataclass(frozen=True)
class GameJob:
    seed: tuple[int, ...]
    """The game's rng seed (a ``SeedSequence`` entropy: the trainer's seed, the
    generation, the game's index)."""
    seat_nets: tuple[int, ...]
    """The network each seat plays (an index into the worker's networks)."""
    settings: SearchSettings
    temperature_moves: int = 0
    record: bool = False
    """Keep every searched position (self-play), or only the returns (matches)."""
    seat_agents: tuple[str | None, ...] = ()
    """An agent spec for each seat played by a fixed agent (a heuristic style) instead
    of a network, None for a network's seat; empty: every seat a network's. A fixed
    seat plays ``agent.act(state.view(seat, rng), seat)`` and its positions are never
    recorded (its moves are not the search's targets)."""

    def agent_at(self, seat: int) -> str | None:
        return self.seat_agents[seat] if self.seat_agents else None


def game_generator(game: Game, job: GameJob) -> Generator[Tagged, tuple, GameResult]:
    """One game, searching at every decision (see the module docstring)."""
    rng = np.random.default_rng(np.random.SeedSequence(list(job.seed)))
    fixed = {seat: make_agent(spec, game, int(rng.integers(2**31)))
             for seat, spec in enumerate(job.seat_agents) if spec is not None}
    state = game.new_initial_state()
    players = game.num_players
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        cur = state.current_player()
        seats = range(players) if cur == SIMULTANEOUS else (cur,)
        chosen = []
        for seat in seats:
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                chosen.append(legal[0])
                continue
            if seat in fixed:
                chosen.append(fixed[seat].act(state.view(seat, rng), seat))
                continue
            search = Search(job.settings, players, rng).run(state, seat)
            result = yield from _tagged(search, job.seat_nets[seat])
            if job.record:
                rows.append((state.observation_tensor(seat),
                             state.legal_actions_mask(seat).astype(bool),
                             result.policy(game.num_distinct_actions()), seat))
            temperature = 1.0 if decisions < job.temperature_moves else 0.0
            chosen.append(choose_action(result, temperature, rng))
            decisions += 1
        if cur == SIMULTANEOUS:
            state.apply_actions(chosen)
        else:
            state.apply_action(chosen[0])
    result = GameResult(list(state.returns()), decisions)
    if rows:
        result.observations = np.stack([r[0] for r in rows]).astype(np.float32)
        result.masks = np.stack([r[1] for r in rows])
        result.policies = np.stack([r[2] for r in rows])
        result.seats = np.array([r[3] for r in rows], dtype=np.int64)
    return result


def _tagged(search: Generator, net: int) -> Generator[Tagged, tuple, Any]:
    """A search whose requests go out tagged with the network that answers them."""
    try:
        request = next(search)
        while True:
            answer = yield (net, request)
            request = search.send(answer)
    except StopIteration as done:
        return done.value


def play_games(game: Game, jobs: Sequence[GameJob],
               evaluators: Sequence[Callable[[np.ndarray], tuple]],
               concurrency: int) -> list[GameResult]:
    """Play ``jobs`` (in their order in the result), ``concurrency`` at a time, one
    batched forward pass a network a round."""
    results: list[GameResult | None] = [None] * len(jobs)
    active: dict[int, tuple[Generator, Tagged]] = {}
    queue = iter(range(len(jobs)))

    def start() -> None:
        for index in queue:
            generator = game_generator(game, jobs[index])
            try:
                active[index] = (generator, next(generator))
                return
            except StopIteration as done:
                results[index] = done.value

    for _ in range(concurrency):
        start()
    while active:
        by_net: dict[int, list[int]] = {}
        for index, (_, (net, _)) in active.items():
            by_net.setdefault(net, []).append(index)
        for net, indices in sorted(by_net.items()):
            answers = evaluate_requests([active[i][1][1] for i in indices], evaluators[net])
            for index, answer in zip(indices, answers, strict=True):
                generator = active[index][0]
                try:
                    active[index] = (generator, generator.send(answer))
                except StopIteration as done:
                    results[index] = done.value
                    del active[index]
                    start()
    return results  # type: ignore[return-value]


class SelfPlayWorker:
    """Plays the games it is given with the networks it was last sent (a Ray actor
    when the trainer has workers; the same object in-process otherwise)."""

    def __init__(self, game_name: str, players: int, params: dict[str, Any],
                 concurrency: int) -> None:
        limit_blas_threads(1)  # small products: one thread is the fast way (agents/threads.py)
        self.game = make_game(game_name, num_players=players, **params)
        self.concurrency = concurrency
        self.nets: list[NumpyNet] = []

    def set_nets(self, nets: Sequence[tuple[dict[str, Any], dict[str, np.ndarray]]]) -> None:
        """The networks as (header dict, weights): 0 the best, 1 a candidate."""
        self.nets = [NumpyNet(NetHeader(**header), weights) for header, weights in nets]

    def play(self, jobs: Sequence[GameJob]) -> tuple[list[GameResult], int]:
        """The games' results, and the network evaluations they took."""
        before = sum(net.evaluations for net in self.nets)
        results = play_games(self.game, jobs, [net.evaluate for net in self.nets],
                             self.concurrency)
        return results, sum(net.evaluations for net in self.nets) - before
