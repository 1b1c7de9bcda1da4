"""Write the golden playthroughs of Summon 7 and the clan game:
``python -m tests.games.summon7.make_golden``.

Seeded games with random legal choices from ``random.Random(seed)``.  Each file is one JSON
object: a "header" (options, seed, the set-up's events and the spectator's view at the start)
and "steps", one per decision, with the step index, the seat to act, its legal actions (text),
the action chosen, the events it caused (kind, data, visible_to) and the acting seat's view
before it acted.  Short values stay on one line, so that a change of the rules reads as a diff.

Only the first rounds of each game are written (Summon 7: ROUNDS rounds; the clan game: a short
pre-game, then its first main rounds), to keep the files small; the conformance suite plays
whole games.  test_golden.py regenerates them in memory and compares: after an intended change
of rules, views or events, run this script again and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, NamedTuple

import tabletop
from tabletop.core.protocol import Event, State

GOLDEN = Path(__file__).parent / "golden"
FORMAT = "tabletop-golden/1"


class Golden(NamedTuple):
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    rounds: int  # Summon 7: rounds played; the clan game: main-game rounds played


# seeds picked so that the rounds show busts and a tied round (Summon 7) and, in the clan game,
# a hungry deal, power cards played and paid for, captures, the draft's claims and random gift,
# an unfed member's blame, an Uprising threshold and a tie
GAMES = (
    Golden("summon7", 2, 8, {}, 6),
    Golden("summon7", 4, 1, {}, 3),
    Golden("clan", 3, 56, {"pregame": 30}, 2),
)


def path_of(g: Golden) -> Path:
    return GOLDEN / f"{g.game}-{g.players}p-seed{g.seed}.json"


def event_json(event: Event) -> dict[str, Any]:
    visible = list(event.visible_to) if event.visible_to is not None else None
    return {"kind": event.kind, "data": dict(event.data), "visible_to": visible}


def rounds_done(state: State[Any], g: Golden) -> int:
    if g.game == "summon7":
        return len(getattr(state, "history", []))
    return int(getattr(state, "round", 0)) - (0 if state.is_terminal() else 1)


def playthrough(g: Golden) -> dict[str, Any]:
    """The golden record of one game: a header, and one entry per decision."""
    game = tabletop.make(g.game, players=g.players, **g.options)
    state = game.new_state(g.seed)
    rng = random.Random(g.seed)
    header = {
        "format": FORMAT,
        "game": g.game,
        "options": dict(game.options),
        "seed": g.seed,
        "choices": f"random.Random({g.seed}).choice(legal actions) at every step",
        "rounds": g.rounds,
        "opening_events": [event_json(e) for e in state.opening_events()],
        "spectator_view": state.view(None),
    }
    steps: list[dict[str, Any]] = []
    step = 0
    while not state.is_terminal() and rounds_done(state, g) < g.rounds:
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
    result: dict[str, Any] = json.loads(json.dumps({"header": header, "steps": steps}))
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


def main() -> int:
    GOLDEN.mkdir(exist_ok=True)
    for g in GAMES:
        path = path_of(g)
        record = playthrough(g)
        path.write_text(readable(record) + "\n", encoding="utf-8")
        size = path.stat().st_size
        print(f"wrote {path} ({len(record['steps'])} steps, {size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
