"""The protocol, errors, randomness and registry shared by every game."""

from .errors import (
    CorruptRecord,
    IllegalAction,
    InvalidActionText,
    InvalidOptions,
    TabletopError,
    UnknownGame,
)
from .protocol import JSON, Event, Game, Metadata, OptionSpec, State
from .record import Record
from .registry import make, names, register

__all__ = [
    "JSON",
    "CorruptRecord",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidActionText",
    "InvalidOptions",
    "Metadata",
    "OptionSpec",
    "Record",
    "State",
    "TabletopError",
    "UnknownGame",
    "make",
    "names",
    "register",
]
