"""The phases of a ManaSurge game (state.py says who acts in each).

``Final``: the compiled rules use the numbers themselves rather than looking the names up in this
module at every test of the phase (state.py names them ``phases.PLAY`` and so on)."""

from typing import Final

OPEN: Final = 0
DIRECTION: Final = 1
PLAY: Final = 2
COUNTER: Final = 3
AGAIN: Final = 4
GIVE: Final = 5
DISCARD: Final = 6
BETWEEN: Final = 7
OVER: Final = 8
PHASE_NAMES: Final = ("open", "direction", "play", "counter", "again", "give", "discard", "between", "over")
