"""Upgrades keep the data: the schema goes through Alembic revisions (tabletop/server/migrations),
and a database written by the server before migrations existed upgrades in place, every table,
seat, action and record intact.  The fixture pre-migrations.sqlite was written by that server
(the storage code of commit f3fb0d4: four tables of four games, finished and unfinished, with an
``@seat`` action of MegaCorps' sealed votes)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, insert, select, text
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.core.record import Record
from tabletop.server.storage import Storage, alembic_config, head_revision, metadata

FIXTURE = Path(__file__).parent / "fixtures" / "pre-migrations.sqlite"
TABLES = ("game_tables", "seats", "actions")


def old_columns() -> dict[str, list[str]]:
    """The columns each table had in the fixture (the server before migrations)."""
    with sqlite3.connect(FIXTURE) as conn:
        return {t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t in TABLES}


def rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the fixture's tables, in the fixture's columns (later revisions add others)."""
    engine = create_engine(url)
    with engine.connect() as conn:
        found = {
            t: sorted(tuple(r) for r in conn.execute(text(f"SELECT {', '.join(cols)} FROM {t}")))
            for t, cols in old_columns().items()
        }
    engine.dispose()
    return found


def replayed(storage: Storage) -> dict[str, Any]:
    """Each stored table's record, replayed to its state (JSON)."""
    found = {}
    for table_id in ("t-megalomania", "t-manasurge", "t-megacorps", "t-summon7"):
        row = storage.load(table_id)
        assert row is not None, table_id
        record = Record(row.game, row.options, row.seed, row.setup, row.actions)
        found[table_id] = (row.finished, len(row.actions), record.replay().to_json())
    return found


def test_the_fixture_is_a_database_of_the_server_before_migrations() -> None:
    with sqlite3.connect(FIXTURE) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        sealed = conn.execute("SELECT COUNT(*) FROM actions WHERE action LIKE '@%'").fetchone()[0]
    assert names == set(TABLES) and actions > 800 and sealed > 0


def test_a_database_written_before_migrations_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copy(FIXTURE, path)
    url = f"sqlite:///{path}"
    before = rows(url)
    storage = Storage(url)
    assert storage.revision() is None
    assert storage.create_schema() == ["none", head_revision()]
    assert storage.revision() == head_revision()
    assert rows(url) == before  # every table, seat and action as it was
    games = replayed(storage)
    assert [finished for finished, _, _ in games.values()] == [True, False, True, True]
    storage.close()


def test_a_new_database_gets_the_schema_the_code_uses_and_a_second_upgrade_changes_nothing(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    storage = Storage(url)
    assert storage.create_schema() == ["none", head_revision()]
    assert storage.create_schema() == [head_revision(), head_revision()]
    with storage.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    assert differences == [], "the revisions do not build the schema storage.py declares"
    storage.close()


def test_a_postgresql_database_of_the_old_server_upgrades_in_place(pg_url: str, tmp_path: Path) -> None:
    """The same on PostgreSQL: the first server's tables (revision 0001's, with no version table,
    as the server before migrations created them) holding the fixture's rows."""
    from alembic import command

    storage = Storage(pg_url)
    config = alembic_config()
    with storage.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(text("DROP TABLE alembic_version"))
        source = create_engine(f"sqlite:///{FIXTURE}")
        with source.connect() as old:
            for name, cols in old_columns().items():  # typed copies (SQLite keeps booleans as integers)
                table = metadata.tables[name]
                found = [dict(r._mapping) for r in old.execute(select(*(table.c[c] for c in cols)))]
                conn.execute(insert(table), found)
        source.dispose()
    assert storage.revision() is None
    assert storage.create_schema() == ["none", head_revision()]
    shutil.copy(FIXTURE, tmp_path / "old.db")
    upgraded = Storage(f"sqlite:///{tmp_path / 'old.db'}")
    upgraded.create_schema()
    assert replayed(storage) == replayed(upgraded)
    upgraded.close()
    with storage.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    storage.close()


def test_the_command_upgrades_a_database(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copy(FIXTURE, path)
    result = CliRunner().invoke(app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert result.exit_code == 0, result.output
    assert f"schema revision none -> {head_revision()}" in result.output
    again = CliRunner().invoke(app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert f"{head_revision()} -> {head_revision()}" in again.output


def legacy_megacorps(seed: int) -> tuple[list[str], list[str]]:
    """A MegaCorps game with trades made at any time, recorded as today's rules write them (the
    offer and its acceptance) and as the server wrote them before revision 0007 (one ``swap``
    entry for the receiver, written ``@receiver`` unless it was the seat to act)."""
    import random

    import tabletop
    from tabletop.core.record import entry

    rng = random.Random(seed)
    state = tabletop.make("megacorps", players=3).new_state(seed)
    today: list[str] = []
    legacy: list[str] = []
    while not state.is_terminal() and len(today) < 400:
        if state.phase == 1 and rng.random() < 0.3:  # a trade: an offer of money, accepted at once
            offerer, receiver = rng.sample(range(3), 2)
            if state.money[offerer] > 0:
                amount = str(rng.randint(1, state.money[offerer]))
                offer = state.offer_action(receiver, [amount], [])
                number = state.next_offer
                today += [f"@{offerer} {offer}", f"@{receiver} accept {number}"]
                written = entry(state, "x", receiver).removesuffix("x")
                legacy.append(f"{written}swap {offerer} {amount}/-")
                state.apply(offer, offerer)
                state.apply(state.answer_action(number, True), receiver)
                continue
        action = rng.choice(state.legal_actions())
        today.append(str(action))
        legacy.append(str(action))
        state.apply(action)
    return today, legacy


def test_stored_trades_of_the_older_server_are_written_as_offers_and_accepted(tmp_path: Path) -> None:
    """Revision 0007: a stored record's ``swap`` entries become the offer and its acceptance (the
    table's actions renumbered, the same times), the offers kept outside the game go, and an
    action may carry a promise."""
    import json

    from alembic import command

    today, legacy = legacy_megacorps(5)
    assert (
        sum(t.startswith("@") and " swap " in f" {t}" for t in legacy)
        + sum(t.startswith("swap ") for t in legacy)
        > 2
    ), "too few trades to test"
    storage = Storage(f"sqlite:///{tmp_path / 'old.db'}")
    config = alembic_config()
    with storage.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0006")
        conn.execute(
            text(
                "INSERT INTO game_tables (id, game, options, seed, created, finished) "
                "VALUES ('t-old', 'megacorps', :options, 5, 0, 0)"
            ),
            {"options": json.dumps({"players": 3})},
        )
        for seat in range(3):
            conn.execute(
                text("INSERT INTO seats (table_id, seat, kind, joined) VALUES ('t-old', :s, 'person', 1)"),
                {"s": seat},
            )
        for idx, action in enumerate(legacy):
            conn.execute(
                text("INSERT INTO actions (table_id, idx, seat, action, at) VALUES ('t-old', :i, 0, :a, :t)"),
                {"i": idx, "a": action, "t": float(idx)},
            )
        conn.execute(text("INSERT INTO table_offers (table_id, data) VALUES ('t-old', '{}')"))
    assert storage.create_schema() == ["0006", head_revision()]
    row = storage.load("t-old")
    assert row is not None and row.actions == today
    assert row.notes == [None] * len(today) and sorted(row.times) == row.times
    final = Record("megacorps", {"players": 3}, 5, None, row.actions).replay()
    assert final.to_json() == Record("megacorps", {"players": 3}, 5, None, today).replay().to_json()
    with storage.engine.connect() as conn:
        names = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
    assert "table_offers" not in names
    storage.close()
