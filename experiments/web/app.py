"""The Flask application of ``skagway serve``: replay stored games, play the bots.

Why Flask (3.1): the app is a handful of server-rendered pages and a small JSON API
over a pure-Python, synchronous engine, run by one person on their own machine. Flask
is the smallest well-kept framework that covers it whole: Werkzeug's routing, threaded
development server and test client (the tests drive every route through it, no socket)
and Jinja2's autoescaping templates, both already in the environment; one more small
package (Flask itself, with blinker, itsdangerous, click). Bottle is smaller but brings
its own template engine without autoescaping and a thinner test story; Starlette wants
an ASGI server (uvicorn) and async handlers, which buy nothing when every request is
CPU work in the engine. Pages are plain HTML with a few hand-written scripts under
``static/``: no CDN, no npm build.

``create_app(db)`` builds the app; ``db`` is the results database to replay (``None``:
play only). Routes:

- ``GET /``: the database's tournaments and games (failed games marked), a new game;
- ``GET /replay/<id>?step=K&seat=truth|P``, ``GET /api/replay/<id>?...``: a stored
  game at a step, as the truth or as seat ``P`` saw it (``replay.py``);
- ``GET /play``, ``POST /play``, ``POST /api/play``: start a game (``play.py``);
- ``GET /play/<token>``, ``GET /api/play/<token>``, ``POST /api/play/<token>/move``:
  one human seat's page, its JSON, and its move.

Errors (``errors.py``) are an HTML page or a 4xx JSON error, and the server goes on.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from . import play, replay
from .errors import register_error_pages


def create_app(db: str | Path | None = None) -> Flask:
    """The web app over results database ``db`` (opened per request, never created)."""
    app = Flask(__name__)
    app.config["SKAGWAY_DB"] = Path(db) if db is not None else None
    app.config["JSON_SORT_KEYS"] = False
    app.json.sort_keys = False  # payloads keep their reading order
    app.register_blueprint(replay.blueprint)
    app.register_blueprint(play.blueprint)
    register_error_pages(app)
    return app
