"""The JSON Schema (draft 2020-12) of a table's WebSocket messages (issue 32, "An exact contract"),
published at ``GET /api/schema/ws.json``.

``#/$defs/client`` is every message a client may send on ``/ws/tables/{id}`` (messages.py), one
object per text frame of at most 4 KB: exactly one of ``join``, ``action``, ``why``, ``hint``,
``chat``, ``offer``, ``withdraw``, ``reply``, ``back``, ``leave``, ``mute``, ``report`` and
``ping``, each with its fields and nothing else.  ``#/$defs/server`` is every message the server
sends: its ``type`` and the fields each type always carries (a view's contents are the game's,
described in docs/server.md, not here).

The server validates every message it receives against the schema (:func:`refusal`), after the
checks of messages.py, which say in words what is wrong with a message; a message those checks
pass and the schema refuses is refused all the same.  Some checks go further than a schema can
say (a chat line needs printable text; its 300 characters are counted once blanks are collapsed),
and each kind's description says so.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from jsonschema import Draft202012Validator

from .messages import MAX_ACTION, MAX_CHAT, MAX_ITEMS, MAX_MESSAGE, MAX_NOTE

Schema = dict[str, Any]
ADDRESS = "/api/schema/ws.json"
NUMBER: Schema = {"type": "integer", "minimum": 0, "maximum": 2**31 - 1}
ACTION: Schema = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_ACTION,
    "description": "an action's text",
}
ITEMS: Schema = {
    "type": "array",
    "maxItems": MAX_ITEMS,
    "items": {
        "type": "string",
        "minLength": 1,
        "maxLength": 32,
        "pattern": "^[^\\u0000-\\u0020\\u007f]+$",
        "description": 'an item code, printable, without a space ("10", "merc", "jpn")',
    },
}


def kind(name: str, description: str, required: tuple[str, ...] = (), /, **fields: Schema) -> Schema:
    """One kind of message: its ``type``, its fields, those it needs, and no others."""
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"const": name}, **fields},
        "required": ["type", *required],
        "additionalProperties": False,
    }


CLIENT: dict[str, Schema] = {
    "join": kind(
        "join",
        "the first message, once: a seat's token (from its invitation link), none for a spectator "
        "(or the seat of the logged-in account, or of the bot account whose API token opened the socket)",
        token={"type": ["string", "null"], "maxLength": 128},
        name={"type": ["string", "null"], "description": "a guest's name, printable (24 characters kept)"},
    ),
    "action": kind(
        "action",
        "one of the seat's choices now; step: the number of actions the client has seen",
        ("action",),
        action=ACTION,
        step={"type": ["integer", "null"], "minimum": 0},
    ),
    "why": kind("why", "why this text is not one of the seat's choices now", ("action",), action=ACTION),
    "hint": kind("hint", "what the bot would play now (a seat asked, at an unrated table)"),
    "chat": kind(
        "chat",
        f"a chat line: printable text, blanks collapsed, 1 to {MAX_CHAT} characters then",
        ("text",),
        text={"type": "string", "minLength": 1},
    ),
    "offer": kind(
        "offer",
        f"a trade offer to another seat; note: its promise, blanks collapsed, {MAX_NOTE} characters at most",
        ("to",),
        to=NUMBER,
        give=ITEMS,
        ask=ITEMS,
        note={"type": "string"},
    ),
    "withdraw": kind("withdraw", "withdraw one's open offer", ("offer",), offer=NUMBER),
    "reply": kind(
        "reply",
        "accept or decline an offer made to the seat",
        ("offer", "accept"),
        offer=NUMBER,
        accept={"type": "boolean"},
    ),
    "back": kind("back", "the player of an absent seat takes it back"),
    "leave": kind("leave", "the player leaves for good: a bot plays the seat to the end"),
    "mute": kind(
        "mute", "hide (on) or show again a seat's chat lines", ("seat",), seat=NUMBER, on={"type": "boolean"}
    ),
    "report": kind(
        "report",
        f"report a chat line to the admins, as received; reason: {MAX_NOTE} characters at most, collapsed",
        ("seat", "at", "text"),
        seat=NUMBER,
        at={"type": "number"},
        text={"type": "string", "maxLength": MAX_CHAT},
        reason={"type": "string"},
    ),
    "ping": kind("ping", "answered pong"),
}

OBJECT: Schema = {"type": "object"}
ARRAY: Schema = {"type": "array"}
STEP: Schema = {"type": "integer", "minimum": 0}
SEAT: Schema = {"type": ["integer", "null"], "minimum": 0}
TEXT: Schema = {"type": "string"}
OBJECT_OR_NULL: Schema = {"type": ["object", "null"]}
# where the game stands, and what the seat sees of it: in a welcome and after every action
POSITION: dict[str, Schema] = {"step": STEP, "over": {"type": "boolean"}, "last": OBJECT_OR_NULL}
SEEN: dict[str, Schema] = {"view": OBJECT, "labels": OBJECT}


def sent(name: str, description: str, /, **fields: Schema) -> Schema:
    """A kind of message the server sends: its type and the fields it always carries."""
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"const": name}, **fields},
        "required": ["type", *fields],
    }


SERVER: dict[str, Schema] = {
    "welcome": sent(
        "welcome",
        "after a join: the table, the seat, and what it sees",
        table=OBJECT,
        seat=SEAT,
        **POSITION,
        **SEEN,
        content=OBJECT,
        log=ARRAY,
        chat=ARRAY,
        offers=ARRAY,
        hints=OBJECT_OR_NULL,
        tutorial=OBJECT_OR_NULL,
    ),
    "update": sent(
        "update",
        "after every action: what the seat saw happen, and its view now",
        **POSITION,
        events=ARRAY,
        **SEEN,
        scores=ARRAY,
        clocks=ARRAY,
        now={"type": "number"},
        tutorial=OBJECT_OR_NULL,
    ),
    "seats": sent("seats", "who holds which seat, who is connected, absent or gone", seats=ARRAY),
    "rematch": sent("rematch", "the rematch's table", table=TEXT),
    "chat": sent("chat", "a chat line", line=OBJECT),
    "offers": sent("offers", "the trade offers the seat made or received", offers=ARRAY),
    "why": sent(
        "why",
        "why a text is not a choice now (null: it is one)",
        action=TEXT,
        step=STEP,
        reason={"type": ["string", "null"]},
    ),
    "hint": sent("hint", "what the bot would play", step=STEP, choices=ARRAY, used=STEP, limit=STEP),
    "hinted": sent("hinted", "a seat asked for a hint", seat=STEP, step=STEP, event=OBJECT),
    "error": sent("error", "a message refused: nothing changed", code=TEXT, error=TEXT),
    "pong": sent("pong", "the answer to a ping", step=STEP),
    "muted": sent("muted", "the seats whose chat lines this seat does not see", seats=ARRAY),
    "reported": sent("reported", "a report received: its number", report=STEP),
    "notice": sent(
        "notice", "news of the table: paused, resumed, ended, an offer declined", code=TEXT, text=TEXT
    ),
}


def one_of(side: str, kinds: dict[str, Schema], description: str) -> Schema:
    """Exactly one of a side's kinds of message (``#/$defs/client-join``...)."""
    return {
        "description": description,
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": list(kinds)}},
        "oneOf": [{"$ref": f"#/$defs/{side}-{name}"} for name in kinds],
    }


SCHEMA: Schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tabletop: a table's WebSocket messages (/ws/tables/{id})",
    "description": (
        f"#/$defs/client: what a client may send, one JSON object a text frame of at most "
        f"{MAX_MESSAGE} bytes; #/$defs/server: what the server sends (docs/server.md, WebSocket)"
    ),
    "$defs": {
        "client": one_of("client", CLIENT, "a message a client sends"),
        "server": one_of("server", SERVER, "a message the server sends"),
        **{f"client-{name}": schema for name, schema in CLIENT.items()},
        **{f"server-{name}": schema for name, schema in SERVER.items()},
    },
}

Draft202012Validator.check_schema(SCHEMA)
CLIENT_CHECKS = {name: Draft202012Validator(schema) for name, schema in CLIENT.items()}
SERVER_CHECKS = {name: Draft202012Validator(schema) for name, schema in SERVER.items()}
SERVER_CHECK = Draft202012Validator({**SCHEMA, "$ref": "#/$defs/server"})
CLIENT_CHECK = Draft202012Validator({**SCHEMA, "$ref": "#/$defs/client"})


def refusal(data: dict[str, Any], checks: dict[str, Draft202012Validator] = CLIENT_CHECKS) -> str | None:
    """What the schema refuses in a client's message (None: nothing): its kind's schema, chosen
    by its ``type`` (the same answer as ``#/$defs/client``, without trying every kind); the
    server's messages with ``checks=SERVER_CHECKS``."""
    check = checks.get(data["type"]) if isinstance(data.get("type"), str) else None
    if check is None:
        return "no such type of message"
    error = next(iter(check.iter_errors(data)), None)
    return None if error is None else f"{error.message} (at {'/'.join(map(str, error.absolute_path))})"


def router() -> APIRouter:
    api = APIRouter()

    @api.get(ADDRESS)
    async def ws_schema() -> dict[str, Any]:
        """The JSON Schema of the WebSocket's messages (a client's and the server's)."""
        return SCHEMA

    return api
