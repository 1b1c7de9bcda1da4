"""What the server answers a request it does not accept: a code and a reason; nothing changed."""

from __future__ import annotations


class Refused(Exception):
    """A request the table does not accept (an action, a chat line, an offer); nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
