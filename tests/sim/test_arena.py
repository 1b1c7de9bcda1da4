"""The arena: rotations over duplicate deals, determinism, intervals and ratings."""

from __future__ import annotations

import json
import math

from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.sim.arena import (
    ArenaGame,
    arena,
    arena_stats,
    bradley_terry,
    play_arena_chunk,
    seating,
    wilson,
)
from tabletop.sim.simulate import Chunk


def test_every_entry_plays_every_seat_of_each_deal() -> None:
    for players in (2, 3, 4):
        seats = [seating(i, players) for i in range(players)]
        for seat in range(players):
            assert sorted(s[seat] for s in seats) == list(range(players))


def test_duplicate_deals_share_the_cards() -> None:
    lineup = ("random", "heuristic")
    games = play_arena_chunk(Chunk("megalomania", {"players": 2, "data": ""}, 4, lineup, 0, 4))
    assert [g.deal for g in games] == [0, 0, 1, 1]
    assert [g.entries for g in games] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_same_seed_same_result_with_any_worker_count() -> None:
    one = arena("megalomania", {"players": 2}, ["heuristic", "random"], 8, seed=5, workers=1).to_json()
    two = arena("megalomania", {"players": 2}, ["heuristic", "random"], 8, seed=5, workers=2).to_json()
    other = arena("megalomania", {"players": 2}, ["heuristic", "random"], 8, seed=6, workers=1).to_json()
    for run in (one, two, other):
        run.pop("timing")
    assert one == two
    assert one != other


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-3) and math.isclose(high, 0.5962, abs_tol=1e-3)
    assert wilson(0, 10)[0] == 0.0


def test_bradley_terry_orders_by_pairwise_wins() -> None:
    even = bradley_terry(["a", "b"], {("a", "b"): 10, ("b", "a"): 10})
    assert math.isclose(even["a"], even["b"])
    strong = bradley_terry(["a", "b", "c"], {("a", "b"): 30, ("b", "a"): 10, ("b", "c"): 30, ("c", "b"): 10})
    assert strong["a"] > strong["b"] > strong["c"]
    assert math.isclose(sum(strong.values()) / 3, 1500, abs_tol=1e-6)


def test_stats_split_shared_first_places() -> None:
    games = [
        ArenaGame(0, 0, (0, 1), (5, 5), (1, 1), 10),
        ArenaGame(1, 0, (1, 0), (3, 7), (2, 1), 10),
    ]
    stats = {b.bot: b for b in arena_stats(("x", "y"), games)}
    # game 1 seats y then x: x scores 7 and wins
    assert stats["x"].win_share == 0.75 and stats["y"].win_share == 0.25
    assert stats["x"].mean_points == 6 and stats["y"].mean_points == 4
    assert stats["x"].rating > stats["y"].rating


def test_cli_arena_json() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "megalomania", "--players", "2", "--bots", "heuristic,random", "--games", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and {b["bot"] for b in data["bots"]} == {"heuristic", "random"}
    bad = CliRunner().invoke(app, ["arena", "--players", "2", "--bots", "heuristic,nobody"])
    assert bad.exit_code == 2
