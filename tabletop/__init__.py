"""tabletop: rules engines for Megalomania and friends, with bots, a simulator and front ends."""

from .core import (
    CorruptRecord,
    IllegalAction,
    InvalidActionText,
    InvalidOptions,
    Record,
    TabletopError,
    make,
    names,
)

__all__ = [
    "CorruptRecord",
    "IllegalAction",
    "InvalidActionText",
    "InvalidOptions",
    "Record",
    "TabletopError",
    "make",
    "names",
]
__version__ = "0.1.0"
