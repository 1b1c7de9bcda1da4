"""Notation, refusals and saved states: an illegal action raises IllegalAction and changes nothing,
an unreadable text InvalidActionText, a corrupt saved state or record CorruptRecord."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.core.errors import CorruptRecord, IllegalAction, InvalidActionText, InvalidOptions
from tabletop.core.record import Record, entry
from tabletop.games.megacorps.actions import VERBS, Action
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, make, new, phase, start


def refused(state: MegaCorpsState, text: str, seat: int | None = None, words: str = "") -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words or None):
        state.apply(state.game.parse_action(text), seat)
    assert state.to_json() == before


def random_game(seed: int) -> Iterator[tuple[MegaCorpsState, int, list[Action]]]:
    """A game of four from ``seed`` played at random to its end: before each move, the state, the
    seat to move (one of those asked) and its legal actions, one of which is then played."""
    rng = random.Random(seed)
    state = start(make(4), seed)
    while not state.is_terminal():
        seat = rng.choice(state.to_act())
        choices = state.legal_actions_for(seat)
        yield state, seat, choices
        state.apply(rng.choice(choices), seat)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = new(3, companies={"aer.jpn": 1}, mercs=[0, 1, 1], money=[3, 40, 40], paid=0)
    refused(state, "buy aer.eu", words="costs 4")
    refused(state, "buy aer.jpn", words="costs 4")
    refused(state, "payout aer", words="Paid card")
    refused(state, "war jpn", words="mercenary")
    refused(state, "intervene aer.jpn", words="country you control")
    refused(state, "play oversupply", words="no such event card")
    refused(state, "bid 3", words="turn step")
    refused(state, "pass", seat=1, words="seat 0's turn")
    refused(state, "leave", seat=7, words="not in the game")
    state = new(3)
    act(state, "0: pass")
    refused(state, "payout aer", seat=0, words="seat 1's turn")
    refused(state, "accept")


def test_a_non_action_is_refused() -> None:
    state = new(3)
    before = state.to_json()
    with pytest.raises(TypeError):
        state.apply("pass", 0)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize(
    "text", ["", "jump", "buy", "buy 3", "bid x", "bid -1", "pass now", "sell a", "sell x 2"]
)
def test_unreadable_texts_are_refused(text: str) -> None:
    game = make(3)
    with pytest.raises(InvalidActionText):
        game.parse_action(text)


def test_the_game_over_refuses_everything() -> None:
    state = new(3, deck=["coup"])
    act(state, "0: pass", "1: pass", "2: pass")
    refused(state, "pass", words="over")
    refused(state, "leave", seat=0, words="over")


def test_every_legal_action_has_one_text_that_parses_back() -> None:
    seen = 0
    for state, _, choices in random_game(4):
        if seen >= 4000:
            break
        for action in choices:
            assert state.game.parse_action(str(action)) == action
            seen += 1


def test_legal_actions_are_shared_objects_and_texts_from_outside_make_none() -> None:
    """Legal-action lists hand out one object per action (interned, actions.VERBS), which parsing
    the text gives back; parsing a text no list has made gives an equal new action and stores
    nothing; ``legal_texts_for`` is the texts of ``legal_actions_for``, each call a new list."""
    checked = 0
    for state, seat, choices in random_game(5):
        if checked >= 2000:
            break
        texts = state.legal_texts_for(seat)
        assert texts == [a.text for a in choices] and texts is not state.legal_texts_for(seat)
        for action in choices:
            if action.kind != "sell":  # a war's sales are made afresh
                assert state.game.parse_action(action.text) is action
                assert state.legal_actions_for(seat)[choices.index(action)] is action
            checked += 1
    assert state.legal_texts_for(state.n + 1) == []
    stored = {kind: len(verb.coded) + len(verb.numbers) for kind, verb in VERBS.items()}
    game = state.game
    for text in ("buy zzz.qqq", "war atlantis", "give zzz", "bid 987654", "vote 99"):
        assert game.parse_action(text) == game.parse_action(text) and str(game.parse_action(text)) == text
    assert {kind: len(verb.coded) + len(verb.numbers) for kind, verb in VERBS.items()} == stored


def test_a_fixed_set_up_is_checked() -> None:
    game = make(3)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"colour": 1}, "unknown set-up key"),
        ({"companies": {"aer.mars": 0}}, "no company"),
        ({"companies": {"aer.jpn": "lost"}}, "a seat or one of"),
        ({"countries": {"swi": 0}}, "not a country that can be owned"),
        ({"governments": {"jpn": "monarchy"}}, "is not possible"),
        ({"money": [1, 2]}, "money needs 3"),
        ({"mercs": [1, -2, 0]}, "mercs needs 3"),
        ({"hands": [["kleptocrats"]] * 3}, "no kleptocrats card is left"),
        ({"deck": ["nothing"]}, "not an event card"),
        ({"paid": 3}, "paid"),
    ]
    for setup, words in cases:
        with pytest.raises(InvalidOptions, match=words):
            game.new_state(0, setup)
    with pytest.raises(TypeError, match=r"seed|int"):
        game.new_state("1")  # type: ignore[arg-type]


# -- saved states ---------------------------------------------------------------------------------------
def saved() -> tuple[Any, dict[str, Any]]:
    state = new(
        4, hands=[["kleptocrats"], [], [], []], countries={"rus": 1}, governments={"rus": "kleptocracy"}
    )
    act(state, "0: play kleptocrats", "0: target rus", "2: bid 5")
    return state.game, state.to_json()


def test_a_saved_state_reads_back_equal_mid_auction() -> None:
    game, data = saved()
    state = game.state_from_json(data)
    assert state.to_json() == data and phase(state) == "bid" and state.to_act() == (0, 1, 3)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="chess"), "not a megacorps-state"),
        (lambda d: d.update(players=5), "for 5 players"),
        (lambda d: d.pop("money"), "money"),
        (lambda d: d.update(money=[1, 2, 3]), "money needs 4"),
        (lambda d: d.update(mercs=[1, -1, 1, 1]), "negative mercenary"),
        (lambda d: d["hands"][1].append(d["hands"][0][0]), "exactly one place"),
        (lambda d: d["deck"].pop(), "exactly one place"),
        (lambda d: d["owner"].__setitem__(0, 9), "owner is out of range"),
        (lambda d: d["country_owner"].__setitem__(0, -7), "owner is out of range"),
        (lambda d: d.update(owner=d["owner"][:-1]), "board does not match"),
        (lambda d: d.update(government=[9] * len(d["government"])), "governments out of range"),
        (lambda d: d.update(corps=[0, 0, 1, 2]), "corporations"),
        (lambda d: d.update(phase=99), "phase"),
        (lambda d: d.update(active=4), "seat is out of range"),
        (lambda d: d.update(pending=[]), "sealed choices"),
        (lambda d: d.update(clones="yes"), "true or false"),
        (lambda d: d.update(round="3"), "round"),
        (lambda d: d.update(known=[0, 1]), "known card"),
    ],
)
def test_a_corrupt_saved_state_is_refused(change: Any, words: str) -> None:
    game, data = saved()
    broken = copy.deepcopy(data)
    change(broken)
    with pytest.raises(CorruptRecord, match=words):
        game.state_from_json(broken)


def test_a_record_writes_out_of_order_bids_with_their_seat_and_replays() -> None:
    setup: dict[str, Any] = {
        "corporations": ["mokia", "globbo", "nonintendo"],
        "active": 0,
        "drawn": [],
        "hands": [["kleptocrats"], [], []],
        "deck": ["coup", "scandal"],
        "companies": {},
        "countries": {"rus": 2, "eu": -1, "mer": -1, "jpn": -1},
    }
    game = make(3)
    state = start(game, 5, setup)
    record = Record("megacorps", {"players": 3}, 5, setup)
    for seat, text in [(0, "play kleptocrats"), (0, "target rus"), (2, "bid 7"), (0, "bid 3"), (1, "bid 1")]:
        action = game.parse_action(text)
        record.actions.append(entry(state, action, seat))
        state.apply(action, seat)
    assert record.actions[2:] == ["@2 bid 7", "bid 3", "bid 1"]
    replayed = Record.from_json(record.to_json()).replay()
    assert replayed.to_json() == state.to_json()
    record.actions[2] = "@2 bid 99"
    with pytest.raises(CorruptRecord, match="action 2"):
        record.replay()
