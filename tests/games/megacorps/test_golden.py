"""Golden playthroughs of MegaCorps: seeded games replayed in memory must match the files in
golden/ step by step."""

from __future__ import annotations

import json

import pytest

from ...golden import check, stale
from .make_golden import GAMES, GOLDEN, Golden, path_of, playthrough


@pytest.mark.parametrize("golden", GAMES, ids=[path_of(g).stem for g in GAMES])
def test_golden_playthrough(golden: Golden) -> None:
    check(path_of(golden), playthrough(golden), "tests.games.megacorps.make_golden")


def test_the_golden_games_show_what_they_were_picked_for() -> None:
    """Together the golden games show the draft, antitrust, a payout, a war with a gift of
    mercenaries, an event card, an auction, an election and a trade offer."""
    wanted = {"take", "ask-permission", "payout", "war", "aid", "event", "bids", "votes", "offer", "trade"}
    seen: set[str] = set()
    for golden in GAMES:
        record = json.loads(path_of(golden).read_text(encoding="utf-8"))
        seen |= {e["kind"] for step in record["steps"] for e in step["events"]}
    assert wanted <= seen, f"the golden games lack {wanted - seen}"


def test_no_stale_golden_files() -> None:
    extra = stale(GOLDEN, {path_of(g).name for g in GAMES})
    assert not extra, f"golden files no script writes: {extra}; delete them"
