"""Offers made at any time (R-MC33) across whole games, records and saved states: random games in
which seats make random offers, possible or not, and random answers, withdrawals and expiries at
random moments, every invariant checked at every step (cards conserved, every promised card in its
maker's hand and in one offer, the JSON reading back, refused moves changing nothing, no offer move
among the choices); what a seat observes (its view, the open offers, its choices, the answers to its
moves about offers) the same in every world ``sample_world`` draws for it; records with offers, old
records with ``swap`` entries, and states saved with offers."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import CorruptRecord, IllegalAction
from tabletop.core.record import Record, entry
from tabletop.games.megacorps import offers, trade
from tabletop.games.megacorps.actions import Action
from tabletop.games.megacorps.phases import ANSWER, COMPOSE, TURN
from tabletop.games.megacorps.state import MegaCorpsState

from ...conformance.hooks import MEGACORPS
from .helpers import hand, make, new, owner, phase, start
from .test_offers import SETUP, answer, base, propose, random_offer, veto


# -- random moves about offers ---------------------------------------------------------------------
def codes(state: MegaCorpsState) -> list[str]:
    """Every trade item code of the game, and some amounts."""
    board = state.game.board
    return [*board.code_of_company, *board.country_index, *board.event_index, "merc", "1", "5", "40", "99"]


def random_move(state: MegaCorpsState, rng: random.Random) -> tuple[int, Action] | None:
    """A random move about offers by a random seat: a possible offer, any offer (mostly impossible:
    anything asked or given, to anyone, by anyone, often its own cards), or an answer, withdrawal or
    expiry of an open offer (mostly by the right seat) or of any number."""
    roll, n = rng.random(), state.n
    if roll < 0.4:
        found = random_offer(state, rng)
        if found is None:
            return None
        offerer, receiver, give, ask = found
        return offerer, state.offer_action(receiver, give, ask)
    if roll < 0.55:  # often the seat on turn, giving its own cards (promised, in its in-turn offer)
        seat = state.turn if rng.random() < 0.3 else rng.randrange(n + 1)
        items = codes(state)
        held = [state.game.board.card_code(c) for c in state.hands[seat]] if seat < n else []
        give = rng.sample(held, min(len(held), rng.randint(1, 2)))
        if not give or rng.random() < 0.5:
            give += rng.sample(items, rng.randint(0, 2))
        ask = rng.sample(items, rng.randint(0, 2)) if rng.random() < 0.5 else []
        try:
            return seat, state.offer_action(rng.randrange(n + 1), give, ask)
        except IllegalAction:  # cannot be written (nothing at all, too long)
            return None
    shown = state.open_offers(None)
    number = rng.choice(shown)["id"] if shown and rng.random() < 0.8 else rng.randrange(state.next_offer + 2)
    kind = rng.choice(("accept", "accept", "decline", "withdraw", "expire"))
    offer = next((o for o in shown if o["id"] == number), None)
    seat = rng.randrange(n)
    if offer is not None and rng.random() < 0.75:
        seat = offer["from"] if kind == "withdraw" else offer["to"]
    if kind == "withdraw":
        return seat, state.withdraw_action(number)
    if kind == "expire":
        return seat, state.expire_action(number)
    return seat, state.answer_action(number, kind == "accept")


def step(state: MegaCorpsState, rng: random.Random, record: Record, seen: Counter[str]) -> None:
    """One step of a random game: a random move about offers (30%), a seat leaving (rarely), or a
    random choice of a seat asked.  A refused move must be a move about offers and change nothing."""
    move = random_move(state, rng) if rng.random() < 0.3 else None
    if move is None and rng.random() < 0.002:
        move = rng.choice(state.in_game()), state.game.parse_action("leave")
    if move is None:
        seat = rng.choice(state.to_act())
        choices = state.legal_actions_for(seat)
        cards = [a for a in choices if a.kind == "give" and a.arg in state.game.board.event_index]
        move = seat, rng.choice(cards if cards and rng.random() < 0.5 else choices)  # cards, seldom else
    seat, action = move
    before = state.to_json()
    written = entry(state, action, seat)
    try:
        events = state.apply(action, seat)
    except IllegalAction:
        assert offers.is_move(action), f"{seat}: {action} refused"
        assert state.to_json() == before, f"{seat}: {action} refused but changed the state"
        seen["refused"] += 1
        return
    record.actions.append(written)
    seen.update(e.kind for e in events)


def promises_hold(state: MegaCorpsState, where: str) -> None:
    """Every card promised is in its maker's hand, in one offer, not in an in-turn offer, never
    asked for."""
    promised = trade.promised(state)
    drafted = [i - trade.CARD for i in state.draft_give if trade.CARD <= i < trade.MERC]
    assert len(promised) == len(set(promised)), f"{where}: a card promised twice"
    assert not set(promised) & set(drafted), f"{where}: a card promised is in an in-turn offer"
    for o in state.offers:
        cards = [i - trade.CARD for i in o.give if trade.CARD <= i < trade.MERC]
        assert all(c in state.hands[o.frm] for c in cards), f"{where}: offer {o.number}'s card is gone"
        assert not [i for i in o.ask if trade.CARD <= i < trade.MERC], where


def invariants(state: MegaCorpsState, where: str) -> None:
    assert min(state.money) >= 0 and min(state.mercs) >= 0, where
    saved = state.to_json()
    assert state.game.state_from_json(saved).to_json() == saved, f"{where}: JSON"
    assert MEGACORPS.quick_conserved is not None and MEGACORPS.quick_conserved(state), where
    placed = sorted(c for _, cards in MEGACORPS.card_places(state) for c in cards)
    assert placed == sorted(MEGACORPS.all_cards), f"{where}: a card lost or doubled"
    promises_hold(state, where)
    numbers = [o.number for o in state.offers]
    assert numbers == sorted(set(numbers)) and all(0 < k < state.next_offer for k in numbers), where
    for o in state.offers:
        assert o.frm != o.to and not state.left[o.frm] and not state.left[o.to], where
        assert not (o.accepted and state.phase == TURN), f"{where}: offer {o.number} not carried out"
    assert not (state.is_terminal() and state.offers), f"{where}: offers open at the end"
    assert [o["id"] for o in state.open_offers(None)] == numbers, where
    for seat in range(state.n):
        assert not [a for a in state.legal_actions_for(seat) if offers.is_move(a)], where


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_random_games_with_random_offers_keep_every_invariant(players: int, seed: int, driver: int) -> None:
    state = start(make(players), seed)
    rng = random.Random(driver)
    record = Record("megacorps", {"players": players}, seed)
    seen: Counter[str] = Counter()
    while not state.is_terminal():
        step(state, rng, record, seen)
        invariants(state, f"step {len(record.actions)} ({record.actions[-1:]})")
    assert Record.from_json(json.loads(record.dumps())).replay().to_json() == state.to_json()


# -- what a seat cannot tell -----------------------------------------------------------------------
def probes(state: MegaCorpsState, seat: int, rng: random.Random) -> list[Action]:
    """Moves about offers ``seat`` might send: offering each event card it holds (promised or not)
    and three others, and a random offer; each answer, withdrawal and expiry of the open offers it
    is party to, of three others, and of two numbers that are no open offer."""
    board = state.game.board
    events = sorted(board.event_index)
    held = sorted({board.card_code(c) for c in state.hands[seat]})
    to = rng.choice([s for s in range(state.n) if s != seat])
    found = [state.offer_action(to, [code], []) for code in held + rng.sample(events, 3)]
    found.append(state.offer_action(to, [events[0], rng.choice(events), "5"], ["merc"]))
    found.append(state.offer_action(to, ["1"], [rng.choice(events)]))  # never: nothing told of its hand
    mine = [o.number for o in state.offers if seat in (o.frm, o.to)]
    others = [o.number for o in state.offers if seat not in (o.frm, o.to)]
    numbers = mine + rng.sample(others, min(3, len(others))) + [0, state.next_offer]
    for k in numbers:
        found += [state.answer_action(k, True), state.answer_action(k, False)]
        found += [state.withdraw_action(k), state.expire_action(k)]
    return found


def outcome(state: MegaCorpsState, seat: int, action: Action) -> Any:
    """What ``seat`` observes when it makes ``action``: the refusal, or the events it sees and its
    view and open offers afterwards."""
    copy = state.clone()
    try:
        events = copy.apply(action, seat)
    except IllegalAction as err:
        return f"refused: {err}"
    seen = [e.to_json() for e in events if e.visible(seat)]
    return seen, copy.view(seat), copy.open_offers(seat)


def observed(state: MegaCorpsState, seat: int, moves: list[Action]) -> Any:
    return (
        state.view(seat),
        state.open_offers(seat),
        [str(a) for a in state.legal_actions_for(seat)],
        [outcome(state, seat, action) for action in moves],
    )


def test_a_seat_cannot_tell_from_the_offers_which_world_it_is_in() -> None:
    hidden = 0  # positions where a seat did not see the cards of an open offer
    for players, seed in ((3, 11), (4, 12), (5, 13), (6, 14)):
        state = start(make(players), seed)
        rng = random.Random(seed)
        record, seen = Record("megacorps", {"players": players}, seed), Counter[str]()
        while not state.is_terminal():
            step(state, rng, record, seen)
            every = 1 if state.phase == ANSWER else 3 if state.phase == COMPOSE else 11
            if not state.offers or len(record.actions) % every:
                continue
            for seat in state.in_game():
                moves = probes(state, seat, rng)
                truth = observed(state, seat, moves)
                theirs = [o for o in state.offers if seat not in (o.frm, o.to)]
                hidden += any(trade.CARD <= i < trade.MERC for o in theirs for i in o.give)
                for _ in range(2):
                    world = state.sample_world(seat, rng)
                    assert MEGACORPS.sample_problems is not None
                    assert not MEGACORPS.sample_problems(world, state, seat)
                    where = f"seat {seat}'s world, {record.actions[-1]}"
                    assert observed(world, seat, moves) == truth, where
                    for _ in range(4):  # a world is a game the search plays on
                        if not world.is_terminal():
                            step(world, rng, Record("megacorps", {}, 0), Counter())
                        promises_hold(world, where)
    assert hidden >= 10


# -- records ---------------------------------------------------------------------------------------
def vetoed() -> tuple[MegaCorpsState, Record]:
    """Seat 0 to veto seat 1's purchase of the EU's Aerospace company (base's set-up but the EU is
    seat 0's and the company unowned), and an empty record of the game."""
    setup = copy.deepcopy(SETUP)
    setup["companies"] = {"aer.jpn": 1, "fin.eu": 2}
    setup["countries"]["eu"] = 0
    state = start(make(3), 5, copy.deepcopy(setup))
    record = Record("megacorps", {"players": 3}, 5, setup)
    for text in ("pass", "buy aer.eu"):
        record.actions.append(text)
        state.apply_text(text)
    assert phase(state) == "veto" and state.to_act() == (0,)
    return state, record


def test_a_record_with_offers_writes_each_seat_and_replays_to_the_same_state() -> None:
    state, record = vetoed()
    moves: list[tuple[int, str]] = [
        (2, "propose 1 10/aer.jpn"),
        (1, "accept 1"),  # waits: the veto is being decided
        (0, "propose 2 5/-"),  # seat 0 is the seat asked: no @
        (2, "decline 2"),
        (1, "propose 0 -/1"),
        (1, "withdraw 3"),
        (0, "propose 1 1/-"),
        (1, "expire 4"),
        (1, "propose 2 kleptocrats+merc/5"),
        (0, "allow"),  # offer 1 carried out
        (2, "accept 5"),
    ]
    for seat, text in moves:
        action = state.game.parse_action(text)
        record.actions.append(entry(state, action, seat))
        state.apply(action, seat)
    assert record.actions[2:5] == ["@2 propose 1 10/aer.jpn", "@1 accept 1", "propose 2 5/-"]
    assert owner(state, "aer.jpn") == 2 and hand(state, 2) == ["kleptocrats"] and state.next_offer == 6
    replayed = Record.from_json(json.loads(record.dumps())).replay()
    assert replayed.to_json() == state.to_json()
    propose(state, 2, 0, ["kleptocrats"], [])  # a record that stops with an offer open
    record.actions.append("@2 propose 0 kleptocrats/-")
    assert Record.from_json(json.loads(record.dumps())).replay().to_json() == state.to_json()


def test_the_state_json_keeps_the_offers_and_a_state_saved_before_them_has_none() -> None:
    state = veto()
    propose(state, 2, 1, ["5"], [])
    answer(state, 1, 1)  # waits: the veto is being decided
    propose(state, 1, 2, ["merc"], [])
    game, saved = state.game, state.to_json()
    assert saved["offers"] == [[1, 2, 1, [400_005], [], True], [2, 1, 2, [300_000], [], False]]
    assert saved["next_offer"] == 3
    again = game.state_from_json(json.loads(json.dumps(saved)))
    assert again.to_json() == saved and again.open_offers(None) == state.open_offers(None)
    for position in (state, again):
        position.apply_text("allow")  # the waiting offer is carried out in both
    assert again.to_json() == state.to_json() and again.money[1] == 41
    older = {key: value for key, value in saved.items() if key not in ("offers", "next_offer")}
    assert game.state_from_json(older).offers == [] and game.state_from_json(older).next_offer == 1


CORRUPT: list[tuple[Any, str]] = [
    ("x", "'offers' must be a list"),
    ([[1, 0, 1, [], []]], "an offer is"),
    ([[1, 0, 1, [], [], "no"]], "an offer is"),
    ([[1, 0, "1", [], [], False]], "offers"),
    ([[1, 0, 1, [400_005], ["x"], False]], "offers"),
    ([[9, 0, 1, [400_005], [], False]], "offer 9 is numbered twice or beyond"),
    ([[1, 0, 1, [400_005], [], False], [1, 1, 0, [400_005], [], False]], "offer 1 is numbered twice"),
    ([[1, 1, 1, [400_005], [], False]], "offer 1 is between seats that cannot trade"),
    ([[1, 0, 7, [400_005], [], False]], "offer 1 is between seats that cannot trade"),
    ([[1, 0, 1, ["seat 1's card"], [], False]], "gives an event card its maker does not hold"),
]


@pytest.mark.parametrize(("offers_field", "words"), CORRUPT)
def test_a_corrupt_offers_field_is_refused_naming_it(offers_field: Any, words: str) -> None:
    state = new(3, hands=[["kleptocrats"], ["elections"], []])
    saved = state.to_json()
    theirs = str(200_000 + state.hands[1][0])
    offers_field = json.loads(json.dumps(offers_field).replace('"seat 1\'s card"', theirs))
    saved["offers"], saved["next_offer"] = offers_field, 3
    with pytest.raises(CorruptRecord, match=words):
        state.game.state_from_json(saved)


def test_a_card_promised_twice_or_asked_for_in_a_saved_state_is_refused() -> None:
    state = new(3, hands=[["kleptocrats"], [], []])
    card = 200_000 + state.hands[0][0]
    saved = state.to_json()
    saved["next_offer"] = 3
    saved["offers"] = [[1, 0, 1, [card], [], False], [2, 0, 2, [card], [], False]]
    with pytest.raises(CorruptRecord, match="promised in two offers"):
        state.game.state_from_json(saved)
    saved["offers"] = [[1, 1, 0, [], [card], False]]
    with pytest.raises(CorruptRecord, match="or asks for one"):
        state.game.state_from_json(saved)


LEGACY = ["@2 swap 1 merc+kleptocrats/5", "pass", "@0 swap 2 fin.eu+kleptocrats/20", "swap 0 5/-", "pass"]
UPGRADED = [
    "@1 propose 2 merc+kleptocrats/5",
    "@2 accept 1",
    "pass",
    "@2 propose 0 fin.eu+kleptocrats/20",
    "@0 accept 2",
    "@0 propose 1 5/-",  # the legacy entry had no @: its receiver was the seat asked, seat 1
    "@1 accept 3",
    "pass",
]


def test_an_old_record_with_legacy_swaps_is_upgraded_and_replays_as_offers_accepted() -> None:
    old = Record("megacorps", {"players": 3}, 5, SETUP, LEGACY).to_json()
    record = Record.from_json(json.loads(json.dumps(old)))
    assert record.actions == UPGRADED
    state = base()
    for offerer, receiver, give, ask in (
        (1, 2, ["merc", "kleptocrats"], ["5"]),
        (2, 0, ["fin.eu", "kleptocrats"], ["20"]),
    ):
        propose(state, offerer, receiver, give, ask)
        answer(state, receiver, state.next_offer - 1)
        if offerer == 1:
            state.apply_text("pass")
    propose(state, 0, 1, ["5"], [])
    answer(state, 1, 3)
    state.apply_text("pass")
    assert record.replay().to_json() == state.to_json()
    assert hand(state, 0) == ["coup", "kleptocrats"] and state.money == [15, 50, 55]
    assert Record.from_json(json.loads(record.dumps())).actions == UPGRADED  # upgraded once


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        (["swap x 5/-"], "is not a trade this version can read"),
        (["@1 swap 0 5/5"], "is not a trade"),
        (["@1 swap 0 99/-"], "does not replay"),
        (["@1 swap 1 5/-"], "does not replay"),
        (["pass", "@9 swap 0 5/-"], "does not replay"),
    ],
)
def test_a_legacy_swap_that_cannot_be_read_or_replayed_is_a_corrupt_record(
    actions: list[str], words: str
) -> None:
    old = Record("megacorps", {"players": 3}, 5, SETUP, actions).to_json()
    with pytest.raises(CorruptRecord, match=words):
        Record.from_json(old)
