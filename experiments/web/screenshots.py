"""Pictures of every game's board for the docs: ``docs/screenshots/<game>.png``.

Plays a small tournament of every registered game (two seats of ``--agent``, default
``heuristic``; or reads ``--db``), serves the web app on a free port of 127.0.0.1, and
has headless Chromium save the board of one stored game of each, halfway through its
replay, as the true state (seat ``--seat`` to show what that seat saw), and two whole
pages: a replay as seat 0 saw it (``replay_page.png``) and a new game (``play_page.png``)::

    python -m skagway_experiments.web.screenshots [--db runs/mine.db] [--out docs/screenshots]

A game with no board module yet shows its text fallback; rerun the script after the
boards are merged. Needs the ``web`` extra and Chromium with chromedriver (Debian:
``apt-get install chromium chromium-driver``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import shutil
import sys
import tempfile
import threading
from pathlib import Path

from skagway_experiments.cli import main as skagway
from skagway_experiments.tournament import Store

from skagway_env.core import list_games

from .app import create_app


def small_tournaments(db: Path, agent: str, games: list[str]) -> None:
    """Two seats of ``agent`` at every game in ``games``, one tournament each."""
    for name in games:
        with contextlib.redirect_stdout(io.StringIO()):
            code = skagway(["tournament", "--game", name, "--agent", agent, "--agent", agent,
                            "--db", str(db), "--name", f"screenshots-{name}",
                            "--no-progress"])
        if code != 0:
            raise SystemExit(f"screenshots: the {name} tournament failed (status {code})")


def first_game_of_each(db: Path) -> dict[str, int]:
    """The first stored game's id of every game in ``db``."""
    store = Store(db, create=False)
    try:
        rows = store.db.execute("SELECT t.game, MIN(g.id) FROM games g JOIN tournaments t "
                                "ON g.tournament_id = t.id GROUP BY t.game").fetchall()
    finally:
        store.close()
    return dict(rows)


def chromium():
    """A headless Chromium through selenium and the system chromedriver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        raise SystemExit("screenshots: needs chromium and chromedriver (Debian: apt-get "
                         "install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--window-size=1600,1400", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


def shoot(db: Path, out: Path, seat: str = "truth") -> list[Path]:
    """Save the board of each game's first stored game, halfway through; the paths."""
    from selenium.webdriver.common.by import By
    from werkzeug.serving import make_server

    out.mkdir(parents=True, exist_ok=True)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    app = create_app(db)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_port}"
    browser = chromium()
    saved = []
    try:
        for name, game_id in sorted(first_game_of_each(db).items()):
            browser.get(f"{address}/replay/{game_id}?step=end")
            last = int(browser.find_element(By.ID, "last").text)
            browser.get(f"{address}/replay/{game_id}?step={last // 2}&seat={seat}")
            # the board at its own size, not shrunk into the page's column
            width, height = browser.execute_script("""
                document.querySelector('.table').style.display = 'block';
                const svg = document.querySelector('#board svg');
                svg.style.maxWidth = 'none';
                const box = svg.getBoundingClientRect();
                return [Math.ceil(box.width), Math.ceil(box.height)];""")
            browser.set_window_size(max(1600, width + 80), max(1400, height + 400))
            board = browser.find_element(By.CSS_SELECTOR, "#board svg")
            path = out / f"{name}.png"
            path.write_bytes(board.screenshot_as_png)
            saved.append(path)
            print(f"{path}: game {game_id}, step {last // 2} of {last}")
        saved += pages(browser, address, app, out, game_id, last // 2)
    finally:
        browser.quit()
        server.shutdown()
        server.server_close()
    return saved


def pages(browser, address: str, app, out: Path, game_id: int, step: int) -> list[Path]:
    """The whole window of a replay (as seat 0 saw it) and of a new game's page."""
    browser.set_window_size(1600, 1400)
    browser.get(f"{address}/replay/{game_id}?step={step}&seat=0")
    replay_png = out / "replay_page.png"
    browser.save_screenshot(str(replay_png))
    made = app.test_client().post("/api/play", json={"game": "klondike_rush", "players": 3,
                                                     "seat0": "human", "seat1": "heuristic",
                                                     "seat2": "random", "seed": 1})
    browser.get(address + made.get_json()["seats"]["0"].replace("/api/play/", "/play/"))
    play_png = out / "play_page.png"
    browser.save_screenshot(str(play_png))
    for path in (replay_png, play_png):
        print(f"{path}: the whole page")
    return [replay_png, play_png]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, help="a results database (default: play a "
                        "small tournament of every game into a temporary one)")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--agent", default="heuristic",
                        help="the seats' agent (default heuristic: positions bots reach)")
    parser.add_argument("--seat", default="truth", help="'truth' or a seat number")
    args = parser.parse_args(argv)
    if args.db is not None:
        shoot(args.db, args.out, args.seat)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "screenshots.db"
        small_tournaments(db, args.agent, list_games())
        shoot(db, args.out, args.seat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
