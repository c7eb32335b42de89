"""The fixed action space of Skagway and its codec (see DESIGN.md, "Action space").

Every decision of the rulebook is one small action; multi-part choices (turning in
several Gold counters, buying after turning in) are sequences of them. Ranges, in
ascending order (W = 13 worker ids, T = Railroad Goods types in the data file):

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
| bribe_offer  | 2 * (B + 1) | [7.0] offer 0..B points, from own points or the share   |
| bribe_answer | 2           | [7.0] accept (no catching roll) or refuse (roll)        |
| keep_gold    | 3           | [4.6] return a $2/$3/$4 counter (while holding over 2)  |

Chance outcomes reuse the low ids (a counter value, a goods type, a Hired Hand's
worker id, a die face); ``action_to_string`` names them by the chance kind pending.
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
MAX_BRIBE = 30  # a cap that keeps the space fixed; offers above it are not needed
BRIBE_SOURCES = ("points", "share")  # [7.0] from the points track or the agreed share


class Action(NamedTuple):
    """A decoded action: its kind and up to two arguments (meaning per kind)."""

    kind: str
    arg: int = -1
    arg2: int = -1


class ActionCodec:
    """int <-> ``Action`` for a given number of Railroad Goods types."""

    def __init__(self, goods_types: int) -> None:
        sizes = {
            "place": NUM_WORKERS * len(PLACE_SPACES),
            "mine_pull": ASSAY_SPOTS + 1,
            "turn_in": len(GOLD_VALUES) + 1,
            "buy": 1 + len(BUILDING_SPACES) * len(SIDES) + PRESTIGE_BUILDINGS,
            "goods_cash": goods_types + 1,
            "sheriff_flip": 1 + len(BUILDING_SPACES),
            "step_down": 2,
            "street": 1 + NUM_WORKERS + 2,
            "bribe_offer": len(BRIBE_SOURCES) * (MAX_BRIBE + 1),
            "bribe_answer": 2,
            "keep_gold": len(GOLD_VALUES),
        }
        self.goods_types = goods_types
        self.base: dict[str, int] = {}
        total = 0
        for kind, size in sizes.items():
            self.base[kind] = total
            total += size
        self.sizes = sizes
        self.size = total
        self._kinds = sorted(self.base.items(), key=lambda kv: kv[1], reverse=True)

    # ------------------------------------------------------------------ encoders
    def place(self, worker: int, space: int) -> int:
        return self.base["place"] + worker * len(PLACE_SPACES) + space

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

    def bribe_offer(self, source: int, amount: int) -> int:
        if not 0 <= amount <= MAX_BRIBE:
            raise ValueError(f"bribe {amount} outside 0..{MAX_BRIBE}")
        return self.base["bribe_offer"] + source * (MAX_BRIBE + 1) + amount

    def bribe_answer(self, accept: bool) -> int:
        return self.base["bribe_answer"] + (0 if accept else 1)

    def keep_gold_return(self, value: int) -> int:
        return self.base["keep_gold"] + GOLD_VALUES.index(value)

    # ------------------------------------------------------------------ decoding
    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        kind, base = next((k, b) for k, b in self._kinds if action >= b)
        i = action - base
        if kind == "place":
            return Action(kind, *divmod(i, len(PLACE_SPACES)))
        if kind == "bribe_offer":
            return Action(kind, *divmod(i, MAX_BRIBE + 1))
        return Action(kind, i)

    def to_string(self, action: int, worker_names: list[str], prestige_names: list[str],
                  goods_names: list[str], building_names: list[list[str]]) -> str:
        """A readable name; the lists name workers, prestige, goods and building sides."""
        a = self.decode(action)
        k, i = a.kind, a.arg
        if k == "place":
            return f"place {worker_names[i]} on {PLACE_SPACES[a.arg2]}"
        if k == "mine_pull":
            return "no extra gold" if i == ASSAY_SPOTS else f"pull assay worker {i + 1} for gold"
        if k == "turn_in":
            return "stop turning in" if i == len(GOLD_VALUES) else f"turn in ${GOLD_VALUES[i]}"
        if k == "buy":
            if i == 0:
                return "buy nothing"
            if i <= len(BUILDING_SPACES) * len(SIDES):
                space, side = divmod(i - 1, len(SIDES))
                return f"buy the {building_names[space][side]}"
            return f"buy {prestige_names[i - 1 - len(BUILDING_SPACES) * len(SIDES)]}"
        if k == "goods_cash":
            return "keep the rest" if i == self.goods_types else f"cash {goods_names[i]}"
        if k == "sheriff_flip":
            return "flip nothing" if i == 0 else f"flip the {BUILDING_SPACES[i - 1]} building"
        if k == "step_down":
            return "step down" if i else "stay Sheriff"
        if k == "street":
            if i == 0:
                return "rob the bank"
            if i <= NUM_WORKERS:
                return f"duel {worker_names[i - 1]}"
            return "challenge the Sheriff" if i == NUM_WORKERS + 1 else "sleep it off"
        if k == "bribe_offer":
            return f"offer the Sheriff {a.arg2} from {BRIBE_SOURCES[i]}"
        if k == "bribe_answer":
            return "take the bribe" if i == 0 else "refuse and give chase"
        return f"return a ${GOLD_VALUES[i]} counter"
