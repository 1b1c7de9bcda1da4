"""MegaCorps' bots: legal whole games, decisions from the seat's view only, a few of the heuristic's
rules (offers, vetoes, bids), and the search plug-ins."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.agents.megacorps.countries import auction_worth
from tabletop.agents.megacorps.heuristic import MegaCorpsHeuristic
from tabletop.agents.megacorps.position import Model
from tabletop.agents.megacorps.search import LapEvaluation, megacorps_rollout
from tabletop.agents.megacorps.worth import Judge, values
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import redealt_decisions


def play_out(s: MegaCorpsState, bots: list[Any], rng: random.Random) -> list[tuple[int, str, str]]:
    """Play to the end; in a sealed phase any of the seats asked may answer first.  Returns
    (seat, phase, action) for every decision, checking each is legal."""
    log: list[tuple[int, str, str]] = []
    while not s.is_terminal():
        asked = s.to_act()
        seat = rng.choice(asked) if len(asked) > 1 else asked[0]
        obs = observe(s, seat)
        action = bots[seat].act(obs)
        assert action in s.legal_actions_for(seat), (seat, obs.view["phase"], action)
        log.append((seat, str(obs.view["phase"]), action.text))
        s.apply(action, seat)
    return log


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_heuristic_plays_whole_games_legally(players: int) -> None:
    g = make("megacorps", players=players)
    phases: set[str] = set()
    rng = random.Random(players)
    for seed in range(3):
        s = g.new_state(seed)
        bots: list[Any] = [make_agent("heuristic", seat) for seat in range(players)]
        bots[seed % players] = make_agent("random", seed)  # a random player makes odd offers and wars
        phases |= {phase for seat, phase, _ in play_out(s, bots, rng) if seat != seed % players}
        assert s.winners
    assert {"draft", "turn", "target", "bank", "respond", "compose", "answer", "donate"} <= phases


def test_the_heuristic_answers_every_kind_of_decision() -> None:
    """Against random players, over a few games, every phase reaches a heuristic seat."""
    g = make("megacorps", players=4)
    phases: set[str] = set()
    rng = random.Random(0)
    for seed in range(12):
        s = g.new_state(seed)
        bots: list[Any] = [make_agent("random", 10 * seed + seat) for seat in range(4)]
        bots[0] = MegaCorpsHeuristic(seed)
        phases |= {phase for seat, phase, _ in play_out(s, bots, rng) if seat == 0}
    expected = {"draft", "turn", "target", "veto", "rebuy", "bank", "pay", "donate", "sale"}
    expected |= {"war-gi", "bid", "respond", "compose", "answer"}
    assert expected <= phases  # naming a price and voting: below


def test_the_heuristic_names_a_price_and_votes_for_itself() -> None:
    s = make("megacorps", players=3).new_state(
        0,
        {
            "corporations": ["windoze", "mouse", "lenogo"],
            "active": 0,
            "drawn": [1, 1],
            "hands": [["elections"], [], []],
            "companies": {"def.naf": 1, "def.eu": 1, "med.naf": 0, "med.eu": 0, "med.jpn": 1},
        },
    )
    s.apply_text("play elections")
    s.apply_text("target naf")
    assert s.to_act() == (0, 1)
    assert str(MegaCorpsHeuristic(0).act(observe(s, 0))) == "vote 0"
    vote = MegaCorpsHeuristic(0).act(observe(s, 1))
    assert vote in s.legal_actions_for(1)
    s.apply(vote, 1)
    s.apply_text("vote 0", 0)
    assert s.view(0)["countries"]["naf"] == 0  # type: ignore[index]
    for text in ("mercs", "bank 0"):
        s.apply_text(text)
    assert s.view(1)["phase"] == "price"
    price = MegaCorpsHeuristic(0).act(observe(s, 1))
    assert price.text in ("price 3", "refuse")


def test_the_heuristic_is_deterministic_for_a_seed() -> None:
    g = make("megacorps", players=4)
    logs = []
    for _ in range(2):
        s = g.new_state(11)
        bots: list[Any] = [MegaCorpsHeuristic(7) for _ in range(4)]
        logs.append(play_out(s, bots, random.Random(3)))
    assert logs[0] == logs[1]


def test_the_heuristic_makes_and_answers_offers() -> None:
    g = make("megacorps", players=4)
    offers = answers = 0
    for seed in range(3):
        s = g.new_state(seed)
        bots: list[Any] = [MegaCorpsHeuristic(seat) for seat in range(4)]
        log = play_out(s, bots, random.Random(seed))
        offers += sum(1 for _, phase, text in log if phase == "compose" and text == "send")
        answers += sum(1 for _, phase, _ in log if phase == "answer")
        made = 0  # offers made in the turn going on: one at most
        for _, phase, text in log:
            if phase == "turn" and text.startswith("offer"):
                made += 1
                assert made == 1
            elif phase == "turn" and not text.startswith("play"):
                made = 0  # the Action: the turn is over
    assert offers > 0 and answers == offers


def test_the_heuristic_accepts_a_gift_and_declines_a_robbery() -> None:
    s = make("megacorps", players=3).new_state(
        0,
        {
            "corporations": ["windoze", "mouse", "mokia"],
            "active": 0,
            "drawn": [2, 2],
            "hands": [[], [], []],
            "companies": {"aer.naf": 0, "aer.jpn": 1, "fin.naf": 1, "med.eu": 2},
        },
    )
    for text in ("offer 1", "give 5", "send"):
        s.apply_text(text)
    assert str(MegaCorpsHeuristic(0).act(observe(s, 1))) == "accept"
    s.apply_text("decline")
    for text in ("offer 1", "ask aer.jpn", "ask fin.naf", "give 1", "send"):
        s.apply_text(text)
    assert str(MegaCorpsHeuristic(0).act(observe(s, 1))) == "decline"


def monopoly_position(owned: list[str]) -> MegaCorpsState:
    """Seat 0 is on turn and owns ``owned``; seat 1 controls the European Union (a Democracy)."""
    return make("megacorps", players=3).new_state(
        0,
        {
            "corporations": ["windoze", "mokia", "mouse"],
            "active": 0,
            "drawn": [2, 2],
            "hands": [[], [], []],
            "companies": {**dict.fromkeys(owned, 0), "med.jpn": 1, "fin.eu": 1, "sof.ind": 2},
        },
    )


def test_the_heuristic_vetoes_a_rivals_monopoly() -> None:
    s = monopoly_position(["aer.naf", "aer.jpn", "bio.naf"])
    s.apply_text("buy aer.eu")  # a third Aerospace company of five: seat 1 is asked
    view = s.view(1)
    assert view["phase"] == "veto" and view["to_act"] == [1]
    assert str(MegaCorpsHeuristic(0).act(observe(s, 1))) == "veto"
    s.apply_text("veto")
    assert s.view(0)["phase"] == "rebuy"
    assert str(MegaCorpsHeuristic(0).act(observe(s, 0))) != "buy aer.eu"


def test_the_heuristic_allows_a_harmless_purchase() -> None:
    s = monopoly_position(["bio.naf", "fin.naf"])
    s.apply_text("buy bio.eu")  # a second Biotech company of four, no threat yet
    assert s.view(1)["phase"] == "veto"
    assert str(MegaCorpsHeuristic(0).act(observe(s, 1))) == "allow"


def auction(target: str, money: list[int]) -> MegaCorpsState:
    """Seat 0 plays Greedy Kleptocrats on ``target``; Great Russia is full of seat 1's and seat 2's
    companies, the Maghreb of nobody's."""
    s = make("megacorps", players=3).new_state(
        0,
        {
            "corporations": ["windoze", "mouse", "lenogo"],
            "active": 0,
            "drawn": [1, 1],
            "hands": [["kleptocrats"], [], []],
            "money": money,
            "companies": {
                "aer.rus": 1,
                "def.rus": 1,
                "met.rus": 2,
                "oil.rus": 2,
                "sof.rus": 1,
                "aer.naf": 0,
                "met.chn": 0,
                "oil.cal": 0,
            },
        },
    )
    s.apply_text("play kleptocrats")
    s.apply_text(f"target {target}")
    assert s.view(0)["phase"] == "bid"
    return s


def test_the_heuristic_bids_up_to_what_the_country_is_worth_to_it() -> None:
    s = auction("rus", [40, 40, 40])
    bid = MegaCorpsHeuristic(0).act(observe(s, 0))
    m = Model.from_view(s.game, s.view(0))
    worth = auction_worth(m, Judge(m, 0), 0, s.game.board.country_index["rus"])
    assert bid.kind == "bid" and 0 < bid.num <= worth
    poor = auction("rus", [6, 40, 40])
    assert MegaCorpsHeuristic(0).act(observe(poor, 0)).num <= 6
    empty = auction("mag", [40, 40, 40])
    assert MegaCorpsHeuristic(0).act(observe(empty, 0)).num < bid.num


@pytest.mark.parametrize("players", [3, 6])
def test_the_heuristic_decides_the_same_whatever_the_hidden_cards(players: int) -> None:
    g = make("megacorps", players=players)
    compared, differed = redealt_decisions(g, MegaCorpsHeuristic, 2, random.Random(players))
    assert compared > 50 and differed > compared // 2  # the others really held other cards


def test_the_worth_counts_money_and_holdings() -> None:
    s = monopoly_position(["aer.naf", "aer.jpn", "aer.eu"])
    m = Model.from_view(s.game, s.view(0))
    v = values(m)
    assert v[0] > v[2] > 40 and v[0] > v[1]


def test_the_rollout_is_legal_and_the_evaluation_stops_after_a_lap() -> None:
    rng = random.Random(1)
    evaluation = LapEvaluation()
    for players in (3, 4, 6):
        g = make("megacorps", players=players)
        for seed in range(3):
            s = g.new_state(seed)
            marker = evaluation.start(s)
            laps = 0
            while not s.is_terminal():
                action = megacorps_rollout(s, rng)
                assert action in s.legal_actions()
                s.apply(action)
                if evaluation.done(s, marker):
                    rewards = evaluation.rewards(s, marker)
                    assert len(rewards) == players and all(-1.0 <= r <= 1.0 for r in rewards)
                    marker = evaluation.start(s)
                    laps += 1
            assert laps >= g.data.economy.deck[players] - 1


def test_the_search_finishes_a_game() -> None:
    g = make("megacorps", players=3)
    s = g.new_state(7)
    bots: list[Any] = [ISMCTS(seed=1, iterations=12), make_agent("heuristic", 1), make_agent("random", 2)]
    play_out(s, bots, random.Random(0))
    assert s.winners


def test_the_search_bids_for_itself_when_another_seat_is_asked_first() -> None:
    s = auction("rus", [40, 9, 40])
    assert s.to_act() == (0, 1, 2)
    bid = ISMCTS(seed=3, iterations=40).act(observe(s, 1))
    assert bid in s.legal_actions_for(1) and bid.num <= 9


def test_the_search_decides_the_same_on_the_true_cards_and_on_redealt_ones() -> None:
    g = make("megacorps", players=4)
    for seed in range(2):
        s = g.new_state(seed)
        bots = [MegaCorpsHeuristic(seat) for seat in range(4)]
        rng = random.Random(seed)
        while s.round < 3 or s.view(0)["phase"] != "turn" or rng.random() < 0.5:
            seat = s.current_seat
            assert seat is not None
            s.apply(bots[seat].act(observe(s, seat)), seat)
        seat = s.current_seat
        assert seat is not None
        redealt = s.sample_world(seat, random.Random(99))
        assert isinstance(redealt, MegaCorpsState)
        assert redealt.hands[seat] == s.hands[seat]
        first = ISMCTS(seed=5, iterations=40).act(observe(s, seat))
        second = ISMCTS(seed=5, iterations=40).act(observe(redealt, seat))
        assert first == second and first in s.legal_actions()
