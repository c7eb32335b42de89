"""The strategy report as one self-contained HTML page (``skagway report``).

The same sections as ``notebooks/02_strategy_report.ipynb``, built from the same
``skagway_experiments.analysis`` functions, for readers who do not use notebooks: per
game in the database, the headline findings, seat advantage, win rate by style and
player count, score distributions, the choices winners make more than the others, game
length, where to watch its games (``skagway serve`` and a replay's address), and the games
stored as failed (listed with their seeds, left out of every figure). Plots are
inline base64 PNGs and the styles are inline, so the page needs no other file and no
network: it can be mailed or attached to a ticket as it is.
"""

from __future__ import annotations

import base64
import datetime
import html
from pathlib import Path
from typing import TYPE_CHECKING

from skagway_experiments import analysis
from skagway_experiments.files import clobber_problem, write_atomically
from skagway_experiments.web.links import replay_url, serve_command

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto;
       padding: 0 1em; color: #222; line-height: 1.45; }
h1 { border-bottom: 2px solid #4C72B0; padding-bottom: .2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
figure { margin: 1em 0; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: .85em; margin: .5em 0 1.5em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #e3e3e3; text-align: right; }
th { background: #f3f5f9; }
td:first-child, th:first-child { text-align: left; }
.findings li { margin: .3em 0; }
.note { color: #666; font-size: .9em; }
"""

SECTION_NOTES = {
    "seats": "Seats are the engine's seat numbers, not turn order (Skagway draws its "
             "starting player [3.4]). Every line-up plays every seat order equally often, "
             "so a seat's gap from the dashed fair share (1 / players) is the seat's own.",
    "styles": "Win rate per seat an entrant held (a shared first place counts 1/k), "
              "with 95% Wilson intervals; dashes mark the fair share.",
    "scores": "Boxes: quartiles; whiskers: 5th to 95th percentile; diamonds: means. "
              "The table gives each mean with a 95% bootstrap interval.",
    "choices": "Share of winning seats that made a choice at least once minus the share "
               "of the other seats, with Newcombe 95% intervals (coloured where the "
               "interval misses zero). An association: strong styles both win and make "
               "their favourite choices.",
    "length": "Actions a game, chance outcomes included; means with 95% bootstrap "
              "intervals.",
}


def _image(fig: Figure, alt: str) -> str:
    data = base64.b64encode(analysis.figure_png(fig)).decode("ascii")
    return (f'<figure><img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'
            "</figure>")


def _table(table: pd.DataFrame) -> str:
    return analysis.readable(table).to_html(index=False, border=0, na_rep="-")


def _section(title: str, note: str, *parts: str) -> str:
    return (f"<h3>{html.escape(title)}</h3>\n<p class=\"note\">{html.escape(note)}</p>\n"
            + "\n".join(parts))


def _choice_rows(choices: pd.DataFrame) -> pd.DataFrame:
    """Named choices when the game labels them (Skagway: buildings, Prestige Buildings,
    street, placement); every action kind otherwise."""
    named = choices[choices["category"] != "action"]
    return named if not named.empty else choices


def replay_note(db: str | Path, results: pd.DataFrame) -> str:
    """Where to watch this game's stored games step by step (``skagway serve``)."""
    ids = sorted(int(i) for i in results["game_id"].unique())
    first = ids[0]
    url = replay_url(first)
    # The address as text, not a link: the page fetches and links nothing outside
    # itself (it is mailed as it is), and the server runs only when started.
    return (f'<p class="replay">Watch a game on its board: run '
            f"<code>{html.escape(serve_command(db))}</code>, then open "
            f"<code>{html.escape(url)}</code> "
            f"(game ids {ids[0]}..{ids[-1]}; the server's index lists every game).</p>")


def failures_note(failures: pd.DataFrame, db: str | Path | None) -> str:
    """The games stored as failed (not counted anywhere above them), each with what
    reproduces it; empty when none failed."""
    if failures.empty:
        return ""
    count = len(failures)
    where = f" --db {db}" if db is not None else ""
    return "\n".join([
        f'<p class="failed">{count} more game{"s" if count != 1 else ""} failed (raised '
        f"an error, or its worker process died) and {'are' if count != 1 else 'is'} not "
        "counted in any figure here; <code>"
        f"{html.escape('skagway failures' + where)}</code> prints the command that "
        "replays each.</p>",
        _table(failures[["tournament", "players", "game_index", "seed", "seats", "error",
                         "attempts"]]),
    ])


def game_section(game: str, results: pd.DataFrame, decisions: pd.DataFrame,
                 db: str | Path | None = None, failures: pd.DataFrame | None = None) -> str:
    """Every section of the report for one game's rows of the database (``db``: where
    they are stored, for the link to their replays; ``failures``: its games stored as
    failed, listed and left out of every figure)."""
    seats = analysis.seat_advantage(results)
    rates = analysis.win_rates(results)
    scores = analysis.score_summary(results)
    lengths = analysis.game_length(results)
    games = analysis.games_frame(results)
    findings = (analysis.style_finding(rates) + analysis.seat_finding(seats)
                + analysis.length_finding(lengths))
    choice_parts = []
    for players, rows in results.groupby("players"):
        choices = _choice_rows(analysis.choice_table(rows, decisions))
        if choices.empty:
            continue
        findings += analysis.choice_finding(choices, players)
        choice_parts += [
            _image(analysis.plot_choices(choices, f"{players} players: winners minus the "
                                         "others"), f"choices at {players} players"),
            _table(choices),
        ]
    entrants = ", ".join(sorted(results["entrant"].unique()))
    counts = ", ".join(str(p) for p in sorted(results["players"].unique()))
    truncated = int(results.drop_duplicates("game_id")["truncated"].sum())
    capped = (f" {truncated} of them stopped by a turn cap (ranked by the score reached)."
              if truncated else "")
    return "\n".join([
        f'<h2 id="{html.escape(game)}">{html.escape(game)}</h2>',
        f"<p>{games.shape[0]} games at {counts} players; entrants: "
        f"{html.escape(entrants)}.{capped}</p>",
        failures_note(failures, db) if failures is not None else "",
        replay_note(db, results) if db is not None else "",
        '<ul class="findings">' + "".join(f"<li>{html.escape(line)}</li>"
                                          for line in findings) + "</ul>",
        _section("Seat advantage", SECTION_NOTES["seats"],
                 _image(analysis.plot_seat_advantage(seats), f"{game} win rate by seat"),
                 _table(seats)),
        _section("Win rate by style and player count", SECTION_NOTES["styles"],
                 _image(analysis.plot_win_rates(rates), f"{game} win rate by style"),
                 _table(rates)),
        _section("Score distributions", SECTION_NOTES["scores"],
                 _image(analysis.plot_scores(results), f"{game} scores by style"),
                 _table(scores)),
        _section("What winners choose", SECTION_NOTES["choices"], *choice_parts),
        _section("Game length", SECTION_NOTES["length"],
                 _image(analysis.plot_game_length(games, lengths), f"{game} game length"),
                 _table(lengths)),
    ])


class EmptyDatabaseError(ValueError):
    """A results database without a finished game: nothing to report."""


def build_report(db: str | Path) -> str:
    """The whole page for the results database ``db`` (Skagway first, then by name)."""
    results = analysis.load_tournament_results(db)
    failures = analysis.load_failures(db)
    if results.empty:
        failed = f" ({len(failures)} stored as failed)" if len(failures) else ""
        raise EmptyDatabaseError(f"{db} holds no finished games{failed}")
    decisions = analysis.load_decisions(db)
    names = sorted(results["game"].unique(), key=lambda g: (g != "skagway", g))
    sections = []
    for game in names:
        rows = results[results["game"] == game]
        keys = rows[["tournament", "game_index"]].drop_duplicates()
        sections.append(game_section(game, rows, decisions.merge(keys), db,
                                     failures[failures["game"] == game]))
    title = f"Strategy report: {Path(db).name}"
    tournaments = ", ".join(sorted(results["tournament"].unique()))
    built = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    contents = " · ".join(f'<a href="#{html.escape(g)}">{html.escape(g)}</a>' for g in names)
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>", f"<style>{STYLE}</style>", "</head>",
        "<body>", f"<h1>{html.escape(title)}</h1>",
        f'<p class="note">Tournaments: {html.escape(tournaments)}. Built {built} by '
        "<code>skagway report</code>. Every rate and mean carries its 95% interval.</p>",
        f"<p>{contents}</p>", *sections, "</body>", "</html>",
    ])


def write_report(db: str | Path, out: str | Path) -> Path:
    """Build the page for ``db`` and write it to ``out``; returns the path.

    Refuses (``ValueError``) an ``out`` that is ``db`` itself or any results database;
    the page goes to a temporary file renamed over ``out`` when complete, so a failed
    write leaves an older report whole."""
    out = Path(out)
    problem = clobber_problem(out, [db])
    if problem:
        raise ValueError(problem)
    return write_atomically(out, build_report(db))
