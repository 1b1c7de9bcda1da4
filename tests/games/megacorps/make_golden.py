"""Write the golden playthroughs of MegaCorps: ``python -m tests.games.megacorps.make_golden``.
The file format is tests/golden.py's.

Only the first rounds of each game are written, to keep the files small; the conformance suite
plays whole games.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tabletop.core.protocol import State

from ...golden import Golden, GoldenSet


def rounds_begun(_: Golden, state: State[Any]) -> int:
    return int(getattr(state, "round", 0))


# seeds picked so that the first rounds show the draft, purchases with antitrust, a payout, a war
# with its donation window, an event card, a sealed auction or election and a trade offer
# (test_golden checks it)
GOLDENS = GoldenSet(
    Path(__file__).parent / "golden",
    (Golden("megacorps", 3, 82, 5), Golden("megacorps", 4, 19, 4), Golden("megacorps", 6, 166, 3)),
    rounds_begun,
    "tests.games.megacorps.make_golden",
)

if __name__ == "__main__":
    sys.exit(GOLDENS.main())
