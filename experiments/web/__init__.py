"""The local web app (``skagway serve``): replay stored games and play the bots in a browser.

- ``app.py``: the Flask application and why Flask; ``errors.py``: refusals as pages or
  JSON errors;
- ``replay.py``: the index of a results database and the step-by-step replay;
- ``play.py``: games between people at the page and bots on the server;
- ``seat_view.py``: what one seat may be shown of a position, and how moves read to it;
- ``links.py``: a stored game's replay address (for ``skagway report`` and the
  leaderboard, without Flask);
- ``boards/``: each game's table drawn as SVG from a state, for one seat or the truth;
- ``templates/``, ``static/``: the pages, a stylesheet and three small scripts (no CDN);
- ``screenshots.py``: every game's board as a PNG for ``docs/screenshots/``.
"""
