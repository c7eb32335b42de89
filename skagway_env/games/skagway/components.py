"""Loading and checking the Skagway component data file (``components.toml``).

The rulebook prints the Skagway Today table and the Prestige Buildings, not the
counters, Workers, Hired Hands or Railroad Goods: the bundled file holds those as
tagged assumptions (RULES_NOTES.md), and users may pass their own file with the same
layout. Each check names the file and the rule that needs the value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from skagway_env.core import GameParameterError
from skagway_env.core.data import data_error, read_data_file

DEFAULT_DATA_FILE = Path(__file__).with_name("components.toml")
# Bundled alternatives, passed by name as ``data_file`` (or by path, like any file):
# engine 1's night spots (RULES_NOTES A4), whose seats win unequally.
ENGINE1_NIGHT_SPOTS = "components_night_spots_engine1.toml"
# [6.0] the Player Building spaces as (space, GOOD side, BAD side, Skagway Today column).
SPACES = (
    ("Residency", "Hotel", "Brothel", "hotel_brothel"),
    ("Grub", "Restaurant", "Saloon", "saloon_restaurant"),
    ("Enrichment", "Church", "Gambling Hall", "church_gambling_hall"),
)
BUILDINGS = tuple(b for _, good, bad, _ in SPACES for b in (good, bad))
HIRED_HAND_KINDS = {"railroad": 1, "miner": 1, "gunfighter": 1, "stooge": 2}  # [4.1], [4.3.4]
TODAY_COLUMNS = ("railroad", "hotel_brothel", "church_gambling_hall", "saloon_restaurant", "docks")
SIZES, TONES = ("LOW", "MEDIUM", "HIGH"), ("BAD", "GOOD")
# The numbers each Prestige kind reads, in the order of PrestigeSpec.points.
PRESTIGE_KEYS = {
    "own_track": ("bad", "neutral", "good"),
    "all_tracks": ("bad", "neutral", "good"),
    "prestige_count": ("met", "otherwise"),
    "steamboat": ("base", "per_unrevealed_railroad_counter"),
    "fixed": ("points",),
}
BUILDING_NUMBERS = (
    "player_building_cost",
    "prestige_building_cost",
    "sale_to_displaced_owner",
    "purchased_track_limit",
    "max_prestige_per_player",
)
DEED = 3  # [4.3.2] the (3) Railroad counter says "Deed" on it


@dataclass(frozen=True)
class WorkerSpec:
    """A player's Worker counter [3.3]."""

    name: str
    colour: str
    ability: int  # the Gunfight Ability number
    night_spots: tuple[str, ...]  # (primary, alternative) [4.4.1]


@dataclass(frozen=True)
class HiredHandSpec:
    """A Hired Hand [4.1], [4.3.4]: it works for whoever holds the Recruiter."""

    kind: str  # railroad, miner, gunfighter or stooge
    name: str
    ability: int
    night_spots: tuple[str, ...]  # none for the Gunfighter: he goes to the Street


@dataclass(frozen=True)
class CounterSet:
    """Gold or Railroad counters: (value, count) pairs and those removed with 2-3 players."""

    counts: tuple[tuple[int, int], ...]
    removed_for_2_3_players: tuple[tuple[int, int], ...]  # [3.1]

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The values, smallest first: the order of every count-by-face list. Kept
        once: the rules read it at every draw, turn-in and return (issue 21)."""
        return tuple(v for v, _ in self.counts)

    def supply(self, num_players: int) -> tuple[int, ...]:
        """The values of the counters in play, smallest first."""
        gone = dict(self.removed_for_2_3_players) if num_players < 4 else {}
        return tuple(v for v, n in self.counts for _ in range(n - gone.get(v, 0)))


@dataclass(frozen=True)
class GoodsType:
    name: str
    count: int
    values: tuple[int, ...]  # points per card for die faces 1..6 [4.3.2]


@dataclass(frozen=True)
class PrestigeSpec:
    """One Prestige Building card (back of booklet); ``score`` evaluates its condition."""

    name: str
    kind: str  # a key of PRESTIGE_KEYS
    points: tuple[int, ...]  # the numbers PRESTIGE_KEYS[kind] names, in that order
    at_least: int | None = None  # prestige_count: met if the total is >= at_least ...
    at_most: int | None = None  # ... or <= at_most
    requires_other_prestige: bool = False  # a condition to purchase, not to score

    def score(self, own_marker: int, markers_sum: int, prestige_total: int, unrevealed: int) -> int:
        """Markers count BAD negative, GOOD positive (RULES_NOTES I1); ``prestige_total`` is
        all players' Prestige Buildings; ``unrevealed`` the unrevealed Railroad counters."""
        p = self.points
        if self.kind in ("own_track", "all_tracks"):
            x = own_marker if self.kind == "own_track" else markers_sum
            return p[0] if x < 0 else p[1] if x == 0 else p[2]
        if self.kind == "prestige_count":
            if self.at_least is not None:
                return p[0] if prestige_total >= self.at_least else p[1]
            return p[0] if prestige_total <= (self.at_most or 0) else p[1]
        return p[0] + p[1] * unrevealed if self.kind == "steamboat" else p[0]


@dataclass(frozen=True)
class SkagwayTodayRow:
    name: str
    size: str  # LOW, MEDIUM or HIGH
    tone: str  # BAD or GOOD
    railroad: int
    hotel_brothel: int
    church_gambling_hall: int
    saloon_restaurant: int
    docks: int

    def for_space(self, space: str) -> int:
        """Points for owning the Player Building on ``space`` (Residency, Grub, Enrichment)."""
        return getattr(self, next(s[3] for s in SPACES if s[0] == space))


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]  # seat i plays colours[i]; workers are in this order
    mine_spots: tuple[tuple[int, int], ...]  # (number of players, spots) [4.2.1]
    assay_spots: int
    starting_points: tuple[int, ...]  # 1st..4th player from the starting player [3.4]
    gold: CounterSet  # values are the $ faces
    railroad: CounterSet  # the single 3 is the Deed
    workers: tuple[WorkerSpec, ...]
    hired_hands: tuple[HiredHandSpec, ...]
    goods: tuple[GoodsType, ...]
    prestige: tuple[PrestigeSpec, ...]
    today_sizes: tuple[tuple[str, int, int], ...]  # (size, fewest, most Prestige Buildings)
    today: tuple[SkagwayTodayRow, ...]
    come_home_price: tuple[int, int, int]  # per space, in SPACES order [4.4.2]
    player_building_cost: int
    prestige_building_cost: int
    sale_to_displaced_owner: int
    purchased_track_limit: int  # the 3+ spaces [6.0]
    max_prestige_per_player: int
    source: str

    @cached_property
    def abilities(self) -> tuple[int, ...]:
        """Gunfight Ability by Worker id: the players' Workers, then the Hired Hands
        (``workers.py``); the Street reads them at every choice (issue 21)."""
        return tuple(w.ability for w in self.workers) + tuple(h.ability
                                                               for h in self.hired_hands)

    @cached_property
    def night_spots(self) -> tuple[tuple[str, ...], ...]:
        """Night-spot choices by Worker id, as ``abilities`` (Phase Four reads them for
        every Worker coming home)."""
        return tuple(w.night_spots for w in self.workers) + tuple(
            h.night_spots for h in self.hired_hands)

    def mine_spots_for(self, num_players: int) -> int:
        return self._mine_spots[num_players]

    @cached_property
    def _mine_spots(self) -> dict[int, int]:
        """``mine_spots`` by player count, built once (placement asks at every move)."""
        return dict(self.mine_spots)

    def today_row(self, prestige_total: int, tone: str) -> SkagwayTodayRow:
        """[5.0] the Skagway Today outcome for all players' Prestige Buildings and a tone."""
        size = next(s for s, lo, hi in self.today_sizes if lo <= prestige_total <= hi)
        return next(r for r in self.today if (r.size, r.tone) == (size, tone))


def _fail(path: str, msg: str) -> GameParameterError:
    return data_error("skagway", path, msg)


@lru_cache(maxsize=16)
def load_components(path: str | None = None) -> Components:
    """Read and validate a components file (the bundled one when ``path`` is None). A
    bare file name that is not a file here names one bundled beside ``components.toml``
    (``ENGINE1_NIGHT_SPOTS``)."""
    if path and not Path(path).exists() and Path(path).name == path:
        bundled = DEFAULT_DATA_FILE.with_name(path)
        path = str(bundled) if bundled.is_file() else path
    where, data = read_data_file("skagway", path, DEFAULT_DATA_FILE)

    def check(ok: bool, msg: str) -> None:
        if not ok:
            raise _fail(where, msg)

    def need(table: Any, key: str, at: str = "the file") -> Any:
        check(isinstance(table, dict) and key in table, f"missing '{key}' in {at}")
        return table[key]

    def num(value: Any, what: str, low: int = 0) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        check(ok, f"{what} must be an integer of at least {low}")
        return value

    def field(table: Any, key: str, at: str, low: int = 0) -> int:
        return num(need(table, key, at), f"{at}: {key}", low)

    def counts(table: Any, key: str, at: str, values: set[int]) -> dict[int, int]:
        raw = need(table, key, at)
        ok = isinstance(raw, dict) and all(k in map(str, values) for k in raw)
        check(ok, f"{at}: {key} must be a table of value = count, values among {sorted(values)}")
        return {int(k): field(raw, k, f"{at} {key}", 1) for k in raw}

    def counter_set(name: str, values: set[int], removable: set[int], total: int) -> CounterSet:
        table, at = need(data, name), f"[{name}]"
        have = counts(table, "counts", at, values)
        out = counts(table, "remove_for_2_3_players", at, removable)
        n = sum(have.values())
        check(n == total, f"{at}: {total} counters needed [2.0], found {n}")
        extra = sorted(v for v, n in out.items() if n > have.get(v, 0))
        check(not extra, f"{at}: remove_for_2_3_players removes more {extra} than there are")
        return CounterSet(tuple(sorted(have.items())), tuple(sorted(out.items())))

    def entries(table: Any, key: str, at: str = "the file") -> list[tuple[str, dict]]:
        raw = need(table, key, at)
        check(isinstance(raw, list), f"{at}: {key} must be an array of tables")
        return [(f"{key} {i} ({r.get('name', '?')})", r) for i, r in enumerate(raw)]

    def spots(at: str, raw: dict, sizes: tuple[int, ...] = (2,)) -> tuple[str, ...]:
        got = need(raw, "night_spots", at)
        ok = isinstance(got, list) and len(got) in sizes and all(g in BUILDINGS for g in got)
        n = " or ".join(map(str, sizes))
        msg = f"{at}: night_spots must be {n} different buildings among {', '.join(BUILDINGS)}"
        check(ok and len(set(got)) == len(got), msg)
        return tuple(got)

    colours = need(need(data, "players"), "colours", "[players]")
    ok = isinstance(colours, list) and len(set(colours)) == len(colours) == 4
    check(ok, "[players]: colours must be 4 different colours, one per seat")
    board = need(data, "board")
    mines = counts(board, "mine_spots", "[board]", {2, 3, 4})
    check(set(mines) == {2, 3, 4}, "[board]: mine_spots needs entries for 2, 3 and 4 players")
    start = need(board, "starting_points", "[board]")
    check(isinstance(start, list) and len(start) == 4, "[board]: starting_points needs 4 values")

    gold = counter_set("gold_counters", {2, 3, 4}, {2, 3, 4}, 14)
    check(dict(gold.counts).get(3, 0) >= 2, "at least two ($3) Gold counters needed [3.1]")
    rail = counter_set("railroad_counters", {1, 2, 3}, {1, 2}, 9)
    check(
        dict(rail.counts).get(DEED) == 1,
        "exactly one (3) Railroad counter needed: the Deed [4.3.2]",
    )
    check(dict(rail.counts).get(2, 0) >= 1, "at least one (2) Railroad counter needed [3.1]")
    for name, counters, faces in (("gold_counters", gold, (2, 3, 4)),
                                  ("railroad_counters", rail, (1, 2, 3))):
        missing = sorted(set(faces) - dict(counters.counts).keys())
        check(not missing, f"[{name}]: no counter of value {missing}; the observation has a "
                           f"place for each of {list(faces)}, so each needs one or more")

    workers = []
    for at, raw in entries(data, "workers"):
        colour = need(raw, "colour", at)
        check(colour in colours, f"{at}: colour '{colour}' is not in players.colours")
        name, ability = str(need(raw, "name", at)), field(raw, "ability", at)
        workers.append(WorkerSpec(name, colour, ability, spots(at, raw)))
    for c in colours:
        n = sum(w.colour == c for w in workers)
        check(n == 2, f"colour '{c}' has {n} workers; each colour has 2 [2.0], [3.3]")
    # Seat i plays colours[i] [3.2] and owns Workers 2i and 2i+1 (workers.py): order
    # them by colour, whatever order the file lists them in.
    workers = [w for c in colours for w in workers if w.colour == c]
    hands = []
    for at, raw in entries(data, "hired_hands"):
        kind = need(raw, "kind", at)
        check(kind in HIRED_HAND_KINDS, f"{at}: kind must be one of {', '.join(HIRED_HAND_KINDS)}")
        sizes = (0, 2) if kind == "gunfighter" else (2,)
        name, ability = str(need(raw, "name", at)), field(raw, "ability", at)
        hands.append(HiredHandSpec(kind, name, ability, spots(at, raw, sizes)))
    for kind, n in HIRED_HAND_KINDS.items():
        got = sum(h.kind == kind for h in hands)
        check(got == n, f"{n} {kind} hired hand(s) needed [4.1], [4.3.4], found {got}")
    names = [w.name for w in workers] + [h.name for h in hands]
    check(len(set(names)) == len(names), "worker and hired hand names must all differ")

    rg = need(data, "railroad_goods")
    check(need(rg, "cards", "[railroad_goods]") == 14, "[railroad_goods]: cards must be 14 [2.0]")
    goods = []
    for at, raw in entries(rg, "types", "[railroad_goods]"):
        vals = need(raw, "values", at)
        check(isinstance(vals, list) and len(vals) == 6, f"{at}: values needs 6 numbers, die 1-6")
        pts = tuple(num(v, f"{at}: values") for v in vals)
        goods.append(GoodsType(str(need(raw, "name", at)), field(raw, "count", at, 1), pts))
    total = sum(g.count for g in goods)
    check(total == 14, f"railroad goods type counts sum to {total}, not 14 cards [2.0]")

    prestige = []
    for at, raw in entries(data, "prestige_buildings"):
        kind = need(raw, "kind", at)
        check(kind in PRESTIGE_KEYS, f"{at}: kind must be one of {', '.join(PRESTIGE_KEYS)}")
        limits = {k: field(raw, k, at) for k in ("at_least", "at_most") if k in raw}
        one = (kind == "prestige_count") == (len(limits) == 1)
        check(one, f"{at}: a prestige_count building needs at_least or at_most, others neither")
        other = raw.get("requires_other_prestige", False)
        check(isinstance(other, bool), f"{at}: requires_other_prestige must be true or false")
        pts = tuple(field(raw, k, at) for k in PRESTIGE_KEYS[kind])
        name = str(need(raw, "name", at))
        prestige.append(PrestigeSpec(name, kind, pts, **limits, requires_other_prestige=other))
    check(len(prestige) == 10, f"10 prestige buildings needed [2.0], found {len(prestige)}")
    check(len({p.name for p in prestige}) == 10, "prestige building names must all differ")

    st = need(data, "skagway_today")
    edges = [need(st, s.lower(), "[skagway_today]") for s in SIZES]
    ok = all(isinstance(e, list) and len(e) == 2 and all(type(x) is int for x in e) for e in edges)
    ok = ok and [n for lo, hi in edges for n in range(lo, hi + 1)] == list(range(11))
    check(ok, "[skagway_today]: low, medium, high = [fewest, most] must cover 0..10 in order [5.0]")
    rows = []
    for at, raw in entries(st, "outcomes", "[skagway_today]"):
        size, tone = need(raw, "size", at), need(raw, "tone", at)
        check(size in SIZES and tone in TONES, f"{at}: size LOW/MEDIUM/HIGH, tone BAD/GOOD")
        pts = [field(raw, c, at) for c in TODAY_COLUMNS]
        rows.append(SkagwayTodayRow(str(need(raw, "name", at)), size, tone, *pts))
    all_six = sorted((s, t) for s in SIZES for t in TONES)
    check(
        sorted((r.size, r.tone) for r in rows) == all_six,
        "[skagway_today]: one outcome for each of LOW/MEDIUM/HIGH x BAD/GOOD needed [5.0]",
    )

    bld = need(data, "buildings")
    spaces = entries(bld, "spaces", "[buildings]")
    found = [tuple(need(s, k, at) for k in ("name", "good", "bad")) for at, s in spaces]
    check(
        found == [s[:3] for s in SPACES],
        "[buildings]: spaces must be Residency (Hotel/Brothel), Grub "
        "(Restaurant/Saloon), Enrichment (Church/Gambling Hall), in that order [6.0]",
    )
    return Components(
        colours=tuple(colours),
        mine_spots=tuple(sorted(mines.items())),
        assay_spots=field(board, "assay_spots", "[board]", 1),
        starting_points=tuple(num(p, "[board]: starting_points") for p in start),
        gold=gold,
        railroad=rail,
        workers=tuple(workers),
        hired_hands=tuple(hands),
        goods=tuple(goods),
        prestige=tuple(prestige),
        today_sizes=tuple((s, *e) for s, e in zip(SIZES, edges, strict=True)),
        today=tuple(rows),
        come_home_price=tuple(field(s, "come_home_price", at) for at, s in spaces),
        **{k: field(bld, k, "[buildings]", 1) for k in BUILDING_NUMBERS},
        source=where,
    )
