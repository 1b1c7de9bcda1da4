"""Golden playthroughs of MegaCorps: seeded games replayed in memory must match the files in
golden/ step by step."""

from __future__ import annotations

from .make_golden import GOLDENS

test_golden_playthrough, test_no_stale_golden_files = GOLDENS.tests()


def test_the_golden_games_show_what_they_were_picked_for() -> None:
    """Together the golden games show the draft, antitrust, a payout, a war with a gift of
    mercenaries, an event card, an auction, an election and a trade offer."""
    wanted = {"take", "ask-permission", "payout", "war", "aid", "event", "bids", "votes", "offer", "trade"}
    seen = {e["kind"] for golden in GOLDENS.games for e in GOLDENS.events(golden)}
    assert wanted <= seen, f"the golden games lack {wanted - seen}"
