"""Trade offers in the database, for several server processes on one PostgreSQL database: the
process running a table keeps its offers here (one JSON document per table), so that the others
show them to their own connections and a process taking the table over carries on with them
(cluster.py).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_offers",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_offers")
