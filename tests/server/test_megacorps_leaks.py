"""MegaCorps on the server: several seats asked at once (sealed bids and votes), each answering in
any order over its own socket; every message checked against the true state: each seat gets its own
view with its own choices (``legal_actions_for``) and, deciding its turn's Action, their previews
(``State.previews``, which no view carries), only the private events meant for it, and never
another seat's sealed bid or vote before the reveal; the record replays (and a restarted server
resumes) to the same state."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.core.protocol import with_previews
from tabletop.core.record import Record, parse_entry
from tabletop.games.megacorps.phases import SEALED as SEALED_PHASES
from tabletop.games.megacorps.phases import TURN
from tabletop.server import hub as hub_module

from .audit import megacorps_choose as choose
from .helpers import act, connected, join, receive, running, states_by_step, token_of, true_events

SEED = 7  # the tables' seed (the lobby draws one at random)
PLAYERS = 4
SEALED = ("bid", "vote")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: SEED))


def new_table(client: TestClient, seats: list[str]) -> dict[str, Any]:
    body = {"game": "megacorps", "seats": seats, "options": {"players": len(seats)}}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


KEYS: list[int | None] = [*range(PLAYERS), None]  # every seat, and a spectator


def people_table(client: TestClient) -> tuple[str, dict[int, str]]:
    """A new table of PLAYERS people: its id, and each seat's token."""
    created = new_table(client, ["person"] * PLAYERS)
    return created["table"]["id"], {seat: token_of(created, seat) for seat in range(PLAYERS)}


Received = dict[int | None, list[dict[str, Any]]]  # every message each seat and the spectator read


@contextmanager
def sit_all(
    client: TestClient, table: str, tokens: dict[int, str]
) -> Iterator[tuple[dict[int | None, WebSocketTestSession], Received]]:
    """Every seat (by its token) and a spectator joined to ``table`` over its own socket for the
    block: the sockets, and the messages each read (its welcome first)."""
    with connected(client, table, len(KEYS)) as sockets:
        received: Received = {}
        for key, ws in zip(KEYS, sockets, strict=True):
            received[key] = [join(ws, tokens[key] if key is not None else None)]
        yield dict(zip(KEYS, sockets, strict=True)), received


def legal_for(state: Any, seat: int | None) -> list[str]:
    return [] if seat is None else [str(a) for a in state.legal_actions_for(seat)]


def movers(record: Record) -> list[tuple[int, bool]]:
    """Per action: the seat that took it, and whether its text is for that seat only (a sealed
    choice, several seats asked; an action that made something private happen, or nothing the
    others could see)."""
    state = record.initial_state()
    found = []
    for text in record.actions:
        seat, action = parse_entry(text)
        mover = state.current_seat if seat is None else seat
        assert mover is not None
        sealed = len(state.to_act()) > 1
        events = state.apply(state.game.parse_action(action), seat)
        found.append((mover, sealed or not events or any(e.visible_to is not None for e in events)))
    return found


def play(
    sockets: dict[int | None, WebSocketTestSession],
    received: Received,
    rng: random.Random,
    until: int | None = None,
) -> int:
    """Every seat asked answers; when several are asked at once (sealed), all of them send their
    answers before anyone reads an update, each with the step it saw, in a random order.  Returns
    the number of rounds in which several seats answered together."""
    together = 0
    latest = {key: messages[-1] for key, messages in received.items()}
    while not latest[None]["over"] and (until is None or latest[None]["step"] < until):
        asked = [k for k in sockets if k is not None and latest[k]["view"]["legal"]]
        assert asked, "nobody is asked"
        rng.shuffle(asked)
        if len(asked) > 1:
            assert all(latest[k]["view"]["phase"] in SEALED for k in asked)
            together += 1
        else:
            asked = asked[:1]
        for seat in asked:
            act(sockets[seat], choose(latest[seat]["view"]["legal"], rng), latest[seat]["step"])
        for key, ws in sockets.items():
            for _ in asked:
                latest[key] = receive(ws, "update", received[key])
    return together


@pytest.mark.timeout(300)
def test_each_seat_sees_only_its_own_view_and_sealed_bids_stay_sealed(db_url: str) -> None:
    rng = random.Random(3)
    with running(db_url) as client:
        table, tokens = people_table(client)
        with sit_all(client, table, tokens) as (sockets, received):
            together = play(sockets, received, rng)
            record = Record.from_json(client.get(f"/api/tables/{table}/record").json())

    assert together >= 1, "no auction or election asked several seats at once"
    assert any(text.startswith("@") for text in record.actions), "no answer out of the current order"
    assert record.replay().is_terminal()
    states = states_by_step(record)
    events = true_events(record)
    who = movers(record)
    checked = sealed_seen = private = previewed = 0
    for key, messages in received.items():
        for message in messages:
            if message["type"] not in ("welcome", "update"):
                continue
            step, over = message["step"], message["over"]
            truth = states[step]
            view = message["view"]
            # its own view, and its own choices: every seat asked, none other; the previews of
            # its turn's Actions when it decides that (asked of the game: views have none)
            assert view == with_previews(truth, key, truth.view(key)), (key, step)
            deciding = key is not None and truth.phase == TURN and key in truth.to_act()
            assert ("previews" in view) == deciding, (key, step)
            previewed += deciding
            assert view["legal"] == legal_for(truth, key)
            assert bool(view["legal"]) == (key in truth.to_act())
            assert list(message["labels"]) == view["legal"]
            if key is not None:
                board = truth.game.board
                assert view["hand"] == [board.card_code(c) for c in truth.hands[key]]
            else:
                assert "hand" not in view
            # the last action: a sealed one shows who answered, not what, until the end
            if step:
                mover, secret = who[step - 1]
                _, text = parse_entry(record.actions[step - 1])
                shown = text if over or not secret or key == mover else None
                assert message["last"] == {"seat": mover, "action": shown}, (key, step, message["last"])
            if over:
                continue  # once the game is over every event is shown to everybody
            # exactly the events of the step this seat may see (the welcome: the log so far)
            told = message["events"] if message["type"] == "update" else message["log"]
            sent = [{k: v for k, v in e.items() if k != "words"} for e in told]
            shown_events = [(k, e) for k, e in events if e.visible(key)]
            shown_events = [
                (k, e) for k, e in shown_events if (k == step if message["type"] == "update" else k <= step)
            ]
            expected = [{"step": k, **e.to_json()} for k, e in shown_events]
            assert sent == expected[-len(sent) :] if sent else not expected, (key, step)
            for event in sent:
                if event["kind"] in ("drew", "my-bid", "my-vote"):
                    assert event["seat"] == key, (key, event)
                    private += 1
                if event["kind"] == "offer-cards":
                    assert key in (event["seat"], event["to"])
            # during a sealed choice: only its own bid or vote, however many have answered
            if truth.phase in SEALED_PHASES:
                sealed_seen += 1
                decision = view["decision"]
                assert set(decision["decided"]) == {
                    s for s, v in enumerate(truth.sealed) if v != -1 and not truth.left[s]
                }
                if key is not None and truth.sealed[key] != -1:
                    assert decision["mine"] == truth.sealed[key]
                else:
                    assert "mine" not in decision
            checked += 1
    assert checked >= (PLAYERS + 1) * (len(record.actions) - 1)
    assert sealed_seen > 0 and private > 0 and previewed > 0


@pytest.mark.timeout(120)
def test_several_seats_bid_in_any_order_and_a_stale_or_foreign_answer_is_refused(db_url: str) -> None:
    """An auction asks every seat with money: each answers with the step it saw, in any order, the
    others' answers arriving in between; an answer for a closed question is stale, and a seat that
    is not asked is out of turn."""
    rng = random.Random(5)
    with running(db_url) as client:
        table, tokens = people_table(client)
        room = client.app.state.hub.rooms[table]
        with sit_all(client, table, tokens) as (sockets, received):
            latest = {key: messages[-1] for key, messages in received.items()}
            # play until several seats are asked at once
            while len([k for k in KEYS if k is not None and latest[k]["view"]["legal"]]) < 2:
                assert not latest[None]["over"], "the game ended without a sealed choice"
                mover = next(k for k in KEYS if k is not None and latest[k]["view"]["legal"])
                act(sockets[mover], choose(latest[mover]["view"]["legal"], rng), latest[mover]["step"])
                for key, ws in sockets.items():
                    latest[key] = receive(ws, "update", received[key])
            asked = [k for k in KEYS if k is not None and latest[k]["view"]["legal"]]
            start = latest[None]["step"]
            assert sorted(latest[None]["view"]["to_act"]) == asked
            assert client.get(f"/api/tables/{room.id}").json()["asked"] == sorted(asked)
            idle = next((k for k in range(PLAYERS) if k not in asked), None)
            if idle is not None:
                act(sockets[idle], "bid 0", start)
                assert receive(sockets[idle], "error")["code"] == "out-of-turn"
            order = list(reversed(asked))  # the last of the clockwise order first
            first, rest = order[0], order[1:]
            act(sockets[first], latest[first]["view"]["legal"][0], start)
            for key, ws in sockets.items():
                latest[key] = receive(ws, "update", received[key])
            assert latest[None]["step"] == start + 1
            assert room.record.actions[-1].startswith(f"@{first} ")  # not the current seat's answer
            # the first answer was sealed: the others learn that it came, not what it was
            for key in KEYS:
                expected = latest[first]["last"]["action"] if key == first else None
                assert latest[key]["last"] == {"seat": first, "action": expected}
            assert latest[first]["last"]["action"] is not None
            # the others answer with the step they were asked at, one after the other
            for seat in rest:
                act(sockets[seat], latest[seat]["view"]["legal"][-1], start)
                for key, ws in sockets.items():
                    latest[key] = receive(ws, "update", received[key])
            assert latest[None]["step"] == start + len(asked)
            # the question is closed: an answer for it now is stale
            act(sockets[first], "bid 0", start)
            assert receive(sockets[first], "error")["code"] == "stale"
            assert room.step == start + len(asked)


@pytest.mark.timeout(180)
def test_sealed_answers_replay_and_resume_after_a_restart_to_the_same_state(db_url: str) -> None:
    rng = random.Random(9)
    with running(db_url) as client:
        table, tokens = people_table(client)
        room = client.app.state.hub.rooms[table]
        with sit_all(client, table, tokens) as (sockets, received):
            together = 0
            while not together or not any(a.startswith("@") for a in room.record.actions):
                assert not room.over, "the game ended without an answer out of the current order"
                together += play(sockets, received, rng, until=room.step + 1)
        before = room.state.to_json()
        actions = list(room.record.actions)
        step = room.step
        welcomes = {}
        for seat in range(PLAYERS):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                welcomes[seat] = join(ws, tokens[seat])
        replays = [client.get(f"/api/tables/{table}/replay?step={k}").json() for k in range(step + 1)]
    # the record alone replays to the same state, every sealed answer checked by the rules
    record = Record("megacorps", {"players": PLAYERS, "data": ""}, SEED, None, actions)
    assert record.replay().to_json() == before
    for k, entry in enumerate(actions, start=1):
        seat, _ = parse_entry(entry)
        action = replays[k]["action"]
        if seat is not None:  # a seat answering out of the current order: a sealed bid or vote
            assert action == {"seat": seat, "action": None}, "a spectator sees no sealed answer"
    # a new app on the same database: the same position, each seat its same view and log
    with running(db_url) as client:
        room = client.app.state.hub.rooms[table]
        assert room.state.to_json() == before and room.record.actions == actions
        for seat in range(PLAYERS):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                again = join(ws, tokens[seat])
            assert again["view"] == welcomes[seat]["view"], f"seat {seat}"
            assert again["log"] == welcomes[seat]["log"] and again["last"] == welcomes[seat]["last"]
        # and the game goes on to its end
        with sit_all(client, table, tokens) as (sockets, received):
            play(sockets, received, rng)
            final = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    assert final.actions[: len(actions)] == actions and final.replay().is_terminal()


@pytest.mark.timeout(180)
def test_bots_answer_sealed_choices_beside_a_person(db_url: str) -> None:
    """One person and three bots: when an auction or an election asks several seats, every bot
    asked answers (at once), the person too, and the game goes on to its end."""
    rng = random.Random(13)
    with running(db_url) as client:
        created = new_table(client, ["person", "easy", "easy", "easy"])
        table = created["table"]["id"]
        room = client.app.state.hub.rooms[table]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            message = join(ws, token_of(created, 0))
            waiting = False  # for our own answer to come back (a bot's may come first)
            while not message["over"]:
                if not waiting and message["view"]["legal"] and message["step"] == room.step:
                    act(ws, choose(message["view"]["legal"], rng), message["step"])
                    waiting = True
                message = receive(ws, "update")
                waiting = waiting and message["last"]["seat"] != 0
        record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    sealed = [entry for entry, (_, secret) in zip(record.actions, movers(record), strict=True) if secret]
    assert sealed, "no sealed choice in the game"
    assert record.replay().is_terminal()
