"""The Summon 7 and clan-game bots: legal whole games, the hit-or-hold rule, and a search that
depends only on what its seat sees."""

from __future__ import annotations

import pytest

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.clan.heuristic import ClanHeuristic
from tabletop.agents.summon7.heuristic import Seat, Summon7Heuristic, bust_chance, should_hit

from .helpers import play_legally, search_on_a_redeal


@pytest.mark.parametrize(("game", "players"), [("summon7", 2), ("summon7", 5), ("clan", 2), ("clan", 4)])
def test_the_heuristic_plays_whole_games_legally(game: str, players: int) -> None:
    g = make(game, players=players)
    s = g.new_state(players)
    bots = [make_agent("heuristic", seat) for seat in range(players)]
    play_legally(s, bots)


def test_bust_chance_counts_the_deck() -> None:
    counts = [0] * 13
    counts[5], counts[9] = 3, 1
    assert bust_chance([5], counts) == 0.75
    assert bust_chance([9], counts) == 0.25
    assert bust_chance([9], counts, hungry=True) == pytest.approx(1 - 0.75**2)


def test_hit_when_holding_cannot_win_and_hold_when_it_wins() -> None:
    counts = [1] * 13
    assert should_hit([12], 12, [Seat("held", 20), Seat("busted", 30)], counts)  # 12 loses to 20
    assert not should_hit([12, 9], 21, [Seat("held", 20), Seat("busted", 30)], counts)  # wins now
    risky = [0] * 13
    risky[12] = 10
    risky[3] = 1
    assert not should_hit([12, 5], 17, [Seat("active", 8)], risky)  # 10 of 11 cards bust


def test_the_summon7_heuristic_holds_a_winning_total_when_alone() -> None:
    s = make("summon7", players=2).new_state(0, {"dealer": 1, "deck": [9, 12, 5]})
    s.apply_text("hit")  # seat 0: 9 + 5
    s.apply_text("hold")  # seat 1 holds 12: seat 0 is alone in the round, ahead
    assert str(Summon7Heuristic(0).act(observe(s, 0))) == "hold"


def test_the_clan_heuristic_wards_a_bust_and_feeds_itself() -> None:
    s = make("clan", players=2, pregame=0).new_state(
        0,
        {"dealer": 1, "characters": ["glutton", "miser"], "head": "brute", "deck": [9, 7, 9],
         "hands": [["ward"], []], "pantry": {"peasant": 3}},
    )  # fmt: skip
    s.apply_text("hit")
    assert str(ClanHeuristic(0).act(observe(s, 0))) == "play=ward"


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_the_search_decides_the_same_on_the_true_deck_and_on_a_redealt_one(game: str) -> None:
    options = {"pregame": 0} if game == "clan" else {}
    for seed in range(3):
        s = make(game, players=3, **options).new_state(seed)
        _, redealt = search_on_a_redeal(s, seed, 0.3, iterations=40)
        assert redealt.to_json() != s.to_json()
