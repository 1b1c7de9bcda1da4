"""The steps of a Megalomania round, as small integers (state.py moves between them).

Kept in a module of their own so that the rules' modules (scrolls, deals) can name them
without importing the state machine.
"""

(SCROLLS, SCROLL_STEP, RESOURCES_PHASE, LAY, SPLIT_PHASE, HAND_OVER, PLAY, AFTER, RETURN, ASSIST,
 TRICK_END, OVER) = range(12)  # fmt: skip
PHASE_NAMES = (
    "scrolls", "scroll-effect", "resources", "lay-out", "split", "hand-over", "play", "after-play",
    "explorer-return", "assist", "trick-end", "over",
)  # fmt: skip
