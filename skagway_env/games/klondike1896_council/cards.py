"""[Preparation] and [Playing the game]: the request pack and the popularity cards.

Both are drawn lazily, when they are turned face up: the request pack of three
random cards of each back (white and gray only when a child plays), shuffled, is
drawn card by card with the same odds, and popularity cards come from the pile, the
discard reshuffled into it when a card is to be drawn from an empty pile. Nothing face
down is ever fixed in the state, so the packs hide nothing (RULES_NOTES H1; what the
game hides is another seat's cover, H2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BACKS, CHILD_BACKS

if TYPE_CHECKING:
    from .state import CouncilState

PACK_PER_BACK = 3  # [Preparation] "three randomly selected cards of each face colour"


def initial_backs_left(children: bool) -> list[int]:
    """Cards still to turn per back; a child's pack is 9 white or gray cards drawn
    at random with no per-back quota (RULES_NOTES C1), kept as one count."""
    if children:
        return [len(BACKS) * PACK_PER_BACK]
    return [PACK_PER_BACK] * len(BACKS)


def request_outcomes(s: CouncilState) -> list[tuple[int, float]]:
    """The next card of the shuffled pack, by card index."""
    comp = s.game.components
    unused = [i for i, r in enumerate(comp.requests) if not s.requests_used[i]]
    if s.game.children_pack:
        allowed = {BACKS.index(b) for b in CHILD_BACKS}
        pool = [i for i in unused if comp.requests[i].back in allowed]
        return [(i, 1.0 / len(pool)) for i in pool]
    left = sum(s.backs_left)
    out = []
    for b, slots in enumerate(s.backs_left):
        if not slots:
            continue
        pool = [i for i in unused if comp.requests[i].back == b]
        out += [(i, slots / left / len(pool)) for i in pool]
    return sorted(out)


def turn_request(s: CouncilState, card: int) -> None:
    s.request = card
    s.requests_used[card] = True
    back = 0 if s.game.children_pack else s.game.components.requests[card].back
    s.backs_left[back] -= 1


def table_size(num_players: int) -> int:
    """[Preparation] one card a player; [Special rules for two players] three."""
    return 3 if num_players == 2 else num_players


def pile_outcomes(s: CouncilState) -> list[tuple[int, float]]:
    total = sum(s.pile)
    return [(k, c / total) for k, c in enumerate(s.pile) if c]


def lay_out_card(s: CouncilState, kind: int) -> None:
    """A popularity card from the pile to the table."""
    s.pile[kind] -= 1
    s.table[kind] += 1


def reshuffle_if_out(s: CouncilState) -> None:
    """[Playing the game] "If the popularity cards run out, the discard deck is shuffled
    and used again": when a card is to be drawn and the pile is empty, not the moment
    the last card is drawn, so the cards of the round then on the table are in the
    discard by the time it is shuffled (RULES_NOTES C4)."""
    if not sum(s.pile):
        s.pile, s.discard = s.discard, [0] * len(s.discard)


def take_card(s: CouncilState, p: int, kind: int) -> None:
    s.table[kind] -= 1
    s.card[p] = kind


def discard_taken(s: CouncilState) -> None:
    """[Playing the game] used popularity cards go to the discard deck."""
    for kind in s.card:
        s.discard[kind] += 1
