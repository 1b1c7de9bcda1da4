"""Health and readiness (issue 31, health.py): /healthz answers while the process serves; /readyz
only while the database answers at the schema this code knows, and on PostgreSQL while the process
holds its share of the tables; 503 with the reason otherwise; neither is ever rate-limited."""

from __future__ import annotations

import time
from typing import Any

import psycopg
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.server.storage import alembic_config, head_revision

from .helpers import running


def set_revision(url: str, revision: str) -> None:
    """Stamp the database at ``revision`` by hand, as another version's server would leave it."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    engine.dispose()


def ready(client: TestClient) -> tuple[int, dict[str, Any]]:
    answer = client.get("/readyz")
    body: dict[str, Any] = answer.json()
    return answer.status_code, body


def until_ready(client: TestClient, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while ready(client)[0] != 200:
        assert time.monotonic() < deadline, ready(client)
        time.sleep(0.1)


def test_healthz_answers_and_readyz_is_ready_on_a_fresh_database(db_url: str) -> None:
    with running(db_url) as client:
        answer = client.get("/healthz")
        assert answer.status_code == 200 and answer.json() == {"status": "ok"}
        assert ready(client) == (200, {"status": "ready"})
        assert answer.headers["x-request-id"]  # every answer names its request (logs.py)


def test_readyz_is_503_while_a_migration_is_pending_and_ready_again_after_it(db_url: str) -> None:
    head = head_revision()
    older = ScriptDirectory.from_config(alembic_config()).get_revision(head).down_revision
    assert isinstance(older, str)
    with running(db_url) as client:
        assert ready(client)[0] == 200
        set_revision(db_url, older)  # a schema behind the code's: an upgrade pending
        status, body = ready(client)
        assert status == 503 and body["status"] == "not ready"
        assert f"revision {older}" in body["reason"] and head in body["reason"]
        assert client.get("/healthz").status_code == 200  # alive all the same
        set_revision(db_url, "9999")  # ahead of the code (a newer server migrated it): not ready either
        assert ready(client)[0] == 503
        set_revision(db_url, head)
        assert ready(client) == (200, {"status": "ready"})


def test_health_and_readiness_are_never_rate_limited(db_url: str) -> None:
    limits = {"tables_per_minute": 1, "sockets_per_address": 1, "joins_per_minute": 1, "socket_messages": 1}
    with running(db_url, **limits) as client:
        for _ in range(150):
            assert client.get("/healthz").status_code == 200
            assert client.get("/readyz").status_code == 200
            assert client.get("/metrics").status_code == 200


def test_readyz_is_503_while_postgresql_refuses_connections(pg_url: str) -> None:
    admin, _, name = pg_url.rpartition("/")
    with running(pg_url) as client, psycopg.connect(f"{admin}/postgres", autocommit=True) as conn:
        assert ready(client)[0] == 200
        # the database stops: no new connection, and every one it had is cut
        conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        status, body = ready(client)
        assert status == 503 and "database cannot be reached" in body["reason"], body
        assert client.get("/healthz").status_code == 200
        conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        until_ready(client)  # the process reconnects by itself (its locks, its notifications)


def test_readyz_is_503_while_the_process_holds_no_tables(pg_url: str) -> None:
    with running(pg_url, clock_tick=0) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert ready(client)[0] == 200
        locks = hub.cluster._locks  # the connection holding the tables' advisory locks
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (locks.info.backend_pid,))
        status, body = ready(client)
        assert status == 503 and "holds no tables" in body["reason"], body
        client.portal.call(hub.cluster.tick)  # type: ignore[union-attr]  # takes them again
        assert ready(client) == (200, {"status": "ready"})
