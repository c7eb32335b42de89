"""Outcome tables on hand-made results (answers known) and on a played database."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from skagway_experiments import analysis
from skagway_experiments.tournament import load_results


def frame(games: list[tuple[list[str], list[float], list[float], int]]) -> pd.DataFrame:
    """``load_tournament_results``-shaped rows from ``(entrants, scores, ranks, length)``."""
    rows = []
    for game_id, (entrants, scores, ranks, length) in enumerate(games):
        best = min(ranks)
        firsts = ranks.count(best)
        for seat, (entrant, score, rank) in enumerate(zip(entrants, scores, ranks,
                                                          strict=True)):
            share = 1.0 / firsts if rank == best else 0.0
            rows.append({"tournament": "t", "game_id": game_id, "game_index": game_id,
                         "seat": seat, "entrant": entrant, "score": score, "rank": rank,
                         "win_share": share, "length": length, "duration": 0.5,
                         "game": "g", "players": len(entrants), "won": share > 0})
    return pd.DataFrame(rows)


GAMES = [
    (["a", "b"], [10.0, 5.0], [1.0, 2.0], 100),
    (["b", "a"], [7.0, 7.0], [1.5, 1.5], 120),   # a tie: half a win each
    (["a", "b"], [3.0, 8.0], [2.0, 1.0], 140),
    (["b", "a"], [1.0, 9.0], [2.0, 1.0], 160),
    (["a", "b", "b"], [4.0, 6.0, 2.0], [2.0, 1.0, 3.0], 300),
]


def test_seat_advantage_counts_shared_wins_per_player_count() -> None:
    seats = analysis.seat_advantage(frame(GAMES)).set_index(["players", "seat"])
    assert list(seats.index) == [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]
    two = seats.loc[2]
    assert two.loc[0, "games"] == 4 and two.loc[0, "wins"] == pytest.approx(1.5)
    assert two.loc[1, "wins"] == pytest.approx(2.5)
    assert two.loc[0, ["win_rate", "win_low", "win_high"]].tolist() == pytest.approx(
        analysis.wilson(1.5, 4))
    assert seats["expected"].tolist() == pytest.approx([1 / 2, 1 / 2, 1 / 3, 1 / 3, 1 / 3])
    assert seats.loc[(3, 1), "win_rate"] == 1.0


def test_win_rates_count_each_seat_an_entrant_held() -> None:
    rates = analysis.win_rates(frame(GAMES)).set_index(["players", "entrant"])
    assert rates.loc[(2, "a"), ["seats", "wins"]].tolist() == [4, 2.5]
    assert rates.loc[(3, "b"), ["seats", "wins"]].tolist() == [2, 1.0]
    assert rates.loc[(3, "a"), "win_rate"] == 0.0
    assert rates.loc[(3, "a"), "win_high"] > 0.0  # Wilson: zero wins is not zero chance


def test_score_summary_means_and_percentiles() -> None:
    scores = analysis.score_summary(frame(GAMES)).set_index(["players", "entrant"])
    a = scores.loc[(2, "a")]
    assert a["mean_score"] == pytest.approx((10 + 7 + 3 + 9) / 4)
    assert a["median"] == pytest.approx(8.0)
    assert a["mean_low"] <= a["mean_score"] <= a["mean_high"]


def test_games_frame_and_length_by_player_count() -> None:
    games = analysis.games_frame(frame(GAMES))
    assert games["winner"].tolist() == ["a", "tie", "b", "a", "b"]
    lengths = analysis.game_length(frame(GAMES)).set_index("players")
    assert lengths.loc[2, ["games", "mean_length", "shortest", "longest"]].tolist() == [
        4, 130.0, 100, 160]
    assert lengths.loc[2, "mean_low"] < 130.0 < lengths.loc[2, "mean_high"]
    assert lengths.loc[3, "games"] == 1


def test_load_tournament_results_adds_game_players_and_winners(
        results_db: Path, results: pd.DataFrame) -> None:
    plain = load_results(results_db)
    assert len(results) == len(plain)
    assert set(results["game"]) == {"skagway", "dawson_city_barbers"}
    by_tournament = results.groupby("tournament")["players"].unique()
    for name, config in analysis.tournament_configs(results_db).items():
        assert by_tournament[name].tolist() == [config.players]
        assert set(results.loc[results["tournament"] == name, "game"]) == {config.game}
    assert (results.groupby("game_id")["won"].sum() >= 1).all()


def test_style_tournaments_seat_every_style_in_every_seat(results: pd.DataFrame) -> None:
    four = results[(results["game"] == "skagway") & (results["players"] == 4)]
    # prospector, landlord, random, random: 4!/2! = 12 seat orders, each style once in
    # every seat three times
    assert four["game_id"].nunique() == 12
    counts = four.groupby(["entrant", "seat"]).size().unstack()
    assert (counts.loc[["landlord", "prospector"]] == 3).all().all()
    assert (counts.loc["random"] == 6).all()


def test_rerunning_style_tournaments_plays_nothing_new(results_db: Path) -> None:
    before = load_results(results_db)
    analysis.play_style_tournaments(results_db, "skagway", (2,), repeats=1, seed=3)
    assert len(load_results(results_db)) == len(before)


def test_readable_merges_interval_columns() -> None:
    rates = analysis.win_rates(frame(GAMES))
    table = analysis.readable(rates)
    assert "win rate [95% CI]" in table and "win_low" not in table and "game" not in table
    assert table["win rate [95% CI]"].iloc[0] == analysis.format_interval(
        *rates.loc[0, ["win_rate", "win_low", "win_high"]])
