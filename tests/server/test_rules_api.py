"""The players' rules over HTTP (tabletop/server/rules_api.py): the list, each game's rules as the
words layer makes them, 404s that say why, and the pages that draw them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import names
from tabletop.words.rules import games, rules

from .helpers import running


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("rules") / "tabletop.db"
    with running(f"sqlite:///{db}") as found:
        yield found


def test_the_list_names_every_registered_game_with_rules(client: TestClient) -> None:
    answer = client.get("/api/rules")
    assert answer.status_code == 200
    listed = answer.json()["games"]
    assert [g["game"] for g in listed] == [g for g in names() if g in games()]
    for entry in listed:
        loaded = rules(entry["game"])
        assert entry == {
            "game": loaded.game,
            "title": loaded.title,
            "pitch": loaded.pitch,
            "players": loaded.players,
        }


@pytest.mark.parametrize("game", games())
def test_a_games_rules_are_the_words_layers(client: TestClient, game: str) -> None:
    answer = client.get(f"/api/rules/{game}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.json() == rules(game).to_json()


def test_megalomanias_rules_carry_cards_provisional_marks_and_the_glossary(client: TestClient) -> None:
    data = client.get("/api/rules/megalomania").json()
    parts = [p for s in data["sections"] for line in s["paragraphs"] for p in line["parts"]]
    assert {"card": "Eb", "form": "named"} in parts
    assert any(s["provisional"] for s in data["sections"]) and not all(
        s["provisional"] for s in data["sections"]
    )
    terms = {t["term"]: t for t in data["glossary"]}
    assert (
        "dominant" in terms["dominant colour"]["forms"] and terms["dominant colour"]["provisional"] is False
    )
    assert terms["Two resources"]["provisional"] is True
    summon7 = client.get("/api/rules/summon7").json()
    assert {"number": 9} in [
        p for s in summon7["sections"] for line in s["paragraphs"] for p in line["parts"]
    ]


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/api/rules/chess", "there is no game called 'chess'"),
        ("/api/rules/MEGALOMANIA", "there is no game called 'MEGALOMANIA'"),
        ("/api/rules/megalomania.toml", "there is no game called 'megalomania.toml'"),
    ],
)
def test_an_unknown_game_is_a_404_that_says_why(client: TestClient, path: str, said: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    detail = answer.json()["detail"]
    assert said in detail and "there are rules for" in detail and "megalomania" in detail


def test_a_registered_game_without_a_file_is_a_404_that_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.server import rules_api

    monkeypatch.setattr(rules_api, "games", lambda: [g for g in games() if g != "summon7"])
    answer = client.get("/api/rules/summon7")
    assert answer.status_code == 404
    assert answer.json()["detail"].startswith("summon7 has no rules page yet")
    assert "summon7" not in [g["game"] for g in client.get("/api/rules").json()["games"]]


def test_a_broken_file_is_a_500_that_names_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tabletop.core.errors import InvalidOptions
    from tabletop.server import rules_api

    def broken(game: str) -> None:
        raise InvalidOptions(f"tabletop/words/rules/{game}.toml: section 2 (The end) needs 'text', a text")

    monkeypatch.setattr(rules_api, "rules", broken)
    answer = client.get("/api/rules/clan")
    assert answer.status_code == 500
    assert "clan.toml: section 2 (The end)" in answer.json()["detail"]


@pytest.mark.parametrize(
    "path", ["/rules", "/rules/megalomania", "/rules/summon7", "/rules/clan", "/rules/nope"]
)
def test_the_rules_pages_are_served(client: TestClient, path: str) -> None:
    """The page is the same file for every game (js/rules.js asks the API, and says so when a game
    has no rules); it is served with the pages' security headers."""
    answer = client.get(path)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/rules.js"></script>' in answer.text
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    for asset in ("/static/js/rules.js", "/static/js/glossary.js", "/static/css/rules.css"):
        assert client.get(asset).status_code == 200, asset
