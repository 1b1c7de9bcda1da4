"""Write the golden playthroughs of MegaCorps: ``python -m tests.games.megacorps.make_golden``.
The file format is tests/golden.py's.

Only the first rounds of each game are written, to keep the files small; the conformance suite
plays whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NamedTuple

from tabletop.core.protocol import State

from ...golden import playthrough as golden_playthrough
from ...golden import write

GOLDEN = Path(__file__).parent / "golden"


class Golden(NamedTuple):
    players: int
    seed: int
    rounds: int  # rounds begun when the file stops


# seeds picked so that the first rounds show the draft, purchases with antitrust, a payout, a war
# with its donation window, an event card, a sealed auction or election and a trade offer
# (test_golden checks it)
GAMES = (
    Golden(3, 82, 5),
    Golden(4, 19, 4),
    Golden(6, 166, 3),
)


def path_of(g: Golden) -> Path:
    return GOLDEN / f"megacorps-{g.players}p-seed{g.seed}.json"


def playthrough(g: Golden) -> dict[str, Any]:
    def rounds_done(state: State[Any]) -> int:
        return int(getattr(state, "round", 0))

    return golden_playthrough("megacorps", g.players, g.seed, g.rounds, rounds_done)


def main() -> int:
    for g in GAMES:
        write(path_of(g), playthrough(g))
    return 0


if __name__ == "__main__":
    sys.exit(main())
