"""Trust at the table (issue 27): the three ways an audit took or read what was not a seat's, each
tried again over the real WebSocket at a MegaCorps table of three people and a spectator.

1. A forged trade: the text of a trade (the old ``swap 1 5/-``, today's ``propose ...``,
   ``accept 1``) or ``leave`` sent as an action, by the seat asked and by the others, at many
   moments: each is refused, and nothing changes, money least of all.
2. A card put into an in-turn offer: the other seats and the spectator learn that the composer
   acted, never what (``last.action`` is null for them), until the offer is sent.
3. Refusals that read another seat's hand: for every event card, texts naming it in another
   seat's hand get the same answer whether that seat holds it or not.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from tabletop.server import hub as hub_module

from .helpers import join, running, token_of

PLAYERS = 3


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: 21))


def send(ws: WebSocketTestSession, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def next_of(ws: WebSocketTestSession, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] in kinds:
            return message


class Table:
    """Three seats and a spectator on one MegaCorps table, each message read as it comes."""

    def __init__(self, client: Any) -> None:
        body = {"game": "megacorps", "options": {"players": PLAYERS}, "seats": ["person"] * PLAYERS}
        created = client.post("/api/tables", json=body).json()
        self.room = client.app.state.hub.rooms[created["table"]["id"]]
        self.sockets = {k: client.websocket_connect(f"/ws/tables/{self.room.id}") for k in [0, 1, 2, None]}
        self.latest: dict[int | None, dict[str, Any]] = {}
        for key, ws in self.sockets.items():
            ws.__enter__()
            self.latest[key] = join(ws, token_of(created, key) if key is not None else None)

    def close(self) -> None:
        for ws in self.sockets.values():
            ws.__exit__(None, None, None)

    def act(self, seat: int, text: str) -> dict[int | None, dict[str, Any]]:
        """``seat`` plays ``text`` (one of its choices): every socket's update."""
        send(self.sockets[seat], type="action", action=text, step=self.room.step)
        for key, ws in self.sockets.items():
            self.latest[key] = next_of(ws, ("update",))
        return dict(self.latest)

    def refused(self, seat: int | None, text: str) -> str:
        """``seat`` sends ``text`` as an action: its error, the table unchanged."""
        before = (self.room.step, self.room.state.to_json())
        send(self.sockets[seat], type="action", action=text)
        error = next_of(self.sockets[seat], ("error", "update"))
        assert error["type"] == "error", (seat, text, error)
        assert (self.room.step, self.room.state.to_json()) == before, (seat, text)
        return str(error["error"])

    def asked(self) -> int:
        return next(s for s in range(PLAYERS) if self.latest[s]["view"]["legal"])

    def play_until(self, done: Any, rng: random.Random, calm: bool = True) -> None:
        while not done():
            seat = self.asked()
            legal = self.latest[seat]["view"]["legal"]
            quiet = [t for t in legal if not t.startswith(("offer", "play"))] if calm else legal
            self.act(seat, rng.choice(quiet or legal))


@contextmanager
def trust_table(db_url: str) -> Iterator[Table]:
    """The app on ``db_url`` with a new ``Table``, whose sockets close after the block."""
    with running(db_url) as client:
        table = Table(client)
        try:
            yield table
        finally:
            table.close()


def test_a_forged_trade_or_leave_sent_as_an_action_is_refused_and_moves_nothing(db_url: str) -> None:
    rng = random.Random(5)
    with trust_table(db_url) as table:
        forged = ["swap 1 5/-", "swap 0 5/-", "@1 swap 0 5/-", "propose 1 5/-", "propose 0 1/-"]
        forged += ["accept 1", "decline 1", "withdraw 1", "expire 1", "leave"]
        tried = 0
        for _ in range(60):  # across the draft, turns and whatever else comes
            if table.room.over:
                break
            money = list(table.room.state.money)
            for seat in [*range(PLAYERS), None]:
                for text in forged:
                    table.refused(seat, text)
                    tried += 1
            assert table.room.state.money == money
            seat = table.asked()
            table.act(seat, rng.choice(table.latest[seat]["view"]["legal"]))
        assert tried >= 60 * (PLAYERS + 1) * len(forged) // 2
        assert not any("swap" in t or "propose" in t for t in table.room.record.actions)
        assert not any(s.left for s in table.room.seats)


def test_an_item_put_into_an_offer_is_shown_to_nobody_but_its_author_until_it_is_sent(db_url: str) -> None:
    rng = random.Random(2)
    with trust_table(db_url) as table:
        state = table.room.state

        def composing_with_a_card() -> bool:
            seat = state.current_seat
            return (
                state.phase == 1
                and bool(state.hands[seat])
                and any(t.startswith("offer ") for t in table.latest[seat]["view"]["legal"])
            )

        table.play_until(composing_with_a_card, rng)
        author = state.current_seat
        receiver = (author + 1) % PLAYERS
        code = state.game.board.card_code(state.hands[author][0])
        steps = [
            f"offer {receiver}",
            f"give {code}",
            "give 1",
            "drop",
            f"offer {receiver}",
            f"give {code}",
        ]
        for text in steps:
            seen = table.act(author, text)
            for key, message in seen.items():
                shown = message["last"]
                assert shown["seat"] == author
                if key == author:
                    assert shown["action"] == text
                elif text.startswith("give"):
                    assert shown["action"] is None, (key, text)
                assert code not in json.dumps({k: v for k, v in message.items() if k != "content"}) or (
                    key == author
                ), (key, text)
        seen = table.act(author, "send")  # sent: public but for the card
        offer = next(e for e in seen[None]["events"] if e["kind"] == "offer")
        assert offer["give"] == ["card"] and code not in json.dumps(seen[None])
        assert code in json.dumps(seen[receiver]["events"])  # the receiver sees what it is offered


def test_refusals_naming_another_seats_cards_are_the_same_whether_it_holds_them_or_not(db_url: str) -> None:
    rng = random.Random(3)
    with trust_table(db_url) as table:
        state = table.room.state
        table.play_until(lambda: state.phase == 1, rng)
        seat = state.current_seat
        other = (seat + 1) % PLAYERS
        codes = [e.code for e in state.game.data.events]
        held = {state.game.board.card_code(c) for c in state.hands[other]}
        assert held and set(codes) - held, "the other seat should hold some cards and not others"
        answers: dict[str, set[str]] = {"held": set(), "not held": set()}
        for code in codes:
            side = "held" if code in held else "not held"
            texts = [
                f"swap {other} {code}+zzz/-",
                f"propose {other} -/{code}",
                f"propose {other} 1/{code}+zzz",
            ]
            found = [table.refused(seat, text).replace(code, "CODE") for text in texts]
            for ask in ([code], [code, "zzz"], ["1", code]):
                send(table.sockets[seat], type="offer", to=other, give=[], ask=ask)
                error = next_of(table.sockets[seat], ("error", "offers"))
                assert error["type"] == "error"
                found.append(str(error["error"]).replace(code, "CODE"))
            answers[side].add(json.dumps(found))
        assert len(answers["held"]) == 1 and answers["held"] == answers["not held"], answers
