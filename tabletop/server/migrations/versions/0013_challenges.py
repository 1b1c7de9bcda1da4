"""Challenges (issue 32, second part): a person's challenge to a bot account, its terms (JSON), when
it expires, and its answer (accepted with the table made, declined with the bot's reason,
cancelled, failed).  A new table only: no table other tables' foreign keys name is rebuilt.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("challenger_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("bot_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("terms", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("reason", sa.String(200), nullable=True),
        sa.Column("answered", sa.Float, nullable=True),
        sa.Column("table_id", sa.String(16), nullable=True),
    )
    op.create_index("ix_challenges_challenger_id", "challenges", ["challenger_id"])
    op.create_index("ix_challenges_bot_id", "challenges", ["bot_id"])


def downgrade() -> None:
    op.drop_index("ix_challenges_bot_id", "challenges")
    op.drop_index("ix_challenges_challenger_id", "challenges")
    op.drop_table("challenges")
