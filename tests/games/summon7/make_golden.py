"""Write the golden playthroughs of Summon 7 and the clan game:
``python -m tests.games.summon7.make_golden``.  The file format is tests/golden.py's.

Only the first rounds of each game are written (Summon 7: its first rounds; the clan game: a short
pre-game, then its first main rounds), to keep the files small; the conformance suite plays
whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tabletop.core.protocol import State

from ...golden import Golden, GoldenSet


def rounds_done(g: Golden, state: State[Any]) -> int:
    """Summon 7: rounds played; the clan game: main-game rounds played."""
    if g.game == "summon7":
        return len(getattr(state, "history", []))
    return int(getattr(state, "round", 0)) - (0 if state.is_terminal() else 1)


# seeds picked so that the rounds show busts and a tied round (Summon 7) and, in the clan game,
# a hungry deal, power cards played and paid for, captures, the draft's claims and random gift,
# an unfed member's blame, an Uprising threshold and a tie
GOLDENS = GoldenSet(
    Path(__file__).parent / "golden",
    (
        Golden("summon7", 2, 8, 6),
        Golden("summon7", 4, 1, 3),
        Golden("clan", 3, 56, 2, {"pregame": 30}),
    ),
    rounds_done,
    "tests.games.summon7.make_golden",
)

if __name__ == "__main__":
    sys.exit(GOLDENS.main())
