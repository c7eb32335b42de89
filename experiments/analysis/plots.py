"""The report's plots, as matplotlib figures returned to the caller.

Figures are built on ``matplotlib.figure.Figure`` and drawn by the Agg canvas, never
through ``pyplot``: nothing opens a window or touches a global figure list, so tests,
notebooks and the HTML report all get the same object and decide themselves whether
to save it (:func:`save_figure`), embed it (:func:`figure_png`) or show it. Every bar
and marker carries its 95% interval as an error bar; dashed lines mark the win rate
of a seat that wins only its share (1 / players).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

if TYPE_CHECKING:
    import pandas as pd

PALETTE = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3",
           "#8C8C8C")


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _colours(names) -> dict[str, str]:
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(sorted(set(names)))}


def _errors(table: pd.DataFrame, value: str, low: str, high: str) -> np.ndarray:
    """Error-bar lengths below and above; rounding can put a Wilson bound a hair inside
    a rate of exactly 0 or 1, which would be a negative length."""
    spans = np.vstack([table[value] - table[low], table[high] - table[value]])
    return np.clip(spans.astype(float), 0.0, None)


def plot_seat_advantage(table: pd.DataFrame, title: str = "Win rate by seat") -> Figure:
    """One panel per player count: each seat's win rate (``seat_advantage`` rows of
    one game) with its Wilson interval, against the fair share."""
    counts = sorted(table["players"].unique())
    fig = _figure(3.2 * len(counts) + 0.6, 3.4)
    axes = fig.subplots(1, len(counts), squeeze=False, sharey=True)[0]
    for ax, players in zip(axes, counts, strict=True):
        rows = table[table["players"] == players].sort_values("seat")
        ax.bar(rows["seat"], rows["win_rate"], color=PALETTE[0],
               yerr=_errors(rows, "win_rate", "win_low", "win_high"), capsize=4)
        ax.axhline(1.0 / players, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(rows["seat"], [f"seat {s}" for s in rows["seat"]])
        ax.set_title(f"{players} players")
    axes[0].set_ylabel("win rate (95% Wilson CI)")
    fig.suptitle(title)
    return fig


def plot_win_rates(table: pd.DataFrame, title: str = "Win rate by style and player count"
                   ) -> Figure:
    """Grouped bars, one group per player count, one bar per entrant (``win_rates``
    rows of one game), Wilson intervals; a dash per group marks 1 / players."""
    counts = sorted(table["players"].unique())
    entrants = sorted(table["entrant"].unique())
    colours = _colours(entrants)
    width = 0.8 / len(entrants)
    fig = _figure(max(5.0, 1.6 * len(counts) * len(entrants) / 2 + 2), 3.8)
    ax = fig.subplots()
    for i, entrant in enumerate(entrants):
        rows = table[table["entrant"] == entrant].set_index("players").reindex(counts)
        present = rows["win_rate"].notna().to_numpy()
        x = np.arange(len(counts))[present] + (i - (len(entrants) - 1) / 2) * width
        rows = rows[present]
        ax.bar(x, rows["win_rate"], width, label=entrant, color=colours[entrant],
               yerr=_errors(rows, "win_rate", "win_low", "win_high"), capsize=3)
    for j, players in enumerate(counts):
        ax.hlines(1.0 / players, j - 0.45, j + 0.45, colors="black", linestyles="--",
                  linewidth=1)
    ax.set_xticks(np.arange(len(counts)), [f"{p} players" for p in counts])
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.legend(frameon=False, fontsize="small")
    ax.set_title(title)
    return fig


def plot_scores(results: pd.DataFrame, title: str = "Score distribution by style") -> Figure:
    """Box plots of final scores per entrant, one panel per player count
    (``load_tournament_results`` rows of one game); whiskers at 5-95%, a diamond at
    the mean."""
    counts = sorted(results["players"].unique())
    colours = _colours(results["entrant"])
    fig = _figure(3.4 * len(counts) + 0.6, 3.6)
    axes = fig.subplots(1, len(counts), squeeze=False, sharey=True)[0]
    for ax, players in zip(axes, counts, strict=True):
        rows = results[results["players"] == players]
        names = sorted(rows["entrant"].unique())
        data = [rows.loc[rows["entrant"] == name, "score"].to_numpy() for name in names]
        boxes = ax.boxplot(data, whis=(5, 95), showmeans=True, patch_artist=True,
                           meanprops={"marker": "D", "markerfacecolor": "white",
                                      "markeredgecolor": "black"})
        for patch, name in zip(boxes["boxes"], names, strict=True):
            patch.set_facecolor(colours[name])
        ax.set_xticks(np.arange(1, len(names) + 1), names, rotation=20)
        ax.set_title(f"{players} players")
    axes[0].set_ylabel("final score")
    fig.suptitle(title)
    return fig


def plot_choices(table: pd.DataFrame, title: str = "Winners minus the others") -> Figure:
    """One row per choice (``choice_table`` rows): the share of winning seats that
    made it minus the share of the other seats, with Newcombe 95% intervals; a bar
    whose interval misses zero is coloured."""
    rows = table.iloc[::-1]
    fig = _figure(6.4, 0.32 * len(rows) + 1.4)
    ax = fig.subplots()
    clear = (rows["diff_low"] > 0) | (rows["diff_high"] < 0)
    colours = np.where(clear, np.where(rows["difference"] > 0, PALETTE[2], PALETTE[3]),
                       "#BBBBBB")
    labels = [f"{c}: {ch}" for c, ch in zip(rows["category"], rows["choice"], strict=True)]
    y = np.arange(len(rows))
    ax.barh(y, rows["difference"], color=colours,
            xerr=_errors(rows, "difference", "diff_low", "diff_high"), capsize=3)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(y, labels)
    ax.set_xlabel("share of winners who made it - share of others (95% CI)")
    ax.set_title(title)
    return fig


def plot_game_length(games: pd.DataFrame, lengths: pd.DataFrame,
                     title: str = "Game length by player count") -> Figure:
    """Histograms of game length (actions), one colour per player count (``games_frame``
    rows of one game), each with its mean and bootstrap interval (``game_length`` rows)
    as a dot on the axis."""
    counts = sorted(games["players"].unique())
    fig = _figure(6.4, 3.6)
    ax = fig.subplots()
    bins = np.histogram_bin_edges(games["length"], bins=30)
    for i, players in enumerate(counts):
        colour = PALETTE[i % len(PALETTE)]
        ax.hist(games.loc[games["players"] == players, "length"], bins=bins, alpha=0.5,
                color=colour, label=f"{players} players")
        row = lengths[lengths["players"] == players].iloc[0]
        ax.errorbar([row["mean_length"]], [0], xerr=[[row["mean_length"] - row["mean_low"]],
                    [row["mean_high"] - row["mean_length"]]], fmt="o", color=colour,
                    capsize=4, clip_on=False, zorder=3)
    ax.set_xlabel("actions in the game (chance included); dots: mean, 95% CI")
    ax.set_ylabel("games")
    ax.legend(frameon=False, fontsize="small")
    ax.set_title(title)
    return fig


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes (for an HTML page or a notebook's display)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def save_figure(fig: Figure, path: str | Path, dpi: int = 100) -> Path:
    """Write the figure as a PNG, creating the folder; returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(figure_png(fig, dpi))
    return path
