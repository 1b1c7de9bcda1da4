"""Golden playthroughs of Summon 7 and the clan game: seeded games replayed in memory must match
the files in golden/ step by step."""

from __future__ import annotations

import json

import pytest

from ...golden import check, stale
from .make_golden import GAMES, GOLDEN, Golden, path_of, playthrough


@pytest.mark.parametrize("golden", GAMES, ids=[f"{g.game}-{g.players}p-seed{g.seed}" for g in GAMES])
def test_golden_playthrough(golden: Golden) -> None:
    check(path_of(golden), playthrough(golden), "tests.games.summon7.make_golden")


def test_the_golden_games_show_what_they_were_picked_for() -> None:
    """Each golden game covers the rules it was chosen to show (see GAMES)."""
    wanted = {
        "summon7": {"bust", "hold", "round-end"},
        "clan": {"hungry-deal", "play", "pay", "capture", "claim", "gift", "unfed", "discard", "threshold"},
    }
    for golden in GAMES:
        record = json.loads(path_of(golden).read_text(encoding="utf-8"))
        seen = {e["kind"] for step in record["steps"] for e in step["events"]}
        assert wanted[golden.game] <= seen, f"{path_of(golden).name} lacks {wanted[golden.game] - seen}"


def test_no_stale_golden_files() -> None:
    extra = stale(GOLDEN, {path_of(g).name for g in GAMES})
    assert not extra, f"golden files no script writes: {extra}; delete them"
