"""A table's game step by step, as one seat (or a spectator) saw it.

Until the game is over a replay shows only what the viewer may see: a seat's view needs that
seat's token, and a sealed choice (one of several seats asked at once) shows only to its seat.
Once it is over everything is public: any seat's view, every seat's view at once, and every
event.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import JSON, Event, with_previews
from ..core.record import parse_entry
from ..words import content
from .prompts import hidden_action, sealed_choice
from .refused import Refused
from .rooms import Room
from .said import told_events

LOG_TAIL = 40


def replay_step(room: Room, step: int, seat: int | None, token_seat: int | None) -> dict[str, JSON]:
    """Step ``step`` (0: the set-up, k: after the k-th action) as ``seat`` saw it."""
    over = room.over
    if not 0 <= step <= room.step:
        raise Refused("no-step", f"step must be from 0 to {room.step}")
    if seat is not None and not 0 <= seat < len(room.seats):
        raise Refused("no-seat", f"seat must be from 0 to {len(room.seats) - 1}")
    if not over and seat is not None and seat != token_seat:
        raise Refused("forbidden", "until the game is over, only a seat's own token shows its view")
    game = room.game
    state = room.record.initial_state(game)
    history: list[tuple[int, Event]] = [(0, e) for e in state.opening_events()]
    mover: int | None = None
    action: str | None = None
    secret = False
    for index, text in enumerate(room.record.actions[:step]):
        written, action = parse_entry(text)
        mover = state.current_seat if written is None else written
        sealed = sealed_choice(state, mover, action) if mover is not None else False
        events = state.apply(game.parse_action(action), written)
        secret = hidden_action(sealed, events)
        history += [(index + 1, e) for e in events]
    if secret and not over and seat != mover:
        action = None  # another seat's sealed or private choice
    shown = told_events(game.name, history, seat, over, room.names())
    now: list[Any] = [e for e in shown if isinstance(e, dict) and e["step"] == step]
    return {
        "table": room.id,
        "game": game.name,
        "step": step,
        "steps": room.step,
        "finished": over,
        "seat": seat,
        "action": {"seat": mover, "action": action} if step else None,
        "events": now,
        "log": shown[-LOG_TAIL:],
        "view": with_previews(state, seat, state.view(seat)),
        "content": content(game.name),
        "views": [state.view(s) for s in range(len(room.seats))] if over else None,
        "scores": state.scores(),
    }
