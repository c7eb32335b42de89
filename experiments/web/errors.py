"""Bad requests as clear answers: an HTML error page for a page, a JSON error for the API.

A mistake in a request (unknown game, bad player count, bad agent spec, illegal move,
malformed or unknown id, a database that cannot be read) raises ``WebError`` with the
status and one sentence; ``register_error_pages`` turns it, and Flask's own 404/405, into
a response, and the server keeps running.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, jsonify, render_template, request
from skagway_experiments.tournament import StoreError
from werkzeug.exceptions import HTTPException


class WebError(Exception):
    """A request the app refuses: ``status`` (4xx) and a message for the person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def wants_json() -> bool:
    """API routes (``/api/...``) answer in JSON; pages in HTML."""
    return request.path.startswith("/api/")


def error_response(status: int, message: str) -> tuple[Response | str, int]:
    if wants_json():
        return jsonify({"error": message, "status": status}), status
    return render_template("error.html", status=status, message=message), status


def register_error_pages(app: Flask) -> None:
    """Every refusal as a response of its status; nothing a request does stops the app."""

    @app.errorhandler(WebError)
    def _web_error(exc: WebError):
        return error_response(exc.status, exc.message)

    @app.errorhandler(StoreError)
    def _store_error(exc: StoreError):
        return error_response(404, str(exc))

    @app.errorhandler(sqlite3.Error)
    def _database_error(exc: sqlite3.Error):
        return error_response(500, f"the results database cannot be read: {exc}")

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        return error_response(exc.code or 500, exc.description or exc.name)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):  # a bug (engine or bot): said, logged, and survived
        app.logger.exception("unexpected error")
        # The type only: a bot's message may quote a state a page must not show.
        return error_response(500, f"internal error ({type(exc).__name__}); the server's "
                                   "log has the traceback")
