"""Bots answer offers made at any time (R-MC33) with their usual code: once an offer is made (a move
of its maker), the position's ``trade_question(number)`` asks its receiver to accept or decline,
and the heuristic ('easy') and the search ('normal') accept a generous offer and decline a bad one,
even out of turn or while something else is being decided."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.agents.levels import agent_for
from tabletop.agents.megacorps.heuristic import MegaCorpsHeuristic
from tabletop.games.megacorps.state import MegaCorpsState

from ..games.megacorps.test_offers import random_offer


def position() -> MegaCorpsState:
    """Seat 0's turn; seat 1 owns two companies (Japan's Aerospace, NAFTA's Finance), seat 2 the
    EU's Media company, the EU, ASEAN and Africa, and a Coup."""
    state = make("megacorps", players=3).new_state(
        0,
        {
            "corporations": ["windoze", "mouse", "mokia"],
            "active": 0,
            "drawn": [2, 2],
            "hands": [[], [], ["coup"]],
            "companies": {"aer.naf": 0, "aer.jpn": 1, "fin.naf": 1, "med.eu": 2},
        },
    )
    assert isinstance(state, MegaCorpsState)
    return state


def proposed(state: MegaCorpsState, offerer: int, receiver: int, give: list[str], ask: list[str]) -> int:
    """``offerer`` makes the offer (a move of the game); its number."""
    (made, *_) = state.apply(state.offer_action(receiver, give, ask), offerer)
    assert made.kind == "proposal"
    number = made.data["id"]
    assert isinstance(number, int)
    return number


def answer(
    state: MegaCorpsState, level: str, offerer: int, receiver: int, give: list[str], ask: list[str]
) -> str:
    number = proposed(state, offerer, receiver, give, ask)
    before = state.to_json()
    question = state.trade_question(number)
    choice = agent_for(level, 3).act(observe(question, receiver))
    assert choice in question.legal_actions_for(receiver)
    assert state.to_json() == before  # the question is a copy
    state.apply(state.withdraw_action(number), offerer)  # the next question starts as this one did
    return str(choice)


OFFERS: list[tuple[list[str], list[str], str]] = [
    (["10"], [], "accept"),  # a gift
    (["20"], [], "accept"),
    (["5"], ["merc"], "accept"),  # a good price for a mercenary
    (["1"], ["aer.jpn", "fin.naf"], "decline"),  # two companies for 1
    ([], ["10"], "decline"),  # money for nothing
]


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize(("give", "ask", "expected"), OFFERS)
def test_a_bot_accepts_a_generous_offer_and_declines_a_bad_one_out_of_turn(
    level: str, give: list[str], ask: list[str], expected: str
) -> None:
    state = position()
    assert state.current_seat == 0  # seat 2 offers seat 1: neither is on turn
    assert answer(state, level, 2, 1, give, ask) == expected


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_answers_while_a_veto_is_being_decided(level: str) -> None:
    state = position()
    state.apply_text("buy aer.eu")  # the EU is seat 2's, and seat 0 owns another Aerospace company
    assert state.view(None)["phase"] == "veto" and state.to_act() == (2,)
    assert answer(state, level, 0, 1, ["10"], []) == "accept"
    assert answer(state, level, 0, 1, ["1"], ["aer.jpn", "fin.naf"]) == "decline"


def test_the_receiver_sees_the_event_cards_offered_and_a_third_seat_does_not() -> None:
    state = position()
    question = state.trade_question(proposed(state, 2, 1, ["coup", "5"], []))
    seen: dict[str, Any] = observe(question, 1).view["decision"]
    assert seen["give"] == ["5", "coup"] and seen["from"] == 2
    assert observe(question, 0).view["decision"]["give"] == ["5", "card"]
    state.apply(state.withdraw_action(1), 2)
    assert answer(state, "easy", 2, 1, ["coup", "5"], []) == "accept"


def test_the_search_answers_the_same_for_a_seed() -> None:
    state = position()
    number = proposed(state, 2, 1, ["5"], ["merc"])
    answers = {str(agent_for("normal", 7).act(observe(state.trade_question(number), 1))) for _ in range(2)}
    assert len(answers) == 1


def test_a_question_asked_at_any_moment_of_a_game_gets_an_answer() -> None:
    """In every step (the draft, a war, an auction, a payout window...) the bots answer a random
    possible offer with accept or decline, and a short search plays on from the question; the
    answer is then played (the offer carried out, waiting, or refused as no longer possible)."""
    asked: set[str] = set()
    for players, seed in ((3, 0), (4, 1), (6, 2)):
        state = make("megacorps", players=players).new_state(seed)
        assert isinstance(state, MegaCorpsState)
        rng = random.Random(seed)
        while not state.is_terminal():
            trade = random_offer(state, rng) if rng.random() < 0.15 else None
            if trade is not None:
                offerer, receiver, give, ask = trade
                number = proposed(state, offerer, receiver, give, ask)
                question = state.trade_question(number)
                asked.add(str(state.view(None)["phase"]))
                for bot in (MegaCorpsHeuristic(1), ISMCTS(seed=1, iterations=10)):
                    said = str(bot.act(observe(question, receiver)))
                    assert said in ("accept", "decline")
                state.apply(state.answer_action(number, said == "accept"), receiver)
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions_for(seat)), seat)
    assert {"draft", "turn", "compose", "respond"} <= asked and len(asked) >= 8
