"""Tournament statistics against numbers worked out by hand.

The Wilson intervals are recomputed here from the textbook formula and checked against
published values; the Plackett-Luce updates are recomputed from Weng and Lin's
Algorithm 4 as openskill 6.2 computes it (sigma first widened by tau, gamma = sigma / c,
kappa floor), so a silent change of model or default fails.

openskill 6.2's Plackett-Luce has code meant to give tied teams the mean of their mu
changes, but it compares each player with itself after an in-place update, so it never
changes anything (openskill.py issue #201, fix proposed in PR #203). Tied seats therefore
get Weng and Lin's own updates, as in openskill.js, and these tests pin that: should an
upgrade start averaging, ``test_tied_seats_keep_their_own_updates`` fails.
"""

from __future__ import annotations

import math
import random

import pytest
from openskill.models import PlackettLuce
from skagway_experiments.tournament.records import GameRecord
from skagway_experiments.tournament.stats import (
    AgentRow,
    Rating,
    SeatRow,
    agent_table,
    format_leaderboard,
    head_to_head,
    ratings,
    seat_advantage,
    wilson_interval,
)

Z = 1.959963984540054
MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0, 0.0001


def game(index: int, seats: tuple[str, ...], scores: tuple[float, ...],
         ranks: tuple[float, ...]) -> GameRecord:
    return GameRecord(index, 1000 + index, seats, scores, ranks,
                      returns=tuple(0.0 for _ in seats), length=10)


def wilson_by_formula(successes: float, n: int) -> tuple[float, float, float]:
    p = successes / n
    denominator = 1 + Z**2 / n
    centre = (p + Z**2 / (2 * n)) / denominator
    half = Z * math.sqrt(p * (1 - p) / n + Z**2 / (4 * n**2)) / denominator
    return p, centre - half, centre + half


# Wilson interval

@pytest.mark.parametrize("successes, n", [(5, 10), (0, 10), (10, 10), (45.5, 100), (1.5, 4)])
def test_wilson_matches_the_formula(successes: float, n: int) -> None:
    expected = wilson_by_formula(successes, n)
    assert wilson_interval(successes, n) == pytest.approx(expected, abs=1e-6)


def test_wilson_hand_values() -> None:
    # 5/10: centre is exactly 1/2 by symmetry; half-width z/(1+z^2/10) * sqrt(1/40 + z^2/400).
    half = Z / (1 + Z**2 / 10) * math.sqrt(0.025 + Z**2 / 400)
    assert wilson_interval(5, 10) == pytest.approx((0.5, 0.5 - half, 0.5 + half), abs=1e-12)
    # 0/10: the interval is [0, z^2 / (n + z^2)].
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.0, Z**2 / (10 + Z**2)), abs=1e-12)
    assert wilson_interval(10, 10) == pytest.approx((1.0, 10 / (10 + Z**2), 1.0), abs=1e-12)


@pytest.mark.parametrize("successes, n, low, high", [
    # Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (score).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_published_values(successes: int, n: int, low: float, high: float) -> None:
    _, got_low, got_high = wilson_interval(successes, n)
    assert (got_low, got_high) == pytest.approx((low, high), abs=5e-5)


def test_wilson_without_trials_is_unknown() -> None:
    p, low, high = wilson_interval(0, 0)
    assert math.isnan(p) and (low, high) == (0.0, 1.0)


@pytest.mark.parametrize("successes, n", [(-1, 10), (11, 10), (1, -1)])
def test_wilson_rejects_impossible_counts(successes: float, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


# Plackett-Luce ratings

def test_openskill_defaults_are_the_ones_checked_here() -> None:
    model = PlackettLuce()
    assert (model.mu, model.sigma, model.beta, model.tau, model.kappa) == pytest.approx(
        (MU, SIGMA, BETA, TAU, KAPPA))
    assert not model.limit_sigma and not model.balance


def test_two_player_game_by_hand() -> None:
    result = ratings([game(0, ("w", "l"), (3, 1), (1, 2))])
    sigma2 = SIGMA**2 + TAU**2  # tau widens sigma before the update
    c = math.sqrt(2 * (sigma2 + BETA**2))
    e_w = e_l = math.exp(MU / c)
    p_l = e_l / (e_w + e_l)  # loser's chance of first among both: 1/2
    p_w = e_w / (e_w + e_l)
    gamma = math.sqrt(sigma2) / c
    omega_w = (1 - p_w) * sigma2 / c
    delta_w = p_w * (1 - p_w) * sigma2 / c**2 * gamma
    # The loser is also compared with the set {loser} alone, where its share is 1.
    omega_l = (-p_l + (1 - 1)) * sigma2 / c
    delta_l = (p_l * (1 - p_l) + 1 * (1 - 1)) * sigma2 / c**2 * gamma
    assert result["w"].mu == pytest.approx(MU + omega_w, abs=1e-9)
    assert result["l"].mu == pytest.approx(MU + omega_l, abs=1e-9)
    assert result["w"].sigma == pytest.approx(math.sqrt(sigma2 * (1 - delta_w)), abs=1e-9)
    assert result["l"].sigma == pytest.approx(math.sqrt(sigma2 * (1 - delta_l)), abs=1e-9)
    assert result["w"].mu > MU > result["l"].mu
    assert result["w"].ordinal == pytest.approx(result["w"].mu - 3 * result["w"].sigma)
    assert result["w"].games == result["l"].games == 1


def test_three_player_game_with_tied_winners_by_hand() -> None:
    # Ranks 1.5, 1.5, 3: two tied winners. Equal priors, so every exp(mu/c) is the same e
    # and the sums over {rank >= r} are 3e (first place) and e (third place).
    # A tied winner i, against q in its own tie group (A_q = 2):
    #   omega = (1 - 1/3)/2 - (1/3)/2 = 1/6,  delta = 2 * (1/3)(2/3)/2 = 2/9.
    # The loser: omega = -2 * (1/3)/2 + (1 - 1)/1 = -1/3,  delta = 2/9 + 0 = 2/9.
    result = ratings([game(0, ("x", "y", "z"), (5, 5, 1), (1.5, 1.5, 3))])
    sigma2 = SIGMA**2 + TAU**2
    c = math.sqrt(3 * (sigma2 + BETA**2))
    gamma = math.sqrt(sigma2) / c
    shrink = math.sqrt(sigma2 * (1 - 2 / 9 * sigma2 / c**2 * gamma))
    for name, omega in (("x", 1 / 6), ("y", 1 / 6), ("z", -1 / 3)):
        assert result[name].mu == pytest.approx(MU + omega * sigma2 / c, abs=1e-9)
        assert result[name].sigma == pytest.approx(shrink, abs=1e-9)


def plackett_luce_update(players: list[tuple[float, float]],
                         ranks: list[float]) -> list[tuple[float, float]]:
    """One game of one-player teams, written from Weng and Lin (2011) Algorithm 4 with
    openskill's choices: tau widening, gamma = sigma/c, kappa floor on the sigma factor.
    A tied team q counts in the denominators with weight 1/A_q (A_q: teams tied with q)."""
    sigma2 = [sigma**2 + TAU**2 for _, sigma in players]
    c = math.sqrt(sum(s2 + BETA**2 for s2 in sigma2))
    e = [math.exp(mu / c) for mu, _ in players]
    k = len(players)
    group_sum = [sum(e[i] for i in range(k) if ranks[i] >= ranks[q]) for q in range(k)]
    group_size = [sum(1 for i in range(k) if ranks[i] == ranks[q]) for q in range(k)]
    updated = []
    for i, (mu, _) in enumerate(players):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                share = e[i] / group_sum[q]
                omega += ((1.0 if q == i else 0.0) - share) / group_size[q]
                delta += share * (1 - share) / group_size[q]
        omega *= sigma2[i] / c
        delta *= sigma2[i] / c**2 * math.sqrt(sigma2[i]) / c
        updated.append((mu + omega, math.sqrt(sigma2[i] * max(1 - delta, KAPPA))))
    return updated


def reference_ratings(records: list[GameRecord]) -> dict[str, tuple[float, float]]:
    """The documented rule: seats of one entrant start from its pre-game rating and the
    entrant takes the mean of their updates; self-play games are not rated."""
    state: dict[str, tuple[float, float]] = {}
    for record in sorted(records, key=lambda r: r.game_index):
        for name in record.seats:
            state.setdefault(name, (MU, SIGMA))
        if len(set(record.seats)) < 2:
            continue
        updated = plackett_luce_update([state[n] for n in record.seats], list(record.ranks))
        new_state = {}
        for name in set(record.seats):
            mine = [u for n, u in zip(record.seats, updated, strict=True) if n == name]
            new_state[name] = (sum(m for m, _ in mine) / len(mine),
                               sum(s for _, s in mine) / len(mine))
        state.update(new_state)
    return state


def assert_ratings_match(got: dict[str, Rating], expected: dict[str, tuple[float, float]]) -> None:
    assert set(got) == set(expected)
    for name, (mu, sigma) in expected.items():
        assert got[name].mu == pytest.approx(mu, abs=1e-9), name
        assert got[name].sigma == pytest.approx(sigma, abs=1e-9), name


def test_reference_reproduces_the_hand_computed_two_player_game() -> None:
    winner, loser = plackett_luce_update([(MU, SIGMA), (MU, SIGMA)], [1, 2])
    got = ratings([game(0, ("w", "l"), (3, 1), (1, 2))])
    assert_ratings_match(got, {"w": winner, "l": loser})


def test_tied_seats_keep_their_own_updates() -> None:
    # Game 0 puts a above b; in game 1 they tie for first. Each keeps its own update, so
    # the weaker b gains more from the tie than the stronger a (not the mean of the two).
    records = [game(0, ("a", "b", "c"), (3, 2, 1), (1, 2, 3)),
               game(1, ("a", "b", "c", "d"), (4, 4, 2, 1), (1.5, 1.5, 3, 4))]
    got = ratings(records)
    assert_ratings_match(got, reference_ratings(records))
    first = ratings(records[:1])
    assert first["a"].mu > first["b"].mu
    assert got["b"].mu - first["b"].mu > got["a"].mu - first["a"].mu + 0.05


def test_entrant_in_two_seats_takes_the_mean_of_its_seats() -> None:
    record = game(0, ("a", "b", "a"), (9, 5, 1), (1, 2, 3))
    (a1, b, a3) = plackett_luce_update([(MU, SIGMA)] * 3, [1, 2, 3])
    got = ratings([record])
    assert got["a"].mu == pytest.approx((a1[0] + a3[0]) / 2, abs=1e-9)
    assert got["a"].sigma == pytest.approx((a1[1] + a3[1]) / 2, abs=1e-9)
    assert got["b"].mu == pytest.approx(b[0], abs=1e-9)
    assert (got["a"].games, got["b"].games) == (2, 1)
    # First and last cancel to first order: a gains much less than a lone winner would.
    assert abs(got["a"].mu - MU) < a1[0] - MU


def test_self_play_leaves_the_rating_at_the_prior() -> None:
    got = ratings([game(0, ("a", "a", "a"), (3, 2, 1), (1, 2, 3))])
    assert got == {"a": Rating(MU, SIGMA, 0)}


def test_named_entrants_without_games_start_at_the_prior() -> None:
    got = ratings([game(0, ("a", "b"), (1, 0), (1, 2))], entrants=["a", "b", "idle"])
    assert got["idle"] == Rating(MU, SIGMA, 0)
    assert ratings([]) == {}


def mixed_records() -> list[GameRecord]:
    names = ["ann", "bob", "cat", "dan"]
    rng = random.Random(7)
    records = []
    for index in range(12):
        players = 2 + index % 3
        seats = tuple(rng.choice(names) for _ in range(players))
        if len(set(seats)) < 2:
            seats = ("ann", "bob", *seats[2:])
        scores = tuple(float(rng.randint(0, 3)) for _ in seats)
        ranks = tuple(1 + sum(o > s for o in scores) + (sum(o == s for o in scores) - 1) / 2
                      for s in scores)
        records.append(game(index, seats, scores, ranks))
    return records


def test_ratings_follow_the_reference_over_many_games() -> None:
    records = mixed_records()
    assert_ratings_match(ratings(records), reference_ratings(records))


def test_ratings_do_not_depend_on_arrival_order() -> None:
    records = mixed_records()
    shuffled = records[:]
    random.Random(1).shuffle(shuffled)
    assert shuffled != records
    assert ratings(shuffled) == ratings(records)
    # ... but they do depend on game_index order: the model is sequential.
    renumbered = [game(len(records) - 1 - r.game_index, r.seats, r.scores, r.ranks)
                  for r in records]
    assert ratings(renumbered) != ratings(records)


# Tables over a small hand-built tournament
#
#   game  seats          scores      ranks            win shares
#   0     A  B  C        10  6  6    1   2.5 2.5      1   0   0
#   1     B  A  C         8  8  3    1.5 1.5 3        .5  .5  0
#   2     C  A            5  2       1   2            1   0
#   3     A  B  B         4  9  1    2   1   3        0   1   0   (B in two seats)

def small_tournament() -> list[GameRecord]:
    return [
        game(0, ("A", "B", "C"), (10, 6, 6), (1, 2.5, 2.5)),
        game(1, ("B", "A", "C"), (8, 8, 3), (1.5, 1.5, 3)),
        game(2, ("C", "A"), (5, 2), (1, 2)),
        game(3, ("A", "B", "B"), (4, 9, 1), (2, 1, 3)),
    ]


def test_agent_table_by_hand() -> None:
    rows = {row.entrant: row for row in agent_table(small_tournament())}
    # name: (seats, win shares, score sum, rank sum)
    expected = {"A": (4, 1.5, 24, 6.5), "B": (4, 1.5, 24, 8.0), "C": (3, 1.0, 14, 6.5)}
    rated = ratings(small_tournament())
    for name, (games, wins, score_sum, rank_sum) in expected.items():
        row = rows[name]
        p, low, high = wilson_by_formula(wins, games)
        assert (row.games, row.wins) == (games, wins)
        assert (row.win_rate, row.win_low, row.win_high) == pytest.approx((p, low, high))
        assert row.mean_score == pytest.approx(score_sum / games)
        assert row.mean_rank == pytest.approx(rank_sum / games)
        assert (row.mu, row.sigma, row.ordinal) == (
            rated[name].mu, rated[name].sigma, rated[name].ordinal)
    assert_ratings_match(rated, reference_ratings(small_tournament()))


def test_agent_table_is_sorted_by_win_rate_then_mean_rank() -> None:
    """Issue 19: the ordinal ranked random above landlord at 24 games; the table now
    reads as its headline column does (the ratings stay beside it)."""
    table = agent_table(small_tournament())
    assert all(isinstance(row, AgentRow) for row in table)
    keys = [(-row.win_rate, row.mean_rank) for row in table]
    assert keys == sorted(keys)
    assert agent_table([]) == []


def test_head_to_head_by_hand() -> None:
    pairs = head_to_head(small_tournament())
    # A-B meet in games 0, 1 and twice in game 3: ahead, tie, behind, ahead.
    # A-C in games 0, 1, 2: ahead, ahead, behind. B-C in games 0, 1: tie, ahead.
    expected = {("A", "B"): (2.5 / 4, 4), ("A", "C"): (2 / 3, 3), ("B", "C"): (1.5 / 2, 2)}
    for (a, b), (share, meetings) in expected.items():
        assert pairs[a, b] == pytest.approx((share, meetings))
        assert pairs[b, a] == pytest.approx((1 - share, meetings))
    assert len(pairs) == 6  # no (B, B) from game 3, no diagonal


def test_head_to_head_pairs_that_never_met() -> None:
    pairs = head_to_head([game(0, ("A", "C"), (1, 0), (1, 2)), game(1, ("A", "D"), (0, 1), (2, 1))])
    share, meetings = pairs["C", "D"]
    assert math.isnan(share) and meetings == 0
    assert pairs["D", "A"] == (1.0, 1)


def test_seat_advantage_by_hand() -> None:
    rows = seat_advantage(small_tournament())
    assert all(isinstance(row, SeatRow) for row in rows)
    # seat: (games, win shares, score sum, rank sum)
    expected = [(4, 2.5, 27, 5.5), (4, 1.5, 25, 7.0), (3, 0.0, 10, 8.5)]
    assert [row.seat for row in rows] == [0, 1, 2]
    for row, (games, wins, score_sum, rank_sum) in zip(rows, expected, strict=True):
        assert (row.games, row.wins) == (games, wins)
        assert (row.win_rate, row.win_low, row.win_high) == pytest.approx(
            wilson_by_formula(wins, games))
        assert row.mean_score == pytest.approx(score_sum / games)
        assert row.mean_rank == pytest.approx(rank_sum / games)
    assert sum(row.wins for row in rows) == len(small_tournament())


# Leaderboard text

def test_leaderboard_shows_every_table() -> None:
    text = format_leaderboard(small_tournament(), title="Small cup")
    assert text.startswith("Small cup\n")
    assert "4 games, 3 entrants" in text
    for name in "ABC":
        assert f"  {name}  " in text
    p, low, high = wilson_by_formula(1.5, 4)
    assert f"{p:.3f} [{low:.3f}, {high:.3f}]" in text
    assert "Head to head" in text and "Seat advantage" in text
    matrix = text.split("Head to head")[1].split("Seat advantage")[0]
    order = [row.entrant for row in agent_table(small_tournament())]
    shares = {("A", "C"): "0.67", ("B", "C"): "0.75", ("C", "A"): "0.33", ("C", "B"): "0.25"}
    for line in matrix.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit():
            row_name = cells[1]
            assert cells[2 + order.index(row_name)] == "-"
            for (a, b), share in shares.items():
                if a == row_name:
                    assert cells[2 + order.index(b)] == share


def test_leaderboard_without_games() -> None:
    assert format_leaderboard([]) == "No games played.\n"
    assert "No games played." in format_leaderboard([], title="Empty")


def test_leaderboard_with_one_entrant() -> None:
    text = format_leaderboard([game(0, ("solo", "solo"), (2, 1), (1, 2))])
    assert "1 game, 1 entrant" in text and "solo" in text
    assert "0.500 [0.095, 0.905]" in text
