"""Golden playthroughs: seeded games replayed in memory must match the files in golden/ line by line."""

from __future__ import annotations

import json

import pytest

from ...golden_diff import differences
from .make_golden import GAMES, GOLDEN, path_of, playthrough

REGENERATE = (
    "If the change is intended, regenerate the files with\n"
    "    python -m tests.games.megalomania.make_golden   (or: make golden)\n"
    "and review the diff (git diff tests/games/megalomania/golden) before committing."
)


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_golden_playthrough(players: int, seed: int) -> None:
    path = path_of(players, seed)
    assert path.exists(), f"{path} is missing.\n{REGENERATE}"
    stored = json.loads(path.read_text(encoding="utf-8"))
    fresh = playthrough(players, seed)
    if stored.get("header") != fresh["header"]:
        detail = "\n  ".join(differences(stored.get("header"), fresh["header"], "header"))
        message = f"{path.name}: the header differs from the rules' output now:\n  {detail}\n{REGENERATE}"
        pytest.fail(message, pytrace=False)
    old_steps, new_steps = stored.get("steps", []), fresh["steps"]
    for index, (old, new) in enumerate(zip(old_steps, new_steps, strict=False)):
        if old != new:
            detail = "\n  ".join(differences(old, new, f"steps[{index}]"))
            pytest.fail(
                f"{path.name}: step {index} (seat {new['seat']} to act) differs from the rules' output "
                f"now; the steps before it agree:\n  {detail}\n{REGENERATE}",
                pytrace=False,
            )
    assert len(old_steps) == len(new_steps), (
        f"{path.name}: the file has {len(old_steps)} steps, the game now gives {len(new_steps)}.\n"
        + REGENERATE
    )


def test_no_stale_golden_files() -> None:
    expected = {path_of(players, seed).name for players, seed in GAMES}
    present = {p.name for p in GOLDEN.iterdir() if p.is_file()}
    assert present <= expected, f"golden files no script writes: {sorted(present - expected)}; delete them"
