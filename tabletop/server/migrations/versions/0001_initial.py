"""The schema of the first server (tables, seats, actions), as databases written before
migrations existed hold it: such a database is stamped with this revision, not re-created.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("rematch", sa.String(16), nullable=True),
    )
    op.create_index("ix_game_tables_finished", "game_tables", ["finished"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_game_tables_finished", "game_tables")
    op.drop_table("game_tables")
