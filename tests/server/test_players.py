"""The ratings' API and pages: the leaderboard per game, a player's page and rating plot, and no
secret (password hash, session, seat token) in any answer."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import game_class
from tabletop.server import players
from tabletop.server.accounts import COOKIE
from tabletop.server.ratings import record_result
from tabletop.server.storage import SeatRow, Storage, TableRow

from .helpers import running
from .test_accounts import PASSWORD, Clock, signup

NOW = 1_800_000_000.0
SEAT_TOKEN_HASH = "5e" * 32


def storage_of(client: TestClient) -> Storage:
    storage: Storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    return storage


def account(client: TestClient, name: str) -> int:
    assert signup(client, name).status_code == 201
    user = storage_of(client).user(name)
    assert user is not None
    return user.id


def person(seat: int, user_id: int, left: bool = False) -> SeatRow:
    return SeatRow(
        seat, "person", token_hash=SEAT_TOKEN_HASH, name=f"p{seat}", joined=True, user_id=user_id, left=left
    )


def play(
    client: TestClient,
    table_id: str,
    seats: list[SeatRow],
    ranks: list[int],
    at: float,
    rated: bool = True,
    game: str = "megalomania",
) -> None:
    """A finished table, stored as the server leaves it, rated when ``rated``."""
    storage = storage_of(client)
    row = TableRow(table_id, game, {"players": len(seats)}, 7, None, at - 900, seats, rated=rated)
    storage.insert_table(row)
    storage.set_ranks(table_id, ranks)
    storage.update_table(table_id, {"finished": True, "finished_at": at})
    if rated:
        assert record_result(storage, table_id, game, seats, ranks, at)


@pytest.fixture
def client(db_url: str) -> Any:
    with running(db_url, clock=Clock()) as found:
        yield found


def league(client: TestClient) -> dict[str, int]:
    """ana beats bob twice and a normal bot once; bob beats the bot; a friendly game unrated."""
    ids = {name: account(client, name) for name in ("ana", "bob", "cyd")}
    ana, bob = ids["ana"], ids["bob"]
    play(client, "g1", [person(0, ana), person(1, bob)], [1, 2], NOW)
    play(client, "g2", [person(0, bob), person(1, ana)], [2, 1], NOW + 3600)
    play(client, "g3", [person(0, ana), SeatRow(1, "bot", level="normal")], [1, 2], NOW + 7200)
    play(client, "g4", [person(0, bob), SeatRow(1, "bot", level="normal")], [1, 2], NOW + 9000)
    play(client, "g5", [person(0, bob, left=True), person(1, ana)], [1, 2], NOW + 9500, rated=False)
    return ids


def test_the_leaderboard_orders_players_by_rating(client: TestClient) -> None:
    ids = league(client)
    answer = client.get("/api/ratings/megalomania")
    assert answer.status_code == 200
    board = answer.json()
    assert board["game"] == "megalomania" and board["title"] == game_class("megalomania").title
    rows = board["players"]
    assert board["board"] == "people" and [r["name"] for r in rows] == ["ana", "bob"]  # people only
    bots = client.get("/api/ratings/megalomania", params={"board": "bots"}).json()
    assert bots["board"] == "bots" and [r["name"] for r in bots["players"]] == ["Bot (normal)"]
    assert client.get("/api/ratings/megalomania", params={"board": "all"}).status_code == 422
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert rows[0] == {
        "player": f"user:{ids['ana']}",
        "name": "ana",
        "bot": False,
        "rating": rows[0]["rating"],
        "mu": rows[0]["mu"],
        "sigma": rows[0]["sigma"],
        "games": 3,
        "url": "/players/ana",
    }
    level = bots["players"][0]
    assert level["bot"] and level["url"] is None and level["player"] == "bot:normal" and level["games"] == 2
    assert all(isinstance(r["rating"], int) for r in rows)
    assert client.get("/api/ratings/summon7").json()["players"] == []  # a game nobody has played rated
    assert client.get("/api/ratings/chess").status_code == 404


def test_a_player_page_has_ratings_history_and_games(client: TestClient) -> None:
    league(client)
    answer = client.get("/api/players/ANA")  # names compare case-blind
    assert answer.status_code == 200
    page = answer.json()
    assert page["name"] == "ana"
    (rating,) = page["ratings"]
    assert rating["game"] == "megalomania" and rating["games"] == 3
    assert [h["table"] for h in rating["history"]] == ["g1", "g2", "g3"]
    assert [h["at"] for h in rating["history"]] == [NOW, NOW + 3600, NOW + 7200]
    assert rating["history"][-1]["rating"] == rating["rating"]
    games = page["games"]
    assert [g["table"] for g in games] == ["g5", "g3", "g2", "g1"]  # newest first
    friendly = games[0]
    assert friendly == {
        "table": "g5",
        "game": "megalomania",
        "title": game_class("megalomania").title,
        "finished_at": NOW + 9500,
        "seat": 1,
        "rank": 2,
        "players": 2,
        "left": False,
        "rated": False,
        "change": None,
        "replay": "/replay/g5",
    }
    assert all(g["rated"] and g["change"] > 0 for g in games[1:])  # ana won every rated game
    history = [1000] + [h["rating"] for h in rating["history"]]
    assert [g["change"] for g in reversed(games[1:])] == [b - a for a, b in pairwise(history)]
    bob = client.get("/api/players/bob").json()
    assert [g["left"] for g in bob["games"]] == [True, False, False, False]
    assert bob["games"][1]["change"] > 0 and bob["games"][2]["change"] < 0
    cy = client.get("/api/players/cyd").json()
    assert cy == {"name": "cyd", "bot": False, "ratings": [], "games": []}
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/" + "x" * 200).status_code == 404


def test_no_answer_carries_a_password_hash_a_session_or_a_seat_token(client: TestClient) -> None:
    league(client)
    session = client.cookies.get(COOKIE)
    assert session
    hashes = [storage_of(client).user(n) for n in ("ana", "bob", "cyd")]
    answers = [
        client.get("/api/ratings/megalomania"),
        client.get("/api/players/ana"),
        client.get("/api/players/bob"),
        client.get("/api/players/cyd"),
        client.get("/api/players/ana/rating.svg"),
    ]
    for answer in answers:
        assert answer.status_code == 200
        text = answer.text
        assert session not in text and PASSWORD not in text and SEAT_TOKEN_HASH not in text
        assert "argon2" not in text and "password" not in text.lower() and "token" not in text.lower()
        for user in hashes:
            assert user is not None and user.password_hash not in text


def test_the_rating_plot_is_an_svg_drawn_once_per_history(client: TestClient, monkeypatch: Any) -> None:
    drawn: list[str] = []
    draw = players.draw

    def counting(page: Any, *rest: Any) -> bytes:
        drawn.append(page.name)
        return draw(page, *rest)

    monkeypatch.setattr(players, "draw", counting)
    ids = league(client)
    first = client.get("/api/players/ana/rating.svg")
    assert first.status_code == 200 and first.headers["content-type"] == "image/svg+xml"
    assert b"<svg" in first.content and first.content.lstrip().startswith(b"<?xml")
    assert client.get("/api/players/ANA/rating.svg").content == first.content
    assert drawn == ["ana"]  # the second answer came from the cache
    play(client, "g6", [person(0, ids["ana"]), person(1, ids["cyd"])], [2, 1], NOW + 20000)
    again = client.get("/api/players/ana/rating.svg")
    assert drawn == ["ana", "ana"] and again.content != first.content  # a new game: a new plot
    cy = client.get("/api/players/cyd/rating.svg")  # one rated game now: a single point
    assert cy.status_code == 200 and b"<svg" in cy.content
    assert client.get("/api/players/nobody/rating.svg").status_code == 404


def test_a_player_without_rated_games_gets_an_empty_plot(client: TestClient) -> None:
    account(client, "dee")
    answer = client.get("/api/players/dee/rating.svg")
    assert answer.status_code == 200 and b"<svg" in answer.content
    assert b"No rated games yet" in answer.content  # matplotlib keeps each text as a comment


def test_the_pages_are_served_with_their_scripts(client: TestClient) -> None:
    leaderboard = client.get("/leaderboard")
    assert leaderboard.status_code == 200 and "/static/js/leaderboard.js" in leaderboard.text
    page = client.get("/players/ana")
    assert page.status_code == 200 and "/static/js/player.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for path in ("/static/js/leaderboard.js", "/static/js/player.js", "/static/css/players.css"):
        assert client.get(path).status_code == 200
    assert "innerHTML" not in client.get("/static/js/player.js").text
