"""Marks every test that drives a real browser ``browser`` (by the fixtures it uses) and runs those
first. They are the suite's longest tests (whole games by clicking); run last, as collected, they
left one worker alone on the last of them for minutes while the other core idled. First, the short
tests after them fill both workers to the end."""

from __future__ import annotations

import pytest

BROWSER_FIXTURES = {"browser", "ff"}  # Chromium (Playwright) and Firefox (WebDriver BiDi)


@pytest.hookimpl(tryfirst=True)  # before -m selects by the mark
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    browser = [item for item in items if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))]
    for item in browser:
        item.add_marker(pytest.mark.browser)
    chosen = set(map(id, browser))
    items[:] = browser + [item for item in items if id(item) not in chosen]
