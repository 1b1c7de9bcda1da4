"""The WebSocket's JSON Schema (issue 32, ws_schema.py): published, valid, enforced, and the same
refusals in words as before it.  (tests/server/conftest.py checks every message the server's tests
send and receive over a table's socket against it.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tabletop.server import ws_schema
from tabletop.server.messages import BadMessage, parse

from .helpers import act, create, join, running, token_of

EXAMPLES: dict[str, dict[str, Any]] = {
    "join": {"type": "join", "token": "abc", "name": "Ana"},
    "action": {"type": "action", "action": "Ku", "step": 12},
    "why": {"type": "why", "action": "Ku"},
    "hint": {"type": "hint"},
    "chat": {"type": "chat", "text": "good luck"},
    "offer": {"type": "offer", "to": 2, "give": ["10", "aer.jpn"], "ask": ["jpn"], "note": "for peace"},
    "withdraw": {"type": "withdraw", "offer": 7},
    "reply": {"type": "reply", "offer": 7, "accept": True},
    "back": {"type": "back"},
    "leave": {"type": "leave"},
    "mute": {"type": "mute", "seat": 2, "on": True},
    "report": {"type": "report", "seat": 2, "at": 1.5, "text": "the line", "reason": "insults"},
    "ping": {"type": "ping"},
}
TYPES = '"type" must be "join", "action", "why", "hint", "chat", "offer", "withdraw", "reply", "back", '
TYPES += '"leave", "mute", "report" or "ping"'
ACTION = 'an action message needs "action": the action\'s text, e.g. "Ku"'
# (message, code, error): the refusals as they were worded before the schema, and whether the
# schema refuses the message too (it cannot count a chat line's printable characters)
REFUSALS: list[tuple[Any, str, str, bool]] = [
    ({"type": "action"}, "malformed", ACTION, True),
    ({"type": "action", "action": ""}, "malformed", ACTION, True),
    ({"type": "action", "action": "x" * 65}, "malformed", ACTION, True),
    (
        {"type": "action", "action": "Ku", "step": -1},
        "malformed",
        '"step" must be the number of actions you have seen',
        True,
    ),
    (
        {"type": "action", "action": "Ku", "step": "3"},
        "malformed",
        '"step" must be the number of actions you have seen',
        True,
    ),
    ({"type": "action", "action": "Ku", "seat": 1}, "malformed", "unexpected field(s): seat", True),
    (
        {"type": "why", "action": 3},
        "malformed",
        'a why message needs "action": the action\'s text, e.g. "Ku"',
        True,
    ),
    ({"type": "join", "token": 5}, "malformed", '"token" must be the text from your invitation link', True),
    (
        {"type": "join", "token": "x" * 129},
        "malformed",
        '"token" must be the text from your invitation link',
        True,
    ),
    ({"type": "join", "name": 5}, "malformed", "a name is a string", True),
    ({"type": "chat"}, "malformed", 'a chat message needs "text"', True),
    ({"type": "chat", "text": ""}, "malformed", "a chat line needs some text", True),
    ({"type": "chat", "text": " \t "}, "malformed", "a chat line needs some text", False),
    ({"type": "chat", "text": "x" * 301}, "too-long", "a chat line may be at most 300 characters", False),
    ({"type": "offer", "to": "2"}, "malformed", '"to" must be a number', True),
    (
        {"type": "offer", "to": 1, "give": "10"},
        "malformed",
        '"give" must be a list of at most 16 item codes',
        True,
    ),
    (
        {"type": "offer", "to": 1, "ask": ["a b"]},
        "malformed",
        '"ask" must hold item codes such as "10", "merc" or "jpn"',
        True,
    ),
    ({"type": "offer", "to": 1, "note": 3}, "malformed", '"note" must be text', True),
    ({"type": "withdraw", "offer": 2**31}, "malformed", '"offer" must be a number', True),
    ({"type": "reply", "offer": 1, "accept": "yes"}, "malformed", '"accept" must be true or false', True),
    ({"type": "mute", "seat": 1, "on": 1}, "malformed", '"on" must be true or false', True),
    (
        {"type": "report", "seat": 1, "at": "now", "text": "x"},
        "malformed",
        'a report needs the line\'s "seat", "at" and "text" as received',
        True,
    ),
    ({"type": "ping", "extra": 1}, "malformed", "unexpected field(s): extra", True),
    (
        {"type": "dance"},
        "malformed",
        TYPES,
        True,
    ),
    ([1, 2], "malformed", "a message must be a JSON object", True),
]


def test_the_schema_is_published_and_valid() -> None:
    Draft202012Validator.check_schema(ws_schema.SCHEMA)
    with running("sqlite://") as client:
        answer = client.get(ws_schema.ADDRESS)
        assert answer.status_code == 200
        assert answer.json() == ws_schema.SCHEMA
        assert ws_schema.ADDRESS in client.get("/api/openapi.json").json()["paths"]


def test_every_kind_of_client_message_has_its_schema() -> None:
    assert set(EXAMPLES) == set(ws_schema.CLIENT)
    for kind, message in EXAMPLES.items():
        parse(json.dumps(message))
        assert ws_schema.CLIENT_CHECK.is_valid(message), kind
        assert ws_schema.refusal(message) is None, kind
    assert ws_schema.CLIENT_CHECK.is_valid({"type": "action", "action": "Ku", "step": 12.0})  # an integer
    assert parse(json.dumps({"type": "action", "action": "Ku", "step": 12.0})) == parse(
        '{"type": "action", "action": "Ku", "step": 12}'
    )


@pytest.mark.parametrize(("message", "code", "error", "schema"), REFUSALS)
def test_bad_messages_are_refused_in_the_same_words(
    message: Any, code: str, error: str, schema: bool
) -> None:
    with pytest.raises(BadMessage) as refused:
        parse(json.dumps(message))
    assert (refused.value.code, refused.value.message) == (code, error)
    assert ws_schema.CLIENT_CHECK.is_valid(message) is not schema


def test_what_the_schema_refuses_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message the checks take but the schema does not is refused all the same (none is known:
    this is the net under the checks)."""
    monkeypatch.setattr(ws_schema, "refusal", lambda data: "no")
    with pytest.raises(BadMessage) as refused:
        parse('{"type": "ping"}')
    assert refused.value.code == "malformed" and ws_schema.ADDRESS in refused.value.message


def until(ws: Any, kind: str, seen: list[dict[str, Any]], over: bool = False) -> dict[str, Any]:
    """The next message of type ``kind`` (the game's end, ``over``), every one read kept."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        seen.append(message)
        if message["type"] == kind and (not over or message["over"]):
            return message


def test_a_played_game_sends_only_messages_of_the_schema(db_url: str) -> None:
    """A whole game of Summon 7 with a spectator, chat, hints, whys and pings: every message the
    server sends follows ``#/$defs/server`` (checked here, and by conftest.py as it is received)."""
    seen: list[dict[str, Any]] = []
    with running(db_url) as client:
        created = create(client, ["person", "person"], game="summon7", rated=False)
        table = created["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table}") as one,
            client.websocket_connect(f"/ws/tables/{table}") as two,
            client.websocket_connect(f"/ws/tables/{table}") as spectator,
        ):
            socks = [one, two]
            latest = [join(ws, token_of(created, seat)) for seat, ws in enumerate(socks)]
            seen += [*latest, join(spectator)]
            one.send_text(json.dumps({"type": "chat", "text": "good luck"}))
            for ws in socks:
                until(ws, "chat", seen)
                ws.send_text(json.dumps({"type": "why", "action": "nonsense"}))
                until(ws, "why", seen)
                ws.send_text(json.dumps({"type": "ping"}))
                until(ws, "pong", seen)
            while not latest[0]["over"]:
                seat = next(s for s in (0, 1) if latest[s]["view"]["legal"])
                if not any(m["type"] == "hint" for m in seen):
                    socks[seat].send_text(json.dumps({"type": "hint"}))
                    until(socks[seat], "hint", seen)
                act(socks[seat], latest[seat]["view"]["legal"][0], latest[seat]["step"])
                latest = [until(ws, "update", seen) for ws in socks]
            until(spectator, "update", seen, over=True)
    kinds = {message["type"] for message in seen}
    assert {"welcome", "update", "chat", "why", "pong", "hint", "hinted", "seats"} <= kinds, kinds
    for message in seen:
        error = next(iter(ws_schema.SERVER_CHECK.iter_errors(message)), None)
        assert error is None, (message["type"], error.message if error else None)
