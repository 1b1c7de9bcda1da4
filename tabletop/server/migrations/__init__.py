"""Database schema migrations (Alembic): every change of the server's tables is a revision in
versions/, applied in order by ``tabletop serve`` at start and by ``tabletop db upgrade``."""
