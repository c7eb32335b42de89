"""Strategy analysis of tournament results: tables with 95% intervals, and plots.

The library behind ``notebooks/02_strategy_report.ipynb`` and ``skagway report``, so
both stay thin and tell the same story. Start from a results database::

    from skagway_experiments import analysis
    results = analysis.load_tournament_results("runs/mine.db")
    analysis.win_rates(results)                  # per game, player count and entrant
    fig = analysis.plot_win_rates(analysis.win_rates(results))

A training run folder (``skagway train``) gives its learning curve and evaluations:
``plot_learning_curve(load_progress(run), load_evaluations(run), players)``, or several
runs stacked with ``plot_runs(run_dirs)``.

Rates carry Wilson intervals, differences of rates Newcombe intervals, means bootstrap
intervals (``analysis.intervals``). Needs the ``notebooks`` extra (pandas, matplotlib).

One module a part: ``data`` (loading results), ``intervals``, ``tables``, ``text``
(findings in words), ``choices`` (what winners choose), ``plots``, ``training`` (learning
curves); this package re-exports their public names, so ``analysis.<name>`` is enough.
"""

from .choices import (
    LABELERS,
    choice_table,
    game_decisions,
    generic_label,
    load_decisions,
    skagway_label,
)
from .data import (
    load_failures,
    load_tournament_results,
    play_style_tournaments,
    style_config,
    tournament_configs,
)
from .intervals import (
    bootstrap_mean,
    bootstrap_mean_difference,
    format_interval,
    newcombe_difference,
    wilson,
)
from .plots import (
    figure_png,
    plot_choices,
    plot_game_length,
    plot_scores,
    plot_seat_advantage,
    plot_win_rates,
    save_figure,
)
from .tables import (
    game_length,
    games_frame,
    score_summary,
    seat_advantage,
    win_rates,
)
from .text import (
    choice_finding,
    length_finding,
    readable,
    seat_finding,
    style_finding,
)
from .training import (
    load_evaluations,
    load_exit_progress,
    load_progress,
    plot_learning_curve,
    plot_runs,
)

__all__ = [
    "LABELERS",
    "bootstrap_mean",
    "bootstrap_mean_difference",
    "choice_finding",
    "choice_table",
    "figure_png",
    "format_interval",
    "game_decisions",
    "game_length",
    "games_frame",
    "generic_label",
    "length_finding",
    "load_decisions",
    "load_evaluations",
    "load_failures",
    "load_exit_progress",
    "load_progress",
    "load_tournament_results",
    "newcombe_difference",
    "plot_choices",
    "plot_game_length",
    "plot_learning_curve",
    "plot_runs",
    "plot_scores",
    "plot_seat_advantage",
    "play_style_tournaments",
    "plot_win_rates",
    "readable",
    "save_figure",
    "score_summary",
    "seat_advantage",
    "seat_finding",
    "skagway_label",
    "style_config",
    "style_finding",
    "tournament_configs",
    "wilson",
    "win_rates",
]
