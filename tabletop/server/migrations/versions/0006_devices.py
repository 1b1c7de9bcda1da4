"""Device cookies: the browsers a user has logged in from, so that a stranger's wrong passwords
for the account do not keep its owner out (accounts.py).  A row is the hash of a device cookie's
token, its user, when it was made and when it expires."""

from __future__ import annotations

from tabletop.server.migrations import ddl

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    ddl.create_table(
        "devices",
        ddl.token_key(),
        ddl.user_ref(),
        ddl.timestamp("created"),
        ddl.timestamp("expires"),
        indexes=["user_id"],
    )


def downgrade() -> None:
    ddl.drop_tables("devices")
