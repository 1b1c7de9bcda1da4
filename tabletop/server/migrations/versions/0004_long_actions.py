"""Actions up to 255 characters: a trade carried out at any time writes its whole offer in the
record (MegaCorps' ``swap``), longer than the 64 characters of the first schema."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    # SQLite rebuilds the table (nothing refers to it); PostgreSQL alters the column in place
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", type_=sa.String(255), existing_type=sa.String(64), existing_nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", type_=sa.String(64), existing_type=sa.String(255), existing_nullable=False
        )
