"""Table clocks (issue 13): a time control per table, a bot playing for a seat whose time ran out
until its player returns, leaving for good, reserves spent by slow answers, and clocks rebuilt from
the database after a restart.  Time is a clock the test moves by hand; nothing sleeps."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.core.errors import InvalidOptions
from tabletop.server.clocks import DAY, RESUME_GRACE, UNTIMED, SeatClocks, TimeControl, time_control

from .helpers import Clock, act, join, receive, running, seated, token_of

MOVE, RESERVE = 30.0, 60.0


def new_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "summon7", "options": {"players": len(seats)}, "seats": seats, "takeover": "easy"}
    body["clock"] = {"mode": "realtime", "move": MOVE, "reserve": RESERVE}
    response = client.post("/api/tables", json={**body, **extra})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def expire(client: TestClient) -> int:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    found: int = client.portal.call(hub.check_clocks)  # type: ignore[union-attr]
    return found


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return found


def auto_actions(db_url: str, table_id: str) -> list[tuple[int, bool]]:
    engine = create_engine(db_url)
    with engine.connect() as conn:
        found = conn.execute(
            text("SELECT seat, auto FROM actions WHERE table_id = :t ORDER BY idx"), {"t": table_id}
        ).all()
    engine.dispose()
    return [(int(seat), bool(auto)) for seat, auto in found]


@contextmanager
def timed(
    db_url: str, seats: list[str], **extra: Any
) -> Iterator[tuple[Clock, TestClient, dict[str, Any], str]]:
    """The app on ``db_url``, its clock moved by hand only (no ticking), with a new table of
    ``seats`` (``extra``: the request's other fields): the clock, the client, the table, its id."""
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        created = new_table(client, seats, **extra)
        yield clock, client, created, created["table"]["id"]


def asked(client: TestClient, table_id: str) -> int:
    seats: list[int] = summary(client, table_id)["asked"]
    assert len(seats) == 1
    return seats[0]


# -- the time control ---------------------------------------------------------------------
def test_a_time_control_is_checked_when_a_table_is_created() -> None:
    assert time_control(None) == TimeControl("realtime", 90.0, 300.0, 45.0)
    assert time_control({"mode": "none"}) == UNTIMED
    assert time_control({"mode": "turn"}) == TimeControl("turn", DAY, 3 * DAY, DAY / 2)
    assert time_control({"mode": "realtime", "move": 20, "reserve": 0}) == TimeControl(
        "realtime", 20.0, 0.0, 45.0
    )
    assert time_control({"mode": "realtime", "window": 15}).window == 15.0
    for bad in (
        {"mode": "blitz"},
        {"mode": "realtime", "move": 5},
        {"mode": "realtime", "move": 90, "reserve": 7200},
        {"mode": "turn", "move": 60},
        {"mode": "realtime", "move": True},
        {"mode": "realtime", "move": "90"},
        {"mode": "realtime", "increment": 5},
        {"mode": "realtime", "window": 5},
        {"mode": "turn", "window": 60},
    ):
        with pytest.raises(InvalidOptions):
            time_control(bad)


def test_slow_answers_spend_the_reserve_and_a_question_runs_out_after_move_and_reserve() -> None:
    clocks = SeatClocks(TimeControl("realtime", MOVE, RESERVE), 2)
    assert clocks.deadline(0, 100.0, None) is None  # not started: no clock runs
    assert clocks.deadline(0, 100.0, 150.0) == 150.0 + MOVE + RESERVE  # runs from the start
    clocks.charge(0, 100.0, 100.0 + MOVE - 1, 0.0)  # in time: nothing spent
    assert clocks.reserve == [RESERVE, RESERVE]
    clocks.charge(0, 100.0, 100.0 + MOVE + 25, 0.0)
    assert clocks.reserve == [RESERVE - 25, RESERVE]
    assert clocks.deadline(0, 200.0, 0.0) == 200.0 + MOVE + RESERVE - 25
    clocks.charge(0, 0.0, 1000.0, 0.0)
    assert clocks.reserve[0] == 0.0  # never below nothing
    clocks.grace_until = 5000.0
    assert clocks.deadline(1, 0.0, 0.0) == 5000.0
    assert SeatClocks(UNTIMED, 2).deadline(0, 0.0, 0.0) is None


def test_bad_clocks_are_refused_with_a_clear_error(db_url: str) -> None:
    with running(db_url, clock_tick=0) as client:
        for clock in ({"mode": "realtime", "move": 1}, {"mode": "weekly"}):
            body = {"game": "summon7", "seats": ["person", "easy"], "clock": clock}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400 and "clock" in response.json()["detail"]
        response = client.post("/api/tables", json={"game": "summon7", "takeover": "godlike"})
        assert response.status_code == 400 and "absent" in response.json()["detail"]
        assert client.get("/api/tables").json()["open"] == []


# -- a seat whose time runs out -------------------------------------------------------------
def test_a_seat_out_of_time_is_played_by_the_bot_until_its_player_returns(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"]) as (clock, client, created, table_id),
        seated(client, created, [0, 1]) as sockets,
    ):
        start = clock.now  # the second seat's join started the table
        seat = asked(client, table_id)
        ends = summary(client, table_id)["clocks"]
        assert ends == [{"seat": seat, "ends": start + MOVE + RESERVE, "reserve": RESERVE, "window": False}]
        clock.now = start + MOVE + RESERVE - 1
        assert expire(client) == 0
        clock.now = start + MOVE + RESERVE + 1
        assert expire(client) == 1
        other = sockets[1 - seat]
        update = receive(other, "update")
        assert update["last"]["seat"] == seat  # the bot answered for the absent seat
        seats = summary(client, table_id)["seats"]
        assert seats[seat]["absent"] and not seats[1 - seat]["absent"]
        assert seats[seat]["reserve"] == 0.0
        assert auto_actions(db_url, table_id)[0] == (seat, True)
        assert expire(client) == 0  # an absent seat has no clock: the bot answers at once
        # the player returns: the seat is theirs again, with a fresh move's time
        sockets[seat].send_text(json.dumps({"type": "back"}))
        receive(other, "seats")
        while summary(client, table_id)["seats"][seat]["absent"]:
            receive(other, "seats")
        assert not summary(client, table_id)["seats"][seat]["absent"]


def test_returning_by_acting_or_rejoining_takes_the_seat_back(db_url: str) -> None:
    fast = {"mode": "realtime", "move": 20, "reserve": 0}
    with timed(db_url, ["person", "person"], clock=fast) as (_, client, created, table_id):
        with seated(client, created, [0, 1]):
            room = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
            seat = asked(client, table_id)
            room.seats[seat].absent = True  # as if it had run out, before the bot answered
            assert room.bot_plays(seat)
            client.portal.call(room.come_back, seat)  # type: ignore[union-attr]
            assert not room.bot_plays(seat) and not room.seats[seat].absent
        # reconnecting is returning too
        room.seats[1].absent = True
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            join(ws, token_of(created, 1))
            assert not room.seats[1].absent


def test_a_reserve_spent_by_a_slow_answer_is_kept(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"]) as (clock, client, created, table_id),
        seated(client, created, [0, 1]) as sockets,
    ):
        seat = asked(client, table_id)
        welcome = summary(client, table_id)
        clock.now += MOVE + 25
        legal = client.app.state.hub.rooms[table_id].prompts[seat].legal  # type: ignore[attr-defined]
        act(sockets[seat], legal[0], welcome["step"])
        receive(sockets[seat], "update")
        assert summary(client, table_id)["seats"][seat]["reserve"] == RESERVE - 25
    # rebuilt from the stored times by the next server
    with running(db_url, clock=clock, clock_tick=0) as client:
        assert summary(client, table_id)["seats"][seat]["reserve"] == RESERVE - 25
        assert summary(client, table_id)["seats"][1 - seat]["reserve"] == RESERVE


def test_a_running_clock_survives_a_restart(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"]) as (clock, client, created, table_id),
        seated(client, created, [0, 1]),
    ):
        before = summary(client, table_id)["clocks"]
        clock.now += 40
    with running(db_url, clock=clock, clock_tick=0) as client:
        after = summary(client, table_id)
        assert after["clocks"] == before  # the same end: stored, not kept in memory
        (running_clock,) = after["clocks"]
        clock.now = running_clock["ends"] - 1
        assert expire(client) == 0
        clock.now = running_clock["ends"] + 1
        assert expire(client) == 1
        assert summary(client, table_id)["seats"][running_clock["seat"]]["absent"]


def test_time_while_the_server_was_down_is_nobodys(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"]) as (clock, client, created, table_id),
        seated(client, created, [0, 1]),
    ):
        (running_clock,) = summary(client, table_id)["clocks"]
    clock.now = running_clock["ends"] + 3600  # down for an hour past the deadline
    with running(db_url, clock=clock, clock_tick=0) as client:
        assert expire(client) == 0
        assert summary(client, table_id)["clocks"][0]["ends"] == clock.now + RESUME_GRACE
        clock.now += RESUME_GRACE + 1
        assert expire(client) == 1


def test_clocks_wait_until_every_person_seat_is_taken(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"]) as (clock, client, created, table_id),
        seated(client, created, [0]),
    ):
        assert summary(client, table_id)["status"] == "open"
        assert summary(client, table_id)["clocks"] == []
        clock.now += 10 * DAY
        assert expire(client) == 0


def test_an_untimed_table_never_runs_out(db_url: str) -> None:
    with (
        timed(db_url, ["person", "person"], clock={"mode": "none"}) as (clock, client, created, table_id),
        seated(client, created, [0, 1]),
    ):
        found = summary(client, table_id)
        assert found["clock"] is None and found["clocks"] == []
        assert found["seats"][0]["reserve"] is None
        clock.now += 365 * DAY
        assert expire(client) == 0


def test_a_turn_based_table_gives_days(db_url: str) -> None:
    days = {"mode": "turn", "move": DAY, "reserve": 2 * DAY}
    with (
        timed(db_url, ["person", "person"], clock=days) as (clock, client, created, table_id),
        seated(client, created, [0, 1]),
    ):
        start = clock.now
        found = summary(client, table_id)["clock"]
        assert found == {**days, "window": DAY / 2}
        clock.now = start + 3 * DAY - 60
        assert expire(client) == 0
        clock.now = start + 3 * DAY + 60
        assert expire(client) == 1


# -- leaving for good ---------------------------------------------------------------------
def test_a_player_who_leaves_is_played_by_the_bot_to_the_end_and_the_result_says_so(db_url: str) -> None:
    with timed(db_url, ["person", "easy"]) as (_, client, created, table_id):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            join(ws, token_of(created, 0))
            ws.send_text(json.dumps({"type": "leave"}))
            while not (update := receive(ws, "update"))["over"]:
                pass
            assert update["over"]
            act(ws, "anything")
            refused = receive(ws, "error")
            assert refused["code"] == "left"
        found = summary(client, table_id)
        assert found["seats"][0]["left"] and found["seats"][0]["rank"] in (1, 2)
        assert all(auto for seat, auto in auto_actions(db_url, table_id) if seat == 0)
        listed = client.get("/api/tables").json()["finished"]
        assert [t["seats"][0]["left"] for t in listed if t["id"] == table_id] == [True]


def test_spectators_cannot_leave_or_come_back(db_url: str) -> None:
    with running(db_url, clock_tick=0) as client:
        created = new_table(client, ["person", "easy"])
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
            join(ws)
            ws.send_text(json.dumps({"type": "leave"}))
            assert receive(ws, "error")["code"] == "spectator"
            ws.send_text(json.dumps({"type": "back"}))  # no seat to come back to
            assert receive(ws, "error")["code"] == "spectator"
        seats = summary(client, created["table"]["id"])["seats"]
        assert not any(s["left"] or s["absent"] for s in seats)


# -- response windows ----------------------------------------------------------------------
def asked_of(room: Any, seat: int, seconds: float = 30.0) -> Any:
    """``seat``'s open question once the bots have answered theirs (None: the game is over)."""
    deadline = time.monotonic() + seconds
    while seat not in room.prompts and not room.over:
        assert time.monotonic() < deadline, "the bots did not answer"
        time.sleep(0.005)
    return room.prompts.get(seat)


def test_a_response_window_closes_with_the_rules_neutral_answer_and_nobody_is_absent(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        body = {"game": "megacorps", "options": {"players": 3}, "seats": ["person", "easy", "easy"]}
        body["clock"] = {"mode": "realtime", "move": 60, "reserve": 0, "window": 20}
        table_id = client.post("/api/tables", json={**body, "takeover": "easy"}).json()["table"]["id"]
        room = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
        rng = random.Random(3)
        for _ in range(2000):  # play seat 0 at random until it is asked about another's decision
            prompt = asked_of(room, 0)
            assert prompt is not None, "the game ended before a window opened"
            if prompt.neutral is not None:
                break
            client.portal.call(room.submit, 0, rng.choice(prompt.legal))  # type: ignore[union-attr]
        assert prompt.neutral is not None and prompt.neutral in prompt.legal
        step = room.step
        (window,) = [c for c in summary(client, table_id)["clocks"] if c["seat"] == 0]
        assert window["window"] and window["ends"] == max(prompt.at, room.row.started) + 20
        clock.now = window["ends"] - 1
        assert expire(client) == 0
        clock.now = window["ends"] + 1
        assert expire(client) >= 1
        # seat 0's answer is the neutral one, played for it (a bot may answer its own sealed bid first)
        answers = [t.split(" ", 1)[1] if t.startswith("@") else t for t in room.record.actions[step:]]
        played = auto_actions(db_url, table_id)[step:]
        assert any(a == prompt.neutral and p == (0, True) for a, p in zip(answers, played, strict=True))
        assert not room.seats[0].absent  # a window closing is no absence
        assert room.clocks.reserve[0] == 0.0 and summary(client, table_id)["seats"][0]["absent"] is False
