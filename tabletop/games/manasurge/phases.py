"""The phases of a ManaSurge game (state.py says who acts in each)."""

OPEN, DIRECTION, PLAY, COUNTER, AGAIN, GIVE, DISCARD, BETWEEN, OVER = range(9)
PHASE_NAMES = ("open", "direction", "play", "counter", "again", "give", "discard", "between", "over")
