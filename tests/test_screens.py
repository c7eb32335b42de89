"""What a person at ``skagway play`` reads (issue 19): every event told once and in
order, forced moves played without asking, one's own moves in one's own words, and
Skagway and Klondike 1896 screens with labelled holdings, numbered grids and moves
previewed in words. Each test feeds a human agent scripted input, as
``tests/test_human_agent.py`` does."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest
from skagway_agents.human import HumanAgent
from skagway_agents.random_agent import RandomAgent
from skagway_experiments import play_game
from skagway_experiments.cli import main
from skagway_experiments.cli.play import Narrator, untold

from skagway_env import State, make_game
from skagway_env.core.playout import resolve_chance


def no_input(prompt: str) -> str:
    raise AssertionError(f"asked {prompt!r} although the move was forced")


def random_until(state: State, seed: int, stop: Callable[[State], bool]) -> State:
    """Random legal play (chance included) from ``state`` until ``stop`` holds."""
    rng = np.random.default_rng(seed)
    while not stop(state):
        assert not state.is_terminal(), "the game ended before the position was found"
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p)))
                                 for p in range(state.num_players)])
        elif state.is_chance_node():
            resolve_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def one_legal_move(state: State) -> bool:
    return (not state.is_chance_node() and not state.is_simultaneous_node()
            and not state.is_terminal() and len(state.legal_actions()) == 1)


# ---------------------------------------------------------------- the human agent
def test_a_forced_move_is_played_without_asking_and_said() -> None:
    game = make_game("skagway", num_players=3)
    state = random_until(game.new_initial_state(), 3, one_legal_move)
    seat = state.current_player()
    lines: list[str] = []
    agent = HumanAgent(game, 0, input_fn=no_input, output_fn=lines.append)
    assert agent.act(state, seat) == state.legal_actions()[0]
    move = state.action_to_string(state.legal_actions()[0], seat)
    assert lines == [f"P{seat} has one legal move, played without asking: {move}"]


def test_a_narrated_human_sees_the_position_after_the_events() -> None:
    """With a narrator the screen leaves the event log to it (no event twice), and
    the narrator is asked to catch up first (events before the screen)."""
    game = make_game("skagway", num_players=3)
    state = random_until(game.new_initial_state(), 5,
                         lambda s: not s.is_chance_node() and len(s.legal_actions()) > 1
                         and len(s.log_lines()) > 1)
    seat = state.current_player()
    lines: list[str] = []
    agent = HumanAgent(game, 0, input_fn=lambda prompt: "0", output_fn=lines.append)
    agent.narrated_by(lambda: lines.append("<catch up>"))
    agent.act(state, seat)
    assert lines[0] == "<catch up>"
    assert state.position_string(seat) in lines
    assert state.observation_string(seat) not in lines
    screen = "\n".join(lines)
    assert not any(event in screen for event in state.log_lines())


# ---------------------------------------------------------------- the narrator
def test_own_moves_in_own_words_others_as_the_table_sees_them() -> None:
    """[4.6] A Gold counter goes back face down: the table reads "a Gold counter", its
    owner reads which one."""
    game = make_game("skagway", num_players=3)
    state = random_until(game.new_initial_state(), 1,
                         lambda s: str(getattr(s, "stage", "")) == "keep_gold")
    seat = state.current_player()
    action = state.legal_actions()[0]
    own: list[str] = []
    Narrator(public_only=True, out=own.append, own_seats=[seat])(state, action)
    table: list[str] = []
    Narrator(public_only=True, out=table.append)(state, action)
    said = state.action_to_string(action, seat)
    assert said.startswith("return a $")
    assert own[-1].startswith(f"P{seat} (you): {said}")
    assert table[-1] == f"P{seat}: return a Gold counter face down" + (
        " (the only legal move)" if len(state.legal_actions()) == 1 else "")


def skagway_with_a_human(seed: int) -> tuple[list[str], list[str], State]:
    """A 3-seat Skagway game, a scripted human in seat 0, as ``skagway play`` runs it:
    (everything printed, the human's screens alone, the final state)."""
    game = make_game("skagway", num_players=3, max_turns=6)
    printed: list[str] = []
    screens: list[str] = []

    def human_out(line: str) -> None:
        printed.append(line)
        screens.append(line)

    human = HumanAgent(game, 0, input_fn=lambda prompt: "1", output_fn=human_out)
    narrator = Narrator(public_only=True, out=printed.append, own_seats=[0])
    human.narrated_by(narrator.catch_up)
    result = play_game(game, [human, RandomAgent(game, 1), RandomAgent(game, 2)], seed,
                       on_step=narrator)
    from skagway_env.core.playout import replay

    end = replay(game, result.actions)
    narrator.catch_up(end)
    return printed, screens, end


def test_skagway_events_are_told_once_and_every_phase_is_announced() -> None:
    printed, screens, end = skagway_with_a_human(7)
    turns = [line for line in printed if re.match(r"  Turn \d+", line)]
    assert [int(t.split()[1].rstrip(":")) for t in turns] == list(range(1, end.turn + 1))
    # each whole turn tells each phase once, in order, even the ones that pass
    # without a decision right before the next turn begins [4.3]-[4.6]
    starts = [printed.index(t) for t in turns] + [len(printed)]
    for n in range(len(turns) - 1):
        phases = [line.split(":")[0].strip() for line in printed[starts[n]:starts[n + 1]]
                  if line.startswith("  Phase ")]
        assert phases == ["Phase Three", "Phase Four", "Phase Five", "Phase Six"], n + 1
    # the screens hold positions, never the event log the narrator tells
    assert not any(line.startswith("  Phase ") for line in screens)
    # public chance outcomes are told, as the table sees them
    assert any("draws a Gold counter" in line for line in printed)


def test_a_one_legal_move_is_told_by_the_narrator_once() -> None:
    printed, _, _ = skagway_with_a_human(3)  # seat 0 has nothing to turn in, twice
    forced = [line for line in printed if line.endswith("(the only legal move)")]
    assert forced
    assert not any("played without asking" in line for line in printed)
    # another seat's count of moves can hang on what it hides: told for one's own only
    assert all(line.startswith("P0 (you): ") for line in forced)


def test_a_log_that_drops_its_oldest_lines_is_told_from_where_it_stopped() -> None:
    assert untold([], ["a"]) == 0
    assert untold(["a", "b"], ["a", "b", "c"]) == 2
    assert untold(["t1", "a", "t2", "b"], ["t2", "b", "c"]) == 2  # a turn dropped
    assert untold(["t1", "a"], ["t2", "b"]) == 0  # a log that started again


# ---------------------------------------------------------------- Skagway's screen
def test_skagway_screen_labels_every_holding_and_hides_the_others() -> None:
    game = make_game("skagway", num_players=3)
    state = random_until(game.new_initial_state(), 2,
                         lambda s: sum(s.gold_held[0]) >= 1 and sum(s.gold_held[1]) >= 1
                         and not s.is_chance_node())
    text = state.observation_string(0)
    mine = next(line for line in text.splitlines() if line.startswith("P0 (you): "))
    theirs = next(line for line in text.splitlines() if line.startswith("P1: "))
    for label in ("points", "Buildings Purchased", "Gunfight Kills", "Gold: $",
                  "Railroad counters: ", "Goods cards: ", "Prestige Buildings: "):
        assert label in mine
    assert re.search(r"Gold: \d+ counters? face down", theirs) and "$" not in theirs
    assert "points: each player's wealth" in text
    assert "[0, " not in text and "['" not in text  # no bare Python lists
    assert re.search(r"Phase \w+", text.splitlines()[0])


# ---------------------------------------------------------------- Klondike 1896's screen
def test_klondike1896_grid_has_coordinates_and_a_legend() -> None:
    game = make_game("klondike1896", num_players=2)
    state = game.new_initial_state()
    resolve_chance(state, np.random.default_rng(0))
    lines = state.observation_string(0).splitlines()
    assert any(line.startswith("landscapes: ") and "R ruby" in line and "# covered" in line
               for line in lines)
    units = next(line for line in lines if line.strip().startswith("012345"))
    assert units.split() == ["012345", "678901", "234567", "890123"]
    rows = [line for line in lines if re.match(r"  row +\d+ ", line)]
    assert [int(line.split()[1]) for line in rows] == list(range(6)) * 2
    # the landscape's characters sit right under their column numbers
    assert len(rows[0]) == len(units)


def at_placement(secret: bool) -> State:
    game = make_game("klondike1896", num_players=2, secret_rubies=secret)
    return random_until(game.new_initial_state(), 4, lambda s: s.is_simultaneous_node())


def test_klondike1896_placements_are_previewed_in_words() -> None:
    state = at_placement(secret=False)
    for action in state.legal_actions(0):
        text = state.action_to_string(action, 0)
        assert re.fullmatch(r"place \S+ turned \d+ at row \d+ col \d+: covers row \d+ cols? "
                            r".*; gains \d+ gold.*", text), text
        place = state.game.grid.by_action[state.won[0]][action - state.game.codec.place(0, 0)]
        after = state.clone()
        after.apply_actions([action, state.legal_actions(1)[0]])
        gold = after.gold[0] - state.gold[0]
        assert f"gains {gold} gold" in text
        for cell in place.cells:
            r, c = divmod(cell, state.game.grid.cols)
            assert f"row {r} " in text


def test_klondike1896_secret_landscapes_stay_secret_in_public_strings() -> None:
    """[Tips] 2: the others see which cells a claim covers, not what lay there."""
    state = at_placement(secret=True)
    action = state.legal_actions(1)[0]
    public = state.public_action_string(action, 1)
    assert "covers" in public and "gains" not in public
    assert "gains" in state.action_to_string(action, 1)


def test_klondike1896_play_asks_only_real_choices(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``skagway play`` end to end: no ``choose 0-0`` prompt ever, the forced moves
    told, the human's placements in its own words."""
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "0"

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "klondike1896", "--agent", "human", "--agent", "random",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert prompts and not any(p.endswith("choose 0-0: ") for p in prompts)
    assert "(the only legal move)" in out
    assert re.search(r"^P0 \(you\): place .*: covers .*; gains", out, re.M)
