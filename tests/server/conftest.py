from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tabletop.db'}"


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
