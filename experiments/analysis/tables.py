"""Outcome tables of a results database: seats, styles, scores and game length.

Every table takes ``load_tournament_results`` rows (``analysis.data``) and groups them
by game and player count, so one database may mix both. Every rate carries a Wilson
interval and every mean a bootstrap one (see ``analysis.intervals``); ``expected`` is
the win rate of a seat that wins no more than its share (1 / players), the line a real
advantage has to clear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .intervals import bootstrap_mean, wilson

if TYPE_CHECKING:
    import pandas as pd


def _rate_row(wins: float, n: int) -> dict[str, float]:
    rate, low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": rate, "win_low": low, "win_high": high}


def seat_advantage(results: pd.DataFrame) -> pd.DataFrame:
    """Win rate of each seat (the engine's seat number) per game and player count.

    Tournaments rotate every line-up through every seat order, so each seat met the
    same opponents equally often and a gap from ``expected`` is the seat's own.
    """
    import pandas as pd

    rows = []
    for (game, players, seat), group in results.groupby(["game", "players", "seat"]):
        rows.append({"game": game, "players": players, "seat": seat, "games": len(group),
                     **_rate_row(group["win_share"].sum(), len(group)),
                     "expected": 1.0 / players})
    return pd.DataFrame(rows)


def win_rates(results: pd.DataFrame) -> pd.DataFrame:
    """Each entrant's (bot style's) win rate per game and player count, counted per
    seat as the leaderboard counts it (an entrant in two seats played twice)."""
    import pandas as pd

    rows = []
    for (game, players, entrant), group in results.groupby(["game", "players", "entrant"]):
        rows.append({"game": game, "players": players, "entrant": entrant,
                     "seats": len(group), **_rate_row(group["win_share"].sum(), len(group)),
                     "expected": 1.0 / players})
    return pd.DataFrame(rows)


def score_summary(results: pd.DataFrame) -> pd.DataFrame:
    """Each entrant's score distribution per game and player count: the mean with its
    bootstrap interval, and the 10th, 50th and 90th percentiles."""
    import pandas as pd

    rows = []
    for (game, players, entrant), group in results.groupby(["game", "players", "entrant"]):
        scores = group["score"]
        mean, low, high = bootstrap_mean(scores.to_numpy())
        rows.append({"game": game, "players": players, "entrant": entrant,
                     "seats": len(group), "mean_score": mean, "mean_low": low,
                     "mean_high": high, "p10": scores.quantile(0.1),
                     "median": scores.median(), "p90": scores.quantile(0.9)})
    return pd.DataFrame(rows)


def games_frame(results: pd.DataFrame) -> pd.DataFrame:
    """One row per game: ``game``, ``players``, ``length`` (actions, chance included),
    ``duration`` (seconds) and ``winner`` (the entrant that won it; ``tie`` when first
    place was shared by different entrants)."""
    def winner(group: pd.DataFrame) -> str:
        names = set(group.loc[group["won"], "entrant"])
        return names.pop() if len(names) == 1 else "tie"

    firsts = results.groupby("game_id")[["entrant", "won"]].apply(winner).rename("winner")
    games = results.drop_duplicates("game_id").set_index("game_id")
    return games[["tournament", "game", "players", "length", "duration"]].join(firsts)


def game_length(results: pd.DataFrame) -> pd.DataFrame:
    """Game length (actions, chance outcomes included) per game and player count: the
    mean with its bootstrap interval, the median and the range."""
    import pandas as pd

    rows = []
    for (game, players), group in games_frame(results).groupby(["game", "players"]):
        mean, low, high = bootstrap_mean(group["length"].to_numpy())
        rows.append({"game": game, "players": players, "games": len(group),
                     "mean_length": mean, "mean_low": low, "mean_high": high,
                     "median": group["length"].median(), "shortest": group["length"].min(),
                     "longest": group["length"].max()})
    return pd.DataFrame(rows)
