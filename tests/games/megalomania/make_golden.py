"""Write the golden playthroughs of Megalomania: ``python -m tests.games.megalomania.make_golden``
(or ``make golden``).  The file format is tests/golden.py's.

Three seeded games (2, 3 and 4 players), only their first two rounds, to keep each file small
and readable; the conformance suite covers whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tabletop.core.protocol import State

from ...golden import Golden, GoldenSet


def rounds_done(_: Golden, state: State[Any]) -> int:
    return len(state.view(None)["round_points"])


# seeds picked so that the first rounds show an Explorer's find and return, a card played by the
# Assassin's power, a Farmer's lead or an Oracle's colour, cubes, a scroll drawn and one used, and a
# special deal (2p: mission 25 and scroll 10; 3p: mission 24; 4p: scroll 8 and missions 15 and 20
# or 21)
GOLDENS = GoldenSet(
    Path(__file__).parent / "golden",
    (
        Golden("megalomania", 2, 20454, 2),
        Golden("megalomania", 3, 30004, 2),
        Golden("megalomania", 4, 40015, 2),
    ),
    rounds_done,
    "tests.games.megalomania.make_golden",
)

if __name__ == "__main__":
    sys.exit(GOLDENS.main())
