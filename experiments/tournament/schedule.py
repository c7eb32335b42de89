"""Which games a tournament plays: line-ups, seat rotation and derived seeds.

Every line-up of ``players`` seats drawn from the entrants plays each of its distinct
seat permutations equally often (``repeats`` times), so no entrant profits from a
seat. With fewer entrants than seats, line-ups repeat entrants (at least two distinct
entrants a line-up). A config may instead list its line-ups (say one bot against five
copies of another); each still plays every distinct seating. Game ``i``'s seed is
derived from the tournament seed and ``i`` alone, so a game's outcome never depends on
which worker plays it or when.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations

from ..play import derive_seed
from .config import TournamentConfig


@dataclass(frozen=True)
class ScheduledGame:
    index: int
    seats: tuple[str, ...]
    seed: int


def lineups(entrants: list[str], players: int) -> list[tuple[str, ...]]:
    """The multisets of entrants that sit down together, in a fixed order."""
    if len(entrants) >= players:
        return list(combinations(entrants, players))
    if len(entrants) == 1:
        return [tuple(entrants * players)]
    return [c for c in combinations_with_replacement(entrants, players) if len(set(c)) > 1]


def seatings(lineup: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The distinct seat orders of a line-up (repeated entrants are not told apart)."""
    return sorted(set(permutations(lineup)))


def schedule(config: TournamentConfig) -> list[ScheduledGame]:
    names = [e.name for e in config.entrants]
    games: list[ScheduledGame] = []
    chosen = list(config.lineups) or lineups(names, config.players)
    for _ in range(config.repeats):
        for lineup in chosen:
            for seats in seatings(lineup):
                index = len(games)
                games.append(ScheduledGame(index, seats, derive_seed(config.seed, index)))
    return games
