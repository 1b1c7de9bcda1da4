"""Actions and events in words: every game's, from views and visible events only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop.core.registry import names
from tabletop.words import Card, Line, Number, content, labels, line, wording
from tabletop.words import generic as generic_words
from tabletop.words.megalomania import describe_action as megalomania_action
from tabletop.words.megalomania import describe_event as megalomania_event

# a shorter clan game (the pre-game's target) keeps the test quick
OPTIONS: dict[str, dict[str, Any]] = {"clan": {"pregame": 30}}
# events that are worth no line of the log, by game
SILENT: dict[str, set[str]] = {"megalomania": {"exchange", "table"}, "summon7": set(), "clan": set()}
NAMES = ["Ana", "Bob", "Cy", "Di"]


@pytest.mark.parametrize("game", sorted(names()))
def test_every_action_and_visible_event_of_random_games_has_words(game: str) -> None:
    assert wording(game) is not generic_words, f"{game} has no words of its own"
    words = wording(game)
    kinds: set[str] = set()
    for seed in range(4):
        state = tabletop.make(game, players=3, **OPTIONS.get(game, {})).new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_seat
            view = state.view(seat)
            said = labels(game, view, NAMES)
            assert list(said) == list(view["legal"])
            for text, phrase in said.items():
                assert phrase and (phrase != text or text in ("hit", "hold")), (text, phrase)
            for event in state.apply(rng.choice(state.legal_actions())):
                for me in (*range(3), None):
                    if not event.visible(me):
                        continue
                    said_line = words.describe_event(event.kind, event.data, me, NAMES)
                    if said_line is None:
                        assert event.kind in SILENT[game], event.kind
                        continue
                    kinds.add(event.kind)
                    text = said_line.plain()
                    assert text.strip() and "{" not in text, (event.kind, text)
                    json.dumps(said_line.to_json())
    assert len(kinds) >= 5


def test_names_and_you_take_the_place_of_seat_numbers() -> None:
    data = {"winner": 1, "cards": ["Ku", "Fb"], "seat": 1}
    assert megalomania_event("trick", data, 1, NAMES).plain() == "You take the trick Ku Fb."
    assert megalomania_event("trick", data, 0, NAMES).plain() == "Bob takes the trick Ku Fb."
    assert megalomania_event("trick", data, 0, None).plain() == "Seat 1 takes the trick Ku Fb."
    assert megalomania_event("resources", {"seat": 2, "choice": "cubes"}, None, NAMES).plain() == (
        "Cy takes 10 cubes."
    )


def test_an_action_names_the_seat_it_concerns() -> None:
    view = {"seat": 0, "phase": "play", "trick": {"plays": []}, "legal": ["lead=2", "lead=0"]}
    assert megalomania_action("lead=2", view, NAMES) == "Use the Farmer's power: Cy leads the next turn"
    assert megalomania_action("lead=0", view, NAMES) == "Use the Farmer's power: you lead the next turn"
    assert labels("megalomania", view) == {
        "lead=2": "Use the Farmer's power: Seat 2 leads the next turn",
        "lead=0": "Use the Farmer's power: you lead the next turn",
    }


def test_a_line_keeps_its_cards_apart_from_its_words() -> None:
    said = line("You play ", Card("Ku", "named"), " by its power", tone="strong")
    assert said == Line(("You play ", Card("Ku", "named"), " by its power"), "strong")
    assert said.plain({"Ku": "the blue Knight (9)"}) == "You play the blue Knight (9) by its power"
    assert said.to_json() == {
        "parts": ["You play ", {"card": "Ku", "form": "named"}, " by its power"],
        "tone": "strong",
    }
    joined = line("a", "b", [Number(7), "c"], "", "d")
    assert joined.parts == ("ab", Number(7), "cd") and joined.plain() == "ab7cd"


def test_a_game_without_words_of_its_own_gets_its_events_as_data() -> None:
    assert wording("no-such-game") is generic_words
    said = generic_words.describe_event("bid", {"seat": 1, "amount": 3, "step": 9}, 0)
    assert said is not None and said.plain() == 'bid: {"amount": 3, "seat": 1}'
    assert generic_words.describe_action("bid=3", {}) == "bid=3"


def test_the_clan_games_printed_texts_are_sent_once_and_name_every_card() -> None:
    from tabletop.games.summon7.clan.actions import DATA

    printed = content("clan")
    assert set(printed["powers"]) == {p.id for p in DATA.powers}
    assert set(printed["characters"]) == {c.id for c in DATA.characters}
    assert all(c["diet"] in printed["humans"] for c in printed["characters"].values())
    assert printed["powers"]["ward"]["name"] == "Ward" and printed["powers"]["ward"]["cost"] >= 0
    assert content("megalomania") == {} and content("no-such-game") == {}
    json.dumps(printed)


def test_a_hungry_seat_busts_when_either_of_its_two_cards_would() -> None:
    from tabletop.words.summon7 import bust_chance

    deck = [0] * 13
    deck[3], deck[5] = 2, 8  # ten cards: two 3s (busting a seat that holds a 3), eight 5s
    view = {"deck_values": deck, "discard": [0] * 13, "seats": [{"cards": [3]}]}
    assert bust_chance(view, 0) == 2 / 10
    assert bust_chance(view, 0, hungry=True) == 1 - (8 * 7) / (10 * 9)
    view["deck_values"] = [0] * 13
    assert bust_chance(view, 0) == 1.0  # no card left anywhere


def test_chances_are_rounded_half_up_as_the_browser_rounds_them() -> None:
    from tabletop.words.summon7 import percent

    assert [percent(p) for p in (0.125, 0.135, 0.0, 0.004, 1.0)] == ["13%", "14%", "0%", "<1%", "100%"]
