"""The exceptions every game and front end share."""

from __future__ import annotations


class TabletopError(Exception):
    """Base of every error the engine raises on purpose."""


class UnknownGame(TabletopError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptions(TabletopError, ValueError):
    """Game options that are missing, of the wrong type or out of range."""


class InvalidActionText(TabletopError, ValueError):
    """Text that does not parse as an action of the game."""


class IllegalAction(TabletopError, ValueError):
    """A well-formed action the rules do not allow now; the state is unchanged."""


class CorruptRecord(TabletopError, ValueError):
    """A saved state or game record that cannot be read back."""
