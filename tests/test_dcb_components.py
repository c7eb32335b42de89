"""Dawson City Barbers component data: the bundled file is tagged, users can pass
their own, and bad files fail with one clear message."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

from skagway_env import GameParameterError, make_game
from skagway_env.games.dawson_city_barbers.components import DEFAULT_DATA_FILE
from skagway_env.games.dawson_city_barbers.state import LONG_WEEKEND_STEPS
from skagway_env.games.dawson_city_barbers.tracks import HEAD_START_BOXES

from .conftest import random_playout


def bundled() -> dict:
    with open(DEFAULT_DATA_FILE, "rb") as fh:
        return tomllib.load(fh)


def test_bundled_file_is_tagged_everywhere():
    data = bundled()
    for section in ("train_track", "work_track", "best_hair", "pan_track"):
        assert data[section]["source"].startswith("assumed:"), section
    for card in data["schedule_cards"]:
        assert card["source"], card
    sources = " ".join(c["source"] for c in data["schedule_cards"])
    assert "assumed" in sources


def test_bundled_deck_matches_contents_and_examples():
    comp = make_game("dawson_city_barbers").components
    assert comp.deck_size == 42  # [Contents] 42 schedule cards
    faces = {c.moves(): c for c in comp.cards}
    assert (1, 2, 2) in faces and (0, 0, 5) in faces  # [Schedule] the printed examples
    printed = [c for c in bundled()["schedule_cards"] if c["source"].startswith("Schedule")]
    assert sorted((c["train"], c["work"], c["pan"]) for c in printed) == [(0, 0, 5), (1, 2, 2)]
    assert {c.nuggets for c in comp.cards} == {1, 2, 3}  # [Pan for Gold] 1 to 3


def most_moves_in_a_round() -> int:
    """[Game Play] five turns a round, one of them the haircut; the other four each
    play a card (at most 5 on one track) or plan the long weekend (4 instead of a
    card's 5): 4 x 5 = 20 on one track at most."""
    cards = make_game("dawson_city_barbers").components.cards
    best_card = max(max(c.moves()) for c in cards)
    return max(4 * best_card, 3 * best_card + LONG_WEEKEND_STEPS)


def test_bundled_tracks_end_at_the_farthest_reachable_space():
    """No table entry lies beyond what a round can reach (note T4, W1, components.toml):
    work and pan (counted by numbers) end at 20; the train track at 3 (the biggest
    head start) + 20 + a bump past each of the other five markers = 28."""
    comp = make_game("dawson_city_barbers").components
    most = most_moves_in_a_round()
    assert most == 20
    assert comp.work_last == most
    assert comp.pan_last == most
    assert comp.train_last_space == HEAD_START_BOXES + most + 5


def write(tmp_path, text: str):
    path = tmp_path / "components.toml"
    path.write_text(text)
    return str(path)


def test_user_data_file_changes_the_game(tmp_path):
    text = DEFAULT_DATA_FILE.read_text()
    richer = text.replace(
        "gold = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8]",
        "gold = [0" + ", 20" * 20 + "]",
    )
    assert richer != text
    path = write(tmp_path, richer)
    game = make_game("dawson_city_barbers", num_players=3, data_file=path)
    assert game.components.work_gold[5] == 20
    base = make_game("dawson_city_barbers", num_players=3)
    a = random_playout(base.new_initial_state(), np.random.default_rng(1))
    b = random_playout(game.new_initial_state(), np.random.default_rng(1))
    assert a.history == b.history  # the same moves ...
    assert sum(b.scores()) > sum(a.scores())  # ... pay far more for working


def test_fewer_card_kinds_shrink_the_action_space(tmp_path):
    text = DEFAULT_DATA_FILE.read_text()
    head, _, cards = text.partition("[[schedule_cards]]")
    six_kinds = "[[schedule_cards]]".join(cards.split("[[schedule_cards]]")[:6])
    six_kinds = "[[schedule_cards]]" + six_kinds.replace("count = 2", "count = 6")
    path = write(tmp_path, head + six_kinds)
    game = make_game("dawson_city_barbers", num_players=4, data_file=path)
    assert game.components.num_kinds == 6
    assert game.num_distinct_actions() == 6 + 6 * 6 + 3 * 6
    state = random_playout(game.new_initial_state(), np.random.default_rng(2))
    assert state.is_terminal()


@pytest.mark.parametrize(
    "edit, match",
    [
        (lambda t: t.replace("nuggets = 1", "nuggets = 4", 1), "nuggets must be 1 to 3"),
        (lambda t: t.replace("[4, 5]", "[4, 6]"), "pan_track.spaces"),
        (lambda t: t.replace("gold = [0,", "gold = [1,"), "must start with 0"),
        (lambda t: t.replace("modifiers = [2, 1, 0, -1]", "modifiers = [2, 1]"), "4 values"),
        (lambda t: t.replace("[work_track]", "[work_trek]"), "missing 'work_track'"),
        (lambda t: t + "\n[[[", "not valid TOML"),
        (lambda t: t.replace("count = 2", "count = 0", 1), "count must be at least 1"),
    ],
    ids=["nuggets", "pan-gap", "work-start", "modifiers", "missing-section", "toml", "count"],
)
def test_bad_data_files_fail_clearly(tmp_path, edit, match):
    path = write(tmp_path, edit(DEFAULT_DATA_FILE.read_text()))
    with pytest.raises(GameParameterError, match=match) as err:
        make_game("dawson_city_barbers", data_file=path)
    assert path in str(err.value)


def test_missing_data_file(tmp_path):
    with pytest.raises(GameParameterError, match="no such file"):
        make_game("dawson_city_barbers", data_file=str(tmp_path / "nope.toml"))


def test_too_small_deck_for_the_table(tmp_path):
    text = DEFAULT_DATA_FILE.read_text()
    head, _, cards = text.partition("[[schedule_cards]]")
    one = "[[schedule_cards]]" + cards.split("[[schedule_cards]]")[0]
    path = write(tmp_path, head + one)  # 2 cards
    with pytest.raises(GameParameterError, match="cannot deal"):
        make_game("dawson_city_barbers", num_players=2, data_file=path)
