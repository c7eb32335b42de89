"""The report in words: headline claims as sentences, and tables made readable.

Claims are computed, never typed in: whatever database the report is built from, every
sentence states what that database shows and the interval it shows it with. A claim
whose interval includes the fair share (or zero) is reported as such, not as an
effect. :func:`readable` turns each ``value, low, high`` triple of an analysis table
into one ``"value [low, high]"`` column, for notebooks and the HTML page alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .intervals import format_interval

if TYPE_CHECKING:
    import pandas as pd


INTERVALS: dict[str, tuple[str, str, str]] = {
    "win rate [95% CI]": ("win_rate", "win_low", "win_high"),
    "mean score [95% CI]": ("mean_score", "mean_low", "mean_high"),
    "mean length [95% CI]": ("mean_length", "mean_low", "mean_high"),
    "winners [95% CI]": ("winner_rate", "winner_low", "winner_high"),
    "others [95% CI]": ("other_rate", "other_low", "other_high"),
    "difference [95% CI]": ("difference", "diff_low", "diff_high"),
    "times a game, difference [95% CI]": ("mean_difference", "mean_diff_low",
                                          "mean_diff_high"),
}
"""Readable column -> the analysis columns it replaces."""


def readable(table: pd.DataFrame, digits: int = 3) -> pd.DataFrame:
    """``table`` with each interval triple as one text column (in the first one's
    place), other floats rounded to ``digits``, and the ``game`` column dropped."""
    table = table.drop(columns=[c for c in ("game",) if c in table])
    for name, (value, low, high) in INTERVALS.items():
        if value not in table:
            continue
        text = [format_interval(v, lo, hi, digits)
                for v, lo, hi in zip(table[value], table[low], table[high], strict=True)]
        table = table.drop(columns=[low, high])
        table.insert(table.columns.get_loc(value), name, text)
        table = table.drop(columns=[value])
    return table.round(digits)


def _ci(row: pd.Series, value: str, low: str, high: str, digits: int = 3) -> str:
    return format_interval(row[value], row[low], row[high], digits)


def _against(low: float, high: float, reference: float) -> str:
    if low > reference:
        return "above"
    if high < reference:
        return "below"
    return "not distinguishable from"


def style_finding(rates: pd.DataFrame) -> list[str]:
    """Per player count: the entrant with the highest win rate, against its fair share."""
    lines = []
    for players, rows in rates.groupby("players"):
        best = rows.sort_values("win_rate", ascending=False).iloc[0]
        lines.append(
            f"At {players} players, {best['entrant']} won "
            f"{_ci(best, 'win_rate', 'win_low', 'win_high')} of its {best['seats']} seats, "
            f"{_against(best['win_low'], best['win_high'], best['expected'])} the fair share "
            f"{best['expected']:.3f}."
        )
    return lines


def seat_finding(seats: pd.DataFrame) -> list[str]:
    """Per player count: the seat furthest from its fair share."""
    lines = []
    for players, rows in seats.groupby("players"):
        gap = (rows["win_rate"] - rows["expected"]).abs()
        row = rows.loc[gap.idxmax()]
        lines.append(
            f"At {players} players, seat {row['seat']} won "
            f"{_ci(row, 'win_rate', 'win_low', 'win_high')} of {row['games']} games, "
            f"{_against(row['win_low'], row['win_high'], row['expected'])} the fair share "
            f"{row['expected']:.3f}."
        )
    return lines


def choice_finding(choices: pd.DataFrame, players: int) -> list[str]:
    """The choice whose winner-minus-others difference is largest and clear of zero."""
    clear = choices[(choices["diff_low"] > 0) | (choices["diff_high"] < 0)]
    if clear.empty:
        return [f"At {players} players, no choice separates winners from the others "
                "(every difference's 95% interval includes zero)."]
    row = clear.loc[clear["difference"].abs().idxmax()]
    return [
        f"At {players} players, {_ci(row, 'winner_rate', 'winner_low', 'winner_high')} of "
        f"winning seats made '{row['category']}: {row['choice']}' at least once, against "
        f"{_ci(row, 'other_rate', 'other_low', 'other_high')} of the others (difference "
        f"{_ci(row, 'difference', 'diff_low', 'diff_high')})."
    ]


def length_finding(lengths: pd.DataFrame) -> list[str]:
    return [
        f"{row['players']}-player games lasted "
        f"{_ci(row, 'mean_length', 'mean_low', 'mean_high', 1)} actions "
        f"on average ({row['games']} games)."
        for _, row in lengths.iterrows()
    ]
