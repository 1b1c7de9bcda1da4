"""Write the golden playthroughs of Megalomania: ``python -m tests.games.megalomania.make_golden``.

Three seeded games (2, 3 and 4 players), random legal choices from ``random.Random(seed)``.
Each file is one JSON object: a "header" (options, seed, the events of the set-up and the
spectator's view at the start) and "steps", one per decision, with the step index, the seat
to act, its legal actions (text), the action chosen, the events it caused (kind, data,
visible_to) and the view of the acting seat before it acted.  The JSON is indented, with
short values kept on one line, so that a change of the rules shows as a readable diff.

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
# (players, seed): seeds picked so that the first rounds show an Explorer's find and return, a card
# played by the Assassin's power, a Farmer's lead or an Oracle's colour, cubes, a scroll drawn and
# one used, and a special deal (2p: mission 25 and scroll 10; 3p: mission 24; 4p: scroll 8 and
# missions 15 and 20 or 21)
GAMES = ((2, 20454), (3, 30004), (4, 40015))
ROUNDS = 2
FORMAT = "tabletop-golden/1"


def path_of(players: int, seed: int) -> Path:
    return GOLDEN / f"{GAME}-{players}p-seed{seed}.json"


def event_json(event: Event) -> dict[str, Any]:
    visible = list(event.visible_to) if event.visible_to is not None else None
    return {"kind": event.kind, "data": dict(event.data), "visible_to": visible}


def playthrough(players: int, seed: int, rounds: int = ROUNDS) -> dict[str, Any]:
    """The golden record of one game: a header, and one entry per decision."""
    game = tabletop.make(GAME, players=players)
    state = game.new_state(seed)
    rng = random.Random(seed)
    header = {
        "format": FORMAT,
        "game": GAME,
        "options": dict(game.options),
        "seed": seed,
        "choices": f"random.Random({seed}).choice(legal actions) at every step",
        "rounds": rounds,
        "opening_events": [event_json(e) for e in state.opening_events()],
        "spectator_view": state.view(None),
    }
    steps: list[dict[str, Any]] = []
    step = 0
    while not state.is_terminal() and len(state.view(None)["round_points"]) < rounds:
        seat = state.current_seat
        legal = state.legal_actions()
        view = state.view(seat)
        action = rng.choice(legal)
        events = state.apply(action)
        steps.append(
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
    record = {"header": header, "steps": steps}
    result: dict[str, Any] = json.loads(json.dumps(record))  # exactly what the file reads back
    return result


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


def dumps(record: dict[str, Any]) -> str:
    return readable(record) + "\n"


def main() -> int:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in GAMES:
        path = path_of(players, seed)
        record = playthrough(players, seed)
        path.write_text(dumps(record), encoding="utf-8")
        size = path.stat().st_size
        print(f"wrote {path} ({len(record['steps'])} steps, {size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
