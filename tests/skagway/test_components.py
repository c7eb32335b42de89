"""Skagway component data: the bundled file loads, every value is tagged, the printed
tables are reproduced exactly, the Extended Example's Phase Four [8.0] comes out as
printed, and bad files fail with one clear message naming the file."""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import numpy as np
import pytest

from skagway_env import make_game
from skagway_env.core import GameParameterError
from skagway_env.core.playout import random_step
from skagway_env.games.skagway.components import (
    DEFAULT_DATA_FILE,
    ENGINE1_NIGHT_SPOTS,
    SPACES,
    load_components,
)

# Back of booklet: Skagway Today, as printed.
# (name, size, tone): (Railroad, Hotel/Brothel, Church/Gambling Hall, Saloon/Restaurant, Docks)
SKAGWAY_TODAY = {
    ("Ghost Town", "LOW", "BAD"): (8, 1, 2, 2, 0),
    ("Resort", "LOW", "GOOD"): (6, 10, 6, 8, 6),
    ("Cruise Ship Stop 1", "MEDIUM", "BAD"): (10, 8, 6, 4, 6),
    ("Cruise Ship Stop 2", "MEDIUM", "GOOD"): (6, 10, 4, 6, 8),
    ("Tourist Trap", "HIGH", "BAD"): (6, 2, 12, 12, 4),
    ("Thriving City", "HIGH", "GOOD"): (12, 10, 10, 12, 8),
}
# [8.0] the players in seat order, their colours and Workers.
EXAMPLE = {
    "Fred": ("green", {"Clarence", "Bill"}),
    "Marina": ("blue", {"Jane", "Frank"}),
    "Jolene": ("yellow", {"Joe", "Bart"}),
    "Bob": ("red", {"Jim", "Ted"}),
}


def bundled() -> dict:
    with open(DEFAULT_DATA_FILE, "rb") as fh:
        return tomllib.load(fh)


def test_bundled_file_loads_once():
    comp = load_components()
    assert comp is load_components()
    assert comp.source == str(DEFAULT_DATA_FILE)


def test_every_value_is_tagged():
    data = bundled()
    tables = [data[k] for k in data if isinstance(data[k], dict)]
    tables += [e for k in data if isinstance(data[k], list) for e in data[k]]
    tables += data["railroad_goods"]["types"] + data["skagway_today"]["outcomes"]
    tables += data["buildings"]["spaces"]
    for table in tables:
        tags = [v for k, v in table.items() if k == "source" or k.endswith("_source")]
        assert "source" in table, table
        for tag in tags:
            assert tag.startswith(("[", "assumed: ", "back of booklet: ")), tag
    # What the rulebook does not print is tagged as assumed.
    assert data["gold_counters"]["source"].startswith("assumed: ")
    assert data["railroad_counters"]["source"].startswith("assumed: ")
    for person in data["workers"] + data["hired_hands"]:
        assert person["ability_source"].startswith("assumed: "), person["name"]
        if person["night_spots"]:
            assert person["night_spots_source"].startswith("assumed: "), person["name"]
    for kind in data["railroad_goods"]["types"]:
        assert kind["source"].startswith("assumed: "), kind["name"]


def test_counters_and_their_2_3_player_removals():
    comp = load_components()
    gold4, gold3 = comp.gold.supply(4), comp.gold.supply(3)
    assert len(gold4) == 14 and set(gold4) <= {2, 3, 4}  # [2.0]
    assert Counter(gold4) - Counter(gold3) == Counter({3: 2})  # [3.1] two ($3)
    assert comp.gold.supply(2) == gold3
    rail4, rail3 = comp.railroad.supply(4), comp.railroad.supply(3)
    assert len(rail4) == 9 and set(rail4) == {1, 2, 3}  # [2.0]
    assert rail4.count(3) == 1 and rail4.count(2) >= 1  # [4.3.2] the Deed, [3.1]
    assert Counter(rail4) - Counter(rail3) == Counter({2: 1})  # [3.1] one (2)
    assert comp.railroad.supply(2) == rail3


def test_workers_and_hired_hands():
    comp = load_components()
    assert comp.colours == tuple(colour for colour, _ in EXAMPLE.values())
    assert len(comp.workers) == 8
    for colour, names in EXAMPLE.values():
        assert {w.name for w in comp.workers if w.colour == colour} == names
    assert Counter(h.kind for h in comp.hired_hands) == Counter(
        {"railroad": 1, "miner": 1, "gunfighter": 1, "stooge": 2}
    )
    gunfighter = next(h for h in comp.hired_hands if h.kind == "gunfighter")
    assert gunfighter.night_spots == ()  # [4.3.4] placed on the Street
    assert gunfighter.ability > max(w.ability for w in comp.workers)
    assert sorted(w.ability for w in comp.workers) == list(range(1, 9))


def come_home(night_spots: tuple[str, ...], board: dict[str, str]) -> str:
    """[4.4.1] the first spot if that building is on the board, else the second, else the
    Street. (The residency exception cannot apply: the Hotel is on the board.)"""
    return next((spot for spot in night_spots if spot in board), "Street")


@pytest.mark.parametrize("data_file", [None, ENGINE1_NIGHT_SPOTS])
def test_extended_example_phase_four_comes_out_as_printed(data_file):
    comp = load_components(data_file)
    board = {"Hotel": "Fred", "Saloon": "Marina", "Gambling Hall": "Fred"}  # [8.0] Phase Four
    owner_of = {name: player for player, (_, names) in EXAMPLE.items() for name in names}
    spots = {w.name: w.night_spots for w in comp.workers}
    assert spots["Bart"][0] == "Gambling Hall"  # "would normally go to the Gambling Hall"
    expected = {
        "Jim": "Gambling Hall",
        "Frank": "Saloon",
        "Joe": "Saloon",
        "Clarence": "Hotel",
        "Bill": "Hotel",
        "Jane": "Hotel",
        "Ted": "Hotel",
    }  # Bart stays Sheriff
    placed = {name: come_home(spots[name], board) for name in expected}
    railroad_hand = next(h for h in comp.hired_hands if h.kind == "railroad")
    placed["Railroad"] = come_home(railroad_hand.night_spots, board)
    owner_of["Railroad"] = "Jolene"
    assert placed == expected | {"Railroad": "Gambling Hall"}
    # Either Stooge may have been Jolene's: both end up in the Street.
    for stooge in (h for h in comp.hired_hands if h.kind == "stooge"):
        assert come_home(stooge.night_spots, board) == "Street"
    # [4.4.2] the payments as printed: Jolene 3 + 3, Bob 3 + 1, Marina 1, Fred nothing.
    price = {}
    for (_, good, bad, _), p in zip(SPACES, comp.come_home_price, strict=True):
        price |= {good: p, bad: p}
    paid, earned = Counter(), Counter()
    for name, building in placed.items():
        if board[building] != owner_of[name]:
            paid[owner_of[name]] += price[building]
            earned[board[building]] += price[building]
    assert paid == Counter({"Jolene": 6, "Bob": 4, "Marina": 1})
    assert earned == Counter({"Fred": 8, "Marina": 3})


def test_skagway_today_is_the_printed_table():
    comp = load_components()
    got = {
        (r.name, r.size, r.tone): (
            r.railroad,
            r.hotel_brothel,
            r.church_gambling_hall,
            r.saloon_restaurant,
            r.docks,
        )
        for r in comp.today
    }
    assert got == SKAGWAY_TODAY
    assert comp.today_sizes == (("LOW", 0, 3), ("MEDIUM", 4, 7), ("HIGH", 8, 10))  # [5.0]
    assert [comp.today_row(n, "BAD").name for n in (0, 3, 4, 7, 8, 10)] == [
        "Ghost Town", "Ghost Town", "Cruise Ship Stop 1", "Cruise Ship Stop 1",
        "Tourist Trap", "Tourist Trap",
    ]  # fmt: skip
    thriving = comp.today_row(9, "GOOD")
    assert [thriving.for_space(s[0]) for s in SPACES] == [10, 12, 10]


# (name, own marker, all markers' sum, all players' Prestige Buildings, unrevealed) -> VPs
PRINTED_PRESTIGE = [
    ("Opera House", -1, 0, 0, 0, 6),
    ("Opera House", 0, 0, 0, 0, 13),
    ("Opera House", 3, 0, 0, 0, 18),
    ("Moulin Rouge", -3, 0, 0, 0, 18),
    ("Moulin Rouge", 0, 0, 0, 0, 13),
    ("Moulin Rouge", 1, 0, 0, 0, 6),
    ("Fashions of Paris", 3, -1, 0, 0, 13),
    ("Fashions of Paris", 3, 0, 0, 0, 15),
    ("Fashions of Paris", -3, 2, 0, 0, 17),
    ("Fire Brigade", 0, -5, 0, 0, 17),
    ("Fire Brigade", 0, 0, 0, 0, 15),
    ("Fire Brigade", 0, 4, 0, 0, 13),
    ("Nuggets Hockey", 0, 0, 7, 0, 10),
    ("Nuggets Hockey", 0, 0, 8, 0, 20),
    ("Ranch", 0, 0, 7, 0, 18),
    ("Ranch", 0, 0, 8, 0, 10),
    ("Steamboat Docks", 0, 0, 0, 0, 13),
    ("Steamboat Docks", 0, 0, 0, 3, 16),
    ("Barber", -3, -9, 10, 5, 14),
    ("Laundry", 3, 9, 1, 0, 14),
    ("Statue", 0, 0, 2, 0, 18),
]


def test_prestige_buildings_score_as_printed():
    comp = load_components()
    by_name = {p.name: p for p in comp.prestige}
    assert len(by_name) == 10
    assert {name for name, *_ in PRINTED_PRESTIGE} == set(by_name)
    for name, own, total, count, unrevealed, vps in PRINTED_PRESTIGE:
        assert by_name[name].score(own, total, count, unrevealed) == vps, name
    assert [p.name for p in comp.prestige if p.requires_other_prestige] == ["Statue"]


def test_railroad_goods_and_buildings():
    comp = load_components()
    assert sum(g.count for g in comp.goods) == 14  # [2.0]
    assert all(len(g.values) == 6 for g in comp.goods)  # one value per die face [4.3.2]
    assert comp.come_home_price == (1, 3, 3)  # [4.4.2]
    assert (comp.player_building_cost, comp.prestige_building_cost) == (4, 9)  # [6.0]
    assert (comp.sale_to_displaced_owner, comp.purchased_track_limit) == (2, 3)  # [6.0]
    assert comp.max_prestige_per_player == 4  # [6.0]
    assert [comp.mine_spots_for(n) for n in (2, 3, 4)] == [2, 2, 3]  # [4.2.1]
    assert comp.assay_spots == 4 and comp.starting_points == (2, 3, 4, 5)  # [4.2.3], [3.4]


def write(tmp_path, text: str) -> str:
    path = tmp_path / "components.toml"
    path.write_text(text)
    return str(path)


GOLD = "counts = { 2 = 5, 3 = 6, 4 = 3 }"
RAIL = "counts = { 1 = 5, 2 = 3, 3 = 1 }"
BAD_FILES = {
    "gold-total": (GOLD, "counts = { 2 = 6, 3 = 6, 4 = 3 }", "14 counters needed"),
    "removal": (GOLD, "counts = { 2 = 8, 3 = 1, 4 = 5 }", "removes more"),
    "gold-face": (GOLD, "counts = { 2 = 5, 3 = 6, 5 = 3 }", "values among"),
    "gold-face-missing": (GOLD, "counts = { 2 = 8, 3 = 6 }", r"no counter of value \[4\]"),
    "rail-face-missing": (RAIL, "counts = { 2 = 8, 3 = 1 }", r"no counter of value \[1\]"),
    "two-deeds": (RAIL, "counts = { 1 = 4, 2 = 3, 3 = 2 }", r"exactly one \(3\)"),
    "spot": ('"Hotel", "Saloon"', '"Hotel", "Opera House"', "night_spots must be 2"),
    "colour": ('colour = "blue"', 'colour = "green"', "has 3 workers"),
    "stooge": ('kind = "stooge"', 'kind = "miner"', r"hired hand\(s\) needed"),
    "gunfighter": ("night_spots = []", 'night_spots = ["Hotel"]', "must be 0 or 2"),
    "prestige-kind": ('kind = "fixed"', 'kind = "free"', "kind must be one of"),
    "prestige-limit": ("at_least = 8\n", "", "needs at_least or at_most"),
    "today-row": ('size = "HIGH"\ntone = "GOOD"', 'size = "HIGH"\ntone = "BAD"', "one outcome"),
    "today-gap": ("medium = [4, 7]", "medium = [5, 7]", "cover 0..10"),
    "goods-values": ("values = [1, 1, 2, 2, 3, 3]", "values = [1, 2, 3]", "6 numbers"),
    "goods-count": ("count = 4\nvalues = [1,", "count = 5\nvalues = [1,", "sum to 15"),
    "space": ('name = "Grub"', 'name = "Kitchen"', "spaces must be Residency"),
    "missing": ("[players]", "[player]", "missing 'players'"),
    "toml": ("format = 1", "format = = 1", "not valid TOML"),
}


@pytest.mark.parametrize("old, new, match", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_bad_data_files_fail_clearly(tmp_path, old, new, match):
    text = DEFAULT_DATA_FILE.read_text()
    assert old in text
    path = write(tmp_path, text.replace(old, new, 1))
    with pytest.raises(GameParameterError, match=match) as err:
        load_components(path)
    assert path in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    "counts, removal, match",
    [
        (("gold_counters", GOLD), "counts = { 2 = 8, 3 = 1, 4 = 5 }", r"two \(\$3\)"),
        (("railroad_counters", RAIL), "counts = { 1 = 8, 3 = 1 }", r"at least one \(2\)"),
    ],
    ids=["gold-threes", "railroad-twos"],
)
def test_counts_that_need_a_different_removal_too(tmp_path, counts, removal, match):
    """Even with a removal that fits, [3.1] needs the counters it names to exist."""
    (section, old) = counts
    text = DEFAULT_DATA_FILE.read_text().replace(old, removal)
    head, _, tail = text.partition(f"[{section}]")
    tail = re.sub(
        r"remove_for_2_3_players = \{[^}]*\}", "remove_for_2_3_players = {}", tail, count=1
    )
    with pytest.raises(GameParameterError, match=match):
        load_components(write(tmp_path, head + f"[{section}]" + tail))


def test_missing_data_file(tmp_path):
    with pytest.raises(GameParameterError, match="no such file"):
        load_components(str(tmp_path / "nope.toml"))


@pytest.mark.parametrize("swap", ["players.colours", "workers' colours"])
def test_seat_i_plays_colour_i_whatever_the_file_order(tmp_path, swap):
    """[3.2] a seat plays the colour it chose: seat i is `players.colours[i]`, and its
    Workers (ids 2i, 2i+1) are that colour's, wherever the file lists them."""
    text = DEFAULT_DATA_FILE.read_text()
    if swap == "players.colours":  # seat 0 takes blue: Marina's Workers
        old = 'colours = ["green", "blue", "yellow", "red"]'
        assert old in text
        text = text.replace(old, 'colours = ["blue", "green", "yellow", "red"]')
    else:  # Clarence and Bill (listed first) become blue; Jane and Frank green
        text = text.replace('colour = "green"', 'colour = "swap"')
        text = text.replace('colour = "blue"', 'colour = "green"')
        text = text.replace('colour = "swap"', 'colour = "blue"')
    path = write(tmp_path, text)
    comp = load_components(path)
    assert [w.colour for w in comp.workers] == [c for c in comp.colours for _ in range(2)]
    state = make_game("skagway", num_players=2, data_file=path).new_initial_state()
    assert {state.worker_name(0), state.worker_name(1)} == {"Jane", "Frank"}


def test_every_worker_has_one_residency_icon():
    """RULES_NOTES A4 (engine 2): one Hotel or Brothel icon a Worker, two a colour, so
    free lodging on an empty Residency space [4.4.1] favours no colour."""
    comp = load_components()
    for worker in comp.workers:
        assert sum(spot in ("Hotel", "Brothel") for spot in worker.night_spots) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_engine1_night_spots_load_by_name_and_play(players):
    """The night spots of engine 1 ship as an alternative data file (issue 18.6)."""
    game = make_game("skagway", num_players=players, data_file=ENGINE1_NIGHT_SPOTS)
    spots = {w.name: w.night_spots for w in game.components.workers}
    assert spots["Jane"] == ("Restaurant", "Hotel") and spots["Ted"] == ("Hotel", "Gambling Hall")
    by_path = load_components(str(DEFAULT_DATA_FILE.with_name(ENGINE1_NIGHT_SPOTS)))
    assert by_path.workers == game.components.workers
    rng = np.random.default_rng(players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        assert len(state.returns()) == players
