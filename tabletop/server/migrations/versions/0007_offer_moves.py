"""Trade offers made at any time are moves of the game (MegaCorps' ruling R-MC33): an offer's promise
is stored with its action (``actions.note``); the offers the process running a table kept outside
the game (``table_offers``) go; and a stored record's older trades, one ``swap`` entry each, are
written as today's rules write them, the offer and its acceptance (``Game.upgrade_record``), the
table's actions renumbered."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from tabletop.core.record import parse_entry
from tabletop.core.registry import make
from tabletop.server.migrations import ddl

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("note", sa.String(500), nullable=True))
    op.drop_table("table_offers")
    upgrade_records(op.get_bind())


def upgrade_records(conn: sa.Connection) -> None:
    """Every stored MegaCorps record holding an older trade, rewritten (the others are unchanged)."""
    tables = sa.table(
        "game_tables",
        sa.column("id"),
        sa.column("game"),
        sa.column("options"),
        sa.column("seed"),
        sa.column("setup"),
    )
    actions = sa.table(
        "actions",
        sa.column("table_id"),
        sa.column("idx"),
        sa.column("seat"),
        sa.column("action"),
        sa.column("at"),
        sa.column("auto"),
    )
    suspects = conn.execute(
        sa.select(actions.c.table_id).where(actions.c.action.like("%swap %")).distinct()
    ).scalars()
    for table_id in list(suspects):
        row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).one()
        stored = conn.execute(
            sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.at, actions.c.auto)
            .where(actions.c.table_id == table_id)
            .order_by(actions.c.idx)
        ).all()
        game = make(row.game, **json.loads(row.options))
        setup = None if row.setup is None else json.loads(row.setup)
        entries = [r.action for r in stored]
        upgraded = game.upgrade_record(int(row.seed), setup, entries)
        if upgraded == entries:
            continue
        new: list[dict[str, object]] = []
        k = 0
        for old in stored:
            written = [upgraded[k]] if upgraded[k] == old.action else upgraded[k : k + 2]
            k += len(written)
            for entry in written:
                seat = parse_entry(entry)[0]
                new.append(
                    {
                        "table_id": table_id,
                        "idx": len(new),
                        "seat": old.seat if seat is None else seat,
                        "action": entry,
                        "at": old.at,
                        "auto": old.auto if entry == old.action else False,
                    }
                )
        conn.execute(sa.delete(actions).where(actions.c.table_id == table_id))
        conn.execute(sa.insert(actions), new)


def downgrade() -> None:
    ddl.create_table(
        "table_offers", ddl.table_ref(primary_key=True), sa.Column("data", sa.Text, nullable=False)
    )
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("note")
    # the records stay in today's words: the older server could not read their offers
