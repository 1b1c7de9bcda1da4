"""A fresh PostgreSQL database per test that asks for one (``pg_url``: the server's and the
browser tests').  And: marks every test that drives a real browser ``browser`` (by the fixtures it
uses) and runs those first, then those marked ``slow`` (Schemathesis against a live server, the
packaging's builds, a local Ray). They are the suite's longest tests (whole games by clicking);
run last, as collected, they left one worker alone on the last of them for minutes while the other
core idled. First, the short tests after them fill both workers to the end."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

BROWSER_FIXTURES = {"browser", "ff"}  # Chromium (Playwright) and Firefox (WebDriver BiDi)


@pytest.hookimpl(tryfirst=True)  # before -m selects by the mark
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    browser = [item for item in items if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))]
    for item in browser:
        item.add_marker(pytest.mark.browser)
    chosen = set(map(id, browser))
    slow = [item for item in items if id(item) not in chosen and item.get_closest_marker("slow")]
    chosen |= set(map(id, slow))
    items[:] = browser + slow + [item for item in items if id(item) not in chosen]


def postgres_url() -> str | None:
    return os.environ.get("TABLETOP_TEST_POSTGRES") or None


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test (dropped after it)."""
    admin = postgres_url()
    if admin is None:
        pytest.skip("no PostgreSQL server: set TABLETOP_TEST_POSTGRES (make test starts one when it can)")
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
