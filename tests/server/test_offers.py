"""Trade offers at any time (ruling R-MC33): made, withdrawn, declined, expired and accepted over
the WebSocket, each a move of the game in the record (``@seat propose ...``, ``@seat accept N``);
carried out by the rules at once, or at the next moment between actions; answered by bots; public
but for their event cards and their promises, which only their two seats read."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.core.record import parse_entry
from tabletop.games.megacorps.phases import TURN

from .helpers import Clock, connected, running, token_of

WINDOW = 20.0


def messages(ws: WebSocketTestSession, kind: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """The next message of type ``kind`` (every message read is kept in ``seen``)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        seen.append(message)
        if message["type"] == kind:
            return message


def offers_of(ws: WebSocketTestSession, seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = messages(ws, "offers", seen)["offers"]
    return found


def until_status(ws: WebSocketTestSession, seen: list[dict[str, Any]], offer: int, status: str) -> None:
    """Read offer news until offer ``offer`` has ``status``."""
    while not any(o["id"] == offer and o["status"] == status for o in offers_of(ws, seen)):
        pass


def newest(ws: WebSocketTestSession, seen: list[dict[str, Any]], after: int = 0) -> dict[str, Any]:
    """Read offer news until an offer numbered above ``after`` shows; return it."""
    while True:
        found = [o for o in offers_of(ws, seen) if o["id"] > after]
        if found:
            return found[-1]


def send(ws: WebSocketTestSession, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def join_as(
    ws: WebSocketTestSession, seen: list[dict[str, Any]], created: dict[str, Any], seat: int | None = None
) -> dict[str, Any]:
    """``ws`` joins ``created``'s table as ``seat`` (a spectator without one): its welcome (every
    message read is kept in ``seen``)."""
    send(ws, type="join", **({"token": token_of(created, seat)} if seat is not None else {}))
    return messages(ws, "welcome", seen)


@contextmanager
def table(
    db_url: str, seats: list[str], clock: Clock | None = None
) -> Iterator[tuple[TestClient, Any, dict[str, Any]]]:
    with running(db_url, clock=clock or Clock(), clock_tick=0) as client:
        body = {"game": "megacorps", "options": {"players": len(seats)}, "seats": seats, "takeover": "easy"}
        body["clock"] = {"mode": "realtime", "move": 600, "reserve": 0, "window": WINDOW}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        yield client, client.app.state.hub.rooms[created["table"]["id"]], created  # type: ignore[attr-defined]


@contextmanager
def beside_two_bots(
    db_url: str,
) -> Iterator[tuple[TestClient, Any, WebSocketTestSession, list[dict[str, Any]]]]:
    """A person in seat 0 beside two easy bots, joined over a socket: the client, the room, the
    socket and the list of every message it reads."""
    with (
        table(db_url, ["person", "easy", "easy"]) as (client, room, created),
        client.websocket_connect(f"/ws/tables/{room.id}") as ws,
    ):
        seen: list[dict[str, Any]] = []
        join_as(ws, seen, created, 0)
        yield client, room, ws, seen


def play_until(client: TestClient, room: Any, done: Any, seed: int = 1, seconds: float = 60) -> None:
    """Random legal actions for every person seat until ``done(room)`` (bots play themselves)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while not done(room):
        assert time.monotonic() < deadline and not room.over, "never got there"
        asked = [s for s in sorted(room.prompts) if room.seats[s].kind == "person"]
        if not asked:
            time.sleep(0.005)
            continue
        seat = asked[0]
        with contextlib.suppress(Exception):  # the table moved under it (a bot answered): look again
            client.portal.call(room.submit, seat, rng.choice(room.prompts[seat].legal))  # type: ignore[union-attr]


def holdings(state: Any, seat: int) -> dict[str, Any]:
    view = state.view(seat)
    return {
        "money": view["money"][seat],
        "companies": sorted(c for c, o in view["companies"].items() if o == seat),
        "countries": sorted(c for c, o in view["countries"].items() if o == seat),
    }


def holdings_of_all(state: Any) -> list[dict[str, Any]]:
    return [holdings(state, seat) for seat in range(state.n)]


def turn_open(room: Any) -> bool:
    return room.state.phase == TURN and all(room.seats[s].kind == "person" for s in room.prompts)


def test_an_offer_accepted_between_actions_is_carried_out_and_recorded(db_url: str) -> None:
    with table(db_url, ["person", "person", "easy"]) as (client, room, created):
        table_id = room.id
        with connected(client, table_id, 3) as (a, b, watcher):
            seen_a: list[dict[str, Any]] = []
            seen_b: list[dict[str, Any]] = []
            watched: list[dict[str, Any]] = []
            welcome = join_as(a, seen_a, created, 0)
            assert welcome["table"]["trading"] is True and welcome["offers"] == []
            join_as(b, seen_b, created, 1)
            assert join_as(watcher, watched, created)["offers"] == []
            play_until(client, room, turn_open)
            mine, theirs = holdings(room.state, 0), holdings(room.state, 1)
            company = mine["companies"][0]
            money = min(3, mine["money"])
            give = [str(money), company] if money else [company]
            send(a, type="offer", to=1, give=give, ask=[], note="<b>no attack</b> this round")
            (offer,) = offers_of(b, seen_b)
            assert offer["from"] == 0 and offer["to"] == 1 and offer["status"] == "open"
            assert offer["give"] == give and offer["note"] == "<b>no attack</b> this round"
            assert offer["ends"] == offer["at"] + 4 * WINDOW
            assert offers_of(a, seen_a) == [offer]
            step = room.step
            written, text = parse_entry(room.record.actions[step - 1])  # the offer, a move of seat 0
            assert text == f"propose 1 {'+'.join(give)}/-" and written in (0, None)
            send(b, type="reply", offer=offer["id"], accept=True)
            while offers_of(b, seen_b)[0]["status"] != "done":
                pass
            assert room.step == step + 1
            written, text = parse_entry(room.record.actions[step])
            assert text == f"accept {offer['id']}" and written in (1, None)
            after_a, after_b = holdings(room.state, 0), holdings(room.state, 1)
            assert company in after_b["companies"] and company not in after_a["companies"]
            assert after_a["money"] == mine["money"] - money and after_b["money"] == theirs["money"] + money
            # the spectator heard of the offer and the trade (the game's events), never of the promise
            send(watcher, type="ping")
            messages(watcher, "pong", watched)
            assert not [m for m in watched if m["type"] == "offers" or m.get("offers")]
            kinds = [e["kind"] for m in watched for e in m.get("events", [])]
            assert "proposal" in kinds and "swap" in kinds
            assert "no attack" not in json.dumps(watched)
            send(b, type="offer", to=0, give=["1"], ask=[], note="left open")  # still open at the stop
            pending = newest(a, seen_a, offer["id"])
    # the trade and the open offer are in the record: the next server replays them, promise and all
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        again = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
        assert company in holdings(again.state, 1)["companies"]
        assert [(o["id"], o["status"]) for o in again.state.open_offers(0)] == [(pending["id"], "open")]
        assert [(o["id"], o["note"], o["status"]) for o in again.offers.for_seat(0)][-1] == (
            pending["id"],
            "left open",
            "open",
        )


def test_offers_withdrawn_declined_expired_and_refused_change_nothing(db_url: str) -> None:
    clock = Clock()
    with (
        table(db_url, ["person", "person", "easy"], clock) as (client, room, created),
        connected(client, room.id, 2) as (a, b),
    ):
        seen: list[dict[str, Any]] = []
        join_as(a, seen, created, 0)
        join_as(b, seen, created, 1)
        play_until(client, room, turn_open)
        before, step = holdings_of_all(room.state), room.step
        send(a, type="offer", to=1, give=["1"], ask=[])
        first = newest(b, seen)
        send(a, type="withdraw", offer=first["id"])
        until_status(b, seen, first["id"], "withdrawn")
        send(b, type="reply", offer=first["id"], accept=True)
        refusal = messages(b, "error", seen)
        assert refusal["code"] == "bad-offer" and refusal["error"] == f"offer {first['id']} is closed"
        send(a, type="offer", to=1, give=["1"], ask=[])
        second = newest(b, seen, first["id"])
        send(b, type="reply", offer=second["id"], accept=False)
        until_status(a, seen, second["id"], "declined")
        send(a, type="offer", to=1, give=["1"], ask=[])
        third = newest(b, seen, second["id"])
        clock.now = third["ends"] + 1
        client.portal.call(client.app.state.hub.check_clocks)  # type: ignore[attr-defined,union-attr]
        until_status(b, seen, third["id"], "expired")
        for bad, code in (
            ({"to": 1, "give": ["99999"], "ask": []}, "bad-offer"),  # more money than A has
            ({"to": 0, "give": ["1"], "ask": []}, "bad-offer"),  # to oneself
            ({"to": 1, "give": [], "ask": []}, "bad-offer"),  # nothing
            ({"to": 1, "give": ["nosuch.code"], "ask": []}, "bad-offer"),
            ({"to": 1, "give": "10", "ask": []}, "malformed"),
            ({"to": "b", "give": ["1"], "ask": []}, "malformed"),
        ):
            send(a, type="offer", **bad)
            assert messages(a, "error", seen)["code"] == code, bad
        send(a, type="withdraw", offer=9999)
        assert messages(a, "error", seen)["error"] == "there is no offer 9999"
        send(b, type="withdraw", offer=third["id"])
        assert messages(b, "error", seen)["error"] == f"offer {third['id']} is closed"
        send(a, type="action", action=f"accept {third['id']}")  # a move is never an action's text
        assert messages(a, "error", seen)["code"] in ("illegal", "out-of-turn")
        # nothing changed hands; the record holds the moves: three offers, a withdrawal, a
        # refusal, an expiry, and nothing else
        assert holdings_of_all(room.state) == before and room.step == step + 6
        moves = [parse_entry(t)[1].split()[0] for t in room.record.actions[step:]]
        assert moves == ["propose", "withdraw", "propose", "decline", "propose", "expire"]
        written, text = parse_entry(
            room.record.actions[-1]
        )  # the receiver's, written "@1" unless it is to act
        assert text == f"expire {third['id']}" and written in (1, None)


def test_a_spectator_cannot_trade_and_a_seat_cannot_flood_offers(db_url: str) -> None:
    with (
        table(db_url, ["person", "person", "easy"]) as (client, room, created),
        client.websocket_connect(f"/ws/tables/{room.id}") as watcher,
    ):
        seen: list[dict[str, Any]] = []
        join_as(watcher, seen, created)
        send(watcher, type="offer", to=1, give=["1"], ask=[])
        assert messages(watcher, "error", seen)["code"] == "spectator"
        with client.websocket_connect(f"/ws/tables/{room.id}") as a:
            join_as(a, seen, created, 0)
            for _ in range(6):
                send(a, type="offer", to=1, give=["1"], ask=[])
                offers_of(a, seen)
            send(a, type="offer", to=1, give=["1"], ask=[])  # the rules' limit: six open at once
            assert messages(a, "error", seen)["error"] == "you have 6 offers open: withdraw one first"
            for offer in [o for o in room.offers.items if o.status == "open"]:
                send(a, type="withdraw", offer=offer.id)
                offers_of(a, seen)
            for _ in range(6):  # twelve in a minute, the server's limit
                send(a, type="offer", to=1, give=["1"], ask=[])
                offers_of(a, seen)
            send(a, type="offer", to=1, give=["1"], ask=[])
            assert messages(a, "error", seen)["code"] == "offer-limit"


def test_an_offer_accepted_while_something_is_decided_waits_for_the_next_moment_between_actions(
    db_url: str,
) -> None:
    with (
        table(db_url, ["person", "person", "easy"]) as (client, room, created),
        connected(client, room.id, 2) as (a, b),
    ):
        seen: list[dict[str, Any]] = []
        join_as(a, seen, created, 0)
        join_as(b, seen, created, 1)
        assert room.state.phase != TURN  # the draft
        money = room.state.view(0)["money"]
        send(a, type="offer", to=1, give=["2"], ask=[])
        offer = newest(b, seen)
        send(b, type="reply", offer=offer["id"], accept=True)
        until_status(b, seen, offer["id"], "accepted")  # waiting
        assert room.state.view(0)["money"] == money
        play_until(client, room, lambda r: r.state.phase == TURN)
        until_status(b, seen, offer["id"], "done")  # carried out at the first moment between actions
        assert room.state.view(0)["money"][0] == money[0] - 2
        trades = [e for _, e in room.events if e.kind == "swap"]
        assert len(trades) == 1 and trades[0].data["id"] == offer["id"]


def test_a_bot_answers_an_offer_made_to_it(db_url: str) -> None:
    with beside_two_bots(db_url) as (client, room, a, seen):
        play_until(client, room, turn_open)
        company = holdings(room.state, 0)["companies"][0]
        send(a, type="offer", to=1, give=[company], ask=[])  # a gift
        while (status := offers_of(a, seen)[-1]["status"]) in ("open", "accepted"):
            pass
        assert status in ("done", "declined")
        if status == "done":
            assert company in holdings(room.state, 1)["companies"]


@pytest.mark.parametrize(("game", "players"), [("summon7", 2), ("megalomania", 2), ("manasurge", 3)])
def test_games_without_trading_refuse_offers(db_url: str, game: str, players: int) -> None:
    with running(db_url, clock_tick=0) as client:
        seats = ["person"] + ["easy"] * (players - 1)
        body = {"game": game, "options": {"players": players}, "seats": seats}
        created = client.post("/api/tables", json=body).json()
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as a:
            seen: list[dict[str, Any]] = []
            assert join_as(a, seen, created, 0)["table"]["trading"] is False
            send(a, type="offer", to=1, give=["1"], ask=[])
            assert messages(a, "error", seen)["code"] == "no-trading"


@pytest.mark.timeout(300)
def test_whole_games_with_offers_keep_cards_and_promises_to_the_two_seats(db_url: str) -> None:
    """Random play of whole games in which seats make random offers (event cards too) at any
    moment and answer them at random: every message each seat and a spectator received is audited
    (tests/server/test_audit.py audits every field against the record; this looks at offers)."""
    from tests.games.megacorps.test_offers import random_offer

    card_trades = 0
    for seed in (1, 2):
        received, promises, swaps = audit_game(db_url.replace(".db", f"-{seed}.db"), seed, random_offer)
        assert swaps > 0, "no trade was carried out"
        cards = set(hub_events())
        for key, seen in received.items():
            for message in seen:
                over = message.get("over", False)
                listed = message.get("offers") or []
                assert all(key in (o["from"], o["to"]) for o in listed), (key, message["type"])
                text = json.dumps(message)
                for (frm, to), promise in promises.items():
                    if key not in (frm, to):
                        assert promise not in text, (key, promise)
                for event in message.get("events", []):
                    if event["kind"] in ("swap-cards", "proposal-cards"):
                        assert over or key in (event.get("from", event.get("seat")), event["to"])
                        card_trades += event["kind"] == "swap-cards"
                    if event["kind"] in ("swap", "proposal"):
                        assert not set(event["give"]) & cards, event  # a given card shows as "card"
    assert card_trades > 0, "no event card changed hands"


def hub_events() -> list[str]:
    import tabletop

    game = tabletop.make("megacorps", players=3)
    return [e.code for e in game.data.events]  # type: ignore[attr-defined]


def audit_game(
    db_url: str, seed: int, random_offer: Any
) -> tuple[dict[int | None, list[dict[str, Any]]], dict[tuple[int, int], str], int]:
    rng = random.Random(seed)
    received: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], 2: [], None: []}
    promises: dict[tuple[int, int], str] = {}
    swaps = 0
    with table(db_url, ["person", "person", "person"]) as (client, room, created):
        sockets = {key: client.websocket_connect(f"/ws/tables/{room.id}") for key in received}
        for key, ws in sockets.items():
            ws.__enter__()
            join_as(ws, received[key], created, key)
        try:
            for _ in range(1500):
                if room.over:
                    break
                if rng.random() < 0.15:
                    trade = random_offer(room.state, rng)
                    if trade is not None:
                        frm, to, give, ask = trade
                        note = f"promise-{frm}-{to}-{rng.randrange(10**9)}"
                        promises[(frm, to)] = note
                        send(sockets[frm], type="offer", to=to, give=give, ask=ask, note=note)
                for offer in list(room.offers.items):
                    if offer.status == "open" and rng.random() < 0.5:
                        if rng.random() < 0.2:
                            send(sockets[offer.frm], type="withdraw", offer=offer.id)
                        else:
                            send(sockets[offer.to], type="reply", offer=offer.id, accept=rng.random() < 0.7)
                drain(sockets, received)
                asked = sorted(room.prompts)
                if asked:
                    seat = rng.choice(asked)
                    with contextlib.suppress(Exception):
                        client.portal.call(room.submit, seat, rng.choice(room.prompts[seat].legal))  # type: ignore[union-attr]
                drain(sockets, received)
            swaps = sum(1 for _, e in room.events if e.kind == "swap")
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
    return received, promises, swaps


def drain(
    sockets: dict[int | None, WebSocketTestSession], received: dict[int | None, list[dict[str, Any]]]
) -> None:
    """Everything each socket was sent so far (a ping's pong marks the end)."""
    for key, ws in sockets.items():
        send(ws, type="ping")
        messages(ws, "pong", received[key])
