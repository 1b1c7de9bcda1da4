"""Bot accounts and their API tokens (issue 32): ``users.bot`` (set once, never unset) and
``api_tokens`` (a token's SHA-256, its name, when it was made and last used).  The column is added
in place (``op.add_column``: other tables' foreign keys name ``users``, so it is never rebuilt);
the rest is a new table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tabletop.server.migrations import ddl

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.add_column("users", ddl.flag("bot"))
    ddl.create_table(
        "api_tokens",
        ddl.serial_id(),
        ddl.user_ref(),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        ddl.timestamp("created"),
        ddl.timestamp("last_used", nullable=True),
        indexes=["user_id"],
    )


def downgrade() -> None:
    ddl.drop_tables("api_tokens")
    op.drop_column("users", "bot")
