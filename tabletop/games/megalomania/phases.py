"""The steps of a Megalomania round, as small integers (state.py moves between them).

Kept in a module of their own so that the rules' modules (scrolls, deals) can name them
without importing the state machine.  ``Final``: the compiled rules use the numbers themselves
rather than looking the names up in this module at every test of the phase.
"""

from typing import Final

SCROLLS: Final = 0
SCROLL_STEP: Final = 1
RESOURCES_PHASE: Final = 2
LAY: Final = 3
SPLIT_PHASE: Final = 4
HAND_OVER: Final = 5
PLAY: Final = 6
AFTER: Final = 7
RETURN: Final = 8
ASSIST: Final = 9
TRICK_END: Final = 10
OVER: Final = 11
PHASE_NAMES: Final[tuple[str, ...]] = (
    "scrolls", "scroll-effect", "resources", "lay-out", "split", "hand-over", "play", "after-play",
    "explorer-return", "assist", "trick-end", "over",
)  # fmt: skip
