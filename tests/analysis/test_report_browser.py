"""The report page in a real headless Chromium: every image decoded, every table laid
out, and nothing on the console.

Debian's ``chromium`` and ``chromium-driver`` packages (``.ci/run`` installs them when
missing) are driven through selenium with the system chromedriver, so nothing is
downloaded. Where they cannot be had, the tests skip and say why.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                "(pip install -e '.[dev]')")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
if CHROMIUM is None or CHROMEDRIVER is None:
    pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium "
                "chromium-driver; .ci/run does this)", allow_module_level=True)

PAGE_STATE = """
return {
  ready: document.readyState,
  images: Array.from(document.images).map(img => ({
    alt: img.alt, complete: img.complete, width: img.naturalWidth,
    height: img.naturalHeight})),
  tables: Array.from(document.querySelectorAll("table")).map(t => t.offsetHeight),
};
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def load(browser, path: Path) -> tuple[dict, list[dict]]:
    """The page's images and tables once loaded, and the console messages it logged."""
    browser.get_log("browser")  # drop messages of any page before this one
    browser.get(path.resolve().as_uri())
    state = browser.execute_script(PAGE_STATE)
    return state, browser.get_log("browser")


def test_every_image_loads_and_nothing_is_logged(browser, written: tuple[Path, str],
                                                 page: str) -> None:
    state, console = load(browser, written[0])
    assert state["ready"] == "complete"
    assert len(state["images"]) == page.count("<img ") > 0
    for image in state["images"]:
        assert image["complete"] and image["width"] > 0 and image["height"] > 0, image
    assert state["tables"] and all(height > 0 for height in state["tables"])
    assert console == []


def test_the_check_sees_a_broken_image_and_a_console_error(browser, tmp_path: Path) -> None:
    """The control: the same check fails a page that is broken in both ways."""
    path = tmp_path / "broken.html"
    path.write_text('<!DOCTYPE html><html><body><img alt="broken" '
                    'src="data:image/png;base64,iVBORw0KGgo="><table><tr><td>x</td></tr>'
                    '</table><script>console.error("deliberate")</script></body></html>')
    state, console = load(browser, path)
    assert [image["width"] for image in state["images"]] == [0]
    assert any("deliberate" in entry["message"] and entry["level"] == "SEVERE"
               for entry in console)
