"""The audit's table: a whole game over the real WebSocket protocol, every seat a scripted person,
a spectator, seats that reconnect (more than once, with and without an overlap), bad messages from
every socket between the moves, and replays and the record fetched as the game goes.  Everything
each socket receives is kept for test_audit.py, which checks it against the record replayed.

Every bad message is followed by a ``ping`` on its socket: what arrives before the ``pong`` is what
the bad message made, which must be exactly one ``error`` (nothing for a message the server ignores
by design), and the ``pong``'s step and the live state must not have moved.

Each game has a :class:`Plug`: its player counts and seed, how its scripted players choose, its
forged moves (texts of moves no client may make), its trade-offer messages (sent only as bad ones
for now) and a hook called between the moves (``between``) that may send more messages and tell
the table what to expect (``Table.bad``, ``Table.settle``): MegaCorps' offers at any time plug in
there.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.core.errors import InvalidActionText
from tabletop.core.protocol import Game
from tabletop.core.registry import game_class, make

from .helpers import QUIET, Bad, Sock, refused, token_of

NAMES = ("Ana", "Bea", "Cyd", "Dot", "Eve", "Flo")  # display names (none looks like a card)


def no_trading(table: Table, sock: Sock) -> list[Bad]:
    """Trade offers in a game without trading: refused, whoever sends them."""
    offer = {"type": "offer", "to": ((sock.seat or 0) + 1) % table.players, "give": ["1"], "ask": []}
    if sock.seat is None:
        return [refused("offer", "spectator", offer)]
    return [
        refused("offer", "no-trading", offer),
        refused("offer", "no-offer no-trading", {"type": "withdraw", "offer": 1}),
        refused("offer", "no-offer no-trading", {"type": "reply", "offer": 1, "accept": True}),
    ]


def megacorps_offers(table: Table, sock: Sock) -> list[Bad]:
    """MegaCorps' trade offers at any time where plainly invalid (megacorps_trades makes the valid
    ones): an offer to oneself, any offer message from the spectator, answers to offers never made."""
    offer = {"type": "offer", "to": sock.seat or 0, "give": ["1"], "ask": []}
    answers: list[dict[str, Any]] = [
        {"type": "withdraw", "offer": 999},
        {"type": "reply", "offer": 999, "accept": True},
    ]
    if sock.seat is None:
        return [refused("offer", "spectator", m) for m in (offer, *answers)]
    over = " over" if table.over else ""  # the server may say that first, once the game is over
    mine = refused("offer", "bad-offer offer-limit" + over, offer)  # the rate is checked first
    return [mine, *(refused("offer", "no-offer bad-offer" + over, m) for m in answers)]


def nothing(table: Table, rng: random.Random) -> None:
    pass


def megacorps_trades(table: Table, rng: random.Random) -> None:
    """MegaCorps' offers at any time, between the moves: a random offer (with a promise) from a
    random seat, and random answers and withdrawals of the offers open, each sent as its message.
    What the rules take is settled as a move (its text as the record holds it); what they refuse
    (tried first on a copy of the position) must be refused, changing nothing."""
    from tests.games.megacorps.test_offers import random_offer

    if table.over:
        return
    state = table.room.state
    moves: list[tuple[int, Any, dict[str, Any]]] = []
    made = random_offer(state, rng) if rng.random() < 0.35 else None
    if made is not None:
        frm, to, give, ask = made
        note = f"promise {len(table.promises)} <i>{frm}-{to}</i>"
        message = {"type": "offer", "to": to, "give": give, "ask": ask, "note": note}
        moves.append((frm, state.offer_action(to, give, ask), message))
        table.promises.append((frm, to, note))
    for offer in state.open_offers(None):
        number, frm, to = offer["id"], offer["from"], offer["to"]
        if offer["status"] != "open" or rng.random() < 0.6:
            continue
        if rng.random() < 0.25:
            moves.append((frm, state.withdraw_action(number), {"type": "withdraw", "offer": number}))
        else:
            accept = rng.random() < 0.7
            reply = {"type": "reply", "offer": number, "accept": accept}
            moves.append((to, state.answer_action(number, accept), reply))
        if rng.random() < 0.2:  # somebody else answers it, or its receiver withdraws it
            stranger = next(s for s in range(table.players) if s not in (frm, to) or table.players == 2)
            table.bad(table.current[stranger], refused("offer", "bad-offer", reply_or_take(number, rng)))
    for seat, move, message in moves[:2]:
        if message["type"] == "offer" and table.room.offers.made.blocked(str(seat)):
            table.bad(table.current[seat], refused("offer", "offer-limit", message))  # 12 a minute
            continue
        trial = table.room.state.clone()
        try:
            trial.apply(move, seat)
        except Exception:
            table.bad(table.current[seat], refused("offer", "bad-offer", message))
            continue
        sock = table.current[seat]
        sock.send(message)
        table.settle([(sock, str(move))])
        table.trades += 1


def reply_or_take(number: int, rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.5:
        return {"type": "withdraw", "offer": number}
    return {"type": "reply", "offer": number, "accept": True}


MC_EAGER = ("play kleptocrats", "play elections", "play no-confidence")  # cards asking several seats


def megacorps_choose(legal: list[str], rng: random.Random) -> str:
    """The cards asking several seats at once first, and few in-turn offers (a shorter game)."""
    eager = [a for a in legal if a in MC_EAGER]
    if eager:
        return eager[0]
    calm = [a for a in legal if not a.startswith("offer")]
    return rng.choice(calm if calm and rng.random() < 0.9 else legal)


@dataclass
class Plug:
    """What the audit needs of one game beyond the protocol.

    ``between(table, rng)`` is called before each move, when every socket has read everything:
    it may send messages of its own and tell the table what to expect, with ``Table.bad`` (a
    message to refuse: its error codes) or ``Table.settle`` (messages that make moves: each as the
    record will hold its action, ``(socket, text)``), and may read sockets (``Sock.until``).
    MegaCorps' trade offers at any time plug in there (and in ``offers``, the bad ones)."""

    players: tuple[int, ...]
    seed: int
    choose: Callable[[list[str], random.Random], str] = lambda legal, rng: rng.choice(legal)
    forged: tuple[str, ...] = ()  # texts of moves no client may make, sent as actions
    offers: Callable[[Table, Sock], list[Bad]] = no_trading  # trade-offer messages to refuse
    between: Callable[[Table, random.Random], None] = nothing
    several: bool = False  # whether the game asks several seats at once (the audit makes sure)


PLUGS: dict[str, Plug] = {
    "megalomania": Plug(players=(2, 4), seed=11),
    "summon7": Plug(players=(2, 5), seed=12),
    "clan": Plug(players=(2, 4), seed=13),
    "manasurge": Plug(players=(3, 5), seed=14),
    "megacorps": Plug(
        players=(3, 4),
        seed=7,
        choose=megacorps_choose,
        forged=("leave", "swap 1 5/-", "swap 0 -/jpn", "swap 2 merc/-", "@1 leave", "@0 swap 1 5/-"),
        offers=megacorps_offers,
        between=megacorps_trades,
        several=True,
    ),
}


def plug_for(game: str) -> Plug:
    """A game's plug; a game registered without one is audited at its least and default counts."""
    found = PLUGS.get(game)
    if found is not None:
        return found
    spec = {s.name: s for s in game_class(game).option_specs}["players"]
    return Plug(players=tuple(sorted({int(spec.minimum or spec.default), int(spec.default)})), seed=1)


MALFORMED = (
    "{", "not json", "[]", '["action", "x"]', '"action"', "42", "null", "{}", "", '{"type": null}',
    '{"type": "dance"}', '{"type": "ACTION", "action": "x"}', "{" * 300 + "}" * 300,
)  # fmt: skip
GARBAGE = ("Zz", "play=", "\u0000", "💥", "x" * 64, " ", "@0", "@9 x", "Ku Ku", "hit hold", "bid -1", "-1")
FIELD_NAMES = ("seat", "token", "as", "Step", "actions")


class Table:
    """A table being audited: its sockets, what was sent and accepted, replays and snapshots."""

    def __init__(self, client: TestClient, game: str, players: int, plug: Plug) -> None:
        self.client = client
        self.game_name = game
        self.players = players
        self.plug = plug
        self.rng = random.Random(plug.seed * 100 + players)
        options = {"players": players}
        body = {"game": game, "seats": ["person"] * players, "options": options, "clock": {"mode": "none"}}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        self.created: dict[str, Any] = response.json()
        self.id: str = self.created["table"]["id"]
        self.tokens = [token_of(self.created, s) for s in range(players)]
        self.game: Game[Any] = make(game, **options)
        self.socks: list[Sock] = []
        self.current: dict[int | None, Sock] = {}
        self.step = 0
        self.over = False
        self.cycles: list[tuple[int, list[tuple[int, str]]]] = []  # (step before, actions accepted)
        self.replays: list[tuple[int | None, int, dict[str, Any]]] = []  # (viewer, steps then, replay)
        self.snapshots: dict[int, dict[str, Any]] = {}  # the live state, by step
        self.pool: set[str] = set()  # every legal text seen by any seat
        self.since: dict[int, int] = {}  # each asked seat: its question opened at this step or later
        self.asked_with: dict[int, list[str]] = {}  # each asked seat's choices when last seen
        self.chat: list[str] = []
        self.turned_away: list[dict[str, Any]] = []  # what sockets refused at the join got
        self.promises: list[tuple[int, int, str]] = []  # offers' promises: (maker, receiver, text)
        self.trades = 0  # moves about offers taken

    @property
    def room(self) -> Any:
        return self.client.app.state.hub.rooms[self.id]  # type: ignore[attr-defined]

    # -- sockets -------------------------------------------------------------------------------
    def connect(self, seat: int | None) -> Sock:
        ws = self.client.websocket_connect(f"/ws/tables/{self.id}")
        ws.__enter__()
        count = sum(1 for s in self.socks if s.seat == seat)
        sock = Sock(f"{'spectator' if seat is None else f'seat {seat}'} #{count + 1}", seat, ws)
        self.socks.append(sock)
        join: dict[str, Any] = {"type": "join"}
        if seat is not None:
            join.update(token=self.tokens[seat], name=NAMES[seat])
        sock.send(join)
        sock.until("welcome")
        assert sock.step == self.step, (sock.label, sock.step, self.step)
        self.current[seat] = sock
        self.note(sock, sock.step)
        return sock

    def close(self, sock: Sock) -> None:
        self.ping(sock)  # everything queued before is read
        sock.ws.__exit__(None, None, None)
        sock.closed = True

    def reconnect(self, seat: int, overlap: bool) -> None:
        """A seat's socket closes and a new one joins with its token (the new one first when
        ``overlap``: two tabs for a moment)."""
        old = self.current[seat]
        if overlap:
            self.connect(seat)
            self.close(old)
        else:
            self.close(old)
            self.connect(seat)

    def turn_away(self) -> None:
        """Sockets that never join: a forged token, another seat's token in a wrong shape, a first
        message that is not a join.  Each gets one error and is closed."""
        for first, code, close in (
            ({"type": "join", "token": "x" * 24}, "forbidden", 4403),
            ({"type": "join", "token": self.tokens[0][::-1]}, "forbidden", 4403),
            ({"type": "action", "action": "x", "step": 0}, "join-first", 4400),
            ({"type": "join", "token": 7}, "malformed", 4400),
        ):
            with self.client.websocket_connect(f"/ws/tables/{self.id}") as ws:
                ws.send_text(json.dumps(first))
                message = json.loads(ws.receive_text())
                self.turned_away.append(message)
                assert message["type"] == "error" and message["code"] == code, (first, message)
                try:
                    ws.receive_text()
                    raise AssertionError(f"{first}: the socket stayed open")
                except WebSocketDisconnect as err:
                    assert err.code == close, (first, err.code)

    def ping(self, sock: Sock) -> dict[str, Any]:
        sock.send({"type": "ping"})
        return sock.until("pong")

    def open_socks(self) -> list[Sock]:
        return [s for s in self.socks if not s.closed]

    # -- what each seat knows ----------------------------------------------------------------------
    def note(self, sock: Sock, earliest: int) -> None:
        """Learn from a seat's latest message: the legal texts (for plausible bad ones) and a lower
        bound of the step its question opened at: a question stays open only while its seat is
        asked the same choices (prompts.asked), so one newly asked, or with other choices, opened
        at ``earliest`` (the first step since the seat was last seen) or later."""
        if sock.seat is None:
            return
        legal, seat = sock.legal, sock.seat
        self.pool.update(legal)
        if not legal:
            self.since.pop(seat, None)
            self.asked_with.pop(seat, None)
        elif legal != self.asked_with.get(seat):
            self.since[seat] = earliest
            self.asked_with[seat] = legal

    def seats_asked(self) -> list[int]:
        return [s for s in range(self.players) if self.current[s].legal]

    # -- bad messages ----------------------------------------------------------------------------
    def bad(self, sock: Sock, bad: Bad) -> None:
        """Send ``bad`` and check what came of it: one error of the codes expected (or nothing),
        no update, the table's step and state as they were."""
        before = self.live()
        mark = len(sock.got)
        sock.send(bad.message)
        pong = self.ping(sock)
        came = [m for m in sock.got[mark:] if m["type"] not in QUIET]
        errors = [m for m in came if m["type"] == "error"]
        expected = ["error", "pong"] if bad.codes else ["pong"]
        shown = bad.message if len(bad.message) < 200 else bad.message[:200]
        assert [m["type"] for m in came] == expected, f"{sock.label} sent {shown!r} ({bad.kind}): got {came}"
        if errors:
            assert errors[0]["code"] in bad.codes, f"{sock.label} sent {shown!r} ({bad.kind}): {errors[0]}"
        assert pong["step"] == self.step, f"{sock.label} sent {shown!r} ({bad.kind}): the table moved"
        assert self.live() == before, f"{sock.label} sent {shown!r} ({bad.kind}): the state changed"
        sock.refused.append((bad, errors[0] if errors else None, self.step))

    def live(self) -> dict[str, Any]:
        """The live table as the server holds it (read between messages, when nothing runs)."""
        room = self.room
        seats = [(s.joined, s.absent, s.left) for s in room.seats]
        offers = [(o.id, o.status) for o in room.offers.items]
        return {"state": room.state.to_json(), "step": room.step, "seats": seats, "offers": offers}

    def action_codes(self, sock: Sock, text: str, step: int | None) -> frozenset[str] | None:
        """The error an action message must get (None: it might be accepted, so it is not sent).
        The room checks, in order: the spectator, the end, the step, the turn, the text."""
        if sock.seat is None:
            return frozenset({"spectator"})
        if self.over:
            return frozenset({"over"})
        if step is not None and step != self.step:
            since = self.since.get(sock.seat)
            if step > self.step or since is None or step < since:
                return frozenset({"stale"})
            return None
        if not sock.legal:
            return frozenset({"out-of-turn"})
        try:
            action = self.game.parse_action(text)
        except InvalidActionText:
            return frozenset({"invalid"})
        return None if str(action) in sock.legal else frozenset({"illegal"})

    def act_bad(self, sock: Sock, text: str, step: int | None, kind: str) -> None:
        codes = self.action_codes(sock, text, step)
        if codes is None or not 0 < len(text) <= 64:
            return
        message: dict[str, Any] = {"type": "action", "action": text}
        if step is not None:
            message["step"] = step
        self.bad(sock, Bad(json.dumps(message), codes, kind))

    def bad_kinds(self) -> dict[str, Callable[[Sock], None]]:
        return {
            "json": self.bad_json,
            "types": self.bad_types,
            "fields": self.bad_fields,
            "join": self.bad_join,
            "long": self.bad_long,
            "garbage": lambda s: self.act_bad(s, self.rng.choice(GARBAGE), self.step, "garbage"),
            "foreign": self.bad_foreign,
            "stale": self.bad_stale,
            "forged": self.bad_forged,
            "offer": self.bad_offers,
            "spectator": self.bad_spectator,
        }

    def some_bad(self, sock: Sock, kinds: list[str] | None = None) -> None:
        table = self.bad_kinds()
        for kind in kinds or [self.rng.choice(list(table))]:
            table[kind](sock)

    def sweep(self) -> None:
        """Every kind of bad message from every socket open."""
        for sock in self.open_socks():
            self.some_bad(sock, list(self.bad_kinds()))

    def bad_json(self, sock: Sock) -> None:
        self.bad(sock, refused("json", "malformed", self.rng.choice(MALFORMED)))
        self.bad(sock, refused("json", "malformed", b'{"type": "ping"}'))  # a binary frame

    def bad_types(self, sock: Sock) -> None:
        text = sock.legal[0] if sock.seat is not None and sock.legal else "x"
        wrong: list[dict[str, Any]] = [
            {"type": "action", "action": 5},
            {"type": "action", "action": [text]},
            {"type": "action", "action": text, "step": str(self.step)},
            {"type": "action", "action": text, "step": -1},
            {"type": "action", "action": text, "step": True},
            {"type": "action", "action": text, "step": self.step + 0.5},
            {"type": "action", "action": ""},
            {"type": "chat", "text": ["hi"]},
            {"type": "chat", "text": " \t\n "},
            {"type": "offer", "to": "1", "give": [], "ask": []},
            {"type": "offer", "to": 1, "give": "10", "ask": []},
            {"type": "reply", "offer": 1, "accept": "yes"},
            {"type": "withdraw", "offer": -1},
            {"type": 3},
        ]
        self.bad(sock, refused("types", "malformed", self.rng.choice(wrong)))

    def bad_fields(self, sock: Sock) -> None:
        """A message with a field too: refused whole, even around an action the seat may take."""
        text = sock.legal[0] if sock.seat is not None and sock.legal else "x"
        extra = {self.rng.choice(FIELD_NAMES): (sock.seat or 0) + 1}
        choices: list[dict[str, Any]] = [
            {"type": "action", "action": text, "step": self.step, **extra},
            {"type": "ping", **extra},
            {"type": "chat", "text": "hello", **extra},
            {"type": "back", **extra},
            {"type": "leave", **extra},
        ]
        self.bad(sock, refused("fields", "malformed", self.rng.choice(choices)))

    def bad_join(self, sock: Sock) -> None:
        """A join on a socket already joined, even with another seat's token: no seat changes."""
        token = self.tokens[((sock.seat or 0) + 1) % self.players]
        message = self.rng.choice([{"type": "join"}, {"type": "join", "token": token, "name": "Mallory"}])
        self.bad(sock, refused("join", "joined", message))

    def bad_long(self, sock: Sock) -> None:
        long_text = (sock.legal[0] + " ") * 40 if sock.seat is not None and sock.legal else "y" * 65
        choices: list[tuple[str, dict[str, Any]]] = [
            ("malformed", {"type": "action", "action": long_text[:65]}),
            ("too-long", {"type": "chat", "text": "z" * 301}),
            ("too-large", {"type": "chat", "text": "w" * 5000}),
            ("too-large", {"type": "action", "action": "v", "pad": "p" * 4100}),
            ("too-long", {"type": "offer", "to": 0, "give": [], "ask": [], "note": "n" * 201}),
        ]
        codes, message = self.rng.choice(choices)
        self.bad(sock, refused("long", codes, message))

    def bad_offers(self, sock: Sock) -> None:
        for bad in self.plug.offers(self, sock):
            self.bad(sock, bad)

    def bad_foreign(self, sock: Sock) -> None:
        """Texts that are actions of the game: another seat's choices now, or choices of other
        positions; refused unless among the sender's own."""
        others = [t for s in self.seats_asked() if s != sock.seat for t in self.current[s].legal]
        pool = sorted(self.pool)
        texts = [t for t in others + pool if sock.seat is None or t not in sock.legal]
        if texts:
            text = self.rng.choice(others if others and self.rng.random() < 0.5 else texts)
            self.act_bad(sock, text, self.step, "foreign")

    def bad_stale(self, sock: Sock) -> None:
        """An action sent for a position that is gone (or not yet there): before the seat's
        question opened (any step before now when it is not asked), or after now."""
        text = self.rng.choice(sock.legal) if sock.seat is not None and sock.legal else "x"
        since = self.since.get(sock.seat, self.step) if sock.seat is not None else self.step
        if since and self.rng.random() < 0.6:
            step = self.rng.randrange(since)
        else:
            step = self.step + self.rng.randint(1, 5)
        self.act_bad(sock, text, step, "stale")

    def bad_forged(self, sock: Sock) -> None:
        """Moves a client may never send as actions: the game's own (``leave``, trades carried out)
        and record entries naming another seat (``@seat text``)."""
        other = ((sock.seat or 0) + 1) % self.players
        theirs = self.current[other].legal or sorted(self.pool) or ["x"]
        texts = [*self.plug.forged, f"@{other} {self.rng.choice(theirs)}", f"@{sock.seat} x"]
        self.act_bad(sock, self.rng.choice(texts), self.step, "forged")

    def bad_spectator(self, sock: Sock) -> None:
        """What only a seat may do, from the spectator: chat, leave, back."""
        if sock.seat is not None:
            return
        self.bad(sock, refused("spectator", "spectator", {"type": "chat", "text": "I see everything"}))
        self.bad(sock, refused("spectator", "spectator", {"type": "leave"}))
        self.bad(sock, refused("spectator", "spectator", {"type": "back"}))

    # -- moves ---------------------------------------------------------------------------------------
    def turn(self) -> None:
        """Every seat asked answers (several at once: each sends its answer before anyone reads,
        in a random order, with the step it saw)."""
        asked = self.seats_asked()
        assert asked, f"nobody is asked at step {self.step}"
        self.rng.shuffle(asked)
        sent = []
        for seat in asked:
            sock = self.current[seat]
            text = self.plug.choose(sock.legal, self.rng)
            sock.send({"type": "action", "action": text, "step": sock.step})
            sent.append((sock, text))
        self.settle(sent)

    def settle(self, sent: list[tuple[Sock, str]]) -> None:
        """The actions ``sent`` are answered: each sender's ping tells whether its action was
        refused (an error) or taken; then every socket reads on to the new step, and must get
        exactly one update per action taken."""
        start = self.step
        taken: list[tuple[int, str]] = []
        for sock, text in sent:
            mark = len(sock.got)
            self.ping(sock)
            errors = [m for m in sock.got[mark:] if m["type"] == "error"]
            assert len(errors) <= 1, (sock.label, text, errors)
            if errors:  # only an answer among several that another's answer made stale
                assert len(sent) > 1 and errors[0]["code"] == "stale", (sock.label, text, errors[0])
                sock.refused.append((refused("sealed", "stale", text), errors[0], start))
            else:
                assert sock.seat is not None
                taken.append((sock.seat, text))
        self.step = start + len(taken)
        for sock in self.open_socks():
            while sock.step < self.step:
                message = sock.read()
                assert message["type"] != "error", (sock.label, message)
            assert sock.step == self.step, (sock.label, sock.step, self.step)
            self.note(sock, start + 1)
        self.cycles.append((start, taken))
        self.over = bool(self.current[None].latest["over"])
        self.snapshots[self.step] = self.live()["state"]

    # -- replays and the record, during the game ---------------------------------------------------
    def fetch_replays(self) -> None:
        step = self.rng.randint(0, self.step)
        url = f"/api/tables/{self.id}/replay"
        seat = self.rng.randrange(self.players)
        other = (seat + 1) % self.players

        def get(params: dict[str, Any], token: str | None = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            return self.client.get(url, params=params, headers=headers)

        fetches: list[tuple[int | None, dict[str, Any], str | None]] = [
            (None, {"step": step}, None),
            (None, {"step": step}, self.tokens[seat]),  # a seat's token, the spectator's view
            (seat, {"step": step, "seat": seat}, self.tokens[seat]),
        ]
        refusals: list[tuple[int, dict[str, Any], str | None]] = [
            (403, {"step": step}, "not-a-token"),
            (400, {"step": self.step + 1}, None),
            (400, {"step": step, "seat": self.players}, self.tokens[seat]),
        ]
        if self.over:  # every seat's view is public now
            fetches += [(seat, {"step": step, "seat": seat}, None), (seat, {"step": step, "seat": seat}, "")]
        else:  # a seat's view, without its token or with another seat's
            refusals += [
                (403, {"step": step, "seat": seat}, None),
                (403, {"step": step, "seat": seat}, self.tokens[other]),
            ]
        for viewer, params, token in fetches:
            response = get(params, token)
            assert response.status_code == 200, (params, response.text)
            self.replays.append((viewer, self.step, response.json()))
        for status, params, token in refusals:
            response = get(params, token)
            assert response.status_code == status, (params, token is not None, response.text)
            assert list(response.json()) == ["detail"], response.text
        record = self.client.get(f"/api/tables/{self.id}/record")
        assert record.status_code == (200 if self.over else 409), record.text

    def say(self, seat: int, text: str) -> None:
        """A chat line from a seat: every socket gets it (read as the sockets go on)."""
        sock = self.current[seat]
        sock.send({"type": "chat", "text": text})
        sock.until("chat")
        self.chat.append(text)
