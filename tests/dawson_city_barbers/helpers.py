"""Shared builders for the Dawson City Barbers rules tests.

Positions are built either by dealing chosen cards through the real chance nodes or
by setting state fields by hand (``set_fields`` also drops the cached legal actions).
Expected values in the tests are worked out by hand from the rulebook
(the published rulebook) and the engine's stated
interpretations, using the bundled component data summarised below.
"""

from __future__ import annotations

from pathlib import Path

import skagway_env
from skagway_env.games.dawson_city_barbers.components import DEFAULT_DATA_FILE
from skagway_env.games.dawson_city_barbers.state import HAND_SIZE, PLAY

GAME = "dawson_city_barbers"

# The bundled (assumed) component data the move tables rely on.
PAN_SPACES = (
    (0,), (1,), (2,), (3,), (4, 5), (6,), (7,), (8, 9, 10), (11,), (12,), (13, 14),
    (15,), (16,), (17, 18, 19), (20,),
)
WORK_GOLD = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8)
HAIR_MODIFIERS = (2, 1, 0, -1)

TRAIN, WORK, PAN = 0, 1, 2


def make(n: int = 4, **params):
    return skagway_env.make_game(GAME, num_players=n, **params)


def custom_game(tmp_path: Path, n: int, replace: dict[str, str]):
    """A game whose data file is the bundled one with some lines replaced."""
    text = DEFAULT_DATA_FILE.read_text()
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "components.toml"
    path.write_text(text)
    return make(n, data_file=str(path))


def card(game, t: int, w: int, p: int) -> int:
    """The kind index of the schedule card moving train ``t``, work ``w``, pan ``p``."""
    kinds = [k for k, c in enumerate(game.components.cards) if c.moves() == (t, w, p)]
    assert len(kinds) == 1, (t, w, p)
    return kinds[0]


def filler_kinds(game, n_cards: int, avoid: tuple[int, ...] = ()) -> list[int]:
    """``n_cards`` kinds, at most two of each (the bundled count), skipping ``avoid``."""
    kinds = [k for k in range(game.components.num_kinds) if k not in avoid]
    return [kinds[i // 2] for i in range(n_cards)]


def deal(state, hands_in_deal_order: list[list[int]]) -> None:
    """Apply the deal as chance actions: 5 kinds for the start player, then clockwise."""
    for hand in hands_in_deal_order:
        assert len(hand) == HAND_SIZE
        for kind in hand:
            state.apply_action(kind)


def started(game, start: int = 0):
    """The initial state with ``start`` drawn as the start player (the first chance)."""
    state = game.new_initial_state()
    state.apply_action(start)
    return state


def dealt_state(game, hands: dict[int, list[int]] | None = None, start: int = 0):
    """A round-1 state after the real deal; ``hands`` maps seat -> 5 kinds.

    Seats not named get distinct filler cards (avoiding every named kind).
    """
    n = game.num_players
    hands = dict(hands or {})
    used = tuple(k for h in hands.values() for k in h)
    free = iter(filler_kinds(game, HAND_SIZE * n, avoid=used))
    state = started(game, start)
    order = [(start + i) % n for i in range(n)]
    deal(state, [hands[s] if s in hands else [next(free) for _ in range(HAND_SIZE)]
                 for s in order])
    assert state.phase == PLAY
    return state


def hand_of(game, *kinds: int) -> list[int]:
    counts = [0] * game.components.num_kinds
    for k in kinds:
        counts[k] += 1
    return counts


def set_fields(state, **fields) -> None:
    """Overwrite state fields by hand and drop the legal-action (and observation) caches."""
    for name, value in fields.items():
        assert hasattr(state, name), name
        setattr(state, name, value)
    state._legal = None
    if hasattr(state, "_rows"):
        state._rows = None


def play_state(game, to_move: int, hand: list[int], **fields):
    """A PLAY position in round 1 where seat ``to_move`` (turn ``to_move``) holds ``hand``.

    The deal is real; hands of the other seats are left as dealt.
    """
    state = dealt_state(game)
    hands = [h[:] for h in state.hands]
    hands[to_move] = hand_of(game, *hand)
    set_fields(state, hands=hands, turn=to_move, **fields)
    assert state.current_player() == to_move
    return state


def end_of_round_state(game, *, shops: list[list[int]], train=None, box=None, work=None,
                       pan=None, placing=None, gold=None, round_index: int = 0,
                       start: int = 0):
    """One action before End of Round: every turn played but the last seat's haircut.

    ``shops`` are the final shops; the last seat to act must be the last pawn of the
    shop it appears in. Returns the state and that final haircut action.
    """
    n = game.num_players
    state = dealt_state(game, start=start)
    last = (start - 1) % n
    shops = [s[:] for s in shops]
    (shop_of_last,) = [s for s in range(n) if last in shops[s]]
    assert shops[shop_of_last][-1] == last
    shops[shop_of_last].pop()
    cut_at = [-1] * n
    for s, pawns in enumerate(shops):
        for p in pawns:
            cut_at[p] = s
    kept = next(k for k, c in enumerate(state.hands[last]) if c)
    dealt = [sum(h[k] for h in state.hands) for k in range(game.components.num_kinds)]
    hands = [[0] * game.components.num_kinds for _ in range(n)]
    hands[last][kept] = 1
    dealt[kept] -= 1
    zeros = [0] * n
    fields = dict(
        round=round_index, turn=HAND_SIZE * n - 1, hands=hands, discards=dealt,
        shop=shops, cut_at=cut_at,
        train_pos=list(train or zeros), train_box=list(box or zeros),
        work=list(work or zeros), pan=list(pan or zeros),
        gold=list(gold or zeros),
    )
    if placing is not None:
        fields["placing"] = list(placing)
    set_fields(state, **fields)
    assert state.current_player() == last
    return state, game.codec.haircut(kept, shop_of_last)


def scored_state(game, **kwargs):
    """``end_of_round_state`` with its last haircut played: End of Round has run."""
    state, last_cut = end_of_round_state(game, **kwargs)
    state.apply_action(last_cut)
    return state
