"""A ManaSurge table on the server: a whole game between three people and a spectator over
WebSockets, every message checked against the true state: each seat gets its own view (its hand,
the cards it gave away; the views' secrecy itself is the conformance suite's), and only the
private events (cards drawn, cards given) meant for it while the game runs."""

from __future__ import annotations

import random

import pytest

from .helpers import play_watched, running, states_by_step

PRIVATE = ("drew", "gift")


@pytest.mark.timeout(300)
def test_a_manasurge_table_sends_each_seat_only_what_it_may_see(db_url: str) -> None:
    players = 3
    rng = random.Random(5)
    with running(db_url) as client:
        body = {"game": "manasurge", "seats": ["person"] * players, "options": {"players": players}}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        received, record = play_watched(client, response.json(), rng)
    assert all(m[0]["content"]["suits"]["L"]["name"] == "Lightning" for m in received.values())  # printed

    states = states_by_step(record)
    checked = private = 0
    for key, messages in received.items():
        for message in messages:
            if message["type"] not in ("welcome", "update"):
                continue
            truth = states[message["step"]]
            view = message["view"]
            assert view == truth.view(key), f"seat {key}, step {message['step']}: not its own view"
            if key is not None:
                assert view["hand"] == truth.game.cards.texts(truth.hands[key])
            else:
                assert "hand" not in view and view["legal"] == []
            assert list(message["labels"]) == view["legal"]
            if message["over"]:
                continue  # once the game is over every event is shown to everybody (docs/server.md)
            told = message["events"] if message["type"] == "update" else message["log"]
            for event in told:
                if event["kind"] in PRIVATE:
                    assert key is not None and key in (event["seat"], event.get("to")), (key, event)
                    private += 1
            checked += 1
    assert checked >= (players + 1) * (len(record.actions) - 1)
    assert private > 0  # the game did send private events, each to its own seats only
