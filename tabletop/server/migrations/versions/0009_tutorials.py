"""Tutorial tables (issue 28): ``game_tables.tutorial`` names the game whose guided first game a
table plays (NULL: an ordinary table), ``tutorial_left`` whether its person left the guide to play
freely."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tabletop.server.migrations import ddl

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    # added in place (SQLite's ALTER TABLE ADD COLUMN): a batch would copy game_tables, which other
    # tables' foreign keys name
    op.add_column("game_tables", sa.Column("tutorial", sa.String(64), nullable=True))
    op.add_column("game_tables", ddl.flag("tutorial_left"))


def downgrade() -> None:
    op.drop_column("game_tables", "tutorial_left")
    op.drop_column("game_tables", "tutorial")
