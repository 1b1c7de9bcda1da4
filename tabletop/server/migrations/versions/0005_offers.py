"""Trade offers in the database, for several server processes on one PostgreSQL database: the
process running a table keeps its offers here (one JSON document per table), so that the others
show them to their own connections and a process taking the table over carries on with them
(cluster.py)."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.server.migrations import ddl

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    ddl.create_table(
        "table_offers", ddl.table_ref(primary_key=True), sa.Column("data", sa.Text, nullable=False)
    )


def downgrade() -> None:
    ddl.drop_tables("table_offers")
