"""The game protocol every game implements (after OpenSpiel's ``pyspiel.Game``/``State``).

A ``Game`` holds immutable parameters and sizes; a ``State`` is one position. Chance is
explicit: a draw, shuffle or die roll is a node whose ``current_player()`` is
``CHANCE`` and whose outcomes (``chance_outcomes()``) are ordinary actions, so rules
code never touches a random generator and a whole game replays from ``history``.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import numpy as np

from .constants import CHANCE, REWARD_MODES, SIMULTANEOUS, TERMINAL
from .errors import (
    DeserializationError,
    GameParameterError,
    IllegalActionError,
    NoSuchSeatError,
)
from .returns import compute_returns

SERIAL_FORMAT = 1
"""Version of the ``serialize()`` layout; bump when it changes incompatibly."""


@dataclass(frozen=True)
class GameParams:
    """Parameters every game accepts; games subclass this to add their variants."""

    num_players: int = 2
    reward: str = "rank"


@dataclass(frozen=True)
class Variant:
    """A named rules variant: parameters to pass, and the player counts it allows.

    Every variant a game declares is covered by the generic test suite at each of its
    player counts (``skagway_env.core.registry.list_configurations``).
    """

    name: str
    params: tuple[tuple[str, Any], ...]
    min_players: int | None = None
    max_players: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return dict(self.params)


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, shown by ``skagway games``.

    ``variants`` names the rule parameters (besides ``num_players`` and ``reward``);
    ``presets`` are the named variants built from them, each tested like the base game.
    """

    name: str
    long_name: str
    min_players: int
    max_players: int
    env_version: int = 0
    hidden_information: bool = True
    simultaneous_moves: bool = False
    variants: tuple[str, ...] = ()
    presets: tuple[Variant, ...] = ()


class ObservationModule(Protocol):
    """What a game's ``observation.py`` provides to the core ``State`` hooks: the one
    place a seat's tensor and text are made (and made fast)."""

    def encode(self, state: Any, player: int) -> np.ndarray:
        """``player``'s float32 observation tensor of ``game.observation_size()``."""

    def describe(self, state: Any, player: int | None, with_log: bool = True) -> str:
        """``player``'s text (``None``: the whole state, hidden parts included);
        ``with_log=False`` leaves out the move log (games without one ignore it)."""


class StatisticsModule(Protocol):
    """What a game's ``statistics.py`` provides to ``State.action_features``."""

    def action_features(self, state: Any, action: int, player: int | None = None
                        ) -> tuple[str, dict[str, float]]:
        """The decision's kind and numeric features (``player``: the seat acting)."""


class Game(ABC):
    """A game with fixed parameters. Cheap to share between many states.

    The hooks a game sets instead of writing the same methods again:
    ``state_class`` (``new_initial_state`` builds one), ``components_loader`` (loads
    ``params.data_file`` into ``self.components`` before the game's own ``__init__``
    goes on), and an action codec in ``self.codec`` (its ``size`` is
    ``num_distinct_actions``).
    """

    info: ClassVar[GameInfo]
    params_class: ClassVar[type[GameParams]] = GameParams
    state_class: ClassVar[type[State] | None] = None
    components_loader: ClassVar[Callable[[str | None], Any] | None] = None
    """Reads a components file (``None``: the bundled one); games with data set it."""

    def __init__(self, params: GameParams | None = None, **kwargs: Any) -> None:
        if params is None:
            params = self.make_params(**kwargs)
        elif kwargs:
            raise GameParameterError("pass either a params object or keywords, not both")
        self.params = params
        self._validate_common()
        loader = type(self).components_loader
        if loader is not None:
            self.components = loader(getattr(params, "data_file", None))

    # ---------------------------------------------------------------- parameters
    @classmethod
    def make_params(cls, **kwargs: Any) -> GameParams:
        """Build the params dataclass, naming the valid keys on a typo."""
        fields = {f.name for f in dataclasses.fields(cls.params_class)}
        unknown = sorted(set(kwargs) - fields)
        if unknown:
            raise GameParameterError(
                f"{cls.info.name}: unknown parameter(s) {', '.join(unknown)}; "
                f"valid: {', '.join(sorted(fields))}"
            )
        return cls.params_class(**{k: plain_number(v) for k, v in kwargs.items()})

    def _validate_common(self) -> None:
        p = self.params
        lo, hi = self.info.min_players, self.info.max_players
        if not isinstance(p.num_players, int) or not lo <= p.num_players <= hi:
            raise GameParameterError(
                f"{self.info.name}: num_players must be {lo}..{hi}, got {p.num_players!r}"
            )
        if p.reward not in REWARD_MODES:
            raise GameParameterError(
                f"{self.info.name}: reward must be one of {', '.join(REWARD_MODES)}, "
                f"got {p.reward!r}"
            )

    def parameters(self) -> dict[str, Any]:
        """Parameters as a plain dict (JSON-compatible), for records and replays."""
        return dataclasses.asdict(self.params)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def num_players(self) -> int:
        return self.params.num_players

    # ---------------------------------------------------------------- sizes
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space (player actions and chance outcomes): by
        default the size of the game's action codec, ``self.codec``."""
        codec = getattr(self, "codec", None)
        if codec is None:
            raise NotImplementedError(f"{self.name}: no action codec; override "
                                      "num_distinct_actions")
        return codec.size

    @abstractmethod
    def observation_size(self) -> int:
        """Length of ``State.observation_tensor(player)``."""

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-feature ``(low, high)`` of ``observation_tensor``, float32, finite where
        the rules bound a feature (``core.bounds.FeatureBounds`` builds them). The
        default leaves every feature unbounded; the envs' observation spaces use these.
        """
        size = self.observation_size()
        return (np.full(size, -np.inf, dtype=np.float32),
                np.full(size, np.inf, dtype=np.float32))

    @abstractmethod
    def max_game_length(self) -> int:
        """Upper bound on ``len(state.history)``, chance outcomes included."""

    # ---------------------------------------------------------------- states
    def new_initial_state(self) -> State:
        """The position before the first action (often a chance node): by default a
        fresh ``state_class``."""
        if self.state_class is None:
            raise NotImplementedError(f"{self.name}: no state_class; override "
                                      "new_initial_state")
        return self.state_class(self)

    def deserialize(self, data: dict[str, Any]) -> State:
        """Rebuild a state from ``State.serialize()`` output."""
        if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
            raise DeserializationError(
                f"expected the dict that State.serialize() returns, got {type(data).__name__}"
            )
        if data.get("format") != SERIAL_FORMAT:
            raise DeserializationError(
                f"serialized format {data.get('format')!r} is not {SERIAL_FORMAT}"
            )
        if data.get("game") != self.name:
            raise DeserializationError(
                f"serialized game {data.get('game')!r} is not {self.name!r}"
            )
        if data.get("params") != self.parameters():
            raise DeserializationError(
                f"serialized parameters {data.get('params')!r} differ from this "
                f"game's {self.parameters()!r}"
            )
        state = self.new_initial_state()
        state._load_fields({k: _copy_json(v) for k, v in data["state"].items()})
        return state

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"{type(self).__name__}({args})"


class State(ABC):
    """One position of a game.

    Subclasses keep their data in plain attributes made of ints, bools, strings,
    ``None`` and (nested) lists, so that ``serialize`` and ``clone`` can be generic.
    Attributes whose names start with ``_`` are caches and are not serialized.

    Hooks a game sets instead of writing the delegations again: ``observation_module``
    (its ``encode`` and ``describe`` give ``observation_tensor``,
    ``observation_string``, ``position_string`` and ``__str__``) and
    ``statistics_module`` (its ``action_features``).
    """

    observation_module: ClassVar[ObservationModule | None] = None
    statistics_module: ClassVar[StatisticsModule | None] = None

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[Any] = []
        # The legal actions of this position, kept until the next ``apply_*`` (every
        # mover asks at least twice: the mask, then ``apply_action``'s check): the list
        # of the player to move (or of chance), or at a simultaneous node a dict
        # seat -> list. ``clone`` and ``deserialize`` drop it with every ``_`` cache.
        self._legal: list[int] | dict[int, list[int]] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``view`` override checks its seat first: a seat that does not
        exist is an error, never a quiet copy of the state."""
        super().__init_subclass__(**kwargs)
        if "view" in cls.__dict__ and not hasattr(cls.__dict__["view"], "__wrapped__"):
            cls.view = _checking_seat(cls.__dict__["view"])  # type: ignore[method-assign]

    # ---------------------------------------------------------------- abstract rules
    @abstractmethod
    def current_player(self) -> int:
        """A seat ``0..n-1``, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[int]:
        """Ascending legal actions of ``player`` (or chance outcomes at chance)."""

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points for each seat (valid at any time)."""

    @abstractmethod
    def action_to_string(self, action: int, player: int | None = None) -> str:
        """A readable name for ``action``."""

    def observation_tensor(self, player: int) -> np.ndarray:
        """What ``player`` sees, as a float32 vector of ``game.observation_size()``
        (``observation_module.encode``)."""
        return self._observation_module().encode(self, player)

    def observation_tensors(self) -> np.ndarray | None:
        """Every seat's ``observation_tensor``, as the rows of one fresh array, where a
        game makes them together more cheaply than seat by seat (the council game's race
        ticks); None otherwise, and callers then ask each seat. The Parallel env uses it."""
        return None

    def observation_string(self, player: int) -> str:
        """What ``player`` sees, as text for people and golden files
        (``observation_module.describe``, move log included)."""
        return self._observation_module().describe(self, player, with_log=True)

    def position_string(self, player: int) -> str:
        """What ``player`` can read on the table now: the observation string without
        its move log. ``observation_tensor(player)`` holds at least this much: two
        states with equal tensors have equal position strings (a generic test)."""
        module = self.observation_module
        if module is None:
            return self.observation_string(player)
        return module.describe(self, player, with_log=False)

    def __str__(self) -> str:
        """The whole state as text, hidden parts included (for referees and logs)."""
        module = self.observation_module
        if module is None:
            return object.__str__(self)
        return module.describe(self, None, with_log=True)

    def _observation_module(self) -> ObservationModule:
        module = self.observation_module
        if module is None:
            raise NotImplementedError(f"{self.game.name}: set observation_module or "
                                      "override observation_tensor and observation_string")
        return module

    def public_action_string(self, action: int, player: int | None = None) -> str:
        """``player``'s ``action`` (the mover's by default) as the other seats see it:
        only its public part. A seat's own action is public by default; games whose
        actions hide something (a card discarded face down) override this. A chance
        outcome of a hidden-information game shows only ``public_chance_string``.
        Narrators use it whenever a person sits at the table."""
        if self.game.info.hidden_information and self.is_chance_node():
            return self.public_chance_string(action)
        return self.action_to_string(action, player)

    def public_chance_string(self, action: int) -> str:
        """What every seat sees of chance outcome ``action`` (called at a chance node of
        a hidden-information game). By default nothing: which outcome came is hidden.
        Games whose outcomes are public, wholly (a die on the table, a card turned face
        up) or in part (a card dealt to seat 2, unseen), override this; two outcomes
        that some seat cannot tell apart must give equal strings (a generic test)."""
        return "chance: a hidden outcome"

    def log_lines(self) -> list[str]:
        """Public events since the current turn (or round) began, as text for narrators
        (``skagway play``, ``skagway replay``). Games with a display log override this;
        a log holds only what every seat may see."""
        return []

    def action_features(self, action: int, player: int | None = None
                        ) -> tuple[str, dict[str, float]]:
        """How to count a decision in tournament statistics: its kind, and numeric
        features of it, for the seat to move (at a simultaneous node, for ``player``'s
        part of the joint move). By default the first word of its name; games with
        a ``statistics_module`` get its labels (``<game>/statistics.py``), called with
        ``player`` the seat to move when none is given and a seat is to move."""
        module = self.statistics_module
        if module is None:
            return self.action_to_string(action, player).split()[0], {}
        if player is None:
            to_move = self.current_player()
            if to_move >= 0:
                player = to_move
        return module.action_features(self, action, player)

    # ---------------------------------------------------------------- optional rules
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node."""
        raise NotImplementedError(f"{self.game.name} has no chance outcomes here")

    def _apply_actions(self, actions: Sequence[int]) -> None:
        raise NotImplementedError(f"{self.game.name} has no simultaneous nodes")

    def rank_keys(self) -> list[tuple]:
        """Comparable keys, larger is better, used to rank players at the end.

        Games with tie-breaks override this; by default the score alone ranks.
        """
        return [(s,) for s in self.scores()]

    def view(self, player: int, rng: np.random.Generator) -> State:
        """A state ``player`` cannot tell from this one, hidden parts drawn from ``rng``.

        The contract (OpenSpiel's ``ResampleFromInfostate``; TAG's ``copy(playerId)``):

        - everything ``player`` has seen is kept: the public table, its own hand, every
          card it saw dealt, played or revealed;
        - everything else is redrawn at random, consistently with all of that:
          opponents' hidden holdings, the decks, face-down piles;
        - ``history`` is rewritten to match: hidden chance outcomes (and the hidden
          parts of other seats' actions) become the redrawn ones, so replaying the
          view's history from ``game.new_initial_state()`` rebuilds the view exactly,
          never the truth. ``player``'s action-observation history is unchanged:
          ``view.information_state_string(player) ==
          self.information_state_string(player)``.

        Perfect-information games return a plain clone. A seat the table does not have
        is ``NoSuchSeatError`` (checked here and before every game's override).
        """
        check_seat(self, player)
        return self.clone()

    def is_truncated(self) -> bool:
        """True when the game was stopped by a cap (``max_turns``), not ended by its
        rules. The state is then terminal, no end-of-game bonus was scored, and
        environments report a *truncation*, not a termination."""
        return False

    def action_observation_history(self, player: int) -> list[str]:
        """What ``player`` perceived, step by step: the sanctioned way to read the past.

        One entry per change in what the seat sees: its observation string after each
        step of ``history`` when it differs from the previous one, and each of its own
        actions (``"> name"``). Nothing a seat cannot see enters it, so belief models and
        learners may read it freely (``history`` itself holds every chance outcome).
        The default replays ``history``; games may override it with something faster.
        """
        state = self.game.new_initial_state()
        record = [state.observation_string(player)]
        for entry in self.history:
            if isinstance(entry, list):
                record.append(f"> {state.action_to_string(entry[player], player)}")
                state.apply_actions(entry)
            else:
                if state.current_player() == player:
                    record.append(f"> {state.action_to_string(entry, player)}")
                state.apply_action(entry)
            seen = state.observation_string(player)
            if seen != record[-1]:
                record.append(seen)
        return record

    def information_state_string(self, player: int) -> str:
        """``player``'s information state as one string: its action-observation history.

        Two states the seat cannot tell apart give equal strings; a view has the same
        string as the state it was drawn from.
        """
        return "\n".join(self.action_observation_history(player))

    # ---------------------------------------------------------------- generic API
    @property
    def num_players(self) -> int:
        return self.game.params.num_players

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Ascending legal actions; empty for a player who is not to move."""
        return list(self._legal_for(player))

    def _legal_for(self, player: int | None) -> list[int]:
        """Legal actions without a defensive copy (callers must not mutate it).
        ``player`` is a seat, ``None`` (whoever is to move) or the current special
        player (``CHANCE``); any other number is ``NoSuchSeatError``."""
        cur = self.current_player()
        if player is None:
            player = cur
        elif player != cur:
            check_seat(self, player)
        if cur == TERMINAL or (player != cur and cur != SIMULTANEOUS):
            return []
        return self._kept_legal(player, cur == SIMULTANEOUS)

    def _kept_legal(self, player: int, joint: bool) -> list[int]:
        """The legal list of ``player``, known to be the one to move (``joint``: one of
        the seats at a simultaneous node), from the cache ``apply_action(s)`` clears:
        built once a node (once a seat at a simultaneous node). For callers that
        already know who moves (``_legal_for``, the training env's step)."""
        kept = self._legal
        if not joint:
            if kept is None:
                kept = self._legal = self._legal_actions(player)
            return kept  # type: ignore[return-value]
        # a simultaneous node: each seat's list, asked for by the mask, the env's
        # check and apply_actions' check
        if kept is None:
            kept = self._legal = {}
        found = kept.get(player)  # type: ignore[union-attr]
        if found is None:
            found = kept[player] = self._legal_actions(player)  # type: ignore[index]
        return found

    def _note_chance_outcomes(self, outcomes: list[tuple[int, float]]) -> None:
        """Keep the actions of ``outcomes`` (this chance node's ``chance_outcomes()``)
        as its legal actions, which they are (``tests/test_random_play_invariants.py``
        holds every game to it), so that applying the sampled outcome does not have
        the game list them again (``core.playout.sample_chance`` calls this)."""
        if self._legal is None:
            self._legal = [a for a, _ in outcomes]

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        """int8 vector over ``game.num_distinct_actions()``: 1 where legal. Written into
        a ``bytearray`` by a Python loop: numpy's index conversion of a short list cost
        more than the whole mask (issue 21)."""
        mask = bytearray(self.game.num_distinct_actions())
        for action in self._legal_for(player):
            mask[action] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def _illegal(self, action: Any, player: int, legal: list[int]) -> IllegalActionError:
        try:
            name = self.action_to_string(action, player)
        except Exception:  # an out-of-range int has no name
            name = "?"
        who = "chance" if player == CHANCE else f"player {player}"
        return IllegalActionError(
            f"{self.game.name}: action {action!r} ({name}) is not legal for {who} "
            f"at move {len(self.history)}; legal actions: {legal}"
        )

    def apply_action(self, action: int) -> None:
        """Apply one action; raise ``IllegalActionError`` and change nothing if illegal."""
        cur = self.current_player()
        if cur == SIMULTANEOUS:
            raise IllegalActionError(
                f"{self.game.name}: simultaneous node, use apply_actions()"
            )
        if cur == TERMINAL:
            raise IllegalActionError(f"{self.game.name}: the game is over")
        if self._legal is None:
            self._legal = self._legal_actions(cur)
        if action not in self._legal or isinstance(action, bool):
            raise self._illegal(action, cur, self._legal)
        action = int(action)
        self._apply_action(action)
        self.history.append(action)
        self._legal = None

    def apply_actions(self, actions: Sequence[int]) -> None:
        """Apply one action per seat at a simultaneous node."""
        if self.current_player() != SIMULTANEOUS:
            raise IllegalActionError(f"{self.game.name}: not a simultaneous node")
        if len(actions) != self.num_players:
            raise IllegalActionError(
                f"{self.game.name}: need {self.num_players} actions, got {len(actions)}"
            )
        for p, a in enumerate(actions):
            legal = self._legal_for(p)
            if a not in legal or isinstance(a, bool):  # True == 1, but is no action
                raise self._illegal(a, p, legal)
        joint = [int(a) for a in actions]
        self._apply_actions(joint)
        self.history.append(joint)
        self._legal = None

    def returns(self) -> list[float]:
        """Final payoffs under the game's ``reward`` parameter; zeros until the end."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        return compute_returns(self.game.params.reward, self.scores(), self.rank_keys())

    def clone(self) -> State:
        new = object.__new__(type(self))
        for key, value in self.__dict__.items():
            if key == "game":
                new.game = value
            elif key.startswith("_"):
                setattr(new, key, None)
            else:
                setattr(new, key, _copy_plain(value))
        return new

    def serialize(self) -> dict[str, Any]:
        """A JSON-compatible dict; ``game.deserialize`` restores the state exactly."""
        return {
            "format": SERIAL_FORMAT,
            "game": self.game.name,
            "params": self.game.parameters(),
            "state": {k: _copy_plain(v) for k, v in self._fields().items()},
        }

    def _fields(self) -> dict[str, Any]:
        """The serialized attributes, not copied (read, never kept)."""
        return {k: v for k, v in self.__dict__.items() if k != "game" and not k.startswith("_")}

    def _load_fields(self, fields: dict[str, Any]) -> None:
        expected = {k for k in self.__dict__ if k != "game" and not k.startswith("_")}
        if set(fields) != expected:
            raise DeserializationError(
                f"{self.game.name}: serialized fields {sorted(fields)} "
                f"differ from {sorted(expected)}"
            )
        self.__dict__.update(fields)
        for key in list(self.__dict__):
            if key.startswith("_"):
                setattr(self, key, None)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.game.parameters() == other.game.parameters()  # type: ignore[attr-defined]
            and self._fields() == other._fields()  # type: ignore[attr-defined]
        )

    __hash__ = None  # type: ignore[assignment]


def plain_number(value: Any) -> Any:
    """A numpy scalar as the Python number it holds (``np.int64(3)`` -> ``3``), so that
    ``make_game(num_players=np.int64(3))`` works and records stay JSON; else ``value``."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


SPECIAL_PLAYERS = (CHANCE, SIMULTANEOUS, TERMINAL)


def check_seat(state: State, player: Any) -> None:
    """Refuse a seat the table does not have. The special players (``CHANCE``,
    ``SIMULTANEOUS``, ``TERMINAL``: what ``current_player()`` returns) pass, as they
    always have: ``state.view(state.current_player(), rng)`` at a simultaneous node
    is the view no seat holds privately."""
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not (
            0 <= player < state.num_players or player in SPECIAL_PLAYERS):
        raise NoSuchSeatError(f"{state.game.name}: no seat {player!r} at a table of "
                              f"{state.num_players} (seats 0..{state.num_players - 1})")


def _checking_seat(view: Any) -> Any:
    """``view`` with the seat checked first (wraps every game's override)."""

    def checked(self: State, player: int, rng: np.random.Generator) -> State:
        check_seat(self, player)
        return view(self, int(player), rng)

    checked.__doc__, checked.__name__, checked.__qualname__ = (
        view.__doc__, view.__name__, view.__qualname__)
    checked.__wrapped__ = view  # type: ignore[attr-defined]
    return checked


def _copy_json(value: Any) -> Any:
    """Copy what ``json.loads`` gives (nested lists and dicts of plain values), so a
    restored state shares nothing with its input."""
    if type(value) is list:
        return [_copy_json(v) if type(v) in (list, dict) else v for v in value]
    if type(value) is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    return value


def _copy_plain(value: Any) -> Any:
    """Copy nested lists of plain values (the only containers states may hold)."""
    if type(value) is list:
        return [_copy_plain(v) if type(v) is list else v for v in value]
    return value
