"""Trades at any time (MC101, MC102; ruling R-MC33): an offer accepted outside the game is carried
out by one action, ``swap``, applied for the receiver between actions; refused, changing nothing,
when no trade is open or the offer is no longer possible; never among the legal actions."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import IllegalAction, InvalidActionText
from tabletop.core.record import Record, entry
from tabletop.core.trading import Trading
from tabletop.games.megacorps.actions import Action
from tabletop.games.megacorps.board import OFFERS, TRADES
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, hand, kinds, legal, make, new, owner, phase, ruler, start
from .test_rules_properties import check

SETUP: dict[str, Any] = {
    "corporations": ["mokia", "globbo", "nonintendo"],
    "active": 0,
    "drawn": [],
    "hands": [[], ["kleptocrats", "oversupply"], []],
    "deck": ["coup", "scandal", "people-power"],
    "companies": {"aer.jpn": 1, "fin.eu": 2, "aer.eu": 0},
    "countries": {"jpn": 1, "eu": 2, "naf": -1, "rus": -1},
    "mercs": [1, 2, 0],
}


def base() -> MegaCorpsState:
    """Seat 0's turn (it drew a Coup); seat 1 holds Japan, its Aerospace company, two mercenaries,
    Kleptocrats and Oversupply; seat 2 the European Union and its Finance company."""
    return start(make(3), 5, copy.deepcopy(SETUP))


def swap(state: MegaCorpsState, offerer: int, receiver: int, give: list[str], ask: list[str]) -> list[Any]:
    return state.apply(state.trade_action(offerer, receiver, give, ask), receiver)


def refused(state: MegaCorpsState, action: Action | str, seat: int, words: str) -> None:
    """``seat`` applying ``action`` is refused for the reason ``words``, and nothing changes."""
    before = state.to_json()
    if isinstance(action, str):
        action = state.game.parse_action(action)
    with pytest.raises(IllegalAction, match=words):
        state.apply(action, seat)
    assert state.to_json() == before


# -- the protocol ----------------------------------------------------------------------------------
def test_the_state_implements_the_trading_protocol_and_a_swap_is_open_only_between_actions() -> None:
    state = base()
    assert isinstance(state, Trading)
    assert state.trade_open() and phase(state) == "turn"
    assert not start(make(3), 1).trade_open()  # the draft


# -- what a swap does ------------------------------------------------------------------------------
def test_a_swap_applied_by_the_receiver_out_of_turn_moves_exactly_its_items() -> None:
    state = base()
    board = state.game.board
    card = next(c for c in state.hands[1] if board.card_code(c) == "kleptocrats")
    before = state.to_json()
    action = state.trade_action(1, 2, ["aer.jpn", "10", "kleptocrats", "merc", "jpn"], ["eu", "fin.eu"])
    assert str(action) == "swap 1 10+merc+aer.jpn+jpn+kleptocrats/eu+fin.eu"
    assert state.to_json() == before  # making the action changes nothing
    assert state.current_seat == 0 and 2 not in state.to_act()
    state.apply(action, 2)
    expected = copy.deepcopy(before)
    expected["money"] = [40, 30, 50]
    expected["mercs"] = [1, 1, 1]
    expected["owner"][board.code_of_company["aer.jpn"]] = 2
    expected["owner"][board.code_of_company["fin.eu"]] = 1
    expected["country_owner"][board.country_index["jpn"]] = 2
    expected["country_owner"][board.country_index["eu"]] = 1
    expected["hands"][1].remove(card)
    expected["hands"][2].append(card)
    expected["known"] = [1, 2, card]  # the giver knows where his card went (R-MC27)
    expected["tally"][OFFERS] += 1
    expected["tally"][TRADES] += 1
    assert state.to_json() == expected  # nothing else: the same turn, step and seat asked
    assert hand(state, 1) == ["oversupply"] and hand(state, 2) == ["kleptocrats"]


def test_a_gift_and_a_request_each_go_one_way() -> None:
    state = base()
    swap(state, 2, 0, ["5"], [])
    assert state.money == [45, 40, 35]
    swap(state, 0, 1, [], ["merc", "merc"])  # seat 1 accepts to give both his mercenaries
    assert state.mercs == [3, 0, 0] and state.money == [45, 40, 35]


def test_the_seat_on_turn_may_receive_and_its_choices_follow_its_new_holdings() -> None:
    state = new(3, money=[3, 40, 40])
    assert not [a for a in legal(state) if a.startswith("buy ")]  # a company costs 4
    events = swap(state, 1, 0, ["5"], [])
    assert kinds(events, "swap") == [{"from": 1, "to": 0, "give": ["5"], "ask": []}]
    assert state.money == [8, 35, 40] and state.current_seat == 0 and phase(state) == "turn"
    assert [a for a in legal(state) if a.startswith("buy ")]


def test_a_swap_ignores_antitrust_and_a_country_keeps_its_markers() -> None:
    state = new(
        3, companies={"aer.jpn": 1, "aer.eu": 2, "fin.chn": "nationalized"}, countries={"eu": 0, "chn": 2}
    )
    swap(state, 1, 2, ["10"], ["aer.eu"])  # seat 0 controls the EU: not asked (A8)
    assert owner(state, "aer.eu") == 1 and phase(state) == "turn"
    swap(state, 2, 1, ["chn"], [])
    assert ruler(state, "chn") == 1 and owner(state, "fin.chn") == -2


def test_the_answer_of_the_question_moves_what_the_swap_moves() -> None:
    """trade_question's copy, accepted, holds what the swap gives (and the position is untouched)."""
    state = base()
    action = state.trade_action(1, 2, ["10", "kleptocrats", "aer.jpn"], ["fin.eu"])
    before = state.to_json()
    question = state.trade_question(action, 2)
    assert state.to_json() == before
    assert question.to_act() == (2,) and [str(a) for a in question.legal_actions_for(2)] == [
        "accept",
        "decline",
    ]
    decision = question.view(2)["decision"]
    assert decision["from"] == 1 and decision["to"] == 2
    assert sorted(decision["give"]) == ["10", "aer.jpn", "kleptocrats"] and decision["ask"] == ["fin.eu"]
    assert question.view(2)["known"] == [[1, "kleptocrats"]]  # he was shown it, as in an offer
    assert "kleptocrats" not in json.dumps(question.view(0))
    question.apply(question.game.parse_action("accept"), 2)
    state.apply(action, 2)
    for key in ("money", "mercs", "owner", "country_owner", "hands"):
        assert getattr(question, key) == getattr(state, key), key


def test_a_question_may_be_asked_while_something_is_being_decided() -> None:
    state = veto()
    action = state.trade_action(2, 0, ["5"], [])
    question = state.trade_question(action, 0)
    assert [str(a) for a in question.legal_actions_for(0)] == ["accept", "decline"]
    assert phase(state) == "veto" and state.to_act() == (0,)


def test_what_was_promised_with_a_swap_binds_nobody() -> None:
    """MC102: seat 1 pays seat 0 at once for a promised permission; seat 0 may still veto."""
    state = new(3, countries={"eu": 0}, companies={"aer.jpn": 1})
    act(state, "0: pass")
    swap(state, 1, 0, ["10"], [])  # "let me buy the EU's Aerospace company"
    with pytest.raises(InvalidActionText):  # the swap holds items only, never the promise
        state.game.parse_action("swap 1 10/- allow my purchase")
    act(state, "1: buy aer.eu")
    assert phase(state) == "veto" and "veto" in legal(state)
    act(state, "0: veto")
    assert state.money == [50, 30, 40] and owner(state, "aer.eu") == -1


# -- records ---------------------------------------------------------------------------------------
def test_a_record_with_swaps_out_of_turn_replays_to_the_same_state() -> None:
    state = base()
    record = Record("megacorps", {"players": 3}, 5, copy.deepcopy(SETUP))

    def play(action: Action, seat: int) -> None:
        record.actions.append(entry(state, action, seat))
        state.apply(action, seat)

    play(state.trade_action(1, 2, ["kleptocrats", "merc"], ["5"]), 2)
    play(state.game.parse_action("pass"), 0)
    play(state.trade_action(2, 0, ["fin.eu", "kleptocrats"], ["20"]), 0)
    play(state.trade_action(0, 1, ["5"], []), 1)  # the receiver is the seat on turn: no @
    play(state.game.parse_action("pass"), 1)
    assert record.actions == [
        "@2 swap 1 merc+kleptocrats/5",
        "pass",
        "@0 swap 2 fin.eu+kleptocrats/20",
        "swap 0 5/-",
        "pass",
    ]
    replayed = Record.from_json(json.loads(record.dumps())).replay()
    assert replayed.to_json() == state.to_json()


# -- refusals --------------------------------------------------------------------------------------
def war() -> MegaCorpsState:
    state = new(5, countries={"jpn": 2}, mercs=[1, 1, 1, 0, 2])
    act(state, "0: war jpn")
    assert phase(state) == "donate"
    return state


def auction() -> MegaCorpsState:
    state = new(3, hands=[["kleptocrats"], [], []], countries={"rus": -1}, governments={"rus": "kleptocracy"})
    act(state, "0: play kleptocrats", "0: target rus")
    assert phase(state) == "bid"
    return state


def veto() -> MegaCorpsState:
    state = new(3, countries={"eu": 0}, companies={"aer.jpn": 1})
    act(state, "0: pass", "1: buy aer.eu")
    assert phase(state) == "veto"
    return state


def election_target() -> MegaCorpsState:
    state = new(3, hands=[["elections"], [], []])
    act(state, "0: play elections")
    assert phase(state) == "target"
    return state


def payout_window() -> MegaCorpsState:
    state = new(3, companies={"aer.jpn": 0}, hands=[[], ["oversupply"], []])
    act(state, "0: payout aer")
    assert phase(state) == "respond"
    return state


def composing() -> MegaCorpsState:
    state = new(3)
    act(state, "0: offer 1", "0: give 5")
    return state


def answering() -> MegaCorpsState:
    state = composing()
    act(state, "0: send")
    assert phase(state) == "answer"
    return state


def draft() -> MegaCorpsState:
    return start(make(3), 2)


@pytest.mark.parametrize(
    ("position", "words"),
    [
        (war, "donate step"),
        (auction, "bid step"),
        (veto, "veto step"),
        (election_target, "target step"),
        (payout_window, "respond step"),
        (composing, "compose step"),
        (answering, "answer step"),
        (draft, "draft is over"),
    ],
)
def test_a_swap_is_refused_while_something_is_being_decided(
    position: Callable[[], MegaCorpsState], words: str
) -> None:
    state = position()
    assert not state.trade_open()
    action = state.trade_action(2, 1, ["1"], [])  # possible, but not now
    refused(state, action, 1, words)


def test_an_accepted_offer_waits_for_the_next_moment_between_actions() -> None:
    state = veto()
    action = state.trade_action(2, 0, ["5"], [])
    refused(state, action, 0, "between actions")
    act(state, "0: allow")
    assert state.trade_open() and state.current_seat == 2
    state.apply(action, 0)
    assert state.money == [45, 36, 35]


def test_a_swap_is_refused_once_the_game_is_over() -> None:
    state = new(3, deck=["coup"])
    action = state.trade_action(1, 2, ["1"], [])
    act(state, "0: pass", "1: pass", "2: pass")
    assert state.is_terminal() and not state.trade_open()
    refused(state, action, 2, "game is over")
    with pytest.raises(IllegalAction, match="game is over"):
        state.trade_action(1, 2, ["1"], [])


def test_an_item_no_longer_held_is_refused() -> None:
    state = base()
    company = state.trade_action(1, 2, ["aer.jpn"], ["5"])
    card = state.trade_action(1, 2, ["kleptocrats"], [])
    money = state.trade_action(1, 2, ["40"], [])
    mercs = state.trade_action(1, 2, ["merc", "merc"], [])
    swap(state, 1, 0, ["aer.jpn", "kleptocrats", "merc", "1"], [])
    refused(state, company, 2, "does not own the company aer.jpn")
    refused(state, card, 2, "holds no kleptocrats card")
    refused(state, money, 2, "has 39 in money, less than 40")
    refused(state, mercs, 2, "has 1 mercenaries, fewer than offered")
    country = state.trade_action(2, 1, [], ["jpn"])
    swap(state, 1, 0, ["jpn"], [])
    refused(state, country, 1, "seat 1 does not control jpn")


@pytest.mark.parametrize(
    ("offerer", "receiver", "give", "ask", "words"),
    [
        (1, 2, ["41"], [], "has 40 in money, less than 41"),
        (1, 2, [], ["41"], "seat 2 has 40 in money"),
        (1, 2, ["merc"] * 3, [], "has 2 mercenaries"),
        (2, 1, [], ["kleptocrats"], "may be given, not asked for"),
        (1, 2, ["kleptocrats", "kleptocrats"], [], "holds no more kleptocrats"),
        (1, 2, ["coup"], [], "holds no coup card"),  # seat 0 holds it
        (1, 1, ["5"], [], "himself"),
        (1, 2, [], [], "give or ask something"),
        (1, 2, ["5"], ["5"], "one way only"),
        (1, 2, ["5", "5"], [], "one amount"),
        (1, 2, ["05"], [], "without leading zeros"),
        (1, 2, ["0"], [], "above 0"),
        (1, 2, ["-5"], [], "not a MegaCorps trade item"),
        (1, 2, ["xyz"], [], "'xyz' is not a MegaCorps trade item"),
        (1, 2, ["aer"], [], "'aer' is not a MegaCorps trade item"),  # an industry
        (1, 2, ["aer.xyz"], [], "not a MegaCorps trade item"),
        (1, 2, ["swi"], [], "does not control swi"),  # an independent place
        (1, 2, ["aer.jpn", "aer.jpn"], [], "named twice"),
        (1, 2, ["fin.eu"], [], "seat 1 does not own the company fin.eu"),
        (1, 2, [], ["jpn"], "seat 2 does not control jpn"),
        (1, 3, ["5"], [], "seat from 0 to 2"),
        (-1, 2, ["5"], [], "seat from 0 to 2"),
    ],
)
def test_an_impossible_offer_is_refused_with_its_reason(
    offerer: int, receiver: int, give: list[str], ask: list[str], words: str
) -> None:
    state = base()
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words):
        state.trade_action(offerer, receiver, give, ask)
    assert state.to_json() == before
    sides = f"{'+'.join(give) or '-'}/{'+'.join(ask) or '-'}"
    try:  # the same offer as a swap's text (when it reads) is refused by apply for the same reason
        action = state.game.parse_action(f"swap {offerer} {sides}")
    except InvalidActionText:
        return
    if 0 <= receiver < state.n:
        refused(state, action, receiver, words)


def test_too_many_items_are_refused() -> None:
    state = new(3, mercs=[0, 20, 0])
    most = state.game.data.economy.trade_items
    state.trade_action(1, 2, ["merc"] * most, [])
    with pytest.raises(IllegalAction, match=f"{most} items at most"):
        state.trade_action(1, 2, ["merc"] * most, ["5"])
    refused(state, "swap 1 " + "+".join(["merc"] * (most + 1)) + "/-", 2, "items at most")


def test_a_seat_that_left_cannot_trade() -> None:
    state = new(4)
    to_him = state.trade_action(1, 3, ["5"], [])
    from_him = state.trade_action(3, 1, ["5"], [])
    act(state, "3: leave")
    assert not state.is_terminal() and state.trade_open()
    with pytest.raises(IllegalAction, match=r"seat 3 \(the receiver\) has left the game"):
        state.trade_action(1, 3, ["5"], [])
    with pytest.raises(IllegalAction, match=r"seat 3 \(the offerer\) has left the game"):
        state.trade_action(3, 1, [], ["5"])
    refused(state, to_him, 3, "has left")
    refused(state, from_him, 1, "has left")


def test_the_offerer_cannot_accept_his_own_offer() -> None:
    state = base()
    action = state.trade_action(1, 2, ["5"], [])
    refused(state, action, 1, "himself")


# -- secrecy ---------------------------------------------------------------------------------------
def test_event_cards_show_only_to_the_two_traders() -> None:
    state = base()
    events = swap(state, 1, 2, ["aer.jpn", "kleptocrats", "jpn"], ["5"])
    public = [e for e in events if e.kind == "swap"]
    private = [e for e in events if e.kind == "swap-cards"]
    assert len(public) == 1 and public[0].visible_to is None
    # the cards last, so that their place among the codes tells nothing
    assert dict(public[0].data) == {"from": 1, "to": 2, "give": ["aer.jpn", "jpn", "card"], "ask": ["5"]}
    assert len(private) == 1 and private[0].visible_to == (1, 2)
    assert private[0].data["give"] == ["aer.jpn", "jpn", "kleptocrats"]
    for seat in (0, None):
        assert "kleptocrats" not in json.dumps(state.view(seat))
        assert not any("kleptocrats" in json.dumps(e.to_json()) for e in events if e.visible(seat))
    assert state.view(2)["hand"] == ["kleptocrats"]
    assert state.view(1)["known"] == [[2, "kleptocrats"]] and state.view(0)["known"] == []


def test_a_swap_without_cards_has_no_private_event() -> None:
    state = base()
    events = swap(state, 1, 2, ["merc"], ["fin.eu"])
    assert [e.kind for e in events] == ["swap"]


def test_a_swap_is_never_among_the_choices() -> None:
    state = base()
    for seat in range(3):
        assert not [a for a in state.legal_actions_for(seat) if a.kind == "swap"]
    assert not [a for a in state.legal_actions() if a.kind == "swap"]


# -- its text --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("swap 2 10+merc+aer.jpn/jpn", "swap 2 10+merc+aer.jpn/jpn"),
        ("swap 2 jpn+merc+10+aer.jpn/-", "swap 2 10+merc+aer.jpn+jpn/-"),  # any order is read
        ("swap  0  -/merc+5", "swap 0 -/5+merc"),
        ("swap 3 no-confidence+coup/eu", "swap 3 coup+no-confidence/eu"),
    ],
)
def test_a_swap_has_one_canonical_text(text: str, canonical: str) -> None:
    game = make(4)
    action = game.parse_action(text)
    assert str(action) == canonical and game.parse_action(canonical) == action
    assert action.kind == "swap" and action.num == int(canonical.split()[1])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("swap", "is written"),
        ("swap 2", "is written"),
        ("swap 2 5/- x", "is written"),
        ("swap x 5/-", "offerer is a seat number"),
        ("swap 2 5", "separated by one '/'"),
        ("swap 2 5/-/-", "separated by one '/'"),
        ("swap 2 -/-", "hands something over"),
        ("swap 2 5+/-", "empty or malformed"),
        ("swap 2 5++merc/-", "empty or malformed"),
        ("swap 2 AER.JPN/-", "empty or malformed"),
        ("swap 2 -+5/-", "empty or malformed"),
        ("swap 2 5/3", "one way only"),
        ("swap 2 5+3/-", "once on the given side"),
        ("swap 2 007/-", "leading zeros"),
        ("swap 2 0/-", "above 0"),
        ("swap 2 " + "+".join(["merc"] * 60) + "/-", "255 characters"),
    ],
)
def test_a_malformed_swap_is_refused_with_its_reason(text: str, words: str) -> None:
    with pytest.raises(InvalidActionText, match=words):
        make(3).parse_action(text)


# -- random play with trades at random moments -----------------------------------------------------
def random_trade(state: MegaCorpsState, rng: random.Random) -> tuple[int, int, list[str], list[str]] | None:
    """A trade possible now between two random seats still playing (or None when it holds nothing)."""
    board = state.game.board
    offerer, receiver = rng.sample(state.in_game(), 2)

    def held(seat: int, giving: bool) -> list[str]:
        items = ["merc"] * state.mercs[seat]
        items += [board.company_code[c] for c, o in enumerate(state.owner) if o == seat]
        items += [board.countries[k].code for k, o in enumerate(state.country_owner) if o == seat]
        if giving:
            items += [board.card_code(c) for c in state.hands[seat]]
        return items

    most = state.game.data.economy.trade_items
    give, ask = held(offerer, True), held(receiver, False)
    give = rng.sample(give, rng.randint(0, min(3, len(give))))
    ask = rng.sample(ask, rng.randint(0, min(3, len(ask))))
    side = rng.choice(("give", "ask", "none"))
    if side == "give" and state.money[offerer] > 0:
        give.append(str(rng.randint(1, state.money[offerer])))
    if side == "ask" and state.money[receiver] > 0:
        ask.append(str(rng.randint(1, state.money[receiver])))
    give = give[:most]
    ask = ask[: most - len(give)]
    return (offerer, receiver, give, ask) if give or ask else None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_random_play_with_random_trades_keeps_every_invariant(players: int, seed: int, driver: int) -> None:
    game = make(players)
    state = start(game, seed)
    rng = random.Random(driver)
    record = Record("megacorps", {"players": players}, seed)
    step = swaps = 0
    while not state.is_terminal():
        step += 1
        trade = random_trade(state, rng) if rng.random() < 0.3 else None
        if trade is not None:
            offerer, receiver, give, ask = trade
            action = state.trade_action(offerer, receiver, give, ask)  # possible: built from holdings
            money, mercs = sum(state.money), sum(state.mercs)
            if state.trade_open():
                record.actions.append(entry(state, action, receiver))
                state.apply(action, receiver)
                swaps += 1
                assert (sum(state.money), sum(state.mercs)) == (money, mercs)
            else:  # refused, nothing changed
                before = state.to_json()
                with pytest.raises(IllegalAction, match=r"between actions|draft"):
                    state.apply(action, receiver)
                assert state.to_json() == before
            where = f"step {step} ({receiver}: {action})"
        else:
            seat = rng.choice(state.to_act())
            choices = state.legal_actions_for(seat)
            assert not [a for a in choices if a.kind == "swap"]
            action = rng.choice(choices)
            record.actions.append(entry(state, action, seat))
            state.apply(action, seat)
            where = f"step {step} ({seat}: {action})"
        check(state, where)  # money, mercenaries, cards, owners, the JSON reading back
        assert state.clone().to_json() == state.to_json(), where
    assert swaps > 0 or game.data.economy.deck[players] == 0
    assert record.replay().to_json() == state.to_json()
