"""Accounts: users (a unique name and an Argon2id password hash) and their login sessions (the
hash of the session cookie's token, with an expiry)."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    ddl.create_table(
        "users",
        ddl.serial_id(),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        ddl.timestamp("created"),
    )
    ddl.create_index("users", "name", unique=True)
    ddl.create_table(
        "sessions", ddl.token_key(), ddl.user_ref(), ddl.timestamp("expires"), indexes=["user_id"]
    )


def downgrade() -> None:
    ddl.drop_tables("sessions", "users")
