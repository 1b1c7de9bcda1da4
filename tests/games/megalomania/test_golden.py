"""Golden playthroughs: seeded games replayed in memory must match the files in golden/ step by step."""

from __future__ import annotations

import pytest

from ...golden import check, stale
from .make_golden import GAMES, GOLDEN, path_of, playthrough


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_golden_playthrough(players: int, seed: int) -> None:
    check(path_of(players, seed), playthrough(players, seed), "tests.games.megalomania.make_golden")


def test_no_stale_golden_files() -> None:
    extra = stale(GOLDEN, {path_of(players, seed).name for players, seed in GAMES})
    assert not extra, f"golden files no script writes: {extra}; delete them"
