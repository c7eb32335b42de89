"""[Playing the game] the checks after each round, and [Ending the game] the points.

Checks: the claims are uncovered (every seat's round becomes public); an exact cover
adds the taken card's popularity to its celebrity's scale,
anything else deducts it, never below zero; the last player adds or deducts its own
card's value as its partner fared (the example: Paul adds his one horseshoe because
Mike satisfied the request). Two players: in the final round only the round's winner
(first to declare) may add ([Special rules for two players], RULES_NOTES S2).

End: 8/6/4/2 for first to fourth on each celebrity's scale, then 4-3-2-1 by total
popularity; tied players take the lower ranking; the winner has the most points,
ties broken by total popularity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .components import Request
    from .state import CouncilState

CELEBRITY_POINTS = (8, 6, 4, 2)  # [Ending the game] first .. fourth on a scale
TOTAL_POINTS = (4, 3, 2, 1)  # [Ending the game] ranking by total popularity


def satisfies(gold: int, rubies: int, request: Request, child: bool) -> bool:
    """Exactly the request; a child needs only its higher number ([Special rules for
    children]), either one when they are equal (RULES_NOTES C2)."""
    if not child:
        return gold == request.gold and rubies == request.rubies
    if request.gold > request.rubies:
        return gold == request.gold
    if request.rubies > request.gold:
        return rubies == request.rubies
    return gold == request.gold or rubies == request.rubies


def check_round(s: CouncilState, logged: bool = True) -> list[str]:
    """Move every seat's pawn on its card's scale; return the public log lines (none
    unless ``logged``: a playout's rounds before the last, whose lines nobody reads)."""
    game, comp = s.game, s.game.components
    request = comp.requests[s.request]
    own = [satisfies(s.gold[p], s.rubies[p], request, game.is_child(p))
           for p in range(s.num_players)]
    final_two = s.num_players == 2 and s.round == game.rounds - 1
    lines = [f"round {s.round + 1} checks ({request.label()}):"] if logged else []
    for p in range(s.num_players):
        kind = comp.kinds[s.card[p]]
        ok = own[s.partner[p]] if p == s.last else own[p]
        if p != s.last:
            s.checked[p] += 1
            s.exact[p] += own[p]
        delta = kind.value if ok else -kind.value
        if final_two and p != s.order[0]:
            delta = min(0, delta)
        level = s.levels[p][kind.colour]
        s.levels[p][kind.colour] = max(0, level + delta)
        if not logged:
            continue
        how = f"joined up with P{s.partner[p]}" if p == s.last else (
            f"covered {s.gold[p]} gold {s.rubies[p]} ruby")
        lines.append(f"  P{p} {how}: {'+' if delta >= 0 else ''}{delta} "
                     f"{comp.colours[kind.colour]} -> {s.levels[p][kind.colour]}")
    if not logged:
        return []
    lines += uncovered(s)
    return lines


def uncovered(s: CouncilState) -> list[str]:
    """[Playing the game] "one by one, the players start to uncover their claims": at
    the check every seat's landscape and claims are seen (RULES_NOTES H2)."""
    from .observation import move_name

    out = []
    known = s.game.__dict__.get("_move_names", {}).get  # move_name's store, read first
    for p in range(s.num_players):
        moves = [known(a) or move_name(s, a) for a in s.landscape[p] + s.placed[p]]
        out.append(f"  P{p} uncovers: {'; '.join(moves) if moves else 'nothing laid'}")
    return out


def placing_points(values: Sequence[int], ladder: Sequence[int]) -> list[int]:
    """Points by place on one ranking, tied players taking the lower ranking: a value's
    place is the last of its tied group, the count of values at least as high, less
    one (counted over a list, not a generator: every playout's returns ask)."""
    return [ladder[sum([w >= v for w in values]) - 1] for v in values]


def final_points(levels: Sequence[Sequence[int]]) -> list[int]:
    """[Ending the game] each celebrity's 8/6/4/2, then 4-3-2-1 by total popularity."""
    n = len(levels)
    points = [0] * n
    for colour in range(len(levels[0])):
        for p, pts in enumerate(placing_points([lv[colour] for lv in levels],
                                               CELEBRITY_POINTS)):
            points[p] += pts
    totals = [sum(lv) for lv in levels]
    for p, pts in enumerate(placing_points(totals, TOTAL_POINTS)):
        points[p] += pts
    return points
