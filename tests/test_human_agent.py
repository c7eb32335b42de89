"""The terminal agent: shows the seat's view, re-asks on bad input, stops on EOF."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import numpy as np
import pytest
from skagway_agents import AGENT_KINDS, make_agent
from skagway_agents.human import HumanAgent
from skagway_agents.random_agent import RandomAgent
from skagway_experiments import play_game

from skagway_env import Game, State, make_game
from skagway_env.core.playout import resolve_chance

GAME = "dawson_city_barbers"


def scripted(answers: Iterable[str], then: str | None = None) -> Callable[[str], str]:
    """An ``input`` replacement: the given answers, then ``then`` forever (or EOF)."""
    it: Iterator[str] = iter(answers)

    def answer(prompt: str) -> str:
        for a in it:
            return a
        if then is None:
            raise EOFError
        return then

    return answer


def first_turn(num_players: int = 3, seed: int = 0) -> tuple[Game, State]:
    """A game and its state at the first player decision (the deal done)."""
    game = make_game(GAME, num_players=num_players)
    state = game.new_initial_state()
    resolve_chance(state, np.random.default_rng(seed))
    return game, state


def test_registered_as_human() -> None:
    game = make_game(GAME)
    assert AGENT_KINDS["human"] is HumanAgent
    assert isinstance(make_agent("human", game, 0), HumanAgent)


def test_shows_the_seats_view_and_numbered_legal_actions() -> None:
    game, state = first_turn()
    seat = state.current_player()
    lines: list[str] = []
    agent = HumanAgent(game, 0, input_fn=scripted(["2"]), output_fn=lines.append)
    legal = state.legal_actions(seat)
    assert agent.act(state, seat) == legal[2]
    assert state.observation_string(seat) in lines
    for i, action in enumerate(legal):
        assert f"  [{i}] {state.action_to_string(action, seat)}" in lines


def test_bad_input_asks_again() -> None:
    game, state = first_turn()
    seat = state.current_player()
    legal = state.legal_actions(seat)
    bad = ["", "abc", str(len(legal)), "-1", "1.5", "\u00b2"]
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return bad[len(prompts) - 1] if len(prompts) <= len(bad) else " 1 "

    lines: list[str] = []
    agent = HumanAgent(game, 0, input_fn=answer, output_fn=lines.append)
    assert agent.act(state, seat) == legal[1]
    assert len(prompts) == len(bad) + 1
    complaints = [line for line in lines if "type a number from 0 to" in line]
    assert len(complaints) == len(bad)


def test_eof_exits_with_a_message() -> None:
    game, state = first_turn()
    agent = HumanAgent(game, 0, input_fn=scripted([]), output_fn=lambda line: None)
    with pytest.raises(SystemExit) as exc:
        agent.act(state, state.current_player())
    assert "input closed" in str(exc.value.code)


def test_a_scripted_human_finishes_a_game() -> None:
    game = make_game(GAME, num_players=2)
    lines: list[str] = []
    human = HumanAgent(game, 0, input_fn=scripted(["x", "999"], then="0"), output_fn=lines.append)
    result = play_game(game, [human, RandomAgent(game, 1)], seed=4)
    assert len(result.scores) == 2
    assert sum(result.returns) == pytest.approx(0.0)
    assert sum("type a number" in line for line in lines) == 2
