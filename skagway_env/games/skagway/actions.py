"""The fixed action space of Skagway and its typed codec (see DESIGN.md, "Action space").

Every decision of the rulebook is one small action; multi-part choices (turning in
several Gold counters, buying after turning in) are sequences of them. An action id
decodes once into a named tuple of its kind, read by field name everywhere
(``ActionCodec.decode``); nothing outside this module does arithmetic on ids. Ranges,
in ascending order (W = 13 worker ids, T = Railroad Goods types in the data file,
B = ``MAX_BRIBE``):

| range        | size        | decision                                               |
|--------------|-------------|--------------------------------------------------------|
| place        | W * 5       | [4.2] put worker w on mines/railroad/assay/docks/deputy |
| mine_pull    | 4 + 1       | [4.3.1] pull own assay worker from spot k, or not      |
| turn_in      | 3 + 1       | [4.3.3] turn in a $2/$3/$4 Gold counter, or stop       |
| buy          | 1 + 6 + 10  | [4.3.3]/[6.0] nothing, a player building (space, side), |
|              |             | or a prestige building                                 |
| goods_cash   | T + 1       | [4.3.2] cash one Railroad Goods card of a type, or stop |
| sheriff_flip | 1 + 3       | [4.3.5] flip no building, or the one on space s        |
| step_down    | 2           | [4.3.5] stay Sheriff, or step down                      |
| street       | 1 + W + 2   | [4.5.1] rob the bank, duel worker w, challenge the      |
|              |             | Sheriff, sleep it off                                   |
| street_first | W           | [4.5] which of one's own tied Workers acts first (I5)   |
| bribe_offer  | 2 * (B + 1) | [7.0] offer 0..B points, from own points or own share   |
| bribe_answer | 2           | [7.0] accept (no catching roll) or refuse (roll)        |
| bribe_demand | B           | [7.0] the Sheriff asks 1..B instead (a counter-offer)   |
| decline      | 1           | [7.0] the leader turns the demand down                  |
| chase        | 2           | [7.0] the Sheriff lets the bandits go, or gives chase   |
| keep_gold    | 3           | [4.6] return a $2/$3/$4 counter (while holding over 2)  |

The leader pays an accepted demand by choosing its source: the ``bribe_offer`` action
of that amount. Chance outcomes reuse the low ids (a counter value, a goods type, a
Hired Hand's worker id, a die face); ``SkagwayState.action_to_string`` names them.
"""

from __future__ import annotations

from typing import NamedTuple

NUM_WORKERS = 13  # 0..7 the players' workers (seat * 2 + k), 8..12 the Hired Hands
PLACE_SPACES = ("mines", "railroad", "assay", "docks", "deputy")  # [4.2.1]-[4.2.5]
ASSAY_SPOTS = 4  # [4.2.3]
GOLD_VALUES = (2, 3, 4)  # [4.3.3]
BUILDING_SPACES = ("residency", "grub", "enrichment")  # [6.0]
SIDES = ("good", "bad")
PRESTIGE_BUILDINGS = 10  # [2.0]
MAX_BRIBE = 30  # a cap that keeps the space fixed (RULES_NOTES I6)
BRIBE_SOURCES = ("points", "share")  # [7.0] from the points track or the agreed share
FROM_POINTS, FROM_SHARE = range(len(BRIBE_SOURCES))


class Place(NamedTuple):
    worker: int
    space: int  # index into PLACE_SPACES


class MinePull(NamedTuple):
    spot: int | None  # the Assay spot pulled, None for no pull


class TurnIn(NamedTuple):
    value: int | None  # the counter's face, None to stop


class BuyNothing(NamedTuple):
    pass


class BuyBuilding(NamedTuple):
    space: int
    side: int  # 0 GOOD, 1 BAD


class BuyPrestige(NamedTuple):
    prestige: int


class CashGoods(NamedTuple):
    goods_type: int | None  # None: keep the rest


class SheriffFlip(NamedTuple):
    space: int | None  # None: flip nothing


class StepDown(NamedTuple):
    leave: bool


class Rob(NamedTuple):
    pass


class Duel(NamedTuple):
    target: int


class ChallengeSheriff(NamedTuple):
    pass


class Sleep(NamedTuple):
    pass


class StreetFirst(NamedTuple):
    worker: int


class BribeOffer(NamedTuple):
    source: int  # FROM_POINTS or FROM_SHARE
    amount: int


class BribeAnswer(NamedTuple):
    accept: bool


class BribeDemand(NamedTuple):
    amount: int


class DeclineDemand(NamedTuple):
    pass


class Chase(NamedTuple):
    chase: bool


class ReturnGold(NamedTuple):
    value: int


Action = (Place | MinePull | TurnIn | BuyNothing | BuyBuilding | BuyPrestige | CashGoods
          | SheriffFlip | StepDown | Rob | Duel | ChallengeSheriff | Sleep | StreetFirst
          | BribeOffer | BribeAnswer | BribeDemand | DeclineDemand | Chase | ReturnGold)


class ActionCodec:
    """int <-> typed action for a given number of Railroad Goods types."""

    def __init__(self, goods_types: int) -> None:
        self.goods_types = goods_types
        self.sizes = {
            "place": NUM_WORKERS * len(PLACE_SPACES),
            "mine_pull": ASSAY_SPOTS + 1,
            "turn_in": len(GOLD_VALUES) + 1,
            "buy": 1 + len(BUILDING_SPACES) * len(SIDES) + PRESTIGE_BUILDINGS,
            "goods_cash": goods_types + 1,
            "sheriff_flip": 1 + len(BUILDING_SPACES),
            "step_down": 2,
            "street": 1 + NUM_WORKERS + 2,
            "street_first": NUM_WORKERS,
            "bribe_offer": len(BRIBE_SOURCES) * (MAX_BRIBE + 1),
            "bribe_answer": 2,
            "bribe_demand": MAX_BRIBE,
            "decline": 1,
            "chase": 2,
            "keep_gold": len(GOLD_VALUES),
        }
        self.base: dict[str, int] = {}
        total = 0
        for kind, size in self.sizes.items():
            self.base[kind] = total
            total += size
        self.size = total
        # decoded once here: ``decode`` and ``kind`` are table look-ups on the hot path
        self._kind_of = tuple(kind for kind, size in self.sizes.items() for _ in range(size))
        self._decoded = tuple(self._decode(a) for a in range(total))

    # ------------------------------------------------------------------ encoders
    def place(self, worker: int, space: int) -> int:
        return self.base["place"] + worker * len(PLACE_SPACES) + space

    def places(self, worker: int, spaces: list[int]) -> list[int]:
        """``[place(worker, space) for space in spaces]``, the legal placements' hot
        path (issue 21): ascending when ``spaces`` is."""
        first = self.base["place"] + worker * len(PLACE_SPACES)
        return [first + space for space in spaces]

    def mine_pull(self, assay_spot: int | None) -> int:
        return self.base["mine_pull"] + (ASSAY_SPOTS if assay_spot is None else assay_spot)

    def turn_in(self, value: int | None) -> int:
        stop = len(GOLD_VALUES)
        return self.base["turn_in"] + (stop if value is None else GOLD_VALUES.index(value))

    def buy_nothing(self) -> int:
        return self.base["buy"]

    def buy_building(self, space: int, side: int) -> int:
        return self.base["buy"] + 1 + space * len(SIDES) + side

    def buy_prestige(self, prestige: int) -> int:
        return self.base["buy"] + 1 + len(BUILDING_SPACES) * len(SIDES) + prestige

    def cash_goods(self, goods_type: int | None) -> int:
        stop = self.goods_types
        return self.base["goods_cash"] + (stop if goods_type is None else goods_type)

    def sheriff_flip(self, space: int | None) -> int:
        return self.base["sheriff_flip"] + (0 if space is None else 1 + space)

    def step_down(self, leave: bool) -> int:
        return self.base["step_down"] + int(leave)

    def rob(self) -> int:
        return self.base["street"]

    def duel(self, worker: int) -> int:
        return self.base["street"] + 1 + worker

    def challenge_sheriff(self) -> int:
        return self.base["street"] + 1 + NUM_WORKERS

    def sleep(self) -> int:
        return self.base["street"] + 2 + NUM_WORKERS

    def street_first(self, worker: int) -> int:
        return self.base["street_first"] + worker

    def bribe_offer(self, source: int, amount: int) -> int:
        if not 0 <= amount <= MAX_BRIBE:
            raise ValueError(f"bribe {amount} outside 0..{MAX_BRIBE}")
        return self.base["bribe_offer"] + source * (MAX_BRIBE + 1) + amount

    def bribe_answer(self, accept: bool) -> int:
        return self.base["bribe_answer"] + (0 if accept else 1)

    def bribe_demand(self, amount: int) -> int:
        if not 1 <= amount <= MAX_BRIBE:
            raise ValueError(f"demand {amount} outside 1..{MAX_BRIBE}")
        return self.base["bribe_demand"] + amount - 1

    def decline_demand(self) -> int:
        return self.base["decline"]

    def chase(self, chase: bool) -> int:
        return self.base["chase"] + int(chase)

    def keep_gold_return(self, value: int) -> int:
        return self.base["keep_gold"] + GOLD_VALUES.index(value)

    # ------------------------------------------------------------------ decoding
    def kind(self, action: int) -> str:
        """The range an id falls in (the keys of ``sizes``)."""
        self._check(action)
        return self._kind_of[action]

    def decode(self, action: int) -> Action:
        """The typed action of an id."""
        self._check(action)
        return self._decoded[action]

    def _check(self, action: int) -> None:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")

    def _decode(self, action: int) -> Action:
        kind = self._kind_of[action]
        i = action - self.base[kind]
        buildings = len(BUILDING_SPACES) * len(SIDES)
        if kind == "place":
            return Place(*divmod(i, len(PLACE_SPACES)))
        if kind == "mine_pull":
            return MinePull(None if i == ASSAY_SPOTS else i)
        if kind == "turn_in":
            return TurnIn(None if i == len(GOLD_VALUES) else GOLD_VALUES[i])
        if kind == "buy":
            if i == 0:
                return BuyNothing()
            if i <= buildings:
                return BuyBuilding(*divmod(i - 1, len(SIDES)))
            return BuyPrestige(i - 1 - buildings)
        if kind == "goods_cash":
            return CashGoods(None if i == self.goods_types else i)
        if kind == "sheriff_flip":
            return SheriffFlip(None if i == 0 else i - 1)
        if kind == "step_down":
            return StepDown(bool(i))
        if kind == "street":
            if i == 0:
                return Rob()
            if i <= NUM_WORKERS:
                return Duel(i - 1)
            return ChallengeSheriff() if i == NUM_WORKERS + 1 else Sleep()
        if kind == "street_first":
            return StreetFirst(i)
        if kind == "bribe_offer":
            return BribeOffer(*divmod(i, MAX_BRIBE + 1))
        if kind == "bribe_answer":
            return BribeAnswer(i == 0)
        if kind == "bribe_demand":
            return BribeDemand(i + 1)
        if kind == "decline":
            return DeclineDemand()
        if kind == "chase":
            return Chase(bool(i))
        return ReturnGold(GOLD_VALUES[i])

    def to_string(self, action: int, worker_names: list[str], prestige_names: list[str],
                  goods_names: list[str], building_names: list[list[str]]) -> str:
        """A readable name; the lists name workers, prestige, goods and building sides."""
        return describe(self.decode(action), worker_names, prestige_names, goods_names,
                        building_names)


def describe(move: Action, worker_names: list[str], prestige_names: list[str],
             goods_names: list[str], building_names: list[list[str]]) -> str:
    """A decoded action in words."""
    match move:
        case Place(worker, space):
            return f"place {worker_names[worker]} on {PLACE_SPACES[space]}"
        case MinePull(spot):
            return "no extra gold" if spot is None else f"pull assay worker {spot + 1} for gold"
        case TurnIn(value):
            return "stop turning in" if value is None else f"turn in ${value}"
        case BuyNothing():
            return "buy nothing"
        case BuyBuilding(space, side):
            return f"buy the {building_names[space][side]}"
        case BuyPrestige(prestige):
            return f"buy {prestige_names[prestige]}"
        case CashGoods(goods_type):
            return "keep the rest" if goods_type is None else f"cash {goods_names[goods_type]}"
        case SheriffFlip(space):
            if space is None:
                return "flip nothing"
            return f"flip the {BUILDING_SPACES[space]} building"
        case StepDown(leave):
            return "step down" if leave else "stay Sheriff"
        case Rob():
            return "rob the bank"
        case Duel(target):
            return f"duel {worker_names[target]}"
        case ChallengeSheriff():
            return "challenge the Sheriff"
        case Sleep():
            return "sleep it off"
        case StreetFirst(worker):
            return f"{worker_names[worker]} acts first"
        case BribeOffer(source, amount):
            return f"offer the Sheriff {amount} from {BRIBE_SOURCES[source]}"
        case BribeAnswer(accept):
            return "take the bribe" if accept else "refuse and give chase"
        case BribeDemand(amount):
            return f"demand {amount} instead"
        case DeclineDemand():
            return "decline the demand"
        case Chase(chase):
            return "give chase" if chase else "let the bandits go"
        case ReturnGold(value):
            return f"return a ${value} counter"
    raise ValueError(f"not a Skagway action: {move!r}")
