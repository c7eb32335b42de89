"""Plots are figures with what they claim to draw, made without any display."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.figure import Figure
from skagway_experiments import analysis

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def skagway(results: pd.DataFrame) -> pd.DataFrame:
    return results[results["game"] == "skagway"]


def bars(ax) -> list[float]:
    return [patch.get_height() for c in ax.containers if isinstance(c, BarContainer)
            for patch in c]


def error_bars(ax) -> int:
    return sum(1 for c in ax.containers if isinstance(c, ErrorbarContainer))


def test_seat_advantage_plot_has_a_panel_per_player_count(results: pd.DataFrame) -> None:
    table = analysis.seat_advantage(skagway(results))
    fig = analysis.plot_seat_advantage(table)
    assert isinstance(fig, Figure)
    axes = fig.get_axes()
    assert [ax.get_title() for ax in axes] == ["2 players", "4 players"]
    assert bars(axes[1]) == pytest.approx(table.loc[table["players"] == 4, "win_rate"].tolist())
    assert all(error_bars(ax) == 1 for ax in axes)
    fair = [line.get_ydata()[0] for line in axes[1].get_lines() if line.get_linestyle() == "--"]
    assert fair == [0.25]


def test_win_rate_plot_has_a_bar_per_entrant_and_player_count(results: pd.DataFrame) -> None:
    table = analysis.win_rates(skagway(results))
    (ax,) = analysis.plot_win_rates(table).get_axes()
    assert sorted(bars(ax)) == pytest.approx(sorted(table["win_rate"]))
    assert error_bars(ax) == table["entrant"].nunique()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == sorted(set(table["entrant"]))


def test_score_plot_draws_one_box_per_entrant(results: pd.DataFrame) -> None:
    rows = skagway(results)
    axes = analysis.plot_scores(rows).get_axes()
    for ax, players in zip(axes, (2, 4), strict=True):
        labels = [t.get_text() for t in ax.get_xticklabels()]
        assert labels == sorted(rows.loc[rows["players"] == players, "entrant"].unique())


def test_choice_plot_has_a_row_per_choice(results: pd.DataFrame,
                                          decisions: pd.DataFrame) -> None:
    four = skagway(results)
    table = analysis.choice_table(four[four["players"] == 4], decisions)
    (ax,) = analysis.plot_choices(table).get_axes()
    (container,) = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert error_bars(ax) == 1
    widths = [patch.get_width() for patch in container]
    assert widths == pytest.approx(table["difference"].tolist()[::-1])
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[-1] == f"{table['category'].iloc[0]}: {table['choice'].iloc[0]}"


def test_game_length_plot_marks_each_mean(results: pd.DataFrame) -> None:
    rows = skagway(results)
    lengths = analysis.game_length(rows)
    fig = analysis.plot_game_length(analysis.games_frame(rows), lengths)
    (ax,) = fig.get_axes()
    means = [c.lines[0].get_xdata()[0] for c in ax.containers
             if isinstance(c, ErrorbarContainer)]
    assert means == pytest.approx(lengths["mean_length"].tolist())


def test_figures_become_png_without_pyplot(results: pd.DataFrame, tmp_path: Path) -> None:
    fig = analysis.plot_win_rates(analysis.win_rates(skagway(results)))
    assert analysis.figure_png(fig).startswith(PNG_MAGIC)
    path = analysis.save_figure(fig, tmp_path / "deep" / "rates.png")
    assert path.read_bytes().startswith(PNG_MAGIC)
    pyplot = sys.modules.get("matplotlib.pyplot")
    assert pyplot is None or pyplot.get_fignums() == []
