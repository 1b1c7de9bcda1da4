"""Write the golden playthroughs of Megalomania: ``python -m tests.games.megalomania.make_golden``
(or ``make golden``).  The file format is tests/golden.py's.

Three seeded games (2, 3 and 4 players), only their first ROUNDS rounds, to keep each file small
and readable; the conformance suite covers whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tabletop.core.protocol import State

from ...golden import playthrough as golden_playthrough
from ...golden import write

GAME = "megalomania"
GOLDEN = Path(__file__).parent / "golden"
# (players, seed): seeds picked so that the first rounds show an Explorer's find and return, a card
# played by the Assassin's power, a Farmer's lead or an Oracle's colour, cubes, a scroll drawn and
# one used, and a special deal (2p: mission 25 and scroll 10; 3p: mission 24; 4p: scroll 8 and
# missions 15 and 20 or 21)
GAMES = ((2, 20454), (3, 30004), (4, 40015))
ROUNDS = 2


def path_of(players: int, seed: int) -> Path:
    return GOLDEN / f"{GAME}-{players}p-seed{seed}.json"


def rounds_done(state: State[Any]) -> int:
    return len(state.view(None)["round_points"])


def playthrough(players: int, seed: int) -> dict[str, Any]:
    return golden_playthrough(GAME, players, seed, ROUNDS, rounds_done)


def main() -> int:
    for players, seed in GAMES:
        write(path_of(players, seed), playthrough(players, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
