"""Moderation and people's data (issue 31): ``users.admin`` (set from the command line only) and
``users.suspended``, ``game_tables.halt`` (a table paused or ended by an admin), ``blocks``
(players an account blocked), ``mutes`` (chat muted per table and seat), ``reports`` (chat lines
reported, with the lines around them), ``banned_addresses`` and ``moderation_events`` (the admins'
actions, which every server process applies).  Columns are added in place (``op.add_column``, no
table rebuilt: other tables' foreign keys name ``users`` and ``game_tables``); the rest are new
tables.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("admin", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("users", sa.Column("suspended", sa.Float, nullable=True))
    op.add_column("game_tables", sa.Column("halt", sa.String(8), nullable=True))
    op.create_table(
        "blocks",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "mutes",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("reporter_seat", sa.Integer, nullable=False),
        sa.Column("reporter_id", sa.Integer, nullable=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("context", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("resolved", sa.Float, nullable=True),
    )
    op.create_index("ix_reports_table_id", "reports", ["table_id"])
    op.create_table(
        "banned_addresses",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "moderation_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("by", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moderation_events")
    op.drop_table("banned_addresses")
    op.drop_index("ix_reports_table_id", "reports")
    op.drop_table("reports")
    op.drop_table("mutes")
    op.drop_index("ix_blocks_blocked_id", "blocks")
    op.drop_table("blocks")
    op.drop_column("game_tables", "halt")
    op.drop_column("users", "suspended")
    op.drop_column("users", "admin")
