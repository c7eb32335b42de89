"""Decision labels from the public State API, and the winners-versus-others table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from skagway_experiments import analysis
from skagway_experiments.tournament import Store

import skagway_env
from skagway_env.core.playout import sample_chance

from .test_tables import GAMES, frame


def random_games(name: str, players: int, seeds: range):
    """``(state before the move, action)`` for every decision of seeded random games."""
    game = skagway_env.make_game(name, num_players=players)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            action = int(rng.choice(state.legal_actions()))
            yield state.clone(), action
            state.apply_action(action)


def test_skagway_labels_name_purchases_street_actions_and_spaces() -> None:
    seen = Counter()
    for state, action in random_games("skagway", 3, range(4)):
        category, choice = analysis.skagway_label(state, action)
        kind, _ = state.action_features(action)
        text = state.action_to_string(action)
        seen[category] += 1
        if category == "building":
            assert kind == "buy-building" and text == f"buy the {choice}"
        elif category == "prestige":
            assert kind == "buy-prestige" and text == f"buy {choice}"
        elif category == "street":
            assert kind == "street"
            assert choice == ("duel" if text.startswith("duel ") else text)
        elif category == "placement":
            assert kind == f"place-{choice}" and text.endswith(f" on {choice}")
        else:
            assert (category, choice) == ("action", kind)
    assert set(seen) == {"building", "prestige", "street", "placement", "action"}


def test_other_games_are_labelled_by_their_action_features_kind() -> None:
    assert "dawson_city_barbers" not in analysis.LABELERS
    for state, action in random_games("dawson_city_barbers", 3, range(1)):
        assert analysis.generic_label(state, action) == (
            "action", state.action_features(action)[0])


def test_every_decision_of_every_stored_game_is_counted_once(
        results_db: Path, decisions: pd.DataFrame) -> None:
    store = Store(results_db, create=False)
    try:
        for info in store.tournaments():
            game = skagway_env.make_game(info.config.game, num_players=info.config.players)
            for record in store.records(info.id):
                state = game.new_initial_state()
                per_seat = Counter()
                for action in record.actions:
                    if not state.is_chance_node():
                        per_seat[state.current_player()] += 1
                    state.apply_action(action)
                rows = decisions[(decisions["tournament"] == info.name)
                                 & (decisions["game_index"] == record.game_index)]
                assert rows.groupby("seat")["count"].sum().to_dict() == dict(per_seat)
    finally:
        store.close()


def test_choice_table_compares_winning_seats_with_the_others() -> None:
    results = frame(GAMES[:4])  # 2 players; winners: a, (tie: a and b), b, a
    decisions = pd.DataFrame(
        [("t", 0, 0, "street", "duel", 2),     # game 0: winner a duels twice
         ("t", 1, 0, "street", "duel", 1),     # game 1: tied b duels
         ("t", 2, 1, "street", "duel", 1),     # game 2: winner b
         ("t", 3, 0, "street", "rob", 1)],     # game 3: loser b robs
        columns=["tournament", "game_index", "seat", "category", "choice", "count"])
    table = analysis.choice_table(results, decisions).set_index("choice")
    duel = table.loc["duel"]
    # winning seats: g0 s0, g1 s0, g1 s1, g2 s1, g3 s1 (5); the others: g0 s1, g2 s0, g3 s0
    assert (duel["winners"], duel["others"]) == (5, 3)
    assert duel["winner_rate"] == pytest.approx(3 / 5) and duel["other_rate"] == 0.0
    assert duel[["difference", "diff_low", "diff_high"]].tolist() == pytest.approx(
        analysis.newcombe_difference(3, 5, 0, 3))
    assert duel["mean_difference"] == pytest.approx(4 / 5 - 0)
    rob = table.loc["rob"]
    assert (rob["winner_rate"], rob["other_rate"]) == (0.0, pytest.approx(1 / 3))
    assert list(table.index) == ["duel", "rob"]  # largest difference first

    only_a = analysis.choice_table(results, decisions, entrants=["a"]).set_index("choice")
    # a's seats: g0 s0 (won, dueled), g1 s1 (won), g2 s0 (lost), g3 s1 (won)
    assert only_a.loc["duel", ["winners", "others", "winner_rate"]].tolist() == [
        3, 1, pytest.approx(1 / 3)]


def test_choice_table_on_a_played_database(results: pd.DataFrame,
                                           decisions: pd.DataFrame) -> None:
    four = results[(results["game"] == "skagway") & (results["players"] == 4)]
    table = analysis.choice_table(four, decisions)
    assert {"building", "prestige", "street", "placement"} <= set(table["category"])
    assert (table["winners"] + table["others"] == len(four)).all()
    assert ((table["diff_low"] <= table["difference"])
            & (table["difference"] <= table["diff_high"])).all()
