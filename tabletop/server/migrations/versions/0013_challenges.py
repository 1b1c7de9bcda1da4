"""Challenges (issue 32, second part): a person's challenge to a bot account, its terms (JSON), when
it expires, and its answer (accepted with the table made, declined with the bot's reason,
cancelled, failed).  A new table only: no table other tables' foreign keys name is rebuilt."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    ddl.create_table(
        "challenges",
        ddl.serial_id(),
        ddl.user_ref("challenger_id"),
        ddl.user_ref("bot_id"),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("terms", sa.Text, nullable=False),
        ddl.timestamp("created"),
        ddl.timestamp("expires"),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("reason", sa.String(200), nullable=True),
        ddl.timestamp("answered", nullable=True),
        sa.Column("table_id", sa.String(16), nullable=True),
        indexes=["challenger_id", "bot_id"],
    )


def downgrade() -> None:
    ddl.drop_tables("challenges")
