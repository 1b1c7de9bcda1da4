"""The ``why`` message (issue 28, "Why not?"): a seat asks why a text is not one of its choices now
and hears, on its own socket only, exactly the reason ``core.protocol.offered`` gives that text (an
``action`` message's refusal), or null when it is one of its choices.  Nothing changes, nothing is
stored, a spectator is refused, and it counts toward the socket's message limit.

The answers are compared, for every game at several positions of a game played over the socket,
with ``offered`` on the room's true state and on worlds ``sample_world(seat)`` draws (hands the seat
cannot see dealt again): the answer is the same in all of them, so it tells nothing the seat may not
see (tests/conformance/test_refusals.py proves it of ``offered`` for many more positions).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import tabletop
from tabletop.core.errors import IllegalAction, InvalidActionText
from tabletop.core.protocol import State, offered
from tabletop.core.registry import names
from tabletop.server.schema import actions_t

from ..conformance.hooks import HOOKS
from .helpers import Clock, create, join, receive, running, token_of

PLAYERS = {"megalomania": 4, "summon7": 3, "clan": 3, "manasurge": 3, "megacorps": 3}
POSITIONS = (0, 3, 9, 20)  # steps at which every seat asks
WORLDS = 2  # sampled worlds per seat and position, besides the true state
GARBAGE = ("x", "  hit  ", "Ku Ku", "play=", "\u00e9t\u00e9", "9" * 64, "@1 hit", "leave", "done done")
FORGED = 12  # of the game's forged actions (tests/conformance/hooks/), per position


def reason(state: State[Any], seat: int, text: str) -> str | None:
    """What ``offered`` tells ``seat`` of ``text``: its refusal, or None for one of its choices."""
    try:
        offered(state, seat, text)
    except (IllegalAction, InvalidActionText) as err:
        return str(err)
    return None


def canonical(state: State[Any], text: str) -> str | None:
    """The action's own text (a text with blanks around it names the same action), or None."""
    try:
        return str(state.get_game().parse_action(text))
    except InvalidActionText:
        return None


def new_table(client: Any, game: str) -> dict[str, Any]:
    return create(client, ["person"] * PLAYERS[game], game=game, clock={"mode": "none"})


def why(ws: WebSocketTestSession, text: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "why", "action": text}))
    return next_message(ws)


def next_message(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message but seat news (a socket joining or leaving)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] != "seats":
            return message


def quiet(ws: WebSocketTestSession, step: int) -> None:
    """Nothing came to this socket (no ``why``, no update) but seat news: a ping is answered first."""
    ws.send_text(json.dumps({"type": "ping"}))
    message = next_message(ws)
    assert message == {"type": "pong", "step": step}, message


def stored(client: Any, table: str) -> int:
    engine = client.app.state.hub.storage.engine
    with engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).where(actions_t.c.table_id == table)).scalar_one())


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", names())
def test_why_answers_what_offered_says_and_changes_nothing(db_url: str, game: str) -> None:
    rng = random.Random(f"why-{game}")
    hooks = HOOKS.get(game)
    made = tabletop.make(game, players=PLAYERS[game])
    forged = list(hooks.forged_actions(made)) if hooks and hooks.forged_actions else []
    garbage = [*GARBAGE, *(hooks.garbage_actions if hooks else ())]
    with running(db_url) as client:
        created = new_table(client, game)
        table = created["table"]["id"]
        room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
        players = PLAYERS[game]
        sockets = [client.websocket_connect(f"/ws/tables/{table}") for _ in range(players + 1)]
        opened = [ws.__enter__() for ws in sockets]
        try:
            views = [join(ws, token_of(created, s))["view"] for s, ws in enumerate(opened[:players])]
            spectator = opened[players]
            join(spectator)
            seen: dict[str, None] = {}  # every text legal for some seat so far
            asked = 0
            for step in range(max(POSITIONS) + 1):
                state = room.state
                if state.is_terminal():
                    break
                for seat in state.to_act():
                    seen.update(dict.fromkeys(str(a) for a in state.legal_actions_for(seat)))
                if step in POSITIONS:
                    texts = [*seen, *garbage, *rng.sample(forged, min(FORGED, len(forged)))]
                    asked += ask_everything(client, room, opened, spectator, table, texts, rng)
                seat = rng.choice(state.to_act())
                text = rng.choice(views[seat]["legal"])
                opened[seat].send_text(json.dumps({"type": "action", "action": text, "step": room.step}))
                for s, ws in enumerate(opened[:players]):
                    views[s] = receive(ws, "update")["view"]
                receive(spectator, "update")
            assert asked >= 2, "the game ended before two positions were asked about"
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


def ask_everything(
    client: Any,
    room: Any,
    opened: list[WebSocketTestSession],
    spectator: WebSocketTestSession,
    table: str,
    texts: list[str],
    rng: random.Random,
) -> int:
    """Every seat asks about its own choices, the others', garbage and forged texts: each answer is
    ``offered``'s in the true state and in sampled worlds; nothing moved, nothing was stored, the
    other sockets heard nothing."""
    state, step = room.state, room.step
    before, rows = state.to_json(), stored(client, table)
    texts = list(dict.fromkeys(texts))
    for seat, ws in enumerate(opened[:-1]):  # (the last is the spectator's)
        worlds = [state] + [state.sample_world(seat, random.Random(rng.random())) for _ in range(WORLDS)]
        mine = {str(a) for a in state.legal_actions_for(seat)}
        for text in texts:
            answer = why(ws, text)
            assert answer == {"type": "why", "action": text, "step": step, "reason": answer["reason"]}, answer
            truth = [reason(world, seat, text) for world in worlds]
            assert answer["reason"] == truth[0], (seat, text)
            assert len(set(truth)) == 1, f"seat {seat}, {text!r}: the reason depends on unseen cards: {truth}"
            assert (answer["reason"] is None) == (canonical(state, text) in mine), (seat, text, answer)
            if answer["reason"] is not None:
                assert answer["reason"]
    assert room.step == step and room.state.to_json() == before, "a why moved the table"
    assert stored(client, table) == rows, "a why was stored"
    for ws in opened:  # the seats and the spectator
        quiet(ws, step)  # nobody heard of anybody's why, and nobody was sent an update
    spectator.send_text(json.dumps({"type": "why", "action": texts[0]}))
    refused = next_message(spectator)
    assert refused["type"] == "error" and refused["code"] == "spectator", refused
    return 1


def test_a_why_must_name_an_action_text(db_url: str) -> None:
    with running(db_url) as client:
        created = new_table(client, "summon7")
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            join(ws, token_of(created, 0))
            for shape in (
                {"type": "why"},
                {"type": "why", "action": ""},
                {"type": "why", "action": 3},
                {"type": "why", "action": None},
                {"type": "why", "action": "x" * 65},
                {"type": "why", "action": "hit", "step": 0},
                {"type": "why", "action": "hit", "seat": 1},
            ):
                ws.send_text(json.dumps(shape))
                refused = next_message(ws)
                assert refused["type"] == "error" and refused["code"] == "malformed", (shape, refused)
            answer = why(ws, "x" * 64)  # as long as an action may be: answered
            assert answer["type"] == "why" and answer["reason"]
            quiet(ws, 0)


def test_why_counts_toward_the_sockets_message_limit(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0, socket_messages=3) as client:
        created = new_table(client, "summon7")
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            join(ws, token_of(created, 1))
            for _ in range(3):
                assert why(ws, "hit")["type"] == "why"
            refused = why(ws, "hit")
            assert refused["type"] == "error" and refused["code"] == "rate-limit", refused
            clock.now += 10.5  # the window has passed: heard again
            assert why(ws, "hold")["type"] == "why"
            ws.send_text(json.dumps({"type": "ping"}))  # a ping and whys share the limit
            assert next_message(ws)["type"] == "pong"
            assert why(ws, "hold")["type"] == "why"
            refused = why(ws, "hold")
            assert refused["type"] == "error" and refused["code"] == "rate-limit", refused
            for _ in range(3):  # asking on while refused closes the socket, as any message does
                ws.send_text(json.dumps({"type": "why", "action": "hit"}))
            for _ in range(3):
                assert next_message(ws)["code"] == "rate-limit"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4429
