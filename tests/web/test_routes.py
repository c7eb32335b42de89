"""Every route of the web app through Flask's test client: the index, the replay (page
and API, truth and seats), starting and playing a game, and each refusal: a clear HTML
page or a 4xx JSON error, after which the server still answers."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from skagway_experiments.web import play as web_play

from skagway_env.core import game_class, list_games, make_game
from skagway_env.core.playout import replay

from .conftest import FAILED_TOURNAMENT, game_ids


def still_serving(client) -> None:
    """A good request after a bad one: the app goes on."""
    assert client.get("/").status_code == 200
    assert client.get("/play").status_code == 200


def html_error(response, status: int, *words: str) -> str:
    assert response.status_code == status
    assert response.mimetype == "text/html"
    message = html.unescape(re.search(r'id="error-message">(.*?)</p>',
                                      response.get_data(as_text=True), re.S).group(1))
    for word in words:
        assert word in message, message
    return message


def json_error(response, status: int, *words: str) -> str:
    assert response.status_code == status
    body = response.get_json()
    assert body["status"] == status
    for word in words:
        assert word in body["error"], body["error"]
    return body["error"]


def test_the_index_lists_every_tournament_and_game_and_the_failed_one(client, web_db: Path):
    page = client.get("/").get_data(as_text=True)
    ids = game_ids(web_db)
    assert set(ids) == set(list_games())
    for name, found in ids.items():
        assert f"{name}: {name}, 2 players" in page
        for game_id in found:
            assert f'href="/replay/{game_id}"' in page
    failed = re.findall(r'<tr class="failed">(.*?)</tr>', page, re.S)
    assert len(failed) == 1 and "RuntimeError: a bot fell over" in failed[0]
    assert f"{FAILED_TOURNAMENT}: {FAILED_TOURNAMENT}" in page and "1 failed" in page


@pytest.mark.parametrize("name", list_games())
def test_a_replay_steps_from_the_start_to_the_stored_end(client, web_db: Path, name: str):
    game_id = game_ids(web_db)[name][0]
    first = client.get(f"/api/replay/{game_id}").get_json()
    assert first["step"] == 0 and first["seat"] == "truth" and first["moves"] == []
    last = first["last_step"]
    end = client.get(f"/api/replay/{game_id}?step=end").get_json()
    assert end["step"] == last and end["over"] and end["turn"] == "game over"
    # the end is the stored game's end: its scores, and the state its actions reach
    info_game, record = _stored(web_db, game_id)
    final = replay(info_game, record.actions)
    assert end["scores"] == [float(s) for s in final.scores()] == list(record.scores)
    assert end["observation"] == str(final)
    # every step in between answers, and the move lines only grow
    seen = 0
    for step in range(0, last + 1, max(1, last // 7)):
        data = client.get(f"/api/replay/{game_id}?step={step}").get_json()
        assert data["step"] == step and len(data["moves"]) >= seen
        seen = len(data["moves"])
    page = client.get(f"/replay/{game_id}?step=1&seat=1")
    assert page.status_code == 200 and "<svg" in page.get_data(as_text=True)


def _stored(db: Path, game_id: int):
    from skagway_experiments.tournament import Store

    store = Store(db, create=False)
    try:
        info, record = store.game(game_id)
    finally:
        store.close()
    config = info.config
    return make_game(config.game, num_players=config.players, **config.params), record


def test_the_seat_switch_shows_what_that_seat_saw(client, web_db: Path):
    game_id = game_ids(web_db)["dawson_city_barbers"][0]
    step = 3
    truth = client.get(f"/api/replay/{game_id}?step={step}").get_json()
    seat = client.get(f"/api/replay/{game_id}?step={step}&seat=1").get_json()
    assert seat["seat"] == 1
    # the seat's text is its observation string, never the whole state
    assert seat["observation"] != truth["observation"]
    from skagway_experiments.web.replay import load_replay

    position = load_replay(web_db, game_id).positions[step]
    assert seat["observation"] == position.observation_string(1)
    assert truth["observation"] == str(position)
    assert "chance: a hidden outcome" not in "\n".join(m["text"] for m in seat["moves"])
    # asked again, the same page (the view's generator is seeded by game, step and seat)
    assert client.get(f"/api/replay/{game_id}?step={step}&seat=1").get_json() == seat


def test_replay_refusals(client, web_db: Path):
    game_id = game_ids(web_db)["skagway"][0]
    html_error(client.get("/replay/abc"), 400, "malformed game id 'abc'")
    still_serving(client)
    html_error(client.get("/replay/99999"), 404, "no game with id 99999", "game ids run")
    still_serving(client)
    json_error(client.get("/api/replay/-3"), 400, "malformed game id")
    json_error(client.get("/api/replay/99999"), 404, "no game with id 99999")
    json_error(client.get(f"/api/replay/{game_id}?step=100000"), 400, "is not a step")
    json_error(client.get(f"/api/replay/{game_id}?step=x"), 400, "is not a step")
    json_error(client.get(f"/api/replay/{game_id}?seat=7"), 400, "is not a seat")
    html_error(client.get(f"/replay/{game_id}?seat=me"), 400, "is not a seat")
    html_error(client.get("/nowhere"), 404)
    json_error(client.get("/api/nowhere"), 404)
    json_error(client.post(f"/api/replay/{game_id}"), 405)
    still_serving(client)


def test_a_bad_database_is_an_error_page_and_no_database_means_play_only(tmp_path: Path):
    from skagway_experiments.web.app import create_app

    text = tmp_path / "notes.db"
    text.write_text("not a database")
    client = create_app(text).test_client()
    html_error(client.get("/"), 404, "is not an SQLite database")
    html_error(client.get("/replay/1"), 404, "is not an SQLite database")
    assert client.get("/play").status_code == 200
    missing = create_app(tmp_path / "gone.db").test_client()
    html_error(missing.get("/"), 404, "no database at")
    json_error(missing.get("/api/replay/1"), 404, "no database at")
    none = create_app(None).test_client()
    page = none.get("/").get_data(as_text=True)
    assert "no results database" in page and 'href="/play"' in page
    html_error(none.get("/replay/1"), 404, "skagway serve --db FILE")


def test_the_new_game_form_offers_every_game_preset_and_shipped_bot(client):
    page = client.get("/play").get_data(as_text=True)
    for name in list_games():
        info = game_class(name).info
        assert f'value="{name}"' in page and f'data-max="{info.max_players}"' in page
        for preset in info.presets:
            assert f'value="{preset.name}" data-game="{name}"' in page
    for spec in web_play.agent_choices("skagway"):
        assert f'<option value="{spec}">' in page
    assert any(spec.startswith("ppo:") and spec.endswith("skagway_4p.zip")
               for spec in web_play.agent_choices("skagway"))
    assert not any(spec.endswith("skagway_4p.zip")
                   for spec in web_play.agent_choices("klondike_rush"))


def test_the_form_offers_a_shipped_bot_only_at_the_seat_count_it_was_trained_for(client):
    """A bot file knows its player count (its header): the 2-seat list of Skagway holds
    the 2-seat bots, PPO and exit, and not the 4-seat ones, and the page's seat rows
    read the list of the chosen count."""
    two, four = web_play.agent_choices("skagway", 2), web_play.agent_choices("skagway", 4)
    assert any(s.startswith("ppo:") and s.endswith("skagway_2p.zip") for s in two)
    assert any(s.startswith("exit:") and s.endswith("skagway_2p_exit.zip") for s in two)
    assert not any(s.endswith(("skagway_4p.zip", "skagway_4p_exit.zip")) for s in two)
    assert any(s.startswith("exit:") and s.endswith("skagway_4p_exit.zip") for s in four)
    assert not any("_2p" in s for s in four)
    assert "heuristic:landlord" in two and "heuristic:landlord" in four
    page = client.get("/play").get_data(as_text=True)
    for n in range(2, 5):
        assert f'<datalist id="agents-skagway-{n}">' in page
    listed = page.split('<datalist id="agents-skagway-2">')[1].split("</datalist>")[0]
    assert all(f'<option value="{spec}">' in listed for spec in two)
    assert "skagway_4p.zip" not in listed


def start(client, **fields: str):
    return client.post("/play", data=fields)


def token_of(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[-400:]
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_game_against_bots_plays_to_the_end(client):
    response = start(client, game="klondike_rush", players="3", seed="5", seat0="random",
                     seat1="human", seat2="heuristic")
    token = token_of(response)
    page = client.get(f"/play/{token}")
    assert page.status_code == 200 and "you are P1" in page.get_data(as_text=True)
    data = client.get(f"/api/play/{token}").get_json()
    assert data["seat"] == 1 and data["seats"][1] == "human"
    assert "seed" not in data and "play_again" not in data
    moves = 0
    while not data["over"]:
        assert data["your_turn"] and data["legal"] and data["turn"] == "your move"
        choice = data["legal"][moves % len(data["legal"])]["action"]
        response = client.post(f"/api/play/{token}/move", json={"action": choice})
        assert response.status_code == 200
        data = response.get_json()
        moves += 1
    assert data["turn"] == "game over" and len(data["scores"]) == 3 and data["legal"] == []
    # the seed only now (it decides every draw), with the command that plays it again
    assert data["seed"] == 5 and data["play_again"] == (
        "skagway play klondike_rush --players 3 --agent random --agent human "
        "--agent heuristic --seed 5")
    json_error(client.post(f"/api/play/{token}/move", json={"action": 0}), 409,
               "not asked to decide")
    still_serving(client)


def test_the_same_seed_and_seats_play_the_same_game(client):
    """Bots and chance are seeded as skagway play seeds them; a page asked for again
    changes nothing."""
    def game(token_fields: dict[str, str], polls: int) -> list:
        token = token_of(start(client, **token_fields))
        data = client.get(f"/api/play/{token}").get_json()
        while not data["over"]:
            for _ in range(polls):
                client.get(f"/api/play/{token}")
            data = client.post(f"/api/play/{token}/move",
                               json={"action": data["legal"][0]["action"]}).get_json()
        return data["moves"] + [data["scores"]]

    fields = {"game": "dawson_city_barbers", "players": "3", "seed": "9", "seat0": "human",
              "seat1": "random", "seat2": "random"}
    assert game(fields, 0) == game(fields, 2)


def test_a_simultaneous_game_collects_the_human_choice_and_the_bots(client):
    token = token_of(start(client, game="klondike1896", players="2", seed="2",
                           seat0="human", seat1="random"))
    data = client.get(f"/api/play/{token}").get_json()
    simultaneous = 0
    for _ in range(40):
        if data["over"]:
            break
        simultaneous += data["turn"] == "every seat chooses at once"
        data = client.post(f"/api/play/{token}/move",
                           json={"action": data["legal"][-1]["action"]}).get_json()
        assert "error" not in data
    assert simultaneous > 0


def test_two_human_seats_get_a_page_each(client):
    response = start(client, game="klondike_rush", players="2", seed="1", seat0="human",
                     seat1="human")
    assert response.status_code == 200
    links = re.findall(r'class="seat-link" href="/play/([^"]+)"', response.get_data(as_text=True))
    assert len(links) == 2 and links[0] != links[1]
    pages = [client.get(f"/api/play/{t}").get_json() for t in links]
    assert [p["seat"] for p in pages] == [0, 1]
    assert sum(p["your_turn"] for p in pages) == 1  # one of them is asked, the other waits
    waiting = next(t for t, p in zip(links, pages, strict=True) if not p["your_turn"])
    json_error(client.post(f"/api/play/{waiting}/move", json={"action": 0}), 409,
               "is not asked to decide now")


@pytest.mark.parametrize(("fields", "words"), [
    ({"game": "monopoly"}, ("unknown game 'monopoly'", "known: ")),
    ({"game": "skagway", "players": "9", "seat0": "human"}, ("skagway with 9 players",)),
    ({"game": "skagway", "players": "two", "seat0": "human"}, ("whole number",)),
    ({"game": "skagway", "players": "2", "seat0": "human", "seat1": "grandmaster"},
     ("seat P1: bad agent spec 'grandmaster'", "unknown agent")),
    ({"game": "skagway", "players": "2", "seat0": "human", "seat1": "flatmc:playouts=-1"},
     ("seat P1: bad agent spec",)),
    ({"game": "skagway", "players": "2", "seat0": "random", "seat1": "random"},
     ("no human seat",)),
    ({"game": "klondike_rush", "players": "2", "preset": "turbo", "seat0": "human"},
     ("no preset 'turbo'", "last_bid")),
    ({"game": "skagway", "players": "2", "seed": "-1", "seat0": "human"}, ("seed",)),
])
def test_bad_new_games_show_the_form_again_with_the_error(client, fields, words):
    response = start(client, **fields)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    message = html.unescape(re.search(r'id="error-message">(.*?)</p>', page, re.S).group(1))
    for word in words:
        assert word in message, message
    assert 'id="new-game"' in page  # the form, filled in as it was sent
    if fields.get("game") == "skagway":
        assert 'value="skagway" data-min="2" data-max="4" selected' in page
    still_serving(client)


def test_play_api_refusals(client):
    json_error(client.post("/api/play", data="nope"), 400, "send a JSON object")
    json_error(client.post("/api/play", json={"game": "monopoly"}), 400, "unknown game")
    made = client.post("/api/play", json={"game": "klondike_rush", "players": 2,
                                          "seat0": "human", "seed": 3})
    assert made.status_code == 201
    url = made.get_json()["seats"]["0"]
    data = client.get(url).get_json()
    illegal = next(a for a in range(make_game("klondike_rush").num_distinct_actions())
                   if a not in {m["action"] for m in data["legal"]})
    json_error(client.post(url + "/move", json={"action": illegal}), 400,
               f"action {illegal} is not a legal move of P0")
    json_error(client.post(url + "/move", json={"action": "3"}), 400, "whole number")
    json_error(client.post(url + "/move", json={"action": True}), 400, "whole number")
    json_error(client.post(url + "/move", json={"move": 3}), 400, '{"action": <id>}')
    json_error(client.post(url + "/move", data="3"), 400, "send a JSON object")
    assert client.get(url).get_json() == data  # nothing changed
    json_error(client.get("/api/play/short"), 400, "malformed game id")
    json_error(client.get("/api/play/" + "A" * 22), 404, "no game with this id")
    html_error(client.get("/play/" + "A" * 22), 404, "no game with this id")
    html_error(client.get("/play/x<y"), 400, "malformed game id")
    json_error(client.post("/api/play/" + "A" * 22 + "/move", json={"action": 0}), 404)
    still_serving(client)
    assert client.post(url + "/move", json={"action": data["legal"][0]["action"]}
                       ).status_code == 200


def test_a_bot_that_raises_is_a_500_and_the_server_goes_on(client, tmp_path: Path):
    bot = tmp_path / "broken_bot.py"
    bot.write_text("from skagway_agents import Agent\n\n"
                   "class Broken(Agent):\n"
                   "    def act(self, state, player):\n"
                   "        raise RuntimeError('secret hand: 7 of gold')\n")
    response = start(client, game="klondike_rush", players="2", seed="1", seat0="human",
                     seat1=f"{bot}:Broken")
    if response.status_code == 303:  # the bot is not first to move: make it move
        token = token_of(response)
        data = client.get(f"/api/play/{token}").get_json()
        response = client.post(f"/api/play/{token}/move",
                               json={"action": data["legal"][0]["action"]})
        message = json_error(response, 500, "internal error (RuntimeError)")
    else:
        message = html_error(response, 500, "internal error (RuntimeError)")
    assert "secret hand" not in message  # a bot's message may quote what a page must not show
    still_serving(client)


def test_a_long_tournament_lists_its_first_games_and_says_how_many_more(
        client, monkeypatch: pytest.MonkeyPatch):
    from skagway_experiments.web import replay as web_replay

    monkeypatch.setattr(web_replay, "INDEX_ROWS", 1)
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="replay-link"') == len(list_games())
    assert page.count("1 more games not listed") == len(list_games())


def test_a_replay_of_a_simultaneous_game_says_every_seat_chooses(client, web_db: Path):
    """As a seat saw it too: a stored game waits for nobody's part in particular."""
    game_id = game_ids(web_db)["klondike1896"][0]
    last = client.get(f"/api/replay/{game_id}").get_json()["last_step"]
    turns = {client.get(f"/api/replay/{game_id}?step={k}&seat=0").get_json()["turn"]
             for k in range(0, last, max(1, last // 20))}
    assert "every seat chooses at once" in turns
    assert not any("waiting" in turn for turn in turns)


def test_a_shipped_policy_offered_by_the_form_plays_a_seat(client):
    spec = next(s for s in web_play.agent_choices("dawson_city_barbers")
                if s.startswith("ppo:") and s.endswith("_6p.zip"))  # the 6-seat bot
    made = client.post("/api/play", json={"game": "dawson_city_barbers", "players": 6,
                                          "seat0": "human", "seed": 2,
                                          **{f"seat{p}": spec for p in range(1, 6)}})
    assert made.status_code == 201, made.get_json()
    url = made.get_json()["seats"]["0"]
    data = client.get(url).get_json()
    assert data["seats"][1].startswith("ppo:") and data["your_turn"]
    data = client.post(url + "/move", json={"action": data["legal"][0]["action"]}).get_json()
    assert "error" not in data
    # at another player count the policy is refused, with its reason on the form
    response = start(client, game="dawson_city_barbers", players="2", seat0="human",
                     seat1=spec)
    assert response.status_code == 400
    assert "trained for 6 players" in html.unescape(response.get_data(as_text=True))


def test_past_its_limit_the_seat_unused_longest_is_forgotten():
    sessions = web_play.Sessions(limit=2)
    fields = {"game": "klondike_rush", "players": "2", "seed": "1", "seat0": "human"}
    tokens = [next(iter(sessions.add(web_play.start_session(fields)).values()))
              for _ in range(2)]
    sessions.get(tokens[0])  # the first is used again: the second is now the oldest
    tokens.append(next(iter(sessions.add(web_play.start_session(fields)).values())))
    sessions.get(tokens[0])
    sessions.get(tokens[2])
    with pytest.raises(web_play.WebError, match="no game with this id"):
        sessions.get(tokens[1])


def test_boards_get_a_view_for_a_seat_the_truth_for_a_replay_and_the_legal_moves(
        client, web_db: Path, monkeypatch: pytest.MonkeyPatch):
    """The contract with ``boards/<game>.py`` (merged from other branches): a seat's board
    is drawn from a view, never the truth, with that seat's legal moves; a replay's
    true state from the truth. A board that marks moves with data-action gets them to the
    page. A spy module stands in for a game's board."""
    import sys
    import types

    calls: list[tuple] = []

    def render(state, seat, legal=()):
        calls.append((state, seat, list(legal)))
        marks = "".join(f'<rect data-action="{a}" width="9" height="9"/>' for a in legal)
        return f'<svg xmlns="http://www.w3.org/2000/svg">{marks}</svg>'

    spy = types.ModuleType("skagway_experiments.web.boards.klondike_rush")
    spy.render = render
    monkeypatch.setitem(sys.modules, spy.__name__, spy)
    token = token_of(start(client, game="klondike_rush", players="2", seed="3",
                           seat0="human", seat1="random"))
    session, seat = web_play.SESSIONS.get(token)
    data = client.get(f"/api/play/{token}").get_json()
    state, seat_drawn, legal = calls[-1]
    assert seat_drawn == seat == 0 and state is not session.state  # a view, not the truth
    assert legal == session.state.legal_actions(0) == [m["action"] for m in data["legal"]]
    assert data["board"].count("data-action=") == len(legal)
    game_id = game_ids(web_db)["klondike_rush"][0]
    calls.clear()
    client.get(f"/api/replay/{game_id}?step=2")
    client.get(f"/api/replay/{game_id}?step=2&seat=1")
    (truth, none_seat, _), (view, one, _) = calls
    assert none_seat is None and one == 1 and view is not truth
    assert view.information_state_string(1) == truth.information_state_string(1)


VIEW_READER = """
import zlib
from skagway_agents import Agent


class ViewReader(Agent):
    \"\"\"Plays by the whole view it is handed, redrawn parts included.\"\"\"

    def act(self, state, player):
        legal = state.legal_actions(player)
        return legal[zlib.crc32(str(state).encode()) % len(legal)]
"""


@pytest.mark.parametrize(("name", "players"), [("dawson_city_barbers", 3),
                                               ("klondike1896_council", 2), ("skagway", 2)])
def test_a_browser_game_is_the_game_skagway_play_plays_with_that_seed(
        client, tmp_path: Path, name: str, players: int):
    """The person's choices played by a scripted agent through play_game (what skagway
    play runs) give the same game: chance, the bots' seeds, and the views they are
    handed (bots that read a view's redrawn parts play by them)."""
    from skagway_agents import Agent
    from skagway_experiments.play import play_game, seat_agents

    class FirstLegal(Agent):
        def act(self, state, player):
            return state.legal_actions(player)[0]

    bot = tmp_path / "view_reader.py"
    bot.write_text(VIEW_READER)
    specs = ["human"] + [f"{bot}:ViewReader"] * (players - 1)
    token = token_of(start(client, game=name, players=str(players), seed="8",
                           **{f"seat{p}": spec for p, spec in enumerate(specs)}))
    session, _ = web_play.SESSIONS.get(token)
    data = client.get(f"/api/play/{token}").get_json()
    while not data["over"]:
        data = client.post(f"/api/play/{token}/move",
                           json={"action": data["legal"][0]["action"]}).get_json()
    game = session.game
    agents = [FirstLegal(game), *seat_agents(["random", *specs[1:]], game, 8)[1:]]
    played = play_game(game, agents, 8)
    assert played.actions == session.state.history
    assert played.scores == data["scores"]
