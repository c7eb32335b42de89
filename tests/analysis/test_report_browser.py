"""The report page in a real headless Chromium: every image decoded, every table laid
out, and nothing on the console.

Debian's Chromium is driven through selenium by ``tests/browser.py`` (nothing is
downloaded); where it cannot be had, the tests skip and say why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..browser import chrome, require_browser

require_browser()

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
    with chrome(tmp_path_factory.mktemp("chromium")) as driver:
        yield driver


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
