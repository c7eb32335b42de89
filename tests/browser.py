"""Headless Chromium for the browser tests (the web app's and the report page's).

Debian's ``chromium`` and ``chromium-driver`` packages (``.ci/run`` installs them when
missing) are driven through selenium with the system chromedriver, so nothing is
downloaded. Where they cannot be had, a browser test module skips and says why.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run")


def require_browser() -> ModuleType:
    """selenium's ``webdriver``, or skip the calling test module (at import) saying what
    is missing."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                    "(pip install -e '.[dev]')")
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium "
                    "chromium-driver; .ci/run does this)", allow_module_level=True)
    return webdriver


@contextmanager
def chrome(user_data_dir: Path, window_size: str | None = None) -> Iterator:
    """A headless Chromium driver that keeps the console log (``get_log("browser")``),
    quit on leaving; ``window_size`` as ``"1400,1000"``."""
    webdriver = require_browser()
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={user_data_dir}"):
        options.add_argument(flag)
    if window_size is not None:
        options.add_argument(f"--window-size={window_size}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
