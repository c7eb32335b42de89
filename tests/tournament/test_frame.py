"""``load_results`` and ``load_games``: a results database as pandas DataFrames."""

from __future__ import annotations

from pathlib import Path

import pytest
from skagway_experiments.tournament import Store, StoreError, config_from_dict, run_tournament
from skagway_experiments.tournament.frame import (
    GAME_DTYPES,
    RESULT_DTYPES,
    load_games,
    load_results,
)
from skagway_experiments.tournament.schedule import schedule

pd = pytest.importorskip("pandas")

GAME = "dawson_city_barbers"
CONFIG = {
    # Two entrants for three seats: every game seats one entrant twice.
    "name": "three", "game": GAME, "players": 3, "seed": 1,
    "entrants": [{"name": "rnd", "spec": "random"}, {"name": "mc", "spec": "flatmc:playouts=1"}],
}
OTHER = {"name": "two", "game": GAME, "players": 2, "seed": 2,
         "entrants": ["random", "flatmc:playouts=2"]}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("frame") / "results.db"
    for data in (CONFIG, OTHER):
        run_tournament(config_from_dict(data), path, progress=False)
    return path


def test_one_row_per_game_and_seat_with_sensible_dtypes(db: Path) -> None:
    frame = load_results(db, "three")
    games = len(schedule(config_from_dict(CONFIG)))
    assert frame.shape == (games * 3, len(RESULT_DTYPES))
    assert list(frame.columns) == list(RESULT_DTYPES)
    for column in ("game_id", "game_index", "seed", "seat", "length"):
        assert pd.api.types.is_integer_dtype(frame[column]), column
    for column in ("score", "rank", "return", "win_share", "duration"):
        assert pd.api.types.is_float_dtype(frame[column]), column
    for column in ("tournament", "entrant", "spec"):
        assert pd.api.types.is_string_dtype(frame[column]), column
    assert set(frame["tournament"]) == {"three"}
    assert frame.groupby("game_id")["seat"].apply(list).map(lambda s: s == [0, 1, 2]).all()
    assert dict(zip(frame["entrant"], frame["spec"], strict=True)) == {
        "rnd": "random", "mc": "flatmc:playouts=1"
    }


def test_win_shares_sum_to_one_a_game(db: Path) -> None:
    frame = load_results(db)
    per_game = frame.groupby("game_id")["win_share"].sum()
    assert per_game.to_numpy() == pytest.approx(1.0)
    assert frame["win_share"].sum() == pytest.approx(frame["game_id"].nunique())


def test_rows_agree_with_the_store(db: Path) -> None:
    frame = load_results(db)
    store = Store(db, create=False)
    try:
        expected = []
        for info in store.tournaments():
            for record in store.records(info.id):
                for seat in range(record.num_players):
                    expected.append((
                        info.name, record.game_index, record.seed, seat, record.seats[seat],
                        info.config.spec_of(record.seats[seat]), record.scores[seat],
                        record.ranks[seat], record.returns[seat], record.win_shares[seat],
                        record.length, record.duration,
                    ))
        columns = ["tournament", "game_index", "seed", "seat", "entrant", "spec", "score",
                   "rank", "return", "win_share", "length", "duration"]
        assert list(frame[columns].itertuples(index=False, name=None)) == expected
        # game_id is the id that Store.game (and `skagway replay --game`) takes.
        for row in frame.drop_duplicates("game_id").itertuples():
            info, record = store.game(row.game_id)
            assert (info.name, record.game_index) == (row.tournament, row.game_index)
    finally:
        store.close()


def test_games_frame(db: Path) -> None:
    games = load_games(db)
    results = load_results(db)
    assert list(games.columns) == list(GAME_DTYPES)
    assert len(games) == results["game_id"].nunique()
    assert list(games["tournament"].unique()) == ["three", "two"]
    first = games.iloc[0]
    rows = results[results["game_id"] == first["game_id"]]
    assert first["seats"] == list(rows["entrant"])
    assert first["scores"] == list(rows["score"])
    assert first["ranks"] == list(rows["rank"])
    assert len(load_games(db, "two")) == len(schedule(config_from_dict(OTHER)))


def test_a_tournament_without_games_gives_empty_typed_frames(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    store = Store(path)
    try:
        store.open_tournament(config_from_dict(OTHER), 2, [], resume=False)
    finally:
        store.close()
    results, games = load_results(path), load_games(path)
    assert results.empty and list(results.columns) == list(RESULT_DTYPES)
    assert pd.api.types.is_float_dtype(results["win_share"])
    assert games.empty and list(games.columns) == list(GAME_DTYPES)


def test_unknown_tournament_or_file(db: Path, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no tournament 'nope'"):
        load_results(db, "nope")
    with pytest.raises(StoreError, match="no database"):
        load_games(tmp_path / "absent.db")
    assert not (tmp_path / "absent.db").exists()
