"""Golden playthroughs: seeded games written step by step as readable JSON, and checked against it.

A golden file is one JSON object: a "header" (options, seed, the set-up's events and the
spectator's view at the start) and "steps", one per decision, with the step index, the seat to
act, its legal actions (text), the action chosen, the events it caused (kind, data, visible_to)
and the acting seat's view before it acted, as a front end shows it (``with_previews``: with the
game's previews of its choices, if it has any, as the view's last key ``previews``).  Choices are
``random.Random(seed).choice`` over the legal actions.  Short values stay on one line, so that a
change of the rules reads as a diff.
Each game's ``make_golden.py`` says which games it writes and how far; its ``test_golden.py``
regenerates them in memory and compares with :func:`check`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import tabletop
from tabletop.core.protocol import Event, State, with_previews

FORMAT = "tabletop-golden/1"


def event_json(event: Event) -> dict[str, Any]:
    visible = list(event.visible_to) if event.visible_to is not None else None
    return {"kind": event.kind, "data": dict(event.data), "visible_to": visible}


def playthrough(
    game_name: str,
    players: int,
    seed: int,
    rounds: int,
    rounds_done: Callable[[State[Any]], int],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The golden record of one game, played until ``rounds_done(state)`` reaches ``rounds``."""
    game = tabletop.make(game_name, players=players, **(options or {}))
    state = game.new_state(seed)
    rng = random.Random(seed)
    header = {
        "format": FORMAT,
        "game": game_name,
        "options": dict(game.options),
        "seed": seed,
        "choices": f"random.Random({seed}).choice(legal actions) at every step",
        "rounds": rounds,
        "opening_events": [event_json(e) for e in state.opening_events()],
        "spectator_view": state.view(None),
    }
    steps: list[dict[str, Any]] = []
    while not state.is_terminal() and rounds_done(state) < rounds:
        seat = state.current_seat
        legal = state.legal_actions()
        view = with_previews(state, seat, state.view(seat))
        action = rng.choice(legal)
        events = state.apply(action)
        steps.append(
            {
                "step": len(steps),
                "seat": seat,
                "legal": [str(a) for a in legal],
                "action": str(action),
                "events": [event_json(e) for e in events],
                "view": view,
            }
        )
    result: dict[str, Any] = json.loads(json.dumps({"header": header, "steps": steps}))
    return result  # exactly what the file reads back


def readable(value: Any, indent: int = 0, width: int = 100) -> str:
    """JSON, indented one space a level, with any value that fits in ``width`` on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or indent + len(flat) <= width:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {readable(v, indent + 1, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + readable(v, indent + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write(path: Path, record: dict[str, Any]) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(readable(record) + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(record['steps'])} steps, {path.stat().st_size / 1024:.0f} KiB)")


def differences(old: Any, new: Any, path: str = "", limit: int = 8) -> list[str]:
    """Where two JSON values differ, as readable paths (at most ``limit`` of them)."""
    found: list[str] = []

    def walk(a: Any, b: Any, at: str) -> None:
        if len(found) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in list(a) + [k for k in b if k not in a]:
                if key not in b:
                    found.append(f"{at}.{key}: only in the file ({json.dumps(a[key])[:80]})")
                elif key not in a:
                    found.append(f"{at}.{key}: only in the new output ({json.dumps(b[key])[:80]})")
                else:
                    walk(a[key], b[key], f"{at}.{key}")
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{at}[{i}]")
            return
        found.append(f"{at or '(whole line)'}: file has {json.dumps(a)[:100]}, now {json.dumps(b)[:100]}")

    walk(old, new, path)
    return found


def check(path: Path, fresh: dict[str, Any], module: str) -> None:
    """Fail with the first differing step, and how to regenerate, unless ``path`` holds ``fresh``."""
    regenerate = (
        f"If the change is intended, regenerate the files with\n    python -m {module}\n"
        f"and review the diff (git diff {path.parent}) before committing."
    )
    assert path.exists(), f"{path} is missing.\n{regenerate}"
    stored = json.loads(path.read_text(encoding="utf-8"))
    if stored.get("header") != fresh["header"]:
        detail = "\n  ".join(differences(stored.get("header"), fresh["header"], "header"))
        pytest.fail(f"{path.name}: the header differs from the rules' output now:\n  {detail}\n{regenerate}")
    old_steps, new_steps = stored.get("steps", []), fresh["steps"]
    for index, (old, new) in enumerate(zip(old_steps, new_steps, strict=False)):
        if old != new:
            detail = "\n  ".join(differences(old, new, f"steps[{index}]"))
            pytest.fail(
                f"{path.name}: step {index} (seat {new['seat']} to act) differs from the rules' output "
                f"now; the steps before it agree:\n  {detail}\n{regenerate}",
                pytrace=False,
            )
    counts = f"the file has {len(old_steps)} steps, the game now gives {len(new_steps)}"
    assert len(old_steps) == len(new_steps), f"{path.name}: {counts}.\n{regenerate}"


def stale(folder: Path, expected: set[str]) -> list[str]:
    """Files in ``folder`` that no golden game writes."""
    return sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in expected)


class Golden(NamedTuple):
    """One golden game: written until its game's ``progress`` reaches ``stop``."""

    game: str
    players: int
    seed: int
    stop: int
    options: Mapping[str, Any] = {}
    tag: str = ""  # in the file name, after the players: "-wizards"


@dataclass(frozen=True)
class GoldenSet:
    """One game's golden files: which games, how far (``progress``: rounds, spells... done), where,
    and the script that writes them (``module``: ``python -m module``)."""

    folder: Path
    games: tuple[Golden, ...]
    progress: Callable[[Golden, State[Any]], int]
    module: str

    def path(self, g: Golden) -> Path:
        return self.folder / f"{g.game}-{g.players}p{g.tag}-seed{g.seed}.json"

    def playthrough(self, g: Golden) -> dict[str, Any]:
        return playthrough(g.game, g.players, g.seed, g.stop, lambda s: self.progress(g, s), dict(g.options))

    def main(self) -> int:
        """Write every file (the script's ``main``)."""
        for g in self.games:
            write(self.path(g), self.playthrough(g))
        return 0

    def events(self, g: Golden) -> Iterator[dict[str, Any]]:
        """The events of a golden file, as stored."""
        record = json.loads(self.path(g).read_text(encoding="utf-8"))
        return (e for step in record["steps"] for e in step["events"])

    def tests(self) -> tuple[Callable[[Golden], None], Callable[[], None]]:
        """The two tests of every game's test_golden.py: each file as the rules play it now, and no
        file that no game writes."""

        @pytest.mark.parametrize("golden", self.games, ids=[self.path(g).stem for g in self.games])
        def test_golden_playthrough(golden: Golden) -> None:
            check(self.path(golden), self.playthrough(golden), self.module)

        def test_no_stale_golden_files() -> None:
            extra = stale(self.folder, {self.path(g).name for g in self.games})
            assert not extra, f"golden files no script writes: {extra}; delete them"

        return test_golden_playthrough, test_no_stale_golden_files
