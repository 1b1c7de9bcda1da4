"""The simulator, checked against games played independently here."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

import tabletop
from tabletop.agents import AGENTS, Agent, make_agent, observe
from tabletop.core.record import Record
from tabletop.sim import (
    SimulationError,
    Summary,
    bot_seed,
    check_bots,
    game_seed,
    round_outcomes,
    simulate,
)

GAMES = 3


def timeless(summary: Summary) -> dict[str, Any]:
    data = summary.to_json()
    timing = data.pop("timing")
    assert timing["elapsed_seconds"] > 0 and timing["games_per_second"] > 0
    return data


@pytest.fixture(scope="module")
def base() -> Summary:
    return simulate("megalomania", {"players": 4}, games=GAMES, seed=1)


def play_by_hand(seed: int, index: int, players: int = 4) -> tuple[Any, Record]:
    """Game ``index`` of run ``seed``, played here with the documented seeds."""
    game = tabletop.make("megalomania", players=players)
    record = Record("megalomania", dict(game.options), game_seed(seed, index))
    state = record.initial_state(game)
    bots = [make_agent("random", bot_seed(seed, index, s)) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_seat
        action = bots[seat].act(observe(state, seat))
        state.apply(action)
        record.actions.append(str(action))
    return state, record


def test_same_seed_same_summary(base: Summary) -> None:
    again = simulate("megalomania", {"players": 4}, games=GAMES, seed=1)
    assert timeless(again) == timeless(base)
    assert json.dumps(timeless(again)) == json.dumps(timeless(base))


def test_other_seed_other_summary(base: Summary) -> None:
    assert timeless(simulate("megalomania", {"players": 4}, games=GAMES, seed=2)) != timeless(base)


def test_workers_do_not_change_the_results(base: Summary) -> None:
    parallel = simulate("megalomania", {"players": 4}, games=GAMES, seed=1, workers=2)
    assert parallel.results == base.results
    assert timeless(parallel) == timeless(base)


def test_progress_counts_every_game() -> None:
    told: list[int] = []
    simulate("megalomania", {"players": 2}, games=2, seed=5, progress=told.append)
    assert sum(told) == 2


def test_summary_matches_independent_play(base: Summary) -> None:
    played = [play_by_hand(1, i) for i in range(GAMES)]
    states = [state for state, _ in played]
    for result, (state, record) in zip(base.results, played, strict=True):
        assert result.seed == record.seed
        assert list(result.scores) == state.scores()
        assert list(result.ranking) == state.ranking()
        assert result.decisions == len(record.actions)
        # and the record of the hand-played game replays to the same end
        assert Record.from_json(json.loads(record.dumps())).replay().scores() == list(result.scores)

    for seat, stats in enumerate(base.seats):
        points = [s.scores()[seat] for s in states]
        mean = sum(points) / GAMES
        assert stats.mean == pytest.approx(mean)
        assert stats.stdev == pytest.approx(math.sqrt(sum((p - mean) ** 2 for p in points) / (GAMES - 1)))
        assert (stats.min, stats.max) == (min(points), max(points))
        wins = sum(1 / s.ranking().count(1) for s in states if s.ranking()[seat] == 1)
        assert stats.wins == pytest.approx(wins)
        assert stats.win_share == pytest.approx(wins / GAMES)

    lengths = [len(record.actions) for _, record in played]
    assert base.length.mean == pytest.approx(sum(lengths) / GAMES)
    assert (base.length.min, base.length.max) == (min(lengths), max(lengths))

    assert base.missions is not None
    by_number = {m.mission: m for m in base.missions}
    expected_played: dict[int, int] = {}
    expected_completed: dict[int, int] = {}
    for state in states:
        for mission, points in zip(state.missions_played, state.points, strict=True):
            expected_played[mission] = expected_played.get(mission, 0) + 1
            expected_completed[mission] = expected_completed.get(mission, 0) + sum(p != 0 for p in points)
    assert {n: m.played for n, m in by_number.items()} == expected_played
    assert {n: m.completed for n, m in by_number.items()} == expected_completed


def test_summary_is_sane(base: Summary) -> None:
    assert base.games == GAMES and base.players == 4 and base.bots == ("random",) * 4
    assert sum(s.win_share for s in base.seats) == pytest.approx(1.0)
    assert all(s.min <= s.mean <= s.max and s.stdev >= 0 for s in base.seats)
    assert 0 < base.length.min <= base.length.mean <= base.length.max
    assert base.missions is not None
    assert sum(m.played for m in base.missions) == 12 * GAMES
    assert all(0.0 <= m.completion_rate <= 1.0 and m.task for m in base.missions)
    assert base.to_json()["missions"][0]["mission"] == base.missions[0].mission


def test_bot_names() -> None:
    assert check_bots(["random"], 3) == ["random"] * 3
    assert check_bots(["random", " random"], 2) == ["random", "random"]
    with pytest.raises(ValueError, match="need 4 bots"):
        check_bots(["random", "random"], 4)
    with pytest.raises(ValueError, match="no bot called nobody"):
        check_bots(["nobody"], 2)


def test_games_without_missions_get_no_mission_hook() -> None:
    assert round_outcomes(object()) is None  # type: ignore[arg-type]


class IllegalBot(Agent[Any]):
    def act(self, obs: Any) -> Any:
        return tabletop.make("megalomania").parse_action("done")


def test_a_broken_game_names_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "illegal", IllegalBot)
    with pytest.raises(SimulationError, match=r"game 0 \(seed \d+\) failed: done is not legal"):
        simulate("megalomania", {"players": 2}, games=1, seed=1, bots=["illegal"])
