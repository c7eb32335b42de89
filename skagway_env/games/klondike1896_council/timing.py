"""[Playing the game] The race's clock: what each move costs in time (RULES_NOTES T1-T4).

The rulebook's race is real time ("as quickly as possible"). The model counts time in
*beats* (a tenth of a second, say): a move takes as many beats as its work takes at a
table, so seats finish their moves at different moments:

- laying a board (turning it over, putting it beside the last): ``BOARD_BEATS``;
- placing a claim: ``CLAIM_BEATS`` to take it from the set, ``SPACE_BEATS`` more for
  each space it covers (a bigger shape takes longer to align);
- and a hand is never exactly as fast twice: every board or claim takes 0 to
  ``PACE_BEATS - 1`` beats more, drawn by chance when the move begins (public: all
  see when a seat reaches for its next piece), so two seats with plans of the same
  size seldom finish at the same beat and ties are the exception;
- waiting (stopping to think, or giving up to be last): ``WAIT_BEATS``, no chance;
- declaring takes no time of its own: it is the moment the seat's last move ended.

The numbers are ``assumed`` (the rulebook times nothing); only their proportions
matter, and they are parameters of ``CouncilParams``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..klondike1896.components import BOARDS_PER_PLAYER

if TYPE_CHECKING:
    from .game import CouncilGame

BOARD_BEATS = 60  # assumed: a 6 x 6 board takes longer to lay than any claim
CLAIM_BEATS = 10  # assumed: taking a claim from the set
SPACE_BEATS = 10  # assumed: aligning each space of a claim
PACE_BEATS = 10  # assumed: a move takes 0..9 beats more, by chance
WAIT_BEATS = 10  # assumed: as long as taking a claim


def claim_beats(game: CouncilGame, slot: int) -> int:
    """The beats placing the claim in ``slot`` takes: taking it, then each space."""
    return game.slot_beats[slot]


def slot_beats(game: CouncilGame) -> tuple[int, ...]:
    """``claim_beats`` of every slot, computed once a game."""
    comp = game.components
    return tuple(game.params.claim_beats
                 + game.params.space_beats * len(comp.shared.claims[comp.slot_claim(s)].cells)
                 for s in range(comp.slots))


def race_limit(game: CouncilGame) -> int:
    """The clock's end: every board laid and every claim (a child's extra one too)
    placed. A seat that keeps working is done by then; seats still racing at this
    moment (they chose to wait) declare together (RULES_NOTES T4)."""
    slack = game.params.pace_beats - 1  # the most chance adds to a move
    work = BOARDS_PER_PLAYER * (game.params.board_beats + slack)
    work += sum(claim_beats(game, slot) + slack for slot in range(game.components.slots))
    return work + 1


def latest_end(game: CouncilGame) -> int:
    """The latest beat a move can end: the longest move begun just before the end."""
    longest = max([game.params.board_beats, WAIT_BEATS]
                  + [claim_beats(game, slot) for slot in range(game.components.slots)])
    return race_limit(game) - 1 + longest + game.params.pace_beats - 1
