"""What a seat is told in words: each event's line, each legal action's label, a game's texts."""

from __future__ import annotations

from typing import Any

from tabletop.core.protocol import Event
from tabletop.server.said import Teller, seat_names, told_events

from .helpers import join, receive, running, token_of


def test_the_log_names_seats_as_the_table_does() -> None:
    seats: list[dict[str, Any]] = [
        {"seat": 0, "kind": "person", "name": "Ana"},
        {"seat": 1, "kind": "bot", "level": "easy", "name": None},
        {"seat": 2, "kind": "person", "name": ""},
    ]
    assert seat_names(seats) == ["Ana", "Bot 1 (easy)", "Seat 2"]


def test_each_seat_is_told_only_its_events_in_its_own_words() -> None:
    hand = Event("hand", {"seat": 1, "cards": ["Ku"]}, (1,))
    take = Event("resources", {"seat": 1, "choice": "cubes"})
    names = ["Ana", "Bob"]
    mine = told_events("megalomania", [(0, hand), (1, take)], 1, False, names)
    theirs = told_events("megalomania", [(0, hand), (1, take)], 0, False, names)
    assert [e["kind"] for e in mine] == ["hand", "resources"] and [e["kind"] for e in theirs] == ["resources"]
    assert mine[1]["words"] == {"parts": ["You take 10 cubes."], "tone": ""}
    assert theirs[0]["words"] == {"parts": ["Bob takes 10 cubes."], "tone": ""}
    # once the game is over everything is public, still in the reader's words
    after = told_events("megalomania", [(0, hand)], 0, True, names)
    assert after[0]["words"]["parts"] == ["Bob's hand: ", {"card": "Ku", "form": "short"}]


def test_one_update_tells_each_seat_as_told_events_would_and_keeps_words_apart() -> None:
    """The server words an update for every seat with one Teller: each seat gets exactly what
    told_events gives it, and one seat's words never reach another's events."""
    events = [
        (4, Event("hand", {"seat": 1, "cards": ["Ku"]}, (1,))),
        (4, Event("resources", {"seat": 1, "choice": "cubes"})),
        (4, Event("resources", {"seat": 0, "choice": "crystals"})),
    ]
    names = ["Ana", "Bob", "Cy"]
    for everything in (False, True):
        teller = Teller("megalomania", events, everything, names)
        told = {seat: teller.told(seat) for seat in (0, 1, 2, None)}
        for seat, got in told.items():
            assert got == told_events("megalomania", events, seat, everything, names)
        assert told[1][-2]["words"]["parts"] == ["You take 10 cubes."]
        assert told[2][-2]["words"]["parts"] == ["Bob takes 10 cubes."]
        assert all("words" not in shared for shared in teller.json if shared is not None)


def test_a_clan_table_sends_its_printed_texts_and_labels_every_choice(db_url: str) -> None:
    with running(db_url) as client:
        response = client.post(
            "/api/tables",
            json={"game": "clan", "options": {"players": 2}, "seats": ["person", "easy"]},
        )
        created = response.json()
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
            welcome = join(ws, token_of(created, 0))
            assert {"ward", "hex"} <= set(welcome["content"]["powers"])
            while not welcome["view"]["legal"]:
                welcome = receive(ws, "update")
            labels = welcome["labels"]
            assert list(labels) == welcome["view"]["legal"]
            assert all(text != words for text, words in labels.items() if text not in ("hit", "hold"))
