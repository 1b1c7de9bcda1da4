"""Golden playthroughs of ManaSurge: seeded games replayed in memory must match the files in
golden/ step by step."""

from __future__ import annotations

from .make_golden import GOLDENS

test_golden_playthrough, test_no_stale_golden_files = GOLDENS.tests()


def test_the_golden_games_show_what_they_were_picked_for() -> None:
    """Together the golden games show every kind of step the rules have."""
    wanted = {"cast", "direction", "play", "counter", "again", "give", "gift", "surge", "rebirth",
              "spell-end", "caster", "hold", "effect", "mirror"}  # fmt: skip
    seen: set[str] = set()
    for golden in GOLDENS.games:
        for e in GOLDENS.events(golden):
            seen.add(e["kind"])
            if e["kind"] == "effect":
                seen.add(e["data"]["effect"])
            if "copy" in e["data"]:
                seen.add("mirror")
    assert wanted <= seen, f"the golden games lack {wanted - seen}"
