"""The covering styles' kept pricing (``_slot_moves``, ``_fitting``): at every race
position of games played by the styles and sensible random play, every seat's moves
are the legal places of its claims in hand, each with the gold and rubies summed under
it, filtered by what may still fit, in slot and ``race.legal_offsets`` order, the same
list as one written out from the rules' own functions here."""

from __future__ import annotations

import pytest
from skagway_agents.heuristics import klondike1896_council as styles

from skagway_env.games.klondike1896_council import race
from skagway_env.games.klondike1896_council.state import RACE

from ..walks import walks
from .helpers import twin_configs

PLAN = (("mixed", 3), ("sensible", 2))


def _written_out(state, p, slots, gold, rubies):
    game = state.game
    golds, rubies_at = game.terrain(state.landscape[p])
    out = []
    for slot in slots:
        table = game.grid.by_action[game.components.slot_claim(slot)]
        for offset in race.legal_offsets(state, p, slot):
            place = table[offset]
            g = sum(golds[c] for c in place.cells)
            r = sum(rubies_at[c] for c in place.cells)
            if (gold is None or g <= gold) and (rubies is None or r <= rubies):
                out.append((-(g + 3 * r), slot, g, r, place))
    return out


@pytest.mark.parametrize("config", twin_configs(), ids=str)
def test_kept_moves_are_the_written_out_ones(config):
    game = config.make()
    checked = 0
    for walked in walks(config, PLAN):
        for state in walked.positions(game)[::3]:
            if state.phase != RACE:
                continue
            request = game.components.requests[state.request]
            for p in range(game.num_players):
                if not state.landscape[p]:
                    continue
                slots = [s for s in race.slots_of(state, p) if not state.used[p] >> s & 1]
                room_g, room_r = request.gold - state.gold[p], request.rubies - state.rubies[p]
                for gold, rubies in ((None, None), (room_g, None), (None, room_r),
                                     (room_g, room_r)):
                    got = styles._fitting(styles.Seat(state, p), slots, gold, rubies)
                    assert got == _written_out(state, p, slots, gold, rubies), (
                        walked, p, gold, rubies)
                    checked += 1
    assert checked > 200
