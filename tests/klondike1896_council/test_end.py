"""[Ending the game]: nine rounds; 8/6/4/2 per celebrity, 4-3-2-1 by total
popularity, ties taking the lower ranking; the winner by points, ties by total
popularity; the popularity pile reshuffled from the discard when it runs out."""

from __future__ import annotations

import numpy as np

from skagway_env.core.playout import random_playout
from skagway_env.games.klondike1896_council.scoring import final_points, placing_points
from skagway_env.games.klondike1896_council.state import OVER, REQUEST

from .helpers import make

# colours: red (madam), black (sheriff), blue (mayor), green (horse trader)
BLUE = [10, 4, 10, 8]
BROWN = [8, 6, 8, 8]
GREEN = [6, 10, 1, 1]
FOURTH = [2, 2, 4, 4]


def test_the_rulebook_awarding_points_example():
    """Blue 8+4+8+6+4 = 30, brown 6+6+6+6+3 = 27, green 4+8+2+2+2 = 18. Green's 2s are
    fourth place's points, so the example is read with a fourth player whose points
    the text leaves out (RULES_NOTES E1); blue and brown tie on the horse trader and
    both take the lower ranking's 6."""
    points = final_points([BLUE, BROWN, GREEN, FOURTH])
    assert points[:3] == [30, 27, 18]
    assert points[3] == 2 + 2 + 4 + 4 + 1


def test_ties_take_the_lower_ranking():
    # "if the players in second and third place have the same number of points,
    # both receive the points for third place"
    assert placing_points([9, 5, 5, 1], (4, 3, 2, 1)) == [4, 2, 2, 1]
    assert placing_points([7, 7, 7], (8, 6, 4, 2)) == [4, 4, 4]


def test_total_popularity_breaks_a_tie_on_points():
    game = make(3)
    state = game.new_initial_state()
    state.levels = [[1, 2, 7, 6], [2, 3, 8, 0], [8, 0, 5, 2]]
    assert state.scores() == [28.0, 28.0, 25.0]  # seats 0 and 1 tie on points
    assert state.rank_keys() == [(28.0, 16), (28.0, 13), (25.0, 15)]
    state.phase = OVER
    assert state.returns() == [1.0, 0.0, -1.0]  # seat 0 wins on total popularity


def test_the_game_ends_after_nine_rounds():
    game = make(4)
    state = random_playout(game.new_initial_state(), np.random.default_rng(2))
    assert state.is_terminal() and state.round == 9
    assert sum(state.requests_used) == 9


def test_the_discard_is_reshuffled_when_a_card_is_to_be_drawn_from_an_empty_pile():
    """[Playing the game] "If the popularity cards run out, the discard deck is
    shuffled and used again": drawing the pile's last card leaves the discard alone
    (it was shuffled in one round early at four players in v0)."""
    game = make(4)
    state = game.new_initial_state()
    state.pile = [0] * len(state.pile)
    state.pile[0] = 1
    state.discard = [2] * len(state.discard)
    state.apply_action(0)  # the last card of the pile; three more to lay out
    assert state.pile == [2] * len(state.pile) and state.discard == [0] * len(state.pile)
    state = game.new_initial_state()
    state.pile = [0] * len(state.pile)
    state.pile[0] = 4
    state.discard = [2] * len(state.discard)
    for _ in range(4):
        state.apply_action(0)  # the table is full with the pile's last card
    assert sum(state.pile) == 0 and state.discard == [2] * len(state.pile)


def test_at_four_players_the_ninth_round_draws_from_every_card():
    """Rounds 1-8 use the 32 cards; round 9's deck is all of them, round 8's too."""
    game = make(4)
    seen = {}

    def visit(state) -> None:
        if state.phase == REQUEST:
            seen[state.round] = (sum(state.pile), sum(state.table), sum(state.discard))

    random_playout(game.new_initial_state(), np.random.default_rng(3), visit)
    assert seen[7] == (0, 4, 28)
    assert seen[8] == (28, 4, 0)


def test_the_childrens_game_ends_as_the_others_after_nine_rounds():
    """[Special rules for children] / [Ending the game] (the second): "The game ends
    after the ninth round. The player with the highest number of points wins." A
    restatement of Game 2's ending (RULES_NOTES E4): nine rounds, most points, and the
    first ending's tie-break by total popularity still holds."""
    game = make(3, children="0,2")
    state = random_playout(game.new_initial_state(), np.random.default_rng(4))
    assert state.is_terminal() and state.round == 9 and sum(state.requests_used) == 9
    state.levels = [[1, 2, 7, 6], [2, 3, 8, 0], [8, 0, 5, 2]]
    assert state.scores() == [28.0, 28.0, 25.0]
    assert state.returns() == [1.0, 0.0, -1.0]
