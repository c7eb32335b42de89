"""The council game object: parameters, the children's option, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams, Variant
from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import build_grid, terrain_of
from . import observation, race
from .actions import MAX_SEATS, ActionCodec
from .components import load_council
from .state import CouncilState
from .timing import (
    BOARD_BEATS,
    CLAIM_BEATS,
    PACE_BEATS,
    SPACE_BEATS,
    WAIT_BEATS,
    race_limit,
    slot_beats,
)

MAX_PACE = 16  # assumed bound: a pace draw of at most 16 outcomes keeps chance nodes small
ROUNDS = 9  # [Ending the game] "after the ninth round (after nine request cards)"


@dataclass(frozen=True)
class CouncilParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """The shared Klondike 1896 components TOML; ``None`` uses the bundled file."""
    children: str = ""
    """Seats playing by the children's rules, comma separated (``"0"`` or ``"1,3"``)."""
    covers: str = "hidden"
    """``"hidden"``: another seat's claims lie on its gold, so what it covered is seen
    only at the check (RULES_NOTES H2); ``"open"``: every cover is public at once."""
    two_players: str = "own_cover"
    """With two players: ``"own_cover"``, the second seat finishes and is checked on
    its own cover (RULES_NOTES R5); ``"join"``, it is the last player, joined up with
    the first."""
    board_beats: int = BOARD_BEATS
    """Beats (the race's time unit) laying a board takes (RULES_NOTES T1, assumed)."""
    claim_beats: int = CLAIM_BEATS
    """Beats taking a claim from the set takes, before its spaces (assumed)."""
    space_beats: int = SPACE_BEATS
    """Beats each space of a claim adds to placing it (assumed)."""
    pace_beats: int = PACE_BEATS
    """A board or claim takes 0 .. pace_beats - 1 beats more, by chance (assumed);
    1: never more, every move's time fixed."""


class CouncilGame(Game):
    info = GameInfo(
        name="klondike1896_council",
        long_name="Klondike 1896 (Game 2, the council game)",
        min_players=2,
        max_players=MAX_SEATS,
        env_version=1,
        # what a seat covered is hidden until the check (covers="open": nothing is)
        hidden_information=True,
        simultaneous_moves=True,
        variants=("data_file", "children", "covers", "two_players", "board_beats",
                  "claim_beats", "space_beats", "pace_beats"),
        presets=(Variant("children", (("children", "0"),)),
                 Variant("open_covers", (("covers", "open"),)),
                 Variant("two_players_join", (("two_players", "join"),),
                         min_players=2, max_players=2)),
    )
    params_class = CouncilParams
    params: CouncilParams
    state_class = CouncilState
    components_loader = staticmethod(load_council)  # params.data_file -> self.components
    rounds = ROUNDS

    def __init__(self, params: CouncilParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        self.child_seats = self._parse_children(self.params.children)
        self._check_options()
        self.hidden_covers = self.params.covers == "hidden"
        if not self.hidden_covers:
            self.info = replace(type(self).info, hidden_information=False)
        # [Playing the game] a last player exists when one seat is left with "the
        # remaining card"; with two players only in the "join" reading (RULES_NOTES R5)
        self.has_last_player = self.num_players > 2 or self.params.two_players == "join"
        # [Special rules for children] only white and gray requests when a child plays
        self.children_pack = bool(self.child_seats)
        self.grid = build_grid(self.components.shared, False)
        # beyond[k]: the cells of the line past its first k boards
        size = self.grid.board_size
        self.beyond = [self.grid.mask_of(tuple((r, c) for r in range(self.grid.rows)
                                               for c in range(k * size, self.grid.cols)))
                       for k in range(BOARDS_PER_PLAYER + 1)]
        # each claim slot's placements by action offset (``grid.by_action`` of its claim)
        self.slot_places = tuple(self.grid.by_action[self.components.slot_claim(slot)]
                                 for slot in range(self.components.slots))
        self.slot_beats = slot_beats(self)  # timing.claim_beats of each claim slot
        self.race_end = race_limit(self)  # the clock's end, read at every tick
        pace = self.params.pace_beats  # RULES_NOTES T1: 0 .. pace - 1 beats more, evenly
        self.pace_outcomes = tuple((extra, 1.0 / pace) for extra in range(pace))
        self.pace_list = list(self.pace_outcomes)  # read, never written: the playout's pick
        self.codec = ActionCodec(self.components.slots, self.grid.cells,
                                 len(self.components.kinds))
        self.slot_turns = race.slot_turns(self)  # what the anchor search reads a slot
        self.turn_offsets = race.turn_offsets(self)  # the cell offsets those turns have
        self.grid_full = (1 << self.grid.cells) - 1
        # len(race.slots_of) of each seat: its set of 11, and a child's extra claim
        self.seat_slots = tuple(self.components.slots if self.is_child(p)
                                else self.components.slots - 1 for p in range(self.num_players))
        self.race_table = race.compiled_table(self)  # the C anchor search's (or None)
        self.legal_kept: dict[tuple, int] = {}  # race.race_choices' store, by cover
        self.offsets_kept: dict[tuple, list[int]] = {}  # race.legal_offsets' store
        self.reach_kept: dict[int, tuple] = {}  # race.reach's store, by halo
        self.wait_mask = np.zeros(self.codec.size, dtype=np.int8)  # a busy seat's mask
        self.wait_mask[self.codec.wait] = 1
        self._terrain: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.planes_cache: dict[tuple[int, ...], object] = {}  # observation.terrain_planes

    def _parse_children(self, text: str) -> frozenset[int]:
        if not isinstance(text, str):
            raise GameParameterError("klondike1896_council: children must be a string "
                                     "of seat numbers such as '0' or '1,3'")
        try:
            seats = frozenset(int(x) for x in text.split(",") if x.strip())
        except ValueError:
            raise GameParameterError(f"klondike1896_council: children {text!r} is not a "
                                     "comma-separated list of seats") from None
        bad = sorted(q for q in seats if not 0 <= q < self.num_players)
        if bad:
            raise GameParameterError(f"klondike1896_council: children seats {bad} are not "
                                     f"seats 0..{self.num_players - 1}")
        return seats

    def _check_options(self) -> None:
        p = self.params
        if p.covers not in ("hidden", "open"):
            raise GameParameterError(f"klondike1896_council: covers must be 'hidden' or "
                                     f"'open', got {p.covers!r}")
        if p.two_players not in ("own_cover", "join"):
            raise GameParameterError(f"klondike1896_council: two_players must be "
                                     f"'own_cover' or 'join', got {p.two_players!r}")
        for name in ("board_beats", "claim_beats", "space_beats", "pace_beats"):
            value = getattr(p, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise GameParameterError(f"klondike1896_council: {name} must be a "
                                         f"non-negative integer, got {value!r}")
        if p.pace_beats < 1 or p.pace_beats > MAX_PACE:
            raise GameParameterError(f"klondike1896_council: pace_beats must be 1.."
                                     f"{MAX_PACE}, got {p.pace_beats}")
        if p.board_beats < 1 or p.claim_beats + p.space_beats < 1:
            raise GameParameterError("klondike1896_council: laying a board and placing a "
                                     "claim must each take at least one beat")

    def is_child(self, p: int) -> bool:
        return p in self.child_seats

    def terrain(self, landscape: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(gold pieces, rubies) a cell of the line for boards laid left to right."""
        key = tuple(landscape)
        found = self._terrain.get(key)
        if found is None:
            found = self._terrain[key] = terrain_of(self.components.shared, self.grid, key)
        return found

    def observation_size(self) -> int:
        return observation.size(self)

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self)

    def max_game_length(self) -> int:
        # a round: cards laid out, the request, the ticks (at most one a wait's beats,
        # or a move's), each board's and claim's pace drawn, tie draws, takes, join up
        moves = BOARDS_PER_PLAYER + self.components.slots
        ticks = race_limit(self) // min(WAIT_BEATS, self.params.board_beats,
                                        min(self.slot_beats)) + 2
        per_round = (MAX_SEATS + 1 + ticks + MAX_SEATS * moves + (MAX_SEATS - 1)
                     + MAX_SEATS + 1)
        return ROUNDS * per_round
