"""Seat rotation balance, derived seeds, and the results database's guarantees."""

from __future__ import annotations

import sqlite3
from collections import Counter
from itertools import permutations

import pytest
from skagway_experiments.tournament import (
    GameRecord,
    Store,
    StoreError,
    config_from_dict,
    config_from_flags,
    lineups,
    schedule,
)


def cfg(entrants, players=4, repeats=1, seed=0, name="t"):
    return config_from_dict({"name": name, "game": "dawson_city_barbers", "players": players,
                             "entrants": entrants, "repeats": repeats, "seed": seed})


@pytest.mark.parametrize("entrants, players, expected_lineups, expected_games", [
    (["a", "b", "c", "d"], 4, 1, 24),  # one line-up, 4! seatings
    (["a", "b", "c", "d", "e"], 4, 5, 5 * 24),  # C(5,4) line-ups
    (["a", "b"], 4, 3, 4 + 6 + 4),  # aaab, aabb, abbb and their distinct seatings
    (["a", "b", "c"], 2, 3, 3 * 2),
    (["a", "b", "c"], 4, 12, 3 * 12 + 3 * 6 + 6 * 4),  # aabc-type, aabb-type, aaab-type
])
def test_lineups_and_seatings(entrants, players, expected_lineups, expected_games):
    assert len(lineups(entrants, players)) == expected_lineups
    games = schedule(cfg(entrants, players))
    assert len(games) == expected_games
    assert [g.index for g in games] == list(range(expected_games))


@pytest.mark.parametrize("entrants, players", [
    (["a", "b", "c", "d", "e"], 4), (["a", "b"], 4), (["a", "b", "c"], 4), (["a", "b", "c"], 3),
])
def test_every_seat_permutation_equally_often(entrants, players):
    games = schedule(cfg(entrants, players, repeats=2))
    by_lineup: dict[tuple, Counter] = {}
    for g in games:
        by_lineup.setdefault(tuple(sorted(g.seats)), Counter())[g.seats] += 1
    for lineup, seen in by_lineup.items():
        assert set(seen) == set(permutations(lineup)), "every distinct seating is played"
        assert set(seen.values()) == {2}, "each exactly `repeats` times"
    # hence every entrant sits every seat equally often
    for name in entrants:
        per_seat = Counter(seat for g in games for seat, e in enumerate(g.seats) if e == name)
        assert len(set(per_seat.values())) == 1 and len(per_seat) == players


def test_seeds_are_derived_and_distinct():
    a = schedule(cfg(["a", "b", "c"], 3, seed=7))
    b = schedule(cfg(["a", "b", "c"], 3, seed=7))
    c = schedule(cfg(["a", "b", "c"], 3, seed=8))
    assert [g.seed for g in a] == [g.seed for g in b]
    assert [g.seed for g in a] != [g.seed for g in c]
    assert len({g.seed for g in a}) == len(a)


def test_flags_config_names_entrants_by_spec():
    """Each spec given is an entrant, so the same spec twice is two entrants."""
    config = config_from_flags("dawson_city_barbers", 3, ["random", "flatmc:playouts=2", "random"])
    assert [e.name for e in config.entrants] == ["random", "flatmc:playouts=2", "random#2"]
    assert [e.spec for e in config.entrants] == ["random", "flatmc:playouts=2", "random"]
    assert config.fingerprint() != config_from_flags(
        "dawson_city_barbers", 3, ["random", "flatmc:playouts=2"]).fingerprint()


def record(index: int) -> GameRecord:
    return GameRecord(index, 99, ("a", "b"), (3.0, 1.0), (1.0, 2.0), (1.0, -1.0), 5, 0.1,
                      [1, 2, [0, 1]])


def test_store_round_trip_and_atomic_unique_games(tmp_path):
    config = cfg(["a", "b"], 2)
    store = Store(tmp_path / "r.db")
    entrants = [{"name": "a", "spec": "random", "agent": "random", "params": {}}]
    tid = store.open_tournament(config, 2, entrants, resume=False)
    store.add_game(tid, record(0))
    assert store.records(tid) == [record(0)]
    assert store.records(tid)[0].actions == [1, 2, [0, 1]]
    with pytest.raises(sqlite3.IntegrityError):
        store.add_game(tid, record(0))
    rows = store.db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    assert rows == 2, "the failed insert left no partial rows"
    assert store.done_indices(tid) == {0}
    assert store.find().name == "t" and store.find("t").played == 1


def test_store_refuses_what_is_not_its_tournament(tmp_path):
    path = tmp_path / "r.db"
    store = Store(path)
    store.open_tournament(cfg(["a", "b"], 2), 2, [], resume=False)
    with pytest.raises(StoreError, match="already holds tournament 't'"):
        store.open_tournament(cfg(["a", "b"], 2), 2, [], resume=False)
    with pytest.raises(StoreError, match="different tournament named 't'"):
        store.open_tournament(cfg(["a", "b"], 2, seed=5), 2, [], resume=True)
    with pytest.raises(StoreError, match="no tournament 'other' to resume"):
        store.open_tournament(cfg(["a", "b"], 2, name="other"), 2, [], resume=True)
    store.close()

    text = tmp_path / "notes.db"
    text.write_text("hello")
    with pytest.raises(StoreError, match="not an SQLite database"):
        Store(text)
    foreign = tmp_path / "foreign.db"
    sqlite3.connect(foreign).execute("CREATE TABLE customers (id INTEGER)").connection.commit()
    before = foreign.read_bytes()
    with pytest.raises(StoreError, match="another program"):
        Store(foreign)
    assert foreign.read_bytes() == before
    with pytest.raises(StoreError, match="no database"):
        Store(tmp_path / "missing.db", create=False)


def test_reading_an_empty_sqlite_file_changes_nothing(tmp_path):
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).execute("PRAGMA user_version = 7").connection.commit()
    before = empty.read_bytes()
    with pytest.raises(StoreError, match="holds no tournament results"):
        Store(empty, create=False)
    assert empty.read_bytes() == before


def test_explicit_lineups_play_every_seating():
    config = config_from_dict({
        "game": "dawson_city_barbers", "players": 4, "repeats": 2,
        "entrants": ["random", "flatmc"], "lineups": [["flatmc", "random", "random", "random"]],
    })
    games = schedule(config)
    assert len(games) == 4 * 2
    assert Counter(g.seats.index("flatmc") for g in games) == {0: 2, 1: 2, 2: 2, 3: 2}
    assert config.fingerprint() != config_from_dict(
        {**config.to_dict(), "lineups": []}).fingerprint()


def test_lineups_must_name_entrants_and_fill_the_table():
    from skagway_experiments.tournament import TournamentConfigError

    base = {"game": "dawson_city_barbers", "players": 2, "entrants": ["random", "flatmc"]}
    with pytest.raises(TournamentConfigError, match="line-up"):
        config_from_dict({**base, "lineups": [["random"]]})
    with pytest.raises(TournamentConfigError, match="line-up"):
        config_from_dict({**base, "lineups": [["random", "mcts"]]})
