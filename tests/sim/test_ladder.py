"""The ladder (issue 34): a balanced schedule, deterministic figures, a sensible order, and the JSON
file the server shows."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.ladder_cli import fixed
from tabletop.server.ladder_api import Ladder
from tabletop.sim.ladder import (
    LadderError,
    LadderGame,
    ladder,
    orders,
    round_games,
    rungs,
    seats_of,
    table_size,
)

CHEAP = ("random", "heuristic", "easy")


def test_every_entrant_plays_every_seat_against_every_other_equally_often() -> None:
    for entrants, players in ((5, 4), (5, 3), (5, 2), (3, 2), (4, 3)):
        per_pass = round_games(1, entrants, players)
        tables = [seats_of(i, entrants, players) for i in range(per_pass * len(orders(entrants)))]
        for start in range(0, len(tables), per_pass):  # in every pass
            one = tables[start : start + per_pass]
            seats = Counter((entrant, seat) for table in one for seat, entrant in enumerate(table))
            assert len(seats) == entrants * players and len(set(seats.values())) == 1, (entrants, players)
            pairs = Counter(frozenset(p) for table in one for p in combinations(table, 2))
            assert len(pairs) == entrants * (entrants - 1) // 2 and len(set(pairs.values())) == 1
        follows = Counter((t[s], t[(s + 1) % players]) for t in tables for s in range(players))
        assert len(follows) == entrants * (entrants - 1) and len(set(follows.values())) == 1  # neighbours
        # a deal is played once per rotation of one line-up
        for deal in range(0, len(tables), players):
            assert len({frozenset(t) for t in tables[deal : deal + players]}) == 1
    two = [seats_of(i, 5, 4) for i in range(40)]  # two passes: every pair neighbours equally often
    neighbours = Counter(frozenset((t[s], t[(s + 1) % 4])) for t in two for s in range(4))
    assert len(neighbours) == 10 and len(set(neighbours.values())) == 1


def test_the_table_size_and_the_games_are_checked_and_rounded() -> None:
    assert table_size(2, 6, None, 5) == 4 and table_size(3, 3, None, 5) == 3
    assert table_size(2, 6, 2, 5) == 2
    with pytest.raises(LadderError):
        table_size(3, 5, 2, 5)  # not in the game's range
    with pytest.raises(LadderError):
        table_size(2, 6, 4, 3)  # more seats than entrants
    assert round_games(8, 5, 4) == 20 and round_games(21, 5, 4) == 40 and round_games(1, 3, 2) == 6
    with pytest.raises(LadderError):
        ladder("summon7", players=2, games=2, entrants=("random", "random"))
    with pytest.raises(LadderError):
        ladder("summon7", players=2, games=2, entrants=("random", "nobody"))


def test_a_cheap_ladder_is_deterministic_and_orders_heuristic_above_random() -> None:
    one = ladder("summon7", players=2, games=24, seed=5, workers=1, entrants=CHEAP, resamples=100)
    two = ladder("summon7", players=2, games=24, seed=5, workers=2, entrants=CHEAP, resamples=100)
    other = ladder("summon7", players=2, games=6, seed=6, workers=1, entrants=CHEAP, resamples=100)
    assert one.games == 24 and one.deals == 12
    figures = [
        [(r.bot, r.games, r.rating, r.rating_low, r.win_share) for r in run.rungs] for run in (one, two)
    ]
    assert figures[0] == figures[1]  # the same with any number of workers
    assert figures[0] != [(r.bot, r.games, r.rating, r.rating_low, r.win_share) for r in other.rungs]
    found = {r.bot: r for r in one.rungs}
    assert [r.bot for r in one.rungs] == list(CHEAP)
    assert all(r.games == 16 and r.decisions > 0 and r.seconds > 0 for r in one.rungs)  # 2 of 3 seats
    assert (
        found["heuristic"].rating > found["random"].rating and found["easy"].rating > found["random"].rating
    )
    assert found["heuristic"].win_share > found["random"].win_share
    for r in one.rungs:
        assert r.rating_low <= r.rating <= r.rating_high and r.win_low <= r.win_share <= r.win_high
    # easy is the heuristic: their intervals overlap
    easy, heuristic = found["easy"], found["heuristic"]
    assert easy.rating_low <= heuristic.rating_high and heuristic.rating_low <= easy.rating_high


def test_shared_places_split_and_the_figures_follow_the_finishing_orders() -> None:
    games = [
        LadderGame(0, 0, (0, 1), (1, 2), (3, 3), (0.3, 0.6)),
        LadderGame(1, 0, (1, 0), (1, 1), (2, 2), (0.2, 0.4)),
    ]
    a, b = rungs(("a", "b"), games, seed=1, resamples=50)
    assert (a.win_share, b.win_share) == (0.75, 0.25)
    assert a.rating > b.rating and a.games == b.games == 2
    assert a.seconds == pytest.approx(0.7 / 5) and b.seconds == pytest.approx(0.8 / 5)
    assert a.rating_low <= a.rating <= a.rating_high and b.rating_low <= b.rating <= b.rating_high


def test_the_command_writes_a_file_the_server_reads(tmp_path: Path) -> None:
    out = tmp_path / "summon7.json"
    args = ["ladder", "summon7", "--players", "2", "--games", "4", "--entrants", "random,heuristic"]
    result = CliRunner().invoke(app, [*args, "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "Written" in result.output
    data = json.loads(out.read_text())
    again = "tabletop ladder summon7 --players 2 --games 4 --seed 3 --workers 1 --entrants random,heuristic"
    assert data["command"] == again
    assert [level["bot"] for level in data["levels"]] == ["random", "heuristic"]
    read = Ladder.model_validate(data)
    assert read.model_dump()["levels"] == data["levels"] and read.command == data["command"]
    refused = CliRunner().invoke(app, ["ladder", "manasurge", "--players", "2"])
    assert refused.exit_code == 2 and "3 to 5 players" in refused.output


@pytest.mark.parametrize(
    ("value", "digits", "page"),
    # what JavaScript's (value).toFixed(digits) gives: the float's exact value, a tie rounded up
    [(1419.5, 0, "1420"), (1418.5, 0, "1419"), (0.125, 2, "0.13"), (0.965, 2, "0.96"), (1591.0, 0, "1591")],
)
def test_figures_are_written_as_the_page_writes_them(value: float, digits: int, page: str) -> None:
    assert fixed(value, digits) == page


def test_the_printed_table_shows_the_figures_the_file_keeps(tmp_path: Path) -> None:
    out = tmp_path / "summon7.json"
    args = ["ladder", "summon7", "--players", "2", "--games", "4", "--entrants", "random,heuristic"]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, [*args, "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for level in json.loads(out.read_text())["levels"]:
        low, high = level["rating_95"]
        cells = [level["bot"], fixed(level["rating"], 0), f"{fixed(low, 0)}-{fixed(high, 0)}"]
        row = next(line for line in result.output.splitlines() if f" {level['bot']} " in line)
        assert [cell.strip() for cell in row.strip("│┃ ").split("│")][:3] == cells, row
