"""What winners chose more often than the others: decisions replayed from stored games.

Each stored game is replayed from its action list (chance outcomes included, so the
replay is exact) and every decision is labelled ``(category, choice)`` for the seat
that made it, through the game's public ``State.action_features`` and
``action_to_string`` only. Skagway's labels name what was bought (a player building or
a Prestige Building), the street action taken and the space a worker went to; other
games use their ``action_features`` kinds (Dawson City Barbers: schedule, haircut,
long weekend by track). Joint moves at simultaneous nodes have no single seat to move
and are not counted.

:func:`choice_table` compares, per choice, the share of winning seats that made it at
least once with the share of the other seats, with Wilson intervals for each and
Newcombe's interval for the difference. That is an association, not a cause: a strong
style both wins and makes its favourite choices, so compare within one entrant
(``entrants=``) to see what a style does in the games it wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from skagway_experiments.tournament import Store

from skagway_env.core import SIMULTANEOUS, State, make_game

from .intervals import (
    bootstrap_mean_difference,
    newcombe_difference,
    wilson,
)

if TYPE_CHECKING:
    import pandas as pd

Labeler = Callable[[State, int], tuple[str, str]]


def generic_label(state: State, action: int) -> tuple[str, str]:
    """``("action", kind)`` from the game's own ``action_features``."""
    return "action", state.action_features(action)[0]


def skagway_label(state: State, action: int) -> tuple[str, str]:
    """Purchases by name, street actions by kind (any duel is ``duel``), placements by
    space; the rest by their ``action_features`` kind."""
    kind, _ = state.action_features(action)
    if kind == "buy-building":
        return "building", state.action_to_string(action).removeprefix("buy the ")
    if kind == "buy-prestige":
        return "prestige", state.action_to_string(action).removeprefix("buy ")
    if kind == "street":
        text = state.action_to_string(action)
        return "street", "duel" if text.startswith("duel ") else text
    if kind.startswith("place-"):
        return "placement", kind.removeprefix("place-")
    return "action", kind


LABELERS: dict[str, Labeler] = {"skagway": skagway_label}
"""Game name -> its labeler; games not listed use :func:`generic_label`."""

DECISION_COLUMNS = ("tournament", "game_index", "seat", "category", "choice", "count")


def game_decisions(state: State, actions: Iterable, label: Labeler) -> Counter:
    """``(seat, category, choice) -> count`` over one game replayed from ``state``."""
    counts: Counter = Counter()
    for action in actions:
        if isinstance(action, list) or state.current_player() == SIMULTANEOUS:
            state.apply_actions(action)
            continue
        if not state.is_chance_node():
            counts[(state.current_player(), *label(state, action))] += 1
        state.apply_action(action)
    return counts


def load_decisions(db: str | Path) -> pd.DataFrame:
    """One row per ``(tournament, game_index, seat, category, choice)`` made at least
    once, with how many times (``count``), over every game stored in ``db``."""
    import pandas as pd

    store = Store(db, create=False)
    rows = []
    try:
        for info in store.tournaments():
            config = info.config
            game = make_game(config.game, num_players=config.players, **config.params)
            label = LABELERS.get(config.game, generic_label)
            for record in store.records(info.id):
                counts = game_decisions(game.new_initial_state(), record.actions, label)
                rows += [(info.name, record.game_index, seat, category, choice, n)
                         for (seat, category, choice), n in counts.items()]
    finally:
        store.close()
    return pd.DataFrame(rows, columns=list(DECISION_COLUMNS))


def choice_table(results: pd.DataFrame, decisions: pd.DataFrame,
                 entrants: Iterable[str] | None = None) -> pd.DataFrame:
    """Per ``(category, choice)``: how often winning seats and the other seats made it
    at least once (rate, Wilson 95%), the difference (Newcombe 95%), and the difference
    in the mean times a game it was made (``mean_difference``, bootstrap 95%).

    ``results`` is ``load_tournament_results`` for the seats to compare (filter it to
    one game and player count first); ``entrants`` keeps only those entrants' seats.
    Rows are sorted by category, then by the difference, largest first.
    """
    import pandas as pd

    if decisions.empty:
        return pd.DataFrame()
    seats = results if entrants is None else results[results["entrant"].isin(list(entrants))]
    key = ["tournament", "game_index", "seat"]
    counts = decisions.pivot_table(index=key, columns=["category", "choice"], values="count",
                                   aggfunc="sum", fill_value=0)
    index = pd.MultiIndex.from_frame(seats[key])
    counts = counts.reindex(index, fill_value=0)
    won = seats["won"].to_numpy()
    rows = []
    for (category, choice), column in counts.items():
        made = column.to_numpy()
        win_made, other_made = made[won], made[~won]
        w_hits, o_hits = float((win_made > 0).sum()), float((other_made > 0).sum())
        w_rate, w_low, w_high = wilson(w_hits, len(win_made))
        o_rate, o_low, o_high = wilson(o_hits, len(other_made))
        diff, d_low, d_high = newcombe_difference(w_hits, len(win_made), o_hits,
                                                  len(other_made))
        mean_diff, m_low, m_high = bootstrap_mean_difference(win_made, other_made)
        rows.append({
            "category": category, "choice": choice,
            "winners": len(win_made), "winner_rate": w_rate, "winner_low": w_low,
            "winner_high": w_high,
            "others": len(other_made), "other_rate": o_rate, "other_low": o_low,
            "other_high": o_high,
            "difference": diff, "diff_low": d_low, "diff_high": d_high,
            "mean_difference": mean_diff, "mean_diff_low": m_low, "mean_diff_high": m_high,
        })
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    return table.sort_values(["category", "difference"], ascending=[True, False],
                             ignore_index=True)
