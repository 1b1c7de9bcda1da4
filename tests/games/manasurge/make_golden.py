"""Write the golden playthroughs of ManaSurge: ``python -m tests.games.manasurge.make_golden``.
The file format is tests/golden.py's.

Only the first spells of each game are written, to keep the files small; the conformance suite
plays whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tabletop.core.protocol import State

from ...golden import Golden, GoldenSet


def spells_done(_: Golden, state: State[Any]) -> int:
    return len(getattr(state, "history", []))


# seeds picked so that the spells show Counter-Spells, Lightning's extra plays, a Frost Wave gift,
# a Dark Mirror, a Mana Surge, a Rebirth and the choice between rounds (test_golden checks it)
GOLDENS = GoldenSet(
    Path(__file__).parent / "golden",
    (
        Golden("manasurge", 3, 45, 8),
        Golden("manasurge", 4, 20, 8, {"wizards": True}, "-wizards"),
        Golden("manasurge", 5, 55, 6),
    ),
    spells_done,
    "tests.games.manasurge.make_golden",
)

if __name__ == "__main__":
    sys.exit(GOLDENS.main())
