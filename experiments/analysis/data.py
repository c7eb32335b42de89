"""Where the analysis starts: a results database as one pandas frame, and the style
tournaments the strategy notebook plays when it is not given a database.

:func:`load_tournament_results` is ``skagway_experiments.tournament.load_results``
(one row per seat of every game) plus the game each tournament played and its player
count, so one database may mix games and table sizes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from skagway_agents.heuristics import styles_module
from skagway_experiments.tournament import (
    Store,
    TournamentConfig,
    config_from_dict,
    load_results,
    run_tournament,
)

if TYPE_CHECKING:
    import pandas as pd


def tournament_configs(db: str | Path) -> dict[str, TournamentConfig]:
    """Tournament name -> its config (game, players, parameters, entrants)."""
    store = Store(db, create=False)
    try:
        return {info.name: info.config for info in store.tournaments()}
    finally:
        store.close()


def load_failures(db: str | Path) -> pd.DataFrame:
    """One row per game stored as failed (it raised, or its worker process died):
    ``tournament``, ``game``, ``players``, ``game_index``, ``seed``, ``seats`` (the
    entrants, comma-separated), ``error`` (``Type: message`` on one line) and ``attempts``.
    Such games are never in :func:`load_tournament_results`."""
    import pandas as pd

    store = Store(db, create=False)
    try:
        rows = [{"tournament": info.name, "game": info.config.game,
                 "players": info.config.players, "game_index": failure.game_index,
                 "seed": failure.seed, "seats": ", ".join(failure.seats),
                 "error": failure.error, "attempts": failure.attempts}
                for info in store.tournaments() for _, failure in store.failures(info.id)]
    finally:
        store.close()
    columns = ["tournament", "game", "players", "game_index", "seed", "seats", "error",
               "attempts"]
    return pd.DataFrame(rows, columns=columns)


def load_tournament_results(db: str | Path) -> pd.DataFrame:
    """``load_results(db)`` with three more columns: ``game`` (the game's registered
    name), ``players`` (seats at that table) and ``won`` (finished first, alone or
    tied: ``win_share > 0``)."""
    results = load_results(db)
    configs = tournament_configs(db)
    results["game"] = results["tournament"].map(lambda name: configs[name].game)
    results["players"] = results.groupby("game_id")["seat"].transform("size").astype("int64")
    results["won"] = results["win_share"] > 0
    return results


def style_config(game: str, players: int, repeats: int, seed: int = 0) -> TournamentConfig:
    """Every heuristic style of ``game`` and a random player at a ``players`` table.

    With at least as many entrants as seats, every line-up plays (a round robin); with
    fewer, the one line-up of every style filled up with random players, as in
    ``configs/tournament/bots/*_styles_together.yaml``. Either way every line-up plays
    each of its seat orders ``repeats`` times, so no entrant profits from a seat. The
    name holds the player count, repeats and seed, so differently sized runs can share
    one database.
    """
    styles = list(styles_module(game).STYLES)
    entrants = [{"name": style, "spec": f"heuristic:{style}"} for style in styles]
    entrants.append({"name": "random", "spec": "random"})
    data = {"name": f"{game}-styles-{players}p-x{repeats}-s{seed}", "game": game,
            "players": players, "entrants": entrants, "repeats": repeats, "seed": seed}
    if len(entrants) < players:
        data["lineups"] = [styles + ["random"] * (players - len(styles))]
    return config_from_dict(data)


def play_style_tournaments(db: str | Path, game: str, player_counts: Iterable[int],
                           repeats: int, seed: int = 0,
                           workers: int = 1) -> list[TournamentConfig]:
    """Play :func:`style_config` at each player count into ``db``. Tournaments already
    there are resumed, so rerunning a notebook replays nothing it has stored."""
    configs = [style_config(game, players, repeats, seed) for players in player_counts]
    for config in configs:
        stored = Path(db).exists() and config.name in tournament_configs(db)
        run_tournament(config, db, workers=workers, resume=stored, progress=False)
    return configs
