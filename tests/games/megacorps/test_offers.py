"""Offers made at any time (MC101, MC102; ruling R-MC33): moves of the game.  Any seat still playing
proposes a trade to another at any moment but the end; only its maker withdraws it, only its
receiver accepts, declines or lets it expire; it changes hands only once accepted, at once while a
trade is open (the TURN step), else at the next such moment or void; an event card given is
promised (neither played nor offered again) until the offer closes.  One test per clause; random
games, records and saved states are in test_offers_properties.py."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import Event, offered
from tabletop.core.trading import Trading
from tabletop.games.megacorps import offers, trade
from tabletop.games.megacorps.actions import Action
from tabletop.games.megacorps.board import OFFERS, TRADES
from tabletop.games.megacorps.phases import ANSWER, COMPOSE
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, hand, kinds, legal, make, new, owner, phase, start

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
    Kleptocrats and Oversupply; seat 2 the European Union and its Finance company; 40 each."""
    return start(make(3), 5, copy.deepcopy(SETUP))


def propose(state: MegaCorpsState, seat: int, to: int, give: list[str], ask: list[str]) -> list[Event]:
    return state.apply(state.offer_action(to, give, ask), seat)


def answer(state: MegaCorpsState, seat: int, number: int, accept: bool = True) -> list[Event]:
    return state.apply(state.answer_action(number, accept), seat)


def refused(state: MegaCorpsState, action: Action | str, seat: int | None, words: str) -> None:
    """``seat`` applying ``action`` is refused for the reason ``words``, and nothing changes."""
    before = state.to_json()
    if isinstance(action, str):
        action = state.game.parse_action(action)
    with pytest.raises(IllegalAction, match=words):
        state.apply(action, seat)
    assert state.to_json() == before


def card_of(state: MegaCorpsState, seat: int, code: str) -> int:
    board = state.game.board
    return next(c for c in state.hands[seat] if board.card_code(c) == code)


def random_offer(state: MegaCorpsState, rng: random.Random) -> tuple[int, int, list[str], list[str]] | None:
    """An offer a random seat still playing may make now to another (built from public holdings and
    its cards neither promised nor in the offer it is composing on its turn), or None."""
    if state.is_terminal() or len(state.in_game()) < 2:
        return None
    board, economy = state.game.board, state.game.data.economy
    offerer, receiver = rng.sample(state.in_game(), 2)
    if sum(1 for o in state.open_offers(None) if o["from"] == offerer) >= economy.anytime_offers:
        return None
    drafted = state.draft_give if state.phase in (COMPOSE, ANSWER) and state.turn == offerer else []

    def held(seat: int, giving: bool) -> list[str]:
        items = ["merc"] * state.mercs[seat]
        items += [board.company_code[c] for c, o in enumerate(state.owner) if o == seat]
        items += [board.countries[k].code for k, o in enumerate(state.country_owner) if o == seat]
        if giving:
            free = trade.free_hand(state, seat)
            items += [board.card_code(c) for c in free if trade.CARD + c not in drafted]
        return items

    give, ask = held(offerer, True), held(receiver, False)
    give = rng.sample(give, rng.randint(0, min(3, len(give))))
    ask = rng.sample(ask, rng.randint(0, min(3, len(ask))))
    side = rng.choice(("give", "ask", "none"))
    if side == "give" and state.money[offerer] > 0:
        give.append(str(rng.randint(1, state.money[offerer])))
    if side == "ask" and state.money[receiver] > 0:
        ask.append(str(rng.randint(1, state.money[receiver])))
    most = economy.trade_items
    give = give[:most]
    ask = ask[: most - len(give)]
    return (offerer, receiver, give, ask) if give or ask else None


# -- the protocol ----------------------------------------------------------------------------------
def test_the_state_implements_the_trading_protocol_and_builds_each_move() -> None:
    state = base()
    assert isinstance(state, Trading)
    before = state.to_json()
    moves = {
        "propose 2 10+merc+aer.jpn+kleptocrats/eu": state.offer_action(
            2, ["kleptocrats", "aer.jpn", "10", "merc"], ["eu"]
        ),
        "propose 0 -/5": state.offer_action(0, [], ["5"]),
        "withdraw 3": state.withdraw_action(3),
        "accept 3": state.answer_action(3, True),
        "decline 3": state.answer_action(3, False),
        "expire 3": state.expire_action(3),
    }
    for text, action in moves.items():
        assert str(action) == text and state.game.parse_action(text) == action and offers.is_move(action)
    assert not offers.is_move(state.game.parse_action("accept"))  # the in-turn answer (R-MC30)
    assert state.to_json() == before  # building a move changes nothing
    unwritable: list[tuple[int, Any, list[str]]] = [(2, ["AER"], []), (2, "5", []), (2, [], [""])]
    unwritable += [(-1, ["5"], []), (2, ["merc"] * 60, [])]  # no seat; beyond 255 characters
    for receiver, give, ask in unwritable:
        with pytest.raises(IllegalAction):
            state.offer_action(receiver, give, ask)
    for build in (state.withdraw_action, state.expire_action, lambda k: state.answer_action(k, True)):
        with pytest.raises(IllegalAction, match="whole number"):
            build(-2)


# -- what an offer does ----------------------------------------------------------------------------
def test_an_offer_changes_nothing_but_the_offers_until_accepted_then_exactly_its_items() -> None:
    state = base()
    board = state.game.board
    card = card_of(state, 1, "kleptocrats")
    before = state.to_json()
    propose(state, 1, 2, ["aer.jpn", "10", "kleptocrats", "merc", "jpn"], ["eu", "fin.eu"])
    made = state.to_json()
    assert made["offers"] == [
        [1, 1, 2, made["offers"][0][3], [100_001, board.code_of_company["fin.eu"]], False]
    ]
    assert made["next_offer"] == 2 and made["tally"][OFFERS] == before["tally"][OFFERS] + 1
    assert made["known"] == [2, 1, card]  # the receiver was shown the card
    changed = {key for key in made if made[key] != before[key]}
    assert changed == {"offers", "next_offer", "tally", "known"}
    assert state.current_seat == 0 and phase(state) == "turn"
    answer(state, 2, 1)
    expected = copy.deepcopy(before)
    expected["money"] = [40, 30, 50]
    expected["mercs"] = [1, 1, 1]
    expected["owner"][board.code_of_company["aer.jpn"]] = 2
    expected["owner"][board.code_of_company["fin.eu"]] = 1
    expected["country_owner"][board.country_index["jpn"]] = 2
    expected["country_owner"][board.country_index["eu"]] = 1
    expected["hands"][1].remove(card)
    expected["hands"][2].append(card)
    expected["known"] = [1, 2, card]  # the giver knows where his card went; the old fact is gone
    expected["tally"][OFFERS] += 1
    expected["tally"][TRADES] += 1
    expected["next_offer"] = 2
    assert state.to_json() == expected  # nothing else: the same turn, step and seat asked


def test_a_gift_and_a_request_each_go_one_way() -> None:
    state = base()
    propose(state, 2, 0, ["5"], [])
    answer(state, 0, 1)
    assert state.money == [45, 40, 35]
    propose(state, 0, 1, [], ["merc", "merc"])  # seat 1 accepts to give both his mercenaries
    answer(state, 1, 2)
    assert state.mercs == [3, 0, 0] and state.money == [45, 40, 35]


# -- consent ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seat", "text", "status"),
    [(2, "decline 1", "declined"), (2, "expire 1", "expired"), (1, "withdraw 1", "withdrawn")],
)
def test_only_the_receiver_answers_only_the_maker_withdraws_and_nobody_else_moves_anything(
    seat: int, text: str, status: str
) -> None:
    state = base()
    propose(state, 1, 2, ["10", "kleptocrats"], ["fin.eu"])
    for other, move in (
        (0, "accept 1"),
        (0, "decline 1"),
        (0, "expire 1"),
        (1, "accept 1"),
        (1, "decline 1"),
    ):
        refused(state, move, other, "offer 1 was not made to you")  # seat 0 is even the seat on turn
    refused(state, "expire 1", 1, "not made to you")  # an expiry is the receiver's
    for other in (0, 2):
        refused(state, "withdraw 1", other, "offer 1 is not yours to withdraw")
    refused(state, "accept 1", None, "not made to you")  # the seat on turn by default
    before = state.to_json()
    events = state.apply(state.game.parse_action(text), seat)
    assert kinds(events, "offer-closed") == [{"id": 1, "from": 1, "to": 2, "status": status}]
    after = state.to_json()
    assert after["offers"] == [] and {k for k in after if after[k] != before[k]} == {"offers"}
    refused(state, "accept 1", 2, "offer 1 is closed")


def test_a_closed_or_unknown_offer_number_is_refused() -> None:
    state = base()
    propose(state, 1, 2, ["5"], [])
    answer(state, 2, 1)  # carried out at once: closed
    for move, seat in (("accept 1", 2), ("decline 1", 2), ("withdraw 1", 1), ("expire 1", 2)):
        refused(state, move, seat, "offer 1 is closed")
    for move in ("accept 2", "decline 0", "withdraw 9", "expire 2"):
        refused(state, move, 1, f"there is no offer {move.split()[1]}")


def test_a_seat_that_left_cannot_make_moves_nor_receive_offers() -> None:
    state = new(4)
    propose(state, 2, 3, ["5"], [])
    act(state, "3: leave")
    assert not state.is_terminal()
    refused(state, state.offer_action(1, ["5"], []), 3, "you left the game")
    refused(state, "accept 1", 3, "you left the game")
    refused(state, state.offer_action(3, ["5"], []), 1, "seat 3 has left the game")
    refused(state, state.offer_action(0, ["5"], []), 4, "there is no seat 4")


def test_nobody_trades_with_himself() -> None:
    state = base()
    refused(state, state.offer_action(1, ["5"], []), 1, "cannot trade with himself")


# -- what is checked when an offer is made ---------------------------------------------------------
@pytest.mark.parametrize(
    ("offerer", "receiver", "give", "ask", "words"),
    [
        (1, 2, ["41"], [], "seat 1 has 40 in money, less than 41"),
        (1, 2, [], ["41"], "seat 2 has 40 in money"),
        (1, 2, ["5"], ["5"], "one way only"),
        (1, 2, ["5", "3"], [], "one amount"),
        (1, 2, ["05"], [], "without leading zeros"),
        (1, 2, ["merc"] * 3, [], "seat 1 has 2 mercenaries"),
        (1, 2, [], ["merc"], "seat 2 has 0 mercenaries"),
        (1, 2, ["fin.eu"], [], "seat 1 does not own the company fin.eu"),
        (1, 2, ["aer.jpn", "aer.jpn"], [], "named twice"),
        (1, 2, [], ["jpn"], "seat 2 does not control jpn"),
        (1, 2, ["swi"], [], "does not control swi"),  # an independent place
        (2, 1, [], ["kleptocrats"], "may be given, not asked for"),
        (1, 2, ["kleptocrats", "kleptocrats"], [], "no more kleptocrats"),
        (1, 2, ["coup"], [], "you hold no coup card"),  # seat 0 holds it
        (1, 2, ["aer"], [], "'aer' is not a MegaCorps trade item"),  # an industry
        (1, 2, ["aer.xyz"], [], "not a MegaCorps trade item"),
        (1, 3, ["5"], [], "seat from 0 to 2"),
    ],
)
def test_an_impossible_offer_is_refused_with_its_reason(
    offerer: int, receiver: int, give: list[str], ask: list[str], words: str
) -> None:
    state = base()
    refused(state, state.offer_action(receiver, give, ask), offerer, words)


def test_an_offer_holds_trade_items_items_at_most() -> None:
    state = new(3, mercs=[0, 20, 0])
    most = state.game.data.economy.trade_items
    refused(state, state.offer_action(2, ["merc"] * most, ["5"]), 1, f"{most} items at most")
    refused(state, state.offer_action(2, ["merc"] * (most + 1), []), 1, f"{most} items at most")
    propose(state, 1, 2, ["merc"] * most, [])
    assert len(state.offers) == 1


def test_a_seat_has_anytime_offers_open_at_most() -> None:
    state = base()
    most = state.game.data.economy.anytime_offers
    for k in range(most):
        propose(state, 1, 2 if k % 2 else 0, [str(k + 1)], [])
    refused(state, state.offer_action(2, ["1"], []), 1, f"you have {most} offers open")
    propose(state, 2, 1, ["1"], [])  # another maker's count is his own
    propose(state, 0, 1, [], ["1"])  # offers made to seat 1 do not count for him
    state.apply(state.withdraw_action(3), 1)
    propose(state, 1, 2, ["1"], [])


# -- promised cards --------------------------------------------------------------------------------
def test_a_promised_turn_card_cannot_be_played_until_the_offer_closes() -> None:
    state = base()
    assert "play coup" in legal(state)
    propose(state, 0, 1, ["coup"], ["5"])
    assert hand(state, 0) == ["coup"] and "play coup" not in legal(state)
    refused(state, "play coup", 0, "not allowed now")
    state.apply(state.withdraw_action(1), 0)
    assert "play coup" in legal(state)


def test_a_promised_payout_card_cannot_be_played_in_the_payout_window() -> None:
    state = new(3, companies={"aer.jpn": 0}, hands=[[], ["oversupply"], []])
    act(state, "0: payout aer", "0: pass")  # seat 0 holds the card it drew
    assert phase(state) == "respond" and state.to_act() == (1,) and "play oversupply" in legal(state)
    propose(state, 1, 2, ["oversupply"], [])
    assert legal(state) == ["pass"]
    refused(state, "play oversupply", 1, "not allowed now")
    answer(state, 2, 1, accept=False)
    assert "play oversupply" in legal(state)


def test_a_promised_card_is_neither_put_into_an_in_turn_offer_nor_offered_twice() -> None:
    state = base()
    propose(state, 0, 2, ["coup"], [])
    refused(state, state.offer_action(1, ["coup"], []), 0, "no coup card that is not promised already")
    act(state, "0: offer 1")
    assert "give coup" not in legal(state)
    refused(state, "give coup", 0, "not allowed now")
    state.apply(state.withdraw_action(1), 0)
    assert "give coup" in legal(state)
    act(state, "0: give coup")  # the card of the in-turn offer is not free either (R-MC30)
    refused(state, state.offer_action(2, ["coup"], []), 0, "no coup card that is not promised already")
    act(state, "0: send")
    assert phase(state) == "answer"
    refused(state, state.offer_action(2, ["coup"], []), 0, "no coup card that is not promised already")
    act(state, "1: accept")
    assert hand(state, 1) == ["kleptocrats", "oversupply", "coup"]


def test_each_copy_of_a_card_is_promised_in_one_offer_at_most() -> None:
    state = new(3, hands=[["kleptocrats", "kleptocrats"], [], []])
    propose(state, 0, 1, ["kleptocrats"], [])
    propose(state, 0, 2, ["kleptocrats"], [])
    board = state.game.board
    assert len(set(trade.promised(state))) == 2
    assert not [c for c in trade.free_hand(state, 0) if board.card_code(c) == "kleptocrats"]
    refused(state, state.offer_action(1, ["kleptocrats"], []), 0, "not promised already")


# -- when it is carried out ------------------------------------------------------------------------
def war() -> MegaCorpsState:
    state = new(5, countries={"jpn": 2}, mercs=[1, 1, 1, 0, 2])
    act(state, "0: war jpn")
    return state


def auction() -> MegaCorpsState:
    state = new(3, hands=[["kleptocrats"], [], []], countries={"rus": -1}, governments={"rus": "kleptocracy"})
    act(state, "0: play kleptocrats", "0: target rus")
    return state


def veto() -> MegaCorpsState:
    state = new(3, countries={"eu": 0}, companies={"aer.jpn": 1})
    act(state, "0: pass", "1: buy aer.eu")
    return state


def payout_window() -> MegaCorpsState:
    state = new(3, companies={"aer.jpn": 0}, hands=[[], ["oversupply"], []])
    act(state, "0: payout aer")
    return state


def composing() -> MegaCorpsState:
    state = new(3)
    act(state, "0: offer 1", "0: give 5")
    return state


def election_target() -> MegaCorpsState:
    state = new(3, hands=[["elections"], [], []])
    act(state, "0: play elections")
    return state


def to_the_turn(state: MegaCorpsState, waiting: int) -> list[Event]:
    """Play the neutral answers (dropping an in-turn offer, the first choice else) until the TURN
    step, ``waiting`` offers accepted until then; the events of the action that reached it."""
    while True:
        seat = state.to_act()[0]
        choices = state.legal_actions_for(seat)
        move = state.neutral_action(seat) or next((a for a in choices if a.kind == "drop"), choices[0])
        assert [o.accepted for o in state.offers] == [True] * waiting  # not carried out before
        events = state.apply(move, seat)
        if phase(state) == "turn":
            return events


@pytest.mark.parametrize(
    ("position", "step"),
    [
        (lambda: start(make(3), 2), "draft"),
        (war, "donate"),
        (auction, "bid"),
        (veto, "veto"),
        (payout_window, "respond"),
        (composing, "compose"),
        (election_target, "target"),
    ],
)
def test_accepted_while_something_is_decided_it_waits_for_the_next_turn_step(
    position: Callable[[], MegaCorpsState], step: str
) -> None:
    state = position()
    assert phase(state) == step
    propose(state, 2, 1, ["1"], [])
    money = list(state.money)
    twin = state.clone()  # the same game, the offer declined
    answer(twin, 1, 1, accept=False)
    events = answer(state, 1, 1)
    assert [(e.kind, dict(e.data), e.visible_to) for e in events] == [
        ("offer-accepted", {"id": 1, "seat": 1, "from": 2}, None)
    ]
    assert state.money == money and state.open_offers(None)[0]["status"] == "accepted"
    refused(state, "withdraw 1", 2, "was accepted")
    refused(state, "decline 1", 1, "you accepted offer 1")
    refused(state, "accept 1", 1, "you accepted offer 1")
    events = to_the_turn(state, 1)
    assert kinds(events, "swap") == [{"id": 1, "from": 2, "to": 1, "give": ["1"], "ask": []}]
    assert [e.kind for e in events][-1] == "swap"  # after everything the action did
    to_the_turn(twin, 0)
    expected = list(twin.money)
    expected[1] += 1
    expected[2] -= 1
    assert not state.offers and state.money == expected


def test_a_waiting_offer_is_void_when_no_longer_possible_and_the_oldest_goes_first() -> None:
    state = veto()
    propose(state, 1, 2, ["40"], [])  # possible now: the purchase is not paid yet
    propose(state, 1, 2, ["aer.jpn"], [])
    propose(state, 1, 0, ["aer.jpn"], ["1"])
    for number, receiver in ((1, 2), (2, 2), (3, 0)):
        answer(state, receiver, number)
    money = list(state.money)
    events = act(state, "0: allow")  # seat 1 pays 4 for the company: 36 left
    assert phase(state) == "turn" and not state.offers
    closed = kinds(events, "offer-closed")
    assert closed == [
        {"id": 1, "from": 1, "to": 2, "status": "void", "reason": "seat 1 has 36 in money, less than 40"},
        {
            "id": 3,
            "from": 1,
            "to": 0,
            "status": "void",
            "reason": "seat 1 no longer owns the company aer.jpn",
        },
    ]
    assert [e["id"] for e in kinds(events, "swap")] == [2] and owner(state, "aer.jpn") == 2
    assert state.money == [money[0], money[1] - 4, money[2]]


def test_accepting_an_offer_not_possible_now_is_refused_and_it_stays_open() -> None:
    state = base()
    propose(state, 1, 2, ["aer.jpn"], ["5"])
    propose(state, 1, 0, ["aer.jpn"], [])
    answer(state, 0, 2)
    refused(state, "accept 1", 2, "offer 1 is not possible now: seat 1 no longer owns the company aer.jpn")
    assert [(o["id"], o["status"]) for o in state.open_offers(2)] == [(1, "open")]
    propose(state, 0, 1, ["aer.jpn"], [])
    answer(state, 1, 3)
    answer(state, 2, 1)
    assert owner(state, "aer.jpn") == 2 and state.money[1] == 45


def test_leaving_voids_every_offer_the_seat_made_or_received() -> None:
    state = new(4, countries={"eu": 0}, companies={"aer.jpn": 1})
    act(state, "0: pass", "1: buy aer.eu")
    assert phase(state) == "veto"
    propose(state, 3, 1, ["5"], [])
    answer(state, 1, 1)  # waits
    propose(state, 1, 3, ["5"], [])
    propose(state, 1, 2, ["5"], [])
    events = act(state, "3: leave")
    assert [(e["id"], e["status"], e["reason"]) for e in kinds(events, "offer-closed")] == [
        (1, "void", "seat 3 left the game"),
        (2, "void", "seat 3 left the game"),
    ]
    assert [o["id"] for o in state.open_offers(None)] == [3]
    money = state.money[1]
    act(state, "0: allow")
    assert state.money[1] == money - 4 and [o["id"] for o in state.open_offers(None)] == [3]


def test_the_end_voids_every_open_offer() -> None:
    state = new(3, deck=["coup"], hands=[[], ["kleptocrats"], []])
    propose(state, 1, 2, ["kleptocrats"], [])
    propose(state, 2, 0, ["5"], [])
    events = act(state, "0: pass", "1: pass", "2: pass")
    assert state.is_terminal() and not state.offers and state.open_offers(1) == []
    closed = kinds(events, "offer-closed")
    assert [(e["id"], e["status"], e["reason"]) for e in closed] == [
        (1, "void", "the game is over"),
        (2, "void", "the game is over"),
    ]
    assert [e.kind for e in events][-1] == "game-over"
    refused(state, "withdraw 2", 2, "the game is over")


# -- what each seat sees ---------------------------------------------------------------------------
def test_the_events_of_an_offer_and_who_sees_them() -> None:
    state = base()
    made = propose(state, 1, 2, ["aer.jpn", "kleptocrats", "jpn"], ["5"])
    assert [(e.kind, e.visible_to) for e in made] == [("proposal", None), ("proposal-cards", (1, 2))]
    common = {"id": 1, "seat": 1, "to": 2, "ask": ["5"]}
    assert dict(made[0].data) == {**common, "give": ["aer.jpn", "jpn", "card"]}  # the cards last
    assert dict(made[1].data) == {**common, "give": ["aer.jpn", "jpn", "kleptocrats"]}
    done = answer(state, 2, 1)
    assert [(e.kind, e.visible_to) for e in done] == [("swap", None), ("swap-cards", (1, 2))]
    common = {"id": 1, "from": 1, "to": 2, "ask": ["5"]}
    assert dict(done[0].data) == {**common, "give": ["aer.jpn", "jpn", "card"]}
    assert dict(done[1].data) == {**common, "give": ["aer.jpn", "jpn", "kleptocrats"]}
    for seat in (0, None):
        assert not any("kleptocrats" in json.dumps(e.to_json()) for e in made + done if e.visible(seat))
    plain = propose(state, 1, 2, ["merc"], [])
    assert [e.kind for e in plain] == ["proposal"]
    assert [e.kind for e in answer(state, 2, 2)] == ["swap"]


def test_open_offers_show_their_cards_only_to_their_two_players() -> None:
    state = base()
    propose(state, 1, 2, ["5", "kleptocrats"], ["fin.eu"])
    mine = {"id": 1, "from": 1, "to": 2, "give": ["5", "kleptocrats"], "ask": ["fin.eu"], "status": "open"}
    assert state.open_offers(1) == state.open_offers(2) == [mine]
    assert state.open_offers(0) == state.open_offers(None) == [{**mine, "give": ["5", "card"]}]
    for seat in (0, None):
        assert "kleptocrats" not in json.dumps(state.view(seat))


def test_the_receiver_learns_the_promised_cards_and_keeps_knowing_them() -> None:
    state = base()
    assert state.view(2)["known"] == []
    propose(state, 1, 2, ["kleptocrats"], ["5"])
    assert state.view(2)["known"] == [[1, "kleptocrats"]] and state.view(0)["known"] == []
    answer(state, 2, 1, accept=False)
    assert state.view(2)["known"] == [[1, "kleptocrats"]]
    propose(state, 1, 0, ["kleptocrats"], [])
    answer(state, 0, 2)
    assert state.view(2)["known"] == []  # the card moved: what he knew is out of date
    assert state.view(1)["known"] == [[0, "kleptocrats"]] and hand(state, 0) == ["coup", "kleptocrats"]


def test_the_trade_question_asks_exactly_that_trade() -> None:
    state = veto()  # something is being decided: the question sets it aside in its copy
    propose(state, 2, 1, ["10"], ["aer.jpn"])
    propose(state, 1, 2, ["5"], [])
    before = state.to_json()
    question = state.trade_question(1)
    assert state.to_json() == before
    assert question.to_act() == (1,) and [str(a) for a in question.legal_actions_for(1)] == [
        "accept",
        "decline",
    ]
    decision = question.view(1)["decision"]
    assert (decision["from"], decision["to"], decision["give"], decision["ask"]) == (
        2,
        1,
        ["10"],
        ["aer.jpn"],
    )
    assert [o["id"] for o in question.open_offers(None)] == [2]
    question.apply(question.game.parse_action("accept"), 1)
    assert question.money == [40, 50, 30] and owner(question, "aer.jpn") == 2
    answer(state, 1, 1)
    with pytest.raises(IllegalAction, match="accepted already"):
        state.trade_question(1)
    for number, words in ((3, "there is no offer 3"), (0, "there is no offer 0")):
        with pytest.raises(IllegalAction, match=words):
            state.trade_question(number)


def test_the_question_of_an_offer_with_cards_shows_them_to_the_receiver_only() -> None:
    state = base()
    propose(state, 1, 2, ["10", "kleptocrats", "aer.jpn"], ["fin.eu"])
    question = state.trade_question(1)
    assert sorted(question.view(2)["decision"]["give"]) == ["10", "aer.jpn", "kleptocrats"]
    assert question.view(2)["known"] == [[1, "kleptocrats"]]
    assert "kleptocrats" not in json.dumps(question.view(0))
    question.apply(question.game.parse_action("accept"), 2)
    answer(state, 2, 1)
    for key in ("money", "mercs", "owner", "country_owner", "hands"):
        assert getattr(question, key) == getattr(state, key), key


def test_no_offer_move_is_ever_a_choice_nor_taken_as_a_clients_action_text() -> None:
    state = base()
    propose(state, 1, 2, ["5"], [])
    propose(state, 2, 0, ["1"], [])
    texts = ["propose 2 5/-", "propose 1 -/5", "withdraw 1", "accept 1", "decline 2", "expire 2", "accept 2"]
    before = state.to_json()
    for seat in range(3):
        assert not [a for a in state.legal_actions_for(seat) if offers.is_move(a)]
        for text in texts:
            with pytest.raises(IllegalAction):
                offered(state, seat, text)
    assert state.to_json() == before
