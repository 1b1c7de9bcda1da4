"""The schema of the first server (tables, seats, actions), as databases written before
migrations existed hold it: such a database is stamped with this revision, not re-created."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0001"
down_revision = None


def upgrade() -> None:
    ddl.create_table(
        "game_tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.Text, nullable=True),
        ddl.timestamp("created"),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("rematch", sa.String(16), nullable=True),
        indexes=["finished"],
    )
    ddl.create_table(
        "seats",
        ddl.table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    ddl.create_table(
        "actions",
        ddl.table_ref(primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.String(64), nullable=False),
        ddl.timestamp("at"),
    )


def downgrade() -> None:
    ddl.drop_tables("actions", "seats", "game_tables")
