"""Write the golden playthroughs of ManaSurge: ``python -m tests.games.manasurge.make_golden``.
The file format is tests/golden.py's.

Only the first spells of each game are written, to keep the files small; the conformance suite
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
    options: dict[str, Any]
    spells: int  # spells played to the end


# seeds picked so that the spells show Counter-Spells, Lightning's extra plays, a Frost Wave gift,
# a Dark Mirror, a Mana Surge, a Rebirth and the choice between rounds (test_golden checks it)
GAMES = (
    Golden(3, 45, {}, 8),
    Golden(4, 20, {"wizards": True}, 8),
    Golden(5, 55, {}, 6),
)


def path_of(g: Golden) -> Path:
    extra = "-wizards" if g.options.get("wizards") else ""
    return GOLDEN / f"manasurge-{g.players}p{extra}-seed{g.seed}.json"


def playthrough(g: Golden) -> dict[str, Any]:
    def spells_done(state: State[Any]) -> int:
        return len(getattr(state, "history", []))

    return golden_playthrough("manasurge", g.players, g.seed, g.spells, spells_done, g.options)


def main() -> int:
    for g in GAMES:
        write(path_of(g), playthrough(g))
    return 0


if __name__ == "__main__":
    sys.exit(main())
