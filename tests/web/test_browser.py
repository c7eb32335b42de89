"""The web app in a real headless Chromium, as a person uses it: every game's page at
each of its player counts renders without a console message, a replay steps to its end
by the keys, and a human game is played to the end by clicking.

Chromium and chromedriver come from Debian (``.ci/run`` installs them), driven through
selenium by ``tests/browser.py`` as the report's browser test is; without them the tests
skip and say why. The server is the real one (Werkzeug's, on a free port) in a thread of
this process.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from skagway_env.core import game_class, list_games

from ..browser import chrome, require_browser
from .conftest import game_ids

require_browser()

WAIT_S = 20


@pytest.fixture(scope="module")
def server(web_db: Path) -> Iterator[tuple[str, object]]:
    """The app served on a free port; yields its address and a test client of the same
    app (to start games without the form)."""
    from skagway_experiments.web.app import create_app
    from werkzeug.serving import make_server

    app = create_app(web_db)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}", app.test_client()
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    with chrome(tmp_path_factory.mktemp("chromium"), window_size="1400,1000") as driver:
        yield driver


def wait_for(browser, script: str):
    """Poll ``script`` (a JS expression) until it is truthy; its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_S, poll_frequency=0.05).until(
        lambda d: d.execute_script(f"return {script};"))


def load(browser, url: str) -> list[dict]:
    browser.get_log("browser")  # drop what earlier pages logged
    browser.get(url)
    wait_for(browser, "document.readyState === 'complete'")
    return browser.get_log("browser")


def new_game(client, game: str, players: int) -> str:
    fields = {"game": game, "players": players, "seed": 1, "seat0": "human",
              **{f"seat{p}": "random" for p in range(1, players)}}
    made = client.post("/api/play", json=fields)
    assert made.status_code == 201, made.get_json()
    return made.get_json()["seats"]["0"].replace("/api/play/", "/play/")


CASES = [(name, players) for name in list_games()
         for players in range(game_class(name).info.min_players,
                              game_class(name).info.max_players + 1)]


def test_every_game_renders_at_each_player_count_without_console_messages(
        browser, server, web_db: Path) -> None:
    address, client = server
    for name, players in CASES:
        console = load(browser, address + new_game(client, name, players))
        wait_for(browser, "document.getElementById('play').dataset.over !== undefined")
        shown = browser.execute_script("""
            const svg = document.querySelector('#board svg');
            const box = svg ? svg.getBoundingClientRect() : null;
            return {svg: box ? [box.width, box.height] : null,
                    legal: document.querySelectorAll('#legal [data-action]').length,
                    over: document.getElementById('play').dataset.over,
                    text: document.getElementById('observation').textContent.length};""")
        assert shown["svg"] and min(shown["svg"]) > 0, (name, players, shown)
        assert shown["text"] > 0 and (shown["legal"] > 0 or shown["over"] == "true")
        assert console == [], (name, players, console)
    for name, ids in game_ids(web_db).items():
        console = load(browser, f"{address}/replay/{ids[0]}?step=2&seat=0")
        assert browser.execute_script("return !!document.querySelector('#board svg');")
        assert console == [], (name, console)


def test_a_replay_steps_to_the_end_by_the_keys(browser, server, web_db: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    address, _ = server
    game_id = game_ids(web_db)["klondike_rush"][0]
    console = load(browser, f"{address}/replay/{game_id}")
    last = int(browser.find_element(By.ID, "last").text)
    body = browser.find_element(By.TAG_NAME, "body")
    for step in range(1, last + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        wait_for(browser, f"document.getElementById('replay').dataset.shown === '{step}'")
    assert "game over" in browser.find_element(By.ID, "turn").text
    assert browser.current_url.endswith(f"?step={last}&seat=truth")
    body.send_keys(Keys.HOME)
    wait_for(browser, "document.getElementById('replay').dataset.shown === '0'")
    body.send_keys(Keys.END)
    wait_for(browser, f"document.getElementById('replay').dataset.shown === '{last}'")
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(browser, f"document.getElementById('replay').dataset.shown === '{last - 1}'")
    browser.find_element(By.ID, "next").click()  # the buttons step too
    wait_for(browser, f"document.getElementById('replay').dataset.shown === '{last}'")
    # the seat switch: the same step as seat 1 saw it
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "seat")).select_by_value("1")
    wait_for(browser, "location.search.endsWith('seat=1')")
    assert console + browser.get_log("browser") == []


def test_a_human_game_is_played_to_the_end_by_clicking(browser, server) -> None:
    from selenium.webdriver.common.by import By

    address, client = server
    console = load(browser, address + new_game(client, "klondike_rush", 3))
    clicks = 0
    while True:
        wait_for(browser, "document.getElementById('play').dataset.over !== undefined")
        if browser.execute_script("return document.getElementById('play').dataset.over;") \
                == "true":
            break
        answers = int(browser.execute_script(
            "return document.getElementById('play').dataset.answers;"))
        # a board element that carries a move, where the board marks one; else the list
        target = (browser.find_elements(By.CSS_SELECTOR, "#board [data-action]")
                  or browser.find_elements(By.CSS_SELECTOR, "#legal [data-action]"))[0]
        target.click()
        clicks += 1
        wait_for(browser, "document.getElementById('play').dataset.busy === 'false' && "
                          f"Number(document.getElementById('play').dataset.answers) > {answers}")
        assert clicks < 500
    result = browser.find_element(By.ID, "result").text
    assert result.startswith("Game over. Scores: P0 (you) ")
    assert clicks > 0 and console + browser.get_log("browser") == []
