"""Marks every test that drives a real browser ``browser`` (by the fixtures it uses), so that
``make test`` runs them as a part of their own (scripts/test-suite.sh): a module per worker, so
that its live server and browser start once."""

from __future__ import annotations

import pytest

BROWSER_FIXTURES = {"browser", "ff"}  # Chromium (Playwright) and Firefox (WebDriver BiDi)


@pytest.hookimpl(tryfirst=True)  # before -m selects by it
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
