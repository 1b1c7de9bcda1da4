"""tabletop: rules engines for Megalomania and friends, with bots, a simulator and front ends."""

from ._build import choose

BUILD: str = choose()  # "compiled" (the rules built with mypyc) or "pure" (TABLETOP_PURE=1, or not built)

from .core import (  # noqa: E402  (after the choice of build: it decides where these come from)
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
    "BUILD",
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
