"""Moderation and people's data (issue 31): ``users.admin`` (set from the command line only) and
``users.suspended``, ``game_tables.halt`` (a table paused or ended by an admin), ``blocks``
(players an account blocked), ``mutes`` (chat muted per table and seat), ``reports`` (chat lines
reported, with the lines around them), ``banned_addresses`` and ``moderation_events`` (the admins'
actions, which every server process applies).  Columns are added in place (``op.add_column``, no
table rebuilt: other tables' foreign keys name ``users`` and ``game_tables``); the rest are new
tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tabletop.server.migrations import ddl

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.add_column("users", ddl.flag("admin"))
    op.add_column("users", ddl.timestamp("suspended", nullable=True))
    op.add_column("game_tables", sa.Column("halt", sa.String(8), nullable=True))
    ddl.create_table(
        "blocks",
        ddl.user_ref(primary_key=True),
        ddl.user_ref("blocked_id", primary_key=True),
        ddl.timestamp("at"),
        indexes=["blocked_id"],
    )
    ddl.create_table(
        "mutes",
        ddl.table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
        ddl.timestamp("at"),
    )
    ddl.create_table(
        "reports",
        ddl.serial_id(),
        ddl.table_ref(),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("reporter_seat", sa.Integer, nullable=False),
        sa.Column("reporter_id", sa.Integer, nullable=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("context", sa.Text, nullable=False),
        ddl.timestamp("at"),
        ddl.timestamp("resolved", nullable=True),
        indexes=["table_id"],
    )
    ddl.create_table(
        "banned_addresses", sa.Column("address", sa.String(64), primary_key=True), ddl.timestamp("at")
    )
    ddl.create_table(
        "moderation_events",
        ddl.serial_id(),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("by", sa.String(40), nullable=False),
        ddl.timestamp("at"),
    )


def downgrade() -> None:
    ddl.drop_tables("moderation_events", "banned_addresses", "reports", "mutes", "blocks")
    op.drop_column("game_tables", "halt")
    op.drop_column("users", "suspended")
    op.drop_column("users", "admin")
