"""Hints and reviews (issue 28): ``hints`` holds each hint a seat asked for at an unrated table (so
a restart keeps the limit per game), ``reviews`` each finished game's review, with the parameters it
was computed with.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hints",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_table("hints")
