"""Golden playthroughs of Summon 7 and the clan game: seeded games replayed in memory must match
the files in golden/ step by step."""

from __future__ import annotations

from .make_golden import GOLDENS

test_golden_playthrough, test_no_stale_golden_files = GOLDENS.tests()


def test_the_golden_games_show_what_they_were_picked_for() -> None:
    """Each golden game covers the rules it was chosen to show (see GOLDENS)."""
    wanted = {
        "summon7": {"bust", "hold", "round-end"},
        "clan": {"hungry-deal", "play", "pay", "capture", "claim", "gift", "unfed", "discard", "threshold"},
    }
    for golden in GOLDENS.games:
        seen = {e["kind"] for e in GOLDENS.events(golden)}
        assert wanted[golden.game] <= seen, f"{GOLDENS.path(golden).name} lacks {wanted[golden.game] - seen}"
