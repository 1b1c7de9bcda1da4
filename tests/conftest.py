"""How the suite is spread over a small machine's cores (``make test`` runs ``pytest -n 4 --dist
loadgroup``).

A browser test mostly waits: for the page to draw, for the server, for a bot. Run after the rest,
the browser tests left a core idle for minutes. So each browser test module is one xdist group
(its live server and browser start once): the groups are the biggest units of work, so xdist hands
them out first, and the CPU-bound tests, one by one, fill the cores while the pages wait.
"""

from __future__ import annotations

import pytest

BROWSER_FIXTURES = {"browser", "ff"}  # Chromium (Playwright) and Firefox (WebDriver BiDi)


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups into the test ids
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
