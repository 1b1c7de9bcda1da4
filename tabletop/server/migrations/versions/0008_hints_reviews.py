"""Hints and reviews (issue 28): ``hints`` holds each hint a seat asked for at an unrated table (so
a restart keeps the limit per game), ``reviews`` each finished game's review, with the parameters it
was computed with."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    ddl.create_table(
        "hints",
        ddl.table_ref(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        ddl.timestamp("at"),
    )
    ddl.create_table(
        "reviews",
        ddl.table_ref(primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=True),
        ddl.timestamp("started"),
        ddl.timestamp("finished", nullable=True),
    )


def downgrade() -> None:
    ddl.drop_tables("reviews", "hints")
