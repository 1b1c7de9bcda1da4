"""What travels over a table's WebSocket, and the checks on what a client sends.

Client to server, one JSON object per text frame, at most ``MAX_MESSAGE`` bytes:

- ``{"type": "join", "token": "...", "name": "Ana"}`` first, once; no token: a spectator
- ``{"type": "action", "action": "Ku", "step": 12}``: one of the seat's choices now
  (``legal_actions_for(seat)``: anything else is refused, ``core.protocol.offered``); ``step``
  (optional) is the number of actions the client has seen; an action sent for an older position is
  refused as stale
- ``{"type": "why", "action": "Ku"}``: why that text is not one of the seat's choices now; the
  answer, to that socket only, is ``{"type": "why", "action", "step", "reason"}``: the reason
  ``core.protocol.offered`` gives (what an ``action`` message with that text would be told), or
  null when it is a choice.  It changes nothing and is never stored; spectators are refused
- ``{"type": "hint"}``: what the bot would play now (issue 28), for a seat the game asks, at an
  unrated table, a few times a game (hints.py, ``HINTS_PER_GAME``); the answer, to that socket
  only, is ``{"type": "hint", "step", "choices": [{"action", "label", "chance"}], "used",
  "limit"}``, and everybody's log gets a ``hinted`` line saying who asked
- ``{"type": "ping"}``
- ``{"type": "chat", "text": "good luck"}``: a line in the table's chat (seats only)
- ``{"type": "back"}``: the player of an absent seat (a bot played for it when its clock ran
  out) takes it back
- ``{"type": "leave"}``: the player leaves for good; a bot plays the seat to the end
- ``{"type": "mute", "seat": 2, "on": true}`` and ``{"type": "report", "seat": 2, "at": ...,
  "text": "...", "reason": "..."}``: a seat mutes another's chat lines, or reports one (issue 31,
  moderation.py); answered ``muted`` (the seats muted) and ``reported``
- ``{"type": "offer", "to": 2, "give": ["10", "aer.jpn"], "ask": ["jpn"], "note": "..."}``: a
  trade offer to another seat, in games where players trade at any time (``core.trading.Trading``);
  ``{"type": "withdraw", "offer": 7}`` and ``{"type": "reply", "offer": 7, "accept": true}``: the
  server makes each the game's move for the seat, which the rules judge (offers.py)

These are the only ways in: a seat's moves outside its questions (leaving, offers) have their own
messages, so no action text can make them.

Their JSON Schema is ws_schema.py's (``GET /api/schema/ws.json``): :func:`parse` checks each
message against it too, after the checks here, which say in words what is wrong.

A join without a token from a browser logged in to an account that holds a seat at the table
takes that seat.

Server to client: ``welcome``, ``update``, ``seats``, ``rematch``, ``chat``, ``offers``, ``why``,
``hint``, ``hinted``, ``error``, ``pong``, and (issue 31) ``muted``, ``reported`` and ``notice`` (an
admin paused, resumed or ended the table) (docs/server.md shows each).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

MAX_MESSAGE = 4096
MAX_NAME = 24
MAX_ACTION = 64  # characters in an action's text (an action message's, a why message's)
MAX_CHAT = 300  # characters in a chat line
MAX_NOTE = 200  # characters in an offer's promise
MAX_ITEMS = 16  # items on each side of an offer (the game may allow fewer)


class BadMessage(Exception):
    """A message refused before it reaches the game; ``code`` names the kind of refusal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Join:
    token: str | None
    name: str | None


@dataclass(frozen=True)
class Act:
    action: str
    step: int | None


@dataclass(frozen=True)
class Why:
    """Why ``action`` is not one of the seat's choices now (answered, never played)."""

    action: str


@dataclass(frozen=True)
class Signal:
    """A message that is its type only: nothing to check but that it has no other field."""


class Ping(Signal):
    """Answered pong."""


class Hint(Signal):
    """What the bot would play in the seat's place now (answered to that socket, announced)."""


@dataclass(frozen=True)
class Say:
    """A chat line: printable text, trimmed, 1 to MAX_CHAT characters."""

    text: str


class Back(Signal):
    """The player of an absent seat takes it back."""


class Leave(Signal):
    """The player leaves for good: a bot plays the seat to the end."""


@dataclass(frozen=True)
class MakeOffer:
    to: int
    give: list[str]
    ask: list[str]
    note: str


@dataclass(frozen=True)
class Withdraw:
    offer: int


@dataclass(frozen=True)
class Reply:
    offer: int
    accept: bool


@dataclass(frozen=True)
class Mute:
    """This seat no longer sees (``on``), or sees again, ``seat``'s chat lines (moderation.py)."""

    seat: int
    on: bool


@dataclass(frozen=True)
class Report:
    """A chat line reported to the admins: its seat, time and text as received (moderation.py)."""

    seat: int
    at: float
    text: str
    reason: str


Message = Join | Act | Why | Ping | Hint | Say | Back | Leave | MakeOffer | Withdraw | Reply | Mute | Report


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def error(code: str, message: str) -> str:
    return dumps({"type": "error", "code": code, "error": message})


def clean_name(name: Any) -> str | None:
    """A display name: printable, trimmed, at most MAX_NAME characters; None if empty."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise BadMessage("malformed", "a name is a string")
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    return text or None


def parse(text: str | bytes | None) -> Message:
    """The message in ``text``, or :class:`BadMessage` saying what is wrong with it."""
    if text is None:
        raise BadMessage("malformed", "send JSON messages as text frames")
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise BadMessage("too-large", f"a message may be at most {MAX_MESSAGE} bytes, this one is {size}")
    if isinstance(text, bytes):
        raise BadMessage("malformed", "send JSON messages as text frames")
    try:
        data = orjson.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("malformed", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed", "a message must be a JSON object")
    message = _read(data)  # the checks, which say what is wrong in words
    from .ws_schema import ADDRESS, refusal  # which imports this module's limits

    if refusal(data) is not None:  # refused by the published schema all the same (none should be)
        raise BadMessage("malformed", f"this message does not follow the schema at {ADDRESS}")
    return message


def _read(data: dict[str, Any]) -> Message:
    """The message ``data`` holds, or :class:`BadMessage` saying what is wrong with it."""
    kind = data.get("type")
    if kind == "action":
        action, step = data.get("action"), _whole(data.get("step"))
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION:
            raise BadMessage("malformed", 'an action message needs "action": the action\'s text, e.g. "Ku"')
        if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
            raise BadMessage("malformed", '"step" must be the number of actions you have seen')
        _only(data, {"type", "action", "step"})
        return Act(action, step)
    if kind == "why":
        action = data.get("action")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION:
            raise BadMessage("malformed", 'a why message needs "action": the action\'s text, e.g. "Ku"')
        _only(data, {"type", "action"})
        return Why(action)
    if kind == "join":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 128):
            raise BadMessage("malformed", '"token" must be the text from your invitation link')
        _only(data, {"type", "token", "name"})
        return Join(token or None, clean_name(data.get("name")))
    if kind == "chat":
        said = data.get("text")
        if not isinstance(said, str):
            raise BadMessage("malformed", 'a chat message needs "text"')
        line = _collapsed(said)
        if not line:
            raise BadMessage("malformed", "a chat line needs some text")
        if len(line) > MAX_CHAT:
            raise BadMessage("too-long", f"a chat line may be at most {MAX_CHAT} characters")
        _only(data, {"type", "text"})
        return Say(line)
    if kind == "offer":
        _only(data, {"type", "to", "give", "ask", "note"})
        to = _number(data.get("to"), "to")
        return MakeOffer(
            to, _items(data, "give"), _items(data, "ask"), _words(data, "note", "an offer's promise")
        )
    if kind == "withdraw":
        _only(data, {"type", "offer"})
        return Withdraw(_number(data.get("offer"), "offer"))
    if kind == "reply":
        _only(data, {"type", "offer", "accept"})
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise BadMessage("malformed", '"accept" must be true or false')
        return Reply(_number(data.get("offer"), "offer"), accept)
    if kind in ("mute", "report"):
        return _moderation(kind, data)
    simple: dict[str, type[Ping | Back | Leave | Hint]] = {
        "ping": Ping,
        "back": Back,
        "leave": Leave,
        "hint": Hint,
    }
    if isinstance(kind, str) and kind in simple:
        _only(data, {"type"})
        return simple[kind]()
    kinds = '"join", "action", "why", "hint", "chat", "offer", "withdraw", "reply", "back", "leave", '
    kinds += '"mute", "report" or "ping"'
    raise BadMessage("malformed", f'"type" must be {kinds}')


def _moderation(kind: str, data: dict[str, Any]) -> Mute | Report:
    """``{"type": "mute", "seat": 2, "on": true}``; ``{"type": "report", "seat": 2, "at": 1.5,
    "text": "the line", "reason": "insults"}`` (issue 31)."""
    seat = _number(data.get("seat"), "seat")
    if kind == "mute":
        _only(data, {"type", "seat", "on"})
        on = data.get("on", True)
        if not isinstance(on, bool):
            raise BadMessage("malformed", '"on" must be true or false')
        return Mute(seat, on)
    _only(data, {"type", "seat", "at", "text", "reason"})
    at, text = data.get("at"), data.get("text")
    if not isinstance(at, int | float) or isinstance(at, bool) or not isinstance(text, str):
        raise BadMessage("malformed", 'a report needs the line\'s "seat", "at" and "text" as received')
    if len(text) > MAX_CHAT:
        raise BadMessage("malformed", 'a report needs the line\'s "seat", "at" and "text" as received')
    return Report(seat, float(at), text, _words(data, "reason", "a report's reason"))


def _whole(value: Any) -> Any:
    """A JSON number without a fraction is an integer (12.0 is 12, as in JSON Schema)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _number(value: Any, name: str) -> int:
    value = _whole(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 31:
        raise BadMessage("malformed", f'"{name}" must be a number')
    return value


def _items(data: dict[str, Any], name: str) -> list[str]:
    items = data.get(name, [])
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        raise BadMessage("malformed", f'"{name}" must be a list of at most {MAX_ITEMS} item codes')
    for item in items:
        if not isinstance(item, str) or not 0 < len(item) <= 32 or not item.isprintable() or " " in item:
            raise BadMessage("malformed", f'"{name}" must hold item codes such as "10", "merc" or "jpn"')
    return list(items)


def _collapsed(text: str) -> str:
    """``text`` trimmed, each run of blanks and unprintable characters one space."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


def _words(data: dict[str, Any], name: str, what: str) -> str:
    """The optional free text ``name`` (an offer's promise, a report's reason: ``what``),
    collapsed; at most MAX_NOTE characters then."""
    words = data.get(name, "")
    if not isinstance(words, str):
        raise BadMessage("malformed", f'"{name}" must be text')
    words = _collapsed(words)
    if len(words) > MAX_NOTE:
        raise BadMessage("too-long", f"{what} may be at most {MAX_NOTE} characters")
    return words


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise BadMessage("malformed", f"unexpected field(s): {', '.join(map(str, extra))}")
