"""Play online: a web server with tables, seats and bots, and a browser client (tabletop/web)."""

from .app import create_app
from .hub import Settings

__all__ = ["Settings", "create_app"]
