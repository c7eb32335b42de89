"""Ratings and statistics over finished tournament games.

Everything here is a pure function of a sequence of :class:`GameRecord`: no I/O, no
global state, and the result never depends on the order the records arrive in (ratings
are computed in ``game_index`` order; every other figure is a sum).

Ratings use OpenSkill's Plackett-Luce model (Weng and Lin 2011, Algorithm 4) rather
than TrueSkill. Our games are free-for-all with two to six seats and tied places, which
Plackett-Luce rates directly as one ranking of all seats, without the pairwise
approximations or draw-margin parameter that TrueSkill needs. The ``openskill``
package is maintained, MIT-licensed and free of the patent and trademark that cover
TrueSkill, and its updates are closed-form, with no message passing over a factor graph.

Counting conventions, used everywhere below:

* **Per seat.** An entrant seated twice in one game (fewer entrants than seats) played
  two games there: both seats count toward its games, wins, mean score and mean rank.
* **Per pair of seats.** Head-to-head counts every pair of seats held by two distinct
  entrants, so A in two seats against B in one is two meetings.
* **Ratings of repeated entrants.** Each seat is a separate team carrying the entrant's
  pre-game rating; the entrant's new ``mu`` and ``sigma`` are the means of its seats'
  updated values. A game in which every seat is the same entrant (self-play) says
  nothing about skill relative to anyone, so it leaves the rating unchanged.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from ..tables import table_lines
from .records import GameRecord

Z_95 = 1.959963984540054
"""The two-sided 95% standard normal quantile."""


def wilson_interval(successes: float, n: int, z: float = Z_95) -> tuple[float, float, float]:
    """``(p, low, high)``: a proportion and its Wilson score interval.

    ``successes`` may be fractional (a shared win counts ``1/k``). The Wilson interval
    stays inside [0, 1] and behaves at 0 and ``n`` successes, where the normal
    approximation collapses to a zero-width interval. With ``n == 0`` nothing is known:
    the result is ``(nan, 0.0, 1.0)``.
    """
    if n < 0 or not 0.0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return math.nan, 0.0, 1.0
    p = successes / n
    z2_n = z * z / n
    centre = (p + z2_n / 2) / (1 + z2_n)
    half = z / (1 + z2_n) * math.sqrt(p * (1 - p) / n + z2_n / (4 * n))
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rating:
    """An entrant's Plackett-Luce rating. ``ordinal = mu - 3 sigma`` is a conservative
    skill estimate (the true skill is very likely above it), shown beside the win rate.
    ``games`` counts the seats that updated the rating (self-play games do not)."""

    mu: float
    sigma: float
    games: int = 0
    ordinal: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ordinal", self.mu - 3.0 * self.sigma)


def _chronological(records: Iterable[GameRecord]) -> list[GameRecord]:
    """Records in ``game_index`` order; the rest of the key only breaks ties between
    records that share an index, so that any arrival order gives the same list."""
    return sorted(records, key=lambda r: (r.game_index, r.seed, r.seats, r.ranks, r.scores))


def _dense_ranks(ranks: Sequence[float]) -> list[int]:
    """1, 2, ... by place, equal places equal. openskill truncates ranks to ``int``;
    averaged tie ranks such as 2.5 survive that, but dense integers need no argument."""
    order = {value: place for place, value in enumerate(sorted(set(ranks)), start=1)}
    return [order[r] for r in ranks]


def _entrants(records: Iterable[GameRecord]) -> list[str]:
    """Every entrant that sat in any seat, by name."""
    return sorted({name for record in records for name in record.seats})


def ratings(
    records: Sequence[GameRecord], entrants: Iterable[str] | None = None
) -> dict[str, Rating]:
    """Plackett-Luce ratings after every game, keyed by entrant name.

    Games are rated in ``game_index`` order with openskill's defaults (mu 25, sigma
    25/3, beta 25/6, tau 25/300), one team per seat, ranks taken from the record so
    ties are rated as ties. Tied seats each keep their own Weng-Lin update: openskill
    6.2's averaging of tied teams' mu changes is a no-op (openskill.py issue #201), and
    the tests pin that. ``entrants`` adds names that start at the prior even if they
    played no game. See the module docstring for entrants in several seats.
    """
    model = PlackettLuce()
    state: dict[str, tuple[float, float]] = {}
    seats_rated: dict[str, int] = defaultdict(int)
    for name in entrants or ():
        state[name] = (model.mu, model.sigma)
    for record in _chronological(records):
        for name in record.seats:
            state.setdefault(name, (model.mu, model.sigma))
        if len(set(record.seats)) < 2:
            continue
        teams = [[model.rating(*state[name])] for name in record.seats]
        updated = model.rate(teams, ranks=_dense_ranks(record.ranks))
        per_seat: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for name, (player,) in zip(record.seats, updated, strict=True):
            per_seat[name].append((player.mu, player.sigma))
        for name, values in per_seat.items():
            state[name] = (
                sum(mu for mu, _ in values) / len(values),
                sum(sigma for _, sigma in values) / len(values),
            )
            seats_rated[name] += len(values)
    return {
        name: Rating(mu, sigma, seats_rated[name]) for name, (mu, sigma) in sorted(state.items())
    }


@dataclass(frozen=True)
class Outcomes:
    """Games (counted per seat), win shares with their Wilson 95% interval, mean score
    and mean rank of one entrant or one seat."""

    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    mean_rank: float


@dataclass(frozen=True)
class AgentRow(Outcomes):
    """One entrant's line of the leaderboard; ``games`` and ``wins`` count seats."""

    entrant: str = ""
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0


@dataclass(frozen=True)
class SeatRow(Outcomes):
    """Results by seat index (0 moves first), over every game that had that seat."""

    seat: int = 0


def _outcomes(records: Sequence[GameRecord], by_seat: bool) -> dict[Any, dict[str, Any]]:
    """Per entrant (or per seat index): ``Outcomes`` fields, in first-seen order."""
    games: dict[Any, int] = defaultdict(int)
    wins: dict[Any, float] = defaultdict(float)
    score_sum: dict[Any, float] = defaultdict(float)
    rank_sum: dict[Any, float] = defaultdict(float)
    for record in records:
        for seat, (name, score, rank, share) in enumerate(zip(
            record.seats, record.scores, record.ranks, record.win_shares, strict=True
        )):
            key = seat if by_seat else name
            games[key] += 1
            wins[key] += share
            score_sum[key] += score
            rank_sum[key] += rank
    out = {}
    for key, n in games.items():
        p, low, high = wilson_interval(wins[key], n)
        out[key] = {"games": n, "wins": wins[key], "win_rate": p, "win_low": low,
                    "win_high": high, "mean_score": score_sum[key] / n,
                    "mean_rank": rank_sum[key] / n}
    return out


def agent_table(records: Sequence[GameRecord]) -> list[AgentRow]:
    """One row per entrant, highest win rate first (then best mean rank, then name).

    Why win rate and not the rating: a tournament asks who wins, and the win rate is
    that answer with an honest interval beside it. The OpenSkill ordinal
    (``mu - 3 sigma``) rewards every place of the full ranking and is built for many
    games; at the default tournament's 24 games a seat it ranked random play (win rate
    0.042, steady third places) above the landlord style (0.292, first or last), and a
    newcomer reads the top row as "the best". The ratings stay in the table, and
    ``rating_disagreement`` says when they would order it differently.

    ``wins`` is the sum of win shares, so a two-way tie for first adds 0.5 to each;
    the win rate's interval is the Wilson 95% interval of ``wins`` out of ``games``.
    """
    rated = ratings(records)
    rows = [AgentRow(entrant=name, mu=rated[name].mu, sigma=rated[name].sigma,
                     ordinal=rated[name].ordinal, **fields)
            for name, fields in _outcomes(records, by_seat=False).items()]
    return sorted(rows, key=lambda row: (-row.win_rate, row.mean_rank, row.entrant))


def rating_disagreement(table: Sequence[AgentRow]) -> str | None:
    """A note when the OpenSkill ordinal orders the entrants unlike the table (win
    rate), or ``None`` when both agree."""
    by_rating = sorted(table, key=lambda row: (-row.ordinal, row.entrant))
    if [row.entrant for row in by_rating] == [row.entrant for row in table]:
        return None
    return ("note: by rating (ordinal) the order is " + ", ".join(r.entrant for r in by_rating)
            + "; the ratings weigh every place, not only first, and need many games to settle")


def head_to_head(records: Sequence[GameRecord]) -> dict[tuple[str, str], tuple[float, int]]:
    """``(a, b) -> (share, meetings)``: how often ``a`` finished ahead of ``b``.

    Every ordered pair of seats held by two distinct entrants is one meeting; a tied
    place counts 1/2. Every ordered pair of distinct entrants in ``records`` is a key;
    pairs that never met map to ``(nan, 0)``. ``share[a, b] + share[b, a] == 1``.
    """
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    for record in records:
        for a, (name_a, rank_a) in enumerate(zip(record.seats, record.ranks, strict=True)):
            for b, (name_b, rank_b) in enumerate(zip(record.seats, record.ranks, strict=True)):
                if a == b or name_a == name_b:
                    continue
                meetings[name_a, name_b] += 1
                if rank_a < rank_b:
                    ahead[name_a, name_b] += 1.0
                elif rank_a == rank_b:
                    ahead[name_a, name_b] += 0.5
    names = _entrants(records)
    return {
        (a, b): (ahead[a, b] / meetings[a, b] if meetings[a, b] else math.nan, meetings[a, b])
        for a in names
        for b in names
        if a != b
    }


def seat_advantage(records: Sequence[GameRecord]) -> list[SeatRow]:
    """One row per seat index. Seat ``k`` only exists in games of more than ``k``
    players, so with mixed player counts the rows cover different games: compare seats
    within one player count when that matters."""
    return [SeatRow(seat=seat, **fields)
            for seat, fields in sorted(_outcomes(records, by_seat=True).items())]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _format_rate(p: float, low: float, high: float) -> str:
    return f"{p:.3f} [{low:.3f}, {high:.3f}]"


def format_leaderboard(records: Sequence[GameRecord], title: str = "", failed: int = 0) -> str:
    """The agent table, the head-to-head matrix and the seat table as aligned text.

    ``records`` are finished games only; ``failed`` games (that raised) are not rated,
    only counted in a line under the title.

    Head-to-head rows and columns follow the leaderboard order; columns are headed by
    leaderboard rank to keep the matrix narrow. A cell is the share of meetings the row
    entrant finished ahead of the column entrant, ``.`` where they never met.
    """
    lines = [title, "=" * len(title)] if title else []
    not_rated = (f"{_count(failed, 'more game')} failed (raised an error) and "
                 f"{'is' if failed == 1 else 'are'} not counted")
    if not records:
        return "\n".join([*lines, "No games played.", *[not_rated] * bool(failed)]) + "\n"
    table = agent_table(records)
    lines.append(f"{_count(len(records), 'game')}, {_count(len(table), 'entrant')}")
    if failed:
        lines.append(not_rated)
    truncated = sum(r.truncated for r in records)
    if truncated:
        lines.append(f"{truncated} of them stopped by the turn cap (max_turns): truncated, "
                     "scored without end-of-game bonuses")
    lines.append("")
    lines += table_lines(
        ["#", "entrant", "seats", "win rate [95% CI]", "mean score", "mean rank", "mu", "sigma",
         "ordinal"],
        [
            [str(place), row.entrant, str(row.games),
             _format_rate(row.win_rate, row.win_low, row.win_high), f"{row.mean_score:.2f}",
             f"{row.mean_rank:.2f}", f"{row.mu:.2f}", f"{row.sigma:.2f}", f"{row.ordinal:.2f}"]
            for place, row in enumerate(table, start=1)
        ],
        left=2,
    )
    lines += [
        "seats: games played, counted per seat (an entrant in two seats of a game counts "
        "twice); win rate: share",
        "of those seats that won (a tie for first splits the win), with its 95% Wilson "
        "interval; mean rank: 1 is first.",
        "mu, sigma: OpenSkill (Plackett-Luce) skill estimate and its uncertainty; ordinal = "
        "mu - 3 sigma, a conservative",
        "skill. The table is sorted by win rate (then mean rank).",
    ]
    note = rating_disagreement(table)
    if note:
        lines.append(note)

    names = [row.entrant for row in table]
    pairs = head_to_head(records)
    lines += ["", "Head to head (share of meetings the row finished ahead of the column)"]
    matrix_rows = []
    for place, a in enumerate(names, start=1):
        cells = []
        for b in names:
            share, meetings = pairs.get((a, b), (math.nan, 0))
            cells.append("-" if a == b else f"{share:.2f}" if meetings else ".")
        matrix_rows.append([str(place), a, *cells])
    lines += table_lines(["#", "entrant", *map(str, range(1, len(names) + 1))], matrix_rows, left=2)

    lines += ["", "Seat advantage (every entrant together, by seat)"]
    lines += table_lines(
        ["seat", "games", "win rate [95% CI]", "mean score", "mean rank"],
        [
            [str(row.seat), str(row.games), _format_rate(row.win_rate, row.win_low, row.win_high),
             f"{row.mean_score:.2f}", f"{row.mean_rank:.2f}"]
            for row in seat_advantage(records)
        ],
    )
    return "\n".join(lines) + "\n"
