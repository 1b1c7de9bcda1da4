"""Golden playthroughs of Summon 7 and the clan game: seeded games replayed in memory must match
the files in golden/ step by step."""

from __future__ import annotations

import json

import pytest

from ...golden_diff import differences
from .make_golden import GAMES, GOLDEN, Golden, path_of, playthrough

REGENERATE = (
    "If the change is intended, regenerate the files with\n"
    "    python -m tests.games.summon7.make_golden\n"
    "and review the diff (git diff tests/games/summon7/golden) before committing."
)


@pytest.mark.parametrize("golden", GAMES, ids=[f"{g.game}-{g.players}p-seed{g.seed}" for g in GAMES])
def test_golden_playthrough(golden: Golden) -> None:
    path = path_of(golden)
    assert path.exists(), f"{path} is missing.\n{REGENERATE}"
    stored = json.loads(path.read_text(encoding="utf-8"))
    fresh = playthrough(golden)
    if stored.get("header") != fresh["header"]:
        detail = "\n  ".join(differences(stored.get("header"), fresh["header"], "header"))
        pytest.fail(f"{path.name}: the header differs from the rules' output now:\n  {detail}\n{REGENERATE}")
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
    expected = {path_of(g).name for g in GAMES}
    present = {p.name for p in GOLDEN.iterdir() if p.is_file()}
    assert present <= expected, f"golden files no script writes: {sorted(present - expected)}; delete them"
