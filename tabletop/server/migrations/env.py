"""Alembic's environment: run the revisions on the connection the server hands over (see
storage.migrate), never on one Alembic would open itself."""

from __future__ import annotations

from alembic import context

from tabletop.server.storage import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
