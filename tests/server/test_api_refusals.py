"""The HTTP API's refusals reveal nothing hidden: for every game, two tables of the same game and
options dealt from different seeds (other hidden cards, and in most games another public set-up
too) get the same error bodies, word for word, for the same bad requests: a step out of range, a
seat's view without its token or with another's, a bad token, a record or a rematch before the
end, a seat that is taken or does not exist.  They depend on nothing the table holds, hidden or
not, but its id."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core.registry import names
from tabletop.server import hub as hub_module

from .helpers import running, token_of

SEEDS = (11, 12)


def bad_requests(table: str, token: str, other: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, path, options) of requests the API must refuse, for ``table``."""
    replay = f"/api/tables/{table}/replay"
    bearer = {"Authorization": f"Bearer {token}"}
    return [
        ("GET", f"{replay}?step=999", {}),
        ("GET", f"{replay}?step=-1", {}),
        ("GET", f"{replay}?step=0&seat=1", {}),  # a seat's view without its token
        ("GET", f"{replay}?step=0&seat=1", {"headers": bearer}),  # with seat 0's token
        ("GET", f"{replay}?step=0&seat=0", {"headers": {"Authorization": f"Bearer {other}"}}),
        ("GET", f"{replay}?step=0&seat=99", {}),
        ("GET", f"{replay}?step=x", {}),
        ("GET", f"/api/tables/{table}/record", {}),
        ("POST", f"/api/tables/{table}/rematch", {"json": {}}),
        ("POST", f"/api/tables/{table}/take", {"json": {"seat": 0}}),  # taken by its creator
        ("POST", f"/api/tables/{table}/take", {"json": {"seat": 9}}),
        ("POST", f"/api/tables/{table}/take", {"json": {"seat": "x"}}),
    ]


def answers(client: TestClient, game: str, players: int) -> list[tuple[int, str]]:
    body = {"game": game, "options": {"players": players}, "seats": ["person"] * players}
    created = client.post("/api/tables", json=body).json()
    table = created["table"]["id"]
    found = []
    for method, path, options in bad_requests(table, token_of(created, 0), "not-a-token"):
        response = client.request(method, path, **options)
        found.append((response.status_code, response.text.replace(table, "TABLE")))
    return found


@pytest.mark.parametrize("game", names())
def test_the_same_bad_requests_get_the_same_refusals_at_tables_that_differ_only_in_hidden_cards(
    db_url: str, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    players = tabletop.make(game).metadata.min_players
    seeds = itertools.cycle(SEEDS)
    monkeypatch.setattr(hub_module, "secrets", SimpleNamespace(randbelow=lambda _: next(seeds)))
    with running(db_url) as client:
        first, second = answers(client, game, players), answers(client, game, players)
        rooms = list(client.app.state.hub.rooms.values())  # type: ignore[attr-defined]
    assert {r.record.seed for r in rooms} == set(SEEDS)
    a, b = (r.state for r in rooms)
    assert a.to_json() != b.to_json(), "the two tables should be dealt differently"
    assert all(status >= 400 for status, _ in first), first
    assert first == second
