"""``skagway serve``: prints its address, answers there, stops cleanly on Ctrl-C, and
refuses a bad database or port in one line before it starts."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from skagway_experiments.cli import main

from ..conftest import restore_ctrl_c

SKAGWAY = [sys.executable, "-m", "skagway_experiments.cli"]


def test_serve_prints_its_url_answers_and_stops_on_ctrl_c(web_db: Path) -> None:
    server = subprocess.Popen([*SKAGWAY, "serve", "--db", str(web_db), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=restore_ctrl_c)
    try:
        line = server.stdout.readline()
        found = re.match(r"skagway serve: (http://127\.0\.0\.1:(\d+)/) \(replaying (.*)\); "
                         r"Ctrl-C stops it$", line.strip())
        assert found, line
        url = found.group(1)
        assert found.group(3) == str(web_db)
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200 and b"Stored games" in page.read()
        with pytest.raises(urllib.error.HTTPError) as bad:  # a bad request ...
            urllib.request.urlopen(url + "api/replay/nope", timeout=30)
        assert bad.value.code == 400 and "malformed" in json.load(bad.value)["error"]
        with urllib.request.urlopen(url + "play", timeout=30) as page:  # ... and it goes on
            assert page.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "skagway serve: stopped" in err.splitlines()  # (request logs may follow it)
    assert "Traceback" not in err


@pytest.mark.parametrize("which", ["missing", "text", "folder", "port"])
def test_serve_refuses_a_bad_database_or_port_in_one_line(
        which: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["serve", "--db", str(tmp_path / "none.db")]
    if which == "text":
        (tmp_path / "notes.db").write_text("hello")
        argv = ["serve", "--db", str(tmp_path / "notes.db")]
    elif which == "folder":
        argv = ["serve", "--db", str(tmp_path)]
    elif which == "port":
        argv = ["serve", "--port", "70000"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skagway: error: ")
    expected = {"missing": "no database at", "text": "is not an SQLite database",
                "folder": "is a folder", "port": "is not a port"}[which]
    assert expected in err
