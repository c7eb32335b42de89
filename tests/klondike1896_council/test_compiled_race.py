"""Issue 21: the C twin of the race's legality search (``skagway_env/_speedups/
_council_race.c``, ``race.legal_bits``) gives ``race.legal_python``'s bit set, and its
pick of a set bit (``nth_bit``) is the listed action: for every seat at every position
of games played by the heuristic styles ("sensible", "mixed") and by uniform seats, at
every player count and variant, and in views (redrawn covers); so are its one-call
draw (``random_choice``: the count asked of ``below``, the action at the index drawn)
and its one-slot search (``slot_offsets``, ``race.offsets_python``). Searches and playouts
are the same with the twin and without it (``SKAGWAY_PURE_PYTHON``'s path)."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents.mcts import MCTSAgent

from skagway_env.core.playout import apply_entry
from skagway_env.games.klondike1896_council import race

from ..conftest import GameConfig
from ..walks import walk
from .helpers import GAME, twin_configs

pytestmark = pytest.mark.skipif(
    race._COMPILED is None,
    reason="the C twin is not built here (no compiler at install, or SKAGWAY_PURE_PYTHON)")

CONFIGS = twin_configs()


def _problems(state, label: str) -> list[str]:
    """Each seat's bits by the twin and by Python, and the twin's pick of the first,
    middle and last of them against the listing of the Python bits."""
    found = []
    for seat in range(state.num_players):
        python = race.legal_python(state, seat)
        compiled = race.legal_bits(state, seat)
        if compiled != python:
            found.append(f"{label} seat {seat}: bits {compiled ^ python:#x} differ")
            continue
        listed = [a for a in range(python.bit_length()) if python >> a & 1]
        if race._COMPILED.bit_list(python) != listed:
            found.append(f"{label} seat {seat}: the bit list differs")
        for index in {0, len(listed) // 2, len(listed) - 1}:
            if race._COMPILED.nth_bit(python, index) != listed[index]:
                found.append(f"{label} seat {seat}: pick {index} differs")
            asked: list[int] = []
            drawn = race._COMPILED.random_choice(
                state.game.race_table, state.covered[seat], state.halo[seat],
                state.used[seat], state.landscape[seat], len(race.slots_of(state, seat)),
                lambda n, i=index, into=asked: into.append(n) or i)
            if drawn != listed[index] or asked != [len(listed)]:
                found.append(f"{label} seat {seat}: draw {index} differs ({asked})")
        if state.landscape[seat]:
            for slot in race.slots_of(state, seat):
                if race.legal_offsets(state, seat, slot) != race.offsets_python(
                        state, seat, slot):
                    found.append(f"{label} seat {seat}: slot {slot}'s offsets differ")
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize("policy", ["sensible", "mixed", "uniform"])
def test_the_c_twin_gives_the_python_bits(config, policy):
    game = config.make()
    assert game.race_table is not None
    played = walk(config, policy, 0, 2700 + config.num_players, max_steps=400)
    state = game.new_initial_state()
    rng = np.random.default_rng(2701)
    problems: list[str] = []
    placed = 0
    for at, entry in enumerate([*played.history, None]):
        problems += _problems(state, f"{played} step {at}")
        placed += sum(map(len, state.placed))
        if at % 11 == 3 and not state.is_terminal():
            seat = int(rng.integers(state.num_players))
            problems += _problems(state.view(seat, rng), f"{played} view of {seat} at {at}")
        if entry is not None:
            apply_entry(state, entry)
    assert len(played.history) > 100 and placed > 50  # deep, with claims on the boards
    assert not problems, "\n".join(problems[:5])


def test_nth_bit_and_bit_list_count_every_bit_and_refuse_past_the_last():
    pick = race._COMPILED.nth_bit
    value = (1 << 6949) | (1 << 200) | (1 << 64) | (1 << 63) | 1
    assert [pick(value, i) for i in range(5)] == [0, 63, 64, 200, 6949]
    assert race._COMPILED.bit_list(value) == [0, 63, 64, 200, 6949]
    assert race._COMPILED.bit_list(0) == []
    with pytest.raises(IndexError):
        pick(value, 5)
    with pytest.raises(IndexError):
        pick(0, 0)
    with pytest.raises(ValueError):
        pick(-1, 0)


def test_a_draw_past_the_count_is_refused():
    game = GameConfig(GAME, 3).make()
    args = (game.race_table, 0, game.grid.start, 0, [], 11)
    count = race._COMPILED.legal_bits(*args).bit_count()
    assert race._COMPILED.random_choice(*args, lambda n: n - 1) == game.codec.wait
    for index in (count, -1):
        with pytest.raises(IndexError):
            race._COMPILED.random_choice(*args, lambda n, i=index: i)
    with pytest.raises(ZeroDivisionError):
        race._COMPILED.random_choice(*args, lambda n: 1 // 0)


def test_the_c_twin_checks_its_table():
    game = GameConfig(GAME, 3).make()
    with pytest.raises(ValueError, match="inconsistent"):
        race._COMPILED.legal_bits(game.race_table[:-8], 0, game.grid.start, 0, [0], 11)
    with pytest.raises(ValueError, match="more boards"):
        race._COMPILED.legal_bits(game.race_table, 0, game.grid.start, 0, [0] * 5, 11)


def _search(config: GameConfig, compiled, monkeypatch) -> list[tuple]:
    """The root statistics of a few fixed-seed searches, with the twin or without."""
    monkeypatch.setattr(race, "_COMPILED", compiled)
    game = config.make()
    assert (game.race_table is None) == (compiled is None)
    played = walk(config, "sensible", 0, 2710, max_steps=300)
    out = []
    for at in (40, 120, 200):
        state = played.positions(game, [at])[0]
        if state.is_terminal():
            continue
        seat = next((q for q in range(state.num_players)
                     if len(state.legal_actions(q)) > 1), 0)
        agent = MCTSAgent(game, seed=at, iterations=12)
        root = agent.search(state, seat)
        out.append(sorted((a, c.visits, round(c.total, 9)) for a, c in root.children.items()))
    return out


@pytest.mark.parametrize("config", [CONFIGS[3], CONFIGS[4]], ids=str)
def test_searches_are_the_same_without_the_twin(config, monkeypatch):
    compiled = race._COMPILED
    fast = _search(config, compiled, monkeypatch)
    plain = _search(config, None, monkeypatch)
    assert fast == plain and len(fast) >= 2


@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[4]], ids=str)
def test_the_twins_copy_is_the_python_copy_and_shares_no_list(config):
    """``copy_two_levels`` (``CouncilState.clone``'s copy) gives ``copy_python``'s list
    for every list field of positions of a played game, a fresh list at each level."""
    game = config.make()
    state = game.new_initial_state()
    for step, entry in enumerate(walk(config, "sensible", 0, 2720).history):
        if step % 7 == 0:
            for value in state.__dict__.values():
                if type(value) is not list:
                    continue
                copied = race._COMPILED.copy_two_levels(value)
                assert copied == race.copy_python(value) and copied is not value
                assert all(c is not v for c, v in zip(copied, value, strict=True)
                           if type(v) is list)
        apply_entry(state, entry)
    assert race._COMPILED.copy_two_levels([]) == []
    with pytest.raises(TypeError):
        race._COMPILED.copy_two_levels((1, 2))
