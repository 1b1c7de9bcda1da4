"""What the lobby, the sign-up dialog, the leaderboard and the player page ask of the server (issue
29): the games' options marked advanced (designers') or not, "who am I" answered without an error
for a guest, sign-up refusals that say what is wrong and with which field, the game the leaderboard
opens on, and a first rated game plotted from the start rating."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import game_class, names
from tabletop.server import ratings
from tabletop.server.accounts import name_problem
from tabletop.server.players import line_of
from tabletop.server.storage import SeatRow

from .helpers import Clock, running
from .test_accounts import signup
from .test_players import NOW, account, person, play

ONLY = ": only letters a to z, digits, '_', '.' and '-'"


@pytest.fixture
def client(db_url: str) -> Any:
    with running(db_url, clock=Clock()) as found:
        yield found


def test_the_games_options_say_which_are_designers(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for name in names():
        specs = {spec.name: spec for spec in game_class(name).option_specs}
        for option in games[name]["options"]:
            assert option["advanced"] is specs[option["name"]].advanced
    manasurge = {o["name"]: o["advanced"] for o in games["manasurge"]["options"]}
    assert manasurge == {
        "players": False,
        "wizards": False,
        "damage_order": True,
        "may_decline": True,
        "metamagic_damage": True,
        "max_rounds": True,
    }
    assert {o["name"]: o["advanced"] for o in games["summon7"]["options"]}["max_rounds"]
    # a player's option reads plainly: no designer's words outside the fold
    for game in games.values():
        for option in game["options"]:
            if not option["advanced"]:
                assert "not in the rules" not in option["help"] and "pnp" not in option["help"]


def test_who_am_i_answers_a_guest_without_an_error(client: TestClient) -> None:
    guest = client.get("/api/account/whoami")
    assert guest.status_code == 200 and guest.json() == {"account": None}
    assert signup(client).status_code == 201
    assert client.get("/api/account/whoami").json() == {"account": {"name": "ana"}}
    client.post("/api/account/logout")
    assert client.get("/api/account/whoami").json() == {"account": None}


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("ana bob", "a name cannot contain a space"),
        ("ana@home", "a name cannot contain '@'" + ONLY),
        ("anné", "a name cannot contain 'é'" + ONLY),
        (
            "an\u200bna",
            "a name cannot contain the invisible character U+200B" + ONLY,
        ),
        ("an", "a name needs at least 3 characters, not 2"),
        ("a" * 33, "a name has at most 32 characters, not 33"),
        ("_ana", "a name starts with a letter or a digit"),
    ],
)
def test_a_refused_name_is_told_what_is_wrong(client: TestClient, name: str, said: str) -> None:
    assert name_problem(name) == said
    answer = signup(client, name)
    assert answer.status_code == 400 and answer.json() == {"detail": said, "field": "name"}


def test_the_other_sign_up_refusals_name_their_field(client: TestClient) -> None:
    for good in ("ana", "A.b-c_9", "x" * 32):
        assert name_problem(good) is None
    short = signup(client, "bob", "short")
    assert short.status_code == 400
    assert short.json() == {"detail": "a password needs at least 8 characters", "field": "password"}
    assert signup(client, "bob").status_code == 201
    taken = signup(client, "BOB")
    assert taken.status_code == 409 and taken.json() == {"detail": "the name 'BOB' is taken", "field": "name"}


def test_the_leaderboard_opens_on_your_last_rated_game_else_the_most_rated(client: TestClient) -> None:
    empty = client.get("/api/ratings").json()
    assert empty["first"] is None and empty["last"] is None
    assert [g["game"] for g in empty["games"]] == list(names())
    ana, bob = account(client, "ana"), account(client, "bob")  # logged in as bob now
    bot = SeatRow(1, "bot", level="easy")
    play(client, "s1", [person(0, ana), bot], [1, 2], NOW, game="summon7")
    play(client, "s2", [person(0, ana), bot], [2, 1], NOW + 60, game="summon7")
    play(
        client,
        "m1",
        [person(0, bob), bot, SeatRow(2, "bot", level="easy")],
        [1, 2, 3],
        NOW + 120,
        game="manasurge",
    )
    play(client, "s3", [person(0, ana), bot], [1, 2], NOW + 180, game="summon7")
    mine = client.get("/api/ratings").json()
    counts = {g["game"]: g["rated"] for g in mine["games"]}
    assert counts["summon7"] == 3 and counts["manasurge"] == 1 and counts["clan"] == 0
    assert mine["last"] == mine["first"] == "manasurge"  # bob's only rated game, though older than s3
    client.post("/api/account/logout")
    guest = client.get("/api/ratings").json()
    assert guest["last"] is None and guest["first"] == "summon7"


def test_a_first_rated_game_is_a_line_from_the_start_rating(client: TestClient) -> None:
    ana = account(client, "ana")
    play(client, "g1", [person(0, ana), SeatRow(1, "bot", level="easy")], [2, 1], NOW)
    page = client.get("/api/players/ana").json()
    (rating,) = page["ratings"]
    assert rating["start"] == {"at": NOW - 900, "rating": 1000}  # the table was made 15 min before
    found = ratings.player(client.app.state.hub.storage, "ana")  # type: ignore[attr-defined]
    assert found is not None
    times, values = line_of(found.ratings[0])
    assert times == [NOW - 900, NOW] and values == [1000, rating["rating"]]
    wide = client.get("/api/players/ana/rating.svg")
    narrow = client.get("/api/players/ana/rating.svg?size=narrow")
    assert wide.status_code == narrow.status_code == 200 and wide.content != narrow.content
    assert b"font-size: 11px" in narrow.content and b"font-size: 9px" not in narrow.content  # text kept
    assert client.get("/api/players/ana/rating.svg?size=huge").status_code == 422
