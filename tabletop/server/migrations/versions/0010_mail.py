"""Email, password resets and notifications (issue 30): ``emails`` (an account's verified address
and the one awaiting verification), ``reset_tokens`` (password reset links, hashed),
``notify_off`` (the kinds of notice a user turned off, per channel), ``turn_notices`` (the last
"your turn" notice per table and user), ``push_subscriptions`` (Web Push), ``outbox`` (the mails and
pushes to send) and ``server_secrets`` (keys made once per installation).  New tables only: no
table other tables' foreign keys name is altered."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    ddl.create_table(
        "emails",
        ddl.user_ref(primary_key=True),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("pending", sa.String(254), nullable=True),
        ddl.timestamp("changed"),
    )
    ddl.create_table(
        "reset_tokens",
        ddl.token_key(),
        ddl.user_ref(),
        ddl.timestamp("created"),
        ddl.timestamp("expires"),
        ddl.flag("used"),
        indexes=["user_id"],
    )
    ddl.create_table(
        "notify_off",
        ddl.user_ref(primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("channel", sa.String(8), primary_key=True),
    )
    ddl.create_table(
        "turn_notices",
        ddl.table_ref(primary_key=True),
        ddl.user_ref(primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        ddl.timestamp("at"),
    )
    ddl.create_table(
        "push_subscriptions",
        ddl.serial_id(),
        ddl.user_ref(),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        ddl.timestamp("created"),
        indexes=["user_id"],
    )
    ddl.create_table(
        "outbox",
        ddl.serial_id(),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        ddl.user_ref(),
        sa.Column("target", sa.String(1000), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        ddl.timestamp("created"),
        ddl.timestamp("due"),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        ddl.timestamp("lease", nullable=True),
        ddl.timestamp("done", nullable=True),
        sa.Column("error", sa.String(200), nullable=True),
        indexes=["user_id", "status"],
    )
    ddl.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        ddl.timestamp("created"),
    )


def downgrade() -> None:
    ddl.drop_tables(
        "server_secrets",
        "outbox",
        "push_subscriptions",
        "turn_notices",
        "notify_off",
        "reset_tokens",
        "emails",
    )
