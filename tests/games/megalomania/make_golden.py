"""Write the golden playthroughs of Megalomania: ``python -m tests.games.megalomania.make_golden``.

Three seeded games (2, 3 and 4 players), random legal choices from ``random.Random(seed)``.
Each file is JSON Lines: a header line (options, seed, the events of the set-up and the
spectator's view at the start), then one line per decision with the step index, the seat
to act, its legal actions (text), the action chosen, the events it caused (kind, data,
visible_to) and the view of the acting seat before it acted.

Only the first ROUNDS rounds of each game are written, to keep each file small (well under
1 MB) and readable; the conformance suite covers whole games.

test_golden.py regenerates these in memory and compares them with the files: after an
intended change of rules, views or events, run this script again and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.protocol import Event

GAME = "megalomania"
GOLDEN = Path(__file__).parent / "golden"
# (players, seed): seeds picked so that the first rounds show an Explorer's find and return, an
# Assassin played by its power, a Farmer's lead or an Oracle's colour, cubes and a scroll drawn
GAMES = ((2, 20275), (3, 30364), (4, 40268))
ROUNDS = 2
FORMAT = "tabletop-golden/1"


def path_of(players: int, seed: int) -> Path:
    return GOLDEN / f"{GAME}-{players}p-seed{seed}.jsonl"


def event_json(event: Event) -> dict[str, Any]:
    visible = list(event.visible_to) if event.visible_to is not None else None
    return {"kind": event.kind, "data": dict(event.data), "visible_to": visible}


def playthrough(players: int, seed: int, rounds: int = ROUNDS) -> list[dict[str, Any]]:
    """The golden lines of one game: a header, then one record per decision."""
    game = tabletop.make(GAME, players=players)
    state = game.new_state(seed)
    rng = random.Random(seed)
    lines: list[dict[str, Any]] = [
        {
            "format": FORMAT,
            "game": GAME,
            "options": dict(game.options),
            "seed": seed,
            "choices": f"random.Random({seed}).choice(legal actions) at every step",
            "rounds": rounds,
            "opening_events": [event_json(e) for e in state.opening_events()],
            "spectator_view": state.view(None),
        }
    ]
    step = 0
    while not state.is_terminal() and len(state.view(None)["round_points"]) < rounds:
        seat = state.current_seat
        legal = state.legal_actions()
        view = state.view(seat)
        action = rng.choice(legal)
        events = state.apply(action)
        lines.append(
            {
                "step": step,
                "seat": seat,
                "legal": [str(a) for a in legal],
                "action": str(action),
                "events": [event_json(e) for e in events],
                "view": view,
            }
        )
        step += 1
    return [json.loads(json.dumps(line)) for line in lines]  # exactly what a file reads back


def dumps(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def main() -> int:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in GAMES:
        path = path_of(players, seed)
        lines = playthrough(players, seed)
        path.write_text(dumps(lines), encoding="utf-8")
        size = path.stat().st_size
        print(f"wrote {path} ({len(lines) - 1} steps, {size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
