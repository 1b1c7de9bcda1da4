"""What a table's connections are told (rooms.py): its summary, a joining connection's welcome,
and each seat's update after an action, every one built from what that seat may see (its view,
the events it may see, the last action as it may know it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.protocol import JSON, Event
from ..words import content, labels
from .messages import dumps
from .said import Teller, told_events

if TYPE_CHECKING:
    from .rooms import Room

LOG_LENGTH = 300  # events sent to a client that joins


def public_seats(room: Room) -> list[dict[str, JSON]]:
    """Each seat as everybody may see it: who sits there, whether they are here, their clock."""
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "level": s.level,
            "name": s.name,
            "joined": s.joined or s.kind == "bot",
            "online": s.kind == "bot" or bool(room.conns.get(s.seat)),
            "user": s.name if s.user_id is not None else None,
            "bot": s.kind == "bot" or s.user_id in room.hub.bot_accounts,  # a program plays it (issue 32)
            "absent": s.absent,
            "left": s.left,
            "rank": s.rank,
            "reserve": room.clocks.reserve[s.seat] if room.clocks.control.timed else None,
        }
        for s in room.seats
    ]


def running_clocks(room: Room) -> list[dict[str, JSON]]:
    """The clock of each seat asked now whose time runs: when it runs out, and its reserve."""
    found: list[dict[str, JSON]] = []
    for seat, prompt in sorted(room.prompts.items()):
        deadline = room.deadline(seat, prompt)
        if deadline is not None:
            window = prompt.neutral is not None
            found.append(
                {"seat": seat, "ends": deadline, "reserve": room.clocks.reserve[seat], "window": window}
            )
    return found


def summary(room: Room) -> dict[str, JSON]:
    state = room.state
    return {
        "id": room.id,
        "game": room.game.name,
        "title": room.game.title,
        "options": dict(room.game.options),
        "status": room.status(),
        "step": room.step,
        "to_act": state.current_seat,
        "asked": sorted(room.prompts),
        "seats": public_seats(room),
        "scores": state.scores(),
        "ranking": state.ranking() if room.over else None,
        "created": room.row.created,
        "rematch": room.row.rematch,
        "rematch_of": room.row.rematch_of,
        "trading": room.offers.trading,
        "clock": room.clocks.control.to_json() if room.clocks.control.timed else None,
        "clocks": running_clocks(room),
        "now": room.now(),
        "rated": room.row.rated,
        "private": room.row.private,
        "takeover": room.row.takeover,
        "finished_at": room.row.finished_at,
        "tutorial": room.row.tutorial,  # the game whose guided first game this is (tutorials.py)
    }


def last_for(room: Room, seat: int | None) -> dict[str, JSON] | None:
    """The last action as ``seat`` may know it: a hidden one (see :func:`hidden_action`) shows
    only to its own seat until the game is over; the others learn who acted, and what it made
    happen from the events they may see."""
    last = room.last
    if last is None or not room.last_secret or room.over or seat == last["seat"]:
        return last
    return {"seat": last["seat"], "action": None}


def welcome(room: Room, seat: int | None) -> str:
    names = room.names()
    log_events = told_events(room.game.name, room.events[-LOG_LENGTH * 2 :], seat, room.over, names)
    log_events = room.hints.merged(log_events, seat)  # who asked for a hint, among the game's
    view = room.seat_view(seat, room.state.view(seat))
    return dumps(
        {
            "type": "welcome",
            "table": summary(room),
            "seat": seat,
            "step": room.step,
            "over": room.over,
            "last": last_for(room, seat),
            "view": view,
            "labels": labels(room.game.name, view, names),
            "content": content(room.game.name),
            "log": log_events[-LOG_LENGTH:],
            "chat": room.hub.moderation.visible(room.id, seat, room.chat.recent()),  # not the muted
            "offers": room.offers.for_seat(seat),
            "hints": room.hints.info(seat),
            "tutorial": room.guide.told(seat) if room.guide else None,
        }
    )


def broadcast(room: Room, events: list[Event]) -> None:
    """Each connection's message, built once per seat: its view and the events it may see."""
    over = room.over
    scores = room.state.scores()
    names = room.names()
    teller = Teller(room.game.name, [(room.step, e) for e in events], over, names)
    clocks, now = running_clocks(room), room.now()
    audience = [seat for seat, group in room.conns.items() if group]
    for seat, seen in zip(audience, room.state.views(audience), strict=True):
        group = room.conns[seat]
        view = room.seat_view(seat, seen)
        message = dumps(
            {
                "type": "update",
                "step": room.step,
                "over": over,
                "last": last_for(room, seat),
                "events": teller.told(seat),
                "view": view,
                "labels": labels(room.game.name, view, names),
                "scores": scores,
                "clocks": clocks,
                "now": now,
                "tutorial": room.guide.told(seat) if room.guide is not None else None,
            }
        )
        for conn in list(group):
            conn.send(message)
